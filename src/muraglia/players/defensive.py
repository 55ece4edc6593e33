"""The ``defensive`` bot: the efficiency bot that folds when folding is worth more.

It plays the efficiency bot's discards while nobody threatens. Against a threat it reads the
shared :mod:`~muraglia.players.danger` model (each opponent's readiness and hand value, each
tile's deal-in danger: genbutsu, suji, kabe, one-chance, honour counts, flush and open-tanyao
melds) and weighs, by expected value (:func:`~muraglia.players.danger.attack_or_fold`):

* its own hand's equity — the chance to win (:func:`~muraglia.players.danger.win_chance`
  from the shanten, the useful tiles and the draws left) times its value (the ruleset's
  typical hand, raised by the profile's value terms: honour pungs, flush, dora...);
* each discard's cost — the deal-in probability times the winner's value the discarder pays
  (the ruleset's liability: all of it in riichi, Seipalle and MCR, nothing extra in FIMJ and
  Ravenna where every loser pays the same, FIMJ-PAY-1, RAV-PAY-1), plus the own equity that a
  deal-in ends.

It attacks with the efficiency discard lowered by its cost, unless the safest discard is
worth more: a poor hand folds against a riichi, a ready or valuable one pushes. Calls that
open a hand still two steps from ready are declined while an opponent is likely ready and a
deal-in costs the discarder.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from muraglia.analysis.shanten import DeltaShanten, shanten_all
from muraglia.engine.actions import Action, AddedKong, ConcealedKong, Discard, Pass
from muraglia.players.base import Table
from muraglia.players.danger import (
    DangerModel,
    RuleTraits,
    attack_or_fold,
    threat_of,
    traits_for,
    win_chance,
)
from muraglia.players.efficiency import EfficiencyBot, ValueContext, useful_count
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["QUIET", "DefensiveBot", "shanten_after_call"]

QUIET = 0.05
"""Summed opponent readiness under which the bots play as if nobody threatened."""

VALUE_SCALE = 40.0
"""Profile value units (ukeire units) that double a hand's expected value."""


class DefensiveBot(EfficiencyBot):
    """Efficiency plus expected-value push/fold (see the module docstring)."""

    name = "defensive"

    quiet = QUIET
    """Summed readiness under which the bot attacks without reading the danger."""

    def __init__(self, rules: object = None, seed: int | None = 0) -> None:
        super().__init__(rules, seed)
        self.traits: RuleTraits = traits_for(rules if rules is not None else "")
        if not self.traits.liability:
            # FIMJ, Ravenna: a deal-in costs no more than another seat's win (FIMJ-PAY-1,
            # RAV-PAY-1), and steering the discards by danger lost placement there
            # (docs/players.md, "Diagnosis"): always attack.
            self.quiet = math.inf

    def _act(self, t: Table, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return super()._act(t, legal)
        if threat_of(t, self.traits) < self.quiet:
            return self._attack(t, legal, discards)
        model = DangerModel.of(t, self.traits)
        ranked, equity, steps = self.ranked_equity(t, discards)
        best_sh = min(steps.values())
        for a in legal:
            if (
                isinstance(a, ConcealedKong | AddedKong)
                and model.threat < 0.5
                and self._kong_ok(t, a, best_sh)
            ):
                return a
        return attack_or_fold(model, discards, ranked, equity, self.pick, steps=steps)

    def _attack(self, t: Table, legal: Sequence[Action], discards: list[Discard]) -> Action:
        """The choice with nobody threatening (the efficiency bot's)."""
        return super()._act(t, legal)

    def ranked_equity(
        self, t: Table, discards: Sequence[Discard], *, with_equity: bool = True
    ) -> tuple[dict[Action, float], dict[Action, float], dict[Action, int]]:
        """Scores of the attacking discards, equity and shanten of every discard.

        The scores are the efficiency bot's; the equity is the chance to win times the value
        (ruleset units), left empty without ``with_equity`` (an attack with nobody to fear
        reads only the scores).
        """
        scores, shanten = self.discard_scores(t, discards)
        steps: dict[Action, int] = {a: shanten[a.tile] for a in discards}
        equity: dict[Action, float] = {}
        if not with_equity:
            return dict(scores), equity, steps
        ctx = ValueContext(self.profile, t)
        counts = t.counts
        melds = t.own_melds
        hand = DeltaShanten(counts, melds)
        draws = t.view.live_count // 4
        unseen = sum(t.unseen(k) for k in range(NUM_KINDS))
        typical = self.traits.typical_value
        by_kind: dict[int, float] = {}
        for a in discards:
            k = a.tile
            e = by_kind.get(k)
            if e is None:
                sh = shanten[k]
                counts[k] -= 1
                uke = (
                    useful_count(counts, melds, sh, t.visible, hand=hand, discarded=k)
                    if sh >= 0
                    else 0
                )
                value = typical * (1 + ctx.value(counts) / VALUE_SCALE) + self.traits.win_base
                counts[k] += 1
                e = by_kind[k] = win_chance(sh, uke, draws, unseen) * value
            equity[a] = e
        return dict(scores), equity, steps

    def _claim(self, t: Table, legal: Sequence[Action]) -> Action:
        choice = super()._claim(t, legal)
        if isinstance(choice, Pass) or choice.kind == "win":
            return choice
        if not self.traits.liability:
            return choice  # nothing to defend (see __init__)
        exposed = threat_of(t, self.traits) * max(self.traits.liability, 0.25)
        if exposed >= 0.5 and shanten_after_call(t, choice) >= 2:
            return next(a for a in legal if isinstance(a, Pass))
        return choice


def shanten_after_call(t: Table, action: Action) -> int:
    """The shanten the hand keeps after the call ``action`` and its best discard."""
    tile = t.view.claim
    assert tile is not None
    tiles = getattr(action, "tiles", None)
    if tiles is not None:
        taken = list(tiles)
        taken.remove(tile)
    else:
        taken = [tile] * (3 if action.kind == "kong" else 2)
    counts = t.counts[:]
    for k in taken:
        counts[k] -= 1
    melds = t.own_melds + 1
    if action.kind == "kong":
        return shanten_all(counts, melds)
    hand = DeltaShanten(counts, melds)
    return min(hand.shanten(Tile(k)) for k in range(NUM_KINDS) if counts[k])
