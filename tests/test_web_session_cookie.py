"""The staff page's session cookie between many requests at once: a flash is shown once
(the page's own requests in flight never write an old one back), and a login lasts its
12 hours through a shift of pages and ends then (docs/staff-page.md, "First start and
logging in")."""
import re
import types

import itsdangerous
import pytest

import web_admin.accounts
from test_web_admin import ADMIN, STAFF, admin, app, clock, post, table, words  # noqa: F401

# What a page asks for while it is open: the API it polls, a static file, the health view's API.
BESIDE_THE_PAGE = ["/api/snapshot", "/api/health", "/api/camera", "/static/page.css"]


def flashes(response) -> list[str]:
    return re.findall(r'<p class="flash ok" role="status">(.*?)</p>', words(response))


def answered_last(browser, answer) -> None:
    """The browser takes a response's session cookie when it arrives, the last one winning."""
    for header in answer.headers.getlist("Set-Cookie"):
        if header.startswith("session="):
            browser.set_cookie("session", header.split(";")[0].removeprefix("session="))


@pytest.mark.parametrize("path", BESIDE_THE_PAGE)
def test_a_flash_shown_once_is_not_brought_back_by_a_slower_request_sent_before_it(app, admin, path):
    """A request the page sent before the next page showed (and so popped) a flash carries the
    cookie with the flash in it. With the session written back on every request, its answer,
    arriving after that page, put the flash back and the page after showed it again ('Step 2
    taken' after 'Corners saved' in the camera teaching walk). The slower request here is sent
    with the cookie from before the flash was shown, and its answer taken last."""
    assert post(admin, "/accounts", {"name": STAFF[0], "password": STAFF[1],
                                     "role": "staff"}).status_code == 303
    before = admin.get_cookie("session").value          # the flash is in it
    assert flashes(admin.get("/accounts")) == [f"{STAFF[0]} ✓"]
    slower = app.test_client()
    slower.set_cookie("session", before)
    answer = slower.get(path)
    assert answer.status_code == 200
    answered_last(admin, answer)
    assert flashes(admin.get("/accounts")) == []
    assert admin.get(path).status_code == 200            # still logged in


def test_a_login_lasts_its_12_hours_through_a_shift_of_pages_and_ends_then(app, monkeypatch):
    """The login is the cookie (signed with its time) and its record in staff.sqlite, which
    ends 12 hours after the login, whatever pages were used (it never slid: the cookie
    written back on every request only re-signed it). A page or the API in the 12th hour
    still works, with the cookie the browser kept; after it, the page asks for a login."""
    now = [1_800_000_000.0]
    monkeypatch.setattr(itsdangerous.TimestampSigner, "get_timestamp", lambda self: int(now[0]))
    monkeypatch.setattr(web_admin.accounts, "time", types.SimpleNamespace(time=lambda: now[0]))
    browser = app.test_client()
    post(browser, "/setup", {"name": ADMIN[0], "password": ADMIN[1], "again": ADMIN[1]})
    start = now[0]
    for hours in (1, 6, 11, 11.9):
        now[0] = start + hours * 3600
        assert browser.get("/").status_code == 200, hours
        assert browser.get("/api/snapshot").status_code == 200, hours
    now[0] = start + 12.1 * 3600
    assert browser.get("/api/snapshot").status_code == 401
    assert browser.get("/control").headers["Location"].startswith("/login?next=")
    post(browser, "/login", {"name": ADMIN[0], "password": ADMIN[1]})   # the next shift
    assert browser.get("/").status_code == 200
