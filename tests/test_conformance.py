"""Checks every registered game passes for free (after OpenSpiel's games_sim_test):
random legal playouts never crash and always end, every state survives a JSON round
trip, and undo through the session walks back to the start, each state the log's replay."""
import json
import random

import pytest

from tablegame.core import jsoncodec
from tablegame.core.games import IllegalAction, find_game, game_names
from tablegame.core.games import make_play, playable_games
from tablegame.core.play import GameSetup
from tablegame.core.session import Act, Session, Undo
from tablegame.core.store import EventLog


def parties_for(rules):
    n = max(rules.min_parties, min(3, rules.max_parties))
    return [[f"P{i}a", f"P{i}b"] if rules.min_parties == rules.max_parties == 2 else [f"P{i}"]
            for i in range(n)]


def _play_rules(name):
    """The rules the session really uses for a game (e.g. Schocken's whole evening)."""
    rules = find_game(name)
    return make_play(GameSetup(name, tuple(map(tuple, parties_for(rules))))).rules


GAMES = game_names()
# plays whose rules wrap their engine (Schocken's evening deals game after game and never
# ends): they get every check but "ends", over playouts of a few games
WRAPPED = [f"play:{n}" for n in playable_games() if type(_play_rules(n)) is not type(find_game(n))]
WRAPPED_ACTIONS = 600  # two or three games of an evening


def rules_of(name):
    return _play_rules(name[5:]) if name.startswith("play:") else find_game(name)


def limit_of(name):
    return WRAPPED_ACTIONS if name in WRAPPED else None


def playout(rules, seed, limit=None):
    rng = random.Random(seed)
    state = rules.initial_state(parties_for(rules))
    states, actions = [state], []
    while not rules.is_over(state) and len(actions) < (limit or rules.max_actions):
        action = rules.random_action(state, rng)
        state = rules.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.mark.parametrize("name", GAMES + WRAPPED)
@pytest.mark.parametrize("seed", range(20))
def test_random_playout_ends_and_round_trips(name, seed):
    rules = rules_of(name)
    states, actions = playout(rules, seed, limit_of(name))
    if name in GAMES:
        assert rules.is_over(states[-1]), f"{name} did not end within {rules.max_actions} actions"
    for state in states:
        text = json.dumps(jsoncodec.to_data(state))
        assert jsoncodec.from_data(rules.state_type, json.loads(text)) == state
    for action in actions:
        text = json.dumps(jsoncodec.action_to_data(action))
        assert jsoncodec.action_from_data(rules.action_types, json.loads(text)) == action


UNDO_ACTIONS = 60  # actions played through the session, then undone one by one


@pytest.mark.parametrize("name", playable_games())
def test_undo_through_the_session_gives_the_state_of_the_replayed_log(name, tmp_path):
    """Play a random game through the session, then undo it back to the start with the
    session's own Undo: after every undo the table's state is the one the log replays to
    (a fresh session on the same log, as after a restart), and the one the game had
    before that action."""
    setup = GameSetup(name, tuple(map(tuple, parties_for(find_game(name)))))
    settings = {"neunfeld": {"solver_cache": str(tmp_path / "solution.bin")}}
    db = tmp_path / "table.sqlite"
    session = Session(EventLog(db), lambda s: make_play(s, settings), setup, rng=random.Random(1))
    states, actions = playout(session.play.rules, 7, UNDO_ACTIONS)
    for action in actions:
        session.handle(Act(action), by="script")
    assert session.status.state == states[-1] and session.status.actions == len(actions)
    # an undo takes back the last move with the observations after it (Shove's board seen
    # empty, a coin moved unhit): the state before that move
    moves = [not isinstance(a, session.play.rules.observations) for a in actions]
    k = len(actions)
    while any(moves[:k]):
        k = max(i for i in range(k) if moves[i])
        session.handle(Undo(), by="script")
        replayed = Session(EventLog(db), lambda s: make_play(s, settings), setup)
        try:
            assert session.status.state == replayed.status.state == states[k]
            assert session.status.actions == replayed.status.actions == k
        finally:
            replayed.close()
    session.handle(Undo(), by="script")
    assert session.status.note.key == "nothing_to_undo" and session.status.state == states[k]
    session.close()


@pytest.mark.parametrize("name", GAMES)
def test_no_action_after_the_end(name):
    rules = rules_of(name)
    states, actions = playout(rules, seed=3)
    with pytest.raises(IllegalAction):
        rules.apply(states[-1], actions[-1])


@pytest.mark.parametrize("name", GAMES + WRAPPED)
def test_listed_legal_actions_are_all_legal(name):
    rules = rules_of(name)
    states, _ = playout(rules, 11, limit_of(name))
    for state in states[:200]:
        listed = rules.legal_actions(state)
        for action in listed or ():
            rules.apply(state, action)  # must not raise
