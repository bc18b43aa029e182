"""The camera board on motion-blurred frames (docs/camera.md, "Motion blur"): held-out
Carrom strokes and Shove shots simulated with pymunk, rendered at the camera's rate with
the lens's shutter open 1/60 s (and 1/120 s, and 0 to compare), read by the detector and
the watcher as the camera board reads them.

    ./dev bench bench_camera_blur                    10 strokes and 10 shots per shutter (some 40 min on 2 busy cores)
    BLUR_SHOTS=40 BLUR_SHUTTERS=60 ./dev bench bench_camera_blur

Figures: how far a moving piece's reading lies from where the physics has it at the
picture's moment (the middle of the exposure), how often a frame with moving pieces is
refused, and what the watcher reported: settled boards against the truth, POCKETED
against the physics' pockets."""
from __future__ import annotations

import math
import os

import numpy as np

from camera_sim.shots import simulated_shots
from camera_board.board import HEIGHTS, SCALE
from camera_board.calibrate import Calibration
from camera_board.camera import Lens, Pose
from camera_sim.corpus import HELD_OUT
from camera_board.detect import Detector
from camera_board.motion import Watcher
from camera_sim.render import Light, Shot, render
from camera_sim.rig import SIM_RATE, in_motion, still
from camera_sim.scene import carrom_scene, shove_scene

SHOTS = int(os.environ.get("BLUR_SHOTS", "10"))
SHUTTERS = tuple(int(s) for s in os.environ.get("BLUR_SHUTTERS", "60,120,0").split(","))   # 1/N s; 0: none
GAMES = tuple(os.environ.get("BLUR_GAMES", "carrom,shove").split(","))
SIZE = (1280, 960)
RATE = 10.0          # camera frames a second
MOVING = 50.0        # mm/s: a piece faster than this is "moving"


def strokes(game: str):
    """(what lay still before, the physics' frames, the pieces pocketed) of each held-out shot."""
    rng = np.random.default_rng(HELD_OUT + 100)   # strokes nothing was looked at or tuned on
    yield from simulated_shots(game, rng, SHOTS, carrom_speed=(3000, 8000), fresh_every=4)


def run_game(game: str, shutter: int) -> list[str]:
    from tablegame.families.carrom.physics import CarromBoard
    from tablegame.families.shove.board import hapenny_board
    if game == "carrom":
        board = CarromBoard()
        look, pose = (lambda items: carrom_scene(board, items)), Pose(370, 340, 1150, 370, 370)
    else:
        board = hapenny_board()
        look, pose = (lambda items: shove_scene(board, items)), Pose(178, 230, 800, 178, 254)
    lens = Lens(SIZE, shutter=1 / shutter if shutter else 0.0)
    layout = look(()).layout
    moving_errors, refused, frames_moving, wrong_settled, settled, pockets_wrong = [], 0, 0, 0, 0, 0
    rng = np.random.default_rng(HELD_OUT)
    shots = 0
    for before, frames, pocketed in strokes(game):
        shots += 1
        detector = Detector(layout, Calibration(layout, lens, SCALE[game], margin=2.0), HEIGHTS)
        watcher = Watcher(game, layout.holes)
        step = round(SIM_RATE / RATE)
        scenes = [still(look(before))] * 6 + [s for k, s in enumerate(in_motion(map(look, frames), 1 / SIM_RATE))
                                              if k % step == 0] + [still(look(frames[-1]))] * 8
        said = []
        for n, scene in enumerate(scenes):
            sighting = detector.see(render(Shot(scene, lens, pose, Light()), rng))
            fast = [p for p in scene.pieces if math.hypot(p.vx, p.vy) > MOVING]
            if fast:
                frames_moving += 1
                if sighting.problem is not None:
                    refused += 1
                else:
                    moving_errors += _errors(fast, sighting.pieces)
            for message in watcher.see(n / RATE, sighting):
                said.append(message)
                if getattr(message, "settled", False):   # against where the pieces lie now
                    settled += 1
                    seen = getattr(message, "coins", None) or getattr(message, "pieces", ())
                    if len(seen) != len(scene.pieces) or max(_errors(scene.pieces, seen), default=0) > 3.0:
                        wrong_settled += 1
        told = sum(1 for m in said if type(m).__name__ == "PiecePocketed")
        pockets_wrong += told != pocketed
    missed = sum(1 for x in moving_errors if math.isinf(x))
    found = [x for x in moving_errors if not math.isinf(x)]
    e = np.array(found) if found else np.zeros(1)
    name = f"1/{shutter} s" if shutter else "no blur"
    return [f"  {game}, shutter {name}: {shots} held-out shots at {RATE:.0f} frames/s; moving pieces "
            f"(> {MOVING:.0f} mm/s) in good frames {len(moving_errors)}, not found {missed}; error median {np.median(e):.1f} mm, "
            f"p95 {np.percentile(e, 95):.1f} mm, max {e.max():.1f} mm; frames with moving pieces refused "
            f"{refused} of {frames_moving}",
            f"    settled reports {settled}, of them wrong (a piece > 3 mm off, or missed) {wrong_settled}; "
            f"shots whose POCKETED count differs from the physics' {pockets_wrong}"]


def _errors(truth, seen) -> list[float]:
    """Each true piece's distance to the nearest reading of its kind (inf: none)."""
    out = []
    for p in truth:
        kind = getattr(p, "kind", "coin")
        near = [math.hypot(q.x - p.x, q.y - p.y) for q in seen if getattr(q, "kind", "coin") == kind]
        out.append(min(near, default=math.inf))
    return out


def run() -> list[str]:
    load = open("/proc/loadavg").read().split()[:3]
    lines = [f"camera board on blurred frames: load average {' '.join(load)} (2 cores, shared)"]
    for game in GAMES:
        for shutter in SHUTTERS:
            lines += run_game(game, shutter)
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
