"""Scoring patterns as data plus a predicate, and the table that evaluates them (DESIGN §6).

A :class:`Pattern` is one scoring element of a ruleset (a yaku, a fan, a points item, a
double, a limit hand): a stable id, bilingual names, a closed and an open value (``None`` = not
allowed on an open hand), a unit, the rule reference, the patterns it excludes or implies and a
predicate ``(ctx) -> bool | int`` (an int counts how many times it applies).

A :class:`PatternTable` collects them with a decorator and does the work an if-chain would:

>>> from muraglia.scoring.predicates import all_simples
>>> table = PatternTable("demo", unit="han")
>>> @table.pattern("tanyao", names={"en": "All Simples", "it": "Tutti semplici"},
...                closed=1, open=1, ref="DEMO-1")
... def tanyao(ctx): return all_simples(ctx)
>>> @table.pattern("big", names={"en": "Big", "it": "Grande"}, closed=3, open=None,
...                ref="DEMO-2", excludes=("tanyao",))
... def big(ctx): return False
>>> [p.id for p in table], table["big"].value(concealed=False)
(['tanyao', 'big'], None)

Resolution (:meth:`PatternTable.evaluate`):

1. every pattern whose value for the hand's concealment is not None (and, for a ``won_only``
   pattern, on a hand that won: not ``WinType.NONE``), with at least
   ``min_groups`` (at least one) groups of its ``requires`` kinds (if any), using at most
   ``max_suits`` of the suits m, p, s, one of whose
   ``flags_any`` (if any) is set, whose layout has one of the ``shapes`` (if any), holding
   bonus tiles if it declares ``bonus``, one of whose ``tiles_any`` kinds (if any) is in the
   hand and (with ``tiles_within``) no kind of which is outside ``tiles_within`` is tried; a
   truthy result gives an :class:`Award` (value x count);
2. ``implies``: an awarded pattern also awards the listed patterns (counted, at their own value)
   even if their predicate is false — for "A always scores B too" notes;
3. ``excludes`` — one meaning, "A excludes B: when A counts, B is not counted", read in one
   of two ways chosen per table (``exclusion``):

   - ``"kept"`` (the default; riichi, MCR): going through the awards from the highest value
     down (ties: table order), an award excluded by an already kept one is dropped. This is the
     non-repeat principle of a ranked table: a lower award never removes a higher one, two
     patterns that exclude each other keep the better (the first on a tie), and in a chain
     A -> B -> C, C still counts when B was dropped by A (list C under A if A replaces it too);
   - ``"found"`` (the Italian tables' *comprende*, "includes": seed 003 and SEI-DBL-D25, "the
     listed value already replaces X"): a pattern listed by any pattern found on the hand is
     dropped, whatever the two values and whether the excluding pattern is itself kept — tutte
     coppie di testa (4) replaces tutte teste (5), and exclusion is transitive along a chain.
     Two patterns listing each other would both be dropped, so such a table declares one way;
4. with ``limit_exclusive`` tables, any limit award drops every non-limit award.

>>> kept = PatternTable("demo", unit="doubles")
>>> found = PatternTable("demo", unit="doubles", exclusion="found")
>>> for t in (kept, found):
...     _ = t.pattern("pairs_of_heads", names={"en": "P", "it": "P"}, closed=4, open=4,
...                   ref="D-3", excludes=("all_heads",))(lambda ctx: True)
...     _ = t.pattern("all_heads", names={"en": "H", "it": "H"}, closed=5, open=5, ref="D-4")(
...         lambda ctx: True)
>>> [[a.id for a in t.resolve({"pairs_of_heads": 1, "all_heads": 1}, concealed=True)]
...  for t in (kept, found)]
[['pairs_of_heads', 'all_heads'], ['pairs_of_heads']]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple, get_args

from muraglia.analysis.groups import GroupKind
from muraglia.errors import RulesetError
from muraglia.scoring.context import WinContext, WinType
from muraglia.scoring.locate import Locator, sources, whole_hand
from muraglia.scoring.result import Award, TileSource
from muraglia.tiles import Tile

__all__ = ["Exclusion", "Pattern", "PatternTable", "Predicate", "parse_example"]

Predicate = Callable[[WinContext], "bool | int"]
"""A pattern predicate: True/False, or how many times the pattern applies."""

Exclusion = Literal["kept", "found"]
"""How a table reads ``excludes`` (module docstring, step 3): ``kept`` — an award excluded by an
award already kept, from the highest value down; ``found`` — a pattern listed by any pattern
found on the hand (the Italian *comprende*)."""


class _Step(NamedTuple):
    """What :meth:`PatternTable.find` reads of one pattern allowed at a concealment."""

    pid: str
    requires: frozenset[GroupKind]
    least: int
    max_suits: int
    flags_any: frozenset[str]
    tiles_any: frozenset[Tile]
    predicate: Predicate
    tiles_within: frozenset[Tile]
    shapes: frozenset[str]
    bonus: bool


_LIST_KEYS = frozenset({"flags", "dora", "ura"})


def parse_example(text: str) -> tuple[str, dict[str, Any]]:
    """Split a :attr:`Pattern.examples` entry into the hand and the ``score`` keywords.

    An example is the hand's notation followed by ``key=value`` words for the scorer's
    situation; ``flags``, ``dora`` and ``ura`` take comma-separated lists, digits give ints.

    >>> parse_example("234m567m345p67s22p+8s win=tsumo seat_wind=S flags=riichi,ippatsu")
    ('234m567m345p67s22p+8s', {'win': 'tsumo', 'seat_wind': 'S', 'flags': ['riichi', 'ippatsu']})

    Raises:
        RulesetError: for a word that is not ``key=value``.
    """
    hand, *words = text.split()
    out: dict[str, Any] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or not key:
            raise RulesetError(f"example {text!r}: {word!r} is not key=value")
        if key in _LIST_KEYS:
            out[key] = [v for v in value.split(",") if v]
        else:
            out[key] = int(value) if value.isdigit() else value
    return hand, out


def _plan(patterns: Iterable[Pattern], concealed: bool, won: bool = True) -> tuple[_Step, ...]:
    """The evaluation steps of the patterns allowed at this concealment, in table order.

    ``won``: False for a hand that did not win, which leaves out the ``won_only`` patterns.
    """
    return tuple(
        _Step(
            p.id,
            p.requires,
            max(1, p.min_groups),
            p.max_suits,
            p.flags_any,
            p.tiles_any,
            p.predicate,
            p.tiles_within,
            p.shapes,
            p.bonus,
        )
        for p in patterns
        if p.value(concealed=concealed) is not None and (won or not p.won_only)
    )


_Filtered = tuple[str, frozenset[Tile], Predicate, frozenset[Tile]]
_FILTERED_MAX = 512
"""Bound of the per-table cache of filtered plans (distinct concealment/kinds/flags keys)."""


def _filter(
    plan: Iterable[_Step],
    present: Mapping[GroupKind, int],
    flags: frozenset[str],
    suits: int,
    *,
    shape: str,
    bonus: bool,
) -> tuple[_Filtered, ...]:
    """The steps of ``plan`` that the situation allows.

    Its declared group kinds (counted), suits, flags, layout ``shape`` and bonus tiles.
    """
    return tuple(
        (step.pid, step.tiles_any, step.predicate, step.tiles_within)
        for step in plan
        if not (step.requires and sum(present.get(k, 0) for k in step.requires) < step.least)
        and suits <= step.max_suits
        and not (step.flags_any and step.flags_any.isdisjoint(flags))
        and not (step.shapes and shape not in step.shapes)
        and (bonus or not step.bonus)
    )


@dataclass(frozen=True)
class Pattern:
    """One scoring element: data plus its predicate."""

    id: str
    """Stable id, unique within the ruleset (``riichi``, ``all_simples``...)."""
    names: Mapping[str, str]
    """Display names by language: at least ``it`` and ``en``; ``ja`` or ``zh`` where relevant."""
    closed: int | None
    """Value on a concealed hand (None: not allowed concealed, rare)."""
    open: int | None
    """Value on an open hand (None: not allowed open)."""
    unit: str
    """Unit of the value: ``han``, ``fan``, ``points``, ``doubles``, ``yakuman``, ..."""
    ref: str
    """Rule reference (spec rule id such as ``EMA-YAKU-05``)."""
    predicate: Predicate = field(repr=False, compare=False)
    """``(ctx) -> bool | int``."""
    excludes: tuple[str, ...] = ()
    """Ids not counted when this pattern is awarded."""
    implies: tuple[str, ...] = ()
    """Ids also awarded (at their own value) when this pattern is awarded."""
    limit: bool = False
    """Whether this is a limit hand (yakuman, massimo, ...)."""
    requires: frozenset[GroupKind] = frozenset()
    """Group kinds that must be present for the predicate to be worth calling."""
    min_groups: int = 1
    """With ``requires``: how many groups of those kinds the predicate needs at least."""
    max_suits: int = 3
    """The pattern is only tried when the hand uses at most this many suits (flushes: 1)."""
    flags_any: frozenset[str] = frozenset()
    """If set, the pattern is only tried when one of these flags is set (a cheap skip)."""
    tiles_any: frozenset[Tile] = frozenset()
    """If set, the pattern is only tried when the hand holds one of these kinds (a cheap skip)."""
    tiles_within: frozenset[Tile] = frozenset()
    """If set, the pattern is only tried when every kind of the hand is one of these."""
    shapes: frozenset[str] = frozenset()
    """If set, the pattern is only tried on a layout of one of these shapes
    (:attr:`Decomposition.shape <muraglia.analysis.groups.Decomposition.shape>`: ``standard``,
    ``seven_pairs``...), for patterns of one shape (a cheap skip)."""
    bonus: bool = False
    """The pattern is only tried on a hand holding bonus tiles (flowers, seasons)."""
    examples: tuple[str, ...] = ()
    """Hands that score this pattern: notation plus ``key=value`` situation words
    (:func:`parse_example`); ``tests/rulesets/test_contract.py`` scores every one."""
    note: str = ""
    """Free text shown in the generated reference."""
    locate: Locator = field(default=whole_hand, repr=False, compare=False)
    """Which groups and tiles of the reading earn the pattern (:mod:`muraglia.scoring.locate`;
    default: the whole hand, for patterns about the hand as a whole)."""
    won_only: bool = False
    """Only tried on a hand that won (FIMJ's closing doubles and massimi, Ravenna's hand-shape
    doubles and massimi, RAV-DBL-3: a non-winner's hand points, ``WinType.NONE``, never have
    them)."""
    category: str | None = None
    """What the value means where the unit does not say it all, copied to every
    :attr:`Award.category` (FIMJ: ``points``, ``fundamental``/``closing`` doubles, ``limit``)."""

    def value(self, *, concealed: bool) -> int | None:
        """The value for a concealed or open hand (None: not allowed)."""
        return self.closed if concealed else self.open

    def name(self, lang: str = "en") -> str:
        """The display name in ``lang`` (falls back to English)."""
        return self.names.get(lang) or self.names["en"]

    def award(self, count: int = 1, *, concealed: bool = True) -> Award:
        """The :class:`Award` of this pattern applied ``count`` times."""
        per = self.value(concealed=concealed)
        if per is None:
            raise RulesetError(f"pattern {self.id!r} is not allowed on this hand")
        return Award(
            self.id,
            self.names,
            per * count,
            self.unit,
            count=count,
            ref=self.ref,
            limit=self.limit,
            category=self.category,
        )

    def named_row(self, **columns: Any) -> dict[str, Any]:
        """``id``, ``ref``, the Italian and English names, then ``columns``, as a plain dict.

        The row of a ruleset whose ``muraglia rules --json`` prints its own columns.
        """
        return {"id": self.id, "ref": self.ref, "it": self.names["it"], "en": self.names["en"],
                **columns}  # fmt: skip

    def row(self) -> dict[str, Any]:
        """This pattern as a plain dict (``muraglia rules``, generated docs)."""
        return {
            "id": self.id,
            **{lang: name for lang, name in self.names.items()},
            "closed": self.closed,
            "open": self.open,
            "unit": self.unit,
            "ref": self.ref,
            "limit": self.limit,
            "excludes": list(self.excludes),
            "implies": list(self.implies),
        }


class PatternTable:
    """The ordered collection of a ruleset's patterns (see module docstring)."""

    def __init__(
        self,
        ruleset: str,
        *,
        unit: str,
        limit_exclusive: bool = False,
        exclusion: Exclusion = "kept",
    ) -> None:
        """An empty table for ``ruleset`` whose patterns default to ``unit``.

        ``exclusion`` says how ``excludes`` is read (:data:`Exclusion`, module docstring).

        Raises:
            RulesetError: for an unknown ``exclusion``.
        """
        if exclusion not in get_args(Exclusion):
            raise RulesetError(
                f"{ruleset}: exclusion must be one of {', '.join(get_args(Exclusion))}, "
                f"not {exclusion!r}"
            )
        self.ruleset = ruleset
        self.unit = unit
        self.limit_exclusive = limit_exclusive
        self.exclusion: Exclusion = exclusion
        self._patterns: dict[str, Pattern] = {}
        self._order: dict[str, int] = {}
        self._plans: dict[tuple[bool, bool], tuple[_Step, ...]] = {}
        self._awards: dict[tuple[str, int, bool], Award] = {}
        self._filtered: dict[
            tuple[bool, frozenset[tuple[GroupKind, int]], frozenset[str], int, bool, str, bool],
            tuple[_Filtered, ...],
        ] = {}
        self._suits: bool | None = None
        self.version = 0
        """Bumped by every registration: compiled views of the table (fast paths) rebuild when
        it changes."""

    def pattern(
        self,
        id: str,
        *,
        names: Mapping[str, str],
        closed: int | None,
        open: int | None,
        ref: str,
        unit: str | None = None,
        excludes: Sequence[str] = (),
        implies: Sequence[str] = (),
        limit: bool = False,
        requires: Sequence[GroupKind] = (),
        min_groups: int = 1,
        max_suits: int = 3,
        flags_any: Iterable[str] = (),
        tiles_any: Iterable[Tile] = (),
        tiles_within: Iterable[Tile] = (),
        shapes: Iterable[str] = (),
        bonus: bool = False,
        examples: Sequence[str] = (),
        note: str = "",
        locate: Locator = whole_hand,
        won_only: bool = False,
        category: str | None = None,
    ) -> Callable[[Predicate], Predicate]:
        """Decorator registering a predicate as pattern ``id``.

        Raises:
            RulesetError: on a duplicate id or names without ``it`` and ``en``.
        """
        if id in self._patterns:
            raise RulesetError(f"{self.ruleset}: duplicate pattern id {id!r}")
        if "en" not in names or "it" not in names:
            raise RulesetError(f"{self.ruleset}: pattern {id!r} needs 'it' and 'en' names")

        def register(fn: Predicate) -> Predicate:
            self.version += 1
            self._plans.clear()
            self._filtered.clear()
            self._awards.clear()
            self._suits = None
            self._patterns[id] = Pattern(
                id=id,
                names=dict(names),
                closed=closed,
                open=open,
                unit=unit or self.unit,
                ref=ref,
                predicate=fn,
                excludes=tuple(excludes),
                implies=tuple(implies),
                limit=limit,
                requires=frozenset(requires),
                min_groups=min_groups,
                max_suits=max_suits,
                flags_any=frozenset(flags_any),
                tiles_any=frozenset(tiles_any),
                tiles_within=frozenset(tiles_within),
                shapes=frozenset(shapes),
                bonus=bonus,
                examples=tuple(examples),
                note=note,
                locate=locate,
                won_only=won_only,
                category=category,
            )
            return fn

        return register

    def __iter__(self) -> Iterator[Pattern]:
        """The patterns in declaration order."""
        return iter(self._patterns.values())

    def __len__(self) -> int:
        """Number of patterns."""
        return len(self._patterns)

    def __contains__(self, pattern_id: object) -> bool:
        """Whether an id is declared."""
        return pattern_id in self._patterns

    def __getitem__(self, pattern_id: str) -> Pattern:
        """The pattern with ``pattern_id``.

        Raises:
            RulesetError: for an unknown id.
        """
        try:
            return self._patterns[pattern_id]
        except KeyError:
            raise RulesetError(f"{self.ruleset}: unknown pattern {pattern_id!r}") from None

    def with_values(self, values: Mapping[str, tuple[int | None, int | None]]) -> PatternTable:
        """A copy of this table with some patterns' ``(closed, open)`` values replaced.

        For option presets that change values without forking the table (Tenhou's open
        tanyao, double yakuman). ``(None, None)`` switches a pattern off.

        >>> t = PatternTable("demo", unit="han")
        >>> @t.pattern("x", names={"en": "X", "it": "X"}, closed=1, open=None, ref="D-1")
        ... def x(ctx): return True
        >>> t.with_values({"x": (1, 1)})["x"].open, t["x"].open
        (1, None)

        Raises:
            RulesetError: for an unknown id.
        """
        out = PatternTable(
            self.ruleset,
            unit=self.unit,
            limit_exclusive=self.limit_exclusive,
            exclusion=self.exclusion,
        )
        out._patterns = dict(self._patterns)
        out._plans = {}
        out._filtered = {}
        out._awards = {}
        out._suits = None
        for pid, (closed, open_) in values.items():
            out._patterns[pid] = replace(self[pid], closed=closed, open=open_)
        return out

    def check(self) -> None:
        """Check that every excluded/implied id exists.

        Raises:
            RulesetError: naming the dangling reference.
        """
        for p in self:
            for other in (*p.excludes, *p.implies):
                if other not in self._patterns:
                    raise RulesetError(f"{self.ruleset}: {p.id!r} refers to unknown {other!r}")

    def _uses_suits(self) -> bool:
        """Whether a pattern declares ``max_suits`` (the hand's suits are then counted)."""
        if self._suits is None:
            self._suits = any(p.max_suits < 3 for p in self._patterns.values())
        return self._suits

    def evaluate(self, ctx: WinContext, *, skip: frozenset[str] = frozenset()) -> tuple[Award, ...]:
        """The awards of ``ctx`` after implications and exclusions, in table order."""
        return self.resolve(self.find(ctx, skip=skip), concealed=ctx.is_concealed)

    def find(
        self,
        ctx: WinContext,
        *,
        skip: frozenset[str] = frozenset(),
        among: Iterable[Pattern] | None = None,
    ) -> dict[str, int]:
        """Step 1 of :meth:`evaluate`: every pattern whose predicate holds, with its count.

        ``among`` restricts the search to some patterns (a ruleset's shape-specific subset).
        """
        concealed = ctx.is_concealed
        won = ctx.win is not WinType.NONE
        present: dict[GroupKind, int] = {}
        for g in ctx.groups:
            present[g.kind] = present.get(g.kind, 0) + 1
        flags = ctx.flags if type(ctx.flags) is frozenset else frozenset(ctx.flags)
        shape = ctx.decomposition.shape
        bonus = bool(ctx.hand.bonus)
        if among is None:
            # the steps whose declared group kinds and flags are present, cached per situation
            suits = len(ctx.suits) if self._uses_suits() else 3
            key = (concealed, frozenset(present.items()), flags, suits, won, shape, bonus)
            steps = self._filtered.get(key)
            if steps is None:
                plan = self._plans.get((concealed, won))
                if plan is None:
                    plan = self._plans[concealed, won] = _plan(
                        self._patterns.values(), concealed, won
                    )
                if len(self._filtered) >= _FILTERED_MAX:
                    self._filtered.clear()
                steps = self._filtered[key] = _filter(
                    plan, present, flags, suits, shape=shape, bonus=bonus
                )
        else:
            plan = _plan(among, concealed, won)
            steps = _filter(plan, present, flags, len(ctx.suits), shape=shape, bonus=bonus)
        found: dict[str, int] = {}
        kinds: frozenset[Tile] | None = None
        for pid, tiles_any, predicate, tiles_within in steps:
            if tiles_any or tiles_within:
                if kinds is None:
                    kinds = ctx.kinds
                if tiles_any and tiles_any.isdisjoint(kinds):
                    continue
                if tiles_within and not kinds <= tiles_within:
                    continue
            if skip and pid in skip:
                continue
            n = predicate(ctx)
            if n and int(n) > 0:  # most predicates are false: no int() for them
                found[pid] = int(n)
        return found

    def resolve(
        self,
        found: Mapping[str, int],
        *,
        concealed: bool,
        values: Mapping[str, int] | None = None,
    ) -> tuple[Award, ...]:
        """Steps 2-4 of :meth:`evaluate` on ``found`` (pattern id -> count).

        ``values`` overrides the value per application of some patterns (edition or option
        dependent values, e.g. MCR's ``edition=2006``); ranking and awards use it.
        """
        pats = self._patterns
        found = dict(found)
        for pid in list(found):
            for implied in pats[pid].implies:
                ip = pats[implied]
                if implied not in found and ip.value(concealed=concealed) is not None:
                    found[implied] = 1
        order = self._order
        if len(order) != len(pats):
            order.update((pid, i) for i, pid in enumerate(pats))
        over = values or {}
        per = {
            pid: over[pid] if pid in over else pats[pid].value(concealed=concealed) or 0
            for pid in found
        }
        dropped: set[str] = set()
        kept: list[str] = []
        if self.exclusion == "found":  # the Italian "comprende": any found pattern replaces
            for pid in found:
                dropped.update(pats[pid].excludes)
            kept = [pid for pid in found if pid not in dropped]
        else:  # "kept": from the highest value down, excluded by an award already kept
            for pid in sorted(found, key=lambda pid: (-per[pid] * found[pid], order[pid])):
                if pid in dropped:
                    continue
                kept.append(pid)
                excludes = pats[pid].excludes
                if excludes:
                    dropped.update(excludes)
        if self.limit_exclusive and any(pats[pid].limit for pid in kept):
            kept = [pid for pid in kept if pats[pid].limit]
        kept.sort(key=order.__getitem__)
        out: list[Award] = []
        cache = self._awards
        for pid in kept:
            n = found[pid]
            if pid in over:
                out.append(replace(pats[pid].award(n, concealed=concealed), value=over[pid] * n))
                continue
            # awards are immutable: one shared object per (pattern, count, concealment)
            cached = cache.get((pid, n, concealed))
            if cached is None:
                cached = cache[pid, n, concealed] = pats[pid].award(n, concealed=concealed)
            out.append(cached)
        return tuple(out)

    def locate(self, ctx: WinContext, awards: Iterable[Award]) -> tuple[Award, ...]:
        """``awards`` found on ``ctx``, each with the tiles its pattern's locator names.

        Run once, on the reading finally scored (the search over readings shares unlocated
        awards); awards of ids not in the table, or already located, are kept as they are.

        >>> from muraglia.notation import parse_hand
        >>> from muraglia.analysis.decompose import decompose
        >>> from muraglia.scoring.locate import pungs_of
        >>> t = PatternTable("demo", unit="han")
        >>> @t.pattern("red", names={"en": "Red", "it": "Rosso"}, closed=1, open=1, ref="D-1",
        ...            locate=pungs_of({Tile.RED}))
        ... def red(ctx): return ctx.counts[Tile.RED] >= 3
        >>> hand = parse_hand("234m567p11z[777z][789s<]+4m")
        >>> ctx = WinContext(hand, decompose(hand)[0], None, "ron", Tile.EAST, Tile.EAST)
        >>> [s.to_dict() for s in t.locate(ctx, t.evaluate(ctx))[0].tiles]
        [{'where': 'meld', 'tiles': '777z', 'meld': 0}]
        """
        given = tuple(awards)
        return tuple(
            [
                a if tiles is None else a.with_tiles(tiles)
                for a, tiles in zip(given, self.award_tiles(ctx, given), strict=True)
            ]
        )

    def award_tiles(
        self, ctx: WinContext, awards: Iterable[Award]
    ) -> tuple[tuple[TileSource, ...] | None, ...]:
        """The tiles :meth:`locate` gives each of ``awards`` (None: the award is kept as it is).

        For a printer that needs the tiles, not the located :class:`Award` objects (riichi's
        compiled output object).
        """
        pats = self._patterns
        hand = ctx.hand
        out: list[tuple[TileSource, ...] | None] = []
        for a in awards:
            p = pats.get(a.id)
            if p is None or a.tiles is not None:
                out.append(None)
                continue
            located = p.locate(ctx)  # () for a situation (riichi, tsumo): no sources to place
            out.append(sources(hand, located) if located else ())
        return tuple(out)

    def award_of(self, pattern_id: str, count: int, *, concealed: bool) -> Award:
        """The (shared, immutable) :class:`Award` of a pattern applied ``count`` times.

        >>> t = PatternTable("demo", unit="han")
        >>> @t.pattern("x", names={"en": "X", "it": "X"}, closed=2, open=1, ref="D-1")
        ... def x(ctx): return True
        >>> a = t.award_of("x", 3, concealed=True)
        >>> a.value, a is t.award_of("x", 3, concealed=True)
        (6, True)

        Raises:
            RulesetError: for an unknown id or a pattern not allowed at this concealment.
        """
        cached = self._awards.get((pattern_id, count, concealed))
        if cached is None:
            cached = self[pattern_id].award(count, concealed=concealed)
            self._awards[pattern_id, count, concealed] = cached
        return cached

    def rows(self) -> list[dict[str, Any]]:
        """Every pattern as a plain dict, in order."""
        return [p.row() for p in self]

    def markdown(self, *, langs: Sequence[str] = ("en", "it", "ja")) -> str:
        """A Markdown table of the patterns (for ``muraglia rules --format md``)."""

        def cell(v: int | None) -> str:
            return "—" if v is None else str(v)

        head = ["id", *langs, "closed", "open", "unit", "rule", "notes"]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for p in self:
            notes = []
            if p.limit:
                notes.append("limit")
            if p.excludes:
                notes.append("excludes " + ", ".join(f"`{x}`" for x in p.excludes))
            if p.implies:
                notes.append("implies " + ", ".join(f"`{x}`" for x in p.implies))
            if p.note:
                notes.append(p.note)
            names = [p.names.get(lang, "") for lang in langs]
            row = [f"`{p.id}`", *names, cell(p.closed), cell(p.open), p.unit, p.ref]
            lines.append("| " + " | ".join([*row, "; ".join(notes)]) + " |")
        return "\n".join(lines) + "\n"
