"""Game records.

JSON Lines, a header (ruleset id, version, options, seed, cap, dictated walls) then one event per
line; :func:`replay` rebuilds the identical match (DESIGN §8). Fields added to events later have
defaults, so older records still load and replay (a ``won`` line without ``patterns``; a
format 1-2 riichi win whose value and patterns leave out the ura dora).

>>> from muraglia.rulesets import load_ruleset
>>> from muraglia.engine.game import Game
>>> m = Game(load_ruleset("ravenna"), seed=5, max_deals=1).new_match()
>>> while not m.over:
...     _ = m.apply(m.legal_actions(m.to_act[0])[0])
>>> text = dumps(m)
>>> replay(loads(text)).scores == m.scores
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from muraglia.engine import legal
from muraglia.engine.actions import Action
from muraglia.engine.events import Acted, Event, TimeCalled, Won, event_from_dict
from muraglia.engine.game import Game
from muraglia.engine.match import MatchState
from muraglia.engine.state import DealState
from muraglia.errors import MahjongError
from muraglia.notation import parse_tile
from muraglia.rulesets import ruleset_for

__all__ = ["GameRecord", "ReplayMismatchError", "dumps", "loads", "record_of", "replay"]

_RED_FIVES_FORMAT = 2
"""The first record format whose walls have red fives (older ones: the ruleset's option off)."""
_URA_FORMAT = 3
"""The first record format that writes a riichi win's ura dora."""


class ReplayMismatchError(MahjongError):
    """Replaying a record gave a different event than the recorded one."""


@dataclass(frozen=True)
class GameRecord:
    """A header and the events of one match."""

    header: dict[str, Any]
    """Ruleset id, version, options, seed, cap and dictated walls."""
    events: tuple[Event, ...]
    """Every event in order."""

    @property
    def rules_id(self) -> str:
        """The id the game was played under: a preset's (``riichi-tenhou``) or the ruleset's.

        >>> header = {"ruleset": "riichi-ema", "options": {"preset": "riichi-tenhou"}}
        >>> GameRecord(header, ()).rules_id
        'riichi-tenhou'
        >>> GameRecord({"ruleset": "fimj", "options": {"limit": 1000}}, ()).rules_id
        'fimj'
        """
        options = self.header.get("options")
        preset = options.get("preset") if isinstance(options, dict) else None
        return str(preset or self.header.get("ruleset", ""))


def record_of(match: MatchState) -> GameRecord:
    """The record of ``match`` so far."""
    return GameRecord(match.game.header(), tuple(match.events))


def dumps(match: MatchState | GameRecord) -> str:
    """JSON Lines text of a match or record."""
    rec = record_of(match) if isinstance(match, MatchState) else match
    lines = [json.dumps(rec.header, ensure_ascii=False)]
    lines += [json.dumps(e.to_dict(), ensure_ascii=False) for e in rec.events]
    return "\n".join(lines) + "\n"


def loads(text: str | Iterable[str]) -> GameRecord:
    """Parse JSON Lines text (or lines) into a record.

    Raises:
        MahjongError: on a missing header, bad JSON or an unknown event (names the line).
    """
    lines = text.splitlines() if isinstance(text, str) else list(text)
    rows = [(i + 1, ln) for i, ln in enumerate(lines) if ln.strip()]
    if not rows:
        raise MahjongError("empty record: no header line")
    try:
        header = json.loads(rows[0][1])
    except json.JSONDecodeError as exc:
        raise MahjongError(f"line 1: bad JSON in the header ({exc.msg})") from None
    except RecursionError:
        raise MahjongError("line 1: bad JSON in the header (nested too deeply)") from None
    if not isinstance(header, dict) or header.get("type") != "header":
        raise MahjongError("line 1: the first line must be the record header")
    events = []
    for n, line in rows[1:]:
        try:
            events.append(event_from_dict(json.loads(line)))
        except json.JSONDecodeError as exc:
            raise MahjongError(f"line {n}: bad JSON ({exc.msg})") from None
        except RecursionError:
            raise MahjongError(f"line {n}: bad JSON (nested too deeply)") from None
        except (MahjongError, TypeError, ValueError, KeyError) as exc:
            raise MahjongError(f"line {n}: {exc}") from None
    return GameRecord(header, tuple(events))


def game_of(header: dict[str, Any]) -> Game:
    """The :class:`Game` a header describes.

    Raises:
        MahjongError: for an unknown ruleset, bad options or a version mismatch.
    """
    options = dict(header.get("options", {}))
    if int(header.get("format_version", 1)) < _RED_FIVES_FORMAT:
        probe = ruleset_for(str(header["ruleset"]))
        if hasattr(probe.options, "red_fives"):
            options.setdefault("red_fives", False)
    ruleset = ruleset_for(str(header["ruleset"]), **options)
    if int(header.get("version", ruleset.version)) != ruleset.version:
        raise MahjongError(
            f"record made with {ruleset.id} version {header['version']}, "
            f"this engine has version {ruleset.version}"
        )
    walls = tuple(
        (tuple(parse_tile(t) for t in live), tuple(parse_tile(t) for t in dead))
        for live, dead in header.get("walls", ())
    )
    return Game(ruleset, seed=header.get("seed"), max_deals=header.get("max_deals"), walls=walls)


Observer = Callable[[MatchState, Action], None]
"""Called with the match before each action is applied to it (a viewer's hook)."""


def replay(
    record: GameRecord, *, check: bool = True, observe: Observer | None = None
) -> MatchState:
    """Re-apply the record's actions to a new match.

    With ``check`` every generated event must equal the recorded one. ``observe(match,
    action)`` is called before each action is applied (see :mod:`muraglia.io.stepper`).

    Raises:
        ReplayMismatchError: at the first differing event (names its index).
        IllegalActionError: if a recorded action is illegal on replay.
    """
    match = game_of(record.header).new_match()
    without_ura = check and int(record.header.get("format_version", 1)) < _URA_FORMAT
    older: dict[int, Won] = {}
    """Replayed riichi wins as a format 1-2 record wrote them (no ura dora), by event index."""
    for event in record.events:
        if isinstance(event, Acted):
            if observe is not None:
                observe(match, event.action)
            deal, start = match.deal, len(match.events)
            match.apply(event.action)
            for i in range(start, len(match.events)) if without_ura else ():
                e = match.events[i]
                if isinstance(e, Won) and deal.riichi[e.seat]:
                    older[i] = _won_without_ura(deal, e)
        elif isinstance(event, TimeCalled):  # the time rule: called here in the record
            match.call_time()
    if check:
        got, want = match.events, list(record.events)
        for i, (a, b) in enumerate(zip(got, want, strict=False)):
            if a != b and not _older_form(a, b) and not _older_form(older.get(i), b):
                raise ReplayMismatchError(
                    f"event {i}: recorded {b.line()!r}, replayed {a.line()!r}"
                )
        if len(got) != len(want):
            raise ReplayMismatchError(f"recorded {len(want)} events, replay gave {len(got)}")
    return match


def _won_without_ura(deal: DealState, won: Won) -> Won:
    """``won`` as a format 1-2 record wrote a riichi winner's win.

    Value and patterns without the ura dora: the settlement alone counted them (format 3 has
    one value for the win, the record and the payments).
    """
    patterns, value = legal.win_patterns(deal, won.seat, won.hand, won.from_seat, won.flags)
    return dataclasses.replace(won, patterns=patterns, value=won.value if value is None else value)


def _older_form(replayed: Event | None, recorded: Event) -> bool:
    """Whether ``recorded`` is ``replayed`` as an older record wrote it.

    Records written before :class:`Won` carried its patterns have none: the replayed event
    matches when everything else is equal. ``replayed`` may itself be the older form of a
    replayed riichi win (format 1-2, :func:`_won_without_ura`).
    """
    if not isinstance(replayed, Won) or not isinstance(recorded, Won):
        return False
    if replayed == recorded:
        return True
    return not recorded.patterns and dataclasses.replace(replayed, patterns=()) == recorded
