"""What a classical ruleset accepts: flags, statuses, meld sources and input keys (issue 14).

(The *types* of every ruleset's input objects are checked before, by
:mod:`muraglia.scoring.inputs`; this module says which flags, statuses, chows and keys a
ruleset allows at all.)

A referee's calculator must be exactly as strict as the referee (issue 14): an input the
ruleset does not know, or a hand the rules make impossible, is an error naming the rule, never
silently ignored. Each Italian ruleset (``fimj``, ``ravenna``, ``seipalle``) declares one
:class:`InputRules`; the same declaration is read by

* validation (:meth:`InputRules.check_score`, :meth:`InputRules.check_settle`,
  :meth:`InputRules.check_flags`, :meth:`InputRules.check_hand`);
* ``muraglia rules ID`` (:meth:`InputRules.to_dict`, shown under ``inputs``);
* the generated rules reference ``docs/rulesets/ID.md`` (:meth:`InputRules.markdown`).

An input key the ruleset does not read is refused only when it carries something: generic
callers (the engine, the bots) pass ``"dora": []`` or ``"honba": 0`` to every ruleset, which
says nothing, while ``"ura": ["3m"]`` to a ruleset without ura-dora is a mistake.

>>> spec = InputRules(
...     "demo", flags={"riichi": ("R-1", "won after riichi")}, statuses={},
...     chow_sources=("<", ""), chow_rule="D-4", score_keys=("hand", "win", "flags"),
...     settle_keys=("hands",))
>>> spec.check_flags(["riichi"])
>>> spec.check_flags(["ura"])
Traceback (most recent call last):
...
muraglia.errors.RulesetError: demo does not know the flag 'ura'; it accepts: riichi
>>> spec.check_score({"hand": "x", "dora": []})
>>> spec.check_score({"hand": "x", "ura": ["3m"]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
muraglia.errors.RulesetError: demo does not read the input 'ura' (['3m']); it reads: ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.melds import MeldKind
from muraglia.tiles import wind_letter

__all__ = [
    "SOURCE_NAMES",
    "InputRules",
    "check_discarder",
    "check_input_keys",
    "decisions_markdown",
]

SOURCE_NAMES: Mapping[str, Mapping[str, str]] = {
    "<": {"en": "the previous player (left, `<`)", "it": "il giocatore precedente (`<`)"},
    "^": {"en": "the player across (`^`)", "it": "il giocatore di fronte (`^`)"},
    ">": {"en": "the next player (right, `>`)", "it": "il giocatore successivo (`>`)"},
    "": {"en": "source not written", "it": "provenienza non indicata"},
}
"""The meld source markers of the notation (interfaces.md §3); ``""`` = no marker."""

_EMPTY: tuple[object, ...] = (None, 0, False, "", (), [], {})


@dataclass(frozen=True)
class InputRules:
    """The inputs one ruleset accepts (one declaration; see the module docstring)."""

    ruleset: str
    """The ruleset id, for the messages."""
    flags: Mapping[str, tuple[str, str]]
    """Situation flags of ``score``/``settle``: flag → (rule id, meaning)."""
    statuses: Mapping[str, Mapping[str, str]]
    """Penalty statuses of ``settle``: status → ``{"en": ..., "it": ...}`` (with its rule)."""
    chow_sources: tuple[str, ...]
    """Source markers an exposed chow may carry (``""``: unmarked); empty: no exposed chow."""
    chow_rule: str
    """The rule id behind :attr:`chow_sources`, named in the error."""
    score_keys: tuple[str, ...]
    """Keys of the ``muraglia score`` input object the ruleset reads."""
    settle_keys: tuple[str, ...]
    """Keys of the ``muraglia settle`` input object the ruleset reads."""
    notes: tuple[str, ...] = field(default=())
    """Extra lines for the reference (e.g. what the ruleset does not have: red fives, ura)."""
    flags_it: Mapping[str, str] = field(default_factory=dict)
    """The flags' meanings in Italian: flag → meaning (the rule id is added as in English)."""

    @property
    def flag_meanings(self) -> dict[str, str]:
        """The ``flags`` table of the ruleset class: flag → meaning with its rule id.

        One type for every ruleset's ``flags`` ClassVar (riichi and MCR write the meaning).
        """
        return {k: f"{meaning} ({ref})" for k, (ref, meaning) in self.flags.items()}

    @property
    def flag_meanings_it(self) -> dict[str, str]:
        """:attr:`flag_meanings` in Italian (the ruleset class's ``flags_it``)."""
        return {k: f"{self.flags_it[k]} ({ref})" for k, (ref, _) in self.flags.items()}

    # ------------------------------------------------------------------ checks

    def check_flags(self, flags: Iterable[str]) -> None:
        """Refuse a flag the ruleset does not know (:class:`RulesetError` naming it)."""
        for flag in flags:
            if flag not in self.flags:
                known = ", ".join(self.flags) or "none"
                raise RulesetError(
                    f"{self.ruleset} does not know the flag {flag!r}; it accepts: {known}"
                )

    def check_status(self, status: Mapping[str, str]) -> None:
        """Refuse a status the ruleset has no penalty for."""
        for seat, st in status.items():
            if st not in self.statuses:
                known = ", ".join(self.statuses) or "none"
                raise RulesetError(
                    f"unknown {self.ruleset} status {st!r} of seat {seat!r}: {self.ruleset} "
                    f"has no penalty for it; known: {known}"
                )

    def _check_keys(self, data: Mapping[str, Any], keys: tuple[str, ...]) -> None:
        check_input_keys(self.ruleset, data, keys)

    def check_score(self, data: Mapping[str, Any]) -> None:
        """Check a ``muraglia score`` input object's keys, flags and roles.

        The roles: a ``discarder`` goes with a win on a discard (``win`` ron) and is not the
        winner's own seat (:func:`check_discarder`).
        """
        self._check_keys(data, self.score_keys)
        flags = data.get("flags") or ()
        if isinstance(flags, list | tuple):
            self.check_flags(str(f) for f in flags)
        check_discarder(self.ruleset, data.get("win"), data.get("seat_wind", "E"),
                        data.get("discarder"))  # fmt: skip

    def check_settle(self, data: Mapping[str, Any]) -> None:
        """Check a ``muraglia settle`` input object's keys, flags and statuses."""
        self._check_keys(data, self.settle_keys)
        flags = data.get("flags") or {}
        if isinstance(flags, Mapping):
            for seat_flags in flags.values():
                if isinstance(seat_flags, list | tuple):
                    self.check_flags(str(f) for f in seat_flags)
        status = data.get("status") or {}
        if isinstance(status, Mapping):
            self.check_status({str(k): str(v) for k, v in status.items()})

    def check_hand(self, hand: Hand, chow_sources: tuple[str, ...] | None = None) -> None:
        """Refuse an exposed chow the rules do not allow (its source, or any chow at all).

        ``chow_sources`` overrides :attr:`chow_sources` for one seat (at a table of three the
        previous player may sit across, beyond the dead seat: FIMJ-3P).

        Raises:
            InvalidHandError: naming the meld and the rule.
        """
        allowed_sources = self.chow_sources if chow_sources is None else chow_sources
        for meld in hand.melds:
            if meld.kind is not MeldKind.CHOW:
                continue
            source = meld.source.value if meld.source is not None else ""
            if source in allowed_sources:
                continue
            text = "".join(t.notation for t in meld.tiles)
            if not allowed_sources:
                raise InvalidHandError(
                    f"exposed chow [{text}{source}] in {hand.notation!r}: in {self.ruleset} a "
                    f"discard may be claimed for a chow only to go Mah-Jong, and the winning "
                    f"set is written with the concealed tiles ({self.chow_rule})"
                )
            allowed = " or ".join(SOURCE_NAMES[s]["en"] for s in allowed_sources)
            raise InvalidHandError(
                f"exposed chow [{text}{source}] in {hand.notation!r}: in {self.ruleset} a chow "
                f"may be claimed only from {allowed}, not from "
                f"{SOURCE_NAMES[source]['en']} ({self.chow_rule})"
            )

    # ------------------------------------------------------------------ reference

    def to_dict(self) -> dict[str, object]:
        """The declaration as data (``muraglia rules ID --json``, under ``inputs``)."""
        return {
            "flags": {k: {"ref": ref, "en": meaning} for k, (ref, meaning) in self.flags.items()},
            "statuses": {k: dict(v) for k, v in self.statuses.items()},
            "chow_sources": list(self.chow_sources),
            "chow_rule": self.chow_rule,
            "score_keys": list(self.score_keys),
            "settle_keys": list(self.settle_keys),
            "notes": list(self.notes),
        }

    def markdown(self, *, flags: bool = True) -> list[str]:
        """The declaration as reference lines (``docs/rulesets/ID.md``).

        ``flags=False`` leaves out the flags and statuses (``muraglia rules`` shows them
        already), keeping the meld sources and the input keys.
        """
        lines = ["## Accepted input", ""]
        if flags:
            lines += [
                "Flags (`muraglia score` / `settle`, winner only; any other flag is an error):",
                "",
            ]
            lines += [f"- `{k}`: {ref}, {meaning}" for k, (ref, meaning) in self.flags.items()] or [
                "- none"
            ]
            lines += ["", "Statuses (`muraglia settle`; any other status is an error):", ""]
            lines += [f"- `{k}`: {v['en']} / {v['it']}" for k, v in self.statuses.items()] or [
                "- none"
            ]
            lines.append("")
        if self.chow_sources:
            sources = ", ".join(SOURCE_NAMES[s]["en"] for s in self.chow_sources)
            chow = f"an exposed chow may come only from {sources} ({self.chow_rule})"
        else:
            chow = f"no exposed chow: a chow is claimed only to go Mah-Jong ({self.chow_rule})"
        lines += [f"Melds: pungs and kongs from any player; {chow}.", ""]
        lines.append("`muraglia score` reads: " + ", ".join(f"`{k}`" for k in self.score_keys))
        lines.append("")
        lines.append("`muraglia settle` reads: " + ", ".join(f"`{k}`" for k in self.settle_keys))
        lines.append("")
        lines.append(
            'Any other key with a value is an error naming it (empty values such as `"dora": []`'
        )
        lines.append("are accepted from generic callers).")
        if self.notes:
            lines += ["", *(f"- {n}" for n in self.notes)]
        return lines


def check_input_keys(ruleset: str, data: Mapping[str, Any], keys: Sequence[str]) -> None:
    """Refuse a key of an input object the ruleset does not read (besides ``rules``).

    A key holding nothing (None, 0, an empty list...) says nothing and passes (see the module
    docstring); a typo such as ``winner`` for ``winners`` is named, never settled as a draw.

    >>> check_input_keys("mcr", {"rules": "mcr", "winners": ["S"], "honba": 0}, ("winners",))
    >>> check_input_keys("mcr", {"winner": ["S"]}, ("winners",))
    Traceback (most recent call last):
    ...
    muraglia.errors.RulesetError: mcr does not read the input 'winner' (['S']); it reads: winners

    Raises:
        RulesetError: naming the key, its value and the keys the ruleset reads.
    """
    for key, value in data.items():
        if key in keys or key == "rules" or value in _EMPTY:
            continue
        raise RulesetError(
            f"{ruleset} does not read the input {key!r} ({value!r}); it reads: {', '.join(keys)}"
        )


def check_discarder(ruleset: str, win: object, seat_wind: object, discarder: object) -> None:
    """A discarder is given only for a win on a discard, and never as the winner's own seat.

    ``win`` is ``ron``, ``tsumo``, ``none`` or None (not given); the seats are letters or
    wind tiles. A value of a type the input checks refuse is left to them.

    >>> check_discarder("fimj", "ron", "S", "W")
    >>> check_discarder("fimj", "ron", "S", "S")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    muraglia.errors.InvalidHandError: fimj: seat 'S' cannot win on his own discard (...)
    >>> check_discarder("fimj", "tsumo", "S", "W")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    muraglia.errors.InvalidHandError: fimj: `discarder` 'W' is given, so the win is on a ...

    Raises:
        InvalidHandError: naming the seat and the key.
    """
    if discarder in _EMPTY:
        return
    try:
        d, seat = wind_letter(discarder), wind_letter(seat_wind)
    except InvalidHandError:  # not a seat: the input checks name it
        return
    if win != "ron":
        shown = "not given" if win is None else repr(win)
        raise InvalidHandError(
            f"{ruleset}: `discarder` {d!r} is given, so the win is on a discard (win ron), "
            f"not {shown}"
        )
    if d == seat:
        raise InvalidHandError(
            f"{ruleset}: seat {seat!r} cannot win on his own discard (`discarder` is the "
            "winner's seat wind)"
        )


def decisions_markdown(
    spec: Sequence[tuple[str, str, str]],
    program: Sequence[tuple[str, str, str]],
    not_applied: Mapping[str, str],
) -> list[str]:
    """The reference's list of every case decided rather than read in the rulebook.

    Args:
        spec: (gap id, question, decision) for each "Gaps and decisions" entry of the spec.
        program: (rules, question, what the program does) decided in the program itself.
        not_applied: gap id → why the program does not (fully) apply that decision.
    """
    lines = [
        "## Decisions",
        "",
        "Where the rulebook is silent or unclear the program follows a decision. From the",
        'spec\'s "Gaps and decisions" (the question, then → the decision followed):',
        "",
    ]
    for gid, question, decision in spec:
        line = f"- **{gid}** {question} → {decision}"
        if gid in not_applied:
            line += f" *(Not in the program: {not_applied[gid]}.)*"
        lines.append(line)
    lines += ["", "Decided in the program (neither the seed nor the spec says):", ""]
    lines += [f"- **{rules}** {question} → {decision}" for rules, question, decision in program]
    return lines
