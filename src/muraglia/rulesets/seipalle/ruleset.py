"""The ``seipalle`` ruleset object: best reading, minimum double, limit, payments, settlement.

Scoring: every complete layout of the hand (four sets and a pair, seven pairs, thirteen
orphans; SEI-HAND-1/2) x every choice of the set a claimed winning tile completed (that set
reads exposed, SEI-HAND-5, SEI-GAP-13) is one :class:`~muraglia.scoring.context.WinContext`;
the declared table (:mod:`.patterns`) finds its points and doubles, and the reading with the
highest (valid, value, points) is kept. *V* = *P* × 2^*D* capped at 1000, a limit hand 1000
(:mod:`muraglia.scoring.classical`); a win needs one double besides dora (SEI-SCORE-2).

>>> r = SeipalleRules().score("123m678m456p67s22s+8s", win="ron", seat_wind="S",
...                           flags=["riichi"], dora=["4p"], discarder="W")
>>> r.points, r.doubles, r.value, dict(r.payments)
(30, 3, 240, {'E': 0, 'S': 960, 'W': -960, 'N': 0})
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any, ClassVar, NamedTuple

from muraglia.analysis.groups import Decomposition, GroupKind
from muraglia.analysis.shanten import shanten_all
from muraglia.analysis.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, Shape
from muraglia.analysis.waits import Reading, readings
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets.base import (
    InputScorer,
    Ruleset,
    check_east_dealer,
    settle_outcome,
    worth_input,
)
from muraglia.scoring.accepts import InputRules, decisions_markdown
from muraglia.scoring.classical import CLASSICAL_KEYS, settle
from muraglia.scoring.context import WinContext, WinType
from muraglia.scoring.deal import (
    check_roles,
    payment_lines,
    read_deal_hands,
    string_list,
    wind_tile,
)
from muraglia.scoring.layouts import complete_layouts
from muraglia.scoring.patterns import PatternTable
from muraglia.scoring.result import (
    Award,
    DealOutcome,
    LazyLines,
    ScoreResult,
    Settlement,
    Transfer,
)
from muraglia.tiles import (
    COPIES,
    NUM_SUITED,
    RANKS,
    TERMINALS_AND_HONOURS,
    Tile,
    to_wind,
    wind_letter,
)

from . import decisions
from .options import INPUTS, KNOWN_FLAGS, STATUSES, SeipalleOptions
from .patterns import DORA_IDS, PATTERNS, WINNING_KINDS
from .settlement import (
    LIMIT,
    RIICHI_STAKE,
    SEATS,
    SEIPALLE_TERMS,
    TABLE,
    declarers,
    fold,
    hand_lines,
    may_win_on_discard,
    payments,
    settlement_lines,
    stakes_collector,
)

__all__ = ["SHAPES", "SeipalleRules"]

SHAPES = {"seven_pairs": True, "four_as_two_pairs": False, "thirteen_orphans": True}
"""Winning shapes besides four sets and a pair (SEI-HAND-1; SEI-HAND-2: four identical tiles
are not two pairs)."""

_LANGS = ("it", "en")

_INTRO = (
    "Value *V* = *P* × 2^*D*, capped at 1000; a limit hand is worth 1000. At least one double",
    "other than dora is needed to win. Only the winner collects: each other player's share",
    "is *V*, doubled when East pays or wins, rounded to tens; on a discard the discarder pays",
    "every share.",
)
_DISCARDS = (
    "`muraglia settle` also reads, optionally, `discards` (seat → tiles it discarded): a win",
    "on a discard of a tile kind the winner discarded himself is rejected (SEI-PLAY-4).",
)


class _Core(NamedTuple):
    """The score of one reading, before its tiles are located and its payments made."""

    ctx: WinContext
    awards: tuple[Award, ...]
    points: int
    doubles: int
    value: int
    valid: bool
    capped: bool


_ORPHANS = frozenset(int(t) for t in TERMINALS_AND_HONOURS)


def _winning_kinds(hand: Hand) -> int:
    """How many tile kinds complete the hand without its winning tile (SEI-PTS-4).

    The kinds of ``ukeire`` of the 13 tiles when they are ready, trying only the kinds that
    can complete anything: a kind completes a set or pair only next to a held suit tile (two
    ranks either way, in its suit) or on a held kind, and thirteen orphans only on a terminal
    or honour; the others would each cost a shanten for nothing.
    """
    counts = list(hand.concealed_counts)
    if hand.winning is not None:
        counts[hand.winning.kind] -= 1
    melds = len(hand.melds)
    key = (*counts, melds)
    hit = _KINDS.get(key)
    if hit is None:
        hit = _ready_kinds(counts, melds)
        if len(_KINDS) >= _KINDS_MAX:
            _KINDS.clear()
        _KINDS[key] = hit
    return hit


_KINDS: dict[tuple[int, ...], int] = {}
""":func:`_winning_kinds` by the 13 concealed counts and the number of melds."""
_KINDS_MAX = 1 << 14


def _ready_kinds(counts: list[int], melds: int) -> int:
    """:func:`_winning_kinds` of the 13 concealed ``counts`` beside ``melds`` melds."""
    if shanten_all(counts, melds) != 0:
        return 0
    tried = set(_ORPHANS)
    for k in range(NUM_SUITED):
        if counts[k]:
            first = k - k % RANKS
            tried.update(range(max(first, k - 2), min(first + RANKS, k + 3)))
    kinds = 0
    for k in tried:
        if counts[k] < COPIES:
            counts[k] += 1
            kinds += shanten_all(counts, melds) < 0
            counts[k] -= 1
    return kinds


def _claimed(d: Decomposition, winning: Tile, *, self_drawn: bool) -> Iterator[Reading | None]:
    """The readings of ``d`` that score differently: which set the winning tile completed.

    A self-drawn tile, or a shape other than four sets and a pair, has one reading. On a
    discard, each concealed pung holding the winning tile may be the set it completed (the
    context then reads it exposed, SEI-HAND-5, SEI-GAP-13); a chow or the pair completed by it
    changes nothing, so one of them stands for all.
    """
    reads = readings(d, winning)
    if not reads:
        yield None
        return
    if self_drawn or d.shape != STANDARD.id:
        yield reads[0]
        return
    other = False
    for r in reads:
        if d.groups[r.group].kind is GroupKind.PUNG:
            yield r
        elif not other:
            other = True
            yield r


def _check(hand: Hand, win: WinType, flags: frozenset[str], dora: tuple[Tile, ...]) -> Tile:
    """The kind of the winning tile, after the checks of :meth:`SeipalleRules.score_hand`."""
    if win is WinType.NONE:
        raise RulesetError("unknown win 'none': seipalle scores only winners (ron, tsumo)")
    if not flags <= KNOWN_FLAGS:
        raise RulesetError(
            f"unknown flag(s) {sorted(flags - KNOWN_FLAGS)} for seipalle; known: "
            + ", ".join(sorted(KNOWN_FLAGS))
        )
    if hand.winning is None:
        raise InvalidHandError(f"{hand.notation!r} has no winning tile (+X)")
    INPUTS.check_hand(hand)  # SEI-PLAY-1: chows only from the previous player
    if flags:
        _check_flags(hand, win, flags)
    if hand.bonus:
        raise InvalidHandError(
            f"{hand.notation!r}: seipalle has no flowers or seasons (SEI-EQUIP-1)"
        )
    for t in dora:
        if t.is_bonus:
            raise InvalidHandError(
                f"{t.notation!r} cannot be a dora indicator: seipalle has no flowers or seasons "
                "(SEI-EQUIP-1, SEI-DORA-1)"
            )
    return hand.winning.kind


_SELF_DRAWN_ONLY = {
    "replacement": "SEI-DBL-D33: the winning tile drawn from the dead wall",
    "first_turn": "SEI-DBL-D36/D37: won on the dealt tiles or the first self-draw",
}
_DISCARD_ONLY = {
    "robbing_kong": "SEI-DBL-D32: won on a tile added to a kong",
    "last_discard": "SEI-DBL-D35: won on the last discard",
}


def _check_flags(hand: Hand, win: WinType, flags: frozenset[str]) -> None:
    """Flags that contradict the win, each other or the hand's melds (an error, never dropped).

    Riichi only on a closed hand, concealed kongs allowed (SEI-RIICHI-2); the first turn's
    limit hands come before any claim or kong and any riichi (SEI-DBL-3); a robbed tile is not
    the last discard (``last_tile`` on a discard reads as the last discard).
    """
    self_drawn = win is WinType.TSUMO
    for flag, rule in (_DISCARD_ONLY if self_drawn else _SELF_DRAWN_ONLY).items():
        if flag in flags:
            how = "a self-drawn win (tsumo)" if self_drawn else "a win on a discard (ron)"
            raise InvalidHandError(f"flag {flag!r} ({rule}) cannot go with {how}")
    declared = sorted(flags & {"riichi", "double_riichi"})
    open_melds = [m for m in hand.melds if not m.concealed]
    if declared and open_melds:
        raise InvalidHandError(
            f"{declared[0]} on {hand.notation!r}, which shows the claimed "
            f"{open_melds[0].notation}: riichi exists only for closed hands (SEI-RIICHI-2)"
        )
    if "robbing_kong" in flags and flags & {"last_discard", "last_tile"}:
        raise InvalidHandError(
            "flags 'robbing_kong' and last_discard/last_tile exclude each other: a robbed tile "
            "is added to a kong, not discarded (SEI-KONG-3, SEI-DBL-D35)"
        )
    if "first_turn" in flags:
        if hand.melds:
            raise InvalidHandError(
                f"first_turn on {hand.notation!r}, which shows {hand.melds[0].notation}: the "
                "exit of the Gods and the first draw come before any claim or kong (SEI-DBL-3)"
            )
        if declared:
            raise InvalidHandError(
                f"first_turn with {declared[0]}: no riichi can be declared before a win on the "
                "dealt tiles or the first self-draw (SEI-DBL-3)"
            )


def _riichi_sticks(data: Mapping[str, Any]) -> int:
    """The ``riichi_sticks`` of an input object: a non-negative integer (SEI-RIICHI-6)."""
    sticks = data.get("riichi_sticks", 0)
    if not isinstance(sticks, int) or isinstance(sticks, bool) or sticks < 0:
        raise InvalidHandError(f"riichi_sticks must be a non-negative integer, not {sticks!r}")
    return sticks


_CHECKED: dict[tuple[object, ...], dict[str, Any]] = {}
"""The keywords :meth:`SeipalleRules.worth_checked` read from its arguments (the hand aside),
by those arguments: the checks of an input object depend on nothing else."""
_CHECKED_MAX = 1 << 12


def _keywords(data: Mapping[str, Any]) -> dict[str, Any]:
    """The keywords of :meth:`SeipalleRules.score_hand` read from a checked input object.

    Raises:
        RulesetError, InvalidHandError: for a win that is not ron or tsumo, a bad wind, flag
            list, indicator or riichi stake count.
    """
    win = data.get("win", "tsumo")
    if win not in ("ron", "tsumo"):
        raise RulesetError(f"unknown win {win!r}: seipalle scores only winners (ron, tsumo)")
    return {
        "win": WinType(win),
        "seat_wind": to_wind(data.get("seat_wind", "E"), "seat_wind"),
        "round_wind": to_wind(data.get("round_wind", "E"), "round_wind"),
        "flags": frozenset(string_list(data.get("flags", []), "flags")),
        "dora": _tiles(list(string_list(data.get("dora", []), "dora")), "dora"),
        "discarder": data.get("discarder") if win == "ron" else None,
        "riichi_sticks": _riichi_sticks(data),
    }


def _tiles(values: object, what: str) -> tuple[Tile, ...]:
    """Tile kinds from a list of notations or tiles (a seat's discards)."""
    if not isinstance(values, list | tuple) or not all(isinstance(t, str | Tile) for t in values):
        raise InvalidHandError(f"{what} must be a list of tiles, not {values!r}")
    return tuple(t if isinstance(t, Tile) else Tile.from_notation(t) for t in values)


def _discards(data: object) -> dict[str, tuple[Tile, ...]]:
    """The optional ``discards`` of ``muraglia settle``: seat → tiles it discarded."""
    if not isinstance(data, Mapping):
        raise InvalidHandError(f"'discards' must be an object keyed by seat, not {data!r}")
    out: dict[str, tuple[Tile, ...]] = {}
    for seat, tiles in data.items():
        wind_tile(seat, "seat")
        out[seat] = _tiles(tiles, f"discards of {seat!r}")
    return out


class SeipalleRules(InputScorer, Ruleset[SeipalleOptions]):
    """The Seipalle ruleset object (seed 003; spec ``seipalle.md``)."""

    id: ClassVar[str] = "seipalle"
    aliases: ClassVar[tuple[str, ...]] = ("riichi-italian",)
    version: ClassVar[int] = 1
    title: ClassVar[Mapping[str, str]] = {
        "it": "Mah jong giapponese (riichi/dora) del club Seipalle, Firenze",
        "en": "Seipalle (Florence) Japanese riichi/dora game with Italian scoring",
    }
    sources: ClassVar[tuple[str, ...]] = ("seed 003_b80b1bee27535bcf.txt", "spec/seipalle.md")
    Options: ClassVar[type[Any]] = SeipalleOptions
    shapes: ClassVar[tuple[Shape, ...]] = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
    """Winning shapes, for analysis (SEI-HAND-1/2)."""
    patterns: ClassVar[PatternTable] = PATTERNS
    flow_name: ClassVar[str] = "SeipalleFlow"
    flags: ClassVar[Mapping[str, str]] = INPUTS.flag_meanings
    flags_it: ClassVar[Mapping[str, str]] = INPUTS.flag_meanings_it
    statuses: ClassVar[Mapping[str, Mapping[str, str]]] = STATUSES
    inputs: ClassVar[InputRules] = INPUTS

    # ------------------------------------------------------------------ one reading

    def _core(self, ctx: WinContext) -> _Core:
        """Points, doubles and the fold of one reading (SEI-SCORE-2/3, SEI-LIMIT-1)."""
        awards = self.patterns.evaluate(ctx)  # a limit drops every other award (SEI-LIMIT-1)
        points = doubles = 0
        is_limit = base = False
        for a in awards:
            if a.unit == "points":
                points += a.value
            elif a.unit == "doubles":
                doubles += a.value
                base = base or (a.value > 0 and a.id not in DORA_IDS)
            is_limit = is_limit or a.limit
        value = fold(points, doubles, limit=is_limit)
        capped = is_limit or points << doubles > LIMIT
        return _Core(ctx, awards, points, doubles, value, is_limit or base, capped)

    def _result(
        self, core: _Core, awards: tuple[Award, ...], pays: Mapping[str, int] | None
    ) -> ScoreResult:
        """The typed result of the reading kept, with its located awards and payments."""

        def lines(lang: str) -> tuple[str, ...]:
            return (*hand_lines(result, lang), *payment_lines(pays or {}, lang))

        result = ScoreResult(
            self.id,
            core.ctx.hand.notation,
            core.valid,
            awards,
            value=core.value,
            points=core.points,
            doubles=core.doubles,
            limit="limit" if core.capped else None,
            payments=pays or None,
            explanation=LazyLines(_LANGS, lines),
            decomposition=core.ctx.decomposition,
            pattern_keys=CLASSICAL_KEYS,
        )
        return result

    def evaluate(self, ctx: WinContext, situation: Mapping[str, Any]) -> ScoreResult:
        """Score one reading (no payments: :meth:`score` makes them from the situation)."""
        core = self._core(ctx)
        return self._result(core, self.patterns.locate(ctx, core.awards), None)

    def score_key(self, result: ScoreResult) -> tuple[Any, ...]:
        """``(valid, value, points)``: the best reading of a hand."""
        return (result.valid, result.value, result.points or 0)

    # ------------------------------------------------------------------ the whole hand

    def score_hand(
        self,
        hand: Hand,
        *,
        win: WinType,
        seat_wind: Tile,
        round_wind: Tile = Tile.EAST,
        flags: frozenset[str] = frozenset(),
        dora: tuple[Tile, ...] = (),
        discarder: str | None = None,
        riichi_sticks: int = 0,
    ) -> ScoreResult:
        """Score a winning hand under Seipalle rules: the best reading, with its payments.

        Args:
            hand: the hand with its winning tile.
            win: ron (on a discard) or tsumo (self-drawn); Seipalle scores only winners.
            seat_wind: the winner's seat wind.
            round_wind: the round wind.
            flags: situational flags (:data:`~.options.KNOWN_FLAGS`).
            dora: dora *indicators* (SEI-DORA-2).
            discarder: for ``ron``, the seat that discarded (gives ``payments``).
            riichi_sticks: riichi stakes on the table, this deal's included: the winner takes
                them (SEI-RIICHI-6, SEI-PAY-5), shown in ``payments`` as paid by ``table``.

        Raises:
            InvalidHandError: if the hand has no winning tile, a chow from the wrong player,
                bonus tiles, a bonus dora indicator, or forms no winning shape.
            RulesetError: for a win that is not ron or tsumo, or an unknown flag.
        """
        best = self._best(hand, win, seat_wind, round_wind, flags, dora)
        self_drawn = win is WinType.TSUMO
        pays: dict[str, int] | None = None
        if best.valid and (self_drawn or discarder is not None):
            winner = wind_letter(seat_wind)
            pays = payments(best.value, winner=winner, discarder=None if self_drawn else discarder)
            if riichi_sticks:  # SEI-RIICHI-6: "le poste vanno al primo che fa Mah-Jong"
                pays[winner] += riichi_sticks * RIICHI_STAKE
                pays[TABLE] = -riichi_sticks * RIICHI_STAKE
        return self._result(best, self.patterns.locate(best.ctx, best.awards), pays)

    def _best(  # noqa: PLR0917 - score_hand's arguments, by position
        self,
        hand: Hand,
        win: WinType,
        seat_wind: Tile,
        round_wind: Tile,
        flags: frozenset[str],
        dora: tuple[Tile, ...],
    ) -> _Core:
        """The best reading of :meth:`score_hand` (its checks and errors), not located."""
        winning = _check(hand, win, flags, dora)
        layouts = complete_layouts(
            hand,
            seven_pairs=SHAPES["seven_pairs"],
            four_as_two_pairs=SHAPES["four_as_two_pairs"],
            thirteen_orphans=SHAPES["thirteen_orphans"],
        )
        if not layouts:
            raise InvalidHandError(
                f"{hand.notation!r} forms no seipalle winning shape (SEI-HAND-1)"
            )
        self_drawn = win is WinType.TSUMO
        extra = ((WINNING_KINDS, _winning_kinds(hand)),)
        best: _Core | None = None
        key: tuple[bool, int, int] = (False, -1, -1)
        prev: WinContext | None = None
        for d in layouts:
            for reading in _claimed(d, winning, self_drawn=self_drawn):
                ctx = WinContext(
                    hand, d, reading, win, seat_wind, round_wind, flags, dora, (), self.options,
                    extra,
                )  # fmt: skip
                if prev is not None:  # the hand's (and decomposition's) views are computed once
                    ctx.share_views(prev)
                prev = ctx
                core = self._core(ctx)
                if best is None or (core.valid, core.value, core.points) > key:
                    best, key = core, (core.valid, core.value, core.points)
        if best is None:  # every layout holds the winning tile in a concealed group
            raise InvalidHandError(
                f"{hand.notation!r} forms no seipalle winning shape (SEI-HAND-1)"
            )
        return best

    def score_result(self, data: Mapping[str, Any]) -> ScoreResult:
        """Check a ``muraglia score`` input object (:data:`~.options.INPUTS`) and score it.

        ``score`` (``muraglia.score``) makes this object from its keywords
        (:class:`~muraglia.rulesets.base.InputScorer`): ``discarder`` (seat letter, ron) and
        ``riichi_sticks`` (stakes on the table) are its situation; ``ura``, ``honba`` or an
        unknown key is an error.
        """
        check_east_dealer(data)
        INPUTS.check_score(data)
        hand = parse_hand(data["hand"], red_fives=False)
        return self.score_hand(hand, **_keywords(data))

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
        :meth:`score_checked`); the input is checked as :meth:`score_result` checks it and
        the best reading is the one :meth:`score_hand` keeps, without its located tiles,
        explanation and payments (:func:`muraglia.rulesets.win_worth`, the bots' scorer).

        Raises:
            MahjongError: where :meth:`score` raises.
        """
        flags = tuple(flags)  # read once: the key and the checks see the same flags
        dora = None if dora is None else tuple(dora)
        key: tuple[object, ...] | None = (
            win, seat_wind, round_wind, *flags, None, *(dora or ()), dora is None
        )  # fmt: skip
        try:
            k = _CHECKED.get(key)  # type: ignore[arg-type]
        except TypeError:  # an unhashable argument: checked below (and refused), not kept
            key = k = None
        if k is None:  # the input's checks, as score_result's (only passed ones kept)
            data = worth_input(hand, win, seat_wind, round_wind, flags, dora)
            check_east_dealer(data)
            INPUTS.check_score(data)
            k = _keywords(data)
            if key is not None:
                if len(_CHECKED) >= _CHECKED_MAX:
                    _CHECKED.clear()
                _CHECKED[key] = k
        best = self._best(hand, k["win"], k["seat_wind"], k["round_wind"], k["flags"], k["dora"])
        return best.value, best.valid

    # ------------------------------------------------------------------ settlement

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Score the winners of a finished deal and settle it (SEI-PAY).

        Only the winners' hands are needed (SEI-SCORE-1; others, when given, are checked).
        ``riichi`` lists the seats whose stakes for a riichi declared in this deal this
        settlement puts on the table (SEI-RIICHI-3), ``riichi_sticks`` the stakes already there;
        the first winner after the discarder takes them all (SEI-RIICHI-6, SEI-PAY-5/6).
        ``extra["discards"]``, when known, gives each seat's own discards: a winner on a discard
        may not claim a tile kind he discarded himself (SEI-PLAY-4, SEI-GAP-5).

        Raises:
            RulesetError: for unknown seats or statuses, or a winner without a double other
                than dora (SEI-SCORE-2).
            InvalidHandError: for an inconsistent deal (:func:`muraglia.scoring.deal.check_roles`:
                several winners on a self-draw, the discarder or a penalised player listed as
                winner, a missing winner's hand, a wrong tile count), or a win on a tile kind the
                winner discarded himself.
        """
        hands, winners, discarder = dict(outcome.hands), outcome.winners, outcome.discarder
        statuses, flags = dict(outcome.status), dict(outcome.flags)
        for seat in hands:
            wind_tile(seat, "seat")
        check_roles(SEATS, winners, discarder, statuses, flags, STATUSES, self.id)
        seats = [s for s in SEATS if s in hands or s in winners]
        parsed = read_deal_hands(hands, seats, winners=winners, statuses=statuses, free=STATUSES)
        declared = declarers(outcome.riichi, winners, flags)
        transfers = [Transfer(s, TABLE, RIICHI_STAKE, "riichi") for s in declared]
        net = dict.fromkeys(SEATS, 0)
        for s in declared:  # SEI-RIICHI-3: the stake goes on the table
            net[s] -= RIICHI_STAKE
        if declared:
            net[TABLE] = RIICHI_STAKE * len(declared)
        if not winners:  # SEI-PLAY-6: a void deal, the stakes stay on the table
            return self._settlement({}, transfers, net, {"rules": self.id})
        scores: dict[str, ScoreResult] = {}
        round_wind = to_wind(outcome.round_wind, "round_wind")
        dora = _tiles(list(outcome.dora), "dora")
        discards = _discards(outcome.extra.get("discards", {}))
        for seat in winners:
            winning = parsed[seat].winning
            furiten = winning is not None and not may_win_on_discard(
                discards.get(seat, ()), winning.kind
            )
            if discarder is not None and furiten:  # SEI-PLAY-4, SEI-GAP-5
                raise InvalidHandError(
                    f"{seat!r} cannot win on {winning!s}: he discarded that tile "
                    "himself earlier in the hand (SEI-PLAY-4)"
                )
            result = self.score_hand(
                parsed[seat],
                win=WinType.TSUMO if discarder is None else WinType.RON,
                seat_wind=to_wind(seat, "seat"),
                round_wind=round_wind,
                flags=frozenset(flags.get(seat, ())),
                dora=dora,
            )
            if not result.valid:
                raise RulesetError(
                    f"{seat!r} has no double other than dora: not a win (SEI-SCORE-2)"
                )
            scores[seat] = result
        for seat, result in scores.items():  # SEI-PAY-6: each winner is paid all three shares
            values = dict.fromkeys(SEATS, 0) | {seat: result.value}
            one = settle(values, winners=(seat,), east="E", terms=SEIPALLE_TERMS, liable=discarder)
            transfers.extend(one.transfers)
            for k, v in one.net.items():
                net[k] += v
        extra: dict[str, Any] = {"rules": self.id}
        pot = outcome.riichi_sticks + len(declared)
        if pot:  # SEI-RIICHI-6, SEI-PAY-5: the stakes on the table go to the winner
            first = stakes_collector(winners, discarder)
            transfers.append(Transfer(TABLE, first, pot * RIICHI_STAKE, "riichi_stakes"))
            net[first] += pot * RIICHI_STAKE
            net[TABLE] = net.get(TABLE, 0) - pot * RIICHI_STAKE
            extra["riichi_stakes"] = {"to": first, "amount": pot * RIICHI_STAKE}
        return self._settlement(scores, transfers, net, extra)

    @staticmethod
    def _settlement(
        scores: Mapping[str, ScoreResult],
        transfers: list[Transfer],
        net: dict[str, int],
        extra: dict[str, Any],
    ) -> Settlement:
        """The typed settlement (its ``to_dict`` prints each transfer's reason)."""
        return Settlement(
            tuple(transfers),
            net,
            {s: r.value for s, r in scores.items()},
            {lang: tuple(settlement_lines(scores, transfers, lang)) for lang in _LANGS},
            extra,
            reasons=True,
        )

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Settle a deal from the ``muraglia settle`` input object (interfaces.md §5)."""
        check_east_dealer(data)
        outcome = replace(
            settle_outcome(data, INPUTS),
            round_wind=data.get("round_wind", "E"),
            riichi_sticks=_riichi_sticks(data),
            riichi=string_list(data.get("riichi", []), "riichi"),
            dora=string_list(data.get("dora", []), "dora"),
            extra={"discards": _discards(data.get("discards", {}))},
        )
        return self.settle(outcome).to_dict()

    # ------------------------------------------------------------------ engine, reference

    def reference_markdown(self) -> str:
        """The generated rules reference, ``docs/rulesets/seipalle.md`` (DESIGN §16)."""
        lines = [
            "# Seipalle (`seipalle`) — scoring reference",
            "",
            "<!-- generated from src/muraglia/rulesets/seipalle; do not edit by hand -->",
            "",
            "Florence club (Seipalle) Japanese riichi/dora game with Italian points and doubles.",
            "Source: seed 003; rule ids refer to `spec/seipalle.md`.",
            "",
            *_INTRO,
            "",
            "| id | English | Italiano | unit | closed | open | rule |",
            "|---|---|---|---|---|---|---|",
        ]
        for p in self.patterns:
            closed = "limit" if p.limit else ("–" if p.closed is None else str(p.closed))
            opened = "limit" if p.limit else ("–" if p.open is None else str(p.open))
            lines.append(
                f"| `{p.id}` | {p.names['en']} | {p.names['it']} | {p.unit} | {closed} "
                f"| {opened} | {p.ref} |"
            )
        lines += ["", "Exclusions (the first includes the others):", ""]
        lines += [
            f"- `{p.id}`: " + ", ".join(f"`{x}`" for x in p.excludes)
            for p in self.patterns
            if p.excludes
        ]
        lines += [
            "",
            *_DISCARDS,
            "",
            *INPUTS.markdown(),
            "",
            *decisions_markdown(
                decisions.SPEC_DECISIONS, decisions.PROGRAM_DECISIONS, decisions.NOT_APPLIED
            ),
        ]
        return "\n".join(lines) + "\n"
