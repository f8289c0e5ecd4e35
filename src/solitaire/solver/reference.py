"""The plain search on the engine's own rules: every legal move (``legal_moves`` and
``apply`` of :mod:`solitaire.games`), nothing pruned, no safe moves, each position by its
exact value.

It is the judge the C search of Klondike and Easy Harp is checked against (tests/solver), and
the solver's search of a position the C search cannot take: a package installed without a C
compiler, or a typed-in column too long for it. It is complete — when it runs dry, every
position reachable from the start has been seen, so "no win" is a proof — but it knows only
what the rules say, so in the same time it decides far fewer deals.

>>> from solitaire.layout import parse_layout
>>> from solitaire.solver.budget import Budget
>>> ranks = "A23456789TJQK"
>>> layout = "game: KL1-D1N\\n" + "".join(
...     f"f{i}: {' '.join(r + s for r in ranks)}\\n" for i, s in enumerate("SHD", 1)
... ) + "f4: " + " ".join(r + "C" for r in ranks[:11]) + "\\nt1: [KC] QC\\n"
>>> [str(move) for move in search(parse_layout(layout), Budget(5.0))]
['t1-f4', 't1-f4']
"""

from __future__ import annotations

from ..games import rules_for
from ..moves import Move, is_foundation
from ..position import Position
from .best_first import best_first
from .budget import Budget


def cards_to_play(position: Position) -> int:
    """The estimate: cards not on a foundation, face-down cards counting twice (lower is
    nearer a win)."""
    return sum(
        len(pile) + pile.down for pile_id, pile in position.items() if not is_foundation(pile_id)
    )


def search(position: Position, budget: Budget) -> list[Move] | None:
    """A winning list of moves, or None once every reachable position has been seen.

    Raises :class:`~solitaire.solver.budget.OutOfBudget` when the budget runs out first.
    """
    rules = rules_for(position.variant)

    def successors(current: Position) -> list[tuple[Move, Position]]:
        return [(move, rules.apply(current, move).position) for move in rules.legal_moves(current)]

    return best_first(
        position,
        key=lambda current: current,
        successors=successors,
        estimate=cards_to_play,
        is_goal=rules.is_won,
        budget=budget,
    )
