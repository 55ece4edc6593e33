"""PatternTable: registration, evaluation, implies/excludes resolution, rows and markdown."""

from __future__ import annotations

import pytest

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import GroupKind
from muraglia.errors import RulesetError
from muraglia.notation import parse_hand
from muraglia.scoring import PatternTable, WinContext, WinType
from muraglia.scoring import predicates as p
from muraglia.scoring.patterns import Exclusion
from muraglia.tiles import Tile

NAMES = {"en": "x", "it": "x"}


def ctx_of(text: str) -> WinContext:
    hand = parse_hand(text)
    return WinContext(hand, decompose(hand)[0], None, WinType.TSUMO, Tile.EAST, Tile.EAST)


def make_table() -> PatternTable:
    t = PatternTable("test", unit="han")
    t.pattern("simples", names=NAMES, closed=1, open=None, ref="T-1")(p.all_simples)
    t.pattern("chows", names=NAMES, closed=1, open=1, ref="T-2", requires=[GroupKind.CHOW])(
        lambda c: len(c.chows)
    )
    t.pattern("big", names=NAMES, closed=5, open=4, ref="T-3", excludes=("simples",))(
        lambda c: p.identical_chow_pairs(c) >= 1
    )
    t.pattern("plus", names=NAMES, closed=2, open=2, ref="T-4", implies=("extra",))(p.is_flush)
    t.pattern("extra", names=NAMES, closed=1, open=1, ref="T-5")(lambda c: False)
    t.pattern("lim", names=NAMES, closed=13, open=13, ref="T-6", limit=True)(p.is_nine_gates)
    t.check()
    return t


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("234m567p234s678s55m+5m", {"simples": 1, "chows": 4}),  # counts: chows x4
        ("234m234m567p45s88s+3s", {"chows": 4, "big": 5}),  # big excludes simples
        ("123456789m11m234m+1m", {"chows": 4, "plus": 2, "extra": 1}),  # implies extra
        ("1112345678999m+5m", {"lim": 13}),  # limit only, others dropped
        ("111m222p333s444z55z+5z", {}),  # chows pattern skipped (no chow)
    ],
    ids=["count", "excludes", "implies", "limit-exclusive", "requires"],
)
def test_evaluate(hand: str, expected: dict[str, int]) -> None:
    table = make_table()
    table.limit_exclusive = True
    got = {a.id: a.value for a in table.evaluate(ctx_of(hand))}
    assert got == expected


def exclusion_table(exclusion: Exclusion) -> PatternTable:
    """Patterns where the two readings of ``excludes`` part (module docstring of patterns.py).

    ``pairs_of_heads`` (4) includes ``all_heads`` (5): SEI-DBL-D25 "comprende" SEI-DBL-D16, and
    "a seven-pairs hand of head tiles scores 4, not the 5" (SEI-DBL-2). ``chain_a`` excludes
    ``chain_b``, which excludes ``chain_c``; ``mutual_x`` and ``mutual_y`` exclude each other.
    """
    t = PatternTable("test", unit="doubles", exclusion=exclusion)
    for pid, value, excludes in (
        ("pairs_of_heads", 4, ("all_heads",)),
        ("all_heads", 5, ()),
        ("chain_a", 3, ("chain_b",)),
        ("chain_b", 2, ("chain_c",)),
        ("chain_c", 1, ()),
        ("mutual_x", 1, ("mutual_y",)),
        ("mutual_y", 1, ("mutual_x",)),
    ):
        t.pattern(pid, names=NAMES, closed=value, open=value, ref="T", excludes=excludes)(
            lambda c: True
        )
    t.check()
    return t


@pytest.mark.parametrize(
    ("found", "kept", "by_found"),
    [
        (("pairs_of_heads", "all_heads"), {"pairs_of_heads", "all_heads"}, {"pairs_of_heads"}),
        (("chain_a", "chain_b", "chain_c"), {"chain_a", "chain_c"}, {"chain_a"}),
        (("chain_b", "chain_c"), {"chain_b"}, {"chain_b"}),
        (("mutual_x", "mutual_y"), {"mutual_x"}, set()),
    ],
    ids=["lower-includes-higher", "chain", "chain-tail", "mutual"],
)
def test_the_two_readings_of_excludes(
    found: tuple[str, ...], kept: set[str], by_found: set[str]
) -> None:
    """``kept`` ranks (a lower award never drops a higher one); ``found`` replaces."""
    for exclusion, expected in (("kept", kept), ("found", by_found)):
        table = exclusion_table(exclusion)  # type: ignore[arg-type]
        awards = table.resolve(dict.fromkeys(found, 1), concealed=True)
        assert {a.id for a in awards} == expected, exclusion
        copy = table.with_values({"chain_c": (1, 1)})  # option presets keep the reading
        assert copy.exclusion == exclusion
        assert {a.id for a in copy.resolve(dict.fromkeys(found, 1), concealed=True)} == expected


def test_unknown_exclusion_is_refused() -> None:
    with pytest.raises(RulesetError, match="exclusion must be one of kept, found, not 'any'"):
        PatternTable("t", unit="han", exclusion="any")  # type: ignore[arg-type]


def test_open_value_none_means_not_allowed() -> None:
    table = make_table()
    ctx = ctx_of("234m567p55m[234s][678s]+5m")
    assert "simples" not in {a.id for a in table.evaluate(ctx)}
    assert table["big"].value(concealed=False) == 4


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"names": {"en": "x"}}, "needs 'it' and 'en'"),
        ({"id": "simples"}, "duplicate"),
    ],
    ids=["names", "duplicate"],
)
def test_registration_errors(bad: dict[str, object], message: str) -> None:
    table = make_table()
    kw: dict[str, object] = {"names": NAMES, "closed": 1, "open": 1, "ref": "r"}
    pid = str(bad.pop("id", "new"))
    kw.update(bad)
    with pytest.raises(RulesetError, match=message):
        table.pattern(pid, **kw)(lambda c: True)  # type: ignore[arg-type]


def test_dangling_reference_and_unknown_id() -> None:
    table = PatternTable("t", unit="han")
    table.pattern("a", names=NAMES, closed=1, open=1, ref="r", excludes=("zzz",))(lambda c: True)
    with pytest.raises(RulesetError, match="zzz"):
        table.check()
    with pytest.raises(RulesetError, match="unknown pattern"):
        table["nope"]


def test_rows_and_markdown() -> None:
    table = make_table()
    rows = table.rows()
    assert [r["id"] for r in rows] == [pat.id for pat in table]
    assert rows[0]["open"] is None
    md = table.markdown(langs=("en", "it"))
    assert md.count("\n") == len(table) + 2
    assert "excludes `simples`" in md


@pytest.mark.parametrize(
    ("hand", "called"),
    [
        ("123m456m789m11p22p+2p", True),  # 3 chows: tried
        ("123m456m111p11s22s+2s", False),  # 2 chows: skipped without a call
        ("111m222p333s444z55z+5z", False),  # no chow at all
    ],
    ids=["three-chows", "two-chows", "none"],
)
def test_min_groups_skips_the_predicate(hand: str, called: bool) -> None:
    calls: list[str] = []
    t = PatternTable("test", unit="han")

    def spy(ctx: WinContext) -> bool:
        calls.append(ctx.hand.notation)
        return True

    t.pattern("three", names=NAMES, closed=1, open=1, ref="T-7", requires=[GroupKind.CHOW],
              min_groups=3)(spy)  # fmt: skip
    for among in (None, list(t)):  # the cached plan and a pattern subset agree
        found = t.find(ctx_of(hand), among=among)
        assert ("three" in found) is called
    assert len(calls) == (2 if called else 0)


def test_cached_plan_follows_flags() -> None:
    t = PatternTable("test", unit="han")
    t.pattern("f", names=NAMES, closed=1, open=1, ref="T-8", flags_any=("x",))(lambda c: True)
    hand = parse_hand("123m456m789m11p22p+2p")
    d = decompose(hand)[0]
    for flags, found in ((frozenset(), {}), (frozenset({"x"}), {"f": 1}), (frozenset(), {})):
        ctx = WinContext(hand, d, None, WinType.TSUMO, Tile.EAST, Tile.EAST, flags)
        assert t.find(ctx) == found


@pytest.mark.parametrize(
    ("hand", "called"),
    [
        ("123m456m789m11m22m+2m", True),  # one suit
        ("111z222z333z44z55z+5z", True),  # no suit
        ("123m456m789m11p22p+2p", False),  # two suits: skipped without a call
    ],
    ids=["one-suit", "honours", "two-suits"],
)
def test_max_suits_skips_the_predicate(hand: str, called: bool) -> None:
    calls: list[str] = []
    t = PatternTable("test", unit="han")

    def spy(ctx: WinContext) -> bool:
        calls.append(ctx.hand.notation)
        return True

    t.pattern("flushy", names=NAMES, closed=1, open=1, ref="T-9", max_suits=1)(spy)
    for among in (None, list(t)):
        assert ("flushy" in t.find(ctx_of(hand), among=among)) is called
    assert len(calls) == (2 if called else 0)


def test_won_only_patterns_are_not_tried_on_a_hand_that_did_not_win() -> None:
    """``won_only`` (FIMJ's closing doubles, massimi) skips ``WinType.NONE`` without a call."""
    calls: list[WinType] = []
    t = PatternTable("t", unit="doubles")
    t.pattern("closing", names=NAMES, closed=1, open=1, ref="r", won_only=True, category="c")(
        lambda c: calls.append(c.win) or True
    )
    t.pattern("any", names=NAMES, closed=1, open=1, ref="r")(lambda c: True)
    hand = parse_hand("234m567p234s678s55m+5m")
    d = decompose(hand)[0]
    for win, expected in ((WinType.TSUMO, ["closing", "any"]), (WinType.NONE, ["any"])):
        ctx = WinContext(hand, d, None, win, Tile.EAST, Tile.EAST)
        assert [a.id for a in t.evaluate(ctx)] == expected
    assert calls == [WinType.TSUMO]
    assert t.award_of("closing", 1, concealed=True).category == "c"
    assert t.award_of("any", 1, concealed=True).category is None


def test_won_only_is_not_tried_on_a_hand_that_did_not_win() -> None:
    # the classical rulesets score every hand; a hand-shape pattern (RAV-DBL-3, RAV-GAP-16)
    # describes a complete winning hand and is never tried on WinType.NONE
    calls: list[WinType] = []
    t = PatternTable("test", unit="points")

    def spy(ctx: WinContext) -> bool:
        calls.append(ctx.win)
        return True

    t.pattern("shape", names=NAMES, closed=1, open=1, ref="T-10", won_only=True)(spy)
    t.pattern("any", names=NAMES, closed=1, open=1, ref="T-11")(lambda c: True)
    hand = parse_hand("123m456m789m11p22p+2p")
    d = decompose(hand)[0]
    for win, ids in ((WinType.NONE, {"any"}), (WinType.RON, {"shape", "any"}),
                     (WinType.NONE, {"any"})):  # fmt: skip
        ctx = WinContext(hand, d, None, win, Tile.EAST, Tile.EAST)
        for among in (None, list(t)):  # the cached plan and a pattern subset agree
            assert set(t.find(ctx, among=among)) == ids
    assert calls == [WinType.RON, WinType.RON]
    assert t["shape"].won_only
    assert not t["any"].won_only
