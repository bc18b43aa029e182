"""The firmware's main loop on a Raspberry Pi Pico (RP2040) or Pico 2 (RP2350),
on the USB serial line that MicroPython also uses for its REPL.

Ctrl-C: a 0x03 byte from the host is data here (COBS code bytes and seqs are full
of them), so the loop turns MicroPython's keyboard interrupt off with
``micropython.kbd_intr(-1)``; the REPL is still reached for an update by holding
the BOOTSEL button for a second while the firmware runs: it leaves a mark in flash
and restarts, and the next start stays in the REPL, without the watchdog (which
cannot be stopped once running). See firmware/README.md for why not a second CDC port.
A watchdog restarts a hung loop; after any restart the board is silent until the
host's HELLO, with a random first seq (docs/protocol.md).
"""
import os
import select
import sys
import time

import machine
import micropython

from tablefw import VERSION
from tablefw import config as board_config
from tablefw.board import Board

WATCHDOG_MS = 2000
BOOTSEL_HOLD_MS = 1000
BOOTSEL_EVERY_MS = 50
REPL_ONCE = "repl-once"      # present at start: stay in the REPL this once (an update)


class PicoHardware:
    """The readers tablefw.config asks for, on the Pico's pins."""

    def squares_reader(self, numbers, active_low):
        pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP if active_low else None) for n in numbers]
        flip = (1 << len(pins)) - 1 if active_low else 0

        def read():
            mask = 0
            for i in range(len(pins)):
                mask |= pins[i].value() << i
            return mask ^ flip
        return read

    def watch_beams(self, beams, gates, edge):
        """A hard interrupt on both edges of each beam and speed gate: it stamps the edge
        with its time in microseconds and the level that fired it, as it happens, for
        the pockets driver (``edge(slot, flags, us)``, slot 2 * pocket, +1 the gate)."""
        for pocket in range(len(beams)):
            for slot, number in ((2 * pocket, beams[pocket]), (2 * pocket + 1, gates[pocket])):
                pin = machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP)

                def fired(pin, slot=slot):
                    at = time.ticks_us()
                    edge(slot, pin.irq().flags(), at)
                pin.irq(fired, machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING, hard=True)

    def colour_reader(self, spec):
        from tablefw.drivers.colour import MuxedColour
        return MuxedColour(spec)


def board_id(config):
    if "board_id" in config:
        return config["board_id"]
    uid = machine.unique_id()
    return uid[-4] | uid[-3] << 8 | uid[-2] << 16 | uid[-1] << 24


def run(config):
    if REPL_ONCE in os.listdir():
        os.remove(REPL_ONCE)
        print("tablefw: staying in the REPL for an update (mpremote); reset to run the board")
        return
    wrong = board_config.problems(config)
    if wrong:      # no board without a config that makes sense: say why on the REPL
        for line in wrong:
            print(line)
        return
    line = Outbox(sys.stdout)
    drivers = board_config.drivers(config, PicoHardware())
    seed = os.urandom(2)
    board = Board(line.put, drivers, board_id=board_id(config), firmware="tablefw-" + VERSION,
                  first_seq=seed[0] | seed[1] << 8, now=time.ticks_ms())
    serve(board, line)


class Outbox:
    """What the board sends, queued here and written a USB packet at a time when the line
    has room. MicroPython's USB write waits up to 500 ms for room in its 256-byte buffer
    and then drops what did not fit, per write: a host that stops reading (stalled, or its
    reader starved) would hold the loop for half a second a frame, and a few frames in one
    pass run into the 2 s watchdog. Here a pass writes at most CHUNK bytes, only when the
    line polls writable; a frame that finds the box full is dropped whole (a board event
    is resent until ACKed, a moving frame is lossy anyway, and the host that stops reading
    will time the board out and start over with a HELLO)."""
    SIZE = 2048
    CHUNK = 32

    def __init__(self, stream):
        self._out = stream.buffer
        self._room = select.poll()
        self._room.register(stream, select.POLLOUT)
        self._box = bytearray(self.SIZE)
        self._view = memoryview(self._box)
        self._n = 0
        self.dropped = 0

    def put(self, buf, n):
        if self._n + n > self.SIZE:
            self.dropped += 1
            return
        self._box[self._n:self._n + n] = memoryview(buf)[:n]
        self._n += n

    def pump(self):
        if not self._n or not self._room.poll(0):
            return
        take = min(self._n, self.CHUNK)
        wrote = self._out.write(self._view[:take])
        wrote = take if wrote is None else wrote
        if wrote:
            self._box[:self._n - wrote] = self._view[wrote:self._n]
            self._n -= wrote


def serve(board, line):
    """Reads the host's bytes as they come, ticks the board, writes what it has to say
    as the line takes it, feeds the watchdog; BOOTSEL is looked at every BOOTSEL_EVERY_MS
    (reading it switches the flash's chip-select to an input with interrupts off, and a
    one-second hold needs no finer look)."""
    import rp2
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    byte = bytearray(1)
    stdin = sys.stdin.buffer
    dog = machine.WDT(timeout=WATCHDOG_MS)
    micropython.kbd_intr(-1)
    held_since = None
    looked = time.ticks_ms()
    while True:
        while poller.poll(0):
            stdin.readinto(byte)
            board.feed(byte, 1)
        now = time.ticks_ms()
        board.tick(now)
        line.pump()
        dog.feed()
        if time.ticks_diff(now, looked) >= BOOTSEL_EVERY_MS:
            looked = now
            if rp2.bootsel_button():
                held_since = now if held_since is None else held_since
                if time.ticks_diff(now, held_since) >= BOOTSEL_HOLD_MS:
                    open(REPL_ONCE, "w").close()
                    machine.reset()     # the next start stays in the REPL (see run)
            else:
                held_since = None
        time.sleep_ms(1)
