"""``muraglia mjai-bot``: one of our bots speaking the mjai protocol on stdin/stdout.

Each input line is one mjai JSON message (``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``,
``chi``, ``pon``, ``daiminkan``, ``kakan``, ``ankan``, ``dora``, ``reach``, ``reach_accepted``,
``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``); each gets exactly one JSON answer line:
``dahai``, ``reach``, ``hora``, ``pon``, ``chi`` or ``none``. :class:`MjaiPlayer` keeps its own
view of the table (hands, melds, discards, dora indicators, riichi) and lists the legal actions
itself, then asks the bot (:mod:`muraglia.players`) to choose one of them.

Scope (riichi only): a win is offered when the hand is complete and the ruleset's scorer says it
may be declared (a yaku, EMA-WIN-2; riichi passed as the ``riichi`` flag), a ron not on a tile of
the own discards (EMA-FURI); kongs are never declared (the answer to a kong chance is ``none``).

>>> p = MjaiPlayer("riichi-ema")
>>> p.answer({"type": "start_game", "id": 0})
{'type': 'none'}
>>> hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "P"]
>>> p.answer({"type": "start_kyoku", "bakaze": "E", "oya": 0, "dora_marker": "1s",
...           "tehais": [hand, ["?"] * 13, ["?"] * 13, ["?"] * 13]})
{'type': 'none'}
>>> p.answer({"type": "tsumo", "actor": 0, "pai": "E"})["type"]
'hora'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.actions import Action, Chow, Discard, Pass, Pung, Win
from muraglia.engine.views import PlayerView
from muraglia.errors import MahjongError
from muraglia.players import BOTS, DEFAULT_BOT, Player, make_bot
from muraglia.rulesets import load_ruleset
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["MjaiPlayer", "from_mjai", "register", "run"]

_HONOURS = "ESWNPFC"


def from_mjai(name: str) -> Tile:
    """The tile kind of an mjai tile name (``5mr`` is a red 5m).

    >>> from_mjai("5mr").notation, from_mjai("C").notation
    ('5m', '7z')

    Raises:
        MahjongError: for a name that is no mjai tile.
    """
    if len(name) == 1 and name in _HONOURS:
        return Tile(int(Tile.EAST) + _HONOURS.index(name))
    if len(name) in (2, 3) and name[0] in "123456789" and name[1] in "mps":
        if len(name) == 3 and name[2] != "r":
            raise MahjongError(f"unknown mjai tile {name!r}")
        return Tile("mps".index(name[1]) * 9 + int(name[0]) - 1)
    raise MahjongError(f"unknown mjai tile {name!r}")


def _name(tile: Tile) -> str:
    return _HONOURS[tile - Tile.EAST] if tile >= Tile.EAST else tile.notation


def _notation(tiles: Iterable[Tile]) -> str:
    kinds = sorted(tiles)
    return "[" + "".join(t.notation[0] for t in kinds) + kinds[0].notation[1] + "]"


def _concealed(tiles: Iterable[Tile]) -> str:
    """Concealed tiles in notation, grouped by suit (``123m45p11z``)."""
    out = ""
    for suit in "mpsz":
        ranks = [t.notation[0] for t in sorted(tiles) if t.notation[1] == suit]
        if ranks:
            out += "".join(ranks) + suit
    return out


class MjaiPlayer:
    """Our bot at one mjai table (see the module docstring)."""

    def __init__(self, rules: str, bot: str = DEFAULT_BOT, seed: int = 0) -> None:
        self.rules = load_ruleset(rules)
        self.bot: Player = make_bot(bot, self.rules, seed=seed)
        self.seat = 0
        self._reset()

    def _reset(self) -> None:
        self.dealer = 0
        self.round_wind = Tile.EAST
        self.hand: list[Tile] = []
        self.drawn: Tile | None = None
        self.melds: list[list[str]] = [[], [], [], []]
        self.discards: list[list[Tile]] = [[], [], [], []]
        self.indicators: list[Tile] = []
        self.riichi = [False] * 4
        self.scores = [25000] * 4
        self.live = 70
        self.pending_riichi: Tile | None = None
        self.forbidden: set[Tile] = set()
        self.closed = True

    # ------------------------------------------------------------------ the view

    def view(self, phase: str, claim: Tile | None = None) -> PlayerView:
        """The :class:`PlayerView` the bot decides from."""
        sizes = tuple(13 - 3 * len(m) for m in self.melds)
        return PlayerView(
            seat=self.seat,
            dealer=self.dealer,
            round_wind=self.round_wind,
            phase=phase,
            to_act=(self.seat,),
            hand=tuple(sorted(self.hand)),
            drawn=self.drawn,
            melds=tuple(tuple(m) for m in self.melds),
            bonus=((), (), (), ()),
            discards=tuple(tuple(d) for d in self.discards),
            claim=claim,
            hand_sizes=sizes,
            live_count=self.live,
            dead_count=14,
            indicators=tuple(self.indicators),
            riichi=tuple(self.riichi),
            status=("active",) * 4,
            scores=tuple(self.scores),
            pot=0,
        )

    def _counts(self) -> list[int]:
        c = [0] * NUM_KINDS
        for t in self.hand:
            c[t] += 1
        return c

    # ------------------------------------------------------------------ legal actions

    def wins(self, tile: Tile, tsumo: bool) -> bool:
        """Whether the complete hand with ``tile`` may be declared (a yaku, EMA-WIN-2)."""
        rest = list(self.hand)
        if tsumo:
            rest.remove(tile)
        text = _concealed(rest) + "".join(self.melds[self.seat]) + "+" + tile.notation
        try:
            result = self.rules.score(
                text,
                win="tsumo" if tsumo else "ron",
                seat_wind=Tile(int(Tile.EAST) + (self.seat - self.dealer) % 4),
                round_wind=self.round_wind,
                flags=("riichi",) if self.riichi[self.seat] else (),
                dora=(),
            )
        except MahjongError:
            return False
        return bool(self.rules.can_win(result))

    def legal_on_draw(self) -> list[Action]:
        """Win (closed or riichi), discards, riichi discards (closed, ready, not yet in riichi)."""
        s = self.seat
        counts = self._counts()
        melds = len(self.melds[s])
        out: list[Action] = []
        if (
            shanten_all(counts, melds) < 0
            and self.drawn is not None
            and self.wins(self.drawn, True)
        ):
            out.append(Win(s))
        if self.riichi[s]:
            assert self.drawn is not None
            return [*out, Discard(s, self.drawn)]
        for k in sorted(set(self.hand)):
            if k in self.forbidden:
                continue
            out.append(Discard(s, k))
            if self.closed and self.live >= 4 and self.scores[s] >= 1000:
                counts[k] -= 1
                if shanten_all(counts, melds) == 0:  # EMA-RIICHI: closed and ready
                    out.append(Discard(s, k, riichi=True))
                counts[k] += 1
        return out

    def legal_on_discard(self, actor: int, tile: Tile) -> list[Action]:
        """Pass, ron (in riichi, not furiten), pon, chi from the left (not in riichi, wall left)."""
        s = self.seat
        out: list[Action] = [Pass(s)]
        counts = self._counts()
        melds = len(self.melds[s])
        counts[tile] += 1
        if (
            shanten_all(counts, melds) < 0
            and tile not in self.discards[s]  # EMA-FURI
            and self.wins(tile, False)
        ):
            out.append(Win(s))
        counts[tile] -= 1
        if self.riichi[s] or self.live <= 0:
            return out
        if counts[tile] >= 2:
            out.append(Pung(s))
        if (actor + 1) % 4 == s and tile < Tile.EAST:
            r = tile % 9
            for lo in (r - 2, r - 1, r):
                if lo < 0 or lo + 2 > 8:
                    continue
                run = [Tile(tile - r + lo + i) for i in range(3)]
                others = list(run)
                others.remove(tile)
                if all(counts[k] >= 1 for k in others):
                    out.append(Chow(s, tuple(run)))
        return out

    # ------------------------------------------------------------------ answers

    def answer(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Update the table with ``msg`` and return the one answer line (a dict)."""
        kind = msg.get("type")
        s = self.seat
        none: dict[str, Any] = {"type": "none"}
        if kind == "start_game":
            self.seat = int(msg.get("id", 0))
            self._reset()
        elif kind == "start_kyoku":
            scores = msg.get("scores") or self.scores
            self._reset()
            self.scores = [int(x) for x in scores]
            self.dealer = int(msg["oya"])
            self.round_wind = from_mjai(msg["bakaze"])
            self.indicators = [from_mjai(msg["dora_marker"])]
            self.hand = [from_mjai(t) for t in msg["tehais"][self.seat]]
        elif kind == "dora":
            self.indicators.append(from_mjai(msg["dora_marker"]))
        elif kind == "tsumo":
            self.live -= 1
            if msg["actor"] == s:
                tile = from_mjai(msg["pai"])
                self.hand.append(tile)
                self.drawn = tile
                self.forbidden = set()
                return self._act(self.legal_on_draw(), tsumo=True)
        elif kind == "dahai":
            actor, tile = int(msg["actor"]), from_mjai(msg["pai"])
            self.discards[actor].append(tile)
            if actor == s:
                self.hand.remove(tile)
                self.drawn = None
                return none
            return self._claim(actor, tile)
        elif kind == "reach":
            if msg["actor"] == s and self.pending_riichi is not None:
                tile, self.pending_riichi = self.pending_riichi, None
                return self._dahai(tile)
        elif kind == "reach_accepted":
            self.riichi[int(msg["actor"])] = True
            if "scores" in msg:
                self.scores = [int(x) for x in msg["scores"]]
        elif kind in ("chi", "pon", "daiminkan"):
            return self._called(msg)
        elif kind in ("ankan", "kakan"):
            actor = int(msg["actor"])
            consumed = [from_mjai(t) for t in msg["consumed"]]
            if kind == "ankan":
                self.melds[actor].append("(" + _notation(consumed)[1:-1] + ")")
                if actor == s:
                    for t in consumed:
                        self.hand.remove(t)
            else:
                tile = from_mjai(msg["pai"])
                melds = self.melds[actor]
                body = _notation([tile] * 3)
                if body in melds:
                    melds[melds.index(body)] = _notation([tile] * 4)
                if actor == s:
                    self.hand.remove(tile)
        elif kind in ("hora", "ryukyoku", "end_kyoku", "end_game") and "scores" in msg:
            self.scores = [int(x) for x in msg["scores"]]
        return none

    def _called(self, msg: dict[str, Any]) -> dict[str, Any]:
        actor = int(msg["actor"])
        tile = from_mjai(msg["pai"])
        consumed = [from_mjai(t) for t in msg["consumed"]]
        self.melds[actor].append(_notation([tile, *consumed]))
        target = int(msg["target"])
        if self.discards[target] and self.discards[target][-1] == tile:
            self.discards[target].pop()
        if actor != self.seat:
            return {"type": "none"}
        for t in consumed:
            self.hand.remove(t)
        self.closed = False
        if msg["type"] == "daiminkan":
            return {"type": "none"}  # the replacement tile comes as a tsumo
        # kuikae: not the called tile, nor the other end of a chow
        self.forbidden = {tile}
        if msg["type"] == "chi":
            run = sorted([tile, *consumed])
            if tile == run[0] and run[2] % 9 < 8:
                self.forbidden.add(Tile(run[2] + 1))
            if tile == run[2] and run[0] % 9 > 0:
                self.forbidden.add(Tile(run[0] - 1))
        self.drawn = None
        legal: list[Action] = [
            Discard(self.seat, k) for k in sorted(set(self.hand)) if k not in self.forbidden
        ]
        if not legal:  # every tile forbidden: the server decides; any discard
            legal = [Discard(self.seat, k) for k in sorted(set(self.hand))]
        return self._act(legal, tsumo=False)

    def _dahai(self, tile: Tile) -> dict[str, Any]:
        return {
            "type": "dahai",
            "actor": self.seat,
            "pai": _name(tile),
            "tsumogiri": tile == self.drawn,
        }

    def _act(self, legal: list[Action], *, tsumo: bool) -> dict[str, Any]:
        choice = self.bot.choose(self.view("act"), legal)
        if isinstance(choice, Win):
            assert self.drawn is not None
            return {
                "type": "hora",
                "actor": self.seat,
                "target": self.seat,
                "pai": _name(self.drawn),
            }
        assert isinstance(choice, Discard)
        if choice.riichi:
            self.pending_riichi = choice.tile
            return {"type": "reach", "actor": self.seat}
        return self._dahai(choice.tile)

    def _claim(self, actor: int, tile: Tile) -> dict[str, Any]:
        legal = self.legal_on_discard(actor, tile)
        if len(legal) == 1:
            return {"type": "none"}
        choice = self.bot.choose(self.view("claim", tile), legal)
        base = {"actor": self.seat, "target": actor, "pai": _name(tile)}
        if isinstance(choice, Win):
            return {"type": "hora", **base}
        if isinstance(choice, Pung):
            return {"type": "pon", **base, "consumed": [_name(tile)] * 2}
        if isinstance(choice, Chow):
            rest = list(choice.tiles)
            rest.remove(tile)
            return {"type": "chi", **base, "consumed": [_name(t) for t in rest]}
        return {"type": "none"}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``mjai-bot`` subcommand."""
    p = subparsers.add_parser(
        "mjai-bot", help="a bot speaking mjai JSON lines on stdin/stdout (riichi)"
    )
    p.add_argument("--rules", default="riichi-ema", help="riichi-ema or riichi-tenhou")
    p.add_argument("--bot", default=DEFAULT_BOT, help=f"known: {', '.join(BOTS)}")
    p.add_argument("--seed", type=int, default=0, help="bot seed (default 0)")
    p.set_defaults(run=run)


def serve(player: MjaiPlayer, lines: Iterable[str], out: TextIO) -> None:
    """Answer each non-empty mjai line of ``lines`` with one JSON line on ``out``.

    A line may also hold a JSON array of messages (as the mjai.app servers send them): each
    updates the table and the answer to the last one is written.
    """
    for line in lines:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except json.JSONDecodeError as exc:
            raise MahjongError(f"mjai line is not JSON: {line.strip()[:60]!r}") from exc
        batch = msg if isinstance(msg, list) and msg else [msg]
        reply: dict[str, Any] = {"type": "none"}
        for m in batch:
            if not isinstance(m, dict) or "type" not in m:
                raise MahjongError(f"mjai message without a type: {line.strip()[:60]!r}")
            try:
                reply = player.answer(m)
            except (KeyError, ValueError, IndexError) as exc:
                raise MahjongError(f"bad mjai {m['type']} message: {exc}") from exc
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia mjai-bot``."""
    try:
        if args.bot not in BOTS:
            raise MahjongError(f"unknown bot {args.bot!r}; known bots: {', '.join(BOTS)}")
        rid = load_ruleset(args.rules).id
        if not rid.startswith("riichi"):
            raise MahjongError(f"mjai-bot plays riichi only, not {args.rules!r}")
        serve(MjaiPlayer(args.rules, args.bot, args.seed), sys.stdin, sys.stdout)
    except MahjongError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
