"""A database made by the first migration, with games in it, upgrades to the latest schema
when a new server starts on it, and every game reads back exactly."""

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from solitaire.server.app import create_app
from solitaire.store.database import MIGRATIONS

from .conftest import act, sqlite_settings, start


def migrate(url: str, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    engine.dispose()


def test_a_first_migration_database_with_games_upgrades_to_the_latest(tmp_path: Path) -> None:
    # Games played on a current server give realistic rows …
    source_dir = tmp_path / "source"
    with TestClient(create_app(sqlite_settings(source_dir))) as client:
        states = []
        for body in (
            {"mode": "code", "code": "KL1-D3N-AAAAAAG"},
            {"mode": "code", "code": "EH1-N-AAAAAAF"},
        ):
            state = start(client, **body)
            for _ in range(3):
                state = act(client, state, type="stock").json()
            state = act(client, state, type="undo").json()
            states.append(state)
        cookie = client.cookies.get("solitaire_player")
    # … copied, column by column, into a database made by the first migration only.
    old_dir = tmp_path / "old"
    old_dir.mkdir()
    old_url = f"sqlite:///{old_dir / 'solitaire.db'}"
    migrate(old_url, "0001")
    source = sa.create_engine(f"sqlite:///{source_dir / 'solitaire.db'}")
    old = sa.create_engine(old_url)
    old_tables = sa.MetaData()
    old_tables.reflect(old)
    assert "finished_at" not in old_tables.tables["games"].columns  # added by a later migration
    source_tables = sa.MetaData()
    source_tables.reflect(source)
    with source.connect() as reading, old.begin() as writing:
        for name in ("players", "games", "actions"):
            table = old_tables.tables[name]
            rows = reading.execute(sa.select(source_tables.tables[name])).mappings().all()
            assert rows
            writing.execute(
                table.insert(), [{col.name: row[col.name] for col in table.columns} for row in rows]
            )
    source.dispose()
    old.dispose()
    # A new server on the old database upgrades it and finds every game as it was.
    with TestClient(create_app(sqlite_settings(old_dir))) as client:
        assert cookie is not None
        client.cookies.set("solitaire_player", cookie)
        for state in states:
            read = client.get(f"/api/games/{state['id']}")
            assert read.status_code == 200
            assert read.json() == state
        after = act(client, states[0], type="undo")
        assert after.status_code == 200
    upgraded = sa.create_engine(old_url)
    tables = sa.MetaData()
    tables.reflect(upgraded)
    assert "finished_at" in tables.tables["games"].columns
    upgraded.dispose()
