"""The staff page's server (waitress) on real sockets: idle connections from strangers
never make the page unreachable, one address cannot take every place, and stopping
with live views open ends them cleanly (no traceback in the journal)."""
import http.client
import logging
import os
import socket
import threading
import time

import pytest

from web_admin.connections import PER_ADDRESS
from web_admin.relay import Relay
from web_admin.serve import PageServer
from web_table import Table

IDLE = 150      # more than waitress's own limit of 100 connections


@pytest.fixture
def table(tmp_path):
    t = Table(tmp_path, max_streams=8)
    yield t
    t.close()


@pytest.fixture
def server(table):
    page = PageServer(table.face, "127.0.0.1", 0, threads=4).start()
    yield page
    page.close()


def idle_sockets(port, count, addresses):
    """``count`` connections that send nothing, spread over ``addresses`` (127.x.y.z)."""
    held = []
    for n in range(count):
        s = socket.socket()
        s.bind((addresses[n % len(addresses)], 0))
        s.connect(("127.0.0.1", int(port)))
        held.append(s)
    return held


def login_page_time(port, timeout=10.0):
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", "/setup")        # the first page anyone sees
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status, time.perf_counter() - started


def test_idle_strangers_cannot_make_the_login_page_unreachable(server):
    attackers = [f"127.0.{n}.{m}" for n in range(1, 3) for m in range(1, 6)]   # ten addresses
    held = idle_sockets(server.port, IDLE, attackers)
    time.sleep(0.3)                 # the server has accepted what it will
    try:
        status, took = login_page_time(server.port)
        assert status == 200 and took < 2.0
        held += idle_sockets(server.port, 60, attackers)     # they come back for more
        status, took = login_page_time(server.port)
        assert status == 200 and took < 2.0
    finally:
        for s in held:
            s.close()


def open_places(sockets):
    """How many of ``sockets`` the server still keeps open (the rest it has closed)."""
    time.sleep(0.3)
    still = 0
    for s in sockets:
        s.setblocking(False)
        try:
            still += s.recv(1) != b""
        except BlockingIOError:
            still += 1
        except OSError:
            pass
    return still


def test_one_address_holds_at_most_its_share_of_idle_connections(server):
    held = idle_sockets(server.port, PER_ADDRESS * 3, ["127.0.9.9"])
    try:
        # a page answered to another address: the server has taken every connection made
        # before it (it takes them in the order they came), not only those of its first 0.3 s
        assert login_page_time(server.port)[0] == 200
        assert open_places(held) == PER_ADDRESS
    finally:
        for s in held:
            s.close()


def test_stopping_with_live_views_open_ends_them_without_a_traceback(table, caplog):
    from test_web_admin import ADMIN
    page = PageServer(table.face, "127.0.0.1", 0, threads=6).start()
    client = page.app.test_client()
    from test_web_admin import post
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    cookie = f"session={client.get_cookie('session').value}"
    streams = []
    for _ in range(4):
        conn = http.client.HTTPConnection("127.0.0.1", page.port, timeout=10)
        conn.request("GET", "/api/stream", headers={"Cookie": cookie})
        response = conn.getresponse()
        assert response.status == 200 and response.readline().startswith(b"retry:")
        streams.append((conn, response))
    assert page.app.extensions["relay"].viewers == 4 and table.session.streams == 1
    caplog.set_level(logging.INFO)
    relays = relay_threads()
    started = time.perf_counter()
    page.close()
    assert time.perf_counter() - started < 5.0
    assert relays and ended_within(relays, 0.2)     # the live views' relay went with them
    for conn, response in streams:
        rest = response.read()                 # the stream's end, not a reset connection
        assert b"data:" in rest or rest == b"" or rest.startswith(b"\n")
        conn.close()
    assert table.session.streams == 0
    problems = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
    assert not problems, [r.getMessage() for r in problems]


def relay_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "page-relay"]


def ended_within(threads, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return not any(t.is_alive() for t in threads)


def test_the_live_views_relay_ends_at_once_when_the_last_view_leaves_or_the_page_stops(table):
    """It waited on the table's snapshots with a 1 s timeout, so it lingered up to 1 s
    after the last browser left (or the page stopped) before it saw it should end."""
    relay = Relay(table.face)
    before = set(relay_threads())
    relay.join(4)
    relay.join(4)
    thread = set(relay_threads()) - before
    relay.leave()
    assert len(thread) == 1 and not ended_within(thread, 0.05)   # one view is still open
    relay.leave()
    assert ended_within(thread, 0.2) and table.session.streams == 0
    relay.join(4)                                                   # a view comes back
    thread = set(relay_threads()) - before
    relay.end()
    assert len(thread) == 1 and ended_within(thread, 0.2)


def test_the_page_stops_even_when_its_wake_up_pipe_was_closed_under_it(table):
    """Once in a whole run of the suite, a descriptor closed elsewhere took the loop's
    wake-up pipe: stopping then raised EBADF and left the listening socket open."""
    page = PageServer(table.face, "127.0.0.1", 0, threads=2).start()
    assert login_page_time(page.port)[0] == 200
    held = idle_sockets(page.port, 3, ["127.0.0.1"])
    time.sleep(0.3)                                 # accepted, the login's answer done
    broken_r, broken_w = os.pipe()                  # the pipe's write end made useless
    os.close(broken_r)                              # in place (closing it would free its
    os.dup2(broken_w, page._server.trigger.trigger) # number for the next file: the ghost
    os.close(broken_w)                              # this test is about)
    page.close()
    assert not page._thread.is_alive()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", page.port), timeout=1).close()
    assert open_places(held) == 0
    for s in held:
        s.close()


def test_a_page_that_cannot_listen_leaves_no_pipe_socket_or_worker_behind(table):
    """A port already taken: the page says so (OSError, which the table logs and plays on
    without its page) and leaves nothing open; before, every failed start kept the loop's
    wake-up pipe, the socket, its workers and the staff accounts' file (a table that
    retries would run out). A page that started and stopped leaves nothing either."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        fds, threads = open_descriptors(), set(threading.enumerate())
        for _ in range(3):
            with pytest.raises(OSError):
                PageServer(table.face, "127.0.0.1", taken.getsockname()[1], threads=4)
        assert {fd: os.readlink(f"/proc/self/fd/{fd}") for fd in open_descriptors() - fds} == {}
        assert [t.name for t in set(threading.enumerate()) - threads] == []
    PageServer(table.face, "127.0.0.1", 0, threads=4).start().close()   # and one that served
    assert {fd: os.readlink(f"/proc/self/fd/{fd}") for fd in open_descriptors() - fds} == {}
    assert [t.name for t in set(threading.enumerate()) - threads] == []


def open_descriptors() -> set[str]:
    """This process's open descriptors (not the one listing them, closed by then)."""
    return {fd for fd in os.listdir("/proc/self/fd") if os.path.lexists(f"/proc/self/fd/{fd}")}
