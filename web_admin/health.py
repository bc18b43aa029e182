"""Board health: the link's state and counters, the buttons' last presses, and the
sensor test (live readings, no game judged)."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, render_template

from tablegame.words.phrase import said
from web_admin.table import face, snapshot_data
from web_admin.words import language

bp = Blueprint("health", __name__)


def _facts() -> dict:
    """The table's facts in the page's language (a fact in words, a Phrase: the board link's),
    with the live views counted by the page (it holds them all on one subscription of the
    table's, web_admin.relay)."""
    facts = {key: said(language(), value) for key, value in face().health().items()}
    if "live_streams" in facts:
        facts["live_streams"] = current_app.extensions["relay"].viewers
    return facts


@bp.route("/health")
def page():
    return render_template("health.html", health=_facts(),
                           snapshot=snapshot_data(face().snapshot()))


@bp.route("/api/health")
def api():
    return jsonify(_facts())
