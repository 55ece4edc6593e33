"""Database fixtures: the tournament and db tests run on SQLite and on a real PostgreSQL.

PostgreSQL: ``MURAGLIA_TEST_PG_URL`` (a server URL whose user may create databases), or a
throwaway cluster started here with Debian's ``initdb``/``pg_ctl`` as the ``postgres`` user
in a fresh temporary folder, on a free loopback port, stopped (by its postmaster PID) at the
end of the session. Without PostgreSQL the PostgreSQL runs are skipped, except under
``CI=true`` where they fail.

The cluster's life is tied to the test process: a watchdog child (its own session, so that
a signal to pytest's process group spares it) holds the read end of a pipe whose write end
only pytest holds. When pytest dies, even by SIGKILL, the pipe reaches end-of-file and the
watchdog stops the postmaster by its PID (fast shutdown, then SIGKILL) and removes the
folder; at a normal end pytest stops the cluster itself and tells the watchdog to go.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine, make_url

from muraglia.db import make_engine, migrate
from tests.pgwatchdog import stop_postmaster


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _pg_bin() -> Path | None:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    return Path(found[-1]).parent if found else None


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required under CI: {reason}")
    pytest.skip(reason)


def _watchdog(pid: int, folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Start the watchdog of postmaster ``pid``: (the process, the pipe's write end)."""
    read, write = os.pipe()
    os.set_inheritable(write, False)
    proc = subprocess.Popen(
        [
            sys.executable,
            str(Path(__file__).resolve().parent / "pgwatchdog.py"),
            str(read),
            str(pid),
            str(folder),
        ],
        pass_fds=(read,),
        start_new_session=True,
        stdin=subprocess.DEVNULL,
    )
    os.close(read)
    return proc, write


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """A PostgreSQL server URL (``postgresql+psycopg://postgres@127.0.0.1:PORT``)."""
    url = os.environ.get("MURAGLIA_TEST_PG_URL")
    if url:
        yield url
        return
    bindir = _pg_bin()
    if bindir is None:
        _missing("no /usr/lib/postgresql/<version>/bin/initdb (apt-get install postgresql)")
        return
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        _missing("starting a throwaway PostgreSQL needs root (runuser -u postgres)")
        return
    folder = Path(tempfile.mkdtemp(prefix="muraglia-pg-"))
    shutil.chown(folder, "postgres", "postgres")
    data, log = folder / "data", folder / "log"
    port = _free_port()
    as_pg = ["runuser", "-u", "postgres", "--"]
    pid = None
    watchdog: subprocess.Popen[bytes] | None = None
    pipe = -1
    try:
        subprocess.run(
            [
                *as_pg,
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        opts = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(
            [
                *as_pg,
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-o",
                opts,
                "-w",
                "-t",
                "60",
                "start",
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        pid = int((data / "postmaster.pid").read_text().split()[0])
        watchdog, pipe = _watchdog(pid, folder)
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        if watchdog is not None:
            os.write(pipe, b"done")
            os.close(pipe)
            watchdog.wait(timeout=60)
        if pid is not None:
            stop_postmaster(pid, folder)
        shutil.rmtree(folder, ignore_errors=True)


def _pg_database(server: str) -> Iterator[str]:
    import psycopg

    base = make_url(server)
    name = "t_" + uuid.uuid4().hex[:12]
    dsn = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh empty database on each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tournament.db'}"
        return
    server = request.getfixturevalue("pg_server")
    yield from _pg_database(server)


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A migrated engine on each backend."""
    eng = make_engine(db_url)
    migrate(eng)
    yield eng
    eng.dispose()
