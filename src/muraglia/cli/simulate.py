"""``muraglia simulate``: bots play seeded matches, in parallel processes; a report follows.

``muraglia simulate --rules <id> --games N [--seed S] [--workers K] [--bots a,b,c,d]
[--rotate] [--max-deals D] [--json] [--out DIR] [--ray [ADDRESS]]``. A progress bar goes to
stderr; the report (tables: summary, bots, hand values, patterns with their bilingual names) to
stdout, or with ``--json`` one object as the last stdout line (interfaces.md §5). ``--out DIR``
writes one replayable JSONL record per match under ``DIR/records/``, ``DIR/summary.csv`` (one
row per match and seat) and ``DIR/report.json``. ``--ray`` plays the matches as Ray tasks
(``cli/_ray.py``): on a local Ray started with ``--workers`` CPUs, or on the cluster at
``ADDRESS``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from muraglia.cli._common import check_max_deals, dump
from muraglia.errors import MahjongError, excerpt, plural
from muraglia.players import BOTS, DEFAULT_BOT
from muraglia.players.external import CMD_PREFIX, DEFAULT_TIMEOUT, check_timeout, seat_commands

__all__ = ["parse_bots", "register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` subcommand."""
    p = subparsers.add_parser(
        "simulate",
        help="bots play many matches; statistics report",
        description="Bots play seeded matches, e.g. muraglia simulate --rules fimj --games 20 "
        "--workers 2. A seed fixes the whole simulation whatever the number of workers; the "
        "matches are streamed (memory stays flat in --games) and the worker processes end "
        "with the command.",
    )
    p.add_argument("--rules", required=True, help="ruleset id, with options")
    p.add_argument("--games", type=int, required=True, help="number of matches")
    p.add_argument("--seed", type=int, default=0, help="simulation seed (default 0)")
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="worker processes (default 1; capped at --games and the CPUs available; "
        "they end with this command)",
    )
    p.add_argument(
        "--bots",
        default=DEFAULT_BOT,
        help=f"bot of each seat, comma-separated (one name: every seat); known: {', '.join(BOTS)}",
    )
    p.add_argument("--rotate", action="store_true", help="move the bots one seat per match")
    p.add_argument(
        "--max-deals", type=int, default=None, help="stop each match after this many deals (>= 1)"
    )
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--out", default=None, help="folder for the records and the CSV summary")
    p.add_argument(
        "--bot-cmd",
        action="append",
        default=[],
        metavar="SEAT=CMD",
        help="an external mjai bot process in SEAT (E, S, W, N or 0-3; riichi rulesets), "
        "e.g. 'S=muraglia mjai-bot'; repeatable",
    )
    p.add_argument(
        "--bot-timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help=f"seconds an external bot may take per reply (default {DEFAULT_TIMEOUT:g})",
    )
    p.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play on a Ray cluster (no address: a local Ray with --workers CPUs); "
        "needs the ray extra",
    )
    p.set_defaults(run=run)


def parse_bots(text: str, players: int = 4) -> tuple[str, ...]:
    """Bot names of each seat from ``a,b,c,d`` (one name fills every seat).

    Raises:
        MahjongError: for an unknown name or a wrong number of names.

    >>> parse_bots("random")
    ('random', 'random', 'random', 'random')
    """
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise MahjongError(
            f"--bots needs 1 or {players} names, got {len(names)}: {excerpt(text, limit=40)}"
        )
    for n in names:
        if n not in BOTS:
            raise MahjongError(f"unknown bot {excerpt(n, limit=40)}; known bots: {', '.join(BOTS)}")
    return names


def _workers(requested: int, games: int, ray: bool) -> int:
    """``--workers`` capped at the games and (locally) the CPUs, with a note when capped."""
    from muraglia.players.simulate import cpu_limit  # noqa: PLC0415 - heavy imports on demand

    if requested < 1:
        raise MahjongError(f"--workers must be at least 1, got {requested}")
    cap = games if ray else min(games, cpu_limit())
    if requested > cap:
        why = "the number of games" if cap == games else f"the {cap} CPUs available"
        print(f"muraglia simulate: --workers {requested} capped at {cap} ({why})", file=sys.stderr)
        return cap
    return requested


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia simulate``."""
    from muraglia.players.simulate import simulate  # noqa: PLC0415 - heavy imports on demand

    summary: _Summary | None = None
    try:
        if args.games < 1:
            raise MahjongError(f"--games must be at least 1, got {args.games}")
        check_max_deals(args.max_deals)
        workers = _workers(args.workers, args.games, args.ray is not None)
        bots = parse_bots(args.bots)
        external = seat_commands(args.bot_cmd)
        bots = tuple(CMD_PREFIX + external[s] if s in external else b for s, b in enumerate(bots))
        check_timeout(args.bot_timeout)
        if args.out is not None and not args.out.strip():
            raise MahjongError("--out needs a folder name (an empty one writes nothing)")
        out = Path(args.out) if args.out else None
        if out is not None:  # checked before any match is played; rows written as they come
            _check_fresh(out)
            (out / "records").mkdir(parents=True, exist_ok=True)
            summary = _Summary(out / "summary.csv")
        backend = None
        if args.ray is not None:
            from muraglia.cli._ray import ray_backend  # noqa: PLC0415 - optional extra

            backend = ray_backend(args.ray or None, workers)
        with _Progress(args.games) as advance:
            report = simulate(
                args.rules,
                games=args.games,
                seed=args.seed,
                bots=bots,
                workers=workers,
                rotate=args.rotate,
                max_deals=args.max_deals,
                out_dir=None if out is None else out / "records",
                progress=advance,
                backend=backend,
                bot_timeout=args.bot_timeout,
                on_match=None if summary is None else summary.add,
            )
    except (MahjongError, OSError) as exc:
        print(f"muraglia simulate: error: {exc}", file=sys.stderr)
        return 2
    except BrokenProcessPool:
        print("muraglia simulate: error: a worker process ended unexpectedly", file=sys.stderr)
        return 1
    finally:
        if summary is not None:
            summary.close()
    result = report.to_dict()
    if out is not None:
        (out / "report.json").write_text(
            json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    if args.json:
        print(dump(result))
    else:
        _render(result)
    if report.bot_errors:
        for msg in report.error_messages:
            print(f"muraglia simulate: error: {msg}", file=sys.stderr)
        return 1
    return 0


class _Summary:
    """``summary.csv``: one row per match and seat, written as each match completes."""

    def __init__(self, path: Path) -> None:
        self.file = path.open("w", newline="", encoding="utf-8")
        self.writer = csv.writer(self.file)
        self.writer.writerow(
            ["match", "seed", "seat", "bot", "deals", "score", "placement", "wins", "deal_ins",
             "self_drawn", "error"]
        )  # fmt: skip

    def add(self, i: int, m: dict[str, Any]) -> None:
        """The rows of match ``i``."""
        for s, bot in enumerate(m["bots"]):
            self.writer.writerow(
                [i, m["seed"], s, bot, m["deals"], m["scores"][s], m["placements"][s],
                 m["wins"][s], m["deal_ins"][s], m["self_drawn"][s], m["error"] or ""]
            )  # fmt: skip
        self.file.flush()

    def close(self) -> None:
        """Close the file (what was written stays)."""
        self.file.close()


class _Progress:
    """A rich progress bar on stderr (silent when stderr is not a terminal)."""

    def __init__(self, total: int) -> None:
        from rich.progress import Progress  # noqa: PLC0415

        from muraglia.cli._console import Console  # noqa: PLC0415 - only for human output

        console = Console(stderr=True)
        self.bar = Progress(console=console, disable=not console.is_terminal, transient=False)
        self.task = self.bar.add_task("matches", total=total)

    def __enter__(self) -> Any:
        self.bar.start()
        return lambda _summary: self.bar.advance(self.task)

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()


def _check_fresh(out: Path) -> None:
    """``--out DIR`` holds no earlier run: its records would mix with this run's.

    Raises:
        MahjongError: naming the folder and what is in it.
    """
    old = sorted((out / "records").glob("match-*.jsonl")) if (out / "records").is_dir() else []
    left = [p.name for p in (out / "summary.csv", out / "report.json") if p.exists()]
    if old or left:
        what = plural(len(old), "record") if old else ", ".join(left)
        raise MahjongError(
            f"--out {str(out)!r} already holds an earlier run ({what}): its records would mix "
            "with this run's; name a new folder"
        )


def _render(r: dict[str, Any]) -> None:
    from rich.table import Table  # noqa: PLC0415

    from muraglia.cli._console import Console  # noqa: PLC0415 - only for human output

    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 200  # a report piped to a file: its numbers whole, never cut at 80
    summary = Table(title=f"{r['spec']}: {r['games']} matches", header_style="bold")
    for col in ("deals", "won", "drawn", "hands won", "mean value", "errors", "s", "matches/s"):
        summary.add_column(col, justify="right")
    summary.add_row(
        str(r["deals"]), str(r["wins"]), str(r["draws"]), str(r["hands_won"]),
        f"{r['mean_value']:.1f}", str(r["errors"]), f"{r['seconds']:.1f}",
        f"{r['games_per_second']:.2f}",
    )  # fmt: skip
    console.print(summary)
    bots = Table(title="bots / giocatori automatici", header_style="bold")
    bots.add_column("bot", no_wrap=True, min_width=10)
    for col in ("seats", "wins", "win%", "d-ins", "d-in%", "value", "place", "score", "ms"):
        bots.add_column(col, justify="right")
    for name, b in r["bots"].items():
        bots.add_row(
            name, str(b["seats"]), str(b["wins"]), f"{100 * b['win_rate']:.1f}",
            str(b["deal_ins"]), f"{100 * b['deal_in_rate']:.1f}", f"{b['mean_value']:.1f}",
            f"{b['mean_placement']:.2f}", f"{b['mean_score']:.1f}", f"{b['ms_per_decision']:.2f}",
        )  # fmt: skip
    console.print(bots)
    hist = Table(title="hand values / valori delle mani", header_style="bold")
    hist.add_column("value")
    hist.add_column("hands", justify="right")
    for k, v in r["value_histogram"].items():
        if v:
            hist.add_row(k, str(v))
    console.print(hist)
    pats = Table(title="patterns / combinazioni", header_style="bold")
    for col in ("id", "it", "en", "count", "% of hands"):
        pats.add_column(col, justify="right" if col in ("count", "% of hands") else "left")
    hands = max(r["hands_won"], 1)
    for pid, n in r["patterns"].items():
        names = r["pattern_names"].get(pid, {})
        pats.add_row(
            pid, names.get("it", ""), names.get("en", ""), str(n), f"{100 * n / hands:.1f}"
        )
    console.print(pats)
    for msg in r["error_messages"]:
        console.print(f"[red]error[/red] {msg}")
