"""The searches a profile-guided build of the C searches is trained on (setup.py).

A profile-guided build compiles the C searches twice: once counting which branches each search
takes and which functions it calls most, then, after this workload has run on that build,
again with the counts, so that the compiler lays out the hot paths and inlines where it pays.
The positions searched are the same either way (the code's meaning does not change), only the
time each takes. The workload is every variant's portfolio on a few deals, bounded by
positions, not by time, so that it does the same work on every machine; its deals are not the
benchmark's (deals 1-1 500), so the build is not trained on what it is measured on.

>>> summary = train(deals=1, max_positions=2_000)
>>> sorted(summary) == sorted(VARIANTS)
True
"""

from __future__ import annotations

import sys

from ..codes import parse_variant
from ..games import rules_for
from . import solve

VARIANTS = ("KL1-D1N", "KL1-D1V", "KL1-D3N", "KL1-D3V", "SS1-S1", "SS1-S2", "SS1-S4", "EH1-N")
"""Every variant: each plays its own portfolio (and its own parts of the C search)."""

FIRST_DEAL = 5_001
"""The workload's deals start here, past the deals the benchmark and the tests use."""


def train(*, deals: int = 12, max_positions: int = 200_000) -> dict[str, int]:
    """Solve ``deals`` deals of every variant, each within ``max_positions``; the positions
    expanded, per variant."""
    summary: dict[str, int] = {}
    for code in VARIANTS:
        variant = parse_variant(code)
        rules = rules_for(variant)
        expanded = 0
        for deal in range(FIRST_DEAL, FIRST_DEAL + deals):
            # The wall-clock bound only guards a very slow machine; positions bound the work.
            result = solve(rules.deal(deal), seconds=600.0, max_positions=max_positions)
            expanded += result.positions
        summary[code] = expanded
    return summary


def main() -> None:
    """Run the workload and print what it searched."""
    summary = train()
    print(" ".join(f"{code} {positions}" for code, positions in summary.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
