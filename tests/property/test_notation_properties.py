from __future__ import annotations

from hypothesis import given

from muraglia.hand import Hand, HandStatus
from muraglia.notation import format_hand, parse_hand
from tests.strategies import hands


@given(hands())
def test_parse_format_round_trip(hand: Hand) -> None:
    text = format_hand(hand)
    assert parse_hand(text) == hand
    assert format_hand(parse_hand(text)) == text


@given(hands())
def test_generated_hands_are_valid_and_conserve_tiles(hand: Hand) -> None:
    assert hand.status() is HandStatus.VALID
    assert sum(hand.counts) == len(hand.concealed_tiles) + sum(len(m.tiles) for m in hand.melds)
