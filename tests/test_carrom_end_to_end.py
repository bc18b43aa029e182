"""Carrom through the whole table: strokes simulated with pymunk on the virtual board,
reported over a real pty as a pocket board would (started, pocketed, settled pieces),
the serial link, the session with its SQLite log, and the referee."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablegame.config import load
from table_app.headless import Script, ScriptError, load_script, run_script
from tablegame.core.play import GameSetup

BOARD = Path(__file__).parent.parent / "examples" / "headless" / "carrom-board.json"
SINGLES = GameSetup("carrom", (("Anna",), ("Ben",)))
BREAK = {"strike": {"along": 0, "angle": 0, "speed": 7000}}          # two whites go down
SECOND = {"strike": {"along": -150, "angle": -36, "speed": 7000}}    # a white and two blacks


@pytest.fixture
def config():
    return load(None, {"table.language": "de"})


def run(config, *steps, language=None):
    if language:
        config = load(None, {"table.language": language})
    return run_script(Script(SINGLES, 0, tuple(steps)), config)


def test_the_board_seen_set_up_then_a_break_that_pockets_two_whites(config):
    result = run(config, BREAK)
    board = result["state"]["board"]
    assert board["men"] == [7, 9] and board["break_made"] and board["pocketed_own"] == [True, False]
    assert result["state"]["seat"] == 0 and result["actions"] == 2       # set-up seen, the stroke
    assert result["message"].endswith("Anna bleibt am Zug") and result["problem"] is None


def test_a_stroke_with_the_opponents_men_keeps_the_turn_with_an_own_one(config):
    result = run(config, BREAK, SECOND, language="en")
    state = result["state"]
    assert state["board"]["men"] == [6, 7] and state["seat"] == 0
    assert result["message"] == "Stroke (ICF law 48) · Anna: staying down: White 1, Black 2 · Anna plays on"


def test_a_pocket_report_with_no_stroke_is_refused_with_its_message(config):
    before = run(config, BREAK)
    refused = run(config, BREAK, {"report": {"pocketed": {"pocket": 1, "kind": "queen"}}})
    assert refused["problem"] == "Meldung ohne Stoß (Königin): nicht gezählt"
    assert refused["state"] == before["state"] and refused["actions"] == before["actions"]


def test_a_tenth_white_and_a_second_queen_are_refused_and_counted_nowhere(config):
    started = {"report": {"started": True}}
    whites = [{"report": {"pocketed": {"pocket": 0, "kind": "white"}}}] * 8
    result = run(config, BREAK, started, *whites, language="en")
    assert result["problem"] == "White: man number 8 reported, only 7 were on the board: not counted"
    queens = [{"report": {"pocketed": {"pocket": 2, "kind": "queen"}}}] * 2
    result = run(config, BREAK, started, *queens, language="en")
    assert result["problem"] == "A second queen reported, there is only one: not counted"
    assert result["state"]["board"]["queen"] == "board" and result["actions"] == 2


def test_a_striker_foul_puts_a_man_back_and_the_hand_places_it(config):
    # the break pockets two whites; this stroke sends only the striker down (72)
    striker = {"strike": {"along": -150, "angle": -20, "speed": 4000}}
    waiting = run(config, BREAK, striker)
    state = waiting["state"]
    assert state["board"]["men"] == [8, 9] and state["seat"] == 1
    assert state["to_place"] == [{"piece": "white", "count": 1, "where": "outer"}]
    placed = run(config, BREAK, striker, {"place": True})
    assert placed["state"]["to_place"] == [] and placed["message"] == "Ben ist am Zug"


def test_fouls_from_the_rail_buttons(config):
    result = run(config, BREAK, {"foul": "during"}, language="en")
    state = result["state"]
    assert state["seat"] == 1 and state["ruling"]["laws"] == ["64a"]
    assert state["to_place"] == [{"piece": "white", "count": 1, "where": "outer"}]
    result = run(config, BREAK, {"foul": "left_seat_1"})
    # docs/rules.md: "by the leaver's men **and the queen** still on the board" (91)
    assert result["state"]["scores"] == [9 + 3, 0] and result["state"]["boards_played"] == 1


def test_a_bad_step_names_itself(config):
    with pytest.raises(ScriptError, match="step 1: .*no technical_other|step 1: .*unknown foul 'elbow'"):
        run(config, {"foul": "elbow"})
    with pytest.raises(ScriptError, match="step 2: .*striker must lie on the base line"):
        run(config, BREAK, {"strike": {"along": 900, "speed": 3000}})


def test_a_scripted_board_gives_the_expected_score(config):
    result = run_script(load_script(BOARD, config), config)
    state = result["state"]
    assert state["boards_played"] == 1 and state["results"][0]["winner"] == 0
    assert state["results"][0]["points"] == 12 and state["scores"] == [12, 0]    # 9 men + the queen
    assert result["problem"] is None


def test_the_command_line_runs_the_board(tmp_path):
    out = subprocess.run([sys.executable, "-m", "table_app.cli", "simulate", "--headless", str(BOARD)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["state"]["boards_played"] == 1


def test_doubles_the_turn_passes_to_the_right_over_the_pty(config):
    doubles = GameSetup("carrom", (("Anna", "Carl"), ("Ben", "Dora")))
    soft = {"strike": {"along": 0, "angle": 0, "speed": 300}}           # slides 3 cm: touches nothing
    result = run_script(Script(doubles, 0, (BREAK, SECOND, soft)), config)
    assert result["state"]["seat"] == 1                                  # Anna's third pockets nothing: Ben
    result = run_script(Script(doubles, 0, (BREAK, SECOND, soft, soft, soft)), config)
    assert result["state"]["seat"] == 3                                  # then Carl, then Dora
    assert result["message"] == "Dora ist am Zug"
    result = run_script(Script(doubles, 0, (soft,)), config)             # a break that touched no man
    assert result["state"]["board"]["attempts"] == 1 and result["state"]["seat"] == 0
