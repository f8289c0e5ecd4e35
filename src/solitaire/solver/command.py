"""The `solitaire` subcommands of the solver package (registered by :mod:`solitaire.cli`).

    solitaire solve (CODE | --layout FILE) [--seconds S] [--json]
    solitaire solve-range GAME-OPTIONS FIRST LAST [--seconds S] [--csv FILE] [--jobs N]

Exit status: 0 when the search ran (whatever its verdict), 2 for input that does not parse.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from typing import TextIO

from ..codes import MAX_DEAL, MIN_DEAL, GameCodeError, parse_variant
from ..command_input import BadInput, position_from
from . import solve
from .ranges import DealOutcome, Summary, solve_deals

EXIT_BAD_INPUT = 2
DEFAULT_SOLVE_SECONDS = 30.0
DEFAULT_RANGE_SECONDS = 10.0
CSV_FIELDS = ("deal", "code", "verdict", "moves", "positions", "seconds", "solution")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r}: seconds must be a finite number, 0 or more")
    return value


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: at least 1 process")
    return value


def _add_seconds(parser: argparse.ArgumentParser, default: float, what: str) -> None:
    parser.add_argument(
        "--seconds", type=_seconds, default=default, help=f"{what} (default {default:g})"
    )


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add this package's subcommands to the `solitaire` command."""
    one = commands.add_parser(
        "solve", help="say whether a deal or a position can be won, with a solution"
    )
    one.add_argument("code", nargs="?", help="a game code, e.g. KL1-D1N-AAAAAAG")
    one.add_argument("--layout", metavar="FILE", help="a layout text file ('-' for stdin)")
    _add_seconds(one, DEFAULT_SOLVE_SECONDS, "the search's time budget")
    one.add_argument("--json", action="store_true", help="print one JSON object")
    one.set_defaults(handler=_command_solve)

    many = commands.add_parser(
        "solve-range", help="solve deals FIRST … LAST of a variant and print the figures"
    )
    many.add_argument("variant", metavar="GAME-OPTIONS", help="e.g. KL1-D1N or SS1-S4")
    many.add_argument("first", metavar="FIRST", help="the first deal number")
    many.add_argument("last", metavar="LAST", help="the last deal number")
    _add_seconds(many, DEFAULT_RANGE_SECONDS, "time budget per deal")
    many.add_argument("--csv", metavar="FILE", help="write one row per deal to this CSV file")
    many.add_argument(
        "--cpu-time",
        action="store_true",
        help="count seconds of CPU time, not wall-clock (steadier on a busy machine)",
    )
    many.add_argument(
        "--jobs",
        type=_jobs,
        default=os.cpu_count() or 1,
        help="processes to use (default: one per core)",
    )
    many.set_defaults(handler=_command_solve_range)


def _command_solve(args: argparse.Namespace) -> int:
    try:
        position = position_from(args.code, args.layout)
    except BadInput as error:
        print(f"solitaire: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    result = solve(position, seconds=args.seconds)
    if args.json:
        print(
            json.dumps(
                {
                    "verdict": result.verdict.value,
                    "moves": [str(move) for move in result.moves],
                    "move_count": len(result.moves),
                    "positions": result.positions,
                    "seconds": round(result.seconds, 3),
                }
            )
        )
        return 0
    print(f"verdict: {result.verdict.value}")
    if result.moves:
        print(f"solution ({len(result.moves)} moves): {result.solution_text}")
    print(f"positions: {result.positions}")
    print(f"seconds: {result.seconds:.2f}")
    return 0


def _deal_number(text: str, name: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise BadInput(f"{name} {text!r} is not a deal number") from None
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise BadInput(f"{name} {number} is out of range: deals go from {MIN_DEAL} to {MAX_DEAL}")
    return number


def _command_solve_range(args: argparse.Namespace) -> int:
    try:
        try:
            variant = parse_variant(args.variant)
        except GameCodeError as error:
            raise BadInput(f"bad game and options: {error}") from None
        first = _deal_number(args.first, "FIRST")
        last = _deal_number(args.last, "LAST")
        if first > last:
            raise BadInput(f"FIRST ({first}) is after LAST ({last})")
        csv_file: TextIO | None = None
        if args.csv is not None:
            try:
                csv_file = open(args.csv, "w", newline="", encoding="utf-8")  # noqa: SIM115
            except OSError as error:
                raise BadInput(
                    f"cannot write the CSV file {args.csv!r}: {error.strerror}"
                ) from None
    except BadInput as error:
        print(f"solitaire: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    deals = range(first, last + 1)
    outcomes: list[DealOutcome] = []
    try:
        for outcome in solve_deals(
            variant, deals, seconds=args.seconds, jobs=args.jobs, cpu_time=args.cpu_time
        ):
            outcomes.append(outcome)
            _progress(outcomes, len(deals), sys.stderr)
    finally:
        sys.stderr.write("\n")
        if csv_file is not None:
            _write_csv(csv_file, outcomes)
            csv_file.close()
    clock = " of CPU time" if args.cpu_time else ""
    print(f"{variant} deals {first}-{last}, {args.seconds:g} s{clock} each")
    print(Summary.of(outcomes).text())
    return 0


def _progress(outcomes: list[DealOutcome], total: int, out: TextIO) -> None:
    summary = Summary.of(outcomes)
    width = 30
    filled = width * len(outcomes) // total
    out.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {len(outcomes)}/{total} "
        f"won {summary.won} not winnable {summary.not_winnable} unknown {summary.unknown}"
    )
    out.flush()


def _write_csv(out: TextIO, outcomes: list[DealOutcome]) -> None:
    writer = csv.writer(out)
    writer.writerow(CSV_FIELDS)
    for outcome in sorted(outcomes, key=lambda outcome: outcome.deal):
        writer.writerow(
            [
                outcome.deal,
                outcome.code,
                outcome.verdict.value,
                outcome.moves,
                outcome.positions,
                f"{outcome.seconds:.3f}",
                outcome.solution,
            ]
        )
