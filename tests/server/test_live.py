"""Games held in memory between actions (``server/live.py``): an action on a held game is
decided without reading the database, and recorded only if the game is still at that version
there. Two apps on one database (a SQLite file, a PostgreSQL database) stand for
two server processes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from solitaire.server.app import create_app

from ..support.postgres import TemporaryPostgres
from .conftest import act, sqlite_settings, start

DEAL_6 = "KL1-D1N-AAAAAAG"


@pytest.fixture(params=["sqlite", "postgresql"])
def two_processes(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one database (their players' cookies copied from one to the other)."""
    overrides: dict[str, Any] = {}
    if request.param == "postgresql":
        cluster: TemporaryPostgres = request.getfixturevalue("postgres_cluster")
        name: str = request.getfixturevalue("postgres_database_name")
        overrides["database_url"] = cluster.copy_database(name)
    settings = sqlite_settings(tmp_path / "data", **overrides)
    with TestClient(create_app(settings)) as here, TestClient(create_app(settings)) as there:
        yield here, there


def _same_player(here: TestClient, there: TestClient) -> None:
    there.cookies.update(here.cookies)


def _reads(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The game ids of the reads an action makes from now on (the game's row, then its log
    when the game is not held)."""
    store = app.state.services.store
    made: list[str] = []
    read_game = store.action_game

    async def action_game(game_id: str, player_id: str) -> Any:
        made.append(game_id)
        return await read_game(game_id, player_id)

    monkeypatch.setattr(store, "action_game", action_game)
    return made


def test_an_action_on_a_held_game_reads_nothing(
    two_processes: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = two_processes
    state = start(here, mode="code", code=DEAL_6)
    reads = _reads(here.app, monkeypatch)  # type: ignore[arg-type]
    first = act(here, state, type="stock").json()
    second = act(here, first, type="stock").json()
    third = act(here, second, type="undo").json()
    assert reads == []  # the game started here is held from its start
    # What the database holds is what was answered: the other process rebuilds it from there.
    _same_player(here, there)
    reads_there = _reads(there.app, monkeypatch)  # type: ignore[arg-type]
    assert there.get(f"/api/games/{state['id']}").json() == third
    assert act(there, third, type="stock").json()["version"] == 4
    assert reads_there == []  # the read above left the game held there
    assert (third["version"], third["moves"]) == (3, 1)


def test_a_drop_follows_the_auto_placement_it_carries(
    two_processes: tuple[TestClient, TestClient],
) -> None:
    here, _ = two_processes
    # The saved setting is not what decides: the board sends it with the drop.
    assert here.put("/api/settings", json={"auto_placement": True}).status_code == 200
    state = act(here, start(here, mode="code", code=DEAL_6), type="stock").json()
    drop = {"type": "drop", "pile": "t6", "index": 5, "target": "t1"}
    refused = act(here, state, **drop, auto_placement=False)
    assert refused.status_code == 422, refused.text
    assert refused.json()["reason"] == "build_down"
    # Absent (a board older than the field): off.
    assert act(here, state, **drop).json()["reason"] == "build_down"
    placed = act(here, state, **drop, auto_placement=True)
    assert placed.status_code == 200, placed.text
    assert placed.json()["last"]["move"] == "t6-t7"


def test_a_game_moved_on_elsewhere_answers_stale(
    two_processes: tuple[TestClient, TestClient],
) -> None:
    here, there = two_processes
    state = act(here, start(here, mode="code", code=DEAL_6), type="stock").json()
    _same_player(here, there)
    moved = act(there, state, type="stock").json()
    assert moved["version"] == state["version"] + 1
    late = act(here, state, type="move", move="t6-t7")  # the kept game is a version behind
    assert late.status_code == 409
    assert late.json()["state"] == moved
    assert act(here, moved, type="undo").json()["version"] == moved["version"] + 1


def test_a_held_game_behind_the_database_reads_only_the_actions_it_missed(
    two_processes: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Requests of one player reaching two processes in turn (several workers, several
    # servers): the game this process holds is a few versions behind, and it catches up
    # with those actions instead of replaying the whole log from the deal, for a read (from a
    # worker thread) as for an action (on the event loop).
    here, there = two_processes
    state = start(here, mode="code", code=DEAL_6)
    for _ in range(5):
        state = act(here, state, type="stock").json()
    _same_player(here, there)
    for action in ({"type": "stock"}, {"type": "undo"}, {"type": "stock"}, {"type": "stock"}):
        state = act(there, state, **action).json()
    store = here.app.state.services.store  # type: ignore[attr-defined]
    reads: list[tuple[str, int]] = []
    read_actions, read_log = store.actions, store.action_log

    def actions(game_id: str, after: int = 0) -> list[str]:
        reads.append(("read", after))
        found: list[str] = read_actions(game_id, after)
        return found

    async def action_log(game_id: str, after: int = 0) -> list[str]:
        reads.append(("action", after))
        found: list[str] = await read_log(game_id, after)
        return found

    monkeypatch.setattr(store, "actions", actions)
    monkeypatch.setattr(store, "action_log", action_log)
    game = f"/api/games/{state['id']}"
    assert here.get(game).json() == state
    assert reads == [("read", 5)]  # the four actions made there, not the nine from the deal
    state = act(there, state, type="stock").json()
    answer = act(here, state, type="move", move="t6-t7")
    assert answer.status_code == 200, answer.text
    assert reads == [("read", 5), ("action", 9)]
    assert answer.json()["version"] == 11
    # The same game as the other process rebuilds it from the whole log, undo history
    # included: the undo goes back to where the move was made.
    assert there.get(game).json() == answer.json()
    undone = act(here, answer.json(), type="undo").json()
    assert undone["piles"] == state["piles"]
    assert there.get(game).json() == undone


def test_a_kept_game_answers_only_its_player(
    two_processes: tuple[TestClient, TestClient],
) -> None:
    here, _ = two_processes
    state = act(here, start(here, mode="code", code=DEAL_6), type="stock").json()
    with TestClient(here.app) as stranger:
        response = act(stranger, state, type="stock")
    assert response.status_code == 404
    assert act(here, state, type="stock").json()["version"] == state["version"] + 1


def test_a_kept_game_on_a_connection_the_database_dropped_is_read_again(
    two_processes: tuple[TestClient, TestClient],
) -> None:
    here, _ = two_processes
    engine = here.app.state.services.store.engine  # type: ignore[attr-defined]
    if engine.dialect.name != "postgresql":
        pytest.skip("only PostgreSQL drops its clients' connections (a restart)")
    state = act(here, start(here, mode="code", code=DEAL_6), type="stock").json()
    # As a restart would: every connection the app keeps in its pool ends.
    outside = create_engine(engine.url.render_as_string(hide_password=False))
    with outside.connect() as connection:
        ended = connection.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar_one()
    outside.dispose()
    assert ended >= 1
    after = act(here, state, type="stock")
    assert after.status_code == 200, after.text
    assert after.json()["version"] == state["version"] + 1
    assert act(here, after.json(), type="undo").json()["version"] == state["version"] + 2
