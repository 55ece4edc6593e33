"""Legal-action generation of a deal (split from ``state.py``).

What the seat in turn may do, who may claim a discard, whether a hand may win and with which
engine facts.

Every rule question goes to the deal's flow; these functions only enumerate what the hands
allow and ask the flow.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any, Protocol

from muraglia.analysis.shanten import DeltaShanten, shanten_all
from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Declare,
    Discard,
    NoDiscard,
    Pass,
    Pung,
    Win,
)
from muraglia.engine.seats import SeatRecords
from muraglia.errors import MahjongError
from muraglia.hand import Hand
from muraglia.melds import Meld, MeldKind
from muraglia.rulesets.base import CallKind, DealFlow, DealView, SeatStatus, wind_letter
from muraglia.tiles import COPIES, NUM_KINDS, NUM_SUITED, RANKS, Tile


class LegalDeal(DealView, SeatRecords, Protocol):
    """What legal-action generation reads of a deal (the engine's ``DealState``).

    Beyond :class:`~muraglia.rulesets.base.DealView` (which it hands on to the flow's hooks):
    the per-seat records, the tile in hand or in the claim window, and the turn's facts.
    """

    @property
    def flow(self) -> DealFlow[Any]:
        """The ruleset's hooks."""
        ...  # pragma: no cover

    @property
    def drew_replacement(self) -> bool:
        """``drawn`` came from the dead wall."""
        ...  # pragma: no cover

    @property
    def claim_from(self) -> int:
        """The seat whose tile is in the claim window."""
        ...  # pragma: no cover

    @property
    def first(self) -> int:
        """The seat that played first (East, or the next seat after a dead East)."""
        ...  # pragma: no cover

    def hand_of(self, seat: int, winning: Tile | None = None, *, red: bool = False) -> Hand:
        """``seat``'s hand, ``winning`` set apart."""
        ...  # pragma: no cover


_TILES: tuple[Tile, ...] = tuple(Tile(k) for k in range(NUM_KINDS))
_PUNG_NEEDS = 2
"""Copies of a discard's kind a hand must hold to pung it."""

_SEATS = range(4)
_DISCARD: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(Discard(s, t) for t in _TILES) for s in _SEATS
)
"""Interned plain discards by seat and kind (actions are immutable: building them is the cost)."""
_PASS: tuple[Pass, ...] = tuple(Pass(s) for s in _SEATS)
_WIN: tuple[Win, ...] = tuple(Win(s) for s in _SEATS)
_PUNG: tuple[Pung, ...] = tuple(Pung(s) for s in _SEATS)
_CLAIM_KONG: tuple[ClaimKong, ...] = tuple(ClaimKong(s) for s in _SEATS)


def facts_self(deal: LegalDeal, seat: int) -> frozenset[str]:
    """Engine facts of a self-drawn win by ``seat`` now."""
    facts = set()
    if deal.drew_replacement:
        facts.add("replacement")
    elif deal.live_count == 0:
        facts.add("last_tile")
    untouched = deal.calls_made == 0 and deal.kongs_made == 0
    if untouched and not deal.seats[seat].discards:
        facts.add("first_turn")
        if seat == deal.first:
            facts.add("dealer_first")
    return frozenset(facts | riichi_facts(deal, seat))


def facts_discard(deal: LegalDeal, seat: int, *, robbing: bool) -> frozenset[str]:
    """Engine facts of a win by ``seat`` on the tile in the claim window."""
    facts = set()
    if robbing:
        facts.add("robbing_kong")
    elif deal.live_count == 0:
        facts.add("last_discard")
    if (
        not robbing
        and deal.claim_from == deal.first
        and len(deal.discard_log) == 1
        and deal.calls_made == 0
    ):
        facts.add("dealer_first")
    return frozenset(facts | riichi_facts(deal, seat))


def riichi_facts(deal: LegalDeal, seat: int) -> set[str]:
    """``riichi``, ``double_riichi``, ``ippatsu`` as they apply to ``seat``."""
    rec = deal.riichi_seats[seat]
    if not rec.standing:
        return set()
    facts = {"riichi", "double_riichi"} if rec.double else {"riichi"}
    if rec.ippatsu_mark == (len(deal.seats[seat].discards), deal.calls_made + deal.kongs_made):
        facts.add("ippatsu")  # no own discard and no call or kong since the riichi
    return facts


def can_replace(deal: LegalDeal) -> bool:
    """Whether a replacement tile is left anywhere (dead wall or live wall)."""
    return deal.dead_count + deal.live_count > 0


def act_actions(deal: LegalDeal, seat: int) -> list[Action]:  # noqa: PLR0912 - one per action
    """Legal actions of the seat in turn (phase ACT)."""
    if deal.drawn is not None and deal.drawn.is_bonus:  # a bonus tile drawn under riichi
        if deal.live_count == 0 and not deal.flow.table.last_drawer_discards:
            return [NoDiscard(seat)]
        return [Discard(seat, deal.drawn)]
    rec = deal.seats[seat]
    c = rec.counts
    riichi = deal.riichi_seats[seat].standing
    out: list[Action] = []
    sh = None  # with the default is_complete, one shanten answers the win and riichi checks
    if type(deal.flow).is_complete is DealFlow.is_complete:
        sh = shanten_all(c, len(rec.melds))
    if (
        deal.drawn is not None
        and (sh is None or sh < 0)
        and win_value(deal, seat, deal.drawn, self_drawn=True)
    ):
        out.append(_WIN[seat])
    kongs: list[Action] = []
    if can_replace(deal):
        for k in range(NUM_KINDS) if COPIES in c else ():
            if c[k] == COPIES and (not riichi or riichi_kong_ok(deal, seat, k)):
                kongs.append(ConcealedKong(seat, _TILES[k]))
        if deal.drawn is not None and not riichi:
            for m in rec.melds:
                if m.kind is MeldKind.PUNG and c[m.first]:
                    kongs.append(AddedKong(seat, m.first))
        if kongs and not deal.flow.may_kong(deal, seat):
            kongs = []  # e.g. no fifth kong, none on an empty live wall (EMA-KONG-8, EMA-GAP-25)
    out += kongs
    out += [Declare(seat, name) for name in deal.flow.declarations(deal, seat)]
    last = deal.live_count == 0 and deal.drawn is not None
    if last and not deal.flow.table.last_drawer_discards:
        out.append(NoDiscard(seat))  # FIMJ-END-4, RAV-END-1
        return out
    if riichi:
        if deal.drawn is not None:
            out.append(Discard(seat, deal.drawn, red=deal.drawn_red))
        return out
    kinds = list(compress(_TILES, c))
    out += compress(_DISCARD[seat], c)
    out += [Discard(seat, k, riichi=True) for k in riichi_discards(deal, seat, kinds, sh)]
    if deal.red_seats[seat].held:
        return red_discards(deal, seat, out)
    return out


def red_discards(deal: LegalDeal, seat: int, actions: list[Action]) -> list[Action]:
    """The discards of a hand holding red fives (EMA-TILE-2).

    A five of which the seat holds the red one may go as the red five or, while it holds a
    plain one too, as a plain five.
    """
    reds, c = deal.red_seats[seat].held, deal.seats[seat].counts
    out: list[Action] = []
    for a in actions:
        if isinstance(a, Discard) and a.tile in reds:
            if c[a.tile] > 1:
                out.append(a)
            out.append(Discard(seat, a.tile, a.riichi, red=True))
        else:
            out.append(a)
    return out


def waits(deal: LegalDeal, seat: int) -> tuple[Tile, ...]:
    """Kinds that complete ``seat``'s 13 tiles (by the flow's ``is_complete``)."""
    rec = deal.seats[seat]
    return waits_of(deal.flow, rec.counts, len(rec.melds))


def waits_of(flow: DealFlow[Any], counts: list[int], melds: int) -> tuple[Tile, ...]:
    """Kinds that complete 13 tiles of ``counts`` beside ``melds`` melds.

    By the flow's ``is_complete``; ``counts`` is left as it was.
    """
    c = counts
    if type(flow).is_complete is DealFlow.is_complete:  # shanten -1: one table pass
        hand = DeltaShanten(c, melds)
        return tuple(
            _TILES[k] for k in range(NUM_KINDS) if c[k] < COPIES and hand.shanten(add=k) < 0
        )
    out = []
    for k in range(NUM_KINDS):
        if c[k] < COPIES:
            c[k] += 1
            try:
                if flow.is_complete(c, melds):
                    out.append(_TILES[k])
            finally:
                c[k] -= 1
    return tuple(out)


def riichi_discards(
    deal: LegalDeal, seat: int, kinds: Sequence[Tile], shanten: int | None = None
) -> list[Tile]:
    """Discards with which ``seat`` may declare riichi (``shanten``: of the hand, if known)."""
    if deal.riichi_seats[seat].standing or not deal.flow.riichi_possible(deal, seat):
        return []
    rec = deal.seats[seat]
    c = rec.counts
    melds = len(rec.melds)
    if (shanten_all(c, melds) if shanten is None else shanten) > 0:
        return []
    out = []
    for k in kinds:
        c[k] -= 1
        try:
            if shanten_all(c, melds) == 0:
                ws = waits(deal, seat)
                if ws and deal.flow.can_riichi(deal, seat, ws):
                    out.append(k)
        finally:
            c[k] += 1
    return out


def riichi_kong_ok(deal: LegalDeal, seat: int, kind: int) -> bool:
    """A kong under riichi only if the flow allows it and the waits do not change."""
    if not deal.flow.table.riichi_allows_kong:
        return False
    rec = deal.seats[seat]
    c = rec.counts
    if deal.drawn != kind:
        return False
    c[kind] -= 1
    before = waits(deal, seat)
    c[kind] -= 3
    rec.melds.append(Meld.kong(_TILES[kind], concealed=True))
    after = waits(deal, seat)
    rec.melds.pop()
    c[kind] += 4
    return before == after and bool(before) and deal.flow.riichi_kong(deal, seat, _TILES[kind])


def may_wait(deal: LegalDeal, seat: int) -> bool:
    """The flow's ``may_wait`` filter, cached on the seat's concealed tiles and melds."""
    rec = deal.seats[seat]
    key = (bytes(rec.counts), len(rec.melds))
    cached = rec.wait_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    ok = deal.flow.may_wait(rec.counts, len(rec.melds))
    rec.wait_cache = (key, ok)
    return ok


def completes(deal: LegalDeal, seat: int, tile: Tile) -> bool:
    """Whether ``tile`` completes ``seat``'s hand shape (yaku or not; furiten, EMA-FURI-3)."""
    rec = deal.seats[seat]
    if rec.status is SeatStatus.OUT or not may_wait(deal, seat):
        return False
    c = rec.counts
    if c[tile] >= COPIES:
        return False
    c[tile] += 1
    try:
        return deal.flow.is_complete(c, len(rec.melds))
    finally:
        c[tile] -= 1


def claim_options(deal: LegalDeal, seat: int, tile: Tile, *, robbing: bool) -> list[Action]:
    """``seat``'s answers to the tile in the claim window (empty: nothing to claim)."""
    rec = deal.seats[seat]
    if rec.status is SeatStatus.OUT:
        return []
    c = rec.counts
    riichi = deal.riichi_seats[seat].standing
    if (
        (robbing or riichi or (c[tile] < _PUNG_NEEDS and not _chow_shape(c, tile)))
        and not may_wait(deal, seat)
    ):  # fmt: skip
        return []  # the hand allows no call and no win: the flow need not be asked
    allowed = deal.flow.allowed_calls(deal, seat, deal.claim_from, tile)
    out: list[Action] = []
    if (
        CallKind.WIN in allowed
        and may_wait(deal, seat)
        and win_value(deal, seat, tile, self_drawn=False, robbing=robbing)
    ):
        out.append(_WIN[seat])
    if robbing or riichi:
        return [*out, _PASS[seat]] if out else []
    if (
        CallKind.KONG in allowed
        and c[tile] == COPIES - 1
        and can_replace(deal)
        and deal.flow.may_kong(deal, seat)
    ):
        out.append(_CLAIM_KONG[seat])
    reds = deal.red_seats[seat].held
    if CallKind.PUNG in allowed and c[tile] >= _PUNG_NEEDS:
        out.append(_PUNG[seat])
        if tile in reds and c[tile] > _PUNG_NEEDS:  # the red five or a plain one (EMA-TILE-2)
            out.append(Pung(seat, red=True))
    if CallKind.CHOW in allowed and tile.is_suited:
        r = tile.rank
        for lo in (r - 2, r - 1, r):
            if 1 <= lo <= RANKS - 2:
                run = [_TILES[tile - r + lo + i] for i in range(3)]
                others = [t for t in run if t != tile]
                if all(c[t] for t in others):
                    out.append(Chow(seat, tuple(run)))
                    if any(t in reds and c[t] > 1 for t in others):
                        out.append(Chow(seat, tuple(run), red=True))
    return [*out, _PASS[seat]] if out else []


def _chow_shape(c: Sequence[int], tile: int) -> bool:
    """Whether concealed counts ``c`` hold two tiles making a run with suited ``tile``."""
    if tile >= NUM_SUITED:
        return False
    r = tile % RANKS
    lo = c[tile - 1] if r >= 1 else 0
    hi = c[tile + 1] if r < RANKS - 1 else 0
    return bool((lo and (hi or (r > 1 and c[tile - 2]))) or (hi and r < RANKS - 2 and c[tile + 2]))


def win_value(
    deal: LegalDeal, seat: int, tile: Tile, *, self_drawn: bool, robbing: bool = False
) -> tuple[int, frozenset[str]] | None:
    """(value, flags) if ``seat`` may win with ``tile`` (held already when self-drawn)."""
    rec = deal.seats[seat]
    if rec.status is not SeatStatus.ACTIVE:
        return None
    c = rec.counts
    if not self_drawn:
        if c[tile] >= COPIES:
            return None
        c[tile] += 1
    try:
        if not deal.flow.is_complete(c, len(rec.melds)):
            return None
        hand = deal.hand_of(seat, tile, red=deal.drawn_red if self_drawn else deal.claim_red)
    finally:
        if not self_drawn:
            c[tile] -= 1
    facts = facts_self(deal, seat) if self_drawn else facts_discard(deal, seat, robbing=robbing)
    flags = deal.flow.win_flags(deal, seat, tile, self_drawn=self_drawn, facts=facts)
    value = deal.flow.win_value(deal, seat, hand, self_drawn=self_drawn, flags=flags)
    return None if value is None else (value, flags)


def win_patterns(
    deal: LegalDeal,
    seat: int,
    hand: str,
    discarder: int | None,
    flags: Sequence[str],
    *,
    ura: Sequence[str] = (),
) -> tuple[tuple[tuple[str, str, str], ...], int | None]:
    """The patterns of ``seat``'s winning ``hand`` as ``(id, it, en)``, and its value.

    From the ruleset's ``score_dict`` (the public scorer), with the deal's winds, flags, dora
    indicators and the ``ura`` indicators revealed at the win (the settlement's own); no
    patterns and no value if that scorer refuses the hand.
    """
    data: dict[str, Any] = {
        "hand": hand,
        "win": "tsumo" if discarder is None else "ron",
        "seat_wind": wind_letter(deal.seat_wind(seat)),
        "round_wind": wind_letter(deal.round_wind),
        "flags": list(flags),
        "dora": [t.notation for t in deal.indicators],
    }
    if ura:
        data["ura"] = list(ura)
    if discarder is not None:
        data["discarder"] = wind_letter(deal.seat_wind(discarder))
    try:
        result = deal.flow.ruleset.score_dict(data)
    except MahjongError:
        return (), None
    patterns = tuple(
        (str(p["id"]), str(p.get("it", p["en"])), str(p["en"])) for p in result.get("patterns", ())
    )
    value = result.get("value")
    return patterns, (int(value) if result.get("valid_win") and value is not None else None)
