"""Redo (UI-9) and finish (UI-10) through ``POST /api/games/{id}/actions``: ``can_redo`` and
``can_finish`` in every state, the scores and move counters of the rules, ``last`` for the board,
refusals that change nothing (state and log), redo and finish rebuilt after a restart, and
the time played (UI-13)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from .conftest import AppFactory, act, start

RANKS = "A23456789TJQK"


def run(suit: str, count: int) -> str:
    return " ".join(rank + suit for rank in RANKS[:count])


# Klondike a few cards from the end, every column card face up: T♥ can go up by hand, and
# after it the rest by a finish (two stock taps on the way).
KLONDIKE_ENDING = f"""game: KL1-D1N
s: [7C] [8D]
w: 6D
f1: {run("S", 9)}
f2: {run("H", 9)}
f3: {run("D", 4)}
f4: {run("C", 5)}
t1: KS QH JS
t2: KH QS JH TS
t3: 9D 8C 7D 6C 5D
t4: KD QC JD TC
t5: KC QD JC TD 9C
t6: TH
"""
EASY_HARP_ENDING = f"""game: EH1-N
s: [QC] [KH] [JC]
w: KC
f1: {run("S", 13)}
f2: {run("S", 11)}
f3: {run("H", 13)}
f4: {run("H", 12)}
f5: {run("D", 13)}
f6: {run("D", 12)}
f7: {run("C", 13)}
f8: {run("C", 10)}
t1: KS QS
t2: KD
"""


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    state: dict[str, Any] = response.json()
    return state


def read(client: TestClient, state: dict[str, Any]) -> dict[str, Any]:
    return ok(client.get(f"/api/games/{state['id']}"))


def log_of(app: FastAPI, state: dict[str, Any]) -> list[str]:
    actions: list[str] = app.state.services.store.actions(state["id"])
    return actions


def test_every_state_says_whether_redo_and_finish_can_be_done(client: TestClient) -> None:
    for code in ("KL1-D3V-AAAAAAG", "SS1-S4-AAAAABD", "EH1-N-AAAAAAF"):
        state = start(client, mode="code", code=code)
        assert (state["can_redo"], state["can_finish"]) == (False, False)
        assert state["seconds"] == 0


def test_ui9_redo_in_klondike_restores_score_and_counter(client: TestClient) -> None:
    state = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    moved = ok(act(client, state, type="move", move="t6-t7"))  # +5 for the card turned up
    undone = ok(act(client, moved, type="undo"))
    assert undone["can_redo"] and not undone["can_undo"]
    assert (undone["score"], undone["moves"]) == (0, 0)
    redone = ok(act(client, undone, type="redo"))
    assert redone["version"] == 3
    assert redone["last"] == {"action": "redo", "move": "t6-t7", "flips": 1, "runs_removed": 0}
    assert (redone["score"], redone["moves"], redone["can_redo"], redone["can_undo"]) == (
        5,
        1,
        False,
        True,
    )
    for key in ("piles", "fan", "score", "score_text", "moves", "dests", "can_finish"):
        assert redone[key] == moved[key], key
    assert read(client, redone) == redone


def test_ui9_redo_in_easy_harp_counts_as_a_move(client: TestClient) -> None:
    state = start(client, mode="code", code="EH1-N-AAAAAAF")
    tapped = ok(act(client, state, type="tap", pile="t4", index=3))
    assert (tapped["score"], tapped["moves"]) == (15, 1)
    undone = ok(act(client, tapped, type="undo"))
    assert (undone["score"], undone["moves"]) == (0, 1)  # EH-11
    redone = ok(act(client, undone, type="redo"))
    assert (redone["score"], redone["moves"]) == (15, 2)
    assert redone["piles"] == tapped["piles"]
    assert redone["last"]["move"] == "t4-f3"


def test_ui9_redo_in_simple_simon_and_another_action_clears_it(client: TestClient) -> None:
    state = start(client, mode="code", code="SS1-S4-AAAAABD")
    first = ok(act(client, state, type="double_click", pile="t8", index=2))
    second = ok(act(client, first, type="move", move="t1-t10"))
    back = ok(act(client, ok(act(client, second, type="undo")), type="undo"))
    assert (back["score"], back["moves"]) == (500, 0)
    again = ok(act(client, back, type="redo"))
    assert (again["score"], again["moves"], again["can_redo"]) == (499, 1, True)
    assert again["piles"] == first["piles"]
    other = ok(act(client, again, type="move", move="t7-t2"))
    assert other["can_redo"] is False
    refused = act(client, other, type="redo")
    assert refused.status_code == 422


def test_ui9_a_refused_redo_changes_nothing(app: FastAPI, client: TestClient) -> None:
    state = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    moved = ok(act(client, state, type="stock"))
    log = log_of(app, moved)
    response = act(client, moved, type="redo")
    assert response.status_code == 422
    body = response.json()
    assert (body["error"], body["reason"], body["rule"]) == ("illegal", "nothing_to_redo", None)
    assert body["message"] == "There is nothing to redo."
    assert body["state"] == moved
    assert read(client, moved) == moved and log_of(app, moved) == log == ["d"]


def test_ui9_redo_survives_a_restart(make_app: AppFactory) -> None:
    first_app = make_app()
    with TestClient(first_app) as client:
        state = start(client, mode="code", code="EH1-N-AAAAAAF")
        for action in ({"type": "stock"}, {"type": "stock"}, {"type": "undo"}, {"type": "undo"}):
            state = ok(act(client, state, **action))
        state = ok(act(client, state, type="redo"))
        assert state["can_redo"] and state["moves"] == 3
        cookie = client.cookies["solitaire_player"]
        assert log_of(first_app, state) == ["d", "d", "undo", "undo", "redo"]
    first_app.state.services.store.engine.dispose()
    with TestClient(make_app()) as client:
        client.cookies.set("solitaire_player", cookie)
        resumed = ok(client.get("/api/games/current"))
        assert resumed == state  # rebuilt from the log: redo stack, last and counter too
        redone = ok(act(client, resumed, type="redo"))
        assert (redone["moves"], redone["can_redo"]) == (4, False)
        assert redone["last"] == {"action": "redo", "move": "d", "flips": 0, "runs_removed": 0}


def test_ui10_finish_in_klondike_is_one_action_of_many_moves(
    app: FastAPI, client: TestClient
) -> None:
    state = start(client, mode="layout", layout=KLONDIKE_ENDING)
    assert state["can_finish"]
    by_hand = ok(act(client, state, type="tap", pile="t6", index=0))  # T♥ home, +10
    finished = ok(act(client, by_hand, type="finish"))
    assert finished["version"] == 2 and finished["won"]
    steps = finished["last"]["steps"]
    assert finished["last"] == {
        "action": "finish",
        "move": None,
        "flips": 0,
        "runs_removed": 0,
        "steps": steps,
    }
    assert steps[:3] == ["t3-f3", "t3-f4", "t2-f1"] and steps.count("d") == 2
    cards = len(steps) - 2
    assert cards == 24
    assert (finished["score"], finished["moves"]) == (10 + 10 * cards, 1 + len(steps))
    assert (finished["can_finish"], finished["can_undo"], finished["can_redo"]) == (
        False,
        False,
        False,
    )
    assert {pile["id"]: len(pile["cards"]) for pile in finished["piles"]}["f4"] == 13
    assert log_of(app, finished) == ["t6-f2", "finish"]
    assert read(client, finished) == finished


def test_ui10_finish_in_easy_harp_counts_every_move(client: TestClient) -> None:
    state = start(client, mode="layout", layout=EASY_HARP_ENDING)
    finished = ok(act(client, state, type="finish"))
    assert finished["won"]
    assert finished["last"]["steps"] == [
        "t1-f2", "t1-f2", "t2-f6", "d", "w-f8", "d", "w-f4", "d", "w-f8", "w-f8",
    ]  # fmt: skip
    assert (finished["score"], finished["moves"]) == (70, 10)


@pytest.mark.parametrize(
    ("code", "move", "reason"),
    [
        ("KL1-D1N-AAAAAAG", "t6-t7", "cannot_finish"),
        ("EH1-N-AAAAAAF", "t4-f3", "cannot_finish"),
        ("SS1-S4-AAAAABD", "t8-t4", "no_finish"),
    ],
)
def test_ui10_a_refused_finish_changes_nothing(
    app: FastAPI, client: TestClient, code: str, move: str, reason: str
) -> None:
    state = ok(act(client, start(client, mode="code", code=code), type="move", move=move))
    response = act(client, state, type="finish")
    assert response.status_code == 422, response.text
    body = response.json()
    assert (body["error"], body["reason"], body["rule"]) == ("illegal", reason, "UI-10")
    assert body["message"] == client.get("/api/messages").json()["messages"][f"reason.{reason}"]
    assert body["state"] == state
    assert read(client, state) == state and log_of(app, state) == [move]


def test_ui10_the_refusal_is_in_the_players_language(client: TestClient) -> None:
    assert client.put("/api/settings", json={"language": "nl"}).status_code == 200
    state = start(client, mode="code", code="KL1-D3N-AAAAAAG")
    body = act(client, state, type="finish").json()
    assert body["message"].startswith("Het spel in één keer afmaken kan pas")


def test_ui10_a_won_game_takes_no_finish_nor_redo(client: TestClient) -> None:
    state = start(client, mode="layout", layout=KLONDIKE_ENDING)
    won = ok(act(client, state, type="finish"))
    for kind in ("finish", "redo", "undo"):
        response = act(client, won, type=kind)
        assert (response.status_code, response.json()["reason"]) == (422, "game_over")
    assert read(client, won) == won


def test_ui10_a_finish_survives_a_restart(make_app: AppFactory) -> None:
    first_app = make_app()
    with TestClient(first_app) as client:
        state = start(client, mode="layout", layout=EASY_HARP_ENDING)
        state = ok(act(client, ok(act(client, state, type="stock")), type="undo"))
        state = ok(act(client, state, type="finish"))
        cookie = client.cookies["solitaire_player"]
    first_app.state.services.store.engine.dispose()
    with TestClient(make_app()) as client:
        client.cookies.set("solitaire_player", cookie)
        assert ok(client.get("/api/games/current")) == state


def test_stale_redo_and_finish_change_nothing(client: TestClient) -> None:
    state = start(client, mode="layout", layout=KLONDIKE_ENDING)
    moved = ok(act(client, state, type="stock"))
    for kind in ("redo", "finish"):
        response = act(client, state, type=kind)  # made on version 0
        assert response.status_code == 409
        assert response.json()["state"] == moved


@pytest.mark.parametrize(
    "action",
    [
        {"type": "redo"},
        {"type": "finish"},
        {"type": "redo", "version": 0, "move": "d"},
        {"type": "finish", "version": "0"},
        {"type": "finish", "version": 0, "pile": "t1"},
    ],
)
def test_malformed_redo_and_finish_get_400(client: TestClient, action: dict[str, Any]) -> None:
    state = start(client, mode="layout", layout=KLONDIKE_ENDING)
    response = client.post(f"/api/games/{state['id']}/actions", json=action)
    assert response.status_code == 400, response.text
    assert read(client, state) == state


def test_ui13_the_time_played_runs_to_the_last_action_and_stops_at_the_win(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The store's clock, moved by hand: 65 s to the first action, 30 s more to the win.
    now = [dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC)]
    monkeypatch.setattr(app.state.services.store, "clock", lambda: now[0])

    def later(seconds: float) -> None:
        now[0] += dt.timedelta(seconds=seconds)

    state = start(client, mode="layout", layout=KLONDIKE_ENDING)
    later(65.4)
    moved = ok(act(client, state, type="stock"))
    assert moved["seconds"] == 65
    later(10)
    assert read(client, moved)["seconds"] == 65  # no clock between actions
    later(20)
    won = ok(act(client, moved, type="finish"))
    assert won["seconds"] == 95
    later(3600)
    assert read(client, won) == won  # fixed once won
    recent = client.get("/api/stats").json()["variants"][0]["recent"]
    assert recent[-1]["seconds"] == won["seconds"]  # the measure of the statistics


def test_the_auto_finish_setting(client: TestClient) -> None:
    assert client.get("/api/settings").json()["auto_finish"] is False
    response = client.put("/api/settings", json={"auto_finish": True})
    assert response.status_code == 200 and response.json()["auto_finish"] is True
    assert client.get("/api/settings").json()["auto_finish"] is True
    assert client.put("/api/settings", json={"auto_finish": "yes"}).status_code == 400
    messages = client.get("/api/messages").json()["messages"]
    assert messages["ui.setting.auto_finish"] == "Finish automatically"
    assert messages["ui.setting.auto_finish_help"]
