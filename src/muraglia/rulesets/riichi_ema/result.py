"""The lazy riichi result: notation, decomposition, fu and explanation made on first read."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from muraglia.analysis.groups import Decomposition
from muraglia.hand import Hand
from muraglia.rulesets.riichi_ema.fast import DECOMPOSITION_MAKERS, Best
from muraglia.rulesets.riichi_ema.fu import Fu
from muraglia.rulesets.riichi_ema.payments import SEATS, win_transfers
from muraglia.scoring.context import WinContext
from muraglia.scoring.result import Award, LazyField, LazyLines, ScoreResult, TileSource
from muraglia.tiles import LETTER_OF_WIND

if TYPE_CHECKING:
    from muraglia.rulesets.riichi_ema.ruleset import RiichiEma

SEAT_OF = LETTER_OF_WIND
"""Wind tile -> seat letter (:data:`muraglia.tiles.LETTER_OF_WIND`, read on the hot path)."""
LANGS = ("en", "it")
"""The languages of a riichi explanation, in the output's order."""


class Core(NamedTuple):
    """The scored reading before explanation (kept cheap for the search over readings)."""

    ctx: WinContext
    awards: tuple[Award, ...]
    valid: bool
    reason: str | None
    han: int
    yaku_han: int
    yakuman: int
    fu: Fu | None
    b: int
    limit: str | None
    value: int


def summary_of(c: Core) -> Best:
    """The result's view of a reference-scored reading."""
    ctx = c.ctx
    return Best(
        ctx.hand,
        ctx.decomposition,
        SEAT_OF[ctx.seat_wind],
        ctx.self_drawn,
        c.awards,
        c.valid,
        c.reason,
        c.han,
        c.yaku_han,
        c.yakuman,
        c.fu.total if c.fu else None,
        c.b,
        c.limit,
        c.value,
        ctx.reading,
    )


def _notation(hand: Hand) -> str:
    return hand.notation


def _decomposition(make: Callable[[], Decomposition]) -> Decomposition:
    return make()


_EXTRA_KEYS = ("yaku_han", "fu_breakdown", "basic_points")
_EXTRA_KEYS_YAKUMAN = (*_EXTRA_KEYS, "yakuman")


def win_transfers_of(
    c: Best, honba: int, sticks: int, discarder: str | None, liable: str | None
) -> list[tuple[str, str, int, str]]:
    """The transfers of a valid win (EMA-PAY, EMA-HONBA-4, EMA-PAO, sticks)."""
    out = win_transfers(
        c.b, c.winner, tsumo=c.tsumo, discarder=discarder, honba=honba, liable=liable
    )
    if sticks:
        out.append(("table", c.winner, 1000 * sticks, "riichi_sticks"))
    return out


class LazyExtra(Mapping[str, Any]):
    """The riichi output keys of a result; the fu breakdown is built when first read.

    It also keeps what the lazy explanation needs (:meth:`explain`): the reference scorer's
    view of the best reading (``Core``), rebuilt on first need from the score arguments when
    the fast path scored.
    """

    __slots__ = (
        "_c",
        "_core",
        "_discarder",
        "_fu",
        "_honba",
        "_labels",
        "_liable",
        "_lines",
        "_rs",
        "_sticks",
        "_transfers",
    )

    INIT_SLOTS = (
        "_c", "_core", "_rs", "_honba", "_sticks", "_discarder", "_liable",
        "_fu", "_labels", "_lines", "_transfers",
    )  # fmt: skip
    """The slots ``__init__`` sets: its arguments in order, then the memos (None). The C
    kernel's whole-call lane fills a LazyExtra through these."""

    def __init__(  # noqa: PLR0917 - made once per scored hand, by position
        self,
        c: Best,
        core: Core | tuple[Any, ...],
        ruleset: RiichiEma,
        honba: int,
        sticks: int,
        discarder: str | None,
        liable: str | None,
    ) -> None:
        self._c = c
        self._core = core
        self._fu: list[dict[str, Any]] | None = None
        self._labels: tuple[tuple[str, str], ...] | None = None
        self._lines: tuple[tuple[str, ...], tuple[str, ...]] | None = None
        self._transfers: list[tuple[str, str, int, str]] | None = None
        self._rs = ruleset
        self._honba = honba
        self._sticks = sticks
        self._discarder = discarder
        self._liable = liable

    def core(self) -> Core:
        """The reference scorer's view of the best reading."""
        core = self._core
        if not isinstance(core, Core):
            core = self._core = self._rs._reference_core(self._c, core, self._honba)
        return core

    def transfers(self) -> list[tuple[str, str, int, str]]:
        """The transfers of this valid win (made once for the payments and the explanation)."""
        done = self._transfers
        if done is None:
            done = self._transfers = win_transfers_of(
                self._c, self._honba, self._sticks, self._discarder, self._liable
            )
        return done

    def payments(self) -> dict[str, int]:
        """Net payment by seat (and ``table`` for the sticks) of this valid win."""
        payments = dict.fromkeys(SEATS, 0)
        if self._sticks:
            payments["table"] = 0
        for payer, payee, amount, _ in self.transfers():
            payments[payer] -= amount
            payments[payee] += amount
        return payments

    def located_awards(self) -> tuple[Award, ...]:
        """The awards of the best reading with the tiles that earn each."""
        return self._rs.table.locate(self.core().ctx, self._c.awards)

    def award_tiles(self) -> tuple[tuple[TileSource, ...] | None, ...]:
        """The tiles :meth:`located_awards` gives each award (None: kept as it is).

        Without the located awards: what the compiled output object prints.
        """
        return self._rs.table.award_tiles(self.core().ctx, self._c.awards)

    def explanation(self) -> LazyLines:
        """The explanation, each language's lines made on first access (:meth:`explain`)."""
        return LazyLines(LANGS, self.explain)

    def fu_labels(self) -> tuple[tuple[str, str], ...]:
        """The (English, Italian) labels of the fu lines (shared by breakdown and explanation)."""
        labels = self._labels
        if labels is None:
            fu = self.core().fu
            labels = self._labels = fu.labels() if fu else ()
        return labels

    def explain(self, lang: str) -> tuple[str, ...]:
        """The explanation lines in ``lang`` (both languages are made on the first call)."""
        lines = self._lines
        if lines is None:
            c = self._c
            transfers: list[tuple[str, str, int, str]] = []
            if c.valid and (c.tsumo or self._discarder is not None):
                transfers = self.transfers()
            lines = self._lines = self._rs._explain(
                self.core(), transfers, c.winner, self._discarder, self.fu_labels()
            )
        return lines[1] if lang == "it" else lines[0]

    def __getitem__(self, key: str) -> Any:
        c = self._c
        if key == "yaku_han":
            return c.yaku_han
        if key == "basic_points":
            return c.b
        if key == "yakuman" and c.yakuman:
            return c.yakuman
        if key == "fu_breakdown":
            if self._fu is None:
                fu = self.core().fu
                items = fu.items if fu else ()
                self._fu = [
                    {"en": en, "it": it, "fu": i.fu, "ref": i.ref}
                    for i, (en, it) in zip(items, self.fu_labels(), strict=True)
                ]
            return self._fu
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(_EXTRA_KEYS_YAKUMAN if self._c.yakuman else _EXTRA_KEYS)

    def __len__(self) -> int:
        return 4 if self._c.yakuman else 3


class RiichiResult(ScoreResult):
    """A :class:`ScoreResult` whose notation, decomposition, payments, award tiles are lazy.

    Its fields are :class:`~muraglia.scoring.result.LazyField`: scoring stores the parsed
    :class:`Hand` (formatting the notation eagerly was a fifth of a scoring call), the
    decomposition's maker (:data:`~muraglia.rulesets.riichi_ema.fast.DECOMPOSITION_MAKERS`)
    and the result's :class:`LazyExtra` in place of the awards (located on first read:
    :attr:`Award.tiles`), of a win's payments and of the explanation. ``RESULT_KEYS`` in
    ``ruleset.py`` lists the instance dict that ``RiichiEma._finish`` and the C kernel's
    ``front`` both make.
    """

    hand = LazyField(Hand, _notation)
    decomposition = LazyField(DECOMPOSITION_MAKERS, _decomposition)
    awards = LazyField(LazyExtra, LazyExtra.located_awards)
    payments = LazyField(LazyExtra, LazyExtra.payments)
    explanation = LazyField(LazyExtra, LazyExtra.explanation)
