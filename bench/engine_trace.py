"""A digest of everything the engine offers and does over seeded matches: proof of identical play.

Command: ``python bench/engine_trace.py [--matches 6] [--seed 1] [--rules R1,R2,...]
[--agent random|trivial|efficiency]``. For each ruleset, plays ``--matches`` seeded matches and
hashes (SHA-256), at every decision, the seats to act and each one's legal actions in order
(``Action.line()``), the action chosen, and at the end every event of the match
(``Event.line()``) and the final scores. Prints one line per ruleset: the digest, the
decisions and the deals. Two source trees play identically on these seeds exactly when the
digests are equal: ``tests/engine/test_engine_trace.py`` checks one match per ruleset and
agent against ``tests/data/engine_trace.json``; ``bench/results/engine_trace.jsonl`` holds the
digests of ``main`` at ``1320797`` (before the engine's speed work of issue 19) for the
default rulesets with ``--matches 6 --agent random``, ``--matches 4 --agent trivial`` and
``--matches 2 --agent efficiency``.

``random`` chooses uniformly among the legal actions with a seeded generator (calls, kongs,
riichi, wins: every kind of action is taken); ``trivial`` is ``bench_engine``'s agent;
``efficiency`` is the bot of that name (the simulate path: its decisions hash too).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
from typing import Any

from muraglia.engine import Game
from muraglia.engine.actions import Action, Discard, Pass, Win
from muraglia.rulesets import load_ruleset

DEFAULT = "riichi-ema,riichi-tenhou,mcr,fimj(tournament=true),ravenna,seipalle(tournament=true)"


def _trivial(legal: list[Action]) -> Action:
    for kind in (Win, Pass):
        for a in legal:
            if isinstance(a, kind):
                return a
    return next((a for a in legal if isinstance(a, Discard) and not a.riichi), legal[0])


def trace(spec: str, matches: int, seed: int, agent: str) -> dict[str, Any]:
    """The digest of ``matches`` seeded matches of ``spec`` played by ``agent``."""
    ruleset = load_ruleset(spec)
    digest = hashlib.sha256()
    decisions = deals = 0
    for s in range(seed, seed + matches):
        if agent == "efficiency":  # the simulate path: the record holds every decision
            from muraglia.players.simulate import play_match

            out = play_match(spec, ["efficiency"] * 4, s, keep_record=True)
            if out["error"]:
                raise SystemExit(f"{spec} seed {s}: {out['error']}")
            digest.update(str(out["record"]).encode())
            decisions += sum(out["decisions"])
            deals += int(out["deals"])
            continue
        match = Game(ruleset, seed=s).new_match()
        rng = random.Random(s)
        while not match.over:
            seats = match.to_act
            digest.update(repr(seats).encode())
            seat = seats[0]
            legal = match.legal_actions(seat)
            digest.update("|".join(a.line() for a in legal).encode())
            action = legal[rng.randrange(len(legal))] if agent == "random" else _trivial(legal)
            digest.update(action.line().encode())
            match.apply(action)
            decisions += 1
        digest.update("\n".join(e.line() for e in match.events).encode())
        digest.update(repr(match.scores).encode())
        deals += match.deals_played
    return {
        "rules": spec,
        "agent": agent,
        "seed": seed,
        "matches": matches,
        "decisions": decisions,
        "deals": deals,
        "sha256": digest.hexdigest(),
    }


def main() -> None:
    """Print one JSON line per ruleset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=DEFAULT)
    parser.add_argument("--agent", choices=("random", "trivial", "efficiency"), default="random")
    args = parser.parse_args()
    for spec in re.split(r",(?![^()]*\))", args.rules):
        print(json.dumps(trace(spec, args.matches, args.seed, args.agent)), flush=True)


if __name__ == "__main__":
    main()
