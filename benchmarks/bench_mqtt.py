"""Tables on MQTT (docs/mqtt.md), with a real Mosquitto on loopback:

1. a fleet: N headless tables (each its own process: session, SQLite log, publisher)
   playing random Shove games into one broker, ``tablegame venue`` subscribed (its own
   process): events per second carried, the delay from a table's commit (the event's
   time) to the venue's store (received), median and p99, the venue's memory and CPU;
2. a table's frame-to-screen latency (bench_latency's measurement) with the publisher
   beside it and without, the modes taking turns;
3. catch-up after a broker outage (shortened, stated): a table plays on while the
   broker is down; time from the broker's return until the venue has every event,
   events lost, duplicates stored.

Environment: BENCH_MQTT_TABLES (default 20), BENCH_MQTT_SECONDS (fleet run, 20),
BENCH_MQTT_OUTAGE (seconds, 20), BENCH_MQTT_SAMPLES (latency samples per mode, 600),
BENCH_MQTT_PARTS (fleet,latency,catch_up: which to run)."""
from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from mqtt_broker import MISSING, Mosquitto, table_config  # noqa: E402

TABLES = int(os.environ.get("BENCH_MQTT_TABLES", 20))
SECONDS = float(os.environ.get("BENCH_MQTT_SECONDS", 20))
OUTAGE = float(os.environ.get("BENCH_MQTT_OUTAGE", 20))
SAMPLES = int(os.environ.get("BENCH_MQTT_SAMPLES", 600))
PARTS = os.environ.get("BENCH_MQTT_PARTS", "fleet,latency,catch_up").split(",")
PACE = 0.05   # s between a table's actions: 20 events/s per table, far above a real pub's


def _p99(ordered: list[float]) -> float:
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def _ms(values: list[float]) -> str:
    ordered = sorted(v * 1000 for v in values)
    return f"median {statistics.median(ordered):.1f} ms, p99 {_p99(ordered):.1f} ms" if ordered else "none"


def _table(folder: Path, port: int, name: str, pace: float, games: int = 100000) -> subprocess.Popen:
    config = table_config(folder / f"{name}.toml", port, name, game="shove-hapenny")
    return subprocess.Popen(
        [sys.executable, "-m", "table_app.playout", "--config", str(config), "--db",
         str(folder / f"{name}.sqlite"), "--games", str(games), "--pace", str(pace),
         "--seed", name[1:], "--drain", "30"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int, key: str = "VmRSS") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def fleet(folder: Path) -> list[str]:
    broker = Mosquitto(folder / "broker", "allow_anonymous true\nmax_queued_messages 1000000\n").start()
    venue_config = table_config(folder / "venue.toml", broker.port, "venue")
    venue = subprocess.Popen(
        [sys.executable, "-m", "table_app.cli", "venue", "--config", str(venue_config), "--venue",
         "pub", "--data", str(folder / "venue"), "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(3)   # the venue imports and subscribes
    tables = [_table(folder, broker.port, f"t{i}", PACE) for i in range(1, TABLES + 1)]
    try:
        time.sleep(3)   # the tables start (imports); then the measured window
        cpu0, t0 = _cpu_seconds(venue.pid), time.time()
        time.sleep(SECONDS)
        cpu1, t1 = _cpu_seconds(venue.pid), time.time()
        rss, peak = _rss_mb(venue.pid), _rss_mb(venue.pid, "VmHWM")
        for table in tables:
            table.send_signal(signal.SIGTERM)
        for table in tables:
            table.wait(60)
        time.sleep(2)
    finally:
        for table in tables:
            if table.poll() is None:
                table.kill()
        venue.send_signal(signal.SIGTERM)
        venue.wait(30)
        broker.stop()
    db = sqlite3.connect(folder / "venue" / "venue.sqlite")
    rows = db.execute("SELECT at, received FROM events WHERE at >= ? AND at < ?", (t0, t1)).fetchall()
    logged = sum(sqlite3.connect(folder / f"t{i}.sqlite").execute(
        "SELECT count(*) FROM events WHERE at >= ? AND at < ?", (t0, t1)).fetchone()[0]
        for i in range(1, TABLES + 1))
    delays = [received - at for at, received in rows]
    return [
        f"{TABLES} tables (one process each, Shove, an action every {PACE * 1000:.0f} ms) into one "
        f"Mosquitto, tablegame venue subscribed, {SECONDS:.0f} s measured:",
        f"  events carried: {len(rows) / (t1 - t0):.0f}/s ({len(rows)} stored of {logged} logged "
        f"in the window)",
        f"  a table's commit -> the venue's store: {_ms(delays)}, max {max(delays) * 1000:.1f} ms",
        f"  the venue view: {rss:.0f} MB resident (peak {peak:.0f} MB), CPU "
        f"{100 * (cpu1 - cpu0) / (t1 - t0):.0f}% of one core",
    ]


def latency(folder: Path) -> list[str]:
    from benchmarks.bench_latency import measure
    broker = Mosquitto(folder / "latency-broker").start()
    cpu: dict[str, list[float]] = {"off": [], "on": []}
    wall: dict[str, list[float]] = {"off": [], "on": []}
    try:
        for _ in range(3):   # the modes take turns, so a busy moment hits both
            for mode in ("off", "on"):
                beside = _publisher(broker.port) if mode == "on" else None
                wall[mode] += measure((800, 480), SAMPLES // 3, beside=beside, cpu=cpu[mode])
    finally:
        broker.stop()
    return [f"frame-to-screen latency at 800x480, MQTT {mode}: {_ms(wall[mode])}; the main "
            f"thread's CPU: {_ms(cpu[mode])} ({len(wall[mode])} shoves)" for mode in ("off", "on")]


def _publisher(port: int):
    @contextlib.contextmanager
    def beside(session, folder):
        from mqtt_publisher.wiring import publishing
        from tablegame.config import parse
        from tablegame.config.file import ConfigFile
        from table_app.service import table_face
        config = parse({"mqtt": {"enabled": True, "host": "127.0.0.1", "port": port,
                                 "table": "bench"}})
        face = table_face(session, ConfigFile(None, config), os.path.join(folder, "bench.sqlite"),
                          restart=lambda: None)
        with contextlib.redirect_stdout(open(os.devnull, "w")), publishing(face, config) as publisher:
            yield publisher
    return beside


def catch_up(folder: Path) -> list[str]:
    from mqtt_publisher.broker import Broker
    from venue.listener import Listener
    folder = folder / "outage"   # a table of its own: not the fleet's t1 and its log
    folder.mkdir()
    broker = Mosquitto(folder / "outage-broker", "allow_anonymous true\nautosave_on_changes true\n"
                       "autosave_interval 1\nmax_queued_messages 1000000\n").start()
    listener = Listener(Broker("127.0.0.1", broker.port), folder / "outage.sqlite", "pub",
                        client_id="bench-venue").start()
    table = _table(folder, broker.port, "t1", pace=0.01)
    try:
        time.sleep(4)
        log = sqlite3.connect(folder / "t1.sqlite")
        at_kill = log.execute("SELECT max(seq) FROM events").fetchone()[0]
        broker.kill()
        time.sleep(OUTAGE)
        back = time.monotonic()
        broker.start()
        missed = log.execute("SELECT max(seq) FROM events").fetchone()[0]   # all before the return
        done_at = None
        while time.monotonic() - back < 120 and done_at is None:
            stored = sqlite3.connect(folder / "outage.sqlite").execute(
                "SELECT count(*) FROM events WHERE seq <= ?", (missed,)).fetchone()[0]
            if stored >= missed:
                done_at = time.monotonic() - back
            time.sleep(0.05)
        table.send_signal(signal.SIGTERM)   # the play ends; the table sends the rest of its log
        table.wait(60)
        time.sleep(3)   # the last events and any resend
        last = log.execute("SELECT max(seq) FROM events").fetchone()[0]
        seqs = {s for (s,) in sqlite3.connect(folder / "outage.sqlite").execute("SELECT seq FROM events")}
    finally:
        if table.poll() is None:
            table.kill()
        listener.close()
        broker.stop()
    lost = len(set(range(1, last + 1)) - seqs)
    return [
        f"catch-up after a {OUTAGE:.0f} s broker outage (SIGKILL, shortened from the issue's 10 "
        f"minutes), the table logging on: {missed - at_kill} events while the broker was away "
        f"({(missed - at_kill) / OUTAGE:.0f}/s)",
        f"  the {missed} events logged by the broker's return were all at the venue "
        f"{done_at:.1f} s after it (paho's reconnect: 1 to 4 s of it)" if done_at is not None
        else "  not caught up within 120 s",
        f"  {last} events logged, lost at the venue: {lost}, stored twice: 0 (the store's key "
        f"is the seq), received twice and dropped: {listener.counts['duplicates']}, resend "
        f"requests: {listener.counts['resends']}",
    ]


def run() -> list[str]:
    if MISSING:
        return [f"skipped: {MISSING}"]
    lines = [f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}"]
    with tempfile.TemporaryDirectory(prefix="bench-mqtt-") as folder:
        folder = Path(folder)
        for part in (fleet, latency, catch_up):
            if part.__name__ in PARTS:
                lines += part(folder)
    lines.append(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
