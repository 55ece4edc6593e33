"""One draw of lookahead, valued by the ruleset's scorer: ukeire that counts what it wins.

In MCR a ready hand wins only on the waits that reach 8 points (MCR-WIN-4), so the number of
tiles that make a hand ready (the ukeire) says little about how often it will win: a hand
one step from ready whose every ready shape falls short of 8 points wins nothing. For a hand
of 13 tiles one step from ready (and for a ready one) :class:`ValueLookahead` looks one draw
ahead:

* for each kind ``k`` still unseen whose draw makes the hand ready, every discard ``e`` that
  keeps it ready is tried, and each ready hand's waits are scored as wins by the ruleset's
  own scorer (MCR: the fans of the best arrangement; a wait under the minimum is worth
  nothing on a discard, and :data:`~muraglia.players.defensive.SELF_DRAWN` of its self-drawn
  value, which adds Self-Drawn / Fully Concealed Hand);
* a ready hand is worth ``win_chance(0, outs) x (mean value + win base)`` (the outs: unseen
  copies of the waits that may win; MCR-PAY-2: a win also collects 8 from each other
  seat), and a draw is worth its best ready hand;
* each useful draw then counts, instead of 1 ukeire unit, its best ready hand's worth over a
  typical ready hand's (:data:`REF_OUTS` outs at the ruleset's typical value), between
  :data:`FLOOR` (a ready hand that cannot win is still a step towards one) and :data:`CAP`.

So the bot steers towards the hands that reach the minimum (a Mixed Triple Chow, a Pure
Straight, a flush, All Pungs, honour pungs, a concealed hand that wins self-drawn...), which
the scorer knows and the bot does not have to list. The waits of a ready hand do not depend
on what is visible, so they are cached by hand; the outs are counted afresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from muraglia.analysis.shanten import DeltaShanten
from muraglia.players.base import rules_key
from muraglia.players.danger import win_chance
from muraglia.players.efficiency import _draw_candidates
from muraglia.tiles import COPIES, NUM_KINDS

if TYPE_CHECKING:
    from muraglia.players.base import Table

__all__ = ["CAP", "FLOOR", "REF_OUTS", "RIICHI_WALL", "ValueLookahead"]

REF_OUTS = 6
"""Outs of the typical ready hand a useful draw is compared with."""

FLOOR = 0.2
"""What a useful draw whose ready hands cannot win still counts (ukeire units)."""

CAP = 3.0
"""What a useful draw counts at most (ukeire units)."""

RIICHI_WALL = 12
"""Live tiles the lookahead wants left to count a riichi on a ready hand it reaches (the
declaration needs 8 when made, FIMJ-RICHI-2, SEI-RIICHI-8)."""

_WAITS: dict[tuple[Any, ...], tuple[tuple[int, float], ...]] = {}
_WAITS_MAX = 1 << 16


class ValueLookahead:
    """The lookahead of one decision (see the module docstring).

    ``bot`` is a :class:`~muraglia.players.defensive.DefensiveBot` (its ruleset, traits and
    :meth:`win_value`); ``t`` the table read at the decision; ``melds`` the declared melds
    in notation (by default the view's: another when a call is weighed).
    """

    __slots__ = (
        "bot", "declared", "draws", "key", "melds", "ref", "riichi_wall", "t", "total", "unseen",
        "value",
    )  # fmt: skip

    def __init__(self, bot: Any, t: Table, melds: tuple[str, ...] | None = None) -> None:
        self.bot = bot
        self.t = t
        v = t.view
        self.declared = v.melds[v.seat] if melds is None else melds
        self.melds = len(self.declared)
        self.unseen = [t.unseen(k) for k in range(NUM_KINDS)]
        self.total = max(sum(self.unseen), 1)
        self.draws = max(v.live_count // 4 - 1, 1)
        traits = bot.traits
        self.ref = win_chance(0, REF_OUTS, self.draws, self.total) * (
            traits.typical_value + traits.win_base
        )
        self.riichi_wall = v.live_count >= RIICHI_WALL
        self.key = (
            rules_key(bot.ruleset),
            self.declared,
            t.seat_wind,
            v.round_wind,
            v.indicators,  # dora count in Seipalle (SEI-DBL-D38)
            self.riichi_wall,
        )
        self.value: dict[bytes, tuple[float, int, int]] = {}

    def waits(self, counts: list[int]) -> tuple[tuple[int, float], ...]:
        """Each wait of the ready 13 ``counts`` with its value as a win (0: may not win).

        A hand that may still declare riichi (enough wall left, :data:`RIICHI_WALL`, and
        the bot's :meth:`~muraglia.players.defensive.DefensiveBot.may_riichi`) is worth the
        better of its value with and without it: a closed Seipalle hand without a double
        wins with riichi's (SEI-DBL-D30), a FIMJ single wait gains the richi double
        (FIMJ-DBL-C16).
        """
        key = (*self.key, bytes(counts))
        hit = _WAITS.get(key)
        if hit is not None:
            return hit
        drawable = [k for k in _draw_candidates(counts, self.melds) if counts[k] < COPIES]
        after = DeltaShanten(counts, self.melds).draws(-1, drawable)
        kinds = [k for k, sh in zip(drawable, after, strict=True) if sh < 0]
        riichi = self.riichi_wall and self.bot.may_riichi(len(kinds), self.melds)
        out = []
        for k in kinds:
            value = self.bot.win_value(self.t, counts, k, self.declared)
            if riichi:
                value = max(
                    value, self.bot.win_value(self.t, counts, k, self.declared, riichi=True)
                )
            out.append((k, value))
        result = tuple(out)
        if len(_WAITS) >= _WAITS_MAX:
            _WAITS.clear()
        _WAITS[key] = result
        return result

    def ready(self, counts: list[int], drawn: int = -1) -> tuple[float, int, int]:
        """A ready hand's worth, its winning outs and all its outs.

        ``drawn`` is a kind drawn since the decision (one unseen copy fewer).
        """
        key = bytes(counts) + bytes((drawn + 1,))
        hit = self.value.get(key)
        if hit is not None:
            return hit
        outs = raw = 0
        total = 0.0
        for k, value in self.waits(counts):
            u = self.unseen[k] - (k == drawn)
            if u <= 0:
                continue
            raw += u
            if value > 0:
                outs += u
                total += u * value
        worth = 0.0
        if outs:
            mean = total / outs
            chance = win_chance(0, outs, self.draws, self.total)
            worth = chance * (mean + self.bot.traits.win_base)
        self.value[key] = result = (worth, outs, raw)
        return result

    def valued_ukeire(self, counts: list[int], shanten: int) -> tuple[float, int]:
        """Useful draws of the 13 ``counts`` (``shanten`` 1) valued by their ready hands.

        Returns the valued count and the plain one (the unseen copies of the useful kinds).
        """
        hand = DeltaShanten(counts, self.melds)
        unseen = self.unseen
        drawable = [
            k for k in _draw_candidates(counts, self.melds) if unseen[k] > 0 and counts[k] < COPIES
        ]
        after = hand.draws(-1, drawable)
        useful = [k for k, sh in zip(drawable, after, strict=True) if sh < shanten]
        plain = sum(unseen[k] for k in useful)
        # the discards after each useful draw that leave the hand one step closer, found by
        # one batched shanten row per discard (DeltaShanten.draws) in held order
        keeps: dict[int, list[int]] = {k: [] for k in useful}
        for e in range(NUM_KINDS if useful else 0):
            if not counts[e]:
                continue
            for k, sh in zip(useful, hand.draws(e, useful), strict=True):
                if sh == shanten - 1 and k != e:  # discarding the drawn tile: as it was
                    keeps[k].append(e)
        valued = 0.0
        for k in useful:
            best = 0.0
            counts[k] += 1
            for e in keeps[k]:
                counts[e] -= 1
                best = max(best, self.ready(counts, k)[0])
                counts[e] += 1
            counts[k] -= 1
            weight = min(best / self.ref, CAP) if self.ref > 0 else 1.0
            valued += unseen[k] * max(weight, FLOOR)
        return valued, plain

    def keeps_value(self, counts: list[int]) -> bool:
        """Whether the concealed ``counts`` (3n+2 tiles, a discard to make) keep a win.

        After its best discards the hand is ready on a wait that may win, or one step from
        ready with a useful draw whose ready hands may win; a hand further away is not
        judged (True).
        """
        hand = DeltaShanten(counts, self.melds)
        after = {e: hand.shanten(remove=e) for e in range(NUM_KINDS) if counts[e]}
        best = min(after.values())
        if best > 1:
            return True
        for e, sh in after.items():
            if sh != best:
                continue
            counts[e] -= 1
            try:
                if best <= 0:
                    ok = self.ready(counts)[1] > 0
                else:
                    valued, plain = self.valued_ukeire(counts, best)
                    ok = valued > FLOOR * plain + 1e-9
            finally:
                counts[e] += 1
            if ok:
                return True
        return False
