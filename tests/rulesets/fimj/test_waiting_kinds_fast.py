"""FIMJ `waiting_kinds` scores only the kinds passing `may_complete`: as scoring all 34.

The shortcut (issue 19: the riichi check of every FIMJ win scored the hand 34 times) must
never drop a wait, so it is compared with :func:`_waiting_kinds_reference` on seeded tenpai
hands of every shape the scorer accepts (four sets and a pair, with and without exposed
melds and flowers; seven pairs, with four alike; the special-shape massimi one tile short),
on near-misses, and on random 13-tile hands, with ``four_as_two_pairs`` both ways.
"""

from __future__ import annotations

import random

import pytest

from muraglia.hand import Hand
from muraglia.melds import Meld, MeldKind
from muraglia.notation import parse_hand
from muraglia.rulesets.fimj.options import FimjOptions
from muraglia.rulesets.fimj.ruleset import FimjRules
from muraglia.rulesets.fimj.waits import waiting_kinds_reference
from muraglia.tiles import PhysicalTile, Tile

SPECIAL_13 = (
    "19m19p19s1234567z",  # thirteen lanterns, thirteen-sided
    "19m19p19s123456z1m",
    "123456789m1234z",  # small snake, waiting on a dragon
    "12345678m1234z5z",
    "23456789m1234z5z",
    "1234567m123456p",  # Siamese snakes (or a standard hand)
    "12345678m567z11z",  # near misses
    "123456789m56z11z",
    "1122334455667m",  # seven pairs
    "1111223344556m",  # seven pairs with four alike
    "1111222233334m",
)


def _hand(kinds: list[int], melds: tuple[Meld, ...] = (), bonus: tuple[Tile, ...] = ()) -> Hand:
    return Hand(tuple(PhysicalTile(Tile(k)) for k in sorted(kinds)), melds, bonus)


def _tenpai(rng: random.Random) -> Hand:
    """A complete standard hand less one tile; some sets exposed, some flowers."""
    while True:
        counts = [0] * 34
        sets: list[list[int]] = []
        for _ in range(4):
            if rng.random() < 0.55:
                s, n = rng.randrange(3), rng.randrange(7)
                sets.append([9 * s + n, 9 * s + n + 1, 9 * s + n + 2])
            else:
                sets.append([rng.randrange(34)] * 3)
        pair = rng.randrange(34)
        for g in [*sets, [pair, pair]]:
            for t in g:
                counts[t] += 1
        if max(counts) <= 4:
            break
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for g in sets:
        if rng.random() < 0.3:
            kind = MeldKind.CHOW if g[0] != g[1] else MeldKind.PUNG
            melds.append(Meld(kind, tuple(PhysicalTile(Tile(t)) for t in g)))
        else:
            concealed += g
    concealed.remove(rng.choice(concealed))
    bonus = tuple(sorted(rng.sample(list(range(34, 42)), rng.randrange(3))))
    return _hand(concealed, tuple(melds), tuple(Tile(b) for b in bonus))


def _random13(rng: random.Random) -> Hand:
    kinds = rng.sample([k for k in range(34) for _ in range(4)], 13)
    return _hand(kinds)


@pytest.mark.parametrize("four_as_two_pairs", [True, False])
def test_same_waits_as_scoring_every_kind(four_as_two_pairs: bool) -> None:
    rng = random.Random(1919)
    hands = [parse_hand(t, strict=False) for t in SPECIAL_13]
    hands += [_tenpai(rng) for _ in range(120)]
    hands += [_random13(rng) for _ in range(40)]
    waiting = 0
    for h in hands:
        rules = FimjRules(FimjOptions(four_as_two_pairs=four_as_two_pairs))
        fast = rules.waiting_kinds(h)
        assert fast == waiting_kinds_reference(h, rules.completes), h.notation
        waiting += bool(fast)
    assert waiting >= 100  # the generated hands do wait: the comparison is not vacuous


def test_special_shapes_keep_their_waits() -> None:
    lanterns = FimjRules().waiting_kinds(parse_hand("19m19p19s1234567z"))
    assert len(lanterns) == 13
    assert [t.notation for t in FimjRules().waiting_kinds(parse_hand("123456789m1234z"))] == [
        "5z",
        "6z",
        "7z",
    ]
    assert [t.notation for t in FimjRules().waiting_kinds(parse_hand("23456789m1234z5z"))] == ["1m"]
