"""Threads (issue 10 §7): only the writer touches the game state and its SQLite
connection; what other threads read is one immutable object, swapped atomically."""
import ast
import random
import threading
from pathlib import Path

from tablegame.core.events import ButtonPress
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from table_app.service import Presses
from tablegame.core.session import Session
from tablegame.core.store import EventLog

ROOT = Path(__file__).parent.parent
SCHOCKEN = GameSetup("schocken", (("Anna",), ("Ben",), ("Cem",)))


def test_a_snapshot_keeps_what_it_showed_when_the_writer_moves_on(tmp_path):
    """Schocken's highlighted choice lives in the play, not in the game state: BACK moves it.
    A snapshot published before the next BACK still shows its own highlight."""
    session = Session(EventLog(tmp_path / "t.sqlite"), make_play, SCHOCKEN, rng=random.Random(2))
    session.handle(ButtonPress("ok"))   # a throw: now there is more than one choice
    session.handle(ButtonPress("back"))
    earlier = session.snapshot()
    shown = earlier.view("en").choice
    session.handle(ButtonPress("back"))
    assert session.snapshot().view("en").choice != shown, "the test needs the highlight to move"
    assert earlier.view("en").choice == shown
    session.close()


def test_a_snapshot_is_swapped_whole_and_never_changes(tmp_path):
    session = Session(EventLog(tmp_path / "t.sqlite"), make_play, SCHOCKEN, rng=random.Random(2))
    seen = []
    stop = threading.Event()

    def reader():
        while not stop.is_set():
            snap = session.snapshot()
            seen.append((snap.version, snap.status, snap.view("de")))
    thread = threading.Thread(target=reader)
    thread.start()
    for press in ["ok", "back", "ok", "ok", "back", "back", "ok"] * 5:
        session.handle(ButtonPress(press))
    stop.set()
    thread.join()
    by_version = {}
    for version, status, view in seen:   # every read of one version saw the same thing
        by_version.setdefault(version, (status, view))
        assert by_version[version] == (status, view)
    session.close()


def test_the_buttons_last_presses_are_read_safely_while_presses_come(tmp_path):
    class Sink:
        def post(self, *args, **kwargs):
            pass
    presses = Presses(Sink(), keep=5)
    failures = []
    done = threading.Event()

    def press():
        for i in range(20000):
            presses(ButtonPress("ok" if i % 2 else "back", long=False))
        done.set()
    thread = threading.Thread(target=press)
    thread.start()
    while not done.is_set():
        try:
            text = presses.said("de")   # as the health view reads it
            assert text.count(",") <= 4
        except RuntimeError as error:
            failures.append(error)
    thread.join()
    assert failures == [] and len(presses.last) == 5


def test_only_the_session_and_the_log_touch_the_writers_connection():
    """The event log's connection is EventLog._db; nothing outside store.py reaches it
    (history and doctor open their own, read-only)."""
    users = []
    for path in sorted((ROOT / "tablegame").rglob("*.py")) + sorted((ROOT / "web_admin").rglob("*.py")):
        if path.name == "store.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "_db" and \
                    ast.unparse(node.value).endswith("_log"):
                users.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert users == []


def test_a_carrom_snapshot_keeps_its_menu_when_the_writer_opens_it(tmp_path):
    """Carrom keeps its foul menu and the stroke in progress beside the log, in one record
    the writer updates: a snapshot published before MENU shows no menu, whatever the writer
    did since (a staff page drawing an older snapshot must not see a later menu)."""
    from tablegame.families.carrom.physics import CarromBoard, break_setup
    from tablegame.core.sensors import PiecesSnapshot
    setup = GameSetup("carrom", (("Anna",), ("Ben",)))
    session = Session(EventLog(tmp_path / "t.sqlite"), make_play, setup, rng=random.Random(2))
    session.handle(PiecesSnapshot(break_setup(CarromBoard()), settled=True))
    earlier = session.snapshot()
    assert earlier.view("en").menu == ()
    session.handle(ButtonPress("menu"))
    assert session.snapshot().view("en").menu, "the test needs MENU to open the foul menu"
    assert earlier.view("en").menu == ()
    session.close()
