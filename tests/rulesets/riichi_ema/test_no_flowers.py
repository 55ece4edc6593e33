"""Riichi plays without flowers and seasons (EMA-TILE-1): a hand holding one is refused by name.

It was scored as if the bonus tile were not there (``123m456p23455789s 1f +5s``), on both the C
kernel's path and the Python one.
"""

from __future__ import annotations

import pytest

from muraglia.errors import InvalidHandError
from muraglia.notation import parse_hand
from muraglia.rulesets import ruleset_for, score

pytestmark = pytest.mark.usefixtures("kernels")


@pytest.mark.parametrize("rules", ["riichi-ema", "riichi-tenhou"])
@pytest.mark.parametrize(
    ("hand", "bonus"),
    [
        ("123m456p789s234s55s 1f +5s", "1f"),
        ("123m456p789s234s55s 3f8f +5s", "3f"),
        ("[123m] 456p789s234s55s 7f +5s", "7f"),
    ],
)
def test_a_flower_is_refused(rules: str, hand: str, bonus: str) -> None:
    flags = [] if "[" in hand else ["riichi"]
    named = rf"'{bonus}' is a flower or season; {rules} plays without them \(EMA-TILE-1\)"
    for given in (hand, parse_hand(hand)):
        with pytest.raises(InvalidHandError, match=named):
            ruleset_for(rules).score(given, win="tsumo", flags=flags)
    with pytest.raises(InvalidHandError, match=named):
        score(hand, rules=rules, win="ron", discarder="S")


def test_the_same_hand_without_the_flower_still_scores() -> None:
    result = ruleset_for("riichi-ema").score(
        "123m456p789s234s55s +5s", win="tsumo", flags=["riichi"]
    )
    assert result.valid
