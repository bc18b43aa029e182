"""The dice tables' part of teaching the camera (camera_board/learn.py): Schocken's three
dice showing 1 to 3 and then 4 to 6 on spots of the felt, Neunfeld's dice III, IV and V on
spots and its two pieces on squares 3 and 7. From them: the empty table (the frames'
median), each die colour's and the pieces' colour as the camera sees them in the table's
light, checked by reading the steps' pictures again."""
from __future__ import annotations

import math

import numpy as np

from camera_board.appearance import Appearance, Colour
from camera_board.dice_detect import (BRIGHT_PIP, DARK_LEARNED, DiceDetector, body_names, dice_starting, grey_of,
                                      pips_name)
from camera_board.dice_layout import TABLES
from camera_board.teaching import Learned, LearnError, Placed, Step, empty_board, rectified
from camera_board.words import doubt

SPOT = 25.0          # mm round its spot a die or a piece is looked for
ALIKE = 40.0         # BGR distance under which two colours the camera must tell apart look alike
LIKE_TABLE = 35.0    # BGR distance from the table's own colour under which a die looks like it


def dice_steps(game: str):
    table = TABLES[game]()
    if game == "schocken":
        spots = ((60.0, 130.0), (130.0, 130.0), (200.0, 130.0))
        return (Step("pieces", tuple(Placed("die", x, y, v) for (x, y), v in zip(spots, (1, 2, 3))), "schocken"),
                Step("pieces-2", tuple(Placed("die", x, y, v) for (x, y), v in zip(spots, (4, 5, 6))),
                     "schocken-2"))
    spots = ((120.0, 80.0), (250.0, 80.0), (380.0, 80.0))
    dice = tuple(Placed(name, x, y, value) for name, (x, y), value in zip(body_names(table), spots, (1, 4, 2)))
    pieces = tuple(Placed("piece", *table.square_centre(square)) for square in (3, 7))
    return (Step("pieces", dice + pieces, "neunfeld"),)


def learn_dice(game: str, calibration, planned, frames):
    table = TABLES[game]()
    reference, noise = empty_board(rectified(calibration, frames[0], "empty"))
    brightness = float(np.median(reference))
    if brightness < DARK_LEARNED:
        raise LearnError("dark", step="empty")
    start = dice_starting(table)
    # as bright as the drawn table (the dice's thresholds are grey levels of a table in a
    # normal light): the learned light is a dim pub's or a bright one's
    drawn = start.view(calibration.extent, calibration.scale, reference.shape)
    gain = float(np.median(drawn.sum(axis=2))) / max(1.0, float(np.median(reference.sum(axis=2))))
    reference, noise = reference * gain, noise * gain
    appearance = Appearance(game, calibration.scale, calibration.extent, reference, noise, start.colours, True,
                            brightness)
    detector = DiceDetector(table, calibration, appearance=appearance)
    samples: dict[str, list[np.ndarray]] = {}
    found: dict[tuple[int, int], list[float]] = {}
    problems = []
    for s, step in enumerate(planned[1:], 1):
        for view in rectified(calibration, frames[s], step.name):
            for i, (piece, where, colour, pips) in enumerate(_blobs_at(detector, view, step.pieces)):
                if where is None:
                    continue
                found.setdefault((s, i), []).append(math.hypot(where[0] - piece.x, where[1] - piece.y))
                samples.setdefault(piece.kind, []).append(colour)
                # the pips: dark or light, whichever way (and only one) shows the face the die
                # was laid with
                showing = [pip for count, pip in pips.values() if count == piece.value and pip is not None]
                if piece.value is not None and len(showing) == 1:
                    samples.setdefault(pips_name(piece.kind), []).append(showing[0])
    missed = [(s, step, piece) for s, step in enumerate(planned[1:], 1) for i, piece in enumerate(step.pieces)
              if len(found.get((s, i), [])) * 2 < len(frames[s])]
    # a kind of which not one die laid is seen looks like the table (all off their spots is far
    # less likely): said once, with what to change, not as each die "not found: lay it on its spot"
    laid = [piece.kind for step in planned[1:] for piece in step.pieces]
    unseen = {kind for kind in laid if sum(piece.kind == kind for _, _, piece in missed) == laid.count(kind)}
    problems += [("unseen", {"kind": kind, "n": laid.count(kind)}) for kind in sorted(unseen)]
    for s, step, piece in missed:
        if piece.kind not in unseen:
            problems.append(("not_found", {"kind": piece.kind, "x": piece.x, "y": piece.y, "step": step.name}))
    colours, kinds = {}, {}
    for kind, parts in samples.items():
        mean = np.median(np.array(parts), axis=0)
        if kind.endswith(" pips"):      # (how many faces showed them: a die's pips, no kind of their own)
            colours[kind] = Colour.of(mean, np.diag((0.06 * mean + 6.0) ** 2), len(parts), float("nan"))
            continue
        apart = [float(np.median(v)) for (s, i), v in found.items() if planned[s].pieces[i].kind == kind]
        colours[kind] = Colour.of(mean, np.diag((0.06 * mean + 6.0) ** 2), len(apart), float(np.median(apart)))
        kinds[kind] = (len(apart), float(np.median(apart)))
    appearance = appearance.with_colours(colours)
    if not problems:
        problems += _separations(colours, reference)
    if not problems:
        problems += _read_again(table, calibration, appearance, planned, frames)
    return Learned(appearance, kinds, problems, calibration.mapping.homography)


def _blobs_at(detector: DiceDetector, view: np.ndarray, pieces):
    """For each die or piece laid: where its blob lies (board mm; None: no blob near its
    spot) and the blob's colour as the detector sees it (evened out)."""
    blobs = detector.blobs(view)
    out = []
    for piece in pieces:
        near = min(blobs, key=lambda b: math.hypot(b[0][0] - piece.x, b[0][1] - piece.y), default=None)
        if near is None or math.hypot(near[0][0] - piece.x, near[0][1] - piece.y) > SPOT:
            out.append((piece, None, None, {}))
        else:
            out.append((piece, *near))
    return out


def _separations(colours: dict[str, Colour], reference: np.ndarray) -> list:
    """Colours the camera must tell apart that are alike, and a die that looks like the table."""
    problems = []
    table = np.median(reference.reshape(-1, 3), axis=0)
    names = sorted(k for k in colours if not k.endswith(" pips"))
    for i, a in enumerate(names):
        if float(np.linalg.norm(np.array(colours[a].mean) - table)) < LIKE_TABLE and not _by_pips(colours, a, table):
            problems.append(("like_board", {"kind": a, "share": 100.0}))
        for b in names[i + 1:]:
            if float(np.linalg.norm(np.array(colours[a].mean) - np.array(colours[b].mean))) < ALIKE:
                problems.append(("alike", {"a": a, "b": b}))
    return problems


def _by_pips(colours: dict[str, Colour], kind: str, table: np.ndarray) -> bool:
    """Whether the camera finds a die of ``kind`` by its light pips where its colour is the
    table's (Miwin's black die on slate: camera_board/dice_detect.py, ``_dark_dice``; a frame
    that does not find it is unsure)."""
    pips = colours.get(pips_name(kind))
    return pips is not None and kind.startswith("die ") and \
        grey_of(pips.mean) > BRIGHT_PIP * grey_of(table)


def _read_again(table, calibration, appearance, planned, frames) -> list:
    """Each step's pictures read with what was learned: the dice's faces as laid (Schocken),
    three dice and the pieces' squares (Neunfeld)."""
    detector = DiceDetector(table, calibration, appearance=appearance)
    for s, step in enumerate(planned[1:], 1):
        for view in rectified(calibration, frames[s], step.name):
            sighting = detector.read(view)
            what = sighting.problem
            if what is None and table.squares:
                laid = {sq for p in step.pieces if p.kind == "piece" for sq in range(1, 10)
                        if table.square_centre(sq) == (p.x, p.y)}
                seen = {i + 1 for i, taken in enumerate(sighting.squares) if taken}
                values = [p.value for p in step.pieces if p.kind != "piece"]     # III, IV, V
                shown = [d.value for d in sighting.dice]
                if seen != laid or shown != values:
                    what = doubt("squares_and_dice", squares=str(sorted(seen)), dice=str(shown), laid=str(sorted(laid)),
                                 values=str(values))
            elif what is None:
                values = [p.value for p in sorted(step.pieces, key=lambda p: p.x)]
                seen = [d.value for d in sighting.dice]
                if seen != values:
                    what = doubt("dice_shown", dice=str(seen), values=str(values))
            if what is not None:
                return [("read_again", {"step": step.name, "what": what})]
    return []
