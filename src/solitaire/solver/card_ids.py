"""The solver's private card ids: ``suit × 13 + rank − 1``, suits in the order ♠ ♥ ♦ ♣ (so
A♠ is 0, A♥ 13, K♣ 51), one byte each in the search's columns and talons.

>>> from solitaire.cards import parse_card
>>> card_id(parse_card("AH")), card_text(51), card_of(13)
(13, 'KC', Card(AH))
"""

from __future__ import annotations

from ..cards import RANK_LETTERS, SUITS, Card

_SUIT_INDEX = {suit: index for index, suit in enumerate(SUITS)}


def card_id(card: Card) -> int:
    """The private id of a card."""
    return _SUIT_INDEX[card.suit] * 13 + card.rank - 1


def card_of(card: int) -> Card:
    """The card of a private id (the inverse of :func:`card_id`)."""
    return Card(card % 13 + 1, SUITS[card // 13])


def card_text(card: int) -> str:
    """A private card id as card text."""
    return RANK_LETTERS[card % 13] + SUITS[card // 13].letter
