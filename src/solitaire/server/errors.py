"""Errors as the API answers them: ``{"error": key, "message": text, …}``, never a 5xx for
bad input, and the message always from the catalog, in the player's language.

The language of an answer is the one the rest of the server speaks
(:mod:`solitaire.server.language`).

>>> error = ApiError(404, "not_found", "There is no such game.")
>>> error.body()
{'error': 'not_found', 'message': 'There is no such game.'}
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from ..store.database import failure_summary, is_unavailable
from .language import PlayerTexts, player_texts, scope_texts
from .limits import TooManyRequests
from .middleware import too_many_body

log = logging.getLogger("solitaire.server")


class ApiError(Exception):
    """An answer other than success: status, error key, message and any extra fields."""

    def __init__(
        self,
        status: int,
        error: str,
        message: str,
        *,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message
        self.headers = headers
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.error, "message": self.message, **self.extra}


def bad_request(message: str, detail: Any = None, status: int = 400) -> ApiError:
    """A request the server cannot act on as written (400 unless told)."""
    return ApiError(status, "bad_request", message, detail=detail if detail is not None else [])


# -- validation -------------------------------------------------------------------------------

# Pydantic's error types, grouped by what the player is told; any other is a bad value.
_MESSAGE_OF_TYPE = {
    "missing": "error.request.missing",
    "extra_forbidden": "error.request.extra",
    "literal_error": "error.request.choice",
    "enum": "error.request.choice",
    "union_tag_invalid": "error.request.choice",
    "union_tag_not_found": "error.request.missing",
}


MAX_DETAIL = 20
"""A 400's ``detail`` lists at most this many problems (a body with thousands of unknown
fields would otherwise get an answer ten times its size)."""
MAX_LOC_PARTS = 8
MAX_TEXT = 120
"""Characters kept of a location part or a message (a field name can be as long as the
body); every entry is then well under 1 KB, the whole detail a few KB."""


def _short(text: object) -> str:
    value = str(text)
    return value if len(value) <= MAX_TEXT else value[: MAX_TEXT - 1] + "…"


def _describe_validation(errors: list[Any], texts: PlayerTexts) -> tuple[str, list[dict[str, Any]]]:
    """A one-line message in the player's language and a detail list (location, Pydantic's
    own message, type) for developers, without echoing the input, and bounded: the first
    :data:`MAX_DETAIL` problems, each cut short."""
    detail: list[dict[str, Any]] = [
        {
            "loc": [_short(part) for part in list(error.get("loc", ()))[:MAX_LOC_PARTS]],
            "msg": _short(error.get("msg", "")),
            "type": _short(error.get("type", "")),
        }
        for error in errors[:MAX_DETAIL]
    ]
    if not detail:
        return texts.text("error.request.invalid"), detail
    first = detail[0]
    if first["type"] == "json_invalid":
        return texts.text("error.request.json"), detail
    where = ".".join(part for part in first["loc"] if part != "body")
    if first["type"] in ("union_tag_invalid", "union_tag_not_found"):
        # The field that tells the kinds apart ("type") is wrong or missing: name it.
        tag = str(errors[0].get("ctx", {}).get("discriminator", "type")).strip("'\"")
        where = ".".join(filter(None, [where, tag]))
    if not where:
        return texts.text("error.request.body"), detail
    key = _MESSAGE_OF_TYPE.get(first["type"], "error.request.value")
    return texts.text(key, field=where), detail


# -- the handlers -----------------------------------------------------------------------------


def _http_error_body(request: Request, status: int) -> dict[str, Any]:
    texts = player_texts(request)
    if status == 404:
        return {"error": "not_found", "message": texts.text("error.nothing_here")}
    if status == 400:
        # FastAPI's own "error parsing the body" (BodyLimitMiddleware sees bad JSON first).
        message = texts.text("error.request.json")
        detail = [{"loc": ["body"], "msg": "the body cannot be read", "type": "json_invalid"}]
        return {"error": "bad_request", "message": message, "detail": detail}
    if status == 405:
        message = texts.text("error.method_not_allowed")
    elif status == 413:
        max_bytes = request.app.state.services.settings.max_body_bytes
        message = texts.text("error.too_large", limit=texts.number(max_bytes))
    else:
        message = texts.text("error.http", status=status)
    return {"error": "bad_request", "message": message, "detail": []}


def install_error_handlers(app: FastAPI) -> None:
    """Every error, FastAPI's own included, in the ``{"error", "message", …}`` shape. The
    player's language may take a database read: the handlers look it up in a worker thread,
    as the routes do, never on the event loop."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.body(), status_code=error.status, headers=error.headers)

    @app.exception_handler(TooManyRequests)
    async def too_many(request: Request, refusal: TooManyRequests) -> JSONResponse:
        headers = {"Retry-After": str(refusal.retry_after)}
        return JSONResponse(too_many_body(request.scope, refusal), status_code=429, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        message, detail = await run_in_threadpool(
            _describe_validation, list(error.errors()), player_texts(request)
        )
        return JSONResponse(
            {"error": "bad_request", "message": message, "detail": detail}, status_code=400
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        body = await run_in_threadpool(_http_error_body, request, error.status_code)
        return JSONResponse(body, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(SQLAlchemyError)
    async def database_error(request: Request, error: SQLAlchemyError) -> JSONResponse:
        if not is_unavailable(error):
            return await unexpected_error(request, error)
        # One line per failure, no traceback: the database is down or does not answer,
        # which the operator needs to know, not where in the code each request met it.
        log.error(
            "database unavailable on %s %s: %s",
            request.method,
            request.url.path,
            failure_summary(error),
        )
        return JSONResponse(
            unavailable_body(request.scope),
            status_code=503,
            headers={"Retry-After": str(request.app.state.services.settings.retry_after_seconds)},
        )

    @app.exception_handler(Exception)
    async def unexpected_error(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        message = await run_in_threadpool(player_texts(request).text, "error.internal")
        return JSONResponse({"error": "internal", "message": message}, status_code=500)


def unavailable_body(scope: Scope) -> dict[str, Any]:
    """The 503 answer's body when the database is out of reach: in the browser's language,
    since the saved one cannot be read."""
    texts = scope_texts(scope, read_saved=False)
    return {"error": "unavailable", "message": texts.text("error.unavailable")}
