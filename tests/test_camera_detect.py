"""The camera board's eyes (camera_board/detect.py) on rendered pictures: a few boards of
the held-out corpus (the bench reads 1,000 of each), pub light, a hand, the dark, a camera
knocked on its arm, and markers out of sight."""
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from camera_board.camera import Lens, Pose
from camera_sim.corpus import HELD_OUT, case, detector_for, score
from camera_board.layout import PIECE_COLOURS
from camera_sim.render import Light, Shot, render
from camera_sim.scene import shove_scene
from tablegame.core.sensors import CoinReading
from tablegame.families.shove.board import hapenny_board

SIZE = (960, 720)


def read(game, seed):
    c = case(game, seed, SIZE)
    return c, score(c, detector_for(c).see(render(c.shot, np.random.default_rng(seed))))


@pytest.mark.parametrize("seed", range(HELD_OUT, HELD_OUT + 4))
def test_held_out_shove_boards_every_coin_found_within_a_millimetre(seed):
    c, s = read("shove", seed)
    assert s.problem is None and (s.missed, s.extra) == (0, 0)
    assert max((e for _, e in s.errors), default=0) <= 1.0


@pytest.mark.parametrize("seed", range(HELD_OUT, HELD_OUT + 2))
def test_held_out_carrom_boards_every_piece_found_by_colour_within_two_millimetres(seed):
    c, s = read("carrom", seed)
    assert s.problem is None and (s.missed, s.extra, s.wrong_kind) == (0, 0, 0)
    assert max((e for _, e in s.errors), default=0) <= 2.0


@settings(max_examples=4, deadline=None)
@given(st.integers(HELD_OUT + 100, HELD_OUT + 10**6))
def test_a_shove_board_is_read_right_or_not_at_all(seed):
    """Any board of the corpus: never a missed or extra coin without a word of doubt."""
    c, s = read("shove", seed)
    assert s.problem is not None or (s.missed, s.extra) == (0, 0)


BOARD = hapenny_board()
COINS = (CoinReading(100, 150), CoinReading(125.5, 150), CoinReading(200, 400), CoinReading(-30, 300))
POSE = Pose(178, 230, 800, 178, 254)


def detector(lens=Lens(SIZE)):
    from camera_board.board import HEIGHTS, SCALE
    from camera_board.calibrate import Calibration
    from camera_board.detect import Detector
    scene = shove_scene(BOARD, COINS)
    return Detector(scene.layout, Calibration(scene.layout, lens, SCALE["shove"], margin=2.0), HEIGHTS)


def picture(light=Light(), pose=POSE, coins=COINS, seed=1):
    return render(Shot(shove_scene(BOARD, coins), Lens(SIZE), pose, light), np.random.default_rng(seed))


def near(found, truth, mm=1.0):
    return len(found) == len(truth) and all(
        min(math.hypot(f.x - t.x, f.y - t.y) for f in found) <= mm for t in truth)


def test_a_hand_over_the_board_is_seen_as_a_hand_and_nothing_else():
    sighting = detector().see(picture(Light(hand=(250, 120, 80))))
    assert sighting.hand and sighting.pieces == () and "hand" in sighting.problem


def test_a_dim_warm_pub_with_a_guests_shadow_still_reads_every_coin():
    light = Light(exposure=0.45, warmth=0.8, noise=3.5, guest_shadow=(110, 160, 120, 0.45), lamp=(300, 600, 900))
    assert near(detector().see(picture(light)).pieces, COINS)


def test_in_the_dark_it_says_it_cannot_see_rather_than_guess():
    sighting = detector().see(picture(Light(exposure=0.08, noise=3)))
    assert sighting.problem is not None and sighting.pieces == ()


def test_a_camera_knocked_on_its_arm_recalibrates_from_the_markers_and_reads_on():
    d = detector()
    assert near(d.see(picture()).pieces, COINS)
    knocked = Pose(190, 215, 790, 183, 260, roll=3.0)
    sighting = d.see(picture(pose=knocked))
    assert d.calibration.recalibrations == 1 and near(sighting.pieces, COINS)


def test_with_no_marker_in_sight_it_says_so():
    black = np.zeros((SIZE[1], SIZE[0], 3), np.uint8)
    sighting = detector().see(black)
    assert sighting.problem.startswith("the markers at the board's corners cannot be seen")


def test_the_same_seed_renders_the_same_picture():
    c = case("carrom", 7, (320, 240))
    a, b = (render(c.shot, np.random.default_rng(7)) for _ in range(2))
    assert np.array_equal(a, b)


def read_tuning(seed):
    """A tuning board (camera_sim/corpus.py) as the bench renders it, at 1280x960."""
    c = case("carrom", seed)
    return c, score(c, detector_for(c).see(render(c.shot, np.random.default_rng(seed))))


def test_a_queen_whose_red_the_light_makes_look_like_ink_is_still_the_queen():
    """Tuning board 589: a dim, warm light evens the queen's red to the base circles'
    ink colour; the disc's shape says piece, so it is searched on the ink's share too."""
    c, s = read_tuning(589)
    assert s.problem is None and (s.missed, s.extra, s.wrong_kind) == (0, 0, 0)


def test_a_man_at_a_pockets_lip_is_not_taken_for_the_pocket():
    """Tuning board 769: a white whose edge hangs over a pocket; its top, seen from
    the camera, lies a few millimetres towards the corner, yet its centre is off the hole."""
    c, s = read_tuning(769)
    assert s.problem is None and (s.missed, s.extra, s.wrong_kind) == (0, 0, 0)


def test_a_man_hemmed_in_by_touching_men_is_read_not_doubted():
    """Tuning board 136: three whites touching; the middle one's filter ring read its
    neighbours' white and marked it down to a doubt (the board was refused). Looked at
    again with the found neighbours left out of the ring, it is a piece."""
    c, s = read_tuning(136)
    assert s.problem is None and (s.missed, s.extra, s.wrong_kind) == (0, 0, 0)


def test_a_piece_of_a_colour_it_cannot_name_makes_the_board_unsure_not_short(monkeypatch):
    """A guest's green token beside the coins: it differs from the empty board and is no
    coin, so the frame is refused, not read without it (nor with it as a coin)."""
    monkeypatch.setitem(PIECE_COLOURS, "token", (60, 150, 60))
    from camera_sim.scene import Piece, Scene
    scene = shove_scene(BOARD, COINS)
    scene = Scene(scene.layout, scene.pieces + (Piece("token", 250, 250, 12.7, 1.8),))
    sighting = detector().see(render(Shot(scene, Lens(SIZE), POSE, Light()), np.random.default_rng(3)))
    assert sighting.pieces == () and "at 250, 250 mm" in sighting.problem


def test_a_man_over_a_pockets_mouth_is_doubted():
    """A centre over the hole cannot be at rest (it would have dropped): unsure, in words."""
    import dataclasses
    from camera_sim.scene import Piece, Scene
    c = case("carrom", 11)
    r = c.shot.scene.layout.piece_radii["white"]
    pieces = (Piece("white", 712.5, 27.5, r, 6.0), Piece("black", 300, 300, r, 6.0))
    shot = dataclasses.replace(c.shot, scene=Scene(c.shot.scene.layout, pieces))
    sighting = detector_for(dataclasses.replace(c, shot=shot)).see(render(shot, np.random.default_rng(1)))
    assert sighting.pieces == () and "over the pocket at 724, 16 mm" in sighting.problem


def test_more_whites_than_a_carrom_set_has_is_a_misreading_not_a_board():
    """Ten whites (a guest's own piece among them): no Carrom board holds that many."""
    import dataclasses
    from camera_sim.scene import Piece, Scene
    c = case("carrom", 11)
    r = c.shot.scene.layout.piece_radii["white"]
    pieces = tuple(Piece("white", 150 + 50 * i, 400, r, 6.0) for i in range(10))
    shot = dataclasses.replace(c.shot, scene=Scene(c.shot.scene.layout, pieces))
    sighting = detector_for(dataclasses.replace(c, shot=shot)).see(render(shot, np.random.default_rng(2)))
    assert sighting.pieces == () and "10 white pieces (the game has 9)" in sighting.problem
