"""Property tests: best reading is the maximum, payments sum to zero, dora never lowers value."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from muraglia.analysis.decompose import decompose
from muraglia.analysis.waits import readings
from muraglia.notation import parse_hand
from muraglia.rulesets import load_ruleset
from muraglia.scoring.context import WinContext, WinType
from muraglia.tiles import Tile

EMA = load_ruleset("riichi-ema")
TENHOU = load_ruleset("riichi-tenhou")
SEATS = ("E", "S", "W", "N")


@st.composite
def winning(draw: st.DrawFn) -> dict[str, Any]:
    """A random complete hand (standard shape, or seven pairs) with a random situation."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[str] = []
    if draw(st.integers(0, 9)) == 0:  # seven pairs
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
        for k in kinds:
            concealed += [k, k]
    else:
        for _ in range(4):
            kind = draw(st.sampled_from(("chow", "chow", "pung", "kong")))
            if kind == "chow":
                suit, rank = draw(st.integers(0, 2)), draw(st.integers(0, 6))
                tiles = [9 * suit + rank + i for i in range(3)]
            else:
                t = draw(st.integers(0, 33))
                tiles = [t] * (4 if kind == "kong" else 3)
            for t in tiles:
                counts[t] += 1
            exposure = draw(st.sampled_from(("concealed", "open", "open")))
            if kind == "kong":
                wrap = "({})" if exposure == "concealed" else "[{}]"
                melds.append(
                    wrap.format("".join(str(Tile(t).rank) for t in tiles) + "mpsz"[tiles[0] // 9])
                )
            elif exposure == "open" and draw(st.booleans()):
                melds.append(
                    "[" + "".join(str(Tile(t).rank) for t in tiles) + "mpsz"[tiles[0] // 9] + "]"
                )
            else:
                concealed += tiles
        pair = draw(st.integers(0, 33))
        counts[pair] += 2
        concealed += [pair, pair]
    else_counts = [0] * 34
    for t in concealed:
        else_counts[t] += 1
    assume(all(c <= 4 for c in counts) and all(c <= 4 for c in else_counts))
    win = draw(st.sampled_from(concealed))
    text = (
        "".join(Tile(t).notation for t in sorted(concealed))
        + "".join(melds)
        + "+"
        + Tile(win).notation
    )
    hand = parse_hand(text)
    tsumo = draw(st.booleans())
    seat = draw(st.sampled_from(SEATS))
    flags = {"riichi"} if hand.is_concealed and draw(st.booleans()) else set()
    dora = draw(st.lists(st.sampled_from([Tile(i).notation for i in range(34)]), max_size=3))
    return {
        "hand": text,
        "win": "tsumo" if tsumo else "ron",
        "seat_wind": seat,
        "round_wind": draw(st.sampled_from(("E", "S"))),
        "flags": flags,
        "dora": dora,
        "discarder": None if tsumo else next(s for s in SEATS[::-1] if s != seat),
        "honba": draw(st.integers(0, 6)),
        "riichi_sticks": draw(st.integers(0, 3)),
    }


def _score(case: dict[str, Any], rules: Any = EMA, **over: Any) -> Any:
    kw = {**case, **over}
    hand = kw.pop("hand")
    if kw["discarder"] is None:
        kw.pop("discarder")
    return rules.score(hand, **kw)


@given(winning())
def test_chosen_reading_is_the_maximum(case: dict[str, Any]) -> None:  # EMA-WIN-5, EMA-GAP-36
    best = _score(case)
    hand = parse_hand(case["hand"])
    w = WinType(case["win"])
    keys = []
    for d in decompose(hand, EMA.shapes):
        for r in readings(d, hand.winning.kind):
            ctx = WinContext(
                hand, d, r, w, Tile(27 + SEATS.index(case["seat_wind"])),
                Tile(27 + SEATS.index(case["round_wind"])), frozenset(case["flags"]),
                tuple(Tile.from_notation(x) for x in case["dora"]), (), EMA.options,
            )  # fmt: skip
            keys.append(EMA.score_key(EMA.evaluate(ctx, {"honba": case["honba"]})))
    assert keys
    assert EMA.score_key(best) == max(keys)


@given(winning())
def test_payments_sum_to_zero(case: dict[str, Any]) -> None:  # EMA-PAY, EMA-STICK
    for rules in (EMA, TENHOU):
        r = _score(case, rules)
        if r.valid:
            assert r.payments is not None
            assert sum(r.payments.values()) == 0
            winner = case["seat_wind"]
            assert (
                r.payments[winner] == r.value + 300 * case["honba"] + 1000 * case["riichi_sticks"]
            )
        else:
            assert r.value == 0


@given(winning(), st.sampled_from([Tile(i).notation for i in range(34)]))
def test_extra_dora_never_lowers_value(case: dict[str, Any], indicator: str) -> None:
    before = _score(case)
    after = _score(case, dora=[*case["dora"], indicator])
    assert (after.valid, after.value) >= (before.valid, before.value)
    assert (after.han or 0) >= (before.han or 0)  # None: a yakuman (han do not apply)


@given(
    st.lists(st.sampled_from(SEATS), min_size=0, max_size=4, unique=True),
    st.lists(st.sampled_from(SEATS), max_size=4, unique=True),
    st.integers(0, 5),
    st.integers(0, 3),
)
def test_draw_settlement_sums_to_zero(
    tenpai: list[str], riichi: list[str], honba: int, sticks: int
) -> None:  # EMA-END-3, EMA-PEN-2
    s = EMA.settle_dict(
        {"tenpai": tenpai, "riichi": riichi, "honba": honba, "riichi_sticks": sticks}
    )
    assert sum(s["net"].values()) == 0


@given(
    winning(),
    st.lists(st.sampled_from(SEATS), max_size=4, unique=True),
    st.sampled_from(SEATS),
)
def test_win_settlement_sums_to_zero(
    case: dict[str, Any], riichi: list[str], other: str
) -> None:  # EMA-END-5, EMA-STICK-1/3, EMA-HONBA-2/3
    winner = case["seat_wind"]
    flags = set(case["flags"])
    riichi = [s for s in riichi if s != winner] + ([winner] if "riichi" in flags else [])
    data: dict[str, Any] = {
        "winners": [winner],
        "hands": {winner: case["hand"]},
        "round_wind": case["round_wind"],
        "riichi": riichi,
        "honba": case["honba"],
        "riichi_sticks": case["riichi_sticks"],
        "dora": case["dora"],
    }
    if case["win"] == "ron":
        data["discarder"] = other if other != winner else case["discarder"]
    scored = _score(case, discarder=data.get("discarder"))
    if not scored.valid:
        return
    s = EMA.settle_dict(data)
    assert sum(s["net"].values()) == 0
    pool = 1000 * (case["riichi_sticks"] + len(riichi))
    own = 1000 if winner in riichi else 0
    assert s["net"][winner] == scored.value + 300 * case["honba"] + pool - own
    assert s["honba"] == (case["honba"] + 1 if winner == "E" else 0)
    assert s["riichi_sticks"] == 0
