"""``tablegame doctor``: checks a site and says, one line per check, in plain words,
what is right and what is wrong: the configuration file (each bad value with its
line), the board's serial device (missing, no permission, no handshake, wrong
protocol version), each configured GPIO pin, the screen, the data folder and the
event log (writable, not corrupt, schema version), the staff page's port.

On a desktop with no configuration file it checks the simulated setup that
``tablegame simulate`` uses (the virtual board on a pseudo-terminal, mock pins, a
window) and says so. Exit status 0 only when every check is fine.

Part of the composition root (it opens the real parts to see whether they work)."""
from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from tablegame.config import Config, ConfigError, lenient, load
from tablegame.core.store import SCHEMA_VERSION, schema_version

HANDSHAKE_TIMEOUT = 3.0   # s: the link's own handshake waits about as long


@dataclass(frozen=True)
class Check:
    part: str     # "serial", "GPIO 17 (OK)", ...
    ok: bool
    words: str

    def line(self) -> str:
        return f"{'ok ' if self.ok else 'BAD'}  {self.part}: {self.words}"


def on_a_pi() -> str | None:
    """The Pi's model, or None on any other machine."""
    try:
        model = Path("/proc/device-tree/model").read_text(errors="replace").strip("\0 \n")
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def run(config_path: str | None, simulated: bool, service_running: bool = False,
        store: str | None = None) -> list[Check]:
    """Every check; ``store`` replaces the configured event log (the simulated one)."""
    checks = list(check_config(config_path))
    config = lenient(config_path)   # a bad value is named above; the rest is still checked
    if simulated:
        checks += check_virtual_board()
    else:
        checks.append(check_serial(config["serial.port"], config["serial.baudrate"], service_running))
    checks += check_pins(config, simulated)
    checks.append(check_screen(simulated))
    checks += check_data(store or config["table.store"], made_on_start=simulated)
    # simulate serves the page on this machine only
    checks.append(check_port("127.0.0.1" if simulated else config["web.host"], config["web.port"]))
    if config["mqtt.enabled"]:
        checks.append(check_mqtt(config))
    return checks


def check_mqtt(config: Config) -> Check:
    """The broker of ``[mqtt]``, logged in to as the table would (docs/mqtt.md)."""
    try:
        from mqtt_publisher.broker import Broker
        from mqtt_publisher.probe import probe
    except ImportError as error:
        return Check("MQTT", False, f"the MQTT client is not installed ({error}): install the "
                     "program again (deploy/install.sh)")
    ok, words = probe(Broker.from_config(config), config["mqtt.venue"], config["mqtt.table"])
    return Check("MQTT", ok, words)


# -- the configuration --------------------------------------------------------

def check_config(path: str | None) -> Iterator[Check]:
    if path is None:
        yield Check("config", True, "no configuration file: the defaults (the simulated setup; "
                    "the staff page saves its settings to var/simulated-config.toml)")
        return
    try:
        load(path)
    except ConfigError as error:
        for problem in error.problems:   # each with its line in the file, where it has one
            yield Check("config", False, f"{path}: {problem}")
        return
    yield Check("config", True, f"{path}: every value is fine")


# -- the board ----------------------------------------------------------------

def check_serial(port: str, baudrate: int, service_running: bool = False) -> Check:
    part = "serial"
    if "://" not in port:
        if not os.path.exists(port):
            return Check(part, False, f"{port} is missing: is the board plugged in (USB)? "
                         "The installer's udev rule names it /dev/tablegame-board")
        if not os.access(port, os.R_OK | os.W_OK):
            return Check(part, False, f"{port}: no permission to open it; the service user "
                         "must be in the group that owns it (dialout)")
    if service_running:
        return Check(part, True, f"{port} is there; the running service holds it (stop the "
                     "service for the handshake check; the staff page shows the link)")
    return handshake(port, baudrate)


def handshake(port: str, baudrate: int, timeout: float = HANDSHAKE_TIMEOUT) -> Check:
    """Say HELLO and wait for the board's BOARD_INFO, as the link does."""
    import serial
    from firmware_bridge.codec import (BoardInfo, FrameDecoder, Hello, ProtocolError,
                                       VersionMismatch, check_version, decode, encode)
    part = "serial"
    try:
        link = serial.serial_for_url(port, baudrate=baudrate, timeout=0.05, write_timeout=1.0)
    except (serial.SerialException, OSError, ValueError) as error:
        return Check(part, False, f"cannot open {port}: {error}")
    with contextlib.closing(link):
        decoder = FrameDecoder()
        deadline = time.monotonic() + timeout
        next_hello = 0.0
        while time.monotonic() < deadline:
            if time.monotonic() >= next_hello:
                link.write(encode(Hello(), 1))
                next_hello = time.monotonic() + 0.5
            try:
                data = link.read(4096)
            except (serial.SerialException, OSError) as error:
                return Check(part, False, f"{port} failed while reading: {error}")
            for frame in decoder.feed(data):
                if isinstance(frame, Exception):
                    continue
                try:
                    message = decode(frame)
                except ProtocolError:
                    continue
                if isinstance(message, BoardInfo):
                    try:
                        check_version(message)
                    except VersionMismatch as error:
                        return Check(part, False, f"{port}: wrong protocol version: {error}")
                    return Check(part, True, f"{port}: board {message.board_id:#x}, "
                                 f"firmware {message.firmware}, protocol {message.version}: answering")
    return Check(part, False, f"{port} opens, but no handshake: the board did not answer HELLO "
                 f"within {timeout:g} s (wrong device, wrong baud rate, or the firmware is not running)")


def check_virtual_board() -> list[Check]:
    """The simulated setup's board: the virtual board on a pseudo-terminal."""
    from firmware_bridge.virtual_board import VirtualBoard
    from tablegame.core.world import NoCoins
    with tempfile.TemporaryDirectory(prefix="tablegame-doctor-") as folder:
        try:
            # the handshake needs no game: an empty world answers it
            with VirtualBoard(NoCoins(), link_path=os.path.join(folder, "board"), realtime=False) as board:
                check = handshake(board.port, 115200)
        except OSError as error:
            return [Check("serial", False, f"the virtual board cannot open a pseudo-terminal: {error}")]
    return [Check("serial", check.ok, f"(simulated) the virtual board on a pseudo-terminal: {check.words}")]


# -- the Pi itself ------------------------------------------------------------

BUTTONS = {"ok": "OK", "back": "BACK", "menu": "MENU"}


def lgpio_where_it_may_write(folders: tuple[str | None, ...] | None = None) -> None:
    """lgpio makes its notification pipe (.lgd-nfy0) in the current folder when it is first
    imported (its LG_WD moves it, but then lgpio changes the whole program's folder): the
    doctor run as the docs say (sudo -u tablegame … from the checkout, which that user cannot
    write) found every pin BAD. So it is imported once from the data folder, or a private
    temporary one, and the current folder is given back. The service has its own
    (WorkingDirectory=/var/lib/tablegame)."""
    import importlib.util
    if "lgpio" in sys.modules or importlib.util.find_spec("lgpio") is None:
        return
    if folders is None:
        folders = (os.environ.get("STATE_DIRECTORY"), "/var/lib/tablegame")
    try:
        here = os.getcwd()
    except OSError:
        here = None
    folder = next((f for f in folders if f and os.access(f, os.W_OK | os.X_OK)), None)
    os.chdir(folder or tempfile.mkdtemp(prefix="tablegame-lgpio-"))
    try:
        import lgpio  # noqa: F401
    except Exception:   # noqa: BLE001: gpiozero says why when it tries the factory
        pass
    finally:
        try:
            if here is not None:
                os.chdir(here)
        except OSError:  # sudo -u from a folder that user cannot enter: stay where lgpio is
            pass


def check_pins(config: Config, simulated: bool) -> list[Check]:
    import warnings
    from gpiozero import Button
    from gpiozero.exc import GPIOZeroError
    factory = None
    if simulated:
        from gpiozero.pins.mock import MockFactory
        factory = MockFactory()
    else:
        lgpio_where_it_may_write()
    checks = []
    for name, label in BUTTONS.items():
        pin = config[f"buttons.{name}"]
        part = f"GPIO {pin} ({label})"
        with warnings.catch_warnings(record=True) as fallbacks:
            warnings.simplefilter("always")
            try:
                with Button(pin, pull_up=True, pin_factory=factory) as button:
                    kind = type(button.pin_factory).__name__.removesuffix("Factory")
                    state = "pressed" if button.is_pressed else "released"
                    words = f"{kind} pin, reads {state}" + (" (simulated)" if simulated else "")
                    checks.append(Check(part, True, words))
            except ImportError as error:   # no pin factory (gpiozero's BadPinFactory too)
                return [*checks, _no_pin_factory(config, error, fallbacks)]
            except (GPIOZeroError, OSError) as error:
                checks.append(Check(part, False, f"cannot use it: {error} (busy: the running "
                                    "service holds it; no backend: lgpio, see docs/install.md)"))
    return checks


def _no_pin_factory(config: Config, error: ImportError, fallbacks: list) -> Check:
    """Without a pin factory no pin can be used: one finding for the buttons left, said
    once (gpiozero would try, and warn about, each fallback again for every pin)."""
    pins = [config[f"buttons.{name}"] for name in BUTTONS]
    tried = "; ".join(str(w.message).removeprefix("Falling back from ") for w in fallbacks)
    return Check(f"GPIO {', '.join(map(str, pins))} ({', '.join(BUTTONS.values())})", False,
                 f"no pin factory, so no button was checked: {error}"
                 + (f" (tried {tried})" if tried else "")
                 + ". On the Pi the installer puts lgpio into the program's environment "
                 "(docs/install.md); on a desktop, tablegame doctor without --config checks the "
                 "simulated buttons")


def check_screen(simulated: bool) -> Check:
    """Open the display as the service would (KMS/DRM on a Pi unless told otherwise)."""
    import pygame
    driver = os.environ.get("SDL_VIDEODRIVER") or (None if simulated or not on_a_pi() else "kmsdrm")
    if driver:
        os.environ["SDL_VIDEODRIVER"] = driver
    with _printed_by_sdl() as said:
        try:
            pygame.display.init()
            got = pygame.display.get_driver()
            sizes = pygame.display.get_desktop_sizes()
            if not simulated:
                # a frame drawn and shown, as the service's first: KMS/DRM loads EGL, GLES and
                # Mesa's driver only here (display.init() alone passes without them)
                screen = pygame.display.set_mode(sizes[0] if sizes else (800, 480), pygame.FULLSCREEN)
                screen.fill((0, 0, 0))
                pygame.display.flip()
        except pygame.error as error:
            failed = error
        else:
            failed = None
        finally:
            pygame.display.quit()
    also = "".join(f"; {_sdl_in_words(line)}" for line in said)
    if failed is not None:
        return Check("screen", False, f"no screen through {driver or 'SDL'}: {failed} (on the Pi: the "
                     "HDMI cable, the video and render groups; the running service holds the "
                     f"screen){also}")
    if got == "offscreen" and driver != "offscreen":
        return Check("screen", False, "SDL found no display, only 'offscreen': nobody would see "
                     f"the table{also}")
    size = "x".join(map(str, sizes[0])) if sizes else "unknown size"
    note = " (no picture: for tests)" if got == "dummy" else " (simulated: a window)" if simulated else ""
    return Check("screen", True, f"{got} driver, {size}{note}{also}")


@contextlib.contextmanager
def _printed_by_sdl() -> Iterator[list[str]]:
    """The lines SDL's C code prints on stderr while the block runs (after it, each line
    once): the doctor says them in its screen line instead of SDL's raw, repeated
    "error: XDG_RUNTIME_DIR is invalid or not set" between its own lines."""
    said: list[str] = []
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield said
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            for line in sink.read().decode(errors="replace").splitlines():
                if line.strip() and line.strip() not in said:
                    said.append(line.strip())


def _sdl_in_words(line: str) -> str:
    if "XDG_RUNTIME_DIR" in line:
        return ("XDG_RUNTIME_DIR is not set (through sudo or su?): a Wayland desktop needs it; "
                "run the doctor as the desktop's user, or export XDG_RUNTIME_DIR=/run/user/$(id -u)")
    return f"SDL says: {line.removeprefix('error: ')}"


# -- the data ------------------------------------------------------------------

def check_data(store: str, made_on_start: bool = False) -> list[Check]:
    folder = Path(store).parent
    checks = []
    if not folder.is_dir():
        if made_on_start:
            return [Check("data folder", True, f"{folder} is not there yet: tablegame simulate makes it")]
        return [Check("data folder", False, f"{folder} does not exist (the installer makes it)")]
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".doctor-"):
            pass
        checks.append(Check("data folder", True, f"{folder} is writable"))
    except OSError as error:
        checks.append(Check("data folder", False, f"{folder} is not writable: {error}"))
    checks.append(check_database(store))
    return checks


def check_database(store: str) -> Check:
    part = "event log"
    if not os.path.exists(store):
        return Check(part, True, f"{store} is not there yet: the first start makes it")
    try:
        with contextlib.closing(sqlite3.connect(f"file:{store}?mode=ro", uri=True)) as db:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
            version = schema_version(db)
            events = db.execute("SELECT count(*) FROM events").fetchone()[0] if version else 0
    except sqlite3.Error as error:
        return Check(part, False, f"{store} is corrupt or not an event log: {error} (move it aside: "
                     "the table starts a fresh log; the old one stays for staff)")
    if verdict != "ok":
        return Check(part, False, f"{store} is corrupt: {verdict}")
    if version > SCHEMA_VERSION:
        return Check(part, False, f"{store} has schema version {version}, newer than this "
                     f"program's {SCHEMA_VERSION}: install the newer program again")
    upgrade = f" (upgraded to {SCHEMA_VERSION} at the next start)" if version < SCHEMA_VERSION else ""
    return Check(part, True, f"{store}: not corrupt, schema version {version}{upgrade}, {events} events")


def check_port(host: str, port: int) -> Check:
    part = "staff page"
    if port == 0:
        return Check(part, True, "web.port = 0: any free port")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
            return Check(part, True, f"port {port} on {host} is free")
        except OSError as error:
            taken = error
    if _ours(host, port):
        return Check(part, True, f"port {port}: the table's staff page answers there (the service runs)")
    return Check(part, False, f"cannot listen on {host}:{port}: {taken.strerror or taken} (another "
                 "program has the port: change web.port)")


def _ours(host: str, port: int) -> bool:
    """Whether the program on the port is the staff page (waitress says ``tablegame``)."""
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1" if host in ("0.0.0.0", "") else host, port,
                                            timeout=2)
    try:
        connection.request("HEAD", "/")
        return connection.getresponse().getheader("Server", "") == "tablegame"
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def report(checks: list[Check], setup: str) -> tuple[str, int]:
    lines = [setup, *(check.line() for check in checks)]
    bad = sum(not c.ok for c in checks)
    lines.append("all is well" if not bad else f"{bad} problem{'s' * (bad != 1)} found")
    return "\n".join(lines), 0 if not bad else 1

