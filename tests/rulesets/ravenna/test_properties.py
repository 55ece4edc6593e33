"""Property tests on whole Ravenna deals: conservation, the massimo cap, rounding, the morto."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tests.rulesets.ravenna.helpers import settle_deal

from muraglia.hand import Hand
from muraglia.melds import Meld, Source
from muraglia.rulesets.ravenna.settlement import SEATS
from muraglia.tiles import BONUS_TILES, PhysicalTile, Tile

SEAT = st.sampled_from(SEATS)


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[Hand, list[int]]:
    """A complete standard hand (4 sets + pair, some pungs exposed) and the tiles left in the wall.

    "Non può essere presa dal giocatore di mano per fare una scala se non per fare Mah-Jong"
    (RAV-PLAY-3): a chow is never an exposed meld.
    """
    wall = [k for k in range(34) for _ in range(4)]
    concealed: list[int] = []
    melds: list[Meld] = []
    for _ in range(4):
        candidates = [(k, False) for k in range(34) if wall.count(k) >= 3] + [
            (k, True)
            for k in range(27)
            if Tile(k).rank <= 7 and all(wall.count(k + d) for d in range(3))
        ]
        start, chow = draw(st.sampled_from(candidates))
        needed = [start, start + 1, start + 2] if chow else [start] * 3
        for k in needed:
            wall.remove(k)
        if not chow and draw(st.booleans()):  # RAV-PLAY-3: no exposed chow
            melds.append(Meld.pung(Tile(start), source=draw(st.sampled_from(list(Source)))))
        else:
            concealed += needed
    pair = draw(st.sampled_from(sorted({k for k in wall if wall.count(k) >= 2})))
    wall.remove(pair)
    wall.remove(pair)
    concealed += [pair, pair]
    winning = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    bonus = tuple(draw(st.sets(st.sampled_from(BONUS_TILES), max_size=3)))
    hand = Hand(
        tuple(PhysicalTile(Tile(k)) for k in concealed),
        tuple(melds),
        bonus,
        PhysicalTile(Tile(winning)),
    )
    return hand, wall


@st.composite
def deals(draw: st.DrawFn) -> dict:
    hand, wall = draw(winning_hands())
    winner = draw(SEAT)
    hands = {winner: hand}
    rest = list(wall)
    draw(st.randoms(use_true_random=False)).shuffle(rest)
    for i, seat in enumerate(s for s in SEATS if s != winner):
        tiles = sorted(rest[13 * i : 13 * i + 13])
        hands[seat] = Hand(tuple(PhysicalTile(Tile(k)) for k in tiles))
    discarder = draw(st.sampled_from([None, *(s for s in SEATS if s != winner)]))
    return {"hands": hands, "winner": winner, "discarder": discarder}


@given(deals())
def test_net_sums_to_zero_and_values_capped(deal: dict) -> None:
    result = settle_deal(deal["hands"], winners=[deal["winner"]], discarder=deal["discarder"])
    assert sum(result.net.values()) == 0
    assert all(0 <= v <= 200 for v in result.values.values())  # RAV-MAX-2
    assert result.values[deal["winner"]] >= 22  # RAV-SCORE-1: 30, or (P + 20) x 2^D with P >= 2
    assert all(t.amount % 10 == 0 for t in result.transfers)  # RAV-ROUND
    # The winner only collects (RAV-PAY-1, RAV-PAY-2): he never pays.
    assert all(t.payer != deal["winner"] for t in result.transfers)
    for t in result.transfers:
        high, low = result.values[t.payee], result.values[t.payer]
        if t.reason == "difference":  # RAV-PAY-3: East compared undoubled, the difference doubled
            factor = 2 if "E" in (t.payer, t.payee) else 1
            assert high > low
            assert t.amount == (((high - low) * factor) + 4) // 10 * 10
        else:  # RAV-PAY-1: East pays or collects double, rounded after doubling
            factor = 2 if "E" in (t.payer, t.payee) else 1
            assert t.amount == (high * factor + 4) // 10 * 10


@given(deals(), st.sampled_from(("S", "W", "N")))
def test_morto_pays_mahjong_but_not_differences(deal: dict, dead: str) -> None:
    if dead == deal["winner"]:
        return
    hands = {s: h for s, h in deal["hands"].items() if s != dead}
    discarder = deal["discarder"] if deal["discarder"] != dead else None
    result = settle_deal(hands, winners=[deal["winner"]], discarder=discarder, dead=dead)
    moves = [t for t in result.transfers if dead in (t.payer, t.payee)]
    # RAV-3P-3/4: one payment, to the winner, of his value, doubled when East wins ("L'Est
    # paga doppio e riscuote doppio"), rounded.
    assert all(t.payer == dead and t.payee == deal["winner"] for t in moves)
    value = result.values[deal["winner"]] * (2 if deal["winner"] == "E" else 1)
    assert -result.net[dead] == (value + 4) // 10 * 10
    assert sum(result.net.values()) == 0
