"""Game records: JSON Lines round trip, replay equality, loud failures."""

from __future__ import annotations

import json

import pytest

from muraglia.engine.actions import Discard, action_from_dict
from muraglia.engine.events import EVENTS, event_from_dict
from muraglia.engine.record import ReplayMismatchError, dumps, loads, replay
from muraglia.errors import MahjongError
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
