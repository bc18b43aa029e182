"""What the staff page withstands from a stranger on the pub's Wi-Fi.

1. Idle connections: N sockets from ten addresses that connect and send nothing, then
   a member of staff logs in (GET /login, POST /login, the live view); the time that
   takes, median and worst of a few logins, on the page's own server and, side by side,
   on plain waitress (what the page ran on before; its limit is 100 connections).
2. Guessing: one wrong password a second from rotating addresses while the admin logs
   in every 10 s (how often the admin got in), and how many guesses one address gets
   in an hour against one account (the throttle's clock is simulated)."""
from __future__ import annotations

import http.client
import re
import socket
import statistics
import tempfile
import time
from pathlib import Path

ATTACKERS = [f"127.0.{n}.{m}" for n in range(1, 6) for m in range(1, 11)]   # 50 addresses
SIEGES = (0, 100, 300, 600)
LOGINS = 5
GIVE_UP = 5.0        # s: a login that takes longer counts as failed


def _login(port: int) -> float | None:
    started = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=GIVE_UP)
        conn.request("GET", "/login")
        page = conn.getresponse()
        cookie = page.getheader("Set-Cookie").split(";", 1)[0]
        token = re.search(r'name="csrf-token" content="([^"]+)"', page.read().decode()).group(1)
        conn.request("POST", "/login", f"name=bench&password=bench-password&csrf_token={token}",
                     {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
        answer = conn.getresponse()
        answer.read()
        conn.request("GET", "/", headers={"Cookie": answer.getheader("Set-Cookie").split(";", 1)[0]})
        live = conn.getresponse()
        live.read()
        conn.close()
        return time.perf_counter() - started if live.status == 200 else None
    except (OSError, AttributeError):
        return None


def _siege(port: int, count: int) -> list[socket.socket]:
    held = []
    for n in range(count):
        s = socket.socket()
        s.bind((ATTACKERS[n % len(ATTACKERS)], 0))
        s.settimeout(1.0)
        try:
            s.connect(("127.0.0.1", port))
        except OSError:
            s.close()
            continue
        held.append(s)
    return held


def _serve(face, guarded: bool):
    import threading
    from waitress import create_server
    from web_admin import create_app
    from web_admin.connections import guarded_server
    app = create_app(face)
    make = guarded_server if guarded else \
        (lambda a, host, port, threads, **kw: create_server(a, host=host, port=port, threads=threads, **kw))
    server = make(app, "127.0.0.1", 0, 8, channel_timeout=30)
    threading.Thread(target=server.run, daemon=True).start()
    return server, int(server.effective_port)


def _figures(times: list[float | None]) -> str:
    done = [t * 1000 for t in times if t is not None]
    if not done:
        return f"0 of {len(times)} logins within {GIVE_UP:.0f} s"
    return (f"{len(done)} of {len(times)} logins, median {statistics.median(done):.0f} ms, "
            f"worst {max(done):.0f} ms")


def _idle_lines(face) -> list[str]:
    lines = []
    for guarded in (True, False):
        name = "the page's server" if guarded else "plain waitress  "
        server, port = _serve(face, guarded)
        for count in SIEGES:
            held = _siege(port, count)
            time.sleep(0.5)
            times = [_login(port) for _ in range(LOGINS)]
            lines.append(f"{name}: {count:3d} idle connections from {len(ATTACKERS)} addresses: "
                         f"{_figures(times)}")
            for s in held:
                s.close()
            time.sleep(0.3)
        server.close()
    return lines


def _guessing_lines() -> list[str]:
    from web_admin.throttle import Throttle
    now = [0.0]
    throttle = Throttle(lambda: now[0])
    admin_in = admin_tries = 0
    for second in range(600):          # ten minutes, a wrong guess a second from a new address
        now[0] = float(second)
        address = f"10.{second // 250}.{second % 250}.1"
        if throttle.wait(address, "admin") == 0:
            throttle.failed(address, "admin")
        if second % 10 == 0:
            admin_tries += 1
            if throttle.wait("192.168.1.20", "admin") == 0:
                admin_in += 1
                throttle.succeeded("192.168.1.20", "admin")
    guesses, one = 0, Throttle(lambda: now[0])
    for tenth in range(36000):          # an hour, one address trying as fast as it may
        now[0] = tenth / 10
        if one.wait("10.9.9.9", "admin") == 0:
            one.failed("10.9.9.9", "admin")
            guesses += 1
    return [f"rotating guessers (1 a second, 10 min): the admin got in {admin_in} of {admin_tries} tries",
            f"one address guessing one account: {guesses} guesses in an hour"]


def run() -> list[str]:
    import logging
    from tablegame.config import load
    from tablegame.config.file import ConfigFile
    from table_app.service import open_session, table_face
    from tablegame.core.play import GameSetup
    from web_admin.accounts import Accounts

    logging.getLogger("waitress").setLevel(logging.ERROR)
    logging.getLogger("web_admin").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as folder:
        store = Path(folder) / "siege.sqlite"
        config = load(None)
        session = open_session(config, store, GameSetup("shove-hapenny", (("Anna",), ("Ben",))))
        face = table_face(session, ConfigFile(None, config), store, restart=lambda: None)
        Accounts(Path(folder) / "staff.sqlite").add("bench", "bench-password", "staff")
        try:
            return _idle_lines(face) + _guessing_lines()
        finally:
            session.close()


if __name__ == "__main__":
    print("\n".join(run()))
