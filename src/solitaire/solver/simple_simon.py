"""Simple Simon (SS-2 … SS-5) on a compact private representation, for the searches.

A column is a ``bytes`` of card ids, bottom first; a card id is ``suit × 13 + rank − 1``. The
group rule (SS-3) is the rules' own, read into a table (:data:`GROUP_UNDER`) that the C search
is handed too, so the rule is written once. Columns are interchangeable (any card or group
may go into any empty column, SS-4), so the searches key a position by its sorted columns.
The search itself is in :mod:`.simple_simon_search` (C); :func:`legal_moves` and
:func:`apply_move` are the plain versions the shortest-win search (IDA*) uses, and the ones
that turn the C search's path into moves.

>>> spades = bytes(range(12, -1, -1))     # K♠ … A♠
>>> columns = [spades[:6], spades[6:]]    # K♠…8♠ | 7♠…A♠
>>> legal_moves(columns)
[(1, 7, 0)]
>>> apply_move(columns, (1, 7, 0))        # the run is whole: it leaves (SS-5)
[b'', b'']
"""

from __future__ import annotations

from ..cards import KING
from ..games.simple_simon import follows_in_group
from ..moves import Move, column_id
from ..position import Position
from .card_ids import card_id, card_of

SuitMove = tuple[int, int, int]
"""An internal move: (source column, cards moved, target column), 0-based columns."""

RUN_LENGTH = KING


def _group_unders() -> tuple[int, ...]:
    """For each card id, the id of the card it must lie on to continue a group, or −1 when
    no card takes it in a group (a king): read off the rules' own group rule
    (:func:`solitaire.games.simple_simon.follows_in_group`, SS-3) for every pair of cards, so
    the rule is written once. The searches need at most one such card per card.
    """
    unders: list[int] = []
    for card in range(52):
        found = [under for under in range(52) if follows_in_group(card_of(card), card_of(under))]
        if len(found) > 1:
            raise ValueError(f"{card_of(card)} continues a group on more than one card: {found}")
        unders.append(found[0] if found else -1)
    return tuple(unders)


GROUP_UNDER = _group_unders()
"""``GROUP_UNDER[card]``: the card id ``card`` continues a one-suit group on (SS-3), −1 for
none. A card is *misplaced* unless it lies on that card; a group at a column's end starts where
a card does not lie on its ``GROUP_UNDER``.

>>> GROUP_UNDER[0], GROUP_UNDER[11], GROUP_UNDER[12]   # A♠ on 2♠, Q♠ on K♠, K♠ on nothing
(1, 12, -1)
"""


def _finished_runs() -> frozenset[bytes]:
    """Every group of 13 cards (SS-5: king … ace of one suit), followed down from each king
    through :data:`GROUP_UNDER`."""
    lying_on = {under: card for card, under in enumerate(GROUP_UNDER) if under >= 0}
    runs = set()
    for king in (card for card, under in enumerate(GROUP_UNDER) if under < 0):
        run = [king]
        while run[-1] in lying_on and len(run) < RUN_LENGTH:
            run.append(lying_on[run[-1]])
        if len(run) == RUN_LENGTH:
            runs.add(bytes(run))
    return frozenset(runs)


RUNS = _finished_runs()
"""The four finished runs (king … ace of one suit) as column endings."""


def group_start(column: bytes) -> int:
    """Where the one-suit descending group at the end of a (non-empty) column starts.

    >>> group_start(bytes([12, 5, 4, 3]))   # K♠ 6♠ 5♠ 4♠
    1
    """
    start = len(column) - 1
    while start > 0 and column[start - 1] == GROUP_UNDER[column[start]]:
        start -= 1
    return start


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


def misplaced(columns: list[bytes] | tuple[bytes, ...]) -> int:
    """Cards other than kings that do not rest on their same-suit successor (SS-9's bound).

    >>> misplaced([bytes([12, 11, 3]), bytes([5])])   # K♠ Q♠ 4♠ | 6♠
    2
    """
    count = 0
    for column in columns:
        below = -1
        for card in column:
            under = GROUP_UNDER[card]
            if under >= 0 and below != under:
                count += 1
            below = card
    return count


def to_moves(internal: list[SuitMove] | None) -> list[Move]:
    """The moves in the engine's terms (``t3:4-t5``)."""
    return [Move(column_id(s), column_id(t), n) for s, n, t in internal or []]
