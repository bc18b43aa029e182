"""A pinhole camera with radial lens distortion, placed above the board.

Used by the renderer to draw what the camera sees, and by the detector for the lens
(the intrinsic matrix and distortion, which a lens calibration would give) and for
the pose it recovers from the markers (to correct the parallax of a piece's top)."""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Lens:
    size: tuple[int, int] = (1280, 960)   # pixels (width, height)
    fov: float = 62.0                     # horizontal field of view, degrees (Pi Camera 3: 66)
    k1: float = -0.08                     # radial distortion (barrel when negative)
    k2: float = 0.01
    shutter: float = 0.0                  # exposure time, s: a moving piece smears over it (render.py)

    @property
    def matrix(self) -> np.ndarray:
        w, h = self.size
        f = (w / 2) / math.tan(math.radians(self.fov) / 2)
        return np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]], dtype=np.float64)

    @property
    def distortion(self) -> np.ndarray:
        return np.array([self.k1, self.k2, 0, 0, 0], dtype=np.float64)


@dataclass(frozen=True)
class Pose:
    """Where the camera hangs (board mm, z up from the surface) and where it looks."""
    x: float
    y: float
    z: float
    look_x: float
    look_y: float
    roll: float = 0.0    # degrees about the optical axis

    def rotation_translation(self) -> tuple[np.ndarray, np.ndarray]:
        """R, t with camera = R @ board + t (OpenCV's camera axes: x right, y down, z ahead)."""
        eye = np.array([self.x, self.y, self.z])
        ahead = np.array([self.look_x, self.look_y, 0.0]) - eye
        ahead /= np.linalg.norm(ahead)
        up_board = np.array([0.0, 1.0, 0.0])      # the image's top shows the board's far end
        right = np.cross(ahead, up_board)
        if np.linalg.norm(right) < 1e-9:
            right = np.array([1.0, 0.0, 0.0])
        right /= np.linalg.norm(right)
        down = np.cross(ahead, right)
        a = math.radians(self.roll)
        right, down = (math.cos(a) * right + math.sin(a) * down,
                       -math.sin(a) * right + math.cos(a) * down)
        rotation = np.stack([right, down, ahead])
        return rotation, -rotation @ eye


def plane_homography(matrix: np.ndarray, rotation: np.ndarray, translation: np.ndarray,
                     height: float = 0.0) -> np.ndarray:
    """Board (x, y) on the plane z = ``height`` -> undistorted image pixel."""
    columns = np.stack([rotation[:, 0], rotation[:, 1], rotation[:, 2] * height + translation], axis=1)
    h = matrix @ columns
    return h / h[2, 2]


def pose_from_homography(matrix: np.ndarray, homography: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """R, t of the camera from the surface's homography (board mm -> undistorted pixel)."""
    m = np.linalg.inv(matrix) @ homography
    scale = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    if m[2, 2] * scale < 0:      # the board lies in front of the camera
        scale = -scale
    r1, r2, t = m[:, 0] * scale, m[:, 1] * scale, m[:, 2] * scale
    r3 = np.cross(r1, r2)
    u, _, vt = np.linalg.svd(np.stack([r1, r2, r3], axis=1))
    return u @ vt, t


def distort_points(matrix: np.ndarray, distortion: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Undistorted pixels (N, 2) -> where the lens puts them."""
    f, c = np.array([matrix[0, 0], matrix[1, 1]]), np.array([matrix[0, 2], matrix[1, 2]])
    n = (points - c) / f
    r2 = (n ** 2).sum(axis=1, keepdims=True)
    k1, k2 = distortion[0], distortion[1]
    return n * (1 + k1 * r2 + k2 * r2 ** 2) * f + c


@functools.lru_cache(maxsize=8)
def lens_maps(lens: Lens) -> tuple[np.ndarray, np.ndarray]:
    """remap() maps that turn an ideal (undistorted) picture into the lens's picture:
    for each pixel of the distorted picture, where it lies in the ideal one."""
    w, h = lens.size
    grid = np.stack(np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32)), -1)
    ideal = cv2.undistortPoints(grid.reshape(-1, 1, 2), lens.matrix, lens.distortion, P=lens.matrix)
    ideal = ideal.reshape(h, w, 2)
    return ideal[..., 0].copy(), ideal[..., 1].copy()
