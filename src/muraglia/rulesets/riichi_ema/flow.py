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
  furiten on a discard: own discards (EMA-FURI-2), a win passed since one's own discard
  (temporary, EMA-FURI-3) or under riichi (EMA-FURI-4).
* Riichi: concealed hand, tenpai, at least 4 live tiles (EMA-RIICHI-1, EMA-GAP-16/17), a 1000
  stick when the discard passes (EMA-RIICHI-2, EMA-GAP-35); a concealed kong of the drawn tile
  under riichi only if the waits do not change (EMA-RIICHI-3 a/b).
* Abortive draws: nine terminals (declaration, EMA-END-4a, EMA-GAP-15), four winds (c), four
  riichi (d), four kongs by more than one player (b, EMA-KONG-8).
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
from typing import Any

from muraglia.errors import MahjongError
from muraglia.hand import Hand
from muraglia.melds import MeldKind
from muraglia.rulesets.base import (
    SEAT_LETTERS,
    Breach,
    ClaimPolicy,
    DealFlow,
    DealSummary,
    DealView,
    MatchProgress,
    MultipleWinners,
    WallLayout,
    rotate,
)
from muraglia.rulesets.riichi_ema.rules import final_settlement
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["FLOW", "RiichiFlow"]

RIICHI_STICK = 1000
"""The riichi stick (EMA-RIICHI-2)."""

_TERMINALS_HONOURS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
"""Tile values of the 13 terminal and honour kinds (EMA-END-4a)."""

_WIND_TILES = frozenset((Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH))

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


class RiichiFlow(DealFlow):
    """EMA / Tenhou riichi engine hooks (see the module docstring).

    Two facts the engine does not hand to the hooks are kept here between the calls the
    match makes in sequence: the counters of the deal being played (for the two-han minimum
    at five counters, EMA-HONBA-4), set by :meth:`next_deal`; and the settlement's counters
    and ``dealer_keeps`` (EMA-GAME-1), set by :meth:`settle` and read by :meth:`next_deal`.
    Matches of one :class:`~muraglia.engine.Game` must therefore be played one at a time.
    """

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self._honba: dict[int, int] = {}
        self._after: tuple[bool, int] | None = None

    # ---------------------------------------------------------------- set-up

    def wall_layout(self) -> WallLayout:
        """EMA-WALL-1/5/6/7: 17 stacks, 14 dead tiles replenished, D3 upper, kan dora, ura."""
        return WallLayout(
            bonus_tiles=False,
            stacks_per_side=17,
            dead_wall=14,
            replenish=True,
            first_indicator=5,  # D1 lower, D1 upper, D2 lower, D2 upper, D3 lower, D3 upper
            kong_indicators=True,
            ura_indicators=True,
            max_kongs=4,  # EMA-KONG-8: no fifth kong (the engine voids the deal on one)
            red_fives=self.options.red_fives,  # EMA-TILE-2
        )

    def break_wall(self, rng: Any, layout: WallLayout) -> Breach:
        """EMA-WALL-2/3: two dice once; the total picks the wall (East = 1) and the stack."""
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        total = sum(dice)
        return Breach(dice, (total - 1) % 4, total)

    # ---------------------------------------------------------------- play

    def claim_policy(self) -> ClaimPolicy:
        """Win > pung/kong > chow; every ron claimant wins (EMA-CALL-2, EMA-GAP-8)."""
        return ClaimPolicy(multiple_winners=MultipleWinners.ALL, rob_added_kong=True)

    def win_value(
        self, view: DealView, seat: int, hand: Hand, *, self_drawn: bool, flags: frozenset[str]
    ) -> int | None:
        """The hand's value if it may win now: a yaku (EMA-WIN-2), not furiten on a discard."""
        if not self_drawn and self.furiten(view, seat, hand):
            return None  # EMA-FURI-1/5
        try:
            result = self.ruleset.score(
                hand,
                win="tsumo" if self_drawn else "ron",
                seat_wind=view.seat_wind(seat),
                round_wind=view.round_wind,
                flags=flags,
                dora=tuple(view.indicators),
                honba=self._honba.get(int(getattr(view, "deal", 0)), 0),
            )
        except MahjongError:
            return None
        return int(result.value) if result.valid else None

    def furiten(self, view: DealView, seat: int, hand: Hand) -> bool:
        """Whether ``seat`` may not win on a discard (EMA-FURI-2/3/4).

        A win passed since the seat's own last discard (kept for good under riichi, the
        engine's ``missed_win``), or a tile completing the hand (any shape, with or without a
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
        uninterrupted first go-around is ``first_turn`` (renhou, EMA-YKM-05).
        """
        out = {_ENGINE_FLAGS[f] for f in facts if f in _ENGINE_FLAGS}
        if "double_riichi" in out:
            out.discard("riichi")
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
        return all(m.concealed for m in view.melds_of(seat))

    def can_riichi(self, view: DealView, seat: int, waits: tuple[Tile, ...]) -> bool:
        """Any tenpai hand (EMA-GAP-16); the engine leaves out waits on a fifth copy."""
        return bool(waits)

    def riichi_stake(self) -> int:
        """1000 points (EMA-RIICHI-2)."""
        return RIICHI_STICK

    def riichi_allows_kong(self) -> bool:
        """A concealed kong of the drawn tile that keeps the waits (EMA-RIICHI-3 a/b)."""
        return True

    def declarations(self, view: DealView, seat: int) -> tuple[str, ...]:
        """Nine terminals: first uninterrupted turn, 9+ terminal/honour kinds (EMA-END-4a)."""
        if view.discards[seat] or view.calls_made or view.kongs_made:
            return ()
        kinds = {t.kind for t in view.hand_of(seat).concealed}
        return ("nine_terminals",) if len(kinds & _TERMINALS_HONOURS) >= 9 else ()

    def check_void(self, view: DealView) -> str | None:
        """Four winds, four riichi, four kongs by more than one player (EMA-END-4 b/c/d)."""
        log = view.discard_log
        if len(log) == 4 and view.calls_made == 0 and view.kongs_made == 0:
            first = log[0][1]
            if first in _WIND_TILES and all(t == first for _, t in log):
                return "four_winds"
        if sum(view.riichi) == 4:
            return "four_riichi"
        if view.kongs_made >= 4:
            makers = [
                s for s in view.live_seats if any(m.kind is MeldKind.KONG for m in view.melds_of(s))
            ]
            if len(makers) > 1:
                return "four_kongs"
        return None

    # ---------------------------------------------------------------- end of deal / match

    def settle(self, outcome: DealOutcome) -> Settlement:
        """The ruleset's settlement (EMA-END-5), turned into the engine's stakes convention.

        The engine has already moved this deal's riichi sticks to the pot, so the settlement
        sees the earlier sticks only; its ``table`` transfers become one ``riichi_stakes``
        payment from the pot, the other recipients' shares (own sticks back, EMA-STICK-1/4)
        being passed through ``net``.
        """
        extra = dict(outcome.extra)
        reason = str(extra.get("reason", "exhausted"))
        if reason not in _WIN_REASONS:
            extra["draw"] = "abortive"
        earlier = max(0, outcome.riichi_sticks - len(outcome.riichi))
        result: Settlement = self.ruleset.settle(
            replace(outcome, riichi_sticks=earlier, extra=extra)
        )
        self._after = (
            bool(result.extra.get("dealer_keeps", False)),
            int(result.extra.get("honba", 0)),
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
        (EMA-GAME-3: no West round, no early end on negative scores).
        """
        if progress.deal == 0:
            self._honba.clear()  # a new match on the same Game
        if self._after is not None:
            keeps, honba = self._after
        else:  # settle was not called: East keeps on his win or a draw of any kind
            keeps = progress.dealer in summary.winners or not summary.winners
            honba = progress.honba + 1 if keeps else 0
        self._after = None
        nxt = rotate(progress, passes=not keeps, turns=8)
        if nxt is None:
            return None
        nxt = replace(nxt, honba=honba)
        self._honba[nxt.deal] = honba
        return nxt

    def end_of_match(self, scores: Sequence[int], pot: int) -> tuple[int, ...]:
        """Leftover sticks to the leader(s), then uma (EMA-STICK-5, EMA-UMA-1/2, EMA-GAP-22).

        Seats are lettered from the first East, whose order breaks ties of the remainder.
        """
        letters = SEAT_LETTERS[: len(scores)]
        table: Mapping[str, int] = dict(zip(letters, scores, strict=True))
        final = final_settlement(table, pot // RIICHI_STICK, self.ruleset.uma)
        after = final.extra["final_scores"]
        return tuple(int(after[s]) - int(table[s]) for s in letters)


FLOW = RiichiFlow
"""The engine hooks class of ``riichi-ema`` and ``riichi-tenhou``."""
