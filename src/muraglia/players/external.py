"""An external bot process speaking mjai on stdin/stdout takes a seat (``--bot-cmd``).

:class:`MjaiProcessPlayer` is a :class:`~muraglia.players.base.Player` whose decisions come from
a child process. It is attached to a match (:meth:`MjaiProcessPlayer.attach`): at each of its
decisions it sends the mjai messages of every event since its last decision, as its seat sees
them (:func:`~muraglia.io.mjai.to_mjai`, then :func:`seat_view`: the other seats' tiles are
``?``; ``start_kyoku`` carries the deal's counters), one JSON line each, and reads one JSON line
back for each. The answer to the last message is the decision; the
answers to the others must be ``none`` (the bot has nothing to decide there: the engine asks a
seat only when it has a choice). The answer is checked against the engine's legal actions:

==============  ==========================================================================
answer          action
==============  ==========================================================================
``dahai``       :class:`Discard` of ``pai``
``reach``       riichi: the bot gets ``reach`` back and answers the ``dahai`` that declares it
``hora``        :class:`Win`
``pon``         :class:`Pung`; ``chi`` (``consumed``): :class:`Chow`; ``daiminkan``:
                :class:`ClaimKong`
``ankan``       :class:`ConcealedKong` of ``consumed``; ``kakan``: :class:`AddedKong` of ``pai``
``ryukyoku``    the abortive declaration on offer (nine terminals)
``none``        :class:`Pass` (a claim declined)
==============  ==========================================================================

A reply that is not JSON, not an object, names an illegal action, comes after the bot's process
died, or does not come within ``timeout`` seconds raises :class:`BotProcessError`, whose message
names the seat, the command, the message sent and the reply. :meth:`MjaiProcessPlayer.close`
sends what is left (the last ``end_kyoku``, ``end_game``) and ends the process.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

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
from muraglia.engine.events import DealStarted
from muraglia.engine.match import MatchState
from muraglia.engine.views import PlayerView
from muraglia.errors import MahjongError
from muraglia.io.mjai import from_mjai, to_mjai
from muraglia.tiles import WIND_LETTERS, wind_index

__all__ = [
    "CMD_PREFIX",
    "MAX_REPLY",
    "MAX_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "BotProcessError",
    "MjaiProcessPlayer",
    "command_of",
    "check_timeout",
    "seat_commands",
    "seat_view",
    "split_command",
]

CMD_PREFIX = "cmd:"
"""A seat's bot name ``cmd:<command>`` is an external mjai bot run as ``<command>``."""

DEFAULT_TIMEOUT = 30.0
"""Seconds to wait for one reply (the first one includes the bot's start-up)."""

MAX_TIMEOUT = 3600.0
"""The longest wait for one reply a command line may ask for (an hour)."""

MAX_REPLY = 1 << 16
"""The longest reply line read from a bot, in characters: an mjai reply is one short JSON
object, and a bot writing without end must not fill the memory."""

_TOO_LONG = "\x00too long"
"""What the reading thread queues for a reply line longer than :data:`MAX_REPLY`."""


def check_timeout(seconds: float) -> float:
    """``--bot-timeout``: a positive number of seconds up to :data:`MAX_TIMEOUT`.

    >>> check_timeout(5)
    5
    >>> check_timeout(float("inf"))
    Traceback (most recent call last):
    ...
    muraglia.errors.MahjongError: --bot-timeout must be between 0 and 3600 s, got inf

    Raises:
        MahjongError: naming the value.
    """
    if not 0 < seconds <= MAX_TIMEOUT:  # nan fails too
        raise MahjongError(
            f"--bot-timeout must be between 0 and {MAX_TIMEOUT:g} s, got {seconds:g}"
        )
    return seconds


class BotProcessError(MahjongError):
    """An external bot answered something illegal or unreadable, died, or hung."""


def command_of(name: str) -> str | None:
    """The command of a ``cmd:...`` bot name (None for our own bots).

    >>> command_of("cmd:python bot.py"), command_of("efficiency")
    ('python bot.py', None)
    """
    return name[len(CMD_PREFIX) :] if name.startswith(CMD_PREFIX) else None


def split_command(cmd: str) -> list[str]:
    """The argument list of ``cmd`` (shell-like quoting), its program checked to exist.

    Raises:
        MahjongError: for an empty command, bad quoting or a program that is not found or
            not executable.
    """
    try:
        argv = shlex.split(cmd)
    except ValueError as exc:
        raise MahjongError(f"bad bot command {cmd!r}: {exc}") from None
    if not argv:
        raise MahjongError("empty bot command")
    if shutil.which(argv[0]) is None:
        if not Path(argv[0]).is_file():
            raise MahjongError(f"bot command {cmd!r}: program {argv[0]!r} not found")
        if not os.access(argv[0], os.X_OK):
            raise MahjongError(
                f"bot command {cmd!r}: {argv[0]!r} is not executable (chmod +x it, or name its "
                "interpreter: python bot.py)"
            )
    return argv


def seat_commands(specs: Sequence[str]) -> dict[int, str]:
    """Seats and commands of ``--bot-cmd SEAT=CMD`` options (seat ``E S W N`` or ``0``-``3``).

    The seat letters are the first deal's winds: seat 0 is East.

    >>> seat_commands(["S=python bot.py", "3=./other --fast"])
    {1: 'python bot.py', 3: './other --fast'}

    Raises:
        MahjongError: for a missing ``=``, an unknown seat, or a seat given twice.
    """
    out: dict[int, str] = {}
    for spec in specs:
        seat_text, sep, cmd = spec.partition("=")
        key = seat_text.strip().upper()
        if not sep or not cmd.strip():
            raise MahjongError(f"--bot-cmd needs SEAT=COMMAND, got {spec!r}")
        if key in WIND_LETTERS:
            seat = wind_index(key)
        elif key in ("0", "1", "2", "3"):
            seat = int(key)
        else:
            raise MahjongError(f"--bot-cmd seat must be E, S, W, N or 0-3, got {seat_text!r}")
        if seat in out:
            raise MahjongError(f"--bot-cmd gives seat {seat_text!r} twice")
        out[seat] = cmd.strip()
    return out


def seat_view(messages: Sequence[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The mjai messages as ``seat`` may see them: other seats' dealt tiles and draws are ``?``.

    >>> seat_view([{"type": "tsumo", "actor": 1, "pai": "5m"}], 0)
    [{'type': 'tsumo', 'actor': 1, 'pai': '?'}]
    """
    out = []
    for m in messages:
        if m["type"] == "start_kyoku":
            hands = [h if s == seat else ["?"] * len(h) for s, h in enumerate(m["tehais"])]
            out.append({**m, "tehais": hands})
        elif m["type"] == "tsumo" and m["actor"] != seat:
            out.append({**m, "pai": "?"})
        else:
            out.append(m)
    return out


def _line(msg: dict[str, Any]) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


class MjaiProcessPlayer:
    """An mjai bot process in one seat (see the module docstring)."""

    def __init__(self, cmd: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.cmd = cmd
        self.name = CMD_PREFIX + cmd
        self.argv = split_command(cmd)
        self.timeout = timeout
        self.seat = -1
        self._match: MatchState | None = None
        self._deal_at = 0
        """Index in the match's events of the current deal's ``DealStarted``."""
        self._sent = 0
        """Messages of the current deal already turned into pending messages."""
        self._pending: list[dict[str, Any]] = []
        self._skip_reach = False
        self._proc: subprocess.Popen[str] | None = None
        self._replies: queue.Queue[str | None] = queue.Queue()

    # ------------------------------------------------------------------ process

    def attach(self, match: MatchState, seat: int) -> None:
        """Sit at ``seat`` of ``match``; start the process."""
        self.seat = seat
        self._match = match
        self._deal_at = self._sent = 0
        self._pending = [{"type": "start_game", "id": seat, "names": ["0", "1", "2", "3"]}]
        self._spawn()

    def _spawn(self) -> None:
        """Start the bot's process and the thread reading its replies."""
        try:
            self._proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
                start_new_session=True,  # its own process group: the helpers it starts end too
            )
        except OSError as exc:
            raise self._error(f"cannot start: {exc}") from None
        threading.Thread(target=self._read, args=(self._proc,), daemon=True).start()

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        while line := proc.stdout.readline(MAX_REPLY + 1):
            if len(line) > MAX_REPLY and not line.endswith("\n"):
                self._replies.put(_TOO_LONG)  # read no further: the exchange ends on it
                _kill(proc)
                return
            self._replies.put(line)
        self._replies.put(None)

    def _error(
        self, problem: str, sent: dict[str, Any] | None = None, reply: Any = None
    ) -> BotProcessError:
        text = f"bot in seat {self.seat} ({self.cmd}): {problem}"
        if sent is not None:
            text += f"; sent {_line(sent)}"
        if reply is not None:
            text += f"; reply {reply if isinstance(reply, str) else _line(reply)!r}"
        return BotProcessError(text)

    def _exit_code(self, proc: subprocess.Popen[str]) -> int | None:
        """The exit code of a process that closed its pipes (None if it is still running)."""
        try:
            return proc.wait(timeout=min(self.timeout, 5.0))
        except subprocess.TimeoutExpired:
            return None

    def _exchange(self, msg: dict[str, Any]) -> dict[str, Any]:
        """Send one message, return the bot's one reply (a JSON object)."""
        proc = self._proc
        assert proc is not None
        assert proc.stdin is not None
        try:
            proc.stdin.write(_line(msg) + "\n")
            proc.stdin.flush()
        except OSError:  # BrokenPipeError: the process is gone
            code = self._exit_code(proc)
            raise self._error(f"process ended (exit code {code}) before reading", msg) from None
        try:
            line = self._replies.get(timeout=self.timeout)
        except queue.Empty:
            raise self._error(f"no reply within {self.timeout:g} s", msg) from None
        if line is _TOO_LONG:
            raise self._error(f"reply longer than {MAX_REPLY} characters without a newline", msg)
        if line is None:
            self._replies.put(None)  # stays ended
            code = self._exit_code(proc)
            raise self._error(f"process ended (exit code {code}) without a reply", msg)
        try:
            reply = json.loads(line)
        except json.JSONDecodeError:
            raise self._error("reply is not JSON", msg, line.strip()[:200]) from None
        if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
            raise self._error("reply is not an mjai message", msg, line.strip()[:200])
        return reply

    def _collect(self) -> None:
        """Turn the events since the last decision into pending messages, as the seat sees them.

        Each deal's events are converted by :func:`~muraglia.io.mjai.to_mjai` (whose output
        grows message by message with the events); the messages not sent yet are masked for the
        seat (:func:`seat_view`) and queued.
        """
        match = self._match
        assert match is not None
        events = match.events
        starts = [
            i for i in range(self._deal_at, len(events)) if isinstance(events[i], DealStarted)
        ] or [self._deal_at]
        for n, at in enumerate(starts):
            if at != self._deal_at:
                self._deal_at, self._sent = at, 0
            end = starts[n + 1] if n + 1 < len(starts) else len(events)
            messages = to_mjai(events[at:end])[1:]  # without its start_game
            for m in seat_view(messages[self._sent :], self.seat):
                if m["type"] == "start_kyoku" and at == starts[-1]:
                    stake = match.flow.table.riichi_stake
                    m["honba"] = match.progress.honba  # EMA-HONBA-4 needs the counters
                    m["kyotaku"] = match.pot // stake if stake else 0
                if self._skip_reach and m["type"] == "reach" and m["actor"] == self.seat:
                    self._skip_reach = False  # sent already, when the bot declared
                    continue
                self._pending.append(m)
            self._sent = len(messages)

    def _flush(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """Send every pending message; the last one and its reply (None if nothing pending)."""
        self._collect()
        pending, self._pending = self._pending, []
        last: tuple[dict[str, Any], dict[str, Any]] | None = None
        for i, msg in enumerate(pending):
            reply = self._exchange(msg)
            if i + 1 < len(pending) and reply["type"] != "none":
                raise self._error("nothing to decide here (expected none)", msg, reply)
            last = (msg, reply)
        return last

    def close(self, *, finish: bool = True) -> None:
        """End the process; with ``finish``, first send the remaining messages.

        Their answers must be ``none``; without ``finish`` (after an error) the process is
        killed at once.
        """
        proc = self._proc
        if proc is None:
            return
        try:
            if not finish:
                _kill(proc)
            elif proc.poll() is None:
                got = self._flush()
                if got is not None and got[1]["type"] != "none":
                    raise self._error("nothing to decide here (expected none)", *got)
        finally:
            self._proc = None
            if proc.stdin is not None:
                with contextlib.suppress(OSError):
                    proc.stdin.close()
            try:
                proc.wait(timeout=min(self.timeout, 5.0))
            except subprocess.TimeoutExpired:
                _kill(proc)
                proc.wait()
            _kill(proc)  # what it started and left running (a wrapper script's child)

    # ------------------------------------------------------------------ decisions

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Send the new messages and turn the bot's answer into one of ``legal``.

        Raises:
            BotProcessError: for an illegal or unreadable answer, a dead or hung process.
        """
        if self.seat < 0:
            raise self._error("not attached to a match")
        got = self._flush()
        if got is None:
            raise self._error("asked to decide with no new message to send")
        msg, reply = got
        action = self._action(reply, legal, msg)
        if action is None:
            raise self._error(f"illegal answer (legal: {_describe(legal)})", msg, reply)
        return action

    def _action(
        self, reply: dict[str, Any], legal: Sequence[Action], msg: dict[str, Any]
    ) -> Action | None:
        s = self.seat
        kind = reply["type"]
        if "actor" in reply and reply["actor"] != s:
            return None
        try:
            if kind == "none":
                action: Action | None = Pass(s)
            elif kind == "dahai":
                action = _discard(legal, reply["pai"], riichi=False)
            elif kind == "reach":
                if not any(isinstance(a, Discard) and a.riichi for a in legal):
                    return None
                echo = {"type": "reach", "actor": s}
                reply = self._exchange(echo)
                if reply["type"] != "dahai" or reply.get("actor", s) != s:
                    raise self._error("a reach must be followed by its dahai", echo, reply)
                action = _discard(legal, reply["pai"], riichi=True)
                if action is None:
                    raise self._error(
                        f"illegal riichi discard (legal: {_describe(legal)})", echo, reply
                    )
                self._skip_reach = True
            elif kind == "hora":
                action = Win(s)
            elif kind == "pon":
                action = _red_choice(Pung(s), reply, legal)
            elif kind == "daiminkan":
                action = ClaimKong(s)
            elif kind == "chi":
                tiles = [from_mjai(t) for t in (reply["pai"], *reply["consumed"])]
                action = _red_choice(Chow(s, tuple(sorted(tiles))), reply, legal)
            elif kind == "ankan":
                action = ConcealedKong(s, from_mjai(reply["consumed"][0]))
            elif kind == "kakan":
                action = AddedKong(s, from_mjai(reply["pai"]))
            elif kind == "ryukyoku":
                action = next((a for a in legal if isinstance(a, Declare)), None)
            else:
                action = None
        except (KeyError, IndexError, TypeError) as exc:
            raise self._error(f"malformed {kind} answer ({exc!r})", msg, reply) from None
        except MahjongError as exc:
            raise self._error(str(exc), msg, reply) from None
        return action if action in legal else None


def _red_choice(call: Pung | Chow, reply: dict[str, Any], legal: Sequence[Action]) -> Action:
    """``call`` with the caller's red five when ``consumed`` names it and the engine offers it.

    EMA-TILE-2: a plain five could go instead; the bot's ``consumed`` says which.
    """
    red = replace(call, red=True)
    named = any(str(t).endswith("r") for t in reply.get("consumed", ()))
    return red if named and red in legal else call


def _discard(legal: Sequence[Action], pai: str, *, riichi: bool) -> Discard | None:
    """The legal discard of the mjai tile ``pai``, or None.

    A red five (``5mr``) is the red one when the engine tells red fives apart.
    """
    tile = from_mjai(pai)
    same = [a for a in legal if isinstance(a, Discard) and a.tile == tile and a.riichi == riichi]
    red = pai.endswith("r")
    exact = [a for a in same if bool(getattr(a, "red", False)) == red]
    if exact:
        return exact[0]
    if same and not hasattr(same[0], "red"):  # an engine without red fives
        return same[0]
    return None


def _describe(legal: Sequence[Action]) -> str:
    return ", ".join(a.line() for a in legal)


def _kill(proc: subprocess.Popen[str]) -> None:
    """Kill a bot's process group (its own session: the bot and whatever it started)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        proc.kill()
