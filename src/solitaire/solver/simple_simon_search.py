"""The complete Simple Simon search: several best-first searches taking turns (a portfolio),
run by the C search (``_simple_simon_search.c``).

Every search of the portfolio is complete on its own: it expands positions in the order of
its estimate, each position at most once (a transposition table keyed by the sorted
columns), and generates every legal move but the pointless ones (a move into an empty
column other than the first; a whole column into an empty one). The searches differ only in
the order they expand positions (:data:`PORTFOLIO`), so they find wins in different places:
each of them alone leaves deals undecided that another wins almost at once (docs/solver.md).
They take turns and share the budget:

- the first to reach the empty position wins (its path is the solution);
- the first to run dry has expanded every position reachable from the start, which is a
  proof that none of them is won: the deal is not winnable.

After :func:`focus_after` positions without a verdict, the first search goes on alone.

This module holds the plan (which searches, in what order) and the budget's bookkeeping, and
turns the path the C search found (the keys of its positions) into moves with the plain
generator of :mod:`.simple_simon`. Without a C compiler the solver searches Simple Simon with
the engine's rules alone (:mod:`.reference`), as it does Klondike and Easy Harp.

>>> from solitaire.solver.budget import Budget
>>> spades = bytes(range(12, -1, -1))            # K♠ … A♠
>>> start = (spades[:6], spades[6:], b"", b"")   # K♠…8♠ | 7♠…A♠
>>> portfolio_search(start, Budget(5.0))
[(1, 7, 0)]
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from types import ModuleType

from ..moves import Move
from ..position import Position
from . import reference
from .budget import Budget, OutOfBudget
from .simple_simon import GROUP_UNDER, SuitMove, apply_move, columns_of, legal_moves, to_moves
from .stock_bridge import MAX_SEARCH_BYTES, MAX_STORED_POSITIONS

_simple_simon_search: ModuleType | None
try:
    from . import _simple_simon_search
except ImportError:  # no C compiler when the package was installed
    _simple_simon_search = None

BUILT = _simple_simon_search is not None
"""Whether the C search was built."""

UNDERS = bytes(255 if under < 0 else under for under in GROUP_UNDER)
"""The group rule as the C search is handed it: :data:`~.simple_simon.GROUP_UNDER`, 255 for
none (a king)."""

FOCUS_SHARE = 400_000
"""Positions each search of the portfolio expands, taking turns, before the first search
(oldest first) goes on alone with all the memory, with one or two suits (four searches: the
focus comes after 1.6 million positions; four suits: :data:`FOUR_SUITS_FOCUS_SHARE`). A
position undecided that long is mostly lost (one search alone proves it, several times sooner
than taking turns) or a win that takes millions of positions, which the searches find after
about as many each (docs/solver.md)."""

FOUR_SUITS_FOCUS_SHARE = 500_000
""":data:`FOCUS_SHARE` with four suits (six searches: 3 million positions). There the heavy
blocker searches win some deals within half a million positions that no other search wins
within millions (SS1-S4 4551: 468 795, where the first search needs 8 million), and on no
deal measured did the later focus cost a verdict; with two suits it brought the first
search's late wins to the 10 s edge (SS1-S2 570: 8.9 → 9.8 s; docs/solver-figures.md)."""

WON, PROVED_LOST, OUT_OF_BUDGET = 0, 1, 2
"""What the C search answers: a win; a search ran dry (a proof); the budget ran out."""

Columns = tuple[bytes, ...]


@dataclass(frozen=True, slots=True)
class Strategy:
    """The order in which one search of the portfolio expands positions.

    The estimate is ``4 × misplaced − empty columns + blocker_weight × blockers`` (lower
    first); among equal estimates the oldest position goes first, or with ``newest_first``
    the newest (deeper into a plateau rather than across it). *Blockers*: cards lying above a
    lower card of their own suit; each must leave its column before that card can join its
    run. With ``novel_first`` the search takes novel positions first (a best-first width
    search, docs/solver.md, "Novelty"): among the positions of one estimate, those that lay
    a card on a card (or a column's bottom) where no position of that estimate laid it
    before go before all others. The order changes, not the moves.
    """

    name: str
    newest_first: bool
    blocker_weight: int
    novel_first: bool = False

    def config(self) -> tuple[bool, int, bool]:
        """The search as the C search takes it: (oldest first, blocker weight, novel first)."""
        return (not self.newest_first, self.blocker_weight, self.novel_first)


PORTFOLIO = (
    Strategy("oldest first", newest_first=False, blocker_weight=0, novel_first=True),
    Strategy("newest first", newest_first=True, blocker_weight=0),
    Strategy("blockers, oldest first", newest_first=False, blocker_weight=2, novel_first=True),
    Strategy("blockers, newest first", newest_first=True, blocker_weight=2),
    Strategy(
        "heavy blockers, oldest first", newest_first=False, blocker_weight=5, novel_first=True
    ),
    Strategy("heavy blockers, plain oldest first", newest_first=False, blocker_weight=5),
)
"""The searches for a game with four suits. The first, third and fifth take the oldest
position of an estimate first and novel positions before it: on the positions met mid-game
they decided more (docs/solver-figures.md, 2026-12-06); the newest-first ones already go
deep. The sixth is the fifth in the plain order, oldest first alone: it wins deals the
novel order wanders past (SS1-S4 754 in 4 775 positions, where no other search wins
within 100 000)."""

FEWER_SUITS_PORTFOLIO = PORTFOLIO[:4]
"""With one or two suits the two heavy-blocker searches, chosen on four-suit deals, are left
out: there the first of them decided no deal more, and its share of the turns slowed the
slowest wins down (docs/solver-figures.md)."""


def focus_after(searches: tuple[Strategy, ...]) -> int:
    """Positions the portfolio ``searches`` expands, taking turns, before its first search
    goes on alone: :data:`FOUR_SUITS_FOCUS_SHARE` for each search of the four-suit
    portfolio, :data:`FOCUS_SHARE` for each of any other.

    >>> focus_after(PORTFOLIO), focus_after(FEWER_SUITS_PORTFOLIO)
    (3000000, 1600000)
    """
    share = FOUR_SUITS_FOCUS_SHARE if searches == PORTFOLIO else FOCUS_SHARE
    return share * len(searches)


def portfolio_for(columns: Columns | list[bytes]) -> tuple[Strategy, ...]:
    """The searches for a position: :data:`PORTFOLIO` when a card of the third or fourth
    suit (♦ ♣, ids 26 and up) is in play, else :data:`FEWER_SUITS_PORTFOLIO`.

    >>> len(portfolio_for([bytes([0, 25])])), len(portfolio_for([bytes([26])]))
    (4, 6)
    """
    four_suits = any(column and max(column) >= 26 for column in columns)
    return PORTFOLIO if four_suits else FEWER_SUITS_PORTFOLIO


def _module() -> ModuleType:
    if _simple_simon_search is None:
        raise RuntimeError("the C search was not built (pip install needs a C compiler)")
    return _simple_simon_search


def fits(columns: Columns | list[bytes]) -> bool:
    """Whether the C search can hold the position: 1 to 16 columns of at most 52 cards in
    all (every deal, and every typed-in layout of one pack)."""
    return 1 <= len(columns) <= 16 and sum(map(len, columns)) <= 52


def key(columns: Columns | list[bytes]) -> bytes:
    """The position's key in the search's table: equal keys, one position (the columns in
    any order).

    >>> key((b"", bytes([3, 2]))) == key((bytes([3, 2]), b""))
    True
    """
    found: bytes = _module().key(tuple(columns))
    return found


Counts = tuple[int, int, int]
"""A position's misplaced cards, blockers and empty columns, what the estimates weigh."""


def successors(columns: Columns | list[bytes]) -> list[tuple[SuitMove, Columns, Counts]]:
    """The search's moves from a position, in the order it makes them, each with the
    columns after it (finished runs gone) and their counts as the search keeps them (move
    by move, not recounted)."""
    found: list[tuple[SuitMove, Columns, Counts]] = _module().successors(tuple(columns), UNDERS)
    return found


def estimate(columns: Columns | list[bytes], blocker_weight: int) -> int:
    """A search's estimate of a position (lower first): ``4 × misplaced − empty columns +
    blocker_weight × blockers``.

    >>> estimate((bytes([3, 7, 13 + 5, 5, 12, 13 + 4]), b""), 2)   # 5 misplaced, 3 blockers
    25
    """
    found: int = _module().estimate(tuple(columns), UNDERS, blocker_weight)
    return found


def moves_along(start: Columns | list[bytes], path: list[bytes]) -> list[SuitMove]:
    """The moves from ``start`` through the positions whose keys ``path`` lists (the start's
    first): each found among the plain generator's moves of the position before it, in the
    start's own order of columns.

    >>> spades = bytes(range(12, -1, -1))
    >>> start = (spades[:6], spades[6:])
    >>> moves_along(start, [key(start), key((b"", b""))])
    [(1, 7, 0)]
    """
    columns = list(start)
    moves: list[SuitMove] = []
    for wanted in path[1:]:
        for move in legal_moves(columns):
            after = apply_move(columns, move)
            if key(after) == wanted:
                moves.append(move)
                columns = after
                break
        else:
            raise RuntimeError(f"no move leads to the path's position {len(moves) + 1}")
    return moves


def portfolio_search(
    start: Columns | list[bytes],
    budget: Budget,
    strategies: tuple[Strategy, ...] | None = None,
) -> list[SuitMove] | None:
    """A winning list of moves, or None once one of the searches has expanded every position
    reachable from ``start`` (each is complete, so that is a proof). ``strategies``: the
    searches, by default :func:`portfolio_for` the start.

    Raises :class:`~solitaire.solver.budget.OutOfBudget` when the budget runs out first.
    """
    columns = tuple(start)
    if not any(columns):
        return []
    chosen = portfolio_for(columns) if strategies is None else strategies
    status, positions, path = _module().search(
        columns,
        UNDERS,
        tuple(strategy.config() for strategy in chosen),
        max(0.0, budget.deadline - budget.clock()),
        budget.clock is time.process_time,
        budget.positions_left(),
        MAX_STORED_POSITIONS,
        MAX_SEARCH_BYTES,
        focus_after(chosen),
    )
    budget.add(positions)
    if status == WON:
        return moves_along(columns, path)
    if status == PROVED_LOST:
        return None
    raise OutOfBudget(f"{budget.positions} positions")


def search(position: Position, budget: Budget) -> list[Move] | None:
    """A winning list of moves from a Simple Simon position, or None once every reachable
    position has been expanded; the engine's rules alone (:mod:`.reference`) when the C
    search was not built or cannot hold the position.

    Raises :class:`~solitaire.solver.budget.OutOfBudget` when the budget runs out first.
    """
    columns = columns_of(position)
    if not BUILT or not fits(columns):
        return reference.search(position, budget)
    found = portfolio_search(columns, budget)
    return None if found is None else to_moves(found)
