"""The venue view: its store and standings from real tables' logs (a player who played at
two tables appears once), the page's login, roles and languages (the staff page's), and
in real Chromium with a real Mosquitto: headless tables live on one page, a table
without power greyed out, the TV mode's leaderboard, a link to each table's staff page."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mqtt_broker import MISSING, Mosquitto, table_config
from tablegame.config import parse
from tablegame.core.play import GameSetup
from table_app.service import open_session
from tablegame.core.session import Act
from venue.app import create_app
from venue.standings import log_standings, players, venue_standings
from venue.store import VenueStore
from web_table import served

ROOT = Path(__file__).parent.parent
# SCREENSHOTS=docs/screenshots ./dev test tests/test_venue.py refreshes the committed ones
SHOTS_TO = os.environ.get("SCREENSHOTS")
PASSWORD = "venue-secret-1"


def played_log(folder: Path, name: str, parties) -> Path:
    """A real table's log: one Neunfeld game played to its end by random legal moves."""
    store = folder / f"{name}.sqlite"
    session = open_session(parse({}), store, GameSetup("neunfeld", parties), rng=random.Random(1))
    rng = random.Random(len(name))
    while not session.play.rules.is_over(session.status.state):
        session.handle(Act(session.play.rules.random_action(session.status.state, rng)), by="script")
    session.close()
    return store


def received(venue_db: Path, tables: dict[str, Path]) -> None:
    """What the listener would have stored from those tables (each event twice: once kept)."""
    from tablegame.core.history import History
    store = VenueStore(venue_db)
    for name, log in tables.items():
        for entry in History(log).entries() * 2:
            store.event("pub", name, {"log": 7, "seq": entry.seq, "at": entry.at,
                                      "kind": entry.kind, "by": entry.by, "data": entry.data})
        store.status("pub", name, "online" if name == "t1" else "offline")
        store.state("pub", name, {"title": "Neunfeld", "score": "Anna 3 · Ben 1",
                                  "turn": "Anna moves", "link": "Board connected",
                                  "staff_url": f"http://{name}.local:8080/"})
    store.close()


@pytest.fixture
def venue_db(tmp_path):
    tables = {"t1": played_log(tmp_path, "t1", (("Anna",), ("Ben",))),
              "t2": played_log(tmp_path, "t2", (("Anna",), ("Carl",)))}
    received(tmp_path / "venue.sqlite", tables)
    return tmp_path / "venue.sqlite", tables


def test_standings_per_table_equal_the_tables_own_and_a_player_appears_once(venue_db):
    db, tables = venue_db
    for name, log in tables.items():
        assert venue_standings(db, table=name) == log_standings(log)
    board = players(db)
    assert [row["player"] for row in board].count("Anna") == 1
    anna = next(row for row in board if row["player"] == "Anna")
    assert anna["played"] == 2 and anna["won"] + anna["lost"] + anna["drawn"] == 2


@pytest.fixture
def client(venue_db, tmp_path):
    app = create_app(venue_db[0], tmp_path, config={"WTF_CSRF_ENABLED": False})
    app.extensions["accounts"].add("boss", PASSWORD, "admin")
    app.extensions["accounts"].add("bar", PASSWORD, "staff")
    return app.test_client()


def login(client, name):
    return client.post("/login", data={"name": name, "password": PASSWORD})


def test_the_page_needs_a_login_and_shows_every_table(client):
    assert client.get("/").status_code == 302
    login(client, "bar")
    page = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert page.count('class="table-card') == 2 and "table-card offline" in page
    assert "http://t1.local:8080/" in page and "Standings of the evening" in page
    client.post("/language/de", data={"back": "/"})
    assert "Stand des Abends" in client.get("/").get_data(as_text=True)


def test_an_offline_table_says_when_it_was_last_heard_not_its_board_or_turn(client):
    login(client, "bar")
    cards = {c["name"]: c for c in client.get("/api/venue", headers={"Accept-Language": "en"})
             .get_json()["tables"]}
    assert cards["t1"]["link"] == "Board connected" and cards["t1"]["turn"] == "Anna moves"
    assert cards["t2"]["link"] == "" and cards["t2"]["turn"] == ""
    assert cards["t2"]["heard"].startswith("Table offline, last heard at ")
    page = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert page.count("Board connected") == 1 and "Table offline, last heard at" in page


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_the_cards_speak_the_readers_language_whatever_the_tables(tmp_path):
    from mqtt_publisher.broker import Broker
    from venue.listener import Listener
    broker = Mosquitto(tmp_path / "broker").start()
    store = tmp_path / "venue.sqlite"
    listener = Listener(Broker("127.0.0.1", broker.port, keepalive=5), store, "pub",
                        client_id="words-venue").start()
    config = table_config(tmp_path / "t1.toml", broker.port, "t1", language="de")
    table = subprocess.Popen(
        [sys.executable, "-m", "table_app.playout", "--config", str(config), "--db",
         str(tmp_path / "t1.sqlite"), "--games", "1", "--pace", "0", "--linger", "60"], cwd=ROOT,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app = create_app(store, tmp_path, config={"WTF_CSRF_ENABLED": False})
    app.extensions["accounts"].add("bar", PASSWORD, "staff")
    client = app.test_client()
    login(client, "bar")
    try:
        import time
        from venue.store import tables
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(
                t["status"] == "online" and (t["state"] or {}).get("over") for t in tables(store)):
            time.sleep(0.1)
        state = tables(store)[0]["state"]   # German at the table, both in its state
        assert state["language"] == "de" and state["said"]["de"]["winner"] != state["said"]["en"]["winner"]
        for lang in ("en", "de"):
            card = client.get("/api/venue", headers={"Accept-Language": lang}).get_json()["tables"][0]
            assert card["turn"] == state["said"][lang]["winner"] and card["title"] == state["said"][lang]["title"]
        client.post("/language/en", data={"back": "/"})
        english = client.get("/").get_data(as_text=True)
        assert state["said"]["de"]["winner"] not in english   # the table's German nowhere
    finally:
        table.kill()
        table.wait()
        listener.close()
        broker.stop()


def test_the_readmes_venue_command_starts_with_the_example_configuration(tmp_path):
    """README: ``./dev tablegame venue --config examples/mqtt/venue.toml`` (here on a free
    port and a folder of the test's own); no broker at localhost yet: the page is up."""
    import re
    import urllib.request
    readme = (ROOT / "README.md").read_text()
    command = re.search(r"^\./dev tablegame (venue [^#\n]+?)\s*#", readme, re.M).group(1).split()
    assert (ROOT / command[command.index("--config") + 1]).exists()
    venue = subprocess.Popen([sys.executable, "-m", "table_app.cli", *command, "--data",
                              str(tmp_path), "--host", "127.0.0.1", "--port", "0"], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = venue.stdout.readline()
        assert line.startswith("venue view: http://127.0.0.1:") and "venue krone" in line, \
            venue.stderr.read() if venue.poll() is not None else line
        with urllib.request.urlopen(line.split()[2] + "setup", timeout=10) as page:
            assert page.status == 200
    finally:
        venue.terminate()
        venue.wait(20)


def test_commands_are_for_admins_and_name_what_is_known(client):
    login(client, "bar")
    refused = client.post("/api/command", json={"venue": "pub", "table": "t1", "command": "new_game"})
    assert refused.status_code == 403 and "Admins" in refused.get_json()["error"]   # German by default
    login(client, "boss")
    unknown = client.post("/api/command", json={"venue": "pub", "table": "t1", "command": "format"})
    assert unknown.status_code == 400 and "new_game" in unknown.get_json()["error"]


# -- in real Chromium, with a real broker and headless tables ---------------------------------


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_the_venue_in_chromium_live_offline_and_tv(tmp_path, chromium):
    from mqtt_publisher.broker import Broker
    from venue.listener import Listener

    broker = Mosquitto(tmp_path / "broker").start()
    listener = Listener(Broker("127.0.0.1", broker.port, keepalive=5), tmp_path / "venue.sqlite",
                        "pub", client_id="chromium-venue").start()
    app = create_app(tmp_path / "venue.sqlite", tmp_path, listener)
    tables = [_table(tmp_path, broker.port, name) for name in ("t1", "t2")]
    try:
        with served(app) as url:
            page = chromium.new_page(locale="en-GB")
            page.goto(url + "/")                     # the first start: the admin's password
            assert page.url.endswith("/setup")
            page.fill("input[name=name]", "boss")
            page.fill("input[name=password]", PASSWORD)
            page.fill("input[name=again]", PASSWORD)
            page.locator("main form button").click()
            page.wait_for_selector("article[data-table='pub/t1'] .score", timeout=20000)
            page.wait_for_selector("article[data-table='pub/t2']", timeout=20000)
            card = page.locator("article[data-table='pub/t1']")
            assert "Neunfeld" in card.inner_text()
            assert card.locator("a").get_attribute("href") == "http://t1.local:8080/"
            card.locator("button.command").click()   # t1 takes no commands: it says so
            page.wait_for_selector("article[data-table='pub/t1'] .reply", timeout=15000)
            assert "accept_commands = false" in card.locator(".reply").inner_text()
            tables[1].kill()                          # t2 loses its power
            page.wait_for_selector("article.offline[data-table='pub/t2']", timeout=15000)
            assert "offline" not in (card.get_attribute("class") or "")
            shots = Path(SHOTS_TO) if SHOTS_TO else tmp_path
            page.set_viewport_size({"width": 1280, "height": 800})
            page.screenshot(path=str(shots / "venue-laptop.png"))
            page.goto(url + "/tv")
            page.wait_for_selector("#spotlight h2", timeout=10000)
            page.set_viewport_size({"width": 1280, "height": 720})
            page.screenshot(path=str(shots / "venue-tv.png"))
            size = page.eval_on_selector("#tv", "e => parseFloat(getComputedStyle(e).fontSize)")
            assert size >= 30                         # readable across the room on a 720p screen
            page.close()
    finally:
        for table in tables:
            table.kill()
            table.wait()
        listener.close()
        broker.stop()


def test_the_tv_says_nobody_has_finished_a_game_yet_rather_than_rank_it_first(tmp_path, chromium):
    VenueStore(tmp_path / "venue.sqlite").close()
    app = create_app(tmp_path / "venue.sqlite", tmp_path)
    app.extensions["accounts"].add("boss", PASSWORD, "admin")
    with served(app, threads=2) as url:
        page = chromium.new_page(locale="en-GB")
        page.goto(url + "/login")
        page.fill("input[name=name]", "boss")
        page.fill("input[name=password]", PASSWORD)
        page.locator("main form button").click()
        page.goto(url + "/tv")
        page.wait_for_selector("#nobody", state="visible", timeout=10000)
        assert page.locator("#nobody").inner_text() == "Nobody has finished a game tonight yet."
        assert page.locator("#leaders li").count() == 0
        page.close()


def _table(folder: Path, port: int, name: str) -> subprocess.Popen:
    config = table_config(folder / f"{name}.toml", port, name,
                          extra=f'staff_url = "http://{name}.local:8080/"\n')
    return subprocess.Popen(
        [sys.executable, "-m", "table_app.playout", "--config", str(config), "--db",
         str(folder / f"{name}.sqlite"), "--games", "50", "--pace", "0.2", "--linger", "60"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def test_the_venue_command_refuses_a_bad_name_in_words(tmp_path):
    out = subprocess.run([sys.executable, "-m", "table_app.cli", "venue", "--venue", "a b",
                          "--data", str(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2 and "--venue 'a b'" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.skipif(MISSING is not None, reason=MISSING or "")
def test_tablegame_venue_serves_and_stops_cleanly(tmp_path):
    import urllib.request
    broker = Mosquitto(tmp_path / "broker").start()
    config = table_config(tmp_path / "venue.toml", broker.port, "venue")
    venue = subprocess.Popen([sys.executable, "-m", "table_app.cli", "venue", "--config",
                              str(config), "--data", str(tmp_path / "data"), "--host", "127.0.0.1",
                              "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        line = venue.stdout.readline()
        assert line.startswith("venue view: http://127.0.0.1:")
        url = line.split()[2]
        with urllib.request.urlopen(url + "setup", timeout=10) as page:   # the first start
            assert page.status == 200 and "Admin" in page.read().decode()
        venue.terminate()
        assert venue.wait(20) == 0
        assert (tmp_path / "data" / "venue.sqlite").exists()
    finally:
        if venue.poll() is None:
            venue.kill()
        broker.stop()
