"""The ``efficiency`` bot: shanten and ukeire, steered by what the ruleset pays for.

Every decision is a small table-driven search over the legal actions only:

* a legal :class:`~muraglia.engine.actions.Win` is always taken (the engine offers it only when
  the hand is complete *and* reaches the ruleset's minimum, e.g. a double in Seipalle,
  SEI-SCORE-2);
* a discard is scored ``-SHANTEN_WEIGHT * shanten + ukeire + value``, where ``ukeire`` counts
  unseen copies of the tiles that lower the shanten (:func:`muraglia.analysis.shanten.ukeire`)
  and ``value`` comes from the ruleset's :class:`~muraglia.players.profiles.Profile` (scoring
  honour pairs and pungs, the flush and all-pungs doubles, no-head-tiles, dora); riichi is
  declared when the profile says so;
* a call is made when it lowers the shanten (a kong when it does not raise it, a pung of a
  scoring honour when it keeps it), and, where a win needs a double (Seipalle), only if the
  opened hand keeps a way to one;
* ties are broken by the bot's seeded generator, so a seed fixes every choice.

>>> from muraglia.engine import Game
>>> from muraglia.engine.views import view_of
>>> from muraglia.rulesets import load_ruleset
>>> m = Game(load_ruleset("ravenna"), seed=1, max_deals=1).new_match()
>>> bots = [EfficiencyBot("ravenna", seed=s) for s in range(4)]
>>> while not m.over:
...     s = m.to_act[0]
...     _ = m.apply(bots[s].choose(view_of(m.deal, s, m), m.legal_actions(s)))
>>> m.over
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from itertools import compress
from operator import itemgetter
from random import Random
from typing import Any

from muraglia.analysis.shanten import DeltaShanten, shanten_all
from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Discard,
    NoDiscard,
    Pass,
    PassTiles,
    Pung,
    Win,
)
from muraglia.engine.views import PlayerView
from muraglia.players.base import Table, load_rules
from muraglia.players.profiles import SHANTEN_WEIGHT, Profile, profile_for
from muraglia.tiles import (
    DRAGONS,
    NUM_KINDS,
    NUM_SUITED,
    NUM_SUITS,
    RANKS,
    SUIT_STARTS,
    TERMINALS_AND_HONOURS,
    WINDS,
    Tile,
    mask_of,
)

__all__ = [
    "EfficiencyBot",
    "ValueContext",
    "called_meld",
    "claimable_count",
    "dora_kinds",
    "reachable_fan",
    "useful_count",
    "useful_kinds",
]

_RIICHI_BONUS = 10
"""Ukeire units a riichi declaration is worth when the profile declares riichi."""


def dora_kinds(indicators: Sequence[Tile]) -> list[int]:
    """The dora kind of each indicator: the next tile in its suit or honour cycle (SEI-DORA-1).

    >>> [Tile(k).notation for k in dora_kinds([Tile.M9, Tile.NORTH, Tile.RED])]
    ['1m', '1z', '5z']
    """
    out = []
    for t in indicators:
        if t < NUM_SUITED:
            out.append(t - t % RANKS + (t % RANKS + 1) % RANKS)
        elif t < Tile.WHITE:
            out.append(Tile.EAST + (t - Tile.EAST + 1) % len(WINDS))
        else:
            out.append(Tile.WHITE + (t - Tile.WHITE + 1) % len(DRAGONS))
    return out


class EfficiencyBot:
    """Shanten + ukeire discards, value-aware calls (see the module docstring)."""

    name = "efficiency"

    open_simples = True
    """Whether an open hand of simples is a way to a double / yaku when calling: in Seipalle
    (SEI-DBL-D13) and where the ruleset's ``open_tanyao`` option says so (riichi-tenhou's
    kuitan; not in riichi-ema by default, EMA-YAKU-05). Set in ``__init__``."""

    claim_ukeire = False
    """Whether a useful tile that a claim may also bring counts more, by the profile's
    :attr:`~muraglia.players.profiles.Profile.pung_claims` and
    :attr:`~muraglia.players.profiles.Profile.chow_claims` (the defensive and expert bots';
    this bot counts draws only)."""

    def __init__(self, rules: object = None, seed: int | None = 0) -> None:
        self.profile: Profile = profile_for(rules if rules is not None else "")
        self.rng = Random(seed)
        self.rules_object: Any = load_rules(rules)
        """The ruleset object (None without one): its options steer the calls."""
        options = getattr(self.rules_object, "options", None)
        if not getattr(options, "open_tanyao", True):
            self.open_simples = False  # no open tanyao (EMA-YAKU-05 as the options set it)

    # ------------------------------------------------------------------ entry point

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The bot's action (one of ``legal``)."""
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if isinstance(a, Win):
                return a
        t = Table.of(view)
        if view.phase == "act":
            return self._act(t, legal)
        if isinstance(legal[0], PassTiles):
            return self._charleston(t, legal)
        return self._claim(t, legal)

    def _charleston(self, t: Table, legal: Sequence[Action]) -> Action:
        """Pass the four tiles whose loss leaves the best hand (FIMJ-CHARL-1).

        Only the passes made of the eight least useful tiles (each judged alone, as a discard)
        are compared, so a decision stays in the milliseconds among up to 1001 offers.
        """
        counts = t.counts
        melds = t.own_melds
        ctx = ValueContext(self.profile, t)
        alone: dict[int, float] = {}
        for k in range(NUM_KINDS):
            if counts[k]:
                counts[k] -= 1
                alone[k] = -SHANTEN_WEIGHT * shanten_all(counts, melds) + ctx.value(counts)
                counts[k] += 1
        worst: list[int] = []
        for k in sorted(alone, key=lambda k: (-alone[k], k)):
            worst += [k] * counts[k]
        pool = worst[:8]
        scores: dict[Action, float] = {}
        for a in legal:
            if not isinstance(a, PassTiles) or any(
                a.tiles.count(k) > pool.count(k) for k in set(a.tiles)
            ):
                continue
            for k in a.tiles:
                counts[k] -= 1
            scores[a] = -SHANTEN_WEIGHT * shanten_all(counts, melds) + ctx.value(counts)
            for k in a.tiles:
                counts[k] += 1
        return self.pick(scores) if scores else legal[0]

    # ------------------------------------------------------------------ own turn

    def _act(self, t: Table, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            stop = [a for a in legal if isinstance(a, NoDiscard)]
            return stop[0] if stop else legal[0]
        scores, shanten = self.discard_scores(t, discards)
        best_sh = min(shanten.values())
        for a in legal:
            if isinstance(a, ConcealedKong | AddedKong) and self._kong_ok(t, a, best_sh):
                return a
        return self.pick(scores)

    def pick(self, scores: dict[Action, float]) -> Action:
        """The highest-scoring action, ties broken by the seeded generator."""
        top = max(scores.values())
        best = [a for a, s in scores.items() if s >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def discard_scores(
        self, t: Table, discards: Sequence[Discard]
    ) -> tuple[dict[Action, float], dict[Tile, int]]:
        """Score of each legal discard, and the shanten each distinct discard leaves."""
        counts = t.counts
        melds = t.own_melds
        hand = DeltaShanten(counts, melds)  # one table lookup per changed group
        shanten: dict[Tile, int] = {}
        for a in discards:
            k = a.tile
            if k not in shanten:
                shanten[k] = hand.shanten(k)
        best = min(shanten.values())
        slack = 1 if self.profile.flush_weight and melds < 4 else 0
        ctx = ValueContext(self.profile, t)
        p = self.profile
        claims = self.claim_ukeire and (p.pung_claims or p.chow_claims)
        kind_score: dict[Tile, float] = {}
        for k, sh in shanten.items():
            if sh > best + slack:
                continue
            counts[k] -= 1
            uke: float
            if sh < 0:
                uke = 0
            elif sh == best:
                uke = useful_count(counts, melds, sh, t.visible, hand=hand, discarded=k)
                if claims and sh > 0:
                    kinds = useful_kinds(counts, melds, sh, hand=hand, discarded=k)
                    uke += claimable_count(
                        counts, kinds, t.visible, pung=p.pung_claims, chow=p.chow_claims
                    )
            else:
                uke = 0  # a step back: judged by value alone
            kind_score[k] = -SHANTEN_WEIGHT * sh + uke + ctx.value(counts)
            counts[k] += 1
        scores: dict[Action, float] = {}
        for a in discards:
            if a.tile not in kind_score:
                continue
            s = kind_score[a.tile]
            if a.riichi:
                if not self.profile.riichi:
                    continue
                s += _RIICHI_BONUS
            scores[a] = s
        return scores, shanten

    def _kong_ok(self, t: Table, action: Action, best_shanten: int) -> bool:
        if not self.profile.kongs:
            return False
        c = t.counts
        if isinstance(action, ConcealedKong):
            c[action.tile] -= 4
            sh = shanten_all(c, t.own_melds + 1)
            c[action.tile] += 4
        else:
            assert isinstance(action, AddedKong)
            c[action.tile] -= 1
            sh = shanten_all(c, t.own_melds)
            c[action.tile] += 1
        return sh <= best_shanten

    # ------------------------------------------------------------------ claims

    def _claim(self, t: Table, legal: Sequence[Action]) -> Action:
        tile = t.view.claim
        passes = [a for a in legal if isinstance(a, Pass)]
        if tile is None or not passes:
            return legal[0]
        counts = t.counts
        melds = t.own_melds
        base = shanten_all(counts, melds)
        honours = self.profile.scoring_honours(t.seat_wind, t.view.round_wind)
        breaks_flush = tile not in honours and self._breaks_flush(t, tile)
        best: tuple[float, Action] | None = None
        for a in legal:
            taken: tuple[Tile, ...]
            if isinstance(a, Pung):
                taken = (tile, tile)
            elif isinstance(a, ClaimKong):
                taken = (tile, tile, tile)
            elif isinstance(a, Chow):
                if not self.profile.chow_calls:
                    continue
                rest = list(a.tiles)
                rest.remove(tile)
                taken = tuple(rest)
            else:
                continue
            for k in taken:
                counts[k] -= 1
            try:
                if isinstance(a, ClaimKong):
                    after = shanten_all(counts, melds + 1)
                    ok = self.profile.kongs and after <= base
                else:
                    opened = DeltaShanten(counts, melds + 1)
                    after = min(opened.shanten(k) for k in range(NUM_KINDS) if counts[k])
                    ok = after < base or (isinstance(a, Pung) and tile in honours and after <= base)
                if ok and isinstance(a, Chow) and self._pungs_plan(t):
                    ok = False  # a chow breaks all pungs (FIMJ-DBL-C02, SEI-DBL-D03)
                if ok and breaks_flush:
                    ok = False  # keep the pure / purest hand (FIMJ-DBL-C05/C06, RAV-MAX-M01)
                if ok and self.profile.needs_double:
                    ok = self._keeps_double(t, a, tile, honours)
                if ok and self.profile.min_fan:
                    own = [*t.melds_of(t.view.seat), called_meld(a, tile)]
                    ok = reachable_fan(counts, own, honours) >= self.profile.min_fan
            finally:
                for k in taken:
                    counts[k] += 1
            if not ok:
                continue
            key = (
                -float(after) + (0.5 if tile in honours else 0.0) + (0.1 if a.kind != "chow" else 0)
            )
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best is not None else passes[0]

    def _breaks_flush(self, t: Table, tile: Tile) -> bool:
        """Whether calling ``tile`` would give up a flush that is within reach."""
        p = self.profile
        if not p.flush_weight or tile >= NUM_SUITED:
            return False
        counts = t.counts
        own = t.melds_of(t.view.seat)
        suits = {k // RANKS for m in own for k in m if k < NUM_SUITED}
        per = [sum(counts[s * RANKS : s * RANKS + RANKS]) for s in _SUITS]
        if len(suits) > 1:
            return False
        main = next(iter(suits)) if suits else per.index(max(per))
        off = sum(per) - per[main]
        return tile // RANKS != main and off <= p.flush_reach

    def _pungs_plan(self, t: Table) -> bool:
        """Whether the hand is heading for all pungs (no chow declared, four pairs or pungs)."""
        own = t.melds_of(t.view.seat)
        if any(m[0] != m[1] for m in own):
            return False
        pairs = sum(1 for c in t.counts if c >= 2)
        return self.profile.pungs_weight > 0 and pairs + len(own) >= 4

    def _keeps_double(self, t: Table, action: Action, tile: Tile, honours: frozenset[Tile]) -> bool:
        """After this call, is a double besides dora still reachable? (SEI-SCORE-2).

        No head tiles (SEI-DBL-D13, open tanyao) counts when :attr:`open_simples` is true.
        """
        own = list(t.melds_of(t.view.seat))
        new = action.tiles if isinstance(action, Chow) else (tile,) * 3
        own.append(tuple(new))
        counts = t.counts
        if any(m[0] == m[1] and m[0] in honours for m in own):
            return True  # a scoring honour pung (SEI-DBL-D01)
        if any(counts[h] >= 2 and t.unseen(h) for h in honours) or any(
            counts[h] >= 3 for h in honours
        ):
            return True
        meld_tiles = [k for m in own for k in m]
        concealed = [Tile(k) for k in range(NUM_KINDS) for _ in range(counts[k])]
        if self.open_simples and all(k.is_simple for k in meld_tiles):  # SEI-DBL-D13
            heads = sum(1 for k in concealed if not k.is_simple)
            if heads <= 2:
                return True
        suits = {k // RANKS for k in meld_tiles if k < NUM_SUITED}
        if len(suits) <= 1:  # pure / purest hand (SEI-DBL-D22/D23)
            main = (
                next(iter(suits))
                if suits
                else max(_SUITS, key=lambda s: sum(counts[s * RANKS : s * RANKS + RANKS]))
            )
            off = sum(1 for k in concealed if k < NUM_SUITED and k // RANKS != main)
            if off <= 2:
                return True
        if all(m[0] == m[1] for m in own):  # all pungs (SEI-DBL-D03)
            pairs = sum(1 for c in counts if c >= 2)
            if pairs + len(own) >= 5:
                return True
        return False


def called_meld(action: Action, tile: Tile) -> tuple[Tile, ...]:
    """The meld a call on ``tile`` declares, as tile kinds."""
    if isinstance(action, Chow):
        return tuple(action.tiles)
    return (tile,) * (4 if isinstance(action, ClaimKong) else 3)


_RUNS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
_SUITS = range(NUM_SUITS)
_MAN = slice(0, SUIT_STARTS[1])
_PIN = slice(SUIT_STARTS[1], SUIT_STARTS[2])
_SOU = slice(SUIT_STARTS[2], NUM_SUITED)
_terminals = itemgetter(*SUIT_STARTS, *(s + RANKS - 1 for s in SUIT_STARTS))
"""The six terminal counts of a 34-count vector."""


def _missing(counts: Sequence[int], own: Sequence[tuple[Tile, ...]], runs: Sequence[int]) -> int:
    """Tiles missing to hold the chows starting at the kinds ``runs`` (melded or concealed)."""
    melded = {m[0] for m in own if m[0] != m[1]}
    c = list(counts)
    miss = 0
    for r in runs:
        if r in melded:
            continue
        for k in (r, r + 1, r + 2):
            if c[k]:
                c[k] -= 1
            else:
                miss += 1
    return miss


def reachable_fan(
    counts: Sequence[int], own: Sequence[tuple[Tile, ...]], honours: frozenset[Tile]
) -> int:
    """A rough count of the MCR points the hand can still reach (MCR-WIN-4: 8 needed).

    ``counts`` are the concealed tiles, ``own`` the declared melds (kinds). Counted: full
    flush 24 / half flush 6 (at most two concealed off-suit tiles), all pungs 6 (no chow
    declared, pairs and pungs cover the hand), pure straight 16 and mixed straight 8 (at
    most two tiles missing), scoring honour pungs 2 each (held pairs count).

    >>> c = [0] * 34
    >>> for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 8):
    ...     c[k] += 1
    >>> reachable_fan(c, [], frozenset()) >= 16
    True
    >>> chows = [(Tile.M1, Tile.M2, Tile.M3), (Tile.P4, Tile.P5, Tile.P6)]
    >>> reachable_fan([0] * 34, chows, frozenset())
    0
    """
    fan = 0
    meld_tiles = [k for m in own for k in m]
    suits = {k // RANKS for k in meld_tiles if k < NUM_SUITED}
    per = [sum(counts[s * RANKS : s * RANKS + RANKS]) for s in _SUITS]
    if len(suits) <= 1:
        main = next(iter(suits)) if suits else per.index(max(per))
        off = sum(per) - per[main]
        if off <= 2:
            honoured = (
                any(k >= NUM_SUITED for k in meld_tiles) or sum(counts[NUM_SUITED:NUM_KINDS]) > 2
            )
            fan += 6 if honoured else 24
    if all(m[0] == m[1] for m in own):
        pairs = sum(1 for c in counts if c >= 2)
        if pairs + len(own) >= 5:
            fan += 6
    for h in honours:
        if counts[h] >= 2 or any(m[0] == h for m in own):
            fan += 2
    for s in _SUITS:
        if _missing(counts, own, [s * RANKS + r[0] for r in _RUNS]) <= 2:
            fan += 16
            break
    for order in itertools.permutations(_SUITS):
        if _missing(counts, own, [order[i] * RANKS + i * 3 for i in _SUITS]) <= 2:
            fan += 8
            break
    return fan


def _near_masks() -> tuple[int, ...]:
    """Per kind, the bit mask of the kinds within two ranks in its suit (itself for honours)."""
    out = []
    for k in range(NUM_KINDS):
        if k >= NUM_SUITED:
            out.append(1 << k)
            continue
        base = k - k % RANKS
        out.append(sum(1 << j for j in range(max(base, k - 2), min(base + RANKS - 1, k + 2) + 1)))
    return tuple(out)


_NEAR = _near_masks()
_ORPHAN_MASK = mask_of(TERMINALS_AND_HONOURS)


def _draw_candidates(counts: Sequence[int], melds: int) -> list[int]:
    """Kinds whose draw may lower the shanten.

    Neighbours (within 2) of held suit tiles, held honours, and every head tile while thirteen
    orphans is possible (no melds).
    """
    mask = 0 if melds else _ORPHAN_MASK
    for near in compress(_NEAR, counts):
        mask |= near
    return [k for k in range(NUM_KINDS) if mask >> k & 1]


_USEFUL: dict[tuple[bytes, int, int], tuple[int, ...]] = {}
"""The kinds that lower the shanten of a 3n+1 hand, by (counts, melds, shanten): a hand kept
at one turn comes back at the next whenever the drawn tile is discarded."""
_USEFUL_MAX = 1 << 16


def useful_kinds(
    counts: list[int],
    melds: int,
    shanten: int,
    *,
    hand: DeltaShanten | None = None,
    discarded: int = -1,
) -> tuple[int, ...]:
    """The kinds whose draw lowers ``shanten`` (3n+1 ``counts``), held copies aside.

    With ``hand``, a :class:`~muraglia.analysis.shanten.DeltaShanten` of the hand before
    ``discarded`` was taken from ``counts``, the shanten of each draw is looked up
    incrementally and the result cached by hand (same kinds).
    """
    if hand is not None:
        key = (bytes(counts), melds, shanten)
        useful = _USEFUL.get(key)
        if useful is None:
            kinds = [k for k in _draw_candidates(counts, melds) if counts[k] < 4]
            draws = hand.draws(discarded, kinds)
            useful = tuple(k for k, sh in zip(kinds, draws, strict=True) if sh < shanten)
            if len(_USEFUL) >= _USEFUL_MAX:
                _USEFUL.clear()
            _USEFUL[key] = useful
        return useful
    out = []
    for k in _draw_candidates(counts, melds):
        if counts[k] >= 4:
            continue
        counts[k] += 1
        if shanten_all(counts, melds) < shanten:
            out.append(k)
        counts[k] -= 1
    return tuple(out)


def useful_count(
    counts: list[int],
    melds: int,
    shanten: int,
    visible: Sequence[int],
    *,
    hand: DeltaShanten | None = None,
    discarded: int = -1,
) -> int:
    """Unseen copies of the kinds whose draw lowers ``shanten`` (3n+1 ``counts``).

    The same number as :func:`muraglia.analysis.shanten.ukeire` (a draw far from every held
    tile cannot help any shape), with fewer shanten calls. With ``hand``, a
    :class:`~muraglia.analysis.shanten.DeltaShanten` of the hand before ``discarded`` was
    taken from ``counts``, the shanten of each draw is looked up incrementally (same result).

    >>> c = [0] * 34
    >>> for k in (0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28):
    ...     c[k] += 1
    >>> from muraglia.analysis.shanten import ukeire
    >>> useful_count(c, 0, 0, [0] * 34) == ukeire(c, 0).count == 4
    True
    """
    total = 0
    for k in useful_kinds(counts, melds, shanten, hand=hand, discarded=discarded):
        left = 4 - counts[k] - visible[k]
        if left > 0:
            total += left
    return total


def claimable_count(
    counts: Sequence[int], kinds: Sequence[int], visible: Sequence[int], *, pung: float, chow: float
) -> float:
    """The useful ``kinds`` that another seat's discard may also bring, weighted.

    A useful kind of which the 13 concealed ``counts`` hold a pair (or a pung) may be
    claimed for a pung (or kong) from any seat (FIMJ-PLAY-4, RAV-PLAY-3): each unseen copy
    counts ``pung``; one that would complete a chow with two held tiles, ``chow`` (a chow
    is claimed from the seat before only, FIMJ-PLAY-4; Ravenna claims none, RAV-PLAY-3).

    >>> c = [0] * 34
    >>> for k in (0, 0, 3, 5):
    ...     c[k] += 1
    >>> claimable_count(c, [0, 4], [0] * 34, pung=2.0, chow=0.5)
    6.0
    """
    total = 0.0
    for k in kinds:
        left = 4 - counts[k] - visible[k]
        if left <= 0:
            continue
        if counts[k] >= 2:
            total += pung * left
        elif chow and k < NUM_SUITED and _chowable(counts, k):
            total += chow * left
    return total


def _chowable(counts: Sequence[int], k: int) -> bool:
    """Whether two held tiles of ``k``'s suit make a chow with ``k``."""
    r = k % RANKS
    lo = counts[k - 1] if r >= 1 else 0
    lo2 = counts[k - 2] if r >= 2 else 0
    hi = counts[k + 1] if r <= RANKS - 2 else 0
    hi2 = counts[k + 2] if r <= RANKS - 3 else 0
    return bool((lo2 and lo) or (lo and hi) or (hi and hi2))


class ValueContext:
    """The profile's value terms for one seat and view (see :class:`Profile`)."""

    __slots__ = (
        "allowed",
        "barred",
        "chowed",
        "dora",
        "honours",
        "main_suit",
        "meld_off",
        "meld_pungs",
        "profile",
        "simple_melds",
    )

    def __init__(self, profile: Profile, t: Table) -> None:
        self.profile = profile
        self.honours = tuple(profile.scoring_honours(t.seat_wind, t.view.round_wind))
        own = t.melds_of(t.view.seat)
        self.chowed = any(m[0] != m[1] for m in own)
        self.meld_pungs = sum(1 for m in own if m[0] == m[1])
        suits = {k // RANKS for m in own for k in m if k < NUM_SUITED}
        self.meld_off = suits
        self.simple_melds = all(Tile(k).is_simple for m in own for k in m)
        self.allowed = (
            frozenset(range(NUM_SUITED, NUM_KINDS))
            if profile.id != "ravenna"
            else frozenset(self.honours)  # RAV-DBL-D05: dragons and own wind only
        )
        self.dora = dora_kinds(t.view.indicators) if profile.dora_weight else []
        self.main_suit = next(iter(suits)) if len(suits) == 1 else -1
        self.barred = tuple(h for h in range(NUM_SUITED, NUM_KINDS) if h not in self.allowed)

    def value(self, counts: list[int]) -> float:
        """Value terms of 13 concealed ``counts`` (after a discard).

        Every term is a whole number, so the order of the sums does not change the result.
        """
        p = self.profile
        v = 0.0
        for h in self.honours:
            c = counts[h]
            if c >= 3:
                v += p.honour_pung_weight
            elif c == 2:
                v += p.honour_pair_weight
        if p.flush_weight and len(self.meld_off) <= 1:
            per = [sum(counts[_MAN]), sum(counts[_PIN]), sum(counts[_SOU])]
            main = self.main_suit if self.main_suit >= 0 else per.index(max(per))
            off = per[0] + per[1] + per[2] - per[main]
            for b in self.barred:
                off += counts[b]
            if off <= p.flush_reach:
                v += p.flush_weight * (p.flush_reach - off + 1)
        if p.pungs_weight and not self.chowed:
            pairs = self.meld_pungs + NUM_KINDS - counts.count(0) - counts.count(1)
            if pairs >= 4:
                v += p.pungs_weight * pairs
        if p.simples_weight and self.simple_melds:
            heads = sum(_terminals(counts)) + sum(counts[NUM_SUITED:NUM_KINDS])
            if heads <= 3:
                v += p.simples_weight * (4 - heads)
        for d in self.dora:
            v += p.dora_weight * counts[d]
        return v
