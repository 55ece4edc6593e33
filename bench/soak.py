"""Engine soak: many seeded matches with every invariant checked after every action (issue 7).

Command: ``python bench/soak.py --rules riichi-ema --matches 10000 [--start 0] [--out FILE]``
(run from the repository root: it uses the agents and invariant checks of ``tests/engine``).

Each seed plays one complete match: greedy agents (win, riichi, sometimes call, else the
discard of least shanten) on even seeds, uniformly random legal actions on odd seeds. After every
action: tile conservation, hand sizes, non-empty legal actions for every seat to act, no legal
action for a seat not to act; after every deal the scores and the pot sum to zero. Every tenth
match's record is replayed (every twentieth through JSON) and must give identical events and
scores. A failing seed is recorded with its traceback and the run goes on.

A progress line goes to stderr every ``--every`` matches; the summary (one JSON object, with the
git commit and the seed range, so that runs can be added up) is printed and appended to
``--out`` when given.
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

from muraglia.io.record import dumps, loads, record_of, replay  # noqa: E402


def commit() -> str:
    """The checkout's commit (``unknown`` outside git)."""
    try:
        out = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def soak(spec: str, start: int, matches: int, every: int) -> dict[str, object]:
    """Play seeds ``start .. start + matches - 1`` of ``spec``; the tally and any failures."""
    tally: Counter[str] = Counter()
    errors: list[dict[str, object]] = []
    deals = 0
    t0 = time.process_time()
    for i, seed in enumerate(range(start, start + matches), 1):
        try:
            match = play(spec, seed, tally)
            assert match.over, "match not over"
            deals += match.deals_played
            if seed % 10 == 0:
                record = loads(dumps(match)) if seed % 20 == 0 else record_of(match)
                again = replay(record)
                assert again.scores == match.scores, "replayed scores differ"
                assert again.events == match.events, "replayed events differ"
        except Exception as exc:
            errors.append(
                {"seed": seed, "error": repr(exc), "trace": traceback.format_exc(limit=6)}
            )
        if i % every == 0:
            cpu = time.process_time() - t0
            print(
                f"{spec}: {i}/{matches} matches, {deals} deals, {len(errors)} errors, {cpu:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    return {
        "rules": spec,
        "commit": commit(),
        "seeds": [start, start + matches - 1],
        "matches": matches,
        "deals": deals,
        "wins": tally["winners"],
        "riichi": tally["riichi"],
        "endings": {k: v for k, v in sorted(tally.items()) if k not in ("winners", "riichi")},
        "errors": len(errors),
        "failures": errors[:20],
        "cpu_seconds": round(time.process_time() - t0, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", required=True, help="ruleset spec, e.g. 'fimj(tournament=true)'")
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--every", type=int, default=100, help="progress line every N matches")
    ap.add_argument("--out", type=Path, help="append the JSON summary to this file")
    args = ap.parse_args()
    if args.matches < 1:
        ap.error("--matches must be at least 1")
    summary = soak(args.rules, args.start, args.matches, args.every)
    line = json.dumps(summary)
    print(line)
    if args.out:
        with args.out.open("a", encoding="utf-8") as fh:
            fh.write(line + "\n")
    sys.exit(1 if summary["errors"] else 0)


if __name__ == "__main__":
    main()
