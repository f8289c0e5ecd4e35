"""``/api/settings``: the player's settings (SPEC §6), kept on the server."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse

from ..errors import bad_request
from ..schemas import SettingsUpdate
from ..services import PlayerDep, ServicesDep

router = APIRouter(prefix="/api/settings", tags=["settings"])


@router.get("")
def read_settings(services: ServicesDep, player_id: PlayerDep) -> JSONResponse:
    """The player's settings, defaults for anything never set."""
    return JSONResponse(services.player_settings(player_id).model_dump())


@router.put("")
def write_settings(
    services: ServicesDep, player_id: PlayerDep, update: Annotated[SettingsUpdate, Body()]
) -> JSONResponse:
    """Change any of the settings; those left out keep their value. A language must have a
    catalog (``GET /api/messages`` lists them)."""
    changes = update.model_dump(exclude_none=True)
    if "language" in changes:
        language = services.catalogs.resolve(changes["language"])
        if language is None:
            available = services.catalogs.available()
            message = services.text(
                player_id,
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
