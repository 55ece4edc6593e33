"""``muraglia play``: a human against three bots in the terminal.

``muraglia play --rules <id> [--seat E] [--seed N] [--bots efficiency,defensive,random]
[--record PATH] [--lang en|it] [--max-deals D]``. At every decision the table is shown (each
seat's wind, score, melds, flowers and discards in Unicode tiles with their notation; the own
hand; the tile on offer) with the *legal* choices only, numbered: discards (and riichi
declarations), calls, kongs and Mah-Jong. A wrong answer gets a message and the prompt again.
Every hand result is explained with the ruleset's own scoring breakdown and payments; the
standings close the match and the record (JSON Lines) is saved for ``muraglia replay``.
Input ending early abandons the match (the record so far is still saved; exit code 1).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Discard,
    NoDiscard,
    Pass,
    PassTiles,
    Pung,
    Win,
)
from muraglia.engine.events import (
    BonusExposed,
    Called,
    DealEnded,
    DealStarted,
    Drew,
    Event,
    IndicatorRevealed,
    KongMade,
    MatchEnded,
    RiichiAccepted,
    RiichiCancelled,
    Settled,
    StatusChanged,
    Won,
)
from muraglia.engine.game import Game
from muraglia.engine.match import MatchState
from muraglia.engine.state import DealState
from muraglia.engine.views import PlayerView, view_of
from muraglia.errors import MahjongError
from muraglia.io.record import dumps
from muraglia.notation import parse_tiles
from muraglia.players import BOTS, Player, make_bot
from muraglia.players.base import meld_kinds
from muraglia.players.external import (
    DEFAULT_TIMEOUT,
    BotProcessError,
    MjaiProcessPlayer,
    seat_commands,
)
from muraglia.players.simulate import attach_players, close_players
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import SEAT_LETTERS, wind_letter
from muraglia.tiles import WINDS, Tile

__all__ = ["describe_action", "register", "run"]

_WIND_NAMES = {
    "en": ("East", "South", "West", "North"),
    "it": ("Est", "Sud", "Ovest", "Nord"),
}
_YOU = {"en": "you", "it": "tu"}
_TILE_STYLES = (
    ("[\U0001f007-\U0001f00f]+", "bold red"),  # characters / caratteri
    ("[\U0001f010-\U0001f018]+", "bold green"),  # bamboo / bambù
    ("[\U0001f019-\U0001f021]+", "bold blue"),  # circles / cerchi
    ("[\U0001f000-\U0001f006]+", "bold magenta"),  # honours / onori
    ("[\U0001f022-\U0001f029]+", "yellow"),  # flowers and seasons / fiori e stagioni
)
"""Rich styles of the Unicode tile glyphs, by block range."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand."""
    p = subparsers.add_parser("play", help="play a match against three bots in the terminal")
    p.add_argument("--rules", required=True, help="ruleset id, with options")
    p.add_argument("--seat", default="E", help="your seat in the first deal: E, S, W or N")
    p.add_argument("--seed", type=int, default=0, help="seed of the walls and the bots")
    p.add_argument(
        "--bots",
        default="efficiency,defensive,random",
        help=f"the three bots after you, comma-separated (known: {', '.join(BOTS)})",
    )
    p.add_argument("--record", default=None, help="where to save the record (JSONL)")
    p.add_argument("--lang", choices=("en", "it"), default="en", help="language of the results")
    p.add_argument("--max-deals", type=int, default=None, help="stop after this many deals")
    p.add_argument(
        "--bot-cmd",
        action="append",
        default=[],
        metavar="SEAT=CMD",
        help="an external mjai bot process in SEAT instead of a bot (E, S, W, N or 0-3; "
        "riichi rulesets), e.g. 'W=muraglia mjai-bot --bot defensive'; repeatable",
    )
    p.add_argument(
        "--bot-timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help=f"seconds an external bot may take per reply (default {DEFAULT_TIMEOUT:g})",
    )
    p.set_defaults(run=run)


def _tiles(tiles: Sequence[Tile]) -> str:
    """Unicode glyphs then notation: ``🀇🀈 (1m2m)``."""
    if not tiles:
        return "—"
    return "".join(t.unicode for t in tiles) + " (" + "".join(t.notation for t in tiles) + ")"


def describe_action(action: Action, view: PlayerView | None = None) -> str:
    """A choice as a player reads it.

    >>> from muraglia.tiles import Tile
    >>> describe_action(Discard(0, Tile.M5, riichi=True))
    'discard 5m 🀋 and declare riichi'
    """
    if isinstance(action, Discard):
        drawn = " (just drawn)" if view is not None and view.drawn == action.tile else ""
        text = f"discard {action.tile.notation} {action.tile.unicode}{drawn}"
        return text + (" and declare riichi" if action.riichi else "")
    claim = view.claim if view is not None else None
    on = f" {claim.notation} {claim.unicode}" if claim is not None else ""
    if isinstance(action, Win):
        return "Mah-Jong! win" + (f" on{on}" if claim is not None else " (self-drawn)")
    if isinstance(action, Pung):
        return f"pung{on}"
    if isinstance(action, ClaimKong):
        return f"kong{on}"
    if isinstance(action, Chow):
        return f"chow {_tiles(action.tiles)}"
    if isinstance(action, Pass):
        return "pass (no call)"
    if isinstance(action, ConcealedKong):
        return f"declare a concealed kong of {action.tile.notation} {action.tile.unicode}"
    if isinstance(action, AddedKong):
        return f"add {action.tile.notation} {action.tile.unicode} to your pung (kong)"
    if isinstance(action, NoDiscard):
        return "end the deal without discarding (last tile drawn)"
    return action.line()


def _order(legal: Sequence[Action]) -> list[Action]:
    """Choices in reading order: pass first, wins, calls, kongs, then discards by tile."""

    def key(a: Action) -> tuple[int, int, int]:
        rank = {
            "pass": 0,
            "win": 1,
            "kong": 2,
            "pung": 3,
            "chow": 4,
            "concealed_kong": 5,
            "added_kong": 6,
            "no_discard": 7,
        }
        if isinstance(a, Discard):
            return (8, int(a.tile), int(a.riichi))
        return (rank.get(a.kind, 9), int(a.tiles[0]) if isinstance(a, Chow) else 0, 0)

    return sorted(legal, key=key)


class HumanPlayer:
    """The terminal player: shows the table, reads a numbered choice, re-asks on bad input."""

    name = "human"

    def __init__(self, session: Session) -> None:
        self.session = session

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Prompt until a valid number is entered.

        Raises:
            EOFError: when the input ends.
        """
        s = self.session
        s.show_table(view)
        if all(isinstance(a, PassTiles) for a in legal):
            return self._pass_tiles(legal)
        choices = _order(legal)
        if len(choices) == 1:
            s.say(f"  (only choice: {describe_action(choices[0], view)})")
            return choices[0]
        for i, a in enumerate(choices, start=1):
            s.say(f"  {i:>2}. {describe_action(a, view)}")
        while True:
            s.out.write(f"choice [1-{len(choices)}]> ")
            s.out.flush()
            line = s.inp.readline()
            if not line:
                raise EOFError
            text = line.strip()
            if text.isdigit() and 1 <= int(text) <= len(choices):
                return choices[int(text) - 1]
            s.say(f"  invalid choice {text!r}: enter a number from 1 to {len(choices)}")

    def _pass_tiles(self, legal: Sequence[Action]) -> Action:
        """Charleston (FIMJ-CHARL-1): four tiles typed in notation, re-asked until legal."""
        s = self.session
        offered = {a.tiles: a for a in legal if isinstance(a, PassTiles)}
        s.say("  Charleston: choose four tiles of your hand to pass (e.g. 19m5p7z)")
        while True:
            s.out.write("tiles> ")
            s.out.flush()
            line = s.inp.readline()
            if not line:
                raise EOFError
            text = line.strip()
            try:
                kinds = tuple(sorted(p.kind for p in parse_tiles(text)))
            except MahjongError as exc:
                s.say(f"  invalid tiles {text!r}: {exc}")
                continue
            if kinds in offered:
                return offered[kinds]
            s.say(f"  invalid choice {text!r}: give four tiles you hold")


class Session:
    """One terminal match: players, output and the event narration."""

    def __init__(
        self,
        match: MatchState,
        human: int,
        bots: dict[int, Player],
        *,
        out: TextIO,
        inp: TextIO,
        lang: str,
    ) -> None:
        self.match = match
        self.human = human
        self.bots = bots
        self.out = out
        self.inp = inp
        self.lang = lang
        self.console = Console(file=out, highlight=False, soft_wrap=True)
        self.ruleset = match.game.ruleset
        self.dealer = 0
        self.round_wind = WINDS[0]
        self.dora: list[str] = []
        self.players: dict[int, Player] = {**bots, human: HumanPlayer(self)}

    def say(self, text: str = "") -> None:
        """Print a line, tiles coloured by suit (plain text when not on a terminal)."""
        line = Text(text)
        for pattern, style in _TILE_STYLES:
            line.highlight_regex(pattern, style)
        self.console.print(line)

    def who(self, seat: int) -> str:
        """``South (you)`` / ``West (defensive)``."""
        wind = _WIND_NAMES[self.lang][(seat - self.dealer) % 4]
        name = _YOU[self.lang] if seat == self.human else self.players[seat].name
        return f"{wind} ({name})"

    # ------------------------------------------------------------------ table

    def show_table(self, v: PlayerView) -> None:
        """Every seat's melds, flowers and discards, the own hand and what is on offer."""
        self.say()
        wall = (
            f"wall {v.live_count} tiles, round wind {v.round_wind.notation} {v.round_wind.unicode}"
        )
        if v.indicators:
            wall += f", dora indicators {_tiles(v.indicators)}"
        if v.pot:
            wall += f", on the table {v.pot}"
        self.say(f"── {wall}")
        for s in range(len(v.discards)):
            mark = " RIICHI" if v.riichi[s] else ""
            status = "" if v.status[s] == "active" else f" [{v.status[s]}]"
            self.say(f"{self.who(s):<22} score {v.scores[s]:>6}{mark}{status}")
            melds = "  ".join(
                "".join(t.unicode for t in meld_kinds(m)) + f" {m}" for m in v.melds[s]
            )
            if melds:
                self.say(f"    melds:    {melds}")
            if v.bonus[s]:
                self.say(f"    flowers:  {_tiles(v.bonus[s])}")
            self.say(f"    discards: {_tiles(v.discards[s])}")
        hand = list(v.hand)
        if v.drawn is not None:
            hand.remove(v.drawn)
        drawn = f"  + drew {v.drawn.notation} {v.drawn.unicode}" if v.drawn is not None else ""
        self.say(f"your hand: {_tiles(hand)}{drawn}")
        if v.claim is not None:
            self.say(f"on offer: {v.claim.notation} {v.claim.unicode}")

    # ------------------------------------------------------------------ narration

    def narrate(self, events: Sequence[Event], deal: DealState, pot_before: int) -> None:
        """Tell the events the human may know; explain results."""
        for e in events:
            if isinstance(e, DealStarted):
                self.dealer, self.round_wind, self.dora = e.dealer, e.round_wind, []
                names = _WIND_NAMES[self.lang]
                self.say()
                self.say(
                    f"══ deal {e.deal + 1}: round {names[WINDS.index(e.round_wind)]}, "
                    f"dealer {self.who(e.dealer)}"
                )
            elif isinstance(e, IndicatorRevealed):
                self.dora.append(e.tile.notation)
                self.say(f"dora indicator: {e.tile.notation} {e.tile.unicode}")
            elif isinstance(e, BonusExposed):
                self.say(f"{self.who(e.seat)} shows {e.tile.notation} {e.tile.unicode}")
            elif isinstance(e, Drew) and e.seat == self.human and e.replacement:
                self.say(f"you draw a replacement tile: {e.tile.notation} {e.tile.unicode}")
            elif isinstance(e, Called):
                self.say(
                    f"{self.who(e.seat)} calls {e.call} {_tiles(e.tiles)} "
                    f"from {self.who(e.from_seat)}"
                )
            elif isinstance(e, KongMade):
                kind = "a concealed" if e.concealed else "an added"
                self.say(f"{self.who(e.seat)} declares {kind} kong of {e.tile.notation}")
            elif isinstance(e, RiichiAccepted):
                self.say(f"{self.who(e.seat)} declares riichi (stake {e.stake})")
            elif isinstance(e, RiichiCancelled):
                self.say(f"{self.who(e.seat)}'s riichi is void (the discard was claimed)")
            elif isinstance(e, StatusChanged):
                self.say(f"{self.who(e.seat)} is now {e.status} ({e.reason})")
            elif isinstance(e, Won):
                self.explain_win(e)
            elif isinstance(e, DealEnded):
                self.explain_end(e, deal, pot_before)
            elif isinstance(e, Settled):
                self.say("payments / pagamenti:")
                for s, x in enumerate(e.net):
                    self.say(f"    {self.who(s):<22} {x:+7}   → {e.scores[s]:>7}")
            elif isinstance(e, MatchEnded):
                self.standings(e.scores)
            else:
                self._narrate_action(e)

    def _narrate_action(self, e: Event) -> None:
        action = getattr(e, "action", None)
        if isinstance(action, Discard) and action.seat != self.human:
            riichi = " declaring riichi" if action.riichi else ""
            self.say(
                f"{self.who(action.seat)} discards {action.tile.notation} "
                f"{action.tile.unicode}{riichi}"
            )

    def explain_win(self, e: Won) -> None:
        """The winner's hand, its patterns (bilingual) and the ruleset's breakdown."""
        how = "self-drawn" if e.from_seat is None else f"on the discard of {self.who(e.from_seat)}"
        self.say()
        self.say(f"★ {self.who(e.seat)} wins {how}: {e.hand}  value {e.value}")
        data: dict[str, Any] = {
            "hand": e.hand,
            "win": "tsumo" if e.from_seat is None else "ron",
            "seat_wind": SEAT_LETTERS[(e.seat - self.dealer) % 4],
            "round_wind": wind_letter(self.round_wind),
            "flags": list(e.flags),
            "dora": list(self.dora),
        }
        if e.from_seat is not None:
            data["discarder"] = SEAT_LETTERS[(e.from_seat - self.dealer) % 4]
        try:
            result = self.ruleset.score_dict(data)
        except MahjongError as exc:
            self.say(f"  (no breakdown: {exc})")
            return
        for p in result.get("patterns", ()):
            count = f" ×{p['count']}" if p.get("count", 1) > 1 else ""
            self.say(f"  · {p.get('it', p['en'])} / {p['en']}{count}: {p['value']} {p['unit']}")
        for line in result.get("explanation", {}).get(self.lang, ()):
            self.say(f"    {line}")

    def explain_end(self, e: DealEnded, deal: DealState, pot_before: int) -> None:
        """How the deal ended, every hand, and the ruleset's settlement explanation."""
        if not e.winners:
            self.say(f"deal over without a winner ({e.reason})")
        elif e.void:
            self.say(f"deal void ({e.reason})")
        for s, hand in enumerate(e.hands):
            self.say(f"    {self.who(s):<22} {hand}")
        stake = deal.flow.riichi_stake()
        sticks = (pot_before + sum(deal.stakes)) // stake if stake else 0
        try:
            settlement = deal.settle(sticks=sticks)
        except MahjongError as exc:
            self.say(f"  (no settlement explanation: {exc})")
            return
        letters = {deal.letter(s): s for s in range(deal.players)}
        if settlement.values:
            self.say(
                "hand values: "
                + ", ".join(
                    f"{self.who(letters[k])} {v}"
                    for k, v in settlement.values.items()
                    if k in letters
                )
            )
        for t in settlement.transfers:
            if t.amount:
                payer = self.who(letters[t.payer]) if t.payer in letters else t.payer
                payee = self.who(letters[t.payee]) if t.payee in letters else t.payee
                self.say(f"    {payer} pays {payee} {t.amount}")
        lines = settlement.explanation.get(self.lang) or settlement.explanation.get("en", ())
        for line in lines:
            self.say(f"    {line}")

    def standings(self, scores: Sequence[int]) -> None:
        """The final table, best first."""
        self.say()
        self.say("══ final standings / classifica finale")
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        for place, s in enumerate(order, start=1):
            name = _YOU[self.lang] if s == self.human else self.players[s].name
            self.say(f"  {place}. seat {s} ({name:<10}) {scores[s]:>8}")

    # ------------------------------------------------------------------ loop

    def play(self) -> None:
        """Play to the end of the match.

        Raises:
            EOFError: when the human's input ends.
        """
        m = self.match
        self.narrate(m.events, m.deal, 0)
        while not m.over:
            seat = m.to_act[0]
            view = view_of(m.deal, seat, m)
            action = self.players[seat].choose(view, m.legal_actions(seat))
            deal, pot = m.deal, m.pot
            self.narrate(m.apply(action), deal, pot)


def _seat(text: str) -> int:
    letter = text.strip().upper()[:1]
    if letter not in SEAT_LETTERS or len(text.strip()) != 1:
        raise MahjongError(f"--seat must be one of E, S, W, N, got {text!r}")
    return SEAT_LETTERS.index(letter)


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia play``."""
    try:
        human = _seat(args.seat)
        names = [n.strip() for n in args.bots.split(",") if n.strip()]
        if len(names) == 1:
            names *= 3
        if len(names) != 3:
            raise MahjongError(f"--bots needs 1 or 3 names, got {len(names)}: {args.bots!r}")
        ruleset = load_ruleset(args.rules)
        game = Game(ruleset, seed=args.seed, max_deals=args.max_deals)
        seats = [(human + i) % 4 for i in range(1, 4)]
        external = seat_commands(args.bot_cmd)
        if human in external:
            raise MahjongError(f"--bot-cmd names seat {human}, your own seat (--seat)")
        if external and not str(ruleset.id).startswith("riichi"):
            raise MahjongError(f"--bot-cmd plays riichi rulesets only, not {args.rules!r}")
        if args.bot_timeout <= 0:
            raise MahjongError(f"--bot-timeout must be positive, got {args.bot_timeout}")
        bots: dict[int, Player] = {
            s: (
                MjaiProcessPlayer(external[s], timeout=args.bot_timeout)
                if s in external
                else make_bot(n, ruleset, seed=args.seed * 8 + s)
            )
            for s, n in zip(seats, names, strict=True)
        }
        match = game.new_match()
        attach_players(bots, match)
    except MahjongError as exc:
        print(f"muraglia play: error: {exc}", file=sys.stderr)
        return 2
    record = Path(args.record or f"muraglia-{ruleset.id}-seed{args.seed}.jsonl")
    session = Session(match, human, bots, out=sys.stdout, inp=sys.stdin, lang=args.lang)
    session.say(f"muraglia play: {args.rules}, seed {args.seed}; you are seat {human}")
    code = 0
    try:
        session.play()
        close_players(list(bots.values()))
    except (EOFError, KeyboardInterrupt):
        session.say()
        session.say("input ended: match abandoned")
        code = 1
    except BotProcessError as exc:
        session.say()
        session.say("an external bot failed: match abandoned")
        print(f"muraglia play: error: {exc}", file=sys.stderr)
        code = 1
    finally:
        close_players(list(bots.values()), finish=False)
    record.write_text(dumps(match), encoding="utf-8")
    session.say(f"record saved to {record} (muraglia replay {record})")
    return code
