"""The publisher's pure parts, as properties: the topic tree round-trips every name a
table may have, and the durable "acknowledged up to" never passes a gap, whatever order
the broker's PUBACKs come in."""
from __future__ import annotations

import queue

from hypothesis import given, strategies as st

from mqtt_publisher import topics
from mqtt_publisher.acked import Acked
from mqtt_publisher.sending import Sending
from tablegame.config import _topic_name

NAMES = st.text(alphabet="abcXYZ019-_ä", min_size=1, max_size=40)


@given(NAMES, NAMES, st.sampled_from(["status", "state", "event/shot", "hook/game_won", "cmd/resend"]))
def test_a_tables_topics_parse_back_to_its_names(venue, table, leaf):
    assert _topic_name(venue) is None and _topic_name(table) is None
    assert topics.parse(topics.table_topic(venue, table, leaf)) == (venue, table, leaf)
    assert topics.client_id(venue, table) != topics.client_id(venue, table + "x")


@given(NAMES, st.sampled_from("/+# "), st.integers(0, 40))
def test_a_name_that_is_not_one_level_is_refused(name, bad, where):
    assert _topic_name(name[:where] + bad + name[where:]) is not None


@given(st.permutations(list(range(1, 31))), st.sets(st.integers(1, 30), max_size=5))
def test_acknowledged_up_to_never_passes_a_gap(order, never_acked):
    sending = Sending(_NoDisk(), first=1)
    sending.log_id, sending.acked, sending.next = 7, 0, 1
    for seq in range(1, 31):
        sending.sent(mid=1000 + seq, seq=seq)
    acks: queue.SimpleQueue = queue.SimpleQueue()
    for seq in order:
        if seq not in never_acked:
            acks.put(1000 + seq)
    sending.take_acks(acks)
    expected = min(never_acked, default=31) - 1
    assert sending.acked == expected
    assert sorted(sending.unacked.values()) == sorted(never_acked)


class _NoDisk(Acked):
    def __init__(self):
        self.stored = None

    def put(self, log_id, seq):
        self.stored = seq


@given(st.lists(st.tuples(st.integers(1, 60), st.integers(0, 30), st.floats(0, 5)), max_size=12))
def test_a_table_sends_again_only_what_was_asked_and_each_once_a_quiet_spell(asks):
    from mqtt_publisher.resend import QUIET, Ask, Resends
    resends, now, sent, asked = Resends(), 0.0, [], set()
    for first, length, later in asks:
        now += later
        resends.ask(Ask(7, first, first + length), 7, sent_up_to=50, now=now)
        asked |= set(range(first, min(first + length, 50) + 1))
        sent += [(seq, now) for seq in resends.take(room=100, now=now)]
    for _ in range(5):                       # the quiet spells pass: what waited goes out
        now += QUIET
        sent += [(seq, now) for seq in resends.take(room=100, now=now)]
    assert {seq for seq, _ in sent} == asked    # all that was asked (of what was sent), no more
    last: dict[int, float] = {}
    for seq, at in sent:                        # never twice within a quiet spell
        assert at - last.get(seq, -1e9) >= QUIET
        last[seq] = at
    assert len(resends) == 0


def test_a_resend_request_is_read_or_refused_in_words():
    from mqtt_publisher.resend import Ask, parse
    assert parse(b'{"log": 7, "from": 3, "to": 9}') == Ask(7, 3, 9)
    assert parse(b'{"log": 7, "from": 3}') == Ask(7, 3, None)     # an older subscriber's
    for junk in (b"42", b"[1]", b'{"log": "x", "from": 1}', b'{"log": 7, "from": 5, "to": 2}', b"\xff"):
        try:
            parse(junk)
        except ValueError as error:
            assert str(error)
        else:
            raise AssertionError(junk)


def test_a_table_stopping_soon_after_the_broker_came_back_waits_for_the_healing(monkeypatch):
    """The subscribers reconnect and read their backlog before they see what a killed
    broker lost: a table that stops soon after its own reconnect, asked nothing yet, waits
    as long as one that was asked (it used to leave after SETTLE, before the first request)."""
    import threading
    import time
    from types import SimpleNamespace
    from table_app import playout
    monkeypatch.setattr(playout, "SETTLE", 0.2)
    monkeypatch.setattr(playout, "SETTLE_RECOVERING", 1.0)
    began = time.monotonic()

    class Publisher:
        stats = {"acked": 5}

        def settled(self, seconds):
            return time.monotonic() - began >= seconds

        def healing_within(self, seconds):     # nobody asked, but the broker came back just now
            return True

    history = SimpleNamespace(entries=lambda first: [SimpleNamespace(seq=5)] if first <= 5 else [])
    session = SimpleNamespace(process=lambda timeout: time.sleep(timeout))
    assert playout.drain(session, Publisher(), history, 10.0, threading.Event())
    assert time.monotonic() - began >= 1.0


def test_a_subscriber_asks_again_sooner_than_a_stopping_table_gives_up_on_it():
    from table_app.playout import SETTLE_RECOVERING
    from venue.gaps import GRACE, MAX_WAIT
    assert MAX_WAIT + GRACE + 1.0 < SETTLE_RECOVERING   # (+ the subscriber's tick)
