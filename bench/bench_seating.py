"""Tournament benchmarks: seating, standings recomputation, score-entry throughput.

- ``seating``: 200 players × 10 sessions (the design library + annealing, winds, validator)
  and, interleaved in the same process as the peer, the same size with club constraints
  (8 clubs of 25: the annealing must work) and pure annealing from a random start
  (``design`` disabled); wall time per plan and its repeats.
- ``standings``: an event of 200 players × 10 sessions with every table entered; the
  standings recomputed from the database (median of ``--repeat`` runs), SQLite and, when
  ``--pg URL`` is given, PostgreSQL interleaved.
- ``entry``: score entries per second (one transaction each: read the table, check,
  optimistic lock, store results and audit), totals and 8-hand FIMJ sheets, interleaved.
- ``--table``: the seating quality table of docs/tournament.md (16–200 players, 4–10
  sessions).

    python bench/bench_seating.py [--repeat 5] [--pg postgresql+psycopg://...] [--table]
                                  [--only seating|standings|entry]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

from sqlalchemy.orm import Session as DbSession

from muraglia.db import make_engine, migrate
from muraglia.tournament import seating, service

FIMJ_DEAL = {
    "winners": ["S"],
    "discarder": "W",
    "hands": {
        "E": "999s 999p 5m 67m 678s 1z",
        "S": "678p33p [555s] 777z [234m] 2f +6p",
        "W": "123456789m 1234z",
        "N": "888m 222s 345p 6s 19p 3z",
    },
}


def bench_seating() -> None:
    players = list(range(1, 201))
    clubs = {p: f"club{p % 8}" for p in players}
    runs = [
        ("design + annealing", {}, None),
        ("with 8 clubs of 25", {"groups": clubs}, None),
        ("annealing only (no design)", {}, "nodesign"),
    ]
    print("## seating 200 players x 10 sessions (wall seconds, one core)")
    for name, kw, flag in runs:
        t0 = time.perf_counter()
        if flag == "nodesign":
            with mock.patch.object(seating, "design", return_value=None):
                plan = seating.generate(players, 10, seed=1, **kw)  # type: ignore[arg-type]
        else:
            plan = seating.generate(players, 10, seed=1, **kw)  # type: ignore[arg-type]
        seating.validate(plan, players)
        dt = time.perf_counter() - t0
        m = seating.metrics(plan, groups=clubs)
        print(
            f"{name:<30} {dt:7.2f} s  repeats {m['repeats']} (bound {m['lower_bound']}), "
            f"max meetings {m['max_meetings']}, club conflicts {m['group_conflicts']}, "
            f"wind deviation {m['wind_deviation']}"
        )


def _event(url: str, n: int = 200, sessions: int = 10) -> int:
    engine = make_engine(url)
    migrate(engine)
    with DbSession(engine) as db, db.begin():
        event = service.create_event(db, "Bench", rules="fimj(tournament=true)", sessions=sessions)
        service.import_players(db, event, "name\n" + "".join(f"P{i}\n" for i in range(1, n + 1)))
        service.seat_event(db, event, seed=1)
        event_id = event.id
    k = 0
    for s in range(1, sessions + 1):
        for t in range(1, n // 4 + 1):
            k += 1
            with DbSession(engine) as db, db.begin():
                e = service.get_event(db, event_id)
                totals = {
                    "E": 10 * (k % 9),
                    "S": -10 * (k % 5),
                    "W": 10 * (k % 5) - 10 * (k % 9),
                    "N": 0,
                }
                service.enter_results(db, e, s, t, totals=totals)
    engine.dispose()
    return event_id


def bench_standings(urls: dict[str, str], repeat: int) -> None:
    print("## standings recomputation, 200 players x 10 sessions (ms, median)")
    engines = {}
    for name, url in urls.items():
        event_id = _event(url)
        engines[name] = (make_engine(url), event_id)
    times: dict[str, list[float]] = {name: [] for name in engines}
    for _ in range(repeat):
        for name, (engine, event_id) in engines.items():  # interleaved
            with DbSession(engine) as db:
                t0 = time.perf_counter()
                lines = service.standings(db, service.get_event(db, event_id))
                times[name].append(time.perf_counter() - t0)
                assert len(lines) == 200
    for name, ts in times.items():
        print(f"{name:<12} {1000 * statistics.median(ts):7.1f} ms (best {1000 * min(ts):.1f})")
    for engine, _ in engines.values():
        engine.dispose()


def bench_entry(urls: dict[str, str], repeat: int) -> None:
    print("## score entry (entries per second; one transaction each)")
    engines = {}
    for name, url in urls.items():
        engine = make_engine(url)
        migrate(engine)
        with DbSession(engine) as db, db.begin():
            event = service.create_event(db, "Entry", rules="fimj(tournament=true)", sessions=1)
            service.import_players(db, event, "name\n" + "".join(f"P{i}\n" for i in range(1, 41)))
            service.seat_event(db, event, seed=1, iterations=1000)
            engines[name] = (engine, event.id)
    for kind in ("totals", "8-hand sheet"):
        rates: dict[str, list[float]] = {name: [] for name in engines}
        for _ in range(repeat):
            for name, (engine, event_id) in engines.items():
                t0 = time.perf_counter()
                count = 0
                for t in range(1, 11):
                    with DbSession(engine) as db, db.begin():
                        e = service.get_event(db, event_id)
                        if kind == "totals":
                            service.enter_results(
                                db, e, 1, t, totals={"E": 30, "S": -10, "W": -10, "N": -10}
                            )
                        else:
                            service.enter_results(db, e, 1, t, hands=[FIMJ_DEAL] * 8)
                    count += 1
                rates[name].append(count / (time.perf_counter() - t0))
        for name, rs in rates.items():
            print(f"{kind:<14} {name:<12} {statistics.median(rs):7.1f} entries/s")
    for engine, _ in engines.values():
        engine.dispose()


def quality_table() -> None:
    sizes = [16, 24, 32, 40, 64, 120, 200]
    print("| players | " + " | ".join(f"{r} sessions" for r in range(4, 11)) + " |")
    print("|---|" + "---|" * 7)
    for n in sizes:
        cells = []
        for r in range(4, 11):
            players = list(range(1, n + 1))
            t0 = time.perf_counter()
            plan = seating.generate(players, r, seed=1)
            dt = time.perf_counter() - t0
            seating.validate(plan, players)
            m = seating.metrics(plan)
            design = "D" if seating.design(n, r) is not None else ""
            cells.append(
                f"{m['repeats']}/{m['lower_bound']} m{m['max_meetings']} "
                f"w{m['wind_deviation']:g} {dt:.1f}s{(' ' + design) if design else ''}"
            )
            print(f"  {n} x {r}: {cells[-1]}", file=sys.stderr, flush=True)
        print(f"| {n} | " + " | ".join(cells) + " |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--pg", help="also time a PostgreSQL database (an empty database URL)")
    ap.add_argument("--table", action="store_true", help="print the seating quality table")
    ap.add_argument("--only", choices=["seating", "standings", "entry"], help="one benchmark")
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    if args.table:
        quality_table()
        return
    if args.only in (None, "seating"):
        bench_seating()
    with tempfile.TemporaryDirectory() as tmp:
        urls = {"sqlite": f"sqlite:///{Path(tmp) / 'bench.db'}"}
        if args.pg:
            urls["postgresql"] = args.pg
        if args.only in (None, "standings"):
            bench_standings(urls, args.repeat)
        urls = {"sqlite": f"sqlite:///{Path(tmp) / 'entry.db'}"}
        if args.pg:
            urls["postgresql"] = args.pg
        if args.only in (None, "entry"):
            bench_entry(urls, args.repeat)


if __name__ == "__main__":
    main()
