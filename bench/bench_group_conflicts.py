"""Team-mates and club-mates seated together by ``seating.generate`` (issue: perfect designs).

Players n = 1..N, team (n − 1) % T, club (n − 1) % C (the tester's 20-player event: T = 5,
C = 4). Counted independently of the generator's own metric: pairs of team-mates and pairs
of club-mates at one table, repeats (Σ max(0, m − 1)), wind deviation, seconds.

    python bench/bench_group_conflicts.py [--players 20 --sessions 4 --teams 5 --clubs 4]
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter

from muraglia.tournament import seating


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=20)
    ap.add_argument("--sessions", type=int, default=4)
    ap.add_argument("--teams", type=int, default=5)
    ap.add_argument("--clubs", type=int, default=4)
    ap.add_argument("--seeds", type=int, default=10)
    a = ap.parse_args()
    players = list(range(1, a.players + 1))
    team = {p: f"T{(p - 1) % a.teams}" for p in players}
    club = {p: f"C{(p - 1) % a.clubs}" for p in players}
    # what the service passes: both labels where the generator takes several, else the team
    several = hasattr(seating, "Groups")
    groups = {p: frozenset({team[p], club[p]}) for p in players} if several else team
    totals: Counter[str] = Counter()
    for seed in range(1, a.seeds + 1):
        t0 = time.perf_counter()
        plan = seating.generate(
            players,
            a.sessions,
            seed=seed,
            allow_three=True,
            groups=groups,  # type: ignore[arg-type]
        )
        secs = time.perf_counter() - t0
        seating.validate(plan, players, allow_three=True)
        meets: Counter[tuple[int, int]] = Counter()
        same_team = same_club = 0
        for session in plan:
            for table in session:
                for x, y in itertools.combinations(sorted(table), 2):
                    meets[x, y] += 1
                    same_team += team[x] == team[y]
                    same_club += club[x] == club[y]
        repeats = sum(max(0, m - 1) for m in meets.values())
        dev = seating.metrics(plan)["wind_deviation"]
        print(
            f"seed {seed:2}: team-mates {same_team:3}  club-mates {same_club:3}  "
            f"repeats {repeats:3}  wind deviation {dev}  {secs:.2f}s"
        )
        totals.update(team=same_team, club=same_club, repeats=repeats)
    k = a.seeds
    print(
        f"mean: team-mates {totals['team'] / k:.1f}  club-mates {totals['club'] / k:.1f}  "
        f"repeats {totals['repeats'] / k:.1f}"
    )


if __name__ == "__main__":
    main()
