"""The ``riichi-ema`` ruleset object and its ``riichi-tenhou`` preset (spec ``riichi-ema.md``).

>>> r = RiichiEma().score("234m567m345p67s22p+8s", win="ron", seat_wind="S",
...                       flags={"riichi"}, dora=["1z"], ura=["9p"], discarder="W")
>>> r.han, r.fu, r.value, dict(r.payments)
(3, 30, 3900, {'E': 0, 'S': 3900, 'W': -3900, 'N': 0})
>>> sorted(r.ids)
['all_simples', 'pinfu', 'riichi']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from itertools import chain
from typing import Any, ClassVar, Literal, NamedTuple

from muraglia.analysis.groups import Decomposition
from muraglia.analysis.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, Shape
from muraglia.analysis.waits import Reading, readings, winning_tiles
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.melds import MeldKind
from muraglia.notation import parse_hand
from muraglia.rulesets.base import Ruleset, as_hand, as_tiles
from muraglia.rulesets.riichi_ema.fast import WAITS, Best, Resolver, score_best
from muraglia.rulesets.riichi_ema.fu import Fu, count_fu
from muraglia.rulesets.riichi_ema.patterns import DORA_IDS, PATTERNS, YAKUMAN_PAO
from muraglia.rulesets.riichi_ema.payments import (
    SEATS,
    basic_points,
    ceil100,
    hand_value,
    next_seats,
    win_transfers,
)
from muraglia.scoring.context import DRAGONS, WINDS, WinContext, WinType, parse_win, parse_wind
from muraglia.scoring.patterns import PatternTable
from muraglia.scoring.result import (
    Award,
    DealOutcome,
    ScoreResult,
    Settlement,
    Transfer,
)
from muraglia.tiles import Tile

__all__ = ["EmaOptions", "RiichiEma", "final_settlement", "uma_shares"]

_SEAT_OF = {Tile.EAST: "E", Tile.SOUTH: "S", Tile.WEST: "W", Tile.NORTH: "N"}
_LANGS = ("en", "it")
_WIND: dict[str | Tile, Tile] = {
    **{t: t for t in _SEAT_OF},
    **{letter: t for t, letter in _SEAT_OF.items()},
}
"""The common wind spellings (``E``, ``Tile.EAST``); others go through ``parse_wind``."""
_SITUATION = frozenset({"honba", "riichi_sticks", "discarder", "dealer", "pao"})
_RON, _TSUMO, _NONE = WinType.RON, WinType.TSUMO, WinType.NONE
_WIN = {"ron": _RON, "tsumo": _TSUMO}
_IN_RIICHI = frozenset(("riichi", "double_riichi"))
_RIICHI_FLAGS = frozenset(("riichi", "double_riichi", "ippatsu"))
_LETTERS = frozenset(("E", "S", "W", "N"))
_FROZEN = (tuple, frozenset, type(None))
_new_result = object.__new__
_set = object.__setattr__
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


_CHOICES: dict[str, tuple[str, ...]] = {
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


_TENHOU_VALUES: dict[str, tuple[int | None, int | None]] = {
    "thirteen_orphans_13": (2, None),
    "nine_gates_9": (2, None),
    "four_concealed_pungs_single": (2, None),
}


class _Core(NamedTuple):
    """The scored reading before explanation (kept cheap for the search over readings)."""

    ctx: WinContext
    awards: tuple[Award, ...]
    valid: bool
    reason: str | None
    han: int
    yaku_han: int
    yakuman: int
    fu: Fu | None
    b: int
    limit: str | None
    value: int


def _summary(c: _Core) -> Best:
    """The result's view of a reference-scored reading."""
    ctx = c.ctx
    return Best(
        ctx.hand,
        ctx.decomposition,
        _SEAT_OF[ctx.seat_wind],
        ctx.self_drawn,
        c.awards,
        c.valid,
        c.reason,
        c.han,
        c.yaku_han,
        c.yakuman,
        c.fu.total if c.fu else None,
        c.b,
        c.limit,
        c.value,
        ctx.reading,
    )


class RiichiEma(Ruleset):
    """EMA Riichi 2008 (``riichi-ema``) and Tenhou's options (``riichi-tenhou``)."""

    id: ClassVar[str] = "riichi-ema"
    red_fives_per_suit: ClassVar[int] = 1
    """``0m 0p 0s``: one red five of each suit (EMA-TILE-2, Tenhou); more is refused."""
    aliases: ClassVar[tuple[str, ...]] = ("ema", "riichi-ema-2008")
    version: ClassVar[int] = 1
    title: ClassVar[Mapping[str, str]] = {
        "en": "EMA Riichi Competition Rules 2008",
        "it": "Regole Riichi EMA 2008",
        "ja": "EMAリーチ麻雀 2008",
    }
    sources: ClassVar[tuple[str, ...]] = (
        "seed 001 (Italian translation, 2009)",
        "spec/riichi-ema.md",
    )
    shapes: ClassVar[tuple[Shape, ...]] = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
    patterns: ClassVar[PatternTable] = PATTERNS
    Options: ClassVar[type[Any]] = EmaOptions
    flags: ClassVar[Mapping[str, str]] = {
        "riichi": "riichi declared (EMA-YAKU-01)",
        "double_riichi": "riichi declared in the first uninterrupted turn (EMA-YAKU-03)",
        "ippatsu": "won within the go-around after riichi (EMA-YAKU-02)",
        "last_tile": "tsumo on the last wall tile / ron on the last discard (EMA-YAKU-16/17)",
        "replacement": "tsumo on a kong replacement tile (EMA-YAKU-14)",
        "robbing_kong": "ron on a tile added to a pung (EMA-YAKU-15)",
        "first_turn": "won in the first uninterrupted go-around, no call before (EMA-YKM-03/04/05)",
    }
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "riichi-tenhou": {
            "open_tanyao": True,
            "kiriage": False,
            "renhou": "off",
            "double_yakuman": "tenhou",
            "yakuman_stack": True,
            "two_yaku_at_five_counters": False,
            "triple_ron_draw": True,
            "uma": "20000,10000,-10000,-20000",
            "nagashi_settlement": "draw",
            "multi_ron_counters": "first",
            "multi_ron_sticks": "first",
            "leftover_sticks_tie": "first_seat",
            "uma_tie": "first_seat",
            "oka": 20000,
            "return_points": 30000,
            "result_rounding": "tenhou",
            "preset": "riichi-tenhou",
            "start_score": 25000,
            "riichi_min_score": 1000,
            "bust": True,
            "west_extension": 30000,
            "agari_yame": True,
            "kan_dora_after_discard": True,
            "nagashi_open": True,
            "haitei_on_replacement": False,
        }
    }

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        """The ruleset with ``options``; derives the pattern table from them.

        Raises:
            RulesetError: on an unknown option or a malformed ``uma``.
        """
        super().__init__(options, **kwargs)
        o: EmaOptions = self.options
        changes: dict[str, tuple[int | None, int | None]] = {}
        if o.open_tanyao:
            changes["all_simples"] = (1, 1)
        if o.double_yakuman == "tenhou":
            changes.update(_TENHOU_VALUES)
        if o.renhou == "off":
            changes["blessing_of_man"] = (None, None)
        self.table = PATTERNS.with_values(changes) if changes else PATTERNS
        try:
            self.uma = tuple(int(x) for x in o.uma.split(","))
        except ValueError:
            raise RulesetError(f"uma must be 4 comma-separated integers, not {o.uma!r}") from None
        if len(self.uma) != 4:
            raise RulesetError(f"uma must have 4 values, not {o.uma!r}")
        self.rid: str = o.preset
        self._flag_names = frozenset(self.flags)
        # the table-driven scorer (fast.py) assumes what these declarations say; a table
        # where they differ is scored by the reference loop over the declared predicates
        self._resolvers: tuple[Resolver, Resolver] | None = None
        closed_only = ("pinfu", "pure_double_chow", "twice_pure_double_chow")
        if all(self.table[pid].open is None for pid in closed_only):
            try:
                self._resolvers = (
                    Resolver(self.table, concealed=False),
                    Resolver(self.table, concealed=True),
                )
            except RulesetError:
                self._resolvers = None
        for name, allowed in _CHOICES.items():
            if getattr(o, name) not in allowed:
                raise RulesetError(
                    f"option {name} must be one of {', '.join(allowed)}, not {getattr(o, name)!r}"
                )
        for name in ("oka", "return_points"):
            value = getattr(o, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesetError(f"option {name} must be an integer, not {value!r}")

    # ------------------------------------------------------------------ one reading

    def _core(self, ctx: WinContext, honba: int) -> _Core:
        o: EmaOptions = self.options
        awards = self.table.evaluate(ctx)
        yakuman = 0
        if awards and awards[0].limit:
            if o.yakuman_stack:
                yakuman = sum(a.value for a in awards)
            else:  # EMA-YKM-0: not cumulative, the highest counts
                top = max(awards, key=lambda a: a.value)
                awards = (top,)
                yakuman = top.value
        han = 0 if yakuman else sum(a.value for a in awards)
        yaku_han = 0 if yakuman else sum(a.value for a in awards if a.id not in DORA_IDS)
        valid, reason = True, None
        if not yakuman and yaku_han == 0:
            valid, reason = False, "no yaku: dora and red fives are not yaku (EMA-WIN-2)"
        elif not yakuman and honba >= 5 and o.two_yaku_at_five_counters and yaku_han < 2:
            valid = False
            reason = f"{honba} counters: at least 2 han from yaku needed (EMA-HONBA-4)"
        fu: Fu | None = None
        if ctx.decomposition.shape != "thirteen_orphans":
            fu = count_fu(ctx, pinfu=any(a.id == "pinfu" for a in awards))
        b, limit = basic_points(
            han, fu.total if fu else 0, yakuman=yakuman, kiriage=o.kiriage, kazoe=o.kazoe
        )
        winner = _SEAT_OF[ctx.seat_wind]
        value = hand_value(b, winner, tsumo=ctx.self_drawn) if valid else 0
        return _Core(ctx, awards, valid, reason, han, yaku_han, yakuman, fu, b, limit, value)

    @staticmethod
    def _key(c: _Core) -> tuple[bool, int, int, int]:
        """EMA-GAP-36: highest payment, then han, then fu."""
        return (c.valid, c.value, c.han, c.fu.total if c.fu else 0)

    def score_key(self, result: ScoreResult) -> tuple[Any, ...]:
        """``(valid, value, han, fu)`` (EMA-WIN-5, EMA-GAP-36)."""
        return (result.valid, result.value, result.han or 0, result.fu or 0)

    def evaluate(self, ctx: WinContext, situation: Mapping[str, Any]) -> ScoreResult:
        """Score one reading with the ``situation`` (honba, riichi_sticks, discarder, pao)."""
        core = self._core(ctx, _int(situation.get("honba", 0), "honba"))
        return self._finish(_summary(core), situation, core)

    # ------------------------------------------------------------------ the whole hand

    def _check(self, hand: Hand, w: WinType, flags: frozenset[str]) -> None:
        if w is WinType.NONE:
            raise InvalidHandError("riichi scoring needs win ron or tsumo")
        if not flags.isdisjoint(_RIICHI_FLAGS) and not hand.is_concealed:
            raise InvalidHandError("riichi/double_riichi/ippatsu need a concealed hand")
        if "ippatsu" in flags and flags.isdisjoint(_IN_RIICHI):
            raise InvalidHandError("ippatsu needs riichi or double_riichi")
        if "replacement" in flags and (w is not _TSUMO or not hand.kongs):
            raise InvalidHandError("replacement needs a tsumo win and a kong in the hand")
        if "robbing_kong" in flags and w is not _RON:
            raise InvalidHandError("robbing_kong needs a ron win")
        if "robbing_kong" in flags and hand.counts[hand.winning.kind if hand.winning else 0] > 1:
            raise InvalidHandError("robbing_kong: the robbed tile's other copies are in a pung")
        if "first_turn" in flags and hand.melds:
            raise InvalidHandError("first_turn: no call or kong can precede the win")

    def score(
        self,
        hand: str | Hand,
        *,
        win: str | WinType = "ron",
        seat_wind: str | Tile = "E",
        round_wind: str | Tile = "E",
        flags: Iterable[str] = (),
        dora: Iterable[str | Tile] | None = None,
        ura: Iterable[str | Tile] | None = None,
        **situation: Any,
    ) -> ScoreResult:
        """The best reading of ``hand`` (EMA-WIN-5) with its payments.

        Situation keywords: ``honba`` (counters), ``riichi_sticks`` (sticks on the table,
        collected by the winner), ``discarder`` (seat letter, ron), ``pao`` (liable seat).

        Raises:
            MahjongError: bad notation, wind, flag, flag combination or situation key.
        """
        h = as_hand(hand)
        w = _WIN.get(win) if type(win) is str else None
        if w is None:
            w = win if isinstance(win, WinType) else parse_win(win)
        if h.winning is None:
            raise InvalidHandError(f"{h.notation!r}: a win needs a winning tile (+X)")
        seat = _wind(seat_wind, "seat_wind")
        rnd = _wind(round_wind, "round_wind")
        if type(flags) in (tuple, frozenset, set, list):
            flag_set = frozenset(flags)
            if not flag_set <= self._flag_names:
                self.check_flags(flags)  # raises, naming the unknown flag
        else:
            flag_set = frozenset(self.check_flags(flags))
        if flag_set or w is _NONE:
            self._check(h, w, flag_set)
        if situation and not _SITUATION.issuperset(situation):
            unknown = sorted(set(situation) - _SITUATION)
            known = ", ".join(sorted(_SITUATION))
            raise RulesetError(f"{self.rid}: unknown key(s) {', '.join(unknown)}; known: {known}")
        honba = situation.get("honba", 0)
        if type(honba) is not int or honba < 0:
            honba = _int(honba, "honba")
        dora_t, ura_t = as_tiles(dora, "dora"), as_tiles(ura, "ura")
        if self._resolvers is None or type(self).shapes != RiichiEma.shapes:
            return self._score_reference(
                h, w, seat, rnd, flag_set=flag_set, dora_t=dora_t, ura_t=ura_t, situation=situation
            )
        o: EmaOptions = self.options
        best = score_best(
            h,
            self._resolvers,
            w is _TSUMO,
            int(seat),
            int(rnd),
            flag_set,
            dora_t,
            ura_t,
            honba,
            o.yakuman_stack,
            o.kiriage,
            o.kazoe,
            o.two_yaku_at_five_counters,
            _SEAT_OF[seat],
        )
        if best is None:
            return ScoreResult(
                self.rid, h.notation, False, reason="not a complete hand (EMA-WIN-1)"
            )

        # the explanation rebuilds the reference view of this reading from the arguments:
        # the caller's own when immutable (nothing new kept alive: fewer objects for the GC),
        # else the checked copies (an iterator is consumed, a list may change)
        keep = (
            w,
            seat,
            rnd,
            flags if type(flags) in _FROZEN else flag_set,
            dora if type(dora) in _FROZEN else dora_t,
            ura if type(ura) in _FROZEN else ura_t,
        )
        return self._finish(best, situation, keep)

    def _reference_core(self, c: Best, args: tuple[Any, ...], honba: int) -> _Core:
        """The reference scorer's view of the reading ``c`` found by the fast path."""
        w, seat, rnd, flags, dora, ura = args
        make = c.decomposition
        d = make if isinstance(make, Decomposition) else make()
        idx, wait = c.reading  # type: ignore[misc]
        flag_set = frozenset(flags)
        dora_t, ura_t = as_tiles(dora, "dora"), as_tiles(ura, "ura")
        ctx = WinContext(
            c.hand,
            d,
            Reading(idx, WAITS[wait]),
            w,
            seat,
            rnd,
            flag_set,
            dora_t,
            ura_t,
            self.options,
        )
        return self._core(ctx, honba)

    def _score_reference(
        self,
        h: Hand,
        w: WinType,
        seat: Tile,
        rnd: Tile,
        *,
        flag_set: frozenset[str],
        dora_t: tuple[Tile, ...],
        ura_t: tuple[Tile, ...],
        situation: Mapping[str, Any],
    ) -> ScoreResult:
        """The best reading by the declared predicates on every decomposition x reading.

        The reference the table-driven path (:mod:`.fast`) is tested against; also used for
        a pattern table whose declarations the fast path does not cover.
        """
        honba = _int(situation.get("honba", 0), "honba")
        best: _Core | None = None
        best_key: tuple[bool, int, int, int] = (False, -1, -1, -1)
        win_kind = h.winning.kind if h.winning else Tile(0)
        # every shape's decompositions without the de-duplication of ``decompose`` (hashing
        # each): a repeated decomposition scores the same, so the best reading is unchanged
        prev: WinContext | None = None
        for d in chain.from_iterable(shape.decompose(h) for shape in self.shapes):
            reads: Sequence[Reading | None] = readings(d, win_kind) or (None,)
            for r in reads:
                ctx = WinContext(h, d, r, w, seat, rnd, flag_set, dora_t, ura_t, self.options)
                if prev is not None:  # hand/decomposition views are computed once
                    ctx.share_views(prev)
                prev = ctx
                core = self._core(ctx, honba)
                key = self._key(core)
                if best is None or key > best_key:
                    best, best_key = core, key
        if best is None:
            return ScoreResult(
                self.rid, h.notation, False, reason="not a complete hand (EMA-WIN-1)"
            )
        # the result keeps the best reading for its lazy explanation; its cached views
        # (rebuilt if ever read again) are dropped so that results stay small for the GC
        best.ctx.drop_views()
        return self._finish(_summary(best), situation, best)

    # ------------------------------------------------------------------ result, explanation

    def _finish(
        self, c: Best, situation: Mapping[str, Any], core: _Core | tuple[Any, ...]
    ) -> ScoreResult:
        """The result of the best reading ``c``.

        ``core`` is the reference scorer's view of that reading, or the score arguments to
        rebuild it from (read only by the explanation and the fu breakdown).
        """
        winner = c.winner
        tsumo = c.tsumo
        get = situation.get
        honba = get("honba", 0)
        if type(honba) is not int or honba < 0:
            honba = _int(honba, "honba")
        sticks = get("riichi_sticks", 0)
        if type(sticks) is not int or sticks < 0:
            sticks = _int(sticks, "riichi_sticks")
        discarder = get("discarder")
        if discarder is not None and not (type(discarder) is str and discarder in _LETTERS):
            discarder = _seat(discarder, "discarder")
        liable = get("pao")
        if liable is not None:
            liable = _seat(liable, "pao")
        if tsumo and discarder is not None:
            raise InvalidHandError("a tsumo win has no discarder")
        if discarder == winner:
            raise InvalidHandError(f"discarder {discarder} is the winner")
        if liable == winner:
            raise InvalidHandError(f"pao {liable} is the winner")
        if liable is not None and not _pao_applies(c.hand, c.awards):
            liable = None
        payments: dict[str, int] | None = None
        if c.valid and (tsumo or discarder is not None):
            payments = dict.fromkeys(SEATS, 0)
            if sticks:
                payments["table"] = 0
            for payer, payee, amount, _ in _transfers(c, honba, sticks, discarder, liable):
                payments[payer] -= amount
                payments[payee] += amount
        extra = _Extra(c, core, self, honba, sticks, discarder, liable)
        yakuman = c.yakuman
        # the frozen dataclass's __init__ sets its 14 fields one object.__setattr__ at a
        # time; a riichi result gets its instance dict at once (same fields, same values)
        result = _new_result(_RiichiResult)
        _set(
            result,
            "__dict__",
            {
                "rules": self.rid,
                "hand": c.hand,  # formatted on first read (_LazyHand)
                "valid": c.valid,
                "awards": c.awards,
                "reason": c.reason,
                "value": c.value,
                "han": None if yakuman else c.han,
                "fu": None if yakuman else c.fu,
                "fan": None,
                "points": None,
                "doubles": None,
                "limit": c.limit,
                "payments": payments,
                "explanation": None,  # made on first read (_LazyExplanation)
                "decomposition": c.decomposition,  # built on first read (_LazyDecomposition)
                "extra": extra,
            },
        )
        return result

    def _explain(
        self,
        c: _Core,
        transfers: list[tuple[str, str, int, str]],
        winner: str,
        discarder: str | None,
        lang: str,
    ) -> tuple[str, ...]:
        it = lang == "it"
        out = [("lettura: " if it else "reading: ") + str(c.ctx.decomposition)]
        for a in c.awards:
            ja = a.names.get("ja", "")
            out.append(f"{a.name(lang)} ({ja}): {a.value} {a.unit}  [{a.ref}]")
        if not c.valid:
            out.append(("non valida: " if it else "not valid: ") + str(c.reason))
            return tuple(out)
        if c.yakuman:
            out.append(f"{c.limit}: B = {c.b}")
        else:
            dora_han = c.han - c.yaku_han
            out.append(
                f"han: {c.yaku_han} yaku + {dora_han} dora = {c.han}"
                if not it
                else f"han: {c.yaku_han} da yaku + {dora_han} dora = {c.han}"
            )
            if c.fu is not None:
                out.extend(c.fu.lines(lang))
            if c.limit:
                out.append(f"{c.limit}: B = {c.b}  (EMA-PAY-5)")
            else:
                fu = c.fu.total if c.fu else 0
                out.append(f"B = {fu} × 2^({c.han}+2) = {c.b}  (EMA-PAY-1)")
        tsumo = c.ctx.self_drawn
        if tsumo:
            if winner == "E":
                out.append(f"tsumo: {ceil100(2 * c.b)} x3" + (" ciascuno" if it else " each"))
            else:
                out.append(f"tsumo: E {ceil100(2 * c.b)}, " + f"{ceil100(c.b)} x2")
        else:
            payer = discarder or ("chi scarta" if it else "the discarder")
            out.append(f"ron: {payer} → {ceil100((6 if winner == 'E' else 4) * c.b)}")
        for payer, payee, amount, why in transfers:
            out.append(f"  {payer} → {payee}: {amount} ({why})")
        return tuple(out)

    # ------------------------------------------------------------------ settlement

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Payments at the end of a deal (EMA-END-5 order), see :func:`settle_deal`."""
        return _Settler(self, outcome).run()

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """``muraglia settle``: one deal, or the match end when ``final_scores`` is given."""
        if "final_scores" in data:
            scores = data["final_scores"]
            if not isinstance(scores, Mapping):
                raise TypeError("'final_scores' must be an object seat -> points")
            sticks = _int(data.get("riichi_sticks", 0), "riichi_sticks")
            o: EmaOptions = self.options
            return final_settlement(
                scores,
                sticks,
                self.uma,
                sticks_tie=o.leftover_sticks_tie,
                uma_tie=o.uma_tie,
                oka=o.oka,
                return_points=o.return_points,
                rounding=o.result_rounding,
            ).to_dict()
        return self.settle(DealOutcome.from_dict(data)).to_dict()

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object; adds ``ja`` names to the patterns."""
        out = super().score_dict(data)
        names = {p.id: p.names.get("ja") for p in self.table}
        for pat in out.get("patterns", ()):
            if names.get(pat["id"]):
                pat["ja"] = names[pat["id"]]
        return out

    # ------------------------------------------------------------------ reference

    def describe(self) -> list[dict[str, Any]]:
        """Every pattern of this preset's table as a row."""
        return self.table.rows()

    def reference_markdown(self) -> str:
        """The generated ``docs/rulesets/riichi-ema.md`` (or the Tenhou preset's)."""
        title = self.title["en"] + (" — Tenhou preset" if self.rid == "riichi-tenhou" else "")
        lines = [
            f"# {title} (`{self.rid}`) — scoring reference",
            "",
            f"<!-- generated by `muraglia rules {self.rid} --format md`; do not edit -->",
            "",
            "Sources: " + "; ".join(self.sources) + ".",
            "",
            "Values are han (closed / open; — = not allowed open) or yakuman. Dora, ura dora and",
            "red fives add han but are not yaku (EMA-DORA-5).",
            "",
            self.table.markdown(),
            "Limits (EMA-PAY-5): mangan 5 han (or B ≥ 2000), haneman 6–7, baiman 8–10,",
            "sanbaiman 11–12, yakuman 13+ (counted) or a yakuman hand; B = fu × 2^(han+2).",
            "Nagashi mangan (EMA-YAKU-29) is settled at an exhaustive draw (status",
            "`nagashi_mangan` of `muraglia settle`), paid as a mangan tsumo.",
            "",
            "Options:",
            "",
        ]
        tenhou = self.presets["riichi-tenhou"]
        lines += [
            f"| option | this id (`{self.rid}`) | `riichi-ema` default | `riichi-tenhou` "
            "| reference |",
            "|---|---|---|---|---|",
        ]
        for f in fields(EmaOptions):
            default = f.default
            lines.append(
                f"| `{f.name}` | `{getattr(self.options, f.name)!r}` | `{default!r}` "
                f"| `{tenhou.get(f.name, default)!r}` | {OPTION_REFS.get(f.name, '')} |"
            )
        lines += ["", "Flags:", ""]
        lines += [f"- `{k}`: {v}" for k, v in self.flags.items()]
        lines += ["", "Settlement statuses:", ""]
        lines += [f"- `{k}`: {v}" for k, v in STATUSES.items()]
        lines.append("")
        return "\n".join(lines)


# ---------------------------------------------------------------------- helpers


class _LazyHand:
    """The ``hand`` of a riichi result, formatted from its :class:`Hand` on first read.

    Formatting the canonical notation eagerly was a fifth of a scoring call.
    """

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__["hand"]
        if isinstance(value, Hand):
            value = obj.__dict__["hand"] = value.notation
        return value

    def __set__(self, obj: object, value: str | Hand) -> None:
        obj.__dict__["hand"] = value


class _LazyDecomposition:
    """The ``decomposition`` of a riichi result, built from its maker on first read."""

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__["decomposition"]
        if value is not None and not isinstance(value, Decomposition):
            value = obj.__dict__["decomposition"] = value()
        return value

    def __set__(self, obj: object, value: Decomposition | Callable[[], Decomposition]) -> None:
        obj.__dict__["decomposition"] = value


class _LazyExplanation:
    """The ``explanation`` of a riichi result: its mapping is made on first read."""

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self
        d = obj.__dict__
        value = d.get("explanation")
        if value is None:
            value = d["explanation"] = _Explanation(d["extra"])
        return value

    def __set__(self, obj: object, value: Mapping[str, tuple[str, ...]]) -> None:
        obj.__dict__["explanation"] = value


class _RiichiResult(ScoreResult):
    """A :class:`ScoreResult` whose notation and decomposition are built when first read."""

    hand = _LazyHand()
    decomposition = _LazyDecomposition()
    explanation = _LazyExplanation()


_EXTRA_KEYS = ("yaku_han", "fu_breakdown", "basic_points")
_EXTRA_KEYS_YAKUMAN = (*_EXTRA_KEYS, "yakuman")


def _transfers(
    c: Best, honba: int, sticks: int, discarder: str | None, liable: str | None
) -> list[tuple[str, str, int, str]]:
    """The transfers of a valid win (EMA-PAY, EMA-HONBA-4, EMA-PAO, sticks)."""
    out = win_transfers(
        c.b, c.winner, tsumo=c.tsumo, discarder=discarder, honba=honba, liable=liable
    )
    if sticks:
        out.append(("table", c.winner, 1000 * sticks, "riichi_sticks"))
    return out


class _Extra(Mapping[str, Any]):
    """The riichi output keys of a result; the fu breakdown is built when first read.

    It also keeps what the lazy explanation needs (:meth:`explain`): the reference scorer's
    view of the best reading (``_Core``), rebuilt on first need from the score arguments when
    the fast path scored.
    """

    __slots__ = ("_c", "_core", "_discarder", "_fu", "_honba", "_liable", "_rs", "_sticks")

    def __init__(  # noqa: PLR0917 - made once per scored hand, by position
        self,
        c: Best,
        core: _Core | tuple[Any, ...],
        ruleset: RiichiEma,
        honba: int,
        sticks: int,
        discarder: str | None,
        liable: str | None,
    ) -> None:
        self._c = c
        self._core = core
        self._fu: list[dict[str, Any]] | None = None
        self._rs = ruleset
        self._honba = honba
        self._sticks = sticks
        self._discarder = discarder
        self._liable = liable

    def core(self) -> _Core:
        """The reference scorer's view of the best reading."""
        core = self._core
        if not isinstance(core, _Core):
            core = self._core = self._rs._reference_core(self._c, core, self._honba)
        return core

    def explain(self, lang: str) -> tuple[str, ...]:
        """The explanation lines in ``lang``."""
        c = self._c
        transfers: list[tuple[str, str, int, str]] = []
        if c.valid and (c.tsumo or self._discarder is not None):
            transfers = _transfers(c, self._honba, self._sticks, self._discarder, self._liable)
        return self._rs._explain(self.core(), transfers, c.winner, self._discarder, lang)

    def __getitem__(self, key: str) -> Any:
        c = self._c
        if key == "yaku_han":
            return c.yaku_han
        if key == "basic_points":
            return c.b
        if key == "yakuman" and c.yakuman:
            return c.yakuman
        if key == "fu_breakdown":
            if self._fu is None:
                fu = self.core().fu
                items = fu.items if fu else ()
                self._fu = [{"en": i.en, "it": i.it, "fu": i.fu, "ref": i.ref} for i in items]
            return self._fu
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(_EXTRA_KEYS_YAKUMAN if self._c.yakuman else _EXTRA_KEYS)

    def __len__(self) -> int:
        return 4 if self._c.yakuman else 3


class _Explanation(Mapping[str, tuple[str, ...]]):
    """The explanation of a riichi result, built per language on first access."""

    __slots__ = ("_done", "_extra")

    def __init__(self, extra: _Extra) -> None:
        self._extra = extra
        self._done: dict[str, tuple[str, ...]] | None = None

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        if lang not in _LANGS:
            raise KeyError(lang)
        if self._done is None:
            self._done = {}
        lines = self._done.get(lang)
        if lines is None:
            lines = self._done[lang] = self._extra.explain(lang)
        return lines

    def __iter__(self) -> Iterator[str]:
        return iter(_LANGS)

    def __len__(self) -> int:
        return len(_LANGS)


def _wind(value: object, what: str) -> Tile:
    """``parse_wind`` with a fast path for ``E S W N`` and the wind tiles."""
    if isinstance(value, (str, Tile)):
        tile = _WIND.get(value)
        if tile is not None:
            return tile
    return parse_wind(value, what)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidHandError(f"{what} must be a non-negative integer, not {value!r}")
    return value


def _seat(value: Any, what: str) -> str | None:
    if value is None:
        return None
    return _SEAT_OF[parse_wind(value, what)]


class _Settler:
    """One deal's settlement (EMA-END-5): chombo, wins, sticks, noten, counters, rotation."""

    def __init__(self, ruleset: RiichiEma, outcome: DealOutcome) -> None:
        self.rs = ruleset
        self.o = outcome
        self.transfers: list[Transfer] = []
        self.values: dict[str, int] = {}
        self.lines: list[str] = []
        self.lines_it: list[str] = []
        if outcome.dealer not in ("E", "1z"):
            raise InvalidHandError("riichi seats are seat winds: the dealer is always E")
        for seat in (*outcome.winners, *outcome.riichi, *outcome.tenpai, *outcome.status):
            _seat(seat, "seat")
        for seat, st in outcome.status.items():
            if st not in STATUSES:
                raise RulesetError(
                    f"{ruleset.rid}: unknown status {st!r} for {seat}; known: {', '.join(STATUSES)}"
                )
        self.draw = str(outcome.extra.get("draw", "exhaustive"))
        if self.draw not in ("exhaustive", "abortive"):
            raise InvalidHandError(f"draw must be exhaustive or abortive, not {self.draw!r}")

    def say(self, en: str, it: str) -> None:
        """One explanation line, in English and Italian."""
        self.lines.append(en)
        self.lines_it.append(it)

    def pay(self, payer: str, payee: str, amount: int, reason: str) -> None:
        if amount:
            self.transfers.append(Transfer(payer, payee, amount, reason))

    def done(self, honba: int, sticks: int, dealer_keeps: bool, **extra: Any) -> Settlement:
        return Settlement.from_transfers(
            self.transfers,
            values=self.values,
            parties=(*SEATS, "table"),
            explanation={"en": tuple(self.lines), "it": tuple(self.lines_it)},
            extra={"honba": honba, "riichi_sticks": sticks, "dealer_keeps": dealer_keeps, **extra},
        )

    def run(self) -> Settlement:
        o = self.o
        chombo = [s for s, st in o.status.items() if st == "chombo"]
        nagashi = [s for s in SEATS if o.status.get(s) == "nagashi_mangan"]
        if chombo and not o.winners:
            return self.chombo(chombo[0])
        if o.winners:
            if self.rs.options.triple_ron_draw and len(o.winners) == 3:
                self.say("triple ron: abortive draw (Tenhou)", "triplo ron: patta (Tenhou)")
                return self.abortive()
            return self.wins()
        if nagashi and self.rs.options.nagashi_mangan:
            return self.nagashi(nagashi)
        if self.draw == "abortive":
            return self.abortive()
        return self.exhaustive()

    def put_sticks(self) -> None:
        for seat in self.o.riichi:
            self.pay(seat, "table", 1000, "riichi")

    def chombo(self, seat: str) -> Settlement:
        """EMA-PEN-2: reverse mangan, sticks of this deal returned, no counter, replay."""
        self.say(
            f"chombo by {seat}: reverse mangan (EMA-PEN-2)",
            f"chombo di {seat}: mangan al contrario (EMA-PEN-2)",
        )
        for other in next_seats(seat):
            self.pay(seat, other, 4000 if seat == "E" or other == "E" else 2000, "chombo")
        return self.done(self.o.honba, self.o.riichi_sticks, True, chombo=seat)

    def abortive(self) -> Settlement:
        if len(self.o.riichi) == 4 and (self.o.tenpai or self.o.hands):
            # four riichi: hands are shown and a noten riichi is chombo (EMA-GAP-14)
            tenpai = self.tenpai()
            noten = [s for s in SEATS if s not in tenpai]
            if noten:
                self.say(f"four riichi: {noten[0]} is noten", f"quattro riichi: {noten[0]} è noten")
                return self.chombo(noten[0])
        self.put_sticks()
        self.say(
            "abortive draw: counter +1, sticks stay, East keeps (EMA-END-4)",
            "patta: contatore +1, i bastoncini restano, Est resta mazziere (EMA-END-4)",
        )
        return self.done(self.o.honba + 1, self.o.riichi_sticks + len(self.o.riichi), True)

    def tenpai(self) -> set[str]:
        if self.o.tenpai or not self.o.hands:
            return set(self.o.tenpai)
        out = set()
        for seat, text in self.o.hands.items():
            h = parse_hand(text) if isinstance(text, str) else text
            if winning_tiles(h, self.rs.shapes):
                out.add(seat)
        return out

    def exhaustive(self) -> Settlement:
        tenpai = self.tenpai()
        noten_riichi = [s for s in self.o.riichi if s not in tenpai]
        if noten_riichi:  # EMA-GAP-28
            self.say(
                f"{noten_riichi[0]} declared riichi but is noten",
                f"{noten_riichi[0]} ha dichiarato riichi ma è noten",
            )
            return self.chombo(noten_riichi[0])
        self.put_sticks()
        noten = [s for s in SEATS if s not in tenpai]
        if tenpai and noten:  # EMA-END-3: 3000 split
            share = 3000 // (len(noten) * len(tenpai))
            for payer in noten:
                for payee in sorted(tenpai, key=SEATS.index):
                    self.pay(payer, payee, share, "noten")
        ready = ", ".join(sorted(tenpai, key=SEATS.index)) or "nobody"
        self.say(
            f"exhaustive draw: tenpai {ready} (EMA-END-3)",
            f"muro esaurito: tenpai {ready.replace('nobody', 'nessuno')} (EMA-END-3)",
        )
        return self.done(self.o.honba + 1, self.o.riichi_sticks + len(self.o.riichi), "E" in tenpai)

    def nagashi(self, seats: list[str]) -> Settlement:
        """EMA-YAKU-29 / EMA-GAP-23: each scorer is paid a mangan tsumo."""
        if self.rs.options.nagashi_settlement == "draw":
            return self.nagashi_draw(seats)
        self.put_sticks()
        for seat in seats:
            for payer, payee, amount, why in win_transfers(
                2000, seat, tsumo=True, honba=self.o.honba
            ):
                self.pay(payer, payee, amount, why)
            self.values[seat] = hand_value(2000, seat, tsumo=True)
        pool = self.o.riichi_sticks + len(self.o.riichi)
        self.pay("table", seats[0], 1000 * pool, "riichi_sticks")
        self.say(f"nagashi mangan: {', '.join(seats)}", f"nagashi mangan: {', '.join(seats)}")
        east = "E" in seats
        return self.done(self.o.honba + 1 if east else 0, 0, east)

    def nagashi_draw(self, seats: list[str]) -> Settlement:
        """Nagashi mangan as a draw (option ``nagashi_settlement: draw``, Tenhou).

        An exhaustive draw where each scorer is paid a mangan tsumo without counters instead
        of the noten payments; the sticks stay on the table, a counter is added, East keeps
        the deal if tenpai.
        """
        tenpai = self.tenpai()
        noten_riichi = [s for s in self.o.riichi if s not in tenpai]
        if noten_riichi:  # EMA-GAP-28
            self.say(
                f"{noten_riichi[0]} declared riichi but is noten",
                f"{noten_riichi[0]} ha dichiarato riichi ma è noten",
            )
            return self.chombo(noten_riichi[0])
        self.put_sticks()
        for seat in seats:
            for payer, payee, amount, why in win_transfers(2000, seat, tsumo=True):
                self.pay(payer, payee, amount, why)
            self.values[seat] = hand_value(2000, seat, tsumo=True)
        self.say(
            f"nagashi mangan (a draw): {', '.join(seats)}",
            f"nagashi mangan (una patta): {', '.join(seats)}",
        )
        pool = self.o.riichi_sticks + len(self.o.riichi)
        return self.done(self.o.honba + 1, pool, "E" in tenpai)

    def wins(self) -> Settlement:
        o = self.o
        winners = list(o.winners)
        tsumo = o.discarder is None
        if tsumo and len(winners) > 1:
            raise InvalidHandError("several winners need a discarder (multiple ron)")
        discarder = _seat(o.discarder, "discarder")
        if discarder in winners:
            raise InvalidHandError(f"the discarder {discarder} cannot win on his own discard")
        pao = o.extra.get("pao", {})
        if not isinstance(pao, Mapping):
            raise TypeError("'pao' must be an object winner -> liable seat")
        self.put_sticks()
        order = [s for s in next_seats(discarder)] if discarder else winners
        first = next(s for s in order if s in winners)
        opts = self.rs.options
        for seat in winners:
            if seat not in o.hands:
                raise InvalidHandError(f"no hand given for winner {seat}")
            flags = set(o.flags.get(seat, ()))
            if seat in o.riichi and "double_riichi" not in flags:
                flags.add("riichi")
            result = self.rs.score(
                o.hands[seat],
                win="tsumo" if tsumo else "ron",
                seat_wind=seat,
                round_wind=o.round_wind,
                flags=flags,
                dora=o.dora,
                ura=o.ura if seat in o.riichi or "double_riichi" in flags else (),
                honba=o.honba,
                discarder=discarder,
                pao=pao.get(seat),
            )
            if not result.valid:
                raise InvalidHandError(f"{seat}'s hand is not a valid win: {result.reason}")
            self.values[seat] = result.value
            cut = 300 * o.honba if seat != first and opts.multi_ron_counters == "first" else 0
            for payer, payee, amount in _hand_transfers(result, seat):
                # Tenhou: the counters are paid to the first winner only
                self.pay(payer, payee, amount - (cut if payer == discarder else 0), "hand")
            how = f"{result.value} ({result.han} han {result.fu} fu)"
            self.say(f"{seat} wins {how}", f"{seat} vince {how}")
        # EMA-STICK-1/3: own sticks back; the rest to the first winner after the discarder
        # (option multi_ron_sticks "first", Tenhou: all of them to the first winner)
        pool = o.riichi_sticks
        for seat in o.riichi:
            if seat in winners and opts.multi_ron_sticks == "own_back":
                self.pay("table", seat, 1000, "riichi")
            else:
                pool += 1
        self.pay("table", first, 1000 * pool, "riichi_sticks")
        east = "E" in winners
        return self.done(o.honba + 1 if east else 0, 0, east)


def _pao_applies(hand: Hand, awards: tuple[Award, ...]) -> bool:
    """Whether liability can apply: the dragon/wind sets of the pao yakuman are all melded.

    EMA-PAO-1 (source 3.3.6: "in caso di 3 pung/kong scoperti"): the liable player fed the
    third melded dragon set or the fourth melded wind set.
    """
    exposed = [m.first for m in hand.melds if not m.concealed and m.kind is not MeldKind.CHOW]
    ids = {a.id for a in awards} & YAKUMAN_PAO
    if "big_four_winds" in ids and sum(t in WINDS for t in exposed) == 4:
        return True
    return "big_three_dragons" in ids and sum(t in DRAGONS for t in exposed) == 3


def _hand_transfers(result: ScoreResult, winner: str) -> list[tuple[str, str, int]]:
    """Seat-to-winner amounts of a scored result's payments (sticks excluded)."""
    pay = dict(result.payments or {})
    return [(s, winner, -v) for s, v in pay.items() if s in SEATS and s != winner and v < 0]


# ---------------------------------------------------------------------- match end


def uma_shares(scores: Mapping[str, int], uma: Sequence[int], tie: str = "share") -> dict[str, int]:
    """Uma by seat, tied players sharing the places they occupy (EMA-UMA-2).

    With ``tie="first_seat"`` (Tenhou) ties are broken by seat order from the first dealer
    (``E S W N``: the keys are the seats of the first deal).

    >>> uma_shares({"E": 10, "S": 10, "W": 0, "N": -20}, (9000, 3000, -3000, -9000))
    {'E': 6000, 'S': 6000, 'W': -3000, 'N': -9000}
    >>> uma_shares({"E": 10, "S": 10, "W": 0, "N": -20}, (9000, 3000, -3000, -9000), "first_seat")
    {'E': 9000, 'S': 3000, 'W': -3000, 'N': -9000}
    """
    order = _placing(scores)
    out: dict[str, int] = {}
    i = 0
    while i < len(order):
        j = i + 1
        if tie == "share":
            while j < len(order) and scores[order[j]] == scores[order[i]]:
                j += 1
        share = sum(uma[i:j]) // (j - i)
        for s in order[i:j]:
            out[s] = share
        i = j
    return {s: out[s] for s in scores}


def _placing(scores: Mapping[str, int]) -> list[str]:
    """Seats by score, highest first; equal scores in seat order from the first dealer."""
    rank = {s: k for k, s in enumerate(SEATS)}
    return sorted(scores, key=lambda s: (-scores[s], rank.get(s, 4)))


def _round_thousand(x: int) -> int:
    """Round to a thousand, 500 toward zero and 600 away (Tenhou's final results).

    >>> [_round_thousand(v) for v in (-5500, -4600, 2500, 2600, 300)]
    [-5000, -5000, 2000, 3000, 0]
    """
    q, r = divmod(abs(x), 1000)
    return (1 if x >= 0 else -1) * 1000 * (q + (r > 500))


def final_settlement(
    scores: Mapping[str, int],
    sticks: int,
    uma: Sequence[int],
    *,
    sticks_tie: str = "share",
    uma_tie: str = "share",
    oka: int = 0,
    return_points: int = 30000,
    rounding: str = "none",
) -> Settlement:
    """Leftover sticks to the leader(s), then uma (EMA-STICK-5, EMA-UMA, EMA-GAP-22).

    Uma is paid by the seats with negative uma to those with positive uma, proportionally;
    ``net`` gives each seat's uma plus its share of the sticks. ``sticks_tie="first_seat"``
    gives the sticks of tied leaders to the first in seat order (Tenhou); ``uma_tie`` see
    :func:`uma_shares`. ``extra["result"]`` is each seat's score with sticks, uma and ``oka``
    (to the first place) minus ``return_points``; ``rounding="tenhou"`` rounds every place
    but the first to a thousand and gives the first the balance (the results sum to zero).

    >>> s = final_settlement({"E": 26600, "S": 15500, "W": 42800, "N": 15100}, 0,
    ...     (20000, 10000, -10000, -20000), oka=20000, rounding="tenhou")
    >>> s.extra["result"]  # a record's owari: 7.0, -24.0, 52.0, -35.0
    {'E': 7000, 'S': -24000, 'W': 52000, 'N': -35000}
    """
    for s in scores:
        _seat(s, "seat")
    top = max(scores.values())
    leaders = [s for s in SEATS if s in scores and scores[s] == top]
    if sticks_tie == "first_seat":
        leaders = leaders[:1]
    transfers: list[Transfer] = []
    pool = 1000 * sticks
    share, rest = divmod(pool, len(leaders)) if leaders else (0, 0)
    for k, s in enumerate(leaders):
        amount = share + (rest if k == 0 else 0)
        if amount:
            transfers.append(Transfer("table", s, amount, "riichi_sticks"))
    got = {s: sum(t.amount for t in transfers if t.payee == s) for s in scores}
    points = {s: scores[s] + got[s] for s in scores}
    shares = uma_shares(points if uma_tie == "first_seat" else scores, uma, uma_tie)
    for s, v in shares.items():
        if v:
            transfers.append(
                Transfer("uma", s, v, "uma") if v > 0 else Transfer(s, "uma", -v, "uma")
            )
    final = {s: points[s] + shares[s] for s in scores}
    order = _placing(points)
    result = {s: final[s] - return_points for s in scores}
    if order:
        result[order[0]] += oka
    if rounding == "tenhou" and order:
        for s in order[1:]:
            result[s] = shares[s] + _round_thousand(points[s] - return_points)
        result[order[0]] = -sum(result[s] for s in order[1:])
    return Settlement.from_transfers(
        transfers,
        parties=(*scores, "table"),
        extra={"uma": shares, "final_scores": final, "result": result},
    )
