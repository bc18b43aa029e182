"""The event log in SQLite: every accepted event, committed before it is shown.

Game state is never stored, only the events it folds from; so undo, corrections,
recovery after a power cut and replay all read the same log.

WAL, and every accepted event fsynced before the board hears it was taken. With
synchronous=NORMAL a kill loses nothing, but a power cut can lose the last commits
the kernel had not yet written; FULL fsyncs inside each commit, before the screen
can show it (4-8 ms on the frame-to-screen latency on a busy machine). The table's
mode, AFTER_DRAW, commits as NORMAL and ``sync()`` fsyncs the WAL file once the
change is drawn, before the board's ACK: a cut before the fsync only means the
board sends its event again (docs/protocol.md). ``./dev bench bench_latency``
measures the modes side by side."""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

NEW_GAME = "new_game"
ACTION = "action"
UNDO = "undo"
KINDS = (NEW_GAME, ACTION, UNDO)

SCHEMA_VERSION = 4  # PRAGMA user_version; 1 (stored as 0) had no ``by`` column, 2 no ``seen``,
                    # 3 checked the kind with an IN list
UNKNOWN = "unknown"  # who made an event logged before the log said so

# The kind's check as comparisons, not ``kind IN (...)``: SQLite evaluates an IN list of
# three by building a temporary index in every INSERT (EXPLAIN: OpenEphemeral), 3.7 us of
# each append hot and 17 us cold, on the main thread before the frame (issue 30); the
# comparisons cost nothing measurable and refuse the same kinds.
_KIND_CHECK = " OR ".join(f"kind = '{kind}'" for kind in KINDS)
_COLUMNS = f"""
    seq  INTEGER PRIMARY KEY,
    at   REAL NOT NULL,             -- seconds since the epoch, from the session's clock
    kind TEXT NOT NULL CHECK ({_KIND_CHECK}),
    data TEXT NOT NULL,             -- JSON
    by   TEXT NOT NULL DEFAULT 'unknown', -- board, button, staff:<account>, script, table
    seen TEXT NOT NULL DEFAULT '[]'       -- JSON: what lay on the board then (sensors.AT_REST)
"""
_SCHEMA = f"CREATE TABLE events ({_COLUMNS});"
# version it upgrades from -> the statements that upgrade it, in place, keeping every event
_MIGRATIONS = {
    1: "ALTER TABLE events ADD COLUMN by TEXT NOT NULL DEFAULT 'unknown';",
    2: "ALTER TABLE events ADD COLUMN seen TEXT NOT NULL DEFAULT '[]';",
    # SQLite changes no CHECK in place: the table is made again with every event, in
    # the step's one transaction (a power cut leaves the old table or the new one)
    3: f"CREATE TABLE events_new ({_COLUMNS}); "
       "INSERT INTO events_new (seq, at, kind, data, by, seen) "
       "SELECT seq, at, kind, data, by, seen FROM events; "
       "DROP TABLE events; ALTER TABLE events_new RENAME TO events;",
}


_INSERT = "INSERT INTO events (at, kind, data, by, seen) VALUES (?, ?, ?, ?, ?)"
# One encoder for every event: ``json.dumps`` with separators makes a new one per call
# (the same text: ensure_ascii, no sorting, as dumps does)
_json = json.JSONEncoder(separators=(",", ":")).encode


class LogError(sqlite3.DatabaseError):
    """The file is not an event log this version can use; the message says why."""


@dataclass(frozen=True)
class Entry:
    seq: int
    at: float
    kind: str
    data: dict
    by: str = UNKNOWN
    seen: list = ()  # what lay on the board when the event was accepted, as JSON data


# SQLite folds the WAL into the database file (a checkpoint: writes and fsyncs, 5-15 ms
# here) inside whichever commit makes the WAL pass 1,000 pages, so every few hundred
# events one waited for it before it was drawn. The writer's connection never does;
# ``checkpoint_if_due`` does it once the event is drawn and ACKed (Session.flush), and
# ``append`` itself only when nobody calls that (a script that never flushes).
CHECKPOINT_EVERY = 500      # events appended (SQLite's 1,000 pages are 300-600 events)

SYNCHRONOUS = "AFTER_DRAW"   # the writer's durability (see above): AFTER_DRAW, FULL or NORMAL
MODES = {"AFTER_DRAW": "NORMAL", "FULL": "FULL", "NORMAL": "NORMAL"}   # -> PRAGMA synchronous


class LogInUse(LogError):
    """Another table (another process, or another writer in this one) holds the log."""


class LogLock:
    """A table's hold on its log: an exclusive flock on ``<log>.lock`` beside it, taken by
    the composition root (table_app.service) for as long as the table runs. The OS
    frees it when the process dies (a kill, a power cut), so a crash never leaves a table
    locked out; a second table on the same log is refused in words, before it writes
    anything (two tables on one log interleaved their games and lost one)."""

    def __init__(self, path: str | Path):
        import fcntl
        _make_room(Path(path))
        self.path = Path(f"{path}.lock")
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(self._fd, 32, 0).decode("ascii", "replace").strip()
            os.close(self._fd)
            raise LogInUse(
                f"another table is using {path}" + (f" (process {holder})" if holder else "")
                + "; give this one a log of its own: --db FILE (simulate), or table.store "
                "in the configuration") from None
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, f"{os.getpid()}\n".encode(), 0)

    def release(self) -> None:
        """Ends the hold and removes the lock file (while still holding it: a table that
        opened it meanwhile was refused, not made to wait), so a log that could not be
        used leaves nothing behind."""
        if self._fd >= 0:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.path)
            fd, self._fd = self._fd, -1   # once: a second release must not close a reused number
            os.close(fd)                  # closing the descriptor ends the flock

    def __enter__(self) -> "LogLock":
        return self

    def __exit__(self, *exc) -> None:
        self.release()


class EventLog:
    def __init__(self, path: str | Path, synchronous: str | None = None):
        """Opens the log in ``path``, made with its folder if need be; LogError says in
        words why a path cannot hold one (a folder, under a file, not an SQLite file)."""
        path = Path(path)
        if str(path) != ":memory:":
            _make_room(path)
        # The session writes from one thread; other readers open their own connection.
        self._mode = synchronous or SYNCHRONOUS
        if self._mode not in MODES:
            raise ValueError(f"synchronous: one of {', '.join(MODES)}, got {synchronous!r}")
        self._wal = None if str(path) == ":memory:" else f"{path}-wal"
        self._unsynced = False
        self._since_checkpoint = 0   # events appended since the WAL was last folded in
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            schema_version(self._db)   # another program's file is refused before WAL rewrites it
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={MODES[self._mode]}")
            self._db.execute("PRAGMA wal_autocheckpoint=0")
            _upgrade(self._db)
        except LogError:
            self._db.close()
            raise
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise LogError(f"{path} is not an event log (an SQLite file of this table): "
                           f"{error}") from None

    def append(self, kind: str, data: dict, at: float, by: str = UNKNOWN,
               seen: list = ()) -> int:
        """Write one event made by ``by``, with what lay on the board (``seen``, JSON
        data); it survives a kill when this returns, and a power cut after ``sync()``
        (at once with FULL)."""
        seq = self._insert(kind, data, at, by, seen)
        self._appended(1)
        return seq

    def append_all(self, entries: list[tuple]) -> int:
        """Write several events, each ``(kind, data, at, by, seen)``, in one transaction:
        all of them or, when the log refuses one, none (a game's start, what the board
        showed before its first move and the move itself: one commit instead of three,
        each 0.15 ms of the main thread before the move is drawn). The last one's seq."""
        if len(entries) == 1:
            return self.append(*entries[0])
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for entry in entries:
                seq = self._insert(*entry)
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:   # a failed COMMIT may have ended it already
                self._db.execute("ROLLBACK")
            raise
        self._appended(len(entries))
        return seq

    def _insert(self, kind: str, data: dict, at: float, by: str = UNKNOWN,
                seen: list = ()) -> int:
        if kind not in KINDS:
            raise ValueError(f"unknown event kind {kind!r}")
        return self._db.execute(_INSERT, (at, kind, _json(data), by, _json(list(seen)))).lastrowid

    def _appended(self, count: int) -> None:
        self._unsynced = True
        self._since_checkpoint += count
        if self._since_checkpoint >= 4 * CHECKPOINT_EVERY:   # nobody calls checkpoint_if_due
            self.checkpoint_if_due()

    def checkpoint_if_due(self) -> None:
        """Fold the WAL into the database file once CHECKPOINT_EVERY events have been
        appended since the last time (PASSIVE: a reader in the middle of its read is not
        waited for; what it still needs is folded in next time). Durable as a commit is:
        SQLite fsyncs the WAL before and the database file after."""
        if self._since_checkpoint < CHECKPOINT_EVERY:
            return
        self._since_checkpoint = 0
        self._db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def sync(self) -> None:
        """Every event appended so far is on the disk: the WAL file fsynced (what FULL
        does inside each commit). OSError when the disk refuses."""
        if not self._unsynced:
            return
        if self._mode == "AFTER_DRAW" and self._wal is not None and os.path.exists(self._wal):
            fd = os.open(self._wal, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        self._unsynced = False   # only once on the disk: a refused fsync is tried again

    def current_game(self) -> list[Entry]:
        """The entries of the newest game: its new_game entry and all that follow."""
        row = self._db.execute(
            "SELECT max(seq) FROM events WHERE kind = 'new_game'").fetchone()
        if row[0] is None:
            return []
        return read_entries(self._db, row[0])

    def close(self) -> None:
        try:
            self.sync()
        finally:
            self._db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _make_room(path: Path) -> None:
    """The folder for a log at ``path``; nothing is made when it cannot be."""
    if path.is_dir():
        raise LogError(f"{path} is a folder: name a file in it for the event log")
    blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        raise LogError(f"{path} cannot be made: {blocking} is a file, not a folder")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise LogError(f"{path} cannot be made: the folder {path.parent} cannot be "
                       f"created ({error.strerror or error})") from None


def read_entries(db: sqlite3.Connection, since: int = 0, limit: int = -1) -> list[Entry]:
    """The entries from seq ``since`` on, in order; at most ``limit`` (-1: all)."""
    rows = db.execute("SELECT seq, at, kind, data, by, seen FROM events WHERE seq >= ? "
                      "ORDER BY seq LIMIT ?", (since, limit))
    return [Entry(seq, at, kind, json.loads(data), by, json.loads(seen))
            for seq, at, kind, data, by, seen in rows]


def schema_version(db: sqlite3.Connection) -> int:
    """The log's schema version; 0 for an empty file. Another program's SQLite file
    raises sqlite3.DatabaseError before anything is written into it (an upgrade would
    add our table or columns to it)."""
    tables = [name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    if "events" not in tables:
        if tables:
            raise sqlite3.DatabaseError(f"it holds other tables ({', '.join(sorted(tables))}) "
                                        "and no events")
        return 0
    columns = {row[1] for row in db.execute("PRAGMA table_info(events)")}
    if not {"seq", "at", "kind", "data"} <= columns:
        raise sqlite3.DatabaseError(f"its events table has other columns ({', '.join(sorted(columns))})")
    return db.execute("PRAGMA user_version").fetchone()[0] or 1


def _upgrade(db: sqlite3.Connection) -> None:
    """Create the log, or upgrade an older one in place (one transaction per step)."""
    version = schema_version(db)
    if version > SCHEMA_VERSION:
        raise LogError(f"the event log has schema version {version}, newer than this program's "
                       f"{SCHEMA_VERSION}: install the newer program again")
    if version == 0:
        db.executescript(f"BEGIN; {_SCHEMA} PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;")
        return
    for step in range(version, SCHEMA_VERSION):
        db.executescript(f"BEGIN; {_MIGRATIONS[step]} PRAGMA user_version = {step + 1}; COMMIT;")
