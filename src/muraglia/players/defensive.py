"""The ``defensive`` bot: the efficiency bot plus danger estimates from visible tiles.

Each opponent gets a *threat* from what is face up: a standing riichi (FIMJ-RICHI,
SEI-RIICHI) is ready for sure; three or four declared melds mean a hand close to going out,
two melds a hand on its way; threats grow as the live wall runs out. Each tile gets a *danger*
for each threatening opponent, from that opponent's discards only:

* a kind the opponent has discarded is safe (*genbutsu*); in Seipalle it cannot be won on at
  all (SEI-PLAY-4), elsewhere it is merely unlikely to be waited on;
* suited tiles three ranks away from one of his discards are safer (*suji*: a two-sided wait
  on that tile would also win on the discarded one), terminals safer than middle tiles;
* honours are safer the more copies are visible (no pung, no pair wait left);
* tiles of the one suit an opponent's melds are all in are dangerous (he is making a flush),
  other suits safer; honours that score for him are fed to him reluctantly.

The discard score of the efficiency bot is lowered by ``DANGER_WEIGHT x danger``; when the
threat is high and the own hand is far from ready (or simply weaker than the threat), the bot
*folds*: it discards the safest tile, efficiency only breaking ties. It also declines calls
that would open a far-from-ready hand while an opponent is ready.
"""

from __future__ import annotations

from collections.abc import Sequence

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.actions import Action, AddedKong, ConcealedKong, Discard, Pass
from muraglia.players.base import Table
from muraglia.players.efficiency import EfficiencyBot
from muraglia.players.profiles import SHANTEN_WEIGHT
from muraglia.tiles import DRAGONS, Tile

__all__ = ["DANGER_WEIGHT", "DefensiveBot", "danger", "threats"]

DANGER_WEIGHT = 30.0
"""Ukeire units a fully dangerous tile against a sure threat costs when pushing."""

FOLD_THREAT = 0.75
"""Total threat from which a hand that is not ready folds."""


def threats(t: Table) -> list[float]:
    """Threat of each seat (0 for the viewer): how likely it is ready to win (0-1)."""
    v = t.view
    late = 0.0 if v.live_count > 40 else (40 - v.live_count) / 80  # up to +0.5 at the end
    out = []
    for s in range(len(v.discards)):
        if s == v.seat or v.status[s] == "out":
            out.append(0.0)
            continue
        if v.riichi[s]:
            out.append(1.0)
            continue
        n = len(t.melds_of(s))
        base = (0.05, 0.1, 0.3, 0.6, 0.9)[min(n, 4)]
        out.append(min(1.0, base + late * (1.0 if n >= 2 else 0.4)))
    return out


def danger(t: Table, seat: int, kind: Tile, *, genbutsu_safe: bool = False) -> float:
    """How dangerous discarding ``kind`` is against ``seat`` (0 safe - about 1.5)."""
    v = t.view
    theirs = v.discards[seat]
    if kind in theirs:
        return 0.0 if genbutsu_safe else 0.1
    melds = t.melds_of(seat)
    if kind >= 27:
        seen = t.visible[kind] + t.counts[kind]
        d = (0.8, 0.6, 0.3, 0.05, 0.0)[min(seen, 4)]
        scoring = kind in DRAGONS or kind == t.seat_wind_of(seat) or kind == v.round_wind
        if scoring and len(melds) >= 2:
            d *= 1.3
        return d
    rank = kind % 9 + 1
    d = 0.55 if rank in (1, 9) else (0.75 if rank in (2, 8) else 1.0)
    suit = kind // 9
    low = kind - 3 if rank > 3 else None
    high = kind + 3 if rank < 7 else None
    sides = [x for x in (low, high) if x is not None]
    covered = sum(1 for x in sides if x in theirs)
    if covered and covered == len(sides):
        d *= 0.35  # full suji
    elif covered:
        d *= 0.65  # half suji
    if len(melds) >= 2:
        meld_suits = {k // 9 for m in melds for k in m if k < 27}
        if len(meld_suits) == 1:
            d *= 1.5 if suit in meld_suits else 0.4  # a flush in the making
    return d


class DefensiveBot(EfficiencyBot):
    """Efficiency plus danger (see the module docstring)."""

    name = "defensive"

    def _act(self, t: Table, legal: Sequence[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return super()._act(t, legal)
        threat = threats(t)
        total = sum(threat)
        if total < 0.15:
            return super()._act(t, legal)
        scores, shanten = self.discard_scores(t, discards)
        best_sh = min(shanten.values())
        genbutsu_safe = self.profile.needs_double  # Seipalle: SEI-PLAY-4
        dangers: dict[Tile, float] = {}
        for a in discards:
            if a.tile not in dangers:
                dangers[a.tile] = sum(
                    w * danger(t, s, a.tile, genbutsu_safe=genbutsu_safe)
                    for s, w in enumerate(threat)
                    if w > 0
                )
        fold = total >= FOLD_THREAT and best_sh >= 1
        if fold:
            # safest tile first; efficiency (over all discards) only breaks ties
            eff = {a: scores.get(a, -SHANTEN_WEIGHT * (shanten[a.tile] + 1)) for a in discards}
            folded: dict[Action, float] = {
                d: -1000.0 * dangers[d.tile] + eff[d] / 1000.0 for d in discards if not d.riichi
            }
            return self.pick(folded)
        for k in legal:
            if (
                isinstance(k, ConcealedKong | AddedKong)
                and total < 0.9
                and self._kong_ok(t, k, best_sh)
            ):
                return k
        tile_of: dict[Action, Tile] = {d: d.tile for d in discards}
        pushed = {a: s - DANGER_WEIGHT * dangers[tile_of[a]] for a, s in scores.items()}
        return self.pick(pushed)

    def _claim(self, t: Table, legal: Sequence[Action]) -> Action:
        choice = super()._claim(t, legal)
        if isinstance(choice, Pass) or choice.kind == "win":
            return choice
        if sum(threats(t)) >= FOLD_THREAT and shanten_all(t.counts, t.own_melds) >= 2:
            return next(a for a in legal if isinstance(a, Pass))
        return choice
