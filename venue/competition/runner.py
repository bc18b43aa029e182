"""The competitions' one writer, a thread beside the venue's listener and page.

It folds every competition from its log at the start (a restarted venue is where it
was), then, whenever the listener stores an event and at least every ``TICK`` s, looks:

- each match on a table: the table's log (as the venue received it) shows the match
  begun, then ended: its result is appended once (the fold takes one per attempt, and
  the runner asks the fold first), so a table that sends its log again, a broker that
  delivers twice, a venue restarted between the two change nothing;
- each match waiting: the next free table (taking part, online, no match on it) gets
  it: ``assigned`` is logged first, then the table is sent ``cmd/new_game`` with the
  game and the match (mqtt_publisher.commands), and sent again every ``RESEND`` s until
  its log shows the match begun (a table that was off, a command lost).

Staff's changes (a new competition, a correction, a walkover, a swap) are submitted
from the page's threads and done here, in order, checked against the fold first."""
from __future__ import annotations

import copy
import json
import logging
import queue
import random
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from mqtt_publisher import topics
from tablegame.core import jsoncodec
from tablegame.core.match import Match
from venue.competition.fold import Competition, MatchState, check, fold
from venue.competition.games import outcome_words
from venue.competition.log import CompetitionLog, Entry
from venue.competition.making import make
from venue.competition.table_logs import TableLogs

log = logging.getLogger(__name__)

TICK = 0.5      # s between two looks when nothing wakes the runner
RESEND = 4.0    # s before a match not yet begun at its table is sent again
WAIT = 5.0      # s a page's request waits for the runner


@dataclass(frozen=True)
class Answer:
    ok: bool
    problem: tuple[str, dict] | None = None   # a key of the pages' words, its values
    id: str = ""


class Runner:
    def __init__(self, data_folder: str | Path, store: str | Path, venue: str,
                 send: Callable[[str, dict], None], clock: Callable[[], float] = time.time,
                 rng: random.Random | None = None):
        self.venue = venue
        self._send_to = send               # (topic, payload) onto the broker
        self._clock, self._rng = clock, rng or random.SystemRandom()
        self.log = CompetitionLog(Path(data_folder) / "competitions.sqlite", clock)
        self.logs = TableLogs(store)
        self._competitions: dict[str, Competition] = {}
        for cid in self.log.ids():
            competition = fold(self.log.entries(cid))
            if competition is not None:
                self._competitions[cid] = competition
        self._shown = copy.deepcopy(self._competitions)
        self._shown_lock = threading.Lock()
        self.version = 0                   # grows with every entry (the pages' "anything new?")
        self._sent: dict[tuple, float] = {}
        self._asked: queue.Queue = queue.Queue()
        self._wake, self._stop = threading.Event(), threading.Event()
        self._thread: threading.Thread | None = None
        self.parts: list[Any] = []         # more that looks each time (the league's relay)
        self.league = None                 # the league link, when there is one

    # -- from any thread --------------------------------------------------------------

    def start(self) -> Runner:
        self._thread = threading.Thread(target=self._run, name="competitions", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(10)
        self.log.close()

    def wake(self, *_: Any) -> None:
        """Something came in (the listener stored an event): look now."""
        self._wake.set()

    def snapshot(self) -> dict[str, Competition]:
        """Every competition as folded now: a copy, the pages' to read."""
        with self._shown_lock:
            return self._shown

    def submit(self, job: Callable[[], Answer]) -> Answer:
        """Run ``job`` on the runner's thread and wait for its answer."""
        done, answer = threading.Event(), []
        self._asked.put((job, done, answer))
        self._wake.set()
        if not done.wait(WAIT):
            return Answer(False, ("cp_busy", {}))
        return answer[0]

    def create(self, form: dict, known_tables: list[str], by: str) -> Answer:
        return self.submit(lambda: self._create(form, known_tables, by))

    def change(self, competition: str, kind: str, data: dict, by: str) -> Answer:
        return self.submit(lambda: self._change(competition, kind, data, by))

    # -- the runner's thread ------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(TICK)
            self._wake.clear()
            self._answer_asked()
            try:
                self._look()
                for part in self.parts:
                    part.look(self)
            except Exception:   # logged; the next look tries again (the log is the truth)
                log.exception("competitions: a look at the tables failed")
        self.logs.close()                # its connection is this thread's

    def _answer_asked(self) -> None:
        while True:
            try:
                job, done, answer = self._asked.get_nowait()
            except queue.Empty:
                return
            try:
                answer.append(job())
            except Exception:
                log.exception("competitions: a change from the page failed")
                answer.append(Answer(False, ("cp_failed", {})))
            done.set()

    def append(self, competition: str, kind: str, by: str, data: dict) -> Entry:
        """Log one entry, then fold it in (the only way anything changes)."""
        entry = self.log.append(competition, kind, by, data)
        if kind == "created":
            made = fold([entry])
            if made is not None:
                self._competitions[competition] = made
        elif competition in self._competitions:
            self._competitions[competition].apply(*entry)
        self.version += 1
        self._wake.set()                   # look again: a result frees a table at once
        if competition in self._competitions:   # the pages' copy of the one that changed
            changed = copy.deepcopy(self._competitions[competition])
            with self._shown_lock:
                self._shown = {**self._shown, competition: changed}
        return entry

    def _create(self, form: dict, known_tables: list[str], by: str) -> Answer:
        day = datetime.fromtimestamp(self._clock()).strftime("%Y%m%d")
        made_id = f"{day}-{sum(1 for c in self._competitions if c.startswith(day)) + 1}"
        setup, problem = make(form, known_tables, self._rng, made_id)
        if problem is not None:
            return Answer(False, problem)
        busy = {t for c in self._running() for t in c.setup.tables}
        if taken := [t for t in setup.tables if t in busy]:
            return Answer(False, ("cp_tables_busy", {"tables": ", ".join(taken)}))
        self.append(made_id, "created", by, jsoncodec.to_data(setup))
        return Answer(True, id=made_id)

    def _change(self, competition: str, kind: str, data: dict, by: str) -> Answer:
        folded = self._competitions.get(competition)
        if folded is None:
            return Answer(False, ("cp_no_competition", {"id": competition}))
        problem = check(folded, kind, data)
        if problem is not None:
            return Answer(False, problem)
        self.append(competition, kind, by, {k: data.get(k) for k in ("match", "winner", "loser",
                                                                      "table") if k in data})
        return Answer(True, id=competition)

    def _running(self) -> list[Competition]:
        return [c for c in self._competitions.values() if not c.closed and not c.finished]

    def _look(self) -> None:
        if not self._running():
            return
        tables = self.logs.tables(self.venue)
        online = {name for name, t in tables.items() if t["online"]}
        busy = {m.table for c in self._running() for m in c.playing()}
        for competition in self._running():
            cid = competition.setup.id
            for state in competition.playing():
                self._follow(competition, state, tables.get(state.table, {}))
            free = [t for t in competition.setup.tables if t in online and t not in busy]
            for state, table in zip(competition.ready(), free):
                self.append(cid, "assigned", "venue", {"match": state.id, "table": table,
                                                       "attempt": state.attempt})
                busy.add(table)
            for state in competition.playing():
                if not state.started and state.table in online:
                    self._send_when_due(competition, state)

    def _follow(self, competition: Competition, state: MatchState, table: dict) -> None:
        """The match's game in its table's log: begun, ended (its result, once)."""
        cid, key = competition.setup.id, (competition.setup.id, state.id, state.attempt)
        game = self.logs.game(self.venue, state.table, key)
        if game is None:
            return
        if not state.started:
            self.append(cid, "started", f"table:{self.venue}/{state.table}",
                        {"match": state.id, "attempt": state.attempt, "table": state.table,
                         "seq": game.first_seq})
        if game.outcome is not None and state.result is None:
            shown = table.get("state") or {}
            score = shown.get("score", "") if (shown.get("match") or {}).get("match") == state.id else ""
            self.append(cid, "result", f"table:{self.venue}/{state.table}",
                        {"match": state.id, "attempt": state.attempt, "table": state.table,
                         "seq": game.ended_at, "score": score, **outcome_words(game.outcome)})

    def _send_when_due(self, competition: Competition, state: MatchState) -> None:
        key = (competition.setup.id, state.id, state.attempt, state.table)
        now = time.monotonic()
        if now - self._sent.get(key, -1e9) < RESEND:
            return
        self._sent[key] = now
        self.send(state.table, "new_game", new_game(competition, state))

    def send(self, table: str, command: str, body: dict) -> None:
        """A command to one of this venue's tables (mqtt_publisher.commands)."""
        log.info("competitions: %s %s to table %s", command, body["id"], table)
        self._send_to(topics.table_topic(self.venue, table, f"cmd/{command}"), body)


def new_game(competition: Competition, state: MatchState) -> dict:
    """The table's command for a match: its game, its parties in order, which match."""
    setup = competition.setup
    sides = [setup.sides[i] for i in competition.sides(state.id)]
    planned = state.planned
    match = Match(setup.id, state.id, state.attempt, planned.stage,
                  planned.round if planned.stage == "round" else planned.number,
                  tuple(side.name for side in sides))
    return {"by": "competition", "id": f"{setup.id}/{state.id}/{state.attempt}",
            "setup": {"game": setup.game, "parties": [list(side.players) for side in sides],
                      "options": dict(setup.options)},
            "match": jsoncodec.to_data(match)}


def publisher(client) -> Callable[[str, dict], None]:
    """``send`` over a paho client (the listener's): QoS 1."""
    return lambda topic, body: client.publish(topic, json.dumps(body, ensure_ascii=False), qos=1)
