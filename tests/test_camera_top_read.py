"""A Carrom man whose side wall looks like the board is read from his top's colour only where
that read lies where his outline's centroid allows (``Detector._top_explained``): inward of
the centroid by up to half his lean (the centroid then his top's alone), a little outward for a
man thicker than assumed. Farther, something else pulled the top's colour (a lamp's highlight
out of the colour learned): a black is read from his centroid, a white is doubted in words
(docs/camera.md, "A man's top read against his outline"). A white read from his outline is
doubted where his top's read lies more than ``OUTLINE_AGREES`` beyond that (docs/camera.md,
"Brown-wood whites read from their outline")."""
import functools
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from benchmarks.camera_looks_figures import judge, seen
from camera_board.detect import OUTLINE_AGREES, THICKEST, TOP_AGREES
from camera_board.learn import learn, reader
from camera_sim.corpus import detector_for
from camera_sim.installs import installation
from camera_sim.render import render


@functools.lru_cache(maxsize=1)
def _taught(seed: int):
    """Carrom installation ``seed`` taught as the bench teaches it (benchmarks/camera_looks_figures.py,
    ``calibrated``): once for its boards read one after another (learn() makes the same Learned
    of the same frames; only read here, never changed), 9 s of drawing and learning saved."""
    inst = installation("carrom", seed)
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    said = learned.said("en")[len(learned.kinds):]
    assert said == [], said
    return inst, learned


def _read(seed: int, board: int):
    """Board ``board`` of Carrom installation ``seed``, taught and read as the bench does (a
    reader of its own for each board: what one board's read measures does not carry on)."""
    inst, learned = _taught(seed)
    detector = reader(inst.game, inst.lens, learned.appearance)
    case = inst.board(board)
    sighting = detector.see(render(case.shot, np.random.default_rng([seed, 3, board])))
    return sighting, judge(inst.game, case, sighting)


def test_a_dark_stained_black_whose_highlight_pulls_his_top_read_is_read_where_he_lies():
    # set 1,000,088's installation 095 (dark-stained blacks on honey plywood, the lamp beyond
    # the black at 591, 82 mm): before, his top's colour read him 2.03 mm off, WRONG
    sighting, (verdict, errors) = _read(1_000_095, 0)
    black = min(sighting.pieces, key=lambda p: math.hypot(p.x - 591.2, p.y - 81.6))
    assert verdict == "right", (sighting.problem, errors)
    assert math.hypot(black.x - 591.2, black.y - 81.6) < 1.0


def test_brown_wood_whites_whose_top_and_outline_disagree_are_doubted_in_words():
    # set 1,000,064's installation 064 (brown-wood whites on dark plywood, JPEG 60, 1.4 px
    # defocus), board 2: before, whites read 1.6 to 2.8 mm off, WRONG
    # (127, 29 mm on ArUco's corners, the mapping 0.4 to 0.9 mm off: "The markers' corners where their sides meet")
    sighting, (verdict, _) = _read(1_000_064, 2)
    assert verdict == "refused" and "a white at 126, 29 mm whose top and outline disagree" in sighting.problem


def test_brown_wood_whites_read_from_their_outline_far_from_their_top_read_are_doubted_in_words():
    # fresh set 1,000,104's installation 105 (brown-wood whites on dark plywood of nearly their
    # colour), boards 3 and 7: before, a white read from his outline 2.5 to 2.8 mm off, WRONG
    for board, words in ((3, "a white at 680, 182 mm whose top and outline disagree"),
                         (7, "a white at 561, 549 mm whose top and outline disagree")):
        sighting, (verdict, _) = _read(1_000_105, board)
        assert verdict == "refused" and words in sighting.problem


def test_two_touching_cream_whites_read_from_their_outline_are_not_pulled_towards_the_lamp():
    # fresh set 1,000,160's installation 160 (cream labelled whites on dark plywood, the lamp at
    # 1009, 389 mm, 1.27 m up), board 6: his lit edge blurs out past him, his far edge into his
    # drop shadow, and his outline's centroid went towards the lamp: the touching pair by the
    # back read 2.10 and 1.96 mm off, WRONG. Read as the bench reads, the boards in turn with one
    # reader (its mapping the first frame's: on board 6's own frame it lies 0.9 mm off there)
    inst, learned = _taught(1_000_160)
    detector = reader(inst.game, inst.lens, learned.appearance)
    for board in range(7):
        case = inst.board(board)
        sighting = detector.see(render(case.shot, np.random.default_rng([1_000_160, 3, board])))
    verdict, errors = judge(inst.game, case, sighting)
    assert verdict == "right", (sighting.problem, errors)
    for x, y in ((411.9, 687.7), (427.1, 660.6)):
        white = min(sighting.pieces, key=lambda p: math.hypot(p.x - x, p.y - y))
        assert white.kind == "white" and math.hypot(white.x - x, white.y - y) < 1.5


def test_a_white_whose_top_read_his_outline_explains_is_placed_halfway_to_his_outline():
    # fresh set 1,000,096's installation 096 (brown-wood whites on painted white, the lamp beyond
    # him, a neighbour touching), board 0: before, the white at 236, 584 mm read from his top's
    # colour 2.08 mm off (his outline's centroid 0.89), WRONG
    sighting, (verdict, errors) = _read(1_000_096, 0)
    white = min(sighting.pieces, key=lambda p: math.hypot(p.x - 235.7, p.y - 584.4))
    assert verdict == "right", (sighting.problem, errors)
    assert white.kind == "white" and math.hypot(white.x - 235.7, white.y - 584.4) < 1.6


@pytest.fixture(scope="module")
def detector():
    inst = installation("carrom", 1_000_095)
    case = inst.board(0)
    found = detector_for(case)
    found.see(render(case.shot, np.random.default_rng(0)))      # (the markers: the camera's place)
    return found


def _shown(detector, x: float, y: float) -> tuple[float, float]:
    """Where a man's middle read half his height up at board (x, y) shows (rectified pixels)."""
    h = detector.heights["black"] / 2
    cx, cy, cz = detector.calibration.mapping.camera
    k = cz / (cz - h)
    return detector.calibration.to_pixel(cx + (x - cx) * k, cy + (y - cy) * k)


def _outward(detector, x: float, y: float) -> tuple[float, float, float]:
    """The unit vector from below the camera to (x, y), and how far a point 1 mm up leans."""
    cx, cy, cz = detector.calibration.mapping.camera
    far = math.hypot(x - cx, y - cy)
    return (x - cx) / far, (y - cy) / far, far / cz


men = dict(x=st.floats(40, 700), y=st.floats(40, 700))


@settings(max_examples=40, deadline=None)
@given(**men, share=st.floats(0.0, 1.0))
def test_a_top_read_inward_of_the_centroid_by_up_to_half_the_lean_is_taken(detector, x, y, share):
    ox, oy, lean = _outward(detector, x, y)
    inward = share * detector.heights["black"] / 2 * lean
    top = _shown(detector, x - inward * ox, y - inward * oy)
    assert detector._top_explained("black", _shown(detector, x, y), top)


@settings(max_examples=40, deadline=None)
@given(**men, beyond=st.floats(TOP_AGREES + 0.05, 5.0), side=st.sampled_from([-1, 1]))
def test_a_top_read_to_one_side_of_the_centroid_beyond_the_allowance_is_not(detector, x, y, beyond, side):
    ox, oy, _ = _outward(detector, x, y)
    top = _shown(detector, x - side * beyond * oy, y + side * beyond * ox)
    assert not detector._top_explained("black", _shown(detector, x, y), top)


@settings(max_examples=40, deadline=None)
@given(**men, beyond=st.floats(TOP_AGREES + 0.05, 5.0))
def test_a_top_read_farther_in_or_out_than_a_man_leans_is_not(detector, x, y, beyond):
    ox, oy, lean = _outward(detector, x, y)
    h = detector.heights["black"]
    for along in (-(h / 2 * lean + beyond), (THICKEST - h) / 2 * lean + beyond):
        top = _shown(detector, x + along * ox, y + along * oy)
        assert not detector._top_explained("black", _shown(detector, x, y), top)


@settings(max_examples=40, deadline=None)
@given(**men, apart=st.floats(0.0, 5.0), side=st.sampled_from([-1, 1]))
def test_a_white_read_from_his_outline_is_judged_at_the_wider_bar(detector, x, y, apart, side):
    # (his top's read to one side of his outline's: taken within OUTLINE_AGREES, doubted beyond)
    ox, oy, _ = _outward(detector, x, y)
    top = _shown(detector, x - side * apart * oy, y + side * apart * ox)
    explained = detector._top_explained("white", _shown(detector, x, y), top, OUTLINE_AGREES)
    assert explained == (apart <= OUTLINE_AGREES) or abs(apart - OUTLINE_AGREES) < 0.01


def _read_in_turn(seed: int, board: int):
    """Board ``board`` of Carrom installation ``seed`` read as the bench reads it, the boards
    before it first with the same reader (its mapping the first frame's), taught as the bench
    teaches, read even where the teaching would refuse."""
    inst, learned = _taught_anyway(seed)
    detector = reader(inst.game, inst.lens, learned.appearance)
    for k in range(board + 1):
        case = inst.board(k)
        sighting = detector.see(render(case.shot, np.random.default_rng([seed, 3, k])))
    return sighting, judge(inst.game, case, sighting)


@functools.lru_cache(maxsize=1)
def _taught_anyway(seed: int):
    inst = installation("carrom", seed)
    return inst, learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])


def test_a_cream_white_whose_edge_looks_like_the_board_in_shadow_is_doubted_in_words():
    # fresh set 1,000,176's installation 178 (cream labelled whites on painted white, a black
    # touching him), board 4: his own rim cut as his drop shadow on the black's side, his
    # centroid read 1.7 mm and his top 3.0 mm off, halfway 2.35 mm: WRONG before
    sighting, (verdict, _) = _read_in_turn(1_000_178, 4)
    assert verdict == "refused" and "a white at 437, 562 mm whose edge looks like the board in shadow" \
        in sighting.problem, sighting.problem


def test_cream_whites_whose_edge_looks_like_the_board_in_shadow_are_taught_with_a_warning_and_no_board_read_wrong():
    # the same installation's teaching: its formation's whites read again are doubted the same way.
    # Set aside, every other piece read where it lies: taught, the installer told in words what it
    # means and what to change, and its boards read as the bench reads them, none WRONG (before:
    # refused "white looks like the board in shadow"; before that, taught and board 4 read WRONG:
    # docs/camera.md, "A formation's kind like the board in shadow taught with a warning")
    inst, learned = _taught_anyway(1_000_178)
    assert learned.ok, learned.said("en")
    assert learned.warned("en") == [
        "Read with what it learned, white looks like the board in shadow in places (step \"pieces\"): a board where "
        "the camera cannot tell where a white ends and its shadow begins is not read, the white named. To have those "
        "boards read too: pieces of a colour that is not the board's, or a board or cloth of another colour (more "
        "light does not help: the shadow stays as deep)."]
    assert learned.warned("de") == [
        "Mit dem Gelernten gelesen sieht Weiß stellenweise aus wie das Brett im Schatten (Schritt „pieces“): ein "
        "Brett, auf dem die Kamera nicht sagen kann, wo Weiß endet und der Schatten beginnt, wird nicht gelesen, "
        "Weiß dort genannt. Damit auch diese Bretter gelesen werden: Steine in einer Farbe, die nicht die des "
        "Bretts ist, oder ein Brett oder Tuch in anderer Farbe (mehr Licht hilft nicht: der Schatten bleibt "
        "gleich tief)."]
    detector = reader(inst.game, inst.lens, learned.appearance)
    verdicts = [judge(inst.game, *seen(detector, inst, render, k))[0] for k in range(8)]   # (in turn, as the bench)
    assert "wrong" not in verdicts and "right" in verdicts, verdicts


def test_a_cream_white_whose_outline_has_not_settled_is_not_read_wrong():
    # held-out set 1,000,008's installation 015 (cream labelled whites on painted white, a black
    # touching him, a lamp far to his left), board 2: his drop shadow looks like him, his peak lay
    # 7.6 mm off and the centroid's passes left him 3.3 mm off, his top's read 4.0, halfway
    # 3.64 mm (his band 0.54 cut, under EDGE_SHADED). Refused on main only for a dark-stained black
    # the blacks' shadows' depth (commit 1d26a1e) reads: WRONG with it
    sighting, (verdict, _) = _read_in_turn(1_000_015, 2)
    assert verdict != "wrong", sighting.pieces
    assert verdict == "right" or "a white at 612, 510 mm whose edge looks like the board in shadow" \
        in sighting.problem, sighting.problem


def test_brown_wood_whites_on_painted_white_pulled_towards_the_lamp_are_not_read_wrong():
    # fresh set 1,000,200's installation 204 (brown-wood labelled whites on painted white, a lamp
    # at 951, 7 mm, 1.33 m up, the camera 1.65 m up), boards 0 and 4 read in turn as the bench
    # reads them: a white's outline and his top's colour both pulled 1.5 to 2.6 mm towards the lamp
    # (his lit rim blurs out into the pale board and counts, his shaded rim is cut as his shadow;
    # the first frame's mapping 0.4 mm off the same way): halfway 2.12 and 2.04 mm off, WRONG; right
    # with the markers' corners where their sides meet (docs/camera.md: the mapping 0.11 mm off)
    inst, learned = _taught_anyway(1_000_204)
    detector = reader(inst.game, inst.lens, learned.appearance)
    verdicts = {}
    for k in range(5):
        case = inst.board(k)
        sighting = detector.see(render(case.shot, np.random.default_rng([1_000_204, 3, k])))
        verdicts[k] = judge(inst.game, case, sighting)[0]
    assert verdicts[0] != "wrong" and verdicts[4] != "wrong", verdicts
