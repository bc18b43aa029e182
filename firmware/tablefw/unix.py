"""The firmware's main loop on the MicroPython Unix port (and CPython), for tests
and benchmarks: the protocol on stdin/stdout (the harness relays it to a pty, as
a USB cable would), the simulated sensors' script on fd 3, status lines on fd 4 (or the
config's control_fd and status_fd).

    micropython sim_main.py CONFIG.json     (run from firmware/)

The harness makes stdin and fd 3 non-blocking, so a read returns what is there.
"""
import json
import os
import select
import sys

from tablefw import VERSION
from tablefw.board import Board
from tablefw.sim import SimBoard
from tablefw.ticks import ticks_ms


def random_seq():
    raw = os.urandom(2)
    return raw[0] | (raw[1] << 8)


def run(config):
    link_in = sys.stdin.buffer
    link_out = sys.stdout.buffer
    control = open(config.get("control_fd", 3), "rb")
    status = open(config.get("status_fd", 4), "wb")
    sim = SimBoard(config)

    def write(buf, n):
        link_out.write(memoryview(buf)[:n])
        link_out.flush()

    first = config.get("first_seq", -1)
    board = Board(write, sim.drivers, board_id=config.get("board_id", 0x7AB1E),
                  firmware=config.get("firmware", "tablefw-" + VERSION),
                  first_seq=random_seq() if first < 0 else first,
                  resend_ms=config.get("resend_ms", 250), heartbeat_ms=config.get("heartbeat_ms", 500),
                  protocol_version=config.get("protocol_version", 1), now=ticks_ms())

    def reset(seq):
        board.power_up(random_seq() if seq < 0 else seq, ticks_ms())

    poller = select.poll()
    poller.register(link_in, select.POLLIN)
    poller.register(control, select.POLLIN)
    chunk = bytearray(256)
    script = Script(control, status)
    while True:
        poller.poll(config.get("poll_ms", 2))
        n = link_in.readinto(chunk)   # the line first, as a board reads its UART before its loop
        if n:
            board.feed(chunk, n)
        elif n == 0:
            return            # the harness closed the line: power off
        if not script.run(sim, board, reset):
            return            # the harness is gone: power off
        board.tick(ticks_ms())


class Script:
    """The simulated sensors' script: text lines on the control pipe, answers on status."""

    def __init__(self, control, status):
        self._control = control
        self._status = status
        self._pending = b""

    def run(self, sim, board, reset):
        got = self._control.read(4096)
        if got is not None and len(got) == 0:
            return False
        if got:
            self._pending += got
            while b"\n" in self._pending:
                line, self._pending = self._pending.split(b"\n", 1)
                answer = sim.command(board, line.decode(), ticks_ms(), reset)
                if answer is not None:
                    self._status.write((answer + "\n").encode())
                    _flush(self._status)
        return True


def _flush(stream):
    """CPython buffers a file opened on a pipe; MicroPython's flush of one is an fsync,
    which a pipe refuses (EINVAL) and which it does not need."""
    try:
        stream.flush()
    except OSError:
        pass
