"""Reading and writing games, their action logs and the players' settings.

Every write is one committed transaction. An action is recorded only if the game is still at
the version the action was made on (``UPDATE … WHERE version = :expected``), so two racing
actions — in threads or in processes — never both apply.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from sqlalchemy import (
    JSON,
    Connection,
    CursorResult,
    Engine,
    bindparam,
    cast,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy import exc as sa_exc
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.elements import ColumnElement

from .group_commit import GroupCommit, ProcessTurn
from .models import Base, GameRow, PlayerRow, StatsResetRow
from .postgres_actions import APPEND, PostgresActions, conninfo
from .prepared import Prepared

GAMES = Base.metadata.tables["games"]
ACTIONS = Base.metadata.tables["actions"]
PLAYERS = Base.metadata.tables["players"]
RESETS = Base.metadata.tables["stats_resets"]
TRANSFERS = Base.metadata.tables["transfers"]
OFFLINE_GAMES = Base.metadata.tables["offline_games"]


T = TypeVar("T")

#: UI-16: how far past the game's length on the server's clock a board's clock may go and
#: still be kept (as that length): the time an answer takes to come back.
CLOCK_SLACK_MS = 2000

AdmitNewPlayer = Callable[[], None]
"""What a write that may create the player's row is given by its caller (the server's
limit on new players, for the request's client): called inside the transaction when it
does create the row; raising aborts the write. None: nothing to limit (a script, a test)."""

# The statements run on every request, built once with bound parameters: building a
# statement costs more than running it on SQLite.
_FIND_GAME = select(GAMES).where(
    GAMES.c.id == bindparam("game_id"), GAMES.c.player_id == bindparam("player_id")
)
_LATEST_GAME = (
    select(GAMES)
    .where(GAMES.c.player_id == bindparam("player_id"))
    .order_by(GAMES.c.updated_at.desc(), GAMES.c.created_at.desc())
    .limit(1)
)
# The log from action number ``after`` + 1 on (all of it with ``after`` 0).
_LOG = (
    select(ACTIONS.c.action)
    .where(ACTIONS.c.game_id == bindparam("game_id"), ACTIONS.c.number > bindparam("after"))
    .order_by(ACTIONS.c.number)
)
_ADVANCE = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("game_id"), GAMES.c.version == bindparam("expected"))
    .values(
        version=bindparam("new_version"),
        score=bindparam("score"),
        moves=bindparam("moves"),
        won=bindparam("won"),
        # Won finishes a game; any other action takes an abandoned game back into play.
        finished=bindparam("won"),
        finished_at=bindparam("finished_at"),
        updated_at=bindparam("now"),
    )
)
_ABANDON_OTHERS = (
    update(GAMES)
    .where(
        GAMES.c.player_id == bindparam("owner"),
        GAMES.c.id != bindparam("new_game_id"),
        GAMES.c.finished.is_(False),
    )
    .values(finished=True, finished_at=bindparam("abandoned_at"))
)
_APPEND_VALUES: dict[str, Any] = {
    "game_id": bindparam("game_id"),
    "number": bindparam("new_version"),
    "action": bindparam("action"),
    "created_at": bindparam("now"),
}
# Undoes an append whose game had moved on (see GameStore._record).
_UNAPPEND = ACTIONS.delete().where(
    ACTIONS.c.game_id == bindparam("game_id"), ACTIONS.c.number == bindparam("new_version")
)
_CREATE_GAME = insert(GAMES)
_NAME_OFFLINE_GAME = insert(OFFLINE_GAMES)
_FIND_OFFLINE_GAME = select(OFFLINE_GAMES.c.game_id).where(
    OFFLINE_GAMES.c.player_id == bindparam("player_id"), OFFLINE_GAMES.c.ref == bindparam("ref")
)
_FINISHED_GAMES = (
    select(GAMES)
    .where(GAMES.c.player_id == bindparam("owner"), GAMES.c.finished.is_(True))
    .order_by(GAMES.c.finished_at, GAMES.c.created_at)
)
# The history: finished games with at least one move (a deal left untouched was never played,
# docs/records.md), newest first. Games finished before migration 0002 have no finished_at:
# their last action is when they ended.
_ENDED_AT = func.coalesce(GAMES.c.finished_at, GAMES.c.updated_at)
_PLAYED = (
    GAMES.c.player_id == bindparam("owner"),
    GAMES.c.finished.is_(True),
    GAMES.c.moves >= 1,
)
_HISTORY = (
    select(GAMES)
    .where(*_PLAYED)
    .order_by(_ENDED_AT.desc(), GAMES.c.created_at.desc(), GAMES.c.id.desc())
    .limit(bindparam("limit"))
    .offset(bindparam("offset"))
)
_HISTORY_COUNT = select(func.count()).select_from(GAMES).where(*_PLAYED)
_STATS_RESETS = select(StatsResetRow.variant, StatsResetRow.reset_at).where(
    StatsResetRow.player_id == bindparam("owner")
)
_SETTINGS = select(PlayerRow.settings).where(PlayerRow.id == bindparam("player_id"))
# Transfer links (rules RC-2): one per player; using one deletes it in the statement that
# reads it, so two browsers opening the same link at the same moment cannot both use it.
_DROP_TRANSFER = delete(TRANSFERS).where(TRANSFERS.c.player_id == bindparam("player_id"))
_DROP_EXPIRED_TRANSFERS = delete(TRANSFERS).where(TRANSFERS.c.expires_at <= bindparam("now"))
_ADD_TRANSFER = insert(TRANSFERS).values(
    player_id=bindparam("player_id"),
    secret_hash=bindparam("secret_hash"),
    created_at=bindparam("now"),
    expires_at=bindparam("expires_at"),
)
_USE_TRANSFER = (
    delete(TRANSFERS)
    .where(
        TRANSFERS.c.secret_hash == bindparam("secret_hash"),
        TRANSFERS.c.expires_at > bindparam("now"),
    )
    .returning(TRANSFERS.c.player_id)
)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _process_turn(engine: Engine) -> Callable[[], contextlib.AbstractContextManager[object]]:
    """The writers' turn among the processes sharing a SQLite file: a lock file beside it
    (``solitaire.db-writer``); none for a database in memory, which one process holds.

    >>> from sqlalchemy import create_engine
    >>> _process_turn(create_engine("sqlite://")) is contextlib.nullcontext
    True
    """
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return contextlib.nullcontext
    return ProcessTurn(Path(f"{database}-writer"))


def _aware(moment: dt.datetime) -> dt.datetime:
    # SQLite hands back the stored UTC times without their zone.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _insert_for(dialect: str) -> Any:
    """The dialect's INSERT, which knows ``ON CONFLICT`` (SQLite and PostgreSQL alike)."""
    return postgresql.insert if dialect == "postgresql" else sqlite.insert


def _player_statements(dialect: str) -> tuple[Any, Any]:
    """Create a player if new (``ON CONFLICT DO NOTHING``), and merge settings into a
    player's, creating the player if new: one statement, so two writers never lose each
    other's fields and never both create the row."""
    dialect_insert = _insert_for(dialect)
    values = {
        "id": bindparam("player_id"),
        "settings": bindparam("settings", type_=JSON),
        "created_at": bindparam("now"),
        "updated_at": bindparam("now"),
    }
    create = (
        dialect_insert(PLAYERS)
        .values(values)
        .on_conflict_do_nothing(index_elements=["id"])
        .execution_options(preserve_rowcount=True)
    )
    upsert = dialect_insert(PLAYERS).values(values)
    merged: ColumnElement[Any]
    if dialect == "postgresql":
        jsonb = postgresql.JSONB
        merged = cast(
            cast(PLAYERS.c.settings, jsonb).op("||")(cast(upsert.excluded.settings, jsonb)), JSON
        )
    else:
        # RFC 7396 merge patch: the given fields replace the player's, the others stay.
        merged = func.json_patch(PLAYERS.c.settings, upsert.excluded.settings)
    merge = upsert.on_conflict_do_update(
        index_elements=["id"],
        set_={"settings": merged, "updated_at": upsert.excluded.updated_at},
    ).returning(PLAYERS.c.settings)
    return create, merge


def _append_statement(dialect: str) -> Any:
    """Append an action to a game's log unless that number is taken (then no row)."""
    return (
        _insert_for(dialect)(ACTIONS)
        .values(_APPEND_VALUES)
        .on_conflict_do_nothing(index_elements=["game_id", "number"])
        # SQLAlchemy reads an INSERT's rowcount only when asked (psycopg's is gone after).
        .execution_options(preserve_rowcount=True)
    )


def _reset_statement(dialect: str) -> Any:
    """Set the moment of a variant's statistics reset, creating or moving it."""
    upsert = _insert_for(dialect)(RESETS).values(
        player_id=bindparam("player_id"), variant=bindparam("variant"), reset_at=bindparam("now")
    )
    return upsert.on_conflict_do_update(
        index_elements=["player_id", "variant"], set_={"reset_at": upsert.excluded.reset_at}
    )


class OfflineGameTaken(Exception):
    """An offline game's name (``ref``) the player's devices have used already."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game row as read: where the game started and where it stands."""

    id: str
    player_id: str
    variant: str
    deal: int | None
    start_layout: str | None
    version: int
    score: int
    moves: int
    won: bool
    finished: bool
    finished_at: dt.datetime | None
    created_at: dt.datetime
    updated_at: dt.datetime
    #: LV-1 and DC-1 (migration 0005): the deal's level, the challenge's day.
    level: str | None = None
    challenge_date: dt.date | None = None
    played_ms: int | None = None
    #: Asked for a hint, or for the winnable light (UI-20), while playing (migration 0007).
    used_hints: bool = False
    used_light: bool = False

    @property
    def seconds_played(self) -> int:
        """The time played, in whole seconds — the measure of the statistics: the board's
        clock (UI-16: on screen and not paused) once it has reported it, else from the game's
        start to its last action (its win, for a won game), idle time included."""
        if self.played_ms is not None:
            return self.played_ms // 1000
        started, last = _aware(self.created_at), _aware(self.updated_at)
        return max(0, int((last - started).total_seconds()))

    def after_action(self, summary: GameSummary, at: dt.datetime) -> StoredGame:
        """The row as :meth:`GameStore.record_action` leaves it after one action at ``at``."""
        return dataclasses.replace(
            self,
            version=self.version + 1,
            score=summary.score,
            moves=summary.moves,
            won=summary.won,
            finished=summary.won,
            finished_at=at if summary.won else None,
            updated_at=at,
        )

    @classmethod
    def from_mapping(cls, row: Any) -> StoredGame:
        """From a Core result row of the games table."""
        return cls(**{name: row[name] for name in cls.__slots__})

    @classmethod
    def from_row(cls, row: GameRow) -> StoredGame:
        return cls(
            id=row.id,
            player_id=row.player_id,
            variant=row.variant,
            deal=row.deal,
            start_layout=row.start_layout,
            version=row.version,
            score=row.score,
            moves=row.moves,
            won=row.won,
            finished=row.finished,
            finished_at=row.finished_at,
            created_at=row.created_at,
            updated_at=row.updated_at,
            level=row.level,
            challenge_date=row.challenge_date,
            played_ms=row.played_ms,
            used_hints=row.used_hints,
            used_light=row.used_light,
        )


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """An action to append to a game's log, made on ``expected_version``, at ``at``."""

    game_id: str
    expected_version: int
    action: str
    summary: GameSummary
    at: dt.datetime


@dataclass(frozen=True, slots=True)
class _Write:
    """A write waiting for its turn: ``work`` runs inside the transaction, on the writer
    thread (everything it needs is in its closure)."""

    work: Callable[[Connection], Any]
    groupable: bool


@dataclass(frozen=True, slots=True)
class _DirectStatements:
    """An action's statements, compiled once, run on the driver's own connection."""

    find: Prepared
    log: Prepared
    append: Prepared
    advance: Prepared
    unappend: Prepared

    def record(self, driver_connection: Any, values: dict[str, Any]) -> bool:
        """GameStore._record's statements, in the transaction under way."""
        cursor = driver_connection.cursor()
        advance = self.advance
        try:
            if self.append.run(cursor, values).rowcount != 1:
                return False
            if advance.run(cursor, values).rowcount != 1:
                self.unappend.run(cursor, values)
                return False
            return True
        finally:
            cursor.close()


def _record_values(record: ActionRecord) -> dict[str, Any]:
    """An action's write's parameters, by name."""
    return {
        "game_id": record.game_id,
        "expected": record.expected_version,
        "new_version": record.expected_version + 1,
        "score": record.summary.score,
        "moves": record.summary.moves,
        "won": record.summary.won,
        "action": record.action,
        "now": record.at,
        "finished_at": record.at if record.summary.won else None,
    }


def _log(connection: Connection, game_id: str, after: int = 0) -> list[str]:
    return list(connection.execute(_LOG, {"game_id": game_id, "after": after}).scalars())


@dataclass(frozen=True, slots=True)
class GameSummary:
    """What the store keeps about a game's state besides its log (score, moves, won)."""

    score: int
    moves: int
    won: bool


class GameStore:
    """Players, games and action logs in one database.

    >>> from solitaire.store import connect, upgrade_schema
    >>> engine = connect("sqlite://")
    >>> upgrade_schema(engine)
    >>> store = GameStore(engine)
    >>> game = store.create_game("game-1", "player-1", "KL1-D1N", 6, None, GameSummary(0, 0, False))
    >>> store.record_action("game-1", 0, "d", GameSummary(0, 1, False))
    True
    >>> store.record_action("game-1", 0, "d", GameSummary(0, 1, False))  # stale version
    False
    >>> store.actions("game-1")
    ['d']

    Starting another game finishes the first (abandoned with a move): the history lists it,
    and a statistics reset is a moment per variant, the games staying where they are.

    >>> _ = store.create_game("game-2", "player-1", "EH1-N", 6, None, GameSummary(0, 0, False))
    >>> games, total = store.history("player-1", limit=10)
    >>> [game.id for game in games], total
    (['game-1'], 1)
    >>> _ = store.reset_stats("player-1", ["KL-D1N"])
    >>> list(store.stats_resets("player-1")), store.history("player-1", limit=10)[1]
    (['KL-D1N'], 1)
    """

    def __init__(
        self, engine: Engine, *, write_wait_seconds: float = 5.0, timeout_seconds: float = 2.0
    ) -> None:
        self.engine = engine
        #: What time it is (UTC) for what the store writes: a game's start, its actions'
        #: moments, and so its time played. Tests move it instead of sleeping.
        self.clock: Callable[[], dt.datetime] = _now
        # SQLite takes one writer at a time, and a waiting writer polls with growing sleeps
        # (its busy handler): under load most of the time went to sleeping. Writers of this
        # process queue here instead, and the actions among them commit in groups (one disk
        # sync for all the actions that came during the previous commit); other processes
        # take turns with it (a lock file beside the database), and SQLite's own lock and the
        # conditional UPDATE keep apart any other program writing to the file. PostgreSQL
        # needs no such queue: each connection writes on its own, and the server groups the
        # disk syncs of concurrent commits itself.
        self._group: GroupCommit[_Write] | None = None
        self._writer_connection: Connection | None = None
        if engine.dialect.name == "sqlite":
            self._group = GroupCommit(
                run=self._commit_group,
                wait_seconds=write_wait_seconds,
                groupable=lambda write: write.groupable,
                turn=_process_turn(engine),
            )
        self._create_player, self._merge_settings = _player_statements(engine.dialect.name)
        self._reset = _reset_statement(engine.dialect.name)
        self._append = _append_statement(engine.dialect.name)
        # An action's read and write run on every request: on SQLite they go straight to
        # the driver (SQLAlchemy's execution costs several times what SQLite takes).
        self._direct: _DirectStatements | None = None
        self._direct_reads = threading.local()
        if engine.dialect.name == "sqlite":
            self._direct = _DirectStatements(
                find=Prepared(_FIND_GAME, engine.dialect),
                log=Prepared(_LOG, engine.dialect),
                append=Prepared(self._append, engine.dialect),
                advance=Prepared(_ADVANCE, engine.dialect),
                unappend=Prepared(_UNAPPEND, engine.dialect),
            )
        # On PostgreSQL an action's statements run on the event loop (psycopg's async
        # connections), the rest through the engine on worker threads.
        self._postgres: PostgresActions | None = None
        if engine.dialect.name == "postgresql":
            self._postgres = PostgresActions(conninfo(engine.url), deadline=timeout_seconds)

    # -- one transaction for each write, one connection for each read --------------------------
    def _write(self, work: Callable[[Connection], T], *, groupable: bool = False) -> T:
        """``work`` in a committed transaction. On SQLite it queues behind this process's other
        writes; ``groupable`` work (an action: its failure is a result, never an exception
        that would undo the others) may share its transaction with other such work."""
        if self._group is None:
            with self.engine.begin() as connection:
                return work(connection)
        result: T = self._group.submit(_Write(work, groupable))
        return result

    def _commit_group(self, writes: Sequence[_Write]) -> list[Any]:
        """One group's transaction, on the writer thread's own connection (kept open: a
        connection taken from the pool and put back for each group cost more than the
        group's statements)."""
        connection = self._writer_connection
        if connection is None or connection.invalidated or connection.closed:
            connection = self._writer_connection = self.engine.connect()
        try:
            with connection.begin():
                return [write.work(connection) for write in writes]
        except sa_exc.DBAPIError:
            # The next group starts on a new connection, whatever state this one is in.
            self._writer_connection = None
            connection.close()
            raise

    def _read(self, work: Callable[[Connection], T]) -> T:
        """``work`` on a pooled connection. The pool does not ping a connection before handing
        it out (a round trip to the database each time): a connection the database dropped
        meanwhile (a restart) fails its first statement, and the read is made once more on a
        new one. Writes are never made twice (:meth:`_write`)."""
        try:
            with self.engine.connect() as connection:
                return work(connection)
        except sa_exc.DBAPIError as error:
            if not error.connection_invalidated:
                raise
        with self.engine.connect() as connection:
            return work(connection)

    # -- players ----------------------------------------------------------------------------
    def player_settings(self, player_id: str) -> dict[str, Any] | None:
        """The settings a player saved, or None for a player never stored."""
        settings = self._read(
            lambda connection: connection.execute(
                _SETTINGS, {"player_id": player_id}
            ).scalar_one_or_none()
        )
        return dict(settings) if settings is not None else None

    def update_player_settings(
        self,
        player_id: str,
        changes: dict[str, Any],
        *,
        admit_new_player: AdmitNewPlayer | None = None,
    ) -> dict[str, Any]:
        """Merge ``changes`` into the player's settings (creating the player if new, when
        ``admit_new_player`` lets it) in one statement, and answer all the settings the
        player has saved."""
        values = {"player_id": player_id, "settings": changes, "now": self.clock()}

        def merge(connection: Connection) -> Any:
            self._note_new_player(connection, player_id, admit_new_player)
            return connection.execute(self._merge_settings, values).scalar_one()

        return dict(self._write(merge))

    def _note_new_player(
        self, connection: Connection, player_id: str, admit: AdmitNewPlayer | None
    ) -> None:
        """Create the player's row if there is none (race-free: a second creator finds it
        there and does nothing); a row created here is passed to ``admit``, which may refuse it
        (an exception: the whole write is rolled back)."""
        values = {"player_id": player_id, "settings": {}, "now": self.clock()}
        result: CursorResult[Any] = connection.execute(self._create_player, values)
        if result.rowcount == 1 and admit is not None:
            admit()

    # -- games ------------------------------------------------------------------------------
    def create_game(
        self,
        game_id: str,
        player_id: str,
        variant: str,
        deal: int | None,
        start_layout: str | None,
        summary: GameSummary,
        *,
        level: str | None = None,
        challenge_date: dt.date | None = None,
        admit_new_player: AdmitNewPlayer | None = None,
        offline_ref: str | None = None,
    ) -> StoredGame:
        """Store a new game at version 0 (creating the player if new, when
        ``admit_new_player`` lets it); the player's other unfinished games are abandoned
        (finished, not won). ``level`` and ``challenge_date``: a graded deal's level, a daily
        challenge's day. ``offline_ref``: the device's name for a game played offline (rules
        UI-21), kept in the same transaction; a name the player's devices used already
        raises :class:`OfflineGameTaken` and stores nothing."""
        now = self.clock()
        game = StoredGame(
            id=game_id,
            player_id=player_id,
            variant=variant,
            deal=deal,
            start_layout=start_layout,
            version=0,
            score=summary.score,
            moves=summary.moves,
            won=summary.won,
            finished=summary.won,
            finished_at=now if summary.won else None,
            created_at=now,
            updated_at=now,
            level=level,
            challenge_date=challenge_date,
        )

        def create(connection: Connection) -> None:
            self._note_new_player(connection, player_id, admit_new_player)
            # Starting a game abandons the player's other unfinished games.
            connection.execute(
                _ABANDON_OTHERS,
                {"owner": player_id, "new_game_id": game_id, "abandoned_at": now},
            )
            connection.execute(_CREATE_GAME, dataclasses.asdict(game))
            if offline_ref is not None:
                named = {"player_id": player_id, "ref": offline_ref, "game_id": game_id}
                connection.execute(_NAME_OFFLINE_GAME, {**named, "created_at": now})

        try:
            self._write(create)
        except sa_exc.IntegrityError as error:
            if offline_ref is None:
                raise
            # Two uploads of the same offline game at once: the other one made it.
            raise OfflineGameTaken(offline_ref) from error
        return game

    def offline_game(self, player_id: str, ref: str) -> str | None:
        """The id of the game the player's offline game ``ref`` made (rules UI-21), if any.

        >>> from solitaire.store import connect, upgrade_schema
        >>> store = GameStore(connect("sqlite://")); upgrade_schema(store.engine)
        >>> _ = store.create_game("g1", "p1", "KL-D1N", 1, None, GameSummary(0, 0, False),
        ...                       offline_ref="offline-7f3a")
        >>> store.offline_game("p1", "offline-7f3a"), store.offline_game("p2", "offline-7f3a")
        ('g1', None)
        """
        found = self._read(
            lambda connection: connection.execute(
                _FIND_OFFLINE_GAME, {"player_id": player_id, "ref": ref}
            ).scalar_one_or_none()
        )
        return str(found) if found is not None else None

    def record_offline_clock(self, game_id: str, player_id: str, played_ms: int) -> int | None:
        """UI-16 and UI-21: keeps ``played_ms``, the board's clock for a game played offline,
        already bounded by the upload's route (the span the device reports, a sane maximum:
        the server's clock never saw that time pass), when it is more than the time kept;
        answers the time kept (None: no such game).

        >>> from solitaire.store import connect, upgrade_schema
        >>> store = GameStore(connect("sqlite://")); upgrade_schema(store.engine)
        >>> _ = store.create_game("g1", "p1", "KL-D1N", 1, None, GameSummary(0, 0, False))
        >>> store.record_offline_clock("g1", "p1", 95_000)
        95000
        >>> store.record_offline_clock("g1", "p1", 9)  # a time once kept never goes back
        95000
        """

        def keep(connection: Connection) -> int | None:
            row = connection.execute(_FIND_GAME, {"game_id": game_id, "player_id": player_id})
            found = row.mappings().first()
            if found is None:
                return None
            kept: int | None = found["played_ms"]
            if kept is not None and kept >= played_ms:
                return kept
            connection.execute(
                update(GAMES)
                .where(GAMES.c.id == game_id, GAMES.c.player_id == player_id)
                .values(played_ms=played_ms)
            )
            return played_ms

        return self._write(keep)

    def record_clock(
        self, game_id: str, player_id: str, played_ms: int, now: dt.datetime | None = None
    ) -> tuple[bool, int | None]:
        """UI-16: keeps ``played_ms``, the board's clock, as the game's time played when it is
        plausible — more than the time kept, and no more than the game has lasted on the
        server's clock (from its start to its win, or to now) — and answers whether the
        player has that game, and the time kept (None: none yet). Clocks of two tabs: the
        larger one stays.

        >>> from solitaire.store import connect, upgrade_schema
        >>> store = GameStore(connect("sqlite://")); upgrade_schema(store.engine)
        >>> game = store.create_game("g1", "p1", "KL-D1N", 1, None, GameSummary(0, 0, False))
        >>> later = game.created_at + dt.timedelta(seconds=90)
        >>> store.record_clock("g1", "p1", 61_500, later)
        (True, 61500)
        >>> store.record_clock("g1", "p1", 999_000, later)  # longer than the game has lasted
        (True, 61500)
        """
        now = now or self.clock()

        def keep(connection: Connection) -> tuple[bool, int | None]:
            row = connection.execute(_FIND_GAME, {"game_id": game_id, "player_id": player_id})
            found = row.mappings().first()
            if found is None:
                return False, None
            stored = StoredGame.from_mapping(found)
            ended = stored.finished_at if stored.won and stored.finished_at else now
            lasted = int((_aware(ended) - _aware(stored.created_at)).total_seconds() * 1000)
            kept = stored.played_ms
            # The board's clock starts when the game reaches it and stops when the win comes
            # back: an answer's way home may put it a little past the server's.
            wanted = min(played_ms, lasted) if played_ms <= lasted + CLOCK_SLACK_MS else -1
            if (kept is None or wanted > kept) and wanted >= 0:
                connection.execute(
                    update(GAMES)
                    .where(GAMES.c.id == game_id, GAMES.c.player_id == player_id)
                    .values(played_ms=wanted)
                )
                return True, wanted
            return True, kept

        return self._write(keep)

    def mark_help(self, game_id: str, player_id: str, kind: Literal["hints", "light"]) -> bool:
        """Notes that the player asked for a hint (``hints``) or for the winnable light's
        verdict (``light``, UI-20) on that game; answers whether the player has it. The mark
        stays (undoing the moves after a hint does not take the help back).

        >>> from solitaire.store import connect, upgrade_schema
        >>> store = GameStore(connect("sqlite://")); upgrade_schema(store.engine)
        >>> _ = store.create_game("g1", "p1", "KL-D1N", 1, None, GameSummary(0, 0, False))
        >>> store.mark_help("g1", "p1", "light"), store.mark_help("g1", "someone else", "hints")
        (True, False)
        >>> game = store.find_game("g1", "p1"); game.used_light, game.used_hints
        (True, False)
        """
        column = {"hints": "used_hints", "light": "used_light"}[kind]

        def mark(connection: Connection) -> bool:
            done = connection.execute(
                update(GAMES)
                .where(GAMES.c.id == game_id, GAMES.c.player_id == player_id)
                .values({column: True})
            )
            return bool(done.rowcount)

        return self._write(mark)

    def find_game(self, game_id: str, player_id: str) -> StoredGame | None:
        """The player's game of that id, or None (no such game, or someone else's)."""
        values = {"game_id": game_id, "player_id": player_id}
        row = self._read(
            lambda connection: connection.execute(_FIND_GAME, values).mappings().first()
        )
        return StoredGame.from_mapping(row) if row is not None else None

    def latest_game(self, player_id: str) -> StoredGame | None:
        """The game the player last acted on (or started), or None."""
        row = self._read(
            lambda connection: (
                connection.execute(_LATEST_GAME, {"player_id": player_id}).mappings().first()
            )
        )
        return StoredGame.from_mapping(row) if row is not None else None

    def finished_games(self, player_id: str) -> list[StoredGame]:
        """The player's finished games (won or abandoned) in the order they finished."""
        rows = self._read(
            lambda connection: (
                connection.execute(_FINISHED_GAMES, {"owner": player_id}).mappings().all()
            )
        )
        return [StoredGame.from_mapping(row) for row in rows]

    def history(self, player_id: str, limit: int, offset: int = 0) -> tuple[list[StoredGame], int]:
        """A page of the player's finished games with at least one move, newest first, and
        how many there are in all."""
        if limit < 1 or offset < 0:
            raise ValueError(f"limit must be at least 1 and offset not negative: {limit}, {offset}")
        values = {"owner": player_id, "limit": limit, "offset": offset}

        def page(connection: Connection) -> tuple[Any, Any]:
            rows = connection.execute(_HISTORY, values).mappings().all()
            total = connection.execute(_HISTORY_COUNT, {"owner": player_id}).scalar_one()
            return rows, total

        rows, total = self._read(page)
        return [StoredGame.from_mapping(row) for row in rows], int(total)

    def stats_resets(self, player_id: str) -> dict[str, dt.datetime]:
        """When the player last reset each variant's statistics (variant key → moment)."""
        rows = self._read(
            lambda connection: connection.execute(_STATS_RESETS, {"owner": player_id}).all()
        )
        return {variant: reset_at for variant, reset_at in rows}

    def reset_stats(
        self,
        player_id: str,
        variants: Iterable[str],
        *,
        admit_new_player: AdmitNewPlayer | None = None,
    ) -> dt.datetime:
        """Start the statistics of ``variants`` (keys such as ``KL-D1N``) again from now, for
        this player (created if new, when ``admit_new_player`` lets it); answers the moment
        of the reset. The games stay."""
        now = self.clock()

        def reset(connection: Connection) -> None:
            self._note_new_player(connection, player_id, admit_new_player)
            for key in sorted(set(variants)):
                connection.execute(
                    self._reset, {"player_id": player_id, "variant": key, "now": now}
                )

        self._write(reset)
        return now

    def actions(self, game_id: str, after: int = 0) -> list[str]:
        """The game's action log in order (move text or ``undo``), from action ``after`` + 1
        on."""
        return self._read(lambda connection: _log(connection, game_id, after))

    # -- an action: its read and its write, from the event loop ------------------------------
    async def action_game(self, game_id: str, player_id: str) -> StoredGame | None:
        """The player's game of that id, or None, for an action (from the event loop: on
        SQLite a read takes a moment and runs at once; on PostgreSQL it is awaited)."""
        if self._postgres is not None:
            found = await self._postgres.find_game(game_id, player_id)
            return StoredGame.from_mapping(found) if found is not None else None
        values = {"game_id": game_id, "player_id": player_id}
        rows = self._direct_read(lambda direct, cursor: direct.find.run(cursor, values).fetchall())
        return StoredGame.from_mapping(self._sqlite().find.row(rows[0])) if rows else None

    async def action_log(self, game_id: str, after: int = 0) -> list[str]:
        """The game's action log from action ``after`` + 1 on (a game held at version
        ``after`` needs only those), for an action (as :meth:`action_game`)."""
        if self._postgres is not None:
            return await self._postgres.log(game_id, after)
        values = {"game_id": game_id, "after": after}
        rows = self._direct_read(lambda direct, cursor: direct.log.run(cursor, values).fetchall())
        return [action for (action,) in rows]

    async def append_action(self, record: ActionRecord) -> bool:
        """Append the action to the game's log and move the game on, if it is still at
        ``record.expected_version``: True once committed, False (nothing written) if another
        action came first, in this process or another. The one write of every action: on
        SQLite it waits for its group commit (the event loop going on meanwhile), on
        PostgreSQL it is one statement on the event loop."""
        if self._postgres is not None:
            return await self._postgres.append(_record_values(record))
        assert self._group is not None
        recorded: bool = await self._group.submitted(
            _Write(lambda connection: self._record(connection, record), groupable=True)
        )
        return recorded

    async def close(self) -> None:
        """Close the connections the event loop keeps (PostgreSQL's)."""
        if self._postgres is not None:
            await self._postgres.close()

    def _sqlite(self) -> _DirectStatements:
        assert self._direct is not None
        return self._direct

    def _direct_read(self, read: Callable[[_DirectStatements, Any], T]) -> T:
        """A read on SQLite, straight on the driver. Each thread keeps its own connection for
        these (taking one from the pool and giving it back, with its rollback, cost more than
        the read); a statement outside a transaction reads the database as it is now."""
        connection = getattr(self._direct_reads, "connection", None)
        if connection is None:
            connection = self._direct_reads.connection = self.engine.raw_connection()
        cursor = connection.cursor()
        try:
            return read(self._sqlite(), cursor)
        except sa_exc.DBAPIError:
            self._direct_reads.connection = None
            connection.close()
            raise
        finally:
            cursor.close()

    def record_action(
        self,
        game_id: str,
        expected_version: int,
        action: str,
        summary: GameSummary,
        *,
        at: dt.datetime | None = None,
    ) -> bool:
        """Append an action if the game is still at ``expected_version``, committed before
        this returns True; False (and nothing written) if another action came first.
        ``at`` is the moment it is recorded as made (now by default)."""
        moment = at if at is not None else self.clock()
        record = ActionRecord(game_id, expected_version, action, summary, moment)
        return self._write(lambda connection: self._record(connection, record), groupable=True)

    def _record(self, connection: Connection, record: ActionRecord) -> bool:
        """Append the action, then move the game on if it is still at the version the action
        was made on (on SQLite: :meth:`append_action`'s statements, in a group's transaction).
        Appending first: a number already in the log (another action came first, in this
        process or another) appends nothing and fails no statement, so the actions sharing a
        group commit are never undone by one of them."""
        values = _record_values(record)
        if self._direct is not None:
            return self._direct.record(connection.connection.driver_connection, values)
        # PostgreSQL: the same one statement the event loop runs.
        result = connection.exec_driver_sql(APPEND, values)
        return result.rowcount == 1

    # -- transfer links (rules RC-2) -----------------------------------------------------------
    def create_transfer(
        self,
        player_id: str,
        secret_hash: str,
        now: dt.datetime,
        expires_at: dt.datetime,
        *,
        admit_new_player: AdmitNewPlayer | None = None,
    ) -> None:
        """Keep the player's new transfer link (the hash of its secret), replacing any link
        they had; creates the player if new (when ``admit_new_player`` lets it). Links that
        expired, anyone's, are dropped."""
        values = {
            "player_id": player_id,
            "secret_hash": secret_hash,
            "now": now,
            "expires_at": expires_at,
        }

        def create(connection: Connection) -> None:
            self._note_new_player(connection, player_id, admit_new_player)
            connection.execute(_DROP_EXPIRED_TRANSFERS, values)
            connection.execute(_DROP_TRANSFER, values)
            connection.execute(_ADD_TRANSFER, values)

        self._write(create)

    def cancel_transfer(self, player_id: str) -> bool:
        """Drop the player's transfer link; False when they had none."""
        dropped: bool = self._write(
            lambda connection: (
                connection.execute(_DROP_TRANSFER, {"player_id": player_id}).rowcount == 1
            )
        )
        return dropped

    def use_transfer(self, secret_hash: str, now: dt.datetime) -> str | None:
        """The player a transfer link stands for, if it is known and has not expired at
        ``now``; the link is used up by this. None (and nothing written) otherwise."""
        values = {"secret_hash": secret_hash, "now": now}
        player_id = self._write(
            lambda connection: connection.execute(_USE_TRANSFER, values).scalar_one_or_none()
        )
        return str(player_id) if player_id is not None else None

    def transfer_expiry(self, player_id: str) -> dt.datetime | None:
        """When the player's transfer link expires, or None when they have none."""
        query = select(TRANSFERS.c.expires_at).where(TRANSFERS.c.player_id == player_id)
        moment = self._read(lambda connection: connection.execute(query).scalar_one_or_none())
        return _aware(moment) if moment is not None else None
