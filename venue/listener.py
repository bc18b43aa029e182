"""The venue's subscriber: a persistent MQTT session (QoS 1, a stable client id, no
clean start), so what the tables publish while the venue view is away waits for it in
the broker; each message goes into the venue's store on paho's thread."""
from __future__ import annotations

import json
import logging
import time
from pathlib import Path

from mqtt_publisher import topics
from mqtt_publisher.broker import Broker
from venue.store import VenueStore

log = logging.getLogger(__name__)
RESEND_EVERY = 1.0   # s between two requests for the same table's gap


class Listener:
    def __init__(self, broker: Broker, store_path: str | Path, venue: str = "+",
                 client_id: str = "pubtable-venue"):
        self.store = VenueStore(store_path)
        self._venue = venue
        self.counts = {"events": 0, "duplicates": 0, "states": 0, "refused": 0, "resends": 0}
        self._asked: dict[tuple, float] = {}
        self.client = broker.client(client_id, clean_session=False)
        self.client.on_connect = self._connected
        self.client.on_message = self._message
        self._broker = broker
        self.on_event = None   # called with (venue, table, event) after a new one is stored

    def start(self) -> Listener:
        self.client.connect_async(self._broker.host, self._broker.port, self._broker.keepalive)
        self.client.loop_start()
        return self

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
        self.store.close()

    def _connected(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            log.error("venue: the broker refused the venue view: %s", reason_code)
            return
        client.subscribe(topics.venue_filter(self._venue), qos=1)
        log.info("venue: subscribed to %s", topics.venue_filter(self._venue))

    def _message(self, client, userdata, message) -> None:
        where = topics.parse(message.topic)
        if where is None:
            return
        venue, table, leaf = where
        try:
            self._take(venue, table, leaf, message.payload)
        except (ValueError, KeyError, TypeError) as error:   # a bad payload: say so, go on
            self.counts["refused"] += 1
            log.warning("venue: %s: not a payload this venue reads: %s", message.topic, error)
        except Exception:   # the store refused (disk full?): logged; paho's thread must live on
            self.counts["refused"] += 1
            log.exception("venue: %s could not be stored", message.topic)

    def _take(self, venue: str, table: str, leaf: str, payload: bytes) -> None:
        if leaf == "status":
            self.store.status(venue, table, payload.decode()[:16])
        elif leaf == "state":
            state = json.loads(payload)
            self.store.state(venue, table, state)
            self.counts["states"] += 1
            if state.get("log") is not None:
                self._heal(venue, table, int(state["log"]), int(state.get("seq", 0)))
        elif leaf == "reply":
            self.store.reply(venue, table, json.loads(payload))
        elif leaf.startswith("event/"):
            event = json.loads(payload)
            if self.store.event(venue, table, event):
                self.counts["events"] += 1
                if self.on_event is not None:
                    self.on_event(venue, table, event)
            else:
                self.counts["duplicates"] += 1
            self._heal(venue, table, int(event["log"]), int(event["seq"]))

    def _heal(self, venue: str, table: str, log_id: int, upto: int) -> None:
        """A gap before ``upto`` (an event a killed broker had taken and lost): ask the
        table to send its log again from the first missing one, at most once a second."""
        missing = self.store.first_missing(venue, table, log_id)
        if missing is None or missing > upto:
            return
        key, now = (venue, table, log_id), time.monotonic()
        if now - self._asked.get(key, -1e9) < RESEND_EVERY:
            return
        self._asked[key] = now
        self.counts["resends"] += 1
        log.info("venue: %s/%s misses event %d: asked again", venue, table, missing)
        self.client.publish(topics.table_topic(venue, table, "cmd/resend"),
                            json.dumps({"log": log_id, "from": missing}), qos=1)
