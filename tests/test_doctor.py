"""`tablegame doctor` against good and broken setups: each problem named in its words,
one line per check, exit status 0 only when all is well."""
import os
import socket
import sqlite3
import subprocess
import sys
import threading

import pytest

from firmware_bridge.codec import BoardInfo, Capability, FrameDecoder, Hello, decode, encode
from firmware_bridge.virtual_board import VirtualBoard
from table_app import doctor
from tablegame.families.shove.board import hapenny_board
from tablegame.families.shove.simulation import SimulatedTable
from tablegame.core.store import SCHEMA_VERSION, EventLog


def words(checks, part):
    return [c for c in checks if c.part == part]


def test_the_simulated_setup_is_well_and_says_so(tmp_path):
    checks = doctor.run(None, simulated=True, store=str(tmp_path / "var" / "table.sqlite"))
    assert all(c.ok for c in checks), [c.line() for c in checks]
    parts = [c.part for c in checks]
    assert parts == ["config", "serial", "GPIO 17 (OK)", "GPIO 27 (BACK)", "GPIO 22 (MENU)", "screen",
                     "data folder", "staff page"]
    assert "(simulated) the virtual board" in words(checks, "serial")[0].words
    assert words(checks, "GPIO 17 (OK)")[0].words == "Mock pin, reads released (simulated)"
    text, status = doctor.report(checks, "simulated")
    assert status == 0 and text.endswith("all is well")


def test_the_command_prints_one_line_per_check_and_exits_0_when_well(tmp_path):
    out = subprocess.run([sys.executable, "-m", "table_app.cli", "doctor"], cwd=tmp_path,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy"}, capture_output=True,
                         text=True, timeout=120)
    if os.path.exists("/etc/tablegame/config.toml"):
        pytest.skip("this machine has an installed table: doctor checks that one")
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == ("not a Raspberry Pi: checking the simulated setup (tablegame simulate, "
                        "with the defaults)")
    assert all(line.startswith("ok ") for line in lines[1:-1]) and lines[-1] == "all is well"


def test_the_simulated_settings_file_is_named_by_help_doctor_and_simulate(tmp_path):
    """A setting saved on the staff page (var/simulated-config.toml) changes every later
    simulate, while --help and doctor said "the defaults" (issue 30, item 11)."""
    if os.path.exists("/etc/tablegame/config.toml"):
        pytest.skip("this machine has an installed table: doctor checks that one")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}

    def tablegame(*args):
        return subprocess.run([sys.executable, "-m", "table_app.cli", *args], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=120)
    assert "var/simulated-config.toml" in " ".join(tablegame("simulate", "--help").stdout.split())
    (tmp_path / "var").mkdir()
    (tmp_path / "var" / "simulated-config.toml").write_text('[table]\nlanguage = "en"\n')
    out = tablegame("doctor")
    assert "with var/simulated-config.toml" in out.stdout.splitlines()[0], out.stdout
    assert "ok   config: var/simulated-config.toml: every value is fine" in out.stdout
    script = tmp_path / "none.json"
    script.write_text('{"game": "shove-hapenny", "steps": []}')
    ran = tablegame("simulate", "--headless", str(script))
    assert "settings: var/simulated-config.toml (delete it for the defaults)" in ran.stderr, ran.stderr


def test_each_bad_value_is_named_with_its_line(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[table]\nlanguage = "fr"\n\n[serial]\n# the port\nbaudrate = "fast"\n'
                      '[buttons]\nok = 17\nback = 17\n')
    checks = list(doctor.check_config(str(config)))
    found = [c.words for c in checks]
    assert not any(c.ok for c in checks)
    assert f"{config}: line 2: table.language: expected one of 'de', 'en', got 'fr'" in found
    assert f"{config}: line 6: serial.baudrate: expected a number from 1200 to 4000000, got 'fast'" in found
    assert any(w.startswith(f"{config}: line 7: buttons: each button needs its own GPIO") for w in found)


def test_a_file_that_is_not_toml_says_where(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[table]\nlanguage = "de\n')
    [check] = doctor.check_config(str(config))
    assert not check.ok and "not valid TOML" in check.words and "line 2" in check.words


def test_a_missing_board_is_named(tmp_path):
    check = doctor.check_serial(str(tmp_path / "ttyACM0"), 115200)
    assert not check.ok and check.words.startswith(f"{tmp_path / 'ttyACM0'} is missing: is the board plugged in")


def test_no_permission_is_named(tmp_path, monkeypatch):
    device = tmp_path / "ttyACM0"
    device.touch()
    monkeypatch.setattr(os, "access", lambda path, mode: False)   # root may open anything
    check = doctor.check_serial(str(device), 115200)
    assert not check.ok and "no permission to open it" in check.words and "dialout" in check.words


@pytest.fixture
def pty():
    master, slave = os.openpty()
    yield master, os.ttyname(slave)
    os.close(master)
    os.close(slave)


def test_a_device_that_does_not_answer_is_no_handshake(pty):
    _, port = pty
    check = doctor.handshake(port, 115200, timeout=0.5)
    assert not check.ok and "no handshake: the board did not answer HELLO within 0.5 s" in check.words


def test_a_board_with_another_protocol_version_is_named(pty):
    master, port = pty

    def board():
        decoder = FrameDecoder()
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:
                return
            for frame in decoder.feed(data):
                if not isinstance(frame, Exception) and isinstance(decode(frame), Hello):
                    os.write(master, encode(BoardInfo(9, "old-1.0", Capability.COINS, 7), 1))
                    return
    answering = threading.Thread(target=board, daemon=True)
    answering.start()
    check = doctor.handshake(port, 115200)
    answering.join(2)   # it has answered: gone before the pty is closed, not reading its number after
    assert not answering.is_alive()
    assert not check.ok
    assert "wrong protocol version: the board speaks protocol version 9, this controller speaks " \
           "version 1" in check.words


def test_a_board_that_answers_is_named_with_its_firmware(tmp_path):
    with VirtualBoard(SimulatedTable(hapenny_board(), 0.25), link_path=str(tmp_path / "board"),
                      realtime=False) as board:
        check = doctor.check_serial(board.port, 115200)
    assert check.ok and "firmware virtual-1.0, protocol 1" in check.words


@pytest.mark.parametrize("factory", ["lgpio", None], ids=["named", "gpiozero's fallbacks"])
def test_no_pin_factory_is_named_once_for_all_buttons(factory):
    code = ("from table_app import doctor; from tablegame.config import load; "
            "[print(c.line()) for c in doctor.check_pins(load(None), simulated=False)]")
    env = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    out = subprocess.run([sys.executable, "-c", code],
                         env={**env, **({"GPIOZERO_PIN_FACTORY": factory} if factory else {})},
                         capture_output=True, text=True, timeout=60)
    [line] = out.stdout.splitlines()
    assert line.startswith("BAD  GPIO 17, 27, 22 (OK, BACK, MENU): no pin factory, so no button "
                           "was checked: ")
    assert "No module named 'lgpio'" in line and "docs/install.md" in line   # why, and the fix
    assert line.count("No module named 'lgpio'") == 1 and "Falling back" not in line
    assert out.stderr == ""


def test_lgpio_makes_its_pipe_in_the_data_folder_not_in_a_checkout_it_cannot_write(tmp_path, monkeypatch):
    """lgpio creates .lgd-nfy0 in the current folder at import: from a checkout the service
    user cannot write, every pin was BAD. A stand-in lgpio says where it was imported."""
    fake = tmp_path / "lib"
    fake.mkdir()
    (fake / "lgpio.py").write_text("import os\nWHERE = os.getcwd()\n")
    data, checkout = tmp_path / "data", tmp_path / "checkout"
    data.mkdir()
    checkout.mkdir()
    monkeypatch.syspath_prepend(str(fake))
    monkeypatch.delitem(sys.modules, "lgpio", raising=False)
    monkeypatch.chdir(checkout)
    doctor.lgpio_where_it_may_write((str(data),))
    assert sys.modules["lgpio"].WHERE == str(data) and os.getcwd() == str(checkout)


def test_the_doctor_run_from_a_folder_it_cannot_enter_again_stays_in_the_data_folder(tmp_path, monkeypatch):
    """sudo -u tablegame from a checkout in a home folder of mode 0700: the way back is
    refused (found on the arm64 check: a traceback)."""
    fake = tmp_path / "lib"
    fake.mkdir()
    (fake / "lgpio.py").write_text("")
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.syspath_prepend(str(fake))
    monkeypatch.delitem(sys.modules, "lgpio", raising=False)
    monkeypatch.chdir(tmp_path)
    real_chdir = os.chdir

    def refused_back(path):
        if str(path) == str(tmp_path):
            raise PermissionError(13, "Permission denied", str(path))
        real_chdir(path)
    monkeypatch.setattr(os, "chdir", refused_back)
    doctor.lgpio_where_it_may_write((str(data),))
    assert os.getcwd() == str(data)


def test_the_screen_is_opened_for_real_not_only_initialised(monkeypatch):
    """On KMS/DRM, SDL loads EGL, GLES and Mesa's driver when the window is made: a display
    that initialises without them passed before."""
    import pygame
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")

    def no_egl(*args, **kwargs):
        raise pygame.error("Could not initialize OpenGL / GLES library")
    monkeypatch.setattr(pygame.display, "set_mode", no_egl)
    check = doctor.check_screen(simulated=False)
    assert not check.ok and "GLES" in check.words


def test_no_screen_is_named(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    check = doctor.check_screen(simulated=False)
    assert not check.ok and check.words.startswith("no screen through kmsdrm: kmsdrm not available")


def test_a_data_folder_that_is_not_there_is_named(tmp_path):
    (tmp_path / "file").touch()
    [check] = doctor.check_data(str(tmp_path / "file" / "table.sqlite"))
    assert not check.ok and "does not exist" in check.words


def test_a_corrupt_log_is_named(tmp_path):
    store = tmp_path / "table.sqlite"
    store.write_bytes(b"this is not a database, it is a shopping list" * 100)
    folder, log = doctor.check_data(str(store))
    assert folder.ok and not log.ok and "corrupt or not an event log" in log.words


def test_a_log_from_a_newer_program_is_named(tmp_path):
    store = tmp_path / "table.sqlite"
    EventLog(store).close()
    with sqlite3.connect(store) as db:
        db.execute("PRAGMA user_version = 9")
    check = doctor.check_database(str(store))
    assert not check.ok and f"schema version 9, newer than this program's {SCHEMA_VERSION}" in check.words


def test_a_good_log_says_its_version_and_size(tmp_path):
    store = tmp_path / "table.sqlite"
    with EventLog(store) as log:
        log.append("new_game", {"game": "shove-hapenny"}, 0.0)
    check = doctor.check_database(str(store))
    assert check.ok and check.words == f"{store}: not corrupt, schema version {SCHEMA_VERSION}, 1 events"


def test_a_taken_port_is_named():
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        check = doctor.check_port("127.0.0.1", port)
    assert not check.ok and f"cannot listen on 127.0.0.1:{port}" in check.words
    assert "change web.port" in check.words


def test_a_broken_setup_exits_non_zero_and_counts_its_problems(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(f'[table]\nstore = "{tmp_path / "nowhere" / "t.sqlite"}"\n'
                      f'[serial]\nport = "{tmp_path / "ttyACM0"}"\n[web]\nport = 0\n')
    out = subprocess.run([sys.executable, "-m", "table_app.cli", "doctor", "--config", str(config)],
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "GPIOZERO_PIN_FACTORY": "mock"},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert "BAD  serial:" in out.stdout and "BAD  data folder:" in out.stdout
    assert out.stdout.splitlines()[-1] == "2 problems found" and "Traceback" not in out.stderr


def test_sdl_s_own_warnings_are_said_once_in_the_screen_line(tmp_path):
    """SDL prints "error: XDG_RUNTIME_DIR is invalid or not set" straight on stderr at
    each try of a Wayland desktop (sudo drops the variable): the doctor says it once."""
    config = tmp_path / "config.toml"
    config.write_text(f'[web]\nport = 0\n[table]\nstore = "{tmp_path / "table.sqlite"}"\n')
    env = {k: v for k, v in os.environ.items()
           if k not in ("XDG_RUNTIME_DIR", "SDL_VIDEODRIVER", "DISPLAY")}
    out = subprocess.run([sys.executable, "-m", "table_app.cli", "doctor", "--config", str(config)],
                         env={**env, "WAYLAND_DISPLAY": "wayland-0"}, capture_output=True,
                         text=True, timeout=60)
    assert "XDG_RUNTIME_DIR" not in out.stderr
    [screen] = [line for line in out.stdout.splitlines() if line.startswith(("ok   screen",
                                                                              "BAD  screen"))]
    assert out.stdout.count("XDG_RUNTIME_DIR is not set") == 1
    assert "XDG_RUNTIME_DIR is not set (through sudo or su?): a Wayland desktop needs it" in screen
