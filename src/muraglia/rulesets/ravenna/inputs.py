"""What ``ravenna`` accepts: its penalty statuses (RAV-PEN), no flags, no exposed chow.

One declaration (:class:`~muraglia.scoring.accepts.InputRules`) read by the input checks of
``score`` and ``settle``, by ``muraglia rules ravenna`` and by the generated reference.
"""

from __future__ import annotations

from collections.abc import Mapping

from muraglia.scoring.accepts import InputRules

__all__ = ["ANY_COUNT", "INPUTS", "LONG", "SHORT", "STATUSES", "THROWN_RACK", "ZERO"]

STATUSES: Mapping[str, Mapping[str, str]] = {
    "twelve_tiles": {
        "en": "12 tiles: cannot win, counts his points (RAV-PEN-1)",
        "it": "12 pedine: non può fare Mah-Jong, conta i punti",
    },
    "wrong_claim": {
        "en": "wrong claim noticed after discarding: cannot win, counts his points (RAV-PEN-8)",
        "it": "chiamata errata: non può fare Mah-Jong, conta i punti",
    },
    "fourteen_tiles": {
        "en": "14 tiles: cannot win, scores 0 (RAV-PEN-2)",
        "it": "14 pedine: non può fare Mah-Jong né contare i punti",
    },
    "false_mahjong": {
        "en": "false Mah-Jong call: plays on with 0 points (RAV-PEN-3)",
        "it": "Mah-Jong chiamato senza averlo: termina la mano con 0 punti",
    },
    "laid_down": {
        "en": "laid the hand down without Mah-Jong: 0 points (RAV-PEN-4)",
        "it": "pedine messe in stecca senza Mah-Jong: 0 punti",
    },
    "thrown_rack": {
        "en": "threw the rack in: only exposed sets and bonus tiles count (RAV-PEN-5)",
        "it": "stecca gettata: contano solo i punti rimasti sulla stecca",
    },
    "wrong_draw": {
        "en": "drew from the wrong place: 0 points (RAV-PEN-10)",
        "it": "pescata da un punto sbagliato del muro: 0 punti",
    },
    "unpaid_rack": {
        "en": "cleared the rack before being paid: 0 points (RAV-PEN-12)",
        "it": "pedine tolte dalla stecca prima del pagamento: 0 punti",
    },
    "broken_rack": {
        "en": "broke his rack after a false call: pays the two other players (RAV-PEN-6)",
        "it": "stecca distrutta dopo un falso Mah-Jong: paga gli altri due giocatori",
    },
}
"""The per-seat penalty statuses this ruleset knows, with bilingual explanations."""

ZERO = frozenset({"fourteen_tiles", "false_mahjong", "laid_down", "wrong_draw", "unpaid_rack"})
"""Statuses whose holder's hand is worth 0 (RAV-PEN-2/3/4/10/12, RAV-SCORE-3)."""
THROWN_RACK = "thrown_rack"
"""The status whose concealed tiles are dead: only exposed sets and bonus tiles count
(RAV-PEN-5)."""
SHORT = ("twelve_tiles",)
"""Statuses of a player found with too few tiles (RAV-PEN-1)."""
LONG = ("fourteen_tiles",)
"""Statuses of a player found with too many tiles (RAV-PEN-2)."""
ANY_COUNT = frozenset(STATUSES) - {*SHORT, *LONG}
"""Statuses whose holder may show 13 or 14 tiles (he may hold a drawn tile when stopped)."""

INPUTS = InputRules(
    "ravenna",
    flags={},
    statuses=STATUSES,
    chow_sources=(),
    chow_rule="RAV-PLAY-3",
    score_keys=("hand", "win", "seat_wind", "round_wind", "dealer", "discarder"),
    settle_keys=("winners", "discarder", "hands", "round_wind", "dealer", "status", "dead"),
    notes=(
        "No situation flag scores in Ravenna (no robbing the kong, RAV-KONG-5; no last tile "
        "or replacement double): any flag is an error.",
        "`round_wind` is accepted and has no effect: there is no round wind in this ruleset "
        "(RAV-PTS-3).",
        "`dealer` must be `E` (seats are named by wind); `discarder` does not change who pays "
        "(RAV-PAY-1).",
        "No riichi, dora, ura-dora, red fives or counters: `riichi_sticks`, `dora`, `ura`, "
        "`honba` are refused.",
    ),
)
"""What ``ravenna`` accepts: no flags, its statuses, no exposed chow, its input keys."""
