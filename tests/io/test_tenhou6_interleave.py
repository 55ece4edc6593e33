"""tenhou.net/6 call timing: a seat that passes a tile and calls the same kind later (#16).

The format lists each seat's draws (calls included) and discards in separate columns, so
the importer rebuilds the order. The rounds in ``tests/data/tenhou6-ambiguous`` (found by
the record soak) cannot be read by taking every call at the first discard it fits: that
reading leaves draws unread. The importer must find the reading that uses every column, and
the engine must then reproduce the round exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muraglia.io import tenhou
from muraglia.io.tenhou import parse_tenhou6
from muraglia.io.tenhou_replay import HandCheck, check_record

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou6-ambiguous"
FILES = sorted(DATA.glob("*.json"))


def test_the_fixtures_exist() -> None:
    assert len(FILES) == 2


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_first_reading_runs_out_of_step(path: Path) -> None:
    """The greedy reading alone leaves a column unread (what makes the round a test)."""
    log = json.loads(path.read_text(encoding="utf-8"))["log"][0]
    greedy = tenhou._JsonRound(log, True, False)
    greedy.run()
    assert not greedy.consumed


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_round_replays_through_the_engine(path: Path) -> None:
    record = parse_tenhou6(path.read_text(encoding="utf-8"), path.name)
    (check,) = check_record(record)
    assert isinstance(check, HandCheck)
    assert check.matched, (check.expected, check.got)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_search_is_bounded(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no budget for other readings the first one stands (and the replay says where)."""
    monkeypatch.setattr(tenhou, "_INTERLEAVE_RUNS", 1)
    record = parse_tenhou6(path.read_text(encoding="utf-8"), path.name)
    (check,) = check_record(record)
    assert isinstance(check, HandCheck)
    assert not check.matched
