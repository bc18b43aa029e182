"""Checks every registered game passes for free (after OpenSpiel's games_sim_test):
random legal playouts never crash and always end, every state survives a JSON round
trip, and undo (replaying the log without its last action) walks back to the start."""
import json
import random

import pytest

from tablegame import jsoncodec
from tablegame.games import IllegalAction, find_game, game_names

GAMES = game_names()


def parties_for(rules):
    n = max(rules.min_parties, min(3, rules.max_parties))
    return [[f"P{i}a", f"P{i}b"] if rules.min_parties == rules.max_parties == 2 else [f"P{i}"]
            for i in range(n)]


def playout(rules, seed):
    rng = random.Random(seed)
    state = rules.initial_state(parties_for(rules))
    states, actions = [state], []
    while not rules.is_over(state) and len(actions) < rules.max_actions:
        action = rules.random_action(state, rng)
        state = rules.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(20))
def test_random_playout_ends_and_round_trips(name, seed):
    rules = find_game(name)
    states, actions = playout(rules, seed)
    assert rules.is_over(states[-1]), f"{name} did not end within {rules.max_actions} actions"
    for state in states:
        text = json.dumps(jsoncodec.to_data(state))
        assert jsoncodec.from_data(rules.state_type, json.loads(text)) == state
    for action in actions:
        text = json.dumps(jsoncodec.action_to_data(action))
        assert jsoncodec.action_from_data(rules.action_types, json.loads(text)) == action


@pytest.mark.parametrize("name", GAMES)
def test_undo_back_to_start_by_replaying_shorter_logs(name):
    rules = find_game(name)
    states, actions = playout(rules, seed=7)
    for k in range(len(actions), -1, -1):
        state = rules.initial_state(parties_for(rules))
        for action in actions[:k]:
            state = rules.apply(state, action)
        assert state == states[k]


@pytest.mark.parametrize("name", GAMES)
def test_no_action_after_the_end(name):
    rules = find_game(name)
    states, actions = playout(rules, seed=3)
    with pytest.raises(IllegalAction):
        rules.apply(states[-1], actions[-1])


@pytest.mark.parametrize("name", GAMES)
def test_listed_legal_actions_are_all_legal(name):
    rules = find_game(name)
    states, _ = playout(rules, seed=11)
    for state in states[:200]:
        listed = rules.legal_actions(state)
        for action in listed or ():
            rules.apply(state, action)  # must not raise
