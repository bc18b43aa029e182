"""A Raspberry Pi Pico without a Pico: the stock MicroPython v1.24.1 rp2 image running the
board's firmware (firmware/) from its flash filesystem, inside npm's rp2040js
(firmware/emulator/pico.mjs), its USB serial line on a pty that the table's BoardLink opens.

    with EmulatedPico(tmp_path, board_config=SQUARES) as pico:
        link = BoardLink(pico.port, inbox.put, clock=pico.clock)   # the Pico's own clock
        pico.pin(2, 0)                                               # a magnet on square 1

The flash filesystem is laid out as the README's `mpremote fs cp -r firmware/tablefw : + fs
cp firmware/main.py firmware/board_config.py :` leaves it (littlefs, made here with PyPI's
littlefs-python). The test drives pins, BOOTSEL and the I2C colour sensors (a TCA9548A mux
with a TCS34725 on each channel) through the emulator's control line; `after_ms` schedules
in Pico time, so a beam broken for 20 ms is broken for 20 ms of the Pico's clock whatever
the load on this machine. Emulated time never runs ahead of the wall clock; under load it
lags behind it, so a host whose timeouts matter takes `clock=pico.clock`.
"""
from __future__ import annotations

import fcntl
import json
import mmap
import os
import queue
import select
import shutil
import struct
import subprocess
import threading
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
EMULATOR = FIRMWARE / "emulator"
RP2040JS = "1.4.1"
FS_BLOCKS = 352             # RPI_PICO v1.24.1: 1,408 KiB of littlefs at 640 KiB into the flash
BLOCK = 4096
STILL = 60.0                # s of wall time a wait lets the Pico's clock stand still


def why_no_emulator() -> str | None:
    """None when the emulated Pico can run here; else why not, in words (the test's skip)."""
    if shutil.which("node") is None:
        return "no Node.js on this machine: the emulated Pico (npm rp2040js) needs node and npm"
    not_installed = _install_rp2040js()
    if not_installed:
        return not_installed
    try:
        import littlefs  # noqa: F401
    except ImportError:
        return "no littlefs-python (the test extras) to make the Pico's flash filesystem"
    return None


def _install_rp2040js() -> str | None:
    """npm's rp2040js installed into firmware/emulator/ once; why not, in words. Every pytest
    worker imports test_pico.py while collecting, all at once: an npm of each into the same
    folder made a clean clone's CI fail all the Pico's tests (a worker took rp2040js's
    package.json, written early, for a finished install, and the emulator then missed its
    peripherals/adc.js) or skip them ("npm could not install rp2040js"). So one npm runs at
    a time, under a lock, and an install counts only once npm has said it is done (a stamp)."""
    stamp = EMULATOR / "node_modules" / f".tablegame-rp2040js-{RP2040JS}"
    if stamp.exists():
        return None
    if shutil.which("npm") is None:
        return "no npm on this machine to install rp2040js for the emulated Pico"
    (EMULATOR / "node_modules").mkdir(exist_ok=True)
    with open(EMULATOR / "node_modules" / ".tablegame-install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)     # (let go when the file closes)
        if stamp.exists():                   # another worker's npm installed it meanwhile
            return None
        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(EMULATOR)],
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0:     # (--silent may leave stderr empty: then its exit status says it)
            said = done.stderr.strip() or done.stdout.strip() or f"npm exited with status {done.returncode}"
            return f"npm could not install rp2040js {RP2040JS}: {said[-300:]}"
        stamp.touch()
    return None


def flash_image(files: dict[str, bytes]) -> bytes:
    """The Pico's filesystem holding ``files`` (path -> content), as MicroPython mounts it."""
    from littlefs import LittleFS
    fs = LittleFS(block_size=BLOCK, block_count=FS_BLOCKS, read_size=32, prog_size=32,
                  lookahead_size=32, disk_version=0x00020000)
    for path, content in sorted(files.items()):
        parts = path.split("/")
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            try:
                fs.mkdir(folder)
            except FileExistsError:
                pass
        with fs.open(path, "wb") as file:
            file.write(content)
    return bytes(fs.context.buffer)


def firmware_files(board_config: str, main: bytes | None = None) -> dict[str, bytes]:
    """What the README's mpremote steps copy: tablefw/, main.py and board_config.py."""
    files = {"main.py": main if main is not None else (FIRMWARE / "main.py").read_bytes(),
             "board_config.py": board_config.encode()}
    for path in sorted((FIRMWARE / "tablefw").rglob("*.py")):
        files[str(path.relative_to(FIRMWARE))] = path.read_bytes()
    return files


def read_filesystem(image: bytes) -> dict[str, bytes]:
    """The files in a dump of the Pico's filesystem."""
    from littlefs import LittleFS
    fs = LittleFS(block_size=BLOCK, block_count=FS_BLOCKS, read_size=32, prog_size=32,
                  lookahead_size=32, mount=False)
    fs.context.buffer[:] = image
    fs.mount()
    found = {}
    for top, _dirs, names in fs.walk("/"):
        for name in names:
            path = f"{top.rstrip('/')}/{name}".lstrip("/")
            with fs.open(path, "rb") as file:
                found[path] = file.read()
    return found


class EmulatedPico:
    def __init__(self, folder: Path, board_config: str, *, files: dict[str, bytes] | None = None,
                 main: bytes | None = None):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._files = firmware_files(board_config, main)
        self._files.update(files or {})
        self.port = str(self.folder / "pico-usb")
        self.events: queue.Queue[dict] = queue.Queue()
        self.heard: list[dict] = []          # every event, in order (usb up, resets)
        self.from_pico = bytearray()          # every byte the Pico sent on its USB line
        self._lock = threading.Lock()
        self._ids = 0
        self._proc: subprocess.Popen | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._master = self._slave = self._to_pico = self._from_pico = -1

    # -- life ----------------------------------------------------------------------------

    def start(self) -> EmulatedPico:
        image = self.folder / "flash-fs.bin"
        image.write_bytes(flash_image(self._files))
        clock = self.folder / "pico-clock"
        clock.write_bytes(bytes(8))
        self._clock_file = open(clock, "r+b")
        self._clock_map = mmap.mmap(self._clock_file.fileno(), 8)
        self._master, slave = os.openpty()
        tty.setraw(slave)
        tty.setraw(self._master)
        self._slave_name = os.ttyname(slave)
        self._slave = slave          # kept open: a closed slave would give the master EIO
        if os.path.lexists(self.port):
            os.unlink(self.port)
        os.symlink(self._slave_name, self.port)
        to_pico_r, self._to_pico = os.pipe()
        self._from_pico, from_pico_w = os.pipe()
        self.log = open(self.folder / "emulator.log", "wb")
        self._proc = subprocess.Popen(
            ["node", str(EMULATOR / "pico.mjs"), "--fs", str(image), "--clock", str(clock),
             "--usb-in", str(to_pico_r), "--usb-out", str(from_pico_w)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, cwd=EMULATOR,
            pass_fds=(to_pico_r, from_pico_w))
        os.close(to_pico_r)
        os.close(from_pico_w)
        self._threads = [threading.Thread(target=self._relay, name="pico-usb", daemon=True),
                         threading.Thread(target=self._listen, name="pico-events", daemon=True)]
        for thread in self._threads:
            thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._proc is not None and self._proc.poll() is None:
            try:
                self._proc.stdin.close()
                self._proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._proc.kill()
                self._proc.wait()
        for thread in self._threads:   # the relay looks at _stop every 0.2 s; the listener ends with the emulator
            thread.join(timeout=5)
        if not any(thread.is_alive() for thread in self._threads):
            # only once the relay has ended: closed under it, the numbers would go to the next
            # test's files, which it would read and write (a left thread keeps them: a leak)
            for fd in (self._master, self._slave, self._to_pico, self._from_pico):
                if fd >= 0:
                    os.close(fd)
            self._master = self._slave = self._to_pico = self._from_pico = -1
        if os.path.lexists(self.port):
            os.unlink(self.port)
        self.log.close()

    def __enter__(self) -> EmulatedPico:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the Pico's clock ------------------------------------------------------------------

    def clock(self) -> float:
        """Seconds of Pico time since the first power-up (a BoardLink's clock)."""
        return struct.unpack("<d", self._clock_map[:8])[0]

    def limit(self, seconds: float):
        """A wait's bound in the Pico's own time: a function, True while less than ``seconds``
        of it have gone by. Under load the emulated Pico runs at a fraction of the wall clock's
        pace (beside two CPU hogs at load 12: under 4 s of Pico time in 60 s), and a bound in
        wall time failed a wait for what takes the Pico 2 s (its watchdog). A clock standing
        still for STILL s of wall time (the emulator hung) fails the test."""
        end = self.clock() + seconds
        last = [self.clock(), time.monotonic()]

        def left() -> bool:
            now = self.clock()
            if now != last[0]:
                last[:] = [now, time.monotonic()]
            assert time.monotonic() - last[1] < STILL, f"the Pico's clock stood still at {now:.3f} s"
            return now < end
        return left

    def wait_pico_time(self, seconds: float) -> None:
        """Waits until the Pico's clock has gone on by ``seconds``."""
        left = self.limit(seconds)
        while left():
            time.sleep(0.01)

    # -- what the test does to the Pico ------------------------------------------------------

    def send(self, after_ms: float = 0, wait: bool = False, timeout: float = 60.0, **command) -> None:
        if after_ms:
            command["after_ms"] = after_ms
        if wait:
            with self._lock:
                self._ids += 1
                command["id"] = self._ids
        self._proc.stdin.write((json.dumps(command) + "\n").encode())
        self._proc.stdin.flush()
        if wait:
            self.expect(lambda e: e.get("done") == command["id"], timeout, f"the emulator to carry out {command}")

    def pin(self, number: int, level: int | None, after_ms: float = 0) -> None:
        """Drives GPn low (0) or high (1), or lets it float on its pad's pulls (None)."""
        self.send(after_ms, pin=number, level=level)

    def pulse(self, number: int, low_ms: float, after_ms: float = 0) -> None:
        """GPn pulled low for low_ms of Pico time (a beam broken), then let go."""
        self.send(after_ms, pin=number, level=0)
        self.send(after_ms + low_ms, pin=number, level=None)

    def bootsel(self, held: bool, after_ms: float = 0) -> None:
        self.send(after_ms, bootsel=held)

    def colour(self, channel: int, rgbc: tuple[int, int, int, int] | None = None, *, answer: bool | None = None,
               after_ms: float = 0) -> None:
        """What the TCS34725 on mux channel ``channel`` sees (raw counts at gain 1 for
        2.4 ms); answer=False: it stops answering on I2C."""
        command: dict = {"colour": channel}
        if rgbc is not None:
            command["rgbc"] = list(rgbc)
        if answer is not None:
            command["answer"] = answer
        self.send(after_ms, **command)

    def stall(self, stalled: bool) -> None:
        """The host stops (True) or goes on (False) taking what the Pico sends."""
        self.send(stall=stalled, wait=True)

    def power_cycle(self) -> None:
        self.send(power="cycle", wait=True)

    def filesystem(self) -> dict[str, bytes]:
        """The files on the Pico's flash now."""
        dump = self.folder / "flash-dump.bin"
        self.send(dump=str(dump), wait=True)
        return read_filesystem(dump.read_bytes())

    def expect(self, match, timeout: float, what: str) -> dict:
        """The first event (from now on) that ``match`` accepts, within ``timeout`` s of the
        Pico's time."""
        left = self.limit(timeout)
        while True:
            assert left(), f"waited {timeout} s of the Pico's time for {what}; heard {self.heard[-5:]}; {self.tail()}"
            try:
                event = self.events.get(timeout=0.5)
            except queue.Empty:
                assert self._proc.poll() is None, f"the emulator ended ({self._proc.returncode}): {self.tail()}"
                continue
            if match(event):
                return event

    def alive(self) -> None:
        """Fails the test at once when the emulator has ended (it says why in emulator.log)."""
        if self._proc.poll() is not None:
            log = (self.folder / "emulator.log").read_text(errors="replace")[-600:]
            raise AssertionError(f"the emulator ended ({self._proc.returncode}): {log}")

    def tail(self) -> str:
        """The last of what the Pico printed (its REPL, a traceback), for a failing test."""
        return "the Pico's USB line ended with " + repr(bytes(self.from_pico[-300:]))

    # -- the cable -------------------------------------------------------------------------

    def _relay(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self._master, self._from_pico], [], [], 0.2)
            except (OSError, ValueError):
                return
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    data = b""
                if fd == self._from_pico:
                    if not data:
                        return
                    self.from_pico += data
                    os.write(self._master, data)
                elif data:
                    os.write(self._to_pico, data)

    def _listen(self) -> None:
        for line in self._proc.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            self.heard.append(event)
            self.events.put(event)

