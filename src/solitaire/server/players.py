"""The anonymous player (RC-1): an id in an HttpOnly cookie, ``solitaire_player``.

Every request has a player id: the cookie's when it holds a well-formed one, else a fresh id
sent back in a new cookie. Having an id writes nothing: the player's row is created by the
first request that stores something for them (a game, a setting, a statistics reset), so
reading pages and answers without a cookie leaves the database as it was.

>>> len(new_player_id()), bool(PLAYER_ID_RE.fullmatch(new_player_id()))
(22, True)
>>> cookie_player_id({"type": "http", "headers": [(b"cookie", b"solitaire_player=" + b"A" * 22)]})
'AAAAAAAAAAAAAAAAAAAAAA'
>>> cookie_player_id({"type": "http", "headers": [(b"cookie", b"solitaire_player=short")]}) is None
True
"""

from __future__ import annotations

import re
import secrets
from http.cookies import SimpleCookie

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PLAYER_COOKIE = "solitaire_player"
#: ``secrets.token_urlsafe(16)``: 22 characters of the URL-safe base64 alphabet (128 bits).
PLAYER_ID_RE = re.compile(r"[A-Za-z0-9_-]{22}")


def new_player_id() -> str:
    """A fresh anonymous player id (128 random bits)."""
    return secrets.token_urlsafe(16)


def header(scope: Scope, name: bytes) -> str | None:
    """The first value of a request header (``name`` in lower case), or None."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


#: A Cookie header of plain ``name=value`` pairs (what browsers send), read without
#: SimpleCookie, which costs more than the rest of the middleware on every request.
_PLAIN_COOKIES = re.compile(r"[\w.-]+=[\w.-]*(?:; ?[\w.-]+=[\w.-]*)*", re.ASCII)


def cookie_player_id(scope: Scope) -> str | None:
    """The well-formed player id of the request's cookie, or None."""
    for key, value in scope.get("headers", ()):
        if key != b"cookie":
            continue
        text = bytes(value).decode("latin-1")
        if _PLAIN_COOKIES.fullmatch(text):
            found = None
            for pair in text.split(";"):
                name, _, given = pair.strip().partition("=")
                if name == PLAYER_COOKIE:
                    found = given  # the last one, as SimpleCookie reads it
            if found is not None:
                return found if PLAYER_ID_RE.fullmatch(found) else None
            continue
        cookie: SimpleCookie = SimpleCookie()
        try:
            cookie.load(bytes(value).decode("latin-1"))
        except Exception:  # a malformed Cookie header is as good as none
            continue
        if PLAYER_COOKIE in cookie:
            player_id = cookie[PLAYER_COOKIE].value
            return player_id if PLAYER_ID_RE.fullmatch(player_id) else None
    return None


def player_cookie(player_id: str, *, secure: bool, max_age_days: int) -> str:
    """The ``Set-Cookie`` value that makes a browser the player ``player_id``: the one the
    middleware below sends a new player, and a transfer link the browser that opens it.

    >>> player_cookie("A" * 22, secure=False, max_age_days=400)
    'solitaire_player=AAAAAAAAAAAAAAAAAAAAAA; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax'
    """
    parts = [
        f"{PLAYER_COOKIE}={player_id}",
        "Path=/",
        f"Max-Age={max_age_days * 24 * 3600}",
        "HttpOnly",
        "SameSite=Lax",
    ]
    if secure:
        parts.append("Secure")
    return "; ".join(parts)


def _sets_player_cookie(headers: list[tuple[bytes, bytes]]) -> bool:
    prefix = f"{PLAYER_COOKIE}=".encode()
    return any(
        name.lower() == b"set-cookie" and value.startswith(prefix) for name, value in headers
    )


class PlayerCookieMiddleware:
    """Puts the player id in ``scope["state"]["player_id"]``; a request without a valid
    cookie gets a new id, sent back as an HttpOnly, SameSite=Lax cookie (Secure when the
    settings say the app is served over HTTPS); unless the answer sets the player's cookie
    itself."""

    def __init__(self, app: ASGIApp, *, secure: bool, max_age_days: int) -> None:
        self.app = app
        self.secure = secure
        self.max_age_days = max_age_days

    def _set_cookie_header(self, player_id: str) -> bytes:
        cookie = player_cookie(player_id, secure=self.secure, max_age_days=self.max_age_days)
        return cookie.encode("latin-1")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        player_id = cookie_player_id(scope)
        if player_id is not None:
            scope.setdefault("state", {})["player_id"] = player_id
            await self.app(scope, receive, send)
            return
        new_id = new_player_id()
        scope.setdefault("state", {})["player_id"] = new_id

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                # An answer that names the player itself (a transfer link) keeps its cookie.
                if not _sets_player_cookie(headers):
                    headers.append((b"set-cookie", self._set_cookie_header(new_id)))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)
