"""The dice tables taught and read on installations of the corpus of looks (camera_sim/installs.py;
tuning seeds): the cases where a die looks like the table."""
import dataclasses

import numpy as np
import pytest

from benchmarks.camera_looks_figures import judge
from camera_board.learn import learn, reader
from camera_sim.installs import installation
from camera_sim.render import render


@pytest.fixture(scope="module")
def dark_grey():
    """Tuning installation 0 of Neunfeld with its grey paint darkened to slate's grey: Miwin's
    black die V is, to the camera's light measurement, the paint in shadow. Taught as the
    staff page asks (4 frames a step)."""
    inst = installation("neunfeld", 0)
    paint = dataclasses.replace(inst.look.surface, name="dark grey", colour=(82, 80, 76), figure=0.12, fibre=0.06)
    inst = dataclasses.replace(inst, look=dataclasses.replace(inst.look, surface=paint))
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(4, render)])
    return inst, learned


def _see(inst, learned, case, k: int):
    return reader(inst.game, inst.lens, learned.appearance).see(render(case.shot, np.random.default_rng([inst.seed, 3, k])))


def test_the_black_die_on_dark_grey_paint_is_taught_and_read_by_its_light_pips(dark_grey):
    # (before: the teaching refused, 'die V at 380, 80 mm not found': its top is as grey as the
    # paint in shadow, and the camera reported no board at all)
    inst, learned = dark_grey
    assert learned.ok, learned.said("en")
    assert "die V: 1 learned" in " ".join(learned.said("en"))
    for k in (0, 1):
        case = inst.board(k)
        sighting = _see(inst, learned, case, k)
        assert judge(inst.game, case, sighting)[0] == "right", (sighting.problem, sighting.dice, case.values)
        assert [d.value for d in sighting.dice] == list(case.values)


def test_a_board_without_the_black_die_is_refused_not_read_with_two_dice(dark_grey):
    # a die that looks like the table in shadow and is not found may still lie there: the frame is
    # unsure (nothing reported), never two dice and the squares as if sure
    inst, learned = dark_grey
    case = inst.board(0)
    scene = dataclasses.replace(case.shot.scene, dice=case.shot.scene.dice[:2])
    case = dataclasses.replace(case, shot=dataclasses.replace(case.shot, scene=scene))
    sighting = _see(inst, learned, case, 0)
    assert sighting.problem == "a die like the table in shadow not seen"


def test_the_black_die_as_grey_as_a_darker_paint_is_taught_by_its_pips_not_refused_as_like_the_board():
    # (before: 'die V looks like the board on 100 % of it': on paint nearly its own grey the
    # teaching refused, though the camera finds the die by its light pips and a frame without
    # it is unsure; tuning installation 4, the grey paint darkened further)
    inst = installation("neunfeld", 4)
    paint = dataclasses.replace(inst.look.surface, name="darker grey", colour=(70, 65, 62), figure=0.12, fibre=0.06)
    inst = dataclasses.replace(inst, look=dataclasses.replace(inst.look, surface=paint))
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(4, render)])
    assert learned.ok, learned.said("en")
    case = inst.board(0)
    sighting = _see(inst, learned, case, 0)
    assert judge(inst.game, case, sighting)[0] == "right", (sighting.problem, sighting.dice, case.values)


def test_schocken_dice_the_colour_of_the_cloth_in_a_brighter_light_are_refused_in_words_saying_so():
    # (before: six lines 'die at 60, 130 mm not found: lay it on its spot', though every die lay
    # on its spot: the camera cannot tell these dice from this cloth, and the words now say so
    # once, with what to change; tuning installation 0, its felt as pale as the dice in shadow)
    inst = installation("schocken", 0)
    cloth = dataclasses.replace(inst.look.surface, name="pale cloth", colour=(190, 196, 196))
    inst = dataclasses.replace(inst, look=dataclasses.replace(inst.look, surface=cloth))
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(4, render)])
    said = learned.said("en")[len(learned.kinds):]
    assert not learned.ok
    assert len(said) == 1 and "not one of the 6 is seen" in said[0] and "cannot tell die from the board" in said[0], said
