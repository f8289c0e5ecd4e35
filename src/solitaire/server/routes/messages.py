"""``/api/messages``: every message of a language's catalog, English where it lacks one, and
every language on offer named in itself (for the Settings dialog's list)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from ...catalogs import FALLBACK
from ..answers import MessagesAnswer, error_answers
from ..language import PlayerTextsDep
from ..services import ServicesDep

router = APIRouter(prefix="/api/messages", tags=["messages"])


@router.get("", response_model=MessagesAnswer, responses=error_answers(400))
def read_messages(
    services: ServicesDep,
    texts: PlayerTextsDep,
    lang: Annotated[str | None, Query(max_length=16)] = None,
) -> JSONResponse:
    """The messages in ``lang`` (a tag such as ``ro`` or ``nl-BE``); without ``lang``, in the
    answer's language (:mod:`solitaire.server.language`). A language without a catalog
    answers in English. ``available`` lists the languages with a catalog (sorted), ``names``
    each one's own name in menu order ("Română")."""
    language = texts.language() if lang is None else services.catalogs.resolve(lang) or FALLBACK
    return JSONResponse(
        {
            "lang": language,
            "messages": services.catalogs.messages(language),
            "available": services.catalogs.available(),
            "names": services.site().language_menu(),
        }
    )
