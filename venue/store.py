"""What the venue received, in its own SQLite: each table's status and latest state,
and every event once (the key is the table, its log and the seq: a duplicate sent again
after an outage is dropped here). Written by the listener's thread only; the page reads
on connections of its own."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    venue   TEXT NOT NULL,
    name    TEXT NOT NULL,
    status  TEXT NOT NULL DEFAULT 'unknown',  -- online / offline, as the table (or its will) said
    state   TEXT,                             -- what the venue reads of its latest .../state (JSON)
    reply   TEXT,                             -- its answer to the last command (.../reply, JSON)
    seen    REAL NOT NULL,                    -- when the venue last heard it (not its will)
    PRIMARY KEY (venue, name));
CREATE TABLE IF NOT EXISTS events (
    venue    TEXT NOT NULL,
    name     TEXT NOT NULL,
    log      INTEGER NOT NULL,
    seq      INTEGER NOT NULL,
    at       REAL NOT NULL,
    kind     TEXT NOT NULL,
    by       TEXT NOT NULL,
    data     TEXT NOT NULL,                   -- JSON
    received REAL NOT NULL,
    PRIMARY KEY (venue, name, log, seq));
"""


class VenueStore:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA + f"PRAGMA user_version = {SCHEMA_VERSION};")

    def status(self, venue: str, name: str, status: str) -> None:
        """``seen`` moves with "online" only: an offline table was last heard before."""
        self._db.execute(
            "INSERT INTO tables (venue, name, status, seen) VALUES (?, ?, ?, ?) ON CONFLICT "
            "(venue, name) DO UPDATE SET status = excluded.status, seen = CASE WHEN "
            "excluded.status = 'online' THEN excluded.seen ELSE tables.seen END",
            (venue, name, status, time.time()))

    def state(self, venue: str, name: str, state: dict) -> None:
        self._db.execute(
            "INSERT INTO tables (venue, name, state, seen) VALUES (?, ?, ?, ?) ON CONFLICT "
            "(venue, name) DO UPDATE SET state = excluded.state, seen = excluded.seen",
            (venue, name, json.dumps(state, ensure_ascii=False), time.time()))

    def reply(self, venue: str, name: str, reply: dict) -> None:
        self._db.execute(
            "INSERT INTO tables (venue, name, reply, seen) VALUES (?, ?, ?, ?) ON CONFLICT "
            "(venue, name) DO UPDATE SET reply = excluded.reply, seen = excluded.seen",
            (venue, name, json.dumps(reply, ensure_ascii=False), time.time()))

    def event(self, venue: str, name: str, event: dict) -> bool:
        """Store one event; False when it was stored before (a duplicate)."""
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (venue, name, int(event["log"]), int(event["seq"]), float(event["at"]),
             str(event["kind"]), str(event.get("by", "unknown")),
             json.dumps(event.get("data", {}), ensure_ascii=False), time.time()))
        return cursor.rowcount == 1

    def seqs(self, venue: str, name: str, log: int) -> list[int]:
        """The seqs of one log held, in order."""
        return [seq for (seq,) in self._db.execute(
            "SELECT seq FROM events WHERE venue = ? AND name = ? AND log = ? ORDER BY seq",
            (venue, name, log))]

    def statuses(self) -> list[tuple[str, str, str]]:
        return self._db.execute("SELECT venue, name, status FROM tables").fetchall()

    def close(self) -> None:
        self._db.close()


def read_only(path: str | Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)


def tables(path: str | Path) -> list[dict[str, Any]]:
    """Every table the venue heard of, with its status and latest state."""
    db = read_only(path)
    try:
        rows = db.execute("SELECT venue, name, status, state, reply, seen FROM tables "
                          "ORDER BY venue, name").fetchall()
    finally:
        db.close()
    return [{"venue": v, "name": n, "status": s, "state": json.loads(st) if st else None,
             "reply": json.loads(r) if r else None, "seen": seen}
            for v, n, s, st, r, seen in rows]


def events(path: str | Path, venue: str | None = None, name: str | None = None) -> list[tuple]:
    """(venue, name, log, seq, at, kind, by, data, received) in each table's order."""
    db = read_only(path)
    try:
        rows = db.execute(
            "SELECT venue, name, log, seq, at, kind, by, data, received FROM events "
            "WHERE (? IS NULL OR venue = ?) AND (? IS NULL OR name = ?) "
            "ORDER BY venue, name, log, seq", (venue, venue, name, name)).fetchall()
    finally:
        db.close()
    return [(*row[:7], json.loads(row[7]), row[8]) for row in rows]
