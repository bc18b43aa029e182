"""The simulated table seen by a camera: ``tablegame simulate --board camera``.

The desktop's hands (or a headless script) play on their world; ``Rendered`` draws it frame
by frame as a camera source, and ``RenderedBoard`` is the real camera board
(camera_board/board.py) reading those pictures and speaking the protocol on its pty."""
from __future__ import annotations

import dataclasses
import logging
import os
import threading
import time
from typing import Iterator

import numpy as np

from camera_board.board import CameraBoard
from camera_board.service import CameraBoardError, learned_appearance, lens_of
from camera_board.sources import SourceError
from camera_sim.render import Light, Shot, render
from camera_sim.rig import SIM_RATE, in_motion, still
from camera_sim.worlds import VIEWS, pose_over, view_of
from firmware_bridge.codec import BoardError, ErrorCode

log = logging.getLogger(__name__)


class Rendered:
    """The simulated table the desktop's hands (or a headless script) play on, drawn by
    the renderer frame by frame: a camera source with no camera.

    ``frames()`` is the source (read on the camera board's thread, which also does the
    world's work: the hands' changes are queued here and done between frames, as the
    virtual board does them on its thread). ``view`` says how the camera sees its world
    (camera_sim/worlds.py). While something moves a picture goes every 1/``rate`` s of
    the source's clock, each piece smeared over the lens's shutter; once all lies still
    for ``hold`` s it draws only when something changes (``realtime``: also one still
    frame a second, for the staff page's picture). ``realtime`` paces the pictures to the
    clock on the wall; when drawing and reading take longer, the world plays slower."""

    def __init__(self, view, lens, pose, light, rate: float, *, realtime: bool = True,
                 hold: float = 0.6, seed: int = 0, told=lambda text: None):
        self.view, self.lens, self.pose, self.light = view, lens, pose, light
        self.rate, self.realtime, self.hold_frames = rate, realtime, max(2, round(hold * rate))
        self.failures: list[str] = []
        self.drawn = 0                     # pictures drawn so far
        self._told = told                  # a failure in words, for the table (ERROR 4)
        self._rng = np.random.default_rng(seed)
        self._jobs: list = []
        self._cond = threading.Condition()
        self._stopped = False
        self._busy = True                  # until the first still frames are shown

    # -- the hands' side (any thread) ---------------------------------------------------------
    def queue(self, job) -> None:
        """``job(view)`` on the camera's thread, between frames: it changes the world and
        returns the scenes of what moves, 1/30 s apart (or None: nothing moves)."""
        with self._cond:
            self._jobs.append(job)
            self._busy = True
            self._cond.notify_all()

    def idle(self) -> bool:
        """Nothing queued, nothing moving, and the still world shown for ``hold`` s."""
        with self._cond:
            return not self._busy

    def close(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()

    # -- the camera's side ------------------------------------------------------------------
    def frames(self) -> Iterator[tuple[float, np.ndarray]]:
        clock, shown, period = 0.0, 0, 1.0 / self.rate
        started = time.monotonic()
        scene, moving = still(self.view.still()), iter(())
        while not self._stopped:
            following, waited = next(moving, None), 0.0
            if following is None:
                job, waited = self._next_job(shown >= self.hold_frames)
                if job is not None:
                    moving, scene = self._start(job, scene, period)
                    shown = 0
                    continue
                scene = still(scene)
            else:
                scene, shown = following, 0
            if self._stopped:
                return
            clock += max(period, waited)
            started = self._pace(started, clock, period)
            try:
                picture = render(Shot(scene, self.lens, self.pose, self._light(scene)), self._rng)
            except Exception as error:
                raise SourceError(f"the simulated table cannot be drawn: {error}") from None
            self.drawn += 1
            yield clock, picture
            shown += following is None
            if shown >= self.hold_frames:
                with self._cond:
                    self._busy = bool(self._jobs)
                    self._cond.notify_all()

    def _start(self, job, scene, period: float):
        """Does ``job``: (the scenes of what it set moving, at the camera's rate, each piece
        with its velocity; the scene once it is done if nothing moves)."""
        scenes = self._do(job)
        scenes = list(scenes) if scenes is not None else []
        if not scenes:
            return iter(()), still(self.view.still())
        every = max(1, round(SIM_RATE * period))
        moving = list(in_motion(scenes, 1 / SIM_RATE))
        return iter(moving[::every] + ([moving[-1]] if (len(moving) - 1) % every else [])), scene

    def _light(self, scene):
        """The light, with a hand reaching in when the scene has one (worlds.HandScene)."""
        hand = getattr(scene, "hand", None)
        return self.light if hand is None else dataclasses.replace(self.light, hand=hand)

    def _next_job(self, resting: bool):
        """(the next queued job or None, seconds waited). Only once the world has lain
        still for ``hold`` s (``resting``), so the camera reports each change, as a player
        clears the board and then shoves; then it waits for one (when ``realtime`` a
        second at most: a still frame is due)."""
        if not resting:
            return None, 0.0
        with self._cond:
            waited = 0.0
            if not self._jobs and not self._stopped:
                start = time.monotonic()
                self._cond.wait_for(lambda: self._jobs or self._stopped, 1.0 if self.realtime else None)
                waited = time.monotonic() - start if self.realtime else 0.0
            return (self._jobs.pop(0) if self._jobs else None), waited

    def _do(self, job):
        """One of the hands' changes; a change the world refuses is said in words (the
        journal, ``failures``, the table as ERROR 4) and the world goes on as it was."""
        try:
            return job(self.view)
        except Exception as error:     # a shot off the board, a hand that cannot do that
            text = f"the simulated table could not do that: {error}"
            log.warning("%s", text)
            self.failures.append(text)
            self._told(text)
            return None

    def _pace(self, started: float, clock: float, period: float) -> float:
        """Sleeps until the picture at ``clock`` is due (``realtime``); a source behind by
        more than a frame starts counting from now (the world plays slower, never jumps)."""
        if not self.realtime:
            return started
        late = time.monotonic() - (started + clock)
        if late > period:
            return started + late
        if late < 0:
            time.sleep(-late)
        return started


SHUTTER = 1 / 60   # s: the simulated camera's exposure (a fast piece smears, docs/camera.md)
RATES = {"shove": 6.0, "carrom": 5.0, "schocken": 5.0, "neunfeld": 5.0}   # pictures a second


class RenderedBoard:
    """A camera board reading the simulated table: the desktop's hands (and headless
    scripts) play on their world through the virtual board's verbs (shoot, clear,
    by_hand, report), the renderer draws it frame by frame (``Rendered``) and the camera board reads the pictures and speaks the protocol on its
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


TEACH_FRAMES = 3     # pictures a teaching step of the simulated table


def taught_by_renderer(game: str, layout, lens, pose, board, seed: int = 0):
    """The simulated table's camera taught as an installer teaches a real one (the staff
    page's steps, camera_board/learn.py), from the renderer's pictures of each step: the
    simulation knows where it lays its own pieces. What it learned, or None (not taught,
    said in the log) when the learning refuses. A simulated table has no installer, and a
    camera that was never taught reports no board (camera_board/board.py, NOT_TAUGHT): so
    ``simulate --board camera`` plays out of the box, on what it learned, not on the
    starting colours; a file camera.learned names is read instead when there is one."""
    from camera_board.learn import LearnError, learn, steps
    from camera_sim.installs import scene_for
    rng = np.random.default_rng([seed, 27])
    frames = [[render(Shot(scene_for(game, step.pieces, layout if board is not None else None), lens, pose,
                           Light()), rng) for _ in range(TEACH_FRAMES)] for step in steps(game, board)]
    try:
        learned = learn(game, lens, frames, board=board)
    except LearnError as error:
        log.warning("the simulated camera could not be taught: %s", error.said("en"))
        return None
    if not learned.ok:
        log.warning("the simulated camera could not be taught: %s", "; ".join(learned.said("en")))
        return None
    log.info("the simulated camera was taught the board from the renderer's pictures")
    return learned.appearance


def open_rendered_board(config, world, folder: str, game: str, *, realtime: bool = True,
                        memory=None, seed: int = 0, learned=None) -> RenderedBoard:
    """The simulated ``world`` of ``game`` seen by a rendered camera with the configured
    lens (camera.size, fov, k1, k2) and a 1/60 s shutter, hung over the board; not started.
    ``learned``: the file camera.learned names (read as ``tablegame run`` reads it).
    CameraBoardError in words for a game the camera cannot read."""
    if game not in VIEWS:
        raise CameraBoardError(f"the camera board reads Shove, Carrom, Schocken and Neunfeld, not {game}: "
                               "simulate it with the virtual board (no --board camera)")
    lens = dataclasses.replace(lens_of(config), shutter=SHUTTER)
    view = view_of(game, world)
    pose = pose_over(view.layout, lens.fov, lens.size[1] / lens.size[0])
    board = world.board if game in ("shove", "carrom") else None
    appearance = (learned_appearance(learned, game) if learned is not None and os.path.exists(learned)
                  else taught_by_renderer(game, view.layout, lens, pose, board, seed))
    camera = CameraBoard(view.layout, lens, link_path=os.path.join(folder, "board"), memory=memory,
                         appearance=appearance, board=board, taught=appearance is not None)
    told = lambda text: camera.protocol.send(BoardError(ErrorCode.SENSOR_FAULT, text))  # noqa: E731
    source = Rendered(view, lens, pose, Light(), RATES[game], realtime=realtime, seed=seed, told=told)
    return RenderedBoard(camera, source, game)
