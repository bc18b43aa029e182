"""A scripted Schocken evening through the whole table: the virtual board's dice
reader on a real pty, the serial link, the session and its SQLite log."""
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablegame.config import load
from table_app.headless import load_script, run_script

EVENING = Path(__file__).parent.parent / "examples" / "headless" / "schocken-evening.json"
ANNA, BEN, CEM = range(3)


@pytest.fixture
def config():
    return load(None, {"schocken.dice": "reader"})


@pytest.fixture
def script(config):
    return load_script(EVENING, config)


def test_a_scripted_evening_through_the_dice_reader_gives_the_expected_loser(script, config):
    result = run_script(script, config)
    game = result["state"]["game"]
    assert game["loser"] == BEN and not game["blattschuss"]
    assert game["half_losers"] == [CEM, BEN, BEN]          # Cem, then Ben, Ben in the final
    assert result["outcome"]["reason"] == "Ben lost the final and pays"
    assert result["message"] == "Ben verliert das Spiel und zahlt!"
    assert result["problem"] is None


def test_the_impossible_reading_is_refused_and_the_evening_goes_on(script, config):
    before = run_script(dataclasses.replace(script, steps=script.steps[:6]), config)
    refused = run_script(dataclasses.replace(script, steps=script.steps[:7]), config)
    assert script.steps[6] == {"dice": [7, 6, 6]}
    assert refused["problem"].startswith("Würfelleser meldet die Augenzahl 7")
    assert refused["state"] == before["state"] and refused["actions"] == before["actions"]
    after = run_script(dataclasses.replace(script, steps=script.steps[:8]), config)
    assert after["problem"] is None and after["message"] == "Ben wirft 6-6-3 (2. Wurf von 2)"


def test_ok_deals_the_next_game_and_the_tally_counts_the_loser(script, config, tmp_path):
    steps = script.steps + ({"press": "ok"},)
    result = run_script(dataclasses.replace(script, steps=steps), config, tmp_path / "t.sqlite")
    state = result["state"]
    assert state["evening"]["lost"] == [0, 1, 0] and state["evening"]["games"] == 1
    assert state["game"]["loser"] is None and state["game"]["order"][0] == BEN
    assert result["message"] == "Nächstes Spiel: Ben beginnt"


def test_the_command_line_runs_the_evening_as_documented_on_a_fresh_clone(tmp_path):
    # no configuration at all: the script's settings name the dice reader it needs
    out = subprocess.run([sys.executable, "-m", "table_app.cli", "simulate", "--headless",
                          str(EVENING)], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["state"]["game"]["loser"] == BEN


def test_dice_steps_on_a_table_with_its_own_dice_say_what_they_need(script):
    from table_app.headless import ScriptError
    own_dice = load(None, {"schocken.dice": "table"})
    with pytest.raises(ScriptError, match='needs|"settings": {"schocken.dice": "reader"}'):
        run_script(dataclasses.replace(script, settings=()), own_dice)
