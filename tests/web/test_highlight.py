"""Highlights: each scoring item points at the tiles of the picture that earn it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from muraglia.cli import score
from muraglia.notation import parse_tiles
from muraglia.rulesets import load_ruleset
from muraglia.scoring.patterns import parse_example
from muraglia.web.pages import hand_view, result_view, source_ids

HAND = "234m567p11z [555z] [789s<] 1f +4m"


def _kinds(view: dict[str, Any], ids: list[str]) -> list[str]:
    tiles = {t["id"]: t["n"] for t in [*view["concealed"], *view["bonus"]]}
    tiles |= {t["id"]: t["n"] for m in view["melds"] for t in m["tiles"]}
    if view["winning"]:
        tiles[view["winning"]["id"]] = view["winning"]["n"]
    return sorted(tiles[i] for i in ids)


def test_each_kind_of_source_points_at_its_tiles() -> None:
    view = hand_view(HAND, "en")
    assert source_ids(view, [{"where": "meld", "meld": 0, "tiles": "555z"}]) == [
        "m0-0", "m0-1", "m0-2"
    ]  # fmt: skip
    assert source_ids(view, [{"where": "meld", "meld": 1, "tiles": "789s"}]) == [
        "m1-0", "m1-1", "m1-2"
    ]  # fmt: skip
    assert source_ids(view, [{"where": "winning", "tiles": "4m"}]) == ["w"]
    assert source_ids(view, [{"where": "bonus", "tiles": "1f"}]) == ["b0"]
    pair = source_ids(view, [{"where": "concealed", "tiles": "11z"}])
    assert _kinds(view, pair) == ["1z", "1z"]
    # a concealed chow completed by the winning tile takes the winning tile last
    chow = source_ids(view, [{"where": "concealed", "tiles": "234m"}])
    assert _kinds(view, chow) == ["2m", "3m", "4m"]
    assert "w" in chow
    # several sources: no tile counted twice; a source that does not fit takes nothing
    both = source_ids(
        view,
        [{"where": "concealed", "tiles": "11z"}, {"where": "meld", "meld": 7, "tiles": "111m"}],
    )
    assert len(set(both)) == len(both) == 2
    assert source_ids(view, []) == []  # a situation (riichi, last tile) earns it: no tiles


def _examples() -> list[tuple[str, str, dict[str, Any]]]:
    """Every declared pattern example (riichi, MCR), and the located hands of the rulesets
    whose patterns have no examples yet (FIMJ, Ravenna, Seipalle: issue 13's hands)."""
    from tests.scoring.test_award_tiles import HANDS

    out = []
    for rid in ("riichi-ema", "riichi-tenhou", "mcr"):
        ruleset = load_ruleset(rid)
        table = ruleset.table if hasattr(ruleset, "table") else ruleset.patterns
        for pattern in table:
            for example in pattern.examples:
                text, kw = parse_example(example)
                out.append((rid, text, kw))
    out += [(rid, text, kw) for rid, hands in HANDS.items() for text, kw in hands]
    return out


EXAMPLES = _examples()


def test_every_example_is_covered() -> None:
    assert {rid for rid, _, _ in EXAMPLES} >= {"riichi-ema", "mcr", "fimj", "ravenna", "seipalle"}
    assert len(EXAMPLES) > 150


@pytest.mark.parametrize("rules", sorted({rid for rid, _, _ in EXAMPLES}))
def test_every_award_highlights_exactly_its_tiles(rules: str) -> None:
    """Over the pattern examples: each pattern of the calculator's result lights the picture
    tiles its award names — its meld's tiles, the winning tile, the bonus tiles, concealed
    tiles of its kinds — each once, nothing else; a situation (riichi) lights nothing."""
    checked = 0
    for rid, text, kw in EXAMPLES:
        if rid != rules:
            continue
        item = {"rules": rid, "hand": text, **kw}
        result = score.compute(dict(item))
        view = hand_view(text, "en")
        shown = result_view(result, view, "en")["patterns_view"]
        for p in shown:
            sources = p["tiles"]
            ids = p["hl"].split()
            assert len(ids) == len(set(ids)), (text, p["id"])
            want: Counter[str] = Counter()
            for s in sources:
                want |= Counter(t.kind.notation for t in parse_tiles(s["tiles"]))
            got = Counter(k.replace("0", "5") for k in _kinds(view, ids))
            assert set(got) == set(want), (rid, text, p["id"], sources, ids)
            assert got >= want, (rid, text, p["id"], sources, ids)  # no kind short
            for s in sources:  # a meld source lights that meld, the winning tile "w"
                if s["where"] == "meld":
                    meld = {t["id"] for t in view["melds"][s["meld"]]["tiles"]}
                    assert len(meld & set(ids)) >= len(parse_tiles(s["tiles"])), (text, p["id"])
                elif s["where"] == "winning":
                    assert "w" in ids, (text, p["id"])
            total = sum(len(parse_tiles(s["tiles"])) for s in sources)
            assert len(ids) <= total, (text, p["id"])  # nothing beyond what the award names
            checked += 1
    assert checked > 5


# A chow combination fan lights exactly the chows that form it (MCR-COUNT-6), never another
# chow of the hand: each hand has a chow outside the combination (issue 13).
MCR_COMBINATIONS = [
    ("123m234m345m789p55s+5s", "pure_shifted_chows", ["123m", "234m", "345m"]),
    ("123m123p123s789s55m+5m", "mixed_triple_chow", ["123m", "123p", "123s"]),
    ("123m123p123s789s55m+5m", "two_terminal_chows", ["123s", "789s"]),
    ("123m234p345s789m55s+5s", "mixed_shifted_chows", ["123m", "234p", "345s"]),
    ("123m456m456m789p55s+5s", "short_straight", ["123m", "456m"]),
    ("123m456m456m789p55s+5s", "pure_double_chow", ["456m", "456m"]),
    ("123m789m123m456p55s+5s", "two_terminal_chows", ["123m", "789m"]),
    ("123m456m789m123p55s+5s", "pure_straight", ["123m", "456m", "789m"]),
    ("123m456m789m123p55s+5s", "mixed_double_chow", ["123m", "123p"]),
    ("123m456p789s234m55s+5s", "mixed_straight", ["123m", "456p", "789s"]),
    ("[234m][234m]234m678p55s+5s", "pure_triple_chow", ["234m", "234m", "234m"]),
    ("123m[234m][345m]789p55s+5s", "pure_shifted_chows", ["123m", "234m", "345m"]),
]


@pytest.mark.parametrize(("hand", "fan", "chows"), MCR_COMBINATIONS)
def test_mcr_chow_combination_lights_only_its_chows(hand: str, fan: str, chows: list[str]) -> None:
    result = score.compute({"rules": "mcr", "hand": hand})
    view = hand_view(hand, "en")
    shown = {p["id"]: p for p in result_view(result, view, "en")["patterns_view"]}
    assert fan in shown, (hand, sorted(shown))
    assert sorted(s["tiles"] for s in shown[fan]["tiles"]) == sorted(chows)
    ids = shown[fan]["hl"].split()
    want = sorted(t.kind.notation for c in chows for t in parse_tiles(c))
    assert sorted(k.replace("0", "5") for k in _kinds(view, ids)) == want  # not the extra chow
