"""The shared database layer of the web application and the tournament manager.

One SQLAlchemy 2 :class:`Base` for every model, one engine factory and one migration entry
point. Embedded SQLite (a file in the user's data folder, WAL journal) by default; PostgreSQL
through psycopg 3 URLs (``postgresql+psycopg://user@host/db``). ``MURAGLIA_DB`` overrides
the default URL.

Migrations are Alembic revisions in ``muraglia/db/migrations/versions``; each owner of models
keeps its own Alembic branch (``tournament``, ``web``) rooted at ``down_revision=None`` so
that the owners never need to know each other's revision ids. :func:`migrate` upgrades to
every head, programmatically, from the installed package (no ``alembic.ini`` needed).

>>> engine = make_engine("sqlite://")
>>> migrate(engine)
>>> engine.dispose()
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.pool import StaticPool

__all__ = ["MIGRATIONS", "Base", "alembic_config", "default_url", "make_engine", "migrate"]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""The Alembic script folder inside the package."""

BUSY_TIMEOUT_MS = 10_000
"""How long an SQLite writer waits for another writer's lock before failing."""

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Deterministic constraint names, so that migrations can alter constraints on every backend."""


class Base(DeclarativeBase):
    """The declarative base of every muraglia model (tournament, web)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def default_url() -> str:
    """The database URL used when none is given.

    ``MURAGLIA_DB`` if set, else an SQLite file ``muraglia.db`` in
    ``platformdirs.user_data_dir("muraglia")`` (the folder is created).
    """
    env = os.environ.get("MURAGLIA_DB")
    if env:
        return env
    import platformdirs  # noqa: PLC0415 - only needed for the default location

    folder = Path(platformdirs.user_data_dir("muraglia"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'muraglia.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()


def make_engine(url: str | None = None, **kwargs: Any) -> Engine:
    """An engine for ``url`` (default: :func:`default_url`).

    SQLite connections get ``foreign_keys=ON``, a busy timeout and the WAL journal (an
    in-memory database keeps one shared connection). PostgreSQL URLs without a driver
    (``postgresql://``) use psycopg 3.
    """
    url = url or default_url()
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        if url in {"sqlite://", "sqlite:///:memory:"}:
            kwargs.setdefault("poolclass", StaticPool)
            kwargs.setdefault("connect_args", {"check_same_thread": False})
        else:
            kwargs.setdefault("connect_args", {"check_same_thread": False})
        engine = create_engine(url, **kwargs)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    kwargs.setdefault("pool_pre_ping", True)
    return create_engine(url, **kwargs)


def alembic_config(engine: Engine | None = None) -> Any:
    """An Alembic ``Config`` pointing at the packaged migrations (and at ``engine``)."""
    from alembic.config import Config  # noqa: PLC0415 - alembic only when migrating

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    if engine is not None:
        config.attributes["engine"] = engine
    return config


def migrate(engine: Engine) -> None:
    """Upgrade the database of ``engine`` to every head (all branches)."""
    from alembic import command  # noqa: PLC0415 - alembic only when migrating

    with engine.begin() as connection:
        config = alembic_config(engine)
        config.attributes["connection"] = connection
        command.upgrade(config, "heads")
