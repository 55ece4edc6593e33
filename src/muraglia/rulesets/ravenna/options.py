"""Options of ``ravenna``: the club knobs the rulebook leaves open (spec ``ravenna.md``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RavennaOptions"]


@dataclass(frozen=True)
class RavennaOptions:
    """Optional rules of ``ravenna(...)``."""

    at_least_30: bool = False
    """RAV-GAP-14: a winner with 2–8 hand points is paid 30, not 22–28 (off: the source's rule)."""
    three_players: bool = False
    """A table of three with the dead seat as North (RAV-3P); used by the engine's flow."""
