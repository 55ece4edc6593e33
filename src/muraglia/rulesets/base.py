"""The ruleset base class: metadata plus a small, documented hook set (DESIGN §7).

A ruleset is an object the engine and the CLI consult; it never subclasses the game state.
Subclasses set the ClassVars, declare a frozen ``Options`` dataclass and override the hooks
whose default does not fit. The hooks are the whole interface between a ruleset and the rest:

=====================  =====================================================================
hook                   default
=====================  =====================================================================
``context``            builds a :class:`WinContext` for one decomposition x reading
``evaluate``           **abstract**: one context -> :class:`ScoreResult`
``score_key``          ``(valid, value)``: the best reading has the highest key
``score``              every decomposition x reading, keeps the best by ``score_key``
``can_win``            ``result.valid``
``settle``             **abstract**: :class:`DealOutcome` -> :class:`Settlement`
``score_dict``         parses the ``muraglia score`` input object, calls ``score``
``settle_dict``        parses the ``muraglia settle`` input object, calls ``settle``
``describe``           the pattern table as rows (``muraglia rules``)
``reference_markdown`` the generated ``docs/rulesets/<id>.md``
=====================  =====================================================================

Engine hooks (``wall_layout``, ``allowed_calls``, ``claim_policy``, ``special_actions``,
``next_deal``) are declared here with their signatures; the engine issue fills them in.

Rulesets written before this base existed (fimj, seipalle, ravenna) follow the same duck-typed
protocol — ClassVars ``id aliases version title sources Options``, ``__init__(options=None,
**kwargs)``, ``score_dict``, ``settle_dict``, ``describe`` — which is all the registry and the
CLI rely on (:class:`RulesetProtocol`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any, ClassVar, Protocol, runtime_checkable

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import Decomposition
from muraglia.analysis.shapes import DEFAULT_SHAPES, Shape
from muraglia.analysis.waits import Reading, readings
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.melds import Meld
from muraglia.notation import parse_hand
from muraglia.scoring.context import WinContext, WinType, parse_win, parse_wind
from muraglia.scoring.patterns import PatternTable
from muraglia.scoring.result import DealOutcome, ScoreResult, Settlement
from muraglia.tiles import Tile

__all__ = [
    "wind_letter",
    "DEAD_WALL",
    "PILE_A",
    "PILE_B",
    "SEAT_LETTERS",
    "Breach",
    "CallKind",
    "ClaimPolicy",
    "DealFlow",
    "DealSummary",
    "DealView",
    "MatchProgress",
    "ClaimWinners",
    "NoOptions",
    "Ruleset",
    "RulesetProtocol",
    "SeatStatus",
    "Transfer",
    "WallLayout",
    "as_hand",
    "as_tiles",
    "rotate",
    "settlement_from_dict",
]


@dataclass(frozen=True)
class NoOptions:
    """Options of a ruleset without optional rules."""


@runtime_checkable
class RulesetProtocol(Protocol):
    """What the registry and the CLI need from a ruleset object."""

    id: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[int]

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object for one input object."""
        ...  # pragma: no cover

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia settle`` output object for one input object."""
        ...  # pragma: no cover

    def describe(self) -> list[dict[str, Any]]:
        """The scoring elements as rows."""
        ...  # pragma: no cover


def as_hand(hand: str | Hand, *, red_fives: bool = True) -> Hand:
    """``hand`` parsed if it is notation.

    Raises:
        NotationError: for bad notation (names the position).
    """
    return parse_hand(hand, red_fives=red_fives) if isinstance(hand, str) else hand


def as_tiles(values: Iterable[str | Tile] | None, what: str) -> tuple[Tile, ...]:
    """Tile kinds from notation strings (red fives read as fives) or Tiles.

    Raises:
        InvalidHandError: if ``values`` is a bare string or holds a non-tile.
    """
    if values is None:
        return ()
    if isinstance(values, str):
        raise InvalidHandError(f"{what} must be a list of tiles, not the string {values!r}")
    out: list[Tile] = []
    for v in values:
        if isinstance(v, Tile):
            out.append(v)
        elif isinstance(v, str):
            text = v.strip()
            if len(text) == 2 and text[0] == "0" and text[1] in "mps":
                text = "5" + text[1]
            out.append(Tile.from_notation(text))
        else:
            raise InvalidHandError(f"{what}: {v!r} is not a tile")
    return tuple(out)


class Ruleset:
    """Base of the rulesets built on :mod:`muraglia.scoring` (see module docstring)."""

    id: ClassVar[str]
    """Registry id, e.g. ``riichi-ema``."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other accepted names (interfaces.md §1)."""
    version: ClassVar[int] = 1
    """Bumped whenever an outcome can change; stored in every record."""
    title: ClassVar[Mapping[str, str]] = {}
    """Display title by language."""
    sources: ClassVar[tuple[str, ...]] = ()
    """Rule documents followed."""
    shapes: ClassVar[tuple[Shape, ...]] = DEFAULT_SHAPES
    """Winning shapes allowed."""
    patterns: ClassVar[PatternTable]
    """The scoring elements."""
    Options: ClassVar[type[Any]] = NoOptions
    """Frozen dataclass of the optional rules, with defaults."""
    flags: ClassVar[Mapping[str, str]] = {}
    """Flags the ruleset reads, with their meaning."""
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """Named option presets: registry id -> option values (one class, several ids)."""
    red_fives_per_suit: ClassVar[int] = 0
    """Red fives of each suit the scorer accepts (0: ``0m`` is a notation error)."""
    dealer_moves: ClassVar[bool] = False
    """Whether ``dealer`` may name any seat (FIMJ); else seats are seat winds, the dealer E."""

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        """A ruleset with ``options`` (an ``Options`` instance) or option keywords.

        Raises:
            RulesetError: on an unknown option name, listing the valid ones.
        """
        if options is None:
            known = [f.name for f in fields(self.Options)]
            unknown = sorted(set(kwargs) - set(known))
            if unknown:
                raise RulesetError(
                    f"unknown {self.id} option(s) {', '.join(unknown)}; "
                    f"valid: {', '.join(known) or '(none)'}"
                )
            options = self.Options(**kwargs)
        elif kwargs:
            raise RulesetError("give either an options object or option keywords, not both")
        self.options = options

    def __repr__(self) -> str:
        """``RulesetClass(options)``."""
        return f"{type(self).__name__}({self.options!r})"

    # ------------------------------------------------------------------ scoring hooks

    def context(
        self,
        hand: Hand,
        decomposition: Decomposition,
        reading: Reading | None,
        *,
        win: WinType,
        seat_wind: Tile,
        round_wind: Tile,
        flags: frozenset[str],
        dora: tuple[Tile, ...],
        ura: tuple[Tile, ...],
    ) -> WinContext:
        """The context of one decomposition x reading (override to add ``extra`` keys)."""
        return WinContext(
            hand,
            decomposition,
            reading,
            win,
            seat_wind,
            round_wind,
            flags,
            dora,
            ura,
            self.options,
        )

    def evaluate(self, ctx: WinContext, situation: Mapping[str, Any]) -> ScoreResult:
        """Score one reading. ``situation`` holds honba, sticks, discarder, dealer...

        Raises:
            NotImplementedError: in the base class.
        """
        raise NotImplementedError

    def score_key(self, result: ScoreResult) -> tuple[Any, ...]:
        """Sort key of a result: the best reading has the highest key (EMA-WIN-5)."""
        return (result.valid, result.value)

    def invalid(self, hand: Hand, reason: str) -> ScoreResult:
        """The result of a hand that cannot be scored as a win (not complete...)."""
        return ScoreResult(self.id, hand.notation, False, reason=reason)

    def score(
        self,
        hand: str | Hand,
        *,
        win: str | WinType = "ron",
        seat_wind: str | Tile = "E",
        round_wind: str | Tile = "E",
        flags: Iterable[str] = (),
        dora: Iterable[str | Tile] | None = None,
        ura: Iterable[str | Tile] | None = None,
        **situation: Any,
    ) -> ScoreResult:
        """Score ``hand``: the best result over every decomposition x reading.

        Extra keywords (``honba``, ``riichi_sticks``, ``discarder``, ``dealer``...) are passed
        to :meth:`evaluate` as the situation.

        Raises:
            MahjongError: on bad notation, winds, flags or a hand of the wrong size.
        """
        h = as_hand(hand)
        w = win if isinstance(win, WinType) else parse_win(win)
        if w is not WinType.NONE and h.winning is None:
            raise InvalidHandError(f"{h.notation!r}: a win needs a winning tile (+X)")
        seat = parse_wind(seat_wind, "seat_wind")
        rnd = parse_wind(round_wind, "round_wind")
        flag_set = frozenset(self.check_flags(flags))
        dora_t, ura_t = as_tiles(dora, "dora"), as_tiles(ura, "ura")
        best: ScoreResult | None = None
        best_key: tuple[Any, ...] = ()
        for d in decompose(h, self.shapes):
            reads: Sequence[Reading | None]
            if w is WinType.NONE or h.winning is None:
                reads = (None,)
            else:
                reads = readings(d, h.winning.kind) or (None,)
            for r in reads:
                ctx = self.context(
                    h, d, r, win=w, seat_wind=seat, round_wind=rnd, flags=flag_set,
                    dora=dora_t, ura=ura_t,
                )  # fmt: skip
                result = self.evaluate(ctx, situation)
                key = self.score_key(result)
                if best is None or key > best_key:
                    best, best_key = result, key
        return best if best is not None else self.invalid(h, "not a complete hand")

    def check_flags(self, flags: Iterable[str]) -> Iterable[str]:
        """The flags, checked against :attr:`flags` when the ruleset declares them.

        Raises:
            RulesetError: on an unknown flag, listing the known ones.
        """
        if isinstance(flags, str):
            raise InvalidHandError(f"flags must be a list, not the string {flags!r}")
        out = list(flags)
        if self.flags:
            for f in out:
                if f not in self.flags:
                    raise RulesetError(
                        f"{self.id}: unknown flag {f!r}; known: {', '.join(self.flags)}"
                    )
        return out

    def can_win(self, result: ScoreResult) -> bool:
        """Whether the scored hand may be declared a win (minimum reached)."""
        return result.valid

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Who pays whom at the end of a deal.

        Raises:
            NotImplementedError: in the base class.
        """
        raise NotImplementedError

    # ------------------------------------------------------------------ CLI contract

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object for an input object (interfaces.md §5).

        Raises:
            MahjongError, KeyError, TypeError: on bad input (the CLI reports them).
        """
        situation = {
            k: v
            for k, v in data.items()
            if k not in {"rules", "hand", "win", "seat_wind", "round_wind", "flags", "dora", "ura"}
        }
        hand = data["hand"]
        if not isinstance(hand, str):
            raise TypeError("'hand' must be a string")
        result = self.score(
            hand,
            win=data.get("win", "ron"),
            seat_wind=data.get("seat_wind", "E"),
            round_wind=data.get("round_wind", "E"),
            flags=data.get("flags", ()),
            dora=data.get("dora"),
            ura=data.get("ura"),
            **situation,
        )
        return result.to_dict()

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia settle`` output object for an input object (interfaces.md §5)."""
        return self.settle(DealOutcome.from_dict(data)).to_dict()

    def describe(self) -> list[dict[str, Any]]:
        """Every pattern as a row (``muraglia rules <id> --json``)."""
        return self.patterns.rows()

    def reference_markdown(self) -> str:
        """The generated rules reference ``docs/rulesets/<id>.md``."""
        title = self.title.get("en", self.id)
        lines = [
            f"# {title} (`{self.id}`) — scoring reference",
            "",
            f"<!-- generated by `muraglia rules {self.id} --format md`; do not edit -->",
            "",
            "Sources: " + "; ".join(self.sources) + ".",
            "",
            self.patterns.markdown(),
        ]
        opts = fields(self.Options)
        if opts:
            lines += ["Options:", ""]
            lines += [f"- `{f.name}` (default `{f.default!r}`)" for f in opts]
            lines.append("")
        if self.flags:
            lines += ["Flags:", ""]
            lines += [f"- `{k}`: {v}" for k, v in self.flags.items()]
            lines.append("")
        return "\n".join(lines)

    # ------------------------------------------------------------------ engine hooks

    def wall_layout(self) -> Any:
        """Dead wall size, replacement tiles, dora indicators (engine issue).

        Raises:
            NotImplementedError: until the engine lands.
        """
        raise NotImplementedError

    def allowed_calls(self, state: Any, seat: str, discard: Tile) -> frozenset[str]:
        """Calls ``seat`` may make on ``discard`` (engine issue).

        Raises:
            NotImplementedError: until the engine lands.
        """
        raise NotImplementedError

    def claim_policy(self) -> Any:
        """Claim priority and multiple-winner policy (engine issue).

        Raises:
            NotImplementedError: until the engine lands.
        """
        raise NotImplementedError

    def special_actions(self, state: Any, seat: str) -> Sequence[Any]:
        """Ruleset-specific actions (riichi declaration...) available to ``seat``."""
        return ()

    def next_deal(self, match: Any, outcome: DealOutcome) -> Any:
        """Rotation and end of match after ``outcome`` (engine issue).

        Raises:
            NotImplementedError: until the engine lands.
        """
        raise NotImplementedError


# ====================================================================== game flow hooks
#
# The engine (``muraglia.engine``) never decides a rule of one ruleset: it asks the ruleset's
# :class:`DealFlow` (``rulesets/<pkg>/flow.py``, class ``FLOW``). The types below are the whole
# vocabulary of that conversation; they live here because a ruleset may import only ``base``.


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
class Transfer:
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
class DealView(Protocol):
    """The read-only face of a deal that flow hooks may consult (the engine's DealState)."""

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


SEAT_LETTERS = ("E", "S", "W", "N")
"""Wind letters by wind index; settlement input is keyed by the seats' own winds."""


def wind_letter(wind: Tile) -> str:
    """The letter (E S W N) of a wind tile, as settlement and scoring inputs name seats.

    >>> wind_letter(Tile.WEST)
    'W'
    """
    return SEAT_LETTERS[int(wind) - int(Tile.EAST)]


class DealFlow:
    """The engine hooks of one ruleset, with documented defaults (DESIGN §7).

    A ruleset's ``flow.py`` subclasses this and overrides only what differs. ``ruleset`` is the
    ruleset object (its options drive the flow). The hooks:

    ====================  ============================================================
    hook                  default
    ====================  ============================================================
    ``wall_layout``       136 tiles, 17 stacks, 14-tile dead wall, no indicators
    ``break_wall``        two dice: wall and stack as FIMJ-WALL-2..4
    ``dead_seats``        none (a table of four)
    ``seat_wind_of``      winds by position from the dealer
    ``charleston``        () (no exchange of tiles after the deal)
    ``charleston_plan``   each exchange of ``charleston`` as seat-to-seat transfers
    ``deal_plan``         4-4-4 to each seat in turn, then dealer 1st and 5th, others one
    ``allowed_calls``     win, pung, kong from anyone, chow from the left; only a win on
                          the discard made once the live wall is empty
    ``claim_policy``      :class:`ClaimPolicy` defaults
    ``is_complete``       standard shape, seven pairs, thirteen orphans (shanten -1)
    ``may_wait``          13 tiles at shanten 0 or less (a filter before ``is_complete``)
    ``win_value``         ``Ruleset.score`` + ``Ruleset.can_win`` (the minimum to win)
    ``win_flags``         the engine's situation facts known to the ruleset
    ``riichi_possible``   False (no riichi)
    ``can_riichi``        False
    ``riichi_allows_kong``  False
    ``riichi_stake``      0
    ``declarations``      () (no abortive declaration, e.g. nine terminals)
    ``check_void``        None (no abortive draw; asked after discards and riichi)
    ``void_unclaimed``    None (no abortive draw once a discard's claim window closed
                          without a win)
    ``may_kong``          True (a kong may be declared or claimed if a tile is left to
                          replace it)
    ``riichi_kong``       True (a kong under riichi that keeps the waits is allowed)
    ``start_score``       0
    ``kong_indicator_now``  True (a kong's indicator is turned at once, not after the
                          replacement's discard)
    ``last_drawer_discards``  True
    ``riichi_discards_bonus``  False (a bonus tile drawn under riichi is exposed as usual)
    ``settle``            ``Ruleset.settle``: :class:`DealOutcome` -> :class:`Settlement`
    ``first_round_wind``  0 (East)
    ``next_deal``         **abstract**: rotation and end of match
    ``end_of_match``      stakes left on the table are not paid out
    ====================  ============================================================
    """

    players: ClassVar[int] = 4
    """Seats at the table."""
    miss_any_completion: ClassVar[bool] = False
    """The engine's ``missed_win`` is also set by a passed tile that completes the hand shape
    without being a legal win (no yaku, furiten; EMA-FURI-3). Off: only by a passed win."""

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset
        self.options = ruleset.options

    # ---------------------------------------------------------------- set-up

    def wall_layout(self) -> WallLayout:
        """The wall for every deal."""
        return WallLayout()

    def break_wall(self, rng: Any, layout: WallLayout) -> Breach:
        """Dice and breach, shaped as FIMJ-WALL-2…4.

        The wall by the dealer's two dice, the stack by the sum of both throws, wrapping in the
        same wall (FIMJ-GAP-13).
        """
        first = (rng.randint(1, 6), rng.randint(1, 6))
        second = (rng.randint(1, 6), rng.randint(1, 6))
        n = sum(first) + sum(second)
        return Breach((*first, *second), (sum(first) - 1) % 4, (n - 1) % layout.stacks_per_side + 1)

    def seat_wind_of(self, dealer: int, seat: int) -> int:
        """Wind index (0 East … 3 North) of ``seat`` when ``dealer`` holds East: by position."""
        return (seat - dealer) % 4

    def charleston(self) -> tuple[int, ...]:
        """Tile exchanges after the deal, as seat offsets of the receiver (none by default)."""
        return ()

    def charleston_plan(self) -> tuple[tuple[Transfer, ...], ...]:
        """The exchanges after the deal, each as its transfers in order.

        In every exchange each live seat first chooses four tiles (FIMJ-CHARL-2), then the
        transfers move them. The default turns every offset of :meth:`charleston` into a
        transfer from each live seat to the seat at that offset.
        """
        live = [s for s in range(self.players) if s not in self.dead_seats()]
        return tuple(
            tuple(Transfer(s, (s + offset) % self.players) for s in live)
            for offset in self.charleston()
        )

    def dead_seats(self) -> frozenset[int]:
        """Fixed seats that take no part in any deal (the dead seat of a table of three)."""
        return frozenset()

    def deal_plan(self) -> tuple[int, ...]:
        """Who (offset from the dealer) takes each dealt tile, in wall order (FIMJ-WALL-5)."""
        plan: list[int] = []
        for _ in range(3):
            for seat in range(4):
                plan += [seat] * 4
        return (*plan, 0, 1, 2, 3, 0)

    # ---------------------------------------------------------------- play

    def allowed_calls(
        self, view: DealView, seat: int, discarder: int, tile: Tile
    ) -> frozenset[CallKind]:
        """Claims ``seat`` may make on ``discarder``'s ``tile`` by position and rules.

        (the engine then checks the hand). Default: chow only from the previous player.
        """
        if view.live_count == 0:
            return frozenset({CallKind.WIN})  # nothing left to draw: only the last discard win
        kinds = {CallKind.WIN, CallKind.PUNG, CallKind.KONG}
        if view.next_seat(discarder) == seat:
            kinds.add(CallKind.CHOW)
        return frozenset(kinds)

    def claim_policy(self) -> ClaimPolicy:
        """Priority and multiple winners."""
        return ClaimPolicy()

    def is_complete(self, counts: Sequence[int], melds: int) -> bool:
        """Whether concealed ``counts`` plus ``melds`` declared sets form a winning shape."""
        from muraglia.analysis.shanten import shanten_all  # noqa: PLC0415 - lazy table load

        return shanten_all(counts, melds) == -1

    def may_wait(self, counts: Sequence[int], melds: int) -> bool:
        """Filter: False only if no tile can complete these 13 concealed ``counts``.

        The engine skips :meth:`is_complete` on discards for hands this rejects; it must
        never reject a hand that some tile completes (the default: shanten at most 0).
        """
        from muraglia.analysis.shanten import shanten_all  # noqa: PLC0415 - lazy table load

        return shanten_all(counts, melds) <= 0

    def win_value(
        self, view: DealView, seat: int, hand: Hand, *, self_drawn: bool, flags: frozenset[str]
    ) -> int | None:
        """The value of ``hand`` (with its winning tile) as a win, or None if it may not win.

        Default, for rulesets built on :class:`Ruleset`: :meth:`Ruleset.score` with the seat
        and round winds and the dora indicators, then :meth:`Ruleset.can_win` (the minimum:
        8 fan, one yaku...).

        Raises:
            NotImplementedError: for a ruleset without ``score``/``can_win``.
        """
        score = getattr(self.ruleset, "score", None)
        can_win = getattr(self.ruleset, "can_win", None)
        if score is None or can_win is None:
            raise NotImplementedError
        from muraglia.errors import MahjongError  # noqa: PLC0415

        try:
            result = score(
                hand,
                win="tsumo" if self_drawn else "ron",
                seat_wind=view.seat_wind(seat),
                round_wind=view.round_wind,
                flags=flags,
                dora=tuple(view.indicators),
            )
        except MahjongError:
            return None
        return int(result.value) if can_win(result) else None

    def win_flags(
        self, view: DealView, seat: int, tile: Tile, *, self_drawn: bool, facts: frozenset[str]
    ) -> frozenset[str]:
        """The scorer's flags for a win.

        ``facts`` are the engine's: ``replacement``, ``robbing_kong``, ``last_tile``,
        ``last_discard``, ``riichi``, ``double_riichi``, ``ippatsu`` (no own discard and no
        call or kong since the riichi stood), ``first_turn`` (first uninterrupted go-round),
        ``dealer_first`` (the dealer's dealt hand or first discard).
        """
        known = getattr(self.ruleset, "flags", ())
        return frozenset(f for f in facts if f in known)

    def riichi_possible(self, view: DealView, seat: int) -> bool:
        """Cheap precondition of a riichi declaration by ``seat`` now (closed hand, tiles left...).

        The engine then computes the waits of each discard and asks :meth:`can_riichi`.
        """
        return False

    def can_riichi(self, view: DealView, seat: int, waits: tuple[Tile, ...]) -> bool:
        """Whether ``seat`` may declare riichi with a discard leaving these winning kinds."""
        return False

    def riichi_stands_if_claimed(self) -> bool:
        """Whether a riichi stands when its discard is claimed for a set (not for a win).

        Default False: the declaration is cancelled (SEI-RIICHI-4); riichi: it stands and
        the stick is paid (EMA-RIICHI-2).
        """
        return False

    def riichi_allows_kong(self) -> bool:
        """Whether a riichi hand may declare a concealed kong of its drawn tile.

        Only when its waits do not change (SEI-RIICHI-5; FIMJ-RICHI-4 forbids it).
        """
        return False

    def riichi_stake(self) -> int:
        """Points a riichi declaration puts on the table."""
        return 0

    def declarations(self, view: DealView, seat: int) -> tuple[str, ...]:
        """Abortive declarations ``seat`` may make now in its turn (e.g. nine terminals)."""
        return ()

    def check_void(self, view: DealView) -> str | None:
        """An abortive-draw reason after a discard (None: play on)."""
        return None

    def void_unclaimed(self, view: DealView) -> str | None:
        """An abortive-draw reason once a discard's claim window closed without a win.

        None: play on (the call, if any, is made). E.g. four kongs (EMA-END-4 b).
        """
        return None

    def may_kong(self, view: DealView, seat: int) -> bool:
        """Whether ``seat`` may declare or claim a kong now (besides its tiles).

        E.g. no fifth kong, none on an empty live wall (EMA-KONG-8, EMA-GAP-25).
        """
        return True

    def riichi_kong(self, view: DealView, seat: int, kind: Tile) -> bool:
        """Further condition of a concealed kong of ``kind`` under riichi.

        Asked once the waits are known to be unchanged (EMA-RIICHI-3 c).
        """
        return True

    def kong_indicator_now(self, concealed: bool) -> bool:
        """Whether a kong's indicator is turned at once.

        Else after the replacement's discard, or at the next kong if that comes first.
        """
        return True

    def start_score(self) -> int:
        """Every seat's score at the start of a match."""
        return 0

    def last_drawer_discards(self) -> bool:
        """Whether the player who draws the last live tile discards (False: the deal ends)."""
        return True

    def riichi_discards_bonus(self) -> bool:
        """Whether a bonus tile drawn under riichi is discarded instead of exposed.

        Nobody may claim it; it scores nothing (FIMJ-RICHI-4).
        """
        return False

    # ---------------------------------------------------------------- end of deal / match

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Payments of a finished deal (``outcome`` keyed by own-wind letters, dealer ``E``).

        Default: the ruleset's own :meth:`Ruleset.settle`.

        Raises:
            NotImplementedError: for a ruleset without ``settle``.
        """
        settle = getattr(self.ruleset, "settle", None)
        if settle is None:
            raise NotImplementedError
        result: Settlement = settle(outcome)
        return result

    def first_round_wind(self, breach: Breach) -> int:
        """Round wind index of the match's first deal."""
        return 0

    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        """Rotation after a deal; None when the match is over.

        Raises:
            NotImplementedError: in the base class.
        """
        raise NotImplementedError

    def end_of_match(self, scores: Sequence[int], pot: int) -> tuple[int, ...]:
        """Adjustments to the final scores for stakes still on the table (default: none)."""
        return tuple(0 for _ in scores)


def settlement_from_dict(data: Mapping[str, Any]) -> Settlement:
    """A :class:`Settlement` from a ``muraglia settle`` output object (rulesets' own types)."""
    from muraglia.scoring.result import Transfer  # noqa: PLC0415 - keep the header light

    transfers = tuple(
        Transfer(t["from"], t["to"], int(t["amount"])) for t in data.get("transfers", ())
    )
    known = {"ok", "rules", "values", "transfers", "net", "explanation"}
    return Settlement(
        transfers,
        {k: int(v) for k, v in data.get("net", {}).items()},
        {k: int(v) for k, v in data.get("values", {}).items()},
        {k: tuple(v) for k, v in data.get("explanation", {}).items()},
        {k: v for k, v in data.items() if k not in known},
    )


def rotate(
    progress: MatchProgress, *, passes: bool, turns: int, skip: frozenset[int] = frozenset()
) -> MatchProgress | None:
    """The next deal.

    East passes or repeats; the round wind advances every four passes; None once ``turns`` turns
    of East are complete.
    """
    if not passes:
        return replace(progress, deal=progress.deal + 1, repeats=progress.repeats + 1)
    n = progress.passes + 1
    if n >= turns:
        return None
    first = (progress.round_wind - progress.passes // 4) % 4
    dealer = (progress.dealer + 1) % 4
    while dealer in skip:  # a seat that never holds East (RAV-3P-4)
        dealer = (dealer + 1) % 4
    return replace(
        progress,
        deal=progress.deal + 1,
        dealer=dealer,
        round_wind=(first + n // 4) % 4,
        passes=n,
        repeats=0,
    )
