"""Simple Simon (rules §5): 52 cards face up in 10 columns; one-suit groups move together;
a complete one-suit run from king to ace leaves the game.

>>> from solitaire.codes import parse_code
>>> code = parse_code("SS1-S1-AAAAABD")
>>> rules = SimpleSimonRules(code.variant)
>>> [len(pile) for _, pile in rules.deal(code.deal).items()]
[8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, ClassVar

from ..cards import ACE, KING, Card
from ..codes import GameId, Variant
from ..deals import deck_for, shuffled_deck
from ..moves import Move, column_id, is_column, pile_index
from ..position import EMPTY, Pile, Position
from .base import Refusal, Rules, Step, cards_taken, tops_taking

COLUMN_HEIGHTS = (8, 8, 8, 7, 6, 5, 4, 3, 2, 1)
MOVE_POINTS = -1
RUN_POINTS = 100


def follows_in_group(card: Card, under: Card) -> bool:
    """SS-3: ``card`` lying on ``under`` continues a group: the same suit, one rank lower."""
    return card.suit is under.suit and card.rank == under.rank - 1


def is_group(cards: tuple[Card, ...]) -> bool:
    """SS-3: one suit, ranks descending by one (a single card is a group).

    >>> from solitaire.cards import parse_card
    >>> is_group(tuple(map(parse_card, ["8S", "7S", "6S"])))
    True
    >>> is_group(tuple(map(parse_card, ["8S", "7H"])))
    False
    """
    return all(follows_in_group(lower, upper) for upper, lower in itertools.pairwise(cards))


def group_start(column: Pile) -> int:
    """The index where the longest one-suit group at the end of a column starts."""
    cards = column.cards
    start = len(cards) - 1
    while start > 0 and follows_in_group(cards[start], cards[start - 1]):
        start -= 1
    return start


def _completes_run(cards: tuple[Card, ...]) -> bool:
    """SS-5: the column ends with king … ace of one suit."""
    if len(cards) < KING:
        return False
    run = cards[-KING:]
    return run[0].rank == KING and run[-1].rank == ACE and is_group(run)


class SimpleSimonRules(Rules):
    """Simple Simon with 1, 2 or 4 suits (SS-1)."""

    columns = len(COLUMN_HEIGHTS)
    rule_ids: ClassVar[dict[str, str]] = {
        "one_rank_higher": "SS-2",
        "nothing_on_ace": "SS-2",
        "king_to_empty": "SS-2",
        "same_suit_group": "SS-3",
    }

    def __init__(self, variant: Variant) -> None:
        if variant.game is not GameId.SIMPLE_SIMON:
            raise ValueError(f"{variant} is not Simple Simon")
        super().__init__(variant)
        #: :meth:`column_refuses` for every pair, for listing moves.
        self.tops_taking = tops_taking(self.column_refuses)
        self.cards_taken = cards_taken(self.tops_taking)

    def deal(self, number: int) -> Position:
        """Deal row by row, left to right, each row skipping the columns already full."""
        cards = shuffled_deck(deck_for(GameId.SIMPLE_SIMON, self.variant.suits), number)
        columns: list[list[Card]] = [[] for _ in COLUMN_HEIGHTS]
        dealt = 0
        for row in range(max(COLUMN_HEIGHTS)):
            for column, height in enumerate(COLUMN_HEIGHTS):
                if row < height:
                    columns[column].append(cards[dealt])
                    dealt += 1
        return Position(
            self.variant, tuple(Pile(tuple(c)) for c in columns), number, shape=self.shape
        )

    @property
    def initial_score(self) -> int:
        return 500

    def score_after(self, score: int, points: int) -> int:
        return score + points

    def is_won(self, position: Position) -> bool:
        return position.card_count() == 0

    @staticmethod
    def runs_removed(position: Position) -> int:
        """How many runs have left the game (SS-5)."""
        return (52 - position.card_count()) // KING

    def view_extras(self, position: Position) -> dict[str, Any]:
        """The runs that have left the game, for the board to show (SS-5)."""
        return {"runs_removed": self.runs_removed(position)}

    @staticmethod
    def column_refuses(top: Card | None, card: Card) -> str | None:
        """Why ``card`` (or a group it heads) may not go on a column whose last card is
        ``top`` (None: empty), as a reason key, or None when it may: onto a card exactly one
        rank higher, whatever its suit (SS-2), or into an empty column (SS-4). ``apply``,
        ``legal_moves`` and the double click all ask it."""
        if top is None or top.rank == card.rank + 1:
            return None
        if card.rank == KING:
            return "king_to_empty"
        return "nothing_on_ace" if top.rank == ACE else "one_rank_higher"

    def _target_refusal(self, target: Pile, card: Card, target_id: str) -> Refusal | None:
        top = target.top
        reason = self.column_refuses(top, card)
        if reason is None or top is None:
            return None
        details = {
            "king_to_empty": f"{card.code} is a king: it goes only to an empty column",
            "nothing_on_ace": f"nothing goes on {top.code}, an ace",
            "one_rank_higher": f"{card.code} does not go on {top.code}: it needs a card one "
            "rank higher",
        }
        return self.refuse(reason, details[reason])

    def apply(self, position: Position, move: Move, fan: int = 0) -> Step:
        if move.is_draw:
            raise Refusal("no_stock", None, "Simple Simon has no stock")
        source, target, count = move.source, move.target, move.count
        for pile_id in (source, target):
            if pile_id not in self.shape.indexes:
                raise Refusal("no_such_pile", None, f"Simple Simon has no pile {pile_id!r}")
        if source == target:
            raise Refusal("same_pile", None, f"{move} takes cards from {source} back to {source}")
        column = position.pile(source)
        if not column.cards:
            raise Refusal("empty_pile", None, f"{source} is empty")
        if count > len(column):
            raise Refusal(
                "not_enough_cards", None, f"{source} holds {len(column)} cards, not {count}"
            )
        moving = column.cards[len(column) - count :]
        if not is_group(moving):
            raise self.refuse(
                "same_suit_group",
                f"the last {count} cards of {source} are not one suit in descending order",
            )
        destination = position.pile(target)
        refusal = self._target_refusal(destination, moving[0], target)
        if refusal is not None:
            raise refusal
        changes = {
            source: Pile(column.cards[: len(column) - count]),
            target: Pile(destination.cards + moving),
        }
        after = position.with_piles(changes)
        runs = 0
        for pile_id, pile in after.items():
            if _completes_run(pile.cards):
                after = after.with_piles(
                    {pile_id: Pile(pile.cards[:-KING]) if len(pile) > KING else EMPTY}
                )
                runs += 1
        return Step(after, move, MOVE_POINTS + RUN_POINTS * runs, runs_removed=runs)

    def legal_moves(self, position: Position) -> list[Move]:
        columns = position.piles
        column_ids = self.column_ids
        tops = [column.top for column in columns]
        table = self.tops_taking
        # The cards some column takes: any other card has no move.
        wanted = frozenset().union(*(self.cards_taken[top] for top in tops))
        move = self._move
        moves: list[Move] = []
        for i, column in enumerate(columns):
            cards = column.cards
            if not cards:
                continue
            size = len(cards)
            source = column_ids[i]
            for start in range(size - 1, group_start(column) - 1, -1):
                if cards[start] not in wanted:
                    continue
                taking = table[cards[start]]
                for j, top in enumerate(tops):
                    if j != i and top in taking:
                        moves.append(move(source, column_ids[j], size - start))
        return moves

    def tap(self, position: Position, pile: str, index: int) -> Move:
        self._pile_or_refuse(position, pile)
        raise Refusal("tap_nothing", None, "in Simple Simon a single click moves nothing")

    def double_click(self, position: Position, pile: str, index: int) -> Move:
        """UI-3: the group from the clicked card goes to the next rank up of its suit, else an
        empty column, else any column that takes it; ties go to the leftmost. A whole column is
        not sent to an empty one: that would change nothing."""
        column = self._pile_or_refuse(position, pile)
        if not is_column(pile) or not 0 <= index < len(column):
            raise Refusal("no_card", None, f"{pile} has no card at place {index + 1}")
        moving = column.cards[index:]
        if not is_group(moving):
            raise self.refuse(
                "same_suit_group", f"the cards from {moving[0].code} on are not one suit in order"
            )
        card = moving[0]
        takers = [
            j
            for j, target in enumerate(position.piles)
            if column_id(j) != pile and self.column_refuses(target.top, card) is None
        ]
        choice = self._pick_column(position, index, card, takers)
        if choice is not None:
            return Move(pile, column_id(choice), len(moving))
        raise Refusal("no_place", None, f"{card.code} has no place to go")

    def _pick_column(
        self, position: Position, index: int, card: Card, takers: list[int]
    ) -> int | None:
        """UI-3: of the columns ``takers`` (0-based, left to right) that take the group led by
        ``card`` from place ``index``: the first whose last card is of its suit, else the first
        empty one unless the group is a whole column, else the first."""
        same_suit: int | None = None
        empty: int | None = None
        other: int | None = None
        for j in takers:
            top = position.piles[j].top
            if top is None:
                if empty is None and index > 0:
                    empty = j
            elif top.suit is card.suit:
                if same_suit is None:
                    same_suit = j
            elif other is None:
                other = j
        for choice in (same_suit, empty, other):
            if choice is not None:
                return choice
        return None

    def click_targets(
        self, position: Position, pile: str, index: int, targets: Sequence[str]
    ) -> tuple[str | None, str | None]:
        # A tap moves nothing; the double click picks among the legal moves' targets (the
        # columns that take the group from that card, as double_click finds them).
        cards = position.pile(pile).cards
        if not is_column(pile) or not 0 <= index < len(cards) or not is_group(cards[index:]):
            return super().click_targets(position, pile, index, targets)
        takers = [pile_index(target) for target in targets]
        choice = self._pick_column(position, index, cards[index], takers)
        return None, (None if choice is None else column_id(choice))

    def best_move(self, position: Position, pile: str, index: int) -> Move:
        return self.double_click(position, pile, index)
