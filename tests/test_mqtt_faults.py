"""A busy night's faults with a real Mosquitto: several tables playing as fast as they
can, the broker SIGKILLed three times (once for an outage during which a table new to
the broker plays, is killed and is started again), the venue view stalled while the
broker dies, and at the end every event exactly once at the venue and at an
independent subscriber.

The broker keeps its store as Debian ships it (``autosave_interval`` 1800 s): a SIGKILL
loses whatever it had acknowledged since it started, the queues of the subscribers
included, so every kill leaves gaps that only the tables' logs can fill."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mqtt_broker import MISSING, Mosquitto, table_config

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
ROOT = Path(__file__).parent.parent
GAMES = {"t1": "shove-hapenny", "t2": "schocken", "t3": "carrom", "t4": "neunfeld"}


def _table(folder: Path, port: int, name: str, game: str, pace: float = 0.005) -> subprocess.Popen:
    config = table_config(folder / f"{name}.toml", port, name, game=game)
    return subprocess.Popen(
        [sys.executable, "-m", "table_app.playout", "--config", str(config), "--db",
         str(folder / f"{name}.sqlite"), "--games", "100000", "--pace", str(pace),
         "--seed", name[1:], "--drain", "60", "--log-level", "info"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=open(folder / f"{name}.log", "a"), text=True)


def _logged(folder: Path, name: str) -> list[int]:
    db = sqlite3.connect(f"file:{folder / f'{name}.sqlite'}?mode=ro", uri=True)
    try:
        return [seq for (seq,) in db.execute("SELECT seq FROM events ORDER BY seq")]
    finally:
        db.close()


def _held(path: Path, name: str, column: str = "name") -> list[int]:
    """The seqs of table ``name`` in a subscriber's SQLite (the venue's, or the mirror's)."""
    if not path.exists():
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [s for (s,) in db.execute(f"SELECT seq FROM events WHERE {column} = ? ORDER BY seq",
                                         (name,))]
    except sqlite3.OperationalError:   # not made yet
        return []
    finally:
        db.close()


def _stored(path: Path, name: str) -> list[int]:
    return _held(path, name)


def _mirror_seqs(path: Path, name: str) -> list[int]:
    return _held(path, name, "tbl")


def _deliveries(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return db.execute("SELECT coalesce(sum(deliveries), 0) FROM events").fetchone()[0]
    finally:
        db.close()


def test_a_busy_night_with_broker_kills_every_event_once_at_the_venue_and_elsewhere(tmp_path):
    broker = Mosquitto(tmp_path / "broker", "allow_anonymous true\nautosave_interval 1800\n"
                       "max_queued_messages 1000000\n").start()
    venue_config = table_config(tmp_path / "venue.toml", broker.port, "venue")
    venue = subprocess.Popen(
        [sys.executable, "-m", "table_app.cli", "venue", "--config", str(venue_config),
         "--venue", "pub", "--data", str(tmp_path / "venue"), "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "venue.log", "w"), text=True)
    store, copy = tmp_path / "venue" / "venue.sqlite", tmp_path / "mirror.sqlite"
    other = subprocess.Popen(   # an independent subscriber as docs/mqtt.md tells one to be
        [sys.executable, "examples/mqtt/mirror.py", "--port", str(broker.port), "--venue", "pub",
         "--db", str(copy)], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=open(tmp_path / "mirror.log", "w"),
        text=True)
    tables = {name: _table(tmp_path, broker.port, name, game) for name, game in GAMES.items()}
    try:
        time.sleep(6)                                   # the tables play into the broker
        os.kill(venue.pid, signal.SIGSTOP)              # the venue view stalls ...
        time.sleep(1)
        broker.kill()                                   # ... while the broker dies
        time.sleep(1)
        broker.start()
        os.kill(venue.pid, signal.SIGCONT)
        time.sleep(3)
        os.kill(other.pid, signal.SIGSTOP)              # the other subscriber stalls ...
        time.sleep(1)
        broker.kill()                                   # ... and an outage of 6 s begins
        new = _table(tmp_path, broker.port, "t5", "schocken")   # a table new to the broker
        time.sleep(3)
        new.kill()                                      # its power cut during the outage
        new.wait()
        new = tables["t5"] = _table(tmp_path, broker.port, "t5", "schocken")   # and back
        time.sleep(3)
        broker.start()
        os.kill(other.pid, signal.SIGCONT)
        time.sleep(5)
        broker.kill()                                   # a short one
        time.sleep(0.5)
        broker.start()
        time.sleep(4)
        for process in tables.values():
            process.send_signal(signal.SIGTERM)         # the evening ends; the logs drain
        for process in tables.values():
            process.wait(timeout=90)
        logged = {name: _logged(tmp_path, name) for name in tables}
        assert all(len(seqs) > 100 for seqs in logged.values()), {n: len(s) for n, s in logged.items()}
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(
                _stored(store, name) != seqs or _mirror_seqs(copy, name) != seqs
                for name, seqs in logged.items()):
            time.sleep(0.5)
        events = sum(len(seqs) for seqs in logged.values())
        deliveries = _deliveries(copy)
        lost = {name: (len(set(seqs) - set(_stored(store, name))), len(set(seqs) - set(_mirror_seqs(copy, name))))
                for name, seqs in logged.items()}
        said = f"{events} events, {deliveries} deliveries elsewhere; lost (venue, elsewhere): {lost}"
        assert all(lost_here == (0, 0) for lost_here in lost.values()), said
        for name, seqs in logged.items():   # and nothing stored that a table did not log
            assert _stored(store, name) == seqs and _mirror_seqs(copy, name) == seqs, said
        # No flood of copies: asking again at every reconnect gave 5 and more deliveries an
        # event (docs/mqtt.md). Not 1.5: with the machine's two cores under a load of 25 a
        # table's answer takes longer than a subscriber's 3 s wait, so some ranges are asked
        # and sent twice (1.99 an event seen there, every event still stored once).
        assert deliveries <= 3 * events, said
    finally:
        for process in tables.values():
            if process.poll() is None:
                process.kill()
                process.wait()
        for process in (venue, other):
            process.send_signal(signal.SIGCONT)
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
        broker.stop()
