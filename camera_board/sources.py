"""Where the camera board's frames come from: the Pi's camera (picamera2), a USB camera
or a video file through OpenCV, or pictures already in memory (tests). The simulated table
drawn by the renderer is a source too, in camera_sim/rendered.py (``Rendered``).

Each source is an iterator of ``(seconds, frame)``, frame a BGR uint8 array (picamera2:
``(seconds, frame, small)``, with its low-resolution stream for following); the time
is the source's own (a video file's frame times, so a replay settles as it did live)."""
from __future__ import annotations

import logging
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
    from camera_board.follow import FACTOR
    camera = Picamera2()
    # the small second stream for following moving pieces (camera_board/follow.py), from the same
    # request as the full frame: YUV420, the one format a Pi 4's low-resolution stream takes (a Pi
    # 5's takes others too), turned to BGR here (some 1 ms at 640x480 of a Pi 5's core)
    small = (int(round(size[0] * FACTOR)) // 2 * 2, int(round(size[1] * FACTOR)) // 2 * 2)
    camera.configure(camera.create_video_configuration(main={"size": tuple(size), "format": "BGR888"},
                                                       lores={"size": small, "format": "YUV420"}))
    camera.start()

    def frames():
        try:
            while True:
                (frame, lores), _ = camera.capture_arrays(["main", "lores"])
                yield time.monotonic(), frame, cv2.cvtColor(lores, cv2.COLOR_YUV2BGR_I420)
        finally:
            camera.stop()
            camera.close()
    return frames()


def frames_at(frames: Iterable[np.ndarray], rate: float = 30.0, start: float = 0.0):
    """Pictures in memory as a source, ``rate`` a second from ``start``."""
    for k, frame in enumerate(frames):
        yield start + k / rate, frame
