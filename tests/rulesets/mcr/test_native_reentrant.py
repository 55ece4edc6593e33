"""The MCR kernel is reentrant: an enumeration keeps its state on its own stack.

While ``_cmcr.standard``/``special`` make the Python decompositions, the interpreter may run
other Python code: a finalizer of a collected cycle (CPython 3.11 collects inside the
allocation that crosses the threshold) or, from there, another thread. If that code scores
another hand, the outer enumeration must not see its splits (they were in a ``static``
array: the outer call then answered the inner hand's suit splits). On interpreters that defer
the collection to the next bytecode the nested call happens later and the test passes anyway.
"""

from __future__ import annotations

import gc

import pytest

from muraglia.notation import parse_hand
from muraglia.rulesets.mcr import native as nat

needs_native = pytest.mark.skipif(not nat.NATIVE, reason="the MCR kernel is not built here")

OUTER = parse_hand("111222333m456p77s", red_fives=False)  # two splits of the characters
INNER = parse_hand("123456789p11122z", red_fives=False)
KNITTED = parse_hand("147m258p369s11122z", red_fives=False)  # a knitted straight, a set, a pair


class _Nested:
    """A cycle whose finalizer runs the kernel on another hand when it is collected."""

    def __init__(self, call: object) -> None:
        self.me = self
        self.call = call

    def __del__(self) -> None:
        assert callable(self.call)
        self.call()


@needs_native
@pytest.mark.parametrize("nested", ["standard", "special"])
def test_a_nested_enumeration_leaves_the_outer_one_alone(nested: str) -> None:
    kernel = nat._native
    assert kernel is not None
    want = nat._pure_standard_decompositions(OUTER)
    assert len(want) == 2
    calls = {
        "standard": lambda: kernel.standard(INNER.concealed_counts, INNER.melds),
        "special": lambda: kernel.special(3, KNITTED.concealed_counts, KNITTED.melds),
    }
    threshold = gc.get_threshold()
    gc.collect()
    try:
        for garbage in range(1, 40):
            for _ in range(garbage):
                _Nested(calls[nested])
            gc.set_threshold(1)
            got = kernel.standard(OUTER.concealed_counts, OUTER.melds)
            gc.set_threshold(*threshold)
            assert got == want, garbage
    finally:
        gc.set_threshold(*threshold)
        gc.collect()
