"""The Klondike and Easy Harp search (stock_search.py and the C search it runs) against the
engine's own rules: verdicts on small positions against the plain search of the real rules
(reference.py), wins of whole deals replayed, the portfolios, the sound reductions."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

import pytest
from bench.rule_check import complete_alone, search_alone, with_and_without

from solitaire.codes import GameCode, parse_code, parse_variant
from solitaire.games import rules_for
from solitaire.layout import format_layout, parse_layout
from solitaire.levels.player import plain_game
from solitaire.position import Position
from solitaire.solver import Verdict, reference, solve, stock_bridge, stock_position
from solitaire.solver.budget import Budget, OutOfBudget
from solitaire.solver.stock_bridge import (
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
from solitaire.solver.stock_position import StockTable, state_of
from solitaire.solver.stock_search import (
    DRAW_THREE_FOCUS_AFTER,
    DRAW_THREE_PORTFOLIOS,
    EASY_HARP_PORTFOLIOS,
    KLONDIKE_FOCUS_AFTER,
    KLONDIKE_GREEDY_LEAVES_AFTER,
    KLONDIKE_PORTFOLIOS,
    VEGAS_DRAW_ONE_PORTFOLIOS,
    VEGAS_PORTFOLIOS,
)

from .player_positions import plain_players_position, plain_players_positions
from .stock_samples import (
    RANKS,
    SUITS,
    locked_from_the_start,
    low_cards_up,
    small_position,
    small_position_with_a_talon_ace,
)


def deal(code: str) -> Position:
    parsed = parse_code(code)
    return rules_for(parsed.variant).deal(parsed.deal)


def _by_the_engine(position: Position, limit: int) -> Verdict:
    """The plain search of the real rules, to its end or ``limit`` positions."""
    try:
        found = reference.search(position, Budget(600.0, limit))
    except OutOfBudget:
        return Verdict.UNKNOWN
    return Verdict.NOT_WINNABLE if found is None else Verdict.WINNABLE


def _numbered(variant: str, label: str, number: int, low: int, waste_weight: int) -> Position:
    """Small position ``number`` of a test's sample: each drawn by its own fixed seed, so that
    a test can pass over the numbers the plain search does not decide (they check nothing)
    without drawing them."""
    return small_position(variant, random.Random(f"{variant} {label} {number}"), low, waste_weight)


AGREES_SAMPLES = {
    "KL1-D1N": range(20),
    "KL1-D3N": range(20),
    "EH1-N": range(20),
    # Numbers 0-71 (KL1-D3V: 0-59, and the lost ones of 60-219) less those the plain search
    # does not decide within 3 000 positions; numbers 28 and 56 of KL1-D3V have face-up cards
    # that do not lie as the rules build (RUNS_WAIT once called them lost).
    "KL1-D1V": [n for n in range(72) if n not in {24, 27, 30, 43, 50, 63}],
    "KL1-D3V": [n for n in range(60) if n not in {11, 18, 22, 36, 37, 39, 40, 45}] + [94, 147],
}


@pytest.mark.parametrize(
    ("variant", "low", "waste_weight", "losses"),
    [
        ("KL1-D1N", 6, 0, 0),
        ("KL1-D3N", 6, 0, 0),
        ("EH1-N", 9, 0, 0),
        ("KL1-D1V", 7, 30, 4),
        ("KL1-D3V", 7, 20, 4),
    ],
)
@pytest.mark.slow
def test_the_search_agrees_with_the_real_rules_on_small_positions(
    variant: str, low: int, waste_weight: int, losses: int
) -> None:
    """On small positions (a few dozen cards left), the solver's verdict is the verdict of the
    plain search of the real rules (every legal move, nothing pruned, no safe moves) run to
    its end: wins and proved losses alike (every win of the solver is also replayed through
    the real rules by solve). The samples (AGREES_SAMPLES) are those the plain search decides
    within 3 000 positions; positions locked from the start are left out (the deadlock tests
    check those). The Vegas samples hold losses the search proves by running dry."""
    searched: list[Verdict] = []
    for number in AGREES_SAMPLES[variant]:
        position = _numbered(variant, "small", number, low, waste_weight)
        if locked_from_the_start(position):
            continue
        result = solve(position, seconds=30, cpu_time=True)
        judge = _by_the_engine(position, 3_000)
        assert judge is not Verdict.UNKNOWN, number  # the sample holds decided ones only
        assert result.verdict is judge, (number, position)
        searched.append(judge)
    assert len(searched) >= 15
    assert Verdict.WINNABLE in searched
    assert searched.count(Verdict.NOT_WINNABLE) >= losses


@pytest.mark.parametrize(
    "code", ["KL1-D1N-AAAAAFD", "KL1-D3N-AAAAAAN", "KL1-D1V-AAAAABX", "EH1-N-AAAAAAL"]
)
def test_the_search_wins_whole_deals_through_the_real_rules(code: str) -> None:
    # Wins of a few thousand to a few hundred thousand positions: the C search's moves, in
    # the game's own order of columns and places (Easy Harp's two decks included), replay.
    result = solve(deal(code), seconds=60, cpu_time=True)
    assert result.verdict is Verdict.WINNABLE
    assert result.moves


def test_the_weighted_estimate_wins_easy_harp_deals_the_plain_one_left_undecided() -> None:
    # EH1-N deal 9 was unknown after 10 s with the plain estimate; weighing the cards that
    # lie on face-down cards wins it at once.
    result = solve(deal("EH1-N-AAAAAAJ"), seconds=60, max_positions=10_000, cpu_time=True)
    assert result.verdict is Verdict.WINNABLE


@pytest.mark.parametrize("deal_letters", ["AAAAABE", "AAAAACJ", "AAAAAEC", "AAAAABL"])
def test_deals_locked_from_the_start_are_lost_without_a_search(deal_letters: str) -> None:
    # KL1-D1N deals 30, 61 and 106: in deal 61, 5♦ and 5♥ lie on 3♦ and A♥ and both need a
    # black 6, which needs a red 7: 7♦ and 7♥ lie under them. Deal 37: the 8♠ and the T♠
    # lie on the cards they would need.
    position = deal(f"KL1-D1N-{deal_letters}")
    table = StockTable.for_variant(position.variant)
    _, settled = stock_bridge.settle(state_of(position), table)
    assert stock_bridge.stuck_places(settled, table)
    result = solve(position, seconds=10)
    assert (result.verdict, result.positions) == (Verdict.NOT_WINNABLE, 0)


def test_a_column_too_long_for_the_c_search_is_searched_with_the_real_rules() -> None:
    # Every card in one column, the aces on top: the C search keeps room for 40 cards a
    # column at most, so the plain search plays it (every card goes up in turn).
    cards = [r + s for s in SUITS for r in RANKS]
    column = list(reversed(cards))
    position = parse_layout(
        "game: KL1-D1N\nt1: " + " ".join(f"[{c}]" for c in column[:-1]) + f" {column[-1]}\n"
    )
    assert not stock_bridge.fits(state_of(position))
    result = solve(position, seconds=30)
    assert result.verdict is Verdict.WINNABLE
    assert len(result.moves) == 52


def test_without_the_c_search_the_solver_plays_the_real_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A package installed without a C compiler: the same verdicts, from the plain search.
    rng = random.Random("no compiler")
    positions = [small_position("KL1-D3V", rng, 8, 8) for _ in range(6)]
    with_c = [solve(position, seconds=30).verdict for position in positions]
    monkeypatch.setattr(stock_bridge, "BUILT", False)
    without = [solve(position, seconds=60) for position in positions]
    assert [result.verdict for result in without] == with_c
    assert all(result.positions > 0 for result in without)


def _c_search(
    code: str, configs: tuple[Config, ...], max_positions: int = 2_000_000
) -> tuple[int, int]:
    """Run one portfolio alone on a deal: (status, positions)."""
    position = deal(code)
    status, positions, atoms = stock_bridge.search(
        state_of(position),
        StockTable.for_variant(position.variant),
        configs,
        seconds=30.0,
        cpu_clock=True,
        max_positions=max_positions,
    )
    assert (atoms is not None) == (status == stock_bridge.WON)
    return status, positions


def test_the_portfolios_hold_a_complete_search() -> None:
    # Only a complete search proves a loss: every plan ends with one.
    for portfolios in (
        KLONDIKE_PORTFOLIOS,
        VEGAS_DRAW_ONE_PORTFOLIOS,
        VEGAS_PORTFOLIOS,
        DRAW_THREE_PORTFOLIOS,
        EASY_HARP_PORTFOLIOS,
    ):
        assert any(config[0] == COMPLETE for config in portfolios[-1])


def test_a_portfolio_of_likely_searches_that_all_run_dry_proves_nothing() -> None:
    # KL1-D1V deal 390: the likely moves run out after some 9 000 positions (no proof);
    # beside a complete search the same portfolio goes on to its budget.
    likely = ((LIKELY, 0, 1), (LIKELY, 4, 1))
    status, positions = _c_search("KL1-D1V-AAAAAPA", likely)
    assert status == stock_bridge.ALL_DRY
    assert 0 < positions < 10_000
    status, positions = _c_search("KL1-D1V-AAAAAPA", ((COMPLETE, 0, 1), *likely), 50_000)
    assert (status, positions) == (stock_bridge.OUT_OF_BUDGET, 50_000)


def test_when_one_likely_search_runs_dry_the_others_stop_with_it() -> None:
    # Searches of one level reach the same positions: once one has expanded them all, the
    # other can only repeat it. Together they stop sooner than one after the other would.
    greedy, weighted = (LIKELY, 0, 1), (LIKELY, 4, 1)
    status_alone, greedy_alone = _c_search("KL1-D1V-AAAAABR", (greedy,))
    _, weighted_alone = _c_search("KL1-D1V-AAAAABR", (weighted,))
    status, together = _c_search("KL1-D1V-AAAAABR", (greedy, weighted))
    assert status == status_alone == stock_bridge.ALL_DRY
    assert greedy_alone == weighted_alone  # the same positions, in another order
    # (Here the greedy search runs dry within its first turn: the other never starts.)
    assert greedy_alone <= together < greedy_alone + weighted_alone


DRAW_ONE_SAMPLES = {
    # Numbers 0-89 less those the plain search does not decide within 3 000 positions.
    "KL1-D3V": [n for n in range(90) if n not in {2, 9, 11, 30, 34, 35, 39, 51, 58, 61}],
    "KL1-D3N": range(40),
}


@pytest.mark.parametrize(
    ("variant", "low", "waste_weight", "losses"),
    [("KL1-D3V", 7, 20, 4), ("KL1-D3N", 7, 0, 0)],
)
@pytest.mark.slow
def test_a_draw_one_search_that_runs_dry_proves_the_draw_three_game_lost(
    variant: str, low: int, waste_weight: int, losses: int
) -> None:
    """Every draw-3 game is a draw-1 game (docs/solver.md, "Draw 3 played one card at a
    time"): the draw-1 search running dry proves the draw-3 position lost. Checked against the
    plain search of the real draw-3 rules run to its end, on small positions it decides within
    3 000 positions (DRAW_ONE_SAMPLES): every loss the draw-1 search proves is a loss of the
    real rules, and where those win, the draw-1 search never calls the position lost (its own
    wins it does not report). The Vegas sample holds losses both prove."""
    positions = (
        (number, _numbered(variant, "one at a time", number, low, waste_weight))
        for number in DRAW_ONE_SAMPLES[variant]
    )
    judged = _relaxation_judged(DRAW_ONE, positions)
    assert len(judged) >= 25
    assert [proved for proved, _ in judged].count(True) >= losses


def _relaxation_judged(
    level: int, positions: Iterable[tuple[int, Position]]
) -> list[tuple[bool, Verdict]]:
    """Each numbered position not locked from the start, searched by the relaxation at
    ``level`` alone and judged by the plain search of the real rules run to its end (within
    3 000 positions: the samples hold decided ones only): the relaxation never reports a win,
    and every loss it proves is a loss of the real rules. Whether it proved a loss, and the
    real verdict, for each."""
    judged: list[tuple[bool, Verdict]] = []
    for number, position in positions:
        if locked_from_the_start(position):
            continue
        status, _, atoms = stock_bridge.search(
            state_of(position),
            StockTable.for_variant(position.variant),
            ((level, 0, 1),),
            seconds=30.0,
            cpu_clock=True,
            max_positions=-1,
        )
        assert status in (stock_bridge.PROVED_LOST, stock_bridge.ALL_DRY)
        assert atoms is None
        judge = _by_the_engine(position, 3_000)
        assert judge is not Verdict.UNKNOWN, number
        proved = status == stock_bridge.PROVED_LOST
        assert not proved or judge is Verdict.NOT_WINNABLE, (number, format_layout(position))
        judged.append((proved, judge))
    return judged


def test_a_win_one_card_at_a_time_is_no_win_of_draw_three() -> None:
    # KL1-D3N deal 19: won in draw 1, lost in draw 3 (its complete search runs dry at once).
    # The draw-1 search alone stops at its win without claiming one; beside the complete
    # search the portfolio proves the loss.
    assert _c_search("KL1-D3N-AAAAAAT", ((DRAW_ONE, 0, 1),))[0] == stock_bridge.ALL_DRY
    status, _ = _c_search("KL1-D3N-AAAAAAT", ((DRAW_ONE, 0, 1), (COMPLETE, 0, 1)))
    assert status == stock_bridge.PROVED_LOST
    assert solve(deal("KL1-D1N-AAAAAAT"), seconds=30).verdict is Verdict.WINNABLE


DRAW_ONE_SCOUT: Config = (DRAW_ONE_LIKELY, 2, 1, 3, 8, 0, NOVELTY)


def test_the_draw_one_scouts_win_ends_the_relaxation() -> None:
    """KL1-D3N deal 906 is won in draw 1, but the draw-1 complete search wanders without
    finding the win for hundreds of thousands of positions, taking turns from the draw-3
    searches all along. The scout, the draw-1 likely moves, wins within a few thousand, and
    every draw-1 search leaves with it: a relaxation won can prove nothing. Alone, the two
    then end with no verdict (every search gone, none ran dry)."""
    relaxation: Config = (DRAW_ONE, 0, 12)
    alone = _c_search("KL1-D3N-AAAABIW", (relaxation,), 200_000)
    assert alone == (stock_bridge.OUT_OF_BUDGET, 200_000)
    status, positions = _c_search("KL1-D3N-AAAABIW", (DRAW_ONE_SCOUT, relaxation), 200_000)
    assert status == stock_bridge.ALL_DRY
    assert positions < 20_000


def test_the_draw_one_scout_proves_nothing_and_leaves_the_proof_to_the_relaxation() -> None:
    """KL1-D3N deal 410 is lost in draw 1: the scout alone runs dry with no verdict, and
    beside it the draw-1 complete search runs dry too, which proves the draw-3 deal lost."""
    status, _ = _c_search("KL1-D3N-AAAAAPU", (DRAW_ONE_SCOUT,))
    assert status == stock_bridge.ALL_DRY
    status, _ = _c_search("KL1-D3N-AAAAAPU", (DRAW_ONE_SCOUT, (DRAW_ONE, 0, 1)))
    assert status == stock_bridge.PROVED_LOST
    # A deal won in draw 1 and lost in draw 3 (19): the draw-3 complete search proves it.
    status, _ = _c_search("KL1-D3N-AAAAAAT", (DRAW_ONE_SCOUT, (DRAW_ONE, 0, 1), (COMPLETE, 0, 1)))
    assert status == stock_bridge.PROVED_LOST


def test_the_draw_one_scout_needs_the_draw_one_rules() -> None:
    position = deal("KL1-D3N-AAAAAAT")
    table = StockTable.for_variant(position.variant)
    search = stock_bridge._module().search
    with pytest.raises(ValueError, match="needs the draw_one rules"):
        search(state_of(position), table.as_tuple(), (DRAW_ONE_SCOUT,), 10.0, True, -1, 10**7)


@pytest.mark.slow
def test_a_draw_three_deal_lost_one_card_at_a_time_is_proved_lost() -> None:
    """KL1-D3N deal 174: the draw-1 search runs dry (about a million positions), and the
    draw-3 complete search alone does not within as many positions: the relaxation proves
    what the draw-3 search takes longer to."""
    status, positions = _c_search("KL1-D3N-AAAAAGS", ((DRAW_ONE, 0, 1),))
    assert status == stock_bridge.PROVED_LOST
    complete = _c_search("KL1-D3N-AAAAAGS", ((COMPLETE, 0, 1),), positions)
    assert complete == (stock_bridge.OUT_OF_BUDGET, positions)


def test_a_draw_one_search_needs_the_same_game_dealt_one_at_a_time() -> None:
    position = deal("KL1-D3N-AAAAAAT")
    table = StockTable.for_variant(position.variant)
    search = stock_bridge._module().search
    args = (state_of(position), table.as_tuple(), ((DRAW_ONE, 0, 1),), 10.0, True, -1, 10**7)
    with pytest.raises(ValueError, match="draw_one"):
        search(*args)
    vegas = StockTable.for_variant(parse_variant("KL1-D1V"))
    with pytest.raises(ValueError, match="one card at a time"):
        search(*args, vegas.as_tuple())
    assert search(*args, table.dealt_one_at_a_time().as_tuple())[0] == stock_bridge.ALL_DRY


def test_an_aces_up_search_that_runs_dry_proves_the_vegas_deal_lost_sooner() -> None:
    """KL1-D1V deal 34: the search with the talon's aces up (docs/solver.md, "The talon's
    aces up") runs dry in a fraction of the positions the complete search of the deal takes
    to, and that proves the deal lost; beside it in a portfolio, it ends the search."""
    aces_up = _c_search("KL1-D1V-AAAAABI", ((ACES_UP, 0, 1),))
    complete = _c_search("KL1-D1V-AAAAABI", ((COMPLETE, 0, 1),))
    assert aces_up[0] == complete[0] == stock_bridge.PROVED_LOST
    assert aces_up[1] * 2 < complete[1]
    both = _c_search("KL1-D1V-AAAAABI", ((COMPLETE, 0, 1), (ACES_UP, 0, 1)))
    assert both[0] == stock_bridge.PROVED_LOST
    assert both[1] < complete[1]
    assert solve(deal("KL1-D1V-AAAAABI"), seconds=30).verdict is Verdict.NOT_WINNABLE


def test_a_win_with_the_talon_aces_up_is_no_win() -> None:
    # KL1-D1V deal 17: lost, but won with its talon's aces up. The aces-up search alone stops
    # at its win without claiming one; beside it the complete search proves the loss.
    assert _c_search("KL1-D1V-AAAAAAR", ((ACES_UP, 0, 1),))[0] == stock_bridge.ALL_DRY
    status, _ = _c_search("KL1-D1V-AAAAAAR", ((ACES_UP, 0, 1), (COMPLETE, 0, 1)))
    assert status == stock_bridge.PROVED_LOST


def test_with_no_ace_in_the_talon_the_aces_up_search_is_left_out() -> None:
    # KL1-D1V deal 45: its four aces lie in the columns. The aces-up search would be the
    # complete search again, so it does not run: alone, nothing runs and nothing is proved.
    assert not _talon_aces(deal("KL1-D1V-AAAAABT"))
    assert _c_search("KL1-D1V-AAAAABT", ((ACES_UP, 0, 1),)) == (stock_bridge.ALL_DRY, 0)


def _talon_aces(position: Position) -> set[str]:
    """The suits whose ace lies in the stock or the waste."""
    talon = (*position.pile("s").cards, *position.pile("w").cards)
    return {card.suit.value for card in talon if card.rank == 1}


def test_an_aces_up_search_needs_a_game_dealt_one_card_at_a_time() -> None:
    # Draw 3: with cards left out of the talon, the taps turn other cards up together, so the
    # game with the aces up is no relaxation of the game given.
    with pytest.raises(ValueError, match="ACES_UP search needs a game dealt one card at a"):
        _c_search("KL1-D3V-AAAAAAB", ((ACES_UP, 0, 1),))


# Numbers 0-79 less those the plain search does not decide within 3 000 positions.
ACES_UP_SAMPLES = [
    n
    for n in range(80)
    if n not in {2, 3, 7, 9, 10, 11, 14, 16, 17, 18, 19, 20, 21, 23, 25, 29, 32, 34, 36, 39}
    and n not in {44, 49, 56, 57, 59, 60, 61, 63, 64, 66, 69, 76, 77}
]


@pytest.mark.slow
def test_an_aces_up_search_that_runs_dry_proves_the_position_lost_on_small_positions() -> None:
    """The talon's aces up is a relaxation (docs/solver.md, "The talon's aces up"): checked
    against the plain search of the real rules run to its end, on small Vegas positions with
    an ace in the talon that it decides within 3 000 positions (ACES_UP_SAMPLES): every loss
    the aces-up search proves is a loss of the real rules, and where those win, the aces-up
    search never calls the position lost. The sample holds losses both prove."""
    positions = (
        (
            number,
            small_position_with_a_talon_ace("KL1-D1V", random.Random(f"talon aces {number}"), 9, 8),
        )
        for number in ACES_UP_SAMPLES
    )
    judged = _relaxation_judged(ACES_UP, positions)
    assert len(judged) >= 25
    assert [verdict for _, verdict in judged].count(Verdict.WINNABLE) >= 2
    assert [proved for proved, _ in judged].count(True) >= 15


@pytest.mark.parametrize("deal", [3905, 4229])
def test_draw_three_s_likely_put_backs_win_deals_its_likely_searches_wander_on(
    deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LIKELY_BACKS in draw 3 with passes (docs/solver.md, "Likely and complete moves"): the
    held-out KL1-D3N deals 3905 and 4229 are won within 7 000 positions with the put-backs,
    and are still undecided after 50 000 without them (they take 836 377 and 407 378)."""
    position = rules_for(parse_variant("KL1-D3N")).deal(deal)
    assert StockTable.for_variant(position.variant).likely_backs
    found = solve(position, seconds=600, max_positions=50_000)
    assert found.verdict is Verdict.WINNABLE and found.positions < 7_000
    monkeypatch.setattr(stock_position, "LIKELY_BACKS", False)
    assert solve(position, seconds=600, max_positions=50_000).verdict is Verdict.UNKNOWN


@pytest.mark.slow
def test_easy_harp_s_weighted_searches_win_a_deal_the_greedy_ones_do_not() -> None:
    # EH1-N 1 180 (never tuned on): weighted A* 3 on every move (the cards over the next
    # cards weighing 6; without the free chains) and weighted A* 4 on the likely moves, both
    # taking novel positions first by progress, win it within 40 000 positions; neither
    # greedy search (the one on every move with the free chains) does within 100 000.
    portfolio = EASY_HARP_PORTFOLIOS[-1]
    weighted = [config for config in portfolio if config[1]]
    assert (UNCHAINED, 3, 2, 3, 8, 6, NOVELTY_BY_PROGRESS) in weighted and len(weighted) == 2
    assert (COMPLETE, 0, 1) in portfolio
    for config in portfolio:
        status = _c_search("EH1-N-AAAABTK", (config,), 40_000 if config[1] else 100_000)[0]
        assert (status == stock_bridge.WON) == (config in weighted), config


# Deals the plain weighted A* of the likely moves wanders on (more than 1.5 million
# positions each alone) and the same search taking novel positions first wins at once.
NOVELTY_WINS = ("KL1-D1N-AAAAAGI", "KL1-D3N-AAAABJH")


@pytest.mark.parametrize("code", NOVELTY_WINS)
def test_novel_positions_first_cross_a_plateau_the_plain_search_wanders_on(code: str) -> None:
    """NOVELTY (docs/solver.md, "Novelty"): KL1-D1N 164 and KL1-D3N 917 (the latter once
    undecided at 10 s), weighted A* 2 on the likely moves as Klondike's portfolios hold it
    wins within 10 000 positions; the same search without novelty not within 200 000."""
    novel = (LIKELY, 2, 2, 3, 8, 0, NOVELTY)
    assert novel in KLONDIKE_PORTFOLIOS[-1]
    # Draw 3 gives the same search three turns.
    assert (LIKELY, 2, 3, *novel[3:]) in DRAW_THREE_PORTFOLIOS[-1]
    assert _c_search(code, (novel,), 10_000)[0] == stock_bridge.WON
    assert _c_search(code, ((LIKELY, 2, 2),), 200_000)[0] == stock_bridge.OUT_OF_BUDGET


@pytest.mark.parametrize("novelty", [NOVELTY, NOVELTY_BY_PROGRESS])
@pytest.mark.parametrize("code", ["KL1-D1V-AAAAAQK", "KL1-D1V-AAAABDE"])
def test_novelty_changes_the_order_not_the_moves(code: str, novelty: int) -> None:
    """A complete search that runs dry has expanded every position it can reach, in whatever
    order: with novelty (a best-first width search), counted per estimate or per progress, it
    proves the same deal lost after exactly as many positions (KL1-D1V 426 and 758)."""
    plain = _c_search(code, ((COMPLETE, 0, 1),))
    assert plain[0] == stock_bridge.PROVED_LOST
    assert _c_search(code, ((COMPLETE, 0, 1, 3, 8, 0, novelty),)) == plain


@pytest.mark.parametrize(
    ("code", "move", "config"),
    [
        ("EH1-N-AAAAACA", 270, (LIKELY, 4, 2, 3, 8, 0)),
        ("EH1-N-AAAAADW", 140, (UNCHAINED, 3, 2, 3, 8, 6)),
    ],
)
def test_easy_harp_s_novelty_by_progress_wins_where_novelty_per_estimate_wanders(
    code: str, move: int, config: tuple[int, ...]
) -> None:
    """NOVELTY_BY_PROGRESS: the positions the plain player's EH1-N games 52 and 100 reach
    after 270 and 140 moves. Easy Harp's weighted searches as its portfolio holds them win
    within 60 000 positions; with novelty counted per estimate, not within 200 000."""
    assert (*config, NOVELTY_BY_PROGRESS) in EASY_HARP_PORTFOLIOS[-1]
    state = state_of(plain_players_position(code, move))
    table = StockTable.for_variant(parse_variant("EH1-N"))
    for novelty, positions, wins in (
        (NOVELTY_BY_PROGRESS, 60_000, True),
        (NOVELTY, 200_000, False),
    ):
        status, _, _ = stock_bridge.search(
            state,
            table,
            ((*config, novelty),),  # type: ignore[arg-type]
            seconds=30.0,
            cpu_clock=True,
            max_positions=positions,
        )
        assert (status == stock_bridge.WON) == wins, novelty


def test_novelty_is_off_per_estimate_or_by_progress() -> None:
    position = deal("KL1-D1N-AAAAAGI")
    search = stock_bridge._module().search
    table = StockTable.for_variant(position.variant).as_tuple()
    with pytest.raises(ValueError, match="novelty 0, 1 or 2"):
        search(state_of(position), table, ((LIKELY, 2, 2, 3, 8, 0, 3),), 10.0, True, -1, 10**7)


@pytest.mark.slow
def test_easy_harp_s_likely_moves_plan_where_single_moves_wander() -> None:
    # EH1-N deal 58 after 10 moves of the plain player (from the deal itself greedy search
    # wins in 115 positions): greedy search on the likely moves, which lay chains of talon
    # cards under a column's card in one step, wins within 10 000 positions; greedy search
    # on every move does not within 300 000 (each talon card laid alone changes nothing the
    # estimate sees).
    state = state_of(plain_players_position("EH1-N-AAAAACG", 10))
    table = StockTable.for_variant(parse_variant("EH1-N"))
    assert (LIKELY, 0, 1) in EASY_HARP_PORTFOLIOS[-1]
    for config, positions, wins in (
        ((LIKELY, 0, 1), 10_000, True),
        ((COMPLETE, 0, 1), 300_000, False),
    ):
        status, _, _ = stock_bridge.search(
            state, table, (config,), seconds=60.0, cpu_clock=True, max_positions=positions
        )
        assert (status == stock_bridge.WON) == wins, config


@pytest.mark.slow
def test_weighing_the_cards_over_the_next_cards_up_wins_easy_harp_deals_sooner() -> None:
    # The sixth number of a config: EH1-N 233 is won by weighted A* 2 (face-down cards
    # weighing 6) in 26 924 positions with it at 0, in 4 072 with it at 4; EH1-N 1 180 by
    # weighted A* 3 with it at 6 within 40 000 positions, and not within 200 000 at 0 (each on
    # every move, without the free chains, as the portfolio's weighted A* 3).
    weighed = _c_search("EH1-N-AAAAAIZ", ((UNCHAINED, 2, 1, 6, 8, 4),), 40_000)
    assert weighed == (stock_bridge.WON, 4_072)
    assert _c_search("EH1-N-AAAAAIZ", ((UNCHAINED, 2, 1, 6),), 40_000) == (stock_bridge.WON, 26_924)
    assert _c_search("EH1-N-AAAABTK", ((UNCHAINED, 3, 1, 3, 8, 6),), 40_000)[0] == stock_bridge.WON
    assert _c_search("EH1-N-AAAABTK", ((UNCHAINED, 3, 1),), 200_000)[0] != stock_bridge.WON


def test_the_weight_on_cards_over_face_down_ones_is_easy_harp_s_alone() -> None:
    # One card at a time (EH-2) it changes the search; in Klondike, where runs move whole,
    # the estimate has no such term.
    for code, same in (("EH1-N-AAAAAAT", False), ("KL1-D1N-AAAAAAT", True)):
        plain = _c_search(code, ((UNCHAINED, 1, 1),), 20_000)
        light = _c_search(code, ((UNCHAINED, 1, 1, 3, 4),), 20_000)
        assert (plain == light) == same, code


@pytest.mark.slow
def test_a_search_keeps_within_its_memory_bound() -> None:
    # KL1-D1V deal 104: the complete search runs dry after about 850 000 positions, its
    # stores holding some 90 MB; bounded to 32 MB it ends out of budget, and never merges
    # or drops a position on the way (the same positions up to there).
    position = deal("KL1-D1V-AAAAAEA")
    args = (
        state_of(position),
        StockTable.for_variant(position.variant).as_tuple(),
        ((COMPLETE, 0, 1),),
        60.0,
        True,
    )
    search = stock_bridge._module().search
    status, positions, _ = search(*args, -1, 10**7, None, 32 * 2**20)
    assert status == stock_bridge.OUT_OF_BUDGET
    assert 0 < positions < 850_000
    assert search(*args, positions, 10**7, None, 0)[:2] == (stock_bridge.OUT_OF_BUDGET, positions)
    assert search(*args, -1, 10**7, None, 0)[0] == stock_bridge.PROVED_LOST
    assert stock_bridge.MAX_SEARCH_BYTES < 2**30


def test_a_table_with_no_room_to_double_fills_on() -> None:
    # KL1-D1V deal 5: the complete search proves the loss in 36 263 positions. Its table of
    # 65 536 entries is half full at 32 768 positions; bounded to 2.9 MB, the doubled table
    # (1 MB, beside the old one while it is rehashed) does not fit, so the table fills on to
    # three quarters and the proof comes. A table that could only double stopped there:
    # out of budget at 32 746 positions, up to 3.2 MB.
    position = deal("KL1-D1V-AAAAAAF")
    status, positions, _ = stock_bridge._module().search(
        state_of(position),
        StockTable.for_variant(position.variant).as_tuple(),
        ((COMPLETE, 0, 1),),
        60.0,
        True,
        -1,
        10**7,
        None,
        2900 * 2**10,
    )
    assert (status, positions) == (stock_bridge.PROVED_LOST, 36_263)


def test_a_complete_search_that_runs_dry_is_a_proof() -> None:
    # KL1-D3V deal 6 (AAAAAAG): lost, and the real rules agree (test_solver.py).
    status, positions = _c_search("KL1-D3V-AAAAAAG", ((COMPLETE, 0, 1),))
    assert status == stock_bridge.PROVED_LOST
    assert positions > 0


@pytest.mark.parametrize(
    "configs",
    [
        (),
        ((7, 0, 1),),
        ((1, 0, 0),),
        ((1, 0),),
        ((1, 0, 65),),
        ((2, 0, 1, 17),),
        ((2, 0, 1, 3, 17),),
        ((2, 0, 1, 3, 8, 17),),
        ((2, 0, 1, 3, 8, 0, 0, 0, 0),),
    ],
)
def test_the_c_search_refuses_a_portfolio_it_cannot_run(configs: tuple[object, ...]) -> None:
    position = deal("KL1-D1N-AAAAAAG")
    with pytest.raises((ValueError, TypeError)):
        stock_bridge.search(
            state_of(position),
            StockTable.for_variant(position.variant),
            configs,  # type: ignore[arg-type]
            seconds=1.0,
            cpu_clock=True,
            max_positions=-1,
        )


REDUCTION_SAMPLES = {
    # For each reduction and variant, the numbers of deals (0-59; Easy Harp 0-29; KL1-D3N
    # 0-449, KL1-D1N's kings into emptied columns 0-499: their likely searches win most at
    # once) on which the search with and without the reduction decide within the budget and
    # expand different numbers of positions (the reduction took part): the others check
    # nothing. The wins of the losses-free samples are what would show a wrong reduction (a
    # win called lost).
    ("TALON_WAITS", "KL1-D1N"): [
        n for n in range(60) if n not in {11, 16, 26, 30, 31, 33, 37, 39, 42, 47, 50, 56}
    ],
    ("TALON_WAITS", "EH1-N"): [n for n in range(30) if n not in {5, 21}],
    ("KINGS_FILL_EMPTIED", "KL1-D1N"): [5, 392, 407],
    ("KINGS_FILL_EMPTIED", "KL1-D1V"): [3, 9, 11, 14, 18, 19, 27, 28, 33, 35, 38, 49, 51, 54, 55],
    ("KINGS_FILL_EMPTIED", "KL1-D3V"): [
        *(2, 3, 4, 6, 9, 10, 13, 15, 16, 19, 20, 21, 22, 24, 29, 33),
        *(34, 35, 36, 38, 43, 44, 45, 46, 47, 48, 50, 51, 52, 54, 55, 59),
    ],
    ("RUNS_WAIT", "KL1-D1V"): [
        *(5, 10, 19, 20, 21, 22, 24, 28, 29, 33),
        *(34, 37, 44, 45, 49, 55, 58, 59),
    ],
    ("RUNS_WAIT", "KL1-D3N"): [4, 9, 15, 26, 70, 100, 107, 144, 348, 430],
    ("LOOSE_CARDS", "KL1-D1V"): [2, 4, 14, 17, 20, 22, 24, 26, 27, 28, 32, 36, 37, 44, 58],
}


@pytest.mark.parametrize(
    ("reduction", "variant", "highest", "losses", "budget"),
    [
        ("TALON_WAITS", "KL1-D1N", 3, 0, 150_000),
        ("TALON_WAITS", "EH1-N", 6, 0, 50_000),
        ("KINGS_FILL_EMPTIED", "KL1-D1N", 3, 0, 150_000),
        ("KINGS_FILL_EMPTIED", "KL1-D1V", 5, 5, 300_000),
        ("KINGS_FILL_EMPTIED", "KL1-D3V", 3, 10, 150_000),
        ("RUNS_WAIT", "KL1-D1V", 5, 5, 250_000),
        ("RUNS_WAIT", "KL1-D3N", 3, 2, 40_000),
        ("LOOSE_CARDS", "KL1-D1V", 5, 9, 300_000),
    ],
)
@pytest.mark.slow
def test_a_sound_reduction_loses_no_win(
    reduction: str,
    variant: str,
    highest: int,
    losses: int,
    budget: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search with one of its reductions (TALON_WAITS: talon cards wait until needed;
    KINGS_FILL_EMPTIED: a column emptied whole only with a king going in; RUNS_WAIT: a run
    leaves a face-up card only for its use; LOOSE_CARDS: a card that could come back where it
    lies goes up at once) against the same search without it: the same
    verdicts on real deals with their low cards already up, each deal drawn by its own seed.
    A deal only the reduced search called lost would show a flaw in the argument
    (docs/solver.md). The samples (REDUCTION_SAMPLES) hold the deals on which the reduction
    changes the search and both decide within the budget (in positions: the same every
    run); the Vegas and draw-3 ones hold losses both prove."""
    # The reduction alone: free chains change which positions the samples' searches meet.
    monkeypatch.setattr(stock_position, "FREE_CHAINS", False)
    decided = []
    for number in REDUCTION_SAMPLES[reduction, variant]:
        position = low_cards_up(variant, random.Random(f"{reduction} {variant} {number}"), highest)
        reduced = solve(position, seconds=600, max_positions=budget)
        with monkeypatch.context() as patch:
            patch.setattr(stock_position, reduction, False)
            plain = solve(position, seconds=600, max_positions=budget)
        assert Verdict.UNKNOWN not in (reduced.verdict, plain.verdict), number
        assert reduced.verdict is plain.verdict, (number, position)
        assert reduced.positions != plain.positions, number  # the reduction took part
        decided.append(plain.verdict)
    assert decided.count(Verdict.NOT_WINNABLE) >= losses
    assert Verdict.WINNABLE in decided


def test_each_reduction_applies_where_it_is_sound_and_pays() -> None:
    # Talon cards wait in draw 1 with passes (any talon card can be played at any moment);
    # an emptied column is filled at once in Klondike, every option.
    tables = {
        text: StockTable.for_variant(parse_variant(text))
        for text in ("KL1-D1N", "KL1-D3N", "KL1-D1V", "EH1-N")
    }
    assert [table.talon_waits for table in tables.values()] == [True, False, False, True]
    assert [table.kings_fill for table in tables.values()] == [True, True, True, False]
    # A run leaves a card only for its use with one deck (Klondike), talon waits or not.
    assert [table.runs_wait for table in tables.values()] == [True, True, True, False]
    assert tables["KL1-D3N"].dealt_one_at_a_time().runs_wait
    # Loose cards with one deck where talon cards do not wait (draw 3's draw-1 relaxation
    # keeps the talon waits, and so goes without).
    assert [table.loose_cards for table in tables.values()] == [False, True, True, False]
    assert not tables["KL1-D3N"].dealt_one_at_a_time().loose_cards
    # Free cards only in chains where every talon card can be played at any moment (draw 1
    # with passes, and so draw 3's draw-1 relaxation): one deck with runs moving whole, or two
    # decks one card at a time (talon cards only).
    assert [table.free_chains for table in tables.values()] == [True, False, False, True]
    assert tables["KL1-D3N"].dealt_one_at_a_time().free_chains
    # Waste dominance where waste sizes differ in what the taps reach: more than one card a
    # tap, with passes (without them the waste size follows from the cards played).
    assert [table.waste_dominance for table in tables.values()] == [False, True, False, False]
    assert not tables["KL1-D3N"].dealt_one_at_a_time().waste_dominance


def _fits_and_safe(foundations: bytes, card: int, other_below: int, same_below: int) -> bool:
    """Whether ``card`` fits its (one-deck) foundation and every card of the other colour
    ranked ``other_below`` or more below it, and of its colour ``same_below`` or more below
    it, is up."""
    rank, red = card % 13 + 1, card // 13 in (1, 2)
    if foundations[card // 13] != rank - 1:
        return False
    return all(
        foundations[suit] >= rank - (same_below if (suit in (1, 2)) == red else other_below)
        for suit in range(4)
    )


WIDE_SAFE_SAMPLES = {
    # The numbers whose position has a card safe by the wide rule and not by the narrow one,
    # less those the plain search does not decide within 3 000 positions: KL1-D1N 0-54,
    # KL1-D1V 0-133 (46 and 133 are lost).
    "KL1-D1N": [n for n in range(55) if n not in {26, 32, 34, 41, 44}],
    "KL1-D1V": [
        n for n in range(134) if n not in {12, 22, 44, 57, 78, 82, 89, 96, 98, 111, 118, 128}
    ],
}


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "samples", "losses"), [("KL1-D1N", 12, 0), ("KL1-D1V", 30, 2)])
def test_the_wider_safe_moves_lose_no_win_on_small_positions(
    variant: str, samples: int, losses: int
) -> None:
    """Klondike's safe moves (Solvitaire's rule: the other colour two ranks below up, the
    card's colour three below) send cards up that the older, narrower rule (one and two
    ranks below) kept in play. On small positions where some card that fits its foundation
    is safe by the wide rule and not by the narrow one, the search's verdicts agree with
    the plain search of the real rules (every legal move, no safe moves) run to its end.
    Small positions with passes are seldom lost: the Vegas sample holds the losses. The
    sample (WIDE_SAFE_SAMPLES) holds the positions the plain search decides within 3 000."""
    compared: list[Verdict] = []
    for number in WIDE_SAFE_SAMPLES[variant]:
        rng = random.Random(f"{variant} wide safe moves {number}")
        position = small_position(variant, rng, rng.randint(3, 7), waste_weight=10)
        state = state_of(position)
        table = StockTable.for_variant(position.variant)
        if stock_bridge.stuck_places(stock_bridge.settle(state, table)[1], table):
            continue
        free = [column[-1] for column in state.columns if len(column) > 1]
        free += state.talon
        if not any(
            _fits_and_safe(state.foundations, card, 2, 3)
            and not _fits_and_safe(state.foundations, card, 1, 2)
            for card in free
        ):
            continue
        judge = _by_the_engine(position, 3_000)
        assert judge is not Verdict.UNKNOWN, number  # the sample holds decided ones only
        result = solve(position, seconds=60, cpu_time=True)
        assert result.verdict is judge, (number, position)
        compared.append(judge)
    assert len(compared) >= samples
    assert compared.count(Verdict.NOT_WINNABLE) >= losses
    assert Verdict.WINNABLE in compared


def _complete_alone(position: Position, table: StockTable) -> tuple[Verdict, int]:
    """The complete search alone, to its end: its verdict and the positions it expanded."""
    status, positions = complete_alone(position, table, -1, seconds=60.0)
    assert status in (stock_bridge.WON, stock_bridge.PROVED_LOST)
    return (Verdict.WINNABLE if status == stock_bridge.WON else Verdict.NOT_WINNABLE), positions


RUNS_WAIT_SAMPLES = {
    # The numbers (of 0-399) whose position the rule changes (the complete search expands
    # fewer positions with it) and the plain search decides within 3 000 positions: such
    # positions are rarely lost (KL1-D3V 375 is).
    "KL1-D1V": (9, 34, 78, 98, 128, 156, 297, 349),
    "KL1-D3V": (70, 114, 179, 181, 189, 199, 247, 251, 301, 334, 375),
    "KL1-D3N": (19, 39, 65, 107, 167, 187, 199, 219, 243, 311, 345),
}


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["KL1-D1V", "KL1-D3V", "KL1-D3N"])
def test_a_run_leaves_a_card_only_for_its_use_on_small_positions(variant: str) -> None:
    """RUNS_WAIT (docs/solver.md, "A run leaves a card only for its use") against the plain
    search of the real rules: on small positions where the complete search with the rule
    expands fewer positions than without it (the rule left out moves that mattered), the
    complete search alone with the rule, run to its end, wins exactly where the plain search
    of the real rules (every legal move, no safe moves) wins, and runs dry where it runs dry.
    A wrong rule shows as a position called lost that the real rules win. The sample
    (RUNS_WAIT_SAMPLES) holds positions the plain search decides within 3 000 positions."""
    # The rule alone (loose cards change which positions the sample's numbers hold).
    compared = _small_positions_with_and_without(
        variant, "runs_wait", "runs wait", RUNS_WAIT_SAMPLES[variant], {"loose_cards": False}
    )
    assert Verdict.WINNABLE in compared


def _small_positions_with_and_without(
    variant: str, rule: str, label: str, numbers: tuple[int, ...], table_changes: dict[str, bool]
) -> list[Verdict]:
    """The verdicts of the plain search of the real rules on the small positions ``numbers``
    of a sample (``label``), once each has been checked: the rule (a ``StockTable`` field)
    changes the complete search there, the search alone with it agrees with the real rules,
    and they decide it."""
    compared: list[Verdict] = []
    for number in numbers:
        waste_weight = {"KL1-D1V": 30, "KL1-D3V": 20, "KL1-D3N": 0}[variant]
        position = _numbered(variant, label, number, 7, waste_weight)
        table = replace(StockTable.for_variant(position.variant), **table_changes)
        assert getattr(table, rule) and not locked_from_the_start(position)
        verdict, positions = _complete_alone(position, table)
        _, without = _complete_alone(position, replace(table, **{rule: False}))
        assert positions != without, number  # the rule changes the search here
        judge = _by_the_engine(position, 3_000)
        assert judge is not Verdict.UNKNOWN, number  # the sample holds decided ones only
        assert verdict is judge, (number, position)
        compared.append(judge)
    return compared


LOOSE_SAMPLES = {
    # Numbers (KL1-D1V of 0-199, KL1-D3V of 0-119, KL1-D3N of 0-79) whose position the rule
    # changes (the complete search alone expands another number of positions with it) and the
    # plain search of the real rules decides within 3 000 positions: every loss among them,
    # and the first wins. Small positions of draw 3 with passes are hardly ever lost.
    "KL1-D1V": (18, 34, 36, 84, 101, 147, 175, 0, 7, 8, 9, 15, 20, 23, 27),
    "KL1-D3V": (2, 13, 24, 0, 1, 4, 7, 9, 10, 14, 19),
    "KL1-D3N": (1, 4, 5, 13, 15, 21, 24, 31, 36, 39),
}


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["KL1-D1V", "KL1-D3V", "KL1-D3N"])
def test_loose_cards_lose_no_win_on_small_positions(variant: str) -> None:
    """LOOSE_CARDS (docs/solver.md, "Loose cards": a card that could come back where it
    lies goes up at once, and comes back only in a chain ended by a card going onto it)
    against the plain search of the real rules: on small positions where the rule changes
    the complete search, the complete search alone with it, run to its end, wins exactly
    where the plain search of the real rules wins and runs dry where it runs dry. A wrong
    rule shows as a position called lost that the real rules win."""
    compared = _small_positions_with_and_without(
        variant, "loose_cards", "loose cards", LOOSE_SAMPLES[variant], {}
    )
    assert Verdict.WINNABLE in compared
    assert variant == "KL1-D3N" or compared.count(Verdict.NOT_WINNABLE) >= 3


def _where_a_rule_changes_the_search(
    variant: str, rule: str, label: str, deals: range, every: int, without: tuple[str, ...] = ()
) -> list[Verdict]:
    """The positions the plain player meets in its games of ``deals`` (every ``every``-th
    move, ``label`` and the deal seeding each game), each solved by the complete search
    alone, run to its end within 30 000 positions, with the table's ``rule`` and without it
    (and ``without`` the table's other rules named, in both): the two agree wherever both
    decide (checked here), and the verdicts of the positions where the rule changed the
    search are returned."""
    rules = rules_for(parse_variant(variant))
    table = replace(StockTable.for_variant(rules.variant), **dict.fromkeys(without, False))
    positions = (
        (f"{number}:{move}", position)
        for number in deals
        for move, (position, _) in enumerate(
            plain_game(rules, rules.deal(number), f"{label} {number}"), start=1
        )
        if move % every == 0 and not rules.is_won(position)
    )
    return _changed_verdicts(positions, table, rule, 30_000)


def _changed_verdicts(
    positions: Iterable[tuple[str, Position]], table: StockTable, rule: str, budget: int
) -> list[Verdict]:
    """Each position (named) solved by the complete search alone, run to its end within
    ``budget`` positions, with the table's ``rule`` and without it: the two agree wherever
    both decide (checked here); the verdicts where the rule changed the search."""
    assert getattr(table, rule)
    changed: list[Verdict] = []
    for name, position in positions:
        found = with_and_without(position, table, rule, budget)
        if stock_bridge.OUT_OF_BUDGET in (found[0][0], found[1][0]):
            continue
        assert found[0][0] == found[1][0], (name, format_layout(position))
        if found[0][1] != found[1][1]:
            changed.append(
                Verdict.WINNABLE if found[0][0] == stock_bridge.WON else Verdict.NOT_WINNABLE
            )
    return changed


@pytest.mark.slow
def test_loose_cards_agree_with_the_search_without_them_mid_game() -> None:
    """LOOSE_CARDS on the positions the plain player meets in its games of KL1-D1V deals 1-12
    (every fifth move; Vegas games are mostly lost by its mistakes): the complete search
    alone with the rule, run to its end, agrees with the same search without it, wins and
    losses alike. Whole-deck positions are beyond the plain search of the real rules; the
    search without the rule is the judge here (it is checked against the real rules)."""
    changed = _where_a_rule_changes_the_search(
        "KL1-D1V", "loose_cards", "loose cards", range(1, 13), 5
    )
    # The rule changed the search on some 25 won and 50 lost positions (within 30 000).
    assert changed.count(Verdict.NOT_WINNABLE) >= 40 and changed.count(Verdict.WINNABLE) >= 20


@pytest.mark.slow
def test_a_run_leaves_a_card_only_for_its_use_beside_the_talon_waits() -> None:
    """RUNS_WAIT in draw 1 with passes, where talon cards wait too (docs/solver.md): on the
    positions the plain player meets in its games of KL1-D1N deals 1-6 (many of them lost by
    its mistakes), the complete search alone with the rule, run to its end, agrees with the
    same search without it, wins and losses alike. Small positions of the option are rarely
    lost and the plain search of the real rules does not decide whole-deck positions; the
    search without the rule is the judge here (it is checked against the real rules above)."""
    assert StockTable.for_variant(parse_variant("KL1-D1N")).talon_waits
    # The rule beside the talon waits alone (free chains change which positions it meets).
    changed = _where_a_rule_changes_the_search(
        "KL1-D1N", "runs_wait", "runs wait beside talon waits", range(1, 7), 10, ("free_chains",)
    )
    # The rule changed the search on 34 lost and 47 won positions (within 30 000 positions);
    # 18 more lost ones are decided without a search by the start's blockade check.
    assert changed.count(Verdict.NOT_WINNABLE) >= 30 and changed.count(Verdict.WINNABLE) >= 40


@pytest.mark.slow
def test_free_cards_only_in_chains_agree_with_the_search_without_them_mid_game() -> None:
    """FREE_CHAINS (docs/solver.md, "Free cards only in chains": in draw 1 with passes a
    talon or foundation card goes to a column only in a chain a run from a column then goes
    onto) on the positions the plain player meets in its games of KL1-D1N deals 1-6 (many
    lost by its mistakes): the complete search alone with the rule, run to its end, agrees
    with the same search without it (talon waits and runs waiting kept in both), wins and
    losses alike. Whole-deck positions are beyond the plain search of the real rules; the
    search without the rule is the judge here (it is checked against the real rules)."""
    changed = _where_a_rule_changes_the_search(
        "KL1-D1N", "free_chains", "free chains", range(1, 7), 10
    )
    assert changed.count(Verdict.NOT_WINNABLE) >= 25 and changed.count(Verdict.WINNABLE) >= 40


@pytest.mark.slow
def test_easy_harp_s_free_chains_agree_with_the_search_without_them_mid_game() -> None:
    """FREE_CHAINS with two decks (docs/solver.md, "Free cards only in chains": talon cards
    go to a column only in a chain a column's last card or a foundation's top card then goes
    onto) on the positions the benchmark meets in the plain player's games of EH1-N deals 69
    and 133, lost from move 160 and 230 on: the complete search alone with the rule, run to
    its end, agrees with the same search without it, wins and losses alike."""
    positions = (
        (f"{deal}:{move}", position)
        for deal in (69, 133)
        for move, position in plain_players_positions(
            str(GameCode(parse_variant("EH1-N"), deal)), 10
        )
    )
    table = StockTable.for_variant(parse_variant("EH1-N"))
    changed = _changed_verdicts(positions, table, "free_chains", 30_000)
    # The rule changed the search on 7 won and 13 lost positions (within 30 000).
    assert changed.count(Verdict.NOT_WINNABLE) >= 12 and changed.count(Verdict.WINNABLE) >= 6


FREE_CHAINS_SAMPLES = {
    # Numbers of 0-79 (EH1-N: 0-59) whose small position the rule changes and the plain search
    # of the real rules decides within 3 000 positions (all won: small positions of these
    # options are hardly ever lost).
    "KL1-D1N": (3, 10, 13, 15, 16, 24, 25, 34, 37, 42, 46, 67, 70, 77),
    "EH1-N": (4, 6, 7, 8, 16, 22, 26, 28, 30, 36, 39, 46, 53, 58),
}


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["KL1-D1N", "EH1-N"])
def test_free_cards_only_in_chains_lose_no_win_on_small_positions(variant: str) -> None:
    """FREE_CHAINS against the plain search of the real rules (every legal move, no safe
    moves): on small positions where the rule changes the complete search, the complete
    search alone with it wins exactly where the real rules win. A wrong rule shows as a
    position called lost that the real rules win."""
    compared = []
    for number in FREE_CHAINS_SAMPLES[variant]:
        position = _numbered(variant, "free chains", number, 7, 0)
        table = StockTable.for_variant(position.variant)
        assert table.free_chains and not locked_from_the_start(position)
        verdict, positions = _complete_alone(position, table)
        _, without = _complete_alone(position, replace(table, free_chains=False))
        assert positions != without, number  # the rule changes the search here
        judge = _by_the_engine(position, 3_000)
        assert verdict is judge, (number, position)
        compared.append(judge)
    assert compared.count(Verdict.WINNABLE) == len(FREE_CHAINS_SAMPLES[variant])


@pytest.mark.slow
def test_talon_cards_going_up_together_agree_with_the_search_without_it_mid_game() -> None:
    """UPS_TOGETHER (docs/solver.md, "Talon cards wait": in draw 1 with passes the complete
    level sends a talon card up only in one step with the cards of its suit it waits for) on
    the positions the plain player meets in its games of KL1-D1N deals 1-20 (every fifth
    move): the complete search alone with the rule, run to its end, agrees with the same
    search without it, wins and losses alike."""
    changed = _where_a_rule_changes_the_search(
        "KL1-D1N", "ups_together", "ups together", range(1, 21), 5
    )
    # The rule changed the search on 22 lost and 133 won positions (within 30 000).
    assert changed.count(Verdict.NOT_WINNABLE) >= 18 and changed.count(Verdict.WINNABLE) >= 110


UPS_TOGETHER_SAMPLES = (2, 76, 80, 115, 152, 180, 207, 378)
"""Numbers of 0-399 whose small KL1-D1N position the rule changes and the plain search of the
real rules decides within 3 000 positions (all won, as small positions of this option are)."""


@pytest.mark.slow
def test_talon_cards_going_up_together_lose_no_win_on_small_positions() -> None:
    """UPS_TOGETHER against the plain search of the real rules (every legal move, no safe
    moves): on small positions where the rule changes the complete search, the complete
    search alone with it wins exactly where the real rules win."""
    for number in UPS_TOGETHER_SAMPLES:
        position = _numbered("KL1-D1N", "ups together", number, 7, 0)
        table = StockTable.for_variant(position.variant)
        assert table.ups_together and not locked_from_the_start(position)
        verdict, positions = _complete_alone(position, table)
        _, without = _complete_alone(position, replace(table, ups_together=False))
        assert positions != without, number  # the rule changes the search here
        assert verdict is _by_the_engine(position, 3_000) is Verdict.WINNABLE, number


@pytest.mark.slow
def test_blockades_agree_with_the_search_without_them_mid_game() -> None:
    """BLOCKADES (docs/solver.md, "Blockades") on the positions the plain player meets in its
    games of KL1-D1N deals 1-12 (every fifth move; many lost by its mistakes): the complete
    search alone with the check, run to its end, agrees with the same search without it,
    wins and losses alike, and the check changes the search on lost positions."""
    changed = _where_a_rule_changes_the_search("KL1-D1N", "blockades", "blockades", range(1, 13), 5)
    # The check changed the search on 35 lost positions and 4 won ones (within 30 000).
    assert changed.count(Verdict.NOT_WINNABLE) >= 30 and changed.count(Verdict.WINNABLE) >= 2


@pytest.mark.slow
def test_a_waste_that_reaches_more_agrees_with_the_search_without_it_mid_game() -> None:
    """WASTE_DOMINANCE (docs/solver.md, "A waste size that reaches more") on the positions the
    plain player meets in its games of KL1-D3N deals 1-12 (every fifth move; many lost by
    its mistakes): the complete search alone with the rule, run to its end, agrees with the
    same search without it (itself checked against the real rules above), wins and losses
    alike, and the rule changes the search on both. Small positions hardly ever hold two
    positions that differ in their waste size alone, so the judge here is the search
    without the rule."""
    changed = _where_a_rule_changes_the_search(
        "KL1-D3N", "waste_dominance", "waste dominance", range(1, 13), 5
    )
    # The rule changed the search on 43 lost positions and 23 won ones (within 30 000).
    assert changed.count(Verdict.NOT_WINNABLE) >= 35 and changed.count(Verdict.WINNABLE) >= 15


def test_a_waste_that_reaches_more_proves_a_draw_three_deal_lost_sooner() -> None:
    """KL1-D3N 905 is lost: the complete search alone proves it with fewer positions when it
    leaves out the positions a stored one reaches more than (6 801 against 9 452)."""
    position = rules_for(parse_variant("KL1-D3N")).deal(905)
    table = StockTable.for_variant(position.variant)
    assert table.waste_dominance
    verdict, positions = _complete_alone(position, table)
    plain, without = _complete_alone(position, replace(table, waste_dominance=False))
    assert verdict is plain is Verdict.NOT_WINNABLE
    assert positions < without * 0.8


def _likely_alone(position: Position, table: StockTable, budget: int) -> tuple[int, int]:
    """The greedy search of the likely moves alone, to its end within ``budget`` positions:
    its status (won, run dry, out of budget) and the positions it expanded."""
    return search_alone(position, table, (LIKELY, 0, 1), budget, seconds=60.0)


def test_a_waste_that_reaches_more_leaves_the_likely_moves_fewer_positions() -> None:
    """The likely level leaves out the positions a stored one reaches more than, as the
    complete level does: after 60 moves of the plain player's game of KL1-D3N deal 1 the
    likely moves hold no win, and the greedy search of them runs dry after 183 positions with
    the rule, 222 without."""
    position = plain_players_position("KL1-D3N-AAAAAAB", 60)
    table = StockTable.for_variant(position.variant)
    assert table.waste_dominance
    assert _likely_alone(position, table, -1) == (stock_bridge.ALL_DRY, 183)
    without = replace(table, waste_dominance=False)
    assert _likely_alone(position, without, -1) == (stock_bridge.ALL_DRY, 222)


@pytest.mark.slow
def test_a_waste_that_reaches_more_keeps_the_likely_moves_wins_mid_game() -> None:
    """WASTE_DOMINANCE at the likely level, on the positions the plain player meets in its
    games of KL1-D3N deals 1-12 (every fifth move): the greedy search of the likely moves
    alone, run to its end within 30 000 positions, wins with the rule exactly where it wins
    without it, and runs dry where that runs dry, so that a likely search with the rule runs
    dry exactly when one without it would (the searches of one level leave the turns
    together, docs/solver.md); the rule changes the search on both."""
    rules = rules_for(parse_variant("KL1-D3N"))
    table = StockTable.for_variant(rules.variant)
    without = replace(table, waste_dominance=False)
    changed: list[int] = []
    for number in range(1, 13):
        game = plain_game(rules, rules.deal(number), f"waste dominance {number}")
        for move, (position, _) in enumerate(game, start=1):
            if move % 5 or rules.is_won(position):
                continue
            found = _likely_alone(position, table, 30_000), _likely_alone(position, without, 30_000)
            if stock_bridge.OUT_OF_BUDGET in (found[0][0], found[1][0]):
                continue
            assert found[0][0] == found[1][0], (number, move, format_layout(position))
            if found[0][1] != found[1][1]:
                changed.append(found[0][0])
    # The rule changed the search on 50 positions whose likely moves hold no win, 20 won.
    assert changed.count(stock_bridge.ALL_DRY) >= 40 and changed.count(stock_bridge.WON) >= 15


@pytest.mark.slow
def test_a_blockade_proves_a_deal_lost_the_search_needs_millions_for() -> None:
    """KL1-D1N deal 718 locks up when a chain lays the Q♦ J♣ from the talon and a run on the
    K♣ alone in its column: the complete search alone proves the loss within 400 000 positions
    with the check, and needs 1.54 million without it."""
    position = rules_for(parse_variant("KL1-D1N")).deal(718)
    table = StockTable.for_variant(position.variant)
    assert table.blockades and not locked_from_the_start(position)
    verdict, positions = _complete_alone(position, table)
    assert verdict is Verdict.NOT_WINNABLE and positions <= 400_000
    assert complete_alone(position, replace(table, blockades=False), 1_000_000)[0] == (
        stock_bridge.OUT_OF_BUDGET
    )


def test_a_run_off_a_card_it_does_not_lie_on_as_the_rules_build_is_not_held_back() -> None:
    """A typed-in layout may put face-up cards on each other as the rules never do (J♠ on
    K♥). RUNS_WAIT reasons about a run lying on a card one rank higher of the other colour:
    here J♠ must go onto Q♥, leaving K♥ (which nothing then uses) for an empty column, and the
    position is won (the rule once called it lost: KL1-D3V small position 28)."""
    layout = (
        "game: KL1-D3V\ns:\nw: TS KS KD QD QS\n"
        "f1: AS 2S 3S 4S 5S 6S 7S 8S 9S\nf2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH\n"
        "f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD\nf4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\n"
        "t1:\nt2:\nt3: QH\nt4:\nt5:\nt6: KH JS\nt7:\n"
    )
    position = parse_layout(layout)
    assert _complete_alone(position, StockTable.for_variant(position.variant))[0] is (
        Verdict.WINNABLE
    )
    assert solve(position, seconds=10).verdict is Verdict.WINNABLE


def _lost_mid_game() -> Position:
    """KL1-D1N deal 4 as the plain player leaves it after 80 moves: lost."""
    rules = rules_for(parse_variant("KL1-D1N"))
    game = plain_game(rules, rules.deal(4), "KL1-D1N-AAAAAAE#0")
    return next(p for move, (p, _) in enumerate(game, start=1) if move == 80)


def test_at_the_memory_bound_the_portfolio_sheds_a_search_and_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # KL1-D1N deal 4 as the plain player leaves it after 80 moves is lost. Find the least
    # memory (to 64 KB) in which the complete search alone proves it; two such searches side
    # by side store the same positions at the same pace, so together they need about twice
    # that. Given half as much again, the portfolio sheds one at the bound and the other goes
    # on to the proof, having expanded more than the search alone (both ran until then).
    table = StockTable.for_variant(parse_variant("KL1-D1N"))
    state = state_of(_lost_mid_game())
    complete: Config = (COMPLETE, 0, 1)

    def search(configs: tuple[Config, ...], max_bytes: int) -> tuple[int, int]:
        monkeypatch.setattr(stock_bridge, "MAX_SEARCH_BYTES", max_bytes)
        status, positions, _ = stock_bridge.search(
            state, table, configs, seconds=60.0, cpu_clock=True, max_positions=-1
        )
        return status, positions

    status, alone = search((complete,), 0)
    assert status == stock_bridge.PROVED_LOST
    low, high = 1 << 16, 1 << 31
    while high - low > 1 << 16:
        middle = (low + high) // 2
        if search((complete,), middle)[0] == stock_bridge.PROVED_LOST:
            high = middle
        else:
            low = middle
    assert search((complete,), low)[0] == stock_bridge.OUT_OF_BUDGET
    status, together = search((complete, complete), high * 3 // 2)
    assert status == stock_bridge.PROVED_LOST
    assert together > alone


def test_undecided_that_long_the_likely_searches_make_way() -> None:
    # With the focus at 0 positions the likely searches leave before the first turn: the
    # portfolio expands exactly what its complete search expands alone, on a lost position
    # and on a win (the same moves), where without the focus it expands something else.
    table = StockTable.for_variant(parse_variant("KL1-D1N"))
    for position in (_lost_mid_game(), deal("KL1-D1N-AAAAAAB")):
        state = state_of(position)

        def run(
            configs: tuple[Config, ...], focus_after: int, state: stock_position.State = state
        ) -> tuple[int, int, list[tuple[int, int, int, int]] | None]:
            return stock_bridge.search(
                state,
                table,
                configs,
                seconds=60.0,
                cpu_clock=True,
                max_positions=-1,
                focus_after=focus_after,
            )

        alone = run(((COMPLETE, 0, 1),), -1)
        assert run(KLONDIKE_PORTFOLIOS[0], 0) == alone
        assert run(KLONDIKE_PORTFOLIOS[0], -1)[1] != alone[1]


def test_a_likely_search_leaves_the_turns_after_its_positions() -> None:
    # KL1-D1N 875 is lost. The greedy search of the likely moves leaving after the
    # portfolio's first positions, the complete search then expands what it expands alone,
    # plus the likely search's first turn (2 048 positions); staying, it takes its share of
    # every turn to the end (about as many positions again).
    table = StockTable.for_variant(parse_variant("KL1-D1N"))
    state = state_of(deal("KL1-D1N-AAAABHR"))

    def run(configs: tuple[Config, ...]) -> tuple[int, int]:
        status, positions, _ = stock_bridge.search(
            state, table, configs, seconds=60.0, cpu_clock=True, max_positions=-1
        )
        return status, positions

    status, alone = run(((COMPLETE, 0, 1),))
    assert status == stock_bridge.PROVED_LOST
    greedy = (LIKELY, 0, 1, 3, 8, 0, 0)
    status, leaving = run(((*greedy, 1), (COMPLETE, 0, 1)))
    assert status == stock_bridge.PROVED_LOST
    assert leaving == alone + 2_048
    assert run(((*greedy, 0), (COMPLETE, 0, 1)))[1] > alone * 3 // 2


def test_only_a_search_of_the_likely_moves_leaves_early() -> None:
    # A search that can prove a loss stays to the end; a negative bound is refused.
    position = deal("KL1-D1N-AAAAAGI")
    search = stock_bridge._module().search
    table = StockTable.for_variant(position.variant).as_tuple()
    with pytest.raises(ValueError, match="only a search of the likely moves leaves early"):
        search(
            state_of(position), table, ((COMPLETE, 0, 1, 3, 8, 0, 0, 100),), 10.0, True, -1, 10**7
        )
    with pytest.raises(ValueError, match="positions before it leaves, 0 or more"):
        search(state_of(position), table, ((LIKELY, 0, 1, 3, 8, 0, 0, -5),), 10.0, True, -1, 10**7)


def test_the_greedy_likely_search_wins_before_it_leaves() -> None:
    # KL1-D1N 1634: the greedy search of the likely moves wins it in 52 positions; without it
    # the portfolio wins it only after 1.48 million (with the focus at 1.1 million, not within
    # 6 million). Its wins come that early (within 42 000 positions over deals 1-3 000), long
    # before it leaves.
    result = solve(deal("KL1-D1N-AAAACKW"), seconds=600, max_positions=1_000)
    assert result.verdict is Verdict.WINNABLE
    assert result.positions < KLONDIKE_GREEDY_LEAVES_AFTER


def test_the_focus_comes_after_the_latest_win_of_the_likely_searches() -> None:
    # KL1-D1N 795: the likely searches win it after 1.09 million positions of the portfolio
    # (1.38 million before the greedy one left early), the latest such win among deals
    # 1-3 000; a focus before it leaves the win to the complete search alone, which finds it
    # only after 5.5 million (docs/solver-figures.md, 2026-12-06, late evening, and
    # 2026-12-07). Counted in positions: the same on any machine.
    result = solve(deal("KL1-D1N-AAAABEP"), seconds=600, max_positions=KLONDIKE_FOCUS_AFTER)
    assert result.verdict is Verdict.WINNABLE
    assert 1_000_000 < result.positions < KLONDIKE_FOCUS_AFTER


def test_each_game_and_option_takes_its_portfolio_and_focus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The focus: draw 1 with passes takes it, draw 3 with passes later; Vegas and Easy Harp do
    # not (their likely searches win deals later than that). Novel positions first where they
    # decided more (draw 1 and draw 3 with passes, Easy Harp); Vegas keeps the plain order
    # (docs/solver-figures.md, 2026-12-05 and 2026-12-06).
    asked: list[tuple[object, int]] = []
    search = stock_bridge.search

    def spy(*args: object, **kwargs: int) -> tuple[int, int, object]:
        asked.append((args[2], kwargs["focus_after"]))
        return search(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(stock_bridge, "search", spy)
    for code in ("KL1-D1N", "KL1-D1V", "KL1-D3V", "KL1-D3N", "EH1-N"):
        solve(deal(f"{code}-AAAAAAB"), seconds=10)
    assert 0 < KLONDIKE_FOCUS_AFTER < DRAW_THREE_FOCUS_AFTER
    assert [focus for _, focus in asked] == [
        KLONDIKE_FOCUS_AFTER,
        -1,
        -1,
        DRAW_THREE_FOCUS_AFTER,
        -1,
    ]
    assert [configs for configs, _ in asked] == [
        KLONDIKE_PORTFOLIOS[0],
        VEGAS_DRAW_ONE_PORTFOLIOS[0],
        VEGAS_PORTFOLIOS[0],
        DRAW_THREE_PORTFOLIOS[0],
        EASY_HARP_PORTFOLIOS[0],
    ]
    for portfolio in (VEGAS_DRAW_ONE_PORTFOLIOS[0], VEGAS_PORTFOLIOS[0]):
        assert all(len(config) < 7 for config in portfolio)
    # The talon's aces up: a relaxation only where cards are dealt one at a time.
    assert any(config[0] == ACES_UP for config in VEGAS_DRAW_ONE_PORTFOLIOS[0])
    assert all(config[0] != ACES_UP for config in VEGAS_PORTFOLIOS[0])
    for portfolios in (KLONDIKE_PORTFOLIOS, DRAW_THREE_PORTFOLIOS):
        assert any(config[6:] == (NOVELTY,) for config in portfolios[0])
    assert any(config[6:] == (NOVELTY_BY_PROGRESS,) for config in EASY_HARP_PORTFOLIOS[0])


def test_a_search_that_outlives_the_others_may_store_their_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The stored positions a portfolio may take (MAX_STORED_POSITIONS) are shared among its
    # running searches. Find the fewest with which the complete search alone proves the lost
    # position (within a sixteenth); beside a likely search it starts with half of them, and
    # still proves it: the likely search leaves the turns (it runs dry, or is shed at the
    # bound) and its part goes to the complete one.
    state = state_of(_lost_mid_game())
    table = StockTable.for_variant(parse_variant("KL1-D1N"))

    def search(configs: tuple[Config, ...], max_stored: int) -> int:
        monkeypatch.setattr(stock_bridge, "MAX_STORED_POSITIONS", max_stored)
        status, _, _ = stock_bridge.search(
            state, table, configs, seconds=60.0, cpu_clock=True, max_positions=-1
        )
        return status

    complete: Config = (COMPLETE, 0, 1)
    low, high = 1, 1 << 26
    while high - low > high // 16:
        middle = (low + high) // 2
        if search((complete,), middle) == stock_bridge.PROVED_LOST:
            high = middle
        else:
            low = middle
    assert search((complete,), low) == stock_bridge.OUT_OF_BUDGET
    assert search(((LIKELY, 0, 1), complete), high) == stock_bridge.PROVED_LOST
