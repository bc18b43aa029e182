"""The staff page's address as a QR code on the table's screen: reached with the rail
buttons without disturbing the game, shown on the first start until the admin
password is set, and drawn so that a phone decodes it to the address."""
import os
import random
import re
import sqlite3
import time

import pytest

from tablegame.core.events import ButtonPress
from tablegame.families.shove.rules import CoinToss
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.session import Act, Session, ShowAddress
from tablegame.core.store import EventLog
from tablegame.views.address import QUIET_ZONE, AddressView, address_view, qr_modules

HAPENNY = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))
PIECEPACK = GameSetup("shove-piecepack", (("Anna",), ("Ben",)))
ADDRESS = "http://192.168.17.42:8080/"


def session(db, menu=lambda current: [HAPENNY, PIECEPACK]):
    return Session(EventLog(db), make_play, HAPENNY, menu=menu, rng=random.Random(1))


def logged(db):
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT seq, kind, data, by FROM events ORDER BY seq").fetchall()


def press(s, *buttons):
    for button in buttons:
        s.handle(ButtonPress(button.rstrip("+"), long=button.endswith("+")), by="button")


# -- the rail buttons reach it; the game is untouched --------------------------------------

@pytest.mark.parametrize("closing", ["ok", "back", "menu", "ok+", "back+", "menu+"])
def test_menu_during_a_game_shows_the_address_and_any_button_only_takes_it_away(tmp_path,
                                                                                 closing):
    db = tmp_path / "table.sqlite"
    s = session(db)
    s.handle(Act(CoinToss(1)), by="script")
    game, log = s.status.state, logged(db)
    press(s, "menu")
    assert s.status.showing_address == "asked"
    assert s.status.state is game and s.status.actions == 1 and logged(db) == log
    press(s, closing)              # even "hold BACK" (undo) or "hold MENU" (abandon)
    assert s.status.showing_address is None
    assert s.status.state is game and s.status.actions == 1 and logged(db) == log
    press(s, "back+")              # and then the buttons work as before
    assert s.status.actions == 0


def test_before_the_first_move_menu_goes_through_the_games_then_the_address(tmp_path):
    s = session(tmp_path / "table.sqlite")
    press(s, "menu")
    assert s.status.setup.game == "shove-piecepack" and not s.status.showing_address
    press(s, "menu")               # after the menu's last game: the address
    assert s.status.setup == PIECEPACK and s.status.showing_address == "asked"
    press(s, "menu")               # and round again
    assert s.status.setup == HAPENNY and not s.status.showing_address


def test_menu_goes_round_again_when_the_board_has_reported_the_empty_board(tmp_path):
    """On the table the board reports its empty surface after each new game (Shove's
    ``Cleared``: an action, not a move); MENU after the address still went back to the
    address instead of the first game, for ever."""
    from tablegame.core.sensors import BoardSnapshot
    s = session(tmp_path / "table.sqlite")
    for _ in range(2):
        s.handle(BoardSnapshot((), settled=True), by="board")
        assert s.status.actions == 1 and s.status.moves == 0
        press(s, "menu")
    assert s.status.setup == PIECEPACK and s.status.showing_address == "asked"
    press(s, "menu")               # round again: the first game
    assert s.status.setup == HAPENNY and not s.status.showing_address


def test_the_address_survives_no_restart_and_the_log_never_hears_of_it(tmp_path):
    db = tmp_path / "table.sqlite"
    s = session(db)
    before = logged(db)
    s.handle(ShowAddress("setup"), by="table")
    assert s.status.showing_address == "setup" and logged(db) == before
    s.close()
    assert session(db).status.showing_address is None


# -- what the screen shows -----------------------------------------------------------------

def test_the_view_says_what_to_do_in_both_languages():
    first = address_view("game", ADDRESS, "de", "setup")
    assert first.under == "game" and first.address == ADDRESS
    assert first.lines == ("Erster Start: dort das Admin-Passwort festlegen",
                           "Eine Taste: zurück zum Spiel")
    asked = address_view("game", ADDRESS, "en", "asked")
    assert asked.title == "Staff page" and asked.lines[0] == "Scan with a phone and log in"
    assert address_view("game", "", "en", "asked").lines[0] == \
        "The staff page is not running (see the log)"


def drawn_modules(surface, view: AddressView):
    """The code as drawn, read back from the screen's pixels: the centre of each module."""
    from tablegame.display.address import AddressLayout
    lay = AddressLayout(surface.get_size(), len(view.modules))
    size, rows = lay.module, []
    for row in range(len(view.modules)):
        rows.append("".join(
            "1" if surface.get_at((lay.code.left + col * size + size // 2,
                                   lay.code.top + row * size + size // 2))[:3] == (0, 0, 0)
            else "0" for col in range(len(view.modules))))
    return tuple(rows), size


def test_the_screen_draws_the_code_module_for_module_big_enough_to_scan(display):
    view = address_view(None, ADDRESS, "de", "asked")
    display.show(view)
    modules, size = drawn_modules(display.surface, view)
    assert modules == qr_modules(ADDRESS)
    assert size >= 8                                     # pixels per module, at 800x480 too
    quiet = "0" * len(modules)
    assert modules[:QUIET_ZONE] == (quiet,) * QUIET_ZONE   # light all round, as scanners want


def decode(surface) -> list[str]:
    """What a QR decoder (zxing-cpp) reads on the screen."""
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (the test extra) decodes")
    import pygame
    width, height = surface.get_size()
    grey = pygame.image.tobytes(surface, "RGB")[::3]     # black and white: one channel will do
    return [found.text for found in zxingcpp.read_barcodes(
        memoryview(grey).cast("B", (height, width)))]


def test_a_decoder_reads_the_address_off_the_screen(display):
    display.show(address_view(None, ADDRESS, "de", "setup"))
    assert decode(display.surface) == [ADDRESS]
    if os.environ.get("SCREENSHOTS"):   # the docs' picture: SCREENSHOTS=docs/screenshots
        import pygame
        width, height = display.size
        pygame.image.save(display.surface, os.path.join(os.environ["SCREENSHOTS"],
                                                        f"table-address-{width}x{height}.png"))


def test_the_table_loop_shows_the_address_over_the_game_and_a_button_takes_it_away(tmp_path):
    """The service's own loop on the dummy display: MENU in a game, the screen is the
    code, any button, the screen is the game again, which went on untouched."""
    from tablegame.display import Display
    from tablegame.families.shove.screen import ShoveScreen
    from table_app.service import main_loop

    db = tmp_path / "table.sqlite"
    s = session(db)
    s.handle(Act(CoinToss(0)), by="script")
    game = s.status.state
    steps = iter([ButtonPress("menu"), "look", ButtonPress("ok"), "look"])
    seen = []

    with Display((800, 480), caption="test") as display:
        def next_step() -> bool:
            """Each frame: remember what the screen shows, then the next press."""
            seen.append((type(display.screen).__name__, decode(display.surface)))
            step = next(steps, None)
            if isinstance(step, ButtonPress):
                s.post(step, by="button")
            return step is None
        main_loop(s, display, "de", should_stop=next_step, address=ADDRESS)
    assert seen[0] == (ShoveScreen.__name__, [])
    assert ("AddressScreen", [ADDRESS]) in seen
    assert seen[-1] == (ShoveScreen.__name__, [])
    assert s.status.state is game and [k for _, k, _, _ in logged(db)] == ["new_game", "action"]


# -- the first start -----------------------------------------------------------------------

def test_the_first_start_shows_the_address_until_the_admin_password_is_set(tmp_path):
    from tablegame.config import parse
    from table_app.service import staff_page
    from web_table import Table

    table = Table(tmp_path)
    try:
        config = parse({"web": {"port": 0}})
        with staff_page(table.face, config, host="127.0.0.1") as page:
            assert page.address.startswith("http://127.0.0.1:")
            wait_for(lambda: table.session.snapshot().status.showing_address == "setup")
            client = page.app.test_client()
            form = client.get("/setup").get_data(as_text=True)
            csrf = re.search(r'name="csrf-token" content="([^"]+)"', form).group(1)
            assert client.post("/setup", data={"name": "admin", "password": "admin-secret-1",
                                               "again": "admin-secret-1", "csrf_token": csrf}).status_code == 303
            wait_for(lambda: table.session.snapshot().status.showing_address is None)
        with staff_page(table.face, config, host="127.0.0.1") as later:   # a later start: the game
            assert not later.needs_setup()
            assert table.session.snapshot().status.showing_address is None
    finally:
        table.close()


def wait_for(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)
