"""Connecting to the database (SQLite by default, PostgreSQL by URL) and migrating it.

A database that is down or does not answer must not hold a request for long: on PostgreSQL
a connection attempt gives up after ``timeout_seconds`` (at least 2 s, libpq's minimum), a
statement after ``timeout_seconds`` on the server (``statement_timeout``) and, should the
server not answer at all (a hung machine), on the client too: the connection is then closed
and the pool makes a new one for the next request. :func:`is_unavailable` tells such a
failure from a fault of the app.

>>> engine = connect("sqlite://")
>>> engine.dialect.name
'sqlite'
"""

from __future__ import annotations

import contextlib
import math
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import psycopg

try:
    import fcntl
except ImportError:  # Windows: no flock; servers there start one at a time
    fcntl = None  # type: ignore[assignment]

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import make_url
from sqlalchemy.pool import StaticPool

MIGRATIONS = "solitaire:migrations"

SQLITE_POOL_SIZE = 40
"""SQLite connections kept open: one for each of the server's worker threads (anyio's 40)."""
SQLITE_POOL_OVERFLOW = 10
"""SQLite connections opened beyond the kept ones while every kept one is busy."""
"""Alembic's script location as a package resource, so it works from an installed package."""


class DatabaseUrlError(ValueError):
    """A database URL naming a database this app does not run on."""


def connect(
    url: str,
    *,
    busy_timeout_ms: int = 5000,
    sqlite_synchronous: str = "FULL",
    timeout_seconds: float = 2.0,
) -> Engine:
    """An engine for ``url``: ``sqlite:///path`` (WAL mode, busy timeout) or a PostgreSQL URL
    (``postgresql://…`` is read as ``postgresql+psycopg://…``, the psycopg 3 driver) whose
    connecting, statements and waits for a pooled connection each give up after
    ``timeout_seconds``."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        # A connection for each of the server's worker threads (anyio's 40), kept: a
        # connection opened and closed for each request beyond a small pool cost more than
        # the request's statements. An in-memory database (a doctest's) is one connection,
        # shared by every thread: the writer thread writes what the others read.
        in_file = parsed.database not in (None, "", ":memory:")
        pooling: dict[str, Any] = (
            {"pool_size": SQLITE_POOL_SIZE, "max_overflow": SQLITE_POOL_OVERFLOW}
            if in_file
            else {"poolclass": StaticPool}
        )
        engine = create_engine(
            parsed,
            connect_args={"timeout": busy_timeout_ms / 1000, "check_same_thread": False},
            **pooling,
        )
        event.listen(engine, "connect", _sqlite_pragmas(busy_timeout_ms, sqlite_synchronous))
        return engine
    if backend == "postgresql":
        if parsed.get_driver_name() != "psycopg":
            parsed = parsed.set(drivername="postgresql+psycopg")
        engine = create_engine(
            parsed,
            # No ping before each checkout (a round trip every time): a connection the
            # database dropped fails its first statement, and the store reads again
            # (GameStore._read); a write is never sent twice.
            pool_pre_ping=False,
            pool_timeout=timeout_seconds,
            connect_args={
                "connect_timeout": max(2, math.ceil(timeout_seconds)),
                "options": f"-c statement_timeout={int(timeout_seconds * 1000)}",
            },
        )
        event.listen(engine, "do_connect", _connect_with_deadline(timeout_seconds))
        return engine
    raise DatabaseUrlError(
        f"unsupported database {backend!r}: use sqlite:///FILE or postgresql+psycopg://…"
    )


@dataclass(slots=True)
class _Timeouts:
    """When the database last failed to answer in time, shared by an engine's connections:
    for ``deadline`` seconds after that, no new connection is tried (it would only wait its
    whole timeout on a server that does not answer), so requests fail fast while the
    database is hung, and one is tried again as soon as that moment has passed."""

    deadline: float
    last: float = -math.inf

    def note(self) -> None:
        self.last = time.monotonic()

    def recent(self) -> bool:
        return time.monotonic() - self.last < self.deadline


class DeadlineConnection(psycopg.Connection[Any]):
    """A psycopg connection that waits at most ``timeouts.deadline`` seconds for the
    server's answer to anything it sends. The server's own ``statement_timeout`` cannot end
    a wait on a server that has stopped answering (a hung machine, a stopped process): this
    one can. Past the deadline the connection is closed (it is in an unknown state) and an
    ``OperationalError`` raised, which SQLAlchemy takes for a lost connection."""

    timeouts: _Timeouts = _Timeouts(2.0)

    def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
        limit = timeout or self.timeouts.deadline
        try:
            return super().wait(gen, interval=interval, timeout=limit)
        except _WAIT_TIMEOUT:
            self.timeouts.note()
            self.pgconn.finish()
            raise psycopg.OperationalError(
                f"the database did not answer within {limit:g} s"
            ) from None


# psycopg's own (private) timeout of Connection.wait; a test freezes a real server to see it.
_WAIT_TIMEOUT: type[Exception] = getattr(psycopg.errors, "_WaitTimeout", psycopg.OperationalError)


def _connect_with_deadline(deadline: float) -> Any:
    timeouts = _Timeouts(deadline)

    def do_connect(_dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
        if timeouts.recent():
            raise psycopg.OperationalError(
                "the database did not answer a moment ago: not trying again yet"
            )
        try:
            connection = DeadlineConnection.connect(*cargs, **cparams)
        except psycopg.errors.ConnectionTimeout:
            timeouts.note()
            raise
        connection.timeouts = timeouts
        return connection

    return do_connect


#: SQLite's errors of a database that is there but cannot be used right now (locked by
#: another process, a disk that fails or is full); its other OperationalErrors are faults
#: of the app (a missing table).
_SQLITE_UNAVAILABLE = (
    "database is locked",
    "database table is locked",
    "disk i/o error",
    "database or disk is full",
    "unable to open database file",
    "readonly database",
)


def is_unavailable(error: BaseException) -> bool:
    """Whether ``error`` says the database cannot be reached or used now (answer 503 and
    try again later), rather than a fault of the app (500)."""
    if isinstance(error, sa_exc.TimeoutError):  # no pooled connection came free in time
        return True
    if not isinstance(error, sa_exc.DBAPIError):
        return False
    if error.connection_invalidated:
        return True
    if isinstance(error.orig, sqlite3.Error):
        text = str(error.orig).lower()
        return any(case in text for case in _SQLITE_UNAVAILABLE)
    return isinstance(error, sa_exc.OperationalError | sa_exc.InterfaceError)


def failure_summary(error: BaseException) -> str:
    """A database failure in one line, for a log line without a traceback.

    >>> failure_summary(ValueError("connection refused\\n\\tIs the server running?"))
    'ValueError: connection refused'
    """
    cause = error.orig if isinstance(error, sa_exc.DBAPIError) and error.orig else error
    lines = str(cause).strip().splitlines()
    return f"{type(cause).__name__}: {lines[0] if lines else ''}".rstrip(": ")


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
