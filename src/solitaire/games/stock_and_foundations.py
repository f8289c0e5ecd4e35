"""Rules shared by the games with a stock, a waste and foundations: Klondike and Easy Harp.

Each game states its differences as data (cards turned per tap, whether the waste goes back,
whether runs move as a block, the points of each kind of move) in its own module; the logic
that reads that data lives here once.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..cards import KING, SUITS, Card, Suit
from ..codes import Variant
from ..deals import deck_for, shuffled_deck
from ..moves import (
    ANY_FOUNDATION,
    DRAW,
    STOCK,
    WASTE,
    Move,
    column_id,
    foundation_id,
    is_column,
    is_foundation,
    pile_index,
)
from ..position import EMPTY, Pile, Position
from .base import Refusal, Rules, Step, cards_taken, tops_taking
from .finish import finish_steps, finish_tail, may_finish


class StockAndFoundationRules(Rules):
    """Klondike-like rules, parametrised by the class attributes below."""

    #: Cards turned by one tap on the stock (KL-8, EH-6).
    draw: int = 1
    #: Whether a tap on the empty stock puts the waste back (KL-9, EH-6).
    redeal: bool = True
    #: Easy Harp's EH-2: only the last card moves, except a king-led run into an empty column.
    single_card_moves: bool = False
    foundation_points: int = 10
    waste_to_column_points: int = 5
    flip_points: int = 5
    put_back_points: int = 0

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        #: :meth:`column_refuses` for every pair, for listing moves.
        self.tops_taking = tops_taking(self.column_refuses)
        self.cards_taken = cards_taken(self.tops_taking)
        first = self.shape.index("f1")
        self.foundation_ids = tuple(
            foundation_id(i) for i in range(len(self.shape.foundation_suits))
        )
        #: Each suit's foundations (index in a position's piles, and id), leftmost first.
        self.foundations_of_suit: dict[Suit, tuple[tuple[int, str], ...]] = {
            suit: tuple(
                (first + i, self.foundation_ids[i])
                for i, kept in enumerate(self.shape.foundation_suits)
                if kept is suit
            )
            for suit in SUITS
        }

    # -- setting up ---------------------------------------------------------------------
    def deal(self, number: int) -> Position:
        """Deal row by row: row r puts one card on each column from r to the last, so column
        k (1-based) gets k cards, the last one face up; the rest, in shuffled order, is the
        stock, the first remaining card being the first one turned.
        """
        cards = shuffled_deck(deck_for(self.variant.game, 4), number)
        columns_count = self.shape.columns
        columns: list[list[Card]] = [[] for _ in range(columns_count)]
        dealt = 0
        for row in range(columns_count):
            for column in range(row, columns_count):
                columns[column].append(cards[dealt])
                dealt += 1
        rest = cards[dealt:]
        piles = [Pile(tuple(reversed(rest)), len(rest)), EMPTY]
        piles += [EMPTY] * len(self.shape.foundation_suits)
        piles += [Pile(tuple(column), len(column) - 1) for column in columns]
        return Position(self.variant, tuple(piles), number, shape=self.shape)

    # -- judging moves ------------------------------------------------------------------
    def is_won(self, position: Position) -> bool:
        first = self.shape.index("f1")
        on_foundations = sum(
            len(position.piles[first + i]) for i in range(len(self.shape.foundation_suits))
        )
        return on_foundations == len(self.shape.deck)

    @staticmethod
    def column_refuses(top: Card | None, card: Card) -> str | None:
        """Why ``card`` may not go on a column whose last card is ``top`` (None: empty), as a
        reason key, or None when it may: a card goes on one of the other colour, one rank
        higher (KL-1, EH-1); an empty column takes only a king (KL-3, EH-3). ``apply``,
        ``legal_moves`` and the double click all ask it.

        >>> from solitaire.cards import parse_card
        >>> seven = parse_card("7H")
        >>> [StockAndFoundationRules.column_refuses(parse_card(c), seven) for c in ("8C", "8D")]
        [None, 'build_down']
        >>> StockAndFoundationRules.column_refuses(None, seven)
        'king_only'
        """
        if top is None:
            return None if card.rank == KING else "king_only"
        if top.rank == card.rank + 1 and top.is_red != card.is_red:
            return None
        return "build_down"

    def _column_refusal(self, target: Pile, card: Card, target_id: str) -> Refusal | None:
        """The refusal of ``card`` on column ``target`` (:meth:`column_refuses`), or None."""
        top = target.top
        reason = self.column_refuses(top, card)
        if reason is None:
            return None
        if top is None:
            return self.refuse(reason, f"{target_id} is empty and {card.code} is not a king")
        return self.refuse(
            reason,
            f"{card.code} does not go on {top.code}: a column takes a card of the other "
            "colour, one rank lower",
        )

    def foundations_taking(self, position: Position, card: Card) -> list[str]:
        """The foundations that take ``card`` now, leftmost first: those of its suit whose
        next card it is (KL-5, EH-5). ``apply``, ``legal_moves`` and the finish all ask it."""
        piles = position.piles
        below = card.rank - 1
        return [
            foundation
            for index, foundation in self.foundations_of_suit[card.suit]
            if len(piles[index]) == below
        ]

    def _foundation_target(self, position: Position, card: Card, target: str) -> str:
        """The foundation a card goes to (``f`` lets the rules pick: the leftmost that takes it)."""
        suits = self.shape.foundation_suits
        taking = self.foundations_taking(position, card)
        if target == ANY_FOUNDATION:
            if taking:
                return taking[0]
            return self._refuse_foundation(position, card)
        index = pile_index(target)
        if index >= len(suits):
            raise Refusal("no_such_pile", None, f"{self.variant.game.title} has no pile {target!r}")
        if suits[index] is not card.suit:
            raise self.refuse(
                "foundation_suit", f"{target} takes {suits[index].symbol}, not {card.code}"
            )
        if target not in taking:
            raise self.refuse(
                "foundation_order",
                f"{target} needs {self._next_needed(position.pile(target), card)}, not {card.code}",
            )
        return target

    def _refuse_foundation(self, position: Position, card: Card) -> str:
        raise self.refuse(
            "foundation_order",
            f"no foundation takes {card.code}: foundations build up by suit from the ace",
        )

    @staticmethod
    def _next_needed(foundation: Pile, card: Card) -> str:
        return "an ace" if not foundation.cards else f"the card after {foundation.cards[-1].code}"

    def _is_king_run(self, cards: tuple[Card, ...]) -> bool:
        """EH-3: a king first, then alternating colours, each one rank lower."""
        if not cards or cards[0].rank != KING:
            return False
        return all(
            self.column_refuses(upper, lower) is None for upper, lower in itertools.pairwise(cards)
        )

    def _after_leaving_column(self, column: Pile, count: int) -> tuple[Pile, int]:
        """The column once its last ``count`` cards left, with the uncovered card turned up."""
        remaining = column.cards[: len(column) - count]
        down = min(column.down, len(remaining))
        flips = 0
        if remaining and down == len(remaining):
            down -= 1
            flips = 1
        return Pile(remaining, down), flips

    def _stock_is_face_down(self) -> Refusal:
        """KL-2, EH-2: only face-up cards move; the stock is tapped (UI-2), never dragged."""
        return self.refuse("face_down", "the stock's cards are face down: tap it to turn one")

    def _fan_after_waste_play(self, fan: int, waste_left: int) -> int:
        shown = 1 if waste_left else 0
        return max(fan - 1, shown) if self.draw > 1 else shown

    def apply(self, position: Position, move: Move, fan: int = 0) -> Step:
        if move.is_draw:
            return self._tap_stock(position, fan)
        source, target, _count = move.source, move.target, move.count
        for pile_id in (source, target):
            if pile_id != ANY_FOUNDATION and pile_id not in self.shape.indexes:
                raise Refusal(
                    "no_such_pile", None, f"{self.variant.game.title} has no pile {pile_id!r}"
                )
        if source == target:
            raise Refusal("same_pile", None, f"{move} takes cards from {source} back to {source}")
        if source == STOCK:
            raise self._stock_is_face_down()
        if not (is_column(target) or is_foundation(target)):
            raise Refusal("not_a_target", None, f"no card can be put on {target}")
        if move.count > 1 and not is_column(source):
            raise self.refuse("top_card_only", f"only the top card of {source} moves")
        source_pile = position.pile(source)
        if not source_pile.cards:
            raise Refusal("empty_pile", None, f"{source} is empty")
        if is_column(source):
            return self._from_column(position, move, source_pile, fan)
        card = source_pile.cards[-1]
        remaining = Pile(source_pile.cards[:-1])
        if source == WASTE:
            new_fan = self._fan_after_waste_play(fan, len(remaining))
            if is_foundation(target):
                foundation = self._foundation_target(position, card, target)
                changes = {
                    WASTE: remaining,
                    foundation: self._grow(position.pile(foundation), card),
                }
                return Step(
                    position.with_piles(changes),
                    Move(WASTE, foundation),
                    self.foundation_points,
                    fan=new_fan,
                )
            self._check_column(position, target, card)
            changes = {WASTE: remaining, target: self._grow(position.pile(target), card)}
            return Step(
                position.with_piles(changes), move, self.waste_to_column_points, fan=new_fan
            )
        # A foundation's top card back onto a column (KL-7, EH-8), for 0 points.
        if not is_column(target):
            raise self.refuse(
                "take_back_to_column", "a foundation's top card goes back only onto a column"
            )
        self._check_column(position, target, card)
        changes = {source: remaining, target: self._grow(position.pile(target), card)}
        return Step(position.with_piles(changes), move, 0, fan=fan)

    @staticmethod
    def _grow(pile: Pile, *cards: Card) -> Pile:
        return Pile(pile.cards + cards, pile.down)

    def _check_column(self, position: Position, target: str, card: Card) -> None:
        refusal = self._column_refusal(position.pile(target), card, target)
        if refusal is not None:
            raise refusal

    def _from_column(self, position: Position, move: Move, column: Pile, fan: int) -> Step:
        source, target, count = move.source, move.target, move.count
        if count > len(column):
            raise Refusal(
                "not_enough_cards", None, f"{source} holds {len(column)} cards, not {count}"
            )
        if count > len(column) - column.down:
            raise self.refuse(
                "face_down", f"{move} would move a face-down card: only face-up cards move"
            )
        moving = column.cards[len(column) - count :]
        if is_foundation(target):
            if count != 1:
                raise self.refuse("foundation_one_card", "foundations take one card at a time")
            foundation = self._foundation_target(position, moving[0], target)
            left, flips = self._after_leaving_column(column, 1)
            changes = {source: left, foundation: self._grow(position.pile(foundation), moving[0])}
            return Step(
                position.with_piles(changes),
                Move(source, foundation),
                self.foundation_points + flips * self.flip_points,
                flips=flips,
                fan=fan,
            )
        destination = position.pile(target)
        if self.single_card_moves and count > 1:
            if destination.cards:
                raise self.refuse(
                    "one_card_at_a_time",
                    f"only {source}'s last card moves between columns, not {count} cards",
                )
            if moving[0].rank != KING:
                raise self.refuse(
                    "king_only", f"{target} is empty and {moving[0].code} is not a king"
                )
            if not self._is_king_run(moving):
                raise self.refuse(
                    "king_run",
                    "only a run from a king down, in alternating colours, moves as a block",
                )
        self._check_column(position, target, moving[0])
        left, flips = self._after_leaving_column(column, count)
        changes = {source: left, target: self._grow(destination, *moving)}
        return Step(
            position.with_piles(changes), move, flips * self.flip_points, flips=flips, fan=fan
        )

    def _tap_stock(self, position: Position, fan: int) -> Step:
        stock, waste = position.pile(STOCK), position.pile(WASTE)
        if stock.cards:
            turned = min(self.draw, len(stock))
            new_stock = stock.cards[: len(stock) - turned]
            new_waste = waste.cards + tuple(reversed(stock.cards[len(stock) - turned :]))
            changes = {STOCK: Pile(new_stock, len(new_stock)), WASTE: Pile(new_waste)}
            return Step(position.with_piles(changes), DRAW, 0, fan=turned)
        if not waste.cards:
            raise Refusal("stock_empty", None, "the stock and the waste are both empty")
        if not self.redeal:
            raise self.refuse(
                "no_redeal", "the stock is empty and Vegas scoring allows no pass back"
            )
        back = tuple(reversed(waste.cards))
        changes = {STOCK: Pile(back, len(back)), WASTE: EMPTY}
        return Step(position.with_piles(changes), DRAW, self.put_back_points, fan=0)

    def may_finish(self, position: Position) -> bool:
        return may_finish(self, position)

    def finish_after(
        self,
        start: Position,
        start_fan: int,
        steps: tuple[Step, ...],
        position: Position,
        fan: int,
    ) -> tuple[Step, ...] | None:
        return finish_tail(self, start, start_fan, steps, position, fan)

    def finish(self, position: Position, fan: int = 0) -> tuple[Step, ...]:
        steps = finish_steps(self, position, fan)
        if steps is None:
            raise self.refuse(
                "cannot_finish",
                "a finish needs every column card face up and every card left able to go "
                "to the foundations by foundation moves and stock taps alone",
            )
        return steps

    # -- the stuck moment (UI-19) -------------------------------------------------------
    def no_move_left(self, position: Position) -> bool:
        """UI-19 for Klondike and Easy Harp: the game is not won, and at every position a
        whole pass through the stock reaches (taps alone: each card turned, the waste put back
        where the game allows it, until a position comes back or the stock is spent, as in
        Vegas) the only legal moves are stock taps and whole columns moved into empty ones.

        >>> from solitaire.codes import parse_variant
        >>> from solitaire.games import rules_for
        >>> rules = rules_for(parse_variant("KL1-D1N"))
        >>> rules.no_move_left(rules.deal(1))
        False
        """
        if self.is_won(position):
            return False
        seen: set[Position] = set()
        while position not in seen:
            seen.add(position)
            tapped = False
            for move in self.legal_moves(position):
                if move == DRAW:
                    tapped = True
                elif not self.changes_nothing(position, move):
                    return False
            if not tapped:
                return True  # the stock is spent and the waste does not go back
            position = self.apply(position, DRAW).position
        return True

    # -- listing moves --------------------------------------------------------------------
    def legal_moves(self, position: Position) -> list[Move]:
        piles = position.piles
        columns = position.columns
        column_ids = self.column_ids
        stock, waste = position.pile(STOCK), position.pile(WASTE)
        moves: list[Move] = []
        if stock.cards or (waste.cards and self.redeal):
            moves.append(DRAW)
        tops = [column.top for column in columns]
        table = self.tops_taking
        # The cards some column takes: any other card has no column move.
        wanted = frozenset().union(*(self.cards_taken[top] for top in tops))
        move = self._move
        single_card_moves = self.single_card_moves

        for i, column in enumerate(columns):
            cards = column.cards
            if not cards:
                continue
            source = column_ids[i]
            for foundation in self.foundations_taking(position, cards[-1]):
                moves.append(move(source, foundation, 1))
            size = len(cards)
            if single_card_moves:
                starts = [size - 1]
                for start in range(column.down, size - 1):
                    if cards[start].rank == KING and self._is_king_run(cards[start:]):
                        starts.append(start)
                        break
            else:
                starts = list(range(column.down, size))
            for start in starts:
                if cards[start] not in wanted:
                    continue
                count = size - start
                taking = table[cards[start]]
                for j, top in enumerate(tops):
                    if j == i or top not in taking:
                        continue
                    if count > 1 and single_card_moves and top is not None:
                        continue
                    moves.append(move(source, column_ids[j], count))
        if waste.cards:
            card = waste.cards[-1]
            for foundation in self.foundations_taking(position, card):
                moves.append(move(WASTE, foundation, 1))
            taking = table[card]
            for j, top in enumerate(tops):
                if top in taking:
                    moves.append(move(WASTE, column_ids[j], 1))
        for index, foundation_id_ in enumerate(self.foundation_ids):
            foundation_pile = piles[2 + index]
            if foundation_pile.cards and foundation_pile.cards[-1] in wanted:
                taking = table[foundation_pile.cards[-1]]
                for j, top in enumerate(tops):
                    if top in taking:
                        moves.append(move(foundation_id_, column_ids[j], 1))
        return moves

    # -- intents ----------------------------------------------------------------------------
    def tap(self, position: Position, pile: str, index: int) -> Move:
        source = self._pile_or_refuse(position, pile)
        if pile == STOCK:
            self.apply(position, DRAW)
            return DRAW
        if is_foundation(pile) or index != len(source) - 1:
            raise Refusal("tap_nothing", None, f"a tap on card {index + 1} of {pile} does nothing")
        move = Move(pile, ANY_FOUNDATION)
        return self.apply(position, move).move

    def double_click(self, position: Position, pile: str, index: int) -> Move:
        source = self._pile_or_refuse(position, pile)
        if pile == STOCK:
            return self.tap(position, pile, index)
        if is_foundation(pile):
            raise Refusal(
                "tap_nothing", None, "a foundation card goes back to the table only by dragging"
            )
        if 0 <= index == len(source) - 1:
            try:
                return self.apply(position, Move(pile, ANY_FOUNDATION)).move
            except Refusal:
                pass
        return self._best_column_move(position, pile, index)

    def _drop(
        self, position: Position, pile: str, index: int, target: str, fan: int
    ) -> tuple[Move, Step]:
        # A card dragged off the stock would read as a stock tap (``s-w`` is ``d``).
        if pile == STOCK:
            raise self._stock_is_face_down()
        return super()._drop(position, pile, index, target, fan)

    def best_move(self, position: Position, pile: str, index: int) -> Move:
        # Auto placement (UI-4) sends a dragged card on; nothing is dragged off the stock.
        if pile == STOCK:
            raise self._stock_is_face_down()
        return self.double_click(position, pile, index)

    def click_targets(
        self, position: Position, pile: str, index: int, targets: Sequence[str]
    ) -> tuple[str | None, str | None]:
        # Worked out from the legal moves' targets, as tap and double_click would find them:
        # a tap (and a double click first) sends the last card to the leftmost foundation
        # that takes it, which is the first foundation the legal moves list for it; else the
        # double click picks among the columns the legal moves go to, as _best_column_move
        # picks among the columns that take the card.
        if pile == STOCK or is_foundation(pile):
            return super().click_targets(position, pile, index, targets)
        source = position.pile(pile)
        if index == len(source) - 1:
            for target in targets:
                if is_foundation(target):
                    return target, target
        takers = [pile_index(target) for target in targets if is_column(target)]
        choice = self._pick_column(position, pile, index, takers)
        return None, (None if choice is None else column_id(choice))

    def _column_takes(self, target: Pile, card: Card, count: int) -> bool:
        """Whether column ``target`` takes ``card`` with the ``count`` - 1 cards on it (from
        a pile whose face-up cards from ``card`` on may move: see _best_column_move)."""
        if target.cards and count > 1 and self.single_card_moves:
            return False
        return self.column_refuses(target.top, card) is None

    def _pick_column(
        self, position: Position, pile: str, index: int, takers: list[int]
    ) -> int | None:
        """UI-3: of the columns ``takers`` (0-based, left to right) that take the card at
        ``index`` of ``pile``, the longest (ties: leftmost), else the first empty one, unless
        the card leads a whole column (sending it to an empty column changes nothing)."""
        first = self.shape.index("t1")
        best: tuple[int, int] | None = None
        empty: int | None = None
        for j in takers:
            size = len(position.piles[first + j])
            if size == 0:
                if empty is None:
                    empty = j
            elif best is None or size > best[0]:
                best = (size, j)
        if best is not None:
            return best[1]
        if empty is not None and not (is_column(pile) and index == 0):
            return empty
        return None

    def _best_column_move(self, position: Position, pile: str, index: int) -> Move:
        """UI-3: the longest column that takes the card (ties: leftmost), else an empty
        column for a king (or, in Easy Harp, a king-led run). A whole column is not sent to
        another empty column: that would change nothing."""
        source = position.pile(pile)
        if not 0 <= index < len(source):
            raise Refusal("no_card", None, f"{pile} has no card at place {index + 1}")
        count = len(source) - index
        if pile == WASTE and count != 1:
            raise self.refuse("top_card_only", "only the waste's top card plays")
        if index < source.down:
            raise self.refuse("face_down", "a face-down card does not move")
        if self.single_card_moves and count > 1 and not self._is_king_run(source.cards[index:]):
            raise self.refuse(
                "one_card_at_a_time", f"only {pile}'s last card moves between columns"
            )
        card = source.cards[index]
        first = self.shape.index("t1")
        takers = [
            j
            for j in range(self.shape.columns)
            if column_id(j) != pile and self._column_takes(position.piles[first + j], card, count)
        ]
        choice = self._pick_column(position, pile, index, takers)
        if choice is not None:
            return Move(pile, column_id(choice), count)
        raise Refusal("no_place", None, f"{card.code} has no place to go")
