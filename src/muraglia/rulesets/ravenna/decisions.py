"""Where ravenna follows a decision rather than a clear rulebook line (issue 14).

``SPEC_DECISIONS``: every RAV-GAP of ``spec/ravenna.md`` ("Gaps and decisions"), the question
and the decision the program follows; ``PROGRAM_DECISIONS``: choices made in the program
where neither the seed nor the spec decides. Both are listed in the generated reference
``docs/rulesets/ravenna.md``.
"""

from __future__ import annotations

__all__ = ["NOT_APPLIED", "PROGRAM_DECISIONS", "SPEC_DECISIONS"]

SPEC_DECISIONS: tuple[tuple[str, str, str], ...] = (
    (
        "RAV-GAP-1",
        "Tile set not listed.",
        "the standard 144-tile set (four walls of 36; flowers and seasons are used).",
    ),
    (
        "RAV-GAP-2",
        "Ties on the d20 for East.",
        "re-roll among tied players.",
    ),
    (
        "RAV-GAP-3",
        (
            "Direction. The source says clockwise with South on East's left, and counts the "
            'breach "from left to right", a consistent mirror image of the FIMJ seed (also from'
            " Romagna), which puts South on East's right."
        ),
        (
            "the rules depend only on the logical order E→S→W→N; physical direction is a "
            "display setting. Nothing else changes."
        ),
    ),
    (
        "RAV-GAP-4",
        "d6 values 5 and 6, d20 values 18–20 (a wall has 18 stacks).",
        (
            "count walls cyclically from East (5 = East, 6 = South); breach position wraps "
            "within the chosen wall as in FIMJ (RAV-WALL-3); East's first stacks may continue "
            "into the next wall."
        ),
    ),
    (
        "RAV-GAP-5",
        "Dice thrown outside the walls: not said what follows.",
        "re-throw.",
    ),
    (
        "RAV-GAP-6",
        (
            'Reserved tiles: "the last tiles are stacked backwards, then 20 tiles are counted",'
            ' and the physical way of taking replacements ("lift the two tiles but take the '
            'second") is unclear.'
        ),
        (
            "the 10 stacks at the tail of the wall (behind the breach) are reserved; "
            "replacement order is lower then upper tile, from the breach outward (as in FIMJ's "
            "dead wall); if exhausted, use the tail of the live wall."
        ),
    ),
    (
        "RAV-GAP-7",
        'Concealed bonus tiles and timing "before another player precedes him".',
        (
            'RAV-FLOWER-5. In software the replacement is immediate; the "forgot to replace" '
            "penalty exists only in referee mode."
        ),
    ),
    (
        "RAV-GAP-8",
        "Skipped turns after a claim: not said.",
        "standard (RAV-PLAY-8).",
    ),
    (
        "RAV-GAP-9",
        "Robbing a kong: not mentioned.",
        "not allowed; only discards can be claimed.",
    ),
    (
        "RAV-GAP-10",
        (
            '"Tutte pedine di punta" appears among the winning shapes and among the massimi; a '
            'separate massimo "tutti tris e coppia di testa" exists.'
        ),
        (
            "all-head-tile hands are a winning shape in any arrangement (otherwise listing them"
            " as a shape would add nothing, since all-head pungs already fit the standard "
            "shape)."
        ),
    ),
    (
        "RAV-GAP-11",
        "Claimed winning tile and decomposition choice.",
        "exposed; best decomposition.",
    ),
    (
        "RAV-GAP-12",
        'Exhausted wall: "with the last, which need not be discarded, the hand is void".',
        (
            "the last drawer may win by self-draw; otherwise the hand ends at once with no "
            "discard and no payments (void = cancelled, as the replay rule shows)."
        ),
    ),
    (
        "RAV-GAP-13",
        "Counting the 8 hands when hands are void.",
        "RAV-END-4.",
    ),
    (
        "RAV-GAP-14",
        (
            "The 30-point rule creates an anomaly (a winner with 2–8 points gets 22–28, less "
            "than a no-points winner's 30)."
        ),
        (
            "apply literally (30 only when the hand points are exactly 0); a club preferring "
            '"at least 30" can set a knob, off by default.'
        ),
    ),
    (
        "RAV-GAP-15",
        "Flower ownership and rosa cumulation.",
        (
            '1–4 = E, S, W, N; rosa (2) cumulates with own flower (1) since "doubles are '
            'cumulative".'
        ),
    ),
    (
        "RAV-GAP-16",
        (
            "Which doubles apply to non-winners: the examples give non-winners doubles but do "
            "not say which."
        ),
        (
            "all except the hand-shape doubles RAV-DBL-D05 (one suit) and RAV-DBL-D06 (all "
            "pungs), which describe a complete winning hand."
        ),
    ),
    (
        "RAV-GAP-17",
        (
            '"Tutti tris e coppia di testa": could mean "all pungs and pair, all of head '
            'tiles", but that is already covered by "all head tiles".'
        ),
        (
            "four pungs/kongs of any tiles plus a pair of head tiles; without a head pair, all "
            "pungs is only RAV-DBL-D06 (1 double)."
        ),
    ),
    (
        "RAV-GAP-18",
        "Whether 200/400 limits ordinary hands.",
        (
            "yes: otherwise an ordinary hand (e.g. 60 × 2³ = 480) could be worth more than a "
            'massimo, contradicting the name "massimo" (maximum) and the title "200/400". '
            "Applied to non-winners too; massimi do not stack."
        ),
    ),
    (
        "RAV-GAP-19",
        "Rounding of an exact 5.",
        "down; unreachable (all amounts even).",
    ),
    (
        "RAV-GAP-20",
        'Hands not yet "in progress" at the bell.',
        "not played.",
    ),
    (
        "RAV-GAP-21",
        "What is recorded as a table result.",
        "RAV-COMP-6.",
    ),
    (
        "RAV-GAP-22",
        "Dead seat details (position, tiles, East double, bookkeeping).",
        (
            "RAV-3P-4: two East rotations of three players means the dead seat is never East, "
            "so it is fixed at North."
        ),
    ),
    (
        "RAV-GAP-23",
        'Penalised players "end the hand with 0 points": may they still win?',
        "no; they keep drawing and discarding so the turn order is undisturbed.",
    ),
    (
        "RAV-GAP-24",
        '"Only the points left on the rack" after throwing it in.',
        "RAV-PEN-5.",
    ),
    (
        "RAV-GAP-25",
        (
            '"This player pays the other two": the pronoun may refer to the rack-breaker or to '
            "the false caller."
        ),
        (
            "the rack-breaker pays. Reasons: (1) the same section abolished payments by false "
            "callers precisely to stop collusion, which this reading would reintroduce; (2) "
            "FIMJ's parallel rule makes the player who destroyed tiles pay the players whose "
            'racks are intact; (3) "the other two" then names exactly the two innocent players.'
        ),
    ),
    (
        "RAV-GAP-26",
        "Wrong claim noticed after discarding.",
        "no Mah-Jong; remaining valid groups still score.",
    ),
    (
        "RAV-GAP-27",
        "Claim then refusal.",
        "RAV-PEN-9.",
    ),
    (
        "RAV-GAP-28",
        (
            'Arithmetic slip in simulation B: "East collects 90 from South (32 × the double = '
            '64 − 44 = 20 × 2 = 40)".'
        ),
        (
            "South pays East 40 (the printed working); 90 is East's total collection from South"
            " (40) and North (50). Net figures in RAV-TV-7 follow this."
        ),
    ),
    (
        "RAV-GAP-29",
        (
            "Simultaneous claims for a pung and for Mah-Jong are covered (Mah-Jong first); two "
            "pung claims cannot occur. Claims of a pair are not mentioned."
        ),
        "a pair may be claimed only as the Mah-Jong tile.",
    ),
    (
        "RAV-GAP-30",
        (
            "Multiple winners' sharing is excluded (RAV-END-2); the source gives no rule for "
            "three simultaneous claims."
        ),
        "any two or more Mah-Jong claims on one discard void the hand.",
    ),
    (
        "RAV-GAP-31",
        "Counting tiles for the 12/14-tile errors.",
        "RAV-PEN-2 (same counting as FIMJ).",
    ),
    (
        "RAV-GAP-32",
        'One-suit double with other winds: the source names only "dragons or own wind".',
        (
            "any wind other than own wind (in a set or the pair) disqualifies the hand from "
            "RAV-DBL-D05; dragons and own wind may appear in any number of sets or the pair."
        ),
    ),
    (
        "RAV-GAP-33",
        (
            'Initial kong exposure "after all others have taken their flower replacements": '
            "order among several such players is not given."
        ),
        'in seat order starting from East, after the last "Avanti Fiori".',
    ),
)
"""(rule id, question, decision) for each gap of the spec."""

NOT_APPLIED: dict[str, str] = {}
"""Spec decisions the program does not (or only partly) apply, and why."""

PROGRAM_DECISIONS: tuple[tuple[str, str, str], ...] = (
    (
        "RAV-PLAY-3",
        "How a chow claimed for Mah-Jong is written.",
        "With the concealed tiles and the winning tile (`23m +4m`); an exposed chow `[234m]` "
        "in a hand is an error: it could only come from a claim other than the winning one.",
    ),
    (
        "RAV-COMP-3, RAV-GAP-20",
        '"When South has discarded" at the bell.',
        "The deal is in progress once the seat holding South has made a discard (a claim of "
        "East's discard before it does not make the deal in progress); else it is abandoned "
        "without payments and the match ends.",
    ),
    (
        "RAV-PTS-3",
        "`round_wind` in the input.",
        "Accepted (generic callers send it) and without effect: there is no round wind.",
    ),
    (
        "docs/scoring.md",
        "The meaning of `points`.",
        "Every point item including the Mah-Jong's 20 (or 30 with no hand points), before "
        "doubles, as in FIMJ and Seipalle.",
    ),
)
"""(rules, question, what the program does) where neither seed nor spec decides."""
