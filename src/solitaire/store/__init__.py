"""Storage of players and games (SQLAlchemy 2; schema by Alembic migrations).

The store knows rows, not rules: it keeps each game's start (deal number or layout text) and
its action log, and the server rebuilds a game by replaying that log through the engine.
"""

from .database import connect, upgrade_schema
from .games import GameStore, StoredGame

__all__ = ["GameStore", "StoredGame", "connect", "upgrade_schema"]
