"""Record round-trip soak (issue 16): seeded riichi games through tenhou.net/6 JSON and mjai.

Command: ``python bench/soak_records.py --rules riichi-tenhou --matches 1000 [--start 0]
[--out FILE]`` (run from the repository root: it plays with the agents of ``tests/engine``).

Each seed plays one complete match (greedy agents on even seeds, random legal actions on odd
seeds, as ``bench/soak.py``). Its record is exported to tenhou.net/6 JSON
(:func:`muraglia.io.tenhou6.to_tenhou6`, through JSON text) and to mjai
(:func:`muraglia.io.mjai.mjai_of`, through JSON Lines text); each is imported and replayed
through the engine by :func:`muraglia.io.tenhou_replay.check_record`, which compares every
draw, call, riichi, indicator, win, draw kind, flag-derived score, score change, next deal and
the match end with the record. A deal that differs, or a match that fails, is counted and kept
(up to 20) with its seed; the run goes on. One JSON summary line (commit, seed range, deals,
hands checked per format, mismatches, CPU seconds) is printed and appended to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.engine.test_fuzz_flows import play  # noqa: E402

from muraglia.io.mjai import mjai_of, parse_mjai  # noqa: E402
from muraglia.io.record import record_of  # noqa: E402
from muraglia.io.tenhou import parse_tenhou6  # noqa: E402
from muraglia.io.tenhou6 import to_tenhou6  # noqa: E402
from muraglia.io.tenhou_replay import HandCheck, check_record  # noqa: E402


def commit() -> str:
    """The checked-out commit (``unknown`` outside git)."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def soak(spec: str, start: int, matches: int, every: int) -> dict[str, object]:
    """Round-trip seeds ``start .. start + matches - 1`` of ``spec``; the tally and failures."""
    tally: Counter[str] = Counter()
    failures: list[dict[str, object]] = []
    t0 = time.process_time()
    for i, seed in enumerate(range(start, start + matches), 1):
        try:
            match = play(spec, seed, tally)
            tally["deals"] += match.deals_played
            tenhou6 = json.dumps(to_tenhou6(record_of(match)), ensure_ascii=False)
            mjai = "\n".join(json.dumps(m, ensure_ascii=False) for m in mjai_of(match))
            for fmt, record in (
                ("tenhou6", parse_tenhou6(tenhou6, f"{seed}.json")),
                ("mjai", parse_mjai(mjai, f"{seed}.mjson")),
            ):
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
                f"{spec}: {i}/{matches} matches, {tally['deals']} deals, {tally['errors']} errors,"
                f" {time.process_time() - t0:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    mismatched = sum(tally[f"{f}_hands"] - tally[f"{f}_matched"] for f in ("tenhou6", "mjai"))
    return {
        "rules": spec,
        "commit": commit(),
        "seeds": [start, start + matches - 1],
        "matches": matches,
        "deals": tally["deals"],
        "tenhou6_hands": tally["tenhou6_hands"],
        "tenhou6_matched": tally["tenhou6_matched"],
        "mjai_hands": tally["mjai_hands"],
        "mjai_matched": tally["mjai_matched"],
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
    args = ap.parse_args()
    if args.matches < 1:
        ap.error("--matches must be at least 1")
    summary = soak(args.rules, args.start, args.matches, args.every)
    line = json.dumps(summary, ensure_ascii=False)
    print(line)
    if args.out:
        with args.out.open("a", encoding="utf-8") as fh:
            fh.write(line + "\n")
    sys.exit(1 if summary["errors"] or summary["mismatched"] else 0)


if __name__ == "__main__":
    main()
