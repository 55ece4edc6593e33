"""Per-suit shanten tables (private; used by :mod:`muraglia.analysis.shanten`).

For every count vector ``c`` of one suit (nine ranks, 0-4 copies each, at most 14 tiles: 405,350
vectors) and every target shape "``m`` sets (0-4) and ``p`` pairs (0-1)", the table stores the
*overlap*: the largest number of the suit's tiles that a valid target group of that shape can use::

    overlap(c, m, p) = max { sum_r min(c_r, t_r) : t = m sets + p pairs of this suit, t_r <= 4 }

so the number of tiles still missing for that shape is ``3m + 2p - overlap``. The honour table
does the same for the seven honour kinds (pungs and one pair, no chows).

Construction (exact, no heuristics), for each shape bit ``(m, p)``:

1. enumerate every target vector ``t`` (multisets of chows/pungs plus an optional pair, at most
   four copies of a rank) and mark it;
2. close the marks downwards: ``d`` is *reachable* if ``d <= t`` for a marked ``t``, i.e. ``d`` can
   grow into the shape (visiting vectors by decreasing size, ``S(c - e_r) |= S(c)``);
3. ``overlap(c) = max { |d| : d <= c, d reachable }``, computed upwards by increasing size as a
   thermometer code (bit ``k`` set when ``overlap >= k``), so that the maximum over the nine
   predecessors ``c - e_r`` is a plain bitwise OR.

Vectors are indexed by their base-5 key (digit ``r`` = copies of rank ``r + 1``). Only 126
distinct suit entries (and a few dozen honour entries) occur, so a vector's entry id fits a byte:
the tables are dense ``bytes`` of one id per base-5 key (5**9 = 1,953,125 bytes for a suit,
5**7 = 78,125 for the honours, ``0xFF`` where the vector has more than 14 tiles). The hot path
keys :data:`SUIT_IDS`/:data:`HONOUR_IDS` with a slice of ``bytes(counts)``: those are
dictionaries that fill themselves from the dense tables on a miss (:class:`LazyIds`) and are
bounded, so a process holds about 2 MB of tables plus the groups it meets, instead of a
dictionary of all 448,480 vectors (about 44 MB as Python objects). Building takes a few seconds
of pure Python, so the result (entries, pair tables and the two dense id tables, about 50 kB
compressed) is cached under the user cache directory (``$XDG_CACHE_HOME`` or ``~/.cache``),
verified by its SHA-256 digest on load; a corrupt or missing cache is rebuilt silently.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import zlib
from pathlib import Path

__all__ = [
    "HONOUR_DENSE",
    "HONOUR_ENTRIES",
    "HONOUR_IDS",
    "SHAPES",
    "SUIT_DENSE",
    "SUIT_ENTRIES",
    "SUIT_HONOUR_PAIRS",
    "SUIT_IDS",
    "SUIT_PAIRS",
    "LazyIds",
    "build_honour_overlaps",
    "build_suit_overlaps",
    "load_tables",
    "table_digest",
]

SHAPES: tuple[tuple[int, int], ...] = tuple((m, p) for m in range(5) for p in range(2))
"""The shape order of a table entry: index ``2 * m + p`` holds ``overlap(c, m, p)``."""

_MAX_SUIT = 14
_P5 = tuple(5**i for i in range(9))
_FORMAT_VERSION = 3
_NONE = 0xFF
"""Dense-table id of a vector with more than 14 tiles."""
_LAZY_MAX = 1 << 16
"""Entries a :class:`LazyIds` keeps before starting afresh (about 6 MB at most)."""


class LazyIds(dict[bytes, int]):
    """``bytes`` of a group's counts -> entry id, filled from a dense table on first use.

    A plain dictionary on the hot path (a hit costs what a ``dict`` lookup costs); a miss
    computes the base-5 key of the counts and reads the dense table. Counts above 4, a wrong
    length or more than 14 tiles raise ``KeyError`` as a missing key of a full table would.
    """

    __slots__ = ("dense", "width")

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width
        self.dense = b""

    def __missing__(self, key: bytes) -> int:
        if len(key) != self.width or not self.dense:
            raise KeyError(key)
        index = 0
        for c in reversed(key):
            if c > 4:
                raise KeyError(key)
            index = 5 * index + c
        value = self.dense[index]
        if value == _NONE:
            raise KeyError(key)
        if len(self) >= _LAZY_MAX:
            self.clear()
        self[bytes(key)] = value
        return value


SUIT_IDS = LazyIds(9)
"""Suit table: ``bytes`` of the nine counts -> index into :data:`SUIT_ENTRIES`."""
SUIT_DENSE = b""
"""Dense suit ids by base-5 key (set by :func:`load_tables`; ``SUIT_IDS.dense``)."""
SUIT_ENTRIES: list[tuple[int, ...]] = []
"""The distinct suit entries: ten overlaps in :data:`SHAPES` order."""
HONOUR_IDS = LazyIds(7)
"""Honour table: ``bytes`` of the seven counts -> index into :data:`HONOUR_ENTRIES`."""
HONOUR_DENSE = b""
"""Dense honour ids by base-5 key (set by :func:`load_tables`; ``HONOUR_IDS.dense``)."""
HONOUR_ENTRIES: list[tuple[int, ...]] = []
"""The distinct honour entries: ten overlaps in :data:`SHAPES` order."""
SUIT_PAIRS: list[tuple[int, ...]] = []
"""Two suits combined: ``SUIT_PAIRS[i * len(SUIT_ENTRIES) + j]`` is the best split of each shape
between suit entry ``i`` and suit entry ``j`` (a max-plus convolution)."""
SUIT_HONOUR_PAIRS: list[tuple[int, ...]] = []
"""A suit and the honours combined: index ``i * len(HONOUR_ENTRIES) + h``."""


def _keys_by_size(ranks: int, limit: int) -> list[list[int]]:
    """Base-5 keys of all vectors of ``ranks`` digits (0-4) with sum <= limit, grouped by sum."""
    layers: list[list[tuple[int, int]]] = [[(0, 0)]]
    for i in range(ranks):
        step = 5**i
        nxt: list[tuple[int, int]] = []
        for key, total in layers[-1]:
            for v in range(min(4, limit - total) + 1):
                nxt.append((key + v * step, total + v))
        layers.append(nxt)
    by_size: list[list[int]] = [[] for _ in range(limit + 1)]
    for key, total in layers[-1]:
        by_size[total].append(key)
    return by_size


def build_suit_overlaps() -> list[tuple[int, ...]]:
    """Compute the suit overlaps for every vector, in increasing base-5 key order of valid keys.

    Returns:
        One 10-tuple per vector with at most 14 tiles, ordered by base-5 key.
    """
    by_size = _keys_by_size(9, _MAX_SUIT)
    size = 5**9
    marks = [0] * size
    sets = [(3 * _P5[r], (r,) * 3) for r in range(9)] + [
        (_P5[r] + _P5[r + 1] + _P5[r + 2], (r, r + 1, r + 2)) for r in range(7)
    ]
    # 1. targets
    for m in range(5):
        for combo in itertools.combinations_with_replacement(range(16), m):
            vec = [0] * 9
            key = 0
            for s in combo:
                key += sets[s][0]
                for r in sets[s][1]:
                    vec[r] += 1
            if max(vec) > 4:
                continue
            marks[key] |= 1 << (2 * m)
            for r in range(9):
                if vec[r] <= 2:
                    marks[key + 2 * _P5[r]] |= 1 << (2 * m + 1)
    # 2. downward closure
    p5 = _P5
    for total in range(_MAX_SUIT, 0, -1):
        for key in by_size[total]:
            bits = marks[key]
            if bits:
                rest = key
                for i in range(9):
                    if rest % 5:
                        marks[key - p5[i]] |= bits
                    rest //= 5
    # 3. upward thermometer: 15-bit field per shape, bit k set when overlap >= k + 1
    expand = [[0] * 1024 for _ in range(_MAX_SUIT + 1)]
    for total in range(1, _MAX_SUIT + 1):
        level = (1 << total) - 1
        for mask in range(1024):
            value = 0
            for shape in range(10):
                if mask >> shape & 1:
                    value |= level << (15 * shape)
            expand[total][mask] = value
    thermo = [0] * size
    for total in range(1, _MAX_SUIT + 1):
        exp_row = expand[total]
        for key in by_size[total]:
            acc = exp_row[marks[key]]
            rest = key
            for i in range(9):
                if rest % 5:
                    acc |= thermo[key - p5[i]]
                rest //= 5
            thermo[key] = acc
    decoded: dict[int, tuple[int, ...]] = {}
    out: list[tuple[int, ...]] = []
    for key in sorted(itertools.chain.from_iterable(by_size)):
        code = thermo[key]
        entry = decoded.get(code)
        if entry is None:
            entry = tuple(((code >> (15 * s)) & 0x7FFF).bit_count() for s in range(10))
            decoded[code] = entry
        out.append(entry)
    return out


def _honour_entry(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Overlaps of one honour vector: best pungs (and one pair) on distinct honour kinds."""
    pung = sorted((min(c, 3) for c in counts), reverse=True)
    values = []
    for m in range(5):
        values.append(sum(pung[:m]))
        best = 0
        for j, c in enumerate(counts):
            others = sorted((min(x, 3) for k, x in enumerate(counts) if k != j), reverse=True)
            best = max(best, min(c, 2) + sum(others[:m]))
        values.append(best)
    return tuple(values)


def build_honour_overlaps() -> dict[tuple[int, ...], tuple[int, ...]]:
    """Compute the honour overlaps for every 7-vector with at most 14 tiles.

    Returns:
        Mapping from the count tuple to its ten overlaps.
    """
    cache: dict[tuple[int, ...], tuple[int, ...]] = {}
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    for counts in itertools.product(range(5), repeat=7):
        if sum(counts) > _MAX_SUIT:
            continue
        canon = tuple(sorted(counts))
        entry = cache.get(canon)
        if entry is None:
            entry = _honour_entry(counts)
            cache[canon] = entry
        out[counts] = entry
    return out


def _vectors(digits: int) -> list[bytes]:
    """All count vectors of ``digits`` kinds (0-4 each, at most 14 tiles) in base-5 key order.

    The key order puts the last kind most significant; vectors are built as ``low + high``
    halves so that the work is a few C-level concatenations per vector.
    """
    low_digits = digits // 2 + 1
    halves: list[list[tuple[int, bytes]]] = []
    for width in (low_digits, digits - low_digits):
        layer: list[tuple[int, bytes]] = [(0, b"")]
        for _ in range(width):  # most significant digit first: the list ends in key order
            layer = [(t + v, bytes((v,)) + raw) for t, raw in layer for v in range(5)]
        halves.append(layer)
    low, high = halves
    low_by_budget = [[raw for t, raw in low if t <= budget] for budget in range(_MAX_SUIT + 1)]
    return [lo + hi for t, hi in high if t <= _MAX_SUIT for lo in low_by_budget[_MAX_SUIT - t]]


def _suit_vectors() -> list[bytes]:
    """The valid suit vectors as 9-byte strings, in increasing base-5 key order."""
    return _vectors(9)


def _dense(vectors: list[bytes], ids: bytes) -> bytes:
    """One id byte per base-5 key of ``len(vectors[0])`` digits, ``_NONE`` where not valid."""
    out = bytearray([_NONE]) * 5 ** len(vectors[0])
    for raw, value in zip(vectors, ids, strict=True):
        index = 0
        for c in reversed(raw):
            index = 5 * index + c
        out[index] = value
    return bytes(out)


def table_digest(values: list[tuple[int, ...]]) -> str:
    """SHA-256 of a list of table entries packed one byte per overlap.

    Args:
        values: Table entries in key order.

    Returns:
        The hexadecimal digest.
    """
    return hashlib.sha256(bytes(itertools.chain.from_iterable(values))).hexdigest()


def _cache_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "muraglia" / f"shanten-tables-v{_FORMAT_VERSION}.bin"


def _pack(values: list[tuple[int, ...]]) -> tuple[list[tuple[int, ...]], bytes]:
    """Distinct entries (in order of first use) and one id byte per vector."""
    ids: dict[tuple[int, ...], int] = {}
    raw = bytes(ids.setdefault(v, len(ids)) for v in values)
    return list(ids), raw


_CONVOLUTION = tuple(
    tuple((2 * m1 + p1, 2 * (m - m1) + p - p1) for m1 in range(m + 1) for p1 in range(p + 1))
    for m in range(5)
    for p in range(2)
)


def max_plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Combine two entries: for each shape, the best split of its sets and pair between them.

    Args:
        a: Ten overlaps in :data:`SHAPES` order.
        b: Ten overlaps in :data:`SHAPES` order.

    Returns:
        Ten overlaps in :data:`SHAPES` order.

    >>> max_plus((0, 2, 3, 3, 3, 3, 3, 3, 3, 3), (0, 0, 1, 2, 1, 2, 1, 2, 1, 2))
    (0, 2, 3, 3, 4, 5, 4, 5, 4, 5)
    """
    return tuple(max([a[i] + b[j] for i, j in pairs]) for pairs in _CONVOLUTION)


def _build_payload() -> bytes:
    suit_entries, suit_ids = _pack(build_suit_overlaps())
    honours = build_honour_overlaps()
    honour_entries, honour_ids = _pack([honours[tuple(raw)] for raw in _vectors(7)])
    combined = [max_plus(a, b) for a in suit_entries for b in suit_entries]
    combined += [max_plus(a, h) for a in suit_entries for h in honour_entries]
    pair_entries, _ = _pack(combined)
    index = {e: i for i, e in enumerate(pair_entries)}
    return b"".join(
        (
            bytes((len(suit_entries), len(honour_entries))),
            len(pair_entries).to_bytes(2, "little"),
            bytes(itertools.chain.from_iterable(suit_entries)),
            bytes(itertools.chain.from_iterable(honour_entries)),
            bytes(itertools.chain.from_iterable(pair_entries)),
            b"".join(index[e].to_bytes(2, "little") for e in combined),
            _dense(_vectors(9), suit_ids),
            _dense(_vectors(7), honour_ids),
        )
    )


def _read_cache() -> bytes | None:
    """The cached payload; None when missing or corrupt."""
    try:
        blob = _cache_path().read_bytes()
        digest, payload = blob[:64].decode("ascii"), zlib.decompress(blob[64:])
    except (OSError, zlib.error, UnicodeDecodeError):
        return None
    if hashlib.sha256(payload).hexdigest() != digest:
        return None
    return payload


def _write_cache(payload: bytes) -> None:
    path = _cache_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(
            hashlib.sha256(payload).hexdigest().encode("ascii") + zlib.compress(payload)
        )
        tmp.replace(path)
    except OSError:  # pragma: no cover - read-only home: keep the in-memory table
        pass


def _entries(raw: bytes, count: int) -> list[tuple[int, ...]]:
    return [tuple(raw[10 * i : 10 * i + 10]) for i in range(count)]


def load_tables() -> None:
    """Fill the entry lists, pair tables and dense id tables (idempotent; cached on disk)."""
    global SUIT_DENSE, HONOUR_DENSE  # noqa: PLW0603
    if SUIT_ENTRIES:
        return
    payload = _read_cache()
    if payload is None or len(payload) < 4:
        payload = _build_payload()
        _write_cache(payload)
    ns, nh = payload[0], payload[1]
    npairs = int.from_bytes(payload[2:4], "little")
    pos = 4
    suit_entries = _entries(payload[pos : pos + 10 * ns], ns)
    pos += 10 * ns
    honour_entries = _entries(payload[pos : pos + 10 * nh], nh)
    pos += 10 * nh
    pair_entries = _entries(payload[pos : pos + 10 * npairs], npairs)
    pos += 10 * npairs
    combined = [
        pair_entries[i] for i in memoryview(payload[pos : pos + 2 * ns * (ns + nh)]).cast("H")
    ]
    pos += 2 * ns * (ns + nh)
    suit_dense = payload[pos : pos + 5**9]
    honour_dense = payload[pos + 5**9 :]
    if len(suit_dense) != 5**9 or len(honour_dense) != 5**7:  # pragma: no cover - foreign file
        _write_cache(_build_payload())
        return load_tables()
    HONOUR_ENTRIES[:] = honour_entries
    SUIT_PAIRS[:] = combined[: ns * ns]
    SUIT_HONOUR_PAIRS[:] = combined[ns * ns :]
    SUIT_DENSE = SUIT_IDS.dense = suit_dense
    HONOUR_DENSE = HONOUR_IDS.dense = honour_dense
    SUIT_ENTRIES[:] = suit_entries  # last: the "loaded" mark
    return None
