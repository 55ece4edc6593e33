"""MCR's native kernel (``rulesets/mcr/_cmcr.c``) against the pure-Python reference (issue 19).

Both paths run on the same generated inputs: hypothesis tile counts of 14 - 3 x melds tiles
(winning or not), seeded random winning hands of every MCR family with melds, hypothesis sets
of fans found with value overrides (the resolution), the MCR pattern examples and seeded
samples (whole results compared, award tiles included) and odd inputs, which the kernel hands
back to the reference or refuses as the reference does. The kernel must be built wherever a
C compiler and the Python headers are present (in CI it must be). ``MURAGLIA_PURE=1`` switches
it off at import; this module's tests run on both paths through the ``kernels`` fixture
(``tests/conftest.py``).
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.analysis.test_native import _cannot_build

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.analysis.shapes import STANDARD, meld_group
from muraglia.cli import score as cli_score
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets.mcr import PATTERNS, McrRules, search
from muraglia.rulesets.mcr import native as nat
from muraglia.rulesets.mcr import ruleset as mcr_ruleset
from muraglia.rulesets.mcr.samples import random_winning_hand, samples
from muraglia.scoring.patterns import parse_example
from muraglia.tiles import Tile

pytestmark = pytest.mark.usefixtures("kernels")

needs_native = pytest.mark.skipif(not nat.NATIVE, reason="the MCR kernel is not built here")


def test_kernel_is_built() -> None:
    """Built wherever it can be; in CI it must be; ``NATIVE`` unless ``MURAGLIA_PURE=1``."""
    if importlib.util.find_spec("muraglia.rulesets.mcr._cmcr") is not None:
        assert nat.NATIVE or os.environ.get("MURAGLIA_PURE", "") not in ("", "0")
        return
    why = _cannot_build()
    if why is None:
        pytest.fail(
            "muraglia.rulesets.mcr._cmcr is not built although a C compiler and the Python "
            "headers are present: reinstall (pip install -e .) and read the build's notice"
        )
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must build the MCR kernel, and cannot: {why}")
    pytest.skip(f"the MCR kernel cannot be built here: {why}")


def test_pure_switch_is_honoured() -> None:
    """``MURAGLIA_PURE=1`` at import: the reference, with the same scores."""
    code = (
        "import muraglia.rulesets.mcr.native as n, muraglia\n"
        "print(n.NATIVE, muraglia.score('123m456m789m123p55s+5s', rules='mcr').fan)\n"
    )
    env = {**os.environ, "MURAGLIA_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "22"]


def _reference(hand: Hand) -> list[Decomposition]:
    return list(STANDARD.decompose(hand))


@st.composite
def counts_and_melds(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    """Concealed counts of 14 - 3 x melds tiles, skewed toward few kinds (many splits)."""
    melds = draw(st.integers(0, 4))
    kinds = draw(st.lists(st.integers(0, 33), min_size=1, max_size=8, unique=True))
    wall = [k for k in kinds for _ in range(4)]
    counts = [0] * 34
    for k in draw(st.permutations(wall))[: 14 - 3 * melds]:
        counts[k] += 1
    return tuple(counts), melds


@needs_native
@given(counts_and_melds(), st.integers(-1, 1))
def test_same_decompositions_of_generated_counts(
    case: tuple[tuple[int, ...], int], extra: int
) -> None:
    """Winning or not, with 0-4 melds (stand-in melds: exposed East pungs)."""
    counts, melds = case
    melds = min(4, max(0, melds + extra))  # sometimes a tile count that does not fit
    kernel = nat._native
    assert kernel is not None
    shown = parse_hand("[111z][111z][111z][111z]22z", strict=False).melds[:melds]
    groups = tuple(meld_group(m) for m in shown)
    want = [
        Decomposition(d.shape, d.groups + groups) for d in STANDARD.decompose_counts(counts, melds)
    ]
    assert kernel.standard(counts, shown) == want


@needs_native
def test_same_decompositions_of_seeded_hands() -> None:
    """Every MCR family, melds included: the same decompositions in the same order."""
    rng = random.Random(19)
    for _ in range(4000):
        h = parse_hand(random_winning_hand(rng).hand, red_fives=False)
        assert nat.standard_decompositions(h) == _reference(h), h.notation


@pytest.mark.parametrize("bad", [[0] * 34, (0,) * 33, (5,) + (0,) * 33, (-1,) + (0,) * 33,
                                 (1.0,) * 14 + (0,) * 20, ("1",) + (0,) * 33,
                                 (2**70,) + (0,) * 33, None])  # fmt: skip
@needs_native
def test_odd_inputs_go_to_the_reference(bad: Any) -> None:
    kernel = nat._native
    assert kernel is not None
    assert kernel.standard(bad, ()) is NotImplemented


@needs_native
def test_odd_melds_go_to_the_reference() -> None:
    kernel = nat._native
    assert kernel is not None
    counts = parse_hand("123m456m789m55p[111z]", red_fives=False).concealed_counts
    for melds in [("111z",), (None,), (Group(GroupKind.PUNG, Tile.EAST),)]:
        assert kernel.standard(counts, melds) is NotImplemented


def _dicts(items: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    return [cli_score.compute({"rules": "mcr", "hand": text, **kw}) for text, kw in items]


@needs_native
def test_same_results_on_the_examples_and_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole results (awards, tiles, payments, explanation) through both paths."""
    items = [parse_example(e) for p in PATTERNS for e in p.examples]
    items += [
        (s.hand, {"win": s.win, "seat_wind": s.seat_wind, "round_wind": s.round_wind})
        for s in samples(600, 31)
    ]
    native = _dicts(items)
    monkeypatch.setattr(mcr_ruleset, "best_fans", nat._pure_best_fans)
    monkeypatch.setattr(mcr_ruleset, "decompose", nat._pure_decompositions)
    monkeypatch.setattr(mcr_ruleset, "run_steps", search._pure_run_steps)
    monkeypatch.setattr(mcr_ruleset, "readings", nat._pure_readings)
    monkeypatch.setattr(mcr_ruleset, "single_tile_wait", nat._pure_single_tile_wait)
    monkeypatch.setattr(search, "resolve_ids", search._pure_resolve_ids)
    assert _dicts(items) == native


@needs_native
def test_same_decompositions_under_every_mcr_shape() -> None:
    """Seeded hands of every family, every MCR shape: the same decompositions, same order."""
    rng = random.Random(31)
    found = dict.fromkeys(s.id for s in McrRules.shapes)
    for i in range(3000):
        h = parse_hand(random_winning_hand(rng).hand, red_fives=False)
        for shape in McrRules.shapes:
            got = nat._native_decompositions(shape, h)
            assert got == list(shape.decompose(h)), (h.notation, shape.id)
            if got:
                found[shape.id] = i
    assert None not in found.values()  # every shape decomposed some hand
    counts = parse_hand("19m19p19s1234567z1m+1m", red_fives=False).concealed_counts
    kernel = nat._native
    assert kernel is not None
    assert kernel.special(7, counts, ()) is NotImplemented
    assert kernel.special(1, counts[:33], ()) is NotImplemented


@needs_native
def test_same_readings_of_seeded_hands() -> None:
    """Every decomposition of every MCR family, every winning tile it holds: the same readings."""
    rng = random.Random(23)
    checked = 0
    for _ in range(1500):
        h = parse_hand(random_winning_hand(rng).hand, red_fives=False)
        for d in decompose(h, McrRules.shapes):
            for t in {g.tile for g in d.groups} | {Tile(k) for k in range(34) if h.counts[k]}:
                assert nat._native_readings(d, t) == nat._pure_readings(d, t), (h.notation, t)
                checked += 1
    assert checked > 10_000
    kernel = nat._native
    assert kernel is not None
    assert kernel.readings("not a decomposition", 3) is NotImplemented
    assert kernel.readings(Decomposition("standard", ("123m",)), 3) is NotImplemented  # type: ignore[arg-type]


def _wait_case(h: Hand, drop: int) -> tuple[list[int], int, list[int]]:
    """The 13-tile hand left when the concealed tile ``drop`` is taken from ``h``."""
    concealed = list(h.concealed_counts)
    held = list(h.counts)
    concealed[drop] -= 1
    held[drop] -= 1
    return concealed, len(h.melds), held


@needs_native
def test_same_single_tile_wait_on_seeded_hands() -> None:
    """Each winning hand of every family less each of its concealed kinds: the same answer."""
    rng = random.Random(29)
    answers = {True: 0, False: 0}
    for _ in range(2500):
        h = parse_hand(random_winning_hand(rng).hand, red_fives=False)
        for drop in {k for k in range(34) if h.concealed_counts[k]}:
            case = _wait_case(h, drop)
            want = nat._pure_single_tile_wait(*case)
            assert nat._native_single_tile_wait(*case) is want, (h.notation, drop)
            answers[want] += 1
    assert min(answers.values()) > 500


@needs_native
@given(counts_and_melds())
def test_same_single_tile_wait_on_generated_counts(case: tuple[tuple[int, ...], int]) -> None:
    """Any tiles: the same answer where the tile count fits some melds, else the reference's."""
    counts, _ = case
    concealed = list(counts)
    concealed[next(i for i in range(34) if concealed[i])] -= 1
    kernel = nat._native
    assert kernel is not None
    for melds in range(5):
        held = [min(4, n + (i == 27) * 3 * melds) for i, n in enumerate(concealed)]
        if sum(concealed) != 13 - 3 * melds:
            assert kernel.single_tile_wait(concealed, melds, held) is NotImplemented
            continue
        want = nat._pure_single_tile_wait(concealed, melds, held)
        assert nat._native_single_tile_wait(concealed, melds, held) is want
    assert kernel.single_tile_wait(concealed[:33], 0, concealed) is NotImplemented
    assert kernel.single_tile_wait(concealed, 5, concealed) is NotImplemented


@needs_native
@given(
    st.dictionaries(st.sampled_from([p.id for p in PATTERNS]), st.integers(1, 4), max_size=12),
    st.dictionaries(st.sampled_from([p.id for p in PATTERNS]), st.integers(0, 88), max_size=3),
)
def test_same_resolution_of_generated_fans(found: dict[str, int], values: dict[str, int]) -> None:
    """Any fans found, any value overrides (editions, options): the same fans kept."""
    c = search.compiled()
    want = search._pure_resolve_ids(c, found, values)
    assert search._native_resolve_ids(c, found, values) == want
    assert search._native_resolve_ids(c, found, None) == search._pure_resolve_ids(c, found, None)


@needs_native
def test_resolution_errors_and_plan_runs_match() -> None:
    c = search.compiled()
    kernel = nat._native
    assert kernel is not None
    with pytest.raises(KeyError, match="no_such_fan"):
        search._native_resolve_ids(c, {"no_such_fan": 1}, None)
    with pytest.raises(TypeError):
        kernel.resolve(c.kernel, [], None)
    with pytest.raises(ValueError, match="outside the table"):
        kernel.table(("a",), (1,), ((3,),))
    # the plan loop: the same fans found, the predicates' errors propagated
    calls: list[int] = []

    def boom(ctx: Any) -> int:
        calls.append(ctx)
        if ctx == 2:
            raise RuntimeError("predicate failed")
        return 2 if ctx else 0

    steps = (("a", 1, 0, boom), ("b", 2, 0, boom), ("c", 1, 1, boom), ("d", 1, 0, bool))
    assert kernel.run(steps, 1, 1) == search._pure_run_steps(steps, 1, 1) == {"a": 2, "d": 1}
    with pytest.raises(RuntimeError, match="predicate failed"):
        kernel.run(steps, 2, 1)


def test_the_scorer_uses_the_kernel_of_this_run(request: pytest.FixtureRequest) -> None:
    """The pure run scores through the reference, the native run through the kernel."""
    pure = request.node.callspec.params["kernels"] == "pure"
    uses = nat.standard_decompositions
    assert (uses is nat._pure_standard_decompositions) is (pure or not nat.NATIVE)
    assert (mcr_ruleset.decompose is nat._pure_decompositions) is (pure or not nat.NATIVE)
    assert (mcr_ruleset.run_steps is search._pure_run_steps) is (pure or not nat.NATIVE)
    assert (search.resolve_ids is search._pure_resolve_ids) is (pure or not nat.NATIVE)
    assert (mcr_ruleset.readings is nat._pure_readings) is (pure or not nat.NATIVE)
    assert (mcr_ruleset.single_tile_wait is nat._pure_single_tile_wait) is (pure or not nat.NATIVE)
    assert (mcr_ruleset.best_fans is nat._pure_best_fans) is (pure or not nat.NATIVE)
    h = parse_hand("111222333m55p[789s]+5p", red_fives=False)
    assert uses(h) == _reference(h)
    assert [str(g) for g in uses(h)[1].groups] == ["111m", "222m", "333m", "55p", "[789s]"]
    assert McrRules().score(h).fan == McrRules().score(h.notation).fan
    assert meld_group(h.melds[0]) in uses(h)[0].groups
