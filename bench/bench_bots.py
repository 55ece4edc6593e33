"""Decision time of the bots: the expert (issue 20: mean < 20 ms, p99 < 200 ms on one core).

Command::

    python bench/bench_bots.py [--rules fimj,ravenna,seipalle,riichi-ema,riichi-tenhou,mcr]
        [--games 2] [--seed 1] [--bots expert,defensive,efficiency]

For each ruleset, seeded matches are played (FIMJ and Seipalle with ``tournament=true``) by
four expert bots; at every decision with a real choice, every bot of ``--bots`` is asked
about the same view and legal actions, in an order that rotates per decision (so that no bot
always runs first with warmer caches), and each answer is timed with ``time.process_time``
(CPU time of this process: one core, whatever the load of the machine). Before timing, one
deal with another seed warms the shanten tables and the scorers' imports (never the timed
inputs). Printed per ruleset and bot: decisions, mean, p50, p99 and max in milliseconds.

A name ending in ``/shape`` is that bot reading the waits by the shape count alone (its
profile's fitted read, ``Profile.expert_wait_fit``, off): the peer of Seipalle's expert,
``--bots expert,expert/shape``.
"""

from __future__ import annotations

import argparse
import sys
import time

from muraglia.engine.game import Game
from muraglia.engine.views import view_of
from muraglia.players import DefensiveBot, Player, make_bot
from muraglia.rulesets import ruleset_for

SPECS = {"fimj": "fimj(tournament=true)", "seipalle": "seipalle(tournament=true)"}


def _make(name: str, ruleset: object, seed: int) -> Player:
    """The bot ``name`` (``NAME/shape``: without its fitted read of the waits)."""
    base, _, variant = name.partition("/")
    bot = make_bot(base, ruleset, seed=seed)
    if variant and variant != "shape":
        raise SystemExit(f"--bots: unknown variant {variant!r} of {base} (known: shape)")
    if variant:
        if not isinstance(bot, DefensiveBot):
            raise SystemExit(f"--bots: {base} has no read of the waits to turn off ({name})")
        bot.wait_fit = ()
    return bot


def _play(
    spec: str, names: list[str], seed: int, games: int, times: dict[str, list[float]]
) -> None:
    ruleset = ruleset_for(spec)
    for g in range(games):
        game_seed = seed * 1000 + g
        players = [make_bot("expert", ruleset, seed=game_seed + s) for s in range(4)]
        askers = {n: [_make(n, ruleset, game_seed + s) for s in range(4)] for n in names}
        match = Game(ruleset, seed=game_seed).new_match()
        turn = 0
        while not match.over:
            s = match.to_act[0]
            view, legal = view_of(match.deal, s, match), match.legal_actions(s)
            if len(legal) > 1:
                turn += 1
                order = names[turn % len(names) :] + names[: turn % len(names)]
                for n in order:
                    t0 = time.process_time()
                    askers[n][s].choose(view, legal)
                    times[n].append(time.process_time() - t0)
            match.apply(players[s].choose(view, legal))


def _pct(xs: list[float], q: float) -> float:
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="fimj,ravenna,seipalle,riichi-ema,riichi-tenhou,mcr")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="expert,defensive,efficiency")
    args = parser.parse_args()
    names = args.bots.split(",")
    print("| ruleset | bot | decisions | mean ms | p50 ms | p99 ms | max ms |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for rules in args.rules.split(","):
        spec = SPECS.get(rules, rules)
        ruleset = ruleset_for(spec)
        warm_match = Game(ruleset, seed=10**9 + args.seed, max_deals=1).new_match()
        bots = [make_bot("expert", ruleset, seed=s) for s in range(4)]
        while not warm_match.over:  # one deal of another seed: tables and scorer warm
            s = warm_match.to_act[0]
            warm_match.apply(
                bots[s].choose(view_of(warm_match.deal, s, warm_match), warm_match.legal_actions(s))
            )
        times: dict[str, list[float]] = {n: [] for n in names}
        _play(spec, names, args.seed, args.games, times)
        for n in names:
            xs = times[n]
            if not xs:
                continue
            ms = 1000.0
            print(
                f"| {spec} | {n} | {len(xs)} | {ms * sum(xs) / len(xs):.2f} | "
                f"{ms * _pct(xs, 0.5):.2f} | {ms * _pct(xs, 0.99):.2f} | {ms * max(xs):.2f} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
