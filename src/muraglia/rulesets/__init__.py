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

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, overload

from muraglia.errors import RulesetError
from muraglia.hand import Hand
from muraglia.rulesets.base.options import convert_options
from muraglia.rulesets.base.ruleset import AnyRuleset, Ruleset
from muraglia.scoring.result import ScoreResult

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
    "resolve",
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
    ruleset = load_ruleset(rules) if isinstance(rules, str) else rules
    scorer = getattr(ruleset, "score", None)
    if callable(scorer):
        result: ScoreResult = scorer(
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
