"""What a record shows, as feature names (the coverage of the project-made corpus, issue 16).

Read from the imported record (the Tenhou model) and, for tenhou.net/6 files, from the call
strings as written (the marker letter's position, where a red five stands).
"""

from __future__ import annotations

import re

from muraglia.io.tenhou import RED_IDS, Agari, Call, Record, Ryuukyoku

REL = {3: "left", 2: "across", 1: "right"}

DRAWS = {"": "exhaustive", "nm": "nagashi_mangan", "yao9": "nine_terminals",
         "reach4": "four_riichi", "kaze4": "four_winds", "kan4": "four_kongs",
         "ron3": "triple_ron"}  # fmt: skip

SITUATIONS = {2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei",
              21: "double_riichi", 37: "tenhou", 38: "chiihou"}  # fmt: skip

REQUIRED = frozenset({
    "chi", "pon_left", "pon_across", "pon_right", "daiminkan_left", "daiminkan_across",
    "daiminkan_right", "ankan", "kakan",
    "chi_red_called", "chi_red_own", "pon_red_called", "pon_red_own", "kakan_red",
    "ankan_red",
    "marker_c0", "marker_p0", "marker_p1", "marker_p2", "marker_m0", "marker_m1",
    "marker_m3",
    "tsumo", "ron", "double_ron", "triple_ron", "exhaustive", "nine_terminals",
    "four_riichi", "four_winds", "four_kongs",
    "ippatsu", "chankan", "rinshan", "haitei", "houtei", "double_riichi",
})  # fmt: skip
"""What the project-made corpus must show (tests/data/muraglia)."""

_CALL = re.compile(r'"((?:\d\d)*)([cpmka])(\d\d)((?:\d\d)*)"')


def record_features(record: Record) -> set[str]:
    """Calls (kind, source, red fives), endings, situational yaku and yaku ids of a record."""
    out: set[str] = set()
    for rnd in record.rounds:
        for e in rnd.events:
            if not isinstance(e, Call):
                continue
            m = e.meld
            red = [t for t in m.tiles if t in RED_IDS]
            if m.kind in ("pon", "daiminkan") and m.from_who is not None:
                out.add(f"{m.kind}_{REL[(m.from_who - m.who) % 4]}")
            else:
                out.add(m.kind)
            if m.kind in ("chi", "pon", "daiminkan") and red:
                out.add(f"{m.kind}_red_{'called' if m.called in RED_IDS else 'own'}")
            elif red:
                out.add(f"{m.kind}_red")
        wins = [r for r in rnd.results if isinstance(r, Agari)]
        if len(wins) >= 2:
            out.add("double_ron" if len(wins) == 2 else "triple_ron_wins")
        for a in wins:
            out.add("tsumo" if a.who == a.from_who else "ron")
            for i in [i for i, _ in a.yaku] + list(a.yakuman):
                out.add(f"yaku_{i}")
                if i in SITUATIONS:
                    out.add(SITUATIONS[i])
        for r in rnd.results:
            if isinstance(r, Ryuukyoku):
                out.add(DRAWS.get(r.kind, r.kind))
    return out


def text_features(text: str) -> set[str]:
    """The call strings' marker positions as written (``marker_p1``: pon marked second)."""
    out = set()
    for before, letter, _, _ in _CALL.findall(text):
        out.add(f"marker_{letter}{len(before) // 2}")
    return out
