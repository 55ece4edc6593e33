"""Tenhou records replayed through the live engine, every event and settlement checked.

No rule is re-derived here. For each deal of a record the wall is rebuilt from the record
(:func:`deal_wall`: the dealt hands through the flow's deal plan, then the draws in order;
kong replacements, dora and ura indicators in the dead wall; the tiles never seen fill the
rest), the match is set at the deal's recorded state (round, dealer, counters, sticks,
scores) and the recorded choices are fed to the engine's own state machine
(:class:`~muraglia.engine.match.MatchState`): discards (riichi and red fives included),
calls, kongs, wins and abortive declarations, each of which must be among the engine's
legal actions. Draws, riichi acceptance and indicators are the engine's own doing: between
two recorded choices the engine's automatic events must be the recorded ones. Then the
engine's ending (win, exhaustive or abortive draw and its kind), its flags, han, fu, points
and limit, every seat's score change (counters, sticks, pao, noten payments), the next
deal's state and, after the last deal, the match end and the game results are compared with
the record. Ippatsu, double riichi, rinshan, chankan, haitei/houtei, tenhou/chiihou, furiten,
riichi conditions, pao, nagashi mangan and abortive draws are therefore the engine's and the
ruleset's, checked against 675 real hands.

Compared per hand (``E1-0`` = East 1, 0 counters): ``events`` (the first recorded step
the engine did not reproduce), ``wins`` (winner, discarder, points, limit, han, fu),
``draw`` (the kind), ``tenpai`` (mjlog), ``deltas``, ``next`` (the following deal's
dealer, round, counters, sticks and scores as the engine starts it), ``final`` and
``result`` after the last deal of a finished game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from muraglia.engine import legal
from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Declare,
    Pass,
    Pung,
    Win,
)
from muraglia.engine.actions import (
    Discard as DiscardAction,
)
from muraglia.engine.events import (
    Drew,
    Event,
    IndicatorRevealed,
    MatchEnded,
    RiichiAccepted,
    Settled,
    Won,
)
from muraglia.engine.game import Game
from muraglia.engine.match import MatchState
from muraglia.engine.phases import Phase
from muraglia.errors import IllegalActionError, MahjongError, RulesetError
from muraglia.io.mjai import parse_mjai
from muraglia.io.tenhou import (
    YAKU,
    Agari,
    Call,
    Discard,
    Draw,
    NewDora,
    Reach,
    Record,
    Result,
    Round,
    RoundInit,
    Ryuukyoku,
    TenhouFormatError,
    TenhouMeld,
    load,
)
from muraglia.io.tenhou import Event as TenhouEvent
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import SEAT_LETTERS, MatchProgress
from muraglia.scoring.result import ScoreResult
from muraglia.tiles import (
    COPIES,
    FIVE,
    NUM_KINDS,
    WAITING_SIZE,
    WIND_LETTERS,
    PhysicalTile,
    Tile,
)

__all__ = [
    "CheckReport",
    "HandCheck",
    "check_record",
    "check_records",
    "deal_wall",
    "final_points",
    "limit_code",
    "load_record",
    "record_paths",
    "record_ruleset",
    "replay_choices",
    "resume",
    "rules_for",
]

RECORD_ENDINGS = (".mjlog", ".xml", ".json", ".mjson", ".jsonl")
"""File endings searched in folders (mjlog XML, tenhou.net/6 JSON, mjai logs)."""

LIMIT_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Tenhou's limit codes (``ten``'s third value) by index."""

_RED_IDS = frozenset((16, 52, 88))
_TILE_IDS = NUM_KINDS * COPIES
"""Tenhou's tile ids: 0-135, four per kind."""
_PLAYERS = len(WIND_LETTERS)
"""Seats of a four-player game."""
_MAX_KONGS = 4
"""Kongs (and so replacement draws) in one deal at the most."""
_MAX_INDICATORS = 1 + _MAX_KONGS
"""Dora indicators in one deal at the most (the first, then one a kong)."""
_TRIPLE_RON = 3
"""Winners of a triple ron."""

DRAW_KINDS = {
    "exhausted": "",
    "nine_terminals": "yao9",
    "four_riichi": "reach4",
    "four_winds": "kaze4",
    "four_kongs": "kan4",
}
"""The engine's deal-end reason -> Tenhou's RYUUKYOKU ``type``."""

WallTiles = tuple[tuple[Tile | PhysicalTile, ...], tuple[Tile | PhysicalTile, ...]]


class DivergenceError(MahjongError):
    """The engine did not reproduce a recorded step (a mismatch, not a format error)."""

    def __init__(self, step: str, expected: str, got: str) -> None:
        super().__init__(f"{step}: recorded {expected}; the engine: {got}")
        self.step, self.expected, self.got = step, expected, got


# ---------------------------------------------------------------------- the wall


_KINDS: tuple[Tile, ...] = tuple(Tile(k) for k in range(NUM_KINDS))
_TILES: dict[bool, tuple[Tile | PhysicalTile, ...]] = {
    red: tuple(
        PhysicalTile(_KINDS[t // 4], red=True) if red and t in _RED_IDS else _KINDS[t // 4]
        for t in range(136)
    )
    for red in (False, True)
}
"""A tile id's tile, without and with red fives (looked up, not built, per tile)."""
_NAMES: dict[bool, tuple[str, ...]] = {r: tuple(t.notation for t in ts) for r, ts in _TILES.items()}
_NOTATION: dict[tuple[Tile, bool], str] = {
    (k, r): PhysicalTile(k, red=r).notation
    for k in _KINDS
    for r in (False, True)
    if not r or (k.is_suited and k.rank == FIVE)
}
"""An engine event's (kind, red) in notation."""


def _tile(tid: int, red_fives: bool) -> Tile | PhysicalTile:
    return _TILES[red_fives][tid]


def _name(tid: int, red_fives: bool) -> str:
    return _NAMES[red_fives][tid]


def deal_wall(rnd: Round, game: Game, red_fives: bool = True) -> WallTiles:
    """The (live, dead) wall that deals ``rnd``'s hands and yields its recorded draws.

    Live: the dealt tiles in the order of the flow's deal plan (the dealer's first draw is
    his last dealt tile), then every draw that is not a kong replacement. Dead (replacement
    order): the replacement draws from position 0, the indicators at the layout's
    ``first_indicator`` and every second position after it, the ura indicator under each
    (the record's, when a riichi winner shows them). Tiles the record never shows fill the
    rest.

    Raises:
        TenhouFormatError: a round that cannot come from one wall (a tile twice, a draw
            before the dealer's, more than four replacements or five indicators).
    """
    flow = game.flow
    layout = flow.table.wall
    init = rnd.init
    queues = [list(h) for h in init.hands]
    if len(queues) != _PLAYERS or any(len(q) != WAITING_SIZE for q in queues):
        raise TenhouFormatError(f"{init.name}: the deal needs four hands of 13 tiles")
    live_draws, replacements = _draws(rnd, queues)
    live: list[int] = []
    for offset in flow.table.deal_plan:
        live.append(queues[(init.dealer + offset) % _PLAYERS].pop(0))
    live += live_draws
    dead: list[int | None] = [None] * layout.dead_wall
    if len(replacements) > _MAX_KONGS:
        raise TenhouFormatError(f"{init.name}: {len(replacements)} kong replacements (4 at most)")
    for i, tid in enumerate(replacements):
        dead[i] = tid
    indicators = [init.dora, *(e.tile for e in rnd.events if isinstance(e, NewDora))]
    ura = next((r.ura for r in rnd.results if isinstance(r, Agari) and r.ura), ())
    base = layout.first_indicator if layout.first_indicator is not None else 5
    if len(indicators) > _MAX_INDICATORS or len(ura) > len(indicators):
        raise TenhouFormatError(f"{init.name}: {len(indicators)} dora indicators (5 at most)")
    for i, tid in enumerate(indicators):
        dead[base + 2 * i] = tid
    for i, tid in enumerate(ura):
        dead[base - 1 + 2 * i] = tid
    placed = [t for t in live if t >= 0] + [t for t in dead if t is not None]
    spare_ids = _unshown(init.name, placed, red_fives)
    spare = iter(spare_ids)
    live = [t if t >= 0 else next(spare) for t in live]
    if len(live) > _TILE_IDS - layout.dead_wall:
        raise TenhouFormatError(f"{init.name}: {len(live) - 53} draws, more than the wall holds")
    dead_ids = [t if t is not None else next(spare) for t in dead]
    live += list(spare)
    return (
        tuple(_tile(t, red_fives) for t in live),
        tuple(_tile(t, red_fives) for t in dead_ids),
    )


def _draws(rnd: Round, queues: list[list[int]]) -> tuple[list[int], list[int]]:
    """The live draws and the kong replacement draws of ``rnd``, in order.

    The dealer's first draw is his last dealt tile: it is appended to his queue in
    ``queues`` (-1, unknown, for a round without events).

    Raises:
        TenhouFormatError: a seat other than the dealer draws first.
    """
    init = rnd.init
    live_draws: list[int] = []
    replacements: list[int] = []
    pending: set[int] = set()
    first = True
    for step, e in enumerate(rnd.events, 1):
        if isinstance(e, Draw):
            if first:
                if e.who != init.dealer:
                    raise TenhouFormatError(
                        f"{init.name}, step {step}: seat {e.who} draws first, "
                        f"expected the dealer (seat {init.dealer})"
                    )
                queues[init.dealer].append(e.tile)
                first = False
            elif e.who in pending:
                pending.discard(e.who)
                replacements.append(e.tile)
            else:
                live_draws.append(e.tile)
        elif isinstance(e, Call) and e.meld.kind in ("daiminkan", "ankan", "kakan"):
            pending.add(e.meld.who)
    if first:  # a round without events: the dealer's 14th tile is unknown
        queues[init.dealer].append(-1)
    return live_draws, replacements


def _unshown(name: str, placed: list[int], red_fives: bool) -> list[int]:
    """One tile id for each copy the record never shows (the red five if still unplaced).

    Raises:
        TenhouFormatError: a tile id out of range, a fifth copy or a second red five among
            ``placed``.
    """
    left = [COPIES] * NUM_KINDS  # copies of each kind not placed yet
    reds_left = set(_RED_IDS) if red_fives else set()
    for t in placed:
        if not 0 <= t < _TILE_IDS:
            raise TenhouFormatError(f"{name}: tile id {t} is out of range")
        left[t // COPIES] -= 1
        if left[t // COPIES] < 0:
            raise TenhouFormatError(
                f"{name}: a fifth {_name(t, False)} in one deal (hands, draws, indicators)"
            )
        if t in reds_left:
            reds_left.discard(t)
        elif red_fives and t in _RED_IDS:
            raise TenhouFormatError(f"{name}: a second red {_name(t, False)}")
    spare_ids = []
    for kind in range(NUM_KINDS):
        copies = [COPIES * kind + c for c in range(COPIES) if COPIES * kind + c in reds_left]
        copies += [COPIES * kind + COPIES - 1] * (left[kind] - len(copies))
        spare_ids += copies[: left[kind]]
    return spare_ids


# ---------------------------------------------------------------------- one round


@dataclass(frozen=True)
class HandCheck:
    """The comparison of one hand (round) of a record."""

    record: str
    hand: str
    expected: Mapping[str, Any]
    got: Mapping[str, Any]
    details: Mapping[str, Any] = field(default_factory=dict)
    """Context (the engine's hands, flags and patterns, the recorded yaku); not compared."""

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


def limit_code(result: ScoreResult) -> int:
    """Tenhou's limit code of a scored hand (``ten``'s third value: 0 none ... 5 yakuman)."""
    limit = result.limit or ""
    if "yakuman" in limit:
        return 5
    return LIMIT_NAMES.index(limit) if limit in LIMIT_NAMES else 0


def _expected_win(a: Agari, mjlog: bool) -> dict[str, Any]:
    if a.points < 0:  # mjai: who and from only (the score changes are compared)
        return {"who": a.who, "from": a.from_who}
    out: dict[str, Any] = {"who": a.who, "from": a.from_who, "points": a.points}
    out["limit"] = LIMIT_NAMES[a.limit] if 0 <= a.limit < len(LIMIT_NAMES) else str(a.limit)
    if not a.yakuman:
        out["han"] = a.han
        if a.fu is not None and (mjlog or a.limit == 0):
            out["fu"] = a.fu
    return out


def _yaku_names(a: Agari) -> list[str]:
    out = [f"{YAKU[i][1]} {h}" for i, h in a.yaku if h and 0 <= i < len(YAKU)]
    out += [f"{YAKU[i][1]} (yakuman)" for i in a.yakuman if 0 <= i < len(YAKU)]
    return out


class _Segments:
    """Automatic events cut at each draw: segments of (the step of the draw, the texts).

    Built as the events come (each text appended once), so that comparing the segments
    closed so far costs only the new ones.
    """

    def __init__(self) -> None:
        self.steps: list[int] = [0]
        self.texts: list[list[str]] = [[]]

    def add(self, step: int, text: str) -> None:
        if " draws " in text:
            self.steps.append(step)
            self.texts.append([])
        self.texts[-1].append(text)

    def __len__(self) -> int:
        return len(self.texts)

    def sorted(self, i: int) -> tuple[str, ...]:
        """Segment ``i``'s texts in order (the order inside a segment is free)."""
        return tuple(sorted(self.texts[i])) if i < len(self.texts) else ("nothing",)


def _auto(e: Event) -> str | None:
    """The automatic engine events a record shows, in the record's terms."""
    if isinstance(e, Drew):
        return f"seat {e.seat} draws {_NOTATION[e.tile, e.red]}"
    if isinstance(e, RiichiAccepted):
        return f"seat {e.seat}'s riichi stands"
    if isinstance(e, IndicatorRevealed):
        return f"indicator {_NOTATION[e.tile, e.red]}"
    return None


class _Driver:
    """Feeds one round's recorded choices to a match and checks its automatic events."""

    def __init__(
        self,
        match: MatchState,
        rnd: Round,
        red_fives: bool,
        observe: Callable[[MatchState, Action], None] | None = None,
    ) -> None:
        self.match = match
        self.observe = observe
        self.rnd = rnd
        self.red = red_fives
        self.deal = match.deal
        """The deal being replayed (the match deals the next one once it is over)."""
        self.got_auto = _Segments()
        self.seen = 0
        """The deal's automatic events read so far (as :func:`_auto` writes them)."""
        self.expected_auto = _Segments()
        self.expected_auto.add(0, f"indicator {_name(rnd.init.dora, red_fives)}")
        self.checked = 0
        """Segments compared so far (closed, equal)."""
        self.declared: set[int] = set()
        """Seats whose riichi is declared and whose riichi discard is still to come."""
        self.step = "start"

    def apply(self, action: Action) -> None:
        if self.match.over or self.deal.is_over:
            raise DivergenceError(self.step, action.line(), "the deal is over")
        if self.observe is not None:
            self.observe(self.match, action)
        try:
            self.match.apply(action)
        except IllegalActionError:
            legal_now = [a.line() for a in self.match.legal_actions(action.seat)]
            raise DivergenceError(
                self.step,
                action.line(),
                "not legal; legal now: " + (", ".join(legal_now) or "nothing"),
            ) from None

    def check_auto(self, final: bool = False) -> None:
        """The engine's automatic events so far are the recorded ones.

        Both are cut into segments at each draw (a draw and what follows it until the next
        draw: riichi acceptance, indicators), the order inside a segment being free (Tenhou
        writes an open kong's indicator before the discard that turns it, a riichi's
        acceptance before the call of its discard). Only closed segments are compared until
        the deal is over (``final``).
        """
        events = self.deal.events
        for e in events[self.seen :]:
            if (x := _auto(e)) is not None:
                self.got_auto.add(0, x)
        self.seen = len(events)
        got, want = self.got_auto, self.expected_auto
        n = max(len(got), len(want)) if final else min(len(got), len(want)) - 1
        for i in range(self.checked, n):
            g, w = got.sorted(i), want.sorted(i)
            if g != w:
                step = f"step {want.steps[i]}" if i < len(want) else self.step
                raise DivergenceError(step, "; ".join(w), "; ".join(g))
        self.checked = max(self.checked, n)

    def answer_window(self, calls: Mapping[int, Action]) -> None:
        """Answer an open claim window: ``calls`` by seat, every other seat passes."""
        deal = self.deal
        if self.match.over or deal.phase not in (Phase.CLAIM, Phase.ROB):
            if calls:
                lines = ", ".join(a.line() for a in calls.values())
                raise DivergenceError(self.step, lines, "no claim window is open")
            return
        to_act = list(deal.to_act)
        for seat, action in calls.items():
            if seat not in to_act:
                raise DivergenceError(self.step, action.line(), f"seat {seat} has no claim option")
        for seat in to_act:
            self.apply(calls.get(seat, Pass(seat)))

    def discard(self, e: Discard, riichi: bool) -> None:
        tile = Tile(e.tile // 4)
        red = self.red and e.tile in _RED_IDS
        self.apply(DiscardAction(e.who, tile, riichi=riichi, red=red))

    def call(self, m: TenhouMeld) -> None:
        kind = Tile(m.tiles[0] // 4)
        if m.kind in ("chi", "pon", "daiminkan"):
            own = [t for t in m.tiles if t != m.called]
            red = self.red and any(t in _RED_IDS for t in own)  # the caller's red five
            if m.kind == "chi":
                action: Action = Chow(m.who, tuple(sorted(Tile(t // 4) for t in m.tiles)))
            elif m.kind == "pon":
                action = Pung(m.who)
            else:
                action = ClaimKong(m.who)
            if red and isinstance(action, Pung | Chow):
                chosen = replace(action, red=True)  # listed when a plain five could go too
                if chosen in self.deal.legal_actions(m.who):
                    action = chosen
            if self.deal.phase not in (Phase.CLAIM, Phase.ROB) or self.deal.claim_from != (
                m.from_who
            ):
                raise DivergenceError(self.step, action.line(), "no claim on that seat's discard")
            self.answer_window({m.who: action})
            return
        self.answer_window({})
        if m.kind == "ankan":
            self.apply(ConcealedKong(m.who, kind))
        elif m.kind == "kakan":
            self.apply(AddedKong(m.who, kind))
        else:
            raise TenhouFormatError(f"{m.kind} is not supported (four players only)")

    def feed(self, i: int, e: TenhouEvent) -> None:
        """Recorded event ``i`` (from 1) of the round, fed to the engine.

        A choice is applied; an automatic event (a draw, an indicator, a riichi standing) is
        expected of the engine.

        A discard or a kong declaration first closes the open claim window (every seat
        passes); a claim answers it. A discard leaves its own window open.
        """
        self.step = f"step {i}"
        if isinstance(e, Draw):
            if i == 1:  # the dealer's 14th tile: dealt, not drawn
                return
            self.expected_auto.add(i, f"seat {e.who} draws {_name(e.tile, self.red)}")
        elif isinstance(e, NewDora):
            self.expected_auto.add(i, f"indicator {_name(e.tile, self.red)}")
        elif isinstance(e, Reach):
            if e.step == 1:
                self.declared.add(e.who)
            else:
                self.expected_auto.add(i, f"seat {e.who}'s riichi stands")
        elif isinstance(e, Discard):
            self.answer_window({})
            self.check_auto()
            self.discard(e, e.who in self.declared)
            self.declared.discard(e.who)
        elif isinstance(e, Call):
            if e.meld.kind in ("chi", "pon", "daiminkan"):
                self.call(e.meld)
                self.check_auto()
            else:
                self.answer_window({})
                self.check_auto()
                self.call(e.meld)

    def play(self) -> None:
        """Every recorded event, then the recorded ending."""
        for i, e in enumerate(self.rnd.events, 1):
            self.feed(i, e)
        self.step = "the result"
        results = self.rnd.results
        wins = [r for r in results if isinstance(r, Agari)]
        if wins:
            tsumo = [a for a in wins if a.who == a.from_who]
            if tsumo:
                self.answer_window({})
                self.check_auto()
                self.apply(Win(tsumo[0].who))
            else:
                self._ron({a.who for a in wins}, wins[0].from_who)
            self.check_auto(final=True)
            return
        draw = results[0]
        assert isinstance(draw, Ryuukyoku)
        if draw.kind == "yao9":
            self.answer_window({})
            self.check_auto()
            deal = self.deal
            seat = deal.turn if not self.match.over else -1
            self.apply(Declare(seat, "nine_terminals"))
        elif draw.kind == "ron3":  # Tenhou's triple ron: the three seats offered the win
            deal = self.deal
            seats = {s for s in deal.to_act if Win(s) in deal.legal_actions(s)}
            self._ron(seats, deal.claim_from)
        else:
            self.answer_window({})
        self.check_auto(final=True)

    def _ron(self, winners: set[int], discarder: int) -> None:
        deal = self.deal
        if deal.phase not in (Phase.CLAIM, Phase.ROB) or deal.claim_from != discarder:
            raise DivergenceError(
                self.step,
                f"seats {sorted(winners)} win on seat {discarder}'s tile",
                "no such tile offered",
            )
        self.check_auto()
        self.answer_window({s: Win(s) for s in winners})


def _flags_han_fu(match: MatchState, deal: Any) -> dict[int, tuple[ScoreResult, Sequence[str]]]:
    """Each winner's scoring as the ruleset's settlement sees the engine's outcome."""
    outcome = deal.outcome(honba=deal.honba)
    rules = match.flow.ruleset
    pao = {}
    liable = getattr(match.flow, "liable", None)
    out: dict[int, tuple[ScoreResult, Sequence[str]]] = {}
    for s in deal.result.winners:
        letter = deal.letter(s)
        flags = set(outcome.flags.get(letter, ()))
        riichi = letter in outcome.riichi
        if riichi and "double_riichi" not in flags:
            flags.add("riichi")
        if liable is not None:
            pao[letter] = liable(outcome, letter)
        result = rules.score(
            outcome.hands[letter],
            win="ron" if outcome.discarder is not None else "tsumo",
            seat_wind=letter,
            round_wind=outcome.round_wind,
            flags=flags,
            dora=outcome.dora,
            ura=outcome.ura if riichi else (),
            discarder=outcome.discarder,
            pao=pao.get(letter),
        )
        out[s] = (result, sorted(flags))
    return out


def _state(match: MatchState) -> dict[str, Any]:
    """The state the engine starts its current deal with, in a record's terms."""
    if match.over:
        return {"over": True}
    p = match.progress
    stake = match.flow.table.riichi_stake or 1000
    return {
        "round": p.round_wind * 4 + p.dealer,
        "dealer": p.dealer,
        "honba": p.honba,
        "sticks": match.pot // stake,
        "scores": list(match.scores),
    }


def _recorded_state(init: RoundInit) -> dict[str, Any]:
    return {
        "round": init.round,
        "dealer": init.dealer,
        "honba": init.honba,
        "sticks": init.sticks,
        "scores": list(init.scores),
    }


def _start(game: Game, init: RoundInit, index: int, cap: int | None = None) -> MatchState:
    """A match resumed at ``init`` (the record's ``index``-th deal).

    ``cap``: the recorded match stopped after that many deals (our export's ``max_deals``);
    the resumed match stops there too.
    """
    if cap is not None:
        game = replace(game, max_deals=max(cap - index, 1))
    progress = MatchProgress(
        deal=index,
        dealer=init.dealer,
        round_wind=init.round // 4 % 4,
        passes=init.round,
        honba=init.honba,
    )
    stake = game.flow.table.riichi_stake
    return game.new_match(progress=progress, scores=init.scores, pot=init.sticks * stake)


def resume(rnd: Round, ruleset: Any, *, red_fives: bool = True, close: bool = False) -> MatchState:
    """The engine at the last recorded event of ``rnd``, a round in progress.

    The wall is rebuilt from the round (:func:`deal_wall`), the match set at the round's
    recorded state and every recorded event fed to the engine as the check does: each choice
    must be among the engine's legal actions, each automatic event the engine's. With
    ``close`` the claim window the last discard left open is closed too (every seat passes,
    the next seat draws). The match's ``deal`` is then the engine's state of the round: its
    legal actions, its facts and its views are the engine's (the mjai bot decides from them).

    Raises:
        MahjongError: a round no wall can deal, or a recorded step the engine does not
            reproduce (names the step, what was recorded and what the engine did).
    """
    plain = Game(ruleset)
    game = Game(ruleset, seed=0, walls=(deal_wall(rnd, plain, red_fives),))
    match = _start(game, rnd.init, 0)
    driver = _Driver(match, rnd, red_fives)
    for i, e in enumerate(rnd.events, 1):
        driver.feed(i, e)
    if close:
        driver.answer_window({})
    driver.check_auto(final=close)  # closed: every automatic event so far is recorded
    return match


def _round_check(
    match: MatchState,
    record: Record,
    rnd: Round,
    next_init: RoundInit | None,
    observe: Callable[[MatchState, Action], None] | None = None,
) -> HandCheck:
    """Replay ``rnd`` on ``match`` (at its start) and compare everything with the record."""
    init = rnd.init
    mjlog = record.header.source == "mjlog"
    red = record.header.red_fives
    expected: dict[str, Any] = {}
    got: dict[str, Any] = {}
    details: dict[str, Any] = {}
    start = len(match.events)
    driver = _Driver(match, rnd, red, observe)
    try:
        driver.play()
    except DivergenceError as exc:
        expected["events"] = f"{exc.step}: {exc.expected}"
        got["events"] = f"{exc.step}: {exc.got}"
        return HandCheck(record.name, init.name, expected, got, details)
    deal = driver.deal
    result = deal.result
    events = match.events[start:]
    settled = next((e for e in events if isinstance(e, Settled)), None)
    if result is None or settled is None:
        expected["events"] = "the result: the deal ends"
        got["events"] = "the result: the deal goes on"
        return HandCheck(record.name, init.name, expected, got, details)
    accepted = [e.seat for e in events if isinstance(e, RiichiAccepted)]
    expected_deltas = [0, 0, 0, 0]
    for res in rnd.results:
        for s in range(4):
            expected_deltas[s] += res.deltas[s]
    expected["deltas"] = expected_deltas
    got["deltas"] = [
        settled.scores[s] - init.scores[s] + (1000 if s in accepted else 0) for s in range(4)
    ]
    wins = [r for r in rnd.results if isinstance(r, Agari)]
    won = [e for e in events if isinstance(e, Won)]
    triple = result.reason == "win" and len(result.winners) == _TRIPLE_RON
    if wins and not (triple and len(wins) < _TRIPLE_RON):
        scored = _flags_han_fu(match, deal) if result.reason == "win" else {}
        expected["wins"], got["wins"], win_details = _compare_wins(
            wins, scored, result.discarder, won, mjlog
        )
        if win_details:
            details["wins"] = win_details
    else:
        exp_draw, got_draw = _compare_draw(match, deal, rnd.results[0], mjlog=mjlog)
        expected.update(exp_draw)
        got.update(got_draw)
    if next_init is not None:
        expected["next"] = _recorded_state(next_init)
        got["next"] = _state(match)
    final = rnd.results[-1].final
    if next_init is None and final is not None:
        expected["final"] = [round(100 * x) for x in final[0::2]]
        expected["result"] = [round(1000 * x) for x in final[1::2]]
        got["final"], got["result"] = final_points(match, settled)
    return HandCheck(record.name, init.name, expected, got, details)


def _compare_wins(
    wins: Sequence[Agari],
    scored: Mapping[int, tuple[ScoreResult, Sequence[str]]],
    discarder: int | None,
    won: Sequence[Won],
    mjlog: bool,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """The recorded wins, the replayed ones (the same keys) and the replay's details."""
    exp_wins: list[dict[str, Any]] = []
    got_wins: list[dict[str, Any]] = []
    details: list[dict[str, Any]] = []
    for a in wins:
        exp = _expected_win(a, mjlog)
        exp_wins.append(exp)
        if a.who not in scored:
            got_wins.append({"who": a.who, "won": False})
            continue
        r, flags = scored[a.who]
        full: dict[str, Any] = {
            "who": a.who,
            "from": discarder if discarder is not None else a.who,
            "points": r.value,
            "limit": LIMIT_NAMES[limit_code(r)],
            "han": r.han,
            "fu": r.fu,
        }
        got_wins.append({k: full[k] for k in exp})
        w = next((x for x in won if x.seat == a.who), None)
        details.append(
            {
                "hand": w.hand if w else "",
                "flags": flags,
                "patterns": [f"{x.id} {x.value}" for x in r.awards],
                "recorded_yaku": _yaku_names(a),
            }
        )
    return exp_wins, got_wins, details


def _compare_draw(
    match: MatchState, deal: Any, draw: Result, *, mjlog: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The recorded and the replayed way a deal without a (scored) win ended."""
    expected: dict[str, Any] = {}
    got: dict[str, Any] = {}
    result = deal.result
    kind = DRAW_KINDS.get(result.reason, result.reason)
    if result.reason == "win" and len(result.winners) == _TRIPLE_RON:
        kind = "ron3"
    if kind == "" and _nagashi(match, deal):
        kind = "nm"
    if not isinstance(draw, Ryuukyoku) or draw.kind != "?":  # "?": an mjai draw, no reason
        expected["draw"] = draw.kind if isinstance(draw, Ryuukyoku) else "win"
        got["draw"] = kind
    if mjlog and isinstance(draw, Ryuukyoku) and draw.kind in ("", "nm"):
        expected["tenpai"] = list(draw.tenpai)
        got["tenpai"] = [s for s in range(_PLAYERS) if legal.waits(deal, s)]
    return expected, got


def _nagashi(match: MatchState, deal: Any) -> bool:
    """Whether the ruleset's settlement paid nagashi mangan at this exhaustive draw."""
    settlement = match.last_settlement
    if settlement is None:
        return False
    return any("nagashi" in line for line in settlement.explanation.get("en", ()))


def final_points(match: MatchState, settled: Settled) -> tuple[list[Any], list[int]]:
    """The engine's final scores without uma and the ruleset's game results.

    The engine's match end (leftover sticks, uma) gives the final scores; the ruleset's
    match-end settlement (``final_scores``) gives uma, oka and Tenhou's rounding. Seats are
    keyed by their seat in the first deal (``E`` = seat 0).
    """
    ended = next((e for e in reversed(match.events) if isinstance(e, MatchEnded)), None)
    rules = match.flow.ruleset
    before = {SEAT_LETTERS[s]: settled.scores[s] for s in range(4)}
    stake = match.flow.table.riichi_stake or 1000
    out = rules.settle_dict({"final_scores": before, "riichi_sticks": settled.pot // stake})
    uma = out.get("uma", {})
    result = out.get("result", {})
    if ended is None:
        points: list[Any] = ["the match goes on"] * 4
    else:
        points = [ended.scores[s] - int(uma.get(SEAT_LETTERS[s], 0)) for s in range(4)]
    return points, [int(result.get(k, 0)) for k in SEAT_LETTERS]


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


def load_record(path: str | Path) -> Record:
    """A record file of any supported format, recognised by content.

    mjlog XML, tenhou.net/6 JSON, or an mjai log (a first line ``{"type": "start_game"...``).

    Raises:
        MahjongError: a file that cannot be read or parsed (names it).
    """
    p = Path(path)
    try:
        head = p.read_bytes()[:4096].decode("utf-8", errors="replace").lstrip()
    except OSError as exc:
        raise TenhouFormatError(f"{p.name}: cannot read ({exc.strerror})") from None
    first = head.split("\n", 1)[0]
    if not first:
        raise TenhouFormatError(f"{p.name}: empty, not a game record")
    if first.startswith("{") and '"muraglia-record"' in first:
        raise TenhouFormatError(
            f"{p.name}: a muraglia record, not a Tenhou or mjai log: muraglia replay --check "
            "replays it"
        )
    if (
        first.startswith("{")
        and '"type"' in first
        and ("start_game" in first or "start_kyoku" in first)
    ):
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise TenhouFormatError(f"{p.name}: cannot read ({exc})") from None
        return parse_mjai(text, p.name)
    return load(p)


def record_paths(paths: Iterable[str | Path]) -> list[Path]:
    """The record files named by ``paths`` (folders searched for :data:`RECORD_ENDINGS`).

    Raises:
        MahjongError: an empty path, a missing one, or a folder without records.
    """
    out: list[Path] = []
    for raw in paths:
        if not str(raw).strip():
            raise MahjongError("an empty path: name a record file or a folder")
        path = Path(raw)
        if path.is_dir():
            found = sorted(x for x in path.rglob("*") if x.suffix in RECORD_ENDINGS and x.is_file())
            if not found:
                endings = ", ".join(f"*{e}" for e in RECORD_ENDINGS)
                raise MahjongError(f"no records ({endings}) under {str(raw)!r}")
            out += found
        elif path.exists():
            out.append(path)
        else:
            raise MahjongError(f"no such record file or folder: {str(raw)!r}")
    return out


def rules_for(record: Record, base: str = "riichi-tenhou") -> str:
    """The ruleset spec a record names.

    ``base``, without open tanyao when the game had none (mjlog ``GO type`` bit 0x04;
    tenhou.net/6 ``rule.disp`` without 喰), without red fives when it had none.

    >>> from muraglia.io.tenhou import Header
    >>> rules_for(Record("", Header("mjlog", (), game_type=0xA9), (), True))
    'riichi-tenhou'
    >>> rules_for(Record("", Header("mjlog", (), game_type=0xAD), (), True))
    'riichi-tenhou(open_tanyao=false)'
    >>> rules_for(Record("", Header("mjlog", (), game_type=0xAB, red_fives=False), (), True))
    'riichi-tenhou(red_fives=false)'
    """
    h = record.header
    no_kuitan = (h.game_type is not None and bool(h.game_type & 0x4)) or (
        h.source == "tenhou6" and _no_kuitan(h.rule)
    )
    options = []
    if no_kuitan:
        options.append("open_tanyao=false")
    if not h.red_fives:
        options.append("red_fives=false")
    return f"{base}({','.join(options)})" if options else base


def _ruleset(record: Record, base: str, loaded: dict[str, Any]) -> Any:
    """The ruleset to replay ``record`` under (cached in ``loaded``).

    The one our export names, else ``base`` with the options the record's header names
    (:func:`rules_for`).
    """
    h = record.header
    if h.ruleset:
        key = repr((h.ruleset, h.options))
        if key not in loaded:
            loaded[key] = load_ruleset(h.ruleset, **dict(h.options))
        return loaded[key]
    spec = rules_for(record, base)
    if spec not in loaded:
        loaded[spec] = load_ruleset(spec)
    return loaded[spec]


def record_ruleset(record: Record, base: str = "riichi-tenhou") -> tuple[str, Any]:
    """The ruleset ``record`` is replayed under (:func:`_ruleset`) and its name for people.

    Our own exports name theirs (``riichi-ema`` starts every seat at 0 points, so Tenhou's
    rules would refuse its riichi); Tenhou's records are ``base`` with the options their
    header names (:func:`rules_for`).
    """
    rs = _ruleset(record, base, {})
    name = str(getattr(rs, "rid", rs.id)) if record.header.ruleset else rules_for(record, base)
    return name, rs


def _no_kuitan(disp: str) -> bool:
    """Whether a tenhou.net/6 ``rule.disp`` says open tanyao is off.

    Japanese (Tenhou's own, e.g. ``般南喰赤``): no 喰; other text: says so in words
    (``no kuitan``, ``kuitan nashi``, ``no open tanyao``); no ``disp``: on.
    """
    if any("\u3040" <= c <= "\u9fff" for c in disp):
        return "喰" not in disp
    words = "".join(c for c in disp.casefold() if c.isalnum())
    return any(x in words for x in ("nokuitan", "kuitannashi", "noopentanyao", "kuitanoff"))


def check_record(
    record: Record,
    rules: Any | None = None,
    *,
    observe: Callable[[MatchState, Action], None] | None = None,
) -> list[HandCheck | Mapping[str, str]]:
    """Check every round of a parsed record through the live engine.

    ``observe(match, action)`` is called before each legal action is applied (a viewer's
    hook, :mod:`muraglia.io.stepper`); a new match starts wherever the recorded state differs.

    Gives a :class:`HandCheck` per round with a result and an error mapping (record, hand,
    error) for a round that cannot be replayed (a malformed round). The match runs on from
    deal to deal; it is set again at the recorded state of a deal whenever the engine's
    differs (the difference is the previous hand's ``next`` mismatch).
    """
    rs = rules or _ruleset(record, "riichi-tenhou", {})
    rounds = record.rounds
    walls: list[WallTiles] = []
    problems: dict[int, str] = {}
    plain = Game(rs)
    for i, rnd in enumerate(rounds):
        try:
            walls.append(deal_wall(rnd, plain, record.header.red_fives))
        except MahjongError as exc:
            problems[i] = str(exc).removeprefix(f"{rnd.init.name}: ")  # the entry names it
            walls.append(((), ()))
    game = Game(rs, seed=0, walls=tuple(walls))
    out: list[HandCheck | Mapping[str, str]] = []
    match: MatchState | None = None
    for i, rnd in enumerate(rounds):
        if not rnd.complete:
            match = None
            continue
        if i in problems:
            out.append({"record": record.name, "hand": rnd.init.name, "error": problems[i]})
            match = None
            continue
        following = rounds[i + 1].init if i + 1 < len(rounds) else None
        try:
            if match is None or _state(match) != _recorded_state(rnd.init):
                match = _start(game, rnd.init, i, record.header.max_deals)
            check = _round_check(match, record, rnd, following, observe)
        except (MahjongError, AssertionError, IndexError, ValueError, KeyError) as exc:
            out.append(
                {
                    "record": record.name,
                    "hand": rnd.init.name,
                    "error": f"{type(exc).__name__}: {exc}",
                }
            )
            match = None
            continue
        out.append(check)
        if "events" in check.expected or match.over:
            match = None
    return out


def replay_choices(
    record: Record, on_choice: Callable[[MatchState, Action], None], rules: Any | None = None
) -> list[str]:
    """Replay every complete round of ``record`` and show each recorded choice.

    ``on_choice(match, action)`` is called before ``action`` (a discard, call, pass, kong,
    win or declaration of the seat that made it) is applied to ``match``, so
    ``match.legal_actions(action.seat)`` and the seat's view are those of the decision.
    Each round starts from its recorded state. Returns a message for each round that could
    not be replayed (it is skipped; the others are still shown).
    """
    rs = rules or _ruleset(record, "riichi-tenhou", {})
    red = record.header.red_fives
    walls: list[WallTiles] = []
    unreadable: dict[int, str] = {}
    for i, rnd in enumerate(record.rounds):
        try:
            walls.append(deal_wall(rnd, Game(rs), red))
        except MahjongError as exc:
            walls.append(((), ()))
            unreadable[i] = str(exc)
    game = Game(rs, seed=0, walls=tuple(walls))
    problems: list[str] = []
    for i, rnd in enumerate(record.rounds):
        if not rnd.complete or not walls[i][0]:
            why = unreadable.get(i, "incomplete" if not rnd.complete else "no wall")
            problems.append(f"{rnd.init.name}: not replayable ({why})")
            continue
        try:
            cap = record.header.max_deals
            _Driver(_start(game, rnd.init, i, cap), rnd, red, on_choice).play()
        except (MahjongError, AssertionError, IndexError, ValueError, KeyError) as exc:
            problems.append(f"{rnd.init.name}: {type(exc).__name__}: {exc}")
    return problems


def check_records(paths: Iterable[str | Path], rules: str = "riichi-tenhou") -> CheckReport:
    """Replay every record under ``paths`` (files or folders) and compare every hand.

    Each record is replayed under ``rules`` with the options its header names
    (:func:`rules_for`). A record that cannot be read is an error entry; the check goes on.

    Raises:
        RulesetError: for an unknown ``rules``, or one that is not a riichi ruleset (Tenhou's
            and mjai's records are riichi games).
        MahjongError: an empty path, a missing one, or a folder without records
            (:func:`record_paths`).
    """
    base = load_ruleset(rules)
    if not str(base.id).startswith("riichi"):
        raise RulesetError(
            f"Tenhou and mjai records are riichi games: replay them under riichi-tenhou or "
            f"riichi-ema, not {rules!r}"
        )
    loaded: dict[str, Any] = {rules: base}
    files = record_paths(paths)
    records = hands = matched = 0
    mismatches: list[HandCheck] = []
    incomplete: list[Mapping[str, str]] = []
    errors: list[Mapping[str, str]] = []
    for path in files:
        try:
            record = load_record(path)
        except MahjongError as exc:  # the entry names the file once, in "record"
            errors.append({"record": path.name, "error": str(exc).removeprefix(f"{path.name}: ")})
            continue
        records += 1
        if record.header.source == "mjlog":
            incomplete.extend({"record": record.name, "problem": p} for p in record.problems)
        elif record.rounds and not record.rounds[-1].complete:
            incomplete.append(
                {"record": record.name, "problem": f"{record.rounds[-1].init.name}: no result"}
            )
        try:
            rs = _ruleset(record, rules, loaded)
        except MahjongError as exc:
            errors.append({"record": path.name, "error": str(exc)})
            continue
        for item in check_record(record, rs):
            hands += 1
            if isinstance(item, HandCheck):
                if item.matched:
                    matched += 1
                else:
                    mismatches.append(item)
            else:
                errors.append(item)
    return CheckReport(records, hands, matched, tuple(mismatches), tuple(incomplete), tuple(errors))
