"""Physics of the Shove boards (ha'penny and piecepack): shots simulated with pymunk.

Units are millimetres, grams and seconds throughout (g = 9810 mm/s^2); coordinates
are those of :class:`~tablegame.families.shove.board.ShoveBoard` (x across from the left
edge, y up the board from the front edge).

The table is flat and has no rails. Sliding friction against the table is Coulomb
friction made of two constraints per coin, solved in C by Chipmunk: a pivot joint
and a gear joint to the static body with no error correction (``max_bias = 0``)
and a force limit of ``mu*m*g`` (a torque limit of ``2/3*mu*m*g*r`` for spin), so a
lone coin decelerates at exactly ``mu*g``. Coins knock each other on with the
given restitution. A coin whose centre leaves the playing surface falls into the
gutter of the frame: it is taken out of the simulation and stays where it fell.

Every shot runs in a fresh pymunk space built from the coins' rest positions, with
a fixed time step, so a shot's result depends only on the positions before it and
the shot itself: the same shot from the same positions gives exactly the same
result. Pure core: no I/O, no threads, no clock.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Callable, Iterator, NamedTuple

import pymunk
from pymunk._chipmunk import lib as _chipmunk

from tablegame.families.shove.board import Lie, ShoveBoard
from tablegame.physics.core import G, REST_SPEED, REST_SPIN, new_space, sliding_friction
from tablegame.core.sensors import CoinReading

DEFAULT_FRICTION = 0.25     # brass on polished wood or slate: sliding mu is about 0.2-0.3
DEFAULT_RESTITUTION = 0.8   # brass coin on brass coin, edge to edge
# s: 4.4 mm a step at the hardest shots (2.1 m/s), a sixth of a coin. At 1/240 s it was a
# third, and a hit was found only once the rims overlapped by that much: a chain's hits
# then strayed from a world without steps by more than the physics check allows (a corpus
# of another model, or of this one at 1/960 s, had 2-3 % of its shoves called a cheat;
# issue 31, twentieth round, docs/physics-check.md)
DEFAULT_STEP = 1 / 480
HAPENNY_DIAMETER = 25.4     # mm
HAPENNY_MASS = 5.7          # g
COIN_COIN_FRICTION = 0.2    # tangential friction where two coins' rims touch
START_OVERHANG = 2.0        # mm of the coin's rear that sticks out over the front edge
# Chipmunk's solver passes a step: at 1/480 s five gave the physics check every verdict ten
# did on the checks of 500 shots (issue 31, twentieth round), for a fifth less CPU
ITERATIONS = 5
REST_CHECK = 1 / 30         # s: settle() looks for rest this often (whole steps at any step)
MAX_SHOT_TIME = 120.0       # s of simulated time: coins under friction stop long before
# Chipmunk's sleeping on, so the coins a shot has not reached yet can be put to sleep
# (``_Simulation.reset``), but never a coin by itself: a finite threshold enables it, and
# no shot lasts this long (MAX_SHOT_TIME), so Chipmunk never finds a body idle for it.
_NEVER_IDLE = 1.0e9         # s

_COIN, _GUTTER = 1, 2       # collision types
_FAR = 1.0e5                # mm: the gutter sensors reach this far out
_TOUCHING = 0.1             # mm between rims within which two coins at rest count as touching


class NudgeRefused(ValueError):
    """A hand's nudge that cannot be made; ``kind``: no_coin, off_board or overlap (the
    desktop says it in words)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


def default_coin_mass(board: ShoveBoard) -> float:
    """Mass (g) of the board's coin: 5.7 g for the 25.4 mm ha'penny, scaled by area for
    other coins as a brass disc of the same thickness (3.2 g for a 19 mm piecepack coin).
    Only ratios of masses matter to the game, and all coins weigh the same."""
    return HAPENNY_MASS * (board.coin_diameter / HAPENNY_DIAMETER) ** 2


def start_y(board: ShoveBoard) -> float:
    """y of a coin's centre when it is set to be shoved: its rear sticks
    ``START_OVERHANG`` mm over the front edge, as the rules describe."""
    return board.coin_radius - START_OVERHANG


def speed_to_reach(board_or_table: ShoveBoard | ShoveTable, distance_mm: float) -> float:
    """Launch speed (mm/s) that slides a lone coin ``distance_mm`` from where it starts.

    This is the kinematic ``v = sqrt(2*mu*g*d)``, corrected for the simulator's fixed
    time step (under 1 % at ordinary shots) so that the simulated coin stops at that
    distance to a fraction of a millimetre. A board uses ``DEFAULT_FRICTION`` and
    ``DEFAULT_STEP``; a table uses its own."""
    if isinstance(board_or_table, ShoveTable):
        mu, dt = board_or_table.friction, board_or_table.step
    else:
        mu, dt = DEFAULT_FRICTION, DEFAULT_STEP
    if not distance_mm >= 0:
        raise ValueError(f"distance must be 0 mm or more, not {distance_mm}")
    # The slide is piecewise linear in the speed: with n = floor(speed/dv) whole steps of
    # friction taken, it is dt*((n+1)*speed - dv*n*(n+1)/2), and at speed = n*dv it is
    # dt*dv*n*(n+1)/2. So n is the largest whole number whose slide is within the
    # distance (a root of that quadratic, mended by a step for the floats' rounding),
    # and the speed follows from the linear piece.
    dv = mu * G * dt
    n = max(0, math.floor((math.sqrt(1 + 8 * distance_mm / (dt * dv)) - 1) / 2))
    while n > 0 and dt * dv * n * (n + 1) / 2 > distance_mm:
        n -= 1
    while dt * dv * (n + 1) * (n + 2) / 2 <= distance_mm:
        n += 1
    return (distance_mm / dt + dv * n * (n + 1) / 2) / (n + 1)


def _slide_distance(speed: float, mu: float, dt: float) -> float:
    """How far a lone coin slides in the simulation: Chipmunk moves a body by its
    velocity first, then friction takes ``mu*g*dt`` off the velocity."""
    dv = mu * G * dt
    n = math.floor(speed / dv)
    return dt * ((n + 1) * speed - dv * n * (n + 1) / 2)


@dataclass(frozen=True)
class Shot:
    x: float      # mm across the board where the coin starts (its centre)
    angle: float  # degrees from straight up the board; positive turns to the right (+x)
    speed: float  # mm/s at launch
    spin: float = 0.0  # rad/s at launch, counter-clockwise seen from above (a flick of the hand)

    def velocity(self) -> tuple[float, float]:
        a = math.radians(self.angle)
        return self.speed * math.sin(a), self.speed * math.cos(a)


class _Coin(NamedTuple):
    x: float
    y: float
    fallen: bool  # lies in the gutter of the frame, out of play
    friction: float | None = None     # this coin's own mu on the board; None: the table's
    restitution: float | None = None  # this coin's own restitution; None: the table's


class ShoveTable:
    """The coins on one Shove board and what shots do to them.

    ``friction`` is the sliding coefficient mu of a coin on the board, ``coin_mass`` in
    grams (default: :func:`default_coin_mass`), ``restitution`` that of two coins
    colliding, ``step`` the fixed time step in seconds. Coins are reported in the order
    they were put on the table.

    ``coin_properties``, if given, is called for every coin set on the front edge or
    placed, and returns that coin's own (friction, restitution): real coins differ from
    one another (the corpus of the physics check draws them). Two coins colliding bounce with the
    geometric mean of their restitutions. Without it every coin has the table's."""

    def __init__(self, board: ShoveBoard, *, friction: float = DEFAULT_FRICTION,
                 coin_mass: float | None = None, restitution: float = DEFAULT_RESTITUTION,
                 step: float = DEFAULT_STEP,
                 coin_properties: Callable[[], tuple[float, float]] | None = None) -> None:
        if not friction > 0:
            raise ValueError(f"friction must be above 0, not {friction}")
        if not 0 <= restitution <= 1:
            raise ValueError(f"restitution must be within 0..1, not {restitution}")
        if not step > 0:
            raise ValueError(f"step must be above 0 s, not {step}")
        self.board = board
        self.friction = friction
        self.coin_mass = default_coin_mass(board) if coin_mass is None else coin_mass
        if not self.coin_mass > 0:
            raise ValueError(f"coin mass must be above 0 g, not {coin_mass}")
        self.restitution = restitution
        self.step = step
        self.coin_properties = coin_properties
        self.steps_simulated = 0  # fixed steps taken by all shots so far (for benchmarks)
        self._coins: list[_Coin] = []

    # -- what the table looks like --------------------------------------------------

    def positions(self) -> tuple[CoinReading, ...]:
        """Every coin on the table (the gutter included), at rest."""
        return tuple(CoinReading(c.x, c.y) for c in self._coins)

    # -- shots --------------------------------------------------------------------------

    def shoot(self, shot: Shot, frame_interval: float = 1 / 30) -> Iterator[tuple[CoinReading, ...]]:
        """Set a new coin at the front edge (its rear ``START_OVERHANG`` mm over the edge),
        shove it and simulate until every coin rests.

        The shot is taken at once, when ``shoot`` is called; the iterator returned gives
        the positions of every coin at each ``frame_interval`` of simulated time after the
        launch (the frame at ``k*frame_interval`` is taken at the nearest whole step). The
        last item is the first frame at which everything rests; it equals
        :meth:`positions` afterwards. Raises ValueError if the shot is impossible: the
        coin not wholly on the front edge, another coin in its place, or every coin of
        the board already on the table."""
        if not frame_interval >= self.step:
            raise ValueError(f"frame interval must be at least one step ({self.step} s), "
                             f"not {frame_interval}")
        return iter(self._take(shot, frame_interval))

    def settle(self, shot: Shot) -> tuple[CoinReading, ...]:
        """Take ``shot`` as :meth:`shoot` does; return only the rest positions."""
        return self._take(shot, None)[-1]

    def rehearse(self) -> Rehearsal:
        """Many shots tried from the coins as they lie now, each from the same start
        (the referee's physics check searches this way): each result equals
        :meth:`settle` from these positions, at a fraction of the cost."""
        return Rehearsal(self)

    def clear(self) -> None:
        """The player takes every coin off the board (and out of the gutter)."""
        self._coins.clear()

    def pick_up_short(self) -> int:
        """Coins short of the first line (their far edge short of its near edge) are
        taken back to be shoved again, as are coins that fell off the front edge.
        Returns how many."""
        keep = [c for c in self._coins if self.board.place(c.x, c.y).lie is not Lie.SHORT]
        taken = len(self._coins) - len(keep)
        self._coins = keep
        return taken

    def nudge(self, x: float, y: float, dx: float, dy: float) -> tuple[float, float]:
        """A hand moves the coin on the surface nearest (x, y) by (dx, dy) mm: the cheat
        the referee's physics check must catch. Returns where the coin lay. Raises
        NudgeRefused (a ValueError) if there is no coin, or it would leave the surface or
        overlap one; then nothing moves."""
        i, to = self.nudged(x, y, dx, dy)
        coin = self._coins[i]
        self._coins = [*self._coins[:i], coin._replace(x=to[0], y=to[1]), *self._coins[i + 1:]]
        return coin.x, coin.y

    def nudged(self, x: float, y: float, dx: float, dy: float) -> tuple[int, tuple[float, float]]:
        """Which coin a nudge (``nudge``) moves and where to, without moving it; the
        desktop's hand asks first, to say on the screen why it cannot."""
        coins = self._coins   # a nudge or a shot replaces the list: this one stays whole
        on = [i for i, c in enumerate(coins) if not c.fallen]
        if not on:
            raise NudgeRefused("no_coin", "there is no coin on the board to nudge")
        i = min(on, key=lambda k: math.hypot(coins[k].x - x, coins[k].y - y))
        to = (coins[i].x + dx, coins[i].y + dy)
        b = self.board
        if not (0 <= to[0] <= b.width and 0 <= to[1] <= b.length):
            raise NudgeRefused("off_board", f"a coin nudged to ({to[0]:.1f}, {to[1]:.1f}) leaves the board")
        try:
            self._check_free(*to, False, coins[:i] + coins[i + 1:])
        except ValueError as error:
            raise NudgeRefused("overlap", str(error)) from None
        return i, to

    def place(self, x: float, y: float) -> None:
        """Put a coin at rest at (x, y): on the playing surface, or in the gutter of the
        frame if its centre is off the surface. Raises ValueError if it would lie beyond
        the frame, overlap a coin, or be one coin more than the board has."""
        self._check_room()
        b = self.board
        if not (-b.frame <= x <= b.width + b.frame and -b.frame <= y <= b.length + b.frame):
            raise ValueError(f"a coin at ({x}, {y}) lies beyond the frame")
        fallen = x < 0 or x > b.width or y < 0 or y > b.length
        self._check_free(x, y, fallen)
        own = self.coin_properties() if self.coin_properties is not None else (None, None)
        self._coins.append(_Coin(float(x), float(y), fallen, *own))

    # -- inside ---------------------------------------------------------------------------

    def _check_room(self) -> None:
        if len(self._coins) >= self.board.coins:
            raise ValueError(f"all {self.board.coins} coins are already on the table: "
                             "clear() or pick_up_short() first")

    def _check_free(self, x: float, y: float, fallen: bool, coins=None) -> None:
        d = self.board.coin_diameter
        for c in self._coins if coins is None else coins:
            if c.fallen == fallen and math.hypot(c.x - x, c.y - y) < d:
                raise ValueError(f"a coin at ({x:.1f}, {y:.1f}) would overlap the coin "
                                 f"at ({c.x:.1f}, {c.y:.1f})")

    def _take(self, shot: Shot, frame_interval: float | None) -> list[tuple[CoinReading, ...]]:
        coins = self._launch(shot)
        if self.coin_properties is not None:
            friction, restitution = self.coin_properties()
            coins[-1] = coins[-1]._replace(friction=friction, restitution=restitution)
        sim = _Simulation(self, coins, launched=len(coins) - 1, velocity=shot.velocity(),
                          spin=shot.spin)
        frames = sim.run(frame_interval)
        self._coins = sim.coins
        self.steps_simulated += sim.steps
        return frames

    def _launch(self, shot: Shot) -> list[_Coin]:
        """The coins with the shot coin set on the front edge; ValueError if it cannot be."""
        b = self.board
        if not (b.coin_radius <= shot.x <= b.width - b.coin_radius):
            raise ValueError(f"a coin set at x={shot.x} mm is not wholly on the front edge "
                             f"({b.coin_radius:.1f}..{b.width - b.coin_radius:.1f} mm)")
        if not (shot.speed >= 0 and math.isfinite(shot.speed) and math.isfinite(shot.angle)):
            raise ValueError(f"impossible shot: {shot}")
        self._check_room()
        self._check_free(shot.x, start_y(b), False)
        return [*self._coins, _Coin(float(shot.x), start_y(b), False)]


class Rehearsal:
    """Shots tried one after another from the same rest positions, in one pymunk space
    that is set back before each (building pymunk's objects costs more than a whole
    shot). A result equals :meth:`ShoveTable.settle` from those positions, bit for bit
    (tests/test_physics_shove.py), and the table itself is left as it was."""

    def __init__(self, table: ShoveTable) -> None:
        self.table = table
        self._coins = list(table._coins)
        self._sim: _Simulation | None = None

    def settle(self, shot: Shot) -> tuple[CoinReading, ...]:
        """Where every coin rests after ``shot``; ValueError as :meth:`ShoveTable.shoot`."""
        table = self.table
        saved, table._coins = table._coins, self._coins
        try:
            coins = table._launch(shot)
        finally:
            table._coins = saved
        if self._sim is None:
            self._sim = _Simulation(table, coins, len(coins) - 1, shot.velocity(), shot.spin)
        else:
            self._sim.reset(coins, len(coins) - 1, shot.velocity(), shot.spin)
        result = self._sim.run(None)[-1]
        table.steps_simulated += self._sim.steps
        self.hits = self._sim.hits
        return result


class Hit(NamedTuple):
    """How a coin took part in a shot: ``depth`` hits down the chain from the shot coin
    (0: the shot coin, 1: a coin it hit, 2: one that coin hit, ...), where it was when it
    first touched another coin (None: it touched none), and how many coins it touched."""

    depth: int
    touched: tuple[float, float] | None
    touches: int = 0


class _Simulation:
    """One shot in a fresh pymunk space."""

    def __init__(self, table: ShoveTable, coins: list[_Coin], launched: int,
                 velocity: tuple[float, float], spin: float = 0.0) -> None:
        self.table, self.board, self.coins = table, table.board, list(coins)
        self.dt = table.step
        self.rest_steps = max(1, round(REST_CHECK / self.dt))   # 16 at 1/480 s
        space = self.space = new_space()
        space.iterations = ITERATIONS
        space.sleep_time_threshold = _NEVER_IDLE
        self._add_gutters()
        self._falling: list[tuple[pymunk.Shape, str]] = []   # coin shape, edge crossed
        space.on_collision(_COIN, _GUTTER, begin=self._begin_fall)
        space.on_collision(_COIN, _COIN, begin=self._begin_hit)
        self._bodies: dict[int, tuple[pymunk.Body, tuple]] = {}
        self._index: dict[pymunk.Shape, int] = {}
        self._made: dict[int, tuple[pymunk.Body, pymunk.Shape]] = {}  # kept for reset()
        self._joints: dict[int, tuple[pymunk.Constraint, pymunk.Constraint]] = {}
        self._apart_of: list[_Coin] | None = None   # the coins ``_apart`` was found for
        self._apart: list[int] = []
        self.reset(coins, launched, velocity, spin)

    def reset(self, coins: list[_Coin], launched: int, velocity: tuple[float, float],
              spin: float = 0.0) -> None:
        """Start over from ``coins`` at rest, ``launched`` moving at ``velocity``: the
        same as a fresh simulation, at a third of the cost (building pymunk's objects
        takes longer than a whole shot). Bodies and shapes are reused at rest, and the
        friction joints of coins the last shot left untouched."""
        for _, parts in self._bodies.values():
            self._detach(*parts)
        self._bodies.clear()
        self._falling.clear()
        self.coins = list(coins)
        for i, coin in enumerate(self.coins):
            if not coin.fallen:
                self._add_coin(i, coin)
        shot = self._bodies[launched][0]._body   # set in Chipmunk directly, as the rest
        _chipmunk.cpBodySetVelocity(shot, tuple(velocity))
        _chipmunk.cpBodySetAngularVelocity(shot, spin)
        self._sleep_apart(launched)
        # who was hit, how far down the chain, and where each coin was at its first touch
        self.hits: dict[int, Hit] = {launched: Hit(0, None)}
        # the coins that can be moving: the shot coin and every coin that touched another
        # (one nothing touched keeps its velocity of exactly zero: its friction joints push
        # only against a velocity, there is no gravity in the table's plane)
        self._moving: set[int] = {launched}

    def _sleep_apart(self, launched: int) -> None:
        """Put every coin at rest that touches no other to sleep: Chipmunk then leaves it
        and its two friction joints out of every step (a step's solver works through
        every awake joint ten times: with five coins down and one moving, a step costs
        three times what the moving coin's own does, issue 31's eighteenth round) until
        a moving coin touches it, and wakes it within that step, before the step's forces
        are solved, so it is hit as an awake coin would be. A sleeping coin only misses
        forces it could not feel anyway: it has no velocity, and the table's plane has no
        gravity. Coins that touch one another stay awake (two sleeping coins would not
        push apart: the model places none overlapping, but the margin costs nothing).
        The launched coin is the last (``ShoveTable._launch``)."""
        rest = self.coins[:launched]
        if rest != self._apart_of:   # a rehearsal's shots all start from the same coins
            near = (self.board.coin_diameter + _TOUCHING) ** 2
            lying = [(i, c) for i, c in enumerate(rest) if not c.fallen]
            self._apart = [i for i, c in lying
                           if all((c.x - o.x) ** 2 + (c.y - o.y) ** 2 > near
                                  for j, o in lying if j != i)]
            self._apart_of = rest
        sleep, bodies = _chipmunk.cpBodySleep, self._bodies
        for i in self._apart:
            sleep(bodies[i][0]._body)

    def _add_gutters(self) -> None:
        """Four sensors, one beyond each edge, set back by a coin's radius: a coin's
        rim touches one just as its centre leaves the playing surface."""
        w, l, r, f = self.board.width, self.board.length, self.board.coin_radius, _FAR
        boxes = {"left": (-f, -f, -r, l + f), "right": (w + r, -f, w + f, l + f),
                 "far": (-f, l + r, w + f, l + f), "front": (-f, -f, w + f, -r)}
        self._edges: dict[pymunk.Shape, str] = {}
        for edge, (x0, y0, x1, y1) in boxes.items():
            shape = pymunk.Poly(self.space.static_body, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            shape.sensor = True
            shape.collision_type = _GUTTER
            self._edges[shape] = edge
            self.space.add(shape)

    def _add_coin(self, i: int, coin: _Coin) -> None:
        t, r = self.table, self.board.coin_radius
        if i in self._made:
            body, shape = self._made[i]
            raw = body._body
            _chipmunk.cpBodySetAngle(raw, 0.0)
            _chipmunk.cpBodySetAngularVelocity(raw, 0.0)
            _chipmunk.cpBodySetVelocity(raw, (0.0, 0.0))
        else:
            body = pymunk.Body(t.coin_mass, pymunk.moment_for_circle(t.coin_mass, 0, r))
            shape = pymunk.Circle(body, r)
            shape.friction = math.sqrt(COIN_COIN_FRICTION)     # Chipmunk multiplies the pair's
            shape.collision_type = _COIN                       # frictions and elasticities
            self._made[i] = body, shape
        mu = t.friction if coin.friction is None else coin.friction
        e = t.restitution if coin.restitution is None else coin.restitution
        # set on reuse too: a reused shape may be another coin's
        _chipmunk.cpShapeSetElasticity(shape._shape, math.sqrt(e))
        _chipmunk.cpBodySetPosition(body._body, (coin.x, coin.y))
        slide, spin = self._friction(i, body, mu)
        self._attach(body, shape, slide, spin)
        self._bodies[i] = (body, (body, shape, slide, spin))
        self._index[shape] = i

    def _attach(self, body: pymunk.Body, shape: pymunk.Shape, *joints: pymunk.Constraint) -> None:
        """Put a coin's body, shape and friction joints into the space, in Chipmunk's own
        calls in the order ``Space.add`` makes them: pymunk's bookkeeping around them (and
        around ``_detach``'s) cost a sixth of a check, every coin of every shot being
        taken out and put back (``reset``). The space's C side alone knows them, so every
        step runs straight in C (``_advance``), and a coin freed with the space or before
        it is taken out of it by pymunk's own finalizers, which ask Chipmunk."""
        space = self.space._space
        _chipmunk.cpSpaceAddBody(space, body._body)
        _chipmunk.cpSpaceAddShape(space, shape._shape)
        for joint in joints:
            _chipmunk.cpSpaceAddConstraint(space, joint._constraint)

    def _detach(self, body: pymunk.Body, shape: pymunk.Shape, *joints: pymunk.Constraint) -> None:
        """Take out what ``_attach`` put in, in the order ``Space.remove`` does."""
        space = self.space._space
        _chipmunk.cpSpaceRemoveBody(space, body._body)
        _chipmunk.cpSpaceRemoveShape(space, shape._shape)
        for joint in joints:
            _chipmunk.cpSpaceRemoveConstraint(space, joint._constraint)

    def _friction(self, i: int, body: pymunk.Body, mu: float) -> tuple:
        """The coin's friction joints: those of the last shot if they never pushed (a coin
        nothing touched: a fresh joint is the same), else new ones (a joint carries the
        impulse of its last step into the next)."""
        old = self._joints.get(i)
        impulse = _chipmunk.cpConstraintGetImpulse   # pymunk's properties around these calls
        if old is not None and impulse(old[0]._constraint) == 0.0 \
                and impulse(old[1]._constraint) == 0.0 \
                and _chipmunk.cpConstraintGetMaxForce(old[0]._constraint) == mu * self.table.coin_mass * G:
            return old
        self._joints[i] = sliding_friction(self.space, body, mu, self.table.coin_mass,
                                           self.board.coin_radius)
        return self._joints[i]

    def _begin_hit(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Two coins touch: one at rest that has not been hit yet is hit now, one hit
        further down the chain than the coin that hit it (the shot coin is 0); a coin's
        first touch is where it was then (the shot coin's tells its way to the first hit)."""
        a, b = (self._index[shape] for shape in arbiter.shapes)
        self._moving.update((a, b))
        for i, j in ((a, b), (b, a)):
            hit = self.hits.get(i)
            if hit is None and j in self.hits:
                self.hits[i] = Hit(self.hits[j].depth + 1, tuple(self._bodies[i][0].position), 1)
            elif hit is not None:
                self.hits[i] = Hit(hit.depth, hit.touched or tuple(self._bodies[i][0].position),
                                   hit.touches + 1)

    def _begin_fall(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        coin, gutter = arbiter.shapes
        self._falling.append((coin, self._edges[gutter]))

    def run(self, frame_interval: float | None) -> list[tuple[CoinReading, ...]]:
        frames: list[tuple[CoinReading, ...]] = []
        done, k = 0, 0
        self.steps = 0
        limit = math.ceil(MAX_SHOT_TIME / self.dt)
        while True:
            k += 1
            target = (round(k * frame_interval / self.dt) if frame_interval
                      else done + self.rest_steps)
            self._advance(target - done)
            done = self.steps = target
            if frame_interval:
                frames.append(self.readings())
            if self._at_rest():
                break
            if done > limit:
                raise RuntimeError(f"coins still moving after {MAX_SHOT_TIME} s: {self.coins}")
        self.coins = [self._rested(i, c) for i, c in enumerate(self.coins)]
        if not frame_interval:
            frames.append(self.readings())
        return frames

    def _advance(self, steps: int) -> None:
        """``steps`` fixed steps, straight into Chipmunk's C step: pymunk's ``Space.step``
        around it checks the bodies added since and runs the space's deferred adds and
        removes, which this model never has during a step (its callbacks only note a hit
        or a fall), and that wrapper cost a third of a check. Coins go in and out through
        Chipmunk's own calls too (``_attach``), so pymunk has no bookkeeping to do."""
        step, raw, dt = _chipmunk.cpSpaceStep, self.space._space, self.dt
        for _ in range(steps):
            step(raw, dt)
            if self._falling:
                self._drop()

    def _at_rest(self) -> bool:
        """Every coin still (``physics.core.at_rest``), read from Chipmunk directly; only
        the coins that can be moving are asked (``_moving``: the others are still, and
        asking them all was most of this call's time, issue 31's sixteenth round)."""
        v2, spin = REST_SPEED ** 2, REST_SPIN
        velocity, turning = _chipmunk.cpBodyGetVelocity, _chipmunk.cpBodyGetAngularVelocity
        bodies = self._bodies
        for i in self._moving:
            if i not in bodies:
                continue   # it fell into the gutter
            raw = bodies[i][0]._body
            v = velocity(raw)
            if v.x * v.x + v.y * v.y > v2 or abs(turning(raw)) > spin:
                return False
        return True

    def readings(self) -> tuple[CoinReading, ...]:
        return tuple(CoinReading(*self._position(i)) if i in self._bodies
                     else CoinReading(c.x, c.y) for i, c in enumerate(self.coins))

    def _rested(self, i: int, coin: _Coin) -> _Coin:
        if i not in self._bodies:
            return coin
        x, y = self._position(i)
        return coin._replace(x=x, y=y)

    def _position(self, i: int) -> tuple[float, float]:
        """Where coin ``i`` is, read from Chipmunk directly (pymunk's ``Body.position``
        around the same call makes a ``Vec2d``: every coin of every shot is read)."""
        p = _chipmunk.cpBodyGetPosition(self._bodies[i][0]._body)
        return p.x, p.y

    def _drop(self) -> None:
        for shape, edge in self._falling:
            i = self._index[shape]
            if i not in self._bodies:
                continue  # fell over two edges at once (a corner)
            body, parts = self._bodies.pop(i)
            self._detach(*parts)
            x, y = self._gutter_spot(body.position, edge)
            self.coins[i] = self.coins[i]._replace(x=x, y=y, fallen=True)
        self._falling.clear()

    def _gutter_spot(self, p: pymunk.Vec2d, edge: str) -> tuple[float, float]:
        """Where a coin that crossed ``edge`` at ``p`` comes to rest: beside that spot, in the
        frame; slid along the gutter (or a row further out) if a fallen coin lies there."""
        b, r, d = self.board, self.board.coin_radius, self.board.coin_diameter
        (ox, oy), (nx, ny), (tx, ty) = _EDGES[edge](b.width, b.length)
        depth = (p.x - ox) * nx + (p.y - oy) * ny
        along = p.x * tx + p.y * ty
        low, high = -b.frame + r, (b.length if ty else b.width) + b.frame - r
        # it dropped off the edge: its centre lies at least a radius off the surface (a
        # reading at the edge, within the sensors' error, would put it back on the board)
        deepest = max(b.frame - r, 0.01)
        depth = min(max(depth, min(r, deepest)), deepest)
        along = min(max(along, low), high)
        spot = lambda dep, al: (ox + dep * nx + al * tx, oy + dep * ny + al * ty)  # noqa: E731
        others = [(c.x, c.y) for c in self.coins if c.fallen]
        count = int((high - low) / 0.5) + 2
        while True:
            shifts = itertools.chain((0.0,), (sign * k * 0.5 for k in range(1, count)
                                              for sign in (1, -1)))
            for shift in shifts:
                if low <= along + shift <= high:
                    x, y = spot(depth, along + shift)
                    if all(math.hypot(x - fx, y - fy) >= d for fx, fy in others):
                        return x, y
            if depth >= deepest:
                return spot(depth, along)  # the gutter is full here: they lie on one another
            depth = min(depth + d, deepest)


# edge -> (origin, outward normal, tangent) for a board of (width, length)
_EDGES = {
    "left": lambda w, l: ((0.0, 0.0), (-1.0, 0.0), (0.0, 1.0)),
    "right": lambda w, l: ((w, 0.0), (1.0, 0.0), (0.0, 1.0)),
    "far": lambda w, l: ((0.0, l), (0.0, 1.0), (1.0, 0.0)),
    "front": lambda w, l: ((0.0, 0.0), (0.0, -1.0), (1.0, 0.0)),
}
