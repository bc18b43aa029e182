"""Who may do what on the venue's broker, each rule tried against a real Mosquitto run
from the shipped files (deploy/mosquitto/venue.conf and acl, for the venue "krone", one
observer login added to see what got through): a table writes only its own topics of its
own venue and never a command, reads only its own commands and status; the venue view
sends commands and says a table's status; a reader only asks for a resend; messages over
the size limit are dropped; a retained command is never acted on and the venue view
clears it; a pub's bridge carries only its own venue to a head office, which takes only
that venue from it (deploy/mosquitto/bridge.conf, head-office.acl)."""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from mqtt_broker import MISSING, SHIPPED, Mosquitto, logins, shipped
from test_mqtt import NO_FAULT, listener, start_table, until

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
USERS = ("t1", "t2", "venue", "reader", "homeassistant", "observer")


class Client:
    """A client of our own logged in as ``user``: what it was sent, and its publishes."""

    def __init__(self, port: int, user: str | None, subscribe: tuple[str, ...] = ()):
        import paho.mqtt.client as mqtt
        self.heard: list[tuple[str, bytes, bool]] = []
        self.answer: list[str] = []
        self._lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"acl-{user}-{id(self)}")
        if user:
            self.client.username_pw_set(user, f"{user}-pw")
        subscribed = threading.Event()
        self.client.on_connect = lambda c, u, f, rc, p=None: (
            self.answer.append(str(rc)),
            c.subscribe([(s, 1) for s in subscribe]) if subscribe and not rc.is_failure else subscribed.set())
        self.client.on_subscribe = lambda *args: subscribed.set()
        self.client.on_message = self._take
        self.client.connect("127.0.0.1", port, 5)
        self.client.loop_start()
        until(lambda: self.answer, what=f"the broker's answer to {user}")
        if not self.answer[0] == "Success":
            return
        assert subscribed.wait(5)

    def _take(self, client, userdata, message):
        with self._lock:
            self.heard.append((message.topic, message.payload, bool(message.retain)))

    def topics(self) -> set[str]:
        with self._lock:
            return {t for t, p, r in self.heard}

    def publish(self, topic: str, payload: bytes | str = b"x", retain: bool = False) -> None:
        self.client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(5)

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


def heard_all(listener: Client, writer: Client, topic: str) -> None:
    """Every message acknowledged by the broker so far has reached ``listener``, if it was to:
    ``writer`` sends one more to ``topic`` (which ``listener`` reads), and it is awaited, as a
    subscriber gets its messages in order; then forgotten. (A fixed second's wait before,
    for what must not come.)"""
    mark = f"last-{time.monotonic_ns()}".encode()
    writer.publish(topic, mark)
    until(lambda: any(p == mark for _, p, _ in list(listener.heard)), what="the last message")
    with listener._lock:
        listener.heard = [h for h in listener.heard if h[1] != mark]


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    folder = tmp_path_factory.mktemp("acl")
    acl = folder / "acl"   # the shipped rules as they are, and an observer who reads everything
    acl.write_text((SHIPPED / "acl").read_text() + "\nuser observer\ntopic read #\n")
    passwd = logins(folder, {user: f"{user}-pw" for user in USERS})
    mosquitto = Mosquitto(folder / "broker", shipped("venue.conf", passwd, acl)).start()
    yield mosquitto
    mosquitto.stop()


WRITES = [   # (login, topic, taken)
    ("t1", "pubtable/v1/krone/t1/status", True),
    ("t1", "pubtable/v1/krone/t1/state", True),
    ("t1", "pubtable/v1/krone/t1/log", True),
    ("t1", "pubtable/v1/krone/t1/reply", True),
    ("t1", "pubtable/v1/krone/t1/event/shot", True),
    ("t1", "pubtable/v1/krone/t1/hook/game_won", True),
    ("t1", "homeassistant/sensor/t1/pubtable_krone_t1_score/config", True),
    ("t1", "pubtable/v1/krone/t2/event/shot", False),       # another table of its venue
    ("t1", "pubtable/v1/adler/t1/event/shot", False),       # another venue's table of its name
    ("t1", "pubtable/v1/adler/t1/state", False),
    ("t1", "pubtable/v1/krone/t1/cmd/new_game", False),     # its own commands
    ("t1", "pubtable/v1/krone/t1/cmd/resend", False),
    ("t1", "pubtable/v1/krone/t1/other", False),            # nothing else below its name
    ("t1", "homeassistant/sensor/t2/pubtable_krone_t2_score/config", False),
    ("t1", "homeassistant/status", False),                  # never Home Assistant's voice
    ("venue", "pubtable/v1/krone/t1/cmd/new_game", True),
    ("venue", "pubtable/v1/krone/t1/status", True),         # the watchman
    ("venue", "pubtable/v1/krone/t1/event/shot", False),
    ("venue", "pubtable/v1/krone/t1/state", False),
    ("venue", "pubtable/v1/adler/t1/cmd/new_game", False),
    ("reader", "pubtable/v1/krone/t1/cmd/resend", True),
    ("reader", "pubtable/v1/krone/t1/cmd/new_game", False),
    ("reader", "pubtable/v1/krone/t1/status", False),
    ("homeassistant", "homeassistant/status", True),
    ("homeassistant", "pubtable/v1/krone/t1/state", False),
    ("homeassistant", "pubtable/v1/krone/t1/cmd/new_game", False),
]


def test_each_login_writes_what_the_docs_say_and_nothing_more(broker):
    observer = Client(broker.port, "observer", ("#",))
    writers = {user: Client(broker.port, user) for user in {w for w, _, _ in WRITES}}
    try:
        for i, (user, topic, _) in enumerate(WRITES):
            writers[user].publish(topic, f"{i}")
        heard_all(observer, writers["t1"], "pubtable/v1/krone/t1/status")
        got = {(t, p.decode()) for t, p, _ in observer.heard}
        wrong = [(user, topic, taken) for i, (user, topic, taken) in enumerate(WRITES)
                 if ((topic, f"{i}") in got) != taken]
        assert wrong == []
    finally:
        for client in (observer, *writers.values()):
            client.close()


def test_a_table_reads_only_its_own_commands_and_status(broker):
    own = ("pubtable/v1/krone/t1/cmd/+", "pubtable/v1/krone/t1/status", "homeassistant/status")
    others = ("pubtable/v1/krone/t2/cmd/+", "pubtable/v1/krone/t2/event/+", "pubtable/v1/krone/+/state",
              "pubtable/v1/adler/t1/cmd/+", "homeassistant/sensor/t2/+/config")
    table = Client(broker.port, "t1", own + others)
    venue, t2, ha = Client(broker.port, "venue"), Client(broker.port, "t2"), Client(broker.port, "homeassistant")
    try:
        venue.publish("pubtable/v1/krone/t1/cmd/resend")
        venue.publish("pubtable/v1/krone/t1/status", "offline")
        ha.publish("homeassistant/status", "online")
        venue.publish("pubtable/v1/krone/t2/cmd/new_game")
        t2.publish("pubtable/v1/krone/t2/event/shot")
        t2.publish("pubtable/v1/krone/t2/state")
        t2.publish("homeassistant/sensor/t2/pubtable_krone_t2_score/config")
        heard_all(table, venue, "pubtable/v1/krone/t1/status")
        assert table.topics() == {"pubtable/v1/krone/t1/cmd/resend", "pubtable/v1/krone/t1/status",
                                  "homeassistant/status"}
    finally:
        for client in (table, venue, t2, ha):
            client.close()


def test_no_login_no_entry_and_no_message_over_the_size_limit(broker):
    stranger = Client(broker.port, None)
    stranger.close()                   # its network thread would go on trying
    assert stranger.answer == ["Not authorized"]
    observer, table = Client(broker.port, "observer", ("pubtable/v1/#",)), Client(broker.port, "t1")
    try:
        table.publish("pubtable/v1/krone/t1/state", b"x" * 300_000)        # 3 MB took before
        table.publish("pubtable/v1/krone/t1/reply", b"y" * 200_000)
        heard_all(observer, table, "pubtable/v1/krone/t1/status")
        assert [(t, len(p)) for t, p, _ in observer.heard] == [("pubtable/v1/krone/t1/reply", 200_000)]
    finally:
        observer.close()
        table.close()


def test_a_retained_command_is_never_acted_on_and_the_venue_clears_it(broker, tmp_path):
    venue_login = Client(broker.port, "venue")
    planted = {"new_game": json.dumps({"by": "forger", "id": "x"}), "resend": json.dumps({"log": 1, "from": 1})}
    for name, body in planted.items():
        venue_login.publish(f"pubtable/v1/krone/t1/cmd/{name}", body, retain=True)
    venue_login.close()
    observer = Client(broker.port, "observer", ("pubtable/v1/krone/t1/#",))
    table = start_table(tmp_path, broker.port, "t1", games=1, pace=0.05, linger=3,
                        extra='username = "t1"\npassword = "t1-pw"\naccept_commands = true\n',
                        venue="krone", settle=NO_FAULT)
    try:
        table.communicate(timeout=90)
        events = [json.loads(p) for t, p, r in observer.heard if "/event/" in t]
        assert [e["kind"] for e in events].count("new_game") == 1     # its own first game only
        assert len(events) == len({e["seq"] for e in events})         # nothing sent again
        assert not any(t.endswith("/reply") for t, _, _ in observer.heard)
        store = tmp_path / "venue.sqlite"
        venue = listener(broker.port, store, username="venue", password="venue-pw")
        try:
            # the venue view sees the planted commands and clears them (the observer hears
            # each cleared); then a newcomer is given none
            cleared = {f"pubtable/v1/krone/t1/cmd/{name}" for name in planted}
            until(lambda: cleared <= {t for t, p, _ in list(observer.heard) if p == b""},
                  what="the planted commands cleared")
            late = Client(broker.port, "observer", ("pubtable/v1/krone/t1/cmd/+",))
            writer = Client(broker.port, "venue")
            heard_all(late, writer, "pubtable/v1/krone/t1/cmd/nothing")
            assert late.heard == []
            late.close()
            writer.close()
        finally:
            venue.close()
    finally:
        if table.poll() is None:
            table.kill()
        observer.close()


def test_a_pubs_bridge_carries_its_own_venue_only_and_the_head_office_takes_only_that(tmp_path):
    head_acl = tmp_path / "head.acl"
    head_acl.write_text((SHIPPED / "head-office.acl").read_text() + "\nuser observer\ntopic read #\n")
    passwd = logins(tmp_path, {"krone": "krone-pw", "adler": "adler-pw", "office": "office-pw",
                               "observer": "observer-pw"})
    head = Mosquitto(tmp_path / "head", f"allow_anonymous false\npassword_file {passwd}\n"
                     f"acl_file {head_acl}\n").start()
    bridge = (SHIPPED / "bridge.conf").read_text()
    for old, new in ((f"address headoffice.example.com:8883", f"address 127.0.0.1:{head.port}"),
                     ("remote_password change-me", "remote_password krone-pw"),
                     ("bridge_cafile /etc/ssl/certs/ca-certificates.crt\n", "")):
        bridge = bridge.replace(old, new)
    pub = Mosquitto(tmp_path / "pub", "allow_anonymous true\n" + bridge).start()
    observer = Client(head.port, "observer", ("pubtable/v1/#",))
    try:
        inside = Client(pub.port, None)
        heard_all(observer, inside, "pubtable/v1/krone/t1/event/shot")   # the bridge is up
        for topic in ("pubtable/v1/krone/t1/event/shot", "pubtable/v1/adler/t1/event/shot",
                      "pubtable/v1/krone/t1/cmd/new_game"):
            inside.publish(topic)
        forger = Client(head.port, "krone")   # the pub's bridge login, used by hand
        forger.publish("pubtable/v1/adler/t1/state")
        forger.publish("pubtable/v1/krone/t1/state")
        heard_all(observer, inside, "pubtable/v1/krone/t1/event/shot")   # through the bridge
        assert observer.topics() == {"pubtable/v1/krone/t1/event/shot", "pubtable/v1/krone/t1/state"}
        inside.close()
        forger.close()
    finally:
        observer.close()
        pub.stop()
        head.stop()
