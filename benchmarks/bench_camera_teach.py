"""The machine's part of the installer's calibration (docs/camera.md, "The five minutes, step
by step"): for each game, tuning installation 0 taught as the staff page teaches it (the
steps of camera_board/learn.py, ``FRAMES`` live frames each, drawn by camera_sim/render.py),
and the CPU time ``learn()`` takes after the last step (the camera's pictures are only
kept while each step is taken). CPU time on one thread: the machine is shared.

``./dev bench bench_camera_teach`` (some 20 s of CPU); CAMERA_TEACH_GAMES=schocken for one."""
from __future__ import annotations

import os
import time

from camera_board.learn import learn
from camera_sim.installs import installation
from camera_sim.render import render

FRAMES = 6          # as web_admin/camera_teach.py keeps a step
GAMES = tuple(os.environ.get("CAMERA_TEACH_GAMES", "shove,carrom,schocken,neunfeld").split(","))


def run() -> list[str]:
    lines = [f"camera teaching: load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (shared cores)"]
    for game in GAMES:
        inst = installation(game, 0)
        shown = [list(taught.frames) for taught in inst.teach(FRAMES, render)]
        started = time.process_time()
        learned = learn(game, inst.lens, shown)
        cpu = time.process_time() - started
        lines.append(f"  {game}: {len(shown)} steps (the empty board first), {FRAMES} frames each: learning "
                     f"{cpu:.1f} s CPU ({'content' if learned.ok else 'refused'})")
    return lines
