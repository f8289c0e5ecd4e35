"""``/api/settings``: the player's settings (rules §6), kept on the server."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body
from fastapi.responses import JSONResponse

from ..answers import SettingsAnswer, error_answers
from ..errors import bad_request
from ..language import PlayerTextsDep, answer_language
from ..limits import NewPlayerGuard
from ..schemas import SettingsUpdate
from ..services import PlayerDep, Services, ServicesDep

router = APIRouter(prefix="/api/settings", tags=["settings"])


def _answer(services: Services, player_id: str, saved: dict[str, Any], accept: str | None) -> Any:
    """All the settings: the saved ones over the defaults, the language the answer's own
    (the saved one, else the browser's: :mod:`solitaire.server.language`)."""
    language = answer_language(services.catalogs, saved.get("language"), accept)
    settings = services.player_settings(player_id, saved).model_copy(update={"language": language})
    return settings.model_dump()


@router.get("", response_model=SettingsAnswer, responses=error_answers(503))
def read_settings(
    services: ServicesDep, player_id: PlayerDep, texts: PlayerTextsDep
) -> JSONResponse:
    """The player's settings, defaults for anything never set; a player who never chose a
    language gets the first of the browser's languages (``Accept-Language``) that has a
    catalog. Reading writes nothing (a new player's row waits for their first write)."""
    return JSONResponse(_answer(services, player_id, texts.saved_settings(), texts.accept_language))


@router.put("", response_model=SettingsAnswer, responses=error_answers(400, 413, 429, 503))
def write_settings(
    services: ServicesDep,
    player_id: PlayerDep,
    texts: PlayerTextsDep,
    update: Annotated[SettingsUpdate, Body()],
    admit_new_player: NewPlayerGuard,
) -> JSONResponse:
    """Change any of the settings; those left out keep their value, whatever other requests
    change at the same moment (the fields given are merged into the saved ones in one
    statement). A language must have a catalog (``GET /api/messages`` lists them)."""
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
    # Nothing to change writes nothing (and creates no player).
    saved = (
        services.store.update_player_settings(player_id, changes, admit_new_player=admit_new_player)
        if changes
        else texts.saved_settings()
    )
    return JSONResponse(_answer(services, player_id, saved, texts.accept_language))
