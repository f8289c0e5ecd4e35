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

    def spend(self) -> None:
        """Count one more expanded position; raise :class:`OutOfBudget` past the budget."""
        self.positions += 1
        if self.max_positions is not None and self.positions > self.max_positions:
            raise OutOfBudget(f"{self.positions} positions")
        looks_at_clock = self.positions % CLOCK_CHECK_EVERY == 0 or self.positions == 1
        if looks_at_clock and self.clock() > self.deadline:
            raise OutOfBudget(f"{self.elapsed():.1f} s")

    def add(self, positions: int) -> None:
        """Count positions expanded elsewhere (the C search keeps its own count)."""
        self.positions += positions

    def positions_left(self) -> int:
        """How many more positions this budget allows; −1: no limit.

        >>> budget = Budget(10.0, max_positions=5)
        >>> budget.add(2); budget.positions_left(), Budget(1.0).positions_left()
        (3, -1)
        """
        if self.max_positions is None:
            return -1
        return max(0, self.max_positions - self.positions)

    def elapsed(self) -> float:
        return self.clock() - self.started
