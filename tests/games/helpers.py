"""Build test positions from a few piles; the other cards go, face down, to one pile."""

from collections import Counter

from solitaire.cards import parse_card
from solitaire.codes import parse_variant
from solitaire.layout import parse_layout
from solitaire.play import Game
from solitaire.position import Position, table_shape


def make_position(variant: str, piles: dict[str, str], rest: str = "s") -> Position:
    """A position of ``variant`` with ``piles`` as given (layout tokens, bottom first) and
    every card not named there laid face down on ``rest`` (a column keeps its last face up).

    >>> make_position("KL1-D1N", {"t1": "KS"}).pile("t1").cards[0].code
    'KS'
    """
    shape = table_shape(parse_variant(variant))
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
