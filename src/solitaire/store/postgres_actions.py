"""An action's statements on PostgreSQL, on the event loop: psycopg's async connections, each
statement prepared on a connection at its first use, and the write one statement (one round
trip, one transaction): the game moves on only if it is still at the version the action was
made on, and the action is appended in the same statement.

A database that does not answer holds no request for long: connecting and every statement
give up after ``deadline`` seconds (the connection is then closed, as it is in an unknown
state), and for ``deadline`` seconds after such a failure no new connection is tried, so that
requests fail at once while the database is hung. The errors come as SQLAlchemy's
(``OperationalError``), as through the engine, so that the server tells an outage (503) from a
fault of the app the same way on every path.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import psycopg
from psycopg.rows import dict_row
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL

T = TypeVar("T")

FIND_GAME = """SELECT id, player_id, variant, deal, start_layout, version, score, moves, won,
finished, finished_at, created_at, updated_at, level, challenge_date, played_ms,
used_hints, used_light FROM games
WHERE id = %(game_id)s AND player_id = %(player_id)s"""
LOG = """SELECT action FROM actions WHERE game_id = %(game_id)s AND number > %(after)s
ORDER BY number"""
# One statement: a number already in the log (a log that ran ahead of its row) fails it
# whole, the update with it.
APPEND = """WITH advanced AS (
  UPDATE games SET version = %(new_version)s, score = %(score)s, moves = %(moves)s,
    won = %(won)s, finished = %(won)s, finished_at = %(finished_at)s, updated_at = %(now)s
  WHERE id = %(game_id)s AND version = %(expected)s
  RETURNING id
)
INSERT INTO actions (game_id, number, action, created_at)
SELECT id, %(new_version)s, %(action)s, %(now)s FROM advanced"""


def conninfo(url: URL) -> str:
    """libpq's connection string for a SQLAlchemy URL."""
    parts = {
        "host": url.host,
        "port": url.port,
        "user": url.username,
        "password": url.password,
        "dbname": url.database,
    }
    return psycopg.conninfo.make_conninfo(
        **{key: str(value) for key, value in parts.items() if value is not None}
    )


class _DeadlineConnection(psycopg.AsyncConnection[Any]):
    """An async connection that waits at most ``deadline`` seconds for any answer. (A wait
    cancelled from outside would make psycopg send the server a cancel request and wait for
    it, up to seconds more, on a server that does not answer.)"""

    deadline: float = 2.0

    async def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
        limit = timeout or self.deadline
        try:
            return await super().wait(gen, interval=interval, timeout=limit)
        except _WAIT_TIMEOUT:
            self.pgconn.finish()
            raise _NoAnswer(f"the database did not answer within {limit:g} s") from None


class _NoAnswer(psycopg.OperationalError):
    """The database did not answer in time (the connection is closed)."""


# psycopg's own (private) timeout of a connection's wait; the outage tests freeze a real
# server to see it.
_WAIT_TIMEOUT: type[Exception] = getattr(psycopg.errors, "_WaitTimeout", psycopg.OperationalError)


class PostgresActions:
    """A small pool of async connections (at most ``size``) serving an action's statements.

    >>> actions = PostgresActions("host=127.0.0.1 dbname=solitaire", deadline=2.0)
    >>> actions.size
    10
    """

    def __init__(self, conninfo: str, *, deadline: float, size: int = 10) -> None:
        self.conninfo = conninfo
        self.deadline = deadline
        self.size = size
        self._idle: list[_DeadlineConnection] = []
        self._slots: asyncio.Semaphore | None = None
        self._last_timeout = -math.inf

    async def find_game(self, game_id: str, player_id: str) -> dict[str, Any] | None:
        """The player's game row, or None."""
        values = {"game_id": game_id, "player_id": player_id}

        async def find(connection: psycopg.AsyncConnection[Any]) -> dict[str, Any] | None:
            cursor = connection.cursor(row_factory=dict_row)
            await cursor.execute(FIND_GAME, values, prepare=True)
            return await cursor.fetchone()

        return await self._run(find, FIND_GAME)

    async def log(self, game_id: str, after: int = 0) -> list[str]:
        """The game's action log in order, from action ``after`` + 1 on."""

        async def read(connection: psycopg.AsyncConnection[Any]) -> list[str]:
            values = {"game_id": game_id, "after": after}
            cursor = await connection.execute(LOG, values, prepare=True)
            return [action for (action,) in await cursor.fetchall()]

        return await self._run(read, LOG)

    async def append(self, values: dict[str, Any]) -> bool:
        """Append the action and move the game on, if it is still at ``values["expected"]``;
        False, nothing written, otherwise. Made once more on a new connection when the one
        taken turns out cut (a restart): the statement did not run there, and if its answer
        was lost the version keeps a second one from applying."""

        async def append(connection: psycopg.AsyncConnection[Any]) -> bool:
            try:
                cursor = await connection.execute(APPEND, values, prepare=True)
            except psycopg.errors.UniqueViolation:
                return False
            return cursor.rowcount == 1

        return await self._run(append, APPEND)

    async def close(self) -> None:
        idle, self._idle = self._idle, []
        for connection in idle:
            await connection.close()

    # -- connections ------------------------------------------------------------------------
    async def _run(
        self,
        work: Callable[[psycopg.AsyncConnection[Any]], Awaitable[T]],
        sql: str,
    ) -> T:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.size)
        if self._slots.locked():
            try:
                async with asyncio.timeout(self.deadline):
                    await self._slots.acquire()
            except TimeoutError:
                raise sa_exc.TimeoutError(
                    "no connection to the database came free in time"
                ) from None
        else:
            # A slot is free: taken at once, without a timer set and cancelled.
            await self._slots.acquire()
        try:
            for attempt in (1, 2):
                pooled = bool(self._idle)
                connection = self._idle.pop() if pooled else await self._connect(sql)
                try:
                    result = await work(connection)
                except _NoAnswer as error:
                    self._last_timeout = time.monotonic()
                    raise _unavailable(sql, error) from None
                except psycopg.Error as error:
                    connection.pgconn.finish()
                    # A pooled connection found cut: once more, on a new one.
                    if pooled and attempt == 1 and connection.broken:
                        continue
                    raise _unavailable(sql, error) from error
                self._idle.append(connection)
                return result
            raise AssertionError("unreachable")
        finally:
            self._slots.release()

    async def _connect(self, sql: str) -> _DeadlineConnection:
        if time.monotonic() - self._last_timeout < self.deadline:
            error = psycopg.OperationalError("the database did not answer a moment ago")
            raise _unavailable(sql, error)
        try:
            async with asyncio.timeout(self.deadline):
                connection = await _DeadlineConnection.connect(
                    self.conninfo,
                    autocommit=True,
                    prepare_threshold=0,
                    connect_timeout=max(2, math.ceil(self.deadline)),
                    options=f"-c statement_timeout={int(self.deadline * 1000)}",
                )
                connection.deadline = self.deadline
                return connection
        except TimeoutError:
            self._last_timeout = time.monotonic()
            error = psycopg.OperationalError(f"no connection within {self.deadline:g} s")
            raise _unavailable(sql, error) from None
        except psycopg.Error as error:
            raise _unavailable(sql, error) from error


def _unavailable(sql: str, error: Exception) -> sa_exc.DBAPIError:
    """A driver error as SQLAlchemy's, a connection lost or unusable: the server's 503."""
    found = sa_exc.DBAPIError.instance(sql, None, error, psycopg.Error)
    assert isinstance(found, sa_exc.DBAPIError)
    return found
