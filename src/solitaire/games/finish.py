"""UI-10 Finish: when every card left can reach the foundations by foundation moves and stock
taps alone, the moves that send them up, one card (or one tap) at a time.

This is the one place that says when a finish is possible and which moves it makes, for the
games with a stock and foundations (Klondike, Easy Harp). The rules:

- **Only with every column card face up.** A finish is judged on what the player can see on
  the table: while a column still hides a card, there is no finish (so the Finish button
  never tells anything about a face-down column card). The stock is face down by nature;
  its cards are turned by the finish's own taps, as the player would turn them.
- **The moves**, at each step: a column's last card that a foundation takes (the lowest rank
  first; ties: the leftmost column), else the waste's top card if a foundation takes it,
  else a tap on the stock (which may put the waste back, KL-9, EH-6), else nothing: the
  finish is not possible. With one deck a foundation move from a column never spoils
  anything (no other card could take its place), so those come first. Only in draw 3 with
  passes can playing the waste's top card spoil a later pass (it changes how the next pass
  groups its cards by three); there, when that card is the only one that could go up, the
  search also tries tapping on instead.
- **Two decks.** In Easy Harp the two copies of a card compete for the foundations of its
  suit: sending one up first can leave the other on a card that the other foundation of
  the suit needs first. In columns built down by the rules (EH-1) that never stops a finish:
  the lowest card left is always a column's last card or comes round in the stock, so the
  moves above always find one. A typed-in position may hold columns that are not built
  down; when the moves above find no finish there, a second search tries every foundation
  move in every order.
- **Searched, bounded.** Each search is depth-first, the preferred move first, never going
  on from a position it has been at (the first search keeps only the positions after a
  put-back: no other can come back), and gives up after :data:`FINISH_SEARCH_LIMIT` steps
  tried (then there is no finish). It depends on the position alone, so a game's log can
  hold a finish as the one word ``finish``: replaying it makes the same moves.

>>> from solitaire.layout import parse_layout
>>> from solitaire.games import rules_for
>>> position = parse_layout('''game: KL1-D1N
... s: [KS]
... w: QS
... f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS
... f2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH
... f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
... f4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC
... t1: KC
... t2: KH
... ''')
>>> [str(step.move) for step in finish_steps(rules_for(position.variant), position, 1)]
['t1-f4', 't2-f2', 'w-f1', 'd', 'w-f1']
"""

from __future__ import annotations

import itertools
from typing import Protocol

from ..cards import Card
from ..moves import ANY_FOUNDATION, DRAW, STOCK, WASTE, Move, column_id
from ..position import Pile, Position, TableShape
from .base import Step


class FinishingRules(Protocol):
    """What the finish reads of the rules of a game with a stock and foundations (the rules
    of stock_and_foundations.py, which ask this module for their finish: a protocol rather
    than an import keeps the two modules out of an import circle)."""

    shape: TableShape
    draw: int
    redeal: bool

    def apply(self, position: Position, move: Move, fan: int = 0) -> Step: ...

    def is_won(self, position: Position) -> bool: ...

    def foundations_taking(self, position: Position, card: Card) -> list[str]: ...

    def column_refuses(self, top: Card | None, card: Card) -> str | None: ...


FINISH_SEARCH_LIMIT = 20_000
"""Steps a finish search may try before it gives up (there is then no finish)."""


def finish_steps(rules: FinishingRules, position: Position, fan: int) -> tuple[Step, ...] | None:
    """The steps of a finish from ``position`` (the draw-3 ``fan`` as it stands), each the
    outcome of one move as the rules apply it; ``()`` for a won position; None when no finish
    is possible (a column holds a face-down card, or the cards left can't all go up)."""
    if not may_finish(rules, position):
        return None
    steps = _search(rules, position, fan, every_order=False)
    columns = position.columns
    if steps is None and _two_decks(rules) and not all(_built_down(rules, c) for c in columns):
        steps = _search(rules, position, fan, every_order=True)
    return steps


def finish_tail(
    rules: FinishingRules,
    start: Position,
    start_fan: int,
    steps: tuple[Step, ...],
    position: Position,
    fan: int,
) -> tuple[Step, ...] | None:
    """The finish from ``position`` (with ``fan``), without a search, when ``steps`` is the
    finish :func:`finish_steps` found from ``start`` (with ``start_fan``) and its first step
    leads to ``position`` (the player made that move): the steps after it. None when that
    can't be known so (search again).

    - Where the search makes no choice (a single option at every step: not draw 3 with
      passes) it is one walk, each step a function of the position and fan alone; from a
      later point of a walk that won, the same walk goes on to the same win, through fewer
      steps and without coming back to a position (no position after a put-back repeats).
    - Draw 3 with passes (one deck, every position kept): when the first step was the
      first choice at ``start`` and sent a card up, the search went from ``start`` straight
      into ``position`` and found the win below it; from ``position`` it searches the same
      way (a position with fewer cards up, as ``start``, can't come back), fewer steps.
    - Two decks: only when every column of ``start`` is built down (else the every-order
      search may have found ``steps``, and from ``position`` the first could win).
    """
    if not steps:
        return None
    first = steps[0]
    if first.fan != fan or first.position != position:
        return None
    if rules.redeal and rules.draw > 1:
        if first.move.is_draw or _two_decks(rules):
            return None
        if _choices(rules, start, start_fan, every_order=False)[0].move != first.move:
            return None
    elif _two_decks(rules) and not all(_built_down(rules, column) for column in start.columns):
        return None
    return steps[1:]


def may_finish(rules: FinishingRules, position: Position) -> bool:
    """Whether a finish may be possible at all: no column hides a card (else
    :func:`finish_steps` is None without a search)."""
    return not any(column.down for column in position.columns)


def _two_decks(rules: FinishingRules) -> bool:
    return len(set(rules.shape.deck)) < len(rules.shape.deck)


def _built_down(rules: FinishingRules, column: Pile) -> bool:
    """Whether each card of the column lies on one of the other colour and one rank higher,
    as the rules build columns (EH-1)."""
    return all(
        rules.column_refuses(lower, upper) is None
        for lower, upper in itertools.pairwise(column.cards)
    )


def _search(
    rules: FinishingRules, position: Position, fan: int, *, every_order: bool
) -> tuple[Step, ...] | None:
    path: list[Step] = []
    # alternatives[i]: the choices not tried yet at the depth of path[i].
    alternatives: list[list[Step]] = []
    # A search without choices can come back to a position only through a put-back (a
    # foundation move adds a card for good, a tap without one shortens the stock): it keeps
    # only those. One with choices (every order, or draw 3 with passes) keeps them all.
    keep_all = every_order or (rules.redeal and rules.draw > 1)
    # With one deck, the piles' sizes say which position of this search it is: foundation
    # moves only take cards off the columns' ends, and the stock and the waste keep their
    # cards in turning order (a card played leaves it, a tap or put-back moves the split).
    # They are far quicker to compare than the cards; with two decks, which copy of a card
    # went up matters, so the positions themselves are kept.
    one_deck = len(set(rules.shape.deck)) == len(rules.shape.deck)
    seen: set[object] = set()
    current, current_fan = position, fan
    for _ in range(FINISH_SEARCH_LIMIT):
        if rules.is_won(current):
            return tuple(path)
        options: list[Step] = []
        kept = keep_all or (bool(path) and _is_put_back(path[-1]))
        if kept:
            key = tuple(map(len, current.piles)) if one_deck else current
            if key not in seen:
                seen.add(key)
                options = _choices(rules, current, current_fan, every_order)
        else:
            options = _choices(rules, current, current_fan, every_order)
        if options:
            path.append(options[0])
            alternatives.append(options[1:])
        else:
            while alternatives and not alternatives[-1]:
                alternatives.pop()
                path.pop()
            if not alternatives:
                return None
            path[-1] = alternatives[-1].pop(0)
        current, current_fan = path[-1].position, path[-1].fan
    return None


def _is_put_back(step: Step) -> bool:
    return step.move.is_draw and not step.position.pile(WASTE).cards


def _choices(rules: FinishingRules, position: Position, fan: int, every_order: bool) -> list[Step]:
    """The moves worth trying next, the preferred first (see the module's docstring)."""
    first_column = rules.shape.index("t1")
    piles = position.piles
    up: list[tuple[int, int]] = []
    for index in range(rules.shape.columns):
        cards = piles[first_column + index].cards
        if cards and _goes_up(rules, position, cards[-1]):
            up.append((cards[-1].rank, index))
    up.sort()
    from_columns = [
        rules.apply(position, Move(column_id(index), ANY_FOUNDATION), fan)
        for _, index in (up if every_order else up[:1])
    ]
    if from_columns and not every_order:
        return from_columns
    stock, waste = position.pile(STOCK), position.pile(WASTE)
    can_tap = bool(stock.cards or (waste.cards and rules.redeal))
    from_waste = None
    if waste.top is not None and _goes_up(rules, position, waste.top):
        from_waste = rules.apply(position, Move(WASTE, ANY_FOUNDATION), fan)
    # The tap is worked out only where it is tried.
    if every_order:
        tap = rules.apply(position, DRAW, fan) if can_tap else None
        return [step for step in (*from_columns, from_waste, tap) if step is not None]
    if from_waste is None:
        return [rules.apply(position, DRAW, fan)] if can_tap else []
    if can_tap and rules.redeal and rules.draw > 1:
        return [from_waste, rules.apply(position, DRAW, fan)]
    return [from_waste]


def _goes_up(rules: FinishingRules, position: Position, card: Card) -> bool:
    """Whether a foundation takes ``card`` now (KL-5, EH-5)."""
    return bool(rules.foundations_taking(position, card))
