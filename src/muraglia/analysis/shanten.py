"""Shanten (tiles away from a complete hand) and ukeire (useful tiles), table-driven.

Definition used throughout: the *replacement number* ``r`` of a hand is the least number of its
concealed tiles that must be swapped for other tiles to make a complete hand of the given shape
(with at most four copies of any kind among the concealed tiles), and ``shanten = r - 1``:
``-1`` is complete, ``0`` is ready (tenpai). It works for 14-tile hands (3n+2) and 13-tile hands
(3n+1, where the target has one tile more than the hand) alike.

Standard shape (``4 - melds`` sets and a pair). A target uses ``m_g`` sets and ``p_g`` pairs in
each of the four groups (three suits, honours); for every group the precomputed tables of
:mod:`muraglia.analysis._tables` give ``overlap_g(m, p)``, the most of the group's tiles such a
target can use. Since a set or pair that uses none of the hand's tiles fits anywhere, the best
target maximises ``sum_g overlap_g(m_g, p_g)`` over ``sum m_g = M``, ``sum p_g = 1``, and then
``shanten = 3M + 2 - overlap - 1``. Each call does four dictionary lookups keyed by slices of
``bytes(counts)``, one lookup in a precomputed table of combined suit pairs, and one tiny
max-plus step over the ``M + 1`` ways to split the sets between two halves.

Seven pairs (seven *different* kinds, four of a kind counts once), thirteen orphans and the MCR
knitted shapes use closed formulas on counts.

>>> counts = [0] * 34
>>> for i in (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28):
...     counts[i] += 1
>>> shanten_all(counts)
0
>>> ukeire(counts)
Ukeire(shanten=0, tiles=(27, 28), count=4)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import add, itemgetter
from types import ModuleType
from typing import Protocol

from muraglia.analysis import _tables
from muraglia.errors import InvalidHandError
from muraglia.kernels import compiled
from muraglia.notation import MAX_MELDS
from muraglia.tiles import (
    COPIES,
    HAND_SIZE,
    NUM_KINDS,
    NUM_SUITED,
    ORPHAN_INDICES,
    RANKS,
    SUIT_STARTS,
)


def _load_native() -> ModuleType | None:
    """The optional compiled kernels (``_cshanten``), unless ``MURAGLIA_PURE=1`` or not built."""
    return compiled("muraglia.analysis._cshanten")


_native = _load_native()
NATIVE = _native is not None
"""Whether :func:`shanten_all` and :func:`shanten_standard` run the compiled kernels."""

__all__ = [
    "DeltaShanten",
    "Ukeire",
    "discard_ukeire",
    "shanten_all",
    "shanten_honors_knitted",
    "shanten_honours_knitted",
    "shanten_knitted_straight",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "ukeire",
]

_ORPHANS = ORPHAN_INDICES
_orphans = itemgetter(*_ORPHANS)
_KNITTED_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))

_SUIT = _tables.SUIT_IDS
# The four group slices of a 34-count vector (man, pin, sou, honours), built once: indexing
# with a module-level slice costs no more than a literal slice.
_MAN = slice(0, SUIT_STARTS[1])
_PIN = slice(SUIT_STARTS[1], SUIT_STARTS[2])
_SOU = slice(SUIT_STARTS[2], NUM_SUITED)
_HON = slice(NUM_SUITED, NUM_KINDS)
_NUM_HONOURS = NUM_KINDS - NUM_SUITED
_SEVEN_ZEROS = NUM_KINDS - 7
"""Kinds absent beyond which seven pairs lacks kinds (fewer than seven distinct held)."""
_KINDS = range(NUM_KINDS)
_PAIR_COPIES = 2
"""Copies of a pair."""
_NO_KOKUSHI = 3
"""A standard shanten at or below this leaves thirteen orphans no lower (see shanten_all)."""
_HONOUR = _tables.HONOUR_IDS


def _ensure() -> None:
    """Load the tables (built once, then cached on disk) and the final melds-0 table."""
    global _NHONOUR, _STRIDE, _NY  # noqa: PLW0603
    _tables.load_tables()
    _STRIDE = len(_tables.SUIT_ENTRIES)
    _NHONOUR = len(_tables.HONOUR_ENTRIES)
    xs: dict[tuple[int, ...], int] = {}
    ys: dict[tuple[int, ...], int] = {}
    x_ids = [xs.setdefault(e, len(xs)) for e in _PAIR]
    y_ids = [ys.setdefault(e, len(ys)) for e in _PAIR_HONOUR]
    _NY = len(ys)
    final = [
        13 - max([x[i] + y[9 - i] for i in range(10)]) for x in xs for y in ys
    ]  # 4 sets + pair split between (man, pin) and (sou, honours)
    _PY[:] = y_ids
    _FINAL[:] = final
    _PX[:] = [i * _NY for i in x_ids]
    _X_ENTRIES[:] = xs
    _Y_ENTRIES[:] = ys
    if _native is not None:
        _native.set_tables(
            _tables.SUIT_DENSE,
            _tables.HONOUR_DENSE,
            _STRIDE,
            _NHONOUR,
            array("i", _PX),
            array("i", _PY),
            array("b", _FINAL),
        )


def _final_bytes(melds: int) -> bytes:
    """:func:`_final_table` as int8 bytes (for the compiled kernels)."""
    return array("b", _final_table(melds)).tobytes()


_PAIR = _tables.SUIT_PAIRS
_PAIR_HONOUR = _tables.SUIT_HONOUR_PAIRS
_PX: list[int] = []
"""man+pin pair index -> (combined id * _NY)."""
_PY: list[int] = []
"""sou+honour pair index -> combined id."""
_FINAL: list[int] = []
"""Shanten without melds for each (man+pin, sou+honours) combined id pair."""
_STRIDE = 0
_NHONOUR = 0
_NY = 0
_X_ENTRIES: list[tuple[int, ...]] = []
"""The distinct (man, pin) pair entries, by combined id."""
_Y_ENTRIES: list[tuple[int, ...]] = []
"""The distinct (sou, honours) pair entries, by combined id."""
_FINALS: dict[int, list[int]] = {}
"""Standard-shape shanten per declared melds, indexed like :data:`_FINAL` (built on demand)."""


def _final_table(melds: int) -> list[int]:
    """Standard shanten for each (man+pin, sou+honours) combined id pair with ``melds`` melds."""
    if not _PX:
        _ensure()
    if melds == 0:
        return _FINAL
    table = _FINALS.get(melds)
    if table is None:  # _standard(x, y, melds) for every pair, with the terms gathered once
        sets = 4 - melds
        pairs = [(2 * m, 2 * (sets - m) + 1) for m in range(sets + 1)]
        pairs += [(2 * m + 1, 2 * (sets - m)) for m in range(sets + 1)]
        xs = [[x[i] for i, _ in pairs] for x in _X_ENTRIES]
        ys = [[y[j] for _, j in pairs] for y in _Y_ENTRIES]
        top = 3 * sets + 1
        table = _FINALS[melds] = [top - max(0, *map(add, xt, yt)) for xt in xs for yt in ys]
    return table


def _bad_counts(counts: Sequence[int]) -> InvalidHandError:
    if len(counts) != NUM_KINDS:
        return InvalidHandError(f"expected {NUM_KINDS} tile counts, got {len(counts)}")
    for i, c in enumerate(counts):
        if not 0 <= c <= COPIES:
            return InvalidHandError(f"tile kind {i} has {c} copies (0-4 allowed)")
    return InvalidHandError("a suit or the honours hold more than 14 tiles")


def shanten_standard(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten of the standard shape: ``4 - melds`` sets and a pair.

    Args:
        counts: 34 concealed tile counts.
        melds: Number of declared melds (each one is a set already made).

    Returns:
        The shanten number (-1 when complete).

    Raises:
        InvalidHandError: When the counts are not 34 values in 0-4.

    >>> shanten_standard([3, 1, 1, 1] + [0] * 23 + [2, 0, 0, 0, 0, 0, 0], melds=2)
    -1
    """
    if not _PX:
        _ensure()
    try:
        raw = bytes(counts)
        if melds == 0 and len(raw) == NUM_KINDS:
            return _FINAL[
                _PX[_SUIT[raw[_MAN]] * _STRIDE + _SUIT[raw[_PIN]]]
                + _PY[_SUIT[raw[_SOU]] * _NHONOUR + _HONOUR[raw[_HON]]]
            ]
        index = (
            _PX[_SUIT[raw[_MAN]] * _STRIDE + _SUIT[raw[_PIN]]]
            + _PY[_SUIT[raw[_SOU]] * _NHONOUR + _HONOUR[raw[_HON]]]
        )
    except (KeyError, ValueError, TypeError):
        raise _bad_counts(counts) from None
    if len(raw) != NUM_KINDS:
        raise _bad_counts(counts)
    if not 0 <= melds <= MAX_MELDS:
        raise InvalidHandError(f"{melds} declared melds (0-4 allowed)")
    return _final_table(melds)[index]  # the max-plus step of _standard, tabulated per melds


def shanten_seven_pairs(counts: Sequence[int]) -> int:
    """Shanten of seven different pairs (a four of a kind counts as one pair).

    Args:
        counts: 34 concealed tile counts (13 or 14 tiles, no melds).

    Returns:
        The shanten number (-1 when complete).

    >>> shanten_seven_pairs([2] * 6 + [1, 1] + [0] * 26)
    0
    """
    kinds = (
        NUM_KINDS - counts.count(0)
        if isinstance(counts, list | tuple)
        else sum(1 for c in counts if c)
    )
    pairs = sum(1 for c in counts if c >= _PAIR_COPIES)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_thirteen_orphans(counts: Sequence[int]) -> int:
    """Shanten of thirteen orphans (one of each terminal and honour, plus a pair of one).

    Args:
        counts: 34 concealed tile counts.

    Returns:
        The shanten number (-1 when complete).

    >>> orphans = [1 if i in (0, 8, 9, 17, 18, 26) else 0 for i in range(27)] + [1] * 7
    >>> shanten_thirteen_orphans(orphans)
    0
    >>> orphans[33] = 2
    >>> shanten_thirteen_orphans(orphans)
    -1
    """
    present = 0
    pair = 0
    for i in _ORPHANS:
        c = counts[i]
        if c:
            present += 1
            if c >= _PAIR_COPIES:
                pair = 1
    return 13 - present - pair


def shanten_all(counts: Sequence[int], melds: int = 0) -> int:
    """Least shanten of the standard shape, seven pairs and thirteen orphans.

    Seven pairs and thirteen orphans count only when ``melds == 0``.

    Args:
        counts: 34 concealed tile counts.
        melds: Number of declared melds.

    Returns:
        The shanten number (-1 when complete).

    Raises:
        InvalidHandError: When the counts are not 34 values in 0-4.

    >>> shanten_all([2] * 7 + [0] * 27)
    -1
    """
    if melds or not isinstance(counts, (list, tuple)):
        best = shanten_standard(counts, melds)
        if melds or best < 0:
            return best
        return min(best, shanten_seven_pairs(counts), shanten_thirteen_orphans(counts))
    # the hot path: shanten_standard inlined for a 34-count list or tuple without melds
    if not _PX:
        _ensure()
    try:
        raw = bytes(counts)
        best = _FINAL[
            _PX[_SUIT[raw[_MAN]] * _STRIDE + _SUIT[raw[_PIN]]]
            + _PY[_SUIT[raw[_SOU]] * _NHONOUR + _HONOUR[raw[_HON]]]
        ]
    except (KeyError, ValueError, TypeError):
        raise _bad_counts(counts) from None
    if len(raw) != NUM_KINDS:
        raise _bad_counts(counts)
    if best < 0:
        return best
    zeros = raw.count(0)
    pairs = NUM_KINDS - zeros - raw.count(1)
    seven = 6 - pairs + (zeros - _SEVEN_ZEROS if zeros > _SEVEN_ZEROS else 0)
    if best <= _NO_KOKUSHI:
        # A standard target covers at most five distinct terminal/honour kinds (one per set
        # and the pair), so standard >= present - 6 while thirteen orphans >= 12 - present:
        # with standard <= 3 thirteen orphans can never be lower.
        return seven if seven < best else best
    if seven < best:  # noqa: PLR1730 - a plain comparison is faster than min() here
        best = seven
    orph = _orphans(raw)
    present = 13 - orph.count(0)
    kokushi = 13 - present - (1 if present > orph.count(1) else 0)
    return kokushi if kokushi < best else best


class _ShantenFn(Protocol):
    def __call__(self, counts: Sequence[int], melds: int = 0) -> int: ...


_pure_shanten_all: _ShantenFn = shanten_all
"""The pure-Python :func:`shanten_all` (the reference; also what the native one falls back to)."""
_pure_shanten_standard: _ShantenFn = shanten_standard
"""The pure-Python :func:`shanten_standard`."""
if _native is not None:
    _native.setup(shanten_all, shanten_standard, _ensure, _final_bytes)
    shanten_all = _native.shanten_all
    shanten_standard = _native.shanten_standard


def _no_native_draws(counts: list[int], melds: int, remove: int, kinds: list[int]) -> None:
    """The compiled ``draws`` where none is built: declines every call (the pure method)."""


_native_draws: Callable[[list[int], int, int, list[int]], list[int] | None] = getattr(
    _native, "draws", _no_native_draws
)
NATIVE_DRAWS = _native_draws is not _no_native_draws
"""Whether :meth:`DeltaShanten.draws` runs the compiled kernel (``_cshanten.draws``; a kernel
built before it had one leaves the pure method)."""


class DeltaShanten:
    """Shanten of one hand after taking a tile away and/or adding one, from per-group ids.

    :func:`shanten_all` looks up the four groups (three suits, honours) of the whole hand on
    every call; a bot comparing every discard, and every draw after each discard, changes
    only one or two groups at a time. This keeps the hand's group ids, looks up only the
    changed group, and updates the seven-pairs counts by the change.
    ``DeltaShanten(counts, melds).shanten(remove, add)`` equals
    ``shanten_all(counts - remove + add, melds)`` (``-1``: no tile taken away / added).

    >>> counts = [0] * 34
    >>> for i in (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28, 33):
    ...     counts[i] += 1
    >>> d = DeltaShanten(counts)
    >>> d.shanten(33), d.shanten(27), d.shanten(33, 28)
    (0, 1, -1)
    >>> d.shanten(33, 28) == shanten_all(counts[:28] + [3] + counts[29:33] + [0])
    True

    Raises:
        InvalidHandError: When the counts are not 34 values in 0-4 (on construction), or a
            change takes away a tile not held or adds a fifth copy.
    """

    __slots__ = ("_c", "_final", "_ids", "_keys", "_melds", "_next", "_pairs", "_zeros")

    def __init__(self, counts: Sequence[int], melds: int = 0) -> None:
        if not _PX:
            _ensure()
        if not 0 <= melds <= MAX_MELDS:
            raise InvalidHandError(f"{melds} declared melds (0-4 allowed)")
        try:
            raw = bytes(counts)
            keys = (raw[_MAN], raw[_PIN], raw[_SOU], raw[_HON])
            self._ids = [_SUIT[keys[0]], _SUIT[keys[1]], _SUIT[keys[2]], _HONOUR[keys[3]]]
        except (KeyError, ValueError, TypeError):
            raise _bad_counts(counts) from None
        if len(raw) != NUM_KINDS:
            raise _bad_counts(counts)
        self._c = list(raw)
        self._keys = keys
        self._melds = melds
        self._zeros = raw.count(0)
        self._pairs = NUM_KINDS - self._zeros - raw.count(1)
        self._next = [_next_ids(k) for k in keys]
        self._final = _final_table(melds)

    def shanten(self, remove: int = -1, add: int = -1) -> int:
        """Shanten after taking away one ``remove`` and adding one ``add`` (each optional)."""
        c = self._c
        zeros = self._zeros
        pairs = self._pairs
        ids = self._ids
        if remove >= 0:
            n = c[remove]
            if n == 0:
                raise InvalidHandError(f"tile kind {remove} is not held")
            if n == 1:
                zeros += 1
            elif n == _PAIR_COPIES:
                pairs -= 1
        if add >= 0:
            n = c[add] - (add == remove)
            if n >= COPIES:
                raise InvalidHandError(f"tile kind {add} would have 5 copies")
            if n == 0:
                zeros -= 1
            elif n == 1:
                pairs += 1
        if remove >= 0 or add >= 0:
            ids = ids.copy()
            gr = remove // RANKS if remove >= 0 else -1
            ga = add // RANKS if add >= 0 else -1
            if gr == ga:
                if remove != add:
                    own = bytearray(self._keys[gr])
                    own[remove - RANKS * gr] -= 1
                    ids[gr] = _next_ids(bytes(own))[0][add - RANKS * ga]
            else:
                if gr >= 0:
                    ids[gr] = self._next[gr][1][remove - RANKS * gr]
                if ga >= 0:
                    ids[ga] = self._next[ga][0][add - RANKS * ga]
            if min(ids) < 0:
                raise InvalidHandError("a suit or the honours hold more than 14 tiles")
        best = self._final[_PX[ids[0] * _STRIDE + ids[1]] + _PY[ids[2] * _NHONOUR + ids[3]]]
        if best < 0 or self._melds:
            return best
        seven = 6 - pairs + (zeros - _SEVEN_ZEROS if zeros > _SEVEN_ZEROS else 0)
        if best <= _NO_KOKUSHI:  # thirteen orphans cannot be lower (see shanten_all)
            return seven if seven < best else best
        if seven < best:  # noqa: PLR1730 - a plain comparison is faster than min() here
            best = seven
        if remove >= 0:
            c[remove] -= 1
        if add >= 0:
            c[add] += 1
        orph = _orphans(c)
        if remove >= 0:
            c[remove] += 1
        if add >= 0:
            c[add] -= 1
        present = 13 - orph.count(0)
        kokushi = 13 - present - (1 if present > orph.count(1) else 0)
        return kokushi if kokushi < best else best

    def draws(self, remove: int, kinds: Sequence[int]) -> list[int]:
        """The shanten after taking away ``remove`` and adding each of ``kinds`` in turn.

        ``[self.shanten(remove, k) for k in kinds]``, with the groups the draw does not touch
        combined once (the inner loop of an ukeire count); ``remove`` ``-1``: nothing taken
        away (the waits of a ready hand: ``[self.shanten(add=k) for k in kinds]``).

        >>> counts = [0] * 34
        >>> for i in (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28, 33):
        ...     counts[i] += 1
        >>> DeltaShanten(counts).draws(33, [27, 28, 29])
        [-1, -1, 0]
        >>> counts[33] -= 1
        >>> DeltaShanten(counts).draws(-1, [27, 28, 29])
        [-1, -1, 0]

        The compiled kernel answers a list of kinds where built (:data:`NATIVE_DRAWS`); this
        method (:meth:`pure_draws`) is the reference, and answers whatever the kernel
        declines (errors included).

        Raises:
            InvalidHandError: for ``remove`` not held or not a kind (above 33), a kind of
                ``kinds`` outside 0-33, a fifth copy or a group of more than 14 tiles.
        """
        if kinds.__class__ is list and isinstance(remove, int):  # a Tile too (an IntEnum)
            out = _native_draws(self._c, self._melds, int(remove), kinds)
            if out is not None:
                return out
        return self.pure_draws(remove, kinds)

    def pure_draws(self, remove: int, kinds: Sequence[int]) -> list[int]:
        """:meth:`draws` in pure Python (the reference of the compiled kernel)."""
        c = self._c
        plus = [nx[0] for nx in self._next]
        if remove >= NUM_KINDS:
            raise InvalidHandError(f"{remove!r} is not a tile kind (0-{NUM_KINDS - 1})")
        if remove >= 0:
            n = c[remove]
            if n == 0:
                raise InvalidHandError(f"tile kind {remove} is not held")
            zeros = self._zeros + (n == 1)
            pairs = self._pairs - (n == _PAIR_COPIES)
            gr = remove // RANKS
            ids = self._ids.copy()
            ids[gr] = self._next[gr][1][remove - RANKS * gr]
            own = bytearray(self._keys[gr])
            own[remove - RANKS * gr] -= 1
            plus[gr] = _next_ids(bytes(own))[0]
        else:
            zeros, pairs, ids = self._zeros, self._pairs, self._ids
        p0, p1, p2, p3 = plus
        melds = self._melds
        final = self._final
        a, b, h3, d = ids
        px = _PX[a * _STRIDE + b]
        py = _PY[h3 * _NHONOUR + d]
        # the group boundaries and thresholds as locals: the loop below is the ukeire hot path
        pin, sou, hon = SUIT_STARTS[1], SUIT_STARTS[2], NUM_SUITED
        copies, seven_zeros, no_kokushi, nkinds = COPIES, _SEVEN_ZEROS, _NO_KOKUSHI, NUM_KINDS
        if remove >= 0:
            c[remove] -= 1
        out: list[int] = []
        try:
            for k in kinds:
                if not 0 <= k < nkinds:  # c[-1] would read the last kind's count
                    raise InvalidHandError(f"{k!r} is not a tile kind (0-{nkinds - 1})")
                m = c[k]
                if m >= copies:
                    raise InvalidHandError(f"tile kind {k} would have 5 copies")
                if k < pin:
                    j = p0[k]
                    best = final[_PX[j * _STRIDE + b] + py]
                elif k < sou:
                    j = p1[k - pin]
                    best = final[_PX[a * _STRIDE + j] + py]
                elif k < hon:
                    j = p2[k - sou]
                    best = final[px + _PY[j * _NHONOUR + d]]
                else:
                    j = p3[k - hon]
                    best = final[px + _PY[h3 * _NHONOUR + j]]
                if j < 0:
                    raise InvalidHandError("a suit or the honours hold more than 14 tiles")
                if best >= 0 and not melds:
                    seven = 6 - pairs - (m == 1)
                    z = zeros - (m == 0)
                    if z > seven_zeros:
                        seven += z - seven_zeros
                    if best <= no_kokushi:  # thirteen orphans cannot be lower
                        if seven < best:  # noqa: PLR1730
                            best = seven
                    else:
                        if seven < best:  # noqa: PLR1730
                            best = seven
                        c[k] += 1
                        orph = _orphans(c)
                        c[k] -= 1
                        present = 13 - orph.count(0)
                        kokushi = 13 - present - (1 if present > orph.count(1) else 0)
                        if kokushi < best:  # noqa: PLR1730
                            best = kokushi
                out.append(best)
        finally:
            if remove >= 0:
                c[remove] += 1
        return out


_NEXT: dict[bytes, tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""Group key -> (id after adding a tile at each rank, id after taking one away); -1 where
impossible (five copies, none held, more than 14 tiles). Hands change a tile at a time, so the
same group keys come back decision after decision."""
_NEXT_MAX = 1 << 17


def _next_ids(key: bytes) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The table ids of ``key`` (9 suit counts or 7 honour counts) changed by one tile."""
    got = _NEXT.get(key)
    if got is None:
        table = _HONOUR if len(key) == _NUM_HONOURS else _SUIT
        work = bytearray(key)
        plus = []
        minus = []
        for r, n in enumerate(key):
            if n < COPIES:
                work[r] = n + 1
                plus.append(_id_or_none(table, bytes(work)))
            else:
                plus.append(-1)
            if n:
                work[r] = n - 1
                minus.append(_id_or_none(table, bytes(work)))
            else:
                minus.append(-1)
            work[r] = n
        got = (tuple(plus), tuple(minus))
        if len(_NEXT) >= _NEXT_MAX:
            _NEXT.clear()
        _NEXT[key] = got
    return got


def _id_or_none(table: dict[bytes, int], key: bytes) -> int:
    """The group id of ``key``, or -1 for a vector of more than 14 tiles.

    (``dict.get`` would not fill a :class:`~muraglia.analysis._tables.LazyIds`.)
    """
    try:
        return table[key]
    except KeyError:
        return -1


def _standard(x: tuple[int, ...], y: tuple[int, ...], melds: int) -> int:
    """Standard-shape shanten from the combined (man, pin) and (sou, honours) entries."""
    sets = 4 - melds
    top = 0
    for m in range(sets + 1):
        v = x[2 * m] + y[2 * (sets - m) + 1]
        if v > top:  # noqa: PLR1730 - faster than max() here
            top = v
        v = x[2 * m + 1] + y[2 * (sets - m)]
        if v > top:  # noqa: PLR1730
            top = v
    return 3 * sets + 1 - top


_KNIT = ((0, 3, 6), (1, 4, 7), (2, 5, 8))


def _knitted_assignments() -> list[tuple[int, ...]]:
    """The six knitted straights as lists of the nine tile indices."""
    out = []
    for perm in _KNITTED_PERMS:
        out.append(
            tuple(RANKS * suit + r for suit, offs in zip(perm, _KNIT, strict=True) for r in offs)
        )
    return out


_KNITTED = _knitted_assignments()


def shanten_knitted_straight(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten of MCR's knitted straight (147/258/369 in three suits) plus a set and a pair.

    Args:
        counts: 34 concealed tile counts.
        melds: Number of declared melds (at most one fits this shape).

    Returns:
        The shanten number (-1 when complete); 99 when the melds leave no room for it.

    >>> shanten_knitted_straight([1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0,
    ...                           0, 0, 1, 0, 0, 1, 0, 0, 1, 3, 2, 0, 0, 0, 0, 0])
    -1
    """
    if melds > 1:
        return 99
    best = 99
    work = list(counts)
    for tiles in _KNITTED:
        have = 0
        for i in tiles:
            if work[i]:
                have += 1
                work[i] -= 1
        rest = shanten_standard(work, melds + 3)
        # rest is computed for one set and a pair: missing_rest = rest + 1
        value = (RANKS - have) + rest
        best = min(best, value)
        for i in tiles:
            work[i] = counts[i]
    return best


def shanten_honours_knitted(counts: Sequence[int]) -> int:
    """Shanten of MCR lesser honours and knitted tiles (14 distinct honours/knitted tiles).

    Args:
        counts: 34 concealed tile counts.

    Returns:
        The shanten number (-1 when complete).

    >>> shanten_honours_knitted([1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0,
    ...                         0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1])
    -1
    """
    honours = sum(1 for i in range(NUM_SUITED, NUM_KINDS) if counts[i])
    best = 99
    for tiles in _KNITTED:
        have = honours + sum(1 for i in tiles if counts[i])
        best = min(best, HAND_SIZE - min(have, HAND_SIZE) - 1)
    return best


shanten_honors_knitted = shanten_honours_knitted
"""Old spelling of :func:`shanten_honours_knitted` (kept: the public id before issue 13)."""


@dataclass(frozen=True, slots=True)
class Ukeire:
    """Useful tiles of a 3n+1 hand."""

    shanten: int
    """Shanten of the hand."""
    tiles: tuple[int, ...]
    """Tile kinds (0-33) whose draw lowers the shanten."""
    count: int
    """Copies of those kinds still unseen (4 - in hand - visible)."""


def ukeire(
    counts: Sequence[int],
    melds: int = 0,
    *,
    shanten_fn: Callable[[Sequence[int], int], int] | None = None,
    visible: Sequence[int] | None = None,
) -> Ukeire:
    """Useful tiles of a 3n+1 hand: the kinds whose draw lowers the shanten.

    Args:
        counts: 34 concealed tile counts (3n+1 tiles).
        melds: Number of declared melds.
        shanten_fn: Shanten function ``(counts, melds) -> int`` to improve (default
            :func:`shanten_all`, looked up at each call).
        visible: Optional 34 counts of tiles seen elsewhere (discards, melds, dora indicators).

    Returns:
        The shanten, the useful kinds and their unseen copies.

    Raises:
        InvalidHandError: When the counts are invalid.
    """
    if shanten_fn is None:
        shanten_fn = shanten_all
    work = list(counts)
    base = shanten_fn(work, melds)
    tiles = []
    total = 0
    for i in _KINDS:
        if work[i] >= COPIES:
            continue
        work[i] += 1
        if shanten_fn(work, melds) < base:
            tiles.append(i)
            left = COPIES - counts[i] - (visible[i] if visible is not None else 0)
            total += max(left, 0)
        work[i] -= 1
    return Ukeire(base, tuple(tiles), total)


def discard_ukeire(
    counts: Sequence[int],
    melds: int = 0,
    *,
    shanten_fn: Callable[[Sequence[int], int], int] | None = None,
    visible: Sequence[int] | None = None,
) -> dict[int, Ukeire]:
    """For a 3n+2 hand, the ukeire left after each possible discard.

    Args:
        counts: 34 concealed tile counts (3n+2 tiles).
        melds: Number of declared melds.
        shanten_fn: Shanten function ``(counts, melds) -> int`` (default :func:`shanten_all`).
        visible: Optional 34 counts of tiles seen elsewhere.

    Returns:
        Mapping from each discardable kind to the resulting :class:`Ukeire`.
    """
    work = list(counts)
    out = {}
    for i in _KINDS:
        if work[i]:
            work[i] -= 1
            out[i] = ukeire(work, melds, shanten_fn=shanten_fn, visible=visible)
            work[i] += 1
    return out
