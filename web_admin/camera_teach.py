"""The installer teaches the camera the board on the staff page (admin, in the camera's
calibration area; docs/camera.md, "Calibration"): step by step as ``camera_board.learn.steps``
asks (the empty board, then the pieces, drawn on a plan of the board and on the live picture
where they go), each step a few of the camera's live frames; after the last step the camera
learns (``camera_board.learn.learn``) and the page shows what it learned or, refused, what to
change, in the page's language. What it learned is saved beside the configuration through the
one settings writer (camera.learned) and the camera reads with it from its next frame on.

One teaching at a time per table (a take or the learning holds it); the steps taken so far live
in this process only (a restart starts the teaching again)."""
from __future__ import annotations

import logging
import threading
import time

from flask import current_app

from camera_board.layout import PIECE_COLOURS
from camera_board.learn import learn, steps
from camera_board.teaching import LearnError, say, tenths
from tablegame.config import ConfigError
from web_admin.answers import done, refused
from web_admin.auth import who
from web_admin.table import face
from web_admin.words import language

log = logging.getLogger(__name__)

FRAMES = 6          # frames a step keeps (the learning takes their median: a passing hand is not kept)
WAIT = 8.0          # s at most a step waits for them (a still simulated table draws one a second)
STALE = 3.0         # s without a new frame: the camera gives what it has (a replayed file that ended)

WORDS = {
    "de": {"title": "Der Kamera das Brett beibringen",
           "knows_learned": "Die Kamera liest mit dem, was sie gelernt hat:",
           "knows_starting": "Die Kamera liest mit den Anfangswerten: bringen Sie ihr das Brett bei, Schritt für "
                             "Schritt (etwa zwei Minuten).",
           "knows_untaught": "Die Kamera ist noch nicht eingelernt und meldet kein Brett (Fehler 4, „nicht "
                             "eingelernt“): bringen Sie ihr hier das Brett bei, Schritt für Schritt (etwa zwei "
                             "Minuten), oder mit tablegame camera-learn.",
           "step": "Schritt {n} von {of}", "taken": "aufgenommen ({n} Bilder)",
           "take": "Schritt {n} aufnehmen", "again": "Von vorn beginnen",
           "working": "Die Kamera nimmt auf und lernt; das dauert einige Sekunden …",
           "plan": "Wo die Steine hingehören (gelb auch im Kamerabild oben).",
           "learned": "Gelernt und gespeichert ({path}); die Kamera liest ab jetzt damit.",
           "learned_unsaved": "Gelernt; die Kamera liest ab jetzt damit, aber nicht gespeichert: {error}",
           "refused": "Nicht gelernt, nichts gespeichert. Was zu ändern ist:",
           "no_frames": "Die Kamera liefert keine Bilder: Kamera und Kabel prüfen.",
           "busy": "Die Kamera nimmt gerade auf oder lernt: bitte einen Moment warten.",
           "taken_step": "Schritt {n} aufgenommen ({k} Bilder).",
           "started_again": "Von vorn: zuerst das leere Brett."},
    "en": {"title": "Teach the camera the board",
           "knows_learned": "The camera reads with what it learned:",
           "knows_starting": "The camera reads with the starting values: teach it the board, step by step "
                             "(about two minutes).",
           "knows_untaught": "The camera has not been taught and reports no board (error 4, \"not taught\"): "
                             "teach it the board here, step by step (about two minutes), or with tablegame "
                             "camera-learn.",
           "step": "Step {n} of {of}", "taken": "taken ({n} pictures)",
           "take": "Take step {n}", "again": "Start again",
           "working": "The camera takes its pictures and learns; this takes a few seconds …",
           "plan": "Where the pieces go (yellow in the camera's picture above, too).",
           "learned": "Learned and saved ({path}); the camera reads with it from now on.",
           "learned_unsaved": "Learned; the camera reads with it from now on, but not saved: {error}",
           "refused": "Not learned, nothing saved. What to change:",
           "no_frames": "The camera gives no pictures: check the camera and its cable.",
           "busy": "The camera is taking pictures or learning: please wait a moment.",
           "taken_step": "Step {n} taken ({k} pictures).",
           "started_again": "From the start: the empty board first."},
}


def taught(key: str, **values) -> str:
    return WORDS[language() if language() in WORDS else "en"][key].format(**values)


class Teaching:
    """One table's teaching in progress: each step's frames so far and, after the last, what
    came of it (``outcome``: ok, the lines to show)."""

    def __init__(self, camera):
        self.camera = camera
        self.game = camera.layout.game
        self.planned = steps(self.game, camera.board)
        self.frames: list[list] = []
        # what came of the last learning: (ok, its heading's key, the heading's values, what
        # was learned or None, what stopped it or None), said in the language of who looks
        self.outcome: tuple | None = None
        self.busy = threading.Lock()

    @property
    def next(self):
        """The step to take next (None: all taken)."""
        return self.planned[len(self.frames)] if len(self.frames) < len(self.planned) else None

    def take(self) -> int:
        """The next step's frames from the live camera; how many (0: the camera gives none)."""
        frames = live_frames(self.camera)
        if frames:
            self.outcome = None
            self.frames.append(frames)
        return len(frames)

    def learn(self) -> None:
        """Learn from the steps taken; used and saved when good, else what to change."""
        camera = self.camera
        mapping = camera.calibration.mapping
        try:
            learned = learn(self.game, camera.lens, self.frames, board=camera.board,
                            homography=None if mapping is None else mapping.homography,
                            marker_mm=camera.layout.marker_size)
        except LearnError as error:
            self.outcome = (False, "refused", (), None, error)
        else:
            if not learned.ok:
                self.outcome = (False, "refused", (), learned, None)
            else:
                camera.learned(learned.appearance)
                try:
                    path = face().settings.save_beside("camera.learned", learned.appearance.to_bytes())
                    self.outcome = (True, "learned", (("path", path.name),), learned, None)
                except ConfigError as error:
                    self.outcome = (False, "learned_unsaved", (("error", "; ".join(error.problems)),), learned, None)
                except (ValueError, OSError) as error:
                    self.outcome = (False, "learned_unsaved", (("error", str(error)),), learned, None)
                log.info("the camera was taught the %s board by %s: %s", self.game, who(),
                         "; ".join(learned.said("en") + learned.warned("en")))
        self.frames = []


def live_frames(camera, count: int = FRAMES, wait: float = WAIT, stale: float = STALE) -> list:
    """Up to ``count`` frames the camera takes from now on (the one on show when asked may be
    from before the pieces were laid), within ``wait`` s, fewer when none came for ``stale`` s;
    a camera whose picture stands still (a replay that ended) gives the one it shows."""
    seen = camera.latest
    last = None if seen is None else seen.seconds
    frames: list = []
    started = newest = time.monotonic()
    while len(frames) < count:
        now = time.monotonic()
        if now - started > wait or (frames and now - newest > stale):
            break
        seen = camera.latest
        if seen is not None and seen.seconds != last:
            frames.append(seen.frame)
            last, newest = seen.seconds, now
        time.sleep(0.02)
    if not frames and camera.latest is not None:
        frames = [camera.latest.frame]
    return frames


def teaching(camera) -> Teaching:
    """This table's teaching (made when first asked for; a new one for another camera)."""
    kept = current_app.extensions.get("camera_teaching")
    if kept is None or kept.camera is not camera:
        kept = current_app.extensions["camera_teaching"] = Teaching(camera)
    return kept


def spots(camera) -> tuple:
    """Where the step to take next asks for pieces (drawn on the live picture)."""
    kept = current_app.extensions.get("camera_teaching")
    if kept is None or kept.camera is not camera or kept.next is None:
        return ()
    return kept.next.pieces


def state(camera) -> dict:
    """The teaching as the page shows it, in the page's language."""
    t, lang = teaching(camera), language()
    step = len(t.frames)
    appearance = getattr(camera.detector, "appearance", None)
    knows = [say(lang, "learned", kind=k, n=c.learned, apart=tenths(c.apart, lang))
             for k, c in appearance.colours.items() if c.learned] if appearance and appearance.learned else []
    outcome = None
    if t.outcome is not None:
        ok, key, values, learned, error = t.outcome
        lines = [error.said(lang)] if error is not None else learned.said(lang)
        if not ok and learned is not None and key == "refused":
            lines = lines[len(learned.kinds):]            # only what to change
        if learned is not None:
            lines += learned.warned(lang)    # (what to know: a kind the camera cannot always tell, taught all the same)
        outcome = {"ok": ok, "heading": taught(key, **dict(values)), "lines": lines}
    return {"game": t.game, "step": step, "of": len(t.planned),
            "steps": [{"n": n, "asks": s.said(lang), "taken": len(t.frames[n - 1]) if n <= step else 0}
                      for n, s in enumerate(t.planned, 1)],
            "plan": plan(camera.layout, t.next.pieces) if t.next is not None and t.next.pieces else None,
            "knows": knows, "untaught": not getattr(camera, "taught", True), "outcome": outcome}


def plan(layout, pieces) -> dict:
    """The board seen from above with ``pieces`` where a step asks for them: SVG shapes in
    board mm (y down the picture: the far end at the top, as the camera's picture shows it)."""
    f = layout.frame
    width, height = layout.width + 2 * f, layout.length + 2 * f
    y = lambda v: layout.length + f - v       # noqa: E731  (board y up -> picture y down)
    shapes = [("rect", {"x": 0, "y": 0, "width": width, "height": height, "fill": _hex(layout.frame_colour)}),
              ("rect", {"x": f, "y": f, "width": layout.width, "height": layout.length, "fill": _hex(layout.wood)})]
    shapes += [("line", {"x1": f + a.x0, "y1": y(a.y0), "x2": f + a.x1, "y2": y(a.y1), "stroke": _hex(a.colour),
                         "stroke-width": max(a.width, 1.0)}) for a in layout.lines]
    shapes += [("circle", {"cx": f + c.x, "cy": y(c.y), "r": c.radius, "stroke": _hex(c.colour),
                           "stroke-width": max(c.width, 1.0), "fill": _hex(c.colour) if c.width == 0 else "none"})
               for c in layout.circles]
    shapes += [("circle", {"cx": f + hx, "cy": y(hy), "r": hr, "fill": "#0a0a0a"}) for hx, hy, hr in layout.holes]
    radii = layout.piece_radii
    labels = []
    for p in pieces:
        r = radii.get(p.kind, radii.get("die", 9.0))
        colour = _hex(PIECE_COLOURS.get(p.kind, (240, 240, 240)))
        if p.kind.startswith("die"):
            shapes.append(("rect", {"x": f + p.x - r, "y": y(p.y) - r, "width": 2 * r, "height": 2 * r,
                                    "fill": "#f4f4f4", "stroke": "#f5c542", "stroke-width": 2}))
        else:
            shapes.append(("circle", {"cx": f + p.x, "cy": y(p.y), "r": r, "fill": colour, "stroke": "#f5c542",
                                      "stroke-width": 2}))
        if p.value is not None or p.kind.startswith("die "):
            labels.append({"x": f + p.x, "y": y(p.y) + r * 0.45, "size": r * 1.2,
                           "text": str(p.value) if p.value is not None else p.kind[4:]})
    return {"width": width, "height": height, "shapes": [{"tag": t, "attrs": a} for t, a in shapes],
            "labels": labels}


def _hex(bgr) -> str:
    b, g, r = (int(v) for v in bgr)
    return f"#{r:02x}{g:02x}{b:02x}"


def post(camera, action: str):
    """The page's Take (the next step's frames; after the last, the learning) or Start again;
    the camera's blueprint routes it (admins only)."""
    t = teaching(camera)
    if not t.busy.acquire(blocking=False):
        return refused(taught("busy"), 409)
    try:
        if action == "again":
            t.frames, t.outcome = [], None
            return done(taught("started_again"), "/calibrate/camera#teach")
        if t.next is None:       # (a form sent twice): from the start
            t.frames = []
        n = len(t.frames) + 1
        k = t.take()
        if not k:
            return refused(taught("no_frames"), 409)
        if t.next is None:
            t.learn()
        return done(taught("taken_step", n=n, k=k), "/calibrate/camera#teach")
    finally:
        t.busy.release()
