"""``tablegame venue``: the listener and the page, served by waitress until SIGTERM."""
from __future__ import annotations

import logging
import signal
import sys
import threading
from pathlib import Path

log = logging.getLogger(__name__)


def serve(config, venue: str, data: str | Path, host: str, port: int,
          client_id: str = "pubtable-venue") -> int:
    """Runs until SIGTERM or Ctrl-C; 0, or 2 with the reason in words."""
    from mqtt_publisher.broker import Broker
    from venue.app import create_app
    from venue.listener import Listener
    from web_admin.connections import guarded_server   # the staff page's waitress, guarded

    data = Path(data)
    try:
        data.mkdir(parents=True, exist_ok=True)
        listener = Listener(Broker.from_config(config), data / "venue.sqlite", venue,
                            client_id=f"{client_id}-{venue.replace('+', 'all')}").start()
    except (OSError, ValueError) as error:
        print(f"venue view not started: {error}", file=sys.stderr)
        return 2
    runner = league = line = None
    if venue != "+" and config["league.partner"]:   # this pub dials the other's broker
        from venue.competition.league_line import LeagueLine
        try:
            line = LeagueLine.from_config(config, venue, client_id).start()
        except (OSError, ValueError) as error:
            listener.close()
            print(f"league line to {config['league.partner']} not started: {error}",
                  file=sys.stderr)
            return 2
    if venue != "+":   # a head office watches; a pub runs its own competitions and league
        from venue.competition.league_link import LeagueLink
        from venue.competition.runner import Runner, publisher
        runner = Runner(data, data / "venue.sqlite", venue, publisher(listener.client))
        league = LeagueLink(runner, Broker.from_config(config), data,
                            f"{client_id}-{venue}-league", line=line).start()
        runner.start()
        listener.on_event = runner.wake
    try:
        server = guarded_server(create_app(data / "venue.sqlite", data, listener,
                                           competitions=runner), host, port, threads=8,
                                ident="tablegame-venue")
    except OSError as error:
        if runner is not None:
            league.close()
            runner.close()
        if line is not None:
            line.close()
        listener.close()
        print(f"venue view cannot listen on {host}:{port}: {error.strerror or error}",
              file=sys.stderr)
        return 2
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    thread = threading.Thread(target=server.run, name="venue-page", daemon=True)
    thread.start()
    print(f"venue view: http://{host}:{server.effective_port}/ (broker "
          f"{config['mqtt.host']}:{config['mqtt.port']}, venue {venue})", flush=True)
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop(thread)    # on the loop's own thread: nothing closed under its feet
        if runner is not None:
            league.close()
            runner.close()
        if line is not None:
            line.close()
        listener.close()
    return 0
