"""The FIMJ ruleset: every hand scored on the shared table, settlement, reference, flow.

:class:`FimjRules` is a :class:`~muraglia.rulesets.base.Ruleset` over the shared
:class:`~muraglia.scoring.patterns.PatternTable` (:data:`.patterns.PATTERNS`) and
:class:`~muraglia.scoring.context.WinContext`. FIMJ scores *every* hand: a winner's on its
complete layouts, a non-winner's (``WinType.NONE``) on any choice of sets among its tiles
(FIMJ-SCORE-6); :meth:`FimjRules.best_fold` keeps the best layout (:mod:`.fold`) and
:meth:`FimjRules.score` builds the typed :class:`ScoreResult` from it directly.

>>> r = FimjRules()
>>> s = r.score("678p33p [555s] 777z [234m] 2f +6p", win="ron", seat_wind="S")
>>> s.points, s.doubles, s.value, s.payments["S"]
(34, 2, 136, 550)
>>> out = r.settle_dict({"winners": ["S"], "discarder": "W", "hands": {
...     "E": "999s 999p 5m 67m 678s 1z", "S": "678p33p [555s] 777z [234m] 2f +6p",
...     "W": "123456789m 1234z", "N": "888m 222s 345p 6s 19p 3z"}})
>>> out["values"], out["net"]
({'E': 16, 'S': 136, 'W': 0, 'N': 8}, {'E': -220, 'S': 550, 'W': -180, 'N': -150})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, replace
from typing import Any, ClassVar

from muraglia.analysis.groups import Decomposition
from muraglia.analysis.shapes import (
    SEVEN_PAIRS_FOUR_AS_TWO,
    SIAMESE_SNAKES,
    SMALL_SNAKE,
    SNAKE_OF_DRAGONS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
)
from muraglia.errors import InvalidHandError
from muraglia.hand import Hand, HandStatus
from muraglia.notation import parse_hand
from muraglia.rulesets.base import Ruleset, input_object, settle_outcome, worth_input
from muraglia.scoring.accepts import InputRules, decisions_markdown
from muraglia.scoring.classical import SettlementTerms, mahjong_payments
from muraglia.scoring.context import WinContext, WinType
from muraglia.scoring.deal import payment_lines, string_list, wind_tile
from muraglia.scoring.layouts import claimed_readings, complete_layouts
from muraglia.scoring.result import DealOutcome, ScoreResult, Settlement
from muraglia.tiles import DRAGONS, WINDS, Tile, wind_letter

from . import decisions
from .fold import Fold, fold, lines, located, rank
from .hands import partial_layouts
from .options import FLAGS, INPUTS, STATUSES, FimjOptions
from .patterns import KEYS, PATTERNS, Category, category_of
from .settlement import check_first_turn, settle_deal
from .waits import last_piece_wait, waiting_kinds

__all__ = ["FimjRules", "reference_markdown"]

_SPECIAL_SHAPES: dict[str, str] = {
    THIRTEEN_ORPHANS.id: "thirteen_lanterns",
    SNAKE_OF_DRAGONS.id: "snake_of_dragons",
    SMALL_SNAKE.id: "small_snake",
    SIAMESE_SNAKES.id: "siamese_snakes",
}
"""Shapes that are not four sets and a pair (FIMJ-HAND-3), from :mod:`muraglia.analysis`, and
the massimo each must be: they make a Mah-Jong only as that limit hand."""

_SELF_DRAW_FLAGS = ("replacement", "last_tile")
_DISCARD_FLAGS = ("robbing_kong", "last_discard")
_WINS = tuple(w.value for w in WinType)
_WAITING: dict[tuple[Any, ...], tuple[Tile, ...]] = {}
""":meth:`FimjRules.waiting_kinds` by pattern table version, options and hand: the riichi
and last-piece checks (FIMJ-RICHI-1, FIMJ-DBL-4) ask it of each win they score."""
_WAITING_MAX = 1 << 14
_LANGS = ("it", "en")


class FimjRules(Ruleset[FimjOptions]):
    """The FIMJ classical ruleset (seed 000; spec ``fimj.md``)."""

    id: ClassVar[str] = "fimj"
    flow_name: ClassVar[str] = "FimjFlow"
    dealer_moves: ClassVar[bool] = True
    """``dealer`` names the seat holding the East role (FIMJ-PAY-1); other rulesets: E."""
    aliases: ClassVar[tuple[str, ...]] = ("italian", "fimj-2001")
    version: ClassVar[int] = 1
    title: ClassVar[Mapping[str, str]] = {
        "it": "Regolamento FIMJ (Federazione Italiana Mah-Jong, 2001)",
        "en": "FIMJ rules (Italian Mah-Jong Federation, 2001)",
    }
    sources: ClassVar[tuple[str, ...]] = ("seed 000_24b2369488b6c23b.txt", "spec/fimj.md")
    Options: ClassVar[type[FimjOptions]] = FimjOptions
    shapes: ClassVar[tuple[Shape, ...]] = (
        STANDARD,
        SEVEN_PAIRS_FOUR_AS_TWO,
        THIRTEEN_ORPHANS,
        SMALL_SNAKE,
        SIAMESE_SNAKES,
        SNAKE_OF_DRAGONS,
    )
    """Winning shapes, for analysis (FIMJ-HAND, FIMJ-GAP-11, FIMJ-MAX-M04, M07-M09)."""
    patterns = PATTERNS
    flags: ClassVar[Mapping[str, str]] = INPUTS.flag_meanings
    flags_it: ClassVar[Mapping[str, str]] = INPUTS.flag_meanings_it
    statuses: ClassVar[Mapping[str, Mapping[str, str]]] = STATUSES
    inputs: ClassVar[InputRules] = INPUTS

    @property
    def terms(self) -> SettlementTerms:
        """The classical settlement terms FIMJ uses (FIMJ-PAY, FIMJ-ROUND)."""
        return SettlementTerms(dead_seat_pays_mahjong=self.options.dead_seat_pays)

    # ------------------------------------------------------------------ one hand

    def best_fold(
        self,
        hand: Hand,
        *,
        win: WinType,
        seat_wind: Tile,
        round_wind: Tile,
        flags: Iterable[str] = (),
        after_dead: bool | None = None,
    ) -> Fold:
        """The best-valued layout of one hand: *V'* for a winner, *S* for ``WinType.NONE``.

        ``after_dead``: at a table of three, whether the dead seat sits just before this
        player, so that the previous player, the only one a chow comes from, sits across
        (``^``); None when unknown (any live previous player: ``<`` or ``^``).

        Raises:
            InvalidHandError: if a winner's hand is not complete, the tile count is wrong,
                the flags contradict the win (``robbing_kong`` with a self-drawn tile), or an
                exposed chow was claimed from anyone but the previous player ("La pedina
                utile a formare una scala si può chiamare solo con lo scarto del giocatore
                immediatamente precedente", FIMJ-PLAY-4).
        """
        return located(self._checked_best(hand, win, seat_wind, round_wind, flags, after_dead))

    def _checked_best(  # noqa: PLR0917 - best_fold's arguments, by position
        self,
        hand: Hand,
        win: WinType,
        seat_wind: Tile,
        round_wind: Tile,
        flags: Iterable[str],
        after_dead: bool | None,
    ) -> Fold:
        """:meth:`best_fold` without the award tiles located (its checks and errors)."""
        sources = None
        if self.options.three_players and after_dead is not False:  # FIMJ-3P-3
            sources = ("<", "^", "") if after_dead is None else ("^", "")
        INPUTS.check_hand(hand, sources)
        return self._search(hand, win, seat_wind, round_wind, frozenset(flags))

    def _search(
        self, hand: Hand, win: WinType, seat_wind: Tile, round_wind: Tile, flags: frozenset[str]
    ) -> Fold:
        """Every layout of ``hand`` folded, the best kept (FIMJ-HAND-5, FIMJ-GAP-25).

        Its award tiles are not located (:func:`.fold.located`: the caller's, once).
        """
        winner = win is not WinType.NONE
        _check_hand(hand, winner=winner)
        _check_flags(flags, self_drawn=win is WinType.TSUMO, winner=winner)
        if flags:  # completes() and the bots' values search with no flags: nothing to check
            _check_flag_hand(hand, flags)
        self._check_riichi(hand, flags)
        self._check_last_piece(hand, flags)
        if seat_wind not in WINDS:
            raise InvalidHandError(f"seat wind {seat_wind!r} is not a wind")
        options = self.options
        limit, strict = options.limit, options.strict_two_points
        best: Fold | None = None
        best_massimo: Fold | None = None

        def keep(score: Fold | None) -> None:
            # FIMJ-SCORE-5, FIMJ-LIMIT-4: a limit hand is paid its fixed value, "regardless of
            # the points and of the limit", even where a higher limit option would pay an
            # ordinary reading more; among massimi the highest is paid once (FIMJ-GAP-32).
            nonlocal best, best_massimo
            if score is None:
                return
            if score.limit == "massimo":
                if best_massimo is None or rank(score) > rank(best_massimo):
                    best_massimo = score
            elif best is None or rank(score) > rank(best):
                best = score

        def context(layout: Decomposition) -> WinContext:
            return WinContext(
                hand, layout, None, win, seat_wind, round_wind, flags, (), (), options
            )

        if not winner:
            valued = frozenset({seat_wind, round_wind, *DRAGONS})
            for groups in partial_layouts(hand, valued_pairs=valued):
                keep(fold(context(Decomposition("partial", groups)), limit=limit,
                          strict_two_points=False))  # fmt: skip
            assert best is not None  # partial_layouts always yields at least the empty layout
            return best
        assert hand.winning is not None
        layouts = complete_layouts(
            hand,
            seven_pairs=True,
            four_as_two_pairs=options.four_as_two_pairs,
            thirteen_orphans=True,
            special=(SNAKE_OF_DRAGONS, SMALL_SNAKE, SIAMESE_SNAKES),
        )
        for decomposition in layouts:
            special = _SPECIAL_SHAPES.get(decomposition.shape)
            if special is not None:  # FIMJ-HAND-3: only as a limit hand
                keep(fold(context(decomposition), limit=limit, strict_two_points=strict,
                          special=special))  # fmt: skip
                continue
            # FIMJ-GAP-26: the set a claimed winning tile completed is exposed.
            for reading in claimed_readings(
                decomposition, hand.winning.kind, self_drawn=win is WinType.TSUMO
            ):
                keep(fold(context(reading), limit=limit, strict_two_points=strict))
        chosen = best_massimo or best
        if chosen is None:
            raise InvalidHandError(f"{hand.notation!r} is not a complete FIMJ hand (FIMJ-HAND)")
        return chosen

    def completes(self, hand13: Hand, kind: Tile) -> bool:
        """Whether the 13-tile ``hand13`` with the winning tile ``kind`` is a FIMJ Mah-Jong."""
        try:
            self._search(hand13.with_winning(kind), WinType.TSUMO, Tile.EAST, Tile.EAST,
                         frozenset())  # fmt: skip
        except InvalidHandError:
            return False
        return True

    def waiting_kinds(self, hand13: Hand) -> tuple[Tile, ...]:
        """The kinds that make the 13-tile ``hand13`` a Mah-Jong (:func:`.waits.waiting_kinds`).

        >>> FimjRules().waiting_kinds(parse_hand("234m 567m 678p 3455s"))
        (<Tile.S2: 19>, <Tile.S5: 22>)
        """
        key = (type(self).patterns.version, self.options, hand13)
        hit = _WAITING.get(key)
        if hit is None:
            hit = waiting_kinds(
                hand13, self.completes, four_as_two_pairs=self.options.four_as_two_pairs
            )
            if len(_WAITING) >= _WAITING_MAX:
                _WAITING.clear()
            _WAITING[key] = hit
        return hit

    def _check_riichi(self, hand: Hand, flags: frozenset[str]) -> None:
        """FIMJ-RICHI-1, FIMJ-GAP-20: a riichi stands only on a wait on exactly one kind."""
        if "riichi" not in flags or hand.winning is None:
            return
        waits = self.waiting_kinds(Hand(hand.concealed, hand.melds, hand.bonus))
        if len(waits) > 1:
            shown = ", ".join(t.notation for t in waits)
            raise InvalidHandError(
                f"false riichi (FIMJ-PEN-4): {hand.notation!r} waited on {shown}; riichi needs "
                "a wait on exactly one tile kind, not a two-sided chow or two pairs even if one "
                "is dead (FIMJ-RICHI-1, FIMJ-GAP-20); settle the seat with status false_riichi"
            )

    def _check_last_piece(self, hand: Hand, flags: frozenset[str]) -> None:
        """FIMJ-DBL-4: the flag ``last_of_kind`` needs a wait of cases 1–3."""
        if "last_of_kind" not in flags or hand.winning is None:
            return
        bare = Hand(hand.concealed, hand.melds, hand.bonus)
        waits = self.waiting_kinds(bare)
        if last_piece_wait(waits, hand.winning.kind, bare.concealed_counts) is None:
            shown = ", ".join(t.notation for t in waits)
            raise InvalidHandError(
                f"ultimo pezzo (FIMJ-DBL-4) on {hand.notation!r}, which waited on {shown}: the "
                "winner must wait on that one tile, or on two pairs or a two-sided chow whose "
                "other tile is dead"
            )

    def evaluate(self, ctx: WinContext, situation: Mapping[str, Any]) -> ScoreResult:
        """One layout scored (the base's hook; :meth:`score` searches every layout)."""
        options = self.options
        score = fold(ctx, limit=options.limit, strict_two_points=options.strict_two_points)
        if score is None:
            return self.invalid(ctx.hand, "not a FIMJ Mah-Jong (FIMJ-HAND-3)")
        return self._result(located(score), None, None)

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
        """Score one hand (``muraglia.score``, interfaces.md §4).

        ``win`` is ``ron``, ``tsumo`` or ``none`` (a non-winner's hand points). For a win the
        payments charge every other seat, East doubling (FIMJ-PAY-1); ``dealer`` names the seat
        holding the East role (default ``E``).

        Raises:
            MahjongError: on bad input (names the key, flag, tile or rule).
        """
        data = input_object(hand, win=win, seat_wind=seat_wind, round_wind=round_wind,
                            flags=flags, dora=dora, ura=ura, situation=situation)  # fmt: skip
        return self._score_object(data)

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object (interfaces.md §5).

        Without ``win`` a hand with a winning tile is self-drawn, one without is not a win.
        """
        return self._score_object(data).to_dict()

    def _score_object(self, data: Mapping[str, Any]) -> ScoreResult:
        """The typed result of a ``muraglia score`` input object, validated (issue 14)."""
        INPUTS.check_score(data)
        hand = parse_hand(data["hand"], red_fives=False)
        score, seat = self._fold_object(data, hand)
        score = located(score)
        east = None
        if score.winner:
            east = wind_letter(wind_tile(data.get("dealer", "E"), "dealer"))
        return self._result(score, wind_letter(seat), east)

    def _fold_object(self, data: Mapping[str, Any], hand: Hand) -> tuple[Fold, Tile]:
        """The best fold (not located) of a checked input object's parsed ``hand``, the seat.

        Raises:
            MahjongError: as :meth:`best_fold` and for a bad win or wind.
        """
        win = data.get("win", "tsumo" if hand.winning is not None else "none")
        if win not in _WINS:
            raise InvalidHandError(f"win must be ron, tsumo or none, not {win!r}")
        seat = wind_tile(data.get("seat_wind", "E"), "seat_wind")
        rnd = wind_tile(data.get("round_wind", "E"), "round_wind")
        flags = string_list(data.get("flags", []), "flags")
        if "first_turn" in flags:
            dealer = wind_tile(data.get("dealer", "E"), "dealer")
            check_first_turn(win, seat, dealer, data.get("discarder"))
        return self._checked_best(hand, WinType(win), seat, rnd, flags, None), seat

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
        :meth:`score_checked`); the input is checked as :meth:`score` checks it and the fold
        is the one it keeps, without its located tiles, explanation and payments
        (:func:`muraglia.rulesets.win_worth`, the bots' scorer).

        Raises:
            MahjongError: where :meth:`score` raises.
        """
        data = worth_input(hand, win, seat_wind, round_wind, flags, dora)
        INPUTS.check_score(data)
        score, _ = self._fold_object(data, hand)
        return score.value, score.winner

    def _result(self, score: Fold, seat: str | None, east: str | None) -> ScoreResult:
        """The typed result of the chosen layout; with ``east``, the winner's payments."""
        limit = self.options.limit
        explanation = {lang: lines(score, lang, limit=limit) for lang in _LANGS}
        payments: dict[str, int] | None = None
        if seat is not None and east is not None:
            payments = mahjong_payments(score.value, winner=seat, east=east, terms=self.terms)
            for lang in _LANGS:  # FIMJ-PAY-1: the payment per seat, East double
                explanation[lang] += payment_lines(payments, lang, east=east)
        return ScoreResult(
            self.id,
            score.ctx.hand.notation,
            score.winner,
            score.awards,
            value=score.value,
            points=score.points,
            doubles=score.doubles,
            limit=score.limit,
            payments=payments,
            explanation={lang: tuple(text) for lang, text in explanation.items()},
            decomposition=score.ctx.decomposition,
            pattern_keys=KEYS,
        )

    # ------------------------------------------------------------------ settlement

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Settle one finished deal (:func:`.settlement.settle_deal`)."""
        return settle_deal(self, outcome)

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Settle a deal from the ``muraglia settle`` input object (interfaces.md §5)."""
        outcome = replace(
            settle_outcome(data, INPUTS),
            round_wind=data.get("round_wind", "E"),
            extra={"dead": data.get("dead")},
        )
        return self.settle(outcome).to_dict()

    # ------------------------------------------------------------------ reference

    def describe(self) -> list[dict[str, Any]]:
        """Every scoring element as data, for ``muraglia rules fimj`` and the generated docs."""
        return [
            p.named_row(
                category=category_of(p).value,
                value=p.closed,
                unit="fixed" if category_of(p) is Category.LIMIT else p.unit,
                implies=list(p.implies),
            )
            for p in PATTERNS
        ]

    def reference_markdown(self) -> str:
        """The generated rules reference, ``docs/rulesets/fimj.md`` (DESIGN §16)."""
        return reference_markdown()


def _check_hand(hand: Hand, *, winner: bool) -> None:
    status = hand.status()
    if winner and hand.winning is None:
        raise InvalidHandError(f"winning hand {hand.notation!r} has no winning tile (+X)")
    if not winner and hand.winning is not None:
        raise InvalidHandError(
            f"hand {hand.notation!r} has a winning tile but its player did not win"
        )
    if status & ~HandStatus.WRONG_TILE_COUNT or (winner and status):
        raise InvalidHandError(f"hand {hand.notation!r}: " + "; ".join(hand.problems()))


def _check_flags(flags: frozenset[str], *, self_drawn: bool, winner: bool) -> None:
    unknown = sorted(flags - FLAGS.keys())
    if unknown:
        raise InvalidHandError(f"unknown fimj flag(s) {unknown!r}; known: {sorted(FLAGS)}")
    if flags and not winner:
        raise InvalidHandError(f"flags {sorted(flags)!r} apply only to the winner")
    if self_drawn:
        bad = [f for f in _DISCARD_FLAGS if f in flags]
        if bad:
            raise InvalidHandError(f"flag {bad[0]!r} needs a claimed winning tile, not a self-draw")
    else:
        bad = [f for f in _SELF_DRAW_FLAGS if f in flags]
        if bad:
            raise InvalidHandError(f"flag {bad[0]!r} needs a self-drawn winning tile")


def _check_flag_hand(hand: Hand, flags: frozenset[str]) -> None:
    """Flags that exclude each other or the hand's own melds.

    The replacement tile is not the last live tile (C07 vs C11, FIMJ-CUM-5); the exit of the
    Gods (FIMJ-MAX-M03) comes before any claim, kong (FIMJ-GAP-31) or richi. (A kong robbed
    while one live tile remains is scored as robbed only, FIMJ-GAP-8: both flags may be given.)
    """
    if "replacement" in flags and "last_tile" in flags:
        raise InvalidHandError(
            "flags 'replacement' and 'last_tile' exclude each other (FIMJ-CUM-5: C07 vs C11, "
            "a tile from the dead wall is not the last tile of the live wall)"
        )
    if "first_turn" not in flags:
        return
    if hand.melds:
        shown = " ".join(m.notation for m in hand.melds)
        raise InvalidHandError(
            f"first_turn (exit of the Gods, FIMJ-MAX-M03) on {hand.notation!r}, which shows "
            f"{shown}: the win is on the dealt tiles or East's first discard, before any claim "
            "or kong (declaring a kong spoils it, FIMJ-GAP-31)"
        )
    if "riichi" in flags:
        raise InvalidHandError(
            "first_turn (exit of the Gods, FIMJ-MAX-M03) with riichi: no richi can be declared "
            "before the dealt hand or East's first discard wins (FIMJ-RICHI-1)"
        )


def reference_markdown() -> str:
    """The generated rules reference, ``docs/rulesets/fimj.md`` (DESIGN §16)."""
    lines_ = [
        "# FIMJ (`fimj`) — scoring reference",
        "",
        "<!-- generated from src/muraglia/rulesets/fimj; do not edit by hand -->",
        "",
        f"{FimjRules.title['it']}. Source: seed 000; rule ids refer to `spec/fimj.md`.",
        "",
        "Winner: *V* = (*P* + 20) × 2^*D* with *D* = fundamental + closing doubles, capped at the",
        "limit *L* (default 1000) before East's doubling; a massimo pays its fixed value instead.",
        "Other players: *S* = *Q* × 2^*F* (fundamental doubles only, and only with *Q* ≥ 2),",
        "capped at *L*. The winner collects *V* from every other player; the others pay each",
        "other the differences of their *S*; East pays and collects double (after the",
        "difference); every payment is rounded to tens after doubling, an exact 5 down. Several",
        "winners on one discard first settle the differences of their values. The hand is",
        "scored on its best layout.",
        "",
        "| id | English | Italiano | kind | value | rule | implies |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in PATTERNS:
        category = category_of(p)
        value = p.closed or 0
        shown = f"{value}/{2 * value}" if category is Category.LIMIT else str(value)
        implies = ", ".join(f"`{i}`" for i in p.implies)
        lines_.append(
            f"| `{p.id}` | {p.names['en']} | {p.names['it']} | {category.value} | {shown} "
            f"| {p.ref} | {implies} |"
        )
    lines_ += ["", "Options (`fimj(key=value,...)`):", ""]
    for f in fields(FimjOptions):
        lines_.append(f"- `{f.name}` (default `{f.default!r}`)")
    lines_ += ["", *INPUTS.markdown()]
    lines_ += [
        "",
        *decisions_markdown(
            decisions.SPEC_DECISIONS, decisions.PROGRAM_DECISIONS, decisions.NOT_APPLIED
        ),
    ]
    return "\n".join(lines_) + "\n"
