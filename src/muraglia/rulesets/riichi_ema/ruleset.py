"""The ``riichi-ema`` ruleset object and its ``riichi-tenhou`` preset (spec ``riichi-ema.md``).

>>> r = RiichiEma().score("234m567m345p67s22p+8s", win="ron", seat_wind="S",
...                       flags={"riichi"}, dora=["1z"], ura=["9p"], discarder="W")
>>> r.han, r.fu, r.value, dict(r.payments)
(3, 30, 3900, {'E': 0, 'S': 3900, 'W': -3900, 'N': 0})
>>> sorted(r.ids)
['all_simples', 'pinfu', 'riichi']
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from itertools import chain
from types import MethodType
from typing import Any, ClassVar

from muraglia.analysis.groups import _GROUP_TEXT, Decomposition, Group
from muraglia.analysis.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, Shape
from muraglia.analysis.waits import Reading, readings
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.notation import meld_notation
from muraglia.rulesets.base import Ruleset, as_hand, as_tiles
from muraglia.rulesets.riichi_ema import fast
from muraglia.rulesets.riichi_ema import fu as fu_module
from muraglia.rulesets.riichi_ema.fast import WAITS, Best, score_best, score_front
from muraglia.rulesets.riichi_ema.fu import Fu, FuItem, count_fu
from muraglia.rulesets.riichi_ema.match_end import final_settlement
from muraglia.rulesets.riichi_ema.options import (
    CHOICES,
    OPTION_REFS,
    STATUSES,
    TENHOU_VALUES,
    EmaOptions,
)
from muraglia.rulesets.riichi_ema.patterns import DORA_IDS, PATTERNS
from muraglia.rulesets.riichi_ema.payments import (
    basic_points,
    ceil100,
    hand_value,
)
from muraglia.rulesets.riichi_ema.result import (
    LANGS,
    SEAT_OF,
    Core,
    LazyExtra,
    RiichiResult,
    summary_of,
)
from muraglia.rulesets.riichi_ema.settlement import (
    Settler,
    liable_seat,
    non_negative,
    pao_applies,
    seat_of,
)
from muraglia.scoring.accepts import check_input_keys
from muraglia.scoring.context import WinContext, WinType, parse_win, win_context
from muraglia.scoring.patterns import PatternTable
from muraglia.scoring.result import (
    DEAL_KEYS,
    Award,
    DealOutcome,
    ScoreResult,
    Settlement,
    TileSource,
)
from muraglia.tiles import NUM_KINDS, WIND_OF_LETTER, PhysicalTile, Tile, to_wind

fast.check_declared(PATTERNS)  # the fast path detects only declared patterns

_SITUATION = frozenset({"honba", "riichi_sticks", "discarder", "dealer", "pao"})
_RON, _TSUMO, _NONE = WinType.RON, WinType.TSUMO, WinType.NONE
_WIN = {"ron": _RON, "tsumo": _TSUMO}
_IN_RIICHI = frozenset(("riichi", "double_riichi"))
_RIICHI_FLAGS = frozenset(("riichi", "double_riichi", "ippatsu"))
_LETTERS = frozenset(("E", "S", "W", "N"))
PAYMENT_REASONS: dict[str, dict[str, str]] = {
    "hand": {"en": "hand", "it": "mano"},  # EMA-PAY-2/3
    "honba": {"en": "counters (honba)", "it": "contatori (honba)"},  # EMA-HONBA-4
    "pao": {"en": "liability (pao)", "it": "responsabilità (pao)"},  # EMA-PAO
    "riichi_sticks": {"en": "riichi sticks", "it": "stecche riichi"},  # EMA-STICK-1
}
"""Names of the reasons of a win's payments in the score explanation."""
_REASON_TAILS = {why: (f"{n['en']})", f"{n['it']})") for why, n in PAYMENT_REASONS.items()}
"""The end of a payment's explanation line by reason, in English and in Italian."""
_FROZEN = (tuple, frozenset, type(None))
RESULT_KEYS = (
    "rules", "hand", "valid", "awards", "reason", "value", "han", "fu", "fan", "points",
    "doubles", "limit", "payments", "explanation", "decomposition", "extra",
)  # fmt: skip
"""The instance dict of a riichi result, in this order (``_finish`` and the C kernel's
``front`` both make it; tests compare them)."""
_NO_FLAGS: frozenset[str] = frozenset()


_AWARD_LINES: dict[int, tuple[Award, str, str]] = {}
"""An award's explanation line in English and in Italian, by the award's ``id`` (with the award,
so the id stays its own): scoring hands the table's shared awards to the explanation. Bounded
(cleared when full)."""
_AWARD_LINES_LIMIT = 4096


def _award_lines(a: Award) -> tuple[Award, str, str]:
    """The award's explanation lines (``name (ja): value unit  [ref]``), remembered."""
    found = _AWARD_LINES.get(id(a))
    if found is not None and found[0] is a:
        return found
    names = a.names
    tail = f" ({names.get('ja', '')}): {a.value} {a.unit}  [{a.ref}]"
    name_en = names.get("en") or names["en"]
    found = (a, name_en + tail, (names.get("it") or name_en) + tail)
    if len(_AWARD_LINES) >= _AWARD_LINES_LIMIT:
        _AWARD_LINES.clear()
    _AWARD_LINES[id(a)] = found
    return found


_TRANSFER_LINES: dict[tuple[str, str, int, str], tuple[str, str]] = {}
"""A transfer's explanation line in English and in Italian, by the transfer ``(payer, payee,
amount, reason)``: a few hundred values recur (seats x amounts x reasons). Bounded like
``_AWARD_LINES``."""


def _transfer_lines(t: tuple[str, str, int, str]) -> tuple[str, str]:
    """The explanation lines of one transfer (``  payer → payee: amount (reason)``), remembered."""
    payer, payee, amount, why = t
    head = f"  {payer} → {payee}: {amount} ("
    tails = _REASON_TAILS.get(why) or (why + ")", why + ")")
    if len(_TRANSFER_LINES) >= _AWARD_LINES_LIMIT:
        _TRANSFER_LINES.clear()
    pair = _TRANSFER_LINES[t] = (head + tails[0], head + tails[1])
    return pair


_FIXED_LINES: dict[tuple[Any, ...], tuple[str, str, tuple[str, ...], tuple[str, ...]]] = {}
"""The fixed lines of a valid win's explanation by what they say (see :func:`_fixed_lines`):
the han/fu/payment combinations recur. Bounded like ``_AWARD_LINES``."""


def _fixed_lines(
    key: tuple[Any, ...],
) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    """A valid win's fixed explanation lines in English and in Italian, remembered.

    ``key`` is ``(yakuman, limit, B, han, yaku_han, fu, tsumo, dealer won, discarder)``; the
    answer is the line before the fu lines (the han, or the yakuman's B) in each language,
    then the lines after them (B, what the win pays) in each language.
    """
    yakuman, limit, b, han, yaku_han, fu, tsumo, dealer, discarder = key
    tail: list[str] = []
    if yakuman:
        head_en = head_it = f"{limit}: B = {b}"
    else:
        dora_han = han - yaku_han
        head_en = f"han: {yaku_han} yaku + {dora_han} dora = {han}"
        head_it = f"han: {yaku_han} da yaku + {dora_han} dora = {han}"
        if limit:
            tail.append(f"{limit}: B = {b}  (EMA-PAY-5)")
        else:
            tail.append(f"B = {fu} × 2^({han}+2) = {b}  (EMA-PAY-1)")
    tail_it = list(tail)
    if tsumo:
        if dealer:
            each = f"tsumo: {ceil100(2 * b)} x3"
            tail.append(each + " each")
            tail_it.append(each + " ciascuno")
        else:
            line = f"tsumo: E {ceil100(2 * b)}, {ceil100(b)} x2"
            tail.append(line)
            tail_it.append(line)
    else:
        amount = ceil100((6 if dealer else 4) * b)
        tail.append(f"ron: {discarder or 'the discarder'} → {amount}")
        tail_it.append(f"ron: {discarder or 'chi scarta'} → {amount}")
    if len(_FIXED_LINES) >= _AWARD_LINES_LIMIT:
        _FIXED_LINES.clear()
    found = _FIXED_LINES[key] = (head_en, head_it, tuple(tail), tuple(tail_it))
    return found


_READINGS: dict[int, Reading] = {}
"""The reading of a code ``8 * group index + wait code`` (:attr:`Best.reading`): readings are
immutable, a few dozen codes occur, one object each."""


def _reading_of(code: int) -> Reading:
    """``Reading(code // 8, WAITS[code % 8])``, remembered."""
    idx, wait = divmod(code, 8)
    found = _READINGS[code] = Reading(idx, WAITS[wait])
    return found


def _bonus_in(hand: object) -> bool:
    """Whether ``hand`` (notation or a Hand) may hold a flower or season (``f``, EMA-TILE-1).

    Such a hand is left to the general path, which refuses it by name (the C kernel's
    ``front`` does not look at bonus tiles).
    """
    if type(hand) is str:
        return "f" in hand
    return bool(getattr(hand, "bonus", ()))


def _all_tiles(values: tuple[Any, ...]) -> bool:
    """Whether every item of ``values`` is a :class:`Tile` (then it needs no conversion)."""
    return all(type(v) is Tile for v in values)


_new_result = object.__new__
_set = object.__setattr__


class RiichiEma(Ruleset[EmaOptions]):
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
    flow_name: ClassVar[str] = "RiichiFlow"
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
    flags_it: ClassVar[Mapping[str, str]] = {
        "riichi": "riichi dichiarato (EMA-YAKU-01)",
        "double_riichi": "riichi dichiarato nel primo giro senza interruzioni (EMA-YAKU-03)",
        "ippatsu": "chiusura entro il giro dopo il riichi (EMA-YAKU-02)",
        "last_tile": "tsumo sull'ultima pedina del muro / ron sull'ultimo scarto (EMA-YAKU-16/17)",
        "replacement": "tsumo sulla pedina di rimpiazzo di un kong (EMA-YAKU-14)",
        "robbing_kong": "ron su una pedina aggiunta a un pung (EMA-YAKU-15)",
        "first_turn": "chiusura nel primo giro intero, senza chiamate (EMA-YKM-03/04/05)",
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
            changes.update(TENHOU_VALUES)
        if o.renhou == "off":
            changes["blessing_of_man"] = (None, None)
        self.table = PATTERNS.with_values(changes) if changes else PATTERNS
        self._ja_names = {p.id: p.names.get("ja") for p in self.table}
        try:
            self.uma = tuple(int(x) for x in o.uma.split(","))
        except ValueError:
            raise RulesetError(f"uma must be 4 comma-separated integers, not {o.uma!r}") from None
        if len(self.uma) != 4:
            raise RulesetError(f"uma must have 4 values, not {o.uma!r}")
        self.rid: str = o.preset
        self._flag_names = frozenset(self.flags)
        # the table-driven scorer (fast.py) covers exactly the ids of fast.COVERS; a table
        # with any other pattern (or other declarations) is scored by the reference loop over
        # the declared predicates
        self._resolvers: fast.Resolvers | None = None
        if fast.usable(self.table):
            self._resolvers = fast.resolvers_for(self.table)
        # the C kernel's whole-call lane (fast.score_front): this exact class and its kernel
        self._front: tuple[Any, ...] | None = None
        if type(self) is RiichiEma and self._resolvers and self._resolvers[2] is not None:
            self._front = (
                self._resolvers,
                self.rid,
                o.yakuman_stack,
                o.kiriage,
                o.kazoe,
                o.two_yaku_at_five_counters,
                self,
            )
        for name, allowed in CHOICES.items():
            if getattr(o, name) not in allowed:
                raise RulesetError(
                    f"option {name} must be one of {', '.join(allowed)}, not {getattr(o, name)!r}"
                )
        for name in ("oka", "return_points"):
            value = getattr(o, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesetError(f"option {name} must be an integer, not {value!r}")

    def __deepcopy__(self, memo: dict[int, Any]) -> RiichiEma:
        """A deep copy sharing the compiled scorer (immutable; the C kernel is not copyable)."""
        cls = type(self)
        new = cls.__new__(cls)
        memo[id(self)] = new
        for key, value in vars(self).items():
            if key == "_resolvers":
                setattr(new, key, value)
            elif key != "_front":
                setattr(new, key, copy.deepcopy(value, memo))
        front = self._front
        new._front = None if front is None else (new._resolvers, *front[1:6], new)
        return new

    # ------------------------------------------------------------------ one reading

    def _core(self, ctx: WinContext, honba: int) -> Core:
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
        winner = SEAT_OF[ctx.seat_wind]
        value = hand_value(b, winner, tsumo=ctx.self_drawn) if valid else 0
        return Core(ctx, awards, valid, reason, han, yaku_han, yakuman, fu, b, limit, value)

    @staticmethod
    def _key(c: Core) -> tuple[bool, int, int, int]:
        """EMA-GAP-36: highest payment, then han, then fu."""
        return (c.valid, c.value, c.han, c.fu.total if c.fu else 0)

    def score_key(self, result: ScoreResult) -> tuple[Any, ...]:
        """``(valid, value, han, fu)`` (EMA-WIN-5, EMA-GAP-36)."""
        return (result.valid, result.value, result.han or 0, result.fu or 0)

    def evaluate(self, ctx: WinContext, situation: Mapping[str, Any]) -> ScoreResult:
        """Score one reading with the ``situation`` (honba, riichi_sticks, discarder, pao)."""
        core = self._core(ctx, non_negative(situation.get("honba", 0), "honba"))
        return self._finish(summary_of(core), situation, core)

    # ------------------------------------------------------------------ the whole hand

    def _check(self, hand: Hand, w: WinType, flags: frozenset[str]) -> None:
        if w is WinType.NONE:
            raise InvalidHandError("riichi scoring needs win ron or tsumo")
        if not flags.isdisjoint(_RIICHI_FLAGS) and hand.melds and not hand.is_concealed:
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
        if "first_turn" in flags and not flags.isdisjoint(_RIICHI_FLAGS):
            raise InvalidHandError(
                "first_turn: no riichi can be declared before a win on the first turn "
                "(EMA-YKM-03/04/05: the dealt hand, the first draw, or before the first discard)"
            )
        if "robbing_kong" in flags and "last_tile" in flags:
            raise InvalidHandError(
                "robbing_kong and last_tile exclude each other: no kong may be declared once "
                "the live wall is empty (EMA-GAP-25)"
            )

    def score(  # noqa: PLR0912 - the common spellings first, then the general checks
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
        front = self._front
        if front is not None and front[0] is self._resolvers and not _bonus_in(hand):
            done = score_front(front, hand, win, seat_wind, round_wind, flags, dora, ura, situation)
            if done is not NotImplemented:
                return done  # type: ignore[no-any-return]
        # the common spellings (a Hand, "ron", "E", a tuple of Tiles) skip the general
        # conversions, which accept and check everything else
        h = hand if type(hand) is Hand else as_hand(hand)
        w = _WIN.get(win) if type(win) is str else None
        if w is None:
            w = win if isinstance(win, WinType) else parse_win(win)
        if h.winning is None:
            raise InvalidHandError(f"{h.notation!r}: a win needs a winning tile (+X)")
        if h.bonus:
            raise InvalidHandError(
                f"{h.notation!r}: {h.bonus[0].notation!r} is a flower or season; "
                f"{self.rid} plays without them (EMA-TILE-1)"
            )
        seat = WIND_OF_LETTER.get(seat_wind) if type(seat_wind) is str else None
        if seat is None:
            seat = to_wind(seat_wind, "seat_wind")
        rnd = WIND_OF_LETTER.get(round_wind) if type(round_wind) is str else None
        if rnd is None:
            rnd = to_wind(round_wind, "round_wind")
        if type(flags) is tuple and not flags:
            flag_set = _NO_FLAGS
        elif type(flags) in (tuple, frozenset, set, list):
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
            honba = non_negative(honba, "honba")
        dora_t = dora if type(dora) is tuple and _all_tiles(dora) else as_tiles(dora, "dora")
        ura_t = ura if type(ura) is tuple and _all_tiles(ura) else as_tiles(ura, "ura")
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
            SEAT_OF[seat],
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

    def score_checked(  # noqa: PLR0917 - the public call's arguments, by position
        self,
        hand: Hand,
        win: Any,
        seat_wind: Any,
        round_wind: Any,
        flags: Any,
        dora: Any,
        ura: Any,
        situation: dict[str, Any],
    ) -> Any:
        """:meth:`Ruleset.score_checked`: the C kernel's front first, as :meth:`score` calls it.

        The front answers only for spellings whose type checks pass (strings, seat letters,
        tuples/lists/sets of known flags, indicators the caller already checked, the counters
        and ``discarder``), on a hand without flowers; anything else goes to the default.
        """
        front = self._front
        if front is not None and front[0] is self._resolvers and not hand.bonus:
            done = score_front(front, hand, win, seat_wind, round_wind, flags, dora, ura, situation)
            if done is not NotImplemented:
                return done
        return super().score_checked(hand, win, seat_wind, round_wind, flags, dora, ura, situation)

    def checked_scorer(self) -> Callable[..., Any]:
        """:meth:`Ruleset.checked_scorer`: the C kernel's ``lane`` bound to this ruleset's front.

        ``lane`` is :meth:`score_checked` in C (the same checks: a Hand without flowers, the
        resolvers the front was built from, then the front); it is used while this module
        calls the compiled front (not under ``MURAGLIA_PURE=1`` or in the tests' pure runs,
        which rebind ``score_front``), else the bound :meth:`score_checked`.
        """
        front = self._front
        native = fast._native
        if front is not None and native is not None and score_front is native.front:
            compiled = getattr(native, "lane", None)  # (an older build has no lane)
            if compiled is not None:
                return MethodType(compiled, front)
        return self.score_checked

    def _reference_core(self, c: Best, args: tuple[Any, ...], honba: int) -> Core:
        """The reference scorer's view of the reading ``c`` found by the fast path."""
        w, seat, rnd, flags, dora, ura = args
        make = c.decomposition
        d = make if isinstance(make, Decomposition) else make()
        assert isinstance(c.reading, int)
        reading = _READINGS.get(c.reading) or _reading_of(c.reading)
        flag_set = flags if type(flags) is frozenset else frozenset(flags)
        ctx = win_context(
            c.hand,
            d,
            reading,
            w,
            seat,
            rnd,
            flag_set,
            _tiles_of(dora, "dora"),
            _tiles_of(ura, "ura"),
            self.options,
        )
        # the fast path's awards are the table's on this reading (tests/rulesets/riichi_ema/
        # test_fast.py compares whole results with the reference loop), so only the fu
        # breakdown is recounted here instead of every declared predicate
        fu = None
        if d.shape != "thirteen_orphans":
            pinfu = False
            for a in c.awards:
                if a.id == "pinfu":
                    pinfu = True
                    break
            fu = count_fu(ctx, pinfu=pinfu)
        return Core(
            ctx,
            c.awards,
            c.valid,
            c.reason,
            c.han,
            c.yaku_han,
            c.yakuman,
            fu,
            c.b,
            c.limit,
            c.value,
        )

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
        honba = non_negative(situation.get("honba", 0), "honba")
        best: Core | None = None
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
        return self._finish(summary_of(best), situation, best)

    # ------------------------------------------------------------------ result, explanation

    def _finish(
        self, c: Best, situation: Mapping[str, Any], core: Core | tuple[Any, ...]
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
            honba = non_negative(honba, "honba")
        sticks = get("riichi_sticks", 0)
        if type(sticks) is not int or sticks < 0:
            sticks = non_negative(sticks, "riichi_sticks")
        discarder = get("discarder")
        if discarder is not None and not (type(discarder) is str and discarder in _LETTERS):
            discarder = seat_of(discarder, "discarder")
        liable = get("pao")
        if liable is not None:
            liable = seat_of(liable, "pao")
        if tsumo and discarder is not None:
            raise InvalidHandError("a tsumo win has no discarder")
        if discarder == winner:
            raise InvalidHandError(f"discarder {discarder} is the winner")
        if liable == winner:
            raise InvalidHandError(f"pao {liable} is the winner")
        if (liable is not None or c.hand.melds) and c.valid:
            liable = _liability(c.hand, c.awards, winner, liable)
        extra = LazyExtra(c, core, self, honba, sticks, discarder, liable)
        # a valid win by tsumo or with a discarder has payments, made when first read
        payments = extra if c.valid and (tsumo or discarder is not None) else None
        yakuman = c.yakuman
        # the frozen dataclass's __init__ sets its 14 fields one object.__setattr__ at a
        # time; a riichi result gets its instance dict at once (same fields, same values)
        result = _new_result(RiichiResult)
        _set(
            result,
            "__dict__",
            {
                "rules": self.rid,
                "hand": c.hand,  # formatted on first read (RiichiResult.hand)
                "valid": c.valid,
                "awards": extra,  # located on first read (RiichiResult.awards)
                "reason": c.reason,
                "value": c.value,
                "han": None if yakuman else c.han,
                "fu": None if yakuman else c.fu,
                "fan": None,
                "points": None,
                "doubles": None,
                "limit": c.limit,
                "payments": payments,
                "explanation": extra,  # made on first read (RiichiResult.explanation)
                "decomposition": c.decomposition,  # built on first read
                "extra": extra,
            },
        )
        return result

    def _explain(
        self,
        c: Core,
        transfers: list[tuple[str, str, int, str]],
        winner: str,
        discarder: str | None,
        fu_labels: Sequence[tuple[str, str]],
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The explanation lines in English and in Italian (:data:`explain_lines`).

        ``fu_labels`` are the (English, Italian) labels of ``c.fu``'s lines (shared with the
        fu breakdown of the output).
        """
        lines: tuple[tuple[str, ...], tuple[str, ...]] = explain_lines(
            c, transfers, winner, discarder, fu_labels
        )
        return lines

    # ------------------------------------------------------------------ settlement

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Payments at the end of a deal (EMA-END-5 order), see :func:`settle_deal`."""
        return Settler(self, outcome).run()

    settle_keys: ClassVar[tuple[str, ...]] = (*DEAL_KEYS, "pao", "draw")
    """The deal's fields, the liable seats (``pao``, EMA-PAO) and the kind of draw."""

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """``muraglia settle``: one deal, or the match end when ``final_scores`` is given."""
        if "final_scores" in data:
            check_input_keys(self.id, data, ("final_scores", "riichi_sticks"))
            scores = data["final_scores"]
            if not isinstance(scores, Mapping):
                raise TypeError("'final_scores' must be an object seat -> points")
            sticks = non_negative(data.get("riichi_sticks", 0), "riichi_sticks")
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
        check_input_keys(self.id, data, self.settle_keys)
        return self.settle(DealOutcome.from_dict(data)).to_dict()

    def score_output(self, result: ScoreResult) -> dict[str, Any]:
        """The ``muraglia score`` output object of a result; adds ``ja`` names to the patterns.

        Assembled by the C kernel's ``output`` where it is built (:data:`output_object`),
        else by :func:`_pure_output`, its reference.
        """
        out: dict[str, Any] = output_object(result, self._ja_names)
        if out is NotImplemented:
            out = _pure_output(result, self._ja_names)
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


def _tiles_of(values: Any, what: str) -> tuple[Tile, ...]:
    """``as_tiles(values, what)``; a tuple of Tiles (what the scoring keeps) as it is.

    A list or tuple of Tiles and two-character notations (``5m``, ``0p``: the indicators of
    an input object) is read by a table; anything else by :func:`as_tiles`.
    """
    if type(values) is tuple:
        for t in values:
            if t.__class__ is not Tile:
                break
        else:
            return values
    if type(values) is tuple or type(values) is list:
        out: list[Tile] = []
        for v in values:
            t = _PLAIN_TILES.get(v) if v.__class__ is str else v if v.__class__ is Tile else None
            if t is None:
                break
            out.append(t)
        else:
            return tuple(out)
    return as_tiles(values, what)


_PLAIN_TILES: dict[str, Tile] = {
    **{t.notation: t for t in Tile},
    **{f"0{suit}": Tile.from_notation(f"5{suit}") for suit in "mps"},
}
"""The tile kind of each two-character notation :func:`as_tiles` reads (a red five as a five)."""


_CORE_FIELDS = (
    "ctx",
    "awards",
    "valid",
    "reason",
    "han",
    "yaku_han",
    "yakuman",
    "fu",
    "b",
    "limit",
)
"""The fields of :class:`Core` the C kernel's ``explain`` reads, in the order of its table."""
_EXPLAIN_WORDS = ("reading: ", "lettura: ", "not valid: ", "non valida: ")
"""The heads of an explanation's first line and of an invalid hand's last, English and Italian."""


def _pure_explain(
    c: Core,
    transfers: list[tuple[str, str, int, str]],
    winner: str,
    discarder: str | None,
    fu_labels: Sequence[tuple[str, str]],
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The explanation lines of ``c`` in English and in Italian, built in one pass.

    The reference of the C kernel's ``explain`` (:data:`explain_lines`), which reads the same
    memos and hands anything of other types to this function.

    ``fu_labels`` are the (English, Italian) labels of ``c.fu``'s lines (shared with the
    fu breakdown of the output). The reading, the award lines and the payments are the
    same text in both languages but for a few words, so they are formatted once.
    """
    reading = str(c.ctx.decomposition)
    reading_en, reading_it, invalid_en, invalid_it = _EXPLAIN_WORDS
    en = [reading_en + reading]
    it = [reading_it + reading]
    for a in c.awards:
        found = _AWARD_LINES.get(id(a))  # (_award_lines' memo read here: a call less)
        if found is None or found[0] is not a:
            found = _award_lines(a)
        en.append(found[1])
        it.append(found[2])
    if not c.valid:
        en.append(invalid_en + str(c.reason))
        it.append(invalid_it + str(c.reason))
        return tuple(en), tuple(it)
    fu = c.fu
    tsumo = c.ctx.win is _TSUMO
    key = (c.yakuman, c.limit, c.b, c.han, c.yaku_han, fu.total if fu else 0, tsumo,
           winner == "E", discarder)  # fmt: skip
    fixed = _FIXED_LINES.get(key) or _fixed_lines(key)
    en.append(fixed[0])
    it.append(fixed[1])
    if fu is not None and not c.yakuman:
        en_fu, it_fu = fu.lines_both(fu_labels)
        en.extend(en_fu)
        it.extend(it_fu)
    en.extend(fixed[2])
    it.extend(fixed[3])
    for t in transfers:
        pair = _TRANSFER_LINES.get(t) or _transfer_lines(t)
        en.append(pair[0])
        it.append(pair[1])
    return tuple(en), tuple(it)


def _pure_output(result: ScoreResult, ja_names: Mapping[str, str | None]) -> dict[str, Any]:
    """``result.to_dict()`` with the ``ja`` name of each pattern that has one.

    The reference of the C kernel's ``output`` (which answers NotImplemented for a result it
    leaves to this function: another type, an explanation already made).
    """
    out = result.to_dict()
    for pat in out.get("patterns", ()):
        ja = ja_names.get(pat["id"])
        if ja:
            pat["ja"] = ja
    return out


OUTPUT_KEYS = (
    "ok", "rules", "hand", "valid_win", "reason", "patterns", "id", "en", "it", "value",
    "unit", "tiles", "where", "meld", "notation", "ja", "han", "fu", "fan", "points",
    "doubles", "limit", "payments", "yaku_han", "fu_breakdown", "basic_points", "yakuman",
    "explanation", "valid", "awards", "extra", "names", "pattern_keys", "ref", "items",
    "core", "fu_labels", "award_tiles",
)  # fmt: skip
"""The names ``output`` reads and writes (output keys, fields, attributes), in the order of
the kernel's table (``K_*`` in ``_criichi.c``)."""

explain_lines: Callable[..., Any] = _pure_explain
"""``(c, transfers, winner, discarder, fu_labels)`` -> the explanation lines in English and in
Italian: the C kernel's ``explain`` where it is built (the same lines from the same memos and
their makers), else :func:`_pure_explain`, its reference."""

output_object: Callable[[ScoreResult, Mapping[str, str | None]], Any] = _pure_output
"""The output object of a riichi result: the C kernel's ``output`` where it is built (it
answers NotImplemented for what it leaves to :func:`_pure_output`)."""

if fast.NATIVE:
    if hasattr(fast._native, "setup_explain"):  # (an older build has no explain)
        _EXPLAIN_SETUP: tuple[Any, ...] = (
            _pure_explain,
            Core,
            tuple(Core._fields.index(name) for name in _CORE_FIELDS),
            (Fu._fields.index("items"), Fu._fields.index("raw"), Fu._fields.index("total")),
            _AWARD_LINES,
            _award_lines,
            _FIXED_LINES,
            _fixed_lines,
            _TRANSFER_LINES,
            _transfer_lines,
            (*_EXPLAIN_WORDS, "E", _TSUMO),  # and the dealer's seat, a tsumo win
            Decomposition,
            Group,
            _GROUP_TEXT,
            (FuItem._fields.index("fu"), FuItem._fields.index("ref")),
            fu_module._LINES,
            fu_module._TOTALS,
        )
        """What ``setup_explain`` is handed (tests hand it again after refusing bad values)."""
        try:
            fast._native.setup_explain(*_EXPLAIN_SETUP)
        except (ValueError, TypeError):  # a build older than these declarations: pure Python
            pass
        else:
            explain_lines = fast._native.explain
    if hasattr(fast._native, "setup_output"):  # (an older build has no output)
        fast._native.setup_output(
            RiichiResult,
            LazyExtra,
            Award,
            TileSource,
            LANGS,
            Best._fields,
            OUTPUT_KEYS,
            tuple(Tile(k).notation for k in range(NUM_KINDS)),
            PhysicalTile(Tile.M5, red=True).notation,
            meld_notation,
            LazyExtra.INIT_SLOTS.index("_fu"),
        )
        output_object = fast._native.output
    fast._native.setup_front(
        Hand,
        as_hand,
        tuple(Tile(k) for k in range(NUM_KINDS)),
        (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH),
        (_RON, _TSUMO),
        LazyExtra,
        LazyExtra.INIT_SLOTS,
        RiichiResult,
        RESULT_KEYS,
    )


def _liability(hand: Hand, awards: tuple[Award, ...], winner: str, given: str | None) -> str | None:
    """The liable seat (pao) of a win: the one given, checked, or the one its melds show.

    The melds are written in the order they were made (EMA-PAO-1): the third melded dragon
    set's or the fourth melded wind set's source is the liable seat when the hand scores Big
    Three Dragons or Big Four Winds with those sets melded (:func:`.settlement.liable_seat`).
    A ``pao`` against the source the melds show is an error; one given for a hand that does
    not score that yakuman with those sets melded has nothing to apply to (no liability).
    """
    if not pao_applies(hand, awards):
        return None
    shown = liable_seat(hand, winner)
    if given is None:
        return shown
    if shown is not None and shown != given:
        raise InvalidHandError(
            f"pao {given}, but the melds of {hand.notation!r} show that {shown} discarded the "
            "tile of the last dragon or wind set (EMA-PAO-1: melds are written in the order "
            "they were made)"
        )
    return given
