"""The plain player: how hard a deal is *for a person*, measured by playing it.

The player sees only what a person sees (face-up cards, the waste's top; never a face-down
card or the stock's order) and looks one move ahead: it ranks the legal moves by what a
person wants at a glance (a card up, a card turned over, a card onto its own suit, …; see
:func:`move_priority`) and plays the first that leads somewhere new, near-ties broken by a
seeded random draw. It never goes back to a position it has already seen in the game (so a full pass
through the stock that found nothing ends the game) and gives up after ``MOVE_LIMIT``
moves.

A deal's **progress** is the share of its cards the player brings home (to the foundations;
in Simple Simon off the table in complete runs, or lying on the next rank of their suit),
averaged over ``PLAYOUTS`` seeded games; a won game counts 1. Easy deals are those this
player nearly always clears.

>>> from solitaire.codes import parse_code
>>> progress = plain_progress(parse_code("SS1-S1-AAAAABD"), playouts=2)
>>> 0.0 <= progress.mean <= 1.0, len(progress.games)
(True, 2)
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from ..codes import GameCode, GameId
from ..games import Refusal, Rules, rules_for
from ..moves import Move, is_column, is_foundation
from ..position import Position

PLAYOUTS = 4
"""Seeded games a deal is played by the plain player."""
MOVE_LIMIT = 400
"""Moves after which the plain player gives up a game."""
STALL_LIMIT = 60
"""Moves without a card brought home or turned over after which the player gives up."""
JITTER = 1.5
"""How far (in score points) the random draw may reorder moves of close scores: a person
does not always find the best of two nearly equal moves."""


@dataclass(frozen=True, slots=True)
class Progress:
    """What the plain player did with one deal: each game's share of cards brought home
    (1.0: won), and their mean."""

    games: tuple[float, ...]

    @property
    def mean(self) -> float:
        return sum(self.games) / len(self.games)

    @property
    def wins(self) -> int:
        return sum(1 for share in self.games if share >= 1.0)


def _cards_home(position: Position, runs_removed: int) -> int:
    """Cards brought home: on the foundations; in Simple Simon, the cards of the runs that
    left the table and every card lying on the next rank of its own suit (it is where the
    run will take it)."""
    if position.variant.game is GameId.SIMPLE_SIMON:
        in_suit = sum(
            1
            for pile in position.columns
            for lower, upper in zip(pile.cards[1:], pile.cards[:-1], strict=False)
            if upper.suit is lower.suit and upper.rank == lower.rank + 1
        )
        return 13 * runs_removed + in_suit
    return sum(len(pile) for pile_id, pile in position.items() if is_foundation(pile_id))


def move_priority(position: Position, move: Move) -> float:
    """How much a person wants to make ``move`` at a glance (higher first), judged on what a
    person sees: a card up first, then a move that turns a card over, then a card onto a card
    of its own suit (Simple Simon), then the waste's card to a column, other column moves,
    and the stock last."""
    if move.is_draw:
        return 1.0
    if is_foundation(move.target):
        return 100.0
    source = position.pile(move.source)
    target = position.pile(move.target)
    priority = 8.0
    if is_column(move.source):
        left = len(source) - move.count
        if left > 0 and left == source.down:
            priority = 50.0  # uncovers a face-down card
        elif left == 0:
            priority = 6.0 if target.cards else 0.5  # empties a column (into another: pointless)
        if target.cards:
            moving = source.cards[-move.count]
            top = target.cards[-1]
            if moving.suit is top.suit:
                priority += 20.0 + move.count
            if left > 0 and source.down < left:
                under = source.cards[left - 1]
                if under.rank == moving.rank + 1 and (under.suit is moving.suit) >= (
                    top.suit is moving.suit
                ):
                    priority = 0.5  # it already lies as well as it would there
        elif left > 0 and left > source.down:
            priority = 3.0  # a run into an empty column without turning anything
    else:
        priority = 20.0
    return priority


def plain_game(rules: Rules, start: Position, seed: str) -> Iterator[tuple[Position, int]]:
    """The positions of one game of the plain player from ``start``, each after its move,
    with the runs removed so far (Simple Simon): what a person meets playing the deal.

    >>> from solitaire.codes import parse_code
    >>> code = parse_code("KL1-D1N-AAAAAAB")
    >>> rules = rules_for(code.variant)
    >>> len(list(plain_game(rules, rules.deal(code.deal), "seed"))) > 10
    True
    """
    draw = random.Random(seed)
    position = start
    runs_removed = 0
    seen = {position.piles}
    best_home = 0
    stalled = 0
    for _ in range(MOVE_LIMIT):
        if rules.is_won(position):
            return
        ranked = sorted(
            rules.legal_moves(position),
            key=lambda move: move_priority(position, move) + JITTER * draw.random(),
            reverse=True,
        )
        for move in ranked:
            try:
                step = rules.apply(position, move)
            except Refusal:
                continue
            if step.position.piles not in seen:
                break
        else:
            return
        position = step.position
        runs_removed += step.runs_removed
        seen.add(position.piles)
        yield position, runs_removed
        home = _cards_home(position, runs_removed)
        if home > best_home or step.flips:
            best_home, stalled = max(home, best_home), 0
        else:
            stalled += 1
            if stalled > STALL_LIMIT:
                return


def play_once(rules: Rules, start: Position, seed: str) -> float:
    """One game of the plain player from ``start``; the share of cards brought home."""
    last = deque(plain_game(rules, start, seed), maxlen=1)
    position, runs_removed = last[0] if last else (start, 0)
    if rules.is_won(position):
        return 1.0
    return _cards_home(position, runs_removed) / len(rules.shape.deck)


def plain_progress(code: GameCode, playouts: int = PLAYOUTS) -> Progress:
    """The plain player's progress on a numbered deal over ``playouts`` seeded games (the
    seeds are the code and the game's number, so the figures are the same on every run)."""
    rules = rules_for(code.variant)
    start = rules.deal(code.deal)
    return Progress(tuple(play_once(rules, start, f"{code}#{i}") for i in range(playouts)))
