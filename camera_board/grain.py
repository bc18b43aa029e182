"""A shadow keeps the board's grain; a piece hides it.

Where a piece looks like the board in shadow (the board's colour, darker: worn bronze on oak,
dark-stained men on dark plywood), its colour cannot tell it from its own drop shadow
(camera_board/detect.py, ``_no_shadow``). The learned empty board can: under a shadow the
frame is the empty board times a smooth gain, so the board's fine texture (its grain, fibre,
powder) is still there, scaled by the shadow's depth; over a piece it is gone, however like
the wood the piece is. Both pictures are band-passed (the light's slope and a piece's level
out, the sensor's finest noise too), and at each pixel the frame's band is held against the
empty board's scaled by the shadow's gain there: the residual's energy, smoothed over about a
millimetre, against the scaled grain's. A shadow leaves a small residual (the noise), a piece
one as large as the grain itself or larger.

It says something only where the empty board has grain well above the frame's noise in that
band (``TOLD``): on a painted board, a cloth, or grain a JPEG or a soft focus wiped out, it
says nothing and the colour's answer stands."""
from __future__ import annotations

import functools

import cv2
import numpy as np

FINE = 0.35        # mm: the band's fine end (the sensor's pixel noise smoothed away)
COARSE = 1.2       # mm: its coarse end (the light's slope and a piece's mean level out)
SMOOTH = 0.8       # mm: the energies compared are means over this (a Gaussian's sigma)
TOLD = 4.0         # the empty board's grain (scaled by the shadow's gain) this many times the noise's
                   # energy in the band or more: the pixel's answer counts
KEPT = 0.35        # the residual under this share of the grain's energy: the grain is there (a shadow)
HIDDEN = 0.8       # over this share: the grain is gone (something lies on the board)

_GREY = np.array([0.114, 0.587, 0.299], np.float32)     # BGR


def _band(grey: np.ndarray, scale: float) -> np.ndarray:
    return cv2.GaussianBlur(grey, (0, 0), FINE * scale) - cv2.GaussianBlur(grey, (0, 0), COARSE * scale)


@functools.lru_cache(maxsize=8)
def band_gain(scale: float) -> float:
    """The share of white noise's energy the band lets through (a pixel's noise of 1 grey
    level squared gives this much energy in the band)."""
    delta = np.zeros((41, 41), np.float32)
    delta[20, 20] = 1.0
    return float((_band(delta, scale) ** 2).sum())


def hidden(evened: np.ndarray, reference: np.ndarray, gain: np.ndarray, noise: float,
           scale: float) -> tuple[np.ndarray, np.ndarray]:
    """For pixels of ``evened`` (the frame evened out, BGR) against ``reference`` (the empty
    board, BGR, the same box) where the frame would be the board times ``gain`` (the shadow's
    depth, a pixel's ratio): where the board's grain is gone (a piece lies there) and where it
    is still seen (a shadow); both False where the grain says nothing. ``noise``: the frame's
    noise (grey levels a pixel)."""
    seen, board = evened @ _GREY, reference @ _GREY
    expected = _band(board, scale) * gain
    residual = _band(seen, scale) - expected
    sigma = SMOOTH * scale
    grain = cv2.GaussianBlur(expected * expected, (0, 0), sigma)
    left = cv2.GaussianBlur(residual * residual, (0, 0), sigma)
    told = grain > TOLD * noise * noise * band_gain(round(scale, 3))
    share = left / np.maximum(grain, 1e-6)
    return told & (share > HIDDEN), told & (share < KEPT)
