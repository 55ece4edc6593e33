"""Tests for :func:`muraglia.analyze` (the analysis report)."""

from __future__ import annotations

import pytest
from hypothesis import given
from tests.strategies import hands

import muraglia
from muraglia.analysis.groups import WaitKind
from muraglia.analysis.shanten import shanten_all
from muraglia.errors import InvalidHandError
from muraglia.hand import Hand
from muraglia.tiles import Tile

pytestmark = pytest.mark.usefixtures("kernels")  # compiled, then pure-Python shanten kernels


@pytest.mark.parametrize(
    ("text", "waits", "kinds"),
    [
        pytest.param("123m456p789s1122z", ["1z", "2z"], {"1z": ["dual_pung"]}, id="shanpon"),
        pytest.param("789m456p789s45m11z", ["3m", "6m"], {"3m": ["two_sided"]}, id="ryanmen"),
        pytest.param("123m456p789s46m11z", ["5m"], {"5m": ["closed"]}, id="kanchan"),
        pytest.param("123m456p789s12m11z", ["3m"], {"3m": ["edge"]}, id="penchan"),
        pytest.param("123m456p789s1114z", ["4z"], {"4z": ["single"]}, id="tanki"),
        pytest.param(
            "1234m456p789s111z", ["1m", "4m"], {"1m": ["single"], "4m": ["single"]}, id="nobetan"
        ),
    ],
)
def test_ready_hand_waits_and_kinds(
    text: str, waits: list[str], kinds: dict[str, list[str]]
) -> None:
    """A ready 13-tile hand lists its winning tiles and the wait kinds of each."""
    a = muraglia.analyze(text)
    assert a.shanten == 0
    assert [t.notation for t in a.waits] == waits
    for tile, expected in kinds.items():
        assert [k.value for k in a.wait_kinds[Tile.from_notation(tile)]] == expected


def test_useful_tiles_count_unseen_copies() -> None:
    """Useful copies leave out the hand's own tiles, its melds and the visible tiles."""
    a = muraglia.analyze("123m456p789s1122z")
    assert a.useful == {Tile.EAST: 2, Tile.SOUTH: 2}
    visible = [0] * 34
    visible[Tile.EAST] = 1
    b = muraglia.analyze("123m456p789s1122z", visible=visible)
    assert b.useful == {Tile.EAST: 1, Tile.SOUTH: 2}
    assert b.ukeire == 3


def test_fourteen_tiles_rank_discards() -> None:
    """A 14-tile hand lists every discard kind, lowest shanten then most useful copies first."""
    a = muraglia.analyze("1112345678999m5p")
    assert len(a.discards) == 10
    keys = [(d.shanten, -d.ukeire) for d in a.discards]
    assert keys == sorted(keys)
    best = a.discards[0]
    assert best.tile is Tile.P5
    assert [t.notation for t in best.waits] == [f"{r}m" for r in range(1, 10)]


def test_complete_hand_lists_decompositions() -> None:
    """A complete 14-tile hand has shanten -1 and its decompositions."""
    a = muraglia.analyze("111222333m123p11z")
    assert a.shanten == -1
    assert len(a.decompositions) == 2


def test_ruleset_shapes_change_the_answer() -> None:
    """FIMJ's small snake is complete under fimj, far from complete under the default shapes."""
    assert muraglia.shanten("123456789p12347z", rules="fimj") == -1
    assert muraglia.shanten("123456789p12347z") > 0
    assert muraglia.shanten("19m19p19s111225z99m", rules="ravenna") == -1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("123m456p789s11z", "11 tiles", id="too-few"),
        pytest.param("123m456p789s11z [555z] [666z]", "17 tiles", id="too-many"),
    ],
)
def test_wrong_sizes_rejected(text: str, message: str) -> None:
    """Hands of neither 13 nor 14 tiles are rejected with the count."""
    hand = muraglia.parse_hand(text, strict=False)
    with pytest.raises(InvalidHandError, match=message):
        muraglia.analyze(hand)


def test_bad_visible_rejected() -> None:
    """``visible`` must be 34 counts in 0-4."""
    with pytest.raises(InvalidHandError, match="34 counts"):
        muraglia.analyze("123m456p789s1122z", visible=[0] * 33)


@given(hands())
def test_report_agrees_with_the_core(hand: Hand) -> None:
    """Shanten equals shanten_all; every useful tile lowers it; ready hands list waits."""
    a = muraglia.analyze(hand)
    counts = list(hand.concealed_counts)
    assert a.shanten == shanten_all(counts, len(hand.melds))
    if hand.tile_count == 13:
        for t in a.useful:
            counts[t] += 1
            assert shanten_all(counts, len(hand.melds)) < a.shanten
            counts[t] -= 1
        assert bool(a.waits) == (a.shanten == 0)
        for t in a.waits:
            assert a.wait_kinds[t]
            assert all(isinstance(k, WaitKind) for k in a.wait_kinds[t])
    else:
        assert {d.tile for d in a.discards} == {Tile(t) for t in range(34) if counts[t]}
        assert min(d.shanten for d in a.discards) >= a.shanten
