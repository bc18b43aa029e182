"""Where the table remembers, on its own disk, where it started publishing each log to
each broker and the last event that broker acknowledged, so a restart while the broker
was away still catches up, and starts where the first start began.

A small SQLite file beside the event log (``mqtt.sqlite``), never the log itself: the
log has one writer, the session. Written by the publisher's thread only."""
from __future__ import annotations

import sqlite3
from pathlib import Path

_SCHEMA = """CREATE TABLE IF NOT EXISTS acked (
    broker TEXT NOT NULL,     -- host:port and the table's client id (host:port alone before 2026-12)
    log    INTEGER NOT NULL,  -- the log's identity (the time of its first entry, ms)
    seq    INTEGER NOT NULL,  -- every event up to this one is on the broker
    first  INTEGER,           -- the first event published to it (NULL: written before 2026-12)
    PRIMARY KEY (broker, log))"""


class Acked:
    def __init__(self, path: str | Path, broker: str, who: str = ""):
        # several tables may share a folder (tests, benches, a playout fleet): each its own
        # rows, even if two logs began in the same millisecond
        self._broker, self._legacy = f"{broker} {who}".strip(), broker
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        # no fsync per acknowledgement (the SD card): a power cut may forget the last ones,
        # and those events are only sent again (the same ids: a subscriber drops them)
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(acked)")}
        if "first" not in columns:   # a file of the first version: where it began is unknown
            self._db.execute("ALTER TABLE acked ADD COLUMN first INTEGER")

    def get(self, log_id: int) -> tuple[int, int] | None:
        """(the last acknowledged seq, the first published) of this log on this broker;
        None: never published to it."""
        row = None
        for key in dict.fromkeys((self._broker, self._legacy)):   # a file of before: its row
            row = row or self._db.execute("SELECT seq, first FROM acked WHERE broker = ? AND log = ?",
                                          (key, log_id)).fetchone()
        if row is None:
            return None
        first = row[1] if row[1] is not None else 1
        self.start(log_id, first)
        self.put(log_id, row[0])
        return row[0], first

    def start(self, log_id: int, first: int) -> None:
        """The log is published to this broker from ``first`` on, whenever that gets there:
        written before anything is sent, so a restart before the broker answers starts
        at the same place (not at the game under way by then)."""
        self._db.execute("INSERT OR IGNORE INTO acked (broker, log, seq, first) VALUES (?, ?, ?, ?)",
                         (self._broker, log_id, first - 1, first))

    def put(self, log_id: int, seq: int) -> None:
        self._db.execute("UPDATE acked SET seq = ? WHERE broker = ? AND log = ?",
                         (seq, self._broker, log_id))

    def close(self) -> None:
        self._db.close()
