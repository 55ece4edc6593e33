"""MCR game flow: the engine hooks of ``mcr`` (seed 002, spec ``mcr.md``).

* 144 tiles with flowers and seasons, walls of 18 stacks (MCR-WALL-1); East's two dice pick the
  wall and the stack of the breach (MCR-WALL-2/3); no dead wall: replacements come from the
  other end of the wall (MCR-WALL-4/5), and a kong needs a tile left for it (MCR-KONG-5).
* Dealing 4-4-4 then East two, the others one (MCR-DEAL-1, MCR-GAP-14); flowers exposed and
  replaced in rounds in play order (MCR-DEAL-2), during play at once (MCR-FLOWER-2).
* Claims: hu from anyone, pung/kong from anyone, chow only from the left (MCR-PLAY-3); hu >
  pung/kong > chow, several hu claims: the nearest in turn after the discarder wins (head bump,
  MCR-PLAY-5); robbing an added kong (MCR-KONG-3), never a concealed one (MCR-KONG-4); no
  furiten (MCR-PLAY-8); the last discard only for hu (MCR-END-1).
* A win needs 8 fan without flowers, checked through the scorer (MCR-WIN-4); a false hu is the
  referee's ``Penalise(seat, "cannot_win", "false_win")`` (MCR-WIN-5, MCR-GAP-16), paid by the
  settlement.
* The last drawer discards (MCR-END-3); a drawn deal pays nothing (MCR-END-2).
* The seats rotate after every deal, whoever won (MCR-GAME-2); 16 deals, the round wind
  changing every four (MCR-GAME-1/3); raw totals, no ranking bonus (MCR-GAME-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from muraglia.analysis.shanten import shanten_all
from muraglia.analysis.shapes import shape_shanten
from muraglia.rulesets.base import (
    Breach,
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
from muraglia.rulesets.mcr.options import McrOptions
from muraglia.rulesets.mcr.patterns import HONOURS
from muraglia.rulesets.mcr.plan import kinds_mask, tiles_mask
from muraglia.rulesets.mcr.ruleset import McrRules
from muraglia.rulesets.mcr.shapes import KNITTED_MASKS, KNITTED_SHAPES
from muraglia.tiles import Tile

__all__ = ["FLOW", "McrFlow"]

_HONOURS_MASK = tiles_mask(HONOURS)


def near_knitted(counts: Sequence[int]) -> bool:
    """Whether a knitted shape may be at most one tile away (a necessary condition, by masks).

    A knitted straight needs eight of its nine tiles, honours and knitted tiles thirteen
    different tiles among the honours and one knitted straight's nine (MCR-WIN-1): else the
    knitted shanten is above 0 and need not be computed.

    >>> c = [0] * 34
    >>> for t in (0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 27, 27, 30, 30):
    ...     c[t] += 1
    >>> near_knitted(c), near_knitted([4] * 3 + [0] * 31)
    (True, False)
    """
    kinds = kinds_mask(counts)
    honours = (kinds & _HONOURS_MASK).bit_count()
    for mask in KNITTED_MASKS:
        n = (kinds & mask).bit_count()
        if n >= 8 or n + honours >= 13:
            return True
    return False


class McrFlow(DealFlow[McrRules]):
    """MCR engine hooks (see the module docstring)."""

    options: McrOptions

    def table_rules(self) -> TableRules:
        """144 tiles, 18 stacks, no dead wall (MCR-WALL-1/4/5).

        Hu > pung/kong > chow; one winner by head bump; robbing (MCR-PLAY-5, MCR-KONG-3).
        """
        return TableRules(
            wall=WallLayout(bonus_tiles=True, stacks_per_side=18, dead_wall=0),
            claims=ClaimPolicy(multiple_winners=ClaimWinners.HEAD_BUMP, rob_added_kong=True),
        )

    def break_wall(self, rng: Any, layout: WallLayout) -> Breach:
        """MCR-WALL-2/3: two dice once; the total picks the wall (East = 1) and the stack."""
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        total = sum(dice)
        return Breach(dice, (total - 1) % 4, total)

    def is_complete(self, counts: Sequence[int], melds: int) -> bool:
        """Every MCR shape (MCR-WIN-1), the knitted ones included."""
        if shanten_all(counts, melds) == -1:
            return True
        return (
            melds <= 1
            and near_knitted(counts)
            and shape_shanten(counts, melds, KNITTED_SHAPES) == -1
        )

    def may_wait(self, counts: Sequence[int], melds: int) -> bool:
        """Shanten at most 0 in some MCR shape."""
        if shanten_all(counts, melds) <= 0:
            return True
        return (
            melds <= 1
            and near_knitted(counts)
            and shape_shanten(counts, melds, KNITTED_SHAPES) <= 0
        )

    def win_flags(
        self, view: DealView, seat: int, tile: Tile, *, self_drawn: bool, facts: frozenset[str]
    ) -> frozenset[str]:
        """Engine facts as the scorer's flags (MCR-FAN-27/40/41/42/43).

        ``replacement`` only after a kong, not a flower (MCR-FLOWER-3); ``last_of_kind`` when
        the other three copies are face up.
        """
        out = set()
        if "last_tile" in facts or "last_discard" in facts:
            out.add("last_tile")
        if "robbing_kong" in facts:
            out.add("robbing_kong")
        if "replacement" in facts and self_drawn and not _after_flower(view):
            out.add("replacement")
        if _seen_elsewhere(view, tile, ron=not self_drawn and "robbing_kong" not in facts) >= 3:
            out.add("last_of_kind")
        return frozenset(out)

    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        """The seats rotate after every deal (MCR-GAME-2); 16 deals (MCR-GAME-1/3)."""
        return rotate(progress, passes=True, turns=16)


def _seen_elsewhere(view: DealView, tile: Tile, *, ron: bool) -> int:
    """Face-up copies of ``tile`` other than the winning one (the discard won on, if any).

    The discard counts among the visible tiles until it is marked claimed, which the engine
    does between offering the win and scoring it: both must see the same number.
    """
    seen = view.visible_count(tile)
    claimed = getattr(view, "claimed", None)
    if ron and view.discard_log and claimed is not None:
        seat, last = view.discard_log[-1]
        if last == tile and not claimed[seat][-1]:
            seen -= 1
    return seen


def _after_flower(view: DealView) -> bool:
    """Whether the tile just drawn replaced a flower (the event before the draw)."""
    events: Sequence[object] = getattr(view, "events", ())
    return len(events) >= 2 and type(events[-2]).__name__ == "BonusExposed"


FLOW = McrFlow
"""The engine hooks class of ``mcr``."""
