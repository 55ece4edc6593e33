"""Ravenna 200/400 scoring elements: points (RAV-PTS), doubles (RAV-DBL), massimi (RAV-MAX).

Each element is declared once with its id, bilingual names, value, rule reference and
exclusions; its predicate returns a bool or a count. ``winner_only`` elements describe a complete
winning hand (RAV-DBL-3, RAV-GAP-16); ``massimo`` elements are the 200/400 limit hands.

>>> BY_ID["flower_rose"].value, BY_ID["flower_rose"].unit
(2, 'doubles')
>>> [p.id for p in PATTERNS if p.massimo]
['one_suit', 'all_heads', 'seven_pairs', 'all_pungs_head_pair']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from muraglia.analysis.groups import GroupKind
from muraglia.rulesets.ravenna.context import Reading
from muraglia.scoring import locate as loc
from muraglia.scoring.locate import Locator
from muraglia.tiles import DRAGONS, WINDS, Tile

__all__ = ["BY_ID", "PATTERNS", "Pattern", "has_hand_points"]

Predicate = Callable[[Reading], "bool | int"]


@dataclass(frozen=True)
class Pattern:
    """One declared scoring element."""

    id: str
    """Stable id, unique within the ruleset."""
    names: Mapping[str, str]
    """Display names in ``it`` and ``en``."""
    unit: str
    """``points``, ``doubles`` or ``massimo``."""
    value: int
    """Value per occurrence (points or doubles; 200 for a massimo)."""
    ref: str
    """Rule id in ``spec/ravenna.md``."""
    predicate: Predicate
    """``(reading) -> bool | int``."""
    excludes: tuple[str, ...] = ()
    """Ids this element replaces."""
    winner_only: bool = False
    """Whether only a winning hand can have it (RAV-GAP-16)."""
    locate: Locator = field(default=loc.whole_hand, repr=False, compare=False)
    """Which groups and tiles earn it (:mod:`muraglia.scoring.locate`; default: the whole
    hand)."""

    @property
    def massimo(self) -> bool:
        """Whether this is a massimo hand (RAV-MAX-1)."""
        return self.unit == "massimo"


PATTERNS: list[Pattern] = []

MASSIMO = 200
"""The massimo: 200, 400 with East (RAV-MAX-1)."""


def _declare(
    pid: str,
    value: int,
    *,
    it: str,
    en: str,
    ref: str,
    unit: str,
    excludes: tuple[str, ...] = (),
    winner_only: bool = False,
    locate: Locator = loc.whole_hand,
) -> Callable[[Predicate], Predicate]:
    def register(func: Predicate) -> Predicate:
        names = {"it": it, "en": en}
        PATTERNS.append(Pattern(pid, names, unit, value, ref, func, excludes, winner_only, locate))
        return func

    return register


def _is_head(tile: Tile) -> bool:
    return tile.is_terminal_or_honor


def _bonus(keep: Callable[[Reading, Tile], bool]) -> Locator:
    return loc.bonus(lambda r: [t for t in r.bonus if keep(r, t)])


def _own(r: Reading, t: Tile) -> bool:
    return t.bonus_seat == r.seat_index


def has_hand_points(r: Reading) -> bool:
    """Whether the hand has any hand points at all (RAV-PTS-P10, RAV-GAP-14)."""
    return (
        bool(r.pungs)
        or bool(r.bonus)
        or any(t in DRAGONS or t == r.seat_wind for t in r.pair_tiles)
    )


# ---------------------------------------------------------------- points (RAV-PTS)


@_declare(
    "mahjong",
    20,
    it="Mah-Jong",
    en="Mah-Jong",
    ref="RAV-PTS-P09",
    unit="points",
    winner_only=True,
)
def mahjong(r: Reading) -> bool:
    """Added to the hand points of a winner who has some (RAV-PTS-P09)."""
    return has_hand_points(r)


@_declare(
    "mahjong_no_points",
    30,
    it="Mah-Jong senza punti in stecca",
    en="Mah-Jong without points",
    ref="RAV-PTS-P10",
    unit="points",
    winner_only=True,
)
def mahjong_no_points(r: Reading) -> bool:
    """A winner with no hand points at all scores 30 (RAV-PTS-P10)."""
    return not has_hand_points(r)


def _set_counter(*, kong: bool, head: bool, concealed: bool) -> Predicate:
    want = GroupKind.KONG if kong else GroupKind.PUNG

    def count(r: Reading) -> int:
        return sum(
            1
            for g in r.groups
            if g.kind is want and _is_head(g.tile) == head and g.concealed == concealed
        )

    return count


def _set_locator(*, kong: bool, head: bool, concealed: bool) -> Locator:
    """The groups a set point item counts."""
    want = GroupKind.KONG if kong else GroupKind.PUNG
    return loc.groups_where(
        lambda g: g.kind is want and _is_head(g.tile) == head and g.concealed == concealed
    )


for _kong in (False, True):
    for _head in (False, True):
        for _conc in (False, True):
            _kind_it = "quartone" if _kong else "tris"
            _state_it = "coperto" if _conc else "scoperto"
            _state = "concealed" if _conc else "exposed"
            _kind = "kong" if _kong else "pung"
            _declare(
                f"{_state}_{_kind}_{'head' if _head else 'simple'}",
                (8 if _kong else 2) * (2 if _head else 1) * (2 if _conc else 1),
                it=f"{_kind_it} {_state_it} " + ("di 1, 9, draghi o venti" if _head else "di 2–8"),
                en=f"{_state} {_kind} of " + ("1, 9, dragons or winds" if _head else "2–8"),
                ref="RAV-PTS-P02" if _head else "RAV-PTS-P01",
                unit="points",
                locate=_set_locator(kong=_kong, head=_head, concealed=_conc),
            )(_set_counter(kong=_kong, head=_head, concealed=_conc))


@_declare(
    "dragon_pair",
    2,
    it="coppia di draghi",
    en="pair of dragons",
    ref="RAV-PTS-P05",
    unit="points",
    locate=loc.groups_where(lambda g: g.kind is GroupKind.PAIR and g.tile in DRAGONS),
)
def dragon_pair(r: Reading) -> int:
    """Each pair of dragons."""
    return sum(1 for t in r.pair_tiles if t in DRAGONS)


@_declare(
    "own_wind_pair",
    2,
    it="coppia del proprio vento",
    en="pair of own wind",
    ref="RAV-PTS-P06",
    unit="points",
    locate=lambda r: [g for g in r.groups if g.kind is GroupKind.PAIR and g.tile == r.seat_wind],
)
def own_wind_pair(r: Reading) -> int:
    """A pair of the player's seat wind (there is no round wind, RAV-PTS-3)."""
    return sum(1 for t in r.pair_tiles if t == r.seat_wind)


@_declare(
    "flower",
    4,
    it="fiore",
    en="flower",
    ref="RAV-PTS-P07",
    unit="points",
    locate=_bonus(lambda r, t: t.is_flower),
)
def flower(r: Reading) -> int:
    """Each flower."""
    return sum(1 for t in r.bonus if t.is_flower)


@_declare(
    "season",
    4,
    it="stagione",
    en="season",
    ref="RAV-PTS-P08",
    unit="points",
    locate=_bonus(lambda r, t: t.is_season),
)
def season(r: Reading) -> int:
    """Each season."""
    return sum(1 for t in r.bonus if t.is_season)


# ---------------------------------------------------------------- doubles (RAV-DBL)


@_declare(
    "own_flower",
    1,
    it="il proprio fiore",
    en="own flower",
    ref="RAV-DBL-D01",
    unit="doubles",
    locate=_bonus(lambda r, t: t.is_flower and _own(r, t)),
)
def own_flower(r: Reading) -> bool:
    """The flower of the player's seat (RAV-GAP-15: 1 = East … 4 = North)."""
    return any(t.is_flower and t.bonus_seat == r.seat_index for t in r.bonus)


@_declare(
    "own_season",
    1,
    it="la propria stagione",
    en="own season",
    ref="RAV-DBL-D02",
    unit="doubles",
    locate=_bonus(lambda r, t: t.is_season and _own(r, t)),
)
def own_season(r: Reading) -> bool:
    """The season of the player's seat."""
    return any(t.is_season and t.bonus_seat == r.seat_index for t in r.bonus)


@_declare(
    "own_wind_pung",
    1,
    it="tris o quartone del proprio vento",
    en="pung of own wind",
    ref="RAV-DBL-D03",
    unit="doubles",
    locate=lambda r: [g for g in r.pungs if g.tile == r.seat_wind],
)
def own_wind_pung(r: Reading) -> bool:
    """A pung or kong of the seat wind."""
    return any(g.tile == r.seat_wind for g in r.pungs)


@_declare(
    "dragon_pung",
    1,
    it="tris o quartone di un drago",
    en="pung of a dragon",
    ref="RAV-DBL-D04",
    unit="doubles",
    locate=loc.pungs_of(DRAGONS),
)
def dragon_pung(r: Reading) -> int:
    """One per dragon pung or kong."""
    return sum(1 for g in r.pungs if g.tile in DRAGONS)


@_declare(
    "one_suit_with_honours",
    1,
    it="un unico seme con draghi o il proprio vento",
    en="one suit with dragons or own wind",
    ref="RAV-DBL-D05",
    unit="doubles",
    winner_only=True,
)
def one_suit_with_honours(r: Reading) -> bool:
    """One suit plus dragons and/or own wind, no other wind (RAV-DBL-4, RAV-GAP-32)."""
    suits = {t.suit for t in r.tiles if not t.is_honor}
    honours = {t for t in r.tiles if t.is_honor}
    other_winds = {t for t in honours if t in WINDS and t != r.seat_wind}
    return len(suits) == 1 and bool(honours) and not other_winds


@_declare(
    "all_pungs",
    1,
    it="tutti tris (ed una coppia)",
    en="all pungs",
    ref="RAV-DBL-D06",
    unit="doubles",
    winner_only=True,
    locate=loc.pungs,
)
def all_pungs(r: Reading) -> bool:
    """Four pungs or kongs and a pair."""
    return r.shape == "standard" and len(r.pungs) == 4


@_declare(
    "flower_rose",
    2,
    it="rosa dei fiori",
    en="all four flowers",
    ref="RAV-DBL-D07",
    unit="doubles",
    locate=_bonus(lambda r, t: t.is_flower),
)
def flower_rose(r: Reading) -> bool:
    """The four flowers (cumulates with own flower, RAV-GAP-15)."""
    return sum(1 for t in r.bonus if t.is_flower) == 4


@_declare(
    "season_rose",
    2,
    it="rosa delle stagioni",
    en="all four seasons",
    ref="RAV-DBL-D08",
    unit="doubles",
    locate=_bonus(lambda r, t: t.is_season),
)
def season_rose(r: Reading) -> bool:
    """The four seasons."""
    return sum(1 for t in r.bonus if t.is_season) == 4


# ---------------------------------------------------------------- massimi (RAV-MAX)


@_declare(
    "one_suit",
    MASSIMO,
    it="colore",
    en="one suit",
    ref="RAV-MAX-M01",
    unit="massimo",
    winner_only=True,
)
def one_suit(r: Reading) -> bool:
    """All tiles of one suit, no honours; bonus tiles allowed."""
    return len({t.suit for t in r.tiles}) == 1 and not r.tiles[0].is_honor


@_declare(
    "all_heads",
    MASSIMO,
    it="tutte pedine di punta (o testa)",
    en="all head tiles",
    ref="RAV-MAX-M02",
    unit="massimo",
    winner_only=True,
    excludes=("all_pungs_head_pair",),
)
def all_heads(r: Reading) -> bool:
    """Every tile a 1, 9, wind or dragon, in any arrangement (RAV-HAND-3, RAV-GAP-10)."""
    return all(_is_head(t) for t in r.tiles)


@_declare(
    "seven_pairs",
    MASSIMO,
    it="tutte coppie",
    en="all pairs",
    ref="RAV-MAX-M03",
    unit="massimo",
    winner_only=True,
)
def seven_pairs(r: Reading) -> bool:
    """Seven pairs; a concealed kong held in the rack may count as two (RAV-HAND-2)."""
    return r.shape == "seven_pairs"


@_declare(
    "all_pungs_head_pair",
    MASSIMO,
    it="tutti tris e coppia di testa",
    en="all pungs and a head pair",
    ref="RAV-MAX-M04",
    unit="massimo",
    winner_only=True,
    excludes=("all_pungs",),
)
def all_pungs_head_pair(r: Reading) -> bool:
    """Four pungs/kongs of any tiles and a pair of head tiles (RAV-GAP-17)."""
    return (
        r.shape == "standard"
        and len(r.pungs) == 4
        and len(r.pair_tiles) == 1
        and _is_head(r.pair_tiles[0])
    )


BY_ID: dict[str, Pattern] = {p.id: p for p in PATTERNS}
"""The patterns by id."""
