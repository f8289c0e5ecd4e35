"""Errors as the API answers them: ``{"error": key, "message": text, …}``, never a 5xx for
bad input.

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
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger("solitaire.server")


class ApiError(Exception):
    """An answer other than success: status, error key, message and any extra fields."""

    def __init__(self, status: int, error: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.error = error
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.error, "message": self.message, **self.extra}


def bad_request(message: str, detail: Any = None, status: int = 400) -> ApiError:
    """A request the server cannot act on as written (400 unless told)."""
    return ApiError(status, "bad_request", message, detail=detail if detail is not None else [])


def _describe_validation(errors: list[Any]) -> tuple[str, list[dict[str, Any]]]:
    """A one-line message and a detail list (location, message, type) without echoing input."""
    detail = [
        {
            "loc": [str(part) for part in error.get("loc", ())],
            "msg": str(error.get("msg", "")),
            "type": str(error.get("type", "")),
        }
        for error in errors
    ]
    if not detail:
        return "The request is not valid.", detail
    first = detail[0]
    if first["type"] == "json_invalid":
        return "The request body is not valid JSON.", detail
    where = ".".join(part for part in first["loc"] if part != "body") or "body"
    return f"Bad request: {where}: {first['msg']}.", detail


def install_error_handlers(app: FastAPI) -> None:
    """Every error, FastAPI's own included, in the ``{"error", "message", …}`` shape."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse(error.body(), status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, error: RequestValidationError) -> JSONResponse:
        message, detail = _describe_validation(list(error.errors()))
        return JSONResponse(
            {"error": "bad_request", "message": message, "detail": detail}, status_code=400
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        body: dict[str, Any]
        if error.status_code == 404:
            body = {"error": "not_found", "message": "There is nothing here."}
        else:
            messages = {
                405: "This method is not allowed here.",
                413: "The request body is too large.",
            }
            message = messages.get(error.status_code, str(error.detail))
            body = {"error": "bad_request", "message": message, "detail": []}
        return JSONResponse(body, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(Exception)
    async def unexpected_error(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return JSONResponse(
            {"error": "internal", "message": "Something went wrong on the server."},
            status_code=500,
        )
