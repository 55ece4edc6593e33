"""What the calculator's form offers for a ruleset, read from the ruleset's own tables.

Flags come from the ruleset's ``flags`` table, options from its ``Options`` dataclass (a
``Literal`` gives a choice list, a bool a checkbox), dora/ura indicators, red fives and
bonus tiles from the engine's wall layout, penalty statuses from ``statuses``. Nothing here
names a flag or an option of a particular ruleset.

>>> form = ruleset_form("riichi-ema")
>>> form.dora, form.ura, form.bonus_tiles, "riichi" in [f.id for f in form.flags]
(True, True, False, True)
>>> [o.choices for o in form.options if o.name == "renhou"]
[('yakuman', 'off')]
>>> item_from_query({"rules": "mcr", "hand": "123m+4m", "flag": ["last_tile"]})["flags"]
['last_tile']
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from muraglia.engine import flow_for
from muraglia.errors import InvalidHandError
from muraglia.notation import parse_tiles
from muraglia.rulesets import ids, load_ruleset, parse_spec, spec_text
from muraglia.tiles import WIND_LETTERS

__all__ = ["Flag", "Option", "RulesetForm", "item_from_query", "options_spec", "ruleset_form"]

WINDS = WIND_LETTERS


@dataclass(frozen=True)
class Flag:
    """A flag the ruleset reads."""

    id: str
    description: str
    description_it: str

    def text(self, lang: str) -> str:
        """The meaning in ``lang`` (Italian or English)."""
        return self.description_it if lang == "it" else self.description


@dataclass(frozen=True)
class Option:
    """An option of the ruleset: name, kind (``bool``, ``choice``, ``int``, ``str``), default."""

    name: str
    kind: str
    default: Any
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class RulesetForm:
    """The form of one ruleset."""

    id: str
    title: Mapping[str, str]
    flags: tuple[Flag, ...]
    options: tuple[Option, ...]
    dora: bool
    ura: bool
    red_fives: bool
    bonus_tiles: bool
    sticks: bool
    statuses: Mapping[str, Mapping[str, str]]


def _option(f: dataclasses.Field[Any], hints: Mapping[str, Any]) -> Option:
    hint = hints.get(f.name, f.type)
    if typing.get_origin(hint) is typing.Literal:
        return Option(f.name, "choice", f.default, typing.get_args(hint))
    kind = {bool: "bool", int: "int"}.get(hint, "str") if isinstance(hint, type) else "str"
    return Option(f.name, kind, f.default)


@cache
def ruleset_form(rules_id: str) -> RulesetForm:
    """The form of the registered ruleset ``rules_id`` (an id, not a spec with options).

    Raises:
        RulesetError: for an unknown id.
    """
    ruleset = load_ruleset(rules_id)
    table: Mapping[str, str] = ruleset.flags  # flag -> meaning, one type in every ruleset
    italian: Mapping[str, str] = ruleset.flags_it
    flags = tuple(Flag(k, v, italian.get(k, v)) for k, v in table.items())
    options_cls: Any = type(ruleset.options)
    hints = typing.get_type_hints(options_cls)
    options = tuple(
        _option(f, hints)
        for f in dataclasses.fields(options_cls)
        if f.name != "preset"  # the preset is the registry id itself
    )
    layout = flow_for(ruleset).table.wall
    return RulesetForm(
        id=ruleset.id,
        title=dict(getattr(ruleset, "title", {}) or {"en": ruleset.id}),
        flags=flags,
        options=options,
        dora=layout.first_indicator is not None,
        ura=bool(layout.ura_indicators),
        red_fives=bool(layout.red_fives),
        bonus_tiles=bool(layout.bonus_tiles),
        sticks=layout.first_indicator is not None,
        statuses=dict(getattr(ruleset, "statuses", None) or {}),
    )


def options_spec(rules_id: str, query: Mapping[str, Any]) -> str:
    """``id(key=value,...)`` from ``opt.<name>`` query values that differ from the defaults.

    Nothing given is dropped (a blank field is the default): an option the ruleset has not,
    or a value it does not read (``kiriage=maybe``), goes into the spec as given, so that
    loading it refuses it with the message the API gives. A list typed without brackets
    (``uma=15000,5000,-5000,-15000``) gets them (docs/notation.md).

    >>> options_spec("riichi-ema", {"opt.uma": "15000,5000,-5000,-15000", "opt.kiriag": "x"})
    'riichi-ema(uma=[15000,5000,-5000,-15000],kiriag=x)'
    """
    form = ruleset_form(rules_id)
    defaults = {o.name: o.default for o in form.options}
    names = [o.name for o in form.options]
    names += [k[4:] for k in query if k.startswith("opt.") and k[4:] not in defaults]
    parts: list[tuple[str, str]] = []
    for name in names:
        raw = query.get(f"opt.{name}")
        if isinstance(raw, list):
            raw = raw[-1] if raw else None
        text = "" if raw is None else str(raw).strip()
        if not text:  # a blank field: the default (the form of another ruleset sends them)
            continue
        default = defaults.get(name)
        if name in defaults and text.lower() == str(default).lower():
            continue
        if isinstance(default, tuple | list) and text.replace(" ", "") == ",".join(
            map(str, default)
        ):
            continue
        parts.append((name, text))
    return spec_text(rules_id, parts)


def _tiles(text: str, what: str) -> list[str]:
    try:
        return [t.notation for t in parse_tiles(text)]
    except InvalidHandError as exc:
        raise InvalidHandError(f"{what}: {exc}") from None


def _one(query: Mapping[str, Any], key: str) -> str:
    value = query.get(key, "")
    if isinstance(value, list):
        value = value[-1] if value else ""
    return str(value).strip()


def item_from_query(query: Mapping[str, Any]) -> dict[str, Any]:
    """The ``muraglia score`` input object of the calculator's query parameters.

    ``flag`` may repeat; ``dora``/``ura`` are tile strings (``3m7p``); ``opt.<name>`` set
    options (over those of a ``rules`` spec). Unknown ruleset ids raise the registry's error;
    an unknown option or value is refused when the spec is loaded (:func:`options_spec`).

    Raises:
        MahjongError: on an unknown ruleset or bad indicator tiles.
    """
    rid, given = parse_spec(_one(query, "rules") or "riichi-ema")
    if rid not in ids():
        load_ruleset(rid)  # raises the registry's message for an unknown id
    options = {f"opt.{k}": v for k, v in given.items()}  # rules=id(key=value): kept too
    options.update({k: v for k, v in query.items() if k.startswith("opt.")})
    item: dict[str, Any] = {"rules": options_spec(rid, options), "hand": _one(query, "hand")}
    win = _one(query, "win")
    if win:
        item["win"] = win
    for key in ("seat_wind", "round_wind", "discarder", "dealer"):
        value = _one(query, key)
        if value:
            item[key] = value
    flags = query.get("flag", [])
    flags = [flags] if isinstance(flags, str) else list(flags)
    if flags:
        item["flags"] = [str(f) for f in flags if f]
    for key in ("dora", "ura"):
        text = _one(query, key)
        if text:
            item[key] = _tiles(text, key)
    for key in ("honba", "riichi_sticks"):
        text = _one(query, key)
        if text:
            if not text.isdigit():
                raise InvalidHandError(f"{key} must be a whole number >= 0, got {text!r}")
            item[key] = int(text)
    return item


def flag_reasons(item: Mapping[str, Any], flags: Sequence[Flag], score: Any) -> dict[str, str]:
    """For each flag not set, why the hand makes it impossible (the scorer's own message).

    ``score`` computes a ``muraglia score`` object from an input object; a flag is impossible
    when adding it to the input makes the scorer reject the input.
    """
    reasons: dict[str, str] = {}
    present = set(item.get("flags", ()))
    for flag in flags:
        if flag.id in present:
            continue
        trial = dict(item)
        trial["flags"] = [*present, flag.id]
        try:
            score(trial)
        except (ValueError, TypeError, KeyError) as exc:
            reasons[flag.id] = str(exc)
    return reasons
