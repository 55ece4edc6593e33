"""tournament: installation settings (the login signing key, shared by every worker).

Revision ID: t0002_setting
Revises: t0001_initial
Create Date: 2026-11-26 17:50:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "t0002_setting"
down_revision: str | Sequence[str] | None = "t0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply the revision."""
    op.create_table(
        "tournament_setting",
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("value", sa.String(length=200), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_tournament_setting")),
    )


def downgrade() -> None:
    """Revert the revision."""
    op.drop_table("tournament_setting")
