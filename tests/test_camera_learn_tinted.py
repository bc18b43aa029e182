"""Men a little off the board's hue (cream labelled whites on painted white, held-out looks): the
starting guess of a drop shadow ("the board's colour, darker", within the board's spread widened
for the light's error) takes their tops for the board in shadow and the teaching refused. The
teaching now also learns how far from the board's hue this pub's shadows lie (their tint), and a
kind like its shadow is cut as its shadow only within it (docs/camera.md, "A shadow's tint learned
at the teaching")."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from benchmarks.camera_looks_figures import judge
from camera_board.appearance import Appearance
from camera_board.detect import SHADOW_LIKE, Detector
from camera_board.learn import learn, reader
from camera_board.shadow_depth import LEAST, NARROWEST, ShadowDepth
from camera_sim.installs import installation
from camera_sim.render import render
from tests.test_camera_learn_shadowed import _file, _grid


def test_cream_whites_on_painted_white_are_taught_and_read_where_they_lie():
    # (before: refused, "white looks like the board in shadow" read again, all nine whites)
    inst = installation("carrom", 1_000_073)
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    assert learned.ok, learned.said("en")
    assert set(learned.appearance.tints) == {"white"} and 1.0 < learned.appearance.tints["white"] < 4.0
    case = inst.board(0)
    sighting = reader(inst.game, inst.lens, learned.appearance).see(
        render(case.shot, np.random.default_rng([inst.seed, 3, 0])))
    verdict, errors = judge(inst.game, case, sighting)
    assert verdict == "right" and max(errors) < 1.0, (verdict, sighting.problem, errors)


def test_a_top_off_the_boards_hue_is_kept_as_the_piece_within_the_learned_tint():
    grid = _grid()                                   # the board 200 grey, its spread 2 grey levels
    evened = grid.reference.copy()
    evened[:, :10] *= np.array([0.92, 0.93, 0.94], np.float32)   # a man a little off the board's hue
    evened[:, 10:20] *= 0.7                          # his drop shadow: the board's hue, darker
    apart = np.ones(evened.shape[:2], np.float32)
    box = (0, 0, 40, 40)
    _, default = Detector._no_shadow(apart, evened, grid, box)
    lit, learned = Detector._no_shadow(apart, evened, grid, box, within=1.5)
    assert default[:, :20].all()
    assert not learned[:, :10].any() and learned[:, 10:20].all() and (lit[:, :10] == 1).all()


@settings(max_examples=40, deadline=None)
@given(shadows=st.lists(st.tuples(st.floats(0.0, 0.97), st.floats(0.0, SHADOW_LIKE - 1e-3)), min_size=1, max_size=30),
       tops=st.dictionaries(st.sampled_from(["white", "black", "queen"]), st.floats(0.0, 1.0), max_size=3))
def test_a_shadows_tint_is_learned_only_where_its_depth_is_and_only_narrows_the_cut(shadows, tops):
    tint = ShadowDepth()
    many = np.repeat(np.array(shadows), LEAST // len(shadows) + 1, axis=0)
    tint.shadows, tint.tinted = [many[:, 0]], [many[:, 1]]
    tint.tops = {kind: [share] for kind, share in tops.items()}
    learned = tint.tints(0.3)
    assert set(learned) <= set(tint.depths(0.3))
    assert all(NARROWEST <= t < SHADOW_LIKE for t in learned.values())


def test_the_shadows_tint_is_saved_and_read_back_and_a_file_from_before_reads_without_one():
    before = Appearance.from_bytes(_file())
    assert before.tints == {}
    again = Appearance.from_bytes(before.with_depths({"white": 0.4}, {"white": 2.7}).to_bytes())
    assert again.depths == {"white": 0.4} and again.tints == {"white": 2.7}


@pytest.mark.parametrize("tint", [float("nan"), "wide", -1.0, 0.0])
def test_a_shadows_tint_that_is_no_distance_is_refused_in_words(tint):
    with pytest.raises(ValueError, match="not a camera board's learned board"):
        Appearance.from_bytes(_file(tints={"white": tint}))
