"""What the routes share: the store, the live games, the catalogs and the settings.

One :class:`Services` object lives in ``app.state.services``; routes reach it through the
dependencies below, and the player id through the cookie middleware.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Request

from ..catalogs import Catalogs
from ..pages import page_texts_in
from ..pages.render import SitePages
from ..store import GameStore
from .assets import Assets
from .limits import Limits
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
    #: Every rate limit of the app (limits.py).
    limits: Limits
    #: The solver's worker pool (hints, winnable deals); its processes start on first use.
    solving: Solving = field(default_factory=Solving)

    def player_settings(
        self, player_id: str, saved: dict[str, Any] | None = None
    ) -> PlayerSettings:
        """The player's saved settings (read unless given) over the defaults (rules §6)."""
        if saved is None:
            saved = self.store.player_settings(player_id) or {}
        known = {key: value for key, value in saved.items() if key in PlayerSettings.model_fields}
        try:
            return PlayerSettings.model_validate(known)
        except ValueError:
            # A setting saved by an older version that no longer validates: its default.
            valid = {}
            for key, value in known.items():
                try:
                    PlayerSettings.model_validate({key: value})
                except ValueError:
                    continue
                valid[key] = value
            return PlayerSettings.model_validate(valid)

    def site(self) -> SitePages:
        """The app's pages, from the page texts of ``pages_dir`` (read once)."""
        return SitePages(
            page_texts_in(self.settings.pages_dir),
            self.catalogs,
            self.settings.web_dir / "site" / "layout.html",
            self.assets.url,
        )


# The dependencies are coroutines: FastAPI runs a plain ``def`` dependency in a worker
# thread, a hand-over to a thread and back for every one of them on every request.
async def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


async def get_player_id(request: Request) -> str:
    player_id: str = request.state.player_id
    return player_id


ServicesDep = Annotated[Services, Depends(get_services)]
PlayerDep = Annotated[str, Depends(get_player_id)]
