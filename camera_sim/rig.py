"""The simulated world seen through a rendered camera: each frame of a shot or a stroke,
as the physics gives it, each piece moving as the frames around it say (``in_motion``:
the renderer smears it over the lens's shutter), drawn by the renderer and fed to a
camera board. Used by the end-to-end tests and the benchmarks; ``in_motion`` also by
``simulate --board camera`` (camera_sim/rendered.py, Rendered)."""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from camera_board.camera import Lens, Pose
from camera_sim.render import Light, Shot, render
from camera_sim.scene import Piece, Scene

SIM_RATE = 30.0     # the physics' frames a second (tablegame.physics: 1/30 s apart)


@dataclass
class Rig:
    feed: Callable[[float, np.ndarray], list]   # CameraBoard.feed, or a detector's
    scene: Callable[[object], Scene]            # one physics frame -> what the camera looks at
    lens: Lens
    pose: Pose
    light: Light = Light()
    rate: float = 10.0                          # camera frames a second
    seed: int = 0
    now: float = 0.0
    sent: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)

    def picture(self, items, light: Light | None = None) -> np.ndarray:
        return self.render(self.scene(items), light)

    def show(self, frames: Iterable, hold: float = 0.6) -> None:
        """Feeds the physics' ``frames`` at the camera's rate (each piece moving as the
        frames around it say: blurred when the lens has a shutter time), then the last one
        as it lies still for ``hold`` s (long enough for the board to settle)."""
        step = max(1, round(SIM_RATE / self.rate))
        last = None
        for k, scene in enumerate(in_motion(map(self.scene, frames), 1 / SIM_RATE)):
            last = scene
            if k % step == 0:
                self._feed(self.render(scene))
        if last is None:
            return
        for _ in range(int(round(hold * self.rate))):   # each still frame its own noise
            self._feed(self.render(still(last)))

    def render(self, scene: Scene, light: Light | None = None) -> np.ndarray:
        return render(Shot(scene, self.lens, self.pose, light or self.light), self.rng)

    def _feed(self, picture: np.ndarray) -> None:
        self.sent += self.feed(self.now, picture)
        self.now += 1.0 / self.rate


def in_motion(scenes: Iterable[Scene], interval: float) -> Iterator[Scene]:
    """Each of ``scenes`` (a shot's frames, ``interval`` s apart) with its pieces'
    velocities: from where each piece lies a frame before and a frame after (one side at
    the ends; a piece that appears or drops into a pocket has no partner on that side)."""
    window: list[Scene] = []
    for scene in scenes:
        window = [*window[-2:], scene]
        if len(window) >= 2:
            yield _with_velocities(window[-3] if len(window) == 3 else None, window[-2], scene, interval)
    if window:
        yield _with_velocities(window[-2] if len(window) >= 2 else None, window[-1], None, interval)


def still(scene: Scene) -> Scene:
    return dataclasses.replace(scene, pieces=tuple(dataclasses.replace(p, vx=0.0, vy=0.0) for p in scene.pieces))


def _with_velocities(before: Scene | None, now: Scene, after: Scene | None, interval: float) -> Scene:
    back = _partners(now.pieces, before.pieces) if before is not None else [None] * len(now.pieces)
    ahead = _partners(now.pieces, after.pieces) if after is not None else [None] * len(now.pieces)
    pieces = []
    for piece, a, b in zip(now.pieces, back, ahead):
        first, last = a or piece, b or piece
        span = interval * ((a is not None) + (b is not None))
        if span == 0:
            pieces.append(piece)
            continue
        pieces.append(dataclasses.replace(piece, vx=(last.x - first.x) / span, vy=(last.y - first.y) / span))
    return dataclasses.replace(now, pieces=tuple(pieces))


def _partners(pieces: Sequence[Piece], others: Sequence[Piece], gap: float = 400.0) -> list[Piece | None]:
    """Each of ``pieces``' partner among ``others`` (or None): the physics keeps its pieces
    in order and only drops some (pocketed) or adds one (the striker), so the partners
    are the alignment of the two lists, kind to kind, that moves the pieces least (an
    edit distance: ``gap`` mm for a piece without partner)."""
    n, m = len(pieces), len(others)
    cost = np.zeros((n + 1, m + 1))
    cost[:, 0], cost[0, :] = np.arange(n + 1) * gap, np.arange(m + 1) * gap
    for i, p in enumerate(pieces, 1):
        for j, q in enumerate(others, 1):
            pair = math.hypot(p.x - q.x, p.y - q.y) if p.kind == q.kind else math.inf
            cost[i, j] = min(cost[i - 1, j - 1] + pair, cost[i - 1, j] + gap, cost[i, j - 1] + gap)
    partners: list[Piece | None] = [None] * n
    i, j = n, m
    while i > 0 and j > 0:
        p, q = pieces[i - 1], others[j - 1]
        pair = math.hypot(p.x - q.x, p.y - q.y) if p.kind == q.kind else math.inf
        if cost[i, j] == cost[i - 1, j - 1] + pair:
            partners[i - 1] = q
            i, j = i - 1, j - 1
        elif cost[i, j] == cost[i - 1, j] + gap:
            i -= 1
        else:
            j -= 1
    return partners
