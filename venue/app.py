"""The venue page: a Flask app factory like the staff page's, reusing its login, roles,
first start, language switch and error answers (web_admin.auth, accounts, answers),
over the venue's own store and listener instead of a table's face."""
from __future__ import annotations

import json
import time
from datetime import timedelta
from pathlib import Path

from flask import Blueprint, Flask, current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFProtect
from jinja2 import ChoiceLoader, FileSystemLoader

from mqtt_publisher import topics
from venue.cards import COMMANDS, cards
from venue.standings import Leaderboard
from venue.competition import league_pages
from venue.competition.pages import install as install_competitions
from venue.words import vword
from web_admin import answers, auth
from web_admin.accounts import Accounts
from web_admin.answers import refused
from web_admin.throttle import Throttle
from web_admin.words import language, word

bp = Blueprint("venue", __name__)


def create_app(store_path: str | Path, data_folder: str | Path, listener=None,
               config: dict | None = None, competitions=None) -> Flask:
    """``competitions``: the competitions' runner (venue.competition.runner), None: none."""
    app = Flask(__name__)
    accounts = Accounts(Path(data_folder) / "venue-staff.sqlite")
    app.jinja_loader = ChoiceLoader([FileSystemLoader(Path(__file__).parent / "templates"),
                                     FileSystemLoader(Path(auth.__file__).parent / "templates")])
    app.config.update(SECRET_KEY=accounts.secret_key(), MAX_CONTENT_LENGTH=16 * 1024,
                      PERMANENT_SESSION_LIFETIME=timedelta(hours=12),
                      SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Strict",
                      WTF_CSRF_TIME_LIMIT=12 * 3600, TV_SECONDS=8.0)
    app.config.update(config or {})
    app.extensions.update(accounts=accounts, listener=listener, venue_store=Path(store_path),
                          standings=Leaderboard(Path(store_path)),
                          throttle=Throttle(app.config.get("CLOCK") or time.monotonic))
    app.before_request(auth.guard)
    CSRFProtect(app)
    app.register_blueprint(auth.bp)
    app.register_blueprint(bp)
    install_competitions(app, competitions)
    app.register_blueprint(league_pages.bp)      # the league's pages beside the competitions'
    answers.install(app)
    app.jinja_env.globals.update(word=word, vword=vword, language=language, who=auth.who)
    return app


@bp.route("/")
def page():
    return render_template("venue.html", cards=_cards(),
                           standings=current_app.extensions["standings"]())


@bp.route("/tv")
def tv():
    return render_template("tv.html", seconds=current_app.config["TV_SECONDS"])


@bp.route("/api/venue")
def data():
    admin = current_app.extensions["accounts"].role(auth.who()) == "admin"
    return jsonify(tables=_cards(), standings=current_app.extensions["standings"](), admin=admin,
                   words={k: vword(k) for k in ("offline", "staff_page", "over", "board", "nobody",
                                                "player", "played", "won", "lost", "new_game")})


def _cards() -> list[dict]:
    return cards(current_app.extensions["venue_store"], language())


@bp.route("/api/command", methods=["POST"])
def command():
    """Asks a table (admin only); the table refuses unless [mqtt] accept_commands."""
    if current_app.extensions["accounts"].role(auth.who()) != "admin":
        return refused(vword("no_commands"), 403)
    body = request.get_json(silent=True) or request.form
    body = body if hasattr(body, "get") else {}
    venue, table, name = (str(body.get(key, "")) for key in ("venue", "table", "command"))
    if name not in COMMANDS or topics.parse(topics.table_topic(venue, table, "x")) is None:
        return refused(vword("bad_command", known=", ".join(COMMANDS)), 400)
    listener = current_app.extensions["listener"]
    if listener is None:
        return refused(vword("no_broker"), 503)
    listener.client.publish(topics.table_topic(venue, table, f"cmd/{name}"),
                            json.dumps({"by": auth.who(), "id": f"{time.time():.3f}"}), qos=1)
    return jsonify(ok=True, message=vword("sent"))
