"""The answer models (server/answers.py) against real answers of games played through the API
— every variant's states, a stale and a refused action, statistics with their chart, the
history, settings, messages, the pages' API and hints — so the schema is checked on bodies
full of cards, not only on the made-up requests of the contract test."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter

from solitaire.codes import ALL_VARIANTS
from solitaire.server.answers import (
    GameState,
    HintAnswer,
    HistoryAnswer,
    IllegalAnswer,
    MessagesAnswer,
    SettingsAnswer,
    SiteAnswer,
    StaleAnswer,
    StatsAnswer,
)

from .conftest import act, start
from .test_hints import _won_in_one


def valid(model: Any, body: Any) -> None:
    """The body is an instance of the model (which forbids fields it does not list)."""
    TypeAdapter(model).validate_python(body)


@pytest.mark.parametrize("variant", [str(variant) for variant in ALL_VARIANTS])
def test_the_states_of_a_game_in_play(client: TestClient, variant: str) -> None:
    state = start(client, mode="daily", variant=variant)
    valid(GameState, state)
    for _ in range(12):
        if state["dests"]:
            dest = state["dests"][0]
            answer = act(
                client,
                state,
                type="drop",
                pile=dest["pile"],
                index=dest["index"],
                target=dest["targets"][0],
            )
        elif state["stock_tap"] is not None:
            answer = act(client, state, type="stock")
        else:
            break  # nothing can move (a deal can be blocked from its start)
        assert answer.status_code == 200, answer.text
        state = answer.json()
        valid(GameState, state)
    if state["can_undo"]:
        undone = act(client, state, type="undo").json()
        valid(GameState, undone)
    stale = client.post(
        f"/api/games/{state['id']}/actions",
        json={"version": state["version"] + 5, "type": "undo"},
    )
    assert stale.status_code == 409
    valid(StaleAnswer, stale.json())


def test_a_refusal(client: TestClient) -> None:
    state = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    refused = act(client, state, type="move", move="t1-t2")
    assert refused.status_code == 422
    valid(IllegalAnswer, refused.json())


def test_the_records_settings_and_words(client: TestClient) -> None:
    state = start(client, mode="code", code="KL1-D1V-AAAAAAG")
    act(client, state, type="stock")
    start(client, mode="code", code="SS1-S2-AAAAABD")  # the first is finished, lost
    stats = client.get("/api/stats").json()
    assert stats["variants"] and stats["variants"][0]["chart"].startswith("<svg")
    valid(StatsAnswer, stats)
    valid(StatsAnswer, client.post("/api/stats/reset", json={"variant": "all"}).json())
    history = client.get("/api/history").json()
    assert history["games"]
    valid(HistoryAnswer, history)
    valid(SettingsAnswer, client.get("/api/settings").json())
    valid(SettingsAnswer, client.put("/api/settings", json={"hints": True}).json())
    valid(MessagesAnswer, client.get("/api/messages?lang=ro").json())
    valid(SiteAnswer, client.get("/api/site?lang=nl-BE").json())


def test_the_hints(client: TestClient) -> None:
    client.put("/api/settings", json={"hints": True})
    state = start(client, mode="layout", layout=_won_in_one())
    found = client.post(f"/api/games/{state['id']}/hint", json={"version": 0}).json()
    assert found["found"] is True
    valid(HintAnswer, found)
    won = act(client, state, type="move", move=found["move"]).json()
    assert won["won"]
    finished = client.post(f"/api/games/{won['id']}/hint", json={"version": 1}).json()
    assert finished["verdict"] == "won"
    valid(HintAnswer, finished)


def test_a_finish_an_undo_and_a_redo(client: TestClient) -> None:
    state = start(client, mode="layout", layout=_won_in_one())
    assert state["can_finish"]
    finished = act(client, state, type="finish").json()
    assert finished["won"] and finished["last"]["action"] == "finish"
    valid(GameState, finished)
    over = act(client, finished, type="undo")
    assert over.status_code == 422
    valid(IllegalAnswer, over.json())
    state = start(client, mode="code", code="KL1-D3N-AAAAAAG")
    tapped = act(client, state, type="stock").json()
    undone = act(client, tapped, type="undo").json()
    redone = act(client, undone, type="redo").json()
    assert redone["last"]["action"] == "redo"
    for body in (undone, redone):
        valid(GameState, body)
