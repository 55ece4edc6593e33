"""Tenhou records: parsing (mjlog XML, tenhou.net/6 JSON), the round tracker and the replay check.

The corpus is the bundled copy ``tests/data/tenhou`` (README.md there), or the folder named by
``MURAGLIA_TENHOU_DATA``. Tests needing it are skipped when it is absent (a pointer to a
missing folder), but never in CI (``CI`` set): there a missing corpus is a failure. The full
check asserts that every recorded hand result is reproduced by ``riichi-tenhou``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.cli import main
from muraglia.engine import Game
from muraglia.io import tenhou as th
from muraglia.io.tenhou_replay import (
    HandCheck,
    check_record,
    check_records,
    deal_wall,
    rules_for,
)
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import MatchProgress
from muraglia.scoring.result import DealOutcome
from tests.corpus import tenhou_data

DATA = tenhou_data()
MJLOG = DATA / "mjlog"
MJSCORE = DATA / "mjscore"
if os.environ.get("CI") and not MJLOG.is_dir():  # the bundled copy is always there
    raise RuntimeError(
        f"the Tenhou corpus is missing in CI: {DATA} (tests/data/tenhou, or the folder"
        " named by MURAGLIA_TENHOU_DATA)"
    )
needs_corpus = pytest.mark.skipif(not MJLOG.is_dir(), reason="Tenhou corpus not present")


def _mjlogs() -> list[Path]:
    return sorted(MJLOG.glob("*.mjlog")) if MJLOG.is_dir() else []


# ---------------------------------------------------------------------- tile ids


@pytest.mark.parametrize(
    ("tile_id", "text"),
    [
        (0, "1m"),
        (3, "1m"),
        (16, "0m"),
        (17, "5m"),
        (35, "9m"),
        (36, "1p"),
        (52, "0p"),
        (53, "5p"),
        (88, "0s"),
        (89, "5s"),
        (107, "9s"),
        (108, "1z"),
        (120, "4z"),
        (124, "5z"),
        (135, "7z"),
    ],
    ids=str,
)
def test_tile_id_maps_to_muraglia_tile(tile_id: int, text: str) -> None:
    assert th.tile_text(tile_id) == text


@pytest.mark.parametrize("tile_id", [-1, 136, 999])
def test_tile_id_out_of_range_is_an_error(tile_id: int) -> None:
    with pytest.raises(th.TenhouFormatError, match=str(tile_id)):
        th.physical_tile(tile_id)


# ---------------------------------------------------------------------- meld decoding

# (m, who, kind, from_who, tiles, called, added) — taken from the corpus; the comment is the
# element before the call (the discard taken, or the draw before a kong).
MELDS = [
    (1024, 1, "ankan", None, (4, 5, 6, 7), None, None),  # U7
    (4608, 0, "ankan", None, (16, 17, 18, 19), None, None),  # T16, red 5m inside
    (6367, 1, "chi", 0, (11, 14, 17), 11, None),  # D11
    (25631, 0, "chi", 3, (43, 44, 48), 44, None),  # G44
    (54431, 3, "chi", 2, (87, 88, 93), 93, None),  # F93, red 5s inside
    (15106, 2, "daiminkan", 0, (56, 57, 58, 59), 59, None),  # D59, from across
    (27139, 3, "daiminkan", 2, (104, 105, 106, 107), 106, None),  # F106, from the left
    (48657, 0, "kakan", 1, (124, 125, 126, 127), 127, 124),  # T124, pung from the right
    (28722, 1, "kakan", 3, (72, 73, 74, 75), 75, 73),  # U73, pung from across
    (16947, 1, "kakan", 0, (44, 45, 46, 47), 44, 45),  # U45, pung from the left
    (46185, 3, "pon", 0, (120, 121, 122), 120, None),  # D120, from the right
    (21097, 0, "pon", 1, (52, 53, 54), 54, None),  # E54, red 5p inside
    (48682, 2, "pon", 0, (124, 126, 127), 127, None),  # D127, from across
    (34378, 1, "pon", 3, (88, 89, 91), 89, None),  # G89, red 5s inside
    (45067, 1, "pon", 0, (117, 118, 119), 118, None),  # D118, from the left
    (50761, 3, "pon", 0, (132, 133, 135), 132, None),  # D132
]


@pytest.mark.parametrize("case", MELDS, ids=[f"{c[2]}-{c[0]}" for c in MELDS])
def test_meld_decoding(
    case: tuple[int, int, str, int | None, tuple[int, ...], int | None, int | None],
) -> None:
    m, who, *expected = case
    meld = th.decode_meld(m, who)
    assert [meld.kind, meld.from_who, meld.tiles, meld.called, meld.added] == expected


def test_negative_meld_field_is_an_error() -> None:
    with pytest.raises(th.TenhouFormatError, match="negative"):
        th.decode_meld(-5, 0)


@needs_corpus
def test_every_call_takes_the_tile_just_discarded() -> None:
    """Every decoded chi/pon/daiminkan takes the previous discard, from that seat."""
    calls = 0
    for path in _mjlogs():
        for rnd in th.load(path).rounds:
            prev: th.Event | None = None
            for e in rnd.events:
                if isinstance(e, th.Call) and e.meld.kind in ("chi", "pon", "daiminkan"):
                    assert isinstance(prev, th.Discard), (path.name, rnd.init.name, e)
                    assert (prev.who, prev.tile) == (e.meld.from_who, e.meld.called)
                    calls += 1
                if not isinstance(e, th.Reach):
                    prev = e
    assert calls > 600


# ---------------------------------------------------------------------- whole records


@needs_corpus
@pytest.mark.parametrize(
    ("name", "rounds", "results", "complete"),
    [
        ("double-ron.mjlog", 4, 5, True),
        ("pao-tsumo.mjlog", 5, 5, True),
        ("2010081709gm-00a9-0000-fe3371ad.mjlog", 15, 15, True),
        ("2011020401gm-00a9-0000-f6eff225.mjlog", 8, 8, True),
        ("2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog", 7, 7, False),
        ("2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog", 8, 7, False),
    ],
)
def test_record_round_count(name: str, rounds: int, results: int, complete: bool) -> None:
    record = th.load(MJLOG / name)
    assert len(record.rounds) == rounds
    assert sum(len(r.results) for r in record.rounds) == results
    assert record.complete is complete
    assert record.header.source == "mjlog"
    assert len(record.header.players) == 4


@needs_corpus
def test_double_ron_record_details() -> None:
    record = th.load(MJLOG / "double-ron.mjlog")
    last = record.rounds[-1]
    assert last.init.name == "E4-0"
    assert [r.who for r in last.results if isinstance(r, th.Agari)] == [0, 2]
    first = last.results[0]
    assert isinstance(first, th.Agari)
    assert (first.fu, first.points, first.limit, first.han) == (30, 7700, 0, 4)
    assert first.deltas == (9700, 0, 0, -7700)
    assert first.winning is not None
    assert th.tile_text(first.winning) == "1m"
    assert last.results[-1].final is not None


@needs_corpus
def test_truncated_round_is_kept_without_result() -> None:
    record = th.load(MJLOG / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog")
    assert not record.rounds[-1].complete
    assert record.problems == (
        "S4-0: the deal has no recorded result",
        "the game end (owari) is missing",
    )


def _signature(e: th.Event) -> tuple[object, ...]:
    """An event with tiles as kind notation (JSON ids are synthetic, red fives are not)."""
    if isinstance(e, th.Draw | th.Discard):
        return (type(e).__name__, e.who, th.tile_text(e.tile))
    if isinstance(e, th.Call):
        m = e.meld
        return ("Call", m.kind, m.who, m.from_who, tuple(th.tile_text(t) for t in m.tiles))
    if isinstance(e, th.Reach):
        return ("Reach", e.who, e.step)
    return ("NewDora", th.tile_text(e.tile))


@needs_corpus
@pytest.mark.parametrize(
    "path", sorted(MJSCORE.glob("*.json")) if MJSCORE.is_dir() else [], ids=lambda p: p.stem
)
def test_tenhou6_json_agrees_with_mjlog(path: Path) -> None:
    """The JSON viewer format rebuilds the same rounds, events and results as the mjlog."""
    js = th.load(path)
    xml = th.load(MJLOG / (path.stem + ".mjlog"))
    assert [r.init.name for r in js.rounds] == [r.init.name for r in xml.rounds]
    for a, b in zip(js.rounds, xml.rounds, strict=True):
        assert a.init.scores == b.init.scores
        assert a.init.dealer == b.init.dealer
        assert [_signature(e) for e in a.events] == [_signature(e) for e in b.events]
        for ra, rb in zip(a.results, b.results, strict=True):
            assert type(ra) is type(rb)
            assert ra.deltas == rb.deltas
            if isinstance(ra, th.Agari) and isinstance(rb, th.Agari):
                assert (ra.who, ra.from_who, ra.points, ra.limit) == (
                    rb.who,
                    rb.from_who,
                    rb.points,
                    rb.limit,
                )
                assert sorted(y for y in ra.yaku if y[1]) == sorted(y for y in rb.yaku if y[1])
                assert ra.yakuman == rb.yakuman


_INIT = (
    '<INIT seed="0,0,0,1,2,13" ten="250,250,250,250" oya="0" '
    + " ".join(
        f'hai{s}="{",".join(str(t) for t in range(s * 13 + 40, s * 13 + 53))}"' for s in range(4)
    )
    + "/>"
)
"""A well-formed INIT of East 1 (the error cases below put a broken element after it)."""


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<mjloggm><INIT", "not well-formed"),
        ("<other/>", "root element"),
        ("<mjloggm><T12/></mjloggm>", "before the first <INIT>"),
        ('<mjloggm><INIT seed="0,0,0" ten="250,250,250,250" oya="0"/></mjloggm>', "seed"),
        ("<mjloggm><FOO/></mjloggm>", "unknown element <FOO>"),
        ('<mjloggm><GO type="185" lobby="0"/></mjloggm>', "three-player"),
        (f'<mjloggm>{_INIT}<T12/><N who="0" m="-5"/></mjloggm>', r"E1-0, step 2: .*m=-5"),
        (f'<mjloggm>{_INIT}<AGARI who="0"/></mjloggm>', "E1-0, the result: <AGARI> lacks"),
        (f"<mjloggm>{_INIT}{_INIT.replace('13', 'x')}</mjloggm>", "round 2: <INIT>"),
    ],
    ids=[
        "truncated-xml",
        "root",
        "draw-before-init",
        "short-seed",
        "unknown-tag",
        "sanma",
        "bad-meld-names-round-and-step",
        "bad-result-names-round",
        "bad-init-names-round",
    ],
)
def test_malformed_mjlog_is_a_typed_error(text: str, message: str) -> None:
    with pytest.raises(th.TenhouFormatError, match=message):
        th.parse_mjlog(text, "bad.mjlog")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "invalid JSON"),
        ('{"name": []}', "without 'log'"),
        ('{"log": [[[0, 0, 0]]]}', "fields"),
    ],
    ids=["syntax", "no-log", "short-round"],
)
def test_malformed_tenhou6_is_a_typed_error(text: str, message: str) -> None:
    with pytest.raises(th.TenhouFormatError, match=message):
        th.parse_tenhou6(text, "bad.json")


# ---------------------------------------------------------------------- tracker

# situational flag -> the Tenhou yaku ids that record it
SITUATIONAL = {
    "riichi": {1},
    "double_riichi": {21},
    "ippatsu": {2},
    "robbing_kong": {3},
    "replacement": {4},
    "first_turn": {37, 38},
}


@needs_corpus
def test_engine_flags_agree_with_recorded_yaku() -> None:
    """The live engine's flags of every corpus win show the recorded yaku's situations."""
    seen: set[str] = set()
    for path in _mjlogs():
        record = th.load(path)
        agaris = {
            rnd.init.name: [r for r in rnd.results if isinstance(r, th.Agari)]
            for rnd in record.rounds
        }
        for check in check_record(record):
            assert isinstance(check, HandCheck), check
            for win, res in zip(check.details.get("wins", ()), agaris[check.hand], strict=True):
                flags = set(win["flags"])
                recorded = {i for i, h in res.yaku if h} | set(res.yakuman)
                if "last_tile" in flags:
                    assert recorded & {5, 6}
                for flag, ids in SITUATIONAL.items():
                    assert (flag in flags) == bool(recorded & ids), (path.name, check.hand, flag)
                seen |= flags
    assert seen >= set(SITUATIONAL)


@needs_corpus
def test_deal_wall_deals_the_recorded_hands() -> None:
    """The rebuilt wall deals each seat its recorded hand and keeps 14 dead tiles."""
    record = th.load(MJLOG / "double-ron.mjlog")
    game = Game(load_ruleset(rules_for(record)))
    for rnd in record.rounds:
        live, dead = deal_wall(rnd, game, record.header.red_fives)
        assert len(live) == 122
        assert len(dead) == 14
        progress = MatchProgress(dealer=rnd.init.dealer)
        match = Game(game.ruleset, walls=((live, dead),)).new_match(progress=progress)
        for seat in range(4):
            hand = sorted(th.tile_text(t) for t in rnd.init.hands[seat])
            if seat == rnd.init.dealer:  # the dealer's 14th tile is his first draw
                first = rnd.events[0]
                assert isinstance(first, th.Draw)
                hand = sorted([*hand, th.tile_text(first.tile)])
            got = sorted(t.notation for t in match.deal.hand_of(seat).concealed)
            assert got == hand


@pytest.mark.parametrize(
    ("game_type", "red", "rules"),
    [
        (0xA9, True, "riichi-tenhou"),
        (0xAB, False, "riichi-tenhou(red_fives=false)"),
        (0xAD, True, "riichi-tenhou(open_tanyao=false)"),
    ],
    ids=["aka-kuitan", "no-aka", "no-kuitan"],
)
def test_game_type_bits_set_red_fives_and_open_tanyao(
    game_type: int, red: bool, rules: str
) -> None:
    record = th.parse_mjlog(f'<mjloggm><GO type="{game_type}" lobby="0"/></mjloggm>')
    assert record.header.red_fives is red
    assert rules_for(record) == rules
    assert load_ruleset(rules).options.red_fives is red


def test_a_fifth_copy_in_a_deal_is_a_format_error() -> None:
    hands = tuple(tuple(range(s * 13, s * 13 + 13)) for s in range(4))
    init = th.RoundInit(0, 0, 0, (1, 1), 0, (25000,) * 4, 0, hands)
    rnd = th.Round(init, (th.Draw(0, 0),), ())
    with pytest.raises(th.TenhouFormatError, match="a fifth 1m"):
        deal_wall(rnd, Game(load_ruleset("riichi-tenhou")))


@needs_corpus
def test_a_win_the_engine_does_not_offer_is_a_mismatch() -> None:
    """A tsumo claimed by a seat that has not drawn: the engine refuses it (no rule here)."""
    text = (MJLOG / "double-ron.mjlog").read_text(encoding="utf-8")
    record = th.parse_mjlog(text, "double-ron.mjlog")
    rnd = record.rounds[0]
    agari = next(r for r in rnd.results if isinstance(r, th.Agari))
    other = (agari.who + 1) % 4
    moved = replace(agari, who=other, from_who=other)
    bad = replace(record, rounds=(replace(rnd, results=(moved,)), *record.rounds[1:]))
    first = check_record(bad)[0]
    assert isinstance(first, HandCheck)
    assert not first.matched
    assert "not legal" in first.got["events"]


# ---------------------------------------------------------------------- the check


@needs_corpus
@pytest.mark.slow
def test_every_recorded_hand_result_is_reproduced() -> None:
    """issue 7: 100 % of the corpus' hand results reproduced under riichi-tenhou."""
    report = check_records([DATA])
    problems = [json.dumps(m.to_dict(), ensure_ascii=False) for m in report.mismatches]
    problems += [json.dumps(dict(e), ensure_ascii=False) for e in report.errors]
    assert report.records == 66
    assert report.hands == 675
    assert report.matched == report.hands, "\n".join(problems)


@needs_corpus
@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ('ten="20,12000,2"', 'ten="20,11600,2"', "wins"),
        ('sc="250,-60,240,130,250,-30,250,-30"', 'sc="250,-60,240,140,250,-40,250,-30"', "deltas"),
        ('<REACH who="1" ten="250,240,250,250" step="2"/>', "", "events"),
        ('seed="1,0,0,4,1,105"', 'seed="1,1,0,4,1,105"', "next"),
    ],
    ids=["points", "score-change", "riichi-not-accepted", "next-counters"],
)
def test_altered_record_is_a_mismatch(old: str, new: str, field: str) -> None:
    """The check is not vacuous: changing one recorded fact gives a mismatch on E1-0."""
    text = (MJLOG / "double-ron.mjlog").read_text(encoding="utf-8")
    assert old in text
    record = th.parse_mjlog(text.replace(old, new, 1), "altered.mjlog")
    checks = {c.hand: c for c in check_record(record) if isinstance(c, HandCheck)}
    first = checks["E1-0"]
    assert not first.matched
    assert first.expected[field] != first.got[field]


@needs_corpus
def test_truncated_records_are_reported_not_fatal() -> None:
    paths = sorted(MJLOG.glob("2011020401gm-00a9-0000-f6eff225*.mjlog"))
    assert len(paths) == 3
    report = check_records(paths)
    assert report.records == 3
    assert report.hands == 8 + 7 + 7
    assert not report.errors
    assert [x["record"] for x in report.incomplete] == [
        paths[0].name,
        paths[1].name,
        paths[1].name,
    ]


def test_unreadable_record_is_an_error_entry(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mjlog"
    bad.write_text("<mjloggm><INIT", encoding="utf-8")
    report = check_records([bad])
    assert not report.ok
    assert report.records == 0
    assert report.errors[0]["record"] == "bad.mjlog"
    assert report.errors[0]["error"].startswith("not well-formed XML")  # named once, in "record"


@needs_corpus
def test_cli_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tenhou-check", "--json", str(MJLOG / "pao-tsumo.mjlog")])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out == {
        "ok": True,
        "records": 1,
        "hands": 5,
        "matched": 5,
        "mismatches": [],
        "incomplete": [],
        "errors": [],
    }


def test_cli_missing_path_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tenhou-check", "/no/such/record.mjlog"]) == 2
    assert "no such record file" in capsys.readouterr().err


def test_cli_mismatch_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["tenhou-check", str(bad)]) == 1
    assert "invalid JSON" in capsys.readouterr().out


# ---------------------------------------------------------------------- robustness


def _elements(text: str) -> list[str]:
    """The record's top-level elements as text (the document is one line of tags)."""
    body = text[text.index(">") + 1 : text.rindex("</mjloggm>")]
    parts = body.replace("><", ">\n<").split("\n")
    return [p for p in parts if p]


_DOUBLE_RON = (MJLOG / "double-ron.mjlog").read_text(encoding="utf-8") if MJLOG.is_dir() else ""


@needs_corpus
@given(st.data())
def test_damaged_record_never_crashes(data: st.DataObject) -> None:
    """Dropping, duplicating or cutting elements gives a typed error or a report entry."""
    parts = _elements(_DOUBLE_RON)
    i = data.draw(st.integers(0, len(parts) - 1))
    how = data.draw(st.sampled_from(["drop", "dup", "cut"]))
    if how == "drop":
        parts = parts[:i] + parts[i + 1 :]
    elif how == "dup":
        parts = [*parts[: i + 1], *parts[i:]]
    else:
        parts = parts[:i]
    text = '<mjloggm ver="2.3">' + "".join(parts) + "</mjloggm>"
    try:
        record = th.parse_mjlog(text, "damaged.mjlog")
    except th.TenhouFormatError:
        return
    for item in check_record(record):
        if not isinstance(item, HandCheck):
            assert item["error"]


@given(st.text(max_size=60))
def test_arbitrary_text_is_a_typed_error_or_a_record(text: str) -> None:
    for parse in (th.parse_mjlog, th.parse_tenhou6):
        with contextlib.suppress(th.TenhouFormatError):
            parse(text, "fuzz")


_JSON_GAME = (
    (MJSCORE / "2010081709gm-00a9-0000-fe3371ad.json").read_text(encoding="utf-8")
    if MJSCORE.is_dir()
    else ""
)


@needs_corpus
@given(st.data())
def test_damaged_tenhou6_round_never_crashes(data: st.DataObject) -> None:
    """Dropping one entry of a seat's draws or discards: a typed error or a report entry."""
    lines = _JSON_GAME.splitlines()
    obj = json.loads(lines[data.draw(st.integers(0, len(lines) - 1))])
    log = obj["log"][0]
    column = log[data.draw(st.sampled_from([5, 6, 8, 9, 11, 12, 14, 15]))]
    if not column:
        return
    del column[data.draw(st.integers(0, len(column) - 1))]
    try:
        record = th.parse_tenhou6(json.dumps(obj), "damaged.json")
    except th.TenhouFormatError:
        return
    for item in check_record(record):
        if not isinstance(item, HandCheck):
            assert item["error"]


# ---------------------------------------------------------------------- riichi-tenhou settlement
# Tenhou's settlement as the corpus records it, through the ``riichi-tenhou`` preset's options
# ``nagashi_settlement``, ``multi_ron_counters``, ``multi_ron_sticks`` and ``leftover_sticks_tie``
# (EMA's values are tested in tests/rulesets/riichi_ema/test_settlement_options.py).


def _net(outcome: DealOutcome) -> dict[str, int]:
    """Net per seat, riichi sticks of the deal included."""
    net = load_ruleset("riichi-tenhou").settle(outcome).net
    return {s: net[s] for s in "ESWN"}


def test_tenhou_nagashi_mangan_leaves_the_riichi_sticks_on_the_table() -> None:
    """2019082700gm-00a9-0000-63d1f136 E4-0: North (non-dealer) nagashi mangan; East's
    riichi stick of this deal stays on the table (the next deal starts 3,1,1)."""
    settlement = load_ruleset("riichi-tenhou").settle(
        DealOutcome(
            riichi=("E",),
            tenpai=("S", "E"),
            status={"N": "nagashi_mangan"},
            extra={"draw": "exhaustive"},
        )
    )
    net = {s: settlement.net[s] for s in "ESWN"}
    assert net == {"E": -4000 - 1000, "S": -2000, "W": -2000, "N": 8000}
    assert settlement.extra["riichi_sticks"] == 1


def test_tenhou_double_ron_counters_go_to_the_first_winner_only() -> None:
    """2020052700gm-00a9-0000-75a4695c E2-2: East deals in to South (8000) and West (1300)
    with 2 counters and 2 sticks: only South (first after the discarder) gets the 600."""
    outcome = DealOutcome(
        winners=("S", "W"),
        discarder="E",
        honba=2,
        riichi_sticks=1,
        riichi=("E",),
        hands={"S": "2m2m4p0p6p3s4s0s8s8s [406m<] +8s", "W": "234m345p222345s8s +8s"},
        dora=("5m", "2z"),
    )
    assert _net(outcome) == {"E": -8600 - 1300 - 1000, "S": 10600, "W": 1300, "N": 0}


def test_tenhou_double_ron_sticks_go_to_the_first_winner() -> None:
    """double-ron.mjlog E4-0: East deals in to South and North, both in riichi: both
    sticks go to South (first after the discarder); North gets no stick back."""
    outcome = DealOutcome(
        winners=("S", "N"),
        discarder="E",
        riichi=("S", "N"),
        hands={"S": "2344567m234p567s +1m", "N": "12233m77p34089s7s +1m"},
        dora=("6s",),
        ura=("1p",),
    )
    assert _net(outcome) == {"E": -15700, "S": 7700 + 2000 - 1000, "W": 0, "N": 8000 - 1000}


def test_tenhou_leftover_sticks_go_to_the_first_tied_leader() -> None:
    """2018022422gm-00a9-0000-0067d2a4 end: W and N tie at 30300 with one stick left on the
    table; Tenhou gives it to W (first in seat order from the first dealer): 31300/30300."""
    out = load_ruleset("riichi-tenhou").settle_dict(
        {"final_scores": {"E": 16300, "S": 22100, "W": 30300, "N": 30300}, "riichi_sticks": 1}
    )
    points = {k: out["final_scores"][k] - out["uma"][k] for k in "ESWN"}
    assert points == {"E": 16300, "S": 22100, "W": 31300, "N": 30300}


@needs_corpus
def test_cli_jsonl_batch(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        json.dumps({"paths": str(MJLOG / "pao-tsumo.mjlog")}),
        "not json",
        json.dumps({"paths": ["/no/such"]}),
        json.dumps({"rules": "riichi-tenhou"}),
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["tenhou-check", "--jsonl"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o["ok"] for o in out] == [True, False, False, False]
    assert out[0]["hands"] == 5
    assert "invalid JSON" in out[1]["error"]
    assert "no such record file" in out[2]["error"]
    assert "paths" in out[3]["error"]


@needs_corpus
def test_altered_game_result_is_a_mismatch() -> None:
    """The final results (uma, oka, Tenhou's rounding) of ``owari`` are compared too."""
    text = (MJLOG / "double-ron.mjlog").read_text(encoding="utf-8")
    old = 'owari="334,13.0,360,46.0,320,-8.0,-14,-51.0"'
    assert old in text
    good = th.parse_mjlog(text, "double-ron.mjlog")
    last = [c for c in check_record(good) if isinstance(c, HandCheck)][-1]
    assert last.matched
    assert last.expected["result"] == [13000, 46000, -8000, -51000]
    bad = th.parse_mjlog(text.replace(old, old.replace("13.0", "14.0")), "altered.mjlog")
    last = [c for c in check_record(bad) if isinstance(c, HandCheck)][-1]
    assert not last.matched
    assert last.expected["result"] != last.got["result"]
