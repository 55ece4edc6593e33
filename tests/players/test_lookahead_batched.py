"""``ValueLookahead.valued_ukeire`` with batched shanten rows against its tile-by-tile form.

The lookahead finds, for each useful draw, the discards that leave the hand ready by one
:meth:`~muraglia.analysis.shanten.DeltaShanten.draws` row per held kind; the reference below
is the loop it replaced (a shanten call per draw and discard). Both must give the same valued
and plain counts, bit for bit (the same ready hands, summed in the same order of draws).
"""

from __future__ import annotations

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from muraglia.analysis.shanten import DeltaShanten, shanten_all
from muraglia.players import ExpertBot, Table
from muraglia.players.efficiency import _draw_candidates
from muraglia.players.lookahead import CAP, FLOOR, ValueLookahead
from muraglia.tiles import COPIES, NUM_KINDS, Tile
from tests.players.test_expert import view


def reference(look: ValueLookahead, counts: list[int], shanten: int) -> tuple[float, int]:
    """The lookahead's valued ukeire, one shanten call per useful draw and held discard."""
    hand = DeltaShanten(counts, look.melds)
    held = [k for k in range(NUM_KINDS) if counts[k]]
    valued = 0.0
    plain = 0
    for k in _draw_candidates(counts, look.melds):
        u = look.unseen[k]
        if u <= 0 or counts[k] >= COPIES or hand.shanten(add=k) >= shanten:
            continue
        plain += u
        best = 0.0
        counts[k] += 1
        for e in held:
            if e == k or hand.shanten(remove=e, add=k) != shanten - 1:
                continue
            counts[e] -= 1
            best = max(best, look.ready(counts, k)[0])
            counts[e] += 1
        counts[k] -= 1
        weight = min(best / look.ref, CAP) if look.ref > 0 else 1.0
        valued += u * max(weight, FLOOR)
    return valued, plain


@st.composite
def near_ready(draw: st.DrawFn) -> list[int]:
    """13 counts one step from ready, mostly: four sets and a pair, two tiles out, one in."""
    counts = [0] * NUM_KINDS
    tiles: list[int] = []
    for _ in range(4):
        if draw(st.booleans()):
            start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            tiles += [start, start + 1, start + 2]
        else:
            tiles += [draw(st.integers(0, NUM_KINDS - 1))] * 3
    tiles += [draw(st.integers(0, NUM_KINDS - 1))] * 2
    for _ in range(2):
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    tiles.append(draw(st.integers(0, NUM_KINDS - 1)))
    for k in tiles:
        counts[k] += 1
    return counts


@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(["mcr", "seipalle", "fimj", "ravenna"]), counts=near_ready())
def test_batched_rows_value_the_same_draws(rules: str, counts: list[int]) -> None:
    """Hands one step from ready (and some further), in the four rulesets with a lookahead."""
    assume(max(counts) <= COPIES)
    sh = shanten_all(counts)
    assume(sh >= 1)
    text = "".join(Tile(k).notation for k in range(NUM_KINDS) for _ in range(counts[k]))
    t = Table.of(view(text, rules=rules))
    look = ValueLookahead(ExpertBot(rules, seed=0), t)
    before = list(counts)
    valued, plain = look.valued_ukeire(counts, sh)
    event(f"shanten {sh}, {'valued above the floor' if valued > FLOOR * plain else 'floor'}")
    assert (valued, plain) == reference(look, counts, sh)
    assert counts == before  # the hand is left as it was
