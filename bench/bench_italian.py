"""Italian rulesets benchmark: winning hands scored per second and whole deals settled per second.

Command: ``python bench/bench_italian.py [--hands 2000] [--seed 1]``.

A fixed, seeded set of random complete standard hands (four sets and a pair, some sets exposed,
some won on a discard) is scored by the FIMJ, Ravenna and Seipalle scorers (best decomposition,
every pattern); then whole four-seat deals (one winner, three random 13-tile hands) are settled
by FIMJ and Ravenna (every hand scored, Mah-Jong and hand-point differences paid). Best of three
passes after a warm-up pass.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from muraglia.errors import MahjongError
from muraglia.notation import parse_hand
from muraglia.rulesets.fimj import FimjRules
from muraglia.rulesets.ravenna import RavennaRules
from muraglia.rulesets.seipalle import SeipalleRules
from muraglia.tiles import Tile

SEATS = ("E", "S", "W", "N")


def make_deals(n: int, seed: int) -> list[dict[str, Any]]:
    """Random consistent deals: a complete winner's hand and three 13-tile hands."""
    rng = random.Random(seed)
    deals = []
    while len(deals) < n:
        wall = [k for k in range(34) for _ in range(4)]
        parts: list[str] = []
        concealed: list[int] = []
        ok = True
        for _ in range(4):
            start = rng.randrange(34)
            chow = start < 27 and start % 9 <= 6 and rng.random() < 0.6
            tiles = [start, start + 1, start + 2] if chow else [start] * 3
            if any(wall.count(t) < tiles.count(t) for t in tiles):
                ok = False
                break
            for t in tiles:
                wall.remove(t)
            text = "".join(Tile(t).notation for t in tiles)
            if rng.random() < 0.3:
                parts.append(f"[{text}]")
            else:
                concealed += tiles
        pair = rng.randrange(34)
        if not ok or wall.count(pair) < 2:
            continue
        wall.remove(pair)
        wall.remove(pair)
        concealed += [pair, pair]
        winning = concealed.pop(rng.randrange(len(concealed)))
        text = "".join(Tile(t).notation for t in sorted(concealed))
        winner_hand = f"{text} {' '.join(parts)} +{Tile(winning).notation}"
        rng.shuffle(wall)
        winner = rng.choice(SEATS)
        hands = {winner: winner_hand}
        for i, seat in enumerate(s for s in SEATS if s != winner):
            hands[seat] = "".join(Tile(t).notation for t in sorted(wall[13 * i : 13 * i + 13]))
        discarder = rng.choice([None, *(s for s in SEATS if s != winner)])
        deals.append({"winners": [winner], "discarder": discarder, "hands": hands})
    return deals


def rate(fn: Callable[[Any], object], items: Sequence[Any], repeat: int = 3) -> float:
    """Items per second, best of ``repeat`` passes after a warm-up pass."""
    for item in items:
        fn(item)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def main() -> None:
    """Print the rates."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    deals = make_deals(args.hands, args.seed)
    fimj, ravenna, seipalle = FimjRules(), RavennaRules(), SeipalleRules()

    def score_input(deal: dict[str, Any]) -> dict[str, Any]:
        winner = deal["winners"][0]
        return {
            "hand": deal["hands"][winner],
            "win": "ron" if deal["discarder"] else "tsumo",
            "seat_wind": winner,
            "discarder": deal["discarder"],
            "flags": [],
        }

    inputs = [score_input(d) for d in deals]
    parsed = [parse_hand(i["hand"], red_fives=False) for i in inputs]

    def sei(item: dict[str, Any]) -> object:
        try:
            return seipalle.score_dict(item)
        except MahjongError:  # no winning shape under Seipalle (never here) or flowers
            return None

    print(f"python {platform.python_version()} on {platform.machine()}, {len(deals)} hands")
    parse_rate = rate(lambda i: parse_hand(i["hand"], red_fives=False), inputs)
    print(f"parse_hand          {parse_rate:10,.0f} /s")
    print(f"fimj score          {rate(fimj.score_dict, inputs):10,.0f} /s")
    print(f"ravenna score       {rate(ravenna.score_dict, inputs):10,.0f} /s")
    print(f"seipalle score      {rate(sei, inputs):10,.0f} /s")
    print(f"fimj settle (deal)  {rate(fimj.settle_dict, deals):10,.0f} /s")
    print(f"ravenna settle      {rate(ravenna.settle_dict, deals):10,.0f} /s")
    del parsed


if __name__ == "__main__":
    main()
