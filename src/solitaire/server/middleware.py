"""Small ASGI middlewares: the anonymous player cookie, a cap on request bodies, and the
headers every answer carries.

Written against plain ASGI (not Starlette's BaseHTTPMiddleware) so they add next to nothing
to each request and see every response, error answers included. (FastAPI's own
``max_body_size`` answers 413 in plain text, outside the API's error shape.)
"""

from __future__ import annotations

import json
import re
import secrets
from http.cookies import SimpleCookie
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PLAYER_COOKIE = "solitaire_player"
#: ``secrets.token_urlsafe(16)``: 22 characters of the URL-safe base64 alphabet (128 bits).
PLAYER_ID_RE = re.compile(r"[A-Za-z0-9_-]{22}")


def new_player_id() -> str:
    """A fresh anonymous player id: ``len(new_player_id()) == 22``."""
    return secrets.token_urlsafe(16)


def _cookie_value(scope: Scope, name: str) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == b"cookie":
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(value.decode("latin-1"))
            except Exception:  # a malformed Cookie header is as good as none
                continue
            if name in cookie:
                return cookie[name].value
    return None


class PlayerCookieMiddleware:
    """Puts the player id in ``scope["state"]["player_id"]``; a request without a valid
    cookie gets a new id, sent back as an HttpOnly, SameSite=Lax cookie."""

    def __init__(self, app: ASGIApp, *, secure: bool, max_age_days: int) -> None:
        self.app = app
        self.secure = secure
        self.max_age = max_age_days * 24 * 3600

    def _set_cookie_header(self, player_id: str) -> bytes:
        parts = [
            f"{PLAYER_COOKIE}={player_id}",
            "Path=/",
            f"Max-Age={self.max_age}",
            "HttpOnly",
            "SameSite=Lax",
        ]
        if self.secure:
            parts.append("Secure")
        return "; ".join(parts).encode("latin-1")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        player_id = _cookie_value(scope, PLAYER_COOKIE)
        is_new = player_id is None or not PLAYER_ID_RE.fullmatch(player_id)
        if is_new:
            player_id = new_player_id()
        scope.setdefault("state", {})["player_id"] = player_id

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and is_new:
                headers = list(message.get("headers", []))
                headers.append((b"set-cookie", self._set_cookie_header(str(player_id))))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie if is_new else send)


class BodyLimitMiddleware:
    """Answers 413 (in the API's error shape) to a body over ``max_bytes``, judged by its
    Content-Length or, when it comes in chunks, by counting."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def _too_large(self, scope: Scope, send: Send) -> None:
        # errors.py imports this module; the message needs the player's language, which may
        # mean a database read, so it runs off the event loop.
        from starlette.concurrency import run_in_threadpool

        from .errors import too_large_message

        message = await run_in_threadpool(too_large_message, scope, self.max_bytes)
        body = json.dumps({"error": "bad_request", "message": message, "detail": []}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and value.isdigit() and int(value) > self.max_bytes:
                await self._too_large(scope, send)
                return
        # Read the whole body (small by now, or refused below), then hand it on.
        chunks: list[bytes] = []
        size = 0
        pending: list[Message] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                pending.append(message)  # the client went away: pass that on
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(scope, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        first: list[Message] = pending or [
            {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        ]

        async def replay_receive() -> Any:
            if first:
                return first.pop()
            return await receive()

        await self.app(scope, replay_receive, send)


class ResponseHeadersMiddleware:
    """Headers every answer carries: API answers are never stored by a browser or a proxy
    (they hold one player's game, chosen by a cookie a shared cache would not see), and no
    answer is sniffed for another content type than it says."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-content-type-options", b"nosniff"))
                if is_api:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
