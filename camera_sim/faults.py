"""A real camera's faults on a picture (camera_sim/looks.py, ``Faults``): vignetting and a
defocused lens (the optics), the sensor's colour mosaic with its noise (demosaiced as a
camera's processor does), white balance off, and JPEG compression. Both renderers
(render.py, raycast.py) end in ``sensor``."""
from __future__ import annotations

import functools

import cv2
import numpy as np

from camera_sim.looks import Faults


@functools.lru_cache(maxsize=8)
def _falloff(shape: tuple[int, int], amount: float) -> np.ndarray:
    """1 in the middle, 1 - ``amount`` in the corners (cos⁴-like)."""
    h, w = shape
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((x - w / 2) ** 2 + (y - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    return (1 - amount * r2 ** 1.2)[..., None].astype(np.float32)


@functools.lru_cache(maxsize=8)
def _disc(radius: float) -> np.ndarray:
    reach = int(np.ceil(radius)) + 1
    y, x = np.mgrid[-reach:reach + 1, -reach:reach + 1].astype(np.float32)
    disc = np.clip(radius - np.hypot(x, y) + 0.5, 0, 1)
    return disc / disc.sum()


def optics(picture: np.ndarray, faults: Faults) -> np.ndarray:
    """Vignetting and defocus on a float picture (BGR, grey levels)."""
    if faults.vignetting > 0:
        picture = picture * _falloff(picture.shape[:2], faults.vignetting)
    if faults.defocus > 0:
        picture = cv2.filter2D(picture, -1, _disc(faults.defocus), borderType=cv2.BORDER_REPLICATE)
    return picture


def sensor(picture: np.ndarray, faults: Faults, noise: float, rng: np.random.Generator) -> np.ndarray:
    """The sensor and the camera's processor: the colour mosaic (each pixel one colour) with
    ``noise`` grey levels of noise and demosaiced, white balance, 8 bits, JPEG. BGR uint8."""
    if faults.bayer:
        h, w = picture.shape[:2]
        mosaic = np.empty((h, w), np.float32)      # RGGB, as most sensors: R at (0, 0)
        mosaic[0::2, 0::2] = picture[0::2, 0::2, 2]
        mosaic[0::2, 1::2] = picture[0::2, 1::2, 1]
        mosaic[1::2, 0::2] = picture[1::2, 0::2, 1]
        mosaic[1::2, 1::2] = picture[1::2, 1::2, 0]
        if noise > 0:
            mosaic += rng.standard_normal(mosaic.shape, dtype=np.float32) * np.float32(noise)
        raw = np.clip(mosaic, 0, 255).astype(np.uint8)
        picture = cv2.cvtColor(raw, cv2.COLOR_BayerRGGB2BGR_EA)          # edge-aware, as a camera's processor,
        ycc = cv2.cvtColor(picture, cv2.COLOR_BGR2YCrCb)                   # which also smooths the colour (not
        ycc[..., 1:] = cv2.GaussianBlur(ycc[..., 1:], (0, 0), 1.0)        # the brightness): no false colour
        picture = cv2.cvtColor(ycc, cv2.COLOR_YCrCb2BGR).astype(np.float32)   # at every fine line
    elif noise > 0:
        picture = picture + rng.standard_normal(picture.shape, dtype=np.float32) * np.float32(noise)
    picture = picture * np.array(faults.white_balance, np.float32)
    out = np.clip(picture, 0, 255).astype(np.uint8)
    if faults.jpeg:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(faults.jpeg)])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out
