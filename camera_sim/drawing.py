"""What the two renderers (render.py for boards, dice_render.py for dice) draw with:
filled polygons at OpenCV's fixed point, circles as polygons, and the patch of a picture
round some points (a piece's smear, a shadow), clipped to the picture."""
from __future__ import annotations

import math

import cv2
import numpy as np

from camera_board.reference import SHIFT


def fill(image: np.ndarray, points: np.ndarray, colour) -> None:
    cv2.fillPoly(image, [np.round(points * 16).astype(np.int32)], colour, cv2.LINE_AA, SHIFT)


def circle(x: float, y: float, r: float, n: int = 72) -> np.ndarray:
    """A circle as ``n`` points (a polygon to project and fill)."""
    a = np.linspace(0, 2 * math.pi, n, endpoint=False)
    return np.c_[x + r * np.cos(a), y + r * np.sin(a)]


def patch_round(points: np.ndarray, shape, pad: int) -> tuple[int, int, int, int] | None:
    """(u0, v0, u1, v1): the pixels within ``pad`` of ``points`` (pixel coordinates, u
    across), clipped to a picture of ``shape``; None when none of it is in the picture."""
    (ua, va), (ub, vb) = np.floor(points.min(axis=0)).astype(int) - pad, np.ceil(points.max(axis=0)).astype(int) + pad
    ua, va, ub, vb = max(0, ua), max(0, va), min(shape[1], ub), min(shape[0], vb)
    return None if ua >= ub or va >= vb else (int(ua), int(va), int(ub), int(vb))
