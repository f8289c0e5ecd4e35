"""A game in progress: position, score, move counter, undo and redo, finish, intents and the
player's view.

>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> step = game.play("d")
>>> game.moves, game.can_undo
(1, True)
>>> game.undo()
>>> game.moves, game.position == Game.from_code("KL1-D1N-AAAAAAG").position
(0, True)
>>> game.redo()
>>> game.moves, game.can_redo, game.log
(1, False, ['d', 'undo', 'redo'])
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Any

from .codes import GameCode, Variant, parse_code
from .games import Refusal, Rules, Step, rules_for
from .layout import format_layout
from .moves import DRAW, STOCK, WASTE, Move
from .position import Pile, Position

UNDO_LIMIT = 100
"""Actions that can be undone (KL-13, EH-11, SS-8); redo only re-applies undone ones."""
FINISHES_KEPT = 4
"""Positions whose finish (UI-10) a game keeps."""
UNDO, REDO, FINISH = "undo", "redo", "finish"
"""The log's words for the actions that are not one move."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything undo (or redo) restores, and the action taken from it or back to it.

    In the undo history: the game before ``step``; on the redo stack: the game after it.
    """

    position: Position
    fan: int
    score: int
    moves: int
    step: Step


@dataclass(frozen=True, slots=True)
class LastAction:
    """What the last action did, for the board to animate and announce.

    ``action`` is ``move``, ``stock`` (a stock tap or put-back, move text ``d``), ``undo``,
    ``redo`` or ``finish``; ``steps`` the moves it made, or for ``undo`` the one it took
    back (one step, but several for a finish, in order).
    """

    action: str
    steps: tuple[Step, ...]

    def as_json(self) -> dict[str, Any]:
        """``{"action", "move", "flips", "runs_removed"}`` (docs/api.md); a finish has no
        single move: ``move`` None, its moves in ``steps``, as move text in order."""
        if self.action == FINISH:
            return {
                "action": FINISH,
                "move": None,
                "flips": sum(step.flips for step in self.steps),
                "runs_removed": 0,
                "steps": [str(step.move) for step in self.steps],
            }
        step = self.steps[0]
        return {
            "action": self.action,
            "move": str(step.move),
            "flips": step.flips,
            "runs_removed": step.runs_removed,
        }


@dataclass(frozen=True, slots=True)
class Dest:
    """A card that may move (with the cards on it) and the piles it may go to, with where a
    tap (UI-2) and a double click (UI-3) on it would send it (None: nowhere), so that the
    board can draw those moves before the server's answer (UI-14) without knowing a rule."""

    pile: str
    index: int
    targets: tuple[str, ...]
    tap: str | None = None
    double_click: str | None = None


class Game:
    """One game being played; every change goes through :meth:`play`, :meth:`undo`,
    :meth:`redo` or :meth:`finish`.

    ``log`` lists the actions taken (move text, or ``undo``, ``redo``, ``finish``) so that
    replaying it from the first position rebuilds the game exactly: undo and redo history
    and move counter included.
    """

    def __init__(
        self,
        position: Position,
        *,
        score: int | None = None,
        moves: int = 0,
        fan: int = 0,
    ) -> None:
        self.rules: Rules = rules_for(position.variant)
        self.start = position
        self.position = position
        self.fan = fan
        self.score = self.rules.initial_score if score is None else score
        self.moves = moves
        self.history: deque[Snapshot] = deque(maxlen=UNDO_LIMIT)
        #: The actions undone since the last other action, the next to redo last (UI-9).
        #: Undo moves an action from ``history`` to here and redo back, so the two together
        #: never hold more than UNDO_LIMIT.
        self.undone: list[Snapshot] = []
        self.log: list[str] = []
        self.last: LastAction | None = None
        #: The finishes (or refusals) worked out for the last few positions, newest first:
        #: every state asks, a finish follows the state that offered it, and an undo or a
        #: redo comes back to a position (the same object) asked before.
        self._finishes: deque[tuple[Position, int, tuple[Step, ...] | Refusal]] = deque(
            maxlen=FINISHES_KEPT
        )
        self._won: tuple[Position, bool] | None = None
        #: The player's view of each pile as last shown, for piles an action left as they were.
        self._shown: dict[int, tuple[Pile, tuple[str | None, ...]]] = {}

    @classmethod
    def from_code(cls, code: GameCode | str) -> Game:
        """A new game of a numbered deal: ``Game.from_code("SS1-S4-AAAAABD")``."""
        parsed = parse_code(code) if isinstance(code, str) else code
        return cls(rules_for(parsed.variant).deal(parsed.deal))

    @property
    def variant(self) -> Variant:
        return self.position.variant

    @property
    def code(self) -> str:
        """The game code, or for a typed-in position the variant alone (``SS1-S4``)."""
        return _code_text(self.variant, self.position.deal)

    @property
    def won(self) -> bool:
        # Asked several times for every state: worked out once per position (a value, so
        # the same object always has the same answer).
        position = self.position
        if self._won is None or self._won[0] is not position:
            self._won = (position, self.rules.is_won(position))
        return self._won[1]

    @property
    def score_text(self) -> str:
        return self.rules.format_score(self.score)

    @property
    def can_undo(self) -> bool:
        return bool(self.history) and not self.won

    @property
    def can_redo(self) -> bool:
        """UI-9: an undone action is there to re-apply."""
        return bool(self.undone) and not self.won

    @property
    def can_finish(self) -> bool:
        """UI-10: every card left can go to the foundations by foundation moves and stock
        taps alone (never in Simple Simon, never once won)."""
        if self.won or not self.rules.may_finish(self.position):
            return False
        return not isinstance(self._finish_plan(), Refusal)

    def layout(self) -> str:
        return format_layout(self.position)

    # -- acting ---------------------------------------------------------------------------
    def play(self, move: Move | str) -> Step:
        """Apply a move (or its text); raise :class:`Refusal` and change nothing if illegal."""
        if isinstance(move, str):
            move = Move.parse(move)
        self._refuse_if_won()
        return self._played(self.rules.apply(self.position, move, self.fan))

    def _played(self, step: Step) -> Step:
        """Take the outcome of a legal move from the current position as the next action."""
        self._advance(step)
        self.undone.clear()
        self.log.append(str(step.move))
        self.last = LastAction("stock" if step.move.is_draw else "move", (step,))
        return step

    def _advance(self, step: Step) -> None:
        self.history.append(Snapshot(self.position, self.fan, self.score, self.moves, step))
        self.position = step.position
        self.fan = step.fan
        self.score = self.rules.score_after(self.score, step.points)
        self.moves += 1

    def _restore(self, snapshot: Snapshot) -> None:
        self.position = snapshot.position
        self.fan = snapshot.fan
        self.score = snapshot.score

    def _snapshot(self, step: Step) -> Snapshot:
        return Snapshot(self.position, self.fan, self.score, self.moves, step)

    def undo(self) -> None:
        """Take back the last action (KL-13, EH-11, SS-8) or raise Refusal."""
        self._refuse_if_won()
        if not self.history:
            raise Refusal("nothing_to_undo", None, "there is nothing to undo")
        snapshot = self.history.pop()
        self.undone.append(self._snapshot(snapshot.step))
        self._restore(snapshot)
        if self.rules.undo_restores_move_counter:
            self.moves = snapshot.moves
        self.log.append(UNDO)
        self.last = LastAction(UNDO, (snapshot.step,))

    def redo(self) -> None:
        """UI-9: re-apply the action undone last, exactly as the undo found it (position,
        fan, score, move counter); in Easy Harp, whose counter undo never takes back
        (EH-11), the redo counts as one more action. Refusal if there is nothing to redo."""
        self._refuse_if_won()
        if not self.undone:
            raise Refusal("nothing_to_redo", None, "there is nothing to redo")
        snapshot = self.undone.pop()
        self.history.append(self._snapshot(snapshot.step))
        self._restore(snapshot)
        self.moves = snapshot.moves if self.rules.undo_restores_move_counter else self.moves + 1
        self.log.append(REDO)
        self.last = LastAction(REDO, (snapshot.step,))

    def finish(self) -> tuple[Step, ...]:
        """UI-10: send every card left to the foundations, each card (and each stock tap on
        the way) a move of its own, scored, counted and undone as if played; one action in
        the log. Refusal (``cannot_finish``, ``no_finish``) and nothing changed if it can't."""
        self._refuse_if_won()
        plan = self._finish_plan()
        if isinstance(plan, Refusal):
            raise Refusal(plan.reason, plan.rule, plan.detail)
        for step in plan:
            self._advance(step)
        self.undone.clear()
        self.log.append(FINISH)
        self.last = LastAction(FINISH, plan)
        return plan

    def _finish_plan(self) -> tuple[Step, ...] | Refusal:
        """The rules' finish from here, kept for the position it was worked out for (every
        state asks for it, and a finish follows the state that offered it)."""
        position, fan = self.position, self.fan
        for kept in self._finishes:
            if kept[0] is position and kept[1] == fan:
                return kept[2]
        plan: tuple[Step, ...] | Refusal | None = None
        # After an action the finish worked out before goes through (a move it makes, as a
        # player following it), the rules may know the answer from it without a search.
        for start, start_fan, found in self._finishes:
            if not isinstance(found, Refusal):
                plan = self.rules.finish_after(start, start_fan, found, position, fan)
                if plan is not None:
                    break
        if plan is None:
            try:
                plan = self.rules.finish(position, fan)
            except Refusal as refusal:
                plan = refusal
        self._finishes.appendleft((position, fan, plan))
        return plan

    def replay(self, actions: list[str]) -> None:
        """Apply a log of actions (move text, ``undo``, ``redo``, ``finish``), as :attr:`log`
        records them."""
        for action in actions:
            self.act(action)

    def act(self, action: str) -> None:
        """Apply one entry of a log."""
        if action == UNDO:
            self.undo()
        elif action == REDO:
            self.redo()
        elif action == FINISH:
            self.finish()
        else:
            self.play(action)

    # -- intents (rules §6) ------------------------------------------------------------------
    def tap(self, pile: str, index: int) -> Step:
        """UI-2: a single click on a card or the stock."""
        self._refuse_if_won()
        return self.play(self.rules.tap(self.position, pile, index))

    def double_click(self, pile: str, index: int) -> Step:
        """UI-3: a double click on a card."""
        self._refuse_if_won()
        return self.play(self.rules.double_click(self.position, pile, index))

    def drop(self, pile: str, index: int, target: str, *, auto_placement: bool = False) -> Step:
        """UI-1 and UI-4: a card (with those on it) dropped on a pile; with auto placement an
        illegal drop goes to the best place instead, if there is one."""
        self._refuse_if_won()
        try:
            step = self.rules.drop_step(self.position, pile, index, target, self.fan)
        except Refusal as refusal:
            if not auto_placement or refusal.reason in {"no_such_pile", "no_card", "same_pile"}:
                raise
            try:
                move = self.rules.best_move(self.position, pile, index)
            except Refusal:
                raise refusal from None
            return self.play(move)
        return self._played(step)

    def _refuse_if_won(self) -> None:
        if self.won:
            raise Refusal("game_over", None, "the game is won: start a new one")

    # -- looking ------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return [] if self.won else self.rules.legal_moves(self.position)

    def dests(self) -> list[Dest]:
        """For every card that may move, where it may go (the board highlights these), and
        where a tap and a double click would send it."""
        return [
            Dest(pile, index, tuple(targets), tap, double_click)
            for pile, index, targets, tap, double_click in self._dests()
        ]

    def _dests(
        self, moves: list[Move] | None = None
    ) -> list[tuple[str, int, list[str], str | None, str | None]]:
        """:meth:`dests` as plain tuples (the state lists them as they come); ``moves``: the
        legal moves, when the caller has them already."""
        position = self.position
        targets: dict[tuple[str, int], list[str]] = {}
        for move in self.legal_moves() if moves is None else moves:
            if move.is_draw:
                continue
            key = (move.source, len(position.pile(move.source)) - move.count)
            found = targets.get(key)
            if found is None:
                targets[key] = [move.target]
            else:
                found.append(move.target)
        click_targets = self.rules.click_targets
        return [
            (pile, index, found, *click_targets(position, pile, index, found))
            for (pile, index), found in targets.items()
        ]

    def stock_tap(self) -> dict[str, Any] | None:
        """What a tap on the stock would do: ``{"to": "w", "count": 3, "fan": 3}`` (cards
        turned onto the waste, and how many then show spread), ``{"to": "s", "count": 24,
        "fan": 0}`` (the waste put back), or None when the tap would be refused."""
        if self.won or STOCK not in self.rules.shape.pile_ids:
            return None
        try:
            step = self.rules.apply(self.position, DRAW, self.fan)
        except Refusal:
            return None
        waste_before = len(self.position.pile(WASTE))
        waste_after = len(step.position.pile(WASTE))
        return {
            "to": WASTE if waste_after > waste_before else STOCK,
            "count": abs(waste_after - waste_before),
            "fan": step.fan,
        }

    def observation(self) -> dict[str, Any]:
        """What the player may see: face-down cards as ``None``, never their identity."""
        rules = self.rules
        won = self.won
        static = _static_view(rules)
        # The legal moves, listed once for the stuck check and the dests (each asked them).
        moves = self.legal_moves()
        view: dict[str, Any] = {
            "code": self.code,
            "game": static.game,
            "options": static.options,
            "piles": self._piles_view(),
            "top_row": list(static.top_row),
            # The suit each foundation is kept for, in foundation order (KL-0, EH-0), so
            # that an empty one can show it; Simple Simon's foundations take any suit.
            "foundation_suits": list(static.foundation_suits),
            "fan": self.fan,
            "score": self.score,
            "score_text": self.score_text,
            "moves": self.moves,
            "can_undo": bool(self.history) and not won,
            "can_redo": bool(self.undone) and not won,
            "can_finish": self.can_finish,
            "won": won,
            # UI-19: no move can change anything (each game's condition: docs/engine.md).
            "stuck": self._stuck(moves),
        }
        view.update(rules.view_extras(self.position))
        dests = self._dests(moves)
        view["dests"] = [
            {"pile": pile, "index": index, "targets": targets}
            for pile, index, targets, _, _ in dests
        ]
        view["clicks"] = [
            {"pile": pile, "index": index, "tap": tap, "double_click": double_click}
            for pile, index, _, tap, double_click in dests
            if tap is not None or double_click is not None
        ]
        view["stock_tap"] = self.stock_tap()
        return view

    def _stuck(self, moves: list[Move]) -> bool:
        """UI-19, the rules' ``no_move_left``, asked only when ``moves`` (the legal moves
        here) hold no move that changes something: one such move already answers no (in
        every game, as the first thing ``no_move_left`` would find), and it is the common
        case, which then costs no second listing of the moves."""
        position = self.position
        changes_nothing = self.rules.changes_nothing
        if any(not move.is_draw and not changes_nothing(position, move) for move in moves):
            return False
        return self.rules.no_move_left(position)

    def _piles_view(self) -> list[dict[str, Any]]:
        """Each pile as the player sees it; the piles an action left as they were (the same
        object: positions share them) are not read again."""
        shown = self._shown
        piles = []
        for index, (pile_id, pile) in enumerate(
            zip(self.rules.shape.pile_ids, self.position.piles, strict=True)
        ):
            seen = shown.get(index)
            if seen is None or seen[0] is not pile:
                seen = (pile, (None,) * pile.down + tuple(card.code for card in pile.face_up))
                shown[index] = seen
            piles.append({"id": pile_id, "cards": list(seen[1])})
        return piles


@dataclass(frozen=True, slots=True)
class _StaticView:
    """The parts of the player's view that depend on the variant alone."""

    game: str
    options: str
    top_row: tuple[str | None, ...]
    foundation_suits: tuple[str, ...]


@cache
def _static_view(rules: Rules) -> _StaticView:
    shape = rules.shape
    return _StaticView(
        rules.variant.game.value,
        rules.variant.options,
        shape.top_row,
        tuple(suit.letter for suit in shape.foundation_suits),
    )


@cache
def _code_text(variant: Variant, deal: int | None) -> str:
    return str(GameCode(variant, deal)) if deal is not None else str(variant)
