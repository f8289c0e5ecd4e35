"""Klondike and Easy Harp positions for the solver's tests: small ones (most cards already
up, so that a plain search can run to the end), real deals with their low cards up, and
(Hypothesis) positions the real rules reach from a deal."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from solitaire.codes import GameId, parse_variant
from solitaire.games import rules_for
from solitaire.layout import format_layout, parse_layout
from solitaire.position import Position
from solitaire.solver import stock_bridge
from solitaire.solver.stock_position import StockTable, state_of

RANKS = "A23456789TJQK"
SUITS = "SHDC"
STOCK_VARIANTS = ("KL1-D1N", "KL1-D1V", "KL1-D3N", "KL1-D3V", "EH1-N")


def small_position(variant: str, rng: random.Random, low: int, waste_weight: int = 0) -> Position:
    """A random position with many cards already up (each suit at ``low`` or more), the
    rest mostly face down: a few dozen cards left to play at most. ``waste_weight``: how many
    times more likely a card is to lie in the waste than in another pile (without passes
    back a deep waste locks cards in for good)."""
    copies = 2 if variant.startswith("EH") else 1
    columns = 9 if copies == 2 else 7
    lines = [f"game: {variant}"]
    rest = []
    for suit in SUITS:
        for _ in range(copies):
            height = rng.randint(low, 13)
            lines.append(f"f{len(lines)}: " + " ".join(r + suit for r in RANKS[:height]))
            rest += [r + suit for r in RANKS[height:]]
    piles = _dealt(rest, columns, rng, waste_weight)
    lines += _pile_lines(piles, columns, rng)
    return parse_layout("\n".join(lines) + "\n")


def small_position_with_a_talon_ace(
    variant: str, rng: random.Random, low: int, waste_weight: int = 0
) -> Position:
    """A small position of a one-deck game (as :func:`small_position`, every other suit at
    ``low`` or more) with one suit not started: its ace lies in the talon (stock or waste),
    its other cards anywhere."""
    suit_down = rng.choice(SUITS)
    lines = [f"game: {variant}"]
    rest = []
    for suit in SUITS:
        height = 0 if suit == suit_down else rng.randint(low, 13)
        lines.append(f"f{len(lines)}: " + " ".join(r + suit for r in RANKS[:height]))
        rest += [r + suit for r in RANKS[height:] if r + suit != "A" + suit_down]
    piles = _dealt(rest, 7, rng, waste_weight)
    talon = piles[rng.choice((7, 8))]
    talon.insert(rng.randint(0, len(talon)), "A" + suit_down)
    lines += _pile_lines(piles, 7, rng)
    return parse_layout("\n".join(lines) + "\n")


def _dealt(rest: list[str], columns: int, rng: random.Random, waste_weight: int) -> list[list[str]]:
    """The cards shuffled and dealt at random to the columns, then the stock and the waste
    (``waste_weight`` times more likely for the waste)."""
    rng.shuffle(rest)
    piles: list[list[str]] = [[] for _ in range(columns + 2)]
    choices = [*range(columns + 2), *[columns + 1] * waste_weight]
    for card in rest:
        piles[rng.choice(choices)].append(card)
    return piles


def _pile_lines(piles: list[list[str]], columns: int, rng: random.Random) -> list[str]:
    """The layout lines of dealt piles: each column with one or two face-up cards at its end,
    the stock face down, the waste face up."""
    lines = []
    for index, pile in enumerate(piles[:columns], start=1):
        down = max(0, len(pile) - rng.choice((1, 1, 2))) if pile else 0
        lines.append(
            f"t{index}: " + " ".join(f"[{c}]" if i < down else c for i, c in enumerate(pile))
        )
    lines.append("s: " + " ".join(f"[{c}]" for c in piles[columns]))
    lines.append("w: " + " ".join(piles[columns + 1]))
    return lines


def with_low_cards_up(deal: Position, heights: dict[str, int]) -> Position:
    """A deal with each suit's cards below ``heights[suit]`` already on the foundations: a
    real deal's shape, fewer cards to search."""
    copies = 2 if deal.variant.game is GameId.EASY_HARP else 1
    lines = [f"game: {deal.variant}"]
    foundation = 0
    for line in format_layout(deal).splitlines()[1:]:
        pile, _, rest = line.partition(":")
        if pile.startswith("f"):
            suit = SUITS[foundation // copies]
            foundation += 1
            lines.append(f"{pile}: " + " ".join(r + suit for r in RANKS[: heights[suit]]))
            continue
        kept = [
            t for t in rest.split() if RANKS.index(t.strip("[]")[0]) >= heights[t.strip("[]")[1]]
        ]
        if pile.startswith("t") and kept:
            kept[-1] = kept[-1].strip("[]")  # the new last card lies face up
        lines.append(f"{pile}: " + " ".join(kept))
    return parse_layout("\n".join(lines) + "\n")


def low_cards_up(variant: str, rng: random.Random, highest: int) -> Position:
    """A random deal of the variant with the cards below a random rank (up to ``highest``,
    per suit) already up."""
    deal = rules_for(parse_variant(variant)).deal(rng.randint(1, 999_999))
    return with_low_cards_up(deal, {suit: rng.randint(0, highest) for suit in SUITS})


@st.composite
def reachable_positions(draw: st.DrawFn, variants: tuple[str, ...] = STOCK_VARIANTS) -> Position:
    """A position the real rules reach: a deal (sometimes with its low cards up, so that
    foundations, their safe moves and cards coming back take part), then random legal moves."""
    variant = draw(st.sampled_from(variants))
    rules = rules_for(parse_variant(variant))
    position = rules.deal(draw(st.integers(1, 999_999)))
    if draw(st.booleans()):
        heights = {suit: draw(st.integers(0, 9)) for suit in SUITS}
        position = with_low_cards_up(position, heights)
    for choice in draw(st.lists(st.integers(0, 1_000), max_size=120)):
        moves = rules.legal_moves(position)
        if not moves:
            break
        position = rules.apply(position, moves[choice % len(moves)]).position
    return position


def locked_from_the_start(position: Position) -> bool:
    """Whether the search's deadlock check finds cards that can never move once the start is
    settled (such positions are the deadlock tests' to check, not a search's)."""
    table = StockTable.for_variant(position.variant)
    return bool(stock_bridge.stuck_places(stock_bridge.settle(state_of(position), table)[1], table))
