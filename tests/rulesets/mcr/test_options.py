"""MCR options (MCR-CONF): edition, two kongs, seven pairs all types, single wait with 73."""

from __future__ import annotations

import pytest

from muraglia.errors import RulesetError
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.mcr import EDITION_VALUES, McrOptions, McrRules


def ids(spec: str, hand: str, win: str = "ron") -> dict[str, int]:
    result = load_ruleset(spec).score(hand, win=win)
    return {a.id: a.value for a in result.awards}


def test_default_is_1998() -> None:
    assert McrRules().options == McrOptions()
    assert McrOptions().edition == 1998
    assert load_ruleset("mcr-1998").options.edition == 1998


def test_edition_2006_values_are_data() -> None:  # MCR-GAP-3
    assert EDITION_VALUES[2006] == {"two_concealed_kongs": 8}
    hand = "123s789s5m(1111p)(9999p)+5m"
    assert ids("mcr", hand, "tsumo")["two_concealed_kongs"] == 6
    assert ids("mcr(edition=2006)", hand, "tsumo")["two_concealed_kongs"] == 8
    assert load_ruleset("mcr(edition=2006)").score(hand, win="tsumo").fan == 17


def test_bad_edition() -> None:
    with pytest.raises(RulesetError, match="edition"):
        load_ruleset("mcr(edition=2001)")
    with pytest.raises(RulesetError):
        McrRules(edition=2001)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (4, {"two_kongs": 4}),
        (3, {"melded_kong": 1, "concealed_kong": 2}),
        (5, {"two_kongs": 5}),
    ],
)
def test_two_kongs_mixed(value: int, expected: dict[str, int]) -> None:  # MCR-GAP-4, TV-32
    got = ids(f"mcr(two_kongs_mixed={value})", "123p789p2p(5555p)[6666p]+2p")
    kong_fans = {k: v for k, v in got.items() if k in {"two_kongs", "melded_kong",
                                                        "concealed_kong"}}  # fmt: skip
    assert kong_fans == expected


def test_two_melded_kongs_always_two_kongs() -> None:
    assert "two_kongs" in ids("mcr(two_kongs_mixed=3)", "123m456p55s[7777s][8888p]+5s")


def test_seven_pairs_all_types_option() -> None:  # MCR-GAP-6
    hand = "11m22p33s11z55z66m77p+7p"
    assert "all_types" not in ids("mcr", hand)
    assert "all_types" in ids("mcr(seven_pairs_all_types=true)", hand)


def test_single_wait_with_four_concealed_pungs_option() -> None:  # MCR-GAP-10
    hand = "111m555p888s444z7z+7z"
    assert "single_wait" in ids("mcr", hand, "tsumo")
    assert "single_wait" not in ids("mcr(single_wait_four_concealed=false)", hand, "tsumo")
