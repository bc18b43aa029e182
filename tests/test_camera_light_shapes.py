"""Carrom: a place where the measured light stands out in a shape too long and too large for
any piece (a guest's shadow's edge, its uneven depth) is not doubted as a piece the light
measurement evened away (camera_board/light_shapes.py; docs/camera.md, "Why Carrom boards are
refused, counted; the light's shapes larger than pieces")."""
import math

from hypothesis import given, strategies as st

from camera_board.layout import carrom_layout
from camera_board.light_shapes import LONGEST, MOST, larger_than_pieces
from tablegame.families.carrom.physics import CarromBoard

RADII = carrom_layout(CarromBoard()).piece_radii
MAN = math.pi * min(RADII.values()) ** 2       # a man's area, mm²


def test_the_shapes_pieces_left_in_the_light_on_the_tuning_sets_are_still_doubted():
    # (length mm, men's areas) of the shapes with a piece under them: installation 3's ivory
    # men and white-ringed striker on light plywood, installation 6's pale striker on cream
    for length, men in ((25.5, 0.59), (30.8, 0.76), (43.4, 1.61), (61.3, 2.14), (29.6, 0.74)):
        assert not larger_than_pieces(length, men * MAN, RADII)


def test_the_long_large_shapes_where_no_piece_lay_are_the_lights_own():
    # installation 6 board 4 (92 mm, 4.1 men), 1,000,092 board 5 (381 mm, 17.6), 1,000,064 board 5
    for length, men in ((91.7, 4.09), (380.8, 17.64), (166.4, 5.47)):
        assert larger_than_pieces(length, men * MAN, RADII)


@given(n=st.integers(1, 3), fill=st.floats(0.3, 1.0))
def test_a_row_of_up_to_three_touching_men_evened_away_is_still_doubted(n, fill):
    # a row of n men, up to 3 (93 mm long, 3 men's area at most: any of it may stand out)
    assert not larger_than_pieces(n * 2 * min(RADII.values()), fill * n * MAN, RADII)


@given(length=st.floats(0, 1000), men=st.floats(0, 50))
def test_a_shape_short_or_small_enough_for_pieces_is_doubted(length, men):
    if length <= LONGEST * 2 * max(RADII.values()) or men <= MOST * (1 - 1e-9):   # (the area's rounding)
        assert not larger_than_pieces(length, men * MAN, RADII)


def _read(seed: int, board: int):
    """Board ``board`` of Carrom installation ``seed``, taught and read as the bench does (first
    after the teaching: a reader's state follows the frames it read)."""
    import numpy as np
    from benchmarks.camera_looks_figures import calibrated, judge
    from camera_sim.installs import installation
    from camera_sim.render import render
    inst = installation("carrom", seed)
    detector, said = calibrated(inst, render)
    assert detector is not None, said
    case = inst.board(board)
    sighting = detector.see(render(case.shot, np.random.default_rng([seed, 3, board])))
    return sighting, judge(inst.game, case, sighting)[0]


def test_a_board_doubted_only_for_a_shadows_long_shape_in_the_light_is_read_right():
    # set 1,000,080's installation 080, board 1: before, refused for "the light has a piece's
    # shape at 500, 459 mm", a shape some 350 mm long and 11 men large where no piece lies
    sighting, verdict = _read(1_000_080, 1)
    assert verdict == "right", sighting.problem


def test_piece_sized_shapes_where_no_piece_was_found_are_still_doubted():
    # set 1,000,072's installation 072, board 5: two shapes 36 and 40 mm long by the striker
    sighting, verdict = _read(1_000_072, 5)
    assert verdict == "refused" and "the light has a piece's shape at 51, 697 mm" in sighting.problem
