"""Records on another browser (rules RC-2): ``POST /api/player/transfer`` makes a link that,
opened in another browser (``GET /transfer/<secret>``), makes that browser the same player;
``DELETE /api/player/transfer`` cancels it, ``GET /api/player/transfer`` says until when the
player's link works.

The secret is 256 random bits (``secrets.token_urlsafe(32)``), shown once: the database
keeps its SHA-256 only, so a copy of the database opens nobody's records. A link works once
(using it deletes it in the statement that reads it), for 24 hours; a new link replaces the
player's last one. Asking for links is limited per client (``transfer_links_per_hour``).

>>> import tempfile
>>> from fastapi.testclient import TestClient
>>> from solitaire.server.app import create_app
>>> from solitaire.server.settings import Settings
>>> settings = Settings(data_dir=tempfile.mkdtemp(), database_url="")
>>> app = create_app(settings)
>>> phone, laptop = TestClient(app), TestClient(app)
>>> game = phone.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AAAAAAG"}).json()
>>> link = phone.post("/api/player/transfer").json()["url"]
>>> opened = laptop.get(link, follow_redirects=False)
>>> opened.status_code, opened.headers["location"]
(303, '/')
>>> laptop.get("/api/games/current").json()["id"] == game["id"]
True
>>> laptop.get(link).status_code  # once only
410
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import secrets
from collections.abc import Callable
from typing import Annotated

import segno
from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from ..answers import TransferAnswer, TransferPending, error_answers
from ..language import PlayerTexts, PlayerTextsDep, page_language
from ..limits import AdmitNewPlayer, NewPlayerGuard, TransferLinkGuard
from ..players import player_cookie
from ..services import PlayerDep, Services, ServicesDep

router = APIRouter(tags=["player"])

TRANSFER_PATH = "/api/player/transfer"
LIFETIME = dt.timedelta(hours=24)
"""How long a link works (rules RC-2)."""
SECRET_BYTES = 32
"""256 bits: RC-2 asks for at least 128."""
SECRET_RE = re.compile(r"[A-Za-z0-9_-]{43}")
"""The shape of ``secrets.token_urlsafe(SECRET_BYTES)``; anything else is not a link."""


def get_clock(services: ServicesDep) -> Callable[[], dt.datetime]:
    """The clock links are made and judged by: the store's (``GameStore.clock``), which
    stamps the games too (tests put their own in its place, with
    ``app.dependency_overrides`` or on the store, to move time without waiting)."""
    return services.store.clock


ClockDep = Annotated[Callable[[], dt.datetime], Depends(get_clock)]


def secret_hash(secret: str) -> str:
    """What the database keeps of a secret: its SHA-256, in hex.

    >>> secret_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def qr_svg(url: str, title: str) -> str:
    """The QR code of ``url`` as an inline SVG (``segno``): black on white whatever the
    board's theme (cameras read dark on light), the quiet zone included, sized by CSS.

    >>> svg = qr_svg("http://127.0.0.1:8000/transfer/x", "Scan me")
    >>> svg.startswith('<svg role="img" viewBox="0 0 ') and "<title>Scan me</title>" in svg
    True
    """
    code = segno.make(url, error="m", micro=False)
    svg: str = code.svg_inline(
        dark="#000", light="#fff", omitsize=True, title=title, svgclass="transfer-qr-code"
    )
    return svg.replace("<svg ", '<svg role="img" ', 1)


def _make_link(
    services: Services,
    player_id: str,
    texts: PlayerTexts,
    base_url: str,
    now: dt.datetime,
    admit_new_player: AdmitNewPlayer,
) -> JSONResponse:
    secret = secrets.token_urlsafe(SECRET_BYTES)
    expires_at = now + LIFETIME
    services.store.create_transfer(
        player_id, secret_hash(secret), now, expires_at, admit_new_player=admit_new_player
    )
    url = f"/transfer/{secret}"
    return JSONResponse(
        {
            "url": url,
            "expires_at": expires_at.isoformat(timespec="seconds"),
            "qr_svg": qr_svg(base_url.rstrip("/") + url, texts.text("ui.transfer.qr")),
        },
        status_code=201,
    )


@router.post(
    TRANSFER_PATH,
    status_code=201,
    response_model=TransferAnswer,
    responses=error_answers(429, 503),
    dependencies=[TransferLinkGuard],
)
async def make_transfer(
    request: Request,
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    admit_new_player: NewPlayerGuard,
    clock: ClockDep,
) -> JSONResponse:
    """A link that makes another browser this player (rules RC-2): ``url`` is
    ``/transfer/<secret>`` (open it in the other browser), ``expires_at`` when it stops
    working (24 hours from now), ``qr_svg`` the QR code of its full address. It works once;
    a new link replaces the last. Counts as a write: a new player is stored."""
    base_url = str(request.base_url)
    return await run_in_threadpool(
        _make_link, services, player_id, texts, base_url, clock(), admit_new_player
    )


@router.get(TRANSFER_PATH, response_model=TransferPending, responses=error_answers(503))
def read_transfer(services: ServicesDep, player_id: PlayerDep, clock: ClockDep) -> JSONResponse:
    """Whether the player has a link that still works, and until when: ``{"expires_at":
    …}``, ``null`` when they have none (an answer, not an error: Settings asks each time it
    opens, and most players have none). The link itself is not answered: the server does
    not keep its secret (a player who lost it cancels it, or makes a new one)."""
    expires_at = services.store.transfer_expiry(player_id)
    if expires_at is None or expires_at <= clock():
        return JSONResponse({"expires_at": None})
    return JSONResponse({"expires_at": expires_at.isoformat(timespec="seconds")})


@router.delete(TRANSFER_PATH, status_code=204, responses=error_answers(503))
def cancel_transfer(services: ServicesDep, player_id: PlayerDep) -> Response:
    """Cancel the player's link: from now on it opens nothing. 204 whether there was one
    or not (nothing to cancel is the state asked for)."""
    services.store.cancel_transfer(player_id)
    return Response(status_code=204)


def _refused(services: Services, texts: PlayerTexts, status: int) -> HTMLResponse:
    site = services.site()
    lang = page_language(site.languages(), texts.language())
    catalogs = services.catalogs
    page = site.notice(
        lang,
        catalogs.text(lang, "site.transfer_gone_title"),
        catalogs.text(lang, "site.transfer_gone_text"),
    )
    return HTMLResponse(page, status_code=status, headers={"Cache-Control": "no-store"})


@router.api_route("/transfer/{secret}", methods=["GET", "HEAD"], include_in_schema=False)
def open_transfer(
    secret: str, request: Request, services: ServicesDep, texts: PlayerTextsDep, clock: ClockDep
) -> Response:
    """Make this browser the player of the link and show their board (303 to ``/``); a
    link used, cancelled, expired or never made answers a page that says so (410; 404 for an
    address that is not a link's) and changes nothing. A HEAD (a chat app previewing the
    link) answers 200 and leaves the link as it was: only opening it uses it up."""
    if not SECRET_RE.fullmatch(secret):
        return _refused(services, texts, 404)
    if request.method == "HEAD":
        return Response(headers={"Cache-Control": "no-store"})
    player_id = services.store.use_transfer(secret_hash(secret), clock())
    if player_id is None:
        return _refused(services, texts, 410)
    settings = services.settings
    response = RedirectResponse("/", status_code=303)
    response.headers["Cache-Control"] = "no-store"
    response.headers.append(
        "Set-Cookie",
        player_cookie(
            player_id, secure=settings.cookie_secure, max_age_days=settings.cookie_max_age_days
        ),
    )
    return response
