"""``/api/settings``: the player's settings (SPEC §6), kept on the server."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse

from ..errors import bad_request
from ..language import PlayerTextsDep, preferred_language
from ..schemas import SettingsUpdate
from ..services import PlayerDep, ServicesDep

router = APIRouter(prefix="/api/settings", tags=["settings"])


@router.get("")
def read_settings(
    services: ServicesDep, player_id: PlayerDep, texts: PlayerTextsDep
) -> JSONResponse:
    """The player's settings, defaults for anything never set. A new player's language is the
    first of the browser's languages (``Accept-Language``) that has a catalog, saved at once
    so that it stays until the player picks another."""
    saved = texts.saved_settings()
    settings = services.player_settings(player_id, saved)
    if services.store.player_settings(player_id) is None:
        language = preferred_language(texts.accept_language, services.catalogs)
        if language is not None:
            settings = settings.model_copy(update={"language": language})
            services.store.save_player_settings(player_id, settings.model_dump())
    return JSONResponse(settings.model_dump())


@router.put("")
def write_settings(
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    update: Annotated[SettingsUpdate, Body()],
) -> JSONResponse:
    """Change any of the settings; those left out keep their value. A language must have a
    catalog (``GET /api/messages`` lists them)."""
    changes = update.model_dump(exclude_none=True)
    if "language" in changes:
        language = services.catalogs.resolve(changes["language"])
        if language is None:
            available = services.catalogs.available()
            message = texts.text(
                "error.unknown_language",
                language=changes["language"],
                available=", ".join(available),
            )
            raise bad_request(
                message,
                [{"loc": ["body", "language"], "msg": message, "type": "language"}],
            )
        changes["language"] = language
    settings = services.player_settings(player_id).model_copy(update=changes)
    services.store.save_player_settings(player_id, settings.model_dump())
    return JSONResponse(settings.model_dump())
