"""Check ``muraglia mjai-bot`` against the engine: seeded full riichi matches through mjai.

Command: ``python bench/check_mjai_bot.py [--games 20] [--seed 0] [--rules riichi-ema]
[--bots mjai:efficiency,random,mjai:random,defensive]``.

A seat named ``mjai:BOT`` is our ``BOT`` behind the mjai protocol, played exactly as
``--bot-cmd`` plays an external process (:class:`MjaiProcessPlayer`: the seat's mjai stream,
every answer checked against the engine's legal actions) but with the mjai bot in this process,
so that many matches run fast. Prints each failing match's error and the totals; exit code 1 if
any match failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from muraglia.cli.mjai_bot import MjaiPlayer
from muraglia.engine.game import Game
from muraglia.engine.views import view_of
from muraglia.errors import MahjongError
from muraglia.players import Player, make_bot
from muraglia.players.external import MjaiProcessPlayer
from muraglia.players.simulate import match_seed
from muraglia.rulesets import load_ruleset


class InProcess(MjaiProcessPlayer):
    """:class:`MjaiProcessPlayer` talking to a :class:`MjaiPlayer` in this process."""

    def __init__(self, rules: str, bot: str, seed: int) -> None:
        super().__init__(sys.executable)
        self.inner = MjaiPlayer(rules, bot, seed)
        self.name = f"mjai:{bot}"

    def _spawn(self) -> None:
        pass

    def _exchange(self, msg: dict[str, Any]) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(
            json.dumps(self.inner.answer(json.loads(json.dumps(msg))))
        )
        return reply

    def close(self, *, finish: bool = True) -> None:
        if finish:
            self._flush()


def play(rules: str, bots: list[str], seed: int) -> tuple[int, str | None]:
    ruleset = load_ruleset(rules)
    players: list[Player] = []
    for s, name in enumerate(bots):
        bot_seed = seed * 8 + s
        if name.startswith("mjai:"):
            players.append(InProcess(rules, name[5:], bot_seed))
        else:
            players.append(make_bot(name, ruleset, seed=bot_seed))
    match = Game(ruleset, seed=seed).new_match()
    for s, p in enumerate(players):
        if isinstance(p, InProcess):
            p.attach(match, s)
    try:
        while not match.over:
            seat = match.to_act[0]
            action = players[seat].choose(
                view_of(match.deal, seat, match), match.legal_actions(seat)
            )
            match.apply(action)
        for p in players:
            if isinstance(p, InProcess):
                p.close()
    except MahjongError as exc:
        return match.deals_played, f"{type(exc).__name__}: {exc}"
    return match.deals_played, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="riichi-ema")
    parser.add_argument("--bots", default="mjai:efficiency,random,mjai:random,defensive")
    args = parser.parse_args()
    bots = args.bots.split(",")
    start = time.perf_counter()
    deals = errors = 0
    for i in range(args.games):
        seed = match_seed(args.seed, i)
        n, error = play(args.rules, bots, seed)
        deals += n
        if error is not None:
            errors += 1
            print(f"seed {seed}: {error}")
    print(
        f"{args.rules} {','.join(bots)}: {args.games} matches, {deals} deals, {errors} errors, "
        f"{time.perf_counter() - start:.1f} s"
    )
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
