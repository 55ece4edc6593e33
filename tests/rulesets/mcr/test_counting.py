"""MCR-COUNT-6 (two-chow fans) and MCR-COUNT-7 (single tile kind wait) in isolation."""

from __future__ import annotations

import pytest

from muraglia.notation import parse_hand
from muraglia.rulesets.mcr.counting import chow_combinations, chow_fans, single_tile_wait
from muraglia.tiles import Tile


def starts(text: str) -> list[int]:
    """Chow start indices from ``"234s 567s 234p"``."""
    return [int(Tile.from_notation(c[0] + c[-1])) for c in text.split()]


@pytest.mark.parametrize(
    ("chows", "pair", "expected"),
    [
        # MCR-COUNT-6 examples
        ("234s 567s 234p 567p", "", {"mixed_double_chow": 2, "short_straight": 1}),
        ("234s 234p 234p 567p", "", {"pure_double_chow": 1, "mixed_double_chow": 1,
                                     "short_straight": 1}),
        ("345m 345s 456s 456p", "", {"mixed_double_chow": 2}),  # MCR-TV-03
        # (a) three-/four-chow fans score no two-chow fan among themselves; (b) the fourth one
        ("123s 234s 345s 678s", "", {"pure_shifted_chows": 1, "short_straight": 1}),
        ("123m 456m 789m 123m", "", {"pure_straight": 1, "pure_double_chow": 1}),
        ("123m 456m 789m 456p", "", {"pure_straight": 1, "mixed_double_chow": 1}),
        ("123m 123p 123s 123m", "", {"mixed_triple_chow": 1, "pure_double_chow": 1}),
        ("123m 234p 345s 678s", "", {"mixed_shifted_chows": 1, "short_straight": 1}),
        ("123m 456p 789s 123p", "", {"mixed_straight": 1, "mixed_double_chow": 1}),
        ("456m 456m 456m 456p", "", {"pure_triple_chow": 1, "mixed_double_chow": 1}),
        ("123m 234m 345m 456m", "", {"four_shifted_chows": 1}),
        ("123m 345m 567m 789m", "", {"four_shifted_chows": 1}),
        ("123m 123m 123m 123m", "", {"quadruple_chow": 1}),
        ("123m 123m 789m 789m", "5m", {"pure_terminal_chows": 1}),
        ("123m 123m 789m 789m", "5p", {"pure_double_chow": 2, "two_terminal_chows": 1}),
        ("123m 789m 123p 789p", "5s", {"three_suited_terminal_chows": 1}),
        ("123m 789m 123p 789p", "5m", {"mixed_double_chow": 2, "two_terminal_chows": 1}),
        # (c) no cycle, same kinds never share a chow
        ("123m 123p 123p", "", {"pure_double_chow": 1, "mixed_double_chow": 1}),
        ("123m 123p", "", {"mixed_double_chow": 1}),
        ("123m 234m", "", {}),
        ("123m", "", {}),
    ],
)  # fmt: skip
def test_chow_fans(chows: str, pair: str, expected: dict[str, int]) -> None:
    p = int(Tile.from_notation(pair)) if pair else -1
    assert dict(chow_fans(starts(chows), p)) == expected


def test_order_does_not_matter() -> None:
    assert chow_fans(starts("678s 345s 234s 123s"), -1) == chow_fans(
        starts("123s 234s 345s 678s"), -1
    )


@pytest.mark.parametrize(
    ("hand13", "single"),
    [
        ("1233m456p789s234s", True),  # MCR-FAN-09 source example
        ("2444m456p789s234s", False),  # MCR-FAN-10: 2 or 3
        ("12234m456p789s55s", True),
        ("3445m456p789s234s", True),
        ("1234m456p789s234s", False),  # MCR-FAN-11: 1 or 4
        ("4556m456p789s234s", True),
        ("111m555p999s444z7s", False),  # 7s or 8s (789s + 99s): see MCR-TV-26 note
        ("111m555p888s444z7z", True),
        ("19m19p19s1234567z", False),  # thirteen-sided wait
        ("19m19p19s1234667z", True),  # thirteen orphans missing only the white dragon
        ("147m258p36s111z77z", True),  # knitted straight waiting on 9s only
        ("147m258p369s1234z", False),  # lesser honours and knitted: 5z, 6z or 7z
        ("1133557799m22p4s", True),  # seven pairs on 4s
        ("1112345678999m", False),  # nine gates: nine tiles
        ("5s[345m<][567p<][888s][111z]", True),
    ],
)
def test_single_tile_wait(hand13: str, single: bool) -> None:
    h = parse_hand(hand13)
    counts = list(h.concealed_counts[:34])
    assert single_tile_wait(counts, len(h.melds), list(h.counts[:34])) is single


def test_fourth_copy_in_hand_is_not_a_wait() -> None:
    # 1-2 edge wait on 3m with all four 3m already held: no winning tile at all
    h = parse_hand("12m456p789s55s[3333m]")
    assert not single_tile_wait(list(h.concealed_counts[:34]), 1, list(h.counts[:34]))


@pytest.mark.parametrize(
    ("chows", "pair", "expected"),
    [
        # the chows that form each fan, by position in the sorted starts; one chow is outside
        ("123m 234m 345m 789p", "", {"pure_shifted_chows": "123m 234m 345m"}),
        ("123m 456m 789m 123p", "", {"pure_straight": "123m 456m 789m",
                                     "mixed_double_chow": "123m 123p"}),
        ("123m 456m 456m 789p", "", {"pure_double_chow": "456m 456m",
                                     "short_straight": "123m 456m"}),
        ("234s 567s 234p 567p", "", {"mixed_double_chow": "234p 567p 234s 567s",
                                     "short_straight": "234p 567p"}),
        ("123m 789m 123p 789p", "5s", {"three_suited_terminal_chows": "123m 789m 123p 789p"}),
    ],
)  # fmt: skip
def test_chow_combinations(chows: str, pair: str, expected: dict[str, str]) -> None:
    p = int(Tile.from_notation(pair)) if pair else -1
    ordered = sorted(starts(chows))
    got = {
        fan: sorted(ordered[i] for i in at) for fan, _, at in chow_combinations(starts(chows), p)
    }
    assert got == {fan: sorted(starts(c)) for fan, c in expected.items()}
