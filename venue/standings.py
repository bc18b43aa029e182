"""The evening's standings from what the venue received: each table's events are its
log again (same entries, same seqs), folded through the same rules and counted by the
same ``tablegame.core.standings`` as the table's own history page. Across tables a player
appears once, with every game he played at any table."""
from __future__ import annotations

import logging
import threading
import time
from collections import defaultdict
from datetime import date
from pathlib import Path

from tablegame.core.history import History, LoggedGame
from tablegame.core.games import make_play
from tablegame.core.replay import replay
from tablegame.core.standings import evening_of, standings
from tablegame.core.store import NEW_GAME, Entry
from venue.store import events, read_only

log = logging.getLogger(__name__)
Row = tuple[str, str, int, int, int, int]   # player, game, played, won, lost, drawn


def _games(entries: list[Entry]) -> list[LoggedGame]:
    games: list[list[Entry]] = []
    for entry in entries:
        if entry.kind == NEW_GAME or not games:
            games.append([])
        games[-1].append(entry)
    return [LoggedGame(tuple(g)) for g in games]


def _replayed(game: LoggedGame):
    """A game folded again; None for one no rules can read (a forged log: logged, left out)."""
    try:
        return replay(game, make_play, "en")
    except Exception as error:   # replay refuses bad actions in words; junk may fail anywhere
        log.warning("venue: a game from entry %d left out of the standings: %r", game.seq, error)
        return None


def _rows(games: list[LoggedGame], evening: date) -> list[Row]:
    replayed = [r for r in map(_replayed, games) if r is not None]
    return sorted((s.player, s.game, s.played, s.won, s.lost, s.drawn)
                  for s in standings(replayed, evening))


def log_standings(path: str | Path, evening: date | None = None) -> list[Row]:
    """A table's own standings, from its own log (what its history page shows)."""
    return _rows(History(path).games(), evening or evening_of(time.time()))


def _entries_by_log(store: str | Path, table: str | None) -> dict[tuple, list[Entry]]:
    logs: dict[tuple, list[Entry]] = defaultdict(list)
    for venue, name, log_id, seq, at, kind, by, data, _ in events(store, name=table):
        logs[(venue, name, log_id)].append(Entry(seq, at, kind, data, by))
    return logs


def venue_standings(store: str | Path, evening: date | None = None,
                    table: str | None = None) -> list[Row]:
    """Per player and game, from the events the venue stored (of one ``table``, or all)."""
    evening = evening or evening_of(time.time())
    rows: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for entries in _entries_by_log(store, table).values():
        for player, game, *counts in _rows(_games(entries), evening):
            rows[(player, game)] = [a + b for a, b in zip(rows[(player, game)], counts)]
    return sorted((p, g, *c) for (p, g), c in rows.items())


def players(store: str | Path, evening: date | None = None) -> list[dict]:
    """The leaderboard across every table: each player once, most won first."""
    merged: dict[str, dict] = {}
    for player, game, played, won, lost, drawn in venue_standings(store, evening):
        row = merged.setdefault(player, {"player": player, "played": 0, "won": 0, "lost": 0,
                                         "drawn": 0, "games": []})
        row["played"] += played
        row["won"] += won
        row["lost"] += lost
        row["drawn"] += drawn
        row["games"].append(game)
    return sorted(merged.values(), key=lambda r: (-r["won"], r["lost"], r["player"]))


class Leaderboard:
    """The leaderboard of the store, folded again only when it has new events."""

    def __init__(self, path: Path):
        self._path, self._lock, self._key, self._rows = path, threading.Lock(), None, []

    def __call__(self) -> list[dict]:
        db = read_only(self._path)
        try:
            key = db.execute("SELECT count(*), max(received) FROM events").fetchone()
        finally:
            db.close()
        with self._lock:
            if key != self._key:
                self._rows, self._key = players(self._path), key
            return self._rows
