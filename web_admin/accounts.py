"""Staff accounts in SQLite beside the event log (never in the configuration file):
names, roles and salted password hashes (werkzeug's scrypt), the page's secret key for
signing session cookies, and the open logins: a cookie names a login here, so logging
out, a new password or a deleted account ends it on the server, not only in the browser
(a signed cookie alone stays valid until it expires). A restart keeps people logged in."""
from __future__ import annotations

import functools
import secrets
import sqlite3
import threading
import time
from pathlib import Path

from tablegame.core.names import MAX_NAME, name_problem, tidy
from werkzeug.security import check_password_hash, generate_password_hash

ROLES = ("staff", "admin")
MIN_PASSWORD = 8

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (name TEXT PRIMARY KEY, hash TEXT NOT NULL,
                                     role TEXT NOT NULL CHECK (role IN ('staff', 'admin')));
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, account TEXT NOT NULL,
                                     started REAL NOT NULL);
"""
SESSION_SECONDS = 12 * 3600   # a login lasts one evening


class AccountError(ValueError):
    """A name, role or password that cannot be used: ``key`` and ``values`` say why in
    the page's words (web_admin.words), the message in English (the shell's)."""

    def __init__(self, key: str, **values):
        from web_admin.words import WORDS
        super().__init__(WORDS["en"][key].format(**values))
        self.key, self.values = key, values


class Accounts:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()  # web threads share this one small connection
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.executescript(_SCHEMA)

    def secret_key(self) -> str:
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()
            if row:
                return row[0]
            key = secrets.token_hex(32)
            self._db.execute("INSERT INTO meta VALUES ('secret', ?)", (key,))
            return key

    def any(self) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM accounts LIMIT 1").fetchone() is not None

    def names(self) -> list[tuple[str, str]]:
        with self._lock:
            return list(self._db.execute("SELECT name, role FROM accounts ORDER BY name"))

    def role(self, name: str) -> str | None:
        with self._lock:
            row = self._db.execute("SELECT role FROM accounts WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def check(self, name: str, password: str) -> str | None:
        """The account's role if the password is right, else None."""
        with self._lock:
            row = self._db.execute("SELECT hash, role FROM accounts WHERE name = ?",
                                   (name,)).fetchone()
        if row is None:
            check_password_hash(_dummy(), password)   # the same time for a wrong name
            return None
        return row[1] if check_password_hash(row[0], password) else None

    def add(self, name: str, password: str, role: str) -> None:
        name = _valid(name, password, role)
        with self._lock:
            try:
                self._db.execute("INSERT INTO accounts VALUES (?, ?, ?)",
                                 (name, generate_password_hash(password), role))
            except sqlite3.IntegrityError:
                raise AccountError("err_account_exists", name=name) from None

    def set_password(self, name: str, password: str) -> None:
        """A new password ends every login of the account (whoever knew the old one)."""
        _valid(name, password, "staff")
        with self._lock:
            cursor = self._db.execute("UPDATE accounts SET hash = ? WHERE name = ?",
                                      (generate_password_hash(password), name))
            self._db.execute("DELETE FROM sessions WHERE account = ?", (name,))
        if cursor.rowcount == 0:
            raise AccountError("err_no_account", name=name)

    def set_role(self, name: str, role: str) -> None:
        if role not in ROLES:
            raise AccountError("err_role")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._keep_an_admin(name, role)
                cursor = self._db.execute("UPDATE accounts SET role = ? WHERE name = ?", (role, name))
            finally:
                self._db.execute("COMMIT")
        if cursor.rowcount == 0:
            raise AccountError("err_no_account", name=name)

    def remove(self, name: str) -> None:
        """The account and every login of it; the last admin stays."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._keep_an_admin(name, None)
                cursor = self._db.execute("DELETE FROM accounts WHERE name = ?", (name,))
                self._db.execute("DELETE FROM sessions WHERE account = ?", (name,))
            finally:
                self._db.execute("COMMIT")
        if cursor.rowcount == 0:
            raise AccountError("err_no_account", name=name)

    def _keep_an_admin(self, name: str, role: str | None) -> None:
        others = self._db.execute("SELECT COUNT(*) FROM accounts WHERE role = 'admin' AND name != ?",
                                  (name,)).fetchone()[0]
        if role != "admin" and others == 0:
            raise AccountError("err_last_admin")

    # -- logins -----------------------------------------------------------------------------

    def open_login(self, name: str, now: float | None = None) -> str:
        """A new login of ``name``: its id goes into the signed cookie."""
        login = secrets.token_urlsafe(24)
        now = time.time() if now is None else now
        with self._lock:
            self._db.execute("DELETE FROM sessions WHERE started < ?", (now - SESSION_SECONDS,))
            self._db.execute("INSERT INTO sessions VALUES (?, ?, ?)", (login, name, now))
        return login

    def logged_in(self, login: str | None, now: float | None = None) -> str | None:
        """The account of a login still open, else None."""
        if not login:
            return None
        now = time.time() if now is None else now
        with self._lock:
            row = self._db.execute("SELECT account FROM sessions WHERE id = ? AND started >= ?",
                                   (login, now - SESSION_SECONDS)).fetchone()
        return row[0] if row else None

    def end_login(self, login: str | None) -> None:
        with self._lock:
            self._db.execute("DELETE FROM sessions WHERE id = ?", (login or "",))

    def close(self) -> None:
        self._db.close()


def _valid(name: str, password: str, role: str) -> str:
    name = tidy(name)
    if name_problem(name) is not None:    # the one rule for a name, as for players
        raise AccountError("err_account_name", most=MAX_NAME)
    if role not in ROLES:
        raise AccountError("err_role")
    if len(password) < MIN_PASSWORD:
        raise AccountError("err_password_short", least=MIN_PASSWORD)
    return name


@functools.cache
def _dummy() -> str:
    """A hash to check a wrong name's password against. Made at the first wrong name,
    not at import: scrypt takes 32 MB and a good part of a second, which every start
    of the table paid (peak memory 85 MB, measured by bench_startup)."""
    return generate_password_hash("not a password of anyone")
