"""Neunfeld end to end over a real pty: scripted dice and squares go through the
virtual board, the serial link, the session and its log; the winner is the one
the rules say. Also the desktop hands carry out the table's announced move."""
import random

import pytest

from tablegame.config import load
from tablegame.families.neunfeld.rules import NeunfeldRules, Roll, position_after
from tablegame.families.neunfeld.solver import NeunfeldSolver
from tablegame.core.play import GameSetup
from table_app.headless import Script, ScriptError, load_script, run_script
from test_neunfeld_rules import seed_actions

PARTIES = (("Anna",), ("Ben",))


@pytest.fixture
def config(tmp_path):
    return load(None, {"neunfeld.solver_cache": str(tmp_path / "neunfeld.bin")})


def steps_for(state, action):
    pos = state.position
    return [{"tip": {"die": action.die, "top": action.top}},
            {"move": {"from": pos.squares[pos.to_move], "to": action.to}}]


def test_the_seed_game_played_through_the_sensors_ends_with_ben_winning(config):
    rules = NeunfeldRules()
    state, steps = rules.initial_state(PARTIES), [{"roll": [1, 3, 2]}, {"roll": [2, 4, 3]}]
    state = rules.apply(rules.apply(state, Roll((1, 3, 2))), Roll((2, 4, 3)))  # no 5: A rolls again
    actions = list(seed_actions())
    for action in actions:
        steps += [{"roll": list(action.tops)}] if isinstance(action, Roll) else steps_for(state, action)
        state = rules.apply(state, action)
    for _ in range(2):   # A's first reply, then Ben lands on square 1
        action = next(a for a in rules.legal_actions(state) if a.to == 1) if state.to_move == 1 \
            else rules.legal_actions(state)[0]
        steps += steps_for(state, action)
        state = rules.apply(state, action)
    result = run_script(Script(GameSetup("neunfeld", PARTIES), 0, tuple(steps)), config)
    assert result["problem"] is None
    assert result["outcome"] == {"winner": 1, "reason": "Ben erreicht Feld 1 und gewinnt"}
    assert result["actions"] == 3 + len(actions) - 1 + 2


def test_against_the_table_over_the_pty_the_table_plays_the_solvers_moves(config, tmp_path):
    rules, rng = NeunfeldRules(), random.Random(7)
    solver = NeunfeldSolver.load(rules, tmp_path / "neunfeld.bin")
    state = rules.apply(rules.initial_state(PARTIES), Roll((1, 5, 2)))   # Anna (a guest) begins
    steps = [{"roll": [1, 5, 2]}]
    while not rules.is_over(state):
        if state.to_move == 1:
            action = solver.best_action(state)
            steps.append({"table": True})
        else:
            action = rng.choice(rules.legal_actions(state))
            steps += steps_for(state, action)
        state = rules.apply(state, action)
    result = run_script(Script(GameSetup("neunfeld", PARTIES, (("table_plays", 1),)), 0, tuple(steps)), config)
    assert result["problem"] is None
    assert result["outcome"]["winner"] == rules.outcome(state).winner == 1
    assert tuple(result["state"]["position"]["squares"]) == state.position.squares


def test_an_illegal_scripted_move_leaves_the_game_as_it_was_and_says_why(config):
    steps = ({"roll": [1, 5, 2]}, {"tip": {"die": 4, "top": 4}})
    result = run_script(Script(GameSetup("neunfeld", PARTIES), 0, steps), config)
    assert result["actions"] == 1
    assert result["problem"] == ("Nicht erlaubt: Würfel IV (rot) kann nicht von 5 auf 4 gekippt werden: "
                                 "das ist die Gegenseite")


def test_a_neunfeld_step_in_another_game_is_a_script_error(config, tmp_path):
    path = tmp_path / "s.json"
    path.write_text('{"game": "shove-hapenny", "steps": [{"roll": [1, 5, 2]}]}')
    with pytest.raises(ScriptError, match="Neunfeld step"):
        run_script(load_script(path, config), config)


def test_the_desktop_hands_carry_out_the_tables_move(config, tmp_path):
    from tablegame.families.neunfeld.hands import NeunfeldHands
    from table_app.service import open_session
    session = open_session(config, tmp_path / "log.sqlite",
                           GameSetup("neunfeld", PARTIES, (("table_plays", 0),)))
    reported = []

    class Board:
        def report(self, reading):
            reported.append(reading)
            session.handle(reading)

    hands = NeunfeldHands(session, config)
    hands._board = Board()
    hands.world.set_tops((1, 5, 2))
    session.handle(hands.world.dice())         # Anna is the table and begins
    hands.after_change()
    state = session.status.state
    assert state.to_move == 1 and session.status.problem is None and len(reported) == 2
    assert state.history[-1] == position_after(state.history[0], session.play.solver.best_action(
        session.play.rules.apply(session.play.rules.initial_state(PARTIES), Roll((1, 5, 2)))))
