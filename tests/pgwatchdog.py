"""Stop a throwaway PostgreSQL cluster when the test process that started it dies.

``python tests/pgwatchdog.py FD PID FOLDER`` reads the pipe ``FD`` (inherited; pytest holds
the only write end). ``done`` means pytest stops the cluster itself; end-of-file means pytest
died (even by SIGKILL): the postmaster ``PID`` is stopped and ``FOLDER`` removed. Standard
library only, so that it runs whatever the test process had imported.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import sys
import time
from pathlib import Path


def stop_postmaster(pid: int, folder: Path) -> None:
    """Stop the postmaster ``pid`` (fast shutdown, SIGKILL after 10 s) and remove ``folder``.

    Only a process whose command line names ``folder`` is signalled (a recycled PID is not).
    """
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        cmdline = ""
    if str(folder) in cmdline:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGINT)  # fast shutdown: the backends follow the postmaster
        for _ in range(200):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        else:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str]) -> None:
    """Wait for the pipe to say ``done`` or close; stop the cluster if it closed."""
    fd, pid, folder = int(argv[0]), int(argv[1]), Path(argv[2])
    with os.fdopen(fd, "rb") as pipe:
        said = pipe.read()
    if said != b"done":
        stop_postmaster(pid, folder)


if __name__ == "__main__":
    main(sys.argv[1:])
