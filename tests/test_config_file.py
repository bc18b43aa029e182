"""The configuration file's one writer: check-config's words for a bad value and
nothing changed, the [games]/[boards] tables kept, and a save killed at any moment
leaves a valid file (the old one or the new one)."""
import random
import signal
import subprocess
import sys
import time

import pytest

from tablegame.config import ConfigError, load, parse
from tablegame.config.file import ConfigFile

SAVER = """
import sys
from tablegame.config import load
from tablegame.config.file import ConfigFile
path = sys.argv[1]
settings = ConfigFile(path, load(path))
print("ready", flush=True)
i = 0
while True:
    i += 1
    settings.save({"serial.baudrate": 9600 + i % 2, "table.parties": [["A" * (i % 50 + 1)], ["B"]]})
"""


@pytest.fixture
def path(tmp_path):
    p = tmp_path / "config.toml"
    p.write_text('[table]\nlanguage = "de"\n[games.shove-piecepack]\nbeds = 5\n')
    return p


def test_a_bad_value_is_refused_in_check_configs_words_and_the_file_is_unchanged(path):
    settings, before = ConfigFile(path, load(path)), path.read_bytes()
    with pytest.raises(ConfigError) as refused:
        settings.save({"serial.baudrate": "fast"})
    assert "serial.baudrate: expected a number from 1200 to 4000000, got 'fast'" in str(refused.value)
    assert path.read_bytes() == before


def test_a_good_value_is_saved_beside_the_game_tables_and_the_language_is_live(path):
    settings = ConfigFile(path, load(path))
    assert settings.save({"table.language": "en", "serial.port": "/dev/ttyUSB0"}) == ["serial.port"]
    again = load(path)
    assert again["table.language"] == "en" and again["serial.port"] == "/dev/ttyUSB0"
    assert again.games == {"shove-piecepack": {"beds": 5}}
    assert settings.current()["table.language"] == "en"
    assert settings.current()["serial.port"] == "/dev/ttyACM0"   # until the restart


def test_a_save_killed_at_random_moments_leaves_a_valid_file_every_time(path):
    rng = random.Random(8)
    for _ in range(12):
        saver = subprocess.Popen([sys.executable, "-c", SAVER, str(path)],
                                 stdout=subprocess.PIPE, text=True)
        assert saver.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.15))
        saver.send_signal(signal.SIGKILL)
        saver.wait(10)
        config = load(path)                                  # parses and passes every check
        leftovers = sorted(p.name for p in path.parent.iterdir() if p.name != path.name)
        assert len(leftovers) <= 1                           # at most the one just killed
        assert config["serial.baudrate"] in (115200, 9600, 9601)
        assert config.games == {"shove-piecepack": {"beds": 5}}
        parse({})
        assert path.stat().st_mode & 0o777 == 0o640          # the installer's mode stays
    ConfigFile(path, load(path))                             # the next start tidies up
    assert [p.name for p in path.parent.iterdir()] == ["config.toml"]


@pytest.fixture(autouse=True)
def installers_mode(path):
    path.chmod(0o640)


def test_a_save_keeps_the_files_mode_and_removes_a_killed_saves_leftovers(path):
    import os
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    leftover = path.parent / f".config.toml.{dead.pid}.abc123"
    leftover.write_text("half a file")
    old_style = path.parent / ".config.toml.k2j3h4"
    old_style.write_text("half a file")
    os.utime(old_style, (time.time() - 3600, time.time() - 3600))
    mine = path.parent / f".config.toml.{os.getpid()}.inflight"   # a writer still running
    mine.write_text("being written")
    ConfigFile(path, load(path)).save({"table.language": "en"})
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in path.parent.iterdir()) == sorted(["config.toml", mine.name])


def test_the_count_of_failed_starts_and_the_solver_cache_are_written_the_same_way(tmp_path):
    """The same fault elsewhere: every file the table replaces goes through one writer."""
    import inspect
    from table_app import starts
    from tablegame.families.neunfeld import solver
    for module in (starts, solver):
        source = inspect.getsource(module)
        assert "write_atomically(" in source and "mkstemp" not in source, module.__name__
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    state = tmp_path / "state"
    state.mkdir()
    (state / f".failed-starts.json.{dead.pid}.x1y2").write_text("{")   # a start killed mid-write
    counter = starts.Starts(state)
    counter.begin()
    assert sorted(p.name for p in state.iterdir()) == [counter.path.name]


def test_arrays_are_saved_beside_the_configuration_in_the_file_a_setting_names(path):
    """camera.learned (what the camera learned: arrays, not TOML) is written by the same
    writer, beside the configuration, readable by whoever reads the configuration."""
    import tomllib
    path.chmod(0o640)
    settings = ConfigFile(path, load(path))
    written = settings.save_beside("camera.learned", b"learned")
    assert written == path.parent / "camera-learned.npz" and written.read_bytes() == b"learned"
    assert written.stat().st_mode & 0o777 == 0o640
    assert tomllib.loads(path.read_text())["camera"]["learned"] == "camera-learned.npz"
    assert tomllib.loads(path.read_text())["games"]["shove-piecepack"]["beds"] == 5
    settings.save({"camera.learned": "learned/shove.npz"})
    (path.parent / "learned").mkdir()
    settings = ConfigFile(path, load(path))
    assert settings.save_beside("camera.learned", b"again") == path.parent / "learned" / "shove.npz"
    with pytest.raises(ValueError, match="without a configuration file"):
        ConfigFile(None, load(None)).save_beside("camera.learned", b"x")


def test_a_save_that_cannot_keep_the_mode_leaves_the_old_file_no_temporary_and_no_descriptor(tmp_path, monkeypatch):
    """A refused chmod of the new file (a folder on a filesystem that refuses modes) is
    said as the OSError it is; the old file stays, and nothing is left behind: no
    temporary file beside it and no open descriptor (an unclosed one piles up on a table
    that saves every evening for months)."""
    import os

    from tablegame.core.atomic_file import write_atomically
    target = tmp_path / "config.toml"
    target.write_bytes(b"old")

    def refused(fd, mode):
        raise PermissionError(1, "Operation not permitted")
    monkeypatch.setattr(os, "fchmod", refused)
    before = set(os.listdir("/proc/self/fd"))
    with pytest.raises(PermissionError):
        write_atomically(target, b"new")
    assert target.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]
    assert set(os.listdir("/proc/self/fd")) <= before
