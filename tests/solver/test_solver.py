"""The solver's verdicts and solutions, checked against the real rules (solitaire.play.Game)."""

from __future__ import annotations

import pytest

from solitaire.codes import parse_code, parse_variant
from solitaire.games import rules_for
from solitaire.layout import parse_layout
from solitaire.moves import Move
from solitaire.play import Game
from solitaire.position import Position
from solitaire.solver import SolverError, Verdict, hint, replay, solve

from .real_rules import exhaust_with_the_real_rules

# Deals that the solver wins quickly (well under a second on an idle machine).
QUICK_WINS = [
    "KL1-D1N-AAAAAAF",
    "KL1-D1N-AAAAAAG",
    "KL1-D1N-AAAAABP",
    "KL1-D3N-AAAAAAG",
    "KL1-D3N-AAAAAAI",
    "KL1-D1V-AAAAABX",
    "KL1-D3V-AAAAABX",
    "EH1-N-AAAAAAG",
    "SS1-S1-AAAAAAC",
    "SS1-S1-AAAAAAI",
    "SS1-S2-AAAAAAE",
    "SS1-S2-AAAAAAC",
    "SS1-S4-AAAAAAD",
    "SS1-S4-AAAAAAG",
]


def deal(code: str) -> Position:
    parsed = parse_code(code)
    return rules_for(parsed.variant).deal(parsed.deal)


@pytest.mark.parametrize("code", QUICK_WINS)
def test_solutions_replay_to_a_win_through_the_real_rules(code: str) -> None:
    result = solve(deal(code), seconds=30)
    assert result.verdict is Verdict.WINNABLE
    game = Game.from_code(code)
    for move in result.moves:
        game.play(move)
    assert game.won
    assert result.positions > 0


def test_vegas_allows_no_pass_back() -> None:
    # KL-9: the same cards, won with passes in Normal scoring, are lost in Vegas.
    assert solve(deal("KL1-D1N-AAAAAAH"), seconds=30).verdict is Verdict.WINNABLE
    assert solve(deal("KL1-D1V-AAAAAAH"), seconds=30).verdict is Verdict.NOT_WINNABLE


@pytest.mark.parametrize(
    "code",
    [
        "SS1-S4-AAAAAAM",
        "SS1-S4-AAAAABD",
        "KL1-D3V-AAAAAAG",
        # Lost in draw 3, though the same cards are won in draw 1 (KL1-D1N-AAAAAAT is in
        # the test below): the talon's groups of three matter.
        "KL1-D3N-AAAAAAT",
        "KL1-D3N-AAAAABP",
    ],
)
def test_a_blocked_deal_is_proved_not_winnable(code: str) -> None:
    position = deal(code)
    result = solve(position, seconds=30)
    assert result.verdict is Verdict.NOT_WINNABLE
    assert result.moves == ()
    # The real rules, searched blindly to the end, agree.
    won, positions = exhaust_with_the_real_rules(position)
    assert not won
    assert positions < 5_000


def test_a_small_typed_in_position_with_no_move_is_not_winnable() -> None:
    # Two suits left (♦ and ♣ have gone, SS-5); the last cards are K J 9 7 5 of ♠ and ♥, so
    # no last card has a column whose last card is one rank higher, and no column is empty.
    stuck = parse_layout(
        "game: SS1-S4\nt1: AS 2H KS\nt2: AH 2S KH\nt3: 3S 4H JS\nt4: 3H 4S JH\n"
        "t5: 6S 8H 9S\nt6: 6H 8S 9H\nt7: TS QH 7S\nt8: TH QS 7H\nt9: 5S\nt10: 5H"
    )
    result = solve(stuck, seconds=10)
    assert result.verdict is Verdict.NOT_WINNABLE
    assert rules_for(stuck.variant).legal_moves(stuck) == []


def test_finished_runs_in_a_typed_in_layout_leave_after_the_first_move() -> None:
    # As in the rules (SS-5), every finished run leaves after a move, not only the new one.
    winnable = parse_layout(
        "game: SS1-S1\nt1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\nt2: AS\n"
        "t3: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS\n"
        "t4: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS\nt5: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
    )
    result = solve(winnable, seconds=10)
    assert result.verdict is Verdict.WINNABLE
    assert [str(move) for move in result.moves] == ["t2-t1"]


def test_a_budget_of_nothing_gives_unknown() -> None:
    result = solve(deal("KL1-D1N-AAAAAAB"), seconds=0)
    assert result.verdict is Verdict.UNKNOWN
    assert result.moves == ()
    assert solve(deal("SS1-S4-AAAAAAB"), seconds=30, max_positions=1).verdict is Verdict.UNKNOWN


def test_a_won_position_needs_no_move() -> None:
    empty = parse_layout("game: SS1-S4\nt1:")
    result = solve(empty, seconds=0)
    assert result.verdict is Verdict.WINNABLE
    assert result.moves == ()
    assert hint(empty, seconds=1) is None


def test_a_negative_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="seconds"):
        solve(deal("SS1-S4-AAAAAAB"), seconds=-1)


def test_hint_is_the_first_move_of_a_solution_and_legal() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("d")
    move = hint(game.position, seconds=30)
    assert isinstance(move, Move)
    game.play(move)  # legal: raises Refusal otherwise
    rest = solve(game.position, seconds=30)
    assert rest.verdict is Verdict.WINNABLE


def test_replay_refuses_a_wrong_solution() -> None:
    with pytest.raises(SolverError, match="refused"):
        replay(deal("SS1-S4-AAAAAAD"), [Move.parse("t1-t2")] * 3)
    with pytest.raises(SolverError, match="does not win"):
        replay(deal("KL1-D1N-AAAAAAG"), [Move.parse("d")])


def test_the_solver_sees_face_down_cards_from_the_server_position() -> None:
    # The solver receives the whole position; the player's view hides those cards.
    game = Game.from_code("KL1-D3N-AAAAAAG")
    assert None in game.observation()["piles"][-1]["cards"]
    assert solve(game.position, seconds=30).verdict is Verdict.WINNABLE


def test_solve_refuses_nothing_of_any_variant() -> None:
    for text in ("KL1-D1N", "KL1-D3V", "EH1-N", "SS1-S1"):
        variant = parse_variant(text)
        result = solve(rules_for(variant).deal(1), seconds=0.05)
        assert result.verdict in Verdict
