"""DC-1: the daily challenges: the same for everyone on a day, another the next day, goals
the proven solution meets, the streak and the badges."""

from __future__ import annotations

import datetime as dt

import pytest

from solitaire.codes import GameId, parse_variant
from solitaire.games import rules_for
from solitaire.levels.challenges import (
    WEEKDAY_LEVELS,
    Goal,
    badge,
    challenge_for,
    challenge_state,
    goal_from,
    month_days,
    streak,
)
from solitaire.levels.data import graded_deals
from solitaire.levels.grading import LEVELS, play_solution

from ..support.server import TESTS_TODAY

DAY = TESTS_TODAY
GAMES = [GameId.SIMPLE_SIMON, GameId.KLONDIKE, GameId.EASY_HARP]


def _games_with_deals() -> list[GameId]:
    found = []
    for game in GAMES:
        try:
            challenge_for(game, DAY)
        except LookupError:
            continue
        found.append(game)
    return found


@pytest.mark.parametrize("game", _games_with_deals())
def test_dc_1_a_day_has_one_challenge_per_game_the_same_for_everyone(game: GameId) -> None:
    first = challenge_for(game, DAY)
    assert challenge_for(game, DAY) == first
    assert first.code.variant.game is game
    assert first.level == WEEKDAY_LEVELS[DAY.weekday()]
    # A graded deal of that level: proven winnable ahead of time.
    assert first.graded in graded_deals(first.code.variant, first.level)


@pytest.mark.parametrize("game", _games_with_deals())
def test_dc_1_challenges_differ_between_days(game: GameId) -> None:
    week = [challenge_for(game, DAY - dt.timedelta(days=back)) for back in range(7)]
    assert len({(challenge.code, challenge.goal) for challenge in week}) == 7
    assert challenge_for(game, DAY) != challenge_for(game, DAY + dt.timedelta(days=1))


@pytest.mark.parametrize("game", _games_with_deals())
def test_dc_1_each_goal_is_met_by_the_deals_proven_solution(game: GameId) -> None:
    for day in month_days(DAY.year, DAY.month)[:10]:
        challenge = challenge_for(game, day)
        played = play_solution(challenge.code, challenge.graded.solution)
        assert challenge.goal.met(won=played.won, moves=played.moves, score=played.score)
        state = challenge_state(game, day, won=played.won, moves=played.moves, score=played.score)
        assert state["met"] is True and state["code"] == str(challenge.code)


def test_dc_1_the_goals_kinds() -> None:
    graded = graded_deals(challenge_for(GameId.SIMPLE_SIMON, DAY).code.variant, "easy")[0]
    moves = goal_from(graded, "moves")
    assert moves.kind == "moves" and moves.moves is not None and moves.moves >= graded.counter
    assert moves.met(won=True, moves=moves.moves, score=0)
    assert not moves.met(won=True, moves=moves.moves + 1, score=0)
    assert not moves.met(won=False, moves=1, score=0)
    score = Goal("score", score=100)
    assert score.met(won=False, moves=5, score=100) and not score.met(won=True, moves=5, score=99)
    assert Goal("win").met(won=True, moves=999, score=0)


@pytest.mark.parametrize(
    "variant", ["KL1-D1N", "KL1-D1V", "KL1-D3N", "KL1-D3V", "SS1-S1", "SS1-S2", "SS1-S4", "EH1-N"]
)
def test_dc_1_no_score_goal_is_met_before_the_first_move(variant: str) -> None:
    """A challenge is done when a game *meets* its goal: a score goal at or below the score a
    game starts with (Simple Simon starts at 500) would be done by merely starting it."""
    rules = rules_for(parse_variant(variant))
    start = rules.initial_score
    for level in LEVELS:
        for graded in graded_deals(parse_variant(variant), level):
            goal = goal_from(graded, "score")
            assert not goal.met(won=False, moves=0, score=start), (graded.code, goal)
            # ... and the solution still meets it (test_data holds the stored score to be the
            # solution's, replayed).
            assert goal.met(won=True, moves=graded.counter, score=graded.score)


@pytest.mark.parametrize(("variant", "shown"), [("KL1-D3V", "+${}"), ("KL1-D3N", "{}")])
def test_dc_1_a_score_goal_is_shown_as_the_board_shows_the_variant_s_score(
    variant: str, shown: str
) -> None:
    """In Klondike Vegas the score is money: the goal says ``+$100`` as the toolbar would."""
    graded = next(deal for deal in graded_deals(parse_variant(variant), "medium") if deal.score > 0)
    goal = goal_from(graded, "score")
    assert goal.score is not None and goal.score_text == shown.format(goal.score)
    assert goal.as_json()["score_text"] == goal.score_text
    assert goal_from(graded, "moves").as_json()["score_text"] is None


def test_dc_1_the_streak_counts_days_in_a_row_up_to_today() -> None:
    days = [DAY - dt.timedelta(days=back) for back in (0, 1, 2, 4)]
    assert streak(days, DAY) == 3
    # Today not done yet: the streak up to yesterday still stands.
    assert streak(days[1:], DAY) == 2
    assert streak([], DAY) == 0
    assert streak([DAY - dt.timedelta(days=2)], DAY) == 0


def test_dc_1_badges_at_10_20_and_every_day() -> None:
    assert [badge(days, 30) for days in (0, 9, 10, 19, 20, 29, 30)] == [
        None,
        None,
        "bronze",
        "bronze",
        "silver",
        "silver",
        "gold",
    ]
    assert badge(28, 28) == "gold"
