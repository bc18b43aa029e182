"""Physics of the Carrom board (ICF sizes): strokes simulated with pymunk.

Coordinates are millimetres on the playing surface, seen from seat 0: x from its left
edge, y away from seat 0's cushion. Seats follow the turn, to the right: 0 south,
1 east, 2 north, 3 west (partners opposite); seat k's view is seat 0's turned k
quarter turns anticlockwise. Pockets are numbered the same way round, starting at seat
0's left-hand corner.

Pieces slide with Coulomb friction (:mod:`tablegame.physics.core`), rebound off the
four cushions, and drop into a pocket when their centre passes over the pocket's hole.
Nothing jumps off a flat 2D board; a stroke's report has room for it because a real
board can see it. Every stroke runs in a fresh space with a step that shrinks when a
piece moves fast (no piece travels more than ``MAX_TRAVEL`` mm in one step, so none
passes through another), and that depends only on the positions and the stroke: the
same stroke from the same positions gives the same result."""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
import pymunk

from tablegame.physics.core import Disc, add_disc, at_rest, new_space
from tablegame.core.sensors import PIECE_KINDS as KINDS
from tablegame.core.sensors import PieceReading as Piece
from tablegame.families.carrom.texts import refused

WHITE, BLACK, QUEEN, STRIKER = KINDS
MEN = 9                     # per colour

MAX_TRAVEL = 4.0            # mm a piece may move in one step
MIN_STEP, MAX_STEP = 1 / 2000, 1 / 240   # s
REST_CHECK = 8              # steps between checks for rest
MAX_STROKE_TIME = 60.0      # s of simulated time: pieces under friction stop long before

_PIECE, _STRIKER, _HOLE_FOR_MAN, _HOLE_FOR_STRIKER = 1, 2, 3, 4   # collision types


@dataclass(frozen=True)
class CarromBoard:
    """The ICF board (docs/rules.md §5); every size is configuration."""

    size: float = 740.0               # mm, the square playing surface
    pocket_diameter: float = 44.5
    centre_circle: float = 31.8       # diameter
    outer_circle: float = 170.0       # diameter
    base_line_length: float = 470.0
    base_line_distance: float = 101.5  # from the cushion to the outer base line
    base_circle: float = 31.8          # diameter; also the distance between the two lines
    man_diameter: float = 31.0
    man_mass: float = 5.3              # g
    striker_diameter: float = 41.3
    striker_mass: float = 15.0
    friction: float = 0.15             # sliding mu on a powdered board
    restitution: float = 0.85          # piece on piece
    cushion_restitution: float = 0.65

    def __post_init__(self) -> None:
        for name in ("size", "pocket_diameter", "man_diameter", "man_mass", "striker_diameter",
                     "striker_mass", "friction"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be above 0, not {getattr(self, name)}")
        for name in ("restitution", "cushion_restitution"):
            if not 0 <= getattr(self, name) <= 1:
                raise ValueError(f"{name} must be within 0..1, not {getattr(self, name)}")
        if self.striker_diameter >= self.pocket_diameter * 2 or self.man_diameter >= self.size / 4:
            raise ValueError(refused("too_large"))
        self._check_markings()

    def _check_markings(self) -> None:
        """Markings the sizes cannot make (the staff page's calibration and check-config
        refuse them in words): circles or base lines that leave the board or run into each
        other or the pockets."""
        half = self.size / 2
        if self.pocket_diameter >= half:
            raise ValueError(refused("pockets", pocket=self.pocket_diameter, size=self.size))
        if not self.centre_circle < self.outer_circle < self.size:
            raise ValueError(refused("circles", centre=self.centre_circle, outer=self.outer_circle,
                                     size=self.size))
        inner = self.base_line_distance + self.base_circle
        if inner >= half - self.outer_circle / 2:
            raise ValueError(refused("inner_base", inner=inner, begins=half - self.outer_circle / 2))
        room = self.size - 2 * self.pocket_diameter
        if not self.base_circle < self.base_line_length < room:
            raise ValueError(refused("base_lines", length=self.base_line_length, circle=self.base_circle,
                                     room=room))

    @property
    def centre(self) -> tuple[float, float]:
        return self.size / 2, self.size / 2

    def radius(self, kind: str) -> float:
        return (self.striker_diameter if kind == STRIKER else self.man_diameter) / 2

    def pockets(self) -> tuple[tuple[float, float], ...]:
        """Centres of the four holes, in seat order from seat 0's left-hand corner. A hole
        sits in its corner so that a man lying against both cushions is over it."""
        inset, far = self.man_diameter / 2, self.size - self.man_diameter / 2
        return (inset, inset), (far, inset), (far, far), (inset, far)

    def striker_line_y(self) -> float:
        """Distance of the striker's centre from its own cushion when on the base line."""
        return self.base_line_distance + self.base_circle / 2

    def striker_reach(self) -> float:
        """How far the striker's centre may lie from the middle of its base line."""
        return self.base_line_length / 2 - self.base_circle / 2

    def to_board(self, seat: int, along: float, ahead: float) -> tuple[float, float]:
        """Board coordinates of a point seen from ``seat``: ``along`` its cushion to the
        player's right of the middle, ``ahead`` away from the player's cushion."""
        return _turn((self.size / 2 + along, ahead), seat, self.size)

    def in_pocket(self, x: float, y: float) -> int | None:
        """The pocket whose hole a centre at (x, y) lies over, if any."""
        r = self.pocket_diameter / 2
        return next((i for i, (px, py) in enumerate(self.pockets())
                     if math.hypot(x - px, y - py) < r), None)


def _turn(point: tuple[float, float], seat: int, size: float) -> tuple[float, float]:
    x, y = point
    for _ in range(seat % 4):          # a quarter turn anticlockwise about the centre
        x, y = size - y, x
    return x, y


@dataclass(frozen=True)
class Strike:
    """A stroke from ``seat``'s base line: the striker's centre ``along`` mm to the
    player's right of the line's middle, aimed ``angle`` degrees to the right of
    straight ahead (negative: to the left), flicked at ``speed`` mm/s."""

    seat: int
    along: float
    angle: float
    speed: float


@dataclass(frozen=True)
class Pocketed:
    pocket: int
    kind: str
    at: float  # s after the strike


@dataclass(frozen=True)
class StrokeResult:
    pocketed: tuple[Pocketed, ...]
    pieces: tuple[Piece, ...]          # where every piece left on the board lies at rest
    frames: tuple[tuple[Piece, ...], ...] = field(default=(), repr=False)
    steps: int = 0
    time: float = 0.0                  # s simulated until everything rested

    def count(self, kind: str) -> int:
        return sum(1 for p in self.pocketed if p.kind == kind)


def break_setup(board: CarromBoard) -> tuple[Piece, ...]:
    """The pieces as set for the break: the queen in the centre, six men touching her,
    twelve more around them, colours alternating (nine of each)."""
    cx, cy = board.centre
    d = board.man_diameter * 1.001     # a hair apart, so nothing starts overlapped
    pieces = [Piece(QUEEN, cx, cy)]
    for k in range(6):
        a = math.radians(60 * k + 30)
        pieces.append(Piece((WHITE, BLACK)[k % 2], cx + d * math.cos(a), cy + d * math.sin(a)))
    for k in range(12):
        a = math.radians(30 * k)
        r = d * math.sqrt(3) if k % 2 == 0 else 2 * d   # the hexagonal packing's second ring
        pieces.append(Piece((WHITE, BLACK)[k % 2], cx + r * math.cos(a), cy + r * math.sin(a)))
    return tuple(pieces)


class CarromTable:
    """The pieces on one Carrom board and what strokes do to them."""

    def __init__(self, board: CarromBoard | None = None, pieces=()) -> None:
        self.board = board or CarromBoard()
        self._pieces: list[Piece] = []
        self.steps_simulated = 0
        for piece in pieces:
            self.place(piece)

    def pieces(self) -> tuple[Piece, ...]:
        return tuple(self._pieces)

    def set_up_break(self) -> None:
        self._pieces = list(break_setup(self.board))

    def clear(self) -> None:
        self._pieces.clear()

    def lay(self, pieces) -> None:
        """The pieces lie exactly as the sensors saw them (a restart's board): no checks,
        since readings rounded to 0.1 mm may touch where the pieces did not overlap."""
        self._pieces = [replace(p, x=float(p.x), y=float(p.y)) for p in pieces]

    def place(self, piece: Piece) -> None:
        """Put a piece at rest; ValueError if it is not on the surface, lies over a
        hole, overlaps another, or is one too many of its kind."""
        b = self.board
        if piece.kind not in KINDS:
            raise ValueError(f"unknown piece {piece.kind!r}; pieces are {', '.join(KINDS)}")
        r = b.radius(piece.kind)
        if not (r <= piece.x <= b.size - r and r <= piece.y <= b.size - r):
            raise ValueError(f"a {piece.kind} at ({piece.x:.1f}, {piece.y:.1f}) is not on the board")
        if b.in_pocket(piece.x, piece.y) is not None:
            raise ValueError(f"a {piece.kind} at ({piece.x:.1f}, {piece.y:.1f}) lies over a pocket")
        limit = {WHITE: MEN, BLACK: MEN, QUEEN: 1, STRIKER: 1}[piece.kind]
        if sum(1 for p in self._pieces if p.kind == piece.kind) >= limit:
            raise ValueError(f"there are only {limit} {piece.kind} piece(s)")
        for p in self._pieces:
            if math.hypot(p.x - piece.x, p.y - piece.y) < r + b.radius(p.kind) - 0.01:
                raise ValueError(f"a {piece.kind} at ({piece.x:.1f}, {piece.y:.1f}) would overlap "
                                 f"the {p.kind} at ({p.x:.1f}, {p.y:.1f})")
        self._pieces.append(replace(piece, x=float(piece.x), y=float(piece.y)))

    def remove(self, kind: str, count: int = 1) -> None:
        """Take ``count`` pieces of ``kind`` off the board (the last placed first)."""
        for _ in range(count):
            i = max((i for i, p in enumerate(self._pieces) if p.kind == kind), default=None)
            if i is None:
                raise ValueError(f"no {kind} on the board")
            del self._pieces[i]

    def striker_spot(self, strike: Strike) -> tuple[float, float]:
        b = self.board
        if not (-b.striker_reach() <= strike.along <= b.striker_reach()):
            raise ValueError(f"the striker must lie on the base line: {strike.along:.1f} mm is "
                             f"beyond ±{b.striker_reach():.1f} mm")
        return b.to_board(strike.seat, strike.along, b.striker_line_y())

    def in_the_way(self, strike: Strike) -> str | None:
        """The kind of the piece lying where ``strike`` would set the striker, or None."""
        x, y = self.striker_spot(strike)
        board = self.board
        return next((p.kind for p in self._pieces if p.kind != STRIKER and math.hypot(p.x - x, p.y - y)
                     < board.radius(STRIKER) + board.radius(p.kind)), None)

    def strike(self, strike: Strike, frame_interval: float | None = None) -> StrokeResult:
        """Flick the striker from ``strike.seat``'s base line and simulate until every
        piece rests; the striker is taken back afterwards. With ``frame_interval`` the
        result holds the pieces every that many seconds (for a board that reports
        moving pieces). ValueError if the striker cannot be set there."""
        if not (strike.speed >= 0 and math.isfinite(strike.speed) and math.isfinite(strike.angle)):
            raise ValueError(f"impossible stroke: {strike}")
        if strike.seat not in range(4):
            raise ValueError(f"seat must be 0..3, not {strike.seat}")
        x, y = self.striker_spot(strike)
        pieces = [p for p in self._pieces if p.kind != STRIKER]
        board = self.board
        if (kind := self.in_the_way(strike)) is not None:
            raise ValueError(f"a {kind} lies where the striker would be set")
        a = math.radians(strike.angle)
        forward = _turn((board.size / 2 + math.sin(a), 1 + math.cos(a)), strike.seat, board.size)
        origin = _turn((board.size / 2, 1), strike.seat, board.size)
        direction = (forward[0] - origin[0], forward[1] - origin[1])
        velocity = (direction[0] * strike.speed, direction[1] * strike.speed)
        sim = _Stroke(board, [*pieces, Piece(STRIKER, x, y)], velocity)
        result = sim.run(frame_interval)
        self._pieces = [p for p in result.pieces if p.kind != STRIKER]
        self.steps_simulated += result.steps
        return result


class _Stroke:
    """One stroke in a fresh pymunk space."""

    def __init__(self, board: CarromBoard, pieces: list[Piece], velocity: tuple[float, float]):
        self.board = board
        self.space = space = new_space()
        space.sleep_time_threshold = 0.05   # pieces no stroke reaches cost nothing
        self._add_cushions()
        self._add_holes()
        self._bodies: dict[int, tuple[pymunk.Body, tuple]] = {}
        self._index: dict[pymunk.Shape, int] = {}
        self.pieces = pieces
        self._falling: list[tuple[int, int]] = []
        self.pocketed: list[Pocketed] = []
        self.time = 0.0
        for kind, hole in ((_PIECE, _HOLE_FOR_MAN), (_STRIKER, _HOLE_FOR_STRIKER)):
            space.on_collision(kind, hole, begin=self._over_hole)
        for i, piece in enumerate(pieces):
            self._add_piece(i, piece)
        self._bodies[len(pieces) - 1][0].velocity = velocity

    def _add_cushions(self) -> None:
        s, b = self.board.size, self.board
        e = b.cushion_restitution / math.sqrt(b.restitution)
        for a, c in (((0, 0), (s, 0)), ((s, 0), (s, s)), ((s, s), (0, s)), ((0, s), (0, 0))):
            cushion = pymunk.Segment(self.space.static_body, a, c, 0)
            cushion.elasticity = min(e, 1.0)
            cushion.friction = 0.3
            self.space.add(cushion)

    def _add_holes(self) -> None:
        """A sensor in each hole, small enough that a piece touches it just as its
        centre passes over the hole's edge (one per size of piece)."""
        b = self.board
        self._holes: dict[pymunk.Shape, int] = {}
        for kind, collision in ((WHITE, _HOLE_FOR_MAN), (STRIKER, _HOLE_FOR_STRIKER)):
            reach = max(b.pocket_diameter / 2 - b.radius(kind), 0.5)
            for n, centre in enumerate(b.pockets()):
                hole = pymunk.Circle(self.space.static_body, reach, centre)
                hole.sensor = True
                hole.collision_type = collision
                self._holes[hole] = n
                self.space.add(hole)

    def _add_piece(self, i: int, piece: Piece) -> None:
        b = self.board
        striker = piece.kind == STRIKER
        disc = Disc(b.radius(piece.kind), b.striker_mass if striker else b.man_mass,
                    b.friction, math.sqrt(b.restitution))
        body, parts = add_disc(self.space, disc, (piece.x, piece.y),
                               _STRIKER if striker else _PIECE)
        self._bodies[i] = (body, parts)
        self._index[parts[1]] = i

    def _over_hole(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        piece, hole = arbiter.shapes
        self._falling.append((self._index[piece], self._holes[hole]))

    def run(self, frame_interval: float | None) -> StrokeResult:
        frames: list[tuple[Piece, ...]] = []
        steps, next_frame = 0, frame_interval or math.inf
        while True:
            dt = self._step_size()
            for _ in range(REST_CHECK):
                self.space.step(dt)
                self.time += dt
                steps += 1
                if self._falling:
                    self._drop()
                if self.time >= next_frame:
                    frames.append(self.rest_positions())
                    next_frame += frame_interval
            if at_rest(body for body, _ in self._bodies.values()):
                break
            if self.time > MAX_STROKE_TIME:
                raise RuntimeError(f"pieces still moving after {MAX_STROKE_TIME} s")
        pieces = self.rest_positions()
        if frame_interval:
            frames.append(pieces)
        return StrokeResult(tuple(self.pocketed), pieces, tuple(frames), steps, self.time)

    def _step_size(self) -> float:
        fastest = max((body.velocity.length for body, _ in self._bodies.values()
                       if not body.is_sleeping), default=0.0)
        if fastest <= 0:
            return MAX_STEP
        return min(MAX_STEP, max(MIN_STEP, MAX_TRAVEL / fastest))

    def _drop(self) -> None:
        for i, pocket in self._falling:
            if i in self._bodies:           # over two sensors at once counts once
                _, parts = self._bodies.pop(i)
                self.space.remove(*parts)
                self.pocketed.append(Pocketed(pocket, self.pieces[i].kind, round(self.time, 4)))
        self._falling.clear()

    def rest_positions(self) -> tuple[Piece, ...]:
        return tuple(Piece(self.pieces[i].kind, *body.position)
                     for i, (body, _) in sorted(self._bodies.items()))
