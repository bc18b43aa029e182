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
from camera_board.detect import Detector, Sighting

FACTOR = 0.5                                   # the small picture's size, of the full one's
SCALE = {"shove": 0.75, "carrom": 0.5}         # rectified pixels per mm when following


def shrink(frame: np.ndarray) -> np.ndarray:
    """A full frame at ``FACTOR`` of its size (a USB camera or a video file has no small stream)."""
    h, w = frame.shape[:2]
    return cv2.resize(frame, (int(round(w * FACTOR)), int(round(h * FACTOR))), interpolation=cv2.INTER_AREA)


class Follower:
    """``see(small)``: the pieces on the small picture of a frame, found quickly."""

    def __init__(self, full: Detector):
        """``full``: the full read (its mapping followed, its light borrowed)."""
        layout = full.layout
        self.calibration = Following(full.calibration, FACTOR, SCALE[layout.game])
        self.detector = Detector(layout, self.calibration, full.heights, full.appearance, quick=True)
        self.detector.borrowed = full

    def use(self, appearance: Appearance) -> None:
        self.detector.use(appearance)

    def see(self, small: np.ndarray) -> Sighting:
        return self.detector.see(small)
