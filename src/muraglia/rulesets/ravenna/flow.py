"""Ravenna 200/400 game flow: the engine hooks (seed 004, spec ``ravenna.md``).

* 144 tiles, walls of 18 stacks; East throws a d20 and a d6 together: the d6 picks the wall,
  the d20 the stack (RAV-WALL-2/3, :func:`breach`); 20 reserved tiles (10 stacks) behind
  the breach, never replenished (RAV-WALL-5).
* Claims: Mah-Jong, pung and kong from anyone; no chow except to win (RAV-PLAY-3); no robbing
  of kongs (RAV-KONG-5); two Mah-Jong on one discard void the deal (RAV-END-2).
* The last drawer does not discard; an exhausted wall voids the deal (RAV-END-1).
* East passes after every deal unless void; a void deal is replayed once with the same East, a
  second void in a row passes; a session is 8 turns of East (RAV-END-3/4, RAV-COMP-1).
* A deal is settled by :meth:`.RavennaRules.settle`, the one settlement of ``muraglia settle``
  too; the engine's records keep each transfer as ``{from, to, amount}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from muraglia.analysis.shanten import shanten_all
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.rulesets.base import (
    SEAT_LETTERS,
    Breach,
    CallKind,
    ClaimPolicy,
    ClaimWinners,
    DealFlow,
    DealSummary,
    DealView,
    MatchProgress,
    TableRules,
    WallLayout,
    rotate,
)
from muraglia.rulesets.ravenna.options import RavennaOptions
from muraglia.rulesets.ravenna.patterns import HEADS
from muraglia.rulesets.ravenna.ruleset import RavennaRules
from muraglia.scoring.context import WinType
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import Tile

__all__ = ["FLOW", "STACKS_PER_WALL", "RavennaFlow", "breach"]

STACKS_PER_WALL = 18
"""Each wall is 36 tiles, two rows of 18 (RAV-WALL-1)."""
D20, D6 = 20, 6
"""The two dice East throws together (RAV-WALL-2)."""
RESERVED = 20
"""Reserved tiles (10 stacks) behind the breach, never replenished (RAV-WALL-5)."""
DEAD_SEAT = "N"
"""The dead seat of a table of three, never East (RAV-3P-4, RAV-GAP-22)."""
_DEAD = SEAT_LETTERS.index(DEAD_SEAT)
TURNS, TURNS_OF_THREE = 8, 6
"""A session is eight turns of East (RAV-COMP-1), six at a table of three (RAV-3P-2)."""

_ONLY_WIN = frozenset({CallKind.WIN})
"""The last discard's claims (the live wall is empty)."""
_NO_CHOW = frozenset({CallKind.WIN, CallKind.PUNG, CallKind.KONG})
"""Every other discard's claims: no chow (RAV-PLAY-3)."""


def breach(d20: int, d6: int) -> tuple[str, int, tuple[int, int]]:
    """Where East opens the wall (RAV-WALL-2, RAV-WALL-3, RAV-GAP-4).

    The six-sided die picks the wall counting from East (5 = East, 6 = South again), the
    twenty-sided die the stack after which the wall is broken, wrapping within the 18 stacks;
    East takes the next two stacks (which may lie in the next wall).

    Args:
        d20: the twenty-sided die, 1–20.
        d6: the six-sided die, 1–6.

    Returns:
        The wall's seat wind, the stack after which it is broken, and East's two stacks as
        positions counted along that wall (19 and beyond continue into the next wall).

    Raises:
        RulesetError: for a die value out of range.

    >>> breach(15, 2)
    ('S', 15, (16, 17))
    >>> breach(19, 5)
    ('E', 1, (2, 3))
    """
    if not 1 <= d20 <= D20 or not 1 <= d6 <= D6:
        raise RulesetError(f"dice out of range: d20={d20!r}, d6={d6!r}")
    wall = SEAT_LETTERS[(d6 - 1) % len(SEAT_LETTERS)]
    after = (d20 - 1) % STACKS_PER_WALL + 1
    return wall, after, (after + 1, after + 2)


class RavennaFlow(DealFlow[RavennaRules]):
    """Ravenna engine hooks (see the module docstring)."""

    options: RavennaOptions

    def table_rules(self) -> TableRules:
        """The Ravenna table.

        144 tiles, 18 stacks, 20 reserved tiles (RAV-WALL-1/5). The dead seat is North
        permanently: seat 3 (RAV-3P-4, RAV-GAP-22). Two winners void the deal (RAV-END-2); no
        robbing (RAV-KONG-5). The last drawer need not discard and the deal is void (RAV-END-1,
        RAV-GAP-12).
        """
        return TableRules(
            wall=WallLayout(bonus_tiles=True, stacks_per_side=STACKS_PER_WALL, dead_wall=RESERVED),
            claims=ClaimPolicy(multiple_winners=ClaimWinners.VOID, rob_added_kong=False),
            dead_seats=frozenset({_DEAD}) if self.three else frozenset(),
            last_drawer_discards=False,
        )

    @property
    def three(self) -> bool:
        """Whether the table has three players and the dead seat (RAV-3P)."""
        return self.options.three_players

    def seat_wind_of(self, dealer: int, seat: int) -> int:
        """With a dead seat it keeps North; East, South, West go round the three others."""
        seats = len(SEAT_LETTERS)
        if not self.three:
            return (seat - dealer) % seats
        if seat == _DEAD:
            return _DEAD
        live = [s for s in range(seats) if s != _DEAD]
        return (live.index(seat) - live.index(dealer)) % len(live)

    def break_wall(self, rng: object, layout: WallLayout) -> Breach:
        """One d20 and one d6 thrown together (RAV-WALL-2/3, RAV-GAP-4)."""
        d20, d6 = rng.randint(1, D20), rng.randint(1, D6)  # type: ignore[attr-defined]
        letter, after, _ = breach(d20, d6)
        return Breach((d20, d6), SEAT_LETTERS.index(letter), after)

    def allowed_calls(
        self, view: DealView, seat: int, discarder: int, tile: Tile
    ) -> frozenset[CallKind]:
        """Mah-Jong, pung, kong from anyone; a chow only inside a Mah-Jong (RAV-PLAY-3)."""
        return _ONLY_WIN if view.live_count == 0 else _NO_CHOW

    def is_complete(self, counts: Sequence[int], melds: int) -> bool:
        """Standard, seven pairs (a held kong as two pairs) or all head tiles (RAV-HAND)."""
        if shanten_all(counts, melds) == -1:
            return True
        if melds == 0 and all(c in (0, 2, 4) for c in counts):
            return True
        return all(c == 0 or k in HEADS for k, c in enumerate(counts))

    def may_wait(self, counts: Sequence[int], melds: int) -> bool:
        """Shanten 0, seven pairs one short (a held kong as two pairs) or all head tiles."""
        if shanten_all(counts, melds) <= 0:
            return True
        if melds == 0 and sum(c & 1 for c in counts) == 1:
            return True
        return all(c == 0 or k in HEADS for k, c in enumerate(counts))

    def win_value(
        self, view: DealView, seat: int, hand: Hand, *, self_drawn: bool, flags: frozenset[str]
    ) -> int | None:
        """The winner's *V* (RAV-SCORE-1); no minimum (RAV-HAND-4)."""
        try:
            win = WinType.TSUMO if self_drawn else WinType.RON
            score = self.ruleset.score_hand(hand, win=win, seat_wind=view.seat_wind(seat))
        except InvalidHandError:
            return None
        return score.value

    def time_up(self, view: DealView) -> bool:
        """At the bell the deal in progress is finished; one not yet in progress is not played.

        "Bisogna concludere la mano in corso quindi terminare ... Viene considerata «mano in
        corso» quando il giocatore Sud ha scartato" (RAV-COMP-2/3); a deal not yet in
        progress is not played (RAV-GAP-20).
        """
        south = [s for s in view.live_seats if view.seat_wind(s) == Tile.SOUTH]
        return any(seat in south for seat, _ in view.discard_log)

    def settle(self, outcome: DealOutcome) -> Settlement:
        """:meth:`.RavennaRules.settle`, with the dead seat of a table of three (RAV-3P-4).

        A deal with no winner or two winners and no penalty is void: nothing is scored or paid
        (RAV-END-1/2; the void hands are not complete, so there is nothing to read). The
        records keep the transfers without their reasons.
        """
        if len(outcome.winners) != 1 and not outcome.status:
            return Settlement((), dict.fromkeys(SEAT_LETTERS, 0))
        if self.three:
            outcome = replace(outcome, extra={**outcome.extra, "dead": DEAD_SEAT})
        return replace(self.ruleset.settle(outcome), reasons=False)

    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        """RAV-END-3/4.

        Pass unless void; one replay of a void deal; 8 turns of East (6 among three players,
        RAV-3P-2).
        """
        passes = not summary.void or progress.repeats >= 1
        turns = TURNS_OF_THREE if self.three else TURNS
        return rotate(progress, passes=passes, turns=turns, skip=self.table.dead_seats)


FLOW = RavennaFlow
"""The engine hooks class of ``ravenna``."""
