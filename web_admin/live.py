"""The live view: the page, the latest snapshot as JSON, and the server-sent event
stream (one bounded subscription per browser, freed when the browser goes away)."""
from __future__ import annotations

import logging

from flask import Blueprint, Response, current_app, render_template

from tablegame.core.session import TooManyStreams
from web_admin.answers import refused
from web_admin.table import face, snapshot_data, snapshot_json, table_language

log = logging.getLogger(__name__)
bp = Blueprint("live", __name__)


@bp.route("/")
def page():
    return render_template("live.html", snapshot=snapshot_data(face().snapshot()))


@bp.route("/api/snapshot")
def snapshot():
    return Response(snapshot_json(face().snapshot(), table_language()),
                    mimetype="application/json")


@bp.route("/api/stream")
def stream():
    try:
        subscription = face().subscribe(maxsize=4)
    except TooManyStreams as error:
        return refused(f"Too many live views are open ({error}); close one and reload.", 503)
    heartbeat = current_app.config["HEARTBEAT"]
    settings = face().settings   # the generator runs outside the request: no current_app there

    def events():
        # A write to a browser that went away fails: the generator is closed and the
        # subscription freed. The heartbeat makes sure such a write comes soon.
        try:
            yield "retry: 2000\n\n"
            while True:
                snap = subscription.get(timeout=heartbeat)
                if snap is None:
                    yield ": still here\n\n"
                    continue
                data = snapshot_json(snap, settings.current()["table.language"])
                yield f"id: {snap.version}\ndata: {data}\n\n"
        finally:
            subscription.close()

    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
