"""The host side of the board protocol: one reader thread that owns the port.

It opens the port, shakes hands, reads frames, sends heartbeats, acknowledges
board events and reconnects with backoff. Everything it learns goes out through
``post`` (the session's thread-safe queue put): a ``LinkStatus`` on every state
change, and every reading it decodes: ``BoardSnapshot`` (moving and settled),
``DiceReading``, ``SquaresReading`` and Carrom's stroke events and ``PiecesSnapshot``.
It never touches game state.

    link = BoardLink("/dev/ttyACM0", events.put)   # or "socket://host:port", a pty path
    link.start()
    ...
    link.close()
"""
from __future__ import annotations

import collections
import dataclasses
import logging
import threading
import time
from typing import Any, Callable

import serial

from firmware_bridge.codec import (
    PROTOCOL_VERSION, Ack, BoardError, BoardInfo, CrcMismatch, Frame, FrameDecoder, FrameError,
    Heartbeat, Hello, Message, ProtocolError, RequestSnapshot, VersionMismatch, check_version, decode,
    encode, is_board_event)
from tablegame.sensors import (BoardSnapshot, DiceReading, LinkState, LinkStatus, PieceOffBoard,
                               PiecePocketed, PiecesSnapshot, SquaresReading, StrokeStarted)

log = logging.getLogger(__name__)

SEEN_WINDOW = 256  # board seqs remembered for dropping duplicates


@dataclasses.dataclass
class LinkStats:
    frames_ok: int = 0           # good frames (CRC holds), duplicates included
    crc_errors: int = 0
    resyncs: int = 0             # other bad stretches skipped: bad COBS, too short, too long
    bad_messages: int = 0        # good CRC but unknown type or malformed payload
    duplicates_dropped: int = 0
    reconnects: int = 0          # times the link became operational again after the first


class _Lost(Exception):
    """The open port stopped working: back to SEARCHING via LOST."""


class _Retry(Exception):
    """The handshake did not succeed: close and back to SEARCHING."""


class BoardLink:
    def __init__(self, port: str, post: Callable[[object], None], *, baudrate: int = 115200,
                 heartbeat: float = 0.5, silence_timeout: float = 2.0, backoff_min: float = 0.1,
                 backoff_max: float = 2.0, clock: Callable[[], float] = time.monotonic,
                 serial_factory: Callable[..., Any] = serial.serial_for_url):
        self.port = port
        self._post = post
        self._baudrate = baudrate
        self._heartbeat = heartbeat
        self._silence = silence_timeout
        self._backoff_min = backoff_min
        self._backoff_max = backoff_max
        self._clock = clock
        self._open_port = serial_factory
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._stats = LinkStats()
        self._seen: set[int] = set()
        self._seen_order: collections.deque[int] = collections.deque()
        self._seq = 0
        self._serial: Any = None
        self._last_tx = 0.0
        self._last_rx = 0.0
        self._was_operational = False
        self.state = LinkState.SEARCHING
        self.board_info: BoardInfo | None = None
        self._handlers: dict[type, Callable[[Frame, Any], None]] = {
            BoardSnapshot: self._on_reading,
            DiceReading: self._on_reading,
            SquaresReading: self._on_reading,
            StrokeStarted: self._on_reading,
            PiecePocketed: self._on_reading,
            PieceOffBoard: self._on_reading,
            PiecesSnapshot: self._on_reading,
            Heartbeat: lambda frame, message: None,
            BoardInfo: lambda frame, message: None,   # repeated answer to a resent HELLO
            BoardError: self._on_board_error,
        }

    # -- public ----------------------------------------------------------------

    @property
    def stats(self) -> LinkStats:
        return dataclasses.replace(self._stats)

    def start(self) -> None:
        if self._thread is not None:
            raise RuntimeError("BoardLink.start() called twice")
        self._thread = threading.Thread(target=self._run, name=f"BoardLink {self.port}", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        self._close_port()

    def __enter__(self) -> BoardLink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the reader thread -------------------------------------------------------

    def _run(self) -> None:
        backoff = self._backoff_min
        self._set_state(LinkState.SEARCHING, f"looking for the board at {self.port}")
        while not self._stop.is_set():
            try:
                self._serial = self._open_port(self.port, baudrate=self._baudrate, timeout=0.02,
                                               write_timeout=1.0)
                self._serial.reset_input_buffer()
            except (serial.SerialException, OSError, ValueError) as error:
                self._close_port()  # opened but unusable: do not leak it on the next try
                self._set_state(LinkState.SEARCHING,
                                f"cannot open {self.port}: {error}; retrying in {backoff:.2f} s")
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self._backoff_max)
                continue
            try:
                self._handshake()
                backoff = self._backoff_min
                self._operate()
            except _Retry as why:
                self._close_port()
                self._set_state(LinkState.SEARCHING, f"{why}; retrying in {backoff:.2f} s")
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self._backoff_max)
            except _Lost as why:
                self._close_port()
                self._set_state(LinkState.LOST, str(why))
                self._set_state(LinkState.SEARCHING, f"looking for the board at {self.port}")
                self._stop.wait(backoff)
            except Exception as error:  # a bug must not silence the table: say it, start over
                self._close_port()
                self._set_state(LinkState.LOST, f"link failed: {error!r}")
                self._stop.wait(self._backoff_max)
        self._close_port()

    def _handshake(self) -> None:
        self._set_state(LinkState.HANDSHAKE, f"{self.port} open, waiting for the board to answer HELLO")
        self._decoder = FrameDecoder()
        self._serial.write(b"\x00")  # end whatever half frame the board may have seen
        self._send(Hello(PROTOCOL_VERSION))
        deadline = self._clock() + self._silence
        while not self._stop.is_set():
            for frame, message in self._receive():
                if type(message) is BoardInfo:
                    self._on_board_info(frame, message)
                    return
            now = self._clock()
            if now >= deadline:
                raise _Retry(f"no answer to HELLO from {self.port} within {self._silence:.1f} s")
            if now - self._last_tx >= self._heartbeat:
                self._send(Hello(PROTOCOL_VERSION))

    def _on_board_info(self, frame: Frame, info: BoardInfo) -> None:
        try:
            check_version(info)
        except VersionMismatch as error:
            raise _Retry(f"{self.port}: {error}") from None
        self.board_info = info
        self._seen.clear()
        self._seen_order.clear()
        self._remember(frame.seq)
        if self._was_operational:
            self._stats.reconnects += 1
        self._was_operational = True
        self._last_rx = self._clock()
        self._set_state(LinkState.OPERATIONAL,
                        f"board {info.board_id:#x}, firmware {info.firmware}, protocol {info.version}, "
                        f"on {self.port}")
        self._send(RequestSnapshot())

    def _operate(self) -> None:
        while not self._stop.is_set():
            for frame, message in self._receive():
                if frame.seq in self._seen:
                    self._stats.duplicates_dropped += 1
                    if is_board_event(message):
                        self._send(Ack(frame.seq))  # our first ACK may have been lost
                    continue
                self._remember(frame.seq)
                handler = self._handlers.get(type(message))
                if handler is None:
                    self._stats.bad_messages += 1  # a host-to-board message coming back
                else:
                    handler(frame, message)
            now = self._clock()
            if now - self._last_rx > self._silence:
                raise _Lost(f"no frame from the board at {self.port} for {self._silence:.1f} s")
            if now - self._last_tx >= self._heartbeat:
                self._send(Heartbeat())

    def _receive(self) -> list[tuple[Frame, Message]]:
        """Good messages read within one port timeout; counts what is bad."""
        try:
            data = self._serial.read(self._serial.in_waiting or 1)
        except (serial.SerialException, OSError) as error:
            raise _Lost(f"{self.port} went away: {error}") from None
        out = []
        for item in self._decoder.feed(data) if data else ():
            if isinstance(item, FrameError):
                if isinstance(item, CrcMismatch):
                    self._stats.crc_errors += 1
                else:
                    self._stats.resyncs += 1
                continue
            self._stats.frames_ok += 1
            self._last_rx = self._clock()
            try:
                out.append((item, decode(item)))
            except ProtocolError:
                self._stats.bad_messages += 1
        return out

    def _on_reading(self, frame: Frame, reading: Any) -> None:
        self._post(reading)
        if is_board_event(reading):
            self._send(Ack(frame.seq))

    def _on_board_error(self, frame: Frame, error: BoardError) -> None:
        self._post(LinkStatus(self.state, f"the board reports error {error.code}: {error.text}"))

    def _remember(self, seq: int) -> None:
        self._seen.add(seq)
        self._seen_order.append(seq)
        if len(self._seen_order) > SEEN_WINDOW:
            self._seen.discard(self._seen_order.popleft())

    def _send(self, message: Message) -> None:
        wire = encode(message, self._seq)
        self._seq = (self._seq + 1) & 0xFFFF
        try:
            self._serial.write(wire)
        except (serial.SerialException, OSError) as error:
            raise _Lost(f"{self.port} went away: {error}") from None
        self._last_tx = self._clock()

    def _set_state(self, state: LinkState, detail: str) -> None:
        # the screen says only "connected" or "missing"; the details go to the log
        log.info("board link %s: %s", state.value, detail)
        self.state = state
        self._post(LinkStatus(state, detail))

    def _close_port(self) -> None:
        port, self._serial = self._serial, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass
