"""The solver: sees every card (face-down ones included) and says whether a position can be won.

``solve`` answers **winnable** with a solution in move text (rules §1), **not winnable** once the
whole space of positions reachable from the start has been searched, or **unknown** when the
budget (seconds, positions) ran out first. Every solution is replayed through the real rules
(:mod:`solitaire.games`) before it is returned.

>>> from solitaire.games import rules_for
>>> from solitaire.codes import parse_code
>>> code = parse_code("SS1-S1-AAAAABD")
>>> result = solve(rules_for(code.variant).deal(code.deal), seconds=10)
>>> result.verdict.value, len(result.moves) > 0
('winnable', True)
>>> solve(rules_for(code.variant).deal(code.deal), seconds=0).verdict.value
'unknown'
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum

from ..codes import GameId
from ..games import Refusal, rules_for
from ..moves import Move, format_moves
from ..position import Position
from . import simple_simon_search, stock_search
from .budget import Budget, OutOfBudget


class Verdict(Enum):
    WINNABLE = "winnable"
    NOT_WINNABLE = "not winnable"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What a search found: the verdict, a winning list of moves (empty unless winnable), the
    positions it expanded and the seconds it took."""

    verdict: Verdict
    moves: tuple[Move, ...]
    positions: int
    seconds: float

    @property
    def solution_text(self) -> str:
        return format_moves(list(self.moves))


class SolverError(RuntimeError):
    """The solver produced moves the real rules refuse: a bug in the solver, never bad input."""


def solve(
    position: Position,
    *,
    seconds: float,
    max_positions: int | None = None,
    cpu_time: bool = False,
) -> SolveResult:
    """Search for a win from ``position`` within ``seconds`` and ``max_positions``.

    ``seconds`` is wall-clock time, or with ``cpu_time`` this process's CPU time (steadier
    figures on a busy machine, for benchmarks). Raises ValueError for a negative budget.
    """
    budget = Budget(seconds, max_positions, time.process_time if cpu_time else time.perf_counter)
    moves: list[Move] | None
    try:
        if position.variant.game is GameId.SIMPLE_SIMON:
            moves = simple_simon_search.search(position, budget)
        else:
            moves = stock_search.search(position, budget)
    except OutOfBudget:
        return SolveResult(Verdict.UNKNOWN, (), budget.positions, budget.elapsed())
    if moves is None:
        return SolveResult(Verdict.NOT_WINNABLE, (), budget.positions, budget.elapsed())
    resolved = replay(position, moves)
    return SolveResult(Verdict.WINNABLE, tuple(resolved), budget.positions, budget.elapsed())


def replay(position: Position, moves: list[Move]) -> list[Move]:
    """Play the moves through the real rules; the moves as the rules resolve them (``t6-f``
    becomes ``t6-f2``). Raises :class:`SolverError` unless they are legal and win."""
    rules = rules_for(position.variant)
    resolved: list[Move] = []
    fan = 0
    for number, move in enumerate(moves, start=1):
        try:
            step = rules.apply(position, move, fan)
        except Refusal as refusal:
            raise SolverError(
                f"move {number} ({move}) of the solution is refused: {refusal}"
            ) from None
        position, fan = step.position, step.fan
        resolved.append(step.move if not move.is_draw else move)
    if not rules.is_won(position):
        raise SolverError("the solution does not win")
    return resolved


def hint(position: Position, seconds: float) -> Move | None:
    """The first move of a solution from ``position`` (which holds the face-down cards, so it
    must come from the server, never from the browser), or None when none was found in time
    or the position is already won."""
    result = solve(position, seconds=seconds)
    return result.moves[0] if result.moves else None


__all__ = ["SolveResult", "SolverError", "Verdict", "hint", "replay", "solve"]
