"""``/api/stats``: statistics from the stored games (rules in docs/records.md)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import act, start

ALMOST_WON = (
    "game: KL1-D1N\ns:\nw:\n"
    "f1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS\n"
    "f2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH\n"
    "f3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD\n"
    "f4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC\n"
    "t1: KH\nt2:\nt3:\nt4:\nt5:\nt6:\nt7:\n"
)


def test_no_games_no_statistics(client: TestClient) -> None:
    response = client.get("/api/stats")
    assert response.status_code == 200
    assert response.json() == {"variants": []}


def test_a_win_and_an_abandoned_game(client: TestClient) -> None:
    lost = start(client, mode="code", code="KL1-D1N-AAAAAAG")
    act(client, lost, type="move", move="t6-t7")
    untouched = start(client, mode="code", code="SS1-S1-AAAAABD")  # abandons the first
    won = start(client, mode="layout", layout=ALMOST_WON)  # abandons the untouched one
    assert act(client, won, type="tap", pile="t1", index=0).json()["won"]
    variants = client.get("/api/stats").json()["variants"]
    assert [entry["variant"] for entry in variants] == ["KL-D1N"]  # no move, not played
    klondike = variants[0]
    assert (klondike["played"], klondike["won"], klondike["win_rate"]) == (2, 1, 0.5)
    assert (klondike["current_streak"], klondike["best_streak"]) == (1, 1)
    assert klondike["best_score"]["value"] == 10
    assert klondike["fewest_moves"]["value"] == 1
    assert [game["won"] for game in klondike["recent"]] == [False, True]
    assert klondike["chart"].startswith("<svg")
    assert "KL-D1N" in klondike["chart"]
    assert untouched["id"] != won["id"]


def test_the_game_in_progress_is_not_counted(client: TestClient) -> None:
    state = start(client, mode="code", code="EH1-N-AAAAAAF")
    act(client, state, type="stock")
    assert client.get("/api/stats").json() == {"variants": []}


def test_an_already_won_layout_is_not_a_game_played(client: TestClient) -> None:
    finished = ALMOST_WON.replace("f2: AH", "f2: KH AH").replace("t1: KH", "t1:")
    finished = finished.replace("f2: KH AH 2H", "f2: AH 2H").replace("QH\n", "QH KH\n", 1)
    response = client.post("/api/games", json={"mode": "layout", "layout": finished})
    assert response.status_code == 201 and response.json()["won"]
    start(client, mode="code", code="KL1-D1N-AAAAAAG")
    assert client.get("/api/stats").status_code == 200
    assert client.get("/api/stats").json() == {"variants": []}
