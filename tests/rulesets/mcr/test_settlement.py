"""MCR payments and settlement: MCR-PAY, false win, head bump, draw (MCR-TV-04/05/36/37)."""

from __future__ import annotations

import pytest

from muraglia.errors import InvalidHandError, RulesetError
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.mcr import claim_order, payments

RULES = load_ruleset("mcr")


def settle(**data: object) -> dict:  # type: ignore[type-arg]
    return RULES.settle_dict({"rules": "mcr", **data})


@pytest.mark.parametrize(
    ("total", "discarder", "expected"),
    [
        (14, "W", {"E": -8, "S": 38, "W": -22, "N": -8}),  # MCR-TV-04 on a discard
        (15, None, {"E": -23, "S": 69, "W": -23, "N": -23}),  # MCR-TV-04 self-drawn
        (8, "E", {"E": -16, "S": 32, "W": -8, "N": -8}),
    ],
)
def test_payments(total: int, discarder: str | None, expected: dict[str, int]) -> None:
    assert payments(total, winner="S", discarder=discarder) == expected


def test_payment_errors() -> None:
    with pytest.raises(RulesetError):
        payments(8, winner="S", discarder="S")
    with pytest.raises(RulesetError):
        payments(8, winner="X", discarder=None)


def test_settle_discard_win() -> None:  # MCR-TV-23
    out = settle(winners=["E"], discarder="W", hands={"E": "2222m44p66p33s77s8s+8s"})
    assert out["net"] == {"E": 52, "S": -8, "W": -36, "N": -8}
    assert out["values"] == {"E": 28}
    assert out["winner"] == "E"


def test_settle_self_draw_with_flowers() -> None:  # MCR-TV-28: V = 91
    out = settle(winners=["S"], hands={"S": "19m19p19s1234567z1f2f+5z"})
    assert out["net"] == {"E": -99, "S": 297, "W": -99, "N": -99}


def test_settle_robbing_the_kong() -> None:  # MCR-TV-34, MCR-GAP-29
    out = settle(winners=["E"], discarder="W", hands={"E": "123m789m234p45s99p+6s"},
                 flags={"E": ["robbing_kong"]})  # fmt: skip
    assert out["net"] == {"E": 37, "S": -8, "W": -21, "N": -8}


def test_head_bump() -> None:  # MCR-TV-36
    assert claim_order("W") == ("N", "E", "S")
    hands = {"N": "2222m44p66p33s77s8s+8s", "S": "12345678p234s55m+9p"}
    out = settle(winners=["S", "N"], discarder="W", hands=hands)
    assert out["winner"] == "N"
    assert set(out["values"]) == {"N"}
    assert out["net"]["S"] == -8
    assert any("head bump" in line for line in out["explanation"]["en"])


def test_head_bump_skips_a_false_win() -> None:  # MCR-GAP-16
    hands = {"N": "234m567m123p79s55p+8s", "S": "2222m44p66p33s77s8s+8s"}
    out = settle(winners=["N", "S"], discarder="W", hands=hands)
    assert out["winner"] == "S"
    assert out["net"] == {"E": -8 + 10, "S": 52 + 10, "W": -36 + 10, "N": -30 - 8}
    assert sum(out["net"].values()) == 0


def test_false_win_status_and_draw() -> None:  # MCR-TV-05, MCR-TV-37
    out = settle(winners=[], status={"E": "false_hu"})
    assert out["net"] == {"E": -30, "S": 10, "W": 10, "N": 10}
    assert out["winner"] is None
    assert settle(winners=[])["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_false_winner_hand_pays_penalty() -> None:  # MCR-TV-29
    out = settle(winners=["E"], discarder="S", hands={"E": "234m567m123p79s55p1f2f+8s"})
    assert out["net"] == {"E": -30, "S": 10, "W": 10, "N": 10}
    assert out["winner"] is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"winners": ["S", "W"], "hands": {}}, "need a discard"),
        ({"winners": ["S"], "discarder": "W", "hands": {}}, "missing hand"),
        ({"winners": [], "status": {"E": "great_lord"}}, "unknown mcr status"),
        ({"winners": ["Q"], "hands": {}}, "unknown winner"),
        ({"winners": ["S"], "discarder": "W", "status": {"S": "false_win"},
          "hands": {"S": "2222m44p66p33s77s8s+8s"}}, "may not win"),
    ],
)  # fmt: skip
def test_settle_errors(data: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(RulesetError, match=message):
        settle(**data)


def test_score_payments_need_the_discarder() -> None:
    result = RULES.score("2222m44p66p33s77s8s+8s", win="ron")
    assert result.payments is None
    with pytest.raises(RulesetError):
        RULES.score("2222m44p66p33s77s8s+8s", win="ron", discarder="Z")


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"win": "tsumo", "flags": ["robbing_kong"]}, InvalidHandError),
        ({"win": "ron", "flags": ["replacement"]}, InvalidHandError),
        ({"win": "ron", "flags": ["ippatsu"]}, RulesetError),
        ({"win": "none"}, InvalidHandError),
        ({"win": "ron", "dora": ["1m"]}, InvalidHandError),
    ],
)
def test_bad_situations(kwargs: dict, error: type[Exception]) -> None:  # type: ignore[type-arg]
    with pytest.raises(error):
        RULES.score("2222m44p66p33s77s8s+8s", **kwargs)


def test_not_a_winning_hand_is_a_false_win() -> None:
    result = RULES.score("123m456p789s234s59s+5s", win="tsumo", seat_wind="W")
    assert not result.valid
    assert "false win" in (result.reason or "")
    assert result.payments == {"E": 10, "S": 10, "W": -30, "N": 10}
