"""The empty board as its layout describes it, seen straight down under neutral light: its
surface, frame, markings, pockets and the four markers, drawn to a fraction of a pixel.
The detector holds each frame against it to even out the light and to tell what is not
the board; the simulated camera draws its pieces on it."""
from __future__ import annotations

import functools
import math

import cv2
import numpy as np

from camera_board.layout import MARKER_DICT, TABLE, Layout

TEXTURE_SCALE = 2.5   # texture pixels per mm of the board plane
SHIFT = 4             # OpenCV's fixed-point drawing: 1/16 px


@functools.lru_cache(maxsize=4)
def board_picture(layout: Layout) -> tuple[np.ndarray, np.ndarray]:
    """The empty board with its markings and markers under neutral light, seen straight
    down (drawn once per layout), and the matrix from its pixels to board mm. The
    detector holds a frame against it to even out the light."""
    x0, y0, x1, y1 = layout.extent(margin=40.0)
    s = TEXTURE_SCALE
    size = (int(math.ceil((x1 - x0) * s)), int(math.ceil((y1 - y0) * s)))
    tex = np.empty((size[1], size[0], 3), np.uint8)
    tex[:] = TABLE

    def px(x, y):
        return int(round((x - x0) * s * 16)), int(round((y1 - y) * s * 16))

    def rect(xa, ya, xb, yb, colour):
        cv2.rectangle(tex, px(xa, yb), px(xb, ya), colour, -1, cv2.LINE_AA, SHIFT)

    f = layout.frame
    rect(-f, -f, layout.width + f, layout.length + f, layout.frame_colour)
    rect(0, 0, layout.width, layout.length, layout.wood)
    for line in layout.lines:
        cv2.line(tex, px(line.x0, line.y0), px(line.x1, line.y1), line.colour,
                 max(1, int(round(line.width * s))), cv2.LINE_AA, SHIFT)
    for c in layout.circles:
        thickness = -1 if c.width == 0 else max(1, int(round(c.width * s)))
        cv2.circle(tex, px(c.x, c.y), int(round(c.radius * s * 16)), c.colour, thickness, cv2.LINE_AA, SHIFT)
    for hx, hy, hr in layout.holes:
        cv2.circle(tex, px(hx, hy), int(round(hr * s * 16)), (10, 10, 10), -1, cv2.LINE_AA, SHIFT)
    _markers(tex, layout, px, s)
    tex.flags.writeable = False
    to_board = np.array([[1 / s, 0, x0], [0, -1 / s, y1], [0, 0, 1]], dtype=np.float64)
    return tex, to_board


def _markers(tex, layout: Layout, px, s: float) -> None:
    """Each marker (and its white quiet zone) at its exact place, to a fraction of a pixel:
    the detector's whole mapping rests on these corners."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, MARKER_DICT))
    x0, y1 = layout.extent(40.0)[0], layout.extent(40.0)[3]
    for marker, corners in layout.marker_corners().items():
        (left, top), (right, bottom) = corners[0], corners[2]
        quiet = layout.marker_size / 6 * 0.8
        a, b = px(left - quiet, top + quiet), px(right + quiet, bottom - quiet)
        cv2.rectangle(tex, a, b, (255, 255, 255), -1, cv2.LINE_AA, SHIFT)
        n = 240
        image = cv2.aruco.generateImageMarker(dictionary, marker, n, borderBits=1).astype(np.float32)
        step = layout.marker_size * s / n           # texture pixels per marker pixel
        # marker pixel i's centre lies (i + 0.5) marker pixels in from its edge
        m = np.array([[step, 0, (left - x0) * s + 0.5 * step], [0, step, (y1 - top) * s + 0.5 * step]])
        warped = cv2.warpAffine(image, m, (tex.shape[1], tex.shape[0]), flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=255.0)
        (ua, va), (ub, vb) = (a[0] // 16 + 1, a[1] // 16 + 1), (b[0] // 16 - 1, b[1] // 16 - 1)
        tex[va:vb, ua:ub] = np.clip(warped[va:vb, ua:ub], 0, 255).astype(np.uint8)[..., None]
