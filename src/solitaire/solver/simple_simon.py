"""Simple Simon (SS-2 … SS-5) on a compact private representation, for the searches.

A column is a ``bytes`` of card ids, bottom first; a card id is ``suit × 13 + rank − 1``. The
group rule (SS-3) is the rules' own, read into a table (``simple_simon_search.GROUP_UNDER``).
Columns are interchangeable (any card or group may go into any empty column, SS-4), so the
transposition table keys a position by its sorted columns. The search itself is in
:mod:`.simple_simon_search`; :func:`legal_moves` and :func:`apply_move` are the plain
versions the shortest-win search (IDA*) uses.

>>> from solitaire.layout import parse_layout
>>> position = parse_layout("game: SS1-S1\\nt1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\\n"
...     "t2: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\\nt3: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\\n"
...     "t4: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS")
>>> [str(move) for move in to_moves(search(columns_of(position), Budget(5.0)))]
['t4-t2', 't2-t3', 't3-t4', 't4-t1']
"""

from __future__ import annotations

from ..cards import KING
from ..moves import Move, column_id
from ..position import Position
from . import simple_simon_search
from .budget import Budget
from .card_ids import card_id
from .simple_simon_search import RUNS, group_start

SuitMove = tuple[int, int, int]
"""An internal move: (source column, cards moved, target column), 0-based columns."""

RUN_LENGTH = KING


def columns_of(position: Position) -> list[bytes]:
    """The position's columns as byte strings of card ids."""
    return [bytes(card_id(card) for card in pile.cards) for pile in position.piles]


def apply_move(columns: list[bytes], move: SuitMove) -> list[bytes]:
    """The columns after a move, with completed king-to-ace runs removed (SS-5).

    As in the rules, every column is looked at, not only the target: a typed-in layout may
    hold a finished run, which leaves after the first move.
    """
    source, count, target = move
    after = list(columns)
    column = columns[source]
    after[source] = column[:-count]
    after[target] = columns[target] + column[-count:]
    for index, pile in enumerate(after):
        if len(pile) >= RUN_LENGTH and pile[-RUN_LENGTH:] in RUNS:
            after[index] = pile[:-RUN_LENGTH]
    return after


def legal_moves(columns: list[bytes]) -> list[SuitMove]:
    """Every legal move but the pointless ones.

    Only the first empty column is offered as a target (empty columns are interchangeable:
    the position reached is the same once columns are sorted), and a whole column never
    goes into an empty one (that changes nothing).
    """
    tops = [column[-1] if column else -1 for column in columns]
    first_empty = tops.index(-1) if -1 in tops else -1
    moves: list[SuitMove] = []
    for source, column in enumerate(columns):
        if not column:
            continue
        size = len(column)
        for start in range(size - 1, group_start(column) - 1, -1):
            wanted = column[start] % 13 + 1
            for target, top in enumerate(tops):
                if target == source:
                    continue
                if top < 0:
                    if target == first_empty and start > 0:
                        moves.append((source, size - start, target))
                elif top % 13 == wanted:
                    moves.append((source, size - start, target))
    return moves


def misplaced(columns: list[bytes]) -> int:
    """Cards other than kings that do not rest on their same-suit successor (SS-9's bound)."""
    return simple_simon_search.misplaced(columns)


def search(columns: list[bytes], budget: Budget) -> list[SuitMove] | None:
    """A winning list of moves, or None once every reachable position has been expanded.

    Several complete best-first searches take turns (:mod:`.simple_simon_search`): the first
    to win gives the solution, the first to run dry proves that there is none.
    Raises :class:`~solitaire.solver.budget.OutOfBudget` when the budget runs out first.
    """
    return simple_simon_search.portfolio_search(columns, budget)


def to_moves(internal: list[SuitMove] | None) -> list[Move]:
    """The moves in the engine's terms (``t3:4-t5``)."""
    return [Move(column_id(s), column_id(t), n) for s, n, t in internal or []]
