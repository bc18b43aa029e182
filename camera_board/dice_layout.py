"""The dice games' tables as the camera sees them: Schocken's felt with its set-aside
tray, Neunfeld's 1x9 board with its two pieces and Miwin's three dice.

A die is a cube lying on the surface (or, in a Türmchen, on another die); the camera
sees its top face with the pips of its value, and two of its sides. The renderer
draws ``Die`` (camera_sim/dice_scene.py, dice_render.py); the detector reads the same
geometry (tray, squares, die size, body colours) from here (camera_board/dice_detect.py)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from camera_board.layout import INK, Layout, Line

DIE = 18.0                      # mm: the side of a die (Schocken's and Miwin's)
PIP = 0.09                      # a pip's radius, as a share of the side
PIP_STEP = 0.27                 # from the face's centre to a corner pip, as a share of the side
FELT = (50, 95, 40)             # Schocken's green felt (BGR)
TRAY = (70, 105, 150)           # the wooden set-aside tray
WOOD_NEUNFELD = (135, 190, 225)
NEUNFELD_PIECE = (30, 200, 230)  # yellow: the two pieces are alike
WHITE_DIE, DARK_PIP = (230, 235, 235), (30, 30, 30)
MIWIN_BODIES = ((170, 70, 30), (40, 40, 180), (35, 35, 40))   # III blau, IV rot, V schwarz
WHITE_PIP = (235, 235, 235)
PIECE_RADIUS, PIECE_HEIGHT = 16.0, 12.0

# Pips on a 3x3 grid (-1, 0, 1)^2; 7 to 9 (Miwin's faces) fill the grid further.
_CORNERS = ((-1, -1), (1, 1), (-1, 1), (1, -1))
PIPS = {1: ((0, 0),), 2: _CORNERS[:2], 3: (*_CORNERS[:2], (0, 0)), 4: _CORNERS,
        5: (*_CORNERS, (0, 0)), 6: (*_CORNERS, (-1, 0), (1, 0)), 7: (*_CORNERS, (-1, 0), (1, 0), (0, 0)),
        8: (*_CORNERS, (-1, 0), (1, 0), (0, -1), (0, 1)),
        9: (*_CORNERS, (-1, 0), (1, 0), (0, -1), (0, 1), (0, 0))}


@dataclass(frozen=True)
class DiceTable:
    """A dice game's surface: its layout (for the markers and the renderer), the tray
    (x0, y0, x1, y1) and the squares (each (x0, y0, x1, y1), square 1 first)."""
    layout: Layout
    tray: tuple[float, float, float, float] | None
    squares: tuple[tuple[float, float, float, float], ...]
    bodies: tuple[tuple[int, int, int], ...]      # the dice's body colours; one: all alike
    throw_area: tuple[float, float, float, float]  # where thrown dice come to rest

    def in_tray(self, x: float, y: float) -> bool:
        return self.tray is not None and self.tray[0] <= x <= self.tray[2] and self.tray[1] <= y <= self.tray[3]

    def square_centre(self, square: int) -> tuple[float, float]:
        """Square 1..9; 0 and 10 are the starts beside the board (docs/rules.md §3)."""
        first, last = self.squares[0], self.squares[-1]
        cy = (first[1] + first[3]) / 2
        if square <= 0:
            return first[0] - (first[2] - first[0]) / 2 - 5, cy
        if square > len(self.squares):
            return last[2] + (last[2] - last[0]) / 2 + 5, cy
        x0, y0, x1, y1 = self.squares[square - 1]
        return (x0 + x1) / 2, (y0 + y1) / 2


def _rect(x0, y0, x1, y1, colour, w: float = 3.0) -> tuple[Line, ...]:
    """A filled rectangle, drawn as narrow stripes side by side (a stripe's ends are round)."""
    n = int(math.ceil((x1 - x0 - w) / (w * 0.8)))
    xs = np.linspace(x0 + w / 2, x1 - w / 2, n + 1)
    return tuple(Line(float(x), y0 + w / 2, float(x), y1 - w / 2, w, colour) for x in xs)


TRAY_RIM = 4.0                  # mm: the tray's wooden rim round it


def schocken_table() -> DiceTable:
    tray, rim = (262.0, 20.0, 345.0, 240.0), TRAY_RIM
    lines = (*_rect(tray[0] - rim, tray[1] - rim, tray[2] + rim, tray[3] + rim, (40, 60, 90)),
             *_rect(*tray, TRAY))
    layout = Layout("schocken", 360.0, 260.0, 45.0, FELT, (30, 45, 70), lines, (), (), 36.0,
                    (("die", DIE / 2),))
    return DiceTable(layout, tray, (), (WHITE_DIE,), (20.0, 20.0, 235.0, 240.0))


def neunfeld_table() -> DiceTable:
    side, x0, y0 = 45.0, 50.0, 170.0
    squares = tuple((x0 + i * side, y0, x0 + (i + 1) * side, y0 + side) for i in range(9))
    lines = [Line(x0, y, x0 + 9 * side, y, 1.5, INK) for y in (y0, y0 + side)]
    lines += [Line(x0 + i * side, y0, x0 + i * side, y0 + side, 1.5, INK) for i in range(10)]
    layout = Layout("neunfeld", 505.0, 280.0, 45.0, WOOD_NEUNFELD, (30, 45, 70), tuple(lines), (), (), 36.0,
                    (("die", DIE / 2), ("piece", PIECE_RADIUS)))
    return DiceTable(layout, None, squares, MIWIN_BODIES, (30.0, 20.0, 475.0, 145.0))


TABLES = {"schocken": schocken_table, "neunfeld": neunfeld_table}
