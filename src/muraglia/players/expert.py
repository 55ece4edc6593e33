"""The ``expert`` bot: decisions by expected value, for every ruleset.

It starts from the efficiency bot's ranking of the discards (shanten, ukeire and the value
terms of the ruleset's :class:`~muraglia.players.profiles.Profile`) and adds what that ranking
does not know:

* **What a ready hand is worth.** A discard that leaves the hand ready is valued with the
  ruleset's own scorer: every wait is scored as a win (dora, seat and round wind, the
  declared melds; riichi when the discard declares it; FIMJ's and MCR's last-of-kind when the
  three other copies are visible, FIMJ-DBL-C09, MCR-FAN-27) and a wait the ruleset would not
  let win (no yaku, EMA-WIN-2; under 8 points, MCR-WIN-4; no double, SEI-SCORE-2) is worth
  nothing. The expected value of the waits (unseen copies x value) moves the score, so the
  bot keeps the wait that pays (a yaku, a richi on a single wait in FIMJ) rather than merely
  the wider one. Results are cached; a decision values at most :data:`SCORE_BUDGET` hands,
  so it stays fast.
* **Riichi or dama.** A riichi-declaring discard is taken when the hand has no yaku without
  it, or when riichi raises the value enough (:data:`RIICHI_GAIN`) and enough wall is left;
  a hand already worth a lot stays concealed (dama). In FIMJ and Seipalle the richi / riichi
  double (FIMJ-DBL-C16, SEI-DBL-D30) is valued by the scorer in the same way. In Seipalle a
  riichi puts a 1000 stake on the table, lost unless the declarer wins (SEI-RIICHI-3/6),
  so riichi is declared only when its expected gain (the doubled hand and the stakes on
  the table, won on every wait) beats dama's (the hand without the double, its waits with
  no other double won only self-drawn) by more than the stake it risks.
* **Push or fold** from the shared :mod:`~muraglia.players.danger` model. The own hand's
  equity is its chance to win (:func:`win_chance`: shanten, ukeire and the draws left) times
  its value (in Seipalle what a win collects: four shares, six for East, and the stakes on
  the table, :func:`~muraglia.players.danger.win_gain`); a discard's cost is its deal-in
  probability times what a deal-in loses — the winner's value times the ruleset's liability
  (the discarder pays in riichi, Seipalle and MCR; nobody pays extra in FIMJ and Ravenna,
  FIMJ-PAY-1, RAV-PAY-1) plus the own equity, which a deal-in ends. The best attacking
  discard (efficiency score lowered by its cost) is compared with the safest one by
  expected value; the bot folds when the safe tile is worth more. The profile's caution
  weighs every cost (Seipalle: half) and its race shortens the own chance to win against
  ready opponents (:meth:`~muraglia.players.defensive.DefensiveBot.race`).
* **Calls.** The efficiency bot's call filter (lower the shanten, keep a yaku / double / 8
  points, no flush breaking) plus: under a threat a call must leave a hand close to ready; in
  riichi and Seipalle a closed hand holding value (dora, a riichi-able shape) is not opened
  for a slow call (only a call that leaves the hand at most one step from ready, or a pung of
  a scoring honour). Kongs are declared where they pay hand points (the classical rulesets).
* **The last deal** where the match's length is known (Ravenna's eight turns of East,
  RAV-COMP-1): a ready hand's waits are worth the places a win gains by the scores on the
  table rather than their points (:meth:`ExpertBot.final_worth`): when no value changes the
  placement the widest wait is kept, when only a big hand climbs, the big hand. In Ravenna
  the value of a ready hand also weighs six times as much as elsewhere (the profile's
  ``ready_value``): a limit hand (200/400, RAV-MAX-1) is worth three typical hands and the
  hands that reach it pay (paired pilots in docs/players.md).
* **Settled hands** (from :class:`~muraglia.players.defensive.DefensiveBot`): where every
  hand is scored (FIMJ-PAY-2, RAV-PAY-2) each discard keeps the points the ruleset's scorer
  gives the hand as one that did not win.

Deterministic for a seed (ties go to the seeded generator, nothing else is random).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.actions import Action, AddedKong, ConcealedKong, Discard, Pass, Pung
from muraglia.players.base import Table
from muraglia.players.danger import RACE, stage_chance, win_chance
from muraglia.players.defensive import (
    RIICHI_GAIN,
    SCORE_BUDGET,
    SELF_DRAWN,
    DefensiveBot,
    shanten_after_call,
)
from muraglia.players.efficiency import dora_kinds, useful_count
from muraglia.players.lookahead import ValueLookahead
from muraglia.players.profiles import SHANTEN_WEIGHT
from muraglia.tiles import NUM_KINDS, TERMINALS_AND_HONOURS, Tile

__all__ = ["RIICHI_GAIN", "SCORE_BUDGET", "SELF_DRAWN", "ExpertBot"]

VALUE_UNITS = 12.0
"""Ukeire units a ready hand's expected value worth one typical hand adds."""


def _place(scores: Sequence[float], seat: int) -> float:
    """``seat``'s placement by ``scores`` (1 = best; tied seats share the mean place)."""
    above = sum(1 for x in scores if x > scores[seat])
    tied = sum(1 for x in scores if x == scores[seat])
    return above + (tied + 1) / 2


class ExpertBot(DefensiveBot):
    """Expected-value decisions (see the module docstring)."""

    name = "expert"

    lookahead = False
    """Whether discards are ranked by ukeire valued one draw ahead (MCR: set from the
    profile's minimum, MCR-WIN-4; the classical rulesets: the profile's ``lookahead``; see
    :mod:`~muraglia.players.lookahead`)."""

    value_units = VALUE_UNITS
    """Ukeire units a ready hand's expected value worth one typical hand adds (0: none)."""

    ready_values = True
    """The ready hands are valued by the ruleset's scorer (:meth:`_value_ready`)."""

    def __init__(self, rules: object = None, seed: int | None = 0) -> None:
        super().__init__(rules, seed)
        self.riichi_stake = self.traits.riichi_stake
        if self.profile.ready_value:
            self.value_units = self.profile.ready_value
        self.lookahead = self.profile.min_fan > 0 or self.profile.lookahead
        self.call_check = self.lookahead  # calls judged one draw ahead as the discards are
        self.winning_outs = False  # the lookahead counts them (:meth:`_look_ahead`)
        p = self.profile
        if p.expert_quiet:
            self.quiet = p.expert_quiet
        if p.expert_race_threat:
            self.race_threat = p.expert_race_threat
        self.dealer_ron = p.dealer_ron
        if self.profile.min_fan:
            # MCR: with the lookahead, reading the danger lost points on the same 200 seeded
            # matches (net +1.6 +/- 1.3 per deal without it: more wins than the deal-ins it
            # adds; docs/players.md, "Issue 20, MCR"); the hands that cannot reach 8 points
            # are steered away from instead of folded (the classical rulesets' lookahead
            # leaves the push/fold as it was: Seipalle still folds)
            self.quiet = math.inf

    # ------------------------------------------------------------------ own turn

    def _attack(self, t: Table, legal: Sequence[Action], discards: list[Discard]) -> Action:
        ranked, _, steps = self.ranked_equity(t, discards, with_equity=False)
        best_sh = min(steps.values())
        heads = self.heads_ranked(t, discards, ranked, steps)
        for a in legal:
            if (
                isinstance(a, ConcealedKong | AddedKong)
                and self._kong_ok(t, a, best_sh)
                and (heads is None or a.tile in HEAD_KINDS)
            ):
                return a
        return self.pick(ranked if heads is None else heads)

    heads_weight = 1.0
    """Factor on the all-head-tiles route's expected value in :meth:`heads_route` (an
    ablation knob; the route exists where the profile's ``heads_limit`` is set)."""

    def heads_route(self, t: Table, nonheads: int, shanten: int, ukeire: int) -> bool:
        """Whether the route to all head tiles is worth more than the plain hand's.

        RAV-HAND-3, RAV-GAP-10: fourteen head tiles (1, 9, winds, dragons) are a Mah-Jong in
        any arrangement, and a limit hand (RAV-MAX-M02: the profile's ``heads_limit``, 200;
        400 with East, as for any win). The hand is ``nonheads`` tiles from holding only
        head tiles (its declared melds all of head tiles), and then ready on every unseen
        head tile, claimed from any seat (RAV-PLAY-3); every head tile drawn takes it a
        step nearer. Its chance (:func:`~muraglia.players.danger.stage_chance`: ``nonheads``
        stages and the ready one, each passed on a draw of any unseen head tile) times the
        limit and :attr:`heads_weight` is compared with the plain hand's chance
        (:func:`win_chance` of ``shanten`` and ``ukeire``) times the typical value.
        """
        limit = self.profile.heads_limit
        if not limit:
            return False
        unseen = [t.unseen(k) for k in range(NUM_KINDS)]
        total = max(sum(unseen), 1)
        heads = sum(unseen[k] for k in HEAD_KINDS)
        draws = t.view.live_count // 4
        chance = stage_chance([min(heads / total, 1.0)] * (nonheads + 1), draws, RACE)
        plain = win_chance(shanten, ukeire, draws, total, RACE)
        return chance * limit * self.heads_weight > plain * self.traits.typical_value

    def heads_ranked(
        self,
        t: Table,
        discards: Sequence[Discard],
        ranked: dict[Action, float],
        steps: dict[Action, int],
    ) -> dict[Action, float] | None:
        """The discards' scores on the route to all head tiles, or None off that route.

        On it (:meth:`heads_route`, judged with the plain hand's best discard in
        ``ranked``) a head tile is kept whenever a tile of 2-8 may go, and among those the
        plain score ``ranked`` decides (the hand that falls back on the plain route).
        """
        if not self.profile.heads_limit or not ranked:
            return None
        nonheads = heads_distance(t.counts, t.melds_of(t.view.seat))
        if not nonheads:
            return None  # a declared meld of 2-8, or nothing left to discard on the route
        top = max(ranked, key=lambda a: ranked[a])
        assert isinstance(top, Discard)
        sh = steps[top]
        counts = t.counts
        counts[top.tile] -= 1
        uke = useful_count(counts, t.own_melds, sh, t.visible) if sh >= 0 else 0
        counts[top.tile] += 1
        if not self.heads_route(t, nonheads - 1, sh, uke):
            return None
        floor = min(ranked.values()) - SHANTEN_WEIGHT
        return {
            a: ranked.get(a, floor) - HEADS_STEP * (a.tile in HEAD_KINDS)
            for a in discards
            if not a.riichi
        }

    def refine(
        self,
        t: Table,
        discards: Sequence[Discard],
        ranked: dict[Action, float],
        steps: dict[Action, int],
    ) -> None:
        """The lookahead (:meth:`_look_ahead`) where the bot looks ahead."""
        if self.lookahead:
            self._look_ahead(t, discards, ranked, steps)

    def final_worth(self, t: Table) -> Callable[[float], float] | None:
        """In the match's last deal, what a win of each value is worth in placement.

        None before the last deal, or where the profile does not know the match's length
        (:attr:`~muraglia.players.profiles.Profile.session_deals`: Ravenna's eight turns of
        East, RAV-COMP-1, RAV-END-4; seat 0 deals first, so the view's round wind and dealer
        give the turn). Otherwise a function of a win's value ``V`` replacing ``V`` over the
        typical value in the ready hand's score: the places the win gains (by the scores in
        the view and the ruleset's payments: every other seat pays ``V``, East and every
        seat paying East twice, rounded to ten, RAV-PAY-1, RAV-ROUND-1) plus one, over the
        same for a typical win. A win whose value cannot change the final placement is
        worth the same whatever its value (the fastest wait then wins the choice); a big
        hand needed to climb is worth more than its points.
        """
        turns = self.profile.session_deals
        v = t.view
        if not turns or len(v.scores) != 4 or (v.status and "out" in v.status):
            return None
        turn = 4 * (v.round_wind - Tile.EAST) + v.dealer
        if turn != turns - 1:
            return None
        me = v.seat
        factor = self.traits.dealer_factor
        now = _place(v.scores, me)

        def gained(value: float) -> float:
            scores = [float(x) for x in v.scores]
            for s in range(4):
                if s != me:
                    pay = value * (factor if v.dealer in (s, me) else 1.0)
                    pay = 10.0 * math.floor((pay + 4.999) / 10)  # nearest ten, 5 down (RAV-ROUND-3)
                    scores[s] -= pay
                    scores[me] += pay
            return now - _place(scores, me) + 1.0

        base = gained(self.traits.typical_value)
        low, high = gained(0.0), gained(4 * self.traits.typical_value)
        if low == high:
            return lambda value: 1.0  # no value changes the placement: speed alone
        return lambda value: gained(value) / base

    def _look_ahead(
        self,
        t: Table,
        discards: Sequence[Discard],
        ranked: dict[Action, float],
        steps: dict[Action, int],
    ) -> None:
        """Ukeire valued by what the ready hands win (:mod:`~muraglia.players.lookahead`).

        A ready discard counts its winning outs instead of all its outs; a discard one step
        from ready counts each useful draw by the ready hands it makes
        (:meth:`ValueLookahead.valued_ukeire`) instead of 1 (the equity is valued alike by
        :meth:`DefensiveBot.ranked_equity`). The efficiency score counted plain ukeire only
        at the best shanten; a step back (scored by value alone) gets the valued draws added.
        Where the ruleset has no minimum (the classical rulesets) the valued draws of the
        discards one step from ready are rescaled to keep their plain ukeire in sum.
        """
        look = ValueLookahead(self, t)
        counts = t.counts
        best = min(steps.values())
        done: dict[int, tuple[float, float, float]] = {}  # kind -> (valued, plain, counted)
        ones: list[int] = []  # the kinds whose discard leaves the hand one step from ready
        for a in discards:
            k = a.tile
            sh = steps[a]
            if a not in ranked or sh not in {0, 1} or k in done:
                continue
            counts[k] -= 1
            if sh == 0:
                _, outs, raw = look.ready(counts)
                done[k] = (float(outs), float(raw), float(raw))
            else:
                valued, plain = look.valued_ukeire(counts, sh)
                done[k] = (valued, plain, plain if sh == best else 0.0)
                ones.append(k)
            counts[k] += 1
        scale = 1.0
        worth = sum(done[k][0] for k in ones)
        if not self.profile.min_fan and worth > 0:
            # No minimum (the classical rulesets): the typical value is the mean of a heavy
            # tail (limit hands), so most ready hands are worth less than it and absolute
            # weights would only shrink the ukeire; the discards one step from ready are
            # compared with each other instead: their valued draws are rescaled to keep
            # their plain ukeire in sum, and only the value of where they lead moves them.
            scale = sum(done[k][1] for k in ones) / worth
        for a in discards:
            if a.tile in done and a in ranked:
                valued, _, counted = done[a.tile]
                ranked[a] += valued * (scale if steps[a] == 1 else 1.0) - counted

    # ------------------------------------------------------------------ claims

    def _claim(self, t: Table, legal: Sequence[Action]) -> Action:
        heads = self._heads_claim(t, legal)
        if heads is not None:
            return heads
        choice = super()._claim(t, legal)
        if isinstance(choice, Pass) or choice.kind == "win":
            return choice
        tile = t.view.claim
        assert tile is not None
        honours = self.profile.scoring_honours(t.seat_wind, t.view.round_wind)
        if (
            self.profile.needs_double
            and t.own_melds == 0
            and not (isinstance(choice, Pung) and tile in honours)
            and shanten_after_call(t, choice) >= 2
        ):
            held = sum(t.counts[d] for d in dora_kinds(t.view.indicators))
            if held or t.view.live_count > 40:
                return next(a for a in legal if isinstance(a, Pass))  # riichi pays better
        return choice

    def _heads_claim(self, t: Table, legal: Sequence[Action]) -> Action | None:
        """On the route to all head tiles (:meth:`heads_route`): the claim, or None off it.

        A pung of a head tile takes the hand a step nearer (two held copies and the claimed
        one stay, a tile of 2-8 goes); a pung of 2-8 would end the route. A pung rather than
        a kong: its discard is sure to be a step, a kong's replacement tile is not.
        """
        if not self.profile.heads_limit:
            return None
        tile = t.view.claim
        passes = [a for a in legal if isinstance(a, Pass)]
        if tile is None or not passes:
            return None
        nonheads = heads_distance(t.counts, t.melds_of(t.view.seat))
        if nonheads is None:
            return None
        counts = t.counts
        sh = shanten_all(counts, t.own_melds)
        uke = useful_count(counts, t.own_melds, sh, t.visible) if sh >= 0 else 0
        if not self.heads_route(t, nonheads, sh, uke):
            return None
        if tile in HEAD_KINDS and nonheads:
            for a in legal:
                if isinstance(a, Pung):
                    return a
        return passes[0]


HEAD_KINDS = frozenset(int(k) for k in TERMINALS_AND_HONOURS)
"""The head tiles (pedine di punta o di testa: 1, 9, winds, dragons; RAV-HAND-3)."""

HEADS_STEP = 1000.0
"""Score a head tile's discard loses on the route to all head tiles (it outweighs every
other term: the route's step decides, the plain score only among its equals)."""


def heads_distance(counts: Sequence[int], melds: Sequence[Sequence[int]]) -> int | None:
    """The concealed tiles of 2-8 (the steps to all head tiles, RAV-HAND-3).

    None when a declared meld holds a tile of 2-8 (the hand can no longer be all heads).

    >>> c = [0] * NUM_KINDS
    >>> for k in (Tile.M1, Tile.M1, Tile.P9, Tile.EAST, Tile.M5, Tile.S3):
    ...     c[k] += 1
    >>> heads_distance(c, []), heads_distance(c, [(Tile.RED,) * 3]), heads_distance(c, [(2, 2, 2)])
    (2, 2, None)
    """
    if any(k not in HEAD_KINDS for m in melds for k in m):
        return None
    return sum(c for k, c in enumerate(counts) if c and k not in HEAD_KINDS)
