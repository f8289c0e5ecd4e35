"""The shortest win of a Simple Simon position: IDA* with SS-9's lower bound.

The bound counts the cards other than kings that do not rest on their same-suit successor
(a move puts at most one card, its group's first, onto its successor) plus, with four suits,
the kings that lie above a card of their own suit (such a king must move, into an empty
column, and that move puts no card onto its successor). No move lowers the bound by more
than one, so it never overestimates and it is consistent: IDA* finds a shortest win, and an
iteration that finds none proves that no win of that length exists.

>>> from solitaire.layout import parse_layout
>>> position = parse_layout("game: SS1-S1\\nt1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\\n"
...     "t2: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\\nt3: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\\n"
...     "t4: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS")
>>> result = shortest_win(position, seconds=10)
>>> len(result.moves), result.proved
(4, True)
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..codes import GameId
from ..moves import Move
from ..position import Position
from . import simple_simon
from .budget import Budget, OutOfBudget

TABLE_LIMIT = 6_000_000
"""Positions the transposition table holds at most (memory: roughly 150 bytes each)."""


@dataclass(frozen=True, slots=True)
class ShortestResult:
    """``moves``: a shortest win found (empty if none); ``proved``: every shorter length was
    searched exhaustively; ``bounds_done``: the lengths proved impossible, in order."""

    moves: tuple[Move, ...]
    proved: bool
    bounds_done: tuple[int, ...]
    positions: int
    seconds: float


def lower_bound(columns: list[bytes], four_suits: bool) -> int:
    """SS-9's bound: moves no win can do without.

    >>> # t1: 2♠ A♠ (the ace rests on its successor), t2: K♠ 4♠
    >>> lower_bound([b"\\x01\\x00", b"\\x0c\\x03"], four_suits=True)
    2
    """
    bound = simple_simon.misplaced(columns)
    if four_suits:
        bound += sum(
            _king_must_move(column, index)
            for column in columns
            for index in range(1, len(column))
            if column[index] % 13 == 12
        )
    return bound


def _king_must_move(column: bytes, index: int) -> bool:
    suit = column[index] // 13
    return any(card // 13 == suit for card in column[:index])


def shortest_win(
    position: Position,
    *,
    seconds: float,
    prefer: Callable[[list[simple_simon.SuitMove], list[bytes]], int] | None = None,
    extra_seconds: float = 0.0,
    progress: Callable[[str], None] | None = None,
    start_length: int | None = None,
    max_length: int | None = None,
) -> ShortestResult:
    """IDA* from the lower bound up. With ``prefer``, once a shortest win is found the search
    goes on for ``extra_seconds`` among wins of that length and keeps the one ``prefer``
    scores highest (it receives the internal moves and the start's columns). ``start_length``
    skips the lengths below it (known to hold no win from an earlier run): the result is then
    not ``proved``. ``max_length`` stops after searching that length."""
    if position.variant.game is not GameId.SIMPLE_SIMON:
        raise ValueError(f"{position.variant} is not Simple Simon")
    started = time.perf_counter()
    budget = Budget(seconds)
    start = simple_simon.columns_of(position)
    four_suits = position.variant.suits == 4
    bound = lower_bound(start, four_suits)
    if start_length is not None:
        bound = max(bound, start_length)
    done: list[int] = []
    best: list[simple_simon.SuitMove] | None = None
    best_score = -1
    table: dict[bytes, int] = {}
    path: list[simple_simon.SuitMove] = []
    collecting = False
    collect_deadline = 0.0

    def visit(columns: list[bytes], g: int, h: int) -> bool:
        nonlocal best, best_score
        if h == 0 and not any(columns):
            if not collecting or prefer is None:
                best = list(path)
                return True
            score = prefer(path, start)
            if best is None or score > best_score:
                best, best_score = list(path), score
            return collecting and time.perf_counter() > collect_deadline
        if g + h > bound:
            return False
        key = b"\xff".join(sorted(columns))
        seen_at = table.get(key)
        if seen_at is not None and seen_at <= g:
            return False
        if seen_at is not None or len(table) < TABLE_LIMIT:
            table[key] = g
        budget.spend()
        children = []
        for move in simple_simon.legal_moves(columns):
            source, count, target = move
            column = columns[source]
            start_index = len(column) - count
            card = column[start_index]
            if card % 13 == 12:
                delta = -1 if four_suits and _king_must_move(column, start_index) else 0
            else:
                below = column[start_index - 1] if start_index else -1
                top = columns[target][-1] if columns[target] else -1
                delta = (top != card + 1) - (below != card + 1)
            children.append((delta, move))
        # Moves that bring a card onto its successor first; then, as SS-9 likes, big groups
        # into empty columns.
        children.sort(key=lambda child: (child[0], -child[1][1] if not columns[child[1][2]] else 0))
        for delta, move in children:
            if g + 1 + h + delta > bound:
                continue
            path.append(move)
            if visit(simple_simon.apply_move(columns, move), g + 1, h + delta):
                return True
            path.pop()
        return False

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        while True:
            table.clear()
            if progress is not None:
                progress(
                    f"bound {bound}: searching ({budget.positions} positions so far, "
                    f"{time.perf_counter() - started:.0f} s)"
                )
            collecting = False
            visit(start, 0, lower_bound(start, four_suits))
            if best is not None:
                if prefer is not None and extra_seconds > 0:
                    best_score = prefer(best, start)
                    collecting = True
                    collect_deadline = time.perf_counter() + extra_seconds
                    table.clear()
                    path.clear()  # the first pass returned with its win still on the path
                    with contextlib.suppress(OutOfBudget):
                        visit(start, 0, lower_bound(start, four_suits))
                break
            done.append(bound)
            if max_length is not None and bound >= max_length:
                break
            bound += 1
    except OutOfBudget:
        pass
    finally:
        sys.setrecursionlimit(limit)
    moves = simple_simon.to_moves(best) if best is not None else []
    first_bound = lower_bound(start, four_suits)
    proved = (
        start_length is None and best is not None and done == list(range(first_bound, len(moves)))
    )
    return ShortestResult(
        tuple(moves), proved, tuple(done), budget.positions, time.perf_counter() - started
    )


def longest_group_into_empty(moves: list[simple_simon.SuitMove], start: list[bytes]) -> int:
    """How many cards the largest group moved into an empty column holds (SS-9's taste)."""
    columns = list(start)
    longest = 0
    for move in moves:
        _, count, target = move
        if not columns[target]:
            longest = max(longest, count)
        columns = simple_simon.apply_move(columns, move)
    return longest
