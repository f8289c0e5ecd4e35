"""LV-1 through the API: a new game at a level deals one of the shipped graded deals, and
the statistics can be read per level."""

from __future__ import annotations

from fastapi.testclient import TestClient

from solitaire.codes import parse_code, parse_variant
from solitaire.levels.data import graded_deals, level_of

from .conftest import act, start

VARIANT = "SS1-S1"


def test_lv_1_a_new_game_at_a_level_is_a_graded_deal_of_that_level(client: TestClient) -> None:
    for level in ("easy", "medium", "hard", "expert"):
        state = start(client, mode="new", variant=VARIANT, level=level)
        code = parse_code(state["code"])
        assert state["level"] == level and state["challenge"] is None
        assert level_of(code.variant, code.deal) == level
    # Any deal (the default) has no level.
    assert start(client, mode="new", variant=VARIANT)["level"] is None


def test_lv_1_a_winnable_request_at_a_level_needs_no_search(client: TestClient) -> None:
    state = start(client, mode="new", variant=VARIANT, level="hard", winnable=True)
    assert level_of(parse_variant(VARIANT), parse_code(state["code"]).deal) == "hard"


def test_lv_1_a_bad_level_is_refused_with_a_clear_message(client: TestClient) -> None:
    response = client.post("/api/games", json={"mode": "new", "variant": VARIANT, "level": "x"})
    assert response.status_code == 400
    assert response.json()["message"] == 'The field "level" holds none of the values it accepts.'
    response = client.post(
        "/api/games", json={"mode": "code", "code": "SS1-S1-AAAAAAB", "level": "easy"}
    )
    assert response.status_code == 400
    assert response.json()["message"] == "A level can be chosen only for a new deal."
    assert client.get("/api/games/current").status_code == 404


def test_lv_1_the_same_deal_again_keeps_its_level(client: TestClient) -> None:
    state = start(client, mode="new", variant=VARIANT, level="medium")
    again = start(client, mode="same", game_id=state["id"])
    assert again["code"] == state["code"] and again["level"] == "medium"


def test_lv_1_statistics_per_level(client: TestClient) -> None:
    state = start(client, mode="new", variant=VARIANT, level="easy")
    graded = next(
        graded
        for graded in graded_deals(parse_variant(VARIANT), "easy")
        if str(graded.code) == state["code"]
    )
    for move in graded.solution.split():
        state = act(client, state, type="move", move=move).json()
    assert state["won"]
    easy = client.get("/api/stats", params={"level": "easy"}).json()
    assert [(entry["played"], entry["won"]) for entry in easy["variants"]] == [(1, 1)]
    assert client.get("/api/stats", params={"level": "hard"}).json()["variants"] == []
    assert client.get("/api/stats", params={"level": "nope"}).status_code == 400
