"""The Ravenna 200/400 ruleset: every hand scored, the massimo, penalties, the deal's settlement.

* Winner: *V* = (*P* + 20) × 2^*D*, or 30 when *P* = 0; capped at 200; a massimo is 200
  (RAV-SCORE-1, RAV-MAX). The best of every layout of the hand (four sets and a pair, seven
  pairs with a held kong as two pairs, all head tiles) and every choice of the set a claimed
  winning tile completed, which is then exposed (RAV-HAND-5, RAV-GAP-11).
* Non-winner (``WinType.NONE``): *S* = *P* × 2^*D* with every double except the hand-shape
  ones (RAV-SCORE-2, RAV-DBL-3: the ``won_only`` patterns), capped at 200; his four
  identical concealed tiles count as a concealed kong (RAV-KONG-6).
* Both are the classical fold (:func:`muraglia.scoring.classical.hand_value`): the awarded
  points (the Mah-Jong's 20 or 30 among them) × 2^doubles, capped at the massimo.
* Penalised players (RAV-PEN) are per-seat statuses of :meth:`RavennaRules.settle`; the
  payments are :mod:`.settlement`'s.

>>> r = RavennaRules().score("123s456s789s2z [333s>] +2z", win="ron", seat_wind="S")
>>> r.points, r.doubles, r.value, sorted(r.ids)[:2]
(24, 1, 48, ['exposed_pung_simple', 'mahjong'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, ClassVar, NamedTuple

from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.analysis.shapes import (
    ALL_HEAD_TILES,
    SEVEN_PAIRS_FOUR_AS_TWO,
    STANDARD,
    Shape,
    meld_group,
)
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets.base import (
    Ruleset,
    as_hand,
    check_east_dealer,
    input_object,
    settle_outcome,
    worth_input,
)
from muraglia.rulesets.ravenna import decisions
from muraglia.rulesets.ravenna.inputs import (
    ANY_COUNT,
    INPUTS,
    LONG,
    SHORT,
    STATUSES,
    THROWN_RACK,
    ZERO,
)
from muraglia.rulesets.ravenna.options import RavennaOptions
from muraglia.rulesets.ravenna.patterns import MASSIMO, PATTERNS
from muraglia.rulesets.ravenna.settlement import (
    BROKEN_RACK,
    RAVENNA_TERMS,
    SEATS,
    broken_rack,
    deal_settlement,
    settle_values,
    void_settlement,
)
from muraglia.scoring.accepts import decisions_markdown
from muraglia.scoring.classical import (
    CLASSICAL_KEYS,
    award_line,
    hand_value,
    mahjong_payments,
)
from muraglia.scoring.context import WinContext, WinType, parse_win, parse_wind
from muraglia.scoring.deal import check_roles, payment_lines, read_deal_hands, wind_tile
from muraglia.scoring.layouts import claimed_readings, complete_layouts
from muraglia.scoring.result import Award, DealOutcome, LazyLines, ScoreResult, Settlement
from muraglia.tiles import DRAGONS, Tile, to_wind, wind_letter

__all__ = ["SHAPES", "ZERO_FOLD", "Fold", "RavennaRules", "fold"]

SHAPES: tuple[Shape, ...] = (STANDARD, SEVEN_PAIRS_FOUR_AS_TWO, ALL_HEAD_TILES)
"""Winning shapes: four sets and a pair, seven pairs (a held kong counts as two pairs,
RAV-HAND-2) and all head tiles in any arrangement (RAV-HAND-3, RAV-GAP-10)."""

PARTIAL = "partial"
"""The shape id of a non-winner's scoring groups (not a complete layout)."""
_MAHJONG = PATTERNS["mahjong"].closed or 0
"""The Mah-Jong's 20, added to the hand points (RAV-PTS-P09)."""
_NO_POINTS = PATTERNS["mahjong_no_points"].closed or 0
"""A Mah-Jong without hand points, 30 (RAV-PTS-P10); the least base of a winner with the
``at_least_30`` option (RAV-GAP-14)."""
_LANGS = ("it", "en")
_DRAGONS = frozenset(DRAGONS)
_HELD: Mapping[int, GroupKind] = {4: GroupKind.KONG, 3: GroupKind.PUNG, 2: GroupKind.PAIR}
"""Identical concealed tiles of a non-winner and the group they count as (RAV-KONG-6)."""


_REFERENCE_HEAD = (
    "# Ravenna 200/400 (`ravenna`) — scoring reference",
    "",
    "<!-- generated from src/muraglia/rulesets/ravenna; do not edit by hand -->",
    "",
    "Regolamento Ravennate 200/400. Source: seed 004; rule ids refer to `spec/ravenna.md`.",
    "",
    "Winner: *V* = (*P* + 20) × 2^*D*, or 30 with no hand points; other players:",
    "*S* = *P* × 2^*D*; every value is capped at the massimo, 200 (400 with East). The winner",
    "collects *V* from each player (East pays or collects double); the others pay each other",
    "the differences of their values, doubled when East is one of the two; every payment is",
    "rounded to tens after doubling. At a three-player table the dead seat pays the Mah-Jong",
    "(double when East wins) but no differences. Two winners on one discard void the deal.",
    "",
    "| id | English | Italiano | unit | value | winner only | rule |",
    "|---|---|---|---|---|---|---|",
)
"""The head of the generated reference (:meth:`RavennaRules.reference_markdown`)."""


def _held_groups(hand: Hand, seat: Tile) -> list[Group]:
    """A non-winner's scoring groups among his concealed tiles (RAV-KONG-6, RAV-SCORE-2).

    Four identical tiles are a concealed kong, three a concealed pung; a pair counts only when
    it scores: dragons or the seat wind (RAV-PTS-P05/P06).
    """
    out = []
    for kind, n in enumerate(hand.concealed_counts):
        group = _HELD.get(n)
        if group is None or (group is GroupKind.PAIR and not (kind in _DRAGONS or kind == seat)):
            continue
        out.append(Group(group, Tile(kind)))
    return out


class Fold(NamedTuple):
    """One reading folded into a value: the classical points × 2^doubles (RAV-SCORE-1/2)."""

    awards: tuple[Award, ...]
    """The awards of the table (a massimo alone)."""
    points: int
    """Every point item, the Mah-Jong's 20 or 30 included: the amount doubled (0: massimo)."""
    doubles: int
    """*D*."""
    value: int
    """*V'* (winner) or *S* (another player), capped at the massimo (RAV-MAX-2)."""
    limit: str | None
    """``"massimo"`` for a massimo or a capped hand, else None."""


ZERO_FOLD = Fold((), 0, 0, 0, None)
"""The hand of a player penalised to 0 points (RAV-SCORE-3)."""


def fold(awards: tuple[Award, ...], *, won: bool, at_least_30: bool = False) -> Fold:
    """The value of a reading's awards (:func:`~muraglia.scoring.classical.hand_value`).

    A massimo is 200 and stands alone: no doubles, no other massimo (RAV-MAX-3; the table is
    limit-exclusive, the first massimo in table order is kept). Otherwise the points (the
    Mah-Jong's among them) × 2^doubles, capped at 200 (RAV-MAX-2); with ``at_least_30`` a
    winner's points are at least 30 (RAV-GAP-14).
    """
    if awards and any(a.limit for a in awards):
        return Fold(awards[:1], 0, 0, MASSIMO, "massimo")
    points = doubles = 0
    for a in awards:
        if a.unit == "doubles":
            doubles += a.value
        else:
            points += a.value
    if won and at_least_30:
        points = max(points, _NO_POINTS)
    limit = "massimo" if points << doubles > MASSIMO else None
    return Fold(awards, points, doubles, hand_value(points, doubles, limit=MASSIMO), limit)


def _lines(f: Fold, payments: Mapping[str, int], lang: str) -> tuple[str, ...]:
    """The explanation of a scored hand: its awards, the fold, then any Mah-Jong payments."""
    lines = [award_line(a, lang) for a in f.awards]
    if any(a.limit for a in f.awards):
        lines.append(f"massimo → {f.value}")
    else:
        word = "punti" if lang == "it" else "points"
        capped = f" (massimo {MASSIMO})" if f.limit else ""
        lines.append(f"{f.points} {word} × 2^{f.doubles} → {f.value}{capped}")
    return tuple(lines + payment_lines(payments, lang))


def _result(
    hand: str,
    f: Fold,
    *,
    valid: bool,
    decomposition: Decomposition | None = None,
    payments: Mapping[str, int] | None = None,
) -> ScoreResult:
    """The typed result of a fold, its explanation in ``it`` and ``en`` built when first read."""
    return ScoreResult(
        RavennaRules.id, hand, valid, f.awards, value=f.value, points=f.points,
        doubles=f.doubles, limit=f.limit, payments=payments or None,
        explanation=LazyLines(_LANGS, partial(_lines, f, payments or {})),
        decomposition=decomposition, pattern_keys=CLASSICAL_KEYS,
    )  # fmt: skip


class RavennaRules(Ruleset[RavennaOptions]):
    """The Ravenna 200/400 ruleset object (seed 004; spec ``ravenna.md``)."""

    id: ClassVar[str] = "ravenna"
    aliases: ClassVar[tuple[str, ...]] = ("ravenna-200-400",)
    version: ClassVar[int] = 1
    title: ClassVar[Mapping[str, str]] = {
        "it": "Regolamento Ravennate 200/400",
        "en": "Ravenna 200/400 rules",
    }
    sources: ClassVar[tuple[str, ...]] = ("seed 004_e86b8272d7b4bdff.txt", "spec/ravenna.md")
    Options: ClassVar[type[Any]] = RavennaOptions
    shapes: ClassVar[tuple[Shape, ...]] = SHAPES
    patterns = PATTERNS
    flow_name: ClassVar[str] = "RavennaFlow"
    flags: ClassVar[Mapping[str, str]] = INPUTS.flag_meanings
    flags_it: ClassVar[Mapping[str, str]] = INPUTS.flag_meanings_it
    statuses: ClassVar[Mapping[str, Mapping[str, str]]] = STATUSES
    inputs = INPUTS

    # ------------------------------------------------------------------ scoring

    def evaluate(self, ctx: WinContext, situation: Mapping[str, Any]) -> ScoreResult:
        """Score one reading: the table's awards folded into *V* or *S* (:func:`fold`)."""
        won = ctx.win is not WinType.NONE
        f = self._fold(ctx)
        awards = self.patterns.locate(ctx, f.awards)
        return _result(ctx.hand.notation, f._replace(awards=awards), valid=won,
                       decomposition=ctx.decomposition)  # fmt: skip

    def _fold(self, ctx: WinContext) -> Fold:
        """:func:`fold` of the table's awards on ``ctx`` under these options (not located)."""
        won = ctx.win is not WinType.NONE
        return fold(self.patterns.evaluate(ctx), won=won, at_least_30=self.options.at_least_30)

    def score_key(self, result: ScoreResult) -> tuple[Any, ...]:
        """The best reading pays most, then has the most points (the first one on ties)."""
        return (result.value, result.points or 0)

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
        """The typed result of one hand (``muraglia.score``, interfaces.md §4).

        ``win="none"`` scores another player's hand points (RAV-SCORE-2). The input is checked
        as ``muraglia score`` checks it (:data:`.inputs.INPUTS`: no flags, dora or counters;
        the dealer is always E); ``round_wind`` has no effect (RAV-PTS-3).

        Raises:
            MahjongError: on bad input (names the key, flag, tile or rule).
        """
        data = input_object(
            hand, win=win, seat_wind=seat_wind, round_wind=round_wind, flags=flags, dora=dora,
            ura=ura, situation=situation,
        )  # fmt: skip
        check_east_dealer(data)
        INPUTS.check_score(data)
        return self.score_hand(as_hand(hand, red_fives=False), win=win, seat_wind=seat_wind)

    def value_checked(  # noqa: PLR0917 - score's arguments, by position
        self,
        hand: Hand,
        win: str,
        seat_wind: str,
        round_wind: str,
        flags: Iterable[str],
        dora: Iterable[str] | None,
    ) -> tuple[int, bool]:
        """``(result.value, result.valid)`` of ``score(hand, ...)``, or its error.

        ``hand`` is parsed and checked with the indicators (the contract of
        :meth:`score_checked`); the input is checked as :meth:`score` checks it and a
        winner's fold is the one :meth:`score_hand` keeps, without its located tiles and
        payments (:func:`muraglia.rulesets.win_worth`, the bots' scorer).

        Raises:
            MahjongError: where :meth:`score` raises.
        """
        data = worth_input(hand, win, seat_wind, round_wind, flags, dora)
        check_east_dealer(data)
        INPUTS.check_score(data)
        w = parse_win(win)
        seat = parse_wind(seat_wind, "seat_wind")
        INPUTS.check_hand(hand)  # as _score
        if w is WinType.NONE:  # another player's hand points (RAV-SCORE-2): not a win
            return self._score_other(hand, seat, None)[0].value, False
        return self._best(hand, w, seat, None)[1].value, True

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object (interfaces.md §5).

        Without ``win`` a hand with a winning tile is a self-drawn win, any other hand is
        scored for its hand points.
        """
        check_east_dealer(data)
        INPUTS.check_score(data)
        hand = parse_hand(data["hand"], red_fives=False)
        win = data.get("win", "tsumo" if hand.winning is not None else "none")
        return self.score_hand(hand, win=win, seat_wind=data.get("seat_wind", "E")).to_dict()

    def score_hand(
        self,
        hand: Hand,
        *,
        win: str | WinType,
        seat_wind: str | Tile = "E",
        status: str | None = None,
    ) -> ScoreResult:
        """Score one player's hand at the end of a deal (no input-object checks).

        Args:
            hand: the hand; a winner's hand has its winning tile.
            win: ``ron`` or ``tsumo`` for the winner, ``none`` for another player.
            seat_wind: the player's seat wind (E is the East role).
            status: a penalty status of :data:`.inputs.STATUSES`, or None.

        Returns:
            The result; a winner's carries his Mah-Jong payments.

        Raises:
            InvalidHandError: if a winner's hand forms no winning shape or lacks its winning
                tile, or for an exposed chow (RAV-PLAY-3).
            RulesetError: for an unknown status, or a penalised winner.
        """
        w = win if isinstance(win, WinType) else parse_win(win)
        seat = parse_wind(seat_wind, "seat_wind")
        f, layout = self._score(hand, w, seat, status)
        if w is WinType.NONE:
            return _result(hand.notation, f, valid=False)
        letter = wind_letter(seat)  # settle_values of this winner alone, others at 0 (RAV-PAY)
        pays = mahjong_payments(f.value, winner=letter, east="E", terms=RAVENNA_TERMS, seats=SEATS)
        return _result(hand.notation, f, valid=True, decomposition=layout, payments=pays)

    def _score(
        self, hand: Hand, win: WinType, seat: Tile, status: str | None
    ) -> tuple[Fold, Decomposition | None]:
        """The best fold of ``hand`` (awards located) and the layout read, without payments.

        The best reading pays most, then has the most points; the first one on ties
        (:meth:`score_key`).
        """
        INPUTS.check_hand(hand)  # RAV-PLAY-3: a chow only inside the Mah-Jong
        if status is not None and status not in STATUSES:
            raise RulesetError(f"unknown ravenna status {status!r}; known: {', '.join(STATUSES)}")
        if win is WinType.NONE:
            return self._score_other(hand, seat, status)
        ctx, f = self._best(hand, win, seat, status)
        return f._replace(awards=self.patterns.locate(ctx, f.awards)), ctx.decomposition

    def _best(
        self, hand: Hand, win: WinType, seat: Tile, status: str | None
    ) -> tuple[WinContext, Fold]:
        """The best reading of a winner's ``hand`` for :meth:`_score` and its fold, not located.

        Raises:
            RulesetError, InvalidHandError: for a penalised winner, no winning tile or shape.
        """
        if status is not None:
            raise RulesetError(f"a player with status {status!r} cannot make Mah-Jong (RAV-PEN)")
        if hand.winning is None:
            raise InvalidHandError(f"{hand.notation!r} has no winning tile (+X)")
        layouts = complete_layouts(
            hand, seven_pairs=True, four_as_two_pairs=True, all_head_tiles=True
        )
        if not layouts:
            raise InvalidHandError(f"{hand.notation!r} forms no ravenna winning shape (RAV-HAND)")
        winning = hand.winning.kind
        best: tuple[tuple[int, int], WinContext, Fold] | None = None
        for layout in layouts:
            for reading in claimed_readings(layout, winning, self_drawn=win is WinType.TSUMO):
                # the set a claimed tile completed is exposed in ``reading`` itself (RAV-HAND-5)
                ctx = self._context(hand, reading, win, seat)
                f = self._fold(ctx)
                key = (f.value, f.points)
                if best is None or key > best[0]:
                    best = (key, ctx, f)
        assert best is not None
        return best[1], best[2]

    def _score_other(
        self, hand: Hand, seat: Tile, status: str | None
    ) -> tuple[Fold, Decomposition | None]:
        """Another player's hand points: his sets and valued pairs (RAV-SCORE-2, RAV-KONG-6)."""
        if status in ZERO:  # RAV-SCORE-3
            return ZERO_FOLD, None
        groups = [meld_group(m) for m in hand.melds]
        rack = hand
        if status == THROWN_RACK:  # RAV-PEN-5: the thrown concealed tiles are dead
            rack = Hand((), hand.melds, hand.bonus)
        else:
            groups += _held_groups(hand, seat)
        ctx = self._context(rack, Decomposition(PARTIAL, tuple(groups)), WinType.NONE, seat)
        f = self._fold(ctx)
        return f._replace(awards=self.patterns.locate(ctx, f.awards)), None

    def _context(self, hand: Hand, layout: Decomposition, win: WinType, seat: Tile) -> WinContext:
        """The context of one reading: no wait (Ravenna scores none), no flags, no round wind.

        There is no round wind in Ravenna (RAV-PTS-3): the context's is the seat's own.
        """
        return self.context(
            hand, layout, None, win=win, seat_wind=seat, round_wind=seat, flags=frozenset(),
            dora=(), ura=(),
        )  # fmt: skip

    # ------------------------------------------------------------------ settlement

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Score every hand of a finished deal and settle it (RAV-SCORE, RAV-PAY, RAV-PEN).

        ``outcome.hands`` holds each live seat's hand (notation or parsed) by seat wind; the
        dead seat of a table of three (``outcome.extra["dead"]``, RAV-3P) has none.

        Raises:
            RulesetError: for unknown seats or statuses, or a broken rack without exactly one
                false Mah-Jong call.
            InvalidHandError: for an inconsistent deal (:func:`muraglia.scoring.deal.check_roles`:
                two winners and no discarder, the discarder or a penalised player listed as
                winner, a non-winner holding a winning tile, a wrong tile count for the seat's
                status).
        """
        statuses = dict(outcome.status)
        winners = outcome.winners
        dead = outcome.extra.get("dead")
        if dead is not None:
            wind_tile(dead, "seat wind")
            if dead in outcome.hands:  # RAV-3P-4: the dead seat receives no tiles
                raise InvalidHandError(f"the dead seat {dead!r} holds no hand, but one was given")
        for seat in outcome.hands:
            wind_tile(seat, "seat wind")
        live = [s for s in SEATS if s != dead]
        check_roles(live, winners, outcome.discarder, statuses, {}, STATUSES, self.id)
        hands = read_deal_hands(  # RAV-PEN-1/2, RAV-GAP-31
            outcome.hands, live, winners=winners, statuses=statuses, short=SHORT, long=LONG,
            free=ANY_COUNT,
        )  # fmt: skip
        breakers = [s for s, st in statuses.items() if st == BROKEN_RACK]
        if breakers:  # RAV-PEN-6 ends the deal with no other payment
            return self._broken_rack(hands, breakers, statuses, dead)
        if len(winners) != 1:  # RAV-END-1, RAV-END-2: void deal, nothing scored
            return void_settlement()
        winner = winners[0]
        win = WinType.RON if outcome.discarder else WinType.TSUMO
        # the payments are the settlement's transfers (RAV-3P-4: at a table of three the dead
        # seat's share differs from a fourth player's), so the scores carry none of their own
        scores = {}
        for seat in live:
            seat_win = win if seat == winner else WinType.NONE
            f, layout = self._score(hands[seat], seat_win, to_wind(seat), statuses.get(seat))
            scores[seat] = _result(
                hands[seat].notation, f, valid=seat == winner, decomposition=layout
            )
        values = {s: scores[s].value if s in scores else 0 for s in SEATS}
        paid = settle_values(values, winners=(winner,), dead=dead)
        return deal_settlement(scores, values, paid, statuses=statuses, dead=dead)

    def _broken_rack(
        self,
        hands: Mapping[str, Hand],
        breakers: Sequence[str],
        statuses: Mapping[str, str],
        dead: str | None,
    ) -> Settlement:
        """RAV-PEN-6 (RAV-GAP-25): the rack-breaker pays the two innocent players a Mah-Jong.

        Each innocent hand is valued as a Mah-Jong of its hand points: (*P* + 20) × 2^*D*, or
        30 with no hand points, capped at the massimo.
        """
        callers = [s for s, st in statuses.items() if st == "false_mahjong"]
        if len(breakers) != 1 or len(callers) != 1:
            raise RulesetError(
                "a broken rack needs exactly one breaker and one false Mah-Jong caller"
            )
        payer = breakers[0]
        scores: dict[str, ScoreResult] = {}
        for seat in SEATS:
            if seat in (payer, callers[0], dead):
                continue
            own, _ = self._score(hands[seat], WinType.NONE, to_wind(seat), None)
            points = own.points + _MAHJONG if own.points else _NO_POINTS
            mahjong = own._replace(
                points=points, value=hand_value(points, own.doubles, limit=MASSIMO),
                limit="massimo" if points << own.doubles > MASSIMO else None,
            )  # fmt: skip
            scores[seat] = _result(hands[seat].notation, mahjong, valid=False)
        values = dict.fromkeys(SEATS, 0) | {s: r.value for s, r in scores.items()}
        paid = broken_rack(payer, {s: r.value for s, r in scores.items()})
        return deal_settlement(scores, values, paid, statuses=statuses, dead=None)

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia settle`` output object (interfaces.md §5); ``dead``: RAV-3P."""
        check_east_dealer(data)
        outcome = settle_outcome(data, INPUTS)
        dead = data.get("dead")
        extra = {"dead": None if dead is None else str(dead)}
        return self.settle(replace(outcome, extra=extra)).to_dict()

    # ------------------------------------------------------------------ engine

    # ------------------------------------------------------------------ reference

    def describe(self) -> list[dict[str, Any]]:
        """Every scoring element as data, for ``muraglia rules ravenna``."""
        return [
            p.named_row(
                unit=p.unit, value=p.closed, winner_only=p.won_only, excludes=list(p.excludes)
            )
            for p in PATTERNS
        ]

    def reference_markdown(self) -> str:
        """The generated rules reference, ``docs/rulesets/ravenna.md`` (DESIGN §16)."""
        lines = list(_REFERENCE_HEAD)
        for p in PATTERNS:
            value = "200/400" if p.limit else str(p.closed)
            only = "yes" if p.won_only else "no"
            lines.append(
                f"| `{p.id}` | {p.names['en']} | {p.names['it']} | {p.unit} | {value} | {only} "
                f"| {p.ref} |"
            )
        lines += ["", "Options (`ravenna(key=value)`):", ""]
        lines += [
            "- `at_least_30` (default `False`): a winner's base is never below 30 (RAV-GAP-14 "
            "club knob; off = the source's rule, 22–28 for 2–8 hand points)",
            "",
            "Three-player table: give `dead` (the dead seat, never East) in `muraglia settle`.",
        ]
        lines += ["", *INPUTS.markdown()]
        lines += [
            "",
            *decisions_markdown(
                decisions.SPEC_DECISIONS, decisions.PROGRAM_DECISIONS, decisions.NOT_APPLIED
            ),
        ]
        return "\n".join(lines) + "\n"
