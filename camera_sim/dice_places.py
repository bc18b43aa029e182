"""Where dice come to rest in the rendered corpora and rigs (camera_sim/dice_corpus.py,
dice_rig.py): clear of the others, touching another die (thrown dice often end side by
side), or against an edge (the table's, or the set-aside tray's, inside or out).

A spot is the centre of a die's foot, board mm; an area is (x0, y0, x1, y1)."""
from __future__ import annotations

import math

import cv2
import numpy as np

from camera_board.dice_layout import DIE
from camera_sim.dice_scene import Die

REACH = DIE * math.sqrt(2) / 2 + 1.5     # mm from a die's centre that another die keeps clear of
TOUCH_GAP = 0.5                          # mm: dice this close touch (the camera cannot see the gap)


def clear_spot(rng, area, taken, reach: float = REACH) -> tuple[float, float]:
    """A place in ``area`` no die in ``taken`` (x, y) reaches."""
    x0, y0, x1, y1 = area
    for _ in range(200):
        x, y = rng.uniform(x0 + reach, x1 - reach), rng.uniform(y0 + reach, y1 - reach)
        if all(math.hypot(x - a, y - b) > 2 * reach for a, b in taken):
            return x, y
    raise ValueError("no room for another die")


def _overlap(a: Die, b: Die) -> float:
    area, _ = cv2.intersectConvexConvex(a.corners().astype(np.float32), b.corners().astype(np.float32))
    return float(area)


def _inside(die: Die, area) -> bool:
    x0, y0, x1, y1 = area
    c = die.corners()
    return bool(c[:, 0].min() >= x0 and c[:, 0].max() <= x1 and c[:, 1].min() >= y0 and c[:, 1].max() <= y1)


def touching(rng, next_to: Die, die: Die, area, others: list[Die]) -> Die | None:
    """``die`` moved to touch ``next_to`` (a gap of 0 to TOUCH_GAP mm) from some side, its foot
    inside ``area`` and clear of ``others``; None when there is no such place."""
    for _ in range(24):
        a = rng.uniform(0, 2 * math.pi)
        ux, uy = math.cos(a), math.sin(a)
        near, far = 0.0, DIE * math.sqrt(2) + 1.0     # overlapping at ``near``, clear at ``far``
        for _ in range(24):
            mid = (near + far) / 2
            probe = Die(next_to.x + ux * mid, next_to.y + uy * mid, die.value, die.angle)
            near, far = (mid, far) if _overlap(next_to, probe) > 1e-4 else (near, mid)
        d = far + rng.uniform(0, TOUCH_GAP)
        placed = Die(next_to.x + ux * d, next_to.y + uy * d, die.value, die.angle, die.base, die.body, die.pip)
        if _inside(placed, area) and all(math.hypot(placed.x - o.x, placed.y - o.y) > 2 * REACH for o in others):
            return placed
    return None


def against_edge(rng, die: Die, area, others: list[Die]) -> Die | None:
    """``die`` moved to lie against one of ``area``'s four edges (0 to TOUCH_GAP mm from it), clear
    of ``others``; None when there is no room."""
    a = math.radians(die.angle)
    half = (abs(math.cos(a)) + abs(math.sin(a))) * DIE / 2       # the foot's half width along x and y
    x0, y0, x1, y1 = area
    for _ in range(24):
        gap, side = rng.uniform(0, TOUCH_GAP), int(rng.integers(4))
        along_x, along_y = rng.uniform(x0 + half, x1 - half), rng.uniform(y0 + half, y1 - half)
        x, y = ((x0 + half + gap, along_y), (x1 - half - gap, along_y),
                (along_x, y0 + half + gap), (along_x, y1 - half - gap))[side]
        placed = Die(x, y, die.value, die.angle, die.base, die.body, die.pip)
        if all(math.hypot(x - o.x, y - o.y) > 2 * REACH for o in others):
            return placed
    return None
