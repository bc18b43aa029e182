"""The venue's side of a league match between two pubs: a client of the pub's broker that
hears the other pub through the league line (league_line.py, docs/competitions.md), and a part of the
competitions' runner (its one writer) that plays the match on this pub's table.

Between the two venues, retained, below each venue's own name (the other pub's broker
takes nothing else from it: its ACL and the line's topics):

- ``pubvenue/v1/<venue>/alive``: {"at"} every ALIVE s; its last will says offline. A pub
  not heard for UNREACHABLE s is shown as unreachable.
- ``pubvenue/v1/<venue>/league/<id>``: the home venue's fixture, or the away venue's
  acceptance and table; with each side's replays asked for.

The other pub's table (``pubtable/v1/<other>/<table>/…``, brought in by the line) is kept in
``league.sqlite`` beside the venue's store. Each look: the board under way is sent to this
pub's table (with the other pub's seats ``elsewhere``), the other table's moves this one
lacks are relayed to it (``cmd/relay``), and once both logs end the board is agreed, or
the disagreement is logged for both pubs' staff to see."""
from __future__ import annotations

import copy
import json
import logging
import queue
import re
import threading
import time
from datetime import datetime
from pathlib import Path

from mqtt_publisher import topics
from mqtt_publisher.broker import Broker
from tablegame.core import jsoncodec
from tablegame.core.games import make_play
from tablegame.core.match import Match
from tablegame.core.names import MAX_NAME, name_problem, tidy
from tablegame.core.play import GameSetup
from venue import payloads
from venue.competition.league import (Board, Fixture, LeagueMatch, board_setup, fold_league,
                                      relay, verdict)
from venue.competition.runner import Answer, Runner
from venue.competition.table_logs import TableLogs
from venue.store import VenueStore

log = logging.getLogger(__name__)

PREFIX = "pubvenue/v1"
ALIVE = 2.0          # s between two heartbeats
UNREACHABLE = 7.0    # s without one: the other pub is shown unreachable
RELAY_AGAIN = 2.0    # s before moves not yet taken are relayed again
NAME = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MOST_BOARDS = 20


def venue_topic(venue: str, leaf: str) -> str:
    return f"{PREFIX}/{venue}/{leaf}"


class LeagueLink:
    def __init__(self, runner: Runner, broker: Broker, data_folder: str | Path,
                 client_id: str, line=None):
        self.runner, self.me = runner, runner.venue
        self.line = line                  # the LeagueLine, at the pub that dials the other
        peer_store = Path(data_folder) / "league.sqlite"
        self._store = VenueStore(peer_store)           # written on paho's thread only
        self._peer = TableLogs(peer_store)                 # read on the runner's thread only
        self.matches: dict[str, LeagueMatch] = {}
        for cid in runner.log.ids():
            match = fold_league(runner.log.entries(cid), self.me)
            if match is not None:
                self.matches[cid] = match
        self._shown, self._shown_lock = copy.deepcopy(self.matches), threading.Lock()
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        self._heard: dict[str, float] = {}             # venue -> when last alive (monotonic)
        self._gone: dict[str, float] = {}              # venue -> since when unreachable
        self._published: dict[str, str] = {}
        self._sent: dict[tuple, float] = {}
        self._alive_at = 0.0
        self._client = broker.client(client_id, clean_session=False)
        self._client.will_set(venue_topic(self.me, "alive"), json.dumps({"offline": True}),
                              qos=1, retain=True)
        self._client.on_connect = self._connected
        self._client.on_message = self._message
        self._broker = broker
        runner.parts.append(self)
        runner.league = self

    def start(self) -> LeagueLink:
        self._client.connect_async(self._broker.host, self._broker.port, self._broker.keepalive)
        self._client.loop_start()
        return self

    def close(self) -> None:
        try:
            self._client.publish(venue_topic(self.me, "alive"), json.dumps({"offline": True}),
                                 qos=1, retain=True).wait_for_publish(2)
        except (RuntimeError, ValueError, OSError):
            pass
        self._client.disconnect()
        self._client.loop_stop()
        self._store.close()

    # -- paho's thread -----------------------------------------------------------------

    def _connected(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            log.error("league: the broker refused the venue view: %s", reason_code)
            return
        client.subscribe([(venue_topic("+", "alive"), 1), (venue_topic("+", "league/+"), 1)])
        for peer in {m.fixture.other(self.me) for m in self.matches.values()}:
            client.subscribe(topics.venue_filter(peer), qos=1)
        self._published.clear()                      # said again on every connection
        self.runner.wake()

    def _message(self, client, userdata, message) -> None:
        try:
            self._take(message.topic, message.payload)
        except (ValueError, KeyError, TypeError) as error:
            log.warning("league: %s: not a message this venue reads: %s", message.topic, error)
        except Exception:
            log.exception("league: %s could not be taken", message.topic)

    def _take(self, topic: str, payload: bytes) -> None:
        if topic.startswith(PREFIX + "/"):
            venue, _, leaf = topic[len(PREFIX) + 1:].partition("/")
            if venue == self.me:
                return
            if leaf == "alive":
                body = json.loads(payload or b"{}")
                self._heard[venue] = -1e9 if body.get("offline") else time.monotonic()
            elif leaf.startswith("league/"):
                self._inbox.put((venue, leaf.split("/", 1)[1], json.loads(payload)))
            self.runner.wake()
            return
        where = topics.parse(topic)
        if where is None or where[0] == self.me:
            return
        venue, table, leaf = where             # read as the listener reads this pub's tables
        if leaf == "status":
            self._store.status(venue, table, payloads.status(payload))
        elif leaf == "state":
            self._store.state(venue, table, payloads.state(payload))
        elif leaf.startswith("event/"):
            if self._store.event(venue, table, payloads.event(payload)):
                self.runner.wake()

    # -- the runner's thread -------------------------------------------------------------

    def look(self, runner: Runner) -> None:
        self._heartbeat()
        while True:
            try:
                venue, cid, body = self._inbox.get_nowait()
            except queue.Empty:
                break
            try:
                self._heard_from(venue, cid, body)
            except (ValueError, KeyError, TypeError) as error:   # junk from the other pub
                log.warning("league: %s's word on %s not taken: %s", venue, cid, error)
        for cid, match in self.matches.items():
            self._publish(cid, match)
            if match.current is not None:
                self._play(cid, match, match.current)
        now = time.monotonic()
        for venue in {m.fixture.other(self.me) for m in self.matches.values()}:
            if now - self._heard.get(venue, -1e9) > UNREACHABLE:
                self._gone.setdefault(venue, time.time())
            else:
                self._gone.pop(venue, None)

    def _heartbeat(self) -> None:
        now = time.monotonic()
        if now - self._alive_at >= ALIVE:
            self._alive_at = now
            self._client.publish(venue_topic(self.me, "alive"), json.dumps({"at": time.time()}),
                                 qos=1, retain=True)

    def _append(self, cid: str, kind: str, by: str, data: dict) -> None:
        entry = self.runner.append(cid, kind, by, data)
        if kind == "league":
            self.matches[cid] = fold_league([entry], self.me)
            self._client.subscribe(topics.venue_filter(self.matches[cid].fixture.other(self.me)),
                                   qos=1)
        else:
            self.matches[cid].apply(kind, by, data)
        changed = copy.deepcopy(self.matches[cid])
        with self._shown_lock:
            self._shown = {**self._shown, cid: changed}

    def _heard_from(self, venue: str, cid: str, body: dict) -> None:
        """The other pub's word on a league match: an invitation, its acceptance, a replay."""
        match = self.matches.get(cid)
        if match is None:
            if "fixture" not in body or not NAME.match(cid):
                return
            fixture = jsoncodec.from_data(Fixture, body["fixture"])
            if fixture.away == self.me and fixture.home == venue and fixture.id == cid \
                    and _sound(fixture):
                self._append(cid, "league", f"venue:{venue}", jsoncodec.to_data(fixture))
            return
        if venue != match.fixture.other(self.me) or match.closed:
            return                                   # only the other pub of this match speaks
        if match.fixture.home == self.me and body.get("accepted") and not match.accepted:
            table = str(body.get("table", ""))
            if NAME.match(table):
                self._append(cid, "accepted", f"venue:{venue}", {"table": table})
        for board, attempt in (body.get("replays") or {}).items():
            if int(attempt) > match.attempt(int(board)) and int(board) not in match.agreed:
                self._append(cid, "replay", f"venue:{venue}", {"board": int(board),
                                                              "attempt": int(attempt)})

    def _publish(self, cid: str, match: LeagueMatch) -> None:
        body = {"schema": 1, "replays": {str(b): a for b, a in match.attempts.items()}}
        if match.fixture.home == self.me:
            body["fixture"] = jsoncodec.to_data(match.fixture)
        else:
            body.update(accepted=match.accepted, table=match.away_table)
        payload = json.dumps(body, sort_keys=True, ensure_ascii=False)
        if self._published.get(cid) != payload:
            self._published[cid] = payload
            self._client.publish(venue_topic(self.me, f"league/{cid}"), payload, qos=1, retain=True)

    def _play(self, cid: str, match: LeagueMatch, board: int) -> None:
        fixture, other = match.fixture, match.fixture.other(self.me)
        key = (cid, f"B{board}", match.attempt(board))
        mine_at, theirs_at = match.table(self.me), match.table(other)
        mine = self.runner.logs.game(self.me, mine_at, key)
        theirs = self._peer.game(other, theirs_at, key)
        if mine is None:
            if self.runner.logs.tables(self.me).get(mine_at, {}).get("online"):
                self._when_due(("game",) + key, lambda: self._send_board(match, board, key))
            return
        moves = relay(mine, theirs)
        if moves is not None:
            at, actions = moves
            self._when_due(("relay",) + key + (at,), lambda: self.runner.send(
                mine_at, "relay", {"by": f"{other}/{theirs_at}", "id": f"{cid}/B{board}/{at}",
                                   "match": {"competition": cid, "match": f"B{board}",
                                             "attempt": key[2]},
                                   "moves": at, "actions": actions}))
        if board in match.disagreed:
            return
        said = verdict(mine, theirs, fixture, board)
        if said is not None:
            kind, data = said
            self._append(cid, kind, "venue", {"board": board, "attempt": key[2], **data})

    def _send_board(self, match: LeagueMatch, board: int, key: tuple) -> None:
        setup, elsewhere = board_setup(match.fixture, board, self.me)
        sides = tuple(p[0] for p in setup["parties"])
        made = Match(key[0], key[1], key[2], "board", board, sides, elsewhere,
                     match.fixture.other(self.me))
        self.runner.send(match.table(self.me), "new_game", {
            "by": "league", "id": "/".join(map(str, key)), "setup": setup,
            "match": jsoncodec.to_data(made)})

    def _when_due(self, key: tuple, send) -> None:
        now = time.monotonic()
        if now - self._sent.get(key, -1e9) >= RELAY_AGAIN:
            self._sent[key] = now
            send()

    # -- staff, through the runner (the one writer) ----------------------------------------

    def propose(self, form: dict, known_tables: list[str], by: str) -> Answer:
        return self.runner.submit(lambda: self._propose(form, known_tables, by))

    def _propose(self, form: dict, known_tables: list[str], by: str) -> Answer:
        away, table = str(form.get("away", "")), str(form.get("table", ""))
        if not NAME.match(away) or away == self.me:
            return Answer(False, ("lg_away", {"venue": away}))
        if table not in known_tables:
            return Answer(False, ("cp_unknown_tables", {"tables": table}))
        boards, problem = parse_boards(str(form.get("boards", "")))
        if problem:
            return Answer(False, problem)
        game, options = str(form.get("game", "")), tuple(sorted((form.get("options") or {}).items()))
        seats = max(len(b.seats()) for b in boards)
        try:
            sample = tuple((f"p{i}",) for i in range(seats))
            rules = make_play(GameSetup(game, sample, options)).rules
            rules.initial_state(sample)
        except (ValueError, KeyError) as error:
            return Answer(False, ("cp_game_refused", {"reason": error.args[0] if error.args else
                                                      str(error)}))
        if not rules.split_over_tables:
            return Answer(False, ("lg_not_split", {"game": game}))
        season = tidy(str(form.get("season", ""))) or datetime.now().strftime("%Y")
        day = datetime.now().strftime("%Y%m%d")
        stem = f"{self.me}-{day}"[:36]
        cid = f"{stem}-{sum(1 for c in self.matches if c.startswith(stem)) + 1}"
        fixture = Fixture(cid, season[:40], self.me, away, game, boards, table, options)
        self._append(cid, "league", by, jsoncodec.to_data(fixture))
        return Answer(True, id=cid)

    def accept(self, cid: str, table: str, known_tables: list[str], by: str) -> Answer:
        def job() -> Answer:
            match = self.matches.get(cid)
            if match is None or match.fixture.away != self.me:
                return Answer(False, ("lg_no_invitation", {"id": cid}))
            if match.accepted:
                return Answer(False, ("lg_accepted", {}))
            if table not in known_tables:
                return Answer(False, ("cp_unknown_tables", {"tables": table}))
            self._append(cid, "accepted", by, {"table": table})
            return Answer(True, id=cid)
        return self.runner.submit(job)

    def replay(self, cid: str, board: int, by: str) -> Answer:
        def job() -> Answer:
            match = self.matches.get(cid)
            if match is None:
                return Answer(False, ("cp_no_competition", {"id": cid}))
            if board != match.current:
                return Answer(False, ("lg_not_current", {"board": board}))
            self._append(cid, "replay", by, {"board": board, "attempt": match.attempt(board) + 1})
            return Answer(True, id=cid)
        return self.runner.submit(job)

    def close_match(self, cid: str, by: str) -> Answer:
        def job() -> Answer:
            if cid not in self.matches:
                return Answer(False, ("cp_no_competition", {"id": cid}))
            self._append(cid, "closed", by, {})
            return Answer(True, id=cid)
        return self.runner.submit(job)

    # -- the pages' reads ------------------------------------------------------------------

    def snapshot(self) -> dict[str, LeagueMatch]:
        with self._shown_lock:
            return self._shown

    def line_trouble(self) -> tuple[str, dict] | None:
        """What is wrong with the league line this pub dials (LeagueLine.trouble), if any."""
        return None if self.line is None else self.line.trouble()

    def unreachable_since(self, venue: str) -> float | None:
        """When the other pub was last heard of, if it is not now (None: reachable)."""
        if time.monotonic() - self._heard.get(venue, -1e9) <= UNREACHABLE:
            return None
        return self._gone.get(venue, time.time())

    def peer_tables(self, venue: str) -> dict[str, dict]:
        from venue.store import tables
        path = self._store.path
        return {row["name"]: {"online": row["status"] == "online", "state": row["state"] or {}}
                for row in (tables(path) if path.exists() else []) if row["venue"] == venue}


def _sound(fixture: Fixture) -> bool:
    """An invitation this venue's tables could play (the other pub's staff typed it)."""
    names = [board.home + board.away for board in fixture.boards]
    return (1 <= len(fixture.boards) <= MOST_BOARDS and bool(NAME.match(fixture.home_table))
            and all(names) and all(not name_problem(n) for board in names for n in board)
            and all(len({n.casefold() for n in board}) == len(board) for board in names))


def parse_boards(text: str) -> tuple[tuple[Board, ...], tuple[str, dict] | None]:
    """One board a line, the home pub's players first: ``Anna – Ben`` or
    ``Anna, Carl – Ben, Dora`` (a hyphen between spaces does too)."""
    boards = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for number, line in enumerate(lines, 1):
        home, sep, away = line.partition("–") if "–" in line else line.partition(" - ")
        sides = [tuple(tidy(n) for n in part.split(",")) for part in (home, away)]
        if not sep or not all(all(side) for side in sides):
            return (), ("lg_board_line", {"line": number})
        names = [n for side in sides for n in side]
        if any(name_problem(n) for n in names):
            return (), ("cp_line_bad_name", {"line": number, "most": MAX_NAME})
        if len({n.casefold() for n in names}) != len(names):
            return (), ("cp_line_twice", {"line": number, "name": names[0]})
        boards.append(Board(sides[0], sides[1]))
    if not 1 <= len(boards) <= MOST_BOARDS:
        return (), ("lg_boards", {"most": MOST_BOARDS})
    return tuple(boards), None
