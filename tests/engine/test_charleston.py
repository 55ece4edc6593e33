"""The FIMJ Charleston at tables of four and three (FIMJ-CHARL-1..4), with dictated walls."""

from __future__ import annotations

from collections import Counter

from muraglia.engine import Game, MatchState, Phase
from muraglia.engine.events import BonusExposed, Drew, TilesMoved, TilesPassed
from muraglia.engine.wall import Wall
from muraglia.rulesets import load_ruleset
from muraglia.tiles import NUM_KINDS, Tile
from tests.engine.helpers import check_deal

SPEC = "fimj(charleston=true,three_players=true)"


def three(hands: dict[int, str], dead: str, dealer_seed: int = 1) -> MatchState:
    ruleset = load_ruleset(SPEC)
    game = Game(ruleset, seed=dealer_seed)
    w = Wall.for_hands(game.flow.table.deal_plan, hands, draws="19p 19s", dead=dead)
    return Game(ruleset, seed=dealer_seed, walls=((tuple(w.live), tuple(w.dead)),)).new_match()


def hand(m: MatchState, seat: int) -> Counter[str]:
    c = m.deal.counts[seat]
    return Counter({Tile(k).notation: c[k] for k in range(NUM_KINDS) if c[k]})


def tiles(text: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for chunk in text.split():
        suit = chunk[-1]
        for d in chunk[:-1]:
            out[d + suit] += 1
    return out


def exchange(m: MatchState, choices: dict[int, str]) -> None:
    for seat, text in choices.items():
        m.apply(m.deal.parse_action(seat, f"pass {text}"))


def test_table_of_three_exchanges_follow_the_piles_and_the_dead_wall() -> None:
    # FIMJ-CHARL-3 with North (seat 3) dead: East 0, South 1, West 2.
    m = three(
        {
            0: "1112m 2333m 4445m 55m",
            1: "1112p 2333p 4445p 5p",
            2: "1112s 2333s 4445s 5s",
        },
        dead="1234567z 123z 1f 567z",  # replacement order: the far end is "1f 5z 6z 7z"
    )
    deal = m.deal
    assert deal.phase is Phase.CHARLESTON
    assert deal.to_act == (0, 1, 2)
    start = {s: hand(m, s) for s in range(3)}
    exchange(m, {0: "1112m", 1: "1112p", 2: "1112s"})
    # 1: East's four to pile A; West's to South; West takes the dead wall's last four (the
    # flower among them replaced from the dead wall: 1z); South's to East.
    assert hand(m, 0) == start[0] - tiles("1112m") + tiles("1112p")
    assert hand(m, 1) == start[1] - tiles("1112p") + tiles("1112s")
    assert hand(m, 2) == start[2] - tiles("1112s") + tiles("567z 1z")
    assert deal.bonus[2] == [Tile.from_notation("1f")]
    assert [e.seat for e in deal.events if isinstance(e, BonusExposed)] == [2]
    assert sorted(t.notation for t in deal.piles["pile A"]) == ["1m", "1m", "1m", "2m"]
    assert deal.wall.dead[deal.wall.dead_next :] == [
        Tile.from_notation(x) for x in ["2z", "3z", "4z", "5z", "6z", "7z", "1z", "2z", "3z"]
    ]
    mid = {s: hand(m, s) for s in range(3)}
    exchange(m, {0: "2333m", 1: "2333p", 2: "2333s"})
    # 2: East and West swap; South's four become pile B and South takes pile A.
    assert hand(m, 0) == mid[0] - tiles("2333m") + tiles("2333s")
    assert hand(m, 2) == mid[2] - tiles("2333s") + tiles("2333m")
    assert hand(m, 1) == mid[1] - tiles("2333p") + tiles("1112m")
    assert list(deal.piles) == ["pile B"]
    last = {s: hand(m, s) for s in range(3)}
    exchange(m, {0: "4445m", 1: "4445p", 2: "4445s"})
    # 3: East's four to South and East takes pile B; South's to West; West's back to the far
    # end of the dead wall.
    assert hand(m, 0) == last[0] - tiles("4445m") + tiles("2333p")
    assert hand(m, 1) == last[1] - tiles("4445p") + tiles("4445m")
    assert hand(m, 2) == last[2] - tiles("4445s") + tiles("4445p")
    assert sorted(t.notation for t in deal.wall.dead[-4:]) == ["4s", "4s", "4s", "5s"]
    assert deal.piles == {}
    assert deal.phase is Phase.ACT
    assert deal.to_act == (0,)
    assert [sum(deal.counts[s]) for s in range(3)] == [14, 13, 13]
    moved = [(e.source, e.target) for e in deal.events if isinstance(e, TilesMoved)]
    assert moved == [
        (0, "pile A"),
        ("dead wall", 2),
        (1, "pile B"),
        ("pile A", 1),
        ("pile B", 0),
        (2, "dead wall"),
    ]
    passed = [(e.seat, e.to) for e in deal.events if isinstance(e, TilesPassed)]
    assert passed == [(2, 1), (1, 0), (0, 2), (2, 0), (0, 1), (1, 2)]


def test_with_east_dead_the_roles_rotate_from_the_dead_seat() -> None:
    # FIMJ-CHARL-4: "East" is the seat after the dead one (seat 0 when seat 3 is dead and deals).
    deal = Game(load_ruleset(SPEC), seed=2).new_deal(dealer=3)
    assert deal.phase is Phase.CHARLESTON
    for s in deal.to_act:
        deal.apply(deal.legal_actions(s)[0])
    moved = [(e.source, e.target) for e in deal.events if isinstance(e, TilesMoved)]
    assert moved == [(0, "pile A"), ("dead wall", 2)]
    assert [(e.seat, e.to) for e in deal.events if isinstance(e, TilesPassed)] == [(2, 1), (1, 0)]


def test_seeded_three_player_charlestons_conserve_every_tile() -> None:
    # The invariants (tiles in hands, piles and walls) after each choice, whole exchanges; the
    # dead wall ends as it started less the replacements drawn for flowers.
    for seed in range(8):
        deal = Game(load_ruleset(SPEC), seed=seed).new_deal()
        before = deal.wall.dead_count
        first_event = len(deal.events)
        while deal.phase is Phase.CHARLESTON:
            deal.apply(deal.legal_actions(deal.to_act[0])[seed % 3])
            check_deal(deal)
        assert deal.piles == {}
        replaced = [e for e in deal.events[first_event:] if isinstance(e, Drew)]
        assert deal.wall.dead_count == before - len(replaced)
