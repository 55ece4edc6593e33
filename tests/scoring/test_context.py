"""WinContext derived views, dora successor, wind/win parsing."""

from __future__ import annotations

import pytest

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import WaitKind
from muraglia.analysis.waits import readings
from muraglia.errors import InvalidHandError
from muraglia.notation import parse_hand
from muraglia.scoring.context import WinContext, WinType, dora_of, parse_win, parse_wind
from muraglia.tiles import Tile


def ctx(text: str, win: WinType, pick: WaitKind | None = None) -> WinContext:
    hand = parse_hand(text)
    assert hand.winning is not None
    for d in decompose(hand):
        for r in readings(d, hand.winning.kind):
            if pick is None or r.wait is pick:
                return WinContext(hand, d, r, win, Tile.SOUTH, Tile.EAST)
    raise AssertionError("no reading")


@pytest.mark.parametrize(
    ("text", "win", "pick", "concealed_pungs"),
    [
        ("111m222p44s678s99p+4s", WinType.RON, WaitKind.DUAL_PUNG, 2),  # EMA-WIN-4
        ("111m222p44s678s99p+4s", WinType.TSUMO, WaitKind.DUAL_PUNG, 3),
        ("111m222p444s67s99p+8s", WinType.RON, None, 3),
        ("111m222p67s99p[444s]+8s", WinType.TSUMO, None, 2),
        ("111m67s99p(2222p)[444s]+8s", WinType.TSUMO, None, 2),
    ],
    ids=["ron-pung-open", "tsumo-pung", "ron-chow", "melded", "concealed-kong"],
)
def test_concealed_pungs(
    text: str, win: WinType, pick: WaitKind | None, concealed_pungs: int
) -> None:
    assert len(ctx(text, win, pick).concealed_pungs) == concealed_pungs


def test_views() -> None:
    c = ctx("111m67s99p(2222p)[444s]+8s", WinType.TSUMO)
    assert (len(c.pungs), len(c.kongs), len(c.chows), len(c.pairs)) == (3, 1, 1, 1)
    assert c.pair is not None
    assert c.pair.tile is Tile.P9
    assert not c.is_concealed
    assert c.self_drawn
    assert c.won
    assert c.winning_tile is Tile.S8
    assert c.wait is WaitKind.TWO_SIDED
    assert {s.value for s in c.suits} == {"m", "p", "s"}
    assert not c.has_honors
    assert c.count_kind([Tile.P2]) == 4


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("1m", "2m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("1z", "2z"), ("4z", "1z"),
     ("5z", "6z"), ("6z", "7z"), ("7z", "5z")],
)  # fmt: skip
def test_dora_of(indicator: str, dora: str) -> None:  # EMA-DORA-1, EMA-GAP-9
    assert dora_of(Tile.from_notation(indicator)).notation == dora


@pytest.mark.parametrize("bad", ["X", "5z", "", 3])
def test_parse_wind_rejects(bad: object) -> None:
    with pytest.raises(InvalidHandError, match="E S W N"):
        parse_wind(bad)


def test_parse_win() -> None:
    assert parse_win("RON") is WinType.RON
    with pytest.raises(InvalidHandError, match="chombo"):
        parse_win("chombo")
