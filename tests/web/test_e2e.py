"""End-to-end: a real ``muraglia serve`` and Debian's chromium (Playwright).

Each test saves a screenshot of its page into docs/screenshots/.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.browser import launch, screenshot
from tests.web.server import running_server


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def api_value(base: str, item: dict[str, Any]) -> int:
    r = httpx.post(f"{base}/api/score", json=item, timeout=30)
    assert r.status_code == 200, r.text
    return int(r.json()["value"])


def test_build_a_hand_by_clicking_and_score_under_three_rulesets(base: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page.goto(f"{base}/?lang=en")
    for n in ("2m", "3m", "4m", "5p", "6p", "7p", "1z", "1z"):
        page.click(f'button.pick[data-n="{n}"]')
    page.check('input[name=_target][value="pung"]')
    page.click('button.pick[data-n="5z"]')
    page.check('input[name=_target][value="chow"]')
    page.click('button.pick[data-n="7s"]')
    page.check('input[name=_target][value="winning"]')
    page.click('button.pick[data-n="4m"]')
    assert page.input_value("#hand") == "234m567p11z [555z] [789s] +4m".replace(
        "234m567p11z", "2m 3m 4m 5p 6p 7p 1z 1z"
    )
    # the picture follows the notation box
    page.wait_for_selector("#hand-view .meld svg.tile")
    assert page.locator("#hand-view svg.tile").count() == 14
    page.select_option("select[name=win]", "tsumo")
    hand = "234m567p11z [555z] [789s] +4m"
    values = {}
    for rules in ("riichi-ema", "fimj", "mcr"):
        page.select_option("#rules", rules)  # submits the form: same hand, new ruleset
        page.wait_for_selector(f'.out h2 small:text("{rules}")')
        if page.input_value("select[name=win]") != "tsumo":
            page.select_option("select[name=win]", "tsumo")
            page.click("#score")
            page.wait_for_load_state()
        shown = int(page.locator(".out [data-total=value]").inner_text())
        values[rules] = shown
        assert shown == api_value(base, {"rules": rules, "hand": hand, "win": "tsumo"})
        if rules == "riichi-ema":
            screenshot(page, "calculator")
            # hovering an item highlights the tiles that earn it
            page.hover('.out tr.item:has-text("open pung")')
            assert page.locator("#hand-view svg.tile.hl").count() == 3
            # a pattern too: the dragon pung lights its meld's three tiles, and tapping
            # (focus) another item moves the light
            page.hover('.out tr[data-pattern="dragon_pung"]')
            lit = page.locator("#hand-view svg.tile.hl")
            assert lit.count() == 3
            assert {lit.nth(k).get_attribute("data-n") for k in range(3)} == {"5z"}
    assert values["riichi-ema"] == 1500
    # the same hand under all five rulesets
    page.click("#compare")
    page.wait_for_selector(".compare .col")
    assert page.locator(".compare .col").count() == 5
    screenshot(page, "compare")
    page.close()


def test_invalid_input_is_shown_inline(base: str, browser: Any) -> None:
    page = browser.new_page(locale="it-IT")
    page.goto(f"{base}/?rules=mcr&hand=123m45")
    error = page.locator("#error").inner_text()
    assert "digits without a suit letter" in error
    assert "Errore" in error  # Italian interface from Accept-Language
    page.close()


def test_calculator_at_375_pixels(base: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 812}, locale="it-IT")
    page.goto(f"{base}/?rules=fimj&hand=234m567p11z[555z][789s%3C]1f%2B4m&win=tsumo")
    assert page.locator(".out [data-total=value]").inner_text() == "128"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways at 375 px ({width} px wide)"
    assert page.locator("img, svg.tile").first.get_attribute("aria-label")
    assert page.locator('svg.tile[aria-label="4 di caratteri"]').count() >= 1
    screenshot(page, "calculator-375")
    page.close()


def test_settle_page(base: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 900}, locale="en-GB")
    page.goto(f"{base}/settle?rules=fimj")
    page.fill('input[name="hand.E"]', "123m456p789s1122z")
    page.fill('input[name="hand.S"]', "234m567p11z [555z] [789s<] +4m")
    page.check('input[name="winner.S"]')
    page.fill('input[name="hand.W"]', "123m456p789s2233z")
    page.fill('input[name="hand.N"]', "1m2m3m4m5m6m7m8m9m1p2p3p4p")
    page.select_option("select[name=discarder]", "W")
    page.click("#settle")
    page.wait_for_selector("table.transfers")
    nets = [int(page.locator(f"[data-net={s}]").inner_text()) for s in "ESWN"]
    assert sum(nets) == 0
    assert nets[1] > 0
    screenshot(page, "settle")
    page.close()


def test_play_a_deal_against_bots_to_its_settlement(base: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page.goto(f"{base}/play")
    page.select_option("#rules", "riichi-ema")
    page.fill("input[name=deals]", "1")
    page.fill("input[name=seed]", "11")
    page.click("#start")
    page.wait_for_selector("section.own")
    shot = False
    for _ in range(300):
        if page.locator("#settlement").count():
            break
        if not shot and page.locator("button.own-tile").count():
            screenshot(page, "play")
            shot = True
            page.keyboard.press("1")  # the keyboard shortcut of the leftmost discard
        elif page.locator("button.act.pass").count():
            page.click("button.act.pass")
        elif page.locator("button.own-tile").count():
            page.locator("button.own-tile").last.click()  # tsumogiri: the drawn tile
        else:
            page.locator("#act button[type=submit]").first.click()
        page.wait_for_load_state()
    assert page.locator("#settlement").count() == 1
    assert page.locator("#settlement table.payments").count() == 1
    screenshot(page, "play-settlement")
    # the game survives a reload: the same settlement is on screen
    page.reload()
    assert page.locator("#settlement").count() == 1
    record = httpx.get(page.url + "/record", timeout=30).text
    assert record.startswith('{"type": "header"')
    page.close()


def test_two_people_join_one_table_and_play_a_deal(base: str, browser: Any) -> None:
    ana_ctx = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
    bea_ctx = browser.new_context(viewport={"width": 1200, "height": 900}, locale="it-IT")
    ana, bea = ana_ctx.new_page(), bea_ctx.new_page()
    ana.goto(f"{base}/tables")
    ana.fill("input[name=name]", "Ana")
    ana.select_option("#rules", "riichi-ema")
    ana.fill("input[name=deals]", "1")
    ana.fill("input[name=seed]", "4")
    ana.click("#create")
    ana.wait_for_selector("#lobby")
    link = ana.input_value("#share")
    bea.goto(link)
    bea.fill("input[name=name]", "Bea")
    bea.click("#join")
    bea.wait_for_selector("#lobby")
    ana.wait_for_selector("text=Bea")  # the host's lobby follows the join over its WebSocket
    ana.click("#start")
    for page in (ana, bea):
        page.wait_for_selector("#table section.own", timeout=30_000)
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    done = False
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if all(p.locator("#settlement").count() for p in (ana, bea)):
            done = True
            break
        acted = False
        for page in (ana, bea):
            for selector in ("#table button.act.pass", "#table button.own-tile",
                             "#table button[name=a]"):  # fmt: skip
                buttons = page.locator(selector)
                if buttons.count():
                    try:  # the table is redrawn when a state arrives: retry on the next round
                        buttons.last.click(timeout=2000)
                        acted = True
                    except PlaywrightTimeoutError:
                        pass
                    break
            if acted:
                break
        ana.wait_for_timeout(60 if acted else 150)
    assert done, "the deal did not reach its settlement on both screens"
    screenshot(ana, "table-host")
    screenshot(bea, "table-guest")
    ana_ctx.close()
    bea_ctx.close()


def test_open_a_tenhou_log_in_the_replay_viewer_and_step_to_the_final_scores(
    base: str, browser: Any
) -> None:
    from pathlib import Path

    from muraglia.io.tenhou import parse_mjlog

    log = Path(__file__).resolve().parents[1] / "data/tenhou/mjlog"
    log = log / "2020052700gm-00a9-0000-75a4695c.mjlog"
    recorded = parse_mjlog(log.read_text(encoding="utf-8"), log.name)
    final = recorded.rounds[-1].results[-1].final
    assert final is not None
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-GB")
    page.goto(f"{base}/replay?lang=en")
    page.set_input_files("#file", str(log))
    page.click("#open")
    page.wait_for_selector("#replay-table")
    assert page.inner_text("#step-no") == "1"
    # step with the buttons, the arrow keys and the mouse wheel
    page.click("#next")
    page.wait_for_function("document.getElementById('step-no').textContent === '2'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.getElementById('step-no').textContent === '3'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.getElementById('step-no').textContent === '2'")
    page.hover("#replay-table")
    page.mouse.wheel(0, 120)
    page.wait_for_function("document.getElementById('step-no').textContent === '3'")
    assert page.locator(".seat-box .own-tiles").count() == 4  # all hands visible
    # deal by deal (Page Down) to the last deal, each deal's end settled by the engine
    deals = len(recorded.rounds)
    for k in range(1, deals):
        page.keyboard.press("PageDown")
        page.wait_for_function(f"document.getElementById('deal-select').selectedIndex === {k}")
    # then step forward to the end of the game
    for _ in range(400):
        if page.locator("#final-scores").count():
            break
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(20)
    page.wait_for_selector("#final-scores")
    shown = [int(x) for x in page.locator(".last-deal-score").all_inner_texts()]
    assert shown == [round(100 * x) for x in final[0::2]]
    assert page.locator("#settlement").count() == 1
    # the last deal's end: its moves told in the page's language and the ruleset's terms;
    # a winner's hand shown complete, with no "best discards" to make
    moves = page.locator(".log.moves li").all_inner_texts()
    assert moves[-1].startswith("Match over: "), moves
    assert any(m.startswith("Deal over: ") for m in moves), moves
    assert not any("deal ended" in m for m in moves), moves
    winners = page.locator("[data-won]").all_inner_texts()
    assert all(w.startswith("Complete hand · ") for w in winners), winners
    assert page.locator(".best-discards").count() == 0
    assert "/replay/" in page.url  # the address follows the steps
    assert "step=" in page.url
    screenshot(page, "replay")
    page.close()


PHONE_PAGES = (
    "/",
    "/?rules=riichi-ema&hand=234m567m345p67s22p%2B8s&win=ron",  # 13 concealed tiles wrap
    "/settle",
    "/play",
    "/tables",
    "/replay",
    "/tournaments",
    "/tournaments/1",
    "/tournaments/login",
    "/tournaments/1/screen",
)


def test_every_page_at_375_pixels_has_a_one_row_header_and_no_sideways_scroll(
    browser: Any, tmp_path: Any
) -> None:
    """The phone layout: the navigation is one row (a menu), the tournament pages included."""
    from sqlalchemy.orm import Session

    from muraglia.db import make_engine, migrate
    from muraglia.tournament import service

    url = f"sqlite:///{tmp_path / 'phone.db'}"
    engine = make_engine(url)
    migrate(engine)
    with Session(engine) as db, db.begin():
        event = service.create_event(db, "Torneo di Primavera a Ravenna", rules="mcr", sessions=3)
        names = "".join(f"Giocatrice con un nome lungo {i},Club {i % 3}\n" for i in range(1, 13))
        service.import_players(db, event, "name,club\n" + names)
        service.seat_event(db, event, seed=1, iterations=500)
    engine.dispose()
    with running_server("--db", url) as base:
        page = browser.new_page(viewport={"width": 375, "height": 812}, locale="it-IT")
        for path in PHONE_PAGES:
            page.goto(base + path)
            header = page.locator("header.top").bounding_box()
            assert header is not None
            assert header["height"] < 60, f"{path}: the header is {header['height']} px tall"
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 375, f"{path} scrolls sideways at 375 px ({width} px wide)"
            assert not page.is_visible("#main-nav a[href='/settle']")  # folded in the menu
            if path == "/tournaments/1":
                assert page.locator("text=Giocatrice con un nome lungo 12").count() >= 1
                screenshot(page, "tournament-375")
        # our own riichi record: its long ruleset spec wraps in the header
        from muraglia.engine.game import Game
        from muraglia.io.record import dumps
        from muraglia.rulesets import load_ruleset

        match = Game(load_ruleset("riichi-ema"), seed=5, max_deals=1).new_match()
        while not match.over:
            match.apply(match.legal_actions(match.to_act[0])[0])
        r = httpx.post(f"{base}/replay", files={"file": ("ema.jsonl", dumps(match).encode())})
        assert r.status_code == 303, r.text[-500:]
        page.goto(base + r.headers["location"])
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"the riichi replay scrolls sideways at 375 px ({width} px wide)"
        # the big screen on a projector: every standings column in view, nothing to scroll
        for size in ({"width": 1366, "height": 900}, {"width": 1920, "height": 1080}):
            screen = browser.new_page(viewport=size, locale="it-IT")
            screen.goto(base + "/tournaments/1/screen")
            frame = screen.locator(".board .t-scroll")
            inside = frame.evaluate("e => e.scrollWidth - e.clientWidth")
            assert inside <= 0, f"the standings scroll inside their frame at {size} ({inside} px)"
            last = screen.locator(".board th").last.bounding_box()
            assert last is not None
            assert last["x"] + last["width"] <= size["width"]
            if size["width"] == 1366:
                screenshot(screen, "tournament-screen-1366")
            screen.close()
        page.click("#menu-button")
        assert page.get_attribute("#menu-button", "aria-expanded") == "true"
        page.click("#main-nav a[href='/replay']")
        page.wait_for_url(f"{base}/replay")
        assert page.locator("#menu-button .current").inner_text() == "Rivedi una partita"
        page.click("#menu-button")
        screenshot(page, "menu-375")
        page.keyboard.press("Escape")
        assert not page.is_visible("#main-nav")
        page.close()
