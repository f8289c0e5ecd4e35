"""Reading and writing games, their action logs and the players' settings.

Every write is one committed transaction. An action is recorded only if the game is still at
the version the action was made on (``UPDATE … WHERE version = :expected``), so two racing
actions — in threads or in processes — never both apply.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import threading
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .models import Base, GameRow, PlayerRow

GAMES = Base.metadata.tables["games"]
ACTIONS = Base.metadata.tables["actions"]

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
_SETTINGS = select(PlayerRow.settings).where(PlayerRow.id == bindparam("player_id"))


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


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
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        # SQLite takes one writer at a time, and a waiting writer polls with growing sleeps
        # (its busy handler): under load most of the time went to sleeping. Writers of this
        # process queue on a lock instead; other processes are still kept apart by SQLite's
        # own lock and the conditional UPDATE. PostgreSQL needs no such queue.
        self._write_lock: threading.Lock | contextlib.nullcontext[None] = (
            threading.Lock() if engine.dialect.name == "sqlite" else contextlib.nullcontext()
        )

    def _session(self) -> Session:
        return self._sessions()

    # -- players ----------------------------------------------------------------------------
    def player_settings(self, player_id: str) -> dict[str, Any] | None:
        """The settings a player saved, or None for a player never stored."""
        with self.engine.connect() as connection:
            settings = connection.execute(_SETTINGS, {"player_id": player_id}).scalar_one_or_none()
        return dict(settings) if settings is not None else None

    def save_player_settings(self, player_id: str, settings: dict[str, Any]) -> None:
        """Store a player's settings (creating the player if new)."""
        with self._write_lock, self._session() as session, session.begin():
            row = session.get(PlayerRow, player_id)
            if row is None:
                now = _now()
                session.add(
                    PlayerRow(id=player_id, settings=settings, created_at=now, updated_at=now)
                )
            else:
                row.settings = dict(settings)
                row.updated_at = _now()

    def _ensure_player(self, session: Session, player_id: str) -> None:
        if session.get(PlayerRow, player_id) is None:
            now = _now()
            session.add(PlayerRow(id=player_id, settings={}, created_at=now, updated_at=now))
            session.flush()

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
        for attempt in range(2):
            try:
                with self._write_lock, self._session() as session, session.begin():
                    self._ensure_player(session, player_id)
                    # Starting a game abandons the player's other unfinished games.
                    session.execute(
                        _ABANDON_OTHERS,
                        {"owner": player_id, "new_game_id": game_id, "abandoned_at": now},
                    )
                    session.add(row)
                break
            except IntegrityError:
                # Another request created the same new player at the same moment; the
                # second try finds it. A clash of game ids (128 random bits) is not expected.
                if attempt == 1:
                    raise
                row = GameRow(**{c.key: getattr(row, c.key) for c in GameRow.__table__.columns})
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

    def actions(self, game_id: str) -> list[str]:
        """The game's action log in order (move text or ``undo``)."""
        with self.engine.connect() as connection:
            return list(connection.execute(_LOG, {"game_id": game_id}).scalars())

    def record_action(
        self, game_id: str, expected_version: int, action: str, summary: GameSummary
    ) -> bool:
        """Append an action if the game is still at ``expected_version``, committed before
        this returns True; False (and nothing written) if another action came first."""
        now = _now()
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
            with self._write_lock, self.engine.begin() as connection:
                if connection.execute(_ADVANCE, values).rowcount != 1:
                    connection.rollback()
                    return False
                connection.execute(_APPEND, values)
        except IntegrityError:
            # The log already holds an action numbered expected_version + 1.
            return False
        return True
