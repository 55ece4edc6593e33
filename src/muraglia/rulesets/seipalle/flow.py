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

from collections.abc import Sequence
from dataclasses import replace

from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.rulesets.base import (
    CallKind,
    DealFlow,
    DealSummary,
    DealView,
    MatchProgress,
    TableRules,
    WallLayout,
    rotate,
)
from muraglia.scoring.context import WinType
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import Tile, to_wind

from .options import KNOWN_FLAGS, SeipalleOptions
from .ruleset import SeipalleRules
from .settlement import RIICHI_STAKE, TABLE, may_win_on_discard

__all__ = ["FLOW", "RIICHI_MIN_WALL", "SeipalleFlow"]

RIICHI_MIN_WALL = 8
"""Drawable tiles a riichi declaration needs left in the wall (SEI-RIICHI-8)."""


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
            score = self.ruleset.score_hand(
                hand,
                win=WinType.TSUMO if self_drawn else WinType.RON,
                seat_wind=to_wind(view.seat_wind(seat), indices=True),
                round_wind=to_wind(view.round_wind, indices=True),
                flags=flags,
                dora=tuple(view.indicators),
            )
        except (InvalidHandError, RulesetError):
            return None
        return int(score.value) if score.valid else None

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
        if view.live_count < RIICHI_MIN_WALL:
            return False
        return all(m.concealed for m in view.melds_of(seat))

    def can_riichi(self, view: DealView, seat: int, waits: tuple[Tile, ...]) -> bool:
        """Any ready hand (SEI-RIICHI-1)."""
        return bool(waits)

    def settle(self, outcome: DealOutcome) -> Settlement:
        """The ruleset's settlement (SEI-PAY), turned into the engine's stakes convention.

        The engine has taken this deal's riichi stakes into its pot at the declarations and
        counts them in ``riichi_sticks``, so the settlement puts none on the table (``riichi``
        is left out); the stakes the winner collects are paid from the pot, so ``net`` leaves
        out the table and that collection (SEI-RIICHI-6). Only the winners' hands are scored
        (SEI-SCORE-1; a deal voided by a declaration may leave a hand of 14), and SEI-PLAY-4 was
        enforced on every claim (:meth:`allowed_calls`). No winner: a void deal, the stakes stay
        (SEI-PLAY-6).
        """
        hands = {s: outcome.hands[s] for s in outcome.winners}
        result = self.ruleset.settle(replace(outcome, hands=hands, riichi=(), extra={}))
        net = {k: v for k, v in result.net.items() if k != TABLE}
        stakes = result.extra.get("riichi_stakes")
        if stakes is not None:  # the engine pays them from its pot (riichi_stakes)
            net[stakes["to"]] -= stakes["amount"]
        return replace(result, net=net, reasons=False)

    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        """FIMJ free play over two rounds, or East always passing (SEI-GAME-1/2)."""
        passes = self.options.tournament or any(w != progress.dealer for w in summary.winners)
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
