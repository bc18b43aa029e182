"""The live view: the page, the latest snapshot as JSON, and the server-sent event
stream (all browsers through the page's one relay; a place freed when a browser goes)."""
from __future__ import annotations

import logging

from flask import Blueprint, Response, current_app, render_template

from web_admin.answers import refused
from web_admin.relay import TooManyViews
from web_admin.words import language, word
from web_admin.table import face, snapshot_data, snapshot_json

log = logging.getLogger(__name__)
bp = Blueprint("live", __name__)


@bp.route("/")
def page():
    return render_template("live.html", snapshot=snapshot_data(face().snapshot()))


@bp.route("/api/snapshot")
def snapshot():
    return Response(snapshot_json(face().snapshot(), language()),
                    mimetype="application/json")


@bp.route("/api/stream")
def stream():
    """Server-sent events: the latest snapshot at once, then each change (through the
    page's one relay, web_admin.relay), a comment every ``HEARTBEAT`` s so that a closed
    browser is noticed and its place freed."""
    relay = current_app.extensions["relay"]
    most = current_app.config.get("MAX_STREAMS") or face().settings.current()["web.max_streams"]
    try:
        first = relay.join(most)
    except TooManyViews as error:
        return refused(word("err_streams", count=error), 503)
    heartbeat = current_app.config["HEARTBEAT"]
    lang = language()   # the generator runs outside the request: no session there

    def events():
        # A write to a browser that went away fails: the generator is closed and its
        # place freed. The heartbeat makes sure such a write comes soon.
        try:
            yield "retry: 2000\n\n"
            snap = first
            while True:
                if snap is None:
                    if relay.ended:     # the page is stopping: end the stream cleanly
                        return
                    yield ": still here\n\n"
                else:
                    yield f"id: {snap.version}\ndata: {snapshot_json(snap, lang)}\n\n"
                    version = snap.version
                snap = relay.wait(version, heartbeat)
        finally:
            relay.leave()

    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
