"""Where the camera board's frames come from: the Pi's camera (picamera2), a USB camera
or a video file through OpenCV, pictures already in memory (tests), or the simulated
table drawn by the renderer (``Rendered``: ``tablegame simulate --board camera``).

Each source is an iterator of ``(seconds, frame)``, frame a BGR uint8 array; the time
is the source's own (a video file's frame times, so a replay settles as it did live)."""
from __future__ import annotations

import dataclasses
import logging
import threading
import time
from typing import Iterable, Iterator

import cv2
import numpy as np

log = logging.getLogger(__name__)


class SourceError(RuntimeError):
    """The camera cannot be opened or stopped giving frames, in words."""


def open_source(spec: str, size: tuple[int, int]) -> Iterator[tuple[float, np.ndarray]]:
    """``picamera2``, ``usb:N`` (the N-th camera OpenCV finds) or a video file's path.
    (``rendered`` draws a simulated table: only ``tablegame simulate`` has one.)"""
    if spec == "rendered":
        raise SourceError("camera.source = \"rendered\" draws the simulated table: it is for tablegame "
                          "simulate --board camera; a table in a pub needs picamera2, usb:N or a video file")
    if spec == "picamera2":
        return picamera2_frames(size)
    if spec.startswith("usb:"):
        try:
            index = int(spec[4:])
        except ValueError:
            raise SourceError(f"camera.source {spec!r}: usb: takes a number, e.g. usb:0") from None
        return capture_frames(index, size, live=True)
    return capture_frames(spec, size, live=False)


def capture_frames(what, size: tuple[int, int], live: bool) -> Iterator[tuple[float, np.ndarray]]:
    capture = cv2.VideoCapture(what)
    if not capture.isOpened():
        raise SourceError(f"cannot open the camera or video {what!r}")
    if live:
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
    fps = capture.get(cv2.CAP_PROP_FPS) or 30.0
    return _read(capture, live, fps)


def _read(capture, live: bool, fps: float) -> Iterator[tuple[float, np.ndarray]]:
    n = 0
    try:
        while True:
            ok, frame = capture.read()
            if not ok:
                if live:
                    raise SourceError("the camera stopped giving frames")
                return
            yield (time.monotonic() if live else n / fps), frame
            n += 1
    finally:
        capture.release()


def picamera2_frames(size: tuple[int, int]) -> Iterator[tuple[float, np.ndarray]]:
    """The Pi's camera module (Raspberry Pi OS's python3-picamera2: docs/camera.md)."""
    try:
        from picamera2 import Picamera2
    except ImportError:
        raise SourceError("picamera2 is not installed: on the Pi, sudo apt install python3-picamera2 "
                          "and a venv made with --system-site-packages (docs/camera.md)") from None
    camera = Picamera2()
    camera.configure(camera.create_video_configuration(main={"size": tuple(size), "format": "BGR888"}))
    camera.start()

    def frames():
        try:
            while True:
                yield time.monotonic(), camera.capture_array()
        finally:
            camera.stop()
            camera.close()
    return frames()


def frames_at(frames: Iterable[np.ndarray], rate: float = 30.0, start: float = 0.0):
    """Pictures in memory as a source, ``rate`` a second from ``start``."""
    for k, frame in enumerate(frames):
        yield start + k / rate, frame


class Rendered:
    """The simulated table the desktop's hands (or a headless script) play on, drawn by
    the renderer frame by frame: a camera source with no camera.

    ``frames()`` is the source (read on the camera board's thread, which also does the
    world's work: the hands' changes are queued here and done between frames, as the
    virtual board does them on its thread). ``view`` says how the camera sees its world
    (camera_board/worlds.py). While something moves a picture goes every 1/``rate`` s of
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
        from camera_board.render import Shot, render
        from camera_board.rig import still
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
        from camera_board.rig import SIM_RATE, in_motion, still
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
