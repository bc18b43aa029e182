"""A second way of drawing a Shot, written apart from render.py so that the camera's figures
do not rest on one renderer's habits (docs/camera.md, "Two renderers").

render.py warps a flat picture of the board and paints the pieces on it as polygons. This
one casts a ray through each of S x S points of every pixel (stratified, jittered) from the
camera's centre into a 3-D scene: the board's plane, each piece a cylinder, each die a cube,
a hand a slab 60 mm up (camera_sim/raycast_shapes.py). What a ray meets is shaded in linear
light: its albedo (camera_sim/raycast_surfaces.py: the look's colours, sRGB, made linear;
textures of its own, per point, from hashed lattice noise: wood grain, slate's cloud, cloth
fibre, powder; here a coin's relief as a bent normal), each lamp of some 40 mm across (Lambert with the inverse square's fall-off across the board, Blinn-Phong
highlights, soft shadows from 6 rays to points on the lamp, a guest's arm or shoulder a
slab between lamp and board), and the room's ambient light; then made sRGB again.

Its lens is its own: each pixel's ray found by inverting the radial distortion (k1, k2 as
OpenCV's model, which a lens calibration measures) by fixed-point iteration, vignetting from
the ray's own angle (cos⁴, scaled to the look's), defocus a hexagonal aperture. A moving
piece is where it is at the moment each ray is exposed: the shutter's time jittered per
sample, plus the row's delay when the sensor reads row by row (rolling shutter): smear and
lean come from the geometry, not from a drawn streak. The sensor's mosaic, white balance and
JPEG are the camera's (camera_sim/faults.py), as in render.py.

Seeded: the same Shot and seed give the same picture. Slower than render.py (some 3 s a
1280 x 960 frame, 2 x 2 samples a pixel; 3 x 3 when a piece moves)."""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np

from camera_board.layout import SKIN
from camera_sim import faults
from camera_sim.looks import CLASSIC, Look
from camera_sim.raycast_shapes import (BOARD, DIE_SIDE, DIE_TOP, HAND, HAND_HEIGHT, PIECE_SIDE, PIECE_TOP, Hits,
                                       cube_bounds, cylinder_bounds, groups, hand_outline, hit_cube, hit_cylinder,
                                       hit_slab, ray_meets_cube, ray_meets_cylinder)
from camera_sim.raycast_surfaces import Surfaces, linear, relief, spread, srgb

SAMPLES = 2              # a pixel's rays: SAMPLES x SAMPLES
LAMP_RADIUS = 40.0       # mm: the lamp's bulb and shade, for soft shadows
LAMP_RAYS = 6            # shadow rays a point, to points spread over the lamp
AMBIENT = 0.25           # the room's light, as a share of the lamp's straight below it
DIRECT = 0.8             # the lamp's, on a surface straight below it
GUEST_HEIGHT = 650.0     # mm above the board: where a guest's arm or shoulder casts its shadow


@dataclass(frozen=True)
class _Camera:
    eye: np.ndarray           # board mm
    axes: np.ndarray          # rows: right, down, ahead (board frame)
    f: float
    c: tuple[float, float]
    k1: float
    k2: float
    size: tuple[int, int]

    @classmethod
    def of(cls, lens, pose) -> "_Camera":
        eye = np.array([pose.x, pose.y, pose.z], np.float64)
        ahead = np.array([pose.look_x, pose.look_y, 0.0]) - eye
        ahead /= np.linalg.norm(ahead)
        right = np.cross(ahead, [0.0, 1.0, 0.0])      # the picture's top is the board's far end
        right /= np.linalg.norm(right)
        down = np.cross(ahead, right)
        a = math.radians(pose.roll)
        right, down = math.cos(a) * right + math.sin(a) * down, -math.sin(a) * right + math.cos(a) * down
        w, h = lens.size
        f = (w / 2) / math.tan(math.radians(lens.fov) / 2)
        return cls(eye, np.stack([right, down, ahead]), f, (w / 2, h / 2), lens.k1, lens.k2, lens.size)

    def rays(self, u: np.ndarray, v: np.ndarray) -> np.ndarray:
        """Unit directions (board frame, ... x 3) of the rays through picture points (u, v):
        the lens's distortion inverted by fixed-point iteration."""
        xd, yd = (u - np.float32(self.c[0])) / np.float32(self.f), (v - np.float32(self.c[1])) / np.float32(self.f)
        x, y = xd.copy(), yd.copy()
        k1, k2 = np.float32(self.k1), np.float32(self.k2)
        for _ in range(10):
            r2 = x * x + y * y
            k = 1 + r2 * (k1 + k2 * r2)
            x, y = xd / k, yd / k
        axes = self.axes.astype(np.float32)
        d = x[..., None] * axes[0] + y[..., None] * axes[1] + axes[2]
        return d / np.sqrt((d * d).sum(-1, keepdims=True))

    def pixels(self, points: np.ndarray) -> np.ndarray:
        """Where board points (N x 3) appear in the picture (through the lens's distortion)."""
        p = (points - self.eye) @ self.axes.T
        x, y = p[:, 0] / p[:, 2], p[:, 1] / p[:, 2]
        r2 = x * x + y * y
        k = 1 + self.k1 * r2 + self.k2 * r2 * r2
        return np.c_[x * k * self.f + self.c[0], y * k * self.f + self.c[1]]


@functools.lru_cache(maxsize=2)
def _rays(lens, pose, s: int) -> tuple[_Camera, np.ndarray, np.ndarray]:
    """The camera, each sample's ray and its row in the picture (v): S x S points a pixel,
    jittered within their cells (one pattern a camera: its frames differ in their noise)."""
    cam = _Camera.of(lens, pose)
    w, h = lens.size
    jitter = np.random.default_rng(12345).random((2, h * s, w * s), dtype=np.float32)
    gv, gu = np.mgrid[0:h * s, 0:w * s].astype(np.float32)
    u, v = (gu + jitter[0]) / s - 0.5, (gv + jitter[1]) / s - 0.5
    dirs = cam.rays(u, v)
    dirs.flags.writeable = False
    return cam, dirs, v


@functools.lru_cache(maxsize=2)
def _falloff(lens, pose, amount: float) -> np.ndarray:
    """Vignetting from each pixel's ray angle: cos⁴, scaled so the corners lose ``amount``."""
    cam = _Camera.of(lens, pose)
    w, h = lens.size
    gv, gu = np.mgrid[0:h, 0:w].astype(np.float32)
    ahead = cam.axes[2].astype(np.float32)
    cos = cam.rays(gu, gv) @ ahead
    corner = float((cam.rays(np.float32([0.0]), np.float32([0.0])) @ ahead)[0])
    fall = (1 - cos ** 4) / max(1 - corner ** 4, 1e-6)
    return (1 - amount * np.clip(fall, 0, 1.2))[..., None].astype(np.float32)


def render(shot, rng: np.random.Generator, samples: int = SAMPLES) -> np.ndarray:
    """The camera's picture (BGR, uint8) of ``shot`` (camera_sim/render.py's Shot), cast."""
    look = shot.look if shot.look is not None else CLASSIC
    cam, dirs, v = _rays(shot.lens, shot.pose, samples)
    w, h = shot.lens.size
    s = samples
    if shot.lens.shutter and any(p.vx or p.vy for p in shot.scene.pieces):
        s = max(s, 3)             # a moving piece: more moments a pixel
        cam, dirs, v = _rays(shot.lens, shot.pose, s)
    # each of a pixel's S x S rays at its own part of the exposure (stratified), in a random order
    order = np.argsort(rng.random((h, w, s * s), dtype=np.float32), axis=-1).astype(np.float32)
    order = order.reshape(h, w, s, s).transpose(0, 2, 1, 3).reshape(h * s, w * s)
    times = ((order + rng.random((h * s, w * s), dtype=np.float32)) / (s * s) - 0.5) * np.float32(shot.lens.shutter)
    if look.faults.rolling_shutter and shot.lens.shutter:
        times += (v / h - 0.5) * np.float32(look.faults.rolling_shutter)
    scene = _Scene.of(shot, look)
    hits = scene.intersect(cam, dirs, times)
    points = cam.eye.astype(np.float32) + dirs * hits.t[..., None]
    footprint = hits.t * (1.0 / (cam.f * s)) / np.maximum(np.abs(dirs[..., 2]), 0.2)
    albedo = scene.albedo(hits, points, footprint, s)
    light = scene.lighting(hits, points, dirs, cam, times, shot.light)
    radiance = albedo * light[0] + light[1]
    picture = cv2.resize(radiance, (w, h), interpolation=cv2.INTER_AREA)   # the pixel's S x S rays, averaged
    return _camera(picture, shot, look, rng)


def _camera(linear: np.ndarray, shot, look: Look, rng) -> np.ndarray:
    """The lens's fall-off and softness, exposure and the light's colour, then the sensor."""
    fault, light = look.faults, shot.light
    if fault.vignetting > 0:
        linear = linear * _falloff(shot.lens, shot.pose, fault.vignetting)
    warm = np.array([1 - 0.35 * light.warmth, 1 - 0.05 * light.warmth, 1 + 0.15 * light.warmth], np.float32)
    linear = linear * (warm ** 2.2) * (light.exposure ** 2.2)
    picture = srgb(linear).astype(np.float32)
    soft = max(light.blur, 0.5)             # the lens and the sensor's low-pass filter
    picture = cv2.GaussianBlur(picture, (0, 0), soft)
    if fault.defocus > 0:
        picture = cv2.filter2D(picture, -1, _hexagon(fault.defocus), borderType=cv2.BORDER_REPLICATE)
    shot_noise = np.sqrt(np.clip(picture, 0, 255) / 255.0) * light.noise * 1.2
    picture = picture + rng.standard_normal(picture.shape, dtype=np.float32) * shot_noise
    return faults.sensor(picture, fault, 0.5 * light.noise, rng)


def _hexagon(radius: float) -> np.ndarray:
    reach = int(math.ceil(radius)) + 1
    y, x = np.mgrid[-reach:reach + 1, -reach:reach + 1].astype(np.float32)
    inside = np.ones_like(x)
    for k in range(6):
        a = math.pi / 3 * k
        inside *= np.clip(radius * math.cos(math.pi / 6) - (x * math.cos(a) + y * math.sin(a)) + 0.5, 0, 1)
    return inside / inside.sum()


class _Scene:
    """The shot's things in 3-D: the board plane, pieces (cylinders), dice (cubes), a hand."""

    def __init__(self, shot, look: Look):
        self.shot, self.look, self.layout = shot, look, shot.scene.layout
        self.pieces = shot.scene.pieces
        self.dice = tuple(getattr(shot.scene, "dice", ()))
        lamp = np.array(shot.light.lamp, np.float32)
        self.lamp = lamp
        # the lamps and their shares of the light: the main one, and any others (Light.others)
        total = 1.0 + sum(o[3] for o in shot.light.others)
        self.lamps = [(lamp, 1.0 / total)] + [(np.array(o[:3], np.float32), o[3] / total) for o in shot.light.others]
        self.surfaces = Surfaces(self.layout, look, self.pieces, self.dice)
        # how far from the picture's moment a ray may be exposed: half the shutter, half the readout
        self.span = (shot.lens.shutter + (look.faults.rolling_shutter if shot.lens.shutter else 0.0)) / 2

    @classmethod
    def of(cls, shot, look: Look) -> "_Scene":
        return cls(shot, look)

    # -- what each ray meets --------------------------------------------------------------------
    def intersect(self, cam: _Camera, dirs: np.ndarray, times: np.ndarray) -> Hits:
        shape = dirs.shape[:2]
        eye = cam.eye.astype(np.float32)
        t = np.where(dirs[..., 2] < -1e-6, -eye[2] / np.minimum(dirs[..., 2], -1e-6), np.inf).astype(np.float32)
        hits = Hits(t, np.full(shape, BOARD, np.int8), np.full(shape, -1, np.int16),
                     np.zeros((*shape, 3), np.float32), np.zeros((*shape, 2), np.float32))
        hits.normal[..., 2] = 1
        s = shape[0] // cam.size[1]
        for i, p in enumerate(self.pieces):
            box = self._box(cam, cylinder_bounds(p, self.span), s, shape)
            if box is not None:
                hit_cylinder(hits, box, eye, dirs, times, p, i)
        for i, d in enumerate(self.dice):
            box = self._box(cam, cube_bounds(d), s, shape)
            if box is not None:
                hit_cube(hits, box, eye, dirs, d, i)
        hand = self.shot.light.hand
        if hand is not None:
            outline = hand_outline(hand)
            box = self._box(cam, np.c_[outline, np.full(len(outline), HAND_HEIGHT)], s, shape)
            if box is not None:
                hit_slab(hits, box, eye, dirs, outline)
        return hits

    @staticmethod
    def _box(cam: _Camera, points: np.ndarray, s: int, shape) -> tuple[int, int, int, int] | None:
        """The samples' window (v0, v1, u0, u1) in which ``points`` (N x 3, board mm) appear."""
        p = cam.pixels(points.astype(np.float64)) * s
        u0, v0 = np.floor(p.min(axis=0)).astype(int) - 2 * s
        u1, v1 = np.ceil(p.max(axis=0)).astype(int) + 2 * s
        u0, v0, u1, v1 = max(0, u0), max(0, v0), min(shape[1], u1), min(shape[0], v1)
        return None if u0 >= u1 or v0 >= v1 else (v0, v1, u0, u1)

    # -- what it looks like ---------------------------------------------------------------------
    def albedo(self, hits: Hits, points: np.ndarray, footprint: np.ndarray, s: int) -> np.ndarray:
        out = self.surfaces.board(points[..., 0], points[..., 1], footprint, s)
        for kind in (PIECE_TOP, PIECE_SIDE, DIE_TOP, DIE_SIDE):
            for i, m in groups(hits, kind):
                if kind in (PIECE_TOP, PIECE_SIDE):
                    out[m] = self.surfaces.piece(self.pieces[i], kind == PIECE_TOP, hits.local[m], footprint[m], i)
                else:
                    out[m] = self.surfaces.die(self.dice[i], kind == DIE_TOP, hits.local[m], footprint[m])
        out[hits.what == HAND] = linear(SKIN)
        return out

    # -- light ----------------------------------------------------------------------------------
    def lighting(self, hits: Hits, points, dirs, cam: _Camera, times, light) -> tuple[np.ndarray, np.ndarray]:
        """(the light a point's albedo is lit by, the highlight added): each lamp (Lambert,
        inverse square, soft shadows; its share of the light) and the room's ambient;
        Blinn-Phong on glossy things."""
        self._bump(hits)
        gloss = np.zeros(hits.t.shape, np.float32)
        sharp = np.full_like(gloss, 40.0)
        board = hits.what == BOARD
        gloss[board] = 0.08 * self.surfaces.surface.gloss
        sharp[board] = 12.0
        tops = hits.what == PIECE_TOP
        if tops.any():
            shine = np.array([0.6 * self.surfaces.finish(p.kind).gloss for p in self.pieces], np.float32)
            gloss[tops] = shine[hits.which[tops]]
            sharp[tops] = 150.0
        gloss[hits.what == DIE_TOP] = 0.05
        diffuse = np.full(hits.t.shape, AMBIENT, np.float32)
        spec = np.zeros_like(diffuse)
        for n, (lamp, share) in enumerate(self.lamps):
            to_lamp = lamp - points
            dist = np.sqrt((to_lamp * to_lamp).sum(-1))
            l = to_lamp / dist[..., None]
            cos = np.clip((l * hits.normal).sum(-1), 0, None)
            visible = self._unshadowed(hits, points, cam, times, light, lamp, guests=n == 0)
            falloff = (lamp[2] / dist) ** 2
            diffuse += share * DIRECT * cos * falloff * visible
            half = l - dirs
            half /= np.sqrt((half * half).sum(-1, keepdims=True))
            nh = np.clip((half * hits.normal).sum(-1), 0, 1)
            spec += share * light.specular * gloss * nh ** sharp * visible * falloff
        tint = np.ones((*hits.t.shape, 3), np.float32)       # a metal (a coin) reflects in its own colour
        coins = [i for i, p in enumerate(self.pieces) if p.kind == "coin"]
        if coins and tops.any():
            metal = tops & np.isin(hits.which, coins)
            colour = linear(self.surfaces.finish("coin").colour)
            tint[metal] = colour / colour.max()
        return diffuse[..., None], spec[..., None] * tint

    def _bump(self, hits: Hits) -> None:
        """A coin's relief (its rim, a head, a ring of letters): the normal bent by the slope
        of its height, so the lamp lights one side of each rise and not the other."""
        for i, sel in groups(hits, PIECE_TOP):
            p = self.pieces[i]
            finish = self.surfaces.finish(p.kind)
            if finish.pattern not in ("emboss", "patina"):
                continue
            a, b = hits.local[sel][:, 0], hits.local[sel][:, 1]
            e = 0.15
            dx = (relief(a + e, b, p.radius, int(i)) - relief(a - e, b, p.radius, int(i))) / (2 * e)
            dy = (relief(a, b + e, p.radius, int(i)) - relief(a, b - e, p.radius, int(i))) / (2 * e)
            k = 0.6 * finish.texture
            n = np.stack([-k * dx, -k * dy, np.ones_like(dx)], -1)
            hits.normal[sel] = n / np.sqrt((n * n).sum(-1, keepdims=True))

    def _unshadowed(self, hits: Hits, points, cam: _Camera, times, light, lamp, guests: bool) -> np.ndarray:
        """The share of ``lamp`` each point sees (1: all of it), from LAMP_RAYS rays to points
        spread over the lamp, stopped by pieces, dice and (the main lamp's) guests' arms."""
        seen = np.ones(hits.t.shape, np.float32)
        low = hits.what != HAND
        offsets = [(LAMP_RADIUS * math.cos(2.4 * k) * math.sqrt((k + 0.5) / LAMP_RAYS),
                    LAMP_RADIUS * math.sin(2.4 * k) * math.sqrt((k + 0.5) / LAMP_RAYS)) for k in range(LAMP_RAYS)]
        s = hits.t.shape[0] // cam.size[1]
        for i, p in enumerate(self.pieces):
            reach = p.radius + 2 + math.hypot(p.vx, p.vy) * self.span
            region = self._shadow_box(cam, lamp, p.x, p.y, reach, p.height, s, hits.t.shape)
            if region is None:
                continue
            v0, v1, u0, u1 = region
            pts = points[v0:v1, u0:u1]
            own = ((hits.what[v0:v1, u0:u1] == PIECE_TOP) | (hits.what[v0:v1, u0:u1] == PIECE_SIDE)) & \
                (hits.which[v0:v1, u0:u1] == i)
            mask = low[v0:v1, u0:u1] & ~own
            blocked = np.zeros(pts.shape[:2], np.float32)
            cx = p.x + p.vx * times[v0:v1, u0:u1]
            cy = p.y + p.vy * times[v0:v1, u0:u1]
            for ox, oy in offsets:
                target = lamp + np.float32([ox, oy, 0])
                blocked += ray_meets_cylinder(pts, target, cx, cy, p.radius, p.height)
            seen[v0:v1, u0:u1] -= np.where(mask, blocked / LAMP_RAYS, 0)
        for d in self.dice:
            top = d.base + d.size
            region = self._shadow_box(cam, lamp, d.x, d.y, d.size * 0.75 + 2, top, s, hits.t.shape)
            if region is None:
                continue
            v0, v1, u0, u1 = region
            pts = points[v0:v1, u0:u1]
            mask = hits.what[v0:v1, u0:u1] == BOARD
            blocked = np.zeros(pts.shape[:2], np.float32)
            for ox, oy in offsets:
                blocked += ray_meets_cube(pts, lamp + np.float32([ox, oy, 0]), d)
            seen[v0:v1, u0:u1] -= np.where(mask, blocked / LAMP_RAYS, 0)
        guests = list(light.shadows) if guests else []
        if guests and light.guest_shadow is not None:
            x, y, r, depth = light.guest_shadow
            guests.append((x, y, 2 * r, 2 * r, 0.0, depth))
        if guests:      # soft: a point a pixel is enough
            seen *= spread(self._guests(points[s // 2::s, s // 2::s], guests), s)
        return np.clip(seen, 0, 1)

    def _shadow_box(self, cam, lamp, x, y, radius, height, s, shape):
        """The samples' window where a thing of ``radius`` and ``height`` at (x, y) may throw its
        shadow from ``lamp``."""
        lx, ly, lz = lamp
        k = height / max(lz - height, 1.0)
        reach = radius + LAMP_RADIUS * k + 3
        sx, sy = x + (x - lx) * k, y + (y - ly) * k
        xs = [x - reach, x + reach, sx - reach, sx + reach]
        ys = [y - reach, y + reach, sy - reach, sy + reach]
        corners = np.array([(a, b, 0.0) for a in (min(xs), max(xs)) for b in (min(ys), max(ys))])
        return self._box(cam, corners, s, shape)

    def _guests(self, points, shadows) -> np.ndarray:
        """How much of the lamp a guest's arm or shoulder (a soft slab GUEST_HEIGHT up, placed
        so that its shadow falls at the shadow's place) leaves each point."""
        lamp = self.lamp
        out = np.ones(points.shape[:2], np.float32)
        k = GUEST_HEIGHT / lamp[2]
        for x, y, length, width, angle, depth in shadows:
            cx, cy = x + (lamp[0] - x) * k, y + (lamp[1] - y) * k     # the arm, over its shadow's middle
            t = (GUEST_HEIGHT - points[..., 2]) / np.maximum(lamp[2] - points[..., 2], 1.0)
            px = points[..., 0] + (lamp[0] - points[..., 0]) * t
            py = points[..., 1] + (lamp[1] - points[..., 1]) * t
            a = math.radians(angle)
            along = ((px - cx) * math.cos(a) + (py - cy) * math.sin(a)) / ((1 - k) * length / 2)
            across = (-(px - cx) * math.sin(a) + (py - cy) * math.cos(a)) / ((1 - k) * width / 2)
            rho = np.sqrt(along ** 2 + across ** 2)
            soft = np.clip((1.15 - rho) / 0.5, 0, 1)             # the lamp's size softens its edge
            out *= 1 - min(1.0, depth * 1.6) * soft
        return out

