"""Small ASGI middlewares: the rate limit on game starts, a cap on request bodies and the
headers every answer carries (the player cookie's is in :mod:`solitaire.server.players`).

Written against plain ASGI (not Starlette's BaseHTTPMiddleware) so they add next to nothing
to each request and see every response, error answers included. (FastAPI's own
``max_body_size`` answers 413 in plain text, outside the API's error shape.)
"""

from __future__ import annotations

import json
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .language import scope_texts
from .limits import Limits, TooManyRequests, client_key, current_client


async def send_json(
    send: Send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    """A whole JSON answer, for a middleware that answers before the app runs."""
    data = json.dumps(body, ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


def too_many_body(scope: Scope, refusal: TooManyRequests) -> dict[str, Any]:
    """The 429 answer's body. Its language is the browser's: a refusal meant to spare the
    server reads nothing from the database."""
    texts = scope_texts(scope, read_saved=False)
    message = texts.text("error.too_many_requests", seconds=texts.number(refusal.retry_after))
    return {"error": "too_many_requests", "message": message, "retry_after": refusal.retry_after}


def retry_after_header(seconds: int) -> tuple[bytes, bytes]:
    return (b"retry-after", str(seconds).encode())


class RateLimitMiddleware:
    """Notes each request's client for the limits (the store checks the limit on new players
    when a write creates one), and answers 429 to a game start over the client's limit
    before the app reads its body."""

    def __init__(self, app: ASGIApp, *, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = client_key(scope)
        if scope["method"] == "POST" and scope["path"].rstrip("/") == "/api/games":
            wait = self.limits.game_starts.take(client)
            if wait > 0:
                refusal = TooManyRequests("game starts", wait)
                headers = [retry_after_header(refusal.retry_after)]
                await send_json(send, 429, too_many_body(scope, refusal), headers)
                return
        token = current_client.set(client)
        try:
            await self.app(scope, receive, send)
        finally:
            current_client.reset(token)


def too_large_message(scope: Scope, max_bytes: int) -> str:
    """The 413 message for a request (an ASGI scope, read before the app runs), in the
    player's language."""
    texts = scope_texts(scope)
    return texts.text("error.too_large", limit=texts.number(max_bytes))


class BodyLimitMiddleware:
    """Answers 413 (in the API's error shape) to a body over ``max_bytes``, judged by its
    Content-Length or, when it comes in chunks, by counting."""

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def _too_large(self, scope: Scope, send: Send) -> None:
        # The message is in the player's language, which may mean a database read: it is
        # looked up off the event loop.
        message = await run_in_threadpool(too_large_message, scope, self.max_bytes)
        await send_json(send, 413, {"error": "bad_request", "message": message, "detail": []})

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
