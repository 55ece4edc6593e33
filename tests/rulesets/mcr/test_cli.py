"""`muraglia score --rules mcr`, `--jsonl` and `muraglia rules mcr` (interfaces.md §5)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from muraglia.cli import main


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        code = main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def test_score_json() -> None:  # MCR-TV-22
    code, out, _ = run(
        ["score", "--rules", "mcr", "12345678p234s55m+9p", "--win", "tsumo", "--seat-wind", "S",
         "--json"]
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["ok"]
    assert data["valid_win"]
    assert data["rules"] == "mcr"
    assert data["fan"] == data["value"] == 22
    assert data["flowers"] == 0
    assert data["payments"] == {"E": -30, "S": 90, "W": -30, "N": -30}
    assert {p["id"] for p in data["patterns"]} == {"pure_straight", "all_chows",
                                                   "fully_concealed_hand"}  # fmt: skip
    first = data["patterns"][0]
    assert {"en", "it", "zh", "number", "value"} <= set(first)
    assert data["explanation"]["it"]
    assert data["explanation"]["en"]


def test_score_jsonl_batch() -> None:
    lines = "\n".join(
        json.dumps(x)
        for x in (
            {"rules": "mcr", "hand": "2222m44p66p33s77s8s+8s", "discarder": "W"},
            {"rules": "mcr", "hand": "123m+9z"},
            {"rules": "mcr(edition=2006)", "hand": "123s789s5m(1111p)(9999p)+5m", "win": "tsumo"},
        )
    )
    code, out, _ = run(["score", "--jsonl"], lines + "\n")
    assert code == 0
    results = [json.loads(x) for x in out.splitlines()]
    assert results[0]["fan"] == 28
    assert results[0]["payments"]["W"] == -36
    assert results[1]["ok"] is False
    assert results[2]["fan"] == 17  # Two Concealed Kongs worth 8 in 2006


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "--rules", "mcr", "12345678p234s55m+9p", "--flags", "riichi"],
        ["score", "--rules", "mcr", "12345678p234s55m+9p", "--dora", "1m"],
        ["score", "--rules", "mcr", "12345678p234s55m+9p", "--win", "none"],
        ["score", "--rules", "mcr(edition=2001)", "12345678p234s55m+9p"],
        ["score", "--rules", "mcr", "12345678p234s05m+9p"],  # no red fives
    ],
)
def test_bad_input_exit_2(argv: list[str]) -> None:
    code, _, err = run(argv)
    assert code == 2
    assert err.startswith("muraglia score: error:")
    assert len(err.strip().splitlines()) == 1


def test_human_output_itemises_fans_and_payments() -> None:
    code, out, _ = run(["score", "--rules", "mcr", "123s789s234m57m55s+6m", "--discarder", "S"])
    assert code == 0
    assert "Two Terminal Chows" in out
    assert "Due Scale Laterali di Colore" in out
    assert "老少副" in out
    assert "S pays 16" in out
    assert "S paga 16" in out


def test_rules_listing() -> None:
    code, out, _ = run(["rules", "mcr", "--json"])
    assert code == 0
    rows = json.loads(out)["patterns"]
    assert len(rows) == 81
    assert [r["number"] for r in rows] == list(range(1, 82))
    assert all(r["zh"] and r["it"] and r["en"] for r in rows)
    code, out, _ = run(["rules", "mcr(edition=2006)", "--json"])
    rows = {r["id"]: r for r in json.loads(out)["patterns"]}
    assert rows["two_concealed_kongs"]["points"] == 8
