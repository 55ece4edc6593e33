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

from dataclasses import dataclass

from muraglia.analysis.groups import GroupKind, WaitKind
from muraglia.scoring.context import DRAGONS, WinContext

__all__ = ["Fu", "FuItem", "count_fu"]


@dataclass(frozen=True, slots=True)
class FuItem:
    """One line of the fu breakdown."""

    en: str
    """English label."""
    it: str
    """Italian label."""
    fu: int
    """Fu of this line."""
    ref: str
    """Rule id."""


@dataclass(frozen=True, slots=True)
class Fu:
    """The fu of a reading: the lines, the raw sum and the rounded total."""

    items: tuple[FuItem, ...]
    """Every line (base first)."""
    raw: int
    """Sum before rounding."""
    total: int
    """Rounded total used for payments."""

    def lines(self, lang: str = "en") -> tuple[str, ...]:
        """The breakdown as text lines in ``lang`` (``en`` or ``it``)."""
        out = [f"{i.fu:>3} fu  {i.it if lang == 'it' else i.en}  ({i.ref})" for i in self.items]
        word = "arrotondato a" if lang == "it" else "rounded up to"
        if self.raw != self.total:
            out.append(f"{self.raw:>3} fu  → {word} {self.total} fu  (EMA-FU-9)")
        else:
            out.append(
                f"{self.total:>3} fu  total" if lang == "en" else f"{self.total:>3} fu  totale"
            )
        return tuple(out)


_SEVEN_PAIRS = Fu((FuItem("Seven Pairs (fixed)", "Sette Coppie (fisso)", 25, "EMA-FU-1"),), 25, 25)
_PINFU_RON = Fu((FuItem("Pinfu ron (fixed)", "Pinfu su scarto (fisso)", 30, "EMA-FU-8"),), 30, 30)
_PINFU_TSUMO = Fu(
    (FuItem("Pinfu tsumo (fixed)", "Pinfu su pesca (fisso)", 20, "EMA-FU-8"),), 20, 20
)

# (kind is kong, terminal/honour, concealed) -> fu (EMA-FU-2)
_SET_FU = {
    (False, False, False): 2,
    (False, False, True): 4,
    (False, True, False): 4,
    (False, True, True): 8,
    (True, False, False): 8,
    (True, False, True): 16,
    (True, True, False): 16,
    (True, True, True): 32,
}
_WAIT_FU = {
    WaitKind.EDGE: ("edge wait", "attesa laterale"),
    WaitKind.CLOSED: ("closed wait", "attesa chiusa"),
    WaitKind.SINGLE: ("single wait (pair)", "attesa singola (coppia)"),
}


def count_fu(ctx: WinContext, *, pinfu: bool) -> Fu:
    """The fu of ``ctx`` (EMA-FU-10); ``pinfu`` says whether the Pinfu yaku was awarded."""
    shape = ctx.decomposition.shape
    if shape == "seven_pairs":
        return _SEVEN_PAIRS
    if pinfu:
        return _PINFU_TSUMO if ctx.self_drawn else _PINFU_RON
    items: list[FuItem] = []
    concealed_ron = ctx.is_concealed and not ctx.self_drawn
    if concealed_ron:
        items.append(FuItem("base (concealed ron)", "base (coperta su scarto)", 30, "EMA-FU-1"))
    else:
        items.append(FuItem("base (open hand or tsumo)", "base (scoperta o pesca)", 20, "EMA-FU-1"))
    for g in ctx.groups:
        if g.kind is GroupKind.PUNG or g.kind is GroupKind.KONG:
            kong = g.kind is GroupKind.KONG
            head = g.tile.is_terminal_or_honor
            conc = ctx.is_group_concealed(g)
            fu = _SET_FU[(kong, head, conc)]
            what_en = ("concealed " if conc else "open ") + ("kong" if kong else "pung")
            what_it = ("kong" if kong else "pung") + (" coperto" if conc else " scoperto")
            of_en = " of terminals/honours " if head else " of simples "
            of_it = " di teste/onori " if head else " di semplici "
            items.append(
                FuItem(what_en + of_en + str(g), what_it + of_it + str(g), fu, "EMA-FU-2/5")
            )
        elif g.kind is GroupKind.PAIR and shape == "standard":
            t = g.tile
            if t in DRAGONS:
                items.append(FuItem(f"dragon pair {g}", f"coppia di draghi {g}", 2, "EMA-FU-3"))
            if t == ctx.seat_wind:
                items.append(
                    FuItem(f"seat-wind pair {g}", f"coppia vento proprio {g}", 2, "EMA-FU-3")
                )
            if t == ctx.round_wind:
                items.append(
                    FuItem(f"prevalent-wind pair {g}", f"coppia vento di giro {g}", 2, "EMA-FU-3")
                )
    wait = ctx.wait
    if wait in _WAIT_FU:
        en, it = _WAIT_FU[wait]
        items.append(FuItem(en, it, 2, "EMA-FU-4"))
    if ctx.self_drawn:
        items.append(FuItem("tsumo", "vittoria su pesca", 2, "EMA-FU-6"))
    raw = sum(i.fu for i in items)
    if raw == 20 and not ctx.is_concealed:
        items.append(FuItem("open pinfu", "pinfu scoperto", 2, "EMA-FU-7"))
        raw = 22
    total = -(-raw // 10) * 10
    return Fu(tuple(items), raw, total)
