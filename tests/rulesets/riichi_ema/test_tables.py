"""Appendix A of seed 001 reproduced cell by cell by the formula (EMA-TAB, EMA-TV-01).

The tables below are the seed's own text (tab-separated, blank = impossible combination);
each cell is compared with :func:`basic_points` and the payment rules EMA-PAY-1…5.
"""

from __future__ import annotations

import pytest

from muraglia.rulesets.riichi_ema.payments import basic_points, ceil100, win_transfers

APPENDIX_A = """
**Est su tsumo**

Tsumo	1 fan	2 fan	3 fan	4 fan
20		700	1300	2600
25			1600	3200
30	500	1000	2000	3900
40	700	1300	2600	4000
50	800	1600	3200	4000
60	1000	2000	3900	4000
70	1200	2300	4000	4000
80	1300	2600	4000	4000
90	1500	2900	4000	4000
100	1600	3200	4000	4000

**Est su ron**

Ron	1 fan	2 fan	3 fan	4 fan
25		2400	4800	9600
30	1500	2900	5800	11600
40	2000	3900	7700	12000
50	2400	4800	9600	12000
60	2900	5800	11600	12000
70	3400	6800	12000	12000
80	3900	7700	12000	12000
90	4400	8700	12000	12000
100	4800	9600	12000	12000

**Mani limite**

Mano	fan	Est	Altri
Mangan	5	4000	2000 4000
Haneman	6-7	6000	3000 6000
Baiman	8-10	8000	4000 8000
Sanbaiman	11-12	12000	6000 12000
Yakuman	13+	16000	8000 16000

**Altri su tsumo**

Tsumo	1 fan	2 fan	3 fan	4 fan
20		400 700	700 1300	1300 2600
25			800 1600	1600 3200
30	300 500	500 1000	1000 2000	2000 3900
40	400 700	700 1300	1300 2600	2000 4000
50	400 800	800 1600	1600 3200	2000 4000
60	500 1000	1000 2000	2000 3900	2000 4000
70	600 1200	1200 2300	2000 4000	2000 4000
80	700 1300	1300 2600	2000 4000	2000 4000
90	800 1500	1500 2900	2000 4000	2000 4000
100	800 1600	1600 3200	2000 4000	2000 4000

**Altri su ron**

Ron	1 fan	2 fan	3 fan	4 fan
25		1600	3200	6400
30	1000	2000	3900	7700
40	1300	2600	5200	8000
50	1600	3200	6400	8000
60	2000	3900	7700	8000
70	2300	4500	8000	8000
80	2600	5200	8000	8000
90	2900	5800	8000	8000
100	3200	6400	8000	8000
"""


def _tables() -> dict[str, list[str]]:
    tables: dict[str, list[str]] = {}
    name = ""
    for line in APPENDIX_A.splitlines():
        if line.startswith("**"):
            name = line.strip("*")
            tables[name] = []
        elif name and line[:1].isalnum() and "fan" not in line:  # skip column headers
            tables[name].append(line)
    return tables


TABLES = _tables()


def _cells(name: str) -> list[tuple[int, int, str]]:
    out = []
    for line in TABLES[name]:
        fu, *cols = line.split("\t")
        for han, cell in enumerate(cols, start=1):
            if cell.strip():
                out.append((int(fu), han, cell.strip()))
    return out


def _pays(han: int, fu: int, winner: str, tsumo: bool) -> dict[str, int]:
    b, _ = basic_points(han, fu)
    out: dict[str, int] = {}
    for payer, _payee, amount, _why in win_transfers(b, winner, tsumo=tsumo, discarder="N"):
        out[payer] = amount
    return out


def test_four_tables_and_limits_present() -> None:
    assert set(TABLES) == {
        "Est su tsumo", "Est su ron", "Mani limite", "Altri su tsumo", "Altri su ron",
    }  # fmt: skip
    assert (
        sum(len(_cells(n)) for n in TABLES if n != "Mani limite") == 2 * 37 + 2 * 35
    )  # blank cells are impossible combinations


@pytest.mark.parametrize(("fu", "han", "cell"), _cells("Est su tsumo"))
def test_tab_a_east_tsumo(fu: int, han: int, cell: str) -> None:  # EMA-TAB-A
    assert _pays(han, fu, "E", True) == dict.fromkeys(("S", "W", "N"), int(cell))


@pytest.mark.parametrize(("fu", "han", "cell"), _cells("Est su ron"))
def test_tab_b_east_ron(fu: int, han: int, cell: str) -> None:  # EMA-TAB-B
    assert _pays(han, fu, "E", False) == {"N": int(cell)}


@pytest.mark.parametrize(("fu", "han", "cell"), _cells("Altri su tsumo"))
def test_tab_c_other_tsumo(fu: int, han: int, cell: str) -> None:  # EMA-TAB-C
    others, east = (int(x) for x in cell.split())
    assert _pays(han, fu, "S", True) == {"E": east, "W": others, "N": others}


@pytest.mark.parametrize(("fu", "han", "cell"), _cells("Altri su ron"))
def test_tab_d_other_ron(fu: int, han: int, cell: str) -> None:  # EMA-TAB-D
    assert _pays(han, fu, "S", False) == {"N": int(cell)}


@pytest.mark.parametrize("line", TABLES["Mani limite"], ids=lambda s: s.split()[0])
def test_limit_hands(line: str) -> None:  # EMA-PAY-5, EMA-TAB-E
    name, hans, east, others, east_from_other = line.split()
    low, _, high = hans.rstrip("+").partition("-")
    for han in range(int(low), int(high or low) + 1):
        b, limit = basic_points(han, 30)
        assert limit == name.lower()
        assert _pays(han, 30, "E", True) == dict.fromkeys(("S", "W", "N"), int(east))
        assert _pays(han, 30, "S", True) == {
            "E": int(east_from_other), "W": int(others), "N": int(others),
        }  # fmt: skip
        assert ceil100(6 * b) == 3 * int(east)  # source 4.1.3: East ron = three East tsumo


def test_tab_f_beyond_100_fu() -> None:  # EMA-TAB-F: 2 han 110 fu
    assert _pays(2, 110, "S", False) == {"N": 7100}
    assert _pays(2, 110, "E", False) == {"N": 10600}
    assert _pays(2, 110, "S", True) == {"E": 3600, "W": 1800, "N": 1800}
    assert _pays(2, 110, "E", True)["S"] == 3600


def test_kiriage_option_rounds_up_only_when_on() -> None:  # EMA-GAP-6
    assert basic_points(4, 30) == (1920, None)
    assert basic_points(3, 60) == (1920, None)
    assert basic_points(4, 30, kiriage=True) == (2000, "mangan")
    assert basic_points(3, 60, kiriage=True) == (2000, "mangan")
    assert basic_points(3, 50, kiriage=True) == (1600, None)
