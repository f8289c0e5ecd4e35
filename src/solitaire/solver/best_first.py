"""Greedy best-first search over any game's private positions, with a transposition table.

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
    newest_first: bool = False,
    is_dead: Callable[[State], bool] | None = None,
    checks_after: Callable[[Step], bool] | None = None,
    depth_weight: float = 0.0,
) -> list[Step] | None:
    """The steps of a path from ``start`` to a goal, or None when none exists.

    Among positions of equal estimate the oldest goes first, or with ``newest_first`` the
    newest (deeper into a plateau of equal estimates rather than across it).
    ``is_dead``, when given, marks positions proved lost: they are taken off the queue
    without being expanded (checked when taken, so a position met twice costs one check).
    ``checks_after``, when given, limits the check to positions reached by a step it
    accepts (and leaves out the start, which the caller checks).
    ``depth_weight`` > 0 adds that much per step from the start to the estimate (weighted
    A*): the search then prefers short ways to a good position over long wanderings across
    a plateau. It changes the order only: a search that runs dry is still complete.

    Raises :class:`~solitaire.solver.budget.OutOfBudget` if the budget runs out first.
    """
    if is_goal(start):
        return []
    start_key = key(start)
    parents: dict[Hashable, tuple[Hashable, Step] | None] = {start_key: None}
    queue: list[tuple[float, int, State, Hashable, int, bool]] = [
        (estimate(start), 0, start, start_key, 0, checks_after is None)
    ]
    found = 0
    while queue:
        _, _, state, state_key, depth, to_check = heapq.heappop(queue)
        budget.spend()
        if is_dead is not None and to_check and is_dead(state):
            continue
        for step, after in successors(state):
            after_key = key(after)
            if after_key in parents:
                continue
            parents[after_key] = (state_key, step)
            if is_goal(after):
                return path_to(parents, after_key)
            found += 1
            priority = estimate(after) + depth_weight * (depth + 1)
            heapq.heappush(
                queue,
                (
                    priority,
                    -found if newest_first else found,
                    after,
                    after_key,
                    depth + 1,
                    checks_after is None or checks_after(step),
                ),
            )
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
