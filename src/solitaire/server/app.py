"""The web app: ``create_app(settings)`` builds it, migrating the database first.

>>> import tempfile
>>> from fastapi.testclient import TestClient
>>> app = create_app(Settings(data_dir=tempfile.mkdtemp(), database_url=""))
>>> client = TestClient(app)
>>> client.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AAAAAAG"}).status_code
201
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from ..catalogs import Catalogs
from ..store import GameStore, connect, upgrade_schema
from .action_lane import ActionLane
from .assets import Assets
from .errors import install_error_handlers
from .limits import Limits
from .live import LiveGames
from .middleware import (
    BodyLimitMiddleware,
    HeadMiddleware,
    ResponseHeadersMiddleware,
)
from .openapi import truthful_openapi
from .players import PlayerCookieMiddleware
from .routes import (
    board,
    challenges,
    docs,
    games,
    hints,
    messages,
    offline,
    player_settings,
    site,
    stats,
    sync,
    transfer,
    webapp,
)
from .services import Services
from .settings import Settings
from .solving import Solving


class BoardFiles(StaticFiles):
    """The board's source modules and styles; while their folder does not exist, every file
    is simply not found. Browsers revalidate them at every load (``no-cache``, answered 304
    while unchanged), so a new release never runs stale code; the built bundles under
    ``/assets/`` are what a browser keeps (:mod:`.assets`)."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=directory, check_dir=False)

    async def check_config(self) -> None:
        if self.directory is None or not Path(self.directory).is_dir():
            raise HTTPException(status_code=404)
        await super().check_config()

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # A HEAD is served as the GET (HeadMiddleware, outside, drops the body) so that the
        # gzip middleware sees the file and the headers, Content-Length included, are the
        # GET's; StaticFiles' own HEAD would give the uncompressed length.
        if scope["type"] == "http" and scope["method"] == "HEAD":
            scope = {**scope, "method": "GET"}
        await super().__call__(scope, receive, send)


def create_app(
    settings: Settings | None = None, *, limits_clock: Callable[[], float] = time.monotonic
) -> FastAPI:
    """The app for ``settings`` (by default read from the environment); ``limits_clock`` is
    the clock of its rate limits (tests move it instead of waiting)."""
    settings = settings if settings is not None else Settings()
    if settings.is_sqlite:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    engine = connect(
        settings.database_url,
        busy_timeout_ms=settings.sqlite_busy_timeout_ms,
        sqlite_synchronous=settings.sqlite_synchronous,
        timeout_seconds=settings.database_timeout_seconds,
    )
    upgrade_schema(engine)
    store = GameStore(
        engine,
        write_wait_seconds=settings.sqlite_busy_timeout_ms / 1000,
        timeout_seconds=settings.database_timeout_seconds,
    )
    limits = Limits(
        game_starts_per_minute=settings.game_starts_per_minute,
        new_players_per_minute=settings.new_players_per_minute,
        new_players_burst=settings.new_players_burst,
        transfer_links_per_hour=settings.transfer_links_per_hour,
        clock=limits_clock,
    )
    app = FastAPI(
        title="Solitaire",
        summary="Klondike, Simple Simon and Easy Harp: the rules and the games, served.",
        version="0.1.0",
        # /docs is the app's own page (routes/docs.py); FastAPI's load from a CDN.
        docs_url=None,
        redoc_url=None,
        # The app exports no OpenTelemetry: without this, FastAPI looks for the providers
        # on every request.
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
    )
    app.state.services = Services(
        settings=settings,
        store=store,
        games=LiveGames(store, settings.game_cache_size),
        catalogs=Catalogs(settings.locales_dir),
        assets=Assets(settings.web_dir),
        limits=limits,
        solving=Solving(light_seconds=settings.light_seconds),
    )
    app.openapi = truthful_openapi(app)  # type: ignore[method-assign]
    install_error_handlers(app)
    routers = (
        games,
        sync,
        hints,
        player_settings,
        messages,
        stats,
        challenges,
        transfer,
        docs,
        board,
        webapp,
        offline,
        site,
    )
    for module in routers:
        app.include_router(module.router)
    app.mount("/static", BoardFiles(directory=settings.web_dir / "static"), name="static")
    # The last added runs first: the body cap sees the request before the app reads it.
    # Innermost, the player's actions go straight to their route (action_lane.py).
    app.add_middleware(ActionLane)
    app.add_middleware(
        PlayerCookieMiddleware,
        secure=settings.cookie_secure,
        max_age_days=settings.cookie_max_age_days,
    )
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    # Text answers go gzipped to a browser that takes it (a game's state shrinks to about a
    # quarter); the built bundles come gzipped already and pass through.
    app.add_middleware(
        GZipMiddleware,
        minimum_size=1024,
        compresslevel=6,
        # The one kind the app serves already compressed, its PNG icons (Starlette's longer
        # default list is gone through again for every request).
        exclude_content_types=("image/png",),
    )
    app.add_middleware(HeadMiddleware)
    # Outermost, so that every answer gets its headers, the body cap's 413 included.
    app.add_middleware(ResponseHeadersMiddleware, hsts=settings.cookie_secure)
    return app
