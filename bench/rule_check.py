"""A reduction of the Klondike and Easy Harp search checked against the search without it.

    .venv/bin/python -m bench.rule_check KL1-D1N ups_together [--first 1 --last 200]
        [--every 10] [--positions 400000] [--jobs 2]

The plain player (``levels/player.py``) plays deals FIRST to LAST once each, as the solver's
benchmark has it play them; every ``--every``-th position of its game is solved by the
complete search alone, run to its end within ``--positions`` positions, once with the rule
(a switch of ``StockTable``: ``talon_waits``, ``kings_fill``, ``runs_wait``,
``loose_cards``, ``free_chains``, ``ups_together``, ``blockades``) and once without it. A
sound rule never changes a verdict where both searches decide; it only changes how many
positions they take.
It prints how many positions both decide, how many of them are lost, how many only one
decides, and the positions both took; every position with two verdicts is printed with its
layout, and the exit status is then 1.

The tests check each rule on a few deals' positions (``tests/solver``); this check takes
minutes over hundreds of deals, which is where an unsound rule shows: "talon cards up at
once" passed the tests and failed here on KL1-D1N deal 19 (docs/solver-figures.md,
2026-12-06). Each new rule's closing figures in docs/solver.md come from it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace

from tqdm import tqdm  # type: ignore[import-untyped]

from solitaire.codes import Variant, parse_variant
from solitaire.layout import format_layout
from solitaire.position import Position
from solitaire.solver import stock_bridge
from solitaire.solver.stock_bridge import COMPLETE, Config
from solitaire.solver.stock_position import StockTable, state_of

from .solver_bench import mid_game_positions

RULES = (
    "talon_waits",
    "kings_fill",
    "runs_wait",
    "loose_cards",
    "free_chains",
    "ups_together",
    "blockades",
)
"""The switches of ``StockTable`` that change the complete search (the others are the game's
shape, or act at the likely level only)."""


@dataclass(frozen=True, slots=True)
class Compared:
    """One position, solved with the rule and without it: each search's status (``WON``,
    ``PROVED_LOST`` or out of budget) and the positions it took."""

    deal: int
    move: int
    with_rule: tuple[int, int]
    without_rule: tuple[int, int]

    @property
    def name(self) -> str:
        return f"{self.deal}:{self.move}"


DECIDED = (stock_bridge.WON, stock_bridge.PROVED_LOST)


def with_and_without(
    position: Position, table: StockTable, rule: str, budget: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The complete search alone from ``position``, run to its end within ``budget``
    positions, with the table's ``rule`` and without it: each one's status and positions.

    >>> from solitaire.codes import parse_code
    >>> from solitaire.games import rules_for
    >>> code = parse_code("KL1-D1N-AAAAAAB")
    >>> start = rules_for(code.variant).deal(code.deal)
    >>> table = StockTable.for_variant(code.variant)
    >>> [status for status, _ in with_and_without(start, table, "runs_wait", 100_000)]
    [0, 0]
    """
    without = replace(table, **{rule: False})
    return complete_alone(position, table, budget), complete_alone(position, without, budget)


def complete_alone(
    position: Position, table: StockTable, budget: int, seconds: float = 3600.0
) -> tuple[int, int]:
    """The complete search alone from ``position``, run to its end within ``budget``
    positions (-1: no bound) and ``seconds`` of CPU: its status and the positions it
    expanded."""
    return search_alone(position, table, (COMPLETE, 0, 1), budget, seconds)


def search_alone(
    position: Position, table: StockTable, config: Config, budget: int, seconds: float = 3600.0
) -> tuple[int, int]:
    """One search (``config``, as the portfolios give it) alone from ``position``, run to its
    end within ``budget`` positions (-1: no bound) and ``seconds`` of CPU: its status and the
    positions it expanded.

    >>> from solitaire.codes import parse_code
    >>> from solitaire.games import rules_for
    >>> from solitaire.solver.stock_bridge import LIKELY
    >>> code = parse_code("KL1-D1N-AAAAAAB")
    >>> start = rules_for(code.variant).deal(code.deal)
    >>> search_alone(start, StockTable.for_variant(code.variant), (LIKELY, 0, 1), 100_000)[0]
    0
    """
    status, positions, _ = stock_bridge.search(
        state_of(position),
        table,
        (config,),
        seconds=seconds,
        cpu_clock=True,
        max_positions=budget,
    )
    return status, positions


def _solve_both(task: tuple[int, int, Position, StockTable, str, int]) -> Compared:
    deal, move, position, table, rule, budget = task
    return Compared(deal, move, *with_and_without(position, table, rule, budget))


def compare(
    variant: Variant, rule: str, deals: range, every: int, budget: int, jobs: int
) -> Iterator[Compared]:
    """Each position met mid-game in ``deals``, solved with and without ``rule``."""
    table = StockTable.for_variant(variant)
    tasks = [
        (deal, move, position, table, rule, budget)
        for deal, move, position in mid_game_positions(variant, deals, every)
    ]
    bar = tqdm(total=len(tasks), desc=f"{variant} {rule}", unit="position", file=sys.stderr)
    try:
        if jobs == 1:
            for task in tasks:
                yield _solve_both(task)
                bar.update()
        else:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                for compared in pool.imap(_solve_both, tasks, chunksize=4):
                    yield compared
                    bar.update()
    finally:
        bar.close()


def _rule(variant: Variant, rule: str) -> str | None:
    """Why ``rule`` cannot be checked in ``variant``, or None."""
    if rule not in RULES:
        return f"unknown rule {rule!r}: one of {', '.join(RULES)}"
    try:
        table = StockTable.for_variant(variant)
    except ValueError:
        return f"{variant} has no stock: its search has no such rules"
    if not getattr(table, rule):
        return f"{rule} is off in {variant}: there is nothing to compare"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.rule_check",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("variant", help="a Klondike or Easy Harp variant, e.g. KL1-D1N")
    parser.add_argument("rule", help=f"one of {', '.join(RULES)}")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=200)
    parser.add_argument("--every", type=int, default=10, help="every n-th position of a game")
    parser.add_argument(
        "--positions", type=int, default=400_000, help="each search's budget in positions"
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes side by side")
    args = parser.parse_args(argv)
    try:
        variant = parse_variant(args.variant)
    except ValueError as error:
        parser.error(str(error))
    problem = _rule(variant, args.rule)
    if problem:
        parser.error(problem)
    if args.first < 1 or args.last < args.first:
        parser.error(f"deals {args.first}-{args.last}: FIRST must be 1 or more, LAST not before it")
    for name in ("every", "positions", "jobs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be 1 or more")

    deals = range(args.first, args.last + 1)
    met = lost = only_with = only_without = neither = 0
    with_positions = without_positions = 0
    different: list[Compared] = []
    for compared in compare(variant, args.rule, deals, args.every, args.positions, args.jobs):
        met += 1
        (with_status, with_count), (without_status, without_count) = (
            compared.with_rule,
            compared.without_rule,
        )
        if with_status in DECIDED and without_status in DECIDED:
            if with_status != without_status:
                different.append(compared)
                continue
            lost += with_status == stock_bridge.PROVED_LOST
            with_positions += with_count
            without_positions += without_count
        elif with_status in DECIDED:
            only_with += 1
        elif without_status in DECIDED:
            only_without += 1
        else:
            neither += 1
    both = met - only_with - only_without - neither - len(different)
    print(
        f"{variant} {args.rule}, deals {args.first}-{args.last}, every {args.every}th move, "
        f"{args.positions:,} positions a search: {met:,} positions met"
    )
    print(
        f"both decide {both:,} ({lost:,} lost, {both - lost:,} won), "
        + ("the same verdict on all" if not different else f"{len(different)} with two verdicts")
    )
    print(f"only with the rule {only_with:,}, only without {only_without:,}, neither {neither:,}")
    change = (with_positions / without_positions - 1) * 100 if without_positions else 0.0
    print(
        f"positions where both decide the same: {with_positions:,} with the rule, "
        f"{without_positions:,} without ({change:+.1f} %)"
    )
    if different:
        wanted = {compared.name for compared in different}
        again = mid_game_positions(variant, sorted({c.deal for c in different}), args.every)
        positions_of = {f"{d}:{m}": p for d, m, p in again if f"{d}:{m}" in wanted}
        for compared in different:
            verdicts = [
                "won" if status == stock_bridge.WON else "lost"
                for status, _ in (compared.with_rule, compared.without_rule)
            ]
            print(
                f"\nTWO VERDICTS at {compared.name}: {verdicts[0]} with the rule, "
                f"{verdicts[1]} without"
            )
            print(format_layout(positions_of[compared.name]), end="")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
