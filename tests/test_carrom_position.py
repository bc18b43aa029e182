"""A described Carrom position replayed without physics (docs/carrom-positions.md):
the example runs through the CLI and its rulings read as docs/rules.md says; bad input names
the key or step and what is wrong, exits 2, without a traceback."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablegame.families.carrom.position import PositionError, load, run

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "examples" / "carrom-ruling" / "carrom-queen-cover.json"
CLI = [sys.executable, "-m", "table_app.cli", "carrom-ruling"]


def cli(*args):
    return subprocess.run(CLI + [str(a) for a in args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_the_example_runs_through_the_cli_and_rules_the_queen_and_her_cover():
    out = cli(EXAMPLE, "--language", "en")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    says = [step["says"] for step in result["steps"]]
    assert "Anna pocketed the queen and must cover her with the next stroke" in says[0]
    assert says[1][0] == "Stroke (ICF law 101a)"  # striker with the cover: one more stroke
    assert "White: 2 men inside the outer circle" in says[1] and "Anna plays on" in says[1]
    assert result["steps"][2]["placed_first"] and "Queen covered by Anna" in says[2]
    assert "Ben to play" in says[3]
    state = result["state"]
    assert state["board"]["queen"] == "covered" and state["board"]["queen_side"] == 0
    # white: 3, one down and back with a due (4), one down; black: 5, one down, two down
    # and back with Ben's due
    assert state["board"]["men"] == [3, 5]
    assert result["outcome"] is None


def test_the_example_speaks_german_by_default():
    out = cli(EXAMPLE)
    says = json.loads(out.stdout)["steps"][1]["says"]
    assert "Weiß: 2 Steine in den äußeren Kreis setzen" in says


def test_a_board_and_the_game_end_in_the_output(tmp_path):
    path = tmp_path / "last.json"
    path.write_text(json.dumps({
        "players": [["Anna", "Carl"], ["Ben", "Dora"]], "language": "en",
        "position": {"men": {"white": 1, "black": 4}, "queen": "covered", "queen_by": 0,
                     "scores": [18, 3], "boards_played": 5, "turn": 2},
        "steps": [{"stroke": {"white": 1}}]}))
    result = json.loads(cli(path).stdout)
    assert result["steps"][0]["says"][-2:] == ["Anna & Carl win the board: 7 points (all men pocketed)",
                                               "Anna & Carl win the game, 25:3"]
    assert result["outcome"] == {"winner": 0, "party": "Anna & Carl", "reason": "25 points"}


@pytest.mark.parametrize("data, words", [
    ({"positon": {}}, "the file: unknown key 'positon'"),
    ({"position": {"men": {"white": 10}}}, "position.men.white: 10 men, but a colour has 9"),
    ({"position": {"men": {"whites": 3}}}, "position.men: unknown key 'whites'"),
    ({"position": {"men": {"white": "3"}}}, "position.men.white: expected a whole number, got '3'"),
    ({"position": {"queen": "lost"}}, "position.queen: 'lost' is not one of board, pending, covered"),
    ({"position": {"queen": "covered"}}, "position.queen_by"),
    ({"position": {"owed": [1, 0], "men": {"white": 8}}}, "position.owed: side 0 owes dues"),
    ({"position": {"queen": "pending", "queen_by": 1}}, "awaits the cover of the side on turn"),
    ({"position": {"queen": "pending", "queen_by": 0}}, "position.first_stroke: the queen was"),
    ({"position": {"turn": 2}}, "position.turn: 2 is no seat (0 to 1)"),
    ({"position": {"break_made": False, "men": {"black": 8}}}, "before the break every piece"),
    ({"position": {"pocketed_own": [True]}}, "position.pocketed_own: expected two values"),
    ({"players": [["Anna"], ["Ben", "Dora"]]}, "players: expected two sides"),
    ({"steps": [{"stroke": {"whites": 1}}]}, "step 1.stroke: unknown key 'whites'"),
    ({"steps": [{}, {"stroke": {}}]}, "step 1: expected one of"),
    ({"steps": [{"stroke": {"queen": 1}}]}, "step 1.stroke.queen: expected true or false, got 1"),
    ({"steps": [{"stroke": {}}, {"stroke": {"white": 10}}]},
     "step 2: refused: Weiß: 10 Steine versenkt oder vom Brett, es liegen aber nur 9"),
    ({"steps": [{"stroke": {"queen": True, "white": 2}}, {"stroke": {"queen": True}}]},
     "step 2: refused: Die Königin liegt nicht auf dem Brett"),
    ({"language": "fr"}, "language: 'fr' is not one of de, en"),
])
def test_bad_input_names_the_key_or_step_and_what_is_wrong(tmp_path, data, words):
    with pytest.raises(PositionError) as error:
        run(data)
    assert words in str(error.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = cli(path)
    assert out.returncode == 2 and words in out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_a_missing_or_broken_file_is_said_in_words(tmp_path):
    out = cli(tmp_path / "none.json")
    assert out.returncode == 2 and "cannot read" in out.stderr and "Traceback" not in out.stderr
    broken = tmp_path / "broken.json"
    broken.write_text("{\"steps\": [")
    out = cli(broken)
    assert out.returncode == 2 and "is not JSON" in out.stderr


def test_an_empty_file_object_is_a_fresh_board_after_the_break_side_0_on_turn():
    state, steps, language = load({})
    assert state.board.men == (9, 9) and state.board.break_made and steps == [] and language == "de"
    assert state.seat == 0 and state.players == (("A",), ("B",))


def test_the_owed_due_example_takes_out_bens_due_and_ends_by_107b():
    """examples/carrom-ruling/carrom-owed-due.json: Ben owes a due; Anna pockets a white and a black, so the
    black goes back at once and Anna places it herself (78b.ii); then her last white by an
    improper stroke with the queen on the board loses the board by 3 (107b)."""
    out = cli(ROOT / "examples" / "carrom-ruling" / "carrom-owed-due.json", "--language", "en")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    says = [step["says"] for step in result["steps"]]
    assert says[0][0] == "Stroke (ICF law 48, 78b.ii)"
    assert "Ben: 1 owed due taken out, Anna places it inside the outer circle" in says[0]
    assert says[0][-1] == "Anna plays on"
    assert says[1][0] == "Stroke (ICF law 107b)"
    assert "Ben wins the board: 3 points (the own last man with the queen on the board)" in says[1]
    assert result["state"]["scores"] == [10, 7]
