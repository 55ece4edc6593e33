"""Ravenna 200/400: scoring every hand, the massimo, penalties and the deal's settlement.

* Winner: *V* = (*P* + 20) × 2^*D*, or 30 when *P* = 0; capped at 200; a massimo is 200
  (RAV-SCORE-1, RAV-MAX).
* Non-winner: *S* = *P* × 2^*D* with every double except the hand-shape ones (RAV-SCORE-2,
  RAV-DBL-3), capped at 200; his four identical concealed tiles count as a concealed kong
  (RAV-KONG-6).
* Penalised players (RAV-PEN) are per-seat statuses of :func:`settle_deal`.
* The payments are :mod:`muraglia.rulesets.ravenna.settlement`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar

from muraglia.analysis.groups import Group, GroupKind
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
from muraglia.rulesets.base import InputScorer
from muraglia.rulesets.ravenna import decisions
from muraglia.rulesets.ravenna.context import Reading
from muraglia.rulesets.ravenna.patterns import MASSIMO, PATTERNS
from muraglia.rulesets.ravenna.settlement import RAVENNA_TERMS, SEATS, settle_values
from muraglia.scoring.accepts import InputRules, decisions_markdown
from muraglia.scoring.classical import (
    Transfer,
    award_line,
    classical_result,
    explain_transfers,
    hand_value,
    mahjong_payment,
)
from muraglia.scoring.deal import (
    SEAT_NAMES,
    check_roles,
    payment_lines,
    read_deal,
    read_deal_hands,
    wind_tile,
)
from muraglia.scoring.layouts import claimed_readings, complete_layouts
from muraglia.scoring.locate import sources
from muraglia.scoring.result import Award, ScoreResult, Settlement
from muraglia.tiles import DRAGONS, Tile

if TYPE_CHECKING:
    from muraglia.rulesets.ravenna.flow import RavennaFlow

__all__ = [
    "INPUTS",
    "RavennaOptions",
    "RavennaRules",
    "STACKS_PER_WALL",
    "breach",
    "reference_markdown",
    "SHAPES",
    "STATUSES",
    "Award",
    "RavennaScore",
    "RavennaSettlement",
    "score_hand",
    "settle_deal",
]

SHAPES = {"seven_pairs": True, "four_as_two_pairs": True, "all_head_tiles": True}
"""Winning shapes besides four sets and a pair: seven pairs (a held kong counts as two pairs,
RAV-HAND-2) and all head tiles in any arrangement (RAV-HAND-3)."""

STATUSES: Mapping[str, Mapping[str, str]] = {
    "twelve_tiles": {
        "en": "12 tiles: cannot win, counts his points (RAV-PEN-1)",
        "it": "12 pedine: non può fare Mah-Jong, conta i punti",
    },
    "wrong_claim": {
        "en": "wrong claim noticed after discarding: cannot win, counts his points (RAV-PEN-8)",
        "it": "chiamata errata: non può fare Mah-Jong, conta i punti",
    },
    "fourteen_tiles": {
        "en": "14 tiles: cannot win, scores 0 (RAV-PEN-2)",
        "it": "14 pedine: non può fare Mah-Jong né contare i punti",
    },
    "false_mahjong": {
        "en": "false Mah-Jong call: plays on with 0 points (RAV-PEN-3)",
        "it": "Mah-Jong chiamato senza averlo: termina la mano con 0 punti",
    },
    "laid_down": {
        "en": "laid the hand down without Mah-Jong: 0 points (RAV-PEN-4)",
        "it": "pedine messe in stecca senza Mah-Jong: 0 punti",
    },
    "thrown_rack": {
        "en": "threw the rack in: only exposed sets and bonus tiles count (RAV-PEN-5)",
        "it": "stecca gettata: contano solo i punti rimasti sulla stecca",
    },
    "wrong_draw": {
        "en": "drew from the wrong place: 0 points (RAV-PEN-10)",
        "it": "pescata da un punto sbagliato del muro: 0 punti",
    },
    "unpaid_rack": {
        "en": "cleared the rack before being paid: 0 points (RAV-PEN-12)",
        "it": "pedine tolte dalla stecca prima del pagamento: 0 punti",
    },
    "broken_rack": {
        "en": "broke his rack after a false call: pays the two other players (RAV-PEN-6)",
        "it": "stecca distrutta dopo un falso Mah-Jong: paga gli altri due giocatori",
    },
}
"""The per-seat penalty statuses this ruleset knows, with bilingual explanations."""

INPUTS = InputRules(
    "ravenna",
    flags={},
    statuses=STATUSES,
    chow_sources=(),
    chow_rule="RAV-PLAY-3",
    score_keys=("hand", "win", "seat_wind", "round_wind", "dealer", "discarder"),
    settle_keys=("winners", "discarder", "hands", "round_wind", "dealer", "status", "dead"),
    notes=(
        "No situation flag scores in Ravenna (no robbing the kong, RAV-KONG-5; no last tile "
        "or replacement double): any flag is an error.",
        "`round_wind` is accepted and has no effect: there is no round wind in this ruleset "
        "(RAV-PTS-3).",
        "`dealer` must be `E` (seats are named by wind); `discarder` does not change who pays "
        "(RAV-PAY-1).",
        "No riichi, dora, ura-dora, red fives or counters: `riichi_sticks`, `dora`, `ura`, "
        "`honba` are refused.",
    ),
)
"""What ``ravenna`` accepts: no flags, its statuses, no exposed chow, its input keys."""

_ZERO = frozenset({"fourteen_tiles", "false_mahjong", "laid_down", "wrong_draw", "unpaid_rack"})
_ANY_COUNT = frozenset(STATUSES) - {"twelve_tiles", "fourteen_tiles"}
"""Statuses whose holder may show 13 or 14 tiles (he may hold a drawn tile when stopped)."""


@dataclass(frozen=True)
class RavennaScore:
    """The value of one player's hand at the end of a deal."""

    winner: bool
    """Whether the hand made Mah-Jong."""
    awards: tuple[Award, ...]
    """Point items, doubles and massimi, in table order."""
    points: int
    """Every point item, the Mah-Jong base (20, or 30 with no hand points) included, before
    doubles: the amount that is doubled (the one meaning of ``points`` of the classical
    rulesets, docs/scoring.md). 0 for a massimo."""
    doubles: int
    """*D*."""
    limit: str | None
    """``"massimo"`` for a massimo or a capped hand, else None."""
    value: int
    """*V'* (winner) or *S* (other player)."""
    base: int = 0
    """The amount doubled: *P* + 20 (or 30) for a winner, *P* for another player."""
    payments: dict[str, int] = field(default_factory=dict)
    """For a winner: the Mah-Jong payments alone (no differences), by seat wind."""

    @property
    def ids(self) -> frozenset[str]:
        """The ids of the awarded elements."""
        return frozenset(a.id for a in self.awards)

    def explain(self, lang: str = "en") -> list[str]:
        """Lines explaining the value in ``it`` or ``en``."""
        if lang not in ("it", "en"):
            raise ValueError(f"unknown language {lang!r} (it, en)")
        lines = [award_line(a, lang) for a in self.awards]
        word = "punti" if lang == "it" else "points"
        if any(a.unit == "massimo" for a in self.awards):
            lines.append(f"massimo → {self.value}")
        else:
            capped = " (massimo 200)" if self.limit else ""
            lines.append(f"{self.base} {word} × 2^{self.doubles} → {self.value}{capped}")
        return lines + payment_lines(self.payments, lang)

    def to_result(self, hand: str) -> ScoreResult:
        """The typed ``muraglia score`` result of this score for ``hand`` (its notation)."""
        return classical_result("ravenna", hand, self, valid=self.winner)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form following ``muraglia score``'s output contract (without the hand)."""
        out: dict[str, object] = self.to_result("").to_dict()
        del out["ok"], out["hand"]
        return out


def _evaluate(r: Reading, *, at_least_30: bool = False) -> RavennaScore:
    found = []
    for pat in PATTERNS:
        if pat.winner_only and not r.winner:
            continue
        n = int(pat.predicate(r))
        if n:
            found.append((pat, n))
    excluded = {x for p, _ in found for x in p.excludes}
    awards = [
        Award(p.id, p.names, n * p.value, p.unit, n, p.ref, p.massimo)
        for p, n in found
        if p.id not in excluded
    ]
    massimo = any(a.unit == "massimo" for a in awards)
    if massimo:  # RAV-MAX-3: massimi take no doubles and do not stack with anything
        awards = [a for a in awards if a.unit == "massimo"][:1]
    points = sum(a.value for a in awards if a.unit == "points" and not a.id.startswith("mahjong"))
    doubles = sum(a.value for a in awards if a.unit == "doubles")
    base = 0
    if massimo:
        value, raw = MASSIMO, MASSIMO
    else:
        base = (points + 20 if points else 30) if r.winner else points
        if r.winner and at_least_30:  # RAV-GAP-14 option
            base = max(base, 30)
        raw = base << doubles
        value = hand_value(base, doubles, limit=MASSIMO)  # RAV-MAX-2
    return RavennaScore(
        winner=r.winner,
        awards=tuple(awards),
        points=base,
        doubles=doubles,
        limit="massimo" if massimo or raw > MASSIMO else None,
        value=value,
        base=base,
    )


def _held_groups(hand: Hand, seat: Tile) -> list[Group]:
    """A non-winner's scoring groups among his concealed tiles (RAV-KONG-6, RAV-SCORE-2)."""
    out = []
    for kind, n in enumerate(hand.concealed_counts):
        tile = Tile(kind)
        if n == 4:
            out.append(Group(GroupKind.KONG, tile))
        elif n == 3:
            out.append(Group(GroupKind.PUNG, tile))
        elif n == 2 and (tile in DRAGONS or tile == seat):
            out.append(Group(GroupKind.PAIR, tile))
    return out


def _seat(letter: str) -> Tile:
    return wind_tile(letter, "seat wind")


def score_hand(
    hand: Hand,
    *,
    win: str,
    seat_wind: str = "E",
    status: str | None = None,
    at_least_30: bool = False,
) -> RavennaScore:
    """Score one player's hand at the end of a deal.

    Args:
        hand: the hand; a winner's hand has its winning tile.
        win: ``"ron"`` or ``"tsumo"`` for the winner, ``"none"`` for another player.
        seat_wind: the player's seat wind letter (E is the East role).
        status: a penalty status from :data:`STATUSES`, or None.
        at_least_30: club option (RAV-GAP-14): a winner's base is never below 30.

    Returns:
        The score; for a winner, with the Mah-Jong payments.

    Raises:
        InvalidHandError: if a winner's hand forms no winning shape or lacks its winning tile.
        RulesetError: for an unknown win type, seat or status, or a penalised winner.
    """
    seat = _seat(seat_wind)
    INPUTS.check_hand(hand)  # RAV-PLAY-3: a chow only inside the Mah-Jong
    if status is not None and status not in STATUSES:
        raise RulesetError(f"unknown ravenna status {status!r}; known: {', '.join(STATUSES)}")
    if win == "none":
        return _score_other(hand, seat, status)
    if win not in ("ron", "tsumo"):
        raise RulesetError(f"unknown win {win!r} (ron, tsumo, none)")
    if status is not None:
        raise RulesetError(f"a player with status {status!r} cannot make Mah-Jong (RAV-PEN)")
    if hand.winning is None:
        raise InvalidHandError(f"{hand.notation!r} has no winning tile (+X)")
    decomps = complete_layouts(
        hand,
        seven_pairs=SHAPES["seven_pairs"],
        four_as_two_pairs=SHAPES["four_as_two_pairs"],
        all_head_tiles=SHAPES["all_head_tiles"],
    )
    if not decomps:
        raise InvalidHandError(f"{hand.notation!r} forms no ravenna winning shape (RAV-HAND)")
    best: RavennaScore | None = None
    best_reading: Reading | None = None
    for decomp in decomps:
        for reading in claimed_readings(decomp, hand.winning.kind, self_drawn=win == "tsumo"):
            r = Reading(reading.shape, reading.groups, True, seat, hand.counts, hand.bonus)
            result = _evaluate(r, at_least_30=at_least_30)
            if best is None or (result.value, result.points) > (best.value, best.points):
                best, best_reading = result, r
    assert best is not None
    assert best_reading is not None
    best = _located(best, best_reading, hand)
    values = dict.fromkeys(SEATS, 0) | {seat_wind: best.value}
    pays = settle_values(values, winners=(seat_wind,)).net
    return replace(best, payments=pays)


def _score_other(hand: Hand, seat: Tile, status: str | None) -> RavennaScore:
    if status in _ZERO:
        return RavennaScore(False, (), 0, 0, None, 0)
    groups = [meld_group(m) for m in hand.melds]
    counts = hand.counts
    if status != "thrown_rack":  # RAV-PEN-5: the thrown concealed tiles are dead
        groups += _held_groups(hand, seat)
    else:
        melded = [0] * len(counts)
        for g in groups:
            for t in g.tiles:
                melded[t] += 1
        counts = tuple(melded)
    r = Reading("partial", tuple(groups), False, seat, counts, hand.bonus)
    return _located(_evaluate(r), r, hand)


def _located(score: RavennaScore, r: Reading, hand: Hand) -> RavennaScore:
    """``score`` with the tiles of each award, found on the reading chosen ``r``."""
    by_id = {p.id: p for p in PATTERNS}  # the table as it is now (patterns may be added)
    awards = tuple(replace(a, tiles=sources(hand, by_id[a.id].locate(r))) for a in score.awards)
    return replace(score, awards=awards)


@dataclass(frozen=True)
class RavennaSettlement:
    """The settlement of one deal (``muraglia settle``)."""

    scores: dict[str, RavennaScore]
    """Each seat's scored hand."""
    values: dict[str, int]
    """Each seat's value used in the settlement."""
    transfers: tuple[Transfer, ...]
    """Non-zero payments."""
    net: dict[str, int]
    """Net result per seat; sums to zero."""
    void: bool = False
    """True when the deal is void (no winner, or two winners on one discard)."""
    statuses: dict[str, str] = field(default_factory=dict)
    """Penalty status per seat (RAV-PEN)."""
    dead: str | None = None
    """The dead seat at a three-player table (RAV-3P)."""

    def explain(self, lang: str = "en") -> list[str]:
        """Each seat's hand, then one line per payment with its arithmetic, in ``it`` or ``en``."""
        if lang not in ("it", "en"):
            raise ValueError(f"unknown language {lang!r} (it, en)")
        if self.void:
            return [
                "Mano a monte: nessun pagamento." if lang == "it" else "Void deal: no payments."
            ]
        it = lang == "it"
        names = SEAT_NAMES[lang]
        lines: list[str] = []
        for seat, score in self.scores.items():
            if score.winner:
                role = "Mah-Jong"
            elif seat in self.statuses:
                role = STATUSES[self.statuses[seat]][lang]
            else:
                role = "stecca" if it else "hand points"
            head = names[seat]
            if seat == "E":  # RAV-SEAT-5, RAV-PAY-3
                head += (
                    " (Est: paga e riscuote doppio)" if it else " (East: pays and collects double)"
                )
            lines.append(f"{head} — {role}: {self.values[seat]}")
            lines += ["  " + x for x in score.explain(lang)]
        if self.dead is not None:  # RAV-3P-3
            lines.append(
                f"{names[self.dead]} è il morto: paga i Mah-Jong (doppio all'Est), non le stecche"
                if it
                else f"{names[self.dead]} is the dead seat: pays the Mah-Jong (double to East), "
                "no differences"
            )
        lines += explain_transfers(
            self.transfers,
            self.values,
            lang,
            east="E",
            terms=RAVENNA_TERMS,
            reasons={"broken_rack": {"it": "stecca distrutta", "en": "broken rack"}},
        )
        total = "Saldo" if it else "Net"
        lines.append(f"{total}: " + ", ".join(f"{names[s]} {v:+d}" for s, v in self.net.items()))
        return lines

    def to_settlement(self, *, reasons: bool = True) -> Settlement:
        """The typed :class:`Settlement` of this deal (built directly, never from JSON).

        ``reasons``: its ``to_dict`` prints each transfer's reason (``muraglia settle``); the
        engine's records keep ``{from, to, amount}`` as they always have.
        """
        return Settlement(
            self.transfers,
            dict(self.net),
            dict(self.values),
            {"it": tuple(self.explain("it")), "en": tuple(self.explain("en"))},
            {"rules": "ravenna", "void": self.void},
            reasons=reasons,
        )

    def to_dict(self) -> dict[str, object]:
        """JSON form of ``muraglia settle`` (interfaces.md §5)."""
        return self.to_settlement().to_dict()


def settle_deal(
    hands: Mapping[str, str | Hand],
    *,
    winners: Sequence[str],
    discarder: str | None = None,
    statuses: Mapping[str, str] | None = None,
    dead: str | None = None,
    at_least_30: bool = False,
) -> RavennaSettlement:
    """Score every hand of a finished deal and settle it.

    Args:
        hands: each live seat's hand (notation or parsed) by seat wind; the dead seat has none.
        winners: the seats that made Mah-Jong.
        discarder: the seat whose discard was claimed to win, or None for a self-draw.
        statuses: penalty status per seat (:data:`STATUSES`).
        dead: the dead seat at a three-player table.
        at_least_30: club option (RAV-GAP-14), see :func:`score_hand`.

    Returns:
        The scores, values, transfers and net results.

    Raises:
        RulesetError: for unknown seats or statuses, or a broken rack without exactly one false
            Mah-Jong call.
        InvalidHandError: for an inconsistent deal (:func:`muraglia.scoring.deal.check_roles`:
            two winners and no discarder, the discarder or a penalised player listed as winner,
            a non-winner holding a winning tile, a wrong tile count for the seat's status).
    """
    statuses = dict(statuses or {})
    if dead is not None:
        _seat(dead)
        if dead in hands:  # RAV-3P-4: the dead seat receives no tiles
            raise InvalidHandError(f"the dead seat {dead!r} holds no hand, but one was given")
    for seat in hands:
        _seat(seat)
    live = [s for s in SEATS if s != dead]
    check_roles(live, winners, discarder, statuses, {}, STATUSES, "ravenna")
    hands = read_deal_hands(  # RAV-PEN-1/2, RAV-GAP-31
        hands,
        live,
        winners=winners,
        statuses=statuses,
        short=("twelve_tiles",),
        long=("fourteen_tiles",),
        free=_ANY_COUNT,
    )
    breakers = [s for s, st in statuses.items() if st == "broken_rack"]
    if breakers:  # RAV-PEN-6 ends the deal with no other payment
        return _broken_rack(hands, breakers, statuses, dead)
    if len(winners) != 1:  # RAV-END-1, RAV-END-2: void deal, nothing scored
        net = dict.fromkeys(SEATS, 0)
        return RavennaSettlement({}, dict.fromkeys(SEATS, 0), (), net, void=True)
    winner = winners[0]
    win = "ron" if discarder else "tsumo"
    # the payments are the settlement's transfers (RAV-3P-4: at a table of three the dead
    # seat's share differs from a fourth player's), so the scores carry none of their own
    scores = {
        seat: replace(
            score_hand(
                hands[seat],
                win=win if seat == winner else "none",
                seat_wind=seat,
                status=statuses.get(seat),
                at_least_30=at_least_30,
            ),
            payments={},
        )
        for seat in live
    }
    values = {s: scores[s].value if s in scores else 0 for s in SEATS}
    result = settle_values(values, winners=(winner,), dead=dead)
    return RavennaSettlement(
        scores, values, result.transfers, result.net, statuses=statuses, dead=dead
    )


def _broken_rack(
    hands: Mapping[str, Hand], breakers: list[str], statuses: Mapping[str, str], dead: str | None
) -> RavennaSettlement:
    """RAV-PEN-6 (RAV-GAP-25): the rack-breaker pays the two innocent players a Mah-Jong each."""
    callers = [s for s, st in statuses.items() if st == "false_mahjong"]
    if len(breakers) != 1 or len(callers) != 1:
        raise RulesetError("a broken rack needs exactly one breaker and one false Mah-Jong caller")
    payer = breakers[0]
    payees = [s for s in SEATS if s not in (payer, callers[0], dead)]
    scores, values, transfers = {}, dict.fromkeys(SEATS, 0), []
    for seat in payees:
        own = score_hand(hands[seat], win="none", seat_wind=seat)
        base = own.points + 20 if own.points else 30
        value = hand_value(base, own.doubles, limit=MASSIMO)
        scores[seat], values[seat] = replace(own, value=value, base=base), value
        amount = mahjong_payment(value, payer=payer, payee=seat, east="E", terms=RAVENNA_TERMS)
        if amount:
            transfers.append(Transfer(payer, seat, amount, "broken_rack"))
    net = dict.fromkeys(SEATS, 0)
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return RavennaSettlement(scores, values, tuple(transfers), net, statuses=dict(statuses))


def reference_markdown() -> str:
    """The generated rules reference, ``docs/rulesets/ravenna.md`` (DESIGN §16)."""
    lines = [
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
    ]
    for p in PATTERNS:
        value = "200/400" if p.massimo else str(p.value)
        only = "yes" if p.winner_only else "no"
        lines.append(
            f"| `{p.id}` | {p.names['en']} | {p.names['it']} | {p.unit} | {value} | {only} "
            f"| {p.ref} |"
        )
    lines += ["", "Options (`ravenna(key=value)`):", ""]
    lines += [
        "- `at_least_30` (default `False`): a winner's base is never below 30 (RAV-GAP-14 club "
        "knob; off = the source's rule, 22–28 for 2–8 hand points)",
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


STACKS_PER_WALL = 18
"""Each wall is 36 tiles, two rows of 18 (RAV-WALL-1)."""


def breach(d20: int, d6: int) -> tuple[str, int, tuple[int, int]]:
    """Where East opens the wall (RAV-WALL-2, RAV-WALL-3, RAV-GAP-4).

    The six-sided die picks the wall counting from East (5 = East, 6 = South again), the
    twenty-sided die the stack after which the wall is broken, wrapping within the 18 stacks;
    East takes the next two stacks (which may lie in the next wall).

    Args:
        d20: the twenty-sided die, 1–20.
        d6: the six-sided die, 1–6.

    Returns:
        The wall's seat wind, the stack after which it is broken, and East's two stacks as
        positions counted along that wall (19 and beyond continue into the next wall).

    Raises:
        RulesetError: for a die value out of range.

    >>> breach(15, 2)
    ('S', 15, (16, 17))
    >>> breach(19, 5)
    ('E', 1, (2, 3))
    """
    if not 1 <= d20 <= 20 or not 1 <= d6 <= 6:
        raise RulesetError(f"dice out of range: d20={d20!r}, d6={d6!r}")
    wall = SEATS[(d6 - 1) % 4]
    after = (d20 - 1) % STACKS_PER_WALL + 1
    return wall, after, (after + 1, after + 2)


@dataclass(frozen=True)
class RavennaOptions:
    """Optional rules of ``ravenna(...)``."""

    at_least_30: bool = False
    """RAV-GAP-14: a winner with 2–8 hand points is paid 30, not 22–28 (off: the source's rule)."""
    three_players: bool = False
    """A table of three with the dead seat as North (RAV-3P); used by the engine's flow."""


def _check_dealer(data: Mapping[str, Any]) -> None:
    if data.get("dealer", "E") != "E":
        raise RulesetError("seats are given by wind letter: the East role is always 'E'")


class RavennaRules(InputScorer):
    """The Ravenna 200/400 ruleset object (seed 004; spec ``ravenna.md``)."""

    id: ClassVar[str] = "ravenna"
    aliases: ClassVar[tuple[str, ...]] = ("ravenna-200-400",)
    version: ClassVar[int] = 1
    title: ClassVar[Mapping[str, str]] = {
        "it": "Regolamento Ravennate 200/400",
        "en": "Ravenna 200/400 rules",
    }
    sources: ClassVar[tuple[str, ...]] = ("seed 004_e86b8272d7b4bdff.txt", "spec/ravenna.md")
    Options: ClassVar[type[RavennaOptions]] = RavennaOptions
    shapes: ClassVar[tuple[Shape, ...]] = (STANDARD, SEVEN_PAIRS_FOUR_AS_TWO, ALL_HEAD_TILES)
    """Winning shapes, for analysis (RAV-HAND-1..3, RAV-GAP-10)."""
    patterns = PATTERNS
    flags: ClassVar[Mapping[str, str]] = INPUTS.flag_meanings
    statuses: ClassVar[Mapping[str, Mapping[str, str]]] = STATUSES
    inputs: ClassVar[InputRules] = INPUTS

    def __init__(self, options: RavennaOptions | None = None, **kwargs: Any) -> None:
        if options is None:
            known = {f.name for f in fields(RavennaOptions)}
            unknown = sorted(set(kwargs) - known)
            if unknown:
                raise RulesetError(f"unknown ravenna option(s) {unknown}; valid: {sorted(known)}")
            options = RavennaOptions(**kwargs)
        self.options = options

    def score_result(self, data: Mapping[str, Any]) -> ScoreResult:
        """Score one hand from the ``muraglia score`` input object (interfaces.md §5)."""
        _check_dealer(data)
        INPUTS.check_score(data)
        hand = parse_hand(data["hand"], red_fives=False)
        win = data.get("win", "tsumo" if hand.winning is not None else "none")
        result = score_hand(
            hand,
            win=win,
            seat_wind=data.get("seat_wind", "E"),
            at_least_30=self.options.at_least_30,
        )
        return result.to_result(hand.notation)

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Settle a deal from the ``muraglia settle`` input object (interfaces.md §5)."""
        _check_dealer(data)
        deal = read_deal(data)
        INPUTS.check_settle(data)
        dead = data.get("dead")
        return settle_deal(
            deal.hands,
            winners=deal.winners,
            discarder=deal.discarder,
            statuses=deal.status,
            dead=None if dead is None else str(dead),
            at_least_30=self.options.at_least_30,
        ).to_dict()

    def flow(self) -> RavennaFlow:
        """The engine hooks of this ruleset (``flow.py``), bound to these options."""
        from muraglia.rulesets.ravenna.flow import RavennaFlow  # noqa: PLC0415 - flow imports rules

        return RavennaFlow(self)

    def describe(self) -> list[dict[str, Any]]:
        """Every scoring element as data, for ``muraglia rules ravenna``."""
        return [
            {
                "id": p.id,
                "ref": p.ref,
                "it": p.names["it"],
                "en": p.names["en"],
                "unit": p.unit,
                "value": p.value,
                "winner_only": p.winner_only,
                "excludes": list(p.excludes),
            }
            for p in PATTERNS
        ]
