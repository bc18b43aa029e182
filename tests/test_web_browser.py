"""The staff page in real Chromium (Debian's package, driven by Playwright), served
by waitress beside a table whose virtual board plays real shots: log in, start a
Shove game, watch the score change live, correct a mark, undo, switch the table's
language, export the history. Screenshots at phone and laptop sizes (docs/screenshots/)."""
import json
import os
import time
from pathlib import Path

import pytest

from tablegame.events import ButtonPress
from tablegame.games.schocken import HalfLost
from tablegame.play.base import GameSetup
from tablegame.session import Act, NewGame
from web_admin.serve import PageServer
from web_table import BoardTable

CHROMIUM = "/usr/bin/chromium"
# The committed screenshots are refreshed with SCREENSHOTS=docs/screenshots ./dev test ...;
# otherwise they go to the test's own folder, so a test run leaves the checkout clean.
SHOTS_TO = os.environ.get("SCREENSHOTS")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
PASSWORD = "admin-secret-1"
PHONE, LAPTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}

if not os.path.exists(CHROMIUM):
    pytest.skip(f"no {CHROMIUM}: install Debian's chromium package (./dev test does so as root)",
                allow_module_level=True)
playwright = pytest.importorskip("playwright.sync_api")


@pytest.fixture
def table(tmp_path):
    t = BoardTable(tmp_path)
    yield t
    t.close()


@pytest.fixture
def page_server(table):
    server = PageServer(table.face, "127.0.0.1", 0, threads=8).start()
    yield server
    server.close()


@pytest.fixture
def browser():
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def wait_for(condition, what, timeout=20.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_the_staff_scenario_in_chromium(table, page_server, browser, tmp_path):
    SHOTS = Path(SHOTS_TO) if SHOTS_TO else tmp_path / "screenshots"
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="en-GB", accept_downloads=True)
    page = context.new_page()
    base = f"http://127.0.0.1:{page_server.port}"

    # first start: the admin password is set, which logs in
    page.goto(base + "/")
    assert page.url.endswith("/setup")
    page.screenshot(path=str(SHOTS / "setup-phone.png"))
    page.fill("input[name=password]", PASSWORD)
    page.click("button:has-text('Set password')")
    page.wait_for_url(base + "/")

    # start a Shove game for Anna and Ben
    page.goto(base + "/control")
    page.select_option("select[name=game]", "shove-hapenny")
    page.fill("textarea[name=parties]", "Anna\nBen")
    page.click("#start")
    page.wait_for_selector(".flash.ok")
    assert table.session.snapshot().status.setup.parties == (("Anna",), ("Ben",))

    # the live view follows the virtual board's shots without a reload
    page.goto(base + "/")
    wait_for(lambda: table.session.snapshot().status.link is not None, "the board link")
    table.session.submit(ButtonPress("ok"), by="button", wait=5)   # the coin toss
    table.shoot_into(3, 125.0)
    page.wait_for_function("document.querySelectorAll('#board .coin').length === 1", timeout=20000)
    for bed, x in zip((5, 7, 9, 1), (180.0, 235.0, 290.0, 70.0)):   # the turn's other coins
        wait_for(lambda: table.board.wait_idle(0), "the board to settle")
        table.shoot_into(bed, x)
    page.wait_for_function("document.getElementById('parties').textContent.includes('|')",
                           timeout=20000)
    marked = table.session.snapshot().status.state.marks
    assert sum(sum(m) for m in marked) == 5
    page.screenshot(path=str(SHOTS / "live-phone.png"), full_page=True)
    page.set_viewport_size(LAPTOP)
    page.screenshot(path=str(SHOTS / "live-laptop.png"), full_page=True)

    # correct a mark the sensors missed: Ben has one in bed 2
    page.goto(base + "/control")
    correction = page.locator("form.correction")
    correction.locator("input[name=party]").fill("2")
    correction.locator("input[name=bed]").fill("2")
    correction.locator("input[name=marks]").fill("1")
    correction.locator("button").click()
    page.wait_for_selector(".flash.ok")
    assert table.session.snapshot().status.state.marks[1][1] == 1
    page.screenshot(path=str(SHOTS / "control-phone.png"), full_page=True)

    # undo the correction and the turn's marks from the control page; the live view follows
    actions = table.session.snapshot().status.actions
    live = context.new_page()
    live.goto(base + "/")
    live.wait_for_function("document.getElementById('parties').textContent.includes('|')")
    for _ in range(2):
        page.goto(base + "/control")
        page.click("#undo")
        page.wait_for_selector(".flash.ok")
    live.wait_for_function("!document.getElementById('parties').textContent.includes('|')",
                           timeout=10000)
    assert sum(sum(m) for m in table.session.snapshot().status.state.marks) == 0
    assert table.session.snapshot().status.actions == actions - 2

    # the table's language: German screen texts, then English after the setting is saved
    german = table.session.snapshot().view("de").status
    english = table.session.snapshot().view("en").status
    assert german != english
    assert live.text_content("#status") == german
    page.goto(base + "/settings")
    form = page.locator("form.setting", has=page.locator("input[value='table.language']"))
    form.locator("input[name=value]").fill("en")
    form.locator("button").click()
    page.wait_for_selector(".flash.ok")
    assert table.settings.current()["table.language"] == "en"
    page.screenshot(path=str(SHOTS / "settings-laptop.png"))
    table.session.submit(ButtonPress("menu", long=True), by="button", wait=5)  # any change
    live.wait_for_function(f"document.getElementById('status').textContent !== {german!r}",
                           timeout=10000)
    assert "Anna" in live.text_content("#parties")

    # the history, exported as CSV
    page.goto(base + "/history")
    with page.expect_download() as download:
        page.click("#export-csv")
    saved = tmp_path / "games.csv"
    download.value.save_as(saved)
    assert "Anna" in saved.read_text() and "shove-hapenny" in saved.read_text()

    # every setting's meaning in the page's language, and which take effect at once
    page.goto(base + "/settings")
    language = page.locator("form.setting", has=page.locator("input[value='table.language']"))
    assert "language of the screen texts" in language.text_content()
    assert "takes effect at once" in language.text_content()

    # Schocken: a player's Deckel corrected on the page, then a game lost by Ben counts in
    # the evening's standings, exported as JSON
    table.session.submit(NewGame(GameSetup("schocken", (("Anna",), ("Ben",)))), wait=5)
    page.goto(base + "/control")
    deckel = page.locator("form.correction", has=page.locator("input[name=deckel]"))
    deckel.locator("input[name=player]").fill("2")
    deckel.locator("input[name=deckel]").fill("4")
    deckel.locator("button").click()
    page.wait_for_selector(".flash.ok")
    assert table.session.snapshot().status.state.game.deckel == (0, 4)
    for _ in range(2):
        table.session.submit(Act(HalfLost(1)), by="staff:admin", wait=5)   # a Blattschuss
    page.goto(base + "/history")
    assert "Ben" in page.text_content("#standings-table")
    with page.expect_download() as download:
        page.click("#standings-json")
    standings = json.loads(download.value.path().read_text())
    assert [(s["player"], s["lost"]) for s in standings if s["game"] == "schocken"] == \
        [("Anna", 0), ("Ben", 1)]
    page.screenshot(path=str(SHOTS / "history-laptop.png"), full_page=True)

    # the restart button: the answer first, then the table stops (and is started again)
    page.goto(base + "/settings")
    page.click("#restart")
    page.wait_for_selector("#restarting")
    wait_for(table.restarts.is_set, "the table to be told to restart")
    context.close()
