"""Motion blur: a piece that moves while the shutter is open smears along its path, as a
real camera records a fast striker, and the camera board never reports a smeared board
as settled nor a smeared piece as pocketed (docs/camera.md, "Motion blur")."""
import math

import numpy as np
import pytest

from camera_board.board import HEIGHTS, SCALE
from camera_board.calibrate import Calibration
from camera_board.camera import Lens, Pose, plane_homography
from camera_board.detect import Detector
from camera_board.motion import Watcher
from camera_sim.render import Light, Shot, render
from camera_sim.rig import SIM_RATE, in_motion, still
from camera_sim.scene import Piece, carrom_scene
from tablegame.core.sensors import PiecePocketed, PieceReading
from tablegame.families.carrom.physics import Strike
from tablegame.families.carrom.simulation import CarromWorld

POSE = Pose(370, 340, 1150, 370, 370)
SHARP = Light(noise=0.0, blur=0.0, specular=0.0)


def picture(scene, shutter, seed=0, light=SHARP):
    return render(Shot(scene, Lens((960, 720), k1=0.0, k2=0.0, shutter=shutter), POSE, light),
                  np.random.default_rng(seed))


def pixel(lens_size, x, y, height):
    lens = Lens(lens_size, k1=0.0, k2=0.0)
    p = plane_homography(lens.matrix, *POSE.rotation_translation(), height) @ (x, y, 1.0)
    return int(round(p[0] / p[2])), int(round(p[1] / p[2]))


def striker_scene(vy: float):
    world = CarromWorld(set_up=False)
    scene = carrom_scene(world.board, (PieceReading("striker", 370, 200),))
    return scene.__class__(scene.layout, (Piece("striker", 370, 200, scene.pieces[0].radius, 7.0, 0.0, vy),))


def test_a_fast_striker_smears_along_its_path_for_the_shutter_time():
    scene = striker_scene(7000.0)            # 7 m/s up the board: 117 mm in 1/60 s
    sharp, smeared = picture(scene, 0.0), picture(scene, 1 / 60)
    board = picture(scene.__class__(scene.layout, ()), 0.0).astype(int)
    ahead = pixel((960, 720), 370, 200 + 50, 7.0)    # 50 mm ahead: past the striker's edge (20.5 mm)
    middle = pixel((960, 720), 370, 200, 7.0)
    differs = lambda image, at: np.abs(image.astype(int)[at[1], at[0]] - board[at[1], at[0]]).sum()  # noqa: E731
    assert differs(sharp, ahead) < 10, "sharp: the board 50 mm ahead"
    assert differs(smeared, ahead) > 40, "smeared: the striker passed there while the shutter was open"
    assert differs(smeared, middle) < differs(sharp, middle), "its middle fainter: the striker was there briefly"
    assert np.array_equal(picture(scene, 1 / 60), smeared), "the same picture every time"


def test_a_still_piece_is_drawn_as_without_a_shutter():
    scene = striker_scene(0.0)
    assert np.array_equal(picture(scene, 1 / 60, light=Light()), picture(scene, 0.0, light=Light()))


def test_each_frame_of_a_stroke_gets_its_pieces_velocities_from_the_frames_around_it():
    world = CarromWorld(set_up=False)          # the striker alone, up the board at 3 m/s
    frames = [f.pieces for f in world.shoot(Strike(0, 0, 0, 3000))]
    scenes = list(in_motion((carrom_scene(world.board, f) for f in frames), 1 / SIM_RATE))
    assert len(scenes) == len(frames)
    striker = scenes[1].pieces[0]
    assert 2500 < striker.vy < 3050 and abs(striker.vx) < 50, striker
    assert math.hypot(scenes[-1].pieces[0].vx, scenes[-1].pieces[0].vy) < 50, "at rest at the end"


def strokes_seen(shutter: float, strikes, rate: float = 10.0):
    """Held strokes rendered at ``rate`` with ``shutter``, read by the detector and the
    watcher: (each settled report with the truth of its moment, POCKETED told, the physics')."""
    world = CarromWorld()
    layout = carrom_scene(world.board, ()).layout
    lens = Lens((1280, 960), shutter=shutter)
    detector = Detector(layout, Calibration(layout, lens, SCALE["carrom"], margin=2.0), HEIGHTS)
    watcher, rng, now = Watcher("carrom", layout.holes), np.random.default_rng(5), 0.0
    settled, told, pocketed = [], [], []
    for strike in strikes:
        before = (*world.positions(), PieceReading("striker", *world.table.striker_spot(strike)))
        stroke = list(world.shoot(strike))
        pocketed += [e for f in stroke for e in f.events if isinstance(e, PiecePocketed)]
        moving = list(in_motion((carrom_scene(world.board, f.pieces) for f in stroke), 1 / SIM_RATE))
        scenes = [still(carrom_scene(world.board, before))] * 5 + moving[::round(SIM_RATE / rate)] + \
            [still(moving[-1])] * 6
        for scene in scenes:
            for message in watcher.see(now, detector.see(render(Shot(scene, lens, POSE, Light()), rng))):
                if getattr(message, "settled", False):
                    settled.append((message, scene))
                elif isinstance(message, PiecePocketed):
                    told.append(message)
            now += 1 / rate
    return settled, told, pocketed


@pytest.mark.parametrize("shutter", [1 / 15], ids=["1/15 s"])
def test_heavily_blurred_frames_give_no_settled_report_and_no_false_pocketing(shutter):
    """A 1/15 s exposure smears the striker over some 450 mm: nothing settled is reported
    while pieces move, every settled report is where the pieces lie, and POCKETED says
    what the physics pocketed, no more."""
    settled, told, pocketed = strokes_seen(shutter, [Strike(0, 0, 0, 7000), Strike(0, -150, -36, 7000)])
    for message, scene in settled:
        assert all(math.hypot(p.vx, p.vy) == 0 for p in scene.pieces), "settled while pieces moved"
        assert len(message.pieces) == len(scene.pieces)
        for p in scene.pieces:
            off = min(math.hypot(p.x - q.x, p.y - q.y) for q in message.pieces if q.kind == p.kind)
            assert off < 2.0, f"a {p.kind} at {p.x:.1f}, {p.y:.1f} reported {off:.1f} mm off"
    assert len(settled) >= 3, "the board before, and after each stroke"
    assert sorted(m.kind for m in told) == sorted(p.kind for p in pocketed)
