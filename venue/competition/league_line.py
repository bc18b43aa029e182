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
restart of the venue view, each once. Around the moment the line drops it is at least
once: a message under way then may cross twice (the venue takes each event once, by its
id); one the source's broker gives again because its acknowledgement was lost with the
line is carried once, unless the venue view restarted meanwhile (the line remembers what
it carried in memory only).

How the line stands (up, its login refused, the other broker not reached) goes to the
venue view's log once each change, and to the league pages in words (``trouble``)."""
from __future__ import annotations

import logging
import ssl
import sys
import threading
import time
from collections import OrderedDict

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
REMEMBERED = 1000    # source message ids carried and acknowledged, kept to spot one given again
LOGIN_REFUSED = {"Bad user name or password", "Not authorized", "Bad authentication method"}


def carried(venue: str) -> list[str]:
    return [pattern.format(venue) for pattern in CARRIED]


class _Pump:
    """One way: what ``source`` has on ``filters``, published to ``sink``; ``source`` hears
    the message's acknowledgement only once ``sink`` has acknowledged it."""

    def __init__(self, source, sink, filters: list[str], name: str):
        self.source, self.sink, self.filters, self.name = source, sink, filters, name
        self._lock = threading.Lock()
        self._waiting: dict[int, tuple] = {}   # sink's message id -> (source's id, topic, payload)
        self._carrying: set[int] = set()       # source's message ids under way
        self._early: set[int] = set()          # sink's ids acknowledged before known
        # source's ids carried and acknowledged -> (topic, payload): the source's broker
        # gives one again (dup) when the acknowledgement was lost with the line
        self._done: OrderedDict[int, tuple] = OrderedDict()
        source.on_message = self._message
        sink.on_publish = self._published

    def subscribe(self, session_present: bool) -> None:
        if not session_present:                # the source forgot its ids: acknowledge none
            with self._lock:
                self._waiting = {m: (None, *rest) for m, (_, *rest) in self._waiting.items()}
                self._carrying.clear()
                self._done.clear()
        # retained messages only for a new subscription: a kept session has had them
        options = SubscribeOptions(qos=1, noLocal=True, retainAsPublished=True,
                                   retainHandling=SubscribeOptions.RETAIN_SEND_IF_NEW_SUB)
        self.source.subscribe([(f, options) for f in self.filters])

    def _message(self, client, userdata, message) -> None:      # the source's thread
        mid = message.mid if message.qos else None
        if not any(topic_matches_sub(f, message.topic) for f in self.filters):
            log.warning("league line %s: %s not taken (not asked for)", self.name, message.topic)
            self._ack(mid)
            return
        carried = (mid, message.topic, message.payload)
        with self._lock:
            if mid in self._carrying:
                return             # given again after a reconnect: the sink has it queued
            again = message.dup and self._done.get(mid) == carried[1:]
            if not again and mid is not None:
                self._carrying.add(mid)
        if again:                  # carried already; only its acknowledgement was lost
            self._ack(mid)
            return
        info = self.sink.publish(message.topic, message.payload, qos=1, retain=message.retain)
        with self._lock:
            if info.mid not in self._early:
                self._waiting[info.mid] = carried
                return
            self._early.discard(info.mid)      # acknowledged already, on the sink's thread
        self._carried(carried)

    def _published(self, client, userdata, mid, reason_code, properties) -> None:
        if reason_code.is_failure:             # the other broker's ACL: nothing to wait for
            log.warning("league line %s: a message refused: %s", self.name, reason_code)
        with self._lock:
            carried = self._waiting.pop(mid, None)
            if carried is None:
                self._early.add(mid)
                return
        self._carried(carried)

    def _carried(self, carried: tuple) -> None:
        mid = carried[0]
        if mid is None:
            return
        with self._lock:
            self._carrying.discard(mid)
            self._done[mid] = carried[1:]
            self._done.move_to_end(mid)
            while len(self._done) > REMEMBERED:
                self._done.popitem(last=False)
        self._ack(mid)

    def _ack(self, mid: int | None) -> None:
        if mid is not None:
            self.source.ack(mid, 1)


class LeagueLine:
    """This pub's broker (``home``) and the other pub's (``away``), joined both ways."""

    def __init__(self, me: str, partner: str, home: Broker, away: Broker, client_id: str):
        self.me, self.partner, self._brokers = me, partner, {"home": home, "away": away}
        self._clients = {"home": home.client(f"{client_id}-{me}-line", mqtt5=True, manual_ack=True),
                         "away": away.client(f"league-{me}", mqtt5=True, manual_ack=True)}
        home_c, away_c = self._clients["home"], self._clients["away"]
        self._pumps = {"home": _Pump(home_c, away_c, carried(me), f"to {partner}"),
                       "away": _Pump(away_c, home_c, carried(partner), f"from {partner}")}
        # each side's (how it stands, the reason, since when): "up", "login" (refused),
        # "refused" (for another reason), "certificate" (not the one expected), "down"
        self._state: dict[str, tuple[str, str, float]] = {}
        self._closing = False
        for side, client in self._clients.items():
            # a callback's error logged by paho, its loop going on: never a dead line
            client.suppress_exceptions = True
            client.enable_logger(log)
            client.on_connect = lambda c, u, flags, rc, p=None, side=side: \
                self._connected(side, flags, rc)
            client.on_connect_fail = lambda c, u, side=side: self._failed(side)
            client.on_disconnect = lambda c, u, flags, rc, p=None, side=side: \
                self._lost(side, rc)
            # up once the broker has taken the line's subscription: from then on it keeps
            # what the line is to carry, in the session
            client.on_subscribe = lambda c, u, mid, codes, p=None, side=side: \
                self._subscribed(side, codes)

    @classmethod
    def from_config(cls, config, me: str, client_id: str) -> LeagueLine:
        """``[league]``: the other pub's name and broker, and this pub's login there; OSError
        or ValueError (in words) for a CA file it cannot use."""
        if not config["league.host"]:
            raise ValueError("league.host is empty: set the other pub's broker")
        if config["league.partner"] == me:
            raise ValueError(f"league.partner is this venue ({me}): name the other pub")
        away = Broker(host=config["league.host"], port=config["league.port"], tls=True,
                      ca_file=config["league.ca_file"], username=config["league.username"],
                      password=config["league.password"], keepalive=config["mqtt.keepalive"])
        try:
            return cls(me, config["league.partner"], Broker.from_config(config), away, client_id)
        except OSError as error:     # ([mqtt]'s own files the listener has used already)
            raise OSError(f"league.ca_file {config['league.ca_file']!r} cannot be used: "
                          f"{error.strerror or error}") from None

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
        self._closing = True
        for client in self._clients.values():
            client.disconnect()
            client.loop_stop()

    def waiting(self) -> int:
        """Messages taken from one broker that the other has not acknowledged yet."""
        return sum(len(pump._waiting) for pump in self._pumps.values())

    def trouble(self) -> tuple[str, dict] | None:
        """What is wrong with the line, for the staff's pages: a word's key (venue.competition
        .words, ``line_…``) and its values; None while it is up or still dialing."""
        for side in ("away", "home"):
            kind, reason, since = self._state.get(side, ("", "", 0.0))
            if kind in ("", "up"):
                continue
            settings = ("league.username, league.password" if side == "away" else
                        "[mqtt] username, password")
            return f"line_{kind}", {"venue": self.me if side == "home" else self.partner,
                                    "address": self._brokers[side].address, "since": since,
                                    "reason": reason, "settings": settings}
        return None

    def _connected(self, side: str, flags, reason_code) -> None:
        if reason_code.is_failure:
            kind = "login" if str(reason_code) in LOGIN_REFUSED else "refused"
            self._say(side, kind, str(reason_code))
            return
        self._pumps[side].subscribe(flags.session_present)

    def _subscribed(self, side: str, reason_codes) -> None:
        refused = [str(code) for code in reason_codes if code.is_failure]
        if refused:            # the other broker's ACL does not let this login read its pub
            self._say(side, "refused", "subscription: " + ", ".join(refused))
        else:
            self._say(side, "up", "")

    def up(self) -> bool:
        """Both brokers connected, each holding the line's subscription."""
        return all(self._state.get(side, ("",))[0] == "up" for side in self._clients)

    def _failed(self, side: str) -> None:
        """paho could not connect; it calls this while handling the OSError, which says why."""
        error = sys.exc_info()[1]
        kind = "certificate" if isinstance(error, ssl.SSLCertVerificationError) else "down"
        self._say(side, kind, str(error or "") or "no answer")

    def _lost(self, side: str, reason_code) -> None:
        if self._closing:
            return
        if self._state.get(side, ("up",))[0] == "up":   # a refusal says more than its hang-up
            self._say(side, "down", f"lost: {reason_code}")

    def _say(self, side: str, kind: str, reason: str) -> None:
        """The line's state, and in the venue view's log once each change."""
        said = self._state.get(side)
        if said is not None and said[0] == kind:
            return
        self._state[side] = (kind, reason, time.time())
        where = self._brokers[side].address
        whose = self.me if side == "home" else self.partner
        if kind == "up":
            log.info("league line: %s's broker (%s) up", whose, where)
        else:
            log.warning("league line: %s's broker (%s) %s: %s", whose, where,
                        {"login": "refuses the login", "refused": "refuses the line",
                         "certificate": "has not the certificate expected",
                         "down": "not reached"}[kind], reason)
