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


@pytest.mark.parametrize(
    ("make", "args", "message"),
    [
        (None, [""], "an empty path"),
        ("dir", ["{d}"], "is a folder: use --check"),
        ("dir", ["--check", "{d}"], "no records"),
        ("binary", ["{d}/bin.jsonl"], "not UTF-8 text"),
        ("deep", ["{d}/deep.jsonl"], "nested too deeply"),
        ("other", ["{d}/other.json"], "not a game record"),
    ],
    ids=["empty-path", "folder-without-check", "empty-folder", "binary", "deep-json", "other"],
)
def test_replay_bad_input_is_a_clear_error(
    make: str | None,
    args: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """issue 15: exit 2 with one line naming the problem, never a traceback."""
    if make == "binary":
        (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00\x81")
    elif make == "deep":
        (tmp_path / "deep.jsonl").write_text(
            '{"type": "header", "ruleset": "ravenna"}\n' + "[" * 100_000, encoding="utf-8"
        )
    elif make == "other":
        (tmp_path / "other.json").write_text('{"a": 1}', encoding="utf-8")
    assert main(["replay", *(a.format(d=tmp_path) for a in args)]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.skipif(not ONE.is_file(), reason="Tenhou corpus not present")
def test_a_bad_file_does_not_stop_a_folder_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each bad file is an entry naming it; the good records are still checked."""
    shutil.copy(ONE, tmp_path / "good.mjlog")
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00\x81")
    (tmp_path / "cut.mjlog").write_text("<mjloggm><INIT", encoding="utf-8")
    (tmp_path / "nothing.json").write_text("[1, 2]", encoding="utf-8")
    assert main(["replay", "--check", "--json", str(tmp_path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["records"] == 1
    assert out["hands"] == out["matched"] > 0
    bad = sorted(Path(m["record"]).name for m in out["errors"])  # as tenhou-check's entries
    assert bad == ["bin.jsonl", "cut.mjlog", "nothing.json"]
    assert all(m["error"] for m in out["errors"])
    assert out["mismatches"] == []  # interfaces.md §5: {record, hand, expected, got} only


@pytest.mark.skipif(not ONE.is_file(), reason="Tenhou corpus not present")
def test_a_tenhou_record_is_stepped_through_without_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # interfaces.md §5: `replay RECORD` steps through Tenhou mjlog records too
    assert main(["replay", str(ONE)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("match ended:")
