"""The Shove boards on the staff page's calibration (``tablegame.core.calibration``): the
surface, the lines and the lane drawn from the edited sizes, each coin of the latest
reading placed by the board as the referee places it (``ShoveBoard.place``)."""
from __future__ import annotations

from tablegame.families.shove.board import ShoveBoard
from tablegame.core.calibration import Calibration, Placed, Shape
from tablegame.words.notes import Note

_INK = "#5b3a1e"


def calibration(board: ShoveBoard, readings) -> Calibration:
    w, length = board.width, board.length
    shapes = [Shape.of("rect", x=0, y=0, width=w, height=length, fill="#d9b48a")]
    shapes += [Shape.of("rect", x=0, y=length - far, width=w, height=max(far - near, 0.5), fill=_INK)
               for near, far in board.lines]
    left, right = board.lane
    shapes.append(Shape.of("rect", x=left, y=0, width=right - left, height=length, fill="none",
                           stroke=_INK, stroke_width=1))
    coins = [coin for reading in readings for coin in getattr(reading, "coins", ())]
    return Calibration(w, length, tuple(shapes), tuple(_placed(board, c) for c in coins))


def _placed(board: ShoveBoard, coin) -> Placed:
    placed = board.place(coin.x, coin.y)
    # Shove's texts ("lie_in_bed", ...) say these
    where = Note.of(f"lie_{placed.lie.value}", **({"bed": placed.bed} if placed.bed else {}))
    shape = Shape.of("circle", cx=coin.x, cy=board.length - coin.y, r=board.coin_radius,
                     fill="#b87333", fill_opacity=0.8, stroke="#222", stroke_width=0.8,
                     class_="coin")
    return Placed(coin.x, coin.y, where, shape)
