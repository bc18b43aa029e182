"""The camera board's two reads timed, for bench_camera (CAMERA_PARTS=pace): on an installation
taught as an installer would (camera_sim/installs.py, camera_board/learn.py), the quick read
that follows the pieces on every frame (the frame shrunk to the small picture, then read:
camera_board/follow.py) and the full read of the settled board, CPU per frame on one
thread (the camera board's one thread; the fair figure on a shared machine), and what that
makes on a Pi 5 assumed ``PI_SLOWER`` times slower (docs/camera.md, "On a Raspberry Pi 5")."""
from __future__ import annotations

import statistics
import time

import cv2
import numpy as np

PI_SLOWER = 2.5          # a Pi 5 core against one of this machine's (an assumption, not measured)


def _cpu(read, pictures, frames: int) -> list[float]:
    read(pictures[0])     # the tables and the mapping made once, as on a running camera
    times = []
    for k in range(frames):
        c = time.process_time()
        read(pictures[k % len(pictures)])
        times.append(time.process_time() - c)
    return times


def pace(game: str, seed: int, frames: int, size: tuple[int, int] = (1280, 960)) -> list[str]:
    from camera_board.follow import Follower, shrink
    from camera_board.learn import learn, reader
    from camera_sim.installs import installation
    from camera_sim.render import render
    inst = installation(game, seed, size)
    learned = learn(game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
    full = reader(game, inst.lens, learned.appearance)
    follower = Follower(full)
    pictures = [render(inst.board(k).shot, np.random.default_rng([seed, 9, k])) for k in range(4)]
    cv2.setNumThreads(1)
    full.see(pictures[0])                       # the markers found: the follower takes the mapping
    quick = statistics.median(_cpu(lambda p: follower.see(shrink(p)), pictures, frames)) * 1000
    whole = statistics.median(_cpu(full.see, pictures, frames)) * 1000
    pi_quick, pi_whole = quick * PI_SLOWER, whole * PI_SLOWER
    return [f"  {game} {size[0]}x{size[1]} (installation {seed:,}, learned): following (shrunk + read) "
            f"{quick:.0f} ms CPU median, full read {whole:.0f} ms; a Pi 5 assumed {PI_SLOWER}x slower: "
            f"following {pi_quick:.0f} ms ({1000 / pi_quick:.0f} frames/s), full read {pi_whole:.0f} ms, "
            f"a settled report some {300 + 2 * pi_whole:.0f} ms after the last movement at 30 frames/s "
            f"(0.3 s still, then two full reads that agree)"]
