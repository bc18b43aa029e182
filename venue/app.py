"""The venue page: a Flask app factory like the staff page's, reusing its login, roles,
first start, language switch and error answers (web_admin.auth, accounts, answers),
over the venue's own store and listener instead of a table's face."""
from __future__ import annotations

import json
import threading
import time
from datetime import timedelta
from pathlib import Path

from flask import Blueprint, Flask, current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFProtect
from jinja2 import ChoiceLoader, FileSystemLoader

from mqtt_publisher import topics
from venue import store as venue_store
from venue.competition.pages import install as install_competitions
from venue.standings import players
from venue.words import vword
from web_admin import answers, auth
from web_admin.accounts import Accounts
from web_admin.answers import refused
from web_admin.throttle import Throttle
from web_admin.words import language, word

bp = Blueprint("venue", __name__)
COMMANDS = ("new_game", "show_address")   # what the page may ask a table (mqtt_publisher.commands)


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
                          standings=_Standings(Path(store_path)),
                          throttle=Throttle(app.config.get("CLOCK") or time.monotonic))
    app.before_request(auth.guard)
    CSRFProtect(app)
    app.register_blueprint(auth.bp)
    app.register_blueprint(bp)
    install_competitions(app, competitions)
    answers.install(app)
    app.jinja_env.globals.update(word=word, vword=vword, language=language, who=auth.who)
    return app


class _Standings:
    """The leaderboard, folded again only when the store has new events."""

    def __init__(self, path: Path):
        self._path, self._lock, self._key, self._rows = path, threading.Lock(), None, []

    def __call__(self) -> list[dict]:
        db = venue_store.read_only(self._path)
        try:
            key = db.execute("SELECT count(*), max(received) FROM events").fetchone()
        finally:
            db.close()
        with self._lock:
            if key != self._key:
                self._rows, self._key = players(self._path), key
            return self._rows


def _cards() -> list[dict]:
    cards = []
    for row in venue_store.tables(current_app.extensions["venue_store"]):
        state = row["state"] or {}
        cards.append({
            "venue": row["venue"], "name": row["name"], "online": row["status"] == "online",
            "status": row["status"], "title": state.get("title") or state.get("game", ""),
            "score": state.get("score", ""), "turn": state.get("turn", ""),
            "winner": state.get("winner", ""), "over": bool(state.get("over")),
            "link": state.get("link", ""), "link_state": state.get("link_state"),
            "problem": state.get("problem", ""), "staff_url": state.get("staff_url", ""),
            "parties": state.get("parties", []), "seen": row["seen"],
            "reply": _reply_words(row["reply"]),
        })
    return cards


def _reply_words(reply: dict | None) -> str:
    """The table's answer to the last command, e.g. "new_game: refused (…)"."""
    if not reply:
        return ""
    verdict = vword("accepted") if reply.get("accepted") else vword("refused")
    reason = f" ({reply['reason']})" if reply.get("reason") else ""
    return f"{reply.get('command', '?')}: {verdict}{reason}"


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


@bp.route("/api/command", methods=["POST"])
def command():
    """Asks a table (admin only); the table refuses unless [mqtt] accept_commands."""
    if current_app.extensions["accounts"].role(auth.who()) != "admin":
        return refused(vword("no_commands"), 403)
    body = request.get_json(silent=True) or request.form
    venue, table, name = body.get("venue", ""), body.get("table", ""), body.get("command", "")
    if name not in COMMANDS or topics.parse(topics.table_topic(venue, table, "x")) is None:
        return refused(f"a command is one of {', '.join(COMMANDS)}, for a table the page shows", 400)
    listener = current_app.extensions["listener"]
    if listener is None:
        return refused("this venue page listens to no broker", 503)
    listener.client.publish(topics.table_topic(venue, table, f"cmd/{name}"),
                            json.dumps({"by": auth.who(), "id": f"{time.time():.3f}"}), qos=1)
    return jsonify(ok=True, message=vword("sent"))
