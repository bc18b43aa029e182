"""What makes the camera board quick must not change what it reads: the matched filter run
only where a piece can reach the unsure level (camera_board/detect.py), the markers looked
for first where they were (calibrate.py), the dice tables' dark check counted instead of
sorted (dice_detect.py). How quick: `./dev bench bench_camera` (docs/camera.md)."""
import dataclasses

import cv2
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from camera_board.calibrate import Calibration
from camera_board.camera import Pose
from camera_sim.corpus import HELD_OUT, case, detector_for, score
from camera_board.detect import _kernel, _matched
from camera_board.dice_detect import _median_grey
from camera_sim.render import render

SIZE = (960, 720)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(3.0, 16.0), st.floats(0.1, 0.6))
def test_the_matched_filter_is_exact_wherever_it_can_reach_the_floor(seed, radius, floor):
    rng = np.random.default_rng(seed)
    share = (rng.random((120, 150)) * 0.05).astype(np.float32)      # a little of the colour everywhere
    for _ in range(int(rng.integers(0, 7))):                        # and pieces of it, at the edges too
        centre = (int(rng.integers(-10, 160)), int(rng.integers(-10, 130)))
        cv2.circle(share, centre, int(rng.integers(2, 22)), float(rng.uniform(0.2, 1.0)), -1)
    kernel = _kernel(radius)
    everywhere = cv2.filter2D(share, -1, kernel, borderType=cv2.BORDER_CONSTANT)
    quick = _matched(share, kernel, floor)
    there = everywhere >= floor
    np.testing.assert_allclose(quick[there], everywhere[there], atol=1e-5)
    assert (quick[~there] < floor + 1e-5).all()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 60), st.integers(1, 60))
def test_the_dice_tables_dark_check_is_the_median_grey(seed, h, w):
    rect = np.random.default_rng(seed).integers(0, 256, (h, w, 3)).astype(np.float32)
    assert _median_grey(rect) == pytest.approx(float(np.median(rect.mean(axis=2))), abs=1e-3)


def test_markers_looked_for_where_they_were_give_the_mapping_the_whole_picture_gives():
    c = case("carrom", HELD_OUT, SIZE)
    gray = cv2.cvtColor(render(c.shot, np.random.default_rng(1)), cv2.COLOR_BGR2GRAY)
    calibration = detector_for(c).calibration
    calibration.find(gray)                      # the whole picture, then the markers' windows
    near, markers = calibration.find(gray)
    whole, _ = Calibration(c.shot.scene.layout, c.shot.lens, calibration.scale).find(gray)
    assert markers == 4
    np.testing.assert_allclose(near / near[2, 2], whole / whole[2, 2], rtol=1e-4, atol=1e-6)


def test_a_camera_moved_far_finds_its_markers_in_the_whole_picture_and_reads_on_once_it_sees_all_four():
    c = case("shove", HELD_OUT, SIZE)
    detector = detector_for(c)
    assert detector.see(render(c.shot, np.random.default_rng(1))).problem is None
    p = c.shot.pose
    moved = dataclasses.replace(c.shot, pose=Pose(p.x + 60, p.y - 50, p.z, p.look_x + 60, p.look_y - 50, p.roll))
    sighting = detector.see(render(moved, np.random.default_rng(2)))
    assert detector.calibration.recalibrations == 1
    # moved this far, marker 3 is out of the picture: the board is placed from the other three,
    # whose corners extrapolate to its corner some mm off (tests/test_camera_hidden_marker.py),
    # and the board says so rather than read it
    assert detector.calibration.mapping.markers == 3 and sighting.problem.startswith("marker 3 ")
    back = detector.see(render(c.shot, np.random.default_rng(3)))      # moved back: all four again
    s = score(c, back)
    assert detector.calibration.mapping.markers == 4 and s.problem is None and (s.missed, s.extra) == (0, 0)
    assert max((e for _, e in s.errors), default=0) <= 1.0


def test_a_marker_out_of_sight_for_a_while_is_used_again_once_it_shows():
    c = case("carrom", HELD_OUT, SIZE)
    gray = cv2.cvtColor(render(c.shot, np.random.default_rng(1)), cv2.COLOR_BGR2GRAY)
    calibration = detector_for(c).calibration
    assert calibration.find(gray)[1] == 4
    covered = gray.copy()
    x0, y0 = calibration._seen[0].min(axis=0).astype(int) - 5       # a hand on marker 0
    x1, y1 = calibration._seen[0].max(axis=0).astype(int) + 5
    covered[max(0, y0):y1, max(0, x0):x1] = 90
    assert calibration.find(covered)[1] == 3
    assert max(calibration.find(gray)[1] for _ in range(10)) == 4


def test_a_still_camera_hung_high_keeps_its_mapping_through_its_markers_jitter():
    """Markers some 30 px wide (installation 0's Carrom camera, hung high) put the still board
    0.5 to 1.5 mm apart from frame to frame: the mapping was re-made on every frame (100 ms a
    Carrom frame, and every piece moved by as much). Now averaged: re-made only when the board
    really moved (a knock: test_a_camera_moved_far_... above)."""
    from camera_board.learn import calibration_for
    from camera_sim.installs import installation
    inst = installation("carrom", 0, (1280, 960))
    calibration = calibration_for("carrom", inst.lens, None, None)
    shot = inst.board(0).shot
    for n in range(8):
        frame = render(shot, np.random.default_rng([0, 9, n]))
        assert calibration.update(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)) is None
    assert calibration.recalibrations <= 1


def test_following_reads_a_smeared_piece_once():
    """Following, a doubtful peak is read as a piece (a smear), but not a second peak of the
    same piece: two pieces' worth of whites from one smear made a frame of 70 'pieces'."""
    c = case("carrom", HELD_OUT, SIZE)
    detector = detector_for(c)
    detector.see(render(c.shot, np.random.default_rng(1)))
    detector.quick = True
    u, v = detector.calibration.to_pixel(300.0, 300.0)
    peaks = [(0.5, "white", int(u), int(v)), (0.45, "white", int(u) + 4, int(v))]
    kept, unsure = detector._keep(peaks, {})
    assert len(kept) == 1 and unsure == []
