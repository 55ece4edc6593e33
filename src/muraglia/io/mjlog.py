"""Tenhou mjlog XML export: our riichi games and any Tenhou-model record, as Tenhou writes it.

:func:`write_mjlog` writes a :class:`~muraglia.io.tenhou.Record` (read from any format, or built
from one of our matches) as an mjlog document: ``<mjloggm ver="2.3">``, ``GO`` (the game type
bits: 0x01 online, 0x02 no red fives, 0x04 no open tanyao, 0x08 East-South), ``UN`` (names
percent-encoded byte by byte, dan, rate, sex), ``TAIKYOKU``, then per deal ``INIT`` (``seed`` =
round, counters, sticks, the two dice less one, the first dora indicator; ``ten`` in hundreds;
``oya``; the dealt hands), the draws ``T U V W`` and discards ``D E F G`` with the tile id,
calls ``N`` (the meld field of :func:`~muraglia.io.tenhou.encode_meld`), ``REACH`` (step 1
before the riichi discard, step 2 with the scores once the stick is paid), ``DORA``, and
``AGARI`` (``hai``, ``m``, ``machi``, ``ten`` = fu,points,limit, ``yaku`` as id,han pairs or
``yakuman``, ``doraHai``, ``doraHaiUra``, ``who``, ``fromWho``, ``paoWho``, ``sc`` = scores
before and changes in hundreds, ``owari`` after the last deal) or ``RYUUKYOKU`` (``type``,
``ba``, ``sc``, the shown hands ``hai0``-``hai3``).

:class:`MjlogExport` builds that record from a riichi match's engine events (tile ids 0-135,
the red fives 16, 52, 88; a discard of the tile just drawn keeps its id, so a viewer sees the
tsumogiri), live or from a finished record (:func:`to_mjlog`). Our export adds the ruleset and
its options as the ``muraglia`` attribute of ``GO`` (JSON), which Tenhou's tools ignore and
:func:`~muraglia.io.tenhou.parse_mjlog` reads, so that importing replays under the same rules.

Round trip (tested on seeded games of both riichi rulesets): our game → :func:`to_mjlog` →
:func:`~muraglia.io.tenhou.parse_mjlog` → :func:`~muraglia.io.tenhou_replay.check_record`
replays every deal through the engine with identical events, hands, han, fu, points, tenpai
seats, score changes and match end; a Tenhou mjlog read and written again gives the same record.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any
from xml.sax.saxutils import quoteattr

from muraglia.engine import legal
from muraglia.engine.actions import AddedKong, ConcealedKong, Declare
from muraglia.engine.actions import Discard as DiscardAction
from muraglia.engine.events import (
    Acted,
    Called,
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
from muraglia.io.record import GameRecord, game_of
from muraglia.io.tenhou import (
    RED_IDS,
    Agari,
    Call,
    Discard,
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
    TileIds,
    encode_meld,
    take_tile,
)
from muraglia.io.tenhou import Event as TenhouEvent
from muraglia.io.tenhou6 import deal_ending, tile_code, ura_tiles, win_score, yaku_of
from muraglia.io.tenhou_replay import final_points, limit_code
from muraglia.notation import parse_hand
from muraglia.rulesets.base import options_dict
from muraglia.tiles import WIND_LETTERS, Tile, wind_index, wind_letter

__all__ = ["MjlogExport", "game_type", "to_mjlog", "write_mjlog"]

_CALL_KINDS: dict[str, MeldType] = {"chow": "chi", "pung": "pon", "kong": "daiminkan"}
_DICE = 2
"""Dice thrown at the start of a hand (the mjlog's ``seed`` writes them 0-based)."""
_URA_DORA = 53
"""Tenhou's yaku id of the ura dora."""
_DORA_IDS = (52, 54, _URA_DORA)
"""Dora, red fives, ura dora: Tenhou lists them after the other yaku, in this order."""


def game_type(*, red_fives: bool = True, open_tanyao: bool = True) -> int:
    """The ``GO type`` bits of a four-player East-South game played online.

    >>> game_type(), game_type(red_fives=False, open_tanyao=False)
    (9, 15)
    """
    return 0x01 | 0x08 | (0 if red_fives else 0x02) | (0 if open_tanyao else 0x04)


# ---------------------------------------------------------------------- Record -> XML


def _hundreds(points: int, what: str) -> int:
    if points % 100:
        raise MahjongError(f"{what}: {points} points is not a whole number of hundreds")
    return points // 100


def _ints(values: Iterable[int]) -> str:
    return ",".join(str(v) for v in values)


def _number(x: float, decimals: int) -> str:
    """``x`` as Tenhou writes it (``253``, ``-21.0``), exact when it has more decimals."""
    text = f"{x:.{decimals}f}"
    return text if float(text) == x else repr(float(x))


def _element(tag: str, attrs: Iterable[tuple[str, Any]], space: bool = True) -> str:
    body = "".join(f" {k}={quoteattr(str(v))}" for k, v in attrs if v is not None)
    return f"<{tag}{body}{' ' if space else ''}/>"


def _sc(scores: Sequence[int], deltas: Sequence[int], what: str) -> str:
    pairs = []
    for s in range(4):
        pairs += [_hundreds(scores[s], what), _hundreds(deltas[s], what)]
    return _ints(pairs)


def _owari(final: tuple[float, ...] | None) -> str | None:
    if final is None:
        return None
    return ",".join(_number(x, 0 if i % 2 == 0 else 1) for i, x in enumerate(final))


def _agari(a: Agari, before: Sequence[int], where: str) -> str:
    if a.winning is None:
        raise MahjongError(f"{where}: a win without its winning tile id (a tenhou.net/6 record)")
    attrs: list[tuple[str, Any]] = [
        ("ba", f"{a.honba},{a.sticks}"),
        ("hai", _ints(sorted(a.hand))),
        ("m", _ints(encode_meld(m) for m in a.melds) or None),
        ("machi", a.winning),
        ("ten", f"{a.fu or 0},{a.points},{a.limit}"),
        ("yaku", _ints(x for pair in a.yaku for x in pair) or None),
        ("yakuman", _ints(a.yakuman) or None),
        ("doraHai", _ints(a.dora)),
        ("doraHaiUra", _ints(a.ura) or None),
        ("who", a.who),
        ("fromWho", a.from_who),
        ("paoWho", a.pao),
        ("sc", _sc(before, a.deltas, where)),
        ("owari", _owari(a.final)),
    ]
    return _element("AGARI", attrs)


def _ryuukyoku(r: Ryuukyoku, before: Sequence[int], where: str) -> str:
    attrs: list[tuple[str, Any]] = [
        ("type", r.kind or None),
        ("ba", f"{r.honba},{r.sticks}"),
        ("sc", _sc(before, r.deltas, where)),
    ]
    attrs += [(f"hai{s}", _ints(sorted(r.hands[s]))) for s in range(4) if s in r.hands]
    attrs.append(("owari", _owari(r.final)))
    return _element("RYUUKYOKU", attrs)


def _event(e: TenhouEvent) -> str:
    if isinstance(e, Draw):
        return f"<{'TUVW'[e.who]}{e.tile}/>"
    if isinstance(e, Discard):
        return f"<{'DEFG'[e.who]}{e.tile}/>"
    if isinstance(e, Call):
        return _element("N", [("who", e.meld.who), ("m", encode_meld(e.meld))])
    if isinstance(e, Reach):
        ten = None
        if e.scores is not None:
            ten = _ints(_hundreds(x, "REACH ten") for x in e.scores)
        return _element("REACH", [("who", e.who), ("ten", ten), ("step", e.step)], space=False)
    return _element("DORA", [("hai", e.tile)])


def _results(rnd: Round) -> list[str]:
    """The deal's AGARI or RYUUKYOKU elements; each win's ``sc`` starts where the last ended."""
    scores = list(rnd.init.scores)
    out = []
    for res in rnd.results:
        if res.scores is not None:
            scores = list(res.scores)
        where = rnd.init.name
        out.append(_agari(res, scores, where) if isinstance(res, Agari) else
                   _ryuukyoku(res, scores, where))  # fmt: skip
        scores = [scores[s] + res.deltas[s] for s in range(4)]
    return out


def write_mjlog(record: Record, *, rules: dict[str, Any] | None = None) -> str:
    """The mjlog XML text of ``record`` (see the module docstring).

    ``rules`` (``{"ruleset": id, "options": {...}}``, and ``max_deals`` for a capped match)
    is written as ``GO``'s ``muraglia`` attribute; by default the record's own
    (:attr:`Header.ruleset`, when it names one).

    Raises:
        MahjongError: a record the format cannot hold (a win without its winning tile id, as
            tenhou.net/6 JSON has none; points that are not whole hundreds; a meld that is no
            Tenhou meld).
    """
    h = record.header
    if rules is None and h.ruleset:
        rules = {"ruleset": h.ruleset, "options": dict(h.options)}
        if h.max_deals is not None:
            rules["max_deals"] = h.max_deals
    gtype = h.game_type if h.game_type is not None else game_type(red_fives=h.red_fives)
    go: list[tuple[str, Any]] = [("type", gtype), ("lobby", h.lobby or 0)]
    if rules is not None:
        go.append(("muraglia", json.dumps(rules, ensure_ascii=False, sort_keys=True)))
    names = [*h.players, "", "", "", ""][:4]
    un: list[tuple[str, Any]] = [
        (f"n{s}", "".join(f"%{b:02X}" for b in name.encode("utf-8")))
        for s, name in enumerate(names)
    ]
    un += [
        ("dan", _ints(h.dan) if h.dan else "0,0,0,0"),
        ("rate", ",".join(f"{x:.2f}" for x in h.rate) if h.rate else "1500.00," * 3 + "1500.00"),
        ("sx", "C,C,C,C"),
    ]
    parts = [
        '<mjloggm ver="2.3">',
        _element("GO", go, space=False),
        _element("UN", un, space=False),
    ]
    oya = record.rounds[0].init.dealer if record.rounds else 0
    parts.append(_element("TAIKYOKU", [("oya", oya)], space=False))
    for rnd in record.rounds:
        init = rnd.init
        seed = [init.round, init.honba, init.sticks, *init.dice, init.dora]
        attrs: list[tuple[str, Any]] = [
            ("seed", _ints(seed)),
            ("ten", _ints(_hundreds(x, f"{init.name} ten") for x in init.scores)),
            ("oya", init.dealer),
        ]
        attrs += [(f"hai{s}", _ints(init.hands[s])) for s in range(4)]
        parts.append(_element("INIT", attrs, space=False))
        parts += [_event(e) for e in rnd.events]
        parts += _results(rnd)
    parts.append("</mjloggm>")
    return "".join(parts)


# ---------------------------------------------------------------------- engine -> Record


class _DealIds:
    """One deal of a match as a Tenhou-model round, built from the engine's events."""

    def __init__(self, match: MatchState, start: DealStarted, scores: Sequence[int]) -> None:
        self.match = match
        self.deal = match.deal
        self.red = bool(options_dict(match.game.ruleset).get("red_fives", True))
        self.ids = TileIds(self.red)
        honba, sticks = match.counters[-1]
        two = start.dice[:_DICE]
        dice = tuple(max(d - 1, 0) for d in two) if len(two) == _DICE else (0, 0)
        self.head = (wind_index(start.round_wind) * 4 + start.dealer, honba, sticks)
        self.dice = (dice[0], dice[1])
        self.dealer = start.dealer
        self.start = list(scores)
        self.live = list(scores)
        """Scores as the deal goes (riichi sticks paid)."""
        self.dealt: list[list[int]] = [[] for _ in range(4)]
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.melds: list[list[TenhouMeld]] = [[] for _ in range(4)]
        self.events: list[TenhouEvent] = []
        self.indicators: list[int] = []
        self.drawn: list[int | None] = [None] * 4
        self.discard: int | None = None
        """The id of the last discard (a call or a ron takes it)."""
        self.kong: int | None = None
        """The id a kong was just declared with (a robbing win takes it)."""
        self.accepted: set[int] = set()
        self.declared: int | None = None
        self.won: list[tuple[Won, int]] = []

    def _new(self, tile: Tile, red: bool) -> int:
        return self.ids.new(tile_code(tile, red and self.red))

    def _take(self, seat: int, tile: Tile, red: bool) -> int:
        return take_tile(self.hands[seat], tile_code(tile, red and self.red), self.red)

    def event(self, e: Event) -> None:
        if isinstance(e, Dealt):
            ids = [self._new(t, i in e.red) for i, t in enumerate(e.tiles)]
            self.dealt[e.seat] = ids[:13]
            self.hands[e.seat] = list(ids)
            for tid in ids[13:]:  # the dealer's 14th tile: his first draw
                self.events.append(Draw(e.seat, tid))
                self.drawn[e.seat] = tid
        elif isinstance(e, Drew):
            tid = self._new(e.tile, e.red)
            self.hands[e.seat].append(tid)
            self.drawn[e.seat] = tid
            self.kong = None
            self.events.append(Draw(e.seat, tid))
        elif isinstance(e, IndicatorRevealed):
            tid = self._new(e.tile, e.red)
            if self.indicators:
                self.events.append(NewDora(tid))
            self.indicators.append(tid)
        elif isinstance(e, Acted):
            self._acted(e)
        elif isinstance(e, Called):
            self._called(e)
        elif isinstance(e, RiichiAccepted):
            self.accepted.add(e.seat)
            self.live[e.seat] -= e.stake
            self.events.append(Reach(e.seat, 2, tuple(self.live)))
        elif isinstance(e, Won):
            won = self.drawn[e.seat] if e.from_seat is None else self.kong
            won = self.discard if won is None and e.from_seat is not None else won
            if won is None:
                raise MahjongError(f"seat {e.seat} wins on no tile the export has seen")
            self.won.append((e, won))

    def _acted(self, e: Acted) -> None:
        a = e.action
        if isinstance(a, DiscardAction):
            if a.riichi:
                self.events.append(Reach(a.seat, 1))
            drawn = self.drawn[a.seat]
            if (
                drawn is not None
                and drawn // 4 == a.tile
                and (drawn in RED_IDS) == (a.red and self.red)
            ):
                self.hands[a.seat].remove(drawn)  # the tile just drawn: a tsumogiri
                tid = drawn
            else:
                tid = self._take(a.seat, a.tile, a.red)
            self.drawn[a.seat] = None
            self.discard = tid
            self.kong = None
            self.events.append(Discard(a.seat, tid))
        elif isinstance(a, ConcealedKong):
            hand = self.hands[a.seat]
            ids = tuple(sorted(t for t in hand if t // 4 == a.tile))
            for t in ids:
                hand.remove(t)
            meld = TenhouMeld("ankan", a.seat, None, ids, None)
            self.melds[a.seat].append(meld)
            self.kong = ids[-1]
            self.events.append(Call(meld))
        elif isinstance(a, AddedKong):
            hand = self.hands[a.seat]
            added = next(t for t in hand if t // 4 == a.tile)
            hand.remove(added)
            melds = self.melds[a.seat]
            i = next(
                (i for i, m in enumerate(melds) if m.kind == "pon" and m.tiles[0] // 4 == a.tile),
                None,
            )
            if i is None:
                raise MahjongError(f"seat {a.seat} adds to a pung of {a.tile.notation} not made")
            pon = melds[i]
            tiles = tuple(sorted((*pon.tiles, added)))
            melds[i] = TenhouMeld("kakan", a.seat, pon.from_who, tiles, pon.called, added)
            self.kong = added
            self.events.append(Call(melds[i]))
        elif isinstance(a, Declare):
            self.declared = a.seat

    def _called(self, e: Called) -> None:
        called = self.discard
        if called is None or called // 4 != e.tile:
            raise MahjongError(f"seat {e.seat} calls {e.tile.notation}, not the last discard")
        own = list(e.tiles)
        own.remove(e.tile)
        red_at = -1
        if e.red_used:  # the caller's red five among its own tiles
            red_at = next(i for i, t in enumerate(own) if t in (Tile.M5, Tile.P5, Tile.S5))
        ids = [self._take(e.seat, t, i == red_at) for i, t in enumerate(own)]
        kind = _CALL_KINDS[e.call]
        meld = TenhouMeld(kind, e.seat, e.from_seat, tuple(sorted((called, *ids))), called)
        self.melds[e.seat].append(meld)
        self.drawn[e.seat] = None
        self.events.append(Call(meld))

    def finish(self, settled: Settled) -> Round:
        """The round, its results from the engine's ending and the ruleset's settlement."""
        match, deal = self.match, self.deal
        stake = match.flow.table.riichi_stake or 1000
        init = RoundInit(
            round=self.head[0],
            honba=self.head[1],
            sticks=self.head[2],
            dice=self.dice,
            dora=self.indicators[0] if self.indicators else 0,
            scores=tuple(self.start),
            dealer=self.dealer,
            hands=tuple(tuple(h) for h in self.dealt),
        )
        deltas = [
            settled.scores[s] - self.start[s] + (stake if s in self.accepted else 0)
            for s in range(4)
        ]
        honba, sticks = self.head[1], self.head[2] + len(self.accepted)
        kind = deal_ending(match, deal, len(self.won))
        results: list[Result]
        if kind == "win":
            results = self._wins(deltas, honba, sticks)
        else:
            shown = self._shown(kind)
            results = [Ryuukyoku(kind, honba, sticks, tuple(self.live), tuple(deltas),
                                 tuple(sorted(shown)), shown)]  # fmt: skip
        results[0] = replace(results[0], scores=tuple(self.live))
        return Round(init, tuple(self.events), tuple(results))

    def _shown(self, kind: str) -> dict[int, tuple[int, ...]]:
        """The hands a draw shows.

        The tenpai seats, the nine-terminals claimant, every seat at four riichi, the three
        winners of a triple-ron abort.
        """
        deal = self.deal
        if kind in ("", "nm"):
            seats = [s for s in range(4) if legal.waits(deal, s)]
        elif kind == "yao9":
            seats = [self.declared] if self.declared is not None else []
        elif kind == "reach4":
            seats = [0, 1, 2, 3]
        elif kind == "ron3":
            seats = sorted(w.seat for w, _ in self.won)
        else:
            seats = []
        return {s: tuple(sorted(self.hands[s])) for s in seats}

    def _wins(self, deltas: list[int], honba: int, sticks: int) -> list[Result]:
        """One AGARI per winner, each with its own payments when the settlement tells them."""
        match, deal = self.match, self.deal
        split = _split(match, deal, [w.seat for w, _ in self.won], deltas)
        ura_ids: tuple[int, ...] = ()
        out: list[Result] = []
        prevalent = wind_letter(deal.round_wind)
        for i, (w, tid) in enumerate(self.won):
            result, pao = win_score(match, deal, w)
            riichi = deal.riichi[w.seat]
            if riichi and not ura_ids:
                ura_ids = tuple(self._new(t.kind, t.red) for t in ura_tiles(deal))
            pairs = yaku_of(result, parse_hand(w.hand), deal.letter(w.seat), prevalent)
            yaku = [(y, v) for y, v, full in pairs if not full]
            yakuman = tuple(y for y, _, full in pairs if full)
            if riichi and not yakuman and all(y != _URA_DORA for y, _ in yaku):
                yaku.append((_URA_DORA, 0))  # Tenhou lists the ura dora of a riichi win, even none
            yaku.sort(key=lambda p: _DORA_IDS.index(p[0]) + 100 if p[0] in _DORA_IDS else p[0])
            hand = list(self.hands[w.seat])
            if w.from_seat is not None:
                hand.append(tid)
            out.append(
                Agari(
                    who=w.seat,
                    from_who=w.seat if w.from_seat is None else w.from_seat,
                    hand=tuple(sorted(hand)),
                    melds=tuple(self.melds[w.seat]),
                    winning=tid,
                    fu=result.fu or 0,
                    points=result.value,
                    limit=limit_code(result),
                    yaku=tuple(yaku),
                    yakuman=yakuman,
                    dora=tuple(self.indicators),
                    ura=ura_ids if riichi else (),
                    honba=honba,
                    sticks=sticks if i == 0 else 0,
                    scores=None,
                    deltas=tuple(split[i]),
                    pao=pao if pao != w.seat else None,
                )
            )
        return out


def _split(match: MatchState, deal: Any, winners: list[int], total: list[int]) -> list[list[int]]:
    """Each winner's score changes: the settlement's payments to that winner.

    Every change goes to the first winner when the payments do not add up to ``total`` (a
    payment to a seat that did not win, as EMA's riichi sticks given back at a double ron).
    """
    settlement = match.last_settlement
    seat_of = {deal.letter(s): s for s in range(4)}
    out = [[0, 0, 0, 0] for _ in winners]
    if settlement is not None and len(winners) > 1:
        for t in settlement.transfers:
            payee = seat_of.get(t.payee)
            if payee not in winners:
                break
            row = out[winners.index(payee)]
            row[payee] += t.amount
            if t.payer in seat_of:
                row[seat_of[t.payer]] -= t.amount
        else:
            if [sum(r[s] for r in out) for s in range(4)] == total:
                return out
    return [list(total)] + [[0, 0, 0, 0] for _ in winners[1:]]


class MjlogExport:
    """An mjlog record written while a riichi match is played (or replayed).

    Give it the match at its start, then every list of events ``match.apply`` returns
    (:meth:`take`); :meth:`record` is the Tenhou-model record of the deals settled so far,
    :meth:`text` its mjlog XML. The match end (``owari``: final scores without uma, the
    ruleset's game results) is written on the last result once the match is over.

    Raises:
        MahjongError: a match of a ruleset without riichi scoring (four seats).
    """

    def __init__(self, match: MatchState, *, names: Sequence[str] = ()) -> None:
        rules = match.game.ruleset
        if not str(rules.id).startswith("riichi") or match.flow.players != len(WIND_LETTERS):
            raise MahjongError(f"mjlog export needs a riichi record, not {rules.id!r}")
        self.match = match
        self.names = tuple(names) or tuple(f"seat {s}" for s in range(4))
        self.scores = list(match.scores)
        self.rounds: list[Round] = []
        self.deal: _DealIds | None = None
        self.settled: Settled | None = None
        self.complete = False
        self.take(match.events)

    def take(self, events: Sequence[Event]) -> None:
        """Write ``events`` (the match's newest, in order)."""
        for e in events:
            if isinstance(e, DealStarted):
                self.deal = _DealIds(self.match, e, self.scores)
            elif isinstance(e, Settled):
                if self.deal is not None:
                    self.rounds.append(self.deal.finish(e))
                self.scores = list(e.scores)
                self.settled = e
                self.deal = None
            elif isinstance(e, MatchEnded):
                self._end()
            elif self.deal is not None:
                self.deal.event(e)

    def _end(self) -> None:
        if not self.rounds or self.settled is None:
            return
        points, results = final_points(self.match, self.settled)
        final: list[float] = []
        for s in range(4):
            final += [int(points[s]) / 100, results[s] / 1000]
        last = self.rounds[-1]
        ending = [*last.results[:-1], replace(last.results[-1], final=tuple(final))]
        self.rounds[-1] = Round(last.init, last.events, tuple(ending))
        self.complete = True

    def record(self) -> Record:
        """The Tenhou-model record of the deals settled so far."""
        rules = self.match.game.ruleset
        opts = options_dict(rules)
        header = Header(
            source="mjlog",
            players=self.names,
            game_type=game_type(
                red_fives=bool(opts.get("red_fives", True)),
                open_tanyao=bool(opts.get("open_tanyao", True)),
            ),
            lobby=0,
            dan=(0, 0, 0, 0),
            rate=(1500.0, 1500.0, 1500.0, 1500.0),
            red_fives=bool(opts.get("red_fives", True)),
            ruleset=rules.id,
            options=tuple(sorted(opts.items())),
            max_deals=self.match.game.max_deals,
        )
        return Record("muraglia.mjlog", header, tuple(self.rounds), self.complete)

    def text(self) -> str:
        """The mjlog XML of :meth:`record`."""
        return write_mjlog(self.record())


def to_mjlog(record: GameRecord, *, names: Sequence[str] = ()) -> str:
    """The mjlog XML of one of our riichi records (see the module docstring).

    The record is replayed through the engine (:class:`MjlogExport` writes its events).

    Raises:
        MahjongError: a record of a ruleset without riichi scoring, or one the engine does
            not replay.
    """
    match = game_of(record.header).new_match()
    export = MjlogExport(match, names=names)
    for event in record.events:
        if isinstance(event, Acted) and not match.over:
            export.take(match.apply(event.action))
    return export.text()
