"""The graded deals shipped with the package (``graded.json.gz``, written by
``solitaire grade``), and looking them up.

>>> from solitaire.codes import parse_variant
>>> easy = graded_deals(parse_variant("SS1-S1"), "easy")
>>> len(easy) >= 100, easy[0].level
(True, 'easy')
>>> level_of(parse_variant("SS1-S1"), easy[0].deal)
'easy'
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..codes import GameCode, Variant, parse_variant
from ..solver import Verdict
from .grading import LEVELS, DealRecord, level_summary, levels_of
from .player import plain_progress

DATA_FILE = "graded.json.gz"
FORMAT = 1


@dataclass(frozen=True, slots=True)
class GradedDeal:
    """A graded deal: its level and difficulty, its proven solution (move text), and the move
    counter and score a player has after playing that solution."""

    variant: Variant
    deal: int
    level: str
    difficulty: float
    counter: int
    score: int
    solution: str

    @property
    def code(self) -> GameCode:
        return GameCode(self.variant, self.deal)


def read_data(path: Path) -> dict[str, Any] | None:
    """The levels' data written at ``path`` by :func:`write_data`, or None when there is no
    file. Raises ValueError for a file of another format."""
    if not path.exists():
        return None
    data: dict[str, Any] = json.loads(gzip.decompress(path.read_bytes()))
    if data.get("format") != FORMAT:
        raise ValueError(f"{path}: format {data.get('format')!r}, expected {FORMAT}")
    return data


def records_of_data(data: dict[str, Any], variant: str) -> list[DealRecord]:
    """The graded deals of ``variant`` in written ``data`` as records again, so that a run
    without the records file of the first one can add deals to them: the plain player's
    games are played again (seeded: the same shares as when they were graded), the
    solution, counter and score are the stored ones.

    >>> easy = graded_deals(parse_variant("SS1-S1"), "easy")[0]
    >>> row = [easy.deal, easy.difficulty, easy.counter, easy.score, easy.solution]
    >>> data = {"playouts": {"SS1-S1": 4}, "variants": {"SS1-S1": {"easy": [row]}}}
    >>> [record] = records_of_data(data, "SS1-S1")
    >>> record.verdict, round(record.difficulty, 4) == easy.difficulty
    ('winnable', True)
    """
    rows = [row for level in LEVELS for row in data["variants"].get(variant, {}).get(level, [])]
    if not rows:
        return []
    playouts = int(data["playouts"][variant])
    variant_of = parse_variant(variant)
    records = []
    for deal, _difficulty, counter, score, solution in sorted(rows):
        code = GameCode(variant_of, deal)
        records.append(
            DealRecord(
                variant,
                deal,
                Verdict.WINNABLE.value,
                progress=plain_progress(code, playouts).games,
                solution=solution,
                solution_moves=len(solution.split()),
                counter=counter,
                score=score,
            )
        )
    return records


def write_data(
    records: list[DealRecord],
    path: Path,
    measure: dict[str, Any],
    keep: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Write the levels of the graded ``records`` (any variants) to ``path``; the variants
    of the data ``keep`` (the file written before) that have no records are carried over as
    they were. Returns each variant's figures per level."""
    by_variant: dict[str, list[DealRecord]] = {}
    for record in records:
        by_variant.setdefault(record.variant, []).append(record)
    variants: dict[str, Any] = {}
    figures: dict[str, Any] = {}
    playouts: dict[str, int] = {}
    if keep is not None:
        for variant, levels in keep["variants"].items():
            if variant not in by_variant:
                variants[variant] = levels
                figures[variant] = keep["figures"][variant]
                playouts[variant] = keep["playouts"][variant]
    for variant, deals in sorted(by_variant.items()):
        cut = levels_of(deals)
        if not cut[LEVELS[0]]:
            continue
        variants[variant] = {
            level: [
                [r.deal, round(r.difficulty, 4), r.counter, r.score, r.solution]
                for r in sorted(level_deals, key=lambda r: r.deal)
            ]
            for level, level_deals in cut.items()
        }
        figures[variant] = {level: level_summary(cut[level]) for level in LEVELS}
        # The plain player's games per deal, as this variant was graded.
        playouts[variant] = len(cut[LEVELS[0]][0].progress)
    text = json.dumps(
        {
            "format": FORMAT,
            "measure": measure,
            "playouts": dict(sorted(playouts.items())),
            "figures": dict(sorted(figures.items())),
            "variants": dict(sorted(variants.items())),
        },
        separators=(",", ":"),
    )
    path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
    return figures


@cache
def _loaded() -> dict[str, Any]:
    raw = resources.files(__package__).joinpath(DATA_FILE).read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(raw))
    if data.get("format") != FORMAT:
        raise ValueError(f"{DATA_FILE}: format {data.get('format')!r}, expected {FORMAT}")
    return data


def shipped_figures() -> dict[str, Any]:
    """The figures per variant and level written with the data (docs/solver.md quotes them)."""
    figures: dict[str, Any] = _loaded()["figures"]
    return figures


def playouts_of(variant: Variant) -> int:
    """The plain player's games per deal that a variant's difficulties were measured over."""
    playouts: int = _loaded()["playouts"][str(variant)]
    return playouts


@cache
def graded_deals(variant: Variant, level: str) -> tuple[GradedDeal, ...]:
    """The graded deals of a variant at a level, by deal number (empty for a variant that
    has none). Raises ValueError for a level that is not one of :data:`LEVELS`."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    rows = _loaded()["variants"].get(str(variant), {}).get(level, [])
    return tuple(
        GradedDeal(variant, deal, level, difficulty, counter, score, solution)
        for deal, difficulty, counter, score, solution in rows
    )


@cache
def _levels_by_deal(variant: Variant) -> dict[int, str]:
    return {graded.deal: level for level in LEVELS for graded in graded_deals(variant, level)}


def level_of(variant: Variant, deal: int) -> str | None:
    """The level of a deal, or None when it is not graded."""
    return _levels_by_deal(variant).get(deal)


def graded_variants() -> list[str]:
    """The variants that have graded deals."""
    return sorted(_loaded()["variants"])
