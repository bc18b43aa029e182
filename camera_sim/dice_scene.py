"""The dice games' tables with dice and pieces on them, as the simulated camera draws them
(camera_sim/dice_render.py): the tables' geometry is camera_board/dice_layout.py's."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from camera_board.dice_layout import (DARK_PIP, DIE, PIECE_HEIGHT, PIECE_RADIUS, PIP_STEP, PIPS, WHITE_DIE,
                                      DiceTable)
from camera_sim.scene import Piece, Scene


@dataclass(frozen=True)
class Die:
    x: float                    # the centre of its foot, board mm
    y: float
    value: int                  # the top face
    angle: float = 0.0          # degrees, about the vertical
    base: float = 0.0           # mm: 0 on the surface, DIE on top of another (a Türmchen)
    body: tuple[int, int, int] = WHITE_DIE
    pip: tuple[int, int, int] = DARK_PIP
    size: float = DIE

    def corners(self) -> np.ndarray:
        a, h = math.radians(self.angle), self.size / 2
        c, s = math.cos(a), math.sin(a)
        square = np.array([(-h, -h), (h, -h), (h, h), (-h, h)])
        return np.c_[self.x + square[:, 0] * c - square[:, 1] * s, self.y + square[:, 0] * s + square[:, 1] * c]

    def pips(self) -> list[tuple[float, float]]:
        a, step = math.radians(self.angle), PIP_STEP * self.size
        c, s = math.cos(a), math.sin(a)
        return [(self.x + (i * c - j * s) * step, self.y + (i * s + j * c) * step) for i, j in PIPS[self.value]]


@dataclass(frozen=True)
class DiceScene(Scene):
    dice: tuple[Die, ...] = ()


def neunfeld_scene(table: DiceTable, squares, dice: tuple[Die, ...]) -> DiceScene:
    """The board with the pieces on ``squares`` (0 and 10: beside it) and ``dice``."""
    pieces = tuple(Piece("neunfeld", *table.square_centre(s), PIECE_RADIUS, PIECE_HEIGHT) for s in squares)
    return DiceScene(table.layout, pieces, tuple(dice))


def schocken_scene(table: DiceTable, dice: tuple[Die, ...]) -> DiceScene:
    return DiceScene(table.layout, (), tuple(dice))
