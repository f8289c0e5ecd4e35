"""The busiest request, ``POST /api/games/{id}/actions``, taken past FastAPI's routing.

A player's every move is one of these, and FastAPI's routing, dependency solving and
exception middlewares cost more than the action itself. This middleware, the innermost of
the app's own, serves that one path by calling the route's function
(:func:`.routes.games.act`) itself, with the body validated by the route's own model; the
exceptions it raises are answered by the app's exception handlers, as FastAPI would. So
everything around it (the player cookie, the body cap, the limits, gzip and the answer's
headers) is the same for it as for every other request, and nothing about an action is
decided here.

A request it does not serve as surely as the route would (another path or method, a body
that is not JSON or does not validate) goes on to FastAPI unchanged, so its error answers
stay FastAPI's. The route stays declared in FastAPI as well, for the OpenAPI schema.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import TypeAdapter, ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .middleware import JSON_BODY
from .routes.games import act
from .schemas import Action

ACTION_PATH = re.compile(r"/api/games/([^/]+)/actions")
"""The path the route declares (``/api/games/{game_id}/actions``)."""

ACTION = TypeAdapter[Any](Action)


def _json_body(scope: Scope) -> bool:
    """Whether the route would read the body as JSON: a JSON type or none given."""
    for key, value in scope["headers"]:
        if key == b"content-type":
            kind = bytes(value).split(b";")[0].strip().lower()
            return kind == b"application/json" or kind.endswith(b"+json")
    return True


class ActionLane:
    """Serves the actions route straight from its function; hands everything else on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        path = ACTION_PATH.fullmatch(scope["path"])
        if path is None or not _json_body(scope):
            await self.app(scope, receive, send)
            return
        messages: list[Message] = []
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request" or not message.get("more_body", False):
                break
        if messages[-1]["type"] != "http.request":
            await self.app(scope, _replay(messages, receive), send)
            return
        try:
            if JSON_BODY in scope:  # the body cap's JSON check parsed it already
                value = scope[JSON_BODY]
            else:
                value = json.loads(b"".join(message.get("body", b"") for message in messages))
            action = ACTION.validate_python(value)
        except (ValueError, ValidationError):
            # FastAPI answers it, in the API's error shape.
            await self.app(scope, _replay(messages, receive), send)
            return
        request = Request(scope, _replay(messages, receive))
        try:
            response = await act(path.group(1), request, action)
        except Exception as error:
            handler = _handler(scope, error)
            if handler is None:
                raise
            response = await handler(request, error)
        await response(scope, receive, send)


def _handler(scope: Scope, error: Exception) -> Any:
    """The app's exception handler for ``error`` (the nearest of its classes), as
    Starlette's exception middleware finds it."""
    handlers = scope["app"].exception_handlers
    for kind in type(error).__mro__:
        if kind in handlers:
            return handlers[kind]
    return None


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that gives the messages already read again, then the rest."""
    pending = list(reversed(messages))

    async def replay() -> Message:
        if pending:
            return pending.pop()
        return await receive()

    return replay
