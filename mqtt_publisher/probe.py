"""``tablegame doctor``'s look at the broker: connect once as the table would (its login,
TLS, certificate), under a client id of its own so a running table is not thrown off,
and say in words what happened."""
from __future__ import annotations

import os
import threading

from mqtt_publisher import topics
from mqtt_publisher.broker import Broker

TIMEOUT = 5.0   # s


def files_problem(broker: Broker) -> str | None:
    for what, path in (("ca_file", broker.ca_file), ("cert_file", broker.cert_file),
                       ("key_file", broker.key_file)):
        if path and not os.access(path, os.R_OK):
            return f"mqtt.{what} {path} cannot be read"
    return None


def probe(broker: Broker, venue: str, table: str, timeout: float = TIMEOUT) -> tuple[bool, str]:
    problem = files_problem(broker)
    if problem:
        return False, problem
    answer: list = []
    done = threading.Event()

    def connected(client, userdata, flags, reason_code, properties=None):
        answer.append(reason_code)
        done.set()

    try:
        client = broker.client(topics.client_id(venue, table) + "-doctor")
    except (OSError, ValueError) as error:
        return False, f"TLS cannot be set up: {error}"
    client.on_connect = connected
    try:
        client.connect(broker.host, broker.port, broker.keepalive)
    except OSError as error:
        return False, (f"no broker answers at {broker.address}: {error.strerror or error} "
                       "(is mosquitto running? mqtt.host and mqtt.port)")
    client.loop_start()
    try:
        if not done.wait(timeout):
            hint = (" (with TLS: check mqtt.ca_file, and whether the broker wants a client "
                    "certificate: mqtt.cert_file and mqtt.key_file)") if broker.tls else \
                   " (a TLS port? then mqtt.tls = true)"
            return False, f"{broker.address} took no MQTT login within {timeout:.0f} s{hint}"
        code = answer[0]
        if code.is_failure:
            return False, (f"{broker.address} refused the login: {code} (mqtt.username, "
                           "mqtt.password or the client certificate)")
        return True, (f"{broker.address} takes the login; the table publishes as "
                      f"{topics.table_topic(venue, table, '…')}")
    finally:
        client.disconnect()
        client.loop_stop()
