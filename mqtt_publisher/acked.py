"""Where the table remembers, on its own disk, the last event the broker acknowledged
(per broker and per log), so a restart while the broker was away still catches up.

A small SQLite file beside the event log (``mqtt.sqlite``), never the log itself: the
log has one writer, the session. Written by the publisher's thread only."""
from __future__ import annotations

import sqlite3
from pathlib import Path

_SCHEMA = """CREATE TABLE IF NOT EXISTS acked (
    broker TEXT NOT NULL,     -- host:port
    log    INTEGER NOT NULL,  -- the log's identity (the time of its first entry, ms)
    seq    INTEGER NOT NULL,  -- every event up to this one is on the broker
    PRIMARY KEY (broker, log))"""


class Acked:
    def __init__(self, path: str | Path, broker: str):
        self._broker = broker
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        # no fsync per acknowledgement (the SD card): a power cut may forget the last ones,
        # and those events are only sent again (the same ids: a subscriber drops them)
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)

    def get(self, log_id: int) -> int | None:
        """The last acknowledged seq of this log on this broker; None: never published."""
        row = self._db.execute("SELECT seq FROM acked WHERE broker = ? AND log = ?",
                               (self._broker, log_id)).fetchone()
        return None if row is None else row[0]

    def put(self, log_id: int, seq: int) -> None:
        self._db.execute("INSERT INTO acked (broker, log, seq) VALUES (?, ?, ?) "
                         "ON CONFLICT (broker, log) DO UPDATE SET seq = excluded.seq",
                         (self._broker, log_id, seq))

    def close(self) -> None:
        self._db.close()
