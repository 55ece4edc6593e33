"""Shared pytest configuration: hypothesis profiles (``ci`` is the default) and the
``kernels`` fixture (compiled and pure-Python kernels: notation, shanten, riichi and MCR
scoring, the JSON encoder)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from muraglia import notation
from muraglia.analysis import shanten as sh
from muraglia.engine import legal as engine_legal
from muraglia.engine import state as engine_state
from muraglia.rulesets.mcr import native as mcr_native
from muraglia.rulesets.mcr import search as mcr_search
from muraglia.rulesets.riichi_ema import fast
from muraglia.rulesets.riichi_ema import fu as riichi_fu
from muraglia.rulesets.riichi_ema import ruleset as riichi_ruleset
from muraglia.scoring import result as scoring_result

settings.register_profile(
    "ci",
    max_examples=50,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


NATIVE_PAIRS: list[tuple[Any, Any]] = []
"""(compiled kernel, its pure-Python reference) of every accelerator built here."""
if notation.NATIVE:  # the notation scanner's fast path (parse_hand)
    NATIVE_PAIRS += [
        (notation._scan_hand, notation._pure_scan_hand),
        (notation._scan_indicated, notation._pure_scan_indicated),
    ]
if sh.NATIVE:
    NATIVE_PAIRS += [
        (sh.shanten_all, sh._pure_shanten_all),
        (sh.shanten_standard, sh._pure_shanten_standard),
    ]
if sh.NATIVE_DRAWS:  # DeltaShanten.draws (declined: the pure method)
    NATIVE_PAIRS += [(sh._native_draws, sh._no_native_draws)]
if fast.NATIVE:
    NATIVE_PAIRS += [
        (fast.score_best, fast._pure_score_best),
        (fast.score_front, fast._pure_score_front),
    ]
if fast.build_decomposition is not fast._pure_build_decomposition:  # the chosen decomposition
    NATIVE_PAIRS += [(fast.build_decomposition, fast._pure_build_decomposition)]
if riichi_fu.count_fu is not riichi_fu._pure_count_fu:  # the fu of a reading
    NATIVE_PAIRS += [
        (riichi_fu.count_fu, riichi_fu._pure_count_fu),
        (riichi_fu.labels_of, riichi_fu._pure_labels),
    ]
if riichi_ruleset.explain_lines is not riichi_ruleset._pure_explain:  # the explanation
    NATIVE_PAIRS += [(riichi_ruleset.explain_lines, riichi_ruleset._pure_explain)]
if riichi_ruleset.output_object is not riichi_ruleset._pure_output:  # the output object
    NATIVE_PAIRS += [(riichi_ruleset.output_object, riichi_ruleset._pure_output)]
if mcr_native.NATIVE:  # MCR's decompositions, readings, waits, plan loop, resolution
    NATIVE_PAIRS += [
        (mcr_native.standard_decompositions, mcr_native._pure_standard_decompositions),
        (mcr_native.decompositions, mcr_native._pure_decompositions),
        (mcr_native.readings, mcr_native._pure_readings),
        (mcr_native.single_tile_wait, mcr_native._pure_single_tile_wait),
        (mcr_search.resolve_ids, mcr_search._pure_resolve_ids),
        (mcr_search.run_steps, mcr_search._pure_run_steps),
        (mcr_native.best_fans, mcr_native._pure_best_fans),
    ]
if scoring_result.NATIVE_JSON:  # the encoder of the output lines
    NATIVE_PAIRS += [
        (scoring_result._dumps, scoring_result._pure_dumps),
        (scoring_result._dumps_utf8, scoring_result._pure_dumps_utf8),
    ]
if engine_legal.NATIVE:  # the engine's turn loop
    NATIVE_PAIRS += [
        (engine_legal.act_actions, engine_legal._pure_act_actions),
        (engine_legal.claim_shapes, engine_legal._pure_claim_shapes),
        (engine_legal.claimants, engine_legal._pure_claimants),
        (engine_legal.completes, engine_legal._pure_completes),
        (engine_legal.mark_missed, engine_legal._pure_mark_missed),
        (engine_state._compiled_apply, engine_state._no_compiled_apply),
    ]
COMPILED = (
    "muraglia._cnotation",
    "muraglia.analysis._cshanten",
    "muraglia.rulesets.riichi_ema._criichi",
    "muraglia.rulesets.mcr._cmcr",
    "muraglia.scoring._cjson",
    "muraglia.engine._cdeal",
)


@pytest.fixture(scope="module", params=["native", "pure"])
def kernels(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run a module's tests on the compiled kernels, then on the pure-Python ones.

    The kernels: the notation scanner (``_cnotation.c``), shanten and its batched draws
    (``analysis/_cshanten.c``),
    the riichi scorer's, its decomposition's, fu count's, explanation's and output object's
    (``rulesets/riichi_ema/_criichi.c``) and MCR's decompositions, readings, single-tile
    wait, fan-plan loop, resolution and fans (``rulesets/mcr/_cmcr.c``), the encoder of the
    output lines (``scoring/_cjson.c``) and the engine's turn loop (``engine/_cdeal.c``).

    The shanten kernels (``muraglia.analysis.shanten``) and the riichi scorer's
    (``muraglia.rulesets.riichi_ema.fast.score_best`` and ``score_front``) are picked once, at
    import (``NATIVE``; the import-time switch ``MURAGLIA_PURE=1`` is tested in a subprocess
    by ``tests/analysis/test_native.py``).
    The ``pure`` run rebinds every module's reference to a compiled kernel to its pure-Python
    reference for the module's tests and sets ``MURAGLIA_PURE=1`` for the subprocesses they
    start, and restores both after (modules first imported meanwhile included); the shared
    rulesets' lanes are picked again on both sides (:func:`_refresh_shared_rulesets`). The
    ``native`` run is skipped where the accelerator is not built (``test_native.py``'s
    ``test_accelerator_is_built`` says whether that is allowed).
    Request it with ``pytestmark = pytest.mark.usefixtures("kernels")``.
    """
    if request.param == "native":
        if not NATIVE_PAIRS:
            pytest.skip("the C accelerator is not built here: the pure run covers this module")
        yield "native"
        return
    swap = {id(native): pure for native, pure in NATIVE_PAIRS}
    back = {id(pure): native for native, pure in NATIVE_PAIRS}
    before = set(sys.modules)
    swapped = _rebind(swap)
    _refresh_shared_rulesets()
    pure_env = os.environ.get("MURAGLIA_PURE")
    os.environ["MURAGLIA_PURE"] = "1"  # and the subprocesses the tests start
    try:
        yield "pure"
    finally:
        if pure_env is None:
            del os.environ["MURAGLIA_PURE"]
        else:
            os.environ["MURAGLIA_PURE"] = pure_env
        for module, name, value in swapped:
            setattr(module, name, value)
        # modules imported during the pure run bound the pure kernels
        _rebind(back, only=set(sys.modules) - before)
        _refresh_shared_rulesets()


def _refresh_shared_rulesets() -> None:
    """Make the shared rulesets' cache entries again (``ruleset_for``; same objects).

    An entry keeps the lane ``muraglia.score`` calls (``Ruleset.checked_scorer``), picked
    when the entry is made: riichi's is its compiled ``lane`` while the module calls the
    compiled front. After a swap of the kernels the entries are remade, so that the pure run
    calls the pure lane and the native run the compiled one.
    """
    from muraglia import rulesets

    for table in (rulesets._BY_TEXT, rulesets._BY_KEY):
        for key, entry in list(table.items()):
            remade = rulesets._entry(entry[0])
            table[key] = (entry[0], entry[1], *remade[2:])  # the version it was built from


def _rebind(swap: dict[int, Any], only: set[str] | None = None) -> list[tuple[Any, str, Any]]:
    """Point every module attribute whose value's id is a key of ``swap`` to its value.

    Every loaded module (muraglia's and the test modules that imported a kernel) but the
    compiled module itself; the reference names of the pure kernels (``_pure_*``) stay.
    Returns (module, name, old value) for each change.
    """
    changed = []
    for modname, module in list(sys.modules.items()):
        if modname in COMPILED or (only is not None and modname not in only):
            continue
        for name, value in list(getattr(module, "__dict__", {}).items()):
            if id(value) in swap and not name.startswith("_pure_"):
                setattr(module, name, swap[id(value)])
                changed.append((module, name, value))
    return changed
