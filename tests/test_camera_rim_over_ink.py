"""A Carrom man's rim over the board's own lines and circles counts as him, not as his drop
shadow: his dark rim over the empty board's dark ink looks like "the board's colour, darker",
which is how a drop shadow is told (``Detector._weighed``, ``INK_PAD``; Carrom only,
``INK_GAMES``; docs/camera.md, "A man's rim over the board's own ink")."""
import math

import numpy as np

from benchmarks.camera_looks_figures import calibrated, judge, read_in_turn
from camera_board import calibrate
from camera_board.detect import INK_PAD
from camera_sim.corpus import detector_for
from camera_sim.installs import installation
from camera_sim.render import plane_homography, render


def test_a_black_with_the_centre_circle_under_his_rim_is_read_where_he_lies(monkeypatch):
    # fresh set 1,000,160's installation 160, board 5: a black of a touching three (283, 416 mm)
    # with the centre circle's ink 2 mm inside his edge. Read with the renderer's own mapping
    # (teaching and board: no error of the markers' corners to hide or add to his own), his
    # rim over the ink was cut as his shadow and he read 2.28 mm off, the board WRONG
    inst = installation("carrom", 1_000_160)
    shot = inst.board(0).shot
    truth = plane_homography(shot.lens.matrix, *shot.pose.rotation_translation())
    found = calibrate.Calibration.find
    monkeypatch.setattr(calibrate.Calibration, "find",
                        lambda self, gray: None if (f := found(self, gray)) is None else (truth.copy(), f[1]))
    detector, said = calibrated(inst, render)
    assert detector is not None, said
    case = inst.board(5)
    sighting = detector.see(render(case.shot, np.random.default_rng([1_000_160, 3, 5])))
    verdict, errors = judge(inst.game, case, sighting)
    assert verdict == "right", (sighting.problem, errors)
    black = min(sighting.pieces, key=lambda p: math.hypot(p.x - 283.02, p.y - 416.15))
    assert black.kind == "black" and math.hypot(black.x - 283.02, black.y - 416.15) < 2.0


def test_the_ink_is_where_the_layouts_lines_and_circles_lie():
    case = installation("carrom", 0).board(0)
    detector = detector_for(case)
    detector.see(render(case.shot, np.random.default_rng([0, 3, 0])))
    calibration, layout, grid = detector.calibration, detector.layout, detector._grid
    ring = max(layout.circles, key=lambda c: c.radius)      # the outer circle, 1.5 mm wide
    for off, inked in ((0.0, True), (ring.width / 2 + INK_PAD - 0.5, True), (ring.width / 2 + INK_PAD + 0.7, False),
                       (-ring.width / 2 - INK_PAD - 0.7, False)):
        u, v = calibration.to_pixel(ring.x + ring.radius + off, ring.y)
        assert grid.ink[int(round(v)), int(round(u))] == inked, off
    line = layout.lines[0]
    u, v = calibration.to_pixel((line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2)
    assert grid.ink[int(round(v)), int(round(u))]
    u, v = calibration.to_pixel(ring.x, ring.y)     # the middle of the board: no ink
    assert not grid.ink[int(round(v)), int(round(u))]


def test_a_shove_coin_with_a_line_across_him_is_read_as_before():
    # tuning Shove 903 (boards read in turn, as the bench reads them), board 5: a coin of a
    # touching three with a line under his middle, his rim over it counted as him, read 1.06 mm
    # off (WRONG); his rim there cut as before (``INK_GAMES``: Carrom's men only), 0.66 mm
    inst = installation("shove", 903)
    case, sighting = read_in_turn(inst, render, 6)[5]
    verdict, errors = judge(inst.game, case, sighting)
    assert verdict == "right", (sighting.problem, errors)
