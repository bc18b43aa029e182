"""The venue's subscriber: a persistent MQTT session (QoS 1, a stable client id, no
clean start), so what the tables publish while the venue view is away waits for it in
the broker; each message is read (venue/payloads.py: junk refused and logged) and goes
into the venue's store on paho's thread. Beside it one small thread ticks once a
second: the requests for what a killed broker lost (venue/gaps.py) that are due again,
and the watchman (venue/watch.py), which must act when nothing arrives at all."""
from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path

from mqtt_publisher import topics
from mqtt_publisher.broker import Broker
from venue import payloads
from venue.gaps import GRACE, Gaps
from venue.store import VenueStore
from venue.watch import SILENT, Watch

log = logging.getLogger(__name__)
TICK = 1.0   # s between two looks at due requests and silent tables


def _spoken(leaf: str, message) -> bool:
    """A live word of the table itself (not a retained one from the past, not its will
    or a watchman's "offline", not a command to it)."""
    if message.retain or leaf.startswith("cmd/"):
        return False
    return leaf != "status" or message.payload.strip() == topics.ONLINE.encode()


class Listener:
    def __init__(self, broker: Broker, store_path: str | Path, venue: str = "+",
                 client_id: str = "pubtable-venue", clock=time.monotonic, silent: float = SILENT):
        self.store = VenueStore(store_path)
        self._venue, self._clock = venue, clock
        self.counts = {"events": 0, "duplicates": 0, "states": 0, "refused": 0, "resends": 0,
                       "declared_offline": 0}
        self._lock = threading.Lock()     # paho's thread and the tick
        self._gaps: dict[tuple[str, str, int], Gaps] = {}
        self._status = {(v, n): s for v, n, s in self.store.statuses() if venue in ("+", v)}
        self._watch = Watch(silent)
        self._spoke: dict[tuple[str, str], float] = {}   # when each table was last heard live
        self._stop = threading.Event()
        self.client = broker.client(client_id, clean_session=False)
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected
        self.client.on_message = self._message
        self._broker = broker
        self.on_event = None   # called with (venue, table, event) after a new one is stored

    def start(self) -> Listener:
        self.client.connect_async(self._broker.host, self._broker.port, self._broker.keepalive)
        self.client.loop_start()
        threading.Thread(target=self._ticking, name="venue-tick", daemon=True).start()
        return self

    def close(self) -> None:
        self._stop.set()
        self.client.disconnect()
        self.client.loop_stop()
        with self._lock:
            self.store.close()

    def _connected(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            log.error("venue: the broker refused the venue view: %s", reason_code)
            return
        client.subscribe(topics.venue_filter(self._venue), qos=1)
        with self._lock:
            self._watch.connected(self._clock())
        log.info("venue: subscribed to %s", topics.venue_filter(self._venue))

    def _disconnected(self, client, userdata, flags, reason_code, properties=None) -> None:
        self._watch.disconnected()
        if not self._stop.is_set():
            log.warning("venue: lost the broker (%s); paho connects again", reason_code)

    # -- paho's thread ---------------------------------------------------------------

    def _message(self, client, userdata, message) -> None:
        where = topics.parse(message.topic)
        if where is None:
            return
        venue, table, leaf = where
        try:
            with self._lock:
                self._take(venue, table, leaf, message)
                if _spoken(leaf, message):   # (after: a table back online is asked by
                    self._alive(venue, table)   # when it was heard before)
        except ValueError as error:   # a payload this venue does not read: say so, go on
            self.counts["refused"] += 1
            log.warning("venue: %s refused: %s", message.topic, error)
        except Exception:   # the store refused (disk full?): logged; paho's thread must live on
            self.counts["refused"] += 1
            log.exception("venue: %s could not be stored", message.topic)

    def _take(self, venue: str, table: str, leaf: str, message) -> None:
        payload = message.payload
        if leaf == "status":
            said = payloads.status(payload)
            self._status[(venue, table)] = said
            self.store.status(venue, table, said)
            if said == "online":   # (again) connected: it may have missed requests while away
                since = self._spoke.get((venue, table), float("-inf")) - GRACE
                for gaps in self._logs(venue, table):
                    gaps.hurry(since)
        elif leaf == "state":
            state = payloads.state(payload)
            self.store.state(venue, table, state)
            self.counts["states"] += 1
            self._told(venue, table, state["log"], state["first"], state["seq"])
        elif leaf == "log":
            said = payloads.progress(payload)
            self._told(venue, table, said["log"], said["first"], said["last"])
        elif leaf == "reply":
            self.store.reply(venue, table, payloads.reply(payload))
        elif leaf.startswith("event/"):
            event = payloads.event(payload)
            if self.store.event(venue, table, event):
                self.counts["events"] += 1
                if self.on_event is not None:   # the competitions' runner looks at once
                    self.on_event(venue, table, event)
            else:
                self.counts["duplicates"] += 1
            self._gaps_of(venue, table, event["log"]).add(event["seq"])
        elif leaf.startswith("cmd/") and message.retain and payload:
            # commands are never retained: one planted for every connect is cleared
            log.warning("venue: a retained command on %s cleared", message.topic)
            self.client.publish(message.topic, b"", qos=1, retain=True)

    # -- gaps ------------------------------------------------------------------------

    def _gaps_of(self, venue: str, table: str, log_id: int) -> Gaps:
        key = (venue, table, log_id)
        gaps = self._gaps.get(key)
        if gaps is None:
            # a newer log replaces the table's older ones: those cannot be asked for any more
            for old in [k for k in self._gaps if k[:2] == (venue, table) and k[2] < log_id]:
                del self._gaps[old]
            gaps = self._gaps[key] = Gaps(self.store.seqs(venue, table, log_id))
        return gaps

    def _logs(self, venue: str, table: str) -> list[Gaps]:
        return [gaps for key, gaps in self._gaps.items() if key[:2] == (venue, table)]

    def _told(self, venue: str, table: str, log_id: int | None, first: int | None, last: int) -> None:
        if log_id is not None:
            self._gaps_of(venue, table, log_id).told(first, last)

    def _ask(self) -> None:
        """Ask each table for what is missing and due (venue/gaps.py says when); nothing
        while there is no broker (paho would send it, stale, at the next connect)."""
        if not self.client.is_connected():
            return
        now = self._clock()
        for (venue, table, log_id), gaps in self._gaps.items():
            for first, last in gaps.due(now):
                self.counts["resends"] += 1
                log.info("venue: %s/%s misses events %d to %d of its log: asked again",
                         venue, table, first, last)
                self.client.publish(topics.table_topic(venue, table, "cmd/resend"),
                                    json.dumps({"log": log_id, "from": first, "to": last}), qos=1)

    # -- the watchman ------------------------------------------------------------------

    def _alive(self, venue: str, table: str) -> None:
        self._spoke[(venue, table)] = self._clock()
        if self._watch.heard((venue, table), self._clock()):
            log.info("venue: %s/%s speaks again: online", venue, table)
            self._say_status(venue, table, topics.ONLINE)

    def _say_status(self, venue: str, table: str, said: str) -> None:
        self._status[(venue, table)] = said
        self.store.status(venue, table, said)
        self.client.publish(topics.table_topic(venue, table, "status"), said, qos=1, retain=True)

    def _ticking(self) -> None:
        while not self._stop.wait(TICK):
            try:
                self.tick()
            except Exception:   # logged; the next tick tries again
                log.exception("venue: a look at the tables failed")

    def tick(self) -> None:
        with self._lock:
            if self._stop.is_set():
                return
            self._ask()
            online = [key for key, said in self._status.items() if said == "online"]
            for venue, table in self._watch.gone(online, self._clock()):
                self.counts["declared_offline"] += 1
                log.warning("venue: nothing from %s/%s for %.0f s: offline (its last will never "
                            "came: the broker was away when it died?)", venue, table, self._watch.silent)
                self._say_status(venue, table, topics.OFFLINE)

