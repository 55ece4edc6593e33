"""The FIMJ ruleset object: options, scoring entry point and settlement of a whole deal.

Settlement (``muraglia settle``, interfaces.md §5) takes every seat's hand, scores the winners'
*V'* and the others' *S* (FIMJ-SCORE), applies the penalised statuses (FIMJ-PEN) and pays with
the shared classical arithmetic (:mod:`muraglia.scoring.classical`: FIMJ-PAY, FIMJ-ROUND).

Seats are the wind letters ``E S W N`` of the seats' own winds in this deal; ``dealer`` (default
``E``) names the seat holding the East role, and a seat's own wind is counted from it in order of
play, so ``{"dealer": "S"}`` makes seat ``S`` East, seat ``W`` South and so on.

>>> r = FimjRules()
>>> out = r.settle_dict({"winners": ["S"], "discarder": "W", "hands": {
...     "E": "999s 999p 5m 67m 678s 1z", "S": "678p33p [555s] 777z [234m] 2f +6p",
...     "W": "123456789m 1234z", "N": "888m 222s 345p 6s 19p 3z"}})
>>> out["values"], out["net"]
({'E': 16, 'S': 136, 'W': 0, 'N': 8}, {'E': -220, 'S': 550, 'W': -180, 'N': -150})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar

from muraglia.analysis.shapes import (
    SEVEN_PAIRS_FOUR_AS_TWO,
    SIAMESE_SNAKES,
    SMALL_SNAKE,
    SNAKE_OF_DRAGONS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
)
from muraglia.errors import InvalidHandError, MahjongError, RulesetError
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets.base import InputScorer
from muraglia.rulesets.fimj import decisions
from muraglia.rulesets.fimj.patterns import KEYS, PATTERNS, Category
from muraglia.rulesets.fimj.scoring import FLAGS, FimjScore, score_hand
from muraglia.scoring.accepts import InputRules, decisions_markdown
from muraglia.scoring.classical import (
    DEFAULT_SEATS,
    ClassicalSettlement,
    SettlementTerms,
    Transfer,
    explain_transfers,
    mahjong_payment,
    settle,
)
from muraglia.scoring.deal import (
    SEAT_NAMES,
    WIND_LETTERS,
    check_roles,
    payment_lines,
    read_deal,
    read_deal_hands,
    string_list,
    wind_tile,
)
from muraglia.scoring.result import ScoreResult, Settlement
from muraglia.tiles import NUM_KINDS, WINDS, Tile

if TYPE_CHECKING:
    from muraglia.rulesets.fimj.flow import FimjFlow

__all__ = ["INPUTS", "STATUSES", "FimjOptions", "FimjRules", "reference_markdown"]

STATUSES: dict[str, dict[str, str]] = {
    "small_lord": {
        "en": "small lord (FIMJ-PEN-1): too few tiles; cannot win, hand points count",
        "it": "piccolo signore (FIMJ-PEN-1): troppo poche pedine; non chiude, la stecca conta",
    },
    "great_lord": {
        "en": "great lord (FIMJ-PEN-2): too many tiles; cannot win, hand points 0",
        "it": "grande signore (FIMJ-PEN-2): troppe pedine; non chiude, stecca a zero",
    },
    "false_mahjong": {
        "en": "false Mah-Jong (FIMJ-PEN-3): excluded from the hand, hand points 0",
        "it": "mah-jong falso (FIMJ-PEN-3): escluso dalla mano, stecca a zero",
    },
    "false_riichi": {
        "en": "false riichi (FIMJ-PEN-4): excluded from the hand, hand points 0",
        "it": "richi falso (FIMJ-PEN-4): escluso dalla mano, stecca a zero",
    },
    "dropped_rack": {
        "en": "dropped rack (FIMJ-PEN-5): threw in his tiles, hand points 0",
        "it": "calo della stecca (FIMJ-PEN-5): ha gettato le pedine, stecca a zero",
    },
    "destroyed_wall": {
        "en": "destroyed wall (FIMJ-PEN-6): pays each intact rack its hand or ready Mah-Jong",
        "it": "distruzione del muro (FIMJ-PEN-6): paga a ogni stecca integra i suoi punti",
    },
}
"""Penalised statuses a seat may have in a settlement (FIMJ-PEN)."""

INPUTS = InputRules(
    "fimj",
    flags=FLAGS,
    statuses=STATUSES,
    chow_sources=("<", ""),
    chow_rule="FIMJ-PLAY-4",
    score_keys=("hand", "win", "seat_wind", "round_wind", "flags", "dealer", "discarder"),
    settle_keys=(
        "winners",
        "discarder",
        "hands",
        "round_wind",
        "dealer",
        "flags",
        "status",
        "dead",
    ),
    notes=(
        "`discarder` does not change who pays: every other player pays the winner (FIMJ-PAY-1).",
        "No stake is put up for richi (FIMJ-RICHI): `riichi_sticks` is refused.",
        "`riichi` needs a wait on exactly one tile kind (FIMJ-RICHI-1, FIMJ-GAP-20): on a wider "
        "wait it is an error (a false riichi, FIMJ-PEN-4: give the seat the status "
        "`false_riichi`).",
        "`last_of_kind` needs a wait of the rulebook's cases 1-3 (FIMJ-DBL-4).",
        "No dora, ura-dora, red fives or counters: `dora`, `ura`, `honba` are refused.",
    ),
)
"""What ``fimj`` accepts: flags, statuses, chow sources, input keys (issue 14)."""

_ZERO = frozenset({"great_lord", "false_mahjong", "false_riichi", "dropped_rack"})
"""Statuses whose hand points are 0 (FIMJ-SCORE-7)."""
_EXCLUDED = frozenset({"false_mahjong", "false_riichi", "dropped_rack"})
"""Statuses that take the player out of the hand (FIMJ-PEN-3/4/5)."""
_REASONS = {
    "destroyed_wall": {
        "it": "distruzione del muro (FIMJ-PEN-6)",
        "en": "destroyed wall (FIMJ-PEN-6)",
    }
}
"""Bilingual names of FIMJ's own transfer reasons (the shared ones are in ``REASONS``)."""
_WIND_LETTERS = WIND_LETTERS
_NAMES = SEAT_NAMES


@dataclass(frozen=True, slots=True)
class FimjOptions:
    """Optional rules (FIMJ-CONF), given as ``fimj(limit=2000,charleston=true)``."""

    limit: int = 1000
    """The limit *L* for payments not involving East (FIMJ-LIMIT-1)."""
    strict_two_points: bool = False
    """Apply the 2-point condition to the winner's combination points too (FIMJ-GAP-1)."""
    charleston: bool = False
    """Play the Charleston exchange (FIMJ-CHARL); used by the engine."""
    three_players: bool = False
    """Three-player table with a dead seat (FIMJ-3P)."""
    four_as_two_pairs: bool = True
    """Seven pairs may use four identical concealed tiles as two pairs (FIMJ-GAP-11)."""
    dead_seat_pays: bool = False
    """At a 3-player table the dead seat pays Mah-Jong, Ravenna style (FIMJ-GAP-38 knob)."""
    tournament: bool = False
    """Tournament mode (FIMJ-TOURN): East always passes; used by the engine."""

    def __post_init__(self) -> None:
        """Check option values."""
        if self.limit <= 0 or self.limit % 10:
            raise RulesetError(f"fimj limit must be a positive multiple of 10, not {self.limit!r}")


@dataclass(frozen=True)
class FimjSettlement:
    """A settled deal: values per seat, transfers, net results and the explanation."""

    values: dict[str, int]
    """*V'* of winners, *S* of the others (0 for penalised seats)."""
    transfers: tuple[Transfer, ...]
    """Payments (non-zero, rounded)."""
    net: dict[str, int]
    """Net per seat, summing to zero."""
    scores: dict[str, FimjScore] = field(default_factory=dict)
    """The score behind each value (seats with a scored hand)."""
    explanation: dict[str, list[str]] = field(default_factory=dict)
    """Line-by-line explanation, ``it`` and ``en``."""

    def to_settlement(self, *, reasons: bool = True) -> Settlement:
        """The typed :class:`Settlement` of this deal (built directly, never from JSON).

        ``reasons``: its ``to_dict`` prints each transfer's reason (``muraglia settle``); the
        engine's records keep ``{from, to, amount}`` as they always have.
        """
        return Settlement(
            self.transfers,
            dict(self.net),
            dict(self.values),
            {lang: tuple(lines) for lang, lines in self.explanation.items()},
            {"rules": "fimj"},
            reasons=reasons,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form of interfaces.md §5 (``ok``, ``values``, ``transfers``, ``net``)."""
        return self.to_settlement().to_dict()


class FimjRules(InputScorer):
    """The FIMJ classical ruleset (seed 000; spec ``fimj.md``)."""

    id: ClassVar[str] = "fimj"
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
    statuses: ClassVar[Mapping[str, Mapping[str, str]]] = STATUSES
    inputs: ClassVar[InputRules] = INPUTS

    def __init__(self, options: FimjOptions | None = None, **kwargs: Any) -> None:
        if options is None:
            known = {f.name for f in fields(FimjOptions)}
            unknown = sorted(set(kwargs) - known)
            if unknown:
                raise RulesetError(f"unknown fimj option(s) {unknown}; valid: {sorted(known)}")
            options = FimjOptions(**kwargs)
        self.options = options

    @property
    def terms(self) -> SettlementTerms:
        """The classical settlement terms FIMJ uses (FIMJ-PAY, FIMJ-ROUND)."""
        return SettlementTerms(dead_seat_pays_mahjong=self.options.dead_seat_pays)

    # ------------------------------------------------------------------ scoring

    def score_hand(
        self,
        hand: Hand,
        *,
        winner: bool,
        self_drawn: bool = False,
        seat_wind: Tile,
        round_wind: Tile,
        flags: Iterable[str] = (),
        after_dead: bool | None = None,
    ) -> FimjScore:
        """Score one hand with this ruleset's options (see :func:`.scoring.score_hand`).

        ``after_dead``: at a table of three, whether the dead seat sits just before this
        player, so that the previous player, the only one a chow comes from, sits across
        (``^``); None when unknown (any live previous player: ``<`` or ``^``).

        Raises:
            InvalidHandError: also for an exposed chow claimed from anyone but the previous
                player ("La pedina utile a formare una scala si può chiamare solo con lo
                scarto del giocatore immediatamente precedente", FIMJ-PLAY-4).
        """
        sources = None
        if self.options.three_players and after_dead is not False:  # FIMJ-3P-3
            sources = ("<", "^", "") if after_dead is None else ("^", "")
        INPUTS.check_hand(hand, sources)
        return score_hand(
            hand,
            winner=winner,
            self_drawn=self_drawn,
            seat_wind=seat_wind,
            round_wind=round_wind,
            flags=flags,
            limit=self.options.limit,
            strict_two_points=self.options.strict_two_points,
            four_as_two_pairs=self.options.four_as_two_pairs,
        )

    def score_result(self, data: Mapping[str, Any]) -> ScoreResult:
        """Score one hand from the ``muraglia score`` input (interfaces.md §5).

        ``win`` is ``ron``, ``tsumo`` or ``none`` (a non-winner's hand points). For a win the
        payments charge every other seat, East doubling (FIMJ-PAY-1); ``dealer`` names the seat
        wind holding the East role (default ``E``).
        """
        INPUTS.check_score(data)
        hand = parse_hand(data["hand"], red_fives=False)
        win = data.get("win", "tsumo" if hand.winning is not None else "none")
        if win not in ("ron", "tsumo", "none"):
            raise InvalidHandError(f"win must be ron, tsumo or none, not {win!r}")
        seat = _wind_letter(data.get("seat_wind", "E"), "seat_wind")
        round_w = _wind_letter(data.get("round_wind", "E"), "round_wind")
        score = self.score_hand(
            hand,
            winner=win != "none",
            self_drawn=win == "tsumo",
            seat_wind=_WIND_LETTERS[seat],
            round_wind=_WIND_LETTERS[round_w],
            flags=string_list(data.get("flags", []), "flags"),
        )
        explanation = {lang: score.lines(lang, limit=self.options.limit) for lang in ("it", "en")}
        payments: dict[str, int] | None = None
        if win != "none":
            east = _wind_letter(data.get("dealer", "E"), "dealer")
            pays = {
                s: -mahjong_payment(score.value, payer=s, payee=seat, east=east, terms=self.terms)
                for s in DEFAULT_SEATS
                if s != seat
            }
            pays[seat] = -sum(pays.values())
            payments = {s: pays[s] for s in DEFAULT_SEATS}
            for lang in ("it", "en"):  # FIMJ-PAY-1: the payment per seat, East double
                explanation[lang] += payment_lines(payments, lang, east=east)
        return ScoreResult(
            self.id,
            hand.notation,
            win != "none",
            score.awards,
            value=score.value,
            points=score.points,
            doubles=score.doubles,
            limit=score.limit,
            payments=payments,
            explanation={lang: tuple(lines) for lang, lines in explanation.items()},
            pattern_keys=KEYS,
        )

    # ------------------------------------------------------------------ settlement

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Settle a deal from the ``muraglia settle`` input object (interfaces.md §5)."""
        deal = read_deal(data)  # the fields' types (interfaces.md §5)
        INPUTS.check_settle(data)
        return self.settle_deal(
            hands=deal.hands,
            winners=deal.winners,
            discarder=deal.discarder,
            round_wind=data.get("round_wind", "E"),
            dealer=data.get("dealer", "E"),
            flags=deal.flags,
            status=deal.status,
            dead=data.get("dead"),
        ).to_dict()

    def settle_deal(
        self,
        *,
        hands: Mapping[str, str | Hand],
        winners: Sequence[str],
        discarder: str | None = None,
        round_wind: str = "E",
        dealer: str = "E",
        flags: Mapping[str, Iterable[str]] | None = None,
        status: Mapping[str, str] | None = None,
        dead: str | None = None,
    ) -> FimjSettlement:
        """Settle one finished deal (FIMJ-PAY, FIMJ-PEN, FIMJ-3P, FIMJ-END-2).

        Args:
            hands: every live seat's hand; winners' hands carry their winning tile ``+X``.
            winners: seats that made Mah-Jong (none: void deal, unless FIMJ-PEN-3/6 apply).
            discarder: the seat whose discard was claimed for Mah-Jong; None for a self-draw.
            round_wind: the round wind letter.
            dealer: the seat holding the East role.
            flags: winners' situation flags (see :data:`.scoring.FLAGS`).
            status: penalised seats (see :data:`STATUSES`).
            dead: the dead seat at a three-player table (default: the seat with no hand).

        Returns:
            The settlement.

        Raises:
            InvalidHandError: for inconsistent input (two winners and no discarder, a penalised
                or discarding seat listed as winner, a wrong tile count, impossible tiles).
            RulesetError: for unknown seats or statuses.
        """
        flags = flags or {}
        status = dict(status or {})
        seats = DEFAULT_SEATS
        for name, seat in (("dealer", dealer), ("round_wind", round_wind)):
            _wind_letter(seat, name)
        dead = self._dead_seat(hands, dead)
        live = [s for s in seats if s != dead]
        self._check_roles(live, winners, discarder, status, flags)
        parsed = self._parse_hands(hands, live, winners, status)
        east = None if dead == dealer else dealer  # FIMJ-GAP-38
        offset = seats.index(dealer)
        own = {s: WINDS[(seats.index(s) - offset) % 4] for s in seats}
        rnd = _WIND_LETTERS[round_wind]
        scores: dict[str, FimjScore] = {}
        values = dict.fromkeys(seats, 0)
        for seat in live:
            is_winner = seat in winners
            score = self.score_hand(
                parsed[seat],
                winner=is_winner,
                self_drawn=discarder is None,
                seat_wind=own[seat],
                round_wind=rnd,
                flags=flags.get(seat, ()),
                after_dead=None if dead is None else seats[seats.index(seat) - 1] == dead,
            )
            scores[seat] = score
            values[seat] = 0 if status.get(seat) in _ZERO else score.value  # FIMJ-SCORE-7
        settle_winners = list(winners)
        excluded = [s for s in live if status.get(s) in _EXCLUDED]
        remaining = [s for s in live if s not in excluded]
        if not winners and excluded and len(remaining) == 1:  # FIMJ-PEN-3 last sentence
            settle_winners = remaining
            values = dict.fromkeys(seats, 0)
            values[remaining[0]] = self.options.limit  # FIMJ-GAP-36
        destroyer = next((s for s in live if status.get(s) == "destroyed_wall"), None)
        if destroyer is not None:
            result = self._destroyed_wall(destroyer, live, parsed, values, status, east, own, rnd)
        else:
            result = settle(values, winners=settle_winners, east=east, terms=self.terms, dead=dead)
        return FimjSettlement(
            values,
            result.transfers,
            result.net,
            scores,
            self._explain(scores, values, result, east, settle_winners, status, dead),
        )

    # ------------------------------------------------------------------ helpers

    def _dead_seat(self, hands: Mapping[str, str | Hand], dead: str | None) -> str | None:
        for seat in hands:
            if seat not in DEFAULT_SEATS:
                raise RulesetError(f"unknown seat {seat!r}; seats are E S W N")
        missing = [s for s in DEFAULT_SEATS if s not in hands]
        if not self.options.three_players:
            if dead is not None or missing:
                raise InvalidHandError(
                    f"missing hand for seat(s) {missing or [dead]}; "
                    "use fimj(three_players=true) for a table of three"
                )
            return None
        if dead is None:
            if len(missing) != 1:
                raise InvalidHandError(
                    f"a three-player table needs exactly one seat without a hand, got {missing}"
                )
            return missing[0]
        _wind_letter(dead, "dead")
        if dead in hands or len(missing) != 1:
            raise InvalidHandError(f"the dead seat {dead!r} must be the only seat without a hand")
        return dead

    @staticmethod
    def _check_roles(
        live: list[str],
        winners: Sequence[str],
        discarder: str | None,
        status: Mapping[str, str],
        flags: Mapping[str, Iterable[str]],
    ) -> None:
        check_roles(live, winners, discarder, status, flags, STATUSES, "fimj")
        if winners and sum(status.get(s) == "destroyed_wall" for s in live):
            raise InvalidHandError("a deal with a destroyed wall (FIMJ-PEN-6) has no winner")
        if sum(st == "destroyed_wall" for st in status.values()) > 1:
            raise InvalidHandError("only one seat can be the one who destroyed the wall")

    def _parse_hands(
        self,
        hands: Mapping[str, str | Hand],
        live: list[str],
        winners: Sequence[str],
        status: Mapping[str, str],
    ) -> dict[str, Hand]:
        # FIMJ-PEN-1/2, FIMJ-GAP-42
        return read_deal_hands(
            hands,
            live,
            winners=winners,
            statuses=status,
            short=("small_lord",),
            long=("great_lord",),
            free=_EXCLUDED,
        )

    def _destroyed_wall(  # noqa: PLR0917 - private, one call site
        self,
        destroyer: str,
        live: list[str],
        parsed: Mapping[str, Hand],
        values: dict[str, int],
        status: Mapping[str, str],
        east: str | None,
        own: Mapping[str, Tile],
        rnd: Tile,
    ) -> ClassicalSettlement:
        """FIMJ-PEN-6 (a), FIMJ-GAP-37: the destroyer pays each intact rack."""
        net = dict.fromkeys(DEFAULT_SEATS, 0)
        out: list[Transfer] = []
        for seat in live:
            if seat == destroyer or status.get(seat) in _ZERO:
                continue
            best = self._ready_value(parsed[seat], own[seat], rnd)
            if best is not None:
                values[seat] = best
            amount = mahjong_payment(
                values[seat], payer=destroyer, payee=seat, east=east, terms=self.terms
            )
            if amount:
                out.append(Transfer(destroyer, seat, amount, "destroyed_wall"))
                net[destroyer] -= amount
                net[seat] += amount
        return ClassicalSettlement(tuple(out), net)

    def _ready_value(self, hand: Hand, own: Tile, rnd: Tile) -> int | None:
        """Best self-drawn Mah-Jong value of a ready 13-tile hand, or None (FIMJ-GAP-37)."""
        if hand.tile_count != 13:
            return None
        best: int | None = None
        for kind in range(NUM_KINDS):
            if hand.counts[kind] >= 4:
                continue
            try:
                score = self.score_hand(
                    hand.with_winning(Tile(kind)),
                    winner=True,
                    self_drawn=True,
                    seat_wind=own,
                    round_wind=rnd,
                )
            except MahjongError:
                continue
            best = score.value if best is None else max(best, score.value)
        return best

    def _explain(  # noqa: PLR0917 - private, one call site
        self,
        scores: Mapping[str, FimjScore],
        values: Mapping[str, int],
        result: ClassicalSettlement,
        east: str | None,
        winners: Sequence[str],
        status: Mapping[str, str],
        dead: str | None,
    ) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for lang in ("it", "en"):
            names = _NAMES[lang]
            lines: list[str] = []
            for seat, score in scores.items():
                it = lang == "it"
                if seat in winners:
                    role = "Mah-Jong"
                elif seat in status:
                    role = STATUSES[status[seat]][lang]
                else:
                    role = "stecca" if it else "hand points"
                head = names[seat]
                if seat == east:  # FIMJ-PAY-1: East pays and collects double
                    head += (
                        " (Est: paga e riscuote doppio)"
                        if it
                        else " (East: pays and collects double)"
                    )
                lines.append(f"{head} — {role}: {values[seat]}")
                lines.extend("  " + x for x in score.lines(lang, limit=self.options.limit))
                if values[seat] != score.value:
                    if seat in status:
                        why = "penalità: stecca a zero" if it else "penalty: hand points 0"
                    else:  # FIMJ-PEN-3 last sentence, FIMJ-GAP-36
                        why = (
                            f"unico rimasto: riceve il limite {values[seat]}"
                            if it
                            else f"the only player left: paid the limit {values[seat]}"
                        )
                    lines.append(f"  {why}")
            lines += explain_transfers(
                result.transfers,
                values,
                lang,
                east=east,
                terms=self.terms,
                reasons=_REASONS,
            )
            total = "Saldo" if lang == "it" else "Net"
            lines.append(
                f"{total}: " + ", ".join(f"{names[s]} {v:+d}" for s, v in result.net.items())
            )
            out[lang] = lines
        return out

    # ------------------------------------------------------------------ reference

    def flow(self) -> FimjFlow:
        """The engine hooks of this ruleset (``flow.py``), bound to these options."""
        from muraglia.rulesets.fimj.flow import FimjFlow  # noqa: PLC0415 - flow imports rules

        return FimjFlow(self)

    def describe(self) -> list[dict[str, Any]]:
        """Every scoring element as data, for ``muraglia rules fimj`` and the generated docs."""
        return [
            {
                "id": p.id,
                "ref": p.ref,
                "it": p.names["it"],
                "en": p.names["en"],
                "category": p.category.value,
                "value": p.value,
                "unit": {
                    Category.POINTS: "points",
                    Category.FUNDAMENTAL: "doubles",
                    Category.CLOSING: "doubles",
                    Category.LIMIT: "fixed",
                }[p.category],
                "implies": list(p.implies),
            }
            for p in PATTERNS
        ]


def _wind_letter(value: object, name: str) -> str:
    wind_tile(value, name)
    return str(value)


def reference_markdown() -> str:
    """The generated rules reference, ``docs/rulesets/fimj.md`` (DESIGN §16)."""
    lines = [
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
        value = f"{p.value}/{2 * p.value}" if p.category is Category.LIMIT else str(p.value)
        implies = ", ".join(f"`{i}`" for i in p.implies)
        lines.append(
            f"| `{p.id}` | {p.names['en']} | {p.names['it']} | {p.category.value} | {value} "
            f"| {p.ref} | {implies} |"
        )
    lines += ["", "Options (`fimj(key=value,...)`):", ""]
    for f in fields(FimjOptions):
        lines.append(f"- `{f.name}` (default `{f.default!r}`)")
    lines += ["", *INPUTS.markdown()]
    lines += [
        "",
        *decisions_markdown(
            decisions.SPEC_DECISIONS, decisions.PROGRAM_DECISIONS, decisions.NOT_APPLIED
        ),
    ]
    return "\n".join(lines) + "\n"
