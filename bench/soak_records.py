"""Record round-trip soak (issue 16): seeded riichi games through tenhou.net/6 JSON and mjai.

Command: ``python bench/soak_records.py --rules riichi-tenhou --matches 1000 [--start 0]
[--out FILE] [--export-replay] [--mjlog]`` (run from the repository root: it plays with the
agents of ``tests/engine``).

Each seed plays one complete match (greedy agents on even seeds, random legal actions on odd
seeds, the agents of ``tests/engine/test_fuzz_flows.py``; the deal invariants that fuzz test
checks after every action are not re-checked here). The match is exported to tenhou.net/6 JSON
while it is played (:class:`muraglia.io.tenhou6.Tenhou6Export`, the writer of
:func:`~muraglia.io.tenhou6.to_tenhou6`, through JSON text; ``--export-replay`` exports from
the finished record instead, replaying it) and to mjai (:func:`muraglia.io.mjai.mjai_of`,
through JSON Lines text), and with ``--mjlog`` to Tenhou mjlog XML too
(:class:`muraglia.io.mjlog.MjlogExport` while played, or :func:`~muraglia.io.mjlog.to_mjlog`
with ``--export-replay``); each is imported and replayed
through the engine by :func:`muraglia.io.tenhou_replay.check_record`, which compares every
draw, call, riichi, indicator, win, draw kind, flag-derived score, score change, next deal and
the match end with the record. A deal that differs, or a match that fails, is counted and kept
(up to 20) with its seed; the run goes on. One JSON summary line (commit, seed range, deals,
hands checked per format, mismatches, CPU seconds) is printed and appended to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))

from soak import commit  # noqa: E402  (bench/soak.py: the checked-out commit)
from tests.engine.helpers import choose  # noqa: E402
from tests.engine.test_fuzz_flows import greedy  # noqa: E402

from muraglia.engine import Game, MatchState  # noqa: E402
from muraglia.engine.events import RiichiAccepted, Won  # noqa: E402
from muraglia.io.mjai import mjai_of, parse_mjai  # noqa: E402
from muraglia.io.mjlog import MjlogExport, to_mjlog  # noqa: E402
from muraglia.io.record import record_of  # noqa: E402
from muraglia.io.tenhou import parse_mjlog, parse_tenhou6  # noqa: E402
from muraglia.io.tenhou6 import Tenhou6Export, to_tenhou6  # noqa: E402
from muraglia.io.tenhou_replay import HandCheck, check_record  # noqa: E402
from muraglia.rulesets import load_ruleset  # noqa: E402


def play(
    spec: str, seed: int, tally: Counter[str], mjlog: bool = False
) -> tuple[MatchState, Tenhou6Export, MjlogExport | None]:
    """One match of ``seed`` (the fuzz test's agents), exported to tenhou.net/6 (and to mjlog
    with ``mjlog``) as it goes."""
    rng = random.Random(seed ^ 0x5EED)
    match = Game(load_ruleset(spec), seed=seed).new_match()
    export = Tenhou6Export(match)
    xml = MjlogExport(match) if mjlog else None
    while not match.over:
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        action = greedy(rng, match, seat, legal) if seed % 2 == 0 else choose(rng, legal)
        events = match.apply(action)
        export.take(events)
        if xml is not None:
            xml.take(events)
        for e in events:
            if isinstance(e, Won):
                tally["winners"] += 1
            elif isinstance(e, RiichiAccepted):
                tally["riichi"] += 1
    return match, export, xml


def soak(
    spec: str,
    start: int,
    matches: int,
    every: int,
    *,
    export_replay: bool = False,
    seconds: float | None = None,
    mjlog: bool = False,
) -> dict[str, object]:
    """Round-trip seeds ``start .. start + matches - 1`` of ``spec``; the tally and failures.

    ``seconds``: stop after the match that passes this wall-clock budget (the summary says
    how many matches were played).
    """
    tally: Counter[str] = Counter()
    failures: list[dict[str, object]] = []
    t0 = time.process_time()
    deadline = None if seconds is None else time.monotonic() + seconds
    played = 0
    for i, seed in enumerate(range(start, start + matches), 1):
        if deadline is not None and time.monotonic() > deadline:
            break
        played = i
        try:
            match, export, xml = play(spec, seed, tally, mjlog)
            tally["deals"] += match.deals_played
            game = to_tenhou6(record_of(match)) if export_replay else export.game()
            tenhou6 = json.dumps(game, ensure_ascii=False)
            mjai = "\n".join(json.dumps(m, ensure_ascii=False) for m in mjai_of(match))
            records = [
                ("tenhou6", parse_tenhou6(tenhou6, f"{seed}.json")),
                ("mjai", parse_mjai(mjai, f"{seed}.mjson")),
            ]
            if xml is not None:
                text = to_mjlog(record_of(match)) if export_replay else xml.text()
                records.append(("mjlog", parse_mjlog(text, f"{seed}.mjlog")))
            for fmt, record in records:
                if len(record.rounds) != match.deals_played:
                    raise AssertionError(f"{fmt}: {len(record.rounds)} rounds")
                for check in check_record(record):
                    tally[f"{fmt}_hands"] += 1
                    if isinstance(check, HandCheck) and check.matched:
                        tally[f"{fmt}_matched"] += 1
                    elif len(failures) < 20:
                        item = check.to_dict() if isinstance(check, HandCheck) else dict(check)
                        failures.append({"seed": seed, "format": fmt, "hand": item})
        except Exception as exc:
            tally["errors"] += 1
            if len(failures) < 20:
                failures.append(
                    {"seed": seed, "error": repr(exc), "trace": traceback.format_exc(limit=6)}
                )
        if i % every == 0:
            print(
                f"{spec}: {i}/{matches} matches, {tally['deals']} deals,"
                f" {tally['tenhou6_matched']}/{tally['tenhou6_hands']} tenhou6 and"
                f" {tally['mjai_matched']}/{tally['mjai_hands']} mjai"
                + (f" and {tally['mjlog_matched']}/{tally['mjlog_hands']} mjlog" if mjlog else "")
                + " hands matched,"
                f" {tally['errors']} errors, {time.process_time() - t0:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    formats = ("tenhou6", "mjai", "mjlog") if mjlog else ("tenhou6", "mjai")
    mismatched = sum(tally[f"{f}_hands"] - tally[f"{f}_matched"] for f in formats)
    extra = {"mjlog_hands": tally["mjlog_hands"], "mjlog_matched": tally["mjlog_matched"]}
    return {
        "rules": spec,
        "commit": commit(),
        "export": "replayed record" if export_replay else "while played",
        "seeds": [start, start + played - 1],
        "matches": played,
        "asked": matches,
        "deals": tally["deals"],
        "tenhou6_hands": tally["tenhou6_hands"],
        "tenhou6_matched": tally["tenhou6_matched"],
        "mjai_hands": tally["mjai_hands"],
        "mjai_matched": tally["mjai_matched"],
        **(extra if mjlog else {}),
        "wins": tally["winners"],
        "riichi": tally["riichi"],
        "mismatched": mismatched,
        "errors": tally["errors"],
        "failures": failures,
        "cpu_seconds": round(time.process_time() - t0, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", required=True, choices=["riichi-ema", "riichi-tenhou"])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--every", type=int, default=100, help="progress line every N matches")
    ap.add_argument("--out", type=Path, help="append the JSON summary to this file")
    ap.add_argument(
        "--seconds", type=float, help="stop after this wall-clock budget (summary: matches done)"
    )
    ap.add_argument(
        "--export-replay",
        action="store_true",
        help="export tenhou.net/6 from the finished record (to_tenhou6), not while playing",
    )
    ap.add_argument("--mjlog", action="store_true", help="round-trip Tenhou mjlog XML too")
    args = ap.parse_args()
    if args.matches < 1:
        ap.error("--matches must be at least 1")
    summary = soak(
        args.rules,
        args.start,
        args.matches,
        args.every,
        export_replay=args.export_replay,
        seconds=args.seconds,
        mjlog=args.mjlog,
    )
    line = json.dumps(summary, ensure_ascii=False)
    print(line)
    if args.out:
        with args.out.open("a", encoding="utf-8") as fh:
            fh.write(line + "\n")
    sys.exit(1 if summary["errors"] or summary["mismatched"] else 0)


if __name__ == "__main__":
    main()
