"""Seeded corpora of settled boards, rendered with their truth, for tuning and measuring.

Each board is drawn from its own seed: the pieces where they might come to rest (random
counts, touching pieces, coins in the gutter), the camera hung a little differently
(height, offset, tilt, roll), and the light of a pub (dim or bright, warm, a lamp's
highlight, a guest's shadow, noise and blur). Seeds below ``HELD_OUT`` are the tuning
set; the figures in docs/camera.md are measured from ``HELD_OUT`` on, a set nobody
tuned on. Nothing is stored: the same seed draws the same board on every machine."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from camera_board.camera import Lens, Pose
from camera_sim.render import Light, Shot
from camera_sim.scene import Piece, Scene
from camera_board.layout import carrom_layout, shove_layout
from tablegame.families.shove.board import hapenny_board
from tablegame.families.carrom.physics import CarromBoard

HELD_OUT = 1_000_000     # seeds from here on: the held-out set
SHOVE, CARROM = hapenny_board(), CarromBoard()


@dataclass(frozen=True)
class Case:
    seed: int
    shot: Shot

    @property
    def truth(self) -> tuple[Piece, ...]:
        return self.shot.scene.pieces


def case(game: str, seed: int, size: tuple[int, int] = (1280, 960)) -> Case:
    rng = np.random.default_rng(seed)
    scene = _shove(rng) if game == "shove" else _carrom(rng)
    return Case(seed, Shot(scene, Lens(size), _pose(rng, scene), light(rng, scene)))


def _pose(rng, scene: Scene) -> Pose:
    """Hung above the middle of the board, never quite square to it."""
    layout = scene.layout
    cx, cy = layout.width / 2, layout.length / 2
    span = max(layout.width, layout.length) + 2 * layout.frame
    height = span * rng.uniform(1.25, 1.45)
    return Pose(cx + rng.normal(0, 15), cy - rng.uniform(0, 0.08) * span, height,
                cx + rng.normal(0, 10), cy + rng.normal(0, 10), roll=rng.normal(0, 2.0))


def light(rng, scene) -> Light:
    """A pub's light over a table (a Scene or a DiceTable: anything with a layout): exposure,
    warmth, noise, blur, a lamp, its highlight, and at times a guest's shadow."""
    layout = scene.layout
    shadow = None
    if rng.random() < 0.3:
        shadow = (rng.uniform(0, layout.width), rng.uniform(0, layout.length),
                  rng.uniform(80, 200), rng.uniform(0.2, 0.5))
    return Light(exposure=rng.uniform(0.45, 1.15), warmth=rng.uniform(0, 0.8), noise=rng.uniform(1, 4),
                 blur=rng.uniform(0.3, 1.1),
                 lamp=(rng.uniform(-300, layout.width + 300), rng.uniform(-300, layout.length + 300),
                       rng.uniform(900, 1800)),
                 specular=rng.uniform(0.3, 1.0), guest_shadow=shadow)


def _shove(rng) -> Scene:
    board, layout = SHOVE, shove_layout(SHOVE)
    r = board.coin_radius
    coins: list[tuple[float, float, bool]] = []
    for _ in range(int(rng.integers(0, board.coins + 1))):
        for _ in range(50):
            if rng.random() < 0.85:                      # on the surface
                x, y, fallen = rng.uniform(r, board.width - r), rng.uniform(-r * 0.5, board.length - r), False
            else:                                         # in the gutter beside it
                side = rng.choice([-1, 1])
                x = board.width / 2 + side * (board.width / 2 + rng.uniform(r, board.frame - r))
                y, fallen = rng.uniform(0, board.length), True
            if rng.random() < 0.3 and coins:              # touching another, as coins come to rest
                ox, oy, fallen = coins[int(rng.integers(len(coins)))]
                a = rng.uniform(0, 2 * math.pi)
                x, y = ox + 2.02 * r * math.cos(a), oy + 2.02 * r * math.sin(a)
                if not (-board.frame + r <= x <= board.width + board.frame - r and -r <= y <= board.length - r):
                    continue
                fallen = x < 0 or x > board.width
            if all(math.hypot(x - a, y - b) >= 2 * r + 0.05 for a, b, _ in coins):
                coins.append((x, y, fallen))
                break
    return Scene(layout, tuple(Piece("coin", x, y, r, 1.8) for x, y, _ in coins))


def _carrom(rng) -> Scene:
    board, layout = CARROM, carrom_layout(CARROM)
    radii = layout.piece_radii
    kinds = (["white"] * int(rng.integers(0, 10)) + ["black"] * int(rng.integers(0, 10))
             + ["queen"] * int(rng.random() < 0.7) + ["striker"] * int(rng.random() < 0.8))
    placed: list[Piece] = []
    for kind in kinds:
        r = radii[kind]
        for _ in range(80):
            if rng.random() < 0.3 and placed:
                other = placed[int(rng.integers(len(placed)))]
                a = rng.uniform(0, 2 * math.pi)
                x, y = other.x + (other.radius + r + 0.05) * math.cos(a), other.y + (other.radius + r + 0.05) * math.sin(a)
            else:
                x, y = rng.uniform(r, board.size - r), rng.uniform(r, board.size - r)
            if not (r <= x <= board.size - r and r <= y <= board.size - r) or board.in_pocket(x, y) is not None:
                continue
            if all(math.hypot(x - p.x, y - p.y) >= p.radius + r + 0.05 for p in placed):
                placed.append(Piece(kind, x, y, r, 7.0 if kind == "striker" else 6.0))
                break
    return Scene(layout, tuple(placed))


@dataclass(frozen=True)
class Score:
    errors: tuple[tuple[str, float], ...]   # (true kind, mm) of each piece found
    missed: int
    extra: int
    wrong_kind: int
    problem: str | None                     # the detector said it could not read the frame


def detector_for(case_: Case):
    """A camera board's detector for the case's lens (the lens is known, as from a lens
    calibration; the board's place it finds from the markers)."""
    from camera_board.board import HEIGHTS, SCALE
    from camera_board.calibrate import Calibration
    from camera_board.detect import Detector
    layout = case_.shot.scene.layout
    calibration = Calibration(layout, case_.shot.lens, SCALE[layout.game], margin=2.0)
    return Detector(layout, calibration, HEIGHTS)


def score(case_: Case, sighting) -> Score:
    """Found pieces matched to the truth, nearest pairs first, within a piece's radius."""
    truth, found = case_.truth, sighting.pieces
    pairs = sorted((math.hypot(t.x - f.x, t.y - f.y), i, j)
                   for i, t in enumerate(truth) for j, f in enumerate(found))
    used_t, used_f, errors, wrong = set(), set(), [], 0
    for distance, i, j in pairs:
        if i in used_t or j in used_f or distance > truth[i].radius:
            continue
        used_t.add(i)
        used_f.add(j)
        errors.append((truth[i].kind, distance))
        wrong += truth[i].kind != found[j].kind
    return Score(tuple(errors), len(truth) - len(used_t), len(found) - len(used_f), wrong, sighting.problem)
