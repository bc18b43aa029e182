"""Dice as the camera sees them (camera_sim/render.py calls these): each a cube with
its top face and pips at the top's height, the two or three sides the camera sees
(shaded by how they face the lamp), a soft gloss on the top, and a drop shadow on the
surface. A Türmchen is a die whose base is another die's top."""
from __future__ import annotations

import cv2
import numpy as np

from camera_board.dice_layout import PIP
from camera_sim.dice_scene import Die
from camera_sim.drawing import circle, fill, patch_round


def _area(polygon: np.ndarray) -> float:
    x, y = polygon[:, 0], polygon[:, 1]
    return float(x @ np.roll(y, -1) - y @ np.roll(x, -1))


def draw_dice(ideal: np.ndarray, dice, project, light) -> None:
    """Every die, level by level from the surface up (a Türmchen's top last): at each level
    the sides first, then the tops. A die's side never hides another's top at its own
    height (the camera looks down on both), so two dice side by side show both tops whole."""
    for base in sorted({d.base for d in dice}):
        level = [d for d in dice if d.base == base]
        for die in level:
            _sides(ideal, die, project, light)
        for die in level:
            _top(ideal, die, project, light)


def _sides(ideal: np.ndarray, die: Die, project, light) -> None:
    """The sides the camera sees (wound as the top), shaded by the lamp."""
    foot, top_h = die.corners(), die.base + die.size
    body = np.array(die.body, np.float32)
    bottom, top = project(foot, die.base), project(foot, top_h)
    lx, ly, _ = light.lamp
    facing = np.sign(_area(top))
    for k in range(4):
        a, b = k, (k + 1) % 4
        quad = np.array([bottom[a], bottom[b], top[b], top[a]])
        if np.sign(_area(quad)) != facing:
            continue
        mid = (foot[a] + foot[b]) / 2
        outward = mid - (die.x, die.y)
        towards = np.array([lx - mid[0], ly - mid[1]])
        cos = float(outward @ towards / (np.linalg.norm(outward) * np.linalg.norm(towards) + 1e-9))
        fill(ideal, quad, tuple(float(c) for c in body * (0.6 + 0.15 * cos)))


def _top(ideal: np.ndarray, die: Die, project, light) -> None:
    top_h = die.base + die.size
    top = project(die.corners(), top_h)
    fill(ideal, top, tuple(float(c) for c in die.body))
    r = PIP * die.size
    for px, py in die.pips():
        fill(ideal, project(circle(px, py, r, 20), top_h), tuple(float(c) for c in die.pip))
    if light.specular > 0:
        _gloss(ideal, top, light.specular)


def _gloss(ideal: np.ndarray, top: np.ndarray, specular: float) -> None:
    """A dice's matte plastic: a weak, broad sheen over the top, never a pip-sized spot."""
    x0, y0 = np.floor(top.min(axis=0)).astype(int)
    x1, y1 = np.ceil(top.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(ideal.shape[1], x1), min(ideal.shape[0], y1)
    if x0 >= x1 or y0 >= y1:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    fill(mask, top - (x0, y0), 1.0)
    mask = cv2.GaussianBlur(mask, (0, 0), max(1.0, (x1 - x0) / 4)) * mask
    ideal[y0:y1, x0:x1] += (0.12 * specular * 255 * mask)[..., None]


def dice_shadows(tex: np.ndarray, dice, light, to_board: np.ndarray, scale: float) -> None:
    """Each die's shadow on the surface, thrown away from the lamp."""
    lx, ly, lz = light.lamp
    x0, y1 = to_board[0, 2], to_board[1, 2]
    for die in dice:
        h = die.base + die.size
        k = h / max(lz - h, 1.0)
        foot = die.corners() * 1.08 - (die.x, die.y) * np.array(0.08)
        cast = foot + (foot - (lx, ly)) * k
        pixels = np.c_[(cast[:, 0] - x0) * scale, (y1 - cast[:, 1]) * scale]
        box = patch_round(pixels, tex.shape, 12)
        if box is None:
            continue
        ua, va, ub, vb = box
        shade = np.zeros((vb - va, ub - ua), np.float32)
        fill(shade, pixels - (ua, va), 1.0)
        shade = cv2.GaussianBlur(shade, (0, 0), 1.5 * scale)
        patch = tex[va:vb, ua:ub]
        patch[:] = (patch * (1 - 0.45 * shade[..., None])).astype(np.uint8)
