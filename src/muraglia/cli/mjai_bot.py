"""``muraglia mjai-bot``: one of our bots speaking the mjai protocol on stdin/stdout.

Each input line is one mjai JSON message (``start_game``, ``start_kyoku``, ``tsumo``, ``dahai``,
``chi``, ``pon``, ``daiminkan``, ``kakan``, ``ankan``, ``dora``, ``reach``, ``reach_accepted``,
``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``); each gets exactly one JSON answer line:
``dahai``, ``reach``, ``hora``, ``pon``, ``chi``, ``daiminkan``, ``ankan``, ``kakan``,
``ryukyoku`` (nine terminals) or ``none``.

:class:`MjaiPlayer` keeps no rule state of its own. It keeps the messages of the current kyoku;
at each decision it names the tiles the seat cannot see (:func:`muraglia.io.mjai.fill_hidden`:
a deal that agrees with everything shown), rebuilds the engine's state of the deal from the
messages (:func:`muraglia.io.tenhou_replay.resume`: the wall, then every discard, call, kong
and riichi fed to the engine's own state machine) and asks the bot (:mod:`muraglia.players`)
to choose among the engine's legal actions, from the engine's view. Furiten, riichi (its
minimum score, closed and ready), ippatsu, double riichi, the first turn, rinshan, chankan,
haitei/houtei, kuikae and whether a hand may win at all are therefore the ruleset's and the
engine's, as in a game played here.

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

from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Declare,
    Discard,
    Pass,
    Pung,
    Win,
)
from muraglia.engine.match import MatchState
from muraglia.engine.phases import Phase
from muraglia.engine.views import PlayerView, view_of
from muraglia.errors import MahjongError
from muraglia.io.mjai import fill_hidden, from_mjai, mjai_round, mjai_tile
from muraglia.io.tenhou_replay import resume
from muraglia.players import BOTS, DEFAULT_BOT, Player, make_bot
from muraglia.rulesets import AnyRuleset, load_ruleset
from muraglia.tiles import Tile

__all__ = ["MjaiPlayer", "from_mjai", "register", "run"]

_SEATS = 4
"""Seats at an mjai table (riichi: four players)."""

_ACT_AFTER = frozenset(("tsumo", "reach", "chi", "pon"))
"""The seat's own messages after which it acts (draw, riichi discard, discard after a call)."""
_CLAIM_AFTER = frozenset(("dahai", "kakan", "ankan"))
"""Another seat's messages that may open a claim window (a discard, a kong to rob)."""


_FIELDS: dict[str, tuple[str, ...]] = {
    "start_kyoku": ("bakaze", "oya", "dora_marker", "tehais"),
    "tsumo": ("actor", "pai"),
    "dahai": ("actor", "pai"),
    "reach": ("actor",),
    "reach_accepted": ("actor",),
    "dora": ("dora_marker",),
    "chi": ("actor", "target", "pai", "consumed"),
    "pon": ("actor", "target", "pai", "consumed"),
    "daiminkan": ("actor", "target", "pai", "consumed"),
    "ankan": ("actor", "consumed"),
    "kakan": ("actor", "pai", "consumed"),
}
"""The fields each message must have (the tiles are checked too)."""


def _check_fields(msg: dict[str, Any]) -> None:
    """Refuse a message without its fields or with a tile that is no mjai tile.

    Raises:
        KeyError: a missing field (``serve`` names the message).
        MahjongError: an unknown tile name (``?``, a hidden tile, is one).
    """
    for key in _FIELDS.get(str(msg.get("type")), ()):
        value = msg[key]
        if key in ("pai", "dora_marker"):
            tiles = [value]
        elif key == "consumed":
            tiles = list(value)
        elif key == "tehais":
            tiles = [t for h in value for t in h]
        else:
            continue
        for t in tiles:
            if t != "?":
                from_mjai(str(t))


class MjaiPlayer:
    """Our bot at one mjai table (see the module docstring)."""

    def __init__(self, rules: str | AnyRuleset, bot: str = DEFAULT_BOT, seed: int = 0) -> None:
        self.ruleset = load_ruleset(rules) if isinstance(rules, str) else rules
        self.red_fives = bool(getattr(self.ruleset.options, "red_fives", False))
        self.bot: Player = make_bot(bot, self.ruleset, seed=seed)
        self.seat = 0
        self.scores: list[int] = []
        self.kyoku: list[dict[str, Any]] = []
        """The current kyoku's messages (``start_kyoku`` first); empty between kyoku."""
        self.riichi_choice: Discard | None = None
        """The riichi discard chosen when answering ``reach`` (sent at the echoed ``reach``)."""

    # ------------------------------------------------------------------ the engine

    def table(self, *, close: bool) -> MatchState:
        """The engine's state of the current kyoku at its last message.

        ``close``: the last discard's claim window is closed (the seat's own draw or call).

        Raises:
            MahjongError: the messages make no deal the engine reproduces (names the step).
        """
        filled = fill_hidden(self.kyoku, red_fives=self.red_fives)
        return resume(mjai_round(filled), self.ruleset, red_fives=self.red_fives, close=close)

    def decide(self, *, act: bool, close: bool, riichi: bool = False) -> dict[str, Any]:
        """The bot's answer at the engine's decision point (``none`` when it has none).

        ``act``: the seat's own turn (after its draw or call), else a claim window;
        ``close``: the last discard's window is closed first (the seat's own draw);
        ``riichi``: only riichi discards (the seat's ``reach`` came back).
        """
        match = self.table(close=close)
        deal = match.deal
        # a claim decision only in an open window (none opens when no seat may claim: the
        # engine has gone on to the next draw); an own action only in the own turn
        if act:
            asked = deal.phase is Phase.ACT and deal.to_act == (self.seat,)
        else:
            asked = deal.phase in (Phase.CLAIM, Phase.ROB)
        legal = deal.legal_actions(self.seat) if asked else []
        if riichi:
            legal = [a for a in legal if isinstance(a, Discard) and a.riichi]
            if not legal:
                raise MahjongError(f"seat {self.seat} may not declare riichi here")
            if self.riichi_choice in legal:
                return self._answer(self.riichi_choice, view_of(deal, self.seat, match))
        if not legal or legal == [Pass(self.seat)]:
            return {"type": "none"}
        view = view_of(deal, self.seat, match)
        return self._answer(self.bot.choose(view, legal), view)

    # ------------------------------------------------------------------ answers

    def answer(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Take ``msg`` and return the one answer line (a dict)."""
        kind = msg.get("type")
        none: dict[str, Any] = {"type": "none"}
        if kind == "start_game":
            seat = msg.get("id")
            if type(seat) is not int or not 0 <= seat < _SEATS:
                raise ValueError(f"'id' must be this bot's seat 0-{_SEATS - 1}, not {seat!r}")
            self.seat = seat
            self.kyoku, self.scores = [], []
            return none
        if kind == "start_kyoku":
            start = dict(msg)
            if start.get("scores"):
                self.scores = [int(x) for x in start["scores"]]
            else:  # the server did not say: the scores followed so far
                table = self.ruleset.flow().table
                start["scores"] = self.scores or [table.start_score] * 4
            self.kyoku = [start]
            self.riichi_choice = None
            return none
        _check_fields(msg)
        if kind in ("hora", "ryukyoku", "end_kyoku", "end_game") and "scores" in msg:
            self.scores = [int(x) for x in msg["scores"]]
        if not self.kyoku:
            return none
        if kind in ("end_kyoku", "end_game"):
            self.kyoku = []
            return none
        self.kyoku.append(msg)
        own = msg.get("actor") == self.seat
        if own and kind in _ACT_AFTER:
            return self.decide(act=True, close=kind in ("tsumo", "reach"), riichi=kind == "reach")
        if not own and kind in _CLAIM_AFTER:
            return self.decide(act=False, close=False)
        return none

    def _answer(self, choice: Action, view: PlayerView) -> dict[str, Any]:
        """The mjai answer of the engine action ``choice``.

        Tiles are named as the engine holds them: red fives as the action and the hand say.
        """
        s = self.seat
        hand = list(view.hand)
        reds = set(view.red_hand)

        def names(tile: Tile, n: int, red: bool) -> list[str]:
            return [mjai_tile(tile, red=red and i == n - 1) for i in range(n)]

        if isinstance(choice, Pass):
            return {"type": "none"}
        if isinstance(choice, Win):
            if view.claim is not None:
                target = int(self.kyoku[-1]["actor"])  # the discard's or the kong's
                pai = mjai_tile(view.claim, red=view.red_claim)
                return {"type": "hora", "actor": s, "target": target, "pai": pai}
            assert view.drawn is not None
            pai = mjai_tile(view.drawn, red=view.red_drawn)
            return {"type": "hora", "actor": s, "target": s, "pai": pai}
        if isinstance(choice, Discard):
            if choice.riichi and self.kyoku[-1].get("type") != "reach":
                self.riichi_choice = choice
                return {"type": "reach", "actor": s}
            tsumogiri = view.drawn == choice.tile and view.red_drawn == choice.red
            pai = mjai_tile(choice.tile, red=choice.red)
            return {"type": "dahai", "actor": s, "pai": pai, "tsumogiri": tsumogiri}
        if isinstance(choice, ConcealedKong):
            consumed = names(choice.tile, 4, choice.tile in reds)
            return {"type": "ankan", "actor": s, "consumed": consumed}
        if isinstance(choice, AddedKong):
            return {
                "type": "kakan",
                "actor": s,
                "pai": mjai_tile(choice.tile, red=choice.tile in reds),
                "consumed": names(choice.tile, 3, self._pung_red(choice.tile)),
            }
        if isinstance(choice, Declare):
            return {"type": "ryukyoku", "actor": s}
        assert view.claim is not None
        tile = view.claim
        base = {
            "actor": s,
            "target": int(self.kyoku[-1]["actor"]),
            "pai": mjai_tile(tile, red=view.red_claim),
        }
        if isinstance(choice, ClaimKong):
            return {"type": "daiminkan", **base, "consumed": names(tile, 3, tile in reds)}
        if isinstance(choice, Pung):
            # the caller's plain fives go first, its red five last or when chosen (EMA-TILE-2)
            red = tile in reds and (choice.red or hand.count(tile) == 2)
            return {"type": "pon", **base, "consumed": names(tile, 2, red)}
        if isinstance(choice, Chow):
            rest = list(choice.tiles)
            rest.remove(tile)
            consumed = [
                mjai_tile(t, red=t in reds and (choice.red or hand.count(t) == 1)) for t in rest
            ]
            return {"type": "chi", **base, "consumed": consumed}
        raise MahjongError(f"the bot chose {choice.line()!r}, which mjai cannot express")

    def _pung_red(self, tile: Tile) -> bool:
        """Whether the seat's pung of ``tile`` (its ``pon`` message) holds a red five."""
        for m in self.kyoku:
            if m.get("type") == "pon" and m.get("actor") == self.seat:
                tiles = [str(m["pai"]), *map(str, m["consumed"])]
                if from_mjai(tiles[0]) == tile:
                    return any(t.endswith("r") for t in tiles)
        return False


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
        except (json.JSONDecodeError, RecursionError) as exc:
            why = "nested too deeply" if isinstance(exc, RecursionError) else "not JSON"
            raise MahjongError(f"mjai line is {why}: {line.strip()[:60]!r}") from None
        batch = msg if isinstance(msg, list) and msg else [msg]
        reply: dict[str, Any] = {"type": "none"}
        for m in batch:
            if not isinstance(m, dict) or "type" not in m:
                raise MahjongError(f"mjai message without a type: {line.strip()[:60]!r}")
            try:
                reply = player.answer(m)
            except KeyError as exc:
                raise MahjongError(
                    f"bad mjai {m['type']} message: missing field {exc.args[0]!r} (in it or in "
                    "the kyoku's start_kyoku)"
                ) from None
            except (ValueError, IndexError) as exc:
                raise MahjongError(f"bad mjai {m['type']} message: {exc}") from None
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
        print(f"muraglia mjai-bot: error: {exc}", file=sys.stderr)
        return 2
    return 0
