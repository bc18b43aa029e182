"""The session: one writer, every accepted event in SQLite before it is shown,
state = replay of the log, undo as a logged event, bad input changes nothing."""
import random
import sqlite3
import threading

import pytest

from tablegame.families.shove.board import hapenny_board
from tablegame.core.events import ButtonPress
from tablegame.texts import say
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.sensors import BoardSnapshot, CoinReading, LinkState, LinkStatus
from tablegame.core.session import NewGame, Session, Undo

BOARD = hapenny_board()
HAPENNY = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))
PIECEPACK = GameSetup("shove-piecepack", (("Team A",), ("Team B",)))


def in_bed(bed):
    near, far = BOARD.bed_span(bed)
    return CoinReading(178.0, (near + far) / 2)


def settled(*coins):
    return BoardSnapshot(tuple(coins), settled=True)


@pytest.fixture
def db(tmp_path):
    return tmp_path / "table.sqlite"


OPENED: list[Session] = []


@pytest.fixture(autouse=True)
def closed_after():
    """Every session a test opened is closed after it, so the thread beside its writer
    (a shove's physics check) ends with the test, not during a later one."""
    yield
    while OPENED:
        OPENED.pop().close()


def open_session(db, setup=HAPENNY, **kw):
    from tablegame.core.store import EventLog
    session = Session(EventLog(db), make_play, setup, rng=random.Random(1), **kw)
    OPENED.append(session)
    return session


def logged(db):
    with sqlite3.connect(db) as conn:
        return [kind for (kind,) in conn.execute("SELECT kind FROM events ORDER BY seq")]


EMPTY = BoardSnapshot((), settled=True)


def run(session, *events):
    for e in events:
        session.post(e)
    return session.process()


def test_a_fresh_table_is_new_and_logs_nothing_until_someone_plays(db):
    s = open_session(db)
    assert s.status.setup == HAPENNY and s.status.state.starter is None
    assert s.status.note.key == "new_game"              # not "resumed"
    assert run(s, EMPTY)                                # the board is seen empty: observed
    assert s.status.state.cleared and s.status.moves == 0 and s.status.actions == 1
    assert logged(db) == []
    s.close()
    again = open_session(db)                            # a restart: still a new table
    assert again.status.note.key == "new_game" and not again.status.state.cleared
    run(again, EMPTY, ButtonPress("ok"))                # the first move writes it all
    assert logged(db) == ["new_game", "action", "action"]
    assert again.status.moves == 1


def test_a_games_first_move_is_logged_with_its_start_in_one_commit(db):
    """What waited unwritten (the game's start, the board seen empty) and the first move go
    to the log in one transaction: one commit before the move is drawn, not three (each
    about 0.15 ms of the main thread, measured), and all or nothing. Fails before: three."""
    s = open_session(db)
    run(s, EMPTY)
    statements = []
    s._log._db.set_trace_callback(statements.append)
    run(s, ButtonPress("ok"))
    s._log._db.set_trace_callback(None)
    inserts = [q for q in statements if q.startswith("INSERT")]
    assert len(inserts) == 3 and statements.count("COMMIT") == 1
    assert logged(db) == ["new_game", "action", "action"]


def test_a_log_that_refuses_the_first_move_keeps_none_of_what_waited_for_it(db):
    s = open_session(db)
    run(s, EMPTY)
    with sqlite3.connect(db) as conn:   # as a disk that fills up after the first row would
        conn.execute("CREATE TRIGGER full BEFORE INSERT ON events WHEN NEW.kind = 'action' "
                     "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
    conn.close()
    run(s, ButtonPress("ok"))
    assert s.status.problem.key == "store_failed" and s.status.moves == 0
    assert logged(db) == []
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER full")
    conn.close()
    run(s, ButtonPress("ok"))                           # the disk has room again
    assert logged(db) == ["new_game", "action", "action"] and s.status.moves == 1


def test_menu_and_names_may_change_the_game_once_the_board_was_only_seen(db):
    s = open_session(db, menu=lambda setup: [HAPENNY, PIECEPACK])
    run(s, EMPTY)
    run(s, ButtonPress("menu"))                         # not "hold MENU to abandon"
    assert s.status.setup.game == "shove-piecepack" and s.status.note.key == "new_game"
    assert logged(db) == ["new_game"]                   # the piecepack game, chosen


def test_an_observation_before_any_move_is_nothing_to_undo_and_never_logged(db):
    s = open_session(db)
    run(s, EMPTY)
    s.handle(Undo())      # the board seen empty is no player's move: nothing to undo
    assert s.status.note.key == "nothing_to_undo" and s.status.state.cleared
    run(s, EMPTY, ButtonPress("ok"))
    assert logged(db) == ["new_game", "action", "action"]


def test_undo_puts_the_board_back_as_the_game_left_it(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY, settled(in_bed(3)))
    run(s, settled(in_bed(3), in_bed(5)))
    s.handle(Undo())
    assert s.status.put_back.readings == (settled(in_bed(3)),)
    assert s.status.reading == settled(in_bed(3))      # drawn and judged from there
    run(s, settled(in_bed(3)))                         # the hand took the coin back
    assert s.status.problem is None and s.status.state.on_board == 1
    run(s, settled(in_bed(3), in_bed(6)))
    assert s.status.state.on_board == 2 and s.status.problem is None


def test_a_restart_lays_the_board_out_where_the_log_last_saw_it(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY, settled(in_bed(3)), settled(in_bed(3), in_bed(5)))
    s.handle(Undo())
    run(s, settled(in_bed(3)), settled(in_bed(3), in_bed(7)))
    s.close()
    again = open_session(db)
    assert again.status.put_back.readings == (settled(in_bed(3), in_bed(7)),)
    assert again.status.readings == (settled(in_bed(3), in_bed(7)),)
    run(again, settled(in_bed(3), in_bed(7)))          # the board's re-sync: nothing new
    assert again.status.actions == s.status.actions and again.status.problem is None


def test_ok_tosses_the_coin_and_a_reading_becomes_a_logged_shove(db):
    s = open_session(db)
    assert run(s, ButtonPress("ok"))
    starter = s.status.state.starter
    assert starter in (0, 1)
    assert run(s, EMPTY, settled(in_bed(3)))
    assert s.status.state.marks == ((0,) * 9, (0,) * 9) and s.status.state.coins_left == 4
    assert logged(db) == ["new_game", "action", "action", "action"]


def test_restart_resumes_exactly_where_the_game_was(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY, settled(in_bed(3)), settled(in_bed(3), in_bed(5)))
    before = s.status.state
    again = open_session(db)
    assert again.status.state == before
    assert again.status.note.key == "resumed"


def test_undo_is_a_logged_event_and_survives_a_restart(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY, settled(in_bed(3)))
    after_toss = s.status.state.coins_left
    run(s, ButtonPress("back", long=True))
    assert s.status.state.coins_left == after_toss + 1
    assert logged(db)[-1] == "undo"
    assert open_session(db).status.state == s.status.state


def test_undo_back_to_the_start_then_nothing_to_undo(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY, settled(in_bed(2)))
    start = open_session(db.parent / "other.sqlite").status.state
    run(s, *[ButtonPress("back", long=True)] * 3)  # the shove, the cleared board, the toss
    assert s.status.state == start
    run(s, ButtonPress("back", long=True))
    assert s.status.note.key == "nothing_to_undo"
    assert logged(db).count("undo") == 3


def test_an_impossible_reading_changes_nothing_and_says_why(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY)
    state = s.status.state
    run(s, settled(in_bed(3), CoinReading(180.0, in_bed(3).y + 2)))
    assert s.status.state == state
    assert s.status.problem.key == "coins_overlap_in_bed"
    assert logged(db) == ["new_game", "action", "action"]
    run(s, settled(in_bed(3)))
    assert s.status.problem is None and s.status.state.coins_left == 4


def test_a_short_press_of_back_does_not_undo(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), ButtonPress("back"))
    assert s.status.state.starter is not None


def test_menu_chooses_the_game_before_play_and_keeps_the_parties(db):
    s = open_session(db, menu=lambda current: [HAPENNY, PIECEPACK])
    run(s, ButtonPress("menu"))
    assert s.status.setup.game == "shove-piecepack"
    assert s.status.setup.parties == HAPENNY.parties
    run(s, ButtonPress("ok"), ButtonPress("menu"))     # during a game: the staff page's address
    assert s.status.setup.game == "shove-piecepack" and s.status.showing_address == "asked"
    run(s, ButtonPress("menu", long=True))               # any button only takes it away
    assert s.status.showing_address is None and s.status.actions == 1
    run(s, ButtonPress("menu", long=True))
    assert s.status.actions == 0 and s.status.state.starter is None


def test_a_bad_setup_is_refused_and_the_game_goes_on(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY)
    state = s.status.state
    run(s, NewGame(GameSetup("shove-hapenny", (("Anna",),))))
    assert s.status.state == state and s.status.note.key == "bad_setup"
    assert "two parties" in s.status.note.kwargs["reason"]


def test_link_status_is_shown_but_not_logged(db):
    s = open_session(db)
    assert run(s, LinkStatus(LinkState.LOST, "unplugged"))
    assert s.status.link.state is LinkState.LOST
    assert logged(db) == []


def test_events_posted_from_many_threads_while_the_writer_works_are_all_handled_once(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY)
    presses = [ButtonPress("back") for _ in range(200)]  # no effect on the game, each handled

    def post_all(chunk):
        for p in chunk:
            s.post(p)
    threads = [threading.Thread(target=post_all, args=(presses[i::4],)) for i in range(4)]
    handled = 0
    original = s.handle

    def counting(event, *who, **how):
        nonlocal handled
        handled += 1
        return original(event, *who, **how)
    s.handle = counting
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads) or handled < len(presses):
        s.process(timeout=0.01)  # the writer works while the threads post
    for t in threads:
        t.join()
    assert handled == len(presses)
    run(s, settled(in_bed(1)), settled(in_bed(1), in_bed(2)))
    assert s.status.state.coins_left == 3, "readings after the flood are still refereed in order"


def test_a_log_that_no_longer_replays_keeps_what_it_could_and_says_where(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY)
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO events (at, kind, data) VALUES (0, 'action', "
                     "'{\"type\": \"Shove\", \"beds\": [42]}')")
    again = open_session(db)
    assert again.status.problem.key == "replay_failed"
    assert again.status.state.starter is not None
    assert len(logged(db)) == 4, "nothing is deleted"


def test_a_log_that_cannot_be_written_changes_nothing_and_says_so(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY)
    state = s.status.state
    s._log._db.execute("PRAGMA query_only = ON")  # as a full or read-only disk would
    run(s, settled(in_bed(3)))
    assert s.status.state == state
    assert s.status.problem.key == "store_failed"
    assert say("de", s.status.problem) == \
        "Speichern fehlgeschlagen, nichts wurde gezählt: bitte Personal rufen"   # SQLite's words: the log
    s._log._db.execute("PRAGMA query_only = OFF")
    run(s, settled(in_bed(3)))
    assert s.status.state.coins_left == 4 and s.status.problem is None


def test_a_problem_shows_in_the_banner_and_keeps_the_last_event(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY, settled(in_bed(3)))
    last = s.status.note
    run(s, settled(in_bed(3), CoinReading(180.0, in_bed(3).y + 2)))
    assert s.status.problem.key == "coins_overlap_in_bed" and s.status.note == last


def test_a_log_whose_game_no_longer_exists_starts_the_default_game_and_keeps_the_log(db):
    with sqlite3.connect(db) as conn:
        conn.executescript("""CREATE TABLE events (seq INTEGER PRIMARY KEY, at REAL NOT NULL,
            kind TEXT NOT NULL, data TEXT NOT NULL);
            INSERT INTO events (at, kind, data) VALUES (0, 'new_game',
            '{"game": "shove-renamed", "parties": [["A"], ["B"]], "options": []}');""")
    s = open_session(db)
    assert s.status.setup == HAPENNY
    assert s.status.problem.key == "replay_failed" and "shove-renamed" in s.status.problem.kwargs["reason"]
    assert logged(db) == ["new_game", "new_game"], "the old game stays in the log"


def test_a_logged_action_missing_a_field_is_reported_not_a_crash(db):
    s = open_session(db)
    run(s, ButtonPress("ok"))
    with sqlite3.connect(db) as conn:
        conn.execute("""INSERT INTO events (at, kind, data) VALUES (0, 'action', '{"type": "Shove"}')""")
    again = open_session(db)
    assert again.status.problem.key == "replay_failed"
    assert "Shove" in again.status.problem.kwargs["reason"]


def test_play_after_an_entry_that_no_longer_replays_survives_the_next_restart(db):
    s = open_session(db)
    run(s, ButtonPress("ok"), EMPTY)
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO events (at, kind, data) VALUES (0, 'action', "
                     "'{\"type\": \"Shove\", \"beds\": [42]}')")
    again = open_session(db)
    run(again, settled(in_bed(3)))
    played = again.status.state
    third = open_session(db)
    assert third.status.state == played, "the coin played after the bad entry is not dropped"


def test_a_check_beside_the_writer_that_fails_is_logged_and_play_goes_on(db, caplog):
    """Work a play hands beside the writer (the physics check) must never stop the
    table: a failing job is logged with its traceback and reports nothing."""
    import dataclasses
    import time
    from tablegame.core.store import EventLog

    def broken():
        raise RuntimeError("a bug in a check")

    class Broken:
        def __init__(self, play):
            self._play, self.rules = play, play.rules

        def judge(self, status, reading):
            return dataclasses.replace(self._play.judge(status, reading), beside=broken)

        def __getattr__(self, name):   # not for _play itself: a copy has none yet
            if name == "_play":
                raise AttributeError(name)
            return getattr(self._play, name)

    s = Session(EventLog(db), lambda setup: Broken(make_play(setup)), HAPENNY,
                rng=random.Random(1))
    run(s, EMPTY, ButtonPress("ok"), EMPTY, settled(in_bed(3)))
    assert s.status.state.on_board == 1  # counted at once
    deadline = time.monotonic() + 10
    while not s.idle:
        assert time.monotonic() < deadline, "the failed check never reported"
        s.process(timeout=0.05)
    assert "a check beside the writer failed" in caplog.text and "a bug in a check" in caplog.text
    run(s, settled(in_bed(3), in_bed(5)))
    assert s.status.state.on_board == 2 and s.status.problem is None
    while not s.idle:   # the second snapshot's check fails too: within this test, not the next's
        assert time.monotonic() < deadline + 10, "the second failed check never reported"
        s.process(timeout=0.05)
    s.close()


def test_the_check_beside_the_writer_starts_once_the_change_is_drawn(db):
    """The table's loop handles a coin with ``process(flush=False)``, draws it, then
    flushes: the shove's physics check starts only then, so it does not take the GIL and
    the caches from the frame (docs/performance.md). Handled and flushed at once (any
    other caller), it starts at once."""
    import dataclasses
    import time
    from tablegame.core.store import EventLog
    started = []

    class Watched:
        def __init__(self, play):
            self._play, self.rules = play, play.rules

        def judge(self, status, reading):
            verdict = self._play.judge(status, reading)
            return dataclasses.replace(verdict, beside=lambda: started.append(1))

        def __getattr__(self, name):
            if name == "_play":
                raise AttributeError(name)
            return getattr(self._play, name)

    s = Session(EventLog(db), lambda setup: Watched(make_play(setup)), HAPENNY,
                rng=random.Random(1))
    OPENED.append(s)
    def settle() -> None:
        deadline = time.monotonic() + 10
        while not s.idle:
            assert time.monotonic() < deadline, "a check never reported"
            s.process(timeout=0.05)

    run(s, EMPTY, ButtonPress("ok"), EMPTY)
    settle()
    before = len(started)
    s.post(settled(in_bed(3)), "board")
    assert s.process(timeout=1, flush=False) and s.status.state.on_board == 1   # drawn now
    time.sleep(0.2)
    assert len(started) == before and not s.idle, "the check ran while the coin was drawn"
    s.flush()
    settle()
    assert len(started) == before + 1
    run(s, settled(in_bed(3), in_bed(5)))             # handled and flushed at once
    settle()
    assert len(started) == before + 2


def test_a_signal_while_the_writer_waits_never_leaves_it_waiting_for_ever(db):
    """systemd stops the table with SIGTERM, which Python handles on the main thread while
    it waits for the next event; when that takes the wait past its timeout, the wait must
    still end (CPython 3.11's SimpleQueue then waited for ever, and an idle table hung)."""
    import os
    import signal
    import time
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals are handled on the main thread only")
    s = open_session(db)
    handled = []

    def slow_handler(*_):   # the timeout passes while the handler runs
        time.sleep(0.1)
        handled.append(True)

    def hung(*_):
        raise TimeoutError("the writer's wait did not end")

    old_usr1 = signal.signal(signal.SIGUSR1, slow_handler)
    old_alarm = signal.signal(signal.SIGALRM, hung)   # ends a hang in a failure, not a stuck run
    timer = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGUSR1))
    try:
        signal.alarm(5)
        timer.start()
        deadline = time.monotonic() + 4
        while not handled and time.monotonic() < deadline:
            s.process(timeout=0.02)
        assert handled
    finally:
        signal.alarm(0)
        timer.cancel()
        signal.signal(signal.SIGUSR1, old_usr1)
        signal.signal(signal.SIGALRM, old_alarm)
        s.close()


def test_one_undo_after_a_nudge_takes_back_the_last_counted_coin(db):
    """The README says BACK held undoes the last counted coin; after a nudge the first hold
    took back only the table's warning about it, and a second the coin (issue 30, item 6).
    One hold takes back the coin and what the table then observed about the board."""
    from tablegame.core.session import Act
    from tablegame.families.shove.rules import MovedUnhit
    s = open_session(db)
    for event in (ButtonPress("ok"), settled(), settled(in_bed(3))):
        s.handle(event)
    counted = s.status.state
    assert counted.on_board == 1
    s.handle(Act(MovedUnhit(((178.0, 120.0),))), by="table")   # the physics check's warning
    assert s.status.state.moved
    s.handle(ButtonPress("back", long=True), by="button")
    assert s.status.state.on_board == 0 and s.status.state.moved == ()
    assert s.status.note.key == "undone"
    again = open_session(db)                                     # and so after a restart
    assert again.status.state.on_board == 0 and again.status.state.moved == ()
    s.handle(ButtonPress("back", long=True), by="button")        # then the toss, not the empty board alone
    assert s.status.state.starter is None
