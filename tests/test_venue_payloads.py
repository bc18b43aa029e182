"""Whatever a login publishes, the venue view stays up: every page answers, junk is
refused in its log and the store keeps what it had (a real Mosquitto, the listener and
the page over one store). And the subscriber's gap keeping (venue/gaps.py) as
properties: it never asks for an event it holds, never asks again while the answer is
due, and ends with every event however the broker lost and reordered them."""
from __future__ import annotations

import json
import logging
import time

import pytest
from hypothesis import given, settings, strategies as st

from mqtt_broker import MISSING, Mosquitto
from test_mqtt import started, until
from test_venue import PASSWORD
from venue.gaps import GRACE, WAIT, Gaps

JUNK = [
    ("status", b"42"), ("status", b"\xff\xfe"), ("status", b"online" * 1000),
    ("state", b"42"), ("state", b"[1,2]"), ("state", b"null"), ("state", b'"a text"'), ("state", b"{"),
    ("state", json.dumps({"title": [1, 2], "parties": "x", "said": {"en": 5, "de": {"turn": {}}},
                          "staff_url": "javascript:alert(1)", "seq": 3}).encode()),
    ("state", json.dumps({"log": "abc", "seq": -1}).encode()), ("state", b"x" * 300_000),
    ("log", b"[1]"), ("log", json.dumps({"log": "x", "last": 2}).encode()),
    ("event/shot", b"42"), ("event/shot", json.dumps({"log": 1, "seq": "a", "at": 1.0}).encode()),
    ("event/shot", json.dumps({"log": 1, "seq": 1, "at": "now", "kind": "action"}).encode()),
    ("event/shot", json.dumps({"log": 1, "seq": 1, "at": 1e400, "kind": "action"}).encode()),
    ("reply", b"[]"), ("reply", json.dumps({"reasons": 5, "accepted": "yes"}).encode()),
    # numbers no SQLite column holds (beyond 64 bits)
    ("state", json.dumps({"title": "x", "seq": 10 ** 30}).encode()),
    ("log", json.dumps({"log": 10 ** 30, "first": 1, "last": 5}).encode()),
    ("event/shot", json.dumps({"log": 1, "seq": 10 ** 30, "at": 1.0, "kind": "action"}).encode()),
]


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_no_payload_breaks_a_page_and_each_is_refused_in_the_log(tmp_path, caplog):
    import paho.mqtt.publish as publish
    from mqtt_publisher.broker import Broker
    from venue.app import create_app
    from venue.listener import Listener
    broker = Mosquitto(tmp_path / "broker").start()
    store = tmp_path / "venue.sqlite"
    listener = started(Listener(Broker("127.0.0.1", broker.port, keepalive=5), store, "pub",
                                client_id="junk-venue"))
    app = create_app(store, tmp_path, config={"WTF_CSRF_ENABLED": False})
    app.extensions["accounts"].add("bar", PASSWORD, "staff")
    client = app.test_client()
    client.post("/login", data={"name": "bar", "password": PASSWORD})
    caplog.set_level(logging.WARNING, logger="venue")
    try:
        good = {"title": "Neunfeld", "score": "Anna 3 · Ben 1", "seq": 0, "game": "neunfeld",
                "staff_url": "javascript:alert(1)"}   # read, but no link a browser would run
        publish.single("pubtable/v1/pub/t1/state", json.dumps(good), qos=1, retain=True,
                       hostname="127.0.0.1", port=broker.port)
        # taken before the junk replaces it as the broker's retained state
        until(lambda: listener.counts["states"] == 1, what="the good state at the venue")
        for leaf, payload in JUNK:   # retained, as a forger would leave them for every page
            publish.single(f"pubtable/v1/pub/t1/{leaf}", payload, qos=1,
                           retain=not leaf.startswith("event"), hostname="127.0.0.1", port=broker.port)
        # a well-formed event whose data no rules read: stored, and left out of the standings
        event = {"log": 7, "seq": 1, "at": time.time(), "kind": "new_game", "by": "x", "data": {"game": 5}}
        publish.single("pubtable/v1/pub/t2/event/new_game", json.dumps(event), qos=1,
                       hostname="127.0.0.1", port=broker.port)
        deadline = time.monotonic() + 10
        while listener.counts["refused"] < len(JUNK) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.5)
        for path in ("/", "/api/venue", "/tv"):
            answer = client.get(path, headers={"Accept-Language": "en"})
            assert answer.status_code == 200, (path, answer.get_data(as_text=True)[:300])
        card = next(t for t in client.get("/api/venue").get_json()["tables"] if t["name"] == "t1")
        assert card["title"] == "Neunfeld" and card["score"] == "Anna 3 · Ben 1"   # kept
        assert "javascript" not in client.get("/").get_data(as_text=True)
        refusals = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
        assert len(refusals) == len(JUNK) and "Traceback" not in caplog.text   # each, in words
    finally:
        listener.close()
        broker.stop()


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 300), st.data())
def test_gaps_end_complete_asking_only_for_what_is_missing(last, data):
    delivered = data.draw(st.lists(st.integers(1, last), max_size=2 * last))   # lost, reordered, twice
    lose_again = data.draw(st.sets(st.integers(1, last), max_size=20))         # a resend lost too
    gaps, now, asked_at = Gaps(), 0.0, {}
    gaps.told(1, last)
    for seq in delivered:
        gaps.add(seq)
    held = set(delivered)
    for _ in range(200):
        if gaps.complete():
            break
        now += 1.0                                    # the tick
        for first, end in gaps.due(now):
            for seq in range(first, end + 1):
                assert seq not in held                 # never what it holds
                assert now - asked_at.get(seq, -1e9) >= WAIT or seq not in asked_at
                asked_at[seq] = now
                if seq in lose_again:                  # lost once more on its way
                    lose_again.discard(seq)
                    continue
                gaps.add(seq)
                held.add(seq)
    assert gaps.complete() and gaps.missing() == []


def test_an_answer_coming_in_holds_back_the_rest_of_it():
    gaps = Gaps(range(1, 11))
    gaps.told(1, 1010)
    assert gaps.due(0.0) == []                         # noticed: it may be the order on the wire
    assert gaps.due(GRACE) == [(11, 1010)]
    for seq in range(11, 500):                         # the answer comes, slowly
        gaps.add(seq)
    assert gaps.due(GRACE + WAIT + 0.5) == []          # the rest is on its way: not asked again
    assert gaps.due(GRACE + 3 * WAIT) == [(500, 1010)]  # nothing more came: asked again


def test_a_table_back_online_is_asked_again_only_what_it_may_not_have_heard():
    """A table says online at every reconnect (a broker killed every few seconds: every
    few seconds). What was asked while it was last heard live reached it and is on its way;
    only what was asked after that (it may have been away) is asked again at once."""
    gaps = Gaps(range(1, 11))
    gaps.told(1, 100)
    gaps.due(0.0)
    assert gaps.due(GRACE) == [(11, 100)]              # asked while the table was live
    gaps.told(1, 200)                                  # its heartbeat: live at 1.0 ...
    gaps.due(1.0)
    assert gaps.due(1.0 + GRACE) == [(101, 200)]       # ... asked after it was last heard
    gaps.hurry(since=1.0)                              # online again at 2.0, heard last at 1.0
    assert gaps.due(2.0) == [(101, 200)]               # what it may have missed: at once
    assert gaps.due(2.0 + 1.0) == []                   # the rest waits for its answer


def test_the_venue_view_asks_nothing_while_it_has_no_broker(tmp_path):
    """A request published while the venue view is not connected is queued by paho and
    sent, stale, at its next connect (beside the fresh ones): none is made then."""
    import types
    from mqtt_publisher.broker import Broker
    from venue.listener import Listener
    listener = Listener(Broker("127.0.0.1", 1, keepalive=5), tmp_path / "venue.sqlite", "pub",
                        client_id="no-broker", clock=lambda: clock[0])
    clock = [0.0]
    try:
        for seq in (1, 5):
            event = {"schema": 1, "log": 7, "seq": seq, "at": 1.0, "kind": "action", "by": "x",
                     "data": {}, "id": f"pub/t1/7/{seq}"}
            listener._message(None, None, types.SimpleNamespace(
                topic="pubtable/v1/pub/t1/event/shot", payload=json.dumps(event).encode(), retain=False))
        for clock[0] in (0.0, GRACE, 2 * GRACE, 10.0):
            listener.tick()
        assert listener.counts["resends"] == 0
    finally:
        listener.close()
