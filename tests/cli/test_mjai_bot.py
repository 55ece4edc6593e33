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
from muraglia.players import make_bot

HAND = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "2s", "E", "E", "P", "C"]
"""Seat 0's start: two shapes short of ready (riichi reachable)."""
DRAWS = ["9s", "N", "P", "3s", "W", "F", "9m", "S", "1p", "9p", "5m", "2p"]
"""Seat 0's draws, in order."""
OTHERS = ["9m", "E", "4s", "1s", "N", "W", "S", "9p", "3m", "7p", "1s", "8m"]
"""What seats 1-3 discard in turn (cycled): pon and chi chances for seat 0."""


def counts(tiles: list[str]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[from_mjai(t)] += 1
    return c


def drive(bot: str, seed: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Play one kyoku against the bot in seat 0; return (message, answer) pairs, checking each."""
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
        "dora_marker": "4p",
        "tehais": [HAND, ["?"] * 13, ["?"] * 13, ["?"] * 13],
    }
    assert send(start) == {"type": "none"}
    others = iter(OTHERS * 3)
    for draw in DRAWS:
        hand.append(draw)
        ans = send({"type": "tsumo", "actor": 0, "pai": draw})
        if ans["type"] == "hora":
            assert shanten_all(counts(hand), melds) < 0
            return log
        discard(ans, draw)
        for actor in (1, 2, 3):
            assert send({"type": "tsumo", "actor": actor, "pai": "?"}) == {"type": "none"}
            tile = next(others)
            ans = send({"type": "dahai", "actor": actor, "pai": tile, "tsumogiri": True})
            kind = ans["type"]
            assert kind in ("none", "pon", "chi", "hora")
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
            else:
                assert ans["consumed"] == [tile, tile]
            for t in ans["consumed"]:
                hand.remove(t)
            melds += 1
            ans = send({"type": kind, "actor": 0, "target": actor, "pai": tile, **ans})
            assert ans["pai"] != tile  # kuikae
            discard(ans, None)
            break
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


def start(hand: list[str], seat: int = 0) -> MjaiPlayer:
    p = MjaiPlayer("riichi-ema", "efficiency", 0)
    p.answer({"type": "start_game", "id": seat})
    tehais = [["?"] * 13 for _ in range(4)]
    tehais[seat] = hand
    p.answer(
        {"type": "start_kyoku", "bakaze": "E", "oya": 1, "dora_marker": "9p", "tehais": tehais}
    )
    return p


def test_an_open_hand_without_a_yaku_does_not_win() -> None:
    """EMA-WIN-2: after a pon of 9m the complete hand has no yaku: no ron; with a yaku, ron."""
    p = start(["9m", "9m", "1s", "1s", "2p", "3p", "4p", "4s", "5s", "6s", "6m", "7m", "W"])
    ans = p.answer({"type": "dahai", "actor": 2, "pai": "9m", "tsumogiri": True})
    assert ans == {"type": "none"}  # the riichi profile keeps closed without a yaku
    # another client made the call (the test forces the meld) to test the win check
    p.answer({"type": "pon", "actor": 0, "target": 2, "pai": "9m", "consumed": ["9m", "9m"]})
    p.answer({"type": "dahai", "actor": 0, "pai": "W", "tsumogiri": False})
    assert p.answer({"type": "dahai", "actor": 3, "pai": "8m", "tsumogiri": True}) == {
        "type": "none"
    }
    p = start(["P", "P", "1s", "1s", "2p", "3p", "4p", "4s", "5s", "6s", "6m", "7m", "W"])
    p.answer({"type": "pon", "actor": 0, "target": 2, "pai": "P", "consumed": ["P", "P"]})
    p.answer({"type": "dahai", "actor": 0, "pai": "W", "tsumogiri": False})
    ans = p.answer({"type": "dahai", "actor": 3, "pai": "8m", "tsumogiri": True})
    assert ans == {"type": "hora", "actor": 0, "target": 3, "pai": "8m"}


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
        ('[{"type": "start_game"}, 3]', "without a type"),
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


def test_riichi_then_tsumogiri_then_ron() -> None:
    """Closed and ready: reach, then the drawn tile goes (EMA-RIICHI), ron on the wait."""
    p = MjaiPlayer("riichi-ema", "efficiency", 0)
    p.answer({"type": "start_game", "id": 0})
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "2s", "3s"]
    p.answer(
        {
            "type": "start_kyoku",
            "bakaze": "E",
            "oya": 1,
            "dora_marker": "9p",
            "tehais": [hand, ["?"] * 13, ["?"] * 13, ["?"] * 13],
        }
    )
    assert p.answer({"type": "tsumo", "actor": 0, "pai": "N"}) == {"type": "reach", "actor": 0}
    ans = p.answer({"type": "reach", "actor": 0})
    assert ans == {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True}
    p.answer({"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True})
    p.answer({"type": "reach_accepted", "actor": 0})
    # in riichi: no pon of E, the drawn tile is discarded
    assert p.answer({"type": "dahai", "actor": 1, "pai": "E", "tsumogiri": True}) == {
        "type": "none"
    }
    assert p.answer({"type": "tsumo", "actor": 0, "pai": "5m"})["pai"] == "5m"
    p.answer({"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": True})
    ans = p.answer({"type": "dahai", "actor": 2, "pai": "4s", "tsumogiri": False})
    assert ans == {"type": "hora", "actor": 0, "target": 2, "pai": "4s"}


class Prefer:
    """A bot that takes the first legal action of the preferred kinds, else the first one."""

    name = "prefer"

    def __init__(self, *kinds: type) -> None:
        self.kinds = kinds

    def choose(self, view: Any, legal: Any) -> Any:
        for kind in self.kinds:
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]


READY = ["2p", "3p", "4p", "5p", "6p", "7p", "3s", "4s", "5s", "6s", "6s", "4m", "5m"]
"""Closed, all simples, waiting on 3m and 6m."""


def test_a_passed_win_is_temporary_furiten_until_the_own_discard() -> None:
    """EMA-FURI-3: after letting 3m pass, no ron on 6m until the bot's own next discard."""
    from muraglia.engine.actions import Pass

    p = start(READY)
    p.bot = Prefer(Pass)
    assert p.answer({"type": "dahai", "actor": 1, "pai": "3m", "tsumogiri": True}) == {
        "type": "none"
    }
    assert p.missed
    p.bot = make_bot("efficiency", "riichi-ema")
    assert p.answer({"type": "dahai", "actor": 2, "pai": "6m", "tsumogiri": True}) == {
        "type": "none"
    }
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "N"})
    if ans["type"] == "reach":
        ans = p.answer({"type": "reach", "actor": 0})
    assert ans["pai"] == "N"
    p.answer({"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True})
    assert not p.missed
    ans = p.answer({"type": "dahai", "actor": 2, "pai": "6m", "tsumogiri": True})
    assert ans == {"type": "hora", "actor": 0, "target": 2, "pai": "6m"}


def test_a_wait_among_the_own_discards_is_furiten_for_every_wait() -> None:
    """EMA-FURI-2: 6m discarded (and claimed by another seat), so no ron on 3m either."""
    from muraglia.engine.actions import Discard

    hand = ["2p", "3p", "4p", "5p", "6p", "7p", "3s", "4s", "5s", "6s", "6s", "4m", "6m"]
    p = start(hand)
    p.bot = Prefer(Discard)
    p.bot.choose = lambda view, legal: Discard(0, from_mjai("6m"))  # type: ignore[method-assign]
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "5m"})
    assert ans == {"type": "dahai", "actor": 0, "pai": "6m", "tsumogiri": False}
    p.answer(ans)
    p.answer({"type": "pon", "actor": 2, "target": 0, "pai": "6m", "consumed": ["6m", "6m"]})
    assert p.furiten()  # waits 3m-6m, 6m among the own discards though claimed
    assert p.answer({"type": "dahai", "actor": 2, "pai": "3m", "tsumogiri": False}) == {
        "type": "none"
    }


def test_concealed_kong_with_a_red_five_then_a_replacement_win() -> None:
    """ankan names the red five; the replacement tile wins on rinshan alone (EMA-YAKU-14)."""
    from muraglia.engine.actions import ConcealedKong

    hand = ["9m", "9m", "5p", "5p", "5p", "5pr", "1s", "2s", "3s", "7s", "8s", "W", "W"]
    p = start(hand)
    p.answer({"type": "pon", "actor": 0, "target": 2, "pai": "9m", "consumed": ["9m", "9m"]})
    # (the discard after the pon is answered; the test moves on with the table's dahai)
    p.answer({"type": "dahai", "actor": 0, "pai": "7s", "tsumogiri": False})
    p.bot = Prefer(ConcealedKong)
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "N"})
    assert ans == {"type": "ankan", "actor": 0, "consumed": ["5p", "5p", "5p", "5pr"]}
    p.answer({"type": "ankan", "actor": 0, "consumed": ["5p", "5p", "5p", "5pr"]})
    assert p.red == {from_mjai("5p"): 0}
    p.answer({"type": "dora", "dora_marker": "1m"})
    p.bot = make_bot("efficiency", "riichi-ema")
    # 123s 8s N WW + 8s: no yaku but rinshan; N goes first
    p.hand.remove(from_mjai("N"))
    p.hand.append(from_mjai("8s"))
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "W"})
    assert ans["type"] == "hora"
    assert "replacement" in p._flags(True, False)


def test_added_kong_and_a_called_kong_are_answered() -> None:
    from muraglia.engine.actions import AddedKong, ClaimKong

    hand = ["1m", "1m", "1m", "2p", "2p", "3p", "4p", "5s", "6s", "7s", "P", "P", "E"]
    p = start(hand)
    p.bot = Prefer(ClaimKong)
    ans = p.answer({"type": "dahai", "actor": 2, "pai": "1m", "tsumogiri": True})
    assert ans == {
        "type": "daiminkan",
        "actor": 0,
        "target": 2,
        "pai": "1m",
        "consumed": ["1m", "1m", "1m"],
    }
    p.answer({"type": "daiminkan", **ans})
    assert p.after_kong
    assert "[1111m]" in p.melds[0]
    p.bot = make_bot("efficiency", "riichi-ema")
    ans = p.answer({"type": "dahai", "actor": 3, "pai": "P", "tsumogiri": True})
    assert ans["type"] == "pon"
    p.answer({"type": "pon", **ans})
    p.answer({"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False})
    p.bot = Prefer(AddedKong)
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "P"})
    assert ans == {"type": "kakan", "actor": 0, "pai": "P", "consumed": ["P", "P", "P"]}
    p.answer({"type": "kakan", **ans})
    assert "[5555z]" in p.melds[0]


def test_robbing_a_kong_and_the_last_tile_are_yaku() -> None:
    """Chankan (EMA-YAKU-15) and haitei (EMA-YAKU-16) make a hand without other yaku win."""
    hand = ["9m", "9m", "1s", "1s", "2p", "3p", "4p", "4s", "5s", "6s", "6m", "7m", "W"]
    p = start(hand)
    p.answer({"type": "pon", "actor": 0, "target": 2, "pai": "9m", "consumed": ["9m", "9m"]})
    p.answer({"type": "dahai", "actor": 0, "pai": "W", "tsumogiri": False})
    p.answer({"type": "pon", "actor": 3, "target": 1, "pai": "8m", "consumed": ["8m", "8m"]})
    kakan = {"type": "kakan", "actor": 3, "pai": "8m", "consumed": ["8m"] * 3}
    ans = p.answer(kakan)
    assert ans == {"type": "hora", "actor": 0, "target": 3, "pai": "8m"}
    p.missed = False
    assert p.answer({"type": "dahai", "actor": 1, "pai": "5m", "tsumogiri": True}) == {
        "type": "none"
    }  # no yaku: no ron; but a completing tile let pass is furiten (EMA-FURI-3)
    assert p.missed
    assert p.answer(kakan) == {"type": "none"}
    p = start(hand)
    p.answer({"type": "pon", "actor": 0, "target": 2, "pai": "9m", "consumed": ["9m", "9m"]})
    p.answer({"type": "dahai", "actor": 0, "pai": "W", "tsumogiri": False})
    p.live = 1
    assert p.answer({"type": "tsumo", "actor": 0, "pai": "5m"})["type"] == "hora"


def test_a_red_five_drawn_and_discarded_keeps_its_name() -> None:
    p = start(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "S", "W", "N"])
    p.bot = Prefer()
    p.answer({"type": "tsumo", "actor": 0, "pai": "5mr"})
    assert p.red == {from_mjai("5m"): 1}
    assert p._dahai(from_mjai("5m"))["pai"] == "5mr"
