"""Coins that differ from the board little (copper on a dark wood, a blackened coin on grey
stone), touching in a row with a guest's shadow's edge across them: the tuning installations
made to show it (camera_sim/installs.py, ``NEAR_BOARD_SEEDS``). A coin whose rim the camera
tells from the board on one side only is doubted, never read a millimetre off (issue 27)."""
import math

import numpy as np
import pytest

from benchmarks.camera_looks_figures import judge
from camera_board import detect
from camera_board.learn import learn, reader
from camera_sim.installs import NEAR_BOARD_SEEDS, installation
from camera_sim.render import render

SEED = NEAR_BOARD_SEEDS[3]      # blackened bronze on grey stone


@pytest.fixture(scope="module")
def taught():
    """Installation ``SEED`` taught once for the file's two reads, as they read: this camera's
    loose teaching's doubt lifted (``detect.TAUGHT_APART``, which the teaching's own read
    again reads too)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(detect, "TAUGHT_APART", {})
        inst = installation("shove", SEED)
        return inst, learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])


def test_each_near_board_play_board_has_touching_coins_and_a_guests_shadows_edge_across_them():
    inst = installation("shove", SEED)
    assert (inst.look.surface.name, inst.look.finish("coin").name) == ("grey stone", "blackened bronze")
    for k in range(4):
        case = inst.board(k)
        coins = case.truth
        touching = [(a, b) for a in coins for b in coins
                    if a is not b and math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius + 0.5]
        assert len(touching) >= 4                        # a row of three: two pairs, each both ways
        x, y, _, width, angle, _ = case.shot.light.shadows[0]
        a = math.radians(angle)
        across = [abs(-(c.x - x) * math.sin(a) + (c.y - y) * math.cos(a)) for c in coins]
        assert min(abs(d - width / 2) for d in across) < coins[0].radius    # its edge over a coin


def test_dark_coins_touching_under_a_shadows_edge_are_doubted_not_read_a_mm_off(monkeypatch, taught):
    # (before: board 5's row of three touching coins, in the shadow's edge, was read 1.2 to
    # 1.7 mm off, their dark rims counted on one side only: a WRONG settled board. This
    # camera's teaching found its coins 0.7 mm from their spots, a doubt on every board of it:
    # lifted here, so that what is said of the row is the row's)
    monkeypatch.setattr(detect, "TAUGHT_APART", {})
    inst, learned = taught
    camera = reader(inst.game, inst.lens, learned.appearance)
    case = inst.board(5)
    sighting = camera.see(render(case.shot, np.random.default_rng([inst.seed, 3, 5])))
    verdict, errors = judge("shove", case, sighting)
    # (the row is placed by the coin's learned look now, within a mm; or doubted)
    assert verdict == "right" or (verdict == "refused" and "on one side only" in sighting.problem), \
        (verdict, max(errors, default=0.0), sighting.problem)


def test_a_dark_coins_body_read_as_its_shadow_on_one_side_is_doubted_as_the_bench_reads_it(monkeypatch, taught):
    # The bench reads an installation's boards one after another with one reader (its
    # calibration and the noise it measures carry on): so read, board 5's row was read right
    # up to 1.7 mm off and reported (a WRONG settled board): the blackened coins' own bodies
    # read as the board in shadow 2 to 3 mm inside their outlines, deeper than the band the
    # doubt measured (2 mm: one-sidedness 0.26 mm at most; over 3 mm, RIM_BAND: above 0.3)
    monkeypatch.setattr(detect, "TAUGHT_APART", {})   # (this camera's loose teaching's doubt lifted)
    inst, learned = taught
    camera = reader(inst.game, inst.lens, learned.appearance)
    verdicts = []
    for k in range(6):
        case = inst.board(k)
        sighting = camera.see(render(case.shot, np.random.default_rng([inst.seed, 3, k])))
        verdict, _ = judge("shove", case, sighting)
        assert verdict != "wrong", (k, sighting)
        verdicts.append(verdict)
    assert "right" in verdicts, verdicts   # (not a camera that refuses everything)
