"""Options of ``riichi-ema``/``riichi-tenhou``: the dataclass, allowed choices, references."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

STATUSES = {
    "chombo": "penalty: reverse mangan (EMA-PEN-2)",
    "nagashi_mangan": "all-terminal/honour discards at an exhaustive draw (EMA-YAKU-29)",
}


@dataclass(frozen=True)
class EmaOptions:
    """Options of ``riichi-ema``; the ``riichi-tenhou`` preset changes some (EMA-CONF)."""

    open_tanyao: bool = False
    """All Simples on an open hand (kuitan; Tenhou: on)."""
    kiriage: bool = False
    """Round 4 han 30 fu and 3 han 60 fu up to mangan (EMA-GAP-6: off)."""
    renhou: Literal["yakuman", "off"] = "yakuman"
    """Blessing of Man: a yakuman (EMA-GAP-4) or not a yaku (Tenhou)."""
    double_yakuman: Literal["ema", "tenhou"] = "ema"
    """``ema``: only Big Four Winds is double; ``tenhou``: also the 13-sided Thirteen Orphans,
    9-sided Nine Gates and single-wait Four Concealed Pungs."""
    yakuman_stack: bool = False
    """Several yakuman add up (Tenhou) instead of paying one (EMA-GAP-32)."""
    kazoe: bool = True
    """13 han or more is a yakuman (EMA-GAP-7)."""
    two_yaku_at_five_counters: bool = True
    """With 5+ counters a win needs 2 han from yaku (EMA-HONBA-4; Tenhou: off)."""
    triple_ron_draw: bool = False
    """Three winners on one discard make an abortive draw (Tenhou) instead of triple ron."""
    nagashi_mangan: bool = True
    """Nagashi mangan is scored at an exhaustive draw (EMA-YAKU-29)."""
    nagashi_settlement: Literal["win", "draw"] = "win"
    """``win``: nagashi mangan is a won hand (EMA-GAP-23: counters paid, the scorer takes the
    sticks, the deal passes unless East scored); ``draw`` (Tenhou): an exhaustive draw whose
    mangan tsumo payments replace the noten payments, without counters; sticks stay, a counter is
    added and East keeps the deal if tenpai."""
    multi_ron_counters: Literal["each", "first"] = "each"
    """Counters in a multiple ron: ``each`` winner is paid them (EMA-HONBA-4) or only the
    ``first`` winner after the discarder (Tenhou)."""
    multi_ron_sticks: Literal["own_back", "first"] = "own_back"
    """Riichi sticks in a multiple ron: winners take their ``own`` stick ``back`` and the rest go
    to the first winner after the discarder (EMA-STICK-3), or ``first``: all to him (Tenhou)."""
    leftover_sticks_tie: Literal["share", "first_seat"] = "share"
    """Sticks left at the game end with tied leaders: ``share`` (EMA-STICK-5, EMA-GAP-22) or all
    to the ``first_seat`` in seat order from the first dealer (Tenhou)."""
    uma_tie: Literal["share", "first_seat"] = "share"
    """Tied players ``share`` their places' uma (EMA-UMA-2), or the ``first_seat`` from the first
    dealer takes the higher place (Tenhou)."""
    oka: int = 0
    """Bonus to the first place at the game end (EMA: none; Tenhou: 20000, 25000 start and 30000
    return); it appears in the ``result`` of the match-end settlement."""
    return_points: int = 30000
    """The ``result`` of the match end is the final score minus this (EMA: 30000 start)."""
    result_rounding: Literal["none", "tenhou"] = "none"
    """``none``: ``result`` in points; ``tenhou``: every place but the first is rounded to a
    thousand (500 down, 600 up, on the size) and the first takes the balance."""
    uma: str = "9000,3000,-3000,-9000"
    """Uma by placement, comma-separated (EMA-UMA-1)."""
    preset: Literal["riichi-ema", "riichi-tenhou"] = "riichi-ema"
    """Which id the results are reported under (set by the id's preset)."""
    red_fives: bool = True
    """One five of each suit is red (EMA-TILE-2): the game engine's walls hold them."""
    start_score: int = 0
    """Every seat's score at the start of a match in the game engine (EMA-GAME-6: 0; Tenhou:
    25000)."""
    riichi_min_score: int = 0
    """Points a seat must hold to declare riichi (EMA-RIICHI-1: none; Tenhou: 1000)."""
    bust: bool = False
    """A score below zero after a deal ends the match (EMA-GAP-21: no; Tenhou: yes)."""
    west_extension: int = 0
    """If nobody holds this many points after the South round the West round is played,
    ending after the first deal that leaves somebody with that many (EMA-GAME-3: 0, never;
    Tenhou: 30000)."""
    agari_yame: bool = False
    """The match ends when the dealer of its last deal wins, keeping the deal, and is first
    with at least ``west_extension`` points (EMA-GAME-3: no; Tenhou: yes, automatic)."""
    haitei_on_replacement: bool = True
    """A kong replacement drawn once the kong emptied the live wall is also the last tile
    (haitei, EMA-KONG-7); Tenhou: only rinshan (the game engine's flags)."""
    nagashi_open: bool = False
    """Nagashi mangan with own calls (Tenhou) instead of a concealed hand only (EMA-GAP-23)."""
    kan_dora_after_discard: bool = False
    """The indicator of a claimed or added kong is turned after the replacement's discard
    (Tenhou) instead of at once (EMA-KONG-5)."""


CHOICES: dict[str, tuple[str, ...]] = {
    "renhou": ("yakuman", "off"),
    "double_yakuman": ("ema", "tenhou"),
    "nagashi_settlement": ("win", "draw"),
    "multi_ron_counters": ("each", "first"),
    "multi_ron_sticks": ("own_back", "first"),
    "leftover_sticks_tie": ("share", "first_seat"),
    "uma_tie": ("share", "first_seat"),
    "result_rounding": ("none", "tenhou"),
}
"""The allowed values of the options that are a choice (checked at construction)."""

OPTION_REFS: dict[str, str] = {
    "open_tanyao": "EMA-YAKU-05; Tenhou: kuitan on",
    "kiriage": "EMA-GAP-6",
    "renhou": "EMA-GAP-4; Tenhou: no renhou",
    "double_yakuman": "EMA-YKM-0, EMA-GAP-5; Tenhou: double for the 13/9-sided, single-wait forms",
    "yakuman_stack": "EMA-GAP-32; Tenhou: yakuman add up",
    "kazoe": "EMA-GAP-7",
    "two_yaku_at_five_counters": "EMA-HONBA-4; Tenhou: off",
    "triple_ron_draw": "EMA-GAP-8 (triple ron allowed); Tenhou: abortive draw",
    "nagashi_mangan": "EMA-YAKU-29",
    "nagashi_settlement": "EMA-GAP-23 (win); Tenhou records: a draw (`nm`), sticks stay, "
    "counter +1, East keeps if tenpai",
    "multi_ron_counters": "EMA-HONBA-4, EMA-GAP-8 (each); Tenhou records: first winner after "
    "the discarder",
    "multi_ron_sticks": "EMA-STICK-3 (own back); Tenhou records: all to the first winner",
    "leftover_sticks_tie": "EMA-STICK-5, EMA-GAP-22 (share); Tenhou records: first seat",
    "uma_tie": "EMA-UMA-2 (share); Tenhou: seat order from the first dealer",
    "uma": "EMA-UMA-1; Tenhou: 20000/10000/-10000/-20000",
    "oka": "EMA: none; Tenhou records (`owari`): +20000 to the top",
    "return_points": "EMA: 30000 start; Tenhou: 30000 return",
    "result_rounding": "Tenhou records (`owari`): thousands, 500 down, top takes the balance",
    "preset": "the id the results are reported under",
    "red_fives": "EMA-TILE-2 (game engine walls; the scorer reads `0m 0p 0s` anyway)",
    "start_score": "EMA-GAME-6, EMA-GAP-21 (0); Tenhou: 25000 (game engine)",
    "riichi_min_score": "EMA-RIICHI-1 (none); Tenhou: 1000 points (game engine)",
    "bust": "EMA-GAP-21 (no); Tenhou: below zero ends the game (game engine)",
    "west_extension": "EMA-GAME-3 (no West round); Tenhou: 30000, sudden death in West "
    "(game engine)",
    "agari_yame": "EMA-GAME-3 (no); Tenhou: a winning last dealer in first place ends the "
    "game (game engine)",
    "haitei_on_replacement": "EMA-KONG-7 (yes); Tenhou records: rinshan only (game engine)",
    "nagashi_open": "EMA-YAKU-29, EMA-GAP-23 (concealed); Tenhou records: own calls allowed",
    "kan_dora_after_discard": "EMA-KONG-5 (at once); Tenhou: open and added kongs after the "
    "discard (game engine)",
}
"""Rule reference of every option (EMA rule ids; for Tenhou the behaviour of the records)."""


TENHOU_VALUES: dict[str, tuple[int | None, int | None]] = {
    "thirteen_orphans_13": (2, None),
    "nine_gates_9": (2, None),
    "four_concealed_pungs_single": (2, None),
}
