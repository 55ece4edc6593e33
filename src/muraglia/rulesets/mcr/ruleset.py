"""The MCR ruleset object: best arrangement, 8-point minimum, flowers, payments, settlement.

Scoring (MCR-ALGO): every arrangement of the hand (four sets and a pair respecting the melds,
seven pairs, thirteen orphans, knitted straight plus a set and a pair, honours and knitted tiles)
x every reading of the winning tile is scored with the fan table; the highest total without
flowers wins (MCR-WIN-3, MCR-GAP-36). A total of 0 is a Chicken Hand (8); a total below 8 is a
false win (MCR-WIN-4/5). *V* = total + flowers. Payments and settlement: :mod:`.settlement`;
the compiled fan plans and the resolution: :mod:`.search`; options: :mod:`.options`.

>>> r = McrRules().score("12345678p234s55m+9p", win="tsumo", seat_wind="S")
>>> r.fan, sorted(a.id for a in r.awards)
(22, ['all_chows', 'fully_concealed_hand', 'pure_straight'])
>>> r.payments
{'E': -30, 'S': 90, 'W': -30, 'N': -30}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import fields
from functools import partial
from typing import Any, ClassVar

from muraglia.analysis.groups import Decomposition
from muraglia.analysis.shapes import Shape
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.rulesets.base import Ruleset, as_hand
from muraglia.rulesets.mcr.context import McrContext
from muraglia.rulesets.mcr.native import (
    KERNEL_FLAGS,
    best_fans,
    readings,
    setup_locate,
    single_tile_wait,
)
from muraglia.rulesets.mcr.native import decompositions as decompose
from muraglia.rulesets.mcr.options import FLAGS, FLAGS_IT, STATUSES, McrOptions
from muraglia.rulesets.mcr.patterns import EDITION_VALUES, NUMBER, PATTERNS
from muraglia.rulesets.mcr.plan import FanPlan, group_counts, kinds_mask
from muraglia.rulesets.mcr.result import McrResult
from muraglia.rulesets.mcr.search import (
    NO_WAIT_FANS,
    WAIT_KINDS,
    compiled,
    fan_kernel,
    possible_shapes,
    resolve,
    run_steps,
)
from muraglia.rulesets.mcr.settlement import (
    BASE_PAYMENT,
    FALSE_WIN_PENALTY,
    LETTER_OF,
    MINIMUM,
    false_win,
    payments,
    seat_letter,
    settle,
)
from muraglia.rulesets.mcr.shapes import SHAPES
from muraglia.scoring.accepts import check_discarder
from muraglia.scoring.context import WinType, parse_win, parse_wind
from muraglia.scoring.result import (
    Award,
    DealOutcome,
    Deferred,
    LazyLines,
    ScoreResult,
    Settlement,
)
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["McrRules"]


def _order(award: Award) -> int:
    return NUMBER[award.id]


def _locate(context: tuple[Any, ...], awards: tuple[Award, ...]) -> tuple[Award, ...]:
    """The awards with their tiles, located on the best reading's context (made here).

    ``context``: (hand, decomposition, reading, win, seat wind, round wind, flags, options,
    unique wait, flowers).
    """
    h, d, r, w, seat, rnd, flags, options, unique, flowers = context
    ctx = McrContext(
        h, d, r, w, seat, rnd, flags, options=options, unique_wait=unique, flowers=flowers
    )
    return PATTERNS.locate(ctx, awards)


def _explanation(*args: Any) -> LazyLines:
    """The explanation of a result: its lines made per language on first read."""
    return LazyLines(("en", "it"), partial(_explain, *args))


_WIN_VALUE = {w: w.value for w in WinType}
"""``WinType.value`` without the enum's property (the hot path)."""
_WIN_OF: dict[str, WinType] = {w.value: w for w in WinType}
""":func:`parse_win` of the exact spellings (others go through it)."""
_WIND_OF: dict[str, Tile] = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH}
""":func:`parse_wind` of the seat letters (others go through it)."""
_NO_FLAGS: frozenset[str] = frozenset()
_NO_SHAPE: tuple[Any, ...] = (None, (), (), 0, 0, 0)
"""The best reading of a hand without a winning shape, as :meth:`McrRules._result_of` takes it."""
_TSUMO = WinType.TSUMO
_PAYMENTS: dict[tuple[int, str, str | None], tuple[tuple[str, int], ...]] = {}
""":func:`payments` by (total, winner, discarder) and :func:`false_win` by (-1, offender,
discarder), as items (each result gets its own dict)."""


def _explain(  # noqa: PLR0917 - bound once with functools.partial
    awards: tuple[Award, ...],
    fan: int,
    reason: str | None,
    shaped: bool,
    pays: Mapping[str, int] | None,
    winner: str,
    flowers: int,
    total: int,
    lang: str,
) -> tuple[str, ...]:
    """The explanation lines of a scored hand in ``lang`` (``en`` or ``it``), built on demand.

    ``shaped``: whether the hand had a winning shape (a reason then is the minimum).
    """
    en = lang == "en"
    lines: list[str] = []
    for a in awards:
        times = f" ×{a.count}" if a.count > 1 else ""
        zh = a.names.get("zh", "")
        name = a.names["en"] if en else a.names["it"]
        lines.append(f"{NUMBER[a.id]:02d} {name} ({zh}){times}: {a.value}")
    if en:
        lines.append(f"fan {fan} + flowers {flowers} = {total}")
    else:
        lines.append(f"punti {fan} + fiori {flowers} = {total}")
    if reason:
        if en:
            lines.append(reason)
        elif not shaped:
            lines.append("chiusura non valida (falso hu)")
        else:
            lines.append(f"{fan} punti < {MINIMUM} senza fiori: falso hu")
    if pays is not None:
        for seat, amount in pays.items():
            if amount < 0:
                lines.append(f"{seat} pays {-amount}" if en else f"{seat} paga {-amount}")
        if reason:
            lines.append(
                f"false win: {winner} pays {FALSE_WIN_PENALTY} to each (MCR-PAY-4)"
                if en
                else f"falso hu: {winner} paga {FALSE_WIN_PENALTY} a ciascuno"
            )
    return tuple(lines)


setup_locate(Deferred, partial, _locate)


class McrRules(Ruleset[McrOptions]):
    """Chinese Official rules (seed 002, spec ``mcr.md``)."""

    id: ClassVar[str] = "mcr"
    aliases: ClassVar[tuple[str, ...]] = ("chinese-official", "mcr-1998")
    version: ClassVar[int] = 1
    title: ClassVar[Mapping[str, str]] = {
        "en": "Chinese Official rules (MCR)",
        "it": "Regolamento Internazionale Ufficiale (cinese)",
        "zh": "国标麻将",
    }
    sources: ClassVar[tuple[str, ...]] = ("seed 002_e77161675c6451b4.txt", "spec/mcr.md")
    shapes: ClassVar[tuple[Shape, ...]] = SHAPES
    patterns = PATTERNS
    flow_name: ClassVar[str] = "McrFlow"
    Options: ClassVar[type[Any]] = McrOptions
    flags: ClassVar[Mapping[str, str]] = FLAGS
    flags_it: ClassVar[Mapping[str, str]] = FLAGS_IT

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        """An MCR ruleset with ``options`` or option keywords (see :class:`McrOptions`).

        Raises:
            RulesetError: on an unknown option or an unknown edition.
        """
        super().__init__(options, **kwargs)
        o = self.options
        if o.edition not in EDITION_VALUES:
            raise RulesetError(f"mcr edition must be one of {sorted(EDITION_VALUES)}")
        if o.two_kongs_mixed not in (3, 4, 5):
            raise RulesetError("mcr option two_kongs_mixed must be 3, 4 or 5")
        self._values = dict(EDITION_VALUES[o.edition])
        self._fans: object | None = fan_kernel(self._values, o)
        """The native kernel's fan state for this edition and options (:meth:`_kernel_best`),
        made here so that scoring leaves a shared ruleset unchanged (remade only if a fan is
        added to the table afterwards)."""
        self._fans_version = compiled().version
        """The table version ``_fans`` was made for."""

    # ------------------------------------------------------------------ scoring

    def value_of(self, pattern_id: str) -> int:
        """The value per application of a fan under this edition."""
        return self._values.get(pattern_id, PATTERNS[pattern_id].closed or 0)

    def _check_flags(self, flags: Iterable[str], win: WinType) -> frozenset[str]:
        out = frozenset(self.check_flags(flags))
        if "robbing_kong" in out and win is not WinType.RON:
            raise InvalidHandError("flag robbing_kong needs a win on another player's tile (ron)")
        if "replacement" in out and win is not WinType.TSUMO:
            raise InvalidHandError("flag replacement needs a self-drawn win (tsumo)")
        if "robbing_kong" in out and "last_tile" in out:
            raise InvalidHandError(
                "flags robbing_kong and last_tile exclude each other: no kong can be declared "
                "once no tile is left for its replacement (MCR-KONG-5)"
            )
        return out

    def evaluate(self, ctx: McrContext, situation: Mapping[str, Any]) -> ScoreResult:  # type: ignore[override]
        """Score one arrangement x reading (without payments)."""
        plans = compiled().plans
        plan = plans.get(ctx.decomposition.shape, plans["standard"])
        return self._result(ctx, self._awards(ctx, self._find(ctx, plan, kinds_mask(ctx.counts))))

    @staticmethod
    def _find(ctx: McrContext, plan: FanPlan, kinds: int) -> dict[str, int]:
        """The fans whose predicate holds on ``ctx`` (:mod:`~muraglia.rulesets.mcr.plan`)."""
        flags = frozenset(ctx.flags)  # hashable even if a caller built the context with a set
        steps = plan.steps(ctx.is_concealed, group_counts(ctx.groups), len(ctx.suits), flags)
        return plan.run(steps, ctx, kinds)

    def _awards(self, ctx: McrContext, found: dict[str, int]) -> tuple[Award, ...]:
        """The awards of ``found`` after the options and the exclusions (MCR-COUNT)."""
        if not self.options.single_wait_four_concealed and "four_concealed_pungs" in found:
            found.pop("single_wait", None)
        values = self._values
        if self.options.two_kongs_mixed == 5 and "two_kongs" in found and ctx.concealed_kongs == 1:
            values = {**values, "two_kongs": 5}
        awards = resolve(found, values)
        if "all_types" in found and ctx.is_seven_pairs:  # option seven_pairs_all_types
            awards = tuple(sorted((*awards, PATTERNS["all_types"].award()), key=_order))
        return awards

    @staticmethod
    def _result(ctx: McrContext, awards: tuple[Award, ...]) -> ScoreResult:
        fan = sum(a.value for a in awards if a.id != "flower_tiles")
        return ScoreResult("mcr", "", fan >= MINIMUM, awards, value=fan, fan=fan,
                           decomposition=ctx.decomposition)  # fmt: skip

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
        """Score a winning hand: the best arrangement, the minimum, flowers and payments.

        ``situation`` may hold ``discarder`` (seat letter) to get the payments of a win on a
        discard; a self-drawn win always has them.

        Raises:
            MahjongError: on bad notation, winds, flags, dora, or a hand without winning tile.
        """
        h = as_hand(hand, red_fives=False)
        w: WinType | None = _WIN_OF.get(win) if type(win) is str else None  # usual spellings
        if w is None:
            w = win if isinstance(win, WinType) else parse_win(win)
        if w is WinType.NONE:
            raise InvalidHandError("mcr scores winning hands only: win must be ron or tsumo")
        if h.winning is None:
            raise InvalidHandError(f"{h.notation!r}: a win needs a winning tile (+X)")
        if dora or ura:
            raise InvalidHandError("mcr has no dora (MCR-TILE-2)")
        seat = _WIND_OF.get(seat_wind) if type(seat_wind) is str else None  # usual spellings
        if seat is None:
            seat = parse_wind(seat_wind, "seat_wind")
        rnd = _WIND_OF.get(round_wind) if type(round_wind) is str else None
        if rnd is None:
            rnd = parse_wind(round_wind, "round_wind")
        flag_set = _NO_FLAGS if flags == () else self._check_flags(flags, w)
        discarder = situation.get("discarder")
        if discarder is not None:
            seat_letter(discarder, "discarder")
            check_discarder(self.id, w.value, LETTER_OF[seat], discarder)  # MCR-PAY-2
        out = self._kernel_best(h, w, seat, rnd, flag_set)
        if out is NotImplemented:  # the declared predicates (the reference)
            ctx, awards, fan = self._best(h, w, seat, rnd, flag_set)
            located: Any = () if ctx is None else Deferred(partial(PATTERNS.locate, ctx, awards))
            total = sum(a.value for a in awards)
            flowers = sum(a.count for a in awards if a.id == "flower_tiles")
            out = (None if ctx is None else ctx.decomposition, located, awards, fan, total, flowers)
        d, located, awards, fan, total, flowers = out
        return self._result_of(
            h, d, located, awards, fan, total, flowers, w, LETTER_OF[seat], discarder
        )

    def _kernel_best(
        self, h: Hand, w: WinType, seat: Tile, rnd: Tile, flag_set: frozenset[str]
    ) -> Any:
        """:meth:`_best` in the native kernel (``native.best_fans``), for what it takes.

        Returns ``(decomposition or None, the awards located on first read, awards, fan,
        total, flowers)`` (:meth:`_result_of`'s arguments), or
        NotImplemented when the kernel is not built, the table declares a fan it does not
        detect, an option or flag it does not implement is set, or the hand is unusual: the
        declared predicates then score (:meth:`_best`).
        """
        if self._fans_version != PATTERNS.version:  # a fan registered since: compile again
            self._fans = fan_kernel(self._values, self.options)
            self._fans_version = PATTERNS.version
        state = self._fans
        if state is None:
            return NotImplemented
        bits = 0
        for flag in flag_set:
            bit = KERNEL_FLAGS.get(flag)
            if bit is None:
                return NotImplemented
            bits |= bit
        winning = h.winning
        assert winning is not None
        best = best_fans(state, h.concealed_counts, h.melds, h.counts, winning.kind,
                         w is _TSUMO, seat, rnd, bits, len(h.bonus), h, w, flag_set,
                         self.options)  # fmt: skip
        return _NO_SHAPE if best is None else best

    def _scored(
        self, h: Hand, w: WinType, seat: Tile, rnd: Tile, flag_set: frozenset[str]
    ) -> Iterator[tuple[McrContext, tuple[Award, ...]]]:
        """Every arrangement x reading with its awards.

        The views that depend on the hand only are computed once, those that depend on the
        decomposition once per decomposition; the fans come from the shape's plan.
        """
        assert h.winning is not None
        winning = h.winning.kind
        unique: bool | None = None
        flowers = len(h.bonus)
        hand_views: dict[str, Any] | None = None
        kinds = kinds_mask(h.counts)
        concealed = h.is_concealed
        options = self.options
        decompositions = [d for shape in possible_shapes(h, kinds) for d in decompose(shape, h)]
        if len(decompositions) > 1:  # distinct, as analysis.decompose gives them
            decompositions = list(dict.fromkeys(decompositions))
        plans = compiled().plans
        for d in decompositions:
            plan = plans.get(d.shape, plans["standard"])
            steps: tuple[Any, ...] | None = None
            first: McrContext | None = None
            # Seven Pairs and Thirteen Orphans exclude Single Wait: no need to know the wait
            waits = d.shape not in NO_WAIT_FANS
            for r in readings(d, winning):
                if unique is None and waits and r.wait in WAIT_KINDS:
                    unique = self._unique_wait(h)
                if first is not None:  # a second reading of the decomposition
                    views = first.decomposition_views()
                else:
                    if hand_views is None:
                        hand_views = McrContext.hand_views(h, kinds)
                    views = hand_views
                ctx = McrContext.made(
                    views, hand=h, decomposition=d, reading=r, win=w, seat_wind=seat,
                    round_wind=rnd, flags=flag_set, options=options,
                    unique_wait=bool(unique) and waits, flowers=flowers,
                )  # fmt: skip
                if steps is None:
                    present = group_counts(d.groups)
                    steps = plan.steps(concealed, present, len(ctx.suits), flag_set)
                found = run_steps(steps, ctx, kinds)
                yield ctx, self._awards(ctx, found)
                if first is None:
                    first = ctx

    def _best(
        self, h: Hand, w: WinType, seat: Tile, rnd: Tile, flag_set: frozenset[str]
    ) -> tuple[McrContext | None, tuple[Award, ...], int]:
        """The best arrangement (highest fan total without flowers, first one on ties).

        Returns its reading, its awards (not located yet) and its fan total (Chicken Hand
        given); ``(None, (), 0)`` when the hand has no winning shape.
        """
        best_value = -1
        best_ctx: McrContext | None = None
        awards: tuple[Award, ...] = ()
        for ctx, found in self._scored(h, w, seat, rnd, flag_set):
            fan = sum(a.value for a in found if a.id != "flower_tiles")
            if fan > best_value:
                best_value, best_ctx, awards = fan, ctx, found
        if best_ctx is None:
            return None, (), 0
        fan = best_value
        if fan == 0:  # MCR-GAP-2: Chicken Hand
            chicken = PATTERNS["chicken_hand"].award()
            awards = tuple(sorted((chicken, *awards), key=_order))
            fan = chicken.value
        return best_ctx, awards, fan

    @staticmethod
    def _unique_wait(h: Hand) -> bool:
        assert h.winning is not None
        concealed = list(h.concealed_counts[:NUM_KINDS])
        held = list(h.counts[:NUM_KINDS])
        k = h.winning.kind
        concealed[k] -= 1
        held[k] -= 1
        return single_tile_wait(concealed, len(h.melds), held)

    @staticmethod
    def total(result: ScoreResult) -> int:
        """*V*: the fan total plus flowers (MCR-PAY-1)."""
        return sum(a.value for a in result.awards)

    @staticmethod
    def _result_of(  # noqa: PLR0917 - once per scored hand, by position
        h: Hand,
        decomposition: Decomposition | None,
        located: Any,
        awards: tuple[Award, ...],
        fan: int,
        total: int,
        flowers: int,
        win: WinType,
        winner: str,
        discarder: str | None,
    ) -> McrResult:
        """The result of the best reading's ``decomposition`` (None: not a winning shape).

        ``fan`` is its total without flowers, ``total`` *V* with them (MCR-PAY-1), ``flowers``
        the flowers counted. ``located`` is its awards with their tiles (a
        :class:`~muraglia.scoring.result.Deferred` locating them on the best reading's
        context). The notation, the award tiles and the explanation are made on first read
        (:class:`~muraglia.rulesets.mcr.result.McrResult`).
        """
        shaped = decomposition is not None
        valid = shaped and fan >= MINIMUM
        if valid:
            reason = None
        elif not shaped:
            reason = "not a winning hand (MCR-WIN-1): false win"
        else:
            reason = f"{fan} points < {MINIMUM} without flowers (MCR-WIN-4): false win"
        pays: dict[str, int] | None = None
        if not valid or win is _TSUMO or discarder is not None:
            key = (-1 if not valid else total, winner, discarder)
            items = _PAYMENTS.get(key)
            if items is None:
                if valid:
                    items = tuple(payments(total, winner=winner, discarder=discarder).items())
                else:
                    items = tuple(false_win(winner).items())
                if len(_PAYMENTS) < 4096:
                    _PAYMENTS[key] = items
            pays = dict(items)
        extra = {"flowers": flowers, "total": total, "win": _WIN_VALUE[win]}
        if discarder:
            extra["discarder"] = discarder
        explanation = (_explanation, awards, fan, reason, shaped, pays, winner, flowers, total)
        return McrResult.scored(
            h, valid, located, reason, fan, pays, explanation, decomposition, extra
        )

    # ------------------------------------------------------------------ settlement

    settle_keys: ClassVar[tuple[str, ...]] = (
        "winners", "discarder", "hands", "flags", "status", "round_wind", "dealer",
    )  # fmt: skip
    """The ``muraglia settle`` keys MCR reads (no counters, sticks or indicators: MCR-TILE-2)."""

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Settle one deal: false wins, then the (single) winner's payments (MCR-PAY).

        Several ``winners`` on one discard are resolved by head bump; a claimant whose hand is
        not a valid win pays the false-win penalty and the next claimant may win (MCR-GAP-16).

        Raises:
            RulesetError: for unknown seats or statuses, several winners on a self-draw, or a
                missing hand.
        """
        return settle(outcome, self.score, self.total)

    # ------------------------------------------------------------------ CLI contract

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object (interfaces.md §5)."""
        out = super().score_dict({k: v for k, v in data.items() if k != "dealer"})
        for p in out["patterns"]:
            p["zh"] = PATTERNS[p["id"]].names["zh"]
            p["number"] = NUMBER[p["id"]]
        return out

    def describe(self) -> list[dict[str, Any]]:
        """Every fan as a row: number, names, points (this edition), exclusions."""
        rows = []
        for row in PATTERNS.rows():
            value = self.value_of(row["id"])
            rows.append({"number": NUMBER[row["id"]], **row, "closed": value, "open": value,
                         "points": value})  # fmt: skip
        return rows

    def reference_markdown(self) -> str:
        """The generated reference ``docs/rulesets/mcr.md``."""
        lines = [
            "# Chinese Official rules (`mcr`) — scoring reference",
            "",
            "<!-- generated by `muraglia rules mcr --format md`; do not edit -->",
            "",
            "Sources: " + "; ".join(self.sources) + ". Fan numbers are the Italian source's",
            "(01 = Pure Double Chow … 81 = Thirteen Orphans); `ref` is the spec rule id.",
            "",
            "Counting (MCR-COUNT): the arrangement with the highest total is scored; a fan is not",
            "counted with a fan that `excludes` it (non-repeat principle); two-chow fans follow",
            "MCR-COUNT-6 (non-separation, non-identical, account-once); wait fans only when the",
            f"hand waited on one tile kind. Minimum {MINIMUM} points without flowers; a hand with",
            "no fan is a Chicken Hand (8). Flowers are 1 point each and count only in *V*.",
            "",
            f"Payments: on a discard the discarder pays *V* + {BASE_PAYMENT}, the others",
            f"{BASE_PAYMENT} each; on a self-draw each pays *V* + {BASE_PAYMENT}. A false win",
            f"costs {FALSE_WIN_PENALTY} to each other player. One winner only (head bump).",
            "",
            PATTERNS.markdown(langs=("en", "it", "zh")),
            "Editions (option `edition`):",
            "",
        ]
        for edition, values in EDITION_VALUES.items():
            diff = ", ".join(f"`{k}` = {v}" for k, v in values.items()) or "the table above"
            lines.append(f"- `{edition}`: {diff}")
        lines += ["", "Options:", ""]
        lines += [f"- `{f.name}` (default `{f.default!r}`)" for f in fields(McrOptions)]
        lines += ["", "Flags:", ""]
        lines += [f"- `{k}`: {v}" for k, v in FLAGS.items()]
        lines += ["", "Statuses (`muraglia settle`):", ""]
        lines += [f"- `{k}`: {v['en']} / {v['it']}" for k, v in STATUSES.items()]
        return "\n".join(lines) + "\n"
