"""The outage contract on every path that needs the database (issue 24): with the database
out of reach, each answers 503 with Retry-After within 5 s; once it is back, the same server
answers 200 again, with no restart.

PostgreSQL is stopped (its connections cut) and then hung (every process frozen). SQLite has
no server to stop: its outage is another process holding the write lock (a hung writer, a
file on a stuck disk), in which every write answers 503 in time while reads go on (WAL lets
readers past a writer), and once the lock goes the writes are taken again.

The paths: an action on a game this server holds in memory and on one it does not, an undo,
reads (a game, the current game, settings, statistics, history), a new game, the settings
saved, a statistics reset and a transfer link.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..support.postgres import TemporaryPostgres
from ..support.server import ServerProcess
from .conftest import ServerFactory

pytestmark = pytest.mark.system

ANSWER_WITHIN = 5.0
RECOVERY_SECONDS = 20.0
CODE = "KL1-D1N-AAAAAAG"


@pytest.fixture(scope="module")
def outage_postgres() -> Iterator[TemporaryPostgres]:
    """A cluster of this module's own: its tests stop and freeze it."""
    with TemporaryPostgres(database="outage_paths") as server:
        yield server


class Player:
    """A player with two games: ``held`` (acted on, so kept in the server's memory) and
    ``unheld`` (pushed out of it: the server keeps one game)."""

    def __init__(self, client: httpx.Client) -> None:
        self.client = client
        self.unheld = self._new()
        self.held = self._new()
        self.held = self._act(self.held, {"type": "stock"})
        assert client.post("/api/player/transfer").status_code == 201
        self._fill_the_pool()

    def _fill_the_pool(self) -> None:
        """Requests at once, so that the server's pool holds several connections: the
        outage cuts them all, and each is found cut by the request that takes it next."""

        def read(_: int) -> int:
            with httpx.Client(
                base_url=str(self.client.base_url), timeout=30, cookies=self.client.cookies
            ) as own:
                return own.get(f"/api/games/{self.unheld['id']}").status_code

        with ThreadPoolExecutor(8) as pool:
            assert set(pool.map(read, range(16))) == {200}

    def _new(self) -> dict[str, Any]:
        answer = self.client.post("/api/games", json={"mode": "code", "code": CODE})
        assert answer.status_code == 201, answer.text
        game: dict[str, Any] = answer.json()
        return game

    def _act(self, game: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
        body = {"version": game["version"], **action}
        answer = self.client.post(f"/api/games/{game['id']}/actions", json=body)
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        return state

    def writes(self) -> dict[str, tuple[str, str, Any]]:
        held, unheld = self.held, self.unheld
        return {
            "action on a held game": (
                "POST",
                f"/api/games/{held['id']}/actions",
                {"version": held["version"], "type": "stock"},
            ),
            "action on an unheld game": (
                "POST",
                f"/api/games/{unheld['id']}/actions",
                {"version": unheld["version"], "type": "stock"},
            ),
            "undo": (
                "POST",
                f"/api/games/{held['id']}/actions",
                {"version": held["version"], "type": "undo"},
            ),
            "new game": ("POST", "/api/games", {"mode": "code", "code": CODE}),
            "settings saved": ("PUT", "/api/settings", {"hints": True}),
            "statistics reset": ("POST", "/api/stats/reset", {"variant": "all"}),
            "transfer link": ("POST", "/api/player/transfer", None),
        }

    def reads(self) -> dict[str, tuple[str, str, Any]]:
        return {
            "read a held game": ("GET", f"/api/games/{self.held['id']}", None),
            "read an unheld game": ("GET", f"/api/games/{self.unheld['id']}", None),
            "current game": ("GET", "/api/games/current", None),
            "settings": ("GET", "/api/settings", None),
            "statistics": ("GET", "/api/stats", None),
            "history": ("GET", "/api/history", None),
            "transfer link read": ("GET", "/api/player/transfer", None),
        }


def _unavailable(client: httpx.Client, paths: dict[str, tuple[str, str, Any]]) -> list[float]:
    """Every path answered 503 with Retry-After in time; the seconds each took."""
    took = []
    for name, (method, path, body) in paths.items():
        started = time.monotonic()
        answer = client.request(method, path, json=body)
        took.append(time.monotonic() - started)
        assert answer.status_code == 503, (name, answer.status_code, answer.text)
        assert answer.json()["error"] == "unavailable", name
        assert int(answer.headers["retry-after"]) > 0, name
        assert took[-1] < ANSWER_WITHIN, (name, took[-1])
    return took


def _answered(client: httpx.Client, paths: dict[str, tuple[str, str, Any]]) -> None:
    for name, (method, path, body) in paths.items():
        answer = client.request(method, path, json=body)
        assert answer.status_code < 400, (name, answer.status_code, answer.text)


def _recovered(player: Player) -> None:
    """Once the database is back, every path answers again (each is tried until it does:
    a worker's pool may hold a connection the outage cut, which its first use finds). The
    undo, made on the version the action before it moved on, is answered 409 by then."""
    deadline = time.monotonic() + RECOVERY_SECONDS
    for name, (method, path, body) in {**player.reads(), **player.writes()}.items():
        while True:
            answer = player.client.request(method, path, json=body)
            if answer.status_code < 400 or (name == "undo" and answer.status_code == 409):
                break
            assert answer.status_code == 503, (name, answer.status_code, answer.text)
            assert time.monotonic() < deadline, f"{name}: no answer after the outage"
            time.sleep(0.2)


def _no_traceback(server: ServerProcess) -> None:
    text = (server.workdir / f"server-{server.starts}.err").read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]


@pytest.mark.parametrize(
    ("outage", "workers"), [("stopped", 1), ("hung", 1), ("stopped", 2)], ids=str
)
def test_postgres_out_of_reach_answers_503_on_every_path_then_recovers(
    servers: ServerFactory, outage_postgres: TemporaryPostgres, outage: str, workers: int
) -> None:
    environment = {"SOLITAIRE_DATABASE_URL": outage_postgres.url, "SOLITAIRE_GAME_CACHE_SIZE": "1"}
    server = servers(environment, workers=workers).start()
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        player = Player(client)
        if outage == "stopped":
            outage_postgres.stop()
        else:
            outage_postgres.hang()
        try:
            _unavailable(client, {**player.writes(), **player.reads()})
        finally:
            if outage == "stopped":
                outage_postgres.start()
            else:
                outage_postgres.wake()
        _recovered(player)
    _no_traceback(server)


def _lock_sqlite(database: Path) -> sqlite3.Connection:
    """Another process's writer holding SQLite's write lock (never committing)."""
    holder = sqlite3.connect(database, timeout=0, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("UPDATE players SET updated_at = updated_at")
    return holder


def test_sqlite_locked_by_another_writer_answers_503_on_every_write_then_recovers(
    servers: ServerFactory, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    environment = {
        "SOLITAIRE_DATA_DIR": str(data),
        "SOLITAIRE_GAME_CACHE_SIZE": "1",
        "SOLITAIRE_SQLITE_BUSY_TIMEOUT_MS": "500",
    }
    server = servers(environment).start()
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        player = Player(client)
        holder = _lock_sqlite(data / "solitaire.db")
        try:
            _unavailable(client, player.writes())
            _answered(client, player.reads())
        finally:
            holder.rollback()
            holder.close()
        _recovered(player)
    _no_traceback(server)
