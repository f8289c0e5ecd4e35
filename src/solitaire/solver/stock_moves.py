"""The moves the Klondike and Easy Harp search makes, and their engine form (rules §1 text).

An *atom* is one engine move in the search's terms, ``(kind, a, b, c)``, in the order of
columns and foundation places of the position it is made in:

- ``TO_FOUNDATION``: column ``a``'s last card up (the rules pick the place, ``t3-f``);
- ``COLUMN``: column ``a``'s last ``b`` cards onto column ``c``;
- ``TALON``: ``a`` taps on the stock, then the waste's top card onto column ``b``, or up when
  ``b`` is −1;
- ``BACK``: foundation place ``a``'s top card onto column ``b`` (KL-7, EH-8).

>>> [str(move) for move in to_moves([(TALON, 2, -1, 0), (COLUMN, 0, 3, 4), (BACK, 1, 6, 0)])]
['d', 'd', 'w-f', 't1:3-t5', 'f2-t7']
"""

from __future__ import annotations

from collections.abc import Iterable

from ..moves import ANY_FOUNDATION, DRAW, WASTE, Move, column_id, foundation_id

TO_FOUNDATION, COLUMN, TALON, BACK = 0, 1, 2, 3

Atom = tuple[int, int, int, int]


def to_moves(atoms: Iterable[Atom]) -> list[Move]:
    """The engine's moves for a list of atoms (a tap on the stock for each of a talon move's
    taps)."""
    moves: list[Move] = []
    for kind, a, b, c in atoms:
        if kind == TO_FOUNDATION:
            moves.append(Move(column_id(a), ANY_FOUNDATION))
        elif kind == COLUMN:
            moves.append(Move(column_id(a), column_id(c), b))
        elif kind == TALON:
            moves.extend([DRAW] * a)
            moves.append(Move(WASTE, ANY_FOUNDATION if b < 0 else column_id(b)))
        elif kind == BACK:
            moves.append(Move(foundation_id(a), column_id(b)))
        else:
            raise ValueError(f"no atom of kind {kind}")
    return moves
