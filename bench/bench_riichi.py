"""Riichi scoring speed: hands scored per second, muraglia vs PyPI ``mahjong``'s HandCalculator.

A fixed seeded set of random winning hands (closed and open, ron and tsumo, kongs, seven
pairs, riichi, one dora indicator) is scored by ``riichi-tenhou`` (the rules closest to the
``mahjong`` package's defaults) and, when installed, by ``mahjong.HandCalculator`` on the same
hands. Inputs are prepared before timing on both sides (our parsed ``Hand``; their 136-tile
arrays, melds and config). The two results are also compared (han, fu, points) as a check.

    python bench/bench_riichi.py [--hands 2000] [--seed 2026] [--repeat 3] [--rules riichi-ema]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from muraglia.notation import parse_hand
from muraglia.rulesets import load_ruleset
from muraglia.tiles import Tile

WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class Case:
    text: str
    tiles: tuple[int, ...]  # every tile kind of the hand, kongs as four
    melds: tuple[tuple[str, tuple[int, ...], bool], ...]  # (kind, kinds, opened)
    win: int
    tsumo: bool
    seat: str
    round: str
    riichi: bool
    dora: int


def _meld_text(kinds: list[int], opened: bool) -> str:
    body = "".join(str(k % 9 + 1) for k in kinds) + "mpsz"[kinds[0] // 9]
    return f"[{body}]" if opened else f"({body})"


def random_case(rng: random.Random) -> Case:
    """One random complete hand with a random situation (rejection sampling on copies)."""
    while True:
        counts = [0] * 34
        concealed: list[int] = []
        melds: list[tuple[str, tuple[int, ...], bool]] = []
        if rng.random() < 0.05:
            kinds = rng.sample(range(34), 7)
            for k in kinds:
                concealed += [k, k]
                counts[k] += 2
        else:
            open_hand = rng.random() < 0.4
            for _ in range(4):
                r = rng.random()
                if r < 0.6:
                    s, n = rng.randrange(3), rng.randrange(7)
                    group, kind = [9 * s + n, 9 * s + n + 1, 9 * s + n + 2], "chi"
                elif r < 0.92:
                    t = rng.randrange(34)
                    group, kind = [t] * 3, "pon"
                else:
                    t = rng.randrange(34)
                    group, kind = [t] * 4, "kan"
                for t in group:
                    counts[t] += 1
                if kind == "kan":
                    melds.append((kind, tuple(group), open_hand and rng.random() < 0.5))
                elif open_hand and rng.random() < 0.5:
                    melds.append((kind, tuple(group), True))
                else:
                    concealed += group
            pair = rng.randrange(34)
            counts[pair] += 2
            concealed += [pair, pair]
        if max(counts) > 4:
            continue
        win = rng.choice(concealed)
        text = "".join(Tile(t).notation for t in sorted(concealed))
        text += "".join(_meld_text(list(k), o) for _, k, o in melds) + "+" + Tile(win).notation
        closed = not any(o for _, _, o in melds)
        return Case(
            text=text,
            tiles=tuple(t for t in range(34) for _ in range(counts[t])),
            melds=tuple(melds),
            win=win,
            tsumo=rng.random() < 0.5,
            seat=rng.choice(WINDS),
            round=rng.choice(("E", "S")),
            riichi=closed and rng.random() < 0.5,
            dora=rng.randrange(34),
        )


def cases(n: int, seed: int) -> list[Case]:
    """The fixed benchmark set."""
    rng = random.Random(seed)
    return [random_case(rng) for _ in range(n)]


Runner = Callable[[], list[Any]]


def prepare_ours(items: list[Case], rules: str) -> tuple[Runner, Runner]:
    """Scorers of the whole set: on parsed hands, and from notation (parsing included)."""
    ruleset = load_ruleset(rules)
    kws = [
        {
            "win": "tsumo" if c.tsumo else "ron",
            "seat_wind": c.seat,
            "round_wind": c.round,
            "flags": ("riichi",) if c.riichi else (),
            "dora": (Tile(c.dora),),
        }
        for c in items
    ]
    texts = [c.text for c in items]

    def parsed() -> list[Any]:
        hands = [parse_hand(t) for t in texts]  # fresh objects: no cached views between runs
        t0 = time.process_time()
        out = [ruleset.score(h, **kw) for h, kw in zip(hands, kws, strict=True)]
        parsed.seconds = time.process_time() - t0  # type: ignore[attr-defined]
        return out

    def from_text() -> list[Any]:
        t0 = time.process_time()
        out = [ruleset.score(t, **kw) for t, kw in zip(texts, kws, strict=True)]
        from_text.seconds = time.process_time() - t0  # type: ignore[attr-defined]
        return out

    return parsed, from_text


def prepare_theirs(items: list[Case]) -> Runner | None:
    """``mahjong``'s HandCalculator over the same set, or None if the package is absent."""
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
        from mahjong.meld import Meld
    except ImportError:
        return None
    options = OptionalRules(has_open_tanyao=True, has_aka_dora=False, kiriage=False)
    calc = HandCalculator()
    kinds = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}
    prepared = []
    for c in items:
        used = [0] * 34

        def t136(k: int, used: list[int] = used) -> int:
            used[k] += 1
            return 4 * k + used[k] - 1

        melds = []
        for kind, ks, opened in c.melds:
            melds.append(Meld(meld_type=kinds[kind], tiles=[t136(k) for k in ks], opened=opened))
        rest = list(c.tiles)
        for _, ks, _ in c.melds:
            for k in ks:
                rest.remove(k)
        tiles = [t for m in melds for t in m.tiles] + [t136(k) for k in rest]
        win = next(t for t in tiles[len(tiles) - len(rest) :] if t // 4 == c.win)
        config = HandConfig(
            is_tsumo=c.tsumo,
            is_riichi=c.riichi,
            player_wind=27 + WINDS.index(c.seat),
            round_wind=27 + WINDS.index(c.round),
            options=options,
        )
        prepared.append((tiles, win, melds, [4 * c.dora], config))

    def run() -> list[Any]:
        t0 = time.process_time()
        out = [
            calc.estimate_hand_value(t, w, melds=m, dora_indicators=d, config=cfg)
            for t, w, m, d, cfg in prepared
        ]
        run.seconds = time.process_time() - t0  # type: ignore[attr-defined]
        return out

    return run


def compare(ours: list[Any], theirs: list[Any]) -> tuple[int, int, list[int]]:
    """How many hands both score the same (valid, han, fu, points); indices of mismatches."""
    same, both_valid, diff = 0, 0, []
    for i, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        b_valid = b.error is None
        if a.valid and b_valid:
            both_valid += 1
        if a.valid != b_valid:
            diff.append(i)
            continue
        if not a.valid:
            ok = True
        elif a.extra.get("yakuman"):  # they report yakuman as 13 han per yakuman
            ok = a.value == b.cost["total"] and b.han == 13 * a.extra["yakuman"]
        else:
            ok = (a.han, a.value) == (b.han, b.cost["total"]) and (
                a.limit is not None or a.fu == b.fu
            )
        if ok:
            same += 1
        else:
            diff.append(i)
    return same, both_valid, diff


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rules", default="riichi-tenhou")
    ap.add_argument("--show", type=int, default=0, help="print this many mismatching hands")
    args = ap.parse_args()
    items = cases(args.hands, args.seed)
    n_open = sum(any(o for _, _, o in c.melds) for c in items)
    n_tsumo = sum(c.tsumo for c in items)
    print(
        f"{len(items)} hands (seed {args.seed}): {n_open} open, {len(items) - n_open} closed, "
        f"{n_tsumo} tsumo, {len(items) - n_tsumo} ron"
    )
    parsed, from_text = prepare_ours(items, args.rules)
    theirs = prepare_theirs(items)
    best = {"ours": float("inf"), "text": float("inf"), "theirs": float("inf")}
    our_results: list[Any] = []
    their_results: list[Any] = []
    for _ in range(args.repeat):  # interleaved, best of each: the machine may be shared
        our_results = parsed()
        best["ours"] = min(best["ours"], parsed.seconds)  # type: ignore[attr-defined]
        from_text()
        best["text"] = min(best["text"], from_text.seconds)  # type: ignore[attr-defined]
        if theirs is not None:
            their_results = theirs()
            best["theirs"] = min(best["theirs"], theirs.seconds)  # type: ignore[attr-defined]
    n = len(items)
    ours = n / best["ours"]
    print(f"muraglia {args.rules}: {ours:,.0f} hands/s ({n / best['text']:,.0f} incl. parsing)")
    if theirs is None:
        print("mahjong (PyPI) not installed: pip install mahjong  — comparison skipped")
        return
    rate = n / best["theirs"]
    print(f"mahjong HandCalculator: {rate:,.0f} hands/s")
    print(f"ratio muraglia/mahjong: {ours / rate:.2f}x")
    same, both_valid, diff = compare(our_results, their_results)
    print(f"agreement: {same}/{len(items)} hands identical ({both_valid} valid in both)")
    for i in diff[: args.show]:
        a, b = our_results[i], their_results[i]
        c = items[i]
        print(
            f"  {c.text} {'tsumo' if c.tsumo else 'ron'} seat {c.seat} round {c.round} "
            f"riichi={c.riichi} dora-ind {Tile(c.dora).notation}: ours {a.valid} {a.han}/{a.fu} "
            f"{a.value} {sorted(a.ids)}; theirs {b.error} {b.han}/{b.fu} "
            f"{b.cost and b.cost['total']} {b.yaku}"
        )


if __name__ == "__main__":
    main()
