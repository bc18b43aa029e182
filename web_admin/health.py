"""Board health: the link's state and counters, the buttons' last presses, and the
sensor test (live readings, no game judged)."""
from __future__ import annotations

from flask import Blueprint, jsonify, render_template

from web_admin.table import face, snapshot_data

bp = Blueprint("health", __name__)


@bp.route("/health")
def page():
    return render_template("health.html", health=face().health(),
                           snapshot=snapshot_data(face().snapshot()))


@bp.route("/api/health")
def api():
    return jsonify(face().health())
