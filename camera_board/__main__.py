"""``python -m camera_board markers shove|carrom FILE.png [MM]``: the four markers to print, at
their size (or ``MM`` mm square: then set ``[camera] marker_mm`` to the same), for the board's
corners (300 dots an inch; print at 100 %, no fitting)."""
from __future__ import annotations

import sys

import cv2
import numpy as np

from camera_board.layout import MARKER_DICT, MARKER_IDS
from camera_board.game_layout import layout_of

DPI = 300


def markers(game: str, path: str, marker_mm: float = 0.0) -> None:
    layout = layout_of(game, None, marker_mm)
    side = int(round(layout.marker_size / 25.4 * DPI))
    quiet = side // 6
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, MARKER_DICT))
    tiles = []
    for marker in MARKER_IDS:
        tile = np.full((side + 2 * quiet, side + 2 * quiet), 255, np.uint8)
        tile[quiet:quiet + side, quiet:quiet + side] = cv2.aruco.generateImageMarker(dictionary, marker, side)
        cv2.putText(tile, f"{marker}", (4, quiet - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.8, 0, 2)
        tiles.append(tile)
    cv2.imwrite(path, np.hstack(tiles), [cv2.IMWRITE_PNG_COMPRESSION, 9])
    print(f"{path}: markers 0 (front left), 1 (front right), 2 (back right), 3 (back left), "
          f"{layout.marker_size:g} mm square, centred in the frame's corners, their top towards the far end")


def main(args: list[str]) -> int:
    try:
        if args[0] == "markers" and args[1] in ("shove", "carrom"):
            markers(args[1], args[2], float(args[3]) if len(args) > 3 else 0.0)
            return 0
    except (IndexError, ValueError):
        pass
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
