"""The camera's picture for the staff page's calibration area: the latest frame with the
board's outline as the markers place it and each piece found, numbered, drawn over it; while
the installer teaches the camera the board, the spots where the step asks for the pieces."""
from __future__ import annotations

import cv2
import numpy as np

from camera_board.camera import distort_points
from camera_board.layout import PIECE_COLOURS

OUTLINE = (60, 220, 60)
SPOT = (0, 215, 255)    # where the calibration asks for a piece: yellow, unlike any piece's circle
WIDTH = 800   # pixels of the picture sent to the browser


def picture(seen, calibration, spots=()) -> bytes:
    """A JPEG of ``seen`` (camera_board.board.Seen) with what was made of it drawn over it,
    and ``spots`` (camera_board.learn.Placed: where a calibration step asks for pieces). No
    words: what the camera doubts is said above the picture in the page's language (OpenCV's
    fonts draw no "ü", and one picture serves every visitor's language)."""
    frame = seen.frame.copy()
    if calibration.mapping is not None:
        _outline(frame, calibration)
        for piece in spots:
            _spot(frame, calibration, piece)
    for n, piece in enumerate(seen.sighting.pieces, 1):
        u, v = _to_picture(calibration, np.array([[piece.x, piece.y]]))[0]
        r = calibration.layout.piece_radii[piece.kind] * _pixels_per_mm(calibration, piece.x, piece.y)
        colour = tuple(255 - c for c in PIECE_COLOURS[piece.kind])
        cv2.circle(frame, (int(u), int(v)), int(r), colour, 2, cv2.LINE_AA)
        cv2.putText(frame, str(n), (int(u) - 6, int(v) + 6), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 2, cv2.LINE_AA)
    scale = WIDTH / frame.shape[1]
    small = cv2.resize(frame, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, jpeg = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return jpeg.tobytes() if ok else b""


def surface_corners(calibration) -> list[tuple[float, float]] | None:
    """Where the playing surface's corners lie in the camera's picture (pixels: front left,
    front right, back right, back left), as the present mapping puts them; None without one."""
    if calibration.mapping is None:
        return None
    layout = calibration.layout
    corners = np.array([(0, 0), (layout.width, 0), (layout.width, layout.length), (0, layout.length)], float)
    return [(float(u), float(v)) for u, v in _to_picture(calibration, corners)]


def _spot(frame: np.ndarray, calibration, piece) -> None:
    u, v = _to_picture(calibration, np.array([[piece.x, piece.y]]))[0]
    radii = calibration.layout.piece_radii
    r = radii.get(piece.kind, radii.get("die", 8.0)) * _pixels_per_mm(calibration, piece.x, piece.y)
    cv2.circle(frame, (int(u), int(v)), max(3, int(r)), SPOT, 2, cv2.LINE_AA)
    if piece.value is not None:
        cv2.putText(frame, str(piece.value), (int(u) - 6, int(v) + 6), cv2.FONT_HERSHEY_SIMPLEX, 0.6, SPOT, 2,
                    cv2.LINE_AA)


def _to_picture(calibration, points: np.ndarray) -> np.ndarray:
    ideal = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64),
                                     calibration.mapping.homography).reshape(-1, 2)
    return distort_points(calibration.lens.matrix, calibration.lens.distortion, ideal)


def _pixels_per_mm(calibration, x: float, y: float) -> float:
    a, b = _to_picture(calibration, np.array([[x, y], [x + 10.0, y]]))
    return float(np.linalg.norm(b - a)) / 10.0


def _outline(frame: np.ndarray, calibration) -> None:
    layout = calibration.layout
    edge = np.linspace(0, 1, 40)
    corners = [(0, 0), (layout.width, 0), (layout.width, layout.length), (0, layout.length), (0, 0)]
    points = np.concatenate([np.outer(1 - edge, a) + np.outer(edge, b) for a, b in zip(corners, corners[1:])])
    drawn = np.round(_to_picture(calibration, points)).astype(np.int32)
    cv2.polylines(frame, [drawn], True, OUTLINE, 2, cv2.LINE_AA)
