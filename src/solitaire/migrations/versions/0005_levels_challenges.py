"""Difficulty levels (rules LV-1) and daily challenges (DC-1): a game's level and the day of
the challenge it plays, both nullable (every earlier game has neither).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("level", sa.String(8), nullable=True))
        batch.add_column(sa.Column("challenge_date", sa.Date(), nullable=True))
    op.create_index("ix_games_player_challenge", "games", ["player_id", "challenge_date"])


def downgrade() -> None:
    op.drop_index("ix_games_player_challenge", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("challenge_date")
        batch.drop_column("level")
