"""What the ray-caster (camera_sim/raycast.py) sees where a ray lands: the albedo of the
board (the look's materials with this module's own textures from hashed lattice noise, its
markings, pockets and markers box-filtered over each ray's footprint), of a piece's top (grooves,
labels, grain, patina) and side, and of a die. Colours are the look's sRGB made linear."""
from __future__ import annotations

import math
import zlib

import cv2
import numpy as np

from camera_board.dice_layout import PIP, PIP_STEP, PIPS
from camera_board.layout import MARKER_DICT, TABLE
from camera_sim.looks import Finish, Look, Material


def linear(bgr) -> np.ndarray:
    c = np.asarray(bgr, np.float32) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4).astype(np.float32)


def srgb(linear: np.ndarray) -> np.ndarray:
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


def material(m: Material, x: np.ndarray, y: np.ndarray, seed: int) -> np.ndarray:
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


def coverage(distance: np.ndarray, footprint: np.ndarray) -> np.ndarray:
    """How much of a sample's footprint lies inside a shape, from its signed distance (mm,
    negative inside) and the footprint's width (mm): a box-filtered edge."""
    return np.clip(0.5 - distance / np.maximum(footprint, 1e-3), 0, 1)


def _segment_distance(x, y, line) -> np.ndarray:
    ax, ay, bx, by = line.x0, line.y0, line.x1, line.y1
    dx, dy = bx - ax, by - ay
    t = np.clip(((x - ax) * dx + (y - ay) * dy) / max(dx * dx + dy * dy, 1e-9), 0, 1)
    return np.hypot(x - ax - t * dx, y - ay - t * dy)


def relief(a: np.ndarray, b: np.ndarray, radius: float, index: int) -> np.ndarray:
    """A coin's relief, mm up: a raised rim, a head off the middle, a ring of letters."""
    turn = (index * 2.399) % (2 * math.pi)
    pa, pb = a * math.cos(turn) + b * math.sin(turn), -a * math.sin(turn) + b * math.cos(turn)
    r = np.hypot(a, b)
    rim = np.clip(1 - np.abs(r - 0.92 * radius) / 0.6, 0, 1) * 0.25
    head = 0.3 * np.exp(-(((pa + 0.1 * radius) / (0.3 * radius)) ** 2 + (pb / (0.4 * radius)) ** 2))
    letters = 0.12 * np.clip(1 - np.abs(r - 0.74 * radius) / 0.5, 0, 1) * (np.sin(np.arctan2(pb, pa) * 27) > 0.2)
    return rim + head + letters


def spread(per_pixel: np.ndarray, s: int) -> np.ndarray:
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
        cov = coverage(distance(self.x[ty, tx], self.y[ty, tx]), self.fp[ty, tx])[..., None]
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
    white, black = linear((255, 255, 255)), linear((0, 0, 0))
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


class Surfaces:
    """The albedo (linear BGR, 0..1) of what a ray meets: the board where it lands on the plane,
    a piece's top or side, a die's top or side; in the shot's look (the classic look: the
    layout's own colours)."""

    def __init__(self, layout, look: Look, pieces, dice):
        self.layout, self.look, self.pieces, self.dice = layout, look, pieces, dice
        self.seed = zlib.crc32(f"{look.name} {layout.game}".encode()) % 100003
        self.surface = look.surface if not look.classic else Material("classic", layout.wood)
        self.frame = look.frame if not look.classic else Material("classic", layout.frame_colour)

    def board(self, x: np.ndarray, y: np.ndarray, fp: np.ndarray, s: int) -> np.ndarray:
        """The board's albedo at every sample's point on the plane (x, y: H x W): table, frame,
        surface, markings, pockets, markers. Textures are looked up once a pixel (the S x S
        samples of a pixel share them); edges and markings are box-filtered a sample at a time,
        each only in the tiles of samples it can reach."""
        layout, look = self.layout, self.look
        f = layout.frame
        edge = np.maximum(np.maximum(-f - x, x - layout.width - f), np.maximum(-f - y, y - layout.length - f))
        inner = np.maximum(np.maximum(-x, x - layout.width), np.maximum(-y, y - layout.length))
        on_frame = coverage(edge, fp)[..., None]
        on_surface = coverage(inner, fp)[..., None]
        px, py = x[s // 2::s, s // 2::s], y[s // 2::s, s // 2::s]        # a sample a pixel: the textures
        surface_gain = material(self.surface, px, py, self.seed)
        frame_gain = material(self.frame, px, py, self.seed + 10)
        colour = np.empty((*x.shape, 3), np.float32)
        colour[:] = linear(TABLE)
        colour += (linear(self.frame.colour) * spread(frame_gain, s)[..., None] - colour) * on_frame
        colour += (linear(self.surface.colour) * spread(surface_gain, s)[..., None] - colour) * on_surface
        if look.powder > 0:
            drift = np.clip(noise(px, py, 150.0, self.seed + 20) * 0.5 + 0.5, 0, 1)
            speck = (noise(px, py, 0.3, self.seed + 21) > 1 - 0.25 * look.powder * drift).astype(np.float32)
            cover = spread(np.clip(0.7 * speck + 0.1 * look.powder * drift, 0, 0.8), s)[..., None] * on_surface
            colour += (linear((225, 232, 235)) - colour) * cover
        tiles = _Tiles(x, y, fp, colour)
        inks = {} if look.classic else {(25, 25, 25): look.ink, (40, 40, 170): look.red_ink}
        if look.tray is not None:
            inks |= {(70, 105, 150): look.tray.colour, (40, 60, 90): tuple(int(c * 0.6) for c in look.tray.colour)}
        for line in layout.lines:
            reach = line.width / 2 + 2
            tiles.paint((min(line.x0, line.x1) - reach, min(line.y0, line.y1) - reach,
                         max(line.x0, line.x1) + reach, max(line.y0, line.y1) + reach),
                        lambda tx, ty, line=line: _segment_distance(tx, ty, line) - line.width / 2,
                        linear(inks.get(line.colour, line.colour)))
        for c in layout.circles:
            reach = c.radius + c.width + 2

            def ring(tx, ty, c=c):
                r = np.hypot(tx - c.x, ty - c.y)
                return r - c.radius if c.width == 0 else np.abs(r - c.radius) - c.width / 2
            tiles.paint((c.x - reach, c.y - reach, c.x + reach, c.y + reach), ring, linear(inks.get(c.colour, c.colour)))
        for hx, hy, hr in layout.holes:
            tiles.paint((hx - hr - 2, hy - hr - 2, hx + hr + 2, hy + hr + 2),
                        lambda tx, ty, hx=hx, hy=hy, hr=hr: np.hypot(tx - hx, ty - hy) - hr, linear((8, 8, 8)))
        _markers(tiles, layout)
        return tiles.colour()

    def piece(self, piece, top: bool, local: np.ndarray, fp: np.ndarray, index: int) -> np.ndarray:
        finish = self.finish(piece.kind)
        base = linear(finish.colour)
        if not top:
            return np.broadcast_to(linear(finish.rim) if finish.rim else base * 0.5, (len(local), 3)).copy()
        a, b = local[:, 0], local[:, 1]
        r = np.hypot(a, b)
        R = piece.radius
        out = np.broadcast_to(base, (len(local), 3)).copy()
        ink = linear(finish.ink)
        t = finish.texture
        turn = (index * 2.399) % (2 * math.pi)
        ca, sa = math.cos(turn), math.sin(turn)
        pa, pb = a * ca + b * sa, -a * sa + b * ca
        if finish.pattern == "grain":
            out *= (1 - t * (np.abs(np.sin(math.pi * (pa + 1.2 * noise(pa, pb, 5.0, index)) / 1.7)) ** 6 - 0.3))[:, None]
        elif finish.pattern == "rings":
            for k in (0.45, 0.72):
                cov = coverage(np.abs(r - k * R) - 0.35, fp) * min(1.0, 2 * t)
                out += (ink - out) * cov[:, None]
        elif finish.pattern == "label":
            cov = coverage(np.abs(r - 0.62 * R) - 0.4, fp)
            cross = np.minimum(np.maximum(np.abs(pa) - 0.28 * R, np.abs(pb) - 0.1 * R),
                               np.maximum(np.abs(pb) - 0.28 * R, np.abs(pa) - 0.08 * R))
            cov = np.maximum(cov, coverage(cross, fp))
            out += (ink - out) * cov[:, None]
        elif finish.pattern == "patina":
            out *= (1 - 0.3 * t * np.clip(noise(pa, pb, 2.5, index + 3), -0.5, 1))[:, None]
        out *= np.where(r > 0.9 * R, 0.8, 1.0)[:, None]          # the chamfered edge
        return out

    def finish(self, kind: str) -> Finish:
        if self.look.classic:
            from camera_board.layout import PIECE_COLOURS
            c = PIECE_COLOURS[kind]
            return Finish("classic", c, tuple(int(x * 0.55) for x in c), gloss=1.0)
        return self.look.finish(kind)

    def die(self, die, top: bool, local: np.ndarray, fp: np.ndarray) -> np.ndarray:
        body, pip = die.body, die.pip
        if not self.look.classic:
            from camera_sim.render import _dressed
            dressed = _dressed((die,), self.look)[0]
            body, pip = dressed.body, dressed.pip
        out = np.broadcast_to(linear(body), (len(local), 3)).copy()
        if not top:
            return out
        step, r = PIP_STEP * die.size, PIP * die.size
        for i, j in PIPS[die.value]:
            cov = coverage(np.hypot(local[:, 0] - i * step, local[:, 1] - j * step) - r, fp)
            out += (linear(pip) - out) * cov[:, None]
        return out
