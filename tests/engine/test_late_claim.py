"""The FIMJ referee's late claim (FIMJ-PLAY-8, FIMJ-GAP-16; issue 14).

"Non è possibile chiamare una pedina scartata quando il giocatore di turno ha già pescato e
scartato, per cui fino allo scarto successivo è possibile chiamare l'ultima pedina scartata."
(seed 000). The engine closes the claim window before the next draw; the referee may still accept
a claim made after that draw and before the next discard: the drawn tile goes back to the wall.
"""

from __future__ import annotations

import random

import pytest

from muraglia.engine import Game, MatchState, Phase
from muraglia.engine.actions import Action, Chow, ClaimKong, Discard, LateClaim, Pung, Win
from muraglia.engine.events import Acted, DrawReturned
from muraglia.errors import IllegalActionError
from muraglia.io.record import dumps, loads, replay
from muraglia.rulesets import load_ruleset
from tests.engine.helpers import check_deal, choose

_CLAIMS: dict[type[Action], str] = {Win: "win", Pung: "pung", ClaimKong: "kong", Chow: "chow"}


def _late(action: Action) -> LateClaim:
    return LateClaim(action.seat, _CLAIMS[type(action)], getattr(action, "tiles", ()))


def _find(spec: str, wanted: type[Action], seeds: range = range(40)) -> tuple[MatchState, Action]:
    """A FIMJ match stopped where some seat may claim the last discard late as ``wanted``."""
    for seed in seeds:
        rng = random.Random(seed)
        match = Game(load_ruleset(spec), seed=seed).new_match()
        for _ in range(3000):
            if match.over:
                break
            deal = match.deal
            if deal.late is not None:
                for seat in deal.live_seats:
                    for option in deal.late_claim_options(seat):
                        if isinstance(option, wanted):
                            return match, option
            seat = match.to_act[0]
            legal = match.legal_actions(seat)
            # in the claim window answer at random (a win may be missed, to be claimed late)
            match.apply(rng.choice(legal) if deal.phase is Phase.CLAIM else choose(rng, legal))
    raise AssertionError(f"no late {wanted.__name__} in {len(seeds)} seeds")


@pytest.mark.parametrize("wanted", [Pung, Chow, Win])
def test_late_claim_returns_the_drawn_tile_and_makes_the_claim(wanted: type[Action]) -> None:
    match, option = _find("fimj(tournament=true)", wanted)
    deal = match.deal
    drawer, drawn = deal.turn, deal.drawn
    assert drawn is not None
    discarder, tile, _ = deal.late or (0, drawn, False)
    live = deal.wall.live_count
    events = match.apply(_late(option))
    assert events[0] == Acted(_late(option))
    assert events[1] == DrawReturned(drawer, drawn)
    if wanted is Win:
        assert deal.is_over
        assert deal.result is not None
        assert deal.result.winners == (option.seat,)
        assert deal.result.discarder == discarder
    else:
        assert deal.wall.live_count == live + 1  # back on the wall: the next draw again
        assert deal.wall.live[deal.wall.head] == drawn
        assert deal.turn == option.seat
        assert deal.phase is Phase.ACT
        assert deal.melds[option.seat][-1].kinds.count(tile) >= 1
        check_deal(deal)
    again = replay(loads(dumps(match)))
    assert again.events == match.events


def test_no_late_claim_after_the_next_discard() -> None:
    # "fino allo scarto successivo": once the drawer discards, the discard is dead
    match, option = _find("fimj(tournament=true)", Pung)
    deal = match.deal
    discard = next(a for a in match.legal_actions(deal.turn) if isinstance(a, Discard))
    match.apply(discard)
    assert deal.late is None or deal.late[1] == discard.tile
    with pytest.raises(IllegalActionError, match="FIMJ-GAP-16"):
        match.apply(_late(option))


def test_a_claim_the_hand_cannot_make_is_refused() -> None:
    match, option = _find("fimj(tournament=true)", Pung)
    with pytest.raises(IllegalActionError, match="no such late claim"):
        match.apply(LateClaim(option.seat, "kong"))
    with pytest.raises(IllegalActionError, match="unknown late claim"):
        match.apply(LateClaim(option.seat, "ron"))


def test_other_rulesets_have_no_late_claim() -> None:
    # RAV-PLAY-5: "una chiamata non è più possibile quando il giocatore successivo ha pescato"
    match = Game(load_ruleset("ravenna"), seed=1).new_match()
    rng = random.Random(1)
    for _ in range(200):
        deal = match.deal
        assert deal.late is None
        assert all(not deal.late_claim_options(s) for s in deal.live_seats)
        match.apply(choose(rng, match.legal_actions(match.to_act[0])))
