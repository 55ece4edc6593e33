"""Riichi scoring speed: hands scored per second, muraglia vs PyPI ``mahjong``'s HandCalculator.

A fixed seeded set of random winning hands (closed and open, ron and tsumo, kongs, seven
pairs, riichi, ippatsu, rinshan, haitei/houtei, red fives, counters, dora and ura dora) is
scored by ``riichi-tenhou`` (the rules closest to the ``mahjong`` package's defaults) and,
when installed, by ``mahjong.HandCalculator`` on the same hands. Inputs are prepared before
timing on both sides (our parsed ``Hand``; their 136-tile arrays, melds and config). Times are
process CPU times (``time.process_time``), best of ``--repeat`` interleaved passes, so that
other jobs on a shared machine distort less. The two results are also compared (validity,
han, fu, points received including counters) as a correctness check.

    python bench/bench_riichi.py [--hands 2000] [--seed 2026] [--repeat 5] [--rules ID] [--show N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from muraglia.notation import parse_hand
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.riichi_ema import fast
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
    ura: int
    flags: tuple[str, ...]  # ippatsu, replacement (rinshan), last_tile (haitei/houtei)
    honba: int
    red: int  # kind of the concealed five written as a red five, or -1


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
        # a red five only when no five is held four times (one of four fives would be red)
        fives = [k for k in (4, 13, 22) if k in concealed and k != win]
        if any(counts[k] == 4 for k in (4, 13, 22)):
            fives = []
        red = rng.choice(fives) if fives and rng.random() < 0.5 else -1
        notes = [Tile(t).notation for t in sorted(concealed)]
        if red >= 0:
            notes[notes.index(Tile(red).notation)] = "0" + Tile(red).notation[1]
        text = "".join(notes)
        text += "".join(_meld_text(list(k), o) for _, k, o in melds) + "+" + Tile(win).notation
        closed = not any(o for _, _, o in melds)
        tsumo = rng.random() < 0.5
        riichi = closed and rng.random() < 0.5
        flags = []
        if riichi and rng.random() < 0.2:
            flags.append("ippatsu")
        if tsumo and any(k == "kan" for k, _, _ in melds) and rng.random() < 0.3:
            flags.append("replacement")
        elif rng.random() < 0.05:
            flags.append("last_tile")
        return Case(
            text=text,
            tiles=tuple(t for t in range(34) for _ in range(counts[t])),
            melds=tuple(melds),
            win=win,
            tsumo=tsumo,
            seat=rng.choice(WINDS),
            round=rng.choice(("E", "S")),
            riichi=riichi,
            dora=rng.randrange(34),
            ura=rng.randrange(34),
            flags=tuple(flags),
            honba=rng.randrange(4),
            red=red,
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
            "flags": (("riichi",) if c.riichi else ()) + c.flags,
            "dora": (Tile(c.dora),),
            "ura": (Tile(c.ura),),
            "honba": c.honba,
            **({} if c.tsumo else {"discarder": WINDS[(WINDS.index(c.seat) + 2) % 4]}),
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


def tiles_136(c: Case) -> tuple[list[list[int]], list[int], int]:
    """136-tile ids of a case: each meld's, the concealed tiles' (winning tile included), and the
    winning tile's. Copy 0 of a five is the red one (``mahjong``, ``riichienv``); ours are plain
    unless ``c.red`` names the concealed red five."""
    used = [0] * 34
    red = [c.red]

    def t136(k: int) -> int:
        if k == red[0]:
            red[0] = -1
            return 4 * k
        used[k] += 1
        order = (1, 2, 3, 0) if k in (4, 13, 22) else (0, 1, 2, 3)
        return 4 * k + order[used[k] - 1]

    red[0] = -1  # the red five is a concealed tile
    meld_tiles = [[t136(k) for k in ks] for _, ks, _ in c.melds]
    red[0] = c.red
    rest = list(c.tiles)
    for _, ks, _ in c.melds:
        for k in ks:
            rest.remove(k)
    rest.sort(key=lambda k: k != c.red)  # the red copy first, so it is not the winning tile
    concealed = [t136(k) for k in rest]
    win = next(t for t in concealed if t // 4 == c.win)
    return meld_tiles, concealed, win


def prepare_theirs(items: list[Case]) -> Runner | None:
    """``mahjong``'s HandCalculator over the same set, or None if the package is absent."""
    try:
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
        from mahjong.meld import Meld
    except ImportError:
        return None
    options = {
        aka: OptionalRules(has_open_tanyao=True, has_aka_dora=aka, kiriage=False)
        for aka in (False, True)
    }
    calc = HandCalculator()
    kinds = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}
    prepared = []
    for c in items:
        meld_tiles, concealed, win = tiles_136(c)
        melds = [
            Meld(meld_type=kinds[kind], tiles=ts, opened=opened)
            for (kind, _, opened), ts in zip(c.melds, meld_tiles, strict=True)
        ]
        tiles = [t for ts in meld_tiles for t in ts] + concealed
        config = HandConfig(
            is_tsumo=c.tsumo,
            is_riichi=c.riichi,
            is_ippatsu="ippatsu" in c.flags,
            is_rinshan="replacement" in c.flags,
            is_haitei="last_tile" in c.flags and c.tsumo,
            is_houtei="last_tile" in c.flags and not c.tsumo,
            player_wind=27 + WINDS.index(c.seat),
            round_wind=27 + WINDS.index(c.round),
            tsumi_number=c.honba,
            options=options[c.red >= 0],
        )
        ura = [4 * c.ura + 3] if c.riichi else None
        prepared.append((tiles, win, melds, [4 * c.dora + 3], ura, config))

    def run() -> list[Any]:
        t0 = time.process_time()
        out = [
            calc.estimate_hand_value(
                t, w, melds=m, dora_indicators=d, ura_dora_indicators=u, config=cfg
            )
            for t, w, m, d, u, cfg in prepared
        ]
        run.seconds = time.process_time() - t0  # type: ignore[attr-defined]
        return out

    return run


def prepare_riichienv(items: list[Case]) -> Runner | None:
    """PyPI ``riichienv``'s (Rust) HandEvaluator over the same set, or None if absent."""
    try:
        from riichienv import _riichienv as core
    except ImportError:
        return None
    kinds = {"chi": core.MeldType.Chi, "pon": core.MeldType.Pon}
    winds = [core.Wind.East, core.Wind.South, core.Wind.West, core.Wind.North]
    prepared = []
    for c in items:
        meld_tiles, concealed, win = tiles_136(c)
        melds = [
            core.Meld(
                kinds.get(kind, core.MeldType.Daiminkan if opened else core.MeldType.Ankan),
                ts,
                opened,
            )
            for (kind, _, opened), ts in zip(c.melds, meld_tiles, strict=True)
        ]
        cond = core.Conditions(
            tsumo=c.tsumo,
            riichi=c.riichi,
            ippatsu="ippatsu" in c.flags,
            rinshan="replacement" in c.flags,
            haitei="last_tile" in c.flags and c.tsumo,
            houtei="last_tile" in c.flags and not c.tsumo,
            player_wind=winds[WINDS.index(c.seat)],
            round_wind=winds[WINDS.index(c.round)],
            honba=c.honba,
        )
        ura = [4 * c.ura + 3] if c.riichi else []
        prepared.append((sorted(concealed), melds, win, [4 * c.dora + 3], ura, cond))

    def run() -> list[Any]:
        evaluator = core.HandEvaluator
        t0 = time.process_time()
        out = [evaluator(t, m).calc(w, d, u, cond) for t, m, w, d, u, cond in prepared]
        run.seconds = time.process_time() - t0  # type: ignore[attr-defined]
        return out

    return run


def compare_riichienv(ours: list[Any], theirs: list[Any]) -> tuple[int, int]:
    """Hands with the same validity and, when valid and not a limit hand, the same han and fu."""
    same = both = 0
    for a, b in zip(ours, theirs, strict=True):
        if a.valid and b.is_win:
            both += 1
        if a.valid != bool(b.is_win):
            continue
        if not a.valid or a.extra.get("yakuman") or a.limit is not None:
            same += a.valid == bool(b.is_win) and (
                not a.valid or bool(b.yakuman) == bool(a.extra.get("yakuman"))
            )
        else:
            same += (a.han, a.fu) == (b.han, b.fu)
    return same, both


def compare(items: list[Case], ours: list[Any], theirs: list[Any]) -> tuple[int, int, list[int]]:
    """How many hands both score the same (valid, han, fu, points); indices of mismatches.

    Points: what the winner receives including counters (their ``cost["total"]``).
    """
    same, both_valid, diff = 0, 0, []
    for i, (c, a, b) in enumerate(zip(items, ours, theirs, strict=True)):
        b_valid = b.error is None
        if a.valid and b_valid:
            both_valid += 1
        if a.valid != b_valid:
            diff.append(i)
            continue
        if not a.valid:
            ok = True
        elif a.extra.get("yakuman"):  # they report yakuman as 13 han per yakuman
            ok = a.payments[c.seat] == b.cost["total"] and b.han == 13 * a.extra["yakuman"]
        else:
            ok = (a.han, a.payments[c.seat]) == (b.han, b.cost["total"]) and (
                a.limit is not None or a.fu == b.fu
            )
        if ok:
            same += 1
        else:
            diff.append(i)
    return same, both_valid, diff


def breakdown(items: list[Case], rules: str, repeat: int) -> None:
    """Per-hand µs of the parts of one ``score`` call (process time, best of ``repeat``).

    The table-driven search (``fast.score_best``) on arguments normalised in advance, the
    result building (``_finish``) on its answer, and the rest of ``score`` (argument checks
    and normalisation, the call itself) as the difference; parsing apart.
    """
    ruleset = load_ruleset(rules)
    o = ruleset.options
    texts = [c.text for c in items]
    parsed, _ = prepare_ours(items, rules)
    args = [
        (
            c.tsumo,
            27 + WINDS.index(c.seat),
            27 + WINDS.index(c.round),
            frozenset((("riichi",) if c.riichi else ()) + c.flags),
            (Tile(c.dora),),
            (Tile(c.ura),),
            c.honba,
            o.yakuman_stack,
            o.kiriage,
            o.kazoe,
            o.two_yaku_at_five_counters,
            c.seat,
        )
        for c in items
    ]
    sits = [
        {
            "honba": c.honba,
            **({} if c.tsumo else {"discarder": WINDS[(WINDS.index(c.seat) + 2) % 4]}),
        }
        for c in items
    ]
    resolvers = ruleset._resolvers
    best: dict[str, float] = {}

    def clock(name: str, fn: Callable[[], Any]) -> Any:
        t0 = time.process_time()
        out = fn()
        best[name] = min(best.get(name, float("inf")), time.process_time() - t0)
        return out

    for _ in range(repeat):
        hands = clock("parse_hand", lambda: [parse_hand(t) for t in texts])
        parsed()
        best["score"] = min(best.get("score", float("inf")), parsed.seconds)  # type: ignore[attr-defined]
        found = clock(
            "search",
            lambda hands=hands: [
                fast.score_best(h, resolvers, *a) for h, a in zip(hands, args, strict=True)
            ],
        )
        clock(
            "result",
            lambda found=found: [
                ruleset._finish(b, s, ()) for b, s in zip(found, sits, strict=True) if b
            ],
        )
    n = len(items)
    us = {k: 1e6 * v / n for k, v in best.items()}
    rest = us["score"] - us["search"] - us["result"]
    print(
        f"per hand (µs, best of {repeat}): score {us['score']:.1f} = table-driven search "
        f"{us['search']:.1f} + result {us['result']:.1f} + arguments/checks {rest:.1f}; "
        f"parse_hand {us['parse_hand']:.1f}"
    )


def suit_table() -> tuple[int, int]:
    """Entries and approximate size in bytes of the riichi scorer's per-suit table."""
    seen: set[int] = set()
    size = 0
    stack: list[Any] = [fast._TABLE]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        size += sys.getsizeof(obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, tuple):
            stack.extend(obj)
    return len(fast._TABLE), size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rules", default="riichi-tenhou")
    ap.add_argument("--show", type=int, default=0, help="print this many mismatching hands")
    ap.add_argument("--breakdown", action="store_true", help="per-hand µs of the score parts")
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
    rust = prepare_riichienv(items)
    best = {"ours": float("inf"), "text": float("inf"), "theirs": float("inf"), "rust": 1e9}
    our_results: list[Any] = []
    their_results: list[Any] = []
    rust_results: list[Any] = []
    first = 0.0
    for k in range(args.repeat):  # interleaved, best of each: the machine may be shared
        our_results = parsed()
        if k == 0:  # the per-suit table fills as suits are first met (once per process)
            first = parsed.seconds  # type: ignore[attr-defined]
        best["ours"] = min(best["ours"], parsed.seconds)  # type: ignore[attr-defined]
        from_text()
        best["text"] = min(best["text"], from_text.seconds)  # type: ignore[attr-defined]
        if theirs is not None:
            their_results = theirs()
            best["theirs"] = min(best["theirs"], theirs.seconds)  # type: ignore[attr-defined]
        if rust is not None:
            rust_results = rust()
            best["rust"] = min(best["rust"], rust.seconds)  # type: ignore[attr-defined]
    n = len(items)
    ours = n / best["ours"]
    print(
        f"muraglia {args.rules}: {ours:,.0f} hands/s ({1e6 / ours:.1f} µs/hand; "
        f"{n / best['text']:,.0f} /s incl. parsing)"
    )
    if args.breakdown:
        breakdown(items, args.rules, args.repeat)
    entries, size = suit_table()
    print(
        f"  first pass {n / first:,.0f} hands/s (per-suit table filled on the way: "
        f"{entries:,} entries, ~{size / 1e6:.1f} MB)"
    )
    if rust is None:
        print("riichienv (PyPI) not installed: pip install riichienv  — comparison skipped")
    else:
        rrate = n / best["rust"]
        same, both = compare_riichienv(our_results, rust_results)
        print(
            f"riichienv HandEvaluator (Rust): {rrate:,.0f} hands/s ({1e6 / rrate:.1f} µs/hand); "
            f"ratio muraglia/riichienv: {ours / rrate:.2f}x; same validity, han and fu on "
            f"{same}/{n} hands ({both} valid in both)"
        )
    if theirs is None:
        print("mahjong (PyPI) not installed: pip install mahjong  — comparison skipped")
        return
    rate = n / best["theirs"]
    print(f"mahjong HandCalculator: {rate:,.0f} hands/s ({1e6 / rate:.1f} µs/hand)")
    print(f"ratio muraglia/mahjong: {ours / rate:.2f}x")
    same, both_valid, diff = compare(items, our_results, their_results)
    print(f"agreement: {same}/{len(items)} hands identical ({both_valid} valid in both)")
    for i in diff[: args.show]:
        a, b = our_results[i], their_results[i]
        c = items[i]
        print(
            f"  {c.text} {'tsumo' if c.tsumo else 'ron'} seat {c.seat} round {c.round} "
            f"riichi={c.riichi} {c.flags} honba {c.honba} dora-ind {Tile(c.dora).notation} "
            f"ura-ind {Tile(c.ura).notation}: ours {a.valid} {a.han}/{a.fu} "
            f"{a.value} {sorted(a.ids)}; theirs {b.error} {b.han}/{b.fu} "
            f"{b.cost and b.cost['total']} {b.yaku}"
        )


if __name__ == "__main__":
    main()
