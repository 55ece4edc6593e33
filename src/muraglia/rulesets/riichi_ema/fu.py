"""Fu (minipoints) of one reading, line by line (EMA-FU-1…10).

>>> from muraglia.notation import parse_hand
>>> from muraglia.analysis.decompose import decompose
>>> from muraglia.analysis.waits import readings
>>> from muraglia.scoring.context import WinContext, WinType
>>> from muraglia.tiles import Tile
>>> h = parse_hand("678m345p9p[777z][234s<]+9p")
>>> d = decompose(h)[0]
>>> ctx = WinContext(h, d, readings(d, Tile.P9)[0], WinType.RON, Tile.SOUTH, Tile.EAST)
>>> f = count_fu(ctx, pinfu=False)
>>> f.total, f.raw, [i.fu for i in f.items]
(30, 26, [20, 4, 2])
>>> f.items[1].en
'open pung of terminals/honours [777z]'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from muraglia.analysis.groups import Group, GroupKind, WaitKind
from muraglia.kernels import compiled
from muraglia.scoring.context import DRAGONS, WinContext, WinType
from muraglia.tiles import TERMINALS_AND_HONOURS

__all__ = ["Fu", "FuItem", "count_fu"]

_HEADS = frozenset(TERMINALS_AND_HONOURS)


_LABELS: dict[str, tuple[str, str]] = {
    "base_ron": ("base (concealed ron)", "base (coperta su scarto)"),
    "base": ("base (open hand or tsumo)", "base (scoperta o pesca)"),
    "seven_pairs": ("Seven Pairs (fixed)", "Sette Coppie (fisso)"),
    "pinfu_ron": ("Pinfu ron (fixed)", "Pinfu su scarto (fisso)"),
    "pinfu_tsumo": ("Pinfu tsumo (fixed)", "Pinfu su pesca (fisso)"),
    "dragon_pair": ("dragon pair {g}", "coppia di draghi {g}"),
    "seat_pair": ("seat-wind pair {g}", "coppia vento proprio {g}"),
    "round_pair": ("prevalent-wind pair {g}", "coppia vento di giro {g}"),
    "edge": ("edge wait", "attesa laterale"),
    "closed": ("closed wait", "attesa chiusa"),
    "single": ("single wait (pair)", "attesa singola (coppia)"),
    "tsumo": ("tsumo", "vittoria su pesca"),
    "open_pinfu": ("open pinfu", "pinfu scoperto"),
}
for _kong in (False, True):
    for _head in (False, True):
        for _conc in (False, True):
            _set = "kong" if _kong else "pung"
            _LABELS[f"{_set}/{int(_head)}/{int(_conc)}"] = (
                ("concealed " if _conc else "open ")
                + _set
                + (" of terminals/honours {g}" if _head else " of simples {g}"),
                _set
                + (" coperto" if _conc else " scoperto")
                + (" di teste/onori {g}" if _head else " di semplici {g}"),
            )


class FuItem(NamedTuple):
    """One line of the fu breakdown (labels are built only when shown)."""

    key: str
    """What the line is for (``base_ron``, ``pung/1/0``, ``edge``, ...)."""
    fu: int
    """Fu of this line."""
    ref: str
    """Rule id."""
    group: Group | None = None
    """The set or pair the line is about."""

    @property
    def en(self) -> str:
        """English label."""
        return _LABELS[self.key][0].format(g=_text(self.group))

    @property
    def it(self) -> str:
        """Italian label."""
        return _LABELS[self.key][1].format(g=_text(self.group))


def _text(group: Group | None) -> str:
    """``str(group)`` (memoised there by kind and tile: cheaper than hashing the group)."""
    return "" if group is None else str(group)


_PAIRS: dict[tuple[str, str], tuple[str, str]] = {}
_PAIRS_LIMIT = 8192
_LINES: dict[tuple[int, str, str, str], tuple[str, str]] = {}
"""A fu line in English and in Italian by (fu, rule id, both labels); bounded like ``_PAIRS``."""


_TOTALS: dict[tuple[int, int], tuple[str, str]] = {}
"""The total line of a fu breakdown in English and in Italian by (raw, rounded) fu."""


def _total_lines(raw: int, total: int) -> tuple[str, str]:
    """The last line of a breakdown: the total, or the raw sum rounded up (EMA-FU-9)."""
    if raw != total:
        pair = (
            f"{raw:>3} fu  → rounded up to {total} fu  (EMA-FU-9)",
            f"{raw:>3} fu  → arrotondato a {total} fu  (EMA-FU-9)",
        )
    else:
        pair = (f"{total:>3} fu  total", f"{total:>3} fu  totale")
    if len(_TOTALS) >= _PAIRS_LIMIT:
        _TOTALS.clear()
    _TOTALS[raw, total] = pair
    return pair


def _label_pair(item: FuItem) -> tuple[str, str]:
    """``(item.en, item.it)``, memoised by what they are made of (the key and the group's text)."""
    key = (item.key, _text(item.group))
    pair = _PAIRS.get(key)
    if pair is None:
        if len(_PAIRS) >= _PAIRS_LIMIT:
            _PAIRS.clear()
        pair = _PAIRS[key] = (item.en, item.it)
    return pair


class Fu(NamedTuple):
    """The fu of a reading: the lines, the raw sum and the rounded total."""

    items: tuple[FuItem, ...]
    """Every line (base first)."""
    raw: int
    """Sum before rounding."""
    total: int
    """Rounded total used for payments."""

    def lines(self, lang: str = "en") -> tuple[str, ...]:
        """The breakdown as text lines in ``lang`` (``en`` or ``it``)."""
        en, it = self.lines_both(self.labels())
        return it if lang == "it" else en

    def labels(self) -> tuple[tuple[str, str], ...]:
        """The (English, Italian) label of every line (:data:`labels_of`)."""
        labels: tuple[tuple[str, str], ...] = labels_of(self)
        return labels

    def lines_both(
        self, labels: Sequence[tuple[str, str]]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The breakdown as text lines in English and in Italian, given :meth:`labels`."""
        en: list[str] = []
        it: list[str] = []
        for i, (label_en, label_it) in zip(self.items, labels, strict=True):
            key = (i.fu, i.ref, label_en, label_it)
            pair = _LINES.get(key)
            if pair is None:
                head = f"{i.fu:>3} fu  "
                tail = f"  ({i.ref})"
                if len(_LINES) >= _PAIRS_LIMIT:
                    _LINES.clear()
                pair = _LINES[key] = (head + label_en + tail, head + label_it + tail)
            en.append(pair[0])
            it.append(pair[1])
        pair = _TOTALS.get((self.raw, self.total)) or _total_lines(self.raw, self.total)
        en.append(pair[0])
        it.append(pair[1])
        return tuple(en), tuple(it)


def _pure_labels(fu: Fu) -> tuple[tuple[str, str], ...]:
    """The (English, Italian) label of every line of ``fu``, remembered by line key and text.

    The reference of the C kernel's ``fu_labels`` (:data:`labels_of`), which reads the same
    memo and hands a miss and anything of other types to this function.
    """
    out = []
    for i in fu.items:  # (_label_pair's memo read here: two calls less a line)
        g = i.group
        pair = _PAIRS.get((i.key, "" if g is None else str(g)))
        out.append(_label_pair(i) if pair is None else pair)
    return tuple(out)


labels_of: Callable[[Fu], tuple[tuple[str, str], ...]] = _pure_labels
"""``Fu.labels``: the C kernel's ``fu_labels`` where it is built, else :func:`_pure_labels`."""

_SEVEN_PAIRS = Fu((FuItem("seven_pairs", 25, "EMA-FU-1"),), 25, 25)
_PINFU_RON = Fu((FuItem("pinfu_ron", 30, "EMA-FU-8"),), 30, 30)
_PINFU_TSUMO = Fu((FuItem("pinfu_tsumo", 20, "EMA-FU-8"),), 20, 20)
_BASE_RON = FuItem("base_ron", 30, "EMA-FU-1")
_BASE = FuItem("base", 20, "EMA-FU-1")
_TSUMO = FuItem("tsumo", 2, "EMA-FU-6")
_OPEN_PINFU = FuItem("open_pinfu", 2, "EMA-FU-7")

# (kind is kong, terminal/honour, concealed) -> (fu, label key) (EMA-FU-2)
_SET_FU = {
    (k, h, c): (2 * (4 if k else 1) * (2 if h else 1) * (2 if c else 1), f"{s}/{int(h)}/{int(c)}")
    for k, s in ((False, "pung"), (True, "kong"))
    for h in (False, True)
    for c in (False, True)
}
_WAIT_FU = {
    WaitKind.EDGE: FuItem("edge", 2, "EMA-FU-4"),
    WaitKind.CLOSED: FuItem("closed", 2, "EMA-FU-4"),
    WaitKind.SINGLE: FuItem("single", 2, "EMA-FU-4"),
}
_PUNG, _KONG, _PAIR = GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR
_TSUMO_WIN, _RON_WIN = WinType.TSUMO, WinType.RON
_new = tuple.__new__
"""``FuItem``/``Fu`` made from their fields without the named tuple's ``__new__`` (a Python
function: a call per line of the hot path)."""
_REF_SET, _REF_PAIR, _PAIR_FU = "EMA-FU-2/5", "EMA-FU-3", 2  # a set's rules; a pair's (EMA-FU-3)


def _pure_count_fu(ctx: WinContext, *, pinfu: bool) -> Fu:
    """The fu of ``ctx`` (EMA-FU-10); ``pinfu`` says whether the Pinfu yaku was awarded.

    The reference of the C kernel's ``count_fu`` (:data:`count_fu`), which answers the same
    Fu of the same FuItems and hands a context of other types to this function.

    Reads the context's fields directly (its views cost a call each): a pung or kong is
    concealed as :meth:`WinContext.is_group_concealed` says — declared concealed and not
    completed by a discarded winning tile (EMA-WIN-4, EMA-FU-5).
    """
    d = ctx.decomposition
    shape = d.shape
    if shape == "seven_pairs":
        return _SEVEN_PAIRS
    tsumo = ctx.win is _TSUMO_WIN
    if pinfu:
        return _PINFU_TSUMO if tsumo else _PINFU_RON
    melds = ctx.hand.melds  # ctx.is_concealed (a cached view: a call and a dict write)
    concealed = not melds or all([m.concealed for m in melds])
    items: list[FuItem] = [_BASE_RON if concealed and not tsumo else _BASE]
    standard = shape == "standard"
    groups = d.groups
    reading = ctx.reading
    # the group a discarded winning tile completed counts as open
    by_ron = groups[reading.group] if reading is not None and ctx.win is _RON_WIN else None
    seat, rnd = ctx.seat_wind, ctx.round_wind
    for g in groups:
        kind = g.kind
        if kind is _PUNG or kind is _KONG:
            closed = g.concealed and g is not by_ron
            fu, key = _SET_FU[(kind is _KONG, g.tile in _HEADS, closed)]
            items.append(_new(FuItem, (key, fu, _REF_SET, g)))
        elif kind is _PAIR and standard:
            t = g.tile
            if t in DRAGONS:
                items.append(_new(FuItem, ("dragon_pair", _PAIR_FU, _REF_PAIR, g)))
            if t == seat:
                items.append(_new(FuItem, ("seat_pair", _PAIR_FU, _REF_PAIR, g)))
            if t == rnd:
                items.append(_new(FuItem, ("round_pair", _PAIR_FU, _REF_PAIR, g)))
    wait = None if reading is None else reading.wait
    if wait in _WAIT_FU:
        items.append(_WAIT_FU[wait])
    if tsumo:
        items.append(_TSUMO)
    raw = 0
    for i in items:
        raw += i.fu
    if raw == 20 and not concealed:
        items.append(_OPEN_PINFU)
        raw = 22
    return _new(Fu, (tuple(items), raw, -(-raw // 10) * 10))


count_fu: Callable[..., Fu] = _pure_count_fu
"""``count_fu(ctx, *, pinfu)``: the fu of a reading (EMA-FU-10): the C kernel's
(``_criichi.count_fu``) where it is built, else :func:`_pure_count_fu`, its reference
(``MURAGLIA_PURE=1``; ``tests/rulesets/riichi_ema/test_fu_kernel.py`` compares both)."""

_native = compiled("muraglia.rulesets.riichi_ema._criichi")


def _set_up(native: Any) -> bool:
    """Hand the C kernel this module's declarations; False if its build is older than them.

    Such a build refuses them: the pure functions stay, as ``fast`` does for its own.
    """
    try:
        native.setup_fu(
            _pure_count_fu,
            Fu,
            FuItem,
            (_SEVEN_PAIRS, _PINFU_RON, _PINFU_TSUMO, _BASE_RON, _BASE, _TSUMO, _OPEN_PINFU),
            (
                _REF_SET,
                _REF_PAIR,
                "dragon_pair",
                "seat_pair",
                "round_pair",
                "standard",
                "seven_pairs",
                _PUNG,
                _KONG,
                _PAIR,
                _TSUMO_WIN,
                _RON_WIN,
                _PAIR_FU,
            ),
            tuple(
                _SET_FU[k, h, c]
                for k in (False, True)
                for h in (False, True)
                for c in (False, True)
            ),
            _WAIT_FU,
            _HEADS,
            DRAGONS,
            _pure_labels,
            _PAIRS,
            (
                Fu._fields.index("items"),
                FuItem._fields.index("key"),
                FuItem._fields.index("group"),
            ),
        )
    except (ValueError, TypeError):
        return False
    return True


if _native is not None and hasattr(_native, "setup_fu") and _set_up(_native):
    count_fu = _native.count_fu
    labels_of = _native.fu_labels
