"""Errors as the API answers them: ``{"error": key, "message": text, …}``, never a 5xx for
bad input, and the message always from the catalog, in the player's language.

The language of an answer is the one the rest of the server speaks: the player's saved
language, else the first of the browser's (``Accept-Language``) that has a catalog, else
English (:func:`answer_language`).

>>> error = ApiError(404, "not_found", "There is no such game.")
>>> error.body()
{'error': 'not_found', 'message': 'There is no such game.'}
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Annotated, Any

from babel.core import UnknownLocaleError
from babel.numbers import format_decimal
from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from ..codes import GameCodeError
from .catalog import FALLBACK
from .middleware import PLAYER_COOKIE, PLAYER_ID_RE, _cookie_value
from .services import Services

log = logging.getLogger("solitaire.server")

#: The message of a game code error whose case has no message of its own.
UNREADABLE_CODE = "error.code.unreadable"


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


# -- the language of an answer ----------------------------------------------------------------


def answer_language(services: Services, player_id: str | None, accept_language: str | None) -> str:
    """The player's saved language, else the browser's first language with a catalog, else
    English: what ``GET /api/settings`` gives a player, without saving anything."""
    # Imported here: the settings routes import this module for bad_request.
    from .routes.player_settings import preferred_language

    if player_id is not None:
        try:
            saved = services.store.player_settings(player_id)
        except Exception:  # the database may be why we are answering an error at all
            log.warning("the player's language could not be read", exc_info=True)
            saved = None
        chosen = saved.get("language") if saved else None
        # A language saved but since removed (its catalog deleted) falls to the browser's.
        resolved = services.catalogs.resolve(chosen) if isinstance(chosen, str) else None
        if resolved is not None:
            return resolved
    return preferred_language(accept_language, services.catalogs) or FALLBACK


@dataclass(slots=True)
class PlayerTexts:
    """The catalog's messages in the language of one request's answer, the language read
    only when a message is asked for (most answers need none).

    >>> import tempfile
    >>> from solitaire.server.app import create_app
    >>> from solitaire.server.settings import Settings
    >>> services = create_app(Settings(data_dir=tempfile.mkdtemp(), database_url="")).state.services
    >>> texts = PlayerTexts(services, "a-new-player-id-000000", "nl-BE, en;q=0.5")
    >>> texts.text("error.not_found")
    'Dat spel bestaat niet.'
    >>> texts.number(999999)
    '999.999'
    """

    services: Services
    player_id: str | None
    accept_language: str | None
    _language: str | None = field(default=None, init=False)

    def language(self) -> str:
        if self._language is None:
            self._language = answer_language(self.services, self.player_id, self.accept_language)
        return self._language

    def text(self, key: str, **values: Any) -> str:
        return self.services.catalogs.text(self.language(), key, **values)

    def has(self, key: str) -> bool:
        return key in self.services.catalogs.messages(self.language())

    def number(self, value: int) -> str:
        """A whole number as the language writes it (999,999 · 999.999)."""
        try:
            return format_decimal(value, locale=self.language())
        except (ValueError, UnknownLocaleError):
            return str(value)

    def code_error(self, error: GameCodeError) -> str:
        """Why a game code (or a game with options) is refused, as one sentence:
        ``error.code.<key>`` filled with the error's values, numbers written the
        language's way; the engine's English sentence never reaches the player."""
        key = f"error.code.{error.key}"
        if error.key is None or not self.has(key):
            return self.text(UNREADABLE_CODE)
        values = {
            name: self.number(value) if isinstance(value, int) else value
            for name, value in error.values.items()
        }
        return self.text(key, **values)


def player_texts(request: Request) -> PlayerTexts:
    services: Services = request.app.state.services
    player_id = getattr(request.state, "player_id", None)
    return PlayerTexts(services, player_id, request.headers.get("accept-language"))


PlayerTextsDep = Annotated[PlayerTexts, Depends(player_texts)]


def too_large_message(scope: Scope, max_bytes: int) -> str:
    """The 413 message for a request (an ASGI scope, read before the app runs), in the
    player's language. For the body cap's middleware, which answers before any route."""
    services: Services = scope["app"].state.services
    player_id = _cookie_value(scope, PLAYER_COOKIE)
    if player_id is not None and not PLAYER_ID_RE.fullmatch(player_id):
        player_id = None
    accept_language = None
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            accept_language = value.decode("latin-1")
    texts = PlayerTexts(services, player_id, accept_language)
    return texts.text("error.too_large", limit=texts.number(max_bytes))


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


def _describe_validation(errors: list[Any], texts: PlayerTexts) -> tuple[str, list[dict[str, Any]]]:
    """A one-line message in the player's language and a detail list (location, Pydantic's
    own message, type) for developers, without echoing the input."""
    detail: list[dict[str, Any]] = [
        {
            "loc": [str(part) for part in error.get("loc", ())],
            "msg": str(error.get("msg", "")),
            "type": str(error.get("type", "")),
        }
        for error in errors
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
        return JSONResponse(error.body(), status_code=error.status)

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

    @app.exception_handler(Exception)
    async def unexpected_error(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        message = await run_in_threadpool(player_texts(request).text, "error.internal")
        return JSONResponse({"error": "internal", "message": message}, status_code=500)
