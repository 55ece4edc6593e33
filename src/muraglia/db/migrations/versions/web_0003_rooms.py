"""web: tables with friends kept in the database (web_room, web_room_seat).

Revision ID: web_0003
Revises: web_0002
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "web_0003"
down_revision: str | Sequence[str] | None = "web_0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply the revision."""
    op.create_table(
        "web_room",
        sa.Column("code", sa.String(length=20), nullable=False),
        sa.Column("rules", sa.String(length=400), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("max_deals", sa.Integer(), nullable=True),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("lang", sa.String(length=5), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=True),
        sa.Column("ready", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["web_game.id"],
            name=op.f("fk_web_room_game_id_web_game"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_web_room")),
    )
    op.create_table(
        "web_room_seat",
        sa.Column("room_code", sa.String(length=20), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_code"],
            ["web_room.code"],
            name=op.f("fk_web_room_seat_room_code_web_room"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("room_code", "seat", name=op.f("pk_web_room_seat")),
    )


def downgrade() -> None:
    """Revert the revision."""
    op.drop_table("web_room_seat")
    op.drop_table("web_room")
