"""``muraglia score`` / ``settle`` / ``rules`` for the Italian rulesets (fimj, ravenna, seipalle).

The contract (interfaces.md §5): a bad single input prints one line on stderr and exits 2; a bad
``--jsonl`` line gives ``{"ok": false, "error": ...}`` and the batch goes on; explanations are in
Italian and English.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from muraglia.cli import main

DOCS = Path(__file__).parents[2] / "docs" / "rulesets"

# FIMJ-TV-5: South wins 136 on West's discard; East 16, West 0, North 8.
FIMJ_HANDS = {
    "E": "999s 999p 5m 67m 678s 1z",
    "S": "678p33p [555s] 777z [234m] 2f +6p",
    "W": "123456789m 1234z",
    "N": "888m 222s 345p 6s 19p 3z",
}
# RAV-TV-12 as a whole deal: South wins 48 on West's discard.
RAVENNA_HANDS = {
    "E": "999p23m67s [555z>] [222m<]",
    "S": "123s456s789s2z [333s>] +2z",
    "W": "13579m2468p1589s",
    "N": "4444m777z13m56p9m9p",
}
# SEI-TV-1: closed all chows with riichi and one dora, won on West's discard.
SEIPALLE_HANDS = {"S": "123m678m456p67s22s +8s"}

DEALS = {
    "fimj": {"rules": "fimj", "winners": ["S"], "discarder": "W", "hands": FIMJ_HANDS},
    "ravenna": {"rules": "ravenna", "winners": ["S"], "discarder": "W", "hands": RAVENNA_HANDS},
    "seipalle": {
        "rules": "seipalle",
        "winners": ["S"],
        "discarder": "W",
        "hands": SEIPALLE_HANDS,
        "flags": {"S": ["riichi"]},
    },
}
NETS = {
    "fimj": {"E": -220, "S": 550, "W": -180, "N": -150},
    "ravenna": {"E": -80, "S": 200, "W": -160, "N": 40},
    "seipalle": {"E": 0, "S": 480, "W": -480, "N": 0},
}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("rules", list(DEALS))
def test_settle_json(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["settle", json.dumps(DEALS[rules]), "--json"], capsys)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["ok"] is True
    assert result["net"] == NETS[rules]
    assert sum(result["net"].values()) == 0
    assert set(result["explanation"]) == {"it", "en"}
    assert len(result["explanation"]["it"]) == len(result["explanation"]["en"])


def _with(ruleset: str, **changes: object) -> dict:
    deal = json.loads(json.dumps(DEALS[ruleset]))
    for key, value in changes.items():
        if key.startswith("hand_"):
            deal["hands"][key[5:]] = value
        else:
            deal[key] = value
    return deal


BAD_DEALS = [
    # two winners, no discarder on a claimed tile (FIMJ-PLAY-7, RAV-END-2, SEI-PAY-6)
    *[(r, _with(r, winners=["S", "W"], discarder=None), "no discarder") for r in DEALS],
    # a loser listed as winner: the discarder who paid the Mah-Jong
    *[(r, _with(r, winners=["S", "W"]), "'W' discarded the winning tile") for r in DEALS],
    # a hand with 15 tiles
    ("fimj", _with("fimj", hand_N="888m 222s 345p 6s 19p 3z 55s"), "15 tiles"),
    ("ravenna", _with("ravenna", hand_W="13579m2468p1589s99p"), "15 tiles"),
    ("seipalle", _with("seipalle", hand_N="123m456p789s1122z55p"), "15 tiles"),
    ("seipalle", _with("seipalle", hand_S="123m678m456p678s22s4m +8s"), "16 tiles, needs 14"),
    # a non-winner with a winning tile: a loser written as a winner
    ("fimj", _with("fimj", hand_W="123456789m 123z +4z"), "not among the winners"),
    ("ravenna", _with("ravenna", hand_W="13579m2468p158s +9s"), "not among the winners"),
    # unknown statuses
    ("fimj", _with("fimj", status={"W": "drunk"}), "unknown fimj status 'drunk'"),
    ("ravenna", _with("ravenna", status={"W": "drunk"}), "unknown ravenna status 'drunk'"),
    ("seipalle", _with("seipalle", status={"W": "drunk"}), "unknown seipalle status 'drunk'"),
    # a penalised player listed as winner
    ("fimj", _with("fimj", status={"S": "great_lord"}), "penalised"),
    ("ravenna", _with("ravenna", status={"S": "wrong_draw"}), "penalised"),
    # malformed fields
    ("fimj", _with("fimj", winners="S"), "`winners` must be a list"),
    ("ravenna", _with("ravenna", hands=["S"]), "`hands` must be an object"),
    (
        "seipalle",
        _with("seipalle", discarder="X"),
        "`discarder` must be a seat letter (E, S, W or N)",
    ),
    ("fimj", _with("fimj", rules="fimj(limit=7)"), "limit"),
    ("ravenna", _with("ravenna", rules="ravenna(colour=1)"), "unknown option 'colour' for ravenna"),
]


@pytest.mark.parametrize(
    ("rules", "deal", "message"),
    BAD_DEALS,
    ids=[f"{r}-{m}" for r, _, m in BAD_DEALS],
)
def test_settle_rejects_inconsistent_deal(
    rules: str, deal: dict, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["settle", json.dumps(deal)], capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1  # one line, no traceback
    assert err.startswith("muraglia settle: error: ")
    assert message in err


def test_settle_jsonl_batch_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        json.dumps(DEALS["fimj"]),
        "{not json",
        json.dumps(_with("fimj", winners=["S", "W"], discarder=None)),
        json.dumps(_with("ravenna", status={"E": "bogus"})),
        "[1, 2]",
        json.dumps(DEALS["ravenna"]),
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, err = run(["settle", "--jsonl"], capsys)
    assert (code, err) == (0, "")
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["ok"] for r in results] == [True, False, False, False, False, True]
    assert "invalid JSON" in results[1]["error"]
    assert "no discarder" in results[2]["error"]
    assert "unknown ravenna status 'bogus'" in results[3]["error"]
    assert "JSON object" in results[4]["error"]
    assert results[5]["net"] == NETS["ravenna"]


def test_score_jsonl_batch_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [
        {"rules": "fimj", "hand": FIMJ_HANDS["S"], "win": "ron", "seat_wind": "S"},
        {"rules": "fimj", "hand": "234m 567m 345s 678p 59s +5s", "win": "ron"},
        {"rules": "ravenna", "hand": RAVENNA_HANDS["S"], "win": "ron", "seat_wind": "S"},
        {"rules": "seipalle", "hand": "123m678m456p67s22s 1f +8s", "win": "tsumo"},
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(json.dumps(x) for x in lines)))
    code, out, _ = run(["score", "--jsonl"], capsys)
    assert code == 0
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["ok"] for r in results] == [True, False, True, False]
    assert results[0]["value"] == 136
    assert "not a complete FIMJ hand" in results[1]["error"]
    assert results[2]["value"] == 48
    assert "no flowers" in results[3]["error"]


@pytest.mark.parametrize(
    ("argv", "value", "it_line", "en_line"),
    [
        # FIMJ-TV-5: each set with its points, each double, base, East's payment.
        (
            ["-r", "fimj", FIMJ_HANDS["S"], "--win", "ron", "--seat-wind", "S"],
            136,
            "tris di draghi (FIMJ-DBL-F05, fondamentale): 1 raddoppio",
            "Base: 34 × 2^2 = 136",
        ),
        # FIMJ-TV-6 with the limit as an option: 66 × 32 = 2112, capped at 2000.
        (
            ["-r", "fimj(limit=2000)", "(1111z) [666z] 999p 123p 55z +3p", "--win", "ron"],
            2000,
            "Limite 2000: 2000",
            "Limit 2000: 2000",
        ),
        # RAV-TV-12.
        (
            ["-r", "ravenna", RAVENNA_HANDS["S"], "--win", "ron", "--seat-wind", "S"],
            48,
            "Est (paga doppio) paga 100",
            "24 points × 2^1 → 48",
        ),
        # SEI-TV-1.
        (
            [
                "-r",
                "seipalle",
                SEIPALLE_HANDS["S"],
                "--win",
                "ron",
                "--seat-wind",
                "S",
                "--discarder",
                "W",
                "--flags",
                "riichi",
                "--dora",
                "4p",
            ],
            240,
            "Ovest paga 960",
            "30 points × 2^3 → 240",
        ),
    ],
)
def test_score_explains_in_italian_and_english(
    argv: list[str], value: int, it_line: str, en_line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["score", *argv, "--json"], capsys)
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["value"] == value
    assert it_line in result["explanation"]["it"]
    assert en_line in result["explanation"]["en"]
    code, human, _ = run(["score", *argv], capsys)  # human output shows both languages
    assert code == 0
    assert f"[it] {it_line}" in human
    assert f"[en] {en_line}" in human


def test_settle_human_output_is_bilingual(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["settle", json.dumps(DEALS["fimj"])], capsys)
    assert code == 0
    assert "[it] Est paga a Sud 270 (Mah-Jong: 136 × 2 = 272 → 270)" in out
    assert "[en] East pays South 270 (Mah-Jong: 136 × 2 = 272 → 270)" in out


@pytest.mark.parametrize("rules", ["fimj", "ravenna", "seipalle"])
def test_rules_command(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", rules, "--json"], capsys)
    assert code == 0
    rows = json.loads(out)["patterns"]
    assert all(row["it"] and row["en"] and row["ref"] for row in rows)
    code, md, _ = run(["rules", rules, "--format", "md"], capsys)
    assert code == 0
    assert md == (DOCS / f"{rules}.md").read_text(encoding="utf-8")


def test_rules_command_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["rules", "fimj(colour=1)"], capsys)
    assert (code, out) == (2, "")
    assert "unknown option 'colour' for fimj; valid: limit" in err


@pytest.mark.parametrize("rid", ["fimj", "ravenna", "seipalle"])
def test_rules_json_lists_the_accepted_inputs(rid: str, capsys: pytest.CaptureFixture[str]) -> None:
    # issue 14: one declaration per ruleset, shown by `muraglia rules ID`
    assert main(["rules", rid, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    inputs = out["inputs"]
    assert set(inputs) >= {"flags", "statuses", "chow_sources", "score_keys", "settle_keys"}
    assert ("robbing_kong" in inputs["flags"]) is (rid != "ravenna")
    assert inputs["chow_sources"] == ([] if rid == "ravenna" else ["<", ""])


def test_refused_input_exits_2_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    # issue 14: "a flag ... a ruleset does not know or does not allow ... is an error"
    code = main(["score", "-r", "ravenna", "123m456p11z23m [789s<] +4m", "--win", "ron"])
    assert code == 2
    assert "RAV-PLAY-3" in capsys.readouterr().err
    code = main(["score", "-r", "seipalle", "234m567m678p11z46s+5s", "--ura", "3m"])
    assert code == 2
    assert "'ura'" in capsys.readouterr().err
