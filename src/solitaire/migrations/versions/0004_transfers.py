"""Transfer links (rules RC-2): at most one per player, kept by the hash of its secret.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "transfers",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_transfers_secret_hash", "transfers", ["secret_hash"], unique=True)
    op.create_index("ix_transfers_expires_at", "transfers", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_transfers_expires_at", table_name="transfers")
    op.drop_index("ix_transfers_secret_hash", table_name="transfers")
    op.drop_table("transfers")
