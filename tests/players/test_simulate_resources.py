"""``simulate`` cannot run away with processes or memory (issue #15).

* ``--workers`` is capped at the games and the CPUs: absurd values start a bounded number of
  processes;
* matches are queued a few per worker at a time, so a huge ``--games`` keeps the parent's
  memory flat (checked both as the queue bound, in process, and as the parent's RSS);
* the workers die with the parent, even when the parent is killed with SIGKILL.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import muraglia.players.simulate as sim

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

SRC = str(Path(__file__).resolve().parents[2] / "src")


def children(pid: int) -> list[int]:
    """Pids whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid:
            out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def start(*args: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.Popen(
        [sys.executable, "-m", "muraglia", "simulate", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
    )


def wait_for(cond: Any, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return bool(cond())


class _StopError(Exception):
    pass


def test_the_queue_is_bounded_and_an_early_stop_leaves_no_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A billion games: only a few matches per worker are ever queued ahead of the results."""
    consumed = 0
    real_jobs = sim._jobs

    def counting(*args: Any, **kw: Any) -> Iterator[sim.Job]:
        nonlocal consumed
        for job in real_jobs(*args, **kw):
            consumed += 1
            yield job

    monkeypatch.setattr(sim, "_jobs", counting)
    monkeypatch.setattr(sim, "cpu_limit", lambda: 2)
    done = 0
    worst = 0

    def on_match(_i: int, _m: dict[str, Any]) -> None:
        nonlocal done, worst
        done += 1
        worst = max(worst, consumed - done)
        if done == 12:
            raise _StopError

    with pytest.raises(_StopError):
        sim.simulate("ravenna", games=10**9, workers=2, max_deals=1, on_match=on_match)
    # queued or running, plus finished ones waiting for an earlier match to complete: within
    # the window behind the oldest running (WINDOW_PER_WORKER per worker), whatever `games` is
    assert worst <= sim.WINDOW_PER_WORKER * 2 + 1
    assert wait_for(lambda: not multiprocessing.active_children(), 10)


def _slow_first(index: int) -> dict[str, Any]:
    """A stand-in for ``play_match`` (module level, so the workers can unpickle it): match 0
    takes a second, every other one a hundredth."""
    time.sleep(1.0 if index == 0 else 0.01)
    return {"index": index}


def test_a_slow_match_holds_the_submissions_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """While match 0 runs, the other worker may finish ~100 matches; they wait in order for
    it (``_in_order``). The window (``WINDOW_PER_WORKER``) stops the submissions instead, so
    the matches taken from the jobs but not yet reported stay within it (without the window
    this counted about a hundred)."""
    monkeypatch.setattr(sim, "play_match", _slow_first)
    consumed = 0

    def jobs() -> Iterator[sim.Job]:
        nonlocal consumed
        for i in range(200):
            consumed += 1
            yield i, (i,), {}

    worst = 0
    for done, (i, result) in enumerate(sim._in_order(sim._pool(jobs(), 2)), start=1):
        assert result == {"index": i}
        assert i == done - 1
        worst = max(worst, consumed - done)
        if done == 20:
            break
    assert worst <= sim.WINDOW_PER_WORKER * 2 + 1
    assert wait_for(lambda: not multiprocessing.active_children(), 10)


def test_absurd_workers_start_a_bounded_number_of_processes() -> None:
    """``--workers 100000 --games 3``: at most ``min(games, CPUs)`` workers, then exit 0."""
    proc = start("--rules", "ravenna", "--games", "3", "--workers", "100000", "--max-deals", "1")
    most = 0
    while proc.poll() is None:
        most = max(most, len(children(proc.pid)))
        time.sleep(0.02)
    assert proc.returncode == 0
    assert b"capped at" in (proc.stderr.read() if proc.stderr else b"")
    assert most <= min(3, sim.cpu_limit()) + 1  # the workers (+ the pool's own helper)


def test_huge_games_keep_memory_flat_and_workers_die_with_a_killed_parent() -> None:
    """``--games 10**8 --workers 2``: the parent's RSS does not grow; SIGKILL ends the workers."""
    proc = start("--rules", "ravenna", "--games", str(10**8), "--workers", "2", "--max-deals", "1")
    try:
        assert wait_for(lambda: len(children(proc.pid)) >= 1, 30), "no worker started"
        time.sleep(3)  # imports done, matches flowing
        before = rss_kb(proc.pid)
        time.sleep(5)
        after = rss_kb(proc.pid)
        assert proc.poll() is None
        assert after - before < 10_000, f"parent RSS grew {before} -> {after} kB"
        assert after < 250_000
        workers = children(proc.pid)
        assert workers
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        assert wait_for(lambda: not any(alive(w) for w in workers), 10), "orphaned workers"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
