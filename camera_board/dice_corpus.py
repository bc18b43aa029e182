"""Seeded corpora of the dice games' tables at rest, rendered with their truth: Schocken's
three dice (some in the tray, now and then a Türmchen) and Neunfeld's two pieces on
their squares with Miwin's three dice. As camera_board/corpus.py: seeds below
``HELD_OUT`` tune, the figures in docs/camera.md come from ``HELD_OUT`` on."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from camera_board.camera import Lens, Pose
from camera_board.corpus import HELD_OUT, light  # noqa: F401  (one boundary and light for every corpus)
from camera_board.dice_scene import (DIE, MIWIN_BODIES, WHITE_PIP, Die, DiceTable, neunfeld_scene,
                                     neunfeld_table, schocken_scene, schocken_table)
from camera_board.render import Shot
from tablegame.families.neunfeld.dice import DICE as MIWIN

TABLES = {"schocken": schocken_table(), "neunfeld": neunfeld_table()}
REACH = DIE * math.sqrt(2) / 2 + 1.5     # mm from a die's centre that another die keeps clear of


@dataclass(frozen=True)
class DiceCase:
    seed: int
    shot: Shot
    values: tuple[int, ...]          # Schocken: by x of the seen top; Neunfeld: III, IV, V
    aside: tuple[bool, ...]
    flat: bool
    squares: tuple[bool, ...] | None


def dice_case(game: str, seed: int, size: tuple[int, int] = (1280, 960)) -> DiceCase:
    rng = np.random.default_rng(seed)
    table = TABLES[game]
    if game == "schocken":
        scene, values, aside, flat, squares = _schocken(rng, table)
    else:
        scene, values, aside, flat, squares = _neunfeld(rng, table)
    return DiceCase(seed, Shot(scene, Lens(size), pose(rng, table), light(rng, table)),
                    values, aside, flat, squares)


def pose(rng, table: DiceTable) -> Pose:
    """Hung above the middle of the table, closer than over a Shove board (a pip is 3 mm)."""
    layout = table.layout
    cx, cy = layout.width / 2, layout.length / 2
    span = max(layout.width, layout.length) + 2 * layout.frame
    return Pose(cx + rng.normal(0, 12), cy - rng.uniform(0, 0.08) * span, span * rng.uniform(1.05, 1.3),
                cx + rng.normal(0, 8), cy + rng.normal(0, 8), roll=rng.normal(0, 2.0))




def clear_spot(rng, area, taken, reach: float = REACH) -> tuple[float, float]:
    """A place in ``area`` (x0, y0, x1, y1) no die in ``taken`` (x, y) reaches."""
    x0, y0, x1, y1 = area
    for _ in range(200):
        x, y = rng.uniform(x0 + reach, x1 - reach), rng.uniform(y0 + reach, y1 - reach)
        if all(math.hypot(x - a, y - b) > 2 * reach for a, b in taken):
            return x, y
    raise ValueError("no room for another die")


def _schocken(rng, table: DiceTable):
    values = [int(v) for v in rng.integers(1, 7, 3)]
    aside = [bool(rng.random() < 0.3) for _ in range(3)]
    if all(aside):
        aside[int(rng.integers(3))] = False
    tower = rng.random() < 0.15 and aside.count(False) >= 2
    dice, spots = [], []
    for value, put in zip(values, aside):
        x, y = clear_spot(rng, table.tray if put else table.throw_area, spots)
        spots.append((x, y))
        dice.append(Die(x, y, value, float(rng.uniform(0, 90))))
    if tower:      # the last lying die lands on the first lying one
        lying = [i for i, a in enumerate(aside) if not a]
        low, high = dice[lying[0]], dice[lying[-1]]
        dice[lying[-1]] = Die(low.x + rng.uniform(-2, 2), low.y + rng.uniform(-2, 2), high.value,
                              float(rng.uniform(0, 90)), base=DIE)
    seen = sorted((d for d in dice), key=lambda d: d.x)
    return (schocken_scene(table, tuple(dice)), tuple(d.value for d in seen),
            tuple(table.in_tray(d.x, d.y) for d in seen), not tower, None)


def _neunfeld(rng, table: DiceTable):
    squares = [int(s) for s in rng.choice(11, 2, replace=False)]
    tops, dice, spots = [], [], []
    for die, body in zip(MIWIN, MIWIN_BODIES):
        top = int(rng.choice(die.faces))
        x, y = clear_spot(rng, table.throw_area, spots)
        spots.append((x, y))
        tops.append(top)
        dice.append(Die(x, y, top, float(rng.uniform(0, 90)), body=body, pip=WHITE_PIP))
    occupied = tuple(s in squares for s in range(1, 10))
    return neunfeld_scene(table, squares, tuple(dice)), tuple(tops), (False,) * 3, True, occupied
