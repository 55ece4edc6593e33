"""mjai import (issue 16): our export and Mortal-style logs replayed through the engine.

Round trip: our game -> :func:`to_mjai` -> :func:`parse_mjai` -> ``check_record``: every
deal replays with the recorded draws, calls, riichi, indicators, winners and score changes.
Mortal's simulator writes the score changes on ``hora``/``ryukyoku`` (``deltas``), no draw
reason and no extension keys; such logs replay under ``riichi-tenhou``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from muraglia.cli import main
from muraglia.engine.match import MatchState
from muraglia.errors import MahjongError
from muraglia.io.mjai import mjai_of, parse_mjai
from muraglia.io.tenhou_replay import HandCheck, check_record, check_records
from tests.engine.test_fuzz_flows import play


def _stream(match: MatchState) -> list[dict[str, Any]]:
    return mjai_of(match)


def _text(stream: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(m, ensure_ascii=False) for m in stream) + "\n"


def _problems(text: str, name: str = "game.mjson") -> list[str]:
    out = []
    for c in check_record(parse_mjai(text, name)):
        if not isinstance(c, HandCheck):
            out.append(str(c))
        elif not c.matched:
            out.append(json.dumps(c.to_dict())[:300])
    return out


@pytest.mark.parametrize("spec", ["riichi-tenhou", "riichi-ema"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_our_game_round_trips_through_mjai(spec: str, seed: int) -> None:
    match = play(spec, seed, Counter())
    text = _text(_stream(match))
    record = parse_mjai(text, "ours.mjson")
    assert len(record.rounds) == match.deals_played
    assert record.complete
    assert not _problems(text)


def test_a_double_ron_repeating_the_ura_markers_reads_once() -> None:
    """Each hora of a double ron names the same ura indicators (riichi-ema seed 52, E4-3:
    found by bench/soak_records.py): they are one set of tiles, not two."""
    match = play("riichi-ema", 52, Counter())
    text = _text(_stream(match))
    assert sum('"ura_markers"' in line for line in text.splitlines()) >= 2
    assert not _problems(text)


def _mortal(stream: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Our stream as Mortal's simulator writes it: deltas on the result, no extensions."""
    out: list[dict[str, Any]] = []
    before: list[int] = []
    riichi: set[int] = set()
    result_at = -1
    for message in stream:
        m = dict(message)
        kind = m["type"]
        if kind == "start_game":
            m.pop("muraglia", None)
        elif kind == "start_kyoku":
            before, riichi = list(m["scores"]), set()
        elif kind == "reach_accepted":
            riichi.add(m["actor"])
        elif kind in ("hora", "ryukyoku"):
            m.pop("reason", None)
            if result_at < 0:
                result_at = len(out)
            m["deltas"] = [0, 0, 0, 0]
        elif kind == "end_kyoku":
            after = m.pop("scores")
            m.pop("deltas")
            out[result_at]["deltas"] = [
                after[s] - before[s] + (1000 if s in riichi else 0) for s in range(4)
            ]
            result_at = -1
        out.append(m)
    return out


@pytest.mark.parametrize("seed", [0, 2, 4])
def test_a_mortal_style_log_replays(seed: int) -> None:
    match = play("riichi-tenhou", seed, Counter())
    mortal = _mortal(_stream(match))
    assert all("muraglia" not in m and "reason" not in m for m in mortal)
    assert not _problems(_text(mortal), "mortal.json")


def test_an_altered_delta_is_a_mismatch() -> None:
    match = play("riichi-tenhou", 0, Counter())
    mortal = _mortal(_stream(match))
    first = next(m for m in mortal if m["type"] in ("hora", "ryukyoku"))
    first["deltas"] = [
        d + (100 if i == 0 else -100 if i == 1 else 0) for i, d in enumerate(first["deltas"])
    ]
    checks = check_record(parse_mjai(_text(mortal), "altered.json"))
    bad = [c for c in checks if isinstance(c, HandCheck) and not c.matched]
    assert len(bad) == 1
    assert bad[0].expected["deltas"] != bad[0].got["deltas"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda lines: [*lines[:3], "{oops", *lines[3:]], "line 4: invalid JSON"),
        (lambda lines: [lines[0], lines[2], *lines[1:]], "line 2: 'tsumo' outside a kyoku"),
        (
            lambda lines: [*lines[:2], lines[2].replace('"actor": 0', '"actor": 9'), *lines[3:]],
            "line 3",
        ),
        (
            lambda lines: [lines[0], lines[1].replace('"tehais"', '"hands"'), *lines[2:]],
            "line 2: missing field 'tehais'",
        ),
        (lambda lines: [lines[0], lines[1].replace('"E"', '"?"', 1), *lines[2:]], "line 2"),
    ],
    ids=["bad-json", "out-of-place", "bad-seat", "missing-field", "hidden-tile"],
)
def test_errors_name_file_line_and_round(edit: Any, message: str) -> None:
    match = play("riichi-tenhou", 0, Counter())
    lines = _text(_stream(match)).splitlines()
    with pytest.raises(MahjongError, match=message) as info:
        parse_mjai("\n".join(edit(lines)), "broken.mjson")
    assert str(info.value).startswith("broken.mjson: line ")


def test_replay_check_reads_mjai_and_goes_on_after_a_bad_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = play("riichi-tenhou", 0, Counter())
    text = _text(_stream(match))
    (tmp_path / "good.mjson").write_text(text, encoding="utf-8")
    cut = text.splitlines()
    (tmp_path / "bad.mjson").write_text("\n".join([*cut[:5], "{", *cut[5:]]), encoding="utf-8")
    assert main(["replay", "--check", "--json", str(tmp_path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["records"] == 1
    assert out["hands"] == out["matched"] == match.deals_played
    assert [Path(m["record"]).name for m in out["errors"]] == ["bad.mjson"]
    assert "line 6" in out["errors"][0]["error"]
    report = check_records([tmp_path / "good.mjson"])
    assert report.ok


def test_replay_exports_mjai_and_tenhou6_that_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from muraglia.io.record import dumps

    match = play("riichi-tenhou", 2, Counter())
    record = tmp_path / "game.jsonl"
    record.write_text(dumps(match), encoding="utf-8")
    assert main(["replay", "--mjai", str(record)]) == 0
    (tmp_path / "game.mjson").write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["replay", "--tenhou6", str(record)]) == 0
    (tmp_path / "game.json").write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["replay", "--check", "--json", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["records"] == 3
    assert out["hands"] == out["matched"] == 3 * match.deals_played
