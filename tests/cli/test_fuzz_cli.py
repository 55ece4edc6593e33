"""CLI fuzz (issue #15): thousands of generated bad inputs, never a traceback, never a hang.

A seeded generator (so a failure reproduces: the case is in the assertion message) builds
bad and half-bad inputs for every computing command: random and mutated hands, ruleset specs,
JSON objects with keys of every JSON type, argument values. Each runs in-process through
:func:`muraglia.cli.main` under a time limit and must end with exit code 0 (a mutation can
be valid) or 2 and *one* line on stderr (``muraglia CMD: error: ...``), never an internal
error; output stays bounded. Batches (``--jsonl``) must answer every line, in order, with a
bounded ``{"ok": false, "error": "line N: ..."}`` for each bad one, on text that is not even
UTF-8. A handful of cases also run as real processes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from muraglia.cli import main

SEED = int(os.environ.get("MURAGLIA_FUZZ_SEED", "15"))
SRC = str(Path(__file__).resolve().parents[2] / "src")
CASE_SECONDS = 10
MAX_ERR = 600
"""Longest stderr of a refused input (one line of at most 300 characters, plus the prefix)."""

HANDS = [
    "123m456p789s11122z+1z",
    "234m567m345p67s22p+8s",
    "119m19p19s1234567z +9p",
    "23455m (1111p) [999s^] 1f7f +5m",
    "234m 567p 11z [555z] [789s<] +4m",
    "0m0p0s234m345p55s+5s",
    "147m258p369s1234z",
]
ALPHABET = "0123456789mpszf+[]()<>^ ESWNPFCWhGrRd,.-\t\x00é漢🀄"
SPECS = ["fimj", "riichi-ema", "riichi-tenhou", "mcr", "seipalle", "ravenna", "ema", "tenhou"]
KEYS = ["rules", "hand", "win", "seat_wind", "round_wind", "flags", "dora", "ura", "honba",
        "riichi_sticks", "discarder", "dealer", "winners", "hands", "status", "riichi",
        "tenpai", "visible", "final_scores", "pao", "draw"]  # fmt: skip


class _CaseTimeoutError(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: int, case: object) -> Iterator[None]:
    """Fail the case if it runs longer than ``seconds`` (SIGALRM)."""

    def alarm(_sig: int, _frame: object) -> None:
        raise _CaseTimeoutError(f"hung: {case!r}")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run_main(argv: list[str], stdin: bytes | str = b"") -> tuple[int, str, str]:
    """``main(argv)`` with stdin (bytes: a real binary buffer underneath) and captured output."""
    raw = stdin if isinstance(stdin, bytes) else stdin.encode("utf-8")
    fake_in = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = fake_in, out, err
    try:
        with time_limit(CASE_SECONDS, argv):
            code = main(argv)
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------------------- generators


def junk(rng: random.Random, most: int = 30) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, most)))


def mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        pos = rng.randint(0, len(chars))
        if op < 0.4 and chars:
            del chars[min(pos, len(chars) - 1)]
        elif op < 0.8:
            chars.insert(pos, rng.choice(ALPHABET))
        else:
            chars[pos:pos] = chars[: rng.randint(0, len(chars))]
    return "".join(chars)


def hand(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.45:
        return mutate(rng, rng.choice(HANDS))
    if r < 0.85:
        return junk(rng)
    if r < 0.95:
        return rng.choice(HANDS)
    return rng.choice(HANDS) * rng.randint(50, 3000)  # huge: the message must stay short


def spec(rng: random.Random) -> str:
    r = rng.random()
    base = rng.choice(SPECS)
    if r < 0.3:
        return base
    if r < 0.6:
        opts = ["limit=1000", "limit=x", "uma=[1,2,3,4]", "uma=[1,2]", "red_fives=false",
                "kiriage=maybe", "nope=1", "limit=1,limit=2", "=3", "tournament=true"]  # fmt: skip
        body = ",".join(rng.sample(opts, rng.randint(0, 3)))
        return f"{base}({body})" + rng.choice(["", ")", "(x)", " extra", "("])
    return mutate(rng, base + "(limit=2000)")


def json_value(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if r < 0.15:
        return None
    if r < 0.25:
        return rng.choice([True, False])
    if r < 0.4:
        return rng.choice([0, -1, 5, 10**30, 2.5, -0.0])
    if r < 0.7:
        return rng.choice([hand(rng), junk(rng, 5), "E", "S", "Z", "1z", "ron", "tsumo", ""])
    if r < 0.85 and depth < 3:
        return [json_value(rng, depth + 1) for _ in range(rng.randint(0, 6))]
    if depth < 3:
        return {rng.choice([*"ESWNZ", "1z", ""]): json_value(rng, depth + 1)
                for _ in range(rng.randint(0, 4))}  # fmt: skip
    return junk(rng, 5)


def analyze_object(rng: random.Random) -> dict[str, Any]:
    obj: dict[str, Any] = {"hand": hand(rng)}
    if rng.random() < 0.3:
        obj["rules"] = spec(rng)
    return obj


def score_object(rng: random.Random) -> dict[str, Any]:
    obj: dict[str, Any] = {"rules": spec(rng) if rng.random() < 0.3 else rng.choice(SPECS)}
    obj["hand"] = hand(rng) if rng.random() < 0.8 else json_value(rng)
    for key in rng.sample(KEYS, rng.randint(0, 5)):
        obj[key] = json_value(rng)
    if rng.random() < 0.3:
        obj["dora"] = [rng.choice(["1m", "5z", "0m", "7s", "x"]) for _ in range(rng.randint(0, 8))]
    return obj


def settle_object(rng: random.Random) -> dict[str, Any]:
    obj: dict[str, Any] = {"rules": rng.choice(SPECS)}
    obj["winners"] = rng.choice([["S"], [], ["E", "E"], "S", None, ["Z"], [1]])
    obj["discarder"] = rng.choice(["W", None, "Z", 3, ""])
    obj["hands"] = rng.choice([
        {"S": hand(rng)},
        {s: hand(rng) for s in "ESWN"},
        {"S": json_value(rng)},
        json_value(rng),
    ])  # fmt: skip
    for key in rng.sample(KEYS, rng.randint(0, 4)):
        obj[key] = json_value(rng)
    return obj


def argv_case(rng: random.Random) -> list[str]:
    """A single-input command line, mostly with something wrong."""
    cmd = rng.choice(["analyze", "score", "settle", "rules", "play", "simulate"])
    if cmd == "analyze":
        argv = ["analyze", hand(rng)]
        if rng.random() < 0.4:
            argv += ["--rules", spec(rng)]
        if rng.random() < 0.4:
            argv += ["--visible", junk(rng, 12)]
    elif cmd == "score":
        argv = ["score", hand(rng), "-r", spec(rng) if rng.random() < 0.5 else rng.choice(SPECS)]
        for opt, val in (("--win", "ron"), ("--seat-wind", "S"), ("--dora", "1m,5z"),
                         ("--dealer", "S"), ("--flags", "riichi,ippatsu"), ("--honba", "1"),
                         ("--discarder", "W"), ("--ura", "0m")):  # fmt: skip
            if rng.random() < 0.25:
                argv += [opt, mutate(rng, val) if rng.random() < 0.6 else val]
    elif cmd == "settle":
        argv = ["settle", json.dumps(settle_object(rng)) if rng.random() < 0.8 else junk(rng)]
    elif cmd == "rules":  # the spec is what is fuzzed; JSON, not a second of table drawing
        argv = ["rules", spec(rng), "--json"]
    elif cmd == "play":
        argv = ["play", "--rules", spec(rng), "--seat", rng.choice(["Z", "", "EE", "1", "x"]),
                "--max-deals", rng.choice(["0", "-1", "2"])]  # fmt: skip
    else:
        argv = ["simulate", "--rules", spec(rng), "--games", rng.choice(["0", "-5", "1"]),
                "--workers", rng.choice(["0", "-1", "1"]), "--max-deals",
                rng.choice(["0", "-2"]), "--bots",
                rng.choice(["nobot", "random,random", ""])]  # fmt: skip
    return argv


# ---------------------------------------------------------------------------- tests


def check_single(argv: list[str], code: int, out: str, err: str) -> None:
    case = f"argv={argv!r:.300}"
    assert "Traceback" not in err + out, case
    assert "internal error" not in err, f"{case}: {err}"
    if code == 0:
        assert err == "", case
        assert len(out) < 200_000, case
        return
    assert code == 2, f"{case}: exit {code}, {err!r}"
    assert err.count("\n") == 1, f"{case}: {err!r}"
    assert err.endswith("\n"), f"{case}: {err!r}"
    # the command's own error, or argparse's (a hand starting with "-" reads as an option)
    assert err.startswith((f"muraglia {argv[0]}: error: ", "muraglia: error: ")), f"{case}: {err!r}"
    assert len(err) < MAX_ERR, f"{case}: {len(err)} characters"
    assert out == "" or argv[0] == "play", case


def test_thousands_of_bad_single_inputs() -> None:
    rng = random.Random(SEED)
    for _ in range(1500):
        argv = argv_case(rng)
        code, out, err = run_main(argv)
        check_single(argv, code, out, err)


def batch_lines(rng: random.Random, make: Any, n: int) -> list[bytes]:
    lines: list[bytes] = []
    for _ in range(n):
        r = rng.random()
        if r < 0.7:
            lines.append(json.dumps(make(rng), ensure_ascii=False).encode("utf-8"))
        elif r < 0.76:
            lines.append(b"")
        elif r < 0.82:
            lines.append(json.dumps(json_value(rng)).encode())
        elif r < 0.88:
            lines.append(mutate(rng, json.dumps(make(rng))).encode("utf-8"))
        elif r < 0.92:
            lines.append(b"\xff\xfe" + junk(rng, 8).encode("utf-8"))
        elif r < 0.96:
            lines.append(b"[" * rng.randint(1000, 100_000))
        else:
            lines.append(b"   \t ")
    return lines


@pytest.mark.parametrize(
    ("cmd", "make"),
    [
        ("analyze", analyze_object),
        ("score", score_object),
        ("settle", settle_object),
    ],
)
def test_jsonl_answers_every_line(cmd: str, make: Any) -> None:
    rng = random.Random(f"{SEED}-{cmd}")
    lines = batch_lines(rng, make, 600)
    code, out, err = run_main([cmd, "--jsonl"], b"\n".join(lines) + b"\n")
    assert code == 0, err
    assert err == ""
    answers = out.splitlines()
    assert len(answers) == len(lines)
    for number, (line, answer) in enumerate(zip(lines, answers, strict=True), start=1):
        result = json.loads(answer)
        case = f"{cmd} line {number}: {line[:200]!r}"
        if result["ok"]:
            continue
        assert result["error"].startswith(f"line {number}: "), case
        assert "internal error" not in result["error"], f"{case}: {result['error']}"
        assert len(answer) < MAX_ERR, case


def test_overlong_batch_line_is_answered_and_skipped() -> None:
    from muraglia.cli._common import MAX_LINE

    text = b'{"hand": "' + b"1m" * MAX_LINE + b'"}\n{"hand": "123m456p789s1122z"}\n'
    code, out, _ = run_main(["analyze", "--jsonl"], text)
    answers = [json.loads(x) for x in out.splitlines()]
    assert code == 0
    assert answers[0] == {"ok": False, "error": f"line 1: line longer than {MAX_LINE} characters"}
    assert answers[1]["ok"] is True


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (["score", "1m" * 50_000 + "+1m"], b""),
        (["settle", '{"rules": "riichi-ema", "winners": ["S"], "hands": {"S": null}}'], b""),
        (["analyze", "--jsonl"], b"\xff\n\n[[[[[[\n"),
        (["simulate", "--rules", "ravenna", "--games", "1", "--max-deals", "0"], b""),
        (["score", "--jsonl", "123m+1m"], b""),
    ],
)
def test_as_real_processes(argv: list[str], stdin: bytes) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "muraglia", *argv],
        input=stdin,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": SRC},
        check=False,
    )
    err = proc.stderr.decode("utf-8")
    assert "Traceback" not in err
    if argv[-1] == "--jsonl":
        assert proc.returncode == 0
        lines = [json.loads(x) for x in proc.stdout.decode().splitlines()]
        assert [x["ok"] for x in lines] == [False, False, False]
        assert [x["error"].split(":")[0] for x in lines] == ["line 1", "line 2", "line 3"]
    else:
        assert proc.returncode == 2, err
        assert err.count("\n") == 1
        assert len(err) < MAX_ERR


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """``muraglia analyze --jsonl < big | head -1``: exit 141, nothing on stderr."""
    source = tmp_path / "in.jsonl"
    source.write_text('{"hand": "123m456p789s1122z"}\n' * 20_000, encoding="utf-8")
    with source.open("rb") as stdin:
        proc = subprocess.Popen(
            [sys.executable, "-m", "muraglia", "analyze", "--jsonl"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": SRC},
        )
        assert proc.stdout is not None
        assert proc.stderr is not None
        assert json.loads(proc.stdout.readline())["ok"] is True
        proc.stdout.close()
        err = proc.stderr.read()
        code = proc.wait(timeout=120)
    assert err == b""
    assert code == 141


@pytest.mark.parametrize(
    "args",
    [
        ["rules", "mcr"],
        ["analyze", "123m456p789s1122z"],
        ["simulate", "--rules", "ravenna", "--games", "1", "--max-deals", "1"],
    ],
)
def test_a_closed_pipe_ends_rich_output_the_same_way(args: list[str]) -> None:
    """Tables printed with rich (which would exit 1) end like plain output: 141, quietly."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "muraglia", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": SRC},
    )
    assert proc.stdout is not None
    proc.stdout.close()  # before the command prints anything
    _, err = proc.communicate(timeout=120)
    assert err == b""
    assert proc.returncode == 141
