"""The simulated world seen through a rendered camera: each frame of a shot or a stroke,
as the physics gives it, drawn by the renderer and fed to a camera board. Used by the
end-to-end tests and the benchmarks; a desktop could use it to play on a camera board
with no camera."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

import numpy as np

from camera_board.camera import Lens, Pose
from camera_board.render import Light, Shot, render
from camera_board.scene import Scene

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
        return render(Shot(self.scene(items), self.lens, self.pose, light or self.light), self.rng)

    def show(self, frames: Iterable, hold: float = 0.6) -> None:
        """Feeds the physics' ``frames`` at the camera's rate, then the last one as it
        lies still for ``hold`` s (long enough for the board to settle)."""
        step = max(1, round(SIM_RATE / self.rate))
        last = None
        for k, items in enumerate(frames):
            last = items
            if k % step == 0:
                self._feed(self.picture(items))
        if last is None:
            return
        for _ in range(int(round(hold * self.rate))):   # each still frame its own noise
            self._feed(self.picture(last))

    def _feed(self, picture: np.ndarray) -> None:
        self.sent += self.feed(self.now, picture)
        self.now += 1.0 / self.rate
