"""The dice tables' figures for bench_camera (CAMERA_PARTS=dice): Schocken's and Neunfeld's
held-out corpus (camera_sim/dice_corpus.py, seeds from HELD_OUT on), each die matched to
the truth by where it lies (within 10 mm), and the time a frame takes."""
from __future__ import annotations

import math
import os
import statistics
import time
from collections import Counter

import numpy as np

from camera_board.calibrate import Calibration
from camera_sim.dice_corpus import HELD_OUT, TABLES, dice_case
from camera_board.dice_detect import MARGIN, SCALE, DiceDetector
from camera_sim.render import render


def _detector(case, game):
    table = TABLES[game]
    return DiceDetector(table, Calibration(table.layout, case.shot.lens, SCALE, margin=MARGIN))


def _wrong_faces(truth, seen, table) -> int:
    """Dice whose face or tray the camera got wrong (or did not find where one lies)."""
    wrong = 0
    for die in truth:
        near = min(seen, key=lambda d: math.hypot(d.x - die.x, d.y - die.y), default=None)
        if near is None or math.hypot(near.x - die.x, near.y - die.y) > 10 or near.value != die.value \
                or bool(near.aside) != table.in_tray(die.x, die.y):
            wrong += 1
    return wrong


def _visible(case) -> list:
    """The dice the camera can see: all but a Türmchen's lower die."""
    dice = case.shot.scene.dice
    tops = [d for d in dice if d.base > 0]
    return [d for d in dice if not any(d.base == 0 and abs(d.x - t.x) < 3 and abs(d.y - t.y) < 3 for t in tops)]


def _score(case, sighting, game: str, n: Counter) -> None:
    """Adds one table's outcome to the counts ``n``."""
    tower, kinds = not case.flat, [k for k in ("touching", "at_edge") if getattr(case, k)]
    n["tables"] += 1
    n["towers"] += tower
    for k in kinds:
        n[k] += 1
    if sighting.problem is not None:
        n["refused"] += 1
        n["towers refused"] += tower
        for k in kinds:
            n[k + " refused"] += 1
        return
    read_tower = any(d.tower for d in sighting.dice)
    n["caught" if tower else "false towers"] += read_tower
    unread = [d for d in sighting.dice if not d.value]    # a tower's top: its face is kept from before
    truth = [d for d in _visible(case) if not (unread and d.base > 0)]
    wrong = _wrong_faces(truth, [d for d in sighting.dice if d.value], TABLES[game])
    n["tower tops unread"] += len(unread)
    n["dice"] += len(truth)
    n["wrong"] += wrong
    for k in kinds:
        n[k + " wrong"] += wrong
    n["squares wrong"] += game == "neunfeld" and sighting.squares != case.squares


def accuracy(game: str, boards: int) -> list[str]:
    n: Counter = Counter()
    first = HELD_OUT + int(os.environ.get("CAMERA_FROM", "0"))   # to run a long corpus in parts
    for seed in range(first, first + boards):
        case = dice_case(game, seed)
        _score(case, _detector(case, game).see(render(case.shot, np.random.default_rng(seed))), game, n)
    read, refused = boards - n["refused"], n["refused"]
    lines = [f"  {game}: {boards} held-out tables (seeds {first} on), {read} read, {refused} refused as unsure "
             f"({refused * 1000 / boards:.1f} per 1,000: nothing reported from them)",
             f"    dice faces (or tray) read wrong: {n['wrong']} of {n['dice']} dice = "
             f"{n['wrong'] * 1000 / max(n['dice'], 1):.1f} per 1,000"]
    if game == "schocken":
        towers = n["towers"]
        lines += [f"    Türmchen: {towers} in the corpus, {n['caught']} caught (reported not flat), "
                  f"{n['towers refused']} refused, {towers - n['caught'] - n['towers refused']} read as flat "
                  f"({n['tower tops unread']} tops unread: their face kept); flat tables read as a Türmchen: "
                  f"{n['false towers']}"]
        lines += [f"    {what}: {n[k]} tables ({n[k] * 100 / boards:.0f}%), {n[k + ' refused']} refused, "
                  f"{n[k + ' wrong']} dice read wrong"
                  for k, what in (("touching", "two dice touching"), ("at_edge", "a die against an edge"))]
    else:
        lines.append(f"    squares read wrong: {n['squares wrong']} of {read} boards = "
                     f"{n['squares wrong'] * 1000 / max(read, 1):.1f} per 1,000")
    return lines


def frame_time(game: str, frames: int = 20) -> str:
    case = dice_case(game, HELD_OUT)
    det = _detector(case, game)
    picture = render(case.shot, np.random.default_rng(HELD_OUT))
    det.see(picture)
    wall, cpu = [], []
    for _ in range(frames):
        t, c = time.perf_counter(), time.process_time()
        det.see(picture)
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return (f"  {game} 1280x960: {statistics.median(wall) * 1000:.0f} ms median, "
            f"{max(wall) * 1000:.0f} ms max wall; {statistics.median(cpu) * 1000:.0f} ms CPU: "
            f"{1 / statistics.median(cpu):.1f} frames/s")
