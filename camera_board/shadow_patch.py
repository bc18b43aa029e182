"""A stray patch that is a guest's shadow the light's measurement left in (Shove).

The light is measured where the board shows between edges (camera_board/detect.py,
``measured_light``); a shadow part smaller than ``SHADE_PIECES`` coins cannot be told there
from a cluster of dark coins of the light's colour, so the light is taken from round it and
the shadow is left in the evened view: a patch no coin explains, and the board is doubted
("a patch at ..."). On the Shove tuning sets 16 settled boards were refused for such a patch
alone: 12 of them read right with it lifted, 4 WRONG (coins in the shadow not found: a patch
cannot just be lifted).

So the patch is read once more under its own light: over the patch (the found coins left
out) each channel's ratio of the view to the empty board is fitted by a smooth surface
(``fitted_light``: a quadratic, the cells that stray from it left out and fitted again), the
light there taken as that, and the view evened again. A shadow is then the bare board. A coin
the shadow hid may still differ from it, or show only when looked for again (the light as
measured had evened it into the shadow; under the patch's own light its matched filter peaks
at 0.44 to 0.84): either keeps the patch doubted (``Detector._in_own_light``; "A stray patch's
coins looked for again", docs/camera.md)."""
from __future__ import annotations

import cv2
import numpy as np

GROWN = 2          # cells the patch is grown by where its own light is fitted and applied
STRAY = 3.0        # a cell this many robust spreads off the fitted surface is not the light: left out
ROUNDS = 3         # fits, each without the cells that strayed from the one before


def shadow_like(ratio: np.ndarray, tint: float, depth: float) -> bool:
    """Whether a patch's cells' ``ratio`` to the light as measured (n x 3) is a shadow's: darker,
    no darker than ``depth``, of the light's colour (each channel's mean within ``tint`` of the
    patch's mean brightness). A guest's green token is not; nor a lamp's pool."""
    means = ratio.reshape(-1, 3).mean(axis=0)
    level = float(means.mean())
    return depth < level < 1.0 - tint and float(np.abs(means / max(level, 1e-6) - 1).max()) < tint


def fitted_light(light: np.ndarray, ratio: np.ndarray, patch: np.ndarray, kept: np.ndarray) -> np.ndarray | None:
    """``light`` (the coarse light, per channel) with, over ``patch`` (a bool mask of its cells)
    grown by ``GROWN``, each channel's ``ratio`` (the view over the empty board there) fitted
    by a quadratic in x, y over the patch's cells that ``kept`` allows (off the found coins).
    None when too few cells are left to fit."""
    grown = cv2.dilate(patch.astype(np.uint8), np.ones((2 * GROWN + 1,) * 2, np.uint8)) > 0
    use = grown & kept
    if use.sum() < 24:
        return None
    yy, xx = np.nonzero(use)
    ay, ax = np.nonzero(grown)
    middle, size = np.array([xx.mean(), yy.mean()]), max(float(np.ptp(xx)), float(np.ptp(yy)), 1.0)
    terms = _terms((xx - middle[0]) / size, (yy - middle[1]) / size)
    at = _terms((ax - middle[0]) / size, (ay - middle[1]) / size)
    out = light.copy()
    for c in range(ratio.shape[2]):
        values = ratio[yy, xx, c]
        inliers = np.ones(len(values), bool)
        for _ in range(ROUNDS):
            coefficients = np.linalg.lstsq(terms[inliers], values[inliers], rcond=None)[0]
            off = values - terms @ coefficients
            spread = 1.4826 * float(np.median(np.abs(off[inliers] - np.median(off[inliers])))) + 1e-4
            inliers = np.abs(off) < STRAY * spread
            if inliers.sum() < 12:
                return None
        out[ay, ax, c] = np.maximum(at @ coefficients, 0.03)
    return out


def _terms(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=1)
