"""The tests' blind search of the real rules: every position ``legal_moves`` / ``apply``
reach, nothing pruned, no safe moves; the judge the solver's verdicts are checked against."""

from __future__ import annotations

from solitaire.games import rules_for
from solitaire.position import Position


def exhaust_with_the_real_rules(
    position: Position, limit: int | None = None
) -> tuple[bool | None, int]:
    """(whether a win is reached, positions seen); the first is None when more than
    ``limit`` positions would be needed to tell."""
    rules = rules_for(position.variant)
    seen = {position}
    stack = [position]
    while stack:
        current = stack.pop()
        for move in rules.legal_moves(current):
            after = rules.apply(current, move).position
            if rules.is_won(after):
                return True, len(seen)
            if after not in seen:
                if limit is not None and len(seen) >= limit:
                    return None, len(seen)
                seen.add(after)
                stack.append(after)
    return False, len(seen)
