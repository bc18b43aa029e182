"""``tablegame simulate --board camera``: the simulated table the hands play on, drawn
frame by frame by the renderer and read by the camera board, which speaks the protocol
on a pty to the real link (docs/camera.md, "Playing through the camera in simulate")."""
import dataclasses
import json
import logging
import os
import signal
import subprocess
import sys
import time

import pytest

from camera_sim.rendered import RenderedBoard, open_rendered_board
from camera_board.sources import SourceError, open_source
from table_app.cli import main
from tablegame.config import load
from tablegame.core.sensors import BoardSnapshot, CoinReading
from tablegame.families.shove.simulation import SimulatedTable
from web_admin import create_app
# the staff page's fixtures: a real table and an admin logged in on it
from test_web_admin import ADMIN, Clock, post, table  # noqa: F401

TURN = {"game": "shove-hapenny", "parties": [["Anna"], ["Ben"]], "seed": 3,
        "steps": [{"press": "ok"}, *({"shot": {"x": x, "angle": 0, "reach": reach}}
                                     for x, reach in ((70, 106), (125, 170), (180, 234), (235, 297), (290, 361)))]}


def headless(tmp_path, capsys, *board) -> tuple[int, dict | None, str]:
    script = tmp_path / "turn.json"
    script.write_text(json.dumps(TURN))
    code = main(["simulate", *board, "--headless", str(script), "--db", str(tmp_path / f"t{len(board)}.sqlite")])
    out, err = capsys.readouterr()
    return code, json.loads(out) if code == 0 else None, err


def test_a_shove_turn_played_through_the_camera_scores_as_on_the_virtual_board(tmp_path, capsys):
    code, virtual, _ = headless(tmp_path, capsys)
    assert code == 0
    code, camera, err = headless(tmp_path, capsys, "--board", "camera")
    assert code == 0, err
    assert camera["state"] == virtual["state"]
    assert sum(camera["state"]["marks"][camera["state"]["starter"]]) >= 3, "the turn scored"
    assert "Traceback" not in err


def wait_until(done, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.05)
    return False


def started(config, world, tmp_path, game="shove") -> RenderedBoard:
    board = open_rendered_board(config, world, str(tmp_path), game, realtime=False)
    board.start()
    return board


SMALL = load(None, {"camera.size": [960, 720]})


def test_the_calibration_page_shows_the_rendered_picture_and_what_the_camera_made_of_it(table, tmp_path):
    world = SimulatedTable(table.session.play.board, 0.25)
    world.put_back([BoardSnapshot((CoinReading(120.0, 200.0),), True)])
    board = started(SMALL, world, tmp_path)
    try:
        assert wait_until(lambda: board.source.idle() and board.camera.latest is not None)
        assert board.camera.latest.frame.shape == (720, 960, 3)
        # taught at its start from the renderer's pictures, as an installer would teach it
        assert board.camera.taught and board.camera.detector.appearance.learned
        client = create_app(dataclasses.replace(table.face, camera=board.camera), {"CLOCK": Clock()}).test_client()
        post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
        state = client.get("/api/camera").get_json()
        assert state["camera"] and state["problem"] is None and state["markers"] == 4
        (coin,) = world.positions()
        assert [p["kind"] for p in state["pieces"]] == ["coin"]
        assert abs(state["pieces"][0]["x"] - coin.x) < 1 and abs(state["pieces"][0]["y"] - coin.y) < 1
        assert client.get("/api/camera/picture.jpg").data[:2] == b"\xff\xd8"
    finally:
        board.close()


def _shot(world):
    from tablegame.families.shove.physics import Shot
    return Shot(x=178.0, angle=0.0, speed=900.0)


class Refusing(SimulatedTable):
    def shoot(self, shot):
        raise RuntimeError("the coin is glued to the table")


def test_a_shot_the_simulated_table_cannot_do_is_said_in_words_and_the_camera_goes_on(tmp_path, caplog):
    from tablegame.families.shove.board import hapenny_board
    world = Refusing(hapenny_board(), 0.25)
    board = started(SMALL, world, tmp_path)
    try:
        with caplog.at_level(logging.WARNING):
            board.shoot(_shot(world))
            assert wait_until(lambda: board.failures)
        assert board.failures == ["the simulated table could not do that: the coin is glued to the table"]
        said = [r for r in caplog.records if "glued" in r.getMessage()]
        assert said and all(r.exc_info is None for r in said), "in words, no traceback"
        drawn = board.drawn
        board.clear()
        assert wait_until(lambda: board.drawn > drawn), "the camera goes on drawing"
    finally:
        board.close()


def test_a_table_that_cannot_be_drawn_stops_the_camera_in_words(tmp_path, caplog, monkeypatch):
    from tablegame.families.shove.board import hapenny_board
    board = open_rendered_board(SMALL, SimulatedTable(hapenny_board(), 0.25), str(tmp_path), "shove",
                                realtime=False)
    monkeypatch.setattr(board.source, "lens", dataclasses.replace(board.source.lens, size=(0, 0)))
    with caplog.at_level(logging.INFO):
        board.start()
        try:
            assert wait_until(lambda: board.failures)
        finally:
            board.close()
    assert board.failures[0].startswith("the simulated table cannot be drawn: ")
    stopped = [r for r in caplog.records if r.getMessage().startswith("the camera stopped: ")]
    assert stopped and stopped[0].exc_info is None


def test_a_real_table_cannot_be_given_the_rendered_source():
    with pytest.raises(SourceError, match="tablegame simulate --board camera"):
        open_source("rendered", (1280, 960))


def test_a_script_step_the_camera_cannot_see_is_refused_in_words(tmp_path, capsys):
    script = tmp_path / "report.json"
    script.write_text(json.dumps({"game": "carrom", "steps": [{"report": {"started": True}}]}))
    code = main(["simulate", "--board", "camera", "--headless", str(script), "--db", str(tmp_path / "c.sqlite")])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert "a camera sees the board, it is not told what lies there" in err


def test_simulate_with_the_camera_opens_its_window_and_stops_cleanly(tmp_path):
    """The desktop run itself (dummy video driver): the link comes up with the camera board
    (firmware camera-1.0) and the table stops cleanly on SIGTERM."""
    config = tmp_path / "config.toml"
    config.write_text("[web]\nport = 0\n[display]\nsize = [320, 240]\n[camera]\nsize = [640, 480]\n")
    env = {**{k: v for k, v in os.environ.items() if k != "INVOCATION_ID"},
           "SDL_VIDEODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"}
    proc = subprocess.Popen([sys.executable, "-m", "table_app.cli", "simulate", "--config", str(config),
                             "--db", str(tmp_path / "t.sqlite"), "--board", "camera", "--game", "carrom"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        err = []
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            err.append(line)
            if "the table is on the screen" in line or not line:
                break
        assert any("firmware camera-1.0" in line for line in err), "".join(err)
        time.sleep(1.0)
    finally:
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=30)
    assert proc.returncode == 0, rest
    assert "Traceback" not in "".join(err) + rest


def test_a_neunfeld_opening_played_through_the_camera_is_refereed_as_on_the_virtual_board(tmp_path, capsys):
    """The dice tables too: the dice laid where the hand's readings say, read by the camera."""
    script = "examples/headless/neunfeld-opening.json"
    runs = []
    for board in ([], ["--board", "camera"]):
        assert main(["simulate", *board, "--headless", script, "--db", str(tmp_path / f"n{len(board)}.sqlite")]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[1]["state"] == runs[0]["state"]
