"""Build test positions from a few piles; the other cards go, face down, to one pile."""

import random
from collections import Counter

from solitaire.cards import RANK_LETTERS, Card, parse_card
from solitaire.codes import parse_variant
from solitaire.games import rules_for
from solitaire.layout import parse_layout
from solitaire.play import Game
from solitaire.position import Position


def make_position(variant: str, piles: dict[str, str], rest: str = "s") -> Position:
    """A position of ``variant`` with ``piles`` as given (layout tokens, bottom first) and
    every card not named there laid face down on ``rest`` (a column keeps its last face up).

    >>> make_position("KL1-D1N", {"t1": "KS"}).pile("t1").cards[0].code
    'KS'
    """
    shape = rules_for(parse_variant(variant)).shape
    named: Counter[str] = Counter()
    for text in piles.values():
        for token in text.split():
            named[parse_card(token.strip("[]")).code] += 1
    remaining = Counter(card.code for card in shape.deck) - named
    leftover = sorted(remaining.elements())
    lines = [f"game: {variant}"]
    for pile_id in shape.pile_ids:
        tokens = piles.get(pile_id, "").split()
        if pile_id == rest and leftover:
            extra = [f"[{code}]" for code in leftover]
            if shape.variant.game.value == "SS":
                extra = leftover  # Simple Simon has no face-down card
            elif pile_id.startswith("t") and not tokens:
                extra[-1] = leftover[-1]
            tokens = extra + tokens
        lines.append(f"{pile_id}: {' '.join(tokens)}".rstrip())
    return parse_layout("\n".join(lines))


def make_game(variant: str, piles: dict[str, str], rest: str = "s", **kwargs: int) -> Game:
    return Game(make_position(variant, piles, rest), **kwargs)


def codes(position: Position, pile: str) -> str:
    """The pile as layout tokens: ``"[4C] 9H"``."""
    found = position.pile(pile)
    return " ".join(
        f"[{card.code}]" if i < found.down else card.code for i, card in enumerate(found.cards)
    )


def random_ending(
    variant: str, rng: random.Random, cards_left: int, *, built_down: bool = False
) -> Game:
    """A position with ``cards_left`` cards off the foundations, every column card face up,
    the rest face down in the stock or face up on the waste. The columns are built down, as
    play builds them, with ``built_down``; else any card may lie on any other (as a typed-in
    layout may have them)."""
    shape = rules_for(parse_variant(variant)).shape
    suits = shape.foundation_suits
    heights = [13] * len(suits)
    for _ in range(cards_left):
        heights[rng.choice([i for i, height in enumerate(heights) if height > 0])] -= 1
    piles: dict[str, list[str]] = {pile: [] for pile in shape.pile_ids}
    left = []
    for index, (suit, height) in enumerate(zip(suits, heights, strict=True)):
        piles[f"f{index + 1}"] = [rank + suit.letter for rank in RANK_LETTERS[:height]]
        left += [rank + suit.letter for rank in RANK_LETTERS[height:]]
    rng.shuffle(left)
    columns = [f"t{i + 1}" for i in range(shape.columns)]
    if built_down:
        for column in columns:
            while left and rng.random() < 0.7:
                cards = piles[column]
                fits = [c for c in left if not cards or _goes_on(parse_card(c), cards[-1])]
                if not fits:
                    break
                cards.append(fits[0])
                left.remove(fits[0])
    for card in left:
        pile = rng.choice(["s", "s", "w"] if built_down else ["s", "s", "w", *columns])
        piles[pile].append(f"[{card}]" if pile == "s" else card)
    lines = [f"game: {variant}"] + [f"{pile}: {' '.join(cards)}" for pile, cards in piles.items()]
    return Game(parse_layout("\n".join(lines)))


def _goes_on(card: Card, code: str) -> bool:
    under = parse_card(code)
    return card.rank == under.rank - 1 and card.is_red != under.is_red


def everything(game: Game) -> tuple[object, ...]:
    """All a game holds, undo and redo stacks, log and last action included."""
    return (
        game.position,
        game.fan,
        game.score,
        game.moves,
        list(game.history),
        list(game.undone),
        list(game.log),
        game.last,
    )


# UI-19's stuck positions (tests/games/test_stuck.py, tests/e2e/test_flow.py).
# Klondike: tops taking only aces and threes, which lie face down; nothing else goes anywhere.
KLONDIKE_TOPS = ["2S", "2C", "2H", "2D", "4S", "4C", "4H"]
KLONDIKE_DOWN = "AS AC AH AD 3S 3C 3H 3D"
# Easy Harp (two packs): the same idea over nine columns; 3S and 3C go nowhere (no red 4).
HARP_TOPS = ["2S", "2S", "2C", "2C", "2H", "2H", "2D", "2D", "4S"]
HARP_DOWN = "AS AS AC AC AH AH AD AD 3H 3H 3D 3D"
# Simple Simon, the diamonds and clubs removed: no top is one rank above a group's first card.
SIMPLE_SIMON_STUCK = """game: SS1-S4
t1: KH 2H AS
t2: QH 6H AH
t3: JH 2S 3S
t4: TH JS 3H
t5: 9H 8H 5S
t6: QS 6S 5H
t7: TS 7S
t8: 4S 7H
t9: 4H 9S
t10: 8S KS"""


def stock_layout(
    variant: str, tops: list[str], face_down: str, *, deep: str = "", waste: str = ""
) -> str:
    """Layout text of a stock game: one face-up card on each column over the cards of
    ``face_down`` dealt out face down, ``waste`` face up, and every other card in the stock,
    ``deep`` at its bottom (turned last).

    >>> stock_layout("KL1-D1N", KLONDIKE_TOPS, KLONDIKE_DOWN).splitlines()[3]
    't1: [AS] [3D] 2S'
    """
    shape = rules_for(parse_variant(variant)).shape
    downs = face_down.split()
    named = Counter([*tops, *downs, *deep.split(), *waste.split()])
    rest = sorted((Counter(card.code for card in shape.deck) - named).elements())
    stock = [*deep.split(), *rest]
    lines = [f"game: {variant}", "s: " + " ".join(f"[{code}]" for code in stock), f"w: {waste}"]
    for i, top in enumerate(tops):
        under = " ".join(f"[{code}]" for code in downs[i :: len(tops)])
        lines.append(f"t{i + 1}: {under} {top}".replace(":  ", ": "))
    return "\n".join(line.rstrip() for line in lines)
