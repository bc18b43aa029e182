"""Teaching the camera the board in real Chromium on a phone (docs/camera.md, "Calibration"),
with a live rendered camera whose board the test lays as the page asks: the empty board, the
coins where the page draws them, what it learned shown back; a refusal in words; the board's
corners dragged with a finger; each state axe-core clean, in German and English."""
import dataclasses
import os
from pathlib import Path

import pytest

from camera_board.board import CameraBoard
from camera_sim.laid import Staged
from camera_sim.render import Light, Shot, render
from web_admin.serve import PageServer
from web_table import Table, wait_in_page
from test_camera_teach_web import COINS, EMPTY, LENS, POSE

AXE = Path(__file__).parent.parent / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.exists():
    pytest.skip(f"no {AXE}: ./dev test installs npm's axe-core there", allow_module_level=True)
from test_web_accessibility import (PASSWORD, SAME_NAMES, SMALL_TARGETS, SMALL_TEXT, audit,  # noqa: E402
                                    chromium, page_in)  # noqa: F401  (skips without chromium)

SHOTS_TO = os.environ.get("SCREENSHOTS")


@pytest.fixture
def site(tmp_path):
    table = Table(tmp_path)
    camera = CameraBoard.for_game("shove", table.session.play.board, LENS, link_path=str(tmp_path / "board"))
    source = Staged(Shot(EMPTY, LENS, POSE, Light()), render, rate=6.0)
    camera.start(source.frames())
    server = PageServer(dataclasses.replace(table.face, camera=camera), "127.0.0.1", 0, threads=8).start()
    from test_web_admin import post
    post(server.app.test_client(), "/setup", {"name": "admin", "password": PASSWORD, "again": PASSWORD})
    yield f"http://127.0.0.1:{server.port}", source, tmp_path
    server.close()
    source.close()
    camera.close()
    table.close()


def clean(page) -> list[str]:
    return audit(page) + page.evaluate(SMALL_TARGETS) + page.evaluate(SMALL_TEXT) + page.evaluate(SAME_NAMES)


def shot(page, folder: Path, name: str) -> None:
    folder = Path(SHOTS_TO) if SHOTS_TO else folder
    page.screenshot(path=str(folder / f"camera-{name}.png"), full_page=True)


def take(page, base: str) -> None:
    """Take (the camera's pictures, and after the last step the learning: a few seconds)."""
    with page.expect_navigation(url=base + "/calibrate/camera#teach", timeout=60000):
        page.click("#teach-take")
    assert page.is_visible("p.flash.ok")


def test_an_installer_teaches_the_camera_the_board_on_a_phone(site, chromium):
    base, source, folder = site
    page = page_in(chromium, base, "en")
    page.goto(base + "/calibrate/camera")
    wait_in_page(page, "document.getElementById('camera-picture').naturalWidth > 0")
    assert clean(page) == []
    assert "Step 1 of 2: The board empty" in page.inner_text("#teach-steps [aria-current=step]")
    take(page, base)
    assert "Step 2 of 2: Five coins on the spots drawn" in page.inner_text("#teach-steps [aria-current=step]")
    assert page.locator("#teach-plan circle[stroke='#f5c542']").count() == 5
    assert clean(page) == []
    shot(page, folder, "teach-step-2")
    source.show(COINS)
    take(page, base)
    outcome = page.inner_text("#teach-outcome")
    assert "Learned and saved (camera-learned.npz)" in outcome and "coin: 5 learned, 0." in outcome
    assert (folder / "camera-learned.npz").exists()
    assert clean(page) == []
    shot(page, folder, "teach-learned")
    # the board's corners, dragged with a finger (a mouse here) or moved by the arrow keys
    page.click("#corners summary")
    handle = page.locator("button.corner[data-corner='0']")
    handle.scroll_into_view_if_needed()
    box = handle.bounding_box()
    before = float(page.input_value("input[name=corner0_x]"))
    page.mouse.move(box["x"] + 22, box["y"] + 22)
    page.mouse.down()
    page.mouse.move(box["x"] + 42, box["y"] + 22, steps=4)
    page.mouse.up()
    dragged = float(page.input_value("input[name=corner0_x]"))
    assert dragged > before + 10                  # 20 CSS px on a 640 px picture shown ~360 px wide
    handle.focus()
    page.keyboard.press("ArrowLeft")
    assert float(page.input_value("input[name=corner0_x]")) == dragged - 2
    assert clean(page) == []
    page.context.close()


def test_a_refusal_is_shown_in_words_in_german(site, chromium):
    base, source, folder = site
    page = page_in(chromium, base, "de")
    page.goto(base + "/calibrate/camera")
    assert "Schritt 1 von 2: Das Brett leer" in page.inner_text("#teach-steps [aria-current=step]")
    take(page, base)
    take(page, base)                              # the coins were never laid
    outcome = page.inner_text("#teach-outcome")
    assert "Nicht gelernt, nichts gespeichert" in outcome and "nicht gefunden" in outcome
    assert not (folder / "camera-learned.npz").exists()
    assert clean(page) == []
    shot(page, folder, "teach-refused")
    with page.expect_navigation(timeout=30000):
        page.click("#teach-again")
    assert "Schritt 1 von 2" in page.inner_text("#teach-steps [aria-current=step]")
    page.context.close()
