"""Seipalle scoring fold, minimum-double rule, limit and winner-only payments.

Value *V* = *P* × 2^*D*, capped at 1000; a limit hand is worth 1000 (SEI-SCORE-3, SEI-LIMIT).
Only the winner collects: on a self-draw each other player pays his share, on a discard the
discarder pays every share; a share paid by or to East is doubled; each share is rounded to tens
before the discarder adds them up (SEI-PAY-1…4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar

from muraglia.analysis.groups import Decomposition
from muraglia.analysis.shanten import ukeire
from muraglia.analysis.shapes import (
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
)
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets.base import InputScorer
from muraglia.rulesets.seipalle import decisions
from muraglia.rulesets.seipalle.context import Reading
from muraglia.rulesets.seipalle.patterns import BY_ID, PATTERNS, dora_of
from muraglia.scoring.accepts import InputRules, decisions_markdown
from muraglia.scoring.classical import (
    MultipleWinners,
    SettlementTerms,
    Transfer,
    award_line,
    classical_result,
    explain_transfers,
    hand_value,
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
from muraglia.scoring.layouts import claimed_readings, complete_layouts
from muraglia.scoring.locate import sources
from muraglia.scoring.result import Award, ScoreResult, Settlement
from muraglia.tiles import Tile

if TYPE_CHECKING:
    from muraglia.rulesets.seipalle.flow import SeipalleFlow

__all__ = [
    "FLAGS",
    "INPUTS",
    "SeipalleOptions",
    "SeipalleRules",
    "reference_markdown",
    "KNOWN_FLAGS",
    "RIICHI_STAKE",
    "STATUSES",
    "SeipalleSettlement",
    "may_win_on_discard",
    "settle_deal",
    "LIMIT",
    "SEATS",
    "SEIPALLE_TERMS",
    "SHAPES",
    "Award",
    "SeipalleScore",
    "fold",
    "payments",
    "score_hand",
]

LIMIT = 1000
"""The limit value (SEI-LIMIT-2, SEI-GAP-21): 1000, doubled to or from East."""

SEATS = ("E", "S", "W", "N")
"""Seat winds in order of play."""

SHAPES = {"seven_pairs": True, "four_as_two_pairs": False, "thirteen_orphans": True}
"""Winning shapes besides four sets and a pair (SEI-HAND-1; SEI-HAND-2: four identical tiles
are not two pairs)."""

FLAGS: Mapping[str, tuple[str, str]] = {
    "riichi": ("SEI-DBL-D30", "won after riichi"),
    "double_riichi": ("SEI-DBL-D31", "riichi declared on the first turn"),
    "robbing_kong": ("SEI-DBL-D32", "won by robbing a kong"),
    "replacement": ("SEI-DBL-D33", "winning tile drawn from the dead wall"),
    "last_tile": ("SEI-DBL-D34", "won with the last tile of the wall"),
    "last_discard": ("SEI-DBL-D35", "won on the last discard"),
    "first_turn": ("SEI-DBL-D36/D37", "exit of the Gods (East) or of the Earth, self-drawn"),
}
"""Situation flags: flag → (rule, meaning)."""

KNOWN_FLAGS = frozenset(FLAGS)
"""Flags this ruleset reads (SEI-DBL-D29…D37)."""

SEIPALLE_TERMS = SettlementTerms(
    multiple_winners=MultipleWinners.INDEPENDENT,  # SEI-PAY-6
    loser_differences=False,  # SEI-SCORE-1: only the winner is paid
)
"""Seipalle's settlement terms: winner-only, East double, shares rounded one by one."""

_WIND_LETTERS = WIND_LETTERS


@dataclass(frozen=True)
class SeipalleScore:
    """The result of scoring one winning hand."""

    valid_win: bool
    """False when the hand has no double other than dora (SEI-SCORE-2)."""
    awards: tuple[Award, ...]
    """Point items and doubles, in table order."""
    points: int
    """*P*: the sum of the point items."""
    doubles: int
    """*D*: every double including dora."""
    limit: str | None
    """``"limit"`` for a limit hand or a capped hand, else None."""
    value: int
    """*V'* = min(*P* × 2^*D*, 1000); 1000 for a limit hand."""
    decomposition: Decomposition
    """The reading that gave the value."""
    payments: dict[str, int] = field(default_factory=dict)
    """Net Mah-Jong payments by seat wind, when the payer is known."""

    @property
    def ids(self) -> frozenset[str]:
        """The ids of the awarded elements."""
        return frozenset(a.id for a in self.awards)

    def explain(self, lang: str = "en") -> list[str]:
        """Lines explaining the value in ``it`` or ``en``."""
        if lang not in ("it", "en"):
            raise ValueError(f"unknown language {lang!r} (it, en)")
        lines = [award_line(a, lang) for a in self.awards]
        if lang == "it":
            lines.append(f"{self.points} punti × 2^{self.doubles} → {self.value}")
            if not self.valid_win:
                lines.append("Chiusura non valida: serve almeno un raddoppio che non sia dora.")
        else:
            lines.append(f"{self.points} points × 2^{self.doubles} → {self.value}")
            if not self.valid_win:
                lines.append("Not a valid win: at least one double other than dora is needed.")
        return lines + payment_lines(self.payments, lang)

    def to_result(self, hand: str) -> ScoreResult:
        """The typed ``muraglia score`` result of this score for ``hand`` (its notation)."""
        return classical_result("seipalle", hand, self, valid=self.valid_win)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form following ``muraglia score``'s output contract (without the hand)."""
        out: dict[str, object] = self.to_result("").to_dict()
        del out["ok"], out["hand"]
        return out


def fold(points: int, doubles: int, *, limit: bool = False) -> int:
    """*V'* = min(*P* × 2^*D*, 1000), or 1000 for a limit hand (SEI-SCORE-3).

    >>> fold(30, 3), fold(40, 5), fold(0, 0, limit=True)
    (240, 1000, 1000)
    """
    return LIMIT if limit else hand_value(points, doubles, limit=LIMIT)


def payments(value: int, *, winner: str, discarder: str | None) -> dict[str, int]:
    """Net Mah-Jong payments by seat wind (SEI-PAY-1…4).

    >>> payments(72, winner="S", discarder="W")
    {'E': 0, 'S': 280, 'W': -280, 'N': 0}
    """
    if winner not in SEATS or (discarder is not None and discarder not in SEATS):
        raise RulesetError(f"unknown seat in winner={winner!r}, discarder={discarder!r}")
    if discarder == winner:
        raise RulesetError(f"{winner!r} cannot win on his own discard")
    values = dict.fromkeys(SEATS, 0) | {winner: value}
    return settle(values, winners=(winner,), east="E", terms=SEIPALLE_TERMS, liable=discarder).net


def _winning_kinds(hand: Hand) -> int:
    """How many tile kinds complete the hand without its winning tile (SEI-PTS-4)."""
    counts = list(hand.concealed_counts)
    if hand.winning is not None:
        counts[hand.winning.kind] -= 1
    waits = ukeire(counts, len(hand.melds))
    return len(waits.tiles) if waits.shanten == 0 else 0


def _evaluate(r: Reading) -> SeipalleScore:
    found: list[tuple[int, int]] = []  # (pattern index, count)
    for index, pat in enumerate(PATTERNS):
        per = pat.value(closed=r.closed)
        if per is None:
            continue
        n = int(pat.predicate(r))
        if n:
            found.append((index, n))
    excluded = {x for i, _ in found for x in PATTERNS[i].excludes}
    awards = []
    is_limit = False
    for i, n in found:
        pat = PATTERNS[i]
        if pat.id in excluded:
            continue
        is_limit |= pat.limit
        per = pat.value(closed=r.closed) or 0
        awards.append(Award(pat.id, pat.names, n * per, pat.unit, n, pat.ref, pat.limit))
    if is_limit:  # SEI-LIMIT-1: only the limit hands are shown; they do not stack
        awards = [a for a in awards if BY_ID[a.id].limit]
    points = sum(a.value for a in awards if a.unit == "points")
    doubles = sum(a.value for a in awards if a.unit == "doubles")
    base = sum(a.value for a in awards if a.unit == "doubles" and BY_ID[a.id].counts_for_minimum)
    value = fold(points, doubles, limit=is_limit)
    capped = is_limit or points * 2**doubles > LIMIT
    return SeipalleScore(
        valid_win=is_limit or base >= 1,
        awards=tuple(awards),
        points=points,
        doubles=doubles,
        limit="limit" if capped else None,
        value=value,
        decomposition=r.decomposition,
    )


def _wind(letter: str, what: str) -> Tile:
    return wind_tile(letter, what)


def score_hand(
    hand: Hand,
    *,
    win: str,
    seat_wind: str = "E",
    round_wind: str = "E",
    flags: Iterable[str] = (),
    dora: Sequence[Tile] = (),
    discarder: str | None = None,
    riichi_sticks: int = 0,
) -> SeipalleScore:
    """Score a winning hand under Seipalle rules.

    Args:
        hand: the hand with its winning tile.
        win: ``"ron"`` (on a discard) or ``"tsumo"`` (self-drawn).
        seat_wind: the winner's seat wind letter.
        round_wind: the round wind letter.
        flags: situational flags (see :data:`KNOWN_FLAGS`).
        dora: dora *indicators* (SEI-DORA-2).
        discarder: for ``ron``, the seat that discarded (gives ``payments``).
        riichi_sticks: riichi stakes on the table, this deal's included: the winner takes
            them (SEI-RIICHI-6, SEI-PAY-5), shown in ``payments`` as paid by ``table``.

    Returns:
        The best reading's score, with payments when the payer is known.

    Raises:
        InvalidHandError: if the hand has no winning tile or forms no winning shape.
        RulesetError: for an unknown win type, wind or flag.
    """
    if win not in ("ron", "tsumo"):
        raise RulesetError(f"unknown win {win!r}: seipalle scores only winners (ron, tsumo)")
    flagset = frozenset(flags)
    if flagset - KNOWN_FLAGS:
        raise RulesetError(
            f"unknown flag(s) {sorted(flagset - KNOWN_FLAGS)} for seipalle; known: "
            + ", ".join(sorted(KNOWN_FLAGS))
        )
    if hand.winning is None:
        raise InvalidHandError(f"{hand.notation!r} has no winning tile (+X)")
    INPUTS.check_hand(hand)  # SEI-PLAY-1: chows only from the previous player
    if hand.bonus:
        raise InvalidHandError(
            f"{hand.notation!r}: seipalle has no flowers or seasons (SEI-EQUIP-1)"
        )
    seat, rnd = _wind(seat_wind, "seat wind"), _wind(round_wind, "round wind")
    decomps = complete_layouts(
        hand,
        seven_pairs=SHAPES["seven_pairs"],
        four_as_two_pairs=SHAPES["four_as_two_pairs"],
        thirteen_orphans=SHAPES["thirteen_orphans"],
    )
    if not decomps:
        raise InvalidHandError(f"{hand.notation!r} forms no seipalle winning shape (SEI-HAND-1)")
    self_drawn = win == "tsumo"
    winning = hand.winning.kind
    common = {
        "winning_tile": winning,
        "self_drawn": self_drawn,
        "seat_wind": seat,
        "round_wind": rnd,
        "closed": hand.is_concealed,
        "counts": hand.counts,
        "winning_kinds": _winning_kinds(hand),
        "flags": flagset,
        "dora": tuple(dora_of(t) for t in dora),
    }
    best: SeipalleScore | None = None
    best_reading: Reading | None = None
    for decomp in decomps:
        for reading in claimed_readings(decomp, winning, self_drawn=self_drawn):
            r = Reading(decomposition=reading, **common)  # type: ignore[arg-type]
            result = _evaluate(r)
            if best is None or (result.valid_win, result.value, result.points) > (
                best.valid_win,
                best.value,
                best.points,
            ):
                best, best_reading = result, r
    assert best is not None
    assert best_reading is not None
    # the tiles that earn each award, on the reading scored (SeipalleScore.awards)
    best = replace(
        best,
        awards=tuple(
            replace(a, tiles=sources(hand, BY_ID[a.id].locate(best_reading))) for a in best.awards
        ),
    )
    if self_drawn or discarder is not None:
        winner = next(k for k, v in _WIND_LETTERS.items() if v is seat)
        pays = payments(best.value, winner=winner, discarder=None if self_drawn else discarder)
        if riichi_sticks:  # SEI-RIICHI-6: "le poste vanno al primo che fa Mah-Jong"
            pays[winner] += riichi_sticks * RIICHI_STAKE
            pays["table"] = -riichi_sticks * RIICHI_STAKE
        best = replace(best, payments=pays if best.valid_win else {})
    return best


RIICHI_STAKE = 1000
"""The riichi stake (SEI-RIICHI-3)."""

TABLE = "table"
"""The party holding the riichi stakes in ``transfers`` and ``net`` (as riichi-ema's)."""

_REASONS = {
    "riichi": {"it": "posta riichi sul tavolo, SEI-RIICHI-3", "en": "riichi stake, SEI-RIICHI-3"},
    "riichi_stakes": {
        "it": "poste riichi, SEI-RIICHI-6",
        "en": "riichi stakes, SEI-RIICHI-6",
    },
}


def may_win_on_discard(own_discards: Iterable[Tile], tile: Tile) -> bool:
    """Whether a player may win by claiming ``tile`` (SEI-PLAY-4, SEI-GAP-5).

    A player may not win on a tile of a kind he has himself discarded earlier in the hand
    (including discards that others claimed); nothing else restricts him.

    >>> may_win_on_discard([Tile.M1, Tile.P5], Tile.P5), may_win_on_discard([Tile.M1], Tile.P5)
    (False, True)
    """
    return tile not in set(own_discards)


@dataclass(frozen=True)
class SeipalleSettlement:
    """The settlement of one deal (``muraglia settle``)."""

    scores: dict[str, SeipalleScore]
    """Each winner's score."""
    transfers: tuple[Transfer, ...]
    """Non-zero payments."""
    net: dict[str, int]
    """Net per seat, the riichi stakes included (taken from ``table``); sums to zero."""
    stakes: tuple[str, int] | None = None
    """(seat, amount) collecting the riichi stakes on the table (SEI-PAY-5), if any."""

    def explain(self, lang: str = "en") -> list[str]:
        """Each winner's hand, one line per share paid (and the riichi stakes), ``it``/``en``."""
        if lang not in ("it", "en"):
            raise ValueError(f"unknown language {lang!r} (it, en)")
        it = lang == "it"
        names = SEAT_NAMES[lang]
        lines: list[str] = []
        for seat, score in self.scores.items():
            head = names[seat]
            if seat == "E":  # SEI-PAY-3
                head += " (Est: riscuote doppio)" if it else " (East: collects double)"
            lines.append(f"{head} — Mah-Jong: {score.value}")
            lines += [
                "  " + x for x in score.explain(lang) if not x.startswith(tuple(names.values()))
            ]
        values = {seat: score.value for seat, score in self.scores.items()}
        lines += explain_transfers(
            self.transfers, values, lang, east="E", terms=SEIPALLE_TERMS, reasons=_REASONS
        )
        if not self.scores and self.transfers:  # SEI-RIICHI-6
            lines.append(
                "Mano a monte: le poste restano sul tavolo."
                if it
                else "Void deal: the stakes stay on the table."
            )
        elif not self.scores:
            lines.append("Mano a monte: nessun pagamento." if it else "Void deal.")
        return lines

    def to_settlement(self, *, reasons: bool = True) -> Settlement:
        """The typed :class:`Settlement` of this deal (built directly, never from JSON).

        ``reasons``: its ``to_dict`` prints each transfer's reason (``muraglia settle``); the
        engine's records keep ``{from, to, amount}`` as they always have.
        """
        extra: dict[str, Any] = {"rules": "seipalle"}
        if self.stakes is not None:
            extra["riichi_stakes"] = {"to": self.stakes[0], "amount": self.stakes[1]}
        return Settlement(
            self.transfers,
            dict(self.net),
            {s: r.value for s, r in self.scores.items()},
            {"it": tuple(self.explain("it")), "en": tuple(self.explain("en"))},
            extra,
            reasons=reasons,
        )

    def to_dict(self) -> dict[str, object]:
        """JSON form of ``muraglia settle`` (interfaces.md §5)."""
        return self.to_settlement().to_dict()


STATUSES: Mapping[str, Mapping[str, str]] = {
    "false_mahjong": {
        "en": "false Mah-Jong: excluded from the hand, cannot win (SEI-GAME-4)",
        "it": "falso Mah-Jong: escluso dalla mano, non può chiudere",
    },
    "false_riichi": {
        "en": "false riichi: excluded from the hand, cannot win (SEI-GAME-4)",
        "it": "falso riichi: escluso dalla mano, non può chiudere",
    },
}
"""Per-seat penalty statuses; only the winner is paid, so they only forbid winning."""

INPUTS = InputRules(
    "seipalle",
    flags=FLAGS,
    statuses=STATUSES,
    chow_sources=("<", ""),
    chow_rule="SEI-PLAY-1",
    score_keys=(
        "hand",
        "win",
        "seat_wind",
        "round_wind",
        "flags",
        "dora",
        "discarder",
        "dealer",
        "riichi_sticks",
    ),
    settle_keys=(
        "winners",
        "discarder",
        "hands",
        "round_wind",
        "dealer",
        "flags",
        "dora",
        "riichi_sticks",
        "riichi",
        "status",
        "discards",
    ),
    notes=(
        "No ura-dora and no red fives (SEI-DORA-2: the seed's only indicators are those "
        'turned up on the wall, "una all\'inizio, poi una ogni poker formato"): `ura` and a '
        "red five `0m`/`0p`/`0s` are errors.",
        "No flowers or seasons (SEI-EQUIP-1) and no counters: bonus tiles and `honba` are refused.",
        "`riichi_sticks`: the stakes already on the table (the engine, which takes a stake "
        "when riichi is declared, counts this deal's); the first winner after the discarder "
        "takes them (SEI-RIICHI-6, SEI-PAY-5, SEI-GAP-24): a transfer from `table` in "
        "`transfers`, `net` and `payments`.",
        "`riichi` (settle, optional): the seats that declared riichi in this deal and whose "
        "stakes this settlement puts on the table (SEI-RIICHI-3), as a score sheet records "
        "them: a transfer to `table` each, collected with `riichi_sticks` by the winner or "
        "left on the table by a void deal (SEI-RIICHI-6). A winner's `riichi`/`double_riichi` "
        "flag and the list must agree.",
    ),
)
"""What ``seipalle`` accepts: flags, statuses, chows from the left, input keys."""


def settle_deal(
    hands: Mapping[str, str | Hand],
    *,
    winners: Sequence[str],
    discarder: str | None = None,
    round_wind: str = "E",
    flags: Mapping[str, Iterable[str]] | None = None,
    dora: Sequence[Tile] = (),
    riichi_sticks: int = 0,
    statuses: Mapping[str, str] | None = None,
    discards: Mapping[str, Iterable[Tile]] | None = None,
    riichi: Sequence[str] = (),
) -> SeipalleSettlement:
    """Score the winners of a finished deal and settle it (SEI-PAY).

    Args:
        hands: the winners' hands by seat wind, notation or parsed (other seats' hands are not
            needed; when given they are checked).
        winners: the seats that won; several only on one discard (SEI-PAY-6).
        discarder: the seat that discarded the winning tile, None for a self-draw.
        round_wind: the round wind letter.
        flags: situational flags per winner.
        dora: dora indicators.
        riichi_sticks: riichi stakes already on the table (SEI-RIICHI-6); the engine, which
            takes a stake at the declaration, counts this deal's.
        riichi: seats whose stake for a riichi declared in this deal this settlement puts
            on the table (SEI-RIICHI-3): a score sheet's record of the declarations.
        statuses: penalty status per seat (:data:`STATUSES`).
        discards: when known, each seat's own discards in the hand: a winner on a discard may
            not claim a tile kind he discarded himself (SEI-PLAY-4, :func:`may_win_on_discard`).

    Returns:
        Scores, transfers, net payments and who takes the riichi stakes.

    Raises:
        RulesetError: for unknown seats or statuses, or a winner without a double other than
            dora (SEI-SCORE-2).
        InvalidHandError: for an inconsistent deal (:func:`muraglia.scoring.deal.check_roles`:
            several winners on a self-draw, the discarder or a penalised player listed as
            winner, a missing winner's hand, a wrong tile count).
    """
    statuses = dict(statuses or {})
    flags = dict(flags or {})
    for seat in hands:
        _wind(seat, "seat")
    check_roles(SEATS, winners, discarder, statuses, flags, STATUSES, "seipalle")
    # only the winners' hands are needed (SEI-SCORE-1)
    seats = [s for s in SEATS if s in hands or s in winners]
    parsed = read_deal_hands(hands, seats, winners=winners, statuses=statuses, free=STATUSES)
    declared = _declarers(riichi, winners, flags)
    transfers: list[Transfer] = [Transfer(s, TABLE, RIICHI_STAKE, "riichi") for s in declared]
    net = dict.fromkeys(SEATS, 0)
    for s in declared:  # SEI-RIICHI-3: the stake goes on the table
        net[s] -= RIICHI_STAKE
    if declared:
        net[TABLE] = RIICHI_STAKE * len(declared)
    if not winners:  # SEI-PLAY-6: void hand, stakes stay on the table
        return SeipalleSettlement({}, tuple(transfers), net)
    scores: dict[str, SeipalleScore] = {}
    for seat in winners:
        winning = parsed[seat].winning
        own = tuple((discards or {}).get(seat, ()))
        furiten = winning is not None and not may_win_on_discard(own, winning.kind)
        if discarder is not None and furiten:  # SEI-PLAY-4, SEI-GAP-5
            raise InvalidHandError(
                f"{seat!r} cannot win on {parsed[seat].winning!s}: he discarded that tile "
                "himself earlier in the hand (SEI-PLAY-4)"
            )
        result = score_hand(
            parsed[seat],
            win="tsumo" if discarder is None else "ron",
            seat_wind=seat,
            round_wind=round_wind,
            flags=flags.get(seat, ()),
            dora=dora,
        )
        if not result.valid_win:
            raise RulesetError(f"{seat!r} has no double other than dora: not a win (SEI-SCORE-2)")
        scores[seat] = result
    for seat, result in scores.items():  # SEI-PAY-6: each winner is paid all three shares
        values = dict.fromkeys(SEATS, 0) | {seat: result.value}
        one = settle(values, winners=(seat,), east="E", terms=SEIPALLE_TERMS, liable=discarder)
        transfers.extend(one.transfers)
        for k, v in one.net.items():
            net[k] += v
    stakes = None
    pot = riichi_sticks + len(declared)
    if pot:  # SEI-RIICHI-6, SEI-PAY-5: the stakes on the table go to the winner
        start = SEATS.index(discarder) if discarder else SEATS.index(winners[0]) - 1
        order = [SEATS[(start + i) % 4] for i in range(1, 5)]
        first = next(s for s in order if s in winners)  # SEI-PAY-6
        stakes = (first, pot * RIICHI_STAKE)
        transfers.append(Transfer(TABLE, first, stakes[1], "riichi_stakes"))
        net[first] += stakes[1]
        net[TABLE] = net.get(TABLE, 0) - stakes[1]
    return SeipalleSettlement(scores, tuple(transfers), net, stakes)


def reference_markdown() -> str:
    """The generated rules reference, ``docs/rulesets/seipalle.md`` (DESIGN §16)."""
    lines = [
        "# Seipalle (`seipalle`) — scoring reference",
        "",
        "<!-- generated from src/muraglia/rulesets/seipalle; do not edit by hand -->",
        "",
        "Florence club (Seipalle) Japanese riichi/dora game with Italian points and doubles.",
        "Source: seed 003; rule ids refer to `spec/seipalle.md`.",
        "",
        "Value *V* = *P* × 2^*D*, capped at 1000; a limit hand is worth 1000. At least one double",
        "other than dora is needed to win. Only the winner collects: each other player's share",
        "is *V*, doubled when East pays or wins, rounded to tens; on a discard the discarder pays",
        "every share.",
        "",
        "| id | English | Italiano | unit | closed | open | rule |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in PATTERNS:
        closed = "limit" if p.limit else ("–" if p.closed is None else str(p.closed))
        opened = "limit" if p.limit else ("–" if p.open is None else str(p.open))
        lines.append(
            f"| `{p.id}` | {p.names['en']} | {p.names['it']} | {p.unit} | {closed} | {opened} "
            f"| {p.ref} |"
        )
    lines += ["", "Exclusions (the first includes the others):", ""]
    lines += [
        f"- `{p.id}`: " + ", ".join(f"`{x}`" for x in p.excludes) for p in PATTERNS if p.excludes
    ]
    lines += [
        "",
        "`muraglia settle` also reads, optionally, `discards` (seat → tiles it discarded): a win",
        "on a discard of a tile kind the winner discarded himself is rejected (SEI-PLAY-4).",
        "",
        *INPUTS.markdown(),
        "",
        *decisions_markdown(
            decisions.SPEC_DECISIONS, decisions.PROGRAM_DECISIONS, decisions.NOT_APPLIED
        ),
    ]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class SeipalleOptions:
    """Optional rules of ``seipalle(...)``."""

    tournament: bool = False
    """East always passes (SEI-GAME-2); used by the engine's flow."""


def _discards(data: object) -> dict[str, tuple[Tile, ...]]:
    """The optional ``discards`` object of ``muraglia settle``: seat → tiles it discarded."""
    if not isinstance(data, Mapping):
        raise InvalidHandError(f"'discards' must be an object keyed by seat, not {data!r}")
    out: dict[str, tuple[Tile, ...]] = {}
    for seat, tiles in data.items():
        _wind(seat, "seat")
        if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
            raise InvalidHandError(f"discards of {seat!r} must be a list of tiles, not {tiles!r}")
        out[seat] = tuple(Tile.from_notation(t) for t in tiles)
    return out


def _riichi_sticks(data: Mapping[str, Any]) -> int:
    """The ``riichi_sticks`` of an input object: a non-negative integer (SEI-RIICHI-6)."""
    sticks = data.get("riichi_sticks", 0)
    if not isinstance(sticks, int) or isinstance(sticks, bool) or sticks < 0:
        raise InvalidHandError(f"riichi_sticks must be a non-negative integer, not {sticks!r}")
    return sticks


def _declarers(
    riichi: Sequence[str], winners: Sequence[str], flags: Mapping[str, Iterable[str]]
) -> tuple[str, ...]:
    """The seats of ``riichi`` (this deal's declarations), checked against the winners' flags."""
    declared = tuple(riichi)
    for seat in declared:
        _wind(seat, "riichi")
    if len(set(declared)) != len(declared):
        raise InvalidHandError(f"a seat is listed twice in riichi {list(declared)}")
    if declared:
        for seat in winners:
            flagged = bool({"riichi", "double_riichi"} & set(flags.get(seat, ())))
            if flagged != (seat in declared):
                raise InvalidHandError(
                    f"winner {seat!r} "
                    + ("has the riichi flag but is not" if flagged else "is in riichi but has")
                    + (" in riichi" if flagged else " no riichi/double_riichi flag")
                    + " (SEI-RIICHI-3, SEI-RIICHI-7)"
                )
    return declared


def _check_dealer(data: Mapping[str, Any]) -> None:
    if data.get("dealer", "E") != "E":
        raise RulesetError("seats are given by wind letter: the East role is always 'E'")


class SeipalleRules(InputScorer):
    """The Seipalle ruleset object (seed 003; spec ``seipalle.md``)."""

    id: ClassVar[str] = "seipalle"
    aliases: ClassVar[tuple[str, ...]] = ("riichi-italian",)
    version: ClassVar[int] = 1
    title: ClassVar[Mapping[str, str]] = {
        "it": "Mah jong giapponese (riichi/dora) del club Seipalle, Firenze",
        "en": "Seipalle (Florence) Japanese riichi/dora game with Italian scoring",
    }
    sources: ClassVar[tuple[str, ...]] = ("seed 003_b80b1bee27535bcf.txt", "spec/seipalle.md")
    Options: ClassVar[type[SeipalleOptions]] = SeipalleOptions
    shapes: ClassVar[tuple[Shape, ...]] = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
    """Winning shapes, for analysis (SEI-HAND-1/2)."""
    patterns = PATTERNS
    flags: ClassVar[Mapping[str, str]] = INPUTS.flag_meanings
    statuses: ClassVar[Mapping[str, Mapping[str, str]]] = STATUSES
    inputs: ClassVar[InputRules] = INPUTS

    def __init__(self, options: SeipalleOptions | None = None, **kwargs: Any) -> None:
        known = {f.name for f in fields(SeipalleOptions)}
        if set(kwargs) - known:
            raise RulesetError(
                f"unknown seipalle option(s) {sorted(set(kwargs) - known)}; valid: {sorted(known)}"
            )
        self.options = options or SeipalleOptions(**kwargs)

    def score_result(self, data: Mapping[str, Any]) -> ScoreResult:
        """Score one hand from the ``muraglia score`` input object (interfaces.md §5)."""
        _check_dealer(data)
        INPUTS.check_score(data)
        hand = parse_hand(data["hand"], red_fives=False)
        win = data.get("win", "tsumo")
        result = score_hand(
            hand,
            win=win,
            seat_wind=data.get("seat_wind", "E"),
            round_wind=data.get("round_wind", "E"),
            flags=string_list(data.get("flags", []), "flags"),
            dora=[Tile.from_notation(t) for t in string_list(data.get("dora", []), "dora")],
            discarder=data.get("discarder") if win == "ron" else None,
            riichi_sticks=_riichi_sticks(data),
        )
        return result.to_result(hand.notation)

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Settle a deal from the ``muraglia settle`` input object (interfaces.md §5)."""
        _check_dealer(data)
        deal = read_deal(data)
        INPUTS.check_settle(data)
        sticks = _riichi_sticks(data)
        return settle_deal(
            deal.hands,
            winners=deal.winners,
            discarder=deal.discarder,
            round_wind=data.get("round_wind", "E"),
            flags=deal.flags,
            dora=[Tile.from_notation(t) for t in string_list(data.get("dora", []), "dora")],
            riichi_sticks=sticks,
            statuses=deal.status,
            discards=_discards(data.get("discards", {})),
            riichi=string_list(data.get("riichi", []), "riichi"),
        ).to_dict()

    def flow(self) -> SeipalleFlow:
        """The engine hooks of this ruleset (``flow.py``), bound to these options."""
        from muraglia.rulesets.seipalle.flow import SeipalleFlow  # noqa: PLC0415 - flow imports rules

        return SeipalleFlow(self)

    def describe(self) -> list[dict[str, Any]]:
        """Every scoring element as data, for ``muraglia rules seipalle``."""
        return [
            {
                "id": p.id,
                "ref": p.ref,
                "it": p.names["it"],
                "en": p.names["en"],
                "unit": p.unit,
                "closed": p.closed,
                "open": p.open,
                "limit": p.limit,
                "excludes": list(p.excludes),
            }
            for p in PATTERNS
        ]
