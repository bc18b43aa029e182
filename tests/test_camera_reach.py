"""The camera-height sweep's measure (benchmarks/bench_camera_reach.py, docs/camera.md,
"How high the camera may hang"): a picture where the markers are plainly there counts as found
and good; one from too high, where they are a few pixels wide, does not."""
import numpy as np

from benchmarks.bench_camera_reach import fill_height, seen
from camera_board.camera import Lens
from camera_board.learn import steps
from camera_sim.installs import hung
from camera_sim.laid import step_scene
from camera_sim.render import Light, Shot, render


def test_markers_found_and_mapped_to_a_millimetre_near_the_board_and_not_from_far_above():
    lens = Lens((640, 480), 66.0)
    scene = step_scene("shove", steps("shove")[0])
    fills = fill_height(scene.layout, lens)
    rng = np.random.default_rng(5)
    near = hung(rng, scene.layout, lens, (1.1, 1.1))
    assert seen(scene.layout, lens, near, render(Shot(scene, lens, near, Light()), rng)) == (True, True)
    far = hung(rng, scene.layout, lens, (4000 / fills, 4000 / fills))      # 4 m: markers some 6 px wide
    assert seen(scene.layout, lens, far, render(Shot(scene, lens, far, Light()), rng)) == (False, False)
