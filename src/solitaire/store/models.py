"""The tables, as typed SQLAlchemy ORM classes.

The schema itself is created by the Alembic migrations in :mod:`solitaire.migrations`, never
by ``create_all``; a test checks that these classes and the migrations agree.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Date, DateTime, ForeignKey, Index, Integer, String, Text, false
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

ID_LENGTH = 32
"""Room for ``secrets.token_urlsafe(16)`` (22 characters) and a little more."""


class Base(DeclarativeBase):
    """The declarative base of every table."""


class PlayerRow(Base):
    """An anonymous player (the id in the ``solitaire_player`` cookie) and their settings."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class GameRow(Base):
    """One game: where it started and the summary of where it is; the moves are in ``actions``.

    ``version`` is the number of actions applied, so it is also the length of the log.
    """

    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_player_updated", "player_id", "updated_at"),
        # The history lists a player's finished games newest first (migration 0003).
        Index("ix_games_player_finished", "player_id", "finished_at"),
        # The challenges' calendar reads a player's challenge games (migration 0005).
        Index("ix_games_player_challenge", "player_id", "challenge_date"),
    )

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    variant: Mapped[str] = mapped_column(String(16))
    deal: Mapped[int | None] = mapped_column(Integer)
    start_layout: Mapped[str | None] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)
    moves: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool]
    #: Won, or abandoned: the player started another game after it. Acting on an abandoned
    #: game again takes it back into play.
    finished: Mapped[bool]
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    #: LV-1: the level the deal was dealt at (``easy`` … ``expert``), None for any deal.
    level: Mapped[str | None] = mapped_column(String(8))
    #: DC-1: the day of the daily challenge this game plays, None for any other game.
    challenge_date: Mapped[dt.date | None] = mapped_column(Date)
    #: UI-16: the time played as the board's clock counts it (on screen, not paused), in
    #: milliseconds; None until the board first reports it (docs/records.md).
    played_ms: Mapped[int | None] = mapped_column(Integer)
    #: Whether the player asked for a hint, or for the winnable light's verdict (UI-20),
    #: while playing this game (migration 0007): the history marks such games.
    used_hints: Mapped[bool] = mapped_column(default=False, server_default=false())
    used_light: Mapped[bool] = mapped_column(default=False, server_default=false())


class ActionRow(Base):
    """One entry of a game's action log: move text (``t3-t5``, ``d``) or ``undo``.

    ``number`` counts from 1; the row numbered n took the game from version n − 1 to n, and
    the primary key makes a second action on the same version impossible.
    """

    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class StatsResetRow(Base):
    """When a player started the statistics of one variant again (``POST /api/stats/reset``).

    The statistics of ``variant`` (a key such as ``KL-D1N``) count only the games finished
    after ``reset_at``; the games themselves stay, and the history still lists them.
    """

    __tablename__ = "stats_resets"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    variant: Mapped[str] = mapped_column(String(8), primary_key=True)
    reset_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class TransferRow(Base):
    """A player's transfer link (rules RC-2): the SHA-256 of its secret (the secret itself is
    shown once and never stored), and until when it works. One per player: a new link
    replaces the last; using or cancelling it deletes the row."""

    __tablename__ = "transfers"
    __table_args__ = (
        Index("ix_transfers_secret_hash", "secret_hash", unique=True),
        Index("ix_transfers_expires_at", "expires_at"),
    )

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class OfflineGameRow(Base):
    """A game a device began offline (or an offline continuation saved beside a game that
    moved on elsewhere), by the device's name for it (``ref``, random per game, rules UI-21):
    an upload sent again, because the answer to the first was lost, finds the game it made
    instead of making another (``POST /api/sync/games``)."""

    __tablename__ = "offline_games"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    ref: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
