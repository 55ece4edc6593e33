"""FIMJ game flow: the engine hooks of the Italian federation rules (seed 000, spec ``fimj.md``).

* 144 tiles, walls of 18 stacks, a 14-tile dead wall (tetto) never replenished (FIMJ-EQUIP-1,
  FIMJ-WALL-1, FIMJ-TETTO-1/4); dice as FIMJ-WALL-2…4 (the base default).
* Mah-Jong from anyone, pung/kong from anyone, chow only from the previous player; every claimant
  of a Mah-Jong wins (FIMJ-PLAY-4/7); a kong being added may be robbed (FIMJ-KONG-5).
* Riichi only on a single wait with at least 8 drawable tiles (FIMJ-RICHI-1/2, FIMJ-GAP-19), no
  stake; no kong after riichi (FIMJ-RICHI-4).
* The last drawer does not discard (FIMJ-END-4); four same-wind first discards void the deal
  (FIMJ-END-1 C, FIMJ-GAP-22); a void deal pays nothing (FIMJ-END-2).
* Rotation: free play (East keeps the role after his win or a void deal) or tournament (East
  always passes, first round wind from the breach wall) (FIMJ-GAME-2/3/4, FIMJ-GAP-24).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from muraglia.analysis.shanten import shanten_all
from muraglia.errors import InvalidHandError
from muraglia.hand import Hand
from muraglia.rulesets.base import (
    DEAD_WALL,
    PILE_A,
    PILE_B,
    SEAT_LETTERS,
    Breach,
    CharlestonPass,
    DealFlow,
    DealSummary,
    DealView,
    MatchProgress,
    TableRules,
    WallLayout,
    rotate,
)
from muraglia.scoring.context import WinType
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import (
    COPIES,
    DRAGONS,
    NUM_KINDS,
    NUM_SUITED,
    RANKS,
    TERMINALS_AND_HONORS,
    WINDS,
    PhysicalTile,
    Tile,
)

from .options import FimjOptions
from .ruleset import FimjRules
from .waits import last_piece_wait, may_complete

__all__ = ["FLOW", "FimjFlow"]

_RIICHI_LIVE = 8
"""Riichi needs at least 8 drawable tiles (FIMJ-RICHI-2, FIMJ-GAP-19)."""
_FIFTEENTH = 15
"""Within the fifteenth discard (FIMJ-DBL-C13)."""
_LAST_PIECE_SEEN = COPIES - 1
"""Ultimo pezzo: the three other copies are seen (FIMJ-DBL-4)."""
_SNAKE_RUN = 7
"""Siamese snakes: 1 to 7 of a suit (FIMJ-MAX-M09)."""
_TIME_UP_DISCARDS = (4, 3)
"""Discards made before a timed deal may be finished: four players, three (FIMJ-TOURN-5, -3P-6)."""


class FimjFlow(DealFlow[FimjRules]):
    """FIMJ engine hooks (see the module docstring)."""

    options: FimjOptions

    terms: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "same_wind_discards": {  # FIMJ-END-1 C
            "en": "void: every first discard is the same wind",
            "it": "a monte: il primo scarto di ognuno è lo stesso vento",
        },
    }

    def table_rules(self) -> TableRules:
        """The FIMJ table.

        144 tiles, 18 stacks, 7-stack tetto (FIMJ-WALL-1, FIMJ-TETTO-1). At a table of three
        the dead seat starts as North: seat 3 (FIMJ-3P-2). Four tiles to the left, across, to
        the right (FIMJ-CHARL-1): E→N, E↔W, E→S. No discard after drawing the last live tile
        (FIMJ-END-4). Under riichi a drawn flower or season is discarded (FIMJ-RICHI-4,
        FIMJ-FLOWER-4). The referee accepts a late claim of the last discard after the next
        player's draw (FIMJ-PLAY-8, FIMJ-GAP-16).
        """
        return TableRules(
            wall=WallLayout(bonus_tiles=True, stacks_per_side=18, dead_wall=14),
            dead_seats=frozenset({3}) if self.options.three_players else frozenset(),
            charleston=(3, 2, 1) if self.options.charleston else (),
            last_drawer_discards=False,
            riichi_discards_bonus=True,
            late_claims=True,
        )

    def charleston_plan(self) -> tuple[tuple[CharlestonPass, ...], ...]:
        """FIMJ-CHARL-1 at a table of four; FIMJ-CHARL-3/4 at a table of three.

        At a table of three the roles go by the dead seat (FIMJ-CHARL-4): "East" is the seat
        after it in turn order, "South" the next, "West" the seat before it. Exchange 1: East's
        four to pile A, West's to South, West takes the dead wall's last four, South's to East.
        Exchange 2: East and West swap, South's four become pile B and South takes pile A.
        Exchange 3: East's four to South and East takes pile B, South's to West, West's back
        to the far end of the dead wall.
        """
        if not (self.options.charleston and self.options.three_players):
            return super().charleston_plan()
        (dead,) = self.table.dead_seats
        e, s, w = ((dead + k) % 4 for k in (1, 2, 3))
        moves = (
            ((e, PILE_A), (w, s), (DEAD_WALL, w), (s, e)),
            ((e, w), (w, e), (s, PILE_B), (PILE_A, s)),
            ((e, s), (PILE_B, e), (s, w), (w, DEAD_WALL)),
        )
        return tuple(tuple(CharlestonPass(a, b) for a, b in exchange) for exchange in moves)

    def is_complete(self, counts: Sequence[int], melds: int) -> bool:
        """Four sets and a pair, seven pairs.

        (four alike as two pairs, FIMJ-GAP-11), or a hand that may be a special-shape
        massimo (FIMJ-HAND-3; the scorer decides in win_value).
        """
        return may_complete(counts, melds, four_as_two_pairs=bool(self.options.four_as_two_pairs))

    def may_wait(self, counts: Sequence[int], melds: int) -> bool:
        """Shanten 0.

        One odd count for seven pairs with four alike, or a special shape short of one tile.
        """
        if shanten_all(counts, melds) <= 0:
            return True
        if melds == 0 and sum(c & 1 for c in counts) == 1:
            return True
        return _maybe_special13(counts, melds)

    def win_value(
        self, view: DealView, seat: int, hand: Hand, *, self_drawn: bool, flags: frozenset[str]
    ) -> int | None:
        """The winner's *V* (FIMJ-SCORE); any complete hand may win (no minimum)."""
        try:
            score = self.ruleset.best_fold(
                hand,
                win=WinType.TSUMO if self_drawn else WinType.RON,
                seat_wind=view.seat_wind(seat),
                round_wind=view.round_wind,
                flags=flags,
            )
        except InvalidHandError:
            return None
        return int(score.value)

    def win_flags(
        self, view: DealView, seat: int, tile: Tile, *, self_drawn: bool, facts: frozenset[str]
    ) -> frozenset[str]:
        """Engine facts mapped to FIMJ flags.

        The exit of the Gods is the dealer's dealt hand or first discard (FIMJ-MAX M03);
        within the 15th discard (C13); last copy (C09).
        """
        out = {f for f in facts if f in ("riichi", "replacement", "robbing_kong", "last_tile")}
        if "last_discard" in facts:
            out.add("last_discard")
        if "dealer_first" in facts:
            out.add("first_turn")
        if len(view.discard_log) <= _FIFTEENTH:
            out.add("within_fifteenth")
        if self._last_piece(view, seat, tile, self_drawn=self_drawn, facts=facts):
            out.add("last_of_kind")
        return frozenset(out)

    def _last_piece(
        self, view: DealView, seat: int, tile: Tile, *, self_drawn: bool, facts: frozenset[str]
    ) -> bool:
        """Ultimo pezzo (FIMJ-DBL-4): the last copy of the only tile really waited on.

        "Essere effettivamente a punto su una sola pedina e che di questa siano già scoperti
        gli esemplari mancanti ... perché già scartati o esposti su una qualsiasi delle stecche
        ..., oppure coperti nella stecca di chi fa Mah-Jong": the three other copies are
        discarded, in melds, or concealed in the winner's own hand; and the wait is a single
        one (case 1), or two pairs / a two-sided chow whose other tile has no copy left
        (cases 2 and 3).
        """
        hand = view.hand_of(seat)
        concealed13 = list(hand.concealed_counts)
        if self_drawn:
            concealed13[tile] -= 1
        on_table = 0 if self_drawn or "robbing_kong" in facts else 1  # the claimed discard
        if view.visible_count(tile) - on_table + concealed13[tile] < _LAST_PIECE_SEEN:
            return False
        tiles = [PhysicalTile(Tile(k)) for k in range(NUM_KINDS) for _ in range(concealed13[k])]
        hand13 = Hand(tuple(tiles), hand.melds, hand.bonus)
        waits = self.ruleset.waiting_kinds(hand13)
        case = last_piece_wait(waits, tile, concealed13)
        if case is None:
            return False
        _, other = case
        return other is None or view.visible_count(other) + concealed13[other] >= COPIES

    def riichi_possible(self, view: DealView, seat: int) -> bool:
        """At least 8 drawable tiles left (FIMJ-RICHI-2, FIMJ-GAP-19); open hands allowed."""
        return view.live_count >= _RIICHI_LIVE

    def can_riichi(self, view: DealView, seat: int, waits: tuple[Tile, ...]) -> bool:
        """Only a wait on exactly one tile kind (FIMJ-RICHI-1)."""
        return len(waits) == 1

    def check_void(self, view: DealView) -> str | None:
        """Four.

        (three at a table of three) same-wind first discards in turn, no claim between
        (FIMJ-END-1 C, FIMJ-END-3, FIMJ-3P-5).
        """
        log = view.discard_log
        if len(log) == len(view.live_seats) and view.calls_made == 0 and view.kongs_made == 0:
            first = log[0][1]
            if first.is_wind and all(t == first for _, t in log):
                return "same_wind_discards"
        return None

    def time_up(self, view: DealView) -> bool:
        """Time is up: finish the deal only after 4 discards, 3 at a table of three.

        "Nei tornei a tempo determinato si potrà finire la mano in corso allo scadere del tempo
        se vi sono almeno 4 scarti effettuati, comprese le eventuali chiamate" (FIMJ-TOURN-5);
        "allo scadere del tempo sono sufficienti 3 scarti" at a table of three (FIMJ-3P-6);
        otherwise the deal is abandoned without payments (FIMJ-GAP-44).
        """
        four, three = _TIME_UP_DISCARDS
        return len(view.discard_log) >= (three if self.options.three_players else four)

    def settle(self, outcome: DealOutcome) -> Settlement:
        """FIMJ settlement of every hand; a void deal pays nothing (FIMJ-END-2)."""
        if not outcome.winners and not outcome.status:
            return Settlement((), dict.fromkeys(SEAT_LETTERS, 0))  # void: FIMJ-END-2
        # the engine's records keep {from, to, amount} (no reasons), as they always have
        return replace(self.ruleset.settle(outcome), reasons=False)

    def first_round_wind(self, breach: Breach) -> int:
        """Tournament: the wind of the breach wall (FIMJ-TOURN-4); free play: East."""
        return breach.wall % 4 if self.options.tournament else 0

    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        """FIMJ-GAME-2/3/4, FIMJ-GAP-24: the match is 16 turns of East, four per round wind."""
        return rotate(
            progress,
            passes=self.options.tournament or any(w != progress.dealer for w in summary.winners),
            turns=16,
        )


def _maybe_special13(counts: Sequence[int], melds: int) -> bool:
    """:func:`_maybe_special` one tile short (a necessary condition)."""
    winds = [counts[w] for w in WINDS]
    if max(winds) <= 1 and sum(winds) >= len(WINDS) - 1:
        return True
    if melds:
        return False
    if sum(1 for t in TERMINALS_AND_HONORS if counts[t]) >= len(TERMINALS_AND_HONORS) - 1:
        return True
    dragons = [counts[d] for d in DRAGONS]
    if max(dragons) <= 1 and sum(dragons) >= len(DRAGONS) - 1:
        return True
    near = sum(
        sum(1 for r in range(_SNAKE_RUN) if not counts[s + r]) <= 1
        for s in range(0, NUM_SUITED, RANKS)
    )
    return near >= 2  # noqa: PLR2004 - two suits, each one tile short of its run


FLOW = FimjFlow
"""The engine hooks class of ``fimj``."""
