"""SEI-PTS-4's count of winning kinds tries only the kinds that can complete the hand: the
same count as ``ukeire`` of the 13 tiles over all 34 kinds, on seeded ready hands of every
shape (standard with melds, seven pairs, thirteen orphans)."""

from __future__ import annotations

import random

from muraglia.analysis.shanten import ukeire
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets.seipalle.ruleset import _winning_kinds
from muraglia.tiles import NUM_KINDS, Tile


def _reference(hand: Hand) -> int:
    counts = list(hand.concealed_counts)
    if hand.winning is not None:
        counts[hand.winning.kind] -= 1
    waits = ukeire(counts, len(hand.melds))
    return len(waits.tiles) if waits.shanten == 0 else 0


def _random_hand(rng: random.Random) -> str:
    """14 concealed-or-melded tiles made of sets and a pair (some melded), 5th copies avoided."""
    used = [0] * NUM_KINDS
    parts: list[str] = []
    tiles: list[Tile] = []

    def take(kinds: list[int]) -> bool:
        if any(used[k] + kinds.count(k) > 4 for k in kinds):
            return False
        for k in kinds:
            used[k] += 1
        return True

    while len(parts) < 4:
        if rng.random() < 0.5:
            k = rng.randrange(27)
            k -= max(0, k % 9 - 6)
            kinds = [k, k + 1, k + 2]
        else:
            k = rng.randrange(NUM_KINDS)
            kinds = [k] * 3
        if not take(kinds):
            continue
        text = "".join(Tile(x).notation[0] for x in kinds) + Tile(kinds[0]).notation[1]
        if rng.random() < 0.2 and kinds[0] != kinds[1]:
            parts.append(f"[{text}<]")
        elif rng.random() < 0.2:
            parts.append(f"[{text}]")
        else:
            parts.append(text)
            tiles.extend(Tile(x) for x in kinds)
    while True:
        k = rng.randrange(NUM_KINDS)
        if take([k, k]):
            break
    tiles.extend([Tile(k), Tile(k)])
    win = tiles.pop(rng.randrange(len(tiles)))
    melds = [p for p in parts if p.startswith("[")]
    return " ".join(t.notation for t in tiles) + " " + " ".join(melds) + f" +{win.notation}"


def test_the_winning_kinds_count_is_ukeires() -> None:
    rng = random.Random(17)
    hands = [parse_hand(_random_hand(rng)) for _ in range(400)]
    hands += [
        parse_hand(text)
        for text in (
            "1112345678999m+5m",  # nine kinds
            "19m19p19s1234567z+1m",  # thirteen orphans, thirteen-sided
            "19m19p19s1234566z+7z",  # thirteen orphans, one kind
            "1133m5577p2244s6z+6z",  # seven pairs
            "1112223334445m+5m",
            "234567p2234s[777z]+5s",
        )
    ]
    assert sum(_reference(h) > 1 for h in hands) > 50
    for hand in hands:
        assert _winning_kinds(hand) == _reference(hand), hand.notation
