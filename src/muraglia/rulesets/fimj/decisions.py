"""Where fimj follows a decision rather than a clear rulebook line (issue 14).

``SPEC_DECISIONS``: every FIMJ-GAP of ``spec/fimj.md`` ("Gaps and decisions"), the question
and the decision the program follows; ``PROGRAM_DECISIONS``: choices made in the program
where neither the seed nor the spec decides. Both are listed in the generated reference
``docs/rulesets/fimj.md``.
"""

from __future__ import annotations

__all__ = ["NOT_APPLIED", "PROGRAM_DECISIONS", "SPEC_DECISIONS"]

SPEC_DECISIONS: tuple[tuple[str, str, str], ...] = (
    (
        "FIMJ-GAP-1",
        (
            'Fundamental doubles and the "at least 2 points" condition. The source says '
            'fundamental doubles are valid "in every case if one has at least 2 points in the '
            'rack". Unclear whether the 20 Mah-Jong points count, i.e. whether a winner with '
            "only chows keeps e.g. the snake double."
        ),
        (
            "the condition concerns combination points of *non-winners* (FIMJ-SCORE-6): with "
            "*Q* < 2 (in practice *Q* = 0) their fundamental doubles are ignored, which changes"
            " nothing numerically (0 × 2^*F* = 0) but makes the displayed breakdown honest. For"
            " the winner the base always includes the 20 Mah-Jong points, so fundamental "
            'doubles always apply (FIMJ-TV-7). Reason: "in every case" contrasts fundamental '
            "with closing doubles (winner and non-winners alike), and the classical Italian "
            "formula doubles the winner's total including the 20. Knob in FIMJ-CONF for the "
            "strict reading."
        ),
    ),
    (
        "FIMJ-GAP-2",
        "Limit before or after East's doubling.",
        (
            "cap the hand value at *L* first, then double for East; since *L* and 2*L* are "
            "multiples of 10 and rounding is monotonic, this equals capping East's payments at "
            "2*L* and gives exactly the source's 1000/2000."
        ),
    ),
    (
        "FIMJ-GAP-3",
        (
            '"Imbottigliato" (bottled): the source says the final pair is made with the only '
            "tile left concealed, the other four combinations being already exposed on the "
            "rack."
        ),
        (
            "at the winning moment the hand has four sets on the rack shelf (claimed sets "
            "and/or declared kongs, concealed kongs included since they are laid on the rack) "
            "and exactly one concealed tile; the winning tile, drawn or claimed, pairs with it."
            " It is compatible with last piece (C09) and with dead-wall draws, not with all "
            "self-drawn (C04)."
        ),
    ),
    (
        "FIMJ-GAP-4",
        (
            '"Mano pura": defined as suit tiles of one suit "plus one or more combinations of '
            'winds or dragons". Unclear whether an honour pair alone is enough and whether mano'
            " purissima includes it."
        ),
        (
            "one suit plus at least one wind or dragon tile in any set or in the pair (an "
            "honour pair alone qualifies); it excludes mano purissima (which has no honours), "
            'so the two never stack. Reason: the word "combination" is used loosely in the '
            "source, the Ravenna seed (004) explicitly accepts the pair alone, and the Seipalle"
            ' seed (003) uses "mano pura" for the same half-flush.'
        ),
    ),
    (
        "FIMJ-GAP-5",
        (
            '"Four equal chows of one suit": heading present, description and value lost in the'
            " extraction; the summary table gives 1."
        ),
        (
            "four chows with identical numbers all in one suit, 1 double, nested with F11, F12 "
            "and F13 (total 4), by analogy with the three-chow pair F11/F12 and the source's "
            "nesting examples."
        ),
    ),
    (
        "FIMJ-GAP-6",
        (
            '"Three equal pungs" (3 tris uguali / tre tris uguali numerali): three identical '
            "pungs are impossible with four copies."
        ),
        (
            "pungs/kongs of the same number in each of the three suits (honours excluded, "
            '"numerali").'
        ),
    ),
    (
        "FIMJ-GAP-7",
        (
            'Compatibility is stated as the only "taboo" but never defined; the examples only '
            "show nesting."
        ),
        ("FIMJ-CUM-3 (nested patterns all count; all doubles must hold on one decomposition)."),
    ),
    (
        "FIMJ-GAP-8",
        (
            '"Last discard": "Mah-Jong with the last tile that can be discarded", while the '
            "player who draws the last live tile does not discard."
        ),
        (
            "a Mah-Jong claimed on any discard made while exactly one drawable tile remains in "
            "the live wall (including the discard of a player who claimed at that moment). "
            "Robbing a kong at that moment counts as robbed only."
        ),
    ),
    (
        "FIMJ-GAP-9",
        (
            '"Within the fifteenth": "no more than 15 tiles played, claimed ones included, '
            'flowers and seasons excluded".'
        ),
        (
            "count discards made in the hand (including discards later claimed and the winning "
            "discard itself if the win is on a discard); the double applies if the count is ≤ "
            "15. Exposed bonus tiles and dead-wall replacements are not counted."
        ),
    ),
    (
        "FIMJ-GAP-10",
        (
            '"Snake of the dragons": "a snake of alternating suits repeated in each chow" with '
            "the figure lost."
        ),
        (
            "knitted snake — 1, 4, 7 of suit A; 2, 5, 8 of suit B; 3, 6, 9 of suit C, A, B, C "
            "all different — so that every chow 1-2-3, 4-5-6, 7-8-9 has the suits in the same "
            "order. This is the only reading in which the suits both alternate within a chow "
            "and repeat across chows, and it makes 9 + 3 dragons + 2 wind = 14 tiles."
        ),
    ),
    (
        "FIMJ-GAP-11",
        "Seven pairs with four identical tiles: not addressed.",
        (
            "allowed (two pairs) when the four tiles are held concealed and never declared as a"
            ' kong. Reason: "seven pairs of any kind", and Romagna practice (the Ravenna seed '
            "explicitly counts a concealed kong as two pairs). Knob in FIMJ-CONF."
        ),
    ),
    (
        "FIMJ-GAP-12",
        (
            "Own flower/season: the source does not state the number→wind mapping, nor whether "
            "own flower and own season each give a double."
        ),
        (
            "1 = East, 2 = South, 3 = West, 4 = North; own flower and own season each give 1 "
            'double (table row "proprio fiore" read per tile), as in the Ravenna seed which '
            "lists them separately."
        ),
    ),
    (
        "FIMJ-GAP-13",
        ('Breach with *n* = 18 and wrap-around. The source wraps "if the total is 18 or more".'),
        (
            "breach after stack ((*n* − 1) mod 18) + 1 of the chosen wall (so 18 → after the "
            "last stack, 19 → after the first, 24 → after the sixth); dealing then continues "
            "physically into the next wall when the chosen wall is used up."
        ),
    ),
    (
        "FIMJ-GAP-14",
        (
            'Dead-wall draw order: Figure 3 lost; text says "backward, lower tile first, then '
            'upper".'
        ),
        (
            "start with the stack adjacent to the breach, lower then upper, moving away from "
            'the breach. Consistent with the 3-player Charleston, which takes "the last four '
            'tiles" and later returns four "to the tail" of the dead wall.'
        ),
    ),
    (
        "FIMJ-GAP-15",
        "Dead wall not replenished; exhaustion not covered.",
        (
            "no replenishment (as the source describes a fixed 14-tile dead wall and the "
            "Ravenna seed says reserved tiles are not replaced); if a replacement is needed "
            "when it is empty, take the last drawable tile of the live wall."
        ),
    ),
    (
        "FIMJ-GAP-16",
        "Late claims: the source allows claiming until the next discard.",
        (
            "engine uses a claim window before the next draw (equivalent in software, no tile "
            "is seen); referee mode accepts a late claim before the next discard and returns "
            "the drawn tile to the wall."
        ),
    ),
    (
        "FIMJ-GAP-17",
        "Robbed kong details absent.",
        (
            "the robbed tile goes to the winner, the would-be kong stays an exposed pung and no"
            " replacement is drawn. Payment is the normal one by all non-winners (FIMJ-PAY-1): "
            "the source gives the player who was robbed no special liability."
        ),
    ),
    (
        "FIMJ-GAP-18",
        "Non-winners' concealed kongs: not addressed.",
        (
            "four identical concealed tiles may be shown at scoring as a concealed kong (FIMJ-"
            'PTS-P01/P03); the source says concealed kongs can be exposed "at any moment" and '
            "others lay down their scoring combinations at the end."
        ),
    ),
    (
        "FIMJ-GAP-19",
        'Riichi deadline "entro le ultime 8 pedine utili per la pesca".',
        (
            "declaration allowed only while at least 8 drawable tiles remain in the live wall; "
            '"entro" is read as a deadline, as in "entro la quindicesima".'
        ),
    ),
    (
        "FIMJ-GAP-20",
        "False riichi not defined.",
        (
            "a riichi whose concealed hand is not waiting on exactly one tile kind (including "
            "no wait at all). Engines prevent it; the referee tool applies FIMJ-PEN-4 when it "
            "is discovered (at the latest when hands are revealed)."
        ),
    ),
    (
        "FIMJ-GAP-21",
        "Payments in a void hand not stated.",
        (
            'none; "a monte" in Italian practice cancels the hand, and the hand-point '
            "settlement is described only as following a Mah-Jong."
        ),
    ),
    (
        "FIMJ-GAP-22",
        "Four-wind void: claims in between not addressed.",
        "FIMJ-END-3.",
    ),
    (
        "FIMJ-GAP-23",
        "What the last drawer may do.",
        "FIMJ-END-4 (may expose and replace, may win, never discards).",
    ),
    (
        "FIMJ-GAP-24",
        (
            'Contradiction: "East keeps the role until another player wins" vs "after the first'
            ' 4 hands the round wind changes"; and tournament rule "first round wind = wind of '
            'the breach wall" vs "first round wind is East".'
        ),
        (
            "free play: East repeats after own win and after void hands; the round wind changes"
            " when the East role has gone round all four players; first round wind East. "
            "Tournament: East always passes, the round wind starts from the breach wall's wind "
            "and advances every four hands in the order E→S→W→N→E."
        ),
    ),
    (
        "FIMJ-GAP-25",
        "Choice among decompositions not stated.",
        (
            "the highest-value decomposition (standard practice; the source asks players to "
            'score "as many points and doubles as possible").'
        ),
    ),
    (
        "FIMJ-GAP-26",
        "Pung completed by a claimed winning tile.",
        (
            "exposed, because the source states that sets made with another player's discard "
            "are exposed; a pung completed by a self-drawn winning tile is concealed."
        ),
    ),
    (
        "FIMJ-GAP-27",
        "Double-wind pair and multiple pairs of non-winners.",
        (
            "4 points for a pair that is both own and round wind (the two table rows apply "
            "independently, as with the doubled wind pung); non-winners score every valued pair"
            " they hold."
        ),
    ),
    (
        "FIMJ-GAP-28",
        '"Ultimo pezzo" must be announced with Mah-Jong.',
        (
            "auto-detected in play against software; mandatory announcement only in the referee"
            " calculator."
        ),
    ),
    (
        "FIMJ-GAP-29",
        "Limit and non-winners.",
        (
            "cap each non-winner's hand value at *L* before differences (the limit exists \"so "
            'that scores do not grow too large").'
        ),
    ),
    (
        "FIMJ-GAP-30",
        "Simultaneous Mah-Jong priority.",
        (
            "no precedence by seat; all valid Mah-Jong claims on the same discard win (the "
            "source describes how two or three winners pay each other)."
        ),
    ),
    (
        "FIMJ-GAP-31",
        "Exit of the Gods with flowers, kongs, Charleston.",
        (
            "flower replacements and the Charleston are allowed (the source puts the "
            "declaration after the Charleston); a kong declaration before the first discard "
            "breaks it (the 14 tiles are no longer the initial ones)."
        ),
    ),
    (
        "FIMJ-GAP-32",
        "Several limit hands at once.",
        "pay the highest once.",
    ),
    (
        "FIMJ-GAP-33",
        "Rounding of 5, 15, 25 missing from the ranges.",
        (
            'round down, consistent with "less than 6 → nothing"; unreachable in practice '
            "because all values are even."
        ),
    ),
    (
        "FIMJ-GAP-34",
        'Great lord pays "in full" (interamente).',
        (
            "he pays the winner his normal share (doubled if East) and, his hand points being "
            "0, pays every other non-winner that player's full hand value; he does not pay the "
            "other players' shares of the Mah-Jong. Reason: this is exactly what a zero rack "
            "produces under FIMJ-PAY, and the false Mah-Jong rule uses the same wording without"
            ' "in full"; extra liability would need an explicit rule.'
        ),
    ),
    (
        "FIMJ-GAP-35",
        "Starting chips per player are not stated (20,000 for the set).",
        "software tracks net scores from 0; a chip display may start each player at 5000.",
    ),
    (
        "FIMJ-GAP-36",
        '"Massimo della gara in corso".',
        (
            'the competition\'s limit *L* (1000/2000), not one of the eleven massimi; "massimo" '
            "here means the maximum fixed for the event."
        ),
    ),
    (
        "FIMJ-GAP-37",
        "Wall destruction in software.",
        (
            'only the referee tool implements FIMJ-PEN-6; the "Mah-Jong on the best '
            'combination" is valued as if the ready player had won on the tile giving the '
            "highest value, by self-draw."
        ),
    ),
    (
        "FIMJ-GAP-38",
        (
            "Three-player details: dealing, payments by/to the dead seat, East's double when "
            "the dead seat is East."
        ),
        (
            "the deal skips the dead seat; the dead seat neither pays nor receives (the source "
            'says three-player tables "play normally", and unlike the Ravenna seed gives no '
            "dead-seat payment); when the dead seat is East nobody pays or collects double "
            '(South takes East\'s tiles only "as if" East). Knob in FIMJ-CONF for the Ravenna-'
            "style dead-seat Mah-Jong payment."
        ),
    ),
    (
        "FIMJ-GAP-39",
        "Charleston details: simultaneity, bonus tiles, other dead seats.",
        (
            "FIMJ-CHARL-2 and -4. Rotating the roles is the only generalisation that keeps the "
            "three passes' directions (left, across, right) relative to each player; a later "
            'FIMJ edition, not among our sources, says the same ("analogously").'
        ),
    ),
    (
        "FIMJ-GAP-40",
        "Lost figures and tile pictures (Figures 1–3, all tile images).",
        (
            "the text is sufficient for every rule; where a figure mattered it is covered by "
            "FIMJ-GAP-10, -13 and -14."
        ),
    ),
    (
        "FIMJ-GAP-41",
        (
            "Bonus tiles and pattern doubles: the source does not say whether exposed "
            'flowers/seasons affect "senza teste", "mano pura", "mano purissima", "tutte '
            'scale", "tutti tris" or the one-suit limit hands.'
        ),
        (
            "bonus tiles are ignored by every pattern condition (they are not part of the "
            "14-tile hand); they only add points and the F01/F02 doubles. The Ravenna seed says"
            " the same explicitly for its one-suit hand."
        ),
    ),
    (
        "FIMJ-GAP-42",
        'Tile counting for the "lord" irregularities.',
        (
            "count concealed tiles plus exposed sets with a kong counting 3, bonus tiles "
            "excluded; the legal count is 13, or 14 between a draw or claim and the following "
            "discard. A player is a small lord with fewer, a great lord with more."
        ),
    ),
    (
        "FIMJ-GAP-43",
        (
            'Three/four concealed pungs and a drawn kong that was exposed: "the drawn and '
            'exposed kong makes one lose the right to this double" could mean the whole double '
            "is forfeited."
        ),
        (
            "the exposed (declared) concealed kong simply does not count as a concealed pung; "
            'the double is still earned if three (four) other pungs qualify. This matches "all '
            'self-drawn", where the source also treats any exposure, even of a kong, as '
            "breaking concealment, without forfeiting unrelated doubles."
        ),
    ),
    (
        "FIMJ-GAP-44",
        (
            "Time expiry with fewer than 4 discards: the source only says the hand may be "
            "finished when at least 4 discards were made."
        ),
        "otherwise the hand is abandoned without payments and is not replayed.",
    ),
)
"""(rule id, question, decision) for each gap of the spec."""

NOT_APPLIED: dict[str, str] = {
    "FIMJ-GAP-28": "the program awards ultimo pezzo automatically; there is no referee mode "
    "asking for the announcement",
    "FIMJ-GAP-37": "software cannot destroy a wall; `settle` takes the status `destroyed_wall` "
    "for the referee's record",
}
"""Spec decisions the program does not (or only partly) apply, and why."""

PROGRAM_DECISIONS: tuple[tuple[str, str, str], ...] = (
    (
        "FIMJ-RICHI-1, FIMJ-PEN-4",
        "The `riichi` flag on a hand that waited on two or more kinds.",
        "An input error naming the waits (a false riichi): the referee settles the seat with "
        "the status `false_riichi`; the scorer never pays the double nor silently drops it. The "
        "engine offers riichi only on a single wait, so it never produces such a flag.",
    ),
    (
        "FIMJ-DBL-4",
        "`last_of_kind` given to `score`: cases 1-3 and the copies seen.",
        "`score` checks the wait shape (one kind; or two pairs / a two-sided chow); whether the "
        "three other copies and the other tile of cases 2-3 are really out cannot be read from "
        "one hand, so the scorer trusts the flag for that. The engine checks everything from "
        "the table: discards, every rack's melds and the winner's own concealed copies.",
    ),
    (
        "FIMJ-3P-1, FIMJ-PLAY-4",
        "Chow source at a table of three.",
        "The previous player is the previous live seat: a chow may come from across (`^`) when "
        "the dead seat sits on the player's left, never from the dead seat.",
    ),
    (
        "FIMJ-TOURN-5, FIMJ-GAP-44",
        "After time is called.",
        "The match ends with the deal in progress (finished, or abandoned without payments); "
        "no further deal is started.",
    ),
    (
        "FIMJ-GAP-16",
        "A late claim when the next player's draw was a flower, already replaced.",
        "Not accepted (the replacement cannot be undone); nor a late claim of a riichi "
        "discard or of a flower discarded under riichi.",
    ),
    (
        "FIMJ-RICHI",
        "Riichi stakes.",
        "FIMJ richi has no stake: `riichi_sticks` is refused.",
    ),
    (
        "interfaces.md §5",
        'Input keys a generic caller fills with empty values (`"dora": []`, `"honba": 0`).',
        "Accepted; any key with a value the ruleset does not read is an error naming it.",
    ),
)
"""(rules, question, what the program does) where neither seed nor spec decides."""
