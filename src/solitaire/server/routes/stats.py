"""``/api/stats``: the player's statistics per variant (rules in docs/records.md), with a
small chart of the recent results."""

from __future__ import annotations

import datetime as dt

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ...stats import FinishedGame, player_stats, recent_results_svg, variant_key
from ...store import StoredGame
from ..services import PlayerDep, ServicesDep

router = APIRouter(prefix="/api/stats", tags=["stats"])


def _aware(moment: dt.datetime) -> dt.datetime:
    # SQLite hands back the stored UTC times without their zone.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def finished_game(stored: StoredGame) -> FinishedGame:
    """A stored finished game as the statistics count it; the time played runs from the
    start to the last action (idle time included)."""
    started, last = _aware(stored.created_at), _aware(stored.updated_at)
    finished_at = _aware(stored.finished_at) if stored.finished_at is not None else last
    return FinishedGame(
        variant=variant_key(stored.variant),
        won=stored.won,
        score=stored.score,
        moves=stored.moves,
        seconds=max(0, int((last - started).total_seconds())),
        finished_at=finished_at,
    )


@router.get("")
def read_stats(services: ServicesDep, player_id: PlayerDep) -> JSONResponse:
    """Per variant played: played, won, win rate, records, streaks, the recent games, and
    ``chart``, an SVG of the recent results (title from ``ui.stats.recent`` if the catalog
    has it)."""
    games = [
        finished_game(stored)
        for stored in services.store.finished_games(player_id)
        # A typed-in position that is already won was never played.
        if not (stored.won and stored.moves == 0)
    ]
    # The statistics take games in the order they finished (a stable sort keeps the store's
    # order for equal times).
    games.sort(key=lambda game: game.finished_at)
    language = services.language(player_id)
    messages = services.catalogs.messages(language)
    variants = []
    for key, stats in player_stats(games).items():
        template = messages.get("ui.stats.recent", "{variant}: recent results")
        title = template.replace("{variant}", key)
        entry = stats.as_json()
        entry["chart"] = recent_results_svg(
            stats.recent, title=title, chart_id=f"recent-{key.lower()}"
        )
        variants.append(entry)
    return JSONResponse({"variants": variants})
