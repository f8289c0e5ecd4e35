"""Reading the games played from daily challenges (rules DC-1), for the calendar.

The games table holds each game's day of challenge (migration 0005) beside its variant,
deal, score, move counter and whether it is won: what a challenge's goal is judged on. A
challenge is done when one of its games meets the goal (:mod:`solitaire.levels.challenges`).

>>> import datetime as dt
>>> from solitaire.store import GameStore, connect, upgrade_schema
>>> from solitaire.store.games import GameSummary
>>> engine = connect("sqlite://")
>>> upgrade_schema(engine)
>>> store = GameStore(engine)
>>> day = dt.date(2026, 11, 29)
>>> _ = store.create_game("g1", "p1", "SS1-S1", 5, None, GameSummary(0, 0, False),
...                       challenge_date=day)
>>> [(game.challenge_date, game.deal) for game in challenge_games(engine, "p1", day)]
[(datetime.date(2026, 11, 29), 5)]
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import Engine, bindparam, select

from .models import Base

GAMES = Base.metadata.tables["games"]

_CHALLENGE_GAMES = (
    select(
        GAMES.c.challenge_date,
        GAMES.c.variant,
        GAMES.c.deal,
        GAMES.c.won,
        GAMES.c.moves,
        GAMES.c.score,
    )
    .where(
        GAMES.c.player_id == bindparam("player_id"),
        GAMES.c.challenge_date.is_not(None),
        GAMES.c.challenge_date <= bindparam("until"),
    )
    .order_by(GAMES.c.challenge_date)
)


@dataclass(frozen=True, slots=True)
class ChallengeGame:
    """A game started from a challenge, as it stands."""

    challenge_date: dt.date
    variant: str
    deal: int | None
    won: bool
    moves: int
    score: int


def challenge_games(engine: Engine, player_id: str, until: dt.date) -> list[ChallengeGame]:
    """The player's challenge games of every day up to ``until``, oldest day first."""
    with engine.connect() as connection:
        rows = connection.execute(_CHALLENGE_GAMES, {"player_id": player_id, "until": until}).all()
    return [ChallengeGame(*row) for row in rows]
