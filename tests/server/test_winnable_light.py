"""UI-20, the winnable light: ``POST /api/games/{id}/winnable`` answers the solver's verdict
(winnable, not winnable, or unknown within the light's budget), never a move; it is refused
while the setting is off and in a daily challenge; a game played with the light, or with a
hint, says so in the history."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi.testclient import TestClient

from ..support.server import TESTS_TODAY
from .conftest import AppFactory, act, start
from .test_hints import LOST_DEAL, _hint, _hints_on, _won_in_one


def _light_on(client: TestClient) -> None:
    response = client.put("/api/settings", json={"winnable_light": True})
    assert response.status_code == 200, response.text


def _verdict(client: TestClient, state: dict[str, Any]) -> httpx.Response:
    response: httpx.Response = client.post(
        f"/api/games/{state['id']}/winnable", json={"version": state["version"]}
    )
    return response


def _finish(client: TestClient, state: dict[str, Any]) -> None:
    """Ends the game by starting another (an abandoned game with a move is in the history)."""
    start(client, mode="code", code="EH1-N-AAAAAAF")


def _history_marks(client: TestClient, game_id: str) -> tuple[bool, bool]:
    rows = client.get("/api/history").json()["games"]
    row = next(row for row in rows if row["id"] == game_id)
    return row["hints"], row["light"]


def test_the_light_is_off_by_default_and_refused_while_off(client: TestClient) -> None:
    assert client.get("/api/settings").json()["winnable_light"] is False
    state = start(client, mode="layout", layout=_won_in_one())
    response = _verdict(client, state)
    assert response.status_code == 403
    assert response.json()["error"] == "light_off"
    assert "Settings" in response.json()["message"]


def test_ui_20_a_position_that_can_be_won_is_winnable_and_no_move_is_told(
    client: TestClient,
) -> None:
    _light_on(client)
    state = start(client, mode="layout", layout=_won_in_one())
    body = _verdict(client, state).json()
    assert body["verdict"] == "winnable"
    assert body["version"] == state["version"]
    # Never a move: the light tells the verdict alone.
    assert set(body) == {"verdict", "version", "seconds"}


def test_ui_20_a_lost_deal_is_not_winnable(client: TestClient) -> None:
    _light_on(client)
    state = start(client, mode="code", code=LOST_DEAL)
    assert _verdict(client, state).json()["verdict"] == "not_winnable"


def test_ui_20_a_search_out_of_its_budget_is_unknown(make_app: AppFactory) -> None:
    app = make_app(light_seconds=0.0)
    with TestClient(app) as client:
        _light_on(client)
        state = start(client, mode="code", code="SS1-S1-AAAAABD")
        body = _verdict(client, state).json()
    assert body["verdict"] == "unknown"


def test_the_light_on_an_old_version_is_409_and_on_a_won_game_says_won(
    client: TestClient,
) -> None:
    _light_on(client)
    state = start(client, mode="layout", layout=_won_in_one())
    won = act(client, state, type="tap", pile="t1", index=0).json()
    assert won["won"]
    stale = _verdict(client, state)
    assert stale.status_code == 409
    assert stale.json()["state"]["version"] == won["version"]
    assert _verdict(client, won).json()["verdict"] == "won"


def test_no_light_in_a_daily_challenge(client: TestClient) -> None:
    _light_on(client)
    state = start(client, mode="challenge", date=TESTS_TODAY.isoformat(), game="SS")
    response = _verdict(client, state)
    assert response.status_code == 403
    assert response.json()["error"] == "light_challenge"


def test_the_history_marks_a_game_played_with_the_light_or_with_hints(
    client: TestClient,
) -> None:
    _light_on(client)
    _hints_on(client)
    plain = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    plain = act(client, plain, type="move", move="t6-t7").json()
    lit = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    assert _verdict(client, lit).status_code == 200
    lit = act(client, lit, type="move", move="t6-t7").json()
    hinted = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    assert _hint(client, hinted).status_code == 200
    hinted = act(client, hinted, type="move", move="t6-t7").json()
    _finish(client, hinted)
    assert _history_marks(client, plain["id"]) == (False, False)
    assert _history_marks(client, lit["id"]) == (False, True)
    assert _history_marks(client, hinted["id"]) == (True, False)
