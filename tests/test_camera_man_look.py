"""A Carrom white like the board in shadow, placed by his look learned from the men laid apart
(camera_board/man_look.py; docs/camera.md, "A man's look learned from men laid apart")."""
import math

import numpy as np

from benchmarks.camera_looks_figures import judge
from camera_board import coin_look, man_look
from camera_board.appearance import Appearance
from camera_board.coin_look import CoinLook
from camera_board.learn import learn, reader, steps
from camera_sim.installs import installation
from camera_sim.render import render
from tablegame.families.carrom.physics import CarromBoard


def test_the_men_laid_apart_have_a_mans_diameter_of_board_round_each_and_lie_on_the_board():
    board = CarromBoard()
    step = steps("carrom")[-1]
    assert step.name == man_look.APART and step.said("de") and step.said("en")
    kinds = [p.kind for p in step.pieces]
    assert kinds.count("white") == kinds.count("black") == 9 and kinds.count("queen") == kinds.count("striker") == 1
    for i, a in enumerate(step.pieces):
        ra = board.radius("striker" if a.kind == "striker" else "white")
        assert ra < a.x < board.size - ra and ra < a.y < board.size - ra
        for b in step.pieces[i + 1:]:
            rb = board.radius("striker" if b.kind == "striker" else "white")
            assert math.hypot(a.x - b.x, a.y - b.y) - ra - rb >= board.man_diameter


def test_a_white_whose_edge_looks_like_the_board_in_shadow_is_placed_by_his_look():
    # set 1,000,104's installation 107: brown-wood labelled whites on painted white, JPEG 60, a
    # 1.4 px defocus. Before the men laid apart board 0 was refused for "a white at 602, 553 mm
    # whose edge looks like the board in shadow" (his rim cut as his drop shadow)
    inst = installation("carrom", 1_000_107)
    learned = learn(inst.game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    assert learned.ok, learned.said("en")
    assert sum(1 for name in learned.appearance.looks if man_look.spot(name)) == 9
    again = Appearance.from_bytes(learned.appearance.to_bytes())     # (kept with the learned board)
    assert sorted(again.looks) == sorted(learned.appearance.looks)
    case = inst.board(0)
    sighting = reader(inst.game, inst.lens, again).see(render(case.shot, np.random.default_rng([1_000_107, 3, 0])))
    verdict, errors = judge(inst.game, case, sighting)
    assert verdict == "right" and max(errors) < 1.5, (verdict, sighting.problem, errors)


def test_a_white_is_fitted_by_the_looks_of_the_three_spots_nearest_him():
    rng = np.random.default_rng(1)
    patches = {man_look.key("white", x, y): rng.normal(1.0, 0.1, (61, 61)).astype(np.float32)
               for x, y in ((0, 0), (100, 0), (0, 100), (300, 300))}
    looks = {**{name: CoinLook(p, 1.5) for name, p in patches.items()}, "coin": CoinLook(patches["white@0.0,0.0"], 1.5)}
    near = man_look.near(looks, "white", 10, 10, 1.5)
    nearest = [patches[man_look.key("white", x, y)] for x, y in ((0, 0), (100, 0), (0, 100))]
    assert np.allclose(near.patch, np.mean(nearest, axis=0))
    # (its bar: its worst fit to one of the three spots' own looks)
    assert near.taught == min(coin_look._score(CoinLook(near.patch, 1.5), p) for p in nearest) and 0.3 < near.taught < 0.8
    assert man_look.near(looks, "black", 10, 10, 1.5) is None
    assert man_look.spot("coin") is None and man_look.spot(man_look.key("white", 12.5, 3)) == ("white", 12.5, 3.0)
