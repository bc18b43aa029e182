"""The staff page's guards, each with a test that fails when the guard is taken out:
redirects only to this page, throttling that slows a guesser but never locks out a
person who knows the password, logins that end on the server, the choice between 401
and a redirect, security headers on every answer, and spreadsheet-safe exports."""
import csv
import io

import pytest

from test_web_admin import ADMIN, STAFF, Clock, clock, login, post, table, token, words  # noqa: F401 (fixtures)
from web_admin import create_app
from web_admin.answers import local_path

EVIL = ["//evil.example", "/\t/evil.example", "/%09/evil.example", "/\\evil.example",
        "\\\\evil.example", "https://evil.example/", "/\n/evil.example", " //evil.example",
        "/\x00/evil.example", "http:/evil.example", "/\u3000/evil.example", "javascript:alert(1)"]


@pytest.fixture
def app(table, clock):
    return create_app(table.face, {"CLOCK": clock})


@pytest.fixture
def admin(app):
    client = app.test_client()
    assert post(client, "/setup", {"name": ADMIN[0], "password": ADMIN[1],
                                   "again": ADMIN[1]}).status_code == 303
    return client


def from_address(app, address):
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


# -- redirects ---------------------------------------------------------------------------------

@pytest.mark.parametrize("target", EVIL)
def test_no_target_leaves_this_page(target):
    assert local_path(target) == "/"


@pytest.mark.parametrize("target", ["/", "/history?evening=2026-11-23", "/control", "/a/b"])
def test_a_path_of_this_page_is_kept(target):
    assert local_path(target) == target


@pytest.mark.parametrize("target", ["//evil.example", "/%09/evil.example", "/%5Cevil.example",
                                    "https://evil.example/"])
def test_login_and_language_switch_never_send_the_browser_elsewhere(app, admin, target):
    from urllib.parse import quote
    client = app.test_client()
    answer = post(client, f"/login?next={quote(target, safe='/%')}",
                  {"name": ADMIN[0], "password": ADMIN[1]})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"
    switched = post(client, "/language/en", {"back": target.replace("%09", "\t")})
    assert switched.status_code == 303 and switched.headers["Location"] == "/"


def test_login_goes_back_to_the_page_asked_for(app, admin):
    client = app.test_client()
    sent = client.get("/history?evening=2026-11-23")
    assert sent.status_code == 302
    assert sent.headers["Location"] == "/login?next=/history?evening%3D2026-11-23"
    answer = post(client, "/login?next=/history%3Fevening%3D2026-11-23",
                  {"name": ADMIN[0], "password": ADMIN[1]})
    assert answer.headers["Location"] == "/history?evening=2026-11-23"


# -- throttling --------------------------------------------------------------------------------

def test_strangers_failing_from_other_addresses_never_lock_out_the_admin(app, admin, clock):
    """The issue's attack: one wrong password per interval from rotating addresses."""
    for n in range(50):
        assert login(from_address(app, f"10.0.{n // 250}.{n % 250 + 1}"), "admin", "guess") \
            .status_code == 401
        clock.now += 0.5
    assert login(from_address(app, "192.168.1.20"), *ADMIN).status_code == 303


def test_one_address_is_slowed_per_account_and_over_all_accounts(app, admin, clock):
    guesser = from_address(app, "10.0.0.9")
    assert login(guesser, "admin", "guess 1").status_code == 401
    assert login(guesser, "admin", "guess 2").status_code == 429     # the pair waits
    for n in range(3):                                               # other names, at once
        assert login(guesser, f"name{n}", "guess").status_code == 401
    assert login(guesser, "name9", "guess").status_code == 429       # the address waits now
    clock.now += 2.1
    assert login(guesser, "name9", "guess").status_code == 401


def test_a_good_login_clears_the_addresses_failures(app, admin, clock, caplog):
    caplog.set_level("INFO", logger="web_admin.auth")
    client = from_address(app, "10.0.0.7")
    for _ in range(4):
        assert login(client, "admin", "wrong").status_code == 401
        clock.now += 60
    assert login(client, *ADMIN).status_code == 303
    assert "login of 'admin' from 10.0.0.7" in caplog.text
    again = from_address(app, "10.0.0.7")
    assert login(again, "admin", "wrong").status_code == 401        # first failure again:
    clock.now += 1.1                                                # one second, not 16
    assert login(again, *ADMIN).status_code == 303


# -- logins end on the server -----------------------------------------------------------------

def stolen(app, client):
    """A second browser with a copy of ``client``'s cookie."""
    thief = app.test_client()
    thief.set_cookie("session", client.get_cookie("session").value)
    return thief


def test_logout_ends_the_login_for_a_copy_of_the_cookie_too(app, admin):
    thief = stolen(app, admin)
    assert thief.get("/api/snapshot").status_code == 200
    assert post(admin, "/logout", {}).status_code == 303
    assert thief.get("/api/snapshot").status_code == 401
    assert admin.get("/api/snapshot").status_code == 401


def test_a_new_password_and_a_deleted_account_end_the_accounts_logins(app, admin):
    assert post(admin, "/accounts", {"name": STAFF[0], "password": STAFF[1], "role": "staff"}) \
        .status_code == 303
    carla = app.test_client()
    assert login(carla, *STAFF).status_code == 303
    assert carla.get("/api/snapshot").status_code == 200
    post(admin, "/accounts/password", {"name": STAFF[0], "password": "new-secret-9"})
    assert carla.get("/api/snapshot").status_code == 401
    assert admin.get("/api/snapshot").status_code == 200           # the admin's own stays
    assert login(carla, STAFF[0], "new-secret-9").status_code == 303
    assert post(admin, "/accounts/remove", {"name": STAFF[0]}).status_code == 303
    assert carla.get("/api/snapshot").status_code == 401
    assert login(app.test_client(), STAFF[0], "new-secret-9").status_code == 401


def test_the_last_admin_cannot_be_removed_nor_made_staff(app, admin):
    assert post(admin, "/accounts/remove", {"name": ADMIN[0]}).status_code == 400
    assert post(admin, "/accounts/role", {"name": ADMIN[0], "role": "staff"}).status_code == 400
    post(admin, "/accounts", {"name": STAFF[0], "password": STAFF[1], "role": "staff"})
    assert post(admin, "/accounts/role", {"name": STAFF[0], "role": "admin"}).status_code == 303
    carla = app.test_client()
    login(carla, *STAFF)
    assert carla.get("/settings").status_code == 200


def test_a_staff_member_sees_no_link_to_what_only_an_admin_may_use(app, admin):
    post(admin, "/accounts", {"name": STAFF[0], "password": STAFF[1], "role": "staff"})
    carla = app.test_client()
    login(carla, *STAFF)
    page = words(carla.get("/"))
    assert 'href="/history"' in page
    for path in ("/settings", "/calibrate", "/accounts"):
        assert f'href="{path}"' not in page and carla.get(path).status_code == 403
        assert f'href="{path}"' in words(admin.get("/"))


# -- 401 for a script, the login page for a browser ------------------------------------------

@pytest.mark.parametrize("path,headers,status", [
    ("/", {}, 302), ("/control", {}, 302), ("/api/snapshot", {}, 401),
    ("/control", {"Accept": "application/json"}, 401), ("/history", {}, 302),
])
def test_no_login_answers_a_script_401_and_sends_a_browser_to_log_in(app, admin, path, headers,
                                                                     status):
    answer = app.test_client().get(path, headers={"Accept-Language": "en", **headers})
    assert answer.status_code == status
    if status == 302:
        assert answer.headers["Location"].startswith("/login?next=")
    else:
        assert answer.get_json() == {"ok": False, "error": "Log in first."}


# -- headers -----------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/login", "/history/export/games.csv", "/api/snapshot",
                                  "/history/99999", "/static/page.css"])
def test_every_answer_carries_the_security_headers(admin, path):
    answer = admin.get(path)
    policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "same-origin"


def test_no_page_has_an_inline_script_or_handler():
    """The policy forbids inline script: a template that has one would break in the browser."""
    import re
    from pathlib import Path
    for template in [*Path("web_admin/templates").glob("*.html"), *Path("venue/templates").glob("*.html")]:
        text = template.read_text()
        assert not re.search(r"<script(?![^>]*\b(src|type=\"application/json\"))", text), template
        assert not re.search(r"\son[a-z]+=", text) and "javascript:" not in text, template


# -- exports -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ['=HYPERLINK("http://evil.example/x")', "+1+cmd", "-2+3",
                                  "@SUM(A1)", "\t=1", "\r=1"])
def test_a_cell_a_spreadsheet_would_run_is_exported_as_text(admin, table, name):
    from test_web_admin import game_token
    started = post(admin, "/control/new", {"token": game_token(admin), "game": "shove-hapenny",
                                           "parties": f"{name}\nBen", "options": ""})
    if started.status_code != 303:      # the name rule may refuse it first: nothing to export
        assert "\t" in name or "\r" in name
        return
    rows = list(csv.DictReader(io.StringIO(words(admin.get("/history/export/games.csv")))))
    cells = [cell for row in rows for cell in row.values()]
    assert not any(cell[:1] in "=+-@\t\r" for cell in cells if cell), cells
    assert any(" ".join(name.split()) in cell for cell in cells)


# -- a forgotten admin password ------------------------------------------------------------------

TABLEGAME = [__import__("sys").executable, "-c",
             "import sys; from table_app.cli import main; sys.exit(main())"]


def test_the_shell_command_sets_a_forgotten_admin_password_and_ends_its_logins(app, admin, table,
                                                                             tmp_path):
    import subprocess
    run = subprocess.run([*TABLEGAME, "reset-password", "admin",
                          "--db", str(table.store)], input="fresh-secret-7\nfresh-secret-7\n",
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert admin.get("/api/snapshot").status_code == 401             # the old login ended
    assert login(app.test_client(), "admin", "fresh-secret-7").status_code == 303
    typo = subprocess.run([*TABLEGAME, "reset-password", "admin",
                           "--db", str(table.store)], input="one-secret-77\nother-secret-7\n",
                          capture_output=True, text=True, timeout=60)
    assert typo.returncode == 1 and "differ" in typo.stderr
    assert login(app.test_client(), "admin", "fresh-secret-7").status_code == 303


def test_a_name_that_is_no_account_is_refused_and_a_new_admin_is_its_own_command(app, admin, table):
    """``reset-password admn`` (a typo) made a new admin account (issue 30, item 9): a
    name that does not exist is refused, naming the accounts; ``new-admin`` makes one."""
    import subprocess
    from web_admin.accounts import Accounts

    def run(*args, typed="fresh-secret-7\nfresh-secret-7\n"):
        return subprocess.run([*TABLEGAME, *args, "--db", str(table.store)], input=typed,
                              capture_output=True, text=True, timeout=60)
    typo = run("reset-password", "admn")
    assert typo.returncode == 1, typo.stdout
    assert "no account 'admn'" in typo.stderr and "admin (admin)" in typo.stderr
    assert "new-admin" in typo.stderr and "Traceback" not in typo.stderr
    accounts = Accounts(table.store.parent / "staff.sqlite")
    try:
        assert [name for name, _ in accounts.names()] == ["admin"]
    finally:
        accounts.close()
    made = run("new-admin", "wirt")
    assert made.returncode == 0, made.stderr
    assert login(app.test_client(), "wirt", "fresh-secret-7").status_code == 303
    again = run("new-admin", "wirt")
    assert again.returncode == 1 and "exists already" in again.stderr


def test_static_files_are_cached_and_their_address_changes_with_their_content(admin):
    import re
    page = words(admin.get("/"))
    css = re.search(r'href="(/static/page\.css\?v=[0-9a-f]{12})"', page).group(1)
    answer = admin.get(css)
    assert answer.status_code == 200 and "max-age=31536000" in answer.headers["Cache-Control"]
    assert re.search(r'src="/static/live\.js\?v=[0-9a-f]{12}"', page)


def test_static_files_and_pages_go_gzipped_to_a_browser_that_takes_gzip(admin):
    import gzip
    import re
    page = words(admin.get("/"))
    css = re.search(r'href="(/static/page\.css\?v=[0-9a-f]{12})"', page).group(1)
    plain = admin.get(css)
    zipped = admin.get(css, headers={"Accept-Encoding": "gzip, deflate"})
    assert "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in zipped.headers["Vary"]
    assert gzip.decompress(zipped.data) == plain.data and len(zipped.data) < len(plain.data) / 2
    assert admin.get("/", headers={"Accept-Encoding": "gzip"}).headers["Content-Encoding"] == "gzip"


def test_an_error_page_is_a_page_with_a_heading_and_a_real_link_back(app, admin):
    import re
    answer = admin.get("/history/99999", headers={"Referer": "http://localhost/history?evening=2026-11-23"})
    page = words(answer)
    assert answer.status_code == 404 and "<h1>Nicht möglich</h1>" in page
    assert "Im Protokoll gibt es kein Spiel 99999." in page and "404:" not in page
    assert re.search(r'<a href="/history\?evening=2026-11-23" id="back">Zurück</a>', page)
    elsewhere = words(admin.get("/history/99999", headers={"Referer": "http://evil.example/x"}))
    assert '<a href="/" id="back">' in elsewhere and "javascript:" not in elsewhere
    english = words(admin.get("/nowhere", headers={"Accept-Language": "en"}))
    assert "<h1>Not possible</h1>" in english and "There is no such page." in english


def test_a_password_is_stored_as_werkzeugs_full_strength_scrypt(tmp_path, monkeypatch):
    """The suite hashes with a cheaper scrypt (conftest.py); the product's own is werkzeug's
    default, n = 32768, and a login checks against it."""
    import sqlite3

    from werkzeug import security

    from conftest import PRODUCT_HASH
    from web_admin.accounts import Accounts
    monkeypatch.setattr(security.generate_password_hash, "__defaults__", PRODUCT_HASH)
    accounts = Accounts(tmp_path / "accounts.sqlite")
    try:
        accounts.add(*ADMIN, "admin")
        stored = sqlite3.connect(tmp_path / "accounts.sqlite").execute("SELECT hash FROM accounts").fetchone()[0]
        assert stored.startswith("scrypt:32768:8:1$")
        assert accounts.check(*ADMIN) == "admin" and accounts.check(ADMIN[0], "wrong") is None
    finally:
        accounts.close()
