"""The shared database layer: engine settings, migrations to every head, models == migrations."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from muraglia.db import MIGRATIONS, Base, alembic_config, default_url, make_engine, migrate


def _import_models() -> None:
    for name in ("muraglia.tournament.models", "muraglia.web.models"):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                raise


def test_default_url_honours_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MURAGLIA_DB", "sqlite:////tmp/elsewhere.db")
    assert default_url() == "sqlite:////tmp/elsewhere.db"


def test_default_url_is_a_file_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("MURAGLIA_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_url()
    assert url.startswith("sqlite:///")
    assert url.endswith("muraglia.db")
    assert Path(url.removeprefix("sqlite:///")).parent.is_dir()


def test_sqlite_engine_uses_wal_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'x.db'}")
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
    engine.dispose()


def test_postgresql_urls_use_psycopg3() -> None:
    engine = make_engine("postgresql://u@127.0.0.1:1/db")
    assert engine.dialect.driver == "psycopg"
    engine.dispose()


def test_every_branch_starts_at_the_base() -> None:
    script = ScriptDirectory.from_config(alembic_config())
    assert MIGRATIONS.joinpath("env.py").is_file()
    for rev in script.get_bases():
        revision = script.get_revision(rev)
        assert revision is not None
        assert revision.branch_labels, f"base revision {rev} has no branch label"


def test_migrate_creates_the_schema_and_matches_the_models(tmp_path: Path) -> None:
    _import_models()
    engine = make_engine(f"sqlite:///{tmp_path / 'm.db'}")
    migrate(engine)
    migrate(engine)  # idempotent
    tables = set(inspect(engine).get_table_names())
    assert "alembic_version" in tables
    assert set(Base.metadata.tables) <= tables
    with engine.connect() as conn:
        diff = compare_metadata(
            MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata
        )
    assert diff == [], f"models and migrations differ: {diff}"
    engine.dispose()
