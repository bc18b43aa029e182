"""What else a table says on MQTT, with a real Mosquitto: a hook for every game won (from
the log, so none is missed), commands refused unless accept_commands and taken when it
is, Home Assistant's discovery published again when Home Assistant comes back."""
from __future__ import annotations

import json
import threading
import time

import pytest

from mqtt_broker import MISSING, Mosquitto
from test_mqtt import NO_FAULT, finished, start_table, until

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture
def broker(tmp_path):
    mosquitto = Mosquitto(tmp_path / "broker")
    yield mosquitto.start()
    mosquitto.stop()


class Heard:
    """A plain subscriber of our own: every message of ``pattern``, in order."""

    def __init__(self, port: int, pattern: str):
        import paho.mqtt.client as mqtt
        self.messages: list[tuple[str, bytes]] = []
        self._lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"heard-{port}-{id(self)}")
        subscribed = threading.Event()
        self.client.on_connect = lambda c, u, f, rc, p=None: c.subscribe(pattern, qos=1)
        self.client.on_subscribe = lambda *args: subscribed.set()
        self.client.on_message = self._take
        self.client.connect("127.0.0.1", port, 5)
        self.client.loop_start()
        assert subscribed.wait(10), "the test's subscriber got no SUBACK"

    def _take(self, client, userdata, message):
        with self._lock:
            self.messages.append((message.topic, message.payload))

    def on(self, suffix: str) -> list[dict]:
        with self._lock:
            return [json.loads(p) for t, p in self.messages if t.endswith(suffix)]

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


def test_every_game_won_is_one_hook(broker, tmp_path):
    heard = Heard(broker.port, "pubtable/v1/pub/t1/hook/#")
    try:
        finished(start_table(tmp_path, broker.port, "t1", games=3, pace=0, settle=NO_FAULT))
        until(lambda: len(heard.on("hook/game_won")) >= 3, what="three game_won hooks")
        time.sleep(0.3)
        hooks = heard.on("hook/game_won")
        assert len(hooks) == 3 and len({h["id"] for h in hooks}) == 3
        assert all(h["game"] == "neunfeld" and h["winners"] in (["Anna"], ["Ben"]) for h in hooks)
    finally:
        heard.close()


def _command(port: int, table: str, name: str) -> None:
    import paho.mqtt.publish as publish
    publish.single(f"pubtable/v1/pub/{table}/cmd/{name}", json.dumps({"by": "tester", "id": "c1"}),
                   qos=1, hostname="127.0.0.1", port=port)


@pytest.mark.parametrize("accept", [False, True])
def test_commands_only_when_the_table_accepts_them(broker, tmp_path, accept):
    heard = Heard(broker.port, "pubtable/v1/pub/t1/#")
    table = start_table(tmp_path, broker.port, "t1", games=1, linger=30,
                        extra=f"accept_commands = {str(accept).lower()}\n")
    try:
        until(lambda: (f"pubtable/v1/pub/t1/status", b"online") in heard.messages, what="the table online")
        until(lambda: any(json.loads(p).get("over") for t, p in heard.messages if t.endswith("/state")),
              what="the first game over")
        games_before = len(heard.on("event/new_game"))
        _command(broker.port, "t1", "new_game")
        until(lambda: heard.on("/reply"), what="the table's reply")
        reply = heard.on("/reply")[0]
        assert reply["command"] == "new_game" and reply["accepted"] is accept, reply
        if accept:
            until(lambda: len(heard.on("event/new_game")) == games_before + 1, what="the new game logged")
        else:
            assert "accept_commands" in reply["reason"]
            time.sleep(0.5)
            assert len(heard.on("event/new_game")) == games_before
    finally:
        table.kill()
        table.wait(30)
        heard.close()


def test_home_assistant_discovery_again_when_it_comes_back(broker, tmp_path):
    heard = Heard(broker.port, "homeassistant/sensor/#")
    table = start_table(tmp_path, broker.port, "t1", games=1, linger=30)
    try:
        until(lambda: len(heard.messages) >= 5, what="the discovery messages")
        config = json.loads(heard.messages[0][1])
        assert config["state_topic"] == "pubtable/v1/pub/t1/state"
        assert config["availability_topic"] == "pubtable/v1/pub/t1/status"
        import paho.mqtt.publish as publish
        publish.single("homeassistant/status", "online", qos=1, hostname="127.0.0.1", port=broker.port)
        until(lambda: len(heard.messages) >= 10, what="the discovery again")
    finally:
        table.kill()
        table.wait(30)
        heard.close()


def test_a_nudge_fires_once_when_it_appears_not_on_the_first_state():
    from types import SimpleNamespace as Fake
    from mqtt_publisher.hooks import Watch
    from tablegame.words.notes import Note

    def snapshot(problem=None, marked=()):
        return Fake(status=Fake(problem=problem, setup=Fake(game="carrom")),
                    view=lambda language: Fake(marked=marked))

    watch = Watch()
    fired = lambda snap: [name for name, _ in watch.changed(snap, "pub", "t1", 1, 5)]  # noqa: E731
    assert fired(snapshot(Note.of("cr_untouched_moved"))) == []     # the state after a start
    assert fired(snapshot()) == []
    assert fired(snapshot(Note.of("cr_untouched_moved"))) == ["coin_nudged"]
    assert fired(snapshot(Note.of("cr_untouched_moved"))) == []     # still there: not again
    assert fired(snapshot(marked=((10.0, 20.0),))) == []
    assert fired(snapshot()) == [] and fired(snapshot(marked=((1.0, 2.0),))) == ["coin_nudged"]
