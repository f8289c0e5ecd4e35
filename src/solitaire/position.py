"""What lies on the table: piles of cards, some face down, in a game's fixed pile order.

A :class:`Position` is a value: moves make new positions, so undo is exact and positions can
be compared and hashed.

>>> from solitaire.codes import parse_variant
>>> shape = table_shape(parse_variant("KL1-D1N"))
>>> shape.pile_ids[:7]
('s', 'w', 'f1', 'f2', 'f3', 'f4', 't1')
>>> [suit.letter for suit in shape.foundation_suits]
['S', 'H', 'D', 'C']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .cards import SUITS, Card, Suit
from .codes import GameId, Variant
from .deals import deck_for
from .moves import STOCK, WASTE, column_id, foundation_id


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
    """The piles of a variant and the cards it is played with — the data the rules build on."""

    variant: Variant
    pile_ids: tuple[str, ...]
    columns: int
    foundation_suits: tuple[Suit, ...]
    deck: tuple[Card, ...]

    indexes: dict[str, int] = field(compare=False, repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.indexes.update({pile_id: i for i, pile_id in enumerate(self.pile_ids)})

    @property
    def has_stock(self) -> bool:
        return STOCK in self.pile_ids

    def index(self, pile: str) -> int:
        return self.indexes[pile]


@cache
def table_shape(variant: Variant) -> TableShape:
    """The piles and deck of a variant (cached: it never changes)."""
    game = variant.game
    _, deck = deck_for(game, variant.suits)
    if game is GameId.SIMPLE_SIMON:
        columns = 10
        foundation_suits: tuple[Suit, ...] = ()
    elif game is GameId.KLONDIKE:
        columns = 7
        foundation_suits = SUITS
    else:
        columns = 9
        foundation_suits = tuple(suit for suit in SUITS for _ in range(2))
    ids: list[str] = [STOCK, WASTE] if foundation_suits else []
    ids += [foundation_id(i) for i in range(len(foundation_suits))]
    ids += [column_id(i) for i in range(columns)]
    return TableShape(variant, tuple(ids), columns, foundation_suits, tuple(deck))


@dataclass(frozen=True, slots=True)
class Position:
    """A position of one variant: its piles in the order of ``table_shape(variant).pile_ids``.

    ``deal`` is the deal number when the position comes from a numbered deal, else None.
    """

    variant: Variant
    piles: tuple[Pile, ...]
    deal: int | None = None
    shape: TableShape = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.shape is None:
            object.__setattr__(self, "shape", table_shape(self.variant))

    def pile(self, pile_id: str) -> Pile:
        return self.piles[self.shape.indexes[pile_id]]

    def items(self) -> list[tuple[str, Pile]]:
        return list(zip(self.shape.pile_ids, self.piles, strict=True))

    def with_piles(self, changes: dict[str, Pile]) -> Position:
        """A copy with some piles replaced."""
        piles = list(self.piles)
        indexes = self.shape.indexes
        for pile_id, pile in changes.items():
            piles[indexes[pile_id]] = pile
        return Position(self.variant, tuple(piles), self.deal, self.shape)

    def card_count(self) -> int:
        return sum(len(pile) for pile in self.piles)

    def all_cards(self) -> list[Card]:
        return [card for pile in self.piles for card in pile.cards]
