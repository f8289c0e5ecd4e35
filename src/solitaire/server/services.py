"""What the routes share: the store, the live games, the catalogs and the settings.

One :class:`Services` object lives in ``app.state.services``; routes reach it through the
dependencies below, and the player id through the cookie middleware.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Request

from ..store import GameStore
from .assets import Assets
from .catalog import FALLBACK, Catalogs
from .live import LiveGames
from .schemas import PlayerSettings
from .settings import Settings
from .solving import Solving


@dataclass(slots=True)
class Services:
    settings: Settings
    store: GameStore
    games: LiveGames
    catalogs: Catalogs
    #: The board's and the pages' scripts and styles (built bundles, or the sources).
    assets: Assets
    #: The solver's worker pool (hints, winnable deals); its processes start on first use.
    solving: Solving = field(default_factory=Solving)

    def player_settings(self, player_id: str) -> PlayerSettings:
        """The player's saved settings over the defaults (SPEC §6)."""
        saved = self.store.player_settings(player_id) or {}
        known = {key: value for key, value in saved.items() if key in PlayerSettings.model_fields}
        try:
            return PlayerSettings.model_validate(known)
        except ValueError:
            # Settings saved by an older version that no longer validate: start again.
            return PlayerSettings()

    def language(self, player_id: str) -> str:
        wanted = self.player_settings(player_id).language
        return self.catalogs.resolve(wanted) or FALLBACK

    def text(self, player_id: str, key: str, **values: Any) -> str:
        return self.catalogs.text(self.language(player_id), key, **values)


def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


def get_player_id(request: Request) -> str:
    player_id: str = request.state.player_id
    return player_id


ServicesDep = Annotated[Services, Depends(get_services)]
PlayerDep = Annotated[str, Depends(get_player_id)]
