"""The camera board through the whole table: shots and strokes simulated with pymunk,
each frame rendered as the camera above sees it, read by the camera board, sent over a
real pseudo-terminal to the real serial link, the session with its SQLite log and the
referee: the same score as the virtual board gives for the same shots."""
import dataclasses
import random
import time

import pytest

from camera_board.board import CameraBoard
from camera_board.camera import Lens, Pose
from camera_sim.render import Light
from camera_sim.rig import Rig
from camera_sim.scene import carrom_scene, shove_scene
from firmware_bridge.link import BoardLink
from tablegame.config import load
from tablegame.core.events import ButtonPress
from tablegame.core.play import GameSetup
from tablegame.families.carrom.physics import Strike
from tablegame.families.shove.physics import Shot, start_y
from table_app.headless import Script, run_script
from tablegame.core.sensors import LinkState, PieceReading
from table_app.service import open_session
from tablegame.core.session import NewGame
from tablegame.families.shove.simulation import SimulatedTable
from tablegame.families.carrom.simulation import CarromWorld

CONFIG = load(None, {"table.language": "en"})
LENS = Lens((960, 720))


def wait(session, board, done=lambda: True, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session.process(timeout=0.01)
        if board.wait_idle(0) and session.idle and done():
            session.process()
            return
    raise AssertionError("the table did not settle")


def table(tmp_path, setup, config=CONFIG):
    session = open_session(config, tmp_path / "table.sqlite", rng=random.Random(0))
    session.handle(NewGame(setup))
    return session


def play(tmp_path, setup, board, show, config=CONFIG):
    """The game ``setup`` on a table whose board is ``board``: ``show`` plays it once the link
    is up; the status once all of it is handled."""
    session = table(tmp_path, setup, config)
    link = BoardLink(board.port, session.post, heartbeat=0.2, post_event=session.post)
    board.open()
    link.start()
    try:
        wait(session, board, lambda: session.status.link is not None
             and session.status.link.state is LinkState.OPERATIONAL)
        show(session)
        wait(session, board)
        return session.status
    finally:
        link.close()
        board.close()
        session.close()


SHOVE = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))


def to_bed(board, bed, x):
    near, far = board.bed_span(bed)
    return {"x": x, "angle": 0, "reach": (near + far) / 2 - start_y(board)}


def test_a_shove_turn_seen_by_the_camera_scores_as_on_the_virtual_board(tmp_path):
    from tablegame.families.shove.board import hapenny_board
    from tablegame.families.shove.physics import speed_to_reach, ShoveTable
    b = hapenny_board()
    shots = [to_bed(b, 2, 70), to_bed(b, 5, 125), to_bed(b, 8, 180), to_bed(b, 3, 235), to_bed(b, 1, 290)]
    virtual = run_script(Script(SHOVE, 0, ({"press": "ok"}, *({"shot": s} for s in shots))), CONFIG)

    world = SimulatedTable(b, CONFIG["simulation.friction"])
    board = CameraBoard.for_game("shove", b, LENS, link_path=str(tmp_path / "board"))
    rig = Rig(board.feed, lambda coins: shove_scene(b, coins), LENS, Pose(178, 230, 800, 178, 254), rate=6)

    def show(session):
        rig.show([()])
        session.handle(ButtonPress("ok", False))    # the coin toss
        wait(session, board)
        for s in shots:
            speed = speed_to_reach(ShoveTable(b, friction=CONFIG["simulation.friction"]), s["reach"])
            rig.show(world.shoot(Shot(x=s["x"], angle=0, speed=speed)))
            wait(session, board)
    status = play(tmp_path, SHOVE, board, show)
    assert status.problem is None or not status.problem
    from tablegame.core import jsoncodec
    assert jsoncodec.to_data(status.state) == virtual["state"]
    marks = virtual["state"]["marks"][virtual["state"]["starter"]]
    assert marks == [1, 1, 1, 0, 1, 0, 0, 1, 0], "the virtual board scored the five beds"


CARROM = GameSetup("carrom", (("Anna",), ("Ben",)))
BREAK = {"seat": 0, "along": 0, "angle": 0, "speed": 7000}          # two whites go down
SECOND = {"seat": 0, "along": -150, "angle": -36, "speed": 7000}    # a white and two blacks


@pytest.mark.parametrize("shutter", [0.0, 1 / 60], ids=["sharp", "blurred at 1/60 s"])
def test_carrom_strokes_seen_by_the_camera_score_as_on_the_virtual_board(tmp_path, shutter):
    """Sharp, and with each moving piece smeared over a 1/60 s exposure (the striker some
    115 mm at 7 m/s): the same score."""
    strokes = [BREAK, SECOND]
    lens = dataclasses.replace(LENS, shutter=shutter)
    virtual = run_script(Script(CARROM, 0, tuple({"strike": {k: v for k, v in s.items() if k != "seat"}}
                                                 for s in strokes)), CONFIG)
    world = CarromWorld()
    board = CameraBoard.for_game("carrom", world.board, lens, link_path=str(tmp_path / "board"))
    pieces = lambda frame: carrom_scene(world.board, getattr(frame, "pieces", frame))  # noqa: E731
    rig = Rig(board.feed, pieces, lens, Pose(370, 340, 1150, 370, 370), rate=10)

    def show(session):
        rig.show([world.positions()])
        wait(session, board)
        for s in strokes:
            strike = Strike(**s)
            x, y = world.table.striker_spot(strike)
            resting = (*world.positions(), PieceReading("striker", x, y))
            rig.feed(rig.now, rig.picture(resting, Light(hand=(x, y - 10, -90))))   # the hand sets it
            rig.now += 0.1
            rig.show([resting], hold=0.5)
            rig.show(world.shoot(strike))
            wait(session, board)
    status = play(tmp_path, CARROM, board, show)
    sent = [type(m).__name__ for m in rig.sent if type(m).__name__ != "PiecesSnapshot"]
    assert sent.count("StrokeStarted") == 2, sent
    from tablegame.core import jsoncodec
    assert jsoncodec.to_data(status.state) == virtual["state"]
    assert virtual["state"]["board"]["men"] == [6, 7]
