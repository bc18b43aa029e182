"""Following the pieces that move, every frame the camera gives (docs/camera.md, "Keeping up").

A Pi reads the full picture a few times a second; pieces sliding across the board need more.
So every frame is read quickly on a small picture (picamera2's low-resolution stream, or the
frame shrunk to half its width): the board rectified coarsely, held against the same
learned empty board, pieces found as in the full read but nothing doubted (a smear is read
as it is). That is enough to send the moving frames, to see a stroke start and to tell
when all lies still; the settled board is then read once, in full, from the frame of that
moment (camera_board/board.py)."""
from __future__ import annotations

import math

import cv2
import numpy as np

from camera_board.appearance import Appearance
from camera_board.calibrate import Following
from camera_board.detect import WINDOW, Detector, Sighting

FACTOR = 0.5                                   # the small picture's size, of the full one's
SCALE = {"shove": 0.75, "carrom": 0.5}         # rectified pixels per mm when following


def shrink(frame: np.ndarray) -> np.ndarray:
    """A full frame at ``FACTOR`` of its size (a USB camera or a video file has no small stream)."""
    h, w = frame.shape[:2]
    return cv2.resize(frame, (int(round(w * FACTOR)), int(round(h * FACTOR))), interpolation=cv2.INTER_AREA)


class QuickDetector(Detector):
    """The full read's detector on the small picture, with a cheaper middle for each piece:
    the centroid of what differs from the empty board round it, each pixel given to the
    nearest piece (as in the full read), but without telling a piece's drop shadow from its
    rim (the full read does that) and on broadcast rows and columns instead of a grid per
    piece. Following needs a place steady from frame to frame (a still piece must stay
    within 1 mm), not the last tenth of a millimetre: the settled board is read in full."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, quick=True, **kwargs)

    def centres(self, kept: list, apart: np.ndarray, evened, grid, shares) -> list:
        outlines = [list(self.outline(kind, u, v)) for _, kind, u, v, _ in kept]
        h, w = apart.shape
        window = WINDOW * self.calibration.scale
        patches = []
        for cu, cv, reach in outlines:
            pad = int(reach + window + 4)
            iu, iv = int(round(cu)), int(round(cv))
            u0, v0, u1, v1 = max(0, iu - pad), max(0, iv - pad), min(w, iu + pad + 1), min(h, iv + pad + 1)
            patches.append((np.arange(u0, u1, dtype=np.float32)[None, :],
                            np.arange(v0, v1, dtype=np.float32)[:, None], apart[v0:v1, u0:u1]))
        for _ in range(3):
            for i, (gu, gv, whole) in enumerate(patches):
                cu, cv, reach = outlines[i]
                near = (gu - cu) ** 2 + (gv - cv) ** 2
                mask = near <= (reach + window) ** 2
                for j, (ou, ov, other) in enumerate(outlines):
                    # only a piece near enough to claim a pixel within reach + window of this one's
                    # middle (nearer by power distance) can take any: the others change nothing
                    apart = math.hypot(ou - cu, ov - cv) - reach - window
                    if j != i and (apart <= 0 or apart * apart < 2 * reach * window + window * window + other * other):
                        mask &= near - reach * reach <= (gu - ou) ** 2 + (gv - ov) ** 2 - other * other
                part = whole * mask
                total = part.sum()
                if total > 0:
                    outlines[i][:2] = float((part.sum(axis=0) * gu[0]).sum() / total), \
                        float((part.sum(axis=1) * gv[:, 0]).sum() / total)
        self.fills = [1.0] * len(kept)         # (the full read judges what is not seen whole)
        self.shaded = [0.0] * len(kept)
        return [(cu, cv) for cu, cv, _ in outlines]


class Follower:
    """``see(small)``: the pieces on the small picture of a frame, found quickly."""

    def __init__(self, full: Detector):
        """``full``: the full read (its mapping followed, its light borrowed)."""
        layout = full.layout
        self.calibration = Following(full.calibration, FACTOR, SCALE[layout.game])
        self.detector = QuickDetector(layout, self.calibration, full.heights, full.appearance)
        self.detector.borrowed = full

    def use(self, appearance: Appearance) -> None:
        self.detector.use(appearance)

    def see(self, small: np.ndarray) -> Sighting:
        return self.detector.see(small)
