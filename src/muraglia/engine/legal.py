"""Legal-action generation of a deal (split from ``state.py``).

What the seat in turn may do, who may claim a discard, whether a hand may win and with which
engine facts.

Every rule question goes to the deal's flow; these functions only enumerate what the hands
allow and ask the flow.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

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
from muraglia.errors import MahjongError
from muraglia.melds import Meld, MeldKind
from muraglia.rulesets.base import CallKind, DealFlow, SeatStatus, wind_letter
from muraglia.tiles import NUM_KINDS, Tile

if TYPE_CHECKING:
    from muraglia.engine.state import DealState

_TILES: tuple[Tile, ...] = tuple(Tile(k) for k in range(NUM_KINDS))

_SEATS = range(4)
_DISCARD: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(Discard(s, t) for t in _TILES) for s in _SEATS
)
"""Interned plain discards by seat and kind (actions are immutable: building them is the cost)."""
_PASS: tuple[Pass, ...] = tuple(Pass(s) for s in _SEATS)
_WIN: tuple[Win, ...] = tuple(Win(s) for s in _SEATS)
_PUNG: tuple[Pung, ...] = tuple(Pung(s) for s in _SEATS)
_CLAIM_KONG: tuple[ClaimKong, ...] = tuple(ClaimKong(s) for s in _SEATS)


def facts_self(deal: DealState, seat: int) -> frozenset[str]:
    """Engine facts of a self-drawn win by ``seat`` now."""
    facts = set()
    if deal.drew_replacement:
        facts.add("replacement")
    elif deal.wall.live_count == 0:
        facts.add("last_tile")
    untouched = deal.calls_made == 0 and deal.kongs_made == 0
    if untouched and not deal.discards[seat]:
        facts.add("first_turn")
        if seat == deal.first:
            facts.add("dealer_first")
    return frozenset(facts | riichi_facts(deal, seat))


def facts_discard(deal: DealState, seat: int, *, robbing: bool) -> frozenset[str]:
    """Engine facts of a win by ``seat`` on the tile in the claim window."""
    facts = set()
    if robbing:
        facts.add("robbing_kong")
    elif deal.wall.live_count == 0:
        facts.add("last_discard")
    if (
        not robbing
        and deal.claim_from == deal.first
        and len(deal.discard_log) == 1
        and deal.calls_made == 0
    ):
        facts.add("dealer_first")
    return frozenset(facts | riichi_facts(deal, seat))


def riichi_facts(deal: DealState, seat: int) -> set[str]:
    """``riichi``, ``double_riichi``, ``ippatsu`` as they apply to ``seat``."""
    if not deal.riichi[seat]:
        return set()
    facts = {"riichi", "double_riichi"} if deal.double_riichi[seat] else {"riichi"}
    mark = deal.ippatsu_mark[seat]
    if mark == (len(deal.discards[seat]), deal.calls_made + deal.kongs_made):
        facts.add("ippatsu")  # no own discard and no call or kong since the riichi
    return facts


def can_replace(deal: DealState) -> bool:
    """Whether a replacement tile is left anywhere (dead wall or live wall)."""
    return deal.wall.dead_count + deal.wall.live_count > 0


def act_actions(deal: DealState, seat: int) -> list[Action]:
    """Legal actions of the seat in turn (phase ACT)."""
    if deal.drawn is not None and deal.drawn.is_bonus:  # a bonus tile drawn under riichi
        if deal.wall.live_count == 0 and not deal.flow.last_drawer_discards():
            return [NoDiscard(seat)]
        return [Discard(seat, deal.drawn)]
    c = deal.counts[seat]
    out: list[Action] = []
    sh = None  # with the default is_complete, one shanten answers the win and riichi checks
    if type(deal.flow).is_complete is DealFlow.is_complete:
        sh = shanten_all(c, len(deal.melds[seat]))
    if (
        deal.drawn is not None
        and (sh is None or sh < 0)
        and win_value(deal, seat, deal.drawn, self_drawn=True)
    ):
        out.append(_WIN[seat])
    kongs: list[Action] = []
    if can_replace(deal):
        for k in range(NUM_KINDS) if 4 in c else ():
            if c[k] == 4 and (not deal.riichi[seat] or riichi_kong_ok(deal, seat, k)):
                kongs.append(ConcealedKong(seat, _TILES[k]))
        if deal.drawn is not None and not deal.riichi[seat]:
            for m in deal.melds[seat]:
                if m.kind is MeldKind.PUNG and c[m.first]:
                    kongs.append(AddedKong(seat, m.first))
        if kongs and not deal.flow.may_kong(deal, seat):
            kongs = []  # e.g. no fifth kong, none on an empty live wall (EMA-KONG-8, EMA-GAP-25)
    out += kongs
    out += [Declare(seat, name) for name in deal.flow.declarations(deal, seat)]
    last = deal.wall.live_count == 0 and deal.drawn is not None
    if last and not deal.flow.last_drawer_discards():
        out.append(NoDiscard(seat))  # FIMJ-END-4, RAV-END-1
        return out
    if deal.riichi[seat]:
        if deal.drawn is not None:
            out.append(Discard(seat, deal.drawn, red=deal.drawn_red))
        return out
    kinds = list(compress(_TILES, c))
    out += compress(_DISCARD[seat], c)
    out += [Discard(seat, k, riichi=True) for k in riichi_discards(deal, seat, kinds, sh)]
    if deal.red[seat]:
        return red_discards(deal, seat, out)
    return out


def red_discards(deal: DealState, seat: int, actions: list[Action]) -> list[Action]:
    """The discards of a hand holding red fives (EMA-TILE-2).

    A five of which the seat holds the red one may go as the red five or, while it holds a
    plain one too, as a plain five.
    """
    reds, c = deal.red[seat], deal.counts[seat]
    out: list[Action] = []
    for a in actions:
        if isinstance(a, Discard) and a.tile in reds:
            if c[a.tile] > 1:
                out.append(a)
            out.append(Discard(seat, a.tile, a.riichi, red=True))
        else:
            out.append(a)
    return out


def waits(deal: DealState, seat: int) -> tuple[Tile, ...]:
    """Kinds that complete ``seat``'s 13 tiles (by the flow's ``is_complete``)."""
    c = deal.counts[seat]
    melds = len(deal.melds[seat])
    if type(deal.flow).is_complete is DealFlow.is_complete:  # shanten -1: one table pass
        hand = DeltaShanten(c, melds)
        return tuple(_TILES[k] for k in range(NUM_KINDS) if c[k] < 4 and hand.shanten(add=k) < 0)
    out = []
    for k in range(NUM_KINDS):
        if c[k] < 4:
            c[k] += 1
            if deal.flow.is_complete(c, melds):
                out.append(_TILES[k])
            c[k] -= 1
    return tuple(out)


def riichi_discards(
    deal: DealState, seat: int, kinds: Sequence[Tile], shanten: int | None = None
) -> list[Tile]:
    """Discards with which ``seat`` may declare riichi (``shanten``: of the hand, if known)."""
    if deal.riichi[seat] or not deal.flow.riichi_possible(deal, seat):
        return []
    c = deal.counts[seat]
    melds = len(deal.melds[seat])
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


def riichi_kong_ok(deal: DealState, seat: int, kind: int) -> bool:
    """A kong under riichi only if the flow allows it and the waits do not change."""
    if not deal.flow.riichi_allows_kong():
        return False
    c = deal.counts[seat]
    if deal.drawn != kind:
        return False
    c[kind] -= 1
    before = waits(deal, seat)
    c[kind] -= 3
    deal.melds[seat].append(Meld.kong(_TILES[kind], concealed=True))
    after = waits(deal, seat)
    deal.melds[seat].pop()
    c[kind] += 4
    return before == after and bool(before) and deal.flow.riichi_kong(deal, seat, _TILES[kind])


def may_wait(deal: DealState, seat: int) -> bool:
    """The flow's ``may_wait`` filter, cached on the seat's concealed tiles and melds."""
    key = (bytes(deal.counts[seat]), len(deal.melds[seat]))
    cached = deal._wait_cache[seat]
    if cached is not None and cached[0] == key:
        return cached[1]
    ok = deal.flow.may_wait(deal.counts[seat], len(deal.melds[seat]))
    deal._wait_cache[seat] = (key, ok)
    return ok


def completes(deal: DealState, seat: int, tile: Tile) -> bool:
    """Whether ``tile`` completes ``seat``'s hand shape (yaku or not; furiten, EMA-FURI-3)."""
    if deal.status[seat] is SeatStatus.OUT or not may_wait(deal, seat):
        return False
    c = deal.counts[seat]
    if c[tile] >= 4:
        return False
    c[tile] += 1
    try:
        return deal.flow.is_complete(c, len(deal.melds[seat]))
    finally:
        c[tile] -= 1


def claim_options(deal: DealState, seat: int, tile: Tile, *, robbing: bool) -> list[Action]:
    """``seat``'s answers to the tile in the claim window (empty: nothing to claim)."""
    if deal.status[seat] is SeatStatus.OUT:
        return []
    c = deal.counts[seat]
    if (
        (robbing or deal.riichi[seat] or (c[tile] < 2 and not _chow_shape(c, tile)))
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
    if robbing or deal.riichi[seat]:
        return [*out, _PASS[seat]] if out else []
    if (
        CallKind.KONG in allowed
        and c[tile] == 3
        and can_replace(deal)
        and deal.flow.may_kong(deal, seat)
    ):
        out.append(_CLAIM_KONG[seat])
    reds = deal.red[seat]
    if CallKind.PUNG in allowed and c[tile] >= 2:
        out.append(_PUNG[seat])
        if tile in reds and c[tile] >= 3:  # the red five or a plain one (EMA-TILE-2)
            out.append(Pung(seat, red=True))
    if CallKind.CHOW in allowed and tile.is_suited:
        r = tile.rank
        for lo in (r - 2, r - 1, r):
            if 1 <= lo <= 7:
                run = [_TILES[tile - r + lo + i] for i in range(3)]
                others = [t for t in run if t != tile]
                if all(c[t] for t in others):
                    out.append(Chow(seat, tuple(run)))
                    if any(t in reds and c[t] >= 2 for t in others):
                        out.append(Chow(seat, tuple(run), red=True))
    return [*out, _PASS[seat]] if out else []


def _chow_shape(c: Sequence[int], tile: int) -> bool:
    """Whether concealed counts ``c`` hold two tiles making a run with suited ``tile``."""
    if tile >= 27:
        return False
    r = tile % 9
    lo = c[tile - 1] if r >= 1 else 0
    hi = c[tile + 1] if r <= 7 else 0
    return bool((lo and (hi or (r >= 2 and c[tile - 2]))) or (hi and r <= 6 and c[tile + 2]))


def win_value(
    deal: DealState, seat: int, tile: Tile, *, self_drawn: bool, robbing: bool = False
) -> tuple[int, frozenset[str]] | None:
    """(value, flags) if ``seat`` may win with ``tile`` (held already when self-drawn)."""
    if deal.status[seat] is not SeatStatus.ACTIVE:
        return None
    c = deal.counts[seat]
    if not self_drawn:
        if c[tile] >= 4:
            return None
        c[tile] += 1
    try:
        if not deal.flow.is_complete(c, len(deal.melds[seat])):
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
    deal: DealState,
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
