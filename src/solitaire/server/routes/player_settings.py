"""``/api/settings``: the player's settings (SPEC §6), kept on the server."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Header
from fastapi.responses import JSONResponse

from ..catalog import Catalogs
from ..errors import bad_request
from ..schemas import SettingsUpdate
from ..services import PlayerDep, ServicesDep

router = APIRouter(prefix="/api/settings", tags=["settings"])


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
    for place, part in enumerate((accept_language or "").split(",")):
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


@router.get("")
def read_settings(
    services: ServicesDep,
    player_id: PlayerDep,
    accept_language: Annotated[str | None, Header(max_length=1000)] = None,
) -> JSONResponse:
    """The player's settings, defaults for anything never set. A new player's language is the
    first of the browser's languages (``Accept-Language``) that has a catalog, saved at once
    so that it stays until the player picks another."""
    settings = services.player_settings(player_id)
    if services.store.player_settings(player_id) is None:
        language = preferred_language(accept_language, services.catalogs)
        if language is not None:
            settings = settings.model_copy(update={"language": language})
            services.store.save_player_settings(player_id, settings.model_dump())
    return JSONResponse(settings.model_dump())


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
