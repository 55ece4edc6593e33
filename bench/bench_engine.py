"""Engine benchmark: deals (and matches) per second on one core with a trivial agent.

Command: ``python bench/bench_engine.py [--matches 50] [--seed 1] [--rules fimj,ravenna,...]
[--riichienv] [--libriichi] [--repeat 3] [--bots efficiency]``.

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

``--libriichi`` adds Mortal's engine as PyPI ``mjai`` ships it (``mjai.mlibriichi``, Rust;
optional, not a dependency; ``pip install --target DIR mjai loguru`` and ``DIR`` after ``src``
on ``PYTHONPATH``): its arena (``Match(log_dir=None).py_match``) plays Tenhou-style hanchan in
this process, calling four Python agents (:class:`_LibriichiAgent`) with each state in which a
seat may act; their mjai JSON answers are part of the time, as :func:`trivial` is part of ours.
The agent is the trivial one: win whenever allowed, pass every claim, otherwise discard the
lowest kind (the same tile :func:`trivial` picks; a tsumogiri agent plays other deals). It
differs in what it is asked: libriichi asks a seat whenever it could act (a ron, a call or a
discard), passes included, as our engine does; ``agent calls/deal`` says how many per deal
for every runner (riichienv asks every seat with legal actions, passes included), and
``deals/match`` how long the matches are. A libriichi deal is counted at each ``end_kyoku``.
A runner whose package is not importable is skipped with one line saying so.
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
    """Win if possible, else pass a claim, else the first discard, else the first action.

    One pass over the actions (a win comes first in the engine's lists; the choice is the same
    as three passes looking for a win, then a pass, then a discard without riichi).
    """
    passing = discard = None
    for a in legal:
        kind = type(a)
        if kind is Win:
            return a
        if kind is Pass:
            passing = passing or a
        elif kind is Discard and discard is None and not a.riichi:  # type: ignore[attr-defined]
            discard = a
    return passing or discard or legal[0]


def _rates(matches: int, deals: int, actions: int, seconds: float) -> dict[str, float]:
    """A run's figures: matches, deals and actions per second of process time."""
    return {
        "matches_per_s": matches / seconds,
        "deals_per_s": deals / seconds,
        "actions_per_s": actions / seconds,
        "deals_per_match": deals / matches,
    }


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
    return _rates(matches, deals, actions, time.process_time() - start)


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
    return _rates(matches, deals, decisions, time.process_time() - start)


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
    return _rates(matches, deals, actions, time.process_time() - start)


_MJAI_NAMES = (
    *(f"{r}{suit}" for suit in "mps" for r in range(1, 10)),
    *"ESWNPFC",
)
"""mjai tile names by kind (the order of muraglia's kinds and of libriichi's ``tehai``)."""


class _LibriichiAgent:
    """The trivial agent for libriichi's arena: one mjai JSON reaction per game state.

    Win whenever allowed (tsumo, then ron), pass every claim (``none``), otherwise discard the
    lowest kind in hand: as :func:`trivial`, whose first offered discard is the lowest kind, the
    plain five when a red one is held beside a plain one and the red five when it is the only
    five (a libriichi state counts the red five in ``tehai`` and flags it in ``akas_in_hand``).
    """

    engine_type = "mjai-log"  # the arena's protocol: react_batch over game states

    def __init__(self, seat: int) -> None:
        self.name = str(seat)
        self.player_ids = [seat]
        self.deals = 0
        self.calls = 0

    def set_player_ids(self, ids: list[int]) -> None:
        self.player_ids = ids

    def react_batch(self, game_states: list[Any]) -> list[str]:
        out = []
        for gs in game_states:
            me = self.player_ids[gs.game_index]
            st = gs.state
            can = st.last_cans
            self.calls += 1
            if can.can_tsumo_agari:
                pai = st.last_self_tsumo()
                out.append(f'{{"type":"hora","actor":{me},"target":{me},"pai":"{pai}"}}')
            elif can.can_ron_agari:
                pai, target = st.last_kawa_tile(), can.target_actor
                out.append(f'{{"type":"hora","actor":{me},"target":{target},"pai":"{pai}"}}')
            elif can.can_discard:
                tehai = st.tehai
                kind = next(k for k, n in enumerate(tehai) if n)
                pai = _MJAI_NAMES[kind]
                if pai[0] == "5" and tehai[kind] == 1 and st.akas_in_hand["mps".index(pai[1])]:
                    pai += "r"
                tsumogiri = "true" if pai == st.last_self_tsumo() else "false"
                out.append(f'{{"type":"dahai","actor":{me},"pai":"{pai}","tsumogiri":{tsumogiri}}}')
            else:
                out.append('{"type":"none"}')
        return out

    def start_game(self, game: int) -> None:
        pass

    def end_kyoku(self, game: int) -> None:
        self.deals += 1

    def end_game(self, game: int, scores: list[int]) -> None:
        pass


def bench_libriichi(matches: int, seed: int) -> dict[str, float] | None:
    """Hanchan of Mortal's ``libriichi`` (PyPI ``mjai``'s arena) with the trivial agent.

    None if ``mjai`` is not importable. The arena (``mjai.mlibriichi.arena.Match``) runs in
    this process and calls the four Python agents for every state in which a seat may act;
    the time includes the agents, as :func:`bench` includes :func:`trivial`.
    """
    try:
        from mjai.mlibriichi.arena import Match
    except ImportError:
        return None
    deals = calls = 0
    start = time.process_time()
    for s in range(seed, seed + matches):
        agents = [_LibriichiAgent(i) for i in range(4)]
        Match(log_dir=None).py_match(*agents, seed_start=(s, 1))
        deals += agents[0].deals
        calls += sum(a.calls for a in agents)
    return _rates(matches, deals, calls, time.process_time() - start)


def main() -> None:
    """Run the benchmark: one line per runner, deals/s min and median over the rounds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=DEFAULT)
    parser.add_argument("--riichienv", action="store_true", help="also time PyPI riichienv")
    parser.add_argument(
        "--libriichi", action="store_true", help="also time Mortal's libriichi (PyPI mjai)"
    )
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
    if args.libriichi:
        runners["libriichi (hanchan, Rust)"] = bench_libriichi
    print(
        f"python {platform.python_version()} on {platform.machine()}, load average "
        f"{os.getloadavg()[0]:.2f}, {args.matches} matches x {args.repeat} interleaved rounds, "
        f"agent: {args.bots or 'trivial'}"
    )
    results: dict[str, list[dict[str, float]]] = {name: [] for name in runners}
    install: dict[Callable[[int, int], dict[str, float] | None], str] = {
        bench_riichienv: "riichienv",
        bench_libriichi: "mjai",
    }
    for name, run in list(runners.items()):  # warm-up on other seeds
        if run(1, args.seed + 10_000) is None:
            print(f"{name}: skipped, not importable (pip install {install.get(run, '?')})")
            del runners[name], results[name]
    for _ in range(args.repeat):
        for name, run in runners.items():
            r = run(args.matches, args.seed)
            assert r is not None
            results[name].append(r)
    print(
        f"{'runner':30} {'deals/s min':>11} {'median':>8} {'matches/s median':>17} "
        f"{'deals/match':>12} {'agent calls/deal':>17}"
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
            f"{rs[0]['actions_per_s'] / rs[0]['deals_per_s']:17.1f}{ratio}"
        )


if __name__ == "__main__":
    main()
