"""The same server on PostgreSQL (psycopg 3): a throwaway cluster is started for these tests
(``tests/support/postgres.py``: Debian's postgresql package, as ``make test`` installs it)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import text

from solitaire.server.app import create_app
from solitaire.server.settings import Settings
from solitaire.store import connect, upgrade_schema
from solitaire.store.models import Base

from ..support.postgres import TemporaryPostgres, postgres_bin
from .conftest import act, start

pytestmark = pytest.mark.skipif(
    postgres_bin() is None, reason="PostgreSQL is not installed (make test installs it)"
)


@pytest.fixture
def database_url(postgres_cluster: TemporaryPostgres, postgres_database_name: str) -> str:
    """A fresh empty database in the session's cluster, named after the test."""
    return postgres_cluster.create_database(postgres_database_name)


@pytest.fixture
def migrated_database_url(postgres_cluster: TemporaryPostgres, postgres_database_name: str) -> str:
    """A fresh database at the newest migration (a copy of the session's template)."""
    return postgres_cluster.copy_database(postgres_database_name)


def test_the_migration_makes_the_models_schema_on_postgresql(database_url: str) -> None:
    # A plain postgresql:// URL is read with the psycopg 3 driver.
    engine = connect(database_url.replace("postgresql+psycopg://", "postgresql://"))
    assert engine.dialect.driver == "psycopg"
    upgrade_schema(engine)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    engine.dispose()


def test_servers_starting_together_on_postgresql(database_url: str) -> None:
    from .test_storage import _migrate_together, head_revision

    assert _migrate_together(database_url, 4) == []
    engine = connect(database_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).all() == [
            (head_revision(),)
        ]
    engine.dispose()


def test_play_and_resume_on_postgresql(migrated_database_url: str, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, database_url=migrated_database_url)
    with TestClient(create_app(settings)) as client:
        state = start(client, mode="code", code="KL1-D3N-AAAAAAG")
        state = act(client, state, type="stock").json()
        state = act(client, state, type="undo").json()
        state = act(client, state, type="move", move="t6-t7").json()
        assert (state["version"], state["score"]) == (3, 5)
        stale = act(client, {**state, "version": 1}, type="stock")
        assert stale.status_code == 409 and stale.json()["state"] == state
        illegal = act(client, state, type="move", move="t2-t1")
        assert illegal.status_code == 422 and illegal.json()["state"] == state
        for odd_id in ("%00", "a%00b", "x" * 300):
            assert client.get(f"/api/games/{odd_id}").status_code == 404
        same = client.post("/api/games", json={"mode": "same", "game_id": "\u0000"})
        assert same.status_code == 404
        cookie = client.cookies["solitaire_player"]
    assert not (tmp_path / "solitaire.db").exists()
    with TestClient(create_app(settings)) as client:
        client.cookies.set("solitaire_player", cookie)
        assert client.get("/api/games/current").json() == state
        # Starting another game abandons this one: the statistics count it, with times
        # as PostgreSQL keeps them (zone-aware).
        start(client, mode="code", code="KL1-D3N-AAAAAAG")
        stats = client.get("/api/stats").json()["variants"]
        assert [(entry["variant"], entry["played"], entry["won"]) for entry in stats] == [
            ("KL-D3N", 1, 0)
        ]


def _send(
    client: TestClient,
    url: str,
    body: dict[str, Any],
    barrier: threading.Barrier,
    answers: list[Any],
) -> None:
    barrier.wait()
    answers.append(client.post(url, json=body))


def test_racing_actions_on_postgresql(migrated_database_url: str, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, database_url=migrated_database_url)
    clients = [TestClient(create_app(settings)) for _ in range(2)]
    state = start(clients[0], mode="code", code="KL1-D1N-AAAAAAG")
    clients[1].cookies.set("solitaire_player", clients[0].cookies["solitaire_player"])
    url = f"/api/games/{state['id']}/actions"
    for version in range(10):
        for client in clients:
            client.get(f"/api/games/{state['id']}")
        barrier = threading.Barrier(4)
        answers: list[Any] = []
        body = {"version": version, "type": "stock"}
        threads = [
            threading.Thread(target=_send, args=(clients[i % 2], url, body, barrier, answers))
            for i in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(a.status_code for a in answers) == [200, 409, 409, 409]
    final = clients[0].get(f"/api/games/{state['id']}").json()
    assert (final["version"], final["moves"]) == (10, 10)
    for client in clients:
        client.close()


def test_transfer_links_on_postgresql(migrated_database_url: str, tmp_path: Path) -> None:
    """RC-2 on PostgreSQL: a link used once (``DELETE … RETURNING``), refused once expired
    (zone-aware times compared in the database), cancelled, and its CSV history."""
    import datetime as dt

    from solitaire.server.routes.transfer import get_clock

    settings = Settings(data_dir=tmp_path, database_url=migrated_database_url)
    app = create_app(settings)
    now = [dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)]
    app.dependency_overrides[get_clock] = lambda: lambda: now[0]
    with TestClient(app) as phone, TestClient(app) as laptop, TestClient(app) as third:
        game = start(phone, mode="code", code="KL1-D3N-AAAAAAG")
        act(phone, game, type="stock")
        start(phone, mode="code", code="EH1-N-AAAAAAF")
        link = phone.post("/api/player/transfer").json()["url"]
        assert laptop.get(link, follow_redirects=False).status_code == 303
        assert laptop.get("/api/history").json() == phone.get("/api/history").json()
        assert third.get(link, follow_redirects=False).status_code == 410
        expiring = phone.post("/api/player/transfer").json()["url"]
        now[0] += dt.timedelta(hours=24)
        assert third.get(expiring, follow_redirects=False).status_code == 410
        cancelled = phone.post("/api/player/transfer").json()["url"]
        assert phone.delete("/api/player/transfer").status_code == 204
        assert third.get(cancelled, follow_redirects=False).status_code == 410
        assert third.cookies.get("solitaire_player") != phone.cookies.get("solitaire_player")
        rows = laptop.get("/api/history.csv").text.splitlines()
        assert len(rows) == 2 and rows[0].startswith("id,code,variant")


def test_an_offline_upload_sent_twice_on_postgresql(
    migrated_database_url: str, tmp_path: Path
) -> None:
    """UI-21 on PostgreSQL: the game an upload made is found by its name (``offline_games``)
    when the upload comes again, and the time it carried is kept within its span."""
    from solitaire.store.games import OfflineGameTaken

    settings = Settings(data_dir=tmp_path, database_url=migrated_database_url)
    app = create_app(settings)
    game: dict[str, Any] = {
        "ref": "offline-5d41402a",
        "start": {"code": "KL1-D1N-AAAAAAG"},
        "actions": [{"version": 0, "type": "stock"}],
        "played_ms": 30_000,
        "span_ms": 28_000,
    }
    with TestClient(app) as client:
        [made] = client.post("/api/sync/games", json={"games": [game]}).json()["games"]
        more = {**game, "actions": [*game["actions"], {"version": 1, "type": "stock"}]}
        [again] = client.post("/api/sync/games", json={"games": [more]}).json()["games"]
        assert (again["outcome"], again["id"], again["accepted"]) == ("new_game", made["id"], 2)
        state = client.get(f"/api/games/{made['id']}").json()
        assert (state["version"], state["played_ms"]) == (2, 30_000)
        player = client.cookies["solitaire_player"]
        store = app.state.services.store
        assert store.offline_game(player, "offline-5d41402a") == made["id"]
        # The name is taken in the game's own transaction: a second game under it is
        # refused whole (no game row is left behind).
        with pytest.raises(OfflineGameTaken):
            store.create_game(
                "another-game-id-0000000",
                player,
                "KL-D1N",
                1,
                None,
                _summary(),
                offline_ref="offline-5d41402a",
            )
        assert store.find_game("another-game-id-0000000", player) is None


def _summary() -> Any:
    from solitaire.store.games import GameSummary

    return GameSummary(0, 0, False)
