"""``score --jsonl`` writes, line for line, what the line-by-line loop before issue 19's batch
path wrote: the same bytes for every ruleset, for valid and invalid lines alike.

The batch path (``cli/_common.py``) reads what the input holds at once (``input_batches``),
encodes with the optional C encoder (``scoring/_cjson.c`` through ``encode_json``) and flushes
once per batch. Its oracle here is the loop it replaced, kept verbatim: one ``readline`` at a
time (``_text_lines``, the reader that text streams still use), ``json.dumps(result,
ensure_ascii=False)`` and one write per line. The corpus is seeded and made of a few thousand
lines of every ruleset: complete hands (concealed, with melds, with flowers where the ruleset
has them) in every situation the ruleset reads, and broken ones (bad tiles, a fifth copy, bad
keys, types and values, unknown rulesets, bad JSON, non-objects, blank lines, bytes that are
not UTF-8, a line past ``MAX_LINE``). It runs on both paths (``kernels``: the compiled
encoder, then the standard library alone).
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import threading
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.cli import _common, score
from muraglia.cli._common import (
    INPUT_ERRORS,
    MAX_LINE,
    _internal,
    _text_lines,
    error_message,
    input_batches,
    parse_object,
)
from muraglia.errors import MahjongError
from muraglia.rulesets import ids, ruleset_for
from tests.cli.test_score_golden import run_batch

pytestmark = pytest.mark.usefixtures("kernels")

SUITS = "mps"
WINDS = "ESWN"
SAFE_FLAGS = frozenset({"riichi", "last_tile"})


def _sets(rng: random.Random, counts: list[int], n: int) -> list[list[str]] | None:
    """``n`` random sets (chows and pungs) and a pair, within four copies of each kind."""
    out: list[list[str]] = []
    for want in [*(["set"] * n), "pair"]:
        for _ in range(50):
            if want == "pair":
                kind = rng.randrange(34)
                tiles = [kind] * 2
            elif rng.random() < 0.6:
                suit, rank = rng.randrange(3), rng.randrange(7)
                tiles = [9 * suit + rank + i for i in range(3)]
            else:
                tiles = [rng.randrange(34)] * 3
            if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
                for t in tiles:
                    counts[t] += 1
                out.append([_name(t) for t in tiles])
                break
        else:
            return None
    return out


def _name(kind: int) -> str:
    return f"{kind % 9 + 1}{SUITS[kind // 9]}" if kind < 27 else f"{kind - 26}z"


def _hand(rng: random.Random, flowers: bool, melds: int) -> str:
    """A complete hand: concealed sets, ``melds`` melds, a winning tile, maybe flowers."""
    while True:
        counts = [0] * 34
        groups = _sets(rng, counts, 4)
        if groups is not None:
            break
    concealed = [t for g in groups[melds:] for t in g]
    rng.shuffle(concealed)
    winning = concealed.pop()
    text = "".join(concealed)
    for g in groups[:melds]:
        arrow = "" if g[0] == g[1] else rng.choice(["<", "^", ">"])
        text += "[" + "".join(g) + arrow + "]" if arrow else "[" + "".join(g) + "]"
    text += "+" + winning
    if flowers and rng.random() < 0.3:
        text += "".join(f"{b}f" for b in sorted(rng.sample(range(1, 9), rng.randrange(1, 4))))
    return text


def _item(rng: random.Random, rid: str) -> dict[str, Any]:
    rs: Any = ruleset_for(rid)
    riichi = rid.startswith("riichi")
    melds = rng.choice([0, 0, 1, 2])
    item: dict[str, Any] = {"rules": rid, "hand": _hand(rng, not riichi, melds)}
    item["win"] = rng.choice(
        ["ron", "tsumo", "none"] if rid in ("fimj", "ravenna") else ["ron", "tsumo"]
    )
    if rng.random() < 0.8:
        item["seat_wind"] = rng.choice(WINDS)
    if rng.random() < 0.8:
        item["round_wind"] = rng.choice(WINDS)
    # mostly the flags any hand may have (riichi: a concealed one), now and then any flag
    flags = sorted(rs.flags) if rng.random() < 0.2 else sorted(set(rs.flags) & SAFE_FLAGS)
    if melds and riichi:
        flags = [f for f in flags if "riichi" not in f and f != "ippatsu"]
    if flags and rng.random() < 0.6:
        item["flags"] = rng.sample(flags, rng.randrange(1, min(2, len(flags)) + 1))
    if riichi:
        item["dora"] = [_name(rng.randrange(34)) for _ in range(rng.randrange(3))]
        if rng.random() < 0.5:
            item["ura"] = [_name(rng.randrange(34))]
        if rng.random() < 0.3:
            item["dora"].append(rng.choice(["0m", "0p", "0s"]))
    for key in ("honba", "riichi_sticks"):
        if riichi and rng.random() < 0.3:
            item[key] = rng.randrange(4)
    if item["win"] == "ron" and rng.random() < 0.7:
        item["discarder"] = rng.choice(WINDS)
    if rid == "fimj" and rng.random() < 0.5:
        item["dealer"] = rng.choice(WINDS)
    return item


BROKEN_VALUES: list[tuple[str, Any]] = [
    ("hand", "123m456p789s11z+"),
    ("hand", "123m456p789s1122z+9x"),
    ("hand", "11111m456p789s11z+1z"),
    ("hand", 42),
    ("hand", ""),
    ("hand", "东南西北"),
    ("rules", "no-such-rules"),
    ("rules", "riichi-ema(kiriage=maybe)"),
    ("rules", ["fimj"]),
    ("win", "draw"),
    ("win", 1),
    ("seat_wind", "X"),
    ("round_wind", None),
    ("flags", "riichi"),
    ("flags", ["no_such_flag"]),
    ("flags", [1, 2]),
    ("dora", ["9x"]),
    ("dora", "1m"),
    ("honba", -1),
    ("honba", "two"),
    ("riichi_sticks", 1.5),
    ("discarder", "Q"),
    ("dealer", "S"),
    ("unknown_key", True),
    ("pao", "E"),
]
BROKEN_LINES = [
    b"{not json",
    b"[1, 2]",
    b'"a string"',
    b"null",
    b"",
    b"   \t",
    b"{}",
    b'{"rules": "fimj"}',
    b'{"hand": "123m456p789s11122z+1z"}',
    b"\xff\xfe not utf-8",
    b'{"rules": "mcr", "hand": "\xe4\xb8\xad"}',
    b"[" * 5000 + b"]" * 5000,
    b'{"rules": "riichi-ema", "hand": "123m456p789s11222z+9z", "x": "\\ud800"}',
    b'{"rules": "riichi-ema", "hand": "123m456p789s1122z+1z", "honba": 100000000000000000000}',
]


def corpus(seed: int, n: int) -> bytes:
    """``n`` lines of every ruleset, about a fifth of them broken, then the broken lines."""
    rng = random.Random(seed)
    lines: list[bytes] = []
    for _ in range(n):
        for rid in ids():
            item = _item(rng, rid)
            if rng.random() < 0.2:
                key, value = rng.choice(BROKEN_VALUES)
                item[key] = value
            lines.append(json.dumps(item, ensure_ascii=rng.random() < 0.5).encode())
    lines += BROKEN_LINES
    rng.shuffle(lines)
    return b"\r\n".join(lines[:50]) + b"\r\n" + b"\n".join(lines[50:]) + b"\n"


def oracle(data: bytes) -> bytes:
    """The ``score --jsonl`` loop before the batch path: line by line, the standard library."""
    out: list[str] = []
    base = {"rules": "riichi-ema"}
    for number, line, problem in _text_lines(io.BytesIO(data)):
        result: dict[str, Any]
        try:
            if line is None:
                raise MahjongError(problem or "unreadable line")
            if not line.strip():
                raise MahjongError("blank line (expected a JSON object)")
            result = score.compute({**base, **parse_object(line)})
        except INPUT_ERRORS as exc:
            result = {"ok": False, "error": f"line {number}: {error_message(exc)}"}
        except Exception as exc:
            result = {"ok": False, "error": f"line {number}: internal error: {_internal(exc)}"}
        out.append(json.dumps(result, ensure_ascii=False) + "\n")
    return "".join(out).encode("utf-8")


batch = run_batch
"""What ``muraglia score --jsonl`` writes for ``data`` (in process)."""


def test_every_ruleset_valid_and_broken_lines_byte_for_byte() -> None:
    data = corpus(19, 400)
    want = oracle(data).splitlines()
    got = batch(data).splitlines()
    assert len(got) == len(want) == len(data.splitlines()) >= 2400
    ok = sum(line.startswith(b'{"ok": true') for line in want)
    assert 900 < ok < len(want) - 900  # both kinds, in numbers
    for number, (line, expected) in enumerate(zip(got, want, strict=True), 1):
        assert line == expected, f"line {number} differs"
    for rid in ids():  # every ruleset answered valid wins
        tag = json.dumps(rid).encode()
        assert any(b'"valid_win": true' in x and tag in x for x in want), rid


def test_a_utf8_stdout_gets_the_bytes_a_text_stdout_gets() -> None:
    """The answers go as UTF-8 bytes to a UTF-8 stdout's buffer: the bytes of the text lane."""
    data = corpus(20, 100)
    assert batch(data) == batch(data, stdout="text") == oracle(data)


def _lanes(
    answer: dict[str, Any], errors: str, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, Any]]:
    """What ``run_batch`` writes of two lines answered ``answer`` (or the error it raises) to
    one UTF-8 stdout with the error handler ``errors``: through the bytes lane, then as text."""
    got = []
    for lane in ("bytes", "text"):
        raw = io.BytesIO()
        out = io.TextIOWrapper(raw, encoding="utf-8", errors=errors)
        out.write("before ")  # text written before the batch goes first
        with monkeypatch.context() as m:
            m.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{}\n{}\n")))
            m.setattr(sys, "stdout", out)
            if lane == "text":
                m.setattr(_common, "_utf8_buffer", lambda _out: None)
            try:
                _common.run_batch(lambda _item: answer)
                out.flush()
                got.append((lane, raw.getvalue()))
            except UnicodeEncodeError as exc:
                got.append((lane, (type(exc), exc.reason)))
    return got


@pytest.mark.parametrize(
    ("answer", "errors"),
    [
        ({"ok": True, "x": "é東 → \U0001f004"}, "strict"),
        ({"ok": True, "x": "a \udc80 b"}, "surrogateescape"),
        ({"ok": True, "x": "a \ud800 b"}, "surrogatepass"),
        ({"ok": True, "x": "a \udc80 b"}, "strict"),
        ({"ok": False, "error": "\ud800"}, "surrogateescape"),
    ],
)
def test_both_lanes_write_or_fail_alike(
    answer: dict[str, Any], errors: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lone surrogate has no UTF-8 form: the stdout's error handler decides in both lanes."""
    (_, by_bytes), (_, by_text) = _lanes(answer, errors, monkeypatch)
    assert by_bytes == by_text
    if isinstance(by_text, bytes):
        want = json.dumps(answer, ensure_ascii=False).encode("utf-8", errors)
        assert by_text == b"before " + want + b"\n" + want + b"\n"


def test_only_a_utf8_stdout_with_a_buffer_gets_bytes() -> None:
    raw = io.BytesIO()
    assert _common._utf8_buffer(io.TextIOWrapper(raw, encoding="UTF8")) is raw
    assert _common._utf8_buffer(io.TextIOWrapper(io.BytesIO(), encoding="latin-1")) is None
    assert _common._utf8_buffer(io.TextIOWrapper(io.BytesIO(), encoding="utf-16")) is None
    assert _common._utf8_buffer(io.StringIO()) is None


class _PartialWriter(io.RawIOBase):
    """A raw stream that takes at most 7 bytes a write (an unbuffered pipe's partial writes)."""

    def __init__(self) -> None:
        self.got = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.got += bytes(data[:7])
        return min(len(data), 7)


def test_partial_writes_are_continued() -> None:
    raw = _PartialWriter()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape")  # type: ignore[type-var]
    _common._emit(out, raw, ["é東 → ok".encode()] * 10 + ["→ \udc80", ""])
    assert bytes(raw.got) == "é東 → ok\n".encode() * 10 + "→ \udc80\n".encode(
        errors="surrogateescape"
    )


def test_a_line_past_max_line() -> None:
    line = b'{"rules": "fimj", "hand": "' + b"1" * MAX_LINE + b'"}'
    data = b'{"rules": "x"}\n' + line + b"\n\n" + line
    assert batch(data) == oracle(data)
    assert batch(data).count(b"line longer than") == 2


def _read(stream: bytes) -> list[tuple[int, str | None, str | None]]:
    return [x for b in input_batches(io.BufferedReader(io.BytesIO(stream))) for x in b]


class _Raw(io.RawIOBase):
    """A raw stream handing out its bytes in pieces of the given sizes (a pipe's reads)."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self.data, self.sizes = data, sizes

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        size = min(len(buf), self.sizes.pop(0) if self.sizes else len(self.data), len(self.data))
        buf[:size] = self.data[:size]
        self.data = self.data[size:]
        return size


@given(
    st.lists(
        st.one_of(
            st.binary(max_size=12),
            st.sampled_from([b"\n", b"\r\n", b"\r", b"\xff", b"\xe2\x82", "é東".encode()]),
        ),
        max_size=30,
    ),
    st.lists(st.integers(1, 9), max_size=30),
    st.integers(1, 10),
    st.integers(1, 7),
)
def test_batches_read_what_readline_reads(
    parts: list[bytes], sizes: list[int], max_line: int, chunk: int
) -> None:
    """The same (number, text, problem) as the readline reader, whatever the reads return."""
    data = b"".join(parts)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_common, "MAX_LINE", max_line)
        mp.setattr(_common, "_CHUNK", chunk)
        want = list(_text_lines(io.BytesIO(data)))
        got = [
            x
            for b in input_batches(io.BufferedReader(_Raw(data, list(sizes)), buffer_size=16))
            for x in b
        ]
    assert got == want


class _Trickle(io.RawIOBase):
    """A pipe whose producer writes a few bytes at a time (every read returns ``step``)."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.step, self.pos = data, step, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buf: Any) -> int:
        size = min(len(buf), self.step, len(self.data) - self.pos)
        buf[:size] = self.data[self.pos : self.pos + size]
        self.pos += size
        return size


def test_a_long_line_in_small_reads_costs_time_in_proportion() -> None:
    """A line arriving in many small reads is put together once, not copied at every read.

    Two lines near ``MAX_LINE`` in 16-byte reads: about 125,000 reads, a fraction of a second
    when the pieces are joined at the end; gluing each read onto the line so far copied
    ~8 GB (seconds of CPU per line, from untrusted input).
    """
    data = b"1" * MAX_LINE + b"\n" + b"2" * (MAX_LINE + 1) + b"\n{}"
    start = time.process_time()
    got = [
        (n, len(text or ""), problem)
        for b in input_batches(io.TextIOWrapper(io.BufferedReader(_Trickle(data, 16))))
        for n, text, problem in b
    ]
    elapsed = time.process_time() - start
    assert got == [
        (1, MAX_LINE, None),
        (2, 0, f"line longer than {MAX_LINE} characters"),
        (3, 2, None),
    ]
    assert elapsed < 3.0, f"{elapsed:.1f} s of CPU"


def test_a_client_gets_each_answer_before_it_writes_the_next_line() -> None:
    """The batch loop flushes before it waits for more input (an interactive client)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "muraglia", "score", "--jsonl"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None
    assert proc.stdout is not None
    answers: list[bytes] = []
    stdout = proc.stdout
    try:
        for hand in ("123m456p789s11122z+1z", "not a hand"):
            proc.stdin.write(json.dumps({"rules": "fimj", "hand": hand}).encode() + b"\n")
            proc.stdin.flush()
            before = len(answers)
            reader = threading.Thread(target=lambda: answers.append(stdout.readline()))
            reader.start()
            reader.join(60)
            assert len(answers) == before + 1, "no answer while the input stays open"
    finally:
        proc.stdin.close()
        proc.wait(60)
    assert answers[0].startswith(b'{"ok": true')
    assert answers[1].startswith(b'{"ok": false, "error": "line 2: ')


def _parse_reference(text: str) -> Any:
    """``parse_object`` before its fast path (json.loads alone), verbatim."""
    try:
        item = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MahjongError(f"invalid JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise MahjongError("invalid JSON: nested too deeply") from None
    if not isinstance(item, dict):
        raise _common.InputTypeError(f"expected a JSON object, got {_common.json_type(item)}")
    return item


def _parsed(parse: Any, text: str) -> Any:
    try:
        return ("ok", parse(text))
    except MahjongError as exc:
        return (type(exc).__name__, str(exc))


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)


@given(
    value=_JSON,
    before=st.sampled_from(("", " ", "\t", "\ufeff", "x")),
    after=st.sampled_from(("", " ", "}", "]", ",", "x", "\x00", " {}")),
    cut=st.integers(0, 40),
)
def test_parse_object_reads_what_json_loads_reads(
    value: Any, before: str, after: str, cut: int
) -> None:
    # the fast path (json.loads' scanner on a text that starts with '{') answers as the
    # reference on objects, other values, text around them and texts cut short
    text = before + json.dumps(value) + after
    for t in (text, text[:cut], json.dumps({"k": value}) + after):
        assert _parsed(parse_object, t) == _parsed(_parse_reference, t), t
