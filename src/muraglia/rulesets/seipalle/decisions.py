"""Where seipalle follows a decision rather than a clear rulebook line (issue 14).

``SPEC_DECISIONS``: every SEI-GAP of ``spec/seipalle.md`` ("Gaps and decisions"), the question
and the decision the program follows; ``PROGRAM_DECISIONS``: choices made in the program
where neither the seed nor the spec decides. Both are listed in the generated reference
``docs/rulesets/seipalle.md``.
"""

from __future__ import annotations

__all__ = ["NOT_APPLIED", "PROGRAM_DECISIONS", "SPEC_DECISIONS"]

SPEC_DECISIONS: tuple[tuple[str, str, str], ...] = (
    (
        "SEI-GAP-1",
        "The page describes only differences from the Italian rules.",
        "inherit FIMJ where silent, restated here (SEI-DOC-3).",
    ),
    (
        "SEI-GAP-2",
        "Seating/wind ceremony not described.",
        "any fair random assignment; FIMJ dice for the breach, walls of 17 stacks.",
    ),
    (
        "SEI-GAP-3",
        (
            'Mechanics of replenishing the dead wall and position of the dora indicator ("third'
            ' upper tile", from which end?).'
        ),
        (
            "SEI-SETUP-4/-5: counted from the breach end, replacements from the breach end, "
            "replenishment from the tail of the live wall (standard Japanese layout; consistent"
            " with the EMA seed 001)."
        ),
    ),
    (
        "SEI-GAP-4",
        '"More than four kongs → void": timing.',
        "void as soon as the fifth kong is declared.",
    ),
    (
        "SEI-GAP-5",
        (
            '"Cannot win by claiming a tile one discarded": same physical tile is impossible, '
            "so the rule must mean the tile kind."
        ),
        "SEI-PLAY-4; full Japanese furiten is not added.",
    ),
    (
        "SEI-GAP-6",
        (
            "End-of-wall mechanics are not described. FIMJ has no discard after the last draw "
            '(its "last discard" is the discard made while one tile remains), whereas in the '
            'Japanese game the last drawer discards and that discard is the "last discard".'
        ),
        (
            "Japanese mechanics (SEI-PLAY-6), because this page presents the Japanese game and "
            'its list pairs "last tile of the wall" with "last discard" exactly as the Japanese'
            " yaku list does."
        ),
    ),
    (
        "SEI-GAP-7",
        "Concealed kongs and the closed/open status.",
        (
            "a declared concealed kong keeps the hand closed (all its tiles were drawn, which "
            "is the source's definition of closed)."
        ),
    ),
    (
        "SEI-GAP-8",
        (
            '"If [the riichi discard] is claimed, riichi cannot be declared for that turn": '
            "consequences not stated."
        ),
        "SEI-RIICHI-4 (declaration cancelled, stake returned, may re-declare later).",
    ),
    (
        "SEI-GAP-9",
        'Riichi vs riichi on the first turn: listed as two rows without "includes".',
        ("the first-turn riichi is worth 2 in total, as in the Japanese game this page adapts."),
    ),
    (
        "SEI-GAP-10",
        "Riichi deadline not given.",
        "FIMJ's (at least 8 drawable tiles left).",
    ),
    (
        "SEI-GAP-11",
        '"Special rules for dragons and winds" for dora, not given.',
        "standard cycles (SEI-DORA-1).",
    ),
    (
        "SEI-GAP-12",
        "Kong indicators: position, timing, ura-dora, red fives.",
        "SEI-DORA-2; none of ura-dora or red fives (not mentioned).",
    ),
    (
        "SEI-GAP-13",
        "Decomposition choice and claimed winning tiles.",
        "highest value; a pung completed by a claimed tile is exposed.",
    ),
    (
        "SEI-GAP-14",
        (
            '"All drawn except the last" (10): for discard wins only, or also self-drawn closed'
            " hands?"
        ),
        (
            "discard wins only; a closed self-drawn hand has its own items (self-draw 2 and the"
            ' "all self-drawn" double). The point items mirror the Japanese fu table, where '
            "this 10 is for a closed discard win."
        ),
    ),
    (
        "SEI-GAP-15",
        '"No-points hand" undefined, and the self-draw item refers to it.',
        (
            "SEI-PTS-2. This makes every pointless hand worth 30, like the Ravenna seed's "
            "30-point pointless Mah-Jong."
        ),
    ),
    (
        "SEI-GAP-16",
        'Seven pairs "25": additive or total?',
        (
            "total (25 replaces all point items), as the Japanese fixed value that the whole "
            "points table mirrors; otherwise seven pairs would exceed 45 points before "
            "doubling, out of line with every other hand."
        ),
    ),
    (
        "SEI-GAP-17",
        '"Waiting on a single tile".',
        "exactly one tile kind completes the hand (simple, decomposition-independent).",
    ),
    (
        "SEI-GAP-18",
        "Double-wind pair.",
        "4 points (as FIMJ-GAP-27).",
    ),
    (
        "SEI-GAP-19",
        'Cumulation where no "includes" is written.',
        "SEI-DBL-2.",
    ),
    (
        "SEI-GAP-20",
        "Definitions given only by name.",
        "SEI-DBL-3.",
    ),
    (
        "SEI-GAP-21",
        "Limit value absent.",
        (
            "FIMJ 1000/2000, with ordinary hands capped. Note the riichi stake (1000) is then "
            "as large as a limit share; it is what the source states."
        ),
    ),
    (
        "SEI-GAP-22",
        "Rounding of points before doubling.",
        "none; payments rounded to tens.",
    ),
    (
        "SEI-GAP-23",
        'Rounding with "discarder pays for all".',
        "round each share, then add.",
    ),
    (
        "SEI-GAP-24",
        "Several winners on one discard (FIMJ allows it; the page is silent).",
        "SEI-PAY-6.",
    ),
    (
        "SEI-GAP-25",
        "East rotation not stated.",
        "SEI-GAME-2.",
    ),
    (
        "SEI-GAP-26",
        "Stakes left at the end of the game.",
        "SEI-GAME-3 (the EMA seed's practice).",
    ),
    (
        "SEI-GAP-27",
        "Penalties not stated.",
        "SEI-GAME-4.",
    ),
)
"""(rule id, question, decision) for each gap of the spec."""

NOT_APPLIED: dict[str, str] = {}
"""Spec decisions the program does not (or only partly) apply, and why."""

PROGRAM_DECISIONS: tuple[tuple[str, str, str], ...] = (
    (
        "SEI-RIICHI-6, SEI-PAY-5",
        "How the riichi stakes appear in a settlement.",
        "As a transfer from `table` to the winner who takes them, in `transfers`, `net` (which "
        "then has a `table` entry) and the `score` output's `payments`, as riichi-ema writes "
        "its sticks.",
    ),
    (
        "time rule",
        "The seed has no time rule.",
        "When time is called the deal in progress is finished, then the match ends.",
    ),
    (
        "SEI-DORA-2",
        "`ura` and red fives in the input.",
        "Errors naming them (the ruleset has neither); a `0m` tile is refused by the notation.",
    ),
)
"""(rules, question, what the program does) where neither seed nor spec decides."""
