"""``muraglia replay`` in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muraglia.cli import main
from muraglia.io.record import dumps
from tests.engine.helpers import play_match


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text(dumps(play_match("ravenna", 9, check=False, max_deals=2)), encoding="utf-8")
    return path


def test_replay_prints_the_events(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("deal 0: dealer 0")
    assert "settled" in out


def test_replay_json_summary(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is True
    assert data["hands"] == 2
    assert data["ruleset"] == "ravenna"


def test_check_reports_a_tampered_record(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    lines = record.read_text(encoding="utf-8").splitlines()
    i = next(n for n, ln in enumerate(lines) if '"type": "settled"' in ln)
    row = json.loads(lines[i])
    row["net"] = [x + 10 if k == 0 else x - 10 if k == 1 else x for k, x in enumerate(row["net"])]
    lines[i] = json.dumps(row)
    bad.write_text("\n".join(lines), encoding="utf-8")
    assert main(["replay", "--check", str(tmp_path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["records"], data["hands"], data["matched"]) == (2, 4, 2)
    (bad_entry,) = data["mismatches"]
    assert bad_entry["record"].endswith("bad.jsonl")
    assert set(bad_entry) == {"record", "hand", "expected", "got"}  # interfaces.md §5


def test_a_missing_file_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "nope.jsonl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("muraglia replay: error:")
    assert err.count("\n") == 1


def test_replay_mjai_stream(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    riichi = tmp_path / "riichi.jsonl"
    riichi.write_text(dumps(play_match("riichi-ema", 9, check=False, max_deals=2)), "utf-8")
    assert main(["replay", str(riichi), "--mjai"]) == 0
    stream = capsys.readouterr().out
    lines = [json.loads(x) for x in stream.splitlines()]
    assert lines[0]["type"] == "start_game"
    assert lines[-1]["type"] == "end_game"
    exported = tmp_path / "riichi.mjson"
    exported.write_text(stream, encoding="utf-8")
    assert main(["replay", "--check", str(exported)]) == 0  # read back and replayed
    capsys.readouterr()
    # Ravenna's flowers have no mjai name (they would be written as hidden tiles)
    assert main(["replay", str(record), "--mjai"]) == 2
    assert "needs a riichi record, not 'ravenna'" in capsys.readouterr().err
