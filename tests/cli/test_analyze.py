"""``muraglia analyze`` in-process: human, --json, --jsonl, errors."""

from __future__ import annotations

import io
import json

import pytest

from muraglia.cli import main


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints the interfaces.md object."""
    assert main(["analyze", "123m456p789s1122z", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True
    assert out["hand"] == "123m456p789s1122z"
    assert (out["shanten"], out["waits"], out["ukeire"]) == (0, ["1z", "2z"], 4)


def test_json_fourteen_tiles_has_discards(capsys: pytest.CaptureFixture[str]) -> None:
    """A 14-tile hand lists its discards, best first."""
    assert main(["analyze", "1112345678999m5p", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["discards"][0]["discard"] == "5p"
    assert out["discards"][0]["ukeire"] == 23


def test_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The human form shows Unicode tiles, shanten, waits and their kinds."""
    assert main(["analyze", "123m456p789s1122z"]) == 0
    out = capsys.readouterr().out
    assert "\U0001f007" in out  # 1m
    assert "shanten 0" in out
    assert "dual_pung" in out


def test_visible_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """--visible removes seen copies; --rules uses the ruleset's shapes."""
    assert main(["analyze", "123m456p789s1122z", "--visible", "1z1z", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["useful"] == {"1z": 0, "2z": 2}
    assert main(["analyze", "12345678p12347z", "--rules", "fimj", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["waits"] == ["9p"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        pytest.param(["analyze", "123m45"], "digits without a suit", id="notation"),
        pytest.param(["analyze", "11111m2345678p9s"], "5 copies of '1m'", id="fifth-copy"),
        pytest.param(["analyze", "123m"], "3 tiles", id="size"),
        pytest.param(
            ["analyze", "123m456p789s1122z", "--rules", "nope"], "unknown ruleset", id="rules"
        ),
        pytest.param(
            ["analyze", "123m456p789s1122z", "--visible", "1z1z1z1z1z"], "5 copies", id="visible"
        ),
        pytest.param(["analyze"], "a hand is required", id="missing"),
    ],
)
def test_bad_input_one_line_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad input: one line on stderr naming the problem, exit code 2, no traceback."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_jsonl_batch_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--jsonl answers each line in order; bad lines give ok=false and the batch goes on."""
    lines = [
        {"hand": "19m19p19s1234567z"},
        {"hand": "12x"},
        "not json",
        {"hand": "147m258p369s1234z", "rules": "fimj"},
        {"nohand": 1},
    ]
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["analyze", "--jsonl"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o["ok"] for o in out] == [True, False, False, True, False]
    assert len(out[0]["waits"]) == 13
    assert "unknown character 'x'" in out[1]["error"]
    assert "invalid JSON" in out[2]["error"]
    assert out[4]["error"] == 'line 5: missing key "hand"'
