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
from camera_board.detect import SHADOW_DEPTH, SHADOW_LIKE, SHADOW_RIM, WINDOW, Detector, Sighting

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
    nearest piece, its drop shadow left out round its rim (as in the full read), but all
    pieces at once: one array a step, not a loop of small ones per piece and neighbour.
    Following needs a place steady from frame to frame (a still piece must stay within 1 mm),
    not the last tenth of a millimetre: the settled board is read in full."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, quick=True, **kwargs)

    def _kind_doubt(self, shares: dict, kind: str, u: float, v: float) -> None:
        return None        # (following, doubts are not said: spared)

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
        # every piece's square of the picture, all of one size (n, side, side); (u, v) of each pixel
        corner = np.rint(outlines[:, :2]).astype(np.int32) - pad
        steps = np.arange(side, dtype=np.int32)
        us = (corner[:, 0, None] + steps).astype(np.float32)           # (n, side)
        vs = (corner[:, 1, None] + steps).astype(np.float32)
        h, w = apart.shape
        rows, columns = vs.astype(np.int32)[:, :, None], us.astype(np.int32)[:, None, :]
        inside = (rows >= 0) & (rows < h) & (columns >= 0) & (columns < w)     # (the picture's edge)
        flat = np.clip(rows, 0, h - 1) * w + np.clip(columns, 0, w - 1)         # (n, side, side)

        def squares(picture):      # (a gather of whole pixels along one axis: the cheapest numpy has)
            return np.take(picture.reshape(h * w, -1), flat, axis=0).reshape(flat.shape + picture.shape[2:])
        whole = squares(apart) * inside
        # a drop shadow (the board's colour, darker) lies round a piece's rim, never on it: left out
        # there, as the full read does, unless the piece itself is of the board's colour, darker
        shadow = _shadow(squares(evened), squares(grid.reference), squares(grid.inverse),
                         squares(grid.power)).astype(np.float32)
        lit = whole * (1.0 - shadow)
        d2 = (us[:, None, :] - outlines[:, 0, None, None]) ** 2 + (vs[:, :, None] - outlines[:, 1, None, None]) ** 2
        core = d2 < ((0.7 * reach) ** 2)[:, None, None]
        dark = (shadow * core).sum(axis=(1, 2)) > 0.5 * np.maximum(core.sum(axis=(1, 2)), 1)
        lit[dark] = whole[dark]
        rim = (reach - SHADOW_RIM * self.calibration.scale) ** 2
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
            part = np.where(near < rim[:, None, None], whole, lit) * mask
            total = part.sum(axis=(1, 2))
            moved = total > 0
            safe = np.where(moved, total, 1.0)
            outlines[:, 0] = np.where(moved, (part.sum(axis=1) * us).sum(axis=1) / safe, cu)
            outlines[:, 1] = np.where(moved, (part.sum(axis=2) * vs).sum(axis=1) / safe, cv)
        return [(float(u), float(v)) for u, v in outlines[:, :2]]


def _shadow(seen: np.ndarray, board: np.ndarray, inverse: np.ndarray, power: np.ndarray) -> np.ndarray:
    """Where ``seen`` (BGR, the last axis) shows the empty board's colour (``board``; ``power``:
    its squared length, ``_Grid.power``), darker: a drop shadow (Detector._no_shadow, on all pieces' squares at once)."""
    k = np.einsum("...c,...c->...", seen, board) / power
    off = seen - k[..., None] * board
    off = np.einsum("...c,...c->...", off * off, inverse)
    return (off < SHADOW_LIKE) & (k > SHADOW_DEPTH) & (k < 0.97)


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
