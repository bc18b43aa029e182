"""Carrom's striker and queen with a shadow's edge across them (the light falling by more than
``LIGHT_STEP`` across their diameter) are doubted: the half in shadow parts from the board
otherwise than the lit half, and neither their top's colour nor their outline places them
(docs/camera.md, "A queen at a shadow's edge")."""
import numpy as np

from benchmarks.camera_looks_figures import calibrated, judge
from camera_sim.installs import installation
from camera_sim.render import render
from tablegame.words.phrase import said


def test_a_queen_at_a_guests_shadows_edge_is_doubted_in_words():
    # 1,000,139 board 7: a pinkish queen (cream labelled whites, honey plywood) under the edge of
    # a guest's long shadow read 2.03 mm off from her outline; before, only a grey dip of the
    # light 88 mm away refused the board, and without it the board read WRONG
    seed, board = 1_000_139, 7
    inst = installation("carrom", seed)
    detector, told = calibrated(inst, render)
    assert detector is not None, told
    case = inst.board(board)
    sighting = detector.see(render(case.shot, np.random.default_rng([seed, 3, board])))
    verdict, _ = judge(inst.game, case, sighting)
    assert verdict == "refused"
    assert "a queen at 205, 582 mm at a shadow's edge, its place not sure" in said("en", sighting.problem)
