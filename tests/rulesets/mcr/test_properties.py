"""Property tests on random MCR winning hands (MCR-COUNT, MCR-WIN-3, MCR-PAY)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from muraglia.analysis.decompose import decompose
from muraglia.analysis.waits import readings
from muraglia.notation import parse_hand
from muraglia.rulesets.mcr import PATTERNS, McrRules
from muraglia.rulesets.mcr.context import McrContext
from muraglia.rulesets.mcr.rules import SHAPES
from muraglia.rulesets.mcr.samples import KINDS, Sample, random_winning_hand
from muraglia.scoring.context import WinType, parse_wind

RULES = McrRules()
WAIT_FANS = {"edge_wait", "closed_wait", "single_wait"}

samples = st.builds(
    lambda seed, kind: random_winning_hand(random.Random(seed), kind),
    st.integers(0, 2**32 - 1),
    st.sampled_from(KINDS),
)


def score(s: Sample):  # type: ignore[no-untyped-def]
    return RULES.score(s.hand, win=s.win, seat_wind=s.seat_wind, round_wind=s.round_wind)


@given(samples)
def test_total_is_the_sum_of_the_listed_fans(s: Sample) -> None:
    r = score(s)
    assert r.fan == sum(a.value for a in r.awards if a.id != "flower_tiles")
    assert r.value == r.fan
    assert RULES.total(r) == r.fan + s.flowers
    for a in r.awards:
        assert a.value == a.count * RULES.value_of(a.id)


@given(samples)
def test_no_excluded_fan_with_its_excluder(s: Sample) -> None:
    r = score(s)
    ids = r.ids
    for a in r.awards:
        assert not set(PATTERNS[a.id].excludes) & ids, a.id
    assert len(ids & WAIT_FANS) <= 1  # MCR-COUNT-7
    assert ("chicken_hand" in ids) == (r.fan == 8 and ids <= {"chicken_hand", "flower_tiles"})


@given(samples)
def test_chosen_arrangement_is_the_maximum(s: Sample) -> None:
    """Brute force: every decomposition under every MCR shape x reading, every fan tried."""
    h = parse_hand(s.hand, red_fives=False)
    assert h.winning is not None
    win = WinType(s.win)
    seat, rnd = parse_wind(s.seat_wind), parse_wind(s.round_wind)
    unique = RULES._unique_wait(h)
    totals = []
    for d in decompose(h, SHAPES):
        for reading in readings(d, h.winning.kind):
            ctx = McrContext(h, d, reading, win, seat, rnd, frozenset(), (), (), RULES.options,
                             unique_wait=unique, flowers=len(h.bonus))  # fmt: skip
            found = PATTERNS.find(ctx, skip=frozenset({"chicken_hand"}))
            awards = PATTERNS.resolve(found, concealed=ctx.is_concealed)
            totals.append(sum(a.value for a in awards if a.id != "flower_tiles"))
    assert totals, "every sample is a complete hand"
    r = score(s)
    assert r.fan == (max(totals) or 8)
    assert r.valid == (r.fan >= 8)


@given(samples, st.sampled_from(["E", "S", "W", "N"]))
def test_payments_are_zero_sum(s: Sample, discarder: str) -> None:
    seat = s.seat_wind
    disc = None if s.win == "tsumo" or discarder == seat else discarder
    r = RULES.score(s.hand, win=s.win if disc or s.win == "tsumo" else "tsumo",
                    seat_wind=seat, round_wind=s.round_wind, discarder=disc)  # fmt: skip
    assert r.payments is not None
    assert sum(r.payments.values()) == 0
    if r.valid:
        assert r.payments[seat] == (3 * RULES.total(r) if disc is None else RULES.total(r)) + 24
    else:
        assert r.payments[seat] == -30


@given(samples)
def test_single_tile_wait_matches_the_analysis_waits(s: Sample) -> None:
    """MCR-COUNT-7 shortcut against ``analysis.waits.winning_tiles`` over the MCR shapes."""
    from muraglia.analysis.waits import winning_tiles
    from muraglia.hand import Hand

    h = parse_hand(s.hand, red_fives=False)
    assert h.winning is not None
    h13 = Hand(h.concealed, h.melds)
    expected = len(winning_tiles(h13, SHAPES)) == 1
    assert RULES._unique_wait(h) is expected
