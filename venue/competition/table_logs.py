"""What the venue's store (venue/store.py, written by the listener) says of the tables a
competition plays on: which are online, each one's latest state, and a match's game in a
table's log, folded as its events arrive (each fold kept and fed only what is new)."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from venue.competition.games import LoggedGame
from venue.store import read_only

BATCH = 2000


class TableLogs:
    """On the runner's thread only (its read-only connection is its own)."""

    def __init__(self, store: str | Path):
        self._path = Path(store)
        self._db: sqlite3.Connection | None = None
        self._games: dict[tuple, LoggedGame] = {}

    def _read(self, sql: str, args: tuple = ()) -> list[tuple]:
        if self._db is None:
            if not self._path.exists():
                return []                  # the listener has stored nothing yet
            self._db = read_only(self._path)
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.OperationalError:    # the listener is making the file: next time
            return []

    def tables(self, venue: str) -> dict[str, dict]:
        """Each table of ``venue`` the store knows: {"online": bool, "state": {...} or {}}."""
        return {name: {"online": status == "online", "state": json.loads(state) if state else {}}
                for name, status, state in self._read(
                    "SELECT name, status, state FROM tables WHERE venue = ?", (venue,))}

    def game(self, venue: str, table: str, key: tuple[str, str, int]) -> LoggedGame | None:
        """The table's latest game that is the match ``key`` (competition, match, attempt),
        folded up to the last event the store holds without a gap; None: not begun."""
        found = self._read(
            "SELECT log, seq, data FROM events WHERE venue = ? AND name = ? AND kind = 'new_game' "
            "AND json_extract(data, '$.match.competition') = ? AND json_extract(data, "
            "'$.match.match') = ? AND json_extract(data, '$.match.attempt') = ? "
            "ORDER BY log DESC, seq DESC LIMIT 1", (venue, table, *key))
        if not found:
            return None
        log, seq, data = found[0]
        cached = self._games.get((venue, table, log, seq))
        if cached is None:
            cached = self._games[(venue, table, log, seq)] = LoggedGame(seq, json.loads(data))
        self._feed(cached, venue, table, log)
        return cached

    def _feed(self, game: LoggedGame, venue: str, table: str, log: int) -> None:
        if game.closed:
            return
        rows = self._read(
            "SELECT seq, kind, by, data FROM events WHERE venue = ? AND name = ? AND log = ? "
            "AND seq >= ? ORDER BY seq LIMIT ?", (venue, table, log, game.next_seq, BATCH))
        for seq, kind, by, data in rows:
            if seq != game.next_seq:
                return                     # a gap: the listener asks the table to send again
            if kind == "new_game":
                game.closed = True         # the table went on to another game
                return
            game.feed(seq, kind, by, json.loads(data))

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
