"""The ruleset registry: ids, aliases, ``load_ruleset("id(key=value,...)")`` and ``score``.

The registry is explicit and lazy: each id maps to the module path of its package, imported
only when the ruleset is loaded (no import side effects). Each package exposes ``RULESET``, the
ruleset class; a class may serve several ids through option presets (``riichi-tenhou`` is
``riichi-ema`` with Tenhou's options).

>>> ids()
('fimj', 'riichi-ema', 'riichi-tenhou', 'mcr', 'seipalle', 'ravenna')
>>> resolve("EMA"), resolve("tenhou")
('riichi-ema', 'riichi-tenhou')
>>> parse_spec("riichi-ema(red_fives=3, kiriage=true)")
('riichi-ema', {'red_fives': '3', 'kiriage': 'true'})
>>> load_ruleset("nope")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
muraglia.errors.RulesetError: unknown ruleset 'nope'; valid: fimj, riichi-ema, riichi-tenhou, ...
"""

from __future__ import annotations

import dataclasses
import importlib
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from muraglia.errors import (
    InputTypeError,
    InvalidHandError,
    MahjongError,
    RulesetError,
    excerpt,
    json_type,
)
from muraglia.hand import Hand
from muraglia.notation import _scan_indicated, parse_hand, parse_tiles, scan_with_indicators
from muraglia.rulesets.base.options import convert_options
from muraglia.rulesets.base.ruleset import AnyRuleset, Ruleset
from muraglia.scoring.context import WinType, parse_wind
from muraglia.scoring.inputs import (
    MAX_INDICATORS,
    check_red_fives,
    check_score_input,
    check_settle_input,
    check_situation,
    check_string_list,
    check_tile_counts,
    check_tile_list,
    plain_arguments,
)
from muraglia.scoring.result import ScoreResult
from muraglia.tiles import COPIES, NUM_KINDS, Tile

if TYPE_CHECKING:
    from muraglia.rulesets.fimj import FimjRules
    from muraglia.rulesets.mcr import McrRules
    from muraglia.rulesets.ravenna import RavennaRules
    from muraglia.rulesets.riichi_ema import RiichiEma
    from muraglia.rulesets.seipalle import SeipalleRules

__all__ = [
    "ALIASES",
    "REGISTRY",
    "AnyRuleset",
    "convert_options",
    "ids",
    "load_ruleset",
    "load_scorer",
    "parse_spec",
    "red_fives_per_suit",
    "resolve",
    "ruleset_for",
    "score",
    "score_object",
    "settle_object",
    "spec_text",
    "spec_value",
]

REGISTRY: dict[str, str] = {
    "fimj": "muraglia.rulesets.fimj",
    "riichi-ema": "muraglia.rulesets.riichi_ema",
    "riichi-tenhou": "muraglia.rulesets.riichi_ema",
    "mcr": "muraglia.rulesets.mcr",
    "seipalle": "muraglia.rulesets.seipalle",
    "ravenna": "muraglia.rulesets.ravenna",
}
"""Ruleset id -> package path (the package exposes ``RULESET``). One line per ruleset."""

ALIASES: dict[str, str] = {
    "italian": "fimj",
    "fimj-2001": "fimj",
    "ema": "riichi-ema",
    "riichi-ema-2008": "riichi-ema",
    "tenhou": "riichi-tenhou",
    "chinese-official": "mcr",
    "mcr-1998": "mcr",
    "riichi-italian": "seipalle",
    "ravenna-200-400": "ravenna",
}
"""Alias -> ruleset id (interfaces.md §1)."""


def ids() -> tuple[str, ...]:
    """Every registered ruleset id."""
    return tuple(REGISTRY)


def resolve(name: str) -> str:
    """The ruleset id of ``name`` (an id or an alias, any case).

    Raises:
        RulesetError: for an unknown name, listing the valid ones.
    """
    key = name.strip().lower()
    if key in REGISTRY:
        return key
    if key in ALIASES:
        return ALIASES[key]
    raise RulesetError(
        f"unknown ruleset {excerpt(name)}; valid: {', '.join(REGISTRY)} "
        f"(aliases: {', '.join(ALIASES)})"
    )


_SPEC_SPECIALS = "()[],="


def _spec_tokens(spec: str) -> list[tuple[str, int]]:
    """Tokens of a spec with their positions: the specials and trimmed runs of other text."""
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(spec):
        ch = spec[i]
        if ch.isspace():
            i += 1
        elif ch in _SPEC_SPECIALS:
            out.append((ch, i))
            i += 1
        else:
            j = i
            while j < len(spec) and spec[j] not in _SPEC_SPECIALS:
                j += 1
            out.append((spec[i:j].strip(), i))
            i = j
    return out


def spec_value(value: Any) -> str:
    """An option's value as the spec grammar reads it back (docs/notation.md).

    ``true``/``false``; a list, or a text holding commas such as ``uma`` typed without its
    brackets, in brackets.

    >>> spec_value(False), spec_value("9000,3000,-3000,-9000"), spec_value([1, 2])
    ('false', '[9000,3000,-3000,-9000]', '[1,2]')
    >>> spec_value("[1,2]"), spec_value(1000)
    ('[1,2]', '1000')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ",".join(spec_value(v) for v in value) + "]"
    text = str(value)
    return f"[{text}]" if "," in text and not text.startswith("[") else text


def spec_text(ruleset: str, options: Iterable[tuple[str, Any]]) -> str:
    """``ruleset(key=value,...)`` that :func:`parse_spec` reads back (options in the order given).

    >>> spec_text("riichi-ema", [("kiriage", True), ("uma", [15000, 5000, -5000, -15000])])
    'riichi-ema(kiriage=true,uma=[15000,5000,-5000,-15000])'
    """
    parts = [f"{k}={spec_value(v)}" for k, v in options]
    return f"{ruleset}({','.join(parts)})" if parts else ruleset


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"id(key=value,...)"`` into the resolved id and raw option strings.

    The grammar (docs/notation.md, "Ruleset specs")::

        spec   = id [ "(" [ option { "," option } ] ")" ]
        option = key "=" value
        value  = text | "[" [ text { "," text } ] "]"

    ``text`` is any run of characters other than ``( ) [ ] , =``, spaces trimmed. A list
    value is handed to the option as its items joined by commas
    (``riichi-ema(uma=[15000,5000,-5000,-15000])``). A key given twice is an error.

    >>> parse_spec("ema(uma=[20000, 10000, -10000, -20000], kiriage=true)")
    ('riichi-ema', {'uma': '20000,10000,-10000,-20000', 'kiriage': 'true'})

    Raises:
        RulesetError: on malformed text, naming what was expected and where.
    """
    if not isinstance(spec, str):
        raise RulesetError(f"a ruleset must be given as a string, got {json_type(spec)}")
    short = excerpt(spec)
    tokens = _spec_tokens(spec)
    if not tokens or tokens[0][0] in _SPEC_SPECIALS:
        raise RulesetError(f"malformed ruleset spec {short}: expected a ruleset id first")
    name = tokens[0][0]
    raw: dict[str, str] = {}
    rest = tokens[1:]
    if rest:
        if rest[0][0] != "(":
            raise RulesetError(
                f"malformed ruleset spec {short}: expected '(' after the id at position "
                f"{rest[0][1]}"
            )
        raw = _spec_options(rest, spec, short)
    return resolve(name), raw


def _spec_options(tokens: list[tuple[str, int]], spec: str, short: str) -> dict[str, str]:
    """The options between the parentheses (``tokens`` starts at ``(``)."""
    raw: dict[str, str] = {}
    i = 1

    def expected(what: str) -> RulesetError:
        if i >= len(tokens):
            return RulesetError(f"malformed ruleset spec {short}: missing ')' at the end")
        where = f"at position {tokens[i][1]}"
        return RulesetError(f"malformed ruleset spec {short}: expected {what} {where}")

    def at(i: int) -> str | None:
        return tokens[i][0] if i < len(tokens) else None

    if at(i) == ")":
        i += 1
    else:
        while True:
            key = at(i)
            if key is None or key in _SPEC_SPECIALS or not key.isidentifier():
                raise expected("an option name")
            i += 1
            if at(i) != "=":
                raise expected(f"key=value, '=' after {key!r},")
            i += 1
            if at(i) == "[":
                i += 1
                items: list[str] = []
                while at(i) != "]":
                    item = at(i)
                    if item is None or item in _SPEC_SPECIALS:
                        raise expected(f"a list item or ']' in {key!r}")
                    items.append(item)
                    i += 1
                    if at(i) == ",":
                        i += 1
                    elif at(i) != "]":
                        raise expected(f"',' or ']' in the list of {key!r}")
                value = ",".join(items)
                i += 1
            else:
                token = at(i)
                if token is None or token in _SPEC_SPECIALS:
                    raise expected(f"a value for {key!r}")
                value = token
                i += 1
            if key in raw:
                raise RulesetError(f"malformed ruleset spec {short}: option {key!r} given twice")
            raw[key] = value
            if at(i) == ",":
                i += 1
                continue
            if at(i) == ")":
                i += 1
                break
            raise expected("',' or ')'")
    if i < len(tokens):
        raise RulesetError(
            f"malformed ruleset spec {short}: unexpected {tokens[i][0]!r} after ')' "
            f"at position {tokens[i][1]}"
        )
    return raw


@overload
def load_ruleset(spec: Literal["fimj"], **options: Any) -> FimjRules: ...
@overload
def load_ruleset(spec: Literal["riichi-ema", "riichi-tenhou"], **options: Any) -> RiichiEma: ...
@overload
def load_ruleset(spec: Literal["mcr"], **options: Any) -> McrRules: ...
@overload
def load_ruleset(spec: Literal["seipalle"], **options: Any) -> SeipalleRules: ...
@overload
def load_ruleset(spec: Literal["ravenna"], **options: Any) -> RavennaRules: ...
@overload
def load_ruleset(spec: str, **options: Any) -> AnyRuleset: ...
def load_ruleset(spec: str, **options: Any) -> AnyRuleset:
    """The ruleset object for ``spec`` (``"riichi-ema(red_fives=3)"``, an alias, ...).

    Options given as keywords override those in the spec (already typed). A literal id is
    typed as its class (``load_ruleset("mcr").options.edition``); any other spec as
    :class:`AnyRuleset`, whose options a caller narrows before reading them.

    Raises:
        RulesetError: for an unknown id or option, or a bad option value.
    """
    if not isinstance(spec, str):
        raise InputTypeError(f"`rules` must be a ruleset id string, got {json_type(spec)}")
    rid, raw = parse_spec(spec)
    module = importlib.import_module(REGISTRY[rid])
    cls = module.RULESET
    preset = dict(getattr(cls, "presets", {}).get(rid, {}))
    typed = convert_options(cls, cls.Options, raw)
    ruleset: AnyRuleset = cls(**{**preset, **typed, **options})
    return ruleset


def load_scorer(spec: str) -> Ruleset[Any]:
    """:func:`load_ruleset` for callers that need the :class:`Ruleset` scoring API.

    (``score``, ``can_win``, ``settle``: riichi and MCR; the Italian rulesets are not on the
    shared base yet.)

    Raises:
        RulesetError: for an unknown spec, or a ruleset without that API.
    """
    ruleset = load_ruleset(spec)
    if not isinstance(ruleset, Ruleset):
        raise RulesetError(f"ruleset {ruleset.id!r} has no Ruleset scoring API ({spec!r})")
    return ruleset


_CACHE_SIZE = 64
"""How many distinct rulesets (and, separately, spec spellings) :func:`ruleset_for` keeps."""
_Entry = tuple[AnyRuleset, int | None, int, Callable[..., Any] | None]
"""A shared ruleset, the version of the pattern table it was built from, and what
:func:`score` needs of it: its red fives per suit and its lane, ``checked_scorer()`` (a
callable with the contract of ``Ruleset.score_checked``; None for an object without one or
whose ``score_dict`` is not callable: :func:`score` then takes its general path, which
raises where it must)."""
_BY_TEXT: dict[str, _Entry] = {}
"""Spec text as given -> its entry (the hit path: one dictionary lookup and one version
check)."""
_BY_KEY: dict[tuple[Any, ...], _Entry] = {}
"""Normalised spec (id, sorted typed options) -> its entry."""
_LOCK = threading.Lock()


def _remember(table: dict[Any, Any], key: Any, value: Any) -> None:
    """Insert into a bounded table, dropping the oldest entries (insertion order) beyond size."""
    table[key] = value
    while len(table) > _CACHE_SIZE:
        del table[next(iter(table))]


def _fresh(ruleset: Any, version: int | None) -> bool:
    """Whether a shared ``ruleset`` was built from its pattern table as it is now.

    A table registers patterns at import and, in tests or plug-ins, later too (every
    registration bumps ``PatternTable.version``): a ruleset built before that is rebuilt.
    """
    return _version(ruleset) == version


def _version(ruleset: Any) -> int | None:
    """The version of the pattern table ``ruleset`` was built from (None: no table)."""
    return getattr(getattr(type(ruleset), "patterns", None), "version", None)


def _entry(ruleset: AnyRuleset) -> _Entry:
    """The cache entry of a freshly built shared ``ruleset`` (see :data:`_Entry`)."""
    make = getattr(ruleset, "checked_scorer", None)
    lane = make() if callable(make) else None
    try:
        per_suit = red_fives_per_suit(ruleset)
    except (TypeError, ValueError):  # not a count: score's general path will say so
        per_suit, lane = 0, None
    if not callable(lane) or not callable(getattr(ruleset, "score_dict", None)):
        lane = None
    return (ruleset, _version(ruleset), per_suit, lane)


def ruleset_for(spec: str, **options: Any) -> AnyRuleset:
    """The shared ruleset object for ``spec``, built once per normalised spec and reused.

    What the public one-call paths use (``muraglia.score``/``analyze`` with a ruleset id, the
    CLI's ``--jsonl`` batches, record replay, simulation workers): building a ruleset costs
    up to a few milliseconds (option conversion, derived pattern tables, compiled resolvers),
    scoring a hand with it some tens of microseconds. Spellings of one ruleset share one
    object: ``"EMA"``, ``"riichi-ema"`` and ``"riichi-ema(red_fives=true)"`` (true is the
    default) are one key (the id and every option value after presets and conversion).

    The object is shared: treat it as read-only (every caller in muraglia does; the rulesets
    keep no per-call state on the instance, ``tests/core/test_ruleset_cache.py`` checks that
    scoring, settling and playing leave it unchanged). :func:`load_ruleset` still builds a
    private object on each call. Both tables are bounded (:data:`_CACHE_SIZE` entries each,
    oldest dropped first), so arbitrary specs cannot grow memory; a bad spec raises the same
    :class:`RulesetError` as :func:`load_ruleset` and is not remembered.

    >>> ruleset_for("EMA") is ruleset_for("riichi-ema(red_fives=true)")
    True
    >>> ruleset_for("EMA") is load_ruleset("EMA")
    False
    """
    if not options:
        hit = _BY_TEXT.get(spec)
        if hit is not None and _fresh(hit[0], hit[1]):
            return hit[0]
    rid, raw = parse_spec(spec)
    try:
        cls = importlib.import_module(REGISTRY[rid]).RULESET
    except (ModuleNotFoundError, AttributeError):  # not available: load_ruleset's usual error
        return load_ruleset(spec, **options)
    defaults = {  # so that an option spelled at its default value is the same key
        f.name: f.default
        for f in dataclasses.fields(cls.Options)
        if f.default is not dataclasses.MISSING
    }
    full = {
        **defaults,
        **getattr(cls, "presets", {}).get(rid, {}),
        **convert_options(cls, cls.Options, raw),
        **options,
    }
    try:
        key: tuple[Any, ...] = (rid, *sorted(full.items()))
        hash(key)
    except TypeError:  # an unhashable option value given as a keyword: nothing to share
        return load_ruleset(spec, **options)
    with _LOCK:
        entry = _BY_KEY.get(key)
    if entry is None or not _fresh(entry[0], entry[1]):
        built = load_ruleset(spec, **options)
        with _LOCK:
            entry = _BY_KEY.get(key)
            if entry is None or not _fresh(entry[0], entry[1]):
                entry = _entry(built)
                _BY_KEY.pop(key, None)
                _remember(_BY_KEY, key, entry)
    if not options:
        with _LOCK:
            _remember(_BY_TEXT, spec, entry)
    return entry[0]


def score(
    hand: str | Hand,
    *,
    rules: str | AnyRuleset = "riichi-ema",
    win: str = "ron",
    seat_wind: str = "E",
    round_wind: str = "E",
    flags: Iterable[str] = (),
    dora: Iterable[str] | None = None,
    ura: Iterable[str] | None = None,
    **situation: Any,
) -> ScoreResult:
    """Score one hand under ``rules`` (an id/spec or a loaded ruleset), interfaces.md §4.

    >>> r = score("123m456p789s11122z+1z", rules="fimj", win="tsumo")
    >>> r.points, r.doubles, r.value
    (28, 4, 448)

    Raises:
        MahjongError: on bad input (names the offending tile, option or flag).
    """
    # the lane (see Ruleset.score_checked): a shared ruleset's cached entry, the hand and the
    # indicators checked in one pass (the C scanner where built), then the ruleset's lane,
    # which takes the other arguments in their plain spellings; anything else, below
    if rules.__class__ is str:
        hit = _BY_TEXT.get(rules)
        if (
            hit is not None
            and hit[3] is not None
            and getattr(getattr(hit[0].__class__, "patterns", None), "version", None) == hit[1]
        ):  # _fresh(hit[0], hit[1]), inline
            checked = _scan_indicated(hand, hit[2], dora, ura, MAX_INDICATORS)
            if checked is not None:
                done = hit[3](checked, win, seat_wind, round_wind, flags, dora, ura, situation)
                if done is not NotImplemented:
                    return done  # type: ignore[no-any-return]
    elif isinstance(rules, Ruleset):  # a loaded ruleset: its lane, asked for now
        done = _by_lane(_entry(rules), hand, win, seat_wind, round_wind, flags, dora, ura,
                        situation)  # fmt: skip
        if done is not NotImplemented:
            return done  # type: ignore[no-any-return]
    ruleset = ruleset_for(rules) if isinstance(rules, str) else rules
    if not callable(getattr(ruleset, "score_dict", None)):
        raise InputTypeError(
            f"`rules` must be a ruleset id or a loaded ruleset, got {json_type(rules)}"
        )
    fast = _fast_hand(ruleset, hand, win, seat_wind, round_wind, flags, dora, ura, situation)
    if fast is not None:
        return ruleset.score(
            fast,
            win=win,
            seat_wind=seat_wind,
            round_wind=round_wind,
            flags=flags,
            dora=dora,
            ura=ura,
            **situation,
        )
    check_api_arguments(hand, win=win, seat_wind=seat_wind, round_wind=round_wind,
                        flags=flags, dora=dora, ura=ura, situation=situation)  # fmt: skip
    parsed = _checked_hand(ruleset, hand, [*(dora or ()), *(ura or ())])
    # every ruleset builds its typed result directly (never through the JSON object)
    return ruleset.score(
        parsed,
        win=win,
        seat_wind=seat_wind,
        round_wind=round_wind,
        flags=flags,
        dora=dora,
        ura=ura,
        **situation,
    )


def win_worth(
    hand: str,
    *,
    rules: AnyRuleset,
    win: str,
    seat_wind: str,
    round_wind: str,
    flags: list[str],
    dora: list[str] | None,
) -> float:
    """The value of a win as the bots read it: :func:`score`'s, 0 where it may not be declared.

    ``float(result.value)`` when the loaded ``rules`` let the scored hand win
    (``rules.can_win``, else ``result.valid``), 0.0 when they do not or when :func:`score`
    raises a :class:`MahjongError` -- for the same arguments, in the plain spellings the
    bots use (the hand's notation, ``ron``/``tsumo``, seat letters, a list of flags, a list
    of indicator notations or None). A ruleset with a ``value_checked`` method (the
    classical ones, whose ``can_win`` is ``valid``) answers the same value and validity
    without the result's presentation (located tiles, explanation, payments) and without
    turning its hand back into text: the hand is read and checked with its indicators by
    the one pass :func:`score` makes (``_scan_indicated``); anything that pass declines
    takes :func:`score` itself. ``tests/players/test_win_worth.py`` compares both answers.
    """
    try:
        found = _value_checked(hand, rules, win, seat_wind, round_wind, flags, dora)
        if found is not None:
            value, ok = found
        else:
            result = score(
                hand,
                rules=rules,
                win=win,
                seat_wind=seat_wind,
                round_wind=round_wind,
                flags=flags,
                dora=dora,
            )
            value = result.value
            can_win = getattr(rules, "can_win", None)
            ok = bool(can_win(result)) if callable(can_win) else bool(result.valid)
    except MahjongError:
        return 0.0
    return float(value) if ok else 0.0


def hand_worth(hand: str, *, rules: AnyRuleset, seat_wind: str, round_wind: str) -> float:
    """``float(score(hand, win="none", ...).value)``, 0.0 where :func:`score` raises.

    A hand that did not win, as the bots value their hand points (FIMJ-SCORE-6,
    RAV-SCORE-2); by the ruleset's ``value_checked`` as :func:`win_worth`.
    """
    try:
        found = _value_checked(hand, rules, "none", seat_wind, round_wind, [], None)
        if found is not None:
            return float(found[0])
        return float(
            score(hand, rules=rules, win="none", seat_wind=seat_wind, round_wind=round_wind).value
        )
    except MahjongError:
        return 0.0


def _value_checked(  # noqa: PLR0917 - score's arguments, by position
    hand: str,
    rules: AnyRuleset,
    win: str,
    seat_wind: str,
    round_wind: str,
    flags: list[str],
    dora: list[str] | None,
) -> tuple[int, bool] | None:
    """``rules.value_checked`` of the hand read as :func:`score` reads it; None: no such way.

    Only for the plain spellings (:func:`~muraglia.scoring.inputs.plain_arguments`: a list or
    tuple of strings as the flags...), as :func:`score`'s lane (``Ruleset.score_checked``):
    anything else is checked by :func:`score` itself (a one-shot iterable of flags read
    twice, an unhashable flag in a memo key).

    Raises:
        MahjongError: where :func:`score` raises.
    """
    value_checked = getattr(rules, "value_checked", None)
    if value_checked is None or not plain_arguments(win, seat_wind, round_wind, flags, {}):
        return None
    checked = _scan_indicated(
        hand, int(getattr(rules, "red_fives_per_suit", 0)), dora, None, MAX_INDICATORS
    )
    if checked is None:
        return None
    found: tuple[int, bool] = value_checked(checked, win, seat_wind, round_wind, flags, dora)
    return found


def _by_lane(  # noqa: PLR0917 - score's arguments, by position
    entry: _Entry,
    hand: Any,
    win: Any,
    seat_wind: Any,
    round_wind: Any,
    flags: Any,
    dora: Any,
    ura: Any,
    situation: dict[str, Any],
) -> Any:
    """:func:`score` through the lane of a ruleset's ``entry`` (:func:`_entry`).

    NotImplemented when the entry has no lane or the one-pass scan does not accept the hand.
    """
    lane = entry[3]
    if lane is None:
        return NotImplemented
    checked = _scan_indicated(hand, entry[2], dora, ura, MAX_INDICATORS)
    if checked is None:
        return NotImplemented
    return lane(checked, win, seat_wind, round_wind, flags, dora, ura, situation)


_PLAIN_INDICATORS: dict[str, tuple[Tile, bool]] = {
    **{t.notation: (t, False) for t in Tile},
    **{f"0{suit}": (Tile.from_notation(f"5{suit}"), True) for suit in "mps"},
}
"""The indicators spelled as two-character notations (``5m``, ``0p``, ``7z``): kind, red."""
_SEQUENCES = (tuple, list)
_NAMED_KEYS = frozenset({"rules", "hand", "win", "seat_wind", "round_wind", "flags", "dora", "ura"})
"""The keys of a ``score`` input object that are not situation keys (``score_dict``'s)."""


def _fast_hand(  # noqa: PLR0911, PLR0917 - one pass over the common spellings
    ruleset: Any,
    hand: Any,
    win: Any,
    seat_wind: Any,
    round_wind: Any,
    flags: Any,
    dora: Any,
    ura: Any,
    situation: Mapping[str, Any],
) -> Hand | None:
    """The checked hand of :func:`score` for the common spellings, else ``None``.

    The arguments' exact types are those :func:`check_api_arguments` accepts without a look
    (strings, lists or tuples of strings, plain two-character indicators, seat letters and
    non-negative ints in the situation), so that check is skipped; the hand is then parsed
    and checked with the indicators as :func:`_checked_hand` does, in the same order (a
    failing check answers ``None``: the general path then raises its message). Anything
    else answers ``None`` too, before any work, and the general path checks everything.

    Raises:
        NotationError, InvalidHandError: the hand's own errors (the general path's: every
            argument before them is of a type it accepts).
    """
    if hand.__class__ is not str or not plain_arguments(
        win, seat_wind, round_wind, flags, situation
    ):
        return None
    per_suit = int(getattr(ruleset, "red_fives_per_suit", 0))
    # the common case in one pass (the C kernel where built): hand, indicators, red fives
    checked = scan_with_indicators(hand, per_suit, dora, ura, MAX_INDICATORS)
    if checked is not None:
        return checked
    # anything else, step by step (a bad hand raises its message here)
    kinds: list[Tile] = []
    red = 0
    for given in (dora, ura):
        if given is None:
            continue
        if given.__class__ not in _SEQUENCES or len(given) > MAX_INDICATORS:
            return None
        for t in given:
            entry = _PLAIN_INDICATORS.get(t) if t.__class__ is str else None
            if entry is None:
                return None
            kinds.append(entry[0])
            red += entry[1]
    h = parse_hand(hand, red_fives=per_suit > 0)
    # a red five is spelled 0 and every 0 of a parsed hand is one (the string may hold one more
    # than the hand: '+0m' marking one of 14 tiles), so the count of 0s bounds h.red_fives
    if (red or "0" in hand) and hand.count("0") + red > per_suit and h.red_fives + red > per_suit:
        return None
    if kinds:
        counts = h.counts
        for k in kinds:
            if k >= NUM_KINDS or counts[k] + kinds.count(k) > COPIES:
                return None  # a flower or season, or a fifth copy: the general path names it
    return h


def check_api_arguments(
    hand: Any,
    *,
    win: Any,
    seat_wind: Any,
    round_wind: Any,
    flags: Any,
    dora: Any,
    ura: Any,
    situation: Mapping[str, Any],
) -> None:
    """The argument types of :func:`score`, as the typed errors of the library.

    Raises:
        InputTypeError, InvalidHandError: naming the argument (``flags=None``, ``dora=5``...).
    """
    if not isinstance(hand, str | Hand):
        raise InputTypeError(f"`hand` must be a hand string or a Hand, got {json_type(hand)}")
    for key, value in (("win", win), ("seat_wind", seat_wind), ("round_wind", round_wind)):
        if not isinstance(value, str | Tile | WinType):
            raise InputTypeError(f"`{key}` must be a string, got {json_type(value)}")
    if isinstance(flags, str) or not isinstance(flags, Iterable):
        raise InputTypeError(f"`flags` must be a list of flags, got {json_type(flags)}")
    check_string_list(list(flags), "flags", "flags")
    for key, value in (("dora", dora), ("ura", ura)):
        if value is not None:
            if isinstance(value, str) or not isinstance(value, Iterable):
                raise InputTypeError(f"`{key}` must be a list of tiles, got {json_type(value)}")
            check_tile_list(list(value), key)
    check_situation(situation)


def red_fives_per_suit(ruleset: Any) -> int:
    """Red fives of each suit in the wall of ``ruleset`` (object, id or spec).

    0: none, and ``0m`` is refused.

    >>> red_fives_per_suit("riichi-ema"), red_fives_per_suit("fimj")
    (1, 0)

    Raises:
        RulesetError: for an unknown ruleset id.
    """
    rs = ruleset_for(ruleset) if isinstance(ruleset, str) else ruleset
    return int(getattr(rs, "red_fives_per_suit", 0))


def _checked_hand(ruleset: Any, hand: str | Hand, indicators: Iterable[Any]) -> Hand:
    """The hand parsed for ``ruleset`` and checked with the indicators (tile and red counts).

    Raises:
        NotationError, InvalidHandError: for a bad hand, a fifth copy or too many red fives.
    """
    per_suit = red_fives_per_suit(ruleset)
    h = parse_hand(hand, red_fives=per_suit > 0) if isinstance(hand, str) else hand
    indicators = list(indicators)
    red = [p for t in indicators if isinstance(t, str) for p in parse_tiles(t.strip())]
    check_red_fives(h, per_suit, red, "the dora indicators")
    tiles = [t if isinstance(t, Tile) else Tile.from_notation(_plain_five(t)) for t in indicators]
    check_tile_counts(h, tiles)
    return h


def _plain_five(text: str) -> str:
    t = text.strip()
    return "5" + t[1] if len(t) == 2 and t[0] == "0" and t[1] in "mps" else t


def _check_dealer(ruleset: Any, data: Mapping[str, Any]) -> None:
    """``dealer`` is E unless the ruleset lets any seat hold the East role (FIMJ)."""
    dealer = data.get("dealer")
    moves = getattr(ruleset, "dealer_moves", False)
    if dealer is not None and parse_wind(dealer, "dealer") is not Tile.EAST and not moves:
        raise InvalidHandError(
            f"{ruleset.id}: seats are seat winds, so the dealer is always E "
            f"(`dealer` {dealer!r} is meaningful under fimj only)"
        )


def score_object(data: Any) -> dict[str, Any]:
    """The ``muraglia score`` output object for an input object (interfaces.md §5).

    The one entry point of the command line (and the web API): the input is checked the same
    way for every ruleset (:mod:`muraglia.scoring.inputs`: types, seats, counters, tile and
    red-five counts), then scored by the ruleset.

    Raises:
        MahjongError: on bad input, naming the key, tile or rule.
        KeyError: for a missing ``hand`` or ``rules``.
    """
    if data.__class__ is dict:
        done = _plain_object(data)
        if done is not NotImplemented:
            return done  # type: ignore[no-any-return]
    check_score_input(data)
    ruleset = ruleset_for(data["rules"])
    hand = data["hand"]
    _check_dealer(ruleset, data)
    # the common spellings: the hand parsed and checked with its indicators by _fast_hand;
    # anything else (or a failing check, which the general check then reports) goes there
    if (
        _fast_hand(
            ruleset,
            hand,
            data.get("win", "ron"),
            data.get("seat_wind", "E"),
            data.get("round_wind", "E"),
            data.get("flags", ()),
            data.get("dora"),
            data.get("ura"),
            {k: v for k, v in data.items() if k not in _NAMED_KEYS},
        )
        is None
    ):
        _checked_hand(ruleset, hand, [*(data.get("dora") or ()), *(data.get("ura") or ())])
    result: dict[str, Any] = ruleset.score_dict(data)
    return result


_PLAIN_WINS = frozenset(("ron", "tsumo", "none"))
_SEAT_LETTERS = frozenset(("E", "S", "W", "N"))


def _plain_object(data: dict[str, Any]) -> Any:  # noqa: PLR0911 - each check declines
    """:func:`score_object` of an input object in the plain spellings, by the ruleset's lane.

    Only when every check of the general path would pass without a word — ``rules`` a spec
    already shared (:func:`ruleset_for`'s cache, fresh), ``hand`` a string, ``win`` one of
    ``ron``/``tsumo``/``none``, the winds, ``dealer`` and ``discarder`` seat letters (``dealer``
    E unless the ruleset moves the dealer), the flags a list of strings, the counters
    non-negative ints, no other key (:func:`plain_arguments`) — and the hand with its
    indicators passes the one-pass scan (:func:`_scan_indicated`, which never raises): then the
    result is the lane's (``Ruleset.score_checked``: what ``score`` answers, result or error)
    printed by ``score_output``, exactly what ``score_dict`` makes of the same object, for a
    ruleset class that keeps the base ``score_dict`` and ``score_input``. ``NotImplemented``
    before any work otherwise: the general path checks and names what is wrong.
    """
    rules = data.get("rules")
    hand = data.get("hand")
    if rules.__class__ is not str or hand.__class__ is not str:
        return NotImplemented
    hit = _BY_TEXT.get(rules)
    if hit is None or hit[3] is None:
        return NotImplemented
    ruleset = hit[0]
    cls = ruleset.__class__
    if (
        not _fresh(ruleset, hit[1])
        or cls.score_dict is not Ruleset.score_dict
        or cls.score_input is not Ruleset.score_input  # type: ignore[attr-defined]
    ):
        return NotImplemented
    get = data.get
    win = get("win", "ron")
    seat_wind = get("seat_wind", "E")
    round_wind = get("round_wind", "E")
    flags = get("flags", ())
    situation = {k: v for k, v in data.items() if k not in _NAMED_KEYS}
    if (
        not plain_arguments(win, seat_wind, round_wind, flags, situation)  # strings first
        or win not in _PLAIN_WINS
        or seat_wind not in _SEAT_LETTERS
        or round_wind not in _SEAT_LETTERS
    ):
        return NotImplemented
    dealer = situation.get("dealer")
    if dealer is not None and dealer != "E" and not getattr(ruleset, "dealer_moves", False):
        return NotImplemented  # _check_dealer's error
    result = _by_lane(hit, hand, win, seat_wind, round_wind, flags, get("dora"), get("ura"),
                      situation)  # fmt: skip
    if result is NotImplemented:
        return NotImplemented
    return ruleset.score_output(result)  # type: ignore[attr-defined]


def settle_object(data: Any) -> dict[str, Any]:
    """The ``muraglia settle`` output object for an input object (interfaces.md §5).

    Checked as :func:`score_object` checks its input; each hand is parsed for the ruleset
    and checked (red fives; with the dora indicators, no fifth copy of a tile).

    Raises:
        MahjongError: on bad input, naming the key, seat, tile or rule.
        KeyError: for a missing ``rules``.
    """
    check_settle_input(data)
    ruleset = ruleset_for(data["rules"])
    _check_dealer(ruleset, data)
    indicators = [*(data.get("dora") or ()), *(data.get("ura") or ())]
    for hand in dict(data.get("hands", {})).values():
        try:
            parsed = (
                parse_hand(hand, strict=False, red_fives=True) if isinstance(hand, str) else hand
            )
        except MahjongError:
            continue  # the ruleset's settlement names what is wrong with it
        _checked_hand(ruleset, parsed, indicators)
    result: dict[str, Any] = ruleset.settle_dict(data)
    return result
