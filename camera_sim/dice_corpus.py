"""Seeded corpora of the dice games' tables at rest, rendered with their truth: Schocken's
three dice (some in the tray, now and then a Türmchen) and Neunfeld's two pieces on
their squares with Miwin's three dice. As camera_sim/corpus.py: seeds below
``HELD_OUT`` tune, the figures in docs/camera.md come from ``HELD_OUT`` on."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from camera_board.camera import Lens, Pose
from camera_sim.corpus import HELD_OUT, light  # noqa: F401  (one boundary and light for every corpus)
from camera_sim.dice_places import against_edge, clear_spot, touching
from camera_board.dice_layout import (DIE, MIWIN_BODIES, TRAY_RIM, WHITE_PIP, DiceTable, neunfeld_table, schocken_table)
from camera_sim.dice_scene import Die, neunfeld_scene, schocken_scene
from camera_sim.render import Shot
from tablegame.families.neunfeld.dice import DICE as MIWIN

TABLES = {"schocken": schocken_table(), "neunfeld": neunfeld_table()}
TOUCHING = 0.35     # share of Schocken tables with two dice side by side, touching
AT_EDGE = 0.35      # share with a die against an edge (the felt's, or the tray's inside or out)


@dataclass(frozen=True)
class DiceCase:
    seed: int
    shot: Shot
    values: tuple[int, ...]          # Schocken: by x of the seen top; Neunfeld: III, IV, V
    aside: tuple[bool, ...]
    flat: bool
    squares: tuple[bool, ...] | None
    touching: bool = False           # two dice side by side, touching (one blob to the camera)
    at_edge: bool = False            # a die against an edge of the felt or the tray


def dice_case(game: str, seed: int, size: tuple[int, int] = (1280, 960)) -> DiceCase:
    rng = np.random.default_rng(seed)
    table = TABLES[game]
    if game == "schocken":
        scene, values, aside, flat, squares, touch, edge = _schocken(rng, table)
    else:
        scene, values, aside, flat, squares = _neunfeld(rng, table)
        touch = edge = False
    return DiceCase(seed, Shot(scene, Lens(size), pose(rng, table), light(rng, table)),
                    values, aside, flat, squares, touch, edge)


def pose(rng, table: DiceTable) -> Pose:
    """Hung above the middle of the table, closer than over a Shove board (a pip is 3 mm)."""
    layout = table.layout
    cx, cy = layout.width / 2, layout.length / 2
    span = max(layout.width, layout.length) + 2 * layout.frame
    return Pose(cx + rng.normal(0, 12), cy - rng.uniform(0, 0.08) * span, span * rng.uniform(1.05, 1.3),
                cx + rng.normal(0, 8), cy + rng.normal(0, 8), roll=rng.normal(0, 2.0))


def _felt(table: DiceTable) -> tuple[float, float, float, float]:
    """Where a thrown die can lie: the whole felt up to the tray's rim."""
    return 0.0, 0.0, table.tray[0] - TRAY_RIM, table.layout.length


def _schocken(rng, table: DiceTable):
    values = [int(v) for v in rng.integers(1, 7, 3)]
    aside = [bool(rng.random() < 0.3) for _ in range(3)]
    if all(aside):
        aside[int(rng.integers(3))] = False
    tower = rng.random() < 0.15 and aside.count(False) >= 2
    dice = []
    for value, put in zip(values, aside):
        x, y = clear_spot(rng, table.tray if put else table.throw_area, [(d.x, d.y) for d in dice])
        dice.append(Die(x, y, value, float(rng.uniform(0, 90))))
    lying = [i for i, a in enumerate(aside) if not a]
    top = lying[-1] if tower else None    # a Türmchen: the last lying die lands on the first lying one
    edge, touch = _pub_spots(rng, table, dice, aside, top)
    if tower:
        low, high = dice[lying[0]], dice[top]
        dice[top] = Die(low.x + rng.uniform(-2, 2), low.y + rng.uniform(-2, 2), high.value,
                        float(rng.uniform(0, 90)), base=DIE)
    seen = sorted((d for d in dice), key=lambda d: d.x)
    return (schocken_scene(table, tuple(dice)), tuple(d.value for d in seen),
            tuple(table.in_tray(d.x, d.y) for d in seen), not tower, None, touch, edge)


def _pub_spots(rng, table: DiceTable, dice: list[Die], aside, top) -> tuple[bool, bool]:
    """As dice end in a pub: now and then one against an edge (the felt's or the tray's, inside
    or out), now and then two side by side, touching. Moves ``dice`` in place; says which."""
    free = [i for i in range(len(dice)) if i != top]
    area = [table.tray if a else _felt(table) for a in aside]
    edge = touch = False
    if rng.random() < AT_EDGE:
        k = free[int(rng.integers(len(free)))]
        placed = against_edge(rng, dice[k], area[k], [d for i, d in enumerate(dice) if i != k])
        if placed is not None:
            dice[k], edge = placed, True
    pairs = [(i, j) for i in free for j in free if i != j and aside[i] == aside[j]]
    if pairs and rng.random() < TOUCHING:
        i, j = pairs[int(rng.integers(len(pairs)))]
        placed = touching(rng, dice[i], dice[j], area[j], [d for k, d in enumerate(dice) if k not in (i, j)])
        if placed is not None:
            dice[j], touch = placed, True
    return edge, touch


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
