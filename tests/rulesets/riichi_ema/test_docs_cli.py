"""The generated reference stays in sync; the CLI contract for riichi-ema (interfaces.md §5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from muraglia.errors import MahjongError, RulesetError
from muraglia.rulesets import load_ruleset, score

DOC = Path(__file__).parents[3] / "docs" / "rulesets" / "riichi-ema.md"


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "muraglia.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_docs_in_sync() -> None:
    assert DOC.read_text() == load_ruleset("riichi-ema").reference_markdown(), (
        "regenerate: muraglia rules riichi-ema --format md > docs/rulesets/riichi-ema.md"
    )


def test_every_pattern_is_trilingual() -> None:
    for row in load_ruleset("riichi-ema").describe():
        assert all(row[lang] for lang in ("en", "it", "ja")), row["id"]
        assert row["ref"].startswith("EMA-"), row["id"]


def test_score_json() -> None:
    p = run_cli(
        "score", "234m567m345p67s22p+8s", "--rules", "riichi-ema", "--win", "ron",
        "--seat-wind", "S", "--flags", "riichi", "--dora", "1z", "--discarder", "W", "--json",
    )  # fmt: skip
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["valid_win"]
    assert (out["han"], out["fu"], out["value"]) == (3, 30, 3900)
    assert out["payments"] == {"E": 0, "S": 3900, "W": -3900, "N": 0}
    riichi = next(p for p in out["patterns"] if p["id"] == "riichi")
    assert riichi == {"id": "riichi", "en": "Riichi", "it": "Riichi", "ja": "立直", "value": 1,
            "unit": "han", "tiles": []}  # fmt: skip
    pinfu = next(p for p in out["patterns"] if p["id"] == "pinfu")
    assert [t["tiles"] for t in pinfu["tiles"]] == ["234m", "567m", "22p", "345p", "678s"]
    assert [f["fu"] for f in out["fu_breakdown"]] == [30]


def test_score_human_itemised() -> None:
    p = run_cli("score", "678m345p9p[777z][234s<]+9p", "--seat-wind", "S", "--discarder", "N")
    assert p.returncode == 0, p.stderr
    for text in ("Dragon Pung", "Pung di Drago", "役牌", "single wait", "rounded up to 30",
                 "N → S: 1000"):  # fmt: skip
        assert text in p.stdout


def test_score_jsonl_batch_goes_on() -> None:
    lines = [
        {"rules": "riichi-ema", "hand": "123p456p789p777z5p+5p", "win": "tsumo"},
        {"rules": "riichi-ema", "hand": "123p456p789p777z5p+5p", "flags": ["ippatsu"]},
        {"rules": "tenhou", "hand": "19m19p19s1234567z+1m", "seat_wind": "S"},
    ]
    p = run_cli("score", "--jsonl", stdin="\n".join(json.dumps(x) for x in lines) + "\n")
    outs = [json.loads(x) for x in p.stdout.splitlines()]
    assert [o["ok"] for o in outs] == [True, False, True]
    assert outs[0]["value"] == 18000
    assert "ippatsu" in outs[1]["error"]
    assert (outs[2]["rules"], outs[2]["value"]) == ("riichi-tenhou", 64000)


def test_score_bad_input_exit_2() -> None:
    p = run_cli("score", "234m567m345p67s22p+8s", "--flags", "yakitori")
    assert p.returncode == 2
    assert "yakitori" in p.stderr


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"flags": {"ippatsu"}}, "ippatsu needs riichi"),
        ({"win": "ron", "flags": {"replacement"}}, "replacement"),
        ({"win": "tsumo", "discarder": "W"}, "no discarder"),
        ({"discarder": "S"}, "is the winner"),
        ({"honba": -1}, "honba"),
        ({"bogus": 1}, "bogus"),
        ({"dora": "1m"}, "list of tiles"),
    ],
    ids=["ippatsu", "replacement", "tsumo-discarder", "self-discard", "honba", "key", "dora"],
)
def test_typed_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MahjongError, match=message):
        score("234m567m345p67s22p+8s", rules="riichi-ema", seat_wind="S", **kwargs)  # type: ignore[arg-type]


def test_unknown_option_and_status() -> None:
    with pytest.raises(RulesetError, match="valid: open_tanyao"):
        load_ruleset("riichi-ema(foo=1)")
    with pytest.raises(RulesetError, match="known: chombo"):
        load_ruleset("riichi-ema").settle_dict({"status": {"S": "great_lord"}})
    assert (
        load_ruleset("riichi-ema(kiriage=true)")
        .score("234m234m567p45s88s+3s", win="ron", flags={"riichi"})
        .value
        == 12000
    )


def test_settle_cli() -> None:
    data = {"rules": "riichi-ema", "tenpai": ["S"], "riichi": ["S"]}
    p = run_cli("settle", json.dumps(data), "--json")
    out = json.loads(p.stdout)
    assert out["ok"]
    assert out["net"] == {"E": -1000, "S": 2000, "W": -1000, "N": -1000, "table": 1000}
