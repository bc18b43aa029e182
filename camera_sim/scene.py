"""What the simulated camera draws: the board's layout (camera_board/layout.py) with pieces
lying (or sliding) on it, in board millimetres."""
from __future__ import annotations

from dataclasses import dataclass

from camera_board.layout import Layout, carrom_layout, shove_layout
from tablegame.families.carrom.physics import CarromBoard
from tablegame.families.shove.board import ShoveBoard


@dataclass(frozen=True)
class Piece:
    kind: str        # "coin", or a Carrom kind (white, black, queen, striker)
    x: float
    y: float
    radius: float
    height: float = 2.0   # mm above the surface (the top face the camera sees)
    vx: float = 0.0       # mm/s: how it moves while the shutter is open (motion blur)
    vy: float = 0.0


@dataclass(frozen=True)
class Scene:
    layout: Layout
    pieces: tuple[Piece, ...]


def shove_scene(board: ShoveBoard, coins) -> Scene:
    """The board with ``coins`` (CoinReading-like: .x, .y) lying on it."""
    r = board.coin_radius
    return Scene(shove_layout(board), tuple(Piece("coin", c.x, c.y, r, 1.8) for c in coins))


def carrom_scene(board: CarromBoard, pieces) -> Scene:
    """The board with ``pieces`` (PieceReading-like: .kind, .x, .y) lying on it."""
    layout = carrom_layout(board)
    return Scene(layout, tuple(Piece(p.kind, p.x, p.y, layout.piece_radii[p.kind],
                                     7.0 if p.kind == "striker" else 6.0) for p in pieces))
