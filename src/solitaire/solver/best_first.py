"""Greedy best-first search with a transposition table, over any kind of position.

The search expands positions in order of a heuristic estimate (lower first, ties in the
order they were found) and never expands a position twice. When the queue runs dry every
position reachable from the start has been expanded, so "no win found" is a proof that the
start is not winnable (as long as ``successors`` lists every move, or every move that some
winning line needs — see docs/solver.md).

>>> # Count down from 3 to 0 by steps of 1 or 2, the goal being 0.
>>> budget = Budget(1.0)
>>> best_first(3, key=str, successors=lambda n: [(step, n - step) for step in (1, 2)
...     if n - step >= 0], estimate=lambda n: n, is_goal=lambda n: n == 0, budget=budget)
[2, 1]
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from .budget import Budget

State = TypeVar("State")
Step = TypeVar("Step")
Key = TypeVar("Key", bound=Hashable)


def best_first(
    start: State,
    *,
    key: Callable[[State], Hashable],
    successors: Callable[[State], Iterable[tuple[Step, State]]],
    estimate: Callable[[State], float],
    is_goal: Callable[[State], bool],
    budget: Budget,
) -> list[Step] | None:
    """The steps of a path from ``start`` to a goal, or None when none exists.

    Raises :class:`~solitaire.solver.budget.OutOfBudget` if the budget runs out first.
    """
    if is_goal(start):
        return []
    start_key = key(start)
    parents: dict[Hashable, tuple[Hashable, Step] | None] = {start_key: None}
    queue: list[tuple[float, int, State, Hashable]] = [(estimate(start), 0, start, start_key)]
    found = 0
    while queue:
        _, _, state, state_key = heapq.heappop(queue)
        budget.spend()
        for step, after in successors(state):
            after_key = key(after)
            if after_key in parents:
                continue
            parents[after_key] = (state_key, step)
            if is_goal(after):
                return path_to(parents, after_key)
            found += 1
            heapq.heappush(queue, (estimate(after), found, after, after_key))
    return None


def path_to(parents: dict[Key, tuple[Key, Step] | None], goal: Key) -> list[Step]:
    """The steps from the start (the key whose parent is None) to ``goal``.

    >>> path_to({"a": None, "b": ("a", 1), "c": ("b", 2)}, "c")
    [1, 2]
    """
    steps: list[Step] = []
    link = parents[goal]
    while link is not None:
        previous, step = link
        steps.append(step)
        link = parents[previous]
    steps.reverse()
    return steps
