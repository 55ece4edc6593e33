"""Property tests on Seipalle scoring of random complete hands: limit, rounding, conservation."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from muraglia.hand import Hand
from muraglia.melds import Meld, Source
from muraglia.rulesets.seipalle import SeipalleRules
from muraglia.rulesets.seipalle.settlement import SEATS
from muraglia.tiles import PhysicalTile, Tile


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[Hand, list[int]]:
    """A complete standard hand (4 sets + pair, some exposed) and the tiles left in the wall."""
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
        if draw(st.booleans()):
            # SEI-PLAY-1: a chow only from the previous player; pungs from anyone
            source = Source.LEFT if chow else draw(st.sampled_from(list(Source)))
            maker = Meld.chow if chow else Meld.pung
            melds.append(maker(Tile(start), source=source))
        else:
            concealed += needed
    pair = draw(st.sampled_from(sorted({k for k in wall if wall.count(k) >= 2})))
    wall.remove(pair)
    wall.remove(pair)
    concealed += [pair, pair]
    winning = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    hand = Hand(
        tuple(PhysicalTile(Tile(k)) for k in concealed),
        tuple(melds),
        winning=PhysicalTile(Tile(winning)),
    )
    return hand, wall


@given(
    winning_hands(),
    st.sampled_from(SEATS),
    st.sampled_from((None, *SEATS)),
    st.sets(st.sampled_from(("riichi", "last_tile", "replacement")), max_size=2),
)
def test_payments_conserve_and_round(
    hand_wall: tuple[Hand, list[int]], seat: str, discarder: str | None, flags: set[str]
) -> None:
    hand, _ = hand_wall
    if discarder == seat:
        discarder = None
    if not hand.is_concealed:
        flags.discard("riichi")  # SEI-RIICHI-2
    if discarder is not None:
        flags.discard("replacement")  # SEI-DBL-D33: a tile drawn from the dead wall
    result = SeipalleRules().score(
        hand,
        win="ron" if discarder else "tsumo",
        seat_wind=seat,
        flags=flags,
        discarder=discarder,
    )
    assert 0 < result.value <= 1000  # SEI-LIMIT-2
    if result.valid:
        net = result.payments
        assert sum(net.values()) == 0
        assert all(v % 10 == 0 for v in net.values())  # SEI-PAY-4
        assert net[seat] > 0
        if discarder is not None:  # SEI-PAY-2: only the discarder pays
            assert {s for s, v in net.items() if v < 0} == {discarder}
    else:  # SEI-SCORE-2
        assert not any(a.unit == "doubles" and a.id != "dora" for a in result.awards)
