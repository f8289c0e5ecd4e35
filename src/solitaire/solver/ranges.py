"""Solving many deals of a variant, on several processes, and the figures of a run.

>>> from solitaire.codes import parse_variant
>>> outcomes = list(solve_deals(parse_variant("SS1-S1"), [1, 2], seconds=10, jobs=1))
>>> sorted(outcome.deal for outcome in outcomes), {o.verdict.value for o in outcomes}
([1, 2], {'winnable'})
>>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.95)
(2.0, 4.0)
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..codes import GameCode, Variant
from ..games import rules_for
from . import Verdict, solve


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What the solver said about one numbered deal."""

    code: str
    deal: int
    verdict: Verdict
    moves: int
    positions: int
    seconds: float
    solution: str


def solve_deal(
    variant: Variant,
    deal: int,
    seconds: float,
    cpu_time: bool = False,
    max_positions: int | None = None,
) -> DealOutcome:
    """Solve one deal of a variant from its first position."""
    result = solve(
        rules_for(variant).deal(deal),
        seconds=seconds,
        max_positions=max_positions,
        cpu_time=cpu_time,
    )
    return DealOutcome(
        code=str(GameCode(variant, deal)),
        deal=deal,
        verdict=result.verdict,
        moves=len(result.moves),
        positions=result.positions,
        seconds=result.seconds,
        solution=result.solution_text,
    )


def _solve_task(task: tuple[Variant, int, float, bool, int | None]) -> DealOutcome:
    return solve_deal(*task)


def solve_deals(
    variant: Variant,
    deals: Iterable[int],
    *,
    seconds: float,
    jobs: int,
    cpu_time: bool = False,
    max_positions: int | None = None,
) -> Iterator[DealOutcome]:
    """Solve deals on ``jobs`` processes, yielding each outcome as soon as it is known (so not
    necessarily in deal order). ``cpu_time``: budgets and times in CPU seconds;
    ``max_positions``: a budget of positions per deal too (the same verdicts on any
    machine, as long as the seconds do not run out first)."""
    tasks = [(variant, deal, seconds, cpu_time, max_positions) for deal in deals]
    if jobs <= 1:
        yield from map(_solve_task, tasks)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(_solve_task, tasks)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest value with ``fraction`` of them at or below."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class Summary:
    """The figures of a run of deals."""

    deals: int
    won: int
    not_winnable: int
    unknown: int
    median_seconds: float
    p95_seconds: float
    positions_per_second: float

    @classmethod
    def of(cls, outcomes: Sequence[DealOutcome]) -> Summary:
        times = [outcome.seconds for outcome in outcomes]
        counts = {verdict: 0 for verdict in Verdict}
        for outcome in outcomes:
            counts[outcome.verdict] += 1
        total_time = sum(times)
        return cls(
            deals=len(outcomes),
            won=counts[Verdict.WINNABLE],
            not_winnable=counts[Verdict.NOT_WINNABLE],
            unknown=counts[Verdict.UNKNOWN],
            median_seconds=percentile(times, 0.5) if times else 0.0,
            p95_seconds=percentile(times, 0.95) if times else 0.0,
            positions_per_second=(
                sum(outcome.positions for outcome in outcomes) / total_time if total_time else 0.0
            ),
        )

    def text(self) -> str:
        """One line, e.g. ``200 deals: won 181, not winnable 15, unknown 4; median 0.31 s …``."""
        return (
            f"{self.deals} deals: won {self.won}, not winnable {self.not_winnable}, "
            f"unknown {self.unknown}; median {self.median_seconds:.2f} s, "
            f"95th percentile {self.p95_seconds:.2f} s, "
            f"{self.positions_per_second:,.0f} positions/s"
        )
