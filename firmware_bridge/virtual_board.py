"""A simulated board microcontroller that speaks the protocol over a pty.

The host cannot tell it from the real board: it opens ``board.port`` (a stable
symlink to the current /dev/pts/N) with the same ``BoardLink``. The board is fed
by a *world* (the physics model) and misbehaves on request: faults are scripted
by outgoing frame number or injected at run time, and each is one entry in a
dispatch table.

    with VirtualBoard(world, link_path="/tmp/table/board", realtime=False) as board:
        link = BoardLink(board.port, events.put); link.start()
        board.shoot(shot)
        board.inject(Fault.GARBAGE, size=40)
        board.wait_idle(2.0)

It behaves as docs/protocol.md asks of firmware ("The board's side"): silent after
power-up (plug, ``reset()``) until a HELLO of its own protocol version; a random
first seq at each power-up; a HELLO drops the unacknowledged event and the events
queued behind it (the answer to the host's REQUEST_SNAPSHOT carries that state).

A dice or squares board reports what its sensors read, each reading a board event
(resent until ACKed); its world's ``readings()`` answers the host's
REQUEST_SNAPSHOT after every (re)connect:

    with VirtualBoard(dice_world, link_path=..., capabilities=Capability.DICE) as board:
        board.report(DiceReading((6, 1, 1), (False, True, False)))
"""
from __future__ import annotations

import logging
import collections
import enum
import functools
import os
import random
import select
import threading
import time
import tty
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping

from firmware_bridge.codec import (
    PROTOCOL_VERSION, Ack, BoardError, BoardInfo, Capability, ErrorCode, FrameDecoder, FrameError,
    Heartbeat, Hello, Message, MsgType, ProtocolError, Reading, RequestSnapshot, cobs_decode, cobs_encode,
    decode, encode, is_board_event)
from tablegame.core.world import World
from tablegame.core.sensors import (BoardSnapshot, DiceReading, PieceOffBoard, PiecePocketed,
                               PiecesSnapshot, SquaresReading, StrokeStarted)

log = logging.getLogger(__name__)

CLOSE_WAIT = 5.0   # s close() waits for the board's thread to end


class Fault(enum.Enum):
    UNPLUG = "unplug"          # drop the link; re-plug after ``delay`` s (None: wait for replug())
    GARBAGE = "garbage"        # ``size`` random bytes on the wire before the frame
    BAD_CRC = "bad_crc"        # the frame goes out with its CRC corrupted
    DUPLICATE = "duplicate"    # the frame goes out twice
    STALL = "stall"            # silent for ``seconds``: this frame and all until then are lost


DEFAULT_PARAMS: dict[Fault, dict[str, Any]] = {
    Fault.UNPLUG: {"delay": 0.5},
    Fault.GARBAGE: {"size": 16},
    Fault.BAD_CRC: {},
    Fault.DUPLICATE: {},
    Fault.STALL: {"seconds": 1.0},
}


@dataclass
class _Pending:
    """A board event (settled snapshot, dice, squares) sent and not yet acknowledged."""
    seq: int
    event: Reading
    resend_at: float
    sent_at: float


@dataclass
class _EventJob:
    """A queued board event (not a happening of the world): a HELLO drops it."""
    send: Callable[[float], None]

    def __call__(self, now: float) -> None:
        self.send(now)


@dataclass
class _Stream:
    """Snapshots of a shot in progress, one frame interval apart (realtime)."""
    frames: Iterator[Any]
    current: Any
    due: float


@dataclass
class BoardStats:
    frames_sent: int = 0      # frames the firmware tried to send (the fault script counts these)
    resends: int = 0
    acks: int = 0
    snapshot_requests: int = 0  # the host's REQUEST_SNAPSHOTs (one after each handshake)
    ack_times: list[float] = field(default_factory=list)  # s from first sending to the ACK
    faults: list[Fault] = field(default_factory=list)


_END = object()


class VirtualBoard:
    def __init__(self, world: World, *, link_path: str, realtime: bool = True, frame_rate: float = 30.0,
                 faults: Mapping[int, Fault] = {}, firmware: str = "virtual-1.0", board_id: int = 0x7AB1E,
                 protocol_version: int = PROTOCOL_VERSION, heartbeat: float = 0.5, resend: float = 0.25,
                 seed: int = 0, clock: Callable[[], float] = time.monotonic,
                 capabilities: Capability = Capability.COINS, first_seq: int | None = None,
                 memory=None):
        """``memory``: a firmware_bridge.board_memory.BoardMemory that keeps what the board
        reports at rest, so a restarted program finds the board as it left it."""
        self._world = world
        self._memory = memory
        self.port = str(link_path)
        self._realtime = realtime
        self._interval = 1.0 / frame_rate
        self._scripted = dict(faults)
        self._info = BoardInfo(protocol_version, firmware, Capability(capabilities), board_id)
        self._heartbeat = heartbeat
        self._resend = resend
        self._rng = random.Random(seed)       # the faults' noise: the same for a seed
        # the first seq at each power-up: noise of its own, never the seed's (the protocol asks
        # for a random start at every power-up, and a new process is a new power-up)
        self._seqs = random.SystemRandom()
        self._clock = clock
        self.stats = BoardStats()
        self.failures: list[str] = []   # work the board could not do, in words (see _do)
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._jobs: collections.deque[Callable[[float], None]] = collections.deque()
        self._commands: collections.deque[Callable[[], None]] = collections.deque()
        self._injected: collections.deque[tuple[Fault, dict[str, Any]]] = collections.deque()
        self._wake_r, self._wake_w = os.pipe()   # other threads' calls end the board's select at once
        self._wake_lock = threading.Lock()       # the wake-up pipe's closing against other threads' waking
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._master: int | None = None
        self._slave: int | None = None
        self._decoder = FrameDecoder()
        self._first_seq = first_seq   # None: a random seq at each power-up
        self._seq = 0
        self._greeted = False         # a HELLO of our version since power-up: only then we speak
        self._pending: _Pending | None = None
        self._outbox: collections.deque[Reading] = collections.deque()  # events after the pending one
        self._stream: _Stream | None = None
        self._silent_until = 0.0
        self._replug_at: float | None = None
        self._last_tx = 0.0
        self._handlers: dict[type, Callable[[Any], None]] = {
            Hello: self._on_hello,
            RequestSnapshot: self._on_request_snapshot,
            Ack: self._on_ack,
            Heartbeat: lambda message: None,
        }
        self._fault_actions: dict[Fault, Callable[..., bytes]] = {
            Fault.UNPLUG: self._fault_unplug,
            Fault.GARBAGE: lambda wire, size: self._rng.randbytes(size) + wire,
            Fault.BAD_CRC: self._fault_bad_crc,
            Fault.DUPLICATE: lambda wire: wire + wire,
            Fault.STALL: self._fault_stall,
        }

    # -- public, thread-safe ---------------------------------------------------

    def start(self) -> None:
        with self._cond:
            self._plug()
        self._thread = threading.Thread(target=self._run, name=f"VirtualBoard {self.port}", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stops the board's thread, which unplugs and closes its descriptors as it ends. One
        that does not end within CLOSE_WAIT keeps them until it does: closed under it, their
        numbers could go to another file of the process, which it would then read and write."""
        self._stop.set()
        self._wake()
        if self._thread is None or not self._thread.is_alive():
            self._release()
        elif self._thread is not threading.current_thread():
            self._thread.join(timeout=CLOSE_WAIT)
            if self._thread.is_alive():
                log.warning("the virtual board's thread on %s did not stop within %.0f s; it "
                            "closes its descriptors when it ends", self.port, CLOSE_WAIT)
            else:
                self._release()   # (already done by the thread as it ended)

    def _release(self) -> None:
        """Unplugged, and the wake-up pipe closed: once, whoever calls it first."""
        with self._cond:
            self._unplug()
        with self._wake_lock:
            for fd in (self._wake_r, self._wake_w):
                if fd >= 0:
                    os.close(fd)
            self._wake_r = self._wake_w = -1

    def __enter__(self) -> VirtualBoard:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def shoot(self, shot: Any) -> None:
        self._queue(lambda now: self._start_shot(shot, now))

    def clear(self) -> None:
        self.by_hand(self._world.clear)

    def by_hand(self, change: Callable[[], None]) -> None:
        """A hand changes the world (clears the board, nudges a coin, lays out the
        dice): on the board's thread, after the work queued before it; then the board
        reports what it sees, as it answers a re-sync. A change that raises ValueError
        changes nothing and is logged."""
        def done(now: float) -> None:
            try:
                change()
            except ValueError as error:
                log.warning("the hand could not do that: %s", error)
                return
            self._answer_request(now)
        self._queue(done)

    def use(self, world: World) -> None:
        """From now on the board senses ``world`` (a new game of another family on the
        desktop), after the work queued before it; it then reports what it sees, as it
        answers a re-sync. A shot still being streamed from the old world ends there."""
        def swap(now: float) -> None:
            self._world, self._stream = world, None
            self._answer_request(now)
        self._queue(swap)

    def report(self, reading: Reading) -> None:
        """Sends ``reading`` (a DiceReading, a SquaresReading or a settled
        BoardSnapshot) as a board event, after the work queued before it: resent
        with its seq until the host ACKs it; ``wait_idle`` waits for that ACK.
        Raises TypeError or ValueError here, in the caller's thread, for anything
        the protocol cannot carry."""
        if type(reading) not in _REPORTABLE:
            raise TypeError(f"report() takes a DiceReading, a SquaresReading, a settled BoardSnapshot or "
                            f"PiecesSnapshot, or a stroke's event, not {reading!r}")
        problem = _not_an_event(reading)
        if problem:
            raise ValueError(f"report(): {problem}")
        self._queue(_EventJob(functools.partial(self._send_event, reading)))

    def send(self, message: Message) -> None:
        """Sends ``message`` once as it is, not as a board event (a moving snapshot, an
        ERROR): only once the host has said HELLO, never resent, never waited for. For a
        board whose sensing runs beside it (the camera board, camera_board/board.py)."""
        def command() -> None:
            if self._greeted and self._master is not None:
                self._send(message)
        with self._cond:
            self._commands.append(command)
        self._wake()

    def inject(self, fault: Fault, **params: Any) -> None:
        """Applies ``fault`` to the next frame the board sends."""
        with self._cond:
            self._injected.append((fault, {**DEFAULT_PARAMS[fault], **params}))
        self._wake()

    def unplug(self) -> None:
        """Pulls the cable: the host's next read fails. Stays unplugged until replug()."""
        def pull() -> None:
            self._unplug()
            self._replug_at = None
        self._on_board_thread(pull)

    def replug(self) -> None:
        self._on_board_thread(lambda: None if self._master is not None else self._plug())

    def reset(self, first_seq: int | None = None) -> None:
        """The firmware restarts with the cable in (a watchdog reset, a brown-out on
        its own supply): it forgets what it was sending and waits for a HELLO.
        ``first_seq`` overrides the random first seq, as a careless firmware would."""
        def restart() -> None:
            self._power_up(first_seq)
        self._on_board_thread(restart)

    @property
    def next_seq(self) -> int:
        """The seq the board's next new frame gets."""
        return self._seq

    def wait_idle(self, timeout: float) -> bool:
        """True once all queued work is simulated and every board event (settled
        snapshot, reading) is acknowledged."""
        with self._cond:
            return self._cond.wait_for(self._idle, timeout)

    # -- the board's thread ------------------------------------------------------

    def _queue(self, job: Callable[[float], None]) -> None:
        with self._cond:
            self._jobs.append(job)
        self._wake()

    def _wake(self) -> None:
        with self._wake_lock:   # never a write to the number of a pipe closed meanwhile
            if self._wake_w < 0:
                return          # closed
            try:
                os.write(self._wake_w, b"!")
            except BlockingIOError:
                pass            # already awake

    def _on_board_thread(self, action: Callable[[], None]) -> None:
        """Runs ``action`` where the file descriptors live, and waits for it: the
        board thread never reads a descriptor another thread has just closed."""
        done = threading.Event()
        running = self._thread is not None and self._thread.is_alive()
        if not running or self._thread is threading.current_thread():
            with self._cond:
                action()
            return

        def command() -> None:
            action()
            done.set()
        with self._cond:
            self._commands.append(command)
        self._wake()
        done.wait(2.0)

    def _idle(self) -> bool:
        return not self._jobs and self._stream is None and self._pending is None and not self._outbox

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._step()
            except Exception as error:   # never end silently: say so, and go on
                log.exception("the virtual board's thread hit an error")
                self.failures.append(str(error))
                self._stop.wait(0.01)
        self._release()

    def _step(self) -> None:
        data = self._read(self._master)
        with self._cond:
            try:
                while self._commands:
                    self._commands.popleft()()
                now = self._clock()
                for item in self._decoder.feed(data) if data else ():
                    self._on_frame(item)
                self._tick(now)
            finally:
                self._cond.notify_all()

    def _read(self, master: int | None) -> bytes:
        try:
            ready, _, _ = select.select([self._wake_r] if master is None else [self._wake_r, master],
                                       [], [], 0.01)
            if self._wake_r in ready:
                os.read(self._wake_r, 4096)
            return os.read(master, 4096) if master in ready else b""
        except (BlockingIOError, InterruptedError):
            return b""
        except OSError:          # closed by unplug() meanwhile, or no reader on the other side
            self._stop.wait(0.01)
            return b""

    def _tick(self, now: float) -> None:
        if self._master is None:
            if self._replug_at is not None and now >= self._replug_at:
                self._plug()
            return
        if not self._greeted:
            return          # after power-up, silent until the host's HELLO (docs/protocol.md)
        if self._stream is not None and now >= self._stream.due:
            self._step_stream(now)
        if self._pending is None and self._outbox:   # a stroke's events go out as they are ACKed
            self._send_event(self._outbox.popleft(), now)
        elif self._stream is None and self._pending is None and self._jobs:
            self._do(self._jobs.popleft(), now)
        if self._pending is not None and now >= self._pending.resend_at:
            self.stats.resends += 1
            self._pending.resend_at = now + self._resend
            self._send(self._pending.event, self._pending.seq)
        if now - self._last_tx >= self._heartbeat:
            self._send(Heartbeat())

    def _do(self, job: Callable[[float], None], now: float) -> None:
        """One piece of queued work. Work the world refuses (a shot off the board, an
        eleventh coin) must not end the board's thread: it is logged with its
        traceback, kept in ``failures`` and told to the host as a sensor fault, and
        the board goes on with the next."""
        try:
            job(now)
        except Exception as error:
            log.exception("the virtual board could not do its work")
            self.failures.append(str(error))
            self._send(BoardError(ErrorCode.SENSOR_FAULT, f"the simulated board failed: {error}"))

    def _on_frame(self, item: Any) -> None:
        if isinstance(item, FrameError):
            return          # not a frame: nothing to answer (the host resends what matters)
        try:
            message = decode(item)
        except ProtocolError as error:
            known = item.type in MsgType.__members__.values()
            if self._greeted:
                self._send(BoardError(ErrorCode.BAD_PAYLOAD if known else ErrorCode.UNKNOWN_TYPE, str(error)))
            return
        handler = self._handlers.get(type(message))
        if handler is not None and (self._greeted or type(message) is Hello):
            handler(message)

    def _on_hello(self, hello: Hello) -> None:
        """Always answered with BOARD_INFO (our version: the host judges). Of our version,
        a new session: the unacknowledged event and the events queued behind it are
        dropped (the host asks for the state at once). Of another, silence until one
        of ours comes."""
        self._pending = None
        self._outbox.clear()
        self._jobs = collections.deque(job for job in self._jobs if not isinstance(job, _EventJob))
        self._greeted = hello.version == self._info.version
        self._send(self._info)

    def _on_request_snapshot(self, _message: RequestSnapshot) -> None:
        # queued first (idle only once it is answered); a HELLO drops it with the queued events,
        # since the host asks again after the handshake
        self._jobs.appendleft(_EventJob(self._answer_request))
        self.stats.snapshot_requests += 1

    def _answer_request(self, now: float) -> None:
        """The whole current state: the world's readings (each its own event, the
        rest queued first in line), or a coin snapshot of its positions."""
        readings = getattr(self._world, "readings", None)
        if readings is None:
            self._send_event(BoardSnapshot(tuple(self._world.positions()), settled=True), now)
            return
        try:
            current = list(readings())
        except Exception as error:   # a broken sensor must not stop the board
            self._send(BoardError(ErrorCode.SENSOR_FAULT, f"reading the sensors failed: {error!r}"))
            return
        if not current and (why := getattr(self._world, "not_ready", lambda: None)()):
            self._send(BoardError(ErrorCode.SENSOR_FAULT, why))   # nothing to report yet: say why
            return
        events = []
        for reading in current:
            problem = _not_an_event(reading)
            if problem:   # a fault in the sensors: say so, send what is good
                self._send(BoardError(ErrorCode.SENSOR_FAULT, problem))
            else:
                events.append(reading)
        if events:
            self._send_event(events[0], now)
            self._jobs.extendleft(_EventJob(functools.partial(self._send_event, event))
                                  for event in reversed(events[1:]))

    def _on_ack(self, ack: Ack) -> None:
        if self._pending is not None and ack.seq == self._pending.seq:
            self.stats.acks += 1
            self.stats.ack_times.append(self._clock() - self._pending.sent_at)
            self._pending = None

    def _start_shot(self, shot: Any, now: float) -> None:
        frames = iter(self._world.shoot(shot))
        first = next(frames, _END)
        if first is _END:
            self._answer_request(now)
        elif self._realtime:
            self._stream = _Stream(frames, first, now)
            self._step_stream(now)
        else:   # at once: every frame's events, the first frame's snapshot, the last settled
            last, moving = first, True
            for following in frames:
                self._emit(last, False, now, moving)
                last, moving = following, False
            self._emit(last, True, now)

    def _step_stream(self, now: float) -> None:
        stream = self._stream
        following = next(stream.frames, _END)
        if following is _END:
            self._stream = None
            self._emit(stream.current, True, now)
        else:
            self._emit(stream.current, False, now)
            stream.current = following
            stream.due += self._interval

    def _emit(self, frame: Any, settled: bool, now: float, moving: bool = True) -> None:
        """One scan of a shot: its board events in order (each waits for the ACK of the
        one before), its snapshot (a moving one only if ``moving``)."""
        messages = (frame.messages(settled) if hasattr(frame, "messages")
                    else [BoardSnapshot(tuple(frame), settled)])
        for message in messages:
            if is_board_event(message):
                self._send_event(message, now)
            elif moving:
                self._send(message)

    def _send_event(self, event: Reading, now: float) -> None:
        if self._memory is not None:
            self._memory.remember(event)
        if self._pending is not None:   # one board event at a time: the rest wait their turn
            self._outbox.append(event)
            return
        seq = self._send(event)
        self._pending = _Pending(seq, event, now + self._resend, now)

    def _send(self, message: Message, seq: int | None = None) -> int:
        if seq is None:
            seq, self._seq = self._seq, (self._seq + 1) & 0xFFFF
        wire = encode(message, seq)
        number = self.stats.frames_sent
        self.stats.frames_sent += 1
        self._last_tx = self._clock()
        fault = self._next_fault(number)
        if fault is not None:
            kind, params = fault
            self.stats.faults.append(kind)
            wire = self._fault_actions[kind](wire, **params)
        if self._clock() < self._silent_until:
            return seq
        self._write(wire)
        return seq

    def _next_fault(self, number: int) -> tuple[Fault, dict[str, Any]] | None:
        if self._injected:
            return self._injected.popleft()
        kind = self._scripted.pop(number, None)
        return None if kind is None else (kind, dict(DEFAULT_PARAMS[kind]))

    def _write(self, wire: bytes) -> None:
        if self._master is None or not wire:
            return
        try:
            os.write(self._master, wire)
        except BlockingIOError:
            pass          # nobody reading and the buffer is full: the bytes are lost, as on a UART
        except OSError:
            pass

    # -- faults ------------------------------------------------------------------

    def _fault_unplug(self, wire: bytes, delay: float | None) -> bytes:
        self._unplug()
        self._replug_at = None if delay is None else self._clock() + delay
        return b""

    def _fault_bad_crc(self, wire: bytes) -> bytes:
        frame = bytearray(cobs_decode(wire[1:-1]))
        frame[-1] ^= 0xA5
        return b"\x00" + cobs_encode(bytes(frame)) + b"\x00"

    def _fault_stall(self, wire: bytes, seconds: float) -> bytes:
        self._silent_until = self._clock() + seconds
        return b""

    # -- the pseudo-terminal -------------------------------------------------------

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)            # no echo, no line discipline: bytes pass as they are
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self._replug_at = None
        self._power_up(self._first_seq)
        tmp = f"{self.port}.{os.getpid()}.tmp"
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.port)   # atomic: the host never sees a half-made link

    def _power_up(self, first_seq: int | None) -> None:
        """A USB board is powered by its cable: plugging it in starts the firmware."""
        self._decoder = FrameDecoder()
        self._pending = None
        self._outbox.clear()
        self._jobs = collections.deque(job for job in self._jobs if not isinstance(job, _EventJob))
        self._greeted = False
        self._seq = self._seqs.randrange(0x10000) if first_seq is None else first_seq
        self._last_tx = self._clock()

    def _unplug(self) -> None:
        master, slave = self._master, self._slave
        self._master = self._slave = None
        if self._stream is not None:      # the coins roll on while the cable is out
            for _ in self._stream.frames:
                pass
            self._stream = None
        if os.path.islink(self.port):
            os.unlink(self.port)
        for fd in (master, slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass


_REPORTABLE = (BoardSnapshot, DiceReading, SquaresReading, PiecesSnapshot, StrokeStarted, PiecePocketed,
               PieceOffBoard)


def _not_an_event(reading: object) -> str | None:
    """None for a reading the protocol carries as a board event, else why not."""
    if not is_board_event(reading):
        what = "a moving snapshot" if type(reading) in (BoardSnapshot, PiecesSnapshot) else repr(reading)
        return f"a board event is a reading, a settled snapshot or a stroke's event, not {what}"
    try:
        encode(reading, 0)
    except (TypeError, ValueError) as error:
        return f"{reading!r} does not fit the protocol: {error}"
    return None
