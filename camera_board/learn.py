"""The installer teaches the camera the board (docs/camera.md, "Teaching the camera").

In a few steps, each a few frames of the camera's picture: first the empty board, then the
pieces laid where ``steps(game)`` asks (Shove: five coins in the middle of beds; Carrom:
the break's formation and the striker; Schocken: the dice showing 1 to 3, then 4 to 6;
Neunfeld: its dice and pieces). From them the camera keeps the empty board as it looks
under the pub's light (in board millimetres, the frames' median) and each kind's colour as
its pieces' tops show it (camera_board/appearance.py), and checks what it learned: it
reads the steps' own pictures with it (each piece where it lies, of its kind, nothing
else), and a kind it cannot tell from the board or from another kind is refused in words,
with what to change.

    from camera_board.learn import steps, learn, reader
    frames = [[...empty board frames...], [...frames of step 1...], ...]   # one list a step
    learned = learn("carrom", lens, frames)          # markers in the picture; else corners=
    learned.problems      # [] when good, else what is wrong (``learned.said("de")`` in words)
    learned.appearance.save("camera-carrom.npz")
    board = reader("carrom", lens, learned.appearance)   # .see(frame): the settled read

The staff page (web_admin/camera.py) and ``tablegame camera-learn`` (video files or
pictures: table_app/camera_learn.py) are the two ways an installer runs it.
"""
from __future__ import annotations

import math
from typing import Sequence

import cv2
import numpy as np

from camera_board import coin_look
from camera_board.appearance import Appearance, Colour
from camera_board.calibrate import Calibration, CornersError, corner_homography
from camera_board.camera import Lens
from camera_board.game_layout import layout_of
from camera_board.shadow_depth import ShadowDepth
from camera_board.teaching import Learned, LearnError, Placed, Step, empty_board, rectified
from camera_board.words import doubt

SAMPLE = 0.65        # of a piece's radius round its top's middle: the pixels its colour is learned from
FOUND = 0.6          # of a piece's disc that differs from the board: a piece is there
NEAR = 8.0           # mm round its spot a piece is looked for first
SEARCH = 25.0        # mm round its spot a piece is looked for when it is not near it
FAR = 10.0           # mm from its spot: laid elsewhere (said so)
READ_AGAIN = 3.0     # mm a piece may lie from where it was learned, or from its spot, when its step is read again
LIKE_BOARD = 0.2     # share of a kind's pixels that look like the plain board: too many
LIGHT_SLACK = 0.03   # a kind's colour spread widened by this share: the light as evened is a few % off
FAINT = 0.2          # of a piece's disc on its spot that differs from the board, on the median, where the piece
                     # is not found: something faint lies there (the piece, too like the board: dark old pennies
                     # on walnut 0.36 to 0.55 where FOUND wants 0.6; the empty board there 0.00)
LOOK_APART = 1.3     # mm from their spots (the centroids' median) from which the teaching is refused: the loosest
                     # camera measured. Under it the read's own doubts keep what the look does not place to 1 mm
                     # (a fit only just, a coin it does not place, a coin?): taught, the eight tuning cameras
                     # from 0.60 to 1.29 whose read again passes (903, 11, 94, 97, 1,000,089, 123, 161, 198) read
                     # 31 boards of 64 right, none WRONG, their coins 0.91 mm off at most. The bar was 0.6, set
                     # when 903's coins, read by its look, lay up to 1.9 mm off: doubted by the read since ("The
                     # teachings refused on fourteen Shove tuning sets, read as if taught", docs/camera.md)
# the games whose teaching learns its shadows' depth (camera_board/shadow_depth.py): measured on
# Carrom's men; Shove's coins (1.8 mm, a shadow under a millimetre wide) not
LEARNS_DEPTH = ("carrom",)
# the games whose teaching, read again, sets aside the doubts of a man like the board in shadow
# (``IN_SHADOW``: where does he end and his shadow begin?) and says them as a warning, not a refusal:
# Carrom, whose settled read doubts each such man on the board in the same words, and a white in a
# light the camera clips (detect.CLIPPED_ROUND, what the refusal had hidden on 1,000,203). The
# pieces so doubted are judged with the rest (read where they lie, the count), every other doubt
# refuses as before (docs/camera.md, "A formation's kind like the board in shadow taught with a
# warning"). Shove keeps the refusal: a coin its learned look places is not doubted for looking like
# the board in shadow on the board (detect.Detector.centres), so the read again is the only check
SHADOW_WARNED = ("carrom",)
IN_SHADOW = ("like_board_in_shadow", "edge_in_shadow")    # (words.py's keys of those doubts)
# -- the steps ---------------------------------------------------------------------------
def steps(game: str, board=None) -> tuple[Step, ...]:
    """What the installer lays for each step of ``game`` ("shove", "carrom", "schocken",
    "neunfeld"; ``board`` the game's ShoveBoard or CarromBoard, None the default one)."""
    empty = Step("empty", (), "empty")
    if game == "shove":
        return empty, Step("pieces", _shove_spots(board), "shove")
    if game == "carrom":
        return empty, Step("pieces", _carrom_spots(board), "carrom")
    if game in ("schocken", "neunfeld"):
        from camera_board.dice_learn import dice_steps
        return (empty, *dice_steps(game))
    raise ValueError(f"the camera board reads Shove, Carrom, Schocken and Neunfeld, not {game}")


def _shove_spots(board) -> tuple[Placed, ...]:
    from tablegame.families.shove.board import hapenny_board
    board = board or hapenny_board()
    r = board.coin_radius
    left, right = board.lane
    middle = (left + right) / 2
    across = {1: middle, 3: left + r + 6, 5: middle, 7: right - r - 6, 9: middle}
    spots = []
    for bed, x in across.items():
        bed = min(bed, board.beds)
        near, far = board.bed_span(bed)
        spots.append(Placed("coin", x, (near + far) / 2))
    return tuple(spots)


def _carrom_spots(board) -> tuple[Placed, ...]:
    from tablegame.families.carrom.physics import CarromBoard, break_setup
    board = board or CarromBoard()
    return (*(Placed(p.kind, p.x, p.y) for p in break_setup(board)),
            Placed("striker", board.size / 2, board.striker_line_y()))


# -- the reader -------------------------------------------------------------------------------
def calibration_for(game: str, lens: Lens, board=None, homography=None, marker_mm: float = 0.0) -> Calibration:
    """The camera board's mapping for ``game``: its scale and margin as the board reads it."""
    from camera_board.board import SCALE
    from camera_board.dice_detect import MARGIN as DICE_MARGIN
    margin = DICE_MARGIN if game in ("schocken", "neunfeld") else 2.0
    return Calibration(layout_of(game, board, marker_mm), lens, SCALE[game], margin=margin, homography=homography)


def reader(game: str, lens: Lens, appearance: Appearance | None = None, board=None, homography=None):
    """The camera board's settled read of ``game`` (``.see(frame)``) with ``appearance``
    (None: the starting values) and the mapping from the markers (or ``homography``)."""
    from camera_board.board import HEIGHTS
    calibration = calibration_for(game, lens, board, homography)
    if game in ("schocken", "neunfeld"):
        from camera_board.dice_detect import DiceDetector
        from camera_board.dice_layout import TABLES
        return DiceDetector(TABLES[game](), calibration, appearance=appearance)
    from camera_board.detect import Detector
    return Detector(calibration.layout, calibration, HEIGHTS, appearance)


# -- learning ---------------------------------------------------------------------------------
def learn(game: str, lens: Lens, frames: Sequence[Sequence[np.ndarray]], *, board=None,
          homography=None, corners=None, marker_mm: float = 0.0) -> Learned:
    """What the camera learns from ``frames`` (one list of BGR frames per step of
    ``steps(game, board)``, the empty board first). ``homography`` (board mm -> undistorted
    pixels) or ``corners`` (the surface's corners in the picture: front left, front right,
    back right, back left) when the markers are not there; else the markers in each frame.
    LearnError in words when nothing can be learned (no pictures, no mapping, too dark, four
    corners that make no board);
    what it learned with what is wrong with it otherwise (``Learned.problems``)."""
    planned = steps(game, board)
    if len(frames) < len(planned) or not frames[0]:
        raise LearnError("no_frames", step=planned[min(len(frames), len(planned) - 1)].name)
    layout = layout_of(game, board, marker_mm)
    if corners is not None:
        gray = cv2.cvtColor(frames[0][0], cv2.COLOR_BGR2GRAY)
        try:
            homography = corner_homography(layout, lens, corners, gray)
        except CornersError as error:
            raise LearnError(error.key, **error.values) from None
    calibration = calibration_for(game, lens, board, homography, marker_mm)
    if game in ("schocken", "neunfeld"):
        from camera_board.dice_learn import learn_dice
        return learn_dice(game, calibration, planned, frames)
    return _learn_board(game, calibration, planned, frames)


def _learn_board(game: str, calibration: Calibration, planned, frames) -> Learned:
    from camera_board.board import HEIGHTS
    from camera_board.detect import DARK, SHADED, Detector, loose, starting
    layout = calibration.layout
    reference, noise = empty_board(rectified(calibration, frames[0], "empty"))
    brightness = float(np.median(reference))
    if brightness < DARK:
        raise LearnError("dark", step="empty")
    first = starting(layout)     # (the pieces' colours until learned)
    appearance = Appearance(game, calibration.scale, calibration.extent, reference, noise, first.colours, True,
                            brightness)
    detector = Detector(layout, calibration, HEIGHTS, appearance)
    samples: dict[str, list[np.ndarray]] = {}
    where: dict[tuple[int, int], list[tuple[float, float]]] = {}    # (step, piece) -> found places
    differs: dict[tuple[int, int], list[float]] = {}    # (step, piece) -> how much its spot differs from the board
    problems: list[tuple[str, dict]] = []
    warnings: list[tuple[str, dict]] = []
    patches: dict[str, list[np.ndarray]] = {}
    shadows = ShadowDepth()
    for s, step in enumerate(planned[1:], 1):
        for view in rectified(calibration, frames[s], step.name):
            looked = detector.look(view)
            if looked.apart is None:
                raise LearnError("dark", step=step.name)
            for kind, patch in coin_look.taught(detector, looked, step.pieces, _middle_of):
                patches.setdefault(kind, []).append(patch)     # (the coins' look: coin_look.py)
            if game in LEARNS_DEPTH:
                shadows.add(detector, looked, step.pieces, _top)
            for i, piece in enumerate(step.pieces):
                differs.setdefault((s, i), []).append(_differs(detector, looked.apart, piece))
            for i, (piece, centre, pixels) in enumerate(_pieces_seen(detector, looked, step.pieces)):
                if centre is not None:
                    where.setdefault((s, i), []).append(centre)
                    samples.setdefault(piece.kind, []).append(pixels)
    kinds, colours = {}, {}
    unseen = {p.kind for s, step in enumerate(planned[1:], 1) for i, p in enumerate(step.pieces)
              if len(where.get((s, i), [])) * 2 < len(frames[s])}
    # a kind of which not one piece laid is seen: it looks like the board (all on their
    # spots wrongly is far less likely), said once with what to change
    unseen -= {p.kind for s, step in enumerate(planned[1:], 1) for i, p in enumerate(step.pieces)
               if len(where.get((s, i), [])) * 2 >= len(frames[s])}
    for kind in sorted(unseen):
        laid = sum(p.kind == kind for step in planned[1:] for p in step.pieces)
        problems.append(("unseen", {"kind": kind, "n": laid}))
    for s, step in enumerate(planned[1:], 1):
        for i, piece in enumerate(step.pieces):
            found = where.get((s, i), [])
            if piece.kind in unseen:
                continue
            if len(found) * 2 < len(frames[s]):    # (something faint on its spot: the piece, too like the board)
                faint = float(np.median(differs[(s, i)])) >= FAINT
                problems.append(("faint" if faint else "not_found",
                                 {"kind": piece.kind, "x": piece.x, "y": piece.y, "step": step.name}))
                continue
            x, y = np.median(np.array(found), axis=0)
            if math.hypot(x - piece.x, y - piece.y) > FAR:
                problems.append(("far", {"kind": piece.kind, "x": piece.x, "y": piece.y,
                                         "mm": math.hypot(x - piece.x, y - piece.y)}))
    for kind, parts in samples.items():
        apart = [math.hypot(*(np.median(np.array(where[(s, i)]), axis=0) - (p.x, p.y)))
                 for s, step in enumerate(planned[1:], 1) for i, p in enumerate(step.pieces)
                 if p.kind == kind and (s, i) in where]
        mean, cov = colour_of(np.concatenate(parts))
        colours[kind] = Colour.of(mean, cov, len(apart), float(np.median(apart)))
        kinds[kind] = (len(apart), float(np.median(apart)))
    appearance = appearance.with_colours(colours).with_looks(
        {k: coin_look.learned(p, calibration.scale) for k, p in patches.items()}).with_depths(
        shadows.depths(SHADED), shadows.tints(SHADED))
    if not problems:
        problems += separations(detector.look(calibration.rectify(frames[0][0])).grid, colours,
                                {k: np.concatenate(v) for k, v in samples.items()})
        # a camera whose centroid cannot place them to the millimetre: read by their learned look
        # where it places them (a look carries the camera's own pull: it was cut where the coins
        # show); a kind without one, or so loose that the look does not place it either, is told
        # as such, not as a step read wrong (its read again would doubt every piece: "check the light")
        too_loose = [("coins_too_loose", {"apart": float(apart)}) for kind, apart in
                     loose(calibration, appearance).items() if kind not in appearance.looks or apart >= LOOK_APART][:1]
        if too_loose:
            problems += too_loose
        else:
            read_wrong, warnings = _read_again(game, calibration, appearance, planned, frames, where)
            problems += read_wrong
    return Learned(appearance, kinds, problems, calibration.mapping.homography, warnings)


def _pieces_seen(detector, looked, pieces: tuple[Placed, ...]):
    """For each piece laid for a step: the piece, where the camera sees it (board mm, or
    None: nothing piece-like near its spot) and its top's pixels (evened colours)."""
    from camera_board.detect import CORE_FILL
    calibration, apart = detector.calibration, looked.apart
    scale = calibration.scale
    h, w = apart.shape
    # each piece looked for near its spot first (the break's men touch: a wide search finds
    # a neighbour), then the ones not there farther out, away from those found
    kept: list = [None] * len(pieces)
    for reach_mm in (NEAR, SEARCH):
        taken = [(k[2], k[3], k[4]) for k in kept if k is not None]
        for n, piece in enumerate(pieces):
            if kept[n] is None:
                kept[n] = _best_near(detector, apart, piece, reach_mm, taken)
    placed = [k for k in kept if k is not None]
    middles = iter(detector.centres(placed, apart, looked.evened, looked.grid, looked.shares)) if placed else iter(())
    fills = iter(detector.fills if placed else ())
    seen = []
    for piece, k in zip(pieces, kept):
        if k is None:
            seen.append((piece, None, None))
            continue
        cu, cv = next(middles)
        if next(fills) < CORE_FILL:        # much of it like the board: where it is laid (its colour
            cu, cv = _middle_of(detector, piece)   # then says it is like the board)
        seen.append((piece, calibration.to_board(cu, cv, detector.heights[piece.kind] / 2), None))
    tops = [_top(calibration, detector.heights[p.kind], c) if c is not None else None for p, c, _ in seen]
    out = []
    for n, (piece, centre, _) in enumerate(seen):
        if centre is None:
            out.append((piece, None, None))
            continue
        r = detector.layout.piece_radii[piece.kind] * scale * SAMPLE
        tu, tv = tops[n]
        iu, iv, reach = int(round(tu)), int(round(tv)), int(r + 1)
        u0, v0, u1, v1 = max(0, iu - reach), max(0, iv - reach), min(w, iu + reach + 1), min(h, iv + reach + 1)
        yy, xx = np.mgrid[v0:v1, u0:u1]
        near = (xx - tu) ** 2 + (yy - tv) ** 2
        mask = (near <= r * r) & (apart[v0:v1, u0:u1] > 0.5)
        for m, other in enumerate(tops):
            if m != n and other is not None:
                mask &= near < (xx - other[0]) ** 2 + (yy - other[1]) ** 2
        out.append((piece, centre, looked.evened[v0:v1, u0:u1][mask]))
    return out


def _middle_of(detector, piece: Placed) -> tuple[float, float]:
    """Where the middle of a piece laid exactly on its spot shows (rectified pixels)."""
    cx, cy, cz = detector.calibration.mapping.camera
    k = (cz - detector.heights[piece.kind] / 2) / cz      # the point half its height up, on the surface
    return detector.calibration.to_pixel(cx + (piece.x - cx) / k, cy + (piece.y - cy) / k)


def _differs(detector, apart: np.ndarray, piece: Placed) -> float:
    """How much of the disc where ``piece`` shows, laid on its spot, differs from the board
    (0 the board, 1 all of it)."""
    u, v = _middle_of(detector, piece)
    r = detector.layout.piece_radii[piece.kind] * detector.calibration.scale
    h, w = apart.shape
    u0, v0, u1, v1 = max(0, int(u - r)), max(0, int(v - r)), min(w, int(u + r) + 2), min(h, int(v + r) + 2)
    if u1 <= u0 or v1 <= v0:
        return 0.0
    yy, xx = np.mgrid[v0:v1, u0:u1]
    disc = (xx - u) ** 2 + (yy - v) ** 2 <= r * r
    return float(apart[v0:v1, u0:u1][disc].mean()) if disc.any() else 0.0


def _best_near(detector, apart: np.ndarray, piece: Placed, reach_mm: float, taken) -> tuple | None:
    """(response, kind, u, v, radius px) of the strongest piece-sized disc that differs from
    the board within ``reach_mm`` of ``piece``'s spot and away from the discs ``taken``."""
    calibration = detector.calibration
    scale, (h, w) = calibration.scale, apart.shape
    r = detector.layout.piece_radii[piece.kind] * scale
    u, v = calibration.to_pixel(piece.x, piece.y)
    reach = int(reach_mm * scale + r + 6)
    u0, v0, u1, v1 = max(0, int(u) - reach), max(0, int(v) - reach), min(w, int(u) + reach), min(h, int(v) + reach)
    if u1 - u0 < 3 or v1 - v0 < 3:
        return None
    # a disc, no ring: the break's men are hemmed in by touching men all round
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * int(r) + 1, 2 * int(r) + 1)).astype(np.float32)
    response = cv2.filter2D(apart[v0:v1, u0:u1], -1, disc / disc.sum(), borderType=cv2.BORDER_CONSTANT)
    yy, xx = np.mgrid[v0:v1, u0:u1]
    response[(xx - u) ** 2 + (yy - v) ** 2 > (reach_mm * scale) ** 2] = -1
    for tu, tv, tr in taken:
        response[(xx - tu) ** 2 + (yy - tv) ** 2 < (0.8 * (tr + r)) ** 2] = -1
    pu, pv = int(round(u)) - u0, int(round(v)) - v0    # where it should be, if it is there
    if not (0 <= pv < response.shape[0] and 0 <= pu < response.shape[1]) or response[pv, pu] < FOUND:
        pv, pu = np.unravel_index(int(np.argmax(response)), response.shape)
    if response[pv, pu] < FOUND:
        return None
    return float(response[pv, pu]), piece.kind, u0 + int(pu), v0 + int(pv), r


def _top(calibration: Calibration, height: float, foot: tuple[float, float]) -> tuple[float, float]:
    """Where a piece's top's middle shows in the rectified view (its foot at ``foot``)."""
    cx, cy, cz = calibration.mapping.camera
    k = cz / (cz - height)
    return calibration.to_pixel(cx + (foot[0] - cx) * k, cy + (foot[1] - cy) * k)


def colour_of(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A kind's colour from its tops' pixels: mean and covariance of the bulk (highlights and
    a stray rim pixel trimmed away), widened for the light's error and the sensor's noise."""
    x = np.asarray(pixels, np.float64).reshape(-1, 3)
    mean, cov = np.median(x, axis=0), np.cov(x.T) + np.eye(3)
    for _ in range(4):
        d = x - mean
        distance = np.einsum("ni,ij,nj->n", d, np.linalg.inv(cov), d)
        bulk = x[distance < 9.35] if (distance < 9.35).sum() > 10 else x    # chi-square 3, 97.5 %
        mean, cov = bulk.mean(axis=0), np.cov(bulk.T) + np.eye(3)
    return mean, cov + np.diag((LIGHT_SLACK * mean + 2.0) ** 2)


def separations(grid, colours: dict[str, Colour], samples: dict[str, np.ndarray]) -> list[tuple[str, dict]]:
    """A kind the camera cannot tell from the board (``LIKE_BOARD`` of its pixels, laid on
    the plain board, are more like the board there than like the kind) or from another
    kind, in words."""
    problems = []
    plain = np.flatnonzero(grid.plain)
    plain = plain[:: max(1, len(plain) // 2000)]
    board = grid.reference.reshape(-1, 3)[plain].astype(np.float64)
    spread = (1.0 / grid.inverse.reshape(-1, 3)[plain]).astype(np.float64)
    for kind, colour in colours.items():
        # the kind's own pixels as learned, laid on the plain board here and there: the share
        # of them the board's colour there explains better than the kind's
        pixels = samples[kind][:: max(1, len(samples[kind]) // 400)].astype(np.float64)
        inverse = np.linalg.inv(colour.covariance)
        d = pixels - np.array(colour.mean)
        own = -0.5 * np.einsum("ni,ij,nj->n", d, inverse, d) - 0.5 * math.log(np.linalg.det(colour.covariance))
        there = -0.5 * ((((pixels[:, None, :] - board[None]) ** 2) / spread[None]).sum(axis=2)
                        + np.log(spread).sum(axis=1)[None])
        share = float((there > own[:, None]).mean())
        if share > LIKE_BOARD:
            problems.append(("like_board", {"kind": kind, "share": 100 * share}))
    # two kinds alike: many of one's own pixels more like the other's colour than its own (a
    # striker's rings widen its spread: the pixels say what the means and spreads cannot)
    like = {k: _log_likelihood(samples[k][:: max(1, len(samples[k]) // 400)].astype(np.float64), colours)
            for k in colours}
    names = sorted(colours)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if max(float((like[a][b] > like[a][a]).mean()), float((like[b][a] > like[b][b]).mean())) > LIKE_BOARD:
                problems.append(("alike", {"a": a, "b": b}))
    if "white" in colours and "black" in colours and sum(colours["white"].mean) < sum(colours["black"].mean):
        problems.append(("swapped", {}))
    return problems


def _log_likelihood(pixels: np.ndarray, colours: dict[str, Colour]) -> dict[str, np.ndarray]:
    """Each pixel's log-likelihood under each kind's colour (a Gaussian of its mean and spread)."""
    out = {}
    for kind, colour in colours.items():
        d = pixels - np.array(colour.mean)
        out[kind] = (-0.5 * np.einsum("ni,ij,nj->n", d, np.linalg.inv(colour.covariance), d)
                     - 0.5 * math.log(np.linalg.det(colour.covariance)))
    return out


def _read_again(game, calibration, appearance, planned, frames, where) -> tuple[list, list]:
    """Each step's frames read with what was learned: every piece where it was found or on its spot, of
    its kind, nothing else, nothing doubted. What is wrong (the first frame read wrong, said with what
    to change), and what to know: in a game of ``SHADOW_WARNED`` the doubts of a man like the board in
    shadow (``IN_SHADOW``) are set aside, every other piece and doubt judged as before, and the kinds
    so doubted said as a warning ("like_shadow_taught")."""
    from camera_board.board import HEIGHTS
    from camera_board.detect import Detector, loose
    detector = Detector(calibration.layout, calibration, HEIGHTS, appearance)
    detector.formation = True     # (its men touching all round settle slower: detect.UNSETTLED)
    loosely = loose(calibration, appearance)
    shadowed: dict[str, str] = {}     # kind -> the step whose men of it were set aside as like the board in shadow

    def warned() -> list[tuple[str, dict]]:
        return [("like_shadow_taught", {"kind": kind, "step": step}) for kind, step in sorted(shadowed.items())]

    for s, step in enumerate(planned[1:], 1):
        for view in rectified(calibration, frames[s], step.name):
            sighting = detector.read(view)
            what, pieces, kind_doubts = sighting.problem, sighting.pieces, detector.kind_doubts
            doubts = what.values["what"] if getattr(what, "key", None) == "not_a_piece" else []
            aside = [d for d in doubts if getattr(d, "key", None) in IN_SHADOW] if game in SHADOW_WARNED else []
            if aside:      # (the men so doubted read as found, judged below with the rest)
                for d in aside:
                    shadowed.setdefault(d.values["kind"], step.name)
                rest = [d for d in doubts if not any(d is a for a in aside)]
                what = doubt("not_a_piece", what=rest) if rest else None
                pieces = tuple(sighting.details.get("found", ()))
                kind_doubts = {(why, kind) for why, kind in kind_doubts if why != "like_board_in_shadow"}
            unsure = [(d.values["kind"], d.values["x"], d.values["y"]) for d in aside]
            if what is None:
                laid = {(s, i): p for i, p in enumerate(step.pieces)}
                for key, piece in laid.items():
                    x, y = np.median(np.array(where[key]), axis=0)
                    # where it was found, or its spot: the teaching's centroids (the starting colours)
                    # of touching blacks in the break lie up to 2.7 mm off their spots while the read
                    # with what was learned places them within 1.4 mm (1,000,075, 076 on the markers'
                    # corners where their sides meet: 3.05 and 3.07 mm from the centroid, refused).
                    # A man doubted like the board in shadow is read there, his place unsure by his
                    # doubt (where does he end?), and never taken on a board: judged found within NEAR,
                    # where the teaching looks for him first (tuning installation 0's whites 1.5 to
                    # 4.0 mm off; the formation's men are a man's width apart, 30 mm)
                    if not any(f.kind == piece.kind and min(math.hypot(f.x - x, f.y - y),
                                                            math.hypot(f.x - piece.x, f.y - piece.y)) <= READ_AGAIN
                               for f in pieces) \
                            and not any(kind == piece.kind and min(math.hypot(u - x, v - y),
                                                                   math.hypot(u - piece.x, v - piece.y)) <= NEAR
                                        for kind, u, v in unsure):
                        what = doubt("not_read_at", kind=piece.kind, x=float(x), y=float(y))
                        break
                else:
                    if len(pieces) != len(step.pieces):
                        what = doubt("pieces_count", n=len(pieces), of=len(step.pieces))
            if detector.loose_doubted:    # a taught piece its look does not place, on a loose camera
                return [("coins_too_loose", {"apart": float(loosely[kind])})
                        for kind in sorted(detector.loose_doubted)][:1], warned()
            if what is not None and kind_doubts and not sighting.hand:   # (a hand: "read_again" says so)
                return [_what_to_change(appearance, *sorted(kind_doubts)[0], step.name)], warned()
            if what is not None and loosely and not sighting.hand:
                # a loose camera's step read again wrong for another doubt (a one-sided rim): its
                # focus is what helps, not the light (1,000,211, 0.60 mm: focused, no JPEG, taught and 6
                # of its 8 boards right, none WRONG; 1.6 times the light, refused as before)
                return [("coins_too_loose", {"apart": float(max(loosely.values()))})], warned()
            if what is not None:
                return [("read_again", {"step": step.name, "what": what})], warned()
    return [], warned()


def _what_to_change(appearance: Appearance, why: str, kind: str, step: str) -> tuple[str, dict]:
    """A kind the teaching's pictures, read again, doubt at its spots, said with the change that
    helps ("check the light" does not: a drop shadow stays the lamp's share of it, and a colour
    near the board's or another kind's stays near it). ``why``: the read's doubt, "like_board",
    "like_board_in_shadow" or "maybe" (a peak only half its kind's: tuning installation 3's ivory
    whites beside a white-ringed striker, all nine "white?"; with a pale blue striker taught)."""
    if why == "like_board_in_shadow":
        return "like_shadow", {"kind": kind, "step": step}
    if why == "like_board":     # (more light taught 2 of 4 such pennies on walnut, another colour of coin all 4)
        return "read_like_board", {"kind": kind, "step": step}
    own = appearance.colours[kind]
    inverse = np.linalg.inv(np.asarray(own.covariance, np.float64))
    board = np.median(np.asarray(appearance.reference, np.float64).reshape(-1, 3), axis=0)
    means = {other: colour.mean for other, colour in appearance.colours.items() if other != kind and colour.learned}
    means["board"] = board

    def far(other: str) -> float:     # (in the kind's own spread: the nearest colour is the one it is taken for)
        d = np.asarray(means[other], np.float64) - np.asarray(own.mean, np.float64)
        return float(d @ inverse @ d)

    other = min(means, key=far)
    if other == "board":
        return "half_found_board", {"kind": kind, "step": step}
    return "half_found", {"kind": kind, "other": other, "step": step}
