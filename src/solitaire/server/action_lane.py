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
not read as JSON or that does not validate) goes on to FastAPI unchanged, so its error answers
stay FastAPI's. The route stays declared in FastAPI as well, for the OpenAPI schema.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import TypeAdapter, ValidationError
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .middleware import JsonProblem, parse_json, takes_json
from .routes.games import act
from .schemas import Action

ACTION_PATH = re.compile(r"/api/games/([^/]+)/actions")
"""The path the route declares (``/api/games/{game_id}/actions``)."""

ACTION = TypeAdapter[Any](Action)


class ActionLane:
    """Serves the actions route straight from its function; hands everything else on.

    It sits inside :class:`~.middleware.BodyLimitMiddleware`, which has read the whole body
    (capped, and checked to be JSON) and hands it on in one message: the lane takes that
    message, and a request it does not serve goes on to FastAPI with the same message
    again, exactly as it came.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = None
        if scope["type"] == "http" and scope["method"] == "POST":
            path = ACTION_PATH.fullmatch(scope["path"])
        if path is None or not takes_json(scope):
            await self.app(scope, receive, send)
            return
        message = await receive()
        try:
            if message["type"] != "http.request" or message.get("more_body", False):
                raise JsonProblem("not one whole body")
            action = ACTION.validate_python(parse_json(message.get("body", b"")))
        except (JsonProblem, ValidationError):
            # FastAPI answers it, in the API's error shape.
            await self.app(scope, _again(message, receive), send)
            return
        request = Request(scope, receive)
        try:
            response = await act(path.group(1), request, action)
        except Exception as error:
            handler = _handler(scope, error)
            if handler is None:
                raise
            response = await handler(request, error)
        await response(scope, receive, send)


def _again(first: Message, receive: Receive) -> Receive:
    """``receive`` with ``first``, already taken from it, put back in front."""
    pending = [first]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay


def _handler(scope: Scope, error: Exception) -> Any:
    """The app's exception handler for ``error`` (the nearest of its classes), as
    Starlette's exception middleware finds it."""
    handlers = scope["app"].exception_handlers
    for kind in type(error).__mro__:
        if kind in handlers:
            return handlers[kind]
    return None
