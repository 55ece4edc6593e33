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
import os
import sys
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any, TextIO

from rich.text import Text

from muraglia.cli._common import check_max_deals
from muraglia.cli._console import Console
from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Declare,
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
from muraglia.errors import MahjongError, excerpt
from muraglia.io.record import dumps
from muraglia.notation import parse_tiles
from muraglia.players import BOT_NAMES, BOTS, Player, make_bot
from muraglia.players.base import meld_kinds
from muraglia.players.external import (
    DEFAULT_TIMEOUT,
    BotProcessError,
    MjaiProcessPlayer,
    check_timeout,
    seat_commands,
)
from muraglia.players.simulate import attach_players, close_players
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import SEAT_LETTERS, DealFlow, wind_letter
from muraglia.tiles import WINDS, PhysicalTile, Tile

__all__ = [
    "QuitRequested",
    "default_record",
    "describe_action",
    "register",
    "run",
    "save_record",
    "text",
]

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
    p = subparsers.add_parser(
        "play",
        help="play a match against three bots in the terminal",
        description="Play a match against three bots, e.g. muraglia play --rules riichi-ema. "
        "At each prompt type the number of a choice; ? shows the help, q leaves the match "
        "(Ctrl-C too, exit code 130). The record is written as the match goes (default: "
        "muraglia-<id>-seed<N>.jsonl in this folder, never overwriting an earlier one) and "
        "replays with muraglia replay.",
    )
    p.add_argument("--rules", required=True, help="ruleset id, with options, e.g. fimj")
    p.add_argument("--seat", default="E", help="your seat in the first deal: E, S, W or N")
    p.add_argument("--seed", type=int, default=0, help="seed of the walls and the bots")
    p.add_argument(
        "--bots",
        default="efficiency,defensive,random",
        help=f"the three bots after you, comma-separated (known: {', '.join(BOTS)})",
    )
    p.add_argument(
        "--record",
        default=None,
        help="where to write the record (JSON Lines; checked before the first move; default: "
        "a new muraglia-<id>-seed<N>.jsonl in this folder)",
    )
    p.add_argument(
        "--lang", choices=("en", "it"), default="en", help="language of the screen (default en)"
    )
    p.add_argument("--max-deals", type=int, default=None, help="stop after this many deals (>= 1)")
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


_TEXT: dict[str, tuple[str, str]] = {
    # table
    "wall": ("wall {n} tiles, round wind {wind}", "muro {n} tessere, vento di round {wind}"),
    "indicators": (", dora indicators {tiles}", ", indicatori di dora {tiles}"),
    "pot": (", on the table {n}", ", sul tavolo {n}"),
    "score": ("score", "punti"),
    "melds": ("melds:   ", "combinaz.:"),
    "flowers": ("flowers: ", "fiori:   "),
    "discards": ("discards:", "scarti:  "),
    "your_hand": ("your hand: {tiles}", "la tua mano: {tiles}"),
    "drew": ("  + drew {tile}", "  + pescata {tile}"),
    "on_offer": ("on offer: {tile}", "in offerta: {tile}"),
    # choices
    "discard": ("discard {tile}", "scarta {tile}"),
    "just_drawn": (" (just drawn)", " (appena pescata)"),
    "and_riichi": (" and declare riichi", " e dichiara riichi"),
    "win_on": ("Mah-Jong! win on {tile}", "Mah-Jong! vinci su {tile}"),
    "win_self": ("Mah-Jong! win (self-drawn)", "Mah-Jong! vinci (pescata da te)"),
    "ron_on": ("Ron! win on {tile}", "Ron! vinci su {tile}"),
    "tsumo": ("Tsumo! win on your draw", "Tsumo! vinci sulla tua pescata"),
    "pung": ("pung{on}", "tris (pung){on}"),
    "kong": ("kong{on}", "quartone (kong){on}"),
    "chow": ("chow {tiles}", "scala (chow) {tiles}"),
    "pass": ("pass (no call)", "passa (nessuna chiamata)"),
    "concealed_kong": (
        "declare a concealed kong of {tile}",
        "dichiara un quartone coperto di {tile}",
    ),
    "added_kong": ("add {tile} to your pung (kong)", "aggiungi {tile} al tuo tris (quartone)"),
    "no_discard": (
        "end the deal without discarding (last tile drawn)",
        "chiudi la mano senza scartare (ultima tessera pescata)",
    ),
    "declare": ("declare {what}", "dichiara {what}"),
    # prompts
    "prompt": ("choice [1-{n}] (? help, q quit)> ", "scelta [1-{n}] (? aiuto, q esci)> "),
    "only_choice": ("  (only choice: {what})", "  (unica scelta: {what})"),
    "invalid_choice": (
        "  invalid choice {text}: enter a number from 1 to {n} (? for help)",
        "  scelta non valida {text}: scrivi un numero da 1 a {n} (? per l'aiuto)",
    ),
    "help": (
        "  Type the number of a choice and press Enter. q or quit leaves the match (the record "
        "is saved); so does Ctrl-C.",
        "  Scrivi il numero di una scelta e premi Invio. q o esci abbandona la partita (la "
        "registrazione è salvata); anche Ctrl-C.",
    ),
    "charleston": (
        "  Charleston: choose four tiles of your hand to pass (e.g. 19m5p7z)",
        "  Charleston: scegli quattro tessere della tua mano da passare (es. 19m5p7z)",
    ),
    "tiles_prompt": ("tiles (? help, q quit)> ", "tessere (? aiuto, q esci)> "),
    "invalid_tiles": ("  invalid tiles {text}: {why}", "  tessere non valide {text}: {why}"),
    "not_held": (
        "  invalid choice {text}: give four tiles you hold",
        "  scelta non valida {text}: indica quattro tessere che hai in mano",
    ),
    "continue": (
        "press Enter to continue (q to quit)> ",
        "premi Invio per continuare (q per uscire)> ",
    ),
    # narration
    "deal": (
        "══ deal {n}: round {wind}, dealer {who}",
        "══ mano {n}: round {wind}, mazziere {who}",
    ),
    "indicator": ("dora indicator: {tile}", "indicatore di dora: {tile}"),
    "shows": ("{who} shows {tile}", "{who} mostra {tile}"),
    "replacement": (
        "you draw a replacement tile: {tile}",
        "peschi una tessera di rimpiazzo: {tile}",
    ),
    "calls": ("{who} calls {call} {tiles} from {whom}", "{who} chiama {call} {tiles} da {whom}"),
    "kong_concealed": (
        "{who} declares a concealed kong of {tile}",
        "{who} dichiara un quartone coperto di {tile}",
    ),
    "kong_added": ("{who} declares an added kong of {tile}", "{who} aggiunge {tile}: quartone"),
    "riichi": ("{who} declares riichi (stake {stake})", "{who} dichiara riichi (posta {stake})"),
    "riichi_void": (
        "{who}'s riichi is void (the discard was claimed)",
        "il riichi di {who} è nullo (lo scarto è stato chiamato)",
    ),
    "status": ("{who} is now {status} ({reason})", "{who} ora è {status} ({reason})"),
    "discards_tile": ("{who} discards {tile}{riichi}", "{who} scarta {tile}{riichi}"),
    "you_discard": ("you discard {tile}{riichi}", "scarti {tile}{riichi}"),
    "declaring_riichi": (" declaring riichi", " dichiarando riichi"),
    "wins_self": ("{who} wins self-drawn", "{who} vince pescando da sé"),
    "wins_on": ("{who} wins on the discard of {whom}", "{who} vince sullo scarto di {whom}"),
    "wins_tsumo": ("{who} wins by tsumo (self-drawn)", "{who} vince con tsumo (pescata)"),
    "wins_ron": (
        "{who} wins by ron on the discard of {whom}",
        "{who} vince per ron sullo scarto di {whom}",
    ),
    "value": ("value", "valore"),
    "no_breakdown": ("  (no breakdown: {why})", "  (nessun dettaglio: {why})"),
    "no_winner": (
        "deal over without a winner ({reason})",
        "mano finita senza vincitori ({reason})",
    ),
    "void": ("deal void ({reason})", "mano annullata ({reason})"),
    "no_settlement": ("  (no settlement explanation: {why})", "  (nessuna spiegazione: {why})"),
    "hand_values": ("hand values: {values}", "valori delle mani: {values}"),
    "pays": ("    {payer} pays {payee} {amount}", "    {payer} paga {payee} {amount}"),
    "payments": ("payments:", "pagamenti:"),
    "standings": ("══ final standings", "══ classifica finale"),
    "seat": ("seat {n} ({name})", "posto {n} ({name})"),
    "start": (
        "muraglia play: {rules}, seed {seed}; you are seat {seat}. Record: {record}. "
        "At a prompt: a number chooses, ? helps, q quits.",
        "muraglia play: {rules}, seme {seed}; sei al posto {seat}. Registrazione: {record}. "
        "Al prompt: un numero sceglie, ? aiuta, q esce.",
    ),
    "quit": ("you left the match", "hai abbandonato la partita"),
    "ended": ("input ended: match abandoned", "input finito: partita abbandonata"),
    "interrupted": ("interrupted: match abandoned", "interrotta: partita abbandonata"),
    "bot_failed": (
        "an external bot failed: match abandoned",
        "un bot esterno ha fallito: partita abbandonata",
    ),
    "saved": (
        "record saved to {path} (muraglia replay {path})",
        "registrazione salvata in {path} (muraglia replay {path})",
    ),
}
"""Every line the terminal shows, in English and Italian (``--lang``)."""

_CALLS = {"en": {}, "it": {"pung": "tris", "chow": "scala", "kong": "quartone"}}
"""Call names in Italian (FIMJ terms); English keeps the engine's names."""

_QUIT = frozenset({"q", "quit", "exit", "esci"})
_HELP = frozenset({"?", "h", "help", "aiuto"})


def text(key: str, lang: str = "en", **fields: object) -> str:
    """The line ``key`` in ``lang`` with ``fields`` filled in.

    >>> text("discard", "it", tile="5m")
    'scarta 5m'
    """
    en, it = _TEXT[key]
    return (it if lang == "it" else en).format(**fields)


class QuitRequested(Exception):  # noqa: N818 - a request, not an error
    """The player typed ``q``/``quit`` at a prompt."""


def _tiles(tiles: Sequence[Tile], red: Collection[int] = ()) -> str:
    """Unicode glyphs then notation: ``🀇🀈 (1m2m)``.

    The tiles at the indexes ``red`` are red fives, written ``0m``/``0p``/``0s``
    (docs/notation.md).

    >>> _tiles([Tile.P4, Tile.P5, Tile.P6], red={1})
    '🀜🀝🀞 (4p0p6p)'
    """
    if not tiles:
        return "—"
    notes = "".join(PhysicalTile(t, i in red).notation for i, t in enumerate(tiles))
    return "".join(t.unicode for t in tiles) + " (" + notes + ")"


def _tile(tile: Tile, red: bool = False) -> str:
    return f"{PhysicalTile(tile, red).notation} {tile.unicode}"


def _hand_reds(tiles: Sequence[Tile], red_kinds: Collection[Tile]) -> set[int]:
    """The indexes in ``tiles`` of the red fives held (the first five of each red kind)."""
    out, left = set(), set(red_kinds)
    for i, t in enumerate(tiles):
        if t in left:
            out.add(i)
            left.discard(t)
    return out


def describe_action(
    action: Action,
    view: PlayerView | None = None,
    lang: str = "en",
    *,
    riichi: bool = False,
    flow: DealFlow[Any] | None = None,
) -> str:
    """A choice as a player reads it (``riichi``: wins named ron and tsumo).

    ``flow`` names a ruleset's own declarations (:meth:`DealFlow.term`).

    >>> from muraglia.tiles import Tile
    >>> describe_action(Discard(0, Tile.M5, riichi=True))
    'discard 5m 🀋 and declare riichi'
    >>> describe_action(Discard(0, Tile.M5, red=True))
    'discard 0m 🀋'
    """
    if isinstance(action, Discard):
        just = view is not None and view.drawn == action.tile and view.red_drawn == action.red
        drawn = text("just_drawn", lang) if just else ""
        out = text("discard", lang, tile=_tile(action.tile, action.red)) + drawn
        return out + (text("and_riichi", lang) if action.riichi else "")
    claim = view.claim if view is not None else None
    red_claim = view is not None and view.red_claim
    on = f" {_tile(claim, red_claim)}" if claim is not None else ""
    if isinstance(action, Win):
        if claim is not None:
            return text("ron_on" if riichi else "win_on", lang, tile=_tile(claim, red_claim))
        return text("tsumo" if riichi else "win_self", lang)
    if isinstance(action, Pung):
        return text("pung", lang, on=on)
    if isinstance(action, ClaimKong):
        return text("kong", lang, on=on)
    if isinstance(action, Chow):
        return text("chow", lang, tiles=_tiles(action.tiles))
    if isinstance(action, Pass):
        return text("pass", lang)
    if isinstance(action, ConcealedKong):
        return text("concealed_kong", lang, tile=_tile(action.tile))
    if isinstance(action, AddedKong):
        return text("added_kong", lang, tile=_tile(action.tile))
    if isinstance(action, NoDiscard):
        return text("no_discard", lang)
    if isinstance(action, Declare):
        what = flow.term(action.name, lang) if flow is not None else action.name
        return text("declare", lang, what=what)
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
            QuitRequested: when the player types ``q``.
        """
        s = self.session
        s.checkpoint()
        s.show_table(view)
        if all(isinstance(a, PassTiles) for a in legal):
            return self._pass_tiles(legal)
        choices = _order(legal)
        lang, riichi, flow = s.lang, s.riichi, s.flow
        if len(choices) == 1:
            what = describe_action(choices[0], view, lang, riichi=riichi, flow=flow)
            s.say(text("only_choice", lang, what=what))
            return choices[0]
        for i, a in enumerate(choices, start=1):
            s.say(f"  {i:>2}. {describe_action(a, view, lang, riichi=riichi, flow=flow)}")
        while True:
            answer = s.ask(text("prompt", lang, n=len(choices)))
            if answer is None:
                continue
            if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(choices):
                return choices[int(answer) - 1]
            s.say(text("invalid_choice", lang, text=excerpt(answer, limit=20), n=len(choices)))

    def _pass_tiles(self, legal: Sequence[Action]) -> Action:
        """Charleston (FIMJ-CHARL-1): four tiles typed in notation, re-asked until legal."""
        s = self.session
        offered = {a.tiles: a for a in legal if isinstance(a, PassTiles)}
        s.say(text("charleston", s.lang))
        while True:
            answer = s.ask(text("tiles_prompt", s.lang))
            if answer is None:
                continue
            shown = excerpt(answer, limit=20)
            try:
                kinds = tuple(sorted(p.kind for p in parse_tiles(answer)))
            except MahjongError as exc:
                s.say(text("invalid_tiles", s.lang, text=shown, why=exc))
                continue
            if kinds in offered:
                return offered[kinds]
            s.say(text("not_held", s.lang, text=shown))


class Session:
    """One terminal match: players, output, the event narration and the record."""

    def __init__(
        self,
        match: MatchState,
        human: int,
        bots: dict[int, Player],
        *,
        out: TextIO,
        inp: TextIO,
        lang: str,
        record: Path | None = None,
    ) -> None:
        self.match = match
        self.human = human
        self.bots = bots
        self.out = out
        self.inp = inp
        self.lang = lang
        self.record = record
        self._saved = -1
        self.console = Console(file=out, highlight=False, soft_wrap=True)
        self.ruleset = match.game.ruleset
        self.flow: DealFlow[Any] = match.game.flow
        self.riichi = str(self.ruleset.id).startswith("riichi")
        self.dealer = 0
        self.round_wind = WINDS[0]
        self.dora: list[str] = []
        self.players: dict[int, Player] = {**bots, human: HumanPlayer(self)}
        self.scores_shown = list(match.scores)
        """The scores after the last payments shown: each deal's row is the change from them
        (the riichi sticks paid into the pot and taken out of it included)."""

    def t(self, key: str, **fields: object) -> str:
        """The line ``key`` in the session's language."""
        return text(key, self.lang, **fields)

    def say(self, line: str = "") -> None:
        """Print a line, tiles coloured by suit (plain text when not on a terminal)."""
        styled = Text(line)
        for pattern, style in _TILE_STYLES:
            styled.highlight_regex(pattern, style)
        self.console.print(styled)

    def ask(self, prompt: str) -> str | None:
        """One answer, stripped; None after printing the help for ``?``.

        Raises:
            EOFError: when the input ends.
            QuitRequested: for ``q``/``quit``.
        """
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise EOFError
        answer = line.strip()
        if answer.lower() in _QUIT:
            raise QuitRequested
        if answer.lower() in _HELP:
            self.say(self.t("help"))
            return None
        return answer

    def checkpoint(self) -> None:
        """Save the record if the match moved on since the last save (written as it goes)."""
        if self.record is None or len(self.match.events) == self._saved:
            return
        save_record(self.record, self.match)
        self._saved = len(self.match.events)

    def who(self, seat: int) -> str:
        """``South (you)`` / ``West (defensive)``."""
        wind = _WIND_NAMES[self.lang][(seat - self.dealer) % 4]
        return f"{wind} ({self.name_of(seat)})"

    def name_of(self, seat: int) -> str:
        """``you`` / ``tu``, a bot's name in the session's language, an external bot's command."""
        if seat == self.human:
            return _YOU[self.lang]
        name = self.players[seat].name
        return BOT_NAMES.get(name, {}).get(self.lang, name)

    # ------------------------------------------------------------------ table

    def show_table(self, v: PlayerView) -> None:
        """Every seat's melds, flowers and discards, the own hand and what is on offer."""
        self.say()
        wind = f"{v.round_wind.notation} {v.round_wind.unicode}"
        wall = self.t("wall", n=v.live_count, wind=wind)
        if v.indicators:
            wall += self.t("indicators", tiles=_tiles(v.indicators))
        if v.pot:
            wall += self.t("pot", n=v.pot)
        self.say(f"── {wall}")
        for s in range(len(v.discards)):
            mark = " RIICHI" if v.riichi[s] else ""
            status = (
                "" if v.status[s] == "active" else f" [{self.flow.term(v.status[s], self.lang)}]"
            )
            self.say(f"{self.who(s):<22} {self.t('score')} {v.scores[s]:>6}{mark}{status}")
            melds = "  ".join(
                "".join(t.unicode for t in meld_kinds(m)) + f" {m}" for m in v.melds[s]
            )
            if melds:
                self.say(f"    {self.t('melds')} {melds}")
            if v.bonus[s]:
                self.say(f"    {self.t('flowers')} {_tiles(v.bonus[s])}")
            red = v.red_discards[s] if s < len(v.red_discards) else ()
            self.say(f"    {self.t('discards')} {_tiles(v.discards[s], red)}")
        hand = list(v.hand)
        reds = set(v.red_hand)
        if v.drawn is not None and v.drawn in hand:  # a flower drawn under riichi is not there
            hand.remove(v.drawn)
            if v.red_drawn:
                reds.discard(v.drawn)
        drawn = self.t("drew", tile=_tile(v.drawn, v.red_drawn)) if v.drawn is not None else ""
        self.say(self.t("your_hand", tiles=_tiles(hand, _hand_reds(hand, reds))) + drawn)
        if v.claim is not None:
            self.say(self.t("on_offer", tile=_tile(v.claim, v.red_claim)))

    # ------------------------------------------------------------------ narration

    def narrate(self, events: Sequence[Event], deal: DealState, pot_before: int) -> None:
        """Tell the events the human may know; explain results."""
        for e in events:
            if isinstance(e, DealStarted):
                self.dealer, self.round_wind, self.dora = e.dealer, e.round_wind, []
                names = _WIND_NAMES[self.lang]
                self.say()
                wind = names[WINDS.index(e.round_wind)]
                self.say(self.t("deal", n=e.deal + 1, wind=wind, who=self.who(e.dealer)))
            elif isinstance(e, IndicatorRevealed):
                self.dora.append(e.tile.notation)
                self.say(self.t("indicator", tile=_tile(e.tile)))
            elif isinstance(e, BonusExposed):
                self.say(self.t("shows", who=self.who(e.seat), tile=_tile(e.tile)))
            elif isinstance(e, Drew) and e.seat == self.human and e.replacement:
                self.say(self.t("replacement", tile=_tile(e.tile)))
            elif isinstance(e, Called):
                call = _CALLS[self.lang].get(e.call, e.call)
                self.say(
                    self.t("calls", who=self.who(e.seat), call=call, tiles=_tiles(e.tiles),
                           whom=self.who(e.from_seat))
                )  # fmt: skip
            elif isinstance(e, KongMade):
                key = "kong_concealed" if e.concealed else "kong_added"
                self.say(self.t(key, who=self.who(e.seat), tile=e.tile.notation))
            elif isinstance(e, RiichiAccepted):
                self.say(self.t("riichi", who=self.who(e.seat), stake=e.stake))
            elif isinstance(e, RiichiCancelled):
                self.say(self.t("riichi_void", who=self.who(e.seat)))
            elif isinstance(e, StatusChanged):
                status, reason = (
                    self.flow.term(e.status, self.lang),
                    self.flow.term(e.reason, self.lang),
                )
                self.say(self.t("status", who=self.who(e.seat), status=status, reason=reason))
            elif isinstance(e, Won):
                self.explain_win(e, deal)
            elif isinstance(e, DealEnded):
                self.explain_end(e, deal, pot_before)
            elif isinstance(e, Settled):
                self.say(self.t("payments"))
                for s, after in enumerate(e.scores):
                    x = after - self.scores_shown[s]  # old score + change = new score
                    self.say(f"    {self.who(s):<22} {x:+7}   → {after:>7}")
                self.scores_shown = list(e.scores)
            elif isinstance(e, MatchEnded):
                self.standings(e.scores)
            else:
                self._narrate_action(e)

    def _narrate_action(self, e: Event) -> None:
        action = getattr(e, "action", None)
        if isinstance(action, Discard):
            riichi = self.t("declaring_riichi") if action.riichi else ""
            if action.seat == self.human:
                self.say(self.t("you_discard", tile=_tile(action.tile), riichi=riichi))
            else:
                who = self.who(action.seat)
                self.say(self.t("discards_tile", who=who, tile=_tile(action.tile), riichi=riichi))

    def explain_win(self, e: Won, deal: DealState) -> None:
        """The winner's hand, its patterns (bilingual) and the ruleset's breakdown.

        The value shown is the won event's (the one the record keeps and the settlement pays,
        ura dora included); the breakdown is the ruleset's scorer on the same inputs.
        """
        who = self.who(e.seat)
        if e.from_seat is None:
            how = self.t("wins_tsumo" if self.riichi else "wins_self", who=who)
        else:
            key = "wins_ron" if self.riichi else "wins_on"
            how = self.t(key, who=who, whom=self.who(e.from_seat))
        self.say()
        self.say(f"★ {how}: {e.hand}  {self.t('value')} {e.value}")
        data: dict[str, Any] = {
            "hand": e.hand,
            "win": "tsumo" if e.from_seat is None else "ron",
            "seat_wind": SEAT_LETTERS[(e.seat - self.dealer) % 4],
            "round_wind": wind_letter(self.round_wind),
            "flags": list(e.flags),
            "dora": list(self.dora),
        }
        ura = _ura_of(deal)  # the settlement's: revealed when a winner declared riichi
        if ura:
            data["ura"] = list(ura)
        if e.from_seat is not None:
            data["discarder"] = SEAT_LETTERS[(e.from_seat - self.dealer) % 4]
        try:
            result = self.ruleset.score_dict(data)
        except MahjongError as exc:
            self.say(self.t("no_breakdown", why=exc))
            return
        for p in result.get("patterns", ()):
            count = f" ×{p['count']}" if p.get("count", 1) > 1 else ""
            unit = _unit(int(p["value"]), str(p["unit"]), self.lang)
            self.say(f"  · {p.get('it', p['en'])} / {p['en']}{count}: {p['value']} {unit}")
        for line in result.get("explanation", {}).get(self.lang, ()):
            self.say(f"    {line}")

    def explain_end(self, e: DealEnded, deal: DealState, pot_before: int) -> None:
        """How the deal ended, every hand, and the ruleset's settlement explanation."""
        reason = self.flow.term(e.reason, self.lang)
        if not e.winners:
            self.say(self.t("no_winner", reason=reason))
        elif e.void:
            self.say(self.t("void", reason=reason))
        for s, hand in enumerate(e.hands):
            self.say(f"    {self.who(s):<22} {hand}")
        stake = deal.flow.table.riichi_stake
        sticks = (pot_before + sum(deal.stakes)) // stake if stake else 0
        try:
            settlement = deal.settle(sticks=sticks)
        except MahjongError as exc:
            self.say(self.t("no_settlement", why=exc))
            return
        letters = {deal.letter(s): s for s in range(deal.players)}
        if settlement.values:
            values = ", ".join(
                f"{self.who(letters[k])} {v}" for k, v in settlement.values.items() if k in letters
            )
            self.say(self.t("hand_values", values=values))
        for t in settlement.transfers:
            if t.amount:
                payer, payee = self._party(t.payer, letters), self._party(t.payee, letters)
                self.say(self.t("pays", payer=payer, payee=payee, amount=t.amount))
        lines = settlement.explanation.get(self.lang) or settlement.explanation.get("en", ())
        for line in lines:
            self.say(f"    {line}")

    def _party(self, letter: str, letters: dict[str, int]) -> str:
        """A settlement party: a seat, or the table (riichi sticks)."""
        if letter in letters:
            return self.who(letters[letter])
        return "tavolo" if self.lang == "it" and letter == "table" else letter

    def standings(self, scores: Sequence[int]) -> None:
        """The final table, best first."""
        self.say()
        self.say(self.t("standings"))
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        for place, s in enumerate(order, start=1):
            label = self.t("seat", n=s, name=self.name_of(s))
            self.say(f"  {place}. {label:<24} {scores[s]:>8}")

    def pause(self) -> None:
        """Keep a deal's result on screen until the player continues (Enter).

        Raises:
            EOFError: when the input ends.
            QuitRequested: for ``q``.
        """
        self.checkpoint()
        while self.ask(self.t("continue")) is None:
            pass

    # ------------------------------------------------------------------ loop

    def play(self) -> None:
        """Play to the end of the match.

        Raises:
            EOFError: when the human's input ends.
            QuitRequested: when the human quits.
        """
        m = self.match
        self.narrate(m.events, m.deal, 0)
        while not m.over:
            seat = m.to_act[0]
            view = view_of(m.deal, seat, m)
            action = self.players[seat].choose(view, m.legal_actions(seat))
            deal, pot = m.deal, m.pot
            events = m.apply(action)
            self.narrate(events, deal, pot)
            ended = [type(e) for e in events if isinstance(e, DealEnded | MatchEnded)]
            if DealEnded in ended and MatchEnded not in ended:
                self.pause()  # the result stays on screen until the player continues


def _unit(value: int, unit: str, lang: str) -> str:
    """``1 double`` / ``2 doubles`` / ``1 raddoppio`` (units of the pattern rows)."""
    names = {
        "doubles": ("double", "doubles", "raddoppio", "raddoppi"),
        "points": ("point", "points", "punto", "punti"),
    }
    if unit not in names:
        return unit
    one, many, uno, tanti = names[unit]
    if lang == "it":
        return uno if value == 1 else tanti
    return one if value == 1 else many


def _ura_of(deal: DealState) -> tuple[str, ...]:
    """The ura dora indicators the settlement of ``deal`` counts."""
    return tuple(deal.outcome().ura) if deal.result is not None else ()


def save_record(path: Path, match: MatchState) -> None:
    """Write the match's record to ``path`` atomically (a temporary file, then a rename).

    Raises:
        OSError: if the folder cannot be written.
    """
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(dumps(match), encoding="utf-8")
    os.replace(tmp, path)


def default_record(rules_id: str, seed: int, folder: Path | None = None) -> Path:
    """``muraglia-<id>-seed<N>.jsonl`` in ``folder``, numbered so as never to overwrite one."""
    base = folder or Path.cwd()
    path = base / f"muraglia-{rules_id}-seed{seed}.jsonl"
    n = 2
    while path.exists():
        path = base / f"muraglia-{rules_id}-seed{seed}-{n}.jsonl"
        n += 1
    return path


def _seat(text: str) -> int:
    letter = text.strip().upper()[:1]
    if letter not in SEAT_LETTERS or len(text.strip()) != 1:
        raise MahjongError(f"--seat must be one of E, S, W, N, got {excerpt(text, limit=20)}")
    return SEAT_LETTERS.index(letter)


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia play``."""
    try:
        human = _seat(args.seat)
        check_max_deals(args.max_deals)
        names = [n.strip() for n in args.bots.split(",") if n.strip()]
        if len(names) == 1:
            names *= 3
        if len(names) != 3:
            raise MahjongError(
                f"--bots needs 1 or 3 names, got {len(names)}: {excerpt(args.bots, limit=40)}"
            )
        ruleset = load_ruleset(args.rules)
        game = Game(ruleset, seed=args.seed, max_deals=args.max_deals)
        seats = [(human + i) % 4 for i in range(1, 4)]
        external = seat_commands(args.bot_cmd)
        if human in external:
            raise MahjongError(f"--bot-cmd names seat {human}, your own seat (--seat)")
        if external and not str(ruleset.id).startswith("riichi"):
            raise MahjongError(f"--bot-cmd plays riichi rulesets only, not {args.rules!r}")
        check_timeout(args.bot_timeout)
        bots: dict[int, Player] = {
            s: (
                MjaiProcessPlayer(external[s], timeout=args.bot_timeout)
                if s in external
                else make_bot(n, ruleset, seed=args.seed * 8 + s)
            )
            for s, n in zip(seats, names, strict=True)
        }
        match = game.new_match()
        record = Path(args.record) if args.record else default_record(str(ruleset.id), args.seed)
        try:  # the record is written now, so an unwritable path fails before any play
            save_record(record, match)
        except OSError as exc:
            raise MahjongError(f"cannot write the record {str(record)!r}: {exc.strerror}") from None
        attach_players(bots, match)
    except MahjongError as exc:
        print(f"muraglia play: error: {exc}", file=sys.stderr)
        return 2
    session = Session(
        match, human, bots, out=sys.stdout, inp=sys.stdin, lang=args.lang, record=record
    )
    session.say(session.t("start", rules=args.rules, seed=args.seed, seat=human, record=record))
    code = 0
    try:
        session.play()
        close_players(list(bots.values()))
    except QuitRequested:
        session.say()
        session.say(session.t("quit"))
    except EOFError:
        session.say()
        session.say(session.t("ended"))
        code = 1
    except KeyboardInterrupt:
        session.say()
        session.say(session.t("interrupted"))
        code = 130
    except BotProcessError as exc:
        session.say()
        session.say(session.t("bot_failed"))
        print(f"muraglia play: error: {exc}", file=sys.stderr)
        code = 1
    finally:
        close_players(list(bots.values()), finish=False)
        try:
            save_record(record, match)
        except OSError as exc:
            print(f"muraglia play: error: cannot save the record: {exc}", file=sys.stderr)
            code = code or 1
    session.say(session.t("saved", path=record))
    return code
