"""What a blob of die colour on Schocken's table is: one die lying, a Türmchen (a die on
another), or two dice side by side, touching (thrown dice often end so, and the camera
sees one blob).

The camera looks down from a known place (the calibration gives its centre), so the
outline a die casts on the rectified surface is known wherever it lies: its top, seen at
its height, leans away from the point below the camera, and the sides between top and
foot show. A tower's top is twice as high: it leans twice as far and shows twice as much
side; two dice side by side show two tops. So each blob is measured against the outline
one lying die would have there (``fit``: its area over that one's) and by its top (the
bright face: one die's top or two):

    one die lying      outline 1.0 to 1.2 of a lying die's, one top
    a Türmchen         outline 1.3 to 1.6, one top
    two dice touching  outline 2.0 to 2.3, two tops: split, each top with its own pips

Between those bands, or any other mix (three dice in one blob, a tower with a die against
it), the blob is *unsure* and nothing is reported from the frame."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np

from camera_board.dice_layout import DIE, PIPS

ONE = (0.0, 1.22)        # outline / a lying die's outline: one die lying (tuning: 1.03 to 1.17)
TOWER = (1.25, 1.85)     # a Türmchen (tuning: 1.27 to 1.58, lower when both dice are turned alike)
PAIR = (1.9, 2.5)        # two dice side by side
ONE_TOP = 1.7            # top / one die's top below this: one top (a tower's lower top shows round it)
TWO_TOPS = 1.8
R2 = math.sqrt(2)
# each face's pips' distances from its middle, nearest first, in steps (the middle to an edge's
# middle pip), and the two closest pips' distance: 1 to 6, and Miwin's 7 to 9
FACES = {n: tuple(sorted(math.hypot(*p) for p in pips)) for n, pips in PIPS.items()}
CLOSEST = {n: min(math.dist(a, b) for a in pips for b in pips if a != b) for n, pips in PIPS.items() if n > 1}
FACE_TOLERANCE = 0.2     # steps (1 mm): a pip's place in a rectified frame is this good


@dataclass(frozen=True)
class Shape:
    kind: str                   # "one", "tower", "pair" or "unsure"
    fit: float                  # the blob's area over a lying die's outline there
    tops: float                 # the top's area over one die's top


def lying_outline(camera, foot: tuple[float, float], angle: float, height: float = DIE) -> tuple[float, float]:
    """mm² on the rectified surface of a column of dice ``height`` high whose foot's centre is
    ``foot`` (board mm), turned ``angle`` degrees; and of its top alone."""
    cx, cy, cz = camera
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    h = DIE / 2
    square = np.array([(-h, -h), (h, -h), (h, h), (-h, h)])
    base = np.c_[foot[0] + square[:, 0] * c - square[:, 1] * s, foot[1] + square[:, 0] * s + square[:, 1] * c]
    k = cz / (cz - height)
    top = np.array((cx, cy)) + (base - (cx, cy)) * k
    hull = cv2.convexHull(np.r_[base, top].astype(np.float32))
    return float(cv2.contourArea(hull)), DIE * DIE * k * k


def judge(area: float, top_area: float, one_outline: float, one_top: float) -> Shape:
    fit, tops = area / one_outline, top_area / one_top
    if tops < ONE_TOP and ONE[0] <= fit < ONE[1]:
        kind = "one"
    elif tops < ONE_TOP and TOWER[0] <= fit < TOWER[1]:
        kind = "tower"
    elif tops >= TWO_TOPS and PAIR[0] <= fit < PAIR[1]:
        kind = "pair"
    else:
        kind = "unsure"
    return Shape(kind, fit, tops)


def split_pips(pips: list, step: float) -> list[list] | None:
    """Two touching dice's pips, die by die: the one way to part them into two faces (each
    pip where a face of its count has one, round the face's middle, ``step`` pixels from
    the middle to an edge's middle pip). None when no way or more than one way fits."""
    if not 2 <= len(pips) <= 12:
        return None
    points = np.asarray(pips, np.float64)
    fits = []
    for choice in itertools.product((0, 1), repeat=len(points) - 1):
        side = np.array((0, *choice), bool)      # the first pip's die is die 0
        if side.all() or not side.any():
            continue
        if is_face(points[~side], step) and is_face(points[side], step):
            fits.append(side)
    if len(fits) != 1:
        return None
    return [[tuple(p) for p in points[~fits[0]]], [tuple(p) for p in points[fits[0]]]]


def is_face(points: np.ndarray, step: float) -> bool:
    """Do ``points`` lie as a die's face of their count lies, round their mean?"""
    expected = FACES.get(len(points))
    if expected is None:
        return False
    away = np.sort(np.hypot(*(points - points.mean(axis=0)).T)) / step
    if np.abs(away - expected).max() > FACE_TOLERANCE:
        return False
    gaps = np.hypot(*(points[:, None] - points[None]).transpose(2, 0, 1))
    closest = (gaps + np.eye(len(points)) * 1e9).min() / step
    return len(points) == 1 or abs(closest - CLOSEST[len(points)]) <= FACE_TOLERANCE
