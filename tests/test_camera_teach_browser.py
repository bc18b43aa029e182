"""Teaching the camera the board in real Chromium on a phone (docs/camera.md, "Calibration"),
with a live rendered camera whose board the test lays as the page asks: the whole walk in
German and English (the empty board, the coins where the page draws them, what it learned
shown back, the board's corners dragged with a finger on a touch screen or with a mouse and
saved); a refusal in words; each state axe-core clean."""
import dataclasses
import os
import tomllib
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
                                    page_in)

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
    """Take (the camera's pictures, and after the last step the learning: a few seconds,
    40 s and more on two cores under a load of 25). The navigation's wait is the one that
    counts: the click itself would give up on the page after Playwright's 30 s."""
    with page.expect_navigation(url=base + "/calibrate/camera#teach", timeout=150000):
        page.click("#teach-take", no_wait_after=True)
    assert page.is_visible("p.flash.ok")


def touch_drag(page, start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    """A finger on the screen at ``start`` moved to ``end`` (CSS px), as a phone's touch screen sends it."""
    cdp = page.context.new_cdp_session(page)
    for n in range(steps + 1):
        x = start[0] + (end[0] - start[0]) * n / steps
        y = start[1] + (end[1] - start[1]) * n / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart" if n == 0 else "touchMove",
                                              "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def mouse_drag(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=6)
    page.mouse.up()


WALK = {"en": ("Step 1 of 2: The board empty", "Step 2 of 2: Five coins on the spots drawn",
               "Learned and saved (camera-learned.npz)", "coin: 5 learned, 0.", "Corners saved", touch_drag),
        "de": ("Schritt 1 von 2: Das Brett leer", "Schritt 2 von 2: Fünf Münzen auf die gezeichneten Stellen",
               "Gelernt und gespeichert (camera-learned.npz)", "Münze: 5 gelernt, 0,", "Ecken gespeichert",
               mouse_drag)}


@pytest.mark.parametrize("lang", WALK)
def test_an_installer_teaches_the_camera_the_board_on_a_phone_and_drags_its_corners(site, chromium, lang):
    first, second, learned, coin, corners_saved, drag = WALK[lang]
    base, source, folder = site
    page = page_in(chromium, base, lang, has_touch=True, is_mobile=True)
    page.goto(base + "/calibrate/camera")
    wait_in_page(page, "document.getElementById('camera-picture').naturalWidth > 0")
    assert clean(page) == []
    assert first in page.inner_text("#teach-steps [aria-current=step]")
    take(page, base)
    assert second in page.inner_text("#teach-steps [aria-current=step]")
    assert page.locator("#teach-plan circle[stroke='#f5c542']").count() == 5
    assert clean(page) == []
    shot(page, folder, f"teach-step-2-{lang}")
    source.show(COINS)
    take(page, base)
    outcome = page.inner_text("#teach-outcome")
    assert learned in outcome and coin in outcome
    assert (folder / "camera-learned.npz").exists()
    assert clean(page) == []
    shot(page, folder, f"teach-learned-{lang}")
    # the board's corners: corner 1 dragged off (a finger on the phone, a mouse), then back
    # onto the board's corner a few pixels out; Save corners keeps the board where it is
    page.click("#corners summary")
    wait_in_page(page, "document.getElementById('corner-picture').naturalWidth > 0")
    handle = page.locator("button.corner[data-corner='0']")
    handle.scroll_into_view_if_needed()
    true_x, true_y = float(page.input_value("input[name=corner0_x]")), float(page.input_value("input[name=corner0_y]"))
    picture = page.locator("#corner-picture").bounding_box()
    width, height = (float(v) for v in page.evaluate(
        "[document.getElementById('corner-frame').dataset.width, document.getElementById('corner-frame').dataset.height]"))
    on_screen = lambda x, y: (picture["x"] + x / width * picture["width"],            # noqa: E731
                              picture["y"] + y / height * picture["height"])
    box = handle.bounding_box()
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    away = on_screen(true_x + 90, true_y - 60)
    drag(page, middle, away)
    assert float(page.input_value("input[name=corner0_x]")) == pytest.approx(true_x + 90, abs=4)
    assert float(page.input_value("input[name=corner0_y]")) == pytest.approx(true_y - 60, abs=4)
    drag(page, away, on_screen(true_x + 4, true_y - 3))
    dragged = float(page.input_value("input[name=corner0_x]"))
    assert dragged == pytest.approx(true_x + 4, abs=3)
    handle.focus()
    page.keyboard.press("ArrowLeft")
    assert float(page.input_value("input[name=corner0_x]")) == dragged - 2
    assert clean(page) == []
    with page.expect_navigation(timeout=30000):
        page.click("#save-corners")
    # the one message, not also the last step's brought back by the picture's request that was
    # in flight as that step's page showed it (the CI saw it once: test_web_session_cookie)
    said = page.locator("p.flash.ok").all_inner_texts()
    assert len(said) == 1 and corners_saved in said[0], said
    assert len(tomllib.loads((folder / "config.toml").read_text())["camera"]["homography"]) == 9
    page.context.close()


def test_a_refusal_is_shown_in_words_in_german(site, chromium):
    base, source, folder = site
    page = page_in(chromium, base, "de")
    page.goto(base + "/calibrate/camera")
    assert "Schritt 1 von 2: Das Brett leer" in page.inner_text("#teach-steps [aria-current=step]")
    take(page, base)
    take(page, base)                              # the coins were never laid
    outcome = page.inner_text("#teach-outcome")
    assert "Nicht gelernt, nichts gespeichert" in outcome and "Münze: von allen 5 ist nichts zu sehen" in outcome
    assert not (folder / "camera-learned.npz").exists()
    assert clean(page) == []
    shot(page, folder, "teach-refused")
    with page.expect_navigation(timeout=30000):
        page.click("#teach-again")
    assert "Schritt 1 von 2" in page.inner_text("#teach-steps [aria-current=step]")
    page.context.close()
