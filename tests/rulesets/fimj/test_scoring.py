"""FIMJ scoring: the spec's test vectors (FIMJ-TV), the nesting table (FIMJ-CUM-3), options."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from muraglia.errors import InvalidHandError, RulesetError
from muraglia.notation import parse_hand
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.fimj.fold import lines
from muraglia.rulesets.fimj.options import FimjOptions
from muraglia.rulesets.fimj.patterns import PATTERNS, Category
from muraglia.rulesets.fimj.ruleset import FimjRules
from muraglia.scoring.context import WinType
from muraglia.tiles import Tile

DATA = tomllib.loads((Path(__file__).parent / "cases" / "vectors.toml").read_text("utf-8"))
WINDS = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH}


def score(case: dict, **overrides):
    case = {**case, **overrides}
    rules = FimjRules(FimjOptions(**case.get("options", {})))
    return rules.best_fold(
        parse_hand(case["hand"], red_fives=False),
        win=WinType(case.get("win", "ron")),
        seat_wind=WINDS[case.get("seat", "S")],
        round_wind=WINDS[case.get("round", "E")],
        flags=case.get("flags", ()),
    )


def doubles_of(result) -> dict[str, int]:
    return {a.id: a.value for a in result.awards if a.category != "points"}


@pytest.mark.parametrize("case", DATA["vector"], ids=[c["id"] for c in DATA["vector"]])
def test_vector(case: dict) -> None:
    result = score(case)
    for key in ("points", "doubles", "value", "raw"):
        if key in case:
            assert getattr(result, key) == case[key], key
    if "limit" in case:
        assert result.limit == case["limit"]
    if "awarded" in case:
        assert set(doubles_of(result)) == set(case["awarded"])
    if "ignored" in case:
        assert {a.id for a in result.ignored} == set(case["ignored"])
    if "wind_doubles" in case:
        got = doubles_of(result)
        assert got.get("own_wind", 0) + got.get("round_wind", 0) == case["wind_doubles"]
    if "fundamental" in case:
        fundamental = [a for a in result.awards if a.category == Category.FUNDAMENTAL]
        assert sum(a.value for a in fundamental) == case["fundamental"]


@pytest.mark.parametrize("row", DATA["nesting"], ids=[r["row"] for r in DATA["nesting"]])
def test_nesting_fimj_cum_3(row: dict) -> None:
    # FIMJ-CUM-3, FIMJ-GAP-7: nested patterns all count, on one layout.
    result = score(row)
    got = doubles_of(result)
    assert set(got) == set(row["earned"])
    assert sum(got.values()) == row["total"]
    for award in result.awards:  # every implied pattern is earned alongside
        for implied in PATTERNS[award.id].implies:
            assert implied in got


def test_best_layout_is_chosen() -> None:
    # FIMJ-HAND-5, FIMJ-GAP-25: 333444555p + 345p could be pungs; chows are worth more here.
    result = score({"hand": "345345345345p 11s +5p", "win": "ron"})
    assert {g.kind.value for g in result.ctx.groups} == {"chow", "pair"}
    # 111m 222m 333m as pungs: 8 + 4 + 4 points and three concealed pungs (36 x 2^3 = 288)
    # beats three identical chows (20 x 2^2 = 80) once the pungs are all concealed and tsumo.
    pungs = score({"hand": "111222333m 777z 55z +5z", "win": "tsumo"})
    assert sum(g.kind.value == "pung" for g in pungs.ctx.groups) == 4


def test_seven_pairs_pair_points() -> None:
    # FIMJ-PTS-P11 applies to the pairs of a seven-pairs hand; C01 = 2 doubles.
    result = score({"hand": "11m 33m 55p 77p 22s 44s 66z +6z", "win": "ron"})
    assert (result.points, result.doubles, result.value) == (22, 2, 88)


def test_explanation_is_bilingual_line_by_line() -> None:
    result = score(DATA["vector"][3])  # TV-5
    it, en = lines(result, "it", limit=1000), lines(result, "en", limit=1000)
    assert len(it) == len(en)
    assert "777z: 8 punti" in it
    assert "777z: 8 points" in en
    assert any("tris di draghi" in x and "FIMJ-DBL-F05" in x for x in it)
    assert any("dragon pung" in x for x in en)
    assert it[-2] == "Base: 34 × 2^2 = 136"


def test_explanation_of_limit() -> None:
    result = score(DATA["vector"][4])  # TV-6
    assert lines(result, "en", limit=1000)[-1] == "Limit 1000: 1000"
    assert lines(result, "it", limit=1000)[-1] == "Limite 1000: 1000"


def test_explanation_of_massimo() -> None:
    result = score({"hand": "19m19p19s1234567z +1m", "win": "ron"})
    assert lines(result, "it", limit=1000) == [
        "Massimo: 13 lanterne meravigliose (FIMJ-MAX-M04) = 2000"
    ]


@pytest.mark.parametrize(
    ("hand", "win", "flags", "message"),
    [
        ("234m 567m 345s 678p 55s +5s", "tsumo", ["robbing_kong"], "claimed"),
        ("234m 567m 345s 678p 55s +5s", "ron", ["replacement"], "self-drawn"),
        ("234m 567m 345s 678p 55s +5s", "ron", ["tenpai"], "unknown"),
        ("234m 567m 345s 678p 59s +5s", "ron", [], "not a complete"),
        ("234m 567m 345s 678p 5s", "ron", [], "no winning tile"),
    ],
)
def test_bad_input(hand: str, win: str, flags: list[str], message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        score({"hand": hand, "win": win, "flags": flags})


def test_non_winner_flags_rejected() -> None:
    with pytest.raises(InvalidHandError, match="winner"):
        score({"hand": "234m 567m 345s 678p 5s", "win": "none", "flags": ["riichi"]})


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"limit": 0}, "limit"), ({"limit": 1005}, "limit"), ({"colour": 1}, "unknown")],
)
def test_bad_options(kwargs: dict, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        FimjRules(**kwargs)


def test_score_dict_payments() -> None:
    # FIMJ-TV-5 through the `muraglia score` input: every other seat pays, East double.
    out = FimjRules().score_dict(
        {
            "hand": "678p 33p [555s] 777z [234m] 2f +6p",
            "win": "ron",
            "seat_wind": "S",
            "round_wind": "E",
        }
    )
    assert out["value"] == 136
    assert out["points"] == 34
    assert out["doubles"] == 2
    assert out["payments"] == {"E": -270, "S": 550, "W": -140, "N": -140}
    assert {p["id"] for p in out["patterns"]} >= {"dragon_pung", "own_bonus", "mahjong"}


# ------------------------------------------------------------------ properties

SUITED = [t for t in Tile if t < Tile.EAST]
HONOURS = [Tile(t) for t in range(27, 34)]


@st.composite
def standard_hands(draw: st.DrawFn) -> tuple[str, Tile]:
    """A random complete concealed hand (four sets and a pair) with at most 4 copies per kind."""
    sets = draw(st.lists(st.tuples(st.booleans(), st.integers(0, 33)), min_size=4, max_size=4))
    counts = [0] * 34
    parts: list[str] = []
    for chow, first in sets:
        tile = Tile(first)
        if chow and not tile.is_honor and tile.rank <= 7:
            tiles = [tile, Tile(first + 1), Tile(first + 2)]
        else:
            tiles = [tile] * 3
        for t in tiles:
            counts[t] += 1
        parts.append("".join(t.notation for t in tiles))
    pair = Tile(draw(st.integers(0, 33)))
    counts[pair] += 2
    assume(max(counts) <= 4)
    parts.append(pair.notation * 2)
    return " ".join(parts) + f" +{pair.notation}", pair


@given(hand=standard_hands(), seat=st.sampled_from(list(WINDS)))
def test_adding_own_flower_never_lowers_the_value(hand: tuple[str, Tile], seat: str) -> None:
    # A fundamental double (F01, with its 4 points) never lowers a winner's or loser's value.
    text, _ = hand
    own_flower = f"{list(WINDS).index(seat) + 1}f"
    base = score({"hand": text, "win": "tsumo", "seat": seat})
    more = score(
        {
            "hand": f"{text.split(' +')[0]} {own_flower} +{text.split(' +')[1]}",
            "win": "tsumo",
            "seat": seat,
        }
    )
    assert more.value >= base.value
    assert more.doubles >= base.doubles


@given(hand=standard_hands())
def test_round_wind_double_never_lowers_the_value(hand: tuple[str, Tile]) -> None:
    # Making the round wind match a wind pung adds F04: the value cannot decrease.
    text, _ = hand
    for wind in ("E", "S", "W", "N"):
        base = score({"hand": text, "win": "ron", "seat": "S", "round": "E"})
        other = score({"hand": text, "win": "ron", "seat": "S", "round": wind})
        if f"{WINDS[wind].notation * 3}" in text and WINDS[wind] != Tile.EAST:
            has_east_pung = Tile.EAST.notation * 3 in text
            if not has_east_pung:
                assert other.value >= base.value


@given(hand=standard_hands(), seat=st.sampled_from(list(WINDS)))
def test_non_winner_own_flower_never_lowers_the_value(hand: tuple[str, Tile], seat: str) -> None:
    # FIMJ-SCORE-6: the same property for a non-winner's 13 tiles.
    text, pair = hand
    tiles = text.split(" +")[0]
    thirteen = tiles[: tiles.rindex(pair.notation)] + tiles[tiles.rindex(pair.notation) + 2 :]
    own_flower = f"{list(WINDS).index(seat) + 1}f"
    base = score({"hand": thirteen, "win": "none", "seat": seat})
    more = score({"hand": f"{thirteen} {own_flower}", "win": "none", "seat": seat})
    assert more.value >= base.value


def test_options_as_data() -> None:
    # FIMJ-CONF: limit, strict 2-point rule, Charleston (read by the engine), 3-player table.
    rules = load_ruleset("fimj(limit=2000,strict_two_points=true,charleston=on,three_players=1)")
    assert rules.options == FimjOptions(
        limit=2000, strict_two_points=True, charleston=True, three_players=True
    )
    assert FimjOptions() == FimjOptions(
        limit=1000, strict_two_points=False, charleston=False, three_players=False
    )
    # The options change the values: TV-6 capped at 2000, TV-7 strict drops the snake.
    assert score(DATA["vector"][4], options={"limit": 2000}).value == 2000


@pytest.mark.parametrize(
    ("limit", "value"),
    # FIMJ-SCORE-5, FIMJ-LIMIT-4: all pairs of one suit (M10) is paid 1000 whatever the limit;
    # read as an ordinary hand it would be 20 x 2^(2+3+1+1) = 2560, capped at the limit.
    [(1000, 1000), (2000, 1000), (3000, 1000)],
)
def test_massimo_is_paid_its_value_whatever_the_limit(limit: int, value: int) -> None:
    result = score(
        {"hand": "2233p 4455p 6677p 8p +8p", "win": "tsumo", "options": {"limit": limit}}
    )
    assert result.limit == "massimo"
    assert result.massimo is not None
    assert result.massimo.id == "all_pairs_one_suit"
    assert result.value == value


def test_evaluate_scores_one_layout_as_score_does() -> None:
    """The base's ``evaluate`` hook: one WinContext of a layout, the same typed result."""
    from muraglia.analysis.groups import Decomposition
    from muraglia.scoring.context import WinContext
    from muraglia.scoring.layouts import complete_layouts

    rules = FimjRules()
    text = "678p 33p [555s] 777z [234m] 2f +6p"
    hand = parse_hand(text, red_fives=False)
    (layout,) = complete_layouts(hand)
    ctx = WinContext(hand, layout, None, WinType.RON, Tile.SOUTH, Tile.EAST)
    one = rules.evaluate(ctx, {})
    best = rules.score(text, win="ron", seat_wind="S")
    assert (one.value, one.points, one.doubles, one.ids) == (136, 34, 2, best.ids)
    assert one.valid
    assert one.decomposition == best.decomposition
    # a non-winner's layout (WinType.NONE): hand points only, no win
    none = WinContext(hand, Decomposition("partial", layout.groups[2:]), None, WinType.NONE,
                      Tile.SOUTH, Tile.EAST)  # fmt: skip
    other = rules.evaluate(none, {})
    assert not other.valid
    assert "mahjong" not in other.ids
    assert other.points == sum(a.value for a in other.awards if a.unit == "points")
