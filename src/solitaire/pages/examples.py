"""The example games of the examples page, replayed by the engine: one view per step.

Three replays, each a list of steps a small board shows one after another:

- ``simple-simon``: the rules SS-9 deal won by the solver's stored shortest solution;
- ``klondike``: a real deal played by a simple policy until a column is empty while no king
  can go into it; then a non-king is dropped there and refused (``king_only``);
- ``easy-harp``: a real deal played until a column ends in a run of two cards whose first
  card fits on another column; the run is dropped there and refused (``one_card_at_a_time``).

The Klondike and Easy Harp games are *found* by a search over deal numbers
(:func:`find_refusal_game`), so no move here is written by hand. Each step holds the player's
view (face-down cards as ``None``, as the board gets them) and the move that led to it; a
refused step repeats the view before it, since a refusal changes nothing.

>>> replay = example_replay("simple-simon")
>>> replay.steps[-1].view["won"], replay.steps[-1].view["score"], replay.moves
(True, 841, 59)
>>> example_replay("klondike").refused.refusal
'king_only'
>>> example_replay("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solitaire.pages.examples.UnknownExampleError: no example 'chess': the examples are ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..cards import KING
from ..codes import GameCode, parse_variant
from ..games import Refusal
from ..moves import STOCK, WASTE, Move, is_column, is_foundation
from ..play import Game
from .examples_deal import examples_position, examples_solution

EXAMPLES = ("simple-simon", "klondike", "easy-harp")
"""Every example, in the order the examples page shows them."""

MAX_PLAYOUT_MOVES = 60
"""A found game is at most this long before its refused move, so the replay stays short."""

MIN_PLAYOUT_MOVES = 4
"""A found game has at least this many moves before its refused move: a few, to watch."""

MAX_DEALS_SEARCHED = 400
"""Deals tried, from deal 1, before the search gives up (it finds one within a few dozen)."""

View = dict[str, Any]


class UnknownExampleError(LookupError):
    """An example name that is not one of :data:`EXAMPLES`."""


class ExampleNotFoundError(RuntimeError):
    """No deal within the search limits shows the refusal wanted."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One step: the move that led here (None at the start) and what the player sees.

    ``refusal`` is the reason id (``king_only``) when ``move`` was tried and refused; the
    view is then the same as the step before.
    """

    move: str | None
    refusal: str | None
    view: View


@dataclass(frozen=True, slots=True)
class Replay:
    """An example game: its code and its steps, the first one the starting position."""

    name: str
    code: str
    steps: tuple[ReplayStep, ...]

    @property
    def moves(self) -> int:
        """The move counter at the end."""
        return int(self.steps[-1].view["moves"])

    @property
    def refused(self) -> ReplayStep | None:
        """The refused step, if the replay has one."""
        return next((step for step in self.steps if step.refusal is not None), None)


def player_view(game: Game) -> View:
    """The game's observation without the drag targets, which a replay does not need."""
    view = game.observation()
    del view["dests"]
    return view


# -- the playout policy ---------------------------------------------------------------------------


def _is_pointless(game: Game, move: Move) -> bool:
    """A move that cannot help: a whole column (a king and what is on it) to an empty
    column, or a foundation card back to a column."""
    if is_foundation(move.source):
        return True
    if is_column(move.source) and is_column(move.target):
        source = game.position.pile(move.source)
        return move.count == len(source) and not game.position.pile(move.target).cards
    return False


def _priority(game: Game, move: Move) -> int:
    """Lower first: empty a column, play to a foundation, turn a face-down card over, play the
    waste, draw; a policy, not a solver, that empties columns early."""
    if move.is_draw:
        return 5
    if is_foundation(move.target):
        source = game.position.pile(move.source)
        return 0 if is_column(move.source) and len(source) == 1 else 1
    if is_column(move.source):
        source = game.position.pile(move.source)
        if move.count == len(source):
            return 0
        if move.count == len(source) - source.down and source.down > 0:
            return 2
        return 9  # a run between two face-up cards: moving it changes nothing useful
    if move.source == WASTE:
        return 3
    return 9


def playout(game: Game, limit: int) -> Iterator[Game]:
    """Play the policy's move, yielding the game after each, at most ``limit`` moves; stop
    when only pointless moves (or a stock cycle) remain."""
    draws_in_a_row = 0
    for _ in range(limit):
        moves = [move for move in game.legal_moves() if not _is_pointless(game, move)]
        useful = [move for move in moves if _priority(game, move) < 9]
        if not useful:
            return
        best = min(useful, key=lambda move: _priority(game, move))
        if best.is_draw:
            # A whole pass through stock and waste with nothing else to do: stuck.
            draws_in_a_row += 1
            if draws_in_a_row > len(game.position.pile(STOCK)) + len(game.position.pile(WASTE)):
                return
        else:
            draws_in_a_row = 0
        game.play(best)
        yield game


# -- the refusals sought ---------------------------------------------------------------------

RefusalFinder = Callable[[Game], tuple[str, int, str] | None]
"""A drop (pile, index, target) the engine refuses with the wanted reason here, or None."""


def non_king_into_empty_column(game: Game) -> tuple[str, int, str] | None:
    """KL-3: a column is empty, no legal move fills it (no king to put there), and a column's
    face-up last card that is not a king can be dragged to it.

    >>> non_king_into_empty_column(Game.from_code("KL1-D1N-AAAAAAB")) is None
    True
    """
    columns = [(pile_id, pile) for pile_id, pile in game.position.items() if is_column(pile_id)]
    empty = [pile_id for pile_id, pile in columns if not pile.cards]
    if not empty:
        return None
    target = empty[0]
    if any(move.target == target for move in game.legal_moves()):
        return None
    for pile_id, pile in columns:
        top = pile.top
        if top is not None and top.rank != KING and len(pile) > pile.down:
            return pile_id, len(pile) - 1, target
    return None


def run_onto_a_fitting_column(game: Game) -> tuple[str, int, str] | None:
    """EH-2: a column ends in a run of two face-up cards, and another column's last card
    would take the run's first card (opposite colour, one rank higher)."""
    columns = [(pile_id, pile) for pile_id, pile in game.position.items() if is_column(pile_id)]
    for pile_id, pile in columns:
        if len(pile) - pile.down < 2:
            continue
        first, last = pile.cards[-2], pile.cards[-1]
        if first.is_red == last.is_red or first.rank != last.rank + 1:
            continue
        for target_id, target in columns:
            top = target.top
            fits = top is not None and top.is_red != first.is_red and top.rank == first.rank + 1
            if target_id != pile_id and fits:
                return pile_id, len(pile) - 2, target_id
    return None


def find_refusal_game(
    variant: str, finder: RefusalFinder, reason: str, *, max_deals: int = MAX_DEALS_SEARCHED
) -> tuple[str, list[str], tuple[str, int, str]]:
    """The first deal of ``variant`` where the playout reaches a drop the engine refuses with
    ``reason`` after at least :data:`MIN_PLAYOUT_MOVES` moves: its code, the moves before it
    and the drop.

    >>> code, moves, drop = find_refusal_game("EH1-N", run_onto_a_fitting_column,
    ...                                       "one_card_at_a_time")
    >>> code.startswith("EH1-N-"), len(moves) <= MAX_PLAYOUT_MOVES
    (True, True)
    """
    parsed = parse_variant(variant)
    for deal in range(1, max_deals + 1):
        code = str(GameCode(parsed, deal))
        game = Game.from_code(code)
        for _ in playout(game, MAX_PLAYOUT_MOVES):
            drop = finder(game) if len(game.log) >= MIN_PLAYOUT_MOVES else None
            if drop is None:
                continue
            try:
                game.drop(*drop)
            except Refusal as refusal:
                if refusal.reason == reason:
                    return code, list(game.log), drop
                continue
            raise AssertionError(f"{code}: the drop {drop} was expected to be refused")
    raise ExampleNotFoundError(
        f"no deal of {variant} among the first {max_deals} reaches a {reason!r} refusal"
    )


# -- the replays ---------------------------------------------------------------------------------


def _replay(name: str, game: Game, moves: list[str]) -> list[ReplayStep]:
    steps = [ReplayStep(None, None, player_view(game))]
    for move in moves:
        step = game.play(move)
        steps.append(ReplayStep(str(step.move), None, player_view(game)))
    return steps


def _refusal_replay(name: str, variant: str, finder: RefusalFinder, reason: str) -> Replay:
    code, moves, (pile, index, target) = find_refusal_game(variant, finder, reason)
    game = Game.from_code(code)
    steps = _replay(name, game, moves)
    count = len(game.position.pile(pile)) - index
    tried = Move(pile, target, count)
    steps.append(ReplayStep(str(tried), reason, steps[-1].view))
    # The game goes on: one more move of the policy after the refusal.
    for _ in playout(game, 1):
        steps.append(ReplayStep(game.log[-1], None, player_view(game)))
    return Replay(name, code, tuple(steps))


@cache
def example_replay(name: str) -> Replay:
    """An example's replay, computed once by the engine (a fraction of a second)."""
    if name == "simple-simon":
        game = Game(examples_position())
        moves = [str(move) for move in examples_solution()]
        return Replay(name, game.code, tuple(_replay(name, game, moves)))
    if name == "klondike":
        return _refusal_replay(name, "KL1-D1N", non_king_into_empty_column, "king_only")
    if name == "easy-harp":
        return _refusal_replay(name, "EH1-N", run_onto_a_fitting_column, "one_card_at_a_time")
    raise UnknownExampleError(f"no example {name!r}: the examples are {', '.join(EXAMPLES)}")


__all__ = [
    "EXAMPLES",
    "ExampleNotFoundError",
    "Replay",
    "ReplayStep",
    "UnknownExampleError",
    "example_replay",
    "find_refusal_game",
    "non_king_into_empty_column",
    "player_view",
    "playout",
    "run_onto_a_fitting_column",
]
