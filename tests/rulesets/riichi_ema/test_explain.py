"""The riichi explanation and fu breakdown against their plain formatting (issue 19's memos).

The explanation is the C kernel's ``explain`` where it is built (``ruleset.explain_lines``),
else ``ruleset._pure_explain``: both are compared with the plain formatting below, and with
each other on hypothesis-drawn inputs, calls of other types and the reference counts.

``RiichiEma._explain`` takes its fixed lines (han, B, what the win pays) from a memo by what
they say, ``Fu.labels``/``Fu.lines_both`` read their memos inline, ``count_fu`` makes its
named tuples with ``tuple.__new__``, ``Decomposition.__str__`` reads the group texts' memo,
``_reference_core`` shares one ``Reading`` per code and ``_tiles_of`` reads two-character
indicators by a table. The oracle here is the formatting before those changes, written out
plainly (no memo), on the seeded inputs of ``test_output.py`` (every shape, limit, yakuman,
fu rule, flag and situation) and its special hands, on both kernel paths; the memos are
cleared between the two passes, so that both a miss and a hit are compared.
"""

from __future__ import annotations

import sys
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.rulesets.riichi_ema.test_output import SPECIAL, cases

from muraglia.analysis import groups as groups_module
from muraglia.analysis.groups import Decomposition, Group
from muraglia.rulesets import ruleset_for
from muraglia.rulesets.base import as_tiles
from muraglia.rulesets.riichi_ema import fu as fu_module
from muraglia.rulesets.riichi_ema import ruleset as riichi
from muraglia.rulesets.riichi_ema.fu import Fu, FuItem
from muraglia.rulesets.riichi_ema.payments import ceil100
from muraglia.rulesets.riichi_ema.result import Core, RiichiResult
from muraglia.tiles import Tile

pytestmark = pytest.mark.usefixtures("kernels")


def plain_fu_lines(fu: Fu) -> tuple[list[str], list[str]]:
    """The breakdown's lines as ``Fu.lines_both`` wrote them before its memos."""
    en = [f"{i.fu:>3} fu  " + i.en + f"  ({i.ref})" for i in fu.items]
    it = [f"{i.fu:>3} fu  " + i.it + f"  ({i.ref})" for i in fu.items]
    if fu.raw != fu.total:
        en.append(f"{fu.raw:>3} fu  → rounded up to {fu.total} fu  (EMA-FU-9)")
        it.append(f"{fu.raw:>3} fu  → arrotondato a {fu.total} fu  (EMA-FU-9)")
    else:
        en.append(f"{fu.total:>3} fu  total")
        it.append(f"{fu.total:>3} fu  totale")
    return en, it


def plain_explanation(c: Core, transfers: Any, winner: str, discarder: str | None) -> Any:
    """``RiichiEma._explain`` before the memos of its fixed lines, written out plainly."""
    d = c.ctx.decomposition
    reading = f"{d.shape}: " + " ".join(map(str, d.groups))
    en, it = ["reading: " + reading], ["lettura: " + reading]
    for a in c.awards:
        names = a.names
        tail = f" ({names.get('ja', '')}): {a.value} {a.unit}  [{a.ref}]"
        en.append(names["en"] + tail)
        it.append((names.get("it") or names["en"]) + tail)
    if not c.valid:
        return (*en, "not valid: " + str(c.reason)), (*it, "non valida: " + str(c.reason))
    if c.yakuman:
        en.append(f"{c.limit}: B = {c.b}")
        it.append(f"{c.limit}: B = {c.b}")
    else:
        dora_han = c.han - c.yaku_han
        en.append(f"han: {c.yaku_han} yaku + {dora_han} dora = {c.han}")
        it.append(f"han: {c.yaku_han} da yaku + {dora_han} dora = {c.han}")
        if c.fu is not None:
            en_fu, it_fu = plain_fu_lines(c.fu)
            en += en_fu
            it += it_fu
        if c.limit:
            line = f"{c.limit}: B = {c.b}  (EMA-PAY-5)"
        else:
            line = f"B = {c.fu.total if c.fu else 0} × 2^({c.han}+2) = {c.b}  (EMA-PAY-1)"
        en.append(line)
        it.append(line)
    if c.ctx.self_drawn:
        if winner == "E":
            en.append(f"tsumo: {ceil100(2 * c.b)} x3 each")
            it.append(f"tsumo: {ceil100(2 * c.b)} x3 ciascuno")
        else:
            en.append(f"tsumo: E {ceil100(2 * c.b)}, {ceil100(c.b)} x2")
            it.append(f"tsumo: E {ceil100(2 * c.b)}, {ceil100(c.b)} x2")
    else:
        amount = ceil100((6 if winner == "E" else 4) * c.b)
        en.append(f"ron: {discarder or 'the discarder'} → {amount}")
        it.append(f"ron: {discarder or 'chi scarta'} → {amount}")
    reasons = riichi.PAYMENT_REASONS
    for payer, payee, amount, why in transfers:
        names = reasons.get(why, {"en": why, "it": why})
        en.append(f"  {payer} → {payee}: {amount} ({names['en']})")
        it.append(f"  {payer} → {payee}: {amount} ({names['it']})")
    return tuple(en), tuple(it)


def _scored(data: dict[str, Any]) -> RiichiResult | None:
    """The riichi result of one generated input (``None``: refused, or not a riichi result)."""
    try:
        result = ruleset_for(data["rules"]).score_input(data)
    except Exception:
        return None
    return result if type(result) is RiichiResult else None


def _args_of(extra: Any) -> tuple[Any, ...]:
    """The arguments of ``explain_lines`` for a result's extra."""
    c = extra._c
    transfers = extra.transfers() if c.valid and (c.tsumo or extra._discarder) else []
    return extra.core(), transfers, c.winner, extra._discarder, extra.fu_labels()


def _check(data: dict[str, Any]) -> bool:
    """Compare one input's explanation, fu lines and view with the plain formatting."""
    result = _scored(data)
    if result is None:
        return False
    extra = result.extra
    core, transfers, winner, discarder, _ = _args_of(extra)
    want = plain_explanation(core, transfers, winner, discarder)
    assert (extra.explain("en"), extra.explain("it")) == want, data
    d = core.ctx.decomposition
    assert type(d) is Decomposition
    assert d == Decomposition(d.shape, tuple(d.groups)), data
    assert hash(d) == hash(Decomposition(d.shape, tuple(d.groups)))
    reading = core.ctx.reading
    if reading is not None:
        assert reading == type(reading)(reading.group, reading.wait)
    if core.fu is not None:
        fu = core.fu
        assert type(fu) is Fu
        assert all(type(i) is FuItem for i in fu.items)
        assert fu == Fu(tuple(FuItem(*i) for i in fu.items), fu.raw, fu.total)
        assert fu.labels() == tuple((i.en, i.it) for i in fu.items)
        en, it = plain_fu_lines(fu)
        assert fu.lines_both(fu.labels()) == (tuple(en), tuple(it))
    return True


def _clear_memos() -> None:
    for memo in (
        groups_module._GROUP_TEXT,
        riichi._FIXED_LINES,
        riichi._READINGS,
        riichi._AWARD_LINES,
        riichi._TRANSFER_LINES,
        fu_module._PAIRS,
        fu_module._LINES,
        fu_module._TOTALS,
    ):
        memo.clear()


def test_explanations_match_the_plain_formatting() -> None:
    inputs = list(cases(1500, 2027)) + [
        {"rules": rules, "hand": hand, **kw}
        for hand, kw in SPECIAL
        for rules in ("riichi-ema", "riichi-tenhou")
    ]
    for _ in range(2):  # memos cleared (every line a miss), then hot (hits)
        _clear_memos()
        n = sum(_check(data) for data in inputs)
        assert n > 1200


indicators = st.lists(
    st.one_of(
        st.sampled_from(sorted(riichi._PLAIN_TILES)),
        st.sampled_from(list(Tile)),
        st.sampled_from([" 5m", "5m ", "0z", "10m", "", "5", "東", "55m"]),
        st.text(max_size=3),
        st.integers(-1, 40),
        st.none(),
    ),
    max_size=5,
)


def _outcome(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception as exc:
        return type(exc), str(exc)


@given(indicators, st.sampled_from([list, tuple]))
def test_indicators_read_as_as_tiles_reads_them(values: list[Any], kind: type) -> None:
    given_values = kind(values)
    assert _outcome(riichi._tiles_of, given_values, "dora") == _outcome(
        as_tiles, given_values, "dora"
    )


def _explain_args(data: dict[str, Any]) -> tuple[Any, ...] | None:
    result = _scored(data)
    return None if result is None else _args_of(result.extra)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_kernel_explains_as_the_reference(seed: int) -> None:
    for data in cases(25, seed):
        args = _explain_args(data)
        if args is None:
            continue
        _clear_memos()  # the kernel's misses (its makers), then its hits
        first = riichi.explain_lines(*args)
        assert first == riichi._pure_explain(*args) == riichi.explain_lines(*args), data
        assert all(type(lines) is tuple for lines in first)


def test_other_types_get_the_reference_answer() -> None:
    args = next(
        a
        for a in map(_explain_args, cases(50, 5))
        if a is not None and a[1] and a[0].fu and not a[0].yakuman and a[0].valid
    )
    core, transfers, winner, discarder, labels = args
    others = [
        (tuple(core), transfers, winner, discarder, labels),  # a plain tuple, not a Core
        (core, tuple(transfers), winner, discarder, labels),
        (core, [list(transfers[0])], winner, discarder, labels),  # unhashable: TypeError
        (core, [*transfers, ("x", "y", 1, "other")], winner, discarder, labels),
        (core, transfers, None, discarder, labels),
        (core, transfers, winner, discarder, ()),  # labels short: zip's ValueError
        (core._replace(awards=list(core.awards)), transfers, winner, discarder, labels),
        (core._replace(ctx=None), transfers, winner, discarder, labels),
        (core._replace(valid=False, reason=None), transfers, winner, discarder, labels),
        (core._replace(fu=None), transfers, winner, discarder, labels),
        (core, transfers, winner, discarder),  # four arguments
        (core, transfers, winner, discarder, list(labels)),  # the fu lines' other spellings
        (core, transfers, winner, discarder, (*labels[:-1], list(labels[-1]))),
        (core, transfers, winner, discarder, ((1, 2), *labels[1:])),
        (core._replace(fu=core.fu._replace(items=tuple(map(tuple, core.fu.items)))), *args[1:]),
        (core._replace(fu=core.fu._replace(raw=float(core.fu.raw))), *args[1:]),
        (core._replace(fu=tuple(core.fu)), *args[1:]),  # not a Fu: no total
        (core._replace(fu=()), *args[1:]),
    ]
    ctx, d = core.ctx, core.ctx.decomposition
    g = d.groups[0]

    class Shown(Group):
        """A Group of another class: its own text."""

        def __str__(self) -> str:
            return "<shown>"

    readings = [  # the reading's text: another decomposition, groups of other types
        "not a decomposition",
        Decomposition(d.shape, (Shown(g.kind, g.tile), *d.groups[1:])),
        Decomposition(d.shape, (Group(g.kind, g.tile, concealed=1), *d.groups[1:])),  # type: ignore[arg-type]
        Decomposition(d.shape, (Group(g.kind, g.tile, concealed=False), *d.groups[1:])),
        Decomposition(d.shape, [*d.groups]),  # type: ignore[arg-type]
    ]
    for reading in readings:
        other_ctx = SimpleNamespace(decomposition=reading, win=ctx.win)
        others.append((core._replace(ctx=other_ctx), transfers, winner, discarder, labels))
    for other in others:
        assert _outcome(riichi.explain_lines, *other) == _outcome(riichi._pure_explain, *other)


def test_explain_reference_counts_do_not_move() -> None:
    calls = [a for a in map(_explain_args, cases(200, 11)) if a is not None]
    # the awards, fu and transfers handed in (not None or the seat strings: shared by all)
    shared = [x for a in calls for x in (*a[0].awards, a[0].fu, *a[1]) if x is not None]
    for a in calls:  # warm: the memos fill here
        riichi.explain_lines(*a)
    before = [sys.getrefcount(x) for x in shared]
    for _ in range(10):
        for a in calls:
            riichi.explain_lines(*a)
    assert [sys.getrefcount(x) for x in shared] == before


def _fu_args() -> tuple[Any, ...]:
    """Explain arguments of a valid, non-yakuman win of at least two fu lines and a transfer."""
    return next(
        a
        for a in map(_explain_args, cases(80, 5))
        if a is not None
        and a[1]
        and a[0].valid
        and a[0].fu
        and not a[0].yakuman
        and len(a[0].fu.items) >= 2
    )


def test_a_memo_changed_while_it_is_read_leaves_the_lines_whole() -> None:
    """A fu line's lookup that compares a stored key of another type runs its ``__eq__``:
    the memo may be rebuilt meanwhile, and the lines already found must stay alive (the
    kernel held them borrowed: a freed tuple came out among the lines)."""
    args = _fu_args()
    item, label = args[0].fu.items[1], args[4][1]
    target = (item.fu, item.ref, label[0], label[1])

    class Rebuilds:
        """A key of the same hash as the second line's: its comparison rebuilds the memo."""

        armed = False

        def __hash__(self) -> int:
            return hash(target)

        def __eq__(self, other: object) -> bool:
            if Rebuilds.armed:
                Rebuilds.armed = False
                fresh = {  # new values, the old ones freed with the memo's clearing
                    k: (v[0][:1] + v[0][1:], v[1][:1] + v[1][1:])
                    for k, v in fu_module._LINES.items()
                    if k is not self
                }
                fu_module._LINES.clear()
                fu_module._LINES.update(fresh)
            return False

    _clear_memos()
    try:
        fu_module._LINES[Rebuilds()] = ("x", "y")  # type: ignore[index]  # probed first
        want = riichi._pure_explain(*args)  # (the second line's key goes in after it)
        Rebuilds.armed = True
        got = riichi.explain_lines(*args)
        assert not Rebuilds.armed, "the colliding key was not compared"
        assert got == want
        assert all(type(line) is str for lines in got for line in lines)
    finally:
        _clear_memos()


def test_keyword_calls_get_the_reference_answer() -> None:
    core, transfers, winner, discarder, labels = _fu_args()
    kw = {"transfers": transfers, "winner": winner, "discarder": discarder, "fu_labels": labels}

    def call(fn: Any, **given: Any) -> Any:
        try:
            return fn(**given)
        except Exception as exc:
            return type(exc), str(exc)

    for given_kw in ({"c": core, **kw}, {"c": core}, {"c": core, **kw, "other": 1}):
        assert call(riichi.explain_lines, **given_kw) == call(riichi._pure_explain, **given_kw)
    assert riichi.explain_lines(core, **kw) == riichi._pure_explain(core, **kw)


def test_a_refused_set_up_keeps_the_kernel_as_it_was() -> None:
    """``setup_explain`` checks every field's position before keeping any (a refused call
    once left the first positions changed: the lines read the wrong fields)."""
    if riichi.explain_lines is riichi._pure_explain:
        pytest.skip("the C kernel's explain is not built here")
    declared = riichi._EXPLAIN_SETUP
    fields = list(declared[2])
    fields[5], fields[4] = fields[4], fields[5]  # han and yaku han swapped ...
    fields[-1] = -1  # ... and a last position refused
    native = sys.modules["muraglia.rulesets.riichi_ema._criichi"]
    with pytest.raises(ValueError, match="position"):
        native.setup_explain(*declared[:2], tuple(fields), *declared[3:])
    fields = list(declared[2])
    fields[0] = sys.maxsize  # a Core of sys.maxsize + 1 fields: its length overflowed
    with pytest.raises(ValueError, match="position"):
        native.setup_explain(*declared[:2], tuple(fields), *declared[3:])
    try:
        for args in filter(None, map(_explain_args, cases(30, 9))):
            assert riichi.explain_lines(*args) == riichi._pure_explain(*args)
    finally:
        native.setup_explain(*declared)
