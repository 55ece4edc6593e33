"""Helpers of the MCR tests: score a hand and read its fan ids."""

from __future__ import annotations

from collections.abc import Iterable

from muraglia.rulesets.mcr import McrRules
from muraglia.scoring.result import ScoreResult

RULES = McrRules()

SITUATIONAL = frozenset(
    {
        "edge_wait", "closed_wait", "single_wait", "self_drawn", "flower_tiles",
        "concealed_hand", "fully_concealed_hand", "two_concealed_pungs",
        "three_concealed_pungs", "four_concealed_pungs", "melded_hand", "last_tile",
        "last_tile_draw", "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong",
    }
)  # fmt: skip
"""Fans that depend on how the hand was won, not on its tiles (MCR-TV-08)."""


def score(  # noqa: PLR0917 - test shorthand
    hand: str,
    win: str = "ron",
    seat: str = "E",
    rnd: str = "E",
    flags: Iterable[str] = (),
    rules: McrRules = RULES,
    **situation: object,
) -> ScoreResult:
    """The MCR score of ``hand``."""
    return rules.score(hand, win=win, seat_wind=seat, round_wind=rnd, flags=flags, **situation)


def fans(hand: str, win: str = "ron", seat: str = "E", rnd: str = "E", flags: Iterable[str] = ()
         ) -> dict[str, int]:  # fmt: skip
    """Fan id -> count of the best arrangement."""
    return {a.id: a.count for a in score(hand, win, seat, rnd, flags).awards}


def tile_fans(hand: str, win: str = "ron", seat: str = "E", rnd: str = "E") -> set[str]:
    """The tile-pattern fans (situational fans left out)."""
    return set(fans(hand, win, seat, rnd)) - SITUATIONAL
