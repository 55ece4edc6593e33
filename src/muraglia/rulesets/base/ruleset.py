"""The scoring base of a ruleset: :class:`Ruleset` and the :class:`AnyRuleset` protocol.

A ruleset is an object the engine and the CLI consult; it never subclasses the game state.
Subclasses of :class:`Ruleset` set the ClassVars, declare a frozen ``Options`` dataclass
(``Ruleset[EmaOptions]`` types ``self.options``) and override the hooks whose default does not
fit:

=====================  =====================================================================
hook                   default
=====================  =====================================================================
``context``            builds a :class:`WinContext` for one decomposition x reading
``evaluate``           **abstract**: one context -> :class:`ScoreResult`
``score_key``          ``(valid, value)``: the best reading has the highest key
``score``              every decomposition x reading, keeps the best by ``score_key``
``can_win``            ``result.valid``
``settle``             **abstract**: :class:`DealOutcome` -> :class:`Settlement`
``score_dict``         parses the ``muraglia score`` input object, calls ``score``
``settle_dict``        parses the ``muraglia settle`` input object, calls ``settle``
``describe``           the pattern table as rows (``muraglia rules``)
``reference_markdown`` the generated ``docs/rulesets/<id>.md``
``flow``               **abstract**: the ruleset's engine hooks (its ``flow.py``)
=====================  =====================================================================

FIMJ, which scores every hand, takes ``WinType.NONE`` for a hand that did not win. The other
Italian rulesets (seipalle, ravenna) were written before this base and do not subclass it yet;
they satisfy :class:`AnyRuleset`, which is all the registry, the engine and the CLI rely on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import Decomposition
from muraglia.analysis.shapes import DEFAULT_SHAPES, Shape
from muraglia.analysis.waits import Reading, readings
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.rulesets.base.options import NoOptions
from muraglia.scoring.accepts import InputRules, check_input_keys
from muraglia.scoring.context import WinContext, WinType, parse_win, parse_wind, win_context
from muraglia.scoring.deal import read_deal
from muraglia.scoring.inputs import plain_arguments
from muraglia.scoring.patterns import PatternTable
from muraglia.scoring.result import DEAL_KEYS, DealOutcome, ScoreResult, Settlement
from muraglia.tiles import Tile, wind_letter

if TYPE_CHECKING:
    from muraglia.rulesets.base.flow import DealFlow

__all__ = [
    "AnyRuleset",
    "InputScorer",
    "OptionsT",
    "Ruleset",
    "RulesetProtocol",
    "as_hand",
    "as_tiles",
    "input_object",
]

OptionsT = TypeVar("OptionsT")
"""The frozen options dataclass of one ruleset."""


@runtime_checkable
class AnyRuleset(Protocol):
    """What the registry, the engine and the CLI need from any ruleset object.

    ``options`` is typed ``object`` here on purpose: code that reads an option narrows the
    ruleset to its class first (``load_ruleset("mcr")`` is already typed ``McrRules``), so a
    misspelt option name fails ``mypy --strict``.
    """

    id: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[int]
    title: ClassVar[Mapping[str, str]]
    sources: ClassVar[tuple[str, ...]]
    flags: ClassVar[Mapping[str, str]]
    """Situation flags the scorer reads: flag -> meaning (one type in every ruleset)."""
    flags_it: ClassVar[Mapping[str, str]]
    """The same meanings in Italian (every name a player sees is bilingual)."""

    @property
    def options(self) -> object:
        """The ruleset's options (a frozen dataclass instance)."""
        ...  # pragma: no cover

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object for one input object."""
        ...  # pragma: no cover

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia settle`` output object for one input object."""
        ...  # pragma: no cover

    def describe(self) -> list[dict[str, Any]]:
        """The scoring elements as rows."""
        ...  # pragma: no cover

    def score(
        self,
        hand: str | Hand,
        *,
        win: str | WinType = ...,
        seat_wind: str | Tile = ...,
        round_wind: str | Tile = ...,
        flags: Iterable[str] = ...,
        dora: Iterable[str | Tile] | None = ...,
        ura: Iterable[str | Tile] | None = ...,
        **situation: Any,
    ) -> ScoreResult:
        """The typed result of one hand (``muraglia.score``; interfaces.md §4)."""
        ...  # pragma: no cover

    def flow(self) -> DealFlow[Any]:
        """The ruleset's engine hooks (a new :class:`DealFlow` bound to this object)."""
        ...  # pragma: no cover


RulesetProtocol = AnyRuleset
"""Old name of :class:`AnyRuleset`."""


def input_object(
    hand: str | Hand,
    *,
    win: str | WinType,
    seat_wind: str | Tile,
    round_wind: str | Tile,
    flags: Iterable[str],
    dora: Iterable[str | Tile] | None,
    ura: Iterable[str | Tile] | None,
    situation: Mapping[str, Any],
) -> dict[str, Any]:
    """The ``muraglia score`` input object of a :meth:`Ruleset.score` call.

    For the rulesets that read their input as that object (the classical ones validate it
    against their declared :class:`~muraglia.scoring.accepts.InputRules`); their typed result
    is built from it directly, never from an output object.

    >>> input_object("123m+4m", win="ron", seat_wind="S", round_wind="E", flags={"b", "a"},
    ...              dora=None, ura=None, situation={"discarder": "W"})["flags"]
    ['a', 'b']
    """
    data: dict[str, Any] = {
        "hand": hand if isinstance(hand, str) else hand.notation,
        "win": win.value if isinstance(win, WinType) else win,
        "seat_wind": seat_wind if isinstance(seat_wind, str) else wind_letter(seat_wind),
        "round_wind": round_wind if isinstance(round_wind, str) else wind_letter(round_wind),
        "flags": sorted(flags),
        **situation,
    }
    if dora is not None:
        data["dora"] = [t if isinstance(t, str) else t.notation for t in dora]
    if ura is not None:
        data["ura"] = [t if isinstance(t, str) else t.notation for t in ura]
    return data


def as_hand(hand: str | Hand, *, red_fives: bool = True) -> Hand:
    """``hand`` parsed if it is notation.

    Raises:
        NotationError: for bad notation (names the position).
    """
    return parse_hand(hand, red_fives=red_fives) if isinstance(hand, str) else hand


def as_tiles(values: Iterable[str | Tile] | None, what: str) -> tuple[Tile, ...]:
    """Tile kinds from notation strings (red fives read as fives) or Tiles.

    Raises:
        InvalidHandError: if ``values`` is a bare string or holds a non-tile.
    """
    if values is None:
        return ()
    if isinstance(values, str):
        raise InvalidHandError(f"{what} must be a list of tiles, not the string {values!r}")
    out: list[Tile] = []
    for v in values:
        if isinstance(v, Tile):
            out.append(v)
        elif isinstance(v, str):
            text = v.strip()
            if len(text) == 2 and text[0] == "0" and text[1] in "mps":
                text = "5" + text[1]
            out.append(Tile.from_notation(text))
        else:
            raise InvalidHandError(f"{what}: {v!r} is not a tile")
    return tuple(out)


def worth_input(  # noqa: PLR0917 - score's arguments, by position
    hand: Hand,
    win: str,
    seat_wind: str,
    round_wind: str,
    flags: Iterable[str],
    dora: Iterable[str] | None,
) -> dict[str, Any]:
    """:func:`input_object` of a :meth:`Ruleset.score` call on the parsed ``hand``, kept as is.

    What a classical ruleset's ``worth_checked`` (:func:`muraglia.rulesets.win_worth`)
    checks as its ``score`` checks that call's input object, without writing the hand's
    notation (it is never read back: the hand is scored as given).
    """
    data = input_object(
        "", win=win, seat_wind=seat_wind, round_wind=round_wind, flags=flags, dora=dora,
        ura=None, situation={},
    )  # fmt: skip
    data["hand"] = hand
    return data


def check_east_dealer(data: Mapping[str, Any]) -> None:
    """Reject an input object whose ``dealer`` is not ``E``: its seats are wind letters.

    Raises:
        RulesetError: for another dealer.
    """
    if data.get("dealer", "E") != "E":
        raise RulesetError("seats are given by wind letter: the East role is always 'E'")


def settle_outcome(data: Mapping[str, Any], inputs: InputRules) -> DealOutcome:
    """The deal of a ``muraglia settle`` input object checked against a ruleset's input rules.

    The fields' types are read first (:func:`~muraglia.scoring.deal.read_deal`), then the
    ruleset's own keys (:meth:`~muraglia.scoring.accepts.InputRules.check_settle`); the outcome
    holds the deal's winners, discarder, hands, flags, statuses and dealer, and a ruleset adds
    its own fields with :func:`dataclasses.replace`.

    Raises:
        MahjongError: on bad input (names the key, seat, tile or rule).
    """
    deal = read_deal(data)
    inputs.check_settle(data)
    return DealOutcome(
        dealer=data.get("dealer", "E"),
        winners=deal.winners,
        discarder=deal.discarder,
        hands=deal.hands,
        flags=deal.flags,
        status=deal.status,
    )


class InputScorer:
    """``score`` and ``score_dict`` of a ruleset that reads the ``muraglia score`` input object.

    The classical rulesets validate that object against their declared input rules and build
    their typed :class:`ScoreResult` from it (:meth:`score_result`); ``score`` makes the object
    from its keywords (:func:`input_object`), ``score_dict`` prints the result. No result ever
    goes through its JSON form.
    """

    def score_result(self, data: Mapping[str, Any]) -> ScoreResult:
        """The typed result of one ``muraglia score`` input object.

        Raises:
            NotImplementedError: in the mixin.
        """
        raise NotImplementedError

    def score(
        self,
        hand: str | Hand,
        *,
        win: str | WinType = "ron",
        seat_wind: str | Tile = "E",
        round_wind: str | Tile = "E",
        flags: Iterable[str] = (),
        dora: Iterable[str | Tile] | None = None,
        ura: Iterable[str | Tile] | None = None,
        **situation: Any,
    ) -> ScoreResult:
        """The typed result of one hand (``muraglia.score``, interfaces.md §4).

        Raises:
            MahjongError: on bad input (names the key, flag, tile or rule).
        """
        data = input_object(
            hand,
            win=win,
            seat_wind=seat_wind,
            round_wind=round_wind,
            flags=flags,
            dora=dora,
            ura=ura,
            situation=situation,
        )
        return self.score_result(data)

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object for one input object (interfaces.md §5)."""
        return self.score_result(data).to_dict()


class Ruleset(Generic[OptionsT]):
    """Base of the rulesets built on :mod:`muraglia.scoring` (see module docstring)."""

    id: ClassVar[str]
    """Registry id, e.g. ``riichi-ema``."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other accepted names (interfaces.md §1)."""
    version: ClassVar[int] = 1
    """Bumped whenever an outcome can change; stored in every record."""
    title: ClassVar[Mapping[str, str]] = {}
    """Display title by language."""
    sources: ClassVar[tuple[str, ...]] = ()
    """Rule documents followed."""
    shapes: ClassVar[tuple[Shape, ...]] = DEFAULT_SHAPES
    """Winning shapes allowed."""
    patterns: ClassVar[PatternTable]
    """The scoring elements."""
    flow_name: ClassVar[str] = ""
    """The engine hooks' class in the ``flow`` module of this ruleset's package (:meth:`flow`)."""
    Options: ClassVar[type[Any]] = NoOptions
    """Frozen dataclass of the optional rules, with defaults."""
    flags: ClassVar[Mapping[str, str]] = {}
    """Flags the ruleset reads, with their meaning."""
    flags_it: ClassVar[Mapping[str, str]] = {}
    """:attr:`flags` in Italian (the same keys)."""
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """Named option presets: registry id -> option values (one class, several ids)."""
    red_fives_per_suit: ClassVar[int] = 0
    """Red fives of each suit the scorer accepts (0: ``0m`` is a notation error)."""
    dealer_moves: ClassVar[bool] = False
    """Whether ``dealer`` may name any seat (FIMJ); else seats are seat winds, the dealer E."""

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        """A ruleset with ``options`` (an ``Options`` instance) or option keywords.

        Raises:
            RulesetError: on an unknown option name, listing the valid ones.
        """
        if options is None:
            known = [f.name for f in fields(self.Options)]
            unknown = sorted(set(kwargs) - set(known))
            if unknown:
                raise RulesetError(
                    f"unknown {self.id} option(s) {', '.join(unknown)}; "
                    f"valid: {', '.join(known) or '(none)'}"
                )
            options = self.Options(**kwargs)
        elif kwargs:
            raise RulesetError("give either an options object or option keywords, not both")
        self.options: OptionsT = options

    def __repr__(self) -> str:
        """``RulesetClass(options)``."""
        return f"{type(self).__name__}({self.options!r})"

    # ------------------------------------------------------------------ scoring hooks

    def context(
        self,
        hand: Hand,
        decomposition: Decomposition,
        reading: Reading | None,
        *,
        win: WinType,
        seat_wind: Tile,
        round_wind: Tile,
        flags: frozenset[str],
        dora: tuple[Tile, ...],
        ura: tuple[Tile, ...],
    ) -> WinContext:
        """The context of one decomposition x reading (override to add ``extra`` keys)."""
        return win_context(
            hand,
            decomposition,
            reading,
            win,
            seat_wind,
            round_wind,
            flags,
            dora,
            ura,
            self.options,
        )

    def evaluate(self, ctx: WinContext, situation: Mapping[str, Any]) -> ScoreResult:
        """Score one reading. ``situation`` holds honba, sticks, discarder, dealer...

        Raises:
            NotImplementedError: in the base class.
        """
        raise NotImplementedError

    def score_key(self, result: ScoreResult) -> tuple[Any, ...]:
        """Sort key of a result: the best reading has the highest key (EMA-WIN-5)."""
        return (result.valid, result.value)

    def invalid(self, hand: Hand, reason: str) -> ScoreResult:
        """The result of a hand that cannot be scored as a win (not complete...)."""
        return ScoreResult(self.id, hand.notation, False, reason=reason)

    def score(
        self,
        hand: str | Hand,
        *,
        win: str | WinType = "ron",
        seat_wind: str | Tile = "E",
        round_wind: str | Tile = "E",
        flags: Iterable[str] = (),
        dora: Iterable[str | Tile] | None = None,
        ura: Iterable[str | Tile] | None = None,
        **situation: Any,
    ) -> ScoreResult:
        """Score ``hand``: the best result over every decomposition x reading.

        Extra keywords (``honba``, ``riichi_sticks``, ``discarder``, ``dealer``...) are passed
        to :meth:`evaluate` as the situation.

        Raises:
            MahjongError: on bad notation, winds, flags or a hand of the wrong size.
        """
        h = as_hand(hand)
        w = win if isinstance(win, WinType) else parse_win(win)
        if w is not WinType.NONE and h.winning is None:
            raise InvalidHandError(f"{h.notation!r}: a win needs a winning tile (+X)")
        seat = parse_wind(seat_wind, "seat_wind")
        rnd = parse_wind(round_wind, "round_wind")
        flag_set = frozenset(self.check_flags(flags))
        dora_t, ura_t = as_tiles(dora, "dora"), as_tiles(ura, "ura")
        best: ScoreResult | None = None
        best_key: tuple[Any, ...] = ()
        for d in decompose(h, self.shapes):
            reads: Sequence[Reading | None]
            if w is WinType.NONE or h.winning is None:
                reads = (None,)
            else:
                reads = readings(d, h.winning.kind) or (None,)
            for r in reads:
                ctx = self.context(
                    h, d, r, win=w, seat_wind=seat, round_wind=rnd, flags=flag_set,
                    dora=dora_t, ura=ura_t,
                )  # fmt: skip
                result = self.evaluate(ctx, situation)
                key = self.score_key(result)
                if best is None or key > best_key:
                    best, best_key = result, key
        return best if best is not None else self.invalid(h, "not a complete hand")

    def score_checked(  # noqa: PLR0917 - the public call's arguments, by position
        self,
        hand: Hand,
        win: Any,
        seat_wind: Any,
        round_wind: Any,
        flags: Any,
        dora: Any,
        ura: Any,
        situation: dict[str, Any],
    ) -> Any:
        """The lane of ``muraglia.score`` into this ruleset (internal; one contract for all).

        ``hand`` is a :class:`Hand` the caller parsed from notation and checked with ``dora``
        and ``ura`` (no fifth copy of a kind, no more red fives than the wall's:
        :func:`muraglia.notation.scan_with_indicators`); every other argument is as the
        caller received it, unchecked, and ``situation`` is a dict this call may keep.

        Answers exactly what :meth:`score` (``hand``, the arguments as keywords, the
        situation spread) answers -- the same result or the same error -- when every
        argument is in a spelling ``muraglia.score``'s type checks accept without a look
        (:func:`~muraglia.scoring.inputs.plain_arguments`), and ``NotImplemented`` for
        anything else, before raising anything: the caller then checks everything its
        general way. So the public call checks each argument once and repacks nothing.

        This default checks the spellings and calls :meth:`score`; a ruleset may answer
        faster for the spellings it can judge itself (riichi: its C kernel's whole-call
        front), and answers ``NotImplemented`` or calls this default for the rest.
        """
        if not plain_arguments(win, seat_wind, round_wind, flags, situation):
            return NotImplemented
        return self.score(
            hand,
            win=win,
            seat_wind=seat_wind,
            round_wind=round_wind,
            flags=flags,
            dora=dora,
            ura=ura,
            **situation,
        )

    def checked_scorer(self) -> Callable[..., Any]:
        """The callable ``muraglia.score`` keeps for this ruleset: :meth:`score_checked`.

        The registry asks once per shared ruleset (:func:`muraglia.rulesets.ruleset_for`'s
        cache entry); a ruleset may answer a compiled form with the same contract and the
        same arguments (riichi: its C kernel's ``lane``). This default: the bound method.
        """
        return self.score_checked

    def check_flags(self, flags: Iterable[str]) -> Iterable[str]:
        """The flags, checked against :attr:`flags` when the ruleset declares them.

        Raises:
            RulesetError: on an unknown flag, listing the known ones.
        """
        if isinstance(flags, str):
            raise InvalidHandError(f"flags must be a list, not the string {flags!r}")
        out = list(flags)
        if self.flags:
            for f in out:
                if f not in self.flags:
                    raise RulesetError(
                        f"{self.id}: unknown flag {f!r}; known: {', '.join(self.flags)}"
                    )
        return out

    def can_win(self, result: ScoreResult) -> bool:
        """Whether the scored hand may be declared a win (minimum reached)."""
        return result.valid

    def settle(self, outcome: DealOutcome) -> Settlement:
        """Who pays whom at the end of a deal.

        Raises:
            NotImplementedError: in the base class.
        """
        raise NotImplementedError

    # ------------------------------------------------------------------ CLI contract

    def score_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia score`` output object for an input object (interfaces.md §5).

        Raises:
            MahjongError, KeyError, TypeError: on bad input (the CLI reports them).
        """
        return self.score_output(self.score_input(data))

    def score_output(self, result: ScoreResult) -> dict[str, Any]:
        """The output object of a result of :meth:`score_input`: what :meth:`score_dict` prints.

        ``muraglia.rulesets.score_object`` scores an input object in its plain spellings by
        the ruleset's lane (:meth:`score_checked`) and prints the result with this method,
        for a class that keeps this :meth:`score_dict` and :meth:`score_input`.
        """
        return result.to_dict()

    def score_input(self, data: Mapping[str, Any]) -> ScoreResult:
        """The result of a ``muraglia score`` input object (what :meth:`score_dict` prints).

        Raises:
            MahjongError, KeyError, TypeError: on bad input (the CLI reports them).
        """
        situation = {
            k: v
            for k, v in data.items()
            if k not in {"rules", "hand", "win", "seat_wind", "round_wind", "flags", "dora", "ura"}
        }
        hand = data["hand"]
        if not isinstance(hand, str):
            raise TypeError("'hand' must be a string")
        result = self.score(
            hand,
            win=data.get("win", "ron"),
            seat_wind=data.get("seat_wind", "E"),
            round_wind=data.get("round_wind", "E"),
            flags=data.get("flags", ()),
            dora=data.get("dora"),
            ura=data.get("ura"),
            **situation,
        )
        return result

    settle_keys: ClassVar[tuple[str, ...]] = DEAL_KEYS
    """The keys of the ``muraglia settle`` input object this ruleset reads (any other key,
    unless empty, is an error naming it: :func:`~muraglia.scoring.accepts.check_input_keys`)."""

    def settle_dict(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The ``muraglia settle`` output object for an input object (interfaces.md §5)."""
        check_input_keys(self.id, data, self.settle_keys)
        return self.settle(DealOutcome.from_dict(data)).to_dict()

    def describe(self) -> list[dict[str, Any]]:
        """Every pattern as a row (``muraglia rules <id> --json``)."""
        return self.patterns.rows()

    def reference_markdown(self) -> str:
        """The generated rules reference ``docs/rulesets/<id>.md``."""
        title = self.title.get("en", self.id)
        lines = [
            f"# {title} (`{self.id}`) — scoring reference",
            "",
            f"<!-- generated by `muraglia rules {self.id} --format md`; do not edit -->",
            "",
            "Sources: " + "; ".join(self.sources) + ".",
            "",
            self.patterns.markdown(),
        ]
        opts = fields(self.Options)
        if opts:
            lines += ["Options:", ""]
            lines += [f"- `{f.name}` (default `{f.default!r}`)" for f in opts]
            lines.append("")
        if self.flags:
            lines += ["Flags:", ""]
            lines += [f"- `{k}`: {v}" for k, v in self.flags.items()]
            lines.append("")
        return "\n".join(lines)

    # ------------------------------------------------------------------ engine

    def flow(self) -> DealFlow[Any]:
        """The engine hooks of this ruleset: its package's ``flow.py`` class bound to ``self``.

        The class is :attr:`flow_name` in the ``flow`` module beside this ruleset's own (that
        module imports the ruleset, so it is loaded only when a flow is asked for).

        Raises:
            NotImplementedError: for a ruleset without :attr:`flow_name`.
        """
        if not self.flow_name:
            raise NotImplementedError(f"{self.id}: no engine hooks (flow_name)")
        package = type(self).__module__.rpartition(".")[0]
        flow_class: type[DealFlow[Any]] = getattr(import_module(f"{package}.flow"), self.flow_name)
        return flow_class(self)
