"""Write the ``muraglia score --jsonl`` golden corpus of ``tests/cli/test_score_golden.py``.

Command: ``python bench/make_score_golden.py [--src SRC] [--out tests/data/score_golden]``.

The input (``input.jsonl``) is deterministic: seeded riichi hands of ``bench_riichi.py`` under
``riichi-ema`` and ``riichi-tenhou`` with varied situations (ron and tsumo, every seat,
counters and sticks on the table, pao, flags, spellings of the ruleset spec), plus malformed
lines (bad JSON, bad hands, bad keys) whose error lines are part of the contract too. The
expected output (``expected.jsonl``) is what ``python -m muraglia score --jsonl`` of the
source tree ``--src`` (default: this one) writes for it. The file was first made with the
tree before the issue-19 speed-ups of the batch path, which kept it byte-identical; it was
regenerated for two intended changes since (the payment reasons' names in the explanation,
and the tiles of each award, issue 13), each checked to differ by those alone. Regenerate it
only for an intended change of the output, and say so in the commit.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import bench_riichi as br  # noqa: E402 - from bench/

SPECS = ("riichi-ema", "riichi-tenhou", "EMA", "riichi-ema(kiriage=true)", "riichi-tenhou")
BAD = (
    "{not json",
    "[1, 2]",
    "",
    '{"rules": "riichi-ema"}',
    '{"rules": "riichi-ema", "hand": "123m456p789s1122z+1z", "win": "draw"}',
    '{"rules": "riichi-ema", "hand": "123m456p789s11222z+9z"}',
    '{"rules": "riichi-ema", "hand": "55555m456p789s11z+1z"}',
    '{"rules": "riichi-ema", "hand": "123m456p789s11z22z+2z", "seat_wind": "X"}',
    '{"rules": "riichi-ema", "hand": "123m456p789s11z222z+2z", "honba": -1}',
    '{"rules": "riichi-ema", "hand": "123m456p789s11z222z+2z", "flags": ["tenhou"]}',
    '{"rules": "riichi-nope", "hand": "123m456p789s11z222z+2z"}',
    '{"rules": "riichi-ema", "hand": "123m456p789s11z222z+2z", "dora": ["2z", "2z"]}',
    '{"rules": "riichi-ema", "hand": "123m456p789s11z222z+2z", "win": "tsumo", "discarder": "S"}',
)


def items(n: int, seed: int) -> list[str]:
    """The input lines: ``n`` seeded hands with varied situations, then the bad lines."""
    rng = random.Random(seed)
    out: list[str] = []
    for c in br.cases(n, seed):
        item: dict[str, Any] = {
            "rules": rng.choice(SPECS),
            "hand": c.text,
            "win": "tsumo" if c.tsumo else "ron",
            "seat_wind": c.seat,
            "round_wind": c.round,
            "flags": list((("riichi",) if c.riichi else ()) + c.flags),
            "dora": [br.Tile(c.dora).notation],
            "ura": [br.Tile(c.ura).notation] if c.riichi else [],
            "honba": c.honba,
        }
        if rng.random() < 0.3:
            item["riichi_sticks"] = rng.randrange(3)
        if not c.tsumo and rng.random() < 0.9:
            others = [w for w in br.WINDS if w != c.seat]
            item["discarder"] = rng.choice(others)
        if rng.random() < 0.05:
            item["pao"] = rng.choice([w for w in br.WINDS if w != c.seat])
        out.append(json.dumps(item))
    return out + list(BAD)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default=str(ROOT / "src"), help="source tree whose CLI writes")
    ap.add_argument("--out", default=str(ROOT / "tests" / "data" / "score_golden"))
    ap.add_argument("--hands", type=int, default=240)
    ap.add_argument("--seed", type=int, default=1919)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    text = "".join(line + "\n" for line in items(args.hands, args.seed))
    (out / "input.jsonl").write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": args.src, "MURAGLIA_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "muraglia", "score", "--jsonl"],
        input=text.encode(),
        capture_output=True,
        env=env,
        check=True,
    )
    (out / "expected.jsonl").write_bytes(done.stdout)
    print(f"{out}: {len(text.splitlines())} lines in, {len(done.stdout.splitlines())} out")


if __name__ == "__main__":
    main()
