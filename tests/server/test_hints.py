"""Hints and "winnable deals only": the solver run in worker processes behind the API."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from solitaire.codes import parse_code
from solitaire.games import rules_for
from solitaire.layout import parse_layout
from solitaire.play import Game
from solitaire.server.solving import Solving
from solitaire.solver import Verdict, solve

from ..support.server import ServerProcess
from .conftest import AppFactory, act, start

RANKS = "A23456789TJQK"
#: Any card code standing alone (``7H``, ``TD``), as a word of the answer.
CARD_WORD = re.compile(r"\b[A2-9TJQK][SHDC]\b")


def _suit(letter: str, count: int) -> str:
    return " ".join(rank + letter for rank in RANKS[:count])


def _won_in_one() -> str:
    """Klondike with every card up but the king of hearts, alone in column 1."""
    return (
        f"game: KL1-D1N\ns:\nw:\nf1: {_suit('S', 13)}\nf2: {_suit('H', 12)}\n"
        f"f3: {_suit('D', 13)}\nf4: {_suit('C', 13)}\nt1: KH\nt2:\nt3:\nt4:\nt5:\nt6:\nt7:\n"
    )


#: Klondike Vegas draw 3 deal 6: the solver proves it lost in a twentieth of a second.
LOST_DEAL = "KL1-D3V-AAAAAAG"


def _hints_on(client: TestClient | httpx.Client) -> None:
    response = client.put("/api/settings", json={"hints": True})
    assert response.status_code == 200, response.text


def _hint(client: TestClient | httpx.Client, state: dict[str, Any]) -> httpx.Response:
    return client.post(f"/api/games/{state['id']}/hint", json={"version": state["version"]})


# -- the settings -----------------------------------------------------------------------------
def test_hints_and_winnable_only_are_off_by_default_and_can_be_turned_on(
    client: TestClient,
) -> None:
    settings = client.get("/api/settings").json()
    assert (settings["hints"], settings["winnable_only"]) == (False, False)
    changed = client.put("/api/settings", json={"hints": True, "winnable_only": True}).json()
    assert (changed["hints"], changed["winnable_only"]) == (True, True)
    assert client.get("/api/settings").json() == changed


@pytest.mark.parametrize("body", [{"hints": "true"}, {"winnable_only": 1}, {"hints": None, "x": 1}])
def test_a_bad_setting_is_refused_and_changes_nothing(
    client: TestClient, body: dict[str, Any]
) -> None:
    before = client.get("/api/settings").json()
    response = client.put("/api/settings", json=body)
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"
    assert client.get("/api/settings").json() == before


# -- hints ------------------------------------------------------------------------------------
def test_no_hint_while_the_setting_is_off(client: TestClient) -> None:
    state = start(client, mode="layout", layout=_won_in_one())
    response = _hint(client, state)
    assert response.status_code == 403
    assert response.json()["error"] == "hints_off"
    assert "Settings" in response.json()["message"]


def test_a_hint_names_the_winning_move_and_the_card_to_highlight(client: TestClient) -> None:
    _hints_on(client)
    state = start(client, mode="layout", layout=_won_in_one())
    response = _hint(client, state)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["found"] is True and body["verdict"] == "winnable"
    assert (body["move"], body["pile"], body["index"], body["target"]) == ("t1-f2", "t1", 0, "f2")
    assert body["version"] == state["version"]
    won = act(client, state, type="move", move=body["move"]).json()
    assert won["won"]


def test_a_hint_on_a_lost_game_says_none_was_found_and_names_no_hidden_card(
    client: TestClient,
) -> None:
    _hints_on(client)
    state = start(client, mode="code", code=LOST_DEAL)
    response = _hint(client, state)
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["found"], body["verdict"]) == (False, "not_winnable")
    assert "move" not in body and "can't be won" in body["message"]
    # The deal has 21 face-down cards; the answer names none (nor any card at all).
    assert not CARD_WORD.search(response.text)


def test_a_deal_lost_from_the_start_says_so_instead_of_asking_for_undos(
    client: TestClient,
) -> None:
    # Before any move, "undo a few moves" would not help: the answer points to a new game.
    # After a move (a tap on the stock), the usual answer.
    _hints_on(client)
    state = start(client, mode="code", code=LOST_DEAL)
    body = _hint(client, state).json()
    assert body["verdict"] == "not_winnable"
    assert "this deal can't be won" in body["message"] and "Undo" not in body["message"]
    after_a_tap = act(client, state, type="move", move="d").json()
    body = _hint(client, after_a_tap).json()
    assert body["verdict"] == "not_winnable"
    assert "Undo a few moves" in body["message"]


@pytest.mark.slow
def test_hints_along_a_deal_reveal_no_card_and_lead_to_a_win(client: TestClient) -> None:
    """Follow the hints through a whole Klondike deal: every answer names piles only, and the
    moves they suggest win the game (first moves of fresh searches go round the stock for
    ever here: the hints follow one solution)."""
    _hints_on(client)
    state = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    for _ in range(400):
        if state["won"]:
            break
        response = _hint(client, state)
        assert response.status_code == 200, response.text
        assert not CARD_WORD.search(response.text), response.text
        body = response.json()
        assert body["found"], body
        answer = act(client, state, type="move", move=body["move"])
        assert answer.status_code == 200, answer.text
        state = answer.json()
    assert state["won"]
    assert _hint(client, state).json()["verdict"] == "won"


def test_a_hint_on_an_old_version_is_409_with_the_game_as_it_stands(client: TestClient) -> None:
    _hints_on(client)
    state = start(client, mode="code", code="SS1-S1-AAAAABD")
    moved = act(client, state, type="move", move=_hint(client, state).json()["move"]).json()
    response = _hint(client, state)
    assert response.status_code == 409
    assert response.json()["error"] == "stale"
    assert response.json()["state"] == moved


@pytest.mark.parametrize(
    "body", [{}, {"version": -1}, {"version": "0"}, {"version": 0, "move": "t1-t2"}, []]
)
def test_a_bad_hint_request_is_400(client: TestClient, body: Any) -> None:
    _hints_on(client)
    state = start(client, mode="code", code="SS1-S1-AAAAABD")
    response = client.post(f"/api/games/{state['id']}/hint", json=body)
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"


def test_no_hint_for_another_players_game(client: TestClient, other_client: TestClient) -> None:
    _hints_on(client)
    _hints_on(other_client)
    state = start(client, mode="code", code="SS1-S1-AAAAABD")
    assert _hint(other_client, state).status_code == 404
    missing = other_client.post("/api/games/nope/hint", json={"version": 0})
    assert missing.status_code == 404


def test_a_hint_search_out_of_time_says_so(make_app: AppFactory) -> None:
    app = make_app()
    app.state.services.solving = Solving(workers=1, hint_seconds=0.0)
    with TestClient(app) as client:
        _hints_on(client)
        state = start(client, mode="code", code="SS1-S1-AAAAABD")
        body = _hint(client, state).json()
    assert (body["found"], body["verdict"]) == (False, "unknown")
    assert "in time" in body["message"]


def ignores_its_budget(seconds: float) -> float:
    """Run in a worker: a search that would overrun its budget by far."""
    time.sleep(seconds + 30)
    return seconds


def test_the_hard_limit_kills_a_search_that_overruns_and_the_pool_recovers() -> None:
    solving = Solving(workers=1, grace_seconds=0.3)
    code = parse_code("SS1-S1-AAAAABD")
    position = rules_for(code.variant).deal(code.deal)

    async def overrun_then_search() -> tuple[float | None, float, Verdict]:
        await solving.hint(position)  # the pool has started: no allowance for its start
        started = time.perf_counter()
        late = await solving._run(0.2, ignores_its_budget)
        waited = time.perf_counter() - started
        return late, waited, (await solving.hint(position)).verdict

    try:
        late, waited, verdict = asyncio.run(overrun_then_search())
    finally:
        solving.shutdown()
    assert late is None and 0.5 <= waited < 3
    assert solving.killed == 1
    assert verdict is Verdict.WINNABLE


# -- winnable deals only ----------------------------------------------------------------------
def _proved_by_replay(code_text: str) -> None:
    """Solve the deal here, in the test, and play the solution through the real rules."""
    code = parse_code(code_text)
    result = solve(rules_for(code.variant).deal(code.deal), seconds=30)
    assert result.verdict is Verdict.WINNABLE
    game = Game.from_code(code)
    for move in result.moves:
        game.play(move)
    assert game.won


def test_a_winnable_new_deal_is_one_the_solver_wins_and_the_next_is_kept_ready(
    make_app: AppFactory,
) -> None:
    app = make_app()
    solving: Solving = app.state.services.solving
    with TestClient(app) as client:
        state = start(client, mode="new", variant="SS1-S1", winnable=True)
        assert state["code"].startswith("SS1-S1-") and state["version"] == 0
        _proved_by_replay(state["code"])
        # The background task proves the next ones meanwhile.
        deadline = time.monotonic() + 30
        while not solving.proved_ready(parse_code(state["code"]).variant):
            assert time.monotonic() < deadline, "no deal was proved in the background"
            time.sleep(0.1)
        ready = solving.proved_ready(parse_code(state["code"]).variant)[0]
        started = time.perf_counter()
        second = start(client, mode="new", variant="SS1-S1", winnable=True)
        assert time.perf_counter() - started < 1.0
        assert parse_code(second["code"]).deal == ready
        _proved_by_replay(second["code"])


def test_no_winnable_deal_in_time_is_503_and_the_current_game_stays(
    make_app: AppFactory,
) -> None:
    app = make_app()
    app.state.services.solving = Solving(workers=1, deal_total_seconds=0.0)
    with TestClient(app) as client:
        before = start(client, mode="code", code="KL1-D3V-AAAAAAG")
        response = client.post(
            "/api/games", json={"mode": "new", "variant": "KL1-D3V", "winnable": True}
        )
        assert response.status_code == 503
        body = response.json()
        assert body["error"] == "no_winnable_deal" and "KL1-D3V" in body["message"]
        assert response.headers["retry-after"] == "5"
        assert client.get("/api/games/current").json() == before


@pytest.mark.parametrize(
    "body",
    [
        {"mode": "daily", "variant": "SS1-S1", "winnable": True},
        {"mode": "code", "code": "SS1-S1-AAAAABD", "winnable": True},
        {"mode": "new", "variant": "XX9", "winnable": True},
        {"mode": "new", "winnable": True},
        {"mode": "new", "variant": "SS1-S1", "winnable": "yes"},
    ],
)
def test_a_bad_winnable_request_is_400(client: TestClient, body: dict[str, Any]) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "bad_request"
    assert client.get("/api/games/current").status_code == 404


# -- the rest of the API while the solver works -----------------------------------------------
@pytest.mark.slow
def test_other_players_are_answered_quickly_while_hints_run(tmp_path: Path) -> None:
    """A real server: two hints that use their whole budget (Easy Harp deals the solver
    rarely decides) keep both workers busy while another player plays."""
    environment = {"SOLITAIRE_DATA_DIR": str(tmp_path / "data")}
    with ServerProcess(tmp_path, environment) as server:
        base = server.base_url
        searchers = [httpx.Client(base_url=base, timeout=30) for _ in range(2)]
        hints: list[httpx.Response] = []
        try:
            games = []
            for searcher, code in zip(searchers, ("EH1-N-AAAAAAF", "EH1-N-AAAAAAH"), strict=True):
                _hints_on(searcher)
                games.append(start_http(searcher, mode="code", code=code))
                # Warm the pool so that the measured hints are searches, not process starts.
                _hint(searcher, games[-1])
            threads = [
                threading.Thread(target=lambda s=s, g=g: hints.append(_hint(s, g)))
                for s, g in zip(searchers, games, strict=True)
            ]
            with httpx.Client(base_url=base, timeout=30) as player:
                state = start_http(player, mode="code", code="KL1-D1N-AAAAAAG")
                started = time.perf_counter()
                for thread in threads:
                    thread.start()
                time.sleep(0.2)  # the hints are in their workers now
                latencies = []
                for _ in range(3):
                    sent = time.perf_counter()
                    answer = player.post(
                        f"/api/games/{state['id']}/actions",
                        json={"version": state["version"], "type": "stock"},
                    )
                    latencies.append(time.perf_counter() - sent)
                    assert answer.status_code == 200
                    state = answer.json()
                played = time.perf_counter() - started
                for thread in threads:
                    thread.join()
                searched = time.perf_counter() - started
        finally:
            for searcher in searchers:
                searcher.close()
    assert len(hints) == 2 and all(hint.status_code == 200 for hint in hints)
    # The actions were all answered while the hints were still searching.
    assert played < searched, (played, searched, [hint.json() for hint in hints])
    # Each answered in the time an action takes on this machine, not after a search.
    assert sorted(latencies)[1] < 0.5, latencies
    # The hard limit: budget plus grace (and the HTTP round trip), never much more.
    assert searched < 1.25 + 1.25 + 1.5


def start_http(client: httpx.Client, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    state: dict[str, Any] = response.json()
    return state


def test_the_layouts_here_are_what_they_say() -> None:
    assert Game(parse_layout(_won_in_one())).legal_moves()
    code = parse_code(LOST_DEAL)
    stuck = solve(rules_for(code.variant).deal(code.deal), seconds=5)
    assert stuck.verdict is Verdict.NOT_WINNABLE


def test_an_app_without_a_search_starts_no_worker(make_app: AppFactory) -> None:
    app: FastAPI = make_app()
    with TestClient(app) as client:
        start(client, mode="code", code="SS1-S1-AAAAABD")
    assert app.state.services.solving._executor is None
