"""The second renderer (camera_sim/raycast.py), written apart from render.py: rays cast into
a 3-D scene with its own lens, light and textures. Its pictures must agree with the world
they show (where the markers and pieces lie), whatever they look like: the camera board
finds the board's place from its markers as from render.py's, and reads plain coins and
Carrom men where they lie."""
import math

import cv2
import numpy as np

from camera_board.calibrate import Calibration
from camera_board.camera import Lens, Pose, plane_homography
from camera_sim import raycast
from camera_sim.corpus import Case, detector_for
from camera_sim.installs import installation
from camera_sim.render import Light, Shot
from camera_sim.scene import shove_scene
from tablegame.core.sensors import CoinReading
from tablegame.families.shove.board import hapenny_board

BOARD = hapenny_board()
COINS = (CoinReading(60, 60), CoinReading(300, 30), CoinReading(178, 250), CoinReading(-30, 300), CoinReading(330, 470))
SHOT = Shot(shove_scene(BOARD, COINS), Lens((1280, 960)), Pose(178, 230, 800, 178, 254), Light(specular=0.3))


def test_the_same_seed_casts_the_same_picture():
    inst = installation("carrom", 1_000_004, (320, 240))
    shot = inst.board(0).shot
    a, b = (raycast.render(shot, np.random.default_rng(3)) for _ in range(2))
    assert a.shape == (240, 320, 3) and np.array_equal(a, b)


def test_its_markers_give_the_board_where_the_camera_hangs():
    """The mapping the camera board makes from the cast markers is the true pose's, to a
    fifth of a millimetre: two lens models (its own inverse of the distortion, OpenCV's)
    and two ways of drawing a marker agree."""
    picture = raycast.render(SHOT, np.random.default_rng(0))
    layout = SHOT.scene.layout
    found, markers = Calibration(layout, SHOT.lens, 1.0).find(cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY))
    rotation, translation = SHOT.pose.rotation_translation()
    true = plane_homography(SHOT.lens.matrix, rotation, translation)
    grid = np.array([(x, y) for x in np.linspace(0, layout.width, 6) for y in np.linspace(0, layout.length, 6)])
    seen = cv2.perspectiveTransform(grid.reshape(-1, 1, 2), found)
    back = cv2.perspectiveTransform(seen, np.linalg.inv(true)).reshape(-1, 2)
    assert markers == 4 and np.abs(back - grid).max() < 0.2


def test_plain_coins_cast_are_read_where_they_lie():
    sighting = detector_for(Case(0, SHOT)).see(raycast.render(SHOT, np.random.default_rng(0)))
    assert sighting.problem is None and len(sighting.pieces) == len(COINS)
    assert all(min(math.hypot(f.x - c.x, f.y - c.y) for f in sighting.pieces) < 0.5 for c in COINS)
