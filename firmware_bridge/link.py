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

A board event is acknowledged once the writer says it is handled (in the log, or
refused): give ``post_event``, called as ``post_event(reading, handled=callback)``;
the writer calls ``callback()`` from its own thread, and the link's thread sends the
ACK. Without it, the event is acknowledged as soon as ``post`` returns.

What other threads read of the link is one immutable ``LinkHealth``, swapped
atomically (``health()``). The link logs in words to the ``firmware_bridge.link``
logger: state changes, handshakes, reconnects and, at most once a minute, bad frames.
"""
from __future__ import annotations

import collections
import dataclasses
import logging
import select
import threading
import time
from typing import Any, Callable

import serial

from firmware_bridge.codec import (
    PROTOCOL_VERSION, Ack, BoardError, BoardInfo, CrcMismatch, Frame, FrameDecoder, FrameError,
    Heartbeat, Hello, Message, ProtocolError, RequestSnapshot, VersionMismatch, check_version, decode,
    encode, is_board_event)
from firmware_bridge.health import LinkHealth, RateLimited
from tablegame.core.sensors import (BoardSnapshot, DiceReading, LinkState, LinkStatus, PieceOffBoard,
                               PiecePocketed, PiecesSnapshot, SquaresReading, StrokeStarted)
from firmware_bridge.words import phrase
from tablegame.words.phrase import phrase_of

log = logging.getLogger(__name__)

SEEN_WINDOW = 256  # board seqs remembered for dropping duplicates
ACK_WAIT = 0.05    # s the reader waits for the writer to handle an event before reading on
HOST_STALL = 1.0   # s between two passes of the reader (or half the silence, if more): the
                   # host stalled, not the board (a pass takes 20 ms, a burst of ACK waits more)
CLOSE_WAIT = 5.0   # s close() waits for the reader to end (it closes the port as it ends)


class _Lost(Exception):
    """The open port stopped working: back to SEARCHING via LOST."""


class _Retry(Exception):
    """The handshake did not succeed: close and back to SEARCHING."""


class BoardLink:
    def __init__(self, port: str, post: Callable[[object], None], *, baudrate: int = 115200,
                 heartbeat: float = 0.5, silence_timeout: float = 2.0, backoff_min: float = 0.1,
                 backoff_max: float = 0.5, clock: Callable[[], float] = time.monotonic,
                 wall_clock: Callable[[], float] = time.time,
                 serial_factory: Callable[..., Any] = serial.serial_for_url,
                 post_event: Callable[..., None] | None = None, words: Callable[[str], Any] = str):
        """``words``: a board's error text in words (the camera board's own phrases, said in
        the staff page's language; by default the text as the board sent it)."""
        self.port = port
        self._words = words
        self._post = post
        self._post_event = post_event
        self._baudrate = baudrate
        self._heartbeat = heartbeat
        self._silence = silence_timeout
        self._backoff_min = backoff_min
        self._backoff_max = backoff_max
        self._clock = clock
        self._wall_clock = wall_clock
        self._open_port = serial_factory
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._seen: set[int] = set()
        self._seen_order: collections.deque[int] = collections.deque()
        self._unhandled: set[int] = set()        # board events posted, not yet handled by the writer
        self._handled: collections.deque[tuple[int, int]] = collections.deque()  # (session, seq) to ACK
        self._handled_now = threading.Event()
        self._session = 0                        # one per handshake: an old session's ACKs are void
        self._seq = 0
        self._serial: Any = None
        self._port_lock = threading.Lock()      # one closer of the port, however many call
        self._last_tx = 0.0
        self._last_rx = 0.0
        self._last_pass = 0.0   # the operating loop's last pass (_credit_a_stall)
        self._lost_at: float | None = None
        self.board_info: BoardInfo | None = None
        self._health = LinkHealth(LinkState.SEARCHING, port=port)
        self._bad_frames_log = RateLimited(60.0, clock)
        self._searching_log = RateLimited(300.0, clock)
        self._board_errors_log = RateLimited(60.0, clock)
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

    def health(self) -> LinkHealth:
        """The link as it is now: state, board, counters (an immutable object)."""
        return self._health

    @property
    def state(self) -> LinkState:
        return self._health.state

    def start(self) -> None:
        if self._thread is not None:
            raise RuntimeError("BoardLink.start() called twice")
        self._thread = threading.Thread(target=self._run, name=f"BoardLink {self.port}", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stops the reader; the port is closed once, by the reader as it ends. A reader
        that does not end within CLOSE_WAIT (stuck in a read, a write or a post) keeps
        its port and closes it when it ends: closing it under the reader's feet would
        close a descriptor number the process may meanwhile have given to another file
        (the event log, a socket), and the reader would go on using that number."""
        self._stop.set()
        if self._thread is None:
            self._close_port()
        elif self._thread is not threading.current_thread():
            self._thread.join(timeout=CLOSE_WAIT)
            if self._thread.is_alive():
                log.warning("the board link's reader on %s did not stop within %.0f s; it closes "
                            "the port when it ends", self.port, CLOSE_WAIT)
            else:
                self._close_port()   # (already closed by the reader, unless it died of a bug)

    def __enter__(self) -> BoardLink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the reader thread -------------------------------------------------------

    def _run(self) -> None:
        backoff = self._backoff_min
        self._set_state(LinkState.SEARCHING, phrase("looking", port=self.port))
        while not self._stop.is_set():
            try:
                self._serial = self._open_port(self.port, baudrate=self._baudrate, timeout=0.02,
                                               write_timeout=1.0)
                self._serial.reset_input_buffer()
            except (serial.SerialException, OSError, ValueError) as error:
                self._close_port()  # opened but unusable: do not leak it on the next try
                self._searching(phrase("cannot_open", port=self.port, error=str(error)), backoff)
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self._backoff_max)
                continue
            try:
                self._handshake()
                backoff = self._backoff_min
                self._operate()
            except _Retry as why:
                self._close_port()
                self._searching(phrase_of(why), backoff)
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self._backoff_max)
            except _Lost as why:
                self._close_port()
                self._lost_at = self._clock()
                self._set_state(LinkState.LOST, phrase_of(why))
                self._set_state(LinkState.SEARCHING, phrase("looking", port=self.port))
                self._stop.wait(backoff)
            except Exception as error:  # a bug must not silence the table: say it, start over
                log.exception("the board link failed; closing %s and starting over", self.port)
                self._close_port()
                self._set_state(LinkState.LOST, phrase("link_failed", error=repr(error)))
                self._stop.wait(self._backoff_max)
        self._close_port()
        log.info("board link on %s closed", self.port)

    def _searching(self, why: str, backoff: float) -> None:
        """SEARCHING with the reason; the log says it once, then every 5 minutes while it
        stays the same (a missing board is retried every half second all night)."""
        self._publish(state=LinkState.SEARCHING)
        self._post(LinkStatus(LinkState.SEARCHING, phrase("retrying", why=why, seconds=backoff)))
        line = self._searching_log.note(f"board link searching: {why}", key=why)
        if line:
            log.warning("%s; retrying every %.1f s at most", line, self._backoff_max)

    def _handshake(self) -> None:
        self._set_state(LinkState.HANDSHAKE, phrase("waiting_hello", port=self.port))
        self._decoder = FrameDecoder()
        self._serial.write(b"\x00")  # end whatever half frame the board may have seen
        self._send(Hello(PROTOCOL_VERSION))
        deadline = self._clock() + self._silence
        self._last_pass = self._clock()
        while not self._stop.is_set():
            for frame, message in self._receive():
                if type(message) is BoardInfo:
                    self._on_board_info(frame, message)
                    return
            now = self._clock()
            if self._credit_a_stall(now):
                deadline = now + self._silence   # the board's answer waits for us, not we for it
            if now >= deadline:
                raise _Retry(phrase("no_hello", port=self.port, seconds=float(self._silence)))
            if now - self._last_tx >= self._heartbeat:
                self._send(Hello(PROTOCOL_VERSION))

    def _on_board_info(self, frame: Frame, info: BoardInfo) -> None:
        try:
            check_version(info)
        except VersionMismatch as error:
            log.error("the board at %s cannot be used: %s", self.port, error)
            raise _Retry(phrase("at_port", port=self.port, what=phrase_of(error))) from None
        self.board_info = info
        self._session += 1
        self._seen.clear()
        self._seen_order.clear()
        self._unhandled.clear()
        self._remember(frame.seq)
        reconnects = self._health.reconnects + (self._health.board_id is not None)
        self._last_rx = self._clock()
        self._searching_log.reset()
        self._publish(board_id=info.board_id, firmware=info.firmware, protocol=info.version,
                      reconnects=reconnects)
        board = phrase("operational", board_id=f"{info.board_id:#x}", firmware=info.firmware,
                       protocol=info.version, port=self.port)
        if self._lost_at is not None:
            log.info("board back after %.1f s without it (reconnect %d): %s",
                     self._last_rx - self._lost_at, reconnects, board)
            self._lost_at = None
        self._set_state(LinkState.OPERATIONAL, board)
        self._send(RequestSnapshot())

    def _operate(self) -> None:
        self._last_pass = self._clock()
        while not self._stop.is_set():
            for frame, message in self._receive():
                if frame.seq in self._seen:
                    self._count(resends=1)
                    if is_board_event(message) and frame.seq not in self._unhandled:
                        self._send(Ack(frame.seq))  # our first ACK may have been lost
                    continue
                self._remember(frame.seq)
                handler = self._handlers.get(type(message))
                if handler is None:
                    self._count(bad_messages=1)  # a host-to-board message coming back
                    self._bad_frame(f"a {type(message).__name__} came from the board (seq {frame.seq})")
                else:
                    handler(frame, message)
            self._send_acks()
            now = self._clock()
            self._credit_a_stall(now)
            if now - self._last_rx > self._silence:
                raise _Lost(phrase("no_frame", port=self.port, seconds=float(self._silence)))
            if now - self._last_tx >= self._heartbeat:
                self._send(Heartbeat())

    def _credit_a_stall(self, now: float) -> bool:
        """A stalled host is not a silent board. A pass of this loop takes a read's timeout
        (20 ms) and a few ACK waits; when far more time went by between two passes, this
        program did not run (SIGSTOP, a suspended VM, a starved thread), and the board's
        frames wait in the port's buffer, or (a virtual board in this process) were not
        sent because it stalled too. That time is not the board's silence: it gets its
        whole silence window again, counted from now, and the journal says so. True when
        the host stalled."""
        gap, self._last_pass = now - self._last_pass, now
        if gap <= max(HOST_STALL, self._silence / 2):
            return False
        self._last_rx = max(self._last_rx, now)
        log.warning("the board link's reader did not run for %.1f s (this host stalled or was "
                    "too busy, not the board): the board at %s has %.1f s again to be heard",
                    gap, self.port, self._silence)
        return True

    def _receive(self) -> list[tuple[Frame, Message]]:
        """Good messages read within one port timeout; counts what is bad."""
        try:
            data = self._serial.read(self._serial.in_waiting or 1)
        except (serial.SerialException, OSError) as error:
            raise _Lost(phrase("went_away", port=self.port, error=str(error))) from None
        if not data:
            return []
        out = []
        counts = collections.Counter()
        for item in self._decoder.feed(data):
            if isinstance(item, FrameError):
                counts["crc_errors" if isinstance(item, CrcMismatch) else "resyncs"] += 1
                self._bad_frame(str(item))
                continue
            counts["frames"] += 1
            try:
                out.append((item, decode(item)))
            except ProtocolError as error:
                counts["bad_messages"] += 1
                self._bad_frame(str(error))
        if counts["frames"]:
            self._last_rx = self._clock()
            self._publish(last_frame=self._wall_clock())
        if counts:
            self._count(**counts)
        return out

    def _on_reading(self, frame: Frame, reading: Any) -> None:
        if not is_board_event(reading):
            self._post(reading)
            return
        session, seq = self._session, frame.seq
        self._unhandled.add(seq)

        def handled() -> None:   # on the writer's thread
            self._handled.append((session, seq))
            self._handled_now.set()
        self._handled_now.clear()
        if self._post_event is None:
            self._post(reading)
            handled()
        else:
            self._post_event(reading, handled=handled)
        # The writer commits within a few ms: wait that long, so the ACK goes out at
        # once rather than after the next read's timeout; a slower one is ACKed later.
        self._handled_now.wait(ACK_WAIT)
        self._send_acks()

    def _send_acks(self) -> None:
        """ACK each board event the writer has handled since the last call, on this
        thread (the one that owns the port); an ACK of an earlier session is void."""
        while self._handled:
            session, seq = self._handled.popleft()
            if session == self._session and seq in self._unhandled:
                self._unhandled.discard(seq)
                self._send(Ack(seq))

    def _on_board_error(self, frame: Frame, error: BoardError) -> None:
        line = self._board_errors_log.note(f"the board at {self.port} reports error {error.code}: {error.text}",
                                           key=error.code)
        if line:
            log.warning("%s", line)
        self._post(LinkStatus(self.state, phrase("board_error", code=error.code, text=self._words(error.text))))

    def _bad_frame(self, why: str) -> None:
        line = self._bad_frames_log.note(f"bad frame from the board at {self.port} (noise on the cable, "
                                         f"or a board sending nonsense): {why}")
        if line:
            log.warning("%s", line)

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
        except serial.SerialTimeoutException as error:
            # pyserial's write times out once its second has gone by when it looks, however it
            # went: a host stopped within it (SIGSTOP, a starved thread) had written the frame
            # to a board that reads. The board is gone only when it still takes nothing (a
            # frame lost meanwhile is one the line could lose: sent again or asked again)
            if not self._board_takes_frames():
                raise _Lost(phrase("went_away", port=self.port, error=str(error))) from None
        except (serial.SerialException, OSError) as error:
            raise _Lost(phrase("went_away", port=self.port, error=str(error))) from None
        self._last_tx = self._clock()

    def _board_takes_frames(self) -> bool:
        """Whether the port would take a frame now (its descriptor writable at once)."""
        try:
            return bool(select.select([], [self._serial.fileno()], [], 0)[1])
        except (OSError, ValueError, AttributeError):   # closed, or a port with no descriptor
            return False

    def _set_state(self, state: LinkState, detail: str) -> None:
        if state is not self._health.state or state is not LinkState.SEARCHING:
            level = logging.WARNING if state is LinkState.LOST else logging.INFO
            log.log(level, "board link %s: %s", state.value, detail)
        self._publish(state=state)
        self._post(LinkStatus(state, detail))

    def _publish(self, **changes: Any) -> None:
        self._health = dataclasses.replace(self._health, **changes)   # one reference swap

    def _count(self, **increments: int) -> None:
        health = self._health
        self._publish(**{name: getattr(health, name) + n for name, n in increments.items()})

    def _close_port(self) -> None:
        with self._port_lock:   # pyserial's close is not safe from two threads at once
            port, self._serial = self._serial, None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass
