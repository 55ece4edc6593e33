"""The optional C accelerator (``analysis/_cshanten.c``) against the pure-Python reference.

Both paths run on the same generated inputs: hypothesis hands of every size with 0-4 melds,
seeded random hands, every bad input class (wrong length, counts outside 0-4, a group of more
than 14 tiles, non-int items, other sequence types, bad melds). The accelerator must be built
wherever a C compiler and the Python headers are present (in CI, ``CI=true``, it must be built:
its absence fails instead of skipping). ``MURAGLIA_PURE=1`` must switch it off at import; the
tests that reach the kernels run on both paths through the ``kernels`` fixture
(``tests/conftest.py``), checked here too.
"""

from __future__ import annotations

import importlib.util
import os
import pkgutil
import random
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import muraglia.analysis
import muraglia.engine.legal
from muraglia.analysis import shanten as sh
from muraglia.errors import InvalidHandError
from muraglia.tiles import Tile


def _cannot_build() -> str | None:
    """Why this machine cannot build the accelerator (None: a C compiler and the headers work).

    Compiles a one-line extension source including ``Python.h`` with the compiler Python was
    built with (``sysconfig``'s ``CC``), as setuptools would.
    """
    cc = (sysconfig.get_config_var("CC") or "").split()
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({cc[0] if cc else 'sysconfig names none'} is not on PATH)"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        return f"no Python headers (no Python.h in {include})"
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "probe.c"
        src.write_text("#include <Python.h>\nint probe(void) { return PY_MAJOR_VERSION; }\n")
        done = subprocess.run(
            [*cc, "-c", "-fPIC", f"-I{include}", str(src), "-o", str(Path(tmp) / "probe.o")],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
        )
    if done.returncode:
        first = (done.stderr.strip().splitlines() or ["no message"])[0]
        return f"the C compiler cannot build against the Python headers: {first[:200]}"
    return None


def test_accelerator_is_built() -> None:
    """Built wherever it can be; in CI it must be; ``NATIVE`` unless ``MURAGLIA_PURE=1``."""
    if importlib.util.find_spec("muraglia.analysis._cshanten") is not None:
        pure = os.environ.get("MURAGLIA_PURE", "") not in ("", "0")
        assert sh.NATIVE is not pure
        return
    why = _cannot_build()
    if why is None:
        pytest.fail(
            "muraglia.analysis._cshanten is not built although a C compiler and the Python "
            "headers are present: reinstall (pip install -e .) and read the build's notice "
            "(pip install -v) if it still is not"
        )
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must build the C accelerator, and cannot: {why}")
    pytest.skip(f"the C accelerator cannot be built here: {why}")


def test_riichi_kernel_is_built_and_switched_off() -> None:
    """The riichi scorer's C kernel (``_criichi``): built where the shanten one is; off with
    ``MURAGLIA_PURE=1`` (then ``score_best`` is the pure function)."""
    if importlib.util.find_spec("muraglia.rulesets.riichi_ema._criichi") is None:
        if importlib.util.find_spec("muraglia.analysis._cshanten") is not None:
            pytest.fail("_cshanten is built and _criichi is not: reinstall (pip install -e .)")
        pytest.skip("the C accelerator is not built here")
    code = (
        "import muraglia.rulesets.riichi_ema.fast as f\n"
        "print(f.NATIVE, f.score_best is f._pure_score_best)\n"
    )
    for pure, want in (("1", ["False", "True"]), ("0", ["True", "False"])):
        env = {**os.environ, "MURAGLIA_PURE": pure}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        ).stdout.split()
        assert out == want


def test_pure_switch_is_honoured() -> None:
    """``MURAGLIA_PURE=1`` at import: the pure kernels, and every analysis doctest passes."""
    code = (
        "import doctest, importlib, pkgutil, muraglia.analysis as a\n"
        "import muraglia.analysis.shanten as s\n"
        "print(s.NATIVE, s.shanten_all.__module__, s.shanten_standard.__module__)\n"
        "bad = 0\n"
        "for m in pkgutil.iter_modules(a.__path__):\n"
        "    mod = importlib.import_module('muraglia.analysis.' + m.name)\n"
        "    bad += doctest.testmod(mod, optionflags=doctest.ELLIPSIS).failed\n"
        "print(bad)\n"
    )
    env = {**os.environ, "MURAGLIA_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "muraglia.analysis.shanten", "muraglia.analysis.shanten", "0"]


def _bound_kernels() -> set[Any]:
    """The shanten_all the analysis modules (the compiled one aside) and legal moves use."""
    mods = [
        sys.modules.get(f"muraglia.analysis.{m.name}")
        for m in pkgutil.iter_modules(muraglia.analysis.__path__)
        if m.name != "_cshanten"
    ]
    found = {vars(m)["shanten_all"] for m in mods if m is not None and "shanten_all" in vars(m)}
    return found | {muraglia.engine.legal.shanten_all, muraglia.analysis.shanten_all}


@pytest.mark.usefixtures("kernels")
def test_kernels_fixture_switches_every_reference(request: pytest.FixtureRequest) -> None:
    """The pure run rebinds every reference (and sets MURAGLIA_PURE); the native run has none."""
    if request.node.callspec.params["kernels"] == "pure":
        assert os.environ["MURAGLIA_PURE"] == "1"
        assert sh.shanten_standard is sh._pure_shanten_standard
        assert _bound_kernels() == {sh._pure_shanten_all}
    else:
        assert os.environ.get("MURAGLIA_PURE", "") in ("", "0")
        assert sh.shanten_standard is not sh._pure_shanten_standard
        assert _bound_kernels() == {sh.shanten_all} != {sh._pure_shanten_all}


needs_native = pytest.mark.skipif(not sh.NATIVE, reason="the C accelerator is not built here")


@st.composite
def counts_and_melds(draw: st.DrawFn) -> tuple[list[int], int]:
    melds = draw(st.integers(0, 4))
    size = 14 - 3 * melds - draw(st.integers(0, 1))
    wall = [k for k in range(34) for _ in range(4)]
    counts = [0] * 34
    for k in draw(st.permutations(wall))[:size]:
        counts[k] += 1
    return counts, melds


def _both(fn_native: Any, fn_pure: Any, *args: Any, **kw: Any) -> tuple[Any, Any]:
    """(result or exception type and message) of both functions."""
    out = []
    for fn in (fn_native, fn_pure):
        try:
            out.append(fn(*args, **kw))
        except Exception as exc:
            out.append((type(exc), str(exc)))
    return out[0], out[1]


@needs_native
@given(counts_and_melds())
def test_same_shanten_on_generated_hands(case: tuple[list[int], int]) -> None:
    counts, melds = case
    assert sh.shanten_all(counts, melds) == sh._pure_shanten_all(counts, melds)
    assert sh.shanten_all(tuple(counts), melds=melds) == sh._pure_shanten_all(counts, melds)
    for m in range(5):  # any meld count on the same tiles
        assert sh.shanten_standard(counts, m) == sh._pure_shanten_standard(counts, m)


@needs_native
def test_same_shanten_on_seeded_hands() -> None:
    rng = random.Random(19)
    wall = [k for k in range(34) for _ in range(4)]
    for i in range(30_000):
        counts = [0] * 34
        size = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)[i % 10]
        for k in rng.sample(wall, size):
            counts[k] += 1
        melds = (14 - size) // 3
        assert sh.shanten_all(counts, melds) == sh._pure_shanten_all(counts, melds), counts
        assert sh.shanten_all(counts) == sh._pure_shanten_all(counts), counts


class _Count(int):
    """An int subclass: not the fast path, handed to the pure function."""


@needs_native
@pytest.mark.parametrize(
    "counts",
    [
        [5] + [0] * 33,
        [-1] + [0] * 33,
        [4, 4, 4, 3] + [0] * 30,
        [0] * 27 + [4, 4, 4, 3, 0, 0, 0],
        [0] * 33,
        [0] * 35,
        [1.0] + [0] * 33,
        ["1"] + [0] * 33,
        [True] * 3 + [0] * 31,
        [_Count(1)] * 3 + [0] * 31,
        [2**70] + [0] * 33,
        bytes([1, 1, 1] + [0] * 31),
        bytearray([2] * 7 + [0] * 27),
        range(34),
        "abc",
        None,
    ],
)
def test_same_answer_or_error_on_odd_inputs(counts: Any) -> None:
    for melds in (0, 1):
        got, want = _both(sh.shanten_all, sh._pure_shanten_all, counts, melds)
        assert got == want
        got, want = _both(sh.shanten_standard, sh._pure_shanten_standard, counts, melds)
        assert got == want


@needs_native
@pytest.mark.parametrize("melds", [-1, 5, True, 1.0, None, _Count(1)])
def test_same_answer_or_error_on_odd_melds(melds: Any) -> None:
    counts = [1, 1, 1] + [0] * 31
    got, want = _both(sh.shanten_all, sh._pure_shanten_all, counts, melds)
    assert got == want
    got, want = _both(sh.shanten_standard, sh._pure_shanten_standard, counts, melds=melds)
    assert got == want


@needs_native
def test_call_forms() -> None:
    counts = [2] * 7 + [0] * 27
    assert sh.shanten_all(counts) == sh.shanten_all(counts, 0) == sh.shanten_all(counts, melds=0)
    assert sh.shanten_all(counts=counts) == sh._pure_shanten_all(counts=counts)
    with pytest.raises(TypeError):
        sh.shanten_all(counts, 0, 1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        sh.shanten_all(counts, bogus=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        sh.shanten_all()  # type: ignore[call-arg]


def test_a_missing_or_broken_compiler_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    real = sysconfig.get_config_var

    def config(cc: str) -> Any:
        return lambda name: cc if name == "CC" else real(name)

    monkeypatch.setattr(sysconfig, "get_config_var", config("no-such-cc-here -pthread"))
    assert _cannot_build() == "no C compiler (no-such-cc-here is not on PATH)"
    monkeypatch.setattr(sysconfig, "get_config_var", config("false"))  # runs, builds nothing
    assert str(_cannot_build()).startswith("the C compiler cannot build against the Python")


needs_native_draws = pytest.mark.skipif(
    not sh.NATIVE_DRAWS, reason="the C accelerator (with draws) is not built here"
)
KERNEL = {"draws": sh._native_draws}
"""The compiled ``draws``, kept at import where the ``kernels`` fixture's pure run (which
rebinds every module attribute naming a kernel while this module's other tests run) leaves it."""


@needs_native_draws
@given(
    counts_and_melds(),
    st.lists(st.integers(0, 33), max_size=40),
    st.integers(-1, 33),
)
def test_same_draws_on_generated_hands(
    case: tuple[list[int], int], kinds: list[int], remove: int
) -> None:
    """``DeltaShanten.draws`` (the kernel) against ``pure_draws``: every discard and nothing
    taken away, any kinds (a fifth copy or a discard of a kind not held: the same error)."""
    counts, melds = case
    hand = sh.DeltaShanten(counts, melds)
    for r in {remove, -1, *(k for k in range(34) if counts[k])}:
        got, want = _both(hand.draws, hand.pure_draws, r, kinds)
        assert got == want, (counts, melds, r, kinds)
        fair = [k for k in kinds if counts[k] - (k == r) < 4]
        if r < 0 or counts[r]:  # the kernel answers the plain calls itself
            assert KERNEL["draws"](list(counts), melds, r, fair) == hand.pure_draws(r, fair)
    assert hand.draws(-1, []) == []
    for r in (k for k in range(34) if counts[k]):  # a Tile (IntEnum) to take away: the same
        fair = [k for k in kinds if counts[k] - (k == r) < 4]
        assert hand.draws(Tile(r), fair) == hand.pure_draws(r, fair)


@needs_native_draws
def test_native_draws_declines_what_it_does_not_judge() -> None:
    """None (the pure method answers or raises) for anything off its fast path."""
    counts = [1, 1, 1, 2] + [0] * 27 + [3, 3, 2]
    assert KERNEL["draws"](counts, 0, 3, [3, 4]) == sh.DeltaShanten(counts).pure_draws(3, [3, 4])
    declined = [
        (counts, 0, 5, [1]),  # remove not held
        ([4, 4, 4, 3] + [0] * 30, 0, -1, [1]),  # a group of more than 14 tiles
        ([0] * 31 + [4, 3, 2], 0, -1, [31]),  # a fifth 5z
        (counts, 0, -1, [_Count(1)]),  # an int subclass
        (counts, 0, -1, [34]),
        (counts, 0, -2, [1]),
        (counts, 5, -1, [1]),
        (counts, True, -1, [1]),
        (tuple(counts), 0, -1, (1,)),
        (counts, 0, -1, None),
        ([1.0] + [0] * 33, 0, -1, [1]),
    ]
    for args in declined:
        assert KERNEL["draws"](*args) is None, args
    with pytest.raises(InvalidHandError, match="not held"):
        sh.DeltaShanten(counts).draws(5, [1])
    with pytest.raises(InvalidHandError, match="5 copies"):
        sh.DeltaShanten([0] * 31 + [4, 3, 2]).draws(-1, [31])


BIG = 1 << 70
"""An int beyond a C long: the kernel's ``PyLong_AsLong`` fails on it (an error set)."""


@needs_native_draws
@given(
    counts_and_melds(),
    st.lists(st.integers(-40, 40) | st.sampled_from([BIG, -BIG]), max_size=12),
    st.integers(-3, 36) | st.sampled_from([BIG, -BIG]),
)
def test_same_draws_on_any_int_arguments(
    case: tuple[list[int], int], kinds: list[int], remove: int
) -> None:
    """Kinds and discards outside 0-33 (and beyond a C long): the kernel declines, so the
    answer or the error is the pure method's, never a ``SystemError`` or a wrapped index."""
    counts, melds = case
    hand = sh.DeltaShanten(counts, melds)
    got, want = _both(hand.draws, hand.pure_draws, remove, kinds)
    assert got == want, (counts, melds, remove, kinds)
    if any(not 0 <= k < 34 for k in kinds) or remove >= 34:
        assert isinstance(want, tuple), want  # an error: no kind is read out of range
        assert want[0] is InvalidHandError or (remove < 0 and "5 copies" in want[1]), want
    assert list(hand._c) == counts  # the hand is left as it was, error or not


@needs_native_draws
def test_native_draws_declines_ints_beyond_a_c_long() -> None:
    """A melds, discard or kind beyond a C long: None with no error left set (an error set
    under a returned list is a ``SystemError`` in the caller), then the pure method's error."""
    counts = [1, 1, 1, 2] + [0] * 27 + [3, 3, 2]
    for args in [
        (counts, 0, BIG, [1]),
        (counts, 0, -BIG, [1]),
        (counts, BIG, -1, [1]),
        (counts, -BIG, -1, [1]),
        (counts, 0, -1, [BIG]),
        (counts, 0, -1, [1, -BIG]),
    ]:
        assert KERNEL["draws"](*args) is None, args
    hand = sh.DeltaShanten(counts)
    with pytest.raises(InvalidHandError, match=r"not a tile kind \(0-33\)"):
        hand.draws(BIG, [1])
    assert hand.draws(-BIG, [1]) == hand.draws(-1, [1])  # negative: nothing taken away
    with pytest.raises(InvalidHandError, match=r"not a tile kind \(0-33\)"):
        hand.draws(-1, [1, BIG])


@pytest.mark.usefixtures("kernels")
@pytest.mark.parametrize("kind", [-1, -34, 34, 40])
def test_draws_refuses_a_kind_out_of_range(kind: int) -> None:
    """``draws(-1, [-1])`` read the count of the last kind and the first suit's id table
    from the end (a silent wrong shanten): a kind outside 0-33 is an error on both paths."""
    counts = [1, 1, 1, 2] + [0] * 27 + [3, 3, 2]
    hand = sh.DeltaShanten(counts)
    for method in (hand.draws, hand.pure_draws):
        with pytest.raises(InvalidHandError, match=rf"{kind} is not a tile kind \(0-33\)"):
            method(-1, [0, kind])
        with pytest.raises(InvalidHandError, match=r"not a tile kind"):
            method(3, [kind])
    with pytest.raises(InvalidHandError, match="34 is not a tile kind"):
        hand.pure_draws(34, [0])
    assert list(hand._c) == counts


class _Listed(list[int]):
    """A list subclass whose iteration differs from its stored items."""

    def __iter__(self) -> Any:
        return iter([0] * len(self))


@needs_native_draws
def test_native_draws_declines_a_list_subclass() -> None:
    """Only an exact list is read by its items (a subclass may iterate otherwise)."""
    counts = [1, 1, 1, 2] + [0] * 27 + [3, 3, 2]
    assert KERNEL["draws"](counts, 0, -1, _Listed([9, 10])) is None
    hand = sh.DeltaShanten(counts)
    assert hand.draws(-1, _Listed([9, 10])) == hand.pure_draws(-1, [0, 0])


@needs_native_draws
def test_native_draws_keeps_its_references() -> None:
    """No reference gained or lost on the arguments, their items or None, on the answered
    and the declined calls alike, and no memory kept over many calls (tracemalloc)."""
    counts = [1, 1, 1, 2] + [0] * 27 + [3, 3, 2]
    kinds = [k for k in range(34) if counts[k] < 4]
    big = 1 << 40  # not a cached small int: its own count is meaningful
    sub = _Count(2)
    declined = [1, big, sub]
    draws = KERNEL["draws"]
    huge = BIG  # the melds/discard/kind beyond a C long
    watched = (counts, kinds, declined, big, sub, huge)  # small ints: shared, counts move
    for melds in (0, 2):  # the first calls load the tables (Python objects holding small ints)
        assert draws(counts, melds, 3, kinds) is not None
    before = [sys.getrefcount(o) for o in watched]
    nones = sys.getrefcount(None)  # shared by the whole process: off by a few, not by calls
    for _ in range(2000):
        assert draws(counts, 0, 3, kinds) is not None
        assert draws(counts, 0, -1, kinds) is not None
        assert draws(counts, 0, -1, declined) is None
        assert draws(counts, 0, huge, kinds) is None
        assert draws(counts, huge, -1, kinds) is None
        assert draws(counts, 0, -1, [1, huge]) is None
        assert draws(counts, 0, 5, kinds) is None  # not held
    after = [sys.getrefcount(o) for o in watched]
    assert after == before
    assert abs(sys.getrefcount(None) - nones) < 100  # 6000 declined calls, each one None
    tracemalloc.start()
    try:
        draws(counts, 2, 3, kinds)
        start = tracemalloc.get_traced_memory()[0]
        for _ in range(20000):
            draws(counts, 2, 3, kinds)
            draws(counts, 2, BIG, kinds)
            draws(counts, 2, 3, declined)  # its answer list made, then dropped
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert grown < 10_000, grown
