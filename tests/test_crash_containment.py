"""A bug inside a play, a referee, an engine or a screen does not stop the table: it is
logged with its traceback, the staff see a short message, the game state and the event
log stay exactly as they were, and the next event is handled as usual."""
import logging
import random
import sqlite3

import pytest

from tablegame.core.events import ButtonPress
from tablegame.texts import say
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.sensors import BoardSnapshot
from tablegame.core.session import Session
from tablegame.core.store import EventLog

HAPENNY = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))
EMPTY = BoardSnapshot((), settled=True)


class Faulty:
    """A real play with one part that raises, as a bug would."""

    def __init__(self, play, broken: str):
        self._play, self._broken = play, broken

    def __getattr__(self, name):
        if name.startswith("__"):   # copy's and pickle's probes: not the play's
            raise AttributeError(name)
        if name == self._broken:
            def fail(*args, **kwargs):
                raise ZeroDivisionError(f"bug in {name}")
            return fail
        return getattr(self._play, name)


def logged(db):
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT seq, kind, data FROM events ORDER BY seq").fetchall()


@pytest.mark.parametrize("broken", ["judge", "describe"])
def test_a_failing_referee_or_description_changes_nothing_and_is_logged(tmp_path, caplog, broken):
    db = tmp_path / "table.sqlite"
    session = Session(EventLog(db), lambda s: Faulty(make_play(s), broken), HAPENNY,
                      rng=random.Random(1))
    session.handle(ButtonPress("ok"))        # the toss: Shove's play decides it, no judge
    state, before = session.status.state, logged(db)
    with caplog.at_level(logging.ERROR):
        reply = session.submit(EMPTY, wait=None)
        session.process()
    assert session.status.state is state and logged(db) == before
    assert say("en", session.status.problem) == \
        "Internal error in Faulty, nothing was changed (staff: see the log)"
    assert say("de", session.status.problem).startswith("Interner Fehler in Faulty")
    crash = [r for r in caplog.records if r.exc_info]
    assert reply is None and crash and "bug in " + broken in str(crash[0].exc_info[1])
    # the table goes on: the next command is handled as usual
    assert session.submit(ButtonPress("back", long=True), wait=5).accepted is False  # nothing to undo
    session.close()


def test_a_waiting_caller_hears_the_failure_in_words(tmp_path):
    session = Session(EventLog(tmp_path / "t.sqlite"), lambda s: Faulty(make_play(s), "press"),
                      HAPENNY, rng=random.Random(1))
    import threading
    replies = []
    caller = threading.Thread(target=lambda: replies.append(
        session.submit(ButtonPress("ok"), by="staff:anna", wait=10)))
    caller.start()
    while caller.is_alive():
        session.process(timeout=0.05)
    assert replies[0].accepted is False and replies[0].note.key == "internal_error"
    session.close()


def test_a_failing_screen_shows_a_staff_message_and_the_game_comes_back(tmp_path, caplog):
    from tablegame.display import Display
    from tablegame.display.notice import NoticeScreen
    from tablegame.families.shove.screen import ShoveScreen
    from table_app.frames import Frames
    from table_app.service import show

    session = Session(EventLog(tmp_path / "t.sqlite"), make_play, HAPENNY, rng=random.Random(1))
    real = session.play
    with Display((800, 480), caption="test") as display:
        frames = Frames(display)
        session.play = Faulty(real, "view")
        with caplog.at_level(logging.ERROR):
            show(frames, session, "de")
        assert isinstance(display.screen, NoticeScreen)
        assert any(r.exc_info and "bug in view" in str(r.exc_info[1]) for r in caplog.records)
        session.play = real
        show(frames, session, "de")
        assert isinstance(display.screen, ShoveScreen)
    session.close()


class BrokenScreen:
    """A screen with a bug that strikes every frame while ``broken`` (a layout that does
    not fit the surface), its message different each time; fixed, it is Shove's."""
    def __init__(self):
        from tablegame.families.shove.screen import ShoveScreen
        self.frames, self.broken, self._fixed = 0, True, ShoveScreen()

    def draw(self, surface, view):
        if not self.broken:
            return self._fixed.draw(surface, view)
        self.frames += 1
        raise ValueError(f"subsurface rectangle outside surface area (frame {self.frames})")

    def to_screen(self, pos):
        return (0, 0)

    def to_board(self, pixel):
        return None


def test_a_screen_that_fails_every_frame_is_logged_once_and_the_staff_see_it(tmp_path, caplog):
    from tablegame.display import Display
    from tablegame.display.notice import NoticeScreen
    from table_app.frames import Frames
    from table_app.service import show
    from tablegame.families.shove.view import ShoveView

    session = Session(EventLog(tmp_path / "t.sqlite"), make_play, HAPENNY, rng=random.Random(1))
    broken = BrokenScreen()
    with Display((800, 480), caption="test", screens={ShoveView: lambda: broken}) as display:
        frames = Frames(display)
        with caplog.at_level(logging.INFO):
            for _ in range(60):       # a second of frames while a coin slides
                show(frames, session, "en")
                assert isinstance(display.screen, NoticeScreen)
        tracebacks = [r for r in caplog.records if r.exc_info]
        assert len(tracebacks) == 1 and broken.frames == 60
        assert tracebacks[0].getMessage().startswith(
            "the screen could not draw shove-hapenny on its 800x480 surface: ValueError: "
            "subsurface rectangle outside surface area (frame 1). The game goes on; this fault "
            "is logged once")
        broken.broken = False   # the fault passes (here: the bug fixed)
        caplog.clear()
        with caplog.at_level(logging.INFO):
            show(frames, session, "en")
            show(frames, session, "en")
        assert [r.getMessage() for r in caplog.records] == [
            "the screen draws shove-hapenny again, after 60 frame(s) that failed"]
        assert not isinstance(display.screen, NoticeScreen)
    session.close()


def test_when_not_even_the_notice_draws_the_table_goes_on_and_says_so_once(tmp_path, caplog):
    from tablegame.display import Display
    from table_app.frames import Frames
    from table_app.service import show
    from tablegame.families.shove.view import ShoveView
    from tablegame.views.notice import NoticeView

    session = Session(EventLog(tmp_path / "t.sqlite"), make_play, HAPENNY, rng=random.Random(1))
    with Display((800, 480), caption="test",
                 screens={ShoveView: BrokenScreen, NoticeView: BrokenScreen}) as display:
        frames = Frames(display)
        with caplog.at_level(logging.ERROR):
            for _ in range(10):
                show(frames, session, "de")     # raises nothing
        assert [r.getMessage().split(":")[0] for r in caplog.records] == [
            "the screen could not draw shove-hapenny on its 800x480 surface",
            "the screen could not draw the notice that says so either (shove-hapenny) on its "
            "800x480 surface"]
    session.close()


def test_the_fault_notice_says_it_in_both_languages():
    from tablegame.views.notice import fault
    assert fault("de", "kaputt").title == "Störung"
    assert fault("en", "broken").lines == ("The screen could not draw the game: broken",
                                           "Please call the staff. The score is saved.")
