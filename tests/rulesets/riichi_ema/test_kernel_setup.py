"""The riichi C kernel's set-up: the Python side picks each kernel only when it takes it.

Where ``_criichi`` is built (and ``MURAGLIA_PURE`` unset) ``count_fu``, ``Fu.labels``,
the explanation and the chosen decomposition are the kernel's (so their differential tests
compare something); a build older than the declarations handed to it (``setup_fu`` or
``setup_explain`` refusing them, as a build from before their last arguments does) leaves
those pure, and the package imports and scores as the pure path does.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest

from muraglia.kernels import pure_forced
from muraglia.rulesets.riichi_ema import fast, fu
from muraglia.rulesets.riichi_ema import ruleset as riichi

BUILT = importlib.util.find_spec("muraglia.rulesets.riichi_ema._criichi") is not None


def test_the_built_kernels_are_the_ones_called() -> None:
    if not BUILT or pure_forced():
        pytest.skip("the C kernel is not built here, or the pure path is forced")
    assert fast.NATIVE
    assert fu.count_fu is not fu._pure_count_fu
    assert fu.labels_of is not fu._pure_labels
    assert riichi.explain_lines is not riichi._pure_explain
    assert fast.build_decomposition is not fast._pure_build_decomposition


OLDER_BUILD = """
import json, sys
import muraglia.kernels as kernels

real = kernels.compiled


class Older:
    '''The built kernel whose setup_fu and setup_explain refuse today's declarations.'''

    def __init__(self, module):
        self._module = module

    def __getattr__(self, name):
        return getattr(self._module, name)

    def setup_fu(self, *args):
        raise TypeError(f"setup_fu() takes exactly 9 arguments ({len(args)} given)")

    def setup_explain(self, *args):
        raise TypeError(f"setup_explain() takes exactly 11 arguments ({len(args)} given)")


def compiled(name):
    module = real(name)
    return Older(module) if module is not None and name.endswith("._criichi") else module


kernels.compiled = compiled
import muraglia
from muraglia.rulesets.riichi_ema import fast, fu, ruleset

paths = [fast.NATIVE, fu.count_fu is fu._pure_count_fu, fu.labels_of is fu._pure_labels,
         ruleset.explain_lines is ruleset._pure_explain]
hands = ["234m567p11s789s[555z]+1s", "123m456m789m11p234s+4s", "1133557799m1122p+2p"]
out = [muraglia.score(h, rules="riichi-ema", seat_wind="S", round_wind="E").to_dict()
       for h in hands]
print(json.dumps([paths, out]))
"""


def test_an_older_build_leaves_the_python_side_pure() -> None:
    if not BUILT:
        pytest.skip("the C kernel is not built here")
    env = {k: v for k, v in os.environ.items() if k != "MURAGLIA_PURE"}
    older = subprocess.run(
        [sys.executable, "-c", OLDER_BUILD], check=False, env=env, capture_output=True, text=True
    )
    assert older.returncode == 0, older.stderr[-2000:]
    pure = subprocess.run(
        [sys.executable, "-c", OLDER_BUILD],
        env={**env, "MURAGLIA_PURE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    (native, fu_pure, labels_pure, explain_pure), got = json.loads(older.stdout)
    assert native  # the scorer's kernels are on ...
    assert (fu_pure, labels_pure, explain_pure) == (True, True, True)  # ... these are not
    assert got == json.loads(pure.stdout)[1]
