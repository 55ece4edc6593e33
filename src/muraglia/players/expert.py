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
  a hand already worth a lot stays concealed (dama). In riichi-ema the profile turns dama
  off (``expert_dama``): riichi pays there beyond its han, the field folding against it.
  In FIMJ and Seipalle the richi / riichi double (FIMJ-DBL-C16, SEI-DBL-D30) is valued by
  the scorer in the same way. In Seipalle a riichi puts a 1000 stake on the table, lost
  unless the declarer wins (SEI-RIICHI-3/6), so riichi is declared only when its expected
  gain (the doubled hand and the stakes on the table, won on every wait) beats dama's (the
  hand without the double, its waits with no other double won only self-drawn) by more
  than the stake it risks.
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
  a scoring honour); riichi-ema's profile keeps every closed hand closed but for a call that
  makes it ready (``expert_open_steps``), and weighs every cost at 0.65
  (``expert_caution``). Kongs are declared where they pay hand points (the classical
  rulesets).
* **The last deal** where the match's length is known (Ravenna's eight turns of East,
  RAV-COMP-1; FIMJ's sixteen, FIMJ-GAME-1, read from the view's count of East's passes):
  a ready hand's waits are worth the places a win gains by the scores on the
  table rather than their points (:meth:`ExpertBot.final_worth`): when no value changes the
  placement the widest wait is kept, when only a big hand climbs, the big hand. In Ravenna
  the value of a ready hand also weighs six times as much as elsewhere (the profile's
  ``ready_value``): a limit hand (200/400, RAV-MAX-1) is worth three typical hands and the
  hands that reach it pay (paired pilots in docs/players.md).
* **All head tiles** where fourteen head tiles are a limit hand in any arrangement
  (Ravenna: RAV-HAND-3, RAV-GAP-10, RAV-MAX-M02; the profile's ``heads_limit``): the
  shanten the bots share knows thirteen orphans only, yet such a hand is ready on every
  unseen head tile once its 13 are head tiles, and each head tile drawn or claimed for a
  pung is a step. When that route's chance times the limit beats the plain hand's chance
  times the typical value (:meth:`ExpertBot.heads_route`) the bot keeps every head tile,
  lets the tiles of 2-8 go (the plain score choosing among them) and claims the pungs of
  head tiles only (paired pilots in docs/players.md).
* **Settled hands** (from :class:`~muraglia.players.defensive.DefensiveBot`): where every
  hand is scored (FIMJ-PAY-2, RAV-PAY-2) each discard keeps the points the ruleset's scorer
  gives the hand as one that did not win.

Deterministic for a seed (ties go to the seeded generator, nothing else is random).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.actions import (
    Action,
    Chow,
    Discard,
    Pass,
    Pung,
)
from muraglia.players.base import Table
from muraglia.players.danger import (
    EQUITY_UNITS,
    RACE,
    DangerModel,
    opponent_value,
    readiness,
    stage_chance,
    threat_of,
    win_chance,
)
from muraglia.players.defensive import (
    HEAD_KINDS,
    RIICHI_GAIN,
    SCORE_BUDGET,
    SELF_DRAWN,
    DefensiveBot,
    shanten_after_call,
)
from muraglia.players.efficiency import dora_kinds, useful_count
from muraglia.players.lookahead import ValueLookahead
from muraglia.players.profiles import SHANTEN_WEIGHT
from muraglia.tiles import NUM_KINDS

__all__ = ["RIICHI_GAIN", "SCORE_BUDGET", "SELF_DRAWN", "ExpertBot", "Standing"]

VALUE_UNITS = 12.0
"""Ukeire units a ready hand's expected value worth one typical hand adds."""


def _place(scores: Sequence[float], seat: int) -> float:
    """``seat``'s placement by ``scores`` (1 = best; tied seats share the mean place)."""
    above = sum(1 for x in scores if x > scores[seat])
    tied = sum(1 for x in scores if x == scores[seat])
    return above + (tied + 1) / 2


@dataclass(frozen=True, slots=True)
class Standing:
    """The scores of one of the match's last deals and what its outcomes do to the placement.

    ``scores`` are the view's (before the deal's settlement), ``seat`` the viewer's,
    ``pot`` the stakes a win collects (riichi sticks, EMA-RIICHI-3; 0 where none count).
    ``left`` deals follow this one (0: the last deal, whose scores are final): each moves
    every score by a spread of ``spread`` points (a standard deviation), so the placement
    is expected over them (:meth:`place`).
    Where the discarder pays the whole ron (``discarder_pays``: riichi, EMA-SCORE) a win is
    a ron from any of the three others or, :data:`SELF_DRAWN` of the time, self-drawn (East
    pays half and the others a quarter, or each a third from East, EMA-PAY); elsewhere
    every other seat pays the value, East and every seat paying East ``factor`` times,
    rounded to ten (RAV-PAY-1, RAV-ROUND-1, RAV-ROUND-3).
    """

    scores: tuple[float, ...]
    seat: int
    dealer: int
    pot: float
    factor: float
    discarder_pays: bool
    left: int = 0
    spread: float = 0.0
    base: float | None = None

    def place(self, scores: Sequence[float] | None = None) -> float:
        """The viewer's expected final placement from ``scores`` (by default the view's).

        In the last deal the placement by the scores (tied seats share the places). Before
        it, 1 plus each other seat's chance to finish ahead, the difference of two scores
        moving by a normal spread of ``spread`` times the square root of twice the deals
        left (which, with no deal left, is the placement again).
        """
        scores = self.scores if scores is None else scores
        if not self.left or not self.spread:
            return _place(scores, self.seat)
        mine = scores[self.seat]
        scale = self.spread * math.sqrt(2.0 * self.left) * math.sqrt(2.0)
        return 1.0 + sum(
            0.5 * (1.0 + math.erf((x - mine) / scale))
            for s, x in enumerate(scores)
            if s != self.seat
        )

    def after_win(self, value: float) -> float:
        """The viewer's expected placement after winning a hand worth ``value``."""
        me = self.seat
        others = [s for s in range(len(self.scores)) if s != me]
        if not self.discarder_pays:
            scores = list(self.scores)
            for s in others:
                pay = value * (self.factor if self.dealer in (s, me) else 1.0)
                pay = 10.0 * math.floor((pay + 4.999) / 10)  # nearest ten, 5 down (RAV-ROUND-3)
                scores[s] -= pay
                scores[me] += pay
            return self.place(scores)
        return self._won(me, value, others)

    def after_other_win(self, winner: int, value: float) -> float:
        """The viewer's expected placement after ``winner`` wins ``value`` off another seat.

        A ron paid by either of the two seats other than the viewer, or self-drawn.
        """
        payers = [s for s in range(len(self.scores)) if s not in {winner, self.seat}]
        return self._won(winner, value, payers)

    def after_deal_in(self, winner: int, value: float) -> float:
        """The viewer's placement after paying ``winner``'s ron worth ``value`` (EMA-SCORE)."""
        return self.place(self._paid(value, winner, self.seat))

    def baseline(self) -> float:
        """The viewer's expected placement when the deal ends without him (``base``).

        By default his placement now; :meth:`ExpertBot.standing` sets it from the other
        seats' chances to win before the wall runs out.
        """
        return self.place() if self.base is None else self.base

    def _won(self, winner: int, value: float, payers: Sequence[int]) -> float:
        """The viewer's expected placement after ``winner`` wins ``value``.

        A ron from any of ``payers`` or, a :data:`SELF_DRAWN` share of the time,
        self-drawn (East pays half and the others a quarter; East's own, a third each:
        EMA-PAY).
        """
        ron = sum(self.place(self._paid(value, winner, s)) for s in payers) / len(payers)
        scores = list(self.scores)
        for s in range(len(scores)):
            if s != winner:
                share = 3.0 if winner == self.dealer else 2.0 if s == self.dealer else 4.0
                scores[s] -= value / share
        scores[winner] += value + self.pot
        return (1 - SELF_DRAWN) * ron + SELF_DRAWN * self.place(scores)

    def _paid(self, value: float, winner: int, payer: int) -> list[float]:
        scores = list(self.scores)
        scores[payer] -= value
        scores[winner] += value + self.pot
        return scores


_CACHE: dict[tuple[Any, ...], float] = {}


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
    """The discards that leave the hand ready are valued by the ruleset's scorer
    (:meth:`DefensiveBot._value_ready`), in every ruleset."""

    place_value = 0.0
    """Ruleset units one place is worth in the match's last deal (:meth:`standing`): the
    push/fold then weighs a win and a deal-in by the places they move (:meth:`win_gain`,
    :meth:`danger_model`) and riichi is declared only where it climbs higher than dama
    (:meth:`riichi_pays`); 0: the last deal is played for points (the profile's
    :attr:`~muraglia.players.profiles.Profile.place_value`)."""

    session_deals = 0
    """Turns of East in a match, if known (the profile's
    :attr:`~muraglia.players.profiles.Profile.session_deals`)."""

    open_ended = False
    """Whether the ruleset's options may end the match early or extend it (riichi-tenhou's
    bust, West round, agari yame): then no deal is known to be the last."""

    open_steps = 0
    """If set, a closed hand is opened only by a call that leaves it fewer than this many
    steps from ready, a pung of a scoring honour aside (the profile's
    :attr:`~muraglia.players.profiles.Profile.expert_open_steps`); 0: in the rulesets
    whose wins need a yaku or double a call that leaves the hand two or more steps away is
    declined while it holds a dora or the wall is long."""

    place_deals = 1
    """How many of the match's last deals :meth:`standing` reads (the profile's
    :attr:`~muraglia.players.profiles.Profile.place_deals`)."""

    place_spread = 0.0
    """Points a deal moves a score by (a standard deviation), for the expected placement
    before the last deal (:class:`Standing`; the profile's
    :attr:`~muraglia.players.profiles.Profile.place_spread`)."""

    def __init__(self, rules: object = None, seed: int | None = 0) -> None:
        super().__init__(rules, seed)
        self.place_value = self.profile.place_value
        self.tenpai_live = self.profile.tenpai_live
        self.session_deals = self.profile.session_deals
        options = getattr(self.rules_object, "options", None)
        # riichi-tenhou's options (the riichi-ema ruleset with the Tenhou preset): the
        # match may end early or run into the West round, so its last deal is unknown
        self.open_ended = any(
            getattr(options, name, False) for name in ("bust", "west_extension", "agari_yame")
        )
        self.red_fives = self.profile.red_fives
        self._standing: tuple[Table, Standing | None] | None = None
        self.place_deals = self.profile.place_deals
        self.place_spread = self.profile.place_spread
        self.riichi_stake = self.traits.riichi_stake
        self.value_units = self.profile.ready_value or VALUE_UNITS
        self.lookahead = self.profile.min_fan > 0 or self.profile.lookahead
        self.call_check = self.lookahead  # calls judged one draw ahead as the discards are
        self.winning_outs = False  # the lookahead counts them (:meth:`_look_ahead`)
        p = self.profile
        if p.expert_quiet:
            self.quiet = p.expert_quiet
        if p.expert_race_threat:
            self.race_threat = p.expert_race_threat
        if p.expert_caution:
            self.caution = p.expert_caution
        if not p.expert_dama:
            self.riichi_gain = 0.0
        self.open_steps = p.expert_open_steps
        self.read_passes = p.expert_passes
        self.wait_fit = p.expert_wait_fit
        self.dealer_ron = p.dealer_ron
        if self.profile.min_fan:
            # MCR: with the lookahead, reading the danger lost points on the same 200 seeded
            # matches (net +1.6 +/- 1.3 per deal without it: more wins than the deal-ins it
            # adds; docs/players.md, "Issue 20, MCR"); the hands that cannot reach 8 points
            # are steered away from instead of folded (the classical rulesets' lookahead
            # leaves the push/fold as it was: Seipalle still folds)
            self.quiet = math.inf

    # ------------------------------------------------------------------ values

    # ------------------------------------------------------------------ own turn

    def _act(self, t: Table, legal: Sequence[Action]) -> Action:
        if self.red_fives and t.view.red_hand:
            plain = {(a.tile, a.riichi) for a in legal if isinstance(a, Discard) and not a.red}
            legal = [
                a
                for a in legal
                if not (isinstance(a, Discard) and a.red and (a.tile, a.riichi) in plain)
            ]
        return super()._act(t, legal)

    heads_weight = 4.0
    """Factor on the all-head-tiles route's expected value in :meth:`heads_route` (the
    route exists where the profile's ``heads_limit`` is set: Ravenna). Its stage model
    counts the own draws only, while the route also claims pungs of held head pairs from
    every seat and, once ready, wins on any seat's discarded head tile (RAV-PLAY-3): on
    150 paired Ravenna matches against three efficiency bots 4 placed better than 0.5, 1,
    2, 8 and 16 (docs/players.md, "Issue 20, sixth pass")."""

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
        (:func:`win_chance` of ``shanten`` and ``ukeire``) times the typical value; in the
        match's last deal (:meth:`final_worth`) the values are the places they gain, so
        where any win keeps the place the faster route is taken.
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
        worth = self.final_worth(t)
        ratio = limit / self.traits.typical_value if worth is None else worth(limit)
        return chance * ratio * self.heads_weight > plain

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
        """After :meth:`DefensiveBot._value_ready`: the lookahead and the red fives.

        Ukeire valued one draw ahead where the profile says so (:meth:`_look_ahead`), a red
        five's discard marked down (:meth:`_keep_reds`).
        """
        if self.lookahead:
            self._look_ahead(t, discards, ranked, steps)
        self._keep_reds(discards, ranked)

    def _keep_reds(self, discards: Sequence[Discard], ranked: dict[Action, float]) -> None:
        """With :attr:`red_fives`, a red five's discard loses the profile's dora weight."""
        if self.red_fives:
            for a in discards:
                if a.red and a in ranked:
                    ranked[a] -= self.profile.dora_weight  # the red five is a dora (EMA-TILE-2)

    def standing(self, t: Table) -> Standing | None:
        """The standing in one of the match's last :attr:`place_deals` deals, or None.

        Known where the profile gives the match's length
        (:attr:`~muraglia.players.profiles.Profile.session_deals`: Ravenna's eight turns of
        East, RAV-COMP-1, RAV-END-4; FIMJ's sixteen, FIMJ-GAME-1, FIMJ-TOURN-3; riichi-ema's
        East and South rounds, EMA-GAME-3, as a knob: :attr:`session_deals`, with
        :attr:`place_value`). The turn is the view's public count of the East
        role's passes (a renchan repeats a turn, EMA-GAME-1; a FIMJ tournament's round wind
        starts at the breach wall's, FIMJ-TOURN-4, so the round wind cannot tell it); the
        turns still to come after this one are the standing's ``left``. None with a seat
        out of the match (Ravenna's three players, RAV-3P).
        """
        turns = self.session_deals
        v = t.view
        if not turns or self.open_ended or len(v.scores) != 4 or (v.status and "out" in v.status):
            return None
        left = turns - 1 - v.passes
        if not 0 <= left < self.place_deals:
            return None
        cached = self._standing
        if cached is not None and cached[0] is t:
            return cached[1]
        standing = Standing(
            scores=tuple(float(x) for x in v.scores),
            seat=v.seat,
            dealer=v.dealer,
            pot=float(v.pot) if self.traits.liability else 0.0,
            factor=self.traits.dealer_factor,
            discarder_pays=self.traits.liability > 0,
            left=left,
            spread=self.place_spread,
        )
        if self.place_base and standing.discarder_pays:
            standing = replace(standing, base=self._baseline(t, standing))
        self._standing = (t, standing)
        return standing

    place_base = True
    """Whether a win and a deal-in are weighed against the placement expected when the
    deal ends without the bot (:meth:`Standing.baseline`) rather than its placement now."""

    def _baseline(self, t: Table, standing: Standing) -> float:
        """The placement expected when the deal ends without the bot winning or paying.

        Another seat wins before the wall runs out with the bot's :meth:`race` chance per
        own turn left, each opponent weighed by his readiness (plus a twentieth: any may
        still get there) and valued by the danger model's estimate
        (:func:`~muraglia.players.danger.opponent_value`); otherwise the deal is drawn and
        the placement stays (noten payments aside).
        """
        v = t.view
        others = [s for s in range(4) if s != v.seat]
        weights = {s: readiness(t, s, self.traits) + 0.05 for s in others}
        total = sum(weights.values())
        other_win = sum(
            weights[s]
            / total
            * standing.after_other_win(s, opponent_value(t, s, self.danger_traits()))
            for s in others
        )
        ends = 1 - (1 - self.race(t)) ** (v.live_count // 4)
        return (1 - ends) * standing.place() + ends * other_win

    def final_worth(self, t: Table) -> Callable[[float], float] | None:
        """In the match's last deal, what a win of each value is worth in placement.

        None before the last deal (:meth:`standing`). Otherwise a function of a win's
        value ``V`` replacing ``V`` over the typical value in the ready hand's score: the
        places the win gains (:meth:`Standing.after_win`: by the scores in the view and the
        ruleset's payments) plus one, over the same for a typical win. A win whose value
        cannot change the final placement is worth the same whatever its value (the fastest
        wait then wins the choice); a big hand needed to climb is worth more than its
        points.
        """
        last = self.standing(t)
        if last is None or last.left:
            return None  # before the last deal the points measure the value
        now = last.place()

        def gained(value: float) -> float:
            return now - last.after_win(value) + 1.0

        base = gained(self.traits.typical_value)
        low, high = gained(0.0), gained(4 * self.traits.typical_value)
        if low == high:
            return lambda value: 1.0  # no value changes the placement: speed alone
        return lambda value: gained(value) / base

    def win_gain(self, t: Table, value: float) -> float:
        """What winning a hand worth ``value`` gains the bot (ruleset units).

        In the deals played for placement (:meth:`standing`), with a :attr:`place_value`,
        the expected places the win climbs (:meth:`Standing.after_win`) times that value: a
        leader whose win changes nothing has nothing to push for; elsewhere
        :meth:`DefensiveBot.win_gain`.
        """
        last = self.standing(t) if self.place_value else None
        if last is None:
            return super().win_gain(t, value)
        return self.place_value * max(last.baseline() - last.after_win(value), 0.0)

    def danger_model(self, t: Table) -> DangerModel:
        """:meth:`DefensiveBot.danger_model`; deal-ins valued by places where played for them.

        With a :attr:`place_value`, in the deals :meth:`standing` reads, each opponent's
        value is replaced by the expected places the
        bot loses paying his ron (:meth:`Standing.after_deal_in`) times that value, over
        the ruleset's liability (which :meth:`DangerModel.cost` multiplies back): a deal-in
        that cannot cost a place costs only the own equity it ends (the last seat pushes).
        """
        model = super().danger_model(t)
        liability = model.traits.liability
        last = self.standing(t) if self.place_value and liability else None
        if last is None:
            return model
        now = last.baseline()
        value = tuple(
            self.place_value * max(last.after_deal_in(s, x) - now, 0.0) / liability if x else 0.0
            for s, x in enumerate(model.value)
        )
        return replace(model, value=value)

    place_ev = False
    """Whether the last deal's discard under a threat is chosen by expected places alone
    (:meth:`push_or_fold`) rather than by :func:`~muraglia.players.danger.attack_or_fold`
    with the places as values (an ablation knob: paired +0.011 +/- 0.055 against
    -0.007 +/- 0.046 for the places as values over the same 140 matches, docs/players.md)."""

    def push_or_fold(
        self,
        t: Table,
        model: DangerModel,
        discards: Sequence[Discard],
        *,
        ranked: dict[Action, float],
        equity: dict[Action, float],
        steps: dict[Action, int],
    ) -> Action:
        """:meth:`DefensiveBot.push_or_fold`; in the last deal, by expected places.

        With a :attr:`place_value` (equity and costs then in places, :meth:`win_gain`,
        :meth:`danger_model`) every discard is worth its equity minus its cost once per step
        it has to go (shanten + 1, as :func:`~muraglia.players.danger.attack_or_fold`
        counts an attack); the best is played, the efficiency score breaking near-ties (a
        tenth of a unit per unit). A ready discard that is also safe is then kept even where
        a wider wait scores higher: its win climbs no higher.
        """
        last = self.standing(t) if self.place_value and self.place_ev else None
        if last is None or last.left:
            push = super().push_or_fold
            return push(t, model, discards, ranked=ranked, equity=equity, steps=steps)
        typical = self.traits.typical_value
        low = min(ranked.values(), default=0.0)
        worth: dict[Action, float] = {}
        for a in discards:
            if a.riichi and a not in ranked:
                continue  # riichi does not pay (:meth:`riichi_pays`)
            cost = self.caution * model.cost(a.tile, equity[a])
            ev = equity[a] - (max(steps[a], 0) + 1) * cost
            worth[a] = EQUITY_UNITS * ev / typical + 0.1 * ranked.get(a, low)
        return self.pick(worth)

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

    def riichi_climbs(self, t: Table, riichi_value: float, dama_value: float) -> bool | None:
        """In the match's last deal, with a :attr:`place_value`: riichi or dama by places.

        Dama where its win already climbs as high as riichi's; riichi where it climbs
        higher; where neither climbs, None: the gain rule (riichi's tsumo and ura dora may
        still reach what its ron value does not; :meth:`DefensiveBot.riichi_pays`).
        """
        last = self.standing(t) if self.place_value else None
        if last is not None and not last.left:
            dama, riichi = last.after_win(dama_value), last.after_win(riichi_value)
            if riichi < dama - 1e-9 or dama < last.place() - 1e-9:
                return riichi < dama - 1e-9
        return None

    # ------------------------------------------------------------------ claims

    def _claim(self, t: Table, legal: Sequence[Action]) -> Action:
        heads = self._heads_claim(t, legal)
        if heads is not None:
            return heads
        choice = super()._claim(t, legal)
        if isinstance(choice, Pass) and 0 < t.view.live_count <= self.tenpai_live:
            return self._tenpai_call(t, legal) or choice
        if isinstance(choice, Pass) or choice.kind == "win":
            return choice
        if self._stays_closed(t, choice):
            return next(a for a in legal if isinstance(a, Pass))  # riichi pays better
        return choice

    def _stays_closed(self, t: Table, call: Action) -> bool:
        """Whether a closed hand declines ``call`` to keep its riichi (:attr:`open_steps`).

        A pung of a scoring honour is always made; otherwise, with :attr:`open_steps`, a
        call leaving the hand that many steps or more from ready is declined; without, in
        the rulesets whose wins need a yaku or double (EMA-WIN-2, SEI-SCORE-2) one leaving
        it two or more steps away while it holds a dora or the wall is long.
        """
        honours = self.profile.scoring_honours(t.seat_wind, t.view.round_wind)
        if t.own_melds or (isinstance(call, Pung) and t.view.claim in honours):
            return False
        if self.open_steps:
            return shanten_after_call(t, call) >= self.open_steps
        if not self.profile.needs_double or shanten_after_call(t, call) < 2:
            return False
        held = sum(t.counts[d] for d in dora_kinds(t.view.indicators))
        return bool(held) or t.view.live_count > 40

    def _tenpai_call(self, t: Table, legal: Sequence[Action]) -> Action | None:
        """A call that leaves a hand not ready ready, late in the deal (:attr:`tenpai_live`).

        Made only while nobody threatens (a standing riichi, a likely ready hand: the
        discard after the call would be pushed into it), for the noten payments
        (EMA-END-3); a pung is preferred to a chow (the seat's order in ``legal``).
        """
        if shanten_all(t.counts, t.own_melds) <= 0 or threat_of(t, self.traits) >= 0.5:
            return None
        for a in legal:
            if isinstance(a, Pung | Chow) and shanten_after_call(t, a) == 0:
                return a
        return None

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


"""The head tiles (pedine di punta o di testa: 1, 9, winds, dragons; RAV-HAND-3)."""

HEADS_STEP = 1000.0
"""Score a head tile's discard loses on the route to all head tiles (it outweighs every
other term: the route's step decides, the plain score only among its equals)."""


def heads_distance(counts: Sequence[int], melds: Sequence[Sequence[int]]) -> int | None:
    """The concealed tiles of 2-8 (the steps to all head tiles, RAV-HAND-3).

    None when a declared meld holds a tile of 2-8 (the hand can no longer be all heads).

    >>> from muraglia.tiles import Tile
    >>> c = [0] * NUM_KINDS
    >>> for k in (Tile.M1, Tile.M1, Tile.P9, Tile.EAST, Tile.M5, Tile.S3):
    ...     c[k] += 1
    >>> heads_distance(c, []), heads_distance(c, [(Tile.RED,) * 3]), heads_distance(c, [(2, 2, 2)])
    (2, 2, None)
    """
    if any(k not in HEAD_KINDS for m in melds for k in m):
        return None
    return sum(c for k, c in enumerate(counts) if c and k not in HEAD_KINDS)
