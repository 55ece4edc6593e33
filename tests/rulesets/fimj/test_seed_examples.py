"""The worked examples of the FIMJ rulebook (seed 000) not already in ``cases/`` (issue 14).

Each test names the seed's section (the rulebook's heading) and quotes its sentence. Examples
already covered elsewhere: the hand-point settlement of "PAGAMENTO DEI PUNTEGGI DI STECCA"
(FIMJ-TV-1, ``cases/deals.toml``), "ARROTONDAMENTO" (FIMJ-TV-2, ``test_settlement.py``), the
wind-pung compatibility of "CUMULO E COMPATIBILITA' DEI RADDOPPI" (FIMJ-TV-3,
``cases/vectors.toml``).
"""

from __future__ import annotations

import pytest

from muraglia.rulesets import load_ruleset
from muraglia.rulesets.fimj.patterns import PATTERNS, Category

FIMJ = load_ruleset("fimj")


def _ids(out: dict) -> dict[str, int]:
    return {p["id"]: p["value"] for p in out["patterns"]}


def test_cumulo_snake_of_one_suit_is_two_doubles() -> None:
    # CUMULO E COMPATIBILITA' DEI RADDOPPI: "Il serpente di colore (1 raddoppio), contenendo
    # anche la combinazione di semplice serpente (1 raddoppio), comporta un totale di 2
    # raddoppi." (FIMJ-DBL-F15/F16, FIMJ-CUM)
    out = FIMJ.score_dict({"hand": "123456789s 234m 5p +5p", "win": "tsumo", "seat_wind": "S"})
    ids = _ids(out)
    assert ids["snake"] == 1
    assert ids["snake_one_suit"] == 1


def test_cumulo_four_head_pungs_are_two_doubles() -> None:
    # CUMULO E COMPATIBILITA' DEI RADDOPPI: "Quattro tris di testa (1 raddoppio), contenendo la
    # combinazione tre tris di testa (1 raddoppio), comportano un totale di 2 raddoppi."
    out = FIMJ.score_dict(
        {"hand": "[111m] [999p] [555z] [666z] 2s +2s", "win": "ron", "seat_wind": "S"}
    )
    ids = _ids(out)
    assert ids["four_head_pungs"] == 1
    assert ids["three_head_pungs"] == 1


def test_limite_1000_and_2000_for_east() -> None:
    # LIMITE: "si usa mettere un limite convenzionale massimo che la Federazione Italiana
    # Mah-Jong consiglia di fissare a punti 1000-2000 (2000 per EST e 1000 per gli altri)."
    # (FIMJ-LIMIT-1, FIMJ-TV-4): 66 points × 2^5 is capped at 1000; East pays 2000.
    out = FIMJ.score_dict(
        {"hand": "[111z] [222z>] 555z 666z 9s +9s", "win": "tsumo", "seat_wind": "S"}
    )
    assert out["points"] << out["doubles"] > 1000
    assert out["value"] == 1000
    assert out["limit"] == "limit"
    assert out["payments"] == {"E": -2000, "S": 4000, "W": -1000, "N": -1000}


SEED_MASSIMI = {
    "Casa piena dei 9 pezzi": 3000,
    "Tutto kong": 3000,
    "Uscita degli Dei": 3000,
    "13 lanterne meravigliose": 2000,
    "Raduno dei Dragoni": 2000,
    "4 benedizioni della casa": 2000,
    "Serpente dei draghi": 2000,
    "Piccolo serpente": 1000,
    "Serpenti siamesi": 1000,
    "Tutte coppie di colore": 1000,
    "Tutte coppie di testa": 1000,
}
"""MASSIMI: "Esistono 11 combinazioni che danno diritto al pagamento di un punteggio
predefinito" — the seed's table (the value not involving East; East's is double)."""


@pytest.mark.parametrize(("name", "value"), SEED_MASSIMI.items())
def test_massimi_table(name: str, value: int) -> None:
    # MASSIMI (FIMJ-MAX-1, FIMJ-TV-4): "Definizione / Punti", e.g. "Casa piena dei 9 pezzi
    # 3000/6000".
    limits = [p for p in PATTERNS if p.category == Category.LIMIT]
    assert len(limits) == len(SEED_MASSIMI)
    match = [p for p in limits if p.names["it"].lower().startswith(name.lower())]
    assert len(match) == 1, name
    assert match[0].closed == value
