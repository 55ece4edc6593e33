"""A killed test run (SIGKILL, not a failure) leaves no PostgreSQL cluster behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

HOLDER = textwrap.dedent(
    """
    import time
    import psycopg
    from sqlalchemy.engine import make_url

    def test_hold(pg_server):
        dsn = make_url(pg_server).set(drivername="postgresql").render_as_string(False)
        with psycopg.connect(dsn) as conn:
            folder = conn.execute("show data_directory").fetchone()[0]
        pid = open(folder + "/postmaster.pid").read().split()[0]
        print(f"\\nHOLDING {pid} {folder}", flush=True)
        time.sleep(600)  # killed before this ends
    """
)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "postgres" in Path(
        f"/proc/{pid}/cmdline"
    ).read_bytes().decode(errors="replace")


def _postgres_of(folder: str) -> list[int]:
    """PIDs of processes whose command line names ``folder`` (the postmaster's)."""
    out = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                cmd = (proc / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if folder in cmd and "postgres" in cmd:
                out.append(int(proc.name))
    return out


def test_a_sigkilled_pytest_leaves_no_postgres_running(tmp_path: Path) -> None:
    if os.environ.get("MURAGLIA_TEST_PG_URL"):
        pytest.skip("an external PostgreSQL server: no throwaway cluster to leave behind")
    if not sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb")) or os.geteuid() != 0:
        pytest.skip("a throwaway PostgreSQL cluster needs Debian's postgresql and root")
    if shutil.which("runuser") is None:
        pytest.skip("a throwaway PostgreSQL cluster needs runuser")
    (tmp_path / "conftest.py").write_text("from tests.dbfixtures import pg_server\n")
    (tmp_path / "test_hold.py").write_text(HOLDER)
    env = dict(os.environ, PYTHONPATH=f"{ROOT / 'src'}{os.pathsep}{ROOT}")
    env.pop("CI", None)
    child = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-s", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    holding = None
    try:
        assert child.stdout is not None
        deadline = time.monotonic() + 300
        for line in child.stdout:
            if line.startswith("HOLDING "):
                holding = line.split()
                break
            assert time.monotonic() < deadline, "the cluster did not start"
        assert holding is not None, "the child test ended without a cluster"
        pid, folder = int(holding[1]), holding[2]
        assert _alive(pid)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL
    for _ in range(600):  # the watchdog's fast shutdown: a few seconds at most
        if not _alive(pid) and not _postgres_of(folder):
            break
        time.sleep(0.1)
    assert not _alive(pid), f"postmaster {pid} still runs"
    assert not _postgres_of(folder), "postgres processes of the killed run remain"
    for _ in range(100):
        if not Path(folder).parent.exists():
            break
        time.sleep(0.1)
    assert not Path(folder).parent.exists(), "the cluster's folder remains"
