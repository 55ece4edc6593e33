"""``muraglia replay --check`` routes Tenhou records to the Tenhou checker (interfaces.md §5)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from muraglia.cli import main
from tests.corpus import tenhou_data

DATA = tenhou_data()
ONE = DATA / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"


@pytest.mark.skipif(not ONE.is_file(), reason="Tenhou corpus not present")
def test_replay_check_reads_mjlog(capsys: pytest.CaptureFixture[str]) -> None:
    """One Tenhou record: every hand matched, exit 0, the contract's JSON shape."""
    assert main(["replay", "--check", "--json", str(ONE)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True
    assert out["records"] == 1
    assert out["hands"] == out["matched"] > 0
    assert out["mismatches"] == []


@pytest.mark.skipif(not ONE.is_file(), reason="Tenhou corpus not present")
def test_replay_check_reports_an_altered_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record whose first recorded win is changed is a mismatch: exit 1."""
    text = ONE.read_text(encoding="utf-8")
    start = text.index('ten="', text.index("<AGARI")) + len('ten="')
    fu, points, limit = text[start : text.index('"', start)].split(",")
    altered = text[:start] + f"{fu},{int(points) + 1000},{limit}" + text[text.index('"', start) :]
    path = tmp_path / "altered.mjlog"
    path.write_text(altered, encoding="utf-8")
    shutil.copy(ONE, tmp_path / "original.mjlog")
    assert main(["replay", "--check", "--json", str(tmp_path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["records"] == 2
    assert [m["record"] for m in out["mismatches"]] == ["altered.mjlog"]
