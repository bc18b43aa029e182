"""Carrom's board on the staff page's calibration (``tablegame.core.calibration``): the ICF
board drawn from the edited sizes, seen from seat 0 (south, at the bottom), and each
piece of the latest reading placed on it in words, by the rules the table plays with
(the physics' pockets, the referee's outer circle)."""
from __future__ import annotations

import math

from tablegame.core.calibration import Calibration, Placed, Shape
from tablegame.words.notes import Note
from tablegame.families.carrom.physics import STRIKER, CarromBoard
from tablegame.families.carrom.play import geometry
from tablegame.families.carrom.referee import inside_outer_circle
from tablegame.core.sensors import PieceReading

_INK, _WOOD = "#40281a", "#ecce98"
_COLOURS = {"white": "#f6eeda", "black": "#24201e", "queen": "#c82428", "striker": "#70aae8"}
_LINE = 1.0   # mm, how wide the drawn lines are


def calibration(board: CarromBoard, readings) -> Calibration:
    """The board and the pieces of the latest board reading (settled or not: during the
    sensor test staff move pieces and watch)."""
    pieces = next((r.pieces for r in reversed(readings) if hasattr(r, "pieces")), ())
    return Calibration(board.size, board.size, drawing(board),
                       tuple(_placed(board, p) for p in pieces))


def drawing(board: CarromBoard) -> tuple[Shape, ...]:
    s, (cx, cy) = board.size, board.centre
    ring = dict(fill="none", stroke=_INK, stroke_width=_LINE)
    shapes = [Shape.of("rect", x=0, y=0, width=s, height=s, fill=_WOOD),
              Shape.of("circle", cx=cx, cy=s - cy, r=board.outer_circle / 2, **ring),
              Shape.of("circle", cx=cx, cy=s - cy, r=board.centre_circle / 2, **ring)]
    reach = board.striker_reach()
    for seat in range(4):
        # each seat's base lines: two lines a base circle apart, a circle at each end
        for ahead in (board.base_line_distance, board.base_line_distance + board.base_circle):
            (x1, y1), (x2, y2) = (board.to_board(seat, a, ahead) for a in (-reach, reach))
            shapes.append(Shape.of("line", x1=x1, y1=s - y1, x2=x2, y2=s - y2, stroke=_INK,
                                   stroke_width=_LINE))
        for along in (-reach, reach):
            x, y = board.to_board(seat, along, board.striker_line_y())
            shapes.append(Shape.of("circle", cx=x, cy=s - y, r=board.base_circle / 2, **ring))
    shapes += [Shape.of("circle", cx=x, cy=s - y, r=board.pocket_diameter / 2, fill="#100e0c")
               for x, y in board.pockets()]
    return tuple(shapes)


def where(board: CarromBoard, piece: PieceReading) -> Note:
    """A piece's place in words (pockets and base lines as drawn, seat 0 at the bottom):
    off the board, over a pocket, in the centre circle,
    inside the outer circle (as the referee takes a piece put back), on a seat's base
    line (the striker's place), else elsewhere on the board."""
    s, r, x, y = board.size, board.radius(piece.kind), piece.x, piece.y
    if not (0 <= x <= s and 0 <= y <= s):
        return Note.of("cr_lie_off")
    if (pocket := board.in_pocket(x, y)) is not None:
        return Note.of("cr_lie_pocket", pocket=pocket)
    cx, cy = board.centre
    if math.hypot(x - cx, y - cy) <= board.centre_circle / 2:
        return Note.of("cr_lie_centre")
    if inside_outer_circle(board, piece):
        return Note.of("cr_lie_outer")
    seen = geometry(board)
    seats = tuple(seat for seat in range(4) if _on_base_line(board, r, *seen.seat_view(seat, x, y)))
    if seats:   # near a corner a piece can touch two seats' lines
        return Note.of("cr_lie_base", seats=seats)
    return Note.of("cr_lie_board")


def _on_base_line(board: CarromBoard, r: float, along: float, ahead: float) -> bool:
    """Whether a piece of radius ``r`` touches the band of a seat's two base lines."""
    return abs(along) <= board.base_line_length / 2 and \
        board.base_line_distance - r <= ahead <= board.base_line_distance + board.base_circle + r


def _placed(board: CarromBoard, piece) -> Placed:
    s = board.size
    shape = Shape.of("circle", cx=piece.x, cy=s - piece.y, r=board.radius(piece.kind),
                     fill=_COLOURS.get(piece.kind, "#888"), stroke="#222", stroke_width=1,
                     class_="piece" if piece.kind != STRIKER else "piece striker")
    return Placed(piece.x, piece.y, where(board, piece), shape)
