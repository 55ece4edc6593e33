"""Records, review, tenhou-check, mjai-bot and external bots on bad or unusual input.

Each case was found by a newcomer's test run: a traceback, a silent wrong answer or a process
left behind, now an error naming the problem (exit code 2) or the right answer.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import time
from pathlib import Path

import pytest

from muraglia.cli import main
from muraglia.engine.game import Game
from muraglia.errors import MahjongError
from muraglia.players.external import (
    MAX_REPLY,
    BotProcessError,
    MjaiProcessPlayer,
    check_timeout,
)
from muraglia.players.simulate import play_match
from muraglia.rulesets import load_ruleset

NESTED = "[" * 100_000 + "]" * 100_000
SIMULATE = ["simulate", "--rules", "riichi-ema", "--games", "1", "--bot-cmd", "N=true"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def _record(tmp_path: Path, rules: str, deals: int = 2) -> Path:
    """A short match of four efficiency bots, written as our record."""
    path = tmp_path / f"{rules}.jsonl"
    out = play_match(rules, ["efficiency"] * 4, 5, max_deals=deals, record_path=str(path))
    assert out["error"] is None
    return path


def test_review_of_an_exported_riichi_ema_game_uses_its_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # riichi-ema starts every seat at 0 points: under Tenhou's rules its riichi are illegal
    ours = _record(tmp_path, "riichi-ema")
    code, mjai, _ = run(capsys, "replay", "--mjai", str(ours))
    assert code == 0
    exported = tmp_path / "game.mjson"
    exported.write_text(mjai, encoding="utf-8")
    for path in (ours, exported):
        code, out, _ = run(capsys, "review", str(path), "--seat", "1")
        assert code == 0
        assert "skipped" not in out
        assert "(riichi-ema)" in out


def test_review_signs_say_which_way_each_choice_lost(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "review", str(_record(tmp_path, "riichi-ema")), "--seat", "0")
    assert code == 0
    assert "+-" not in out
    assert "--" not in out.replace("---", "")


def test_review_of_a_record_nothing_can_be_replayed_from_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "tile200.mjlog"
    src = Path(__file__).parents[1] / "data" / "tenhou" / "mjlog"
    text = sorted(src.glob("*.mjlog"))[0].read_text(encoding="utf-8")
    bad.write_text(re.sub(r'hai0="\d+,', 'hai0="200,', text), encoding="utf-8")  # every deal
    code, out, err = run(capsys, "review", str(bad), "--seat", "0")
    assert code == 2
    assert "100.0%" not in out
    assert "could be reviewed" in err


@pytest.mark.parametrize("command", ["tenhou-check", "review"])
def test_deeply_nested_json_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "nested.json"
    path.write_text(NESTED, encoding="utf-8")
    args = [command, str(path)] + (["--seat", "0"] if command == "review" else [])
    code, out, err = run(capsys, *args)
    assert code in (1, 2)  # tenhou-check: an error entry (exit 1); review: exit 2
    assert "nested too deeply" in out + err
    assert "Traceback" not in out + err


def test_mjai_bot_refuses_nested_json_and_a_bad_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for line, named in (
        (NESTED, "nested too deeply"),
        ('{"type":"start_game","id":7}', "seat 0-3, not 7"),
        ('{"type":"start_game"}', "not None"),
    ):
        monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
        code, _, err = run(capsys, "mjai-bot")
        assert code == 2
        assert err.startswith("muraglia mjai-bot: error:")
        assert named in err


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["tenhou-check", ""], "an empty path"),
        (["tenhou-check", "{empty}"], "no records"),
        (["tenhou-check", "-r", "fimj", "{data}"], "riichi games"),
        ([*SIMULATE, "--bot-timeout", "inf"], "3600"),
        ([*SIMULATE, "--bot-timeout", "1e300"], "3600"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], named: str
) -> None:
    (tmp_path / "empty").mkdir()
    data = Path(__file__).parents[1] / "data" / "tenhou" / "mjlog"
    args = [a.format(empty=tmp_path / "empty", data=data) for a in args]
    code, _, err = run(capsys, *args)
    assert code == 2
    assert named in err


def test_mjai_export_of_a_game_with_flowers_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "replay", "--mjai", str(_record(tmp_path, "fimj", deals=1)))
    assert code == 2
    assert "needs a riichi record, not 'fimj'" in err
    assert out == ""


def _bot(tmp_path: Path, body: str) -> str:
    script = tmp_path / "bot.py"
    script.write_text(body, encoding="utf-8")
    return f"{sys.executable} {script}"


def _attach(cmd: str, timeout: float) -> MjaiProcessPlayer:
    player = MjaiProcessPlayer(cmd, timeout=timeout)
    ruleset = load_ruleset("riichi-ema")
    match = Game(ruleset, seed=1).new_match()
    player.attach(match, 1)
    return player


def test_a_reply_without_end_is_cut_not_read_into_memory(tmp_path: Path) -> None:
    cmd = _bot(
        tmp_path, f"import sys\nsys.stdout.write('x' * {4 * MAX_REPLY})\nsys.stdout.flush()\n"
    )
    player = _attach(cmd, 10)
    with pytest.raises(BotProcessError, match="longer than"):
        player._flush()
    player.close(finish=False)


def test_a_timed_out_bot_leaves_no_process_behind(tmp_path: Path) -> None:
    # a wrapper (a shell, `poetry run`...) whose child hangs: the whole group is killed
    marker = tmp_path / "child.pid"
    child = _bot(
        tmp_path,
        "import os, sys, time\n"
        f"open({str(marker)!r}, 'w').write(str(os.getpid()))\n"
        "sys.stdin.readline()\ntime.sleep(600)\n",
    )
    player = _attach(f"sh -c '{child}'", 2)
    with pytest.raises(BotProcessError, match="no reply"):
        player._flush()
    player.close(finish=False)
    pid = int(marker.read_text(encoding="utf-8"))
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    pytest.fail(f"the bot's child {pid} is still running")


def test_check_timeout_is_the_one_bound() -> None:
    assert check_timeout(0.5) == 0.5
    for bad in (0, -1, float("nan"), float("inf"), 1e300):
        with pytest.raises(MahjongError, match="--bot-timeout"):
            check_timeout(bad)


def test_replay_steps_through_a_tenhou_record(capsys: pytest.CaptureFixture[str]) -> None:
    # interfaces.md §5: `replay RECORD` reads ours, mjai, mjlog and tenhou.net/6 records
    mjlog = sorted((Path(__file__).parents[1] / "data" / "tenhou" / "mjlog").glob("*.mjlog"))[0]
    code, out, _ = run(capsys, "replay", "--json", str(mjlog))
    assert code == 0
    data = json.loads(out)
    assert data["identical"] is True
    assert data["hands"] > 0
    assert data["events"] > data["hands"]
    code, text, _ = run(capsys, "replay", str(mjlog))
    assert code == 0
    assert len(text.splitlines()) == data["events"]
    code, _, err = run(capsys, "replay", "--mjai", str(mjlog))
    assert code == 2
    assert "convert our own records" in err


def test_a_riichi_tenhou_game_is_named_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # our records keep the ruleset (riichi-ema) and its preset (riichi-tenhou) in the options
    path = _record(tmp_path, "riichi-tenhou", deals=1)
    code, out, _ = run(capsys, "replay", "--json", str(path))
    assert code == 0
    assert json.loads(out)["ruleset"] == "riichi-tenhou"
    code, out, _ = run(capsys, "review", str(path), "--seat", "0")
    assert code == 0
    assert "(riichi-tenhou)" in out


def test_rules_takes_jsonl_as_every_command_that_computes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # interfaces.md §5: --json and --jsonl; a bad line is answered and the batch goes on
    lines = '{"rules": "fimj"}\n{"rules": "nope"}\n{}\n{"rule": "mcr"}\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code, out, _ = run(capsys, "rules", "--jsonl")
    assert code == 0
    got = [json.loads(x) for x in out.splitlines()]
    assert [g["ok"] for g in got] == [True, False, True, False]
    assert got[0]["rules"] == "fimj"
    assert "fimj" in got[2]["rulesets"]
    assert "reads only the key 'rules', not rule" in got[3]["error"]


def test_simulate_out_refuses_a_folder_of_an_earlier_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["simulate", "--rules", "riichi-ema", "--games", "1", "--max-deals", "1", "--json"]
    code, _, _ = run(capsys, *args, "--out", str(tmp_path / "run"))
    assert code == 0
    code, _, err = run(capsys, *args, "--out", str(tmp_path / "run"))
    assert code == 2  # its records would mix with the new run's
    assert "already holds an earlier run (1 record)" in err
