"""The whole table over a real pseudo-terminal: virtual board (pymunk physics) ->
serial link (pyserial) -> session -> SQLite, driven by headless scripts as a
developer or a misscore report would, and by the `tablegame` command itself."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

from tablegame.core import jsoncodec
from tablegame.families.shove.board import hapenny_board
from tablegame.config import load
from tablegame.core.games import find_game
from tablegame.families.shove.rules import ShoveState
from tablegame.families.shove.physics import start_y
from table_app.headless import Script, ScriptError, load_script, run_script
from tablegame.core.play import GameSetup

BOARD = hapenny_board()
CONFIG = load(None, {"table.language": "en"})
LANES = (70.0, 125.0, 180.0, 235.0, 290.0)  # straight shots up these never touch each other
TABLEGAME = [sys.executable, "-m", "table_app.cli"]


def to_bed(bed, x):
    """A straight shot that stops in the middle of ``bed``."""
    near, far = BOARD.bed_span(bed)
    return {"shot": {"x": x, "angle": 0, "reach": (near + far) / 2 - start_y(BOARD)}}


def script(*steps, seed=0, game="shove-hapenny", options=()):
    return Script(GameSetup(game, (("Anna",), ("Ben",)), tuple(options)), seed, tuple(steps))


def state_of(result) -> ShoveState:
    return jsoncodec.from_data(ShoveState, result["state"])


def test_five_shots_into_beds_chalk_those_beds_for_the_party_at_turn():
    beds = (1, 3, 5, 7, 9)
    result = run_script(script({"press": "ok"}, *(to_bed(b, x) for b, x in zip(beds, LANES)),
                               seed=0), CONFIG)
    state = state_of(result)
    starter = state.starter
    assert state.marks[starter] == tuple(1 if b in beds else 0 for b in range(1, 10))
    assert state.turn == 1 - starter and state.coins_left == 5
    assert "Gold watch" in result["message"]


def test_a_shot_short_of_the_first_line_is_not_counted():
    result = run_script(script({"press": "ok"}, {"shot": {"x": 180, "angle": 0, "reach": 40}}),
                        CONFIG)
    assert state_of(result).coins_left == 5
    assert result["message"] == "Coin short of the first line: not counted, shove it again"


def test_the_next_party_finds_a_cleared_board():
    steps = [{"press": "ok"}] + [{"shot": {"x": x, "angle": 0, "reach": 400}} for x in LANES]
    steps += [to_bed(2, 180)]
    state = state_of(run_script(script(*steps), CONFIG))
    assert state.turns[state.starter] == 1 and state.turn != state.starter
    assert state.coins_left == 4 and state.on_board == 1, "the board was cleared for the new turn"


def test_unplugging_the_board_mid_turn_reconnects_and_the_game_goes_on():
    steps = [{"press": "ok"}, to_bed(4, 70), {"unplug": 0.3}, to_bed(6, 180),
             {"fault": "garbage"}, to_bed(8, 290), {"fault": "duplicate"}, to_bed(2, 125),
             {"fault": "bad_crc"}, to_bed(5, 235)]
    state = state_of(run_script(script(*steps), CONFIG))
    assert state.marks[state.starter] == (0, 1, 0, 1, 1, 1, 0, 1, 0)


def test_undo_by_a_long_press_takes_back_the_last_counted_coin():
    steps = [{"press": "ok"}, to_bed(4, 70), {"press": "back", "long": True}]
    result = run_script(script(*steps), CONFIG)
    assert state_of(result).coins_left == 5
    assert result["actions"] == 2, "the toss and the cleared board remain; the shove is undone"


def test_piecepack_progressive_replays_scoring_coins():
    from tablegame.families.shove.board import piecepack_board
    board = piecepack_board()

    def bed(b, x):
        near, far = board.bed_span(b)
        return {"shot": {"x": x, "angle": 0, "reach": (near + far) / 2 - start_y(board)}}
    lanes = (80.0, 115.0, 150.0, 185.0, 220.0)
    steps = [{"press": "ok"}, bed(1, lanes[0]), bed(2, lanes[1])] + [
        {"shot": {"x": x, "angle": 0, "reach": 600}} for x in lanes[2:]]
    state = state_of(run_script(script(*steps, game="shove-piecepack",
                                       options=(("progressive", True),)), CONFIG))
    assert state.marks[state.starter] == (1, 1, 0, 0, 0, 0, 0)
    assert state.turn == state.starter and state.coins_left == 2, "two coins come back"


def test_script_errors_name_the_step(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"steps": [{"press": "ok"}, {"jump": 3}]}))
    with pytest.raises(ScriptError, match="step 2 {\"jump\": 3}: must have exactly one of"):
        load_script(bad, CONFIG)


def logged_actions(db):
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT kind, data FROM events ORDER BY seq").fetchall()
    return [json.loads(d) for k, d in rows if k == "action"]


class Lines:
    """A child's output, read line by line on a thread of its own, so a test can wait
    for a line with a deadline instead of sleeping and hoping."""

    def __init__(self, stream):
        self._lines, self._cond = [], threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            with self._cond:
                self._lines.append(line)
                self._cond.notify_all()

    def wait_for(self, words, timeout):
        with self._cond:
            return self._cond.wait_for(lambda: any(words in line for line in self._lines), timeout)

    def text(self):
        with self._cond:
            return "".join(self._lines)


def count_actions(db):
    try:
        return len(logged_actions(db)) if db.exists() else 0
    except sqlite3.OperationalError:  # the file exists, its schema not yet
        return 0


def test_headless_command_prints_the_state_as_json(tmp_path):
    path = tmp_path / "misscore.json"
    path.write_text(json.dumps({"game": "shove-hapenny", "seed": 5,
                                "steps": [{"press": "ok"}, to_bed(3, 180)]}))
    out = subprocess.run(TABLEGAME + ["simulate", "--headless", str(path), "--language", "de"],
                         capture_output=True, text=True, timeout=60, check=True)
    result = json.loads(out.stdout)
    assert result["state"]["coins_left"] == 4
    assert result["message"] == "Münze gezählt – noch 4"


def test_killed_mid_game_the_table_resumes_exactly_the_logged_state(tmp_path):
    db = tmp_path / "table.sqlite"
    long = tmp_path / "long.json"
    shots = [to_bed(b % 9 + 1, LANES[b % 5]) for b in range(60)]
    long.write_text(json.dumps({"seed": 1, "steps": [{"press": "ok"}] + shots}))
    proc = subprocess.Popen(TABLEGAME + ["simulate", "--headless", str(long), "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and count_actions(db) < 8:
        time.sleep(0.02)
    assert count_actions(db) >= 8, "the script logged too few shots within 60 s"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    actions = logged_actions(db)
    assert 8 <= len(actions) < 61, "killed mid-game"

    resume = tmp_path / "resume.json"
    resume.write_text(json.dumps({"resume": True, "steps": []}))
    out = subprocess.run(TABLEGAME + ["simulate", "--headless", str(resume), "--db", str(db)],
                         capture_output=True, text=True, timeout=60, check=True)
    resumed = jsoncodec.from_data(ShoveState, json.loads(out.stdout)["state"])

    # A kill between the board reporting a coin (its memory keeps it, as a real coin stays
    # where it lies) and the table logging it leaves that coin on the board: the resumed table
    # counts it then, as one more logged action after the ones of before the kill.
    after = logged_actions(db)
    assert after[:len(actions)] == actions and len(after) - len(actions) <= 1
    rules = find_game("shove-hapenny")
    expected = rules.initial_state([["Team A"], ["Team B"]])
    for data in after:
        expected = rules.apply(expected, jsoncodec.action_from_data(rules.action_types, data))
    assert resumed == expected


def test_simulate_opens_the_window_and_stops_cleanly_on_sigterm(tmp_path):
    db = tmp_path / "sim.sqlite"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen(TABLEGAME + ["simulate", "--db", str(db), "--party", "Anna,Carl",
                                         "--party", "Ben"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = Lines(proc.stderr)
    shown = lines.wait_for("the table is on the screen (1280x800)", timeout=60)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=20)
    assert shown and proc.returncode == 0, lines.text()
    with sqlite3.connect(db) as conn:   # nobody played: a new table logs nothing
        assert conn.execute("SELECT count(*) FROM events").fetchone() == (0,)


def test_a_bad_config_file_is_refused_with_every_bad_key_named(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[serial]\nbaudrate = "fast"\n[buttons]\nok = 40\n'
                    '[games.shove-hapenny]\ncolour = "red"\n')
    out = subprocess.run(TABLEGAME + ["check-config", str(path)], capture_output=True, text=True)
    assert out.returncode == 2
    assert "serial.baudrate: expected a number from 1200 to 4000000, got 'fast'" in out.stderr
    assert "buttons.ok: expected a BCM GPIO number from 0 to 27, got 40" in out.stderr


def test_menu_after_a_restart_stays_in_the_family_of_the_restored_game(tmp_path):
    from tablegame.core.events import ButtonPress
    from table_app.service import open_session
    db = tmp_path / "t.sqlite"
    first = open_session(CONFIG, db, GameSetup("neunfeld", (("Anna",), ("Ben",))))
    first.close()
    again = open_session(CONFIG, db)  # configured game: shove-hapenny; the log says neunfeld
    assert again.status.setup.game == "neunfeld"
    again.handle(ButtonPress("menu"))
    assert again.status.setup.game == "neunfeld" and again.status.setup.options != ()


def test_a_script_whose_game_is_refused_says_why_instead_of_playing_another(tmp_path):
    path = tmp_path / "typo.json"
    path.write_text(json.dumps({"game": "shove-piecepack", "options": {"progresive": True},
                                "steps": []}))
    out = subprocess.run(TABLEGAME + ["simulate", "--headless", str(path), "--language", "en"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    assert "Game not started: unknown option(s) progresive" in out.stderr
