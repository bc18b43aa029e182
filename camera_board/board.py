"""The camera board: a camera above the surface that speaks docs/protocol.md.

It runs in the table's process, on a thread of its own, and talks to the table through
a pseudo-terminal with the board protocol, exactly as the microcontroller does over USB:
the same ``BoardLink`` reads it, so the referee, the log and the staff page cannot tell
which board they have (the protocol's engine, handshake, resends and ACKs are the
virtual board's, ``firmware_bridge.virtual_board``). Why in-process: docs/camera.md.

    board = CameraBoard.for_game(config_board, lens, link_path="/run/tablegame/board")
    board.start(open_source("picamera2", lens.size))
    link = BoardLink(board.port, session.post, post_event=session.post)

``feed(seconds, frame)`` runs one frame on the caller's thread instead (replays, tests).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import logging
import threading
from dataclasses import dataclass
from typing import Callable, Iterator

import cv2
import numpy as np

from camera_board.calibrate import Calibration
from camera_board.camera import Lens
from camera_board.detect import Detector, Sighting
from camera_board.follow import Follower, shrink
from camera_board.dice_detect import MARGIN as DICE_MARGIN, DiceDetector
from camera_board.dice_motion import DiceWatcher
from camera_board.dice_layout import TABLES
from camera_board.game_layout import layout_of
from camera_board.motion import Fault, Watcher
from camera_board.words import Told, doubt
from camera_board.layout import Layout
from firmware_bridge.codec import MAX_PIECES, BoardError, Capability, ErrorCode, is_board_event
from tablegame.core.sensors import DiceReading, SquaresReading
from firmware_bridge.virtual_board import VirtualBoard

log = logging.getLogger(__name__)

FIRMWARE = "camera-1.0"
SCALE = {"shove": 2.0, "carrom": 1.5, "schocken": 4.0, "neunfeld": 4.0}   # rectified pixels per mm
HEIGHTS = {"coin": 1.8, "white": 6.0, "black": 6.0, "queen": 6.0, "striker": 7.0}   # mm: the tops it sees
CAPABILITIES = {"shove": Capability.COINS, "carrom": Capability.POCKETS, "schocken": Capability.DICE,
                "neunfeld": Capability.SQUARES | Capability.DICE}
DICE_GAMES = ("schocken", "neunfeld")
STILL_FRAMES = 4     # the still frames whose mean is read in full (camera_board/motion.py, READ_FRAMES)
FULL_EVERY = 0.5     # s: while the quick look cannot see the board, the full read looks (markers) this often
# What an untaught camera answers (ERROR 4): it reads no board with the starting colours, which
# are not the pub's (docs/camera.md, "Calibration": on the held-out looks the untaught read was
# the cause of 7 of the 8 wrong settled boards).
NOT_TAUGHT = doubt("not_taught")
# OpenCV's threads while the camera runs: one. A frame is 30 to 80 ms of one core here; OpenCV's
# own threads cost more CPU in all (docs/camera.md) and would take the cores the screen's
# 30 frames a second and the session's writer need.
OPENCV_THREADS = 1
# glibc's malloc (the Pi's): keep freed memory for the next frame (see keep_freed_memory)
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, M_ARENA_MAX = -1, -3, -8


@dataclass(frozen=True)
class Seen:
    """The latest frame and what was made of it (for the calibration page)."""
    seconds: float
    frame: np.ndarray
    sighting: Sighting


def keep_freed_memory() -> bool:
    """A frame makes some 100 MB of arrays that live for a step or two. glibc gives blocks
    this large back to the system when they are freed and maps fresh pages, which the kernel
    must zero, for the next: measured 13 to 25 ms of system time a frame on the Carrom and
    Neunfeld tables, a thread's arena worst. One arena for all threads, blocks up to 32 MB
    from the heap and the heap kept up to 256 MB, and the next frame reuses the last one's
    memory (the table's process then holds on to its largest frame's worth). For the whole
    process, so before the camera's thread makes its arena; glibc only (the Pi): elsewhere
    nothing is done, and False said."""
    try:
        mallopt = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    return all(mallopt(option, value) == 1 for option, value in
               ((M_ARENA_MAX, 1), (M_MMAP_THRESHOLD, 32 << 20), (M_TRIM_THRESHOLD, 256 << 20)))


class _World:
    """What the protocol engine answers a REQUEST_SNAPSHOT with: the last settled report
    (a dice table: the last dice reading, then the last squares reading). Before the first
    one there is no state to report (an empty settled board would tell the referee the
    pieces were taken off): the answer is ERROR 4 saying so, and the settled report follows
    as the board's event once the camera has seen the board still for its settle time."""

    def __init__(self, settle: Callable[[], float] = lambda: 0.0, told: Callable = lambda words: words) -> None:
        self.settled = None
        self.dice = self.squares = None
        self.taught = True
        self._settle = settle
        self._told = told

    def not_ready(self) -> str | None:
        if not self.taught:
            return self._told(NOT_TAUGHT)
        if self.readings():
            return None
        return self._told(doubt("not_settled", seconds=self._settle()))

    def remember(self, message) -> None:
        if isinstance(message, DiceReading):
            self.dice = message
        elif isinstance(message, SquaresReading):
            self.squares = message
        elif getattr(message, "settled", False):
            self.settled = message

    def readings(self):
        return tuple(r for r in (self.settled, self.dice, self.squares) if r is not None)

    def positions(self):
        return ()

    def shoot(self, shot):
        raise ValueError("a camera board is played by hand, not shot")

    def clear(self) -> None:
        pass


class CameraBoard:
    def __init__(self, layout: Layout, lens: Lens, *, link_path: str, homography=None,
                 settle: float | None = None, memory=None, appearance=None, board=None, taught: bool = True):
        """``memory``: the virtual board's BoardMemory (simulate: the board as it was left);
        ``appearance``: what the camera learned of the board and pieces (camera_board/learn.py;
        None: the starting values); ``board``: the game's ShoveBoard or CarromBoard the layout
        is of (where the installer's calibration asks for the pieces; None: the default);
        ``taught`` False: the installer has not taught it (no learned board, or the learning
        refused): it reports no board, only ERROR 4 saying so (NOT_TAUGHT), until it is taught
        (``learned``); the picture and the markers are still looked at, for the staff page."""
        self.layout, self.lens, self.board = layout, lens, board
        margin = DICE_MARGIN if layout.game in DICE_GAMES else 2.0    # a die at the edge leans out
        self.calibration = Calibration(layout, lens, SCALE[layout.game], margin=margin, homography=homography)
        if layout.game in DICE_GAMES:
            self.detector = DiceDetector(TABLES[layout.game](), self.calibration, appearance=appearance)
            self.watcher = DiceWatcher(layout.game)
        else:
            self.detector = Detector(layout, self.calibration, HEIGHTS, appearance)
            self.follower = Follower(self.detector)
            self.watcher = Watcher(layout.game, layout.holes, full_reads=True)
        if settle is not None:
            self.watcher.settle, self.watcher.settle_fixed = settle, True
        self.follower = getattr(self, "follower", None)
        self._learned = None            # an appearance the page learned, for the camera's thread to use
        self._placed = None             # a mapping from the page's dragged corners, likewise
        self._full_at = -np.inf
        self._recent: list = []         # (seconds, frame) since the board last moved, for its full read
        self.told = Told()              # what it told the table (ERROR 4), for the staff page's words
        self._world = _World(lambda: self.watcher.settle, self.told)
        self._world.taught = taught
        self._told_untaught = False
        self._protocol = VirtualBoard(self._world, link_path=link_path, firmware=FIRMWARE,
                                      capabilities=CAPABILITIES[layout.game], memory=memory)
        self.port = self._protocol.port
        self.latest: Seen | None = None
        self.failures: list[str] = []
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @classmethod
    def for_game(cls, game: str, board, lens: Lens, marker_mm: float = 0.0, **kwargs) -> "CameraBoard":
        """``board``: the game's ShoveBoard or CarromBoard (from the configuration); the
        dice games' tables are fixed (camera_board/dice_layout.py), ``board`` unused;
        ``marker_mm``: the printed markers' side (camera.marker_mm; 0: the board's own)."""
        layout = layout_of(game, None if game in DICE_GAMES else board, marker_mm)
        if game in DICE_GAMES:
            return cls(layout, lens, **kwargs)
        return cls(layout, lens, board=board, **kwargs)

    # -- life ------------------------------------------------------------------------
    def open(self) -> None:
        """The protocol side only (the port exists, the host may connect): frames come by ``feed``."""
        self._protocol.start()

    def start(self, source: Iterator[tuple[float, np.ndarray]]) -> None:
        self.open()
        cv2.setNumThreads(OPENCV_THREADS)     # (the whole process: the staff page's drawing needs no more)
        keep_freed_memory()
        self._thread = threading.Thread(target=self._run, args=(source,), name="CameraBoard", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._protocol.close()

    def __enter__(self) -> "CameraBoard":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def protocol(self) -> VirtualBoard:
        """The protocol's engine: its stats, and the link's faults a simulation scripts."""
        return self._protocol

    def wait_idle(self, timeout: float) -> bool:
        """True once every board event sent is acknowledged by the host."""
        return self._protocol.wait_idle(timeout)

    # -- frames --------------------------------------------------------------------------
    def feed(self, seconds: float, frame: np.ndarray, small: np.ndarray | None = None) -> list:
        """One frame: detected, judged for motion, and what it says sent to the host. A board
        of pieces follows them on the small picture (``small``: picamera2's low-resolution
        stream; None: the frame shrunk) and reads the frame in full only when they lie still
        (camera_board/follow.py); a dice table reads every frame in full."""
        if self._learned is not None:
            self.use(self._learned)
        if self._placed is not None:
            self.calibration.place(self._placed)
            self._placed = None
        if not self.taught:
            return self._untaught(seconds, frame)
        if self.follower is None:
            sighting = self.detector.see(frame)
            self.latest = Seen(seconds, frame, sighting)
            messages = self.watcher.see(seconds, sighting)
        else:
            followed = self.follower.see(shrink(frame) if small is None else small)
            messages = self.watcher.see(seconds, followed)
            self.latest = Seen(seconds, frame, followed)
            self._recent = [(t, f) for t, f in self._recent if t > self.watcher.moved_at][-(STILL_FRAMES - 1):]
            self._recent.append((seconds, frame))
            if self.watcher.wants_full or (followed.problem and seconds - self._full_at >= FULL_EVERY):
                full = self.detector.see(self._still() if self.watcher.wants_full else frame)
                self._full_at = seconds                # (the markers are looked for there too)
                self.latest = Seen(seconds, frame, full)
                if self.watcher.wants_full:
                    messages += self.watcher.settle_on(seconds, full)
        for message in messages:
            self._say(message)
        return messages

    def _still(self) -> np.ndarray:
        """The mean of the frames since the board last moved (up to ``STILL_FRAMES``): the
        settled board is read once, and one frame's read is not a steady place (a video
        file's JPEG, a sensor's noise); the frames agree where the pieces lie, being still."""
        frames = [f for t, f in self._recent if t > self.watcher.moved_at] or [self._recent[-1][1]]
        if len(frames) == 1:
            return frames[0]
        total = frames[0].astype(np.uint16)
        for f in frames[1:]:
            total += f
        n = len(frames)
        total += n // 2                      # (rounded; in place, and a shift for 2 or 4 frames:
        if n & (n - 1) == 0:                 # numpy's integer division took 10 ms of a full frame)
            total >>= n.bit_length() - 1
        else:
            total //= n
        return total.astype(np.uint8)

    @property
    def taught(self) -> bool:
        """False until the installer has taught it (then it reads and reports the board)."""
        return self._world.taught

    def _untaught(self, seconds: float, frame: np.ndarray) -> list:
        """An untaught camera: the picture looked at for the staff page (the markers, what the
        starting values would make of it), nothing reported; ERROR 4 said once, and again to
        every REQUEST_SNAPSHOT (``_World.not_ready``)."""
        if seconds - self._full_at >= FULL_EVERY or self.latest is None:
            self._full_at = seconds
            self.latest = Seen(seconds, frame, self.detector.see(frame))
        else:                  # the picture as it is, what was found on it as of the last look
            self.latest = Seen(seconds, frame, self.latest.sighting)
        if self._told_untaught:
            return []
        self._told_untaught = True
        fault = Fault(NOT_TAUGHT)
        self._say(fault)
        return [fault]

    def learned(self, appearance) -> None:
        """Read with ``appearance`` from the next frame on (any thread: the staff page)."""
        self._learned = appearance

    def placed(self, homography) -> None:
        """Find the board where ``homography`` puts it from the next frame on (any thread: the
        staff page's corners dragged onto a board without markers); markers seen still correct it."""
        self._placed = np.asarray(homography, np.float64)

    def use(self, appearance) -> None:
        """Read with ``appearance`` now (the camera's thread, or before it starts)."""
        self._learned = None
        self._world.taught = True
        self.detector.use(appearance)
        if self.follower is not None:
            self.follower.use(appearance)

    def _say(self, message) -> None:
        if isinstance(message, Fault):
            log.warning("%s", message.text)
            self._tell(message.text)
        elif is_board_event(message):
            self._world.remember(message)
            self._protocol.report(message)
        elif len(getattr(message, "pieces", ())) <= MAX_PIECES:
            self._protocol.send(message)
        # else a moving frame read with more pieces than a board has (a fast piece smeared
        # into two): not sent; the settled board is read from still frames

    def _tell(self, words) -> None:
        """ERROR 4 (sensor fault) in ``words``: their English on the wire, and remembered for
        the staff page to say in its language (``told``)."""
        self._protocol.send(BoardError(ErrorCode.SENSOR_FAULT, self.told(words)))

    def _run(self, source) -> None:
        """The camera's thread: a frame that fails is logged and told as a sensor fault;
        a source that ends (a replayed file) or breaks ends the thread, said in words."""
        try:
            for seconds, frame, *small in source:     # (picamera2 gives its small stream too)
                if self._stop.is_set():
                    return
                try:
                    self.feed(seconds, frame, *small)
                except Exception as error:    # never end silently: say so, and go on
                    log.exception("the camera board could not read a frame")
                    self.failures.append(str(error))
                    self._tell(doubt("frame_failed", error=str(error)))
            log.info("the camera's frames ended")
        except Exception as error:
            log.error("the camera stopped: %s", error)
            self.failures.append(str(error))
            self._tell(doubt("stopped", error=str(error)))
