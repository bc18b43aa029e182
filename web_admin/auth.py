"""Log in, log out, the first start (set the admin password), the language switch,
and ``guard``: the access rule every other route passes first."""
from __future__ import annotations

import logging

from flask import (Blueprint, current_app, g, redirect, render_template, request, session,
                   url_for)

from tablegame.texts import LANGUAGES
from tablegame.core.session import ShowAddress
from web_admin.accounts import AccountError
from web_admin.answers import local_path, refused, wants_json
from web_admin.words import word

log = logging.getLogger(__name__)
bp = Blueprint("auth", __name__)

PUBLIC = {"auth.login", "auth.setup", "auth.language", "static"}
ADMIN_AREAS = {"settings", "accounts", "calibrate", "camera"}


def accounts():
    return current_app.extensions["accounts"]


def who() -> str | None:
    """The account of this request's login, once ``guard`` has checked it."""
    return g.get("account")


def is_admin() -> bool:
    """Whether this request's login may use the admin areas (the page hides the rest)."""
    return bool(who()) and accounts().role(who()) == "admin"


def by() -> str:
    """Who made a command, as the event log records it."""
    return f"staff:{who()}"


def guard():
    """Every page and API route: first start, login, role."""
    if request.endpoint in PUBLIC:
        return None
    if not accounts().any():
        return refused(word("err_setup_first"), 403) if wants_json() \
            else redirect(url_for("auth.setup"))
    g.account = accounts().logged_in(session.get("login"))
    role = accounts().role(g.account) if g.account else None
    if role is None:   # not logged in, logged out, or the login was ended on the server
        session.pop("login", None)
        g.account = None
        return refused(word("err_login_first"), 401) if wants_json() \
            else redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
    if request.blueprint in ADMIN_AREAS and role != "admin":
        return refused(word("err_admin_only"), 403)
    return None


@bp.route("/setup", methods=["GET", "POST"])
def setup():
    if accounts().any():
        return redirect(url_for("auth.login"))
    if request.method == "POST":
        name, password = request.form.get("name", "admin"), request.form.get("password", "")
        if password != request.form.get("again"):   # a typo here would lock the admin out
            return render_template("setup.html", error=word("passwords_differ")), 400
        try:
            accounts().add(name, password, "admin")
        except AccountError as error:
            return render_template("setup.html", error=word(error.key, **error.values)), 400
        log.info("staff page: admin account %r created", name)
        table = current_app.extensions.get("table")   # none in the venue view
        if table is not None and table.snapshot().status.showing_address == "setup":
            table.submit(ShowAddress(None), by=f"staff:{name.strip()}")
        return _logged_in(name.strip())
    return render_template("setup.html", error=None)


@bp.route("/login", methods=["GET", "POST"])
def login():
    if not accounts().any():
        return redirect(url_for("auth.setup"))
    if request.method == "GET":
        return render_template("login.html", error=None)
    name = request.form.get("name", "")
    address = request.remote_addr or "?"
    throttle = current_app.extensions["throttle"]
    wait = throttle.wait(address, name)
    if wait > 0:
        log.warning("login for %r from %s refused: slowed down", name, address)
        return render_template("login.html", error=word("slow_down", s=int(wait) + 1)), 429
    if accounts().check(name, request.form.get("password", "")) is None:
        throttle.failed(address, name)
        return render_template("login.html", error=word("bad_login")), 401
    throttle.succeeded(address, name)
    log.info("login of %r from %s", name, address)
    return _logged_in(name)


def _logged_in(name: str):
    language = session.get("language")
    session.clear()
    if language:
        session["language"] = language
    session.permanent = True
    session["login"] = accounts().open_login(name)
    return redirect(local_path(request.args.get("next")), 303)


@bp.route("/logout", methods=["POST"])
def logout():
    """Ends this login on the server too: a copy of the cookie no longer works."""
    accounts().end_login(session.get("login"))
    return redirect(url_for("auth.login"), 303)


@bp.route("/language/<choice>", methods=["POST"])
def language(choice: str):
    if choice not in LANGUAGES:
        return refused(word("err_languages", languages=", ".join(LANGUAGES)), 404)
    session["language"] = choice
    return redirect(local_path(request.form.get("back")), 303)
