"""Seipalle game flow.

The engine hooks of the Florence riichi-with-doubles game (seed 003, spec ``seipalle.md``).

* 136 tiles, walls of 17 stacks, FIMJ dice (SEI-SETUP-1/2); a 14-tile dead wall kept at 14 by
  moving the live wall's last tile to it after each replacement (SEI-SETUP-4); the first dora
  indicator is the upper tile of the third dead-wall stack, each kong turns the next stack's
  (SEI-SETUP-5, SEI-DORA-2); a fifth kong voids the deal (SEI-SETUP-6, SEI-GAP-4).
* Claims as FIMJ (SEI-PLAY-1); no win on a tile kind one has discarded (SEI-PLAY-4, SEI-GAP-5);
  several winners on one discard all win (SEI-PAY-6); robbing a kong (SEI-KONG-3).
* A win needs one double besides dora (SEI-SCORE-2, via the scorer's ``valid_win``).
* Riichi: closed hand, any wait, at least 8 drawable tiles, a 1000 stake (SEI-RIICHI-1…8); a kong
  after riichi only if the waits do not change (SEI-RIICHI-5).
* The last drawer discards (SEI-PLAY-6, SEI-GAP-6); an exhausted wall is a void deal.
* Rotation as FIMJ free play (East keeps the role until another player wins) over two rounds;
  option ``tournament``: East always passes (SEI-GAME-1/2); stakes left at the end go to the
  highest score (SEI-GAME-3).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.rulesets.base import (
    SEAT_LETTERS,
    CallKind,
    DealFlow,
    DealSummary,
    DealView,
    MatchProgress,
    TableRules,
    WallLayout,
    rotate,
    wind_letter,
)
from muraglia.rulesets.seipalle.rules import (
    KNOWN_FLAGS,
    RIICHI_STAKE,
    TABLE,
    SeipalleOptions,
    SeipalleRules,
    may_win_on_discard,
    score_hand,
    settle_deal,
)
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import Tile

__all__ = ["FLOW", "SeipalleFlow"]


class SeipalleFlow(DealFlow[SeipalleRules]):
    """Seipalle engine hooks (see the module docstring)."""

    options: SeipalleOptions

    def table_rules(self) -> TableRules:
        """The Seipalle table.

        136 tiles, 17 stacks, replenished 14-tile dead wall with dora indicators. 1000 points
        on the table for a riichi (SEI-RIICHI-3); a kong that does not change the waits
        (SEI-RIICHI-5).
        """
        return TableRules(
            wall=WallLayout(
                bonus_tiles=False,
                stacks_per_side=17,
                dead_wall=14,
                replenish=True,
                first_indicator=5,  # T3 upper (T1 lower, T1 upper, T2 lower, T2 upper, T3 lower)
                kong_indicators=True,
                max_kongs=4,
            ),
            riichi_stake=RIICHI_STAKE,
            riichi_allows_kong=True,
        )

    def allowed_calls(
        self, view: DealView, seat: int, discarder: int, tile: Tile
    ) -> frozenset[CallKind]:
        """FIMJ claims, without a win on a kind in one's own discards (SEI-PLAY-4)."""
        kinds = super().allowed_calls(view, seat, discarder, tile)
        if not may_win_on_discard(view.discards[seat], tile):
            kinds = kinds - {CallKind.WIN}
        return kinds

    def win_value(
        self, view: DealView, seat: int, hand: Hand, *, self_drawn: bool, flags: frozenset[str]
    ) -> int | None:
        """*V'* if the hand has a double besides dora (SEI-SCORE-2), else None."""
        try:
            score = score_hand(
                hand,
                win="tsumo" if self_drawn else "ron",
                seat_wind=wind_letter(view.seat_wind(seat)),
                round_wind=wind_letter(view.round_wind),
                flags=flags,
                dora=tuple(view.indicators),
            )
        except (InvalidHandError, RulesetError):
            return None
        return int(score.value) if score.valid_win else None

    def win_flags(
        self, view: DealView, seat: int, tile: Tile, *, self_drawn: bool, facts: frozenset[str]
    ) -> frozenset[str]:
        """Facts the scorer knows; ``first_turn`` only for a self-drawn win (D36/D37)."""
        out = {f for f in facts if f in KNOWN_FLAGS}
        if not self_drawn:
            out.discard("first_turn")
        return frozenset(out)

    def riichi_possible(self, view: DealView, seat: int) -> bool:
        """Closed hand (concealed kongs allowed) and at least 8 drawable tiles (SEI-RIICHI-2/8)."""
        if view.live_count < 8:
            return False
        return all(m.concealed for m in view.melds_of(seat))

    def can_riichi(self, view: DealView, seat: int, waits: tuple[Tile, ...]) -> bool:
        """Any ready hand (SEI-RIICHI-1)."""
        return bool(waits)

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Only the winners are paid (SEI-PAY); no winner: void, stakes stay (SEI-PLAY-6)."""
        if not outcome.winners:
            return Settlement((), dict.fromkeys(SEAT_LETTERS, 0))
        settled = settle_deal(
            dict(outcome.hands),
            winners=outcome.winners,
            discarder=outcome.discarder,
            round_wind=outcome.round_wind,
            flags=outcome.flags,
            dora=[Tile.from_notation(t) for t in outcome.dora],
            riichi_sticks=outcome.riichi_sticks,
            statuses=outcome.status,
        )
        result = settled.to_settlement(reasons=False)
        if settled.stakes is not None:  # the engine pays them from its pot (riichi_stakes)
            to, amount = settled.stakes
            net = {k: v for k, v in settled.net.items() if k != TABLE}
            net[to] -= amount
            result = dataclasses.replace(result, net=net)
        return result

    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        """FIMJ free play over two rounds, or East always passing (SEI-GAME-1/2)."""
        tournament = bool(getattr(self.options, "tournament", False))
        passes = tournament or any(w != progress.dealer for w in summary.winners)
        return rotate(progress, passes=passes, turns=8)

    def end_of_match(self, scores: Sequence[int], pot: int) -> tuple[int, ...]:
        """Stakes left go to the highest score.

        Split equally on ties, the odd points to the first tied seat
        (SEI-GAME-3, SEI-GAP-26).
        """
        top = max(scores)
        tied = [i for i, s in enumerate(scores) if s == top]
        share, rest = divmod(pot, len(tied))
        return tuple(
            (share + (rest if i == tied[0] else 0)) if i in tied else 0 for i in range(len(scores))
        )


FLOW = SeipalleFlow
"""The engine hooks class of ``seipalle``."""
