"""A coin's look learned at the teaching step, and that look fitted to place a coin in play.

The teaching lays the coins on known spots under the pub's own light (camera_board/learn.py).
Round each, the rectified picture is cut out centred on where the coin's middle shows when it
lies on its spot, and the patches of every coin and frame averaged: the coin's rim, side wall
and drop shadow as this lamp and camera give them. Each patch is made of the view's grey
over the empty board's where the board shows (1 bare, its drop shadow darker: the board's
grain and lines divided out) and, over the coin itself, the view's grey over the board's
typical grey there (a line under a coin is not the coin's: divided out it would show
through). In play that mean patch is slid over each coin found, a sub-pixel shift of up to
``REACH`` mm, by normalised correlation (a gain and an offset free: a guest's shadow) over
its rim only (``INNER`` mm inside the rim to ``BEYOND`` outside: the top's emboss and
shine say nothing of where the coin lies), the pixels nearer a neighbour or over a marker
left out, a slope of light across it free too (a guest's shadow's soft edge: ``_correlation``);
where it fits best is where the look puts the coin ("A coin's learned look fitted to place it",
docs/camera.md)."""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

FITTED = ("coin",)   # the kinds whose look is learned and fitted (Shove's coins: read to 1 mm)
BEYOND = 4.5         # mm beyond the coin's rim the look reaches (its drop shadow, the blurred rim)
INNER = 3.0          # mm inside the rim the fit still weighs (the rest of the top: its picture)
REACH = 2.0          # mm the fit may move a coin from where its centroid put it
RIM_KEPT = 0.5       # of the rim's pixels, at least this share off a marker's zone for the fit to place
                     # a coin (fewer say too little of where it lies: the centroid is kept)
SLACK = 0.3          # a fit this much worse than the teaching's worst: not this look (a coin in the
                     # gutter over the frame: the centroid is kept there)
CUT_SLACK = 0.04     # the same for a fit over a rim part of which a marker's zone leaves out (``trusted``):
                     # 17 such coins on the tuning sets fitted 0.022 under the taught worst at most and lay
                     # 0.56 mm off at most; 1,000,166 board 7's, 0.065 under, 1.52 mm (a coin in a gutter
                     # fitted closer is judged against its whole rim's fit: ``detect.CUT_APART``)
JUST = 0.1           # a fit that places a coin but less than this over its bar (``trusted``) has placed one
                     # that was not there (a touching coin 1.45 mm off at 0.075 over it, fresh set
                     # 1,000,120; a coin at the board's edge 6.2 mm off at 0.001): it is doubted where a
                     # piece within the look's reach or a shadow-like core could have pulled it (``alone``,
                     # detect.py); a lone coin placed only just lay 0.86 mm off at most on nineteen sets
NO_FIT = 0.1         # a fit under this is no fit at all (the look places coins at 0.6 to 0.99)
LIKE_FRAME = 0.25    # a top within this of the frame's grey under it is like the frame (``like_the_frame``)
OFF_SURFACE = 0.05   # a coin whose top lies this little over the playing surface lies off it, in a gutter
TOP_CORE = 0.7       # of the coin's radius, its top as the look's likeness to the frame is judged
RIM_BLUR = 1.0       # mm: how blurred the coin's edge is in the look (``over``: where the coin ends and
                     # the board round it begins, a blurred step)
SIDE = 0.5           # mm beyond its radius the coin itself still shows in the look (its side wall)
OVER_SLACK = 0.15    # a fit of the look as over the frame (``over``) this much worse than the taught coins'
                     # worst: not this look. On the fourteen tuning sets, of the side-gutter coins the look
                     # does not place, those within it lay 0.03 to 0.70 mm off ("A coin in the gutter placed
                     # against the learned empty board", docs/camera.md)
_GREY = np.ones((1, 3), np.float32)
_erfc = np.vectorize(math.erfc, otypes=[np.float32])


@dataclass(frozen=True, eq=False)
class CoinLook:
    """The mean patch (float32, square, ``scale`` px/mm, its middle the coin's middle seen
    half its height up) and how well it fitted the taught coins' own patches (the lowest
    normalised correlation: a fit in play this good or nearly is this look)."""
    patch: np.ndarray
    scale: float
    taught: float = 1.0

    @property
    def half(self) -> int:
        return self.patch.shape[0] // 2

    @property
    def radius(self) -> float:
        """The coin's radius (pixels)."""
        return self.half - BEYOND * self.scale


def half_size(radius_mm: float, scale: float) -> int:
    return int(round((radius_mm + BEYOND) * scale))


def around(evened: np.ndarray, reference: np.ndarray, u: float, v: float, half: int, radius: float) -> np.ndarray:
    """What the look is made of round (u, v) (pixels, sub-pixel), a square of side 2 half + 1:
    the view's grey over the empty board's, within ``radius`` of (u, v) over the board's
    median grey there."""
    size, at = (2 * half + 1, 2 * half + 1), (float(u), float(v))
    seen = cv2.transform(cv2.getRectSubPix(evened, size, at), _GREY)
    board = np.maximum(cv2.transform(cv2.getRectSubPix(reference, size, at), _GREY), 3.0)
    yy, xx = _grid(half)
    inside = xx * xx + yy * yy < radius * radius
    return np.where(inside, seen / float(np.median(board)), seen / board).astype(np.float32)


def taught(detector, looked, pieces, middle_of):
    """(kind, patch) for each piece of a fitted kind laid on its spot for a teaching step, in
    one of its frames (``looked``: the detector's look at it; ``middle_of(detector, piece)``:
    where its middle shows, lying on its spot)."""
    scale = detector.calibration.scale
    for piece in pieces:
        if piece.kind in FITTED:
            half = half_size(detector.layout.piece_radii[piece.kind], scale)
            u, v = middle_of(detector, piece)
            yield piece.kind, around(looked.evened, looked.grid.reference, u, v, half, half - BEYOND * scale)


def learned(patches: list[np.ndarray], scale: float) -> CoinLook | None:
    """The look from the taught coins' patches (None without any). A patch that fits the
    mean ``SLACK`` or more worse than the median patch does is not this look (a coin of
    another finish, one in the gutter): it is left out, and the look made again without it,
    so that its poor fit neither blurs the look nor lowers the bar a fit in play must reach
    (held-out installation 1,000,056: one coin of five at 0.14-0.19, the others 0.90-0.94,
    took every fit in play, a gutter coin's too)."""
    if not patches:
        return None
    look = CoinLook(np.mean(np.stack(patches), axis=0).astype(np.float32), scale)
    scores = [_score(look, p) for p in patches]
    kept = [p for p, score in zip(patches, scores) if score > float(np.median(scores)) - SLACK]
    if len(kept) < len(patches):
        look = CoinLook(np.mean(np.stack(kept), axis=0).astype(np.float32), scale)
    return CoinLook(look.patch, scale, min(_score(look, p) for p in kept))


def fit(look: CoinLook, evened: np.ndarray, reference: np.ndarray, u: float, v: float, others,
        unmarked: np.ndarray | None = None) -> tuple[float, float, float]:
    """Where the look fits best within ``REACH`` of (u, v) (pixels), and how well (the
    normalised correlation, 1 perfect). ``others``: the neighbours (u, v, radius in pixels)
    whose pixels are left out (those nearer them than this coin, as the centroid does).
    ``unmarked``: the view's size, 0 where it says nothing of a coin (a marker and its white
    quiet zone: printed paper, nothing like the board the look was taught on), left out too.
    Where it fits best at the edge of that reach it is fitted once more from there: the coin
    lies farther than the centroid put it (touching coins, dark pennies on slate in a guest's
    shadow: 2.7 to 4.7 mm off on installation 1,000,088), and a fit at the edge is no place."""
    fu, fv, best, edge = _fitted(look, evened, reference, u, v, others, unmarked)
    if edge and best > -1.0:
        further = _fitted(look, evened, reference, fu, fv, others, unmarked)
        if further[2] > best:
            return further[:3]
    return fu, fv, best


def _fitted(look: CoinLook, evened: np.ndarray, reference: np.ndarray, u: float, v: float, others,
            unmarked: np.ndarray | None) -> tuple[float, float, float, bool]:
    """``fit`` within ``REACH`` of (u, v) once, and whether its best lies at the reach's edge."""
    half, s = look.half, int(round(REACH * look.scale))
    iu, iv = int(round(u)), int(round(v))
    region = around(evened, reference, iu, iv, half + s, look.radius)
    mask = _rim(look)
    if unmarked is not None:
        rim = mask
        mask = mask & _unmarked_round(unmarked, iu, iv, half, s)
        if mask.sum() < RIM_KEPT * rim.sum():
            return u, v, -1.0, False
    yy, xx = _grid(half)
    r = look.radius
    for ou, ov, other in others:
        du, dv = ou - iu, ov - iv
        if abs(du) + abs(dv) < 3 * (half + other):
            mask = mask & (xx * xx + yy * yy - r * r <= (xx - du) ** 2 + (yy - dv) ** 2 - other * other)
    score = _correlation(region, look.patch, mask)
    j, i = np.unravel_index(int(np.argmax(score)), score.shape)
    best = float(score[j, i])
    du = _vertex(score[j, i - 1], best, score[j, i + 1]) if 0 < i < score.shape[1] - 1 else 0.0
    dv = _vertex(score[j - 1, i], best, score[j + 1, i]) if 0 < j < score.shape[0] - 1 else 0.0
    return iu + (i - s) + du, iv + (j - s) + dv, best, i in (0, 2 * s) or j in (0, 2 * s)


def trusted(look: CoinLook, score: float, cut: bool = False) -> bool:
    """Whether a fit this good places the coin (else its centroid does). ``cut``: part of its
    rim left out (over a marker's zone, ``by_marker``): where the look is unlike the coin on
    one side, a fit over the whole rim averages that away, a fit over part of it is pulled
    (a coin in the gutter by a marker, its look taught on darker slate: 0.065 under the taught
    coins' worst, 1.52 mm off), so it must fit within ``CUT_SLACK`` of the taught coins."""
    return score >= look.taught - (CUT_SLACK if cut else SLACK)


def surely(look: CoinLook, score: float) -> bool:
    """Whether a fit that places the coin (``trusted``) places it surely: ``JUST`` or more over
    the bar. Of the 1,785 coins the look placed on the tuning sets, 5 of the 20 less than 0.1
    over it lay a mm or more off (3 of them stray peaks, not coins), 6 of the 1,765 above (each
    on a board doubted for something else)."""
    return score >= look.taught - SLACK + JUST


def alone(look: CoinLook, u: float, v: float, others) -> bool:
    """Whether no other piece (``others``: u, v, radius in pixels) comes within the look's reach of
    this coin's rim (``BEYOND``). Where one does, its own top, rim and drop shadow stand where the
    look was taught the board, and its pixels left out (``fit``) take this coin's rim on that side
    with them: a fit only just over its bar is pulled there. Of the 47 coins placed only just on
    nineteen Shove tuning sets, the 18 touching another lay 0.11 to 1.45 mm off (1,000,122 board
    7's 1.45, 1,000,012 board 0's 1.04, 901 board 6's 0.96); the 23 with none within reach, 0.01
    to 0.86 mm (6 more were stray peaks, coins' shadows: "The settled read's doubts counted again
    after camera-shove17", docs/camera.md)."""
    return all(math.hypot(ou - u, ov - v) - look.radius - other >= BEYOND * look.scale for ou, ov, other in others)


def over(look: CoinLook, reference: np.ndarray, surface: float, u: float, v: float) -> CoinLook:
    """The look as it would show at (u, v) (pixels) over the learned empty board there, where
    it was taught over the playing surface (``surface``: its median grey, as ``around`` sums a
    pixel's channels). ``around`` holds the coin itself against the board's median grey under
    it and the board round it against itself: over a gutter's frame (brighter or darker than
    the surface) the coin's own part of the look stands out by the surface's grey over the
    frame's, while its drop shadow (a share of the light, on any wood) and the bare board stay
    as taught. So the coin's part (a disc to ``SIDE`` beyond its radius, its edge blurred
    ``RIM_BLUR``) is scaled by that ratio and the shade just beyond it kept: the coin's look
    over the frame as learned, not the playing surface's (a copper coin over a brown frame
    fitted the look taught on slate at -0.07, read by its centroid 1.73 mm off; this look
    places it 0.07 mm off at 0.94, taught 0.99: 1,000,171 board 3)."""
    half, r, s = look.half, look.radius, look.scale
    grey = cv2.transform(cv2.getRectSubPix(reference, (2 * half + 1,) * 2, (float(u), float(v))), _GREY)
    yy, xx = _grid(half)
    near = np.sqrt(xx * xx + yy * yy)
    k = surface / max(float(np.median(grey[near < r])), 3.0)      # the surface's grey over the frame's here
    edge, blur = r + SIDE * s, RIM_BLUR * s
    coin = 0.5 * _erfc((near - edge) / (blur * math.sqrt(2.0)))    # how much of each pixel is the coin's
    beyond = edge + 3 * blur                                       # where the shade beyond it is read
    angle = np.arctan2(yy, xx)
    shade = cv2.remap(look.patch, (half + beyond * np.cos(angle)).astype(np.float32),
                      (half + beyond * np.sin(angle)).astype(np.float32), cv2.INTER_LINEAR)
    # a pixel there: coin * (the coin's own, scaled by k) + (1 - coin) * the shade on the board there
    patch = np.where(near < beyond, k * look.patch - (k - 1.0) * (1.0 - coin) * shade, look.patch)
    return CoinLook(patch.astype(np.float32), s, look.taught)


def trusted_over(look: CoinLook, score: float, cut: bool = False) -> bool:
    """Whether a fit of the look as over the frame (``over``) places the coin: within
    ``OVER_SLACK`` of the taught coins' worst (``CUT_SLACK`` where a marker cuts its rim)."""
    return score >= look.taught - (CUT_SLACK if cut else OVER_SLACK)


def beside(look: CoinLook, on_surface: np.ndarray, u: float, v: float, left: float, right: float) -> bool:
    """Whether a coin at (u, v) (pixels) lies in a side gutter: off the playing surface
    (``off_surface``) and beyond its left or right edge (``left``, ``right``: pixels)."""
    return (u < left or u > right) and off_surface(look, on_surface, u, v)


def like_the_frame(look: CoinLook, score: float, evened: np.ndarray, reference: np.ndarray,
                   on_surface: np.ndarray, u: float, v: float) -> bool:
    """Whether a coin at (u, v) (pixels) that its look does not place is read by nothing sure:
    off the playing surface (in a side gutter), its look fitting there not at all (under
    ``NO_FIT``) and its top the frame's grey (within ``LIKE_FRAME``), so that its centroid is
    its dark edge's alone. 1,000,171 boards 3 and 6 (copper on a brown frame, 0.92 of its
    grey, fits -0.07 and -0.03) were read so 1.73 and 1.17 mm off; the gutter coins of the
    tuning sets' right boards fit 0.16 or better, or are far from the frame's grey ("A coin
    in the gutter like the frame", docs/camera.md)."""
    if score >= NO_FIT or not off_surface(look, on_surface, u, v):
        return False
    top = float(np.median(around(evened, reference, u, v, look.half, look.radius)[_core(look)]))
    return abs(top - 1.0) < LIKE_FRAME


def off_surface(look: CoinLook, on_surface: np.ndarray, u: float, v: float) -> bool:
    """Whether a coin at (u, v) (pixels) lies off the playing surface, in a gutter: under
    ``OFF_SURFACE`` of its top's core (``TOP_CORE``) over it (``on_surface`` 1)."""
    size, at = (2 * look.half + 1,) * 2, (float(u), float(v))
    return float(cv2.getRectSubPix(on_surface.astype(np.float32, copy=False), size, at)[_core(look)].mean()) <= OFF_SURFACE


def _core(look: CoinLook) -> np.ndarray:
    yy, xx = _grid(look.half)
    return xx * xx + yy * yy < (TOP_CORE * look.radius) ** 2


def by_marker(look: CoinLook, unmarked: np.ndarray, u: float, v: float) -> bool:
    """Whether the rim of a coin at (u, v) (pixels) meets a marker's zone (``unmarked`` 0)."""
    return not _unmarked_round(unmarked, int(round(u)), int(round(v)), look.half, 0)[_rim(look)].all()


def _unmarked_round(unmarked: np.ndarray, iu: int, iv: int, half: int, reach: int) -> np.ndarray:
    """The look's pixels that lie off a marker and its quiet zone wherever the fit slides it
    (within ``reach`` pixels of (iu, iv)): the marker's zone grown by the reach."""
    # (cut ``reach`` wider than the look: a zone just beyond its edge is slid onto it too)
    size = (2 * (half + reach) + 1,) * 2
    clear = cv2.getRectSubPix(unmarked.astype(np.float32, copy=False), size, (float(iu), float(iv))) > 0.5
    if not clear.all():
        kernel = np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
        clear = cv2.erode(clear.astype(np.uint8), kernel, borderType=cv2.BORDER_CONSTANT, borderValue=1) > 0
    return clear[reach:reach + 2 * half + 1, reach:reach + 2 * half + 1]


def _score(look: CoinLook, patch: np.ndarray) -> float:
    """How well the look fits a patch of its own size where it lies (no shift)."""
    return float(_correlation(patch, look.patch, _rim(look))[0, 0])


def _correlation(region: np.ndarray, patch: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The normalised correlation of ``patch`` with ``region`` at each shift that keeps it
    inside (1 perfect, -1 where nothing is weighed), over the pixels ``mask`` keeps, with a
    gain, an offset **and a slope across it** free: the edge of a guest's soft shadow across
    a coin, which the light as measured (coarse cells) leaves as a slope over its patch and
    the plain correlation cannot take (it pulled a coin 1.4 mm off: fresh set 1,000,088's
    installation 088 board 3). Both the patch and each window are taken less the plane that
    fits them best over the kept pixels."""
    weight = mask.astype(np.float32)
    out = (region.shape[0] - patch.shape[0] + 1, region.shape[1] - patch.shape[1] + 1)
    if weight.sum() < 4:
        return np.full(out, -1.0)
    yy, xx = _grid(patch.shape[0] // 2)
    plane = [weight, weight * xx / patch.shape[0], weight * yy / patch.shape[0]]   # its terms, kept pixels only
    solve = np.linalg.pinv(np.array([[float((a * b).sum()) for b in plane] for a in plane]))
    look = patch - sum(c * t for c, t in zip(solve @ [float((t * patch).sum()) for t in plane], plane))
    look = (look * weight).astype(np.float32)          # the look less its own plane, on the kept pixels
    seen = (region - region.mean()).astype(np.float32)  # (the offset first: the sums stay small)
    along = np.stack([cv2.matchTemplate(seen, t, cv2.TM_CCORR) for t in plane], axis=-1).astype(np.float64)
    energy = cv2.matchTemplate(seen * seen, weight, cv2.TM_CCORR).astype(np.float64)
    energy -= np.einsum("...j,jk,...k->...", along, solve, along)    # each window less its plane
    norm = np.sqrt(np.maximum(energy, 0.0) * float((look * look).sum()))
    score = cv2.matchTemplate(seen, look, cv2.TM_CCORR).astype(np.float64)
    return np.where(norm > 1e-9, score / np.maximum(norm, 1e-9), -1.0)


def _rim(look: CoinLook) -> np.ndarray:
    """The pixels the fit weighs: from ``INNER`` inside the rim out to the patch's edge."""
    yy, xx = _grid(look.half)
    near = xx * xx + yy * yy
    return (near <= look.half ** 2) & (near >= max(0.0, look.radius - INNER * look.scale) ** 2)


def _grid(half: int) -> tuple[np.ndarray, np.ndarray]:
    yy, xx = np.mgrid[-half:half + 1, -half:half + 1].astype(np.float32)
    return yy, xx


def _vertex(a: float, b: float, c: float) -> float:
    """The vertex of the parabola through (-1, a), (0, b), (1, c), within half a pixel."""
    d = a - 2 * b + c
    return 0.0 if d >= 0 else float(np.clip(0.5 * (a - c) / d, -0.5, 0.5))
