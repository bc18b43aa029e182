"""The staff page's health view says how the table's publishing goes: connected, or
the broker away and the table trying again (the log keeps every event)."""
from __future__ import annotations

import pytest

from mqtt_broker import MISSING, Mosquitto
from test_mqtt import until
from web_table import Table

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


def test_the_health_view_says_connected_and_away(tmp_path):
    from mqtt_publisher.wiring import publishing
    from table_app.service import Later, table_face
    from tablegame.config import parse
    from tablegame.words.phrase import said

    broker = Mosquitto(tmp_path / "broker").start()
    table = Table(tmp_path)
    later = Later()
    face = table_face(table.session, table.settings, table.store, table.restarts.set, more=later)
    config = parse({"mqtt": {"enabled": True, "host": "127.0.0.1", "port": broker.port,
                             "keepalive": 5, "table": "t9"}})
    try:
        assert "mqtt" not in face.health()
        with publishing(face, config) as publisher:
            later.part = publisher
            until(lambda: face.health()["mqtt"] == f"connected to 127.0.0.1:{broker.port}",
                  what="connected")
            assert said("de", face.health()["mqtt"]) == f"verbunden mit 127.0.0.1:{broker.port}"
            assert said("de", face.health()["mqtt_acknowledged"]).startswith("bis Ereignis ")
            broker.kill()
            until(lambda: face.health()["mqtt"].startswith("no broker at"), what="the broker away")
            assert "keeps every event" in face.health()["mqtt"]
            assert said("de", face.health()["mqtt"]) == (
                f"kein Broker an 127.0.0.1:{broker.port}: neuer Versuch läuft, das Protokoll behält "
                "jedes Ereignis")
    finally:
        table.close()
        broker.stop()
