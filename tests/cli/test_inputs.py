"""Bad input, one clear answer for every ruleset (issue #15): types, seats, tile counts, red
fives, ruleset specs, batch lines, the Python API's typed errors."""

from __future__ import annotations

import io
import json

import pytest

import muraglia
from muraglia.cli import main
from muraglia.errors import InputTypeError, InvalidHandError, MahjongError, RulesetError
from muraglia.rulesets import parse_spec

ALL = ["fimj", "riichi-ema", "riichi-tenhou", "mcr", "seipalle", "ravenna"]
WIN = "123m456p789s11122z+1z"


def run(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("rules", ALL)
def test_settle_batch_survives_hands_of_every_json_type(
    rules: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    values = ["null", "{}", "5", "[]", "true"]
    lines = [
        f'{{"rules": "{rules}", "winners": ["S"], "discarder": "W", "hands": {{"S": {v}}}}}'
        for v in values
    ]
    code, out, _ = run(["settle", "--jsonl"], capsys, monkeypatch, "\n".join(lines) + "\n")
    assert code == 0
    answers = [json.loads(x) for x in out.splitlines()]
    names = ["null", "object", "number", "array", "boolean"]
    assert [a["error"] for a in answers] == [
        f"line {n}: `hands.S` must be a hand string, got {t}" for n, t in enumerate(names, 1)
    ]


@pytest.mark.parametrize("rules", ALL)
def test_dealer_z_is_refused_everywhere(
    rules: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(["score", WIN, "-r", rules, "--dealer", "Z"], capsys, monkeypatch)
    assert code == 2
    assert "`dealer` must be a seat letter (E, S, W or N), got 'Z'" in err


@pytest.mark.parametrize("rules", [r for r in ALL if r != "fimj"])
def test_a_dealer_other_than_east_is_refused_where_seats_are_seat_winds(
    rules: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(["score", WIN, "-r", rules, "--dealer", "S", "--win", "tsumo"],
                       capsys, monkeypatch)  # fmt: skip
    assert code == 2
    assert "the dealer is always E" in err


def test_fimj_uses_the_dealer_given(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def payments(dealer: str) -> dict[str, int]:
        code, out, _ = run(["score", WIN, "-r", "fimj", "--win", "tsumo", "--seat-wind", "S",
                            "--dealer", dealer, "--json"], capsys, monkeypatch)  # fmt: skip
        assert code == 0
        result: dict[str, int] = json.loads(out)["payments"]
        return result

    assert payments("E") != payments("W")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "123m456p789s77722z+2z", "--dora", "7z,7z"], "hold 5 copies of '7z'"),
        (["score", WIN, "--dora", "1m,1m,1m,1m,1m,1m"], "`dora` holds 6 indicators"),
        (["score", WIN, "--dora", "1m", "--ura", "1m,1m,1m"], "hold 5 copies of '1m'"),
        (["score", WIN, "--dora", "1f"], "'1f' is a flower or season"),
        (["score", WIN, "-r", "mcr", "--dora", "1m", "--ura", "4f"], "'4f' is a flower or season"),
        (["score", "000m456p789s11122z+1z"], "3 red fives 0m in the hand"),
        (["score", "0m5m5m456p789s11122z+1z", "-r", "fimj"], "without red fives"),
        (["analyze", "0m234m123p456s11z2z", "-r", "fimj"], "without red fives"),
        (["analyze", "000m234m123p456s11z", "-r", "ema"], "3 red fives 0m"),
        (["analyze", "7777m123p456s11z2z", "--visible", "7m"], "hold 5 copies of '7m'"),
        (
            ["analyze", "123m456p789s1122z", "-r", "ema", "--visible", "0m0m"],
            "2 red fives 0m in the hand and the visible tiles",
        ),
        (
            ["analyze", "0m34m456p789s1122z", "-r", "ema", "--visible", "0m"],
            "2 red fives 0m in the hand and the visible tiles",
        ),
        (["analyze", "123m456p789s1122z", "-r", "fimj", "--visible", "0p"], "without red fives"),
        (
            ["score", "0m34m456p789s11122z+1z", "--dora", "0m"],
            "2 red fives 0m in the hand and the dora indicators",
        ),
        (["score", WIN, "--honba", "-1"], "`honba` must be a non-negative integer, got -1"),
        (["score", "1m+1m"], "2 tiles with a winning tile"),
        (["analyze", "1m"], "1 tile (need 13 or 14"),
        (["analyze", "1m" * 50_000], "(100000 characters)"),
    ],
)
def test_counts_and_messages(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1
    assert len(err) < 400


def test_score_jsonl_defaults_are_the_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, single, _ = run(["score", WIN, "--json"], capsys, monkeypatch)
    assert code == 0
    code, batch, _ = run(["score", "--jsonl"], capsys, monkeypatch, json.dumps({"hand": WIN}))
    assert code == 0
    assert json.loads(batch) == json.loads(single)
    code, batch, _ = run(["score", "-r", "fimj", "--win", "tsumo", "--jsonl"], capsys, monkeypatch,
                         json.dumps({"hand": WIN}) + "\n\n")  # fmt: skip
    first, blank = (json.loads(x) for x in batch.splitlines())
    assert first["rules"] == "fimj"
    assert blank == {"ok": False, "error": "line 2: blank line (expected a JSON object)"}


@pytest.mark.parametrize("rules", ALL)
def test_score_jsonl_names_a_flower_indicator(
    rules: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A flower as a dora indicator was an internal IndexError in every ruleset."""
    line = json.dumps({"hand": WIN, "dora": ["1f"]})
    code, out, _ = run(["score", "-r", rules, "--jsonl"], capsys, monkeypatch, line + "\n")
    assert code == 0
    assert json.loads(out) == {
        "ok": False,
        "error": "line 1: '1f' is a flower or season: it cannot be one of the dora indicators",
    }
    with pytest.raises(InvalidHandError, match="'2f' is a flower or season"):
        muraglia.score(WIN, rules=rules, dora=["1m"], ura=["2f"])


def test_a_hand_with_jsonl_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for argv in (
        ["score", WIN, "--jsonl"],
        ["analyze", "123m", "--jsonl"],
        ["settle", "{}", "--jsonl"],
    ):
        code, out, err = run(argv, capsys, monkeypatch, "{}\n")
        assert code == 2
        assert out == ""
        assert "not both" in err


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("fimj(limit=1)(x)", "unexpected '(' after ')' at position 13"),
        ("fimj(limit=1,limit=2)", "option 'limit' given twice"),
        ("fimj(limit=2000", "missing ')'"),
        ("fimj(=3)", "expected an option name at position 5"),
        ("fimj(a=[1,2)", "expected ',' or ']' in the list of 'a'"),
        ("riichi-ema(uma=[1,2])", "uma must have 4 values"),
        ("(fimj)", "expected a ruleset id first"),
    ],
)
def test_malformed_specs(spec: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("[", r"\[").replace("]", r"\]")):  # fmt: skip
        muraglia.load_ruleset(spec)


def test_lists_set_list_options() -> None:
    assert parse_spec("ema( uma = [20000, 10000,-10000, -20000] )") == (
        "riichi-ema",
        {"uma": "20000,10000,-10000,-20000"},
    )
    rs = muraglia.load_ruleset("riichi-ema(uma=[15000,5000,-5000,-15000])")
    assert rs.uma == (15000, 5000, -5000, -15000)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: muraglia.shanten(None), "`hand` must be a hand string or a Hand, got null"),
        (lambda: muraglia.waits(5), "got number"),
        (lambda: muraglia.analyze([]), "got array"),
        (lambda: muraglia.score(WIN, rules=None), "`rules` must be"),
        (lambda: muraglia.score(WIN, flags=None), "`flags` must be a list of flags, got null"),
        (lambda: muraglia.score(WIN, dora=5), "`dora` must be a list of tiles, got number"),
        (lambda: muraglia.score(WIN, dora="1m"), "`dora` must be a list of tiles, got string"),
        (lambda: muraglia.analyze("123m456p789s1122z", visible=[None] * 34), "34"),
        (lambda: muraglia.shanten("123m456p789s1122z", rules=3), "`rules` must be"),
    ],
)
def test_python_api_raises_typed_errors(call: object, message: str) -> None:
    with pytest.raises(InputTypeError) as info:
        call()  # type: ignore[operator]
    assert message in str(info.value)
    assert isinstance(info.value, MahjongError)
    assert isinstance(info.value, TypeError)


def test_python_api_checks_counts() -> None:
    with pytest.raises(InvalidHandError, match="5 copies of '7z'"):
        muraglia.score("123m456p789s77722z+2z", dora=["7z", "7z"])


def test_dir_shows_the_public_api() -> None:
    assert dir(muraglia) == sorted(muraglia.__all__)
    assert "Sequence" not in dir(muraglia)
    assert "analysis" not in dir(muraglia)
