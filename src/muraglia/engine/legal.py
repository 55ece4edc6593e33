"""Legal-action generation of a deal (split from ``state.py``).

What the seat in turn may do, who may claim a discard, whether a hand may win and with which
engine facts.

Every rule question goes to the deal's flow; these functions only enumerate what the hands
allow and ask the flow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from types import ModuleType
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
from muraglia.engine.seats import Seat, SeatRecords, WaitEntry
from muraglia.errors import MahjongError
from muraglia.hand import Hand
from muraglia.kernels import compiled
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
WINS = _WIN
"""``Win(seat)`` by seat (interned)."""
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
        and deal.kongs_made == 0  # a kong before East's first discard spoils it (FIMJ-GAP-31)
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


def _pure_act_actions(deal: LegalDeal, seat: int) -> list[Action]:  # noqa: PLR0912 - one per action
    """Legal actions of the seat in turn (phase ACT; the reference of the compiled kernel)."""
    drawn = deal.drawn
    flow = deal.flow
    if drawn is not None and drawn >= _FIRST_BONUS:  # a bonus tile drawn under riichi
        if deal.live_count == 0 and not flow.table.last_drawer_discards:
            return [NoDiscard(seat)]
        return [Discard(seat, drawn)]
    rec = deal.seats[seat]
    c = rec.counts
    riichi = deal.riichi_seats[seat].standing
    out: list[Action] = []
    sh = None  # with the default is_complete, one shanten answers the win and riichi checks
    if _default_complete(flow):
        sh = shanten_all(c, len(rec.melds))
    if (
        drawn is not None
        and (sh is None or sh < 0)
        and win_value(deal, seat, drawn, self_drawn=True)
    ):
        out.append(_WIN[seat])
    melds = rec.melds
    added = (
        drawn is not None
        and not riichi
        and bool(melds)
        and any(m.kind is _PUNG_KIND for m in melds)
    )
    if (COPIES in c or added) and can_replace(deal):
        kongs: list[Action] = []
        for k in range(NUM_KINDS) if COPIES in c else ():
            if c[k] == COPIES and (not riichi or riichi_kong_ok(deal, seat, k)):
                kongs.append(ConcealedKong(seat, _TILES[k]))
        if added:
            for m in melds:
                if m.kind is _PUNG_KIND and c[m.first]:
                    kongs.append(AddedKong(seat, m.first))
        if kongs and flow.may_kong(deal, seat):
            out += kongs  # else e.g. no fifth kong, none on an empty wall (EMA-KONG-8, EMA-GAP-25)
    names = flow.declarations(deal, seat)
    if names:
        out += [Declare(seat, name) for name in names]
    if drawn is not None and deal.live_count == 0 and not flow.table.last_drawer_discards:
        out.append(NoDiscard(seat))  # FIMJ-END-4, RAV-END-1
        return out
    if riichi:
        if drawn is not None:
            out.append(Discard(seat, drawn, red=deal.drawn_red))
        return out
    out += compress(_DISCARD[seat], c)
    if sh is None or sh <= 0:  # a hand farther than one tile from ready cannot declare riichi
        out += [
            Discard(seat, k, riichi=True)
            for k in riichi_discards(deal, seat, list(compress(_TILES, c)), sh)
        ]
    if deal.red_seats[seat].held:
        return red_discards(deal, seat, out)
    return out


_FIRST_BONUS = NUM_KINDS
"""The first bonus tile's value (flowers and seasons follow the 34 kinds)."""
_PUNG_KIND = MeldKind.PUNG

_DEFAULT_COMPLETE: dict[type, bool] = {}


def _default_complete(flow: DealFlow[Any]) -> bool:
    """Whether ``flow`` keeps the default ``is_complete`` (shanten -1), by flow class."""
    kind = type(flow)
    known = _DEFAULT_COMPLETE.get(kind)
    if known is None:
        known = _DEFAULT_COMPLETE[kind] = kind.is_complete is DealFlow.is_complete
    return known


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
    if _default_complete(flow):  # shanten -1: one table pass
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


def _wait_entry(flow: DealFlow[Any], rec: Seat) -> WaitEntry:
    """The seat's cached facts about its hand as it is now (see :data:`~.seats.WaitEntry`).

    Keyed on a copy of the concealed counts and the number of melds, so that any change of
    the hand (the engine's, or a caller's probe on the counts) is a new entry: nothing needs
    invalidating.
    """
    entry = rec.wait_cache
    c = rec.counts
    if entry is not None and entry[0] == c and entry[1] == len(rec.melds):
        return entry
    entry = (c.copy(), len(rec.melds), flow.may_wait(c, len(rec.melds)), {}, claim_shapes(c))
    rec.wait_cache = entry
    return entry


def _kind_bytes(test: Callable[[int], bool]) -> int:
    """The 34 kinds as a little-endian integer of one byte each: 1 where ``test(kind)``."""
    return int.from_bytes(bytes(int(test(k)) for k in range(NUM_KINDS)), "little")


_HELD = bytes.maketrans(bytes(range(COPIES + 1)), bytes([0, 1, 1, 1, 1]))
_PAIRED = bytes.maketrans(bytes(range(COPIES + 1)), bytes([0, 0, 2, 2, 2]))
RUN_ONLY = 1
"""A :func:`claim_shapes` byte: a run shape with the kind and no pair of it."""
_LOW_RUN = _kind_bytes(lambda k: k < NUM_SUITED and k % RANKS >= 2)  # noqa: PLR2004 - k-2, k-1
_MID_RUN = _kind_bytes(lambda k: k < NUM_SUITED and 1 <= k % RANKS <= RANKS - 2)
_HIGH_RUN = _kind_bytes(lambda k: k < NUM_SUITED and k % RANKS <= RANKS - 3)


def _pure_claim_shapes(counts: list[int]) -> bytes:
    """Per kind, whether concealed ``counts`` hold a pair of it or two tiles making a run with it.

    ``claim_shapes(c)[k]`` is ``2 * (c[k] >= 2) | _chow_shape(c, k)``: non-zero for every kind
    a discard of which may be called for a set (the flow decides which calls are allowed),
    :data:`RUN_ONLY` where only a chow could take it. Byte-wise shifts of the held kinds, so
    that a hand is read once, not once per discard.
    """
    raw = bytes(counts)
    held = int.from_bytes(raw.translate(_HELD), "little")
    runs = (
        ((held << 16) & (held << 8) & _LOW_RUN)  # k-2 and k-1
        | ((held << 8) & (held >> 8) & _MID_RUN)  # k-1 and k+1
        | ((held >> 8) & (held >> 16) & _HIGH_RUN)  # k+1 and k+2
    )
    paired = int.from_bytes(raw.translate(_PAIRED), "little")
    return (runs | paired).to_bytes(NUM_KINDS, "little")


def _pure_claimants(deal: LegalDeal, tile: Tile, *, robbing: bool) -> dict[int, list[Action]]:
    """Every other seat's :func:`claim_options` on ``tile`` in the claim window, when not empty.

    In turn order after ``deal.claim_from``. A seat that ``tile`` is known not to complete
    is passed over, its options being empty, when its hand holds no set shape with ``tile``
    (or it may call no set: a robbed kong, a standing riichi), or only a run shape while the
    flow's ``allowed_calls`` gives it no chow.
    """
    out: dict[int, list[Action]] = {}
    n = deal.players
    seats, riichi_seats, flow = deal.seats, deal.riichi_seats, deal.flow
    for i in range(1, n):
        s = (deal.claim_from + i) % n
        rec = seats[s]
        if rec.status is _OUT:
            continue  # claim_options: nothing for a seat out of the deal
        entry = rec.wait_cache
        c = rec.counts
        if entry is None or entry[0] != c or entry[1] != len(rec.melds):
            entry = _wait_entry(flow, rec)
        shape = entry[4][tile]
        if (robbing or riichi_seats[s].standing or not shape) and (
            not entry[2] or entry[3].get(tile) is False
        ):
            continue  # only a win could be claimed, and the tile does not complete the hand
        if (
            shape == RUN_ONLY
            and (not entry[2] or entry[3].get(tile) is False)
            and CallKind.CHOW not in flow.allowed_calls(deal, s, deal.claim_from, tile)
        ):
            continue  # only a chow could take it, and the flow allows this seat none
        opts = claim_options(deal, s, tile, robbing=robbing)
        if opts:
            out[s] = opts
    return out


def may_wait(deal: LegalDeal, seat: int) -> bool:
    """The flow's ``may_wait`` filter, cached on the seat's concealed tiles and melds."""
    return _wait_entry(deal.flow, deal.seats[seat])[2]


def _pure_completes(deal: LegalDeal, seat: int, tile: Tile) -> bool:
    """Whether ``tile`` completes ``seat``'s hand shape (yaku or not; furiten, EMA-FURI-3).

    Memoised per kind beside the ``may_wait`` answer: every claim window of a discard asks it
    of each other seat, whose hand has not changed since its own turn.
    """
    rec = deal.seats[seat]
    if rec.status is _OUT:
        return False
    c = rec.counts
    entry = rec.wait_cache
    if entry is None or entry[0] != c or entry[1] != len(rec.melds):
        entry = _wait_entry(deal.flow, rec)
    if not entry[2]:
        return False
    memo = entry[3]
    done = memo.get(tile)
    if done is not None:
        return done
    if c[tile] >= COPIES:
        memo[tile] = False
        return False
    c[tile] += 1
    try:
        done = memo[tile] = deal.flow.is_complete(c, len(rec.melds))
    finally:
        c[tile] -= 1
    return done


_OUT = SeatStatus.OUT


def _pure_mark_missed(deal: LegalDeal, tile: Tile, discarder: int, winners: Sequence[int]) -> None:
    """At a claim window's close, mark the seats that ``tile`` completes (EMA-FURI-3).

    Under ``miss_any_completion``: every seat but the discarder, the winners and the seats
    already marked gets ``missed_win`` = the tile completes its hand shape (yaku or not). The
    window's ``claimants`` has just read those hands' facts: their memo answers, else
    :func:`completes` asks the flow.
    """
    seats = deal.seats
    for s in range(deal.players):
        record = seats[s]
        if s != discarder and not record.missed_win and s not in winners:
            entry = record.wait_cache
            known = None
            if (
                entry is not None
                and entry[0] == record.counts
                and entry[1] == len(record.melds)
                and record.status is not _OUT
            ):
                known = entry[3].get(tile) if entry[2] else False
            record.missed_win = completes(deal, s, tile) if known is None else known


def claim_options(deal: LegalDeal, seat: int, tile: Tile, *, robbing: bool) -> list[Action]:
    """``seat``'s answers to the tile in the claim window (empty: nothing to claim)."""
    rec = deal.seats[seat]
    c = rec.counts
    riichi = deal.riichi_seats[seat].standing
    if robbing or riichi or (c[tile] < _PUNG_NEEDS and not _chow_shape(c, tile)):
        if not completes(deal, seat, tile):  # no call, and the tile does not complete it
            return []  # the flow need not be asked
    elif rec.status is _OUT:
        return []
    allowed = deal.flow.allowed_calls(deal, seat, deal.claim_from, tile)
    out: list[Action] = []
    if (
        CallKind.WIN in allowed
        and completes(deal, seat, tile)
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
    if CallKind.CHOW in allowed:
        for chow, (a, b) in _CHOWS[seat][tile]:  # the runs with the tile, lowest first
            if c[a] and c[b]:
                out.append(chow)
                if reds and ((a in reds and c[a] > 1) or (b in reds and c[b] > 1)):
                    out.append(Chow(seat, chow.tiles, red=True))
    return [*out, _PASS[seat]] if out else []


def _runs_with(seat: int, tile: int) -> tuple[tuple[Chow, tuple[Tile, Tile]], ...]:
    """``seat``'s chows of ``tile``, lowest run first, each with the two tiles it takes."""
    if tile >= NUM_SUITED:
        return ()
    r = tile % RANKS
    out = []
    for lo in (r - 2, r - 1, r):
        if 0 <= lo <= RANKS - 3:
            run = tuple(_TILES[tile - r + lo + i] for i in range(3))
            a, b = (t for t in run if t != tile)
            out.append((Chow(seat, run), (a, b)))
    return tuple(out)


_CHOWS = tuple(tuple(_runs_with(s, k) for k in range(NUM_KINDS + 8)) for s in _SEATS)
"""Interned chows by seat and claimed kind (with the tiles each takes from the hand)."""


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


_CHOW_KIND = CallKind.CHOW
_FLOW_COMPLETE = DealFlow.is_complete


def _load_native() -> ModuleType | None:
    """The compiled turn kernels (``engine/_cdeal.c``), unless ``MURAGLIA_PURE=1`` or not built."""
    module = compiled("muraglia.engine._cdeal")
    if module is None:
        return None
    module.setup(globals())
    return module


_native = _load_native()
NATIVE = _native is not None
"""Whether the turn loop's kernels below run compiled (the ``_pure_*`` functions otherwise)."""

act_actions: Callable[[LegalDeal, int], list[Action]] = (
    _native.act_actions if _native is not None else _pure_act_actions
)
"""Legal actions of the seat in turn (phase ACT)."""
claim_shapes: Callable[[list[int]], bytes] = (
    _native.claim_shapes if _native is not None else _pure_claim_shapes
)
"""Per kind, a pair (2) or only a run shape (:data:`RUN_ONLY`) in concealed counts."""
claimants: Callable[..., dict[int, list[Action]]] = (
    _native.claimants if _native is not None else _pure_claimants
)
"""The claim window's seats and their options (``claimants(deal, tile, robbing=...)``)."""
completes: Callable[[LegalDeal, int, Tile], bool] = (
    _native.completes if _native is not None else _pure_completes
)
"""Whether a tile completes a seat's hand shape (memoised per hand)."""
mark_missed: Callable[[LegalDeal, Tile, int, Sequence[int]], None] = (
    _native.mark_missed if _native is not None else _pure_mark_missed
)
"""The furiten marks at a claim window's close (EMA-FURI-3)."""
