"""The C kernel's ``build_decomposition`` (``_criichi.c``) against its reference.

The reference is ``fast._pure_build_decomposition``.

On generated complete hands (``test_output.py``'s generator; hypothesis draws the seeds),
every combination of each suit's splits (``fast.suit_entry``: sets only, and sets plus a
pair): the same Decomposition, of the same shape object and the same shared group objects.
Other shapes, splits and hands of other types give the reference's answer or error; the
shared groups' reference counts do not move over many calls.
"""

from __future__ import annotations

import itertools
import random
import sys
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.rulesets.riichi_ema.test_output import _hand

from muraglia.analysis.groups import Decomposition
from muraglia.notation import parse_hand
from muraglia.rulesets.riichi_ema import fast


@pytest.fixture(autouse=True)
def _native() -> None:
    if fast.build_decomposition is fast._pure_build_decomposition:
        pytest.skip("the C kernel's build_decomposition is not built here")


def _outcome(fn: Any, *args: Any, **kw: Any) -> Any:
    try:
        out = fn(*args, **kw)
    except Exception as exc:
        return type(exc), str(exc)
    if isinstance(out, Decomposition):
        return type(out), id(out.shape), [id(g) for g in out.groups], out
    return out


def inputs(seed: int) -> list[tuple[Any, str, Any]]:
    """(hand, "standard", splits) for every combination of the suits' splits of a hand."""
    rng = random.Random(seed)
    made = None
    while made is None:
        made = _hand(rng)
    hand = parse_hand(made[0])
    counts = hand.concealed_counts
    options = []
    for s in range(3):
        plain, paired = fast.suit_entry(tuple(counts[9 * s : 9 * s + 9]))
        options.append((*plain, *paired) or (None,))
    return [
        (hand, "standard", combo)
        for combo in itertools.islice(itertools.product(*options), 50)
        if None not in combo
    ]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_same_decomposition_as_the_reference(seed: int) -> None:
    for args in inputs(seed):
        want = _outcome(fast._pure_build_decomposition, *args)
        assert _outcome(fast.build_decomposition, *args) == want, args


def test_hands_with_melds_and_honours_are_reached() -> None:
    melds = honours = n = 0
    for seed in range(300):
        for hand, _, splits in inputs(seed):
            d = fast.build_decomposition(hand, "standard", splits)
            n += 1
            melds += bool(hand.melds)
            honours += any(g.tile >= 27 and g.meld is None for g in d.groups)
    assert n > 200
    assert melds > 30
    assert honours > 30


def _others() -> list[tuple[Any, ...]]:
    hand, shape, splits = next(a for s in range(50) for a in inputs(s) if a[0].melds)
    first = splits[0]
    counts, rest = hand.concealed_counts, (shape, splits)
    return [
        (hand, "seven_pairs", None),
        (hand, "thirteen_orphans", None),
        (hand, "standard", None),
        (hand, "other", splits),  # the reference reads the splits whatever the shape
        (hand, shape, list(splits)),
        (hand, shape, splits[:2]),
        (hand, shape, (tuple(first), *splits[1:])),  # a plain tuple: no .groups
        (hand, shape, (first._replace(groups=(200,)), *splits[1:])),  # outside the table
        (hand, shape, (first._replace(groups=(-1,)), *splits[1:])),  # Python's index wraps
        (hand, shape, (first._replace(groups=(7,)), *splits[1:])),  # no chow starts at 8m
        (hand, shape, (first._replace(groups=[0]), *splits[1:])),
        (SimpleNamespace(concealed_counts=list(hand.concealed_counts), melds=()), shape, splits),
        (SimpleNamespace(concealed_counts=hand.concealed_counts), shape, splits),
        (None, shape, splits),
        (hand, shape),
        # past a C long or Py_ssize_t: the reference's answer (an IndexError; a pair of East)
        (hand, shape, (first._replace(groups=(2**64,)), *splits[1:])),
        (hand, shape, (first._replace(groups=(2**63 - 3,)), splits[1], splits[2])),
        (hand, shape, (*splits[:2], splits[2]._replace(groups=(2**63 - 3,)))),
        (SimpleNamespace(concealed_counts=(*counts[:27], 2**64, *counts[28:]), melds=()), *rest),
    ]


def test_keyword_calls_get_the_reference_answer() -> None:
    hand, shape, splits = next(a for s in range(50) for a in inputs(s) if a[0].melds)
    for kw in (
        {"hand": hand, "shape": shape, "splits": splits},
        {"shape": shape, "splits": splits},
        {"splits": splits, "other": 1},
    ):
        args = (hand,) if "hand" not in kw else ()
        assert _outcome(fast.build_decomposition, *args, **kw) == _outcome(
            fast._pure_build_decomposition, *args, **kw
        )


@pytest.mark.parametrize("index", range(19))
def test_other_inputs_get_the_reference_answer(index: int) -> None:
    args = _others()[index]
    assert _outcome(fast.build_decomposition, *args) == _outcome(
        fast._pure_build_decomposition, *args
    )


def test_decomposition_reference_counts_do_not_move() -> None:
    calls = [a for s in range(60) for a in inputs(s)]
    shared = [g for g in fast.SPLIT_GROUPS if g is not None] + [c[0] for c in calls]
    shared += [m for c in calls for m in c[0].melds]
    for c in calls:  # warm: the melds' groups are remembered here
        fast.build_decomposition(*c)
    before = [sys.getrefcount(x) for x in shared]
    for _ in range(10):
        for c in calls:
            fast.build_decomposition(*c)
    assert [sys.getrefcount(x) for x in shared] == before
