"""The Klondike and Easy Harp search: the plan of each game (its portfolio of best-first
searches), run by the C search, within the solver's budget.

A portfolio's searches take turns of 2 048 positions each (times their turns), each with
its own table and queue, until one wins, a complete one runs dry (a proof) or the budget runs
out (docs/solver.md, "Portfolios"). A search is ``(level, weight of a step, turns)``: the
likely moves or every move (:data:`LIKELY`, :data:`COMPLETE`; :data:`UNCHAINED`: every move
without the free chains), or every move of the same game dealt one card at a time
(:data:`DRAW_ONE`, draw 3's relaxation: it proves losses only), or every move of the same
position with the talon's aces up (:data:`ACES_UP`, another relaxation);
greedy search (weight 0) or weighted A* (each step from the start adds the weight to the
estimate).

>>> from solitaire.codes import parse_code
>>> from solitaire.games import rules_for
>>> code = parse_code("KL1-D1N-AAAAAAB")
>>> moves = search(rules_for(code.variant).deal(code.deal), Budget(10.0))
>>> moves is not None and len(moves) > 52
True
"""

from __future__ import annotations

import time

from ..codes import GameId
from ..moves import Move
from ..position import Position
from . import reference, stock_bridge
from .budget import Budget, OutOfBudget
from .stock_bridge import (
    ACES_UP,
    COMPLETE,
    DRAW_ONE,
    DRAW_ONE_LIKELY,
    LIKELY,
    NOVELTY,
    NOVELTY_BY_PROGRESS,
    UNCHAINED,
    Config,
)
from .stock_moves import to_moves
from .stock_position import StockTable, state_of

Portfolio = tuple[Config, ...]

KLONDIKE_GREEDY_LEAVES_AFTER = 200_000
"""Klondike draw 1 with passes (KL1-D1N): once its portfolio has expanded this many positions
undecided, the greedy search of the likely moves leaves the turns to the other two. Its wins
come early or not at all: over deals 1-3 000, every deal it wins before the others is won
within 42 000 positions of the portfolio (KL1-D1N 1634 in 52; without it, only after 1.48
million with the focus at 1.5 million), so a lost deal's proof need not share the turns
with it past that
(docs/solver-figures.md, 2026-12-07)."""

KLONDIKE_PORTFOLIOS: tuple[Portfolio, ...] = (
    (
        (LIKELY, 0, 1, 3, 8, 0, 0, KLONDIKE_GREEDY_LEAVES_AFTER),
        (LIKELY, 2, 2, 3, 8, 0, NOVELTY),
        (COMPLETE, 0, 1),
    ),
)
"""Klondike draw 1 with passes (KL1-D1N): greedy search and weighted A* (weight 2: a step
costs as much as a card going up earns, so the search stops wandering across plateaus; double
turns; novel positions first, so that on a plateau it goes where cards lie as they never lay)
on the likely moves, beside greedy search on every move, which alone can prove a loss and so
runs from the start instead of after them. The greedy search of the likely moves leaves after
:data:`KLONDIKE_GREEDY_LEAVES_AFTER` positions, the weighted one at the focus."""

VEGAS_PORTFOLIOS: tuple[Portfolio, ...] = (((LIKELY, 2, 2), (COMPLETE, 0, 1)),)
"""Klondike draw 3 without passes (KL1-D3V; draw 1 adds a search: VEGAS_DRAW_ONE_PORTFOLIOS):
weighted A* 2 on the likely moves (double turns, the plain order) beside greedy search on
every move. No greedy search of the likely moves: the two likely searches reach the same
positions, and a lost deal's must run dry before the complete search has the turns to
itself; without it every Vegas win stayed, and more lost deals are proved within the
budget. Novel positions first decided no Vegas deal more and lost a late win (KL1-D1V 993,
won at 8 s). (docs/solver-figures.md, 2026-12-06.)"""

VEGAS_DRAW_ONE_PORTFOLIOS: tuple[Portfolio, ...] = (
    ((LIKELY, 2, 4), (COMPLETE, 0, 1), (ACES_UP, 0, 8)),
)
"""Klondike draw 1 without passes (KL1-D1V): weighted A* 2 on the likely moves and greedy
search on every move, as in draw 3, beside the complete search of the same position with the
talon's aces up, a relaxation that proves losses only (left out when no ace lies in the
talon; docs/solver.md, "The talon's aces up"). A lost deal's complete search is often
several times smaller with the aces up, so that search takes eight turns to the likely
search's four and the complete search's one. Every split of the turns measured traded the
deals it proves for lost deals whose own complete search is small and for late wins of the
likely search (docs/solver-figures.md, 2026-12-06, evening)."""

DRAW_THREE_SCOUT_LEAVES_AFTER = 1_000_000
"""Klondike draw 3 with passes (KL1-D3N): the draw-1 scout (:data:`DRAW_ONE_LIKELY`) leaves the
turns once the portfolio has expanded this many positions. Its wins come early or not at
all, and on a deal lost in draw 1, which it cannot prove, it would take turns from the proof
to the end (the figures: docs/solver-figures.md, 2026-12-07)."""

DRAW_THREE_PORTFOLIOS: tuple[Portfolio, ...] = (
    (
        (DRAW_ONE_LIKELY, 2, 1, 3, 8, 0, NOVELTY, DRAW_THREE_SCOUT_LEAVES_AFTER),
        (LIKELY, 0, 1),
        (LIKELY, 2, 3, 3, 8, 0, NOVELTY),
        (COMPLETE, 0, 1),
        (DRAW_ONE, 0, 12),
    ),
)
"""Klondike draw 3 with passes (KL1-D3N): Klondike's plan, beside the complete search of the
same game dealt one card at a time, a relaxation that proves losses only (every draw-3 game
is a draw-1 game, docs/solver.md) and is far smaller than the draw-3 game's own: the draw-1
talon is left out of the key and its cards wait until needed. It takes twelve turns to the
others' one, three and one: it leaves them as soon as it wins (most deals won in draw 3 are won
in draw 1 at once), while proving a loss in draw 1 takes far more positions. The cost: on a
deal it wins only late, the likely searches have fewer turns until then, so their wins come
later. Its scout, weighted A* 2 on the likely moves of the same draw-1 game (novel positions
first, as in KL1-D1N's portfolio, one turn), wins most of those deals far sooner, and every
draw-1 search leaves with its win (docs/solver-figures.md has the figures). Weighted A* 2 on
the likely moves takes three turns here, not two: on a deal lost in draw 3 and won in draw 1
the likely searches must run dry before the draw-3 complete search has the turns to itself,
and the first to run dry, weighted A*, takes the greedy one with it; with three turns to the
greedy one's one, the greedy search has spent a third of that instead of a half."""

EASY_HARP_PORTFOLIOS: tuple[Portfolio, ...] = (
    (
        (COMPLETE, 0, 1),
        (LIKELY, 0, 1),
        (LIKELY, 4, 2, 3, 8, 0, NOVELTY_BY_PROGRESS),
        (UNCHAINED, 3, 2, 3, 8, 6, NOVELTY_BY_PROGRESS),
    ),
)
"""Easy Harp's: greedy search on every move, which wins most deals almost at once; greedy
search and weighted A* 4 (double turns) on the likely moves, which plan (a card off a column
onto a chain of talon cards, one step) and win most of the positions a player's game gone
astray leaves; and weighted A* 3 on every move (double turns, the cards over the next cards a
foundation takes weighing 6), which wins positions the others wander past (EH1-N 1 180). Both
weighted searches take novel positions first, counted among the positions of the same
progress (:data:`~.stock_bridge.NOVELTY_BY_PROGRESS`): counted among those of the same
estimate (:data:`~.stock_bridge.NOVELTY`) they left more positions met mid-game undecided.
Two more weighted A* searches and greedy search weighing a face-down card 0, all on every
move, left the portfolio when the likely moves learned to plan: without them, the same deals
won and as many positions met mid-game (docs/solver-figures.md, 2026-12-05)."""


KLONDIKE_FOCUS_AFTER = 1_200_000
"""Klondike draw 1 with passes (KL1-D1N): once its portfolio has expanded this many positions
undecided, the likely searches leave the turns and the complete search goes on alone, with
their memory. A deal undecided that long is mostly lost, which only the complete search can
prove, or a win the likely moves miss. Set past the latest win the likely searches find
among deals 1-3 000 (795, after 1.09 million positions once the greedy one leaves at
:data:`KLONDIKE_GREEDY_LEAVES_AFTER`), so that every lost deal's proof starts as early as
that allows. Counted in positions, not time, so verdicts do not depend on the machine; the
1 s of the winnable light does not reach it. Not in Vegas nor in Easy Harp, whose likely
searches win deals later than that; KL1-D3N has its own, later (docs/solver-figures.md,
2026-12-05 to 2026-12-07)."""


DRAW_THREE_FOCUS_AFTER = 5_000_000
"""Klondike draw 3 with passes (KL1-D3N): the same focus, later, since its likely searches win
some deals later, the more so since the draw-1 relaxation's scout gives them the turns the
relaxation wandered with (held-out deals 3585 and 3695 are among those late wins). Past it
the draw-1 relaxation, which alone proves most of KL1-D3N's hard losses, and the draw-3
complete search keep the turns; without it, the losses only the draw-3 complete search
proves come late (KL1-D3N 1147). The figures: docs/solver-figures.md, 2026-12-05 and
2026-12-07."""


def search(position: Position, budget: Budget) -> list[Move] | None:
    """A winning list of moves from ``position``, or None when it is proved lost.

    Raises :class:`~solitaire.solver.budget.OutOfBudget` when the budget runs out first.
    """
    state = state_of(position)
    if not (stock_bridge.BUILT and stock_bridge.fits(state)):
        return reference.search(position, budget)
    table = StockTable.for_variant(position.variant)
    focus_after = -1
    if position.variant.game is GameId.EASY_HARP:
        portfolios = EASY_HARP_PORTFOLIOS
    elif table.draw == 3 and table.redeal:
        portfolios = DRAW_THREE_PORTFOLIOS
        focus_after = DRAW_THREE_FOCUS_AFTER
    elif table.redeal:  # draw 1 with passes
        portfolios = KLONDIKE_PORTFOLIOS
        focus_after = KLONDIKE_FOCUS_AFTER
    elif table.draw == 1:
        portfolios = VEGAS_DRAW_ONE_PORTFOLIOS
    else:
        portfolios = VEGAS_PORTFOLIOS
    for configs in portfolios:
        status, positions, atoms = stock_bridge.search(
            state,
            table,
            configs,
            seconds=max(0.0, budget.deadline - budget.clock()),
            cpu_clock=budget.clock is time.process_time,
            max_positions=budget.positions_left(),
            focus_after=focus_after,
        )
        budget.add(positions)
        if status == stock_bridge.WON:
            assert atoms is not None
            return to_moves(atoms)
        if status == stock_bridge.PROVED_LOST:
            return None
        if status == stock_bridge.OUT_OF_BUDGET:
            raise OutOfBudget(f"{budget.positions} positions")
        # ALL_DRY: the likely moves hold no win; on to the next portfolio.
    raise AssertionError("the last portfolio holds a complete search")
