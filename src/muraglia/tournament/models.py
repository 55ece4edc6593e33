"""The tournament data model (SQLAlchemy 2; Alembic branch ``tournament``).

Every amount is an integer stored exactly: scores in the ruleset's own units (FIMJ and
Ravenna points, riichi points, MCR points), uma in points, and table points in twelfths
(``table_points_x12``) so that MCR's 4/2/1/0 split among tied players (e.g. 7/3) is exact.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from muraglia.db import Base

__all__ = [
    "REGULATIONS",
    "SESSION_STATUSES",
    "AuditEntry",
    "Event",
    "Hand",
    "Penalty",
    "Person",
    "Registration",
    "Seat",
    "SeatingPlan",
    "Session",
    "Setting",
    "Table",
    "TableResult",
    "Team",
    "User",
]

REGULATIONS = ("fimj", "ravenna", "ema", "mcr")
"""The competition regulations a ranking can follow."""

SESSION_STATUSES = ("seating", "started", "finished", "approved")
"""A session's life: seating → started → finished → approved (then read-only)."""

REGISTRATION_STATUSES = ("active", "dropped", "substitute")


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Event(Base):
    """A tournament: ruleset spec and version, regulation, number of sessions."""

    __tablename__ = "tournament_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    rules: Mapped[str] = mapped_column(String(200))
    """The ruleset spec as given, e.g. ``fimj(limit=2000)``."""
    ruleset_id: Mapped[str] = mapped_column(String(40))
    ruleset_options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    ruleset_version: Mapped[str] = mapped_column(String(40))
    """The muraglia version whose rules settled the hands."""
    regulation: Mapped[str] = mapped_column(String(20))
    sessions_planned: Mapped[int] = mapped_column(Integer)
    hands_per_session: Mapped[int | None] = mapped_column(Integer, nullable=True)
    days: Mapped[int] = mapped_column(Integer, default=1)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """Regulation options (uma, table of three policy, ...)."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)

    sessions: Mapped[list[Session]] = relationship(
        back_populates="event", order_by="Session.number", cascade="all, delete-orphan"
    )
    registrations: Mapped[list[Registration]] = relationship(
        back_populates="event", order_by="Registration.number", cascade="all, delete-orphan"
    )
    teams: Mapped[list[Team]] = relationship(back_populates="event", cascade="all, delete-orphan")

    __table_args__ = (
        CheckConstraint("regulation in ('fimj', 'ravenna', 'ema', 'mcr')", name="regulation"),
        CheckConstraint("sessions_planned >= 1", name="sessions"),
    )


class Person(Base):
    """A player, independent of events (name, club, country, federation ids)."""

    __tablename__ = "tournament_person"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    first_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    last_name: Mapped[str | None] = mapped_column(String(100), nullable=True)
    club: Mapped[str | None] = mapped_column(String(200), nullable=True)
    country: Mapped[str | None] = mapped_column(String(3), nullable=True)
    ema_id: Mapped[str | None] = mapped_column(String(20), nullable=True)
    fimj_id: Mapped[str | None] = mapped_column(String(20), nullable=True)


class Team(Base):
    """A team of an event (team rankings; team mates are kept apart at tables)."""

    __tablename__ = "tournament_team"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_event.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200))

    event: Mapped[Event] = relationship(back_populates="teams")

    __table_args__ = (UniqueConstraint("event_id", "name"),)


class Registration(Base):
    """A person entered in an event under a lot number (the player id 1..n of the event)."""

    __tablename__ = "tournament_registration"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_event.id", ondelete="CASCADE"))
    person_id: Mapped[int] = mapped_column(ForeignKey("tournament_person.id"))
    number: Mapped[int] = mapped_column(Integer)
    team_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_team.id", ondelete="SET NULL"), nullable=True
    )
    status: Mapped[str] = mapped_column(String(12), default="active")
    counts_for_ranking: Mapped[bool] = mapped_column(Boolean, default=True)
    member: Mapped[bool] = mapped_column(Boolean, default=True)
    """Federation member flag (EMA results file)."""

    event: Mapped[Event] = relationship(back_populates="registrations")
    person: Mapped[Person] = relationship()
    team: Mapped[Team | None] = relationship()

    __table_args__ = (
        UniqueConstraint("event_id", "number"),
        CheckConstraint("status in ('active', 'dropped', 'substitute')", name="status"),
    )


class Session(Base):
    """One session (turno) of an event, with its planned start and length."""

    __tablename__ = "tournament_session"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_event.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    starts_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    started_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    status: Mapped[str] = mapped_column(String(12), default="seating")

    event: Mapped[Event] = relationship(back_populates="sessions")
    tables: Mapped[list[Table]] = relationship(
        back_populates="session", order_by="Table.number", cascade="all, delete-orphan"
    )

    __table_args__ = (
        UniqueConstraint("event_id", "number"),
        CheckConstraint("status in ('seating', 'started', 'finished', 'approved')", name="status"),
    )


class Table(Base):
    """A table of a session: four seats, or three where the ruleset allows it.

    ``version`` is the optimistic lock: every result write must name the version it read.
    """

    __tablename__ = "tournament_table"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("tournament_session.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    size: Mapped[int] = mapped_column(Integer, default=4)
    entry: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """How the results were entered: ``hands`` or ``totals`` (None: not yet)."""
    version: Mapped[int] = mapped_column(Integer, default=1)

    session: Mapped[Session] = relationship(back_populates="tables")
    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.position", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="table", order_by="Hand.number", cascade="all, delete-orphan"
    )
    results: Mapped[list[TableResult]] = relationship(
        back_populates="table", cascade="all, delete-orphan"
    )

    __table_args__ = (
        UniqueConstraint("session_id", "number"),
        CheckConstraint("size in (3, 4)", name="size"),
    )


class Seat(Base):
    """A player's seat at a table; ``replaced_by`` names a substitute who played it."""

    __tablename__ = "tournament_seat"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tournament_table.id", ondelete="CASCADE"))
    session_id: Mapped[int] = mapped_column(ForeignKey("tournament_session.id", ondelete="CASCADE"))
    """Denormalised so that the database itself refuses a player at two tables of a session."""
    position: Mapped[int] = mapped_column(Integer)
    wind: Mapped[str] = mapped_column(String(1))
    registration_id: Mapped[int] = mapped_column(ForeignKey("tournament_registration.id"))
    replaced_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_registration.id"), nullable=True
    )

    table: Mapped[Table] = relationship(back_populates="seats")
    registration: Mapped[Registration] = relationship(foreign_keys=[registration_id])
    replaced_by: Mapped[Registration | None] = relationship(foreign_keys=[replaced_by_id])

    __table_args__ = (
        UniqueConstraint("table_id", "wind"),
        UniqueConstraint("session_id", "registration_id"),
        CheckConstraint("wind in ('E', 'S', 'W', 'N')", name="wind"),
    )


class Hand(Base):
    """One hand of a table's score sheet: the settle input object and its net result."""

    __tablename__ = "tournament_hand"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tournament_table.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    net: Mapped[dict[str, int]] = mapped_column(JSON)
    """Net per seat wind of the table (the settle output's ``net``; all zero for a blank)."""

    table: Mapped[Table] = relationship(back_populates="hands")

    __table_args__ = (UniqueConstraint("table_id", "number"),)


class TableResult(Base):
    """One seat's result at a table, every component stored exactly."""

    __tablename__ = "tournament_table_result"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tournament_table.id", ondelete="CASCADE"))
    registration_id: Mapped[int] = mapped_column(ForeignKey("tournament_registration.id"))
    wind: Mapped[str] = mapped_column(String(1))
    raw_score: Mapped[int] = mapped_column(Integer)
    """The seat's score as played (net of the hands; Ravenna: 2000 ± winnings)."""
    sticks: Mapped[int] = mapped_column(Integer, default=0)
    """Leftover riichi sticks received at the end (EMA-STICK-5)."""
    uma: Mapped[int] = mapped_column(Integer, default=0)
    table_points_x12: Mapped[int] = mapped_column(Integer, default=0)
    """Table points ×12 (MCR 4/2/1/0 with ties split; FIMJ placement points)."""
    place_x12: Mapped[int] = mapped_column(Integer, default=0)
    """The seat's place at the table ×12 (shared places averaged)."""
    penalties: Mapped[int] = mapped_column(Integer, default=0)
    final: Mapped[int] = mapped_column(Integer)
    """The score that enters the ranking (raw + sticks + uma − penalties)."""

    table: Mapped[Table] = relationship(back_populates="results")
    registration: Mapped[Registration] = relationship()

    __table_args__ = (UniqueConstraint("table_id", "wind"),)


class Penalty(Base):
    """A referee's point penalty (or lateness, or an MCR escalation step); never deleted."""

    __tablename__ = "tournament_penalty"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_event.id", ondelete="CASCADE"))
    session_id: Mapped[int | None] = mapped_column(
        ForeignKey("tournament_session.id", ondelete="CASCADE"), nullable=True
    )
    registration_id: Mapped[int] = mapped_column(ForeignKey("tournament_registration.id"))
    amount: Mapped[int] = mapped_column(Integer)
    """Points taken from the player's ranking score (positive = a deduction)."""
    kind: Mapped[str] = mapped_column(String(20), default="referee")
    reason: Mapped[str] = mapped_column(Text)
    referee: Mapped[str] = mapped_column(String(100))
    cancelled: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)

    registration: Mapped[Registration] = relationship()


class SeatingPlan(Base):
    """A generated (or imported) seating: how it was made and how good it is."""

    __tablename__ = "tournament_seating_plan"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_event.id", ondelete="CASCADE"))
    algorithm: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    first_session: Mapped[int] = mapped_column(Integer, default=1)
    parameters: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    metrics: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


class AuditEntry(Base):
    """Who changed what, when, with the values before and after."""

    __tablename__ = "tournament_audit"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_event.id", ondelete="CASCADE"))
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    actor: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(40))
    entity: Mapped[str] = mapped_column(String(40))
    entity_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    before: Mapped[Any] = mapped_column(JSON, nullable=True)
    after: Mapped[Any] = mapped_column(JSON, nullable=True)


class User(Base):
    """An organiser or referee login of the tournament pages (argon2 password hash)."""

    __tablename__ = "tournament_user"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(100), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(12))

    __table_args__ = (CheckConstraint("role in ('organiser', 'referee')", name="role"),)


class Setting(Base):
    """A setting of the installation shared by every process (e.g. the login signing key)."""

    __tablename__ = "tournament_setting"

    name: Mapped[str] = mapped_column(String(60), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))
