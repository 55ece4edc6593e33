"""DealState: one deal as a state machine; ``legal_actions(seat)`` and ``apply(action)``.

The engine decides nothing about one ruleset: every rule question goes to the ruleset's
:class:`~muraglia.rulesets.base.DealFlow` (wall layout, deal plan, which calls are allowed,
claim priority and multiple winners, whether a hand may win and its value, riichi, abortive
draws, whether the last drawer discards, settlement). Dealing, bonus-tile replacement and
drawing are automatic; every decision is an :class:`~muraglia.engine.actions.Action`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from muraglia.engine import legal
from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Declare,
    Discard,
    LateClaim,
    NoDiscard,
    Pass,
    PassTiles,
    Penalise,
    Pung,
    Win,
)
from muraglia.engine.claims import Decision, arbitrate
from muraglia.engine.events import (
    Acted,
    BonusExposed,
    Called,
    DealEnded,
    DealStarted,
    Dealt,
    DrawReturned,
    Drew,
    Event,
    IndicatorRevealed,
    KongMade,
    RiichiAccepted,
    RiichiCancelled,
    StatusChanged,
    TilesMoved,
    TilesPassed,
    Won,
)
from muraglia.engine.parse import combos, parse_action
from muraglia.engine.phases import TRANSITIONS, Phase, PhaseTransitionError
from muraglia.engine.seats import RedSeat, RiichiSeat, Seat, fresh
from muraglia.engine.views import PlayerView, view_of
from muraglia.engine.wall import Wall
from muraglia.errors import IllegalActionError
from muraglia.hand import Hand
from muraglia.melds import Meld, MeldKind, Source
from muraglia.rulesets.base import (
    DEAD_WALL,
    SEAT_LETTERS,
    Breach,
    CharlestonPass,
    DealFlow,
    SeatStatus,
    wind_letter,
)
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import NUM_KINDS, WINDS, PhysicalTile, Tile

__all__ = ["DealResult", "DealState"]

_TILES: tuple[Tile, ...] = tuple(Tile(k) for k in range(NUM_KINDS + 8))
"""Tile members by value (indexing is much cheaper than calling the enum)."""
_PHYSICAL: tuple[PhysicalTile, ...] = tuple(PhysicalTile(t) for t in _TILES[:NUM_KINDS])

_FIRST_BONUS = NUM_KINDS
"""Tiles from this value up are flowers and seasons (``Tile.is_bonus``, without the call)."""

_ACT, _CLAIM, _ROB, _END, _CHARLESTON = (
    Phase.ACT,
    Phase.CLAIM,
    Phase.ROB,
    Phase.END,
    Phase.CHARLESTON,
)
"""The phases as module constants (reading an enum member from its class costs ~0.4 us)."""
_OUT, _ACTIVE = SeatStatus.OUT, SeatStatus.ACTIVE

_NO_CLAIM = Decision((), None)
"""The decision of a claim window that nobody could answer."""

_DREW: dict[tuple[int, Tile, bool, bool], Drew] = {}
"""Interned draw events (immutable and equal by value; at most 4 x 42 x 2 x 2 of them)."""

_SOURCE = {1: Source.RIGHT, 2: Source.ACROSS, 3: Source.LEFT}
"""Discarder's offset from the claimer -> meld source marker."""


@dataclass(frozen=True)
class DealResult:
    """How a deal ended."""

    reason: str
    """``win``, ``exhausted``, ``multiple_winners`` (void) or an abortive-draw reason."""
    winners: tuple[int, ...] = ()
    """Winning seats."""
    discarder: int | None = None
    """Seat whose tile was won on (None: self-drawn or no winner)."""
    void: bool = True
    """No payments follow from hands (void / drawn deal)."""
    flags: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Scorer flags per winner."""
    values: dict[int, int] = field(default_factory=dict)
    """Hand value per winner."""


class DealState:
    """One deal. Build it through :class:`~muraglia.engine.game.Game` or directly.

    Slotted: every field is declared in ``__slots__``; what belongs to one seat is in its
    :class:`~muraglia.engine.seats.Seat` record (``seats``), with the riichi and red-five
    extras in their own records (``riichi_seats``, ``red_seats``). The per-seat columns that
    flows, records and tests read (``counts``, ``melds``, ``riichi``...) are read-only
    properties over those records. The phase changes only through :meth:`_goto`, checked
    against :data:`~muraglia.engine.phases.TRANSITIONS`.
    """

    __slots__ = (
        "_legal",
        "_pass_options",
        "_phase",
        "answers",
        "breach",
        "calls_made",
        "charleston",
        "charleston_round",
        "claim_from",
        "claim_red",
        "claim_tile",
        "dead",
        "deal",
        "dealer",
        "discard_log",
        "drawn",
        "drawn_red",
        "drew_replacement",
        "events",
        "final_hands",
        "first",
        "flow",
        "from_draw",
        "honba",
        "indicators",
        "kongs_made",
        "late",
        "layout",
        "options",
        "passing",
        "pending_indicators",
        "piles",
        "players",
        "policy",
        "red_indicators",
        "red_seats",
        "result",
        "riichi_pending",
        "riichi_seats",
        "robbing",
        "robbing_concealed",
        "round_wind",
        "scores",
        "seats",
        "turn",
        "wall",
    )

    _SHARED = frozenset({"flow", "layout", "policy"})
    """Fields a copy shares with the original (the ruleset's hooks and constant tables)."""

    def __init__(  # noqa: PLR0915 - one statement per declared field, in __slots__ order of use
        self,
        flow: DealFlow[Any],
        wall: Wall,
        *,
        dealer: int = 0,
        round_wind: Tile = Tile.EAST,
        deal: int = 0,
        breach: Breach | None = None,
        honba: int = 0,
        scores: tuple[int, ...] = (),
    ) -> None:
        self.flow = flow
        self.layout = flow.table.wall
        self.policy = flow.table.claims
        self.players = flow.players
        self.dealer = dealer
        self.round_wind = round_wind
        self.deal = deal
        self.honba = honba
        """Counters on the table when the deal began (EMA-HONBA; the match's progress)."""
        self.scores = scores
        """Every seat's score when the deal began (empty outside a match)."""
        self.breach = breach or Breach((), 0, 0)
        self.wall = wall
        n = self.players
        self.dead = flow.table.dead_seats
        self.seats: tuple[Seat, ...] = tuple(
            Seat(
                flow.seat_wind_of(dealer, s),
                _OUT if s in self.dead else _ACTIVE,
            )
            for s in range(n)
        )
        """Per seat: hand, melds, discards, status (:class:`~.seats.Seat`)."""
        self.riichi_seats: tuple[RiichiSeat, ...] = tuple(RiichiSeat() for _ in range(n))
        """Per seat: its riichi (:class:`~.seats.RiichiSeat`; untouched without riichi)."""
        self.red_seats: tuple[RedSeat, ...] = tuple(RedSeat() for _ in range(n))
        """Per seat: its red fives (EMA-TILE-2; empty in a wall without them)."""
        self.discard_log: list[tuple[int, Tile]] = []
        self.from_draw: list[int] = []
        """Positions in ``discard_log`` of the discards that were the tile just drawn
        (tsumogiri: seen at every table, the tile leaving from the draw, not the hand; a
        drawn tile of a kind also held counts as drawn)."""
        self.calls_made = 0
        self.kongs_made = 0
        self.red_indicators: set[int] = set()
        """Positions in ``indicators`` of red fives."""
        self.drawn_red = False
        self.claim_red = False
        self.first = dealer
        self.indicators: list[Tile] = []
        self._phase = _ACT
        self.turn = dealer
        self.drawn: Tile | None = None
        self.drew_replacement = False
        self.claim_tile: Tile | None = None
        self.claim_from = -1
        self.robbing = False
        self.robbing_concealed = False
        """The tile in the ROB window is from a concealed kong (EMA-KONG-4)."""
        self.pending_indicators = 0
        """Kong indicators to turn after the next discard (``kong_indicator_now`` False)."""
        self.riichi_pending: int | None = None
        self.late: tuple[int, Tile, bool] | None = None
        """(discarder, tile, red) of the discard a late claim may still take (FIMJ-GAP-16)."""
        self.options: dict[int, list[Action]] = {}
        self.answers: dict[int, Action] = {}
        self.events: list[Event] = []
        self.result: DealResult | None = None
        self.final_hands: tuple[Hand, ...] = ()
        """Every seat's hand when the deal ended (its winning tile apart), for ``outcome``."""
        self._legal: list[Action] | None = None
        self.charleston: tuple[tuple[CharlestonPass, ...], ...] = ()
        self.charleston_round = 0
        self.piles: dict[str, list[Tile]] = {}  # FIMJ-CHARL-3: tiles set aside between exchanges
        self.passing: dict[int, tuple[Tile, ...]] = {}
        self._pass_options: dict[int, list[Action]] = {}
        self._start()

    # ================================================================== phase

    @property
    def phase(self) -> Phase:
        """Where the deal stands (changed only through the checked transition)."""
        return self._phase

    def _goto(self, phase: Phase) -> None:
        """Enter ``phase``.

        Raises:
            PhaseTransitionError: if :data:`~.phases.TRANSITIONS` forbids the change.
        """
        if phase not in TRANSITIONS[self._phase]:
            raise PhaseTransitionError(self._phase, phase)
        self._phase = phase

    # ================================================================== per-seat columns

    @property
    def counts(self) -> list[list[int]]:
        """Per seat, concealed tiles by kind (the seats' own lists: mutating one mutates it)."""
        return [s.counts for s in self.seats]

    @property
    def melds(self) -> list[list[Meld]]:
        """Per seat, declared melds."""
        return [s.melds for s in self.seats]

    @property
    def bonus(self) -> list[list[Tile]]:
        """Per seat, exposed flowers and seasons."""
        return [s.bonus for s in self.seats]

    @property
    def discards(self) -> list[list[Tile]]:
        """Per seat, discards in order (claimed ones included)."""
        return [s.discards for s in self.seats]

    @property
    def claimed(self) -> list[list[bool]]:
        """Per seat, for each discard whether it was claimed."""
        return [s.claimed for s in self.seats]

    @property
    def status(self) -> list[SeatStatus]:
        """Per seat, its status."""
        return [s.status for s in self.seats]

    @property
    def status_reason(self) -> list[str | None]:
        """Per seat, the ruleset's name of the penalty that set its status."""
        return [s.status_reason for s in self.seats]

    @property
    def missed_win(self) -> list[bool]:
        """Per seat: passed a win since its last discard (kept under riichi): furiten input."""
        return [s.missed_win for s in self.seats]

    @property
    def winds(self) -> list[int]:
        """Per seat, its own wind index this deal."""
        return [s.wind for s in self.seats]

    @property
    def riichi(self) -> list[bool]:
        """Per seat, a standing riichi."""
        return [r.standing for r in self.riichi_seats]

    @property
    def double_riichi(self) -> list[bool]:
        """Per seat, the riichi was declared with the first discard (double riichi)."""
        return [r.double for r in self.riichi_seats]

    @property
    def stakes(self) -> list[int]:
        """Per seat, the riichi stake put up this deal."""
        return [r.stake for r in self.riichi_seats]

    @property
    def red(self) -> list[set[Tile]]:
        """Per seat, the kinds whose red five is among its concealed tiles."""
        return [r.held for r in self.red_seats]

    @property
    def red_discards(self) -> set[tuple[int, int]]:
        """(seat, position in its discards) of discarded red fives."""
        return {(s, i) for s, r in enumerate(self.red_seats) for i in r.discarded}

    # ================================================================== view protocol

    @property
    def live_count(self) -> int:
        """Drawable tiles left in the live wall."""
        return self.wall.live_count

    @property
    def dead_count(self) -> int:
        """Replacement tiles left in the dead wall."""
        return self.wall.dead_count

    @property
    def ruleset_id(self) -> str:
        """The id of the flow's ruleset."""
        return str(self.flow.ruleset.id)

    def seat_wind(self, seat: int) -> Tile:
        """The own wind of ``seat`` in this deal."""
        return WINDS[self.seats[seat].wind]

    def letter(self, seat: int) -> str:
        """The own-wind letter of ``seat`` (settlement keys)."""
        return SEAT_LETTERS[self.seats[seat].wind]

    def visible_count(self, kind: Tile) -> int:
        """Copies of ``kind`` face up: unclaimed discards, melds and indicators."""
        n = sum(
            1
            for seat in self.seats
            for t, c in zip(seat.discards, seat.claimed, strict=True)
            if t == kind and not c
        )
        n += sum(1 for seat in self.seats for m in seat.melds for k in m.kinds if k == kind)
        return n + sum(1 for t in self.indicators if t == kind)

    def next_seat(self, seat: int) -> int:
        """The next seat in turn after ``seat`` that is not out (dead seats are skipped)."""
        for i in range(1, self.players + 1):
            s = (seat + i) % self.players
            if self.seats[s].status is not _OUT:
                return s
        return seat

    @property
    def live_seats(self) -> tuple[int, ...]:
        """Seats taking part in the deal (not dead seats of a three-player table)."""
        return tuple(s for s in range(self.players) if s not in self.dead)

    def melds_of(self, seat: int) -> list[Meld]:
        """``seat``'s declared melds."""
        return self.seats[seat].melds

    def hand_of(self, seat: int, winning: Tile | None = None, *, red: bool = False) -> Hand:
        """``seat``'s hand, its red fives included.

        With ``winning``, that tile (counted among the concealed ones) is set apart as the
        winning tile; ``red``: it is the red five (a discard's not yet among the seat's reds).
        """
        rec = self.seats[seat]
        c = rec.counts
        tiles: list[PhysicalTile] = []
        for tile, n in zip(_PHYSICAL, c, strict=True):
            if n:
                tiles += (tile,) * n
        reds = self.red_seats[seat].held
        if reds or red:
            for k in reds | ({winning} if red and winning is not None else set()):
                tiles[tiles.index(_PHYSICAL[k])] = PhysicalTile(k, red=True)
        win = None
        if winning is not None:
            win = PhysicalTile(winning, red=red)
            tiles.remove(win)
        return Hand(tuple(tiles), tuple(rec.melds), tuple(rec.bonus), win)

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats whose decision is pending."""
        phase = self._phase
        if phase is _CHARLESTON:
            return tuple(s for s in self.live_seats if s not in self.passing)
        if phase is _ACT:
            return (self.turn,)
        if phase is _CLAIM or phase is _ROB:
            answers = self.answers
            return tuple([s for s in sorted(self.options) if s not in answers])
        return ()

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._phase is _END

    def copy(self) -> DealState:
        """An independent copy (for bots' simulations and what-if tests).

        Every field is copied by :func:`~.seats.fresh` (the flow and its constant tables are
        shared), so the copy shares no mutable container with the original; events are equal
        up to now and diverge after.
        """
        new = object.__new__(DealState)
        for name in DealState.__slots__:
            value = getattr(self, name)
            object.__setattr__(new, name, value if name in self._SHARED else fresh(value))
        return new

    # ================================================================== set-up

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _start(self) -> None:  # noqa: PLR0912 - the deal plan and flower rounds, in rule order
        w = self.wall
        self._emit(
            DealStarted(
                self.deal,
                self.dealer,
                self.round_wind,
                self.breach.dice,
                self.breach.wall,
                self.breach.stack,
                tuple(w.live[w.head : w.tail]),
                tuple(w.dead[w.dead_next :]),
                tuple(sorted(i - w.head for i in w.red_live if w.head <= i < w.tail)),
                tuple(sorted(i - w.dead_next for i in w.red_dead if i >= w.dead_next)),
            )
        )
        if self.layout.first_indicator is not None:
            self._reveal(self.layout.first_indicator)
        dealt: list[list[Tile]] = [[] for _ in range(self.players)]
        dealt_red: list[list[bool]] = [[] for _ in range(self.players)]
        first = self.first = (
            self.dealer if self.dealer not in self.dead else self.next_seat(self.dealer)
        )
        plan = self.flow.table.deal_plan
        for i, offset in enumerate(plan):
            seat = (self.dealer + offset) % self.players
            if seat in self.dead:
                if seat != self.dealer or i < len(plan) - 5:
                    continue  # FIMJ-3P-3: the dead seat's tiles stay in the wall
                seat = first  # FIMJ-3P-4: the next player takes East's 13th and 14th tiles
            elif seat == first and first != self.dealer and i >= len(plan) - 5:
                continue
            dealt[seat].append(w.draw())
            dealt_red[seat].append(w.head - 1 in w.red_live)
        order = [(first + i) % self.players for i in range(self.players)]
        order = [s for s in order if s not in self.dead]
        pending: list[list[Tile]] = [[] for _ in range(self.players)]
        for s in order:
            red = tuple(i for i, r in enumerate(dealt_red[s]) if r)
            self._emit(Dealt(s, tuple(dealt[s]), red))
            self.red_seats[s].held.update(dealt[s][i] for i in red)
            for t in dealt[s]:
                if t >= _FIRST_BONUS:  # t.is_bonus
                    pending[s].append(t)
                else:
                    self.seats[s].counts[t] += 1
        self.drawn = next((t for t in reversed(dealt[first]) if t < _FIRST_BONUS), None)
        if self.red_seats[first].held:
            last = max((i for i, t in enumerate(dealt[first]) if t < _FIRST_BONUS), default=-1)
            self.drawn_red = last >= 0 and dealt_red[first][last]
        while any(pending):  # FIMJ-FLOWER-1, RAV-FLOWER-1: replacement rounds in turn order
            again: list[list[Tile]] = [[] for _ in range(self.players)]
            for s in order:
                for t in pending[s]:
                    self.seats[s].bonus.append(t)
                    self._emit(BonusExposed(s, t))
                    r = w.replacement(replenish=self.layout.replenish)
                    self._emit(Drew(s, r, replacement=True))
                    if r.is_bonus:
                        again[s].append(r)
                    else:
                        self.seats[s].counts[r] += 1
                        if s == first:
                            self.drawn = r
            pending = again
        self.turn = first
        self.charleston = self.flow.charleston_plan()
        # the deal's first phase (set once, not a transition): the exchanges or East's turn
        self._phase = _CHARLESTON if self.charleston else _ACT  # FIMJ-CHARL-1

    def _reveal(self, position: int) -> None:
        tile = self.wall.reveal(position)
        if tile is not None:
            red = position in self.wall.red_dead
            if red:
                self.red_indicators.add(len(self.indicators))
            self.indicators.append(tile)
            self._emit(IndicatorRevealed(tile, red))

    # ================================================================== legal actions

    def legal_actions(self, seat: int) -> list[Action]:  # noqa: PLR0911 - one answer per phase
        """Every legal action of ``seat`` now (empty when ``seat`` has nothing to decide)."""
        if self._phase is _CHARLESTON:
            if seat in self.passing or seat in self.dead:
                return []
            cached = self._pass_options.get(seat)
            if cached is None:
                cached = [PassTiles(seat, combo) for combo in combos(self.seats[seat].counts, 4)]
                self._pass_options[seat] = cached
            return list(cached)
        if self._phase is _ACT:
            if seat != self.turn:
                return []
            if self._legal is None:
                self._legal = legal.act_actions(self, seat)
            return list(self._legal)
        if self._phase in (_CLAIM, _ROB):
            if seat in self.answers:
                return []
            return list(self.options.get(seat, ()))
        return []

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (:func:`.views.view_of`)."""
        return view_of(self, seat)

    def parse_action(self, seat: int, text: str) -> Action:
        """The legal action of ``seat`` that ``text`` names (see :func:`.parse.parse_action`).

        Raises:
            IllegalActionError: when no legal action fits.
            AmbiguousActionError: when several fit.
            NotationError: for bad tile notation.
        """
        return parse_action(self.legal_actions(seat), seat, text)

    # ================================================================== apply

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``; returns the events it caused.

        Raises:
            IllegalActionError: if the action is not legal now (the message says why).
        """
        done = _compiled_apply(self, action)  # a plain discard or a pass, compiled
        if done is not NotImplemented:
            return done  # type: ignore[no-any-return]
        if self._phase is _END:
            raise IllegalActionError(f"{action.line()!r}: the deal is over")
        start = len(self.events)
        if isinstance(action, Penalise):
            self._penalise(action)
            return self.events[start:]
        if isinstance(action, LateClaim):
            self._late_claim(action)
            return self.events[start:]
        seat = action.seat
        if self._phase is _ACT and seat == self.turn:  # legal_actions without the copy
            offered = self._legal
            if offered is None:
                offered = self._legal = legal.act_actions(self, seat)
        else:
            offered = self.legal_actions(seat)
        if action not in offered:
            pending = ", ".join(map(str, self.to_act)) or "nobody"
            raise IllegalActionError(
                f"{action.line()!r} is not legal in phase {self._phase.value} "
                f"(seats to act: {pending})"
            )
        self._legal = None
        self.late = None  # the next player acted: the discard is dead (FIMJ-PLAY-8)
        self._emit(Acted(action))
        if isinstance(action, PassTiles):
            self._pass_tiles(action)
        elif self._phase is _ACT:
            self._apply_act(action)
        else:
            self.answers[action.seat] = action
            if len(self.answers) == len(self.options):
                self._close_window()
        return self.events[start:]

    def _pass_tiles(self, action: PassTiles) -> None:  # noqa: PLR0912 - FIMJ-CHARL-1..4 moves
        """Collect one Charleston choice.

        When every live seat has chosen, the exchange's transfers move the tiles (FIMJ-CHARL-1/2:
        chosen before seeing the incoming ones; FIMJ-CHARL-3: piles and the dead wall at a
        table of three).
        """
        self.passing[action.seat] = action.tiles
        if len(self.passing) < len(self.live_seats):
            return
        chosen = self.passing
        for seat, tiles in sorted(chosen.items()):
            for t in tiles:
                self.seats[seat].counts[t] -= 1
        received: dict[int, tuple[Tile, ...]] = {}
        for move in self.charleston[self.charleston_round]:
            src, dst = move.source, move.target
            if isinstance(src, int):
                tiles = chosen[src]
            elif src == DEAD_WALL:
                tiles = self.wall.take_far_end(4)
            else:
                tiles = tuple(self.piles.pop(src))
            if isinstance(src, int) and isinstance(dst, int):
                self._emit(TilesPassed(src, dst, tiles))
            else:
                self._emit(TilesMoved(src, dst, tiles))
            if isinstance(dst, int):
                received[dst] = self._receive(dst, tiles)
            elif dst == DEAD_WALL:
                self.wall.put_far_end(tiles)
            else:
                self.piles[dst] = list(tiles)
        self.passing = {}
        self._pass_options = {}
        self.charleston_round += 1
        if self.charleston_round < len(self.charleston):
            return
        first = self.turn
        if self.drawn is None or not self.seats[first].counts[self.drawn]:
            self.drawn = received[first][-1] if received.get(first) else None
        self._goto(_ACT)

    def _receive(self, seat: int, tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
        """Put ``tiles`` into ``seat``'s hand; returns the tiles kept.

        Bonus tiles (only the dead wall's can be among them) are exposed and replaced
        (FIMJ-CHARL-3).
        """
        kept: list[Tile] = []
        queue = list(tiles)
        while queue:
            t = queue.pop(0)
            if t.is_bonus:
                self.seats[seat].bonus.append(t)
                self._emit(BonusExposed(seat, t))
                r = self.wall.replacement(replenish=self.layout.replenish)
                self._emit(Drew(seat, r, replacement=True))
                queue.append(r)
            else:
                self.seats[seat].counts[t] += 1
                kept.append(t)
        return tuple(kept)

    def _apply_act(self, action: Action) -> None:
        seat = action.seat
        if type(action) is Discard:  # the common case first; the chain below for the others
            self._discard(seat, action.tile, riichi=action.riichi, red=action.red)
        elif isinstance(action, Win):
            assert self.drawn is not None
            self._finish_win((seat,), self.drawn, None)
        elif isinstance(action, NoDiscard):
            self._end(DealResult("exhausted"))
        elif isinstance(action, Declare):
            self._end(DealResult(action.name))  # an abortive declaration (nine terminals...)
        elif isinstance(action, ConcealedKong) and self.policy.rob_concealed_kong:
            self._open_rob(seat, action.tile, concealed=True)  # EMA-KONG-4
        elif isinstance(action, ConcealedKong):
            self._complete_concealed_kong(seat, action.tile)
        elif isinstance(action, AddedKong):
            self._open_rob(seat, action.tile)
        elif isinstance(action, Discard):
            self._discard(seat, action.tile, riichi=action.riichi, red=action.red)

    def _complete_concealed_kong(self, seat: int, tile: Tile) -> None:
        self.seats[seat].counts[tile] -= 4
        red = tile in self.red_seats[seat].held
        if red:
            self.red_seats[seat].held.discard(tile)
        self.seats[seat].melds.append(Meld.kong(tile, concealed=True, reds=int(red)))
        self._kong_made(seat, tile, concealed=True, red=red)

    def _discard(self, seat: int, tile: Tile, *, riichi: bool, red: bool = False) -> None:
        rec = self.seats[seat]
        if riichi:
            first = not rec.discards and self.calls_made == 0 and self.kongs_made == 0
            self.riichi_pending = seat
            self.riichi_seats[seat].double = first
        if tile < _FIRST_BONUS:  # a bonus tile discarded under riichi was never in the counts
            rec.counts[tile] -= 1
        if red:
            reds = self.red_seats[seat]
            reds.held.discard(tile)
            reds.discarded.add(len(rec.discards))
        self.claim_red = red
        rec.discards.append(tile)
        rec.claimed.append(False)
        self.discard_log.append((seat, tile))
        if self.drawn == tile:
            self.from_draw.append(len(self.discard_log) - 1)
        self.drawn = None
        while self.pending_indicators:  # an open kong's indicator, after the discard
            self.pending_indicators -= 1
            self._reveal((self.layout.first_indicator or 0) + 2 * len(self.indicators))
        if not self.riichi_seats[seat].standing:
            rec.missed_win = False  # temporary furiten ends with one's own discard
        reason = self.flow.check_void(self)
        if reason is not None:
            self._end(DealResult(reason))
            return
        self.claim_tile, self.claim_from, self.robbing = tile, seat, False
        self._open_window(_CLAIM)

    def _open_window(self, phase: Phase) -> None:
        tile = self.claim_tile
        assert tile is not None
        options = legal.claimants(self, tile, robbing=self.robbing) if tile < _FIRST_BONUS else {}
        self.options = options
        self.answers = {}
        if options:
            self._goto(phase)
        else:
            self._close_window()

    def _close_window(self) -> None:  # noqa: PLR0912, PLR0915 - the claim arbitration, in order
        assert self.claim_tile is not None
        tile, discarder = self.claim_tile, self.claim_from
        seats = self.seats
        decision = _NO_CLAIM  # nobody could claim: nothing to arbitrate
        if self.options:
            decision = arbitrate(
                self.answers, discarder=discarder, players=self.players, policy=self.policy
            )
            for s, opts in self.options.items():
                if legal.WINS[s] in opts and s not in decision.winners:
                    seats[s].missed_win = True  # passed (or lost) a win: the flow may rule furiten
            self.options, self.answers = {}, {}
        if self.flow.table.miss_any_completion and not self.robbing_concealed:
            legal.mark_missed(self, tile, discarder, decision.winners)  # EMA-FURI-3
        robbing = self.robbing
        if decision.winners:
            self.riichi_pending = None
            if decision.void:
                self._end(DealResult("multiple_winners", decision.winners, discarder))
                return
            if robbing:
                self.seats[discarder].counts[tile] -= 1
                if self.claim_red:
                    self.red_seats[discarder].held.discard(tile)
            else:
                self.seats[discarder].claimed[-1] = True
            self._finish_win(decision.winners, tile, discarder, robbing=robbing)
            return
        if robbing:
            if self.robbing_concealed:
                self.robbing = self.robbing_concealed = False
                self._complete_concealed_kong(discarder, tile)
            else:
                self._complete_added_kong(discarder, tile)
            return
        declared = self.riichi_pending is not None  # a riichi discard: no late claim
        if self.riichi_pending is not None:
            s, self.riichi_pending = self.riichi_pending, None
            if decision.call is None or self.flow.table.riichi_stands_if_claimed:
                rec = self.riichi_seats[s]
                rec.standing = True
                rec.turn = len(self.discard_log)
                rec.ippatsu_mark = (len(self.seats[s].discards), self.calls_made + self.kongs_made)
                rec.stake += self.flow.table.riichi_stake
                self._emit(RiichiAccepted(s, self.flow.table.riichi_stake))
                reason = self.flow.check_void(self)  # e.g. four riichi
                if reason is not None:
                    self._end(DealResult(reason))
                    return
            else:
                self.riichi_seats[s].double = False
                self._emit(RiichiCancelled(s))
        reason = self.flow.void_unclaimed(self)  # e.g. four kongs (EMA-END-4 b)
        if reason is not None:
            self._end(DealResult(reason))
            return
        if decision.call is not None:
            self._call(decision.call, tile, discarder)
            return
        # no late claim of a riichi discard, nor of a flower discarded under riichi
        late = self.flow.table.late_claims and not declared and tile < _FIRST_BONUS
        red = self.claim_red
        self._next_turn(discarder)
        drawn = self.drawn
        # a flower drawn and replaced cannot be undone: no late claim then (decision)
        plain = drawn is not None and drawn < _FIRST_BONUS and not self.drew_replacement
        if late and self._phase is _ACT and plain:
            self.late = (discarder, tile, red)

    def late_claim_options(self, seat: int) -> list[Action]:
        """What ``seat`` may still claim of the last discard, late (FIMJ-GAP-16).

        A flow whose table has ``late_claims`` (FIMJ) accepts a claim made after the next
        player's draw but before his discard: "Non è possibile chiamare una pedina scartata
        quando il giocatore di turno ha già pescato e scartato, per cui fino allo scarto
        successivo è possibile chiamare l'ultima pedina scartata" (FIMJ-PLAY-8). Empty when no
        late claim is possible (another flow, the next player already acted, a flower was
        drawn, a riichi discard).
        """
        if self.late is None or self._phase is not _ACT or seat == self.late[0]:
            return []
        probe = self.copy()
        probe._return_draw()
        return [
            a
            for a in legal.claim_options(probe, seat, self.late[1], robbing=False)
            if not isinstance(a, Pass)
        ]

    def _return_draw(self) -> Tile:
        """Put the drawn tile back on the live wall and reopen the last discard's claim."""
        assert self.late is not None
        assert self.drawn is not None
        seat, tile = self.turn, self.drawn
        self.seats[seat].counts[tile] -= 1
        if self.drawn_red:
            self.red_seats[seat].held.discard(tile)
        self.wall.head -= 1
        self.drawn, self.drawn_red = None, False
        self.claim_from, self.claim_tile, self.claim_red = self.late
        self.robbing = self.robbing_concealed = False
        self._legal = None
        return tile

    def _late_claim(self, action: LateClaim) -> None:
        claim = action.as_claim()
        options = self.late_claim_options(action.seat)
        if claim not in options:
            shown = ", ".join(a.line() for a in options) or "nothing"
            raise IllegalActionError(
                f"{action.line()!r}: no such late claim (FIMJ-GAP-16); seat {action.seat} may "
                f"claim late: {shown}"
            )
        turn = self.turn
        self._emit(Acted(action))
        self._emit(DrawReturned(turn, self._return_draw()))
        self.late = None
        self.options, self.answers = {action.seat: options}, {action.seat: claim}
        self._close_window()

    def _call(self, action: Action, tile: Tile, discarder: int) -> None:
        seat = action.seat
        c = self.seats[seat].counts
        src = _SOURCE[(discarder - seat) % self.players]
        self.seats[discarder].claimed[-1] = True
        self.calls_made += 1
        for rec, riichi in zip(self.seats, self.riichi_seats, strict=True):
            if not riichi.standing:  # a call interrupts the go-around (EMA-FURI-3)
                rec.missed_win = False
        reds, red = self.red_seats[seat].held, self.claim_red
        # a call takes the caller's plain fives first, its red five last, unless the action
        # says ``red`` (the caller's choice, EMA-TILE-2)
        used = False
        if isinstance(action, Chow):
            for t in action.tiles:
                if t != tile:
                    c[t] -= 1
                    if t in reds and (not c[t] or action.red):
                        used = True
                        reds.discard(t)
            meld = Meld.chow(action.tiles[0], source=src, red=red or used)
            name, tiles = "chow", action.tiles
        else:
            c[tile] -= 2 if isinstance(action, Pung) else 3
            if tile in reds and (not c[tile] or (isinstance(action, Pung) and action.red)):
                used = True
                reds.discard(tile)
            if isinstance(action, Pung):
                meld = Meld.pung(tile, source=src, reds=red + used)
                name, tiles = "pung", (tile,) * 3
            else:
                meld = Meld.kong(tile, source=src, reds=red + used)
                name, tiles = "kong", (tile,) * 4
        self.seats[seat].melds.append(meld)
        self._emit(Called(seat, name, tiles, tile, discarder, red, used))
        self.turn = seat
        self.drawn = None
        self.drew_replacement = False
        self._goto(_ACT)
        if isinstance(action, ClaimKong):
            self._after_kong(seat, concealed=False)

    def _open_rob(self, seat: int, tile: Tile, *, concealed: bool = False) -> None:
        self.claim_tile, self.claim_from = tile, seat
        self.claim_red = tile in self.red_seats[seat].held  # the added tile is the seat's only copy
        self.robbing_concealed = concealed
        self.robbing = concealed or self.policy.rob_added_kong
        if self.robbing:
            self._open_window(_ROB)
        else:
            self._complete_added_kong(seat, tile)

    def _complete_added_kong(self, seat: int, tile: Tile) -> None:
        self.robbing = False
        self.seats[seat].counts[tile] -= 1
        red = tile in self.red_seats[seat].held
        if red:
            self.red_seats[seat].held.discard(tile)
        melds = self.seats[seat].melds
        i = next(j for j, m in enumerate(melds) if m.kind is MeldKind.PUNG and m.first == tile)
        old = melds[i]
        melds[i] = Meld.kong(tile, added=True, source=old.source, reds=old.red_fives + red)
        self._kong_made(seat, tile, concealed=False, red=red)

    def _kong_made(self, seat: int, tile: Tile, *, concealed: bool, red: bool = False) -> None:
        self._emit(KongMade(seat, tile, concealed, red))
        self._goto(_ACT)
        self.turn = seat
        self._after_kong(seat, concealed=concealed)

    def _after_kong(self, seat: int, *, concealed: bool) -> None:
        self.kongs_made += 1
        self.drawn = None
        lay = self.layout
        if lay.max_kongs is not None and self.kongs_made > lay.max_kongs:
            self._end(DealResult("too_many_kongs"))  # SEI-SETUP-6
            return
        if lay.kong_indicators and lay.first_indicator is not None:
            while self.pending_indicators:  # an earlier open kong's, before this one's
                self.pending_indicators -= 1
                self._reveal(lay.first_indicator + 2 * (len(self.indicators)))
            if self.flow.kong_indicator_now(concealed):
                self._reveal(lay.first_indicator + 2 * (len(self.indicators)))
            else:
                self.pending_indicators += 1
        self._draw(seat, replacement=True)

    def _next_turn(self, after: int) -> None:
        seat = after
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.seats[seat].status is not SeatStatus.OUT:
                break
        if self.wall.live_count == 0:
            self._end(DealResult("exhausted"))
            return
        self._draw(seat, replacement=False)

    def _draw(self, seat: int, *, replacement: bool) -> None:
        w = self.wall
        while True:
            if replacement:
                if w.dead_count + w.live_count == 0:
                    self._end(DealResult("exhausted"))
                    return
                red = self._replacement_red() if w.red_live or w.red_dead else False
                tile = w.replacement(replenish=self.layout.replenish)
            else:
                tile = w.draw()
                red = w.head - 1 in w.red_live if w.red_live else False
            key = (seat, tile, replacement, red)
            drew = _DREW.get(key)
            if drew is None:
                drew = _DREW[key] = Drew(seat, tile, replacement, red)
            self.events.append(drew)
            if tile < _FIRST_BONUS:
                break
            if self.riichi_seats[seat].standing and self.flow.table.riichi_discards_bonus:
                # FIMJ-RICHI-4, FIMJ-FLOWER-4: under riichi the flower is discarded, not exposed
                self.turn, self.drawn, self.drawn_red = seat, tile, False
                self.drew_replacement = replacement
                self._goto(_ACT)
                self._legal = None
                return
            self.seats[seat].bonus.append(tile)  # exposed at once (RAV-GAP-7)
            self._emit(BonusExposed(seat, tile))
            replacement = True
        self.seats[seat].counts[tile] += 1
        if red:
            self.red_seats[seat].held.add(tile)
        self.turn = seat
        self.drawn = tile
        self.drawn_red = red
        self.drew_replacement = replacement
        self._goto(_ACT)
        self._legal = None

    def _replacement_red(self) -> bool:
        """Whether the next replacement tile (asked before taking it) is a red five."""
        w = self.wall
        if w.dead_next < len(w.dead):
            return w.dead_next in w.red_dead
        return w.tail - 1 in w.red_live

    # ================================================================== endings

    def _finish_win(
        self, winners: tuple[int, ...], tile: Tile, discarder: int | None, *, robbing: bool = False
    ) -> None:
        flags: dict[int, tuple[str, ...]] = {}
        values: dict[int, int] = {}
        for s in winners:
            got = legal.win_value(self, s, tile, self_drawn=discarder is None, robbing=robbing)
            assert got is not None, "a legal win must score"
            values[s], fl = got
            flags[s] = tuple(sorted(fl))
        red = self.claim_red if discarder is not None else self.drawn_red
        # the ura dora the settlement counts (see outcome()): the won value includes them
        ura = self._ura() if any(self.riichi_seats[s].standing for s in winners) else ()
        for s in winners:
            if discarder is not None:
                self.seats[s].counts[tile] += 1
                if red:
                    self.red_seats[s].held.add(tile)
            hand = self.hand_of(s, tile, red=red).notation
            patterns, value = legal.win_patterns(self, s, hand, discarder, flags[s], ura=ura)
            if ura and value is not None:
                values[s] = value  # the hand's one value, ura dora included
            self._emit(
                Won(s, tile, discarder, flags[s], values[s], hand, red=red, patterns=patterns)
            )
        self._end(DealResult("win", winners, discarder, False, flags, values))

    def abandon(self, reason: str) -> None:
        """End the deal at once as void, with ``reason`` (the time rule, FIMJ-GAP-44).

        Raises:
            IllegalActionError: if the deal is already over.
        """
        if self.result is not None:
            raise IllegalActionError("the deal is already over")
        self._end(DealResult(reason))

    def _end(self, result: DealResult) -> None:
        self.result = result
        self._goto(_END)
        self.options, self.answers = {}, {}
        self._legal = None
        hands = []
        for s in range(self.players):
            win_tile = None
            if s in result.winners and not result.void:
                win_tile = self.claim_tile if result.discarder is not None else self.drawn
            hands.append(self.hand_of(s, win_tile, red=self._win_red(result, win_tile)))
        self.final_hands = tuple(hands)
        notations = tuple(h.notation for h in hands)
        self._emit(DealEnded(result.reason, result.winners, result.void, notations))

    def _win_red(self, result: DealResult, win_tile: Tile | None) -> bool:
        """Whether a winner's winning tile is a red five."""
        if win_tile is None:
            return False
        return self.claim_red if result.discarder is not None else self.drawn_red

    def _penalise(self, action: Penalise) -> None:
        status = SeatStatus(action.status)
        if status is SeatStatus.ACTIVE:
            raise IllegalActionError("a penalty sets cannot_win or out, not active")
        if status is SeatStatus.OUT and self._phase is _ACT and self.turn == action.seat:
            raise IllegalActionError(f"seat {action.seat} is to act: put it out after its discard")
        self._emit(Acted(action))
        self.seats[action.seat].status = status
        self.seats[action.seat].status_reason = action.reason
        self._legal = None
        self._emit(StatusChanged(action.seat, status.value, action.reason))
        if self._phase in (_CLAIM, _ROB) and action.seat in self.options:
            self.options[action.seat] = (
                [a for a in self.options[action.seat] if not isinstance(a, Win)]
                if status is SeatStatus.CANNOT_WIN
                else []
            )
            if not self.options[action.seat] or self.options[action.seat] == [Pass(action.seat)]:
                del self.options[action.seat]
                self.answers.pop(action.seat, None)
            if len(self.answers) == len(self.options):
                self._close_window()

    # ================================================================== settlement

    def outcome(self, *, sticks: int = 0, honba: int = 0) -> DealOutcome:
        """The finished deal as the ruleset's settlement input.

        Keys are own-wind letters (the dealer is ``E``); ``sticks`` riichi stakes lie on the
        table, this deal's included.

        Raises:
            IllegalActionError: if the deal is not over.
        """
        r = self.result
        if r is None:
            raise IllegalActionError("the deal is not over")
        live = self.live_seats
        hands = {self.letter(s): self.final_hands[s] for s in live}  # as the deal ended
        return DealOutcome(
            round_wind=wind_letter(self.round_wind),
            dealer="E",
            winners=tuple(self.letter(s) for s in r.winners),
            discarder=None if r.discarder is None else self.letter(r.discarder),
            hands=hands,
            flags={self.letter(s): f for s, f in r.flags.items()},
            status={
                self.letter(s): reason
                for s, reason in enumerate(self.status_reason)
                if reason is not None
            },
            riichi_sticks=sticks,
            honba=honba,
            riichi=tuple(self.letter(s) for s, rec in enumerate(self.riichi_seats) if rec.standing),
            dora=tuple(t.notation for t in self.indicators),
            ura=self._ura() if any(self.riichi_seats[s].standing for s in r.winners) else (),
            extra={
                "void": r.void,
                "reason": r.reason,
                # every seat's discards, claimed ones included (EMA-TURN-3: nagashi mangan)
                "discards": {self.letter(s): tuple(self.seats[s].discards) for s in live},
                "claimed": {self.letter(s): tuple(self.seats[s].claimed) for s in live},
            },
        )

    def _ura(self) -> tuple[str, ...]:
        """The tiles under the indicators (ura-dora), when the layout has them."""
        if not self.layout.ura_indicators:
            return ()
        return tuple(self.wall.dead[p - 1].notation for p in self.wall.indicators)

    def settle(self, *, sticks: int = 0, honba: int = 0) -> Settlement:
        """The ruleset's settlement of the finished deal (``sticks`` as in :meth:`outcome`).

        Raises:
            IllegalActionError: if the deal is not over.
        """
        return self.flow.settle(self.outcome(sticks=sticks, honba=honba))


def _no_compiled_apply(deal: DealState, action: Action) -> Any:
    """The pure-Python stand-in of the compiled ``apply``: every action takes the Python path."""
    return NotImplemented


_compiled_apply: Callable[[DealState, Action], Any] = _no_compiled_apply
"""``_cdeal.apply`` when the engine's kernel is built (``legal.NATIVE``): :meth:`DealState.apply`
of a legal plain discard by the seat in turn (the discard, its claim window, and when nobody
may claim, the close, the next draw) or of a pass in a claim window, the same steps in the same
order; ``NotImplemented`` hands anything else (and any illegal action) to the Python path."""
if legal._native is not None:
    legal._native.setup_state(globals())
    _compiled_apply = legal._native.apply
