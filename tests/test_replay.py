"""The history's replay: a logged game folded through its rules again gives each
event in words (who made it, when) and the result; a log that no longer replays
says where."""
import random

from tablegame.families.shove.rules import CoinToss, SetMarks
from tablegame.core.history import History
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.replay import replay
from tablegame.core.session import Act, NewGame, Session, Undo
from tablegame.core.store import ACTION, EventLog

SETUP = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))


def test_a_games_log_reads_in_words_with_who_made_each_event(tmp_path):
    store = tmp_path / "t.sqlite"
    session = Session(EventLog(store), make_play, SETUP, rng=random.Random(1))
    session.handle(Act(CoinToss(1)), by="button")
    session.handle(Act(SetMarks(0, 2, 1)), by="staff:anna")
    session.handle(Undo(), by="staff:anna")
    session.close()
    game = History(store).games()[-1]
    replayed = replay(game, make_play, "en")
    assert [(by, what) for _, by, what in replayed.lines] == [
        ("table", "New game"), ("button", "Coin toss: Ben starts"),
        ("staff:anna", "Corrected: Anna has 1 mark in bed 2"),
        ("staff:anna", "Last action taken back")]
    assert replayed.outcome is None and not replayed.problem


def test_a_log_that_no_longer_replays_says_which_entry(tmp_path):
    store = tmp_path / "t.sqlite"
    session = Session(EventLog(store), make_play, SETUP)
    session.handle(NewGame(SETUP))             # logged: a fresh table logs nothing itself
    session.close()
    with EventLog(store) as log:
        seq = log.append(ACTION, {"type": "SetMarks", "party": 5, "bed": 1, "marks": 1}, 0.0)
    replayed = replay(History(store).games()[-1], make_play, "en")
    assert replayed.problem.startswith(f"entry {seq}:") and "there is no party 6: only party 1 or 2" in replayed.problem


def test_the_history_keeps_what_it_read_and_sees_every_new_entry(tmp_path):
    store = tmp_path / "t.sqlite"
    session = Session(EventLog(store), make_play, SETUP, rng=random.Random(1))
    session.handle(Act(CoinToss(1)), by="button")
    history = History(store)
    first = history.games()
    assert [len(g.entries) for g in first] == [2]
    session.handle(Act(SetMarks(0, 2, 1)), by="staff:anna")
    from tablegame.core.session import NewGame
    session.handle(NewGame(SETUP), by="staff:anna")
    again = history.games()
    assert [len(g.entries) for g in again] == [3, 1]
    assert again[0].entries[:2] == first[0].entries
    assert [e.seq for e in history._all()] == [e.seq for e in History(store).entries()]
    session.close()
