"""The searches a profile-guided build of the C searches is trained on (setup.py).

A profile-guided build compiles the C searches twice: once counting which branches each search
takes and which functions it calls most, then, after this workload has run on that build,
again with the counts, so that the compiler lays out the hot paths and inlines where it pays.
The positions searched are the same either way (the code's meaning does not change), only the
time each takes. The workload is every variant's portfolio on a few deals, then two lost deals
to their proofs, bounded by positions, not by time, so that it does the same work on every
machine; its deals are past the benchmark's (deals 1-2 000, the held-out runs included), so
the build is not trained on what it is measured on.

>>> summary = train(deals=1, max_positions=2_000, lost_deals=False)
>>> summary["KL1-D1N"] > 0 and summary["SS1-S4"] > 0
True
"""

from __future__ import annotations

import sys

from ..codes import ALL_VARIANTS, parse_variant
from .ranges import solve_deal

FIRST_DEAL = 5_001
"""The workload's deals start here, past the deals the benchmark and the tests use."""

LOST_DEALS = (("KL1-D1N", 5_045), ("KL1-D3N", 5_080))
"""Two lost deals searched to their proofs: a benchmark's time goes mostly to such deals,
whose losses the complete searches of draw 1 with passes prove (KL1-D3N's through its draw-1
relaxation) long after the likely searches found nothing."""


def train(
    *, deals: int = 12, max_positions: int = 200_000, lost_deals: bool = True
) -> dict[str, int]:
    """Solve ``deals`` deals of every variant, each within ``max_positions``, then (with
    ``lost_deals``) :data:`LOST_DEALS`; the positions expanded, per variant."""
    summary = dict.fromkeys((str(variant) for variant in ALL_VARIANTS), 0)
    searches = [
        (code, deal, max_positions)
        for code in summary
        for deal in range(FIRST_DEAL, FIRST_DEAL + deals)
    ]
    if lost_deals:
        searches += [(code, deal, 2_000_000) for code, deal in LOST_DEALS]
    for code, deal, bound in searches:
        # The wall-clock bound only guards a very slow machine; positions bound the work.
        outcome = solve_deal(parse_variant(code), deal, seconds=600.0, max_positions=bound)
        summary[code] += outcome.positions
    return summary


def main() -> None:
    """Run the workload and print what it searched."""
    summary = train()
    print(" ".join(f"{code} {positions}" for code, positions in summary.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
