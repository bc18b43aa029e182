"""How high the camera may hang and still find the board's markers (docs/camera.md,
"Calibration": the installer's limits, measured, not guessed).

For each game, lens and marker size the camera is hung higher and higher over the empty
board (never quite square to it: offset, tilt and roll as ``camera_sim.installs.hung``
hangs it; pub light from dim to bright), and ``BOARDS`` pictures are drawn at each height,
clean and through a real camera's faults at their worst (JPEG 70, white balance 12 % off,
30 % vignetting, a 1.4 px defocus, the colour mosaic). A picture counts as found when the
calibration finds at least three markers (``MIN_MARKERS``); it is good when the mapping
they give puts every point of the surface within ``GOOD_MM`` of where it is. The figures:
the highest camera height at which every picture was found (the sweep goes on one step
past the first miss), the markers' width in pixels there, which carries over to other
lenses and sizes (the largest height is about ``focal length (px) x marker (mm) / that
width``), and the highest height up to which every mapping was good.

``./dev bench bench_camera_reach`` (some 7 minutes of CPU; figures in docs/camera.md); CAMERA_REACH_BOARDS (6) pictures a
height, CAMERA_REACH_GAMES=shove for one game."""
from __future__ import annotations

import dataclasses
import math
import os
import time

import cv2
import numpy as np

from camera_board.calibrate import Calibration
from camera_board.camera import Lens, plane_homography
from camera_board.game_layout import layout_of
from camera_board.learn import steps
from camera_sim.installs import hung
from camera_sim.laid import step_scene
from camera_sim.looks import CLASSIC, Faults, look_for
from camera_sim.render import Light, Shot, render

BOARDS = int(os.environ.get("CAMERA_REACH_BOARDS", "6"))
GAMES = tuple(os.environ.get("CAMERA_REACH_GAMES", "shove,carrom").split(","))
STEP = 100.0          # mm the camera is raised between heights
GOOD_MM = 1.0         # the mapping's worst error on the surface for a picture to count as found
WORST = Faults(jpeg=70, white_balance=(0.88, 1.0, 1.12), vignetting=0.3, defocus=1.4, bayer=True)
# the lenses: the Pi's Camera Module 3 at the table's default size, and a plain USB camera
LENSES = (("Camera Module 3, 1280×960, 66°", Lens((1280, 960), 66.0)),
          ("USB camera, 640×480, 66°", Lens((640, 480), 66.0)))
LARGER = 1.5          # markers printed this much larger (one row: the rule carries over)


def fill_height(layout, lens: Lens) -> float:
    """The height (mm) at which the board with its frame and markers just fills the picture."""
    x0, y0, x1, y1 = layout.extent(margin=10.0)
    half = math.tan(math.radians(lens.fov) / 2)
    return max((x1 - x0) / 2 / half, (y1 - y0) / 2 / (half * lens.size[1] / lens.size[0]))


def seen(layout, lens: Lens, pose, picture: np.ndarray) -> tuple[bool, bool]:
    """(at least ``MIN_MARKERS`` markers found in ``picture``, and the mapping they give
    right to ``GOOD_MM`` everywhere on the surface)."""
    got = Calibration(layout, lens, 1.0).find(cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY))
    if got is None or got[0] is None:
        return False, False
    truth = plane_homography(lens.matrix, *pose.rotation_translation())
    xs, ys = np.meshgrid(np.linspace(0, layout.width, 5), np.linspace(0, layout.length, 5))
    board = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
    back = cv2.perspectiveTransform(cv2.perspectiveTransform(board, got[0]), np.linalg.inv(truth))
    return True, float(np.abs(back - board).max()) <= GOOD_MM


@dataclasses.dataclass
class Reach:
    found: float = 0.0       # mm: the highest height at which every picture's markers were found
    good: float = 0.0        # mm: ... and every mapping was right to GOOD_MM
    width: float = 0.0       # the markers' width in pixels at ``found``
    counts: list = dataclasses.field(default_factory=list)


def sweep(game: str, lens: Lens, worst: bool, larger: float = 1.0) -> Reach:
    """How high the camera over ``game``'s board under ``lens`` may hang: the project's own
    colours (``worst`` False) or held-out looks through a real camera's faults at their worst."""
    scene = step_scene(game, steps(game)[0])
    layout = dataclasses.replace(scene.layout, marker_size=scene.layout.marker_size * larger)
    scene = dataclasses.replace(scene, layout=layout)
    fills = fill_height(layout, lens)
    reach, missed, wrong = Reach(), 0, False
    height = math.ceil(1.05 * fills / STEP) * STEP
    while missed < 2:
        rng = np.random.default_rng([int(height), int(larger * 10), len(game), int(worst)])
        found = good = 0
        for _ in range(BOARDS):
            look = dataclasses.replace(look_for(game, rng, "held-out"), faults=WORST) if worst else CLASSIC
            pose = hung(rng, layout, lens, (height / fills, height / fills))
            light = Light(exposure=rng.uniform(0.5, 1.1), warmth=rng.uniform(0, 0.8), noise=rng.uniform(1, 3.5),
                          blur=rng.uniform(0.3, 0.9), specular=rng.uniform(0.3, 1.0))
            f, g = seen(layout, lens, pose, render(Shot(scene, lens, pose, light, look), rng))
            found, good = found + f, good + g
        reach.counts.append(f"{height / 1000:.1f} m {found}/{good}")
        wrong = wrong or good < BOARDS
        if not wrong:
            reach.good = height
        if found == BOARDS and not missed:
            reach.found, reach.width = height, lens.matrix[0, 0] * layout.marker_size / height
        else:
            missed += 1
        height += STEP
    return reach


def run() -> list[str]:
    load = open("/proc/loadavg").read().split()[:3]
    lines = [f"the largest camera height at which the markers are found ({BOARDS} pictures a height; "
             f"each height's pictures: markers found / mapping within {GOOD_MM:g} mm); "
             f"load average {' '.join(load)} (2 cores, shared)"]
    started = time.process_time()
    for game in GAMES:
        marker = layout_of(game).marker_size
        rows = [(name, lens, 1.0) for name, lens in LENSES] + [(LENSES[0][0], LENSES[0][1], LARGER)]
        for name, lens, larger in rows:
            for worst, said in ((False, "the project's colours"), (True, "held-out looks, a camera's faults")):
                r = sweep(game, lens, worst, larger)
                lines.append(f"{game}, {marker * larger:g} mm markers, {name}, {said}: found up to {r.found / 1000:.1f} m "
                             f"(markers {r.width:.0f} px wide there), within {GOOD_MM:g} mm up to {r.good / 1000:.1f} m "
                             f"({', '.join(r.counts)})")
    lines.append(f"CPU {time.process_time() - started:.0f} s")
    return lines
