"""web: games against bots and tables (web_game, web_action).

Revision ID: web_0001
Revises:
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "web_0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = ("web",)
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply the revision."""
    op.create_table(
        "web_game",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("rules", sa.String(length=400), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("seats", sa.Text(), nullable=False),
        sa.Column("max_deals", sa.Integer(), nullable=True),
        sa.Column("acknowledged", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_web_game")),
    )
    op.create_table(
        "web_action",
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("n", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["web_game.id"],
            name=op.f("fk_web_action_game_id_web_game"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "n", name=op.f("pk_web_action")),
    )


def downgrade() -> None:
    """Revert the revision."""
    op.drop_table("web_action")
    op.drop_table("web_game")
