"""Daily challenges (rules DC-1): each UTC day, for each game, one graded deal and a goal, the
same for everyone; the month's calendar, the streak and the badges.

Everything here follows from the date alone (a SHA-256 of the game and the date picks the
variant, the deal among the graded ones and the kind of goal), so two players, two servers
and two runs agree. The level follows the day of the week: easy on Monday and Tuesday,
medium on Wednesday and Thursday, hard on Friday and Saturday, expert on Sunday.

The goal is taken from the deal's proven solution, so that it can be met: *win*; *win in at
most N moves* (N: the solution's move counter, given half again and rounded up to ten);
*reach N points* (half the score the solution ends with, rounded down to ten; where that is
no more than the score a game starts with, as in Simple Simon, which starts at 500, the
start plus half of what the solution gains on it; a deal whose solution ends on no positive
score, or gains too little, gets *win*).

>>> import datetime as dt
>>> first = challenge_for(GameId.SIMPLE_SIMON, dt.date(2026, 11, 29))
>>> first == challenge_for(GameId.SIMPLE_SIMON, dt.date(2026, 11, 29)), first.level
(True, 'expert')
>>> first.goal.met(won=True, moves=first.goal.moves or 0, score=first.goal.score or 0)
True
"""

from __future__ import annotations

import calendar
import datetime as dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..codes import GameCode, GameId, parse_variant
from ..games import rules_for
from .data import GradedDeal, graded_deals

#: The variants a game's challenge is drawn from.
CHALLENGE_VARIANTS: dict[GameId, tuple[str, ...]] = {
    GameId.KLONDIKE: ("KL1-D1N", "KL1-D3N", "KL1-D1V", "KL1-D3V"),
    GameId.SIMPLE_SIMON: ("SS1-S1", "SS1-S2", "SS1-S4"),
    GameId.EASY_HARP: ("EH1-N",),
}
#: The level of each day of the week, Monday first.
WEEKDAY_LEVELS = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")
GOAL_KINDS = ("win", "moves", "score")


@dataclass(frozen=True, slots=True)
class Goal:
    """What a challenge asks: ``kind`` ``win``, ``moves`` (win in at most ``moves``) or
    ``score`` (reach ``score`` points, won or not); ``score_text``: that score as the board
    shows a score of the variant (``+$100`` in Klondike Vegas, where the score is money).

    >>> goal_from(graded_deals(parse_variant("KL1-D3V"), "easy")[0], "score").score_text
    '+$100'
    """

    kind: str
    moves: int | None = None
    score: int | None = None
    score_text: str | None = None

    def met(self, *, won: bool, moves: int, score: int) -> bool:
        """Whether a game that stands at ``won``, ``moves`` and ``score`` meets the goal."""
        if self.kind == "score":
            return self.score is not None and score >= self.score
        if self.kind == "moves":
            return won and self.moves is not None and moves <= self.moves
        return won

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "moves": self.moves,
            "score": self.score,
            "score_text": self.score_text,
        }


@dataclass(frozen=True, slots=True)
class Challenge:
    """One game's challenge on one day."""

    date: dt.date
    game: GameId
    graded: GradedDeal
    goal: Goal

    @property
    def level(self) -> str:
        return self.graded.level

    @property
    def code(self) -> GameCode:
        return self.graded.code

    def as_json(self) -> dict[str, Any]:
        return {
            "date": self.date.isoformat(),
            "game": self.game.value,
            "code": str(self.code),
            "variant": str(self.code.variant),
            "level": self.level,
            "goal": self.goal.as_json(),
        }


def _digest(game: GameId, date: dt.date) -> int:
    text = f"challenge:{game.value}:{date.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def goal_from(graded: GradedDeal, kind: str) -> Goal:
    """A goal of ``kind`` that the deal's proven solution meets."""
    if kind == "moves":
        return Goal("moves", moves=-(-graded.counter * 3 // 2 // 10) * 10)
    rules = rules_for(graded.variant)
    start = rules.initial_score
    score = max(10, graded.score // 2 // 10 * 10)
    if score <= start:
        # Simple Simon starts at 500 and a move costs a point: half its final score is "met"
        # before the first move. The goal is then half of what the solution gains on the start.
        score = start + (graded.score - start) // 2 // 10 * 10
    if kind == "score" and graded.score > 0 and score > start:
        return Goal("score", score=score, score_text=rules.format_score(score))
    return Goal("win")


def challenge_for(game: GameId, date: dt.date) -> Challenge:
    """The challenge of ``game`` on ``date`` (the same for everyone)."""
    digest = _digest(game, date)
    level = WEEKDAY_LEVELS[date.weekday()]
    # The variants with graded deals at that level (all of them, with the shipped data).
    variants = [
        variant
        for variant in map(parse_variant, CHALLENGE_VARIANTS[game])
        if graded_deals(variant, level)
    ]
    if not variants:
        raise LookupError(f"no graded {level} deals of {game.title}")
    variant = variants[digest % len(variants)]
    deals = graded_deals(variant, level)
    graded = deals[(digest >> 8) % len(deals)]
    kind = GOAL_KINDS[(digest >> 40) % len(GOAL_KINDS)]
    return Challenge(date, game, graded, goal_from(graded, kind))


def month_days(year: int, month: int) -> list[dt.date]:
    """Every day of a month."""
    return [dt.date(year, month, day) for day in range(1, calendar.monthrange(year, month)[1] + 1)]


def streak(done_days: Iterable[dt.date], today: dt.date) -> int:
    """Days in a row, up to today, with a challenge done; a day not yet done today does not
    break it (it counts up to yesterday).

    >>> day = dt.date(2026, 11, 29)
    >>> streak([day, day - dt.timedelta(1), day - dt.timedelta(3)], day)
    2
    >>> streak([day - dt.timedelta(1)], day)
    1
    """
    done = set(done_days)
    day = today if today in done else today - dt.timedelta(days=1)
    count = 0
    while day in done:
        count += 1
        day -= dt.timedelta(days=1)
    return count


def badge(days_done: int, days_in_month: int) -> str | None:
    """The month's badge of one game: gold for every day, silver for 20, bronze for 10.

    >>> badge(9, 30), badge(10, 30), badge(29, 30), badge(30, 30)
    (None, 'bronze', 'silver', 'gold')
    """
    if days_done >= days_in_month:
        return "gold"
    if days_done >= 20:
        return "silver"
    if days_done >= 10:
        return "bronze"
    return None


def challenge_state(
    game: GameId, date: dt.date, *, won: bool, moves: int, score: int
) -> dict[str, Any]:
    """What a game's state says of the challenge it plays: the challenge, its goal, and
    whether the game meets it now (``met``)."""
    challenge = challenge_for(game, date)
    view = challenge.as_json()
    view["met"] = challenge.goal.met(won=won, moves=moves, score=score)
    return view
