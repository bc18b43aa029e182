"""Power cuts: a simulated game in a child process, SIGKILLed at random moments and
started again, over and over (``./dev soak power_cut [COUNT]``, 1,000 kills unless
told).

The child is the real table's writer: the session on a real SQLite event log
(fsynced after each drawn change), fed the rail buttons' presses at random (a Schocken evening
with the table's own dice: throws, stops, undos, now and then a new game). It
tells the parent each event the moment the log has taken it (``append`` returned),
and, after each start, the state it resumed with. After each kill the parent checks
on its own read-only connection that:

- every event reported before the kill is in the log, unchanged;
- the state the next start resumed with equals the log folded through the rules
  by the parent itself.

A SIGKILL is not a power cut (the kernel still writes what it had): this soak shows
no committed event is lost to a kill; a cut can take what was committed but not yet
fsynced (``Session.flush``), and the board, never ACKed for it, sends it again."""
from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field

from tablegame.core import jsoncodec
from tablegame.config import load, setup_for
from tablegame.core.events import ButtonPress
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from table_app.service import open_session
from tablegame.core.store import UNDO, EventLog, read_entries

KILLS = 1000
CONFIG = {"table.game": "schocken", "table.parties": [["Anna"], ["Ben"], ["Cem"]]}
MOST_DELAY = 0.08   # s after the child resumed: the kill falls anywhere in its play


class _Reporting(EventLog):
    """The writer's log, telling the parent each event once it is committed."""

    def __init__(self, path, pipe):
        super().__init__(path)
        self._pipe = pipe

    def append(self, kind, data, at, by="unknown", seen=()):
        seq = super().append(kind, data, at, by, seen)
        self._pipe.send(("committed", seq, kind, json.dumps(data, sort_keys=True)))
        return seq


def _child(store: str, pipe, seed: int) -> None:
    """Resume the table from the log, say with what state, then press buttons forever."""
    import table_app.service as service
    real, service.EventLog = service.EventLog, lambda path: _Reporting(path, pipe)
    try:
        session = open_session(load(None, CONFIG), store)
    finally:
        service.EventLog = real
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:   # the log it resumed from
        last = db.execute("SELECT max(seq) FROM events").fetchone()[0]
    pipe.send(("resumed", last, json.dumps(jsoncodec.to_data(session.status.setup), sort_keys=True),
               json.dumps(jsoncodec.to_data(session.status.state), sort_keys=True)))
    rng = random.Random(seed)
    while True:
        roll = rng.random()
        press = ButtonPress("menu", long=True) if roll < 0.01 else \
            ButtonPress("back", long=True) if roll < 0.06 else \
            ButtonPress(rng.choice(["ok", "ok", "ok", "back"]))
        session.handle(press, by="button")


def replayed(store: str, last: int | None = None) -> tuple[str, str]:
    """The current game's setup and state as of event ``last`` (None: the end), folded
    from the log by this process."""
    last = 2**62 if last is None else last
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        newest = db.execute("SELECT max(seq) FROM events WHERE kind = 'new_game' AND seq <= ?",
                            (last,)).fetchone()[0]
        entries = [e for e in read_entries(db, newest) if e.seq <= last] if newest else []
    # a table nobody has played on yet logs nothing: it plays the configured game
    setup = jsoncodec.from_data(GameSetup, entries[0].data) if entries else setup_for(load(None, CONFIG))
    rules = make_play(setup).rules
    states = [rules.initial_state(setup.parties)]
    for entry in entries[1:]:
        if entry.kind == UNDO:
            if len(states) > 1:
                states.pop()
        else:
            states.append(rules.apply(states[-1], jsoncodec.action_from_data(rules.action_types,
                                                                             entry.data)))
    return (json.dumps(jsoncodec.to_data(setup), sort_keys=True),
            json.dumps(jsoncodec.to_data(states[-1]), sort_keys=True))


def logged(store: str, since: int = 0) -> dict[int, tuple[str, str]]:
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        return {entry.seq: (entry.kind, json.dumps(entry.data, sort_keys=True))
                for entry in read_entries(db, since)}


@dataclass
class Figures:
    kills: int = 0
    events: int = 0          # events reported committed before a kill
    resumed_checked: int = 0
    failures: list[str] = field(default_factory=list)


def soak(kills: int, folder: str, seed: int = 1, most_delay: float = MOST_DELAY) -> Figures:
    """``kills`` cycles of start, play, SIGKILL, check; the figures."""
    rng = random.Random(seed)
    store = os.path.join(folder, "table.sqlite")
    context = multiprocessing.get_context("fork")   # the child starts with the modules loaded
    figures = Figures()
    for cycle in range(kills):
        ours, theirs = context.Pipe(duplex=False)
        child = context.Process(target=_child, args=(store, theirs, rng.randrange(2**32)), daemon=True)
        child.start()
        theirs.close()
        committed, resumed = [], None
        if rng.random() < 0.1:   # now and then a kill during the start itself
            time.sleep(rng.uniform(0, 0.02))
        else:
            while resumed is None and ours.poll(30):
                message = ours.recv()
                if message[0] == "resumed":
                    resumed = message
                else:
                    committed.append(message)
            time.sleep(rng.uniform(0, most_delay))
        os.kill(child.pid, signal.SIGKILL)
        child.join()
        figures.kills += 1
        while True:   # everything the child said before it died
            try:
                message = ours.recv()
            except (EOFError, OSError):
                break
            if message[0] == "resumed":
                resumed = message
            else:
                committed.append(message)
        ours.close()
        if resumed is not None:
            _check_resumed(store, resumed, cycle, figures)
        log = logged(store, min((seq for _, seq, _, _ in committed), default=2**62))
        for _, seq, kind, data in committed:
            figures.events += 1
            if log.get(seq) != (kind, data):
                figures.failures.append(f"kill {cycle + 1}: event {seq} ({kind}) reported committed, "
                                        f"in the log: {log.get(seq)}")
    return figures


def _check_resumed(store, resumed, cycle, figures) -> None:
    """The state the child resumed with equals the log folded by us, as the log was
    when it resumed (up to the last event then; it may have added more since)."""
    _, last, setup, state = resumed
    figures.resumed_checked += 1
    # last is None when it resumed from an empty log (a table nobody had played on)
    if replayed(store, last or 0) != (setup, state):
        figures.failures.append(f"start {cycle + 1}: resumed with a state that is not the log's")


def run(args: list[str]) -> int:
    kills = int(args[0]) if args else KILLS
    with tempfile.TemporaryDirectory(prefix="power-cut-") as folder:
        started = time.monotonic()
        figures = soak(kills, folder)
        seconds = time.monotonic() - started
    print(f"power cut: {figures.kills} SIGKILLs of a Schocken evening in a child process "
          f"({seconds:.0f} s); {figures.events} events reported committed before a kill, "
          f"{figures.resumed_checked} restarts compared with the log folded anew; "
          f"failures: {len(figures.failures)}")
    for failure in figures.failures[:20]:
        print("  " + failure)
    return 1 if figures.failures else 0


if __name__ == "__main__":
    import sys
    sys.exit(run(sys.argv[1:]))
