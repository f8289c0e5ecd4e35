"""Positions for the browser tests, as layout text (rules §1): the piles a test cares about,
with every other card of the deck face down in the stock, so the engine accepts them.

>>> text = klondike("t1:", "t3: 7H")
>>> text.splitlines()[0], "t3: 7H" in text, text.count("[")
('game: KL1-D1N', True, 51)
"""

from __future__ import annotations

from collections import Counter

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def _deck(copies: int) -> Counter[str]:
    return Counter({rank + suit: copies for suit in SUITS for rank in RANKS})


def _cards_of(line: str) -> list[str]:
    return [token.strip("[]") for token in line.split(":", 1)[1].split()]


def _with_stock(variant: str, copies: int, lines: tuple[str, ...], pile_ids: list[str]) -> str:
    """The layout text with the unused cards face down in the stock, or face up on the waste
    when the stock is given."""
    given = {line.split(":", 1)[0].strip(): line for line in lines}
    left = _deck(copies)
    for line in lines:
        left.subtract(_cards_of(line))
    if any(count < 0 for count in left.values()):
        raise ValueError(f"a card is used too often in {lines}")
    rest = sorted(left.elements())
    if "s" not in given:
        given["s"] = "s: " + " ".join(f"[{card}]" for card in rest)
    elif rest:
        # With the stock given, the cards placed nowhere lie face up on the waste, under it.
        waste = _cards_of(given["w"]) if "w" in given else []
        given["w"] = "w: " + " ".join(rest + waste)
    body = [given.get(pile, f"{pile}:") for pile in pile_ids]
    return "\n".join([f"game: {variant}", *body]) + "\n"


def klondike(*lines: str, variant: str = "KL1-D1N") -> str:
    piles = ["s", "w", "f1", "f2", "f3", "f4"] + [f"t{i}" for i in range(1, 8)]
    return _with_stock(variant, 1, lines, piles)


def easy_harp(*lines: str) -> str:
    piles = ["s", "w"] + [f"f{i}" for i in range(1, 9)] + [f"t{i}" for i in range(1, 10)]
    return _with_stock("EH1-N", 2, lines, piles)


def simple_simon_one_move_from_winning() -> str:
    """Three runs gone; the spade run lacks its ace, which lies alone in column 2."""
    piles = [f"t{i}" for i in range(1, 11)]
    given = {"t1": "t1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "t2": "t2: AS"}
    return "game: SS1-S1\n" + "\n".join(given.get(p, f"{p}:") for p in piles) + "\n"
