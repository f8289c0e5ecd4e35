"""The examples page's deal (rules SS-9) and the shortest solution the solver found for it,
which the page replays.

The solution is stored beside this module in ``examples_solution.txt`` (comment lines start
with ``#``; the moves are on one line), computed by :func:`solitaire.solver.shortest.shortest_win`.

>>> position = examples_position()
>>> str(position.variant), [len(pile) for pile in position.piles]
('SS1-S4', [8, 8, 8, 7, 6, 5, 4, 3, 2, 1])
"""

from __future__ import annotations

from importlib.resources import files

from ..layout import parse_layout
from ..moves import Move, parse_moves
from ..position import Position

EXAMPLES_DEAL = """\
AS KH AC 4D KD 6C TH 4C
3D 2D 4S 9C AD 7C 8D 9H
JH 6S 8H 5H 2S 3C 6H KS
JS 7D 2C TS 9D TD 5S
2H 9S KC 8C QS AH
QC 7H TC JC QH
JD 3H 5C 6D
8S 4H QD
3S 7S
5D
"""
"""Rules SS-9, in Freecell Solver's plain ten-line form (column 1 first, bottom card first)."""

SOLUTION_FILE = "examples_solution.txt"


def examples_position() -> Position:
    """The first position of the examples deal."""
    return parse_layout(EXAMPLES_DEAL)


def examples_solution() -> list[Move]:
    """The stored shortest solution of the examples deal."""
    text = files(__package__ or "solitaire.pages").joinpath(SOLUTION_FILE).read_text("utf-8")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if len(lines) != 1:
        raise ValueError(f"{SOLUTION_FILE} must hold the moves on one line, not {len(lines)}")
    return parse_moves(lines[0])
