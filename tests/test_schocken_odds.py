"""Exact odds: hand-counted cases, and a brute-force oracle that plays every legal
decision and every throw through the rules engine itself."""
import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from tablegame.families.schocken.rules import SchockenRules, SetAside, Stop, Throw, TurnSixes
from tablegame.families.schocken.flow import ranked
from tablegame.families.schocken.odds import Choice, odds

R = SchockenRules()


def T(dice: str) -> Throw:
    return Throw(tuple(int(c) for c in dice))


def after(*actions, players=3, rules=R):
    state = rules.initial_state([[n] for n in ("Anna", "Ben", "Cem", "Dora")[:players]])
    for action in actions:
        state = rules.apply(state, action)
    return state


def test_no_odds_for_the_starter_or_after_the_game():
    assert odds(after()) is None
    assert odds(after(T("542"))) is None


def test_before_the_first_throw_against_the_worst_hausnummer():
    o = odds(after(T("221"), Stop()))               # Anna stopped at once with 2-2-1
    assert o.best == Choice() and o.probability == Fraction(213, 216)  # all but 2-2-1


def test_one_throw_against_a_general_needs_a_schock():
    o = odds(after(T("666"), Stop()))
    assert o.probability == Fraction(16, 216)       # 1-1-x: 5 x 3 orders, and 1-1-1


def test_a_schock_out_cannot_be_beaten_with_as_many_throws():
    assert odds(after(T("111"), Stop())).probability == 0


def test_stop_when_already_beating():
    o = odds(after(T("542"), T("666"), Stop(), T("115")))
    assert o.best == Choice(stop=True) and o.probability == 1


def test_keep_the_two_ones():
    # Anna's Schock 4 took two throws; Ben has Schock 3 after one: keep 1-1, need 1, 5 or 6
    o = odds(after(T("542"), T("411"), Stop(), T("311")))
    assert o.best == Choice(set_aside=(1, 1)) and o.probability == Fraction(1, 2)
    assert o.best.actions == (SetAside((1, 1)),)


def test_turning_two_sixes_is_the_best_choice():
    o = odds(after(T("542"), T("411"), Stop(), T("664")))
    assert o.best == Choice(turn_sixes=1) and o.probability == Fraction(5, 36)
    table = dict(o.choices)
    assert table[Choice()] == Fraction(7, 216) and table[Choice(stop=True)] == 0
    assert o.best.actions == (TurnSixes(1),)


def test_turning_three_sixes_into_two_ones():
    o = odds(after(T("542"), T("611"), Stop(), T("666")))   # Schock 6 in two throws
    assert o.best == Choice(turn_sixes=2) and o.probability == Fraction(1, 6)


def test_no_turning_on_the_last_throw():
    o = odds(after(T("611"), Stop(), T("666")))            # maximum 1: Ben has no throw left
    assert o.choices == ((Choice(stop=True), Fraction(0)),)


# -- the oracle --------------------------------------------------------------------------

def _outcomes(k):
    return Counter(tuple(sorted(d)) for d in product(range(1, 7), repeat=k))


def oracle(rules, state, player, memo):
    """Best chance for ``player`` to finish the turn as the round's best so far."""
    if state.current != player:
        return Fraction(int(ranked(state.results, rules.options)[0].player == player))
    if state in memo:
        return memo[state]
    values = [oracle(rules, rules.apply(state, a), player, memo)
              for a in rules.legal_actions(state) if type(a).__name__ != "Take"]
    k = rules.dice_to_throw(state)
    if k:
        counts = _outcomes(k)
        values.append(sum(Fraction(c, 6 ** k) * oracle(rules, rules.apply(state, Throw(d)),
                                                      player, memo)
                          for d, c in counts.items()))
    memo[state] = max(values)
    return memo[state]


def decision_states(rules, seed, limit):
    """States from random playouts where a player who is neither first nor last decides."""
    rng = random.Random(seed)
    state = rules.initial_state([["A"], ["B"], ["C"]])
    found = []
    while not rules.is_over(state) and len(found) < limit:
        if state.results and len(state.results) < len(state.order) - 1 \
                and state.turn.throws and rules.dice_to_throw(state):
            found.append(state)
        state = rules.apply(state, rules.random_action(state, rng))
    return found


@pytest.mark.parametrize("options", [{}, {"ranking": "value-first"}, {"assembled": False}])
@pytest.mark.parametrize("seed", range(3))
def test_odds_equal_the_brute_force_oracle(options, seed):
    rules = SchockenRules(**options)
    for state in decision_states(rules, seed, limit=4):
        o = odds(state, rules.options)
        memo = {}
        assert o.probability == oracle(rules, state, state.current, memo)
        for choice, p in o.choices:
            s = state
            for action in choice.actions:
                s = rules.apply(s, action)
            assert p <= oracle(rules, s, state.current, memo)
        best = state
        for action in o.best.actions:
            best = rules.apply(best, action)
        assert oracle(rules, best, state.current, memo) == o.probability
