"""Bad headless scripts: each says which step and what is wrong with it, runs no step
at all, leaves the --db log as it was and ends the command with status 2."""
import json
import sqlite3
import subprocess
import sys

import pytest

from tablegame.config import load
from table_app.headless import ScriptError, load_script, run_script

CONFIG = load(None, {"table.language": "en"})
SHOT = {"shot": {"x": 178, "angle": 0, "reach": 160}}


@pytest.mark.parametrize("script, said", [
    ({"steps": [{"press": "ok"}, {"unplug": -1}]},
     'step 2 {"unplug": -1}: "unplug" is the seconds until it is plugged in again, from 0 to 60'),
    ({"steps": [{"press": "back", "long": "maybe"}]},
     'step 1 {"press": "back", "long": "maybe"}: "long" must be true or false'),
    ({"steps": [{"press": "okay"}]}, '"press" is one of "ok", "back", "menu"'),
    ({"stepz": [SHOT]}, "unknown key 'stepz'; a script may have game, options"),
    ({"steps": [{"shot": {"x": 178, "reach": 160, "spin": 2}}]},
     'unknown key "spin" in the shot; it may have "x", "angle", "speed", "reach"'),
    ({"steps": [{"shot": {"x": 178, "speed": 900, "reach": 160}}]},
     'a shot has either "speed" (mm/s) or "reach" (mm)'),
    ({"steps": [{"shot": {"x": "left", "speed": 900}}]}, '"x" must be a number'),
    ({"steps": [{"press": "ok", "hard": True}]}, 'unknown key "hard"; a press step may also have "long"'),
    ({"steps": [{"fault": "garbage", "params": {"size": -3}}]}, '"size" must be a number of at least 0'),
    ({"steps": [{"nudge": {"x": 1, "y": 2, "dz": 3}}]}, 'unknown key "dz" in the nudge'),
    ({"steps": [{"clear": "yes"}]}, '"clear" must be true'),
    ({"steps": [{"tip": {"die": 3}}]}, 'the tip needs "top"'),
    ({"steps": [{"dice": [1, 2, 3], "aside": [True]}]}, '"aside" is a list of 3 true or false'),
    ({"resume": "yes", "steps": []}, '"resume" must be true or false'),
    ({"parties": [["Anna"], 7], "steps": []}, '"parties" is a list of parties, each a list of names'),
    ({"parties": "Anna, Ben", "steps": []}, '"parties" is a list of parties'),
    ({"settings": {"schocken.dice": "reader", "table.colour": "red"}, "steps": []},
     "unknown setting 'table.colour'"),
    ({"settings": {"schocken.dice": "dice"}, "steps": []},
     "schocken.dice: expected one of 'table', 'reader', got 'dice'"),
    ({"game": "carrom", "steps": [{"strike": {"angle": 10}}]}, 'the stroke needs "speed"'),
    ({"game": "carrom", "steps": [{"strike": {"speed": 900, "spin": 1}}]},
     'unknown key "spin" in the stroke'),
    ({"game": "carrom", "steps": [{"foul": "kick"}]}, '"foul" is one of'),
    ({"game": "carrom", "steps": [{"report": {"started": True, "off": "white"}}]},
     'a report holds one of "started", "pocketed", "off"'),
    ({"game": "carrom", "steps": [{"report": {"pocketed": {"pocket": 2}}}]},
     'the pocketed report needs "kind"'),
])
def test_a_bad_script_names_the_step_and_what_is_wrong(tmp_path, script, said):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(script))
    with pytest.raises(ScriptError) as refused:
        load_script(path, CONFIG)
    assert said in str(refused.value)


def test_a_shot_off_the_front_edge_is_refused_before_anything_runs(tmp_path):
    path, db = tmp_path / "off.json", tmp_path / "kept.sqlite"
    path.write_text(json.dumps({"steps": [{"press": "ok"}, SHOT,
                                          {"shot": {"x": 500, "angle": 0, "reach": 160}}]}))
    with pytest.raises(ScriptError, match=r"step 3 .*x from 12\.7 to 343\.3 mm, not 500"):
        run_script(load_script(path, CONFIG), CONFIG, db)
    assert not db.exists()                       # nothing ran, nothing was logged


def test_the_command_says_what_is_wrong_and_exits_2_with_the_log_unchanged(tmp_path):
    db = tmp_path / "kept.sqlite"
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"seed": 1, "steps": [{"press": "ok"}, SHOT]}))
    command = [sys.executable, "-m", "table_app.cli", "simulate", "--db", str(db), "--headless"]
    assert subprocess.run(command + [str(good)], capture_output=True, timeout=60).returncode == 0
    with sqlite3.connect(db) as conn:
        before = conn.execute("SELECT * FROM events").fetchall()
    latin1 = tmp_path / "latin1.json"
    latin1.write_bytes('{"parties": [["Jürgen"], ["Ben"]], "steps": []}'.encode("latin-1"))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"resume": True, "steps": [SHOT, {"unplug": -1}]}))
    for path, said in ((latin1, "not UTF-8 text (byte 0xfc at position 16)"),
                       (bad, 'step 2 {"unplug": -1}')):
        out = subprocess.run(command + [str(path)], capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and said in out.stderr, out.stderr
        assert "Traceback" not in out.stderr and out.stdout == ""
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT * FROM events").fetchall() == before
