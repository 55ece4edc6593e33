"""FIMJ: what a referee refuses, the scorer refuses too (issue 14).

Every rule is quoted from the rulebook (seed 000, Italian) beside its rule id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from muraglia.engine import flow_for
from muraglia.errors import MahjongError
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.fimj.flow import FimjFlow
from muraglia.rulesets.fimj.ruleset import FimjRules, reference_markdown
from muraglia.tiles import Tile

FIMJ = load_ruleset("fimj")

# Four seats' hands around a winner in S (East, West, North do not matter for these rules).
OTHERS = {
    "E": "999s 999p 5m 67m 678s 1z",
    "W": "123456789m 1234z",
    "N": "888m 222s 345p 6s 19p 3z",
}


def score(hand: str, *, win: str = "ron", flags: tuple[str, ...] = (), **extra: object) -> dict:
    return FIMJ.score_dict(
        {"hand": hand, "win": win, "seat_wind": "S", "flags": list(flags), **extra}
    )


# ---------------------------------------------------------------- riichi: a single-tile wait

RICHI_RULE = (
    "La dichiarazione di RICHI deve essere fatta ... solo se si è a punto su una sola pedina; "
    "non è quindi ammesso fare la dichiarazione se si è a punto su scala bilaterale o su "
    "doppia coppia anche se una di queste è «morta» al momento della dichiarazione"
)
"""Seed 000, RICHI (FIMJ-RICHI-1; FIMJ-GAP-20: any other declaration is a false riichi,
FIMJ-PEN-4)."""


@pytest.mark.parametrize(
    ("hand", "waits"),
    [
        ("234m 567m 678p 11z 45s +6s", "3s, 6s"),  # scala bilaterale
        ("234m 567m 678p 11z 55s +5s", "5s, 1z"),  # doppia coppia
        ("234m 678p 11z 45678s +9s", "3s, 6s, 9s"),  # three kinds
    ],
)
def test_riichi_on_a_wider_wait_is_a_false_riichi(hand: str, waits: str) -> None:
    # FIMJ-RICHI-1, FIMJ-GAP-20, FIMJ-PEN-4: RICHI_RULE
    with pytest.raises(MahjongError, match=f"false riichi \\(FIMJ-PEN-4\\).*waited on {waits}"):
        score(hand, flags=("riichi",))
    assert score(hand)["valid_win"]  # the same hand without the flag is a good Mah-Jong


@pytest.mark.parametrize(
    "hand",
    [
        "234m 567m 678p 11z 46s +5s",  # closed wait
        "234m 567m 678p 11z 12s +3s",  # edge wait
        "234m 567m 345s 678p 11z +1z",  # the pair
    ],
)
def test_riichi_on_one_tile_scores_its_double(hand: str) -> None:
    # FIMJ-RICHI-1, FIMJ-DBL-C16: "solo se si è a punto su una sola pedina ... 1 raddoppio"
    with_flag, without = score(hand, flags=("riichi",)), score(hand)
    assert "riichi" in [p["id"] for p in with_flag["patterns"]]
    assert with_flag["doubles"] == without["doubles"] + 1


def test_settle_refuses_a_false_riichi_and_accepts_the_status() -> None:
    # FIMJ-RICHI-1 / FIMJ-GAP-20 (RICHI_RULE): the riichi flag on a two-sided wait is refused by
    # settle as by score; the referee's answer is the status false_riichi (FIMJ-PEN-4: "exactly
    # as FIMJ-PEN-3": excluded from the hand, hand points 0).
    deal = {
        "winners": ["S"],
        "discarder": "W",
        "flags": {"S": ["riichi"]},
        "hands": {**OTHERS, "S": "234m 567m 678p 11z 45s +6s"},
    }
    with pytest.raises(MahjongError, match="false riichi"):
        FIMJ.settle_dict(deal)
    penalised = {
        "winners": ["W"],
        "discarder": "N",
        "status": {"S": "false_riichi"},
        "hands": {
            "E": "999s 999p 5m 67m 678s 1z",
            "S": "234m 567m 678p 11z 45s",
            "W": "123m 456m 789m 123p 5p +5p",
            "N": "888m 222s 345p 6s 19p 3z",
        },
    }
    out = FIMJ.settle_dict(penalised)
    assert out["values"]["S"] == 0


def test_engine_refuses_the_declarations_the_scorer_refuses() -> None:
    # FIMJ-RICHI-1: the engine's can_riichi and the scorer read the same waits.
    flow = flow_for(FIMJ)
    for text in ("234m 567m 678p 11z 45s", "234m 567m 678p 11z 55s", "234m 567m 678p 11z 46s"):
        waits = FimjRules().waiting_kinds(parse_hand(text))
        assert flow.can_riichi(None, 0, waits) == (len(waits) == 1)  # type: ignore[arg-type]


# ---------------------------------------------------------------- ultimo pezzo

LAST_PIECE_RULE = (
    "Per avere diritto a questo raddoppio è necessario essere effettivamente a punto su una "
    "sola pedina e che di questa siano già scoperti gli esemplari mancanti ... perché già "
    "scartati o esposti su una qualsiasi delle stecche ..., oppure coperti nella stecca di chi "
    "fa Mah-Jong per formare una o più combinazioni, la dichiarazione potrà quindi essere "
    "valida se siamo: 1. A punto su una sola pedina, per fare la coppia o per una combinazione "
    "che richiede una unica pedina; 2. A punto su due coppie di cui di una delle due non ci "
    "siano più pezzi disponibili per chiamarla; 3. A punto su una scala bilaterale di cui una "
    "delle pedine utili alla chiusura non ha più pezzi disponibili"
)
"""Seed 000, ULTIMO PEZZO (FIMJ-DBL-4, FIMJ-DBL-C09)."""


@pytest.mark.parametrize(
    "hand",
    [
        "234m 567m 678p 11z 46s +5s",  # case 1: a one-tile set
        "234m 567m 678p 456s 1z +1z",  # case 1: the pair
        "234m 567m 678p 11z 55s +5s",  # case 2: two pairs
        "234m 567m 678p 11z 45s +6s",  # case 3: a two-sided chow
    ],
)
def test_last_piece_flag_on_the_rulebook_cases(hand: str) -> None:
    # FIMJ-DBL-4: LAST_PIECE_RULE, cases 1-3
    out = score(hand, flags=("last_of_kind",))
    assert "last_piece" in [p["id"] for p in out["patterns"]]


@pytest.mark.parametrize(
    "hand",
    [
        "234m 678p 11z 45678s +9s",  # three kinds: 3s 6s 9s
        "234m 567m 678p 3456s +6s",  # two single waits (3s, 6s), neither a pair nor a chow
    ],
)
def test_last_piece_flag_refused_on_any_other_wait(hand: str) -> None:
    # FIMJ-DBL-4: LAST_PIECE_RULE — "essere effettivamente a punto su una sola pedina"
    with pytest.raises(MahjongError, match="ultimo pezzo \\(FIMJ-DBL-4\\)"):
        score(hand, flags=("last_of_kind",))


@dataclass
class _View:
    """The few facts :meth:`FimjFlow.win_flags` reads, set by hand."""

    hand: Hand
    visible: dict[Tile, int]
    discard_log: list[tuple[int, Tile]] = field(default_factory=lambda: [(0, Tile.M1)] * 20)

    def hand_of(self, seat: int) -> Hand:
        return self.hand

    def visible_count(self, kind: Tile) -> int:
        return self.visible.get(kind, 0)


def _engine_last_piece(concealed: str, tile: Tile, visible: dict[Tile, int]) -> bool:
    flow = flow_for(FIMJ)
    assert isinstance(flow, FimjFlow)
    view = _View(parse_hand(concealed), visible)  # a claimed discard: on the table, counted
    flags = flow.win_flags(view, 1, tile, self_drawn=False, facts=frozenset())  # type: ignore[arg-type]
    return "last_of_kind" in flags


def test_engine_last_piece_single_wait() -> None:
    # FIMJ-DBL-4 case 1 (LAST_PIECE_RULE): the three other copies discarded or exposed.
    hand = "234m 567m 678p 11z 46s"
    assert _engine_last_piece(hand, Tile.S5, {Tile.S5: 4})  # 3 seen + the discard itself
    assert not _engine_last_piece(hand, Tile.S5, {Tile.S5: 3})


def test_engine_last_piece_counts_the_winners_own_concealed_copies() -> None:
    # FIMJ-DBL-4: "oppure coperti nella stecca di chi fa Mah-Jong per formare una o più
    # combinazioni": 13m waits only on 2m; the winner's own 123m holds one 2m.
    hand = "13m 123m 678p 999s 11z"
    assert FimjRules().waiting_kinds(parse_hand(hand)) == (Tile.M2,)
    assert _engine_last_piece(hand, Tile.M2, {Tile.M2: 3})  # 2 on the table + 1 own + discard
    assert not _engine_last_piece(hand, Tile.M2, {Tile.M2: 2})


def test_engine_last_piece_two_sided_needs_the_other_tile_dead() -> None:
    # FIMJ-DBL-4 case 3: "una delle pedine utili alla chiusura non ha più pezzi disponibili".
    hand = "234m 567m 678p 11z 45s"
    assert _engine_last_piece(hand, Tile.S6, {Tile.S6: 4, Tile.S3: 4})
    assert not _engine_last_piece(hand, Tile.S6, {Tile.S6: 4, Tile.S3: 3})


def test_engine_last_piece_two_pairs_needs_the_other_pair_dead() -> None:
    # FIMJ-DBL-4 case 2: own pair counts as seen; the other pair's two copies must be out.
    hand = "234m 567m 678p 11z 55s"
    assert _engine_last_piece(hand, Tile.S5, {Tile.S5: 2, Tile.EAST: 2})
    assert not _engine_last_piece(hand, Tile.S5, {Tile.S5: 2, Tile.EAST: 1})


def test_engine_never_awards_last_piece_on_a_wider_wait() -> None:
    # FIMJ-DBL-4: the engine once awarded it whenever three other copies were visible.
    hand = "234m 678p 11z 45678s"  # waits 3s 6s 9s
    assert not _engine_last_piece(hand, Tile.S9, {Tile.S9: 4, Tile.S3: 4, Tile.S6: 4})


# ---------------------------------------------------------------- chows only from the left

CHOW_RULE = (
    "La pedina utile a formare una scala si può chiamare solo con lo scarto del giocatore "
    "immediatamente precedente."
)
"""Seed 000 (FIMJ-PLAY-4)."""


@pytest.mark.parametrize("source", ["^", ">"])
def test_chow_from_across_or_right_is_impossible(source: str) -> None:
    # FIMJ-PLAY-4: CHOW_RULE
    with pytest.raises(MahjongError, match=f"\\[7s8s9s\\{source}\\].*FIMJ-PLAY-4"):
        score(f"123m 456p 11z 23m [789s{source}] +4m")
    deal = {
        "winners": ["S"],
        "discarder": "W",
        "hands": {**OTHERS, "S": f"123m 456p 11z 23m [789s{source}] +4m"},
    }
    with pytest.raises(MahjongError, match="FIMJ-PLAY-4"):
        FIMJ.settle_dict(deal)


@pytest.mark.parametrize("meld", ["[789s<]", "[789s]", "[777s^]", "[777s>]"])
def test_chow_from_the_left_and_pungs_from_anyone(meld: str) -> None:
    # FIMJ-PLAY-4: pung/kong "any player"; chow "only the immediately preceding player".
    assert score(f"123m 456p 11z 23m {meld} +4m")["valid_win"]


def test_table_of_three_chow_from_across_when_the_dead_seat_sits_between() -> None:
    # FIMJ-3P-1/3 and FIMJ-PLAY-4: the previous player is the previous *live* seat; with the
    # dead seat N on E's left, E's previous player is W, across (`^`); S's is E, on the left.
    three = load_ruleset("fimj(three_players=true)")
    hands = {
        "E": "123m 456p 11z 23m [789s^] +4m",
        "S": "999s 999p 5m 67m 678s 1z",
        "W": "888m 222s 345p 6s 19p 3z",
    }
    assert three.settle_dict({"winners": ["E"], "discarder": "W", "hands": hands})["ok"]
    hands["E"] = "123m 456p 11z 23m [789s<] +4m"  # from the dead seat: impossible
    with pytest.raises(MahjongError, match="FIMJ-PLAY-4"):
        three.settle_dict({"winners": ["E"], "discarder": "W", "hands": hands})


# ---------------------------------------------------------------- unknown input is an error


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ({"ura": ["3m"]}, "'ura'"),
        ({"dora": ["3m"]}, "'dora'"),
        ({"riichi_sticks": 1}, "'riichi_sticks'"),  # FIMJ richi has no stake
        ({"honba": 2}, "'honba'"),
        ({"flags": ["ippatsu"]}, "'ippatsu'"),
    ],
)
def test_unknown_input_is_named(extra: dict, named: str) -> None:
    with pytest.raises(MahjongError, match=named):
        FIMJ.score_dict({"hand": "234m 567m 678p 11z 46s +5s", "win": "ron", **extra})


def test_empty_inputs_of_generic_callers_pass() -> None:
    # the engine and the bots pass "dora": [] to every ruleset: that says nothing
    assert FIMJ.score_dict({"hand": "234m 567m 678p 11z 46s +5s", "dora": [], "honba": 0})["ok"]


def test_unknown_status_is_named() -> None:
    deal = {
        "winners": ["S"],
        "discarder": "W",
        "status": {"N": "chombo"},
        "hands": {**OTHERS, "S": "234m 567m 678p 11z 46s +5s"},
    }
    with pytest.raises(MahjongError, match="unknown fimj status 'chombo'"):
        FIMJ.settle_dict(deal)


def test_rules_reference_lists_the_declaration() -> None:
    # one declaration (InputRules) read by validation, `muraglia rules fimj` and the docs
    text = reference_markdown()
    assert "## Accepted input" in text
    assert "`last_of_kind`" in text
    assert "`false_riichi`" in text
    assert "the previous player (left, `<`)" in text
