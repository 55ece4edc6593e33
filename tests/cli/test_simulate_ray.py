"""``muraglia simulate --ray``: the same simulation on a local Ray the command starts and stops.

One Ray start for the module (it takes seconds): the ``ray_run`` fixture runs the command once,
the tests compare its output with the process backend's. Outside CI the module is skipped when
Ray is not installed; CI installs the ``ray`` extra, so there a missing Ray fails.
"""

from __future__ import annotations

import io
import json
import os
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from muraglia.cli import main

if os.environ.get("CI"):
    import ray
else:
    ray = pytest.importorskip("ray")

ARGS = ["simulate", "--rules", "riichi-ema", "--games", "3", "--seed", "5", "--max-deals", "1",
        "--bots", "efficiency,random,defensive,random", "--rotate", "--json"]  # fmt: skip


def _run(argv: list[str]) -> tuple[int, dict[str, Any]]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(argv)
    report = json.loads(buf.getvalue().splitlines()[-1])
    report.pop("seconds")
    report.pop("games_per_second")
    for b in report["bots"].values():
        b.pop("ms_per_decision")
    return code, report


@pytest.fixture(scope="module")
def ray_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, dict[str, Any], Path]:
    out = tmp_path_factory.mktemp("ray")
    code, report = _run([*ARGS, "--workers", "2", "--ray", "--out", str(out)])
    return code, report, out


def test_ray_gives_the_process_backend_results(
    ray_run: tuple[int, dict[str, Any], Path], tmp_path: Path
) -> None:
    code, report, out = ray_run
    assert code == 0
    assert report["errors"] == 0
    assert report["games"] == 3
    local_code, local = _run([*ARGS, "--workers", "2", "--out", str(tmp_path)])
    assert local_code == 0
    assert report == local
    names = sorted(p.name for p in (out / "records").iterdir())
    assert names == ["match-000000.jsonl", "match-000001.jsonl", "match-000002.jsonl"]
    for name in names:
        assert (out / "records" / name).read_text() == (tmp_path / "records" / name).read_text()
    assert (out / "summary.csv").read_text() == (tmp_path / "summary.csv").read_text()


def test_the_local_ray_is_shut_down(ray_run: tuple[int, dict[str, Any], Path]) -> None:
    assert ray_run[0] == 0
    assert not ray.is_initialized()


def test_without_ray_the_error_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    assert main([*ARGS, "--ray"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--ray needs Ray" in err
    assert "pip install" in err
