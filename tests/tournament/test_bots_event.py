"""A whole seeded event per ruleset, played by bots through the tournament interface.

Registration (CSV), seating, every table's match played by the engine with the efficiency
bot, every deal entered as its ``settle`` object, standings, exports; the standings are
checked against an independent recomputation from the engine's own final scores.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session as DbSession

from muraglia.engine.events import Settled
from muraglia.engine.game import Game
from muraglia.engine.views import view_of
from muraglia.players import make_bot
from muraglia.rulesets import load_ruleset
from muraglia.tournament import export, service

EVENTS = {
    # ruleset spec, players, sessions, deals per table
    "fimj": ("fimj(tournament=true)", 10, 2, 6),  # tables of three (FIMJ-3P)
    "ravenna": ("ravenna", 8, 2, 8),
    "riichi-ema": ("riichi-ema", 8, 2, 8),
    "mcr": ("mcr", 8, 2, 8),
    "seipalle": ("seipalle(tournament=true)", 8, 2, 8),
}


def _plain(value: Any) -> Any:
    if hasattr(value, "notation"):
        return value.notation
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def settle_object(outcome: Any, *, riichi: bool, inputs: Any = None) -> dict[str, Any]:
    """The ``muraglia settle`` input object of a finished engine deal (as a referee writes it).

    A void deal (FIMJ-END-2, RAV-END-2) is written as void; riichi draws are settled.
    """
    if outcome.extra.get("void") and not riichi:
        return {"void": True}
    obj: dict[str, Any] = {
        "round_wind": outcome.round_wind,
        "dealer": outcome.dealer,
        "winners": list(outcome.winners),
        "discarder": outcome.discarder,
        "hands": _plain(dict(outcome.hands)),
        "flags": _plain(dict(outcome.flags)),
        "status": dict(outcome.status),
    }
    if outcome.riichi:
        obj["riichi"] = list(outcome.riichi)
    if outcome.dora:
        obj["dora"] = list(outcome.dora)
    if outcome.ura:
        obj["ura"] = list(outcome.ura)
    if outcome.tenpai:
        obj["tenpai"] = list(outcome.tenpai)
    for key in ("discards", "claimed"):
        if key in outcome.extra:
            obj[key] = _plain(outcome.extra[key])
    if inputs is not None:  # what the ruleset declares it reads (issue 14): the rest is refused
        obj = {k: v for k, v in obj.items() if k in inputs.settle_keys}
    return obj


def play_table(
    rules: str, players: int, seed: int, deals: int
) -> tuple[list[dict[str, Any]], list[int]]:
    """Play one table's match: (settle objects of every deal, final scores minus start)."""
    if players == 3:  # the dead seat is engine seat 3 (FIMJ-3P-2, RAV-3P-4)
        rules = (
            rules[:-1] + ",three_players=true)" if "(" in rules else f"{rules}(three_players=true)"
        )
    ruleset = load_ruleset(rules)
    match = Game(ruleset, seed=seed, max_deals=deals).new_match()
    bots = [make_bot("efficiency", ruleset, seed=seed * 8 + s) for s in range(match.players)]
    start = list(match.scores)
    sheet: list[dict[str, Any]] = []
    for _ in range(100_000):
        if match.over:
            break
        deal = match.deal
        seat = match.to_act[0]
        action = bots[seat].choose(view_of(deal, seat, match), match.legal_actions(seat))
        for e in match.apply(action):
            if isinstance(e, Settled):
                sheet.append(
                    settle_object(
                        deal.outcome(),
                        riichi=ruleset.id == "riichi-ema",
                        inputs=getattr(ruleset, "inputs", None),
                    )
                )
    assert match.over
    return sheet, [f - s for f, s in zip(match.scores, start, strict=True)]


def _expected_table(regulation: str, finals: dict[int, int]) -> dict[int, tuple[int, Fraction]]:
    """Independent: per player (score, table points) of one table from the engine finals."""
    out = {}
    for p, v in finals.items():
        better = sum(1 for q in finals.values() if q > v)
        tied = sum(1 for q in finals.values() if q == v)
        points = [4, 2, 1, 0][better : better + tied]
        tp = Fraction(sum(points), tied) if regulation in {"mcr", "fimj"} else Fraction(0)
        score = v + 2000 if regulation == "ravenna" else v
        out[p] = (score, tp)
    return out


@pytest.mark.parametrize("rules_id", list(EVENTS))
def test_a_whole_event_played_by_bots(engine: Engine, rules_id: str) -> None:
    rules, n, sessions, deals = EVENTS[rules_id]
    with DbSession(engine) as db, db.begin():
        event = service.create_event(db, f"Bots {rules_id}", rules=rules, sessions=sessions)
        service.import_players(
            db, event, "name,country\n" + "".join(f"Bot {i},IT\n" for i in range(1, n + 1))
        )
        service.seat_event(db, event, seed=11, iterations=3000)
        event_id, regulation = event.id, event.regulation
        plan = service.plan_of(event)
    expected: dict[int, list[tuple[int, Fraction]]] = {}
    declared = 0
    start = 2000 if regulation == "ravenna" else 0  # RAV-COMP-6
    for s, session in enumerate(plan, start=1):
        for t, players in enumerate(session, start=1):
            sheet, finals = play_table(rules, len(players), 1000 * s + t, deals)
            declared += sum(len(h.get("riichi", ())) for h in sheet)
            with DbSession(engine) as db, db.begin():
                event = service.get_event(db, event_id)
                saved = service.enter_results(db, event, s, t, hands=sheet)
            # consistency of the sheet: each seat's score is the engine's (stakes left on
            # the table and uma included), and a table of four is zero-sum
            got = {r["player"]: r["final"] - start for r in saved["results"]}
            assert got == dict(zip(players, finals, strict=False)), (s, t)
            if len(players) == 4:
                assert sum(got.values()) == 0, (s, t, got)
            for p, res in _expected_table(
                regulation, dict(zip(players, finals, strict=False))
            ).items():
                expected.setdefault(p, []).append(res)
    with DbSession(engine) as db:
        event = service.get_event(db, event_id)
        lines = service.standings(db, event)
        data = export.standings_json(db, event)
        csv_text = export.standings_csv(db, event)
    if rules_id in {"riichi-ema", "seipalle"}:  # the stakes' path is exercised
        assert declared > 0
    assert json.loads(json.dumps(data))["standings"]
    assert len(csv_text.splitlines()) == n + 1
    by_player = {x.player: x for x in lines}
    for p, results in expected.items():
        score = sum(r[0] for r in results)
        tp = sum((r[1] for r in results), Fraction(0))
        assert by_player[p].score == score, (p, results)
        assert Fraction(by_player[p].table_points_x12, 12) == tp

    # independent ranking
    def key(p: int) -> tuple[Any, ...]:
        score = sum(r[0] for r in expected[p])
        tp = sum((r[1] for r in expected[p]), Fraction(0))
        return {"mcr": (-tp, -score), "fimj": (-score, -tp)}.get(regulation, (-score,))

    order = sorted(expected, key=key)
    for p in order:
        place = 1 + sum(1 for q in order if key(q) < key(p))
        assert by_player[p].rank == place
