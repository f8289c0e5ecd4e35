"""The solver's benchmark: verdicts and times per variant, beside the reference solvers.

    .venv/bin/python -m bench.solver_bench [--first 1 --last 1000 --seconds 10]
        [--variants KL1-D1N,SS1-S4,…] [--jobs 2] [--no-references] [--csv-dir DIR]
        [--max-positions N] [--figures docs/solver-figures.md]
        [--mid-game-deals 100 --mid-game-seconds 1 --mid-game-every 10]

For each variant it shows a progress bar (tqdm, on stderr) while the deals are solved, then
prints won / not winnable / unknown, the median and 95th-percentile time per deal, the
positions searched per second and the peak memory of a solving process; then, on the same
deals, the reference
solvers: Klondike-Solver (PyPI ``pyksolve``) for Klondike and Freecell Solver (``fc-solve
--game simple_simon -l the-last-mohican``, its preset for Simple Simon) for Simple Simon with
4 suits. Neither reference plays exactly our rules, so their verdicts are bounds, not
answers: Klondike-Solver always allows passing the waste back (an upper bound for Vegas,
KL-9), and Freecell Solver lets a mixed-suit run move with the help of empty columns (an
upper bound for SS-3). Freecell Solver's "I could not solve this game" proves nothing (its
scans prune: it says so on positions we win, the rules replaying the win), so it counts as
unknown.

Then, per variant, the **positions met mid-game**: the plain player (``levels/player.py``, a
seeded player who sees what a person sees and looks one move ahead) plays the first
``--mid-game-deals`` deals once each, and every ``--mid-game-every``-th position of its game
is solved with ``--mid-game-seconds`` (1 CPU second: what the winnable light and the hints
need). It prints the share decided, the median and 99th-percentile time, and the positions
left undecided (deal:move).

``--max-positions`` adds a budget of positions per deal: with it (and seconds to spare) the
verdicts and positions are the same on any machine, so two versions of the solver can be
compared whatever else the machine is doing. ``--figures`` writes the run's table into the
figures file (docs/solver-figures.md), in place of the last run's.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import math
import multiprocessing
import os
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm  # type: ignore[import-untyped]

from solitaire.cards import Suit
from solitaire.codes import ALL_VARIANTS, GameCode, GameId, Variant, parse_variant
from solitaire.deals import deck_for, shuffled_deck
from solitaire.games import rules_for
from solitaire.levels.player import plain_game
from solitaire.position import Position
from solitaire.solver import Verdict, solve
from solitaire.solver.ranges import DealOutcome, Summary, percentile, solve_deals

KLONDIKE_SOLVER_SUITS = {Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3, Suit.SPADES: 4}
"""Klondike-Solver's card text: two digits of rank, one of suit (1 ♣, 2 ♦, 3 ♥, 4 ♠)."""


@dataclass(frozen=True, slots=True)
class ReferenceOutcome:
    deal: int
    verdict: Verdict
    seconds: float


def klondike_solver_deck(deal: int) -> str:
    """Our deal in Klondike-Solver's text: the cards in dealing order (row by row, then the
    stock in the order it is turned), which is exactly our shuffled deck (deals.py)."""
    cards = shuffled_deck(deck_for(GameId.KLONDIKE, 4), deal)
    return "".join(f"{card.rank:02d}{KLONDIKE_SOLVER_SUITS[card.suit]}" for card in cards)


def _klondike_solver_task(task: tuple[int, int, int]) -> ReferenceOutcome:
    from pyksolve.solver import (  # type: ignore[import-untyped]
        Solitaire,
        SolveResult,
    )

    deal, draw, max_closed = task
    solitaire = Solitaire()
    solitaire.load_solitaire(klondike_solver_deck(deal))
    solitaire.reset_game(draw)
    started = time.process_time()
    result = solitaire.solve_fast(max_closed_count=max_closed)
    seconds = time.process_time() - started
    verdict = {
        SolveResult.SolvedMinimal: Verdict.WINNABLE,
        SolveResult.SolvedMayNotBeMinimal: Verdict.WINNABLE,
        SolveResult.Impossible: Verdict.NOT_WINNABLE,
    }.get(result, Verdict.UNKNOWN)
    return ReferenceOutcome(deal, verdict, seconds)


FREECELL_SOLVER_PRESET = ("-l", "the-last-mohican")
"""fc-solve's own preset for Simple Simon ("less false negatives than the default"): over
SS1-S4 deals 1–100 it wins 91 of the 93 we win, the default scan 73."""

WALL_CLOCK_ALLOWANCE = 10
"""How much longer than its CPU budget fc-solve may take by the clock on a busy machine."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def simple_simon_board(variant: Variant, deal: int) -> str:
    """Our deal in Freecell Solver's plain ten-line form (rules §1)."""
    position = rules_for(variant).deal(deal)
    return "".join(" ".join(card.code for card in pile.cards) + "\n" for pile in position.piles)


def _freecell_solver_task(task: tuple[Variant, int, float]) -> ReferenceOutcome:
    variant, deal, seconds = task
    with tempfile.NamedTemporaryFile("w", suffix=".board", delete=False) as board:
        board.write(simple_simon_board(variant, deal))
    cpu_limit = max(1, math.ceil(seconds))

    def limit_cpu() -> None:
        # The same budget as ours, in CPU seconds: the kernel stops fc-solve past it.
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 1))

    started = _children_cpu()
    try:
        done = subprocess.run(
            ["fc-solve", "--game", "simple_simon", *FREECELL_SOLVER_PRESET, board.name],
            capture_output=True,
            text=True,
            timeout=seconds * WALL_CLOCK_ALLOWANCE,
            check=False,
            preexec_fn=limit_cpu,
        )
        output = done.stdout
    except subprocess.TimeoutExpired:
        output = ""
    finally:
        os.unlink(board.name)
    elapsed = _children_cpu() - started
    # "I could not solve this game" is no proof: fc-solve's scans prune moves (it says so on
    # SS1-S4 deals and positions we win), so only a win counts.
    verdict = Verdict.WINNABLE if "This game is solveable" in output else Verdict.UNKNOWN
    return ReferenceOutcome(deal, verdict, elapsed)


def reference_outcomes(
    variant: Variant, deals: Iterable[int], seconds: float, jobs: int, max_closed: int
) -> tuple[str, list[ReferenceOutcome]] | None:
    """The reference solver's outcomes for a variant, or None when it has none."""
    if variant.game is GameId.KLONDIKE:
        tasks_k = [(deal, variant.draw, max_closed) for deal in deals]
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            name = "Klondike-Solver" + (" (passes allowed)" if variant.vegas else "")
            return name, list(pool.imap_unordered(_klondike_solver_task, tasks_k))
    if variant.game is GameId.SIMPLE_SIMON and variant.suits == 4 and shutil.which("fc-solve"):
        tasks_f = [(variant, deal, seconds) for deal in deals]
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            return "fc-solve", list(pool.imap_unordered(_freecell_solver_task, tasks_f))
    return None


def reference_line(name: str, outcomes: list[ReferenceOutcome]) -> str:
    counts = {verdict: 0 for verdict in Verdict}
    for outcome in outcomes:
        counts[outcome.verdict] += 1
    times = [outcome.seconds for outcome in outcomes]
    return (
        f"  {name}: won {counts[Verdict.WINNABLE]}, not winnable "
        f"{counts[Verdict.NOT_WINNABLE]}, unknown {counts[Verdict.UNKNOWN]}; "
        f"median {percentile(times, 0.5):.2f} s, 95th percentile {percentile(times, 0.95):.2f} s"
    )


def write_csv(path: Path, outcomes: list[DealOutcome]) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["deal", "code", "verdict", "moves", "positions", "seconds"])
        for outcome in sorted(outcomes, key=lambda o: o.deal):
            writer.writerow(
                [
                    outcome.deal,
                    outcome.code,
                    outcome.verdict.value,
                    outcome.moves,
                    outcome.positions,
                    f"{outcome.seconds:.3f}",
                ]
            )


def peak_memory_mb() -> float:
    """The largest resident memory any solving process has reached so far (this one with
    ``--jobs 1``, the pool's workers otherwise), in MB: a bound on one search's memory,
    since a process solves one deal at a time and frees each search's tables."""
    peak_kb = max(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
    )
    return peak_kb / 1024


@dataclass(frozen=True, slots=True)
class MidGameOutcome:
    """The verdict on one position met mid-game: its deal, the move after which it was met."""

    deal: int
    move: int
    verdict: Verdict
    seconds: float


@dataclass(frozen=True, slots=True)
class MidGameFigures:
    """One variant's positions met mid-game: how many, how many decided, and how fast."""

    variant: str
    outcomes: tuple[MidGameOutcome, ...]

    @property
    def decided(self) -> int:
        return sum(1 for o in self.outcomes if o.verdict is not Verdict.UNKNOWN)

    @property
    def share_decided(self) -> float:
        return self.decided / len(self.outcomes) if self.outcomes else 1.0

    def count(self, verdict: Verdict) -> int:
        return sum(1 for o in self.outcomes if o.verdict is verdict)

    def percentile(self, fraction: float) -> float:
        return percentile([o.seconds for o in self.outcomes], fraction) if self.outcomes else 0.0

    @property
    def undecided(self) -> tuple[str, ...]:
        return tuple(
            f"{o.deal}:{o.move}"
            for o in sorted(self.outcomes, key=lambda o: (o.deal, o.move))
            if o.verdict is Verdict.UNKNOWN
        )

    def text(self) -> str:
        return (
            f"{len(self.outcomes)} positions met mid-game, {self.decided} decided "
            f"({100 * self.share_decided:.1f} %: won {self.count(Verdict.WINNABLE)}, not "
            f"winnable {self.count(Verdict.NOT_WINNABLE)}); median {self.percentile(0.5):.3f} s, "
            f"99th percentile {self.percentile(0.99):.2f} s"
        )


def mid_game_positions(
    variant: Variant, deals: Iterable[int], every: int
) -> Iterator[tuple[int, int, Position]]:
    """Every ``every``-th position of the plain player's first game of each deal (the seeded
    game ``levels/player.py`` plays for the deal's level), with its deal and move number; a
    won position is left out (nothing to decide).

    >>> met = mid_game_positions(parse_variant("KL1-D1N"), [2], 10)
    >>> [(deal, move) for deal, move, _ in met][:2]
    [(2, 10), (2, 20)]
    """
    rules = rules_for(variant)
    for deal in deals:
        game = plain_game(rules, rules.deal(deal), f"{GameCode(variant, deal)}#0")
        for move, (position, _) in enumerate(game, start=1):
            if move % every == 0 and not rules.is_won(position):
                yield deal, move, position


def _mid_game_task(task: tuple[int, int, Position, float]) -> MidGameOutcome:
    deal, move, position, seconds = task
    result = solve(position, seconds=seconds, cpu_time=True)
    return MidGameOutcome(deal, move, result.verdict, result.seconds)


def solve_mid_game(
    variant: Variant, deals: Iterable[int], every: int, seconds: float, jobs: int
) -> MidGameFigures:
    """Solve the positions met mid-game, ``jobs`` processes side by side, with a progress bar."""
    tasks = [
        (deal, move, position, seconds)
        for deal, move, position in mid_game_positions(variant, deals, every)
    ]
    bar = tqdm(total=len(tasks), desc=f"{variant} mid-game", unit="position", file=sys.stderr)
    outcomes: list[MidGameOutcome] = []
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for outcome in pool.imap_unordered(_mid_game_task, tasks):
                outcomes.append(outcome)
                bar.update()
    else:
        for task in tasks:
            outcomes.append(_mid_game_task(task))
            bar.update()
    bar.close()
    return MidGameFigures(str(variant), tuple(outcomes))


FIGURES_BEGIN = "<!-- solver_bench --figures: begin. Written by the benchmark; do not edit. -->"
FIGURES_END = "<!-- solver_bench --figures: end -->"


@dataclass(frozen=True, slots=True)
class VariantFigures:
    """One variant's line of a run: its summary, the deals left undecided, the reference."""

    variant: str
    summary: Summary
    positions: int
    undecided: tuple[int, ...]
    reference: str | None
    peak_mb: float


def figures_section(
    command: str,
    started: str,
    loads: tuple[float, float],
    rows: list[VariantFigures],
    mid_game: list[MidGameFigures] | None = None,
    mid_game_how: str = "",
) -> str:
    """The run as markdown: when, how, on what, and one table row per variant."""
    lines = [
        FIGURES_BEGIN,
        f"## Latest run ({started} UTC)",
        "",
        f"`{command}`, on {os.cpu_count()} cores, load average {loads[0]:.1f} at the start"
        f" and {loads[1]:.1f} at the end.",
        "",
        "| variant | won | not winnable | unknown | median s | p95 s | positions/s | positions "
        "| peak MB |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        summary = row.summary
        share = 100 * summary.unknown / summary.deals if summary.deals else 0.0
        lines.append(
            f"| {row.variant} | {summary.won} | {summary.not_winnable} | "
            f"{summary.unknown} ({share:.1f} %) | {summary.median_seconds:.2f} | "
            f"{summary.p95_seconds:.2f} | {summary.positions_per_second:,.0f} | "
            f"{row.positions:,} | {row.peak_mb:,.0f} |"
        )
    lines.append("")
    for row in rows:
        undecided = ", ".join(map(str, row.undecided)) or "none"
        lines.append(f"- {row.variant} undecided: {undecided}.")
        if row.reference:
            lines.append(f"  Reference on the same deals: {row.reference.strip()}.")
    if mid_game:
        lines += [
            "",
            f"Positions met mid-game ({mid_game_how}):",
            "",
            "| variant | positions | decided | won | not winnable | unknown | median s | p99 s "
            "| slowest s |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for figures in mid_game:
            lines.append(
                f"| {figures.variant} | {len(figures.outcomes)} | "
                f"{100 * figures.share_decided:.1f} % | {figures.count(Verdict.WINNABLE)} | "
                f"{figures.count(Verdict.NOT_WINNABLE)} | {figures.count(Verdict.UNKNOWN)} | "
                f"{figures.percentile(0.5):.3f} | {figures.percentile(0.99):.2f} | "
                f"{figures.percentile(1.0):.2f} |"
            )
        lines.append("")
        for figures in mid_game:
            undecided = ", ".join(figures.undecided) or "none"
            lines.append(f"- {figures.variant} undecided mid-game (deal:move): {undecided}.")
    lines.append(FIGURES_END)
    return "\n".join(lines) + "\n"


def write_figures(path: Path, section: str) -> None:
    """Put the section in place of the last run's (or at the end, the first time)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if FIGURES_BEGIN in text and FIGURES_END in text:
        before, _, rest = text.partition(FIGURES_BEGIN)
        _, _, after = rest.partition(FIGURES_END + "\n")
        text = before + section + after
    else:
        text = text + ("\n" if text else "") + section
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.solver_bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per deal")
    parser.add_argument(
        "--wall-clock",
        action="store_true",
        help="budget wall-clock seconds (default: CPU seconds of the solving process, so "
        "that other work on the machine does not change the figures)",
    )
    parser.add_argument(
        "--variants",
        default=",".join(str(v) for v in ALL_VARIANTS),
        help="comma-separated, e.g. KL1-D1N,SS1-S4",
    )
    parser.add_argument("--jobs", type=int, default=2, help="processes solving deals side by side")
    parser.add_argument("--no-references", action="store_true", help="skip the reference solvers")
    parser.add_argument(
        "--max-closed",
        type=int,
        default=1_000_000,
        help="Klondike-Solver's budget in closed states (it has no clock)",
    )
    parser.add_argument("--csv-dir", type=Path, help="write one CSV of outcomes per variant here")
    parser.add_argument(
        "--max-positions",
        type=int,
        help="a budget of positions per deal too (figures that do not depend on the machine)",
    )
    parser.add_argument(
        "--figures", type=Path, help="write the run's table into this figures file (markdown)"
    )
    parser.add_argument(
        "--mid-game-deals",
        type=int,
        default=100,
        help="deals (from FIRST) the plain player plays for the positions met mid-game; 0: none",
    )
    parser.add_argument(
        "--mid-game-seconds", type=float, default=1.0, help="CPU budget per mid-game position"
    )
    parser.add_argument(
        "--mid-game-every", type=int, default=10, help="solve every N-th position of each game"
    )
    args = parser.parse_args(argv)
    try:
        variants = [parse_variant(text) for text in args.variants.split(",") if text.strip()]
    except ValueError as error:
        print(f"solver_bench: {error}", file=sys.stderr)
        return 2
    if not 1 <= args.first <= args.last:
        print("solver_bench: need 1 <= FIRST <= LAST", file=sys.stderr)
        return 2
    if args.mid_game_deals < 0 or args.mid_game_every < 1 or args.mid_game_seconds <= 0:
        print(
            "solver_bench: need --mid-game-deals >= 0, --mid-game-every >= 1 and "
            "--mid-game-seconds > 0",
            file=sys.stderr,
        )
        return 2
    deals = range(args.first, args.last + 1)
    clock = "wall-clock" if args.wall_clock else "CPU"
    limit = f", at most {args.max_positions:,} positions" if args.max_positions else ""
    print(
        f"deals {args.first}-{args.last}, {args.seconds:g} {clock} seconds per deal{limit}, "
        f"{args.jobs} processes"
    )
    started = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M")
    load_at_start = os.getloadavg()[0]
    rows: list[VariantFigures] = []
    mid_game: list[MidGameFigures] = []
    mid_game_deals = range(args.first, min(args.last, args.first + args.mid_game_deals - 1) + 1)
    mid_game_how = (
        f"the plain player's game of deals {mid_game_deals.start}-{mid_game_deals.stop - 1}, "
        f"every {args.mid_game_every}th position, {args.mid_game_seconds:g} CPU s each"
    )
    for variant in variants:
        outcomes = []
        # Each deal's outcome is written as soon as it is known (a long run that is stopped
        # still leaves its figures so far); the sorted CSV replaces it at the end.
        progress = None
        if args.csv_dir is not None:
            args.csv_dir.mkdir(parents=True, exist_ok=True)
            progress = (args.csv_dir / f"{variant}.partial.csv").open("w", encoding="utf-8")
        counts = {verdict: 0 for verdict in Verdict}
        bar = tqdm(total=len(deals), desc=str(variant), unit="deal", file=sys.stderr)
        for outcome in solve_deals(
            variant,
            deals,
            seconds=args.seconds,
            jobs=args.jobs,
            cpu_time=not args.wall_clock,
            max_positions=args.max_positions,
        ):
            outcomes.append(outcome)
            counts[outcome.verdict] += 1
            bar.set_postfix(
                won=counts[Verdict.WINNABLE],
                lost=counts[Verdict.NOT_WINNABLE],
                unknown=counts[Verdict.UNKNOWN],
                refresh=False,
            )
            bar.update()
            if progress is not None:
                progress.write(
                    f"{outcome.deal},{outcome.verdict.value},{outcome.positions},"
                    f"{outcome.seconds:.3f}\n"
                )
                progress.flush()
        bar.close()
        if progress is not None:
            progress.close()
        summary = Summary.of(outcomes)
        memory = peak_memory_mb()
        print(f"{variant}: {summary.text()}; peak memory {memory:,.0f} MB", flush=True)
        if args.csv_dir is not None:
            args.csv_dir.mkdir(parents=True, exist_ok=True)
            write_csv(args.csv_dir / f"{variant}.csv", outcomes)
        reference = None
        if not args.no_references:
            found = reference_outcomes(variant, deals, args.seconds, args.jobs, args.max_closed)
            if found is not None:
                reference = reference_line(*found)
                print(reference, flush=True)
        undecided = sorted(o.deal for o in outcomes if o.verdict is Verdict.UNKNOWN)
        total = sum(outcome.positions for outcome in outcomes)
        rows.append(
            VariantFigures(str(variant), summary, total, tuple(undecided), reference, memory)
        )
        if args.mid_game_deals:
            figures = solve_mid_game(
                variant, mid_game_deals, args.mid_game_every, args.mid_game_seconds, args.jobs
            )
            mid_game.append(figures)
            print(f"{variant}: {figures.text()}", flush=True)
    if args.figures is not None:
        command = "python -m bench.solver_bench " + shlex.join(
            sys.argv[1:] if argv is None else argv
        )
        loads = (load_at_start, os.getloadavg()[0])
        section = figures_section(command, started, loads, rows, mid_game, mid_game_how)
        write_figures(args.figures, section)
        print(f"figures written to {args.figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
