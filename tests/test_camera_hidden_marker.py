"""A marker the camera misses on one frame (a noisy picture, a hand on it): the board's place
from the other three is only as good as their corners extrapolate to the fourth corner (2 to
4 mm off there on a camera hung high), so it must not linger (camera_board/calibrate.py;
docs/camera.md, "A white placed by three markers")."""
import cv2
import numpy as np

from camera_board.learn import calibration_for
from camera_sim import render as drawing
from camera_sim.installs import installation

INSTALLATION = installation("carrom", 0)     # a tuning installation: the camera 1.5 m up


def frames(count: int, hidden: int | None = None):
    """``count`` grey frames of the installation's first play board, ``hidden``: a marker
    covered (a hand on it)."""
    shot = INSTALLATION.board(0).shot
    calibration = calibration_for("carrom", INSTALLATION.lens)
    for n in range(count):
        gray = cv2.cvtColor(drawing.render(shot, np.random.default_rng([0, 9, n])), cv2.COLOR_BGR2GRAY)
        if hidden is not None:
            quad = calibration._detect(gray)[hidden]
            (x0, y0), (x1, y1) = quad.min(axis=0).astype(int) - 6, quad.max(axis=0).astype(int) + 6
            gray[max(0, y0):y1, max(0, x0):x1] = 90
        yield gray


def worst_mm(calibration) -> float:
    """How far (mm) the mapping in use puts any point of the playing surface from where it lies."""
    shot = INSTALLATION.board(0).shot
    truth = drawing.plane_homography(shot.lens.matrix, *shot.pose.rotation_translation())
    grid = np.array([[x, y] for x in np.linspace(0, 740, 9) for y in np.linspace(0, 740, 9)], np.float64)
    seen = cv2.perspectiveTransform(grid.reshape(-1, 1, 2), calibration.mapping.homography)
    back = cv2.perspectiveTransform(seen, np.linalg.inv(truth)).reshape(-1, 2)
    return float(np.hypot(*(back - grid).T).max())


def test_a_marker_hidden_at_start_counts_again_from_the_next_frame_and_places_the_board_to_a_millimetre():
    calibration = calibration_for("carrom", INSTALLATION.lens)
    calibration.update(next(frames(1, hidden=1)))
    assert calibration.mapping.markers == 3 and worst_mm(calibration) > 2.0     # (what three can do)
    for gray in frames(2):
        assert calibration.update(gray) is None
    assert calibration.mapping.markers == 4 and worst_mm(calibration) < 1.0


def test_a_hand_on_a_marker_leaves_the_four_markers_mapping_as_it_was():
    calibration = calibration_for("carrom", INSTALLATION.lens)
    for gray in frames(3):
        calibration.update(gray)
    before = worst_mm(calibration)
    for gray in frames(15, hidden=1):
        assert calibration.update(gray) is None
    assert calibration.mapping.markers == 4 and worst_mm(calibration) < max(1.0, before)


def test_a_board_placed_by_three_markers_is_not_read_but_said_so_and_read_once_the_fourth_shows():
    from camera_board.learn import reader
    board = reader("carrom", INSTALLATION.lens)
    covered = cv2.cvtColor(next(frames(1, hidden=1)), cv2.COLOR_GRAY2BGR)
    sighting = board.see(covered)
    assert sighting.pieces == () and sighting.problem.startswith("marker 1 at the board's corners is not seen")
    shown = cv2.cvtColor(list(frames(2))[1], cv2.COLOR_GRAY2BGR)
    assert "marker" not in (board.see(shown).problem or "")


def test_the_installers_corners_hold_against_three_markers():
    """A board placed by the installer's corners (markers the camera does not all see: docs,
    "Calibration" step 5) is not moved onto three markers' mapping: the corners place it to
    some 0.7 mm, the three 2 mm and more here."""
    shot = INSTALLATION.board(0).shot
    placed = drawing.plane_homography(shot.lens.matrix, *shot.pose.rotation_translation())
    calibration = calibration_for("carrom", INSTALLATION.lens, homography=placed)
    for gray in frames(3, hidden=1):
        assert calibration.update(gray) is None
    assert calibration.unsure() is None and worst_mm(calibration) < 0.1


def _hidden_then_shown(game: str, number: int, hidden: int, shown: int):
    """A reader of installation ``number`` that saw its first frame with marker ``hidden``
    covered, then ``shown`` frames with all four; its sighting of the last."""
    from camera_board.learn import reader
    shot = installation(game, number).board(0).shot
    board = reader(game, installation(game, number).lens)
    for n in range(shown + 1):
        bgr = drawing.render(shot, np.random.default_rng([0, 9, n]))
        if n == 0:
            quad = board.calibration._detect(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY))[hidden]
            (x0, y0), (x1, y1) = quad.min(axis=0).astype(int) - 6, quad.max(axis=0).astype(int) + 6
            bgr[max(0, y0):y1, max(0, x0):x1] = 90
        sighting = board.see(bgr)
    return board, sighting


def test_a_marker_seen_again_where_three_placed_the_board_well_is_counted_and_the_board_read():
    """Where the three markers' mapping already lay within NUDGE of the four's, the mapping was
    not made again and kept saying "marker ? ... is not seen" for good (a reviewer's finding)."""
    board, sighting = _hidden_then_shown("shove", 2, hidden=0, shown=3)
    assert board.calibration.mapping.markers == 4 and board.calibration.unsure() is None
    assert "marker" not in (sighting.problem or "")


def test_a_camera_knocked_so_far_a_marker_leaves_the_picture_says_so_in_words():
    """The mapping put the missing marker beyond the picture's edge: its window was empty and
    OpenCV's assertion reached the staff as the camera's fault, on nine frames in ten."""
    import dataclasses

    from camera_board.camera import Pose
    from camera_sim.corpus import HELD_OUT, case, detector_for
    seen = case("carrom", HELD_OUT, (960, 720))
    detector = detector_for(seen)
    detector.see(drawing.render(seen.shot, np.random.default_rng(1)))
    p = seen.shot.pose
    knocked = dataclasses.replace(seen.shot, pose=Pose(p.x, p.y + 100, p.z * 0.9, p.look_x, p.look_y + 100,
                                                       p.roll - 20))
    for n in range(4):
        sighting = detector.see(drawing.render(knocked, np.random.default_rng(2 + n)))
        assert sighting.pieces == () and "marker" in sighting.problem and "OpenCV" not in sighting.problem
