"""FIMJ's options (FIMJ-CONF) and the inputs it accepts: flags, statuses, keys (issue 14)."""

from __future__ import annotations

from dataclasses import dataclass

from muraglia.errors import RulesetError
from muraglia.scoring.accepts import InputRules

__all__ = ["FLAGS", "INPUTS", "STATUSES", "FimjOptions"]


@dataclass(frozen=True, slots=True)
class FimjOptions:
    """Optional rules (FIMJ-CONF), given as ``fimj(limit=2000,charleston=true)``."""

    limit: int = 1000
    """The limit *L* for payments not involving East (FIMJ-LIMIT-1)."""
    strict_two_points: bool = False
    """Apply the 2-point condition to the winner's combination points too (FIMJ-GAP-1)."""
    charleston: bool = False
    """Play the Charleston exchange (FIMJ-CHARL); used by the engine."""
    three_players: bool = False
    """Three-player table with a dead seat (FIMJ-3P)."""
    four_as_two_pairs: bool = True
    """Seven pairs may use four identical concealed tiles as two pairs (FIMJ-GAP-11)."""
    dead_seat_pays: bool = False
    """At a 3-player table the dead seat pays Mah-Jong, Ravenna style (FIMJ-GAP-38 knob)."""
    tournament: bool = False
    """Tournament mode (FIMJ-TOURN): East always passes; used by the engine."""

    def __post_init__(self) -> None:
        """Check option values.

        Raises:
            RulesetError: for a limit that is not a positive multiple of 10.
        """
        if self.limit <= 0 or self.limit % 10:
            raise RulesetError(f"fimj limit must be a positive multiple of 10, not {self.limit!r}")


FLAGS: dict[str, tuple[str, str]] = {
    "riichi": ("C16", "won after a valid riichi"),
    "replacement": ("C07", "winning tile drawn from the dead wall"),
    "robbing_kong": ("C08", "won by robbing a kong"),
    "last_of_kind": ("C09", "winning tile is the last available copy (ultimo pezzo)"),
    "last_discard": ("C10", "won on the last discard"),
    "last_tile": ("C11", "won with the last live tile"),
    "within_fifteenth": ("C13", "no more than 15 discards made"),
    "first_turn": ("M03", "exit of the Gods: East's initial 14 tiles or East's first discard"),
}
"""Situation flags read by the FIMJ scorer: flag → (spec item, meaning)."""

FLAGS_IT: dict[str, str] = {
    "riichi": "chiusura dopo un richi valido",
    "replacement": "pedina vincente pescata sul tetto (muro morto)",
    "robbing_kong": "chiusura rubando un kong",
    "last_of_kind": "la pedina vincente è l'ultimo esemplare disponibile (ultimo pezzo)",
    "last_discard": "chiusura sull'ultimo scarto",
    "last_tile": "chiusura con l'ultima pedina del muro",
    "within_fifteenth": "non più di 15 scarti fatti (entro la quindicesima)",
    "first_turn": "uscita degli Dei: le 14 pedine iniziali di Est o il primo scarto di Est",
}
"""The meanings of :data:`FLAGS` in Italian."""

STATUSES: dict[str, dict[str, str]] = {
    "small_lord": {
        "en": "small lord (FIMJ-PEN-1): too few tiles; cannot win, hand points count",
        "it": "piccolo signore (FIMJ-PEN-1): troppo poche pedine; non chiude, la stecca conta",
    },
    "great_lord": {
        "en": "great lord (FIMJ-PEN-2): too many tiles; cannot win, hand points 0",
        "it": "grande signore (FIMJ-PEN-2): troppe pedine; non chiude, stecca a zero",
    },
    "false_mahjong": {
        "en": "false Mah-Jong (FIMJ-PEN-3): excluded from the hand, hand points 0",
        "it": "mah-jong falso (FIMJ-PEN-3): escluso dalla mano, stecca a zero",
    },
    "false_riichi": {
        "en": "false riichi (FIMJ-PEN-4): excluded from the hand, hand points 0",
        "it": "richi falso (FIMJ-PEN-4): escluso dalla mano, stecca a zero",
    },
    "dropped_rack": {
        "en": "dropped rack (FIMJ-PEN-5): threw in his tiles, hand points 0",
        "it": "calo della stecca (FIMJ-PEN-5): ha gettato le pedine, stecca a zero",
    },
    "destroyed_wall": {
        "en": "destroyed wall (FIMJ-PEN-6): pays each intact rack its hand or ready Mah-Jong",
        "it": "distruzione del muro (FIMJ-PEN-6): paga a ogni stecca integra i suoi punti",
    },
}
"""Penalised statuses a seat may have in a settlement (FIMJ-PEN)."""

INPUTS = InputRules(
    "fimj",
    flags=FLAGS,
    flags_it=FLAGS_IT,
    statuses=STATUSES,
    chow_sources=("<", ""),
    chow_rule="FIMJ-PLAY-4",
    score_keys=("hand", "win", "seat_wind", "round_wind", "flags", "dealer", "discarder"),
    settle_keys=(
        "winners",
        "discarder",
        "hands",
        "round_wind",
        "dealer",
        "flags",
        "status",
        "dead",
    ),
    notes=(
        "`discarder` does not change who pays: every other player pays the winner (FIMJ-PAY-1).",
        "No stake is put up for richi (FIMJ-RICHI): `riichi_sticks` is refused.",
        "`riichi` needs a wait on exactly one tile kind (FIMJ-RICHI-1, FIMJ-GAP-20): on a wider "
        "wait it is an error (a false riichi, FIMJ-PEN-4: give the seat the status "
        "`false_riichi`).",
        "`last_of_kind` needs a wait of the rulebook's cases 1-3 (FIMJ-DBL-4).",
        "No dora, ura-dora, red fives or counters: `dora`, `ura`, `honba` are refused.",
    ),
)
"""What ``fimj`` accepts: flags, statuses, chow sources, input keys (issue 14)."""
