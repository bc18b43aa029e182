"""A Carrom stroke cut short by a restart (a power cut, a crash): the stroke is not in the
log, so the table goes on from the settled board the log last saw, with a real SQLite
log on disk and a new session as after a restart. What the board still reports joins
the stroke; a settled board that differs from the log's with no report since is a
stroke the restart cut short, which OK counts as the board shows it."""
import random
from dataclasses import replace

from tablegame.core.events import ButtonPress
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.sensors import PiecePocketed, StrokeStarted
from tablegame.core.session import Session
from tablegame.core.store import EventLog
from test_carrom_play import Board, said


def table(path):
    return Session(EventLog(str(path)), make_play, GameSetup("carrom", (("Anna",), ("Ben",))),
                   rng=random.Random(3))


def played_to_a_stroke_under_way(path):
    """Anna broke and pocketed a white (she plays on); her next stroke has begun and
    sent a black down when the table stops. The board (``Board``) lies as it does."""
    s = table(path)
    board = Board(s)
    board.settled()
    board.stroke(pocketed=("white",))
    assert s.status.state.board.men == (8, 9) and s.status.actions == 2
    s.handle(StrokeStarted())
    board._take("black")
    s.handle(PiecePocketed(1, "black"))
    s.close()
    return board


def restarted(path, board):
    s = table(path)
    board.s = s
    assert s.status.actions == 2 and s.status.state.board.men == (8, 9)   # the stroke is not in the log
    return s


def test_what_the_board_reports_after_a_restart_joins_the_stroke_from_the_board_before(tmp_path):
    board = played_to_a_stroke_under_way(tmp_path / "table.sqlite")
    s = restarted(tmp_path / "table.sqlite", board)
    board._take("white")
    s.handle(PiecePocketed(0, "white"))
    assert said(s, "en") == ("Restarted during the stroke: it counts from the board before the restart", "")
    board.settled()   # the black went down before the restart: the board says so, OK confirms it
    assert said(s, "en")[1].startswith("Black: the board shows 8 men, by the pockets there should be 9")
    s.handle(ButtonPress("ok"))
    state = s.status.state
    assert state.board.men == (7, 8) and state.ruling.pocketed == (1, 1) and s.status.problem is None
    assert s.status.actions == 3 and state.seat == 0   # her own white went down: Anna plays on


def test_a_board_that_settled_during_the_restart_is_the_stroke_cut_short_and_ok_counts_it(tmp_path):
    board = played_to_a_stroke_under_way(tmp_path / "table.sqlite")
    s = restarted(tmp_path / "table.sqlite", board)
    board.settled()
    assert said(s)[1] == ("Neustart während eines Stoßes: OK zählt ihn so, wie das Brett ihn zeigt "
                          "(ein neuer Stoß lässt ihn weg)")
    assert s.status.actions == 2
    s.handle(ButtonPress("ok"))
    state = s.status.state
    assert state.board.men == (8, 8) and state.ruling.pocketed == (0, 1) and s.status.problem is None
    assert state.seat == 1   # only Ben's black went down: the turn passes


def test_a_new_stroke_after_a_restart_leaves_the_cut_stroke_out(tmp_path):
    board = played_to_a_stroke_under_way(tmp_path / "table.sqlite")
    s = restarted(tmp_path / "table.sqlite", board)
    board.settled()
    board.pieces.append(replace(board.pieces[0], kind="black", x=370, y=370))   # the black put back
    board.stroke(pocketed=("white",))
    state = s.status.state
    assert s.status.actions == 3 and state.board.men == (7, 9) and state.ruling.pocketed == (1, 0)


def test_a_restart_between_strokes_goes_on_as_before(tmp_path):
    s = table(tmp_path / "table.sqlite")
    board = Board(s)
    board.settled()
    board.stroke(pocketed=("white",))
    s.close()
    s = restarted(tmp_path / "table.sqlite", board)
    board.settled()   # the board as the log saw it
    assert said(s)[1] == ""
    board.stroke(pocketed=("white",))
    assert s.status.state.board.men == (7, 9) and s.status.actions == 3 and s.status.problem is None
