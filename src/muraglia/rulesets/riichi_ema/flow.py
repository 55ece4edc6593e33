"""Riichi game flow: the engine hooks of ``riichi-ema`` and its ``riichi-tenhou`` preset.

Seed 001, spec ``riichi-ema.md`` (rule ids ``EMA-*``):

* 136 tiles, walls of 17 stacks (EMA-TILE-1, EMA-WALL-1); East's two dice pick the wall and the
  stack after which it is broken (EMA-WALL-2/3); a dead wall of 14 kept at 14 by moving the live
  wall's last tile to it after every replacement (EMA-WALL-5, EMA-KONG-1); the dora indicator is
  the upper tile of D3, each kong turns the next stack's upper tile at once, before the
  replacement (EMA-WALL-6, EMA-KONG-5), the tile under each is its ura indicator (EMA-DORA-3);
  replacements D1 lower, D1 upper, D2 lower... (EMA-WALL-7, EMA-GAP-10); dealing 4-4-4 then
  East 25/27 upper (EMA-DEAL-1/2).
* Claims: ron from anyone, pung/kong from anyone, chow only from the left (EMA-CALL-1); win >
  pung/kong > chow (EMA-CALL-2); several winners all win (EMA-GAP-8: double and triple ron;
  ``riichi-tenhou``: three winners make an abortive draw, settled by the scorer); the last
  discard only for a win (EMA-CALL-7); robbing an added kong (EMA-KONG-2, EMA-YAKU-15).
* A win needs a yaku, two han from yaku with five counters (EMA-WIN-2, EMA-HONBA-4) and no
  furiten on a discard: own discards (EMA-FURI-2), a completing tile passed since one's own
  discard or the last call (temporary, EMA-FURI-3) or under riichi (EMA-FURI-4).
* Riichi: concealed hand, tenpai, at least 4 live tiles (EMA-RIICHI-1, EMA-GAP-16/17), a 1000
  stick when the discard passes (EMA-RIICHI-2, EMA-GAP-35); a concealed kong of the drawn tile
  under riichi only if the waits do not change (EMA-RIICHI-3 a/b).
* Abortive draws: nine terminals (declaration, EMA-END-4a, EMA-GAP-15), four winds (c), four
  riichi (d), four kongs by more than one player once the next discard passes without a win
  (b, EMA-KONG-8); no fifth kong, no kong on an empty live wall (EMA-KONG-8, EMA-GAP-25); a
  concealed kong may be robbed by thirteen orphans only (EMA-KONG-4).
* Red fives in the wall (EMA-TILE-2, option ``red_fives``); nagashi mangan at an exhaustive
  draw (EMA-YAKU-29, EMA-GAP-23; ``riichi-tenhou``: settled as a draw, own calls allowed).
* ``riichi-tenhou`` game rules (options): 25000 start, riichi needs 1000 points, a score below
  zero ends the match, the West round when nobody has 30000 after South 4 (ending as soon as
  somebody has), the indicator of a claimed or added kong turned after the next discard.
* The last drawer discards (houtei, EMA-END-1); exhaustive draw with noten payments
  (EMA-END-3), sticks stay (EMA-STICK-2).
* Settlement, counters, sticks and ``dealer_keeps`` come from the ruleset's own settlement
  (EMA-END-5, EMA-HONBA, EMA-STICK); East keeps the deal when that settlement says so
  (EMA-GAME-1); East round then South round (EMA-GAME-3); leftover sticks and uma at the end
  (EMA-STICK-5, EMA-UMA).

Engine facts the DealView does not carry are memoised here (see :class:`RiichiFlow`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from muraglia.hand import Hand
from muraglia.melds import SET_SIZE, MeldKind
from muraglia.rulesets.base import (
    SEAT_LETTERS,
    Breach,
    ClaimPolicy,
    ClaimWinners,
    DealFlow,
    DealSummary,
    DealView,
    MatchProgress,
    TableRules,
    WallLayout,
    rotate,
)
from muraglia.rulesets.riichi_ema.match_end import final_settlement
from muraglia.rulesets.riichi_ema.options import EmaOptions
from muraglia.rulesets.riichi_ema.ruleset import RiichiEma
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import NUM_KINDS, NUM_SUITED, RANKS, TERMINALS_AND_HONOURS, WINDS, Tile

__all__ = ["FLOW", "RiichiFlow"]

RIICHI_STICK = 1000
"""The riichi stick (EMA-RIICHI-2)."""

_CHOW_LAST = RANKS - SET_SIZE
"""The highest rank index (0-based) a chow starts on."""
_TERMINALS_HONOURS = frozenset(TERMINALS_AND_HONOURS)
"""Tile values of the 13 terminal and honour kinds (EMA-END-4a)."""

_WIND_TILES = frozenset(WINDS)

_ENGINE_FLAGS = {
    "riichi": "riichi",
    "double_riichi": "double_riichi",
    "ippatsu": "ippatsu",
    "replacement": "replacement",
    "robbing_kong": "robbing_kong",
    "first_turn": "first_turn",
    "last_tile": "last_tile",  # haitei (EMA-YAKU-16)
    "last_discard": "last_tile",  # houtei (EMA-YAKU-17): one flag, read with the win type
}
"""Engine fact -> the riichi scorer's flag."""

_WIN_REASONS = frozenset({"win", "exhausted"})
"""Deal-end reasons that are not abortive draws."""


def _without_pung(c: list[int], sets: int, pair: bool, kind: int) -> bool:
    """Whether ``c`` splits into ``sets`` chows/pungs and a pair with no pung of ``kind``."""
    i = next((k for k in range(NUM_KINDS) if c[k]), -1)
    if i < 0:
        return sets == 0 and pair
    found = False
    if not pair and c[i] >= 2:
        c[i] -= 2
        found = _without_pung(c, sets, True, kind)
        c[i] += 2
    if not found and sets and c[i] >= 3 and i != kind:
        c[i] -= 3
        found = _without_pung(c, sets - 1, pair, kind)
        c[i] += 3
    if (
        not found
        and sets
        and i < NUM_SUITED
        and i % RANKS <= RANKS - SET_SIZE
        and c[i + 1]
        and c[i + 2]
    ):
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        found = _without_pung(c, sets - 1, pair, kind)
        for k in (i, i + 1, i + 2):
            c[k] += 1
    return found


def _first_alone(scores: Sequence[int], seat: int, target: int) -> bool:
    """Whether ``seat`` ranks first (ties go to the lower seat) with ``target`` points."""
    mine = scores[seat] if scores else 0
    return (
        bool(scores)
        and mine >= target
        and all(mine > x if s < seat else mine >= x for s, x in enumerate(scores))
    )


class RiichiFlow(DealFlow[RiichiEma]):
    """EMA / Tenhou riichi engine hooks (see the module docstring).

    The flow keeps no state between calls: the counters and scores of the deal being played
    come from the deal view (``honba``, ``scores``: the two-han minimum at five counters,
    EMA-HONBA-4, and Tenhou's riichi minimum), the settlement's ``dealer_keeps`` and
    ``honba`` (EMA-GAME-1) reach :meth:`next_deal` in the deal summary's ``extra``.
    """

    options: EmaOptions

    terms: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "exhausted": {  # EMA-END-3; the seed's "pareggio completo"
            "en": "exhaustive draw: wall exhausted",
            "it": "pareggio completo: muro esaurito",
            "ja": "流局",
        },
        "nine_terminals": {  # EMA-END-4 a
            "en": "abortive draw: nine different terminals and honours",
            "it": "pareggio forzato: nove diverse tessere di testa e onori",
            "ja": "九種九牌",
        },
        "four_kongs": {  # EMA-END-4 b
            "en": "abortive draw: four kongs",
            "it": "pareggio forzato: quattro kong",
            "ja": "四開槓",
        },
        "four_winds": {  # EMA-END-4 c
            "en": "abortive draw: the same wind discarded by all four",
            "it": "pareggio forzato: tutti scartano lo stesso vento",
            "ja": "四風連打",
        },
        "four_riichi": {  # EMA-END-4 d
            "en": "abortive draw: four riichi",
            "it": "pareggio forzato: quattro riichi",
            "ja": "四家立直",
        },
    }

    # ---------------------------------------------------------------- set-up

    def table_rules(self) -> TableRules:
        """The riichi table (EMA-WALL, EMA-CALL-2, EMA-RIICHI-2/3, EMA-GAME-6, EMA-FURI-3).

        The wall (EMA-WALL-1/5/6/7): 17 stacks, 14 dead tiles replenished, D3 upper, kan dora,
        ura. Win > pung/kong > chow; every ron claimant wins (EMA-CALL-2, EMA-GAP-8); robbing an
        added kong (EMA-KONG-2) and, by thirteen orphans only, a concealed kong (EMA-KONG-4, see
        :meth:`win_value`). The riichi stick (EMA-RIICHI-2); a concealed kong of the drawn tile
        that keeps the waits (EMA-RIICHI-3 a/b); a riichi discard claimed for a set leaves the
        riichi standing (EMA-RIICHI-2). Start score: EMA-GAME-6 0, Tenhou 25000 (option
        ``start_score``). A passed completion counts for furiten "whether or not it would give
        a yaku" (EMA-FURI-3).
        """
        return TableRules(
            wall=WallLayout(
                bonus_tiles=False,
                stacks_per_side=17,
                dead_wall=14,
                replenish=True,
                first_indicator=5,  # D1 lower, D1 upper, D2 lower, D2 upper, D3 lower, D3 upper
                kong_indicators=True,
                ura_indicators=True,
                max_kongs=4,  # EMA-KONG-8: no fifth kong (the engine voids the deal on one)
                red_fives=self.options.red_fives,  # EMA-TILE-2
            ),
            claims=ClaimPolicy(
                multiple_winners=ClaimWinners.ALL, rob_added_kong=True, rob_concealed_kong=True
            ),
            start_score=int(self.options.start_score),
            riichi_stake=RIICHI_STICK,
            riichi_allows_kong=True,
            riichi_stands_if_claimed=True,
            miss_any_completion=True,
        )

    def break_wall(self, rng: Any, layout: WallLayout) -> Breach:
        """EMA-WALL-2/3: two dice once; the total picks the wall (East = 1) and the stack."""
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        total = sum(dice)
        return Breach(dice, (total - 1) % 4, total)

    # ---------------------------------------------------------------- play

    def may_kong(self, view: DealView, seat: int) -> bool:
        """No fifth kong (EMA-KONG-8), no kong once the live wall is empty (EMA-GAP-25)."""
        return view.kongs_made < 4 and view.live_count > 0

    def kong_indicator_now(self, concealed: bool) -> bool:
        """EMA-KONG-5: at once; Tenhou: a claimed or added kong's after the next discard."""
        return concealed or not self.options.kan_dora_after_discard

    def riichi_kong(self, view: DealView, seat: int, kind: Tile) -> bool:
        """EMA-RIICHI-3 (c): in every arrangement of the riichi hand the three tiles are a pung.

        E.g. with ``333444555`` of one suit no kong: the tiles can be three equal chows.
        """
        counts = list(view.hand_of(seat).concealed_counts)
        counts[kind] -= 1  # the drawn fourth tile
        melds = len(view.melds_of(seat))
        for w in range(NUM_KINDS):
            if counts[w] < 4:
                counts[w] += 1
                bad = self.is_complete(counts, melds) and _without_pung(
                    counts, 4 - melds, False, int(kind)
                )
                counts[w] -= 1
                if bad:
                    return False
        return True

    def win_value(
        self, view: DealView, seat: int, hand: Hand, *, self_drawn: bool, flags: frozenset[str]
    ) -> int | None:
        """The hand's value if it may win now: a yaku (EMA-WIN-2), not furiten on a discard."""
        if not self_drawn and self.furiten(view, seat, hand):
            return None  # EMA-FURI-1/5
        if getattr(view, "robbing_concealed", False):  # EMA-KONG-4: thirteen orphans only
            kinds = {t.kind for t in hand.concealed_tiles}
            if hand.melds or kinds != _TERMINALS_HONOURS:
                return None
        result = self.scored_win(
            view, seat, hand, self_drawn=self_drawn, flags=flags, honba=view.honba
        )
        return int(result.value) if result is not None and result.valid else None

    def furiten(self, view: DealView, seat: int, hand: Hand) -> bool:
        """Whether ``seat`` may not win on a discard (EMA-FURI-2/3/4).

        A completing tile (yaku or not) passed since the seat's own last discard or the last
        call (kept for good under riichi, the engine's ``missed_win``), or a tile completing the
        hand (any shape, with or without a
        yaku) among the seat's own discards, claimed ones included.
        """
        if view.missed_win[seat]:
            return True
        counts = [0] * NUM_KINDS
        for t in hand.concealed:
            counts[t.kind] += 1
        melds = len(hand.melds)
        for kind in set(view.discards[seat]):
            if counts[kind] < 4:
                counts[kind] += 1
                complete = self.is_complete(counts, melds)
                counts[kind] -= 1
                if complete:
                    return True
        return False

    def win_flags(
        self, view: DealView, seat: int, tile: Tile, *, self_drawn: bool, facts: frozenset[str]
    ) -> frozenset[str]:
        """The scorer's flags (EMA-YAKU-01…17, EMA-YKM-03/04/05).

        ``double_riichi`` replaces ``riichi``; a ron before one's first discard in an
        uninterrupted first go-around is ``first_turn`` (renhou, EMA-YKM-05). A replacement
        drawn after the kong emptied the live wall is also the last tile (EMA-KONG-7; option
        ``haitei_on_replacement``, Tenhou: off).
        """
        out = {_ENGINE_FLAGS[f] for f in facts if f in _ENGINE_FLAGS}
        if "double_riichi" in out:
            out.discard("riichi")
        if (
            self_drawn
            and "replacement" in out
            and view.live_count == 0
            and self.options.haitei_on_replacement
        ):
            out.add("last_tile")  # EMA-KONG-7
        if not self_drawn:
            out.discard("first_turn")
            untouched = view.calls_made == 0 and view.kongs_made == 0
            if untouched and not view.discards[seat] and "robbing_kong" not in out:
                out.add("first_turn")
        return frozenset(out)

    def riichi_possible(self, view: DealView, seat: int) -> bool:
        """Concealed hand (concealed kongs allowed), at least 4 live tiles (EMA-RIICHI-1).

        No minimum score: scores may be negative (EMA-GAME-6).
        """
        if view.live_count < 4:  # EMA-GAP-17: counted after the declarer's draw
            return False
        need = self.options.riichi_min_score  # Tenhou: 1000 points
        if need and self._scores_of(view)[seat] < need:
            return False
        return all(m.concealed for m in view.melds_of(seat))

    def _scores_of(self, view: DealView) -> tuple[int, ...]:
        """Scores at the start of the deal being played (the start score outside a match)."""
        return tuple(view.scores) or (self.table.start_score,) * view.players

    def can_riichi(self, view: DealView, seat: int, waits: tuple[Tile, ...]) -> bool:
        """Any tenpai hand (EMA-GAP-16); the engine leaves out waits on a fifth copy."""
        return bool(waits)

    def declarations(self, view: DealView, seat: int) -> tuple[str, ...]:
        """Nine terminals: first uninterrupted turn, 9+ terminal/honour kinds (EMA-END-4a)."""
        if view.discards[seat] or view.calls_made or view.kongs_made:
            return ()
        kinds = {t.kind for t in view.hand_of(seat).concealed}
        return ("nine_terminals",) if len(kinds & _TERMINALS_HONOURS) >= 9 else ()

    def check_void(self, view: DealView) -> str | None:
        """Four winds, four riichi (EMA-END-4 c/d)."""
        log = view.discard_log
        if len(log) == 4 and view.calls_made == 0 and view.kongs_made == 0:
            first = log[0][1]
            if first in _WIND_TILES and all(t == first for _, t in log):
                return "four_winds"
        if sum(view.riichi) == 4:
            return "four_riichi"
        return None

    def void_unclaimed(self, view: DealView) -> str | None:
        """Four kongs by more than one player, the next discard passed without a win.

        EMA-END-4 (b), EMA-KONG-8.
        """
        if view.kongs_made >= 4:
            makers = [
                s for s in view.live_seats if any(m.kind is MeldKind.KONG for m in view.melds_of(s))
            ]
            if len(makers) > 1:
                return "four_kongs"
        return None

    # ---------------------------------------------------------------- end of deal / match

    def nagashi(self, outcome: DealOutcome) -> tuple[str, ...]:
        """Seats scoring nagashi mangan at an exhaustive draw (EMA-YAKU-29, EMA-GAP-23).

        Every discard a terminal or honour, none claimed, the hand concealed (concealed kongs
        allowed; option ``nagashi_open``, Tenhou: own calls allowed). The engine passes the
        discards (tile kinds) and which were claimed in ``extra``.
        """
        discards = outcome.extra.get("discards", {})
        claimed = outcome.extra.get("claimed", {})
        out = []
        for s in SEAT_LETTERS:
            mine = discards.get(s, ())
            if not mine or any(claimed.get(s, ())):
                continue
            if any(t not in _TERMINALS_HONOURS for t in mine):
                continue
            hand = outcome.hands.get(s)
            if not self.options.nagashi_open and (
                hand is None or not all(m.concealed for m in getattr(hand, "melds", ()))
            ):
                continue
            out.append(s)
        return tuple(out)

    def settle(self, outcome: DealOutcome) -> Settlement:
        """The ruleset's settlement (EMA-END-5), turned into the engine's stakes convention.

        The engine has already moved this deal's riichi sticks to the pot, so the settlement
        sees the earlier sticks only; its ``table`` transfers become one ``riichi_stakes``
        payment from the pot, the other recipients' shares (own sticks back, EMA-STICK-1/4)
        being passed through ``net``.
        """
        extra = dict(outcome.extra)  # pao: the scorer reads it from the winners' melds
        reason = str(extra.get("reason", "exhausted"))
        if reason not in _WIN_REASONS:
            extra["draw"] = "abortive"
        elif reason == "exhausted" and not outcome.winners and self.options.nagashi_mangan:
            seats = self.nagashi(outcome)
            if seats:  # EMA-YAKU-29
                status = dict(outcome.status)
                status.update({s: "nagashi_mangan" for s in seats if s not in status})
                outcome = replace(outcome, status=status)
        earlier = max(0, outcome.riichi_sticks - len(outcome.riichi))
        result: Settlement = self.ruleset.settle(
            replace(outcome, riichi_sticks=earlier, extra=extra)
        )
        from_pot = {s: RIICHI_STICK if s in outcome.riichi else 0 for s in SEAT_LETTERS}
        for t in result.transfers:
            if t.payer == "table" and t.payee in from_pot:
                from_pot[t.payee] += t.amount
            elif t.payee == "table" and t.payer in from_pot:
                from_pot[t.payer] -= t.amount
        net = {
            s: int(result.net.get(s, 0))
            - (from_pot[s] - (RIICHI_STICK if s in outcome.riichi else 0))
            + from_pot[s]
            for s in SEAT_LETTERS
        }
        total = sum(from_pot.values())
        new_extra = dict(result.extra)
        if total:
            to = max(SEAT_LETTERS, key=lambda s: from_pot[s])
            net[to] -= total
            new_extra["riichi_stakes"] = {"to": to, "amount": total}
        return replace(result, net=net, extra=new_extra)

    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        """Renchan and counters from the settlement (EMA-GAME-1, EMA-HONBA-2/3); two rounds.

        East keeps the deal when he won or was tenpai at an exhaustive draw, after an
        abortive draw (EMA-GAP-14) or a chombo; the match ends after the South round
        (EMA-GAME-3: no West round, no early end on negative scores). ``riichi-tenhou``: a
        score below zero ends the match (``bust``); when nobody has ``west_extension`` points
        after South 4 the West round is played, ending after the first deal that leaves
        somebody with that many (or after West 4); and the last deal's dealer winning in first
        place with that many ends it (``agari_yame``).
        """
        opts = self.options
        scores = summary.scores
        target = int(opts.west_extension)
        if scores and opts.bust and min(scores) < 0:
            return None  # Tenhou: busting ends the match
        if scores and target and progress.passes >= 8 and max(scores) >= target:
            return None  # Tenhou: sudden death in the West round
        if "dealer_keeps" in summary.extra:  # the settlement's verdict (EMA-GAME-1)
            keeps = bool(summary.extra["dealer_keeps"])
            honba = int(summary.extra.get("honba", 0))
        else:  # settle was not called: East keeps on his win or a draw of any kind
            keeps = progress.dealer in summary.winners or not summary.winners
            honba = progress.honba + 1 if keeps else 0
        west = bool(scores) and target > 0 and (progress.passes >= 8 or max(scores) < target)
        turns = 12 if west else 8
        if (
            opts.agari_yame
            and keeps
            and progress.dealer in summary.winners
            and rotate(progress, passes=True, turns=turns) is None
            and _first_alone(scores, progress.dealer, target)
        ):
            return None  # Tenhou: the last dealer's win in first place ends the match
        nxt = rotate(progress, passes=not keeps, turns=turns)
        if nxt is None:
            return None
        return replace(nxt, honba=honba)

    def end_of_match(self, scores: Sequence[int], pot: int) -> tuple[int, ...]:
        """Leftover sticks to the leader(s), then uma (EMA-STICK-5, EMA-UMA-1/2, EMA-GAP-22).

        Seats are lettered from the first East, whose order breaks ties of the remainder.
        """
        letters = SEAT_LETTERS[: len(scores)]
        table: Mapping[str, int] = dict(zip(letters, scores, strict=True))
        opts = self.options
        final = final_settlement(
            table,
            pot // RIICHI_STICK,
            self.ruleset.uma,
            sticks_tie=opts.leftover_sticks_tie,
            uma_tie=opts.uma_tie,
        )
        after = final.extra["final_scores"]
        return tuple(int(after[s]) - int(table[s]) for s in letters)


FLOW = RiichiFlow
"""The engine hooks class of ``riichi-ema`` and ``riichi-tenhou``."""
