"""The [mqtt] section: off by default, checked key by key by check-config, and
``tablegame doctor`` logs in to the broker as the table would."""
from __future__ import annotations

import subprocess
import sys

import pytest

from mqtt_broker import MISSING, Mosquitto, free_port
from tablegame.config import ConfigError, load, parse


def test_off_by_default_and_the_service_imports_no_client():
    assert load(None)["mqtt.enabled"] is False
    code = ("import sys; from tablegame.config import load; from table_app.service import "
            "mqtt_beside; mqtt_beside(None, load(None)); print('paho' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("key, value, words", [
    ("table", "bar/1", "one topic level"), ("venue", "", "1 to 40 letters"),
    ("port", 70000, "a number from 1 to 65535"), ("keepalive", 1, "from 5 to 600"),
])
def test_a_bad_mqtt_setting_is_named(key, value, words):
    with pytest.raises(ConfigError) as error:
        parse({"mqtt": {key: value}})
    assert f"mqtt.{key}" in str(error.value) and words in str(error.value)


def test_a_client_certificate_needs_tls_and_its_key():
    with pytest.raises(ConfigError, match="needs mqtt.tls = true"):
        parse({"mqtt": {"cert_file": "/etc/tablegame/table.crt"}})


def test_doctor_says_when_no_broker_answers():
    from table_app.doctor import check_mqtt
    check = check_mqtt(parse({"mqtt": {"enabled": True, "host": "127.0.0.1", "port": free_port()}}))
    assert not check.ok and "no broker answers" in check.words


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_doctor_logs_in_to_the_broker(tmp_path):
    from table_app.doctor import check_mqtt
    broker = Mosquitto(tmp_path).start()
    try:
        check = check_mqtt(parse({"mqtt": {"enabled": True, "host": "127.0.0.1",
                                           "port": broker.port, "table": "t7"}}))
    finally:
        broker.stop()
    assert check.ok and "pubtable/v1/pub/t7/" in check.words
