"""Fit the expert's read of the waits to the ready hands it meets (issue 20).

The danger model's :func:`~muraglia.players.danger.wait_danger` counts the wait shapes a
ready seat may hold; :func:`~muraglia.players.danger.wait_features` adds what the shape count
does not see (the order of the seat's discards and which left from the hand, dora, the kind
of tile, the seat's suits, suji, the unseen copies). This script plays seeded matches of the
expert against a field and, at a share of the expert's turns, takes every opponent whose
hidden hand is ready (shanten 0, read from the full deal: the truth the bot never sees),
the kinds that would complete it (its waits) and the features of every kind the shape
count does not rule out; then fits a logistic model (the intercept and one coefficient per
feature, Newton's method with a small ridge), scored by its log-loss on the held-out fifth
of the matches against the shape count as it is and recalibrated. The coefficients it
prints are what a profile's ``expert_wait_fit`` holds::

    python bench/wait_fit.py --rules seipalle --field defensive --matches 300 --workers 2

Pure Python (no numpy): the command above took about four minutes on two cores.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import TOURNAMENT

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.game import Game
from muraglia.engine.views import view_of
from muraglia.players import make_bot
from muraglia.players.base import Table
from muraglia.players.danger import WAIT_FEATURES, wait_danger, wait_features
from muraglia.players.defensive import DefensiveBot
from muraglia.players.simulate import match_seed
from muraglia.rulesets import ruleset_for
from muraglia.tiles import COPIES, NUM_KINDS

Sample = tuple[int, tuple[float, ...]]

MAX_MATCHES = 2000
"""At most this many matches (about 500 samples each, held in memory: some 400 MB)."""


def waits_of(counts: list[int], melds: int) -> set[int]:
    """The kinds that complete the ready ``counts``."""
    out = set()
    for k in range(NUM_KINDS):
        if counts[k] < COPIES:
            counts[k] += 1
            if shanten_all(counts, melds) < 0:
                out.add(k)
            counts[k] -= 1
    return out


def collect(job: tuple[str, str, str, int], index: int, share: float) -> list[Sample]:
    """The samples of match ``index`` of ``job`` (rules, hero, field, seed; the hero at
    seat ``index % 4``)."""
    rules, hero, field, seed = job
    ruleset = ruleset_for(TOURNAMENT.get(rules, rules))
    game_seed = match_seed(seed, index)
    seat_of_hero = index % 4
    names = [field] * 4
    names[seat_of_hero] = hero
    bots = [make_bot(n, ruleset, seed=game_seed * 8 + s) for s, n in enumerate(names)]
    me = bots[seat_of_hero]
    assert isinstance(me, DefensiveBot)
    traits = me.danger_traits()
    traits = replace(traits, wait_fit=())  # the shape count as the bot reads it, unfitted
    rng = random.Random(game_seed)
    match = Game(ruleset, seed=game_seed).new_match()
    out: list[Sample] = []
    while not match.over:
        seat = match.to_act[0]
        view = view_of(match.deal, seat, match)
        legal = match.legal_actions(seat)
        if seat == seat_of_hero and view.phase == "act" and rng.random() < share:
            t = Table.of(view)
            unseen = [t.unseen(k) for k in range(NUM_KINDS)]
            for s in range(len(view.discards)):
                if s == seat or (view.status and view.status[s] in ("out", "cannot_win")):
                    continue
                other = Table.of(view_of(match.deal, s, match))
                if shanten_all(other.counts, other.own_melds) > 0:
                    continue
                waits = waits_of(other.counts, other.own_melds)
                danger = wait_danger(t, s, traits, unseen)
                for k, f in enumerate(wait_features(t, s, danger, unseen)):
                    if danger[k] > 0 and unseen[k] > 0:
                        out.append((int(k in waits), f))
        match.apply(bots[seat].choose(view, legal))
    return out


def fit(samples: list[Sample], ridge: float = 1e-3, rounds: int = 12) -> list[float]:
    """Logistic regression by Newton's method: the intercept, then one coefficient each."""
    n = len(samples[0][1]) + 1
    w = [0.0] * n
    for _ in range(rounds):
        grad = [ridge * x for x in w]
        hess = [[ridge * (i == j) for j in range(n)] for i in range(n)]
        for y, f in samples:
            x = (1.0, *f)
            z = sum(a * b for a, b in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(min(z, 30.0), -30.0)))
            r = p * (1 - p)
            for i in range(n):
                xi = x[i]
                grad[i] += (p - y) * xi
                row = hess[i]
                rxi = r * xi
                for j in range(i, n):
                    row[j] += rxi * x[j]
        for i in range(n):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def log_loss(samples: list[Sample], w: list[float] | None) -> float:
    """Mean log-loss of ``w`` (None: the shape count itself, its first feature's odds)."""
    total = 0.0
    for y, f in samples:
        z = f[0] if w is None else sum(a * b for a, b in zip(w, (1.0, *f), strict=False))
        p = min(max(1 / (1 + math.exp(-max(min(z, 30.0), -30.0))), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(len(samples), 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="seipalle")
    ap.add_argument("--hero", default="expert")
    ap.add_argument("--field", default="defensive")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--share", type=float, default=0.5, help="share of the hero's turns read")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    cores = os.cpu_count() or 1
    if not 5 <= args.matches <= MAX_MATCHES:
        ap.error(f"--matches must be between 5 and {MAX_MATCHES} (the samples are held in memory)")
    if not 0 < args.share <= 1:
        ap.error("--share must be in (0, 1]")
    if not 1 <= args.workers <= cores:
        ap.error(f"--workers must be between 1 and {cores} (this machine's cores)")
    indices = range(args.start, args.start + args.matches)
    job = (args.rules, args.hero, args.field, args.seed)
    train: list[Sample] = []
    test: list[Sample] = []
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(collect, job, i, args.share) for i in indices]
        for i, fut in zip(indices, futures, strict=True):
            (test if i % 5 == 0 else train).extend(fut.result())
    waits = sum(y for y, _ in train + test)
    print(f"{len(train) + len(test)} samples ({waits} waits), held out {len(test)}")
    base = fit([(y, f[:1]) for y, f in train])
    full = fit(train)
    print(f"held-out log-loss: shape count {log_loss(test, None):.4f}", end="")
    print(f", recalibrated {log_loss([(y, f[:1]) for y, f in test], base):.4f}", end="")
    print(f", fitted {log_loss(test, full):.4f}")
    for name, c in zip(("intercept", *WAIT_FEATURES), full, strict=True):
        print(f"  {name:15s} {c:+.3f}")
    every = fit(train + test)
    print("expert_wait_fit=(" + ", ".join(f"{c:.3f}" for c in every) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
