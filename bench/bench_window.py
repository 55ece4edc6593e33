"""What the submission window of ``simulate``'s pool costs in throughput.

Command: ``python bench/bench_window.py [--matches 200] [--workers 2] [RULES ...]``
(default rulesets: ravenna, riichi-ema, fimj(tournament=true)).

Wall-clock runs with 1 and 2 workers on a shared machine vary by ±15 % from round to round,
more than any effect of the window, so this measures it exactly instead: each match of four
efficiency bots (``match_seed(1, i)``) is timed in process time, one after the other, and the
local pool's schedule is replayed on those times with the pool's rules (at most
``IN_FLIGHT_PER_WORKER`` matches per worker submitted, each free worker taking the oldest
submitted one), once without a window and once with it (``holds_back``): the difference in
the time the last match ends is what the window costs.
"""

from __future__ import annotations

import argparse
import heapq
import time
from collections.abc import Sequence

from muraglia.players.simulate import (
    IN_FLIGHT_PER_WORKER,
    holds_back,
    match_seed,
    play_match,
)


def match_times(spec: str, matches: int) -> list[float]:
    """Process seconds of each of ``matches`` seeded matches of four efficiency bots."""
    out = []
    for i in range(matches):
        start = time.process_time()
        play_match(spec, ["efficiency"] * 4, match_seed(1, i))
        out.append(time.process_time() - start)
    return out


def makespan(times: Sequence[float], workers: int, windowed: bool) -> float:
    """When the last match ends, the pool's rules replayed on ``times`` (with the window or not).

    A first match twenty times as long as the forty after it holds the submissions back
    once the other worker is ``WINDOW_PER_WORKER`` (8) per worker ahead of it:

    >>> slow = [20.0] + [1.0] * 40
    >>> makespan(slow, 2, False), makespan(slow, 2, True), makespan([1.0] * 4, 2, False)
    (30.0, 32.0, 2.0)
    """
    cap = IN_FLIGHT_PER_WORKER * workers
    pending: set[int] = set()
    queue: list[int] = []
    nxt = 0
    now = 0.0

    def submit() -> None:
        nonlocal nxt
        while nxt < len(times) and len(pending) < cap:
            if windowed and holds_back(nxt - 1, pending, workers):
                return  # the pool submits a match only while the last is within the window
            pending.add(nxt)
            queue.append(nxt)
            nxt += 1

    submit()
    busy: list[tuple[float, int]] = []
    while pending:
        while queue and len(busy) < workers:
            i = queue.pop(0)
            heapq.heappush(busy, (now + times[i], i))
        now, i = heapq.heappop(busy)
        pending.discard(i)
        submit()
    return now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "rules", nargs="*", default=["ravenna", "riichi-ema", "fimj(tournament=true)"]
    )
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print("| ruleset | matches | slowest / median match | no window (s) | window (s) | cost |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for spec in args.rules:
        times = match_times(spec, args.matches)
        plain = makespan(times, args.workers, False)
        windowed = makespan(times, args.workers, True)
        ratio = max(times) / sorted(times)[len(times) // 2]
        print(
            f"| {spec} | {len(times)} | {ratio:.2f} | {plain:.2f} | {windowed:.2f} | "
            f"{100 * (windowed / plain - 1):+.2f} % |"
        )


if __name__ == "__main__":
    main()
