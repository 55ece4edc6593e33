"""Fuzzing the record readers (issue 16): truncated, reordered and bit-flipped logs.

Each damaged file (mjlog XML, tenhou.net/6 JSON, mjai) goes through ``replay --check``'s
checker: it must come back as a report — matched hands, mismatches or one error entry naming
the file — never an exception, within a bounded time.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from muraglia.cli import main
from muraglia.io.tenhou_replay import check_records
from tests.corpus import tenhou_data

OURS = Path(__file__).resolve().parents[1] / "data" / "muraglia"
SOURCES = [
    p
    for p in (
        tenhou_data() / "mjlog" / "double-ron.mjlog",
        tenhou_data() / "mjscore" / "2010081709gm-00a9-0000-fe3371ad.json",
        *sorted((OURS / "tenhou6").glob("riichi-tenhou-*.json"))[:1],
        *sorted((OURS / "mjai").glob("riichi-tenhou-*.mjson"))[:1],
    )
    if p.is_file()
]

TIME_LIMIT = 60.0
"""Seconds one damaged record may take (a whole game replays in about a second)."""


def _damage(data: bytes, how: str, a: int, b: int, bit: int) -> bytes:
    n = len(data)
    i, j = sorted((a % n, b % n))
    if how == "truncate":
        return data[:i]
    if how == "flip":
        out = bytearray(data)
        out[i] ^= 1 << bit
        return bytes(out)
    if how == "swap-lines":
        lines = data.split(b"\n") if data.count(b"\n") > 2 else data.split(b"><")
        sep = b"\n" if data.count(b"\n") > 2 else b"><"
        k, m = a % len(lines), b % len(lines)
        lines[k], lines[m] = lines[m], lines[k]
        return sep.join(lines)
    return data[:i] + data[j:]  # cut a slice out


@pytest.mark.skipif(not SOURCES, reason="no records to damage")
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_damaged_records_give_a_report_never_an_exception(
    data: st.DataObject, tmp_path: Path
) -> None:
    source = data.draw(st.sampled_from(SOURCES))
    how = data.draw(st.sampled_from(["truncate", "flip", "swap-lines", "cut"]))
    a, b = data.draw(st.integers(0, 10**6)), data.draw(st.integers(0, 10**6))
    bit = data.draw(st.integers(0, 7))
    damaged = tmp_path / f"damaged{source.suffix}"
    damaged.write_bytes(_damage(source.read_bytes(), how, a, b, bit))
    start = time.monotonic()
    report = check_records([damaged])
    assert time.monotonic() - start < TIME_LIMIT
    for error in report.errors:
        assert error["record"] == damaged.name
        assert error["error"]
    assert report.hands >= report.matched


@pytest.mark.skipif(not SOURCES, reason="no records to damage")
@pytest.mark.parametrize("how", ["truncate", "flip", "swap-lines", "cut"])
def test_damaged_records_through_the_command_line(
    how: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for k, source in enumerate(SOURCES):
        data = source.read_bytes()
        damaged = tmp_path / f"d{k}{source.suffix}"
        damaged.write_bytes(_damage(data, how, len(data) // 3, len(data) // 2, 3))
    code = main(["replay", "--check", str(tmp_path)])
    captured = capsys.readouterr()
    assert code in (0, 1)
    assert "Traceback" not in captured.out + captured.err
