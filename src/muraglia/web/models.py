"""The web application's tables (Alembic branch ``web``): games against bots and tables.

A game is its header (ruleset with options, seed, who sits where) plus the actions applied,
one row per action in order: the match is rebuilt by replaying them (the engine is
deterministic), so a game survives a reload and a server restart.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from muraglia.db import Base

__all__ = ["WebAction", "WebGame", "WebReplay", "WebRoom", "WebRoomSeat"]


def _now() -> datetime:
    return datetime.now(UTC)


class WebGame(Base):
    """A game played in the browser: against bots (``play``) or at a shared table."""

    __tablename__ = "web_game"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    """Unguessable id (``secrets.token_urlsafe``), the game's URL."""
    kind: Mapped[str] = mapped_column(String(10), default="play")
    """``play`` (one person against bots) or ``table`` (friends)."""
    rules: Mapped[str] = mapped_column(String(400))
    """Ruleset spec with options, e.g. ``fimj(limit=2000)``."""
    seed: Mapped[int] = mapped_column(Integer)
    """Seed of the walls."""
    seats: Mapped[str] = mapped_column(Text)
    """JSON list, per seat: a bot name or ``human``."""
    max_deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Cap on the deals played (None: the ruleset's whole match)."""
    acknowledged: Mapped[int] = mapped_column(Integer, default=0)
    """Deals whose settlement the player has seen (the bots wait until then)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class WebAction(Base):
    """One action applied to a game, in order."""

    __tablename__ = "web_action"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("web_game.id", ondelete="CASCADE"), primary_key=True
    )
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    """Position in the game (0, 1, ...)."""
    action: Mapped[str] = mapped_column(Text)
    """The action as JSON (``Action.to_dict()``)."""


class WebReplay(Base):
    """A record opened in the replay viewer, kept so that its link works after a restart."""

    __tablename__ = "web_replay"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    """Unguessable id (``secrets.token_urlsafe``), the replay's URL."""
    name: Mapped[str] = mapped_column(String(200))
    """The file name given (or ``pasted``)."""
    text: Mapped[str] = mapped_column(Text)
    """The record as uploaded (any format :mod:`muraglia.io.stepper` reads)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class WebRoom(Base):
    """A table with friends: what it plays and, once dealt, its game."""

    __tablename__ = "web_room"

    code: Mapped[str] = mapped_column(String(20), primary_key=True)
    """The table's code in its link (``secrets.token_urlsafe``)."""
    rules: Mapped[str] = mapped_column(String(400))
    players: Mapped[int] = mapped_column(Integer)
    max_deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    lang: Mapped[str] = mapped_column(String(5))
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("web_game.id", ondelete="SET NULL"), nullable=True
    )
    """The game once the host has dealt (its actions are stored like every game's)."""
    ready: Mapped[str] = mapped_column(Text, default="[]")
    """JSON list of the seats that have seen the current settlement."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class WebRoomSeat(Base):
    """A person's seat at a table: their name and the hash of their seat token."""

    __tablename__ = "web_room_seat"

    room_code: Mapped[str] = mapped_column(
        ForeignKey("web_room.code", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64))
    """SHA-256 of the seat token (the token itself lives only in the person's cookie)."""
