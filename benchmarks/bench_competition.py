"""An evening's competition (docs/competitions.md), with a real Mosquitto on loopback,
``tablegame venue`` (its own process), headless tables (each its own process) and the
TV view open in Chromium: the time from a match's last event at its table (the event's
time in the table's own log) to

- the result in the competition's log (the venue's runner took it from the table's log), and
- the bracket on the TV view showing it (a MutationObserver in the page notes when the
  match's box first shows a winner; the TV view asks for data once a second),

median and p99 over every match of several knockouts.

Environment: BENCH_COMPETITION_RUNS (knockouts, default 6), BENCH_COMPETITION_PLAYERS
(each, default 16: the TV's bracket shows every match of it), BENCH_COMPETITION_TABLES
(default 4)."""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from mqtt_broker import MISSING, Mosquitto  # noqa: E402

RUNS = int(os.environ.get("BENCH_COMPETITION_RUNS", 6))
PLAYERS = int(os.environ.get("BENCH_COMPETITION_PLAYERS", 16))
TABLES = int(os.environ.get("BENCH_COMPETITION_TABLES", 4))
CHROMIUM = "/usr/bin/chromium"
OBSERVE = """() => {
  window.__seen = {};
  const look = () => {
    for (const box of document.querySelectorAll('.tv-match.done')) {
      if (!(box.dataset.match in window.__seen)) window.__seen[box.dataset.match] = Date.now();
    }
  };
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true});
  look();
}"""


def _ms(values: list[float]) -> str:
    ordered = sorted(v * 1000 for v in values)
    if not ordered:
        return "none"
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
    return f"median {statistics.median(ordered):.0f} ms, p99 {p99:.0f} ms, max {ordered[-1]:.0f} ms"


def run():
    if MISSING or not Path(CHROMIUM).exists():
        yield f"skipped: {MISSING or 'no ' + CHROMIUM}"
        return
    from playwright.sync_api import sync_playwright
    from tablegame.core.history import History
    from venue_evening import PASSWORD, Table, Venue, competition_log, until
    load = os.getloadavg()[0]
    folder = Path(tempfile.mkdtemp(prefix="bench-competition-"))
    broker = Mosquitto(folder / "broker", "allow_anonymous true\n").start()
    venue = Venue(folder, broker.port, "bench").start()
    tables = [Table(folder, broker.port, f"t{i}", "bench", pace=0.02, seed=i).start()
              for i in range(1, TABLES + 1)]
    to_log, to_tv = [], []
    try:
        venue.login()
        until(lambda: venue.get("/competitions").count('name="tables"') == TABLES, 60, "tables")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            page = browser.new_page(viewport={"width": 1920, "height": 1080})
            page.goto(venue.url + "/login")
            page.fill("input[name=name]", "boss")
            page.fill("input[name=password]", PASSWORD)
            page.click("main button")
            for run_ in range(RUNS):
                names = "\n".join(f"Spieler {run_}-{i}" for i in range(PLAYERS))
                made = venue.post("/competitions", {
                    "name": f"Bench {run_}", "game": "neunfeld", "format": "knockout",
                    "entrants": names, "tables": [t.name for t in tables]})
                cid = made["id"]
                page.goto(venue.url + f"/tv/competitions/{cid}")
                page.wait_for_selector(".tv-match")
                page.evaluate(OBSERVE)
                until(lambda: venue.data(cid)["state"] == "finished", 600, "the final", every=0.5)
                time.sleep(2.5)                      # the TV's next look or two
                seen = page.evaluate("() => window.__seen")
                entries, competition = competition_log(venue.data_folder, cid)
                for _, at, kind, by, data in entries:
                    if kind != "result":
                        continue
                    db = folder / f"{data['table']}.sqlite"
                    ended = next(e.at for e in History(db).entries(data["seq"], limit=1))
                    to_log.append(at - ended)
                    if data["match"] in seen:
                        to_tv.append(seen[data["match"]] / 1000 - ended)
            browser.close()
    finally:
        venue.stop()
        for table in tables:
            table.stop()
        broker.stop()
    yield (f"{RUNS} knockouts of {PLAYERS} over {TABLES} tables (Neunfeld, an action every "
           f"20 ms), {len(to_log)} results; load average {load:.1f} -> {os.getloadavg()[0]:.1f}")
    yield f"a match's last event at its table -> result in the competition's log: {_ms(to_log)}"
    yield (f"a match's last event at its table -> the TV view's bracket shows it "
           f"({len(to_tv)} seen): {_ms(to_tv)}")
