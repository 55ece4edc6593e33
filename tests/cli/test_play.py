"""``muraglia play`` driven by a scripted stdin session to the end of a match."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from muraglia.cli import main
from muraglia.io.record import loads, replay

SCRIPT = "x\n99\n\n0\n" + "1\n" * 6000
"""Four invalid answers, then always the first choice (pass in a claim, else a win, a kong
or the lowest discard)."""


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], stdin: str, *args: str
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["play", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("rules", "extra"),
    [("ravenna", []), ("fimj", ["--max-deals", "2"]), ("seipalle", ["--max-deals", "2"])],
    ids=["ravenna-full-match", "fimj-2-deals", "seipalle-2-deals"],
)
def test_scripted_session_reaches_the_end_of_the_match(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    rules: str,
    extra: list[str],
) -> None:
    record = tmp_path / "game.jsonl"
    code, out, _ = play(
        monkeypatch, capsys, SCRIPT, "--rules", rules, "--seed", "4", "--record", str(record),
        "--seat", "S", *extra,
    )  # fmt: skip
    assert code == 0
    # invalid input: a message and the prompt again
    for bad in ("'x'", "'99'", "''", "'0'"):
        assert f"invalid choice {bad}" in out
    assert out.count("choice [") > 4
    # the table, Unicode tiles with notation, numbered legal choices
    assert "your hand: " in out
    assert "discards: " in out
    assert " 1. " in out
    # results explained with the ruleset's breakdown, standings at the end, record saved
    # and replayable
    assert "payments:" in out
    assert "★ " in out
    assert " wins " in out
    assert "Mah-Jong" in out  # a bilingual pattern line of the breakdown
    assert " pays " in out
    assert "══ final standings" in out
    assert "(you" in out.split("final standings")[1]
    text = record.read_text(encoding="utf-8")
    match = replay(loads(text))
    assert match.over
    assert main(["replay", "--check", str(record)]) == 0
    last = [ln for ln in out.splitlines() if ln.strip().startswith(("1.", "2.", "3.", "4."))]
    scores = sorted((int(ln.split()[-1]) for ln in last[-4:]), reverse=True)
    assert scores == sorted(match.scores, reverse=True)


def test_input_ending_early_abandons_and_saves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "cut.jsonl"
    code, out, _ = play(monkeypatch, capsys, "1\n1\n", "--rules", "fimj", "--record", str(record))
    assert code == 1
    assert "match abandoned" in out
    assert not replay(loads(record.read_text(encoding="utf-8"))).over


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "fimj", "--seat", "X"], "--seat must be one of"),
        (["--rules", "fimj", "--bots", "random,random"], "--bots needs 1 or 3 names"),
        (["--rules", "fimj", "--bots", "nobot"], "unknown bot 'nobot'"),
        (["--rules", "nope"], "unknown ruleset 'nope'"),
    ],
    ids=["bad-seat", "two-bots", "unknown-bot", "unknown-ruleset"],
)
def test_bad_arguments_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    code, _, err = play(monkeypatch, capsys, "", *args)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1


def test_charleston_prompt_asks_for_four_tiles_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = play(
        monkeypatch, capsys, "zz\n1m\n", "--rules", "fimj(charleston=true)",
        "--record", str(tmp_path / "c.jsonl"),
    )  # fmt: skip
    assert "Charleston: choose four tiles" in out
    assert "invalid tiles 'zz'" in out
    assert "invalid choice '1m': give four tiles you hold" in out
    assert code == 1
