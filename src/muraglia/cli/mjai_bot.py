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
from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Discard,
    Pass,
    Pung,
    Win,
)
from muraglia.engine.views import PlayerView
from muraglia.errors import MahjongError
from muraglia.io.mjai import from_mjai
from muraglia.players import BOTS, DEFAULT_BOT, Player, make_bot
from muraglia.rulesets import load_ruleset
from muraglia.tiles import NUM_KINDS, WINDS, Tile

__all__ = ["MjaiPlayer", "from_mjai", "register", "run"]

_HONOURS = "ESWNPFC"


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
        tenhou = getattr(getattr(self.rules, "options", None), "preset", "") == "riichi-tenhou"
        self.riichi_minimum = 1000 if tenhou else -(10**9)
        """Tenhou needs 1000 points to declare riichi; EMA has no minimum (EMA-GAME-6)."""
        self.seat = 0
        self._reset()

    def _reset(self) -> None:
        self.dealer = 0
        self.round_wind = Tile.EAST
        self.honba = 0
        self.hand: list[Tile] = []
        self.red: dict[Tile, int] = {}
        """Red fives held, by kind (``5mr`` in the messages)."""
        self.drawn: Tile | None = None
        self.drawn_name = ""
        self.melds: list[list[str]] = [[], [], [], []]
        self.discards: list[list[Tile]] = [[], [], [], []]
        self.own_discards: set[Tile] = set()
        """Every kind the bot discarded this deal, claimed ones included (EMA-FURI-2)."""
        self.own_count = 0
        self.missed = False
        """A completing tile let pass since the own last discard, with or without a yaku; for
        good under riichi (EMA-FURI-3/4). Ended only by the own discard, not by calls: EMA-FURI-3
        also ends at a call, but an engine may keep it longer (the bot only loses a win)."""
        self.indicators: list[Tile] = []
        self.riichi = [False] * 4
        self.double_riichi = False
        self.ippatsu = False
        self.untouched = True
        """No call or kong yet in this deal (first-turn wins, double riichi)."""
        self.after_kong = False
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
            rules=str(self.rules.id),
            seat_winds=tuple(WINDS[(s - self.dealer) % 4] for s in range(4)),
            claimed=tuple((False,) * len(d) for d in self.discards),
        )

    def _counts(self) -> list[int]:
        c = [0] * NUM_KINDS
        for t in self.hand:
            c[t] += 1
        return c

    # ------------------------------------------------------------------ tiles held

    def _take(self, name: str) -> Tile:
        """Add a tile named in a message to the hand (a red five is remembered)."""
        tile = from_mjai(name)
        self.hand.append(tile)
        if name.endswith("r"):
            self.red[tile] = self.red.get(tile, 0) + 1
        return tile

    def _give(self, name: str) -> Tile:
        """Remove a tile named in a message from the hand."""
        tile = from_mjai(name)
        self.hand.remove(tile)
        if self.red.get(tile) and (name.endswith("r") or tile not in self.hand):
            self.red[tile] -= 1
        return tile

    def _names(self, tile: Tile, n: int) -> list[str]:
        """The names of ``n`` held tiles of a kind: plain ones first, then red fives."""
        plain = self.hand.count(tile) - self.red.get(tile, 0)
        return [_name(tile) + ("" if i < plain else "r") for i in range(n)]

    # ------------------------------------------------------------------ legal actions

    def _flags(self, tsumo: bool, robbing: bool) -> tuple[str, ...]:
        """The scorer's situational flags of a win now (EMA-YAKU, EMA-YKM-03/04/05)."""
        flags: list[str] = []
        if self.riichi[self.seat]:
            flags.append("double_riichi" if self.double_riichi else "riichi")
            if self.ippatsu:
                flags.append("ippatsu")
        if robbing:
            flags.append("robbing_kong")
        elif tsumo and self.after_kong:
            flags.append("replacement")
        elif self.live == 0:
            flags.append("last_tile")  # haitei on a draw, houtei on a discard
        if self.untouched and not self.own_discards and not robbing:
            flags.append("first_turn")
        return tuple(flags)

    def wins(self, tile: Tile, tsumo: bool, *, robbing: bool = False) -> bool:
        """Whether the complete hand with ``tile`` may be declared (a yaku, EMA-WIN-2).

        The situational yaku (riichi, ippatsu, haitei/houtei, rinshan, chankan, first-turn
        wins), the dora and the counters (two han at five, EMA-HONBA-4) go to the scorer.
        """
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
                flags=self._flags(tsumo, robbing),
                dora=tuple(self.indicators),
                honba=self.honba,
            )
        except MahjongError:
            return False
        return bool(self.rules.can_win(result))

    def furiten(self) -> bool:
        """No ron: a win let pass (EMA-FURI-3/4) or a wait among the own discards (EMA-FURI-2)."""
        if self.missed:
            return True
        counts = self._counts()
        melds = len(self.melds[self.seat])
        for k in self.own_discards:
            if counts[k] < 4:
                counts[k] += 1
                complete = shanten_all(counts, melds) < 0
                counts[k] -= 1
                if complete:
                    return True
        return False

    def legal_on_draw(self) -> list[Action]:
        """Win, kongs, discards, riichi discards (closed, ready, not yet in riichi)."""
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
        if self.riichi[s]:  # no kong under riichi here (the engine may allow some)
            assert self.drawn is not None
            return [*out, Discard(s, self.drawn)]
        if self.drawn is not None:
            out += [ConcealedKong(s, Tile(k)) for k in range(NUM_KINDS) if counts[k] == 4]
            out += [
                AddedKong(s, k)
                for k in sorted(set(self.hand))
                if _notation([k] * 3) in self.melds[s]
            ]
        for k in sorted(set(self.hand)):
            if k in self.forbidden:
                continue
            out.append(Discard(s, k))
            if self.closed and self.live >= 4 and self.scores[s] >= self.riichi_minimum:
                counts[k] -= 1
                if shanten_all(counts, melds) == 0:  # EMA-RIICHI: closed and ready
                    out.append(Discard(s, k, riichi=True))
                counts[k] += 1
        return out

    def legal_on_discard(self, actor: int, tile: Tile, *, robbing: bool = False) -> list[Action]:
        """Pass, ron (not furiten), pon, daiminkan, chi from the left (not in riichi, wall left).

        ``robbing``: the tile is being added to a kong; only a win (chankan) may be claimed.
        """
        s = self.seat
        out: list[Action] = [Pass(s)]
        counts = self._counts()
        melds = len(self.melds[s])
        counts[tile] += 1
        if (
            shanten_all(counts, melds) < 0
            and not self.furiten()
            and self.wins(tile, False, robbing=robbing)
        ):
            out.append(Win(s))
        counts[tile] -= 1
        if robbing or self.riichi[s] or self.live <= 0:
            return out
        if counts[tile] == 3:
            out.append(ClaimKong(s))
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
            self.honba = int(msg.get("honba") or 0)
            self.round_wind = from_mjai(msg["bakaze"])
            self.indicators = [from_mjai(msg["dora_marker"])]
            for name in msg["tehais"][self.seat]:
                self._take(name)
        elif kind == "dora":
            self.indicators.append(from_mjai(msg["dora_marker"]))
        elif kind == "tsumo":
            self.live -= 1
            if msg["actor"] == s:
                self.drawn, self.drawn_name = self._take(msg["pai"]), msg["pai"]
                self.forbidden = set()
                return self._act(self.legal_on_draw())
        elif kind == "dahai":
            actor, tile = int(msg["actor"]), from_mjai(msg["pai"])
            self.discards[actor].append(tile)
            if actor == s:
                self._give(msg["pai"])
                self.own_discards.add(tile)
                self.own_count += 1
                self.drawn = None
                self.after_kong = False
                self.ippatsu = False  # the riichi discard itself re-arms it at reach_accepted
                if not self.riichi[s]:
                    self.missed = False  # temporary furiten ends (EMA-FURI-3)
                return none
            return self._claim(actor, tile)
        elif kind == "reach":
            if msg["actor"] == s and self.pending_riichi is not None:
                tile, self.pending_riichi = self.pending_riichi, None
                return self._dahai(tile)
        elif kind == "reach_accepted":
            actor = int(msg["actor"])
            self.riichi[actor] = True
            if actor == s:
                self.double_riichi = self.untouched and self.own_count == 1
                self.ippatsu = True
            if "scores" in msg:
                self.scores = [int(x) for x in msg["scores"]]
        elif kind in ("chi", "pon", "daiminkan"):
            self.untouched = self.ippatsu = False
            return self._called(msg)
        elif kind in ("ankan", "kakan"):
            self.untouched = self.ippatsu = False
            return self._kong(msg)
        elif kind in ("hora", "ryukyoku", "end_kyoku", "end_game") and "scores" in msg:
            self.scores = [int(x) for x in msg["scores"]]
        return none

    def _kong(self, msg: dict[str, Any]) -> dict[str, Any]:
        """A concealed or added kong; an added one by another seat may be robbed (chankan)."""
        kind = msg["type"]
        actor = int(msg["actor"])
        s = self.seat
        if kind == "ankan":
            consumed = [from_mjai(t) for t in msg["consumed"]]
            self.melds[actor].append("(" + _notation(consumed)[1:-1] + ")")
            if actor == s:
                for t in msg["consumed"]:
                    self._give(t)
                self.after_kong = True
            return {"type": "none"}
        tile = from_mjai(msg["pai"])
        melds = self.melds[actor]
        body = _notation([tile] * 3)
        if body in melds:
            melds[melds.index(body)] = _notation([tile] * 4)
        if actor == s:
            self._give(msg["pai"])
            self.after_kong = True
            return {"type": "none"}
        legal = self.legal_on_discard(actor, tile, robbing=True)
        choice = self.bot.choose(self.view("rob", tile), legal) if len(legal) > 1 else legal[0]
        if isinstance(choice, Win):
            return {"type": "hora", "actor": s, "target": actor, "pai": _name(tile)}
        if self.completes(tile):
            self.missed = True  # a completing tile let pass (EMA-FURI-3/4)
        return {"type": "none"}

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
        for t in msg["consumed"]:
            self._give(t)
        self.closed = False
        if msg["type"] == "daiminkan":
            self.after_kong = True
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
        return self._act(legal)

    def _dahai(self, tile: Tile) -> dict[str, Any]:
        tsumogiri = tile == self.drawn
        pai = self.drawn_name if tsumogiri else self._names(tile, 1)[0]
        return {"type": "dahai", "actor": self.seat, "pai": pai, "tsumogiri": tsumogiri}

    def _act(self, legal: list[Action]) -> dict[str, Any]:
        choice = self.bot.choose(self.view("act"), legal)
        s = self.seat
        if isinstance(choice, Win):
            assert self.drawn is not None
            return {"type": "hora", "actor": s, "target": s, "pai": _name(self.drawn)}
        if isinstance(choice, ConcealedKong):
            return {"type": "ankan", "actor": s, "consumed": self._names(choice.tile, 4)}
        if isinstance(choice, AddedKong):
            t = choice.tile
            return {
                "type": "kakan",
                "actor": s,
                "pai": self._names(t, 1)[0],
                "consumed": [_name(t)] * 3,
            }
        assert isinstance(choice, Discard)
        if choice.riichi:
            self.pending_riichi = choice.tile
            return {"type": "reach", "actor": s}
        return self._dahai(choice.tile)

    def completes(self, tile: Tile) -> bool:
        """Whether ``tile`` completes the hand's shape (with or without a yaku)."""
        counts = self._counts()
        if counts[tile] >= 4:
            return False
        counts[tile] += 1
        return shanten_all(counts, len(self.melds[self.seat])) < 0

    def _claim(self, actor: int, tile: Tile) -> dict[str, Any]:
        legal = self.legal_on_discard(actor, tile)
        if len(legal) == 1:
            if self.completes(tile):
                self.missed = True  # let pass, even without a yaku (EMA-FURI-3/4)
            return {"type": "none"}
        choice = self.bot.choose(self.view("claim", tile), legal)
        if not isinstance(choice, Win) and self.completes(tile):
            self.missed = True  # a completing tile let pass (EMA-FURI-3/4)
        base = {"actor": self.seat, "target": actor, "pai": _name(tile)}
        if isinstance(choice, Win):
            return {"type": "hora", **base}
        if isinstance(choice, ClaimKong):
            return {"type": "daiminkan", **base, "consumed": self._names(tile, 3)}
        if isinstance(choice, Pung):
            return {"type": "pon", **base, "consumed": self._names(tile, 2)}
        if isinstance(choice, Chow):
            rest = list(choice.tiles)
            rest.remove(tile)
            return {"type": "chi", **base, "consumed": [self._names(t, 1)[0] for t in rest]}
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
