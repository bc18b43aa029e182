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
twice (same id and seq: a subscriber drops it). What a broker acknowledged and then lost
(killed before it wrote it down) a subscriber finds missing below the table's retained
``.../log`` and asks for again (``cmd/resend``); those events go out once more, beside
the new ones (mqtt_publisher/resend.py)."""
from __future__ import annotations

import json
import logging
import queue
import sqlite3
import threading
import time
from pathlib import Path
from typing import Callable

from mqtt_publisher import home_assistant as ha, hooks, resend, topics
from mqtt_publisher.acked import Acked
from mqtt_publisher.broker import Broker
from mqtt_publisher.payloads import event_payload, progress_payload, state_payload
from mqtt_publisher.sending import Sending
from mqtt_publisher.words import phrase, refusal
from tablegame.core.history import History

log = logging.getLogger(__name__)

WINDOW = 100          # events sent and not yet acknowledged (new and sent again), at most
IDLE_WAIT = 0.5       # s the loop sleeps with nothing to do (a change wakes it at once)
BUSY_WAIT = 0.02      # s while acknowledgements are awaited
PROGRESS_EVERY = 0.5  # s between two .../log messages while events flow
HEARTBEAT = 5.0       # s: .../log is said again at least this often (a sign of life)


class Publisher:
    def __init__(self, face, broker: Broker, venue: str, table: str, data_folder: str | Path,
                 language: Callable[[], str], staff_url: str = "",
                 on_command: Callable[[str, bytes], dict] | None = None):
        self._face, self._broker = face, broker
        self._venue, self._table = venue, table
        self._language, self._staff_url = language, staff_url
        self._on_command = on_command       # None: the table refuses every command but resend
        self._history: History = face.history
        self._acked_file = Path(data_folder) / "mqtt.sqlite"
        self._client = broker.client(topics.client_id(venue, table))
        self._client.will_set(self._topic("status"), topics.OFFLINE, qos=1, retain=True)
        self._client.on_connect = self._connected
        self._client.on_disconnect = self._disconnected
        self._client.on_publish = lambda client, userdata, mid, *rest: self._acks.put(mid)
        self._client.on_message = self._message
        self._acks: queue.SimpleQueue = queue.SimpleQueue()
        self._asks: queue.SimpleQueue = queue.SimpleQueue()   # resend requests, from paho's thread
        self._online = threading.Event()
        self._stop = threading.Event()
        self._failed = threading.Event()   # the publisher's loop stopped after an error
        self._connections = 0            # grows with every CONNACK (paho's thread)
        self._thread: threading.Thread | None = None
        self._first = 1
        self._stirred = time.monotonic()   # the last request, resend or new progress said
        self._asked = float("-inf")        # the last request to send something again
        self._back = float("-inf")         # the last connection after the first
        self._busy = True                  # events or resends still on their way
        self.stats = {"events": 0, "states": 0, "acked": 0, "connections": 0, "resent": 0}

    def _topic(self, leaf: str) -> str:
        return topics.table_topic(self._venue, self._table, leaf)

    # -- paho's thread -------------------------------------------------------------

    def _connected(self, client, userdata, flags, reason_code, properties=None) -> None:
        if reason_code.is_failure:
            log.error("the MQTT broker %s refused the table: %s", self._broker.address, reason_code)
            return
        log.info("MQTT: connected to %s as %s", self._broker.address, client._client_id.decode())
        client.publish(self._topic("status"), topics.ONLINE, qos=1, retain=True)
        # cmd/resend: a gap a subscriber noticed is sent again from the log; other commands
        # only when allowed. The own status: a watchman's "offline" is answered at once.
        client.subscribe([(self._topic("cmd/+"), 1), (self._topic("status"), 1)])
        ha.subscribe(client)
        self._discovery()
        if self._connections:
            self._back = time.monotonic()
        self._connections += 1
        self._online.set()

    def _disconnected(self, client, userdata, flags, reason_code, properties=None) -> None:
        if self._online.is_set() and not self._stop.is_set() and not self._failed.is_set():
            log.warning("MQTT: lost the broker %s (%s); the table plays on and catches up later",
                        self._broker.address, reason_code)
        self._online.clear()

    def _message(self, client, userdata, message) -> None:
        """Routed by topic: Home Assistant's status (its birth, or its "offline" when it
        stops) is never a command; only ``.../cmd/<name>`` is, and never a retained one."""
        if message.topic == ha.STATUS:
            if ha.asks_again(message):
                self._discovery()
            return
        if message.topic == self._topic("status"):
            return self._status_said(message.payload)
        name = topics.command(self._venue, self._table, message.topic)
        if name is None:
            return
        if message.retain:   # planted for every connect: acted on never (docs/mqtt.md)
            log.warning("MQTT: a retained command on %s ignored: commands are never retained",
                        message.topic)
            return
        if name == "resend":
            return self._resend(message.payload)
        if self._on_command is None:
            return self.reply({"command": name, "accepted": False, **refusal(self._language(), "refused")})
        # the table's answer may take seconds (a new game loads its play): not on paho's thread
        threading.Thread(target=self._command, args=(name, message.payload),
                         name="mqtt-command", daemon=True).start()

    def _status_said(self, payload: bytes) -> None:
        """Someone said this table is offline while it is connected (a venue view that
        heard nothing from it for a while, or the will of its last connection): not so."""
        if payload.strip() == topics.OFFLINE.encode() and self._online.is_set() \
                and not self._stop.is_set() and not self._failed.is_set():
            log.info("MQTT: the broker said this table was offline; it says online again")
            self._client.publish(self._topic("status"), topics.ONLINE, qos=1, retain=True)

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
        """A subscriber's request to send a range of the log again (read-only: it changes
        nothing at the table, so it needs no accept_commands)."""
        try:
            self._asks.put(resend.parse(payload))
        except ValueError as error:
            log.info("MQTT: a resend request that is not one: %s", error)

    # -- start and stop ----------------------------------------------------------

    def start(self) -> Publisher:
        """Starts paho's thread and the publisher's; a broker away is no error (paho
        keeps trying). OSError or ValueError for a setting that cannot work."""
        self._subscription = self._face.subscribe(maxsize=2)
        # never published to this broker: from the game under way now (or the log's start);
        # written down as soon as the log is there (Sending.ready), broker or not
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
        self._say_offline(timeout)
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

    def settled(self, seconds: float) -> bool:
        """Nothing on its way, nothing asked for again, and no new ``.../log`` said, for
        ``seconds``: a subscriber that misses something has had time to ask (a table that
        is about to stop waits for this, see table_app's playout)."""
        return self.online and not self._busy and time.monotonic() - self._stirred >= seconds

    def healing_within(self, seconds: float) -> bool:
        """Whether a subscriber asked for something again, or the broker came back (its
        subscribers are catching up and will ask for what its kill lost), in the last
        ``seconds``."""
        return time.monotonic() - max(self._asked, self._back) < seconds

    def facts(self) -> dict:
        """For the staff page's health view, in plain words (Phrases: the page's language)."""
        if self._failed.is_set():
            state = phrase("stopped")
        elif self.online:
            state = phrase("connected", broker=self._broker.address)
        else:
            state = phrase("no_broker", broker=self._broker.address)
        return {"mqtt": state, "mqtt_acknowledged": phrase("acknowledged", seq=self.stats["acked"])}

    # -- the publisher's thread ------------------------------------------------------

    def _guarded(self) -> None:
        """A bug here is logged and the table plays on without MQTT (its log keeps all)."""
        try:
            self._run()
        except Exception:
            log.exception("MQTT: the publisher stopped; the table plays on and its log keeps "
                          "every event (restart the service to publish again)")
            self._gone_quiet()

    def _gone_quiet(self) -> None:
        """The table publishes no more: it says ``offline`` and leaves the broker, so its
        status is not ``online`` for good (paho's thread alone would stay connected and
        answer a venue view's ``offline`` with ``online``)."""
        self._failed.set()
        self._say_offline(2.0)

    def _say_offline(self, timeout: float) -> None:
        """``offline`` published (the last will is for an unclean end), then disconnected."""
        try:
            if self._online.is_set():
                self._client.publish(self._topic("status"), topics.OFFLINE, qos=1,
                                     retain=True).wait_for_publish(timeout)
        except (RuntimeError, ValueError, OSError) as error:
            log.info("MQTT: offline not published on the way out: %s", error)
        self._client.disconnect()

    def _run(self) -> None:
        acked = Acked(self._acked_file, self._broker.address, topics.client_id(self._venue, self._table))
        sending = Sending(acked, self._first)
        seen_connection, state_sent, hook_state = 0, None, hooks.Watch()
        progress = _Progress()
        try:
            while not self._stop.is_set():
                self._wait(BUSY_WAIT if sending.unacked or len(sending.resends) else IDLE_WAIT)
                sending.take_acks(self._acks)
                self.stats["acked"] = sending.acked or 0
                sending.ready(self._history)   # broker or not: where it starts is written now
                if not self._online.is_set():
                    continue
                if self._connections != seen_connection:
                    # paho sends the unacknowledged again first: nothing new before them
                    if sending.unacked:
                        continue
                    seen_connection, state_sent, progress = self._connections, None, _Progress()
                    self.stats["connections"] = seen_connection
                now = time.monotonic()
                self._take_asks(sending, now)
                more = sending.log_id is not None and not self._send_events(sending)
                self._send_again(sending, now)
                if progress.due(sending.sent_up_to, now):
                    self._send_progress(sending)
                    if progress.moved:
                        self._stirred = now
                self._busy = bool(sending.unacked or len(sending.resends)) or more
                if more:
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

    def _send_events(self, sending: Sending) -> bool:
        """Send the log's next events, up to the window; True when none is left."""
        room = WINDOW - len(sending.unacked)
        if room <= 0:
            return False
        entries = self._history.entries(sending.next, limit=room)
        for entry in entries:
            sending.sent(self._publish_event(entry, sending), entry.seq)
            self.stats["events"] += 1
            for name in sending.fold.feed(entry):
                self._client.publish(self._topic(f"hook/{name}"), sending.fold.payload(
                    name, self._venue, self._table, sending.log_id, entry.seq), qos=1)
        return len(entries) < room

    def _publish_event(self, entry, sending: Sending) -> int:
        kind = topics.event_kind(entry.kind, entry.data)
        return self._client.publish(self._topic(f"event/{kind}"), event_payload(
            entry, self._venue, self._table, sending.log_id), qos=1).mid

    def _take_asks(self, sending: Sending, now: float) -> None:
        while True:
            try:
                ask = self._asks.get_nowait()
            except queue.Empty:
                return
            queued = sending.resends.ask(ask, sending.log_id, sending.sent_up_to, now)
            self._stirred = self._asked = now
            if queued:
                log.info("MQTT: sending %d events of %d to %s again, as a subscriber asked",
                         queued, ask.first, ask.last if ask.last is not None else "the last sent")

    def _send_again(self, sending: Sending, now: float) -> None:
        """What subscribers asked for, in the room the new events left in the window."""
        for first, last in resend.ranges(sending.resends.take(WINDOW - len(sending.unacked), now)):
            for entry in self._history.entries(first, limit=last - first + 1):
                sending.sent_again(self._publish_event(entry, sending), entry.seq)
                self.stats["resent"] += 1

    def _send_progress(self, sending: Sending) -> None:
        self._client.publish(self._topic("log"), progress_payload(
            self._venue, self._table, sending.log_id, sending.first, sending.sent_up_to),
            qos=1, retain=True)

    def _send_state(self, snapshot, sending: Sending) -> None:
        payload = state_payload(snapshot, self._language(), self._venue, self._table,
                                sending.log_id, sending.sent_up_to, self._staff_url, sending.first)
        self._client.publish(self._topic("state"), payload, qos=1, retain=True)
        self.stats["states"] += 1

    def _send_hooks(self, watch: hooks.Watch, snapshot, sending: Sending) -> None:
        for name, payload in watch.changed(snapshot, self._venue, self._table, sending.log_id,
                                           sending.sent_up_to):
            self._client.publish(self._topic(f"hook/{name}"), payload, qos=1)


class _Progress:
    """When ``.../log`` is due: soon after the last sent event moved, and as a heartbeat."""

    def __init__(self) -> None:
        self._said: int | None = None
        self._at = float("-inf")
        self.moved = False   # the last one said due named a new last event

    def due(self, last: int, now: float) -> bool:
        if now - self._at >= HEARTBEAT or (last != self._said and now - self._at >= PROGRESS_EVERY):
            self.moved = last != self._said
            self._said, self._at = last, now
            return True
        return False
