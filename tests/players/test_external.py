"""``--bot-cmd``: external mjai bot processes take seats in ``muraglia simulate`` and ``play``.

Our own ``muraglia mjai-bot`` plays full riichi matches through the pipe (each of its answers is
checked against the engine's legal actions); broken scripts (garbage, illegal answers, a process
that dies or hangs) stop the match with an error naming the seat, the message and the reply,
a non-zero exit and the partial record saved.
"""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from muraglia.cli import main
from muraglia.errors import MahjongError
from muraglia.io.mjai import to_mjai
from muraglia.io.record import loads, replay
from muraglia.players.external import seat_commands, seat_view, split_command
from tests.engine.helpers import play_match as engine_match

MJAI_BOT = f"{sys.executable} -m muraglia mjai-bot"

BROKEN = {
    "garbage": "for line in sys.stdin:\n    print('hello', flush=True)\n",
    "always-none": 'for line in sys.stdin:\n    print(\'{"type": "none"}\', flush=True)\n',
    "talks-out-of-turn": 'for line in sys.stdin:\n    print(\'{"type": "pon"}\', flush=True)\n',
    "dies": 'sys.stdin.readline()\nprint(\'{"type": "none"}\', flush=True)\nsys.exit(3)\n',
    "hangs": "for line in sys.stdin:\n    time.sleep(60)\n",
}
"""Bot scripts that fail: the body of a Python script reading mjai lines on stdin."""

ERRORS = {
    "garbage": ("reply is not JSON", '"type":"start_game"', "'hello'"),
    "always-none": ("illegal answer", '"type":"tsumo"', '\'{"type":"none"}\''),
    "talks-out-of-turn": ("nothing to decide here", '"type":"start_game"', '"pon"'),
    "dies": ("process ended (exit code 3)", '"type":"start_kyoku"', None),
    "hangs": ("no reply within 1 s", '"type":"start_game"', None),
}
"""For each script: the problem, a piece of the message sent, a piece of the reply."""


def script(tmp_path: Path, name: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text("import sys, time\n" + BROKEN[name], encoding="utf-8")
    return f"{sys.executable} {path}"


def run_json(argv: list[str]) -> tuple[int, dict[str, Any]]:
    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(argv)
    return code, json.loads(buf.getvalue().splitlines()[-1])


def test_mjai_bot_plays_full_matches_through_the_pipe(tmp_path: Path) -> None:
    code, report = run_json(
        ["simulate", "--rules", "riichi-ema", "--games", "1", "--seed", "3",
         "--bots", "efficiency,random,defensive,random",
         "--bot-cmd", f"S={MJAI_BOT}", "--bot-cmd", f"N={MJAI_BOT} --bot defensive --seed 2",
         "--json", "--out", str(tmp_path)]
    )  # fmt: skip
    assert code == 0
    assert report["errors"] == report["bot_errors"] == 0
    assert report["deals"] >= 4
    for seat_cmd in (MJAI_BOT, f"{MJAI_BOT} --bot defensive --seed 2"):
        assert report["bots"]["cmd:" + seat_cmd]["seats"] == 1
    record = (tmp_path / "records" / "match-000000.jsonl").read_text(encoding="utf-8")
    assert replay(loads(record)).over


@pytest.mark.parametrize("name", list(BROKEN), ids=list(BROKEN))
def test_a_broken_bot_stops_simulate_with_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    out = str(tmp_path / "out")
    argv = ["simulate", "--rules", "riichi-ema", "--games", "1", "--bot-timeout", "1",
            "--bot-cmd", f"E={script(tmp_path, name)}", "--json", "--out", out]  # fmt: skip
    code = main(argv)
    captured = capsys.readouterr()
    report = json.loads(captured.out.splitlines()[-1])
    assert code == 1
    assert report["bot_errors"] == 1
    problem, sent, reply = ERRORS[name]
    err = captured.err
    assert "bot in seat 0" in err
    assert problem in err
    assert f"sent {{{sent}" in err
    if reply is not None:
        assert "reply " in err
        assert reply in err
    record = (tmp_path / "out" / "records" / "match-000000.jsonl").read_text(encoding="utf-8")
    assert not replay(loads(record)).over  # the partial record, saved


def test_a_broken_bot_stops_play_and_the_record_is_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 200))
    code = main(["play", "--rules", "riichi-ema", "--seat", "W", "--record", str(record),
                 "--bot-cmd", f"S={script(tmp_path, 'always-none')}"])  # fmt: skip
    captured = capsys.readouterr()
    assert code == 1
    assert "an external bot failed: match abandoned" in captured.out
    assert "bot in seat 1" in captured.err
    assert "illegal answer" in captured.err
    match = replay(loads(record.read_text(encoding="utf-8")))
    assert not match.over
    assert match.to_act == (1,)


def test_play_against_an_external_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    code = main(["play", "--rules", "riichi-ema", "--seed", "2", "--max-deals", "2",
                 "--record", str(record), "--bot-cmd", f"N={MJAI_BOT}"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert f"cmd:{MJAI_BOT}" in out
    assert replay(loads(record.read_text(encoding="utf-8"))).over


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--rules", "riichi-ema", "--bot-cmd", "E=python x.py"], "your own seat"),
        (["play", "--rules", "fimj", "--bot-cmd", "S=python x.py"], "riichi rulesets only"),
        (["simulate", "--rules", "mcr", "--games", "1", "--bot-cmd", f"S={MJAI_BOT}"],
         "riichi rulesets only"),
        (["simulate", "--rules", "riichi-ema", "--games", "1", "--bot-cmd", "X=python"],
         "seat must be E, S, W, N or 0-3"),
        (["simulate", "--rules", "riichi-ema", "--games", "1", "--bot-cmd", "S"],
         "needs SEAT=COMMAND"),
        (["simulate", "--rules", "riichi-ema", "--games", "1", "--bot-cmd", "S=no-such-prog-x"],
         "program 'no-such-prog-x' not found"),
    ],
    ids=["human-seat", "not-riichi-play", "not-riichi-simulate", "bad-seat", "no-command",
         "no-program"],
)  # fmt: skip
def test_bad_bot_commands_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_seat_commands_and_split_command() -> None:
    assert seat_commands(["w=a b", "0=c"]) == {2: "a b", 0: "c"}
    with pytest.raises(MahjongError, match="twice"):
        seat_commands(["E=a", "0=b"])
    assert split_command(f"{sys.executable} -c 'print(1)'")[-1] == "print(1)"
    with pytest.raises(MahjongError, match="bad bot command"):
        split_command("python 'unclosed")


def test_the_seat_view_hides_the_other_seats_tiles() -> None:
    match = engine_match("riichi-ema", 1, check=False)
    full = to_mjai(match.events)
    seen = seat_view(full, 2)
    assert len(seen) == len(full)
    for mine, every in zip(seen, full, strict=True):
        if every["type"] == "start_kyoku":
            assert mine["tehais"][2] == every["tehais"][2]
            assert all(set(h) == {"?"} for s, h in enumerate(mine["tehais"]) if s != 2)
        elif every["type"] == "tsumo":
            assert mine["pai"] == (every["pai"] if every["actor"] == 2 else "?")
        else:
            assert mine == every
