"""The dice tables' figures for bench_camera (CAMERA_PARTS=dice): Schocken's and Neunfeld's
held-out corpus (camera_board/dice_corpus.py, seeds from HELD_OUT on), each die matched to
the truth by where it lies (within 10 mm), and the time a frame takes."""
from __future__ import annotations

import math
import os
import statistics
import time

import numpy as np

from camera_board.calibrate import Calibration
from camera_board.dice_corpus import HELD_OUT, TABLES, dice_case
from camera_board.dice_detect import MARGIN, SCALE, DiceDetector
from camera_board.render import render


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


def accuracy(game: str, boards: int) -> list[str]:
    table = TABLES[game]
    dice = wrong = refused = squares_wrong = towers = caught = towers_refused = false_towers = 0
    first = HELD_OUT + int(os.environ.get("CAMERA_FROM", "0"))   # to run a long corpus in parts
    for seed in range(first, first + boards):
        case = dice_case(game, seed)
        sighting = _detector(case, game).see(render(case.shot, np.random.default_rng(seed)))
        tower = not case.flat
        towers += tower
        if sighting.problem is not None:
            refused += 1
            towers_refused += tower
            continue
        read_tower = any(d.tower for d in sighting.dice)
        if tower:
            caught += read_tower
            continue
        false_towers += read_tower
        truth = case.shot.scene.dice
        dice += len(truth)
        wrong += _wrong_faces(truth, sighting.dice, table)
        squares_wrong += game == "neunfeld" and sighting.squares != case.squares
    read = boards - refused
    lines = [f"  {game}: {boards} held-out tables (seeds {first} on), {read} read, {refused} refused as unsure "
             f"({refused * 1000 / boards:.1f} per 1,000: nothing reported from them)",
             f"    dice faces (or tray) read wrong: {wrong} of {dice} dice = {wrong * 1000 / max(dice, 1):.1f} per 1,000"]
    if game == "schocken":
        lines.append(f"    Türmchen: {towers} in the corpus, {caught} caught (reported not flat), "
                     f"{towers_refused} refused, {towers - caught - towers_refused} read as flat; "
                     f"flat tables read as a Türmchen: {false_towers}")
    else:
        lines.append(f"    squares read wrong: {squares_wrong} of {read} boards = "
                     f"{squares_wrong * 1000 / max(read, 1):.1f} per 1,000")
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
