"""The Simple Simon search (solitaire.solver.simple_simon_search), checked against the real
rules: its moves, its counts, its verdicts."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.cards import ACE, KING, SUITS, full_suit
from solitaire.codes import parse_variant
from solitaire.games import rules_for
from solitaire.games.simple_simon import follows_in_group, is_group
from solitaire.games.simple_simon import group_start as rules_group_start
from solitaire.layout import parse_layout
from solitaire.play import Game
from solitaire.position import Position
from solitaire.solver import Verdict, simple_simon, solve
from solitaire.solver.budget import Budget
from solitaire.solver.card_ids import card_id, card_of
from solitaire.solver.simple_simon_search import (
    GROUP_UNDER,
    PORTFOLIO,
    RUNS,
    SEPARATOR,
    Strategy,
    blockers,
    expand,
    group_start,
    misplaced,
    portfolio_search,
)

from .real_rules import exhaust_with_the_real_rules

RANKS = "A23456789TJQK"
SUIT_LETTERS = "SHDC"


def layout_position(columns: list[list[str]], variant: str = "SS1-S4") -> Position:
    lines = [f"game: {variant}"]
    lines += [f"t{index}: {' '.join(cards)}" for index, cards in enumerate(columns, start=1)]
    return parse_layout("\n".join(lines))


def random_layout(seed: int, suits: str, column_count: int) -> list[list[str]]:
    """The cards of whole suits shuffled into columns of random heights (some may be empty)."""
    shuffle = random.Random(seed)
    cards = [rank + suit for suit in suits for rank in RANKS]
    shuffle.shuffle(cards)
    cuts = sorted(shuffle.randint(0, len(cards)) for _ in range(column_count - 1))
    bounds = [0, *cuts, len(cards)]
    return [cards[low:high] for low, high in itertools.pairwise(bounds)]


def key(columns: list[bytes] | tuple[bytes, ...]) -> bytes:
    return SEPARATOR.join(sorted(columns))


def test_the_group_table_is_the_rules_group_rule_for_every_pair_of_cards() -> None:
    # SS-3, written once in solitaire.games.simple_simon: the search's table says exactly
    # what follows_in_group says, for each of the 52 × 52 pairs.
    for card, under in itertools.product(range(52), repeat=2):
        assert (GROUP_UNDER[card] == under) == follows_in_group(card_of(card), card_of(under))


def test_the_finished_runs_are_the_rules_groups_from_king_to_ace() -> None:
    # SS-5: a finished run is a group (SS-3) of 13 cards from a king down to an ace.
    expected = {bytes(card_id(card) for card in reversed(full_suit(suit))) for suit in SUITS}
    assert expected == RUNS
    for run in RUNS:
        cards = tuple(card_of(card) for card in run)
        assert is_group(cards)
        assert (cards[0].rank, cards[-1].rank) == (KING, ACE)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    suits=st.sampled_from(["S", "SH", "SHD", "SHDC"]),
    column_count=st.integers(2, 10),
)
def test_expand_gives_what_the_real_rules_give(seed: int, suits: str, column_count: int) -> None:
    # The search's moves, and the plain generator's (IDA*), against the engine's own rules
    # (legal_moves and apply): each is a legal move leading where the rules lead, and between
    # them they reach every position one legal move reaches (the pointless moves the search
    # leaves out reach the same position up to the order of columns, or the same position).
    position = layout_position(random_layout(seed, suits, column_count))
    rules = rules_for(position.variant)
    columns = simple_simon.columns_of(position)
    start = tuple(columns)
    assert [group_start(column) for column in columns if column] == [
        rules_group_start(pile) for pile in position.piles if pile.cards
    ]
    legal = {str(move): move for move in rules.legal_moves(position)}
    real = {
        text: key(simple_simon.columns_of(rules.apply(position, move).position))
        for text, move in legal.items()
    }
    children = expand(start, misplaced(start), root=True)
    searched = {str(simple_simon.to_moves([move])[0]): key(after) for move, after, _, _ in children}
    plain = {
        str(simple_simon.to_moves([move])[0]): key(simple_simon.apply_move(columns, move))
        for move in simple_simon.legal_moves(columns)
    }
    assert searched == plain
    assert set(searched) <= set(legal)
    assert all(real[text] == after for text, after in searched.items())
    assert set(real.values()) - {key(columns)} == set(searched.values())
    for _, after, after_misplaced, removed in children:
        # The misplaced count is kept up to date move by move: it must equal a recount.
        assert after_misplaced == misplaced(after)
        assert removed or sum(map(len, after)) == sum(map(len, columns))


def test_expand_counts_duplicate_cards_of_one_suit_right() -> None:
    # One suit (SS1-S1) has four of each card: 4♠ may go on either 5♠, and only the 5♠
    # that leaves a 6♠ (its successor) for another 6♠ keeps the count as it was.
    five, six, four = 4, 5, 3  # card ids: rank − 1 for spades
    start = (bytes([five]), bytes([six, five]), bytes([four]), bytes([six]))
    assert misplaced(start) == 4  # every card but the 5♠ resting on a 6♠
    children = {move: (after, count) for move, after, count, _ in expand(start, misplaced(start))}
    assert set(children) == {(2, 1, 0), (2, 1, 1), (0, 1, 3), (1, 1, 3)}
    assert children[(2, 1, 0)][1] == 3
    assert children[(1, 1, 3)][1] == 4
    assert all(count == misplaced(after) for after, count in children.values())


def test_a_finished_run_uncovered_by_a_move_leaves() -> None:
    # A typed-in layout may hold K♠…A♠ under 5♥: moving 5♥ away makes the run leave (SS-5),
    # which the fast generator sees on the source column, not only on the root position.
    position = layout_position(
        [
            ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS", "5H"],
            ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H"],
            ["4H", "3H", "2H", "AH"],
        ],
        "SS1-S2",
    )
    start = tuple(simple_simon.columns_of(position))
    children = {move: (after, removed) for move, after, _, removed in expand(start, 1)}
    after, removed = children[(0, 1, 1)]
    assert removed
    assert after[0] == b""
    assert key(after) == key(simple_simon.apply_move(list(start), (0, 1, 1)))


def test_blockers_count_cards_above_a_lower_card_of_their_suit() -> None:
    # 4♠ 8♠ 6♥ 6♠ K♠ 5♥: 8♠, 6♠, K♠ lie above 4♠; 6♥ lies above no lower heart.
    column = bytes([3, 7, 13 + 5, 5, 12, 13 + 4])  # ids: suit × 13 + rank − 1
    assert blockers(column) == 3
    assert blockers(b"") == 0


@pytest.mark.parametrize("strategy", PORTFOLIO, ids=lambda strategy: strategy.name)
def test_every_search_of_the_portfolio_is_complete_on_its_own(strategy: Strategy) -> None:
    # Each search alone must win a winnable position and run dry on a lost one.
    won = simple_simon.columns_of(Game.from_code("SS1-S4-AAAAAAD").position)
    path = portfolio_search(won, Budget(30.0), strategies=(strategy,))
    assert path is not None
    game = Game.from_code("SS1-S4-AAAAAAD")
    for move in simple_simon.to_moves(path):
        game.play(move)
    assert game.won
    lost = simple_simon.columns_of(Game.from_code("SS1-S4-AAAAAAM").position)
    assert portfolio_search(lost, Budget(30.0), strategies=(strategy,)) is None


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    suits=st.sampled_from(["S", "SH"]),
    column_count=st.integers(3, 5),
)
@pytest.mark.slow
def test_verdicts_agree_with_a_blind_search_of_the_real_rules(
    seed: int, suits: str, column_count: int
) -> None:
    position = layout_position(random_layout(seed, suits, column_count))
    truth, _ = exhaust_with_the_real_rules(position, limit=2_000)
    result = solve(position, seconds=30)
    assert result.verdict is not Verdict.UNKNOWN
    if truth is not None:
        assert (result.verdict is Verdict.WINNABLE) == truth
    if result.verdict is Verdict.WINNABLE:
        game = Game(position)
        for move in result.moves:
            game.play(move)
        assert game.won


@pytest.mark.parametrize(
    "position",
    [
        *(rules_for(parse_variant("SS1-S4")).deal(deal) for deal in (5, 13, 21, 54, 82, 156)),
        # Whole pack shuffled into ten columns of random heights (seeds found lost).
        *(layout_position(random_layout(seed, "SHDC", 10)) for seed in (18, 79, 124)),
    ],
    ids=lambda position: str(position.deal or "random"),
)
def test_not_winnable_is_confirmed_by_exhausting_the_real_rules(position: Position) -> None:
    result = solve(position, seconds=30)
    assert result.verdict is Verdict.NOT_WINNABLE
    assert exhaust_with_the_real_rules(position, limit=100_000)[0] is False


# Each search of the portfolio wins a deal within a few thousand positions that some other
# search of it does not win within 60 000 (measured on SS1-S4 deals 1–200).
EACH_STRATEGYS_DEAL = [
    ("oldest first", 73, 8_000),
    ("newest first", 188, 40_000),
    ("blockers, oldest first", 64, 2_000),
    ("blockers, newest first", 111, 3_000),
    ("heavy blockers, oldest first", 72, 40_000),
]


@pytest.mark.parametrize(("name", "deal", "positions"), EACH_STRATEGYS_DEAL)
@pytest.mark.slow
def test_each_search_of_the_portfolio_wins_a_deal_of_its_own(
    name: str, deal: int, positions: int
) -> None:
    strategy = next(strategy for strategy in PORTFOLIO if strategy.name == name)
    position = rules_for(parse_variant("SS1-S4")).deal(deal)
    path = portfolio_search(
        simple_simon.columns_of(position), Budget(60.0, max_positions=positions), (strategy,)
    )
    assert path is not None
    game = Game(position)
    for move in simple_simon.to_moves(path):
        game.play(move)
    assert game.won


def test_the_portfolio_holds_every_strategy_named_above() -> None:
    assert {name for name, _, _ in EACH_STRATEGYS_DEAL} == {s.name for s in PORTFOLIO}


@pytest.mark.parametrize("deal", [14, 24, 56, 111, 134])
def test_deals_the_old_search_left_undecided_are_won(deal: int) -> None:
    # SS1-S4 deals 14, 24, 56, 111, 134 were unknown after 10 s of the single best-first
    # search; the portfolio wins each within a few seconds.
    position = rules_for(parse_variant("SS1-S4")).deal(deal)
    result = solve(position, seconds=60, cpu_time=True)
    assert result.verdict is Verdict.WINNABLE
    assert result.seconds < 15
