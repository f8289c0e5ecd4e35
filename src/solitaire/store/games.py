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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

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
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.sql.elements import ColumnElement

from .models import Base, GameRow, PlayerRow, StatsResetRow

GAMES = Base.metadata.tables["games"]
ACTIONS = Base.metadata.tables["actions"]
PLAYERS = Base.metadata.tables["players"]
RESETS = Base.metadata.tables["stats_resets"]
TRANSFERS = Base.metadata.tables["transfers"]


class WriteWaitTimeout(sa_exc.TimeoutError):
    """The other writers of this process kept the database for too long."""


NewPlayerHook = Callable[[], None]
"""Called inside the transaction of a write that creates the player's row; raising aborts
the write (the server's limit on new players per client)."""

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
_LOG = (
    select(ACTIONS.c.action)
    .where(ACTIONS.c.game_id == bindparam("game_id"))
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
_APPEND = insert(ACTIONS).values(
    game_id=bindparam("game_id"),
    number=bindparam("new_version"),
    action=bindparam("action"),
    created_at=bindparam("now"),
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
# Transfer links (SPEC RC-2): one per player; using one deletes it in the statement that
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
    create = dialect_insert(PLAYERS).values(values).on_conflict_do_nothing(index_elements=["id"])
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


def _reset_statement(dialect: str) -> Any:
    """Set the moment of a variant's statistics reset, creating or moving it."""
    upsert = _insert_for(dialect)(RESETS).values(
        player_id=bindparam("player_id"), variant=bindparam("variant"), reset_at=bindparam("now")
    )
    return upsert.on_conflict_do_update(
        index_elements=["player_id", "variant"], set_={"reset_at": upsert.excluded.reset_at}
    )


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

    @property
    def seconds_played(self) -> int:
        """The time played, in whole seconds: from the game's start to its last action (its
        win, for a won game), idle time included — the measure of the statistics."""
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
        )


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

    def __init__(self, engine: Engine, *, write_wait_seconds: float = 5.0) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        # SQLite takes one writer at a time, and a waiting writer polls with growing sleeps
        # (its busy handler): under load most of the time went to sleeping. Writers of this
        # process queue on a lock instead; other processes are still kept apart by SQLite's
        # own lock and the conditional UPDATE. PostgreSQL needs no such queue.
        self._write_lock = threading.Lock() if engine.dialect.name == "sqlite" else None
        self._write_wait = write_wait_seconds
        self._create_player, self._merge_settings = _player_statements(engine.dialect.name)
        self._reset = _reset_statement(engine.dialect.name)
        self.on_new_player: NewPlayerHook | None = None

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """A turn to write (SQLite: one writer of this process at a time), waited for at
        most ``write_wait_seconds``: a database kept locked that long is out of reach."""
        if self._write_lock is None:
            yield
            return
        if not self._write_lock.acquire(timeout=self._write_wait):
            raise WriteWaitTimeout(f"no turn to write within {self._write_wait:g} s")
        try:
            yield
        finally:
            self._write_lock.release()

    def _session(self) -> Session:
        return self._sessions()

    # -- players ----------------------------------------------------------------------------
    def player_settings(self, player_id: str) -> dict[str, Any] | None:
        """The settings a player saved, or None for a player never stored."""
        with self.engine.connect() as connection:
            settings = connection.execute(_SETTINGS, {"player_id": player_id}).scalar_one_or_none()
        return dict(settings) if settings is not None else None

    def update_player_settings(self, player_id: str, changes: dict[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` into the player's settings (creating the player if new) in one
        statement, and answer all the settings the player has saved."""
        values = {"player_id": player_id, "settings": changes, "now": _now()}
        with self._writing(), self.engine.begin() as connection:
            self._note_new_player(connection, player_id)
            merged = connection.execute(self._merge_settings, values).scalar_one()
        return dict(merged)

    def _note_new_player(self, connection: Connection | Session, player_id: str) -> None:
        """Create the player's row if there is none (race-free: a second creator finds it
        there and does nothing); a row created here is reported to :attr:`on_new_player`."""
        values = {"player_id": player_id, "settings": {}, "now": _now()}
        result: CursorResult[Any] = connection.execute(self._create_player, values)  # type: ignore[assignment]
        if result.rowcount == 1 and self.on_new_player is not None:
            self.on_new_player()

    # -- games ------------------------------------------------------------------------------
    def create_game(
        self,
        game_id: str,
        player_id: str,
        variant: str,
        deal: int | None,
        start_layout: str | None,
        summary: GameSummary,
    ) -> StoredGame:
        """Store a new game at version 0 (creating the player if new); the player's other
        unfinished games are abandoned (finished, not won)."""
        now = _now()
        row = GameRow(
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
        )
        with self._writing(), self._session() as session, session.begin():
            self._note_new_player(session, player_id)
            # Starting a game abandons the player's other unfinished games.
            session.execute(
                _ABANDON_OTHERS,
                {"owner": player_id, "new_game_id": game_id, "abandoned_at": now},
            )
            session.add(row)
        return StoredGame.from_row(row)

    def find_game(self, game_id: str, player_id: str) -> StoredGame | None:
        """The player's game of that id, or None (no such game, or someone else's)."""
        with self.engine.connect() as connection:
            row = (
                connection.execute(_FIND_GAME, {"game_id": game_id, "player_id": player_id})
                .mappings()
                .first()
            )
        return StoredGame.from_mapping(row) if row is not None else None

    def latest_game(self, player_id: str) -> StoredGame | None:
        """The game the player last acted on (or started), or None."""
        with self.engine.connect() as connection:
            row = connection.execute(_LATEST_GAME, {"player_id": player_id}).mappings().first()
        return StoredGame.from_mapping(row) if row is not None else None

    def finished_games(self, player_id: str) -> list[StoredGame]:
        """The player's finished games (won or abandoned) in the order they finished."""
        with self.engine.connect() as connection:
            rows = connection.execute(_FINISHED_GAMES, {"owner": player_id}).mappings().all()
        return [StoredGame.from_mapping(row) for row in rows]

    def history(self, player_id: str, limit: int, offset: int = 0) -> tuple[list[StoredGame], int]:
        """A page of the player's finished games with at least one move, newest first, and
        how many there are in all."""
        if limit < 1 or offset < 0:
            raise ValueError(f"limit must be at least 1 and offset not negative: {limit}, {offset}")
        values = {"owner": player_id, "limit": limit, "offset": offset}
        with self.engine.connect() as connection:
            rows = connection.execute(_HISTORY, values).mappings().all()
            total = connection.execute(_HISTORY_COUNT, {"owner": player_id}).scalar_one()
        return [StoredGame.from_mapping(row) for row in rows], int(total)

    def stats_resets(self, player_id: str) -> dict[str, dt.datetime]:
        """When the player last reset each variant's statistics (variant key → moment)."""
        with self.engine.connect() as connection:
            rows = connection.execute(_STATS_RESETS, {"owner": player_id}).all()
        return {variant: reset_at for variant, reset_at in rows}

    def reset_stats(self, player_id: str, variants: Iterable[str]) -> dt.datetime:
        """Start the statistics of ``variants`` (keys such as ``KL-D1N``) again from now, for
        this player (created if new); answers the moment of the reset. The games stay."""
        now = _now()
        with self._writing(), self.engine.begin() as connection:
            self._note_new_player(connection, player_id)
            for key in sorted(set(variants)):
                connection.execute(
                    self._reset, {"player_id": player_id, "variant": key, "now": now}
                )
        return now

    def actions(self, game_id: str) -> list[str]:
        """The game's action log in order (move text or ``undo``)."""
        with self.engine.connect() as connection:
            return list(connection.execute(_LOG, {"game_id": game_id}).scalars())

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
        now = at if at is not None else _now()
        values = {
            "game_id": game_id,
            "expected": expected_version,
            "new_version": expected_version + 1,
            "score": summary.score,
            "moves": summary.moves,
            "won": summary.won,
            "action": action,
            "now": now,
            "finished_at": now if summary.won else None,
        }
        try:
            with self._writing(), self.engine.begin() as connection:
                if connection.execute(_ADVANCE, values).rowcount != 1:
                    connection.rollback()
                    return False
                connection.execute(_APPEND, values)
        except IntegrityError:
            # The log already holds an action numbered expected_version + 1.
            return False
        return True

    # -- transfer links (SPEC RC-2) -----------------------------------------------------------
    def create_transfer(
        self, player_id: str, secret_hash: str, now: dt.datetime, expires_at: dt.datetime
    ) -> None:
        """Keep the player's new transfer link (the hash of its secret), replacing any link
        they had; creates the player if new. Links that expired, anyone's, are dropped."""
        values = {
            "player_id": player_id,
            "secret_hash": secret_hash,
            "now": now,
            "expires_at": expires_at,
        }
        with self._writing(), self.engine.begin() as connection:
            self._note_new_player(connection, player_id)
            connection.execute(_DROP_EXPIRED_TRANSFERS, values)
            connection.execute(_DROP_TRANSFER, values)
            connection.execute(_ADD_TRANSFER, values)

    def cancel_transfer(self, player_id: str) -> bool:
        """Drop the player's transfer link; False when they had none."""
        with self._writing(), self.engine.begin() as connection:
            result = connection.execute(_DROP_TRANSFER, {"player_id": player_id})
        return result.rowcount == 1

    def use_transfer(self, secret_hash: str, now: dt.datetime) -> str | None:
        """The player a transfer link stands for, if it is known and has not expired at
        ``now``; the link is used up by this. None (and nothing written) otherwise."""
        values = {"secret_hash": secret_hash, "now": now}
        with self._writing(), self.engine.begin() as connection:
            player_id = connection.execute(_USE_TRANSFER, values).scalar_one_or_none()
        return str(player_id) if player_id is not None else None

    def transfer_expiry(self, player_id: str) -> dt.datetime | None:
        """When the player's transfer link expires, or None when they have none."""
        query = select(TRANSFERS.c.expires_at).where(TRANSFERS.c.player_id == player_id)
        with self.engine.connect() as connection:
            moment = connection.execute(query).scalar_one_or_none()
        return _aware(moment) if moment is not None else None
