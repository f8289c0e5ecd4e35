"""The Klondike and Easy Harp search (stock_search.py and the C search it runs) against the
engine's own rules: verdicts on small positions against the plain search of the real rules
(reference.py), wins of whole deals replayed, the portfolios, the sound reductions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from solitaire.codes import parse_code, parse_variant
from solitaire.games import rules_for
from solitaire.layout import parse_layout
from solitaire.position import Position
from solitaire.solver import Verdict, reference, solve, stock_bridge, stock_position
from solitaire.solver.budget import Budget, OutOfBudget
from solitaire.solver.stock_bridge import COMPLETE, DRAW_ONE, LIKELY, Config
from solitaire.solver.stock_position import StockTable, state_of
from solitaire.solver.stock_search import (
    DRAW_THREE_PORTFOLIOS,
    EASY_HARP_PORTFOLIOS,
    KLONDIKE_PORTFOLIOS,
)

from .stock_samples import RANKS, SUITS, locked_from_the_start, low_cards_up, small_position


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


@pytest.mark.parametrize(
    ("variant", "low", "waste_weight", "samples", "losses"),
    [
        ("KL1-D1N", 6, 0, 20, 0),
        ("KL1-D3N", 6, 0, 20, 0),
        ("EH1-N", 9, 0, 20, 0),
        ("KL1-D1V", 7, 30, 60, 4),
        ("KL1-D3V", 7, 20, 60, 4),
    ],
)
@pytest.mark.slow
def test_the_search_agrees_with_the_real_rules_on_small_positions(
    variant: str, low: int, waste_weight: int, samples: int, losses: int
) -> None:
    # Positions small enough for the plain search of the real rules (every legal move,
    # nothing pruned, no safe moves) to run to its end: where it does, the verdicts agree.
    # Every win of the search is replayed through the real rules by solve. Positions locked
    # from the start are left out (the deadlock tests check those); the Vegas samples hold
    # losses the search proves by running dry.
    rng = random.Random(f"{variant} small")
    searched: list[Verdict] = []
    unlocked = 0
    for _ in range(samples):
        position = small_position(variant, rng, low, waste_weight)
        if locked_from_the_start(position):
            continue
        unlocked += 1
        result = solve(position, seconds=30, cpu_time=True)
        assert result.verdict is not Verdict.UNKNOWN
        judge = _by_the_engine(position, 3_000)
        if judge is not Verdict.UNKNOWN:
            assert result.verdict is judge, position
            searched.append(judge)
    assert len(searched) >= unlocked * 2 // 3
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
    for portfolios in (KLONDIKE_PORTFOLIOS, DRAW_THREE_PORTFOLIOS, EASY_HARP_PORTFOLIOS):
        assert any(config[0] == COMPLETE for config in portfolios[-1])


def test_a_portfolio_of_likely_searches_that_all_run_dry_proves_nothing() -> None:
    # EH1-N deal 76: the likely moves run out after a few dozen positions (no proof);
    # beside a complete search the same portfolio goes on to its budget.
    likely = ((LIKELY, 0, 1), (LIKELY, 4, 1))
    status, positions = _c_search("EH1-N-AAAAACY", likely)
    assert status == stock_bridge.ALL_DRY
    assert 0 < positions < 10_000
    status, positions = _c_search("EH1-N-AAAAACY", ((COMPLETE, 0, 1), *likely), 50_000)
    assert (status, positions) == (stock_bridge.OUT_OF_BUDGET, 50_000)


def test_when_one_likely_search_runs_dry_the_others_stop_with_it() -> None:
    # Searches of one level reach the same positions: once one has expanded them all, the
    # other can only repeat it. Together they stop sooner than one after the other would.
    greedy, weighted = (LIKELY, 0, 1), (LIKELY, 4, 1)
    status_alone, greedy_alone = _c_search("EH1-N-AAAAACY", (greedy,))
    _, weighted_alone = _c_search("EH1-N-AAAAACY", (weighted,))
    status, together = _c_search("EH1-N-AAAAACY", (greedy, weighted))
    assert status == status_alone == stock_bridge.ALL_DRY
    assert greedy_alone == weighted_alone  # the same positions, in another order
    # (Here the greedy search runs dry within its first turn: the other never starts.)
    assert greedy_alone <= together < greedy_alone + weighted_alone


@pytest.mark.parametrize(
    ("variant", "low", "waste_weight", "samples", "losses"),
    [("KL1-D3V", 7, 20, 60, 4), ("KL1-D3N", 7, 0, 40, 0)],
)
@pytest.mark.slow
def test_a_draw_one_search_that_runs_dry_proves_the_draw_three_game_lost(
    variant: str, low: int, waste_weight: int, samples: int, losses: int
) -> None:
    # Every draw-3 game is a draw-1 game (docs/solver.md, "Draw 3 played one card at a
    # time"): the draw-1 search running dry proves the draw-3 position lost. Checked against
    # the plain search of the real draw-3 rules run to its end; and where those win, the
    # draw-1 search never calls the position lost (its own wins it does not report).
    rng = random.Random(f"{variant} one at a time")
    proved = 0
    for _ in range(samples):
        position = small_position(variant, rng, low, waste_weight)
        if locked_from_the_start(position):
            continue
        status, _, atoms = stock_bridge.search(
            state_of(position),
            StockTable.for_variant(position.variant),
            ((DRAW_ONE, 0, 1),),
            seconds=30.0,
            cpu_clock=True,
            max_positions=-1,
        )
        assert status in (stock_bridge.PROVED_LOST, stock_bridge.ALL_DRY)
        assert atoms is None
        judge = _by_the_engine(position, 3_000)
        if status == stock_bridge.PROVED_LOST:
            assert judge is not Verdict.WINNABLE, position
            proved += judge is Verdict.NOT_WINNABLE
    assert proved >= losses


def test_a_win_one_card_at_a_time_is_no_win_of_draw_three() -> None:
    # KL1-D3N deal 19: won in draw 1, lost in draw 3 (its complete search runs dry at once).
    # The draw-1 search alone stops at its win without claiming one; beside the complete
    # search the portfolio proves the loss.
    assert _c_search("KL1-D3N-AAAAAAT", ((DRAW_ONE, 0, 1),))[0] == stock_bridge.ALL_DRY
    status, _ = _c_search("KL1-D3N-AAAAAAT", ((DRAW_ONE, 0, 1), (COMPLETE, 0, 1)))
    assert status == stock_bridge.PROVED_LOST
    assert solve(deal("KL1-D1N-AAAAAAT"), seconds=30).verdict is Verdict.WINNABLE


@pytest.mark.slow
def test_a_draw_three_deal_lost_one_card_at_a_time_is_proved_lost() -> None:
    # KL1-D3N deal 174: the draw-1 search runs dry after about 1.2 million positions; the
    # draw-3 complete search alone does not in 2 million.
    assert _c_search("KL1-D3N-AAAAAGS", ((DRAW_ONE, 0, 1),))[0] == stock_bridge.PROVED_LOST
    assert _c_search("KL1-D3N-AAAAAGS", ((COMPLETE, 0, 1),))[0] == stock_bridge.OUT_OF_BUDGET


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


@pytest.mark.slow
def test_a_lighter_face_down_weight_wins_easy_harp_deals_the_plain_estimate_does_not() -> None:
    # EH1-N deal 76: greedy search on every move with face-down cards weighing 1 (not 3) wins
    # it within 200 000 positions; with the plain estimate it does not. (Each wins deals the
    # other does not: the Easy Harp portfolio runs both.)
    assert _c_search("EH1-N-AAAAACY", ((COMPLETE, 0, 1, 1),), 200_000)[0] == stock_bridge.WON
    plain = _c_search("EH1-N-AAAAACY", ((COMPLETE, 0, 1),), 200_000)
    assert plain == (stock_bridge.OUT_OF_BUDGET, 200_000)
    assert (COMPLETE, 0, 1, 1) in EASY_HARP_PORTFOLIOS[-1]


@pytest.mark.slow
def test_weighted_a_star_with_the_lighter_weight_wins_an_easy_harp_deal_the_others_do_not() -> None:
    # EH1-N deal 122: weighted A* (weight 2) on every move with face-down cards weighing 1
    # wins it within 100 000 positions; the two greedy searches on every move do not.
    won = _c_search("EH1-N-AAAAAES", ((COMPLETE, 2, 1, 1),), 100_000)
    assert won[0] == stock_bridge.WON
    for greedy in ((COMPLETE, 0, 1), (COMPLETE, 0, 1, 1)):
        assert _c_search("EH1-N-AAAAAES", (greedy,), 100_000)[0] == stock_bridge.OUT_OF_BUDGET
    assert (COMPLETE, 2, 1, 1) in EASY_HARP_PORTFOLIOS[-1]


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


def test_a_complete_search_that_runs_dry_is_a_proof() -> None:
    # KL1-D3V deal 6 (AAAAAAG): lost, and the real rules agree (test_solver.py).
    status, positions = _c_search("KL1-D3V-AAAAAAG", ((COMPLETE, 0, 1),))
    assert status == stock_bridge.PROVED_LOST
    assert positions > 0


@pytest.mark.parametrize(
    "configs",
    [
        (),
        ((5, 0, 1),),
        ((1, 0, 0),),
        ((1, 0),),
        ((1, 0, 65),),
        ((2, 0, 1, 17),),
        ((2, 0, 1, 3, 0),),
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


@pytest.mark.parametrize(
    ("reduction", "variant", "highest", "count", "losses", "budget"),
    [
        ("TALON_WAITS", "KL1-D1N", 3, 50, 3, 400_000),
        ("TALON_WAITS", "EH1-N", 6, 25, 0, 400_000),
        ("KINGS_FILL_EMPTIED", "KL1-D1V", 5, 20, 5, 1_500_000),
        ("KINGS_FILL_EMPTIED", "KL1-D3V", 3, 30, 10, 400_000),
        ("RUNS_WAIT", "KL1-D1V", 5, 20, 5, 1_500_000),
        ("RUNS_WAIT", "KL1-D3N", 3, 30, 2, 400_000),
    ],
)
@pytest.mark.slow
def test_a_sound_reduction_loses_no_win(
    reduction: str,
    variant: str,
    highest: int,
    count: int,
    losses: int,
    budget: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The search with one of its reductions (TALON_WAITS: talon cards wait until needed;
    # KINGS_FILL_EMPTIED: a column emptied whole only with a king going in; RUNS_WAIT: a run
    # leaves a face-up card only for its use) against the same
    # search without it: the same verdicts on real deals with their low cards already up. A
    # deal only the reduced search called lost would show a flaw in the argument
    # (docs/solver.md). The Klondike samples hold losses both searches prove (Easy Harp
    # loses none: its sample checks wins only). Budgets in positions: the same every run.
    rng = random.Random(f"{reduction} {variant}")
    decided = []
    for _ in range(count):
        position = low_cards_up(variant, rng, highest)
        reduced = solve(position, seconds=600, max_positions=budget)
        if reduced.verdict is Verdict.UNKNOWN:
            continue  # a hard one: nothing to compare, whatever the plain search finds
        with monkeypatch.context() as patch:
            patch.setattr(stock_position, reduction, False)
            plain = solve(position, seconds=600, max_positions=budget)
        if plain.verdict is Verdict.UNKNOWN:
            continue  # the reduced search decides some the other does not
        assert reduced.verdict is plain.verdict, position
        decided.append(plain.verdict)
    assert len(decided) >= count * 5 // 6
    assert decided.count(Verdict.NOT_WINNABLE) >= losses
    assert Verdict.WINNABLE in decided


def test_each_reduction_applies_where_it_is_sound_and_pays() -> None:
    # Talon cards wait in draw 1 with passes (any talon card can be played at any moment);
    # an emptied column is filled at once without passes back.
    tables = {
        text: StockTable.for_variant(parse_variant(text))
        for text in ("KL1-D1N", "KL1-D3N", "KL1-D1V", "EH1-N")
    }
    assert [table.talon_waits for table in tables.values()] == [True, False, False, True]
    assert [table.kings_fill for table in tables.values()] == [False, False, True, False]
    # A run leaves a card only for its use in Klondike without talon waits (one deck).
    assert [table.runs_wait for table in tables.values()] == [False, True, True, False]
    assert not tables["KL1-D3N"].dealt_one_at_a_time().runs_wait


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


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "samples", "losses"), [("KL1-D1N", 12, 0), ("KL1-D1V", 16, 2)])
def test_the_wider_safe_moves_lose_no_win_on_small_positions(
    variant: str, samples: int, losses: int
) -> None:
    # Klondike's safe moves (Solvitaire's rule: the other colour two ranks below up, the
    # card's colour three below) send cards up that the older, narrower rule (one and two
    # ranks below) kept in play. On small positions where some card that fits its foundation
    # is safe by the wide rule and not by the narrow one, the search's verdicts agree with
    # the plain search of the real rules (every legal move, no safe moves) run to its end.
    # Small positions with passes are seldom lost: the Vegas sample holds the losses.
    rng = random.Random(f"{variant} wide safe moves")
    compared: list[Verdict] = []
    tried = 0
    while len(compared) < samples and tried < 40 * samples:
        tried += 1
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
        if judge is Verdict.UNKNOWN:
            continue
        result = solve(position, seconds=60, cpu_time=True)
        assert result.verdict is judge, position
        compared.append(judge)
    assert len(compared) == samples
    assert compared.count(Verdict.NOT_WINNABLE) >= losses
    assert Verdict.WINNABLE in compared


def _complete_alone(position: Position, table: StockTable) -> tuple[Verdict, int]:
    """The complete search alone, to its end: its verdict and the positions it expanded."""
    status, positions, _ = stock_bridge.search(
        state_of(position),
        table,
        ((COMPLETE, 0, 1),),
        seconds=60.0,
        cpu_clock=True,
        max_positions=-1,
    )
    assert status in (stock_bridge.WON, stock_bridge.PROVED_LOST)
    return (Verdict.WINNABLE if status == stock_bridge.WON else Verdict.NOT_WINNABLE), positions


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "waste_weight", "samples", "losses"),
    [("KL1-D1V", 30, 6, 1), ("KL1-D3V", 20, 6, 1), ("KL1-D3N", 0, 6, 0)],
)
def test_a_run_leaves_a_card_only_for_its_use_on_small_positions(
    variant: str, waste_weight: int, samples: int, losses: int
) -> None:
    """RUNS_WAIT (docs/solver.md, "A run leaves a card only for its use") against the plain
    search of the real rules: on small positions where the complete search with the rule
    expands fewer positions than without it (the rule left out moves that mattered), the
    complete search alone with the rule, run to its end, wins exactly where the plain search
    of the real rules (every legal move, no safe moves) wins, and where that search runs dry
    it runs dry too. The sample is drawn by a fixed seed; positions the plain search does not
    decide within 3 000 positions are passed over (they check nothing)."""
    rng = random.Random(f"{variant} runs wait")
    compared: list[Verdict] = []
    tried = 0
    while len(compared) < samples and tried < 60 * samples:
        tried += 1
        position = small_position(variant, rng, 7, waste_weight)
        if locked_from_the_start(position):
            continue
        table = StockTable.for_variant(position.variant)
        assert table.runs_wait
        verdict, positions = _complete_alone(position, table)
        _, without = _complete_alone(position, replace(table, runs_wait=False))
        if positions == without:
            continue
        assert positions < without
        judge = _by_the_engine(position, 3_000)
        if judge is Verdict.UNKNOWN:
            continue
        assert verdict is judge, position
        compared.append(judge)
    assert len(compared) == samples
    assert compared.count(Verdict.NOT_WINNABLE) >= losses
    assert Verdict.WINNABLE in compared


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
