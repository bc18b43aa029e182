"""The event log as staff read it: on a connection of its own, opened read-only, so
no web thread ever shares the writer's connection or can change the log.

Statistics are computed from these entries (folded through the games' rules), never
stored twice."""
from __future__ import annotations

import contextlib
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from tablegame.core.store import NEW_GAME, Entry, read_entries


@dataclass(frozen=True)
class LoggedGame:
    """One game of the log: its new_game entry and every entry up to the next game."""

    entries: tuple[Entry, ...]

    @property
    def seq(self) -> int:
        return self.entries[0].seq

    @property
    def started(self) -> float:
        return self.entries[0].at

    @property
    def last(self) -> float:
        return self.entries[-1].at

    @property
    def setup_data(self) -> dict:
        return self.entries[0].data


class History:
    def __init__(self, path: str | Path):
        self._path = Path(path)
        # The log only grows: what was read once is kept, and each read fetches what came
        # after it (a month's log is not decoded again on every look at the history).
        self._read: list[Entry] = []
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        # One short read-only connection per read: safe from any thread, never a writer.
        db = sqlite3.connect(f"{self._path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            yield db
        finally:
            db.close()

    def entries(self, since: int = 0, limit: int = -1) -> list[Entry]:
        with self._connection() as db:
            return read_entries(db, since, limit)

    def _all(self) -> list[Entry]:
        with self._lock:
            since = self._read[-1].seq + 1 if self._read else 0
            new = self.entries(since)
            if new and self._read and new[0].seq != since:   # not the log read before
                new, self._read = self.entries(), []
            self._read += new
            return list(self._read)

    def games(self) -> list[LoggedGame]:
        """Every game in the log, oldest first."""
        games: list[list[Entry]] = []
        for entry in self._all():
            if entry.kind == NEW_GAME or not games:
                games.append([])
            games[-1].append(entry)
        return [LoggedGame(tuple(g)) for g in games]

    def game(self, seq: int) -> LoggedGame | None:
        """The game whose new_game entry is ``seq``."""
        return next((g for g in self.games() if g.seq == seq), None)
