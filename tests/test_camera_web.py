"""The camera board on the staff page's calibration area: the live picture with the
outline and pieces drawn over it, each piece's place in words, Save keeps the camera's
view of the board in the configuration through the one settings writer; admins only."""
import dataclasses
import tomllib

import numpy as np
import pytest

from camera_board.board import CameraBoard
from camera_board.camera import Lens, Pose
from camera_sim.render import Light, Shot, render
from camera_sim.scene import shove_scene
from tablegame.core.sensors import CoinReading
from web_admin import create_app
# the staff page's fixtures: a real table and an admin logged in on it
from test_web_admin import ADMIN, Clock, STAFF, login, post, table, words  # noqa: F401

LENS = Lens((640, 480))


@pytest.fixture
def camera(table, tmp_path):
    board = CameraBoard.for_game("shove", table.session.play.board, LENS, link_path=str(tmp_path / "board"))
    scene = shove_scene(table.session.play.board, (CoinReading(120, 200), CoinReading(250, 330)))
    board.feed(0.0, render(Shot(scene, LENS, Pose(178, 230, 800, 178, 254), Light()), np.random.default_rng(0)))
    yield board
    board.close()


@pytest.fixture
def admin(table, camera):
    app = create_app(dataclasses.replace(table.face, camera=camera), {"CLOCK": Clock()})
    client = app.test_client()
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    return client


def test_the_picture_and_each_piece_in_words(admin):
    state = admin.get("/api/camera").get_json()
    assert state["camera"] and state["problem"] is None and state["markers"] == 4
    assert [p["kind"] for p in state["pieces"]] == ["coin", "coin"]
    assert any(abs(p["x"] - 120) < 1 and abs(p["y"] - 200) < 1 for p in state["pieces"])
    picture = admin.get("/api/camera/picture.jpg")
    assert picture.status_code == 200 and picture.data[:2] == b"\xff\xd8"
    page = words(admin.get("/calibrate/camera", headers={"Accept-Language": "en"}))
    assert "coin 1:" in page and "mm up the board" in page
    german = admin.get("/api/camera", headers={"Accept-Language": "de"}).get_json()
    assert german["pieces"][0]["where"].startswith("Münze 1:")


def test_save_writes_the_homography_through_the_settings_writer(admin, table, camera):
    response = post(admin, "/calibrate/camera", {})
    assert response.status_code in (200, 303)
    saved = tomllib.loads(table.config_path.read_text())["camera"]["homography"]
    assert np.allclose(np.array(saved).reshape(3, 3), camera.calibration.mapping.homography)


def test_staff_may_not_calibrate_the_camera(admin, table, camera):
    post(admin, "/accounts", {"name": STAFF[0], "password": STAFF[1], "role": "staff"})
    client = create_app(dataclasses.replace(table.face, camera=camera), {"CLOCK": Clock()}).test_client()
    login(client, *STAFF)
    assert client.get("/api/camera", headers={"Accept": "application/json"}).status_code == 403


def test_a_table_without_a_camera_says_so(table):
    client = create_app(table.face, {"CLOCK": Clock()}).test_client()
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    assert client.get("/api/camera").get_json() == {"camera": False}
    assert "no camera board" in words(client.get("/calibrate/camera", headers={"Accept-Language": "en"}))


def test_an_untaught_camera_says_on_the_page_in_both_languages_that_it_reports_no_board(table, tmp_path):
    board = CameraBoard.for_game("shove", table.session.play.board, LENS, link_path=str(tmp_path / "board"),
                                 taught=False)
    scene = shove_scene(table.session.play.board, (CoinReading(120, 200),))
    board.feed(0.0, render(Shot(scene, LENS, Pose(178, 230, 800, 178, 254), Light()), np.random.default_rng(0)))
    try:
        app = create_app(dataclasses.replace(table.face, camera=board), {"CLOCK": Clock()})
        client = app.test_client()
        post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
        english = words(client.get("/calibrate/camera", headers={"Accept-Language": "en"}))
        assert "has not been taught and reports no board" in english and "tablegame camera-learn" in english
        german = words(client.get("/calibrate/camera", headers={"Accept-Language": "de"}))
        assert "noch nicht eingelernt und meldet kein Brett" in german
    finally:
        board.close()
