"""The staff page: a Flask app over the table's face (tablegame.face.TableFace).

One blueprint per area; every page and API route needs a login (``guard``), the
settings and accounts need the admin role; every state-changing request carries a
CSRF token (Flask-WTF). It never imports pygame, serial or gpiozero and never
touches the session's state: it only submits commands and reads snapshots."""
from __future__ import annotations

import logging
import time
from datetime import timedelta
from pathlib import Path

from flask import Flask
from flask_wtf.csrf import CSRFProtect

from tablegame.face import TableFace
from web_admin.meanings import meaning
from web_admin import answers, compress
from web_admin.accounts import Accounts
from web_admin.relay import Relay
from web_admin.throttle import Throttle
from web_admin.words import label, language, word

log = logging.getLogger(__name__)

MAX_BODY = 64 * 1024        # bytes: a form or a JSON body, never more
SESSION_HOURS = 12          # a login lasts one evening


STATIC_MAX_AGE = 365 * 24 * 3600   # s: a static file's address changes with its content


def _cache_static(app: Flask) -> None:
    """Static files are cached for a year by the browser, and their address carries a hash
    of their content (``?v=…``), so a new version is fetched at once and an unchanged one
    never again (it was a round trip per file per page)."""
    import hashlib
    app.config["SEND_FILE_MAX_AGE_DEFAULT"] = STATIC_MAX_AGE
    versions: dict[str, str] = {}

    @app.url_defaults
    def versioned(endpoint, values):
        if endpoint == "static" and "filename" in values:
            name = values["filename"]
            if name not in versions:
                data = (Path(app.static_folder) / name).read_bytes()
                versions[name] = hashlib.sha256(data).hexdigest()[:12]
            values["v"] = versions[name]


def create_app(face: TableFace, config: dict | None = None) -> Flask:
    from web_admin import (accounts_area, auth, calibrate, camera, control, health, history, live,
                           settings_area)

    app = Flask(__name__)
    accounts = Accounts(Path(face.data_folder) / "staff.sqlite")
    app.config.update(
        SECRET_KEY=accounts.secret_key(),
        MAX_CONTENT_LENGTH=MAX_BODY,
        PERMANENT_SESSION_LIFETIME=timedelta(hours=SESSION_HOURS),
        # The cookie is written only when the session changes. Written back on every request,
        # the answer of one sent before a page popped its flash (the camera picture, the API
        # the page polls, a static file) put the flash back, shown again on the next page.
        # That refresh slid nothing: the login's record in staff.sqlite ends 12 h after it.
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        WTF_CSRF_TIME_LIMIT=SESSION_HOURS * 3600,
        HEARTBEAT=5.0,            # s between SSE comments: a closed browser is noticed
        REPLY_WAIT=10.0,          # s a request waits for the table's reply (a new game imports its play)
    )
    app.config.update(config or {})
    app.extensions["table"] = face
    app.extensions["accounts"] = accounts
    app.extensions["throttle"] = Throttle(app.config.get("CLOCK") or time.monotonic)
    app.extensions["relay"] = Relay(face)
    app.before_request(auth.guard)   # first: no login, no further word (not even on CSRF)
    CSRFProtect(app)
    for module in (auth, live, control, health, settings_area, calibrate, camera, history, accounts_area):
        app.register_blueprint(module.bp)
    answers.install(app)
    _cache_static(app)
    compress.install(app)
    app.jinja_env.globals.update(word=word, language=language, meaning=meaning, label=label,
                                 who=auth.who, is_admin=auth.is_admin)
    return app
