"""The installable app: its web manifest (``/manifest.webmanifest``), its icons (``/icons/``,
``/favicon.ico``) and its service worker (``/sw.js``), which keeps the board's files and the
pages of every language so that they open offline (``web/sw.js``; docs/board.md, "Offline").

The service worker names its cache after the release: a hash of everything it keeps (the
built files, the board's page, the pages' texts, the catalogs), so that a new release's
worker fetches the new files and drops the old cache at once.

>>> import tempfile
>>> from fastapi.testclient import TestClient
>>> from solitaire.server.app import create_app
>>> from solitaire.server.settings import Settings
>>> client = TestClient(create_app(Settings(data_dir=tempfile.mkdtemp(), database_url="")))
>>> client.get("/manifest.webmanifest").json()["display"]
'standalone'
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

from ...pages import PAGES
from ..language import PlayerTextsDep
from ..services import Services, ServicesDep

router = APIRouter(tags=["app"])

#: The icons a browser may ask for, and their media types.
ICONS = {
    "icon.svg": "image/svg+xml",
    "maskable.svg": "image/svg+xml",
    "icon-192.png": "image/png",
    "icon-512.png": "image/png",
    "maskable-512.png": "image/png",
    "apple-touch-icon.png": "image/png",
    "favicon-32.png": "image/png",
}
#: The theme (the toolbar's green) and the splash screen's background (the felt's).
THEME_COLOUR = "#0d3b27"
BACKGROUND_COLOUR = "#0b5233"
#: The files whose change makes a new release for the service worker.
KEPT_SUFFIXES = (".html", ".js", ".css", ".json", ".po", ".svg", ".png")
#: Icons change with a release only, rarely: a day in the browser's cache.
ICON_CACHE = "public, max-age=86400"


def manifest(services: Services, lang: str) -> dict[str, Any]:
    """The web app manifest, its words in ``lang``."""
    name = services.catalogs.text(lang, "ui.title")
    return {
        "id": "/",
        "name": name,
        "short_name": name,
        "description": services.catalogs.text(lang, "ui.app_description"),
        "lang": lang,
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games"],
        "icons": [
            {"src": "/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": "/icons/maskable-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": "/icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }


def kept_offline(services: Services) -> list[str]:
    """Every address the service worker keeps: the board, its files, the pages of every
    language, the manifest and the icons."""
    assets = services.assets
    addresses = [
        "/",
        *(assets.url(entry) for entry in ("main.js", "board.css", "site.js", "site.css")),
    ]
    for lang in services.site().languages():
        addresses += [f"/{lang}/", *(f"/{lang}/{page}" for page in PAGES)]
    addresses += ["/manifest.webmanifest", *(f"/icons/{name}" for name in ICONS)]
    return addresses


@cache
def _release(web_dir: Path, pages_dir: Path, locales_dir: Path, built: str) -> str:
    """A hash of what the service worker keeps, as the files are when the app starts."""
    digest = hashlib.sha256(built.encode())
    for folder in (web_dir, pages_dir, locales_dir):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in KEPT_SUFFIXES:
                digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def release(services: Services) -> str:
    settings = services.settings
    assets = services.assets
    built = ",".join(sorted(assets.files)) or "sources"
    return _release(settings.web_dir, settings.pages_dir, settings.locales_dir, built)


@router.get("/manifest.webmanifest", include_in_schema=False)
def web_manifest(
    services: ServicesDep,
    texts: PlayerTextsDep,
) -> JSONResponse:
    lang = texts.language()
    return JSONResponse(
        manifest(services, lang),
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/icons/{name}", include_in_schema=False)
def icon(name: str, services: ServicesDep) -> Response:
    path = services.settings.web_dir / "icons" / name
    if name not in ICONS or not path.is_file():
        return Response(status_code=404)
    return FileResponse(path, media_type=ICONS[name], headers={"Cache-Control": ICON_CACHE})


@router.get("/favicon.ico", include_in_schema=False)
def favicon(services: ServicesDep) -> Response:
    return icon("favicon-32.png", services)


@router.get("/sw.js", include_in_schema=False)
def service_worker(services: ServicesDep) -> Response:
    """The service worker, told its release and what to keep; browsers look for a new one at
    every visit (``no-cache``)."""
    script = services.settings.web_dir / "sw.js"
    if not script.is_file():
        return Response(status_code=404)
    given = {"release": release(services), "keep": kept_offline(services)}
    body = f"self.SOLITAIRE = {json.dumps(given)};\n" + script.read_text(encoding="utf-8")
    return Response(
        body,
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )
