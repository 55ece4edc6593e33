"""Tenhou game records: mjlog XML and tenhou.net/6 JSON as typed, frozen records.

Pure parsing (standard library only): :func:`parse_mjlog` reads Tenhou's mjlog XML,
:func:`parse_tenhou6` reads the tenhou.net/6 viewer JSON (one game object, or one object per
round and line as in ``mjscore/``); :func:`load` picks one by the file's content. Both give a
:class:`Record` = :class:`Header` + :class:`Round` list; a round is its :class:`RoundInit`,
its event list (:class:`Draw`, :class:`Discard`, :class:`Call`, :class:`Reach`,
:class:`NewDora`) and its results (:class:`Agari`, several for a double ron, or one
:class:`Ryuukyoku`). Seats are Tenhou's absolute seats 0-3; points are in points (Tenhou's
hundreds are multiplied out).

Tile ids are Tenhou's 0-135: ``id // 4`` is the kind in muraglia's order (1-9m, 1-9p, 1-9s,
ESWN, white green red); ids 16, 52 and 88 are the red fives ``0m 0p 0s``.

>>> tile_text(16), tile_text(17), tile_text(52), tile_text(88), tile_text(135)
('0m', '5m', '0p', '0s', '7z')
>>> decode_meld(50761, who=3)
TenhouMeld(kind='pon', who=3, from_who=0, tiles=(132, 133, 135), called=132, added=None)
>>> decode_meld(25631, who=0).kind, decode_meld(25631, who=0).tiles
('chi', (43, 44, 48))
"""

from __future__ import annotations

import json
import re
import urllib.parse
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from muraglia.errors import MahjongError
from muraglia.melds import SET_SIZE
from muraglia.tiles import (
    COPIES,
    HONOURS,
    NUM_KINDS,
    NUM_SUITED,
    RANKS,
    WAITING_SIZE,
    WIND_LETTERS,
    PhysicalTile,
    Tile,
)

__all__ = [
    "RED_IDS",
    "YAKU",
    "Agari",
    "Call",
    "Discard",
    "Draw",
    "Event",
    "Header",
    "NewDora",
    "Reach",
    "Record",
    "Round",
    "RoundInit",
    "Ryuukyoku",
    "TenhouFormatError",
    "TenhouMeld",
    "TileIds",
    "decode_meld",
    "encode_meld",
    "load",
    "parse_mjlog",
    "parse_tenhou6",
    "physical_tile",
    "take_tile",
    "tile_text",
]

_TILE_IDS = NUM_KINDS * COPIES
"""Tenhou's tile ids: 0-135, four per kind."""
_PLAYERS = len(WIND_LETTERS)
"""Seats of a four-player game."""
_SUITS = NUM_SUITED // RANKS
"""Suits (man, pin, sou)."""
_CHOW_LAST = RANKS - SET_SIZE
"""The highest rank index (0-based) a chow starts on."""
_SEED_FIELDS = 6
"""``<INIT seed>``: round, honba, sticks, two dice, the first indicator."""
_TEN_FIELDS = 3
"""``<AGARI ten>``: fu, points, limit."""
_ROUND_FIELDS = 17
"""Fields of a tenhou.net/6 round (head, scores, indicators, four seats' three columns, result)."""
_NORTH_HAND = 13
"""Index of the North seat's dealt hand in a tenhou.net/6 round (empty in a three-player game)."""
_JSON_HONOURS = 4
"""Suit digit of the honours in tenhou.net/6 tile codes (1-3: man, pin, sou)."""
_TSUMOGIRI = 60
"""The tenhou.net/6 discard code of the tile just drawn."""
RED_IDS: frozenset[int] = frozenset({16, 52, 88})
"""Tile ids of the red fives (one per suit, Tenhou's ``aka`` rule)."""

YAKU: tuple[tuple[str, str], ...] = (
    ("門前清自摸和", "Fully Concealed Hand"),
    ("立直", "Riichi"),
    ("一発", "Ippatsu"),
    ("槍槓", "Robbing a Kong"),
    ("嶺上開花", "After a Kong"),
    ("海底摸月", "Under the Sea"),
    ("河底撈魚", "Under the River"),
    ("平和", "Pinfu"),
    ("断幺九", "All Simples"),
    ("一盃口", "Pure Double Chow"),
    ("自風 東", "Seat Wind East"),
    ("自風 南", "Seat Wind South"),
    ("自風 西", "Seat Wind West"),
    ("自風 北", "Seat Wind North"),
    ("場風 東", "Round Wind East"),
    ("場風 南", "Round Wind South"),
    ("場風 西", "Round Wind West"),
    ("場風 北", "Round Wind North"),
    ("役牌 白", "White Dragon"),
    ("役牌 發", "Green Dragon"),
    ("役牌 中", "Red Dragon"),
    ("両立直", "Double Riichi"),
    ("七対子", "Seven Pairs"),
    ("混全帯幺九", "Half Outside Hand"),
    ("一気通貫", "Pure Straight"),
    ("三色同順", "Mixed Triple Chow"),
    ("三色同刻", "Triple Pung"),
    ("三槓子", "Three Kongs"),
    ("対々和", "All Pungs"),
    ("三暗刻", "Three Concealed Pungs"),
    ("小三元", "Little Three Dragons"),
    ("混老頭", "All Terminals and Honours"),
    ("二盃口", "Twice Pure Double Chow"),
    ("純全帯幺九", "Fully Outside Hand"),
    ("混一色", "Half Flush"),
    ("清一色", "Full Flush"),
    ("人和", "Blessing of Man"),
    ("天和", "Blessing of Heaven"),
    ("地和", "Blessing of Earth"),
    ("大三元", "Big Three Dragons"),
    ("四暗刻", "Four Concealed Pungs"),
    ("四暗刻単騎", "Four Concealed Pungs, single wait"),
    ("字一色", "All Honours"),
    ("緑一色", "All Green"),
    ("清老頭", "All Terminals"),
    ("九蓮宝燈", "Nine Gates"),
    ("純正九蓮宝燈", "Nine Gates, 9-sided wait"),
    ("国士無双", "Thirteen Orphans"),
    ("国士無双１３面", "Thirteen Orphans, 13-sided wait"),
    ("大四喜", "Big Four Winds"),
    ("小四喜", "Little Four Winds"),
    ("四槓子", "Four Kongs"),
    ("ドラ", "Dora"),
    ("裏ドラ", "Ura Dora"),
    ("赤ドラ", "Red Five"),
)
"""Tenhou's yaku ids 0-54 as (Japanese name, English name); the mjlog ``yaku`` attribute
and the tenhou.net/6 result strings both use them."""

YAKU_ALIASES: tuple[tuple[str, ...], ...] = (
    ("Menzen Tsumo", "Menzenchin Tsumohou", "Tsumo", "Self-Draw", "Fully Concealed"),
    ("Reach", "Richi"),
    ("Ippatsu (One Shot)", "One Shot"),
    ("Chankan",),
    ("Rinshan Kaihou", "Rinshan", "Dead Wall Draw"),
    ("Haitei Raoyue", "Haitei", "Last Tile Draw"),
    ("Houtei Raoyui", "Houtei", "Last Tile Discard"),
    ("Pinfu (No-points Hand)", "No-points Hand"),
    ("Tanyao", "Tanyao Chuu"),
    ("Iipeikou", "Pure Double Sequence"),
    ("Jikaze Ton", "Seat Wind (East)", "Yakuhai (Seat Wind East)"),
    ("Jikaze Nan", "Seat Wind (South)", "Yakuhai (Seat Wind South)"),
    ("Jikaze Shaa", "Jikaze Sha", "Seat Wind (West)", "Yakuhai (Seat Wind West)"),
    ("Jikaze Pei", "Seat Wind (North)", "Yakuhai (Seat Wind North)"),
    ("Bakaze Ton", "Prevalent Wind East", "Round Wind (East)", "Yakuhai (Round Wind East)"),
    ("Bakaze Nan", "Prevalent Wind South", "Round Wind (South)", "Yakuhai (Round Wind South)"),
    ("Bakaze Shaa", "Prevalent Wind West", "Round Wind (West)", "Yakuhai (Round Wind West)"),
    ("Bakaze Pei", "Prevalent Wind North", "Round Wind (North)", "Yakuhai (Round Wind North)"),
    ("Haku", "Yakuhai Haku", "White", "Yakuhai (Haku)", "White Dragon Pung"),
    ("Hatsu", "Yakuhai Hatsu", "Green", "Yakuhai (Hatsu)", "Green Dragon Pung"),
    ("Chun", "Yakuhai Chun", "Red", "Yakuhai (Chun)", "Red Dragon Pung"),
    ("Double Reach", "Daburu Riichi", "Double Richi"),
    ("Chiitoitsu", "Chiitoi", "Seven Pairs (Chiitoitsu)"),
    ("Chanta", "Honchantaiyaochuu", "Half Outside", "Outside Hand"),
    ("Ittsu", "Ikkitsuukan", "Straight", "Pure Straight (Ittsu)"),
    ("Sanshoku Doujun", "Sanshoku", "Mixed Triple Sequence", "Three Colour Straight"),
    ("Sanshoku Doukou", "Triple Triplets", "Three Colour Triplets"),
    ("Sankantsu", "Three Quads"),
    ("Toitoi", "Toitoihou", "All Triplets"),
    ("Sanankou", "Three Concealed Triplets"),
    ("Shousangen", "Small Three Dragons"),
    ("Honroutou", "All Terminals and Honors", "All Terminals & Honours"),
    ("Ryanpeikou", "Twice Pure Double Sequence", "Two Pure Double Chows"),
    ("Junchan", "Junchantaiyaochuu", "Terminals in All Sets", "Pure Outside Hand"),
    ("Honitsu", "Honiisou", "Half Flush (Honitsu)", "Half-Flush"),
    ("Chinitsu", "Chiniisou", "Full Flush (Chinitsu)", "Full-Flush"),
    ("Renhou", "Renhou (Blessing of Man)", "Hand of Man"),
    ("Tenhou", "Heavenly Hand"),
    ("Chiihou", "Chihou", "Earthly Hand"),
    ("Daisangen", "Big Dragons"),
    ("Suuankou", "Suu Ankou", "Four Concealed Triplets"),
    ("Suuankou Tanki", "Four Concealed Triplets Single Wait", "Suuankou (Single Wait)"),
    ("Tsuuiisou", "All Honors"),
    ("Ryuuiisou", "Ryuisou"),
    ("Chinroutou", "All Terminals (Chinroutou)"),
    ("Chuuren Poutou", "Chuuren Pooto", "Chuuren", "Nine Gates (Chuuren Poutou)"),
    ("Junsei Chuuren Poutou", "Pure Nine Gates", "True Nine Gates"),
    ("Kokushi Musou", "Kokushi", "Thirteen Orphans (Kokushi)"),
    ("Kokushi Musou Juusanmen", "Kokushi 13-sided wait", "Thirteen Orphans 13-sided wait"),
    ("Daisuushii", "Dai Suushii", "Big Winds"),
    ("Shousuushii", "Shou Suushii", "Little Winds", "Small Four Winds"),
    ("Suukantsu", "Four Quads"),
    ("Dora",),
    ("Uradora", "Ura-dora", "Ura"),
    ("Akadora", "Aka Dora", "Red Dora", "Red Fives", "Red Five Dora"),
)
"""Other spellings of Tenhou's yaku 0-54 (romaji, the English viewer's and Mahjong Soul
converters' wordings), by yaku id; :func:`yaku_id` also accepts the names of :data:`YAKU`."""


def _norm(name: str) -> str:
    """A yaku or result name as compared: lower case, ASCII letters and digits, kanji."""
    return "".join(c for c in name.casefold() if c.isalnum())


_YAKU_ID: dict[str, int] = {}
for _i, (_ja, _en) in enumerate(YAKU):
    for _name in (_ja, _en, *YAKU_ALIASES[_i]):
        _YAKU_ID.setdefault(_norm(_name), _i)


def yaku_id(name: str) -> int:
    """Tenhou's yaku id of a yaku name in Japanese or English (any listed spelling).

    >>> yaku_id("立直"), yaku_id("Riichi"), yaku_id("riichi"), yaku_id("Ura Dora")
    (1, 1, 1, 53)

    Raises:
        TenhouFormatError: for a name no table lists.
    """
    found = _YAKU_ID.get(_norm(name))
    if found is None:
        raise TenhouFormatError(f"unknown yaku {name!r} (neither a Japanese nor an English name)")
    return found


ABORTIVE_KINDS: Mapping[str, str] = {
    "yao9": "nine different terminals and honours (kyuushu kyuuhai)",
    "kaze4": "four identical wind discards (suufon renda)",
    "reach4": "four riichi (suucha riichi)",
    "ron3": "triple ron (sanchahou)",
    "kan4": "four kongs by several players (suukan sanra)",
}
"""Tenhou's abortive draw types (the RYUUKYOKU ``type`` attribute)."""

RESULT_NAMES: Mapping[str, tuple[str, ...]] = {
    "win": ("和了", "Agari", "Win", "Ron", "Tsumo", "Hora"),
    "": (
        "流局", "全員聴牌", "全員不聴", "Ryuukyoku", "Ryuukyoku (exhaustive draw)",
        "Exhaustive Draw", "Draw", "All Tenpai", "All Noten", "Tenpai", "Noten",
    ),
    "nm": ("流し満貫", "Nagashi Mangan", "Mangan at Draw", "Nagashi"),
    "yao9": ("九種九牌", "Kyuushu Kyuuhai", "Kyuushuu Kyuuhai", "Nine Terminals",
             "Nine Different Terminals and Honours", "Nine Terminals and Honors"),
    "kaze4": ("四風連打", "Suufon Renda", "Suufuu Renda", "Four Winds", "Four Wind Discards"),
    "reach4": ("四家立直", "Suucha Riichi", "Suuchariichi", "Four Riichi", "Four Reach"),
    "ron3": ("三家和了", "Sanchahou", "Sancha Hou", "Triple Ron", "Three Ron"),
    "kan4": ("四槓散了", "Suukaikan", "Suukan Sanra", "Four Kongs", "Four Kans", "Four Quads"),
}  # fmt: skip
"""Round result names by kind (``win`` or Tenhou's RYUUKYOKU ``type``), in Japanese and
English."""

_JSON_DRAWS: Mapping[str, str] = {
    _norm(name): kind for kind, names in RESULT_NAMES.items() for name in names if kind != "win"
}
_JSON_WIN = frozenset(_norm(n) for n in RESULT_NAMES["win"])


class TenhouFormatError(MahjongError):
    """A Tenhou record that cannot be read (names the file, element and attribute)."""


def physical_tile(tile_id: int, red_fives: bool = True) -> PhysicalTile:
    """The muraglia tile of a Tenhou tile id (0-135).

    Ids 16, 52 and 88 are red fives in games with red fives (``red_fives``), plain fives
    otherwise (Tenhou's ``GO type`` bit 0x02).

    >>> physical_tile(16), physical_tile(16, red_fives=False), physical_tile(108).kind
    (PhysicalTile('0m'), PhysicalTile('5m'), <Tile.EAST: 27>)

    Raises:
        TenhouFormatError: for an id outside 0-135.
    """
    if not 0 <= tile_id < _TILE_IDS:
        raise TenhouFormatError(f"tile id {tile_id} is outside 0-135")
    return PhysicalTile(Tile(tile_id // 4), red=red_fives and tile_id in RED_IDS)


def tile_text(tile_id: int, red_fives: bool = True) -> str:
    """The mpsz notation of a Tenhou tile id (``0m`` for a red five)."""
    return physical_tile(tile_id, red_fives).notation


# ---------------------------------------------------------------------- data


MeldType = Literal["chi", "pon", "daiminkan", "ankan", "kakan", "nuki"]


@dataclass(frozen=True)
class TenhouMeld:
    """A call, decoded from Tenhou's ``m`` bit field (or a tenhou.net/6 call string)."""

    kind: MeldType
    who: int
    """The calling seat."""
    from_who: int | None
    """The seat whose discard was taken (None: concealed kong, nuki)."""
    tiles: tuple[int, ...]
    """Every tile id of the meld after the call, sorted."""
    called: int | None
    """The tile id taken from a discard (for ``kakan``: the one of the original pung)."""
    added: int | None = None
    """``kakan``: the tile id added to the pung."""

    @property
    def is_kong(self) -> bool:
        """A kong of any kind."""
        return self.kind in ("daiminkan", "ankan", "kakan")


@dataclass(frozen=True)
class Draw:
    """Seat ``who`` draws ``tile`` (mjlog ``T U V W``)."""

    who: int
    tile: int


@dataclass(frozen=True)
class Discard:
    """Seat ``who`` discards ``tile`` (mjlog ``D E F G``)."""

    who: int
    tile: int


@dataclass(frozen=True)
class Call:
    """A call (mjlog ``N``)."""

    meld: TenhouMeld


@dataclass(frozen=True)
class Reach:
    """Riichi: step 1 = declared (before the discard), step 2 = accepted (stick paid)."""

    who: int
    step: int
    scores: tuple[int, ...] | None = None
    """Scores after the stick (step 2, mjlog only)."""


@dataclass(frozen=True)
class NewDora:
    """A kong dora indicator is turned (mjlog ``DORA``)."""

    tile: int


Event = Draw | Discard | Call | Reach | NewDora


@dataclass(frozen=True)
class Agari:
    """One win as recorded (mjlog ``AGARI``; a double ron has two)."""

    who: int
    from_who: int
    """The discarder; equal to ``who`` for tsumo."""
    hand: tuple[int, ...]
    """Concealed tiles including the winning tile (empty in tenhou.net/6 JSON)."""
    melds: tuple[TenhouMeld, ...]
    winning: int | None
    """The winning tile id (mjlog ``machi``; None in JSON)."""
    fu: int | None
    points: int
    """The hand's value before counters and sticks (``ten``)."""
    limit: int
    """0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman (``ten``)."""
    yaku: tuple[tuple[int, int], ...]
    """(Tenhou yaku id, han) pairs, dora included."""
    yakuman: tuple[int, ...]
    """Tenhou yaku ids of the yakuman."""
    dora: tuple[int, ...]
    """Dora indicators (tile ids, JSON: synthetic ids of the same kinds)."""
    ura: tuple[int, ...]
    honba: int
    sticks: int
    """Riichi sticks collected (this deal's included)."""
    scores: tuple[int, ...] | None
    """Scores before this win (riichi sticks of this deal already paid); None in JSON."""
    deltas: tuple[int, ...]
    """Change of each seat's score."""
    pao: int | None = None
    final: tuple[float, ...] | None = None
    """mjlog ``owari``: final scores and results, on the game's last result."""

    @property
    def han(self) -> int:
        """Total han of the recorded yaku (0 for a yakuman hand)."""
        return sum(h for _, h in self.yaku)

    @property
    def tsumo(self) -> bool:
        """Self-drawn win."""
        return self.who == self.from_who


@dataclass(frozen=True)
class Ryuukyoku:
    """A draw as recorded (mjlog ``RYUUKYOKU``)."""

    kind: str
    """``""`` exhaustive, ``nm`` nagashi mangan, or an :data:`ABORTIVE_KINDS` key."""
    honba: int
    sticks: int
    scores: tuple[int, ...] | None
    deltas: tuple[int, ...]
    tenpai: tuple[int, ...]
    """Seats whose hand was shown (tenpai at an exhaustive draw, the claimant otherwise)."""
    hands: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    final: tuple[float, ...] | None = None


Result = Agari | Ryuukyoku


@dataclass(frozen=True)
class RoundInit:
    """A deal's initial state (mjlog ``INIT``)."""

    round: int
    """0-3 East 1-4, 4-7 South 1-4, 8-11 West."""
    honba: int
    sticks: int
    """Riichi sticks left from earlier deals."""
    dice: tuple[int, int]
    dora: int
    """First dora indicator (tile id)."""
    scores: tuple[int, ...]
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    """Four starting hands of 13 tile ids."""

    @property
    def name(self) -> str:
        """``E1-0``: round wind, deal number, counters."""
        return f"{WIND_LETTERS[self.round // 4 % 4]}{self.round % 4 + 1}-{self.honba}"


@dataclass(frozen=True)
class Round:
    """One deal: its initial state, its events in order and its results."""

    init: RoundInit
    events: tuple[Event, ...]
    results: tuple[Result, ...]

    @property
    def complete(self) -> bool:
        """Whether the deal's result was recorded."""
        return bool(self.results)


@dataclass(frozen=True)
class Header:
    """What the record says about the game."""

    source: Literal["mjlog", "tenhou6", "mjai"]
    players: tuple[str, ...]
    game_type: int | None = None
    """mjlog ``GO type`` bit field (0xA9 = four players, red fives, open tanyao, south)."""
    lobby: int | None = None
    rule: str = ""
    """tenhou.net/6 ``rule.disp`` (e.g. 鳳南喰赤)."""
    dan: tuple[int, ...] = ()
    rate: tuple[float, ...] = ()
    red_fives: bool = True
    three_player: bool = False
    ruleset: str = ""
    """The ruleset id our own export names (its ``muraglia`` key); empty for Tenhou's."""
    options: tuple[tuple[str, Any], ...] = ()
    """The options of :attr:`ruleset`, as our export names them."""
    max_deals: int | None = None
    """Our export: the match stopped after this many deals (a cap, not a rule)."""


@dataclass(frozen=True)
class Record:
    """A game record: header and rounds; ``complete`` when the game end was recorded."""

    name: str
    header: Header
    rounds: tuple[Round, ...]
    complete: bool

    @property
    def problems(self) -> tuple[str, ...]:
        """Why the record is incomplete (empty when it is whole)."""
        out = []
        for r in self.rounds:
            if not r.complete:
                out.append(f"{r.init.name}: the deal has no recorded result")
        if not self.complete:
            out.append("the game end (owari) is missing")
        return tuple(out)


# ---------------------------------------------------------------------- meld decoding


def decode_meld(m: int, who: int) -> TenhouMeld:
    """Decode Tenhou's meld bit field ``m`` of seat ``who``'s call.

    Bits 0-1 give the discarder relative to the caller (1 next, 2 across, 3 previous);
    bit 2 marks a chi, bit 3 a pon, bit 4 an added kong, bit 5 a nuki; otherwise a kong
    (concealed when bits 0-1 are 0). The rest packs the tile kinds, the called tile's
    position and the copy numbers.

    >>> decode_meld(25631, who=0)  # chi 2p3p4p, 3p taken from seat 3
    TenhouMeld(kind='chi', who=0, from_who=3, tiles=(43, 44, 48), called=44, added=None)
    >>> k = decode_meld(27139, who=3)  # seat 3 calls a kong of seat 2's discarded 7s (106)
    >>> k.kind, k.from_who, k.tiles, k.called
    ('daiminkan', 2, (104, 105, 106, 107), 106)
    >>> decode_meld(1024, who=1)  # concealed kong of 2m
    TenhouMeld(kind='ankan', who=1, from_who=None, tiles=(4, 5, 6, 7), called=None, added=None)
    >>> decode_meld(28722, who=1)  # 1s added (73) to a pung called across
    TenhouMeld(kind='kakan', who=1, from_who=3, tiles=(72, 73, 74, 75), called=75, added=73)

    Raises:
        TenhouFormatError: for a negative field.
    """
    if m < 0:
        raise TenhouFormatError(f"meld field m={m} is negative")
    rel = m & 3
    from_who = (who + rel) % 4
    if m & 0x4:  # chi
        t = m >> 10
        r = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        offs = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        tiles = tuple((base + i) * 4 + offs[i] for i in range(3))
        return TenhouMeld("chi", who, from_who, tiles, tiles[r])
    if m & 0x18:  # pon (0x8) or added kong (0x10)
        t = m >> 9
        r = t % 3
        t //= 3
        unused = (m >> 5) & 3
        three = tuple(t * 4 + i for i in range(4) if i != unused)
        if m & 0x8:
            return TenhouMeld("pon", who, from_who, three, three[r])
        added = t * 4 + unused
        return TenhouMeld("kakan", who, from_who, tuple(sorted((*three, added))), three[r], added)
    if m & 0x20:  # nuki (three players)
        tile = m >> 8
        return TenhouMeld("nuki", who, None, (tile,), None)
    hai0 = m >> 8
    base = hai0 // 4 * 4
    tiles = tuple(range(base, base + 4))
    if rel == 0:
        return TenhouMeld("ankan", who, None, tiles, None)
    return TenhouMeld("daiminkan", who, from_who, tiles, hai0)


def encode_meld(meld: TenhouMeld) -> int:
    """Tenhou's meld bit field ``m`` of a call (the inverse of :func:`decode_meld`).

    The layouts of :func:`decode_meld`: a chi packs 3 x (start index among the 21 chi
    starts) + the called tile's position at bit 10 and the copy numbers of its three tiles
    at bits 3-4, 5-6, 7-8; a pon or an added kong 3 x kind + the called tile's position
    among the pung's three at bit 9 and the copy left out of the pung (the added tile) at
    bits 5-6; a kong the called tile id (a concealed kong: its kind's first id, as Tenhou
    writes 15 of the 17 concealed kongs of the corpus) at bit 8. Bits 0-1 are the discarder
    relative to the caller (0 for a concealed kong).

    >>> encode_meld(decode_meld(25631, who=0)), encode_meld(decode_meld(28722, who=1))
    (25631, 28722)
    >>> encode_meld(TenhouMeld("ankan", 1, None, (4, 5, 6, 7), None))
    1024

    Raises:
        TenhouFormatError: a meld whose tiles do not form its kind (names the meld).
    """
    tiles = tuple(sorted(meld.tiles))
    kinds = [t // 4 for t in tiles]
    rel = 0 if meld.from_who is None else (meld.from_who - meld.who) % 4
    bad = TenhouFormatError(f"seat {meld.who}'s {meld.kind} of tiles {tiles} cannot be encoded")
    if any(not 0 <= t < _TILE_IDS for t in tiles) or len(set(tiles)) != len(tiles):
        raise bad
    if meld.kind == "chi":
        suit, start = divmod(kinds[0], 9)
        if (
            len(tiles) != SET_SIZE
            or suit >= _SUITS
            or start > _CHOW_LAST
            or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]
            or meld.called not in tiles
            or rel == 0
        ):
            raise bad
        code = (suit * 7 + start) * 3 + tiles.index(meld.called)
        copies = [t % 4 for t in tiles]
        return code << 10 | copies[2] << 7 | copies[1] << 5 | copies[0] << 3 | 0x4 | rel
    if meld.kind in ("pon", "kakan"):
        three = [t for t in tiles if t != meld.added]
        if len(set(kinds)) != 1 or len(three) != SET_SIZE or meld.called not in three or rel == 0:
            raise bad
        if len(tiles) != (SET_SIZE if meld.kind == "pon" else COPIES):
            raise bad
        unused = next(c for c in range(4) if kinds[0] * 4 + c not in three)
        flag = 0x8 if meld.kind == "pon" else 0x10
        return (kinds[0] * 3 + three.index(meld.called)) << 9 | unused << 5 | flag | rel
    if meld.kind in ("daiminkan", "ankan"):
        if len(tiles) != COPIES or len(set(kinds)) != 1:
            raise bad
        if meld.kind == "ankan":
            return (kinds[0] * 4) << 8
        if meld.called not in tiles or rel == 0:
            raise bad
        return meld.called << 8 | rel
    raise bad


# ---------------------------------------------------------------------- mjlog XML


_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"
_TILE_TAG = re.compile(r"^([TUVWDEFG])(\d+)$")


def _ints(text: str | None, what: str) -> tuple[int, ...]:
    if text is None or text == "":
        return ()
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise TenhouFormatError(f"{what}: {text!r} is not a list of integers") from None


def _attr(el: ET.Element, name: str) -> str:
    value = el.get(name)
    if value is None:
        raise TenhouFormatError(f"<{el.tag}> lacks the attribute {name!r}")
    return value


def _sc(el: ET.Element) -> tuple[tuple[int, ...], tuple[int, ...]]:
    sc = _ints(_attr(el, "sc"), f"<{el.tag}> sc")
    if len(sc) != 2 * _PLAYERS:  # score and change of each seat
        raise TenhouFormatError(f"<{el.tag}> sc has {len(sc)} values, not 8")
    return tuple(100 * x for x in sc[0::2]), tuple(100 * x for x in sc[1::2])


def _owari(el: ET.Element) -> tuple[float, ...] | None:
    text = el.get("owari")
    if text is None:
        return None
    return tuple(float(x) for x in text.split(","))


def _agari(el: ET.Element) -> Agari:
    who = int(_attr(el, "who"))
    ten = _ints(_attr(el, "ten"), "<AGARI> ten")
    if len(ten) != _TEN_FIELDS:
        raise TenhouFormatError(f"<AGARI> ten={el.get('ten')!r} is not fu,points,limit")
    yaku = _ints(el.get("yaku"), "<AGARI> yaku")
    honba, sticks = _ints(_attr(el, "ba"), "<AGARI> ba")
    scores, deltas = _sc(el)
    pao = el.get("paoWho")
    return Agari(
        who=who,
        from_who=int(_attr(el, "fromWho")),
        hand=_ints(_attr(el, "hai"), "<AGARI> hai"),
        melds=tuple(decode_meld(m, who) for m in _ints(el.get("m"), "<AGARI> m")),
        winning=int(_attr(el, "machi")),
        fu=ten[0],
        points=ten[1],
        limit=ten[2],
        yaku=tuple(zip(yaku[0::2], yaku[1::2], strict=True)),
        yakuman=_ints(el.get("yakuman"), "<AGARI> yakuman"),
        dora=_ints(el.get("doraHai"), "<AGARI> doraHai"),
        ura=_ints(el.get("doraHaiUra"), "<AGARI> doraHaiUra"),
        honba=honba,
        sticks=sticks,
        scores=scores,
        deltas=deltas,
        pao=int(pao) if pao is not None else None,
        final=_owari(el),
    )


def _ryuukyoku(el: ET.Element) -> Ryuukyoku:
    honba, sticks = _ints(_attr(el, "ba"), "<RYUUKYOKU> ba")
    scores, deltas = _sc(el)
    hands = {s: _ints(el.get(f"hai{s}"), f"<RYUUKYOKU> hai{s}") for s in range(4)}
    shown = {s: h for s, h in hands.items() if el.get(f"hai{s}") is not None}
    return Ryuukyoku(
        kind=el.get("type", ""),
        honba=honba,
        sticks=sticks,
        scores=scores,
        deltas=deltas,
        tenpai=tuple(sorted(shown)),
        hands=shown,
        final=_owari(el),
    )


def _init(el: ET.Element) -> RoundInit:
    seed = _ints(_attr(el, "seed"), "<INIT> seed")
    if len(seed) != _SEED_FIELDS:
        raise TenhouFormatError(f"<INIT> seed={el.get('seed')!r} needs 6 values")
    hands = tuple(_ints(el.get(f"hai{s}"), f"<INIT> hai{s}") for s in range(4))
    for s, h in enumerate(hands):
        if len(h) != WAITING_SIZE:
            raise TenhouFormatError(f"<INIT> hai{s} has {len(h)} tiles, not 13")
    return RoundInit(
        round=seed[0],
        honba=seed[1],
        sticks=seed[2],
        dice=(seed[3], seed[4]),
        dora=seed[5],
        scores=tuple(100 * x for x in _ints(_attr(el, "ten"), "<INIT> ten")),
        dealer=int(_attr(el, "oya")),
        hands=hands,
    )


class _RoundBuilder:
    def __init__(self, init: RoundInit) -> None:
        self.init = init
        self.events: list[Event] = []
        self.results: list[Result] = []

    def build(self) -> Round:
        return Round(self.init, tuple(self.events), tuple(self.results))


def _where(current: _RoundBuilder | None, tag: str, rounds: int) -> str:
    """Where an element stands in an mjlog: ``E2-0, step 14: `` (``rounds``: begun so far)."""
    if tag == "INIT":
        return f"round {rounds + 1}: "
    if current is None:
        return ""
    if tag in ("AGARI", "RYUUKYOKU"):
        return f"{current.init.name}, the result: "
    return f"{current.init.name}, step {len(current.events) + 1}: "


def parse_mjlog(text: str, name: str = "") -> Record:  # noqa: PLR0912, PLR0915 - one branch an XML tag
    """Parse an mjlog XML document (a truncated game gives ``complete=False``).

    Raises:
        TenhouFormatError: malformed XML, unknown element, missing attribute, a three-player
            game (not supported).
    """
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise TenhouFormatError(f"{name or 'mjlog'}: not well-formed XML ({exc})") from None
    if root.tag != "mjloggm":
        raise TenhouFormatError(f"{name or 'mjlog'}: root element <{root.tag}>, not <mjloggm>")
    players: tuple[str, ...] = ()
    dan: tuple[int, ...] = ()
    rate: tuple[float, ...] = ()
    game_type: int | None = None
    lobby: int | None = None
    rounds: list[Round] = []
    current: _RoundBuilder | None = None
    complete = False
    spec = ""
    options: tuple[tuple[str, Any], ...] = ()
    cap: int | None = None
    for el in root:
        tag = el.tag
        try:
            match = _TILE_TAG.match(tag)
            if match:
                if current is None:
                    raise TenhouFormatError(f"<{tag}> before the first <INIT>")
                letter, number = match.groups()
                if int(number) >= _TILE_IDS:  # a tile id is 0-135 (the digits: never negative)
                    raise TenhouFormatError(
                        f"<{tag[:20]}>: tile id {number[:20]} is out of range (0-{_TILE_IDS - 1})"
                    )
                if letter in _DRAW_TAGS:
                    current.events.append(Draw(_DRAW_TAGS.index(letter), int(number)))
                else:
                    current.events.append(Discard(_DISCARD_TAGS.index(letter), int(number)))
            elif tag == "INIT":
                init = _init(el)
                if current is not None:
                    rounds.append(current.build())
                current = _RoundBuilder(init)
            elif tag in ("N", "REACH", "DORA", "AGARI", "RYUUKYOKU"):
                if current is None:
                    raise TenhouFormatError(f"<{tag}> before the first <INIT>")
                if tag == "N":
                    meld = decode_meld(int(_attr(el, "m")), int(_attr(el, "who")))
                    if meld.kind == "nuki":
                        raise TenhouFormatError("nuki (three-player game) is not supported")
                    current.events.append(Call(meld))
                elif tag == "REACH":
                    ten = el.get("ten")
                    current.events.append(
                        Reach(
                            int(_attr(el, "who")),
                            int(_attr(el, "step")),
                            tuple(100 * x for x in _ints(ten, "<REACH> ten")) if ten else None,
                        )
                    )
                elif tag == "DORA":
                    current.events.append(NewDora(int(_attr(el, "hai"))))
                else:
                    result = _agari(el) if tag == "AGARI" else _ryuukyoku(el)
                    current.results.append(result)
                    if result.final is not None:
                        complete = True
            elif tag == "GO":
                game_type = int(_attr(el, "type"))
                lobby = int(el.get("lobby", "0"))
                if game_type & 0x10:
                    raise TenhouFormatError("three-player games are not supported")
                if el.get("muraglia") is not None:  # our export: the ruleset and its options
                    try:
                        ours = json.loads(el.get("muraglia", ""))
                    except json.JSONDecodeError:
                        raise TenhouFormatError("<GO> muraglia is not a JSON object") from None
                    spec, options, _, cap = _ours(ours, "<GO> muraglia")
            elif tag == "UN":
                if el.get("dan") is not None:  # the first UN; later ones are reconnections
                    players = tuple(urllib.parse.unquote(el.get(f"n{s}", "")) for s in range(4))
                    dan = _ints(el.get("dan"), "<UN> dan")
                    rate = tuple(float(x) for x in el.get("rate", "").split(",") if x)
            elif tag in ("SHUFFLE", "TAIKYOKU", "BYE"):
                pass
            else:
                raise TenhouFormatError(f"unknown element <{tag}>")
        except (ValueError, TypeError) as exc:
            where = _where(current, tag, len(rounds) + (current is not None))
            if isinstance(exc, TenhouFormatError):
                raise TenhouFormatError(f"{name or 'mjlog'}: {where}{exc}") from None
            raise TenhouFormatError(f"{name or 'mjlog'}: {where}<{tag}>: {exc}") from None
    if current is not None:
        rounds.append(current.build())
    header = Header(
        source="mjlog",
        players=players,
        game_type=game_type,
        lobby=lobby,
        dan=dan,
        rate=rate,
        red_fives=game_type is None or not game_type & 0x2,
        ruleset=spec,
        options=options,
        max_deals=cap,
    )
    return Record(name, header, tuple(rounds), complete)


# ---------------------------------------------------------------------- tenhou.net/6 JSON


_JSON_KIND_RED = {51: 16, 52: 52, 53: 88}


class TileIds:
    """Tile ids for tenhou.net/6 tile codes: a red five is its red id, others take free copies.

    The ids a round gives out are all different (a fifth copy or a second red five is an
    error); the JSON import and the mjlog export (:mod:`muraglia.io.mjlog`) number tiles so.
    """

    def __init__(self, red_fives: bool = True) -> None:
        self.used: set[int] = set()
        self.red_fives = red_fives

    def new(self, code: int) -> int:
        """A free id of the tile ``code`` (51-53: the red five's id)."""
        if code in _JSON_KIND_RED and self.red_fives:
            tid = _JSON_KIND_RED[code]
            if tid in self.used:
                raise TenhouFormatError(f"a second red five {code}")
            self.used.add(tid)
            return tid
        kind = _json_kind(code)
        for copy in range(4):
            tid = kind * 4 + copy
            if (tid not in RED_IDS or not self.red_fives) and tid not in self.used:
                self.used.add(tid)
                return tid
        raise TenhouFormatError(f"a fifth copy of tile {code}")


def _json_kind(code: int) -> int:
    if code in _JSON_KIND_RED:
        return _JSON_KIND_RED[code] // 4
    suit, rank = divmod(code, 10)
    if 1 <= suit <= _SUITS and 1 <= rank <= RANKS:
        return (suit - 1) * RANKS + rank - 1
    if suit == _JSON_HONOURS and 1 <= rank <= len(HONOURS):
        return NUM_SUITED + rank - 1
    raise TenhouFormatError(f"tile code {code} is not a tenhou.net/6 tile")


def take_tile(hand: list[int], code: int, red_fives: bool = True) -> int:
    """Remove and return the id in ``hand`` matching the JSON tile code (red-aware).

    Raises:
        TenhouFormatError: no tile of that kind in ``hand``.
    """
    kind = _json_kind(code)
    want_red = code in _JSON_KIND_RED and red_fives
    same = [t for t in sorted(hand) if t // 4 == kind]
    exact = [t for t in same if (t in RED_IDS and red_fives) == want_red]
    # a converter writing a held red five as plain (or the reverse) still names the kind
    for tid in exact or same:
        hand.remove(tid)
        return tid
    raise TenhouFormatError(f"tile {code} is not in the hand")


_SOURCE = {
    ("c", 0): 3,
    ("p", 0): 3,
    ("p", 1): 2,
    ("p", 2): 1,
    ("m", 0): 3,
    ("m", 1): 2,
    ("m", 2): 1,  # some converters mark the next seat's kong tile third
    ("m", 3): 1,
}
"""(call letter, marker position) -> discarder relative to the caller (3 previous seat)."""

_CALL = re.compile(r"^((?:\d\d)*)([cpmka])(\d\d)((?:\d\d)*)$")


def _split_call(text: str) -> tuple[str, int, list[int], int]:
    """(letter, position of the marked tile, all tile codes, marked tile code)."""
    m = _CALL.match(text)
    if not m:
        raise TenhouFormatError(f"call {text!r} is not a tenhou.net/6 call")
    before, letter, marked, after = m.groups()
    codes = [int(before[i : i + 2]) for i in range(0, len(before), 2)]
    pos = len(codes)
    codes.append(int(marked))
    codes += [int(after[i : i + 2]) for i in range(0, len(after), 2)]
    return letter, pos, codes, int(marked)


_POINTS = re.compile(
    r"(?:(\d+)\s*(?:符|fu)\s*)?(?:(\d+)\s*(?:飜|翻|han)\s*)?(?:[^\d]*?)(\d+)"
    r"(?:\s*-\s*(\d+))?\s*(?:点|pts?|points?)?\s*(∀|all)?\s*$",
    re.IGNORECASE,
)
_LIMITS = {
    "満貫": 1, "跳満": 2, "倍満": 3, "三倍満": 4, "役満": 5, "数え役満": 5,
    "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4, "yakuman": 5, "kazoeyakuman": 5,
    "kazoe": 5, "countedyakuman": 5,
}  # fmt: skip
_YAKU_TEXT = re.compile(
    r"^(.+?)\s*\(\s*(?:(\d+)\s*(?:飜|翻|han)|(役満|yakuman|(\d+)\s*x\s*yakuman))\s*\)$",
    re.IGNORECASE,
)


def _json_agari(
    delta: Sequence[int],
    info: Sequence[Any],
    dora: tuple[int, ...],
    ura: tuple[int, ...],
    ba: tuple[int, int],
) -> Agari:
    who, from_who, pao = int(info[0]), int(info[1]), int(info[2])
    text = str(info[3])
    m = _POINTS.search(text)
    if not m:
        raise TenhouFormatError(f"result {text!r}: no points")
    fu = int(m.group(1)) if m.group(1) else None
    a = int(m.group(3))
    if m.group(5):  # dealer tsumo: each pays a
        points = 3 * a
    elif m.group(4):  # non-dealer tsumo: a from non-dealers, b from the dealer
        points = 2 * a + int(m.group(4))
    else:
        points = a
    limit = 0
    head = _norm(text)
    for name, code in sorted(_LIMITS.items(), key=lambda kv: -len(kv[0])):
        if head.startswith(_norm(name)):
            limit = code
            break
    yaku: list[tuple[int, int]] = []
    yakuman: list[int] = []
    for item in info[4:]:
        ym = _YAKU_TEXT.match(str(item).strip())
        if not ym:
            raise TenhouFormatError(
                f"yaku {item!r} is not 'name(n飜)', 'name(n han)', 'name(役満)' or 'name(Yakuman)'"
            )
        name = ym.group(1)
        if ym.group(2) is not None:
            yaku.append((yaku_id(name), int(ym.group(2))))
        else:
            yakuman.append(yaku_id(name))
    if yakuman and limit == 0:
        limit = 5
    return Agari(
        who=who,
        from_who=from_who,
        hand=(),
        melds=(),
        winning=None,
        fu=fu,
        points=points,
        limit=limit,
        yaku=tuple(yaku),
        yakuman=tuple(yakuman),
        dora=dora,
        ura=ura,
        honba=ba[0],
        sticks=ba[1],
        scores=None,
        deltas=tuple(int(x) for x in delta),
        pao=pao if pao != who else None,
    )


class _JsonRound:
    """Rebuilds the event order of one tenhou.net/6 round from its per-seat columns."""

    def __init__(
        self, log: Sequence[Any], red_fives: bool = True, kan_dora_at_once: bool = False
    ) -> None:
        self.kan_dora_at_once = kan_dora_at_once
        """Kong indicators turned with the kong (EMA-KONG-5), not after the discard (Tenhou)."""
        if len(log) < _ROUND_FIELDS:
            raise TenhouFormatError(f"a round has {len(log)} fields, not 17")
        head = log[0]
        self.ids = TileIds(red_fives)
        kyoku, honba, sticks = int(head[0]), int(head[1]), int(head[2])
        dora_codes = [int(x) for x in log[2]]
        self.hands = [[self.ids.new(int(c)) for c in log[4 + 3 * s]] for s in range(4)]
        self.draws = [list(log[5 + 3 * s]) for s in range(4)]
        self.discards = [list(log[6 + 3 * s]) for s in range(4)]
        self.dora_ids = [self._free(c) for c in dora_codes]
        self.ura_ids = tuple(self._free(int(c)) for c in log[3])
        self.init = RoundInit(
            round=kyoku,
            honba=honba,
            sticks=sticks,
            dice=(0, 0),
            dora=self.dora_ids[0],
            scores=tuple(int(x) for x in log[1]),
            dealer=kyoku % 4,
            hands=tuple(tuple(h) for h in self.hands),
        )
        self.result = list(log[16])
        self.events: list[Event] = []
        self.last_draw = -1
        self.next_dora = 1
        self.pending_dora = 0
        self.reach: int | None = None
        self.passes: tuple[bool, ...] = ()
        """Claim choices of this run: ``passes[k]`` true, the k-th possible claim is passed."""
        self.claims_seen = 0
        """Possible claims met so far (a recorded call that fits the discard on the table)."""
        self.consumed = False
        """Whether the run read every draw and discard column to its end."""
        self.di = [0, 0, 0, 0]
        self.dd = [0, 0, 0, 0]

    def _free(self, code: int) -> int:
        """An id for an indicator (not tracked as a held tile)."""
        if code in _JSON_KIND_RED:
            return _JSON_KIND_RED[code]
        return _json_kind(code) * 4 + 3

    def run(self) -> Round:  # noqa: PLR0912, PLR0915 - the interleaving state machine, in one loop
        """Interleave the columns: claims on each discard first, else the next seat draws."""
        di = [0, 0, 0, 0]  # next unread entry of each seat's draws
        dd = [0, 0, 0, 0]  # ... and discards
        turn = self.init.dealer
        last: tuple[int, int] | None = None  # (discarder, tile id) open to claims
        self.di, self.dd = di, dd
        for _ in range(400):
            caller = self._claimant(last, di) if last is not None else None
            if caller is not None and last is not None:
                meld = self._call(caller, str(self.draws[caller][di[caller]]), last)
                di[caller] += 1
                self._event(Call(meld))
                turn = caller
                if meld.kind == "daiminkan":
                    if dd[turn] < len(self.discards[turn]) and self.discards[turn][dd[turn]] == 0:
                        dd[turn] += 1  # tenhou.net/6 writes 0 for the kong's missing discard
                    if self.kan_dora_at_once:
                        self._reveal(self.pending_dora + 1)
                    if not self._draw(turn, di):
                        break
                    self.pending_dora += not self.kan_dora_at_once
            else:
                turn = (last[0] + 1) % 4 if last is not None else turn
                if not self._draw(turn, di):
                    break
            last = None
            while True:  # the seat on turn declares kongs, then discards (or the round ends)
                if dd[turn] >= len(self.discards[turn]):
                    return self._finish()
                item = self.discards[turn][dd[turn]]
                dd[turn] += 1
                if isinstance(item, str) and ("a" in item or "k" in item):
                    meld = self._kong(turn, item)
                    self._event(Call(meld))
                    now = meld.kind == "ankan" or self.kan_dora_at_once
                    self._reveal(self.pending_dora + now)
                    if not self._draw(turn, di):
                        return self._finish()
                    self.pending_dora += not now
                    continue
                self._reveal(self.pending_dora)
                riichi = isinstance(item, str) and item.startswith("r")
                code = int(str(item)[1:]) if riichi else int(item)
                if riichi:
                    self._event(Reach(turn, 1))
                hand = self.hands[turn]
                if code == _TSUMOGIRI:
                    tid = self.last_draw
                    hand.remove(tid)
                else:
                    tid = take_tile(hand, code, self.ids.red_fives)
                self.events.append(Discard(turn, tid))
                if riichi:
                    self.reach = turn
                last = (turn, tid)
                break
        return self._finish()

    def _event(self, event: Event) -> None:
        """Append ``event``; a pending riichi is accepted first (as mjlog's REACH step 2)."""
        if self.reach is not None:
            self.events.append(Reach(self.reach, 2))
            self.reach = None
        self.events.append(event)

    def _claimant(self, last: tuple[int, int], di: list[int]) -> int | None:
        """The seat calling the last discard (pon and kong before chi), if any.

        A call string names the taken tile and, by the marker's position, where it came
        from; both must fit the last discard. The format does not say *which* fitting discard
        was called (a seat may pass a tile and call the same kind from the same seat later):
        each fitting call is a choice, taken unless this run's ``passes`` says otherwise
        (:func:`_interleave` searches the choices when the first reading does not use up
        every column).
        """
        pon: list[int] = []
        chi: list[int] = []
        discarder, tile = last
        for s in range(4):
            if s == discarder or di[s] >= len(self.draws[s]):
                continue
            item = self.draws[s][di[s]]
            if not isinstance(item, str):
                continue
            letter, pos, _, marked = _split_call(item)
            if _json_kind(marked) != tile // 4:  # red or plain: the discard decides
                continue
            rel = (discarder - s) % 4
            if _SOURCE.get((letter, pos)) != rel:
                continue
            (chi if letter == "c" else pon).append(s)
        for s in pon + chi:
            k = self.claims_seen
            self.claims_seen += 1
            if not (k < len(self.passes) and self.passes[k]):
                return s
        return None

    def _reveal(self, count: int) -> None:
        """Turn ``count`` kong dora indicators.

        Tenhou turns a concealed kong's before its replacement draw and an open kong's
        after it, at the next discard or kong declaration (``pending_dora``).
        """
        for _ in range(count):
            if self.next_dora < len(self.dora_ids):
                self.events.append(NewDora(self.dora_ids[self.next_dora]))
                self.next_dora += 1
        self.pending_dora = 0

    def _draw(self, who: int, di: list[int]) -> bool:
        if di[who] >= len(self.draws[who]):
            return False
        item = self.draws[who][di[who]]
        if isinstance(item, str):
            return False  # a call on a discard nobody made here: the round ended
        di[who] += 1
        tid = self.ids.new(int(item))
        self.hands[who].append(tid)
        self.last_draw = tid
        self._event(Draw(who, tid))
        return True

    def _call(self, who: int, text: str, last: tuple[int, int]) -> TenhouMeld:
        letter, pos, codes, _ = _split_call(text)
        discarder, tile = last
        hand = self.hands[who]
        if letter == "c":
            others = [take_tile(hand, c, self.ids.red_fives) for c in codes[1:]]
            tiles = tuple(sorted((tile, *others)))
            return TenhouMeld("chi", who, discarder, tiles, tile)
        # the marked tile's position tells the source: 0 previous, 1 across, 2/3 next
        others = [take_tile(hand, c, self.ids.red_fives) for i, c in enumerate(codes) if i != pos]
        kind: MeldType = "pon" if letter == "p" else "daiminkan"
        return TenhouMeld(kind, who, discarder, tuple(sorted((tile, *others))), tile)

    def _kong(self, who: int, text: str) -> TenhouMeld:
        letter, _, codes, marked = _split_call(text)
        hand = self.hands[who]
        if letter == "a":
            tiles = tuple(sorted(take_tile(hand, c, self.ids.red_fives) for c in codes))
            return TenhouMeld("ankan", who, None, tiles, None)
        added = take_tile(hand, marked, self.ids.red_fives)
        pon = self._pon_of(who, _json_kind(marked))
        return TenhouMeld(
            "kakan", who, pon.from_who, tuple(sorted((*pon.tiles, added))), pon.called, added
        )

    def _pon_of(self, who: int, kind: int) -> TenhouMeld:
        for e in self.events:
            if (
                isinstance(e, Call)
                and e.meld.who == who
                and e.meld.kind == "pon"
                and e.meld.tiles[0] // 4 == kind
            ):
                return e.meld
        raise TenhouFormatError(f"seat {who} adds to a pung of {kind} it does not have")

    def _finish(self) -> Round:
        self.consumed = all(self.di[s] == len(self.draws[s]) for s in range(4)) and all(
            self.dd[s] == len(self.discards[s]) for s in range(4)
        )
        if self.reach is not None:  # accepted unless that very discard was won on
            won = self.result and _norm(str(self.result[0])) in _JSON_WIN
            infos = self.result[2::2] if won else []
            if not any(int(i[1]) == self.reach and int(i[0]) != self.reach for i in infos):
                self.events.append(Reach(self.reach, 2))
            self.reach = None
        return Round(self.init, tuple(self.events), tuple(self._results()))

    def _results(self) -> list[Result]:
        if not self.result:
            return []
        head = _norm(str(self.result[0]))
        ba = (self.init.honba, self.init.sticks)
        if head in _JSON_WIN:
            out: list[Result] = []
            rest = self.result[1:]
            ura = self.ura_ids
            dora = tuple(self.dora_ids)
            for k in range(0, len(rest) - 1, 2):
                out.append(_json_agari(rest[k], rest[k + 1], dora, ura, ba if not out else (0, 0)))
            return out
        if head not in _JSON_DRAWS:
            raise TenhouFormatError(
                f"unknown round result {self.result[0]!r} (expected 和了/Agari or a draw name"
                " such as 流局/Ryuukyoku)"
            )
        deltas = tuple(int(x) for x in self.result[1]) if len(self.result) > 1 else (0,) * 4
        return [Ryuukyoku(_JSON_DRAWS[head], ba[0], ba[1], None, deltas, ())]


_INTERLEAVE_RUNS = 2000
"""Readings :func:`_interleave` tries for one round before keeping the first."""


def _interleave(log: Sequence[Any], red_fives: bool, kan_dora_at_once: bool) -> Round:
    """The event order of one tenhou.net/6 round: the reading that uses every column up.

    The first reading takes every call at the first discard it fits. A seat that passed a
    tile and called the same kind from the same seat later (random or weak players do) makes
    that reading run out of step: it ends with draws or discards left unread. Then the
    readings with one passed claim, then two, are tried (breadth first, at most
    ``_INTERLEAVE_RUNS``) and the first that reads every column is the round; if none does,
    the first reading stands (the replay then names the step where it departs from the
    engine).
    """
    first = _JsonRound(log, red_fives, kan_dora_at_once)
    rnd = first.run()
    if first.consumed:
        return rnd
    frontier: list[tuple[tuple[bool, ...], int]] = [((), first.claims_seen)]
    runs = 1
    for _depth in range(2):
        following: list[tuple[tuple[bool, ...], int]] = []
        for passes, seen in frontier:
            for k in range(len(passes), seen):
                trial = (*passes, *(False,) * (k - len(passes)), True)
                attempt = _JsonRound(log, red_fives, kan_dora_at_once)
                attempt.passes = trial
                try:
                    candidate = attempt.run()
                except (TenhouFormatError, ValueError, IndexError, KeyError):
                    candidate = None
                runs += 1
                if candidate is not None and attempt.consumed:
                    return candidate
                following.append((trial, attempt.claims_seen))
                if runs >= _INTERLEAVE_RUNS:
                    return rnd
        frontier = following
    return rnd


def _rule(rule: Any, label: str) -> tuple[str, bool]:
    """(``disp`` text, red fives) of a tenhou.net/6 ``rule`` object.

    ``disp`` may be missing; red fives come from ``aka`` or from ``aka51``/``aka52``/
    ``aka53`` (one per suit; all three must agree), on when none is given.

    Raises:
        TenhouFormatError: a ``rule`` that is not an object, three-player text, or red
            five counts per suit muraglia cannot play.
    """
    if rule is None:
        return "", True
    if not isinstance(rule, dict):
        raise TenhouFormatError(f"{label}: 'rule' must be an object")
    disp = str(rule.get("disp", ""))
    if "三" in disp or "sanma" in disp.casefold() or "3-player" in disp.casefold():
        raise TenhouFormatError(
            f"{label}: a three-player game ({disp}); muraglia has no three-player riichi yet"
        )
    counts = [rule[k] for k in ("aka51", "aka52", "aka53") if k in rule]
    if "aka" in rule:
        counts.append(rule["aka"])
    try:
        values = {int(x) for x in counts}
    except (TypeError, ValueError):
        raise TenhouFormatError(f"{label}: the red five counts of 'rule' must be 0 or 1") from None
    if not values:
        return disp, True
    if len(values) > 1 or not values <= {0, 1}:
        raise TenhouFormatError(
            f"{label}: red five counts {sorted(values)} per suit are not supported (one red five"
            " in every suit, or none)"
        )
    return disp, values == {1}


def _ours(data: Any, label: str) -> tuple[str, tuple[tuple[str, Any], ...], bool, int | None]:
    """What our export's ``muraglia`` key names.

    (ruleset id, its options, kong indicators turned at once, the match's cap on deals).

    Raises:
        TenhouFormatError: a key of the wrong shape.
    """
    if data is None:
        return "", (), False, None
    if not isinstance(data, dict) or not isinstance(data.get("ruleset"), str):
        raise TenhouFormatError(f"{label}: 'muraglia' must be an object naming the 'ruleset'")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise TenhouFormatError(f"{label}: 'muraglia.options' must be an object")
    cap = data.get("max_deals")
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
        raise TenhouFormatError(f"{label}: 'muraglia.max_deals' must be a positive integer")
    at_once = not options.get("kan_dora_after_discard", True)
    return str(data["ruleset"]), tuple(sorted(options.items())), at_once, cap


def _three_player(log: Any) -> bool:
    """Whether a round is from a three-player game (three scores, or North without a hand)."""
    if not isinstance(log, list) or len(log) < _ROUND_FIELDS:
        return False
    scores, north = log[1], log[_NORTH_HAND]
    return (isinstance(scores, list) and len(scores) == _PLAYERS - 1) or north == []


def _json_objects(text: str) -> Iterator[Any]:
    decoder = json.JSONDecoder()
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return
        obj, i = decoder.raw_decode(text, i)
        yield obj


def parse_tenhou6(text: str, name: str = "") -> Record:
    """Parse tenhou.net/6 JSON: one game object, or several objects (one per round).

    Tiles get synthetic ids of the right kind (red fives keep 16, 52, 88); results carry the
    recorded han, fu, points and score changes. The game end counts as recorded when the
    last round is South 4 or later (the format has no explicit marker).

    Raises:
        TenhouFormatError: malformed JSON or a field of the wrong shape.
    """
    label = name or "tenhou.net/6"
    try:
        objects = list(_json_objects(text))
    except json.JSONDecodeError as exc:
        raise TenhouFormatError(f"{label}: invalid JSON: {exc.msg} at {exc.pos}") from None
    except RecursionError:
        raise TenhouFormatError(f"{label}: invalid JSON: nested too deeply") from None
    if not objects:
        raise TenhouFormatError(f"{label}: no JSON object")
    rounds: list[Round] = []
    players: tuple[str, ...] = ()
    rule = ""
    red = True
    spec = ""
    options: tuple[tuple[str, Any], ...] = ()
    cap: int | None = None
    for obj in objects:
        if not isinstance(obj, dict) or "log" not in obj:
            raise TenhouFormatError(f"{label}: an object without 'log'")
        names = obj.get("name", ())
        players = tuple(str(n) for n in names) if isinstance(names, list) else ()
        rule, red = _rule(obj.get("rule", {}), label)
        spec, options, kan_dora_at_once, cap = _ours(obj.get("muraglia"), label)
        if not isinstance(obj["log"], list):
            raise TenhouFormatError(f"{label}: 'log' must be a list of rounds")
        for log in obj["log"]:
            if _three_player(log):
                raise TenhouFormatError(
                    f"{label}: round {len(rounds) + 1}: a three-player game (sanma); muraglia"
                    " has no three-player riichi yet"
                )
            try:
                rounds.append(_interleave(log, red, kan_dora_at_once))
            except (ValueError, TypeError, IndexError, KeyError) as exc:
                if isinstance(exc, TenhouFormatError):
                    raise TenhouFormatError(f"{label}: round {len(rounds) + 1}: {exc}") from None
                raise TenhouFormatError(
                    f"{label}: round {len(rounds) + 1}: malformed ({exc!r})"
                ) from None
    header = Header(
        source="tenhou6",
        players=players,
        rule=rule,
        red_fives=red,
        ruleset=spec,
        options=options,
        max_deals=cap,
    )
    return Record(name, header, tuple(rounds), False)


def load(path: str | Path) -> Record:
    """Read and parse a record file: mjlog XML (``<mjloggm``) or tenhou.net/6 JSON.

    Raises:
        TenhouFormatError: unreadable or malformed file.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TenhouFormatError(f"{p.name}: cannot read ({exc})") from None
    stripped = text.lstrip()
    if stripped.startswith("<"):
        return parse_mjlog(text, p.name)
    return parse_tenhou6(text, p.name)
