"""``muraglia score --jsonl`` writes exactly the bytes it wrote before the issue-19 speed-ups.

The corpus (``tests/data/score_golden``, made by ``python bench/make_score_golden.py``) holds
240 seeded riichi hands under both presets and several spellings of the spec, with varied
situations, and 13 malformed lines; ``expected.jsonl`` was the output of the tree before the
batch path was made faster (parse once, both explanation languages in one pass, one JSON
encoder), regenerated since only for intended changes (see the script's docstring). Whole
lines are compared, so any change of a key, a value, a line of explanation or an error
message fails here.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

from muraglia.cli import main
from muraglia.notation import parse_hand

DATA = Path(__file__).resolve().parents[1] / "data" / "score_golden"


def run_batch(text: bytes, stdout: str = "utf-8") -> bytes:
    """What ``score --jsonl`` writes for the input ``text``.

    ``stdout``: ``utf-8`` a UTF-8 stdout (the answers go as bytes to its buffer, as on a
    terminal or a pipe), ``text`` a text stream without a buffer (written as text).
    """
    fake_in = io.TextIOWrapper(io.BytesIO(text), encoding="utf-8")
    raw = io.BytesIO()
    out: Any = io.StringIO() if stdout == "text" else io.TextIOWrapper(raw, encoding=stdout)
    old = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = fake_in, out
    try:
        assert main(["score", "--jsonl"]) == 0
    finally:
        sys.stdin, sys.stdout = old
    if stdout == "text":
        return out.getvalue().encode("utf-8")  # type: ignore[no-any-return]
    out.flush()
    return raw.getvalue()


def test_score_jsonl_is_byte_identical_to_the_golden_output() -> None:
    expected = (DATA / "expected.jsonl").read_bytes().splitlines()
    got = run_batch((DATA / "input.jsonl").read_bytes()).splitlines()
    assert len(got) == len(expected) == 253
    for number, (line, want) in enumerate(zip(got, expected, strict=True), 1):
        assert line == want, f"line {number} differs"


def test_the_same_line_twice_gives_the_same_output() -> None:
    """The one-entry parse memo returns the same immutable Hand; the output does not change."""
    line = (DATA / "input.jsonl").read_bytes().splitlines()[0]
    first, second = run_batch(line + b"\n" + line + b"\n").splitlines()
    assert first == second == (DATA / "expected.jsonl").read_bytes().splitlines()[0]


def test_parse_memo_keys_on_both_flags() -> None:
    """A memoised parse is reused only with the same ``strict`` and ``red_fives``."""
    text = "055m456p789s11z222z+2z"
    assert parse_hand(text, red_fives=True).red_fives == 1
    with pytest.raises(Exception, match="red"):
        parse_hand(text, red_fives=False)
    loose = "5555m5m"  # a fifth copy: refused when strict, kept when not
    assert parse_hand(loose, strict=False).tile_count == 5
    with pytest.raises(Exception, match="5 copies"):
        parse_hand(loose)
    assert parse_hand(text) is parse_hand(text)
