"""A game record of any supported format stepped through the engine, for a viewer.

:func:`read_record` recognises a record by its content (ours, Tenhou mjlog XML, tenhou.net/6
JSON, an mjai log) with the messages of ``muraglia replay``; :func:`step` replays it through
the live engine (our records with :func:`~muraglia.io.record.replay`, the others with the
engine check of :mod:`muraglia.io.tenhou_replay`) and keeps a :class:`Frame` after every
move: every seat's :class:`~muraglia.engine.views.PlayerView`, each seat's shanten (the
ruleset's shapes) and waits (the flow's own completeness test), and the events
since the previous frame. Each deal (:class:`DealSteps`) keeps what the engine made of it:
its ending, the winners' :class:`~muraglia.engine.events.Won` events and the ruleset's
settlement (transfers, net, explanation). Nothing is recomputed outside the engine.

>>> from muraglia.engine.game import Game
>>> from muraglia.io.record import dumps
>>> from muraglia.rulesets import load_ruleset, spec_text
>>> m = Game(load_ruleset("ravenna"), seed=5, max_deals=1).new_match()
>>> while not m.over:
...     _ = m.apply(m.legal_actions(m.to_act[0])[0])
>>> steps = step(read_record(dumps(m), "game.jsonl"))
>>> len(steps.deals), steps.final == tuple(m.scores), steps.frames[-1].end
(1, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from muraglia.analysis.shapes import shape_shanten
from muraglia.engine import legal
from muraglia.engine.actions import Action
from muraglia.engine.events import Acted, DealEnded, DealStarted, Event, MatchEnded, Settled, Won
from muraglia.engine.match import MatchState
from muraglia.engine.state import DealState
from muraglia.engine.views import PlayerView, view_of
from muraglia.errors import InvalidHandError, MahjongError
from muraglia.io.mjai import parse_mjai
from muraglia.io.record import GameRecord, loads, replay
from muraglia.io.tenhou import Record, parse_mjlog, parse_tenhou6
from muraglia.io.tenhou_replay import HandCheck, check_record, rules_for
from muraglia.melds import SET_SIZE
from muraglia.rulesets import load_ruleset, spec_text
from muraglia.scoring.result import Settlement
from muraglia.tiles import HAND_SIZE, WAITING_SIZE, Tile, wind_letter

__all__ = [
    "FORMATS",
    "DealSteps",
    "Frame",
    "OpenedRecord",
    "Steps",
    "read_record",
    "record_format",
    "step",
]

FORMATS = ("muraglia", "mjlog", "tenhou6", "mjai")
"""Formats read: our JSON Lines records, Tenhou mjlog XML, tenhou.net/6 JSON, mjai logs."""

MAX_RECORD = 8 * 1024 * 1024
"""Largest record text read (a whole hanchan in any format is well under 1 MB)."""


def record_format(text: str, name: str) -> str:
    """The format of a record's text (one of :data:`FORMATS`), recognised by content.

    Raises:
        MahjongError: text that is none of them, named after ``name`` (``muraglia replay``'s
            message).
    """
    head = text.lstrip()[:4096]
    if head.startswith("<"):
        return "mjlog"
    first = head.split("\n", 1)[0]
    if '"header"' in first and '"type"' in first:
        return "muraglia"
    if '"type"' in first and ("start_game" in first or "start_kyoku" in first):
        return "mjai"
    if head.startswith("{") and '"log"' in text[:1_000_000]:
        return "tenhou6"
    raise MahjongError(
        f"{name}: not a game record (expected a muraglia JSON Lines record, Tenhou mjlog XML,"
        " tenhou.net/6 JSON or an mjai log)"
    )


@dataclass(frozen=True)
class OpenedRecord:
    """A record read from text: its format and its parsed form."""

    name: str
    """The file name (or what stands for it)."""
    format: str
    """One of :data:`FORMATS`."""
    record: GameRecord | Record
    """Ours (:class:`~muraglia.io.record.GameRecord`) or the Tenhou model (the others)."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names the record gives (empty when it gives none)."""
        if isinstance(self.record, Record):
            return tuple(self.record.header.players)
        names = self.record.header.get("names", ())
        return tuple(str(n) for n in names) if isinstance(names, list | tuple) else ()


def read_record(text: str, name: str = "record") -> OpenedRecord:
    """Parse a record of any of the :data:`FORMATS`.

    Raises:
        MahjongError: an empty or oversized text, an unknown format, or the format reader's
            own error (it names ``name``, the line or the round).
    """
    if len(text) > MAX_RECORD:
        raise MahjongError(f"{name}: over {MAX_RECORD // (1024 * 1024)} MB, not a game record")
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise MahjongError(f"{name}: empty, not a game record")
    kind = record_format(text, name)
    try:
        if kind == "muraglia":
            try:
                return OpenedRecord(name, kind, loads(text))
            except MahjongError as exc:
                raise MahjongError(f"{name}: {exc}") from None
        if kind == "mjlog":
            return OpenedRecord(name, kind, parse_mjlog(text, name))
        if kind == "mjai":
            return OpenedRecord(name, kind, parse_mjai(text, name))
        return OpenedRecord(name, kind, parse_tenhou6(text, name))
    except RecursionError:
        raise MahjongError(f"{name}: JSON nested too deeply") from None


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after some moves."""

    deal: int
    """Index of the deal in :attr:`Steps.deals`."""
    events: tuple[Event, ...]
    """The events since the previous frame (passes and the settlement's ``Settled`` left
    out: the end frame shows the settlement itself)."""
    views: tuple[PlayerView, ...]
    """Every seat's view (together: the whole table but the wall)."""
    shanten: tuple[int | None, ...]
    """Each seat's shanten (-1: complete; None when no shape gives one)."""
    waits: tuple[tuple[Tile, ...], ...]
    """Each ready 13-tile hand's winning tiles."""
    end: bool = False
    """The deal's last frame: it has ended (and been settled)."""
    discards: tuple[tuple[tuple[Tile, tuple[Tile, ...]], ...], ...] = ()
    """Per seat holding 14 tiles: each discard that keeps the hand's best shanten, with the
    winning tiles it leaves when that is ready (as ``muraglia analyze`` ranks discards);
    empty for the others, and for every seat in the deal's end frame (no decision is left:
    a winner's 14 tiles are its complete hand)."""

    @property
    def lines(self) -> tuple[str, ...]:
        """The engine's one-line English form of :attr:`events` (logs, ``muraglia replay``)."""
        return tuple(e.line() for e in self.events)


@dataclass
class DealSteps:
    """One deal: where its frames are and what the engine made of its end."""

    name: str
    """``E1-0``: round wind, dealer's seat + 1, counters (Tenhou's names)."""
    first: int
    """Index of its first frame."""
    last: int = -1
    """Index of its last frame."""
    reason: str = ""
    """The engine's ending (``win``, ``exhausted``, an abortive draw), empty if unfinished."""
    wins: tuple[Won, ...] = ()
    """The winners' events, scored patterns and values as the engine wrote them."""
    hands: tuple[str, ...] = ()
    """Every seat's final hand (the engine's ``DealEnded``)."""
    settlement: Settlement | None = None
    """The ruleset's settlement of the deal."""
    scores: tuple[int, ...] = ()
    """Every seat's score after the settlement."""
    problems: list[str] = field(default_factory=list)
    """Where the engine did not reproduce the record (Tenhou logs, ``replay --check``)."""


@dataclass
class Steps:
    """A whole record stepped through (see :func:`step`)."""

    opened: OpenedRecord
    rules: str
    """The ruleset (with options) the record was replayed under."""
    riichi: bool
    """The ruleset uses riichi sticks (honba names, dora)."""
    frames: list[Frame] = field(default_factory=list)
    deals: list[DealSteps] = field(default_factory=list)
    final: tuple[int, ...] | None = None
    """The match's final scores (``MatchEnded``), None when the record stops before."""
    problems: list[str] = field(default_factory=list)
    """Record-level problems (a round that could not be replayed at all)."""


_Analysis = tuple[int | None, tuple[Tile, ...], tuple[tuple[Tile, tuple[Tile, ...]], ...]]
"""A seat's (shanten, waits, best discards with their waits) in a frame."""

Decide = Callable[[MatchState, Action, int], None]
"""A hook called before each action with the match and the index of the frame shown then."""


class _Stepper:
    """The observer fed to the replays: a frame at every move."""

    def __init__(self, steps: Steps, decide: Decide | None) -> None:
        self.steps = steps
        self.decide = decide
        self.match: MatchState | None = None
        self.deal: DealState | None = None
        self.seen = 0
        """Events of :attr:`match` already shown in a frame."""
        self.cache: dict[tuple[Any, ...], _Analysis] = {}

    def __call__(self, match: MatchState, action: Action | None) -> None:
        if match is not self.match:
            self.close()
            self.match, self.deal, self.seen = match, None, 0
            self.steps.riichi = bool(match.flow.table.riichi_stake)
        if match.deal is not self.deal:
            self._close_deal(match)
            self._open_deal(match)
        self._frame(match, match.deal, self._shown(match.events[self.seen :]))
        self.seen = len(match.events)
        if action is not None and self.decide is not None:
            self.decide(match, action, len(self.steps.frames) - 1)

    def finish(self, match: MatchState) -> None:
        """The replay of ``match`` is over: its last frames."""
        if match is not self.match:
            self(match, None)
        self.close()

    def close(self) -> None:
        """The current match is done with: its deal's end, or where the record stops."""
        match, deal = self.match, self.deal
        if match is None or deal is None:
            return
        if deal.is_over:
            self._close_deal(match)
        else:
            new = match.events[self.seen :]
            if new:
                self._frame(match, deal, self._shown(new))
            info = self.steps.deals[-1]
            info.last = len(self.steps.frames) - 1
            info.problems.append("the record stops here")
        self.match = self.deal = None

    def _close_deal(self, match: MatchState) -> None:
        """The end frame of the deal just finished (inside the last action) and its result."""
        deal = self.deal
        if deal is None or not deal.is_over:
            return
        new = match.events[self.seen :]
        cut = next((i for i, e in enumerate(new) if isinstance(e, DealStarted)), len(new))
        events = new[:cut]
        self.seen += cut
        self._frame(match, deal, self._shown(events), end=True)
        info = self.steps.deals[-1]
        info.last = len(self.steps.frames) - 1
        for e in events:
            if isinstance(e, DealEnded):
                info.reason, info.hands = e.reason, e.hands
            elif isinstance(e, Settled):
                info.scores = e.scores
            elif isinstance(e, MatchEnded):
                self.steps.final = e.scores
        info.wins = tuple(e for e in events if isinstance(e, Won))
        info.settlement = match.last_settlement

    def _open_deal(self, match: MatchState) -> None:
        deal = match.deal
        name = f"{wind_letter(deal.round_wind)}{deal.dealer + 1}"
        if self.steps.riichi:
            name += f"-{match.counters[-1][0]}"
        self.steps.deals.append(DealSteps(name, len(self.steps.frames)))
        self.deal = deal

    @staticmethod
    def _shown(events: list[Event]) -> tuple[Event, ...]:
        return tuple(
            e
            for e in events
            if not (isinstance(e, Acted) and e.action.kind == "pass") and not isinstance(e, Settled)
        )

    def _frame(
        self, match: MatchState, deal: DealState, events: tuple[Event, ...], *, end: bool = False
    ) -> None:
        frames = self.steps.frames
        deal_index = len(self.steps.deals) - 1
        if frames and not events and not end and frames[-1].deal == deal_index:
            return  # nothing visible happened (passes)
        players = deal.players
        views = tuple(view_of(deal, s, match) for s in range(players))
        analysis = [self._analysis(deal, s) for s in range(players)]
        frames.append(
            Frame(
                deal_index,
                events,
                views,
                tuple(a[0] for a in analysis),
                tuple(a[1] for a in analysis),
                end,
                tuple(() if end else a[2] for a in analysis),
            )
        )

    def _analysis(self, deal: DealState, seat: int) -> _Analysis:
        """Shanten under the ruleset's shapes; waits by the flow's own completeness test.

        A 13-tile hand: its shanten and, ready, its waits. A 14-tile hand: its shanten (that
        of its best discard) and every discard that keeps it, each with the waits it leaves
        when the hand is then ready.
        """
        counts = list(deal.counts[seat])
        melds = len(deal.melds[seat])
        key = (*counts, melds, id(deal.flow))
        got = self.cache.get(key)
        if got is not None:
            return got
        shapes = deal.flow.ruleset.shapes
        try:
            sh: int | None = shape_shanten(counts, melds, shapes)
        except InvalidHandError:
            sh = None
        waits: tuple[Tile, ...] = ()
        best: list[tuple[Tile, tuple[Tile, ...]]] = []
        size = sum(counts) + SET_SIZE * melds
        if size == WAITING_SIZE and sh is not None and sh <= 0:
            waits = legal.waits_of(deal.flow, counts, melds)
        elif size == HAND_SIZE and sh is not None:
            after: list[tuple[int, Tile]] = []
            for k in range(len(counts)):
                if counts[k]:
                    counts[k] -= 1
                    after.append((shape_shanten(counts, melds, shapes), Tile(k)))
                    counts[k] += 1
            least = min(x for x, _ in after)
            for x, tile in after:
                if x == least:
                    counts[tile] -= 1
                    ready = legal.waits_of(deal.flow, counts, melds) if least == 0 else ()
                    counts[tile] += 1
                    best.append((tile, ready))
        got = (sh, waits, tuple(best))
        self.cache[key] = got
        return got


def _rules_of(record: GameRecord | Record) -> tuple[str, Any]:
    """The ruleset spec a record names and, for a Tenhou-model record, the ruleset loaded.

    Raises:
        MahjongError: an unknown ruleset or bad options.
    """
    if isinstance(record, GameRecord):
        given = record.header.get("options") or {}
        options = given.items() if isinstance(given, dict) else ()
        return spec_text(str(record.header.get("ruleset", "")), sorted(options)), None
    h = record.header
    if h.ruleset:
        return spec_text(h.ruleset, sorted(h.options)), load_ruleset(h.ruleset, **dict(h.options))
    rules = rules_for(record)
    return rules, load_ruleset(rules)


def step(opened: OpenedRecord, decide: Decide | None = None) -> Steps:
    """Replay ``opened`` through the engine, a :class:`Frame` after every move.

    ``decide(match, action, frame)``: called before each action (a review layer's hook).

    Raises:
        MahjongError: our record does not replay (``muraglia replay``'s message), or a Tenhou
            record names an unknown ruleset.
    """
    record = opened.record
    rules, ruleset = _rules_of(record)
    steps = Steps(opened, rules, False)
    stepper = _Stepper(steps, decide)
    if isinstance(record, GameRecord):
        try:
            match = replay(record, observe=stepper)
        except (MahjongError, KeyError, TypeError, ValueError) as exc:
            raise MahjongError(f"{opened.name}: {exc}") from None
        stepper.finish(match)
        return steps
    checks = check_record(record, ruleset, observe=stepper)
    stepper.close()
    by_name: dict[str, list[DealSteps]] = {}
    for d in steps.deals:
        by_name.setdefault(d.name, []).append(d)
    for c in checks:
        if isinstance(c, HandCheck):
            if c.matched:
                continue
            problem = "; ".join(
                f"{k}: recorded {c.expected.get(k)}, the engine {c.got.get(k)}"
                for k in sorted(set(c.expected) | set(c.got))
                if c.expected.get(k) != c.got.get(k)
            )
            hand = c.hand
        else:
            problem, hand = str(c.get("error", "")), str(c.get("hand", ""))
        targets = by_name.get(hand)
        if targets:
            targets[0].problems.append(problem)
        else:
            steps.problems.append(f"{hand}: {problem}")
    return steps
