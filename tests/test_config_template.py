"""The installer's configuration file is written from the settings table, so it never
drifts: every setting is in it with its default, and uncommenting any line changes
nothing until its value is changed."""
import re
import subprocess
import sys
import tomllib

import pytest

from tablegame.config import SETTINGS, ConfigError, load, parse
from tablegame.config.template import template


def test_as_written_it_is_all_defaults():
    assert parse(tomllib.loads(template())).values == load(None).values


def test_every_setting_is_there_with_its_default_and_its_meaning():
    text = template()
    for setting in SETTINGS:
        section, _, key = setting.key.rpartition(".")
        block = text.split(f"[{section}]")[1].split("\n[")[0]
        assert f"# {setting.doc}\n# {key} = " in block, setting.key


def test_uncommenting_every_setting_changes_nothing():
    text = template()
    active = re.sub(r"^# (\w+ = .*)$", r"\1", text.split("\n# [games.")[0], flags=re.M)
    raw = tomllib.loads(active)
    assert sum(len(v) for v in raw.values()) == len(SETTINGS)
    assert parse(raw).values == load(None).values


def test_the_installers_choices_are_active_and_say_the_default():
    text = template({"serial.port": "/dev/tablegame-board"})
    assert 'port = "/dev/tablegame-board"   # set by the installer; default "/dev/ttyACM0"' in text
    assert parse(tomllib.loads(text))["serial.port"] == "/dev/tablegame-board"
    with pytest.raises(ConfigError, match="nope: unknown setting"):
        template({"nope": 1})


def test_the_command_refuses_a_bad_value_in_words():
    out = subprocess.run([sys.executable, "-m", "table_app.cli", "config-template", "--set",
                          "serial.baudrate=fast"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and \
        "Command-line error: --set serial.baudrate=fast: expected a number" in out.stderr
    assert "Traceback" not in out.stderr
