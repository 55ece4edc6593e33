"""Alembic environment of muraglia: run by :func:`muraglia.db.migrate`.

The model modules of every branch owner are imported when they exist, so that
autogenerate sees the whole schema; the web models may be absent in a tree that has only
the tournament manager (and the reverse).
"""

from __future__ import annotations

import importlib

from alembic import context
from sqlalchemy.engine import Connection

from muraglia.db import Base, make_engine

MODEL_MODULES = ("muraglia.tournament.models", "muraglia.web.models")


def _import_models() -> None:
    for name in MODEL_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


_import_models()
config = context.config
if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
elif (conn := config.attributes.get("connection")) is not None:
    _run(conn)
else:
    engine = config.attributes.get("engine") or make_engine(
        config.get_main_option("sqlalchemy.url")
    )
    with engine.begin() as connection:
        _run(connection)
