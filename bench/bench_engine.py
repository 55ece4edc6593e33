"""Engine benchmark: deals (and matches) per second on one core with a trivial agent.

Command: ``python bench/bench_engine.py [--matches 50] [--seed 1] [--rules fimj,ravenna,...]
[--riichienv] [--repeat 3] [--bots efficiency]``.

``--bots NAME`` plays every seat with that bot instead (the path of ``muraglia simulate``:
:func:`~muraglia.players.simulate.play_match`, no record written), so that the figure
includes the win checks, legal actions and bot decisions of real play; the last column is
riichi-ema's median deals/s over the runner's (issue 19's target: at most 1.5).

The agent is as cheap as possible so that the time measured is the engine's: it wins whenever
it may, otherwise passes every claim and discards the first tile it is offered (so nothing in
it depends on scoring or analysis). Matches are seeded (seed, seed + 1, ...); the shanten tables
are loaded before timing. Reported: matches/s, deals/s and actions/s (process time, one core).
A ``riichi-ema`` or ``riichi-tenhou`` match is a half-game (East and South rounds).

``--riichienv`` adds the same trivial agent on PyPI's ``riichienv`` (a Rust engine; optional,
not a dependency) playing half-games (``GameType.YON_HANCHAN``). Engines are compared per
deal, not per match (a riichi-ema half-game has about 8 deals with this agent, a riichienv one
about 12): a riichienv deal is counted at each change of (round wind, hand, counters). The
runners are interleaved round by round in this process (``--repeat`` rounds, each on the same
seeds), after a warm-up match per runner on other seeds; min and median deals/s are reported.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import time
from collections.abc import Callable
from typing import Any

from muraglia.analysis import shanten
from muraglia.engine import Game
from muraglia.engine.actions import Action, Discard, Pass, Win
from muraglia.rulesets import load_ruleset

DEFAULT = "fimj(tournament=true),ravenna,seipalle(tournament=true),riichi-ema,riichi-tenhou,mcr"


def trivial(legal: list[Action]) -> Action:
    """Win if possible, else pass a claim, else the first discard, else the first action."""
    for a in legal:
        if isinstance(a, Win):
            return a
    for a in legal:
        if isinstance(a, Pass):
            return a
    for a in legal:
        if isinstance(a, Discard) and not a.riichi:
            return a
    return legal[0]


def bench(spec: str, matches: int, seed: int) -> dict[str, float]:
    """Play ``matches`` matches of ``spec``; rates in process time."""
    ruleset = load_ruleset(spec)
    deals = actions = 0
    start = time.process_time()
    for s in range(seed, seed + matches):
        match = Game(ruleset, seed=s).new_match()
        while not match.over:
            seat = match.to_act[0]
            match.apply(trivial(match.legal_actions(seat)))
            actions += 1
        deals += match.deals_played
    seconds = time.process_time() - start
    return {
        "matches_per_s": matches / seconds,
        "deals_per_s": deals / seconds,
        "actions_per_s": actions / seconds,
        "deals_per_match": deals / matches,
    }


def bench_bots(spec: str, matches: int, seed: int, bot: str) -> dict[str, float]:
    """``matches`` matches of ``spec`` with four ``bot`` players (the simulate worker's path).

    :func:`muraglia.players.simulate.play_match` with no record written: engine, legal
    actions, the bots' decisions and the deal settlements, as ``muraglia simulate`` runs them.
    """
    from muraglia.players.simulate import play_match

    deals = decisions = 0
    start = time.process_time()
    for s in range(seed, seed + matches):
        out = play_match(spec, [bot] * 4, s)
        if out["error"]:
            raise SystemExit(f"{spec} seed {s}: {out['error']}")
        deals += out["deals"]
        decisions += sum(out["decisions"])
    seconds = time.process_time() - start
    return {
        "matches_per_s": matches / seconds,
        "deals_per_s": deals / seconds,
        "actions_per_s": decisions / seconds,
        "deals_per_match": deals / matches,
    }


def bench_riichienv(matches: int, seed: int) -> dict[str, float] | None:
    """Half-games of PyPI ``riichienv`` with the same trivial agent; None if not installed."""
    try:
        from riichienv import ActionType, RiichiEnv
    except ImportError:
        return None
    wins = {ActionType.TSUMO, ActionType.RON}

    def pick(legal: list[Any]) -> Any:
        for kinds in (wins, {ActionType.PASS}, {ActionType.DISCARD}):
            for a in legal:
                if a.action_type in kinds:
                    return a
        return legal[0]

    actions = deals = 0
    start = time.process_time()
    for s in range(seed, seed + matches):
        env = RiichiEnv(game_mode=2, seed=s, skip_mjai_logging=True)  # YON_HANCHAN
        obs = env.reset()
        deal = (env.round_wind, env.kyoku_idx, env.honba)
        deals += 1
        while not env.done():
            step = {pid: pick(o.legal_actions()) for pid, o in obs.items()}
            actions += len(step)
            obs = env.step(step)
            now = (env.round_wind, env.kyoku_idx, env.honba)
            if now != deal and not env.done():
                deal = now
                deals += 1
    seconds = time.process_time() - start
    return {
        "matches_per_s": matches / seconds,
        "deals_per_s": deals / seconds,
        "actions_per_s": actions / seconds,
        "deals_per_match": deals / matches,
    }


def main() -> None:
    """Run the benchmark: one line per runner, deals/s min and median over the rounds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=DEFAULT)
    parser.add_argument("--riichienv", action="store_true", help="also time PyPI riichienv")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved rounds")
    parser.add_argument(
        "--bots",
        metavar="NAME",
        help="four bots of this kind (e.g. efficiency) instead of the trivial agent",
    )
    args = parser.parse_args()
    shanten.shanten_all([0] * 34)  # load the tables outside the timing
    specs = re.split(r",(?![^()]*\))", args.rules)  # commas outside parentheses
    runners: dict[str, Callable[[int, int], dict[str, float] | None]] = {
        spec: (lambda m, s, spec=spec: bench(spec, m, s))  # type: ignore[misc]
        for spec in specs
    }
    if args.bots:
        runners = {
            f"{spec} [{args.bots}]": (
                lambda m, s, spec=spec: bench_bots(spec, m, s, args.bots)  # type: ignore[misc]
            )
            for spec in specs
        }
    if args.riichienv:
        runners["riichienv (half-games, Rust)"] = bench_riichienv
    print(
        f"python {platform.python_version()} on {platform.machine()}, load average "
        f"{os.getloadavg()[0]:.2f}, {args.matches} matches x {args.repeat} interleaved rounds, "
        f"agent: {args.bots or 'trivial'}"
    )
    results: dict[str, list[dict[str, float]]] = {name: [] for name in runners}
    for name, run in list(runners.items()):  # warm-up on other seeds
        if run(1, args.seed + 10_000) is None:
            print(f"{name}: not installed (pip install riichienv)")
            del runners[name], results[name]
    for _ in range(args.repeat):
        for name, run in runners.items():
            r = run(args.matches, args.seed)
            assert r is not None
            results[name].append(r)
    print(
        f"{'runner':30} {'deals/s min':>11} {'median':>8} {'matches/s median':>17} "
        f"{'deals/match':>12} {'actions/deal':>13}"
    )
    base = next((rs for name, rs in results.items() if name.startswith("riichi-ema")), None)
    for name, rs in results.items():
        deals = [r["deals_per_s"] for r in rs]
        ratio = ""
        if base is not None:  # riichi-ema's median deals/s over this runner's (the target)
            ema = statistics.median(r["deals_per_s"] for r in base)
            ratio = f"  riichi-ema ×{ema / statistics.median(deals):.2f}"
        print(
            f"{name:30} {min(deals):11.1f} {statistics.median(deals):8.1f} "
            f"{statistics.median(r['matches_per_s'] for r in rs):17.2f} "
            f"{rs[0]['deals_per_match']:12.1f} "
            f"{rs[0]['actions_per_s'] / rs[0]['deals_per_s']:13.1f}{ratio}"
        )


if __name__ == "__main__":
    main()
