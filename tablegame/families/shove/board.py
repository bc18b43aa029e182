"""Geometry of the Shove boards: where the lines are and where a coin lies.

Coordinates are millimetres: x across the board from its left edge, y up the
board from its front edge (the player's edge). A *line* is a band across the lane
from ``near`` to ``far`` (y); a bed lies between two neighbouring lines; the lane
is bounded left and right by the side lines (ha'penny) or the side tiles
(piecepack). Around the playing surface lies the frame: a coin there has left the
board; a reading beyond the frame cannot be a coin at all."""
from __future__ import annotations

import bisect
import enum
from dataclasses import dataclass
from functools import cached_property
from tablegame.families.shove.texts import refused


class Lie(enum.Enum):
    """Where a coin lies, as the referee judges it."""

    IN_BED = "in_bed"                  # completely inside bed k: scores
    ON_LINE = "on_line"                # touches a line or a side line
    OUTSIDE_LANE = "outside_lane"      # centre beyond a side line (chalk squares)
    SHORT = "short"                    # its far edge is short of the first line
    BEYOND_LAST_LINE = "beyond_last"   # past the last line, still on the board
    OFF_BOARD = "off_board"            # its centre is off the playing surface
    OUTSIDE_FRAME = "outside_frame"    # not a possible reading


@dataclass(frozen=True)
class Placement:
    lie: Lie
    bed: int | None = None  # 1-based, only for IN_BED


# A placement never changes: the board hands out these instead of making one per coin.
_OUTSIDE_FRAME, _OFF_BOARD, _SHORT, _BEYOND, _OUTSIDE_LANE, _ON_LINE = (
    Placement(lie) for lie in (Lie.OUTSIDE_FRAME, Lie.OFF_BOARD, Lie.SHORT,
                               Lie.BEYOND_LAST_LINE, Lie.OUTSIDE_LANE, Lie.ON_LINE))
PLACED_KEPT = 1024   # coin positions a board remembers the placement of (ShoveBoard.place)


@dataclass(frozen=True)
class ShoveBoard:
    width: float
    length: float
    lines: tuple[tuple[float, float], ...]  # (near, far) y of each line, front to back
    lane: tuple[float, float]               # (left, right) x inside the side lines
    coin_diameter: float
    frame: float                            # width of the frame around the surface
    coins: int                              # coins that exist for this board
    tile: float = 0.0  # a board laid of tiles this wide (piecepack), 0: a board with painted lines

    def __post_init__(self) -> None:
        """A board the sizes of its settings cannot make (the lines past its far end, a
        coin that fits in no bed) is refused in words: check-config names it."""
        if len(self.lines) < 2:
            raise ValueError(refused("lines"))
        d, (left, right), last = self.coin_diameter, self.lane, self.lines[-1][1]
        if last >= self.length:
            raise ValueError(refused("last_line", last=last, length=self.length))
        if not 0 <= left < right <= self.width or right - left <= d:
            raise ValueError(refused("lane", coin=d, apart=max(0.0, right - left), width=self.width))
        narrowest = min(far - near for near, far in zip((n[1] for n in self.lines),
                                                          (f[0] for f in self.lines[1:])))
        if narrowest <= d:
            raise ValueError(refused("bed", coin=d, narrowest=narrowest))

    @property
    def beds(self) -> int:
        return len(self.lines) - 1

    @property
    def coin_radius(self) -> float:
        return self.coin_diameter / 2

    def bed_span(self, bed: int) -> tuple[float, float]:
        """(near, far) y of the open space of bed ``bed`` (1-based)."""
        return self.lines[bed - 1][1], self.lines[bed][0]

    @cached_property
    def _far_edges(self) -> tuple[float, ...]:
        """Each line's far edge, front to back: the near end of the open space behind it."""
        return tuple(far for _, far in self.lines)

    @cached_property
    def _in_bed(self) -> tuple[Placement, ...]:
        return tuple(Placement(Lie.IN_BED, bed) for bed in range(self.beds + 1))

    def open_bed(self, y: float) -> int | None:
        """The bed whose open space (between its lines, the lines excluded) holds ``y``.
        A table places every coin of every reading several times (referee, physics check,
        screen): a search of the line edges, not a walk through every bed."""
        bed = bisect.bisect_left(self._far_edges, y)   # the lines wholly in front of y
        if 1 <= bed <= self.beds and y < self.lines[bed][0]:
            return bed
        return None

    @cached_property
    def _placed(self) -> dict[tuple[float, float], Placement]:
        return {}

    def place(self, x: float, y: float) -> Placement:
        """Where a coin at (x, y) lies. Remembered by its position: the coins of a reading
        lie where they lay in the last one but the shoved coin, and each is placed four or
        five times a reading (the referee's checks, its touching lines, the physics check,
        the screen's count to clear): a look-up instead of the search, on the main thread
        before the frame (issue 30, ninth round). The physics check, beside the writer,
        asks of every simulated rest only whether it is short (``short``), never placing
        it: its thousands of positions would push the reading's own out. Both threads may
        call this at once: each dict call is atomic under the GIL and a placement depends
        on the position alone, so the worst of a race is a placement searched twice."""
        placed = self._placed
        placement = placed.get((x, y))
        if placement is None:
            if len(placed) >= PLACED_KEPT:   # a long evening's positions, not all of them
                placed.clear()
            placement = placed[x, y] = self._placement(x, y)
        return placement

    def short(self, x: float, y: float) -> bool:
        """``place(x, y).lie is Lie.SHORT``, without the rest of the placement: the physics
        check asks it of every coin of every simulated shot (issue 31's sixteenth round)."""
        return (0 <= x <= self.width and -self.frame <= y <= self.length
                and y + self.coin_radius < self.lines[0][0])

    def _placement(self, x: float, y: float) -> Placement:
        r = self.coin_radius
        if not (-self.frame <= x <= self.width + self.frame
                and -self.frame <= y <= self.length + self.frame):
            return _OUTSIDE_FRAME
        if x < 0 or x > self.width or y > self.length:
            return _OFF_BOARD
        if y + r < self.lines[0][0]:
            return _SHORT
        if y - r > self.lines[-1][1]:
            return _BEYOND
        left, right = self.lane
        if not left <= x <= right:
            return _OUTSIDE_LANE
        if x - r > left and x + r < right:
            bed = self.open_bed(y - r)
            if bed is not None and y + r < self.lines[bed][0]:
                return self._in_bed[bed]
        return _ON_LINE


def hapenny_board(*, width: float = 356.0, length: float = 508.0, first_line: float = 101.6,
                  line_spacing: float = 31.75, line_width: float = 0.8, beds: int = 9,
                  side_line: float = 31.75, coin_diameter: float = 25.4,
                  frame: float = 60.0, coins: int = 10) -> ShoveBoard:
    """The German pub board of docs/rules.md §1: ``beds + 1`` lines ``line_spacing`` apart
    (centre to centre), the first ``first_line`` from the front edge; side lines
    (centres) ``side_line`` in from each long edge, as wide as the lines."""
    centres = [first_line + i * line_spacing for i in range(beds + 1)]
    half = line_width / 2
    return ShoveBoard(width=width, length=length,
                      lines=tuple((c - half, c + half) for c in centres),
                      lane=(side_line + half, width - side_line - half),
                      coin_diameter=coin_diameter, frame=frame, coins=coins)


def piecepack_board(*, beds: int = 7, tile: float = 50.8, gap: float = 3.0,
                    coin_diameter: float = 19.0, frame: float = 60.0,
                    coins: int = 10) -> ShoveBoard:
    """The tile board of docs/rules.md §2: ``beds + 2`` side tiles a side, whose gaps are
    the lines, a lane four tiles wide, and a row of six tiles across the top.
    Short Shove is this board with fewer beds."""
    if beds < 2:
        raise ValueError(f"a piecepack board needs at least 2 beds, not {beds}")
    pitch = tile + gap
    side_tiles = beds + 2
    lines = tuple((i * pitch - gap, i * pitch) for i in range(1, side_tiles))
    width = 6 * tile
    return ShoveBoard(width=width, length=side_tiles * pitch + tile, lines=lines,
                      lane=(tile, width - tile), coin_diameter=coin_diameter,
                      frame=frame, coins=coins, tile=tile)
