"""A headless table that plays random legal games at a pace and publishes on MQTT: the
real session, its SQLite log and the publisher, with the rules' own random moves in
place of guests. The load of the MQTT tests and of ``./dev bench bench_mqtt``, and a
way to fill a venue view by hand:

    python -m table_app.playout --config table.toml --db var/t1.sqlite --games 3

It prints one JSON line when it ends: the games finished and the log's last event."""
from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import threading
import time

MAX_ACTIONS = 3000   # a game that random play has not finished by then is started again


def play(session, games: int, pace: float, rng: random.Random, stop: threading.Event) -> int:
    """Random legal actions until ``games`` games are over; the games finished."""
    from tablegame.core.session import Act, NewGame
    done, actions = 0, 0
    while done < games and not stop.is_set():
        session.process()                      # commands from the venue, if any
        rules, state = session.play.rules, session.status.state
        if rules.is_over(state) or actions >= MAX_ACTIONS:
            done += rules.is_over(state)
            actions = 0
            if done < games:
                session.handle(NewGame(session.status.setup), by="script")
                session.flush()
            continue
        session.handle(Act(rules.random_action(state, rng)), by="script")
        session.flush()
        actions += 1
        if pace:
            stop.wait(pace)
    return done


def serve(session, pace: float, rng: random.Random, stop: threading.Event) -> int:
    """A table at a competition: it plays whatever match the venue starts on it (random
    legal moves, its own parties' only: a league match's other party moves at the other
    pub's table), then waits for the next, until SIGTERM; the matches it finished."""
    from tablegame.core.session import Act
    done = 0
    while not stop.is_set():
        session.process(timeout=0.02)           # the venue's commands, relayed moves
        status, rules = session.status, session.play.rules
        if status.match is None or rules.outcome(status.state) is not None:
            continue
        party = rules.on_turn(status.state)
        if party is not None and party in status.match.elsewhere:
            continue                            # the other pub's turn
        session.handle(Act(rules.random_action(status.state, rng)), by="script")
        session.flush()
        done += rules.outcome(session.status.state) is not None
        if pace:
            stop.wait(pace)
    return done


# s without a request to send something again before the table may stop: longer than a
# subscriber that is being answered waits before it asks again (venue/gaps.py: WAIT, GRACE);
# longer while subscribers are healing (they asked, or the broker came back, within
# RECOVERING s): one far behind after a broker's kill sees what it lacks only when it has
# read what came before, and asks again at most MAX_WAIT after its last request
SETTLE, SETTLE_RECOVERING, RECOVERING = 4.0, 15.0, 30.0


def drain(session, publisher, history, timeout: float, stop: threading.Event,
          quiet: float | None = None) -> bool:
    """Wait until the broker has acknowledged the log's last event and the subscribers
    asked for nothing again for ``quiet`` seconds (SETTLE unless said; SETTLE_RECOVERING
    while they heal):
    what a killed broker lost, they ask for when they see the table's last event said (or
    a SIGTERM ends the wait)."""
    deadline = time.monotonic() + timeout
    quiet = SETTLE if quiet is None else quiet
    entries = history.entries(0)
    last = entries[-1].seq if entries else 0
    while time.monotonic() < deadline and not stop.is_set():
        newer = history.entries(last + 1)      # (commands may still log a new game)
        last = newer[-1].seq if newer else last
        settle = SETTLE_RECOVERING if publisher and publisher.healing_within(RECOVERING) else quiet
        if publisher is None or not last or (publisher.stats["acked"] >= last
                                             and publisher.settled(settle)):
            return True
        session.process(timeout=0.05)          # still a table: commands are answered
    return False


def linger(session, seconds: float, stop: threading.Event) -> None:
    """Stay a table a while longer: the writer takes what comes (commands from the venue)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not stop.is_set():
        session.process(timeout=0.05)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table_app.playout")
    parser.add_argument("--config", required=True, help="the table's configuration ([mqtt] on)")
    parser.add_argument("--db", required=True, help="the table's event log")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--pace", type=float, default=0.02, help="seconds between actions")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--drain", type=float, default=30.0,
                        help="seconds to wait at the end for the broker to have every event")
    parser.add_argument("--settle", type=float, default=SETTLE,
                        help=f"seconds nobody may ask for anything before the table stops (default "
                             f"{SETTLE:g}; {SETTLE_RECOVERING:g} while subscribers heal); a test "
                             "with no broker fault, whose subscribers never ask, takes less")
    parser.add_argument("--linger", type=float, default=0.0,
                        help="seconds to stay connected after the games (commands, tests)")
    parser.add_argument("--serve", action="store_true",
                        help="play the matches the venue starts (a competition) until SIGTERM")
    parser.add_argument("--log-level", default="warning",
                        choices=("debug", "info", "warning", "error", "critical"),
                        help="what to log on stderr (default warning)")
    args = parser.parse_args(argv)
    from table_app import logs
    logs.setup(args.log_level)
    from mqtt_publisher.wiring import publishing
    from tablegame.config import ConfigError, load
    from tablegame.config.file import ConfigFile
    from table_app.service import open_session, table_face
    try:
        config = load(args.config)
    except ConfigError as error:
        print(f"configuration: {error}", file=sys.stderr)
        return 2
    # the first SIGTERM ends the play (the broker still gets the log: --drain), a second
    # ends the wait for the broker too
    stop, leave = threading.Event(), threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: leave.set() if stop.is_set() else stop.set())
    session = open_session(config, args.db, rng=random.Random(args.seed))
    face = table_face(session, ConfigFile(None, config), args.db, restart=leave.set)
    try:
        with publishing(face, config) as publisher:
            if args.serve:
                done = serve(session, args.pace, random.Random(args.seed), stop)
            else:
                done = play(session, args.games, args.pace, random.Random(args.seed), stop)
            drained = drain(session, publisher, face.history, args.drain, leave, args.settle)
            linger(session, args.linger, leave)
    finally:
        session.close()
    last = face.history.entries(0)
    print(json.dumps({"games": done, "last_seq": last[-1].seq if last else 0,
                      "drained": drained}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
