"""The camera board (docs/camera.md): how well it reads the held-out corpus of rendered
settled boards, how long a frame takes, and how it settles after shots.

    ./dev bench bench_camera                       1,000 boards per game (some 40 min on 2 cores)
    CAMERA_BOARDS=50 ./dev bench bench_camera      a quick look
    CAMERA_PARTS=time CAMERA_BASELINE=/tmp/old ./dev bench bench_camera   time, and the ratio to
        another checkout (say `git worktree add /tmp/old main`), the two timed in turns
    CAMERA_GAMES=carrom ./dev bench bench_camera   one game (run two such at once on two cores)
    CAMERA_PARTS=settling ./dev bench bench_camera  one part: accuracy, time, settling or dice
    CAMERA_PARTS=dice CAMERA_DICE_GAMES=schocken ./dev bench bench_camera   the dice tables
    CAMERA_PARTS=video CAMERA_VIDEO_INSTALLS=10 CAMERA_VIDEO_SHOTS=4 CAMERA_VIDEO=.mp4 ./dev bench
        bench_camera    recorded games replayed from video files through the configured table
    CAMERA_PARTS=looks CAMERA_LOOK_GAMES=carrom ./dev bench bench_camera    the corpus of looks:
        CAMERA_INSTALLS installations (50) of CAMERA_PER_INSTALL play boards (20) each, every
        renderer (CAMERA_RENDERERS=raster,raycast; the ray-caster, 3 s a frame, reads
        CAMERA_RAYCAST_PER_INSTALL boards of each: 5), calibrated as an installer would
    CAMERA_PARTS=pace CAMERA_PACE_SHOTS=2 CAMERA_BASELINE=/tmp/main ./dev bench bench_camera   CPU per
        frame of following the pieces (the small picture) and of the full read on a recorded game of a
        taught installation, and the game played at a Pi 5's pace (frames lost while busy): the Pi 5's
    CAMERA_SET=tuning ./dev bench bench_camera     the tuning set instead (to tune on)
    CAMERA_FROM=500 CAMERA_BOARDS=500 ...          accuracy from the set's 500th board (runs in parts)

Figures are from the held-out set, never tuned on: boards from seed HELD_OUT on
(camera_sim/corpus.py), shots from random seed HELD_OUT read with the jitter of held-out
boards. The tuning set: boards from seed 0, shots from seed TUNING_SHOTS with the jitter of
tuning boards."""
from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
import time

import cv2
import numpy as np

from camera_sim.shots import simulated_shots
from camera_sim.corpus import HELD_OUT, case, detector_for, score
from camera_board.motion import Watcher
from camera_sim.render import render

BOARDS = int(os.environ.get("CAMERA_BOARDS", "1000"))
SHOTS = int(os.environ.get("CAMERA_SHOTS", "1000"))
SIZES = ((1280, 960), (2028, 1520))
GAMES = tuple(os.environ.get("CAMERA_GAMES", "shove,carrom").split(","))   # one game per process: both cores
PARTS = tuple(os.environ.get("CAMERA_PARTS", "accuracy,time,settling,dice,looks,video").split(","))
DICE_GAMES = tuple(os.environ.get("CAMERA_DICE_GAMES", "schocken,neunfeld").split(","))
TUNING_SHOTS = 1                    # the random seed of the tuning set's shots
HELD = os.environ.get("CAMERA_SET", "held-out") != "tuning"
FIRST = HELD_OUT if HELD else 0     # the first board's seed
FROM = int(os.environ.get("CAMERA_FROM", "0"))   # accuracy from board FIRST + FROM: a long run in parts
SHOTS_SEED = HELD_OUT if HELD else TUNING_SHOTS
NAME = "held-out" if HELD else "tuning"
LOOK_GAMES = tuple(os.environ.get("CAMERA_LOOK_GAMES", "shove,carrom,schocken,neunfeld").split(","))
INSTALLS = int(os.environ.get("CAMERA_INSTALLS", "50"))
PER_INSTALL = int(os.environ.get("CAMERA_PER_INSTALL", "20"))
RAYCAST_PER_INSTALL = int(os.environ.get("CAMERA_RAYCAST_PER_INSTALL", str(max(1, PER_INSTALL // 4))))
VIDEO_INSTALLS = int(os.environ.get("CAMERA_VIDEO_INSTALLS", "10"))
VIDEO_SHOTS = int(os.environ.get("CAMERA_VIDEO_SHOTS", "4"))
VIDEO = os.environ.get("CAMERA_VIDEO", ".mp4")


def accuracy(game: str) -> list[str]:
    errors, counted, refused, missed, extra, wrong, pieces = [], 0, 0, 0, 0, 0, 0
    for seed in range(FIRST + FROM, FIRST + FROM + BOARDS):
        if (seed - FIRST - FROM) % 100 == 0 and seed > FIRST + FROM and os.environ.get("CAMERA_PROGRESS"):
            print(f"    ... {game}: {seed - FIRST - FROM} boards, {counted} read, {refused} refused, "
                  f"{missed} missed, {extra} extra, {wrong} wrong colours, p95 "
                  f"{np.percentile(errors, 95) if errors else 0:.2f} mm, max {max(errors, default=0):.2f} mm",
                  flush=True)
        c = case(game, seed)
        s = score(c, detector_for(c).see(render(c.shot, np.random.default_rng(seed))))
        if s.problem is not None:
            refused += 1
            continue
        counted += 1
        errors += [e for _, e in s.errors]
        missed, extra, wrong, pieces = missed + s.missed, extra + s.extra, wrong + s.wrong_kind, pieces + len(c.truth)
    e = np.array(errors) if errors else np.zeros(1)
    per_board = 1000 / max(counted, 1)
    return [f"  {game}: {BOARDS} {NAME} boards from seed {FIRST + FROM:,}, {pieces} pieces; position error median {np.median(e):.2f} mm, "
            f"p95 {np.percentile(e, 95):.2f} mm, max {e.max():.2f} mm",
            f"    count errors {(missed + extra) * per_board:.1f} per 1,000 boards ({missed} missed, {extra} extra); "
            f"colour errors {wrong * 1000 / max(pieces, 1):.1f} per 1,000 pieces; "
            f"boards refused as unsure {refused * 1000 / BOARDS:.1f} per 1,000 (nothing reported from them)"]


TIME_GAMES = tuple(os.environ.get("CAMERA_TIME_GAMES", "shove,carrom,schocken,neunfeld").split(","))
FRAMES = int(os.environ.get("CAMERA_FRAMES", "100"))          # timed frames per game, size and threads
PACE_SHOTS = int(os.environ.get("CAMERA_PACE_SHOTS", "2"))      # shots of the recorded game timed at a Pi 5's pace
BASELINE = os.environ.get("CAMERA_BASELINE")                   # another checkout, timed in turns
ROUNDS = int(os.environ.get("CAMERA_ROUNDS", "3"))             # turns each, for the ratio

# One reader timed frame after frame on one thread, as the camera board runs it; the same
# text runs in another checkout (CAMERA_BASELINE) for the ratio, so it uses only what both have.
TIMING = """
import ctypes, ctypes.util, json, sys, time
import cv2, numpy as np
try:      # the camera board's memory setting (camera_board/board.py: keep_freed_memory), in either checkout
    mallopt = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").mallopt
    for option, value in ((-8, 1), (-3, 32 << 20), (-1, 256 << 20)):
        mallopt(option, value)
except (OSError, AttributeError):
    pass
from camera_sim.render import render
game, size, frames, threads = sys.argv[1], tuple(json.loads(sys.argv[2])), int(sys.argv[3]), int(sys.argv[4])
if game in ("schocken", "neunfeld"):
    from benchmarks.camera_dice_figures import _detector
    from camera_sim.dice_corpus import HELD_OUT, dice_case
    case = dice_case(game, HELD_OUT, size)
    reader = _detector(case, game)
else:
    from camera_sim.corpus import HELD_OUT, case as board_case, detector_for
    case = board_case(game, HELD_OUT, size)
    reader = detector_for(case)
pictures = [render(case.shot, np.random.default_rng(k)) for k in range(4)]   # each its own noise
cv2.setNumThreads(threads)
reader.see(pictures[0])                 # calibrated: the markers found, the tables made
wall, cpu = [], []
for k in range(frames):
    w, c = time.perf_counter(), time.process_time()
    reader.see(pictures[k % len(pictures)])
    wall.append(time.perf_counter() - w)
    cpu.append(time.process_time() - c)
print(json.dumps({"wall": wall, "cpu": cpu}))
"""


def _timed(game: str, size: tuple[int, int], frames: int, threads: int, checkout: str = ".") -> dict:
    """Per-frame times (s) of ``checkout``'s camera board reading ``game`` at ``size`` with
    OpenCV on ``threads`` threads, in a process of its own (nothing else in it)."""
    env = {**os.environ, "PYTHONPATH": os.path.abspath(checkout), "OMP_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", TIMING, game, json.dumps(size), str(frames), str(threads)],
                         capture_output=True, text=True, env=env, cwd=checkout, check=True).stdout
    return json.loads(out.splitlines()[-1])


def _ms(times: list[float]) -> tuple[float, float]:
    """Median and p99 in ms."""
    ordered = sorted(times)
    return statistics.median(ordered) * 1000, ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000


def frame_time(game: str, size: tuple[int, int]) -> str:
    """CPU per frame on one thread (the fair figure on a shared machine, and what the camera
    board uses: docs/camera.md), and wall and CPU with OpenCV's own threads."""
    one = _timed(game, size, FRAMES, 1)
    threads = cv2.getNumThreads()
    many = _timed(game, size, FRAMES, threads)
    cpu, cpu99 = _ms(one["cpu"])
    wall, wall99 = _ms(many["wall"])
    return (f"  {game} {size[0]}x{size[1]}: one thread {cpu:.0f} ms CPU median, {cpu99:.0f} ms p99 "
            f"({1000 / cpu:.1f} frames/s); OpenCV's {threads} threads: {wall:.0f} ms wall median, "
            f"{wall99:.0f} ms p99, {_ms(many['cpu'])[0]:.0f} ms CPU")


def ratio(game: str, size: tuple[int, int] = (1280, 960), frames: int = 30) -> str:
    """CPU per frame here and in ``BASELINE``, on one thread, timed in turns (so both see
    the same load): the baseline's median over this one's."""
    old, new = [], []
    for _ in range(ROUNDS):
        old += _timed(game, size, frames, 1, BASELINE)["cpu"]
        new += _timed(game, size, frames, 1)["cpu"]
    a, b = statistics.median(old) * 1000, statistics.median(new) * 1000
    return f"  {game} {size[0]}x{size[1]}: {a:.0f} ms there, {b:.0f} ms here: {a / b:.1f} times as fast"


def settling(game: str) -> list[str]:
    """Shots as the physics plays them, each frame's truth read with the detector's
    own error (drawn from the set's errors' spread), 30 frames a second, through
    the watcher: time from the last movement to the settled report, and settled
    reports while the truth still moved (the physics' pieces not all at rest), with how
    far the truth still went after such a report and how fast it went then."""
    rng = np.random.default_rng(SHOTS_SEED)
    jitter = residuals(game, FIRST)
    delays, false_settles, shots = [], [], 0
    for before, frames, _ in simulated_shots(game, rng, SHOTS):
        if not frames:
            continue
        shots += 1
        d, f = _one_shot(game, before, frames, rng, jitter)
        false_settles += f
        if d is not None:
            delays.append(d)
    spread = np.hypot(*jitter.T)
    return [f"  {game}: {shots} simulated shots read at 30 frames/s with the detector's own frame-to-frame "
            f"noise (p99 {np.percentile(spread, 99):.2f} mm, max {spread.max():.2f} mm from the mean): settled {statistics.median(delays) * 1000:.0f} ms median, "
            f"{max(delays) * 1000:.0f} ms max after the last movement; "
            f"false settles {len(false_settles) * 1000 / max(shots, 1):.1f} per 1,000 shots",
            "    " + _false_settles(false_settles)]


def _false_settles(found: list[tuple[float, float]]) -> str:
    if not found:
        return "no settled report while the truth moved"
    went, speed = np.array(found).T
    real = int(np.sum(went >= 0.1))
    return (f"{len(found)} settled reports while the truth moved: after them the truth went at most "
            f"{went.max():.3f} mm more (median {np.median(went):.3f} mm), at up to {speed.max():.1f} mm/s; "
            f"{real} with a piece 0.1 mm or more from where it came to rest")


def residuals(game: str, first: int = HELD_OUT, boards: int = 5, renders: int = 6) -> np.ndarray:
    """How far each reading of a still piece lies from its mean over frames that differ
    only in the sensor's noise (mm, x and y): the detector's frame-to-frame noise,
    measured on the boards from seed ``first``."""
    out = []
    for seed in range(first, first + boards):
        c = case(game, seed)
        detector = detector_for(c)
        runs = [detector.see(render(c.shot, np.random.default_rng(seed * 10 + k))).pieces for k in range(renders)]
        if any(len(r) != len(runs[0]) for r in runs):
            continue
        for piece in runs[0]:
            same = [min(r, key=lambda q: (q.x - piece.x) ** 2 + (q.y - piece.y) ** 2) for r in runs]
            mean = np.mean([(q.x, q.y) for q in same], axis=0)
            out += [(q.x - mean[0], q.y - mean[1]) for q in same]
    return np.array(out)


def _one_shot(game, before, frames, rng, jitter) -> tuple[float | None, list[tuple[float, float]]]:
    """(seconds from the last movement to the settled report, and for each settled report
    while the truth moved: how far it still went (mm, the piece that went farthest) and
    how fast the fastest piece went in that frame (mm/s))."""
    from camera_board.detect import Found, Sighting
    from tablegame.families.carrom.physics import CarromBoard
    watcher = Watcher(game, tuple((x, y, CarromBoard().pocket_diameter / 2) for x, y in CarromBoard().pockets()))
    still = [before] * 12 + list(frames) + [frames[-1]] * 30
    last_move = 12 + len(frames) - 1          # the physics' last frame is the first at rest
    delay, false = None, []
    for n, items in enumerate(still):
        noise = jitter[rng.integers(len(jitter), size=len(items))]
        seen = Sighting(tuple(Found(getattr(p, "kind", "coin"), p.x + dx, p.y + dy, 0.9)
                              for p, (dx, dy) in zip(items, noise)))
        for message in watcher.see(n / 30, seen):
            if getattr(message, "settled", False):
                if 12 <= n < last_move:
                    false.append(_still_to_go(items, still[n - 1], frames[-1]))
                elif n >= last_move and delay is None:
                    delay = (n - last_move) / 30
    return delay, false


def _still_to_go(now, before, rest) -> tuple[float, float]:
    """How far the truth in ``now`` still lies from ``rest`` (mm, the farthest piece), and
    how fast its fastest piece went since ``before`` (mm/s at 30 frames a second)."""
    def apart(a, b):
        if len(a) != len(b):
            return math.inf
        return max((math.hypot(p.x - q.x, p.y - q.y) for p, q in zip(a, b)), default=0.0)
    return apart(now, rest), apart(now, before) * 30


def run() -> list[str]:
    load = open("/proc/loadavg").read().split()[:3]
    lines = [f"camera board: load average {' '.join(load)} (2 cores, shared)"]
    if "accuracy" in PARTS:
        lines.append(f"accuracy ({NAME} corpus, 1280x960):")
        for game in GAMES:
            lines += accuracy(game)
    if "time" in PARTS:
        lines.append(f"time per frame (a calibrated board read frame after frame, {FRAMES} frames):")
        for game in TIME_GAMES:
            for size in SIZES:
                lines.append(frame_time(game, size))
        if BASELINE:
            lines.append(f"CPU per frame against {BASELINE} (one thread, {ROUNDS} turns each, side by side in time):")
            lines += [ratio(game) for game in TIME_GAMES]
    if "settling" in PARTS:
        lines.append(f"settling ({NAME} shots):")
        for game in GAMES:
            lines += settling(game)
    if "looks" in PARTS:
        from benchmarks import camera_looks_figures as looks
        lines.append(f"the corpus of looks ({NAME} installations in {NAME} looks, 1280x960, one frame a board):")
        for game in LOOK_GAMES:
            for name, draw in looks.renderers().items():    # the ray-caster (some 3 s a frame) on fewer boards
                boards = PER_INSTALL if name != "raycast" else RAYCAST_PER_INSTALL
                lines += looks.accuracy(game, INSTALLS, boards, FIRST + FROM, draw, name)
    if "video" in PARTS:
        from benchmarks import camera_looks_figures as looks, camera_video_figures as video
        lines.append(f"recorded games replayed from video files through the configured table ({NAME} installations):")
        for game in (g for g in LOOK_GAMES if g in video.GAME):
            for name, draw in looks.renderers().items():
                lines += video.figures(game, VIDEO_INSTALLS, VIDEO_SHOTS, FIRST + FROM, draw, name, VIDEO)
    if "pace" in PARTS:
        from benchmarks.camera_pace_figures import pace
        lines.append(f"following, the full read and the settled report at a Pi 5's pace ({NAME} installation, "
                     f"one thread, {PACE_SHOTS} shots):")
        for game in (g for g in LOOK_GAMES if g in ("shove", "carrom")):
            lines += pace(game, FIRST + FROM, PACE_SHOTS, BASELINE)
    if "dice" in PARTS:
        from benchmarks import camera_dice_figures as dice
        lines.append("dice tables (held-out corpus, 1280x960):")
        for game in DICE_GAMES:
            lines += dice.accuracy(game, BOARDS)
            lines.append(dice.frame_time(game))
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
