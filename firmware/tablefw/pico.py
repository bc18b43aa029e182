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

    def watch_beams(self, numbers, cleared):
        """An interrupt on both edges of each beam: the time it was blocked goes to
        ``cleared(pocket, ms)`` when the beam comes back."""
        started = [0] * len(numbers)
        for pocket, number in enumerate(numbers):
            pin = machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP)

            def edge(pin, pocket=pocket):
                now = time.ticks_ms()
                if pin.value() == 0:
                    started[pocket] = now
                else:
                    cleared(pocket, time.ticks_diff(now, started[pocket]))
            pin.irq(edge, machine.Pin.IRQ_FALLING | machine.Pin.IRQ_RISING)

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
    out = sys.stdout.buffer

    def write(buf, n):
        out.write(memoryview(buf)[:n])

    drivers = board_config.drivers(config, PicoHardware())
    seed = os.urandom(2)
    board = Board(write, drivers, board_id=board_id(config), firmware="tablefw-" + VERSION,
                  first_seq=seed[0] | seed[1] << 8, now=time.ticks_ms())
    serve(board)


def serve(board):
    """Reads the host's bytes as they come, ticks the board, feeds the watchdog."""
    import rp2
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    byte = bytearray(1)
    stdin = sys.stdin.buffer
    dog = machine.WDT(timeout=WATCHDOG_MS)
    micropython.kbd_intr(-1)
    held_since = None
    while True:
        while poller.poll(0):
            stdin.readinto(byte)
            board.feed(byte, 1)
        now = time.ticks_ms()
        board.tick(now)
        dog.feed()
        if rp2.bootsel_button():
            held_since = now if held_since is None else held_since
            if time.ticks_diff(now, held_since) >= BOOTSEL_HOLD_MS:
                open(REPL_ONCE, "w").close()
                machine.reset()     # the next start stays in the REPL (see run)
        else:
            held_since = None
        time.sleep_ms(1)
