"""The surfaces of a look (camera_sim/looks.py) as render.py draws them: the empty board in
the look's materials (wood grain, slate's cloud, a cloth's fibre, boric powder, the look's
inks), and each piece's top (a coin's relief and patina, a man's grooves, grain or printed
label, a striker's rings), shaded by the lamp.

Textures are made from seeds of their own (the material's name and colour, the piece's
place), so the same look draws the same board, and the same piece the same top."""
from __future__ import annotations

import functools
import math
import zlib
from dataclasses import replace

import cv2
import numpy as np

from camera_board.dice_layout import TRAY
from camera_board.layout import INK, RED_INK, Layout
from camera_board.reference import TEXTURE_SCALE, board_picture
from camera_sim.looks import Finish, Look, Material

TRAY_RIM_COLOUR = (40, 60, 90)     # camera_board/dice_layout.py: the tray's darker rim
POWDER = np.array((225, 232, 235), np.float32)


def _seed(*parts) -> int:
    return zlib.crc32(repr(parts).encode())


def smooth_noise(rng, shape, cell: float) -> np.ndarray:
    """Noise of mean 0 and spread about 1 that changes over ``cell`` pixels."""
    h, w = shape
    small = rng.standard_normal((max(2, int(h / cell) + 2), max(2, int(w / cell) + 2))).astype(np.float32)
    big = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return big / max(float(big.std()), 1e-6)


def material_gain(material: Material, shape, scale: float, seed: int) -> np.ndarray:
    """The material's texture as a gain about 1 (H x W x 1), ``scale`` pixels per mm."""
    rng = np.random.default_rng(seed)
    h, w = shape
    gain = np.ones((h, w), np.float32)
    if material.grain > 0:
        y, x = np.mgrid[0:h, 0:w].astype(np.float32) / scale
        warp = smooth_noise(rng, shape, 80 * scale) * 6.0 + smooth_noise(rng, shape, 15 * scale) * 1.2
        phase = (x + warp) / material.grain_mm
        lines = 0.5 + 0.5 * np.sin(2 * np.pi * phase)
        lines = lines ** 4                              # thin dark late-wood lines
        rings = 0.5 + 0.5 * np.sin(2 * np.pi * (x + 3 * warp) / (material.grain_mm * 9))
        gain -= material.grain * (lines - lines.mean() + 0.4 * (rings - 0.5))
    if material.figure > 0:
        gain += material.figure * smooth_noise(rng, shape, 60 * scale)
    if material.fibre > 0:
        fine = cv2.GaussianBlur(rng.standard_normal(shape).astype(np.float32), (0, 0), 0.35 * scale)
        gain += material.fibre * fine / max(float(fine.std()), 1e-6)
    return np.clip(gain, 0.3, 1.7)[..., None]


def _recoloured(layout: Layout, look: Look) -> Layout:
    """``layout`` in the look's colours: its surface, frame, inks and tray."""
    colours = {INK: look.ink, RED_INK: look.red_ink}
    if look.tray is not None:
        rim = tuple(int(c * 0.6) for c in look.tray.colour)
        colours |= {TRAY: look.tray.colour, TRAY_RIM_COLOUR: rim}
    return replace(layout, wood=look.surface.colour, frame_colour=look.frame.colour,
                   lines=tuple(replace(line, colour=colours.get(line.colour, line.colour)) for line in layout.lines),
                   circles=tuple(replace(c, colour=colours.get(c.colour, c.colour)) for c in layout.circles))


@functools.lru_cache(maxsize=6)
def board_texture(layout: Layout, look: Look) -> tuple[np.ndarray, np.ndarray]:
    """The empty board in ``look`` seen straight down under neutral light (as
    camera_board/reference.py draws the layout's own), and the matrix from its pixels to
    board mm. The markers stay printed paper."""
    picture, to_board = board_picture(_recoloured(layout, look))
    tex = picture.astype(np.float32)
    s = TEXTURE_SCALE
    h, w = tex.shape[:2]
    x0, y1 = to_board[0, 2], to_board[1, 2]

    def box(xa, ya, xb, yb):
        return (max(0, int((xa - x0) * s)), max(0, int((y1 - yb) * s)),
                min(w, int(math.ceil((xb - x0) * s))), min(h, int(math.ceil((y1 - ya) * s))))

    f = layout.frame
    outer = box(-f, -f, layout.width + f, layout.length + f)
    inner = box(0, 0, layout.width, layout.length)
    frame_mask = np.zeros((h, w), bool)
    frame_mask[outer[1]:outer[3], outer[0]:outer[2]] = True
    frame_mask[inner[1]:inner[3], inner[0]:inner[2]] = False
    quiet = layout.marker_size / 6 * 0.8 + 1.0
    for corners in layout.marker_corners().values():
        (left, top), (right, bottom) = corners[0], corners[2]
        ua, va, ub, vb = box(left - quiet, bottom - quiet, right + quiet, top + quiet)
        frame_mask[va:vb, ua:ub] = False
    seed = _seed(look.name, look.surface, look.frame)
    ua, va, ub, vb = inner
    tex[va:vb, ua:ub] *= material_gain(look.surface, (vb - va, ub - ua), s, seed)
    frame_gain = material_gain(look.frame, (h, w), s, seed + 1)
    tex = np.where(frame_mask[..., None], tex * frame_gain, tex)
    if look.powder > 0:
        _powder(tex[va:vb, ua:ub], look.powder, s, seed + 2)
    return np.clip(tex, 0, 255).astype(np.uint8), to_board


def _powder(surface: np.ndarray, amount: float, scale: float, seed: int) -> None:
    """Boric powder dusted on the board: fine white specks, thicker in drifts."""
    rng = np.random.default_rng(seed)
    h, w = surface.shape[:2]
    drifts = np.clip(smooth_noise(rng, (h, w), 120 * scale) * 0.5 + 0.5, 0, 1)
    specks = (rng.random((h, w)) < 0.08 * amount * drifts).astype(np.float32)
    cover = cv2.GaussianBlur(specks, (0, 0), 0.3 * scale) * 0.9 + 0.12 * amount * drifts
    cover = np.clip(cover, 0, 0.8)[..., None]
    surface *= 1 - cover
    surface += cover * POWDER


# -- pieces' tops ---------------------------------------------------------------------------------
FACE_SCALE = 4.0    # texture pixels per mm of a piece's top


def face(finish: Finish, radius: float, seed: int, towards: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """A piece's top seen straight down under neutral light (BGR float, 0..255) and its
    coverage (0..1), FACE_SCALE pixels per mm, its centre in the middle; ``towards``: the
    lamp's direction on the board (a unit vector: relief is lit from there)."""
    s = FACE_SCALE
    n = int(math.ceil(2 * radius * s)) + 4
    c = (n - 1) / 2
    y, x = np.mgrid[0:n, 0:n].astype(np.float32)
    u, v = (x - c) / s, (c - y) / s                      # mm, v up the board
    r = np.hypot(u, v)
    rng = np.random.default_rng(seed)
    angle = rng.uniform(0, 2 * math.pi)
    cu, su = math.cos(angle), math.sin(angle)
    a, b = u * cu + v * su, -u * su + v * cu             # turned as the piece lies
    colour = np.array(finish.colour, np.float32)
    ink = np.array(finish.ink, np.float32)
    shade = np.ones_like(r)
    mix = np.zeros_like(r)                               # share of the ink's colour
    t = finish.texture
    if finish.pattern == "grain":
        warp = smooth_noise(rng, (n, n), 6 * s) * 1.5
        shade -= t * ((0.5 + 0.5 * np.sin(2 * np.pi * (a + warp) / 1.8)) ** 4 - 0.2)
    elif finish.pattern == "rings":
        for k in (0.45, 0.72):
            mix = np.maximum(mix, np.clip(1 - np.abs(r - k * radius) / 0.45, 0, 1) * min(1.0, 2 * t))
    elif finish.pattern == "label":
        mix = np.maximum(mix, np.clip(1 - np.abs(r - 0.62 * radius) / 0.5, 0, 1))
        mark = (np.abs(a) < 0.28 * radius) & (np.abs(b) < 0.12 * radius) | \
               (np.abs(b) < 0.28 * radius) & (np.abs(a) < 0.08 * radius)
        mix = np.maximum(mix, cv2.GaussianBlur(mark.astype(np.float32), (0, 0), 0.3 * s))
    elif finish.pattern in ("emboss", "patina"):
        height = np.clip(1 - np.abs(r - 0.9 * radius) / 0.5, 0, 1)                  # the raised rim
        head = np.exp(-(((a + 0.1 * radius) / (0.32 * radius)) ** 2 + (b / (0.42 * radius)) ** 2) * 2)
        height = np.maximum(height, head)
        letters = (np.abs(r - 0.72 * radius) < 0.6) & (np.sin(np.arctan2(b, a) * 23) > 0.3)
        height = np.maximum(height, letters.astype(np.float32) * 0.7)
        height = cv2.GaussianBlur(height, (0, 0), 0.25 * s)
        gv, gu = np.gradient(height)
        lx, ly = towards
        shade += t * 1.6 * (gu * lx - gv * ly)            # the side towards the lamp is lit
        if finish.pattern == "patina":
            blotch = np.clip(smooth_noise(rng, (n, n), 3 * s), -1, 2)
            shade -= 0.25 * t * blotch
            shade += 0.3 * t * height                     # worn bright where it stands up
    shade = np.where(r > 0.88 * radius, shade * 0.85, shade)    # the bevelled edge
    picture = (colour * (1 - mix[..., None]) + ink * mix[..., None]) * shade[..., None]
    cover = np.clip((radius - r) * s + 0.5, 0, 1)
    return np.clip(picture, 0, 255), cover.astype(np.float32)
