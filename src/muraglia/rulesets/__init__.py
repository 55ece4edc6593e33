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
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any

from muraglia.errors import RulesetError
from muraglia.hand import Hand
from muraglia.scoring.result import ScoreResult

__all__ = [
    "ALIASES",
    "REGISTRY",
    "ids",
    "load_ruleset",
    "parse_spec",
    "resolve",
    "ruleset_for",
    "score",
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
        f"unknown ruleset {name!r}; valid: {', '.join(REGISTRY)} (aliases: {', '.join(ALIASES)})"
    )


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"id(key=value,...)"`` into the resolved id and raw option strings.

    Raises:
        RulesetError: on malformed text.
    """
    text = spec.strip()
    raw: dict[str, str] = {}
    if "(" in text:
        if not text.endswith(")"):
            raise RulesetError(f"malformed ruleset spec {spec!r}: missing ')'")
        name, _, body = text[:-1].partition("(")
        for item in filter(None, (p.strip() for p in body.split(","))):
            key, eq, value = item.partition("=")
            if not eq or not key.strip():
                raise RulesetError(f"malformed option {item!r} in {spec!r}: expected key=value")
            raw[key.strip()] = value.strip()
    else:
        name = text
    return resolve(name), raw


def _convert(value: str, hint: Any, where: str) -> Any:
    """Convert an option string to the dataclass field's type."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        for choice in typing.get_args(hint):
            if str(choice).lower() == value.lower():
                return choice
        raise RulesetError(f"{where}: {value!r} not one of {typing.get_args(hint)}")
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if type(None) in args and value.lower() in ("none", "null", ""):
            return None
        errors = []
        for arg in (a for a in args if a is not type(None)):
            try:
                return _convert(value, arg, where)
            except RulesetError as exc:
                errors.append(str(exc))
        raise RulesetError("; ".join(errors) or f"{where}: bad value {value!r}")
    if hint is bool:
        low = value.lower()
        if low in ("true", "1", "yes", "on"):
            return True
        if low in ("false", "0", "no", "off"):
            return False
        raise RulesetError(f"{where}: expected true/false, got {value!r}")
    if hint in (int, float):
        try:
            return hint(value)
        except ValueError:
            raise RulesetError(f"{where}: expected {hint.__name__}, got {value!r}") from None
    return value


def convert_options(
    cls: type[Any], options_cls: type[Any], raw: Mapping[str, str]
) -> dict[str, Any]:
    """Typed option values for ``options_cls`` (a dataclass) from raw strings.

    Raises:
        RulesetError: on an unknown option (listing the valid ones) or a bad value.
    """
    fields = {f.name: f for f in dataclasses.fields(options_cls)}
    hints = typing.get_type_hints(options_cls)
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in fields:
            valid = ", ".join(fields) or "(none)"
            raise RulesetError(f"unknown option {key!r} for {cls.id}; valid: {valid}")
        out[key] = _convert(value, hints.get(key, str), f"{cls.id} option {key}")
    return out


def load_ruleset(spec: str, **options: Any) -> Any:
    """The ruleset object for ``spec`` (``"riichi-ema(red_fives=3)"``, an alias, ...).

    Options given as keywords override those in the spec (already typed).

    Raises:
        RulesetError: for an unknown id or option, or a bad option value.
    """
    rid, raw = parse_spec(spec)
    try:
        module = importlib.import_module(REGISTRY[rid])
    except ModuleNotFoundError as exc:
        if exc.name is not None and REGISTRY[rid].startswith(exc.name):
            raise RulesetError(f"ruleset {rid!r} is not available yet") from None
        raise
    cls = module.RULESET
    preset = dict(getattr(cls, "presets", {}).get(rid, {}))
    typed = convert_options(cls, cls.Options, raw)
    return cls(**{**preset, **typed, **options})


_CACHE_SIZE = 64
"""How many distinct rulesets (and, separately, spec spellings) :func:`ruleset_for` keeps."""
_BY_TEXT: dict[str, Any] = {}
"""Spec text as given -> shared ruleset (the hit path: one dictionary lookup)."""
_BY_KEY: dict[tuple[Any, ...], Any] = {}
"""Normalised spec (id, sorted typed options) -> shared ruleset."""
_LOCK = threading.Lock()


def _remember(table: dict[Any, Any], key: Any, value: Any) -> None:
    """Insert into a bounded table, dropping the oldest entries (insertion order) beyond size."""
    table[key] = value
    while len(table) > _CACHE_SIZE:
        del table[next(iter(table))]


def ruleset_for(spec: str, **options: Any) -> Any:
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
        if hit is not None:
            return hit
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
        ruleset = _BY_KEY.get(key)
    if ruleset is None:
        ruleset = load_ruleset(spec, **options)
        with _LOCK:
            ruleset = _BY_KEY.setdefault(key, ruleset)
            _remember(_BY_KEY, key, ruleset)
    if not options:
        with _LOCK:
            _remember(_BY_TEXT, spec, ruleset)
    return ruleset


def score(
    hand: str | Hand,
    *,
    rules: str | Any = "riichi-ema",
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
    ruleset = ruleset_for(rules) if isinstance(rules, str) else rules
    if hasattr(ruleset, "score") and callable(ruleset.score):
        result: ScoreResult = ruleset.score(
            hand,
            win=win,
            seat_wind=seat_wind,
            round_wind=round_wind,
            flags=flags,
            dora=dora,
            ura=ura,
            **situation,
        )
        return result
    data: dict[str, Any] = {
        "hand": hand if isinstance(hand, str) else hand.notation,
        "win": win,
        "seat_wind": seat_wind,
        "round_wind": round_wind,
        "flags": sorted(flags),
        **situation,
    }
    if dora is not None:
        data["dora"] = list(dora)
    if ura is not None:
        data["ura"] = list(ura)
    return ScoreResult.from_dict(ruleset.score_dict(data))
