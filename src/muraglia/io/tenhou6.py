"""Our riichi games as tenhou.net/6 JSON (the format of Tenhou's log viewer).

:func:`to_tenhou6` replays a record (:class:`~muraglia.io.record.GameRecord`) through the
engine and writes one game object: ``title``, ``name``, ``rule`` (``disp`` and ``aka``), and
per deal the 17 fields of the format — ``[round, counters, sticks]``, the scores at the
deal's start, dora and ura indicators, each seat's dealt hand, draws (calls as call strings)
and discards (``60`` a tsumogiri, ``r`` a riichi discard, concealed and added kongs as call
strings, ``0`` after an open kong), and the result (``和了`` with every winner's points
string and yaku in Japanese, or the draw's name, with the score changes).

The object also carries a ``muraglia`` key (the ruleset and its options) so that importing
it replays under the same rules; Tenhou's viewer ignores it. Tiles: 11-19 man, 21-29 pin,
31-39 sou, 41-47 honours, 51-53 red fives.

Round trip (tested on seeded games of both riichi rulesets): our game → :func:`to_tenhou6`
→ :func:`muraglia.io.tenhou.parse_tenhou6` → ``check_record`` replays every deal through
the engine with identical events and scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from muraglia.engine.actions import AddedKong, ConcealedKong
from muraglia.engine.actions import Discard as DiscardAction
from muraglia.engine.events import (
    Acted,
    Called,
    DealEnded,
    DealStarted,
    Dealt,
    Drew,
    Event,
    IndicatorRevealed,
    KongMade,
    RiichiAccepted,
    Settled,
    Won,
)
from muraglia.engine.match import MatchState
from muraglia.engine.state import DealState
from muraglia.errors import MahjongError
from muraglia.io.record import GameRecord, game_of
from muraglia.io.tenhou import YAKU
from muraglia.io.tenhou_replay import DRAW_KINDS
from muraglia.melds import SET_SIZE
from muraglia.notation import parse_hand
from muraglia.rulesets.base import options_dict
from muraglia.scoring.result import ScoreResult
from muraglia.tiles import (
    DRAGONS,
    NUM_SUITED,
    WIND_LETTERS,
    PhysicalTile,
    Tile,
    wind_index,
    wind_letter,
)

__all__ = [
    "PATTERN_YAKU",
    "Tenhou6Export",
    "deal_ending",
    "tile_code",
    "to_tenhou6",
    "ura_tiles",
    "win_score",
    "yaku_of",
]

PATTERN_YAKU: dict[str, int] = {
    "menzen_tsumo": 0, "riichi": 1, "ippatsu": 2, "robbing_kong": 3, "after_kong": 4,
    "under_the_sea": 5, "under_the_river": 6, "pinfu": 7, "all_simples": 8,
    "pure_double_chow": 9, "double_riichi": 21, "seven_pairs": 22, "outside_hand": 23,
    "pure_straight": 24, "mixed_triple_chow": 25, "triple_pung": 26, "three_kongs": 27,
    "all_pungs": 28, "three_concealed_pungs": 29, "little_three_dragons": 30,
    "all_terminals_and_honours": 31, "twice_pure_double_chow": 32,
    "terminals_in_all_sets": 33, "half_flush": 34, "full_flush": 35, "blessing_of_man": 36,
    "blessing_of_heaven": 37, "blessing_of_earth": 38, "big_three_dragons": 39,
    "four_concealed_pungs": 40, "four_concealed_pungs_single": 41, "all_honours": 42,
    "all_green": 43, "all_terminals": 44, "nine_gates": 45, "nine_gates_9": 46,
    "thirteen_orphans": 47, "thirteen_orphans_13": 48, "big_four_winds": 49,
    "little_four_winds": 50, "four_kongs": 51, "dora": 52, "ura_dora": 53, "red_five": 54,
}  # fmt: skip
"""The riichi scorer's pattern id -> Tenhou's yaku id (:data:`~muraglia.io.tenhou.YAKU`);
winds and dragons are named by tile (``自風 東``, ``役牌 白``) from the hand."""

_LIMITS = {
    "ja": {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満"},
    "en": {
        "mangan": "Mangan ", "haneman": "Haneman ", "baiman": "Baiman ",
        "sanbaiman": "Sanbaiman ",
    },
}  # fmt: skip

_NAMES = {
    "ja": {
        "win": "和了", "": "流局", "nm": "流し満貫", "ron3": "三家和了", "yao9": "九種九牌",
        "reach4": "四家立直", "kaze4": "四風連打", "kan4": "四槓散了",
    },
    "en": {
        "win": "Agari", "": "Ryuukyoku", "nm": "Nagashi Mangan", "ron3": "Sanchahou",
        "yao9": "Kyuushu Kyuuhai", "reach4": "Suucha Riichi", "kaze4": "Suufon Renda",
        "kan4": "Suukaikan",
    },
}  # fmt: skip
"""Result names by language (Tenhou's Japanese; the English viewer's romaji), by the ending
of :func:`deal_ending`."""

_TRIPLE_RON = 3
"""Winners of a triple ron (an abortive draw where the ruleset says so)."""
_SOURCE_POS = {"pung": {3: 0, 2: 1, 1: 2}, "kong": {3: 0, 2: 1, 1: 3}}
"""Call kind -> discarder's offset from the caller -> position of the marked tile."""


def tile_code(tile: Tile, red: bool = False) -> int:
    """The tenhou.net/6 code of a tile (red fives 51-53).

    >>> tile_code(Tile.M5), tile_code(Tile.M5, red=True), tile_code(Tile.EAST)
    (15, 51, 41)
    """
    if red:
        return 51 + int(tile) // 9
    if tile >= NUM_SUITED:
        return 41 + int(tile) - NUM_SUITED
    return 11 + 10 * (int(tile) // 9) + int(tile) % 9


class _DealWriter:
    """Collects one deal's columns while its events are replayed."""

    def __init__(self, match: MatchState, start_scores: Sequence[int], lang: str) -> None:
        deal = match.deal
        self.lang = lang
        self.match = match
        self.deal: DealState = deal
        honba, sticks = match.counters[-1]
        self.head = [wind_index(deal.round_wind) * 4 + deal.dealer, honba, sticks]
        self.scores = list(start_scores)
        self.dora: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.draws: list[list[int | str]] = [[] for _ in range(4)]
        self.discards: list[list[int | str]] = [[] for _ in range(4)]
        self.just_drew: list[tuple[Tile, bool] | None] = [None] * 4
        self.pungs: dict[tuple[int, Tile], list[str]] = {}
        self.riichi: set[int] = set()
        self.won: list[Won] = []
        self.pending_kong: AddedKong | ConcealedKong | None = None
        self.ended: DealEnded | None = None

    def event(self, e: Event) -> None:  # noqa: PLR0912 - one branch an engine event type
        if isinstance(e, Dealt):
            codes = [tile_code(t, i in e.red) for i, t in enumerate(e.tiles)]
            self.hands[e.seat] = codes[:13]
            for code, (i, t) in zip(codes[13:], enumerate(e.tiles[13:], 13), strict=True):
                self.draws[e.seat].append(code)
                self.just_drew[e.seat] = (t, i in e.red)
        elif isinstance(e, IndicatorRevealed):
            self.dora.append(tile_code(e.tile, e.red))
        elif isinstance(e, Drew):
            self.draws[e.seat].append(tile_code(e.tile, e.red))
            self.just_drew[e.seat] = (e.tile, e.red)
        elif isinstance(e, Acted) and isinstance(e.action, DiscardAction):
            a = e.action
            drawn = tile_code(a.tile, a.red)
            if self.just_drew[a.seat] == (a.tile, a.red):
                drawn = 60
            self.discards[a.seat].append(f"r{drawn}" if a.riichi else drawn)
            self.just_drew[a.seat] = None
        elif isinstance(e, Called):
            self._called(e)
        elif isinstance(e, Acted) and isinstance(e.action, AddedKong | ConcealedKong):
            self.pending_kong = e.action  # written at its KongMade, or robbed at the Won
        elif isinstance(e, KongMade):
            self.pending_kong = None
            self._kong(e)
        elif isinstance(e, RiichiAccepted):
            self.riichi.add(e.seat)
        elif isinstance(e, Won):
            k = self.pending_kong
            if k is not None:  # a robbed kong (chankan) is written where it was declared
                self._kong(
                    KongMade(k.seat, k.tile, isinstance(k, ConcealedKong), self.deal.claim_red)
                )
                self.pending_kong = None
            self.won.append(e)
        elif isinstance(e, DealEnded):
            self.ended = e

    def _called(self, e: Called) -> None:
        own = list(e.tiles)
        own.remove(e.tile)
        reds = [False] * len(own)
        if e.red_used:  # the caller's red five among its own tiles
            reds[next(i for i, t in enumerate(own) if t in (Tile.M5, Tile.P5, Tile.S5))] = True
        codes = [f"{tile_code(t, r):02d}" for t, r in zip(own, reds, strict=True)]
        called = f"{tile_code(e.tile, e.red):02d}"
        rel = (e.from_seat - e.seat) % 4
        if e.call == "chow":
            text = "c" + called + "".join(codes)
        else:
            letter = "p" if e.call == "pung" else "m"
            pos = _SOURCE_POS["pung" if e.call == "pung" else "kong"][rel]
            parts = [*codes]
            parts.insert(pos, letter + called)
            text = "".join(parts)
            if e.call == "pung":
                self.pungs[(e.seat, e.tile)] = parts
        self.draws[e.seat].append(text)
        if e.call == "kong":
            self.discards[e.seat].append(0)
        self.just_drew[e.seat] = None

    def _kong(self, e: KongMade) -> None:
        code = f"{tile_code(e.tile, e.red):02d}"
        if e.concealed:
            tiles = [f"{tile_code(e.tile):02d}"] * 4
            if e.red:
                tiles[0] = f"{tile_code(e.tile, True):02d}"
            text = "".join(tiles[:3]) + "a" + tiles[3]
        else:  # the added tile marked where the pung's called tile was
            parts = self.pungs.get((e.seat, e.tile))
            if parts is None:
                raise MahjongError(f"seat {e.seat} adds to a pung of {e.tile.notation} not made")
            pos = next(i for i, p in enumerate(parts) if p[0] in "pm")
            text = "".join(parts[:pos]) + "k" + code + parts[pos][1:] + "".join(parts[pos + 1 :])
        self.discards[e.seat].append(text)
        self.just_drew[e.seat] = None

    def finish(self, settled_scores: Sequence[int]) -> list[Any]:
        deal = self.deal
        deltas = [
            settled_scores[s] - self.scores[s] + (1000 if s in self.riichi else 0) for s in range(4)
        ]
        result = self._result(deltas)
        ura: list[int] = []
        if any(deal.riichi[w.seat] for w in self.won) and deal.result and not deal.result.void:
            ura = [tile_code(t.kind, t.red) for t in ura_tiles(deal)]
        log: list[Any] = [self.head, self.scores, self.dora, ura]
        for s in range(4):
            log += [self.hands[s], self.draws[s], self.discards[s]]
        log.append(result)
        return log

    def _result(self, deltas: list[int]) -> list[Any]:
        kind = deal_ending(self.match, self.deal, len(self.won))
        if kind != "win":
            return [_NAMES[self.lang][kind], deltas]
        out: list[Any] = [_NAMES[self.lang]["win"]]
        for i, w in enumerate(self.won):
            out.append(deltas if i == 0 else [0, 0, 0, 0])
            out.append(self._win_info(w))
        return out

    def _win_info(self, w: Won) -> list[Any]:
        deal = self.deal
        result, pao = win_score(self.match, deal, w)
        letter = deal.letter(w.seat)
        frm = w.seat if w.from_seat is None else w.from_seat
        prevalent = wind_letter(deal.round_wind)
        points = _points_text(result, letter, w.from_seat is None, self.lang)
        hand = parse_hand(w.hand)
        return [w.seat, frm, pao, points, *_yaku(result, hand, letter, prevalent, self.lang)]


def win_score(match: MatchState, deal: DealState, w: Won) -> tuple[ScoreResult, int]:
    """The ruleset's scoring of the win ``w`` of ``deal`` and the seat liable for it.

    The liable seat (pao) is the winner when nobody is. The flags are the engine's
    (:class:`Won`), the indicators the deal's, the ura indicators those under them when the
    winner is in riichi.
    """
    rules = match.flow.ruleset
    letter = deal.letter(w.seat)
    ura = [t.notation for t in ura_tiles(deal)] if deal.riichi[w.seat] else []
    discarder = None if w.from_seat is None else deal.letter(w.from_seat)
    liable = getattr(match.flow, "liable", None)
    pao_letter = liable(deal.outcome(), letter) if liable is not None else None
    result: ScoreResult = rules.score(
        parse_hand(w.hand),
        win="tsumo" if w.from_seat is None else "ron",
        seat_wind=letter,
        round_wind=wind_letter(deal.round_wind),
        flags=set(w.flags),
        dora=[t.notation for t in deal.indicators],
        ura=ura,
        discarder=discarder,
    )
    pao = w.seat
    if pao_letter is not None:
        pao = next(s for s in range(4) if deal.letter(s) == pao_letter)
    return result, pao


def deal_ending(match: MatchState, deal: DealState, won: int) -> str:
    """How a finished deal ended, in Tenhou's terms.

    ``win`` (``won`` winners scored), ``ron3`` (Tenhou's triple-ron abort), ``nm`` (nagashi
    mangan paid at an exhaustive draw), or the RYUUKYOKU ``type`` of the draw (``""``
    exhaustive, ``yao9``, ``reach4``, ``kaze4``, ``kan4``).

    Raises:
        MahjongError: an ending Tenhou's formats cannot name.
    """
    r = deal.result
    if r is None:
        raise MahjongError("the deal has not ended")
    settlement = match.last_settlement
    lines = settlement.explanation.get("en", ()) if settlement else ()
    if r.reason == "win" and not r.void and won == len(r.winners):
        abortive = settlement is not None and settlement.extra.get("draw") == "abortive"
        if len(r.winners) == _TRIPLE_RON and (abortive or any("triple ron" in x for x in lines)):
            return "ron3"
        return "win"
    if r.reason == "exhausted" and any("nagashi" in line for line in lines):
        return "nm"
    kind = DRAW_KINDS.get(r.reason)
    if kind is None:
        raise MahjongError(f"a deal ended by {r.reason!r} has no name in Tenhou's formats")
    return kind


def ura_tiles(deal: DealState) -> list[PhysicalTile]:
    """The ura indicators of a finished deal (the tile under each indicator)."""
    dead = deal.wall.physical()[1]
    out = []
    for p in deal.wall.indicators:
        t = dead[p - 1]
        out.append(t if isinstance(t, PhysicalTile) else PhysicalTile(t))
    return out


def _points_text(result: ScoreResult, seat: str, tsumo: bool, lang: str = "ja") -> str:
    """Tenhou's points string (``30符4飜7700点``; ``30fu 4han 7700pts`` in English)."""
    ja = lang == "ja"
    limit = result.limit or ""
    if "yakuman" in limit:
        head = "役満" if ja else "Yakuman "
    elif limit in _LIMITS[lang]:
        head = _LIMITS[lang][limit]
    else:
        head = f"{result.fu}符{result.han}飜" if ja else f"{result.fu}fu {result.han}han "
    unit = "点" if ja else "pts"
    if not tsumo:
        return f"{head}{result.value}{unit}"
    pays = {k: -v for k, v in (result.payments or {}).items() if v < 0}
    if seat == "E":
        return f"{head}{max(pays.values())}{unit}∀" if ja else f"{head}{max(pays.values())} all"
    return f"{head}{pays[next(k for k in pays if k != 'E')]}-{pays['E']}{unit}"


def yaku_of(
    result: ScoreResult, hand: Any, seat: str, prevalent: str
) -> list[tuple[int, int, bool]]:
    """Tenhou's yaku of a scored win: (yaku id, han, whether a yakuman), in scoring order.

    Winds and dragons are named by tile (``自風 東``, ``役牌 白``: one entry of 1 han per
    dragon pung) from ``hand`` and the seat and prevalent winds.

    Raises:
        MahjongError: a pattern without a Tenhou yaku id.
    """
    out: list[tuple[int, int, bool]] = []
    for a in result.awards:
        if a.id == "dragon_pung":
            kinds = {m.first for m in hand.melds} | {
                t for t in DRAGONS if hand.concealed_counts[t] >= SET_SIZE
            }
            ids = [18 + k - Tile.WHITE for k in sorted(kinds) if k in DRAGONS]
        elif a.id in ("seat_wind", "prevalent_wind"):
            wind = seat if a.id == "seat_wind" else prevalent
            ids = [(10 if a.id == "seat_wind" else 14) + wind_index(wind)]
        elif a.id in PATTERN_YAKU:
            ids = [PATTERN_YAKU[a.id]]
        else:
            raise MahjongError(f"pattern {a.id!r} has no Tenhou yaku name")
        value = 1 if a.id == "dragon_pung" else a.value
        out += [(i, value, a.unit == "yakuman") for i in ids]
    return out


def _yaku(result: ScoreResult, hand: Any, seat: str, prevalent: str, lang: str = "ja") -> list[str]:
    """The yaku strings (``立直(1飜)``, ``大三元(役満)``; ``Riichi(1han)``, ``...(Yakuman)``)."""
    col = 0 if lang == "ja" else 1
    out: list[str] = []
    for i, value, yakuman in yaku_of(result, hand, seat, prevalent):
        name = YAKU[i][col]
        if yakuman:
            out.append(f"{name}(役満)" if col == 0 else f"{name}(Yakuman)")
        else:
            out.append(f"{name}({value}飜)" if col == 0 else f"{name}({value}han)")
    return out


class Tenhou6Export:
    """A tenhou.net/6 game object written while a riichi match is played (or replayed).

    Give it the match at its start, then every list of events ``match.apply`` returns
    (:meth:`take`); :meth:`game` is the object :func:`to_tenhou6` writes. A soak or a table
    exports its match this way without replaying it a second time.

    Raises:
        MahjongError: a match of a ruleset without riichi scoring (four seats).
    """

    def __init__(self, match: MatchState, *, title: str = "muraglia", lang: str = "ja") -> None:
        if lang not in _NAMES:
            raise MahjongError(f"tenhou.net/6 export language {lang!r}: 'ja' or 'en'")
        rules = match.game.ruleset
        if not str(rules.id).startswith("riichi") or match.flow.players != len(WIND_LETTERS):
            raise MahjongError(f"tenhou.net/6 export needs a riichi record, not {rules.id!r}")
        self.match, self.title, self.lang = match, title, lang
        self.scores = list(match.scores)
        self.writer = _DealWriter(match, self.scores, lang)
        self.log: list[Any] = []
        self.take(match.events)

    def take(self, events: Sequence[Event]) -> None:
        """Write ``events`` (the match's newest, in order)."""
        for e in events:
            if isinstance(e, DealStarted):
                self.writer = _DealWriter(self.match, self.scores, self.lang)
            elif isinstance(e, Settled):
                self.log.append(self.writer.finish(e.scores))
                self.scores = list(e.scores)
            else:
                self.writer.event(e)

    def game(self) -> dict[str, Any]:
        """The tenhou.net/6 game object of the deals settled so far."""
        rules = self.match.game.ruleset
        opts = options_dict(rules)
        disp = (
            "般南"
            + ("喰" if opts.get("open_tanyao", True) else "")
            + ("赤" if opts.get("red_fives", True) else "")
        )
        ours: dict[str, Any] = {"ruleset": rules.id, "options": opts}
        if self.match.game.max_deals is not None:  # a capped match ends there
            ours["max_deals"] = self.match.game.max_deals
        return {
            "title": [self.title, ""],
            "name": [f"seat {s}" for s in range(4)],
            "rule": {"disp": disp, "aka": 1 if opts.get("red_fives", True) else 0},
            "log": list(self.log),
            "muraglia": ours,
        }


def to_tenhou6(record: GameRecord, *, title: str = "muraglia", lang: str = "ja") -> dict[str, Any]:
    """The tenhou.net/6 game object of one of our riichi records (see the module docstring).

    The record is replayed through the engine (:class:`Tenhou6Export` writes its events).
    ``lang="en"`` writes the result, yaku and points in English as the English viewer and
    Mahjong Soul converters do (``Agari``, ``Riichi(1han)``, ``30fu 4han 7700pts``).

    Raises:
        MahjongError: a record of a ruleset without riichi scoring, or one the engine does
            not replay.
    """
    if lang not in _NAMES:
        raise MahjongError(f"tenhou.net/6 export language {lang!r}: 'ja' or 'en'")
    match = game_of(record.header).new_match()
    export = Tenhou6Export(match, title=title, lang=lang)
    for event in record.events:
        if isinstance(event, Acted) and not match.over:
            export.take(match.apply(event.action))
    return export.game()
