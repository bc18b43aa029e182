"""The staff page in real Chromium (Debian's package, driven by Playwright), served
by waitress beside a table whose virtual board plays real shots: log in, start a
Shove game, watch the score change live, correct a mark, undo, switch the table's
language, export the history. Screenshots at phone and laptop sizes (docs/screenshots/)."""
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tablegame.core.events import ButtonPress
from tablegame.families.schocken.rules import HalfLost
from tablegame.core.play import GameSetup
from tablegame.core.session import Act, NewGame
from web_admin.serve import PageServer
from web_table import BoardTable, wait_in_page

# The committed screenshots are refreshed with SCREENSHOTS=docs/screenshots ./dev test ...;
# otherwise they go to the test's own folder, so a test run leaves the checkout clean.
SHOTS_TO = os.environ.get("SCREENSHOTS")
PASSWORD = "admin-secret-1"
PHONE, LAPTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}


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


def wait_for(condition, what, timeout=20.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


@dataclass
class Staff:
    """A member of staff on the page in one browser context, with the table behind it."""
    table: BoardTable
    context: object
    page: object
    base: str
    shots: Path
    tmp_path: Path
    live: object = None     # a second tab on the live view, once opened


def test_the_staff_scenario_in_chromium(table, page_server, chromium, tmp_path):
    """The steps a member of staff takes on a first evening, in order."""
    shots = Path(SHOTS_TO) if SHOTS_TO else tmp_path / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    context = chromium.new_context(viewport=PHONE, locale="en-GB", accept_downloads=True)
    staff = Staff(table, context, context.new_page(), f"http://127.0.0.1:{page_server.port}", shots,
                  tmp_path)
    first_start_sets_the_admin_password(staff)
    start_a_shove_game(staff)
    watch_the_score_live(staff)
    correct_a_mark(staff)
    undo_from_the_control_page(staff)
    switch_the_tables_language(staff)
    export_the_history(staff)
    read_what_each_setting_means(staff)
    schocken_deckel_and_standings(staff)
    restart_the_table(staff)
    context.close()


def first_start_sets_the_admin_password(staff: Staff) -> None:
    """First start: the admin password is set, which logs in."""
    staff.page.goto(staff.base + "/")
    assert staff.page.url.endswith("/setup")
    staff.page.screenshot(path=str(staff.shots / "setup-phone.png"))
    staff.page.fill("input[name=password]", PASSWORD)
    staff.page.fill("input[name=again]", PASSWORD)
    staff.page.click("button:has-text('Set password')")
    staff.page.wait_for_url(staff.base + "/")


def start_a_shove_game(staff: Staff) -> None:
    """Start a Shove game for Anna and Ben."""
    staff.page.goto(staff.base + "/control")
    staff.page.select_option("select[name=game]", "shove-hapenny")
    staff.page.fill("textarea[name=parties]", "Anna\nBen")
    staff.page.click("#start")
    staff.page.wait_for_selector(".flash.ok")
    assert staff.table.session.snapshot().status.setup.parties == (("Anna",), ("Ben",))


def watch_the_score_live(staff: Staff) -> None:
    """The live view follows the virtual board's shots without a reload."""
    staff.page.goto(staff.base + "/")
    wait_for(lambda: staff.table.session.snapshot().status.link is not None, "the board link")
    staff.table.session.submit(ButtonPress("ok"), by="button", wait=5)   # the coin toss
    staff.table.shoot_into(3, 125.0)
    wait_in_page(staff.page, "document.querySelectorAll('#board .coin').length === 1", timeout=20000)
    for bed, x in zip((5, 7, 9, 1), (180.0, 235.0, 290.0, 70.0)):   # the turn's other coins
        wait_for(lambda: staff.table.board.wait_idle(0), "the board to settle")
        staff.table.shoot_into(bed, x)
    wait_in_page(staff.page, "document.getElementById('parties').textContent.includes('in bed')",
                           timeout=20000)
    marked = staff.table.session.snapshot().status.state.marks
    assert sum(sum(m) for m in marked) == 5
    staff.page.screenshot(path=str(staff.shots / "live-phone.png"), full_page=True)
    staff.page.set_viewport_size(LAPTOP)
    staff.page.screenshot(path=str(staff.shots / "live-laptop.png"), full_page=True)


def correct_a_mark(staff: Staff) -> None:
    """Correct a mark the sensors missed: Ben has one in bed 2."""
    staff.page.goto(staff.base + "/control")
    correction = staff.page.locator("form.correction")
    correction.locator("input[name=party]").fill("2")
    correction.locator("input[name=bed]").fill("2")
    correction.locator("input[name=marks]").fill("1")
    correction.locator("button").click()
    staff.page.wait_for_selector(".flash.ok")
    assert staff.table.session.snapshot().status.state.marks[1][1] == 1
    staff.page.screenshot(path=str(staff.shots / "control-phone.png"), full_page=True)


def undo_from_the_control_page(staff: Staff) -> None:
    """Undo the correction and the turn's marks from the control page; the live view follows."""
    actions = staff.table.session.snapshot().status.actions
    staff.live = staff.context.new_page()
    staff.live.goto(staff.base + "/")
    wait_in_page(staff.live, "document.getElementById('parties').textContent.includes('in bed')")
    for _ in range(2):
        staff.page.goto(staff.base + "/control")
        staff.page.click("#undo")
        staff.page.wait_for_selector(".flash.ok")
    wait_in_page(staff.live, "!document.getElementById('parties').textContent.includes('in bed')",
                           timeout=10000)
    assert sum(sum(m) for m in staff.table.session.snapshot().status.state.marks) == 0
    assert staff.table.session.snapshot().status.actions == actions - 2


def switch_the_tables_language(staff: Staff) -> None:
    """The table's screen speaks German, then English once the setting is saved; the page
    speaks the page's language all along (its visitor's), and its switch changes it."""
    snapshot = staff.table.session.snapshot
    assert staff.live.text_content("#status") == snapshot().view("en").status   # en-GB browser
    staff.page.goto(staff.base + "/settings")
    form = staff.page.locator("form.setting", has=staff.page.locator("input[value='table.language']"))
    form.locator("input[name=value]").fill("en")
    form.locator("button").click()
    staff.page.wait_for_selector(".flash.ok")
    assert staff.table.settings.current()["table.language"] == "en"
    staff.page.screenshot(path=str(staff.shots / "settings-laptop.png"))
    staff.live.click("button:has-text('Deutsch')")                # the page's own switch
    staff.live.wait_for_url(staff.base + "/")
    assert staff.live.text_content("#status") == snapshot().view("de").status
    assert staff.live.get_attribute("html", "lang") == "de"
    staff.table.session.submit(ButtonPress("menu", long=True), by="button", wait=5)  # any change
    german = snapshot().view("de").status
    wait_in_page(staff.live, f"document.getElementById('status').textContent === {german!r}", 10000)
    assert "Anna" in staff.live.text_content("#parties")
    staff.live.click("button:has-text('English')")
    staff.live.wait_for_url(staff.base + "/")


def export_the_history(staff: Staff) -> None:
    """The history on the phone: every column in view, no page wider than the screen
    (issue 30, item 10: Events and Result were off the right edge); then exported as CSV."""
    staff.page.set_viewport_size(PHONE)
    staff.page.goto(staff.base + "/history")
    assert staff.page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    result = staff.page.locator("#games-table td[data-label='Result']").first
    assert result.bounding_box()["x"] + result.bounding_box()["width"] <= PHONE["width"]
    staff.page.screenshot(path=str(staff.shots / "history-phone.png"), full_page=True)
    staff.page.set_viewport_size(LAPTOP)
    with staff.page.expect_download() as download:
        staff.page.click("#export-csv")
    saved = staff.tmp_path / "games.csv"
    download.value.save_as(saved)
    assert "Anna" in saved.read_text() and "shove-hapenny" in saved.read_text()


def read_what_each_setting_means(staff: Staff) -> None:
    """Every setting's meaning in the page's language, and which take effect at once."""
    staff.page.goto(staff.base + "/settings")
    language = staff.page.locator("form.setting", has=staff.page.locator("input[value='table.language']"))
    assert "language of the screen texts" in language.text_content()
    assert "takes effect at once" in language.text_content()


def schocken_deckel_and_standings(staff: Staff) -> None:
    """Schocken: a player's Deckel corrected on the page, then a game lost by Ben counts in the evening's standings, exported as JSON."""
    staff.table.session.submit(NewGame(GameSetup("schocken", (("Anna",), ("Ben",)))), wait=5)
    staff.page.goto(staff.base + "/control")
    deckel = staff.page.locator("form.correction", has=staff.page.locator("input[name=deckel]"))
    deckel.locator("input[name=player]").fill("2")
    deckel.locator("input[name=deckel]").fill("4")
    deckel.locator("button").click()
    staff.page.wait_for_selector(".flash.ok")
    assert staff.table.session.snapshot().status.state.game.deckel == (0, 4)
    for _ in range(2):
        staff.table.session.submit(Act(HalfLost(1)), by="staff:admin", wait=5)   # a Blattschuss
    staff.page.goto(staff.base + "/history")
    assert "Ben" in staff.page.text_content("#standings-table")
    with staff.page.expect_download() as download:
        staff.page.click("#standings-json")
    standings = json.loads(download.value.path().read_text())
    assert [(s["player"], s["lost"]) for s in standings if s["game"] == "schocken"] == \
        [("Anna", 0), ("Ben", 1)]
    staff.page.screenshot(path=str(staff.shots / "history-laptop.png"), full_page=True)


def restart_the_table(staff: Staff) -> None:
    """The restart button: the answer first, then the table stops (and is started again)."""
    staff.page.goto(staff.base + "/settings")
    staff.page.click("#restart")
    staff.page.wait_for_selector("#restarting")
    wait_for(staff.table.restarts.is_set, "the staff.table to be told to restart")
