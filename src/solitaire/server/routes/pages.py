"""The pages: ``/`` and ``/play/{code}`` serve the board (``web/index.html``); the board
reads the code from the URL and starts the game through the API."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from ..services import ServicesDep

router = APIRouter(tags=["pages"])

BOARD_MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Solitaire</title></head>
<body><h1>Solitaire</h1>
<p>The server is running, but the board (<code>web/index.html</code>) is not there yet.</p>
<p>The API answers at <a href="/docs">/docs</a>.</p></body></html>
"""


def _board(services: ServicesDep) -> Response:
    index = services.settings.web_dir / "index.html"
    if not index.is_file():
        return HTMLResponse(BOARD_MISSING)
    # The page changes with each release and holds no game: let the browser revalidate.
    return FileResponse(index, media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/", include_in_schema=False)
def home(services: ServicesDep) -> Response:
    return _board(services)


@router.get("/play/{code}", include_in_schema=False)
def play(code: str, services: ServicesDep) -> Response:
    return _board(services)
