"""Web benchmark: score requests/s and latency, discard-to-next-state time, memory per table.

Command: ``python bench/bench_web.py [--seconds 10] [--clients 64] [--games 6] [--profile]
[--rules ID]`` (``--rules``: the score requests of one ruleset, else of all five drawn at random).

1. ``POST /api/score`` against a real ``muraglia serve`` (one uvicorn worker, a subprocess on
   127.0.0.1) under ``--clients`` concurrent keep-alive clients for ``--seconds``, with the
   peers in the same run: ``GET /api/health`` (the HTTP stack alone) and the CLI's own
   ``score.compute`` called in-process on the same hands (the scoring alone). The server is
   warmed up on hands that are *not* the timed ones. The server freezes its startup heap
   (:func:`muraglia.web.app.settle_heap`, as ``muraglia serve`` always does) and the client
   its own while timing, so that neither side's full garbage collection stalls the 64
   requests in flight; p50, p99 and the worst latency are printed. When ``wrk`` is installed
   (Debian package ``wrk``, a load generator written in C), the same timed request bodies are
   sent again through it (one thread, ``--clients`` connections, a Lua script rotating the
   bodies): a second client whose own cost does not count in the latencies (``--no-wrk``
   skips it).
2. A person's discard -> the next state of their seat, server-side, at a table with three bots:
   ``Room.act`` (the engine applies the discard, the bots play until the person must decide
   again) plus ``Room.message`` (that seat's JSON + HTML), over seeded games of every ruleset.
3. Memory per open table: Python allocations (tracemalloc) of ``--tables`` started tables.
4. In-process CPU per score request (``time.process_time``, not distorted by other load on the
   machine): the application called as ASGI in this process, interleaved in rounds with its
   peers: the CLI's ``score.compute`` alone, the same request through the framework's routing
   (the API router alone, as before :class:`~muraglia.web.api.FastJsonApi`) and
   ``GET /api/health``, and the response bodies of the same requests written by
   ``web.api.encode`` (orjson) and by the standard library's ``json.dumps``
   (``web.api.stdlib_encode``); the heap is frozen after the warm-up, as the server's is.
   ``--profile`` prints cProfile's top functions of the request path.
5. ``--only gc``: the collector's full collections and the worst request over
   ``--gc-requests`` score requests in process, with the heap as started and then frozen as
   ``muraglia serve`` freezes it (:func:`muraglia.web.app.settle_heap`).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from tests.web.server import running_server  # noqa: E402

from muraglia.cli import score  # noqa: E402
from muraglia.cli._common import INPUT_ERRORS  # noqa: E402
from muraglia.players import make_bot  # noqa: E402
from muraglia.web.table_view import order_actions  # noqa: E402
from muraglia.web.tables import Room  # noqa: E402

RULES = ("riichi-ema", "fimj", "mcr", "seipalle", "ravenna")
HANDS = [
    "234m567p11z [555z] [789s<] +4m",
    "123m456p789s234s55z+5z",
    "22334455m667788p+6p",
    "119m19p19s1234567z+9p",
    "111m234p567s789s5z+5z",
    "123456789m11p [777z] +1p",
    "234m234p234s678s5p+5p",
    "1112345678999m+5m",
]


SCORE_RULES = list(RULES)
"""The rulesets the score requests draw from (``--rules`` narrows it to one)."""


def items(seed: int, n: int, hands: list[str]) -> list[dict[str, Any]]:
    """``n`` score inputs drawn from ``hands`` and the rulesets; a hand a ruleset refuses as
    input (an exposed chow in Ravenna, RAV-PLAY-3) is drawn again, so every request is a 200."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < n:
        item = {"rules": rng.choice(SCORE_RULES), "hand": rng.choice(hands), "seat_wind": "S",
                "win": rng.choice(("ron", "tsumo"))}  # fmt: skip
        if item["win"] == "ron":
            item["discarder"] = "W"
        try:
            score.compute(dict(item))
        except INPUT_ERRORS:
            continue
        out.append(item)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _request(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, head: bytes, body: bytes
) -> int:
    """One HTTP/1.1 keep-alive request; returns the status code."""
    writer.write(head + body)
    await writer.drain()
    status_line = await reader.readline()
    length = 0
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    await reader.readexactly(length)
    return int(status_line.split()[1])


async def load(
    base: str, method: str, path: str, *, bodies: list[dict[str, Any]], clients: int,
    seconds: float,
) -> dict[str, float]:  # fmt: skip
    """``clients`` keep-alive connections (a minimal asyncio HTTP client, so that the client's
    own cost stays small next to the server's) sending requests for ``seconds``."""
    host, port = base.removeprefix("http://").split(":")
    encoded = [json.dumps(b).encode() for b in bodies] or [b""]
    latencies: list[float] = []
    errors = 0
    stop = time.perf_counter() + seconds

    async def worker(k: int) -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection(host, int(port))
        i = k
        try:
            while time.perf_counter() < stop:
                i += clients
                body = encoded[i % len(encoded)] if method == "POST" else b""
                head = (
                    f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                ).encode()
                t0 = time.perf_counter()
                status = await _request(reader, writer, head, body)
                latencies.append(time.perf_counter() - t0)
                if status != 200:
                    errors += 1
        finally:
            writer.close()

    # the client's own heap (this process imported and ran the whole library) out of its
    # collector: a full collection here would stall all the clients and count as latency
    gc.collect()
    gc.freeze()
    t0 = time.perf_counter()
    try:
        await asyncio.gather(*(worker(k) for k in range(clients)))
        elapsed = time.perf_counter() - t0
    finally:
        gc.unfreeze()
    return {
        "requests": len(latencies),
        "per_second": len(latencies) / elapsed,
        "p50_ms": 1000 * pct(latencies, 0.50),
        "p99_ms": 1000 * pct(latencies, 0.99),
        "max_ms": 1000 * max(latencies),
        "errors": errors,
    }


_WRK_SCRIPT = """
local bodies = {}
for line in io.lines(os.getenv("MURAGLIA_WRK_BODIES")) do bodies[#bodies + 1] = line end
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i + 1
  return wrk.format(nil, "/api/score", nil, bodies[(i % #bodies) + 1])
end
"""

_WRK_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def _wrk_ms(text: str, percent: str) -> float:
    """The latency of ``percent`` (``"50%"``) in milliseconds from wrk's ``--latency`` table."""
    m = re.search(rf"^\s*{re.escape(percent)}\s+([\d.]+)(us|ms|s|m)\s*$", text, re.M)
    if m is None:
        raise RuntimeError(f"wrk printed no {percent} latency:\n{text}")
    return float(m.group(1)) * _WRK_UNITS[m.group(2)]


def _wrk_max_ms(text: str) -> float:
    """The worst latency in milliseconds from wrk's thread statistics line."""
    m = re.search(r"^\s*Latency\s+\S+\s+\S+\s+([\d.]+)(us|ms|s|m)\s", text, re.M)
    if m is None:
        raise RuntimeError(f"wrk printed no latency statistics:\n{text}")
    return float(m.group(1)) * _WRK_UNITS[m.group(2)]


def wrk_load(
    base: str, bodies: list[dict[str, Any]], clients: int, seconds: float
) -> dict[str, float]:
    """``POST /api/score`` with ``bodies`` in turn through ``wrk`` (one thread, ``clients``
    keep-alive connections, ``seconds``); wrk's own percentiles and request rate."""
    with tempfile.TemporaryDirectory() as tmp:
        script = f"{tmp}/score.lua"
        data = f"{tmp}/bodies.jsonl"
        with open(script, "w", encoding="utf-8") as f:
            f.write(_WRK_SCRIPT)
        with open(data, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(b) + "\n" for b in bodies)
        out = subprocess.run(
            ["wrk", "-t1", f"-c{clients}", f"-d{max(1, round(seconds))}s", "--latency",
             "-s", script, base],
            capture_output=True, text=True, check=True, timeout=seconds + 60,
            env={"MURAGLIA_WRK_BODIES": data, "PATH": "/usr/bin:/bin"},
        ).stdout  # fmt: skip
    rate = re.search(r"^Requests/sec:\s+([\d.]+)", out, re.M)
    errors = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    total = re.search(r"(\d+) requests in", out)
    if rate is None or total is None:
        raise RuntimeError(f"unexpected wrk output:\n{out}")
    return {
        "requests": int(total.group(1)),
        "per_second": float(rate.group(1)),
        "p50_ms": _wrk_ms(out, "50%"),
        "p99_ms": _wrk_ms(out, "99%"),
        "max_ms": _wrk_max_ms(out),
        "errors": int(errors.group(1)) if errors else 0,
    }


def bench_http(seconds: float, clients: int, use_wrk: bool = True) -> None:
    timed = items(1, 4000, HANDS[:6])
    warm = items(2, 400, HANDS[6:])
    t0 = time.perf_counter()
    for item in timed[:2000]:
        score.compute(dict(item))
    direct_us = 1e6 * (time.perf_counter() - t0) / 2000
    with running_server() as base:
        asyncio.run(
            load(base, "POST", "/api/score", bodies=warm, clients=clients, seconds=2.0)
        )  # warm-up
        health = asyncio.run(
            load(base, "GET", "/api/health", bodies=[], clients=clients, seconds=seconds)
        )
        scored = asyncio.run(
            load(base, "POST", "/api/score", bodies=timed, clients=clients, seconds=seconds)
        )
        health2 = asyncio.run(
            load(base, "GET", "/api/health", bodies=[], clients=clients, seconds=seconds / 2)
        )
        wrk = (
            wrk_load(base, timed, clients, seconds)
            if use_wrk and shutil.which("wrk") is not None
            else None
        )
    print(f"score.compute in-process (peer): {direct_us:.0f} us/hand "
          f"= {1e6 / direct_us:.0f} hands/s on one core")  # fmt: skip
    rows = [("GET /api/health", health), ("POST /api/score", scored),
            ("GET /api/health (again)", health2)]  # fmt: skip
    if wrk is not None:
        rows.append(("POST /api/score (wrk)", wrk))
    elif use_wrk:
        print("wrk not installed (apt-get install wrk): the second client is skipped")
    for name, r in rows:
        print(
            f"{name:<24} {r['per_second']:7.0f} req/s  p50 {r['p50_ms']:6.1f} ms  "
            f"p99 {r['p99_ms']:6.1f} ms  max {r['max_ms']:6.1f} ms  ({r['requests']} requests, "
            f"{r['errors']} errors, "
            f"{clients} clients)"
        )


def bench_discard(games: int) -> None:
    print("discard -> next state of the person's seat (server-side, three bots):")
    for rules in ("riichi-ema", "fimj", "mcr", "seipalle", "ravenna"):
        act_ms: list[float] = []
        msg_ms: list[float] = []
        cpu_ms: list[float] = []
        for g in range(games):
            room = Room("b", rules, 4, 2, 1000 + g)
            room.join("person")
            session = room.start()
            person = make_bot("efficiency", session.match.game.ruleset, seed=g)
            for _ in range(5000):
                if session.match.over:
                    break
                if session.deal_over:
                    session.acknowledge()
                    continue
                legal = order_actions(session.legal(0))
                choice = person.choose(session.view(0), legal)
                c0 = time.process_time()
                t0 = time.perf_counter()
                room.act(0, legal.index(choice), len(session.actions))
                t1 = time.perf_counter()
                room.message(0)
                t2 = time.perf_counter()
                c2 = time.process_time()
                if choice.kind == "discard":
                    act_ms.append(1000 * (t1 - t0))
                    msg_ms.append(1000 * (t2 - t1))
                    cpu_ms.append(1000 * (c2 - c0))
        total = [a + m for a, m in zip(act_ms, msg_ms, strict=True)]
        print(
            f"  {rules:<11} {len(total):5d} discards: total p50 {pct(total, 0.5):5.1f} ms, "
            f"p99 {pct(total, 0.99):5.1f} ms (engine+bots p50 {statistics.median(act_ms):4.1f}, "
            f"message p50 {statistics.median(msg_ms):4.1f}); CPU p50 "
            f"{statistics.median(cpu_ms):4.1f} ms, p99 {pct(cpu_ms, 0.99):5.1f} ms"
        )


def bench_memory(tables: int) -> None:
    tracemalloc.start()
    rooms = []
    before = tracemalloc.take_snapshot()
    base = sum(s.size for s in before.statistics("filename"))
    for k in range(tables):
        room = Room(f"m{k}", RULES[k % len(RULES)], 4, None, k)
        room.join("person")
        room.start()
        room.message(0)
        rooms.append(room)
    after = sum(s.size for s in tracemalloc.take_snapshot().statistics("filename"))
    tracemalloc.stop()
    per = (after - base) / tables
    print(f"memory per open table: {per / 1024:.0f} KiB (tracemalloc, {tables} started tables, "
          "the five rulesets in turn, first deal dealt)")  # fmt: skip


async def _asgi(app: Any, method: str, path: str, body: bytes) -> int:
    """One request to an ASGI app in this process; the status."""
    status = 0
    messages = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    headers = [(b"host", b"bench"), (b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode())]  # fmt: skip
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": headers,
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}  # fmt: skip
    await app(scope, receive, send)
    return status


def bench_inprocess(n: int, rounds: int, profile: bool) -> None:
    from fastapi import FastAPI

    from muraglia.web import api, create_app

    app = create_app("sqlite://")
    routed = FastAPI()
    routed.include_router(api.router)
    timed = [json.dumps(i).encode() for i in items(3, n, HANDS[:6])]
    warm = [json.dumps(i).encode() for i in items(4, 200, HANDS[6:])]
    raw = [json.loads(b) for b in timed]
    answers = [score.compute(dict(x)) for x in raw]

    async def many(target: Any, method: str, path: str, bodies: list[bytes]) -> None:
        for body in bodies:
            if await _asgi(target, method, path, body) != 200:
                raise SystemExit(f"{path}: not 200")

    for target in (app, routed):
        asyncio.run(many(target, "POST", "/api/score", warm))
    # as muraglia serve does (web.app.settle_heap): the startup heap out of the collector, so
    # that a full collection of this process's ~130k objects (50-100 ms of CPU) does not land
    # in one peer's timing and not the other's
    gc.collect()
    gc.freeze()
    runs: dict[str, list[float]] = {}
    for _ in range(rounds):  # interleaved: every peer in every round
        for name, fn in (
            ("score.compute alone", lambda: [score.compute(dict(x)) for x in raw]),
            ("POST /api/score (create_app)",
             lambda: asyncio.run(many(app, "POST", "/api/score", timed))),
            ("POST /api/score (routed by the framework)",
             lambda: asyncio.run(many(routed, "POST", "/api/score", timed))),
            ("GET /api/health (create_app)",
             lambda: asyncio.run(many(app, "GET", "/api/health", [b""] * len(timed)))),
            ("response body, api.encode (orjson)", lambda: [api.encode(a) for a in answers]),
            ("response body, stdlib json.dumps",
             lambda: [api.stdlib_encode(a) for a in answers]),
        ):  # fmt: skip
            t0 = time.process_time()
            fn()
            runs.setdefault(name, []).append(1e6 * (time.process_time() - t0) / len(timed))
    print(f"in-process CPU per request ({len(timed)} requests x {rounds} rounds, median):")
    for name, values in runs.items():
        print(f"  {name:<44} {statistics.median(values):6.0f} us")
    gc.unfreeze()
    if profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        asyncio.run(many(app, "POST", "/api/score", timed))
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


def bench_gc(n: int) -> None:
    """The collector's pauses over ``n`` mixed score requests through ``create_app`` in this
    process: with the heap as started, then frozen as ``muraglia serve`` does (settle_heap)."""
    from muraglia.web import create_app
    from muraglia.web.app import settle_heap

    app = create_app("sqlite://")
    timed = [json.dumps(i).encode() for i in items(5, 1000, HANDS[:6])]
    for body in (json.dumps(i).encode() for i in items(6, 200, HANDS[6:])):
        asyncio.run(_asgi(app, "POST", "/api/score", body))
    pauses: list[tuple[int, float]] = []
    started = [0.0]

    def timer(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses.append((info["generation"], time.perf_counter() - started[0]))

    async def many() -> list[float]:
        out = []
        for k in range(n):
            t0 = time.perf_counter()
            await _asgi(app, "POST", "/api/score", timed[k % len(timed)])
            out.append(time.perf_counter() - t0)
        return out

    print(f"garbage collector over {n} score requests in process:")
    for label in ("heap as started", "heap frozen (settle_heap)"):
        if label.endswith("(settle_heap)"):
            settle_heap()
        pauses.clear()
        gc.callbacks.append(timer)
        try:
            latencies = asyncio.run(many())
        finally:
            gc.callbacks.remove(timer)
        full = [d for g, d in pauses if g == 2]
        print(f"  {label:<26} {len(gc.get_objects()):7d} tracked objects; {len(full)} full "
              f"collections, longest {1000 * max(full, default=0):6.1f} ms; worst request "
              f"{1000 * max(latencies):6.1f} ms")  # fmt: skip
    gc.unfreeze()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--clients", type=int, default=64)
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--requests", type=int, default=1000, help="in-process requests per round")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--gc-requests", type=int, default=12000, help="requests per --only gc run")
    p.add_argument("--profile", action="store_true", help="cProfile the in-process request path")
    p.add_argument("--no-wrk", action="store_true", help="skip the second client (wrk)")
    p.add_argument("--only", choices=("http", "discard", "memory", "inprocess", "gc"))
    p.add_argument("--rules", choices=RULES, help="score requests of this ruleset only")
    args = p.parse_args()
    if args.rules:
        SCORE_RULES[:] = [args.rules]
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{platform.processor() or 'cpu'}")  # fmt: skip
    if args.only in (None, "inprocess"):
        bench_inprocess(args.requests, args.rounds, args.profile)
    if args.only in (None, "http"):
        bench_http(args.seconds, args.clients, not args.no_wrk)
    if args.only in (None, "discard"):
        bench_discard(args.games)
    if args.only in (None, "memory"):
        bench_memory(args.tables)
    if args.only == "gc":  # not in the default run: 2 x --gc-requests requests
        bench_gc(args.gc_requests)


if __name__ == "__main__":
    main()
