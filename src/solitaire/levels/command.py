"""``solitaire grade``: grade deals of some variants and write the levels' data.

    solitaire grade [VARIANT ...] [--per-level N] [--seconds S] [--records FILE] [--out FILE]
                    [--start DEAL]

Deals are tried from deal 1 (or ``--start``) on, one process, until each variant has
``4 × N`` graded deals (proven winnable and measured). Every deal tried is appended to the
records file (JSON lines) at once, so that a run stopped halfway resumes where it was; the
data file is rewritten from the records after each variant, the variants not graded in
this run kept as they were. A variant the records file does not know but the data file
has starts from the data's graded deals (their plain player's games played again), so
that a later run adds deals to the shipped ones. A progress bar (rich) shows the deals
graded and the deal being tried.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..codes import MAX_DEAL, GameCode, GameCodeError, parse_variant
from ..command_input import BadInput
from .data import DATA_FILE, read_data, records_of_data, write_data
from .grading import LEVELS, MAX_POSITIONS, DealRecord, grade_deal
from .player import MOVE_LIMIT, PLAYOUTS, STALL_LIMIT

EXIT_BAD_INPUT = 2
ALL_VARIANTS = ("KL1-D1N", "KL1-D1V", "KL1-D3N", "KL1-D3V", "SS1-S1", "SS1-S2", "SS1-S4", "EH1-N")
DEFAULT_OUT = Path(__file__).with_name(DATA_FILE)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``grade`` to the ``solitaire`` command."""
    grade = commands.add_parser(
        "grade", help="prove deals winnable, measure how hard they are, write the levels"
    )
    grade.add_argument(
        "variants", nargs="*", metavar="VARIANT", help="e.g. KL1-D1N SS1-S4 (default: all eight)"
    )
    grade.add_argument(
        "--per-level", type=int, default=100, help="graded deals wanted per level (default 100)"
    )
    grade.add_argument(
        "--seconds",
        type=float,
        default=0.5,
        help="the solver's cap in seconds per deal (default 0.5)",
    )
    grade.add_argument(
        "--records", type=Path, default=Path("grade-records.jsonl"), help="the records file"
    )
    grade.add_argument(
        "--playouts",
        type=int,
        default=PLAYOUTS,
        help=f"the plain player's games per deal (default {PLAYOUTS})",
    )
    grade.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the data file to write")
    grade.add_argument(
        "--start",
        type=int,
        default=1,
        help="the first deal to try (default 1; deals already in the records are skipped)",
    )
    grade.set_defaults(handler=_command_grade)


def _read_records(path: Path) -> list[DealRecord]:
    if not path.exists():
        return []
    records = []
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            records.append(DealRecord.from_json(json.loads(line)))
    return records


def _command_grade(args: argparse.Namespace) -> int:
    try:
        variants = [parse_variant(text) for text in (args.variants or ALL_VARIANTS)]
    except GameCodeError as error:
        print(f"solitaire: bad variant: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.per_level < 1:
        raise BadInput("--per-level must be at least 1")
    if not 1 <= args.start <= MAX_DEAL:
        raise BadInput(f"--start must be a deal from 1 to {MAX_DEAL}")
    records = _read_records(args.records)
    shipped = read_data(args.out)
    wanted = args.per_level * len(LEVELS)
    measure = {
        "move_limit": MOVE_LIMIT,
        "stall_limit": STALL_LIMIT,
        "max_positions": MAX_POSITIONS,
    }
    figures: dict[str, Any] = {}
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("deal {task.fields[deal]}"),
        TimeElapsedColumn(),
    )
    with args.records.open("a", encoding="utf-8") as out, Progress(*columns) as progress:
        for variant in variants:
            name = str(variant)
            playouts = args.playouts
            mine = {record.deal: record for record in records if record.variant == name}
            if not mine and shipped is not None and name in shipped["variants"]:
                # Carry on from the shipped deals, measured as they were (same playouts).
                playouts = int(shipped["playouts"][name])
                for record in records_of_data(shipped, name):
                    out.write(json.dumps(record.as_json()) + "\n")
                    records.append(record)
                    mine[record.deal] = record
                out.flush()
            elif mine:
                graded_before = next((r for r in mine.values() if r.won_by_solution), None)
                if graded_before is not None:
                    playouts = len(graded_before.progress)
            graded = sum(1 for record in mine.values() if record.won_by_solution)
            task = progress.add_task(name, total=wanted, completed=min(graded, wanted), deal=0)
            deal = args.start
            while graded < wanted and deal <= MAX_DEAL:
                if deal not in mine:
                    record = grade_deal(
                        GameCode(variant, deal), seconds=args.seconds, playouts=playouts
                    )
                    out.write(json.dumps(record.as_json()) + "\n")
                    out.flush()
                    records.append(record)
                    if record.won_by_solution:
                        graded += 1
                    progress.update(task, completed=min(graded, wanted), deal=deal)
                deal += 1
            figures = write_data(records, args.out, measure, keep=shipped)
    for name, levels in figures.items():
        print(name)
        for level, summary in levels.items():
            shown = ", ".join(f"{key} {value:.3g}" for key, value in summary.items())
            print(f"  {level}: {shown}")
    return 0
