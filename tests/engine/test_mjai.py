"""mjai export of engine records."""

from __future__ import annotations

import json

from muraglia.engine.mjai import to_mjai
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
