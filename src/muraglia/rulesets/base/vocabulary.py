"""The vocabulary of the engine <-> ruleset conversation (DESIGN §8).

The engine (``muraglia.engine``) never decides a rule of one ruleset: it asks the ruleset's
:class:`~muraglia.rulesets.base.flow.DealFlow` (``rulesets/<pkg>/flow.py``). The types below are
the whole vocabulary of that conversation; they live in ``base`` because a ruleset may import
only ``base``. :class:`TableRules` gathers the flow's constant facts (the wall, who sits, the
claim policy, stakes...) in one frozen record, read once per deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from muraglia.hand import Hand
from muraglia.melds import Meld
from muraglia.tiles import Tile

__all__ = [
    "DEAD_WALL",
    "DEFAULT_DEAL_PLAN",
    "PILE_A",
    "PILE_B",
    "TERMS",
    "Breach",
    "CallKind",
    "ClaimPolicy",
    "ClaimWinners",
    "DealSummary",
    "DealView",
    "MatchProgress",
    "SeatStatus",
    "TableFacts",
    "TableRules",
    "CharlestonPass",
    "WallLayout",
]


class CallKind(StrEnum):
    """What a seat may claim a discard for (DESIGN §8)."""

    CHOW = "chow"
    """Three in sequence with the discard (usually only from the previous player)."""
    PUNG = "pung"
    """Three of a kind with the discard."""
    KONG = "kong"
    """Four of a kind with the discard (a replacement tile follows)."""
    WIN = "win"
    """Mah-Jong / ron on the discard (or on the tile of an added kong: robbing)."""


class SeatStatus(StrEnum):
    """Per-seat status inside one deal (FIMJ-PEN, RAV-PEN, SEI-GAME-4)."""

    ACTIVE = "active"
    """Plays normally."""
    CANNOT_WIN = "cannot_win"
    """Plays on but may no longer win (wrong tile count, wrong claim...)."""
    OUT = "out"
    """Takes no further part in the deal (false Mah-Jong, false riichi, dead seat...)."""


class ClaimWinners(StrEnum):
    """What the engine does when several seats claim a win on one discard.

    (The settlement arithmetic between several winners is a different choice:
    :class:`muraglia.scoring.classical.MultipleWinners`.)
    """

    ALL = "all"
    """Every claimant wins (FIMJ-PLAY-7, SEI-PAY-6, EMA double/triple ron)."""
    VOID = "void"
    """The deal is void and replayed (RAV-END-2)."""
    HEAD_BUMP = "head_bump"
    """Only the first claimant in turn order after the discarder wins (MCR)."""


TERMS: Mapping[str, Mapping[str, str]] = {
    # deal-end reasons the engine gives every ruleset (DealEnded.reason)
    "win": {"en": "won", "it": "chiusa"},
    "exhausted": {"en": "wall exhausted", "it": "muro esaurito"},
    "multiple_winners": {
        "en": "several wins on one discard: the deal is void",
        "it": "più chiusure sullo stesso scarto: la mano va a monte",
    },
    "too_many_kongs": {
        "en": "a fifth kong: the deal is void",
        "it": "un quinto kong: la mano va a monte",
    },
    "time_up": {"en": "time is up", "it": "tempo scaduto"},
    # seat statuses (SeatStatus, StatusChanged.status)
    "active": {"en": "playing", "it": "in gioco"},
    "cannot_win": {"en": "unable to win", "it": "non può chiudere"},
    "out": {"en": "out of the deal", "it": "fuori dalla mano"},
}
"""Names of the deal-end reasons and seat statuses every ruleset shares: id -> ``{"en", "it"}``.

A ruleset adds its own (abortive draws, declarations) in :attr:`DealFlow.terms`; read a name
with :meth:`DealFlow.term`. ``too_many_kongs`` is the engine's for a layout with ``max_kongs``
(SEI-SETUP-6); ``time_up`` is the time rule's (``engine.match.TIME_UP``).
"""


@dataclass(frozen=True)
class WallLayout:
    """How the tiles are set out for one deal (DESIGN §8, ``wall.py``)."""

    bonus_tiles: bool = False
    """Whether the 8 flowers and seasons are in play (144 tiles) or not (136)."""
    stacks_per_side: int = 17
    """Stacks of two tiles in each player's wall (17 or 18)."""
    dead_wall: int = 14
    """Tiles set apart behind the breach for replacements (and indicators)."""
    replenish: bool = False
    """Keep the dead wall at its size by moving the live wall's last tile to it after each
    replacement (SEI-SETUP-4, riichi)."""
    first_indicator: int | None = None
    """Position in the dead wall (0 = first replacement tile) of the first dora indicator."""
    kong_indicators: bool = False
    """Each kong reveals the next indicator (two positions further: the next stack's upper)."""
    ura_indicators: bool = False
    """The tile under each indicator is an ura-dora indicator for riichi winners (EMA)."""
    max_kongs: int | None = None
    """A kong beyond this number voids the deal at once (SEI-SETUP-6)."""
    red_fives: bool = False
    """One five of each suit is a red five (EMA-TILE-2): the wall keeps which (``wall.py``)."""

    @property
    def tiles(self) -> int:
        """The number of tiles in the set (136 or 144)."""
        return 144 if self.bonus_tiles else 136


@dataclass(frozen=True)
class Breach:
    """Where the wall is opened: the dice thrown, the wall and the stack after which to break."""

    dice: tuple[int, ...]
    """Every die thrown, in order."""
    wall: int
    """The wall opened, counted in order of play from the dealer's (0 = the dealer's own)."""
    stack: int
    """The breach lies after this stack (1-based, counted from the wall owner's right)."""


PILE_A = "pile A"
"""A face-down pile of four tiles set aside during an exchange (FIMJ-CHARL-3)."""
PILE_B = "pile B"
"""The second such pile (FIMJ-CHARL-3)."""
DEAD_WALL = "dead wall"
"""The far end of the dead wall: four tiles taken from it or put back there (FIMJ-CHARL-3)."""


@dataclass(frozen=True)
class CharlestonPass:
    """One movement of four tiles in a Charleston exchange (FIMJ-CHARL).

    ``source``: a seat (the four tiles it chose for this exchange), a pile (its tiles) or
    :data:`DEAD_WALL` (the last four tiles of the dead wall, bonus tiles among them replaced).
    ``target``: a seat (into its hand), a pile, or :data:`DEAD_WALL` (put back at its far end).
    """

    source: int | str
    target: int | str


@dataclass(frozen=True)
class ClaimPolicy:
    """How competing claims on one discard are settled (DESIGN §8, ``claims.py``)."""

    priority: Mapping[CallKind, int] = field(
        default_factory=lambda: {
            CallKind.WIN: 3,
            CallKind.KONG: 2,
            CallKind.PUNG: 2,
            CallKind.CHOW: 1,
        }
    )
    """Higher wins: Mah-Jong > pung/kong > chow (FIMJ-PLAY-4, RAV-PLAY-3, SEI-PLAY-1)."""
    multiple_winners: ClaimWinners = ClaimWinners.ALL
    """What several winning claims on one tile do."""
    rob_added_kong: bool = True
    """Whether a tile added to an exposed pung may be claimed to win (FIMJ-KONG-5)."""
    rob_concealed_kong: bool = False
    """Whether a concealed kong may be robbed; the flow's ``win_value`` then decides which
    hands may (EMA-KONG-4: thirteen orphans only), seeing ``robbing_concealed`` on the deal."""


@dataclass(frozen=True)
class MatchProgress:
    """Where a match stands between deals; :meth:`DealFlow.next_deal` computes the next one."""

    deal: int = 0
    """Deals played so far (replays included)."""
    dealer: int = 0
    """Seat holding the East role (seats are fixed 0-3; seat 0 starts as East)."""
    round_wind: int = 0
    """Index of the round wind (0 East … 3 North)."""
    passes: int = 0
    """Times the East role has passed since the match began."""
    repeats: int = 0
    """Consecutive deals after which the East role did not pass (void replays...)."""
    pot: int = 0
    """Riichi stakes lying on the table."""
    honba: int = 0
    """Counters on the table (riichi repeat counters), passed to the settlement."""


@dataclass(frozen=True)
class DealSummary:
    """What the flow needs to know about a finished deal to decide the next one."""

    winners: tuple[int, ...]
    """Winning seats (empty: void, exhaustive or abortive draw)."""
    void: bool
    """Whether the deal was void (no winner, or cancelled as in RAV-END-2)."""
    reason: str
    """``win``, ``exhausted``, or the abortive-draw / void reason."""
    breach_wall: int
    """The breach wall's owner, counted from the dealer (FIMJ-TOURN-4)."""
    scores: tuple[int, ...] = ()
    """Every seat's score after the deal's settlement (busting, the West round)."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """The settlement's ``extra`` (e.g. riichi's ``dealer_keeps`` and ``honba``, EMA-GAME-1);
    empty when the deal was not settled through :meth:`DealFlow.settle`."""


@runtime_checkable
class TableFacts(Protocol):
    """What every reader of a deal sees of the table: seats, dealer, winds, indicators, wall.

    :class:`DealView` (the flows' hooks) and the engine's views (``engine.views.ViewedDeal``)
    extend it.
    """

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...  # pragma: no cover

    @property
    def dealer(self) -> int:
        """Seat holding the East role."""
        ...  # pragma: no cover

    @property
    def round_wind(self) -> Tile:
        """The round wind."""
        ...  # pragma: no cover

    @property
    def indicators(self) -> Sequence[Tile]:
        """Dora indicators face up."""
        ...  # pragma: no cover

    @property
    def live_count(self) -> int:
        """Drawable tiles left in the live wall."""
        ...  # pragma: no cover

    def seat_wind(self, seat: int) -> Tile:
        """The own wind of ``seat`` in this deal."""
        ...  # pragma: no cover


@runtime_checkable
class DealView(TableFacts, Protocol):
    """The read-only face of a deal that flow hooks may consult (the engine's DealState)."""

    @property
    def honba(self) -> int:
        """Counters on the table when the deal began."""
        ...  # pragma: no cover

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's score when the deal began (empty outside a match)."""
        ...  # pragma: no cover

    @property
    def discards(self) -> Sequence[Sequence[Tile]]:
        """Every seat's discards in order (claimed ones included)."""
        ...  # pragma: no cover

    @property
    def discard_log(self) -> Sequence[tuple[int, Tile]]:
        """(seat, tile) of every discard in order."""
        ...  # pragma: no cover

    @property
    def calls_made(self) -> int:
        """Claims of discards so far."""
        ...  # pragma: no cover

    @property
    def kongs_made(self) -> int:
        """Kongs declared so far."""
        ...  # pragma: no cover

    @property
    def riichi(self) -> Sequence[bool]:
        """Standing riichi per seat."""
        ...  # pragma: no cover

    @property
    def missed_win(self) -> Sequence[bool]:
        """Per seat: passed a win since its last discard (kept under riichi): furiten input."""
        ...  # pragma: no cover

    def visible_count(self, kind: Tile) -> int:
        """Copies of ``kind`` face up on the table (discards, melds, indicators)."""
        ...  # pragma: no cover

    @property
    def live_seats(self) -> Sequence[int]:
        """Seats taking part in the deal (all but the dead seat of a table of three)."""
        ...  # pragma: no cover

    def next_seat(self, seat: int) -> int:
        """The next seat in turn after ``seat`` that still plays."""
        ...  # pragma: no cover

    def melds_of(self, seat: int) -> Sequence[Meld]:
        """``seat``'s declared melds."""
        ...  # pragma: no cover

    def hand_of(self, seat: int) -> Hand:
        """``seat``'s current hand (concealed tiles, melds, bonus tiles)."""
        ...  # pragma: no cover


DEFAULT_DEAL_PLAN: tuple[int, ...] = (
    *(seat for _ in range(3) for seat in range(4) for _ in range(4)),
    0,
    1,
    2,
    3,
    0,
)
"""4-4-4 to each seat in turn from the dealer, then the dealer's 1st and 5th, the others one
(FIMJ-WALL-5): who (offset from the dealer) takes each dealt tile, in wall order."""


@dataclass(frozen=True)
class TableRules:
    """The constant facts of a ruleset's table, for every deal of a match (DESIGN §8).

    A flow builds it once from its options (:meth:`DealFlow.table_rules`); the engine reads
    ``flow.table``. Everything that depends on the state of a deal stays a flow hook.
    """

    players: int = 4
    """Seats at the table (a dead seat counts: a table of three is four seats, one dead)."""
    wall: WallLayout = field(default_factory=WallLayout)
    """The wall for every deal."""
    claims: ClaimPolicy = field(default_factory=ClaimPolicy)
    """Priority and multiple winners of competing claims."""
    dead_seats: frozenset[int] = frozenset()
    """Fixed seats that take no part in any deal (the dead seat of a table of three)."""
    charleston: tuple[int, ...] = ()
    """Tile exchanges after the deal, as seat offsets of the receiver (none by default)."""
    deal_plan: tuple[int, ...] = DEFAULT_DEAL_PLAN
    """Who (offset from the dealer) takes each dealt tile, in wall order (FIMJ-WALL-5)."""
    start_score: int = 0
    """Every seat's score at the start of a match."""
    riichi_stake: int = 0
    """Points a riichi declaration puts on the table."""
    riichi_stands_if_claimed: bool = False
    """Whether a riichi stands when its discard is claimed for a set (not for a win). False:
    the declaration is cancelled (SEI-RIICHI-4); riichi: it stands, the stick is paid
    (EMA-RIICHI-2)."""
    riichi_allows_kong: bool = False
    """Whether a riichi hand may declare a concealed kong of its drawn tile, only when its
    waits do not change (SEI-RIICHI-5; FIMJ-RICHI-4 forbids it)."""
    riichi_discards_bonus: bool = False
    """Whether a bonus tile drawn under riichi is discarded instead of exposed; nobody may
    claim it and it scores nothing (FIMJ-RICHI-4)."""
    last_drawer_discards: bool = True
    """Whether the player who draws the last live tile discards (False: the deal ends)."""
    late_claims: bool = False
    """Whether the referee accepts a claim of the last discard after the next player's draw,
    before his discard (FIMJ-PLAY-8, FIMJ-GAP-16): ``DealState.late_claim_options``."""
    miss_any_completion: bool = False
    """The engine's ``missed_win`` is also set by a passed tile that completes the hand shape
    without being a legal win (no yaku, furiten; EMA-FURI-3). Off: only by a passed win."""
