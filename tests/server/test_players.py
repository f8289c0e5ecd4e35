"""The anonymous player (server/players.py): every request has an id, and only a write
creates the player's row, so reading without a cookie leaves the database as it was."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from solitaire.server.players import PLAYER_COOKIE
from solitaire.store.models import PlayerRow

READS = [
    "/",
    "/api/settings",
    "/api/messages",
    "/api/messages?lang=ro",
    "/api/site",
    "/api/games/current",
    "/api/games/no-such-game",
    "/api/stats",
    "/api/history",
    "/en/faq",
    "/en/examples",
    "/no-such-page",
    "/api/no-such-thing",
]


def _players(app: FastAPI) -> int:
    with app.state.services.store.engine.connect() as connection:
        query = select(func.count()).select_from(PlayerRow)
        return int(connection.execute(query).scalar_one())


def test_cookieless_reads_create_no_player(app: FastAPI) -> None:
    before = _players(app)
    for _ in range(3):
        for path in READS:
            with TestClient(app) as browser:
                answer = browser.get(path, headers={"Accept-Language": "nl"})
                assert answer.status_code < 500, (path, answer.text)
                assert PLAYER_COOKIE in answer.cookies  # an id all the same
    # An empty change and a refused one write nothing either.
    with TestClient(app) as browser:
        assert browser.put("/api/settings", json={}).status_code == 200
        assert browser.put("/api/settings", json={"hints": "yes"}).status_code == 400
        assert browser.post("/api/stats/reset", json={"variant": "XX"}).status_code == 400
        assert browser.post("/api/games", json={"mode": "code", "code": "XX"}).status_code == 400
    assert _players(app) == before


def test_the_first_write_creates_the_player_once(app: FastAPI) -> None:
    before = _players(app)
    with TestClient(app) as browser:
        assert browser.put("/api/settings", json={"hints": True}).status_code == 200
        assert _players(app) == before + 1
        assert (
            browser.post("/api/games", json={"mode": "daily", "variant": "EH1-N"}).status_code
            == 201
        )
        assert browser.post("/api/stats/reset", json={"variant": "all"}).status_code == 200
        assert browser.get("/api/settings").json()["hints"] is True
    assert _players(app) == before + 1


def test_a_well_formed_unknown_cookie_is_a_new_player_created_on_first_write(
    app: FastAPI,
) -> None:
    before = _players(app)
    with TestClient(app, cookies={PLAYER_COOKIE: "A" * 22}) as browser:
        answer = browser.get("/api/settings")
        assert PLAYER_COOKIE not in answer.cookies  # kept, not replaced
        assert _players(app) == before
        assert browser.put("/api/settings", json={"double_click": False}).status_code == 200
    assert app.state.services.store.player_settings("A" * 22) == {"double_click": False}
