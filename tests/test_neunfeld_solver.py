"""Neunfeld's solver: the solution agrees with the rules, is self-consistent, and plays perfectly."""
import random

import pytest

from tablegame.families.neunfeld import solver as neunfeld_solver
from tablegame.families.neunfeld.rules import NeunfeldRules, NeunfeldState, Position, describe_action, position_after
from tablegame.families.neunfeld.solver import (
    LOSS, WIN, NeunfeldSolver, Verdict, key_position, position_key, reachable_keys, solve, start_keys,
    successor_keys, valid_keys,
)
from tests.test_neunfeld_rules import PARTIES, REPEAT_CYCLE, play, seed_state

A, B = 0, 1


@pytest.fixture(scope="module", params=[False, True], ids=["standard", "strict"])
def solver(request):
    return NeunfeldSolver.load(NeunfeldRules(strict=request.param))


def state_of(position):
    return NeunfeldState(players=(("Anna",), ("Ben",)), position=position, history=(position,))


# -- the solver's own move generation agrees with the rules ------------------------------


def test_successors_are_exactly_the_rules_legal_moves(solver):
    rules = solver.rules
    rng = random.Random(1)
    keys = rng.sample(sorted(reachable_keys(rules.strict)), 1500)
    for key in keys:
        pos = key_position(key)
        assert position_key(pos) == key
        state = state_of(pos)
        by_rules = sorted(position_key(position_after(pos, a)) for a in rules.legal_actions(state))
        assert sorted(successor_keys(key, rules.strict)) == by_rules, pos


def test_every_position_of_random_games_is_in_the_solved_space(solver):
    valid = set(valid_keys())
    rules = solver.rules
    for seed in range(30):
        rng = random.Random(seed)
        state = rules.initial_state(PARTIES)
        while not rules.is_over(state):
            state = rules.apply(state, rules.random_action(state, rng))
            if state.started:
                assert position_key(state.position) in valid


# -- consistency of the whole solution ---------------------------------------------------


def test_every_verdict_follows_from_the_verdicts_one_move_later(solver):
    """Won: some move leads to a position lost for the opponent, the nearest at distance - 1.
    Lost: every move leads to a position won for the opponent, the farthest at distance - 1
    (distance 0: the game is over or there is no move). Drawn: no move to a lost position, and
    some move to a drawn one."""
    verdict, distance = solver._verdict, solver._distance
    strict = solver.rules.strict
    for key in valid_keys():
        nexts = successor_keys(key, strict)
        v, d = verdict[key], distance[key]
        lost_next = [distance[n] for n in nexts if verdict[n] == LOSS]
        if v == WIN:
            assert lost_next and min(lost_next) == d - 1, key_position(key)
        elif v == LOSS:
            assert all(verdict[n] == WIN for n in nexts), key_position(key)
            assert (max(distance[n] for n in nexts) + 1 if nexts else 0) == d, key_position(key)
        else:
            assert not lost_next and any(verdict[n] not in (WIN, LOSS) for n in nexts), key_position(key)


def test_the_seed_game_ends_as_the_seed_says(solver):
    state = seed_state(rules=solver.rules)
    assert solver.evaluate(state).verdict is Verdict.LOSS and solver.evaluate(state).distance == 2
    after = solver.rules.apply(state, solver.best_action(state))
    finish = solver.best_action(after)
    assert finish.to == 1 and solver.evaluate(after) == neunfeld_solver.Evaluation(Verdict.WIN, 1, B)
    assert solver.evaluate(state).describe() == "verloren in 2 Zügen"
    assert solver.evaluate(after).describe() == "gewonnen in 1 Zug"
    assert describe_action(after, finish).endswith("kippen, nach Feld 1")


def test_a_finished_game_and_the_start_roll_are_evaluated_without_a_move(solver):
    rules = solver.rules
    assert solver.evaluate(rules.initial_state(PARTIES)) is None
    assert solver.best_action(rules.initial_state(PARTIES)) is None
    stuck = state_of(Position((0, 2), (1, 1, 3), (A, A, B), A))
    assert solver.evaluate(stuck).verdict is Verdict.LOSS and solver.best_action(stuck) is None


def test_a_move_that_repeats_a_position_the_third_time_counts_as_a_draw(solver):
    rules = NeunfeldRules()  # the cycle below is legal in both variants
    state = play(rules, REPEAT_CYCLE + REPEAT_CYCLE[:3], seed_state(3))
    values = dict(solver.ranked_actions(state))
    assert values[REPEAT_CYCLE[3]].verdict is Verdict.DRAW
    assert solver.rules.outcome(rules.apply(state, REPEAT_CYCLE[3])).is_draw


# -- perfect play ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_the_table_never_loses_a_won_position_against_random_play(solver, seed):
    rules = solver.rules
    rng = random.Random(seed)
    table = rng.choice((A, B))
    state = rules.initial_state(PARTIES)
    won_at = None
    while not rules.is_over(state):
        if state.started and state.to_move == table:
            value = solver.evaluate(state)
            if won_at is None and value.verdict is Verdict.WIN:
                won_at = value.distance
            if won_at is not None:
                assert value.verdict is Verdict.WIN  # a won position stays won ...
            action = solver.best_action(state)
        else:
            action = rules.random_action(state, rng)
        state = rules.apply(state, action)
    result = rules.outcome(state)
    if won_at is not None:
        assert result.winner == table, result.reason  # ... and is won
    assert result.winner != table or won_at is not None


def test_the_table_holds_a_drawn_position_or_better_against_itself_in_the_strict_variant():
    """Where the starter cannot force a win, perfect play on both sides ends in a draw."""
    strict = NeunfeldRules(strict=True)
    solver = NeunfeldSolver.load(strict)
    drawn = [k for k in start_keys() if solver._verdict[k] not in (WIN, LOSS)]
    assert drawn  # some strict starts are draws
    pos = key_position(drawn[0])
    state = state_of(pos)
    while not strict.is_over(state):
        assert solver.evaluate(state).verdict is Verdict.DRAW
        state = strict.apply(state, solver.best_action(state))
    assert strict.outcome(state).is_draw


def test_every_standard_start_is_won_by_the_player_who_rolled_the_five():
    solver = NeunfeldSolver.load(NeunfeldRules())
    assert all(solver._verdict[k] == WIN for k in start_keys())


# -- the cache ---------------------------------------------------------------------------


def test_cache_is_written_then_read_and_equals_a_fresh_solve(tmp_path):
    path = tmp_path / "cache" / "neunfeld.bin"
    first = NeunfeldSolver.load(NeunfeldRules(), path)
    assert not first.from_cache and path.exists()
    second = NeunfeldSolver.load(NeunfeldRules(), path)
    assert second.from_cache
    verdict, distance = solve(False)
    assert second._verdict == verdict and second._distance == distance


def test_cache_of_another_variant_rules_version_or_damaged_is_rebuilt(tmp_path, monkeypatch):
    path = tmp_path / "neunfeld.bin"
    NeunfeldSolver.load(NeunfeldRules(), path)
    strict = NeunfeldSolver.load(NeunfeldRules(strict=True), path)
    assert not strict.from_cache  # the file held the standard game
    assert NeunfeldSolver.load(NeunfeldRules(strict=True), path).from_cache
    monkeypatch.setattr(neunfeld_solver, "RULES_VERSION", neunfeld_solver.RULES_VERSION + 1)
    assert not NeunfeldSolver.load(NeunfeldRules(strict=True), path).from_cache
    data = bytearray(path.read_bytes())
    data[-5] ^= 0xFF
    path.write_bytes(bytes(data))
    assert not NeunfeldSolver.load(NeunfeldRules(strict=True), path).from_cache
    path.write_bytes(b"nonsense")
    assert not NeunfeldSolver.load(NeunfeldRules(strict=True), path).from_cache


def test_solver_works_when_the_cache_cannot_be_written(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    solver = NeunfeldSolver.load(NeunfeldRules(), blocker / "neunfeld.bin")
    assert solver.evaluate(seed_state()).verdict is Verdict.LOSS


# -- the hint's fast path agrees with the plain definition --------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from tablegame.families.neunfeld.solver import Evaluation, REPETITIONS_FOR_DRAW  # noqa: E402


def plainly_ranked(solver, state):
    """Each legal action valued by building the position after it, counting it in the
    history and looking it up: what ranked_actions computes by key arithmetic."""
    pos, values = state.position, []
    for action in solver.rules.legal_actions(state):
        after = position_after(pos, action)
        if state.history.count(after) + 1 >= REPETITIONS_FOR_DRAW:
            values.append((action, Evaluation(Verdict.DRAW, None, pos.to_move)))
            continue
        reply = solver.lookup(after)
        flipped = {Verdict.WIN: Verdict.LOSS, Verdict.LOSS: Verdict.WIN, Verdict.DRAW: Verdict.DRAW}
        values.append((action, Evaluation(flipped[reply.verdict],
                                          None if reply.distance is None else reply.distance + 1,
                                          pos.to_move)))
    return sorted(values, key=lambda pair: neunfeld_solver._rank(pair[1]))


@settings(max_examples=60)
@given(seed=st.integers(0, 10_000), cycles=st.integers(0, 2))
def test_every_action_is_valued_as_the_position_after_it_says(solver, seed, cycles):
    rules = NeunfeldRules()  # the repeating cycle is legal in both variants
    state = play(rules, REPEAT_CYCLE * cycles, seed_state(3)) if cycles else seed_state(3)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 40)):
        if solver.rules.is_over(state):
            break
        state = solver.rules.apply(state, rng.choice(solver.rules.legal_actions(state)))
    assert solver.ranked_actions(state) == plainly_ranked(solver, state)
