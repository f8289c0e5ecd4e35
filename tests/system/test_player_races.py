"""A new player's first requests, all at the same moment and split over two server processes
on one database (two processes on one SQLite file; PostgreSQL), or sent to one server of two
workers: each creates the player if it comes first, none fails, and no setting written by one
is lost to another."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from solitaire.server.players import PLAYER_COOKIE, new_player_id

from ..support.server import ServerProcess
from .client import at_once
from .conftest import ServerFactory

pytestmark = pytest.mark.system

TRIALS = 30
TRIALS_TWO_WORKERS = 15
#: Every test here is one client making a hundred players: no limit per client.
NO_LIMITS = {"SOLITAIRE_GAME_STARTS_PER_MINUTE": "0", "SOLITAIRE_NEW_PLAYERS_PER_MINUTE": "0"}

Request = tuple[int, str, str, dict[str, Any] | None]
#: (server, method, path, body): a new player's first requests, sent together.
FIRST_REQUESTS: list[Request] = [
    (0, "PUT", "/api/settings", {"double_click": False}),
    (1, "PUT", "/api/settings", {"hints": True}),
    (0, "PUT", "/api/settings", {"auto_placement": True}),
    (1, "PUT", "/api/settings", {"language": "nl"}),
    (0, "POST", "/api/games", {"mode": "code", "code": "SS1-S2-AAAAABD"}),
    (1, "POST", "/api/stats/reset", {"variant": "all"}),
    (0, "GET", "/api/settings", None),
]
EXPECTED = {
    "double_click": False,
    "hints": True,
    "auto_placement": True,
    "language": "nl",
    # The Simple Simon game remembers its suit count (SS-1), merged like any setting.
    "simple_simon_suits": 2,
}


def fire_together(
    clients: list[httpx.Client], cookie: str, requests: list[Request]
) -> list[httpx.Response]:
    """Send every request at the same moment, request i through clients[i]."""
    headers = {"cookie": f"{PLAYER_COOKIE}={cookie}"}

    def call(slot: int) -> Callable[[], httpx.Response]:
        _, method, path, body = requests[slot]
        return lambda: clients[slot].request(method, path, json=body, headers=headers)

    return at_once([call(slot) for slot in range(len(requests))])


def test_a_new_players_first_requests_race_without_a_fault_or_a_lost_setting(
    servers: ServerFactory, database: dict[str, str], workers: int
) -> None:
    environment = {**database, **NO_LIMITS}
    pair: list[ServerProcess]
    if workers == 1:
        pair = [servers(environment).start(), servers(environment).start()]
    else:
        # One server of two workers: the kernel spreads the clients' connections over them.
        server = servers(environment, workers=workers).start()
        pair = [server, server]
    # One client (its own connections) per request slot, kept for every trial.
    clients = [
        httpx.Client(base_url=pair[server].base_url, timeout=15.0) for server, *_ in FIRST_REQUESTS
    ]
    faults: list[str] = []
    lost: list[dict[str, Any]] = []
    try:
        for _ in range(TRIALS if workers == 1 else TRIALS_TWO_WORKERS):
            cookie = new_player_id()
            for answer in fire_together(clients, cookie, FIRST_REQUESTS):
                if answer.status_code not in (200, 201):
                    faults.append(
                        f"{answer.request.method} {answer.request.url.path}: "
                        f"{answer.status_code} {answer.text[:200]}"
                    )
            settings = (
                clients[0]
                .get("/api/settings", headers={"cookie": f"{PLAYER_COOKIE}={cookie}"})
                .json()
            )
            if {key: settings[key] for key in EXPECTED} != EXPECTED:
                lost.append(settings)
    finally:
        for client in clients:
            client.close()
    assert not faults, faults[:5]
    assert not lost, f"{len(lost)} trials lost a setting, e.g. {lost[0]}"
    for server in pair:
        assert "Traceback" not in server.errors()
