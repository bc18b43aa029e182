"""The camera board's part of the calibration area (admin): the live picture with the
board's outline and the pieces found drawn over it, each piece's place in words, and
Save, which keeps the camera's present view of the board (its homography) in the
configuration through the one settings writer. Only there when the table runs a camera
board (``[board] kind = "camera"``, docs/camera.md)."""
from __future__ import annotations

import logging

from flask import Blueprint, Response, jsonify, render_template

from tablegame.config import ConfigError
from web_admin.answers import done, refused
from web_admin.auth import who
from web_admin.table import face
from web_admin.words import language, word

log = logging.getLogger(__name__)
bp = Blueprint("camera", __name__)

# this area's own words (kept here, beside the page that says them)
WORDS = {
    "de": {"no_camera": "Dieser Tisch hat kein Kamerabrett (board.kind = \"serial\").",
           "no_picture": "Noch kein Bild von der Kamera.",
           "no_markers": "Die Kamera hat die Marken des Bretts nicht gefunden: nichts zu speichern.",
           "not_saved": "Nicht gespeichert: {error}",
           "where": "{kind} {n}: {x:.1f} mm quer, {y:.1f} mm das Brett hinauf",
           "markers": "Marken gesehen", "recalibrated": "neu kalibriert",
           "coin": "Münze", "white": "Weiß", "black": "Schwarz", "queen": "Königin", "striker": "Striker"},
    "en": {"no_camera": "This table has no camera board (board.kind = \"serial\").",
           "no_picture": "No picture from the camera yet.",
           "no_markers": "The camera has not found the board's markers: nothing to save.",
           "not_saved": "Not saved: {error}",
           "where": "{kind} {n}: {x:.1f} mm across, {y:.1f} mm up the board",
           "markers": "markers seen", "recalibrated": "re-calibrated",
           "coin": "coin", "white": "white", "black": "black", "queen": "queen", "striker": "striker"},
}


def said(key: str, **values) -> str:
    return WORDS[language() if language() in WORDS else "en"][key].format(**values)


def _camera():
    return getattr(face(), "camera", None)


def _state() -> dict:
    """What the camera sees now, as JSON data: each piece numbered as on the picture."""
    camera = _camera()
    if camera is None:
        return {"camera": False}
    seen, mapping = camera.latest, camera.calibration.mapping
    sighting = seen.sighting if seen is not None else None
    return {"camera": True,
            "problem": None if sighting is None else sighting.problem,
            "markers": 0 if mapping is None else mapping.markers,
            "recalibrations": camera.calibration.recalibrations,
            "pieces": [] if sighting is None else [
                {"n": n, "kind": p.kind, "x": round(p.x, 1), "y": round(p.y, 1),
                 "where": said("where", kind=said(p.kind), n=n, x=p.x, y=p.y)}
                for n, p in enumerate(sighting.pieces, 1)]}


@bp.route("/calibrate/camera")
def page():
    if _camera() is None:
        return refused(said("no_camera"), 404)
    return render_template("camera.html", state=_state(), said=said)


@bp.route("/api/camera")
def api():
    return jsonify(_state())


@bp.route("/api/camera/picture.jpg")
def picture():
    camera = _camera()
    if camera is None or camera.latest is None:
        return refused(said("no_picture"), 404)
    from camera_board.overlay import picture as drawn
    return Response(drawn(camera.latest, camera.calibration), mimetype="image/jpeg",
                    headers={"Cache-Control": "no-store"})


@bp.route("/calibrate/camera", methods=["POST"])
def save():
    camera = _camera()
    mapping = None if camera is None else camera.calibration.mapping
    if mapping is None:
        return refused(said("no_markers"), 409)
    values = [float(v) for v in mapping.homography.ravel()]
    try:
        face().settings.save({"camera.homography": values})
    except ConfigError as error:
        return refused("; ".join(error.problems), 400)
    except (ValueError, OSError) as error:
        return refused(said("not_saved", error=error), 409)
    log.info("camera calibration saved by %s from %d markers", who(), mapping.markers)
    return done(word("saved"), "/calibrate/camera")
