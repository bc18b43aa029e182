"""The camera board's part of the calibration area (admin): the live picture with the
board's outline and the pieces found drawn over it, each piece's place in words, and
Save, which keeps the camera's present view of the board (its homography) in the
configuration through the one settings writer; for a board without markers the board's
four corners dragged onto the picture (Save corners); and teaching the camera the board
(web_admin/camera_teach.py). Only there when the table runs a camera board
(``[board] kind = "camera"``, docs/camera.md)."""
from __future__ import annotations

import logging

from flask import Blueprint, Response, jsonify, render_template, request

from tablegame.config import ConfigError
from camera_board.overlay import surface_corners
from camera_board.teaching import say, tenths
from tablegame.words.phrase import said as said_in
from web_admin.answers import done, refused
from web_admin import camera_teach
from web_admin.camera_teach import spots, state as teach_state
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
           "where": "{kind} {n}: {x} mm quer, {y} mm das Brett hinauf",
           "markers": "Marken gesehen", "recalibrated": "neu kalibriert",
           "corners_title": "Die Ecken des Bretts (ohne Marken)",
           "corners_how": "Hat das Brett keine Marken oder sieht die Kamera sie nicht: die vier Punkte auf die "
                          "Ecken der Spielfläche ziehen (1 vorne links, 2 vorne rechts, 3 hinten rechts, 4 hinten "
                          "links; vorne ist, wo gespielt wird), dann „Ecken speichern“. Ohne Maus: die Zahlen "
                          "unten sind Pixel im Kamerabild ({w}×{h}).",
           "corner": "Ecke {n}: {where}", "x": "x (Pixel von links)", "y": "y (Pixel von oben)",
           "front_left": "vorne links", "front_right": "vorne rechts", "back_right": "hinten rechts",
           "back_left": "hinten links",
           "save_corners": "Ecken speichern",
           "corners_saved": "Ecken gespeichert: die Kamera findet das Brett dort, auch ohne Marken.",
           "corners_numbers": "Jede Ecke braucht zwei Zahlen (x und y, Pixel im Kamerabild)."},
    "en": {"no_camera": "This table has no camera board (board.kind = \"serial\").",
           "no_picture": "No picture from the camera yet.",
           "no_markers": "The camera has not found the board's markers: nothing to save.",
           "not_saved": "Not saved: {error}",
           "where": "{kind} {n}: {x} mm across, {y} mm up the board",
           "markers": "markers seen", "recalibrated": "re-calibrated",
           "corners_title": "The board's corners (without markers)",
           "corners_how": "If the board has no markers or the camera does not see them: drag the four points onto "
                          "the corners of the playing surface (1 front left, 2 front right, 3 back right, 4 back "
                          "left; the front is where the players stand), then Save corners. Without a mouse: the "
                          "numbers below are pixels of the camera's picture ({w}×{h}).",
           "corner": "corner {n}: {where}", "x": "x (pixels from the left)", "y": "y (pixels from the top)",
           "front_left": "front left", "front_right": "front right", "back_right": "back right",
           "back_left": "back left",
           "save_corners": "Save corners",
           "corners_saved": "Corners saved: the camera finds the board there, without markers too.",
           "corners_numbers": "Each corner needs two numbers (x and y, pixels of the camera's picture)."},
}


CORNERS = ("front_left", "front_right", "back_right", "back_left")


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
    w, h = camera.lens.size
    corners = surface_corners(camera.calibration) or [(0.2 * w, 0.8 * h), (0.8 * w, 0.8 * h),
                                                       (0.8 * w, 0.2 * h), (0.2 * w, 0.2 * h)]
    return {"camera": True,
            "problem": None if sighting is None else said_in(language(), sighting.problem),   # (a Phrase)
            "mapped": mapping is not None,
            "size": [w, h],
            "corners": [{"n": n, "where": said(CORNERS[n - 1]), "x": round(x), "y": round(y)}
                        for n, (x, y) in enumerate(corners, 1)],
            "teach": teach_state(camera),
            "markers": 0 if mapping is None else mapping.markers,
            "recalibrations": camera.calibration.recalibrations,
            "pieces": [] if sighting is None else [
                {"n": n, "kind": p.kind, "x": round(p.x, 1), "y": round(p.y, 1),
                 "where": said("where", kind=say(language(), p.kind), n=n, x=tenths(p.x, language()),
                               y=tenths(p.y, language()))}
                for n, p in enumerate(sighting.pieces, 1)]}


@bp.route("/calibrate/camera")
def page():
    if _camera() is None:
        return refused(said("no_camera"), 404)
    return render_template("camera.html", state=_state(), said=said, taught=camera_teach.taught)


@bp.route("/api/camera")
def api():
    return jsonify(_state())


@bp.route("/api/camera/picture.jpg")
def picture():
    camera = _camera()
    if camera is None or camera.latest is None:
        return refused(said("no_picture"), 404)
    from camera_board.overlay import picture as drawn
    return Response(drawn(camera.latest, camera.calibration, spots(camera)), mimetype="image/jpeg",
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


@bp.route("/calibrate/camera/teach", methods=["POST"])
def teach():
    """Teaching the camera the board: Take the next step, or Start again (camera_teach.py)."""
    camera = _camera()
    if camera is None:
        return refused(said("no_camera"), 404)
    return camera_teach.post(camera, request.form.get("action", "take"))


@bp.route("/calibrate/camera/corners", methods=["POST"])
def corners():
    """The board's four corners dragged onto the picture: its mapping saved through the one
    settings writer (camera.homography) and used from the next frame on; markers seen later
    still correct it."""
    import cv2
    from camera_board.calibrate import CornersError, corner_homography
    camera = _camera()
    if camera is None:
        return refused(said("no_camera"), 404)
    try:
        points = [(float(request.form[f"corner{n}_x"]), float(request.form[f"corner{n}_y"])) for n in range(4)]
    except (KeyError, ValueError):
        return refused(said("corners_numbers"), 400)
    seen = camera.latest
    gray = None if seen is None else cv2.cvtColor(seen.frame, cv2.COLOR_BGR2GRAY)
    try:
        homography = corner_homography(camera.layout, camera.lens, points, gray)
    except CornersError as error:      # crossed, too small, mirrored: why, in words
        return refused(say(language(), error.key, **error.values), 400)
    try:
        face().settings.save({"camera.homography": [float(v) for v in homography.ravel()]})
    except ConfigError as error:
        return refused("; ".join(error.problems), 400)
    except (ValueError, OSError) as error:
        return refused(said("not_saved", error=error), 409)
    camera.placed(homography)
    log.info("the board's corners placed by %s at %s", who(), [tuple(round(v) for v in p) for p in points])
    return done(said("corners_saved"), "/calibrate/camera#corners")
