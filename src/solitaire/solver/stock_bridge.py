"""The bridge to the C search of Klondike and Easy Harp (``_stock_search.c``): typed calls,
positions and moves as :mod:`stock_position` and :mod:`stock_moves` hold them.

The C module is built by ``pip install`` (``setup.py``); without a compiler it is missing,
``BUILT`` is False and the solver searches these games with the engine's rules alone
(:mod:`solitaire.solver.reference`).

>>> from solitaire.codes import parse_code
>>> from solitaire.games import rules_for
>>> code = parse_code("KL1-D1N-AAAAAAG")
>>> start = state_of(rules_for(code.variant).deal(code.deal))
>>> table = StockTable.for_variant(code.variant)
>>> atoms, settled = settle(start, table)   # two aces go up from the talon: 12 taps, then 10
>>> atoms, fits(start)
(((2, 12, -1, 0), (2, 10, -1, 0)), True)
>>> sorted({atoms[0][0] for atoms, _ in successors(start, table, COMPLETE)})
[1, 2]
"""

from __future__ import annotations

from types import ModuleType

from .stock_moves import Atom
from .stock_position import State, StockTable, state_of

_stock_search: ModuleType | None
try:
    from . import _stock_search
except ImportError:  # no C compiler when the package was installed
    _stock_search = None

BUILT = _stock_search is not None
"""Whether the C search was built."""

MAX_STORED_POSITIONS = 20_000_000
"""The most positions a portfolio stores, shared evenly among its searches still running (a
search leaving the turns gives its part to the others); at a search's part the portfolio
sheds a search, as at the memory bound, and the last one stops (unknown)."""

MAX_SEARCH_BYTES = 800 * 2**20
"""The C search stops (unknown) when its tables, queues and stored positions would hold more
than this together (every search of a portfolio counted): with the interpreter, one search
keeps within 1 GB, whatever its time budget and the machine's speed."""

C_COLUMN_ROOM = 40
"""The most cards a column may ever hold in the C search (its cards now, plus 13 that a
run could add); a typed-in position with a longer column is searched with the engine's
rules."""

LIKELY, COMPLETE, DRAW_ONE, UNCHAINED, ACES_UP, DRAW_ONE_LIKELY = 1, 2, 3, 4, 5, 6
"""A search's level: the likely moves, or every move (docs/solver.md); DRAW_ONE: every move
of the same game dealt one card at a time, a draw-3 game's relaxation (its running dry
proves the game lost, its wins are no wins); DRAW_ONE_LIKELY: the likely moves of that
draw-1 game, DRAW_ONE's scout (it proves nothing, but once it wins, the relaxation is won
and every DRAW_ONE search leaves the turns with it); UNCHAINED: every move, as COMPLETE, but
where the table has free chains (``StockTable.free_chains``) talon cards are laid one at a
time, as the talon waits allow, instead of only in chains (complete too: its running dry is
a proof); ACES_UP (a game dealt one card at a time): every move from the same position with
the talon's aces up, another relaxation (left out when no ace lies in the talon)."""

WON, PROVED_LOST, OUT_OF_BUDGET, ALL_DRY = 0, 1, 2, 3
"""What the C search answers: a win; no win (a locked start, or a complete search ran dry);
the budget ran out; every search ran dry and none was complete (no proof)."""

Config = (
    tuple[int, int, int]
    | tuple[int, int, int, int]
    | tuple[int, int, int, int, int]
    | tuple[int, int, int, int, int, int]
    | tuple[int, int, int, int, int, int, int]
    | tuple[int, int, int, int, int, int, int, int]
)
"""One search of a portfolio: (level, weight of a step, turns[, weight of a face-down card[,
weight of a face-up card on a face-down one, one card at a time[, weight of a card lying
over the next card a foundation takes[, novelty (1: positions that lay a card as no position
of their estimate did go first, :data:`NOVELTY`; 2: the same among positions of their
progress, :data:`NOVELTY_BY_PROGRESS`)[, leaves after (a search of the likely moves only:
once the portfolio has expanded this many positions, it leaves the turns; 0, never)]]]]])."""

NOVELTY = 1
"""A config's seventh number: the search is a best-first width search (docs/solver.md,
"Novelty"): among positions of one estimate, those that put some card on a card (or a
face-down card, a column's bottom, the talon, a foundation) it has lain on in none of them
before are expanded first, the others after all such. The order changes, not the moves."""

NOVELTY_BY_PROGRESS = 2
"""A config's seventh number: novelty (:data:`NOVELTY`) counted among the positions of the
same progress (face-down cards left, cards up, and columns holding one face-up card) instead
of the same estimate, with more facts: besides a card on what, a card at a column's end over
so many face-down cards. Made for Easy Harp (docs/solver.md, "Novelty"), whose twin cards
make a card on a card say less: which of two 8♥ a 7♣ lies on is seen only by what lies
under each. For example, 52:300 of the plain player's EH1-N deal 52 is won this way in a few
thousand positions."""

Step = tuple[tuple[Atom, ...], State]
"""A successor: the atoms that lead to it (its move, then the safe moves), and where."""

__all__ = [
    "ACES_UP",
    "ALL_DRY",
    "BUILT",
    "COMPLETE",
    "DRAW_ONE",
    "DRAW_ONE_LIKELY",
    "LIKELY",
    "NOVELTY",
    "NOVELTY_BY_PROGRESS",
    "OUT_OF_BUDGET",
    "PROVED_LOST",
    "WON",
    "Config",
    "blockade",
    "fits",
    "key",
    "search",
    "settle",
    "state_of",
    "stuck_places",
    "successors",
    "waits",
]


def _module() -> ModuleType:
    if _stock_search is None:
        raise RuntimeError("the C search was not built (pip install needs a C compiler)")
    return _stock_search


def fits(state: State) -> bool:
    """Whether the C search can hold the position (every deal can; a typed-in position with a
    very long column cannot).

    >>> fits(State((bytes((30,)) + bytes(range(28)),), b"", b"", 0))
    False
    """
    return len(state.talon) <= 104 and all(
        len(column) - 1 + 13 <= C_COLUMN_ROOM for column in state.columns
    )


def search(
    state: State,
    table: StockTable,
    configs: tuple[Config, ...],
    *,
    seconds: float,
    cpu_clock: bool,
    max_positions: int,
    focus_after: int = -1,
) -> tuple[int, int, list[Atom] | None]:
    """One portfolio of searches from ``state``: ``(status, positions expanded, atoms)``,
    the atoms (in ``state``'s order of columns and places) only with status ``WON``.
    ``configs``: one ``(level, weight of a step, turns)`` per search, or with a fourth number,
    the weight of a face-down card in the estimate (3 without), and a fifth, in a game of one
    card at a time (Easy Harp), the weight of a face-up card lying on a face-down one (8
    without), and a sixth, the weight of a card lying over the next card a foundation takes
    (0 without), and a seventh, :data:`NOVELTY`, :data:`NOVELTY_BY_PROGRESS` or 0; a
    ``DRAW_ONE`` or ``DRAW_ONE_LIKELY`` search plays ``table.dealt_one_at_a_time()``.
    ``max_positions`` −1 for no limit. Once ``focus_after`` positions are expanded undecided
    (−1: never), the likely searches leave the turns."""
    draw_one = (
        table.dealt_one_at_a_time().as_tuple()
        if any(config[0] in (DRAW_ONE, DRAW_ONE_LIKELY) for config in configs)
        else None
    )
    status, positions, atoms = _module().search(
        state,
        table.as_tuple(),
        configs,
        seconds,
        cpu_clock,
        max_positions,
        MAX_STORED_POSITIONS,
        draw_one,
        MAX_SEARCH_BYTES,
        focus_after,
    )
    return status, positions, atoms


def successors(state: State, table: StockTable, level: int, *, settled: bool = True) -> list[Step]:
    """The search's successors of a position (``level`` LIKELY or COMPLETE), each with its
    atoms, in the order of the position's columns; ``settled=False``: before the safe moves
    that follow each move."""
    found = _module().successors(state, table.as_tuple(), level, settled)
    return [(atoms, State(*after)) for atoms, after in found]


def settle(state: State, table: StockTable) -> Step:
    """The safe moves to the foundations from a position, made at once, and where they lead."""
    atoms, after = _module().settle(state, table.as_tuple())
    return atoms, State(*after)


def key(state: State, table: StockTable, start: State | None = None) -> bytes:
    """The position's key in the search's table: equal keys, one position. With ``start``,
    the compact key a search from ``start`` stores (docs/solver.md, "Compact positions")."""
    found: bytes = _module().key(state, table.as_tuple(), start)
    return found


def stored(state: State, table: StockTable, start: State) -> tuple[int, State]:
    """What a search from ``start`` stores of a position: its size in bytes, and the
    position read back from them (columns in the key's order)."""
    size, back = _module().stored(state, table.as_tuple(), start)
    return size, State(*back)


def stuck_places(
    state: State, table: StockTable, *, thorough: bool = True
) -> list[tuple[int, int]]:
    """Where the cards that can never move lie (docs/solver.md, "Deadlocks"): (pile, place
    from the bottom), pile ``i`` being column ``i`` and pile ``len(columns)`` the waste (no
    passes back only). Empty: no proof of a loss. ``thorough=False``: the test the search
    makes of each position without passes back."""
    found: list[tuple[int, int]] = _module().stuck_places(state, table.as_tuple(), thorough)
    return found


def blockade(state: State, table: StockTable) -> tuple[list[tuple[int, int]], list[int]]:
    """One deck: the cards a blockade holds for good (docs/solver.md, "Blockades"), as
    (column, place from the bottom) and places in the talon. Either non-empty: the position is
    lost.

    >>> from solitaire.codes import parse_code
    >>> from solitaire.games import rules_for
    >>> code = parse_code("KL1-D1N-AAAAAAB")
    >>> position = rules_for(code.variant).deal(code.deal)
    >>> blockade(state_of(position), StockTable.for_variant(code.variant))
    ([], [])
    """
    found: tuple[list[tuple[int, int]], list[int]] = _module().blockade(state, table.as_tuple())
    return found


def waits(state: State, table: StockTable) -> tuple[list[bool], list[bool]]:
    """Draw 1 with passes, by card id: which talon cards may go to a column now, which up
    (docs/solver.md, "Talon cards wait")."""
    to_column, to_foundation = _module().waits(state, table.as_tuple())
    return [bool(flag) for flag in to_column], [bool(flag) for flag in to_foundation]
