"""``muraglia review FILE --seat N``: a seat's decisions against the expert bot's.

For every decision of the seat with a real choice, the expert's choice and how much worse the
actual one was (shanten, useful tiles, estimated value); see :mod:`muraglia.players.review`.
The record is muraglia's own JSON Lines or a Tenhou record (mjlog XML, tenhou.net/6 JSON, an
mjai log). Text output lists the decisions where the player and the expert differ (``--all``:
every decision) and the totals; ``--json`` prints one object with every decision.
"""

from __future__ import annotations

import argparse
import sys

from muraglia.cli._common import INPUT_ERRORS, dump, error_message
from muraglia.errors import MahjongError
from muraglia.players.review import Decision, review_file

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``review`` subcommand."""
    p = subparsers.add_parser(
        "review",
        help="review a seat's decisions against the expert bot",
        description="Review a seat's decisions in a game record against the expert bot's: "
        "the expert's choice and how much worse the actual one was.",
    )
    p.add_argument("file", metavar="FILE", help="a game record (muraglia JSONL or Tenhou)")
    p.add_argument("--seat", type=int, required=True, help="the seat to review (0-3)")
    p.add_argument(
        "--all", action="store_true", help="list every decision, not only the differing ones"
    )
    p.add_argument("--seed", type=int, default=0, help="the expert's seed (its tie-breaks)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run)


def _line(d: Decision) -> str:
    a, e = d.actual_judgement, d.expert_judgement
    loss = []
    if d.shanten_loss:  # the played choice's shanten against the expert's (+: worse)
        loss.append(f"shanten {d.shanten_loss:+d}")
    if d.ukeire_loss:  # its useful tiles against the expert's (-: fewer)
        loss.append(f"ukeire {-d.ukeire_loss:+d}")
    if a.value is not None and e.value is not None:
        loss.append(f"value {a.value:.0f} vs {e.value:.0f}")
    mark = "=" if d.agrees else "!"
    return (
        f"{mark} deal {d.deal + 1} #{d.step} {d.phase} {d.hand}: played {d.actual.line()}, "
        f"expert {d.expert.line()}" + (f" ({', '.join(loss)})" if loss else "")
    )


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia review``."""
    try:
        if not args.file.strip():
            raise MahjongError("an empty path: name a record file")
        review = review_file(args.file, args.seat, seed=args.seed)
    except INPUT_ERRORS as exc:
        print(f"muraglia review: error: {error_message(exc)}", file=sys.stderr)
        return 2
    if not review.decisions and review.problems:  # nothing reviewed: not a 100 % agreement
        print(
            f"muraglia review: error: no decision of seat {review.seat} could be reviewed: "
            f"{review.problems[0]}",
            file=sys.stderr,
        )
        return 2
    if args.json:
        print(dump(review.to_dict()))
        return 0
    out = review.to_dict()
    for d in review.decisions:
        if args.all or not d.agrees:
            print(_line(d))
    print(
        f"seat {review.seat} ({review.rules}): {out['decisions']} decisions, "
        f"{100 * review.agreement:.1f}% as the expert; net loss against the expert: shanten "
        f"{out['shanten_loss']:+d}, ukeire {out['ukeire_loss']:+d}, value {out['value_loss']}"
    )
    for p in review.problems:
        print(f"  skipped {p}")
    return 0
