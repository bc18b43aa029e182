"""The staff page through Flask's test client, on a real table (session, SQLite log,
configuration file): the access rule for every route, bad input refused with its
words and nothing changed, commands reaching the game and refusals coming back."""
import html
import json
import random
import re
import sqlite3
import tomllib

import pytest

from tablegame.families.shove.rules import CoinToss
from tablegame.core.session import Act
from web_admin import create_app
from web_table import Table

ADMIN, STAFF = ("admin", "admin-secret-1"), ("carla", "staff-secret-1")


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def table(tmp_path):
    t = Table(tmp_path)
    yield t
    t.close()


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def app(table, clock):
    return create_app(table.face, {"CLOCK": clock, "HEARTBEAT": 0.2})


@pytest.fixture
def fresh(app):
    """A browser on a table whose admin password is not set yet."""
    return app.test_client()


@pytest.fixture
def admin(app):
    client = app.test_client()
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    return client


@pytest.fixture
def staff(app, admin):
    post(admin, "/accounts", {"name": STAFF[0], "password": STAFF[1], "role": "staff"})
    client = app.test_client()
    assert login(client, *STAFF).status_code == 303
    return client


def token(client, path="/login"):
    """The form token of a page that loaded (never of an error page: a test that posts
    with it would pass for the wrong reason)."""
    response = client.get(path, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and 'id="back"' not in page, (path, response.status)
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def post(client, path, data, csrf=True, **kwargs):
    data = dict(data)
    if csrf:
        data["csrf_token"] = token(client, "/login" if path in ("/setup", "/login") else "/control")
    return client.post(path, data=data, **kwargs)


def login(client, name, password):
    return post(client, "/login", {"name": name, "password": password})


def game_token(client):
    return client.get("/api/snapshot").get_json()["token"]


def logged(table):
    with sqlite3.connect(table.store) as db:
        return db.execute("SELECT kind, by FROM events ORDER BY seq").fetchall()


def words(response):
    return html.unescape(response.get_data(as_text=True))


# -- first start, login, the access rule ---------------------------------------------------

def test_first_start_asks_for_the_admin_password_and_there_is_no_default(fresh):
    assert fresh.get("/").headers["Location"].endswith("/setup")
    assert fresh.get("/api/snapshot").status_code == 403
    assert login(fresh, "admin", "admin").headers["Location"].endswith("/setup")
    short = post(fresh, "/setup", {"name": "admin", "password": "short", "again": "short"})
    assert short.status_code == 400 and "mindestens 8 Zeichen" in words(short)
    assert post(fresh, "/setup", {"name": "admin", "password": ADMIN[1],
                                  "again": ADMIN[1]}).status_code == 303
    assert fresh.get("/").status_code == 200
    # once set, the setup page cannot set it again
    assert post(fresh, "/setup", {"name": "eve", "password": "x" * 12}).status_code == 302


def test_the_session_cookie_is_httponly_and_samesite_strict(fresh):
    response = post(fresh, "/setup", {"name": "admin", "password": ADMIN[1], "again": ADMIN[1]})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Expires=" in cookie


ROUTES = [  # (method, path, admin only)
    ("GET", "/", False), ("GET", "/api/snapshot", False), ("GET", "/api/stream", False),
    ("GET", "/control", False), ("POST", "/control/new", False), ("POST", "/control/undo", False),
    ("POST", "/control/abandon", False), ("POST", "/control/calibrate", False),
    ("POST", "/control/correct", False), ("POST", "/control/replay", False),
    ("GET", "/health", False), ("GET", "/api/health", False),
    ("GET", "/history", False), ("GET", "/history/1", False), ("POST", "/history/1/resume", False),
    ("GET", "/history/export/games.csv", False),
    ("GET", "/settings", True), ("POST", "/settings", True), ("POST", "/settings/restart", True),
    ("GET", "/accounts", True), ("POST", "/accounts", True), ("POST", "/accounts/password", True),
    ("POST", "/accounts/role", True), ("POST", "/accounts/remove", True),
    ("GET", "/calibrate", True), ("POST", "/calibrate", True), ("GET", "/api/calibrate", True),
]


@pytest.mark.parametrize("method,path,admin_only", ROUTES)
def test_every_route_needs_a_login_the_right_role_and_csrf(app, admin, staff, table, method,
                                                           path, admin_only):
    before = logged(table), table.config_path.read_bytes()
    anonymous = app.test_client()
    refused = anonymous.open(path, method=method)
    if path.startswith("/api/"):          # a script is told, a browser is sent to log in
        assert refused.status_code == 401 and refused.get_json()["ok"] is False
    else:
        assert refused.status_code == 302
        assert refused.headers["Location"].startswith("/login?next=")
    as_staff = staff.open(path, method=method, buffered=False)
    assert (as_staff.status_code == 403) == admin_only
    as_staff.close()
    if method == "POST":
        no_csrf = admin.post(path, data={"token": game_token(admin), "on": "1", "key": "x"})
        assert no_csrf.status_code == 400 and "Das Formular ist abgelaufen" in words(no_csrf)
    assert (logged(table), table.config_path.read_bytes()) == before
    assert not table.restarts.is_set()


def test_failed_logins_slow_down_per_address_and_account_and_are_logged(app, admin, clock, caplog):
    client = app.test_client()
    assert login(client, "admin", "wrong password").status_code == 401
    assert "failed login for account 'admin'" in caplog.text
    slowed = login(client, *ADMIN)                      # even the right password must wait
    assert slowed.status_code == 429 and "2 s" in words(slowed)
    clock.now += 1.1
    assert login(client, "admin", "wrong again").status_code == 401
    clock.now += 1.1                                    # the second delay is two seconds
    assert login(client, *ADMIN).status_code == 429
    clock.now += 1.0
    assert login(client, *ADMIN).status_code == 303


def test_the_language_is_the_browsers_first_and_the_switch_wins(app, admin):
    fresh = app.test_client()
    assert "Anmelden" in words(fresh.get("/login", headers={"Accept-Language": "de-DE,de"}))
    assert "Log in" in words(fresh.get("/login", headers={"Accept-Language": "en-GB,en"}))
    post(fresh, "/language/de", {"back": "/login"})
    assert "Anmelden" in words(fresh.get("/login", headers={"Accept-Language": "en"}))
    assert post(fresh, "/language/fr", {}).status_code == 404


# -- the live view ---------------------------------------------------------------------------

def test_the_snapshot_is_the_screens_view_in_the_tables_language(admin, table):
    data = admin.get("/api/snapshot").get_json()
    assert data["game"] == "shove-hapenny" and data["parties"] == [["Anna"], ["Ben"]]
    assert data["kind"] == "ShoveView" and data["language"] == "de"
    assert [p["name"] for p in data["view"]["parties"]] == ["Anna", "Ben"]
    assert data["view"]["status"] == table.session.snapshot().view("de").status


def test_the_stream_pushes_each_change_and_frees_its_place_when_closed(admin, table):
    response = admin.get("/api/stream", buffered=False)
    chunks = iter(response.response)
    assert next(chunks).startswith(b"retry:")
    first = json.loads(next(chunks).decode().split("data: ", 1)[1])
    assert table.session.streams == 1
    table.session.submit(Act(CoinToss(1)), by="script", wait=5)
    while True:
        chunk = next(chunks).decode()
        if chunk.startswith("id:"):
            break
        assert chunk.startswith(": ")                   # only heartbeats in between
    pushed = json.loads(chunk.split("data: ", 1)[1])
    assert pushed["version"] > first["version"] and pushed["actions"] == 1
    response.close()
    assert table.session.streams == 0


def test_too_many_live_views_are_refused_with_words(app, admin, table):
    app.config["MAX_STREAMS"] = 4
    open_ = [admin.get("/api/stream", buffered=False) for _ in range(4)]
    assert table.session.streams == 1          # all four through the page's one relay
    refused = admin.get("/api/stream")
    assert refused.status_code == 503 and "Zu viele Live-Ansichten" in refused.get_json()["error"]
    for response in open_:
        response.close()


# -- running the table ----------------------------------------------------------------------

def test_a_new_game_reaches_the_table_and_the_log_says_who(admin, table):
    response = post(admin, "/control/new", {"token": game_token(admin), "game": "shove-piecepack",
                                            "parties": "Anna, Carl\nBen", "options": "beds = 5"})
    assert response.status_code == 303
    setup = table.session.snapshot().status.setup
    assert setup.game == "shove-piecepack" and setup.parties == (("Anna", "Carl"), ("Ben",))
    assert setup.options == (("beds", 5),)
    assert logged(table)[-1] == ("new_game", "staff:admin")


@pytest.mark.parametrize("form,status,says", [
    ({"game": "chess"}, 400, "Unbekanntes Spiel „chess“"),
    ({"parties": "Anna"}, 400, "Bitte 2 bis 10 Parteien"),
    ({"parties": "Anna\nanna"}, 400, "anna"),
    ({"parties": "Anna\n" + "B" * 61}, 400, "60"),
    ({"game": "neunfeld", "parties": "Anna, Carl\nBen"}, 400, ""),
    ({"options": "beds = "}, 400, "Optionen sind Zeilen wie"),
    ({"options": "beds = [1, 2]"}, 400, "einzelne Werte"),
    ({"options": "beds = 0"}, 409, "beds: erwartet wird eine ganze Zahl von 2 bis 9, nicht 0"),
    ({"options": "nonsense = 1"}, 400, "Unbekannte Option(en) nonsense; dieses Spiel kennt: "),
    ({"parties": "A\nB\nC"}, 409, ""),
    ({"token": "stale"}, 409, "Der Tisch hat sich geändert"),
])
def test_a_bad_new_game_is_refused_with_its_reason_and_nothing_changes(admin, table, form,
                                                                       status, says):
    before = table.session.snapshot().status.setup, logged(table)
    data = {"token": game_token(admin), "game": "shove-hapenny", "parties": "Anna\nBen",
            "options": "", **form}
    response = post(admin, "/control/new", data)
    assert response.status_code == status and says in words(response)
    assert (table.session.snapshot().status.setup, logged(table)) == before


def test_a_refused_new_game_keeps_what_was_typed_on_the_same_page(admin, table):
    """A refused new game opened a page of its own whose Back reloaded an empty form
    (issue 30, item 12): the refusal comes above the form, as it was filled in, and the
    games are listed by their names."""
    page = words(admin.get("/control"))
    assert '<option value="shove-hapenny" selected>Shove ha\'penny</option>' in page
    assert ">shove-hapenny<" not in page
    typed = {"token": game_token(admin), "game": "shove-piecepack",
             "parties": "Anna, Carl\nanna", "options": "progressive = true"}
    response = post(admin, "/control/new", typed)
    said = words(response)
    assert response.status_code == 400 and 'id="refusal"' in said and "anna" in said
    assert '<option value="shove-piecepack" selected>' in said
    assert ">Anna, Carl\nanna</textarea>" in said and ">progressive = true</textarea>" in said
    assert 'id="start"' in said and 'id="back"' not in said      # the form itself, to mend


def test_a_refused_setting_or_account_keeps_what_was_typed_on_its_page(admin):
    """The same fault as the new game's (issue 30, item 12) on the other forms: a refused
    value comes back beside its setting as typed; a refused account keeps its name and
    role, never the password."""
    response = post(admin, "/settings", {"key": "web.port", "value": "12"})
    said = words(response)
    assert response.status_code == 400 and 'id="refusal"' in said
    assert 'name="value" value="12"' in said and 'id="restart"' in said
    response = post(admin, "/accounts", {"name": "carla", "password": "short", "role": "admin"})
    said = words(response)
    assert response.status_code == 400 and 'id="refusal"' in said
    assert 'value="carla"' in said and "<option selected>admin</option>" in said
    assert "short" not in said.split('id="refusal"')[1].split("</p>", 1)[1]


def test_an_oversized_body_is_refused(admin, table):
    before = logged(table)
    response = post(admin, "/control/new", {"token": game_token(admin), "game": "shove-hapenny",
                                            "parties": "A\nB", "options": "x" * 100_000})
    assert response.status_code == 413 and logged(table) == before


def test_undo_takes_back_the_last_action_and_a_refusal_comes_back_in_words(admin, table):
    refused = post(admin, "/control/undo", {"token": game_token(admin)},
                   headers={"Accept": "application/json"})
    assert refused.status_code == 409 and refused.get_json()["error"] == "Nichts zum Zurücknehmen"
    table.session.submit(Act(CoinToss(0)), by="script", wait=5)
    response = post(admin, "/control/undo", {"token": game_token(admin)})
    assert response.status_code == 303
    assert table.session.snapshot().status.actions == 0
    assert logged(table)[-1] == ("undo", "staff:admin")


def test_a_stale_undo_does_nothing(admin, table):
    old = game_token(admin)
    table.session.submit(Act(CoinToss(0)), by="script", wait=5)
    assert post(admin, "/control/undo", {"token": old}).status_code == 409
    assert table.session.snapshot().status.actions == 1


def test_abandon_starts_the_game_afresh_and_the_sensor_test_turns_on_and_off(admin, table):
    table.session.submit(Act(CoinToss(0)), by="script", wait=5)
    asked = post(admin, "/control/abandon", {"token": game_token(admin)})   # one tap: it asks
    assert asked.status_code == 200 and "Ja, Spiel abbrechen" in words(asked)
    assert table.session.snapshot().status.actions == 1
    assert post(admin, "/control/abandon", {"token": game_token(admin), "sure": "1"}) \
        .status_code == 303
    assert table.session.snapshot().status.actions == 0
    assert post(admin, "/control/calibrate", {"on": "1"}).status_code == 303
    assert table.session.snapshot().status.calibrating
    assert post(admin, "/control/calibrate", {"on": "yes"}).status_code == 400
    assert post(admin, "/control/calibrate", {"on": "0"}).status_code == 303
    assert not table.session.snapshot().status.calibrating
    back = post(admin, "/control/calibrate", {"on": "1", "back": "/calibrate"})
    assert back.headers["Location"] == "/calibrate"
    elsewhere = post(admin, "/control/calibrate", {"on": "0", "back": "//evil.example/"})
    assert elsewhere.headers["Location"] == "/health"


def test_a_correction_is_an_action_the_rules_check_and_the_log_says_who(admin, table):
    table.session.submit(Act(CoinToss(0)), by="script", wait=5)
    page = words(admin.get("/control"))
    assert 'name="bed"' in page and 'name="marks"' in page
    response = post(admin, "/control/correct", {"token": game_token(admin), "name": "marks",
                                                "party": "2", "bed": "4", "marks": "1"},
                    headers={"Accept": "application/json"})
    assert response.get_json()["message"] == "Korrigiert: Ben hat 1 Strich in Bett 4"
    assert table.session.snapshot().status.state.marks[1][3] == 1
    assert logged(table)[-1] == ("action", "staff:admin")


@pytest.mark.parametrize("form,status,says", [
    ({"bed": "10"}, 409, "es gibt kein Bett 10"),      # the engine's reason, in the page's language
    ({"marks": "4"}, 409, "0 bis 3 Striche"),
    ({"party": "3"}, 409, "es gibt keine Partei 3: nur Partei 1 oder 2"),   # counted from 1
    ({"party": "0"}, 409, "es gibt keine Partei 0: nur Partei 1 oder 2"),
    ({"bed": "two"}, 400, "bed: eine ganze Zahl erwartet"),
    ({"marks": None}, 400, "marks: fehlt"),
    ({"name": "score"}, 400, "keine Korrektur „score“"),
    ({"token": "old"}, 409, "Der Tisch hat sich geändert"),
])
def test_a_bad_correction_is_refused_and_nothing_changes(admin, table, form, status, says):
    table.session.submit(Act(CoinToss(0)), by="script", wait=5)
    before = table.session.snapshot().status.state, logged(table)
    data = {"token": game_token(admin), "name": "marks", "party": "1", "bed": "4", "marks": "1",
            **form}
    response = post(admin, "/control/correct", {k: v for k, v in data.items() if v is not None})
    assert response.status_code == status and says in words(response)
    assert (table.session.snapshot().status.state, logged(table)) == before


def test_health_shows_the_link_and_the_streams(admin):
    assert "link" in admin.get("/api/health").get_json()
    assert admin.get("/health").status_code == 200


# -- settings --------------------------------------------------------------------------------

def test_the_settings_form_lists_every_key(admin):
    from tablegame.config import SETTINGS
    page = words(admin.get("/settings"))
    assert all(f'value="{s.key}"' in page for s in SETTINGS)


@pytest.mark.parametrize("key,value,says", [
    ("serial.baudrate", "fast", "serial.baudrate: erwartet wird eine Zahl von 1200 bis 4000000, nicht 'fast'"),
    ("buttons.ok", "40", "buttons.ok: erwartet wird eine BCM-GPIO-Nummer von 0 bis 27, nicht 40"),
    ("buttons.ok", "27", "buttons: jede Taste braucht ihren eigenen GPIO"),
    ("display.fullscreen", "yes", "display.fullscreen: erwartet wird true oder false, nicht 'yes'"),
    ("table.language", "fr", "table.language: erwartet wird einer der Werte 'de', 'en', nicht 'fr'"),
    ("table.parties", "[[", "table.parties: erwartet wird"),
    ("nonsense.key", "1", "nonsense.key: diese Einstellung gibt es nicht"),
])
def test_a_bad_setting_is_refused_with_check_configs_words_and_nothing_changes(
        admin, table, key, value, says):
    before = table.config_path.read_bytes()
    response = post(admin, "/settings", {"key": key, "value": value})
    assert response.status_code == 400 and says in words(response)
    assert table.config_path.read_bytes() == before


def test_a_setting_without_a_value_is_refused(admin):
    assert post(admin, "/settings", {"key": "serial.baudrate"}).status_code == 400


def test_a_good_setting_is_saved_takes_effect_live_or_says_it_needs_a_restart(admin, table):
    assert post(admin, "/settings", {"key": "table.language", "value": "en"}).status_code == 303
    assert tomllib.loads(table.config_path.read_text())["table"]["language"] == "en"
    assert table.settings.current()["table.language"] == "en"
    # the page speaks its own language whatever the table's screen speaks (issue 22, 4)
    assert admin.get("/api/snapshot").get_json()["language"] == "de"
    post(admin, "/settings", {"key": "table.language", "value": "de"})
    assert admin.get("/api/snapshot", headers={"Accept-Language": "en"}).get_json()["language"] == "en"
    post(admin, "/settings", {"key": "table.language", "value": "en"})
    saved = post(admin, "/settings", {"key": "serial.baudrate", "value": "9600"},
                 headers={"Accept": "application/json"})
    assert "serial.baudrate" in saved.get_json()["message"]
    assert tomllib.loads(table.config_path.read_text())["serial"]["baudrate"] == 9600
    page = words(admin.get("/settings"))   # the saved value, and what runs until the restart
    assert 'value="9600"' in page and "Der Tisch läuft bis zum Neustart mit 115200" in page
    answer = post(admin, "/settings/restart", {})
    assert answer.status_code == 200 and "Der Tisch startet neu" in words(answer)
    assert 'http-equiv="refresh"' in words(answer)     # the page comes back by itself
    assert not table.restarts.is_set()
    answer.close()
    assert table.restarts.is_set()                      # once the answer has gone out


# -- history and accounts --------------------------------------------------------------------

def test_history_lists_games_shows_one_and_exports(admin, table):
    post(admin, "/control/new", {"token": game_token(admin), "game": "shove-hapenny",
                                 "parties": "Dora\nEmil", "options": ""})
    listed = words(admin.get("/history"))
    assert "Dora" in listed
    seq = admin.get("/history/export/games.json").get_json()[0]["seq"]
    # people's words and numbers (issue 30, item 10): the game's name and its number among
    # the games, not the log's entry number and the game's id; no count of log entries
    number = len(admin.get("/history/export/games.json").get_json())
    assert f">Spiel {number}</a>" in listed and f">{seq}</a>" not in listed
    assert "<td data-label=\"Spiel\">Shove ha'penny</td>" in listed and ">shove-hapenny<" not in listed
    assert "Ereignisse" not in listed and 'class="stacked"' in listed
    table.session.submit(Act(CoinToss(1)), by="script", wait=5)
    one = words(admin.get(f"/history/{seq}"))
    assert f"Spiel {number}: Shove ha'penny" in one
    assert "Personal: admin" in one and "Münzwurf: Emil beginnt" in one   # the log in words
    assert "staff:admin" not in one
    assert admin.get("/history/999999").status_code == 404
    csv = admin.get("/history/export/evening.csv")
    assert csv.status_code == 200 and "Dora" in words(csv)
    assert 'filename="evening.csv"' in csv.headers["Content-Disposition"]
    for name in ("..%2Fetc%2Fpasswd.csv", "a.b.csv", "games.exe", "%2Ftmp%2Fx.json"):
        assert admin.get(f"/history/export/{name}").status_code in (400, 404)


def test_a_finished_game_in_the_history_says_who_won_in_the_tables_language(admin, table):
    post(admin, "/control/new", {"token": game_token(admin), "game": "shove-piecepack",
                                 "parties": "Dora\nEmil", "options": ""})
    rules, rng = table.session.snapshot().play.rules, random.Random(2)
    while not rules.is_over(state := table.session.snapshot().status.state):
        assert table.session.submit(Act(rules.random_action(state, rng)), by="script", wait=5).accepted
    winner = ("Dora", "Emil")[rules.outcome(state).winner]
    assert f"{winner} gewinnt!" in words(admin.get("/history"))


def test_accounts_staff_added_password_changed_bad_input_refused(app, admin, staff, clock):
    assert post(admin, "/accounts", {"name": "dan", "password": "short", "role": "staff"}) \
        .status_code == 400
    assert post(admin, "/accounts", {"name": "dan", "password": "x" * 10, "role": "boss"}) \
        .status_code == 400
    assert post(admin, "/accounts", {"name": STAFF[0], "password": "x" * 10, "role": "staff"}) \
        .status_code == 400
    assert post(admin, "/accounts/password", {"name": STAFF[0], "password": "new-secret-9"}) \
        .status_code == 303
    client = app.test_client()
    assert login(client, *STAFF).status_code == 401
    clock.now += 60
    client2 = app.test_client()
    assert login(client2, STAFF[0], "new-secret-9").status_code == 303
    assert "carla" in words(admin.get("/accounts"))


def test_history_shows_the_evenings_standings_and_exports_them(admin, table):
    from tablegame.families.schocken.rules import HalfLost
    from tablegame.core.play import GameSetup
    from tablegame.core.session import NewGame
    table.session.submit(NewGame(GameSetup("schocken", (("Anna",), ("Ben",)))), wait=5)
    for _ in range(2):
        table.session.submit(Act(HalfLost(1)), by="staff:admin", wait=5)   # Blattschuss
    page = words(admin.get("/history"))
    assert "Stand des Abends" in page
    assert re.search(r'<td data-label="Spieler">Ben</td><td data-label="Spiel">Schocken</td>'
                     r'<td data-label="gespielt">1</td><td data-label="gewonnen">0</td>'
                     r'<td data-label="verloren">1</td>', page)
    data = admin.get("/history/export/tonight.json?table=standings").get_json()
    assert {(r["player"], r["lost"]) for r in data} == {("Anna", 0), ("Ben", 1)}
    csv = words(admin.get("/history/export/tonight.csv?table=standings"))
    assert csv.splitlines()[0] == "evening,player,game,title,played,won,lost,drawn"
    evening = data[0]["evening"]
    assert admin.get(f"/history?evening={evening}").status_code == 200
    for bad in ("/history?evening=yesterday", "/history/export/x.csv?table=secrets",
                "/history/export/x.csv?table=standings&evening=2026-13-01"):
        assert admin.get(bad).status_code == 400


def test_the_settings_form_says_each_meaning_in_the_pages_language(admin):
    german = words(admin.get("/settings", headers={"Accept-Language": "de"}))
    assert "GPIO (BCM) der grünen OK-Taste" in german
    post(admin, "/language/en", {"back": "/settings"})
    assert "GPIO (BCM) of the green OK button" in words(admin.get("/settings"))


def test_health_names_each_fact_in_the_pages_language_with_the_last_presses(table, clock):
    from tablegame.core.events import ButtonPress
    from table_app.service import Presses, table_face
    presses = Presses(table.session)
    face = table_face(table.session, table.settings, table.store, table.restarts.set, presses)
    client = create_app(face, {"CLOCK": clock}).test_client()
    post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    presses(ButtonPress("ok"))
    presses(ButtonPress("back", long=True))
    facts = client.get("/api/health", headers={"Accept-Language": "en"}).get_json()
    assert re.fullmatch(r"\d\d:\d\d:\d\d OK short, \d\d:\d\d:\d\d BACK long",
                        facts["last_presses"])
    page = words(client.get("/health", headers={"Accept-Language": "de"}))
    assert "letzte Tastendrücke" in page and "Verbindung" in page
    assert re.search(r"\d\d:\d\d:\d\d OK kurz, \d\d:\d\d:\d\d ZURÜCK lang", page), page
    assert "long" not in page and "short" not in page


@pytest.mark.parametrize("setup,form,status,says", [
    (("schocken", "Anna\nBen\nCem"), {"name": "deckel", "player": "2", "deckel": "5"}, 303, ""),
    (("schocken", "Anna\nBen\nCem"), {"name": "deckel", "player": "2", "deckel": "13"}, 409,
     "Ben kann 0 bis 12 Deckel halten"),
    (("schocken", "Anna\nBen\nCem"), {"name": "half", "player": "3"}, 303, ""),
    (("neunfeld", "Anna\nBen"), {"name": "take_back", "move": "0"}, 409,
     "Noch ist kein Zug gespielt"),
])
def test_the_families_corrections_reach_the_rules_through_the_page(admin, table, setup, form,
                                                                   status, says):
    game, parties = setup
    started = post(admin, "/control/new", {"token": game_token(admin), "game": game,
                                           "parties": parties, "options": ""})
    assert started.status_code == 303, words(started)
    assert admin.get("/api/snapshot").get_json()["game"] == game
    assert form["name"] in words(admin.get("/control"))        # offered by the page
    before = logged(table)
    response = post(admin, "/control/correct", {"token": game_token(admin), **form})
    assert response.status_code == status and says in words(response)
    assert (len(logged(table)) == len(before) + 1) == (status == 303)


@pytest.mark.parametrize("side,says", [(2, "Es gibt keine Seite 3: nur 1 und 2"),
                                       (-1, "Es gibt keine Seite 0: nur 1 und 2")])
def test_carroms_refusal_counts_sides_from_one_as_people_do(side, says):
    """The same fault as Shove's "party 0 or 1", looked for in every family: Carrom had it."""
    from tablegame.core.rules import IllegalAction
    from tablegame.families.carrom.rules import _check_side
    from tablegame.texts import say
    with pytest.raises(IllegalAction) as refused:
        _check_side(side)
    assert say("de", refused.value.note) == says


def test_the_history_says_each_event_in_the_pages_language_never_a_class_name(admin, table):
    from tablegame.families.shove.rules import Cleared
    post(admin, "/control/new", {"token": game_token(admin), "game": "shove-hapenny",
                                 "parties": "Dora\nEmil", "options": ""})
    seq = admin.get("/history/export/games.json").get_json()[0]["seq"]
    table.session.submit(Act(CoinToss(1)), by="script", wait=5)
    german = words(admin.get(f"/history/{seq}"))
    assert "Münzwurf: Emil beginnt" in german
    english = words(admin.get(f"/history/{seq}", headers={"Accept-Language": "en"}))
    assert "Coin toss" in english and "Münzwurf" not in english
    from tablegame.core.replay import _unsaid
    assert _unsaid("de", Cleared()) == "Brett abgeräumt" and _unsaid("en", Cleared()) == "Board cleared"


def test_an_abandoned_game_is_resumed_from_the_history(admin, table):
    from tablegame.families.shove.rules import SetMarks
    table.session.submit(Act(CoinToss(1)), by="script", wait=5)
    table.session.submit(Act(SetMarks(0, 4, 2)), by="script", wait=5)
    table.session.submit(Act(SetMarks(1, 2, 1)), by="script", wait=5)
    table.session.submit(__import__("tablegame.core.session", fromlist=["Undo"]).Undo(), wait=5)
    before = table.session.snapshot().status.state
    abandoned = admin.get("/history/export/games.json").get_json()[0]["seq"]
    post(admin, "/control/abandon", {"token": game_token(admin), "sure": "1"})
    assert table.session.snapshot().status.state != before
    page = words(admin.get(f"/history/{abandoned}"))
    assert 'id="resume"' in page
    resumed = post(admin, f"/history/{abandoned}/resume", {})
    assert resumed.status_code == 303, words(resumed)
    assert table.session.snapshot().status.state == before      # the undone mark stays undone
    assert logged(table)[-1] == ("action", "staff:admin")


def test_settings_show_what_runs_under_simulate_and_why(admin, table):
    from types import SimpleNamespace
    from table_app.service import _say_what_runs
    _say_what_runs(table.settings, "/tmp/other.sqlite", "/dev/pts/9", SimpleNamespace(port=43210),
                   [1280, 800])
    page = words(admin.get("/settings"))
    assert "Der Tisch läuft mit /dev/pts/9: simuliert: das virtuelle Brett" in page
    assert "Der Tisch läuft mit /tmp/other.sqlite: simuliert" in page
    assert "Der Tisch läuft mit 127.0.0.1: simuliert: die Seite nur für diesen Rechner" in page
    assert "Der Tisch läuft mit 43210" in page
    english = words(admin.get("/settings", headers={"Accept-Language": "en"}))
    assert "The table runs with /dev/pts/9: simulated: the virtual board" in english


@pytest.mark.parametrize("game,says", [
    ("carrom", ["Weiß · 9 Steine auf dem Brett", "0 Punkte", "Boards: –"]),
    ("schocken", ["Deckel: 0"]),
    ("neunfeld", ["noch vor dem Brett", "Ziel: Feld 9"]),
    ("shove-hapenny", ["noch keine Striche"]),
])
def test_each_familys_card_on_the_page_is_drawn_for_people(admin, game, says):
    started = post(admin, "/control/new", {"token": game_token(admin), "game": game,
                                           "parties": "Anna\nBen", "options": ""})
    assert started.status_code == 303, words(started)
    anna = admin.get("/api/snapshot").get_json()["cards"][0]
    assert anna["name"] == "Anna" and anna["lines"][:len(says)] == says
    assert not any(line.strip().isdigit() for line in anna["lines"])   # no bare numbers
    assert all(line in words(admin.get("/")) for line in says)        # and without JavaScript


def test_the_neunfeld_live_view_says_the_last_event_and_tells_the_dice_apart(admin, table):
    """"Letztes Ereignis:" with nothing after it while the table showed a hint, and the
    dice as three bare numbers "5 4 4" (issue 30, item 13)."""
    from tablegame.core.events import ButtonPress
    from tablegame.families.neunfeld.rules import Roll
    post(admin, "/control/new", {"token": game_token(admin), "game": "neunfeld",
                                 "parties": "Anna\nBen", "options": ""})
    assert table.session.submit(Act(Roll((1, 5, 2))), by="script", wait=5).accepted
    table.session.submit(ButtonPress("ok"), by="button", wait=5)      # the table's hint
    snapshot = admin.get("/api/snapshot").get_json()
    assert snapshot["view"]["message"] == ""                          # the screen shows the hint
    assert snapshot["last_event"].startswith("Tipp für ")             # the page says it
    assert snapshot["board_words"] == ("Würfel: III zeigt 1 (blau), IV zeigt 5 (rot), "
                                       "V zeigt 2 (schwarz)")
    page = words(admin.get("/"))
    assert "Tipp für " in page and 'id="last" hidden' not in page
