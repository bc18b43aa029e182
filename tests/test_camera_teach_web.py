"""Teaching the camera the board on the staff page (docs/camera.md, "Calibration"), with a
live rendered camera whose board the test lays as an installer would: the empty board,
then the pieces where the page draws them; what it learned shown back in the page's
language and saved beside the configuration, the camera reading with it at once; a step
that does not show what it asks refused in words; the board's corners dragged for a board
without markers. Admins only. (In Chromium: tests/test_camera_teach_browser.py.)"""
import dataclasses
import re
import time
import tomllib

import cv2
import numpy as np
import pytest

from camera_board.board import CameraBoard
from camera_board.calibrate import Calibration
from camera_board.camera import Lens
from camera_board.game_layout import layout_of
from camera_board.learn import steps
from camera_board.overlay import surface_corners
from camera_board.service import learned_appearance, saved_homography
from camera_sim.installs import installation
from camera_sim.laid import Staged, step_scene
from camera_sim.render import Light, Shot, render
from camera_sim.worlds import pose_over
from tablegame.config import load
from tablegame.config.file import beside
from web_admin import create_app
# the staff page's fixtures: a real table and an admin logged in on it
from test_web_admin import ADMIN, Clock, STAFF, login, post, table, words  # noqa: F401

LENS = Lens((640, 480), fov=66.0, k1=0.0, k2=0.0)
POSE = pose_over(layout_of("shove"), LENS.fov, 0.75)
EMPTY, COINS = (step_scene("shove", s) for s in steps("shove"))


@pytest.fixture
def staged(table, tmp_path):
    """The table's camera board reading a live rendered camera over the board the test lays."""
    camera = CameraBoard.for_game("shove", table.session.play.board, LENS, link_path=str(tmp_path / "board"))
    source = Staged(Shot(EMPTY, LENS, POSE, Light()), render, rate=6.0)
    camera.start(source.frames())
    deadline = time.monotonic() + 20
    while camera.latest is None or camera.calibration.mapping is None:
        assert time.monotonic() < deadline, "the staged camera gave no picture"
        time.sleep(0.05)
    yield camera, source
    source.close()
    camera.close()


@pytest.fixture
def admin(table, staged):
    app = create_app(dataclasses.replace(table.face, camera=staged[0]), {"CLOCK": Clock()})
    client = app.test_client()
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    return client


def teach(client, language="en"):
    return client.get("/api/camera", headers={"Accept-Language": language}).get_json()["teach"]


def test_the_empty_board_then_the_coins_where_the_page_draws_them_and_what_it_learned(admin, staged, table):
    camera, source = staged
    state = teach(admin)
    assert state["step"] == 0 and state["of"] == 2 and state["knows"] == [] and state["plan"] is None
    assert state["steps"][0]["asks"].startswith("The board empty")
    page = words(admin.get("/calibrate/camera", headers={"Accept-Language": "en"}))
    assert "reads with the starting values" in page and "Take step 1" in page
    assert post(admin, "/calibrate/camera/teach", {"action": "take"}).status_code == 303
    state = teach(admin)
    assert state["step"] == 1 and state["steps"][0]["taken"] >= 3
    circles = [s for s in state["plan"]["shapes"] if s["attrs"].get("stroke") == "#f5c542"]
    assert len(circles) == 5                      # the five coins drawn where they go
    source.show(COINS)                            # the installer lays them
    assert post(admin, "/calibrate/camera/teach", {"action": "take"}).status_code == 303
    state = teach(admin)
    assert state["outcome"]["ok"], state["outcome"]
    assert re.fullmatch(r"coin: 5 learned, 0\.\d mm apart from their spots", state["outcome"]["lines"][0])
    assert "Learned and saved (camera-learned.npz)" in state["outcome"]["heading"]
    german = teach(admin, "de")
    assert re.fullmatch(r"Münze: 5 gelernt, 0,\d mm neben ihren Stellen", german["outcome"]["lines"][0])
    # saved beside the configuration through the one writer, and the camera reads with it now
    assert (table.config_path.parent / "camera-learned.npz").exists()
    assert tomllib.loads(table.config_path.read_text())["camera"]["learned"] == "camera-learned.npz"
    deadline = time.monotonic() + 10
    while not camera.detector.appearance.learned:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert teach(admin)["knows"][0].startswith("coin: 5 learned")
    # a restart: the table's camera board is built with what the configuration names
    config = load(str(table.config_path))
    again = learned_appearance(beside(str(table.config_path), config["camera.learned"]), "shove")
    assert again is not None and again.colours["coin"].learned == 5


def test_a_step_that_does_not_show_what_it_asks_is_refused_in_words_and_nothing_is_saved(admin, staged, table):
    post(admin, "/calibrate/camera/teach", {"action": "take"})
    post(admin, "/calibrate/camera/teach", {"action": "take"})      # the coins never laid
    state = teach(admin, "de")
    assert not state["outcome"]["ok"] and state["outcome"]["heading"].startswith("Nicht gelernt, nichts gespeichert")
    assert state["outcome"]["lines"][0].startswith("Münze: von allen 5 ist nichts zu sehen: auf die gezeichneten Stellen")
    page = words(admin.get("/calibrate/camera", headers={"Accept-Language": "en"}))
    assert "Not learned, nothing saved. What to change:" in page and "lay them on the spots drawn" in page
    assert "the camera cannot tell coin from the board: pieces of a colour far from the board" in page
    assert not (table.config_path.parent / "camera-learned.npz").exists()
    assert post(admin, "/calibrate/camera/teach", {"action": "again"}).status_code == 303
    assert teach(admin)["step"] == 0 and teach(admin)["outcome"] is None


def _corners_form(corners, by=(0.0, 0.0)) -> dict:
    return {f"corner{n}_{a}": str(v + d) for n, c in enumerate(corners) for a, v, d in zip("xy", c, by)}


def test_the_boards_corners_dragged_are_saved_and_used_and_four_points_that_make_no_board_are_refused(
        admin, staged, table):
    camera, _ = staged
    corners = surface_corners(camera.calibration)
    state = admin.get("/api/camera").get_json()
    assert [(c["x"], c["y"]) for c in state["corners"]] == [(round(x), round(y)) for x, y in corners]
    assert post(admin, "/calibrate/camera/corners", _corners_form(corners, (2, 2))).status_code == 303
    saved = tomllib.loads(table.config_path.read_text())["camera"]["homography"]
    assert np.allclose(np.array(saved).reshape(3, 3) / saved[8], camera.calibration.mapping.homography
                       / camera.calibration.mapping.homography[2, 2], rtol=0.02, atol=0.5)
    # four points that make no board: refused with why, in the page's language, nothing saved
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = corners
    crossed = [(x0, y0), (x2, y2), (x1, y1), (x3, y3)]
    small = [(x0, y0), (x0 + 40, y0), (x0 + 40, y0 - 30), (x0, y0 - 30)]
    for points, language, says in ((list(reversed(corners)), "de", "Die Punkte laufen falsch herum"),
                                   (crossed, "en", "The four points cross or bend inwards"),
                                   (small, "en", "enclose only 0.4 % of the picture"),
                                   (small, "de", "umschließen nur 0,4 % des Bilds")):
        answer = post(admin, "/calibrate/camera/corners", _corners_form(points), headers={"Accept-Language": language})
        assert answer.status_code == 400 and says in words(answer)
    assert tomllib.loads(table.config_path.read_text())["camera"]["homography"] == saved
    assert post(admin, "/calibrate/camera/corners", {"corner0_x": "x"}).status_code == 400


@pytest.fixture
def bare(table, tmp_path):
    """A live rendered camera over a board without markers (printed 1 mm wide: nothing the
    camera finds), and where its surface's corners lie in the picture."""
    def without_markers(scene):
        return dataclasses.replace(scene, layout=dataclasses.replace(scene.layout, marker_size=1.0))
    camera = CameraBoard.for_game("shove", table.session.play.board, LENS, link_path=str(tmp_path / "board"))
    source = Staged(Shot(without_markers(COINS), LENS, POSE, Light()), render, rate=6.0)
    camera.start(source.frames())
    marked = Calibration(layout_of("shove"), LENS, 2.0)
    marked.update(cv2.cvtColor(render(Shot(EMPTY, LENS, POSE, Light()), np.random.default_rng(0)),
                               cv2.COLOR_BGR2GRAY))
    yield camera, surface_corners(marked)
    source.close()
    camera.close()


def test_a_board_without_markers_is_read_from_its_corners_dragged_and_again_after_a_restart(table, bare):
    camera, corners = bare
    client = create_app(dataclasses.replace(table.face, camera=camera), {"CLOCK": Clock()}).test_client()
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    deadline = time.monotonic() + 20
    while camera.latest is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert camera.calibration.mapping is None and client.get("/api/camera").get_json()["mapped"] is False
    page = words(client.get("/calibrate/camera", headers={"Accept-Language": "de"}))
    assert "Die Ecken des Bretts (ohne Marken)" in page and "Ecke 1: vorne links" in page
    answer = post(client, "/calibrate/camera/corners", _corners_form(corners, (3, -2)),      # a finger's few px off
                  headers={"Accept-Language": "de"})
    assert answer.status_code == 303
    spots = steps("shove")[1].pieces

    def right(sighting) -> bool:
        return (sighting is not None and sighting.problem is None and len(sighting.pieces) == 5
                and all(min(np.hypot(p.x - s.x, p.y - s.y) for p in sighting.pieces) < 1.5 for s in spots))
    deadline = time.monotonic() + 20
    while not right(camera.latest.sighting if camera.latest else None):
        assert time.monotonic() < deadline, camera.latest.sighting
        time.sleep(0.05)
    # a restart: the camera board built from the configuration reads the bare board as well
    restarted = CameraBoard.for_game("shove", table.session.play.board, LENS,
                                     link_path=str(table.config_path.parent / "board2"),
                                     homography=saved_homography(load(str(table.config_path))))
    try:
        assert right(restarted.detector.see(camera.latest.frame))
    finally:
        restarted.close()


def test_staff_may_not_teach_the_camera(admin, table, staged):
    post(admin, "/accounts", {"name": STAFF[0], "password": STAFF[1], "role": "staff"})
    client = create_app(dataclasses.replace(table.face, camera=staged[0]), {"CLOCK": Clock()}).test_client()
    login(client, *STAFF)
    assert post(client, "/calibrate/camera/teach", {"action": "take"}).status_code == 403
    assert post(client, "/calibrate/camera/corners", {}).status_code == 403


@pytest.fixture
def shadowed(table, tmp_path):
    """A live rendered Carrom camera over fresh set 1,000,176's installation 178 (cream labelled whites
    on painted white, whose edge looks like the board in shadow), the empty board laid."""
    inst = installation("carrom", 1_000_178)
    empty, formation = (inst.shot(step.scene).scene for step in inst.teaching())
    camera = CameraBoard.for_game("carrom", None, inst.lens, link_path=str(tmp_path / "board"))
    source = Staged(inst.shot(empty), render, rate=6.0)
    camera.start(source.frames())
    deadline = time.monotonic() + 30
    while camera.latest is None or camera.calibration.mapping is None:
        assert time.monotonic() < deadline, "the staged camera gave no picture"
        time.sleep(0.05)
    yield camera, source, formation
    source.close()
    camera.close()


def test_a_kind_like_the_board_in_shadow_is_taught_and_the_installer_told_what_it_means_and_what_to_change(
        table, shadowed):
    # (before: "Not learned, nothing saved", the whites "like the board in shadow"; docs/camera.md,
    # "A formation's kind like the board in shadow taught with a warning")
    camera, source, formation = shadowed
    client = create_app(dataclasses.replace(table.face, camera=camera), {"CLOCK": Clock()}).test_client()
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    assert post(client, "/calibrate/camera/teach", {"action": "take"}).status_code == 303
    source.show(formation)
    assert post(client, "/calibrate/camera/teach", {"action": "take"}).status_code == 303
    state = teach(client)
    assert state["outcome"]["ok"] and "Learned and saved" in state["outcome"]["heading"], state["outcome"]
    assert state["outcome"]["lines"][-1].startswith(
        'Read with what it learned, white looks like the board in shadow in places (step "pieces"): a board where '
        "the camera cannot tell where a white ends and its shadow begins is not read, the white named. To have "
        "those boards read too: pieces of a colour that is not the board's"), state["outcome"]["lines"]
    page = words(client.get("/calibrate/camera", headers={"Accept-Language": "de"}))
    assert "Gelernt und gespeichert" in page
    assert "Mit dem Gelernten gelesen sieht Weiß stellenweise aus wie das Brett im Schatten" in page
    assert "Steine in einer Farbe, die nicht die des Bretts ist" in page
    assert (table.config_path.parent / "camera-learned.npz").exists()
