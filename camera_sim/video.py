"""A game as a camera records it, written to a video file: the way a real table's frames
reach the camera board through ``[camera] source = "<file>"`` (docs/camera.md). Used by the
video-file test and bench (tests/test_camera_video.py, bench_camera's ``video`` part).

``recording(inst, ...)`` plays shots with the physics (camera_sim/shots.py) on an
installation's table (camera_sim/installs.py: its look, camera, lamp), draws each camera
frame (each piece smeared over the shutter, the light changing a little between shots)
with a renderer, and says where everything came to rest after each shot (the truth the
camera's settled reports are held against). ``write`` puts pictures in a file OpenCV can
read back (MJPG in .avi, MPEG-4 part 2 in .mp4: what opencv-python-headless writes)."""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import cv2
import numpy as np

from camera_sim.installs import light_later
from camera_sim.rig import SIM_RATE, in_motion, still
from camera_sim.scene import Piece, Scene, carrom_scene, shove_scene
from camera_sim.shots import simulated_shots

SHUTTER = 1 / 60        # s: the recording camera's exposure
CODECS = {".avi": "MJPG", ".mp4": "mp4v"}


@dataclass(frozen=True)
class Rest:
    """Where everything lay once a shot came to rest, and from which second of the video on."""
    seconds: float
    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class Recording:
    frames: tuple[np.ndarray, ...]
    rate: float                      # frames a second
    rests: tuple[Rest, ...]          # the board before the first shot, then after each shot


def write(path: str, frames: Iterable[np.ndarray], rate: float) -> str:
    """The pictures as a video file at ``path`` (.avi or .mp4), ``rate`` frames a second."""
    writer = None
    suffix = path[path.rfind("."):].lower()
    if suffix not in CODECS:
        raise ValueError(f"a video file is .avi or .mp4, not {path!r}")
    try:
        for frame in frames:
            if writer is None:
                h, w = frame.shape[:2]
                writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*CODECS[suffix]), rate, (w, h))
                if not writer.isOpened():
                    raise ValueError(f"OpenCV cannot write {path!r}")
            writer.write(frame)
    finally:
        if writer is not None:
            writer.release()
    return path


def scenes_of(game: str) -> Callable[[Sequence], Scene]:
    """The physics' pieces of one frame -> the scene the camera looks at."""
    from camera_sim.corpus import CARROM, SHOVE
    if game == "shove":
        return lambda coins: shove_scene(SHOVE, coins)
    return lambda pieces: carrom_scene(CARROM, pieces)


def recording(inst, shots: int, seed: int, draw, rate: float = 10.0, hold: float = 1.0) -> Recording:
    """``shots`` shots (Shove) or strokes (Carrom) on installation ``inst``'s table, drawn by
    ``draw`` (render.render or raycast.render) ``rate`` times a second; each shot preceded by
    the board lying still for ``hold`` s (and after the last, too)."""
    rng = np.random.default_rng(seed)
    look = scenes_of(inst.game)
    lens = dataclasses.replace(inst.lens, shutter=SHUTTER)
    frames, rests = [], []
    light = inst.light
    step = max(1, round(SIM_RATE / rate))

    def show(scene):
        shot = dataclasses.replace(inst.shot(scene, light), lens=lens)
        frames.append(draw(shot, rng))

    for before, moving, _ in simulated_shots(inst.game, rng, shots):
        if not moving:
            continue
        light = light_later(rng, inst.light, inst.layout)
        rests.append(Rest(len(frames) / rate, inst.shot(look(before)).scene.pieces))
        for _ in range(int(round(hold * rate))):
            show(still(look(before)))
        for k, scene in enumerate(in_motion(map(look, moving), 1 / SIM_RATE)):
            if k % step == 0:
                show(scene)
        last = moving[-1]
    rests.append(Rest(len(frames) / rate, inst.shot(look(last)).scene.pieces))
    for _ in range(int(round(hold * rate))):
        show(still(look(last)))
    return Recording(tuple(frames), rate, tuple(rests))


def agrees(truth: Sequence[Piece], seen: Sequence, tolerance: float) -> bool:
    """Whether a reported board (coins or pieces: .x, .y, and .kind for Carrom) is ``truth``:
    as many of each kind, each within ``tolerance`` mm of one of its kind (nearest first)."""
    if len(truth) != len(seen):
        return False
    pairs = sorted((math.hypot(t.x - s.x, t.y - s.y), i, j) for i, t in enumerate(truth) for j, s in enumerate(seen)
                   if getattr(s, "kind", "coin") == t.kind)
    used_t, used_s = set(), set()
    for distance, i, j in pairs:
        if i in used_t or j in used_s or distance > tolerance:
            continue
        used_t.add(i)
        used_s.add(j)
    return len(used_t) == len(truth)
