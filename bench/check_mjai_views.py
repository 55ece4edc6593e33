"""Every seat's view of real games: can the mjai bot name the hidden tiles at every message?

Command: ``python bench/check_mjai_views.py [PATH ...] [--engine N]`` (default: the bundled
Tenhou corpus ``tests/data/tenhou``; run from the repository root).

Each complete round of each record is replayed through the engine and written as mjai; each
seat's view of it (``?`` for the others' tiles, :func:`muraglia.players.external.seat_view`) is
cut after every message up to the round's end, and :func:`muraglia.io.mjai.fill_hidden` names
its hidden tiles, as ``muraglia mjai-bot`` does before each decision. With ``--engine N`` every
N-th prefix (and the last) is also rebuilt in the engine (:func:`muraglia.io.tenhou_replay.resume`
of the named deal, the bot's ``table``), which must reproduce every recorded step. Prints each
view that fails (record, round, seat, message, error) and one JSON summary line; exit code 1 if
any failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from muraglia.errors import MahjongError  # noqa: E402
from muraglia.io.mjai import fill_hidden, mjai_round, to_mjai  # noqa: E402
from muraglia.io.tenhou_replay import load_record, record_paths, resume, rules_for  # noqa: E402
from muraglia.players.external import seat_view  # noqa: E402
from muraglia.rulesets import load_ruleset  # noqa: E402

_ENDS = ("hora", "ryukyoku", "end_kyoku")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="*", default=[str(ROOT / "tests" / "data" / "tenhou")])
    ap.add_argument("--engine", type=int, default=0, help="rebuild every N-th prefix (0: none)")
    args = ap.parse_args()
    t0 = time.process_time()
    views = prefixes = rebuilt = 0
    failed: list[dict[str, object]] = []
    for path in record_paths(args.paths):
        record = load_record(path)
        rules = load_ruleset(rules_for(record))
        red = record.header.red_fives
        for rnd in record.rounds:
            if not rnd.complete:
                continue
            match = resume(rnd, rules, red_fives=red)
            kyoku = [
                m
                for m in to_mjai(match.events, scores=rnd.init.scores)
                if m["type"] not in ("start_game", "end_game")
            ]
            for seat in range(4):
                view = list(seat_view(kyoku, seat))
                end = next((i for i, m in enumerate(view) if m["type"] in _ENDS), len(view))
                views += 1
                for n in range(1, end + 1):
                    prefixes += 1
                    try:
                        filled = fill_hidden(view[:n], red_fives=red)
                        if args.engine and (n % args.engine == 0 or n == end):
                            rebuilt += 1
                            resume(mjai_round(filled), rules, red_fives=red)
                    except MahjongError as exc:
                        item = {
                            "record": path.name,
                            "round": rnd.init.name,
                            "seat": seat,
                            "message": n - 1,
                            "error": str(exc),
                        }
                        failed.append(item)
                        print(json.dumps({**item, "at": view[n - 1]}), flush=True)
                        break
    summary = {
        "views": views,
        "prefixes": prefixes,
        "rebuilt": rebuilt,
        "failed": len(failed),
        "cpu_seconds": round(time.process_time() - t0, 1),
    }
    print(json.dumps(summary))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
