"""A second model of Shove's coins, written apart from the pymunk one (physics.py), for the
physics check's corpus (issue 31). The check searches with pymunk's model; a corpus drawn
by that same model is one view of the world, and a check tuned on it may lean on that
model's habits. This one shares no code or method with it:

- **no fixed step for the hits**: the moment two rims meet is solved exactly (the coins
  move in straight lines between hits, friction only slows them), so a hit is taken where
  the coins touch, never after they overlap by part of a step;
- **one hit at a time**, as an impulse at the touching point: restitution along the line
  of centres, Coulomb friction across it (the rims stick or slip, and spin the coins), so
  a row of touching coins passes a hit on from coin to coin;
- **sliding and spinning coupled** as for a disc pressing evenly on the table: the friction
  over its face opposes each point's own slip, so a spinning coin slides further and a
  sliding coin's spin lasts longer (pymunk's model stops each on its own);
- **a board not evenly polished**: its friction varies up the board in slow bands of a few
  per cent (``WEAR``), as a played board wears and is dusted.

A coin whose centre leaves the playing surface falls into the frame's gutter beside
where it left, as on the real board. Units: mm, g, s (``G`` in mm/s^2). Pure: no I/O, no
clock; the same positions and shot give the same result.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from tablegame.core.sensors import CoinReading
from tablegame.families.shove.board import Lie, ShoveBoard
from tablegame.families.shove.physics import (COIN_COIN_FRICTION, DEFAULT_FRICTION,
                                              DEFAULT_RESTITUTION, Shot, start_y)
from tablegame.physics.core import G

STEP = 0.002          # s: friction is applied per step; hits are found exactly within it
REST = 0.5            # mm/s below which a coin lies still (and its spin stops with it)
WEAR = 0.04           # the board's friction varies by up to this share up the board
WEAR_BAND = 180.0     # mm: about how long a band of wear is
MAX_TIME = 30.0       # s of simulated time: coins under friction stop long before


def _face_friction(ratios: np.ndarray, rings: int = 24, spokes: int = 48):
    """The friction over a disc pressing evenly, sliding at v along +x and spinning at w:
    the force along -x (in units of mu*m*g) and the torque against the spin (in units of
    mu*m*g*r), for each ratio ``w*r/v`` in ``ratios`` (by symmetry there is no force across
    the way). Summed over equal areas of the face."""
    k = (np.arange(rings) + 0.5) / rings
    rad = np.sqrt(k)                                # rings of equal area
    ang = (np.arange(spokes) + 0.5) * 2 * math.pi / spokes
    px = (rad[:, None] * np.cos(ang)[None, :]).ravel()
    py = (rad[:, None] * np.sin(ang)[None, :]).ravel()
    force, torque = [], []
    for e in ratios:
        ux, uy = 1.0 - e * py, e * px               # slip at each point: v + w x r (v = 1)
        n = np.hypot(ux, uy)
        force.append(float(np.mean(ux / n)))
        torque.append(float(np.mean((px * uy - py * ux) / n)))
    return np.array(force), np.array(torque)


_RATIOS = np.concatenate([np.linspace(0.0, 2.0, 81), np.linspace(2.05, 20.0, 60)])
_FORCE, _TORQUE = _face_friction(_RATIOS)


def _coupled(ratio: float) -> tuple[float, float]:
    """(force, torque) shares of the friction at a spin-to-slide ratio (see above): 1 and
    0 for a coin that only slides, 0 and 2/3 for one that only spins."""
    if ratio >= _RATIOS[-1]:   # spinning fast: the force falls as 1/ratio
        return float(_FORCE[-1] * _RATIOS[-1] / ratio), float(_TORQUE[-1])
    return float(np.interp(ratio, _RATIOS, _FORCE)), float(np.interp(ratio, _RATIOS, _TORQUE))


@dataclass
class _Coin:
    x: float
    y: float
    fallen: bool
    friction: float = DEFAULT_FRICTION
    restitution: float = DEFAULT_RESTITUTION
    vx: float = 0.0
    vy: float = 0.0
    spin: float = 0.0

    @property
    def moving(self) -> bool:
        return not self.fallen and bool(self.vx or self.vy or self.spin)


class IndependentTable:
    """A Shove table in this model, with the calls the corpus makes of pymunk's
    ``ShoveTable``: ``place``, ``positions``, ``pick_up_short``, ``settle``. ``wear``: the
    board's own bands of polish (a seed), or None for an even board; ``coin_properties``:
    each coin's (friction, restitution) as it is set down, as ``ShoveTable`` takes it."""

    def __init__(self, board: ShoveBoard, *, coin_properties=None, wear: int | None = 0,
                 friction: float = DEFAULT_FRICTION):
        self.board, self.friction = board, friction
        self.coin_properties = coin_properties
        self._coins: list[_Coin] = []
        rng = random.Random(wear)
        self._bands = [] if wear is None else [
            (rng.uniform(-WEAR, WEAR) / 2, 2 * math.pi / (WEAR_BAND * rng.uniform(0.6, 1.6)),
             rng.uniform(0, 2 * math.pi)) for _ in range(2)]
        self._radius = board.coin_radius
        self._inertia = 0.5 * self._radius ** 2      # per unit mass: a flat disc

    # -- the calls of ShoveTable ------------------------------------------------------
    def positions(self) -> tuple[CoinReading, ...]:
        return tuple(CoinReading(c.x, c.y) for c in self._coins)

    def place(self, x: float, y: float) -> None:
        b = self.board
        if len(self._coins) >= b.coins:
            raise ValueError(f"all {b.coins} coins are already on the table")
        if not (-b.frame <= x <= b.width + b.frame and -b.frame <= y <= b.length + b.frame):
            raise ValueError(f"a coin at ({x}, {y}) lies beyond the frame")
        fallen = x < 0 or x > b.width or y < 0 or y > b.length
        self._check_free(x, y, fallen)
        self._coins.append(_Coin(float(x), float(y), fallen, *self._properties()))

    def pick_up_short(self) -> int:
        keep = [c for c in self._coins if self.board.place(c.x, c.y).lie is not Lie.SHORT]
        taken, self._coins = len(self._coins) - len(keep), keep
        return taken

    def settle(self, shot: Shot) -> tuple[CoinReading, ...]:
        """Set a coin on the front edge, shove it, and run until every coin lies still;
        ValueError if it cannot be set there."""
        b, r = self.board, self._radius
        if not (r <= shot.x <= b.width - r):
            raise ValueError(f"a coin set at x={shot.x} mm is not wholly on the front edge")
        if len(self._coins) >= b.coins:
            raise ValueError(f"all {b.coins} coins are already on the table")
        self._check_free(shot.x, start_y(b), False)
        vx, vy = shot.velocity()
        self._coins.append(_Coin(float(shot.x), start_y(b), False, *self._properties(),
                                 vx=vx, vy=vy, spin=shot.spin))
        self._run()
        return self.positions()

    # -- inside ---------------------------------------------------------------------------
    def _properties(self) -> tuple[float, float]:
        if self.coin_properties is None:
            return self.friction, DEFAULT_RESTITUTION
        return self.coin_properties()

    def _check_free(self, x: float, y: float, fallen: bool) -> None:
        d = self.board.coin_diameter
        for c in self._coins:
            if c.fallen == fallen and math.hypot(c.x - x, c.y - y) < d:
                raise ValueError(f"a coin at ({x:.1f}, {y:.1f}) would overlap another")

    def _polish(self, y: float) -> float:
        return 1.0 + sum(a * math.sin(k * y + p) for a, k, p in self._bands)

    def _run(self) -> None:
        t = 0.0
        while t < MAX_TIME and any(c.moving for c in self._coins):
            self._move(STEP)
            self._slow(STEP)
            self._fall()
            t += STEP

    def _move(self, dt: float) -> None:
        """Every coin along its way for ``dt``, each hit on the way taken when it comes."""
        left, hits = dt, 0
        while left > 0:
            when, pair = self._first_touch(left)
            self._drift(when)
            left -= when
            if pair is None:
                return
            self._hit(*pair)
            hits += 1
            if hits > 200:   # a row pressed together: the rest of the step without hits
                self._drift(left)
                return

    def _drift(self, dt: float) -> None:
        """Every coin on the surface straight on at its velocity for ``dt``."""
        for c in self._coins:
            if not c.fallen:
                c.x += c.vx * dt
                c.y += c.vy * dt

    def _first_touch(self, within: float):
        """(time, pair) of the first two rims to meet within ``within`` s, moving as they
        move now; (within, None) if none do."""
        d = self.board.coin_diameter
        best, pair = within, None
        on = [c for c in self._coins if not c.fallen]
        for i, a in enumerate(on):
            for b in on[i + 1:]:
                if not (a.vx or a.vy or b.vx or b.vy):
                    continue
                px, py = b.x - a.x, b.y - a.y
                vx, vy = b.vx - a.vx, b.vy - a.vy
                closing = px * vx + py * vy
                if closing >= 0:
                    continue   # apart or parting
                gap2 = px * px + py * py - d * d
                if gap2 <= 0:
                    return 0.0, (a, b)   # touching and closing: the hit is now
                vv = vx * vx + vy * vy
                disc = closing * closing - vv * gap2
                if disc < 0:
                    continue
                when = (-closing - math.sqrt(disc)) / vv
                if 0 <= when < best:
                    best, pair = when, (a, b)
        return best, pair

    def _hit(self, a: _Coin, b: _Coin) -> None:
        """An impulse where the rims touch: restitution along the line of centres (the
        two coins' geometric mean), Coulomb friction across it, both spins changed."""
        r, inertia = self._radius, self._inertia
        dist = math.hypot(b.x - a.x, b.y - a.y) or 1e-9
        nx, ny = (b.x - a.x) / dist, (b.y - a.y) / dist
        tx, ty = -ny, nx
        # the rims' velocities at the touching point: a's at +r n, b's at -r n
        rel_n = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny
        if rel_n >= 0:
            return
        rel_t = (b.vx - a.vx) * tx + (b.vy - a.vy) * ty - r * (b.spin + a.spin)
        e = math.sqrt(a.restitution * b.restitution)
        jn = -(1 + e) * rel_n / 2                       # per unit mass, equal coins
        stick = -rel_t / (2 * (1 + r * r / inertia))    # what stops the rims slipping
        jt = max(-COIN_COIN_FRICTION * jn, min(COIN_COIN_FRICTION * jn, stick))
        ix, iy = jn * nx + jt * tx, jn * ny + jt * ty
        a.vx, a.vy = a.vx - ix, a.vy - iy
        b.vx, b.vy = b.vx + ix, b.vy + iy
        a.spin -= r * jt / inertia
        b.spin -= r * jt / inertia

    def _slow(self, dt: float) -> None:
        """Friction over each moving coin's face for ``dt``, its slide and spin coupled."""
        r = self._radius
        for c in self._coins:
            if not c.moving:
                continue
            mu_g = c.friction * self._polish(c.y) * G
            speed = math.hypot(c.vx, c.vy)
            ratio = abs(c.spin) * r / speed if speed > REST else math.inf
            force, torque = (0.0, 2 / 3) if ratio == math.inf else _coupled(ratio)
            dv, dw = mu_g * force * dt, mu_g * torque * r / self._inertia * dt
            if speed <= max(dv, REST):
                c.vx = c.vy = 0.0
            else:
                c.vx, c.vy = c.vx * (1 - dv / speed), c.vy * (1 - dv / speed)
            c.spin = 0.0 if abs(c.spin) <= dw else c.spin - math.copysign(dw, c.spin)
            if not (c.vx or c.vy) and abs(c.spin) * r < REST:
                c.spin = 0.0

    def _fall(self) -> None:
        """A coin whose centre left the surface drops into the gutter beside that spot."""
        b, r, d = self.board, self._radius, self.board.coin_diameter
        for c in self._coins:
            if c.fallen or (0 <= c.x <= b.width and 0 <= c.y <= b.length):
                continue
            depth = min(r, max(b.frame - r, 0.01))
            x = min(max(c.x, -depth), b.width + depth)
            y = min(max(c.y, -depth), b.length + depth)
            if 0 <= c.x <= b.width:
                y = -depth if c.y < 0 else b.length + depth
            else:
                x = -depth if c.x < 0 else b.width + depth
            for shift in (0, *[s * k * 0.5 for k in range(1, 400) for s in (1, -1)]):
                sx, sy = (x, y + shift) if x in (-depth, b.width + depth) else (x + shift, y)
                if all(o is c or not o.fallen or math.hypot(o.x - sx, o.y - sy) >= d
                       for o in self._coins):
                    x, y = sx, sy
                    break
            c.x, c.y, c.fallen = x, y, True
            c.vx = c.vy = c.spin = 0.0
