"""Ravenna 200/400 game flow: the engine hooks (seed 004, spec ``ravenna.md``).

* 144 tiles, walls of 18 stacks; East throws a d20 and a d6 together: the d6 picks the wall,
  the d20 the stack (RAV-WALL-2/3, :func:`.rules.breach`); 20 reserved tiles (10 stacks) behind
  the breach, never replenished (RAV-WALL-5).
* Claims: Mah-Jong, pung and kong from anyone; no chow except to win (RAV-PLAY-3); no robbing
  of kongs (RAV-KONG-5); two Mah-Jong on one discard void the deal (RAV-END-2).
* The last drawer does not discard; an exhausted wall voids the deal (RAV-END-1).
* East passes after every deal unless void; a void deal is replayed once with the same East, a
  second void in a row passes; a session is 8 turns of East (RAV-END-3/4, RAV-COMP-1).
"""

from __future__ import annotations

from collections.abc import Sequence

from muraglia.analysis.shanten import shanten_all
from muraglia.errors import InvalidHandError
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
    wind_letter,
)
from muraglia.rulesets.ravenna.rules import (
    RavennaOptions,
    RavennaRules,
    breach,
    score_hand,
    settle_deal,
)
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import TERMINALS_AND_HONORS, Tile

__all__ = ["FLOW", "RavennaFlow"]

_HEAD = frozenset(TERMINALS_AND_HONORS)


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
            wall=WallLayout(bonus_tiles=True, stacks_per_side=18, dead_wall=20),
            claims=ClaimPolicy(multiple_winners=ClaimWinners.VOID, rob_added_kong=False),
            dead_seats=frozenset({3}) if self.three else frozenset(),
            last_drawer_discards=False,
        )

    @property
    def three(self) -> bool:
        """Whether the table has three players and the dead seat (RAV-3P)."""
        return bool(getattr(self.options, "three_players", False))

    def seat_wind_of(self, dealer: int, seat: int) -> int:
        """With a dead seat it keeps North; East, South, West go round the three others."""
        if not self.three:
            return (seat - dealer) % 4
        if seat == 3:
            return 3
        live = [s for s in range(4) if s != 3]
        return (live.index(seat) - live.index(dealer)) % 3

    def break_wall(self, rng: object, layout: WallLayout) -> Breach:
        """One d20 and one d6 thrown together (RAV-WALL-2/3, RAV-GAP-4)."""
        d20, d6 = rng.randint(1, 20), rng.randint(1, 6)  # type: ignore[attr-defined]
        letter, after, _ = breach(d20, d6)
        return Breach((d20, d6), SEAT_LETTERS.index(letter), after)

    def allowed_calls(
        self, view: DealView, seat: int, discarder: int, tile: Tile
    ) -> frozenset[CallKind]:
        """Mah-Jong, pung, kong from anyone; a chow only inside a Mah-Jong (RAV-PLAY-3)."""
        if view.live_count == 0:
            return frozenset({CallKind.WIN})
        return frozenset({CallKind.WIN, CallKind.PUNG, CallKind.KONG})

    def is_complete(self, counts: Sequence[int], melds: int) -> bool:
        """Standard, seven pairs (a held kong as two pairs) or all head tiles (RAV-HAND)."""
        if shanten_all(counts, melds) == -1:
            return True
        if melds == 0 and all(c in (0, 2, 4) for c in counts):
            return True
        return all(c == 0 or Tile(k) in _HEAD for k, c in enumerate(counts))

    def may_wait(self, counts: Sequence[int], melds: int) -> bool:
        """Shanten 0, seven pairs one short (a held kong as two pairs) or all head tiles."""
        if shanten_all(counts, melds) <= 0:
            return True
        if melds == 0 and sum(c & 1 for c in counts) == 1:
            return True
        return all(c == 0 or Tile(k) in _HEAD for k, c in enumerate(counts))

    def win_value(
        self, view: DealView, seat: int, hand: Hand, *, self_drawn: bool, flags: frozenset[str]
    ) -> int | None:
        """The winner's *V* (RAV-SCORE-1); no minimum (RAV-HAND-4)."""
        try:
            score = score_hand(
                hand,
                win="tsumo" if self_drawn else "ron",
                seat_wind=wind_letter(view.seat_wind(seat)),
                at_least_30=self.options.at_least_30,
            )
        except InvalidHandError:
            return None
        return int(score.value)

    def time_up(self, view: DealView) -> bool:
        """At the bell the deal in progress is finished; one not yet in progress is not played.

        "Bisogna concludere la mano in corso quindi terminare ... Viene considerata «mano in
        corso» quando il giocatore Sud ha scartato" (RAV-COMP-2/3); a deal not yet in
        progress is not played (RAV-GAP-20).
        """
        south = [s for s in view.live_seats if view.seat_wind(s) == Tile.SOUTH]
        return any(seat in south for seat, _ in view.discard_log)

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Ravenna settlement (two winners or none: void, nothing paid)."""
        if len(outcome.winners) != 1 and not outcome.status:
            return Settlement((), dict.fromkeys(SEAT_LETTERS, 0))
        result = settle_deal(
            dict(outcome.hands),
            winners=outcome.winners,
            discarder=outcome.discarder,
            statuses=outcome.status,
            dead="N" if self.three else None,
            at_least_30=self.options.at_least_30,
        )
        return result.to_settlement(reasons=False)

    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        """RAV-END-3/4.

        Pass unless void; one replay of a void deal; 8 turns of East (6 among three players,
        RAV-3P-2).
        """
        passes = not summary.void or progress.repeats >= 1
        return rotate(
            progress, passes=passes, turns=6 if self.three else 8, skip=self.table.dead_seats
        )


FLOW = RavennaFlow
"""The engine hooks class of ``ravenna``."""
