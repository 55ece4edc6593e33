"""The engine hooks of a ruleset: :class:`DealFlow` and the dealer rotation :func:`rotate`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from muraglia.analysis.shanten import shanten_all  # the tables load at the first call
from muraglia.errors import MahjongError
from muraglia.hand import Hand
from muraglia.rulesets.base.vocabulary import (
    TERMS,
    Breach,
    CallKind,
    CharlestonPass,
    DealSummary,
    DealView,
    MatchProgress,
    TableRules,
    WallLayout,
)
from muraglia.scoring.result import DealOutcome, ScoreResult, Settlement
from muraglia.tiles import Tile

if TYPE_CHECKING:
    from muraglia.rulesets.base.ruleset import AnyRuleset

__all__ = ["DealFlow", "rotate"]

ONLY_WIN = frozenset({CallKind.WIN})
"""The claims of a discard once the live wall is empty (the last discard: only a win)."""
SETS = frozenset({CallKind.WIN, CallKind.PUNG, CallKind.KONG})
"""Win, pung and kong: the claims open to any seat."""
SETS_AND_CHOW = SETS | {CallKind.CHOW}
"""Every claim: the next player's (a chow from the left)."""

RulesetT = TypeVar("RulesetT", bound="AnyRuleset")
"""The ruleset class a flow serves (``DealFlow[RiichiEma]``)."""


class DealFlow(Generic[RulesetT]):
    """The engine hooks of one ruleset, with documented defaults (DESIGN §7).

    A ruleset's ``flow.py`` subclasses this and overrides only what differs. ``ruleset`` is the
    ruleset object (its options drive the flow). The constant facts of the table (wall layout,
    dead seats, Charleston, deal plan, claim policy, start score, riichi stake...) are one
    frozen :class:`TableRules` record, built once by :meth:`table_rules` and read as ``table``.
    The hooks:

    ====================  ============================================================
    hook                  default
    ====================  ============================================================
    ``table_rules``       :class:`TableRules` defaults (136 tiles, four seats...)
    ``break_wall``        two dice: wall and stack as FIMJ-WALL-2..4
    ``seat_wind_of``      winds by position from the dealer
    ``charleston_plan``   each exchange of ``charleston`` as seat-to-seat transfers
    ``allowed_calls``     win, pung, kong from anyone, chow from the left; only a win on
                          the discard made once the live wall is empty
    ``is_complete``       standard shape, seven pairs, thirteen orphans (shanten -1)
    ``may_wait``          13 tiles at shanten 0 or less (a filter before ``is_complete``)
    ``win_value``         ``Ruleset.score`` + ``Ruleset.can_win`` (the minimum to win)
    ``win_flags``         the engine's situation facts known to the ruleset
    ``riichi_possible``   False (no riichi)
    ``can_riichi``        False
    ``declarations``      () (no abortive declaration, e.g. nine terminals)
    ``check_void``        None (no abortive draw; asked after discards and riichi)
    ``void_unclaimed``    None (no abortive draw once a discard's claim window closed
                          without a win)
    ``may_kong``          True (a kong may be declared or claimed if a tile is left to
                          replace it)
    ``riichi_kong``       True (a kong under riichi that keeps the waits is allowed)
    ``kong_indicator_now``  True (a kong's indicator is turned at once, not after the
                          replacement's discard)
    ``settle``            ``Ruleset.settle``: :class:`DealOutcome` -> :class:`Settlement`
    ``first_round_wind``  0 (East)
    ``next_deal``         **abstract**: rotation and end of match
    ``end_of_match``      stakes left on the table are not paid out
    ====================  ============================================================
    """

    terms: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    """The ruleset's own deal-end reasons (abortive draws, declarations): id -> names
    ``{"en": ..., "it": ...}`` (and ``ja``/``zh`` where the ruleset has them); the shared ones
    are :data:`~muraglia.rulesets.base.vocabulary.TERMS`."""

    def __init__(self, ruleset: RulesetT) -> None:
        self.ruleset = ruleset
        self.options: Any = ruleset.options
        self.table: TableRules = self.table_rules()
        """The table's constant facts (built once, from the options)."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.table.players

    def term(self, term: str, lang: str = "en") -> str:
        """The name in ``lang`` (``en``, ``it``) of a deal-end reason, declaration or status.

        The ruleset's own :attr:`terms` first, then the shared ones; an id neither knows is
        returned as it is.

        >>> from muraglia.rulesets import load_ruleset
        >>> flow = load_ruleset("riichi-ema").flow()
        >>> flow.term("four_riichi", "it"), flow.term("exhausted", "en")
        ('pareggio forzato: quattro riichi', 'exhaustive draw: wall exhausted')
        """
        names = self.terms.get(term) or TERMS.get(term) or {}
        return names.get(lang) or names.get("en") or term

    def table_rules(self) -> TableRules:
        """The constant facts of this ruleset's table under its options (called once)."""
        return TableRules()

    # ---------------------------------------------------------------- set-up

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

    def charleston_plan(self) -> tuple[tuple[CharlestonPass, ...], ...]:
        """The exchanges after the deal, each as its transfers in order.

        In every exchange each live seat first chooses four tiles (FIMJ-CHARL-2), then the
        transfers move them. The default turns every offset of ``table.charleston`` into a
        transfer from each live seat to the seat at that offset.
        """
        live = [s for s in range(self.players) if s not in self.table.dead_seats]
        return tuple(
            tuple(CharlestonPass(s, (s + offset) % self.players) for s in live)
            for offset in self.table.charleston
        )

    # ---------------------------------------------------------------- play

    def allowed_calls(
        self, view: DealView, seat: int, discarder: int, tile: Tile
    ) -> frozenset[CallKind]:
        """Claims ``seat`` may make on ``discarder``'s ``tile`` by position and rules.

        (the engine then checks the hand). Default: chow only from the previous player.
        """
        if view.live_count == 0:
            return ONLY_WIN  # nothing left to draw: only the last discard win
        return SETS_AND_CHOW if view.next_seat(discarder) == seat else SETS

    def is_complete(self, counts: Sequence[int], melds: int) -> bool:
        """Whether concealed ``counts`` plus ``melds`` declared sets form a winning shape."""
        return shanten_all(counts, melds) == -1

    def may_wait(self, counts: Sequence[int], melds: int) -> bool:
        """Filter: False only if no tile can complete these 13 concealed ``counts``.

        The engine skips :meth:`is_complete` on discards for hands this rejects; it must
        never reject a hand that some tile completes (the default: shanten at most 0).
        """
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
        can_win = getattr(self.ruleset, "can_win", None)
        if can_win is None:
            raise NotImplementedError
        result = self.scored_win(view, seat, hand, self_drawn=self_drawn, flags=flags)
        return int(result.value) if result is not None and can_win(result) else None

    def scored_win(
        self,
        view: DealView,
        seat: int,
        hand: Hand,
        *,
        self_drawn: bool,
        flags: frozenset[str],
        **situation: Any,
    ) -> ScoreResult | None:
        """:meth:`Ruleset.score` of ``hand`` as ``seat``'s win now, None if the scorer refuses it.

        The seat and round winds and the dora indicators come from ``view``; ``situation``
        adds the ruleset's own keywords (riichi: the counters). The scoring of
        :meth:`win_value`, for the flows that add their own conditions around it.

        Raises:
            NotImplementedError: for a ruleset without ``score``.
        """
        score = getattr(self.ruleset, "score", None)
        if score is None:
            raise NotImplementedError
        try:
            result: ScoreResult = score(
                hand,
                win="tsumo" if self_drawn else "ron",
                seat_wind=view.seat_wind(seat),
                round_wind=view.round_wind,
                flags=flags,
                dora=tuple(view.indicators),
                **situation,
            )
        except MahjongError:
            return None
        return result

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

    # ---------------------------------------------------------------- end of deal / match

    def time_up(self, view: DealView) -> bool:
        """Time is called during this deal: True plays it to its end, False abandons it.

        Default: the deal in progress is finished (the EMA/MCR/Seipalle decision).
        """
        return True

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
