"""The Ray backend of ``muraglia simulate --ray [ADDRESS]`` (Ray is the optional ``ray`` extra).

Ray is imported here only, when ``--ray`` is given: the layers below import nothing but the
standard library. :func:`ray_backend` returns a
:data:`~muraglia.players.simulate.Backend`: each match is one Ray task running
:func:`~muraglia.players.simulate.play_match` with the same arguments as the process backend,
so a seed gives the same results (``tests/cli/test_simulate_ray.py``). Without an address a
local Ray is started with ``workers`` CPUs and shut down at the end; with one, the command
connects to that cluster (``ray://host:10001`` or ``host:6379``), ships the ``muraglia`` package
to its workers (Ray's ``py_modules``) and lets the cluster's CPUs set the parallelism. Records
are returned by the tasks and written here, so ``--out`` works on any cluster.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from muraglia.errors import MahjongError
from muraglia.players.simulate import Backend, Job, holds_back, play_match

__all__ = ["RayUnavailableError", "ray_backend"]

_IN_FLIGHT_PER_CPU = 4
"""Tasks submitted ahead per CPU: enough to keep the cluster busy, few enough for a big run."""


class RayUnavailableError(MahjongError):
    """``--ray`` was given but Ray is not installed."""


def _import_ray() -> Any:
    try:
        import ray  # noqa: PLC0415 - optional dependency, imported on demand
    except ImportError as exc:
        raise RayUnavailableError(
            "--ray needs Ray: pip install 'muraglia[ray]' (or pip install ray)"
        ) from exc
    return ray


def _play(args: tuple[Any, ...], kw: dict[str, Any]) -> dict[str, Any]:
    """One match in a Ray worker; the record text comes back instead of a file."""
    return play_match(
        *args, **{**kw, "record_path": None, "keep_record": kw["record_path"] is not None}
    )


def ray_backend(address: str | None, workers: int) -> Backend:
    """A backend playing each match as a Ray task (see the module docstring).

    Raises:
        RayUnavailableError: if Ray is not installed (checked now, before any match).
    """
    ray = _import_ray()

    def run(jobs: Iterator[Job]) -> Iterator[tuple[int, dict[str, Any]]]:
        started = not ray.is_initialized()
        if started:
            init: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.WARNING,
            }
            if address is None:
                init["num_cpus"] = workers
            else:
                init["address"] = address
                package = Path(__file__).resolve().parents[1]
                init["runtime_env"] = {"py_modules": [str(package)]}
            try:
                ray.init(**init)
            except Exception as exc:  # ConnectionError, ValueError, RuntimeError...
                where = f"the Ray cluster at {address}" if address else "a local Ray"
                raise MahjongError(f"cannot start {where}: {exc}") from exc
        try:
            task = ray.remote(num_cpus=1)(_play)
            cpus = int(ray.cluster_resources().get("CPU", workers)) or 1
            pending: dict[Any, tuple[int, str | None]] = {}
            queue = iter(jobs)
            exhausted = False
            last = -1

            def room() -> bool:
                # a bounded queue, and a bounded window behind the oldest task: the results
                # that finish before it wait for it (simulate._in_order)
                if len(pending) >= _IN_FLIGHT_PER_CPU * cpus:
                    return False
                return not holds_back(last, [i for i, _ in pending.values()], cpus)

            while pending or not exhausted:
                while not exhausted and room():
                    job = next(queue, None)
                    if job is None:
                        exhausted = True
                        break
                    i, args, kw = job
                    pending[task.remote(args, kw)] = (i, kw["record_path"])
                    last = i
                if not pending:
                    break
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    i, path = pending.pop(ref)
                    result: dict[str, Any] = ray.get(ref)
                    text = result.pop("record", None)
                    if path is not None and text is not None:
                        Path(path).write_text(text, encoding="utf-8")
                    yield i, result
        finally:
            if started:
                ray.shutdown()

    return run
