"""The ``riichi-ema`` ruleset object and its ``riichi-tenhou`` preset (spec ``riichi-ema.md``).

>>> r = RiichiEma().score("234m567m345p67s22p+8s", win="ron", seat_wind="S",
...                       flags={"riichi"}, dora=["1z"], ura=["9p"], discarder="W")
>>> r.han, r.fu, r.value, dict(r.payments)
(3, 30, 3900, {'E': 0, 'S': 3900, 'W': -3900, 'N': 0})
>>> sorted(r.ids)
['all_simples', 'pinfu', 'riichi']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, NamedTuple

from muraglia.analysis.decompose import decompose
from muraglia.analysis.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, Shape
from muraglia.analysis.waits import Reading, readings, winning_tiles
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.melds import MeldKind
from muraglia.notation import parse_hand
from muraglia.rulesets.base import Ruleset, as_hand, as_tiles
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
    LazyLines,
    ScoreResult,
    Settlement,
    Transfer,
)
from muraglia.tiles import Tile

__all__ = ["EmaOptions", "RiichiEma", "final_settlement", "uma_shares"]

_SEAT_OF = {Tile.EAST: "E", Tile.SOUTH: "S", Tile.WEST: "W", Tile.NORTH: "N"}
_SITUATION = frozenset({"honba", "riichi_sticks", "discarder", "dealer", "pao"})
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
    uma: str = "9000,3000,-3000,-9000"
    """Uma by placement, comma-separated (EMA-UMA-1)."""
    preset: Literal["riichi-ema", "riichi-tenhou"] = "riichi-ema"
    """Which id the results are reported under (set by the id's preset)."""


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


class RiichiEma(Ruleset):
    """EMA Riichi 2008 (``riichi-ema``) and Tenhou's options (``riichi-tenhou``)."""

    id: ClassVar[str] = "riichi-ema"
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
            "preset": "riichi-tenhou",
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
        return self._finish(self._core(ctx, int(situation.get("honba", 0))), situation)

    # ------------------------------------------------------------------ the whole hand

    def _check(self, hand: Hand, w: WinType, flags: frozenset[str]) -> None:
        concealed = hand.is_concealed
        if w is WinType.NONE:
            raise InvalidHandError("riichi scoring needs win ron or tsumo")
        if (flags & {"riichi", "double_riichi", "ippatsu"}) and not concealed:
            raise InvalidHandError("riichi/double_riichi/ippatsu need a concealed hand")
        if "ippatsu" in flags and not flags & {"riichi", "double_riichi"}:
            raise InvalidHandError("ippatsu needs riichi or double_riichi")
        if "replacement" in flags and (w is not WinType.TSUMO or not hand.kongs):
            raise InvalidHandError("replacement needs a tsumo win and a kong in the hand")
        if "robbing_kong" in flags and w is not WinType.RON:
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
        w = win if isinstance(win, WinType) else parse_win(win)
        if h.winning is None:
            raise InvalidHandError(f"{h.notation!r}: a win needs a winning tile (+X)")
        seat = parse_wind(seat_wind, "seat_wind")
        rnd = parse_wind(round_wind, "round_wind")
        flag_set = frozenset(self.check_flags(flags))
        self._check(h, w, flag_set)
        unknown = sorted(set(situation) - _SITUATION)
        if unknown:
            known = ", ".join(sorted(_SITUATION))
            raise RulesetError(f"{self.rid}: unknown key(s) {', '.join(unknown)}; known: {known}")
        honba = _int(situation.get("honba", 0), "honba")
        dora_t, ura_t = as_tiles(dora, "dora"), as_tiles(ura, "ura")
        best: _Core | None = None
        best_key: tuple[bool, int, int, int] = (False, -1, -1, -1)
        win_kind = h.winning.kind
        for d in decompose(h, self.shapes):
            reads: Sequence[Reading | None] = readings(d, win_kind) or (None,)
            for r in reads:
                ctx = WinContext(h, d, r, w, seat, rnd, flag_set, dora_t, ura_t, self.options)
                core = self._core(ctx, honba)
                key = self._key(core)
                if best is None or key > best_key:
                    best, best_key = core, key
        if best is None:
            return ScoreResult(
                self.rid, h.notation, False, reason="not a complete hand (EMA-WIN-1)"
            )
        return self._finish(best, situation)

    # ------------------------------------------------------------------ result, explanation

    def _finish(self, c: _Core, situation: Mapping[str, Any]) -> ScoreResult:
        ctx = c.ctx
        winner = _SEAT_OF[ctx.seat_wind]
        tsumo = ctx.self_drawn
        honba = _int(situation.get("honba", 0), "honba")
        sticks = _int(situation.get("riichi_sticks", 0), "riichi_sticks")
        discarder = _seat(situation.get("discarder"), "discarder")
        liable = _seat(situation.get("pao"), "pao")
        if tsumo and discarder is not None:
            raise InvalidHandError("a tsumo win has no discarder")
        for who, what in ((discarder, "discarder"), (liable, "pao")):
            if who == winner:
                raise InvalidHandError(f"{what} {who} is the winner")
        pao_applies = liable is not None and _pao_applies(ctx, c.awards)
        payments: dict[str, int] | None = None
        transfers: list[tuple[str, str, int, str]] = []
        if c.valid and (tsumo or discarder is not None):
            transfers = win_transfers(
                c.b,
                winner,
                tsumo=tsumo,
                discarder=discarder,
                honba=honba,
                liable=liable if pao_applies else None,
            )
            if sticks:
                transfers.append(("table", winner, 1000 * sticks, "riichi_sticks"))
            payments = dict.fromkeys(SEATS, 0)
            if sticks:
                payments["table"] = 0
            for payer, payee, amount, _ in transfers:
                payments[payer] -= amount
                payments[payee] += amount
        extra = _Extra(c)
        return ScoreResult(
            rules=self.rid,
            hand=ctx.hand.notation,
            valid=c.valid,
            awards=c.awards,
            reason=c.reason,
            value=c.value,
            han=None if c.yakuman else c.han,
            fu=c.fu.total if c.fu and not c.yakuman else None,
            limit=c.limit,
            payments=payments,
            explanation=LazyLines(
                ("en", "it"), lambda lang: self._explain(c, transfers, lang, winner, discarder)
            ),
            decomposition=ctx.decomposition,
            extra=extra,
        )

    def _explain(
        self,
        c: _Core,
        transfers: list[tuple[str, str, int, str]],
        lang: str,
        winner: str,
        discarder: str | None,
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
            return final_settlement(scores, sticks, self.uma).to_dict()
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
        for f in fields(EmaOptions):
            lines.append(f"- `{f.name}` = `{getattr(self.options, f.name)!r}`")
        lines += ["", "Flags:", ""]
        lines += [f"- `{k}`: {v}" for k, v in self.flags.items()]
        lines += ["", "Settlement statuses:", ""]
        lines += [f"- `{k}`: {v}" for k, v in STATUSES.items()]
        lines.append("")
        return "\n".join(lines)


# ---------------------------------------------------------------------- helpers


class _Extra(Mapping[str, Any]):
    """The riichi output keys of a result; the fu breakdown is built when first read."""

    def __init__(self, core: _Core) -> None:
        self._core = core
        self._keys = ("yaku_han", "fu_breakdown", "basic_points") + (
            ("yakuman",) if core.yakuman else ()
        )
        self._fu: list[dict[str, Any]] | None = None

    def __getitem__(self, key: str) -> Any:
        c = self._core
        if key == "yaku_han":
            return c.yaku_han
        if key == "basic_points":
            return c.b
        if key == "yakuman" and c.yakuman:
            return c.yakuman
        if key == "fu_breakdown":
            if self._fu is None:
                items = c.fu.items if c.fu else ()
                self._fu = [{"en": i.en, "it": i.it, "fu": i.fu, "ref": i.ref} for i in items]
            return self._fu
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


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

    def pay(self, payer: str, payee: str, amount: int, reason: str) -> None:
        if amount:
            self.transfers.append(Transfer(payer, payee, amount, reason))

    def done(self, honba: int, sticks: int, dealer_keeps: bool, **extra: Any) -> Settlement:
        return Settlement.from_transfers(
            self.transfers,
            values=self.values,
            parties=(*SEATS, "table"),
            explanation={"en": tuple(self.lines)},
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
                self.lines.append("triple ron: abortive draw (Tenhou)")
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
        self.lines.append(f"chombo by {seat}: reverse mangan (EMA-PEN-2)")
        for other in next_seats(seat):
            self.pay(seat, other, 4000 if seat == "E" or other == "E" else 2000, "chombo")
        return self.done(self.o.honba, self.o.riichi_sticks, True, chombo=seat)

    def abortive(self) -> Settlement:
        if len(self.o.riichi) == 4 and (self.o.tenpai or self.o.hands):
            # four riichi: hands are shown and a noten riichi is chombo (EMA-GAP-14)
            tenpai = self.tenpai()
            noten = [s for s in SEATS if s not in tenpai]
            if noten:
                self.lines.append(f"four riichi: {noten[0]} is noten")
                return self.chombo(noten[0])
        self.put_sticks()
        self.lines.append("abortive draw: counter +1, sticks stay, East keeps (EMA-END-4)")
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
            self.lines.append(f"{noten_riichi[0]} declared riichi but is noten")
            return self.chombo(noten_riichi[0])
        self.put_sticks()
        noten = [s for s in SEATS if s not in tenpai]
        if tenpai and noten:  # EMA-END-3: 3000 split
            share = 3000 // (len(noten) * len(tenpai))
            for payer in noten:
                for payee in sorted(tenpai, key=SEATS.index):
                    self.pay(payer, payee, share, "noten")
        self.lines.append(f"exhaustive draw: tenpai {sorted(tenpai, key=SEATS.index)} (EMA-END-3)")
        return self.done(self.o.honba + 1, self.o.riichi_sticks + len(self.o.riichi), "E" in tenpai)

    def nagashi(self, seats: list[str]) -> Settlement:
        """EMA-YAKU-29 / EMA-GAP-23: each scorer is paid a mangan tsumo."""
        self.put_sticks()
        for seat in seats:
            for payer, payee, amount, why in win_transfers(
                2000, seat, tsumo=True, honba=self.o.honba
            ):
                self.pay(payer, payee, amount, why)
            self.values[seat] = hand_value(2000, seat, tsumo=True)
        pool = self.o.riichi_sticks + len(self.o.riichi)
        self.pay("table", seats[0], 1000 * pool, "riichi_sticks")
        self.lines.append(f"nagashi mangan: {', '.join(seats)}")
        east = "E" in seats
        return self.done(self.o.honba + 1 if east else 0, 0, east)

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
            for payer, payee, amount in _hand_transfers(result, seat):
                self.pay(payer, payee, amount, "hand")
            self.lines.append(f"{seat} wins {result.value} ({result.han} han {result.fu} fu)")
        # EMA-STICK-1/3: own sticks back; the rest to the first winner after the discarder
        pool = o.riichi_sticks
        for seat in o.riichi:
            if seat in winners:
                self.pay("table", seat, 1000, "riichi")
            else:
                pool += 1
        order = [s for s in next_seats(discarder)] if discarder else winners
        first = next(s for s in order if s in winners)
        self.pay("table", first, 1000 * pool, "riichi_sticks")
        east = "E" in winners
        return self.done(o.honba + 1 if east else 0, 0, east)


def _pao_applies(ctx: WinContext, awards: tuple[Award, ...]) -> bool:
    """Whether liability can apply: the dragon/wind sets of the pao yakuman are all melded.

    EMA-PAO-1 (source 3.3.6: "in caso di 3 pung/kong scoperti"): the liable player fed the
    third melded dragon set or the fourth melded wind set.
    """
    exposed = [m.first for m in ctx.hand.melds if not m.concealed and m.kind is not MeldKind.CHOW]
    ids = {a.id for a in awards} & YAKUMAN_PAO
    if "big_four_winds" in ids and sum(t in WINDS for t in exposed) == 4:
        return True
    return "big_three_dragons" in ids and sum(t in DRAGONS for t in exposed) == 3


def _hand_transfers(result: ScoreResult, winner: str) -> list[tuple[str, str, int]]:
    """Seat-to-winner amounts of a scored result's payments (sticks excluded)."""
    pay = dict(result.payments or {})
    return [(s, winner, -v) for s, v in pay.items() if s in SEATS and s != winner and v < 0]


# ---------------------------------------------------------------------- match end


def uma_shares(scores: Mapping[str, int], uma: Sequence[int]) -> dict[str, int]:
    """Uma by seat, tied players sharing the places they occupy (EMA-UMA-2).

    >>> uma_shares({"E": 10, "S": 10, "W": 0, "N": -20}, (9000, 3000, -3000, -9000))
    {'E': 6000, 'S': 6000, 'W': -3000, 'N': -9000}
    """
    order = sorted(scores, key=lambda s: -scores[s])
    out: dict[str, int] = {}
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and scores[order[j]] == scores[order[i]]:
            j += 1
        share = sum(uma[i:j]) // (j - i)
        for s in order[i:j]:
            out[s] = share
        i = j
    return {s: out[s] for s in scores}


def final_settlement(scores: Mapping[str, int], sticks: int, uma: Sequence[int]) -> Settlement:
    """Leftover sticks to the leader(s), then uma (EMA-STICK-5, EMA-UMA, EMA-GAP-22).

    Uma is paid by the seats with negative uma to those with positive uma, proportionally;
    ``net`` gives each seat's uma plus its share of the sticks.
    """
    for s in scores:
        _seat(s, "seat")
    top = max(scores.values())
    leaders = [s for s in SEATS if s in scores and scores[s] == top]
    transfers: list[Transfer] = []
    pool = 1000 * sticks
    share, rest = divmod(pool, len(leaders)) if leaders else (0, 0)
    for k, s in enumerate(leaders):
        amount = share + (rest if k == 0 else 0)
        if amount:
            transfers.append(Transfer("table", s, amount, "riichi_sticks"))
    shares = uma_shares(scores, uma)
    for s, v in shares.items():
        if v:
            transfers.append(
                Transfer("uma", s, v, "uma") if v > 0 else Transfer(s, "uma", -v, "uma")
            )
    final = {
        s: scores[s]
        + shares[s]
        + sum(t.amount for t in transfers if t.payee == s and t.reason == "riichi_sticks")
        for s in scores
    }
    return Settlement.from_transfers(
        transfers, parties=(*scores, "table"), extra={"uma": shares, "final_scores": final}
    )
