"""The limits per client (server/limits.py): a burst of game starts gets 429 with
Retry-After, and so do new players past their limit; a refused write leaves nothing behind.
The apps' limits run on a clock the tests hold still and move, so that no result depends on
how fast the machine runs them."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from solitaire.server.limits import RateLimit, TooManyRequests, client_key
from solitaire.store.models import GameRow, PlayerRow

from .conftest import AppFactory

CODE = {"mode": "code", "code": "KL1-D1N-AAAAAAG"}


def _count(app: FastAPI, row: type[GameRow] | type[PlayerRow]) -> int:
    with app.state.services.store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(row)).scalar_one())


def test_a_bucket_refills_evenly_and_forgets_the_oldest_client() -> None:
    now = [0.0]
    limit = RateLimit(per_minute=6, max_clients=2, clock=lambda: now[0])
    assert [limit.take("a") for _ in range(6)] == [0.0] * 6
    assert limit.take("a") == 10.0  # one more every 60 / 6 seconds
    now[0] = 10.0
    assert limit.take("a") == 0.0
    assert limit.take("a") == 10.0
    limit.take("b")
    limit.take("c")  # three clients: "a", the least recently seen, is forgotten
    assert limit.take("a") == 0.0
    assert RateLimit(per_minute=0).take("a") == 0.0  # 0: no limit
    assert TooManyRequests("x", 0.2).retry_after == 1


def test_a_client_is_its_address_and_an_ipv6_client_its_64() -> None:
    first = client_key({"client": ("2001:db8:aa:bb:1::1", 1)})
    assert first == client_key({"client": ("2001:db8:aa:bb:ffff::2", 2)})
    assert first != client_key({"client": ("2001:db8:aa:bc::1", 1)})
    assert client_key({"client": ("127.0.0.1", 1)}) == "127.0.0.1"


def test_a_burst_of_game_starts_gets_429_with_retry_after(make_app: AppFactory) -> None:
    now = [1000.0]
    app = make_app(game_starts_per_minute=5, limits_clock=lambda: now[0])
    with TestClient(app) as client:
        # The first start, without a cookie, makes the player (counted as a new player);
        # from then on their starts count against their own allowance.
        answers = [client.post("/api/games", json=CODE) for _ in range(9)]
        assert [answer.status_code for answer in answers] == [201] * 6 + [429] * 3
        refused = answers[-1]
        assert int(refused.headers["retry-after"]) == 12  # one more start every 60 / 5 s
        body = refused.json()
        assert body["error"] == "too_many_requests"
        assert body["retry_after"] == 12
        assert "12" in body["message"]
        assert refused.headers["cache-control"] == "no-store"
        assert _count(app, GameRow) == 6
        # In the browser's language, like every answer.
        dutch = client.post("/api/games", json=CODE, headers={"Accept-Language": "nl"})
        assert dutch.json()["message"].startswith("Te veel verzoeken")
        # Only game starts are limited: the rest of the API goes on.
        assert client.get("/api/games/current").status_code == 200
        # One more start every 12 s: 6 s on, still none; at 12 s one, and only one.
        now[0] += 6.0
        assert client.post("/api/games", json=CODE).status_code == 429
        now[0] += 6.0
        assert [client.post("/api/games", json=CODE).status_code for _ in range(2)] == [201, 429]


def test_many_players_behind_one_address_each_start_their_games(make_app: AppFactory) -> None:
    # A classroom or a carrier's NAT: one address, many players, each starting a game;
    # the new players come in a burst the pace of new players lets through.
    app = make_app(
        game_starts_per_minute=2,
        new_players_per_minute=1,
        new_players_burst=30,
        limits_clock=lambda: 0.0,
    )
    statuses = []
    for _ in range(30):
        with TestClient(app) as browser:
            statuses += [browser.post("/api/games", json=CODE).status_code for _ in range(3)]
    assert statuses == [201] * 90
    assert _count(app, PlayerRow) == 30
    with TestClient(app) as late:  # past the burst: the pace applies
        assert late.post("/api/games", json=CODE).status_code == 429


def test_new_players_past_the_limit_get_429_and_write_nothing(make_app: AppFactory) -> None:
    app = make_app(new_players_per_minute=3, new_players_burst=0, limits_clock=lambda: 0.0)
    answers = []
    for _ in range(4):
        with TestClient(app) as browser:  # a new browser each time: a new player
            answers.append(browser.put("/api/settings", json={"hints": True}))
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert int(answers[-1].headers["retry-after"]) == 20
    assert _count(app, PlayerRow) == 3
    with TestClient(app) as browser:
        assert browser.post("/api/games", json=CODE).status_code == 429
        assert browser.post("/api/stats/reset", json={"variant": "all"}).status_code == 429
    assert (_count(app, PlayerRow), _count(app, GameRow)) == (3, 0)


def test_a_known_player_is_not_a_new_one(make_app: AppFactory) -> None:
    app = make_app(new_players_per_minute=1, limits_clock=lambda: 0.0)
    with TestClient(app) as client:
        for _ in range(5):
            assert client.post("/api/games", json=CODE).status_code == 201
            assert client.put("/api/settings", json={"hints": True}).status_code == 200
    assert _count(app, PlayerRow) == 1


def test_made_up_cookies_and_transfer_links_count_as_new_players(make_app: AppFactory) -> None:
    # A flood that makes up well-formed cookies: each is a player the database does not know,
    # created by its first write, so each is a new player of that address.
    app = make_app(new_players_per_minute=2, new_players_burst=0, limits_clock=lambda: 0.0)
    statuses = []
    for letter in "ABC":
        with TestClient(app, cookies={"solitaire_player": letter * 22}) as browser:
            statuses.append(browser.post("/api/games", json=CODE).status_code)
    assert statuses == [201, 201, 429]
    with TestClient(app) as browser:  # a transfer link for a new player: refused as well
        assert browser.post("/api/player/transfer").status_code == 429
    assert (_count(app, PlayerRow), _count(app, GameRow)) == (2, 2)


def test_each_limit_is_a_dependency_of_its_route() -> None:
    from fastapi.routing import APIRoute

    from solitaire.server.limits import (
        admit_new_players,
        guard_game_starts,
        guard_transfer_links,
    )
    from solitaire.server.routes import games, player_settings, stats, sync, transfer

    limits = {guard_game_starts, guard_transfer_links, admit_new_players}
    guards = {}
    for module in (games, player_settings, stats, sync, transfer):
        for route in module.router.routes:
            assert isinstance(route, APIRoute)
            calls = {dependency.call for dependency in route.dependant.dependencies}
            for method in route.methods or ():
                guards[(method, route.path)] = calls & limits
    assert guards[("POST", "/api/games")] == {guard_game_starts, admit_new_players}
    assert guards[("POST", "/api/player/transfer")] == {guard_transfer_links, admit_new_players}
    assert guards[("PUT", "/api/settings")] == {admit_new_players}
    assert guards[("POST", "/api/stats/reset")] == {admit_new_players}
    # UI-21: an upload's games count as starts inside the route, one per game it makes.
    assert guards[("POST", "/api/sync/games")] == {admit_new_players}
    # Reads and actions write no player and meet no limit.
    assert not guards[("GET", "/api/settings")]
    assert not guards[("POST", "/api/games/{game_id}/actions")]
