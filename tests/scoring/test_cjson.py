"""The optional C encoder of the output lines (``scoring/_cjson.c``) against the standard library.

``encode_json`` must give ``json.dumps(obj, ensure_ascii=False)`` byte for byte whatever the
path (issue 19: every ``--json``/``--jsonl`` line is that text). The compiled ``dumps``
answers the text or None (then the standard library writes it, or raises its own error): on
generated trees of every JSON type (strings with control characters, quotes, backslashes,
non-BMP characters and lone surrogates; ints past 64 bits; floats with NaN and infinities;
tuples), on the types it leaves to the library (subclasses, other objects, non-string keys)
and on nesting past its depth bound. ``dumps_utf8`` (``encode_json_utf8``, what ``score
--jsonl`` writes to a UTF-8 stdout) answers the same text's UTF-8 bytes, or None where
``dumps`` does and for a text with a lone surrogate (then the caller's error handler decides,
as writing the text would).
"""

from __future__ import annotations

import collections
import enum
import importlib.util
import json
import math
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.scoring import result
from muraglia.scoring.result import encode_json, encode_json_utf8

pytestmark = pytest.mark.usefixtures("kernels")


def reference(obj: Any) -> str:
    """What every output line is: the standard library's text."""
    return json.dumps(obj, ensure_ascii=False)


def outcome(fn: Any, obj: Any) -> Any:
    """The text of ``fn(obj)``, or its exception's type and message."""
    try:
        return fn(obj)
    except Exception as exc:
        return type(exc), str(exc)


text = st.text(st.characters(blacklist_categories=()), max_size=12)  # surrogates included
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    text,
    st.sampled_from(["", '"', "\\", "\n\r\t\b\f", "\x00\x1f\x7f", "東南", "\U0001f004", "\ud800"]),
)
trees = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.lists(inner, max_size=5).map(tuple),
        st.dictionaries(text, inner, max_size=5),
    ),
    max_leaves=40,
)


@given(trees)
def test_same_text_as_the_standard_library(tree: Any) -> None:
    want = reference(tree)
    assert encode_json(tree) == want
    native = result._dumps(tree)
    assert native is None or native == want


@given(trees)
def test_utf8_bytes_of_the_same_text(tree: Any) -> None:
    """``encode_json_utf8``: the library's text in UTF-8, or the text (lone surrogates)."""
    text = reference(tree)
    native = result._dumps_utf8(tree)
    if any("\ud800" <= c <= "\udfff" for c in text):
        assert encode_json_utf8(tree) == text  # no UTF-8 form: the writer encodes it its way
        assert native is None
    else:
        assert encode_json_utf8(tree) == text.encode("utf-8")
        assert native is None or native == text.encode("utf-8")


def test_the_compiled_encoder_writes_plain_trees(kernels: str) -> None:
    """Plain trees are the compiled encoder's own (None would mean: never used)."""
    tree = {"ok": True, "x": [1, -2, 2**64, 0.5, -0.0, math.inf, None, ("東", "\x01")], "y": {}}
    assert encode_json(tree) == reference(tree)
    if kernels == "native":
        assert result._dumps(tree) == reference(tree)
        assert result._dumps([]) == "[]"
        assert result._dumps_utf8(tree) == reference(tree).encode()
        assert result._dumps_utf8([]) == b"[]"
        assert result._dumps_utf8(["\udc80"]) is None
        assert result._dumps(["\udc80", "\ud800\U0001f004"]) == '["\udc80", "\ud800\U0001f004"]'
    else:
        assert result._dumps(tree) is None
        assert result._dumps_utf8(tree) is None


class Color(enum.IntEnum):
    RED = 1


class Name(str):
    """A str subclass (the library encodes it as a string)."""


class Weird:
    """No JSON form: the library raises TypeError."""


@pytest.mark.parametrize(
    "obj",
    [
        Color.RED,
        [Color.RED],
        Name("x"),
        {"a": Name("b")},
        collections.OrderedDict(a=1),
        {1: "int key"},
        {None: 1, True: 2, 1.5: 3},
        {("tuple", "key"): 1},
        [Weird()],
        {"set": {1}},
        b"bytes",
        [10**5000],  # past the int digits limit: the library raises ValueError
    ],
)
def test_other_types_are_left_to_the_standard_library(obj: Any) -> None:
    assert result._dumps(obj) is None or result._dumps(obj) == reference(obj)
    assert outcome(encode_json, obj) == outcome(reference, obj)
    assert result._dumps_utf8(obj) is None or result._dumps_utf8(obj) == reference(obj).encode()
    assert outcome(encode_json_utf8, obj) == outcome(lambda o: reference(o).encode(), obj)


def test_deep_nesting_is_left_to_the_standard_library() -> None:
    ok: Any = []
    for _ in range(150):
        ok = [ok]
    assert encode_json(ok) == reference(ok)
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    assert result._dumps(deep) is None
    assert result._dumps_utf8(deep) is None
    # the library's RecursionError (or its text, under a raised recursion limit)
    assert outcome(encode_json, deep) == outcome(reference, deep)


def test_a_long_line() -> None:
    tree = {"lines": ["→ é 東 \U0001f004 " * 50] * 200, "n": list(range(2000))}
    assert encode_json(tree) == reference(tree)
    assert encode_json_utf8(tree) == reference(tree).encode()


def test_built_where_the_other_kernels_are() -> None:
    """Built with the shanten kernel (pip install -e . builds both); off with MURAGLIA_PURE."""
    built = importlib.util.find_spec("muraglia.scoring._cjson") is not None
    if importlib.util.find_spec("muraglia.analysis._cshanten") is None:
        pytest.skip("the C accelerator is not built here")
    assert built, "_cshanten is built and _cjson is not: reinstall (pip install -e .)"


def test_pure_switch_at_import() -> None:
    """``MURAGLIA_PURE=1`` at import: the standard library alone writes every line."""
    code = (
        "import muraglia.scoring.result as r; "
        "print(r.NATIVE_JSON, r._dumps is r._pure_dumps, r._dumps_utf8 is r._pure_dumps_utf8)"
    )
    env = {**os.environ, "MURAGLIA_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "True", "True"]
