"""The line between two pubs for a league match (docs/competitions.md): the venue view's own
client of the other pub's broker, over TLS with a login of this pub's own, carrying this
pub's tables' status, state and events and its venue's messages out, and the other pub's
in. Nothing else crosses: no command, nothing named after a third pub.

Not Mosquitto's bridge: Debian Bookworm's Mosquitto 2.0.11 (OpenSSL 3) hangs for good, the
whole broker at full CPU, when the far end hangs up on a TLS bridge during its handshake
(the bridge's socket is closed but left in the broker's socket table; fixed upstream in
2.0.15, eclipse-mosquitto #2594), and a pub's line does that. So the pub's own broker
dials nowhere, and paho, which reconnects, holds the line.

Each way is a pump with the carrier's promises: MQTT 5 sessions kept by both brokers
(SESSION), retained messages kept retained, and a message acknowledged to the broker it
came from only once the other broker has it. So what one pub publishes while the line is
down waits in its own broker (on disk) and crosses when the line is back, even over a
restart of the venue view."""
from __future__ import annotations

import logging
import threading

from paho.mqtt.client import topic_matches_sub
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.subscribeoptions import SubscribeOptions

from mqtt_publisher.broker import Broker

log = logging.getLogger(__name__)

# what of a venue crosses: its tables' status, state and events, its venue's messages
CARRIED = ("pubtable/v1/{}/+/status", "pubtable/v1/{}/+/state", "pubtable/v1/{}/+/event/#",
           "pubvenue/v1/{}/#")
SESSION = 86400      # s both brokers keep the line's session, and what waits for it
WINDOW = 100         # messages a broker hands the line before the other broker has them


def carried(venue: str) -> list[str]:
    return [pattern.format(venue) for pattern in CARRIED]


class _Pump:
    """One way: what ``source`` has on ``filters``, published to ``sink``; ``source`` hears
    the message's acknowledgement only once ``sink`` has acknowledged it."""

    def __init__(self, source, sink, filters: list[str], name: str):
        self.source, self.sink, self.filters, self.name = source, sink, filters, name
        self._lock = threading.Lock()
        self._waiting: dict[int, int | None] = {}   # sink's message id -> source's
        self._carrying: set[int] = set()             # source's message ids under way
        self._early: set[int] = set()                # sink's ids acknowledged before known
        source.on_message = self._message
        sink.on_publish = self._published

    def subscribe(self, session_present: bool) -> None:
        if not session_present:                      # the source forgot its ids: ack none
            with self._lock:
                self._waiting = dict.fromkeys(self._waiting)
                self._carrying.clear()
        options = SubscribeOptions(qos=1, noLocal=True, retainAsPublished=True)
        self.source.subscribe([(f, options) for f in self.filters])

    def _message(self, client, userdata, message) -> None:      # the source's thread
        mid = message.mid if message.qos else None
        if not any(topic_matches_sub(f, message.topic) for f in self.filters):
            log.warning("league line %s: %s not taken (not asked for)", self.name, message.topic)
            self._ack(mid)
            return
        with self._lock:
            if mid in self._carrying:
                return             # given again after a reconnect: the sink has it queued
            if mid is not None:
                self._carrying.add(mid)
        info = self.sink.publish(message.topic, message.payload, qos=1, retain=message.retain)
        with self._lock:
            if info.mid in self._early:              # acknowledged already: on the sink's thread
                self._early.discard(info.mid)
            else:
                self._waiting[info.mid] = mid
                return
            self._carrying.discard(mid)
        self._ack(mid)

    def _published(self, client, userdata, mid, reason_code, properties) -> None:
        if reason_code.is_failure:                   # the other broker's ACL: nothing to wait for
            log.warning("league line %s: a message refused: %s", self.name, reason_code)
        with self._lock:
            if mid not in self._waiting:
                self._early.add(mid)
                return
            source_mid = self._waiting.pop(mid)
            self._carrying.discard(source_mid)
        self._ack(source_mid)

    def _ack(self, mid: int | None) -> None:
        if mid is not None:
            self.source.ack(mid, 1)


class LeagueLine:
    """This pub's broker (``home``) and the other pub's (``away``), joined both ways."""

    def __init__(self, me: str, partner: str, home: Broker, away: Broker, client_id: str):
        self.me, self.partner, self._brokers = me, partner, {"home": home, "away": away}
        self._clients = {"home": home.client(f"{client_id}-line", mqtt5=True, manual_ack=True),
                         "away": away.client(f"league-{me}", mqtt5=True, manual_ack=True)}
        home_c, away_c = self._clients["home"], self._clients["away"]
        self._pumps = {"home": _Pump(home_c, away_c, carried(me), f"to {partner}"),
                       "away": _Pump(away_c, home_c, carried(partner), f"from {partner}")}
        self._said: dict[str, str] = {}
        for side, client in self._clients.items():
            client.on_connect = lambda c, u, flags, rc, p=None, side=side: \
                self._connected(side, flags, rc)
            client.on_connect_fail = lambda c, u, side=side: self._say(side, "not reached")
            client.on_disconnect = lambda c, u, flags, rc, p=None, side=side: \
                self._say(side, f"lost ({rc})")

    @classmethod
    def from_config(cls, config, me: str, client_id: str) -> LeagueLine:
        """``[league]``: the other pub's name and broker, and this pub's login there; OSError
        or ValueError (in words) for a CA file it cannot use."""
        if not config["league.host"]:
            raise ValueError("league.host is empty: set the other pub's broker")
        away = Broker(host=config["league.host"], port=config["league.port"], tls=True,
                      ca_file=config["league.ca_file"], username=config["league.username"],
                      password=config["league.password"], keepalive=config["mqtt.keepalive"])
        return cls(me, config["league.partner"], Broker.from_config(config), away, client_id)

    def start(self) -> LeagueLine:
        for side, client in self._clients.items():
            broker = self._brokers[side]
            properties = Properties(PacketTypes.CONNECT)
            properties.SessionExpiryInterval = SESSION
            properties.ReceiveMaximum = WINDOW
            client.connect_async(broker.host, broker.port, broker.keepalive, clean_start=False,
                                 properties=properties)
            client.loop_start()
        return self

    def close(self) -> None:
        for client in self._clients.values():
            client.disconnect()
            client.loop_stop()

    def _connected(self, side: str, flags, reason_code) -> None:
        if reason_code.is_failure:
            self._say(side, f"refused: {reason_code}")
            return
        self._say(side, "up")
        self._pumps[side].subscribe(flags.session_present)

    def _say(self, side: str, what: str) -> None:
        """The line's state in the venue view's log, once each change."""
        if self._said.get(side) != what:
            self._said[side] = what
            where = self._brokers[side].address
            whose = self.me if side == "home" else self.partner
            level = logging.INFO if what == "up" else logging.WARNING
            log.log(level, "league line: %s's broker (%s) %s", whose, where, what)
