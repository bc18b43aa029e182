"""The camera board on the dice tables through the whole table: a Schocken turn and a
Neunfeld opening laid out as the simulated dice say, each frame rendered as the camera
above sees it, read by the camera board, sent over a real pseudo-terminal to the real
serial link, the session with its SQLite log and the referee: the same game as the
virtual board gives for the same steps."""

from camera_board.board import CameraBoard
from camera_board.camera import Lens, Pose
from camera_sim.dice_rig import PlacedDice
from camera_board.dice_layout import neunfeld_table, schocken_table
from camera_sim.render import Light
from camera_sim.rig import Rig
from table_app.headless import Script, run_script
from tablegame.config import load
from tablegame.core import jsoncodec
from tablegame.core.play import GameSetup
from tablegame.core.sensors import DiceReading
from tablegame.families.neunfeld.referee import squares_reading
from tablegame.families.neunfeld.rules import START_SQUARES
from tests.test_camera_end_to_end import play, wait

LENS = Lens((1280, 960))
WARM = Light(exposure=0.7, warmth=0.6, noise=2.5, blur=0.8, lamp=(100.0, 300.0, 1200.0))


SCHOCKEN = GameSetup("schocken", (("Anna",), ("Ben",)))
READER = load(None, {"table.language": "en", "schocken.dice": "reader"})
TURN = ({"dice": [6, 1, 3]},                                              # the throw
        {"dice": [6, 1, 3], "aside": [False, True, False]},               # the 1 set aside
        {"dice": [4, 1, 5], "aside": [False, True, False]},               # thrown again
        {"dice": [2, 1, 2], "aside": [False, True, False], "flat": False},  # a Türmchen
        {"dice": [6, 1, 6], "aside": [False, True, False]})               # and again


def test_a_schocken_turn_seen_by_the_camera_is_refereed_as_on_the_virtual_board(tmp_path):
    virtual = run_script(Script(SCHOCKEN, 0, TURN, settings=(("schocken.dice", "reader"),)), READER)
    table = schocken_table()
    board = CameraBoard.for_game("schocken", None, LENS, link_path=str(tmp_path / "board"))
    dice = PlacedDice(table, seed=3)
    rig = Rig(board.feed, lambda scene: scene, LENS, Pose(180, 110, 520, 180, 130), WARM, rate=5)

    def show(session):
        rig.show([dice.schocken(DiceReading((1, 2, 3), (False,) * 3, True))])   # as the tray starts
        wait(session, board)
        for step in TURN:
            reading = DiceReading(tuple(step["dice"]), tuple(step.get("aside", (False,) * 3)),
                                  step.get("flat", True))
            rig.show([dice.schocken(reading)])
            wait(session, board)
    status = play(tmp_path, SCHOCKEN, board, show, READER)
    sent = [m for m in rig.sent if isinstance(m, DiceReading)]
    assert [m.flat for m in sent] == [True, True, True, True, False, True], sent
    assert sent[2].aside == sent[3].aside, "the die in the tray kept its number"
    assert jsoncodec.to_data(status.state) == virtual["state"]


NEUNFELD = GameSetup("neunfeld", (("Anna",), ("Ben",)))
PLAIN = load(None, {"table.language": "en"})
OPENING = ({"roll": [1, 5, 2]}, {"tip": {"die": 3, "top": 7}}, {"move": {"from": 0, "to": 3}})


def test_a_neunfeld_move_seen_by_the_camera_is_refereed_as_on_the_virtual_board(tmp_path):
    virtual = run_script(Script(NEUNFELD, 0, OPENING), PLAIN)
    table = neunfeld_table()
    board = CameraBoard.for_game("neunfeld", None, LENS, link_path=str(tmp_path / "board"))
    dice = PlacedDice(table, seed=4)
    rig = Rig(board.feed, lambda scene: scene, LENS, Pose(252, 130, 640, 252, 140), WARM, rate=5)
    tops, squares = [1, 5, 2], list(START_SQUARES)

    def show(session):
        rig.show([dice.neunfeld(DiceReading(tuple(tops), (False,) * 3, True), squares)])    # the roll
        wait(session, board)
        tops[0] = 7                                                              # die III tipped
        rig.show([dice.neunfeld(DiceReading(tuple(tops), (False,) * 3, True), squares)])
        wait(session, board)
        squares[0] = 3                                                           # the piece moved
        rig.show([dice.neunfeld(DiceReading(tuple(tops), (False,) * 3, True), squares)])
        wait(session, board)
    status = play(tmp_path, NEUNFELD, board, show, PLAIN)
    assert squares_reading((3, 10)) in rig.sent
    assert jsoncodec.to_data(status.state) == virtual["state"]
