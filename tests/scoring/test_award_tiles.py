"""Every award carries the tiles that earn it (issue 13), placed where they sit in the hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import muraglia
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets import load_ruleset
from muraglia.scoring.patterns import parse_example
from muraglia.scoring.result import TileSource


def _placed(hand: Hand, source: TileSource) -> None:
    """``source`` names tiles that really are where it says."""
    want = Counter(source.tiles)
    if source.where == "meld":
        assert source.meld is not None
        assert 0 <= source.meld < len(hand.melds), source
        have = Counter(t.kind for t in hand.melds[source.meld].tiles)
    elif source.where == "bonus":
        have = Counter(hand.bonus)
    elif source.where == "winning":
        assert hand.winning is not None
        assert source.tiles == (hand.winning.kind,)
        return
    else:
        have = Counter(t.kind for t in hand.concealed_tiles)
    assert want <= have, f"{source} is not in {hand.notation}"


def _check(hand: Hand, patterns: Iterable[dict[str, Any]]) -> None:
    for p in patterns:
        assert "tiles" in p, f"{p['id']} has no tiles"
        for entry in p["tiles"]:
            _placed(hand, TileSource.from_dict(entry))


@pytest.mark.parametrize("rid", ["riichi-ema", "riichi-tenhou", "mcr"])
def test_every_declared_example_locates_its_awards(rid: str) -> None:
    ruleset = load_ruleset(rid)
    table = ruleset.table if hasattr(ruleset, "table") else ruleset.patterns
    seen = 0
    for pattern in table:
        for example in pattern.examples:
            text, kw = parse_example(example)
            result = ruleset.score(text, **kw)
            assert all(a.tiles is not None for a in result.awards), example
            _check(parse_hand(text, strict=False), result.to_dict()["patterns"])
            seen += 1
    assert seen >= len(table)


HANDS = {
    "fimj": [
        ("678p33p [555s] 777z [234m] 2f +6p", {"seat_wind": "S"}),
        ("123m123m123m456p55z+5z", {"win": "tsumo"}),
        ("111z222z333z444z5m+5m", {"win": "tsumo"}),
        ("19m19p19s1234567z+1z", {"win": "tsumo"}),
    ],
    "ravenna": [
        ("222m567p11z[555z]789s1f+7s", {"win": "tsumo"}),
        ("11m22m33m44p55p66s7s+7s", {"win": "tsumo"}),
        ("[1111z]222z333z99m55z+5z", {"win": "tsumo"}),
    ],
    "seipalle": [
        ("234m567p11z[555z][789s<]+4m", {"win": "tsumo"}),
        ("123m123m456p789s5p+5p", {"win": "tsumo", "dora": ["4p"]}),
        ("123m456m789m11z55z+5z", {"win": "ron", "flags": ["riichi"]}),
        ("19m19p19s1234567z+7z", {"win": "tsumo"}),
    ],
}


@pytest.mark.parametrize(
    ("rid", "text", "kw"), [(rid, text, kw) for rid, hands in HANDS.items() for text, kw in hands]
)
def test_classical_awards_are_located(rid: str, text: str, kw: dict[str, Any]) -> None:
    out = muraglia.score(text, rules=rid, **kw).to_dict()
    assert out["patterns"]
    _check(parse_hand(text), out["patterns"])


def _tiles_of(out: dict[str, Any], pid: str) -> list[tuple[str, str, int | None]]:
    p = next(p for p in out["patterns"] if p["id"] == pid)
    return [(t["where"], t["tiles"], t.get("meld")) for t in p["tiles"]]


def test_where_each_award_points() -> None:
    riichi = muraglia.score(
        "123m123m456p789s0p+5p", rules="riichi-tenhou", win="tsumo", flags=["riichi"], dora=["4p"]
    ).to_dict()
    assert _tiles_of(riichi, "riichi") == []  # a situation, not tiles
    assert _tiles_of(riichi, "menzen_tsumo") == [("winning", "5p", None)]
    assert _tiles_of(riichi, "pure_double_chow") == [("concealed", "123m", None)] * 2
    assert _tiles_of(riichi, "red_five") == [("concealed", "5p", None)]
    assert sorted(_tiles_of(riichi, "dora")) == [
        ("concealed", "55p", None),
        ("concealed", "5p", None),
    ]

    fimj = muraglia.score("678p33p [555s] 777z [234m] 2f +6p", rules="fimj", seat_wind="S")
    out = fimj.to_dict()
    assert _tiles_of(out, "exposed_pung") == [("meld", "555s", 0)]
    assert _tiles_of(out, "concealed_head_pung") == [("concealed", "777z", None)]
    assert _tiles_of(out, "own_bonus") == [("bonus", "2f", None)]

    mcr = muraglia.score("555z123m9m[777z][6666z]+9m", rules="mcr", win="tsumo").to_dict()
    assert _tiles_of(mcr, "big_three_dragons") == [
        ("concealed", "555z", None),
        ("meld", "777z", 0),
        ("meld", "6666z", 1),
    ]

    rav = muraglia.score("222m567p11z[555z]789s1f+7s", rules="ravenna", win="tsumo").to_dict()
    assert _tiles_of(rav, "dragon_pung") == [("meld", "555z", 0)]
    assert _tiles_of(rav, "own_flower") == [("bonus", "1f", None)]

    sei = muraglia.score("234m567p11z[555z][789s<]+4m", rules="seipalle", win="tsumo").to_dict()
    assert _tiles_of(sei, "value_pung") == [("meld", "555z", 0)]
    assert _tiles_of(sei, "self_draw") == [("winning", "4m", None)]


def test_a_discard_completed_pung_reads_concealed_tiles_not_a_meld() -> None:
    # FIMJ-GAP-26: the pung completed by a claimed tile counts as exposed, but its tiles sit
    # among the concealed ones (and the winning tile): no meld index
    out = muraglia.score("123m456p789s11z55z+5z", rules="fimj").to_dict()
    assert ("concealed", "555z", None) in _tiles_of(out, "exposed_head_pung")
