"""The live view: the page, the latest snapshot as JSON, and the server-sent event
stream (one bounded subscription per browser, freed when the browser goes away)."""
from __future__ import annotations

import logging
import threading

from flask import Blueprint, Response, current_app, render_template

from tablegame.core.session import TooManyStreams
from web_admin.answers import refused
from web_admin.words import language, word
from web_admin.table import face, snapshot_data, snapshot_json

log = logging.getLogger(__name__)
bp = Blueprint("live", __name__)
END = object()      # offered to a stream's subscription: the page is stopping, end the stream


class OpenStreams:
    """The live views being served, so that a stopping page ends them first: a stream
    still writing when waitress closes its sockets fails with "Bad file descriptor"
    (a traceback in the journal per open view)."""

    def __init__(self):
        self._open: set = set()
        self._lock = threading.Lock()
        self.ended = False

    def add(self, subscription) -> None:
        with self._lock:
            self._open.add(subscription)

    def discard(self, subscription) -> None:
        with self._lock:
            self._open.discard(subscription)

    def end_all(self) -> None:
        with self._lock:
            self.ended = True
            for subscription in self._open:
                subscription.offer(END)

    def __len__(self) -> int:
        with self._lock:
            return len(self._open)


@bp.route("/")
def page():
    return render_template("live.html", snapshot=snapshot_data(face().snapshot()))


@bp.route("/api/snapshot")
def snapshot():
    return Response(snapshot_json(face().snapshot(), language()),
                    mimetype="application/json")


@bp.route("/api/stream")
def stream():
    try:
        subscription = face().subscribe(maxsize=4)
    except TooManyStreams as error:
        return refused(word("err_streams", count=error), 503)
    heartbeat = current_app.config["HEARTBEAT"]
    lang = language()   # the generator runs outside the request: no session there
    streams = current_app.extensions["streams"]
    if streams.ended:
        subscription.close()
        return refused(word("err_stopping"), 503)
    streams.add(subscription)

    def events():
        # A write to a browser that went away fails: the generator is closed and the
        # subscription freed. The heartbeat makes sure such a write comes soon.
        try:
            yield "retry: 2000\n\n"
            while True:
                snap = subscription.get(timeout=heartbeat)
                if snap is END or streams.ended:
                    return
                if snap is None:
                    yield ": still here\n\n"
                    continue
                data = snapshot_json(snap, lang)
                yield f"id: {snap.version}\ndata: {data}\n\n"
        finally:
            streams.discard(subscription)
            subscription.close()

    return Response(events(), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
