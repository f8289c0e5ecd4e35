"""DC-1 through the API: ``POST /api/games`` mode ``challenge``, ``GET /api/challenges``, and
no hints in a challenge. The server's today is pinned (TESTS_TODAY)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solitaire.codes import GameId
from solitaire.levels.challenges import challenge_for

from ..support.server import TESTS_TODAY
from .conftest import act, start

TODAY = TESTS_TODAY
GAME = GameId.SIMPLE_SIMON  # short solutions: quick to play through the API


def _play_solution(client: TestClient, state: dict[str, Any], solution: str) -> dict[str, Any]:
    for move in solution.split():
        response = act(client, state, type="move", move=move)
        assert response.status_code == 200, response.text
        state = response.json()
    return state


def _play_challenge(client: TestClient, day: dt.date) -> dict[str, Any]:
    state = start(client, mode="challenge", date=day.isoformat(), game=GAME.value)
    return _play_solution(client, state, challenge_for(GAME, day).graded.solution)


def test_dc_1_a_challenge_is_the_same_deal_and_goal_for_two_players(
    client: TestClient, other_client: TestClient
) -> None:
    mine = start(client, mode="challenge", date=TODAY.isoformat(), game="SS")
    theirs = start(other_client, mode="challenge", date=TODAY.isoformat(), game="ss")
    assert mine["id"] != theirs["id"]
    assert mine["code"] == theirs["code"] == str(challenge_for(GAME, TODAY).code)
    assert mine["challenge"] == theirs["challenge"]
    assert mine["challenge"]["goal"] == challenge_for(GAME, TODAY).goal.as_json()
    assert mine["challenge"]["met"] is False
    assert mine["level"] == mine["challenge"]["level"]
    yesterday = start(
        client, mode="challenge", date=(TODAY - dt.timedelta(1)).isoformat(), game="SS"
    )
    assert yesterday["challenge"]["date"] != mine["challenge"]["date"]
    assert (yesterday["code"], yesterday["challenge"]["goal"]) != (
        mine["code"],
        mine["challenge"]["goal"],
    )


def test_dc_1_future_days_other_months_and_bad_input_are_refused(client: TestClient) -> None:
    cases = [
        ({"date": (TODAY + dt.timedelta(1)).isoformat(), "game": "SS"}, "hasn't come"),
        ({"date": "2026-10-31", "game": "SS"}, "only this month's"),
        ({"date": "2026-11-31", "game": "SS"}, "is not a date"),
        ({"date": TODAY.isoformat(), "game": "XY"}, "is not a game"),
        ({"game": "SS"}, "date"),
    ]
    for body, words in cases:
        response = client.post("/api/games", json={"mode": "challenge", **body})
        assert response.status_code == 400, (body, response.text)
        assert words in response.json()["message"], (body, response.json())
    assert client.get("/api/games/current").status_code == 404  # nothing was started


def test_dc_1_hints_are_refused_in_a_challenge(client: TestClient) -> None:
    assert client.put("/api/settings", json={"hints": True}).status_code == 200
    state = start(client, mode="challenge", date=TODAY.isoformat(), game="SS")
    response = client.post(f"/api/games/{state['id']}/hint", json={"version": state["version"]})
    assert response.status_code == 403
    assert response.json()["error"] == "hints_challenge"
    assert "No hints in a daily challenge" in response.json()["message"]


def test_dc_1_a_met_challenge_marks_the_day_and_the_streak(client: TestClient) -> None:
    before = client.get("/api/challenges").json()
    assert before["month"] == "2026-11" and before["streak"] == 0
    yesterday = TODAY - dt.timedelta(1)
    for day in (yesterday, TODAY):
        state = _play_challenge(client, day)
        assert state["won"] and state["challenge"]["met"] is True
    calendar = client.get("/api/challenges", params={"month": "2026-11"}).json()
    days = {day["date"]: day for day in calendar["days"]}
    assert len(days) == 30
    for day in (yesterday, TODAY):
        entry = days[day.isoformat()]
        assert entry["done"] and entry["playable"]
        done = {challenge["game"]: challenge["done"] for challenge in entry["challenges"]}
        assert done["SS"] is True and done.get("KL", False) is False
    assert days["2026-11-01"]["playable"] and not days["2026-11-01"]["done"]
    assert calendar["streak"] == 2
    # Another month: read only, its days not playable; a month still to come shows no
    # challenges.
    october = client.get("/api/challenges", params={"month": "2026-10"}).json()
    assert not any(day["playable"] for day in october["days"])
    december = client.get("/api/challenges", params={"month": "2026-12"}).json()
    assert all(day["challenges"] == [] for day in december["days"])


@pytest.mark.slow  # ten challenges played to their goals through the API
def test_dc_1_ten_days_done_earn_the_bronze_badge(client: TestClient) -> None:
    for back in range(10):
        _play_challenge(client, TODAY - dt.timedelta(back))
    calendar = client.get("/api/challenges").json()
    badges = {entry["game"]: entry for entry in calendar["badges"]}
    assert badges["SS"] == {"game": "SS", "days_done": 10, "badge": "bronze"}
    assert badges["KL"]["badge"] is None
    assert calendar["streak"] == 10


def test_dc_1_a_game_that_does_not_meet_the_goal_does_not_mark_the_day(
    client: TestClient,
) -> None:
    state = start(client, mode="challenge", date=TODAY.isoformat(), game="SS")
    first = challenge_for(GAME, TODAY).graded.solution.split()[0]
    state = act(client, state, type="move", move=first).json()
    assert state["challenge"]["met"] is False
    calendar = client.get("/api/challenges").json()
    assert not any(day["done"] for day in calendar["days"])
    assert calendar["streak"] == 0


def test_dc_1_a_bad_month_is_refused(client: TestClient) -> None:
    for month in ("2026-13", "November", "2026-1"):
        response = client.get("/api/challenges", params={"month": month})
        assert response.status_code == 400, month
        assert "is not a month" in response.json()["message"]


def test_dc_1_the_statistics_of_the_challenges_count_only_their_games(
    client: TestClient,
) -> None:
    """``GET /api/stats?challenge=true``: a challenge won counts, a game of the same level
    outside the challenges does not; with ``level`` too, the challenges of that level."""
    challenge = challenge_for(GAME, TODAY)
    state = _play_challenge(client, TODAY)
    assert state["won"]
    # The same graded deal again by its code: not a challenge any more (and no level).
    other = start(client, mode="code", code=str(challenge.code))
    other = _play_solution(client, other, challenge.graded.solution)
    assert other["won"] and other["challenge"] is None
    variant_key = f"SS-{str(challenge.code.variant).split('-')[1]}"
    every = client.get("/api/stats").json()["variants"]
    assert [(entry["variant"], entry["played"]) for entry in every] == [(variant_key, 2)]
    only = client.get("/api/stats", params={"challenge": "true"}).json()["variants"]
    assert [(entry["variant"], entry["played"], entry["won"]) for entry in only] == [
        (variant_key, 1, 1)
    ]
    level = challenge.level
    both = client.get("/api/stats", params={"challenge": "true", "level": level}).json()
    assert [entry["played"] for entry in both["variants"]] == [1]
    other_level = next(name for name in ("easy", "expert") if name != level)
    assert (
        client.get("/api/stats", params={"challenge": "true", "level": other_level}).json()[
            "variants"
        ]
        == []
    )
    assert client.get("/api/stats", params={"challenge": "maybe"}).status_code == 400
