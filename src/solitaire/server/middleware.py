"""Small ASGI middlewares: a cap on request bodies (and the check that a JSON one is JSON),
HEAD, and the headers every answer carries (the player cookie's is in
:mod:`solitaire.server.players`; the rate limits are their routes' dependencies,
:mod:`solitaire.server.limits`).

Written against plain ASGI (not Starlette's BaseHTTPMiddleware) so they add next to nothing
to each request and see every response, error answers included. (FastAPI's own
``max_body_size`` answers 413 in plain text, outside the API's error shape.)
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .language import scope_texts
from .limits import TooManyRequests


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


def too_large_message(scope: Scope, max_bytes: int) -> str:
    """The 413 message for a request (an ASGI scope, read before the app runs), in the
    player's language."""
    texts = scope_texts(scope)
    return texts.text("error.too_large", limit=texts.number(max_bytes))


def bad_json_message(scope: Scope) -> str:
    """The 400 message of a body that is not JSON, in the player's language."""
    return scope_texts(scope).text("error.request.json")


def takes_json(scope: Scope) -> bool:
    """Whether the app will read the request's body as JSON (FastAPI does when the type is
    JSON or not given)."""
    if scope["method"] not in ("POST", "PUT", "PATCH"):
        return False
    for key, value in scope.get("headers", ()):
        if key == b"content-type":
            kind = bytes(value).split(b";")[0].strip().lower()
            return kind.endswith((b"/json", b"+json"))
    return True


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


class JsonProblem(ValueError):
    """What makes a request body malformed JSON, in a few words."""


def read_json(body: bytes) -> Any:
    r"""A request body read as JSON (RFC 8259: UTF-8, no NaN or Infinity); JsonProblem says
    what is wrong with one that is not. Python's own parser, which the app then runs, would
    take NaN, and fail in ways FastAPI does not call bad JSON (a number of 5 000 digits,
    nesting deeper than Python recurses, bytes that are not UTF-8).

    >>> read_json(b'{"a": [1, "\\u00ff"]}')
    {'a': [1, 'ÿ']}
    """
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise JsonProblem(f"not UTF-8 at byte {error.start}") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise JsonProblem("nested too deeply") from None
    except ValueError as error:
        raise JsonProblem(str(error).splitlines()[0][:200]) from None


#: Brackets and braces in a body below which its nesting is surely shallower than Python's
#: parser (which the app then runs) can follow.
_SHALLOW = 64
#: 19 digits in a row: perhaps a whole number past 64 bits, which orjson reads as a float.
_LONG_NUMBER = re.compile(rb"[0-9]{19}")


def parse_json(body: bytes) -> Any:
    """:func:`read_json`, sooner: orjson (RFC 8259, no NaN) takes nearly every body in a
    tenth of the time, and what it takes Python's parser reads the same, as long as it is
    not nested deeply and holds no whole number past 64 bits (which orjson makes a float);
    the rest (those, a byte order mark, a lone surrogate, a number past a float's range, or
    no JSON at all) is judged by :func:`read_json`.

    >>> parse_json(b'{"version": 3, "type": "stock"}')
    {'version': 3, 'type': 'stock'}
    >>> parse_json(b'[18446744073709551616]')  # past orjson's integers, still JSON
    [18446744073709551616]
    """
    if body.count(b"[") + body.count(b"{") < _SHALLOW and _LONG_NUMBER.search(body) is None:
        try:
            return orjson.loads(body)
        except orjson.JSONDecodeError:
            pass
    return read_json(body)


def json_problem(body: bytes) -> str | None:
    r"""What makes a request body malformed JSON (:func:`read_json`), or None when it is JSON.

    >>> json_problem(b'{"a": 1}') is None, json_problem(b'{"a": NaN}')
    (True, 'NaN is not a JSON value')
    >>> json_problem(b'{"a": "\\u00ff"}') is None, json_problem(b'{"a": "\xff"}')
    (True, 'not UTF-8 at byte 7')
    >>> json_problem(b"[" * 100_000)
    'nested too deeply'
    """
    try:
        read_json(body)
    except JsonProblem as problem:
        return str(problem)
    return None


class BodyLimitMiddleware:
    """Answers 413 (in the API's error shape) to a body over ``max_bytes``, judged by its
    Content-Length or, when it comes in chunks, by counting; and 400 ``error.request.json``
    to a body the app would read as JSON that is not (:func:`json_problem`)."""

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
        body = b"".join(chunks)
        if not pending and body and takes_json(scope):
            try:
                parse_json(body)
            except JsonProblem as problem:
                said = await run_in_threadpool(bad_json_message, scope)
                detail = [{"loc": ["body"], "msg": str(problem), "type": "json_invalid"}]
                await send_json(
                    send, 400, {"error": "bad_request", "message": said, "detail": detail}
                )
                return
        first: list[Message] = pending or [
            {"type": "http.request", "body": body, "more_body": False}
        ]

        async def replay_receive() -> Any:
            if first:
                return first.pop()
            return await receive()

        await self.app(scope, replay_receive, send)


CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        # The engine's WebAssembly (Pyodide, in the board's Web Worker: rules UI-21).
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        # The board's icon is an empty data: URL; charts and diagrams are inline SVG.
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""Only the app's own scripts and styles (no inline script, no inline style attribute; the
board sets styles through the CSSOM, which a policy does not block; its data blocks are
``<script type="application/json">``, which are not run), and no framing by any site."""

PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=()"
)
"""Browser features the app never uses, refused to it and to anything it could embed."""

HSTS = b"max-age=31536000"
"""A year of HTTPS only, once the app is served over HTTPS (not for subdomains, which may
not be the app's)."""


class ResponseHeadersMiddleware:
    """Headers every answer carries: the browser defences (a Content-Security-Policy with
    ``frame-ancestors 'none'`` and X-Frame-Options for older browsers, Referrer-Policy,
    Permissions-Policy, a cross-origin opener and resource policy; Strict-Transport-
    Security when the cookie is Secure, that is when the app is served over HTTPS); API
    answers are never stored by a browser or a proxy (they hold one player's game, chosen
    by a cookie a shared cache would not see), and no answer is sniffed for another
    content type than it says. A header an answer already has is left as it is."""

    def __init__(self, app: ASGIApp, *, hsts: bool = False) -> None:
        self.app = app
        self.headers: list[tuple[bytes, bytes]] = [
            (b"x-content-type-options", b"nosniff"),
            (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer"),
            (b"permissions-policy", PERMISSIONS_POLICY.encode()),
            (b"cross-origin-opener-policy", b"same-origin"),
            (b"cross-origin-resource-policy", b"same-origin"),
        ]
        if hsts:
            self.headers.append((b"strict-transport-security", HSTS))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.headers
        if str(scope.get("path", "")).startswith("/api/"):
            extra = [*extra, (b"cache-control", b"no-store")]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend(header for header in extra if header[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class HeadMiddleware:
    """HEAD answers as GET does, without the body; the headers, Content-Length included, stay
    those of the GET.

    A route that takes HEAD itself gets it as it came and reads ``request.method`` (the
    transfer link, which a link preview's HEAD must not use up). Any other
    route answers a HEAD 405: that answer is dropped unsent and the request goes again as a
    GET, so every page and API read takes HEAD without declaring it (and the API's schema
    lists no HEAD operations). HEADs are rare (link previews, monitors), so the second pass
    costs nothing that counts.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        refused = False

        async def send_unless_refused(message: Message) -> None:
            nonlocal refused
            if message["type"] == "http.response.start" and message["status"] == 405:
                refused = True
            if not refused:
                await send_without_body(message)

        await self.app(scope, receive, send_unless_refused)
        if not refused:
            return
        # The first pass may have read the (empty) request body: the GET gets it afresh.
        body_given = False

        async def receive_again() -> Message:
            nonlocal body_given
            if body_given:
                return await receive()
            body_given = True
            return {"type": "http.request", "body": b"", "more_body": False}

        await self.app({**scope, "method": "GET"}, receive_again, send_without_body)
