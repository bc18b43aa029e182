"""The competition's pure parts (venue/competition): the draw of a knockout with byes, a
round robin and a Schocken evening; the fold of a competition's log (each result once,
a drawn knockout match played again, a correction reaching the next round, a swap of
tables); the standings. Scenario tests and Hypothesis properties."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from tablegame.core import jsoncodec
from venue.competition.draw import knockout, round_robin, schocken_evening, schocken_groups, seed_order
from venue.competition.fold import check, fold
from venue.competition.model import Setup, Side
from venue.competition.standings import champion, standings


def setup(count: int, format_: str = "knockout", game: str = "neunfeld", **more) -> Setup:
    sides = tuple(Side(f"P{i}", (f"P{i}",)) for i in range(count))
    return Setup("c1", "Pokal", game, format_, sides, ("t1", "t2", "t3"), **more)


class Log:
    """A competition's log in memory: entries appended as the runner appends them."""

    def __init__(self, made: Setup):
        self.entries = [(1, 0.0, "created", "staff:boss", jsoncodec.to_data(made))]

    def add(self, kind: str, by: str = "venue", **data) -> None:
        self.entries.append((len(self.entries) + 1, float(len(self.entries)), kind, by, data))

    @property
    def competition(self):
        return fold(self.entries)


def play_out(log: Log, rng: random.Random, draws: float = 0.0, duplicates: bool = False) -> None:
    """Every ready match to a table and its result back, as the runner would."""
    for _ in range(500):
        competition = log.competition
        if competition.finished:
            return
        for state in competition.ready():
            log.add("assigned", match=state.id, table="t1", attempt=state.attempt)
        for state in log.competition.playing():
            count = len(state.planned.sides)
            if count > 2:
                outcome = {"winner": None, "loser": rng.randrange(count)}
            elif rng.random() < draws:
                outcome = {"winner": None, "loser": None}
            else:
                outcome = {"winner": rng.randrange(2), "loser": None}
            for _ in range(2 if duplicates else 1):
                log.add("result", by="table:pub/t1", match=state.id, attempt=state.attempt,
                        table="t1", score="", **outcome)
    raise AssertionError("the competition never finished")


def test_eight_seeds_meet_as_a_bracket_should():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    matches = knockout(8)
    assert [m.stage for m in matches] == ["quarter_final"] * 4 + ["semi_final"] * 2 + ["final"]
    assert [m.id for m in matches][-1] == "R3M1"


@given(st.integers(2, 70))
def test_a_knockout_has_every_side_once_and_byes_only_against_the_first_drawn(count):
    matches = knockout(count)
    first = [m for m in matches if m.round == 1]
    sides = [f.side for m in first for f in m.sides if f.side is not None]
    byes = [m for m in first if any(f.bye for f in m.sides)]
    assert sorted(sides) == list(range(count))
    assert len(first) * 2 - count == len(byes)
    assert all(sum(f.bye for f in m.sides) == 1 for m in byes)     # never two byes
    assert {f.side for m in byes for f in m.sides if not f.bye} == set(range(len(byes)))


@given(st.integers(2, 40), st.integers(0, 2 ** 32 - 1), st.booleans())
@settings(max_examples=40, deadline=None)
def test_a_played_knockout_has_one_champion_each_result_once(count, seed, duplicates):
    log = Log(setup(count))
    play_out(log, random.Random(seed), draws=0.1, duplicates=duplicates)
    competition = log.competition
    rows = standings(competition)
    assert [r["place"] for r in rows].count(1) == 1 and champion(competition) == rows[0]["side"]
    assert [r["place"] for r in rows].count(2) == (1 if count > 1 else 0)
    for row in rows:     # a side plays until it loses: one loss at most, the champion none
        assert row["lost"] <= 1 and (row["lost"] == 0) == (row["place"] == 1)
    results = [e for e in log.entries if e[2] == "result"]
    taken = sum(1 for m in competition.matches.values() if m.result is not None)
    assert taken == len(competition.matches) - sum(1 for m in competition.matches
                                                   if competition.result(m).how == "bye")
    assert len(results) >= taken


@given(st.integers(2, 16))
def test_a_round_robin_meets_everyone_once_and_nobody_twice_a_round(count):
    matches = round_robin(count)
    pairs = [frozenset(f.side for f in m.sides) for m in matches]
    assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2
    for r in {m.round for m in matches}:
        playing = [f.side for m in matches if m.round == r for f in m.sides]
        assert len(playing) == len(set(playing))


@given(st.integers(2, 30), st.integers(1, 5), st.integers(2, 10), st.integers(0, 999))
def test_a_schocken_evening_seats_everyone_once_a_round_on_even_sheets(count, rounds, size, seed):
    groups = schocken_groups(count, rounds, size, random.Random(seed))
    assert len(groups) == rounds
    for sheets in groups:
        seated = sorted(s for sheet in sheets for s in sheet)
        assert seated == list(range(count))
        assert min(map(len, sheets)) >= 2 and max(map(len, sheets)) - min(map(len, sheets)) <= 1
    assert len(schocken_evening(groups)) == sum(len(g) for g in groups)


def test_a_round_robin_table_counts_three_for_a_win_one_for_a_draw():
    log = Log(setup(3, "round_robin"))
    outcomes = iter([{"winner": 0}, {"winner": None}, {"winner": 1}])
    for state in list(log.competition.matches.values()):
        log.add("assigned", match=state.id, table="t1", attempt=1)
        log.add("result", match=state.id, attempt=1, table="t1", loser=None, **next(outcomes))
    competition = log.competition
    assert competition.finished
    table = {r["side"]: r for r in standings(competition)}
    assert sum(r["points"] for r in table.values()) == 3 + 1 + 1 + 3
    assert sorted(r["played"] for r in table.values()) == [2, 2, 2]


def test_a_schocken_evening_ranks_the_fewest_games_lost_first():
    groups = ((( 0, 1, 2),), ((2, 1, 0),))
    log = Log(setup(3, "schocken_evening", "schocken", groups=groups))
    for state, loser in zip(list(log.competition.matches.values()), (2, 2)):
        log.add("assigned", match=state.id, table="t1", attempt=1)
        log.add("result", match=state.id, attempt=1, table="t1", winner=None, loser=loser)
    rows = standings(log.competition)
    assert [(r["side"], r["place"], r["lost"]) for r in rows] == [
        ("P1", 1, 0), ("P0", 2, 1), ("P2", 2, 1)]


def test_a_drawn_knockout_match_is_played_again_and_an_old_attempts_result_is_not_taken():
    log = Log(setup(2))
    log.add("assigned", match="R1M1", table="t2", attempt=1)
    log.add("result", match="R1M1", attempt=1, table="t2", winner=None, loser=None)
    state = log.competition.matches["R1M1"]
    assert state.attempt == 2 and state.table is None and state.replays == 1
    assert [m.id for m in log.competition.ready()] == ["R1M1"]
    log.add("result", match="R1M1", attempt=1, table="t2", winner=0, loser=None)   # late, old
    assert log.competition.result("R1M1") is None
    log.add("assigned", match="R1M1", table="t3", attempt=2)
    log.add("result", match="R1M1", attempt=2, table="t3", winner=1, loser=None)
    assert champion(log.competition) == "P1"


def test_a_correction_reaches_the_next_round_and_restarts_it_there():
    log = Log(setup(4))
    for match in ("R1M1", "R1M2"):
        log.add("assigned", match=match, table="t1", attempt=1)
        log.add("result", match=match, attempt=1, table="t1", winner=0, loser=None)
    log.add("assigned", match="R2M1", table="t2", attempt=1)
    competition = log.competition
    assert competition.sides("R2M1") == (0, 1)
    assert check(competition, "corrected", {"match": "R1M1", "winner": 1}) is None
    log.add("corrected", by="staff:boss", match="R1M1", winner=1, loser=None)
    competition = log.competition
    assert competition.sides("R2M1") == (3, 1)
    final = competition.matches["R2M1"]
    assert final.attempt == 2 and final.table == "t2" and not final.started
    log.add("result", match="R2M1", attempt=2, table="t2", winner=0, loser=None)
    assert check(log.competition, "corrected", {"match": "R1M1", "winner": 0}) == (
        "cp_next_decided", {"match": "R2M1"})


def test_staff_changes_are_checked_first():
    log = Log(setup(3))                        # P0 has a bye; P1 v P2
    competition = log.competition
    assert check(competition, "walkover", {"match": "R1M1", "winner": 0}) == (
        "cp_sides_unknown", {"match": "R1M1"})
    assert check(competition, "walkover", {"match": "R1M2", "winner": 5})[0] == "cp_bad_side"
    assert check(competition, "corrected", {"match": "R1M2", "winner": 0})[0] == "cp_not_decided"
    assert check(competition, "moved", {"match": "R1M2", "table": "t9"})[0] == "cp_not_a_table"
    assert check(competition, "format", {})[0] == "cp_unknown_change"
    log.add("walkover", by="staff:boss", match="R1M2", winner=1)
    assert log.competition.sides("R2M1") == (0, 2)


def test_a_swap_of_tables_starts_both_matches_afresh_at_each_others_table():
    log = Log(setup(4))
    log.add("assigned", match="R1M1", table="t1", attempt=1)
    log.add("assigned", match="R1M2", table="t2", attempt=1)
    log.add("moved", by="staff:boss", match="R1M1", table="t2")
    competition = log.competition
    one, two = competition.matches["R1M1"], competition.matches["R1M2"]
    assert (one.table, one.attempt, two.table, two.attempt) == ("t2", 2, "t1", 2)


def test_a_closed_competition_takes_nothing_more():
    log = Log(setup(4))
    log.add("assigned", match="R1M1", table="t1", attempt=1)
    log.add("closed", by="staff:boss")
    log.add("result", match="R1M1", attempt=1, table="t1", winner=0, loser=None)
    competition = log.competition
    assert competition.closed and competition.result("R1M1") is None and not competition.ready()
    assert check(competition, "walkover", {"match": "R1M1", "winner": 0}) == ("cp_closed", {})


@pytest.mark.parametrize("count", [2, 3, 5, 8, 9])
def test_knockout_places_share_the_round_they_went_out_in(count):
    log = Log(setup(count))
    play_out(log, random.Random(count))
    places = sorted(r["place"] for r in standings(log.competition))
    rounds = max(m.planned.round for m in log.competition.matches.values())
    assert places[:2] == [1, 2]
    assert all(p == 1 or p - 1 in [2 ** k for k in range(rounds)] for p in places)
