"""Every event of a venue's tables, exactly once, in a SQLite file of your own: what any
subscriber does to miss nothing (docs/mqtt.md, "What a subscriber does"), beside the
venue view and independent of it (a head office's archive, a statistics script).

    .venv/bin/python examples/mqtt/mirror.py --broker venue-broker.local --user reader \\
        --password … --venue krone --db var/mirror.sqlite

1. A persistent session (a fixed client id, no clean start) at QoS 1: what is published
   while the mirror is away waits in the broker.
2. Every event kept once, by its id; a second copy is only counted.
3. Each table's retained ``.../log`` (and every later event) says up to which event it
   published; what is missing below that, the mirror asks the table for with
   ``.../cmd/resend {"log", "from", "to"}``, once, and again only when it has not come
   (venue/gaps.py says when). The ACL's ``reader`` login may do exactly that.

Runs until Ctrl-C or SIGTERM; needs the tablegame package (for venue/gaps.py)."""
from __future__ import annotations

import argparse
import json
import signal
import sqlite3
import sys
import threading
import time

import paho.mqtt.client as mqtt

from venue.gaps import GRACE, Gaps

SCHEMA = """CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY, venue TEXT, tbl TEXT, log INTEGER, seq INTEGER, body TEXT,
    deliveries INTEGER NOT NULL DEFAULT 1)"""


class Mirror:
    def __init__(self, db: str, venue: str):
        self.db = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(SCHEMA)
        self.venue, self.lock, self.gaps = venue, threading.Lock(), {}
        self.spoke = {}   # (venue, table) -> when it was last heard live
        self.client = None

    def gaps_of(self, venue: str, table: str, log: int) -> Gaps:
        if (venue, table, log) not in self.gaps:
            held = [s for (s,) in self.db.execute(
                "SELECT seq FROM events WHERE venue = ? AND tbl = ? AND log = ?", (venue, table, log))]
            self.gaps[(venue, table, log)] = Gaps(held)
        return self.gaps[(venue, table, log)]

    def connected(self, client, userdata, flags, reason_code, properties=None):
        client.subscribe(f"pubtable/v1/{self.venue}/+/#", qos=1)

    def message(self, client, userdata, message):
        parts = message.topic.split("/")
        if len(parts) < 5:
            return
        venue, table, leaf = parts[2], parts[3], "/".join(parts[4:])
        before = self.spoke.get((venue, table), float("-inf"))
        if not message.retain and (leaf.startswith(("event/", "log", "state"))
                                   or message.payload == b"online"):   # a live word of the table
            self.spoke[(venue, table)] = time.monotonic()
        if leaf == "status" and message.payload == b"online" and not message.retain:
            with self.lock:   # (again) connected: what was asked since it was last heard
                for key, gaps in self.gaps.items():   # it may have missed
                    if key[:2] == (venue, table):
                        gaps.hurry(before - GRACE)
            return
        try:
            body = json.loads(message.payload)
            with self.lock:
                if leaf == "log" and body.get("log") is not None:
                    self.gaps_of(venue, table, int(body["log"])).told(body.get("first"), int(body["last"]))
                elif leaf.startswith("event/"):
                    log, seq = int(body["log"]), int(body["seq"])
                    self.db.execute("INSERT INTO events (id, venue, tbl, log, seq, body) VALUES "
                                    "(?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
                                    "deliveries = deliveries + 1",
                                    (body["id"], venue, table, log, seq, message.payload.decode()))
                    self.gaps_of(venue, table, log).add(seq)
        except (ValueError, KeyError, TypeError, AttributeError):
            pass   # not an event or a log this mirror reads

    def ask(self) -> None:
        """Ask every table for what it misses and is due (called once a second); nothing
        while the broker is away (paho would send it, stale, at the next connect)."""
        if not self.client.is_connected():
            return
        with self.lock:
            for (venue, table, log), gaps in self.gaps.items():
                for first, last in gaps.due(time.monotonic()):
                    print(f"{table} misses events {first} to {last}: asked again", file=sys.stderr,
                          flush=True)
                    self.client.publish(f"pubtable/v1/{venue}/{table}/cmd/resend",
                                        json.dumps({"log": log, "from": first, "to": last}), qos=1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--broker", default="localhost")
    parser.add_argument("--port", type=int, default=1883)
    parser.add_argument("--user", default="")
    parser.add_argument("--password", default="")
    parser.add_argument("--venue", default="+", help="one venue's tables, or + for all")
    parser.add_argument("--db", default="mirror.sqlite", help="the mirror's own SQLite file")
    parser.add_argument("--client-id", default="pubtable-mirror")
    args = parser.parse_args()
    mirror = Mirror(args.db, args.venue)
    client = mirror.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=args.client_id,
                                         clean_session=False, protocol=mqtt.MQTTv311)
    if args.user:
        client.username_pw_set(args.user, args.password or None)
    client.on_connect, client.on_message = mirror.connected, mirror.message
    client.reconnect_delay_set(1, 4)
    client.connect_async(args.broker, args.port, 10)
    client.loop_start()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(1.0):
            mirror.ask()
    except KeyboardInterrupt:
        pass
    client.disconnect()
    client.loop_stop()


if __name__ == "__main__":
    main()
