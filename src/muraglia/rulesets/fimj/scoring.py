"""FIMJ scoring fold: the best layout of a hand, its points, doubles, limit and explanation.

Order of evaluation (FIMJ-SCORE-8): enumerate layouts (and, for a claimed winning tile, which
set it completed, FIMJ-GAP-26); test the massimi; for each layout sum the points, count the
fundamental doubles (2-point condition, FIMJ-GAP-1) and the closing doubles (winner only); keep
the highest value (FIMJ-HAND-5); cap at the limit (FIMJ-LIMIT-2) unless it is a massimo.

>>> from muraglia.notation import parse_hand
>>> from muraglia.tiles import Tile
>>> s = score_hand(parse_hand("678p33p [555s] 777z [234m] 2f +6p"), winner=True,
...                self_drawn=False, seat_wind=Tile.SOUTH, round_wind=Tile.EAST)
>>> s.points, s.doubles, s.value
(34, 2, 136)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from muraglia.analysis.groups import Group, GroupKind
from muraglia.analysis.shanten import shanten_all
from muraglia.analysis.shapes import (
    SIAMESE_SNAKES,
    SMALL_SNAKE,
    SNAKE_OF_DRAGONS,
    THIRTEEN_ORPHANS,
)
from muraglia.errors import InvalidHandError
from muraglia.hand import Hand, HandStatus
from muraglia.rulesets.fimj.hands import FimjContext, partial_layouts
from muraglia.rulesets.fimj.patterns import PATTERNS, Category
from muraglia.scoring.classical import hand_value
from muraglia.scoring.layouts import claimed_readings, complete_layouts
from muraglia.scoring.locate import sources
from muraglia.scoring.result import Award
from muraglia.tiles import DRAGONS, NUM_KINDS, TERMINALS_AND_HONORS, WINDS, Tile

__all__ = [
    "FLAGS",
    "Award",
    "FimjScore",
    "last_piece_wait",
    "may_complete",
    "maybe_special",
    "score_hand",
    "waiting_kinds",
]

FLAGS: dict[str, tuple[str, str]] = {
    "riichi": ("C16", "won after a valid riichi"),
    "replacement": ("C07", "winning tile drawn from the dead wall"),
    "robbing_kong": ("C08", "won by robbing a kong"),
    "last_of_kind": ("C09", "winning tile is the last available copy (ultimo pezzo)"),
    "last_discard": ("C10", "won on the last discard"),
    "last_tile": ("C11", "won with the last live tile"),
    "within_fifteenth": ("C13", "no more than 15 discards made"),
    "first_turn": ("M03", "exit of the Gods: East's initial 14 tiles or East's first discard"),
}
"""Situation flags read by the FIMJ scorer: flag → (spec item, meaning)."""

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


@dataclass(frozen=True)
class FimjScore:
    """The value of one player's hand (winner: *V'*; non-winner: *S*)."""

    context: FimjContext
    """The chosen layout and situation."""
    awards: tuple[Award, ...]
    """Every element earned (fundamental doubles dropped under the 2-point rule are listed in
    ``ignored``)."""
    ignored: tuple[Award, ...]
    """Fundamental doubles not applied because of the 2-point condition (FIMJ-GAP-1)."""
    points: int
    """Base: combination points plus 20 for Mah-Jong (FIMJ-SCORE-2, -6)."""
    doubles: int
    """Doubles applied."""
    raw: int
    """points × 2^doubles before the limit."""
    value: int
    """Value after the limit, or the massimo's fixed value (FIMJ-SCORE-4/5)."""
    limit: str | None
    """``massimo``, ``limit`` (capped at *L*) or None."""

    @property
    def winner(self) -> bool:
        """Whether this is a winner's score."""
        return self.context.winner

    @property
    def massimo(self) -> Award | None:
        """The limit hand paid, if any."""
        return next((a for a in self.awards if a.category == Category.LIMIT), None)

    def lines(self, lang: str, *, limit: int) -> list[str]:
        """Explain the score line by line in ``lang`` (``it`` or ``en``)."""
        it = lang == "it"
        pts, dbl = ("punti", "raddoppi") if it else ("points", "doubles")
        one_dbl = "raddoppio" if it else "double"
        out: list[str] = []
        massimo = self.massimo
        if massimo is not None:
            name = massimo.names[lang]
            label = "Massimo" if it else "Limit hand"
            out.append(f"{label}: {name} ({massimo.ref}) = {massimo.value}")
            return out
        for group in self.context.groups:
            gp = _group_points(self.context, group)
            shown = str(group) if group.concealed or group.meld else f"[{group}]"
            out.append(f"{shown}: {gp} {pts}")
        for award in self.awards:
            cat = award.category
            if cat == Category.POINTS and award.id in ("bonus_tile", "mahjong"):
                out.append(
                    f"{award.names[lang]} ({award.ref}): "
                    f"{award.count} × {award.value // award.count} = {award.value} {pts}"
                )
            elif cat in (Category.FUNDAMENTAL, Category.CLOSING):
                kind = (
                    ("fondamentale" if cat == Category.FUNDAMENTAL else "da chiusura")
                    if it
                    else str(cat)
                )
                out.append(
                    f"{award.names[lang]} ({award.ref}, {kind}): "
                    f"{award.value} {one_dbl if award.value == 1 else dbl}"
                )
        for award in self.ignored:
            why = "meno di 2 punti, non conta" if it else "fewer than 2 points, not counted"
            out.append(f"{award.names[lang]} ({award.ref}): {why}")
        out.append(f"Base: {self.points} × 2^{self.doubles} = {self.raw}")
        if self.limit == "limit":
            out.append(f"{'Limite' if it else 'Limit'} {limit}: {self.value}")
        else:
            out.append(f"{'Valore' if it else 'Value'}: {self.value}")
        return out


_GROUP_POINTS: dict[tuple[GroupKind, Tile, bool, Tile, Tile], int] = {}
"""Points of one group by (kind, tile, concealed, seat wind, round wind), filled on demand."""


def _group_points(ctx: FimjContext, group: Group) -> int:
    """Points of one group, from the same point items (FIMJ-PTS-P01…P11), cached."""
    key = (group.kind, group.tile, group.concealed, ctx.seat_wind, ctx.round_wind)
    points = _GROUP_POINTS.get(key)
    if points is None:
        single = replace(ctx, groups=(group,))
        points = sum(
            p.value * p.count(single)
            for p in PATTERNS
            if p.category is Category.POINTS and p.id not in ("bonus_tile", "mahjong")
        )
        _GROUP_POINTS[key] = points
    return points


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


def waiting_kinds(hand13: Hand, *, four_as_two_pairs: bool = True) -> tuple[Tile, ...]:
    """The tile kinds that would make the 13-tile ``hand13`` a FIMJ Mah-Jong.

    A kind of which the hand already holds four copies is no wait (there is no fifth tile).
    A wait counts even if every other copy is visible: "anche se una di queste è morta"
    (FIMJ-RICHI-1).

    Only the kinds that pass :func:`may_complete` (the necessary condition the engine's win
    check uses) are scored; the others cannot complete the hand.
    (:func:`_waiting_kinds_reference` scores all 34, and the tests compare the two.)

    >>> from muraglia.notation import parse_hand
    >>> waiting_kinds(parse_hand("234m 567m 678p 3455s"))
    (<Tile.S2: 19>, <Tile.S5: 22>)
    """
    concealed = list(hand13.concealed_counts)
    melds = len(hand13.melds)
    if sum(concealed) + 3 * melds != 13 or melds > 4:  # not a 13-tile hand: no shortcut
        return _waiting_kinds_reference(hand13, four_as_two_pairs=four_as_two_pairs)
    counts = hand13.counts
    bare = Hand(hand13.concealed, hand13.melds, hand13.bonus)
    out = []
    for kind in range(NUM_KINDS):
        if counts[kind] >= 4:
            continue
        concealed[kind] += 1
        possible = may_complete(concealed, melds, four_as_two_pairs=four_as_two_pairs)
        concealed[kind] -= 1
        if possible and _completes(bare, kind, four_as_two_pairs=four_as_two_pairs):
            out.append(Tile(kind))
    return tuple(out)


def _waiting_kinds_reference(hand13: Hand, *, four_as_two_pairs: bool) -> tuple[Tile, ...]:
    """:func:`waiting_kinds` by scoring the hand with each of the 34 kinds (the reference)."""
    counts = hand13.counts
    bare = Hand(hand13.concealed, hand13.melds, hand13.bonus)
    return tuple(
        Tile(kind)
        for kind in range(NUM_KINDS)
        if counts[kind] < 4 and _completes(bare, kind, four_as_two_pairs=four_as_two_pairs)
    )


def _completes(bare: Hand, kind: int, *, four_as_two_pairs: bool) -> bool:
    """Whether ``bare`` with the winning tile ``kind`` is a FIMJ Mah-Jong (the scorer says)."""
    try:
        score_hand(
            bare.with_winning(Tile(kind)),
            winner=True,
            self_drawn=True,
            seat_wind=Tile.EAST,
            round_wind=Tile.EAST,
            four_as_two_pairs=four_as_two_pairs,
        )
    except InvalidHandError:
        return False
    return True


def may_complete(counts: Sequence[int], melds: int, *, four_as_two_pairs: bool) -> bool:
    """A necessary condition for concealed ``counts`` and ``melds`` to be a FIMJ Mah-Jong.

    Four sets and a pair or seven pairs (shanten -1), seven pairs with four alike as two
    pairs (FIMJ-GAP-11), or a hand that may be a special-shape massimo (FIMJ-HAND-3; only the
    scorer decides). The engine's win check (``FimjFlow.is_complete``) is this function.
    """
    if shanten_all(counts, melds) == -1:
        return True
    if melds == 0 and 1 not in counts and 3 not in counts:  # every count 0, 2 or 4
        return four_as_two_pairs
    return maybe_special(counts, melds)


def maybe_special(counts: Sequence[int], melds: int) -> bool:
    """Necessary conditions of the special-shape massimi (FIMJ-MAX M04, M07, M08, M09)."""
    if counts[27] == counts[28] == counts[29] == counts[30] == 1:  # small snake (all winds)
        suits = [s for s in range(3) if any(counts[s * 9 : s * 9 + 9])]
        return (
            sum(counts[d] for d in DRAGONS) == 1
            and len(suits) == 1
            and max(counts[suits[0] * 9 : suits[0] * 9 + 9]) == 1
        )
    if melds:
        return False
    if all(counts[t] for t in TERMINALS_AND_HONORS):
        return True  # thirteen marvellous lanterns
    if all(counts[d] == 1 for d in DRAGONS):  # snake of the dragons
        return sorted(counts[w] for w in WINDS) == [0, 0, 0, 2]
    if any(counts[27:]) or sum(counts) != 14:
        return False
    runs = [s for s in range(3) if all(counts[s * 9 + r] == 1 for r in range(7))]
    return len(runs) == 2  # Siamese snakes


def last_piece_wait(
    waits: Iterable[Tile], winning: Tile, concealed13: Sequence[int]
) -> tuple[str, Tile | None] | None:
    """Which case of "ultimo pezzo" the wait is (FIMJ-DBL-4), and the other tile to be dead.

    "Si è in attesa di un solo pezzo" (case 1: a single wait for the pair or a one-tile set),
    "su due coppie" whose other tile has no copy left (case 2), "su scala bilaterale" whose
    other tile has no copy left (case 3). ``concealed13`` are the 34-counts of the concealed
    tiles before the winning one. Returns ``("single", None)``, ``("two_pairs", other)``,
    ``("two_sided", other)``, or None for any other wait (three kinds or more, two single
    waits, ...), which can never be a last piece.

    >>> last_piece_wait([Tile.S5], Tile.S5, [0] * 34)
    ('single', None)
    >>> from muraglia.notation import parse_hand
    >>> c = parse_hand("234m 567m 678p 11z 34s").concealed_counts
    >>> last_piece_wait([Tile.S2, Tile.S5], Tile.S5, c)
    ('two_sided', <Tile.S2: 19>)
    >>> c = parse_hand("234m 567m 678p 3456s").concealed_counts  # two single waits
    >>> last_piece_wait([Tile.S3, Tile.S6], Tile.S6, c) is None
    True
    """
    kinds = sorted(set(waits))
    if kinds == [winning]:
        return ("single", None)
    if len(kinds) != 2 or winning not in kinds:
        return None
    other = kinds[0] if kinds[1] == winning else kinds[1]
    if all(concealed13[k] >= 2 and _rest_is_complete(concealed13, {k: 2}) for k in kinds):
        return ("two_pairs", other)  # the pair of either tile becomes the pung
    low, high = kinds
    if (
        low.is_suited
        and high.is_suited
        and low.suit == high.suit
        and high.rank - low.rank == 3
        and _rest_is_complete(concealed13, {Tile(low + 1): 1, Tile(low + 2): 1})
    ):
        return ("two_sided", other)  # the two tiles between wait on either end
    return None


def _rest_is_complete(counts: Sequence[int], remove: dict[Tile, int]) -> bool:
    """Whether ``counts`` less ``remove`` (a partial set) are sets and one pair."""
    rest = list(counts)
    for kind, n in remove.items():
        rest[kind] -= n
        if rest[kind] < 0:
            return False
    total = sum(rest)
    return total % 3 == 2 and shanten_all(rest, (14 - total) // 3) == -1


def _check_riichi(hand: Hand, flags: frozenset[str], *, four_as_two_pairs: bool) -> None:
    """FIMJ-RICHI-1, FIMJ-GAP-20: a riichi stands only on a wait on exactly one tile kind."""
    if "riichi" not in flags or hand.winning is None:
        return
    waits = waiting_kinds(
        Hand(hand.concealed, hand.melds, hand.bonus), four_as_two_pairs=four_as_two_pairs
    )
    if len(waits) > 1:
        shown = ", ".join(t.notation for t in waits)
        raise InvalidHandError(
            f"false riichi (FIMJ-PEN-4): {hand.notation!r} waited on {shown}; riichi needs a "
            "wait on exactly one tile kind, not a two-sided chow or two pairs even if one is "
            "dead (FIMJ-RICHI-1, FIMJ-GAP-20); settle the seat with status false_riichi"
        )


def _check_last_piece(hand: Hand, flags: frozenset[str], *, four_as_two_pairs: bool) -> None:
    """FIMJ-DBL-4: the flag ``last_of_kind`` needs a wait of cases 1–3."""
    if "last_of_kind" not in flags or hand.winning is None:
        return
    bare = Hand(hand.concealed, hand.melds, hand.bonus)
    waits = waiting_kinds(bare, four_as_two_pairs=four_as_two_pairs)
    if last_piece_wait(waits, hand.winning.kind, bare.concealed_counts) is None:
        shown = ", ".join(t.notation for t in waits)
        raise InvalidHandError(
            f"ultimo pezzo (FIMJ-DBL-4) on {hand.notation!r}, which waited on {shown}: the "
            "winner must wait on that one tile, or on two pairs or a two-sided chow whose "
            "other tile is dead"
        )


def _evaluate(ctx: FimjContext, *, limit: int, strict_two_points: bool) -> FimjScore:
    awards: list[Award] = []
    for p in PATTERNS:
        if p.category is Category.LIMIT:
            continue
        n = p.count(ctx)
        if n:
            awards.append(p.award(n))
    points = sum(a.value for a in awards if a.category == Category.POINTS)
    combination = points - (20 if ctx.winner else 0)
    # FIMJ-DBL-2, FIMJ-GAP-1: fundamental doubles need 2 hand points; the winner's base always
    # includes the 20 unless the strict option applies the condition to combination points too.
    fundamentals_apply = (combination >= 2) if (strict_two_points or not ctx.winner) else True
    kept = [a for a in awards if a.category != Category.FUNDAMENTAL or fundamentals_apply]
    ignored = tuple(a for a in awards if a not in kept)
    doubles = sum(a.value for a in kept if a.category != Category.POINTS)
    raw = points << doubles
    value = hand_value(points, doubles, limit=limit)
    return FimjScore(
        ctx, tuple(kept), ignored, points, doubles, raw, value, "limit" if raw > limit else None
    )


def _massimo(ctx: FimjContext, base: FimjScore | None) -> FimjScore | None:
    hits = [p.award(1) for p in PATTERNS if p.category is Category.LIMIT and p.count(ctx)]
    own = _SPECIAL_SHAPES.get(ctx.shape)
    if own is not None and not any(a.id == own for a in hits):
        return None  # a special shape whose massimo's conditions fail is no Mah-Jong
    if not hits:
        return None
    best = max(hits, key=lambda a: a.value)  # FIMJ-GAP-32: the highest, once
    value = best.value
    points = base.points if base else 0
    doubles = base.doubles if base else 0
    return FimjScore(ctx, (best,), (), points, doubles, points << doubles, value, "massimo")


def _rank(score: FimjScore) -> tuple[int, int, int, int]:
    """Order of layouts: value, then unlimited value, points, and doubles shown (FIMJ-GAP-25)."""
    shown = score.doubles + sum(a.value for a in score.ignored)
    return (score.value, score.raw, score.points, shown)


def score_hand(
    hand: Hand,
    *,
    winner: bool,
    self_drawn: bool = False,
    seat_wind: Tile,
    round_wind: Tile,
    flags: Iterable[str] = (),
    limit: int = 1000,
    strict_two_points: bool = False,
    four_as_two_pairs: bool = True,
) -> FimjScore:
    """Score one player's hand: *V'* for the winner, *S* for a non-winner (FIMJ-SCORE).

    Args:
        hand: the hand; a winner's has its winning tile (``+X``), a non-winner's has none.
        winner: whether the player made Mah-Jong.
        self_drawn: whether the winning tile was drawn (False: claimed from a discard).
        seat_wind: the player's own wind.
        round_wind: the round wind.
        flags: situation flags (see :data:`FLAGS`), winner only.
        limit: the limit *L* (FIMJ-LIMIT-1).
        strict_two_points: apply the 2-point condition to the winner's combination points too.
        four_as_two_pairs: four identical concealed tiles may be two of seven pairs (FIMJ-GAP-11).

    Returns:
        The best-valued score.

    Raises:
        InvalidHandError: if a winner's hand is not complete, the tile count is wrong, or the
            flags contradict the win (e.g. ``robbing_kong`` with a self-drawn tile).
    """
    flag_set = frozenset(flags)
    _check_hand(hand, winner=winner)
    _check_flags(flag_set, self_drawn=self_drawn, winner=winner)
    _check_riichi(hand, flag_set, four_as_two_pairs=four_as_two_pairs)
    _check_last_piece(hand, flag_set, four_as_two_pairs=four_as_two_pairs)
    if seat_wind not in (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH):
        raise InvalidHandError(f"seat wind {seat_wind!r} is not a wind")

    def ctx(groups: tuple[Group, ...], shape: str) -> FimjContext:
        return FimjContext(
            hand, groups, shape, seat_wind, round_wind, winner, self_drawn and winner, flag_set
        )

    best: FimjScore | None = None
    best_massimo: FimjScore | None = None

    def keep(score: FimjScore) -> None:
        # FIMJ-SCORE-5, FIMJ-LIMIT-4: a limit hand is paid its fixed value, "regardless of the
        # points and of the limit", even where a higher limit option would pay an ordinary
        # reading more; among massimi the highest is paid once (FIMJ-GAP-32).
        nonlocal best, best_massimo
        if score.limit == "massimo":
            if best_massimo is None or _rank(score) > _rank(best_massimo):
                best_massimo = score
        elif best is None or _rank(score) > _rank(best):
            best = score

    if not winner:
        valued = frozenset({seat_wind, round_wind, *DRAGONS})
        for layout in partial_layouts(hand, valued_pairs=valued):
            keep(_evaluate(ctx(layout, "partial"), limit=limit, strict_two_points=False))
        assert best is not None  # partial_layouts always yields at least the empty layout
        return _located(best)
    assert hand.winning is not None
    layouts = complete_layouts(
        hand,
        seven_pairs=True,
        four_as_two_pairs=four_as_two_pairs,
        thirteen_orphans=True,
        special=(SNAKE_OF_DRAGONS, SMALL_SNAKE, SIAMESE_SNAKES),
    )
    for decomposition in layouts:
        if decomposition.shape in _SPECIAL_SHAPES:  # FIMJ-HAND-3: only as a limit hand
            special = _massimo(ctx(decomposition.groups, decomposition.shape), None)
            if special is not None:
                keep(special)
            continue
        # FIMJ-GAP-26: the set a claimed winning tile completed is exposed.
        for reading in claimed_readings(decomposition, hand.winning.kind, self_drawn=self_drawn):
            c = ctx(reading.groups, reading.shape)
            score = _evaluate(c, limit=limit, strict_two_points=strict_two_points)
            keep(_massimo(c, score) or score)
    best = best_massimo or best
    if best is None:
        raise InvalidHandError(f"{hand.notation!r} is not a complete FIMJ hand (FIMJ-HAND)")
    return _located(best)


def _located(score: FimjScore) -> FimjScore:
    """The chosen score with the tiles of each award (never the layouts searched)."""
    c = score.context
    by_id = {p.id: p for p in PATTERNS}  # the table as it is now (patterns may be added)

    def located(a: Award) -> Award:
        return replace(a, tiles=sources(c.hand, by_id[a.id].locate(c)))

    return replace(
        score,
        awards=tuple(located(a) for a in score.awards),
        ignored=tuple(located(a) for a in score.ignored),
    )
