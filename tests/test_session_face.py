"""The session's face to adapters (ARCHITECTURE.md): commands with replies, snapshots
published to bounded subscriptions, who made each logged event, the log's schema
migrated in place, and history read on a read-only connection of its own."""
import json
import random
import sqlite3
import threading

import pytest

from tablegame.core.events import ButtonPress
from tablegame.families.shove.rules import CoinToss, Shove
from tablegame.core.history import History
from tablegame.texts import say
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.core.sensors import BoardSnapshot, CoinReading
from tablegame.core.session import Act, Calibrate, NewGame, Session, TooManyStreams, Undo
from tablegame.core.store import SCHEMA_VERSION, EventLog, LogError, schema_version

HAPENNY = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))
PIECEPACK = GameSetup("shove-piecepack", (("Anna",), ("Ben",)))


@pytest.fixture
def db(tmp_path):
    return tmp_path / "table.sqlite"


@pytest.fixture
def session(db):
    s = Session(EventLog(db), make_play, HAPENNY, rng=random.Random(1), max_streams=3)
    yield s
    s.close()


class Writer:
    """The writer's loop on a thread of its own, as the service runs it on the main thread."""

    def __init__(self, session):
        self.session, self.stop = session, threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.stop.is_set():
            self.session.process(timeout=0.01)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(5)


def who(db):
    with sqlite3.connect(db) as conn:
        return [(kind, by) for kind, by in conn.execute("SELECT kind, by FROM events ORDER BY seq")]


def test_a_command_waits_for_its_reply_and_is_logged_with_who_made_it(session, db):
    with Writer(session):
        reply = session.submit(NewGame(PIECEPACK), by="staff:anna", wait=5)
    assert reply.accepted
    assert session.status.setup == PIECEPACK
    assert who(db)[-1] == ("new_game", "staff:anna")


def test_a_refused_command_says_why_and_changes_nothing(session, db):
    before, logged = session.status.state, who(db)
    with Writer(session):
        reply = session.submit(Act(Shove((3,))), by="staff:anna", wait=5)  # nobody tossed the coin yet
    assert not reply.accepted
    assert reply.note.key == "illegal" and say("en", reply.note)
    assert session.status.state == before and who(db) == logged
    # the reason is said in the table's language, not in the engine's English
    assert say("de", reply.note) == "Nicht erlaubt: erst die Münze werfen: sie entscheidet, wer beginnt"
    assert say("en", reply.note) == "Not allowed: toss the coin first: it decides who starts"


def test_undo_with_nothing_to_undo_is_refused(session):
    with Writer(session):
        reply = session.submit(Undo(), by="staff:anna", wait=5)
    assert not reply.accepted and reply.note.key == "nothing_to_undo"


def test_a_staff_refusal_goes_to_the_staff_not_onto_the_table(session):
    """A failed undo from the phone showed "Nichts zum Zurücknehmen" on the table's
    screen (issue 30, item 5): the reply says it to whoever asked; the table's last event
    stays. A refusal of the table's own button is still said on the table."""
    shown, version = session.status.note, session.version
    with Writer(session):
        assert session.submit(Undo(), by="staff:anna", wait=5).note.key == "nothing_to_undo"
        assert not session.submit(Act(Shove((3,))), by="staff:anna", wait=5).accepted
    assert session.status.note == shown and session.version == version
    session.handle(ButtonPress("back", long=True), by="button")
    assert session.status.note.key == "nothing_to_undo"


def test_a_table_that_does_not_answer_gives_a_refusal_in_words(session):
    reply = session.submit(Undo(), by="staff:anna", wait=0.05)  # no writer runs
    assert not reply.accepted and say("de", reply.note) == "Der Tisch hat nicht rechtzeitig geantwortet"


def test_fire_and_forget_returns_at_once_and_the_writer_takes_it_later(session, db):
    assert session.submit(ButtonPress("ok"), by="button") is None
    assert session.status.state.starter is None
    session.process()
    assert session.status.state.starter in (0, 1)
    assert who(db)[-1] == ("action", "button")


def test_a_subscriber_gets_the_current_snapshot_then_each_change(session):
    with session.subscribe() as stream:
        first = stream.get(timeout=1)
        assert first.status is session.status and first.version == session.version
        session.post(ButtonPress("ok"), by="button")
        session.process()
        after = stream.get(timeout=1)
        assert after.version == first.version + 1 and after.status.state.starter in (0, 1)
        assert after.view("de").title  # the same view model the display draws
        assert stream.get(timeout=0.01) is None


def test_the_tables_loop_publishes_a_change_once_it_is_drawn_and_each_change_apart(session):
    """The table's loop (``process(flush=False)``, draw, ``flush``): the readers' snapshot
    and their threads' wake-up come after the frame, not inside it; two changes in one
    pass are still two snapshots, each of its own state."""
    with session.subscribe() as stream:
        first = stream.get(timeout=1)
        session.post(Calibrate(True), by="button")
        session.post(Calibrate(False), by="button")
        assert session.process(flush=False)
        assert stream.get(timeout=0.01).status.calibrating, "the first change, as it was"
        assert stream.get(timeout=0.01) is None and session.snapshot().version == first.version + 1
        session.flush()                                   # drawn: now the readers hear of it
        last = stream.get(timeout=1)
        assert last.version == first.version + 2 and not last.status.calibrating
        assert last is session.snapshot() and last.status is session.status


def test_a_boards_event_is_published_after_its_frame_and_before_its_ack(session):
    """The board's events come with whom to tell once they are safe (its ACK,
    ``post(handled=...)``) and nobody waits for a reply to them: the table's loop
    publishes such a change after drawing it, at the flush, before the ACK. Fails before:
    every board event was published inside its frame, as if someone waited for it (the
    play's copy for the readers and their threads' wake-up, in every settled frame)."""
    acked = []
    with session.subscribe() as stream:
        first = stream.get(timeout=1)
        session.post(Calibrate(True), by="board", handled=lambda: acked.append(stream.get(timeout=1)))
        assert session.process(flush=False)               # logged, about to be drawn
        assert session.snapshot().version == first.version and not acked
        session.flush()                                   # drawn: published, then ACKed
        assert [s.version for s in acked] == [first.version + 1] and acked[0].status.calibrating


def test_who_waits_for_a_command_reads_it_in_the_snapshot_before_the_frame_is_drawn(session):
    """The table's loop publishes after drawing, but a staff page or a venue that waited
    for its command reads the snapshot next (the page's redirect to its form, a relay's
    next move): it already shows the command, however long the frame takes."""
    seen = {}

    def staff():
        seen["accepted"] = session.submit(Calibrate(True), by="staff:anna", wait=5).accepted
        seen["calibrating"] = session.snapshot().status.calibrating

    thread = threading.Thread(target=staff)
    thread.start()
    assert session.process(timeout=5, flush=False)   # the table's loop handles it ...
    thread.join(5)                       # ... and would draw it now
    assert seen == {"accepted": True, "calibrating": True}
    session.flush()
    assert session.snapshot().status.calibrating


def test_a_slow_subscriber_loses_old_snapshots_and_never_holds_the_writer(session):
    stream = session.subscribe(maxsize=2)
    for _ in range(10):   # ten changes, nobody reads
        session.handle(Calibrate(True))
        session.handle(Calibrate(False))
    latest = [stream.get(timeout=0.1), stream.get(timeout=0.1)]
    assert latest[-1] is session.snapshot()
    assert stream.get(timeout=0.01) is None


def test_live_streams_are_capped_and_a_closed_one_frees_its_place(session):
    streams = [session.subscribe() for _ in range(3)]
    with pytest.raises(TooManyStreams):
        session.subscribe()
    streams[0].close()
    session.subscribe().close()
    assert session.streams == 2


def test_calibration_shows_readings_and_judges_none(session, db):
    session.handle(ButtonPress("ok"), by="button")
    logged = who(db)
    session.handle(Calibrate(True), by="staff:anna")
    coin = BoardSnapshot((CoinReading(178.0, 140.0),), settled=True)
    session.handle(BoardSnapshot((), settled=True))
    session.handle(coin)
    assert session.status.reading == coin and session.status.state.coins_left == 5
    assert who(db) == logged
    session.handle(Calibrate(False), by="staff:anna")
    assert not session.status.calibrating


def old_log(path):
    """A log as the table wrote it before events said who made them (schema 1)."""
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, at REAL NOT NULL, "
                     "kind TEXT NOT NULL CHECK (kind IN ('new_game', 'action', 'undo')), "
                     "data TEXT NOT NULL)")
        setup = {"game": "shove-hapenny", "parties": [["Anna"], ["Ben"]], "options": []}
        conn.execute("INSERT INTO events (at, kind, data) VALUES (1, 'new_game', ?)",
                     (json.dumps(setup),))
        conn.execute("INSERT INTO events (at, kind, data) VALUES (2, 'action', ?)",
                     (json.dumps({"type": "CoinToss", "starter": 1}),))
    conn.close()


def test_an_old_log_is_upgraded_in_place_and_the_game_resumes(db):
    old_log(db)
    s = Session(EventLog(db), make_play, HAPENNY)
    assert s.status.state.starter == 1
    s.close()
    with sqlite3.connect(db) as conn:
        assert schema_version(conn) == SCHEMA_VERSION
    assert who(db) == [("new_game", "unknown"), ("action", "unknown")]


def schema_3_log(path):
    """A log as the table wrote it before issue 30's last round: the kind checked with an
    IN list, which SQLite evaluated by building a temporary index in every append."""
    with sqlite3.connect(path) as conn:
        conn.executescript(
            "CREATE TABLE events (seq INTEGER PRIMARY KEY, at REAL NOT NULL, "
            "kind TEXT NOT NULL CHECK (kind IN ('new_game', 'action', 'undo')), "
            "data TEXT NOT NULL, by TEXT NOT NULL DEFAULT 'unknown', "
            "seen TEXT NOT NULL DEFAULT '[]'); PRAGMA user_version = 3;")
        setup = {"game": "shove-hapenny", "parties": [["Anna"], ["Ben"]], "options": []}
        conn.execute("INSERT INTO events (at, kind, data, by) VALUES (1, 'new_game', ?, 'table')",
                     (json.dumps(setup),))
        conn.execute("INSERT INTO events (at, kind, data, by, seen) VALUES (2, 'action', ?, "
                     "'staff:anna', '[]')", (json.dumps({"type": "CoinToss", "starter": 1}),))
    conn.close()


def append_plan(conn) -> list[str]:
    """The operations SQLite runs for one append of the event log."""
    from tablegame.core.store import _INSERT
    return [row[1] for row in conn.execute(f"EXPLAIN {_INSERT}", (3, "action", "{}", "board", "[]"))]


def test_a_schema_3_log_keeps_every_event_and_checks_the_kind_without_a_temporary_index(db):
    """Fails before: every append built a temporary index (OpenEphemeral) for the kind's
    check, on the main thread before the frame is drawn (17 us of it cold, measured)."""
    schema_3_log(db)
    s = Session(EventLog(db), make_play, HAPENNY)
    assert s.status.state.starter == 1
    s.handle(NewGame(PIECEPACK), by="staff:anna")   # and the made-again table takes more
    s.close()
    assert who(db) == [("new_game", "table"), ("action", "staff:anna"), ("new_game", "staff:anna")]
    with sqlite3.connect(db) as conn:
        assert schema_version(conn) == SCHEMA_VERSION
        assert "OpenEphemeral" not in append_plan(conn)
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):   # still refused by the log
            conn.execute("INSERT INTO events (at, kind, data) VALUES (3, 'redo', '{}')")
    conn.close()


def test_a_new_log_appends_without_a_temporary_index(db):
    EventLog(db).close()
    with sqlite3.connect(db) as conn:
        assert "OpenEphemeral" not in append_plan(conn)
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            conn.execute("INSERT INTO events (at, kind, data) VALUES (3, 'redo', '{}')")
    conn.close()


def test_a_log_from_a_newer_program_is_refused_in_words(db):
    EventLog(db).close()
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(LogError, match="newer than this program"):
        EventLog(db)


def test_history_reads_every_game_on_its_own_read_only_connection(session, db):
    session.handle(Act(CoinToss(0)), by="staff:anna")
    session.handle(NewGame(PIECEPACK), by="staff:anna")
    games = History(db).games()
    assert [g.setup_data["game"] for g in games] == ["shove-hapenny", "shove-piecepack"]
    assert [e.by for e in games[0].entries] == ["table", "staff:anna"]
    assert History(db).game(games[1].seq).entries[0].kind == "new_game"
    with pytest.raises(sqlite3.OperationalError):   # the reader cannot write
        with History(db)._connection() as conn:
            conn.execute("DELETE FROM events")
