"""What lies on the table: piles of cards, some face down, in a game's fixed pile order.

A :class:`Position` is a value: moves make new positions, so undo is exact and positions can
be compared and hashed.

>>> from solitaire.codes import parse_variant
>>> from solitaire.games import rules_for
>>> shape = rules_for(parse_variant("KL1-D1N")).shape
>>> shape.pile_ids[:7]
('s', 'w', 'f1', 'f2', 'f3', 'f4', 't1')
>>> [suit.letter for suit in shape.foundation_suits], shape.top_row
(['S', 'H', 'D', 'C'], ('s', 'w', None, 'f1', 'f2', 'f3', 'f4'))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, Suit
from .codes import Variant
from .moves import STOCK, column_id, foundation_id, is_foundation


@dataclass(frozen=True, slots=True)
class Pile:
    """Cards bottom first; the first ``down`` of them lie face down.

    >>> from solitaire.cards import parse_card
    >>> pile = Pile((parse_card("4C"), parse_card("9H")), down=1)
    >>> [card.code for card in pile.face_up]
    ['9H']
    """

    cards: tuple[Card, ...] = ()
    down: int = 0

    @property
    def face_up(self) -> tuple[Card, ...]:
        return self.cards[self.down :]

    @property
    def top(self) -> Card | None:
        """The last card (the one on top), or None for an empty pile."""
        return self.cards[-1] if self.cards else None

    def __len__(self) -> int:
        return len(self.cards)


EMPTY = Pile()


@dataclass(frozen=True, slots=True)
class TableShape:
    """The piles of a variant and the cards it is played with, as its rules declare them
    (``columns``, ``foundation_suits`` and ``top_row`` of each ``Rules`` class in games/): the
    data that positions, the rules, the solver and the board's layout all read.

    ``top_row`` is the board's top row, slot by slot from the left: a pile id, or None for a
    gap. The piles come in the order of the top row, then the columns ``t1`` … (rules §1).
    """

    variant: Variant
    columns: int
    foundation_suits: tuple[Suit, ...]
    top_row: tuple[str | None, ...]
    deck: tuple[Card, ...]

    pile_ids: tuple[str, ...] = field(init=False)
    indexes: dict[str, int] = field(init=False, compare=False, repr=False)
    #: Where ``t1`` is among the piles (the columns follow it, in order).
    first_column: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        above = tuple(pile_id for pile_id in self.top_row if pile_id is not None)
        foundations = tuple(pile_id for pile_id in above if is_foundation(pile_id))
        if foundations != tuple(foundation_id(i) for i in range(len(self.foundation_suits))):
            raise ValueError(f"the top row {self.top_row} does not hold the foundations in order")
        pile_ids = above + tuple(column_id(i) for i in range(self.columns))
        object.__setattr__(self, "pile_ids", pile_ids)
        object.__setattr__(self, "indexes", {pile_id: i for i, pile_id in enumerate(pile_ids)})
        object.__setattr__(self, "first_column", len(above))

    @property
    def has_stock(self) -> bool:
        return STOCK in self.pile_ids

    def index(self, pile: str) -> int:
        return self.indexes[pile]


@dataclass(frozen=True, slots=True)
class Position:
    """A position of one variant: its piles in the order of ``shape.pile_ids``, the shape
    being its rules' (``rules_for(variant).shape``).

    ``deal`` is the deal number when the position comes from a numbered deal, else None.
    """

    variant: Variant
    piles: tuple[Pile, ...]
    deal: int | None = None
    shape: TableShape = field(kw_only=True, compare=False, repr=False)

    def pile(self, pile_id: str) -> Pile:
        return self.piles[self.shape.indexes[pile_id]]

    @property
    def columns(self) -> tuple[Pile, ...]:
        """The columns ``t1`` … in order."""
        first = self.shape.first_column
        return self.piles[first : first + self.shape.columns]

    def items(self) -> list[tuple[str, Pile]]:
        return list(zip(self.shape.pile_ids, self.piles, strict=True))

    def with_piles(self, changes: dict[str, Pile]) -> Position:
        """A copy with some piles replaced."""
        piles = list(self.piles)
        indexes = self.shape.indexes
        for pile_id, pile in changes.items():
            piles[indexes[pile_id]] = pile
        return Position(self.variant, tuple(piles), self.deal, shape=self.shape)

    def card_count(self) -> int:
        return sum(len(pile) for pile in self.piles)

    def all_cards(self) -> list[Card]:
        return [card for pile in self.piles for card in pile.cards]
