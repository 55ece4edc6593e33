"""Replay Tenhou records under ``riichi-tenhou`` and compare every hand result.

:class:`RoundTracker` walks one round's events and keeps what scoring needs: hands, melds,
riichi (and whether it was a double riichi), ippatsu, the first go-around, the live wall
count (haitei/houtei), kong replacement draws (rinshan), the added kong open to robbing
(chankan), dora indicators and pao. The situational flags of a win are derived from the
play, never from the recorded yaku list. :func:`replay_round` scores each recorded win
with the project's scorer and settles the round with its settlement API; :func:`check_records`
compares every hand with the record and gives the ``muraglia replay --check`` report
(interfaces.md §5).

Compared per hand (``E1-0`` = East 1, 0 counters): for each win the winner, the discarder,
han, fu (below yakuman), points (``ten``: the hand's value before counters and sticks) and
the limit; for a draw its kind (exhaustive, nagashi mangan, each abortive draw) and, in mjlog,
who was tenpai; for every hand the score change of every seat (counters, riichi sticks and
double ron included) and, when a next deal follows, the counters, sticks and dealer
continuation it starts with; after the last deal of an mjlog game, the final scores (``owari``,
sticks left on the table going to the leader) and the game results (uma, oka, rounding).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from muraglia.analysis.waits import winning_tiles
from muraglia.engine.tenhou import (
    YAKU,
    Agari,
    Call,
    Discard,
    Draw,
    NewDora,
    Reach,
    Record,
    Round,
    RoundInit,
    Ryuukyoku,
    TenhouFormatError,
    TenhouMeld,
    load,
    physical_tile,
    tile_text,
)
from muraglia.errors import MahjongError
from muraglia.hand import Hand
from muraglia.melds import Meld, MeldKind, Source
from muraglia.rulesets import load_scorer
from muraglia.rulesets.base import Ruleset
from muraglia.scoring.result import DealOutcome, ScoreResult
from muraglia.tiles import Tile

__all__ = [
    "CheckReport",
    "HandCheck",
    "RoundTracker",
    "WinSituation",
    "check_record",
    "check_records",
    "record_paths",
    "replay_round",
    "rules_for",
]

LIVE_WALL = 70
"""Tiles drawn in a deal before the wall is exhausted (136 - 14 dead wall - 52 dealt);
kong replacement draws count too, the dead wall being refilled from the live wall."""

LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Tenhou's limit codes (``ten``'s third value) by index."""

_SEAT_LETTERS = "ESWN"
_TERMINALS = frozenset(
    {Tile.M1, Tile.M9, Tile.P1, Tile.P9, Tile.S1, Tile.S9, *(Tile(k) for k in range(27, 34))}
)
_WINDS = frozenset(Tile(k) for k in range(27, 31))
_DRAGONS = frozenset(Tile(k) for k in range(31, 34))


# ---------------------------------------------------------------------- tracker


@dataclass(frozen=True)
class WinSituation:
    """One win as derived from the play: the hand in notation and the flags."""

    who: int
    discarder: int | None
    """None for tsumo."""
    hand: Hand
    """The hand with its melds and winning tile."""
    tiles: tuple[int, ...]
    """Concealed tile ids including the winning tile (to check against the record)."""
    winning: int
    flags: frozenset[str]
    riichi: bool
    dora: tuple[int, ...]
    pao: int | None


@dataclass
class RoundTracker:
    """The state of one round as its events are applied (see the module docstring)."""

    dealer: int
    hands: list[list[int]]
    dora: list[int]
    melds: list[list[TenhouMeld]] = field(default_factory=lambda: [[], [], [], []])
    rivers: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    called_away: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    """How many of each seat's discards were called (nagashi mangan needs none)."""
    drawn: int = 0
    """Tiles drawn from the wall, kong replacements included."""
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    double_riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    declaring: dict[int, bool] = field(default_factory=dict)
    """Seats between REACH step 1 and 2 -> whether it is a double riichi."""
    has_discarded: list[bool] = field(default_factory=lambda: [False] * 4)
    interrupted: bool = False
    """A call (any kong included) happened: the first go-around is over."""
    kong_draw: list[bool] = field(default_factory=lambda: [False] * 4)
    """The seat's next draw is a kong replacement."""
    break_ippatsu_on_draw: bool = False
    """An added kong breaks ippatsu once it stands (not if robbed)."""
    last_draw: tuple[int, int, bool, bool] | None = None
    """(seat, tile, replacement draw, first draw of the seat with no call before)."""
    last_discard: tuple[int, int] | None = None
    last_kakan: tuple[int, int] | None = None
    """(seat, added tile) of an added kong not yet followed by its replacement draw."""
    kongs: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    pao: dict[int, int] = field(default_factory=dict)
    """Seat -> seat liable for its Big Three Dragons / Big Four Winds."""
    accepted: list[int] = field(default_factory=list)
    """Seats whose riichi was accepted, in order."""
    discards: int = 0
    red_fives: bool = True
    """Whether ids 16, 52, 88 are red fives (the game's rule)."""

    @classmethod
    def start(cls, rnd: Round, red_fives: bool = True) -> RoundTracker:
        """A tracker at the round's initial state."""
        init = rnd.init
        return cls(init.dealer, [list(h) for h in init.hands], [init.dora], red_fives=red_fives)

    # ------------------------------------------------------------------ events

    def apply(self, event: Draw | Discard | Call | Reach | NewDora) -> None:
        """Apply one event.

        Raises:
            TenhouFormatError: an event impossible in the tracked state (a discarded
                tile not in the hand, a call of tiles not held).
        """
        if isinstance(event, Draw):
            self._draw(event)
        elif isinstance(event, Discard):
            self._discard(event)
        elif isinstance(event, Call):
            self._call(event.meld)
        elif isinstance(event, Reach):
            self._reach(event)
        else:
            self.dora.append(event.tile)

    def _draw(self, e: Draw) -> None:
        replacement = self.kong_draw[e.who]
        self.kong_draw[e.who] = False
        if self.break_ippatsu_on_draw:
            self.ippatsu = [False] * 4
            self.break_ippatsu_on_draw = False
        self.last_kakan = None
        first = not self.has_discarded[e.who] and not self.interrupted
        self.drawn += 1
        self.hands[e.who].append(e.tile)
        self.last_draw = (e.who, e.tile, replacement, first)
        self.last_discard = None

    def _discard(self, e: Discard) -> None:
        hand = self.hands[e.who]
        if e.tile not in hand:
            raise TenhouFormatError(
                f"seat {e.who} discards {tile_text(e.tile)} ({e.tile}), not held"
            )
        hand.remove(e.tile)
        self.rivers[e.who].append(e.tile)
        if self.ippatsu[e.who]:  # the riichi player's next discard ends ippatsu
            self.ippatsu[e.who] = False
        self.has_discarded[e.who] = True
        self.last_discard = (e.who, e.tile)
        self.last_draw = None
        self.discards += 1

    def _reach(self, e: Reach) -> None:
        if e.step == 1:
            self.declaring[e.who] = not self.has_discarded[e.who] and not self.interrupted
        elif e.step == 2:
            double = self.declaring.pop(e.who, False)
            self.riichi[e.who] = True
            self.double_riichi[e.who] = double
            self.ippatsu[e.who] = True
            self.accepted.append(e.who)

    def _take(self, who: int, tiles: Iterable[int]) -> None:
        hand = self.hands[who]
        for t in tiles:
            if t not in hand:
                raise TenhouFormatError(f"seat {who} calls with {tile_text(t)} ({t}), not held")
            hand.remove(t)

    def _call(self, m: TenhouMeld) -> None:
        who = m.who
        self.interrupted = True
        self.last_discard = None
        if m.kind in ("chi", "pon", "daiminkan"):
            self._take(who, (t for t in m.tiles if t != m.called))
            if m.from_who is not None:
                self.called_away[m.from_who] += 1
            self.melds[who].append(m)
            self.ippatsu = [False] * 4
            if m.kind == "daiminkan":
                self.kong_draw[who] = True
                self.kongs[who] += 1
            self._check_pao(m)
        elif m.kind == "ankan":
            self._take(who, m.tiles)
            self.melds[who].append(m)
            self.ippatsu = [False] * 4
            self.kong_draw[who] = True
            self.kongs[who] += 1
        elif m.kind == "kakan":
            assert m.added is not None
            self._take(who, (m.added,))
            for i, old in enumerate(self.melds[who]):
                if old.kind == "pon" and old.tiles[0] // 4 == m.added // 4:
                    self.melds[who][i] = m
                    break
            else:
                raise TenhouFormatError(f"seat {who} adds to a pung it does not have")
            self.kong_draw[who] = True
            self.kongs[who] += 1
            self.break_ippatsu_on_draw = True
            self.last_kakan = (who, m.added)
        else:
            raise TenhouFormatError(f"{m.kind} is not supported (four players only)")

    def _check_pao(self, m: TenhouMeld) -> None:
        """Pao: the discard completing a third dragon or fourth wind set (EMA-PAO)."""
        kind = Tile(m.tiles[0] // 4)
        if m.kind == "chi" or m.from_who is None:
            return
        for family, size in ((_DRAGONS, 3), (_WINDS, 4)):
            if kind in family:
                sets = sum(
                    1
                    for x in self.melds[m.who]
                    if x.kind != "chi" and Tile(x.tiles[0] // 4) in family
                )
                if sets == size:
                    self.pao[m.who] = m.from_who

    # ------------------------------------------------------------------ questions

    @property
    def wall_exhausted(self) -> bool:
        """The last tile of the live wall has been drawn."""
        return self.drawn >= LIVE_WALL

    def seat_letter(self, seat: int) -> str:
        """Seat wind letter of an absolute seat (the dealer is East)."""
        return _SEAT_LETTERS[(seat - self.dealer) % 4]

    def hand(self, who: int, concealed: Sequence[int], winning: int | None = None) -> Hand:
        """A seat's hand: ``concealed`` tile ids, its melds, the ``winning`` tile id if any."""
        red = self.red_fives
        return Hand(
            tuple(physical_tile(t, red) for t in concealed),
            tuple(_meld(m, who, red) for m in self.melds[who]),
            winning=physical_tile(winning, red) if winning is not None else None,
        )

    def notation(self, who: int, concealed: Sequence[int], winning: int | None = None) -> str:
        """Muraglia notation of :meth:`hand`."""
        return self.hand(who, concealed, winning).notation

    def win(self, who: int, from_who: int) -> WinSituation:
        """The situation of seat ``who`` winning now (tsumo when ``from_who == who``).

        Raises:
            TenhouFormatError: the play does not allow this win (nothing to win on).
        """
        flags: set[str] = set()
        if who == from_who:
            if self.last_draw is None or self.last_draw[0] != who:
                raise TenhouFormatError(f"seat {who} wins by tsumo without having drawn")
            _, tile, replacement, first = self.last_draw
            concealed = list(self.hands[who])
            if replacement:
                flags.add("replacement")
            elif self.wall_exhausted:
                flags.add("last_tile")
            if first and not self.melds[who]:
                flags.add("first_turn")
            discarder = None
        else:
            if self.last_kakan is not None and self.last_kakan[0] == from_who:
                tile = self.last_kakan[1]
                flags.add("robbing_kong")
            elif self.last_discard is not None and self.last_discard[0] == from_who:
                tile = self.last_discard[1]
                if self.wall_exhausted:
                    flags.add("last_tile")
            else:
                raise TenhouFormatError(f"seat {who} wins on seat {from_who}'s tile: none offered")
            concealed = [*self.hands[who], tile]
            discarder = from_who
        riichi = self.riichi[who]
        if riichi:
            flags.add("double_riichi" if self.double_riichi[who] else "riichi")
            if self.ippatsu[who]:
                flags.add("ippatsu")
        rest = list(concealed)
        rest.remove(tile)
        return WinSituation(
            who=who,
            discarder=discarder,
            hand=self.hand(who, rest, tile),
            tiles=tuple(sorted(concealed)),
            winning=tile,
            flags=frozenset(flags),
            riichi=riichi,
            dora=tuple(self.dora),
            pao=self.pao.get(who),
        )

    def tenpai(self, who: int) -> bool:
        """Whether the seat's 13-tile hand waits on a tile it does not hold four of."""
        return bool(winning_tiles(self.hand(who, self.hands[who])))

    def nagashi(self, who: int) -> bool:
        """Every discard a terminal or honour, none of them called."""
        river = self.rivers[who]
        return (
            bool(river)
            and self.called_away[who] == 0
            and all(Tile(t // 4) in _TERMINALS for t in river)
        )

    def draw_kind(self) -> str:
        """The kind of a draw as the play shows it (Tenhou's RYUUKYOKU ``type``)."""
        if self.wall_exhausted:
            return "nm" if any(self.nagashi(s) for s in range(4)) else ""
        if len(self.accepted) == 4:
            return "reach4"
        if sum(self.kongs) >= 4 and max(self.kongs) < 4:
            return "kan4"
        if (
            self.discards == 4
            and not self.interrupted
            and len({t // 4 for r in self.rivers for t in r}) == 1
            and Tile(self.rivers[0][0] // 4) in _WINDS
        ):
            return "kaze4"
        if self.last_draw is not None and self.last_draw[3]:
            who = self.last_draw[0]
            if len({Tile(t // 4) for t in self.hands[who]} & _TERMINALS) >= 9:
                return "yao9"
        if self.last_discard is not None:
            seat, tile = self.last_discard
            claimants = [
                s
                for s in range(4)
                if s != seat and Tile(tile // 4) in winning_tiles(self.hand(s, self.hands[s]))
            ]
            if len(claimants) == 3:
                return "ron3"
        return "?"


_MELD_KINDS = {
    "chi": MeldKind.CHOW,
    "pon": MeldKind.PUNG,
    "daiminkan": MeldKind.KONG,
    "kakan": MeldKind.KONG,
    "ankan": MeldKind.KONG,
}
_SOURCES = {3: Source.LEFT, 2: Source.ACROSS, 1: Source.RIGHT}


def _meld(m: TenhouMeld, who: int, red: bool) -> Meld:
    """The muraglia meld of a call (source relative to the caller)."""
    tiles = tuple(physical_tile(t, red) for t in m.tiles)
    if m.kind == "ankan":
        return Meld(MeldKind.KONG, tiles, concealed=True)
    source = _SOURCES[(m.from_who - who) % 4] if m.from_who is not None else None
    return Meld(_MELD_KINDS[m.kind], tiles, source=source, added=m.kind == "kakan")


# ---------------------------------------------------------------------- one round


@dataclass(frozen=True)
class HandCheck:
    """The comparison of one hand (round) of a record."""

    record: str
    hand: str
    expected: Mapping[str, Any]
    got: Mapping[str, Any]
    details: Mapping[str, Any] = field(default_factory=dict)
    """Context for a mismatch (hands, yaku, patterns); not compared."""

    @property
    def matched(self) -> bool:
        """Whether every compared field agrees."""
        return dict(self.expected) == dict(self.got)

    def to_dict(self) -> dict[str, Any]:
        """The mismatch entry of the report."""
        out = {"record": self.record, "hand": self.hand, "expected": dict(self.expected)}
        out["got"] = dict(self.got)
        if self.details:
            out["details"] = dict(self.details)
        return out


def _limit_code(result: ScoreResult) -> int:
    limit = result.limit or ""
    if "yakuman" in limit:
        return 5
    return LIMIT_NAMES.index(limit) if limit in LIMIT_NAMES else 0


def _expected_win(a: Agari, mjlog: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"who": a.who, "from": a.from_who, "points": a.points}
    out["limit"] = LIMIT_NAMES[a.limit] if 0 <= a.limit < len(LIMIT_NAMES) else str(a.limit)
    if not a.yakuman:
        out["han"] = a.han
        if a.fu is not None and (mjlog or a.limit == 0):
            out["fu"] = a.fu
    return out


def _got_win(who: int, from_who: int, r: ScoreResult, keys: Iterable[str]) -> dict[str, Any]:
    code = _limit_code(r)
    full = {
        "who": who,
        "from": from_who,
        "points": r.value,
        "limit": LIMIT_NAMES[code],
        "han": r.han,
        "fu": r.fu,
    }
    return {k: full[k] for k in keys}


def _yaku_names(a: Agari) -> list[str]:
    out = [f"{YAKU[i][1]} {h}" for i, h in a.yaku if h and 0 <= i < len(YAKU)]
    out += [f"{YAKU[i][1]} (yakuman)" for i in a.yakuman if 0 <= i < len(YAKU)]
    return out


def replay_round(
    rules: Ruleset[Any], record: Record, rnd: Round, next_init: RoundInit | None = None
) -> HandCheck:
    """Replay one round: apply its events, score and settle its results, compare.

    With ``next_init`` (the following deal's initial state) the settlement's counters,
    sticks left on the table and dealer continuation are compared too (``next``).

    Raises:
        MahjongError: the events cannot be replayed or a hand cannot be scored.
    """
    tracker = RoundTracker.start(rnd, record.header.red_fives)
    for e in rnd.events:
        tracker.apply(e)
    init = rnd.init
    mjlog = record.header.source == "mjlog"
    round_wind = "ESWN"[init.round // 4 % 4]
    expected: dict[str, Any] = {}
    got: dict[str, Any] = {}
    details: dict[str, Any] = {}
    letter = tracker.seat_letter
    riichi_letters = tuple(letter(s) for s in tracker.accepted)
    expected_deltas = [0, 0, 0, 0]
    for res in rnd.results:
        for s in range(4):
            expected_deltas[s] += res.deltas[s]
    wins = [r for r in rnd.results if isinstance(r, Agari)]
    if wins:
        exp_wins, got_wins = [], []
        hands: dict[str, Hand] = {}
        flags: dict[str, tuple[str, ...]] = {}
        pao: dict[str, str] = {}
        ura: tuple[str, ...] = ()
        winners: list[str] = []
        discarder: str | None = None
        for a in wins:
            exp = _expected_win(a, mjlog)
            exp_wins.append(exp)
            sit = tracker.win(a.who, a.from_who)
            seat = letter(a.who)
            winners.append(seat)
            hand = sit.hand
            hands[seat] = hand
            flags[seat] = tuple(sorted(sit.flags - {"riichi"}))
            if sit.pao is not None:
                pao[seat] = letter(sit.pao)
            discarder = letter(sit.discarder) if sit.discarder is not None else None
            if sit.riichi:
                ura = tuple(tile_text(t) for t in a.ura)
            result = rules.score(
                hand,
                win="ron" if sit.discarder is not None else "tsumo",
                seat_wind=seat,
                round_wind=round_wind,
                flags=sit.flags,
                dora=[tile_text(t) for t in sit.dora],
                ura=[tile_text(t) for t in a.ura] if sit.riichi else [],
                pao=pao.get(seat),
                discarder=discarder,
            )
            g = _got_win(a.who, sit.discarder if sit.discarder is not None else a.who, result, exp)
            got_wins.append(g)
            detail: dict[str, Any] = {
                "hand": sit.hand.notation,
                "flags": sorted(sit.flags),
                "patterns": [f"{x.id} {x.value}" for x in result.awards],
                "recorded_yaku": _yaku_names(a),
            }
            if not result.valid:
                detail["invalid"] = result.reason
            if mjlog and a.hand and tuple(sorted(a.hand)) != sit.tiles:
                exp["tiles"] = " ".join(tile_text(t) for t in sorted(a.hand))
                g["tiles"] = " ".join(tile_text(t) for t in sit.tiles)
            if (
                mjlog
                and a.dora
                and sorted(t // 4 for t in a.dora) != sorted(t // 4 for t in sit.dora)
            ):
                exp["dora"] = [tile_text(t) for t in a.dora]
                g["dora"] = [tile_text(t) for t in sit.dora]
            details.setdefault("wins", []).append(detail)
        expected["wins"] = exp_wins
        got["wins"] = got_wins
        dora_ind = [tile_text(t) for t in tracker.dora]
        outcome = DealOutcome(
            round_wind=round_wind,
            dealer="E",
            winners=tuple(winners),
            discarder=discarder,
            hands=hands,
            flags=flags,
            honba=init.honba,
            riichi_sticks=init.sticks,
            riichi=riichi_letters,
            dora=tuple(dora_ind),
            ura=ura,
            extra={"pao": pao} if pao else {},
        )
    else:
        draw = rnd.results[0]
        assert isinstance(draw, Ryuukyoku)
        kind = tracker.draw_kind()
        expected["draw"] = draw.kind
        got["draw"] = kind
        tenpai = [s for s in range(4) if kind in ("", "nm") and tracker.tenpai(s)]
        if mjlog and draw.kind in ("", "nm"):
            expected["tenpai"] = list(draw.tenpai)
            got["tenpai"] = tenpai
        status = {
            letter(s): "nagashi_mangan" for s in range(4) if kind == "nm" and tracker.nagashi(s)
        }
        outcome = DealOutcome(
            round_wind=round_wind,
            dealer="E",
            honba=init.honba,
            riichi_sticks=init.sticks,
            riichi=riichi_letters,
            tenpai=tuple(letter(s) for s in tenpai),
            status=status,
            extra={"draw": "exhaustive" if kind in ("", "nm") else "abortive"},
        )
    settlement = rules.settle(outcome)
    deltas = []
    for s in range(4):
        seat = letter(s)
        back = 1000 if s in tracker.accepted else 0  # the record's scores already paid it
        deltas.append(settlement.net.get(seat, 0) + back)
    expected["deltas"] = expected_deltas
    got["deltas"] = deltas
    if next_init is not None:
        expected["next"] = {
            "honba": next_init.honba,
            "sticks": next_init.sticks,
            "dealer_keeps": next_init.dealer == init.dealer,
        }
        extra = settlement.extra
        got["next"] = {
            "honba": extra.get("honba"),
            "sticks": extra.get("riichi_sticks"),
            "dealer_keeps": extra.get("dealer_keeps"),
        }
    final = rnd.results[-1].final
    if next_init is None and final is not None:
        expected["final"] = [round(100 * x) for x in final[0::2]]
        expected["result"] = [round(1000 * x) for x in final[1::2]]
        got["final"], got["result"] = _final_points(
            rules, init, expected_deltas, tracker, settlement.extra
        )
    return HandCheck(record.name, init.name, expected, got, details)


def _final_points(
    rules: Ruleset[Any],
    init: RoundInit,
    deltas: Sequence[int],
    tracker: RoundTracker,
    extra: Mapping[str, Any],
) -> tuple[list[int], list[int]]:
    """Final scores and game results by the ruleset's match-end settlement.

    The scores include the sticks left to the leader; the results (the settlement's
    ``result``: uma, oka and rounding) are compared with ``owari``'s odd fields.

    Seats are keyed by their seat in the first deal (``E`` = the first dealer), the order
    in which ties are broken.
    """
    after = {
        _SEAT_LETTERS[s]: init.scores[s] + deltas[s] - (1000 if s in tracker.accepted else 0)
        for s in range(4)
    }
    sticks = int(extra.get("riichi_sticks", 0))
    out = rules.settle_dict({"final_scores": after, "riichi_sticks": sticks})
    uma = out.get("uma", {})
    result = out.get("result", {})
    points = [int(out["final_scores"][k]) - int(uma.get(k, 0)) for k in _SEAT_LETTERS]
    return points, [int(result.get(k, 0)) for k in _SEAT_LETTERS]


# ---------------------------------------------------------------------- records


@dataclass(frozen=True)
class CheckReport:
    """The result of :func:`check_records` (``muraglia replay --check --json``)."""

    records: int
    hands: int
    matched: int
    mismatches: tuple[HandCheck, ...]
    incomplete: tuple[Mapping[str, str], ...] = ()
    """Truncated records: what is missing (reported, not a failure)."""
    errors: tuple[Mapping[str, str], ...] = ()
    """Records or rounds that could not be read or replayed (a failure)."""

    @property
    def ok(self) -> bool:
        """No mismatch and no error."""
        return not self.mismatches and not self.errors

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of interfaces.md §5 (plus ``incomplete`` and ``errors``)."""
        return {
            "ok": self.ok,
            "records": self.records,
            "hands": self.hands,
            "matched": self.matched,
            "mismatches": [m.to_dict() for m in self.mismatches],
            "incomplete": [dict(x) for x in self.incomplete],
            "errors": [dict(x) for x in self.errors],
        }


def record_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Record files among ``paths`` (folders searched recursively for .mjlog/.xml/.json)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*") if x.suffix in (".mjlog", ".xml", ".json")))
        else:
            out.append(p)
    return out


def rules_for(record: Record, base: str = "riichi-tenhou") -> str:
    """The ruleset spec a record names.

    ``base``, without open tanyao when the game had none (mjlog ``GO type`` bit 0x04;
    tenhou.net/6 ``rule.disp`` without 喰).

    >>> from muraglia.engine.tenhou import Header
    >>> rules_for(Record("", Header("mjlog", (), game_type=0xA9), (), True))
    'riichi-tenhou'
    >>> rules_for(Record("", Header("mjlog", (), game_type=0xAD), (), True))
    'riichi-tenhou(open_tanyao=false)'
    """
    h = record.header
    no_kuitan = (h.game_type is not None and bool(h.game_type & 0x4)) or (
        h.source == "tenhou6" and bool(h.rule) and "喰" not in h.rule
    )
    return f"{base}(open_tanyao=false)" if no_kuitan else base


def check_record(
    record: Record, rules: Ruleset[Any] | None = None
) -> list[HandCheck | Mapping[str, str]]:
    """Check every round of a parsed record.

    Gives a :class:`HandCheck` per round with a result and an error mapping for a round
    that cannot be replayed.
    """
    rs = rules or load_scorer(rules_for(record))
    out: list[HandCheck | Mapping[str, str]] = []
    rounds = record.rounds
    for i, rnd in enumerate(rounds):
        if not rnd.complete:
            continue
        following = rounds[i + 1].init if i + 1 < len(rounds) else None
        try:
            out.append(replay_round(rs, record, rnd, following))
        except (MahjongError, AssertionError) as exc:
            out.append({"record": record.name, "hand": rnd.init.name, "error": str(exc)})
    return out


def check_records(paths: Iterable[str | Path], rules: str = "riichi-tenhou") -> CheckReport:
    """Replay every record under ``paths`` (files or folders) and compare every hand.

    Each record is replayed under ``rules`` with the options its header names
    (:func:`rules_for`).

    Raises:
        RulesetError: for an unknown ``rules``.
    """
    loaded: dict[str, Ruleset[Any]] = {rules: load_scorer(rules)}
    records = hands = matched = 0
    mismatches: list[HandCheck] = []
    incomplete: list[Mapping[str, str]] = []
    errors: list[Mapping[str, str]] = []
    for path in record_paths(paths):
        try:
            record = load(path)
        except MahjongError as exc:
            errors.append({"record": path.name, "error": str(exc)})
            continue
        records += 1
        if record.header.source == "mjlog":
            incomplete.extend({"record": record.name, "problem": p} for p in record.problems)
        elif record.rounds and not record.rounds[-1].complete:
            incomplete.append(
                {"record": record.name, "problem": f"{record.rounds[-1].init.name}: no result"}
            )
        spec = rules_for(record, rules)
        if spec not in loaded:
            loaded[spec] = load_scorer(spec)
        for item in check_record(record, loaded[spec]):
            if isinstance(item, HandCheck):
                hands += 1
                if item.matched:
                    matched += 1
                else:
                    mismatches.append(item)
            else:
                hands += 1
                errors.append(item)
    return CheckReport(records, hands, matched, tuple(mismatches), tuple(incomplete), tuple(errors))
