"""Grading deals ahead of time: prove each winnable, measure how hard it is for a person, and
cut the graded deals of a variant into four levels.

A deal is graded when the solver proves it winnable within the budget (its solution replayed
through the rules by :func:`solitaire.solver.solve`, and once more here through a
:class:`~solitaire.play.Game`, which gives the move counter and the score a player would
see at the end of it). Deals the solver proves lost or leaves unknown are not graded.

Its **difficulty** is ``1 − progress``: the share of the cards the plain player
(:mod:`solitaire.levels.player`) leaves out, averaged over its seeded games. The graded
deals of a variant, ordered by difficulty (ties: the longer solution is the harder), are cut
into four equal parts: easy, medium, hard, expert.

>>> from solitaire.codes import parse_code
>>> record = grade_deal(parse_code("SS1-S1-AAAAABD"), seconds=10, playouts=1)
>>> record.verdict, record.won_by_solution
('winnable', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from ..codes import GameCode
from ..games import rules_for
from ..play import Game
from ..solver import Verdict, solve
from .player import PLAYOUTS, plain_progress

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels, easiest first (LV-1)."""
MAX_POSITIONS = 100_000
"""The solver's budget per deal in positions (the seconds are a cap on top): a budget in
positions gives the same verdicts on every machine."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What grading found out about one deal: the verdict, and for a winnable one the plain
    player's progress per game, the proven solution (move text), its length and the move
    counter and score a player has after playing it."""

    variant: str
    deal: int
    verdict: str
    progress: tuple[float, ...] = ()
    solution: str = ""
    solution_moves: int = 0
    counter: int = 0
    score: int = 0
    positions: int = 0

    @property
    def difficulty(self) -> float:
        """``1 − mean progress`` (0: the plain player always wins it)."""
        return 1.0 - sum(self.progress) / len(self.progress)

    @property
    def won_by_solution(self) -> bool:
        return self.verdict == Verdict.WINNABLE.value and self.solution_moves > 0

    def as_json(self) -> dict[str, object]:
        data = asdict(self)
        data["progress"] = list(self.progress)
        return data

    @classmethod
    def from_json(cls, data: dict[str, object]) -> DealRecord:
        values = dict(data)
        progress = values.pop("progress", [])
        assert isinstance(progress, list)
        return cls(progress=tuple(float(share) for share in progress), **values)  # type: ignore[arg-type]


def play_solution(code: GameCode, solution: str) -> Game:
    """The game after playing ``solution`` from the deal of ``code`` through the rules
    (raises :class:`~solitaire.games.Refusal` at an illegal move)."""
    game = Game.from_code(code)
    for move in solution.split():
        game.play(move)
    return game


def grade_deal(
    code: GameCode,
    *,
    seconds: float,
    max_positions: int = MAX_POSITIONS,
    playouts: int = PLAYOUTS,
) -> DealRecord:
    """Solve one deal and, when it is proven winnable, measure it."""
    position = rules_for(code.variant).deal(code.deal)
    result = solve(position, seconds=seconds, max_positions=max_positions)
    variant = str(code.variant)
    if result.verdict is not Verdict.WINNABLE:
        return DealRecord(variant, code.deal, result.verdict.value, positions=result.positions)
    game = play_solution(code, result.solution_text)
    if not game.won:
        raise AssertionError(f"{code}: the solver's solution does not win")  # solve checks it
    return DealRecord(
        variant,
        code.deal,
        result.verdict.value,
        progress=plain_progress(code, playouts).games,
        solution=result.solution_text,
        solution_moves=len(result.moves),
        counter=game.moves,
        score=game.score,
        positions=result.positions,
    )


def levels_of(records: Iterable[DealRecord]) -> dict[str, list[DealRecord]]:
    """The graded deals cut into the four levels (each the same size, the hardest level
    taking what is left over), easiest first within each."""
    graded = sorted(
        (record for record in records if record.won_by_solution),
        key=lambda record: (record.difficulty, record.solution_moves, record.deal),
    )
    size = len(graded) // len(LEVELS)
    cut: dict[str, list[DealRecord]] = {}
    for index, level in enumerate(LEVELS):
        end = None if index == len(LEVELS) - 1 else (index + 1) * size
        cut[level] = graded[index * size : end]
    return cut


def level_summary(deals: Sequence[DealRecord]) -> dict[str, float]:
    """Figures of one level: its deals, the difficulty's range and median, the plain
    player's win rate and the solutions' median length."""
    difficulties = sorted(record.difficulty for record in deals)
    games = [share for record in deals for share in record.progress]
    lengths = sorted(record.solution_moves for record in deals)
    return {
        "deals": len(deals),
        "difficulty_min": difficulties[0],
        "difficulty_median": difficulties[len(difficulties) // 2],
        "difficulty_max": difficulties[-1],
        "plain_win_rate": sum(1 for share in games if share >= 1.0) / len(games),
        "solution_median": lengths[len(lengths) // 2],
    }
