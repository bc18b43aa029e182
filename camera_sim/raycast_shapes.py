"""The ray-caster's shapes (camera_sim/raycast.py): what a ray from the camera meets first
(the board's plane, a piece's cylinder at the moment the ray is exposed, a die's cube, a hand's
slab), and whether a ray from a point to the lamp passes through a piece or a die."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

HAND_HEIGHT = 60.0       # mm: a hand reaching over the board
BOARD, PIECE_TOP, PIECE_SIDE, DIE_TOP, DIE_SIDE, HAND = range(6)     # what a ray met


@dataclass
class Hits:
    """What each sample's ray met first: its distance, what it is (kind, index), where, the
    normal there, the point in the object's own frame (u, v mm from its top's centre)."""
    t: np.ndarray
    what: np.ndarray
    which: np.ndarray
    normal: np.ndarray
    local: np.ndarray


def groups(hits: Hits, kind: int):
    """(index, the samples) of each thing of ``kind`` some ray met (the samples as index arrays)."""
    where = np.nonzero(hits.what == kind)
    if not len(where[0]):
        return
    which = hits.which[where]
    order = np.argsort(which, kind="stable")
    which = which[order]
    where = tuple(w[order] for w in where)
    starts = np.r_[0, np.nonzero(np.diff(which))[0] + 1, len(which)]
    for a, b in zip(starts[:-1], starts[1:]):
        yield int(which[a]), tuple(w[a:b] for w in where)


def cylinder_bounds(p, span: float) -> np.ndarray:
    """Corners of a box round where piece ``p`` is within ``span`` s of the picture's moment."""
    dx, dy = abs(p.vx) * span, abs(p.vy) * span
    xs = [p.x - p.radius - dx, p.x + p.radius + dx]
    ys = [p.y - p.radius - dy, p.y + p.radius + dy]
    return np.array([(a, b, z) for a in (min(xs), max(xs)) for b in (min(ys), max(ys)) for z in (0.0, p.height)])


def cube_bounds(d) -> np.ndarray:
    r = d.size * 0.75
    return np.array([(d.x + a, d.y + b, z) for a in (-r, r) for b in (-r, r) for z in (d.base, d.base + d.size)])


def hit_cylinder(hits: Hits, box, eye, dirs, times, p, index: int) -> None:
    v0, v1, u0, u1 = box
    d = dirs[v0:v1, u0:u1]
    cx = p.x + p.vx * times[v0:v1, u0:u1]
    cy = p.y + p.vy * times[v0:v1, u0:u1]
    t_top = np.where(d[..., 2] < -1e-6, (p.height - eye[2]) / np.minimum(d[..., 2], -1e-6), np.inf)
    tx, ty = eye[0] + d[..., 0] * t_top - cx, eye[1] + d[..., 1] * t_top - cy
    top = (tx * tx + ty * ty) <= p.radius ** 2
    ox, oy = eye[0] - cx, eye[1] - cy
    a = d[..., 0] ** 2 + d[..., 1] ** 2
    b = 2 * (ox * d[..., 0] + oy * d[..., 1])
    c = ox * ox + oy * oy - p.radius ** 2
    disc = b * b - 4 * a * c
    t_side = np.where(disc >= 0, (-b - np.sqrt(np.maximum(disc, 0))) / (2 * np.maximum(a, 1e-12)), np.inf)
    z = eye[2] + d[..., 2] * t_side
    side = (disc >= 0) & (z >= 0) & (z <= p.height) & ~top
    t = np.where(top, t_top, np.where(side, t_side, np.inf)).astype(np.float32)
    nearer = t < hits.t[v0:v1, u0:u1]
    if not nearer.any():
        return
    at = np.where(np.isfinite(t), t, 0)
    hx, hy = eye[0] + d[..., 0] * at - cx, eye[1] + d[..., 1] * at - cy
    normal = np.zeros((*t.shape, 3), np.float32)
    normal[..., 2] = np.where(top, 1.0, 0.0)
    rr = np.maximum(np.hypot(hx, hy), 1e-6)
    normal[..., 0] = np.where(top, 0.0, hx / rr)
    normal[..., 1] = np.where(top, 0.0, hy / rr)
    _write(hits, box, nearer, t, np.where(top, PIECE_TOP, PIECE_SIDE), index, normal, np.stack([hx, hy], -1))


def _slabs(start, towards, die):
    """A ray (or segment) from ``start`` along ``towards`` (... x 3, board frame) against the
    die's cube, in the die's frame: (where it enters, where it leaves, the entry per axis,
    the start and direction in the die's frame)."""
    a = math.radians(die.angle)
    c, s = math.cos(a), math.sin(a)
    ox, oy = start[..., 0] - die.x, start[..., 1] - die.y
    lo = np.stack(np.broadcast_arrays(c * ox + s * oy, -s * ox + c * oy, start[..., 2]), -1).astype(np.float32)
    ld = np.stack([c * towards[..., 0] + s * towards[..., 1], -s * towards[..., 0] + c * towards[..., 1],
                   towards[..., 2]], -1)
    half = die.size / 2
    low = np.array([-half, -half, die.base], np.float32)
    high = np.array([half, half, die.base + die.size], np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        t0, t1 = (low - lo) / ld, (high - lo) / ld
    near = np.minimum(t0, t1)
    return np.nanmax(near, axis=-1), np.nanmin(np.maximum(t0, t1), axis=-1), near, lo, ld


def hit_cube(hits: Hits, box, eye, dirs, die, index: int) -> None:
    v0, v1, u0, u1 = box
    a = math.radians(die.angle)
    c, s = math.cos(a), math.sin(a)
    t_in, t_out, near, lo, ld = _slabs(eye, dirs[v0:v1, u0:u1], die)
    hit = (t_in <= t_out) & (t_in > 0)
    t = np.where(hit, t_in, np.inf).astype(np.float32)
    nearer = t < hits.t[v0:v1, u0:u1]
    if not nearer.any():
        return
    axis = np.argmax(near, axis=-1)
    p = lo + ld * np.where(np.isfinite(t), t, 0)[..., None]
    top = hit & (axis == 2)
    normal_local = np.zeros_like(ld)
    for k in range(3):
        normal_local[..., k] = np.where(axis == k, -np.sign(ld[..., k]), 0)
    normal = np.stack([c * normal_local[..., 0] - s * normal_local[..., 1],
                       s * normal_local[..., 0] + c * normal_local[..., 1], normal_local[..., 2]], -1)
    _write(hits, box, nearer, t, np.where(top, DIE_TOP, DIE_SIDE), index, normal, p[..., :2])


def hand_outline(hand) -> np.ndarray:
    x, y, angle = hand
    a = math.radians(angle)
    back = np.array([-math.cos(a), -math.sin(a)])
    across = np.array([-back[1], back[0]])
    tip = np.array([x, y])
    return np.array([tip + across * 28, tip + back * 170 + across * 48, tip + back * 700 + across * 62,
                     tip + back * 700 - across * 62, tip + back * 170 - across * 48, tip - across * 28])


def hit_slab(hits: Hits, box, eye, dirs, outline: np.ndarray) -> None:
    v0, v1, u0, u1 = box
    d = dirs[v0:v1, u0:u1]
    t = np.where(d[..., 2] < -1e-6, (HAND_HEIGHT - eye[2]) / np.minimum(d[..., 2], -1e-6), np.inf).astype(np.float32)
    px, py = eye[0] + d[..., 0] * t, eye[1] + d[..., 1] * t
    inside = np.ones(t.shape, bool)
    n = len(outline)
    x, y = outline[:, 0], outline[:, 1]
    turn = np.sign(x @ np.roll(y, -1) - y @ np.roll(x, -1))     # the outline's winding
    for k in range(n):          # a convex outline: on the inner side of every edge
        (ax, ay), (bx, by) = outline[k], outline[(k + 1) % n]
        inside &= turn * ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) >= 0
    t = np.where(inside, t, np.inf).astype(np.float32)
    nearer = t < hits.t[v0:v1, u0:u1]
    normal = np.zeros((*t.shape, 3), np.float32)
    normal[..., 2] = 1
    _write(hits, box, nearer, t, np.full(t.shape, HAND), -1, normal, np.zeros((*t.shape, 2), np.float32))


def _write(hits: Hits, box, nearer, t, what, index: int, normal, local) -> None:
    v0, v1, u0, u1 = box
    hits.t[v0:v1, u0:u1][nearer] = t[nearer]
    hits.what[v0:v1, u0:u1][nearer] = np.asarray(what)[nearer]
    hits.which[v0:v1, u0:u1][nearer] = index
    hits.normal[v0:v1, u0:u1][nearer] = normal[nearer]
    hits.local[v0:v1, u0:u1][nearer] = local[nearer]


def ray_meets_cylinder(points, target, cx, cy, radius: float, height: float) -> np.ndarray:
    """1 where the segment from ``points`` to ``target`` passes through the cylinder."""
    d = target - points
    ox, oy = points[..., 0] - cx, points[..., 1] - cy
    a = d[..., 0] ** 2 + d[..., 1] ** 2
    b = 2 * (ox * d[..., 0] + oy * d[..., 1])
    c = ox * ox + oy * oy - radius ** 2
    disc = b * b - 4 * a * c
    root = np.sqrt(np.maximum(disc, 0))
    t0 = (-b - root) / (2 * np.maximum(a, 1e-9))
    t1 = (-b + root) / (2 * np.maximum(a, 1e-9))
    # the part of the segment inside the infinite cylinder, clipped to the piece's height
    tz = (height - points[..., 2]) / np.where(np.abs(d[..., 2]) > 1e-9, d[..., 2], 1e-9)
    lo, hi = np.maximum(t0, 1e-4), np.minimum(t1, np.minimum(tz, 1.0))
    return ((disc > 0) & (lo < hi)).astype(np.float32)


def ray_meets_cube(points, target, die) -> np.ndarray:
    """1 where the segment from ``points`` to ``target`` passes through the die."""
    t_in, t_out, _, _, _ = _slabs(points, target - points, die)
    return ((t_in < t_out) & (t_out > 1e-4) & (t_in < 1.0)).astype(np.float32)
