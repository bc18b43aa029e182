"""Could one shove have turned the last settled board into this one?

Generic over round pieces on a flat surface (Shove's coins, Carrom's men): pieces
carry no identity, so the check first works out which piece went where, then asks
whether every piece that moved can have been hit, by the shot piece or through a
chain of hits, with the impulse of a hit along the line of centres (friction and
spin turn it a little, and sensor error blurs it).

The shot piece sets off from the launch line (``launch_y``, anywhere across it) and
slides straight until its first hit. A hit pushes a resting piece along the line of
centres, so the hitter's centre at contact lay one diameter behind the piece, on
the side it moved away from; a piece that moved with no hitter path passing there
is *unexplained*. Pure and deterministic: no clock, no threads; the work is bounded
by the number of assignments ranked (``MAX_ASSIGNMENTS``) and judged (``MAX_JUDGED``).

``launch_y=None`` means no piece was shot: then any piece that moved is unexplained
(Carrom's "no man may move between strokes" is ``check(before, after, radius=r,
launch_y=None, new=0)``).
"""
from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from typing import Sequence

Point = tuple[float, float]

SENSOR_ERROR = 1.0        # mm: each reading of a centre is off by up to this
STILL = 2.5               # mm: a piece seen this close to where it lay has not moved
MAX_ASSIGNMENTS = 720     # piece assignments ranked at most (bounds the work)
MAX_JUDGED = 120          # of them judged, the likeliest first (the physics decides past that)
MAX_TURN = 35.0           # degrees between a hit piece's path and the line of centres


@dataclass(frozen=True)
class Moved:
    before: Point
    after: Point


@dataclass(frozen=True)
class Check:
    """The verdict: ``moved`` are the pieces that moved (before -> after), ``shot``
    where the shot piece came to rest, ``unexplained`` the moved pieces that
    nothing could have hit. ``counted`` is False when the readings hold a different
    number of pieces than the check expects (then it says nothing)."""

    moved: tuple[Moved, ...] = ()
    shot: Point | None = None
    unexplained: tuple[Moved, ...] = ()
    counted: bool = True

    @property
    def plausible(self) -> bool:
        return not self.unexplained


def check(before: Sequence[Point], after: Sequence[Point], *, radius: float,
          launch_y: float | None, width: float = math.inf, new: int = 1,
          tolerance: float = SENSOR_ERROR) -> Check:
    """Judge two settled readings; ``new`` pieces were added by the shot (1 for a
    shove, 0 for Carrom's striker taken off again or a board left alone)."""
    before, after = canonical(before), canonical(after)
    still_limit = STILL + 2 * (tolerance - SENSOR_ERROR)
    moved_idx, fresh_idx = _unmatched(before, after, still_limit)
    if len(fresh_idx) != len(moved_idx) + new:
        return Check(counted=False)
    if not moved_idx:
        shot = after[fresh_idx[0]] if new else None
        return Check(shot=shot)
    best = _best(before, after, moved_idx, fresh_idx, new, radius, launch_y, width, tolerance)
    return best


def _best(before, after, moved_idx, fresh_idx, new, radius, launch_y, width, tolerance) -> Check:
    """The assignment of moved pieces that leaves the fewest unexplained."""
    stationary = tuple(p for i, p in enumerate(before) if i not in set(moved_idx))
    best: Check | None = None
    for shot_i, pairing in assignments(before, after, moved_idx, fresh_idx, new)[:MAX_JUDGED]:
        moved = tuple(Moved(before[m], after[a]) for m, a in zip(moved_idx, pairing))
        shot = after[shot_i] if shot_i is not None else None
        lost = _unexplained(moved, shot, stationary, radius, launch_y, width, tolerance)
        if best is None or len(lost) < len(best.unexplained):
            best = Check(moved=moved, shot=shot, unexplained=lost)
            if not lost:
                break
    return best


def still(before: Sequence[Point], after: Sequence[Point], *, radius: float,
          tolerance: float = SENSOR_ERROR) -> Check:
    """No piece was played: every piece that moved is unexplained."""
    return check(before, after, radius=radius, launch_y=None, new=0, tolerance=tolerance)


def canonical(points: Sequence[Point]) -> list[Point]:
    """The readings in one order, whatever order the board listed them in: pieces have
    no identity and docs/protocol.md fixes no order, so every tie the check breaks by
    position in a list (which pairing is tried first, which piece is named) must be
    broken the same way for the same board."""
    return sorted((float(p[0]), float(p[1])) for p in points)


def apart(points: Sequence[Point], d: float, rounds: int = 60) -> list[Point]:
    """The readings with pieces that the sensor error makes overlap pushed apart, each
    pair of an overlap by half of it on either side along their line of centres, over
    and over until none overlaps: a cluster (three touching pieces, a ring) comes apart
    whichever piece is listed first, and no piece is moved more than the error asks.
    Touching pieces are read up to 2.8 mm into each other (two readings of ±1 mm)."""
    ps = [[float(x), float(y)] for x, y in points]
    for _ in range(rounds):
        pushed = False
        for i, p in enumerate(ps):
            for q in ps[i + 1:]:
                dx, dy = q[0] - p[0], q[1] - p[1]
                gap = math.hypot(dx, dy)
                if gap >= d + 0.01:
                    continue
                if gap < 1e-9:   # read on top of each other: part them along y
                    dx, dy, gap = 0.0, 1.0, 1.0
                half = (d + 0.02 - gap) / 2 / gap
                p[0], p[1] = p[0] - half * dx, p[1] - half * dy
                q[0], q[1] = q[0] + half * dx, q[1] + half * dy
                pushed = True
        if not pushed:
            break
    return [(x, y) for x, y in ps]


# -- which piece went where ------------------------------------------------------------

def _pairs(before: list[Point], after: list[Point], limit: float) -> dict[int, int]:
    """Each piece of ``before`` seen again within ``limit``: before index -> after index
    (pieces cannot overlap, so the nearest match is the one)."""
    close = sorted((distance(b, a), i, j) for i, b in enumerate(before)
                   for j, a in enumerate(after) if distance(b, a) <= limit)
    pairs: dict[int, int] = {}
    for _, i, j in close:
        if i not in pairs and j not in pairs.values():
            pairs[i] = j
    return pairs


def _unmatched(before: list[Point], after: list[Point], limit: float) -> tuple[list[int], list[int]]:
    """Pieces of ``before`` not seen again within ``limit``, and pieces of ``after``
    not seen before."""
    pairs = _pairs(before, after, limit)
    seen = set(pairs.values())
    return ([i for i in range(len(before)) if i not in pairs],
            [j for j in range(len(after)) if j not in seen])


def assignments(before, after, moved_idx, fresh_idx, new):
    """(shot piece, after-index per moved piece): every assignment, the likeliest
    first (pieces are knocked on, so short, forward moves first), at most
    ``MAX_ASSIGNMENTS``."""
    options = []
    shots = fresh_idx if new else [None]
    for shot_i in shots:
        rest = [j for j in fresh_idx if j != shot_i]
        for perm in itertools.permutations(rest, len(moved_idx)):
            cost = sum(distance(before[m], after[a]) + 2 * max(0.0, before[m][1] - after[a][1])
                       for m, a in zip(moved_idx, perm))
            options.append((cost, shot_i if shot_i is not None else -1, perm))
            if len(options) >= MAX_ASSIGNMENTS:
                break
        if len(options) >= MAX_ASSIGNMENTS:
            break
    options.sort()
    return [(None if s == -1 else s, perm) for _, s, perm in options]


# -- who could have hit whom ------------------------------------------------------------

def _unexplained(moved, shot, stationary, radius, launch_y, width, tol) -> tuple[Moved, ...]:
    d = 2 * radius
    reach = d + 2 * tol + 0.02 * d   # a hitter's centre passes this close to the piece it hits
    if launch_y is None or shot is None:
        return _spread(moved, [], set(), None, d, reach, tol)
    # the shot piece slid straight from the launch line to its first hit (one piece),
    # then on to where it rests; one that hit nothing on its way hit nothing at all
    best = tuple(moved)
    for i, m in enumerate(moved):
        if not _direct_hit(m, shot, moved, stationary, d, reach, launch_y, width, tol):
            continue
        contact = contact_point(m, d)
        lost = _spread(moved, [(contact, shot)], {i}, shot, d, reach, tol)
        if len(lost) < len(best):
            best = lost
            if not lost:
                break
    return best


def _spread(moved, paths, hit: set[int], shot, d, reach, tol) -> tuple[Moved, ...]:
    """Follow the hits from the pieces in ``hit`` and the extra hitter ``paths``; the
    moved pieces no hit reaches."""
    hit = set(hit)
    grew = True
    while grew:
        grew = False
        # a hit piece's own path, and the shot piece's way on from any hit (it may
        # have been the hitter there, then gone on to rest where it lies)
        hitters = paths + [(moved[k].before, moved[k].after) for k in hit]
        if shot is not None:
            hitters += [(contact_point(moved[k], d), shot) for k in hit]
        for i, m in enumerate(moved):
            if i not in hit and any(_pushed(m, a, b, reach, tol) for a, b in hitters):
                hit.add(i)
                grew = True
    return tuple(m for i, m in enumerate(moved) if i not in hit)


def _direct_hit(m: Moved, shot: Point, moved, stationary, d, reach, launch_y, width,
                tol) -> bool:
    """Could the shot piece, sliding straight from the launch line, have hit ``m`` first
    and then come to rest at ``shot``?

    In a hit of equal pieces the hit one takes ``(1+e)/2`` of the hitter's speed along
    the line of centres ``n``, the hitter keeps ``(1-e)/2`` of it and all its sideways
    speed; under Coulomb friction a piece slides straight and ``v**2`` is proportional to
    the distance. So the hitter's rest after the hit tells its speed along and across
    ``n`` (in units of ``sqrt(2*mu*g)``, which cancel), hence where it came from. If it
    went on to hit another piece, only the cone it came from is checked."""
    u = unit(m.before, m.after)
    if u == (0.0, 0.0):
        return False
    contact = contact_point(m, d)
    if contact[1] < launch_y - tol:
        return False
    went_on = any(o is not m and _pushed(o, contact, shot, reach, tol) for o in moved)
    return _direct_from(m, shot, went_on, stationary, d, launch_y, width, tol)


@functools.lru_cache(maxsize=4096)
def _direct_from(m: Moved, shot: Point, went_on: bool, stationary: tuple[Point, ...], d: float,
                 launch_y: float, width: float, tol: float) -> bool:
    """``_direct_hit`` once it is known whether the shot piece went on to hit another
    piece: the same pieces come back in assignment after assignment (cached)."""
    u = unit(m.before, m.after)
    contact = contact_point(m, d)
    t = (-u[1], u[0])
    rel = (shot[0] - contact[0], shot[1] - contact[1])
    along, across = rel[0] * u[0] + rel[1] * u[1], rel[0] * t[0] + rel[1] * t[1]
    length = math.hypot(along, across)
    s = distance(m.before, m.after)
    blur = 2 * tol + 0.05 * d
    if went_on:
        directions = [math.atan2(u[0], u[1]) + math.radians(a) for a in range(-60, 61, 5)]
    else:
        if along < -blur or along > 0.5 * math.sqrt(length * s) + blur:
            return False
        directions = []
        for e in (0.7, 0.8, 0.9):
            for grow in (0.8, 1.0, 1.25):   # friction of the two pieces differs
                vn = 2 / (1 + e) * math.sqrt(s * grow)
                vt = across / math.sqrt(max(length, 1e-9))
                vx, vy = vn * u[0] + vt * t[0], vn * u[1] + vt * t[1]
                base = math.atan2(vx, vy)
                directions += [base + math.radians(a) for a in (-MAX_TURN / 3, 0, MAX_TURN / 3)]
    for a in directions:
        vx, vy = math.sin(a), math.cos(a)
        if vy <= 0.05:
            continue
        x0 = contact[0] - vx / vy * (contact[1] - launch_y)
        if not (d / 2 - tol <= x0 <= width - d / 2 + tol):
            continue
        if all(segment_distance(p, (x0, launch_y), contact) >= d - blur for p in stationary):
            return True
    return False


@functools.lru_cache(maxsize=16384)
def _pushed(m: Moved, a: Point, b: Point, reach: float, tol: float) -> bool:
    """Did a hitter moving from ``a`` to ``b`` touch ``m`` and push it the way it went?
    The hitter's centre at contact is where its path first comes one diameter
    (``reach``, sensor error included) from ``m``; ``m`` leaves along the line of
    centres from there, turned a little by rim friction and spin. Cached: the assignments
    of one check ask the same pieces and ways again and again (a board with five pieces
    moved tries 720 of them when none explains it)."""
    p = m.before
    ax, ay = b[0] - a[0], b[1] - a[1]
    n2 = ax * ax + ay * ay
    if n2 < 1e-12:
        return False
    fx, fy = a[0] - p[0], a[1] - p[1]
    # first t in [0, 1] with |a + t*(b-a) - p| = reach, or the closest point inside it
    bq, cq = 2 * (fx * ax + fy * ay), fx * fx + fy * fy - reach * reach
    disc = bq * bq - 4 * n2 * cq
    if disc < 0:
        return False
    t = (-bq - math.sqrt(disc)) / (2 * n2)
    if t > 1:
        return False
    t = max(t, 0.0)
    c = (a[0] + t * ax, a[1] + t * ay)
    n, u, h = unit(c, p), unit(p, m.after), unit(a, b)
    if n == (0.0, 0.0):
        return False
    # a short move's direction is blurred by the sensor error of both readings
    turn = MAX_TURN + math.degrees(math.atan2(2 * math.sqrt(2) * tol, distance(p, m.after)))
    cos_turn = math.cos(math.radians(min(turn, 90.0)))
    return n[0] * u[0] + n[1] * u[1] >= cos_turn and h[0] * n[0] + h[1] * n[1] > -0.1


def contact_point(m: Moved, d: float) -> Point:
    """Where the hitter's centre lay when it hit ``m``: one diameter behind it."""
    u = unit(m.before, m.after)
    return m.before[0] - d * u[0], m.before[1] - d * u[1]


def distance(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def unit(p: Point, q: Point) -> Point:
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n > 1e-12 else (0.0, 0.0)


def segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    n2 = ax * ax + ay * ay
    t = 0.0 if n2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / n2))
    return math.hypot(p[0] - a[0] - t * ax, p[1] - a[1] - t * ay)
