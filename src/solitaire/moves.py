"""Moves and their short text form (rules §1), both ways, like chess's UCI.

>>> Move.parse("t3:4-t5")
Move('t3:4-t5')
>>> str(Move.parse("t3:1-t5")), str(Move.parse("W-F")), str(Move.parse("d"))
('t3-t5', 'w-f', 'd')
>>> Move.parse("t3-t5").count
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass

STOCK = "s"
WASTE = "w"
ANY_FOUNDATION = "f"
MAX_COLUMNS = 10
MAX_FOUNDATIONS = 8


class MoveTextError(ValueError):
    """Move text that does not parse, e.g. ``t3-`` or ``t11-t2``."""


def column_id(index: int) -> str:
    """The pile id of the column at a 0-based index: ``column_id(0) == "t1"``."""
    return f"t{index + 1}"


def foundation_id(index: int) -> str:
    """The pile id of the foundation at a 0-based index: ``foundation_id(2) == "f3"``."""
    return f"f{index + 1}"


def is_column(pile: str) -> bool:
    return pile.startswith("t")


def is_foundation(pile: str) -> bool:
    return pile.startswith("f")


def pile_index(pile: str) -> int:
    """The 0-based index of a column or foundation id: ``pile_index("t3") == 2``."""
    return int(pile[1:]) - 1


_SOURCE = r"(?P<source>w|t(?:10|[1-9])(?::(?P<count>[1-9][0-9]*))?|f[1-8])"
_TARGET = r"(?P<target>t(?:10|[1-9])|f[1-8]?)"
_MOVE_RE = re.compile(rf"{_SOURCE}-{_TARGET}")


@dataclass(frozen=True, slots=True)
class Move:
    """One player action on the table.

    ``source`` and ``target`` are pile ids; ``target`` ``"f"`` lets the rules pick the
    foundation; ``count`` is how many cards leave the end of a column. The stock tap is
    ``Move.DRAW`` (text ``d``): it turns cards, or puts the waste back when the stock is empty.
    """

    source: str
    target: str
    count: int = 1

    @property
    def is_draw(self) -> bool:
        return self.source == STOCK and self.target == WASTE and self.count == 1

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read one move; letter case and surrounding spaces do not matter."""
        clean = text.strip().lower()
        if clean == "d":
            return DRAW
        match = _MOVE_RE.fullmatch(clean)
        if match is None:
            raise MoveTextError(_explain(text))
        source = match["source"].split(":")[0]
        count = int(match["count"]) if match["count"] else 1
        return cls(source, match["target"], count)

    def __str__(self) -> str:
        if self.is_draw:
            return "d"
        count = f":{self.count}" if self.count != 1 else ""
        return f"{self.source}{count}-{self.target}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


DRAW = Move(STOCK, WASTE, 1)


def _explain(text: str) -> str:
    """Say why move text does not parse, as precisely as the text allows."""
    shown = text.strip()
    if not shown:
        return "an empty move: write e.g. d, t3-t5, t3:4-t5, w-t2, w-f, t6-f or f3-t7"
    if "-" not in shown:
        return f"{shown!r} is not a move: a move is SOURCE-TARGET (e.g. t3-t5) or d for the stock"
    source, _, target = shown.lower().partition("-")
    if re.fullmatch(r"[wf][1-8]?:\d+", source):
        return f"{shown!r}: only a column can move several cards at once (tN:COUNT)"
    if not re.fullmatch(_SOURCE, source):
        return (
            f"{shown!r}: {source!r} is not a pile a card can leave: use t1 … t10, t3:4 "
            "(the last 4 cards of column 3), w or f1 … f8"
        )
    return (
        f"{shown!r}: {target!r} is not a pile a card can go to: use t1 … t10, "
        "f1 … f8 or f (the rules pick the foundation)"
    )


def parse_moves(text: str) -> list[Move]:
    """Read moves separated by spaces (or any whitespace).

    Raises :class:`MoveTextError` naming the 1-based position of the first bad move.
    """
    moves = []
    for position, word in enumerate(text.split(), start=1):
        try:
            moves.append(Move.parse(word))
        except MoveTextError as error:
            raise MoveTextError(f"move {position}: {error}") from None
    return moves


def format_moves(moves: list[Move]) -> str:
    return " ".join(str(move) for move in moves)
