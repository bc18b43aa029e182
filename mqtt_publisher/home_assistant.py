"""Home Assistant's MQTT discovery (docs/mqtt.md): each table a device with sensors for
its game, score, whose turn and the board's link, read from the table's retained state
and available while its status is online. Published (retained) on every connect and
again whenever Home Assistant announces itself online on ``homeassistant/status``.

The discovery topics are ``homeassistant/sensor/<table>/<object>/config``: the table's
name is a level of its own, so the broker's ACL can give each table its own
(``pattern write homeassistant/sensor/%u/#``, deploy/mosquitto/acl)."""
from __future__ import annotations

import json
from typing import Iterator

from mqtt_publisher import topics

PREFIX = "homeassistant"
STATUS = f"{PREFIX}/status"
# object -> (name, the field of the state payload)
SENSORS = {"game": ("Game", "title"), "score": ("Score", "score"), "turn": ("Turn", "turn"),
           "board_link": ("Board link", "link_state"), "winner": ("Result", "winner")}


def subscribe(client) -> None:
    client.subscribe(STATUS, qos=1)


def asks_again(message) -> bool:
    """Home Assistant (re)started: it wants the discovery messages again."""
    return message.topic == STATUS and message.payload.strip() == b"online"


def discovery(venue: str, table: str) -> Iterator[tuple[str, str]]:
    device = {"identifiers": [topics.client_id(venue, table)], "name": f"{venue} {table}",
              "manufacturer": "pubtable", "model": "pub game table"}
    for obj, (name, field) in SENSORS.items():
        unique = f"pubtable_{venue}_{table}_{obj}"
        yield f"{PREFIX}/sensor/{table}/{unique}/config", json.dumps({
            "name": name, "unique_id": unique, "object_id": unique, "device": device,
            "state_topic": topics.table_topic(venue, table, "state"),
            "value_template": f"{{{{ value_json.{field} | default('') }}}}",
            "availability_topic": topics.table_topic(venue, table, "status"),
            "payload_available": topics.ONLINE, "payload_not_available": topics.OFFLINE,
        }, ensure_ascii=False)
