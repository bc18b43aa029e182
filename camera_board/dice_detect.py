"""Dice and Neunfeld's pieces in one camera frame.

The frame is rectified onto the surface (4 px/mm: a pip is some 13 px across), its
light evened out against a drawing of the empty table (a median of frame/empty over
60 mm, so a die or a piece never sets its own light; a light of another colour than the
table's elsewhere is something large, a hand or a cup), and every pixel that is not the table in
some light (the same colour, brighter or darker: a shadow is still the table) is
*something*. Each such blob is a die, a piece or a hand, by its colour. A die's value
is its pips counted: dark on Schocken's white dice, white on Miwin's coloured ones,
each blob of a pip's size and roundness inside the die; the pips' centre is the top
face's centre (every face's pips are symmetric), seen at the die's height.

A Schocken blob is one die, a Türmchen or two dice touching by its size against the outline
one lying die casts there (camera_board/dice_shapes.py); a tower counts as two dice (its
top face read, the lower die hidden) and three must be seen. Anything else it cannot explain (a die with a face it cannot have, four dice, a blob
of no colour it knows) makes the frame *unsure*: nothing is reported from it."""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from camera_board.calibrate import Calibration
from camera_board.appearance import Appearance, drawn
from camera_board.dice_layout import DARK_PIP, DIE, NEUNFELD_PIECE, PIECE_HEIGHT, PIP, PIP_STEP, WHITE_PIP, DiceTable
from camera_board.dice_shapes import is_face, judge, lying_outline, split_pips
from camera_board.layout import SKIN
from camera_board.words import doubt
from tablegame.families.neunfeld.dice import DICE as MIWIN

SCALE = 4.0          # rectified pixels per mm
MARGIN = 20.0        # mm of the frame rectified round the surface: a tower's top at the edge leans out 15
DARK = 22.0          # median grey of the surface below which the camera cannot see it (the drawn table)
DARK_LEARNED = 8.0   # and of a table learned (a dark cloth is dark)
DIMMEST = 0.2        # the light a fifth of the learned light's or less: too dark
RESIDUAL = 40.0      # colour distance from the table (in any light) that makes a pixel *something*
MIN_PIP = 12.0       # grey levels: the weakest pip (a difference of Gaussians) that counts
ODD_TINT = 0.3       # a light this far from the table's overall colour (a channel's share) is no light
LEFT_OUT = 0.5        # a place of a face without a pip showing this share of its weakest pip's response: a pip missed
# a Miwin blob this many lying dice's outlines or more is two dice touching (two lying side by
# side: 1.9 to 2.5). Below it, one die: on a darker board its drop shadow and blurred rim make
# a lone die's blob 1.2 to 1.3 outlines (ONE's bound); a Türmchen there shows fewer dice than
# three and its pips no face of the top die's, both refused.
TWO_LYING = 1.6
# Miwin's black die on slate or dark paint: its top is, to the likeness, the table in some
# light (0.6 to 1.25 of the table's: the lamp and the top's sheen light a die's top more than
# the board; the same grey). It is found by its light pips instead: pip-sized spots BRIGHT_PIP
# times the table's light or more, on the surface (not its frame: the markers' squares), lying
# as a face round their mean, on a top darker than its pips (their rims left out); a shadow
# has no pips.
BRIGHT_PIP = 1.5
# a blob round such pips is another die's (III blue, IV red: 150 to 250 from the table) when
# its colour (the pips and their rims left out) lies this far from the table in any light;
# the black die's top is nearer (40 to 50 on brownish slate-grey: black is not quite its grey)
COLOURFUL = 2 * RESIDUAL
STRANGE = 130.0       # colour distance from every kind beyond which a blob is nothing it knows
LIGHT_WINDOW = 31    # median window for the light, in eighth-size pixels (62 mm at 4 px/mm)


def body_names(table: DiceTable) -> tuple[str, ...]:
    """The names of the table's die colours in the appearance: "die" (Schocken's, all alike),
    "die III", "die IV", "die V" (Miwin's)."""
    return ("die",) if len(table.bodies) == 1 else ("die III", "die IV", "die V")


def pips_name(body: str) -> str:
    """The appearance's name of the pips of a die colour ("die pips", "die III pips", ...)."""
    return f"{body} pips"


def grey_of(bgr) -> float:
    """A colour's grey level (BGR)."""
    b, g, r = bgr
    return 0.114 * b + 0.587 * g + 0.299 * r


@functools.lru_cache(maxsize=4)
def dice_starting(table: DiceTable) -> Appearance:
    """The starting values: the table drawn from its layout, the dice's and pieces' colours
    from camera_board/dice_layout.py (Schocken's white dice with black pips, Miwin's
    coloured ones with white)."""
    names = body_names(table)
    colours = dict(zip(names, table.bodies))
    colours.update({pips_name(n): DARK_PIP if grey_of(c) > grey_of(WHITE_PIP) / 2 else WHITE_PIP
                    for n, c in zip(names, table.bodies)})
    if table.squares:
        colours["piece"] = NEUNFELD_PIECE
    return drawn(table.layout, colours)


@dataclass(frozen=True)
class SeenDie:
    x: float               # the top face's centre, board mm
    y: float
    value: int
    body: int              # which of the table's die colours (Neunfeld: 0 III, 1 IV, 2 V)
    aside: bool = False    # in the set-aside tray
    tower: bool = False    # a Türmchen: this die lies on another, which it hides
    area: float = 0.0      # mm² of the blob (the tower is the larger)


@dataclass(frozen=True)
class DiceSighting:
    dice: tuple[SeenDie, ...] = ()
    squares: tuple[bool, ...] | None = None   # Neunfeld: square 1..9 occupied
    problem: str | None = None
    hand: bool = False
    details: dict = field(default_factory=dict, compare=False)

    @property
    def pieces(self) -> tuple:
        """Coins and Carrom pieces (the calibration page lists them): none on a dice table."""
        return ()


# a light level (uint8, 64 = 1) as the gain it stands for, at least 0.05
_GAIN = np.maximum(np.arange(256, dtype=np.float32) / np.float32(64.0), np.float32(0.05)).reshape(256, 1)


def _channel_sum(picture: np.ndarray) -> np.ndarray:
    """The sum of a float picture's three channels (numpy's sum over the last axis is slow)."""
    return cv2.transform(picture, np.ones((1, 3), np.float32))


def _median_grey(rect: np.ndarray) -> float:
    """``np.median(rect.mean(axis=2))`` for a picture of whole grey levels (as rectified),
    counted instead of sorted: the channel sums are whole numbers 0..765."""
    sums = _channel_sum(np.ascontiguousarray(rect)).astype(np.int32).ravel()
    counts = np.cumsum(np.bincount(sums, minlength=766))
    n = len(sums)
    low, high = np.searchsorted(counts, [(n - 1) // 2, n // 2], side="right")
    return (low + high) / 6.0


FACES_DARK = range(2, 10)    # the faces a die found by its light pips may show (die V: 2 to 8)


def _near_boxes(boxes: list, reach: float) -> list[list[int]]:
    """The boxes (x0, y0, x1, y1) in groups, each within ``reach`` of another of its group."""
    groups: list[list[int]] = []
    for i, (a0, b0, a1, b1) in enumerate(boxes):
        near = [g for g in groups if any(a0 - reach <= boxes[j][2] and boxes[j][0] <= a1 + reach
                                         and b0 - reach <= boxes[j][3] and boxes[j][1] <= b1 + reach for j in g)]
        groups = [g for g in groups if g not in near] + [[i] + [j for g in near for j in g]]
    return groups


def _top_outline(middle: np.ndarray, pips: np.ndarray, step: float) -> np.ndarray:
    """The square top round a face's ``pips`` (``step``: rectified pixels from the middle to an
    edge's middle pip): its corners lie where the corner pips point, 1/PIP_STEP/2 as far."""
    away = pips - middle
    corner = away[int(np.argmax(np.hypot(*away.T)))]       # every face from 2 up has corner pips
    turn = math.atan2(corner[1], corner[0])
    reach = step / PIP_STEP / 2 * math.sqrt(2)
    return np.array([middle + reach * np.array((math.cos(turn + a), math.sin(turn + a)))
                     for a in (0, math.pi / 2, math.pi, 3 * math.pi / 2)], np.float32)


def _peaks(grey: np.ndarray, inside: np.ndarray, r: float,
           floor: float = -math.inf) -> tuple[list[tuple[float, float]], np.ndarray]:
    """Pips of radius ``r`` in ``grey`` where ``inside``: peaks of a difference of Gaussians
    (a blurred camera runs pips into each other; their peaks stay apart) at least half as
    strong as the strongest and above ``floor``, a flat peak (two pixels alike) one pip;
    and the response."""
    grey = np.ascontiguousarray(grey)
    response = cv2.GaussianBlur(grey, (0, 0), r * 0.5) - cv2.GaussianBlur(grey, (0, 0), r * 1.5)
    peak = response == cv2.dilate(response, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(2 * r) | 1,) * 2))
    strongest = float(response[inside].max()) if inside.any() else 0.0
    v, u = np.nonzero(peak & inside & (response > max(0.5 * strongest, floor)))
    found: list = []
    for i in np.argsort(-response[v, u], kind="stable"):
        if all((u[i] - a) ** 2 + (v[i] - b) ** 2 > r * r for a, b in found):
            found.append((float(u[i]), float(v[i])))
    return found, response


def _colourful(residual: np.ndarray, where: np.ndarray) -> bool:
    """Whether a blob (``where``: its pips and their blurred rims left out) is of another
    colour than the table."""
    return bool(where.any()) and float(np.median(residual[where])) >= COLOURFUL


def _shrink(mask: np.ndarray, size: int) -> np.ndarray:
    """``mask`` eroded, its patch's edge counted as outside (OpenCV's default keeps it)."""
    return cv2.erode(mask, np.ones((size, size), np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=0) > 0


class DiceDetector:
    """``DiceDetector(table, calibration)``, then ``see(frame)`` for each camera frame."""

    def __init__(self, table: DiceTable, calibration: Calibration, dice: int = 3,
                 appearance: Appearance | None = None):
        self.table, self.calibration, self.count = table, calibration, dice
        self.game = table.layout.game
        self.use(appearance or dice_starting(table))
        s = calibration.scale
        self._die_area = (DIE * s) ** 2
        self._pip_area = np.pi * (PIP * DIE * s * 1.03) ** 2
        self._expected = None
        self._per_expected = self._energy = None     # made from the empty table, once

    def use(self, appearance: Appearance) -> None:
        """Read with ``appearance`` (the empty table and the dice's and pieces' colours) from
        the next frame on."""
        self.appearance = appearance
        kinds = [("die", i, np.array(appearance.colours[name].mean, np.float32))
                 for i, name in enumerate(body_names(self.table))]
        if self.table.squares:
            kinds.append(("piece", 0, np.array(appearance.colours["piece"].mean, np.float32)))
        self.kinds = kinds           # what a die-sized blob can be
        self.large = (*kinds, ("hand", 0, np.array(SKIN, np.float32)))   # and a large one
        # pips darker than the die (Schocken's white dice) or lighter (Miwin's coloured, a red
        # Schocken set): as learned, else as the starting values have them
        starting = dice_starting(self.table).colours
        self._dark_pips = []
        for name, (_, _, body) in zip(body_names(self.table), kinds):
            pips = appearance.colours.get(pips_name(name)) or starting[pips_name(name)]
            self._dark_pips.append(grey_of(pips.mean) < grey_of(body))
        self._hiding = self._like_shadow(appearance)
        self._expected = None

    def _like_shadow(self, appearance: Appearance) -> tuple[int, ...]:
        """The die colours (Neunfeld's) that are, to the likeness, the table in some light:
        found only by their pips (``_dark_dice``); a frame that does not find one is unsure."""
        if self.game == "schocken" or not appearance.learned:
            return ()
        table = np.median(appearance.reference.reshape(-1, 3), axis=0)
        hiding = []
        for _, body, colour in self.kinds[:3]:
            k = float(colour @ table) / max(float(table @ table), 1.0)
            if 0.4 <= k <= 1.5 and float(np.linalg.norm(colour - k * table)) < RESIDUAL:
                hiding.append(body)
        return tuple(hiding)

    def see(self, frame: np.ndarray) -> DiceSighting:
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        problem = self.calibration.update(gray)
        if problem is not None:
            return DiceSighting(problem=problem)
        return self.read(self.calibration.rectify(frame))

    def read(self, view: np.ndarray) -> DiceSighting:
        """A frame already rectified (``calibration.rectify``)."""
        rect = view.astype(np.float32)
        edge = int(-self.calibration.extent[0] * self.calibration.scale)    # the frame round the surface
        # too dark: a fifth of the light it learned in (the drawn table: grey DARK)
        dark = max(DARK_LEARNED, DIMMEST * self.appearance.brightness) if self.appearance.brightness else DARK
        if _median_grey(rect[edge:rect.shape[0] - edge, edge:rect.shape[1] - edge]) < dark:
            return DiceSighting(problem=doubt("table_too_dark"))
        expected = self._empty(rect.shape)
        gain = self._gain(rect, expected)
        odd = self._odd_light(rect, gain)
        if odd is not None:
            return odd
        norm = rect / gain
        blobs = self._blobs(norm, expected)
        return self._read(norm, blobs)

    def blobs(self, view: np.ndarray) -> list[tuple[tuple[float, float], np.ndarray, dict]]:
        """Whatever is not the table in a rectified frame: each blob's middle (board mm, seen
        a die's height up), its colour evened out, and as a die's pips both ways (dark pips:
        True, light: False) how many it shows and their colour (learning the colours and
        the pips: camera_board/dice_learn.py)."""
        rect = view.astype(np.float32)
        expected = self._empty(rect.shape)
        norm = rect / self._gain(rect, expected)
        out = []
        for contour in self._blobs(norm, expected):
            m = cv2.moments(contour)
            if m["m00"] <= 0:
                continue
            x, y, w, h = cv2.boundingRect(contour)
            mask = np.zeros((h, w), np.uint8)
            cv2.drawContours(mask, [contour], -1, 1, -1, offset=(-x, -y))
            patch = norm[y:y + h, x:x + w]
            colour = np.median(patch[mask > 0], axis=0)
            pips = {}
            for dark in (True, False):
                found = self._pips(patch, mask, dark)
                at = [patch[int(v), int(u)] for u, v in found]
                pips[dark] = (len(found), np.median(at, axis=0) if at else None)
            out.append((self.calibration.to_board(m["m10"] / m["m00"], m["m01"] / m["m00"], DIE / 2), colour, pips))
        return out

    # -- the table and its light ----------------------------------------------------------
    def _empty(self, shape) -> np.ndarray:
        """The empty table (learned, or drawn from its layout) on the rectified grid."""
        if self._expected is None or self._expected.shape != shape:
            s = self.calibration.scale
            self._expected = np.array(self.appearance.view(self.calibration.extent, s, shape))
            # printed lines (where the layout draws them): the camera blurs them, so within
            # 2 mm of one nothing is judged
            drawn = dice_starting(self.table).view(self.calibration.extent, s, shape)
            ink = (drawn.max(axis=2) < 60).astype(np.uint8)
            self._ink = cv2.dilate(ink, np.ones((int(4 * s) | 1,) * 2, np.uint8)) > 0
        return self._expected

    def _gain(self, rect: np.ndarray, expected: np.ndarray) -> np.ndarray:
        """Each channel's light over 60 mm: the median of frame / empty table (a die or a
        piece is too small to move a median of its surroundings)."""
        h, w = rect.shape[:2]
        if self._per_expected is None or self._per_expected[0] is not expected:   # once a table
            self._per_expected = (expected, 64.0 / (expected + 4.0))
        ratio = cv2.multiply(rect, self._per_expected[1])
        ratio = np.minimum(ratio, 255.0, out=ratio).astype(np.uint8)      # truncated, as numpy does
        small = cv2.resize(ratio, (max(1, w // 8), max(1, h // 8)), interpolation=cv2.INTER_AREA)
        small = cv2.medianBlur(small, LIGHT_WINDOW)
        return cv2.LUT(cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), _GAIN)

    def _odd_light(self, rect: np.ndarray, gain: np.ndarray) -> DiceSighting | None:
        """A lamp or a shadow changes the light's strength, not its colour from place to
        place: where the light measured has another colour than over the whole table,
        something larger than the light's window lies there (a hand, an arm, a cup)."""
        small = gain[::8, ::8]
        overall = np.median(small.reshape(-1, 3), axis=0)
        tint = small / overall
        tint = tint / tint.mean(axis=2, keepdims=True)
        odd = np.abs(tint - 1).max(axis=2) > ODD_TINT
        if odd.sum() * 64 < self._die_area:
            return None
        colour = np.median(rect[::8, ::8][odd] / overall, axis=0)
        if self._kind(colour, self.large)[0] == "hand":
            return DiceSighting(problem=doubt("hand_over_table"), hand=True)
        return DiceSighting(problem=doubt("table_unexplained"))

    def _blobs(self, norm: np.ndarray, expected: np.ndarray) -> list[np.ndarray]:
        """The outlines of what is not the table: unlike it in colour, or far brighter or
        darker than any light makes it (a shadow is the table, darker)."""
        k, residual = self._likeness(norm, expected)
        mask = ((residual > RESIDUAL) | (k > 1.5) | (k < 0.4)) & ~self._ink
        mask = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN,
                                cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5)))
        # a blurred top between white pips is grey, as dark as a shadow: close the gaps
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9)))
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        found = [c for c in contours if cv2.contourArea(c) >= 0.35 * self._die_area]
        if self.game == "schocken":
            return found
        return self._dark_dice(k, residual, found)

    def _dark_dice(self, k: np.ndarray, residual: np.ndarray, found: list[np.ndarray]) -> list[np.ndarray]:
        """``found`` with the dice whose top is the table in some light (Miwin's black die on
        slate), each as the outline of its top, found by their light pips (BRIGHT_PIP above).
        The pips place the top, not the dark patch: a die's drop shadow joins the patch and is
        as dark, and a shadow's edge is no outline to measure. A blob round such
        a face that is the table's colour but for the pips (a 7's pips closed over with the top
        between them) is that die; one of another colour is a die seen by its colour (III, IV),
        whose pips these are."""
        bright = ((k > BRIGHT_PIP) & ~self._ink).astype(np.uint8)
        edge = int(-self.calibration.extent[0] * self.calibration.scale)    # the frame round the
        bright[:edge], bright[-edge:], bright[:, :edge], bright[:, -edge:] = 0, 0, 0, 0  # surface: markers
        _, spot_of, stats, _ = cv2.connectedComponentsWithStats(bright)
        area = stats[:, cv2.CC_STAT_AREA]
        # a pip, or a face's pips blurred into each other (an 8's very bright pips: 22 pips' areas)
        spotty = np.nonzero((area > 0.3 * self._pip_area) & (area < 30 * self._pip_area))[0]
        spotty = spotty[spotty > 0]
        if not len(spotty):
            return found
        step = self._step(DIE)
        r = PIP * DIE * self.calibration.scale
        boxes = [(int(x), int(y), int(x + w), int(y + h)) for x, y, w, h, _ in stats[spotty]]
        tops, used = [], set()
        # a face's pips, one group each: spots as near as a 2's two pips (2.8 steps apart)
        pad = int(1.4 * step)       # the top's corners round its outermost pips
        for group in _near_boxes(boxes, 2.6 * step):
            x0, y0 = max(0, min(boxes[i][0] for i in group) - pad), max(0, min(boxes[i][1] for i in group) - pad)
            x1, y1 = max(boxes[i][2] for i in group) + pad, max(boxes[i][3] for i in group) + pad
            box = (slice(y0, y1), slice(x0, x1))
            inside = np.isin(spot_of[box], spotty[group])
            points = np.array(_peaks(k[box].astype(np.float32), inside, r)[0]).reshape(-1, 2) + (x0, y0)
            if len(points) not in FACES_DARK or not is_face(points, step):
                continue
            top = _top_outline(points.mean(axis=0), points, step) - (x0, y0)
            # the top and the blobs round the pips judged without the pips and their blurred rims
            rims = cv2.dilate(inside.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(2 * r) | 1,) * 2)) == 0
            face = np.zeros(inside.shape, np.uint8)
            cv2.fillConvexPoly(face, top.astype(np.int32), 1)
            if not (face.astype(bool) & rims).any() or float(np.median(k[box][(face > 0) & rims])) >= BRIGHT_PIP:
                continue
            under = []
            for i, contour in enumerate(found):
                blob = np.zeros(inside.shape, np.uint8)
                cv2.drawContours(blob, [contour], -1, 1, -1, offset=(-x0, -y0))
                if (blob.astype(bool) & inside).any():
                    under.append(i)
                    if _colourful(residual[box], blob.astype(bool) & rims):
                        break
            else:
                tops.append((top + (x0, y0)).reshape(-1, 1, 2).astype(np.int32))
                used |= set(under)
        return [c for i, c in enumerate(found) if i not in used] + tops

    def _likeness(self, norm: np.ndarray, expected: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """How bright the table shows at each pixel (``k``: ``norm`` is most like ``k`` times
        the empty table ``e``), and how far its colour lies from that (the residual's length):
        channel sums by ``cv2.transform``, the residual's square as |n|² - (n·e)² (E+2)/(E+1)²
        with E = |e|² (the same as |n - k e|², in fewer passes over the picture)."""
        if self._energy is None or self._energy[0] is not expected:     # once a table
            energy = _channel_sum(cv2.multiply(expected, expected))
            self._energy = (expected, energy + 1.0, (energy + 2.0) / (energy + 1.0) ** 2)
        _, below, share = self._energy
        dot = _channel_sum(cv2.multiply(norm, expected))
        square = _channel_sum(cv2.multiply(norm, norm)) - dot * dot * share
        return dot / below, cv2.sqrt(cv2.max(square, 0.0))

    # -- what the blobs are -----------------------------------------------------------------
    def _read(self, norm: np.ndarray, blobs) -> DiceSighting:
        dice, pieces, hand = [], [], False
        for contour in blobs:
            x, y, w, h = cv2.boundingRect(contour)
            mask = np.zeros((h, w), np.uint8)
            cv2.drawContours(mask, [contour], -1, 1, -1, offset=(-x, -y))
            patch = norm[y:y + h, x:x + w]
            colour = np.median(patch[mask > 0], axis=0)
            kind, body = self._kind(colour, self.kinds)
            if self._far(colour, self.large):
                return DiceSighting(problem=doubt("table_unexplained"))
            if mask.sum() > 4 * self._die_area and kind != "piece":
                if self._kind(colour, self.large)[0] != "hand":
                    return DiceSighting(problem=doubt("table_unexplained"))
                hand = True
                continue
            if kind == "piece":
                m = cv2.moments(mask)
                pieces.append(self.calibration.to_board(x + m["m10"] / m["m00"], y + m["m01"] / m["m00"],
                                                        PIECE_HEIGHT / 2))
                continue
            if self.game != "schocken":
                if self._fit(mask, (x, y)) >= TWO_LYING:     # Miwin's dice touching: one blob, two dice large
                    return DiceSighting(problem=doubt("dice_touching"))
                dice.append(self._die(patch, mask, body, (x, y)))
                continue
            seen = self._shaped(patch, mask, (x, y))
            if isinstance(seen, str):
                return DiceSighting(problem=seen)
            dice += seen
        if hand:
            return DiceSighting(problem=doubt("hand_over_table"), hand=True)
        return self._judge(dice, pieces)

    def _shaped(self, patch: np.ndarray, mask: np.ndarray, origin) -> list[SeenDie] | str:
        """A Schocken blob as one die, a Türmchen or two touching dice (camera_board/dice_shapes.py),
        or why it is none of them."""
        dark = self._dark_pips[0]
        top = self._top_face(patch, mask, dark=dark)
        if not top.any():
            return doubt("die_top_unseen")
        s = self.calibration.scale
        m = cv2.moments(top.astype(np.uint8))
        u, v = m["m10"] / m["m00"] + origin[0], m["m01"] / m["m00"] + origin[1]
        contours, _ = cv2.findContours(top.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        angle = cv2.minAreaRect(max(contours, key=cv2.contourArea))[2]
        outline, one_top = lying_outline(self.calibration.mapping.camera, self.calibration.to_board(u, v, DIE),
                                         -angle)
        shape = judge(float(mask.sum()) / s ** 2, float(top.sum()) / s ** 2, outline, one_top)
        if shape.kind == "unsure":
            return doubt("dice_blob", fit=shape.fit)
        area = float(mask.sum()) / s ** 2
        if shape.kind == "pair":
            groups = split_pips(self._pips(patch, mask, dark, seams=True), self._step(DIE))
            if groups is None:
                return doubt("pair_pips")
            return [self._placed(np.mean(g, axis=0) + origin, len(g), 0, area / 2) for g in groups]
        tower = shape.kind == "tower"     # its top is seen two dice high
        height = 2 * DIE if tower else DIE
        pips = self._pips(patch, mask, dark)
        if not is_face(np.array(pips).reshape(-1, 2), self._step(height)):
            if not tower:
                return doubt("pips_no_face")
            pips = []        # the lower die's pips show round the top: its face is kept from before
        centre = np.mean(pips, axis=0) if pips else np.array((m["m10"], m["m01"])) / m["m00"]
        die = self._placed(centre + origin, len(pips), 0, area, height)
        return [SeenDie(die.x, die.y, die.value, 0, die.aside, tower, area)]

    def _step(self, height: float) -> float:
        """Rectified pixels from a top's middle to an edge's middle pip, the top ``height`` mm up."""
        cz = self.calibration.mapping.camera[2]
        return PIP_STEP * DIE * self.calibration.scale * cz / (cz - height)

    def _fit(self, mask: np.ndarray, origin) -> float:
        """The blob's area over the outline one lying die casts where it lies."""
        m = cv2.moments(mask)
        u, v = m["m10"] / m["m00"] + origin[0], m["m01"] / m["m00"] + origin[1]
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        angle = cv2.minAreaRect(max(contours, key=cv2.contourArea))[2]
        outline, _ = lying_outline(self.calibration.mapping.camera, self.calibration.to_board(u, v, DIE / 2), -angle)
        return float(mask.sum()) / self.calibration.scale ** 2 / outline

    def _placed(self, centre, value: int, body: int, area: float, height: float = DIE) -> SeenDie:
        """A die whose top, ``height`` mm up, has its middle at rectified pixel ``centre``."""
        bx, by = self.calibration.to_board(float(centre[0]), float(centre[1]), height)
        return SeenDie(bx, by, value, body, self.table.in_tray(bx, by), False, area)

    @staticmethod
    def _far(colour: np.ndarray, kinds) -> bool:
        """Whether ``colour`` is far from every kind it could be (a thing of no colour it knows)."""
        return min(float(np.linalg.norm(colour - k[2])) for k in kinds) > STRANGE

    @staticmethod
    def _kind(colour: np.ndarray, kinds) -> tuple[str, int]:
        best = min(kinds, key=lambda k: float(np.linalg.norm(colour - k[2])))
        return best[0], best[1]

    def _die(self, patch: np.ndarray, mask: np.ndarray, body: int, origin, height: float = DIE) -> SeenDie:
        found, response = self._pips(patch, mask, self._dark_pips[body], detail=True)
        value = len(found)
        allowed = range(1, 7) if self.game == "schocken" else MIWIN[body].faces
        step = self._step(height)
        if not is_face(np.array(found).reshape(-1, 2), step) or self._pip_left_out(found, response, step):
            value = 0          # a pip missed or one too many: 8 read as 7 is a face it can show
        m = cv2.moments(mask)
        centre = np.mean(found, axis=0) if value in allowed else np.array((m["m10"], m["m01"])) / m["m00"]
        return self._placed(centre + origin, value if value in allowed else 0, body,
                            float(mask.sum()) / self.calibration.scale ** 2, height)

    def _pips(self, patch: np.ndarray, mask: np.ndarray, dark: bool, seams: bool = False, detail: bool = False):
        """The pips' centres: peaks of a difference of Gaussians at a pip's size (a blurred
        camera runs pips into each other; their peaks stay 5 mm apart), at least half as
        strong as the strongest, inside the die (``detail``: and the response)."""
        grey = patch @ np.array([0.114, 0.587, 0.299], np.float32)
        level = float(np.percentile(grey[mask > 0], 25 if dark else 50))
        grey = np.where(mask > 0, grey, level)       # the table round the die is no pip
        if dark:
            grey = 2 * level - grey
        inside = _shrink(mask, 5)
        if dark or self.game == "schocken":   # only on the top face: a white die's sides are darker,
            inside &= self._top_face(patch, mask, seams, dark)   # a side's corner no pip; a tower's sides show pips
        found, response = _peaks(grey, inside, PIP * DIE * self.calibration.scale, MIN_PIP)
        return (found, response) if detail else found

    def _pip_left_out(self, found: list, response: np.ndarray, step: float) -> bool:
        """Whether a place of the 3 x 3 grid the found pips lie on, where they have no pip,
        shows a pip's response nearly as strong as theirs (a pip missed: a 9 without its
        middle pip is an 8, a face a Miwin die has too)."""
        if not found:
            return False
        points = np.array(found)
        middle = points.mean(axis=0)
        corners = [p - middle for p in points if abs(np.hypot(*(p - middle)) / step - math.sqrt(2)) < 0.3]
        if corners:        # the grid's turn from a corner pip's (the corners lie at 45° to its axes)
            turn = math.atan2(corners[0][1], corners[0][0]) - math.pi / 4
            places = [middle + step * np.array((math.cos(turn) * i - math.sin(turn) * j,
                                                math.sin(turn) * i + math.cos(turn) * j))
                      for i in (-1, 0, 1) for j in (-1, 0, 1)]
        else:              # a 1: any turn, so the ring its corners may lie on
            places = [middle] + [middle + math.sqrt(2) * step * np.array((math.cos(a), math.sin(a)))
                                 for a in np.linspace(0, 2 * math.pi, 24, endpoint=False)]
        weakest = min(float(response[int(v), int(u)]) for u, v in found)
        h, w = response.shape
        for place in places:
            if min(np.hypot(*(points - place).T)) < 0.5 * step:
                continue      # a pip lies there
            u, v = int(round(place[0])), int(round(place[1]))
            if 0 <= u < w and 0 <= v < h and response[v, u] > LEFT_OUT * weakest:
                return True
        return False

    def _top_face(self, patch: np.ndarray, mask: np.ndarray, seams: bool = False, dark: bool = True) -> np.ndarray:
        """A die's top: the bright part of its body (the lamp lights the top more than the
        sides), with the pips in it filled in. With ``seams`` (two tops side by side) only the
        holes are filled: closing over a pip's width would close the dark seam between the
        tops too, and its ends would look like pips. Light pips (``dark`` False) are left out
        of the body first: the brightest part of a red die is its pips."""
        grey = patch @ np.array([0.114, 0.587, 0.299], np.float32)
        body = mask > 0
        if not dark and body.any():
            level, brightest = np.percentile(grey[body], (50, 99.5))
            body = body & (grey < (level + brightest) / 2)
            if not body.any():
                body = mask > 0
        top = ((grey > 0.8 * np.percentile(grey[body], 90)) & body).astype(np.uint8)
        size = 5 if seams else int(4 * PIP * DIE * self.calibration.scale) | 1
        top = cv2.morphologyEx(top, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
        contours, _ = cv2.findContours(top, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        filled = np.zeros_like(top)
        cv2.drawContours(filled, contours, -1, 1, -1)
        return _shrink(filled, 3)

    def _judge(self, dice: list[SeenDie], pieces) -> DiceSighting:
        squares = None
        if self.table.squares:
            taken = [i for i, (x0, y0, x1, y1) in enumerate(self.table.squares)
                     for px, py in pieces if x0 <= px <= x1 and y0 <= py <= y1]
            squares = tuple(i in taken for i in range(len(self.table.squares)))
            bodies = [d.body for d in dice]
            if any(d.value == 0 for d in dice):
                return DiceSighting(problem=doubt("pips_uncounted"))
            if len(set(bodies)) != len(bodies):
                return DiceSighting(problem=doubt("same_colour"))
            if any(body not in bodies for body in self._hiding):
                return DiceSighting(problem=doubt("die_in_shadow"))
            return DiceSighting(tuple(sorted(dice, key=lambda d: d.body)), squares)
        towers = sum(d.tower for d in dice)     # a tower is two dice, the lower one hidden
        if len(dice) + towers != self.count or towers > 1:
            return DiceSighting(problem=doubt("dice_count", n=len(dice) + towers, count=self.count))
        if any(d.value == 0 and not d.tower for d in dice):
            return DiceSighting(problem=doubt("pips_uncounted"))
        return DiceSighting(tuple(sorted(dice, key=lambda d: d.x)), squares)
