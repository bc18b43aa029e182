"""Pieces in one camera frame: where each lies (board mm) and what it is.

The frame is rectified onto the board plane, its light evened out against the board's
own wood (a warm lamp, a dim pub), every pixel scored against the colours the board
can show (wood, frame, ink, pockets, each kind of piece, skin), and each kind's score
searched with a matched filter of its piece's size (a disc, minus a thin ring around
it: a piece, not a patch of colour). Peaks are refined to a sub-pixel centre and
corrected for the piece's height. What the pieces do not explain (a hand, a beer mat,
a patch the light hides) makes the frame *unsure*: the board reports nothing from it.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from camera_board.calibrate import Calibration
from camera_board.reference import board_picture
from camera_board.layout import PIECE_COLOURS, RED_INK, SKIN, Layout

DARK = 22.0            # median grey of the surface below which the camera cannot see the board
THRESHOLD = 0.55       # matched-filter response a piece must reach
UNSURE = 0.35          # a peak between this and THRESHOLD: something piece-like, not sure
TEMPERATURE = 20.0     # softness of the colour scores (squared Lab distance)
# How far a piece's seen centre lies towards the camera's foot, as a share of its top's
# parallax: the side wall it shows on that side pulls the centroid in. Fitted on the
# tuning seeds of the rendered corpus (camera_sim/corpus.py); a real camera and real
# pieces need their own fit (docs/camera.md).
SIDE_PULL = {"coin": 0.14, "white": 0.31, "black": 0.31, "queen": 0.0, "striker": 0.37}
UNEXPLAINED = 0.6      # share of a piece's area of foreground no piece explains: unsure
SKIN_BIT, PIECE_BIT = 1, 2   # the light's marks of a colour (Detector._marks)
MOST = {"white": 9, "black": 9, "queen": 1, "striker": 1}   # a Carrom set: more is a misreading
OVERLAP = 4.0          # mm two found pieces may seem to overlap (each read up to some 2 mm off)
HOLE_SLACK = 2.0       # mm a piece's centre may seem to lie over a pocket's mouth (peaks are 1.3 mm coarse)
BOARD_COLOURS = ("wood", "frame", "red_ink")   # colour scores the piece search reads besides the pieces'
# What a piece's colour may be taken for in a dim or warm light: the queen's red is the base
# circles' ink (a thin ring, which the matched filter's shape rejects, so the ink may count).
LOOKALIKE = {"queen": "red_ink"}


@dataclass(frozen=True)
class Found:
    kind: str
    x: float
    y: float
    score: float


@dataclass(frozen=True)
class Sighting:
    """What one frame shows: ``pieces`` when ``problem`` is None; else why not."""
    pieces: tuple[Found, ...] = ()
    problem: str | None = None
    hand: bool = False
    brightness: float = 0.0
    details: dict = field(default_factory=dict, compare=False)


def _lab(bgr) -> np.ndarray:
    pixel = np.array([[bgr]], np.float32) / 255.0
    return cv2.cvtColor(pixel, cv2.COLOR_BGR2Lab)[0, 0]


class Detector:
    """``Detector(layout, calibration, heights)``, then ``see(frame)`` for each camera frame."""

    def __init__(self, layout: Layout, calibration: Calibration, heights: dict[str, float]):
        self.layout, self.calibration, self.heights = layout, calibration, heights
        self.kinds = tuple(layout.piece_radii)
        # no ink: a black line is a black man's colour; its thinness tells them apart
        refs = {"wood": layout.wood, "frame": layout.frame_colour, "red_ink": RED_INK,
                "hole": (10, 10, 10), "paper": (255, 255, 255), "skin": SKIN,
                **{k: PIECE_COLOURS[k] for k in self.kinds}}
        self.names = tuple(refs)
        self.refs = np.array([_lab(c) for c in refs.values()], np.float32)
        # "piece": any piece's colour, or a highlight on one; "lit <kind>": the kind's colour or a highlight
        self.columns = (*self.names, "piece", *(f"lit {k}" for k in self.kinds))
        self._wood = np.array(layout.wood, np.float32)
        self._kernels = {k: _kernel(r * calibration.scale / 2) for k, r in layout.piece_radii.items()}
        self._surface = None
        self._expected = self._plain = self._usable = self._sample = self._shape = self._buffers = None
        self._table = self._share_table()
        self._columns = {name: np.ascontiguousarray(self._table[:, i]) for i, name in enumerate(self.columns)}
        # what the light needs of a pixel, one byte a colour (a table that stays in the cache):
        # skin (SKIN_BIT) and a piece's colour or skin (PIECE_BIT)
        skin = self._column("skin") > 0.5
        self._marks = (skin * SKIN_BIT | ((self._column("piece") > 0.3) | skin) * PIECE_BIT).astype(np.uint8)
        # each kind's share and the board's colours the search reads, a row a colour: one
        # gather a pixel fetches them all
        self._gathered = (*self.kinds, *BOARD_COLOURS)
        self._rows = np.ascontiguousarray(np.stack([self._column(k) for k in self._gathered], axis=1))
        self._hand_area = 0.3 * self._area(min(layout.piece_radii.values()))
        side = int(min(layout.piece_radii.values()) * 0.5 * calibration.scale) | 1   # wider than any line
        self._opening = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
        self._near = np.ones((max(3, side // 4 | 1),) * 2, np.uint8)    # the same, a quarter the size

    def see(self, frame: np.ndarray) -> Sighting:
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        problem = self.calibration.update(gray)
        if problem is not None:
            return Sighting(problem=problem, brightness=float(np.median(gray)))
        view = self.calibration.rectify(frame)
        if self._shape != view.shape:
            self._expected, self._plain, self._usable = self._expected_board(view.shape)
            self._shape = view.shape
        evened, brightness, hand = self._even_out(view)
        if hand:
            return Sighting(problem="a hand over the board", hand=True, brightness=brightness)
        if evened is None:
            return Sighting(problem="the board is too dark to see", brightness=brightness)
        scores = self._scores(evened)
        found, unsure = self._peaks(scores)
        left = self._unexplained(scores, found)
        if unsure or left:
            return Sighting(problem=f"something on the board is not a piece ({', '.join(unsure + left)})",
                            brightness=brightness, details={"found": found})
        return Sighting(tuple(found), brightness=brightness)

    # -- light -------------------------------------------------------------------------
    def _surface_mask(self, shape) -> np.ndarray:
        if self._surface is None or self._surface.shape != shape[:2]:
            mask = np.zeros(shape[:2], np.uint8)
            a = self.calibration.to_pixel(0, 0)
            b = self.calibration.to_pixel(self.layout.width, self.layout.length)
            cv2.rectangle(mask, (int(a[0]) + 4, int(b[1]) + 4), (int(b[0]) - 4, int(a[1]) - 4), 1, -1)
            self._surface = mask.astype(bool)
        return self._surface

    def _surface_sample(self, shape) -> np.ndarray:
        """Some 20,000 pixels spread over the playing surface (flat indices), chosen once."""
        if self._sample is None or self._sample[0] != shape:
            inside = np.flatnonzero(self._surface_mask(shape))
            self._sample = (shape, inside[:: max(1, len(inside) // 20000)])
        return self._sample[1]

    def _even_out(self, view: np.ndarray) -> tuple[np.ndarray | None, float, bool]:
        """The view as under even, neutral light: first each channel scaled so the
        surface's median is the wood's colour; then, where the empty board shows (no
        piece, no marking), the light measured against the empty board's picture,
        smoothed over some 20 mm, and divided out: a guest's shadow, a lamp's pool of
        light. None when the surface is too dark to read; and whether a hand shows."""
        surface = view.reshape(-1, 3)[self._surface_sample(view.shape)]
        median = np.median(surface, axis=0).astype(np.float32)
        brightness = float(median.mean())
        if brightness < DARK or median.min() < 5:
            return None, brightness, False
        # pieces and skin are told at a quarter of the size (a piece is still some 6
        # pixels across there, a hand many more), as is the light (it changes over centimetres)
        small = _quarter(view)
        gains = (*(self._wood / median).tolist(), 0.0)       # (multiplied as uint8, saturated)
        marks = np.take(self._marks, _index(cv2.multiply(small, gains)))
        hand = self._hand(marks & SKIN_BIT, view, gains)   # told before the light is evened
        pieces = (marks & PIECE_BIT) > 0                   # out, which would even a hand into the wood
        light = self._light(small, pieces, median)
        # twice: a piece the first pass took for board (dark in a shadow) raised the light
        # round it and so looked duller still; seen in the first pass's light, it shows
        pieces |= (np.take(self._marks, _index(_divide(small, light))) & PIECE_BIT) > 0
        light = self._light(small, pieces, median)
        return _divide(view, light), brightness, hand

    def _hand(self, skin: np.ndarray, view: np.ndarray, gains) -> bool:
        """Whether skin covers more than ``_hand_area`` once lines and specks are opened
        away. Looked at first at a quarter of the size (``skin``); only where that shows
        half a hand or more, at full size, which decides (a piece in a shadow can look
        skin-coloured at a quarter of the size, a hand looks it at any)."""
        screen = self._hand_area / 16 / 2
        if np.count_nonzero(skin) <= screen or \
                np.count_nonzero(cv2.morphologyEx(skin, cv2.MORPH_OPEN, self._near)) <= screen:
            return False
        skin = np.take(self._marks, _index(cv2.multiply(view, gains))) & SKIN_BIT
        if np.count_nonzero(skin) <= self._hand_area:    # opening only takes away
            return False
        return np.count_nonzero(cv2.morphologyEx(skin, cv2.MORPH_OPEN, self._opening)) > self._hand_area

    def _light(self, small: np.ndarray, pieces: np.ndarray, median: np.ndarray) -> np.ndarray:
        """The light (per channel, 1 = as the empty board's drawing), measured on the view
        at a quarter of its size (``small``) where the empty board shows plain wood and no
        piece lies (``pieces``: at that size), smoothed over some 20 mm; a sixteenth of
        the view's size."""
        usable = (self._plain & ~cv2.dilate(pieces.view(np.uint8), self._near).view(bool)).view(np.uint8)
        seen = _quarter(cv2.bitwise_and(small, small, mask=usable)).astype(np.float32)
        expected = _quarter(cv2.bitwise_and(self._expected, self._expected, mask=usable)).astype(np.float32)
        sigma = 20.0 * self.calibration.scale / 16
        seen = cv2.GaussianBlur(seen, (0, 0), sigma)
        expected = cv2.GaussianBlur(expected, (0, 0), sigma)
        fallback = np.float32(median / self._wood)          # where no empty board shows nearby
        light = np.where(expected > 2.0, seen / np.maximum(expected, 1e-3), fallback)
        return np.maximum(light, 0.05).astype(np.float32)

    def _expected_board(self, shape) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The empty board in the rectified view and where it shows plain wood or frame,
        both at a quarter of the view's size (a pixel there is plain where all 16 are), and
        where it shows plain wood or frame at full size (1, else 0)."""
        expected, plain = _expected_board(self.layout, self.calibration.extent, self.calibration.scale, shape[:2])
        return _quarter(expected), _quarter(plain * np.uint8(255)) == 255, plain

    # -- colours ------------------------------------------------------------------------
    def _scores(self, evened: np.ndarray) -> dict[str, np.ndarray]:
        """Each kind's share of each pixel (a soft nearest colour), looked up in a table of
        64 levels a channel: one index and one gather a frame for all kinds; a kind's share
        with its highlights ("lit <kind>") only where it is read."""
        index = _index(evened)
        rows, planes = self._score_buffers(index.shape)
        shares = cv2.split(np.take(self._rows, index, axis=0, out=rows), planes)
        lit = {f"lit {k}": _Gathered(self._column(f"lit {k}"), index) for k in self.kinds}
        return {**dict(zip(self._gathered, shares)), **lit}

    def _score_buffers(self, shape) -> tuple[np.ndarray, list[np.ndarray]]:
        """Where a frame's shares are gathered and split into a map a colour, kept from frame
        to frame (a frame's scores live until the next frame's): split into new arrays,
        some 20 MB of fresh memory a frame cost as much time as all the rest of the work."""
        if self._buffers is None or self._buffers[0].shape[:2] != shape:
            self._buffers = (np.empty((*shape, len(self._gathered)), np.float32),
                             [np.empty(shape, np.float32) for _ in self._gathered])
        return self._buffers

    def _column(self, name: str) -> np.ndarray:
        return self._columns[name]

    def _share_table(self) -> np.ndarray:
        return _share_table(self.refs.tobytes(), self.names, self.kinds)


    # -- pieces -------------------------------------------------------------------------
    def _peaks(self, scores: dict[str, np.ndarray]) -> tuple[list[Found], list[str]]:
        candidates = []
        for kind in self.kinds:   # searched at half the resolution (a quarter of the work), refined at full
            response = self._response(self._searched(scores, kind), kind)
            size = max(3, int(self.layout.piece_radii[kind] * self.calibration.scale / 2) | 1)
            local = cv2.dilate(response, np.ones((size, size), np.uint8))
            vs, us = np.nonzero((response >= local) & (response >= UNSURE))
            for u, v in zip(us, vs):
                candidates.append((float(response[v, u]), kind, 2 * int(u), 2 * int(v)))
        kept, unsure = self._keep(sorted(candidates, reverse=True), scores)
        centres = [(u, v, r) for _, _, u, v, r in kept]
        found = []
        for score, kind, u, v, r in kept:
            cu, cv = self._refine(scores[f"lit {kind}"], u, v, r, centres)
            x, y = self._unpull(kind, *self.calibration.to_board(cu, cv, self.heights[kind]))
            found.append(Found(kind, x, y, score))
        return found, unsure + self._impossible(found)

    def _impossible(self, found: list[Found]) -> list[str]:
        """What no board can show: more pieces of a kind than the game has, or two
        pieces overlapping by more than the readings' error (pieces do not overlap)."""
        out = [f"{n} {kind} pieces (the game has {MOST[kind]})" for kind in MOST
               if (n := sum(1 for p in found if p.kind == kind)) > MOST[kind]]
        radius = self.layout.piece_radii
        for i, a in enumerate(found):
            for b in found[i + 1:]:
                if math.hypot(a.x - b.x, a.y - b.y) < radius[a.kind] + radius[b.kind] - OVERLAP:
                    out.append(f"a {a.kind} and a {b.kind} overlap at {a.x:.0f}, {a.y:.0f} mm")
        return out

    def _keep(self, candidates: list, scores) -> tuple[list, list[str]]:
        """The peaks that are pieces (strongest first; a weaker one overlapping a kept one
        is a shadow of it), and in words the ones that might be. A doubtful peak gets a
        second look once the sure ones are known (hemmed in by touching pieces, the
        filter's ring read their colour)."""
        kept, doubtful, unsure = [], [], []
        for score, kind, u, v in candidates:
            r = self.layout.piece_radii[kind] * self.calibration.scale
            if any(math.hypot(u - ku, v - kv) < 0.8 * (r + kr) for _, _, ku, kv, kr in kept):
                continue
            hole = self._in_hole(kind, u, v)
            if hole == "the hole":
                continue
            if hole:
                unsure.append(hole)
            elif score < THRESHOLD:
                doubtful.append((score, kind, u, v, r))
            else:
                kept.append((score, kind, u, v, r))
        for score, kind, u, v, r in doubtful:
            if any(math.hypot(u - ku, v - kv) < 0.8 * (r + kr) for _, _, ku, kv, kr in kept):
                continue
            second = self._second_look(self._searched(scores, kind), u, v, r, kept)
            if second >= THRESHOLD:
                kept.append((second, kind, u, v, r))
            else:
                x, y = self.calibration.to_board(u, v)
                unsure.append(f"{kind}? at {x:.0f}, {y:.0f} mm")
        return kept, unsure

    @staticmethod
    def _second_look(score: np.ndarray, u: int, v: int, r: float, kept: list) -> float:
        """The matched filter's response at (u, v) (the best within a pixel), at full
        resolution, its ring read only where no kept piece lies."""
        reach = int(math.ceil(r + 8))
        h, w = score.shape
        u0, u1, v0, v1 = max(0, u - reach), min(w, u + reach + 1), max(0, v - reach), min(h, v + reach + 1)
        patch = score[v0:v1, u0:u1]
        gu, gv = np.meshgrid(np.arange(u0, u1, dtype=np.float32), np.arange(v0, v1, dtype=np.float32))
        free = np.ones(patch.shape, bool)
        for _, _, ku, kv, kr in kept:
            free &= (gu - ku) ** 2 + (gv - kv) ** 2 > (kr + 2) ** 2
        best = -1.0
        for du, dv in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
            d = np.sqrt((gu - u - du) ** 2 + (gv - v - dv) ** 2)
            disc = np.clip(r - d + 0.5, 0, 1)
            ring = (d > r + 2) & (d <= r + 6) & free
            if not ring.any():
                continue
            best = max(best, float((patch * disc).sum() / disc.sum() - 0.5 * patch[ring].mean()))
        return best

    @staticmethod
    def _searched(scores: dict[str, np.ndarray], kind: str) -> np.ndarray:
        """The score a kind's pieces are searched on: its colour, or a colour the light
        can make it look like (the filter's disc shape tells a piece from a line)."""
        if kind in LOOKALIKE:
            return cv2.add(scores[kind], scores[LOOKALIKE[kind]])
        return scores[kind]

    def _response(self, score: np.ndarray, kind: str) -> np.ndarray:
        """The matched filter of ``kind`` over its ``score``, at half the resolution: exact
        wherever it can reach ``UNSURE``, and 0 elsewhere (below any peak worth a look)."""
        half = cv2.resize(score, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        return _matched(half, self._kernels[kind], UNSURE)

    def _unpull(self, kind: str, x: float, y: float) -> tuple[float, float]:
        cx, cy, cz = self.calibration.mapping.camera
        h = self.heights[kind]
        k = SIDE_PULL.get(kind, 0.0) * h / (cz - h)
        return x + k * (x - cx), y + k * (y - cy)

    def _in_hole(self, kind: str, u: float, v: float) -> str | None:
        """Whether a peak is a pocket's own dark disc ("the hole": a piece that fits in
        it), a piece whose centre lies over a pocket's mouth (it would have dropped: a
        doubt, said in words), or neither (None). Judged at the piece's height: a top seen
        near a corner lies a few mm farther out than its centre."""
        x, y = self.calibration.to_board(u, v, self.heights[kind])
        r = self.layout.piece_radii[kind]
        for hx, hy, hr in self.layout.holes:
            d = math.hypot(x - hx, y - hy)
            if d < hr - r:
                return "the hole"
            if d < hr - HOLE_SLACK:
                return f"a {kind} over the pocket at {hx:.0f}, {hy:.0f} mm?"
        return None

    def _refine(self, score: np.ndarray, u: int, v: int, r: float, centres) -> tuple[float, float]:
        """The centroid of the piece's colour near the peak, each pixel given to the nearest
        piece (so a touching neighbour does not pull), twice over."""
        cu, cv = float(u), float(v)
        reach = int(r + 4)
        h, w = score.shape
        u0, u1, v0, v1 = max(0, u - reach), min(w, u + reach + 1), max(0, v - reach), min(h, v + reach + 1)
        patch = score[v0:v1, u0:u1]
        gu, gv = np.meshgrid(np.arange(u0, u1, dtype=np.float32), np.arange(v0, v1, dtype=np.float32))
        others = [(ou, ov) for ou, ov, _ in centres if (ou, ov) != (u, v) and abs(ou - u) + abs(ov - v) < 4 * r]
        for _ in range(3):
            near = (gu - cu) ** 2 + (gv - cv) ** 2
            mask = near <= (r + 1.0) ** 2
            for ou, ov in others:
                mask &= near <= (gu - ou) ** 2 + (gv - ov) ** 2
            weight = patch * mask
            total = weight.sum()
            if total <= 0:
                break
            cu, cv = float((weight * gu).sum() / total), float((weight * gv).sum() / total)
        return cu, cv

    def _area(self, radius_mm: float) -> float:
        return math.pi * (radius_mm * self.calibration.scale) ** 2

    def _unexplained(self, scores, found: list[Found]) -> list[str]:
        """Patches the size of a piece that no found piece covers: of a piece's colour
        anywhere, or of any colour but the board's where the empty board shows plain
        wood (a piece the light gave another colour, a beer mat): the frame is unsure."""
        mask = np.zeros(scores[self.kinds[0]].shape, np.float32)
        for kind in self.kinds:
            mask = np.maximum(mask, scores[kind])
        stray = 1.0 - scores["wood"]
        stray -= scores["frame"]
        stray *= self._usable            # 1 where the empty board shows plain wood, else 0
        np.maximum(mask, stray, out=mask)
        for piece in found:
            u, v = self.calibration.to_pixel(piece.x, piece.y)
            r = self.layout.piece_radii[piece.kind] * self.calibration.scale * 1.25 + 3
            cv2.circle(mask, (int(round(u)), int(round(v))), int(r), 0.0, -1)
        blobs = cv2.morphologyEx((mask > 0.5).astype(np.uint8), cv2.MORPH_OPEN, self._opening)
        limit = UNEXPLAINED * self._area(min(self.layout.piece_radii.values()))
        if cv2.countNonZero(blobs) <= limit:    # no patch larger than all of them: spare the labelling
            return []
        count, _, stats, centroids = cv2.connectedComponentsWithStats(blobs)
        out = []
        for i in range(1, count):
            if stats[i, cv2.CC_STAT_AREA] > limit:
                x, y = self.calibration.to_board(*centroids[i])
                out.append(f"a patch at {x:.0f}, {y:.0f} mm")
        return out


class _Gathered:
    """A score looked up only where it is read: ``score[v0:v1, u0:u1]`` gathers that patch
    (a piece's centre is refined on a patch round it; the rest of the map is never read)."""

    def __init__(self, column: np.ndarray, index: np.ndarray):
        self._column, self._index = column, index
        self.shape = index.shape

    def __getitem__(self, where) -> np.ndarray:
        return np.take(self._column, self._index[where])

    def __array__(self, dtype=None, copy=None) -> np.ndarray:
        whole = np.take(self._column, self._index)
        return whole if dtype is None else whole.astype(dtype)


def _index(picture: np.ndarray) -> np.ndarray:
    """Each pixel's row of the colour table (64 levels a channel) of a uint8 picture."""
    b, g, r = cv2.split(picture >> 2)
    index = b.astype(np.int32)
    index <<= 6
    index |= g
    index <<= 6
    index |= r
    return index


def _quarter(picture: np.ndarray) -> np.ndarray:
    """``picture`` at a quarter of its width and height, each pixel the mean of 4 x 4."""
    h, w = picture.shape[:2]
    return cv2.resize(picture, (w // 4, h // 4), interpolation=cv2.INTER_AREA)


def _divide(view: np.ndarray, light: np.ndarray) -> np.ndarray:
    """``view`` divided by ``light`` (any smaller size, stretched over it), as uint8 (saturated)."""
    h, w = view.shape[:2]
    return cv2.divide(view, cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR), dtype=cv2.CV_8U)


def _matched(picture: np.ndarray, kernel: np.ndarray, floor: float) -> np.ndarray:
    """``filter2D(picture, kernel)`` (zero outside) where it can reach ``floor``, 0 elsewhere.
    A score is never negative, so the filter is at most the kernel's largest weight times
    the score's sum over the kernel's square (a box filter: cheap); only round where that
    bound reaches ``floor`` is the filter run (on a board of a few pieces, a small part)."""
    kh, kw = kernel.shape
    bound = cv2.boxFilter(picture, -1, (kw, kh), normalize=False, borderType=cv2.BORDER_CONSTANT)
    near = (bound * float(kernel.max()) >= floor - 1e-3).view(np.uint8)   # (a margin for rounding)
    out = np.zeros_like(picture)
    h, w = picture.shape
    for contour in cv2.findContours(near, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
        x, y, bw, bh = cv2.boundingRect(contour)
        x0, y0 = max(0, x - kw // 2), max(0, y - kh // 2)     # with the kernel's reach round it:
        x1, y1 = min(w, x + bw + kw // 2), min(h, y + bh + kh // 2)   # exact inside the box
        part = cv2.filter2D(picture[y0:y1, x0:x1], -1, kernel, borderType=cv2.BORDER_CONSTANT)
        out[y:y + bh, x:x + bw] = part[y - y0:y - y0 + bh, x - x0:x - x0 + bw]
    return out


def _kernel(r: float) -> np.ndarray:
    """A disc of radius ``r`` px (weights summing to 1) minus half of a ring just outside it."""
    reach = int(math.ceil(r + 4))
    y, x = np.mgrid[-reach:reach + 1, -reach:reach + 1].astype(np.float32)
    d = np.sqrt(x * x + y * y)
    disc = np.clip(r - d + 0.5, 0, 1)
    ring = ((d > r + 1.0) & (d <= r + 3.0)).astype(np.float32)
    return disc / disc.sum() - 0.5 * ring / ring.sum()


@functools.lru_cache(maxsize=4)
def _share_table(refs_bytes: bytes, names: tuple[str, ...], kinds: tuple[str, ...]) -> np.ndarray:
    """Each of 64 levels a channel: the share of each reference colour (one table per set of
    colours, made once: a quarter of a second)."""
    refs = np.frombuffer(refs_bytes, np.float32).reshape(len(names), 3)
    levels = (np.arange(64, dtype=np.float32) * 4 + 2) / 255.0
    b, g, r = np.meshgrid(levels, levels, levels, indexing="ij")
    lab = cv2.cvtColor(np.stack([b, g, r], -1).reshape(-1, 1, 3), cv2.COLOR_BGR2Lab).reshape(-1, 3)
    weight = np.array([0.5, 1.0, 1.0], np.float32)
    distances = np.stack([(((lab - ref) * weight) ** 2).sum(axis=1) for ref in refs], axis=1)
    shares = np.exp(-(distances - distances.min(axis=1, keepdims=True)) / TEMPERATURE)
    shares /= shares.sum(axis=1, keepdims=True)
    paper = shares[:, names.index("paper")]
    piece = sum(shares[:, names.index(k)] for k in kinds) + paper
    lit = [shares[:, names.index(k)] + paper for k in kinds]
    return np.c_[shares, piece, *lit].astype(np.float32)


@functools.lru_cache(maxsize=8)
def _expected_board(layout, extent, scale: float, shape) -> tuple[np.ndarray, np.ndarray]:
    """The empty board drawn in the rectified view (``extent`` at ``scale`` px/mm), and
    where it shows plain wood or frame (away from every marking): the same for every
    frame of a board, so made once."""
    picture, to_board = board_picture(layout)
    x0, _, _, y1 = extent
    big = 1 / to_board[0, 0]
    tx0, ty1 = to_board[0, 2], to_board[1, 2]
    m = np.array([[big / scale, 0, (x0 + 0.5 / scale - tx0) * big], [0, big / scale, (ty1 - y1 + 0.5 / scale) * big]])
    expected = cv2.warpAffine(picture, m, (shape[1], shape[0]), flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP)
    plain = np.zeros(shape, np.uint8)
    for colour in (layout.wood, layout.frame_colour):
        plain |= np.all(np.abs(expected.astype(np.int16) - colour) <= 2, axis=2).astype(np.uint8)
    plain = cv2.erode(plain, np.ones((5, 5), np.uint8)).astype(bool)
    expected.flags.writeable = False
    return expected, plain.view(np.uint8)
