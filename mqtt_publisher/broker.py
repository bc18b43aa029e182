"""How to reach the broker, from the ``[mqtt]`` settings: address, TLS, user and
password or a client certificate. The one place a paho client is made."""
from __future__ import annotations

from dataclasses import dataclass

INFLIGHT = 100
KEYS = ("host", "port", "tls", "ca_file", "cert_file", "key_file", "username", "password",
        "keepalive")


@dataclass(frozen=True)
class Broker:
    host: str = "localhost"
    port: int = 1883
    tls: bool = False
    ca_file: str = ""
    cert_file: str = ""
    key_file: str = ""
    username: str = ""
    password: str = ""
    keepalive: int = 10

    @classmethod
    def from_config(cls, config) -> Broker:
        return cls(**{key: config[f"mqtt.{key}"] for key in KEYS})

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    def client(self, client_id: str, clean_session: bool = True, *, mqtt5: bool = False,
               manual_ack: bool = False):
        """A paho client (MQTT 3.1.1, which Mosquitto's bridges speak; ``mqtt5``: MQTT 5,
        whose session is chosen at connect) with this broker's credentials; OSError or
        ValueError (in words) for a certificate file it cannot use."""
        import paho.mqtt.client as mqtt
        if mqtt5:
            client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                                 protocol=mqtt.MQTTv5, manual_ack=manual_ack)
        else:
            client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                                 clean_session=clean_session, protocol=mqtt.MQTTv311,
                                 manual_ack=manual_ack)
        if self.username:
            client.username_pw_set(self.username, self.password or None)
        if self.tls:
            client.tls_set(ca_certs=self.ca_file or None, certfile=self.cert_file or None,
                           keyfile=self.key_file or None)
        # a broker away: try again after 1 s, then 2, up to 4 (the table's log waits)
        client.reconnect_delay_set(min_delay=1, max_delay=4)
        # QoS 1 messages on the wire before their PUBACK: paho's 20 made a catch-up wait
        # for round trips on a busy machine (about 150 events/s); the publisher's own
        # window (WINDOW) bounds them anyway
        client.max_inflight_messages_set(INFLIGHT)
        return client
