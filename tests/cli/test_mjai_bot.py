"""``muraglia mjai-bot``: a scripted mjai kyoku, every answer checked against the table."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from muraglia.analysis.shanten import shanten_all
from muraglia.cli import main
from muraglia.cli.mjai_bot import MjaiPlayer, from_mjai, serve
from muraglia.errors import MahjongError

HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "2s", "E", "E", "P", "C"]
"""Seat 0's start: two shapes short of ready (riichi reachable)."""
DRAWS = ["9s", "N", "P", "3s", "W", "F", "9m", "S", "1p", "9p", "5m", "2p"]
"""Seat 0's draws, in order."""
DORA = "4p"


def _others() -> list[str]:
    """What seats 1-3 discard in turn: pon and chi chances for seat 0 first, then tiles
    nobody else holds (a stream a real table could send: no tile more than four times)."""
    first = ["9m", "E", "4s", "1s", "N", "W", "S", "9p", "3m", "7p", "8m"]
    used = counts([*HAND, *DRAWS, DORA, *first])
    copies = [3 if k in (4, 13, 22) else 4 for k in range(34)]  # plain fives: one is red
    rest = [from_mjai_name(k) for k in range(34) for _ in range(max(0, copies[k] - used[k]))]
    return first + rest


def from_mjai_name(kind: int) -> str:
    from muraglia.io.mjai import mjai_tile
    from muraglia.tiles import Tile

    return mjai_tile(Tile(kind))


def counts(tiles: list[str]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[from_mjai(t)] += 1
    return c


def drive(bot: str, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Play one kyoku against the bot in seat 0 (the dealer), the table's turns in order;
    return (message, answer) pairs, checking each."""
    p = MjaiPlayer("riichi-ema", bot, seed)
    hand = list(HAND)
    melds = 0
    riichi = False
    own_discards: list[str] = []
    log: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def send(msg: dict[str, Any]) -> dict[str, Any]:
        ans = p.answer(msg)
        log.append((msg, ans))
        return ans

    def discard(ans: dict[str, Any], drawn: str | None) -> None:
        nonlocal riichi
        reached = ans["type"] == "reach"
        if reached:
            assert melds == 0
            assert not riichi
            ans = send({"type": "reach", "actor": 0})
            assert ans["type"] == "dahai"
            riichi = True
            rest = list(hand)
            rest.remove(ans["pai"])
            assert shanten_all(counts(rest), melds) == 0  # ready after the riichi discard
        assert ans["type"] == "dahai"
        assert ans["actor"] == 0
        assert ans["pai"] in hand
        if riichi and drawn is not None and log[-1][0]["type"] == "tsumo":
            assert ans["pai"] == drawn  # in riichi: the drawn tile goes
        hand.remove(ans["pai"])
        own_discards.append(ans["pai"])
        send({"type": "dahai", "actor": 0, "pai": ans["pai"], "tsumogiri": ans["tsumogiri"]})
        if reached:
            send({"type": "reach_accepted", "actor": 0, "scores": [24000, 25000, 25000, 25000]})

    assert send({"type": "start_game", "id": 0, "names": ["a", "b", "c", "d"]}) == {"type": "none"}
    start = {
        "type": "start_kyoku",
        "bakaze": "E",
        "kyoku": 1,
        "honba": 0,
        "kyotaku": 0,
        "oya": 0,
        "dora_marker": DORA,
        "tehais": [HAND, ["?"] * 13, ["?"] * 13, ["?"] * 13],
    }
    assert send(start) == {"type": "none"}
    others = iter(_others())
    draws = iter(DRAWS)
    turn = 0
    while True:
        if turn == 0:
            draw = next(draws, None)
            if draw is None:
                break
            hand.append(draw)
            ans = send({"type": "tsumo", "actor": 0, "pai": draw})
            if ans["type"] == "hora":
                assert shanten_all(counts(hand), melds) < 0
                return log
            discard(ans, draw)
            turn = 1
            continue
        actor = turn
        assert send({"type": "tsumo", "actor": actor, "pai": "?"}) == {"type": "none"}
        tile = next(others)
        ans = send({"type": "dahai", "actor": actor, "pai": tile, "tsumogiri": True})
        turn = (turn + 1) % 4
        kind = ans["type"]
        assert kind in ("none", "pon", "chi", "hora", "daiminkan")
        if kind == "hora":
            assert shanten_all(counts([*hand, tile]), melds) < 0
            assert tile not in own_discards  # EMA-FURI
            return log
        if kind == "none":
            continue
        assert not riichi
        assert ans["target"] == actor
        assert ans["pai"] == tile
        if kind == "chi":
            assert actor == 3  # only from the left
            run = sorted(from_mjai(t) for t in [tile, *ans["consumed"]])
            assert run[0] + 1 == run[1]
            assert run[1] + 1 == run[2]
            assert run[0] // 9 == run[2] // 9
        elif kind == "pon":
            assert ans["consumed"] == [tile, tile]
        else:
            return log  # a kong: the kyoku goes on with a replacement draw (not scripted)
        for t in ans["consumed"]:
            hand.remove(t)
        melds += 1
        ans = send({"type": kind, "actor": 0, "target": actor, "pai": tile, **ans})
        assert ans["pai"] != tile  # kuikae
        discard(ans, None)
        turn = 1
    send({"type": "ryukyoku", "reason": "fanpai", "scores": [25000] * 4})
    send({"type": "end_kyoku"})
    assert send({"type": "end_game"}) == {"type": "none"}
    return log


@pytest.mark.parametrize("bot", ["efficiency", "defensive", "expert", "random"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_answer_is_legal(bot: str, seed: int) -> None:
    log = drive(bot, seed)
    assert sum(1 for _, a in log if a["type"] == "dahai") >= 3


def test_the_efficiency_bot_calls_the_dragon_and_discards() -> None:
    """The 5z (P) pair: a yakuhai pon keeps a yaku (EMA-WIN-2)."""
    kinds = [a["type"] for _, a in drive("efficiency", 0)]
    assert "pon" in kinds


def test_serve_writes_one_line_per_message() -> None:
    lines = [
        json.dumps({"type": "start_game", "id": 2}),
        "",
        json.dumps({"type": "end_game"}),
    ]
    out = io.StringIO()
    serve(MjaiPlayer("riichi-ema"), lines, out)
    assert out.getvalue().splitlines() == ['{"type":"none"}', '{"type":"none"}']


def test_a_line_may_hold_a_batch_of_messages() -> None:
    batch = [
        {"type": "start_game", "id": 0},
        {
            "type": "start_kyoku",
            "bakaze": "E",
            "oya": 0,
            "dora_marker": "1s",
            "tehais": [HAND, ["?"] * 13, ["?"] * 13, ["?"] * 13],
        },
        {"type": "tsumo", "actor": 0, "pai": "9s"},
    ]
    out = io.StringIO()
    serve(MjaiPlayer("riichi-ema"), [json.dumps(batch)], out)
    reply = json.loads(out.getvalue())
    assert reply["type"] == "dahai"
    assert reply["pai"] in [*HAND, "9s"]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("not json", "not JSON"),
        ('{"pai": "1m"}', "without a type"),
        ('[{"type": "start_game", "id": 0}, 3]', "without a type"),
        ('{"type": "dora"}', "dora"),
    ],
    ids=["not-json", "no-type", "batch-item-no-type", "missing-field"],
)
def test_bad_lines_are_typed_errors(line: str, error: str) -> None:
    with pytest.raises(MahjongError, match=error):
        serve(MjaiPlayer("riichi-ema"), [line], io.StringIO())


def test_bad_tile_is_a_typed_error() -> None:
    with pytest.raises(MahjongError, match="unknown mjai tile '0m'"):
        from_mjai("0m")


def test_cli_refuses_other_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mjai-bot", "--rules", "mcr"]) == 2
    assert "riichi only" in capsys.readouterr().err
