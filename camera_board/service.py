"""The camera board as the composition root builds it from the configuration
(``[board] kind = "camera"``): the lens, the source, the game's board, a saved
calibration; started on its own thread, its port handed to the board link.

``tablegame simulate --board camera`` builds it over the simulated table instead
(``RenderedBoard``): the hands' world drawn by the renderer, read by the camera board."""
from __future__ import annotations

import dataclasses
import logging
import os
import time

import numpy as np

from camera_board.board import CameraBoard
from camera_board.camera import Lens
from camera_board.sources import Rendered, SourceError, open_source

log = logging.getLogger(__name__)


class CameraBoardError(ValueError):
    """The configuration asks for a camera board the table cannot build, in words."""


def game_of(board, game: str | None = None) -> str:
    """Which layout the camera reads for the play's board (Shove's coins, Carrom's pieces)
    or game (Schocken's and Neunfeld's dice tables)."""
    if game in ("schocken", "neunfeld"):
        return game
    if hasattr(board, "coin_radius"):
        return "shove"
    if hasattr(board, "pockets"):
        return "carrom"
    raise CameraBoardError("the camera board reads Shove, Carrom, Schocken and Neunfeld; for this game use the "
                           "serial board (board.kind = \"serial\")")


def lens_of(config) -> Lens:
    width, height = config["camera.size"]
    return Lens((width, height), float(config["camera.fov"]), float(config["camera.k1"]),
                float(config["camera.k2"]))


def open_camera_board(config, board, folder: str, game: str | None = None) -> CameraBoard:
    """Built and started: ``board`` is the game's (``session.play.board``); the pty lives
    in ``folder``. CameraBoardError in words when the camera cannot be opened."""
    saved = config["camera.homography"]
    lens = lens_of(config)
    camera = CameraBoard.for_game(game_of(board, game), board, lens, link_path=os.path.join(folder, "board"),
                                  homography=np.array(saved, float).reshape(3, 3) if saved else None)
    try:
        frames = open_source(config["camera.source"], lens.size)
    except SourceError as error:
        camera.close()
        raise CameraBoardError(str(error)) from None
    camera.start(frames)
    log.info("the camera board reads %s at %dx%d", config["camera.source"], *lens.size)
    return camera


SHUTTER = 1 / 60   # s: the simulated camera's exposure (a fast piece smears, docs/camera.md)
RATES = {"shove": 6.0, "carrom": 5.0, "schocken": 5.0, "neunfeld": 5.0}   # pictures a second


class RenderedBoard:
    """A camera board reading the simulated table: the desktop's hands (and headless
    scripts) play on their world through the virtual board's verbs (shoot, clear,
    by_hand, report), the renderer draws it frame by frame (camera_board/sources.py
    Rendered) and the camera board reads the pictures and speaks the protocol on its
    pty, which the table's BoardLink reads. Threads: the camera's (the hands' changes,
    the physics of a shot, drawing, reading) and the protocol's; nothing else."""

    def __init__(self, camera: CameraBoard, source: Rendered, game: str):
        self.camera, self.source, self.game = camera, source, game
        self.port = camera.port
        self._elsewhere: str | None = None

    def start(self) -> None:
        self.camera.start(self.source.frames())

    def close(self) -> None:
        self.source.close()
        self.camera.close()

    # -- the virtual board's verbs ------------------------------------------------------------
    def shoot(self, shot) -> None:
        self._queue(lambda view: view.shoot(shot))

    def clear(self) -> None:
        def clear(view):
            view.clear()
            return view.touched()
        self._queue(clear)

    def report(self, reading) -> None:
        self._queue(lambda view: view.report(reading))

    def by_hand(self, change) -> None:
        """A hand changes the world; one it cannot make (ValueError) is logged, as on the
        virtual board."""
        def hand(view):
            try:
                change()
            except ValueError as error:
                log.warning("the hand could not do that: %s", error)
                return None
            return view.touched()
        self._queue(hand)

    def use(self, world) -> None:
        """A game of another family: the camera board reads the board it was built for."""
        self._elsewhere = (f"the camera board reads the {self.game} table it started with; to play this "
                           f"game through the camera start again with its --game and --board camera")
        log.warning("%s", self._elsewhere)

    def _queue(self, job) -> None:
        refused = self._elsewhere
        if refused is not None:
            def job(view, text=refused):
                raise ValueError(text)
        self.source.queue(job)

    # -- as the table and the scripts see a board ---------------------------------------------
    def wait_idle(self, timeout: float) -> bool:
        """True once the world lies still, the camera has seen it so, and every board event
        is acknowledged."""
        deadline = time.monotonic() + timeout
        while not (self.source.idle() and self.camera.wait_idle(0)):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        return True

    @property
    def drawn(self) -> int:
        """Pictures drawn so far: a long stroke takes many (a headless run waits while it grows)."""
        return self.source.drawn

    @property
    def failures(self) -> list[str]:
        return [*self.source.failures, *self.camera.failures]

    @property
    def stats(self):
        return self.camera.protocol.stats

    def inject(self, fault, **params) -> None:
        self.camera.protocol.inject(fault, **params)

    def unplug(self) -> None:
        self.camera.protocol.unplug()

    def replug(self) -> None:
        self.camera.protocol.replug()


def open_rendered_board(config, world, folder: str, game: str, *, realtime: bool = True,
                        memory=None, seed: int = 0) -> RenderedBoard:
    """The simulated ``world`` of ``game`` seen by a rendered camera with the configured
    lens (camera.size, fov, k1, k2) and a 1/60 s shutter, hung over the board; not started.
    CameraBoardError in words for a game the camera cannot read."""
    from camera_board.render import Light
    from camera_board.worlds import VIEWS, pose_over, view_of
    from firmware_bridge.codec import BoardError, ErrorCode
    if game not in VIEWS:
        raise CameraBoardError(f"the camera board reads Shove, Carrom, Schocken and Neunfeld, not {game}: "
                               "simulate it with the virtual board (no --board camera)")
    lens = dataclasses.replace(lens_of(config), shutter=SHUTTER)
    view = view_of(game, world)
    camera = CameraBoard(view.layout, lens, link_path=os.path.join(folder, "board"), memory=memory)
    told = lambda text: camera.protocol.send(BoardError(ErrorCode.SENSOR_FAULT, text))  # noqa: E731
    pose = pose_over(view.layout, lens.fov, lens.size[1] / lens.size[0])
    source = Rendered(view, lens, pose, Light(), RATES[game], realtime=realtime, seed=seed, told=told)
    return RenderedBoard(camera, source, game)
