"""``/offline/…``: the files that let the board play without the network (rules UI-21):
Pyodide's runtime, the engine's modules zipped and their Web Worker, as
``scripts/build-offline.mjs`` writes them into ``web/build/offline/`` with ``files.json``,
the list a browser fetches and keeps (docs/board.md, "Offline").

Each file is sent as it was compressed at build time (brotli or gzip, whichever the browser
takes; the server compresses nothing), and kept by browsers for a year: its name changes
with its content (the runtime's folder with Pyodide's version). ``files.json`` is asked
again at every visit, so that a new release replaces the files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Header
from fastapi.responses import FileResponse, JSONResponse, Response

from ..assets import IMMUTABLE
from ..services import ServicesDep

router = APIRouter(include_in_schema=False)

#: The media type of each kind of file (``application/wasm`` lets a browser compile the
#: WebAssembly while it downloads).
MEDIA_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".json": "application/json",
}


def offline_dir(web_dir: Path) -> Path:
    return web_dir / "build" / "offline"


def listing(web_dir: Path) -> dict[str, object] | None:
    """The build's ``files.json``, or None without a build."""
    path = offline_dir(web_dir) / "files.json"
    if not path.is_file():
        return None
    found: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return found


@router.get("/offline/files.json")
def offline_files(services: ServicesDep) -> Response:
    """What the board downloads to play offline; 404 when the app was built without it."""
    found = listing(services.settings.web_dir)
    if found is None:
        return Response(status_code=404, headers={"Cache-Control": "no-store"})
    return JSONResponse(found, headers={"Cache-Control": "no-cache"})


@router.get("/offline/{path:path}")
def offline_file(
    path: str,
    services: ServicesDep,
    accept_encoding: Annotated[str | None, Header(max_length=1000)] = None,
) -> Response:
    """One of the files ``files.json`` lists, compressed as the browser takes it."""
    found = listing(services.settings.web_dir)
    address = f"/offline/{path}"
    files = found.get("files") if found is not None else None
    if not isinstance(files, list) or address not in files:
        return Response(status_code=404)
    file = offline_dir(services.settings.web_dir) / path
    media_type = MEDIA_TYPES.get(file.suffix, "application/octet-stream")
    headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
    taken = accept_encoding or ""
    for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
        packed = file.with_name(file.name + suffix)
        if encoding in taken and packed.is_file():
            headers["Content-Encoding"] = encoding
            return FileResponse(packed, media_type=media_type, headers=headers)
    return FileResponse(file, media_type=media_type, headers=headers)
