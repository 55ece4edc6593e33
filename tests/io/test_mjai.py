"""mjai export of engine records."""

from __future__ import annotations

import json

from muraglia.io.mjai import to_mjai
from muraglia.io.record import record_of, replay
from tests.engine.helpers import play_match


def test_mjai_stream_of_a_seipalle_match() -> None:
    match = play_match("seipalle(tournament=true)", 4, check=False)
    stream = to_mjai(match.events)
    json.dumps(stream)
    kinds = [m["type"] for m in stream]
    assert kinds[0] == "start_game"
    assert kinds[-1] == "end_game"
    assert kinds.count("start_kyoku") == kinds.count("end_kyoku") == match.deals_played
    first = next(m for m in stream if m["type"] == "start_kyoku")
    assert [len(h) for h in first["tehais"]] == [13, 13, 13, 13]
    assert first["dora_marker"] is not None
    dahai = [m for m in stream if m["type"] == "dahai"]
    acted = [e for e in match.events if e.kind == "acted" and e.action.kind == "discard"]
    assert len(dahai) == len(acted)
    assert {m["pai"] for m in stream if "pai" in m} <= {
        f"{r}{s}" for s in "mps" for r in range(1, 10)
    } | set("ESWNPFC")


def test_start_kyoku_carries_the_counters_and_sticks_of_each_deal() -> None:
    # EMA-HONBA: the counters and riichi sticks on the table at each deal's start.
    match = play_match("riichi-ema", 3)
    assert len(match.counters) == match.deals_played
    assert any(h for h, _ in match.counters)  # some deal started with counters on the table
    starts = [
        m for m in to_mjai(match.events, counters=match.counters) if m["type"] == "start_kyoku"
    ]
    assert [(m["honba"], m["kyotaku"]) for m in starts] == match.counters
    assert replay(record_of(match)).counters == match.counters
    plain = [m for m in to_mjai(match.events) if m["type"] == "start_kyoku"]
    assert {(m["honba"], m["kyotaku"]) for m in plain} == {(0, 0)}
