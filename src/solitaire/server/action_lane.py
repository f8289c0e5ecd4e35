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
from starlette.types import ASGIApp, Receive, Scope, Send

from .middleware import JSON_BODY
from .routes.games import act
from .schemas import Action

ACTION_PATH = re.compile(r"/api/games/([^/]+)/actions")
"""The path the route declares (``/api/games/{game_id}/actions``)."""

ACTION = TypeAdapter[Any](Action)


class ActionLane:
    """Serves the actions route straight from its function; hands everything else on.

    It sits inside :class:`~.middleware.BodyLimitMiddleware`, which has read the whole body
    and, for a body the route reads as JSON, left it parsed in the scope
    (:data:`~.middleware.JSON_BODY`): the lane reads nothing from the client itself, so a
    request it hands on reaches FastAPI exactly as it came.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = None
        if scope["type"] == "http" and scope["method"] == "POST" and JSON_BODY in scope:
            path = ACTION_PATH.fullmatch(scope["path"])
        if path is None:
            await self.app(scope, receive, send)
            return
        try:
            action = ACTION.validate_python(scope[JSON_BODY])
        except ValidationError:
            # FastAPI answers it, in the API's error shape.
            await self.app(scope, receive, send)
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


def _handler(scope: Scope, error: Exception) -> Any:
    """The app's exception handler for ``error`` (the nearest of its classes), as
    Starlette's exception middleware finds it."""
    handlers = scope["app"].exception_handlers
    for kind in type(error).__mro__:
        if kind in handlers:
            return handlers[kind]
    return None
