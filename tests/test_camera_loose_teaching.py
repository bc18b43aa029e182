"""A camera that cannot place coins to the millimetre (set 1,000,048's installation 054: copper
on slate, blurred, through JPEG, from high up, under two lamps): its teaching already finds the
coins 0.54 mm from their spots (the median; taught tuning installations 0.04 to 0.34) and in
play it read 4 of 8 boards WRONG, coins 1.0 to 2.1 mm off. Its coins are doubted, so the
teaching is refused in words and a board read anyway is refused, never reported (issue 27)."""
import numpy as np

from benchmarks.camera_looks_figures import judge
from camera_board.detect import TAUGHT_APART
from camera_board.learn import learn, reader
from camera_sim.installs import installation
from camera_sim.render import render

SEED = 1_000_054     # set 1,000,048 is no longer held out (docs/camera.md, "Set 1,000,048's WRONG boards")


def test_coins_the_teaching_found_far_from_their_spots_are_doubted_not_read_a_mm_off():
    # (before: the teaching was content, and board 7 read two coins 1.9 and 2.1 mm off: WRONG)
    inst = installation("shove", SEED)
    shown = [list(t.frames) for t in inst.teach(6, render)]
    learned = learn(inst.game, inst.lens, shown)
    assert learned.kinds["coin"][1] >= TAUGHT_APART["coin"]
    said = learned.said("en")[len(learned.kinds):]
    assert said == ["While teaching, the coins read 0.5 mm from their spots (the median): this camera cannot "
                    "place a coin to 1 mm. Check its focus (or hang it lower), then teach again."], said
    assert "Schärfe prüfen" in learned.said("de")[-1]
    camera = reader(inst.game, inst.lens, learned.appearance)     # taught anyway
    case = inst.board(7)
    sighting = camera.see(render(case.shot, np.random.default_rng([inst.seed, 3, 7])))
    verdict, _ = judge("shove", case, sighting)
    assert verdict == "refused" and "from their spots" in sighting.problem, sighting
