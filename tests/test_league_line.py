"""The league line (venue/competition/league_line.py) between two pubs' brokers as deploy/
ships them, over a line that is cut so that it takes connections and hangs up before the
TLS handshake (the cut that left Bookworm's Mosquitto 2.0.11 bridging over TLS hung for
good, the whole Krone broker with it: docs/competitions.md; test_league_match.py cuts it
the plain way, refusing). Through the cut and a restart of the venue view while the line
is down, each pub's events cross in order, those said while it was down exactly once,
retained states stay retained, and nothing but the two pubs' own names crosses. A wrong password or a
certificate not the one expected is refused, and said in words."""
from __future__ import annotations

import json
import shutil
from types import SimpleNamespace

import pytest

from league_pubs import LOGINS, Pubs, client, subscribe
from mqtt_broker import MISSING
from venue_evening import until

needs_brokers = pytest.mark.skipif(MISSING is not None or shutil.which("openssl") is None,
                                   reason=MISSING or "no openssl for TLS")


@pytest.fixture(scope="module")
def pubs(tmp_path_factory):
    made = Pubs(tmp_path_factory.mktemp("pubs"))
    yield made
    made.close()


def line(pubs: Pubs, password: str = LOGINS["league-krone"], ca: str | None = None,
         client_id: str = "pubtable-venue"):
    """The Krone's line to the Anker, as its venue view starts it."""
    from mqtt_publisher.broker import Broker
    from venue.competition.league_line import LeagueLine
    away = Broker(host="127.0.0.1", port=pubs.proxy.port, tls=True,
                  ca_file=str(pubs.certs / "ca.crt") if ca is None else ca,
                  username="league-krone", password=password, keepalive=5)
    home = Broker(host="127.0.0.1", port=pubs.krone.port, username="venue",
                  password=LOGINS["venue"], keepalive=5)
    return LeagueLine("krone", "anker", home, away, client_id).start()


@needs_brokers
def test_the_line_carries_both_pubs_once_over_a_cut_and_a_restart_and_nothing_else(pubs):
    venue_login = ("venue", LOGINS["venue"])
    clients = []

    def connect(broker, name, login=venue_login):
        made = client(broker.port, name, login)
        clients.append(made)
        return made

    heard = {"krone": [], "anker": []}       # what each pub's venue hears of the other's

    def watch(venue: str, broker) -> None:
        watcher = connect(broker, f"watch-{venue}")
        watcher.on_message = lambda c, u, m: heard[venue].append((m.topic, m.payload, m.retain))
        other = "anker" if venue == "krone" else "krone"
        # subscribed before anything it is to hear is said
        subscribe(watcher, [(f"pubtable/v1/{other}/#", 1), (f"pubvenue/v1/{other}/#", 1)],
                  f"the watcher at the {venue.title()}")

    the_line = None
    try:
        tables = {"krone": connect(pubs.krone, "krone-t1", ("t1", LOGINS["t1"])),
                  "anker": connect(pubs.anker, "anker-t1", ("t1", LOGINS["t1"]))}
        for venue, table in tables.items():          # said before the line is up
            table.publish(f"pubtable/v1/{venue}/t1/status", b'{"online": true}', qos=1,
                          retain=True).wait_for_publish(5)
        the_line = line(pubs)
        watch("krone", pubs.krone)
        watch("anker", pubs.anker)
        # what a pub publishes before the line's first subscription there is not the line's
        # to carry (from then on its session keeps it)
        until(the_line.up, 20, "the line up")
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
            return all(len(set(events(v))) >= sent[o] for v, o in (("krone", "anker"),
                                                                   ("anker", "krone")))

        def down(made) -> bool:
            trouble = made.trouble()
            return trouble is not None and trouble[0] == "line_down"

        publish(20)
        until(all_crossed, 30, lambda: f"the first events across: sent {sent}, the Krone heard "
              f"{events('krone')}, the Anker {events('anker')}, the line {the_line.trouble()}")
        before = dict(sent)                  # what crossed before the line went down
        # the Anker's watcher hears an event before the line hears the Anker's broker take it
        # (its acknowledgement comes back over the proxy): cut only once none is under way
        until(lambda: the_line.waiting() == 0, 20,
              lambda: f"the line's first events acknowledged ({the_line.waiting()} waiting)")
        pubs.proxy.cut(answering=True)       # the line down, its router hanging up on it
        until(lambda: down(the_line), 20, "the line saying it is down")
        publish(20)
        until(lambda: the_line.waiting() == 20, 20,
              lambda: f"the line holding the Krone's 20 ({the_line.waiting()} waiting)")
        # the venue view restarted while the line is down: what the old line had taken but
        # not carried, and what the Krone said meanwhile, waits in the Krone's broker
        the_line.close()
        publish(20)
        the_line = line(pubs)
        until(lambda: down(the_line), 20, "the new line hung up on")
        connect(pubs.krone, "probe")          # the Krone's broker answers its own clients
        pubs.proxy.restore()
        until(all_crossed, 60, "the events across after the cut")
        until(the_line.up, 20, "the line up again")
        for venue, other in (("krone", "anker"), ("anker", "krone")):
            seen = events(venue)
            # what was said while the line was down: each once, in order
            assert [s for s in seen if s > before[other]] == list(
                range(before[other] + 1, sent[other] + 1)), seen
            # all of it, in order (one whose acknowledgement was under way when the line
            # dropped may come again: the venue view restarted meanwhile has forgotten it)
            assert list(dict.fromkeys(seen)) == list(range(1, sent[other] + 1)), seen

        # a newcomer hears the other pub's table's status as retained, on its own broker
        late = connect(pubs.krone, "late")
        late_heard = []
        late.on_message = lambda c, u, m: late_heard.append((m.topic, m.retain))
        late.subscribe("pubtable/v1/anker/t1/status", 1)
        until(lambda: ("pubtable/v1/anker/t1/status", True) in late_heard, 10,
              "the Anker's table's status, retained at the Krone")

        # nothing but the two pubs' own names crosses: no command, no third pub, no word
        # in the other pub's name. Each sender's last word, which crosses, comes after any
        # of its earlier ones the line would have carried.
        at = {"krone": [], "anker": []}               # what each broker has from the other
        for venue, broker in (("krone", pubs.krone), ("anker", pubs.anker)):
            watcher = connect(broker, f"all-{venue}")
            watcher.on_message = lambda c, u, m, venue=venue: at[venue].append(
                (m.topic, m.payload))
            subscribe(watcher, [("pubtable/v1/#", 1), ("pubvenue/v1/#", 1)], f"all at the {venue}")
        speakers = {"krone": connect(pubs.krone, "krone-venue"),
                    "anker": connect(pubs.anker, "anker-venue")}
        for venue, other in (("krone", "anker"), ("anker", "krone")):
            for topic in (f"pubtable/v1/{venue}/t1/cmd/new_game", "pubvenue/v1/third/league/x",
                          f"pubvenue/v1/{other}/league/forged", f"pubvenue/v1/{venue}/league/last"):
                speakers[venue].publish(topic, venue.encode(), qos=1).wait_for_publish(5)
        until(lambda: ("pubvenue/v1/krone/league/last", b"krone") in at["anker"]
              and ("pubvenue/v1/anker/league/last", b"anker") in at["krone"], 20,
              "each pub's last word at the other")
        crossed = [t for t, p in at["anker"] if p == b"krone"] + \
            [t for t, p in at["krone"] if p == b"anker"]
        assert sorted(crossed) == ["pubvenue/v1/anker/league/last",
                                   "pubvenue/v1/krone/league/last"]
    finally:
        pubs.proxy.restore()                 # (the module's next test dials through it)
        if the_line is not None:
            the_line.close()
        for made in clients:
            made.disconnect()
            made.loop_stop()


@needs_brokers
def test_a_wrong_password_or_certificate_is_refused_and_said_in_words(pubs):
    from venue.competition.league_view import line_words
    made = [line(pubs, password="wrong", client_id="bad-login"),
            line(pubs, ca="", client_id="bad-certificate")]   # the system's CAs: not ours
    try:
        for one, key in zip(made, ("line_login", "line_certificate")):
            until(lambda: one.trouble() is not None and one.trouble()[0] == key, 20, key)
        login, certificate = (one.trouble() for one in made)
        assert line_words(login, "de") == (
            f"Die Ligaleitung: der Broker von anker (127.0.0.1:{pubs.proxy.port}) lehnt die "
            "Anmeldung ab – league.username, league.password prüfen.")
        assert line_words(login, "en") == (
            f"The league line: anker's broker (127.0.0.1:{pubs.proxy.port}) refuses the login – "
            "check league.username, league.password.")
        assert "league.ca_file und league.host prüfen" in line_words(certificate, "de")
        assert "check league.ca_file and league.host" in line_words(certificate, "en")
        assert line_words(None, "de") == ""
    finally:
        for one in made:
            one.close()


def test_a_message_given_again_after_a_lost_acknowledgement_is_carried_once():
    """The source's broker gives a message again (dup) when the line lost its
    acknowledgement: the pump acknowledges it again and does not carry it twice; while it is
    still under way, one given again waits for the first; a new message under the same id
    is carried. (Before, each given-again message crossed a second time.)"""
    from paho.mqtt.client import MQTTMessage

    from venue.competition.league_line import _Pump
    published, acked, at_once = [], [], []
    source = SimpleNamespace(ack=lambda mid, qos: acked.append(mid), subscribe=lambda f: None)

    def publish(topic, payload, qos, retain):
        published.append((topic, payload))
        if at_once:                               # the other broker answers before it returns
            pump._published(sink, None, len(published), ok, None)
        return SimpleNamespace(mid=len(published))
    sink = SimpleNamespace(publish=publish)
    pump = _Pump(source, sink, ["pubtable/v1/krone/+/event/#"], "test")
    ok = SimpleNamespace(is_failure=False)

    def given(mid: int, payload: bytes, dup: bool) -> None:
        message = MQTTMessage(mid, b"pubtable/v1/krone/t1/event/action")
        message.payload, message.qos, message.dup = payload, 1, dup
        pump._message(source, None, message)

    given(7, b"1", dup=False)
    given(7, b"1", dup=True)                      # given again while under way: waits
    assert published == [("pubtable/v1/krone/t1/event/action", b"1")] and acked == []
    pump._published(sink, None, 1, ok, None)      # the other broker has it
    assert acked == [7]
    given(7, b"1", dup=True)                      # the acknowledgement was lost with the line
    assert len(published) == 1 and acked == [7, 7]
    given(7, b"2", dup=False)                     # the id free again: a new message
    pump._published(sink, None, 2, ok, None)
    assert published[-1][1] == b"2" and acked == [7, 7, 7]
    at_once.append(True)
    given(9, b"x", dup=False)
    assert acked == [7, 7, 7, 9]


def test_the_example_league_settings_load_and_a_missing_ca_file_is_said_in_words(tmp_path,
                                                                                capsys):
    """examples/mqtt/venue.toml's [league], uncommented, is a valid configuration; with its
    CA file missing (not on this machine) the venue view does not start and says why."""
    import re

    from tablegame.config import load
    from venue.serve import serve
    from venue_evening import ROOT
    example = (ROOT / "examples/mqtt/venue.toml").read_text()
    settings = tmp_path / "venue.toml"
    settings.write_text(re.sub(r"(?m)^# (\[league\]|\w+ = )", r"\1", example))
    config = load(settings)
    assert (config["league.partner"], config["league.port"]) == ("anker", 8883)
    assert serve(config, "krone", tmp_path / "data", "127.0.0.1", 0) == 2
    said = capsys.readouterr().err
    assert said == ("league line to anker not started: league.ca_file "
                    "'/etc/mosquitto/league-ca.crt' cannot be used: No such file or directory\n")
