"""A second way of drawing a Shot, written apart from render.py so that the camera's figures
do not rest on one renderer's habits (docs/camera.md, "Two renderers").

render.py warps a flat picture of the board and paints the pieces on it as polygons. This
one casts a ray through each of S x S points of every pixel (stratified, jittered) from the
camera's centre into a 3-D scene: the board's plane, each piece a cylinder, each die a cube,
a hand a slab 60 mm up. What a ray meets is shaded in linear light: its albedo (the look's
colours, sRGB, made linear; textures made here, per point, from hashed lattice noise: wood
grain, slate's cloud, cloth fibre, powder, a coin's relief as a bent normal), a lamp of some
40 mm across (Lambert with the inverse square's fall-off across the board, Blinn-Phong
highlights, soft shadows from 6 rays to points on the lamp, a guest's arm or shoulder a
slab between lamp and board), and the room's ambient light; then made sRGB again.

Its lens is its own: each pixel's ray found by inverting the radial distortion (k1, k2 as
OpenCV's model, which a lens calibration measures) by fixed-point iteration, vignetting from
the ray's own angle (cos⁴, scaled to the look's), defocus a hexagonal aperture. A moving
piece is where it is at the moment each ray is exposed: the shutter's time jittered per
sample, plus the row's delay when the sensor reads row by row (rolling shutter): smear and
lean come from the geometry, not from a drawn streak. The sensor's mosaic, white balance and
JPEG are the camera's (camera_sim/faults.py), as in render.py.

Seeded: the same Shot and seed give the same picture. Slower than render.py (some 1 to 3 s
a 1280 x 960 frame, 2 x 2 samples a pixel)."""
from __future__ import annotations

import functools
import math
import zlib
from dataclasses import dataclass

import cv2
import numpy as np

from camera_board.dice_layout import PIP, PIP_STEP, PIPS
from camera_board.layout import MARKER_DICT, SKIN, TABLE
from camera_sim import faults
from camera_sim.looks import CLASSIC, Finish, Look, Material

SAMPLES = 2              # a pixel's rays: SAMPLES x SAMPLES
LAMP_RADIUS = 40.0       # mm: the lamp's bulb and shade, for soft shadows
LAMP_RAYS = 6            # shadow rays a point, to points spread over the lamp
AMBIENT = 0.25           # the room's light, as a share of the lamp's straight below it
DIRECT = 0.8             # the lamp's, on a surface straight below it
GUEST_HEIGHT = 650.0     # mm above the board: where a guest's arm or shoulder casts its shadow
HAND_HEIGHT = 60.0
BOARD, PIECE_TOP, PIECE_SIDE, DIE_TOP, DIE_SIDE, HAND = range(6)


def _linear(bgr) -> np.ndarray:
    c = np.asarray(bgr, np.float32) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4).astype(np.float32)


def _srgb(linear: np.ndarray) -> np.ndarray:
    c = np.clip(linear, 0, None)
    return np.where(c <= 0.0031308, c * 12.92, 1.055 * np.power(c, 1 / 2.4) - 0.055) * 255.0


# -- hashed lattice noise (this module's own textures) ---------------------------------------
def _hash(ix: np.ndarray, iy: np.ndarray, seed: int) -> np.ndarray:
    h = (ix.astype(np.int64) * 374761393 + iy.astype(np.int64) * 668265263 + seed * 2147483647) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((h ^ (h >> 16)) & 0xFFFFFF).astype(np.float32) / float(0xFFFFFF) * 2 - 1


def noise(x: np.ndarray, y: np.ndarray, cell: float, seed: int) -> np.ndarray:
    """Value noise in -1..1 changing over ``cell`` mm (smoothly interpolated hashed lattice)."""
    gx, gy = x / cell, y / cell
    ix, iy = np.floor(gx), np.floor(gy)
    fx, fy = gx - ix, gy - iy
    fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    a, b = _hash(ix, iy, seed), _hash(ix + 1, iy, seed)
    c, d = _hash(ix, iy + 1, seed), _hash(ix + 1, iy + 1, seed)
    return ((a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy).astype(np.float32)


def _material(m: Material, x: np.ndarray, y: np.ndarray, seed: int) -> np.ndarray:
    """The material's albedo gain about 1 at board points (x, y) mm."""
    g = np.ones_like(x)
    if m.grain > 0:      # grain runs along the board (y); growth rings wander across
        wander = noise(x * 0.5, y * 0.05, 20.0, seed) * 8 + noise(x, y * 0.2, 4.0, seed + 1) * 0.8
        late = np.abs(np.sin(math.pi * (x + wander) / m.grain_mm)) ** 6
        g -= m.grain * (late - 0.3) * 1.2
        g += m.grain * 0.3 * noise(x, y, 40.0, seed + 2)
    if m.figure > 0:
        g += m.figure * (noise(x, y, 70.0, seed + 3) + 0.5 * noise(x, y, 25.0, seed + 4))
    if m.fibre > 0:
        g += m.fibre * 1.4 * noise(x, y, 0.35, seed + 5)
    return np.clip(g, 0.3, 1.7)


def _coverage(distance: np.ndarray, footprint: np.ndarray) -> np.ndarray:
    """How much of a sample's footprint lies inside a shape, from its signed distance (mm,
    negative inside) and the footprint's width (mm): a box-filtered edge."""
    return np.clip(0.5 - distance / np.maximum(footprint, 1e-3), 0, 1)


def _segment_distance(x, y, line) -> np.ndarray:
    ax, ay, bx, by = line.x0, line.y0, line.x1, line.y1
    dx, dy = bx - ax, by - ay
    t = np.clip(((x - ax) * dx + (y - ay) * dy) / max(dx * dx + dy * dy, 1e-9), 0, 1)
    return np.hypot(x - ax - t * dx, y - ay - t * dy)


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


@dataclass
class _Hits:
    """What each sample's ray met first: its distance, what it is (kind, index), where, the
    normal there, the point in the object's own frame (u, v mm from its top's centre)."""
    t: np.ndarray
    what: np.ndarray
    which: np.ndarray
    normal: np.ndarray
    local: np.ndarray


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
    picture = _srgb(linear).astype(np.float32)
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
        self.seed = zlib.crc32(f"{look.name} {self.layout.game}".encode()) % 100003
        lamp = np.array(shot.light.lamp, np.float32)
        self.lamp = lamp
        # the lamps and their shares of the light: the main one, and any others (Light.others)
        total = 1.0 + sum(o[3] for o in shot.light.others)
        self.lamps = [(lamp, 1.0 / total)] + [(np.array(o[:3], np.float32), o[3] / total) for o in shot.light.others]
        self.surface = look.surface if not look.classic else Material("classic", self.layout.wood)
        self.frame = look.frame if not look.classic else Material("classic", self.layout.frame_colour)
        # how far from the picture's moment a ray may be exposed: half the shutter, half the readout
        self.span = (shot.lens.shutter + (look.faults.rolling_shutter if shot.lens.shutter else 0.0)) / 2

    @classmethod
    def of(cls, shot, look: Look) -> "_Scene":
        return cls(shot, look)

    # -- what each ray meets --------------------------------------------------------------------
    def intersect(self, cam: _Camera, dirs: np.ndarray, times: np.ndarray) -> _Hits:
        shape = dirs.shape[:2]
        eye = cam.eye.astype(np.float32)
        t = np.where(dirs[..., 2] < -1e-6, -eye[2] / np.minimum(dirs[..., 2], -1e-6), np.inf).astype(np.float32)
        hits = _Hits(t, np.full(shape, BOARD, np.int8), np.full(shape, -1, np.int16),
                     np.zeros((*shape, 3), np.float32), np.zeros((*shape, 2), np.float32))
        hits.normal[..., 2] = 1
        s = shape[0] // cam.size[1]
        for i, p in enumerate(self.pieces):
            box = self._box(cam, _cylinder_bounds(p, self.span), s, shape)
            if box is not None:
                _hit_cylinder(hits, box, eye, dirs, times, p, i)
        for i, d in enumerate(self.dice):
            box = self._box(cam, _cube_bounds(d), s, shape)
            if box is not None:
                _hit_cube(hits, box, eye, dirs, d, i)
        hand = self.shot.light.hand
        if hand is not None:
            outline = _hand_outline(hand)
            box = self._box(cam, np.c_[outline, np.full(len(outline), HAND_HEIGHT)], s, shape)
            if box is not None:
                _hit_slab(hits, box, eye, dirs, outline)
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
    def albedo(self, hits: _Hits, points: np.ndarray, footprint: np.ndarray, s: int) -> np.ndarray:
        out = self._board(points[..., 0], points[..., 1], footprint, s)
        for kind in (PIECE_TOP, PIECE_SIDE, DIE_TOP, DIE_SIDE):
            for i, m in _groups(hits, kind):
                if kind in (PIECE_TOP, PIECE_SIDE):
                    out[m] = self._piece(self.pieces[i], kind == PIECE_TOP, hits.local[m], footprint[m], i)
                else:
                    out[m] = self._die(self.dice[i], kind == DIE_TOP, hits.local[m], footprint[m])
        out[hits.what == HAND] = _linear(SKIN)
        return out

    def _board(self, x: np.ndarray, y: np.ndarray, fp: np.ndarray, s: int) -> np.ndarray:
        """The board's albedo at every sample's point on the plane (x, y: H x W): table, frame,
        surface, markings, pockets, markers. Textures are looked up once a pixel (the S x S
        samples of a pixel share them); edges and markings are box-filtered a sample at a time,
        each only in the tiles of samples it can reach."""
        layout, look = self.layout, self.look
        f = layout.frame
        edge = np.maximum(np.maximum(-f - x, x - layout.width - f), np.maximum(-f - y, y - layout.length - f))
        inner = np.maximum(np.maximum(-x, x - layout.width), np.maximum(-y, y - layout.length))
        on_frame = _coverage(edge, fp)[..., None]
        on_surface = _coverage(inner, fp)[..., None]
        px, py = x[s // 2::s, s // 2::s], y[s // 2::s, s // 2::s]        # a sample a pixel: the textures
        surface_gain = _material(self.surface, px, py, self.seed)
        frame_gain = _material(self.frame, px, py, self.seed + 10)
        colour = np.empty((*x.shape, 3), np.float32)
        colour[:] = _linear(TABLE)
        colour += (_linear(self.frame.colour) * _spread(frame_gain, s)[..., None] - colour) * on_frame
        colour += (_linear(self.surface.colour) * _spread(surface_gain, s)[..., None] - colour) * on_surface
        if look.powder > 0:
            drift = np.clip(noise(px, py, 150.0, self.seed + 20) * 0.5 + 0.5, 0, 1)
            speck = (noise(px, py, 0.3, self.seed + 21) > 1 - 0.25 * look.powder * drift).astype(np.float32)
            cover = _spread(np.clip(0.7 * speck + 0.1 * look.powder * drift, 0, 0.8), s)[..., None] * on_surface
            colour += (_linear((225, 232, 235)) - colour) * cover
        tiles = _Tiles(x, y, fp, colour)
        inks = {} if look.classic else {(25, 25, 25): look.ink, (40, 40, 170): look.red_ink}
        if look.tray is not None:
            inks |= {(70, 105, 150): look.tray.colour, (40, 60, 90): tuple(int(c * 0.6) for c in look.tray.colour)}
        for line in layout.lines:
            reach = line.width / 2 + 2
            tiles.paint((min(line.x0, line.x1) - reach, min(line.y0, line.y1) - reach,
                         max(line.x0, line.x1) + reach, max(line.y0, line.y1) + reach),
                        lambda tx, ty, line=line: _segment_distance(tx, ty, line) - line.width / 2,
                        _linear(inks.get(line.colour, line.colour)))
        for c in layout.circles:
            reach = c.radius + c.width + 2

            def ring(tx, ty, c=c):
                r = np.hypot(tx - c.x, ty - c.y)
                return r - c.radius if c.width == 0 else np.abs(r - c.radius) - c.width / 2
            tiles.paint((c.x - reach, c.y - reach, c.x + reach, c.y + reach), ring, _linear(inks.get(c.colour, c.colour)))
        for hx, hy, hr in layout.holes:
            tiles.paint((hx - hr - 2, hy - hr - 2, hx + hr + 2, hy + hr + 2),
                        lambda tx, ty, hx=hx, hy=hy, hr=hr: np.hypot(tx - hx, ty - hy) - hr, _linear((8, 8, 8)))
        _markers(tiles, layout)
        return tiles.colour()

    def _piece(self, piece, top: bool, local: np.ndarray, fp: np.ndarray, index: int) -> np.ndarray:
        finish = self._finish(piece.kind)
        base = _linear(finish.colour)
        if not top:
            return np.broadcast_to(_linear(finish.rim) if finish.rim else base * 0.5, (len(local), 3)).copy()
        a, b = local[:, 0], local[:, 1]
        r = np.hypot(a, b)
        R = piece.radius
        out = np.broadcast_to(base, (len(local), 3)).copy()
        ink = _linear(finish.ink)
        t = finish.texture
        turn = (index * 2.399) % (2 * math.pi)
        ca, sa = math.cos(turn), math.sin(turn)
        pa, pb = a * ca + b * sa, -a * sa + b * ca
        if finish.pattern == "grain":
            out *= (1 - t * (np.abs(np.sin(math.pi * (pa + 1.2 * noise(pa, pb, 5.0, index)) / 1.7)) ** 6 - 0.3))[:, None]
        elif finish.pattern == "rings":
            for k in (0.45, 0.72):
                cov = _coverage(np.abs(r - k * R) - 0.35, fp) * min(1.0, 2 * t)
                out += (ink - out) * cov[:, None]
        elif finish.pattern == "label":
            cov = _coverage(np.abs(r - 0.62 * R) - 0.4, fp)
            cross = np.minimum(np.maximum(np.abs(pa) - 0.28 * R, np.abs(pb) - 0.1 * R),
                               np.maximum(np.abs(pb) - 0.28 * R, np.abs(pa) - 0.08 * R))
            cov = np.maximum(cov, _coverage(cross, fp))
            out += (ink - out) * cov[:, None]
        elif finish.pattern == "patina":
            out *= (1 - 0.3 * t * np.clip(noise(pa, pb, 2.5, index + 3), -0.5, 1))[:, None]
        out *= np.where(r > 0.9 * R, 0.8, 1.0)[:, None]          # the chamfered edge
        return out

    def _finish(self, kind: str) -> Finish:
        if self.look.classic:
            from camera_board.layout import PIECE_COLOURS
            c = PIECE_COLOURS[kind]
            return Finish("classic", c, tuple(int(x * 0.55) for x in c), gloss=1.0)
        return self.look.finish(kind)

    def _die(self, die, top: bool, local: np.ndarray, fp: np.ndarray) -> np.ndarray:
        body, pip = die.body, die.pip
        if not self.look.classic:
            from camera_sim.render import _dressed
            dressed = _dressed((die,), self.look)[0]
            body, pip = dressed.body, dressed.pip
        out = np.broadcast_to(_linear(body), (len(local), 3)).copy()
        if not top:
            return out
        step, r = PIP_STEP * die.size, PIP * die.size
        for i, j in PIPS[die.value]:
            cov = _coverage(np.hypot(local[:, 0] - i * step, local[:, 1] - j * step) - r, fp)
            out += (_linear(pip) - out) * cov[:, None]
        return out

    # -- light ----------------------------------------------------------------------------------
    def lighting(self, hits: _Hits, points, dirs, cam: _Camera, times, light) -> tuple[np.ndarray, np.ndarray]:
        """(the light a point's albedo is lit by, the highlight added): each lamp (Lambert,
        inverse square, soft shadows; its share of the light) and the room's ambient;
        Blinn-Phong on glossy things."""
        self._bump(hits)
        gloss = np.zeros(hits.t.shape, np.float32)
        sharp = np.full_like(gloss, 40.0)
        board = hits.what == BOARD
        gloss[board] = 0.08 * self.surface.gloss
        sharp[board] = 12.0
        tops = hits.what == PIECE_TOP
        if tops.any():
            shine = np.array([0.6 * self._finish(p.kind).gloss for p in self.pieces], np.float32)
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
            colour = _linear(self._finish("coin").colour)
            tint[metal] = colour / colour.max()
        return diffuse[..., None], spec[..., None] * tint

    def _bump(self, hits: _Hits) -> None:
        """A coin's relief (its rim, a head, a ring of letters): the normal bent by the slope
        of its height, so the lamp lights one side of each rise and not the other."""
        for i, sel in _groups(hits, PIECE_TOP):
            p = self.pieces[i]
            finish = self._finish(p.kind)
            if finish.pattern not in ("emboss", "patina"):
                continue
            a, b = hits.local[sel][:, 0], hits.local[sel][:, 1]
            e = 0.15
            dx = (_relief(a + e, b, p.radius, int(i)) - _relief(a - e, b, p.radius, int(i))) / (2 * e)
            dy = (_relief(a, b + e, p.radius, int(i)) - _relief(a, b - e, p.radius, int(i))) / (2 * e)
            k = 0.6 * finish.texture
            n = np.stack([-k * dx, -k * dy, np.ones_like(dx)], -1)
            hits.normal[sel] = n / np.sqrt((n * n).sum(-1, keepdims=True))

    def _unshadowed(self, hits: _Hits, points, cam: _Camera, times, light, lamp, guests: bool) -> np.ndarray:
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
                blocked += _ray_meets_cylinder(pts, target, cx, cy, p.radius, p.height)
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
                blocked += _ray_meets_cube(pts, lamp + np.float32([ox, oy, 0]), d)
            seen[v0:v1, u0:u1] -= np.where(mask, blocked / LAMP_RAYS, 0)
        guests = list(light.shadows) if guests else []
        if guests and light.guest_shadow is not None:
            x, y, r, depth = light.guest_shadow
            guests.append((x, y, 2 * r, 2 * r, 0.0, depth))
        if guests:      # soft: a point a pixel is enough
            seen *= _spread(self._guests(points[s // 2::s, s // 2::s], guests), s)
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


def _groups(hits: _Hits, kind: int):
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


def _relief(a: np.ndarray, b: np.ndarray, radius: float, index: int) -> np.ndarray:
    """A coin's relief, mm up: a raised rim, a head off the middle, a ring of letters."""
    turn = (index * 2.399) % (2 * math.pi)
    pa, pb = a * math.cos(turn) + b * math.sin(turn), -a * math.sin(turn) + b * math.cos(turn)
    r = np.hypot(a, b)
    rim = np.clip(1 - np.abs(r - 0.92 * radius) / 0.6, 0, 1) * 0.25
    head = 0.3 * np.exp(-(((pa + 0.1 * radius) / (0.3 * radius)) ** 2 + (pb / (0.4 * radius)) ** 2))
    letters = 0.12 * np.clip(1 - np.abs(r - 0.74 * radius) / 0.5, 0, 1) * (np.sin(np.arctan2(pb, pa) * 27) > 0.2)
    return rim + head + letters


def _spread(per_pixel: np.ndarray, s: int) -> np.ndarray:
    """A value a pixel given to each of its S x S samples."""
    return np.repeat(np.repeat(per_pixel, s, axis=0), s, axis=1)


class _Tiles:
    """The samples in tiles of TILE x TILE, so that a marking is drawn only in the tiles it
    can reach (a board has dozens of markings; each touches a few per cent of the picture)."""
    TILE = 32

    def __init__(self, x, y, fp, colour):
        T = self.TILE
        h, w = x.shape
        self.shape = (h, w)
        H, W = -(-h // T) * T, -(-w // T) * T
        pad = lambda a, v: np.pad(a, ((0, H - h), (0, W - w)) + ((0, 0),) * (a.ndim - 2), constant_values=v)  # noqa: E731
        tile = lambda a: a.reshape(H // T, T, W // T, T, *a.shape[2:]).swapaxes(1, 2)  # noqa: E731
        self.x, self.y = tile(pad(x, 1e9)), tile(pad(y, 1e9))
        self.fp = tile(pad(fp, 1.0))
        self.rgb = tile(pad(colour, 0.0)).copy()
        x, y = (np.where(np.abs(a) < 1e8, a, np.nan) for a in (self.x, self.y))   # the padding left out
        with np.errstate(all="ignore"):
            self.x0, self.x1 = np.nanmin(x, axis=(2, 3)), np.nanmax(x, axis=(2, 3))
            self.y0, self.y1 = np.nanmin(y, axis=(2, 3)), np.nanmax(y, axis=(2, 3))

    def select(self, box):
        xa, ya, xb, yb = box
        with np.errstate(invalid="ignore"):
            hit = (self.x1 >= xa) & (self.x0 <= xb) & (self.y1 >= ya) & (self.y0 <= yb)
        return np.nonzero(hit)

    def paint(self, box, distance, colour) -> None:
        """``colour`` where ``distance`` (of the tiles' x, y: mm, negative inside) says, box-filtered."""
        ty, tx = self.select(box)
        if len(ty) == 0:
            return
        cov = _coverage(distance(self.x[ty, tx], self.y[ty, tx]), self.fp[ty, tx])[..., None]
        rgb = self.rgb[ty, tx]
        self.rgb[ty, tx] = rgb + (colour - rgb) * cov

    def blend(self, box, share) -> None:
        """``share(x, y, fp)`` -> (coverage, colour) for the tiles in ``box``."""
        ty, tx = self.select(box)
        if len(ty) == 0:
            return
        cov, colour = share(self.x[ty, tx], self.y[ty, tx], self.fp[ty, tx])
        rgb = self.rgb[ty, tx]
        self.rgb[ty, tx] = rgb + (colour - rgb) * cov[..., None]

    def colour(self) -> np.ndarray:
        h, w = self.shape
        n, m, T = self.rgb.shape[0], self.rgb.shape[1], self.TILE
        return self.rgb.swapaxes(1, 2).reshape(n * T, m * T, 3)[:h, :w]


def _markers(tiles: _Tiles, layout) -> None:
    """The ArUco markers with their white quiet zones, box-filtered over each sample's footprint."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, MARKER_DICT))
    white, black = _linear((255, 255, 255)), _linear((0, 0, 0))
    for marker, corners in layout.marker_corners().items():
        (left, top), (right, bottom) = corners[0], corners[2]
        quiet = layout.marker_size / 6 * 0.8
        box = (left - quiet - 2, bottom - quiet - 2, right + quiet + 2, top + quiet + 2)
        tiles.paint(box, lambda x, y: np.maximum(np.maximum(left - quiet - x, x - right - quiet),
                                                 np.maximum(bottom - quiet - y, y - top - quiet)), white)
        bits = cv2.aruco.generateImageMarker(dictionary, marker, 6, borderBits=1).astype(np.float32) / 255
        cell = layout.marker_size / 6

        def dark(x, y, fp):
            """The share of each sample's footprint that is black: the cells, box-filtered."""
            gx, gy = (x - left) / cell, (top - y) / cell
            half = fp / cell / 2
            out = np.zeros(x.shape, np.float32)
            for dj in (-1, 0, 1):
                for di in (-1, 0, 1):
                    ci, cj = np.floor(gx).astype(int) + di, np.floor(gy).astype(int) + dj
                    ox = np.clip(np.minimum(gx + half, ci + 1) - np.maximum(gx - half, ci), 0, None)
                    oy = np.clip(np.minimum(gy + half, cj + 1) - np.maximum(gy - half, cj), 0, None)
                    inside = (ci >= 0) & (ci < 6) & (cj >= 0) & (cj < 6)
                    out += np.where(inside, 1 - bits[np.clip(cj, 0, 5), np.clip(ci, 0, 5)], 0) * ox * oy
            return np.clip(out / np.maximum((2 * half) ** 2, 1e-9), 0, 1), black
        tiles.blend((left - 2, bottom - 2, right + 2, top + 2), dark)


# -- shapes ---------------------------------------------------------------------------------------
def _cylinder_bounds(p, span: float) -> np.ndarray:
    """Corners of a box round where piece ``p`` is within ``span`` s of the picture's moment."""
    dx, dy = abs(p.vx) * span, abs(p.vy) * span
    xs = [p.x - p.radius - dx, p.x + p.radius + dx]
    ys = [p.y - p.radius - dy, p.y + p.radius + dy]
    return np.array([(a, b, z) for a in (min(xs), max(xs)) for b in (min(ys), max(ys)) for z in (0.0, p.height)])


def _cube_bounds(d) -> np.ndarray:
    r = d.size * 0.75
    return np.array([(d.x + a, d.y + b, z) for a in (-r, r) for b in (-r, r) for z in (d.base, d.base + d.size)])


def _hit_cylinder(hits: _Hits, box, eye, dirs, times, p, index: int) -> None:
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


def _hit_cube(hits: _Hits, box, eye, dirs, die, index: int) -> None:
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


def _hand_outline(hand) -> np.ndarray:
    x, y, angle = hand
    a = math.radians(angle)
    back = np.array([-math.cos(a), -math.sin(a)])
    across = np.array([-back[1], back[0]])
    tip = np.array([x, y])
    return np.array([tip + across * 28, tip + back * 170 + across * 48, tip + back * 700 + across * 62,
                     tip + back * 700 - across * 62, tip + back * 170 - across * 48, tip - across * 28])


def _hit_slab(hits: _Hits, box, eye, dirs, outline: np.ndarray) -> None:
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


def _write(hits: _Hits, box, nearer, t, what, index: int, normal, local) -> None:
    v0, v1, u0, u1 = box
    hits.t[v0:v1, u0:u1][nearer] = t[nearer]
    hits.what[v0:v1, u0:u1][nearer] = np.asarray(what)[nearer]
    hits.which[v0:v1, u0:u1][nearer] = index
    hits.normal[v0:v1, u0:u1][nearer] = normal[nearer]
    hits.local[v0:v1, u0:u1][nearer] = local[nearer]


def _ray_meets_cylinder(points, target, cx, cy, radius: float, height: float) -> np.ndarray:
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


def _ray_meets_cube(points, target, die) -> np.ndarray:
    """1 where the segment from ``points`` to ``target`` passes through the die."""
    t_in, t_out, _, _, _ = _slabs(points, target - points, die)
    return ((t_in < t_out) & (t_out > 1e-4) & (t_in < 1.0)).astype(np.float32)
