"""The search budget: seconds (wall-clock, or this process's CPU time) and, optionally, a
number of positions.

>>> budget = Budget(seconds=10.0, max_positions=2)
>>> budget.spend(); budget.spend()
>>> budget.spend()
Traceback (most recent call last):
...
solitaire.solver.budget.OutOfBudget: 3 positions
"""

from __future__ import annotations

import time
from collections.abc import Callable

CLOCK_CHECK_EVERY = 256
"""Positions between two looks at the clock: reading it for every position costs time."""


class OutOfBudget(Exception):
    """The search ran out of time or positions before it could decide."""


class Budget:
    """Counts the positions a search expands and stops it when time or count runs out."""

    def __init__(
        self,
        seconds: float,
        max_positions: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if seconds < 0:
            raise ValueError(f"seconds must be 0 or more, not {seconds}")
        if max_positions is not None and max_positions < 0:
            raise ValueError(f"max_positions must be 0 or more, not {max_positions}")
        self.clock = clock
        self.started = clock()
        self.deadline = self.started + seconds
        self.max_positions = max_positions
        self.positions = 0
        self.parent: Budget | None = None

    def part(self, seconds: float) -> Budget:
        """A budget of at most ``seconds`` more, inside this one: what it spends is spent
        here too, and it runs out when this one does.

        >>> whole = Budget(10.0)
        >>> part = whole.part(2.0)
        >>> part.spend(); (part.positions, whole.positions)
        (1, 1)
        """
        part = Budget(max(0.0, min(seconds, self.deadline - self.clock())), clock=self.clock)
        part.parent = self
        return part

    def exhausted(self) -> bool:
        """Whether this budget has run out (time or positions)."""
        if self.max_positions is not None and self.positions >= self.max_positions:
            return True
        return self.clock() > self.deadline

    def spend(self) -> None:
        """Count one more expanded position; raise :class:`OutOfBudget` past the budget."""
        if self.parent is not None:
            self.parent.spend()
        self.positions += 1
        if self.max_positions is not None and self.positions > self.max_positions:
            raise OutOfBudget(f"{self.positions} positions")
        looks_at_clock = self.positions % CLOCK_CHECK_EVERY == 0 or self.positions == 1
        if looks_at_clock and self.clock() > self.deadline:
            raise OutOfBudget(f"{self.elapsed():.1f} s")

    def add(self, positions: int) -> None:
        """Count positions expanded elsewhere (the C search keeps its own count)."""
        if self.parent is not None:
            self.parent.add(positions)
        self.positions += positions

    def positions_left(self) -> int:
        """How many more positions this budget and those it is part of allow; −1: no limit.

        >>> whole = Budget(10.0, max_positions=5)
        >>> whole.add(2); whole.part(1.0).positions_left()
        3
        """
        limits = [] if self.max_positions is None else [self.max_positions - self.positions]
        above = -1 if self.parent is None else self.parent.positions_left()
        if above >= 0:
            limits.append(above)
        return max(0, min(limits)) if limits else -1

    def elapsed(self) -> float:
        return self.clock() - self.started
