"""The engine and the public scorer agree (issue 14), over seeded games of every ruleset.

A referee's calculator must be exactly as strict as the referee: the engine must never offer a
win, nor award a pattern or flag (riichi, ultimo pezzo, ...), that ``score``/``settle`` would
refuse for the same hand and situation. Greedy agents (win whenever offered, riichi whenever
offered, some calls) play short seeded matches of every ruleset; every win is re-scored through
the ruleset's public ``score_dict`` with the deal's winds, the engine's flags and the dora
indicators, and must be a valid win of the same value (Italian rulesets) with the same patterns.

Every settlement's explanation is checked against its transfers: each explained payment is a
transfer with the same amount, and its arithmetic ends on that amount (the Ravenna table of
three once explained "North pays 140 to East" beside a transfer of 70).

Bounded to run in CI in well under a minute (``MURAGLIA_SOAK=N`` plays N times as many seeds).
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from typing import Any

import pytest

from muraglia.engine import Game, MatchState
from muraglia.engine.events import Won
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import wind_letter
from muraglia.scoring.result import Settlement, Transfer
from tests.engine.test_fuzz_flows import greedy

SPECS = (
    "fimj(tournament=true)",
    "fimj(three_players=true)",
    "ravenna",
    "ravenna(three_players=true)",
    "seipalle(tournament=true)",
    "riichi-ema",
    "riichi-tenhou",
    "mcr",
)
ITALIAN = ("fimj", "ravenna", "seipalle")
SEEDS = range(6 * int(os.environ.get("MURAGLIA_SOAK", "1")))
MAX_DEALS = 4

_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North", "table": "the table"}
_ITALIAN_LINE = re.compile(r"^(?P<payer>.+?) pays (?P<payee>\S+) (?P<amount>\d+) \((?P<why>.*)\)$")
_RIICHI_LINE = re.compile(r"^\s*(?P<payer>\S+) → (?P<payee>\S+): (?P<amount>\d+) \(")
_PAYS_LINE = re.compile(
    r"^\s*(?P<payer>East|South|West|North)(?: \(pays double\))? pays (?P<amount>\d+)"
    r"(?: to (?P<payee>\w+))?"
)
_SCORE_LINE = re.compile(r"^(?P<payer>\w+)(?: \(pays double\))? pays (?P<amount>\d+)")


def _rescore(match: MatchState, deal: Any, won: Won) -> dict[str, Any]:
    """The public scorer's answer for the engine's win, in the same situation."""
    data: dict[str, Any] = {
        "hand": won.hand,
        "win": "tsumo" if won.from_seat is None else "ron",
        "seat_wind": wind_letter(deal.seat_wind(won.seat)),
        "round_wind": wind_letter(deal.round_wind),
        "flags": list(won.flags),
        "dora": [t.notation for t in deal.indicators],
    }
    if won.from_seat is not None:
        data["discarder"] = wind_letter(deal.seat_wind(won.from_seat))
    ura = deal.outcome().ura  # the ura dora a riichi winner counts, as the engine's Won
    if ura:
        data["ura"] = list(ura)
    if match.flow.ruleset.id.startswith("riichi"):
        data["honba"] = match.counters[-1][0]  # EMA-HONBA-4: the 2-han minimum with 5 counters
    out: dict[str, Any] = match.flow.ruleset.score_dict(data)
    return out


def _check_win(match: MatchState, deal: Any, won: Won) -> None:
    result = _rescore(match, deal, won)  # raises if the scorer refuses the hand or a flag
    rid = match.flow.ruleset.id
    assert result["valid_win"], (rid, won.line(), result["explanation"])
    assert tuple(p["id"] for p in result["patterns"]) == tuple(p[0] for p in won.patterns)
    if rid in ITALIAN:
        assert result["value"] == won.value, (rid, won.line(), result["value"])
        for lang_line in result["explanation"]["en"]:  # the score's own payment lines
            m = _SCORE_LINE.match(lang_line)
            if m and m["payer"] in _NAMES.values():
                letter = next(k for k, v in _NAMES.items() if v == m["payer"])
                assert -result["payments"][letter] == int(m["amount"]), lang_line


def _final_amount(why: str) -> int | None:
    """The last number of a payment's arithmetic (``(32 − 18) × 2 = 28 → 30`` → 30)."""
    if ":" not in why:
        return None
    numbers = re.findall(r"\d+", why.rsplit(":", 1)[1])
    return int(numbers[-1]) if numbers else None


def check_explanation(rid: str, settlement: Settlement) -> int:
    """Every explained amount equals a transfer (and, Italian rulesets, every transfer is
    explained). Returns the number of explained payments."""
    transfers = Counter(
        (_NAMES.get(t.payer, t.payer), _NAMES.get(t.payee, t.payee), t.amount)
        for t in settlement.transfers
    )
    letters = Counter((t.payer, t.payee, t.amount) for t in settlement.transfers)
    explained: Counter[tuple[str, str, int]] = Counter()
    for line in settlement.explanation.get("en", ()):
        m = _ITALIAN_LINE.match(line)
        if m:
            amount = int(m["amount"])
            explained[(m["payer"], m["payee"], amount)] += 1
            final = _final_amount(m["why"])
            if final is not None:
                assert final == amount, line
            continue
        short = _PAYS_LINE.match(line)  # "North pays 140 to East (who collects double)"
        if short:
            payee = short["payee"]
            assert any(
                (p, q, a) in transfers
                for p, q, a in transfers
                if p == short["payer"] and a == int(short["amount"]) and payee in (None, q)
            ), (line, settlement.transfers)
            continue
        r = _RIICHI_LINE.match(line)
        if r:
            key = (r["payer"], r["payee"], int(r["amount"]))
            assert letters[key] >= 1 or key[0] == "table" or key[1] == "table", (line, letters)
    if rid in ITALIAN:
        assert explained == transfers, (settlement.explanation["en"], settlement.transfers)
    else:
        assert not explained - transfers, (settlement.explanation["en"], settlement.transfers)
    return sum(explained.values())


def play_and_check(spec: str, seed: int) -> tuple[int, int]:
    """One short greedy match; returns (wins checked, explained payments checked)."""
    rng = random.Random(seed * 7 + 1)
    match = Game(load_ruleset(spec), seed=seed, max_deals=MAX_DEALS).new_match()
    rid = match.flow.ruleset.id
    wins = paid = 0
    steps = 0
    while not match.over:
        steps += 1
        assert steps < 20_000, "runaway match"
        deal = match.deal
        seat = match.to_act[0]
        before = match.last_settlement
        new = match.apply(greedy(rng, match, seat, match.legal_actions(seat)))
        for event in new:
            if isinstance(event, Won):
                _check_win(match, deal, event)
                wins += 1
        if match.last_settlement is not before and match.last_settlement is not None:
            paid += check_explanation(rid, match.last_settlement)
    return wins, paid


def test_the_check_catches_an_explained_amount_that_is_not_paid() -> None:
    # The Ravenna table of three once said "North pays 140 to East" beside a transfer of 70.
    wrong = Settlement(
        (Transfer("N", "E", 70),),
        {"E": 70, "S": 0, "W": 0, "N": -70},
        explanation={"en": ("North pays 140 to East (who collects double)",)},
    )
    with pytest.raises(AssertionError):
        check_explanation("ravenna", wrong)
    bad_arithmetic = Settlement(
        (Transfer("N", "E", 70),),
        {"E": 70, "S": 0, "W": 0, "N": -70},
        explanation={"en": ("North pays East 70 (Mah-Jong: 68 × 2 = 136 → 140)",)},
    )
    with pytest.raises(AssertionError):
        check_explanation("ravenna", bad_arithmetic)
    right = Settlement(
        (Transfer("N", "E", 140),),
        {"E": 140, "S": 0, "W": 0, "N": -140},
        explanation={"en": ("North pays East 140 (Mah-Jong: 68 × 2 = 136 → 140)",)},
    )
    assert check_explanation("ravenna", right) == 1


@pytest.mark.parametrize("spec", SPECS)
def test_engine_wins_are_scorer_wins(spec: str) -> None:
    wins = paid = 0
    for seed in SEEDS:
        w, p = play_and_check(spec, seed)
        wins += w
        paid += p
    assert wins > 0, f"{spec}: no win in {len(SEEDS)} matches: the test checked nothing"
    if spec.split("(", maxsplit=1)[0] in ITALIAN:
        assert paid > 0, f"{spec}: no explained payment"
