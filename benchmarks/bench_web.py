"""The staff page under load while the table plays: 20 live browsers on the event
stream and a steady stream of page and API requests, all on 127.0.0.1 through
waitress. Figures: request time and event delivery (publish -> browser) median and
p99, the table's frame-to-screen latency (bench_latency's measure) with and without
the page, and the process's memory with the page running."""
from __future__ import annotations

import http.client
import re
import statistics
import threading
import time
from pathlib import Path

from benchmarks.bench_latency import measure
from tablegame.config import load
from tablegame.config.file import ConfigFile
from table_app.service import table_face

STREAMS = 20
REQUESTERS = 2          # threads, each a request every PAUSE s
PAUSE = 0.05
SAMPLES = 200           # counted shoves per latency run
SIZE = (800, 480)


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _login(port: int, name: str, password: str) -> str:
    """A real login (CSRF token and all); returns the session cookie."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/login")
    response = conn.getresponse()
    cookie = response.getheader("Set-Cookie").split(";", 1)[0]
    token = re.search(r'name="csrf-token" content="([^"]+)"', response.read().decode()).group(1)
    body = f"name={name}&password={password}&csrf_token={token}"
    conn.request("POST", "/login", body, {"Cookie": cookie,
                                          "Content-Type": "application/x-www-form-urlencoded"})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.getheader("Set-Cookie").split(";", 1)[0]


class Load:
    """The page beside the session: browsers on the stream, requests, and the times."""

    def __init__(self, session, folder):
        from web_admin.accounts import Accounts
        from web_admin.serve import PageServer

        config = load(None)
        self.published: dict[int, float] = {}
        self.delivery: list[float] = []
        self.requests: list[float] = []
        self.stop = threading.Event()
        face = table_face(session, ConfigFile(None, config), Path(folder) / "bench.sqlite",
                          restart=lambda: None)
        Accounts(Path(folder) / "staff.sqlite").add("bench", "bench-password", "staff")
        self.server = PageServer(face, "127.0.0.1", 0, threads=config["web.threads"]).start()
        self.cookie = _login(self.server.port, "bench", "bench-password")
        self.recorder = session.subscribe(maxsize=1000)   # when each version was published
        self.threads = [threading.Thread(target=self._record, daemon=True)]
        self.threads += [threading.Thread(target=self._browse, daemon=True) for _ in range(STREAMS)]
        self.threads += [threading.Thread(target=self._request, daemon=True)
                         for _ in range(REQUESTERS)]
        self.rss_before = _rss_mb()

    def _record(self):
        while not self.stop.is_set():
            snap = self.recorder.get(timeout=0.1)
            if snap is not None:
                self.published[snap.version] = time.perf_counter()

    def _browse(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        conn.request("GET", "/api/stream", headers={"Cookie": self.cookie})
        response = conn.getresponse()
        version = None
        while not self.stop.is_set():
            line = response.fp.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                version = int(line[4:])
            elif line.startswith(b"data: ") and version in self.published:
                self.delivery.append(time.perf_counter() - self.published[version])
        conn.close()

    def _request(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        paths = ["/api/snapshot", "/", "/control", "/api/health"]
        i = 0
        while not self.stop.is_set():
            started = time.perf_counter()
            conn.request("GET", paths[i % len(paths)], headers={"Cookie": self.cookie})
            conn.getresponse().read()
            self.requests.append(time.perf_counter() - started)
            i += 1
            time.sleep(PAUSE)
        conn.close()

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.rss_running = _rss_mb()
        self.stop.set()
        self.server.close()
        self.recorder.close()


def _figures(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    if not ms:
        return "no samples"
    return f"median {statistics.median(ms):.2f} ms, p99 {ms[max(0, int(len(ms) * 0.99) - 1)]:.2f} ms ({len(ms)})"


def run() -> list[str]:
    cpu_alone: list[float] = []
    cpu_beside: list[float] = []
    alone = measure(SIZE, SAMPLES, cpu=cpu_alone)
    loads: list[Load] = []

    def beside(session, folder):
        loads.append(Load(session, folder))
        return loads[-1]

    with_page = measure(SIZE, SAMPLES, beside, cpu=cpu_beside)
    page = loads[0]
    return [
        f"table frame-to-screen without the page: {_figures(alone)}",
        f"table frame-to-screen with the page, {STREAMS} live streams and requests: "
        f"{_figures(with_page)}",
        # the table's own work per frame (its main thread's CPU time): unchanged means the
        # wall-clock difference above is waiting (for a core, for the interpreter's lock)
        f"table main thread CPU per frame without the page: {_figures(cpu_alone)}",
        f"table main thread CPU per frame with the page: {_figures(cpu_beside)}",
        f"page requests (/, /control, /api/snapshot, /api/health): {_figures(page.requests)}",
        f"event delivery, publish -> {STREAMS} SSE clients: {_figures(page.delivery)}",
        f"memory (RSS) with the page and {STREAMS} streams: {page.rss_running:.0f} MB "
        f"(before the clients: {page.rss_before:.0f} MB)",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
