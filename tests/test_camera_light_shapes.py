"""Carrom: a place where the measured light stands out in a shape too long and too large for
any piece (a guest's shadow's edge, its uneven depth), or in no piece's tint against the board
(a grey dip), is not doubted as a piece the light measurement evened away
(camera_board/light_shapes.py; docs/camera.md, "Why Carrom boards are refused, counted; the
light's shapes larger than pieces", "The light's piece-sized shapes told by their tint")."""
import math

import numpy as np
from hypothesis import given, strategies as st

from camera_board.layout import carrom_layout
from camera_board.light_shapes import LONGEST, MOST, SHARE, a_pieces_tint, larger_than_pieces
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


def test_piece_sized_grey_dips_in_the_light_where_no_piece_lay_no_longer_refuse_the_board():
    # set 1,000,072's installation 072, board 5: before, refused for "the light has a piece's
    # shape at 51, 697 mm" (two shapes 36 and 40 mm long by the striker, dipping 0.04 to 0.05 in
    # every channel alike: a black's contrast at a twentieth, no other kind's)
    sighting, verdict = _read(1_000_072, 5)
    assert verdict == "right", sighting.problem


def test_a_piece_the_light_measurement_evened_away_is_still_doubted():
    # tuning installation 3 (ivory men and a white-ringed striker on light plywood; its teaching
    # refused, read here as if taught), board 3: a white evened away at 340, 502 mm, the light
    # up in his tint (blue 0.10, red not)
    from camera_board.learn import learn, reader
    from camera_sim.installs import installation
    from camera_sim.render import render
    inst = installation("carrom", 3)
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    detector = reader(inst.game, inst.lens, learned.appearance)
    for board in range(4):      # (read in the bench's order: a reader's state follows its frames)
        case = inst.board(board)
        sighting = detector.see(render(case.shot, np.random.default_rng([3, 3, board])))
    assert "the light has a piece's shape at 340, 502 mm" in sighting.problem


# the kinds' contrasts against the board (log, B, G, R) and the shapes' tints as measured
IVORY_ON_LIGHT_PLYWOOD = [(0.37, 0.16, 0.01), (-1.33, -1.63, -1.65), (-1.24, -1.49, -0.2), (0.37, 0.12, -0.05)]
CREAM_ON_DARK_PLYWOOD = [(0.69, 0.48, 0.19), (-0.7, -0.8, -0.85), (-0.08, -0.69, -0.09), (-0.47, 0.58, 0.35)]


def test_the_measured_tints_of_pieces_evened_away_are_pieces_and_the_grey_dips_are_not():
    for tint in ((0.146, 0.059, 0.019), (0.102, -0.009, -0.056), (0.092, 0.01, -0.003), (0.098, 0.03, -0.006)):
        assert a_pieces_tint(tint, IVORY_ON_LIGHT_PLYWOOD)
    for tint in ((-0.043, -0.048, -0.049), (-0.042, -0.028, -0.029)):
        assert not a_pieces_tint(tint, CREAM_ON_DARK_PLYWOOD)


contrast = st.tuples(*[st.floats(-2.0, 2.0)] * 3).filter(lambda c: np.dot(c, c) > 1e-4)


@given(kinds=st.lists(contrast, min_size=1, max_size=4), which=st.integers(0, 3), seen=st.floats(SHARE * 1.001, 1.0),
       noise=st.tuples(*[st.floats(-1.0, 1.0)] * 3))
def test_a_tint_along_a_kinds_contrast_seen_over_its_share_is_a_pieces(kinds, which, seen, noise):
    # anything at right angles to that contrast added (the rest of the board's light) changes nothing
    c = np.array(kinds[which % len(kinds)])
    n = np.array(noise)
    across = n - (n @ c) / (c @ c) * c
    assert a_pieces_tint(seen * c + across, kinds)


@given(kinds=st.lists(contrast, min_size=1, max_size=4), scale=st.floats(0.0, 1.0))
def test_a_tint_against_every_kinds_contrast_is_no_pieces(kinds, scale):
    tint = -scale * sum(np.array(c) / np.linalg.norm(c) for c in kinds)
    if all(tint @ np.array(c) <= 0 for c in kinds):
        assert not a_pieces_tint(tint, kinds)
