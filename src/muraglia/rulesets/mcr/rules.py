"""The MCR ruleset object: best arrangement, 8-point minimum, flowers, payments, settlement.

Scoring (MCR-ALGO): every arrangement of the hand (four sets and a pair respecting the melds,
seven pairs, thirteen orphans, knitted straight plus a set and a pair, honours and knitted tiles)
x every reading of the winning tile is scored with the fan table; the highest total without
flowers wins (MCR-WIN-3, MCR-GAP-36). A total of 0 is a Chicken Hand (8); a total below 8 is a
false win (MCR-WIN-4/5). *V* = total + flowers.

Payments (MCR-PAY): on a discard the discarder pays *V* + 8 and the other two 8 each; on a
self-draw each of the three pays *V* + 8; a false win costs 10 to each other player. One winner
only: among simultaneous claims the nearest to the discarder in turn order wins (head bump,
MCR-PLAY-5).

>>> r = McrRules().score("12345678p234s55m+9p", win="tsumo", seat_wind="S")
>>> r.fan, sorted(a.id for a in r.awards)
(22, ['all_chows', 'fully_concealed_hand', 'pure_straight'])
>>> r.payments
{'E': -30, 'S': 90, 'W': -30, 'N': -30}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields, replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

from muraglia.analysis.groups import WaitKind
from muraglia.analysis.shapes import (
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS_FOUR_AS_TWO,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
)
from muraglia.analysis.waits import readings
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.rulesets.base import Ruleset, as_hand
from muraglia.rulesets.mcr.context import McrContext
from muraglia.rulesets.mcr.counting import single_tile_wait
from muraglia.rulesets.mcr.patterns import EDITION_VALUES, HEADS, NUMBER, PATTERNS, SUITED
from muraglia.rulesets.mcr.plan import FanPlan, group_counts, kinds_mask, tiles_mask
from muraglia.rulesets.mcr.shapes import ANY_SHAPE, FAMILIES, KNITTED_MASKS, NOT_STANDARD, SHAPES
from muraglia.scoring.context import WinType, parse_win, parse_wind
from muraglia.scoring.patterns import Pattern
from muraglia.scoring.result import (
    Award,
    DealOutcome,
    LazyLines,
    ScoreResult,
    Settlement,
    Transfer,
)
from muraglia.tiles import WIND_LETTERS, WINDS, Tile

if TYPE_CHECKING:
    from muraglia.rulesets.mcr.flow import McrFlow

__all__ = [
    "BASE_PAYMENT",
    "EDITION_VALUES",
    "FALSE_WIN_PENALTY",
    "FLAGS",
    "MINIMUM",
    "SEATS",
    "STATUSES",
    "McrOptions",
    "McrRules",
    "claim_order",
    "payments",
]

MINIMUM = 8
"""Least fan total (flowers excluded) of a valid win (MCR-WIN-4)."""
BASE_PAYMENT = 8
"""What every loser pays on top of the hand value owed (MCR-PAY-2/3)."""
FALSE_WIN_PENALTY = 10
"""Paid to each other player by a false win (MCR-WIN-5, MCR-PAY-4)."""
SEATS = WIND_LETTERS
"""Seat winds in turn order (play runs E -> S -> W -> N)."""
_WINDS = dict(zip(SEATS, WINDS, strict=True))
_LETTER_OF: dict[Tile, str] = dict(zip(WINDS, SEATS, strict=True))
"""Wind tile -> seat letter (a table of :func:`muraglia.tiles.wind_letter` for the hot path)."""


FLAGS: Mapping[str, str] = {
    "last_tile": "won on the last tile of the wall (self-drawn: Last Tile Draw, MCR-FAN-40) "
    "or on the discard after it (Last Tile Claim, MCR-FAN-41)",
    "replacement": "self-drawn on a kong's replacement tile (MCR-FAN-42); not for flowers",
    "robbing_kong": "won on a tile added to a melded pung (MCR-FAN-43)",
    "last_of_kind": "the other three copies of the winning tile were visible (MCR-FAN-27)",
}
"""Situational flags read by the fans."""

STATUSES: Mapping[str, Mapping[str, str]] = {
    "false_win": {
        "en": "false win (hu): pays 10 to each other player and may not win this hand",
        "it": "falsa chiusura (hu): paga 10 a ogni altro giocatore e non può chiudere",
    },
}
"""Penalty statuses of ``muraglia settle`` (aliases ``false_hu``, ``false_mahjong``)."""
_STATUS_ALIASES = {"false_win": "false_win", "false_hu": "false_win", "false_mahjong": "false_win"}


@dataclass(frozen=True)
class McrOptions:
    """Optional rules (spec MCR-CONF) and the edition's fan values."""

    edition: Literal[1998, 2006] = 1998
    """1998: the seed's (Green Book) values; 2006: WMO values where they differ."""
    two_kongs_mixed: Literal[3, 4, 5] = 4
    """A melded plus a concealed kong: 4 = Two Kongs (MCR-GAP-4); 3 = Melded Kong + Concealed
    Kong (GB strict); 5 = Two Kongs worth 5."""
    seven_pairs_all_types: bool = False
    """Seven Pairs may score All Types (MCR-GAP-6)."""
    single_wait_four_concealed: bool = True
    """Four Concealed Pungs keeps Single Wait (MCR-GAP-10)."""


def claim_order(discarder: str) -> tuple[str, ...]:
    """The other seats in turn order after ``discarder`` (head bump priority, MCR-PLAY-5).

    >>> claim_order("W")
    ('N', 'E', 'S')
    """
    i = SEATS.index(discarder)
    return tuple(SEATS[(i + k) % 4] for k in (1, 2, 3))


def payments(total: int, *, winner: str, discarder: str | None) -> dict[str, int]:
    """Net payments of a win worth *V* = ``total`` (MCR-PAY-2/3).

    >>> payments(8, winner="S", discarder="W")
    {'E': -8, 'S': 32, 'W': -16, 'N': -8}
    >>> payments(8, winner="S", discarder=None)
    {'E': -16, 'S': 48, 'W': -16, 'N': -16}

    Raises:
        RulesetError: on an unknown seat or a winner discarding to himself.
    """
    _seat(winner, "winner")
    if discarder is not None:
        _seat(discarder, "discarder")
        if discarder == winner:
            raise RulesetError(f"{winner!r} cannot win on his own discard")
    out = dict.fromkeys(SEATS, 0)
    for seat in SEATS:
        if seat == winner:
            continue
        pay = BASE_PAYMENT + (total if discarder in (None, seat) else 0)
        out[seat] -= pay
        out[winner] += pay
    return out


def false_win(offender: str) -> dict[str, int]:
    """Net payments of a false win (MCR-WIN-5): 10 to each other player."""
    _seat(offender, "seat")
    out = dict.fromkeys(SEATS, FALSE_WIN_PENALTY)
    out[offender] = -3 * FALSE_WIN_PENALTY
    return out


def _order(award: Award) -> int:
    return NUMBER[award.id]


def _seat(letter: object, what: str) -> str:
    if letter not in SEATS:
        raise RulesetError(f"unknown {what} {letter!r} (E, S, W, N)")
    return str(letter)


def _explain(  # noqa: PLR0917 - bound once with functools.partial
    best: ScoreResult,
    pays: Mapping[str, int] | None,
    winner: str,
    flowers: int,
    total: int,
    lang: str,
) -> tuple[str, ...]:
    """The explanation lines of a scored hand in ``lang`` (``en`` or ``it``), built on demand."""
    en = lang == "en"
    lines: list[str] = []
    for a in best.awards:
        times = f" ×{a.count}" if a.count > 1 else ""
        zh = a.names.get("zh", "")
        name = a.names["en"] if en else a.names["it"]
        lines.append(f"{NUMBER[a.id]:02d} {name} ({zh}){times}: {a.value}")
    if en:
        lines.append(f"fan {best.value} + flowers {flowers} = {total}")
    else:
        lines.append(f"punti {best.value} + fiori {flowers} = {total}")
    if best.reason:
        if en:
            lines.append(best.reason)
        elif best.decomposition is None:
            lines.append("chiusura non valida (falso hu)")
        else:
            lines.append(f"{best.value} punti < {MINIMUM} senza fiori: falso hu")
    if pays is not None:
        for seat, amount in pays.items():
            if amount < 0:
                lines.append(f"{seat} pays {-amount}" if en else f"{seat} paga {-amount}")
        if not best.valid:
            lines.append(
                f"false win: {winner} pays {FALSE_WIN_PENALTY} to each (MCR-PAY-4)"
                if en
                else f"falso hu: {winner} paga {FALSE_WIN_PENALTY} a ciascuno"
            )
    return tuple(lines)


_WAIT_KINDS = (WaitKind.EDGE, WaitKind.CLOSED, WaitKind.SINGLE)
_NO_WAIT_FANS = frozenset({"seven_pairs", "thirteen_orphans"})
"""Shapes whose own fan excludes the wait fans they could have (Single Wait)."""
_ORPHANS_MASK = tiles_mask(HEADS)
_SUITED_MASK = tiles_mask(SUITED)
_STANDARD_ONLY: tuple[Shape, ...] = (STANDARD,)


_AWARDS: dict[tuple[str, int, int], Award] = {}


class Compiled(NamedTuple):
    """The fast path's view of :data:`PATTERNS` (rebuilt when the table changes)."""

    version: int
    """``PATTERNS.version`` it was built from."""
    among: Mapping[str, tuple[Pattern, ...]]
    """The fans tried on each shape (:mod:`~muraglia.rulesets.mcr.shapes` families)."""
    plans: Mapping[str, FanPlan]
    """The compiled evaluation plan of each shape family."""
    value: Mapping[str, int]
    rank: Mapping[str, int]
    excludes: Mapping[str, tuple[str, ...]]


def _compile() -> Compiled:
    """Compile :data:`PATTERNS` into shape families, plans and resolution data."""
    among: dict[str, tuple[Pattern, ...]] = {
        "standard": tuple(p for p in PATTERNS if p.id not in NOT_STANDARD),
        **{
            shape: tuple(p for p in PATTERNS if p.id in ids or p.id in ANY_SHAPE)
            for shape, ids in FAMILIES.items()
        },
    }
    among["honours_and_knitted"] = among["honors_and_knitted"]
    among["knitted_straight"] = among["standard"] + (PATTERNS["knitted_straight"],)
    return Compiled(
        PATTERNS.version,
        among,
        {shape: FanPlan(fans) for shape, fans in among.items()},
        {p.id: p.closed or 0 for p in PATTERNS},
        {p.id: i for i, p in enumerate(PATTERNS)},
        {p.id: p.excludes for p in PATTERNS},
    )


_COMPILED = [_compile()]


def compiled() -> Compiled:
    """The compiled view of :data:`PATTERNS`, rebuilt if a fan was registered since."""
    c = _COMPILED[0]
    if c.version != PATTERNS.version:
        c = _COMPILED[0] = _compile()
    return c


def resolve(found: Mapping[str, int], values: Mapping[str, int]) -> tuple[Award, ...]:
    """:meth:`PatternTable.resolve` for the MCR table (no implications, no limit hands).

    From the highest total down (ties: table order) a fan excluded by a kept one is dropped
    (MCR-COUNT-2); ``values`` overrides some values per application (editions, options).
    Awards are shared per (fan, count, value): they are immutable.

    >>> [(a.id, a.value) for a in resolve({"all_chows": 1, "no_honours": 1}, {})]
    [('all_chows', 2)]
    """
    c = compiled()
    value = c.value
    if values:
        value = {**value, **values}
    rank = c.rank
    excludes = c.excludes
    dropped: set[str] = set()
    kept: list[str] = []
    for pid in sorted(found, key=lambda pid: (-value[pid] * found[pid], rank[pid])):
        if pid in dropped:
            continue
        kept.append(pid)
        dropped.update(excludes[pid])
    kept.sort(key=rank.__getitem__)
    out: list[Award] = []
    for pid in kept:
        n = found[pid]
        per = value[pid]
        award = _AWARDS.get((pid, n, per))
        if award is None:
            award = PATTERNS[pid].award(n)
            if award.value != per * n:
                award = replace(award, value=per * n)
            _AWARDS[pid, n, per] = award
        out.append(award)
    return tuple(out)


def _possible_shapes(h: Hand, kinds: int | None = None) -> tuple[Shape, ...]:
    """The MCR shapes worth trying on ``h`` (mask and count tests before decomposing).

    ``kinds`` is the mask of the hand's kinds (:func:`~muraglia.rulesets.mcr.plan.kinds_mask`
    of ``h.counts``). Knitted shapes need the nine tiles (or, honours and knitted, only tiles)
    of one knitted straight; thirteen orphans exactly the thirteen kinds.
    """
    if kinds is None:
        kinds = kinds_mask(h.counts)
    distinct = kinds.bit_count()
    knitted = distinct >= 9 and any(m & kinds == m for m in KNITTED_MASKS)
    if h.melds:
        return (STANDARD, KNITTED_STRAIGHT) if len(h.melds) == 1 and knitted else (STANDARD,)
    if 7 < distinct < 13 and not knitted:  # the usual case: sets and a pair
        return _STANDARD_ONLY
    counts = h.concealed_counts
    out: list[Shape] = [STANDARD]
    if distinct <= 7 and all(n % 2 == 0 for n in counts):
        out.append(SEVEN_PAIRS_FOUR_AS_TWO)
    if kinds == _ORPHANS_MASK:
        out.append(THIRTEEN_ORPHANS)
    suited = kinds & _SUITED_MASK
    if distinct == 14 and any(suited & ~m == 0 for m in KNITTED_MASKS):
        out.append(HONORS_AND_KNITTED)
    if knitted:
        out.append(KNITTED_STRAIGHT)
    return tuple(out)


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
    Options: ClassVar[type[Any]] = McrOptions
    flags: ClassVar[Mapping[str, str]] = FLAGS

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
        w = win if isinstance(win, WinType) else parse_win(win)
        if w is WinType.NONE:
            raise InvalidHandError("mcr scores winning hands only: win must be ron or tsumo")
        if h.winning is None:
            raise InvalidHandError(f"{h.notation!r}: a win needs a winning tile (+X)")
        if dora or ura:
            raise InvalidHandError("mcr has no dora (MCR-TILE-2)")
        seat = parse_wind(seat_wind, "seat_wind")
        rnd = parse_wind(round_wind, "round_wind")
        flag_set = self._check_flags(flags, w)
        discarder = situation.get("discarder")
        if discarder is not None:
            _seat(discarder, "discarder")
        best = self._best(h, w, seat, rnd, flag_set)
        winner = _LETTER_OF[seat]
        pays: dict[str, int] | None = None
        if best.valid and (w is WinType.TSUMO or discarder is not None):
            pays = payments(self.total(best), winner=winner, discarder=discarder)
        elif not best.valid:
            pays = false_win(winner)
        return self._finish(best, pays, winner=winner, discarder=discarder, win=w)

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
        decompositions = [d for shape in _possible_shapes(h, kinds) for d in shape.decompose(h)]
        if len(decompositions) > 1:  # distinct, as analysis.decompose gives them
            decompositions = list(dict.fromkeys(decompositions))
        plans = compiled().plans
        for d in decompositions:
            plan = plans.get(d.shape, plans["standard"])
            steps: tuple[Any, ...] | None = None
            first: McrContext | None = None
            # Seven Pairs and Thirteen Orphans exclude Single Wait: no need to know the wait
            waits = d.shape not in _NO_WAIT_FANS
            for r in readings(d, winning):
                if unique is None and waits and r.wait in _WAIT_KINDS:
                    unique = self._unique_wait(h)
                ctx = McrContext(
                    h, d, r, w, seat, rnd, flag_set, (), (), options,
                    unique_wait=bool(unique) and waits, flowers=flowers,
                )  # fmt: skip
                if first is not None:  # a second reading of the decomposition
                    ctx.adopt(first.decomposition_views())
                else:
                    if hand_views is None:
                        hand_views = McrContext.hand_views(h, kinds)
                    ctx.adopt(hand_views)
                if steps is None:
                    present = group_counts(d.groups)
                    steps = plan.steps(concealed, present, len(ctx.suits), flag_set)
                found = plan.run(steps, ctx, kinds)
                yield ctx, self._awards(ctx, found)
                if first is None:
                    first = ctx

    def _best(
        self, h: Hand, w: WinType, seat: Tile, rnd: Tile, flag_set: frozenset[str]
    ) -> ScoreResult:
        """The best arrangement (highest fan total without flowers, first one on ties)."""
        best_value = -1
        best_ctx: McrContext | None = None
        awards: tuple[Award, ...] = ()
        for ctx, found in self._scored(h, w, seat, rnd, flag_set):
            fan = sum(a.value for a in found if a.id != "flower_tiles")
            if fan > best_value:
                best_value, best_ctx, awards = fan, ctx, found
        if best_ctx is None:
            return ScoreResult(
                "mcr", h.notation, False, reason="not a winning hand (MCR-WIN-1): false win"
            )
        fan = best_value
        if fan == 0:  # MCR-GAP-2: Chicken Hand
            chicken = PATTERNS["chicken_hand"].award()
            awards = tuple(sorted((chicken, *awards), key=_order))
            fan = chicken.value
        awards = PATTERNS.locate(best_ctx, awards)  # the tiles of each fan, on this reading
        d = best_ctx.decomposition
        if fan < MINIMUM:
            return ScoreResult("mcr", h.notation, False, awards,
                               reason=f"{fan} points < {MINIMUM} without flowers "
                               "(MCR-WIN-4): false win", value=fan, fan=fan,
                               decomposition=d)  # fmt: skip
        return ScoreResult("mcr", h.notation, True, awards, value=fan, fan=fan, decomposition=d)

    @staticmethod
    def _unique_wait(h: Hand) -> bool:
        assert h.winning is not None
        concealed = list(h.concealed_counts[:34])
        held = list(h.counts[:34])
        k = h.winning.kind
        concealed[k] -= 1
        held[k] -= 1
        return single_tile_wait(concealed, len(h.melds), held)

    @staticmethod
    def total(result: ScoreResult) -> int:
        """*V*: the fan total plus flowers (MCR-PAY-1)."""
        return sum(a.value for a in result.awards)

    def _finish(
        self,
        best: ScoreResult,
        pays: Mapping[str, int] | None,
        *,
        winner: str,
        discarder: str | None,
        win: WinType,
    ) -> ScoreResult:
        flowers = sum(a.count for a in best.awards if a.id == "flower_tiles")
        total = self.total(best)
        return ScoreResult(
            "mcr",
            best.hand,
            best.valid,
            best.awards,
            reason=best.reason,
            value=best.value,
            fan=best.value,
            payments=pays,
            explanation=LazyLines(
                ("en", "it"), partial(_explain, best, pays, winner, flowers, total)
            ),
            decomposition=best.decomposition,
            extra={"flowers": flowers, "total": total, "win": win.value}
            | ({"discarder": discarder} if discarder else {}),
        )

    # ------------------------------------------------------------------ settlement

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Settle one deal: false wins, then the (single) winner's payments (MCR-PAY).

        Several ``winners`` on one discard are resolved by head bump; a claimant whose hand is
        not a valid win pays the false-win penalty and the next claimant may win (MCR-GAP-16).

        Raises:
            RulesetError: for unknown seats or statuses, several winners on a self-draw, or a
                missing hand.
        """
        _seat(outcome.round_wind, "round_wind")
        transfers: list[Transfer] = []
        lines_en: list[str] = []
        lines_it: list[str] = []

        def penalise(seat: str) -> None:
            for other in SEATS:
                if other != seat:
                    transfers.append(Transfer(seat, other, FALSE_WIN_PENALTY, "false_win"))
            lines_en.append(f"{seat}: false win, pays {FALSE_WIN_PENALTY} to each")
            lines_it.append(f"{seat}: falso hu, paga {FALSE_WIN_PENALTY} a ciascuno")

        barred = set()
        for seat, status in outcome.status.items():
            _seat(seat, "seat")
            if status not in _STATUS_ALIASES:
                raise RulesetError(f"unknown mcr status {status!r}; known: {', '.join(STATUSES)}")
            penalise(seat)
            barred.add(seat)
        winners = [_seat(s, "winner") for s in outcome.winners]
        discarder = outcome.discarder
        if discarder is not None:
            _seat(discarder, "discarder")
        if len(winners) > 1 and discarder is None:
            raise RulesetError(f"several winners {winners} need a discard (MCR-PLAY-5)")
        if discarder is not None:
            order = claim_order(discarder)
            winners = sorted(winners, key=order.index)
        values: dict[str, int] = {}
        winner: str | None = None
        for seat in winners:
            if seat in barred:
                raise RulesetError(f"{seat!r} made a false win and may not win (MCR-GAP-16)")
            if seat not in outcome.hands:
                raise RulesetError(f"missing hand for winner {seat!r}")
            result = self.score(
                outcome.hands[seat],
                win="tsumo" if discarder is None else "ron",
                seat_wind=seat,
                round_wind=outcome.round_wind,
                flags=outcome.flags.get(seat, ()),
            )
            if not result.valid:
                penalise(seat)
                continue
            winner = seat
            values[seat] = self.total(result)
            pays = payments(values[seat], winner=seat, discarder=discarder)
            for payer, amount in pays.items():
                if amount < 0:
                    transfers.append(Transfer(payer, seat, -amount, "hand"))
            lines_en.append(f"{seat} wins with {values[seat]} (fan {result.fan})")
            lines_it.append(f"{seat} chiude con {values[seat]} (punti {result.fan})")
            bumped = [s for s in winners if s != seat and winners.index(s) > winners.index(seat)]
            if bumped:
                lines_en.append(f"head bump: {', '.join(bumped)} do not win (MCR-PLAY-5)")
                lines_it.append(f"precedenza: {', '.join(bumped)} non chiudono")
            break
        if winner is None:
            lines_en.append("no win: no hand payments (MCR-END-2)")
            lines_it.append("nessuna chiusura: nessun pagamento")
        return Settlement.from_transfers(
            transfers,
            values=values,
            parties=SEATS,
            explanation={"en": tuple(lines_en), "it": tuple(lines_it)},
            extra={"rules": "mcr", "winner": winner},
        )

    # ------------------------------------------------------------------ CLI contract

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object (interfaces.md §5)."""
        out = super().score_dict({k: v for k, v in data.items() if k != "dealer"})
        for p in out["patterns"]:
            p["zh"] = PATTERNS[p["id"]].names["zh"]
            p["number"] = NUMBER[p["id"]]
        return out

    def flow(self) -> McrFlow:
        """The engine hooks of this ruleset (``flow.py``), bound to these options."""
        from muraglia.rulesets.mcr.flow import McrFlow  # noqa: PLC0415 - flow imports rules

        return McrFlow(self)

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
