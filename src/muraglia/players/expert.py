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
  double (FIMJ-DBL-C16, SEI-DBL-D30) is valued by the scorer in the same way.
* **Push or fold** from the shared :mod:`~muraglia.players.danger` model. The own hand's
  equity is its chance to win (:func:`win_chance`: shanten, ukeire and the draws left) times
  its value; a discard's cost is its deal-in probability times what a deal-in loses — the
  winner's value times the ruleset's liability (the discarder pays in riichi, Seipalle and
  MCR; nobody pays extra in FIMJ and Ravenna, FIMJ-PAY-1, RAV-PAY-1) plus the own equity,
  which a deal-in ends. The best attacking discard (efficiency score lowered by its cost) is
  compared with the safest one by expected value; the bot folds when the safe tile is worth
  more.
* **Calls.** The efficiency bot's call filter (lower the shanten, keep a yaku / double / 8
  points, no flush breaking) plus: under a threat a call must leave a hand close to ready; in
  riichi and Seipalle a closed hand holding value (dora, a riichi-able shape) is not opened
  for a slow call (only a call that leaves the hand at most one step from ready, or a pung of
  a scoring honour). Kongs are declared where they pay hand points (the classical rulesets).
* **Settled hands** (from :class:`~muraglia.players.defensive.DefensiveBot`): where every
  hand is scored (FIMJ-PAY-2, RAV-PAY-2) each discard keeps the points the ruleset's scorer
  gives the hand as one that did not win.

Deterministic for a seed (ties go to the seeded generator, nothing else is random).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from muraglia.analysis.shanten import DeltaShanten, shanten_all
from muraglia.engine.actions import Action, AddedKong, ConcealedKong, Discard, Pass, Pung
from muraglia.players.base import Table
from muraglia.players.danger import win_chance
from muraglia.players.defensive import DefensiveBot, compact_notation, score_win, shanten_after_call
from muraglia.players.efficiency import dora_kinds
from muraglia.players.profiles import SHANTEN_WEIGHT
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["LOOK_BUDGET", "RIICHI_GAIN", "SCORE_BUDGET", "SELF_DRAWN", "ExpertBot"]

SCORE_BUDGET = 16
"""Hands a decision may value with the ruleset's scorer (cached or not)."""

RIICHI_GAIN = 1.25
"""Riichi is declared on a hand that has a yaku without it only if it multiplies the value
by at least this much."""

SELF_DRAWN = 0.35
"""Share of a wait's wins that come from the own draw: a wait that wins only self-drawn is
worth this share of its value."""

VALUE_UNITS = 12.0
"""Ukeire units a ready hand's expected value worth one typical hand adds."""

LOOK_BUDGET = 240
"""Hands the lookahead (:meth:`ExpertBot.lookahead_scores`) may value with the scorer in one
decision (distinct ready hands, cached or not)."""

LOOK_CANDIDATES = 5
"""Distinct discards the lookahead examines: the best by the efficiency score."""

LOOK_OUTS = 8
"""Copies of a typical ready hand's waits (quality 1 in the lookahead)."""

LOOK_VALUE_CAP = 6.0
"""At most this many typical hands count for one ready hand in the lookahead."""

LOOK_RIICHI_WALL = 12
"""Live tiles the lookahead wants left to count a riichi on a ready hand it reaches (the
declaration needs 8 when made, FIMJ-RICHI-2, SEI-RIICHI-8)."""


_CACHE: dict[tuple[Any, ...], float] = {}
_CACHE_MAX = 1 << 16


class ExpertBot(DefensiveBot):
    """Expected-value decisions (see the module docstring)."""

    name = "expert"

    value_units = VALUE_UNITS
    """Ukeire units a ready hand's expected value worth one typical hand adds (0: none)."""

    def __init__(self, rules: object = None, seed: int | None = 0) -> None:
        super().__init__(rules, seed)
        self._budget = SCORE_BUDGET
        self._scored: list[float] | None = None  # the lookahead's values so far (its fallback)
        self.lookahead = self.profile.lookahead
        options = getattr(self.ruleset, "options", None)
        if self.traits.id.startswith("riichi") and not getattr(options, "open_tanyao", True):
            self.open_simples = False  # no open tanyao (EMA-YAKU-05 as the options set it)

    # ------------------------------------------------------------------ values

    def hand_value(
        self, t: Table, counts: list[int], win: int, *, riichi: bool, tsumo: bool = False
    ) -> float:
        """The ruleset's value of the concealed ``counts`` won on ``win``.

        ``win`` is a discard, or self-drawn with ``tsumo``.

        0 when the hand is not a win the ruleset allows (no yaku, under the minimum...).
        A decision values at most :data:`SCORE_BUDGET` hands; beyond that a hand is worth
        the ruleset's typical value (it is at least a shape that wins). The budget counts
        every hand asked for, cached or not, so a decision does not depend on what earlier
        decisions left in the cache (a seed fixes the bot).
        """
        v = t.view
        rules = self.ruleset
        if rules is None:
            return self.traits.typical_value
        flags: list[str] = []
        if riichi:
            flags.append("riichi")
        known = getattr(rules, "flags", {}) or {}
        if t.unseen(win) == 1 and t.visible[win] == 3 and "last_of_kind" in known:
            flags.append("last_of_kind")  # FIMJ-DBL-C09, MCR-FAN-27
        key = (
            self.traits.id,
            bytes(counts),
            v.melds[v.seat],
            win,
            t.seat_wind,
            v.round_wind,
            v.indicators,
            tuple(flags),
            tsumo,
        )
        scored = self._scored
        if self._budget <= 0:
            if scored:  # the lookahead: the mean of the hands it valued in this decision
                return sum(scored) / len(scored)
            return self.traits.typical_value
        self._budget -= 1
        hit = _CACHE.get(key)
        if hit is not None:
            if scored is not None and hit > 0:
                scored.append(hit)
            return hit
        text = "".join(Tile(k).notation for k in range(NUM_KINDS) for _ in range(counts[k]))
        text = compact_notation(text) + "".join(v.melds[v.seat]) + "+" + Tile(win).notation
        value = score_win(
            rules,
            text,
            tsumo=tsumo,
            seat_wind=t.seat_wind,
            round_wind=v.round_wind,
            flags=flags,
            indicators=v.indicators,
        )
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        _CACHE[key] = value
        if scored is not None and value > 0:
            scored.append(value)
        return value

    def wait_value(self, t: Table, counts: list[int], *, riichi: bool) -> tuple[float, int]:
        """A ready hand's waits: the mean value of a win and the unseen winning copies.

        The mean is over the unseen winning copies; waits the ruleset would not let win
        count nothing.
        """
        melds = t.own_melds
        waits: list[tuple[int, int]] = []
        for k in range(NUM_KINDS):
            u = t.unseen(k)
            if not u or counts[k] >= 4:
                continue
            counts[k] += 1
            done = shanten_all(counts, melds) < 0
            counts[k] -= 1
            if done:
                waits.append((k, u))
        return self.waits_value(t, counts, waits, riichi=riichi)

    def waits_value(
        self, t: Table, counts: list[int], waits: Sequence[tuple[int, int]], *, riichi: bool
    ) -> tuple[float, int]:
        """The mean value of a win on ``waits`` (kind, unseen copies) and their copies.

        A wait the ruleset does not let win on a discard is worth :data:`SELF_DRAWN` of its
        self-drawn value; one it does not let win at all counts nothing.
        """
        total = 0.0
        outs = 0
        for k, u in waits:
            value = self.hand_value(t, counts, k, riichi=riichi)
            if value <= 0:  # no win on a discard: self-drawn only (menzen tsumo, MCR's
                # self-drawn / fully concealed fan), about a third of the wins
                value = SELF_DRAWN * self.hand_value(t, counts, k, riichi=riichi, tsumo=True)
            if value > 0:
                total += u * value
                outs += u
        return (total / outs if outs else 0.0), outs

    def lookahead_scores(self, t: Table, kinds: Sequence[int]) -> dict[int, float]:
        """Two steps ahead: what each discard of ``kinds`` (one step from ready) leads to.

        For each discard, every unseen draw that makes the hand ready is followed by the
        discard that keeps the best ready hand, valued by the ruleset's scorer: its
        *quality* is the waits' mean value over a typical hand (at most
        :data:`LOOK_VALUE_CAP`) times the chance to win on that many copies over the chance
        on :data:`LOOK_OUTS`; a ready hand the ruleset would not let win is worth nothing
        (Seipalle's double, SEI-SCORE-2), a closed one that may declare riichi counts the
        riichi double (FIMJ-DBL-C16 on a single wait, SEI-DBL-D30). A discard's
        *value-weighted ukeire* is the sum over its draws of the unseen copies times that
        quality; the result is that sum rescaled so that the candidates' mean quality is 1,
        less the plain count of the copies: 0 when every ready hand is alike, positive for
        a discard leading to more valuable or wider ready hands than the others, negative
        for cheaper or narrower ones, in ukeire units (so the efficiency score's scale is
        kept). The discards are examined in the order given; the hands valued in one
        decision are at most :data:`LOOK_BUDGET` (then the mean of those valued so far), so a
        seed fixes the result whatever the cache holds.
        """
        counts = t.counts
        melds = t.own_melds
        hand = DeltaShanten(counts, melds)
        draws = t.view.live_count // 4
        unseen = sum(t.unseen(k) for k in range(NUM_KINDS))
        base = win_chance(0, LOOK_OUTS, draws, unseen) or 1.0
        typical = self.traits.typical_value
        memo: dict[bytes, float] = {}
        saved = self._budget
        self._budget = LOOK_BUDGET
        self._scored = []
        plain: dict[int, float] = {}
        worth: dict[int, float] = {}
        try:
            for k in kinds:
                counts[k] -= 1
                t.visible[k] += 1  # the discard is face up
                try:
                    cand = [d for d in range(NUM_KINDS) if counts[d] < 4]
                    plain[k] = worth[k] = 0.0
                    for d, sh in zip(cand, hand.draws(k, cand), strict=True):
                        u = t.unseen(d)
                        if sh != 0 or not u:
                            continue
                        counts[d] += 1
                        try:
                            q = self._best_ready(
                                t,
                                counts,
                                memo,
                                draws=draws,
                                unseen=unseen,
                                base=base,
                                typical=typical,
                            )
                        finally:
                            counts[d] -= 1
                        plain[k] += u
                        worth[k] += u * q
                finally:
                    counts[k] += 1
                    t.visible[k] -= 1
        finally:
            self._budget = saved
            self._scored = None
        total = sum(worth.values())
        if total <= 0:
            return dict.fromkeys(kinds, 0.0)
        scale = sum(plain.values()) / total
        return {k: worth[k] * scale - plain[k] for k in kinds}

    def may_riichi(self, t: Table, waits: int) -> bool:
        """Whether a ready hand on ``waits`` kinds could declare riichi now.

        The bot declares it (the profile), enough wall is left, the hand is closed unless
        the ruleset allows exposed sets (FIMJ-RICHI-3), and FIMJ's single wait
        (FIMJ-RICHI-1).
        """
        traits = self.traits
        return (
            self.profile.riichi
            and t.view.live_count >= LOOK_RIICHI_WALL
            and (traits.riichi_open or t.own_melds == 0)
            and (waits == 1 or not traits.riichi_single)
        )

    def _best_ready(
        self,
        t: Table,
        counts: list[int],
        memo: dict[bytes, float],
        *,
        draws: int,
        unseen: int,
        base: float,
        typical: float,
    ) -> float:
        """The best ready hand a discard of the 14 ``counts`` keeps, as a quality (1 typical)."""
        hand = DeltaShanten(counts, t.own_melds)
        best = 0.0
        for e in range(NUM_KINDS):
            if not counts[e] or hand.shanten(e) != 0:
                continue
            counts[e] -= 1
            try:
                key = bytes(counts)
                q = memo.get(key)
                if q is None:
                    cand = [w for w in range(NUM_KINDS) if counts[w] < 4]
                    waits = [
                        (w, t.unseen(w))
                        for w, sh in zip(cand, hand.draws(e, cand), strict=True)
                        if sh < 0 and t.unseen(w)
                    ]
                    value, outs = self.waits_value(t, counts, waits, riichi=False)
                    if self.may_riichi(t, len(waits)):
                        value = max(value, self.waits_value(t, counts, waits, riichi=True)[0])
                    chance = win_chance(0, outs, draws, unseen) / base
                    memo[key] = q = min(value / typical, LOOK_VALUE_CAP) * chance
            finally:
                counts[e] += 1
            best = max(best, q)
        return best

    # ------------------------------------------------------------------ own turn

    def _act(self, t: Table, legal: Sequence[Action]) -> Action:
        self._budget = SCORE_BUDGET
        return super()._act(t, legal)

    def _attack(self, t: Table, legal: Sequence[Action], discards: list[Discard]) -> Action:
        ranked, _, steps = self.ranked_equity(t, discards, with_equity=False)
        best_sh = min(steps.values())
        for a in legal:
            if isinstance(a, ConcealedKong | AddedKong) and self._kong_ok(t, a, best_sh):
                return a
        return self.pick(ranked)

    def ranked_equity(
        self, t: Table, discards: Sequence[Discard], *, with_equity: bool = True
    ) -> tuple[dict[Action, float], dict[Action, float], dict[Action, int]]:
        """As :meth:`DefensiveBot.ranked_equity`, with a ready hand valued by the scorer.

        The waits' expected value moves the score and sets the equity, and a riichi
        discard is kept only when riichi pays (:meth:`riichi_pays`).
        """
        ranked, equity, steps = super().ranked_equity(t, discards, with_equity=with_equity)
        typical = self.traits.typical_value
        counts = t.counts
        draws = t.view.live_count // 4
        unseen = sum(t.unseen(k) for k in range(NUM_KINDS))
        drawn = self.draw_value(t) if with_equity else 0.0
        for a in discards:
            k = a.tile
            counts[k] -= 1
            try:
                if steps[a] != 0:
                    continue
                value, outs = self.wait_value(t, counts, riichi=a.riichi)
                equity[a] = win_chance(0, outs, draws, unseen) * (value + self.traits.win_base)
                equity[a] += drawn
                if a not in ranked:
                    continue
                if a.riichi:
                    dama, _ = self.wait_value(t, counts, riichi=False)
                    if not self.riichi_pays(t, value, dama):
                        del ranked[a]
                        continue
                ranked[a] += self.value_units * min(value / typical, 4.0) * min(outs, 8) / 8
                if outs == 0:
                    ranked[a] -= SHANTEN_WEIGHT  # ready on nothing that may win
            finally:
                counts[k] += 1
        if self.lookahead and ranked and min(steps.values()) == 1:
            self._look(t, ranked, steps)
        if not ranked:
            ranked = {a: -SHANTEN_WEIGHT * 9.0 for a in discards if not a.riichi}
        return ranked, equity, steps

    def _look(self, t: Table, ranked: dict[Action, float], steps: dict[Action, int]) -> None:
        """Move the scores of the best discards one step from ready by the lookahead."""
        top: dict[int, float] = {}
        for a, s in ranked.items():
            assert isinstance(a, Discard)
            if steps[a] == 1:
                top[a.tile] = max(s, top.get(a.tile, s))
        kinds = sorted(top, key=lambda k: (-top[k], k))[:LOOK_CANDIDATES]
        if len(kinds) < 2:
            return
        gains = self.lookahead_scores(t, kinds)
        for a in ranked:
            assert isinstance(a, Discard)
            if a.tile in gains and steps[a] == 1:
                ranked[a] += self.lookahead * gains[a.tile]

    def riichi_pays(self, t: Table, riichi_value: float, dama_value: float) -> bool:
        """Riichi (or FIMJ/Seipalle richi) rather than staying concealed without it."""
        if riichi_value <= 0:
            return False
        if dama_value <= 0:
            return True  # no yaku without it (EMA-WIN-2, SEI-SCORE-2)
        if self.traits.liability == 0:
            return riichi_value > dama_value  # FIMJ richi: nothing to fold against anyway
        return riichi_value >= RIICHI_GAIN * dama_value and t.view.live_count >= 8

    # ------------------------------------------------------------------ claims

    def _claim(self, t: Table, legal: Sequence[Action]) -> Action:
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
