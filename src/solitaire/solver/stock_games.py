"""Klondike (KL-1 … KL-9) and Easy Harp (EH-1 … EH-8) on a compact private representation.

A position is ``(columns, foundations, talon, waste_size)``:

- a column is a ``bytes`` whose first byte is how many of its cards lie face down, then the
  card ids bottom first (``suit × 13 + rank − 1``, suits in the order ♠ ♥ ♦ ♣); the solver
  sees face-down cards, as the server does;
- ``foundations`` holds each foundation place's height (4 places, or 8 for Easy Harp);
- ``talon`` is the waste (bottom first) followed by the stock in the order it will be turned,
  and ``waste_size`` how many of those cards are on the waste. A tap adds ``draw`` to
  ``waste_size``; putting the waste back sets it to 0 and keeps the order (KL-9, EH-6); the
  playable card is ``talon[waste_size − 1]``. So every card the taps can bring to the top of
  the waste is known at once (Klondike-Solver's idea): a search step plays one of them,
  tapping as often as needed first.

Moves to a foundation that can never be wrong are made at once (see :func:`is_safe` and
docs/solver.md for why).

>>> from solitaire.games import rules_for
>>> from solitaire.codes import parse_code
>>> code = parse_code("KL1-D1N-AAAAAAB")
>>> position = rules_for(code.variant).deal(code.deal)
>>> rules = StockRules.for_position(position)
>>> start = rules.state_of(position)
>>> len(start.talon), start.waste_size, [column[0] for column in start.columns]
(24, 0, [0, 1, 2, 3, 4, 5, 6])
"""

from __future__ import annotations

import time
from itertools import chain, pairwise
from types import ModuleType
from typing import NamedTuple

from ..cards import SUITS, Card
from ..codes import GameId
from ..moves import ANY_FOUNDATION, DRAW, WASTE, Move, column_id, foundation_id
from ..position import Position
from .best_first import best_first
from .budget import Budget, OutOfBudget
from .deadlock import stuck_cards

_stock_search: ModuleType | None
try:
    from . import _stock_search
except ImportError:  # no C compiler when the package was installed: the Python search
    _stock_search = None

MAX_STORED_POSITIONS = 20_000_000
"""The C search stops (unknown) past this many stored positions: about 2 GB."""

C_COLUMN_ROOM = 40
"""The most cards a column may ever hold in the C search (its cards now, plus 13 that a
run could add); a typed-in position with a longer column is searched in Python."""

KING_INDEX = 12
_RED = bytes(1 if card // 13 in (1, 2) else 0 for card in range(52))
_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}
_OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))
"""The suits of the other colour, by suit index (♠ ♥ ♦ ♣)."""

_EVERY_CARD = [True] * 52


def card_id(card: Card) -> int:
    """The private id of a card, ``suit × 13 + rank − 1`` (suits ♠ ♥ ♦ ♣): 13 for A♥."""
    return _SUIT_INDEX[card.suit] * 13 + card.rank - 1


TALON_WAITS = True
"""In draw 1 with passes, a talon card is played only when what follows it could come at
once (:meth:`StockRules.lazy_talon`). Sound (docs/solver.md); tests turn it off to compare."""

KINGS_FILL_EMPTIED = True
"""Without passes back (Vegas), the complete level moves a column away whole (emptying it)
only together with a king going into it (:meth:`StockRules._kings_into_empty`). Sound
(docs/solver.md); tests turn it off to compare."""

Atom = tuple[int, int, int, int]
"""One engine move in private terms: (kind, a, b, c) with kinds
``TO_FOUNDATION`` (column a), ``COLUMN`` (column a, b cards, to column c),
``TALON`` (a taps on the stock, then the waste's top card to column b, or -1: a foundation),
``BACK`` (foundation place a to column b)."""

TO_FOUNDATION, COLUMN, TALON, BACK = 0, 1, 2, 3

LIKELY, COMPLETE = 1, 2
"""How many moves a search considers: see :meth:`StockRules.likely_successors`."""

KLONDIKE_PORTFOLIOS = (((LIKELY, 0, 1), (LIKELY, 2, 2), (COMPLETE, 0, 1)),)
"""The C search's plan for Klondike: (level, weight of a step, turns) of each search of a
portfolio, the searches taking turns of ``turns`` × 2 048 positions (docs/solver.md). One
portfolio: greedy search and weighted A* on the likely moves beside the complete search,
which alone can prove a loss and so runs from the start instead of after them. Weighted
A* takes double turns: on deals 1–200 it won one more KL1-D3N deal in 10 s (108), and the
95th-percentile time fell from 5.3 to 4.1 s, with no other change in any option."""

EASY_HARP_PORTFOLIOS = (((COMPLETE, 0, 1), (LIKELY, 0, 1), (LIKELY, 4, 1)),)
"""Easy Harp's: greedy search on every move wins most deals in a few hundredths of a second
(the likely moves leave out talon cards that look useless, and some wins need them);
greedy search and weight 4 on the likely moves win most of the others."""

KLONDIKE_STAGES = ((LIKELY, 0, 0.15), (LIKELY, 2, 0.35))
"""The Python search's plan (when the C search is not built), the same searches one after
the other: (level, weight of a step, share of the whole budget), then the complete search
with what is left. Greedy search on the likely moves first (it wins most deals in a few
hundredths of a second), then weighted A* (each step from the start adds 2 to the estimate,
as much as a card going up takes off), which does not wander across plateaus."""

EASY_HARP_STAGES = ((COMPLETE, 0, 0.5), (LIKELY, 0, 0.2), (LIKELY, 4, 0.25))
"""Easy Harp's stages in Python, in the order of its portfolio."""

C_WON, C_PROVED_LOST, C_OUT_OF_BUDGET, C_ALL_DRY = 0, 1, 2, 3
"""What the C search answers (_stock_search.c)."""


class LikelyMovesRanDry(Exception):
    """A search of the likely moves expanded every position it could reach: no proof."""


class State(NamedTuple):
    columns: tuple[bytes, ...]
    foundations: bytes
    talon: bytes
    waste_size: int


class StockRules:
    """The rules of Klondike or Easy Harp as the search needs them."""

    def __init__(
        self, *, columns: int, places_per_suit: int, draw: int, redeal: bool, single_card: bool
    ) -> None:
        self.columns = columns
        self.places_per_suit = places_per_suit
        self.draw = draw
        self.redeal = redeal
        self.single_card = single_card
        self.places_of = [
            tuple(range(suit * places_per_suit, (suit + 1) * places_per_suit)) for suit in range(4)
        ]
        self.total_cards = 52 * places_per_suit
        self.talon_free_key = draw == 1 and redeal
        # Talon cards wait until needed (lazy_talon): draw 1 with passes only.
        self.talon_waits = self.talon_free_key and TALON_WAITS
        # Without passes back, the complete level empties a column whole only with a king
        # going in (_kings_into_empty). Sound in every option, but with passes it only
        # reorders the complete search, which there wins deals as often as it proves losses.
        self.kings_fill = not redeal and KINGS_FILL_EMPTIED
        self._reach_cache: dict[tuple[int, int], list[tuple[int, int]]] = {}

    @property
    def c_rules(self) -> tuple[int, int, int, bool, bool, bool, bool]:
        """The rules as the C search takes them (``_stock_search.search``'s ``rules``)."""
        return (
            self.columns,
            self.places_per_suit,
            self.draw,
            self.redeal,
            self.single_card,
            self.talon_waits,
            self.kings_fill,
        )

    @classmethod
    def for_position(cls, position: Position) -> StockRules:
        variant = position.variant
        if variant.game is GameId.KLONDIKE:
            return cls(
                columns=7,
                places_per_suit=1,
                draw=variant.draw,
                redeal=not variant.vegas,
                single_card=False,
            )
        if variant.game is GameId.EASY_HARP:
            return cls(columns=9, places_per_suit=2, draw=1, redeal=True, single_card=True)
        raise ValueError(f"{variant} has no stock")

    # -- positions ------------------------------------------------------------------------
    def state_of(self, position: Position) -> State:
        """The private form of an engine position."""

        def ids(cards: tuple[Card, ...]) -> bytes:
            return bytes(card_id(card) for card in cards)

        stock, waste = position.pile("s"), position.pile("w")
        columns = tuple(
            bytes((pile.down,)) + ids(pile.cards)
            for pile_id, pile in position.items()
            if pile_id.startswith("t")
        )
        foundations = bytes(
            len(pile) for pile_id, pile in position.items() if pile_id.startswith("f")
        )
        talon = ids(waste.cards) + ids(tuple(reversed(stock.cards)))
        return State(columns, foundations, talon, len(waste))

    def key(self, state: State) -> bytes:
        """The transposition key: columns are interchangeable, so are a suit's places.

        With one card per tap and unlimited passes (Klondike draw 1 Normal, Easy Harp) every
        talon card can be brought to the waste's top from any waste size, and playing it
        leaves the same talon whatever the taps before: the position's future does not
        depend on the talon's order or the waste size, and the talon holds exactly the
        cards that are neither in a column nor up. So the key leaves the talon out.
        """
        foundations = state.foundations
        if self.places_per_suit > 1:
            foundations = bytes(
                h for places in self.places_of for h in sorted(foundations[p] for p in places)
            )
        columns = b"\xff".join(sorted(state.columns)) + b"\xfe" + foundations
        if self.talon_free_key:
            return columns
        waste_size = state.waste_size
        if self.redeal and (waste_size % self.draw == 0 or waste_size == len(state.talon)):
            # Draw 3 with passes back: the waste sizes that the pass back's cycle goes
            # through (0, 3, 6, … and the whole talon) are reached from each other by taps
            # alone, which are free and change nothing else: one position for them all.
            waste_size = 0
        return columns + b"\xfe" + state.talon + bytes((waste_size,))

    def is_won(self, state: State) -> bool:
        return sum(state.foundations) == self.total_cards

    def estimate(self, state: State) -> int:
        """Lower is better: cards still to go up, face-down cards weighing extra; in Easy
        Harp also the face-up cards lying on face-down ones, 8 each."""
        down = sum(column[0] for column in state.columns)
        value = 2 * (self.total_cards - sum(state.foundations)) + 3 * down
        if self.single_card:
            # One card at a time (EH-2): every card on a face-down card is one more move
            # to find a place for before it turns up, so piling cards there is what loses
            # Easy Harp games; weighing them heavily won 6 of 8 deals (3 s each) that the
            # plain estimate left undecided in 10 s.
            value += 8 * sum(len(column) - 1 - column[0] for column in state.columns if column[0])
        return value

    # -- rules ----------------------------------------------------------------------------
    def place_for(self, foundations: bytes, card: int) -> int:
        """The leftmost foundation place that takes the card (KL-5, EH-5), or -1."""
        rank_index = card % 13
        for place in self.places_of[card // 13]:
            if foundations[place] == rank_index:
                return place
        return -1

    def is_safe(self, foundations: bytes, card: int) -> bool:
        """Whether sending the card up now can never turn a winnable game into a lost one:
        every card of the other colour ranked below it, and every card of its colour ranked
        two or more below it, is already up (docs/solver.md gives the argument, which holds
        with cards coming back from the foundations, KL-7/EH-8)."""
        rank = card % 13 + 1
        red = _RED[card]
        for suit in range(4):
            limit = rank - 2 if _RED[suit * 13] == red else rank - 1
            if limit > 0 and min(foundations[p] for p in self.places_of[suit]) < limit:
                return False
        return True

    @staticmethod
    def fits(column: bytes, card: int) -> bool:
        """KL-1/KL-3, EH-1/EH-3: the card may go on the column."""
        if len(column) == 1:
            return card % 13 == KING_INDEX
        top = column[-1]
        return top % 13 == card % 13 + 1 and _RED[top] != _RED[card]

    @staticmethod
    def shrink(column: bytes, count: int) -> bytes:
        """The column once its last ``count`` cards left, a face-down card uncovered turning up."""
        left = len(column) - 1 - count
        down = column[0]
        if left and down >= left:
            down = left - 1
        return bytes((min(down, left),)) + column[1 : 1 + left]

    def reachable(self, talon_size: int, waste_size: int) -> list[tuple[int, int]]:
        """Every waste size that taps can reach with a card on the waste, and the taps needed."""
        cached = self._reach_cache.get((talon_size, waste_size))
        if cached is not None:
            return cached
        found: list[tuple[int, int]] = []
        seen = {waste_size}
        if waste_size:
            found.append((waste_size, 0))
        size, taps = waste_size, 0
        while True:
            if size < talon_size:
                size = min(size + self.draw, talon_size)
            elif self.redeal and talon_size:
                size = 0
            else:
                break
            taps += 1
            if size in seen:
                break
            seen.add(size)
            if size:
                found.append((size, taps))
        self._reach_cache[(talon_size, waste_size)] = found
        return found

    def is_king_run(self, column: bytes, start: int) -> bool:
        """EH-3: from ``start`` to the end, a king then alternating colours, one rank lower."""
        if column[start] % 13 != KING_INDEX:
            return False
        return all(
            column[i] % 13 == column[i + 1] % 13 + 1 and _RED[column[i]] != _RED[column[i + 1]]
            for i in range(start, len(column) - 1)
        )

    # -- the search's steps ---------------------------------------------------------------
    def settle(self, state: State, atoms: list[Atom]) -> State:
        """Make every safe move to the foundations (from a column's end; from the waste in
        draw 1 only, where taking a card out of the talon cannot change what the taps show)."""
        columns, foundations, talon, waste_size = state
        one_place = self.places_per_suit == 1
        changed = True
        while changed:
            changed = False
            for index, column in enumerate(columns):
                if len(column) > 1:
                    card = column[-1]
                    if one_place:
                        # Klondike, the common case made cheap: the suit's one place.
                        place = card // 13 if foundations[card // 13] == card % 13 else -1
                    else:
                        place = self.place_for(foundations, card)
                    if place >= 0 and self.is_safe(foundations, card):
                        foundations = _raise(foundations, place)
                        columns = _replace(columns, index, self.shrink(column, 1))
                        atoms.append((TO_FOUNDATION, index, 0, 0))
                        changed = True
            if self.draw == 1 and waste_size:
                card = talon[waste_size - 1]
                place = self.place_for(foundations, card)
                if place >= 0 and self.is_safe(foundations, card):
                    foundations = _raise(foundations, place)
                    talon = talon[: waste_size - 1] + talon[waste_size:]
                    waste_size -= 1
                    atoms.append((TALON, 0, -1, 0))
                    changed = True
        return State(columns, foundations, talon, waste_size)

    def successors(self, state: State) -> list[tuple[tuple[Atom, ...], State]]:
        """Every move (each followed by the safe moves it allows), as (atoms, position)."""
        return self._successors(state, COMPLETE)

    def likely_successors(self, state: State) -> list[tuple[tuple[Atom, ...], State]]:
        """The moves a good player would consider (after Klondike-Solver's pruning): no card
        back from a foundation; a column is emptied only when a king could fill it; in
        Klondike part of a run moves only to let the card it uncovers go up; in Easy Harp a
        talon card goes to a column only when the last card of a column that hides face-down
        cards could then go onto it. A win found this way is a win; a search that finds none
        proves nothing."""
        return self._successors(state, LIKELY)

    def lazy_talon(self, state: State) -> tuple[list[bool], list[bool]]:
        """Draw 1 with passes: which talon cards may go to a column, which to a foundation.

        Every talon card can be played at any time, so playing one can wait until it is
        needed (argued in docs/solver.md): a card goes to a column only when something could
        then go onto it (a face-up card of a column, in Easy Harp a column's last card; a
        foundation's top card; or a talon card onto which something could go in turn), and
        up only when it is a king or the next card of its suit lies at a column's end or is a
        talon card that may go up in turn. Cards are indexed by their private id. For
        example, with 8♠ and 8♣ face down, a red 9 waits in the talon even when a black 10
        ends a column; A♥ waits while 2♥ lies face down.
        """
        columns, foundations, talon, _ = state
        free = [False] * 52
        at_end = [False] * 52
        for column in columns:
            if len(column) > 1:
                at_end[column[-1]] = True
                for card in column[len(column) - 1 if self.single_card else 1 + column[0] :]:
                    free[card] = True
        for place, height in enumerate(foundations):
            if height:
                free[(place // self.places_per_suit) * 13 + height - 1] = True
        in_talon = [False] * 52
        for card in talon:
            in_talon[card] = True
        to_column = [False] * 52
        for rank in range(1, 13):
            for suit in range(4):
                to_column[suit * 13 + rank] = any(
                    free[below] or (in_talon[below] and to_column[below])
                    for below in (other * 13 + rank - 1 for other in _OTHER_COLOUR[suit])
                )
        to_foundation = [False] * 52
        for suit in range(4):
            for rank in range(12, -1, -1):
                card = suit * 13 + rank
                to_foundation[card] = (
                    rank == KING_INDEX
                    or at_end[card + 1]
                    or (in_talon[card + 1] and to_foundation[card + 1])
                )
        return to_column, to_foundation

    def _successors(self, state: State, level: int) -> list[tuple[tuple[Atom, ...], State]]:
        complete = level == COMPLETE
        # In Easy Harp's likely moves, a talon card goes to a column only when the last card
        # of a column that hides face-down cards could then go onto it. (In
        # Klondike the same pruning loses more wins than the time it saves.)
        talon_only_when_useful = level == LIKELY and self.single_card
        columns, foundations, talon, waste_size = state
        found: list[tuple[tuple[Atom, ...], State]] = []

        def add(atom: Atom, after: State) -> None:
            atoms = [atom]
            settled = self.settle(after, atoms)
            found.append((tuple(atoms), settled))

        empty = next((j for j, column in enumerate(columns) if len(column) == 1), -1)
        # Which columns take which card, and which cards the foundations take: looked up
        # once per position instead of testing every card against every pile.
        wanted: dict[int, list[int]] = {}
        for j, column in enumerate(columns):
            if len(column) > 1 and column[-1] % 13:
                top = column[-1]
                for suit in _OTHER_COLOUR[top // 13]:
                    wanted.setdefault(suit * 13 + top % 13 - 1, []).append(j)
        next_up: dict[int, int] = {}
        for suit, places in enumerate(self.places_of):
            for place in places:
                if foundations[place] < 13:
                    next_up.setdefault(suit * 13 + foundations[place], place)

        def targets(card: int, source: int) -> list[int]:
            if card % 13 == KING_INDEX:
                return [empty] if empty >= 0 and empty != source else []
            return [j for j in wanted.get(card, ()) if j != source]

        # Column ends to the foundations.
        for index, column in enumerate(columns):
            if len(column) > 1:
                place = next_up.get(column[-1], -1)
                if place >= 0:
                    add(
                        (TO_FOUNDATION, index, 0, 0),
                        State(
                            _replace(columns, index, self.shrink(column, 1)),
                            _raise(foundations, place),
                            talon,
                            waste_size,
                        ),
                    )
        # Cards the taps can bring to the waste's top, to a foundation or a column.
        unblockers: set[int] = set()
        if talon_only_when_useful:
            # Easy Harp: the last card of a column that still hides face-down cards.
            for column in columns:
                if column[0]:
                    unblockers.add(column[-1])
        useful = {
            suit * 13 + card % 13 + 1
            for card in unblockers
            if card % 13 != KING_INDEX
            for suit in _OTHER_COLOUR[card // 13]
        }
        if self.talon_waits:
            to_column, to_foundation = self.lazy_talon(state)
        else:
            to_column = to_foundation = _EVERY_CARD
        for size, taps in self.reachable(len(talon), waste_size):
            card = talon[size - 1]
            place = next_up.get(card, -1)
            if place < 0 and card not in wanted and (card % 13 != KING_INDEX or empty < 0):
                continue  # nowhere to go: most talon cards, most of the time
            rest = talon[: size - 1] + talon[size:]
            if place >= 0 and to_foundation[card]:
                add(
                    (TALON, taps, -1, 0), State(columns, _raise(foundations, place), rest, size - 1)
                )
            if talon_only_when_useful and card % 13 != KING_INDEX and card not in useful:
                continue
            if not to_column[card]:
                continue
            for target in targets(card, -1):
                add((TALON, taps, target, 0), self.talon_card_to(state, size, target))
        # Cards between columns.
        king_waiting = (
            complete
            or any(card % 13 == KING_INDEX for card in talon)
            or any(
                column[1 + s] % 13 == KING_INDEX
                for column in columns
                for s in range(1, len(column) - 1)
                if s >= column[0]
            )
        )
        for index, column in enumerate(columns):
            size = len(column) - 1
            if not size:
                continue
            down = column[0]
            if self.single_card:
                kings = [s for s in range(down, size - 1) if self.is_king_run(column, 1 + s)]
                starts = [size - 1, *kings[:1]]
            else:
                starts = list(range(down, size))
            for start in starts:
                card = column[1 + start]
                # Most cards of a column have nowhere to go: skip them before anything else.
                if card % 13 == KING_INDEX:
                    if start == 0 or empty < 0:
                        continue  # a king at the bottom: moving it changes nothing
                elif card not in wanted:
                    continue
                count = size - start
                if (
                    not complete
                    and not self.single_card
                    and start > down
                    and (column[start] not in next_up)
                ):
                    continue
                if not complete and start == 0 and not king_waiting:
                    continue
                for target in targets(card, index):
                    if self.single_card and count > 1 and len(columns[target]) > 1:
                        continue
                    moved = _replace(columns, index, self.shrink(column, count))
                    moved = _replace(moved, target, columns[target] + column[1 + start :])
                    atom = (COLUMN, index, count, target)
                    after = State(moved, foundations, talon, waste_size)
                    if start == 0 and complete and self.kings_fill:
                        found += self._kings_into_empty(atom, after)
                    else:
                        add(atom, after)
        # A foundation's top card back onto a column (KL-7, EH-8).
        for place, height in enumerate(foundations if complete else b""):
            if height:
                card = (place // self.places_per_suit) * 13 + height - 1
                for target in targets(card, -1):
                    add((BACK, place, target, 0), self.foundation_card_to(state, place, target))
        return found

    def _kings_into_empty(self, first: Atom, state: State) -> list[tuple[tuple[Atom, ...], State]]:
        """The complete level's moves that empty a column whole, each with its second half:
        ``first`` (the move that emptied it) followed by a king (Easy Harp: a king's run)
        going into the column, from the talon, another column or a foundation. The emptied
        column alone is no successor: it takes nothing but a king, and moving a whole column
        onto another gains nothing else, so some shortest win makes every such move just
        before a king goes in (argued in docs/solver.md). For example, 5♥ alone in a column
        goes onto 6♠ only if a king can then take its place."""
        columns, foundations, talon, waste_size = state
        empty = next(j for j, column in enumerate(columns) if len(column) == 1)
        found: list[tuple[tuple[Atom, ...], State]] = []

        def add(atom: Atom, after: State) -> None:
            atoms = [first, atom]
            settled = self.settle(after, atoms)
            found.append((tuple(atoms), settled))

        to_column = self.lazy_talon(state)[0] if self.talon_waits else _EVERY_CARD
        for size, taps in self.reachable(len(talon), waste_size):
            card = talon[size - 1]
            if card % 13 == KING_INDEX and to_column[card]:
                add((TALON, taps, empty, 0), self.talon_card_to(state, size, empty))
        for index, column in enumerate(columns):
            for start in range(max(column[0], 1), len(column) - 1):
                if column[1 + start] % 13 != KING_INDEX:
                    continue
                if self.single_card and not self.is_king_run(column, 1 + start):
                    continue
                count = len(column) - 1 - start
                moved = _replace(columns, index, self.shrink(column, count))
                moved = _replace(moved, empty, columns[empty] + column[1 + start :])
                add((COLUMN, index, count, empty), State(moved, foundations, talon, waste_size))
        for place, height in enumerate(foundations):
            if height == 13:
                add((BACK, place, empty, 0), self.foundation_card_to(state, place, empty))
        return found

    def search(self, state: State, budget: Budget) -> list[Atom] | None:
        """A winning list of atoms, or None once every reachable position has been expanded."""
        atoms: list[Atom] = []
        start = self.settle(state, atoms)
        if stuck_cards(self, start):
            return None  # some cards can never move (deadlock.py): lost without a search
        if _stock_search is not None and self.fits_c_search(start):
            steps = self._search_in_c(start, budget)
        else:
            steps = self._search_in_python(start, budget)
        if steps is None:
            return None
        return atoms + [atom for step in steps for atom in step]

    def _search_in_c(self, start: State, budget: Budget) -> list[tuple[Atom, ...]] | None:
        """The portfolios of :data:`KLONDIKE_PORTFOLIOS` (or Easy Harp's) in turn, each until
        a win, a proof or (if it holds no complete search) every search ran dry."""
        assert _stock_search is not None
        portfolios = EASY_HARP_PORTFOLIOS if self.single_card else KLONDIKE_PORTFOLIOS
        for configs in portfolios:
            status, positions, path, _ = _stock_search.search(
                start.columns,
                start.foundations,
                start.talon,
                start.waste_size,
                self.c_rules,
                configs,
                self.checks_every_position,
                max(0.0, budget.deadline - budget.clock()),
                budget.clock is time.process_time,
                budget.positions_left(),
                MAX_STORED_POSITIONS,
            )
            budget.add(positions)
            if status == C_WON:
                assert path is not None
                return self.steps_along(start, [State(*item) for item in path])
            if status == C_PROVED_LOST:
                return None
            if status == C_OUT_OF_BUDGET:
                raise OutOfBudget(f"{budget.positions} positions")
            # C_ALL_DRY: the likely moves hold no win; on to the next portfolio.
        raise AssertionError("the last portfolio holds a complete search")

    def _search_in_python(self, start: State, budget: Budget) -> list[tuple[Atom, ...]] | None:
        """The stages of :data:`KLONDIKE_STAGES` (or Easy Harp's) one after the other, each
        with its share of the budget, then the complete search with the rest."""
        whole = budget.deadline - budget.started
        for level, depth_weight, share in EASY_HARP_STAGES if self.single_card else KLONDIKE_STAGES:
            try:
                # A win ends the search; so does a complete stage that runs dry (a proof).
                return self._best_first(start, level, depth_weight, budget.part(share * whole))
            except OutOfBudget:
                if budget.exhausted():
                    raise
                continue  # this stage's share is spent: on to the next
            except LikelyMovesRanDry:
                break  # the likely moves hold no win: straight to the complete search
        return self._best_first(start, COMPLETE, 0, budget)

    @property
    def checks_every_position(self) -> bool:
        """Whether positions met in the search are checked for deadlocks, not just the start:
        those reached by a step that played a talon card (:meth:`plays_a_talon_card`).

        Without passes back, taps bury cards in the waste for good, so positions met in the
        search lock up often. With passes back, a column's candidates only shrink and the
        foundations only grow, so a position that the start's check passes rarely locks up
        later: the check would cost more than it saves."""
        return not self.redeal

    @staticmethod
    def plays_a_talon_card(step: tuple[Atom, ...]) -> bool:
        """Whether a step's move takes a card from the talon (and so may bury cards in the
        waste): the steps whose positions the Vegas search checks for deadlocks. A move
        between columns or to a foundation hardly ever locks a position its parent left
        free (KL1-D1V deals 1–40: the same positions expanded give or take a few hundred,
        checked or not), and skipping a check only costs time, never a win.

        >>> StockRules.plays_a_talon_card(((TALON, 2, 4, 0),))
        True
        >>> StockRules.plays_a_talon_card(((COLUMN, 0, 1, 3), (TALON, 0, -1, 0)))
        False
        """
        return step[0][0] == TALON

    def _best_first(
        self, start: State, level: int, depth_weight: int, budget: Budget
    ) -> list[tuple[Atom, ...]] | None:
        """One stage in Python: best-first search over the moves of ``level`` (ties newest
        first), ``depth_weight`` per step added to the estimate; the steps of a win, None
        when the complete search ran dry, :class:`LikelyMovesRanDry` when a likely one did."""
        steps = best_first(
            start,
            key=self.key,
            successors=self.successors if level == COMPLETE else self.likely_successors,
            estimate=self.estimate,
            is_goal=self.is_won,
            budget=budget,
            newest_first=True,
            is_dead=self.is_dead if self.checks_every_position else None,
            checks_after=self.plays_a_talon_card,
            depth_weight=depth_weight,
        )
        if steps is None and level == LIKELY:
            raise LikelyMovesRanDry
        return steps

    @staticmethod
    def fits_c_search(state: State) -> bool:
        """Whether the C search can hold the position (every deal can; a typed-in position
        with a very long column cannot).

        >>> StockRules.fits_c_search(State((bytes((30,)) + bytes(range(28)),), b"", b"", 0))
        False
        """
        return len(state.talon) <= 104 and all(
            len(column) - 1 + 13 <= C_COLUMN_ROOM for column in state.columns
        )

    def steps_along(self, start: State, path: list[State]) -> list[tuple[Atom, ...]]:
        """The atoms of a game from ``start`` along the C search's path (``path[0]`` is
        ``start`` with its columns, and Easy Harp's places, in the C search's order).

        Each step is found among the successors of the path's previous position, in the
        path's order of columns, where the C search found it, then translated to the
        game's own order and replayed on it. Matching the game's own successors by key
        alone would not do: with two decks, which of two equal cards a safe move sends up
        depends on the order of the columns.
        """
        steps: list[tuple[Atom, ...]] = []
        current = start
        for number, (before, wanted) in enumerate(pairwise(path), start=1):
            wanted_key = self.key(wanted)
            # A likely step is not always a complete one (a column emptied whole:
            # _kings_into_empty), so both levels are looked through.
            moves = chain(self.successors(before), self.likely_successors(before))
            step = next(
                (
                    step
                    for step, after in moves
                    if after.talon == wanted.talon
                    and after.waste_size == wanted.waste_size
                    and self.key(after) == wanted_key
                ),
                None,
            )
            if step is None:
                raise RuntimeError(f"step {number} of the C search's path is no move")
            translated = self._translate(step, before, current)
            for atom in translated:
                current = self.apply_atom(current, atom)
            if self.key(current) != wanted_key or current.talon != wanted.talon:
                raise RuntimeError(f"step {number} of the C search's path leads elsewhere")
            steps.append(translated)
        return steps

    def _translate(self, step: tuple[Atom, ...], before: State, game: State) -> tuple[Atom, ...]:
        """The atoms of ``step``, made in ``before``, for the same position ``game`` whose
        columns (and places of a suit) lie in another order."""
        column_of: list[int] = []
        for column in before.columns:
            column_of.append(
                next(
                    j
                    for j, other in enumerate(game.columns)
                    if other == column and j not in column_of
                )
            )
        place_of: list[int] = []
        for place, height in enumerate(before.foundations):
            suit_places = self.places_of[place // self.places_per_suit]
            place_of.append(
                next(q for q in suit_places if game.foundations[q] == height and q not in place_of)
            )
        translated: list[Atom] = []
        for kind, a, b, c in step:
            if kind == TO_FOUNDATION:
                translated.append((kind, column_of[a], b, c))
            elif kind == COLUMN:
                translated.append((kind, column_of[a], b, column_of[c]))
            elif kind == TALON:
                translated.append((kind, a, column_of[b] if b >= 0 else b, c))
            else:
                translated.append((kind, place_of[a], column_of[b], c))
        return tuple(translated)

    def apply_atom(self, state: State, atom: Atom) -> State:
        """The position after one atom (a move, the taps before it included)."""
        columns, foundations, talon, waste_size = state
        kind, a, b, c = atom
        if kind == TO_FOUNDATION:
            card = columns[a][-1]
            return State(
                _replace(columns, a, self.shrink(columns[a], 1)),
                _raise(foundations, self.place_for(foundations, card)),
                talon,
                waste_size,
            )
        if kind == COLUMN:
            moved = _replace(columns, a, self.shrink(columns[a], b))
            return State(
                _replace(moved, c, columns[c] + columns[a][-b:]), foundations, talon, waste_size
            )
        if kind == TALON:
            size = waste_size
            for _ in range(a):
                size = min(size + self.draw, len(talon)) if size < len(talon) else 0
            if b >= 0:
                return self.talon_card_to(state, size, b)
            card = talon[size - 1]
            rest = talon[: size - 1] + talon[size:]
            return State(
                columns, _raise(foundations, self.place_for(foundations, card)), rest, size - 1
            )
        return self.foundation_card_to(state, a, b)

    @staticmethod
    def talon_card_to(state: State, size: int, target: int) -> State:
        """The position once the talon card on top at waste size ``size`` (the taps done)
        went onto column ``target``."""
        columns, foundations, talon, _ = state
        return State(
            _replace(columns, target, columns[target] + talon[size - 1 : size]),
            foundations,
            talon[: size - 1] + talon[size:],
            size - 1,
        )

    def foundation_card_to(self, state: State, place: int, target: int) -> State:
        """The position once the top card of foundation ``place`` came back onto column
        ``target`` (KL-7, EH-8)."""
        columns, foundations, talon, waste_size = state
        card = (place // self.places_per_suit) * 13 + foundations[place] - 1
        return State(
            _replace(columns, target, columns[target] + bytes((card,))),
            _lower(foundations, place),
            talon,
            waste_size,
        )

    def is_dead(self, state: State) -> bool:
        """Whether some cards of the position can never move (proved lost, deadlock.py)."""
        return bool(stuck_cards(self, state, thorough=False))

    @staticmethod
    def to_moves(atoms: list[Atom]) -> list[Move]:
        """The engine's moves for a list of atoms."""
        moves: list[Move] = []
        for kind, a, b, c in atoms:
            if kind == TO_FOUNDATION:
                moves.append(Move(column_id(a), ANY_FOUNDATION))
            elif kind == COLUMN:
                moves.append(Move(column_id(a), column_id(c), b))
            elif kind == TALON:
                moves.extend([DRAW] * a)
                moves.append(Move(WASTE, ANY_FOUNDATION if b < 0 else column_id(b)))
            else:
                moves.append(Move(foundation_id(a), column_id(b)))
        return moves


def _replace(columns: tuple[bytes, ...], index: int, column: bytes) -> tuple[bytes, ...]:
    return (*columns[:index], column, *columns[index + 1 :])


def _raise(foundations: bytes, place: int) -> bytes:
    return foundations[:place] + bytes((foundations[place] + 1,)) + foundations[place + 1 :]


def _lower(foundations: bytes, place: int) -> bytes:
    return foundations[:place] + bytes((foundations[place] - 1,)) + foundations[place + 1 :]
