"""The installer's configuration: defaults work, every bad value is named with its key,
and every setting is documented."""
from pathlib import Path

import pytest

from tablegame.config import SETTINGS, ConfigError, load, parse

DOCS = Path(__file__).parent.parent / "docs" / "configuration.md"
EXAMPLE = Path(__file__).parent.parent / "deploy" / "config.example.toml"


def test_no_file_is_a_working_table_with_the_documented_defaults():
    config = load(None)
    assert config["table.language"] == "de" and config["serial.baudrate"] == 115200


def test_the_shipped_example_is_valid():
    config = load(EXAMPLE)
    assert config.games["shove-hapenny"]["target"] == 3


def test_every_setting_is_documented():
    text = DOCS.read_text()
    missing = [s.key for s in SETTINGS if f"`{s.key}`" not in text]
    assert not missing


@pytest.mark.parametrize("raw, message", [
    ({"table": {"language": "fr"}}, "table.language: expected one of 'de', 'en', got 'fr'"),
    ({"serial": {"baudrate": 0}}, "serial.baudrate: expected a number from 1200 to 4000000, got 0"),
    ({"buttons": {"long_press": True}}, "buttons.long_press: expected a number"),
    ({"buttons": {"ok": 22}}, "buttons: each button needs its own GPIO"),
    ({"table": {"parties": [["Anna"]]}}, "table.parties: expected two lists of player names"),
    ({"table": {"colour": "red"}}, "table.colour: unknown setting"),
    ({"table": {"game": "chess"}}, "table.game: expected one of shove-hapenny"),
    ({"games": {"shove-piecepack": {"beds": 9}}}, "games.shove-piecepack.beds: expected a whole number from 2 to 7, got 9"),
    ({"boards": {"shove-hapenny": {"colour": 1}}}, "boards.shove-hapenny.colour: unknown board setting"),
    ({"display": {"size": [800]}}, "display.size: expected [width, height]"),
    ({"display": {"size": [100, 60]}}, "display.size: expected [width, height] in pixels, at "
     "least [320, 240] (the smallest screen the table draws on) and at most [7680, 4320], or "
     "[0, 0] for the screen's own size, got [100, 60]"),
    ({"display": {"size": [0, 480]}}, "display.size: expected [width, height] in pixels, at least"),
])
def test_a_bad_value_is_named_with_its_key(raw, message):
    with pytest.raises(ConfigError) as error:
        parse(raw, "test.toml")
    assert any(message in p for p in error.value.problems), error.value.problems


def test_all_problems_are_reported_at_once():
    with pytest.raises(ConfigError) as error:
        parse({"serial": {"baudrate": "fast", "port": 3}, "display": {"fullscreen": "yes"}})
    assert len(error.value.problems) == 3


def test_a_file_that_is_not_toml_says_so(tmp_path):
    bad = tmp_path / "config.toml"
    bad.write_text("[serial\nport = 1")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load(bad)
