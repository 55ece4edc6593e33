"""A real ``muraglia serve`` subprocess on a free 127.0.0.1 port, for the tests."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"


@contextmanager
def running_server(*extra: str, timeout: float = 30.0) -> Iterator[str]:
    """Start ``muraglia serve --port 0`` on a fresh SQLite file; yield its URL; stop it."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    folder = tempfile.mkdtemp(prefix="muraglia-web-")
    db = ["--db", f"sqlite:///{folder}/web.db"] if "--db" not in extra else []
    argv = [sys.executable, "-m", "muraglia", "serve", "--host", "127.0.0.1", "--port", "0"]
    proc = subprocess.Popen(
        [*argv, *db, *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.fullmatch(r"listening on (http://127\.0\.0\.1:\d+)\n", line)
        if match is None:
            proc.kill()
            _, err = proc.communicate(timeout=timeout)
            raise AssertionError(f"unexpected first line {line!r}; stderr: {err[-2000:]}")
        yield match.group(1)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=timeout)
        shutil.rmtree(folder, ignore_errors=True)
