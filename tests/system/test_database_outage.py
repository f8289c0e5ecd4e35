"""PostgreSQL stopped, then hung (every process of it frozen), under a running server: each
request answers 503 with Retry-After within 5 s, the log holds one line per failure and no
traceback, and once the database is back the same server answers again, with no restart."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ..support.postgres import TemporaryPostgres
from ..support.server import ServerProcess
from .conftest import ServerFactory

pytestmark = pytest.mark.system

ANSWER_WITHIN = 5.0
RECOVERY_SECONDS = 20.0


@pytest.fixture
def outage_postgres() -> Iterator[TemporaryPostgres]:
    """A cluster of its own: this test stops and freezes it."""
    with TemporaryPostgres(database="outage") as server:
        yield server


def _requests(game: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """A player's requests that all need the database."""
    return [
        ("GET", f"/api/games/{game['id']}", None),
        ("POST", f"/api/games/{game['id']}/actions", {"version": game["version"], "type": "stock"}),
        ("GET", "/api/games/current", None),
        ("PUT", "/api/settings", {"hints": True}),
        ("GET", "/api/settings", None),
        ("POST", "/api/games", {"mode": "code", "code": "KL1-D1N-AAAAAAG"}),
        ("GET", "/api/stats", None),
        ("GET", "/api/history", None),
    ]


def _timed(client: httpx.Client, method: str, path: str, body: Any) -> tuple[float, httpx.Response]:
    started = time.monotonic()
    answer = client.request(method, path, json=body)
    return time.monotonic() - started, answer


def _all_unavailable(client: httpx.Client, game: dict[str, Any]) -> list[float]:
    """Every request answered 503 in time, one after the other and four at once; the
    seconds each took."""
    took: list[float] = []
    for method, path, body in _requests(game):
        seconds, answer = _timed(client, method, path, body)
        assert answer.status_code == 503, (method, path, answer.status_code, answer.text)
        assert answer.json()["error"] == "unavailable"
        assert answer.json()["message"]
        assert int(answer.headers["retry-after"]) > 0
        took.append(seconds)
    together: list[tuple[float, httpx.Response] | None] = [None] * 4

    def send(slot: int) -> None:
        with httpx.Client(base_url=str(client.base_url), timeout=30, cookies=client.cookies) as own:
            together[slot] = _timed(own, "GET", f"/api/games/{game['id']}", None)

    threads = [threading.Thread(target=send, args=(slot,)) for slot in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for result in together:
        assert result is not None
        assert result[1].status_code == 503
        took.append(result[0])
    assert max(took) < ANSWER_WITHIN, took
    return took


def _wait_for_recovery(client: httpx.Client, game_id: str) -> tuple[float, int]:
    """How long until the server answers again, and how many 503s it gave meanwhile."""
    started = time.monotonic()
    refused = 0
    while time.monotonic() - started < RECOVERY_SECONDS:
        answer = client.get(f"/api/games/{game_id}")
        if answer.status_code == 200:
            return time.monotonic() - started, refused
        assert answer.status_code == 503, answer.text
        refused += 1
        time.sleep(0.2)
    raise AssertionError(f"the server did not recover within {RECOVERY_SECONDS} s")


def _failure_lines(server: ServerProcess) -> list[str]:
    text = (server.workdir / f"server-{server.starts}.err").read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    return [line for line in text.splitlines() if "database unavailable" in line]


def test_the_database_stopped_and_hung_answers_503_in_time_then_recovers(
    servers: ServerFactory, outage_postgres: TemporaryPostgres
) -> None:
    server = servers({"SOLITAIRE_DATABASE_URL": outage_postgres.url}).start()
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        game = client.post("/api/games", json={"mode": "code", "code": "KL1-D1N-AAAAAAG"}).json()
        assert client.get(f"/api/games/{game['id']}").status_code == 200

        outage_postgres.stop()
        stopped = _all_unavailable(client, game)
        outage_postgres.start()
        _, refused = _wait_for_recovery(client, game["id"])
        assert client.get("/api/settings").status_code == 200
        failures = len(stopped) + refused
        assert len(_failure_lines(server)) == failures

        outage_postgres.hang()
        try:
            hung = _all_unavailable(client, game)
        finally:
            outage_postgres.wake()
        recovered, refused = _wait_for_recovery(client, game["id"])
        assert len(_failure_lines(server)) == failures + len(hung) + refused
        # Nothing was lost or half-written: the game goes on where it was.
        state = client.get(f"/api/games/{game['id']}").json()
        assert state["version"] == game["version"]
        action = {"version": state["version"], "type": "stock"}
        assert client.post(f"/api/games/{game['id']}/actions", json=action).status_code == 200
    print(
        f"stopped: 503 in {max(stopped):.2f} s at most; hung: {max(hung):.2f} s at most; "
        f"recovered {recovered:.2f} s after the database woke"
    )
