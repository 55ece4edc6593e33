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

from collections.abc import Sequence

from muraglia.analysis.shanten import DeltaShanten, shanten_all
from muraglia.engine.actions import Action, AddedKong, ConcealedKong, Discard, Pass
from muraglia.players.base import Table
from muraglia.players.danger import DangerModel, RuleTraits, attack_or_fold, traits_for, win_chance
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

    def __init__(self, rules: object = None, seed: int | None = 0) -> None:
        super().__init__(rules, seed)
        self.traits: RuleTraits = traits_for(rules if rules is not None else "")

    def _act(self, t: Table, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return super()._act(t, legal)
        model = DangerModel.of(t, self.traits)
        if model.threat < QUIET:
            return self._attack(t, legal, discards)
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
        self, t: Table, discards: Sequence[Discard]
    ) -> tuple[dict[Action, float], dict[Action, float], dict[Action, int]]:
        """Scores of the attacking discards, equity and shanten of every discard.

        The scores are the efficiency bot's; the equity is the chance to win times the value
        (ruleset units).
        """
        scores, shanten = self.discard_scores(t, discards)
        ctx = ValueContext(self.profile, t)
        equity: dict[Action, float] = {}
        counts = t.counts
        melds = t.own_melds
        hand = DeltaShanten(counts, melds)
        draws = t.view.live_count // 4
        unseen = sum(t.unseen(k) for k in range(NUM_KINDS))
        typical = self.traits.typical_value
        for a in discards:
            k = a.tile
            sh = shanten[k]
            counts[k] -= 1
            uke = (
                useful_count(counts, melds, sh, t.visible, hand=hand, discarded=k) if sh >= 0 else 0
            )
            value = typical * (1 + ctx.value(counts) / VALUE_SCALE) + self.traits.win_base
            counts[k] += 1
            equity[a] = win_chance(sh, uke, draws, unseen) * value
        return dict(scores), equity, {a: shanten[a.tile] for a in discards}

    def _claim(self, t: Table, legal: Sequence[Action]) -> Action:
        choice = super()._claim(t, legal)
        if isinstance(choice, Pass) or choice.kind == "win":
            return choice
        model = DangerModel.of(t, self.traits)
        exposed = model.threat * max(self.traits.liability, 0.25)
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
