"""Export of a record's events as an mjai-style JSON event stream (riichi bots' protocol).

mjai tiles: ``1m``…``9s``, honours ``E S W N P F C``, red fives ``5mr 5pr 5sr``
(EMA-TILE-2). The dealer's 14th dealt tile is sent as its first ``tsumo``; a riichi discard is
``reach`` + ``dahai`` and ``reach_accepted`` once it stands; kongs are ``daiminkan``, ``ankan``
and ``kakan`` (sent before a robbing ``hora``); a finished deal is ``hora`` events or
``ryukyoku``, then ``end_kyoku`` with the score changes (``deltas``, ``scores``: extension
keys). Flowers and seasons (rulesets outside mjai's scope) are written ``?``. :func:`from_mjai`
reads a tile name back.

>>> from muraglia.tiles import Tile
>>> mjai_tile(Tile.P5), mjai_tile(Tile.P5, red=True), mjai_tile(Tile.WHITE), mjai_tile(Tile.NORTH)
('5p', '5pr', 'P', 'N')
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.actions import AddedKong, ConcealedKong, Discard
from muraglia.engine.events import (
    Acted,
    Called,
    DealEnded,
    DealStarted,
    Dealt,
    Drew,
    Event,
    IndicatorRevealed,
    MatchEnded,
    RiichiAccepted,
    Settled,
    Won,
)
from muraglia.engine.match import MatchState
from muraglia.errors import MahjongError
from muraglia.io.tenhou import (
    Agari,
    Call,
    Draw,
    Header,
    MeldType,
    NewDora,
    Reach,
    Record,
    Result,
    Round,
    RoundInit,
    Ryuukyoku,
    TenhouMeld,
)
from muraglia.io.tenhou import (
    Discard as TenhouDiscard,
)
from muraglia.io.tenhou import (
    Event as TenhouEvent,
)
from muraglia.melds import SET_SIZE
from muraglia.rulesets.base import options_dict
from muraglia.tiles import (
    COPIES,
    FIVE,
    HAND_SIZE,
    NUM_KINDS,
    NUM_SUITED,
    RANKS,
    WAITING_SIZE,
    WIND_LETTERS,
    Tile,
    wind_index,
)

__all__ = [
    "fill_hidden",
    "from_mjai",
    "mjai_of",
    "mjai_round",
    "mjai_tile",
    "parse_mjai",
    "to_mjai",
]

_PLAYERS = len(WIND_LETTERS)
"""Seats of an mjai game (four hands in ``start_kyoku``)."""
_RED_NAME = len("5mr")
"""Length of a red five's mjai name."""
_HONOURS = "ESWNPFC"
_CALLS = {"chow": "chi", "pung": "pon", "kong": "daiminkan"}


def mjai_tile(tile: Tile, *, red: bool = False) -> str:
    """The mjai name of a tile kind (``red``: the red five, ``5mr``)."""
    if tile.is_bonus:
        return "?"
    if tile.is_honour:
        return _HONOURS[int(tile) - int(Tile.EAST)]
    return tile.notation + "r" * red


def from_mjai(name: str) -> Tile:
    """The tile kind of an mjai tile name (``5mr`` is a red 5m).

    >>> from_mjai("5mr").notation, from_mjai("C").notation
    ('5m', '7z')

    Raises:
        MahjongError: for a name that is no mjai tile.
    """
    if len(name) == 1 and name in _HONOURS:
        return Tile(int(Tile.EAST) + _HONOURS.index(name))
    if len(name) in (2, 3) and name[0] in "123456789" and name[1] in "mps":
        if len(name) == _RED_NAME and (name[2] != "r" or name[0] != str(FIVE)):
            raise MahjongError(f"unknown mjai tile {name!r}")
        return Tile("mps".index(name[1]) * 9 + int(name[0]) - 1)
    raise MahjongError(f"unknown mjai tile {name!r}")


def _ts(tiles: Iterable[Tile], red: Iterable[Tile] = ()) -> list[str]:
    """The mjai names; one copy of each kind in ``red`` is its red five."""
    left = set(red)
    out = []
    for t in tiles:
        out.append(mjai_tile(t, red=t in left))
        left.discard(t)
    return out


def _tr(tiles: Iterable[Tile], red: Iterable[int]) -> list[str]:
    """The mjai names; the tiles at the positions ``red`` are red fives."""
    rs = set(red)
    return [mjai_tile(t, red=i in rs) for i, t in enumerate(tiles)]


def to_mjai(  # noqa: PLR0912, PLR0915 - one branch per engine event, in one pass
    events: Iterable[Event],
    *,
    names: Iterable[str] = (),
    counters: Sequence[tuple[int, int]] = (),
    scores: Sequence[int] = (),
    rules: dict[str, Any] | None = None,
    first_indicator: int | None = None,
) -> list[dict[str, Any]]:
    """The mjai event stream of a match's events (one dict per mjai message).

    ``counters``: per deal, the counters and riichi sticks on the table at its start
    (``MatchState.counters``) for ``start_kyoku``'s ``honba`` and ``kyotaku``; 0 when not given.
    ``scores``: every seat's score at the match's start (``start_kyoku`` then carries each
    deal's ``scores``); ``rules``: ``{"ruleset": id, "options": {...}}``, written as the
    ``muraglia`` key of ``start_game`` so that :func:`parse_mjai` replays under the same rules.
    ``first_indicator``: the dead-wall position of the first indicator (the wall layout's),
    for the ``ura_markers`` of a riichi winner's ``hora``.
    """
    kyoku = 0
    at_start = list(scores)
    first: dict[str, Any] = {"type": "start_game", "names": list(names) or ["0", "1", "2", "3"]}
    if rules is not None:
        first["muraglia"] = rules
    out: list[dict[str, Any]] = [first]
    start: DealStarted | None = None
    dora: str | None = None
    hands: dict[int, Dealt] = {}
    drawn: dict[int, tuple[Tile, bool] | None] = {}
    red: dict[int, set[Tile]] = {}  # red fives held concealed, by seat
    pung_red: set[tuple[int, Tile]] = set()  # (seat, kind) of pungs holding a red five
    riichi: set[int] = set()  # seats whose riichi stands in the deal
    indicators: list[Tile] = []  # the deal's indicators so far
    for e in events:
        if isinstance(e, DealStarted):
            start, dora, hands, drawn, red = e, None, {}, {}, {s: set() for s in range(4)}
            pung_red, riichi, indicators = set(), set(), []
        elif isinstance(e, IndicatorRevealed):
            indicators.append(e.tile)
            if start is not None and dora is None and not hands:
                dora = mjai_tile(e.tile, red=e.red)
            else:
                out.append({"type": "dora", "dora_marker": mjai_tile(e.tile, red=e.red)})
        elif isinstance(e, Dealt):
            hands[e.seat] = e
            red.setdefault(e.seat, set()).update(e.tiles[i] for i in e.red)
            if start is not None and len(hands) == _PLAYERS:
                honba, sticks = counters[kyoku] if kyoku < len(counters) else (0, 0)
                msgs = _start_kyoku(start, dora, hands, drawn, honba=honba, sticks=sticks)
                if at_start:
                    msgs[0]["scores"] = list(at_start)
                out += msgs
                kyoku += 1
        elif isinstance(e, Drew):
            drawn[e.seat] = (e.tile, e.red)
            if e.red:
                red.setdefault(e.seat, set()).add(e.tile)
            out.append({"type": "tsumo", "actor": e.seat, "pai": mjai_tile(e.tile, red=e.red)})
        elif isinstance(e, Acted):
            out += _acted(e, drawn, red, pung_red)
        elif isinstance(e, Called):
            consumed = list(e.tiles)
            consumed.remove(e.tile)
            five = [t for t in consumed if t.is_suited and t.rank == FIVE][:1] if e.red_used else []
            if five:
                red.get(e.seat, set()).discard(five[0])
            if e.call == "pung" and (e.red or e.red_used):
                pung_red.add((e.seat, e.tile))
            out.append(
                {
                    "type": _CALLS[e.call],
                    "actor": e.seat,
                    "target": e.from_seat,
                    "pai": mjai_tile(e.tile, red=e.red),
                    "consumed": _ts(consumed, five),
                }
            )
        elif isinstance(e, RiichiAccepted):
            riichi.add(e.seat)
            out.append({"type": "reach_accepted", "actor": e.seat})
        elif isinstance(e, Won):
            target = e.seat if e.from_seat is None else e.from_seat
            pai = mjai_tile(e.tile, red=e.red)
            hora: dict[str, Any] = {"type": "hora", "actor": e.seat, "target": target, "pai": pai}
            if e.seat in riichi and start is not None:
                hora["ura_markers"] = _ura_markers(start, indicators, first_indicator)
            out.append(hora)
        elif isinstance(e, DealEnded) and not (e.winners and not e.void):
            out.append({"type": "ryukyoku", "reason": e.reason})
        elif isinstance(e, Settled):
            out.append({"type": "end_kyoku", "deltas": list(e.net), "scores": list(e.scores)})
            at_start = list(e.scores)
        elif isinstance(e, MatchEnded):
            out.append({"type": "end_game", "scores": list(e.scores)})
    return out


def mjai_of(match: MatchState) -> list[dict[str, Any]]:
    """The mjai stream of a match with everything :func:`parse_mjai` needs to replay it.

    Each deal's counters, sticks and scores in ``start_kyoku``, the ruleset, its options and
    the match's cap of deals (``max_deals``, when capped) in ``start_game`` (``muraglia`` key).

    Raises:
        MahjongError: for a record of a ruleset that is not riichi (mjai has no flowers and no
            hand points: its tiles would be written as hidden ``?``).
    """
    if not str(match.game.ruleset.id).startswith("riichi"):
        raise MahjongError(f"mjai export needs a riichi record, not {match.game.ruleset.id!r}")
    rules: dict[str, Any] = {
        "ruleset": match.game.ruleset.id,
        "options": options_dict(match.game.ruleset),
    }
    if match.game.max_deals is not None:  # a capped match ends there (as in mjlog, tenhou6)
        rules["max_deals"] = match.game.max_deals
    start = [match.flow.table.start_score] * match.players
    first = match.flow.table.wall.first_indicator
    return to_mjai(
        match.events, counters=match.counters, scores=start, rules=rules, first_indicator=first
    )


def _ura_markers(
    start: DealStarted, indicators: Sequence[Tile], first: int | None = None
) -> list[str]:
    """The tiles under the deal's indicators (ura dora) in its initial dead wall.

    The indicators lie every second tile of the dead wall from ``first`` (EMA-WALL-6,
    EMA-KONG-5); the ura indicator is the tile before each. Without ``first`` the first
    position that fits the revealed tiles is taken.
    """
    dead, n = start.dead, len(indicators)
    if first is not None and first >= 1 and first + 2 * (n - 1) < len(dead):
        red = set(start.red_dead)
        return [mjai_tile(dead[first + 2 * i - 1], red=first + 2 * i - 1 in red) for i in range(n)]
    for p in range(1, len(dead) - 2 * (n - 1)):
        if all(dead[p + 2 * i] == t for i, t in enumerate(indicators)):
            red = set(start.red_dead)
            return [mjai_tile(dead[p + 2 * i - 1], red=p + 2 * i - 1 in red) for i in range(n)]
    return []


def _start_kyoku(
    start: DealStarted,
    dora: str | None,
    hands: dict[int, Dealt],
    drawn: dict[int, tuple[Tile, bool] | None],
    *,
    honba: int = 0,
    sticks: int = 0,
) -> list[dict[str, Any]]:
    dealer = start.dealer
    first = list(hands[dealer].tiles)
    tsumo = first.pop() if len(first) > WAITING_SIZE else None
    tsumo_red = tsumo is not None and len(first) in hands[dealer].red
    tehais = [
        _tr(first, hands[dealer].red) if s == dealer else _tr(hands[s].tiles, hands[s].red)
        if s in hands else []
        for s in range(4)
    ]  # fmt: skip
    msg: dict[str, Any] = {
        "type": "start_kyoku",
        "bakaze": mjai_tile(start.round_wind),
        "kyoku": dealer + 1,  # mjai: 1-4 within the round wind, the dealer's seat + 1
        "honba": honba,
        "kyotaku": sticks,
        "oya": dealer,
        "dora_marker": dora,
        "tehais": tehais,
    }
    out = [msg]
    if tsumo is not None:
        drawn[dealer] = (tsumo, tsumo_red)
        out.append({"type": "tsumo", "actor": dealer, "pai": mjai_tile(tsumo, red=tsumo_red)})
    return out


def _acted(
    e: Acted,
    drawn: dict[int, tuple[Tile, bool] | None],
    red: dict[int, set[Tile]],
    pung_red: set[tuple[int, Tile]],
) -> list[dict[str, Any]]:
    a = e.action
    out: list[dict[str, Any]] = []
    held = red.setdefault(a.seat, set())
    if isinstance(a, Discard):
        if a.riichi:
            out.append({"type": "reach", "actor": a.seat})
        if a.red:
            held.discard(a.tile)
        out.append(
            {
                "type": "dahai",
                "actor": a.seat,
                "pai": mjai_tile(a.tile, red=a.red),
                "tsumogiri": drawn.get(a.seat) == (a.tile, a.red),
            }
        )
        drawn[a.seat] = None
    elif isinstance(a, ConcealedKong):
        five = [a.tile] if a.tile in held else []
        held.discard(a.tile)
        out.append({"type": "ankan", "actor": a.seat, "consumed": _ts([a.tile] * 4, five)})
    elif isinstance(a, AddedKong):
        in_pung = [a.tile] if (a.seat, a.tile) in pung_red else []
        out.append(
            {
                "type": "kakan",
                "actor": a.seat,
                "pai": mjai_tile(a.tile, red=a.tile in held),
                "consumed": _ts([a.tile] * 3, in_pung),
            }
        )
        held.discard(a.tile)
    return out


# ---------------------------------------------------------------------- import

_MJAI_DRAWS = {
    "exhausted": "",
    "nine_terminals": "yao9",
    "kyushukyuhai": "yao9",
    "kyuushu_kyuuhai": "yao9",
    "four_riichi": "reach4",
    "suucha_riichi": "reach4",
    "four_winds": "kaze4",
    "suufon_renda": "kaze4",
    "four_kongs": "kan4",
    "suukaikan": "kan4",
    "triple_ron": "ron3",
    "sanchahou": "ron3",
}
"""mjai ``ryukyoku`` reasons (ours and common spellings) -> Tenhou's draw type."""

_MJAI_CALLS: dict[str, MeldType] = {
    "chi": "chi",
    "pon": "pon",
    "daiminkan": "daiminkan",
    "ankan": "ankan",
    "kakan": "kakan",
}


class _MjaiIds:
    """Tile ids for mjai names: ``5mr`` is the red id, other names take free copies."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def new(self, name: str) -> int:
        kind = int(from_mjai(name))
        if name.endswith("r"):
            tid = kind * 4
            if tid in self.used:
                raise MahjongError(f"a second red five {name}")
            self.used.add(tid)
            return tid
        for copy in (1, 2, 3, 0) if kind in (4, 13, 22) else (0, 1, 2, 3):
            tid = kind * 4 + copy
            if tid not in self.used and not (copy == 0 and kind in (4, 13, 22)):
                self.used.add(tid)
                return tid
        if kind in (4, 13, 22) and kind * 4 not in self.used:  # no red fives in this game
            self.used.add(kind * 4)
            return kind * 4
        raise MahjongError(f"a fifth {name}")


def _take_named(hand: list[int], name: str) -> int:
    kind = int(from_mjai(name))
    red = name.endswith("r")
    same = [t for t in hand if t // 4 == kind]
    exact = [t for t in same if (t == kind * 4 and kind in (4, 13, 22)) == red]
    for tid in exact or same:
        hand.remove(tid)
        return tid
    raise MahjongError(f"{name} is not in the hand")


class _MjaiRound:
    """One mjai kyoku as a Tenhou-model round (the check replays it through the engine)."""

    def __init__(self, msg: dict[str, Any]) -> None:
        self.ids = _MjaiIds()
        bakaze = wind_index(str(msg["bakaze"]), "start_kyoku bakaze")
        oya = int(msg["oya"])
        kyoku = int(msg.get("kyoku", oya + 1))
        if (kyoku - 1) % 4 != oya:
            raise MahjongError(f"start_kyoku: kyoku {kyoku} does not match oya {oya}")
        tehais = msg["tehais"]
        if len(tehais) != _PLAYERS or any(len(h) != WAITING_SIZE for h in tehais):
            raise MahjongError("start_kyoku: four hands of 13 tiles expected (a full log)")
        if any(t == "?" for h in tehais for t in h):
            raise MahjongError("start_kyoku: hidden tiles ('?'): a player's view, not a full log")
        self.hands = [[self.ids.new(str(t)) for t in h] for h in tehais]
        scores = msg.get("scores")
        self.scores = tuple(int(x) for x in scores) if scores else None
        self.init = RoundInit(
            round=bakaze * 4 + oya,
            honba=int(msg.get("honba", 0)),
            sticks=int(msg.get("kyotaku", 0)),
            dice=(0, 0),
            dora=self.ids.new(str(msg["dora_marker"])),
            scores=self.scores or (0, 0, 0, 0),
            dealer=oya,
            hands=tuple(tuple(h) for h in self.hands),
        )
        self.events: list[TenhouEvent] = []
        self.results: list[Result] = []
        self.last_discard: tuple[int, int] | None = None
        self.last_tsumo: tuple[int, int] | None = None
        self.pons: dict[tuple[int, int], TenhouMeld] = {}
        self.accepted: set[int] = set()
        self.ura: tuple[int, ...] = ()
        self.after: tuple[int, ...] | None = None

    def message(self, m: dict[str, Any]) -> None:  # noqa: PLR0912, PLR0915 - one branch a message type
        kind = m["type"]
        actor = int(m.get("actor", -1))
        if kind == "tsumo":
            tid = self.ids.new(str(m["pai"]))
            self.hands[actor].append(tid)
            self.events.append(Draw(actor, tid))
            self.last_tsumo, self.last_discard = (actor, tid), None
        elif kind == "dahai":
            tid = _take_named(self.hands[actor], str(m["pai"]))
            self.events.append(TenhouDiscard(actor, tid))
            self.last_discard, self.last_tsumo = (actor, tid), None
        elif kind == "reach":
            self.events.append(Reach(actor, 1))
        elif kind == "reach_accepted":
            self.events.append(Reach(actor, 2))
            self.accepted.add(actor)
        elif kind == "dora":
            self.events.append(NewDora(self.ids.new(str(m["dora_marker"]))))
        elif kind in ("chi", "pon", "daiminkan"):
            if self.last_discard is None or self.last_discard[0] != int(m["target"]):
                raise MahjongError(f"{kind} by {actor}: seat {m['target']} has not just discarded")
            called = self.last_discard[1]
            own = [_take_named(self.hands[actor], str(t)) for t in m["consumed"]]
            meld = TenhouMeld(
                _MJAI_CALLS[kind], actor, int(m["target"]), tuple(sorted((called, *own))), called
            )
            if kind == "pon":
                self.pons[(actor, called // 4)] = meld
            self.events.append(Call(meld))
            self.last_discard = None
        elif kind == "ankan":
            tiles = tuple(sorted(_take_named(self.hands[actor], str(t)) for t in m["consumed"]))
            self.events.append(Call(TenhouMeld("ankan", actor, None, tiles, None)))
        elif kind == "kakan":
            added = _take_named(self.hands[actor], str(m["pai"]))
            pon = self.pons.get((actor, added // 4))
            if pon is None:
                raise MahjongError(f"kakan by {actor}: no pung of {m['pai']}")
            tiles = tuple(sorted((*pon.tiles, added)))
            self.events.append(
                Call(TenhouMeld("kakan", actor, pon.from_who, tiles, pon.called, added))
            )
            self.last_discard = (actor, added)  # open to robbing
        elif kind == "hora":
            self._hora(m)
        elif kind == "ryukyoku":
            reason = str(m.get("reason", ""))
            if reason and reason not in _MJAI_DRAWS:
                raise MahjongError(f"ryukyoku: unknown reason {reason!r}")
            draw = _MJAI_DRAWS.get(reason) if reason else None
            if draw is None and self.last_tsumo is not None:
                draw = "yao9"  # a draw declared after a draw, before any discard
            deltas = tuple(int(x) for x in m.get("deltas", (0, 0, 0, 0)))
            self.results.append(
                Ryuukyoku(draw if draw is not None else "?", 0, 0, None, deltas, ())
            )
        elif kind == "end_kyoku":
            scores = m.get("scores")
            self.after = tuple(int(x) for x in scores) if scores else None
        else:
            raise MahjongError(f"unexpected mjai message {kind!r} inside a kyoku")

    def _hora(self, m: dict[str, Any]) -> None:
        who, target = int(m["actor"]), int(m["target"])
        ura = self.ura  # a double ron repeats the same ura indicators on each hora
        if not ura:
            ura = tuple(self.ids.new(str(t)) for t in m.get("ura_markers", ()) if t != "?")
            self.ura = ura
        deltas = tuple(int(x) for x in m.get("deltas", (0, 0, 0, 0)))
        self.results.append(
            Agari(
                who=who,
                from_who=target,
                hand=(),
                melds=(),
                winning=None,
                fu=None,
                points=-1,
                limit=-1,
                yaku=(),
                yakuman=(),
                dora=(),
                ura=ura,
                honba=self.init.honba,
                sticks=self.init.sticks,
                scores=None,
                deltas=deltas,
            )
        )

    def build(self) -> Round:
        results = self.results
        after, before = self.after, self.scores
        if results and after and before and not any(any(r.deltas) for r in results):
            deltas = tuple(  # our export: deltas from the scores
                after[s] - before[s] + (1000 if s in self.accepted else 0) for s in range(4)
            )
            results = [dataclasses.replace(results[0], deltas=deltas), *results[1:]]
        return Round(self.init, tuple(self.events), tuple(results))


def mjai_round(messages: Sequence[dict[str, Any]]) -> Round:
    """A kyoku's messages so far (``start_kyoku`` first, every tile named) as a Tenhou round.

    The round may be in progress (no result yet): :func:`muraglia.io.tenhou_replay.resume`
    rebuilds the engine at its last message.

    Raises:
        MahjongError: a message out of place (names it), hidden tiles.
    """
    if not messages or messages[0].get("type") != "start_kyoku":
        raise MahjongError("a kyoku starts with start_kyoku")
    rnd = _MjaiRound(dict(messages[0]))
    for m in messages[1:]:
        if m.get("type") in ("end_kyoku", "end_game"):
            break
        rnd.message(m)
    return rnd.build()


_Slot = tuple[int, int, int]
"""A tile a seat holds in a view: (seat, message index, tehai position or -1 for a draw)."""


def _copies(red_fives: bool) -> Counter[str]:
    """Every tile name of a riichi set and its copies (one red five per suit if used)."""
    out: Counter[str] = Counter()
    for k in range(NUM_KINDS):
        name = mjai_tile(Tile(k))
        five = k in (4, 13, 22)
        out[name] = 3 if red_fives and five else 4
        if red_fives and five:
            out[name + "r"] = 1
    return out


def _near(name: str, kind: Tile) -> bool:
    """Whether the tile ``name`` could form a set with ``kind`` (same suit, or ``kind``)."""
    tile = from_mjai(name)
    return tile == kind or (kind.is_suited and tile.is_suited and tile.suit == kind.suit)


def _ready_names(
    fixed: Sequence[str], n: int, left: Counter[str], melds: int = 0
) -> list[str] | None:
    """``n`` tile names from ``left`` that make ``fixed`` ready (None: none found).

    ``melds``: the declared melds beside the hand.

    First greedily: each tile added is one that lowers the hand's shanten most (ties: the
    kind with the most copies left), the hand checked ready at the end. When that ends in a
    hand that is not ready (a choice early on can leave no tile that completes it), a ready
    hand is built instead (:func:`_built_ready`).
    """
    counts = [0] * NUM_KINDS
    for name in fixed:
        counts[from_mjai(name)] += 1
    pool = Counter(left)
    out: list[str] = []
    for _ in range(n):
        best: tuple[tuple[int, int, int], str] | None = None
        for name, copies in pool.items():
            k = int(from_mjai(name))
            if copies <= 0 or counts[k] >= COPIES:
                continue
            counts[k] += 1
            key = (shanten_all(counts, melds), -copies, k)
            counts[k] -= 1
            if best is None or key < best[0]:
                best = (key, name)
        if best is None:
            break
        name = best[1]
        counts[from_mjai(name)] += 1
        pool[name] -= 1
        out.append(name)
    if len(out) == n and shanten_all(counts, melds) == 0:
        return out
    return _built_ready(fixed, n, left, melds)


def _built_ready(  # noqa: PLR0915 - a backtracking search; its helpers share its counts
    fixed: Sequence[str], n: int, left: Counter[str], melds: int = 0
) -> list[str] | None:
    """``n`` names from ``left`` that make ``fixed`` ready, built as a complete hand less one.

    The held tiles ``fixed`` and ``n + 1`` tiles of ``left`` are arranged into the sets and
    the pair a hand beside ``melds`` melds needs (each fixed tile in a set or the pair: the
    lowest first, in a pung, a pair or a chow through it; then sets and a pair from what is
    left, lowest kinds first, with backtracking); one tile taken from ``left`` is then left
    out, and the hand waits on it.
    """
    f = [0] * NUM_KINDS
    for name in fixed:
        f[from_mjai(name)] += 1
    p = [0] * NUM_KINDS
    for name, c in left.items():
        if c > 0:
            p[from_mjai(name)] += c
    if sum(f) + n + 1 != HAND_SIZE - SET_SIZE * melds:
        return None
    taken: list[int] = []
    budget = [20_000]  # blocks tried: bounded, a view's answer must come fast

    def take(kinds: Sequence[int]) -> list[tuple[int, bool]] | None:
        """Take one tile of each kind (a fixed one first); None if one is missing."""
        done: list[tuple[int, bool]] = []
        for k in kinds:
            if f[k] > 0:
                f[k] -= 1
                done.append((k, True))
            elif p[k] > 0:
                p[k] -= 1
                taken.append(k)
                done.append((k, False))
            else:
                give_back(done)
                return None
        return done

    def give_back(done: list[tuple[int, bool]]) -> None:
        for k, own in reversed(done):
            if own:
                f[k] += 1
            else:
                p[k] += 1
                taken.pop()

    def blocks(k: int, sets: int, pair: int) -> list[list[int]]:
        out: list[list[int]] = []
        if sets:
            out.append([k, k, k])
        if pair:
            out.append([k, k])
        if sets and k < NUM_SUITED:
            rank = k % RANKS
            last = RANKS - SET_SIZE  # the highest rank index a chow starts on
            out += [[k + d, k + d + 1, k + d + 2] for d in (-2, -1, 0) if 0 <= rank + d <= last]
        return out

    def search(sets: int, pair: int, start: int) -> bool:
        if sets == 0 and pair == 0:
            return not any(f)
        budget[0] -= 1
        if budget[0] < 0:
            return False
        own = next((k for k in range(NUM_KINDS) if f[k]), None)
        kinds = [own] if own is not None else range(start, NUM_KINDS)
        for k in kinds:
            for block in blocks(k, sets, pair):
                if own is None and block[0] != k:
                    continue  # from the pool: each block once, by its lowest kind
                done = take(block)
                if done is None:
                    continue
                is_set = len(block) == SET_SIZE
                if search(sets - is_set, pair - (not is_set), k if own is None else 0):
                    return True
                give_back(done)
        return False

    if not search(4 - melds, 1, 0) or not taken:
        return None
    taken.pop()  # left out: the hand waits on it
    names = Counter({name: c for name, c in left.items() if c > 0})
    out = []
    for k in taken:
        plain = mjai_tile(Tile(k))
        name = plain if names[plain] > 0 else plain + "r"
        names[name] -= 1
        out.append(name)
    return out


def fill_hidden(
    messages: Sequence[dict[str, Any]], *, red_fives: bool = True
) -> list[dict[str, Any]]:
    """One seat's view of a kyoku (``start_kyoku`` first) with every hidden tile named.

    A seat sees the others' dealt tiles and draws as ``?``. Each one is given a name that
    agrees with everything the view shows: a tile a seat discards, calls with or adds to a
    kong later was among its hidden tiles (the draw just made, when ``tsumogiri``), and the
    hidden tiles never shown take copies nobody has seen. The names make a possible deal,
    not the real one; what a seat may do depends only on its own tiles and the table.

    Raises:
        MahjongError: a view no deal can give (a tile named more often than the set holds,
            a seat letting go of a tile it cannot hold).
    """
    out = [dict(m) for m in messages]
    if not out or out[0].get("type") != "start_kyoku":
        raise MahjongError("a kyoku starts with start_kyoku")
    view = _HiddenTiles(out)
    view.follow()
    left = _copies(red_fives)
    left.subtract(view.seen)
    short = sorted(n for n, c in left.items() if c < 0)
    if short:
        raise MahjongError(f"the view names {', '.join(short)} more often than the set holds")
    view.name_ready(left)
    view.name_rest(left)
    return out


class _HiddenTiles:
    """The tiles each seat holds along one seat's view of a kyoku (:func:`fill_hidden`).

    ``out`` (the view's messages, copied) is named in place: a slot is a dealt tile of
    ``start_kyoku``'s ``tehais`` or a ``tsumo`` message's ``pai``.
    """

    def __init__(self, out: list[dict[str, Any]]) -> None:
        self.out = out
        start = out[0]
        self.tehais = [list(h) for h in start["tehais"]]
        start["tehais"] = self.tehais
        self.seen: Counter[str] = Counter()
        """Every tile name the view shows (hands, draws, discards, calls, indicators)."""
        self.held: list[list[_Slot]] = [[] for _ in self.tehais]
        self.last_draw: list[_Slot | None] = [None] * len(self.tehais)
        self.ready: list[tuple[int, list[_Slot]]] = []
        """Each riichi declarer's hand after its riichi discard (which must be ready)."""
        self.riichi_kongs: dict[int, set[Tile]] = {}
        """Kinds each seat makes a concealed kong of after its riichi."""

    def value(self, slot: _Slot) -> str:
        s, i, j = slot
        return str(self.out[i]["pai"]) if j < 0 else str(self.tehais[s][j])

    def assign(self, slot: _Slot, name: str) -> None:
        s, i, j = slot
        if j < 0:
            self.out[i]["pai"] = name
        else:
            self.tehais[s][j] = name

    def hold(self, slot: _Slot) -> None:
        self.held[slot[0]].append(slot)
        if self.value(slot) != "?":
            self.seen[self.value(slot)] += 1

    def let_go(self, seat: int, name: str, prefer: _Slot | None) -> None:
        """``seat`` shows ``name`` from its hand: the slot is named so if still hidden."""
        value = self.value
        mine = self.held[seat]
        kind = from_mjai(name)
        exact = [x for x in mine if value(x) == name]
        hidden = [x for x in mine if value(x) == "?"]
        near = [x for x in mine if value(x) != "?" and from_mjai(value(x)) == kind]
        for group in (exact, hidden, near):
            if group:
                slot = prefer if prefer in group else group[0]
                break
        else:
            raise MahjongError(f"seat {seat} lets go of {name}, which it cannot hold")
        if value(slot) == "?":
            self.assign(slot, name)
            self.seen[name] += 1
        mine.remove(slot)

    def follow(self) -> None:
        """Follow the view's messages: what each seat holds, shows and declares."""
        out, last_draw = self.out, self.last_draw
        declaring: set[int] = set()
        for s, hand in enumerate(self.tehais):
            for j in range(len(hand)):
                self.hold((s, 0, j))
        self.seen[str(out[0]["dora_marker"])] += 1
        for i, m in enumerate(out[1:], 1):
            kind = m.get("type")
            actor = int(m.get("actor", -1))
            if kind == "tsumo":
                self.hold((actor, i, -1))
                last_draw[actor] = (actor, i, -1)
            elif kind == "reach":
                declaring.add(actor)
            elif kind == "dahai":
                prefer = last_draw[actor] if m.get("tsumogiri") else None
                self.let_go(actor, str(m["pai"]), prefer)
                last_draw[actor] = None
                if actor in declaring:  # the hand left after a riichi discard must be ready
                    declaring.discard(actor)
                    self.ready.append((actor, list(self.held[actor])))
            elif kind in ("chi", "pon", "daiminkan", "ankan"):
                self.call(actor, kind, m)
            elif kind == "kakan":
                self.let_go(actor, str(m["pai"]), last_draw[actor])
                last_draw[actor] = None
            elif kind == "dora":
                self.seen[str(m["dora_marker"])] += 1
            elif kind == "hora":
                self.seen.update(str(t) for t in m.get("ura_markers", ()) if t != "?")

    def call(self, actor: int, kind: str, m: dict[str, Any]) -> None:
        """A chow, pung or kong: its consumed tiles leave ``actor``'s hand."""
        # a concealed kong takes the tile just drawn first (under riichi it must: EMA-RIICHI-3)
        prefer = self.last_draw[actor] if kind == "ankan" else None
        for t in m["consumed"]:
            self.let_go(actor, str(t), prefer)
            if prefer is not None and prefer not in self.held[actor]:
                prefer = None
        self.last_draw[actor] = None
        if kind == "ankan" and any(seat == actor for seat, _ in self.ready):
            self.riichi_kongs.setdefault(actor, set()).add(from_mjai(str(m["consumed"][0])))

    def name_ready(self, left: Counter[str]) -> None:
        """Name the hidden tiles of each riichi hand so that it is ready, from ``left``."""
        value = self.value
        for seat, slots in self.ready:
            hidden = [x for x in slots if value(x) == "?"]
            if not hidden:
                continue
            melds = (WAITING_SIZE - len(slots)) // SET_SIZE  # concealed kongs before the riichi
            fixed = [value(x) for x in slots if value(x) != "?"]
            # a kong under riichi must leave the waits as they are: the kong's tiles stand
            # apart as a pung, the rest of the hand is taken from other suits
            apart = self.riichi_kongs.get(seat, set())
            pool = Counter({n: c for n, c in left.items() if not any(_near(n, k) for k in apart)})
            names = _ready_names(fixed, len(hidden), pool, melds)
            if names is None:
                raise MahjongError(f"no tiles left that make seat {seat}'s riichi hand ready")
            for slot, name in zip(hidden, names, strict=True):
                self.assign(slot, name)
                left[name] -= 1

    def name_rest(self, left: Counter[str]) -> None:
        """Name every other hidden tile with a copy nobody has seen (lowest kinds first)."""
        spare = iter(sorted(left.elements(), key=lambda n: (from_mjai(n), n)))
        for mine in self.held:
            for slot in mine:
                if self.value(slot) == "?":
                    got = next(spare, None)
                    if got is None:
                        raise MahjongError("the view holds more hidden tiles than the set has left")
                    self.assign(slot, got)


def parse_mjai(text: str, name: str = "") -> Record:  # noqa: PLR0912, PLR0915 - one pass over the log
    """Parse a full mjai log into the Tenhou record model for the engine replay check.

    JSON Lines, as Mortal's and mjai.app's simulators write it, and our own :func:`to_mjai`.
    Every error names the file, the line and what was expected.

    Raises:
        MahjongError: malformed JSON, hidden tiles, a message out of place.
    """
    label = name or "mjai"
    rounds: list[Round] = []
    players: tuple[str, ...] = ()
    current: _MjaiRound | None = None
    complete = False
    ruleset = ""
    options: tuple[tuple[str, Any], ...] = ()
    cap: int | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            m = json.loads(line)
            if not isinstance(m, dict) or not isinstance(m.get("type"), str):
                raise MahjongError("a JSON object with a 'type' expected")
            kind = m["type"]
            if kind == "start_game":
                players = tuple(str(x) for x in m.get("names", ()))
                ours = m.get("muraglia")
                if isinstance(ours, dict):
                    ruleset = str(ours.get("ruleset", ""))
                    options = tuple(sorted(dict(ours.get("options", {})).items()))
                    cap = ours.get("max_deals")
                    if cap is not None and (type(cap) is not int or cap < 1):
                        raise MahjongError("'muraglia.max_deals' must be a positive integer")
            elif kind == "start_kyoku":
                if current is not None:
                    raise MahjongError("start_kyoku before the previous kyoku ended")
                current = _MjaiRound(m)
            elif kind == "end_kyoku":
                if current is None:
                    raise MahjongError("end_kyoku outside a kyoku")
                current.message(m)
                rounds.append(current.build())
                current = None
            elif kind == "end_game":
                complete = True
            elif current is None:
                raise MahjongError(f"{kind!r} outside a kyoku")
            else:
                current.message(m)
        except json.JSONDecodeError as exc:
            raise MahjongError(f"{label}: line {n}: invalid JSON ({exc.msg})") from None
        except RecursionError:
            raise MahjongError(f"{label}: line {n}: JSON nested too deeply") from None
        except (MahjongError, KeyError, ValueError, TypeError, IndexError) as exc:
            where = f"{label}: line {n}"
            if current is not None:
                where += f", {current.init.name}"
            what = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise MahjongError(f"{where}: {what}") from None
    if current is not None:
        rounds.append(current.build())
    header = Header(source="mjai", players=players, ruleset=ruleset, options=options, max_deals=cap)
    return Record(name, header, tuple(rounds), complete)
