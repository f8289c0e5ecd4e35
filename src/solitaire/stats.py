"""A player's statistics per variant, from their finished games (pure: no I/O, no clock).

A game counts as **played** once it is finished — won, or abandoned by starting another
game — with at least one move on its move counter (see ``docs/records.md``). Streaks,
records and the recent results are kept per variant key (``KL-D1N``, ``SS-S4``, ``EH-N``):
a Klondike loss does not break a Simple Simon streak.

>>> from datetime import datetime, timezone
>>> at = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
>>> games = [
...     FinishedGame("KL-D1N", won=True, score=640, moves=130, seconds=300, finished_at=at),
...     FinishedGame("KL-D1N", won=False, score=85, moves=40, seconds=90, finished_at=at),
...     FinishedGame("SS-S1", won=True, score=841, moves=59, seconds=200, finished_at=at),
... ]
>>> klondike = player_stats(games)["KL-D1N"]
>>> klondike.played, klondike.won, klondike.win_rate, klondike.current_streak
(2, 1, 0.5, 0)
>>> klondike.best_score.value, klondike.fewest_moves.value, klondike.fastest_win.value
(640, 130, 300)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from xml.sax.saxutils import escape

from .codes import ALL_VARIANTS, GameCode, GameCodeError, parse_code_or_variant

RECENT_LIMIT = 20
"""How many of the latest results each variant keeps for its chart."""

VARIANT_KEYS: tuple[str, ...] = tuple(variant.key for variant in ALL_VARIANTS)
"""Every variant key, in menu order (the order :func:`player_stats` answers in)."""


class StatsInputError(ValueError):
    """A finished game that cannot be counted (unknown variant, negative moves, out of order)."""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One finished game as the statistics need it.

    ``score`` is the final score in the game's own unit (points, or dollars in Klondike
    Vegas); ``moves`` the move counter as the player last saw it; ``seconds`` the time played.

    >>> from datetime import datetime, timezone
    >>> FinishedGame("EH-N", won=False, score=0, moves=0, seconds=5,
    ...              finished_at=datetime(2026, 1, 1, tzinfo=timezone.utc)).counts_as_played
    False
    """

    variant: str
    won: bool
    score: int
    moves: int
    seconds: int
    finished_at: datetime

    @property
    def counts_as_played(self) -> bool:
        """Whether this game enters the statistics: it had at least one move."""
        return self.moves >= 1


@dataclass(frozen=True, slots=True)
class Record:
    """A best value and the game that first reached it (a later tie does not take it)."""

    value: int
    game: FinishedGame


@dataclass(frozen=True, slots=True)
class VariantStats:
    """The statistics of one variant key.

    ``best_score`` counts every played game (a Klondike Vegas game is worth its dollars won
    or not); ``fewest_moves`` and ``fastest_win`` count wins only. ``recent`` holds the last
    :data:`RECENT_LIMIT` played games, oldest first.
    """

    variant: str
    played: int
    won: int
    best_score: Record | None
    fewest_moves: Record | None
    fastest_win: Record | None
    current_streak: int
    best_streak: int
    recent: tuple[FinishedGame, ...]

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0.0 to 1.0 (0.0 before any game)."""
        return self.won / self.played if self.played else 0.0

    def as_json(self) -> dict[str, Any]:
        """Plain JSON values (times in ISO 8601), for an API answer.

        >>> from datetime import datetime, timezone
        >>> at = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
        >>> stats = player_stats([FinishedGame("SS-S1", True, 841, 59, 200, at)])["SS-S1"]
        >>> stats.as_json()["fewest_moves"]
        {'value': 59, 'finished_at': '2026-11-29T12:00:00+00:00'}
        >>> stats.as_json()["win_rate"], len(stats.as_json()["recent"])
        (1.0, 1)
        """
        return {
            "variant": self.variant,
            "played": self.played,
            "won": self.won,
            "win_rate": self.win_rate,
            "best_score": _record_json(self.best_score),
            "fewest_moves": _record_json(self.fewest_moves),
            "fastest_win": _record_json(self.fastest_win),
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "recent": [_game_json(game) for game in self.recent],
        }


def _game_json(game: FinishedGame) -> dict[str, Any]:
    return {
        "won": game.won,
        "score": game.score,
        "moves": game.moves,
        "seconds": game.seconds,
        "finished_at": game.finished_at.isoformat(),
    }


def _record_json(record: Record | None) -> dict[str, Any] | None:
    if record is None:
        return None
    return {"value": record.value, "finished_at": record.game.finished_at.isoformat()}


def variant_key(text: str) -> str:
    """The statistics key of a variant, a full game code or a key.

    >>> variant_key("KL1-D3V"), variant_key("ss1-s4-aaaaabd"), variant_key("EH-N")
    ('KL-D3V', 'SS-S4', 'EH-N')
    """
    clean = text.strip().upper()
    if clean in VARIANT_KEYS:
        return clean
    try:
        parsed = parse_code_or_variant(clean)
    except GameCodeError as error:
        raise StatsInputError(f"{text!r} names no variant: {error}") from None
    variant = parsed.variant if isinstance(parsed, GameCode) else parsed
    return variant.key


def _check(game: FinishedGame, previous: FinishedGame | None, place: int) -> None:
    where = f"finished game {place + 1}"
    if game.variant not in VARIANT_KEYS:
        raise StatsInputError(
            f"{where}: unknown variant key {game.variant!r}; use one of {', '.join(VARIANT_KEYS)}"
        )
    if game.moves < 0 or game.seconds < 0:
        raise StatsInputError(f"{where}: moves and seconds cannot be negative")
    if game.won and game.moves < 1:
        raise StatsInputError(f"{where}: a won game has at least one move")
    if game.finished_at.tzinfo is None:
        raise StatsInputError(f"{where}: finished_at needs a time zone")
    if previous is not None and game.finished_at < previous.finished_at:
        raise StatsInputError(
            f"{where}: finished at {game.finished_at.isoformat()}, before the game listed "
            f"ahead of it ({previous.finished_at.isoformat()}); list games in finishing order"
        )


def _better(record: Record | None, value: int, game: FinishedGame, *, low: bool) -> Record:
    """The record after ``game``: replaced only by a strictly better value."""
    if record is None or (value < record.value if low else value > record.value):
        return Record(value, game)
    return record


class _Tally:
    """Running totals of one variant while the games are read in order."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.played = 0
        self.won = 0
        self.best_score: Record | None = None
        self.fewest_moves: Record | None = None
        self.fastest_win: Record | None = None
        self.current_streak = 0
        self.best_streak = 0
        self.recent: list[FinishedGame] = []

    def add(self, game: FinishedGame) -> None:
        self.played += 1
        self.best_score = _better(self.best_score, game.score, game, low=False)
        if game.won:
            self.won += 1
            self.fewest_moves = _better(self.fewest_moves, game.moves, game, low=True)
            self.fastest_win = _better(self.fastest_win, game.seconds, game, low=True)
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
        else:
            self.current_streak = 0
        self.recent.append(game)
        del self.recent[:-RECENT_LIMIT]

    def result(self) -> VariantStats:
        return VariantStats(
            variant=self.variant,
            played=self.played,
            won=self.won,
            best_score=self.best_score,
            fewest_moves=self.fewest_moves,
            fastest_win=self.fastest_win,
            current_streak=self.current_streak,
            best_streak=self.best_streak,
            recent=tuple(self.recent),
        )


def player_stats(games: Iterable[FinishedGame]) -> dict[str, VariantStats]:
    """Statistics per variant key, for the variants with at least one game played, in menu
    order. ``games`` are the player's finished games in the order they finished; anything
    that cannot be counted raises :class:`StatsInputError` (nothing is half counted).

    >>> player_stats([])
    {}
    """
    tallies: dict[str, _Tally] = {}
    previous: FinishedGame | None = None
    for place, game in enumerate(games):
        _check(game, previous, place)
        previous = game
        if game.counts_as_played:
            tallies.setdefault(game.variant, _Tally(game.variant)).add(game)
    return {key: tallies[key].result() for key in VARIANT_KEYS if key in tallies}


# -- the recent-results chart ---------------------------------------------------------------

BAR_WIDTH = 10
BAR_GAP = 4
CHART_HEIGHT = 40
_ELEMENT_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def _default_label(game: FinishedGame) -> str:
    outcome = "won" if game.won else "lost"
    return f"{outcome}: score {game.score}, {game.moves} moves"


def recent_results_svg(
    recent: Sequence[FinishedGame],
    *,
    title: str,
    label: Callable[[FinishedGame], str] = _default_label,
    chart_id: str = "recent-results",
) -> str:
    """The recent results as a small win/loss bar chart: one bar per game, oldest on the
    left, a win rising above the middle line and a loss hanging below it. The chart is an
    image with an accessible ``title`` (give it in the player's language); each bar has a
    tooltip from ``label``. Colours come from ``fill`` attributes that a stylesheet may
    override through the ``win`` and ``loss`` classes. ``chart_id`` names the chart's
    element (its title is ``<chart_id>-title``): give each chart on a page its own.

    >>> from datetime import datetime, timezone
    >>> at = datetime(2026, 11, 29, tzinfo=timezone.utc)
    >>> svg = recent_results_svg(
    ...     [FinishedGame("EH-N", True, 1220, 300, 600, at)], title="Easy Harp: last games")
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" role="img"')
    True
    >>> '<title id="recent-results-title">Easy Harp: last games</title>' in svg
    True
    """
    if len(recent) > RECENT_LIMIT:
        raise StatsInputError(f"the chart shows at most {RECENT_LIMIT} games, not {len(recent)}")
    if not title.strip():
        raise StatsInputError("the chart needs a title (it is what a screen reader says)")
    if not _ELEMENT_ID.fullmatch(chart_id):
        raise StatsInputError(
            f"chart_id {chart_id!r} is not an element id: letters, digits, - and _ only"
        )
    title_id = f"{chart_id}-title"
    slots = max(len(recent), 1)
    width = slots * (BAR_WIDTH + BAR_GAP) + BAR_GAP
    middle = CHART_HEIGHT // 2
    bar_height = middle - 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" id="{chart_id}" '
        f'aria-labelledby="{title_id}" class="recent-results" '
        f'width="{width}" height="{CHART_HEIGHT}" '
        f'viewBox="0 0 {width} {CHART_HEIGHT}">',
        f'<title id="{title_id}">{escape(title)}</title>',
        f'<line class="axis" x1="0" y1="{middle}" x2="{width}" y2="{middle}" '
        f'stroke="#888" stroke-width="1"/>',
    ]
    for slot, game in enumerate(recent):
        x = BAR_GAP + slot * (BAR_WIDTH + BAR_GAP)
        y = middle - bar_height if game.won else middle
        kind, colour = ("win", "#2e7d32") if game.won else ("loss", "#c62828")
        parts.append(
            f'<rect class="{kind}" x="{x}" y="{y}" width="{BAR_WIDTH}" height="{bar_height}" '
            f'fill="{colour}"><title>{escape(label(game))}</title></rect>'
        )
    parts.append("</svg>")
    return "".join(parts)


__all__ = [
    "RECENT_LIMIT",
    "VARIANT_KEYS",
    "FinishedGame",
    "Record",
    "StatsInputError",
    "VariantStats",
    "player_stats",
    "recent_results_svg",
    "variant_key",
]
