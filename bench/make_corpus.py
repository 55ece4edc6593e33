"""Build the project-made record corpus ``tests/data/muraglia`` (issue 16).

Command: ``python bench/make_corpus.py [--seeds 400] [--out tests/data/muraglia]`` (from the
repository root; deterministic: the same files every run).

Two sources, every game written as tenhou.net/6 JSON with Japanese names (``tenhou6/``) and
the same with English names (``tenhou6-en/``), the scripted deals and the seeded games below
seed 10 also as mjai (``mjai/``, compact JSON Lines):

Every game is also written as Tenhou mjlog XML (``mjlog/``, :func:`muraglia.io.mjlog.to_mjlog`).
``--rewrite`` writes the games already in the folder again (every format) without scanning.

* seeded matches of ``riichi-tenhou`` and ``riichi-ema`` (the agents of ``tests/engine``),
  scanning seeds in order and keeping a match when it shows something no kept match shows
  (a call kind, source or marker position, a red five in a call, an ending, a yaku);
* scripted single deals on dictated walls for what seeded play almost never shows: four
  winds, four riichi (all double riichi), a triple ron (Tenhou's abortive draw, and a real
  triple ron under ``riichi-ema``), a double ron, four kongs by two players, and one deal per
  yaku seeded play does not reach (``yaku-*``: the winner's hand is dealt, the engine offers
  the win and scores it).

``README.md`` there lists the files and what each shows (from ``tests/io/corpus_features.py``,
the same code the corpus test uses).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.test_fuzz_flows import play  # noqa: E402
from tests.io.corpus_features import REQUIRED, record_features, text_features  # noqa: E402

from muraglia.engine import Game, MatchState  # noqa: E402
from muraglia.engine.actions import (  # noqa: E402
    Action,
    AddedKong,
    ConcealedKong,
    Discard,
    Pass,
    Pung,
    Win,
)
from muraglia.io.mjai import mjai_of  # noqa: E402
from muraglia.io.mjlog import to_mjlog  # noqa: E402
from muraglia.io.record import record_of  # noqa: E402
from muraglia.io.tenhou import parse_tenhou6  # noqa: E402
from muraglia.io.tenhou6 import to_tenhou6  # noqa: E402
from muraglia.notation import parse_tiles  # noqa: E402
from muraglia.rulesets import load_ruleset  # noqa: E402


def _pool() -> list[str]:
    """Every tile of the riichi set in notation, one red five per suit (``0m 0p 0s``)."""
    out = []
    for s in "mps":
        for r in range(1, 10):
            out += [f"{r}{s}"] * 4
            if r == 5:
                out[-1] = f"0{s}"
    for z in range(1, 8):
        out += [f"{z}z"] * 4
    return out


def dictated(hands: dict[int, str], draws: str = "", dead: str = "") -> tuple[list[str], list[str]]:
    """(live, dead) notation lists: ``hands`` by seat (the dealer seat 0 has 14) dealt through
    the riichi deal plan, then ``draws``; the dead wall starts with ``dead`` (the replacement
    tiles); the rest of the set after them in set order."""
    pool = _pool()
    want = {s: [t.notation for t in parse_tiles(h)] for s, h in hands.items()}
    first_dead = [t.notation for t in parse_tiles(dead)] if dead else []
    used = [t for ts in want.values() for t in ts] + [t.notation for t in parse_tiles(draws)]
    used += first_dead
    for t in used:
        pool.remove(t)
    for s in range(4):  # complete the hands from the pool's far end (honours last)
        while len(want.setdefault(s, [])) < (14 if s == 0 else 13):
            want[s].append(pool.pop())
    plan = Game(load_ruleset("riichi-tenhou")).flow.table.deal_plan
    queues = {s: list(ts) for s, ts in want.items()}
    live = [queues[off].pop(0) for off in plan]
    live += [t.notation for t in parse_tiles(draws)]
    cut = 14 - len(first_dead)
    return live + pool[cut:], first_dead + pool[:cut]


def scripted(
    spec: str,
    hands: dict[int, str],
    draws: str,
    script: Callable[[MatchState, int], Action],
    dead: str = "",
) -> MatchState:
    """One deal on a dictated wall, each decision from ``script`` (bounded)."""
    live, dead_wall = dictated(hands, draws, dead)
    game = Game(
        load_ruleset(spec),
        seed=0,
        max_deals=1,
        walls=((tuple(parse_tiles("".join(live))), tuple(parse_tiles("".join(dead_wall)))),),
    )
    match = game.new_match()
    for _ in range(400):
        if match.over:
            return match
        seat = match.to_act[0]
        match.apply(script(match, seat))
    raise RuntimeError(f"scripted deal under {spec} did not end")


def _first_turn_discard(tiles: Sequence[str]) -> Callable[[MatchState, int], Action]:
    """Each seat's first discard from ``tiles`` (riichi when legal), then tsumogiri; pass."""

    def script(match: MatchState, seat: int) -> Action:
        legal = match.legal_actions(seat)
        deal = match.deal
        if deal.phase.value != "act":
            wins = [a for a in legal if isinstance(a, Win)]
            return wins[0] if wins else Pass(seat)
        if not deal.discards[seat]:
            tile = parse_tiles(tiles[seat])[0].kind
            riichi = Discard(seat, tile, riichi=True)
            return riichi if riichi in legal else Discard(seat, tile)
        return next(a for a in legal if isinstance(a, Discard))

    return script


def _winners(seats: set[int], first: str) -> Callable[[MatchState, int], Action]:
    """Seat 0 discards ``first``; ``seats`` win on it, others pass."""

    def script(match: MatchState, seat: int) -> Action:
        legal = match.legal_actions(seat)
        if match.deal.phase.value != "act":
            return Win(seat) if seat in seats and Win(seat) in legal else Pass(seat)
        return Discard(seat, parse_tiles(first)[0].kind)

    return script


def _rinshan(match: MatchState, seat: int) -> Action:
    """Seat 0 declares its concealed kong and wins on the replacement tile."""
    legal = match.legal_actions(seat)
    for kind in (Win, ConcealedKong):
        found = [a for a in legal if isinstance(a, kind)]
        if found and seat == 0:
            return found[0]
    if match.deal.phase.value != "act":
        return Pass(seat)
    return next(a for a in legal if isinstance(a, Discard))


def _chankan(match: MatchState, seat: int) -> Action:
    """Seat 0 discards 9p, seat 1 pungs it and later adds the kong, seat 2 robs it."""
    legal = match.legal_actions(seat)
    deal = match.deal
    if deal.phase.value == "rob":
        return Win(seat) if Win(seat) in legal else Pass(seat)
    if deal.phase.value != "act":
        pung = [a for a in legal if isinstance(a, Pung)]
        return pung[0] if seat == 1 and pung else Pass(seat)
    added = [a for a in legal if isinstance(a, AddedKong)]
    if added:
        return added[0]
    if seat == 0 and not deal.discards[0]:
        return Discard(0, parse_tiles("9p")[0].kind)
    if deal.drawn is None:  # after the pung: the honour
        return Discard(seat, parse_tiles("1z")[0].kind)
    return Discard(seat, deal.drawn)


def _kongs(match: MatchState, seat: int) -> Action:
    legal = match.legal_actions(seat)
    kongs = [a for a in legal if isinstance(a, ConcealedKong)]
    if kongs:
        return kongs[0]
    if match.deal.phase.value != "act":
        return Pass(seat)
    return next(a for a in legal if isinstance(a, Discard))


def _yaku(winner: int, first: str = "") -> Callable[[MatchState, int], Action]:
    """``winner`` wins as soon as the engine lets it (declaring every concealed kong first);
    seat 0 discards ``first`` as its first discard; every other discard is the drawn tile."""

    def script(match: MatchState, seat: int) -> Action:
        legal = match.legal_actions(seat)
        deal = match.deal
        if seat == winner:
            for kind in (Win, ConcealedKong):
                found = [a for a in legal if isinstance(a, kind)]
                if found:
                    return found[0]
        if deal.phase.value != "act":
            return Pass(seat)
        if seat == 0 and first and not deal.discards[0]:
            return Discard(0, parse_tiles(first)[0].kind)
        if deal.drawn is not None and Discard(seat, deal.drawn) in legal:
            return Discard(seat, deal.drawn)
        return next(a for a in legal if isinstance(a, Discard))

    return script


YAKU_DEALS: dict[str, tuple[dict[int, str], str, str, int, str]] = {
    # name: (hands by seat, live draws, replacement tiles, winner, seat 0's first discard);
    # the engine decides every win and scores it
    "triple-pung": ({0: "5z", 1: "111m111p111s234p5z"}, "", "", 1, "5z"),
    "three-kongs": ({0: "1111m2222m3333m45p"}, "", "6p9s9s", 0, ""),
    "little-three-dragons": ({0: "6m", 1: "555z666z77z123m45m"}, "", "", 1, "6m"),
    "all-terminals-and-honours": ({0: "9m", 1: "111m999p111s11z99m"}, "", "", 1, "9m"),
    "twice-pure-double-chow": ({0: "7z", 1: "112233m445566p7z"}, "", "", 1, "7z"),
    "full-flush": ({0: "5m", 1: "123456789m22m34m"}, "", "", 1, "5m"),
    "big-three-dragons": ({0: "7z", 1: "555z666z77z123m44m"}, "", "", 1, "7z"),
    "blessing-of-heaven": ({0: "123m456m789m123p55p"}, "", "", 0, ""),
    "blessing-of-earth": ({0: "1z", 1: "123m456m789m123p5p"}, "5p", "", 1, "1z"),
    "four-concealed-pungs": ({0: "1z", 1: "111m333p555s77z88s"}, "2z3z4z6z7z", "", 1, "1z"),
    "four-concealed-pungs-single": ({0: "7z", 1: "111m333p555s888s7z"}, "", "", 1, "7z"),
    "all-honours": ({0: "7z", 1: "111z222z555z66z77z"}, "", "", 1, "7z"),
    "all-green": ({0: "6z", 1: "234s234s666s888s6z"}, "", "", 1, "6z"),
    "all-terminals": ({0: "1s", 1: "111m999m111p999p1s"}, "", "", 1, "1s"),
    "nine-gates": ({0: "2m", 1: "1113455678999m"}, "", "", 1, "2m"),
    "nine-gates-9": ({0: "5m", 1: "1112345678999m"}, "", "", 1, "5m"),
    "thirteen-orphans-13": ({0: "1m", 1: "19m19p19s1234567z"}, "", "", 1, "1m"),
    "big-four-winds": ({0: "4z", 1: "111z222z333z44z99m"}, "", "", 1, "4z"),
    "little-four-winds": ({0: "3m", 1: "111z222z333z44z12m"}, "", "", 1, "3m"),
    "four-kongs-one-player": ({0: "1111m2222m4444m99p"}, "", "9p9p9s9s", 0, ""),
}
"""Single deals for the yaku seeded play almost never reaches (``yaku-`` files)."""


SCRIPTS: dict[str, Callable[[], MatchState]] = {
    "four-winds": lambda: scripted(
        "riichi-tenhou",
        {0: "1z123m456p789s", 1: "1z234m567p", 2: "1z345m678p", 3: "1z456m789p"},
        "9m9p9s",
        _first_turn_discard(["1z", "1z", "1z", "1z"]),
    ),
    "four-riichi": lambda: scripted(
        "riichi-tenhou",
        {
            0: "123456789m1123p9s",
            1: "123456789s2256p",
            2: "111222333z4478p",
            3: "555666777z8899p",
        },
        "9m1m2m",
        _first_turn_discard(["9s", "9m", "1m", "2m"]),
    ),
    "triple-ron-abort": lambda: scripted(
        "riichi-tenhou",
        {
            0: "5p222777888p11s23s",
            1: "123456789m1146p",
            2: "555z123789s99m46p",
            3: "666z456s11z333m46p",
        },
        "",
        _winners({1, 2, 3}, "5p"),
    ),
    "triple-ron-ema": lambda: scripted(
        "riichi-ema",
        {
            0: "5p222777888p11s23s",
            1: "123456789m1146p",
            2: "555z123789s99m46p",
            3: "666z456s11z333m46p",
        },
        "",
        _winners({1, 2, 3}, "5p"),
    ),
    "double-ron": lambda: scripted(
        "riichi-tenhou",
        {
            0: "5p222777888p11s23s",
            1: "123456789m1146p",
            2: "555z123789s99m46p",
            3: "666z456s11z333m46p",
        },
        "",
        _winners({1, 3}, "5p"),
    ),
    "rinshan": lambda: scripted(
        "riichi-tenhou", {0: "1111m234567p789s5s"}, "", _rinshan, dead="5s"
    ),
    "chankan": lambda: scripted(
        "riichi-tenhou",
        {0: "9p123m456m789m1122s", 1: "99p1z234s567s888s", 2: "555z123m456m11s78p"},
        "3z4z2z9p",
        _chankan,
    ),
    "four-kongs": lambda: scripted(
        "riichi-tenhou",
        {0: "1111m2222m567p789s", 1: "3333m4444m678s9p"},
        "1z2z6z",
        _kongs,
    ),
}


MJAI_SEEDS = 10
"""Seeded games below this seed are written as mjai too (every scripted deal is)."""


def write(out: Path, name: str, match: MatchState) -> set[str]:
    """Write one game in every format; the features its tenhou.net/6 file shows."""
    record = record_of(match)
    features: set[str] = set()
    (out / "mjlog").mkdir(parents=True, exist_ok=True)
    (out / "mjlog" / f"{name}.mjlog").write_text(to_mjlog(record) + "\n", encoding="utf-8")
    for folder, lang in (("tenhou6", "ja"), ("tenhou6-en", "en")):
        text = json.dumps(to_tenhou6(record, lang=lang), ensure_ascii=False)
        (out / folder).mkdir(parents=True, exist_ok=True)
        (out / folder / f"{name}.json").write_text(text + "\n", encoding="utf-8")
        if lang == "ja":
            features = record_features(parse_tenhou6(text, name)) | text_features(text)
    seed = name.rsplit("-", 1)[-1]
    if seed.isdigit() and int(seed) >= MJAI_SEEDS:
        return features  # mjai for the scripted deals and the first seeds only (size)
    (out / "mjai").mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in mjai_of(match)]
    (out / "mjai" / f"{name}.mjson").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return features


def remake(name: str) -> MatchState:
    """The game a corpus file ``name`` was made from (scripted, a yaku deal, or seeded)."""
    if name in SCRIPTS:
        return SCRIPTS[name]()
    if name.startswith("yaku-"):
        hands, draws, dead, winner, first = YAKU_DEALS[name.removeprefix("yaku-")]
        return scripted("riichi-tenhou", hands, draws, _yaku(winner, first), dead=dead)
    spec, seed = name.rsplit("-", 1)
    return play(spec, int(seed), Counter())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=400, help="seeds scanned per ruleset")
    ap.add_argument("--out", type=Path, default=ROOT / "tests" / "data" / "muraglia")
    ap.add_argument("--clean", action="store_true", help="empty the folder first")
    ap.add_argument(
        "--rewrite", action="store_true", help="write the folder's games again, scan nothing"
    )
    args = ap.parse_args()
    out: Path = args.out
    if args.rewrite:
        for path in sorted((out / "tenhou6").glob("*.json")):
            write(out, path.stem, remake(path.stem))
        args.seeds = 0
    elif args.clean:
        for old in out.glob("*/*.*"):
            old.unlink()
    kept: dict[str, set[str]] = {}
    seen: set[str] = set()
    for name, make in SCRIPTS.items() if not args.rewrite else ():
        feats = write(out, name, make())
        kept[name] = feats
        seen |= feats
    for name, (hands, draws, dead, winner, first) in YAKU_DEALS.items() if not args.rewrite else ():
        match = scripted("riichi-tenhou", hands, draws, _yaku(winner, first), dead=dead)
        kept[f"yaku-{name}"] = write(out, f"yaku-{name}", match)
        seen |= kept[f"yaku-{name}"]
    for spec in ("riichi-tenhou", "riichi-ema"):
        for seed in range(args.seeds):
            match = play(spec, seed, Counter())
            record = record_of(match)
            text = json.dumps(to_tenhou6(record), ensure_ascii=False)
            feats = record_features(parse_tenhou6(text, "scan")) | text_features(text)
            if feats - seen:
                name = f"{spec}-{seed}"
                kept[name] = write(out, name, match)
                seen |= feats
            if seed % 25 == 24:
                print(f"{spec}: seed {seed}, {len(kept)} games kept", file=sys.stderr, flush=True)
    kept = {}  # every game in the folder (earlier runs' included), read back from its file
    for path in sorted((out / "tenhou6").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        kept[path.stem] = record_features(parse_tenhou6(text, path.name)) | text_features(text)
    seen = set().union(*kept.values()) if kept else set()
    missing = sorted(REQUIRED - seen)
    lines = [
        "# The project-made record corpus (issue 16)",
        "",
        "Generated by `python bench/make_corpus.py --seeds 210` (deterministic). Every game is",
        "written as tenhou.net/6 JSON with Japanese names (`tenhou6/`) and the same game with",
        "English names (`tenhou6-en/`) and as Tenhou mjlog XML (`mjlog/`); the scripted deals",
        "and the seeded games below seed 10 also as mjai (`mjai/`); `muraglia replay --check",
        "tests/data/muraglia` replays all of them through the engine (tested, 100 %).",
        "",
        "| game | shows |",
        "|---|---|",
    ]
    for name, feats in kept.items():
        shown = ", ".join(sorted(f for f in feats if not f.startswith("yaku_")))
        yaku = sorted(int(f[5:]) for f in feats if f.startswith("yaku_"))
        lines.append(f"| `{name}` | {shown}; yaku ids {yaku} |")
    yaku_ids = sorted(int(f[5:]) for f in seen if f.startswith("yaku_"))
    lines += [
        "",
        f"Yaku shown: {len(yaku_ids)} of Tenhou's 55 ids ({yaku_ids}); every one of the 55 is",
        "read in both languages by `tests/io/test_tenhou6.py` (a test per name).",
        f"Not shown: {missing or 'nothing required is missing'}.",
        "",
    ]
    (out / "README.md").write_text("\n".join(lines), encoding="utf-8")
    print(json.dumps({"games": len(kept), "missing": missing, "yaku": len(yaku_ids)}))


if __name__ == "__main__":
    main()
