"""A camera whose centroid cannot place coins to the millimetre (its teaching finds the coins
0.4 mm or more from their spots, the median; taught tuning installations 0.04 to 0.38): its
coins are read where their learned look places them (the look was cut where the coins show on
their spots, so it carries this camera's own pull), a coin the look does not place is doubted,
and a camera looser than any measured (``LOOK_APART``, 1.3 mm) is refused at the teaching in
words (docs/camera.md, "A loose camera's coins placed by their look", "The teachings refused on
fourteen Shove tuning sets, read as if taught"; issue 27)."""
import dataclasses

import numpy as np
import pytest

from benchmarks.camera_looks_figures import judge
from camera_board import coin_look
from camera_board import learn as learning
from camera_board.detect import TAUGHT_APART
from camera_board.learn import LOOK_APART, learn, reader
from camera_sim.installs import NEAR_BOARD_SEEDS, installation
from camera_sim.render import render

BLURRED = 1_000_054     # copper on slate, blurred, through JPEG, from high up, under two lamps (tuning)
SCATTERED = 1_000_059   # its taught coins 0.4 mm off, a row of three touching on board 3
TOO_LOOSE = NEAR_BOARD_SEEDS[3]     # blackened bronze on grey stone: 0.7 mm
LOOSER = 1_000_198      # dark old pennies on slate, the coins 1.3 mm from their spots at the teaching
FOCUS = 1_000_211       # dark old pennies on slate through a defocused lens and JPEG 60: 0.6 mm


def _taught(seed):
    inst = installation("shove", seed)
    return inst, learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])


def _read(inst, learned, k):
    case = inst.board(k)
    sighting = reader(inst.game, inst.lens, learned.appearance).see(
        render(case.shot, np.random.default_rng([inst.seed, 3, k])))
    return judge("shove", case, sighting)[0], sighting


def test_a_loose_cameras_coins_are_read_where_their_learned_look_places_them():
    # (before: the teaching was refused, "this camera cannot place a coin to 1 mm"; before
    # that doubt, board 7 read two coins 1.9 and 2.1 mm off by their centroids: WRONG)
    inst, learned = _taught(BLURRED)
    assert TAUGHT_APART["coin"] <= learned.kinds["coin"][1] < LOOK_APART
    assert learned.said("en")[len(learned.kinds):] == []
    verdict, sighting = _read(inst, learned, 7)
    assert verdict == "right", sighting


def test_a_coin_its_look_does_not_place_on_a_loose_camera_is_doubted_in_words():
    # (board 3's middle coin of a touching row: its look fits at 0.41 against 0.81 taught, its
    # centroid read 1.02 mm off; before, every coin of this camera was doubted at the teaching)
    inst, learned = _taught(SCATTERED)
    assert learned.said("en")[len(learned.kinds):] == []
    verdict, sighting = _read(inst, learned, 3)
    assert verdict == "refused"
    # (the fit free of the light's slope places the middle coin now, only just over its bar: doubted
    # so; the coin beside it is the loose camera's)
    assert ("a coin at 199, 338 mm its look does not place (this camera's teaching found coins 0.4 mm from "
            "their spots: check its focus)") in sighting.problem, sighting.problem
    assert "a coin at 225, 338 mm its look fits only just" in sighting.problem, sighting.problem


@pytest.mark.parametrize("seed, board", [(LOOSER, 0), (LOOSER, 7), (TOO_LOOSE, 5)])
def test_a_camera_as_loose_as_any_measured_is_taught_and_its_coins_placed_by_their_look(seed, board):
    # (before: refused at the teaching from 0.6 mm, "this camera cannot place a coin to 1 mm";
    # taught, the read's own doubts keep what its look does not place: 1,000,198 reads its 8 boards
    # right, its coins 0.91 mm off at most, 903 one board right and 7 doubted, none WRONG)
    inst, learned = _taught(seed)
    assert 0.6 < learned.kinds["coin"][1] < LOOK_APART
    assert learned.said("en")[len(learned.kinds):] == []
    verdict, sighting = _read(inst, learned, board)
    assert verdict == "right", sighting


def test_a_camera_too_loose_for_its_look_is_refused_at_the_teaching_in_words(monkeypatch):
    # (no camera in the corpus is looser than the bar, 1.3 mm: 903's 0.65 stands in for one, the bar
    # lowered under it; before the read's doubts, read by its look it placed coins up to 1.9 mm off)
    monkeypatch.setattr(learning, "LOOK_APART", 0.6)
    _, learned = _taught(TOO_LOOSE)
    assert learned.kinds["coin"][1] >= learning.LOOK_APART
    said = learned.said("en")[len(learned.kinds):]
    assert said == ["While teaching, the coins read 0.7 mm from their spots (the median): this camera cannot "
                    "place a coin to 1 mm. Check its focus (or hang it lower), then teach again."], said
    assert "im Mittel 0,7 mm neben ihren Plätzen" in learned.said("de")[-1]   # a German decimal comma
    assert "Schärfe prüfen" in learned.said("de")[-1]


def test_a_loose_camera_without_a_learned_look_is_refused_at_the_teaching(monkeypatch):
    monkeypatch.setattr(coin_look, "FITTED", ())      # (no kind's look learned)
    inst, learned = _taught(BLURRED)
    assert learned.said("en")[len(learned.kinds):] == [
        "While teaching, the coins read 0.5 mm from their spots (the median): this camera cannot place a coin "
        "to 1 mm. Check its focus (or hang it lower), then teach again."]


def test_a_loose_camera_whose_step_reads_again_wrong_is_told_to_check_its_focus_and_focused_is_taught():
    # (1,000,211, 0.60 mm: read again, a taught coin's rim told on one side only; with the bar at 0.6
    # it was told "check its focus", under the bar of 1.3 it said "check the light", which does not
    # help: 1.6 times the light, refused the same. Focused and without its JPEG it is taught)
    inst, learned = _taught(FOCUS)
    said = learned.said("en")[len(learned.kinds):]
    assert said == ["While teaching, the coins read 0.6 mm from their spots (the median): this camera cannot "
                    "place a coin to 1 mm. Check its focus (or hang it lower), then teach again."], said
    focused = dataclasses.replace(
        inst, look=dataclasses.replace(inst.look, faults=dataclasses.replace(inst.look.faults, defocus=0.0, jpeg=0)),
        light=dataclasses.replace(inst.light, blur=0.3))
    learned = learn(focused.game, focused.lens, [list(t.frames) for t in focused.teach(6, render)])
    assert learned.ok, learned.said("en")
    assert [_read(focused, learned, k)[0] for k in (1, 2)] == ["right", "right"]
