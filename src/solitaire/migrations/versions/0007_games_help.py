"""Games: whether the player asked for a hint (``used_hints``) or for the winnable light's
verdict (``used_light``, UI-20) while playing — the history and the statistics mark such games.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # Plain ALTER TABLE … ADD COLUMN (SQLite takes a NOT NULL column with a constant default),
    # not a batch: SQLite's batch copies the games table into a new one and drops the old,
    # and with foreign keys on, dropping it deleted every game's actions (ON DELETE CASCADE).
    for name in ("used_hints", "used_light"):
        op.add_column(
            "games", sa.Column(name, sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("used_light")
        batch.drop_column("used_hints")
