"""The firmware's own code, timed under the MicroPython Unix port and CPython side by
side (the same modules, the same script): frames encoded and decoded per second,
the scan-to-frame time of one moving snapshot of 10 coins, and the settle time (the
last motion to the settled SNAPSHOT, on the real clock).

    ./dev bench bench_firmware

What it means for a Pico is an estimate, stated with its assumption in
firmware/README.md: an RP2040 at 125 MHz runs MicroPython bytecode roughly 30 to 50
times slower than this machine's Unix port (a Cortex-M0+ without cache or FPU
against a modern x86 core); the Pico 2 at 150 MHz roughly 2 to 3 times faster than the RP2040.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"

SCRIPT = r'''
import sys
sys.path.insert(0, ".")
import json
try:
    from time import ticks_us, ticks_diff, sleep_ms
except ImportError:
    import time
    def ticks_us():
        return int(time.perf_counter() * 1000000)
    def ticks_diff(a, b):
        return a - b
    def sleep_ms(ms):
        time.sleep(ms / 1000)
from tablefw.framing import FrameWriter, FrameScanner
from tablefw.board import Board
from tablefw.drivers.positions import Positions
from tablefw.ticks import ticks_ms


class Source:
    def __init__(self):
        self.y = 0
        self.moving = True

    def read(self, xs, ys, kinds):
        if self.moving:
            self.y = (self.y + 10) % 20000
        for i in range(10):
            xs[i] = 300 * i
            ys[i] = self.y + 50 * i
        return 10


def encode(count):
    writer = FrameWriter()
    for i in range(42):
        writer.payload[i] = i + 1
    start = ticks_us()
    for i in range(count):
        writer.frame(5, i, 42)              # a 10-coin SNAPSHOT's size
    return count * 1000000 / ticks_diff(ticks_us(), start), writer


def decode(count, writer):
    stream = bytearray()
    for i in range(100):
        n = writer.frame(5, i, 42)
        stream += writer.wire[:n]
    seen = [0]
    def on(t, s, b, x, y):
        seen[0] += 1
    scanner = FrameScanner(on)
    start = ticks_us()
    for _ in range(count // 100):
        scanner.feed(stream)
    return seen[0] * 1000000 / ticks_diff(ticks_us(), start)


def scan_to_frame(count):
    source = Source()
    sent = [0]
    def write(buf, n):
        sent[0] += 1
    board = Board(write, [Positions(source, moving_every_ms=0)], first_seq=1)
    board.feed(b"\x00\x02\x01\x01\x04\x01\x55\xe2\x00")     # HELLO(1)
    board.tick(0)
    start = ticks_us()
    for i in range(count):
        board.tick(i)                        # a scan: read, settle check, one moving frame
    return ticks_diff(ticks_us(), start) / count, sent[0]


def settle_time():
    source = Source()
    marks = []
    def write(buf, n):
        if n > 40:                            # a 10-coin SNAPSHOT, not a heartbeat
            marks.append(ticks_ms())
    board = Board(write, [Positions(source)], first_seq=1)
    board.feed(b"\x00\x02\x01\x01\x04\x01\x55\xe2\x00")
    for _ in range(20):                       # moving, scanned every 5 ms
        board.tick(ticks_ms())
        sleep_ms(5)
    source.moving = False
    board.tick(ticks_ms())
    stopped = ticks_ms()
    count = len(marks)
    while len(marks) == count:
        sleep_ms(1)
        board.tick(ticks_ms())
    return marks[-1] - stopped


def main():
    per_s, writer = encode(20000)
    out = {"encode": per_s, "decode": decode(20000, writer)}
    out["scan_us"], out["frames"] = scan_to_frame(5000)
    out["settle_ms"] = settle_time()
    print(json.dumps(out))


main()
'''


def timed(interpreter: str) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(SCRIPT)
    try:
        done = subprocess.run([interpreter, file.name], cwd=FIRMWARE, capture_output=True, text=True,
                              timeout=600)
    finally:
        Path(file.name).unlink()
    if done.returncode:
        raise RuntimeError(done.stdout + done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def run():
    from tests.firmware_board import micropython, why_no_micropython
    mp = micropython()
    if mp is None:
        yield why_no_micropython()
        return
    best_mp = best_cp = None
    for _ in range(3):                        # best of 3, alternating
        a, b = timed(mp), timed(sys.executable)
        best_mp = a if best_mp is None or a["encode"] > best_mp["encode"] else best_mp
        best_cp = b if best_cp is None or b["encode"] > best_cp["encode"] else best_cp
    yield "the firmware's code, best of 3 alternating runs: MicroPython (Unix port) | CPython"
    yield (f"frames encoded (a 10-coin SNAPSHOT):             {best_mp['encode']:,.0f}/s | "
           f"{best_cp['encode']:,.0f}/s  ({best_mp['encode'] / best_cp['encode']:.2f}x)")
    yield (f"frames decoded (the same, from one stream):       {best_mp['decode']:,.0f}/s | "
           f"{best_cp['decode']:,.0f}/s  ({best_mp['decode'] / best_cp['decode']:.2f}x)")
    yield (f"scan to moving frame, 10 coins:                    {best_mp['scan_us']:.1f} us | "
           f"{best_cp['scan_us']:.1f} us")
    yield (f"settle time, last motion to the settled SNAPSHOT: {best_mp['settle_ms']} ms | "
           f"{best_cp['settle_ms']} ms (the firmware's SETTLE_MS is 300)")
