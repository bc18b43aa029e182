"""Log in, log out, the first start (set the admin password), the language switch,
and ``guard``: the access rule every other route passes first."""
from __future__ import annotations

import logging

from flask import (Blueprint, current_app, redirect, render_template, request, session,
                   url_for)

from tablegame.texts import LANGUAGES
from tablegame.core.session import ShowAddress
from web_admin.accounts import AccountError
from web_admin.answers import refused, wants_json
from web_admin.words import word

log = logging.getLogger(__name__)
bp = Blueprint("auth", __name__)

PUBLIC = {"auth.login", "auth.setup", "auth.language", "static"}
ADMIN_AREAS = {"settings", "accounts", "calibrate", "camera"}


def accounts():
    return current_app.extensions["accounts"]


def who() -> str | None:
    return session.get("account")


def by() -> str:
    """Who made a command, as the event log records it."""
    return f"staff:{who()}"


def guard():
    """Every page and API route: first start, login, role."""
    if request.endpoint in PUBLIC:
        return None
    if not accounts().any():
        return refused("Set the admin password first.", 403) if wants_json() \
            else redirect(url_for("auth.setup"))
    role = accounts().role(who()) if who() else None
    if role is None:   # not logged in, or the account was removed
        session.pop("account", None)
        return refused("Log in first.", 401) if wants_json() \
            else redirect(url_for("auth.login", next=request.path))
    if request.blueprint in ADMIN_AREAS and role != "admin":
        return refused("Only an admin may do this.", 403)
    return None


@bp.route("/setup", methods=["GET", "POST"])
def setup():
    if accounts().any():
        return redirect(url_for("auth.login"))
    if request.method == "POST":
        name = request.form.get("name", "admin")
        try:
            accounts().add(name, request.form.get("password", ""), "admin")
        except AccountError as error:
            return render_template("setup.html", error=str(error)), 400
        log.info("staff page: admin account %r created", name)
        table = current_app.extensions.get("table")   # none in the venue view (venue/)
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
    return _logged_in(name)


def _logged_in(name: str):
    session.clear()
    session.permanent = True
    session["account"] = name
    target = request.args.get("next", "")
    # only a path on this page: never an open redirect
    return redirect(target if target.startswith("/") and not target.startswith("//") else "/", 303)


@bp.route("/logout", methods=["POST"])
def logout():
    session.clear()
    return redirect(url_for("auth.login"), 303)


@bp.route("/language/<choice>", methods=["POST"])
def language(choice: str):
    if choice not in LANGUAGES:
        return refused(f"The page speaks {', '.join(LANGUAGES)}.", 404)
    session["language"] = choice
    back = request.form.get("back", "/")
    return redirect(back if back.startswith("/") and not back.startswith("//") else "/", 303)
