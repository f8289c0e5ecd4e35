"""The statements an action runs straight on the driver (``store/prepared.py``) send SQLite
exactly what SQLAlchemy sends for them, and read rows back as SQLAlchemy does."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy import exc as sa_exc

from solitaire.store import GameStore, connect, upgrade_schema
from solitaire.store.games import _ADVANCE, _FIND_GAME, _LOG, _UNAPPEND, GameSummary
from solitaire.store.prepared import Prepared


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    engine = connect(f"sqlite:///{tmp_path / 'solitaire.db'}")
    upgrade_schema(engine)
    store = GameStore(engine)
    store.update_player_settings("p1", {"auto_placement": False, "language": "nl"})
    store.create_game("g1", "p1", "KL1-D1N", 5, None, GameSummary(0, 0, False))
    assert store.record_action("g1", 0, "d", GameSummary(3, 1, True))
    return store


def test_the_parameters_are_those_sqlalchemy_sends(store: GameStore) -> None:
    engine = store.engine
    sent: list[tuple[str, Any]] = []
    event.listen(
        engine,
        "before_cursor_execute",
        lambda _c, _cursor, sql, parameters, _context, _many: sent.append((sql, parameters)),
    )
    moment = dt.datetime(2026, 12, 1, 16, 3, 0, 870960, tzinfo=dt.UTC)
    record: dict[str, Any] = {
        "game_id": "g1",
        "expected": 1,
        "new_version": 2,
        "score": 5,
        "moves": 2,
        "won": True,
        "action": "d",
        "now": moment,
        "finished_at": moment,
    }
    find: dict[str, Any] = {"game_id": "g1", "player_id": "p1"}
    statements: list[tuple[Any, dict[str, Any]]] = [
        (store._append, record),
        (_ADVANCE, record),
        (_UNAPPEND, record),
        (_FIND_GAME, find),
        (_LOG, find | {"after": 0}),
    ]
    with engine.begin() as connection:
        for statement, values in statements:
            connection.execute(statement, values)
    assert len(sent) == len(statements)
    for (statement, values), (sql, parameters) in zip(statements, sent, strict=True):
        prepared = Prepared(statement, engine.dialect)
        assert prepared.sql == sql
        assert prepared.parameters(values) == tuple(parameters)


def test_a_row_reads_back_as_sqlalchemy_reads_it(store: GameStore) -> None:
    values = {"game_id": "g1", "player_id": "p1"}
    with store.engine.connect() as connection:
        expected = dict(connection.execute(_FIND_GAME, values).mappings().one())
    prepared = Prepared(_FIND_GAME, store.engine.dialect)
    raw = store.engine.raw_connection()
    try:
        row = prepared.row(prepared.run(raw.cursor(), values).fetchone())
    finally:
        raw.close()
    assert row == expected
    assert isinstance(row["updated_at"], dt.datetime) and row["won"] is True


def test_a_driver_error_comes_as_sqlalchemys(store: GameStore) -> None:
    # SQLite's own error (here a database without the tables) is told apart as through an
    # engine: the server answers 503 to a database out of reach by SQLAlchemy's classes.
    empty = sqlite3.connect(":memory:")
    prepared = Prepared(_LOG, store.engine.dialect)
    with pytest.raises(sa_exc.OperationalError, match="no such table"):
        prepared.run(empty.cursor(), {"game_id": "g1", "after": 0})


def test_only_positional_dialects_are_taken() -> None:
    from sqlalchemy.dialects import postgresql

    with pytest.raises(ValueError, match="positional"):
        Prepared(_LOG, postgresql.psycopg.dialect())  # type: ignore[no-untyped-call]
