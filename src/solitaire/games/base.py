"""What every game's rules provide, and the refusal every illegal move raises.

A game's rules are a value without state: they deal, judge and apply moves to positions,
and resolve a player's intents (tap, double click, drop) into moves. The game in progress —
score, move counter, history and undo — lives in :mod:`solitaire.play`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import ACE, KING, SUITS, Card, Suit
from ..codes import GameCode, Variant
from ..deals import deck_for
from ..moves import Move, column_id
from ..position import Pile, Position, TableShape


class Refusal(Exception):
    """An illegal move or an intent that resolves to no move; nothing has changed.

    ``reason`` is a stable key the UI turns into a reminder in the player's language;
    ``rule`` the rule id that refuses it (None when no rule is to be reminded of);
    ``detail`` an English sentence about this very move, for logs and the command line.

    >>> error = Refusal("king_only", "KL-3", "t5 is empty and 7H is not a king")
    >>> str(error)
    'king_only (KL-3): t5 is empty and 7H is not a king'
    """

    def __init__(self, reason: str, rule: str | None, detail: str) -> None:
        super().__init__(reason, rule, detail)
        self.reason = reason
        self.rule = rule
        self.detail = detail

    def __str__(self) -> str:
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.reason}{rule}: {self.detail}"


@dataclass(frozen=True, slots=True)
class Step:
    """The outcome of one legal move.

    ``move`` is the move as resolved (``t6-f`` becomes ``t6-f2``); ``points`` what it earns
    or costs before any floor; ``flips`` face-down cards it turned up; ``runs_removed``
    Simple Simon runs that left the game; ``fan`` how many waste cards now show spread
    (draw 3); ``counts`` whether the move counter counts it.
    """

    position: Position
    move: Move
    points: int
    flips: int = 0
    runs_removed: int = 0
    fan: int = 0


def tops_taking(
    column_refuses: Callable[[Card | None, Card], str | None],
) -> dict[Card, frozenset[Card | None]]:
    """For every card, the column tops (None: an empty column) that take it, as a game's
    ``column_refuses`` says: worked out once, so that listing the moves of a position looks
    each pair up in a set instead of asking the rule again.

    >>> from solitaire.cards import parse_card
    >>> table = tops_taking(lambda top, card: None if top is None else "no")
    >>> table[parse_card("7H")]
    frozenset({None})
    """
    cards = [Card(rank, suit) for suit in SUITS for rank in range(ACE, KING + 1)]
    tops: list[Card | None] = [None, *cards]
    return {
        card: frozenset(top for top in tops if column_refuses(top, card) is None) for card in cards
    }


def cards_taken(
    tops_taking: dict[Card, frozenset[Card | None]],
) -> dict[Card | None, frozenset[Card]]:
    """The other way round: for every column top (None: an empty column), the cards it
    takes, so that listing moves skips at once a card no column takes.

    >>> from solitaire.cards import parse_card
    >>> table = tops_taking(lambda top, card: None if top is None else "no")
    >>> len(cards_taken(table)[None]), cards_taken(table)[parse_card("7H")]
    (52, frozenset())
    """
    tops: list[Card | None] = [None, *tops_taking]
    return {
        top: frozenset(card for card, taking in tops_taking.items() if top in taking)
        for top in tops
    }


class Rules(ABC):
    """The rules of one variant (a game with its options)."""

    #: Whether undo takes the move counter back (KL-13, SS-8) or leaves it (EH-11).
    undo_restores_move_counter: bool = True

    #: The table, as data (each game's own): how many columns, the foundations' suits from
    #: the left, and the board's top row slot by slot (a pile id, None for a gap). Positions,
    #: the solver and the board's layout read them through ``shape`` (a TableShape).
    columns: ClassVar[int]
    foundation_suits: ClassVar[tuple[Suit, ...]] = ()
    top_row: ClassVar[tuple[str | None, ...]] = ()

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        _, deck = deck_for(variant.game, variant.suits)
        self.shape = TableShape(
            variant, self.columns, self.foundation_suits, self.top_row, tuple(deck)
        )
        self.column_ids = tuple(column_id(i) for i in range(self.columns))
        self._moves: dict[tuple[str, str, int], Move] = {}

    def _move(self, source: str, target: str, count: int) -> Move:
        """``Move(source, target, count)``, one object per move (they are values): listing
        the moves of every position looks them up rather than building them."""
        key = (source, target, count)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = Move(source, target, count)
        return found

    # -- setting up ---------------------------------------------------------------------
    @abstractmethod
    def deal(self, number: int) -> Position:
        """The first position of a numbered deal."""

    def deal_code(self, code: GameCode) -> Position:
        if code.variant != self.variant:
            raise ValueError(f"{code} is not a deal of {self.variant}")
        return self.deal(code.deal)

    @property
    @abstractmethod
    def initial_score(self) -> int:
        """The score before the first move."""

    # -- moves ----------------------------------------------------------------------------
    @abstractmethod
    def apply(self, position: Position, move: Move, fan: int = 0) -> Step:
        """The outcome of a move, or :class:`Refusal` (the position is a value: unchanged)."""

    @abstractmethod
    def legal_moves(self, position: Position) -> list[Move]:
        """Every legal move, each resolved to a named pile (no bare ``f``)."""

    @abstractmethod
    def is_won(self, position: Position) -> bool:
        """Whether the game is won."""

    def score_after(self, score: int, points: int) -> int:
        """The score after an action worth ``points`` (a floor of 0 where the game has one)."""
        return max(0, score + points)

    def format_score(self, score: int) -> str:
        """The score as shown to a player."""
        return str(score)

    def finish(self, position: Position, fan: int = 0) -> tuple[Step, ...]:
        """UI-10: the steps that send every card left to the foundations, one move each, or
        Refusal: ``cannot_finish`` when they can't all go up by foundation moves and stock
        taps alone, ``no_finish`` in a game without foundations (Simple Simon)."""
        raise self.refuse(
            "no_finish",
            f"{self.variant.game.title} has no Finish: a complete run leaves by itself",
        )

    def finish_after(
        self,
        start: Position,
        start_fan: int,
        steps: tuple[Step, ...],
        position: Position,
        fan: int,
    ) -> tuple[Step, ...] | None:
        """What :meth:`finish` answers at ``position`` (with ``fan``) when that is known
        without a search from ``steps``, the finish it gave from ``start`` (with
        ``start_fan``) whose first move the player made; None when it must be asked
        (always, in a game without a finish)."""
        return None

    def may_finish(self, position: Position) -> bool:
        """Whether :meth:`finish` may find a finish here; False when it surely refuses, so
        that the state can say so without a refusal (never in a game without one)."""
        return False

    def changes_nothing(self, position: Position, move: Move) -> bool:
        """Whether ``move`` leaves the game as it was, but for where a pile stands: a whole
        column (no face-down card under it) moved into an empty column (UI-19)."""
        if not (move.source.startswith("t") and move.target.startswith("t")):
            return False
        source = position.pile(move.source)
        return move.count == len(source) and source.down == 0 and not position.pile(move.target)

    def no_move_left(self, position: Position) -> bool:
        """UI-19: whether no move can change anything. By default (Simple Simon, which has no
        stock): the game is not won and every legal move only moves a whole column into an
        empty one. Games with a stock look through a whole pass of it (docs/engine.md).

        >>> from solitaire.codes import parse_variant
        >>> from solitaire.games import rules_for
        >>> rules = rules_for(parse_variant("SS1-S4"))
        >>> rules.no_move_left(rules.deal(1))
        False
        """
        if self.is_won(position):
            return False
        return all(self.changes_nothing(position, move) for move in self.legal_moves(position))

    def view_extras(self, position: Position) -> dict[str, Any]:
        """What the player's view of a position shows beyond the piles, the score and the
        counter: nothing, unless a game adds something (Simple Simon's runs removed)."""
        return {}

    # -- intents (rules §6) ----------------------------------------------------------------
    def click_targets(
        self, position: Position, pile: str, index: int, targets: Sequence[str]
    ) -> tuple[str | None, str | None]:
        """Where a tap (UI-2) and a double click (UI-3) on the card at ``index`` of ``pile``
        would send it (None: nowhere), given ``targets``: the piles its legal moves go to, in
        the order :meth:`legal_moves` lists them. The board draws these before the server's
        answer (UI-14). By default the intents themselves are asked; a game may work them
        out from ``targets`` instead, as long as the answer is the same."""

        def target_of(intent: Callable[[Position, str, int], Move]) -> str | None:
            try:
                return intent(position, pile, index).target
            except Refusal:
                return None

        return target_of(self.tap), target_of(self.double_click)

    @abstractmethod
    def tap(self, position: Position, pile: str, index: int) -> Move:
        """UI-2: the move a single click on a card (or the stock) makes, or Refusal."""

    @abstractmethod
    def double_click(self, position: Position, pile: str, index: int) -> Move:
        """UI-3: the move a double click on a card makes, or Refusal."""

    @abstractmethod
    def best_move(self, position: Position, pile: str, index: int) -> Move:
        """UI-4: the best place for the card at ``index`` and those on it, or Refusal."""

    def drop(self, position: Position, pile: str, index: int, target: str) -> Move:
        """UI-1: the card at ``index`` of ``pile`` (with those on it) dropped on ``target``.

        A drop on any foundation means the foundation area (KL-5, EH-5): the rules pick.
        Returns the move, or raises Refusal with the reason the drop is illegal.
        """
        return self._drop(position, pile, index, target, 0)[0]

    def drop_step(
        self, position: Position, pile: str, index: int, target: str, fan: int = 0
    ) -> Step:
        """:meth:`drop`, and the outcome of its move with the draw-3 ``fan`` as it stands:
        the step :meth:`apply` makes of it (the move judged once, not twice)."""
        return self._drop(position, pile, index, target, fan)[1]

    def _drop(
        self, position: Position, pile: str, index: int, target: str, fan: int
    ) -> tuple[Move, Step]:
        source_pile = self._pile_or_refuse(position, pile)
        if not 0 <= index < len(source_pile):
            raise Refusal("no_card", None, f"{pile} has no card at place {index + 1}")
        count = len(source_pile) - index
        if target.startswith("f"):
            target = "f"
        if pile.startswith("t"):
            move = Move(pile, target, count)
        elif count != 1:
            raise Refusal(
                "top_card_only",
                self.rule_for("top_card_only"),
                f"only the top card of {pile} moves",
            )
        else:
            move = Move(pile, target)
        return move, self.apply(position, move, fan)

    # -- shared helpers -------------------------------------------------------------------
    #: reason key → rule id, per game (the same key names a rule of each game).
    rule_ids: ClassVar[dict[str, str]] = {}
    #: reason key → rule id for the rules every game shares (rules §6).
    shared_rule_ids: ClassVar[dict[str, str]] = {"cannot_finish": "UI-10", "no_finish": "UI-10"}

    def rule_for(self, reason: str) -> str | None:
        return self.rule_ids.get(reason) or self.shared_rule_ids.get(reason)

    def refuse(self, reason: str, detail: str) -> Refusal:
        return Refusal(reason, self.rule_for(reason), detail)

    def _pile_or_refuse(self, position: Position, pile: str) -> Pile:
        if pile not in self.shape.indexes:
            raise Refusal(
                "no_such_pile",
                None,
                f"{self.variant.game.title} has no pile {pile!r}",
            )
        return position.pile(pile)
