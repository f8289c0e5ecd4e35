"""Connecting to the database (SQLite by default, PostgreSQL by URL) and migrating it.

>>> engine = connect("sqlite://")
>>> engine.dialect.name
'sqlite'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: no flock; servers there start one at a time
    fcntl = None  # type: ignore[assignment]

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url

MIGRATIONS = "solitaire:migrations"
"""Alembic's script location as a package resource, so it works from an installed package."""


class DatabaseUrlError(ValueError):
    """A database URL naming a database this app does not run on."""


def connect(url: str, *, busy_timeout_ms: int = 5000, sqlite_synchronous: str = "FULL") -> Engine:
    """An engine for ``url``: ``sqlite:///path`` (WAL mode, busy timeout) or a PostgreSQL URL
    (``postgresql://…`` is read as ``postgresql+psycopg://…``, the psycopg 3 driver)."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        engine = create_engine(
            parsed,
            connect_args={"timeout": busy_timeout_ms / 1000, "check_same_thread": False},
        )
        event.listen(engine, "connect", _sqlite_pragmas(busy_timeout_ms, sqlite_synchronous))
        return engine
    if backend == "postgresql":
        if parsed.get_driver_name() != "psycopg":
            parsed = parsed.set(drivername="postgresql+psycopg")
        return create_engine(parsed, pool_pre_ping=True)
    raise DatabaseUrlError(
        f"unsupported database {backend!r}: use sqlite:///FILE or postgresql+psycopg://…"
    )


def _sqlite_pragmas(busy_timeout_ms: int, synchronous: str) -> Any:
    if synchronous not in ("FULL", "NORMAL"):
        raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")

    def set_pragmas(dbapi_connection: Any, _record: Any) -> None:
        # WAL lets readers go on while one writer commits; the busy timeout makes a writer
        # wait for the lock instead of failing at once; SQLite checks foreign keys only
        # when asked.
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.close()

    return set_pragmas


MIGRATION_LOCK_KEY = 0x50_4C_41_59_53_4F_4C
"""The PostgreSQL advisory lock held while migrating (any constant shared by all servers)."""


def upgrade_schema(engine: Engine) -> None:
    """Bring the schema to the newest migration (creates it in an empty database).

    Servers starting together on one database take turns: the first migrates, the others
    then find the schema current. PostgreSQL has an advisory lock for that, held until the
    migration commits; SQLite commits each CREATE on its own, so a lock file beside the
    database keeps the turns.
    """
    config = Config()
    config.set_main_option("script_location", MIGRATIONS)
    with _sqlite_migration_lock(engine), engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY}
            )
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@contextlib.contextmanager
def _sqlite_migration_lock(engine: Engine) -> Iterator[None]:
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:" or fcntl is None:
        yield
        return
    with open(f"{database}.migration-lock", "a+b") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock_file, fcntl.LOCK_UN)
