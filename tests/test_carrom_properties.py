"""Hypothesis properties of Carrom, singles and doubles: every random game ends; per
colour the men on the board plus the men pocketed are always 9 (pocketed counted from
the rulings, owed dues a debt apart); a board scores 1 to 12; every state and action
survives JSON; replaying a shorter log walks back to the start. Also the checks the
conformance suite gives every registered game (the registry is being rebuilt)."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegame import jsoncodec
from tablegame.games.base import IllegalAction
from tablegame.games.carrom import CarromRules
from tablegame.games.carrom_state import COLOURS, MEN, OUTER, Stroke

RULES = CarromRules()
SEEDS = st.integers(0, 2**32)


def parties(doubles):
    return [["Anna", "Carl"], ["Ben", "Dora"]] if doubles else [["Anna"], ["Ben"]]


def playout(seed, doubles, limit=None):
    rng = random.Random(seed)
    state = RULES.initial_state(parties(doubles))
    states, actions = [state], []
    while not RULES.is_over(state) and len(actions) < (limit or RULES.max_actions):
        action = RULES.random_action(state, rng)
        state = RULES.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.booleans())
def test_random_legal_play_always_ends(seed, doubles):
    states, _ = playout(seed, doubles)
    assert RULES.is_over(states[-1])
    outcome = RULES.outcome(states[-1])
    assert max(states[-1].scores) >= 25 or states[-1].boards_played >= 8
    assert states[-1].scores[outcome.winner] > states[-1].scores[1 - outcome.winner]


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.booleans())
def test_men_on_the_board_plus_men_pocketed_are_nine_per_colour(seed, doubles):
    states, actions = playout(seed, doubles)
    pocketed = [0, 0]
    for before, action, state in zip(states, actions, states[1:]):
        ruling = state.ruling
        if ruling is None or ruling.action == "CoinToss":
            continue
        if ruling.board is not None:  # a new board: everything back on it
            pocketed = [0, 0]
            assert state.board.men == (MEN, MEN) and state.board.owed == (0, 0)
            continue
        colour = before.board.colour(ruling.side)
        for c in range(2):
            pocketed[c] += ruling.pocketed[c]
        pocketed[colour] -= ruling.paid  # a due is a pocketed man put back
        for c in range(2):
            assert state.board.men[c] + pocketed[c] == MEN, (COLOURS[c], ruling)
            assert 0 <= state.board.men[c] <= MEN
        assert min(state.board.owed) >= 0
        # to the outer circle go the dues and the own men pocketed on a foul stroke
        put_back = sum(p.count for p in ruling.returned if p.where == OUTER)
        foul = isinstance(action, Stroke) and (action.striker or action.improper)
        assert put_back == ruling.paid + (action.pocketed(colour) if foul else 0)


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.booleans())
def test_a_board_scores_1_to_12(seed, doubles):
    states, _ = playout(seed, doubles)
    for result in states[-1].results:
        assert 1 <= result.points <= 12
    assert sum(r.points for r in states[-1].results) == sum(states[-1].scores)


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.booleans())
def test_every_state_and_action_survives_json(seed, doubles):
    states, actions = playout(seed, doubles)
    for state in states:
        text = json.dumps(jsoncodec.to_data(state))
        assert jsoncodec.from_data(RULES.state_type, json.loads(text)) == state
    for action in actions:
        text = json.dumps(jsoncodec.action_to_data(action))
        assert jsoncodec.action_from_data(RULES.action_types, json.loads(text)) == action


@settings(max_examples=10, deadline=None)
@given(SEEDS, st.booleans())
def test_undo_by_replaying_shorter_logs_goes_back_to_the_start(seed, doubles):
    states, actions = playout(seed, doubles)
    for k in range(len(actions), -1, -1):
        state = RULES.initial_state(parties(doubles))
        for action in actions[:k]:
            state = RULES.apply(state, action)
        assert state == states[k]


@pytest.mark.parametrize("doubles", [False, True])
@pytest.mark.parametrize("seed", range(10))
def test_conformance_no_action_after_the_end(seed, doubles):
    states, actions = playout(seed, doubles)
    with pytest.raises(IllegalAction):
        RULES.apply(states[-1], actions[-1])


def test_conformance_refused_action_leaves_the_state_as_it_was():
    states, _ = playout(5, True)
    for state in states[:100]:
        copy = jsoncodec.from_data(RULES.state_type, jsoncodec.to_data(state))
        with pytest.raises(IllegalAction):
            RULES.apply(state, object())
        assert state == copy
