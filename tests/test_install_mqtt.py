"""deploy/install.sh --mqtt into a temporary root: the table's configuration publishes to
the local broker, and the local broker's configuration, started as Mosquitto itself on a
free port, bridges a table's events to the venue's broker."""
from __future__ import annotations

import json
import subprocess
import time
import tomllib

import pytest

from mqtt_broker import MISSING, Mosquitto, free_port
from test_install import SCRIPT, install, needs_root, needs_sysusers


@needs_root
def test_a_bad_upstream_is_refused_before_anything_is_installed(tmp_path):
    out = subprocess.run(["bash", str(SCRIPT), "--root", str(tmp_path), "--mqtt", "no port"],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 1 and "--mqtt: expected the venue broker's HOST:PORT" in out.stderr
    assert list(tmp_path.iterdir()) == []


@needs_root
@needs_sysusers
@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_the_local_broker_bridges_to_the_venue(tmp_path):
    venue = Mosquitto(tmp_path / "venue").start()
    root = tmp_path / "root"
    root.mkdir()
    try:
        install(root, "--mqtt", f"127.0.0.1:{venue.port}")
        config = tomllib.loads((root / "etc/tablegame/config.toml").read_text())
        assert config["mqtt"]["enabled"] is True and config["mqtt"]["host"] == "localhost"
        written = (root / "etc/mosquitto/conf.d/pubtable.conf").read_text()
        assert "cleansession false" in written and "topic pubtable/v1/# out 1" in written
        port = free_port()
        # the written file as it is, but on a free port instead of 1883
        local = Mosquitto(tmp_path / "local", written.replace("listener 1883 127.0.0.1\n", ""),
                          port=port)
        local.start()
        try:
            heard = _subscribe(venue.port, "pubtable/v1/#")
            time.sleep(1.0)   # the bridge connects
            import paho.mqtt.publish as publish
            publish.single("pubtable/v1/pub/t1/event/new_game", json.dumps({"seq": 1}), qos=1,
                           hostname="127.0.0.1", port=port)
            deadline = time.monotonic() + 10
            while not heard and time.monotonic() < deadline:
                time.sleep(0.05)
            assert heard == [("pubtable/v1/pub/t1/event/new_game", b'{"seq": 1}')]
        finally:
            local.stop()
    finally:
        venue.stop()


def _subscribe(port: int, pattern: str) -> list:
    """What a subscriber to ``pattern`` hears, once its broker has acknowledged the
    subscription (before, a subscription still under way missed the bridged event)."""
    import threading

    import paho.mqtt.client as mqtt
    heard: list = []
    subscribed = threading.Event()
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="head-office-test")
    client.on_connect = lambda c, u, f, rc, p=None: c.subscribe(pattern, qos=1)
    client.on_subscribe = lambda *args: subscribed.set()
    client.on_message = lambda c, u, m: heard.append((m.topic, m.payload))
    client.connect("127.0.0.1", port, 5)
    client.loop_start()
    assert subscribed.wait(30), "the venue's subscriber got no SUBACK"
    return heard
