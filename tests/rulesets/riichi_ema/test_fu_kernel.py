"""The C kernel's ``count_fu`` (``_criichi.c``) against its reference ``fu._pure_count_fu``.

On generated complete hands (``test_output.py``'s generator: every shape, melds open and
concealed, kongs, red fives; hypothesis draws the seeds), every decomposition of every shape
and every reading of the winning tile, ron and tsumo, every seat and round wind, with and
without pinfu: the same Fu (lines, raw, total), of the same types. Contexts of other types
and bad calls give the reference's answer or error; the shared objects' reference counts do
not move over many calls.
"""

from __future__ import annotations

import random
import sys
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.rulesets.riichi_ema.test_output import _hand

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import GroupKind
from muraglia.analysis.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from muraglia.analysis.waits import Reading, readings
from muraglia.notation import parse_hand
from muraglia.rulesets.riichi_ema import fu
from muraglia.scoring.context import WinContext, WinType
from muraglia.tiles import Tile

SHAPES = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
WINDS = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
PUNG = GroupKind.PUNG


@pytest.fixture(autouse=True)
def _native() -> None:
    if fu.count_fu is fu._pure_count_fu:
        pytest.skip("the C kernel's count_fu is not built here")


def _outcome(fn: Any, *args: Any, **kw: Any) -> Any:
    try:
        out = fn(*args, **kw)
    except Exception as exc:
        return type(exc), str(exc)
    if isinstance(out, fu.Fu):
        return type(out), [type(i) for i in out.items], out
    return out


def contexts(seed: int) -> list[WinContext]:
    """Every context of a generated hand (decomposition x reading x win x winds)."""
    rng = random.Random(seed)
    made = None
    while made is None:
        made = _hand(rng)
    text, _closed, _kongs, win_kind = made
    hand = parse_hand(text)
    out = []
    for d in decompose(hand, SHAPES):
        reads: list[Reading | None] = [*readings(d, Tile(win_kind)), None]
        for r in reads:
            for win in (WinType.RON, WinType.TSUMO):
                seat, rnd = rng.choice(WINDS), rng.choice(WINDS)
                out.append(WinContext(hand, d, r, win, seat, rnd))
    return out


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_same_fu_as_the_reference(seed: int) -> None:
    for ctx in contexts(seed):
        for pinfu in (False, True):
            want = _outcome(fu._pure_count_fu, ctx, pinfu=pinfu)
            assert _outcome(fu.count_fu, ctx, pinfu=pinfu) == want, (ctx, pinfu)


def test_every_kind_of_line_is_reached() -> None:
    keys: set[str] = set()
    for seed in range(400):
        for ctx in contexts(seed):
            keys.update(i.key for i in fu.count_fu(ctx, pinfu=False).items)
    assert keys >= {
        "base_ron", "base", "seven_pairs", "dragon_pair", "seat_pair", "round_pair", "edge",
        "closed", "single", "tsumo", "open_pinfu", "pung/0/0", "pung/1/1", "kong/1/0",
    }  # fmt: skip


def _other_contexts() -> list[Any]:
    ctx = contexts(7)[0]
    fields = {k: getattr(ctx, k) for k in ("hand", "decomposition", "reading", "win")}
    fields |= {"seat_wind": ctx.seat_wind, "round_wind": ctx.round_wind}
    d = ctx.decomposition
    bad_group = SimpleNamespace(kind=d.groups[0].kind)  # no tile
    open_meld = SimpleNamespace(concealed=False)
    return [
        None,
        42,
        SimpleNamespace(**fields),  # duck-typed: the same answer
        SimpleNamespace(**{k: v for k, v in fields.items() if k != "round_wind"}),
        SimpleNamespace(**{**fields, "reading": Reading(99, ctx.wait)}),  # type: ignore[arg-type]
        SimpleNamespace(**{**fields, "reading": Reading(-1, ctx.wait)}),  # type: ignore[arg-type]
        SimpleNamespace(**{**fields, "decomposition": SimpleNamespace(shape=1, groups=())}),
        SimpleNamespace(**{**fields, "decomposition": SimpleNamespace(shape="standard")}),
        SimpleNamespace(
            **{**fields, "decomposition": SimpleNamespace(shape="standard", groups=[bad_group])}
        ),
        SimpleNamespace(
            **{**fields, "decomposition": SimpleNamespace(shape="standard", groups=(bad_group,))}
        ),
        SimpleNamespace(**{**fields, "hand": SimpleNamespace(melds=[])}),
        # every meld's concealed is read before any is judged: an open meld first does not
        # hide a later meld without one (the reference's AttributeError)
        SimpleNamespace(**{**fields, "hand": SimpleNamespace(melds=(open_meld, object()))}),
        SimpleNamespace(**{**fields, "hand": SimpleNamespace(melds=(open_meld,) * 5)}),
    ] + [  # a pung whose concealed is not a bool: the reference's key (or KeyError)
        SimpleNamespace(
            **{
                **fields,
                "decomposition": SimpleNamespace(
                    shape="standard",
                    groups=(SimpleNamespace(kind=PUNG, tile=Tile.M1, concealed=c),),
                ),
            }
        )
        for c in (1, 0, "", None)
    ]


@pytest.mark.parametrize("index", range(17))
def test_other_contexts_get_the_reference_answer(index: int) -> None:
    ctx = _other_contexts()[index]
    for pinfu in (False, True, 0, "yes"):
        want = _outcome(fu._pure_count_fu, ctx, pinfu=pinfu)
        assert _outcome(fu.count_fu, ctx, pinfu=pinfu) == want


def test_bad_calls_raise_what_the_reference_raises() -> None:
    ctx = contexts(3)[0]
    for args, kw in [((ctx,), {}), ((ctx, True), {}), ((), {"pinfu": True}), ((ctx,), {"x": 1})]:
        assert _outcome(fu.count_fu, *args, **kw) == _outcome(fu._pure_count_fu, *args, **kw)


def test_a_wait_line_of_another_type_gets_the_reference_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_WAIT_FU`` is read at each call: a value that is no ``FuItem`` (set after the
    kernel's set-up checked them) is the reference's to answer (its AttributeError), not
    read as a line by position."""
    ctxs = [c for s in range(30) for c in contexts(s) if c.wait in fu._WAIT_FU]
    assert ctxs
    for value in (("edge", 2, "EMA-FU-4"), "edge", None):
        for wait in list(fu._WAIT_FU):
            monkeypatch.setitem(fu._WAIT_FU, wait, value)
        for c in ctxs[:20]:
            want = _outcome(fu._pure_count_fu, c, pinfu=False)
            assert _outcome(fu.count_fu, c, pinfu=False) == want


def test_reference_counts_do_not_move() -> None:
    ctxs = [c for seed in range(40) for c in contexts(seed)]
    shared = [fu._BASE_RON, fu._BASE, fu._TSUMO, fu._OPEN_PINFU, fu._SEVEN_PAIRS]
    shared += list(fu._WAIT_FU.values()) + [g for c in ctxs for g in c.decomposition.groups]
    for c in ctxs:  # warm: any first-use allocation happens here
        fu.count_fu(c, pinfu=False)
    before = [sys.getrefcount(x) for x in shared]
    for _ in range(20):
        for c in ctxs:
            fu.count_fu(c, pinfu=False)
            fu.count_fu(c, pinfu=True)
    assert [sys.getrefcount(x) for x in shared] == before


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_same_labels_as_the_reference(seed: int) -> None:
    fus = [fu._pure_count_fu(c, pinfu=False) for c in contexts(seed)]
    fu._PAIRS.clear()  # misses (the reference makes them), then hits
    for f in fus:
        first = fu.labels_of(f)
        assert first == fu._pure_labels(f) == fu.labels_of(f) == f.labels()
        assert all(type(pair) is tuple for pair in first)


def test_labels_of_other_fu_get_the_reference_answer() -> None:
    fus = [fu._pure_count_fu(c, pinfu=False) for s in range(50) for c in contexts(s)]
    f = next(x for x in fus if any(i.group is not None for i in x.items))
    i = next(i for i in f.items if i.group is not None)
    g = i.group

    class Shown(type(g)):  # type: ignore[misc]
        def __str__(self) -> str:
            return "<shown>"

    others = [
        tuple(f),
        f._replace(items=tuple(map(tuple, f.items))),
        f._replace(items=list(f.items)),
        f._replace(items=(i._replace(key=1),)),
        f._replace(items=(i._replace(group=Shown(g.kind, g.tile)),)),
        f._replace(items=(i._replace(group=type(g)(g.kind, g.tile, concealed=1)),)),
        f._replace(items=(i._replace(group="a string"),)),
        None,
    ]
    for other in others:
        assert _outcome(fu.labels_of, other) == _outcome(fu._pure_labels, other)


def test_labels_by_keyword_get_the_reference_answer() -> None:
    f = fu._pure_count_fu(contexts(3)[0], pinfu=False)
    for kw in ({"fu": f}, {"fu": f, "other": 1}, {"other": f}):
        assert _outcome(fu.labels_of, **kw) == _outcome(fu._pure_labels, **kw)


def test_labels_reference_counts_do_not_move() -> None:
    fus = [fu.count_fu(c, pinfu=False) for seed in range(40) for c in contexts(seed)]
    shared = [pair for f in fus for pair in fu.labels_of(f)]  # the memo's pairs
    shared += [i.group for f in fus for i in f.items if i.group is not None]
    before = [sys.getrefcount(x) for x in shared]
    for _ in range(20):
        for f in fus:
            fu.labels_of(f)
    assert [sys.getrefcount(x) for x in shared] == before
