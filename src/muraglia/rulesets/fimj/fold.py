"""The FIMJ fold of one layout: points, doubles, the 2-point rule, the limit, the massimi.

Order of evaluation (FIMJ-SCORE-8): the ruleset enumerates the layouts (and, for a claimed
winning tile, which set it completed, FIMJ-GAP-26) as :class:`WinContext`s; for each,
:func:`fold` sums the points, counts the fundamental doubles (2-point condition, FIMJ-GAP-1)
and the closing doubles (winner only) and caps the value at the limit (FIMJ-LIMIT-2) with the
shared classical fold (:func:`muraglia.scoring.classical.hand_value`: points × 2^doubles);
a massimo is paid its fixed value instead (FIMJ-SCORE-5); :func:`rank` orders
the layouts (FIMJ-HAND-5, FIMJ-GAP-25). Every pattern is found by the shared table
(:meth:`PatternTable.find`), which leaves the ``won_only`` ones out of a non-winner's layout.

>>> from muraglia.notation import parse_hand
>>> from muraglia.scoring.layouts import complete_layouts
>>> from muraglia.scoring.context import WinType
>>> hand = parse_hand("678p33p [555s] 777z [234m] 2f +6p")
>>> ctx = WinContext(hand, complete_layouts(hand)[0], None, WinType.RON, Tile.SOUTH, Tile.EAST)
>>> f = fold(ctx, limit=1000, strict_two_points=False)
>>> f is not None and (f.points, f.doubles, f.value)
(34, 2, 136)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.scoring.classical import hand_value
from muraglia.scoring.context import WinContext
from muraglia.scoring.result import Award
from muraglia.tiles import Tile

from .patterns import PATTERNS, Category, category_of

__all__ = ["MAHJONG_POINTS", "Fold", "fold", "lines", "located", "rank"]

MAHJONG_POINTS = 20
"""The winner's points for going out (FIMJ-PTS-P13), apart from the 2-point condition."""
_TWO_POINTS = 2
"""Fundamental doubles need at least 2 hand points (FIMJ-DBL-2, FIMJ-GAP-1)."""
_NOT_PER_GROUP = frozenset({"bonus_tile", "mahjong"})
"""Point items not earned by a group (flowers and seasons, going out)."""


@dataclass(frozen=True)
class Fold:
    """The value of one layout of a hand (winner: *V'*; non-winner: *S*)."""

    ctx: WinContext
    """The layout and situation (``win`` is ``none`` for a non-winner)."""
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
        return self.ctx.won

    @property
    def massimo(self) -> Award | None:
        """The limit hand paid, if any."""
        return next((a for a in self.awards if a.category == Category.LIMIT), None)


_CATEGORIES: dict[str | None, Category] = {c.value: c for c in Category}


def _category(award: Award) -> Category:
    """The award's category (:func:`category_of` its pattern, for one declared without)."""
    category = _CATEGORIES.get(award.category)
    return category if category is not None else category_of(PATTERNS[award.id])


def fold(
    ctx: WinContext, *, limit: int, strict_two_points: bool, special: str | None = None
) -> Fold | None:
    """The value of one layout: its massimo if it has one, else its points × 2^doubles.

    ``special``: the massimo a special shape must be (FIMJ-HAND-3): the layout is then paid
    only as that limit hand, and is no Mah-Jong at all (None) if its conditions fail.
    """
    awards = PATTERNS.resolve(PATTERNS.find(ctx), concealed=ctx.is_concealed)
    read: list[tuple[Award, Category]] = [(a, _category(a)) for a in awards]  # read once
    limits = [a for a, c in read if c is Category.LIMIT]
    base = None
    if special is None:
        others: list[tuple[Award, Category]] = [(a, c) for a, c in read if c is not Category.LIMIT]
        base = _ordinary(ctx, others, limit=limit, strict_two_points=strict_two_points)
    paid = _massimo(ctx, limits, base, special)
    return paid if paid is not None or special is not None else base


def _ordinary(
    ctx: WinContext,
    awards: list[tuple[Award, Category]],
    *,
    limit: int,
    strict_two_points: bool,
) -> Fold:
    """Points, doubles and value of a layout without its massimi (FIMJ-SCORE-1…4).

    ``awards``: each with its category.
    """
    points = sum(a.value for a, c in awards if c is Category.POINTS)
    combination = points - (MAHJONG_POINTS if ctx.won else 0)
    # FIMJ-DBL-2, FIMJ-GAP-1: fundamental doubles need 2 hand points; the winner's base always
    # includes the 20 unless the strict option applies the condition to combination points too.
    fundamentals_apply = (
        (combination >= _TWO_POINTS) if (strict_two_points or not ctx.won) else True
    )
    kept = [a for a, c in awards if fundamentals_apply or c is not Category.FUNDAMENTAL]
    ignored = tuple(a for a, c in awards if not fundamentals_apply and c is Category.FUNDAMENTAL)
    doubles = sum(
        a.value
        for a, c in awards
        if c is not Category.POINTS and (fundamentals_apply or c is not Category.FUNDAMENTAL)
    )
    raw = points << doubles
    value = hand_value(points, doubles, limit=limit)
    return Fold(
        ctx, tuple(kept), ignored, points, doubles, raw, value, "limit" if raw > limit else None
    )


def _massimo(
    ctx: WinContext, hits: list[Award], base: Fold | None, special: str | None
) -> Fold | None:
    """The limit hand paid, at its fixed value (FIMJ-SCORE-5), or None; ``base`` is shown."""
    if special is not None and not any(a.id == special for a in hits):
        return None  # a special shape whose massimo's conditions fail is no Mah-Jong
    if not hits:
        return None
    best = max(hits, key=lambda a: a.value)  # FIMJ-GAP-32: the highest, once (table order)
    points = base.points if base else 0
    doubles = base.doubles if base else 0
    return Fold(ctx, (best,), (), points, doubles, points << doubles, best.value, "massimo")


def rank(score: Fold) -> tuple[int, int, int, int]:
    """Order of layouts: value, then unlimited value, points, and doubles shown (FIMJ-GAP-25)."""
    shown = score.doubles + sum(a.value for a in score.ignored)
    return (score.value, score.raw, score.points, shown)


def located(score: Fold) -> Fold:
    """The chosen fold with the tiles of each award (run once, never on the layouts searched)."""
    ctx = score.ctx
    return replace(
        score,
        awards=PATTERNS.locate(ctx, score.awards),
        ignored=PATTERNS.locate(ctx, score.ignored),
    )


_GROUP_POINTS: dict[tuple[int, GroupKind, Tile, bool, Tile, Tile], int] = {}
"""Points of one group by (table version, kind, tile, concealed, seat and round wind)."""


def _group_points(ctx: WinContext, group: Group) -> int:
    """Points of one group, from the same point items (FIMJ-PTS-P01…P11), cached."""
    key = (PATTERNS.version, group.kind, group.tile, group.concealed, ctx.seat_wind, ctx.round_wind)
    points = _GROUP_POINTS.get(key)
    if points is None:
        single = WinContext(
            ctx.hand,
            Decomposition(ctx.decomposition.shape, (group,)),
            None,
            ctx.win,
            ctx.seat_wind,
            ctx.round_wind,
            ctx.flags,
        )
        points = sum(
            (p.closed or 0) * int(p.predicate(single))
            for p in PATTERNS
            if category_of(p) is Category.POINTS and p.id not in _NOT_PER_GROUP
        )
        _GROUP_POINTS[key] = points
    return points


def lines(score: Fold, lang: str, *, limit: int) -> list[str]:
    """Explain a fold line by line in ``lang`` (``it`` or ``en``)."""
    it = lang == "it"
    pts, dbl = ("punti", "raddoppi") if it else ("points", "doubles")
    one_dbl = "raddoppio" if it else "double"
    out: list[str] = []
    best = score.massimo
    if best is not None:
        label = "Massimo" if it else "Limit hand"
        out.append(f"{label}: {best.names[lang]} ({best.ref}) = {best.value}")
        return out
    ctx = score.ctx
    for group in ctx.groups:
        shown = str(group) if group.concealed or group.meld else f"[{group}]"
        out.append(f"{shown}: {_group_points(ctx, group)} {pts}")
    for award in score.awards:
        cat = _category(award)
        if cat is Category.POINTS and award.id in _NOT_PER_GROUP:
            out.append(
                f"{award.names[lang]} ({award.ref}): "
                f"{award.count} × {award.value // award.count} = {award.value} {pts}"
            )
        elif cat in (Category.FUNDAMENTAL, Category.CLOSING):
            kind = (
                ("fondamentale" if cat is Category.FUNDAMENTAL else "da chiusura")
                if it
                else str(cat)
            )
            out.append(
                f"{award.names[lang]} ({award.ref}, {kind}): "
                f"{award.value} {one_dbl if award.value == 1 else dbl}"
            )
    for award in score.ignored:
        why = "meno di 2 punti, non conta" if it else "fewer than 2 points, not counted"
        out.append(f"{award.names[lang]} ({award.ref}): {why}")
    out.append(f"Base: {score.points} × 2^{score.doubles} = {score.raw}")
    if score.limit == "limit":
        out.append(f"{'Limite' if it else 'Limit'} {limit}: {score.value}")
    else:
        out.append(f"{'Valore' if it else 'Value'}: {score.value}")
    return out
