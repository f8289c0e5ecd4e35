"""Klondike and Easy Harp positions as the search holds them, and the table it plays on.

A position is a :class:`State` ``(columns, foundations, talon, waste_size)``:

- a column is a ``bytes`` whose first byte is how many of its cards lie face down, then the
  card ids bottom first (``suit × 13 + rank − 1``, suits in the order ♠ ♥ ♦ ♣); the solver
  sees face-down cards, as the server does;
- ``foundations`` holds each foundation place's height (4 places, or 8 in Easy Harp);
- ``talon`` is the waste (bottom first) followed by the stock in the order it will be turned,
  and ``waste_size`` how many of those cards are on the waste. A tap adds ``draw`` to
  ``waste_size``; putting the waste back sets it to 0 and keeps the order (KL-9, EH-6); the
  playable card is ``talon[waste_size − 1]``. So every card the taps can bring to the top of
  the waste is known at once (Klondike-Solver's idea): a search step plays one of them,
  tapping as often as needed first.

The table (:class:`StockTable`) is what the search needs of the rules, read off
``rules_for(variant)``: nothing of the game is listed here again.

>>> from solitaire.codes import parse_code
>>> from solitaire.games import rules_for
>>> code = parse_code("KL1-D1N-AAAAAAB")
>>> start = state_of(rules_for(code.variant).deal(code.deal))
>>> len(start.talon), start.waste_size, [column[0] for column in start.columns]
(24, 0, [0, 1, 2, 3, 4, 5, 6])
>>> StockTable.for_variant(code.variant).as_tuple()
(7, 1, 1, True, False, True, True, True, False, True, True, True, True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from ..cards import SUITS, Card
from ..codes import Variant
from ..games import rules_for
from ..games.stock_and_foundations import StockAndFoundationRules
from ..moves import STOCK, WASTE, is_column, is_foundation
from ..position import Position
from .card_ids import card_id

TALON_WAITS = True
"""In draw 1 with passes, a talon card is played only when what follows it could come at
once (docs/solver.md, "Talon cards wait"). Sound; tests turn it off to compare."""

KINGS_FILL_EMPTIED = True
"""The complete level moves a column away whole (emptying it) only together with a king going
into it (docs/solver.md, "A column emptied whole"). Sound in every option; tests turn it off
to compare."""

RUNS_WAIT = True
"""In Klondike (one deck, every option), the complete level moves part of a run off a face-up
card only when that card can be used at once: it goes up (in draw 1 with passes, perhaps
after the talon cards of its suit below it), or the other card that may lie on it comes onto
it (docs/solver.md, "A run leaves a card only for its use"). Sound; tests turn it off to
compare."""

LOOSE_CARDS = True
"""In Klondike where talon cards do not wait (Vegas, and draw 3's own search), the complete
level sends up at once every card that could come back where it lies (a column's last card
on a face-up card it goes on, or a king alone in its column), and brings a card back only in
a chain of back moves ended by a card going onto it (docs/solver.md, "Loose cards"). Sound;
tests turn it off to compare. In Vegas the likely level does the same: its searches then run
dry sooner on a lost deal, as they must before the complete search has the turns to itself."""

FREE_CHAINS = True
"""In Klondike draw 1 with passes, the complete level puts a talon card or a foundation's card
on a column only in a chain ended, in the same step, by a run from a column going onto it (the
foundation cards above a card it takes brought back first, each onto a chain of its own):
every such card can be played at any moment, so in some win each waits until a run needs it.
With it, loose cards go up at once there too (a column's last card that could come back where
it lies, as :data:`LOOSE_CARDS` says): a chain lays one back the moment a run needs it
(docs/solver.md, "Free cards only in chains"). Sound; tests turn it off to compare."""


LIKELY_BACKS = True
"""In Klondike with passes (draw 1 or 3), the likely level (moves a good player would
consider) takes a foundation's top card back onto a column for a card lying right on a
column's face-down cards to go onto it, at once or through one free card (a talon card or a
foundation's top), as a player takes a card back to turn one over. KL1-D1N 906's win takes
one (docs/solver.md, "Likely and complete moves"). Only the likely level: it proves nothing,
so soundness is not at stake. (The same level's other rule for draw 1 with passes, part of a
run leaving a card that goes up once the talon cards below it have, needs no switch.)"""


UPS_TOGETHER = True
"""In Klondike draw 1 with passes, a talon card the talon waits send up goes up in one step with
the cards of its suit it waits for: the talon cards above it in turn, then the column's last
card (or a king from the talon ends it). Some win sends every talon card up right before the
next card of its suit, so the positions between are never needed (docs/solver.md, "Talon
cards wait"). Sound; tests turn it off to compare."""


BLOCKADES = True
"""In Klondike, a search proves a position lost at once when a blockade holds it: a set of
cards (each column's first ones, some talon cards) none of which can go up or onto a card that
can ever lie at a column's end. Checked at the start, and with free chains in the positions a
chain step reached by laying cards on a column's first face-up card or into an empty column
(docs/solver.md, "Blockades"). Sound; tests turn it off to compare."""

WASTE_DOMINANCE = True
"""In draw 3 with passes, the complete and likely levels leave out a position when they have
stored one that differs only in the waste size and whose taps bring up every talon card this
one's do: off the pass cycle (0, 3, 6, … and the whole talon), a waste size reaches the larger
sizes of its remainder by 3 and then the cycle, so it reaches all that the cycle, and any
larger size of its remainder, reaches. Whatever the lesser position can do, the other can
(docs/solver.md, "A waste size that reaches more"). Sound; tests turn it off to compare."""


class State(NamedTuple):
    """A position in the search's terms (see the module's docstring)."""

    columns: tuple[bytes, ...]
    foundations: bytes
    talon: bytes
    waste_size: int


@dataclass(frozen=True, slots=True)
class StockTable:
    """The rules of a variant as the search takes them (the C search's ``rules``)."""

    columns: int
    places_per_suit: int
    draw: int
    redeal: bool
    single_card: bool
    talon_waits: bool
    kings_fill: bool
    runs_wait: bool
    loose_cards: bool
    free_chains: bool
    likely_backs: bool
    ups_together: bool
    blockades: bool
    waste_dominance: bool

    @classmethod
    def for_variant(cls, variant: Variant) -> StockTable:
        """The table of Klondike or Easy Harp, from its rules; ValueError for another game."""
        rules = rules_for(variant)
        if not isinstance(rules, StockAndFoundationRules):
            raise ValueError(f"{variant} has no stock")
        one_deck = len(rules.shape.foundation_suits) == len(SUITS)
        # Talon cards wait in draw 1 with passes only: any talon card can then be played at
        # any moment. The free chains, the likely backs and the ups together rest on it.
        talon_waits = rules.draw == 1 and rules.redeal and TALON_WAITS
        return cls(
            columns=rules.shape.columns,
            places_per_suit=len(rules.shape.foundation_suits) // len(SUITS),
            draw=rules.draw,
            redeal=rules.redeal,
            single_card=rules.single_card_moves,
            talon_waits=talon_waits,
            # Klondike in every option; not Easy Harp, where it wins some deals and loses
            # others to the memory bound (docs/solver-figures.md, 2026-12-05).
            kings_fill=KINGS_FILL_EMPTIED and one_deck,
            # One deck: the argument names the one other card that may lie on a card.
            runs_wait=one_deck and RUNS_WAIT,
            # One deck, runs moving whole, talon cards not waiting: the chains' argument
            # (docs/solver.md).
            loose_cards=one_deck
            and not rules.single_card_moves
            and not (rules.draw == 1 and rules.redeal)
            and LOOSE_CARDS,
            # Every talon card playable at any moment: one deck with runs moving whole
            # (Klondike), or two decks one card at a time (Easy Harp, talon cards only).
            free_chains=one_deck == (not rules.single_card_moves) and talon_waits and FREE_CHAINS,
            # Klondike with passes: without passes back the likely searches decided no deal
            # more with it (docs/solver-figures.md, 2026-12-06); in draw 3 they win some
            # held-out deals sooner with it, or at all (2026-12-07).
            likely_backs=one_deck and not rules.single_card_moves and rules.redeal and LIKELY_BACKS,
            # One deck: which card a talon card waits for is then one card.
            ups_together=one_deck and talon_waits and UPS_TOGETHER,
            # One deck, runs moving whole: the argument follows a moved run's first card.
            blockades=one_deck and not rules.single_card_moves and BLOCKADES,
            # More than one card a tap, with passes: the waste sizes then differ in what
            # the taps reach.
            waste_dominance=rules.draw > 1 and rules.redeal and WASTE_DOMINANCE,
        )

    def dealt_one_at_a_time(self) -> StockTable:
        """The same game in draw 1: a relaxation of draw 3 (every draw-3 game is a draw-1
        game, docs/solver.md), with the reductions draw 1 allows: Klondike draw 3 with
        passes relaxes to the very table of draw 1 with passes.

        >>> from solitaire.codes import parse_variant
        >>> table = StockTable.for_variant(parse_variant("KL1-D3N")).dealt_one_at_a_time()
        >>> table == StockTable.for_variant(parse_variant("KL1-D1N"))
        True
        >>> table.draw, table.talon_waits, table.kings_fill, table.runs_wait, table.loose_cards
        (1, True, True, True, False)
        >>> table.free_chains
        True
        """
        talon_waits = self.redeal and TALON_WAITS
        return replace(
            self,
            draw=1,
            talon_waits=talon_waits,
            kings_fill=KINGS_FILL_EMPTIED,
            loose_cards=self.loose_cards and not talon_waits,
            free_chains=talon_waits
            and self.places_per_suit == 1
            and not self.single_card
            and FREE_CHAINS,
            likely_backs=talon_waits
            and self.places_per_suit == 1
            and not self.single_card
            and LIKELY_BACKS,
            ups_together=talon_waits and self.places_per_suit == 1 and UPS_TOGETHER,
            waste_dominance=False,
        )

    def as_tuple(
        self,
    ) -> tuple[int, int, int, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool]:
        return (
            self.columns,
            self.places_per_suit,
            self.draw,
            self.redeal,
            self.single_card,
            self.talon_waits,
            self.kings_fill,
            self.runs_wait,
            self.loose_cards,
            self.free_chains,
            self.likely_backs,
            self.ups_together,
            self.blockades,
            self.waste_dominance,
        )


def state_of(position: Position) -> State:
    """The search's form of an engine position (columns and places in the game's order)."""

    def ids(cards: tuple[Card, ...]) -> bytes:
        return bytes(card_id(card) for card in cards)

    columns = []
    foundations = []
    for pile_id, pile in position.items():
        if is_column(pile_id):
            columns.append(bytes((pile.down,)) + ids(pile.cards))
        elif is_foundation(pile_id):
            foundations.append(len(pile))
    talon = ids(position.pile(WASTE).cards) + ids(tuple(reversed(position.pile(STOCK).cards)))
    return State(tuple(columns), bytes(foundations), talon, len(position.pile(WASTE)))
