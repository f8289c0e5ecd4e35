"""``/api/messages``: every message of a language's catalog, English where it lacks one, and
every language on offer named in itself (for the Settings dialog's list)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from ..catalog import FALLBACK
from ..services import PlayerDep, ServicesDep
from .site import language_menu

router = APIRouter(prefix="/api/messages", tags=["messages"])


@router.get("")
def read_messages(
    services: ServicesDep,
    player_id: PlayerDep,
    lang: Annotated[str | None, Query(max_length=16)] = None,
) -> JSONResponse:
    """The messages in ``lang`` (a tag such as ``ro`` or ``nl-BE``); without ``lang``, in the
    player's language setting. A language without a catalog answers in English. ``available``
    lists the languages with a catalog (sorted), ``names`` each one's own name in menu order
    ("Română")."""
    wanted = lang if lang is not None else services.player_settings(player_id).language
    language = services.catalogs.resolve(wanted) or FALLBACK
    return JSONResponse(
        {
            "lang": language,
            "messages": services.catalogs.messages(language),
            "available": services.catalogs.available(),
            "names": language_menu(services),
        }
    )
