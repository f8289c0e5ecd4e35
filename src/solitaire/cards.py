"""Cards, ranks and suits, and their two-character text codes (rules §1).

>>> card = parse_card("TD")
>>> card.rank, card.suit.name, card.code
(10, 'DIAMONDS', 'TD')
>>> parse_card("7h") == Card(7, Suit.HEARTS)
True
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

RANK_LETTERS = "A23456789TJQK"
"""Rank letters, low to high: index + 1 is the rank (ace = 1 … king = 13)."""

ACE = 1
KING = 13


class Suit(Enum):
    """The four suits in the foundation order of Klondike (♠ ♥ ♦ ♣)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Each suit is one object: hashed by identity, in C, and not by Enum's own hash, a call
    # of Python code for every card of every position a search or a test keeps in a set.
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_BY_LETTER = {suit.value: suit for suit in SUITS}


class CardTextError(ValueError):
    """A card code that does not name a card, e.g. ``1S`` or ``QX``."""


class Card(NamedTuple):
    """One playing card; two-deck games simply hold equal cards twice.

    >>> Card(12, Suit.SPADES).code
    'QS'
    """

    rank: int
    suit: Suit

    @property
    def code(self) -> str:
        return _CODES[self]

    @property
    def is_red(self) -> bool:
        return self.suit in _RED_SUITS

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


_RED_SUITS = frozenset((Suit.HEARTS, Suit.DIAMONDS))
# One object for each of the 52 cards, shared by every game: a deal or a card read from text
# takes its card from here. A server keeps many games in memory, and the garbage collector
# looks at every object a young one refers to; 52 cards it finds in its cache, not one
# card object per card of every game, scattered in memory.
_CARDS: dict[tuple[int, Suit], Card] = {
    (rank, suit): Card(rank, suit) for suit in SUITS for rank in range(1, 14)
}
# Looked up, not built: codes are read in every move the engine lists.
_CODES = {card: RANK_LETTERS[card.rank - 1] + card.suit.value for card in _CARDS.values()}


def parse_card(text: str) -> Card:
    """Read a card code, in any letter case: ``"7h"`` is the seven of hearts.

    >>> parse_card("ks")
    Card(KS)
    """
    code = text.strip().upper()
    if len(code) != 2 or code[0] not in RANK_LETTERS or code[1] not in _SUIT_BY_LETTER:
        raise CardTextError(
            f"{text!r} is not a card: write a rank (A 2 … 9 T J Q K) and a suit (S H D C), "
            "e.g. 7H or TD"
        )
    return _CARDS[RANK_LETTERS.index(code[0]) + 1, _SUIT_BY_LETTER[code[1]]]


def full_suit(suit: Suit) -> list[Card]:
    """The 13 cards of a suit, ace first."""
    return [_CARDS[rank, suit] for rank in range(ACE, KING + 1)]
