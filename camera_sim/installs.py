"""The corpus of looks: tables installed in pubs, each in its own look (camera_sim/looks.py),
camera pose, lens and light, calibrated as an installer would calibrate them, then played on.

An **installation** (``installation(game, seed)``) is one table in one pub: a look drawn from
its family's materials, a camera hung at some height across the documented range
(``HEIGHTS``) with a lens of its own, a lamp, a light. The installer first shows the camera
what the staff page asks for (``teaching``: the camera board's own steps, camera_board/learn.py):
the empty board, then the pieces: Carrom's opening formation with the striker, Shove's five
coins on the marked spots, Schocken's dice showing 1 to 3 then 4 to 6, Neunfeld's dice and
pieces; each step a few frames in the installation's light. Then the **play boards** (``Installation.boards``):
pieces as a pub leaves them (touching men, coins on a line and touching in a row, dice
side by side), the light changing a little from board to board (a guest's shadow across
the board, the exposure), the look, camera and lamp as installed.

Seeds below ``HELD_OUT`` are the tuning installations, in tuning looks; from ``HELD_OUT``
on the held-out ones, in held-out looks (other materials and colours, not just other
seeds): the figures are quoted on those (benchmarks/bench_camera.py). Nothing is stored."""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Iterator

import numpy as np

from camera_board.camera import Lens, Pose
from camera_board.dice_layout import MIWIN_BODIES, WHITE_PIP
from camera_board.layout import Layout, carrom_layout, shove_layout
from camera_sim.corpus import CARROM, HELD_OUT, SHOVE, Case, _carrom, _shove
from camera_sim.dice_corpus import TABLES, DiceCase, _neunfeld, _schocken
from camera_sim.dice_scene import Die, DiceScene
from camera_sim.looks import CORAL_QUEEN, LIME_STRIKER, NEAR_BOARD, STAINED_BLACK, Look, look_for
from camera_sim.render import Light, Shot, render
from camera_sim.scene import Piece, Scene

GAMES = ("shove", "carrom", "schocken", "neunfeld")
# The camera hangs this many times as high as where the table with its frame and markers
# just fills the picture: from nearly filling it to twice as high (a Shove board under a
# 66° lens: 0.7 to 1.3 m). The dice tables' cameras hang closer (a pip is 3 mm).
HEIGHTS = {"shove": (1.05, 2.0), "carrom": (1.05, 2.0), "schocken": (1.05, 1.4), "neunfeld": (1.05, 1.4)}
FOVS = (62.0, 66.0, 70.0)          # lenses: horizontal field of view, degrees
TEACH_FRAMES = 6                   # frames the installer holds each step for
NEAR_BOARD_SEEDS = range(900, 1000)   # tuning Shove installations whose coins are near the board's colour


def family_of(seed: int) -> str:
    return "held-out" if seed >= HELD_OUT else "tuning"


@dataclass(frozen=True)
class Step:
    """One thing the installer shows the camera: ``name`` (empty, pieces, dice 1-3, ...),
    the scene as it lies (its truth), and what the staff page asks for, in words."""
    name: str
    scene: Scene
    asks: str


@dataclass(frozen=True)
class Taught:
    """A step shown to the camera: its frames (BGR, each its own sensor noise)."""
    step: Step
    frames: tuple[np.ndarray, ...]


@dataclass(frozen=True)
class Installation:
    game: str
    seed: int
    look: Look
    lens: Lens
    pose: Pose
    light: Light                    # as it was while the installer taught the camera

    @property
    def family(self) -> str:
        return self.look.family

    @property
    def layout(self) -> Layout:
        return layout_of(self.game)

    def shot(self, scene: Scene, light: Light | None = None) -> Shot:
        """``scene`` as this installation's camera sees it (its pieces as thick as the set's)."""
        return Shot(thick(scene, self.look), self.lens, self.pose, light or self.light, self.look)

    def teaching(self) -> tuple[Step, ...]:
        return teaching_steps(self.game)

    def teach(self, frames: int = TEACH_FRAMES, draw=render) -> Iterator[Taught]:
        """Each teaching step as the camera sees it: ``frames`` pictures of it, drawn by
        ``draw`` (render.py's render, or raycast.py's)."""
        rng = np.random.default_rng([self.seed, 1])
        for step in self.teaching():
            shot = self.shot(step.scene)
            yield Taught(step, tuple(draw(shot, rng) for _ in range(frames)))

    def boards(self, count: int, first: int = 0) -> Iterator[Case | DiceCase]:
        """The play boards ``first`` to ``first + count``: Case (Shove, Carrom) or DiceCase."""
        for k in range(first, first + count):
            yield self.board(k)

    def board(self, k: int) -> Case | DiceCase:
        rng = np.random.default_rng([self.seed, 2, k])
        light = light_later(rng, self.light, self.layout)
        if self.game in ("shove", "carrom"):
            scene = _pub_shove(rng) if self.game == "shove" else _pub_carrom(rng)
            return Case(self.seed * 1000 + k, self.shot(scene, light))
        table = TABLES[self.game]
        if self.game == "schocken":
            scene, values, aside, flat, squares, touch, edge = _schocken(rng, table)
        else:
            scene, values, aside, flat, squares = _neunfeld(rng, table)
            touch = edge = False
        return DiceCase(self.seed * 1000 + k, self.shot(scene, light), values, aside, flat, squares, touch, edge)


def lime_striker(seed: int = 2) -> Installation:
    """Carrom tuning installation ``seed`` with the lime striker (camera_sim/looks.py): on
    installation 2 (teak plywood, the camera 1.9 x as high as the board fills the picture,
    JPEG 60, a dim light) its outline is told from the board by hue alone, through a colour
    of 3.7 mm a pixel."""
    inst = installation("carrom", seed)
    pieces = tuple((k, LIME_STRIKER if k == "striker" else f) for k, f in inst.look.pieces)
    return dataclasses.replace(inst, look=dataclasses.replace(inst.look, pieces=pieces))


def coral_queen(seed: int = 2) -> Installation:
    """Carrom tuning installation ``seed`` with the coral queen (camera_sim/looks.py) under a
    lamp whose highlight is at full strength (``specular`` 1, the top of the range lights are
    drawn with): on installation 2 (teak plywood, JPEG 60) the highlight takes her colour out
    of what was learned on part of her top, and her top's colour reads her 2 to 2.5 mm off
    (boards 0 and 7)."""
    inst = installation("carrom", seed)
    pieces = tuple((k, CORAL_QUEEN if k == "queen" else f) for k, f in inst.look.pieces)
    return dataclasses.replace(inst, look=dataclasses.replace(inst.look, pieces=pieces),
                               light=dataclasses.replace(inst.light, specular=1.0))


def stained_blacks(seed: int = 4, size: tuple[int, int] = (1280, 960)) -> Installation:
    """Carrom tuning installation ``seed`` with stained walnut blacks (camera_sim/looks.py):
    on installations 2 and 4 (teak plywood, its grain) each black's core is the teak's colour
    in shadow, as the held-out dark-stained blacks on dark plywood are: only the board's grain
    could tell it from its own drop shadow, and only where the camera resolves that grain
    (``size`` 2560 x 1920, not the corpus's 1280 x 960: docs/camera.md, "The board's grain
    against a shadow")."""
    inst = installation("carrom", seed, size)
    pieces = tuple((k, STAINED_BLACK if k == "black" else f) for k, f in inst.look.pieces)
    return dataclasses.replace(inst, look=dataclasses.replace(inst.look, pieces=pieces))


class NearBoard(Installation):
    """A tuning Shove installation (seeds ``NEAR_BOARD_SEEDS``) whose coins differ from the
    board little (camera_sim/looks.py, ``NEAR_BOARD``), each play board a row of three
    touching coins with a guest's shadow's edge across it: where a coin's rim tells least
    (docs/camera.md, "Coins near the board's colour")."""

    def board(self, k: int) -> Case:
        rng = np.random.default_rng([self.seed, 2, k])
        light = light_later(rng, self.light, self.layout)
        r = SHOVE.coin_radius
        while True:       # a row of touching coins, any way round, on the board
            x, y, b = rng.uniform(0, SHOVE.width), rng.uniform(0, SHOVE.length), rng.uniform(0, math.pi)
            row = [Piece("coin", float(x + i * (2 * r + rng.uniform(0.02, 0.3)) * math.cos(b)),
                         float(y + i * (2 * r + rng.uniform(0.02, 0.3)) * math.sin(b)), r, 1.8) for i in range(3)]
            if all(r <= c.x <= SHOVE.width - r and -r * 0.5 <= c.y <= SHOVE.length - r for c in row):
                break
        coins = row + [c for c in _pub_shove(rng).pieces if _clear(c, row)][:SHOVE.coins - len(row)]
        # the shadow's edge (half its width from its middle) within a coin's radius of the row's middle
        a, width, middle = rng.uniform(0, 180), rng.uniform(60, 180), row[1]
        off = (width / 2 + rng.uniform(-r, r)) * rng.choice([-1, 1])
        sx, sy = middle.x - off * math.sin(math.radians(a)), middle.y + off * math.cos(math.radians(a))
        shadow = (sx, sy, rng.uniform(400, 700), width, a, rng.uniform(0.3, 0.55))
        light = dataclasses.replace(light, shadows=(shadow, *light.shadows[:1]))
        return Case(self.seed * 1000 + k, self.shot(Scene(self.layout, tuple(coins)), light))


def thick(scene: Scene, look: Look) -> Scene:
    """``scene`` with its pieces as thick as ``look``'s set (the truth's places unchanged)."""
    heights = dict(look.heights)
    if not heights or not scene.pieces:
        return scene
    return dataclasses.replace(scene, pieces=tuple(dataclasses.replace(p, height=heights.get(p.kind, p.height))
                                                   for p in scene.pieces))


def layout_of(game: str) -> Layout:
    if game == "shove":
        return shove_layout(SHOVE)
    if game == "carrom":
        return carrom_layout(CARROM)
    return TABLES[game].layout


def installation(game: str, seed: int, size: tuple[int, int] = (1280, 960), family: str | None = None) -> Installation:
    """Table ``seed`` of ``game`` as installed: tuning looks below HELD_OUT, held-out from there
    (or the ``family`` given)."""
    if game not in GAMES:
        raise ValueError(f"the corpus of looks has {', '.join(GAMES)}, not {game!r}")
    rng = np.random.default_rng([seed, 0, GAMES.index(game)])
    look = look_for(game, rng, family or family_of(seed))
    fov = float(FOVS[int(rng.integers(len(FOVS)))])
    lens = Lens(size, fov, k1=float(rng.uniform(-0.12, 0.0)), k2=float(rng.uniform(0.0, 0.02)))
    layout = layout_of(game)
    made = Installation
    if game == "shove" and look.family == "tuning" and seed in NEAR_BOARD_SEEDS:
        surface, coin = NEAR_BOARD[seed % len(NEAR_BOARD)]
        look = dataclasses.replace(look, name=f"{surface.name}, {look.frame.name}, {coin.name} coin",
                                   surface=surface, pieces=(("coin", coin),))
        made = NearBoard
    return made(game, seed, look, lens, hung(rng, layout, lens, HEIGHTS[game]), _installed_light(rng, layout))


def hung(rng, layout: Layout, lens: Lens, heights: tuple[float, float]) -> Pose:
    """A camera over the board's middle, never quite square to it, ``heights`` (a range) times
    as high as where the board with its frame and markers just fills the picture."""
    x0, y0, x1, y1 = layout.extent(margin=10.0)
    half = math.tan(math.radians(lens.fov) / 2)
    aspect = lens.size[1] / lens.size[0]
    fills = max((x1 - x0) / 2 / half, (y1 - y0) / 2 / (half * aspect))
    height = fills * rng.uniform(*heights)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    span = max(x1 - x0, y1 - y0)
    return Pose(cx + rng.normal(0, 0.015 * span), cy - rng.uniform(0, 0.05) * span, height,
                cx + rng.normal(0, 0.01 * span), cy + rng.normal(0, 0.01 * span), roll=rng.normal(0, 2.0))


def _installed_light(rng, layout: Layout) -> Light:
    """The pub's light: its lamp (where and how high), on two tables in five a second lamp
    (each piece then casts two shadows), warm or not, bright or dim."""
    def lamp():
        return (rng.uniform(-300, layout.width + 300), rng.uniform(-300, layout.length + 300), rng.uniform(900, 1800))
    light = Light(exposure=rng.uniform(0.5, 1.1), warmth=rng.uniform(0, 0.8), noise=rng.uniform(1, 3.5),
                  blur=rng.uniform(0.3, 0.9), lamp=lamp(), specular=rng.uniform(0.3, 1.0))
    if rng.random() < 0.4:
        light = dataclasses.replace(light, others=((*lamp(), rng.uniform(0.3, 1.0)),))
    return light


def light_later(rng, light: Light, layout: Layout) -> Light:
    """The light at a play board: the lamp as installed, the exposure a little other (the
    camera's auto exposure, a door opening), and on many boards guests' shadows across it."""
    shadows = []
    for _ in range(int(rng.choice([0, 0, 1, 1, 2]))):
        shadows.append((rng.uniform(0, layout.width), rng.uniform(0, layout.length), rng.uniform(250, 700),
                        rng.uniform(60, 180), rng.uniform(0, 180), rng.uniform(0.2, 0.55)))
    round_shadow = None
    if rng.random() < 0.15:
        round_shadow = (rng.uniform(0, layout.width), rng.uniform(0, layout.length), rng.uniform(80, 200),
                        rng.uniform(0.2, 0.5))
    return dataclasses.replace(light, exposure=light.exposure * rng.uniform(0.85, 1.15), noise=rng.uniform(1, 3.5),
                               shadows=tuple(shadows), guest_shadow=round_shadow)


# -- what the installer shows ---------------------------------------------------------------------
def teaching_steps(game: str) -> tuple[Step, ...]:
    """What the staff page asks the installer to show, step by step (the empty board first):
    the camera board's own steps (camera_board/learn.py, ``steps``), as scenes to draw."""
    from camera_board.learn import steps
    return tuple(Step(step.name, scene_for(game, step.pieces), step.said("en")) for step in steps(game))


def scene_for(game: str, placed, layout: Layout | None = None) -> Scene:
    """The table of ``game`` (``layout``: Shove's or Carrom's board if not the corpus's) with
    ``placed`` (kind, x, y and for a die its face: the camera board's Placed) lying on it:
    coins and men of the layout's sizes, Schocken's dice, Miwin's dice III, IV and V (showing
    their first face when none is asked), Neunfeld's pieces."""
    from camera_board.board import HEIGHTS
    layout = layout or layout_of(game)
    if game in ("shove", "carrom"):
        radii = layout.piece_radii
        return Scene(layout, tuple(Piece(p.kind, p.x, p.y, radii[p.kind], HEIGHTS[p.kind]) for p in placed))
    from camera_board.dice_layout import PIECE_HEIGHT, PIECE_RADIUS
    from tablegame.families.neunfeld.dice import DICE as MIWIN
    miwin = ("die III", "die IV", "die V")
    dice, pieces = [], []
    for p in placed:
        if p.kind == "piece":
            pieces.append(Piece("neunfeld", p.x, p.y, PIECE_RADIUS, PIECE_HEIGHT))
        elif p.kind in miwin:
            k = miwin.index(p.kind)
            dice.append(Die(p.x, p.y, p.value or MIWIN[k].faces[0], 0.0, body=MIWIN_BODIES[k], pip=WHITE_PIP))
        else:
            dice.append(Die(p.x, p.y, p.value, 0.0))
    return DiceScene(layout, tuple(pieces), tuple(dice))


# -- play boards as a pub leaves them ------------------------------------------------------------------
def _pub_shove(rng) -> Scene:
    """Shove's coins as the corpus lays them (camera_sim/corpus.py), and on about half the
    boards coins lying on a line (the referee's hardest call) or touching in a row."""
    scene = _shove(rng)
    coins = list(scene.pieces)
    r = SHOVE.coin_radius
    if coins and rng.random() < 0.5:              # some coins moved onto a line
        for i in rng.choice(len(coins), size=min(len(coins), int(rng.integers(1, 4))), replace=False):
            near, far = SHOVE.lines[int(rng.integers(len(SHOVE.lines)))]
            y = (near + far) / 2 + rng.uniform(-r, r) * 0.6
            moved = dataclasses.replace(coins[i], y=float(y))
            if _clear(moved, coins[:i] + coins[i + 1:]):
                coins[i] = moved
    if rng.random() < 0.3 and len(coins) < SHOVE.coins - 2:   # a row of touching coins
        x, y = rng.uniform(r, SHOVE.width - 7 * r), rng.uniform(r, SHOVE.length - 2 * r)
        for k in range(int(rng.integers(2, 4))):
            coin = Piece("coin", float(x + k * (2 * r + rng.uniform(0.02, 0.3))), float(y), r, 1.8)
            if _clear(coin, coins) and len(coins) < SHOVE.coins:
                coins.append(coin)
    return Scene(scene.layout, tuple(coins))


def _pub_carrom(rng) -> Scene:
    """Carrom's pieces as the corpus lays them, and on about half the boards a cluster of
    touching men (what is left of the break, men against the queen)."""
    scene = _carrom(rng)
    pieces = list(scene.pieces)
    if rng.random() < 0.5:
        radii = scene.layout.piece_radii
        r = radii["white"]
        cx, cy = rng.uniform(150, CARROM.size - 150, 2)
        count = {k: sum(p.kind == k for p in pieces) for k in ("white", "black", "queen")}
        spots = [(0.0, 0.0)] + [(2 * r * 1.001 * math.cos(math.radians(60 * k + 30)),
                                 2 * r * 1.001 * math.sin(math.radians(60 * k + 30))) for k in range(6)]
        for dx, dy in spots[:int(rng.integers(3, 8))]:
            kind = str(rng.choice(["white", "black", "queen"], p=[0.45, 0.45, 0.1]))
            if count[kind] >= {"white": 9, "black": 9, "queen": 1}[kind]:
                continue
            piece = Piece(kind, float(cx + dx), float(cy + dy), radii[kind], 6.0)
            if _clear(piece, pieces) and CARROM.in_pocket(piece.x, piece.y) is None:
                pieces.append(piece)
                count[kind] += 1
    return Scene(scene.layout, tuple(pieces))


def _clear(piece: Piece, others) -> bool:
    return all(math.hypot(piece.x - o.x, piece.y - o.y) >= piece.radius + o.radius + 0.02 for o in others)
