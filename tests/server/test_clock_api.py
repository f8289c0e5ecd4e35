"""UI-16: ``POST /api/games/{id}/clock`` keeps the board's clock as the game's time played
when it is plausible; the state, the history and "Fastest win" read it."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_ui16_the_clock_reported_is_the_time_kept(client: TestClient) -> None:
    game = client.post("/api/games", json={"mode": "new", "variant": "KL1-D1N"}).json()
    assert game["played_ms"] is None
    # The game has lasted well under a minute on the server's clock: a day is refused.
    answer = client.post(f"/api/games/{game['id']}/clock", json={"played_ms": 86_400_000})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"played_ms": None}
    answer = client.post(f"/api/games/{game['id']}/clock", json={"played_ms": 0})
    assert answer.json() == {"played_ms": 0}
    state = client.get(f"/api/games/{game['id']}").json()
    assert (state["played_ms"], state["seconds"]) == (0, 0)


def test_ui16_a_smaller_clock_does_not_take_time_back(client: TestClient) -> None:
    game = client.post("/api/games", json={"mode": "new", "variant": "KL1-D1N"}).json()
    client.post(f"/api/games/{game['id']}/clock", json={"played_ms": 1})
    answer = client.post(f"/api/games/{game['id']}/clock", json={"played_ms": 0})
    assert answer.json() == {"played_ms": 1}


def test_ui16_bad_reports_are_refused(client: TestClient) -> None:
    game = client.post("/api/games", json={"mode": "new", "variant": "KL1-D1N"}).json()
    for body in ({"played_ms": -1}, {"played_ms": "5"}, {}, {"played_ms": 1, "x": 1}):
        answer = client.post(f"/api/games/{game['id']}/clock", json=body)
        assert answer.status_code == 400, body
    assert client.post("/api/games/nope/clock", json={"played_ms": 0}).status_code == 404
