"""``tablegame camera-learn``: the installer teaches the camera the board from video files or
pictures instead of on the staff page (docs/camera.md, "Calibration"): one file for each step
of the calibration (the empty board, then the pieces as the step asks), each a video (a few
frames from its middle are used), a picture, or a folder of pictures. It learns
(camera_board/learn.py), says what it learned or what is wrong in words, and saves what it
learned through the configuration's one writer, beside the configuration (camera.learned),
where the camera board reads it at its next start. ``--corners`` for a board without
markers: the playing surface's four corners in the picture, saved as camera.homography.

Exit status: 0 learned and saved, 1 refused (nothing saved; what to change is said),
2 a bad command line, configuration or file."""
from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

FRAMES = 8                   # frames a video gives its step (a step's median: a passing hand is not kept)
KEEP = (0.1, 0.9)            # of a video: its start and end are where the installer's hand was
PICTURES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}

WORDS = {
    "de": {"steps": "{game}: {n} Dateien, eine für jeden Schritt, in dieser Reihenfolge:",
           "step": "  {n}. {words}",
           "count": "{game} lernt aus {n} Dateien (eine je Schritt), nicht aus {given}.",
           "cannot_open": "{file}: weder Bild noch Video, das sich öffnen lässt",
           "empty_file": "{file}: keine Bilder darin",
           "size": "{file}: die Bilder sind {w}×{h} Pixel groß, die Kamera liefert {cw}×{ch} (camera.size): "
                   "in der Größe der Kamera aufnehmen oder camera.size anpassen",
           "corners": "--corners: vier Punkte x,y im Bild (vorne links, vorne rechts, hinten rechts, "
                      "hinten links), z. B. --corners 102,870 1180,866 1104,95 170,92",
           "frames": "{step}: {n} Bilder aus {file}",
           "refused": "Nichts gespeichert: {what}",
           "refused_fix": "Nichts gespeichert. Die Bilder zeigen, was oben steht; ändern und neu aufnehmen.",
           "saved": "Gespeichert: {path} (camera.learned). Das Kamerabrett liest damit ab seinem nächsten Start.",
           "corners_saved": "Die Ecken des Bretts gespeichert (camera.homography): es liest auch ohne Marken.",
           "not_saved": "Nicht gespeichert: {error}",
           "no_camera": "Hinweis: board.kind ist nicht \"camera\"; das Gelernte gilt, sobald es das ist."},
    "en": {"steps": "{game}: {n} files, one for each step, in this order:",
           "step": "  {n}. {words}",
           "count": "{game} is learned from {n} files (one a step), not from {given}.",
           "cannot_open": "{file}: neither a picture nor a video that can be opened",
           "empty_file": "{file}: no pictures in it",
           "size": "{file}: its pictures are {w}×{h} pixels, the camera's are {cw}×{ch} (camera.size): "
                   "record at the camera's size, or set camera.size",
           "corners": "--corners: four points x,y in the picture (front left, front right, back right, "
                      "back left), e.g. --corners 102,870 1180,866 1104,95 170,92",
           "frames": "{step}: {n} pictures from {file}",
           "refused": "Nothing saved: {what}",
           "refused_fix": "Nothing saved. The pictures show what is said above; change it and record again.",
           "saved": "Saved: {path} (camera.learned). The camera board reads with it from its next start.",
           "corners_saved": "The board's corners saved (camera.homography): it reads without markers too.",
           "not_saved": "Not saved: {error}",
           "no_camera": "Note: board.kind is not \"camera\"; what was learned counts once it is."},
}


class Refused(Exception):
    """A file or option the command cannot use, in words (exit status 2)."""


def run(args, config, config_path: str) -> int:
    from camera_board.learn import LearnError, learn, steps
    from camera_board.service import CameraBoardError, game_of, lens_of
    from tablegame.config import play_settings, setup_for
    from tablegame.config.file import ConfigFile
    from tablegame.core.games import make_play

    language = args.language or config["table.language"]
    words = WORDS.get(language, WORDS["en"])
    try:
        board = getattr(make_play(setup_for(config), play_settings(config)), "board", None)
        game = game_of(board, config["table.game"])
    except CameraBoardError as error:
        print(f"camera-learn: {error}", file=sys.stderr)
        return 2
    planned = steps(game, board)
    if len(args.files) != len(planned):
        if args.files:
            print(words["count"].format(game=game, n=len(planned), given=len(args.files)), file=sys.stderr)
        print(_steps(words, game, planned, language), file=sys.stderr if args.files else sys.stdout)
        return 2 if args.files else 0
    lens = lens_of(config)
    try:
        corners = _corners(args.corners, words) if args.corners else None
        frames = [read_frames(path, lens.size, words) for path in args.files]
    except Refused as error:
        print(error, file=sys.stderr)
        return 2
    for step, taken, path in zip(planned, frames, args.files):
        print(words["frames"].format(step=step.name, n=len(taken), file=path))
    try:
        learned = learn(game, lens, frames, board=board, corners=corners, marker_mm=config["camera.marker_mm"])
    except LearnError as error:
        print(words["refused"].format(what=error.said(language)), file=sys.stderr)
        return 1
    for line in learned.said(language)[:len(learned.kinds)]:
        print(line)
    if not learned.ok:
        for line in learned.said(language)[len(learned.kinds):] + learned.warned(language):
            print(line, file=sys.stderr)
        print(words["refused_fix"], file=sys.stderr)
        return 1
    settings = ConfigFile(config_path, config)
    try:
        path = settings.save_beside("camera.learned", learned.appearance.to_bytes())
        if corners is not None:
            settings.save({"camera.homography": [float(v) for v in learned.homography.ravel()]})
    except (OSError, ValueError) as error:
        print(words["not_saved"].format(error=error), file=sys.stderr)
        return 2
    print(words["saved"].format(path=path))
    for line in learned.warned(language):    # (taught all the same: what the installer should know)
        print(line)
    if corners is not None:
        print(words["corners_saved"])
    if config["board.kind"] != "camera":
        print(words["no_camera"])
    return 0


def _steps(words: dict, game: str, planned, language: str) -> str:
    return "\n".join([words["steps"].format(game=game, n=len(planned)),
                      *(words["step"].format(n=n, words=step.said(language)) for n, step in enumerate(planned, 1))])


def _corners(points: list[str], words: dict) -> list[tuple[float, float]]:
    try:
        corners = [tuple(float(v) for v in point.split(",")) for point in points]
    except ValueError:
        raise Refused(words["corners"]) from None
    if len(corners) != 4 or any(len(c) != 2 or not all(np.isfinite(c)) for c in corners):
        raise Refused(words["corners"])
    return corners


def read_frames(path: str, size: tuple[int, int], words: dict = WORDS["en"]) -> list[np.ndarray]:
    """A step's frames from ``path``: a picture, a folder of pictures, or a video (up to
    ``FRAMES`` spread over its middle); each at the camera's ``size`` (Refused in words)."""
    where = Path(path)
    if where.is_dir():
        frames = [_picture(p, words) for p in sorted(where.iterdir()) if p.suffix.lower() in PICTURES]
    elif where.suffix.lower() in PICTURES:
        frames = [_picture(where, words)]
    else:
        frames = _video(where, words)
    if not frames:
        raise Refused(words["empty_file"].format(file=path))
    for frame in frames:
        h, w = frame.shape[:2]
        if (w, h) != tuple(size):
            raise Refused(words["size"].format(file=path, w=w, h=h, cw=size[0], ch=size[1]))
    return frames


def _picture(path: Path, words: dict) -> np.ndarray:
    frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if frame is None:
        raise Refused(words["cannot_open"].format(file=path))
    return frame


def _video(path: Path, words: dict) -> list[np.ndarray]:
    """Up to ``FRAMES`` frames spread evenly over the middle of the video (two passes: the
    frames are counted, then only those kept are decoded into pictures)."""
    capture = cv2.VideoCapture(str(path))
    if not path.is_file() or not capture.isOpened():
        raise Refused(words["cannot_open"].format(file=path))
    try:
        count = 0
        while capture.grab():
            count += 1
    finally:
        capture.release()
    if count == 0:
        return []
    first, last = int(count * KEEP[0]), max(int(count * KEEP[0]), int(np.ceil(count * KEEP[1])) - 1)
    wanted = set(np.linspace(first, last, min(FRAMES, last - first + 1)).round().astype(int).tolist())
    frames = []
    capture = cv2.VideoCapture(str(path))
    try:
        for n in range(last + 1):
            if not capture.grab():
                break
            if n in wanted:
                ok, frame = capture.retrieve()
                if ok:
                    frames.append(frame)
    finally:
        capture.release()
    return frames
