"""The league line (venue/competition/league_line.py) between two pubs' brokers as deploy/
ships them, over a line that is cut: refusing connections, then taking them and hanging up
before the TLS handshake (the cut that left Bookworm's Mosquitto 2.0.11 bridging over TLS
hung for good, the whole Krone broker with it: docs/competitions.md). Through both cuts
and a restart of the venue view while the line is down, each pub's events cross, all of
them and in order, retained states stay retained, the Krone's broker answers its own
clients throughout, and nothing but the two pubs' own names crosses."""
from __future__ import annotations

import json
import shutil
import time

import pytest

from league_pubs import LOGINS, Pubs, client
from mqtt_broker import MISSING
from venue_evening import until

pytestmark = [pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
              pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl for TLS")]


def test_the_line_carries_both_pubs_over_cuts_and_a_restart_and_nothing_else(tmp_path):
    from mqtt_publisher.broker import Broker
    from venue.competition.league_line import LeagueLine
    pubs = Pubs(tmp_path)
    venue_login = ("venue", LOGINS["venue"])
    clients = []

    def line() -> LeagueLine:
        away = Broker(host="127.0.0.1", port=pubs.proxy.port, tls=True,
                      ca_file=str(pubs.certs / "ca.crt"), username="league-krone",
                      password=LOGINS["league-krone"], keepalive=5)
        home = Broker(host="127.0.0.1", port=pubs.krone.port, username="venue",
                      password=LOGINS["venue"], keepalive=5)
        return LeagueLine("krone", "anker", home, away, "pubtable-venue").start()

    def connect(broker, name, login=venue_login):
        made = client(broker.port, name, login)
        clients.append(made)
        return made

    heard = {"krone": [], "anker": []}       # what each pub's venue hears of the other's

    def watch(venue: str, broker) -> None:
        watcher = connect(broker, f"watch-{venue}")
        watcher.on_message = lambda c, u, m: heard[venue].append((m.topic, m.payload, m.retain))
        other = "anker" if venue == "krone" else "krone"
        watcher.subscribe([(f"pubtable/v1/{other}/#", 1), ("pubvenue/v1/#", 1)])

    try:
        tables = {"krone": connect(pubs.krone, "krone-t1", ("t1", LOGINS["t1"])),
                  "anker": connect(pubs.anker, "anker-t1", ("t1", LOGINS["t1"]))}
        for venue, table in tables.items():          # said before the line is up
            table.publish(f"pubtable/v1/{venue}/t1/status", b'{"online": true}', qos=1,
                          retain=True).wait_for_publish(5)
        the_line = line()
        import logging
        for c in the_line._clients.values(): c.enable_logger(logging.getLogger("DBGPAHO"))
        watch("krone", pubs.krone)
        watch("anker", pubs.anker)
        sent = {"krone": 0, "anker": 0}

        def publish(count: int) -> None:
            for _ in range(count):
                for venue, table in tables.items():
                    sent[venue] += 1
                    table.publish(f"pubtable/v1/{venue}/t1/event/action",
                                  json.dumps({"seq": sent[venue]}), qos=1)

        def events(venue: str) -> list[int]:
            return [json.loads(p)["seq"] for t, p, _ in heard[venue] if "/event/" in t]

        def all_crossed() -> bool:
            return all(sorted(set(events(v))) == list(range(1, sent[o] + 1))
                       for v, o in (("krone", "anker"), ("anker", "krone")))

        publish(20)
        try:
            until(all_crossed, 30, "the first events across")
        except AssertionError:
            print("DBG", sent, {v: sorted(set(events(v))) for v in heard}, {v: len(h) for v, h in heard.items()})
            raise
        for answering in (False, True):
            pubs.proxy.cut(answering=answering)
            publish(20)
            time.sleep(4)                            # the line tries again meanwhile
            publish(20)
            connect(pubs.krone, f"probe-{answering}")    # the Krone's broker answers
            pubs.proxy.restore()
            until(all_crossed, 60, f"the events across after a cut ({answering=})")
        # the venue view restarted while the line is down: what the Krone said meanwhile
        # waited in its broker
        pubs.proxy.cut(answering=True)
        the_line.close()
        publish(20)
        the_line = line()
        time.sleep(2)
        pubs.proxy.restore()
        until(all_crossed, 60, "the events across after the venue view's restart")
        for venue in heard:                          # all, and in order (a repeat may come)
            seen = events(venue)
            assert [s for i, s in enumerate(seen) if s not in seen[:i]] == sorted(set(seen))

        # a newcomer hears each pub's status as retained, on the other pub's broker
        late = connect(pubs.krone, "late")
        late_heard = []
        late.on_message = lambda c, u, m: late_heard.append((m.topic, m.retain))
        late.subscribe("pubtable/v1/anker/t1/status", 1)
        until(lambda: ("pubtable/v1/anker/t1/status", True) in late_heard, 10,
              "the Anker's table's status, retained at the Krone")

        # nothing but the two pubs' own names crosses: no command, no third pub, no
        # word in the other pub's name
        krone_venue = connect(pubs.krone, "krone-venue")
        anker_venue = connect(pubs.anker, "anker-venue")
        for sender, topic in ((krone_venue, "pubtable/v1/krone/t1/cmd/new_game"),
                              (krone_venue, "pubvenue/v1/third/league/x"),
                              (krone_venue, "pubvenue/v1/anker/league/forged"),
                              (anker_venue, "pubtable/v1/anker/t1/cmd/new_game"),
                              (anker_venue, "pubvenue/v1/third/league/y")):
            sender.publish(topic, b"{}", qos=1).wait_for_publish(5)
        krone_venue.publish("pubvenue/v1/krone/league/m1", b'{"ok": 1}', qos=1)
        until(lambda: any(t == "pubvenue/v1/krone/league/m1" for t, _, _ in heard["anker"]), 20,
              "the Krone's word at the Anker")
        time.sleep(1)
        at_anker = {t for t, _, _ in heard["anker"]}
        at_krone = {t for t, _, _ in heard["krone"]}
        assert not at_anker & {"pubtable/v1/krone/t1/cmd/new_game", "pubvenue/v1/third/league/x",
                               "pubvenue/v1/anker/league/forged"}, at_anker
        assert not at_krone & {"pubtable/v1/anker/t1/cmd/new_game",
                               "pubvenue/v1/third/league/y"}, at_krone
        the_line.close()
    finally:
        for made in clients:
            made.disconnect()
            made.loop_stop()
        pubs.close()
