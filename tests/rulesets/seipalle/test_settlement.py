"""Seipalle deal settlement: winner-only payments, riichi stakes, several winners (SEI-PAY)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from muraglia.errors import MahjongError, RulesetError
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets.seipalle import SeipalleRules, may_win_on_discard
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import Tile

STAKES = tomllib.loads((Path(__file__).parent / "cases" / "spec_vectors.toml").read_text())[
    "stakes"
]
# SEI-TV-3's open no-points hand (V = 60), SEI-TV-4's closed one (V = 120 as non-East tsumo 60×2).
OPEN_TANYAO = "567m345p67s55p [234m<] +8s"
CLOSED_PINFU = "123m678m456p67s22s +8s"


def settle_deal(
    hands: dict[str, Hand],
    *,
    winners: list[str],
    discarder: str | None = None,
    flags: dict[str, list[str]] | None = None,
    dora: tuple[Tile, ...] = (),
    riichi_sticks: int = 0,
    statuses: dict[str, str] | None = None,
    riichi: tuple[str, ...] = (),
) -> Settlement:
    """One deal settled by the ruleset (the one settlement path, ``SeipalleRules.settle``)."""
    outcome = DealOutcome(
        winners=tuple(winners),
        discarder=discarder,
        hands=hands,
        flags={k: tuple(v) for k, v in (flags or {}).items()},
        status=statuses or {},
        riichi_sticks=riichi_sticks,
        riichi=tuple(riichi),
        dora=tuple(t.notation for t in dora),
    )
    return SeipalleRules().settle(outcome)


def stakes(s: Settlement) -> tuple[str, int] | None:
    """(seat, amount) collecting the riichi stakes on the table (SEI-PAY-5), if any."""
    taken = s.extra.get("riichi_stakes")
    return None if taken is None else (taken["to"], taken["amount"])


@pytest.mark.parametrize("case", STAKES, ids=[c["id"] for c in STAKES])
def test_riichi_stakes_carry_over(case: dict) -> None:
    # SEI-TV-10: North wins (SEI-TV-3's hand, self-drawn: 60 from S and W, 120 from E = 240).
    s = settle_deal(
        {case["winner"]: parse_hand(OPEN_TANYAO)},
        winners=[case["winner"]],
        riichi_sticks=case["riichi_sticks"],
    )
    # "Le poste vanno al primo che fa Mah-Jong" (SEI-RIICHI-6): net includes the stakes, which
    # the table pays (a transfer from ``table``)
    assert stakes(s) == (case["winner"], case["riichi_sticks"] * 1000)
    assert s.net[case["winner"]] == case["total"]
    assert s.net["table"] == -case["riichi_sticks"] * 1000
    hand = sum(t.amount for t in s.transfers if t.payer != "table")
    assert hand == case["hand_payment"]


def test_two_winners_paid_in_full_by_discarder() -> None:
    # SEI-PAY-6: W discards; S and N both win; each is paid in full; stakes to N (first after W).
    s = settle_deal(
        {"S": parse_hand(OPEN_TANYAO), "N": parse_hand("567p345m67s55m [234p<] +8s")},
        winners=["S", "N"],
        discarder="W",
        riichi_sticks=1,
    )
    # Each: W 60 + N/S 60 + E 120 = 240, all paid by W.
    assert s.net == {"E": 0, "S": 240, "W": -480, "N": 1240, "table": -1000}
    assert stakes(s) == ("N", 1000)
    assert sum(s.net.values()) == 0


def test_a_sheets_declarations_put_the_stakes_on_the_table() -> None:
    # SEI-RIICHI-3: each declarer of this deal pays 1000 to the table; SEI-RIICHI-6: the
    # winner takes those and the earlier ones (riichi_sticks), his own stake back included
    s = settle_deal(
        {"S": parse_hand(CLOSED_PINFU)},
        winners=["S"],
        discarder="W",
        flags={"S": ["riichi"]},
        riichi_sticks=2,
        riichi=["S", "N"],
    )
    assert s.net == {"E": 0, "S": 480 - 1000 + 4000, "W": -480, "N": -1000, "table": -2000}
    assert stakes(s) == ("S", 4000)
    assert [(t.payer, t.payee, t.amount) for t in s.transfers if "table" in (t.payer, t.payee)] == [
        ("S", "table", 1000),
        ("N", "table", 1000),
        ("table", "S", 4000),
    ]
    assert sum(s.net.values()) == 0


def test_a_void_deals_declarations_stay_on_the_table() -> None:
    s = settle_deal({}, winners=[], riichi=["E", "W"], riichi_sticks=1)
    assert s.net == {"E": -1000, "S": 0, "W": -1000, "N": 0, "table": 2000}
    assert stakes(s) is None
    assert s.explanation["en"][-1] == "Void deal: the stakes stay on the table."


@pytest.mark.parametrize(
    ("riichi", "flags", "message"),
    [
        (["N"], {"S": ["riichi"]}, "winner 'S' has the riichi flag but is not in riichi"),
        (["S"], {}, "winner 'S' is in riichi but has no riichi/double_riichi flag"),
        (["N", "N"], {}, "listed twice in riichi"),
        (["X"], {}, "riichi"),
    ],
)
def test_declarations_must_agree_with_the_winners_flags(
    riichi: list[str], flags: dict, message: str
) -> None:
    with pytest.raises(MahjongError, match=message):
        settle_deal(
            {"S": parse_hand(CLOSED_PINFU)},
            winners=["S"],
            discarder="W",
            flags=flags,
            riichi=riichi,
        )


def test_void_deal() -> None:
    s = settle_deal({}, winners=[], riichi_sticks=2)
    assert s.transfers == ()
    assert stakes(s) is None  # SEI-RIICHI-6: the stakes stay on the table


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"winners": ["S"], "statuses": {"S": "false_riichi"}}, "cannot make Mah-Jong"),
        ({"winners": ["S"], "statuses": {"W": "chombo"}}, "unknown seipalle status"),
        ({"winners": ["S", "N"]}, "no discarder"),
        ({"winners": ["S"], "discarder": "S"}, "discarded the winning tile"),
        ({"winners": ["S", "N", "W", "E"], "discarder": "W"}, "discarded"),
        ({"winners": ["E"]}, "missing hand"),
    ],
)
def test_bad_settlement(kwargs: dict, message: str) -> None:
    hands = {"S": parse_hand(CLOSED_PINFU), "N": parse_hand("789s456p123m67p22p +5p")}
    with pytest.raises(MahjongError, match=message):
        settle_deal(hands, **kwargs)


def test_dora_only_winner_rejected() -> None:
    # SEI-TV-6: dora do not meet the one-double minimum.
    with pytest.raises(RulesetError, match="no double other than dora"):
        settle_deal(
            {"W": parse_hand("567m345p67s99p [234m<] +8s")},
            winners=["W"],
            dora=[Tile.M4, Tile.P4],
        )


@pytest.mark.parametrize(
    ("discards", "tile", "allowed"),
    [(["1m", "5p"], "5p", False), (["1m"], "5p", True), ([], "9s", True)],
)
def test_furiten_on_own_discards(discards: list[str], tile: str, allowed: bool) -> None:
    # SEI-PLAY-4, SEI-GAP-5: the tile kind, not the physical tile.
    own = [Tile.from_notation(t) for t in discards]
    assert may_win_on_discard(own, Tile.from_notation(tile)) is allowed


def test_settlement_json() -> None:
    s = settle_deal(
        {"S": parse_hand(CLOSED_PINFU)},
        winners=["S"],
        discarder="W",
        flags={"S": ["riichi"]},
        riichi_sticks=1,
    )
    d = s.to_dict()
    assert d["values"] == {"S": 120}
    assert d["net"] == {"E": 0, "S": 1480, "W": -480, "N": 0, "table": -1000}
    assert d["transfers"][-1] == {
        "from": "table",
        "to": "S",
        "amount": 1000,
        "reason": "riichi_stakes",
    }
    assert d["riichi_stakes"] == {"to": "S", "amount": 1000}


def test_settlement_explanation_bilingual() -> None:
    s = settle_deal(
        {"S": parse_hand(CLOSED_PINFU)},
        winners=["S"],
        discarder="W",
        riichi_sticks=1,
        flags={"S": ["riichi"]},
    )
    assert s.explanation["en"][0] == "South — Mah-Jong: 120"
    # SEI-PAY-2/3/4: the discarder pays every share; East's is doubled; each rounded alone.
    assert list(s.explanation["en"][-4:]) == [
        "West pays South 240 (Mah-Jong, East's share: 120 × 2 = 240)",
        "West pays South 120 (Mah-Jong, West's share: 120)",
        "West pays South 120 (Mah-Jong, North's share: 120)",
        "the table pays South 1000 (riichi stakes, SEI-RIICHI-6)",
    ]
    assert s.explanation["it"][-1] == "il tavolo paga a Sud 1000 (poste riichi, SEI-RIICHI-6)"
    assert len(s.explanation["it"]) == len(s.explanation["en"])


@pytest.mark.parametrize(
    ("discards", "ok"),
    [({"S": ["1m", "8s"]}, False), ({"S": ["1m"], "W": ["8s"]}, True), ({}, True)],
)
def test_settle_rejects_a_win_on_own_discarded_kind(discards: dict, ok: bool) -> None:
    # SEI-PLAY-4, SEI-GAP-5: South discarded an 8 of bamboo earlier: he cannot win on West's 8s.
    data = {
        "winners": ["S"],
        "discarder": "W",
        "hands": {"S": CLOSED_PINFU},
        "flags": {"S": ["riichi"]},
        "discards": discards,
    }
    if ok:
        assert SeipalleRules().settle_dict(data)["net"]["S"] == 480
    else:
        with pytest.raises(MahjongError, match="SEI-PLAY-4"):
            SeipalleRules().settle_dict(data)
