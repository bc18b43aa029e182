"""A league match between two pubs, end to end: two brokers (the Krone's and the Anker's,
each with logins and the ACL of deploy/, the Anker's with the TLS listener of
deploy/mosquitto/league-listener.conf) joined by the Krone's venue view's league line
(venue/competition/league_line.py) over a line the test can cut; each pub's ``tablegame
venue`` and a headless table of its own. The Krone invites, the Anker accepts; each player
throws at his own pub's table, the other table takes his moves as his venue relays them;
the line is cut mid-match (both venues say the other is unreachable, the Krone's staff
read why) and restored; both pubs end with the same score, every board agreed from both
tables' logs. A third venue whose line logs in with a wrong password tells its staff so in
words. Then the ACL: the Krone's login on the Anker's broker cannot forge the Anker's
tables' events, its league messages or a command to its table. (tests/test_league_line.py
cuts the line the other way, taking connections and hanging up, which hung Mosquitto's
bridge.)"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from league_pubs import LOGINS, Pubs, client, subscribe
from mqtt_broker import MISSING
from venue_evening import Table, Venue, competition_log, table_games, until

pytestmark = [pytest.mark.skipif(MISSING is not None, reason=MISSING or ""),
              pytest.mark.skipif(shutil.which("openssl") is None, reason="no openssl for TLS")]


class League(Pubs):
    def __init__(self, folder: Path):
        super().__init__(folder)
        for part in ("kv", "av", "gv", "kt", "at"):
            (folder / part).mkdir()
        login = 'username = "{0}"\npassword = "{1}"\n'
        self.venues = {
            "krone": Venue(folder / "kv", self.krone.port, "krone",
                           extra=login.format("venue", LOGINS["venue"]) + self.line),
            "anker": Venue(folder / "av", self.anker.port, "anker",
                           extra=login.format("venue", LOGINS["venue"])),
            # a pub whose line has the wrong password (its own venue name: a venue view's
            # clients are named after its venue)
            "kegel": Venue(folder / "gv", self.krone.port, "kegel",
                           extra=login.format("venue", LOGINS["venue"])
                           + self.line.replace(LOGINS["league-krone"], "wrong-pw"))}
        self.tables = {
            "krone": Table(folder / "kt", self.krone.port, "t1", "krone", pace=0.005, seed=1,
                           extra=login.format("t1", LOGINS["t1"])),
            "anker": Table(folder / "at", self.anker.port, "t1", "anker", pace=0.005, seed=2,
                           extra=login.format("t1", LOGINS["t1"]))}
        for part in (*self.venues.values(), *self.tables.values()):
            part.start()

    def close(self) -> None:
        try:
            for part in (*self.venues.values(), *self.tables.values()):
                part.stop()
        finally:
            super().close()


@pytest.fixture(scope="module")
def league(tmp_path_factory):
    made = League(tmp_path_factory.mktemp("league"))
    yield made
    made.close()


def api(venue: Venue, cid: str) -> dict:
    import urllib.request
    request = urllib.request.Request(venue.url + f"/api/league/{cid}",
                                     headers={"Accept": "application/json"})
    with venue._open.open(request, timeout=20) as answer:
        return json.loads(answer.read())


def test_a_league_match_over_a_line_cut_and_restored_both_pubs_agree(league):
    krone, anker = league.venues["krone"], league.venues["anker"]
    krone.login()
    anker.login()
    until(lambda: 'value="t1"' in krone.get("/league") or "<option>t1" in krone.get("/league"),
          90, "the Krone's table at its venue")
    made = krone.post("/league", {"away": "anker", "game": "schocken", "table": "t1",
                                  "season": "2026/27", "boards": "Anna – Ben"})
    assert made["ok"], made
    cid = made["id"]
    until(lambda: f"accept-{cid}" in anker.get("/league"), 90, "the invitation at the Anker")
    until(lambda: "<option>t1" in anker.get("/league"), 90, "the Anker's table at its venue")
    accepted = anker.post(f"/league/{cid}/accept", {"table": "t1"})
    assert accepted["ok"], accepted

    def moves_at_both(count: int):
        return all(sum(1 for e in _events(t.db) if e.kind == "action") >= count
                   for t in league.tables.values())
    until(lambda: moves_at_both(30), 120, "board 1 under way at both tables")
    league.proxy.cut()                                   # the line between the pubs is down
    until(lambda: api(krone, cid)["unreachable"] and api(anker, cid)["unreachable"], 40,
          "both pubs saying the other is unreachable")
    assert "anker" in api(krone, cid)["unreachable"] and "krone" in api(anker, cid)["unreachable"]
    said = api(krone, cid)["line"]                       # the pub that dials says why
    assert said.startswith("Die Ligaleitung: der Broker von anker") and "nicht erreichbar" in said, \
        said
    assert api(anker, cid)["line"] == ""
    league.proxy.restore()
    until(lambda: not api(krone, cid)["unreachable"] and not api(anker, cid)["unreachable"], 60,
          "both pubs reachable again")
    assert api(krone, cid)["line"] == ""
    ends = until(lambda: (lambda k, a: (k, a) if k["finished"] and a["finished"] else None)(
        api(krone, cid), api(anker, cid)), 240, "the board agreed at both pubs", every=0.5)
    at_krone, at_anker = ends
    assert at_krone["score"] == at_anker["score"] and sum(at_krone["score"].values()) == 1
    assert all(b["state"] == "agreed" for b in at_krone["boards"] + at_anker["boards"])
    # every board's result is what both tables' own logs say, and each log holds both sides
    krone_games = table_games(league.tables["krone"].db)
    anker_games = table_games(league.tables["anker"].db)
    for venue in (krone, anker):
        entries, _ = competition_log(venue.data_folder, cid)
        for _, _, kind, _, data in entries:
            if kind == "board":
                key = (cid, f"B{data['board']}", data["attempt"])
                for games in (krone_games, anker_games):
                    assert games[key].outcome.loser == data["loser"]
    bys = {e.by for e in _events(league.tables["krone"].db) if e.kind == "action"}
    assert {"script", "league:anker/t1"} <= bys
    season = krone.get("/league/season/2026%2F27/export/season.csv")
    assert "krone" in season and "anker" in season


def test_a_line_with_a_bad_login_is_shown_to_staff_in_words(league):
    """The Kegel's [league] password is wrong: the Anker's broker refuses the login, and the
    Kegel's league page says so in German and English, naming what to check; the venue
    view's log says it, with no traceback."""
    kegel = league.venues["kegel"]
    kegel.login()

    def page(language: str) -> str:
        import urllib.request
        request = urllib.request.Request(kegel.url + "/league",
                                         headers={"Accept-Language": language})
        with kegel._open.open(request, timeout=20) as answer:
            return answer.read().decode()
    until(lambda: 'id="line-state"' in page("de"), 30, "the line's trouble on the page")
    assert "lehnt die Anmeldung ab – league.username, league.password prüfen" in page("de")
    assert "refuses the login – check league.username, league.password" in page("en")
    log = (kegel.folder / "venue.log").read_text()
    assert "refuses the login: Not authorized" in log and "Traceback" not in log, log


def test_one_pub_cannot_forge_the_others_tables_or_league(league):
    """The Krone's login on the Anker's broker (its line's) writes only below the Krone's
    names: a forged event of the Anker's table, a forged word of the Anker's venue and a
    command to the Anker's table are dropped by the broker; the Krone's own venue speaking
    for the Anker on its own broker goes nowhere (the line carries the Krone's names)."""
    anker, krone = league.venues["anker"], league.venues["krone"]
    table_db = league.tables["anker"].db
    before = len(_events(table_db))
    got: list[str] = []
    watcher = client(league.anker.port, "watcher", ("venue", LOGINS["venue"]))
    watcher.on_message = lambda c, u, m: got.append(m.topic)
    subscribe(watcher, [("pubtable/v1/anker/#", 1), ("pubvenue/v1/anker/#", 1),
                        ("pubvenue/v1/krone/league/control", 1)], "the watcher at the Anker")
    time.sleep(0.5)                                       # the retained ones given it
    got.clear()
    forger = client(league.tls_port, "forger", ("league-krone", LOGINS["league-krone"]),
                     ca=league.certs / "ca.crt")
    forged = {"schema": 1, "id": "anker/t1/1/99999", "venue": "anker", "table": "t1", "log": 1,
              "seq": 99999, "at": time.time(), "kind": "new_game", "by": "forger", "data": {}}
    for topic, body in (("pubtable/v1/anker/t1/event/new_game", forged),
                        ("pubvenue/v1/anker/league/forged", {"accepted": True, "table": "t1"}),
                        ("pubtable/v1/anker/t1/cmd/new_game", {"by": "forger", "id": "x"})):
        forger.publish(topic, json.dumps(body), qos=1).wait_for_publish(5)
    at_home = client(league.krone.port, "krone-venue-forger", ("venue", LOGINS["venue"]))
    at_home.publish("pubvenue/v1/anker/league/forged", json.dumps({"accepted": True}),
                    qos=1).wait_for_publish(5)
    # each sender's next word, which may cross, arrives after any the broker let through
    for sender, body in ((forger, b"1"), (at_home, b"2")):
        sender.publish("pubvenue/v1/krone/league/control", body, qos=1).wait_for_publish(5)
        until(lambda: got.count("pubvenue/v1/krone/league/control") == int(body), 20,
              "a word that may cross")
    time.sleep(0.5)                                       # the table's store, had it taken one
    for made in (forger, at_home, watcher):
        made.disconnect()
        made.loop_stop()
    assert not [t for t in got if "forged" in t or t.endswith("cmd/new_game") or
                t.endswith("event/new_game")], got
    assert len(_events(table_db)) == before           # the Anker's table took no command
    from venue.store import events
    assert all(e[3] != 99999 for e in events(anker.data_folder / "venue.sqlite"))
    assert all(e[3] != 99999 for e in events(krone.data_folder / "league.sqlite"))


def _events(db: Path):
    from tablegame.core.history import History
    return History(db).entries(0) if db.exists() else []
