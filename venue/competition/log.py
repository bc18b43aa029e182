"""The competitions' own log, in the venue's data folder (``competitions.sqlite``):
every entry of every competition and league match, once, in order, never changed. The
runner is its one writer; a competition's state is the fold of its entries
(``venue.competition.fold``), so a venue view killed at any moment starts where it was.
Each append is on the disk (``synchronous=FULL``) before the runner acts on it."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

_SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    competition TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    at          REAL NOT NULL,
    kind        TEXT NOT NULL,
    by          TEXT NOT NULL,
    data        TEXT NOT NULL,   -- JSON
    PRIMARY KEY (competition, seq));
"""
Entry = tuple[int, float, str, str, dict]   # seq, at, kind, by, data


class CompetitionLog:
    def __init__(self, path: str | Path, clock=time.time):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._clock = clock
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def append(self, competition: str, kind: str, by: str, data: dict) -> Entry:
        at = self._clock()
        with self._db:   # one transaction: the next seq and the row
            self._db.execute("BEGIN IMMEDIATE")
            seq = self._db.execute("SELECT coalesce(max(seq), 0) + 1 FROM entries WHERE "
                                   "competition = ?", (competition,)).fetchone()[0]
            self._db.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)",
                             (competition, seq, at, kind, by, json.dumps(data, ensure_ascii=False)))
        return seq, at, kind, by, data

    def ids(self) -> list[str]:
        """Every competition, the oldest first."""
        return [row[0] for row in self._db.execute(
            "SELECT competition FROM entries WHERE seq = 1 ORDER BY at, competition")]

    def entries(self, competition: str) -> list[Entry]:
        return [(seq, at, kind, by, json.loads(data)) for seq, at, kind, by, data in self._db.execute(
            "SELECT seq, at, kind, by, data FROM entries WHERE competition = ? ORDER BY seq",
            (competition,))]

    def close(self) -> None:
        self._db.close()
