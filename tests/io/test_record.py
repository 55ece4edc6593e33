"""Game records: JSON Lines round trip, replay equality, loud failures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from muraglia.engine.actions import Discard, action_from_dict
from muraglia.engine.events import EVENTS, Won, event_from_dict
from muraglia.errors import MahjongError
from muraglia.io.record import GameRecord, ReplayMismatchError, dumps, loads, replay
from muraglia.tiles import Tile
from tests.engine.helpers import play_match


@pytest.mark.parametrize("spec", ["fimj(tournament=true)", "ravenna", "seipalle(tournament=true)"])
def test_record_round_trip_replays_identically(spec: str) -> None:
    match = play_match(spec, 11, check=False)
    text = dumps(match)
    header = json.loads(text.splitlines()[0])
    assert header["ruleset"] == spec.split("(", maxsplit=1)[0]
    assert header["seed"] == 11
    again = replay(loads(text))
    assert again.events == match.events
    assert again.scores == match.scores
    assert dumps(again) == text


def test_every_event_round_trips_through_json() -> None:
    match = play_match("seipalle(tournament=true)", 4, check=False)
    kinds = set()
    for e in match.events:
        kinds.add(e.kind)
        assert event_from_dict(json.loads(json.dumps(e.to_dict()))) == e
    assert {"deal_started", "dealt", "drew", "acted", "deal_ended", "settled"} <= kinds
    assert kinds <= set(EVENTS)


def test_a_tampered_record_fails_loudly() -> None:
    match = play_match("ravenna", 2, check=False, max_deals=1)
    lines = dumps(match).splitlines()
    i = next(n for n, ln in enumerate(lines) if '"type": "drew"' in ln)
    row = json.loads(lines[i])
    row["tile"] = "1m" if row["tile"] != "1m" else "2m"
    lines[i] = json.dumps(row)
    with pytest.raises(ReplayMismatchError, match="event"):
        replay(loads("\n".join(lines)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no header"),
        ('{"type": "drew"}', "header"),
        ('{"type": "header", "ruleset": "fimj"}\n{"type": "nope"}', "line 2"),
        ('{"type": "header", "ruleset": "fimj"}\nnot json', "line 2: bad JSON"),
    ],
)
def test_bad_records_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(MahjongError, match=message):
        loads(text)


def test_actions_round_trip() -> None:
    a = Discard(2, Tile.P5, riichi=True)
    assert action_from_dict(a.to_dict()) == a
    assert a.line() == "2 discard 5p riichi"


def test_won_events_carry_the_patterns_and_old_records_still_replay() -> None:
    """A ``won`` line written before patterns existed loads and replays (no ``patterns`` key)."""
    from muraglia.engine.game import Game
    from muraglia.players import make_bot
    from muraglia.rulesets import load_ruleset

    ruleset = load_ruleset("riichi-ema")
    bots = [make_bot("efficiency", ruleset, seed=s) for s in range(4)]
    match = Game(ruleset, seed=7, max_deals=3).new_match()
    while not match.over:
        seat = match.to_act[0]
        match.apply(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    wins = [e for e in match.events if e.kind == "won"]
    assert wins
    for e in wins:
        assert e.patterns
        for pid, it, en in e.patterns:
            assert pid
            assert it
            assert en
    lines = dumps(match).splitlines()
    old = []
    for line in lines:
        row = json.loads(line)
        if row.get("type") == "won":
            del row["patterns"]
        old.append(json.dumps(row))
    again = replay(loads("\n".join(old)))
    assert again.events == match.events
    assert dumps(again) == dumps(match)  # written again with the patterns
    tampered = [json.loads(line) for line in lines]
    for row in tampered:
        if row.get("type") == "won":
            row["patterns"] = [["x", "x", "x"]]
    with pytest.raises(ReplayMismatchError, match="event"):
        replay(loads("\n".join(json.dumps(r) for r in tampered)))


def test_the_match_keeps_the_last_settlement() -> None:
    match = play_match("ravenna", 3, check=False, max_deals=2)
    s = match.last_settlement
    assert s is not None
    settled = [e for e in match.events if e.kind == "settled"][-1]
    letters = {match.deal.letter(seat): seat for seat in range(4)}
    assert sum(s.net.values()) == 0
    assert {letters[k]: v for k, v in s.net.items() if v} == {
        seat: v for seat, v in enumerate(settled.net) if v
    }


V2 = Path(__file__).resolve().parents[1] / "data" / "records-v2"


@pytest.mark.parametrize("name", ["riichi-tenhou-0.jsonl", "riichi-ema-0.jsonl"])
def test_format_2_riichi_wins_without_ura_dora_replay(name: str) -> None:
    """Records written before the won value included the ura dora (format 2) still replay;
    the same lines claimed by a format 3 record are a mismatch."""
    text = (V2 / name).read_text(encoding="utf-8")
    record = loads(text)
    assert record.header["format_version"] == 2
    wins = [e for e in record.events if isinstance(e, Won) and "riichi" in e.flags]
    match = replay(record)
    replayed = [e for e in match.events if isinstance(e, Won) and "riichi" in e.flags]
    assert any(a.value != b.value for a, b in zip(wins, replayed, strict=True))  # ura counted
    header = {**record.header, "format_version": 3}
    with pytest.raises(ReplayMismatchError, match="wins"):
        replay(GameRecord(header, record.events))


def test_records_are_written_in_format_3() -> None:
    assert json.loads(dumps(play_match("riichi-ema", 1)).splitlines()[0])["format_version"] == 3
