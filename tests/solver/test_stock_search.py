"""The C search (_stock_search.c) against the Python search it mirrors (stock_games.py).

On small random positions both searches run to the end, so their verdicts must agree, and
every win either finds is replayed through the real rules by ``solve``.
"""

from __future__ import annotations

import random

import pytest

from solitaire.codes import parse_code
from solitaire.games import rules_for
from solitaire.layout import parse_layout
from solitaire.position import Position
from solitaire.solver import Verdict, solve, stock_games
from solitaire.solver.stock_games import StockRules

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def test_the_c_search_is_built() -> None:
    # `make test` installs the package, which compiles it; without it the solver still
    # works, in Python, but a hundred times slower: worth a failing test.
    assert stock_games._stock_search is not None


def small_position(variant: str, rng: random.Random, low: int = 6) -> Position:
    """A random position with many cards already up (each suit at ``low`` or more), the
    rest mostly face down: a few dozen cards left to play."""
    copies = 2 if variant.startswith("EH") else 1
    columns = 9 if copies == 2 else 7
    lines = [f"game: {variant}"]
    rest = []
    for suit in SUITS:
        for _ in range(copies):
            height = rng.randint(low, 13)
            lines.append(f"f{len(lines)}: " + " ".join(r + suit for r in RANKS[:height]))
            rest += [r + suit for r in RANKS[height:]]
    rng.shuffle(rest)
    piles: list[list[str]] = [[] for _ in range(columns + 2)]
    # Without passes back (Vegas) a deep waste locks cards in for good: more of them there.
    extra_waste = [columns + 1] * (4 if "V" in variant.split("-")[1] else 0)
    choices = [*range(columns + 2), *extra_waste]
    for card in rest:
        piles[rng.choice(choices)].append(card)
    for index, pile in enumerate(piles[:columns], start=1):
        down = max(0, len(pile) - rng.choice((1, 1, 2))) if pile else 0
        lines.append(
            f"t{index}: " + " ".join(f"[{c}]" if i < down else c for i, c in enumerate(pile))
        )
    lines.append("s: " + " ".join(f"[{c}]" for c in piles[columns]))
    lines.append("w: " + " ".join(piles[columns + 1]))
    return parse_layout("\n".join(lines) + "\n")


@pytest.mark.parametrize(
    ("variant", "low"),
    [("KL1-D1N", 6), ("KL1-D1V", 4), ("KL1-D3N", 6), ("KL1-D3V", 4), ("EH1-N", 8)],
)
def test_the_c_and_python_searches_agree_on_small_positions(
    variant: str, low: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(variant)
    verdicts = []
    for _ in range(25):
        position = small_position(variant, rng, low)
        in_c = solve(position, seconds=30)
        with monkeypatch.context() as patch:
            patch.setattr(stock_games, "_stock_search", None)
            in_python = solve(position, seconds=60)
        assert in_c.verdict is not Verdict.UNKNOWN
        assert in_c.verdict is in_python.verdict, position
        verdicts.append(in_c.verdict)
    # The sample holds wins (which solve replays through the real rules) and, in Vegas,
    # losses proved by the search, so the agreement says something.
    assert Verdict.WINNABLE in verdicts
    if "V" in variant.split("-")[1]:
        assert verdicts.count(Verdict.NOT_WINNABLE) >= 3


@pytest.mark.parametrize(
    "code", ["KL1-D1N-AAAAAFD", "KL1-D3N-AAAAAAN", "KL1-D1V-AAAAABX", "EH1-N-AAAAAAL"]
)
def test_the_c_search_wins_whole_deals_through_the_real_rules(code: str) -> None:
    # Deals whose wins take 100 000 to 300 000 positions (under a CPU second): the path of
    # positions the C search returns becomes moves (StockRules.steps_along) that the real
    # rules replay, Easy Harp's two decks included.
    parsed = parse_code(code)
    result = solve(rules_for(parsed.variant).deal(parsed.deal), seconds=60, cpu_time=True)
    assert result.verdict is Verdict.WINNABLE
    assert result.moves


def test_a_column_too_long_for_the_c_search_is_searched_in_python() -> None:
    # Every card in one column, the aces on top: the C search keeps room for 40 cards a
    # column at most, so the Python search plays it (every card goes up in turn).
    cards = [r + s for s in SUITS for r in RANKS]
    column = list(reversed(cards))
    position = parse_layout(
        "game: KL1-D1N\nt1: " + " ".join(f"[{c}]" for c in column[:-1]) + f" {column[-1]}\n"
    )
    rules = StockRules.for_position(position)
    assert not rules.fits_c_search(rules.state_of(position))
    result = solve(position, seconds=30)
    assert result.verdict is Verdict.WINNABLE
    assert len(result.moves) == 52


def _c_search(
    code: str, configs: tuple[tuple[int, int, int], ...], max_positions: int = 2_000_000
) -> tuple[int, int, int]:
    """Run the C search alone on a deal: (status, positions, winner)."""
    assert stock_games._stock_search is not None
    parsed = parse_code(code)
    position = rules_for(parsed.variant).deal(parsed.deal)
    rules = StockRules.for_position(position)
    start = rules.settle(rules.state_of(position), [])
    status, positions, path, winner = stock_games._stock_search.search(
        start.columns,
        start.foundations,
        start.talon,
        start.waste_size,
        rules.c_rules,
        configs,
        rules.checks_every_position,
        30.0,
        True,
        max_positions,
        stock_games.MAX_STORED_POSITIONS,
    )
    assert (path is not None) == (status == stock_games.C_WON)
    return status, positions, winner


def test_a_portfolio_of_likely_searches_that_all_run_dry_proves_nothing() -> None:
    # EH1-N deal 76: the likely moves run out after a few dozen positions (status 3,
    # no proof); beside a complete search the same portfolio goes on to its budget.
    likely = ((stock_games.LIKELY, 0, 1), (stock_games.LIKELY, 4, 1))
    status, positions, _ = _c_search("EH1-N-AAAAACY", likely)
    assert status == stock_games.C_ALL_DRY
    assert 0 < positions < 10_000
    with_complete = ((stock_games.COMPLETE, 0, 1), *likely)
    status, positions, _ = _c_search("EH1-N-AAAAACY", with_complete, max_positions=50_000)
    assert (status, positions) == (stock_games.C_OUT_OF_BUDGET, 50_000)


def test_when_one_likely_search_runs_dry_the_others_stop_with_it() -> None:
    # Searches of one level reach the same positions: once one has expanded them all, the
    # other can only repeat it. Together they stop sooner than one after the other would.
    greedy = (stock_games.LIKELY, 0, 1)
    weighted = (stock_games.LIKELY, 4, 1)
    status_alone, greedy_alone, _ = _c_search("EH1-N-AAAAACY", (greedy,))
    _, weighted_alone, _ = _c_search("EH1-N-AAAAACY", (weighted,))
    status, together, _ = _c_search("EH1-N-AAAAACY", (greedy, weighted))
    assert status == status_alone == stock_games.C_ALL_DRY
    assert greedy_alone == weighted_alone  # the same positions, in another order
    # (Here the greedy search runs dry within its first turn: the other never starts.)
    assert greedy_alone <= together < greedy_alone + weighted_alone


def test_a_complete_search_that_runs_dry_is_a_proof() -> None:
    # KL1-D3V deal 6 (AAAAAAG): lost, and the real rules agree (test_solver.py).
    status, _, winner = _c_search("KL1-D3V-AAAAAAG", ((stock_games.COMPLETE, 0, 1),))
    assert (status, winner) == (stock_games.C_PROVED_LOST, -1)


@pytest.mark.parametrize("configs", [(), ((5, 0, 1),), ((1, 0, 0),), ((1, 0),)])
def test_the_c_search_refuses_a_portfolio_it_cannot_run(configs: tuple[object, ...]) -> None:
    assert stock_games._stock_search is not None
    parsed = parse_code("KL1-D1N-AAAAAAG")
    position = rules_for(parsed.variant).deal(parsed.deal)
    rules = StockRules.for_position(position)
    start = rules.state_of(position)
    with pytest.raises((ValueError, TypeError)):
        stock_games._stock_search.search(
            start.columns,
            start.foundations,
            start.talon,
            start.waste_size,
            (7, 1, 1, True, False, True),
            configs,
            False,
            1.0,
            True,
            -1,
            1000,
        )
