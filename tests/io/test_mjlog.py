"""Tenhou mjlog XML export (issue 16): meld codes, real logs written again, our games round trip.

* :func:`encode_meld` is :func:`decode_meld`'s inverse: every call of the Tenhou corpus encodes
  back to the number Tenhou wrote, and every bit layout (chi with the called tile in each
  position, pon and added kong from each seat with each copy left out, open kongs, red fives
  anywhere) decodes back to the same meld.
* A real mjlog read and written again is the same record, element by element the same XML.
* Seeded games of ``riichi-tenhou`` and ``riichi-ema`` exported with :func:`to_mjlog`, imported
  by our own mjlog reader and replayed through the engine: every event, hand, han, fu, points,
  tenpai seat, score change and the match end equal (double ron, chankan, rinshan, four kongs,
  every abortive draw and added kongs with red fives: the mjlog files of the project corpus,
  ``tests/io/test_project_corpus.py``).
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.cli import main
from muraglia.engine import Game
from muraglia.errors import MahjongError
from muraglia.io import tenhou as th
from muraglia.io.mjlog import MjlogExport, game_type, to_mjlog, write_mjlog
from muraglia.io.record import dumps, record_of
from muraglia.io.tenhou import TenhouMeld, decode_meld, encode_meld
from muraglia.io.tenhou_replay import HandCheck, check_record
from muraglia.rulesets import load_ruleset
from tests.corpus import tenhou_data
from tests.engine.helpers import choose
from tests.engine.test_fuzz_flows import play
from tests.io.test_tenhou6 import _all_matched as _mismatches

MJLOG = tenhou_data() / "mjlog"
needs_corpus = pytest.mark.skipif(not MJLOG.is_dir(), reason="Tenhou corpus not present")
PROJECT = Path(__file__).resolve().parents[1] / "data" / "muraglia" / "mjlog"


# ---------------------------------------------------------------------- meld codes


@needs_corpus
def test_every_call_of_the_corpus_encodes_to_what_tenhou_wrote() -> None:
    """N and AGARI ``m`` fields: the one exception is the copy number a concealed kong's
    tile carries (the decoder keeps the kind only; Tenhou writes copy 0 in 15 of 17)."""
    seen: Counter[str] = Counter()
    for path in sorted(MJLOG.glob("*.mjlog")):
        text = path.read_text(encoding="utf-8")
        for tag in re.findall(r"<(?:N|AGARI) [^>]*>", text):
            who = int(re.search(r'who="(\d)"', tag).group(1))  # type: ignore[union-attr]
            found = re.search(r' m="([\d,]+)"', tag)
            for m in map(int, found.group(1).split(",")) if found else ():
                meld = decode_meld(m, who)
                again = encode_meld(meld)
                assert decode_meld(again, who) == meld
                if meld.kind == "ankan":
                    assert again == m & ~0x300  # the copy number (bits 8-9) aside
                else:
                    assert again == m, (path.name, meld)
                seen[meld.kind] += 1
    assert set(seen) == {"chi", "pon", "kakan", "daiminkan", "ankan"}
    assert min(seen["chi"], seen["pon"]) > 100
    assert seen["kakan"] > 10


_FIVES = (4, 13, 22)


@st.composite
def melds(draw: st.DrawFn) -> TenhouMeld:
    """Any four-player Tenhou meld: every kind, source, called position and copy."""
    who = draw(st.integers(0, 3))
    rel = draw(st.integers(1, 3))
    kind = draw(st.sampled_from(["chi", "pon", "kakan", "daiminkan", "ankan"]))
    if kind == "chi":
        start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
        tiles = tuple((start + i) * 4 + draw(st.integers(0, 3)) for i in range(3))
        return TenhouMeld("chi", who, (who + 3) % 4, tiles, draw(st.sampled_from(tiles)))
    k = draw(st.integers(0, 33))
    copies = [k * 4 + c for c in range(4)]
    frm = (who + rel) % 4
    if kind == "ankan":
        return TenhouMeld("ankan", who, None, tuple(copies), None)
    if kind == "daiminkan":
        return TenhouMeld("daiminkan", who, frm, tuple(copies), draw(st.sampled_from(copies)))
    left_out = draw(st.sampled_from(copies))
    three = tuple(t for t in copies if t != left_out)
    called = draw(st.sampled_from(three))
    if kind == "pon":
        return TenhouMeld("pon", who, frm, three, called)
    return TenhouMeld("kakan", who, frm, tuple(copies), called, left_out)


@given(melds())
def test_every_meld_layout_round_trips(meld: TenhouMeld) -> None:
    assert decode_meld(encode_meld(meld), meld.who) == meld


@pytest.mark.parametrize(
    "meld",
    [
        TenhouMeld("chi", 1, 0, (16, 20, 24), 16),  # the red 5m called, 5m first of 567m
        TenhouMeld("chi", 1, 0, (8, 12, 16), 8),  # the caller's own red five, last of 345m
        TenhouMeld("chi", 2, 1, (48, 52, 56), 52),  # the red 5p called in the middle
        TenhouMeld("pon", 0, 2, (52, 53, 54), 52),  # the red 5p called across
        TenhouMeld("pon", 0, 1, (88, 89, 90), 89),  # the red 5s among the caller's own
        TenhouMeld("kakan", 3, 2, (16, 17, 18, 19), 17, 16),  # the red 5m added
        TenhouMeld("kakan", 3, 1, (88, 89, 90, 91), 88, 91),  # the red 5s in the pung
        TenhouMeld("daiminkan", 1, 3, (52, 53, 54, 55), 52),  # the red 5p called
        TenhouMeld("ankan", 2, None, (16, 17, 18, 19), None),  # with the red 5m
    ],
)
def test_red_fives_in_every_meld(meld: TenhouMeld) -> None:
    m = encode_meld(meld)
    assert decode_meld(m, meld.who) == meld
    assert any(t in th.RED_IDS for t in decode_meld(m, meld.who).tiles)


@pytest.mark.parametrize(
    "meld",
    [
        TenhouMeld("chi", 1, 0, (0, 4, 12), 0),  # 1m 2m 4m
        TenhouMeld("chi", 1, 0, (108, 112, 116), 108),  # winds
        TenhouMeld("pon", 1, 0, (0, 1, 4), 0),  # two kinds
        TenhouMeld("pon", 1, 1, (0, 1, 2), 0),  # from itself
        TenhouMeld("kakan", 1, 0, (0, 1, 2), 0, 3),  # three tiles
        TenhouMeld("daiminkan", 1, 0, (0, 1, 2, 3), 9),  # called tile not in it
        TenhouMeld("nuki", 1, None, (120,), None),
    ],
)
def test_melds_that_are_not_tenhou_melds_are_named(meld: TenhouMeld) -> None:
    with pytest.raises(th.TenhouFormatError, match=f"seat 1's {meld.kind} of tiles"):
        encode_meld(meld)


# ---------------------------------------------------------------------- real logs


def _elements(text: str) -> list[tuple[str, dict[str, str]]]:
    skip = ("SHUFFLE", "BYE", "UN", "GO", "TAIKYOKU")
    return [(e.tag, dict(e.attrib)) for e in ET.fromstring(text) if e.tag not in skip]


@needs_corpus
def test_a_tenhou_mjlog_written_again_is_the_same() -> None:
    """Each corpus mjlog → import → :func:`write_mjlog` → import: the same record; and the
    written XML has the same elements with the same attributes as Tenhou's (the shuffle seed,
    disconnections and the concealed kongs' copy numbers aside)."""
    ankan_copy = 0
    for path in sorted(MJLOG.glob("*.mjlog")):
        text = path.read_text(encoding="utf-8")
        record = th.parse_mjlog(text, path.name)
        out = write_mjlog(record)
        assert th.parse_mjlog(out, path.name) == record
        ours, theirs = _elements(out), _elements(text)
        assert len(ours) == len(theirs)
        for (tag, attrs), (tag0, attrs0) in zip(ours, theirs, strict=True):
            assert tag == tag0
            if tag == "N" and attrs != attrs0:
                meld = decode_meld(int(attrs0["m"]), int(attrs0["who"]))
                assert meld.kind == "ankan"
                ankan_copy += 1
                continue
            assert attrs == attrs0, path.name
    assert ankan_copy == 1


def test_a_record_without_winning_tiles_cannot_be_written() -> None:
    """tenhou.net/6 JSON does not name the winning tile id: writing it as mjlog says so."""
    game = next((PROJECT.parent / "tenhou6").glob("double-ron.json"))
    record = th.load(game)
    with pytest.raises(MahjongError, match="E1-0: a win without its winning tile id"):
        write_mjlog(record)


# ---------------------------------------------------------------------- our games


@pytest.mark.parametrize("spec", ["riichi-tenhou", "riichi-ema"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_our_game_round_trips_through_mjlog(spec: str, seed: int) -> None:
    """ours → mjlog XML → our mjlog reader → the engine: every deal equal, match end too."""
    match = play(spec, seed, Counter())
    text = to_mjlog(record_of(match))
    record = th.parse_mjlog(text, f"{spec}-{seed}.mjlog")
    assert record.header.ruleset == load_ruleset(spec).id
    assert record.complete
    assert len(record.rounds) == match.deals_played
    assert not _mismatches(record)
    final = record.rounds[-1].results[-1].final
    assert final is not None
    assert len(final) == 8


def test_the_live_export_is_the_replayed_one_and_reads_back_the_same() -> None:
    """:class:`MjlogExport` fed during play writes what ``to_mjlog`` writes from the record;
    the record it builds is the one our reader reads from its XML."""
    for spec, seed in (("riichi-tenhou", 6), ("riichi-ema", 7)):
        match = Game(load_ruleset(spec), seed=seed).new_match()
        live = MjlogExport(match)
        agent = random.Random(seed)
        while not match.over:
            seat = match.to_act[0]
            live.take(match.apply(choose(agent, match.legal_actions(seat))))
        text = live.text()
        assert text == to_mjlog(record_of(match))
        read = th.parse_mjlog(text, "muraglia.mjlog")
        assert read == live.record()
        assert not _mismatches(read)


def test_what_the_export_writes() -> None:
    """Tile ids, riichi steps, the scores of ``sc`` and the header of one seeded game."""
    match = play("riichi-tenhou", 2, Counter())
    text = to_mjlog(record_of(match), names=["Aldo", "Bea", "秋子", "Dino"])
    root = ET.fromstring(text)
    go, un = root.find("GO"), root.find("UN")
    assert go is not None
    assert un is not None
    assert int(go.get("type", "")) == game_type() == 0x09
    assert json.loads(go.get("muraglia", ""))["ruleset"] == load_ruleset("riichi-tenhou").id
    assert un.get("n2") == "%E7%A7%8B%E5%AD%90"
    assert th.parse_mjlog(text).header.players == ("Aldo", "Bea", "秋子", "Dino")
    for rnd in th.parse_mjlog(text).rounds:
        ids = [t for h in rnd.init.hands for t in h]
        ids += [e.tile for e in rnd.events if isinstance(e, th.Draw)]
        assert len(ids) == len(set(ids))  # every tile id once
        steps = [(e.who, e.step) for e in rnd.events if isinstance(e, th.Reach)]
        for who, step in steps:
            if step == 2:
                assert (who, 1) in steps
        before = rnd.results[0].scores
        assert before is not None
        sticks = sum(1 for _, step in steps if step == 2)
        assert sum(before) == sum(rnd.init.scores) - 1000 * sticks


def test_a_capped_match_ends_where_it_stopped() -> None:
    """A match stopped after two deals (the web's deal count): the import stops there too and
    the final results (uma at the cap) match."""
    match = Game(load_ruleset("riichi-ema"), seed=3, max_deals=2).new_match()
    agent = random.Random(3)
    while not match.over:
        seat = match.to_act[0]
        match.apply(choose(agent, match.legal_actions(seat)))
    record = th.parse_mjlog(to_mjlog(record_of(match)), "capped.mjlog")
    assert record.header.max_deals == 2
    assert record.complete
    checks = check_record(record)
    assert len(checks) == 2
    last = checks[-1]
    assert isinstance(last, HandCheck)
    assert "final" in last.expected
    assert not _mismatches(record)


def test_export_refuses_other_rulesets() -> None:
    match = Game(load_ruleset("mcr"), seed=1, max_deals=1).new_match()
    with pytest.raises(MahjongError, match="mjlog export needs a riichi record, not 'mcr'"):
        to_mjlog(record_of(match))


def test_replay_prints_mjlog(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``muraglia replay --mjlog``: the XML, which ``replay --check`` reads back at 100 %."""
    match = play("riichi-ema", 1, Counter())
    src = tmp_path / "game.jsonl"
    src.write_text(dumps(match), encoding="utf-8")
    assert main(["replay", "--mjlog", str(src)]) == 0
    out = tmp_path / "game.mjlog"
    out.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["replay", "--check", "--json", str(out)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == report["matched"] == match.deals_played
    mcr = tmp_path / "mcr.jsonl"
    other = Game(load_ruleset("mcr"), seed=1, max_deals=1).new_match()
    mcr.write_text(dumps(other), encoding="utf-8")
    assert main(["replay", "--mjlog", str(mcr)]) == 2
    assert "mjlog export needs a riichi record" in capsys.readouterr().err
