"""What the competition tests share: ``tablegame venue`` and headless tables as processes
of their own on one broker, staff on the venue's page over HTTP (the first start, the
login, the CSRF token, as a browser does it), and the check of a competition against
the tables' own logs."""
from __future__ import annotations

import http.cookiejar
import json
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from mqtt_broker import table_config

ROOT = Path(__file__).parent.parent
PASSWORD = "venue-secret-1"


def until(condition, timeout: float = 60.0, what="", every: float = 0.1):
    """``condition()``'s first true value; an AssertionError naming ``what`` after ``timeout``
    s (generous: the machine running the tests may be shared and loaded). ``what`` may be a
    function, asked only then: what was seen instead."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")


def stop(process: subprocess.Popen | None, patience: float = 15) -> None:
    """SIGTERM (the clean end: the table's offline, the venue's files closed), then SIGKILL."""
    if process is not None and process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(patience)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


class Table:
    """A headless table that plays the matches the venue starts (playout --serve)."""

    def __init__(self, folder: Path, port: int, name: str, venue: str, pace: float = 0.05,
                 seed: int = 0, extra: str = ""):
        self.folder, self.name, self.pace, self.seed = folder, name, pace, seed
        self.db = folder / f"{name}.sqlite"
        self.config = table_config(folder / f"{name}.toml", port, name, venue=venue,
                                   extra="accept_commands = true\n" + extra)
        self.process: subprocess.Popen | None = None

    def start(self) -> Table:
        log = self._log()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "table_app.playout", "--config", str(self.config), "--db",
             str(self.db), "--serve", "--pace", str(self.pace), "--seed", str(self.seed),
             "--drain", "5"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log, text=True)
        log.close()                           # the table writes to its own copy
        return self

    def _log(self):
        """The process's log in a file beside its files (a pipe nobody reads would fill)."""
        return open(self.folder / f"{self.name}.log", "a", encoding="utf-8")

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        """A table's end: the first SIGTERM ends its play, a second its wait for the broker."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            time.sleep(0.2)
        stop(self.process)


class Venue:
    """``tablegame venue`` on a free port, and a staff member's browser session on it."""

    def __init__(self, folder: Path, port: int, venue: str, extra: str = ""):
        self.folder, self.venue = folder, venue
        self.config = table_config(folder / "venue.toml", port, "venue-view", venue=venue,
                                   extra=extra)
        self.data_folder = folder / "venue-data"
        self.process: subprocess.Popen | None = None
        self.url = ""
        self._jar = http.cookiejar.CookieJar()
        self._open = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self._jar))

    def start(self) -> Venue:
        log = open(self.folder / "venue.log", "a", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "table_app.cli", "venue", "--config", str(self.config),
             "--venue", self.venue, "--data", str(self.data_folder), "--host", "127.0.0.1", "--port",
             "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
        log.close()
        line = self.process.stdout.readline()
        assert line.startswith("venue view: http://"), line + (self.folder / "venue.log").read_text()
        self.url = line.split()[2].rstrip("/")
        return self

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> None:
        stop(self.process)

    # -- a staff member at the page ----------------------------------------------------

    def get(self, path: str) -> str:
        with self._open.open(self.url + path, timeout=20) as answer:
            return answer.read().decode()

    def _token(self, path: str) -> str:
        return re.search(r'name="csrf-token" content="([^"]+)"', self.get(path)).group(1)

    def login(self) -> None:
        """The first start sets the admin's password (only the first time), then logs in."""
        from urllib.parse import urlencode
        page = self.get("/setup")
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        if "again" in page:
            self._open.open(self.url + "/setup", urlencode(
                {"csrf_token": token.group(1), "name": "boss", "password": PASSWORD,
                 "again": PASSWORD}).encode(), timeout=20).read()
            return
        page = self.get("/login")
        token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        self._open.open(self.url + "/login", urlencode(
            {"csrf_token": token, "name": "boss", "password": PASSWORD}).encode(),
            timeout=20).read()

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            self.url + path, json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", "Accept": "application/json",
                     "X-CSRFToken": self._token("/competitions")})
        try:
            with self._open.open(request, timeout=30) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return json.loads(error.read())

    def data(self, cid: str) -> dict:
        request = urllib.request.Request(self.url + f"/api/competitions/{cid}",
                                         headers={"Accept": "application/json"})
        with self._open.open(request, timeout=20) as answer:
            return json.loads(answer.read())


def competition_log(data: Path, cid: str):
    """The competition's entries and its fold, from the venue's own log file."""
    from venue.competition.fold import fold
    from venue.competition.log import CompetitionLog
    log = CompetitionLog(data / "competitions.sqlite")
    try:
        entries = log.entries(cid)
    finally:
        log.close()
    return entries, fold(entries)


def table_games(db: Path) -> dict[tuple, object]:
    """Each game in a table's own log that was a venue's match: its key -> the outcome the
    table's rules give (the last game of a key, as the venue takes it)."""
    from tablegame.core.history import History
    from venue.competition.games import LoggedGame
    games = {}
    for logged in History(db).games():
        first = logged.entries[0]
        game = LoggedGame(first.seq, first.data)
        if game.match is None:
            continue
        for entry in logged.entries[1:]:
            game.feed(entry.seq, entry.kind, entry.by, entry.data)
        games[game.match.key] = game
    return games


def check_against_the_tables(entries, competition, tables: dict[str, Path]) -> None:
    """Every match played on a table, its result the outcome in that table's own log,
    taken once; the bracket's winners follow from those results."""
    logs = {name: table_games(db) for name, db in tables.items()}
    taken: dict[tuple, int] = {}
    for _, _, kind, by, data in entries:
        if kind == "result":
            taken[(data["match"], data["attempt"])] = taken.get((data["match"], data["attempt"]), 0) + 1
    assert all(n == 1 for n in taken.values()), taken
    cid = competition.setup.id
    for match, state in competition.matches.items():
        result = competition.result(match)
        assert result is not None, f"{match} undecided"
        if result.how == "bye":
            continue
        assert result.how == "table" and result.table in tables, (match, result)
        game = logs[result.table][(cid, match, state.attempt)]
        assert game.outcome is not None
        assert (result.winner, result.loser) == (game.outcome.winner,
                                                 getattr(game.outcome, "loser", None)), match
        sides = [competition.setup.sides[s] for s in competition.sides(match)]
        assert game.setup.parties == tuple(side.players for side in sides), match
