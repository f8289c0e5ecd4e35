"""The board's and the pages' scripts and styles, as the pages link to them.

``scripts/build-web.mjs`` (run by ``make setup``) bundles each entry with esbuild into
``web/build/`` under a name holding its content's hash, with a ``manifest.json``. Those
files are served from memory at ``/assets/<name>``, gzipped once at start, and browsers may
keep them for a year: a new release has new names. When there is no build, or its
manifest's source hash is not the sources' own (a source edited since), the pages link to
the source modules under ``/static/`` and ``/site/`` instead, which browsers revalidate at
every load: the same board, more requests, never stale code.

>>> from pathlib import Path
>>> assets = Assets(Path("/nowhere"))
>>> assets.url("main.js"), assets.url("site.css")
('/static/main.js', '/site/site.css')
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import mimetypes
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("solitaire.server")

#: Each entry → its source, relative to the web folder (as in scripts/build-web.mjs).
ENTRIES = {
    "main.js": "static/main.js",
    "board.css": "static/board.css",
    "site.js": "site/site.js",
    "site.css": "site/site.css",
}
#: How long a browser may keep a built file: its name changes with its content.
IMMUTABLE = "public, max-age=31536000, immutable"


@dataclass(frozen=True, slots=True)
class BuiltFile:
    """One bundle, in memory: its bytes, gzipped once, and its media type."""

    body: bytes
    gzipped: bytes
    media_type: str
    etag: str


def source_hash(web_dir: Path) -> str:
    """sha256 over every script and style under ``static/`` and ``site/``, path by path in
    sorted order, exactly as ``scripts/build-web.mjs`` writes it into the manifest."""
    digest = hashlib.sha256()
    paths = sorted(
        path.relative_to(web_dir).as_posix()
        for folder in ("static", "site")
        for path in (web_dir / folder).rglob("*")
        if path.suffix in (".js", ".css") and path.is_file()
    )
    for relative in paths:
        digest.update(relative.encode() + b"\0")
        digest.update((web_dir / relative).read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


class Assets:
    """Where the pages find their scripts and styles, and the built files themselves."""

    def __init__(self, web_dir: Path) -> None:
        self.web_dir = web_dir
        self.files: dict[str, BuiltFile] = {}
        self._urls: dict[str, str] = {}
        self._load_build(web_dir / "build")

    def _load_build(self, build: Path) -> None:
        manifest_path = build / "manifest.json"
        if not manifest_path.is_file():
            log.info("no web build (%s): serving the board's source modules", manifest_path)
            return
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        if manifest.get("source") != source_hash(self.web_dir):
            log.warning(
                "the web build in %s is older than its sources: serving the sources "
                "(make setup builds it again)",
                build,
            )
            return
        for entry, name in manifest["files"].items():
            body = (build / name).read_bytes()
            media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
            if media_type.startswith("text/"):
                media_type += "; charset=utf-8"
            etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            # mtime 0: the same bytes every start, so the gzip stays byte-identical.
            self.files[name] = BuiltFile(body, gzip.compress(body, 9, mtime=0), media_type, etag)
            self._urls[entry] = f"/assets/{name}"

    @property
    def built(self) -> bool:
        return bool(self._urls)

    def url(self, entry: str) -> str:
        """The address of an entry (``main.js``, ``board.css``, ``site.js``, ``site.css``)."""
        return self._urls.get(entry) or f"/{ENTRIES[entry]}"
