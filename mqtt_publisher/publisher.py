"""The table's publisher: one thread beside the writer and paho's network thread.

Events are read from the table's own SQLite log (on a read-only connection), never
taken from the session's hands: the live path and the catch-up after an outage are the
same loop, "publish what the log holds after the last event the broker acknowledged".
A snapshot from ``subscribe()`` only wakes the loop and is the state published once the
events are out. The writer never waits: its subscription drops old snapshots when this
thread is slow, and the log keeps every event.

Order: paho keeps each QoS 1 message until the broker's PUBACK and sends it again after
a reconnect. After a reconnect no new event is sent until those are acknowledged, so the
broker receives the log in order; an event whose PUBACK was lost in the outage arrives
twice (same id and seq: a subscriber drops it)."""
from __future__ import annotations

import json
import logging
import queue
import sqlite3
import threading
from pathlib import Path
from typing import Callable

from mqtt_publisher import hooks, home_assistant as ha, topics
from mqtt_publisher.acked import Acked
from mqtt_publisher.broker import Broker
from mqtt_publisher.payloads import event_payload, state_payload
from tablegame.core.history import History

log = logging.getLogger(__name__)

REFUSED = "this table takes no commands ([mqtt] accept_commands = false)"
WINDOW = 100      # events sent and not yet acknowledged, at most
IDLE_WAIT = 0.5   # s the loop sleeps with nothing to do (a change wakes it at once)
BUSY_WAIT = 0.02  # s while acknowledgements are awaited


class Publisher:
    def __init__(self, face, broker: Broker, venue: str, table: str, data_folder: str | Path,
                 language: Callable[[], str], staff_url: str = "",
                 on_command: Callable[[str, bytes], None] | None = None):
        self._face, self._broker = face, broker
        self._venue, self._table = venue, table
        self._language, self._staff_url = language, staff_url
        self._on_command = on_command       # None: no cmd/ topic is subscribed at all
        self._history: History = face.history
        self._acked_file = Path(data_folder) / "mqtt.sqlite"
        self._client = broker.client(topics.client_id(venue, table))
        self._client.will_set(self._topic("status"), topics.OFFLINE, qos=1, retain=True)
        self._client.on_connect = self._connected
        self._client.on_disconnect = self._disconnected
        self._client.on_publish = lambda client, userdata, mid, *rest: self._acks.put(mid)
        self._client.on_message = self._message
        self._acks: queue.SimpleQueue = queue.SimpleQueue()
        self._online = threading.Event()
        self._stop = threading.Event()
        self._connections = 0            # grows with every CONNACK (paho's thread)
        self._resend_from: tuple[int, int] | None = None   # (log, seq) a subscriber asked for
        self._thread: threading.Thread | None = None
        self.stats = {"events": 0, "states": 0, "acked": 0, "connections": 0}

    def _topic(self, leaf: str) -> str:
        return topics.table_topic(self._venue, self._table, leaf)

    # -- paho's thread -------------------------------------------------------------

    def _connected(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            log.error("the MQTT broker %s refused the table: %s", self._broker.address, reason_code)
            return
        log.info("MQTT: connected to %s as %s", self._broker.address, client._client_id.decode())
        client.publish(self._topic("status"), topics.ONLINE, qos=1, retain=True)
        # cmd/resend: a gap a subscriber noticed (an event the broker took and lost when
        # it was killed) is sent again from the log; other commands only when allowed
        client.subscribe(self._topic("cmd/+"), qos=1)
        ha.subscribe(client)
        self._discovery()
        self._connections += 1
        self._online.set()

    def _disconnected(self, client, userdata, flags, reason_code, properties=None) -> None:
        if self._online.is_set() and not self._stop.is_set():
            log.warning("MQTT: lost the broker %s (%s); the table plays on and catches up later",
                        self._broker.address, reason_code)
        self._online.clear()

    def _message(self, client, userdata, message) -> None:
        if ha.asks_again(message):
            return self._discovery()
        name = message.topic.rsplit("/", 1)[-1]
        if name == "resend":
            return self._resend(message.payload)
        if self._on_command is None:
            return self.reply({"command": name, "accepted": False, "reason": REFUSED})
        # the table's answer may take seconds (a new game loads its play): not on paho's thread
        threading.Thread(target=self._command, args=(name, message.payload),
                         name="mqtt-command", daemon=True).start()

    def _command(self, name: str, payload: bytes) -> None:
        try:
            self.reply(self._on_command(name, payload))
        except Exception:   # a bug in a command: logged, the table plays on
            log.exception("MQTT: the command %s could not be handled", name)

    def reply(self, body: dict) -> None:
        self._client.publish(self._topic("reply"), json.dumps(body, ensure_ascii=False), qos=1)

    def _discovery(self) -> None:
        for topic, payload in ha.discovery(self._venue, self._table):
            self._client.publish(topic, payload, qos=1, retain=True)

    def _resend(self, payload: bytes) -> None:
        """``{"log": <log>, "from": <seq>}``: the log's events from that seq are sent again
        (read-only: it changes nothing at the table, so it needs no accept_commands)."""
        try:
            asked = json.loads(payload)
            self._resend_from = (int(asked["log"]), int(asked["from"]))
        except (ValueError, KeyError, TypeError) as error:
            log.info("MQTT: a resend request that is not {\"log\", \"from\"}: %s", error)

    # -- start and stop ----------------------------------------------------------

    def start(self) -> Publisher:
        """Starts paho's thread and the publisher's; a broker away is no error (paho
        keeps trying). OSError or ValueError for a setting that cannot work."""
        self._subscription = self._face.subscribe(maxsize=2)
        # never published to this broker: from the game under way now (or the log's start)
        games = self._history.games() if self._has_log() else []
        self._first = games[-1].seq if games else 1
        self._client.connect_async(self._broker.host, self._broker.port, self._broker.keepalive)
        self._client.loop_start()
        self._thread = threading.Thread(target=self._guarded, name="mqtt", daemon=True)
        self._thread.start()
        return self

    def close(self, timeout: float = 2.0) -> None:
        """A clean end: ``offline`` published (the last will is for an unclean one)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
        try:
            if self._online.is_set():
                self._client.publish(self._topic("status"), topics.OFFLINE, qos=1,
                                     retain=True).wait_for_publish(timeout)
        except (RuntimeError, ValueError, OSError) as error:
            log.info("MQTT: offline not published on the way out: %s", error)
        self._client.disconnect()
        self._client.loop_stop()
        self._subscription.close()

    def _has_log(self) -> bool:
        try:
            return bool(self._history.entries(0, limit=1))
        except sqlite3.Error:   # no log file yet: a fresh table writes it at its first move
            return False

    @property
    def online(self) -> bool:
        return self._online.is_set()

    def facts(self) -> dict:
        """For the staff page's health view, in plain words."""
        if self._thread is not None and not self._thread.is_alive() and not self._stop.is_set():
            state = "stopped after an error (in the log): restart the table to publish again"
        elif self.online:
            state = f"connected to {self._broker.address}"
        else:
            state = f"no broker at {self._broker.address}: trying again, the log keeps every event"
        return {"mqtt": state, "mqtt_acknowledged": f"up to event {self.stats['acked']}"}

    # -- the publisher's thread ------------------------------------------------------

    def _guarded(self) -> None:
        """A bug here is logged and the table plays on without MQTT (its log keeps all)."""
        try:
            self._run()
        except Exception:
            log.exception("MQTT: the publisher stopped; the table plays on and its log keeps "
                          "every event (restart the service to publish again)")

    def _run(self) -> None:
        acked = Acked(self._acked_file, self._broker.address)
        sending = _Sending(acked, self._first)
        seen_connection, state_sent, hook_state = 0, None, hooks.Watch()
        try:
            while not self._stop.is_set():
                self._wait(BUSY_WAIT if sending.unacked else IDLE_WAIT)
                sending.take_acks(self._acks)
                self.stats["acked"] = sending.acked or 0
                if not self._online.is_set():
                    continue
                if self._connections != seen_connection:
                    # paho sends the unacknowledged again first: nothing new before them
                    if sending.unacked:
                        continue
                    seen_connection, state_sent = self._connections, None
                    self.stats["connections"] = seen_connection
                if self._resend_from is not None:
                    sending.rewind(*self._resend_from)
                    self._resend_from = None
                if sending.ready(self._history) and not self._send_events(sending):
                    continue                       # more of the log to send: the state waits
                snapshot = self._face.snapshot()
                if state_sent != snapshot.version:
                    self._send_state(snapshot, sending)
                    self._send_hooks(hook_state, snapshot, sending)
                    state_sent = snapshot.version
        finally:
            acked.close()

    def _wait(self, timeout: float) -> None:
        """Sleep until a change (a snapshot: the state is read fresh) or ``timeout``."""
        if self._subscription.get(timeout=timeout) is not None:
            while self._subscription.get(timeout=0) is not None:
                pass

    def _send_events(self, sending: _Sending) -> bool:
        """Send the log's next events, up to the window; True when none is left."""
        room = WINDOW - len(sending.unacked)
        if room <= 0:
            return False
        entries = self._history.entries(sending.next, limit=room)
        for entry in entries:
            kind = topics.event_kind(entry.kind, entry.data)
            info = self._client.publish(
                self._topic(f"event/{kind}"),
                event_payload(entry, self._venue, self._table, sending.log_id), qos=1)
            sending.sent(info.mid, entry.seq)
            self.stats["events"] += 1
            for name in sending.fold.feed(entry):
                self._client.publish(self._topic(f"hook/{name}"), sending.fold.payload(
                    name, self._venue, self._table, sending.log_id, entry.seq), qos=1)
        return len(entries) < room

    def _send_state(self, snapshot, sending: _Sending) -> None:
        payload = state_payload(snapshot, self._language(), self._venue, self._table,
                                sending.log_id, sending.next - 1, self._staff_url)
        self._client.publish(self._topic("state"), payload, qos=1, retain=True)
        self.stats["states"] += 1

    def _send_hooks(self, watch: hooks.Watch, snapshot, sending: _Sending) -> None:
        for name, payload in watch.changed(snapshot, self._venue, self._table, sending.log_id,
                                           sending.next - 1):
            self._client.publish(self._topic(f"hook/{name}"), payload, qos=1)


class _Sending:
    """What was sent and what the broker acknowledged, on the publisher's thread only."""

    def __init__(self, acked: Acked, first: int):
        self._acked, self._first = acked, first
        self.log_id: int | None = None
        self.acked: int | None = None     # every event up to this seq is on the broker
        self.next = 1                     # the next seq to send
        self.unacked: dict[int, int] = {}  # paho's message id -> seq
        self._done: set[int] = set()       # acknowledged seqs beyond ``acked``
        self.fold = hooks.Fold()            # the game as published, for the hooks

    def ready(self, history: History) -> bool:
        """The log is known (its first event written), and where to go on from."""
        if self.log_id is not None:
            return True
        first = history.entries(0, limit=1)
        if not first:
            return False
        self.log_id = round(first[0].at * 1000)
        stored = self._acked.get(self.log_id)
        if stored is None:   # never published: from the game under way at the start on
            stored = self._first - 1
        self.acked, self.next = stored, stored + 1
        current = [g for g in history.games() if g.seq <= self.next]
        if current:   # the game under way: folded for the hooks, none fired again
            self.fold.prime([e for e in current[-1].entries if e.seq < self.next])
        return True

    def rewind(self, log_id: int, seq: int) -> None:
        """Send again from ``seq`` (a subscriber missed it); the ack record is not moved."""
        if log_id == self.log_id and 0 < seq < self.next:
            log.info("MQTT: sending the log again from event %d, as a subscriber asked", seq)
            self.next = seq

    def sent(self, mid: int, seq: int) -> None:
        self.unacked[mid] = seq
        self.next = seq + 1

    def take_acks(self, acks: queue.SimpleQueue) -> None:
        moved = False
        while True:
            try:
                mid = acks.get_nowait()
            except queue.Empty:
                break
            seq = self.unacked.pop(mid, None)
            if seq is not None and self.acked is not None and seq > self.acked:
                self._done.add(seq)   # (a status, state or hook, or a resent event: nothing)
                moved = True
        while moved and self.acked is not None and self.acked + 1 in self._done:
            self._done.discard(self.acked + 1)
            self.acked += 1
        if moved and self.log_id is not None:
            self._acked.put(self.log_id, self.acked)
