"""Home Assistant as a real one sees a table (issue 33), with a real Mosquitto and real
tables: its "offline" on homeassistant/status is never a command; every sensor state a
table publishes fits Home Assistant's 255 characters, never reads "None", and has the
whole text as an attribute; the board link is the table's own words in its language;
the discovery payloads have only keys Home Assistant documents for an MQTT sensor, with
``default_entity_id`` (not the deprecated ``object_id``) naming the entity Home
Assistant already made of the old ``object_id``.

The templates are rendered as Home Assistant renders them (Jinja, ``value_json`` the
parsed payload, JSON null rendering as "None"). The schema is Home Assistant's
documentation of the MQTT sensor, kept in tests/data/home_assistant_sensor_mqtt.json
with its source: the ``homeassistant`` package that carries it in code needs Python
3.13 for the versions with ``default_entity_id``; the project runs on 3.11."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import jinja2
import pytest

from mqtt_broker import MISSING, Mosquitto
from test_mqtt import ROOT, until
from test_mqtt_hooks import Heard

SCHEMA = json.loads((Path(__file__).parent / "data" / "home_assistant_sensor_mqtt.json").read_text())
LONG = ["Maximilian Alexander Müller-Lüdenscheidt", "Anna-Katharina von Hohenzollern",
        "Bartholomäus Friedrich Zimmermann", "Charlotte Elisabeth Schwarzenberger",
        "Dietrich Wolfgang Oberhausen-Rheinberg", "Eleonore Theresia Kleinschmidt",
        "Ferdinand Sebastian Hochstätter", "Gwendolyn Josephine Rittersbacher",
        "Heinrich Bonifatius Achterberg", "Isolde Margarethe Fichtelgebirge"]
TEMPLATES = jinja2.Environment()


def render(template: str, payload: bytes) -> str:
    """As Home Assistant's render_with_possible_json_value does: value and value_json."""
    return TEMPLATES.from_string(template).render(value=payload.decode(), value_json=json.loads(payload))


@pytest.fixture
def broker(tmp_path):
    mosquitto = Mosquitto(tmp_path / "broker")
    yield mosquitto.start()
    mosquitto.stop()


def schocken_table(folder: Path, port: int, accept: bool = False) -> subprocess.Popen:
    """Ten players with ordinary long names, the table in German, no board (its own dice)."""
    config = folder / "t.toml"
    config.write_text(
        '[table]\ngame = "schocken"\nlanguage = "de"\nparties = [' +
        ", ".join(f'["{name}"]' for name in LONG) + ']\n'
        f'[mqtt]\nenabled = true\nhost = "127.0.0.1"\nport = {port}\nkeepalive = 5\n'
        f'venue = "krone"\ntable = "table-3"\naccept_commands = {str(accept).lower()}\n')
    return subprocess.Popen(
        [sys.executable, "-m", "table_app.playout", "--config", str(config), "--db",
         str(folder / "t.sqlite"), "--games", "0", "--linger", "60"], cwd=ROOT,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
@pytest.mark.parametrize("accept", [False, True])
def test_home_assistants_offline_is_never_a_command(broker, tmp_path, accept):
    import paho.mqtt.publish as publish
    heard = Heard(broker.port, "pubtable/v1/krone/table-3/#")
    table = schocken_table(tmp_path, broker.port, accept)
    try:
        until(lambda: heard.on("/state"), timeout=30, what="the table's state")
        for said in ("offline", "online", "offline"):   # Home Assistant stops, starts, stops
            publish.single("homeassistant/status", said, qos=1, hostname="127.0.0.1", port=broker.port)
        time.sleep(1.5)
        assert heard.on("/reply") == []
    finally:
        table.kill()
        table.wait()
        heard.close()


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_every_sensor_fits_255_characters_in_the_tables_words_with_the_whole_text_beside(broker, tmp_path):
    heard = Heard(broker.port, "#")
    table = schocken_table(tmp_path, broker.port)
    try:
        until(lambda: heard.on("/state") and len(heard.on("/config")) == 5, timeout=30,
              what="the state and five discovery messages")
        state = [p for t, p in heard.messages if t.endswith("/state")][-1]
        whole = json.loads(state)
        assert len(whole["score"]) > 255                       # ten long names: 269 and more
        shown = {}
        for config in heard.on("/config"):
            value = render(config["value_template"], state)
            attributes = json.loads(render(config["json_attributes_template"], state))
            assert 0 < len(value) <= SCHEMA["state_max_length"] and value not in ("None", "unknown")
            assert value == attributes["text"] or (len(attributes["text"]) > 255
                                                   and value.endswith("…")
                                                   and attributes["text"].startswith(value[:-1]))
            shown[config["name"]] = (value, attributes["text"])
        assert shown["Score"][1] == whole["score"]                # the whole text, as an attribute
        assert shown["Board link"][0] == "Kein Brett angeschlossen"   # no board: its words, German
        assert shown["Result"][0] == "Noch kein Ergebnis" and shown["Game"][0] == whole["title"]
    finally:
        table.kill()
        table.wait()
        heard.close()


def test_a_connected_board_reads_in_the_tables_words_not_the_machines():
    from mqtt_publisher.payloads import state_payload
    from mqtt_publisher.home_assistant import discovery
    from table_app.service import open_session
    from tablegame.config import parse
    from tablegame.core.play import GameSetup
    from tablegame.core.sensors import LinkState, LinkStatus
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        session = open_session(parse({"table": {"language": "de"}}), Path(folder) / "t.sqlite",
                               GameSetup("neunfeld", (("Anna",), ("Ben",))), rng=random.Random(1))
        try:
            session.handle(LinkStatus(LinkState.OPERATIONAL, "virtual-1.0 on /dev/pts/3"), by="board")
            session.flush()
            state = state_payload(session.snapshot(), "de", "krone", "t1", None, 0)
        finally:
            session.close()
    config = next(json.loads(p) for t, p in discovery("krone", "t1") if t.endswith("board_link/config"))
    assert render(config["value_template"], state) == "Brett verbunden"


def test_the_discovery_payloads_have_only_what_home_assistant_documents():
    from mqtt_publisher.home_assistant import discovery
    types = {"string": str, "template": str, "boolean": bool, "integer": int, "map": dict,
             "list": list, "icon": str, "device_class": (str, type(None))}
    for topic, text in discovery("Krone", "table-3"):
        config = json.loads(text)
        assert set(config) <= set(SCHEMA["keys"]), set(config) - set(SCHEMA["keys"])
        for key, value in config.items():
            assert isinstance(value, types[SCHEMA["keys"][key]["type"]]), key
        assert all(k in config for k, v in SCHEMA["keys"].items() if v["required"])
        assert set(config["device"]) <= set(SCHEMA["device_keys"]) and config["device"]["identifiers"]
        assert "object_id" not in config                       # deprecated, gone in 2026.4
        unique = config["unique_id"]
        # the entity Home Assistant made of the old object_id (= unique_id), slugified
        assert config["default_entity_id"] == "sensor." + unique.lower().replace("-", "_")
        assert topic == f"homeassistant/sensor/table-3/{unique}/config"
