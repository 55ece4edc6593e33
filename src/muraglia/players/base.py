"""The player protocol and what every bot reads off a :class:`PlayerView` (DESIGN §9).

A player is anything with ``choose(view, legal) -> Action``: it sees only its
:class:`~muraglia.engine.views.PlayerView` and the engine's list of legal actions, and must
return one of them. Bots are seeded (an injected :class:`random.Random`) and deterministic.

:class:`Table` is the bots' reading of a view, computed once per decision: the own concealed
counts, each seat's declared melds as tile kinds, and how many copies of each kind are visible
(discards, melds, dora indicators).

>>> from muraglia.engine import Game
>>> from muraglia.engine.views import view_of
>>> from muraglia.rulesets import load_ruleset
>>> deal = Game(load_ruleset("ravenna"), seed=7).new_deal()
>>> t = Table.of(view_of(deal, 0))
>>> sum(t.counts), t.melds_of(0), t.seat_wind == Tile.EAST
(14, (), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from muraglia.engine.actions import Action
from muraglia.engine.views import PlayerView
from muraglia.errors import MahjongError
from muraglia.notation import parse_tiles
from muraglia.tiles import NUM_KINDS, WINDS, Tile

__all__ = ["Player", "Table", "load_rules", "meld_kinds", "rules_key"]


@runtime_checkable
class Player(Protocol):
    """Anything that picks one of the legal actions from what it may see (DESIGN §9)."""

    name: str
    """Registry name of the player (``random``, ``efficiency``, ``human``...)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One action of ``legal`` (never empty) for the view's seat."""
        ...


@lru_cache(maxsize=4096)
def meld_kinds(notation: str) -> tuple[Tile, ...]:
    """The tile kinds of a declared meld in notation (``[555z>]``, ``(5555p)``, ``[5555p+]``).

    >>> [t.notation for t in meld_kinds("[789s<]")]
    ['7s', '8s', '9s']
    """
    body = notation.strip("[]()").rstrip("<>^+")
    return tuple(p.kind for p in parse_tiles(body))


@dataclass(frozen=True, slots=True)
class Table:
    """A bot's reading of one view (see the module docstring)."""

    view: PlayerView
    """The view read."""
    counts: list[int]
    """The own concealed tiles as 34 counts."""
    melds: tuple[tuple[tuple[Tile, ...], ...], ...]
    """Each seat's declared melds as tile kinds."""
    visible: list[int]
    """Copies of each kind face up anywhere (discards, melds, indicators), capped so that
    ``visible + own <= 4``."""
    seat_wind: Tile
    """The viewer's own wind."""

    @classmethod
    def of(cls, view: PlayerView) -> Table:
        """Read ``view``."""
        counts = [0] * NUM_KINDS
        for t in view.hand:
            counts[t] += 1
        melds = tuple(tuple(meld_kinds(m) for m in ms) for ms in view.melds)
        visible = [0] * NUM_KINDS
        for s, ds in enumerate(view.discards):
            marks = view.claimed[s] if view.claimed else ()
            for i, t in enumerate(ds):
                if not (marks and marks[i]) and t < NUM_KINDS:  # claimed: counted in its meld;
                    visible[t] += 1  # a bonus tile discarded under FIMJ richi: not a kind
        for ms in melds:
            for m in ms:
                for t in m:
                    visible[t] += 1
        for t in view.indicators:
            visible[t] += 1
        for k in range(NUM_KINDS):
            cap = 4 - counts[k]
            if visible[k] > cap:
                visible[k] = max(cap, 0)
        seat_wind = (
            view.seat_winds[view.seat] if view.seat_winds else WINDS[(view.seat - view.dealer) % 4]
        )
        return cls(view, counts, melds, visible, seat_wind)

    def melds_of(self, seat: int) -> tuple[tuple[Tile, ...], ...]:
        """The declared melds of ``seat`` as tile kinds."""
        return self.melds[seat]

    @property
    def own_melds(self) -> int:
        """How many melds the viewer has declared."""
        return len(self.melds[self.view.seat])

    def unseen(self, kind: int) -> int:
        """Copies of ``kind`` the viewer has not seen (not in hand, not face up)."""
        return max(4 - self.counts[kind] - self.visible[kind], 0)

    def seat_wind_of(self, seat: int) -> Tile:
        """The own wind of ``seat`` (from the view, or counted from the dealer)."""
        if self.view.seat_winds:
            return self.view.seat_winds[seat]
        return WINDS[(seat - self.view.dealer) % 4]


def rules_key(rules: Any) -> tuple[object, ...]:
    """What a ruleset's scores and settlements depend on: its id and its options.

    The id alone is not enough: ``fimj(limit=300)`` caps a hand where ``fimj`` does not, and
    ``riichi-tenhou`` is ``riichi-ema`` with other options (a key of the bots' caches).
    """
    options = getattr(rules, "options", None)
    try:
        hash(options)
    except TypeError:  # an options object that cannot be a key: this ruleset object only
        return (id(rules), rules)
    return (type(rules).__name__, getattr(rules, "id", rules), options)


def load_rules(rules: object) -> Any:
    """The ruleset object (a scorer, with its options) of ``rules``; None if it cannot be loaded.

    ``rules`` is a ruleset object (returned as it is) or a spec such as ``riichi-tenhou`` or
    ``fimj(limit=300)``.
    """
    from muraglia.rulesets import ruleset_for  # noqa: PLC0415

    if rules is None or rules == "":
        return None
    if not isinstance(rules, str):
        return rules
    try:
        return ruleset_for(rules)
    except MahjongError:
        return None
