"""A Carrom white's look learned from men laid apart, fitted to place a white the settled read
doubts for looking like the board in shadow ("A man's look learned from men laid apart",
docs/camera.md).

A white "like the board in shadow" (a brown-wood or cream man on a board of his own hue) is
read by his centroid, whose rim and drop shadow cannot be told apart: as if taught, about half
such whites lie over 2 mm off, so the read doubts them. Shove's coins are placed by their look
learned at the teaching (camera_board/coin_look.py), but the break's formation teaches no look
of a man (nine touching men, each leaning another way). So Carrom's teaching has a second
pieces step, ``APART``: the men laid on a ring, a man's diameter of board between them
(camera_board/learn.py, ``_carrom_apart``). Round each white laid there the picture is cut as
coin_look cuts a coin (``coin_look.around``), and each spot's patches averaged: his top, side
wall and drop shadow as this camera and lamp show them **there** (a man 6 mm thick leans
outwards from the point below the camera by up to 2 mm, and the lamp's shadow falls another
way on each side of the board). In play a doubted white is fitted by the mean of the
``NEAREST`` spots' looks round him (one look for the whole board placed such whites 0.65 mm
off at the median, some just under 2 mm at good fits; the three nearest 0.30 mm), where his
centroid read him, as coin_look fits a coin; where it fits within ``SLACK`` of how well it fits
each of those spots' own looks (``near``), the fit places him and the shadow's doubt is lifted."""
from __future__ import annotations

import math

import numpy as np

from camera_board import coin_look
from camera_board.coin_look import CoinLook

APART = "apart"      # the teaching step whose men are laid apart (camera_board/learn.py)
FITTED = ("white",)  # the kinds whose look is learned there and fitted
NEAREST = 3          # spots' looks averaged round a man in play
SLACK = 0.2          # a fit this much under the bar (``near``): not placed. On the probe's eighteen installations
                     # (636 whites doubted for their shadow) those it places lie 1.80 mm off at most, the first
                     # placed over 2 mm fits 0.26 under ("A man's look learned from men laid apart", docs/camera.md)
_AT = "@"            # a spot's look is kept as "white@x,y" (board mm) among Appearance.looks


def key(kind: str, x: float, y: float) -> str:
    return f"{kind}{_AT}{x:.1f},{y:.1f}"


def spot(name: str) -> tuple[str, float, float] | None:
    """(kind, x, y) of a spot's look's key, or None (a coin's look: its kind alone)."""
    kind, at, where = name.partition(_AT)
    if not at:
        return None
    x, _, y = where.partition(",")
    return kind, float(x), float(y)


def taught(detector, looked, pieces, middle_of):
    """(key, patch) for each white laid apart, in one frame of the step (as ``coin_look.taught``)."""
    scale = detector.calibration.scale
    for piece in pieces:
        if piece.kind in FITTED:
            half = coin_look.half_size(detector.layout.piece_radii[piece.kind], scale)
            u, v = middle_of(detector, piece)
            yield key(piece.kind, piece.x, piece.y), coin_look.around(
                looked.evened, looked.grid.reference, u, v, half, half - coin_look.BEYOND * scale)


def learned(patches: dict[str, list[np.ndarray]], scale: float) -> dict[str, CoinLook]:
    """Each spot's look: its frames' mean."""
    return {name: CoinLook(np.mean(np.stack(frames), axis=0).astype(np.float32), scale)
            for name, frames in patches.items()}


def near(looks: dict, kind: str, x: float, y: float, scale: float) -> CoinLook | None:
    """The look of ``kind`` at (x, y) (board mm): the mean of the ``NEAREST`` spots' looks, its
    bar (``taught``) the worst of its fits to each of them (a white at one of those spots, as the
    look sees him there); None without any (a board taught before the step, or a coin's game)."""
    mine = {n: look.patch for n, look in looks.items() if (s := spot(n)) and s[0] == kind
            and abs(look.scale - scale) < 1e-6}
    if not mine:
        return None
    nearest = sorted(mine, key=lambda n: math.hypot(spot(n)[1] - x, spot(n)[2] - y))[:NEAREST]
    look = CoinLook(np.mean(np.stack([mine[n] for n in nearest]), axis=0).astype(np.float32), scale)
    return CoinLook(look.patch, scale, min(coin_look._score(look, mine[n]) for n in nearest))


def placed(look: CoinLook, score: float) -> bool:
    """Whether a fit this good places the man."""
    return score >= look.taught - SLACK


def place(detector, kept: list, middles: list, evened: np.ndarray, grid) -> list:
    """Each kept piece's middle, a white the read doubts for his shadow (his core like the board in
    shadow, his rim cut as his shadow, or his centroid not settled: detect.py's ``SHADED``,
    ``EDGE_SHADED``, ``UNSETTLED``) placed where his look fits (``placed``), and then that doubt
    lifted. Not in the formation read again (``detector.formation``): its touching men leave too
    little of a man's rim to fit (fits 0.1 to 1.1 under the bar), and the formation judges the
    teaching as before the men laid apart (lifting its doubt taught installations whose other
    pieces then read WRONG: 1,000,203's whites by their centroid, 206's striker)."""
    from camera_board.detect import EDGE_SHADED, SHADED, UNSETTLED
    looks = detector.appearance.looks
    if detector.quick or detector.formation or not any(spot(n) for n in looks):
        return middles
    calibration, scale = detector.calibration, detector.calibration.scale
    out = list(middles)
    for i, (_, kind, *_) in enumerate(kept):
        shadowed = (detector.shaded[i] > SHADED or detector.edge_shaded[i] > EDGE_SHADED.get(kind, math.inf)
                    or detector.unsettled[i] > UNSETTLED.get(kind, math.inf))
        if kind not in FITTED or not shadowed:
            continue
        look = near(looks, kind, *calibration.to_board(*middles[i], detector.heights[kind] / 2), scale)
        if look is None:
            continue
        others = [(ou, ov, detector.layout.piece_radii[kept[j][1]] * scale)
                  for j, (ou, ov) in enumerate(middles) if j != i]
        fu, fv, score = coin_look.fit(look, evened, grid.reference, *middles[i], others, grid.unmarked)
        if not placed(look, score):
            continue
        out[i] = (fu, fv)
        detector.placed[i] = True
        detector.shaded[i] = detector.edge_shaded[i] = detector.unsettled[i] = 0.0
    return out
