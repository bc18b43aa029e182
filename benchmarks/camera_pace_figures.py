"""The camera board's pace, for bench_camera (CAMERA_PARTS=pace): on an installation taught as an
installer would (camera_sim/installs.py, camera_board/learn.py), a recorded game (camera_sim/video.py:
the physics' shots drawn 30 times a second over a 1/60 s shutter) is

- **followed**: the quick read of every frame in turn (the frame shrunk to the small picture, then
  read: camera_board/follow.py), CPU per frame on one thread (the camera board's one thread; the
  fair figure on a shared machine);
- **read in full** on the frames of the board at rest: CPU per frame likewise;
- **played at a Pi 5's pace**: fed to the camera board (``CameraBoard.feed``, what its thread does)
  as a live camera gives frames: each frame's CPU time, times ``PI_SLOWER``, is how long the
  board is busy, and the frames that come meanwhile are lost (a live camera does not wait). Each
  settled report is then held against where the pieces came to rest (within 1 mm Shove, 2 mm
  Carrom) and timed from the last movement: a Pi 5 assumed ``PI_SLOWER`` times slower than this
  machine (docs/camera.md, "On a Raspberry Pi 5").

Each checkout (this one, and ``CAMERA_BASELINE``'s: main) runs in a process of its own with its
own code, in turns, so both see the same load."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

PI_SLOWER = 2.5          # a Pi 5 core against one of this machine's (an assumption, not measured)
RATE = 30.0              # the camera's frames a second
TOLERANCE = {"shove": 1.0, "carrom": 2.0}

RUN = r"""
import json, sys, tempfile, time
import cv2, numpy as np
from camera_board.board import CameraBoard
from camera_board.follow import Follower, shrink
from camera_board.learn import learn, reader
from camera_sim.installs import installation, layout_of
from camera_sim.render import render
from camera_sim.video import agrees, recording
game, seed, shots, slower, rate, tolerance = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6])
cv2.setNumThreads(1)
inst = installation(game, seed, (1280, 960))
learned = learn(game, inst.lens, [list(t.frames) for t in inst.teach(6, render)])
take = recording(inst, shots, seed, render, rate=rate, hold=1.5)
# following, every frame in turn, and the full read of the frames at rest
full = reader(game, inst.lens, learned.appearance)
full.see(take.frames[0])
follower = Follower(full)
follow = []
for frame in take.frames:
    c = time.process_time(); follower.see(shrink(frame)); follow.append(time.process_time() - c)
still = [int(round(r.seconds * rate)) + k for r in take.rests for k in range(3, int(rate), 4)]
whole = []
for i in still:
    if i < len(take.frames):
        c = time.process_time(); full.see(take.frames[i]); whole.append(time.process_time() - c)
# at a Pi 5's pace: frames lost while the board is busy
with tempfile.TemporaryDirectory() as folder:
    board = CameraBoard(layout_of(game), inst.lens, link_path=folder + "/board", appearance=learned.appearance)
    board.feed(0.0, take.frames[0])      # (the first frame makes the tables and the mapping: a start, untimed)
    busy_until, lost, reports = 0.0, 0, []
    for i, frame in enumerate(take.frames[1:], 1):
        t = i / rate
        if t < busy_until:
            lost += 1
            continue
        c = time.process_time()
        messages = board.feed(t, frame)
        busy_until = t + (time.process_time() - c) * slower
        reports += [(busy_until, m) for m in messages if getattr(m, "settled", False)]
out = []
for when, m in reports:
    seen = getattr(m, "coins", None) if game == "shove" else m.pieces
    rest = max((k for k, r in enumerate(take.rests) if r.seconds <= when), default=None)
    right = rest is not None and agrees(take.rests[rest].pieces, seen, tolerance)
    out.append({"rest": rest, "after": when - take.rests[rest].seconds if rest is not None else None, "right": right})
print(json.dumps({"follow": follow, "full": whole, "reports": out, "rests": len(take.rests), "lost": lost,
                  "frames": len(take.frames)}))
"""


def measured(game: str, seed: int, shots: int, checkout: str = ".") -> dict:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(checkout), "OMP_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", RUN, game, str(seed), str(shots), str(PI_SLOWER), str(RATE),
                          str(TOLERANCE[game])], capture_output=True, text=True, env=env, cwd=checkout)
    if out.returncode:
        raise RuntimeError(out.stderr[-2000:])
    return json.loads(out.stdout.splitlines()[-1])


def described(game: str, name: str, m: dict) -> str:
    follow, whole = statistics.median(m["follow"]) * 1000, statistics.median(m["full"]) * 1000
    right = [r for r in m["reports"] if r["right"]]
    # the first right report of each rest after the first (the board at rest before any shot is
    # reported once the camera has started: no movement to time it from)
    first = {}
    for r in right:
        if r["rest"] and r["rest"] not in first:
            first[r["rest"]] = r["after"]
    after = sorted(first.values())
    wrong = sum(1 for r in m["reports"] if not r["right"])
    timed = (f"settled {statistics.median(after):.2f} s median, {max(after):.2f} s at most after the last movement"
             if after else "never settled after a shot")
    return (f"  {game}, {name}: following {follow:.1f} ms CPU median ({1000 / (follow * PI_SLOWER):.0f} frames/s on "
            f"a Pi 5), full read {whole:.0f} ms; at a Pi 5's pace ({PI_SLOWER}x, {RATE:.0f} frames/s, "
            f"{m['lost']} of {m['frames']} frames lost while busy): {len(first)} of {m['rests'] - 1} boards "
            f"after a shot settled right, {timed}; WRONG settled reports {wrong}")


def pace(game: str, seed: int, shots: int, baseline: str | None = None) -> list[str]:
    """This checkout's figures, and ``baseline``'s measured in turn (same load)."""
    lines = []
    if baseline:
        lines.append(described(game, f"{baseline}", measured(game, seed, shots, baseline)))
    lines.append(described(game, "here", measured(game, seed, shots)))
    return lines
