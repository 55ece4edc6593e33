"""The database fixtures (SQLite and PostgreSQL) of :mod:`tests.dbfixtures`."""

from tests.dbfixtures import db_url, engine, pg_server

__all__ = ["db_url", "engine", "pg_server"]
