"""The deal generator (rules DL-1, DL-2, DL-4): the same cards for a deal number on every
platform and in every release.

How a deal is made, so that anyone can reproduce it:

1. **The deck before shuffling** is the game's packs one after the other, each pack suit by
   suit, each suit ace to king. The packs are, by deck: Klondike ``S H D C``; Easy Harp
   ``S H D C S H D C``; Simple Simon 1 suit ``S S S S``, 2 suits ``S H S H``,
   4 suits ``S H D C``.
2. **The seed** is ``deck_id × 2^32 + deal number``, with ``deck_id`` 1 for Klondike, 2 for
   Easy Harp, 3, 4 and 5 for Simple Simon with 1, 2 and 4 suits. Klondike's draw mode and
   scoring do not change the deck, so they do not change the deal.
3. **The generator** is SplitMix64 (Steele, Lea and Flood, 2014; Java's ``SplittableRandom``):
   ``state += 0x9E3779B97F4A7C15``; ``z = state``;
   ``z = (z ^ (z >> 30)) × 0xBF58476D1CE4E5B9``; ``z = (z ^ (z >> 27)) × 0x94D049BB133111EB``;
   output ``z ^ (z >> 31)``, all modulo 2^64.
4. **A number below n** is drawn by rejection, so that no number is favoured: draw ``x``;
   while ``x ≥ 2^64 − (2^64 mod n)`` draw again; answer ``x mod n``.
5. **The shuffle** is Fisher–Yates from the end: for ``i`` from ``len − 1`` down to 1, draw
   ``j`` below ``i + 1`` and swap the cards at ``i`` and ``j``.
6. **Dealing** takes the shuffled cards from the start; the order in which piles are filled is
   given by each game's ``deal`` (documented in the FAQ and in the game modules).

The deal of the day is ``1 + (the first 8 bytes, big-endian, of SHA-256 of "GG:YYYY-MM-DD")
mod 999 999``, with ``GG`` the game's two letters and the UTC date: it depends on the game and
the date only.

>>> [card.code for card in shuffled_deck(deck_for(GameId.KLONDIKE, 4), 6)[:5]]
['KC', '7C', '8D', 'QC', 'KH']
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator

from .cards import Card, Suit, full_suit
from .codes import MAX_DEAL, GameId

_MASK = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """The endless stream of 64-bit numbers SplitMix64 draws from a seed.

    >>> stream = splitmix64(0)
    >>> hex(next(stream))
    '0xe220a8397b1dcdaf'
    """
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def draw_below(stream: Iterator[int], bound: int) -> int:
    """An unbiased number in ``0 … bound − 1`` from the stream, by rejection."""
    limit = (1 << 64) - ((1 << 64) % bound)
    while True:
        value = next(stream)
        if value < limit:
            return value % bound


DECK_IDS = {
    (GameId.KLONDIKE, 4): 1,
    (GameId.EASY_HARP, 4): 2,
    (GameId.SIMPLE_SIMON, 1): 3,
    (GameId.SIMPLE_SIMON, 2): 4,
    (GameId.SIMPLE_SIMON, 4): 5,
}

_PACK_SUITS = {
    1: (Suit.SPADES,) * 4,
    2: (Suit.SPADES, Suit.HEARTS, Suit.SPADES, Suit.HEARTS),
    4: (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS),
}


def deck_for(game: GameId, suits: int) -> tuple[int, list[Card]]:
    """The deck id and the unshuffled deck of a game (``suits`` matters for Simple Simon)."""
    deck_id = DECK_IDS[(game, suits)]
    packs = 2 if game is GameId.EASY_HARP else 1
    cards = [card for _ in range(packs) for suit in _PACK_SUITS[suits] for card in full_suit(suit)]
    return deck_id, cards


def shuffled_deck(deck: tuple[int, list[Card]], deal: int) -> list[Card]:
    """The deck after the documented Fisher–Yates shuffle seeded by deck id and deal number."""
    deck_id, cards = deck
    shuffled = list(cards)
    stream = splitmix64((deck_id << 32) + deal)
    for i in range(len(shuffled) - 1, 0, -1):
        j = draw_below(stream, i + 1)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return shuffled


def deal_of_the_day(game: GameId, date: dt.date) -> int:
    """The deal number everyone plays on a UTC date (DL-4).

    >>> deal_of_the_day(GameId.KLONDIKE, dt.date(2026, 11, 29))
    32260
    """
    digest = hashlib.sha256(f"{game.value}:{date.isoformat()}".encode("ascii")).digest()
    return 1 + int.from_bytes(digest[:8], "big") % MAX_DEAL
