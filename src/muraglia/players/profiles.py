"""What a ruleset rewards, as the bots see it: one :class:`Profile` per ruleset id.

A profile is data: which honours are worth a pung, how much the flush and all-pungs doubles are
worth compared with speed, whether a win needs a double (Seipalle) so that opening the hand must
keep one, and whether to declare riichi. Adding a ruleset (riichi, MCR) means adding a profile
here; the bots' code does not change.

Weights are in *ukeire units* (one unseen useful tile); one step of shanten is worth
:data:`SHANTEN_WEIGHT`.

>>> profile_for("fimj").flush_weight > 0, profile_for("seipalle").needs_double
(True, True)
>>> profile_for("fimj(tournament=true)") is profile_for("fimj")
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from muraglia.tiles import DRAGONS, Tile

__all__ = ["PROFILES", "SHANTEN_WEIGHT", "Profile", "profile_for"]

SHANTEN_WEIGHT = 40
"""Ukeire units one step of shanten is worth in a bot's evaluation."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A ruleset's incentives for the bots (see the module docstring)."""

    id: str
    """Ruleset id."""
    round_wind_counts: bool = True
    """Whether a pung of the round wind scores (FIMJ-DBL-F04, SEI-DBL-D01; not in Ravenna)."""
    honour_pair_weight: int = 6
    """Value of holding a pair of a scoring honour (a pung in the making)."""
    honour_pung_weight: int = 12
    """Value of holding a concealed pung of a scoring honour."""
    flush_weight: int = 8
    """Per off-suit tile not kept, once a flush is within reach (FIMJ-DBL-C05/C06,
    RAV-DBL-D05/RAV-MAX-M01, SEI-DBL-D22/D23)."""
    flush_reach: int = 4
    """A flush is within reach when at most this many tiles lie outside the main suit."""
    pungs_weight: int = 3
    """Per pair or pung kept once four are held and no chow declared (all pungs: FIMJ-DBL-C02,
    RAV-DBL-D06, SEI-DBL-D03)."""
    needs_double: bool = False
    """A win needs a double besides dora (SEI-SCORE-2): calls must keep one."""
    simples_weight: int = 0
    """Per head tile discarded when a no-head-tiles hand is within reach (SEI-DBL-D13)."""
    dora_weight: int = 0
    """Per dora tile kept (SEI-DBL-D38)."""
    riichi: bool = True
    """Declare riichi whenever the engine offers it (FIMJ-DBL-C16, SEI-DBL-D30)."""
    chow_calls: bool = True
    """Whether open chows are worth making (Ravenna allows none, RAV-PLAY-3)."""
    kongs: bool = True
    """Whether kongs are worth declaring (they add hand points in the classical rulesets)."""
    min_fan: int = 0
    """A win needs this many fan (MCR-WIN-4: 8): a call is made only if the opened hand can
    still reach it (see :func:`muraglia.players.efficiency.reachable_fan`); 0 = no minimum."""
    pung_claims: float = 0.0
    """Ukeire units the defensive and expert bots add per unseen copy of a useful tile of which
    they hold a pair: a pung claim may bring it from any seat's discard (FIMJ-PLAY-4,
    RAV-PLAY-3) besides the own draw; 0: draws only (the efficiency bot counts draws only)."""
    chow_claims: float = 0.0
    """The same for a useful tile that completes a chow with two held tiles, claimed from the
    seat before only (FIMJ-PLAY-4; Ravenna claims no chow, RAV-PLAY-3)."""
    ready_value: float = 0.0
    """Ukeire units the expert adds for a ready hand whose waits are worth one typical hand
    (the expert's ``value_units``; 0: its default,
    :data:`muraglia.players.expert.VALUE_UNITS`)."""
    wait_odds: tuple[tuple[float, float, float, float, float], ...] = ()
    """How often the others discard an unseen copy of each class of kind, over the average
    (dragon, wind, 1/9, 2/8, 3-7), early, in the middle and late in the deal
    (:data:`~muraglia.players.defensive.WAIT_STAGES`): the expert counts a ready hand's
    waits by the copies likely to come to it
    (:meth:`~muraglia.players.defensive.DefensiveBot.wait_odds`);
    empty: every copy alike."""
    session_deals: int = 0
    """Turns of East in a match, if fixed (Ravenna: 8, RAV-COMP-1, RAV-END-4; FIMJ: 16,
    FIMJ-GAME-1, every deal of a tournament, FIMJ-TOURN-3; riichi-ema's 8, EMA-GAME-3, was
    screened and is not set: docs/players.md): the expert plays the last one for
    placement (:meth:`~muraglia.players.expert.ExpertBot.final_worth`, the turn read from
    the view's ``passes``); 0: not fixed."""
    heads_limit: float = 0.0
    """The value of a win on all head tiles in any arrangement, if the ruleset has such a
    limit hand (Ravenna: 200, RAV-HAND-3, RAV-MAX-M02, RAV-GAP-10): the expert weighs the
    route to it against the plain hand's (:meth:`~muraglia.players.expert.ExpertBot.heads_route`);
    0: no such hand (the shanten knows thirteen orphans only)."""
    place_value: float = 0.0
    """Ruleset units one place is worth to the expert in the match's last deal (known by
    :attr:`session_deals`): its push/fold weighs a win and a deal-in by the places they move
    and it declares riichi only where riichi climbs higher than dama
    (:attr:`~muraglia.players.expert.ExpertBot.place_value`); 0: the last deal is played
    for points."""
    tenpai_live: int = 0
    """From this many live tiles left the expert makes a call that leaves its hand ready
    even without a yaku, for the noten payments (EMA-TENPAI-1, EMA-END-3;
    :attr:`~muraglia.players.expert.ExpertBot.tenpai_live`); 0: never."""
    red_fives: bool = False
    """Whether the expert counts its red fives as dora (EMA-TILE-2: one five of each suit
    is red and worth a dora; :attr:`~muraglia.players.expert.ExpertBot.red_fives`)."""
    place_deals: int = 1
    """How many of the match's last deals the expert plays for placement (1: the last
    alone; see :meth:`~muraglia.players.expert.ExpertBot.standing`)."""
    place_spread: float = 0.0
    """Points one deal moves a seat's score by (a standard deviation): before the last
    deal the expert's placement is the expected one over the deals left
    (:class:`~muraglia.players.expert.Standing`)."""
    lookahead: bool = False
    """Whether the expert values its ukeire one draw ahead with the ruleset's scorer
    (:mod:`muraglia.players.lookahead`) where the ruleset has no minimum (the classical
    rulesets; MCR's is on by its minimum, :attr:`min_fan`)."""
    expert_quiet: float = 0.0
    """The opponents' summed readiness under which the expert plays as if nobody
    threatened (:attr:`~muraglia.players.defensive.DefensiveBot.quiet`); 0: the bots'
    :data:`~muraglia.players.defensive.QUIET`."""
    expert_race_threat: float = 0.0
    """The expert's :attr:`race_threat` where it differs from the defensive bot's (0: the
    same)."""
    expert_dama: bool = True
    """Whether the expert stays concealed without riichi (dama) on a ready hand that has a
    yaku where riichi does not multiply its value by
    :data:`~muraglia.players.defensive.RIICHI_GAIN`; False: it declares whenever 8 live
    tiles are left (the last deal's places still decide where they are read)."""
    expert_open_steps: int = 0
    """If set, the expert opens a closed hand only by a call that leaves it fewer than this
    many steps from ready (1: a call that makes it ready), a pung of a scoring honour aside;
    0: the rule of :attr:`needs_double` rulesets (a slow call declined while the hand holds
    a dora or the wall is long)."""
    expert_caution: float = 0.0
    """The expert's :attr:`caution` where it differs from the defensive bot's (0: the
    same)."""
    expert_passes: bool = False
    """Whether the expert's danger model reads the tiles each seat let pass as safe against
    it (riichi and temporary furiten, EMA-FURI-3/4; Seipalle's read of the same, which is
    no rule there: :attr:`~muraglia.players.danger.RuleTraits.riichi_passed`,
    :func:`~muraglia.players.danger.passed`). riichi-ema: on."""
    defensive_passes: bool = False
    """The same for the defensive bot."""
    expert_wait_fit: tuple[float, ...] = ()
    """The expert's read of the waits fitted to the ready hands it met
    (:attr:`~muraglia.players.danger.RuleTraits.wait_fit`, ``bench/wait_fit.py``); empty:
    the shape count alone."""
    dealer_ron: bool = False
    """The expert's :attr:`~muraglia.players.defensive.DefensiveBot.dealer_ron`: a deal-in
    is paid at the winner's value, East's own hand is worth more (riichi, EMA-SCORE)."""

    caution: float = 1.0
    """Factor on every discard's cost in the defensive and expert bots' push/fold
    (:func:`~muraglia.players.danger.attack_or_fold`): below 1 a win counts for more against
    a deal-in than their points say (Seipalle, measured in docs/players.md)."""
    race_threat: float = 0.0
    """Per unit of the opponents' summed readiness, the chance a turn that another seat wins
    first, added to :data:`~muraglia.players.danger.RACE` in the defensive and expert bots'
    own chance to win (:meth:`~muraglia.players.defensive.DefensiveBot.race`); 0: the
    constant alone."""
    defensive_ready_values: bool = False
    """Whether the defensive bot values the discards that leave its hand ready with the
    ruleset's scorer as the expert does
    (:attr:`~muraglia.players.defensive.DefensiveBot.ready_values`): a wait on which no win
    is allowed costs a step (SEI-SCORE-2) and riichi is declared only where it pays against
    the stake it risks (SEI-RIICHI-3/6, SEI-PAY-5), without the expert's weight on the
    waits' value or its lookahead. Seipalle: on, pilot 2.336 +/- 0.101 over 400 matches
    against three efficiency bots (paired -0.150 +/- 0.093; docs/players.md, "Issue 20,
    Seipalle, third pass"). FIMJ: on, with :attr:`defensive_value_units`. The expert reads
    it always."""
    defensive_value_units: float = 0.0
    """With :attr:`defensive_ready_values`, the ukeire units a ready discard gains per
    typical hand of its waits' expected value in the defensive bot (the expert's
    :attr:`~muraglia.players.defensive.DefensiveBot.value_units`; 0: the waits' value is
    read only where a wait cannot win). FIMJ: 12, the expert's, paired -0.081 +/- 0.050
    over 890 matches against three efficiency bots; its cell 2.460 +/- 0.035 over 4,000
    (docs/players.md, "Issue 20, the fifteenth session")."""
    defensive_stake_share: float = 1.0
    """With :attr:`defensive_ready_values`, the share of the riichi stake
    (:attr:`~muraglia.players.danger.RuleTraits.riichi_stake`) the defensive bot weighs
    when it chooses riichi or dama (the expert weighs all of it). Seipalle: 0.5, as strong
    against the efficiency field as the whole stake (paired +0.010 +/- 0.046 over 300
    matches), declaring riichi in 7 % of its deals rather than 3 % (the same section)."""

    def scoring_honours(self, seat_wind: Tile, round_wind: Tile) -> frozenset[Tile]:
        """Honours whose pung scores a double for a seat with ``seat_wind``."""
        out = {*DRAGONS, seat_wind}
        if self.round_wind_counts:
            out.add(round_wind)
        return frozenset(out)


PROFILES: dict[str, Profile] = {
    "fimj": Profile(
        "fimj",
        flush_weight=8,
        flush_reach=4,
        pungs_weight=3,
        # no claim weights: with pungs from any seat and chows from the seat before
        # (FIMJ-PLAY-4) they moved nothing measurable (pung 2, chow 0.7: paired +0.048 +/-
        # 0.159 for the expert over 300 matches, -0.010 +/- 0.185 for the defensive bot over
        # 200; docs/players.md, "Issue 20, fourth pass")
        lookahead=True,
        # 16 turns of East (FIMJ-GAME-1; a tournament deal each, FIMJ-TOURN-3): the expert
        # plays the last for placement (docs/players.md, "Issue 20, FIMJ")
        session_deals=16,
        # the others' discards per unseen copy of a class over the average, live >= 45 /
        # 20-44 / < 20: four efficiency bots, 30 FIMJ tournament matches not of the strength
        # cells (`python bench/discard_odds.py --matches 30`; docs/players.md, "Issue 20, FIMJ")
        wait_odds=(
            (1.85, 1.87, 1.17, 0.84, 0.66),
            (1.28, 1.45, 1.12, 0.98, 0.85),
            (0.79, 1.88, 0.64, 1.25, 0.90),
        ),
        # the defensive bot values its ready hands by the scorer and weighs their waits'
        # value as the expert does (richi's double, FIMJ-DBL-C16; the likely copies above):
        # paired -0.081 +/- 0.050 over 890 matches against three efficiency bots, the cell
        # 2.460 +/- 0.035 over 4,000 (docs/players.md, "Issue 20, the fifteenth session")
        defensive_ready_values=True,
        defensive_value_units=12.0,
    ),
    "ravenna": Profile(
        "ravenna",
        round_wind_counts=False,  # RAV-DBL-D03: only the own wind
        flush_weight=12,  # one suit is a massimo (RAV-MAX-M01), with honours a double (D05)
        flush_reach=5,
        pungs_weight=4,
        riichi=False,
        chow_calls=False,
        pung_claims=2.0,
        ready_value=72.0,
        session_deals=8,
        heads_limit=200.0,  # RAV-MAX-M02 (400 with East, as every win: RAV-PAY-1)
        lookahead=True,
    ),
    "seipalle": Profile(
        "seipalle",
        honour_pair_weight=8,
        honour_pung_weight=16,
        flush_weight=6,
        flush_reach=3,
        pungs_weight=2,
        needs_double=True,
        simples_weight=3,
        dora_weight=4,
        lookahead=True,
        # a deal-in pays four shares and a win collects four and the stakes, yet folding
        # lost placement at full cost: at half cost the defensive bot placed 0.08 better on
        # the same 300 and 290 seeded matches (docs/players.md, "Issue 20, Seipalle")
        caution=0.5,
        race_threat=0.05,  # a standing riichi ends the deal sooner than RACE says
        # the defensive bot values its ready hands by the scorer and weighs riichi against
        # half its stake (SEI-RIICHI-3/6, SEI-SCORE-2): pilot 2.336 +/- 0.101 over 400
        # matches against the efficiency field, paired -0.150 +/- 0.093 (docs/players.md,
        # "Issue 20, Seipalle, third pass")
        defensive_ready_values=True,
        defensive_stake_share=0.5,
        # the expert's read of the waits fitted to the ready hands of the defensive field
        # (`python bench/wait_fit.py --matches 300 --workers 2`, 152,616 samples: held-out
        # log-loss 0.2214 against the shape count's 0.2314); a first fit on the same data
        # screened -0.058 +/- 0.061 over 1,013 paired matches (docs/players.md, "Issue 20,
        # the sixteenth session")
        expert_wait_fit=(
            -1.723,
            0.447,
            -0.405,
            0.210,
            0.180,
            0.536,
            0.086,
            -1.485,
            -0.507,
            -0.182,
            -0.409,
            -0.014,
            0.939,
        ),
    ),
    # EMA-WIN-2: a win needs a yaku (dora are not one). Opening must keep a yakuhai pung,
    # tanyao, a flush or toitoi; closed and ready, riichi is the yaku (EMA-RIICHI-4). Open
    # tanyao is a yaku in the Tenhou preset only (EMA-YAKU-05: not in riichi-ema): every bot
    # reads the ruleset's ``open_tanyao`` option (EfficiencyBot.open_simples). Until bots
    # 239068d6a3 the efficiency and defensive bots counted it in riichi-ema too; the
    # riichi-ema cells played against those calls are superseded (docs/players.md,
    # "Issue 20: the riichi-ema field without open tanyao").
    "riichi-ema": Profile(
        "riichi-ema",
        honour_pair_weight=8,
        honour_pung_weight=16,
        flush_weight=5,  # honitsu 2-3 han, chinitsu 5-6 han
        flush_reach=3,
        pungs_weight=2,  # toitoi 2 han
        needs_double=True,
        simples_weight=3,  # tanyao
        dora_weight=5,
        kongs=False,  # a kong gives the others a new dora and no han
        # the expert against the field without open tanyao (docs/players.md, "Issue 20: the
        # riichi-ema field without open tanyao"): the danger read from a summed readiness
        # of 0.5 (opponents estimated less were almost never ready, `--calibrate`), the
        # chance to win lowered 0.1 a turn per unit of threat (a standing riichi: the
        # estimates then match the field's wins) and a deal-in paid at the winner's value
        expert_quiet=0.5,
        expert_race_threat=0.1,
        dealer_ron=True,
        # a ready hand's waits worth one typical hand weigh 24 ukeire units, not 12: paired
        # -0.040 +/- 0.052 (vs efficiency) and -0.027 +/- 0.052 (vs defensive) over 150
        # matches each; 0 lost 0.13 +/- 0.11 (the same section)
        ready_value=24.0,
        # screened and not shown, then removed from the code (docs/players.md, "Issue 20,
        # riichi-ema expert"): a calibrated chance of an exhaustive draw, the noten payments
        # a hand not ready may reach and a closed ready hand's equity beyond its scored value
        # (-0.017 +/- 0.033 vs efficiency, +0.002 +/- 0.034 vs defensive, pooled), and a fold
        # that keeps the hand ready
        # riichi on every ready hand with 8 live tiles left (no dama), a closed hand opened
        # only by a call that makes it ready (or a scoring honour's pung), every discard's
        # cost at 0.65: the 4,000-match cells paired with the expert before it, -0.046 +/-
        # 0.032 against 3 x defensive, +0.009 +/- 0.032 against 3 x efficiency
        # (docs/players.md, "Issue 20, riichi-ema expert: riichi on every ready hand")
        expert_dama=False,
        expert_open_steps=1,
        expert_caution=0.65,
        # the tiles a seat let pass read as safe against it (riichi and temporary furiten,
        # EMA-FURI-3/4) and the value lookahead of the classical rulesets: paired screens of
        # 4,000 matches on seed 7 and the cells (docs/players.md, "Issue 20, riichi-ema
        # expert: the tiles let pass and the lookahead")
        expert_passes=True,
        lookahead=True,
        # the last deal (South 4, EMA-GAME-3) played for placement (session_deals=8,
        # place_value=10000: a place worth two typical hands) measured neutral: paired
        # -0.009 +/- 0.023 over 708 matches outside the cells, +0.011 +/- 0.037 over the
        # cell's first 400 (docs/players.md, "Issue 20, riichi-ema expert"): not kept, so
        # the expert's riichi-ema cells continue
    ),
    # MCR-WIN-4: 8 points minimum. Calls must keep a shape that reaches it: full/half flush,
    # all pungs, straights and shifted chows, honour pungs.
    "mcr": Profile(
        "mcr",
        honour_pair_weight=4,  # a dragon or wind pung is 2 fan: a help, not a hand
        honour_pung_weight=8,
        # half flush 6, full flush 24, all pungs 6: the neutral weights measured better than
        # heavier ones (flush 12, pungs 5) in a profile-vs-neutral head-to-head (docs/players.md)
        flush_weight=8,
        flush_reach=4,
        pungs_weight=3,
        riichi=False,
        min_fan=8,
    ),
}
PROFILES["riichi-tenhou"] = replace(
    PROFILES["riichi-ema"],
    id="riichi-tenhou",
    # Tenhou's match may end early or run into the West round (bust, agari yame, West
    # extension): the last deal is not known from the round and dealer alone
    session_deals=0,
    place_value=0.0,
)
"""Profiles by ruleset id."""

_DEFAULT = Profile("default")


def profile_for(rules: object) -> Profile:
    """The profile of a ruleset object or id (options ignored); a neutral one if unknown."""
    rid = rules if isinstance(rules, str) else str(getattr(rules, "id", ""))
    rid = rid.split("(", 1)[0].strip()
    return PROFILES.get(rid, _DEFAULT)
