"""What a camera above the table looks at, in board millimetres: the surface, its
markings, the four ArUco markers at the corners of the frame, and how large each kind of
piece is and what colour it has.

The detector reads this geometry; the simulated camera (camera_sim/scene.py) draws pieces
on it. Coordinates are the
protocol's: x across the board from the surface's left edge, y up the board (Shove)
or away from seat 0 (Carrom)."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame.families.shove.board import ShoveBoard
from tablegame.families.carrom.physics import CarromBoard

# BGR colours under neutral light, as the camera should see them after white balance.
WOOD_SHOVE = (70, 105, 150)     # a mid-brown hardwood board
WOOD_CARROM = (135, 190, 225)   # pale plywood of a Carrom board
FRAME_SHOVE = (45, 70, 105)     # the darker wood of the frame and its gutter
FRAME_CARROM = (30, 45, 70)     # Carrom's dark cushion frame
TABLE = (60, 60, 60)            # whatever the board stands on
INK = (25, 25, 25)              # lines and circles
RED_INK = (40, 40, 170)
PIECE_COLOURS = {               # kind -> BGR
    "coin": (60, 150, 200),     # brass
    "white": (215, 235, 245),   # ivory
    "black": (35, 35, 40),
    "queen": (40, 40, 190),
    "striker": (225, 200, 160),  # a pale blue striker
    "neunfeld": (30, 200, 230),  # Neunfeld's two pieces, yellow (camera_board/dice_layout.py)
}
SKIN = (120, 135, 215)   # a rosy hand: told from the woods by its redness (docs/camera.md)

MARKER_DICT = "DICT_4X4_50"
MARKER_IDS = (0, 1, 2, 3)        # front-left, front-right, back-right, back-left


@dataclass(frozen=True)
class Line:
    """A straight stripe: from (x0, y0) to (x1, y1), ``width`` mm wide."""
    x0: float
    y0: float
    x1: float
    y1: float
    width: float
    colour: tuple[int, int, int] = INK


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    radius: float
    width: float                  # stroke width; 0 = filled
    colour: tuple[int, int, int] = INK


@dataclass(frozen=True)
class Layout:
    """The fixed part of a scene: surface, frame, markings, markers, pockets."""
    game: str                     # "shove" or "carrom"
    width: float                  # the playing surface
    length: float
    frame: float                  # the frame around it (the gutter for Shove)
    wood: tuple[int, int, int]
    frame_colour: tuple[int, int, int]
    lines: tuple[Line, ...]
    circles: tuple[Circle, ...]
    holes: tuple[tuple[float, float, float], ...]   # (x, y, radius) of the pockets
    marker_size: float
    radii: tuple[tuple[str, float], ...]          # (kind, radius mm) of each kind of piece

    @property
    def piece_radii(self) -> dict[str, float]:
        return dict(self.radii)

    def marker_corners(self) -> dict[int, tuple[tuple[float, float], ...]]:
        """Each marker's four corners in board mm, in ArUco's order (top-left, top-right,
        bottom-right, bottom-left as the marker is printed, its top towards +y)."""
        f, s = self.frame, self.marker_size
        centres = ((-f / 2, -f / 2), (self.width + f / 2, -f / 2),
                   (self.width + f / 2, self.length + f / 2), (-f / 2, self.length + f / 2))
        corners = {}
        for marker, (cx, cy) in zip(MARKER_IDS, centres):
            h = s / 2
            corners[marker] = ((cx - h, cy + h), (cx + h, cy + h), (cx + h, cy - h), (cx - h, cy - h))
        return corners

    def extent(self, margin: float = 0.0) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the board with its frame, plus ``margin`` mm."""
        m = self.frame + margin
        return -m, -m, self.width + m, self.length + m


def shove_layout(board: ShoveBoard) -> Layout:
    lines = [Line(0, (near + far) / 2, board.width, (near + far) / 2, far - near)
             for near, far in board.lines]
    left, right = board.lane
    top = board.lines[-1][1]
    for x in (left, right):
        half = (board.lines[0][1] - board.lines[0][0]) / 2
        lines.append(Line(x - half, board.lines[0][0], x - half, top, 2 * half))
    marker = min(50.0, board.frame * 0.8)
    return Layout("shove", board.width, board.length, board.frame, WOOD_SHOVE, FRAME_SHOVE,
                  tuple(lines), (), (), marker, (("coin", board.coin_radius),))


def carrom_layout(board: CarromBoard) -> Layout:
    s = board.size
    c = s / 2
    lines, circles = [], []
    gap = board.base_circle
    for seat in range(4):
        reach = board.base_line_length / 2 - gap / 2
        for depth in (board.base_line_distance, board.base_line_distance + gap):
            a = board.to_board(seat, -reach, depth)
            b = board.to_board(seat, reach, depth)
            lines.append(Line(*a, *b, 1.5))
        for side in (-reach, reach):   # base circles: a red ring (a filled disc would look like the queen)
            x, y = board.to_board(seat, side, board.striker_line_y())
            circles.append(Circle(x, y, gap / 2, 2.0, RED_INK))
    circles.append(Circle(c, c, board.centre_circle / 2, 2.0, RED_INK))
    circles.append(Circle(c, c, board.outer_circle / 2, 1.5))
    holes = tuple((x, y, board.pocket_diameter / 2) for x, y in board.pockets())
    man = board.man_diameter / 2
    radii = (("white", man), ("black", man), ("queen", man), ("striker", board.striker_diameter / 2))
    return Layout("carrom", s, s, 75.0, WOOD_CARROM, FRAME_CARROM, tuple(lines), tuple(circles),
                  holes, 55.0, radii)
