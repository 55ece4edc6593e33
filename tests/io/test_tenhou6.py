"""tenhou.net/6 JSON: import variants (issue 16) and export round trips.

Variants: yaku and result names in Japanese and English (one test per table entry),
English points strings, ``rule`` with or without ``disp`` and with ``aka``/``aka51``-``aka53``,
missing ``title``/``name``, a single round, three-player logs refused, call strings with red
fives written plain. Round trips: seeded games of both riichi rulesets exported with
:func:`to_tenhou6`, imported and replayed through the engine with every event and score equal.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from muraglia.io import tenhou as th
from muraglia.io.record import record_of
from muraglia.io.tenhou6 import PATTERN_YAKU, Tenhou6Export, tile_code, to_tenhou6
from muraglia.io.tenhou_replay import HandCheck, check_record, rules_for
from muraglia.rulesets import load_ruleset
from muraglia.tiles import Tile
from tests.corpus import tenhou_data
from tests.engine.helpers import choose
from tests.engine.test_fuzz_flows import play

MJSCORE = tenhou_data() / "mjscore"
GAME = MJSCORE / "2010081709gm-00a9-0000-fe3371ad.json"
needs_corpus = pytest.mark.skipif(not GAME.is_file(), reason="Tenhou corpus not present")


def _all_matched(record: th.Record) -> list[str]:
    bad = []
    for c in check_record(record):
        if not isinstance(c, HandCheck):
            bad.append(str(c))
        elif not c.matched:
            bad.append(json.dumps(c.to_dict(), ensure_ascii=False)[:400])
    return bad


# ---------------------------------------------------------------------- names


YAKU_NAMES = [
    pytest.param(i, name, id=f"{i}-{lang}-{name}")
    for i, (ja, en) in enumerate(th.YAKU)
    for lang, name in (("ja", ja), ("en", en))
] + [
    pytest.param(i, name, id=f"{i}-alias-{name}")
    for i, aliases in enumerate(th.YAKU_ALIASES)
    for name in aliases
]


@pytest.mark.parametrize(("yaku", "name"), YAKU_NAMES)
def test_every_yaku_name_reads_as_its_id(yaku: int, name: str) -> None:
    """Every yaku in Japanese, English and the listed spellings, in a result string too."""
    assert th.yaku_id(name) == yaku
    assert th.yaku_id(name.upper()) == yaku
    info = [0, 1, 0, "30符2飜2000点", f"{name}(2飜)"]
    agari = th._json_agari([2000, -2000, 0, 0], info, (16,), (), (0, 0))
    assert agari.yaku == ((yaku, 2),)
    info = [0, 1, 0, "Yakuman 32000pts", f"{name}(Yakuman)"]
    agari = th._json_agari([32000, -32000, 0, 0], info, (16,), (), (0, 0))
    assert agari.yakuman == (yaku,)
    assert agari.limit == 5


def test_the_yaku_table_has_no_name_twice() -> None:
    seen: dict[str, int] = {}
    for i, (ja, en) in enumerate(th.YAKU):
        for name in (ja, en, *th.YAKU_ALIASES[i]):
            key = th._norm(name)
            assert seen.setdefault(key, i) == i, (name, seen[key], i)
    assert len(th.YAKU_ALIASES) == len(th.YAKU) == 55


def test_an_unknown_yaku_names_itself() -> None:
    with pytest.raises(th.TenhouFormatError, match="unknown yaku 'Lucky Seven'"):
        th.yaku_id("Lucky Seven")


RESULT_NAMES = [
    pytest.param(kind, name, id=f"{kind or 'exhaustive'}-{name}")
    for kind, names in th.RESULT_NAMES.items()
    for name in names
]


@pytest.mark.parametrize(("kind", "name"), RESULT_NAMES)
def test_every_result_name_reads_as_its_kind(kind: str, name: str) -> None:
    key = th._norm(name)
    if kind == "win":
        assert key in th._JSON_WIN
    else:
        assert th._JSON_DRAWS[key] == kind


@pytest.mark.parametrize(
    ("text", "fu", "points", "limit"),
    [
        ("30符4飜7700点", 30, 7700, 0),
        ("30fu 4han 7700pts", 30, 7700, 0),
        ("40符2飜700-1300点", 40, 2700, 0),
        ("40fu2han 700-1300 pts", 40, 2700, 0),
        ("30符3飜2000点∀", 30, 6000, 0),
        ("30 fu 3 han 2000 all", 30, 6000, 0),
        ("満貫8000点", None, 8000, 1),
        ("Mangan 8000pts", None, 8000, 1),
        ("跳満3000-6000点", None, 12000, 2),
        ("Haneman 3000-6000", None, 12000, 2),
        ("倍満16000点", None, 16000, 3),
        ("三倍満24000点", None, 24000, 4),
        ("Sanbaiman 24000", None, 24000, 4),
        ("数え役満32000点", None, 32000, 5),
        ("Kazoe Yakuman 32000pts", None, 32000, 5),
    ],
)
def test_points_strings_in_both_languages(
    text: str, fu: int | None, points: int, limit: int
) -> None:
    agari = th._json_agari([0] * 4, [0, 1, 0, text, "立直(1飜)"], (16,), (), (0, 0))
    assert (agari.fu, agari.points, agari.limit) == (fu, points, limit)


# ---------------------------------------------------------------------- whole games


def _game() -> dict[str, Any]:
    return dict(json.loads(GAME.read_text(encoding="utf-8").splitlines()[0]))


def _english(obj: dict[str, Any]) -> dict[str, Any]:
    """The same game as the English viewer and Mahjong Soul converters write it."""
    text = json.dumps(obj, ensure_ascii=False)
    for ja, en in th.YAKU:
        text = text.replace(f'"{ja}(', f'"{en}(')
    text = re.sub(r"(\d+)符(\d+)飜", r"\1fu \2han ", text)
    text = text.replace("点∀", " all").replace("点", "pts").replace("飜)", " han)")
    text = text.replace("(役満)", "(Yakuman)").replace('"和了"', '"Agari"')
    text = text.replace('"流局"', '"Ryuukyoku"')
    for ja, en in (("満貫", "Mangan"), ("跳満", "Haneman"), ("倍満", "Baiman")):
        text = text.replace(f'"{ja}', f'"{en} ')
    return dict(json.loads(text))


@needs_corpus
def test_english_names_give_the_same_record() -> None:
    obj = _game()
    japanese = th.parse_tenhou6(json.dumps(obj, ensure_ascii=False), "ja.json")
    english = th.parse_tenhou6(json.dumps(_english(obj), ensure_ascii=False), "en.json")
    assert "Agari" in json.dumps(_english(obj))
    assert [r.results for r in english.rounds] == [r.results for r in japanese.rounds]
    assert not _all_matched(english)


@needs_corpus
@pytest.mark.parametrize(
    ("rule", "red", "spec"),
    [
        ({"disp": "鳳南喰赤", "aka": 1}, True, "riichi-tenhou"),
        ({"aka": 1}, True, "riichi-tenhou"),
        ({}, True, "riichi-tenhou"),
        (None, True, "riichi-tenhou"),
        ({"disp": "鳳南喰赤", "aka51": 1, "aka52": 1, "aka53": 1}, True, "riichi-tenhou"),
        ({"aka51": 1, "aka52": 1, "aka53": 1}, True, "riichi-tenhou"),
        ({"disp": "Phoenix South", "aka": 1}, True, "riichi-tenhou"),
        ({"disp": "般南赤", "aka": 1}, True, "riichi-tenhou(open_tanyao=false)"),
        ({"disp": "般南喰", "aka": 0}, False, "riichi-tenhou(red_fives=false)"),
        ({"aka51": 0, "aka52": 0, "aka53": 0}, False, "riichi-tenhou(red_fives=false)"),
    ],
)
def test_rule_variants(rule: dict[str, Any] | None, red: bool, spec: str) -> None:
    obj = _game()
    if rule is None:
        del obj["rule"]
    else:
        obj["rule"] = rule
    record = th.parse_tenhou6(json.dumps(obj, ensure_ascii=False), "rule.json")
    assert record.header.red_fives is red
    assert rules_for(record) == spec


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ({"aka51": 1, "aka52": 0, "aka53": 1}, "red five counts"),
        ({"aka": 2}, "red five counts"),
        ({"aka": "x"}, "must be 0 or 1"),
        ("鳳南", "'rule' must be an object"),
        ({"disp": "三鳳南喰赤"}, "three-player"),
    ],
)
def test_unsupported_rules_are_named(rule: Any, message: str) -> None:
    obj = {"rule": rule, "log": []}
    with pytest.raises(th.TenhouFormatError, match=message):
        th.parse_tenhou6(json.dumps(obj, ensure_ascii=False), "rule.json")


@needs_corpus
def test_missing_title_and_name_and_a_single_round() -> None:
    """A partial game: one round of the middle of a game, without title and names."""
    obj = _game()
    del obj["title"]
    del obj["name"]
    whole = th.parse_tenhou6(GAME.read_text(encoding="utf-8"), GAME.name)
    middle = next(i for i, r in enumerate(whole.rounds) if r.init.round == 4)
    lines = GAME.read_text(encoding="utf-8").splitlines()
    one = json.loads(lines[middle])
    del one["title"]
    record = th.parse_tenhou6(json.dumps(one, ensure_ascii=False), "one.json")
    assert len(record.rounds) == 1
    assert record.header.players
    assert not _all_matched(record)
    assert th.parse_tenhou6(json.dumps(obj, ensure_ascii=False), "x.json").header.players == ()


@needs_corpus
def test_a_three_player_log_is_refused_with_a_clear_message() -> None:
    obj = _game()
    log = obj["log"][0]
    log[1] = log[1][:3]
    with pytest.raises(th.TenhouFormatError, match=r"three-player game .*no three-player riichi"):
        th.parse_tenhou6(json.dumps(obj, ensure_ascii=False), "sanma.json")
    obj = _game()
    obj["log"][0][13] = []
    with pytest.raises(th.TenhouFormatError, match="three-player"):
        th.parse_tenhou6(json.dumps(obj, ensure_ascii=False), "sanma.json")


@needs_corpus
def test_red_fives_written_plain_in_call_strings_still_read() -> None:
    """A converter writing a red five as a plain five inside a call string (any position)."""
    paths = sorted(MJSCORE.glob("*.json"))
    changed = 0
    for path in paths:
        text = path.read_text(encoding="utf-8")
        calls = re.findall(r'"(\d*[cpmka]\d+)"', text)
        red_calls = [c for c in calls if re.search(r"5[123]", c)]
        if not red_calls:
            continue
        for call in red_calls:
            plain = re.sub(r"5([123])(?=(?:\d\d)*$)", lambda m: f"{m.group(1)}5", call)
            text = text.replace(f'"{call}"', f'"{plain}"')
            changed += 1
        record = th.parse_tenhou6(text, path.name)
        assert len(record.rounds) == len(th.parse_tenhou6(path.read_text("utf-8")).rounds)
    assert changed > 0


# ---------------------------------------------------------------------- export


def test_tile_codes() -> None:
    assert [tile_code(Tile(k)) for k in (0, 8, 9, 17, 18, 26, 27, 33)] == [
        11, 19, 21, 29, 31, 39, 41, 47,
    ]  # fmt: skip
    assert [tile_code(t, red=True) for t in (Tile.M5, Tile.P5, Tile.S5)] == [51, 52, 53]


def test_every_riichi_pattern_has_a_tenhou_name() -> None:
    ids = {p.id for p in load_ruleset("riichi-tenhou").table}
    named = set(PATTERN_YAKU) | {"dragon_pung", "seat_wind", "prevalent_wind"}
    assert ids <= named


@pytest.mark.parametrize("spec", ["riichi-tenhou", "riichi-ema"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_our_game_round_trips_through_tenhou6(spec: str, seed: int, tmp_path: Path) -> None:
    """ours -> tenhou.net/6 JSON -> import -> replay through the engine: every deal equal."""
    match = play(spec, seed, Counter())
    obj = to_tenhou6(record_of(match))
    assert obj["muraglia"]["ruleset"] == load_ruleset(spec).id
    path = tmp_path / "game.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    record = th.load(path)
    assert len(record.rounds) == match.deals_played
    assert not _all_matched(record)
    final = [r for r in record.rounds[-1].results]
    assert final


def test_export_refuses_other_rulesets() -> None:
    from muraglia.engine import Game
    from muraglia.errors import MahjongError

    match = Game(load_ruleset("mcr"), seed=1, max_deals=1).new_match()
    with pytest.raises(MahjongError, match="needs a riichi record"):
        to_tenhou6(record_of(match))


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_export_written_while_playing_is_the_replayed_one(lang: str) -> None:
    """:class:`Tenhou6Export` fed during play writes what ``to_tenhou6`` writes from the record."""
    from muraglia.engine import Game

    for spec, seed in (("riichi-tenhou", 4), ("riichi-ema", 5)):
        match = Game(load_ruleset(spec), seed=seed).new_match()
        live = Tenhou6Export(match, lang=lang)
        agent = random.Random(seed)
        while not match.over:
            seat = match.to_act[0]
            live.take(match.apply(choose(agent, match.legal_actions(seat))))
        assert live.game() == to_tenhou6(record_of(match), lang=lang)
        assert len(live.game()["log"]) == match.deals_played


def test_a_live_export_refuses_other_rulesets() -> None:
    from muraglia.engine import Game
    from muraglia.errors import MahjongError

    with pytest.raises(MahjongError, match="needs a riichi record"):
        Tenhou6Export(Game(load_ruleset("mcr"), seed=1).new_match())
