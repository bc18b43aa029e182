"""A league match's pure parts (venue/competition/league.py): the boards' seats, the moves
one pub's table takes from the other's log, the agreement of both logs (and their
disagreement, shown, not settled), the match's fold and a season's standings. Two
tables are simulated as their logs: each pub's player moves at his own table, the other
table takes the move as relayed, until both logs hold the whole game."""
from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from tablegame.core import jsoncodec
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from venue.competition.games import LoggedGame
from venue.competition.league import (Board, Fixture, board_setup, divergence, fold_league,
                                      relay, season_standings, verdict)
from venue.competition.league_link import parse_boards

FIXTURE = Fixture("krone-20261204-1", "2026/27", "krone", "anker", "schocken",
                  (Board(("Anna",), ("Ben",)), Board(("Carl", "Emil"), ("Dora", "Fritz"))), "t1")


def logged(setup: dict) -> dict:
    """The game's first entry as a table logs it (the setup's options as pairs)."""
    return jsoncodec.to_data(GameSetup(setup["game"], tuple(map(tuple, setup["parties"])),
                                       tuple(setup["options"].items())))


class Side:
    """One pub's table as its log: its own players' moves and the other's relayed ones."""

    def __init__(self, venue: str, board: int = 1):
        setup, self.elsewhere = board_setup(FIXTURE, board, venue)
        self.game = LoggedGame(1, logged(setup))
        self.seq = 1

    def log(self, data: dict, by: str) -> None:
        self.seq += 1
        self.game.feed(self.seq, "action", by, data)

    def on_turn(self):
        return self.game.rules.on_turn(self.game.state)


def play(seed: int, stop_after: int | None = None):
    """Both tables through one board: each moves on its turns, each takes what the other
    relays (``relay``), in an order the seed draws; returns both sides."""
    rng = random.Random(seed)
    krone, anker = Side("krone"), Side("anker")
    sides = {"krone": krone, "anker": anker}
    for step in range(5000):
        if stop_after is not None and step >= stop_after:
            break
        if krone.game.outcome is not None and anker.game.outcome is not None:
            break
        name = rng.choice(("krone", "anker"))
        me, other = sides[name], sides["anker" if name == "krone" else "krone"]
        brought = relay(me.game, other.game)
        if brought is not None and rng.random() < 0.7:
            at, actions = brought
            assert at == len(me.game.moves)
            for data in actions:
                me.log(data, "league:other/t1")
            continue
        party = me.on_turn()
        if me.game.outcome is None and party is not None and party not in me.elsewhere:
            action = me.game.rules.random_action(me.game.state, rng)
            me.log(jsoncodec.action_to_data(action), "script")
    return krone, anker


def test_the_seats_alternate_home_and_away_and_each_table_names_the_others():
    assert FIXTURE.boards[1].seats() == (("Carl", "home"), ("Dora", "away"), ("Emil", "home"),
                                         ("Fritz", "away"))
    setup, elsewhere = board_setup(FIXTURE, 2, "krone")
    assert setup["parties"] == [["Carl"], ["Dora"], ["Emil"], ["Fritz"]] and elsewhere == (1, 3)
    assert board_setup(FIXTURE, 2, "anker")[1] == (0, 2)


def test_boards_are_pasted_home_first_and_a_bad_line_is_named():
    boards, problem = parse_boards("Anna – Ben\nCarl, Emil - Dora, Fritz\n")
    assert problem is None and boards == FIXTURE.boards
    assert parse_boards("Anna Ben")[1] == ("lg_board_line", {"line": 1})
    assert parse_boards("Anna – Anna")[1][0] == "cp_line_twice"
    assert parse_boards("")[1][0] == "lg_boards"


@given(st.integers(0, 10 ** 6))
@settings(max_examples=15, deadline=None)
def test_relayed_both_ways_both_logs_hold_the_whole_game_and_agree(seed):
    krone, anker = play(seed)
    assert krone.game.outcome is not None
    assert [m.data for m in krone.game.moves] == [m.data for m in anker.game.moves]
    assert all(a.here != b.here for a, b in zip(krone.game.moves, anker.game.moves))
    kind, agreed = verdict(krone.game, anker.game, FIXTURE, 1)
    assert kind == "board" and agreed == verdict(anker.game, krone.game, FIXTURE, 1)[1]
    loser = krone.game.outcome.loser
    assert agreed["winner_side"] == ("away" if loser == 0 else "home")


@given(st.integers(0, 10 ** 6), st.integers(1, 200))
@settings(max_examples=25, deadline=None)
def test_midway_one_log_is_a_beginning_of_the_other_and_nothing_is_decided(seed, steps):
    krone, anker = play(seed, stop_after=steps)
    shorter, longer = sorted((krone.game, anker.game), key=lambda g: len(g.moves))
    assert divergence(krone.game, anker.game) is None
    assert [m.data for m in shorter.moves] == [m.data for m in longer.moves][:len(shorter.moves)]
    if krone.game.outcome is None or anker.game.outcome is None:
        assert verdict(krone.game, anker.game, FIXTURE, 1) is None


def test_a_move_told_differently_is_a_disagreement_shown_with_both_sides():
    krone, anker = play(3)
    first_throw = next(i for i, m in enumerate(anker.game.moves) if "dice" in m.data)
    forged = LoggedGame(1, logged(board_setup(FIXTURE, 1, "anker")[0]))
    for seq, move in enumerate(anker.game.moves, 2):
        data = dict(move.data)
        if seq - 2 == first_throw:                      # a log that says other dice
            data["dice"] = [2 if d == 1 else 1 for d in data["dice"]]
        forged.feed(seq, "action", "script" if move.here else "league:krone/t1", data)
    assert divergence(krone.game, forged) == first_throw
    kind, said = verdict(krone.game, forged, FIXTURE, 1)
    assert kind == "disagreed" and said["move"] == first_throw


def test_the_match_folds_board_by_board_with_replays_and_the_season_counts_it():
    fixture = jsoncodec.to_data(FIXTURE)
    entries = [(1, 0.0, "league", "staff:boss", fixture)]
    add = lambda kind, **data: entries.append((len(entries) + 1, 0.0, kind, "venue", data))  # noqa: E731
    match = fold_league(entries, "krone")
    assert match.current is None and not match.accepted     # the Anker has not accepted
    add("accepted", table="t2")
    assert fold_league(entries, "krone").current == 1
    add("disagreed", board=1, attempt=1, here={"loser": 0}, there={"loser": 1}, move=None)
    assert 1 in fold_league(entries, "krone").disagreed
    add("replay", board=1, attempt=2)
    add("board", board=1, attempt=1, loser=1, winner_side="home")   # the old attempt's: no
    match = fold_league(entries, "krone")
    assert match.attempt(1) == 2 and 1 not in match.agreed and 1 not in match.disagreed
    add("board", board=1, attempt=2, loser=1, winner_side="home")
    add("board", board=2, attempt=1, loser=0, winner_side="away")
    match = fold_league(entries, "krone")
    assert match.finished and match.score() == {"home": 1, "away": 1} and match.current is None
    rows = season_standings([match], "2026/27")
    assert [(r["team"], r["drawn"], r["points"]) for r in rows] == [("anker", 1, 1), ("krone", 1, 1)]
    assert season_standings([match], "2025/26") == []


def test_only_schocken_of_the_games_splits_over_two_tables():
    split = []
    for game in ("schocken", "shove-hapenny", "neunfeld", "carrom"):
        if make_play(GameSetup(game, (("a",), ("b",)))).rules.split_over_tables:
            split.append(game)
    assert split == ["schocken"]
