"""``_cnotation.scan_indicated`` on integers past a C long answers as its pure reference.

``notation.scan_with_indicators`` never raises: the pure function compares Python ints of any
size, the C one read them with ``PyLong_AsLong`` and raised ``OverflowError``.
"""

from __future__ import annotations

import pytest

from muraglia import notation

needs_native = pytest.mark.skipif(not notation.NATIVE, reason="_cnotation is not built here")

HAND = "0m23m456p789s1122z+2z"


@needs_native
@pytest.mark.parametrize(
    ("per_suit", "limit"),
    [(2**64, 4), (1, 2**64), (2**64, 2**64), (-(2**64), 4), (1, -(2**64)), (10**30, 10**30)],
)
def test_huge_integers_answer_as_the_pure_scan(per_suit: int, limit: int) -> None:
    native = notation._native.scan_indicated(HAND, per_suit, ["5p"], None, limit)
    pure = notation._pure_scan_indicated(HAND, per_suit, ["5p"], None, limit)
    assert native == pure
    assert (native is None) is (per_suit < 0 or limit < 1)
