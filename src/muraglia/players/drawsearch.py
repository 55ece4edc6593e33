"""The chance to win within the own draws left: a search over the own draws.

The efficiency bot ranks the discards at the best shanten by their ukeire: the unseen copies
of the tiles that take the hand a step nearer. Two discards with the same ukeire may lead to
very different hands a step later (one to wide waits, one to a single wait), and a hand two
steps from ready has to pass two stages before it can win. :class:`DrawSearch` values a hand
of 13 concealed tiles (3n+1 with the declared melds) by its chance to win within the own
draws left, played out over the own draws with the live wall as the view shows it (each
unseen copy alike):

* each own draw brings a kind ``k`` with the chance ``unseen[k] / unseen``; a draw that
  lowers the shanten is kept, and the best discard after it (the one whose hand is worth
  most with a draw fewer) goes; any other draw is discarded and the hand stays as it was
  (the model's simplification: a draw that improves the shape without a step is not
  counted);
* a ready hand wins on a draw of one of its waits, and on another seat's discard too:
  its chance per turn is its winning copies over the unseen ones times
  :data:`~muraglia.players.danger.READY_CLAIMS` (capped at 1), each copy weighed by the
  profile's :meth:`~muraglia.players.defensive.DefensiveBot.wait_odds` where it has them;
* each turn the deal may end first by another seat's win (``race``).

The worth of a ready hand is a function of it (by default 1: the chance to win); the
search computes, for every hand it meets, the worth for each number of draws left
(``0 .. draws``) by a recursion over those numbers, and caches the hands of one decision.
A hand more than :data:`MAX_SHANTEN` steps from ready is not searched (its worth is 0).

>>> from muraglia.tiles import Tile
>>> c = [0] * 34
>>> for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 28, 29):
...     c[k] += 1
>>> s = DrawSearch(c, 0, [4 - x for x in c], draws=10, race=0.0)
>>> one = s.worth(c)   # ready? no: one step (a pair of East and two lone winds)
>>> c2 = c[:]; c2[29] -= 1; c2[28] += 1   # ready on East or South (shanpon)
>>> s.worth(c2) > one > 0
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from muraglia.analysis.shanten import DeltaShanten
from muraglia.players.danger import READY_CLAIMS, win_chance
from muraglia.players.efficiency import _draw_candidates
from muraglia.tiles import COPIES, NUM_KINDS

__all__ = ["MAX_SHANTEN", "DrawSearch", "ukeire_equivalent"]

MAX_SHANTEN = 2
"""The most steps from ready a hand the search values may be (deeper is too slow)."""


class DrawSearch:
    """The search of one decision (see the module docstring).

    ``counts`` are the concealed tiles (any 13 of the decision's hands share the search),
    ``melds`` the declared melds, ``unseen`` the unseen copies per kind, ``draws`` the own
    draws left, ``race`` the chance per turn that another seat wins first, ``odds`` per
    kind how likely a copy is to come to a ready hand (None: each copy alike), ``ready`` a
    function of a ready hand's 13 counts and its waits (kinds) giving the worth of its win
    (None: 1).
    """

    __slots__ = ("_rows", "claims", "draws", "melds", "odds", "race", "ready", "total", "unseen")

    def __init__(
        self,
        counts: Sequence[int],
        melds: int,
        unseen: Sequence[int],
        *,
        draws: int,
        race: float,
        odds: Sequence[float] | None = None,
        ready: Callable[[list[int], list[int]], float] | None = None,
        claims: float = READY_CLAIMS,
    ) -> None:
        if len(counts) != NUM_KINDS or len(unseen) != NUM_KINDS:
            raise ValueError("counts and unseen must hold 34 values")
        if draws < 0 or not 0.0 <= race < 1.0:
            raise ValueError(f"draws {draws} must be >= 0 and race {race} in [0, 1)")
        self.melds = melds
        self.unseen = list(unseen)
        self.total = max(sum(unseen), 1)
        self.draws = draws
        self.race = race
        self.odds = odds
        self.ready = ready
        self.claims = claims
        self._rows: dict[bytes, list[float]] = {}

    def worth(self, counts: list[int]) -> float:
        """The 13 ``counts``' worth within all the draws left (0 beyond the search's depth)."""
        return self.row(counts)[self.draws]

    def row(self, counts: list[int], shanten: int | None = None) -> list[float]:
        """The worth of the 13 ``counts`` with ``0 .. draws`` own draws left.

        ``shanten`` is the hand's (computed when not given).
        """
        key = bytes(counts)
        hit = self._rows.get(key)
        if hit is not None:
            return hit
        hand = DeltaShanten(counts, self.melds)
        unseen = self.unseen
        drawable = [
            k for k in _draw_candidates(counts, self.melds) if unseen[k] > 0 and counts[k] < COPIES
        ]
        after = hand.draws(-1, drawable)
        if shanten is None:
            shanten = hand.shanten()
        draws = self.draws
        keep = 1.0 - self.race
        out = [0.0] * (draws + 1)
        if shanten > MAX_SHANTEN or shanten < 0:
            self._rows[key] = out
            return out
        useful = [k for k, sh in zip(drawable, after, strict=True) if sh < shanten]
        if shanten == 0:
            self._rows[key] = out = self._ready_row(counts, useful)
            return out
        # the discards after each useful draw that take the hand a step nearer
        best: dict[int, list[float]] = {}
        for e in range(NUM_KINDS if useful else 0):
            if not counts[e]:
                continue
            row_e = hand.draws(e, useful)
            for k, sh in zip(useful, row_e, strict=True):
                if sh != shanten - 1 or k == e:
                    continue
                counts[k] += 1
                counts[e] -= 1
                child = self.row(counts, sh)
                counts[e] += 1
                counts[k] -= 1
                have = best.get(k)
                if have is None:
                    best[k] = child
                elif child is not have:
                    best[k] = [a if a >= b else b for a, b in zip(have, child, strict=True)]
        total = self.total
        moves = [(unseen[k] / total, r) for k, r in best.items()]
        stay = 1.0 - sum(p for p, _ in moves)
        prev = 0.0
        for d in range(1, draws + 1):
            acc = stay * prev
            for p, r in moves:
                acc += p * r[d - 1]
            prev = keep * acc
            out[d] = prev
        self._rows[key] = out
        return out

    def _ready_row(self, counts: list[int], waits: list[int]) -> list[float]:
        """:meth:`row` of a ready hand waiting on ``waits`` (kinds with unseen copies)."""
        odds = self.odds
        unseen = self.unseen
        outs = sum(unseen[k] * (odds[k] if odds is not None else 1.0) for k in waits)
        q = min(outs * self.claims / self.total, 1.0)
        w = (self.ready(counts, waits) if self.ready is not None else 1.0) if q > 0 else 0.0
        keep = 1.0 - self.race
        out = [0.0] * (self.draws + 1)
        prev = 0.0
        for d in range(1, self.draws + 1):
            prev = keep * (q * w + (1.0 - q) * prev)
            out[d] = prev
        return out


def ukeire_equivalent(
    worth: Mapping[int, float],
    plain: Mapping[int, float],
    *,
    shanten: int,
    draws: int,
    unseen: int,
    race: float,
) -> dict[int, float]:
    """The searched ``worth`` of each discard (by kind) in ukeire units.

    A chance to win grows slower than the useful tiles that make it (it saturates as the
    draws left allow most hands to finish), so the worth is not proportional to the
    ``plain`` ukeire: its slope at the discards' mean ukeire is read from
    :func:`~muraglia.players.danger.win_chance` (the stage model of ``shanten`` steps, the
    ``draws`` and ``unseen``), as an elasticity applied to the mean worth. Each discard is
    then worth the mean ukeire plus its worth's difference from the mean worth over that
    slope: where the search ranks as the ukeire do, about the ukeire; where it tells two
    equal ukeire apart, by the useful tiles that difference is worth.

    >>> eq = ukeire_equivalent({1: 0.2, 2: 0.2}, {1: 10, 2: 10}, shanten=1, draws=10,
    ...                        unseen=80, race=0.05)
    >>> eq == {1: 10.0, 2: 10.0}
    True
    """
    n = len(worth)
    if not n:
        return {}
    mean_plain = sum(plain.values()) / n
    mean_worth = sum(worth.values()) / n
    u = max(round(mean_plain), 1)
    here = win_chance(shanten, u, draws, unseen, race)
    step = (
        win_chance(shanten, u + 1, draws, unseen, race)
        - win_chance(shanten, u - 1, draws, unseen, race)
    ) / 2
    if here <= 0 or step <= 0 or mean_worth <= 0:
        return {k: float(plain[k]) for k in worth}
    slope = mean_worth * step / here
    return {k: mean_plain + (worth[k] - mean_worth) / slope for k in worth}
