"""The installer's calibration drawn: what a step of ``camera_board.learn.steps`` asks for,
laid on the board (``step_scene``), and a live camera over a scene a test changes as the
installer would (``Staged``: the empty board, then the pieces where the staff page draws
them). For the tests of the staff page's calibration and of ``tablegame camera-learn``."""
from __future__ import annotations

import dataclasses
import threading
import time
from typing import Iterator

import numpy as np

from camera_board.dice_layout import MIWIN_BODIES, PIECE_HEIGHT, PIECE_RADIUS, TABLES, WHITE_PIP
from camera_sim.dice_scene import Die, DiceScene
from camera_sim.render import Shot
from camera_sim.scene import Piece, Scene, carrom_scene, shove_scene

MIWIN_FACES = (3, 4, 5)        # what Neunfeld's dice show while they are learned (any face will do)


def step_scene(game: str, step, board=None) -> Scene:
    """The board of ``game`` with ``step``'s pieces where it asks for them (``board``: the
    game's ShoveBoard or CarromBoard, None the default)."""
    if game == "shove":
        from tablegame.families.shove.board import hapenny_board
        return shove_scene(board or hapenny_board(), step.pieces)
    if game == "carrom":
        from tablegame.families.carrom.physics import CarromBoard
        return carrom_scene(board or CarromBoard(), step.pieces)
    table = TABLES[game]()
    dice, pieces = [], []
    for p in step.pieces:
        if p.kind == "piece":
            pieces.append(Piece("neunfeld", p.x, p.y, PIECE_RADIUS, PIECE_HEIGHT))
        elif p.kind == "die":
            dice.append(Die(p.x, p.y, p.value))
        else:
            i = len(dice)
            dice.append(Die(p.x, p.y, p.value or MIWIN_FACES[i], body=MIWIN_BODIES[i], pip=WHITE_PIP))
    return DiceScene(table.layout, tuple(pieces), tuple(dice))


class Staged:
    """A camera over a scene that changes when a test says (``show``): ``frames()`` is a
    camera source (``(seconds, frame)`` at ``rate`` a second, in real time) until
    ``close()``. Each scene is drawn ``looks`` times (each its own sensor noise), then those
    pictures come round again: a still board costs the test no drawing."""

    def __init__(self, shot: Shot, draw, rate: float = 5.0, seed: int = 0, looks: int = 4):
        self._shot, self._draw, self._rate, self._looks = shot, draw, rate, looks
        self._rng = np.random.default_rng(seed)
        self._drawn: list[np.ndarray] = []        # the present scene's pictures so far
        self._changed = threading.Condition()
        self._version = self._read = 0      # the scene's, and the last one the camera has read
        self._stop = threading.Event()

    def show(self, scene: Scene, timeout: float = 30.0) -> None:
        """The installer has laid ``scene``: back once the camera has read a frame of it (as
        an installer looks at the picture before pressing Take)."""
        with self._changed:
            self._shot = dataclasses.replace(self._shot, scene=scene)
            self._version += 1
            self._drawn = []
            if not self._changed.wait_for(lambda: self._read == self._version or self._stop.is_set(), timeout):
                raise TimeoutError("the camera read no frame of the scene laid")

    def frames(self) -> Iterator[tuple[float, np.ndarray]]:
        started = time.monotonic()
        n = 0
        while not self._stop.is_set():
            with self._changed:
                shot, version, drawn = self._shot, self._version, self._drawn
            if len(drawn) < self._looks:
                frame = self._draw(shot, self._rng)
                drawn.append(frame)
            else:
                frame = drawn[n % self._looks]
            yield time.monotonic() - started, frame
            with self._changed:          # (back here: the camera has read that frame)
                self._read = version
                self._changed.notify_all()
            n += 1
            self._stop.wait(max(0.0, started + n / self._rate - time.monotonic()))

    def close(self) -> None:
        self._stop.set()
        with self._changed:
            self._changed.notify_all()
