"""The riichi output object (``score --jsonl``, the web's score API) built by the C kernel.

``RiichiEma.score_dict`` hands its result to ``output_object``: the C kernel's ``output``
where it is built, else ``_pure_output`` (``result.to_dict()`` plus the ``ja`` names), the
reference. Both are compared here on thousands of seeded riichi inputs (every shape, melds
open and concealed, kongs, red fives, flags, dora, counters, pao; hands drawn from small tile
pools so that the limits and the yakuman are reached) and on the golden inputs, key by key
and as JSON text (the key order is part of the output).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from muraglia.rulesets import ruleset_for
from muraglia.rulesets.riichi_ema import fast
from muraglia.rulesets.riichi_ema import ruleset as riichi
from muraglia.rulesets.riichi_ema.result import RiichiResult
from muraglia.rulesets.riichi_ema.ruleset import RiichiEma
from muraglia.scoring.result import ScoreResult
from muraglia.tiles import Tile

GOLDEN = Path(__file__).resolve().parents[2] / "data" / "score_golden" / "input.jsonl"
SEATS = ("E", "S", "W", "N")
RULES = ("riichi-ema", "riichi-tenhou")
GREEN = (19, 20, 21, 23, 25, 32)  # 2 3 4 6 8s, green dragon (EMA-YKM-9)
POOLS: tuple[tuple[int, ...], ...] = (
    tuple(range(34)),
    tuple(range(34)),
    tuple(range(9)),  # one suit: flushes, nine gates, straights
    tuple(range(18, 27)) + tuple(range(27, 34)),  # one suit and honours
    tuple(range(27, 34)),  # honours
    (0, 8, 9, 17, 18, 26),  # terminals
    (0, 8, 9, 17, 18, 26, *range(27, 34)),  # terminals and honours
    GREEN,
    (*range(31, 34), 0, 1, 2, 3, 4, 5, 6, 7, 8),  # dragons and one suit
    (*range(27, 31), 9, 10, 11, 12, 13),  # winds
    tuple(k for k in range(27) if k % 9 not in (0, 8)),  # simples
)


def _hand(rng: random.Random) -> tuple[str, bool, bool, int] | None:
    """A complete hand's notation, whether it is closed, has a kong, and its winning kind."""
    concealed: list[int] = []
    melds: list[str] = []
    closed, kongs = True, 0
    pool = rng.choice(POOLS)
    if rng.random() < 0.08:  # thirteen orphans
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        concealed = [*orphans, rng.choice(orphans)]
    elif rng.random() < 0.1:  # seven pairs
        if len(pool) < 7:
            return None
        concealed = [k for k in rng.sample(pool, 7) for _ in (0, 1)]
    else:
        for _ in range(4):
            t = rng.choice(pool)
            chow = t < 27 and t % 9 < 7 and t + 2 in pool and rng.random() < 0.6
            size = 3 if chow or rng.random() < 0.85 else 4
            tiles = [t, t + 1, t + 2] if chow else [t] * size
            body = "".join(str(Tile(k).rank) for k in tiles) + "mpsz"[tiles[0] // 9]
            if size == 4:
                kongs += 1
                exposed = rng.random() < 0.5
                melds.append(f"[{body}]" if exposed else f"({body})")
                closed = closed and not exposed
            elif rng.random() < 0.3:
                src = "" if chow else rng.choice(("", "<", "^", ">"))
                melds.append(f"[{body}{src}]")
                closed = False
            else:
                concealed += tiles
        pair = rng.choice(pool)
        concealed += [pair, pair]
    counts = [0] * 34
    for k in concealed:
        counts[k] += 1
    for m in melds:
        body = m.strip("[]()<^>")
        for d in body[:-1]:
            counts[9 * "mpsz".index(body[-1]) + int(d) - 1] += 1
    if max(counts) > 4:
        return None
    win = rng.choice(concealed)
    notes = [Tile(k).notation for k in sorted(concealed)]
    fives = [i for i, n in enumerate(notes) if n[0] == "5" and n[1] in "mps"]
    if fives and rng.random() < 0.3:
        i = rng.choice(fives)
        if notes[i] != Tile(win).notation or notes.count(notes[i]) > 1:
            notes[i] = "0" + notes[i][1]
    text = "".join(notes) + " ".join(("", *melds)) + " +" + Tile(win).notation
    return text, closed, bool(kongs), win


def cases(n: int, seed: int) -> Iterator[dict[str, Any]]:
    """``n`` seeded ``score`` input objects of complete riichi hands."""
    rng = random.Random(seed)
    made = 0
    while made < n:
        drawn = _hand(rng)
        if drawn is None:
            continue
        text, closed, kong, win = drawn
        tsumo = rng.random() < 0.5
        seat = rng.choice(SEATS)
        flags: list[str] = []
        if closed and rng.random() < 0.5:
            flags.append(rng.choice(("riichi", "riichi", "double_riichi")))
            if rng.random() < 0.3:
                flags.append("ippatsu")
        extra = rng.choice((None, None, "last_tile", "replacement", "robbing_kong", "first_turn"))
        if (
            (extra == "replacement" and not (tsumo and kong))
            or (extra == "robbing_kong" and (tsumo or text.count(Tile(win).notation) > 1))
            or (extra == "first_turn" and (not closed or flags))  # no riichi before it
        ):
            extra = None
        if extra:
            flags.append(extra)
        data: dict[str, Any] = {
            "rules": rng.choice(RULES),
            "hand": text,
            "win": "tsumo" if tsumo else "ron",
            "seat_wind": seat,
            "round_wind": rng.choice(("E", "S")),
            "flags": flags,
            "dora": [Tile(rng.randrange(34)).notation for _ in range(rng.randrange(3))],
            "ura": [Tile(rng.randrange(34)).notation for _ in range(rng.randrange(2))],
            "honba": rng.choice((0, 0, 1, 2, 5)),
            "riichi_sticks": rng.choice((0, 0, 1, 3)),
        }
        if not tsumo and rng.random() < 0.95:
            data["discarder"] = rng.choice([s for s in SEATS if s != seat])
        if rng.random() < 0.05:
            data["pao"] = rng.choice([s for s in SEATS if s != seat])
        yield data
        made += 1


SPECIAL: list[tuple[str, dict[str, Any]]] = [
    ("19m19p19s1234567z+1m", {"win": "tsumo", "flags": ["first_turn"]}),
    ("1112345678999m+5m", {"win": "ron", "discarder": "S"}),
    ("111z222z333z55z[444z]+5z", {"win": "ron", "discarder": "W", "pao": "N"}),
    ("11m(1111p)(2222p)(3333p)[4444s]+1m", {"win": "ron", "discarder": "S"}),
    ("123p456p789s11z[406m]+1z", {"win": "ron", "discarder": "S", "dora": ["4m"]}),
    ("123m456m789m99p[789s]+9m", {"win": "ron", "discarder": "W", "honba": 6}),
    ("123p456p789p123m05m+5m", {"win": "tsumo", "riichi_sticks": 2}),
    ("1112345678999m+9m", {"win": "tsumo", "seat_wind": "S"}),
    ("123m789m123p789p11s+1s", {"win": "ron", "discarder": "S", "flags": ["riichi"]}),
    ("123m456m789m123p55p+1m", {"win": "ron", "discarder": "S", "flags": ["robbing_kong"]}),
    ("123m456m789m99p[789s]+9m", {"win": "ron"}),  # no discarder: no payments
    ("123m456m789m99p11z+9m", {}),  # incomplete
]
"""Hands with the patterns the seeded hands miss (``RARE``), limits, pao, no payments."""
RARE = {"four_kongs", "nine_gates", "nine_gates_9", "robbing_kong", "terminals_in_all_sets"}


@pytest.fixture(autouse=True)
def _native() -> None:
    if not fast.NATIVE or riichi.output_object is riichi._pure_output:
        pytest.skip("the C kernel's output is not built here")


def _both(data: dict[str, Any]) -> tuple[Any, dict[str, Any]] | None:
    """The kernel's output object and the reference's, each from its own result (None for
    an input the scorer refuses)."""
    rs = ruleset_for(data["rules"])
    assert isinstance(rs, RiichiEma)
    try:
        result = rs.score_input(data)
    except Exception as exc:  # the reference must refuse it the same way
        with pytest.raises(type(exc), match=None):
            rs.score_dict(data)
        return None
    mine = riichi.output_object(result, rs._ja_names)
    if type(result) is not RiichiResult:  # not a complete hand: left to the reference
        assert mine is NotImplemented
        mine = rs.score_dict(data)
    else:  # the awards already located (read before printing): the same object
        again = rs.score_input(data)
        assert again.awards is not None
        assert riichi.output_object(again, rs._ja_names) == mine, data
    return mine, riichi._pure_output(rs.score_input(data), rs._ja_names)


def _same(data: dict[str, Any]) -> dict[str, Any] | None:
    got = _both(data)
    if got is None:
        return None
    mine, ref = got
    assert mine is not NotImplemented, data
    assert list(mine) == list(ref), data
    for key, value in ref.items():
        assert mine[key] == value, (key, data)
    assert json.dumps(mine, ensure_ascii=False) == json.dumps(ref, ensure_ascii=False)
    return ref


def test_kernel_output_matches_the_reference_on_seeded_hands() -> None:
    ids: set[str] = set()
    limits: set[Any] = set()
    fu: set[str] = set()
    keys: set[str] = set()
    n = 0
    for data in cases(3000, 2026):
        out = _same(data)
        if out is None:
            continue
        n += 1
        ids.update(p["id"] for p in out["patterns"])
        limits.add(out["limit"])
        fu.update(line["ref"] for line in out["fu_breakdown"])
        keys.update(out)
    assert n > 2500
    # what the generators reach: every limit, most yaku and yakuman, every fu rule
    assert limits >= {None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman"}, limits
    table = {p.id for p in ruleset_for("riichi-ema").table}
    assert table - ids <= RARE, sorted(table - ids)  # the special hands below have them
    assert fu >= {"EMA-FU-1", "EMA-FU-2/5", "EMA-FU-3", "EMA-FU-4", "EMA-FU-6", "EMA-FU-8"}
    assert keys >= {"reason", "payments", "yakuman", "explanation", "fu_breakdown"}


def test_kernel_output_matches_the_reference_on_the_golden_inputs() -> None:
    n = 0
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
        except ValueError:
            continue  # the golden file's broken lines
        if not isinstance(data, dict) or data.get("rules") not in ("riichi-ema", "riichi-tenhou"):
            continue
        if isinstance(data.get("hand"), str):
            _same(data)
            n += 1
    assert n > 10


@pytest.mark.parametrize(("hand", "kw"), SPECIAL)
def test_kernel_output_matches_the_reference_on_special_hands(
    hand: str, kw: dict[str, Any]
) -> None:
    for rules in RULES:
        _same({"rules": rules, "hand": hand, **kw})


def test_kernel_leaves_other_results_to_the_reference() -> None:
    rs = ruleset_for("riichi-ema")
    assert isinstance(rs, RiichiEma)
    plain = ScoreResult("riichi-ema", "123m", False, reason="x")
    assert riichi.output_object(plain, rs._ja_names) is NotImplemented
    assert riichi.output_object(plain, {}) is NotImplemented
    data = {"rules": "riichi-ema", "hand": "123m456m789m11p222p+2p", "win": "tsumo"}
    result = rs.score_input(data)
    assert dict(result.explanation)  # made already: the reference's object is printed
    assert riichi.output_object(result, rs._ja_names) is NotImplemented
    assert rs.score_dict(data) == riichi._pure_output(rs.score_input(data), rs._ja_names)


def test_kernel_keeps_what_it_made_on_the_result() -> None:
    rs = ruleset_for("riichi-ema")
    assert isinstance(rs, RiichiEma)
    data = {"rules": "riichi-ema", "hand": "505m123p789s11z[406m]+5m", "win": "tsumo"}
    result = rs.score_input(data)
    out = riichi.output_object(result, rs._ja_names)
    extra = result.__dict__["extra"]
    # the notation becomes the result's hand field, the fu breakdown LazyExtra's memo
    assert result.__dict__["hand"] == out["hand"] == "055m123p789s11z [406m] +5m"
    assert extra["fu_breakdown"] is out["fu_breakdown"]
    assert out == riichi._pure_output(rs.score_input(data), rs._ja_names)
    # the awards' tiles were printed without locating the awards: read later, they are made
    assert result.__dict__["awards"] is extra
    assert [a.to_dict() for a in result.awards] == [
        {k: v for k, v in p.items() if k != "ja"} for p in out["patterns"]
    ]
