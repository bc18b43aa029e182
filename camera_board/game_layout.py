"""What the camera knows of each game's board, in one place: the board, the learning and the
markers' sheet all ask here (camera.marker_mm: the printed markers' side)."""
from __future__ import annotations

import dataclasses

from camera_board.dice_layout import TABLES
from camera_board.layout import Layout, carrom_layout, shove_layout


def layout_of(game: str, board=None, marker_mm: float = 0.0) -> Layout:
    """What the camera knows of ``game``'s board (``board``: the game's ShoveBoard or
    CarromBoard; None: the default), its markers ``marker_mm`` wide as printed (camera.marker_mm;
    0: the board's own size)."""
    if game == "shove":
        from tablegame.families.shove.board import hapenny_board
        layout = shove_layout(board or hapenny_board())
    elif game == "carrom":
        from tablegame.families.carrom.physics import CarromBoard
        layout = carrom_layout(board or CarromBoard())
    else:
        layout = TABLES[game]().layout
    return dataclasses.replace(layout, marker_size=float(marker_mm)) if marker_mm else layout
