"""Following the pieces that move, every frame the camera gives (docs/camera.md, "Keeping up").

A Pi reads the full picture a few times a second; pieces sliding across the board need more.
So every frame is read quickly on a small picture (picamera2's low-resolution stream, or the
frame shrunk to half its width): the board rectified coarsely, held against the same
learned empty board, pieces found as in the full read but nothing doubted (a smear is read
as it is). That is enough to send the moving frames, to see a stroke start and to tell
when all lies still; the settled board is then read once, in full, from the frame of that
moment (camera_board/board.py)."""
from __future__ import annotations

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


NEIGHBOURS = 6       # the pieces round one that may claim its pixels when following


class QuickDetector(Detector):
    """The full read's detector on the small picture, with a cheaper middle for each piece:
    the centroid of what differs from the empty board round it, each pixel given to the
    nearest piece (as in the full read), but without telling a piece's drop shadow from its
    rim (the full read does that), and all pieces at once: one array a step, not a loop of
    small ones per piece and neighbour. Following needs a place steady from frame to frame (a still piece must stay
    within 1 mm), not the last tenth of a millimetre: the settled board is read in full."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, quick=True, **kwargs)

    def centres(self, kept: list, apart: np.ndarray, evened, grid, shares) -> list:
        self.fills = [1.0] * len(kept)         # (the full read judges what is not seen whole)
        self.shaded = [0.0] * len(kept)
        if not kept:
            return []
        outlines = np.array([self.outline(kind, u, v) for _, kind, u, v, _ in kept], np.float32)
        window = WINDOW * self.calibration.scale
        reach = outlines[:, 2]
        pad = int(reach.max() + window + 4)
        side = 2 * pad + 1
        padded = cv2.copyMakeBorder(apart, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0.0)
        # every piece's square of the picture, all of one size (n, side, side); (u, v) of each pixel
        corner = np.rint(outlines[:, :2]).astype(np.int32) - pad
        steps = np.arange(side, dtype=np.int32)
        us = (corner[:, 0, None] + steps).astype(np.float32)           # (n, side)
        vs = (corner[:, 1, None] + steps).astype(np.float32)
        whole = padded[(vs.astype(np.int32) + pad)[:, :, None], (us.astype(np.int32) + pad)[:, None, :]]
        # each piece's nearest neighbours (pieces do not overlap: no more than six touch one), itself first
        n = len(kept)
        gaps = np.hypot(*(outlines[:, None, :2] - outlines[None, :, :2]).transpose(2, 0, 1))
        near_ones = np.argsort(gaps, axis=1)[:, :min(n, NEIGHBOURS + 1)]          # (n, k): [i, ...]
        for _ in range(3):       # all pieces at once, each pixel to the nearest outline (power distance)
            cu, cv, r = outlines[:, 0], outlines[:, 1], outlines[:, 2]
            du = us[:, None, None, :] - cu[near_ones][:, :, None, None]   # (n, k, 1, side): piece i's pixels
            dv = vs[:, None, :, None] - cv[near_ones][:, :, None, None]   # against its neighbour's middle
            power = du * du + dv * dv - (r[near_ones] ** 2)[:, :, None, None]   # (n, k, side, side)
            own = power[:, 0]
            near = own + (r * r)[:, None, None]
            mask = (near <= ((r + window) ** 2)[:, None, None]) & (power[:, 1:] >= own[:, None]).all(axis=1)
            part = whole * mask
            total = part.sum(axis=(1, 2))
            moved = total > 0
            safe = np.where(moved, total, 1.0)
            outlines[:, 0] = np.where(moved, (part.sum(axis=1) * us).sum(axis=1) / safe, cu)
            outlines[:, 1] = np.where(moved, (part.sum(axis=2) * vs).sum(axis=1) / safe, cv)
        return [(float(u), float(v)) for u, v in outlines[:, :2]]


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
