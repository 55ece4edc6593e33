"""Bot-against-bot simulation: play seeded matches, in parallel processes, and report.

:func:`play_match` plays one match and returns a JSON-able summary (so that worker processes
send back only small dictionaries); :func:`simulate` plays many, locally with a
:class:`concurrent.futures.ProcessPoolExecutor` when ``workers > 1``, and folds them into a
:class:`Report` whose :meth:`Report.to_dict` is the ``muraglia simulate --json`` object of
interfaces.md §5 (plus extra keys: per-seat details, hand values, pattern names).

Every hand won is re-scored with the ruleset's public ``score_dict`` to count its patterns.
Match ``i`` of a simulation with seed ``S`` uses the game seed :func:`match_seed` ``(S, i)``
and bot seeds derived from it, so a seed fixes the whole simulation whatever the number of
workers.

``workers > 1`` plays in local processes; a ``backend`` (a function from the jobs to their
results, in any order) plays them elsewhere: ``muraglia simulate --ray`` passes one that runs
them on a Ray cluster (``cli/_ray.py``; this layer imports only the standard library).

>>> r = simulate("ravenna", games=2, seed=1, bots=("efficiency",) * 4, max_deals=2)
>>> r.games, r.deals, r.errors, sum(b.seats for b in r.bots.values())
(2, 4, 0, 8)
>>> r.wins + r.draws == r.deals
True
"""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from muraglia.engine.events import DealEnded, DealStarted, IndicatorRevealed, Won
from muraglia.engine.game import Game
from muraglia.engine.match import MatchState
from muraglia.engine.views import view_of
from muraglia.errors import MahjongError
from muraglia.io.record import dumps
from muraglia.players import DEFAULT_BOT, Player, make_bot
from muraglia.players.external import (
    DEFAULT_TIMEOUT,
    BotProcessError,
    MjaiProcessPlayer,
    command_of,
    split_command,
)
from muraglia.rulesets import ruleset_for
from muraglia.rulesets.base import SEAT_LETTERS, wind_letter
from muraglia.tiles import WINDS

__all__ = [
    "Backend",
    "BotStats",
    "Job",
    "Report",
    "attach_players",
    "close_players",
    "cpu_limit",
    "holds_back",
    "match_seed",
    "placements",
    "play_match",
    "seat_bots",
    "simulate",
]

Job = tuple[int, tuple[Any, ...], dict[str, Any]]
"""One match to play: its index, then the positional and keyword arguments of
:func:`play_match`."""

Backend = Callable[[Iterator[Job]], Iterator[tuple[int, dict[str, Any]]]]
"""Plays jobs (anywhere) and yields ``(index, play_match summary)`` as each completes."""

MAX_ERROR_MESSAGES = 20
"""Error messages a report keeps (the count of errors is exact)."""

IN_FLIGHT_PER_WORKER = 2
"""Matches submitted ahead per worker process: the queue is bounded, so the parent's memory
stays flat whatever ``games`` is (``tests/players/test_simulate_resources.py``)."""

WINDOW_PER_WORKER = 4 * IN_FLIGHT_PER_WORKER
"""How far, in matches per worker, a submitted match may run ahead of the oldest one not yet
finished: the results that finish early wait for it to be reported in order
(:func:`_in_order`), so a slow match holds the submissions back rather than letting that
wait grow with every match the other workers finish."""


def holds_back(newest: int, running: Collection[int], workers: int) -> bool:
    """Whether no match may be submitted after ``newest`` until the oldest of ``running`` ends.

    True once ``newest`` is :data:`WINDOW_PER_WORKER` matches per worker or more ahead of the
    oldest match still running (the local pool and the Ray backend, ``cli/_ray.py``).

    >>> holds_back(20, [4, 19], 2), holds_back(20, [5, 19], 2), holds_back(20, [], 2)
    (True, False, False)
    """
    return bool(running) and newest - min(running) >= WINDOW_PER_WORKER * workers


VALUE_BUCKETS = (0, 25, 50, 100, 200, 400, 800, 1600, 3200, 6400)
"""Lower bounds of the hand-value histogram buckets."""


def match_seed(seed: int, index: int) -> int:
    """The game seed of match ``index`` of a simulation seeded ``seed``."""
    return (seed * 1_000_003 + index) % (1 << 62)


def seat_bots(bots: Sequence[str], index: int, *, rotate: bool) -> tuple[str, ...]:
    """The bots of seats 0-3 in match ``index``; ``rotate`` shifts them one seat per match.

    >>> seat_bots(["a", "b", "c", "d"], 1, rotate=True)
    ('d', 'a', 'b', 'c')
    """
    n = len(bots)
    shift = index % n if rotate else 0
    return tuple(bots[(s - shift) % n] for s in range(n))


def placements(scores: Sequence[int]) -> tuple[float, ...]:
    """Placement of each seat by final score (1 = best); tied seats share the mean place.

    >>> placements([10, 30, 10, -50])
    (2.5, 1.0, 2.5, 4.0)
    """
    out = []
    for s in scores:
        above = sum(1 for x in scores if x > s)
        tied = sum(1 for x in scores if x == s)
        out.append(above + (tied + 1) / 2)
    return tuple(out)


def _patterns(
    ruleset: Any, won: Won, dealer: int, round_wind: Any, dora: list[str]
) -> list[tuple[str, dict[str, str]]]:
    """The patterns of a won hand (id and names), re-scored with the ruleset's ``score_dict``."""
    data = {
        "hand": won.hand,
        "win": "tsumo" if won.from_seat is None else "ron",
        "seat_wind": SEAT_LETTERS[(won.seat - dealer) % 4],
        "round_wind": wind_letter(round_wind),
        "flags": list(won.flags),
        "dora": dora,
    }
    if won.from_seat is not None:
        data["discarder"] = SEAT_LETTERS[(won.from_seat - dealer) % 4]
    result = ruleset.score_dict(data)
    return [
        (str(p["id"]), {k: str(p[k]) for k in ("en", "it", "ja", "zh") if k in p})
        for p in result.get("patterns", ())
    ]


def _names(ruleset: Any, pid: str, it: str, en: str) -> dict[str, str]:
    """The names of pattern ``pid``: Italian and English, plus ``ja``/``zh`` from the table."""
    out = {"en": en, "it": it}
    for p in getattr(ruleset, "patterns", ()):
        if p.id == pid:
            out.update((k, str(v)) for k, v in p.names.items() if k in ("ja", "zh"))
            break
    return out


def play_match(
    rules: str,
    bots: Sequence[str],
    seed: int,
    *,
    max_deals: int | None = None,
    record_path: str | None = None,
    keep_record: bool = False,
    bot_timeout: float = DEFAULT_TIMEOUT,
) -> dict[str, Any]:
    """Play one match of ``rules`` with ``bots`` (one name per seat) from game seed ``seed``.

    Returns a JSON-able summary: ``seed``, ``bots``, ``deals``, ``scores``, ``placements``,
    ``wins``/``deal_ins``/``self_drawn`` per seat, ``draws``, ``hands`` (each won hand's
    ``seat``, ``value``, ``patterns``), ``names`` (pattern id -> names), ``decisions`` and
    ``decision_seconds`` per seat, ``seconds`` and ``error`` (None, or the message of an
    engine or bot failure). With ``record_path`` the JSONL record is written there; with
    ``keep_record`` its text is returned under ``record`` (for workers on other machines).
    A bot name ``cmd:<command>`` is an external mjai bot (:mod:`muraglia.players.external`,
    ``bot_timeout`` seconds per reply); its failure ends the match with ``error`` set and
    ``bot_error`` true, and the record so far is still written.
    """
    start = time.perf_counter()
    n = len(bots)
    out: dict[str, Any] = {
        "seed": seed,
        "bots": list(bots),
        "deals": 0,
        "scores": [0] * n,
        "placements": [0.0] * n,
        "wins": [0] * n,
        "deal_ins": [0] * n,
        "self_drawn": [0] * n,
        "draws": 0,
        "hands": [],
        "names": {},
        "decisions": [0] * n,
        "decision_seconds": [0.0] * n,
        "seconds": 0.0,
        "error": None,
    }
    players: list[Player] = []
    match = None
    try:
        ruleset = ruleset_for(rules)
        players = [_player(b, ruleset, seed * 8 + s, bot_timeout) for s, b in enumerate(bots)]
        match = Game(ruleset, seed=seed, max_deals=max_deals).new_match()
        attach_players(dict(enumerate(players)), match)
        dealer, round_wind, dora, deal = 0, WINDS[0], [], 0
        for e in match.events:
            if isinstance(e, DealStarted):
                dealer, round_wind, deal = e.dealer, e.round_wind, e.deal
            elif isinstance(e, IndicatorRevealed):
                dora.append(e.tile.notation)
        while not match.over:
            seat = match.to_act[0]
            view = view_of(match.deal, seat, match)
            legal = match.legal_actions(seat)
            t0 = time.perf_counter()
            action = players[seat].choose(view, legal)
            out["decision_seconds"][seat] += time.perf_counter() - t0
            out["decisions"][seat] += 1
            for e in match.apply(action):
                if isinstance(e, DealStarted):
                    dealer, round_wind, dora, deal = e.dealer, e.round_wind, [], e.deal
                elif isinstance(e, IndicatorRevealed):
                    dora.append(e.tile.notation)
                elif isinstance(e, Won):
                    _count_win(out, ruleset, e, deal, (dealer, round_wind, dora))
                elif isinstance(e, DealEnded) and (e.void or not e.winners):
                    out["draws"] += 1
        close_players(players)
        out["deals"] = match.deals_played
        out["scores"] = list(match.scores)
        out["placements"] = list(placements(match.scores))
    except (MahjongError, AssertionError, ValueError, KeyError, IndexError, TypeError) as exc:
        out["error"] = f"{type(exc).__name__}: {exc}"
        out["bot_error"] = isinstance(exc, BotProcessError)
        close_players(players, finish=False)
    if match is not None:  # the record, partial after an error
        if record_path is not None:
            Path(record_path).write_text(dumps(match), encoding="utf-8")
        if keep_record:
            out["record"] = dumps(match)
    out["seconds"] = time.perf_counter() - start
    return out


def _player(name: str, ruleset: Any, seed: int, timeout: float) -> Player:
    cmd = command_of(name)
    if cmd is not None:
        return MjaiProcessPlayer(cmd, timeout=timeout)
    return make_bot(name, ruleset, seed=seed)


def attach_players(players: Mapping[int, Player], match: MatchState) -> None:
    """Attach the external players (``--bot-cmd``) to ``match``, by seat."""
    for seat, p in players.items():
        if isinstance(p, MjaiProcessPlayer):
            p.attach(match, seat)


def close_players(players: Sequence[Player], *, finish: bool = True) -> None:
    """End the external players' processes (see :meth:`MjaiProcessPlayer.close`)."""
    for p in players:
        if isinstance(p, MjaiProcessPlayer):
            p.close(finish=finish)


def _count_win(
    out: dict[str, Any], ruleset: Any, e: Won, deal: int, where: tuple[int, Any, list[str]]
) -> None:
    dealer, round_wind, dora = where
    out["wins"][e.seat] += 1
    if e.from_seat is None:
        out["self_drawn"][e.seat] += 1
    elif not any(h["from"] == e.from_seat and h["deal"] == deal for h in out["hands"]):
        out["deal_ins"][e.from_seat] += 1  # once per deal, even with several winners
    if e.patterns:  # the engine's own (id, it, en); other languages from the pattern table
        pats = [(pid, _names(ruleset, pid, it, en)) for pid, it, en in e.patterns]
    else:
        try:
            pats = _patterns(ruleset, e, dealer, round_wind, dora)
        except MahjongError:
            pats = []
    for pid, names in pats:
        out["names"].setdefault(pid, names)
    out["hands"].append(
        {
            "seat": e.seat,
            "from": e.from_seat,
            "deal": deal,
            "value": e.value,
            "patterns": [p for p, _ in pats],
        }
    )


@dataclass
class BotStats:
    """Totals of one bot name over every seat it played."""

    seats: int = 0
    """Seats played (matches x seats taken)."""
    deals: int = 0
    """Deals played from those seats."""
    wins: int = 0
    """Hands won."""
    deal_ins: int = 0
    """Deals lost by discarding (or adding to a kong) the winning tile."""
    self_drawn: int = 0
    """Wins on the own draw."""
    placement_sum: float = 0.0
    score_sum: int = 0
    value_sum: int = 0
    decisions: int = 0
    decision_seconds: float = 0.0

    @property
    def mean_placement(self) -> float:
        """Average placement (1-4)."""
        return self.placement_sum / self.seats if self.seats else 0.0

    @property
    def mean_score(self) -> float:
        """Average final score."""
        return self.score_sum / self.seats if self.seats else 0.0

    @property
    def win_rate(self) -> float:
        """Wins per deal played."""
        return self.wins / self.deals if self.deals else 0.0

    @property
    def deal_in_rate(self) -> float:
        """Deal-ins per deal played."""
        return self.deal_ins / self.deals if self.deals else 0.0

    @property
    def mean_value(self) -> float:
        """Average value of the hands won."""
        return self.value_sum / self.wins if self.wins else 0.0

    @property
    def ms_per_decision(self) -> float:
        """Average decision time in milliseconds."""
        return 1000 * self.decision_seconds / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The §5 keys then extras."""
        return {
            "seats": self.seats,
            "wins": self.wins,
            "deal_ins": self.deal_ins,
            "mean_placement": round(self.mean_placement, 4),
            "mean_score": round(self.mean_score, 2),
            "deals": self.deals,
            "self_drawn": self.self_drawn,
            "win_rate": round(self.win_rate, 4),
            "deal_in_rate": round(self.deal_in_rate, 4),
            "mean_value": round(self.mean_value, 2),
            "ms_per_decision": round(self.ms_per_decision, 3),
        }


@dataclass
class Report:
    """Everything :func:`simulate` measured (see :meth:`to_dict`)."""

    rules: str
    """Ruleset id."""
    spec: str = ""
    """The ruleset as given, with options (``fimj(tournament=true)``)."""
    games: int = 0
    deals: int = 0
    seconds: float = 0.0
    errors: int = 0
    bot_errors: int = 0
    """Matches stopped by an external bot's failure (counted in ``errors`` too)."""
    wins: int = 0
    """Deals won (a deal with several winners counts once)."""
    hands_won: int = 0
    """Hands won (several per deal when several players win on one discard)."""
    draws: int = 0
    """Deals without a winner (exhausted wall, abortive draw, void deal)."""
    patterns: Counter[str] = field(default_factory=Counter)
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    values: Counter[int] = field(default_factory=Counter)
    """Hands won by value (a counter: memory stays flat in the number of games)."""
    bots: dict[str, BotStats] = field(default_factory=dict)
    error_messages: list[str] = field(default_factory=list)

    def add(self, m: Mapping[str, Any]) -> None:
        """Fold one :func:`play_match` summary in."""
        self.games += 1
        if m["error"] is not None:
            self.errors += 1
            self.bot_errors += bool(m.get("bot_error"))
            if len(self.error_messages) < MAX_ERROR_MESSAGES:
                self.error_messages.append(f"seed {m['seed']}: {m['error']}")
            return
        self.deals += m["deals"]
        self.draws += m["draws"]
        self.wins += len({h["deal"] for h in m["hands"]})
        self.hands_won += len(m["hands"])
        for h in m["hands"]:
            self.values[h["value"]] += 1
            self.patterns.update(h["patterns"])
        for pid, names in m["names"].items():
            self.names.setdefault(pid, names)
        for s, name in enumerate(m["bots"]):
            b = self.bots.setdefault(name, BotStats())
            b.seats += 1
            b.deals += m["deals"]
            b.wins += m["wins"][s]
            b.deal_ins += m["deal_ins"][s]
            b.self_drawn += m["self_drawn"][s]
            b.placement_sum += m["placements"][s]
            b.score_sum += m["scores"][s]
            b.value_sum += sum(h["value"] for h in m["hands"] if h["seat"] == s)
            b.decisions += m["decisions"][s]
            b.decision_seconds += m["decision_seconds"][s]

    @property
    def mean_value(self) -> float:
        """Average value of the hands won."""
        count = self.values.total()
        return sum(v * n for v, n in self.values.items()) / count if count else 0.0

    def histogram(self) -> dict[str, int]:
        """Hands won per value bucket (``"100-199"``, ``"6400+"``)."""
        out: dict[str, int] = {}
        for i, lo in enumerate(VALUE_BUCKETS):
            hi = VALUE_BUCKETS[i + 1] if i + 1 < len(VALUE_BUCKETS) else None
            key = f"{lo}+" if hi is None else f"{lo}-{hi - 1}"
            out[key] = sum(n for v, n in self.values.items() if v >= lo and (hi is None or v < hi))
        return out

    def to_dict(self) -> dict[str, Any]:
        """The ``muraglia simulate --json`` object (interfaces.md §5), then extra keys."""
        return {
            "ok": True,
            "rules": self.rules,
            "games": self.games,
            "deals": self.deals,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else 0.0,
            "errors": self.errors,
            "wins": self.wins,
            "draws": self.draws,
            "patterns": dict(self.patterns.most_common()),
            "bots": {name: b.to_dict() for name, b in self.bots.items()},
            "spec": self.spec or self.rules,
            "hands_won": self.hands_won,
            "mean_value": round(self.mean_value, 2),
            "value_histogram": self.histogram(),
            "pattern_names": {pid: self.names[pid] for pid in self.patterns if pid in self.names},
            "error_messages": self.error_messages[:20],
            "bot_errors": self.bot_errors,
        }


def _jobs(
    rules: str,
    games: int,
    seed: int,
    bots: Sequence[str],
    *,
    rotate: bool,
    max_deals: int | None,
    out_dir: Path | None,
    bot_timeout: float | None = None,
) -> Iterator[Job]:
    for i in range(games):
        path = None if out_dir is None else str(out_dir / f"match-{i:06d}.jsonl")
        args = (rules, seat_bots(bots, i, rotate=rotate), match_seed(seed, i))
        kw: dict[str, Any] = {"max_deals": max_deals, "record_path": path}
        if bot_timeout is not None:
            kw["bot_timeout"] = bot_timeout
        yield i, args, kw


def simulate(
    rules: str,
    *,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = (DEFAULT_BOT,) * 4,
    workers: int = 1,
    rotate: bool = False,
    max_deals: int | None = None,
    out_dir: str | Path | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    matches: list[dict[str, Any]] | None = None,
    backend: Backend | None = None,
    bot_timeout: float | None = None,
    on_match: Callable[[int, dict[str, Any]], None] | None = None,
) -> Report:
    """Play ``games`` matches and report (see the module docstring).

    Args:
        rules: Ruleset id with options (``"fimj(tournament=true)"``).
        games: Number of matches.
        seed: Simulation seed.
        bots: Bot name of each seat (4 names).
        workers: Processes; 1 plays in this process (ignored with a ``backend``); at most
            :func:`cpu_limit` and ``games`` are started. Each worker ends when this process
            does (even when it is killed), and at most :data:`IN_FLIGHT_PER_WORKER` matches
            per worker are queued at a time.
        rotate: Shift the bots one seat per match (fair seating).
        max_deals: Cap on deals per match (None: the ruleset's full match).
        out_dir: Folder for one JSONL record per match (created if missing).
        progress: Called with each match summary as it completes.
        matches: If given, every match summary is appended to it in match order (this list
            grows with ``games``: prefer ``on_match`` for big runs).
        backend: Plays the jobs instead of this process or a local process pool.
        bot_timeout: Seconds an external bot (``cmd:...``) may take per reply.
        on_match: Called with each match's index and summary, in match order, as the
            matches complete (the report keeps only totals: memory stays flat).

    Raises:
        MahjongError: for an unknown ruleset or bot, or a wrong number of bots.
    """
    ruleset = ruleset_for(rules)  # fail early on a bad id or option
    flow_players = Game(ruleset, seed=0).flow.players
    if len(bots) != flow_players:
        raise MahjongError(f"{len(bots)} bots given, {rules} is played by {flow_players}")
    for b in bots:
        cmd = command_of(b)
        if cmd is None:
            make_bot(b, ruleset)
            continue
        if not str(ruleset.id).startswith("riichi"):
            raise MahjongError(f"an mjai bot ({b!r}) plays riichi rulesets only, not {rules!r}")
        split_command(cmd)
    out = Path(out_dir) if out_dir is not None else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    report = Report(str(ruleset.id), spec=rules)
    start = time.perf_counter()
    jobs = _jobs(
        rules,
        games,
        seed,
        bots,
        rotate=rotate,
        max_deals=max_deals,
        out_dir=out,
        bot_timeout=bot_timeout,
    )
    if backend is not None:
        done: Iterator[tuple[int, dict[str, Any]]] = backend(jobs)
    elif workers <= 1 or games <= 1:
        done = ((i, play_match(*args, **kw)) for i, args, kw in jobs)
    else:
        done = _pool(jobs, min(workers, games, cpu_limit()))
    for i, result in _in_order(done):
        if progress is not None:
            progress(result)
        report.add(result)
        if matches is not None:
            matches.append(result)
        if on_match is not None:
            on_match(i, result)
    report.seconds = time.perf_counter() - start
    return report


def cpu_limit() -> int:
    """Worker processes worth starting: the CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _in_order(
    done: Iterator[tuple[int, dict[str, Any]]],
) -> Iterator[tuple[int, dict[str, Any]]]:
    """Results in match order from results in completion order.

    Only results ahead of a missing one wait here; with a bounded queue of matches in flight
    they are few.
    """
    waiting: dict[int, dict[str, Any]] = {}
    nxt = 0
    for i, result in done:
        waiting[i] = result
        while nxt in waiting:
            yield nxt, waiting.pop(nxt)
            nxt += 1
    for i in sorted(waiting):  # a backend that skipped an index: the rest, in order
        yield i, waiting.pop(i)


_WATCH_SECONDS = 0.2
"""How often a worker checks that its parent is alive."""


def _watch_parent(parent: int) -> None:
    """In a worker: end this process as soon as its parent is gone (even killed by SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_WATCH_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="muraglia-parent-watch", daemon=True).start()


def _pool(jobs: Iterator[Job], workers: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """Play ``jobs`` in ``workers`` local processes, at most a few per worker queued at once.

    A match is submitted only within :data:`WINDOW_PER_WORKER` matches per worker of the
    oldest one still running (:func:`holds_back`), so the results waiting to be reported in
    order stay few too.

    The workers die with this process: each watches its parent (:func:`_watch_parent`), and
    leaving early (an exception, Ctrl-C, the caller closing the generator) cancels the queued
    matches and terminates the workers.
    """
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_watch_parent, initargs=(os.getpid(),)
    )
    pending: dict[Future[dict[str, Any]], int] = {}
    finished = False
    try:
        for job in jobs:
            i, args, kw = job
            pending[pool.submit(play_match, *args, **kw)] = i
            while len(pending) >= IN_FLIGHT_PER_WORKER * workers or holds_back(
                i, pending.values(), workers
            ):
                yield from _collect(pending)
        while pending:
            yield from _collect(pending)
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            handles = list((pool._processes or {}).values())  # started workers
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in handles:
                proc.terminate()
            for proc in handles:
                proc.join(timeout=5)


def _collect(
    pending: dict[Future[dict[str, Any]], int],
) -> Iterator[tuple[int, dict[str, Any]]]:
    done, _ = wait(pending, return_when=FIRST_COMPLETED)
    for fut in done:
        yield pending.pop(fut), fut.result()
