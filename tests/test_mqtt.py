"""Tables on MQTT with a real Mosquitto: several headless tables (each its own process)
publish into one broker and the venue's listener stores every event once, through a
broker killed mid-evening; a table that loses its power shows offline by its last will;
a bridge carries a table's events to the head office, which heals through it what its own
broker lost. (Who may do what: test_mqtt_acl.py;
a busy night's faults: test_mqtt_faults.py.)"""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from mqtt_broker import MISSING, Mosquitto, free_port, table_config

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
ROOT = Path(__file__).parent.parent


@pytest.fixture
def broker(tmp_path):
    mosquitto = Mosquitto(tmp_path / "broker",
                          "allow_anonymous true\nautosave_on_changes true\nautosave_interval 1\n")
    yield mosquitto.start()
    mosquitto.stop()


# s of quiet a table waits for before it stops where no broker dies, so nobody needs to ask
# it for anything again (playout's own 4 s are for subscribers healing after a broker's kill)
NO_FAULT = 1.0


def start_table(tmp_path: Path, port: int, name: str, games: int = 2, pace: float = 0.01,
                seed: int = 0, extra: str = "", linger: float = 0.0, venue: str = "pub",
                settle: float | None = None) -> subprocess.Popen:
    config = table_config(tmp_path / f"{name}.toml", port, name, venue=venue, extra=extra)
    return subprocess.Popen(
        [sys.executable, "-m", "table_app.playout", "--config", str(config), "--db",
         str(tmp_path / f"{name}.sqlite"), "--games", str(games), "--pace", str(pace),
         "--seed", str(seed), "--drain", "60", "--linger", str(linger),
         *(["--settle", str(settle)] if settle is not None else [])],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


def finished(table: subprocess.Popen, timeout: float = 120) -> dict:
    out, err = table.communicate(timeout=timeout)
    assert table.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def listener(port: int, path: Path, client_id: str = "test-venue", **login):
    from mqtt_publisher.broker import Broker
    from venue.listener import Listener
    return started(Listener(Broker("127.0.0.1", port, keepalive=5, **login), path,
                            client_id=client_id))


def started(made):
    """``made``, a venue Listener, started and returned once its broker has acknowledged its
    subscription: what is published from then on is its. (A table started at once may publish
    its first events before that on a loaded machine, and a new session never gets them.)"""
    subscribed = threading.Event()
    made.client.on_subscribe = lambda *args: subscribed.set()
    made.start()
    assert subscribed.wait(30), "the venue's listener got no SUBACK"
    return made


def until(condition, timeout: float = 20.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def last_logged(db: Path) -> int:
    """The last seq in a table's own log, read beside the table's process (0: none yet)."""
    import sqlite3
    if not db.exists():
        return 0
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]
    except sqlite3.OperationalError:   # its tables not made yet
        return 0
    finally:
        conn.close()


def seqs(store: Path, table: str) -> list[int]:
    from venue.store import events
    return [e[3] for e in events(store, "pub", table)]


def table_standings(db: Path):
    from venue.standings import log_standings
    return log_standings(db)


def test_three_tables_into_one_broker_every_event_once(broker, tmp_path):
    venue = listener(broker.port, tmp_path / "venue.sqlite")
    try:
        tables = {f"t{i}": start_table(tmp_path, broker.port, f"t{i}", games=2, seed=i,
                                       settle=NO_FAULT) for i in range(1, 4)}
        results = {name: finished(process) for name, process in tables.items()}
        for name, result in results.items():
            assert result["drained"] and result["games"] == 2
            until(lambda: seqs(tmp_path / "venue.sqlite", name)[-1:] == [result["last_seq"]],
                  what=f"{name}'s events")
            assert seqs(tmp_path / "venue.sqlite", name) == list(range(1, result["last_seq"] + 1))
        from venue.store import tables as known
        until(lambda: all(t["status"] == "offline" for t in known(tmp_path / "venue.sqlite")),
              what="every table offline after its clean end")
        states = {t["name"]: t["state"] for t in known(tmp_path / "venue.sqlite")}
        assert set(states) == {"t1", "t2", "t3"}
        assert all(s["game"] == "neunfeld" and s["over"] for s in states.values())
        assert venue.counts["resends"] == 0   # no broker outage: no gap to heal
    finally:
        venue.close()


def test_broker_killed_mid_evening_venue_ends_with_every_event_once(broker, tmp_path):
    store = tmp_path / "venue.sqlite"
    venue = listener(broker.port, store)
    try:
        tables = {f"t{i}": start_table(tmp_path, broker.port, f"t{i}", games=5, pace=0.03,
                                       seed=10 + i) for i in range(1, 4)}
        until(lambda: all(seqs(store, n) for n in tables), what="the first events")
        broker.kill()                       # mid-evening: the tables play on
        time.sleep(2.0)
        broker.start()                      # same port, its persistence kept
        results = {name: finished(process) for name, process in tables.items()}
        for name, result in results.items():
            until(lambda: seqs(store, name)[-1:] == [result["last_seq"]], timeout=30,
                  what=f"{name} caught up")
            assert seqs(store, name) == list(range(1, result["last_seq"] + 1))
        from venue.standings import venue_standings
        for name in tables:   # the venue's standings of each table are the table's own
            assert venue_standings(store, table=name) == table_standings(tmp_path / f"{name}.sqlite")
    finally:
        venue.close()


def test_a_table_restarted_while_the_broker_was_down_catches_up(broker, tmp_path):
    store = tmp_path / "venue.sqlite"
    venue = listener(broker.port, store)
    try:
        first = finished(start_table(tmp_path, broker.port, "t1", games=1, seed=3, settle=NO_FAULT))
        until(lambda: seqs(store, "t1")[-1:] == [first["last_seq"]], what="the first game")
        broker.stop()
        # the table plays a game with the broker away, and ends before it is back (games=2:
        # restarted on its log, the game over already is its first; with 1 it played none)
        table = start_table(tmp_path, broker.port, "t1", games=2, seed=4)
        until(lambda: last_logged(tmp_path / "t1.sqlite") >= first["last_seq"] + 10,
              what="ten moves logged with the broker away")
        table.send_signal(signal.SIGTERM)         # the game ends
        time.sleep(0.5)
        table.send_signal(signal.SIGTERM)         # and the wait for the broker
        table.communicate(timeout=30)
        broker.start()
        again = finished(start_table(tmp_path, broker.port, "t1", games=1, seed=5))
        until(lambda: seqs(store, "t1")[-1:] == [again["last_seq"]], what="the catch-up")
        assert seqs(store, "t1") == list(range(1, again["last_seq"] + 1))
    finally:
        venue.close()


def test_a_table_without_power_shows_offline_by_its_last_will(broker, tmp_path):
    from venue.store import tables
    store = tmp_path / "venue.sqlite"
    venue = listener(broker.port, store)
    try:
        table = start_table(tmp_path, broker.port, "t1", games=1, linger=60)
        until(lambda: [t["status"] for t in tables(store)] == ["online"], what="online")
        table.kill()                        # SIGKILL: no goodbye, only the will
        table.wait()
        started = time.monotonic()
        until(lambda: [t["status"] for t in tables(store)] == ["offline"], timeout=15,
              what="offline through the last will (keepalive 5 s)")
        assert time.monotonic() - started < 1.5 * 5 + 3
    finally:
        venue.close()


def test_a_bridge_carries_a_tables_events_to_the_head_office(tmp_path):
    head = Mosquitto(tmp_path / "head").start()
    pub = Mosquitto(tmp_path / "pub", "allow_anonymous true\n"
                    f"connection headoffice\naddress 127.0.0.1:{head.port}\n"
                    "bridge_protocol_version mqttv311\nremote_clientid pubtable-bridge-pub\n"
                    "cleansession false\ntopic pubtable/v1/# out 1\n").start()
    store = tmp_path / "head.sqlite"
    office = listener(head.port, store, client_id="head-office")
    try:
        time.sleep(0.5)   # the bridge connects
        result = finished(start_table(tmp_path, pub.port, "t1", games=1, settle=NO_FAULT))
        until(lambda: seqs(store, "t1")[-1:] == [result["last_seq"]], what="events at the head office")
        assert seqs(store, "t1") == list(range(1, result["last_seq"] + 1))
    finally:
        office.close()
        pub.stop()
        head.stop()


def test_a_head_office_heals_through_the_bridge_what_its_broker_lost(tmp_path):
    """The pub's broker bridged to the head office's as deploy/mosquitto/bridge.conf says
    (its venue's topics out, commands in). The head office's venue view is away while its
    broker is SIGKILLed (Debian's autosave: what it held for the view is gone); back, it
    sees what it lacks below the table's last, asks the table through the bridge, and
    ends with every event once."""
    from mqtt_broker import SHIPPED
    head = Mosquitto(tmp_path / "head", "allow_anonymous true\nautosave_interval 1800\n").start()
    bridge = (SHIPPED / "bridge.conf").read_text().replace("krone", "pub")
    bridge = "\n".join(line for line in bridge.splitlines() if not line.startswith(
        ("address", "remote_username", "remote_password", "bridge_cafile")))
    pub = Mosquitto(tmp_path / "pub", f"allow_anonymous true\n{bridge}\naddress 127.0.0.1:{head.port}\n"
                    "restart_timeout 1\n").start()
    store = tmp_path / "head.sqlite"
    office = listener(head.port, store, client_id="head-office")
    table = start_table(tmp_path, pub.port, "t1", games=12, pace=0.02, linger=5)
    try:
        until(lambda: len(seqs(store, "t1")) > 20, timeout=30, what="events at the head office")
        office.close()                     # the head office's view away ...
        away = last_logged(tmp_path / "t1.sqlite")
        until(lambda: last_logged(tmp_path / "t1.sqlite") >= away + 30, timeout=30,
              what="thirty events more while the head office's view is away")
        head.kill()                        # ... while its broker dies, with what it held for it
        head.start()
        office = listener(head.port, store, client_id="head-office")
        result = finished(table, timeout=180)
        until(lambda: seqs(store, "t1") == list(range(1, result["last_seq"] + 1)), timeout=30,
              what=f"all {result['last_seq']} events at the head office")
        assert office.counts["resends"] >= 1          # healed by asking, through the bridge
    finally:
        if table.poll() is None:
            table.kill()
        office.close()
        pub.stop()
        head.stop()
