"""Home Assistant's MQTT discovery (docs/mqtt.md): each table a device with sensors for
its game, score, whose turn, the board's link and the result, read from the table's
retained state and available while its status is online. Published (retained) on every
connect and again whenever Home Assistant announces itself online on
``homeassistant/status``; anything else on that topic (its "offline" when it stops) is
never a command to the table.

Each sensor's state is ``sensors.<object>.state`` of the state payload: the table's own
words in its language, never empty and at most 255 characters (Home Assistant refuses a
longer state and shows "unknown"); the whole text is the sensor's ``text`` attribute.

The discovery topics are ``homeassistant/sensor/<table>/<object>/config``: the table's
name is a level of its own, so the broker's ACL can give each table its own
(``pattern write homeassistant/sensor/%u/+/config``, deploy/mosquitto/acl). The entity
ids are ``sensor.pubtable_<venue>_<table>_<sensor>`` through ``default_entity_id`` (Home
Assistant 2025.10 on; ``object_id`` before it, deprecated, gone in 2026.4); an entity
Home Assistant already has keeps its id, which it holds by ``unique_id``."""
from __future__ import annotations

import json
import re
import unicodedata
from typing import Iterator

from mqtt_publisher import topics
from tablegame.texts import text

PREFIX = "homeassistant"
STATUS = f"{PREFIX}/status"
STATE_MAX = 255   # characters of a state Home Assistant takes
# object -> (name, the text of the state payload it shows; the text when there is none)
SENSORS = {"game": ("Game", "title", None), "score": ("Score", "score", None),
           "turn": ("Turn", "turn", None), "board_link": ("Board link", "link", "link_none"),
           "winner": ("Result", "winner", "result_none")}


def subscribe(client) -> None:
    client.subscribe(STATUS, qos=1)


def asks_again(message) -> bool:
    """Home Assistant (re)started: it wants the discovery messages again."""
    return message.topic == STATUS and message.payload.strip() == b"online"


def sensor_states(said: dict[str, str], language: str) -> dict[str, dict[str, str]]:
    """Each sensor's ``state`` (at most STATE_MAX characters, never empty) and its whole
    ``text``, from the state's texts in the table's language."""
    out = {}
    for obj, (_, field, none) in SENSORS.items():
        whole = said.get(field, "") or (text(language, none) if none else "") or "–"
        state = whole if len(whole) <= STATE_MAX else whole[:STATE_MAX - 1].rstrip() + "…"
        out[obj] = {"state": state, "text": whole}
    return out


def entity_slug(text_: str) -> str:
    """What Home Assistant made of an ``object_id`` (its ``slugify``): lower case ASCII
    letters, digits and _, so ``default_entity_id`` names the entity it already has."""
    plain = unicodedata.normalize("NFKD", text_.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "_", plain).strip("_")


def discovery(venue: str, table: str) -> Iterator[tuple[str, str]]:
    device = {"identifiers": [topics.client_id(venue, table)], "name": f"{venue} {table}",
              "manufacturer": "pubtable", "model": "pub game table"}
    state_topic = topics.table_topic(venue, table, "state")
    for obj, (name, _, _) in SENSORS.items():
        unique = f"pubtable_{venue}_{table}_{obj}"
        yield f"{PREFIX}/sensor/{table}/{unique}/config", json.dumps({
            "name": name, "unique_id": unique, "default_entity_id": f"sensor.{entity_slug(unique)}",
            "device": device, "state_topic": state_topic,
            "value_template": f"{{{{ value_json.sensors.{obj}.state }}}}",
            "json_attributes_topic": state_topic,
            "json_attributes_template": f"{{{{ {{'text': value_json.sensors.{obj}.text}} | tojson }}}}",
            "availability_topic": topics.table_topic(venue, table, "status"),
            "payload_available": topics.ONLINE, "payload_not_available": topics.OFFLINE,
        }, ensure_ascii=False)
