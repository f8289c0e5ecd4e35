"""Which language an answer speaks: the one rule, for every answer the server makes.

The player's saved language (``PUT /api/settings``) when its catalog is there, else the
first of the browser's languages (``Accept-Language``, by its q weights) that has a catalog,
else English. JSON errors, the board's messages, ``GET /api/settings``, the pages' links and
the HTML 404 page all ask :class:`PlayerTexts`; the pages themselves speak the language of
their address (``/nl/faq``), and an HTML page in a language without pages falls back to
English (:func:`page_language`).

Nothing is saved on the player's behalf: a player who never chose a language follows the
browser's.

>>> import tempfile
>>> from solitaire.server.app import create_app
>>> from solitaire.server.settings import Settings
>>> services = create_app(Settings(data_dir=tempfile.mkdtemp(), database_url="")).state.services
>>> texts = PlayerTexts(services, "a-new-player-id-000000", "nl-BE, en;q=0.5")
>>> texts.language(), texts.text("error.not_found")
('nl', 'Dat spel bestaat niet.')
>>> texts.number(999999)
'999.999'
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any

from babel.core import UnknownLocaleError
from babel.numbers import format_decimal
from fastapi import Depends, Request
from sqlalchemy.exc import SQLAlchemyError
from starlette.types import Scope

from ..catalogs import FALLBACK, Catalogs
from ..codes import GameCodeError
from ..store.database import failure_summary
from .players import cookie_player_id, header
from .schemas import PlayerSettings
from .services import Services

log = logging.getLogger("solitaire.server")

#: The message of a game code error whose case has no message of its own.
UNREADABLE_CODE = "error.code.unreadable"


def preferred_language(accept_language: str | None, catalogs: Catalogs) -> str | None:
    """The first language of an ``Accept-Language`` header, by its q weights, that has a
    catalog (``nl-BE`` → ``nl``); None if none has.

    >>> from pathlib import Path
    >>> import solitaire
    >>> catalogs = Catalogs(Path(solitaire.__file__).parent / "locales")
    >>> preferred_language("fr-FR, nl-BE;q=0.8, ro;q=0.9", catalogs)
    'ro'
    >>> preferred_language("fr, *;q=0.1", catalogs) is None
    True
    """
    weighted: list[tuple[float, int, str]] = []
    # A real header names a handful of languages; a longer one is read no further.
    for place, part in enumerate((accept_language or "").split(",")[:32]):
        tag, _, parameters = part.strip().partition(";")
        weight = 1.0
        name, _, value = parameters.strip().partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                continue  # a malformed weight: skip that tag, as if it were not there
        if tag and tag != "*" and weight > 0:
            weighted.append((-weight, place, tag))
    for _, _, tag in sorted(weighted):
        language = catalogs.resolve(tag)
        if language is not None:
            return language
    return None


def answer_language(catalogs: Catalogs, saved: object, accept_language: str | None) -> str:
    """The rule itself: the saved language (if it still has a catalog), else the browser's
    first language with a catalog, else English.

    >>> from pathlib import Path
    >>> import solitaire
    >>> catalogs = Catalogs(Path(solitaire.__file__).parent / "locales")
    >>> answer_language(catalogs, "ro", "nl"), answer_language(catalogs, None, "nl-BE")
    ('ro', 'nl')
    >>> answer_language(catalogs, "xx", "fr")
    'en'
    """
    # A language saved but since removed (its catalog deleted) falls to the browser's.
    chosen = catalogs.resolve(saved) if isinstance(saved, str) else None
    if chosen is not None:
        return chosen
    return preferred_language(accept_language, catalogs) or FALLBACK


def page_language(languages: Iterable[str], wanted: str) -> str:
    """The pages' language for a catalog language or a tag (``nl``, ``nl-BE``): itself when
    it has pages, else English.

    >>> page_language(("en", "ro"), "ro-RO"), page_language(("en", "ro"), "nl")
    ('ro', 'en')
    """
    base = wanted.replace("_", "-").split("-")[0].lower()
    return base if base in tuple(languages) else FALLBACK


@dataclass(slots=True)
class PlayerTexts:
    """The catalog's messages in the language of one request's answer, the saved settings
    read only when a message is asked for (most answers need none), and at most once.

    ``player_id`` None: the language of the browser alone (what an answer about the
    database being out of reach uses, as it cannot read the saved language).
    """

    services: Services
    player_id: str | None
    accept_language: str | None
    _saved: dict[str, Any] | None = field(default=None, init=False)
    _language: str | None = field(default=None, init=False)

    def saved_settings(self) -> dict[str, Any]:
        """What the player saved (empty for a player never stored); read once."""
        if self._saved is None:
            saved = None
            if self.player_id is not None:
                saved = self.services.store.player_settings(self.player_id)
            self._saved = saved or {}
        return self._saved

    def settings(self) -> PlayerSettings:
        """The player's settings over the defaults (rules §6), as saved."""
        return self.services.player_settings(self.player_id or "", self.saved_settings())

    def language(self) -> str:
        if self._language is None:
            try:
                saved = self.saved_settings().get("language")
            except SQLAlchemyError as error:
                # The database may be why we are answering an error at all: the browser's
                # language then, with one line in the log.
                log.warning("the player's language could not be read: %s", failure_summary(error))
                saved = None
            self._language = answer_language(self.services.catalogs, saved, self.accept_language)
        return self._language

    def text(self, key: str, **values: Any) -> str:
        return self.services.catalogs.text(self.language(), key, **values)

    def has(self, key: str) -> bool:
        return key in self.services.catalogs.messages(self.language())

    def messages(self) -> dict[str, str]:
        """Every message in the answer's language."""
        return self.services.catalogs.messages(self.language())

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
    """The texts of a request's answer (a route's dependency)."""
    services: Services = request.app.state.services
    player_id = getattr(request.state, "player_id", None)
    return PlayerTexts(services, player_id, request.headers.get("accept-language"))


def scope_texts(scope: Scope, *, read_saved: bool = True) -> PlayerTexts:
    """The texts of a request's answer from its ASGI scope, for a middleware that answers
    before the app runs (the player cookie read here, as no route has read it yet)."""
    services: Services = scope["app"].state.services
    player_id = cookie_player_id(scope) if read_saved else None
    return PlayerTexts(services, player_id, header(scope, b"accept-language"))


async def _request_texts(request: Request) -> PlayerTexts:
    # A coroutine, so that FastAPI does not hand it to a worker thread (see services.py).
    return player_texts(request)


PlayerTextsDep = Annotated[PlayerTexts, Depends(_request_texts)]
