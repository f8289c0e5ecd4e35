"""Statistics resets: the moment each player started a variant's statistics again; and an
index for the history of finished games (newest first).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "stats_resets",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("variant", sa.String(8), primary_key=True),
        sa.Column("reset_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_games_player_finished", "games", ["player_id", "finished_at"])


def downgrade() -> None:
    op.drop_index("ix_games_player_finished", table_name="games")
    op.drop_table("stats_resets")
