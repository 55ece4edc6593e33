"""The table-driven riichi scorer (``fast.py``) against the declared predicates.

``RiichiEma.score`` combines yaku, fu and the best reading from per-suit tables; the
reference loop (``_score_reference``) evaluates every declared pattern predicate of
``patterns.py`` on every decomposition x reading. Both must give the same result in every
detail: yaku list (ids, values, order), han, fu, limit, payments, validity and reason,
the chosen decomposition and reading, the fu breakdown and the explanation.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from muraglia.analysis.groups import Decomposition, GroupKind
from muraglia.analysis.shapes import _suit_splits
from muraglia.analysis.waits import readings
from muraglia.errors import MahjongError, RulesetError
from muraglia.hand import Hand
from muraglia.melds import Meld
from muraglia.notation import parse_hand
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import as_tiles
from muraglia.rulesets.riichi_ema import fast
from muraglia.rulesets.riichi_ema.rules import RiichiEma, _wind
from muraglia.rulesets.riichi_ema.ruleset import RESULT_KEYS
from muraglia.scoring.context import parse_win
from muraglia.scoring.patterns import PatternTable
from muraglia.tiles import PhysicalTile, Tile

pytestmark = pytest.mark.usefixtures("kernels")  # the C kernel, then the pure fast path

EMA = load_ruleset("riichi-ema")
TENHOU = load_ruleset("riichi-tenhou")
RULES = {"ema": EMA, "tenhou": TENHOU, "kiriage": RiichiEma(kiriage=True, kazoe=False)}
SEATS = ("E", "S", "W", "N")
SITUATION = ("honba", "riichi_sticks", "discarder", "pao")


def reference(rules: RiichiEma, hand: str, **kw: Any) -> Any:
    """The reference scorer (every declared predicate on every reading)."""
    h = parse_hand(hand)
    return rules._score_reference(
        h,
        parse_win(kw.get("win", "ron")),
        _wind(kw.get("seat_wind", "E"), "seat_wind"),
        _wind(kw.get("round_wind", "E"), "round_wind"),
        flag_set=frozenset(kw.get("flags", ())),
        dora_t=as_tiles(kw.get("dora"), "dora"),
        ura_t=as_tiles(kw.get("ura"), "ura"),
        situation={k: kw[k] for k in SITUATION if k in kw},
    )


def same(rules: RiichiEma, hand: str, **kw: Any) -> Any:
    """Score ``hand`` both ways and check that every output agrees; the fast result."""
    got = rules.score(hand, **kw)
    want = reference(rules, hand, **kw)
    assert got.to_dict() == want.to_dict()  # ids, values, han, fu, payments, explanation...
    assert got.decomposition == want.decomposition
    assert got.awards == want.awards
    assert dict(got.extra) == dict(want.extra)
    return got


# ---------------------------------------------------------------------- the suit table


def _keys(n: int, seed: int) -> list[tuple[int, ...]]:
    """``n`` random suits that can be part of a win: up to four sets and maybe a pair."""
    rng = random.Random(seed)
    out: list[tuple[int, ...]] = []
    while len(out) < n:
        c = [0] * 9
        for _ in range(rng.randint(0, 4)):
            if rng.random() < 0.5:
                r = rng.randrange(7)
                for i in range(3):
                    c[r + i] += 1
            else:
                c[rng.randrange(9)] += 3
        if rng.random() < 0.6:
            c[rng.randrange(9)] += 2
        if max(c) <= 4:
            out.append(tuple(c))
    return out


def test_table_keeps_only_suits_of_a_win() -> None:
    assert fast.suit_entry((3, 1, 1, 1, 2, 1, 1, 1, 3))[1]  # nine gates
    assert (3, 1, 1, 1, 2, 1, 1, 1, 3) in fast._TABLE
    assert fast.suit_entry((1, 0, 1, 0, 0, 0, 0, 0, 0)) == ((), ())  # no split: not kept
    assert (1, 0, 1, 0, 0, 0, 0, 0, 0) not in fast._TABLE
    assert fast.suit_entry((1, 0, 0, 0, 0, 0, 0, 0, 0)) == ((), ())
    assert fast.suit_entry((0,) * 9) == (((fast._split(0, ())),), ())


@pytest.mark.parametrize("seed", range(4))
def test_table_matches_the_decomposer(seed: int) -> None:
    # each entry lists the decomposer's splits, in its order, with the right features
    for key in _keys(400, seed):
        plain, paired = fast.suit_entry(key)
        for split_list, groups_list in zip((plain, paired), _suit_splits(1, key), strict=True):
            assert len(split_list) == len(groups_list)
            for sp, groups in zip(split_list, groups_list, strict=True):
                ranks = [(g.kind, g.tile - 9) for g in groups]
                chows = [r for k, r in ranks if k is GroupKind.CHOW]
                pungs = [r for k, r in ranks if k is GroupKind.PUNG]
                pairs = [r for k, r in ranks if k is GroupKind.PAIR]
                assert sp.n == len(groups)
                # the groups build_decomposition takes, the decomposer's own objects
                made = [fast.SPLIT_GROUPS[code + 9] for code in sp.groups]
                assert len(made) == len(groups)
                assert all(a is b for a, b in zip(made, groups, strict=True))
                assert sp.chow_mask == sum({1 << r for r in chows})
                assert sp.pung_mask == sum(1 << r for r in pungs)
                assert (sp.n_chows, sp.n_pungs) == (len(chows), len(pungs))
                assert sp.pair == (pairs[0] if pairs else -1)
                assert sp.twins == sum(chows.count(r) // 2 for r in set(chows))
                assert sp.terminal == all(
                    r in (0, 6) if k is GroupKind.CHOW else r in (0, 8) for k, r in ranks
                )
                assert sp.pung_fu == sum(8 if r in (0, 8) else 4 for r in pungs)
                d = Decomposition("standard", groups)
                for w in range(9):
                    want = [(r.group, r.wait) for r in readings(d, Tile(9 + w))]
                    got = [(i, fast.WAITS[wait]) for i, wait, _ in sp.reads[w]]
                    assert got == want
                    # the concealed fu of the pung a reading completes (EMA-FU-2), else 0
                    fus = [fu for _, _, fu in sp.reads[w]]
                    assert fus == [
                        (8 if ranks[i][1] in (0, 8) else 4) if ranks[i][0] is GroupKind.PUNG else 0
                        for i, _, _ in sp.reads[w]
                    ]


# ---------------------------------------------------------------------- the resolver


def test_resolver_refuses_implied_patterns() -> None:
    t = PatternTable("demo", unit="han")

    @t.pattern("a", names={"en": "A", "it": "A"}, closed=1, open=1, ref="D-1", implies=("b",))
    def a(ctx: Any) -> bool:
        return True

    @t.pattern("b", names={"en": "B", "it": "B"}, closed=1, open=1, ref="D-2")
    def b(ctx: Any) -> bool:
        return True

    with pytest.raises(RulesetError, match="implied"):
        fast.Resolver(t, concealed=True)


@pytest.mark.parametrize("concealed", [True, False])
def test_resolver_matches_the_table(concealed: bool) -> None:
    # exclusions (higher value first), limit hands only, table order — as PatternTable.resolve
    rng = random.Random(7)
    ids = [p.id for p in TENHOU.table]
    res = fast.Resolver(TENHOU.table, concealed=concealed)
    for _ in range(300):
        found = {pid: rng.randint(1, 3) for pid in rng.sample(ids, rng.randint(1, 6))}
        allowed = {k: n for k, n in found.items() if TENHOU.table[k].value(concealed=concealed)}
        want = [(a.id, a.count) for a in TENHOU.table.resolve(allowed, concealed=concealed)]
        assert res.resolve(list(found.items())) == want


def test_fast_path_off_for_a_table_it_does_not_cover() -> None:
    class OpenPinfu(RiichiEma):
        def __init__(self) -> None:
            super().__init__()
            self.table = self.table.with_values({"pinfu": (1, 1)})
            self._resolvers = None  # as __init__ decides for such a table

    r = OpenPinfu().score("234m567m345p67s22p+8s", win="ron", seat_wind="S", discarder="W")
    assert r.ids == {"pinfu", "all_simples"}


# ---------------------------------------------------------------------- whole results

SPECIAL = [
    # (hand, keywords) — yakuman, limits, flags, ties between shapes and readings
    ("19m19p19s1234567z+1m", {"win": "tsumo"}),
    ("19m19p19s1234567z+7z", {"win": "ron", "discarder": "W"}),
    ("19m19p19s1234567z+1m", {"win": "tsumo", "flags": {"first_turn"}}),
    ("1112345678999m+5m", {"win": "ron", "discarder": "S"}),
    ("1112345678999m+9m", {"win": "tsumo", "seat_wind": "S"}),
    ("111m222p333s44455z+5z", {"win": "ron", "discarder": "N"}),
    ("111m222p333s44455z+4z", {"win": "tsumo"}),
    ("222333444m55566p+6p", {"win": "tsumo", "flags": {"riichi"}}),
    ("223344m556677p88s+8s", {"win": "ron", "discarder": "W", "flags": {"riichi"}}),
    ("22334455667788m+8m", {"win": "tsumo", "flags": {"riichi", "ippatsu"}}),
    ("11223344556677z+7z", {"win": "ron", "discarder": "S"}),
    ("111z222z333z55z[444z]+5z", {"win": "ron", "discarder": "W", "pao": "N"}),
    ("5z5z[111z][222z][333z][444z]+5z", {"win": "ron", "discarder": "W", "pao": "S"}),
    ("44m123m[555z][666z][777z]+3m", {"win": "ron", "discarder": "N", "pao": "S"}),
    ("555z[666z][777z]123m44m+4m", {"win": "tsumo", "pao": "W"}),
    ("11m[1111p][2222p][3333p][4444s]+1m", {"win": "tsumo", "flags": {"replacement"}}),
    ("11m(1111p)(2222p)(3333p)[4444s]+1m", {"win": "ron", "discarder": "S"}),
    ("234m[666z][777z]55z123p+4m", {"win": "ron", "discarder": "S", "flags": {"last_tile"}}),
    ("123m456m789m123p55p+1m", {"win": "ron", "discarder": "S", "flags": {"robbing_kong"}}),
    ("234m456m789m123p55p+4m", {"win": "tsumo", "flags": {"last_tile", "double_riichi"}}),
    ("123m456m789m11p222p+2p", {"win": "ron", "discarder": "W", "flags": {"first_turn"}}),
    (
        "123m456m789m11p222p+2p",
        {"win": "ron", "seat_wind": "S", "discarder": "W", "flags": {"first_turn"}},
    ),
    ("22s33s44s66s88s66z11m+1m", {"win": "tsumo", "seat_wind": "W"}),
    ("223344s234s88s666z+8s", {"win": "ron", "discarder": "E", "seat_wind": "W"}),
    ("234s234s666s88s666z+8s", {"win": "tsumo"}),
    ("111999m111p99s111s+9s", {"win": "ron", "discarder": "S"}),
    ("123m123m123m123p11p+1p", {"win": "tsumo", "honba": 5}),
    ("123m456m789m99p[789s]+9m", {"win": "ron", "discarder": "W", "honba": 6}),
    ("123m456m789m99p[789s]+9m", {"win": "ron", "discarder": "W", "honba": 6, "dora": ["8p"]}),
    (
        "111m234m345m678m99m+1m",
        {"win": "ron", "discarder": "S", "flags": {"riichi"}, "ura": ["9m"], "dora": ["9m", "8m"]},
    ),
    ("123p456p789p123m05m+5m", {"win": "tsumo", "riichi_sticks": 2}),
    ("11m111z222z333z444z+1m", {"win": "tsumo", "seat_wind": "S"}),
    ("111m999m111p999p11s+1s", {"win": "tsumo"}),
    ("234m234m234m55p678s+5p", {"win": "ron", "discarder": "N", "seat_wind": "E"}),
    ("1112223334445m+5m", {"win": "ron", "discarder": "S", "flags": {"riichi"}}),
    ("11122233344455m+5m", {"win": "tsumo"}),
    ("123p456p789s11z[406m]+1z", {"win": "ron", "discarder": "S", "dora": ["4m"]}),
    ("123p456p789s11z[055p]+1z", {"win": "tsumo", "seat_wind": "S"}),
    ("123p789s11z[406m](0555s)+1z", {"win": "tsumo"}),
    ("123p789s11z[345m](0555s)+1z", {"win": "ron", "discarder": "N"}),
    ("123p789s11z[340m](5555s)+1z", {"win": "ron", "discarder": "N"}),
]


@pytest.mark.parametrize("rules", sorted(RULES))
@pytest.mark.parametrize(("hand", "kw"), SPECIAL, ids=[h for h, _ in SPECIAL])
def test_special_hands_agree(rules: str, hand: str, kw: dict[str, Any]) -> None:
    same(RULES[rules], hand, **kw)


def test_explanation_keeps_consumed_or_changed_arguments() -> None:
    # the lazy explanation is rebuilt from the arguments: iterators and lists are copied
    flags = ["riichi"]
    dora = ["1p"]
    r = EMA.score(
        "234m567m345p67s22p+8s", win="ron", seat_wind="S", flags=flags, dora=iter(dora),
        ura=(x for x in ["1p"]), discarder="W",
    )  # fmt: skip
    flags.append("ippatsu")
    want = same(EMA, "234m567m345p67s22p+8s", win="ron", seat_wind="S", flags={"riichi"},
                dora=["1p"], ura=["1p"], discarder="W")  # fmt: skip
    assert r.ids == {"riichi", "pinfu", "all_simples", "dora", "ura_dora"}
    assert r.to_dict() == want.to_dict()  # the explanation included
    assert any("Ura" in line for line in r.lines("en"))


def test_incomplete_hand_agrees() -> None:
    r = same(EMA, "123m456m789m12p55s+9p", win="ron", discarder="S")
    assert not r.valid
    assert r.reason == "not a complete hand (EMA-WIN-1)"


@st.composite
def winning(draw: st.DrawFn) -> dict[str, Any]:
    """A random complete hand with a random situation (flags, dora, ura, red fives...)."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[str] = []
    kongs = 0
    closed = True
    if draw(st.integers(0, 9)) == 0:
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
        for k in kinds:
            concealed += [k, k]
            counts[k] += 2
    else:
        suit = draw(st.sampled_from((None, 0, 1, 2)))  # sometimes one suit: flushes, gates
        for _ in range(4):
            kind = draw(st.sampled_from(("chow", "chow", "pung", "kong")))
            s = draw(st.integers(0, 2)) if suit is None else suit
            if kind == "chow":
                rank = draw(st.integers(0, 6))
                tiles = [9 * s + rank + i for i in range(3)]
            else:
                t = draw(st.integers(0, 33)) if suit is None else 9 * s + draw(st.integers(0, 8))
                tiles = [t] * (4 if kind == "kong" else 3)
            for t in tiles:
                counts[t] += 1
            body = "".join(str(Tile(t).rank) for t in tiles) + "mpsz"[tiles[0] // 9]
            exposure = draw(st.sampled_from(("concealed", "open", "open")))
            if kind == "kong":
                kongs += 1
                melds.append(f"({body})" if exposure == "concealed" else f"[{body}]")
                closed = closed and exposure == "concealed"
            elif exposure == "open" and draw(st.booleans()):
                melds.append(f"[{body}]")
                closed = False
            else:
                concealed += tiles
        pair = draw(st.integers(0, 33))
        counts[pair] += 2
        concealed += [pair, pair]
    assume(all(c <= 4 for c in counts))
    win = draw(st.sampled_from(concealed))
    notes = [Tile(t).notation for t in sorted(concealed)]
    fives = [i for i, n in enumerate(notes) if n[0] == "5" and n[1] in "mps"]
    if fives and draw(st.booleans()):
        i = draw(st.sampled_from(fives))
        plain_left = notes[i] != Tile(win).notation or notes.count(notes[i]) > 1
        if counts[Tile.from_notation(notes[i])] < 4 and plain_left:
            notes[i] = "0" + notes[i][1]
    text = "".join(notes) + "".join(melds) + "+" + Tile(win).notation
    tsumo = draw(st.booleans())
    seat = draw(st.sampled_from(SEATS))
    flags: set[str] = set()
    if closed and draw(st.booleans()):
        flags.add(draw(st.sampled_from(("riichi", "double_riichi"))))
        if draw(st.booleans()):
            flags.add("ippatsu")
    extra = draw(st.sampled_from((None, "last_tile", "replacement", "robbing_kong", "first_turn")))
    if extra == "replacement" and (not tsumo or not kongs):
        extra = None
    if extra == "robbing_kong" and (tsumo or counts[win] > 1):
        extra = None
    if extra == "first_turn" and (melds or flags):  # no call, kong or riichi before it
        extra = None
    if extra:
        flags.add(extra)
    tiles = [Tile(i).notation for i in range(34)]
    out: dict[str, Any] = {
        "hand": text,
        "win": "tsumo" if tsumo else "ron",
        "seat_wind": seat,
        "round_wind": draw(st.sampled_from(("E", "S"))),
        "flags": flags,
        "dora": draw(st.lists(st.sampled_from(tiles), max_size=3)),
        "ura": draw(st.lists(st.sampled_from(tiles), max_size=2)),
        "honba": draw(st.integers(0, 6)),
        "riichi_sticks": draw(st.integers(0, 2)),
    }
    if not tsumo:
        out["discarder"] = draw(st.sampled_from([s for s in SEATS if s != seat]))
    return out


@given(winning(), st.sampled_from(sorted(RULES)))
def test_random_hands_agree(case: dict[str, Any], rules: str) -> None:
    kw = dict(case)
    same(RULES[rules], kw.pop("hand"), **kw)


def test_seeded_hands_agree() -> None:
    # the benchmark's kind of hand, many at once (bench/bench_riichi.py draws the same way)
    rng = random.Random(2026)
    n = 0
    for _ in range(400):
        counts = [0] * 34
        parts: list[str] = []
        concealed: list[int] = []
        open_hand = rng.random() < 0.4
        for _ in range(4):
            r = rng.random()
            if r < 0.6:
                s, k = rng.randrange(3), rng.randrange(7)
                group = [9 * s + k, 9 * s + k + 1, 9 * s + k + 2]
            else:
                t = rng.randrange(34)
                group = [t] * (4 if r > 0.92 else 3)
            for t in group:
                counts[t] += 1
            body = "".join(str(Tile(t).rank) for t in group) + "mpsz"[group[0] // 9]
            if len(group) == 4:
                parts.append(f"[{body}]" if open_hand else f"({body})")
            elif open_hand and rng.random() < 0.5:
                parts.append(f"[{body}]")
            else:
                concealed += group
        pair = rng.randrange(34)
        counts[pair] += 2
        concealed += [pair, pair]
        if max(counts) > 4:
            continue
        win = rng.choice(concealed)
        text = "".join(Tile(t).notation for t in sorted(concealed)) + "".join(parts)
        text += "+" + Tile(win).notation
        seat = rng.choice(SEATS)
        kw: dict[str, Any] = {
            "win": rng.choice(("ron", "tsumo")),
            "seat_wind": seat,
            "round_wind": rng.choice(("E", "S")),
            "dora": [Tile(rng.randrange(34)).notation],
            "honba": rng.randrange(4),
        }
        if kw["win"] == "ron":
            kw["discarder"] = SEATS[(SEATS.index(seat) + 2) % 4]
        for rules in (EMA, TENHOU):
            same(rules, text, **kw)
        n += 1
    assert n > 300


# ---------------------------------------------------------------------- the C kernel

GOLDEN = Path(__file__).resolve().parents[2] / "data" / "score_golden" / "input.jsonl"


def _native_only(request: pytest.FixtureRequest) -> None:
    """Skip the pure run of the ``kernels`` fixture (these compare the two paths directly)."""
    if request.node.callspec.params["kernels"] == "pure":
        pytest.skip("compares the C kernel with the pure path: once is enough")
    if not fast.NATIVE:
        pytest.skip("the C kernel is not built here")


def _args(rules: RiichiEma, case: dict[str, Any]) -> tuple[Any, ...]:
    """``score_best``'s arguments for a case, normalised as ``RiichiEma.score`` does."""
    o = rules.options
    seat = _wind(case.get("seat_wind", "E"), "seat_wind")
    assert rules._resolvers is not None
    return (
        parse_hand(case["hand"]),
        rules._resolvers,
        case.get("win", "ron") == "tsumo",
        int(seat),
        int(_wind(case.get("round_wind", "E"), "round_wind")),
        frozenset(case.get("flags", ())),
        as_tiles(case.get("dora"), "dora"),
        as_tiles(case.get("ura"), "ura"),
        case.get("honba", 0),
        o.yakuman_stack,
        o.kiriage,
        o.kazoe,
        o.two_yaku_at_five_counters,
        SEATS[int(seat) - 27],
    )


def _outcome(fn: Any, args: tuple[Any, ...]) -> Any:
    """The Best (decomposition built) or the exception's type and message."""
    try:
        best = fn(*args)
    except Exception as exc:
        return type(exc), str(exc)
    if best is None:
        return None
    make = best.decomposition
    return best._replace(decomposition=make if isinstance(make, Decomposition) else make())


def both_agree(args: tuple[Any, ...]) -> Any:
    """Run the C kernel and the pure path on the same arguments; the common outcome."""
    native = _outcome(fast._native.score_best, args)
    assert native == _outcome(fast._pure_score_best, args)
    return native


@given(winning(), st.sampled_from(sorted(RULES)))
def test_kernel_matches_pure_on_random_hands(
    request: pytest.FixtureRequest, case: dict[str, Any], rules: str
) -> None:
    _native_only(request)
    both_agree(_args(RULES[rules], case))


@pytest.mark.parametrize("rules", sorted(RULES))
def test_kernel_matches_pure_on_golden_and_special_hands(
    request: pytest.FixtureRequest, rules: str
) -> None:
    # the CLI golden corpus (both presets, varied situations) and the special hands above,
    # each also with 5 counters (EMA-HONBA-4's two-yaku rule) and as tsumo/ron
    _native_only(request)
    cases = [{"hand": h, **kw} for h, kw in SPECIAL]
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue  # the corpus's malformed lines
        if isinstance(item, dict) and "hand" in item:
            cases.append(item)
    valid = 0
    for case in cases:
        for extra in ({}, {"honba": 5}, {"win": "tsumo" if case.get("win") == "ron" else "ron"}):
            try:
                args = _args(RULES[rules], {**case, **extra})
            except (MahjongError, KeyError, TypeError):
                continue  # the corpus's bad hands and situations
            best = both_agree(args)
            valid += isinstance(best, fast.Best) and best.valid
    assert len(cases) > 250
    assert valid > 300


def test_kernel_hands_other_inputs_to_the_pure_path(request: pytest.FixtureRequest) -> None:
    # lists instead of tuples, tiles and melds built by hand (not the parser's shared objects),
    # resolvers without a kernel, a flower as dora: the pure path's answer or exception
    _native_only(request)
    case = {"hand": "123p666z1z[406m](0555s)+1z", "win": "tsumo", "dora": ["4m", "1z"]}
    args = _args(TENHOU, case)
    want = both_agree(args)
    assert isinstance(want, fast.Best)
    assert want.valid
    h = args[0]
    rebuilt = Hand(
        tuple(PhysicalTile(t.kind, t.red) for t in h.concealed),
        tuple(Meld(m.kind, tuple(PhysicalTile(t.kind, t.red) for t in m.tiles), m.concealed)
              for m in h.melds),
        (),
        PhysicalTile(h.winning.kind, h.winning.red),
    )  # fmt: skip
    assert both_agree((rebuilt, *args[1:])) == want._replace(hand=rebuilt)
    assert both_agree((h, args[1][:2], *args[2:])) == want
    assert both_agree((*args[:6], list(args[6]), *args[7:])) == want
    assert both_agree((*args[:6], (Tile.FLOWER_1,), *args[7:]))[0] is IndexError
    huge = both_agree((h, *args[1:8], 2**70, *args[9:]))  # a counter beyond a C long
    assert isinstance(huge, fast.Best)
    assert huge.han == want.han


def test_kernel_codes_are_the_declared_ids() -> None:
    # the C kernel's pattern and flag codes are positions in fast.KERNEL_IDS / KERNEL_FLAGS
    assert len(set(fast.KERNEL_IDS)) == len(fast.KERNEL_IDS)
    assert set(fast.KERNEL_IDS) == fast.COVERS
    assert set(fast.KERNEL_FLAGS) <= set(RiichiEma.flags)
    if fast.NATIVE:
        assert len(fast.KERNEL_IDS) == fast._native.NY
        assert len(fast.KERNEL_FLAGS) == fast._native.NF


def _plain(case: dict[str, Any], json_style: bool = False) -> tuple[Hand, dict[str, Any]]:
    """A case in the spellings the C kernel's whole-call lane takes: a Hand, and tuples of
    Tiles, or (``json_style``) lists of flags and of notations as a JSON input has them."""
    kw = {k: v for k, v in case.items() if k != "hand"}
    kw["flags"] = sorted(kw.get("flags", ())) if json_style else tuple(sorted(kw.get("flags", ())))
    for key in ("dora", "ura"):
        if key in kw:
            kw[key] = list(kw[key]) if json_style else as_tiles(kw[key], key)
    return parse_hand(case["hand"]), kw


def _by_python(rules: RiichiEma, hand: Hand, kw: dict[str, Any]) -> Any:
    """``rules.score`` with the whole-call lane off (the Python checks and ``_finish``)."""
    module = sys.modules[type(rules).__module__]
    saved = module.score_front
    module.score_front = fast._pure_score_front
    try:
        return rules.score(hand, **kw)
    finally:
        module.score_front = saved


def front_agrees(rules: RiichiEma, hand: Hand, kw: dict[str, Any]) -> bool:
    """Score through the C lane and through Python; same result. Whether the lane answered."""
    assert rules._front is not None
    answered = fast._native.front(
        rules._front,
        hand,
        kw.get("win", "ron"),
        kw.get("seat_wind", "E"),
        kw.get("round_wind", "E"),
        kw.get("flags", ()),
        kw.get("dora"),
        kw.get("ura"),
        {k: kw[k] for k in SITUATION if k in kw},
    )
    try:
        want = _by_python(rules, hand, kw)
    except MahjongError:  # an input the Python checks refuse: the lane must not answer it
        assert answered is NotImplemented
        return False
    if answered is NotImplemented:
        return False
    assert type(answered) is type(want)
    assert list(vars(answered)) == list(vars(want)) == list(RESULT_KEYS)
    assert answered.to_dict() == want.to_dict()  # patterns, payments, explanation...
    assert answered.decomposition == want.decomposition
    assert answered.awards == want.awards
    assert dict(answered.extra) == dict(want.extra)
    assert answered.payments == want.payments
    return True


@given(winning(), st.sampled_from(("ema", "tenhou")), st.booleans())
def test_front_matches_the_python_path(
    request: pytest.FixtureRequest, case: dict[str, Any], rules: str, json_style: bool
) -> None:
    _native_only(request)
    hand, kw = _plain(case, json_style)
    front_agrees(RULES[rules], hand, kw)


def test_front_answers_the_common_calls(request: pytest.FixtureRequest) -> None:
    # the golden corpus in the lane's spellings: most calls are answered by C, all agree
    _native_only(request)
    answered = total = 0
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        try:
            item = json.loads(line)
            rules = load_ruleset(item.pop("rules"))
            hand, kw = _plain(item, json_style=len(item) % 2 == 0)
        except (ValueError, KeyError, TypeError, AttributeError, MahjongError):
            continue  # the corpus's malformed lines
        try:
            answered += front_agrees(rules, hand, kw)
        except MahjongError:
            continue  # a situation the ruleset refuses: the Python path raises
        total += 1
    assert total > 200
    assert answered > total // 2


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"win": "tsumo", "discarder": "S"}, "no discarder"),
        ({"discarder": "E"}, "is the winner"),
        ({"discarder": "S", "flags": ("ippatsu",)}, "ippatsu needs riichi"),
        ({"discarder": "S", "honba": -1}, "honba"),
        ({"discarder": "S", "honba": True}, "honba"),
        ({"discarder": "S", "riichi_sticks": 1.5}, "riichi_sticks"),
        ({"discarder": "S", "colour": "red"}, "unknown key"),
        ({"discarder": "S", "flags": ("riichi", "nope")}, "nope"),
        ({"discarder": "S", "seat_wind": "X"}, "seat_wind"),
        ({"discarder": "S", "win": "draw"}, "win"),
        ({"discarder": "S", "flags": ("replacement",)}, "replacement needs"),
        ({"win": "tsumo", "flags": ["replacement"]}, "replacement needs"),
        ({"discarder": "S", "dora": ["5x"]}, "5x"),
        ({"discarder": "S", "dora": "5m"}, "string"),
        ({"discarder": "S", "dora": [3.5]}, "not a tile"),
    ],
)
def test_front_leaves_errors_to_the_python_path(kw: dict[str, Any], message: str) -> None:
    # bad calls are not answered by the lane: the Python checks raise their messages
    with pytest.raises(MahjongError, match=message):
        TENHOU.score(parse_hand("234m567m345p67s22p+8s"), **kw)
    with pytest.raises(MahjongError, match="riichi"):
        TENHOU.score(parse_hand("234m567m67s22p[345p]+8s"), discarder="S", flags=("riichi",))
    with pytest.raises(MahjongError, match="first_turn"):
        TENHOU.score(parse_hand("234m567m67s22p[345p]+8s"), discarder="S", flags=["first_turn"])


def test_a_deep_copy_shares_the_compiled_scorer() -> None:
    # the C kernel cannot be copied: a deep copy of the ruleset shares it and scores the same
    copied = copy.deepcopy(TENHOU)
    assert copied._resolvers is TENHOU._resolvers
    assert copied._front is None or copied._front[-1] is copied
    hand = parse_hand("234m567m345p67s22p+8s")
    kw: dict[str, Any] = {"discarder": "W", "seat_wind": "S", "flags": ("riichi",)}
    assert copied.score(hand, **kw).to_dict() == TENHOU.score(hand, **kw).to_dict()


@pytest.mark.parametrize("text", ["234m567m345p67s22p+8s", "123p666z1z[406m](0555s)+1z"])
def test_front_parses_notation_as_score_does(request: pytest.FixtureRequest, text: str) -> None:
    _native_only(request)
    kw: dict[str, Any] = {"win": "tsumo", "dora": ["4m"], "flags": []}
    assert TENHOU._front is not None
    got = fast._native.front(TENHOU._front, text, "tsumo", "E", "E", [], ["4m"], None, {})
    want = _by_python(TENHOU, parse_hand(text), kw)
    assert list(vars(got)) == list(RESULT_KEYS)
    assert got.to_dict() == want.to_dict()


def test_bad_notation_raises_the_python_message() -> None:
    with pytest.raises(MahjongError, match="unknown character") as native_or_pure:
        TENHOU.score("234m567m345p67s22x+8s", win="tsumo")
    module = sys.modules[type(TENHOU).__module__]
    saved = module.score_front
    module.score_front = fast._pure_score_front
    try:
        with pytest.raises(MahjongError) as pure:
            TENHOU.score("234m567m345p67s22x+8s", win="tsumo")
    finally:
        module.score_front = saved
    assert str(pure.value) == str(native_or_pure.value)
