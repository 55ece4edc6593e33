"""PlayerView: the only information a player receives (DESIGN §8).

A view holds the seat's own concealed tiles and drawn tile, everything face up (melds, exposed
bonus tiles, discards with the claimed ones marked and the order they were made in, riichi and
when it was declared, indicators), counts of hidden tiles, scores, the ruleset id, the round and
seat winds, the turns of East played and whose turn it is. It never holds another seat's
concealed tiles or any tile of the wall (property-tested in ``tests/engine/test_views.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from muraglia.engine.phases import Phase
from muraglia.engine.seats import SeatRecords
from muraglia.melds import Meld
from muraglia.rulesets.base.vocabulary import TableFacts
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["PlayerView", "Scoreboard", "ViewedDeal", "view_of"]


class Scoreboard(Protocol):
    """What a view reads of a match (the engine's ``MatchState``): scores and the pot."""

    @property
    def scores(self) -> Sequence[int]:
        """Every seat's score."""
        ...  # pragma: no cover

    @property
    def pot(self) -> int:
        """Stakes on the table."""
        ...  # pragma: no cover

    @property
    def passes(self) -> int:
        """Times the East role has passed since the match began."""
        ...  # pragma: no cover


class ViewedDeal(SeatRecords, TableFacts, Protocol):
    """What a view reads of a deal (the engine's ``DealState``): nothing else is projected."""

    @property
    def ruleset_id(self) -> str:
        """The ruleset's id."""
        ...  # pragma: no cover

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        ...  # pragma: no cover

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats whose decision is pending."""
        ...  # pragma: no cover

    @property
    def turn(self) -> int:
        """The seat in turn."""
        ...  # pragma: no cover

    @property
    def claim_tile(self) -> Tile | None:
        """The tile in the claim window."""
        ...  # pragma: no cover

    @property
    def discard_log(self) -> Sequence[tuple[int, Tile]]:
        """(seat, tile) of every discard in order."""
        ...  # pragma: no cover

    @property
    def from_draw(self) -> Sequence[int]:
        """Positions in ``discard_log`` of the discards that were the tile just drawn."""
        ...  # pragma: no cover

    @property
    def red_indicators(self) -> set[int]:
        """Positions in ``indicators`` of red fives."""
        ...  # pragma: no cover


@dataclass(frozen=True)
class PlayerView:
    """What ``seat`` may know now."""

    seat: int
    """The viewer."""
    dealer: int
    """Seat holding the East role."""
    round_wind: Tile
    """The round wind."""
    phase: str
    """The deal's phase."""
    to_act: tuple[int, ...]
    """Seats whose decision is pending."""
    hand: tuple[Tile, ...]
    """The viewer's concealed tiles, sorted."""
    drawn: Tile | None
    """The tile the viewer has just drawn (None if not the viewer's draw)."""
    melds: tuple[tuple[str, ...], ...]
    """Every seat's declared melds in notation."""
    bonus: tuple[tuple[Tile, ...], ...]
    """Every seat's exposed flowers and seasons."""
    discards: tuple[tuple[Tile, ...], ...]
    """Every seat's discards in order (claimed ones included)."""
    claim: Tile | None
    """The tile that may be claimed now (a discard or a tile being added to a pung)."""
    hand_sizes: tuple[int, ...]
    """Concealed tiles held by each seat."""
    live_count: int
    """Drawable tiles left."""
    dead_count: int
    """Replacement tiles left in the dead wall."""
    indicators: tuple[Tile, ...]
    """Dora indicators face up."""
    riichi: tuple[bool, ...]
    """Which seats have a standing riichi."""
    status: tuple[str, ...]
    """Each seat's status."""
    scores: tuple[int, ...]
    """Scores before this deal's settlement."""
    pot: int
    """Stakes on the table."""
    rules: str = ""
    """The ruleset id (``riichi-ema``...; empty when the view was built without a deal)."""
    seat_winds: tuple[Tile, ...] = ()
    """Every seat's own wind this deal (the Ravenna dead seat keeps North)."""
    claimed: tuple[tuple[bool, ...], ...] = ()
    """For every seat's discards, in the same order: whether that discard was claimed (a
    call or a win took it; it lies in a meld now)."""
    red_hand: tuple[Tile, ...] = ()
    """Fives of ``hand`` of which one copy is the red five (EMA-TILE-2)."""
    red_drawn: bool = False
    """``drawn`` is a red five."""
    red_discards: tuple[tuple[int, ...], ...] = ()
    """Per seat, the positions in ``discards`` of red fives (melds show them as ``0m``)."""
    red_claim: bool = False
    """``claim`` is a red five."""
    red_indicators: tuple[int, ...] = ()
    """Positions in ``indicators`` of red fives."""
    passes: int = 0
    """Times the East role has passed since the match began: the turn of East being played,
    counted from 0 (0 when the view was built without a match). Public at every table; in a
    FIMJ tournament East passes every deal (FIMJ-TOURN-3), so it is the deals played, which
    the round wind cannot tell there (the first round wind is the breach wall's,
    FIMJ-TOURN-4)."""
    discard_seats: tuple[int, ...] = ()
    """The seat of each of the deal's discards, in the order they were made (public at every
    table): with ``discards`` it tells which tiles a seat let pass since its own last discard
    or its riichi (temporary and riichi furiten, EMA-FURI-3/4)."""
    riichi_at: tuple[int, ...] = ()
    """Per seat with a standing riichi, the discards made in the deal up to and including its
    riichi discard (positions in ``discard_seats`` from this one on came after it); 0 for a
    seat without one."""
    from_draw: tuple[int, ...] = ()
    """Positions in ``discard_seats`` of the discards that were the tile just drawn
    (tsumogiri, public at every table: the tile leaves from the draw, not from the hand; a
    drawn tile of a kind the seat also held counts as drawn). The others came from the hand
    (tedashi) or followed a call."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form (tiles in notation)."""
        from muraglia.engine._serial import to_jsonable  # noqa: PLC0415

        out = to_jsonable(self)
        out.pop("type")
        return out


_TILES: tuple[Tile, ...] = tuple(Tile(k) for k in range(NUM_KINDS))
"""Tile members by kind (indexing is much cheaper than calling the enum)."""
_ACT, _CLAIM, _ROB = Phase.ACT, Phase.CLAIM, Phase.ROB
"""The phases read in every view (an enum member read from its class costs ~0.4 us)."""


@lru_cache(maxsize=4096)
def _meld_notation(meld: Meld) -> str:
    """A declared meld's notation (melds are immutable; views ask for them at every step)."""
    return meld.notation


def view_of(deal: ViewedDeal, seat: int, match: Scoreboard | None = None) -> PlayerView:
    """The view of ``seat`` on ``deal`` (scores and pot from ``match`` if given)."""
    phase = deal.phase
    drawn = deal.drawn if deal.turn == seat and phase is _ACT else None
    claim = deal.claim_tile if phase is _CLAIM or phase is _ROB else None
    seats = deal.seats
    return PlayerView(
        seat=seat,
        dealer=deal.dealer,
        round_wind=deal.round_wind,
        phase=phase.value,
        to_act=deal.to_act,
        hand=tuple(_TILES[k] for k, n in enumerate(seats[seat].counts) for _ in range(n)),
        drawn=drawn,
        melds=tuple(tuple(map(_meld_notation, s.melds)) for s in seats),
        bonus=tuple(tuple(s.bonus) for s in seats),
        discards=tuple(tuple(s.discards) for s in seats),
        claim=claim,
        hand_sizes=tuple(sum(s.counts) for s in seats),
        live_count=deal.live_count,
        dead_count=deal.dead_count,
        indicators=tuple(deal.indicators),
        riichi=tuple(r.standing for r in deal.riichi_seats),
        status=tuple(s.status.value for s in seats),
        scores=tuple(match.scores) if match is not None else (0,) * deal.players,
        pot=match.pot if match is not None else 0,
        rules=deal.ruleset_id,
        seat_winds=tuple(deal.seat_wind(s) for s in range(deal.players)),
        claimed=tuple(tuple(s.claimed) for s in seats),
        red_hand=tuple(sorted(deal.red_seats[seat].held)),
        red_drawn=drawn is not None and deal.drawn_red,
        red_discards=tuple(tuple(sorted(r.discarded)) for r in deal.red_seats),
        red_claim=claim is not None and deal.claim_red,
        red_indicators=tuple(sorted(deal.red_indicators)),
        passes=match.passes if match is not None else 0,
        discard_seats=tuple([s for s, _ in deal.discard_log]),
        riichi_at=tuple([(r.turn or 0) if r.standing else 0 for r in deal.riichi_seats]),
        from_draw=tuple(deal.from_draw),
    )
