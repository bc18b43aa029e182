"""The camera-to-board mapping, from the four ArUco markers at the board's corners.

Every frame the markers are looked for; the mapping follows them when the camera has
been nudged (more than ``NUDGE`` mm anywhere on the board), and stays as it was when
they are hidden (a hand over a corner). With no mapping at all the board is blind and
says so. The mapping gives the rectified view (the board seen straight down, at
``scale`` pixels per mm) and the camera's centre, which corrects a piece's parallax:
the camera sees a piece's top, not its foot."""
from __future__ import annotations

import logging
from dataclasses import dataclass

import cv2
import numpy as np

from camera_board.camera import Lens, distort_points, pose_from_homography
from camera_board.layout import MARKER_DICT, Layout
from camera_board.words import doubt

log = logging.getLogger(__name__)

NUDGE = 0.5          # mm: a mapping that moved more than this anywhere is re-made
KNOCK = 2.5          # mm: markers that say the board moved this far at once moved it (a knock): at once;
                     # less is first averaged with the frames before (STEADYING), as a sensor's noise is:
                     # markers some 30 px wide (a camera hung high) put the board 0.5 to 1.5 mm apart
                     # from frame to frame on a still camera, and the mapping re-made on every frame
                     # cost 100 ms a Carrom frame and moved every piece by as much (docs/camera.md)
STEADYING = 0.1      # the share of each new frame's mapping in the averaged one
# A mapping from fewer markers is not averaged with one from more: three markers' twelve corners
# place the fourth corner of the board only as well as they extrapolate (held-out 1,000,057: 2.2 mm
# off there, 1.5 camera pixels, where four markers' mapping is 0.7 mm off at most). So more markers
# than the averaged mapping was made from replace it at once, and fewer leave it as it is (a hand
# on a marker), unless they say the board moved as far as a knock.
MIN_MARKERS = 3      # 12 corners: enough for a homography with one marker hidden
WINDOW = 0.75        # a marker is looked for first within this share of its own size round where it was
WHOLE = 10           # while a marker is missing, every this-th frame searches the whole picture
# Each marker's corners are placed where the lines along its four sides' edges meet (``_along_edges``),
# not where ArUco's refinement leaves them: its CORNER_REFINE_SUBPIX is cornerSubPix in a window of
# 0.3 of a cell (1 to 2 px on markers 30 px wide), whose fixed point on a black square's corner
# blurred over a pixel or two (an L, not a chessboard's saddle) lies inside the square and moves with
# where the edge falls between pixels: 0.2 to 1.0 px inside each marker, and each marker's four
# corners 0.2 to 0.35 px off as a whole, the same on every frame of a still camera; the mapping so
# made was 0.4 to 1.0 mm off on Carrom cameras hung high (docs/camera.md, "The markers' corners").
# A straight edge's middle (the centroid of its rise from black to white) lies where the edge is
# for any blur that is the same either way, a real lens's as the simulated one's.
# The games whose markers' corners are so placed: Carrom's (markers 29 to 43 px, the mapping 0.4 to 0.9 mm
# off -> 0.03 to 0.51). Shove's markers (41 to 56 px) were 0.04 to 0.30 mm off with ArUco's corners, and
# with these its tuning sets read 2 boards WRONG where main read none (1,000,088 board 7, 1,000,216: a
# coin 1.0 mm off; right 992 against 996: docs/camera.md, "The markers' corners where their sides meet,
# taken with ...")
ALONG_EDGES_GAMES = ("carrom",)
EDGE_REACH = 0.6     # of a cell: how far either side of each side its edge is looked for (the black
                     # border is one cell wide, the white round the marker 0.8)
EDGE_SPAN = (0.1, 0.9)   # the share of each side whose edge is fitted (its ends are the blurred corners)
EDGE_STEP = 0.25     # px between the samples across an edge
EDGE_WHOLE = 0.6     # a place whose rise is less than this share of the side's usual one is not its edge
EDGE_OFF = 0.5       # px: a place this far off the line fitted through a side's edge is not on it


@dataclass(frozen=True)
class Mapping:
    homography: np.ndarray      # board mm -> undistorted pixel
    camera: np.ndarray          # the camera's centre in board mm (x, y, z)
    markers: int                # how many markers it was made from


class Calibration:
    def __init__(self, layout: Layout, lens: Lens, scale: float, margin: float = 0.0,
                 homography: np.ndarray | None = None):
        self.layout, self.lens, self.scale = layout, lens, scale
        dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, MARKER_DICT))
        parameters = cv2.aruco.DetectorParameters()
        parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        self._detector = cv2.aruco.ArucoDetector(dictionary, parameters)
        self._corners = {k: np.array(v, np.float64) for k, v in layout.marker_corners().items()}
        if layout.game != "shove":    # pieces and dice live on the surface only
            self.extent = (-margin, -margin, layout.width + margin, layout.length + margin)
        else:                         # a Shove coin may lie in the gutter
            self.extent = layout.extent(margin)
        self.mapping: Mapping | None = None
        self.recalibrations = 0
        self._maps = None
        self.seen: np.ndarray | None = None   # the rectified pixels the camera's picture holds
        self._seen: dict[int, np.ndarray] = {}    # each marker's corners when last found (pixels)
        self._frames = 0
        self._steady: np.ndarray | None = None    # the markers' mapping averaged over the frames
        self._steady_markers = 0                  # how many markers each frame averaged in it showed
        if homography is not None:
            self._use(np.asarray(homography, np.float64), 0)

    def update(self, gray: np.ndarray) -> str | None:
        """Looks for the markers in ``gray``; None when the mapping is good, else why not."""
        found = self.find(gray)
        if found is None:
            if self.mapping is None:
                return doubt("markers_unseen")
            return None       # hidden for now (a hand): the last mapping holds
        homography, markers = found
        homography = homography / homography[2, 2]
        # (fewer markers than the board has are judged where they are, not where their mapping
        # extrapolates to: 2 to 10 mm off at the far corner)
        seen = np.concatenate([self._corners[m] for m in self._seen])
        if markers < len(self._corners) and self.mapping is not None and self.mapping.markers == 0 \
                and self._moved(homography, at=seen) <= KNOCK:
            return None       # the installer's corners (some 0.7 mm) hold against three markers
        at = None if markers >= self._steady_markers else seen
        if self._steady is None or markers > self._steady_markers or self._moved(homography, self._steady, at) > KNOCK:
            self._steady, self._steady_markers = homography, markers
        elif markers == self._steady_markers:
            self._steady = (1 - STEADYING) * self._steady + STEADYING * homography
        # (a mapping made from fewer markers than the steady one is made again even where the
        # two lie within NUDGE: else it keeps saying a marker is hidden that is seen again)
        fewer = self.mapping is not None and 0 < self.mapping.markers < self._steady_markers
        if self.mapping is None or fewer or self._moved(self._steady) > NUDGE:
            if self.mapping is not None and self._moved(self._steady) > NUDGE:
                self.recalibrations += 1
                log.info("the camera moved by %.1f mm: re-calibrated from %d markers",
                         self._moved(self._steady), self._steady_markers)
            self._use(self._steady, self._steady_markers)
        return None

    def unsure(self) -> str | None:
        """Why the mapping in use may put the board some millimetres off, in words: made from
        fewer markers than the board has (three markers' corners extrapolate to the fourth
        corner 2 to 10 mm off on the corpus's cameras); None when made from all of them, or
        placed by the installer's corners."""
        mapping = self.mapping
        if mapping is None or not 0 < mapping.markers < len(self._corners):
            return None
        hidden = sorted(self._corners.keys() - self._seen.keys())
        return doubt("marker_hidden", hidden=", ".join(map(str, hidden)) or "?")

    def place(self, homography: np.ndarray) -> None:
        """The board where ``homography`` puts it (the installer's corners: a board without
        markers), until markers say otherwise."""
        self._use(np.asarray(homography, np.float64), 0)

    def find(self, gray: np.ndarray) -> tuple[np.ndarray, int] | None:
        """The homography the markers in ``gray`` give, and how many there were; None if too few."""
        quads = self._markers(gray)
        image = [quads[m] for m in sorted(quads)]
        board = [self._corners[m] for m in sorted(quads)]
        if len(image) < MIN_MARKERS:
            return None
        pixels = cv2.undistortPoints(np.concatenate(image).reshape(-1, 1, 2).astype(np.float64),
                                     self.lens.matrix, self.lens.distortion, P=self.lens.matrix)
        homography, _ = cv2.findHomography(np.concatenate(board), pixels.reshape(-1, 2), 0)
        return None if homography is None else (homography, len(image))   # (None: no mapping fits them)

    def _markers(self, gray: np.ndarray) -> dict[int, np.ndarray]:
        """Each board marker's four corners in ``gray``. Looked for first in small windows
        round where each was last seen (a camera is rarely moved: a quarter of the work), a
        missing one where the mapping puts it (``_expected``); the whole picture is searched
        when one seen before is not found there, and every ``WHOLE``-th frame while one is
        missing (the camera moved while a hand was on it)."""
        self._frames += 1
        whole = len(self._seen) < len(self._corners) and self._frames % WHOLE == 0
        if len(self._seen) >= MIN_MARKERS and not whole:
            found = {}
            for marker, quad in self._expected().items():
                x0, y0, x1, y1 = _window(quad, gray.shape)
                if x1 - x0 < 2 or y1 - y0 < 2:
                    continue   # where the mapping puts a missing marker is off the picture
                found |= {m: q + (x0, y0) for m, q in self._detect(gray[y0:y1, x0:x1]).items() if m == marker}
            if set(self._seen) <= set(found):
                self._seen = found
                return found
        self._seen = self._detect(gray)
        return self._seen

    def _expected(self) -> dict[int, np.ndarray]:
        """Where each marker is looked for first: where it was last found, or for one missing
        (missed once in a noisy frame, a hand that came off it) where the mapping puts it, so it
        counts again from the next frame on, not only when the whole picture is searched."""
        expected = dict(self._seen)
        if self.mapping is None:
            return expected
        for marker in self._corners.keys() - expected.keys():
            ideal = cv2.perspectiveTransform(self._corners[marker].reshape(-1, 1, 2), self.mapping.homography)
            expected[marker] = distort_points(self.lens.matrix, self.lens.distortion, ideal.reshape(-1, 2))
        return expected

    def _detect(self, gray: np.ndarray) -> dict[int, np.ndarray]:
        corners, ids, _ = self._detector.detectMarkers(gray)
        if ids is None:
            return {}
        along = self.layout.game in ALONG_EDGES_GAMES
        return {int(m): _along_edges(gray, q.reshape(4, 2)) if along else q.reshape(4, 2)
                for q, m in zip(corners, ids.ravel()) if int(m) in self._corners}

    def _moved(self, homography: np.ndarray, than: np.ndarray | None = None, at: np.ndarray | None = None) -> float:
        """How far (mm) the board's corners (or the points ``at``) map apart under ``than`` (the
        mapping in use) and ``homography``."""
        x0, y0, x1, y1 = self.layout.extent()
        corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]] if at is None else at, np.float64).reshape(-1, 1, 2)
        pixels = cv2.perspectiveTransform(corners, homography)
        back = cv2.perspectiveTransform(pixels, np.linalg.inv(self.mapping.homography if than is None else than))
        return float(np.abs(back - corners).max())

    def _use(self, homography: np.ndarray, markers: int) -> None:
        rotation, translation = pose_from_homography(self.lens.matrix, homography)
        camera = -rotation.T @ translation
        self.mapping = Mapping(homography, camera, markers)
        self._maps = self._rectify_maps(homography)

    def _rectify_maps(self, homography: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x0, y0, x1, y1 = self.extent
        s = self.scale
        w, h = int(round((x1 - x0) * s)), int(round((y1 - y0) * s))
        u, v = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
        board = np.stack([x0 + (u.ravel() + 0.5) / s, y1 - (v.ravel() + 0.5) / s], axis=1)
        ideal = cv2.perspectiveTransform(board.reshape(-1, 1, 2), homography).reshape(-1, 2)
        pixels = distort_points(self.lens.matrix, self.lens.distortion, ideal)
        width, height = self.lens.size
        self.seen = ((pixels[:, 0] >= 0) & (pixels[:, 0] <= width - 1) & (pixels[:, 1] >= 0)
                     & (pixels[:, 1] <= height - 1)).reshape(h, w)
        # as fixed point, the form remap turns float maps into anyway: the same picture, sooner
        return cv2.convertMaps(pixels[:, 0].reshape(h, w).astype(np.float32),
                               pixels[:, 1].reshape(h, w).astype(np.float32), cv2.CV_16SC2)

    def rectify(self, frame: np.ndarray) -> np.ndarray:
        """The board seen straight down: pixel (u, v) is board (x0 + (u+.5)/s, y1 - (v+.5)/s)."""
        return cv2.remap(frame, *self._maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def to_board(self, u: float, v: float, height: float = 0.0) -> tuple[float, float]:
        """Board mm of rectified pixel (u, v), seen on a piece's top ``height`` mm up: the
        ray from the camera through that point of the surface, met at the top's height."""
        x0, _, _, y1 = self.extent
        x, y = x0 + (u + 0.5) / self.scale, y1 - (v + 0.5) / self.scale
        cx, cy, cz = self.mapping.camera
        k = (cz - height) / cz
        return cx + (x - cx) * k, cy + (y - cy) * k

    def to_pixel(self, x: float, y: float) -> tuple[float, float]:
        """Rectified pixel of board (x, y) on the surface."""
        x0, _, _, y1 = self.extent
        return (x - x0) * self.scale - 0.5, (y1 - y) * self.scale - 0.5


def _window(quad: np.ndarray, shape) -> tuple[int, int, int, int]:
    """The part of a picture of ``shape`` within ``WINDOW`` of a marker's size round ``quad``,
    clipped to the picture (empty where ``quad`` lies off it: a marker expected beyond its edge)."""
    (x0, y0), (x1, y1) = quad.min(axis=0), quad.max(axis=0)
    pad = WINDOW * max(x1 - x0, y1 - y0)
    h, w = shape[:2]
    def clip(value, size):
        return min(size, max(0, int(value)))
    return clip(x0 - pad, w), clip(y0 - pad, h), clip(x1 + pad + 1, w), clip(y1 + pad + 1, h)


def _along_edges(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """A marker's four corners (``quad``, ArUco's) where the lines through its sides' edges meet:
    across each side, at every pixel along its middle (``EDGE_SPAN``), the centroid of the rise
    from the black border to the white round it within ``EDGE_REACH`` of a cell; a line fitted
    through those. ``quad`` as it was where a side shows no edge, or where they meet more
    than a cell away (not this marker's sides)."""
    quad = np.asarray(quad, np.float64)
    cell = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1).mean() / 6
    reach = max(1.5, EDGE_REACH * cell)
    h, w = gray.shape[:2]
    (x0, y0), (x1, y1) = np.floor(quad.min(axis=0) - reach - 2), np.ceil(quad.max(axis=0) + reach + 2)
    x0, y0, x1, y1 = int(max(0, x0)), int(max(0, y0)), int(min(w, x1)), int(min(h, y1))
    patch = gray[y0:y1, x0:x1].astype(np.float32)
    across = np.arange(-reach, reach + 1e-9, EDGE_STEP)
    middles = (across[:-1] + across[1:]) / 2
    centre = quad.mean(axis=0)
    lines = []
    for a, b in zip(quad, np.roll(quad, -1, axis=0)):
        length = np.linalg.norm(b - a)
        along = (b - a) / length
        out = np.array([along[1], -along[0]])
        if np.dot((a + b) / 2 - centre, out) < 0:
            out = -out
        points = a + np.arange(EDGE_SPAN[0] * length, EDGE_SPAN[1] * length, 1.0)[:, None] * along
        samples = points[:, None, :] + across[None, :, None] * out - (x0, y0)
        profile = cv2.remap(patch, samples[..., 0].astype(np.float32), samples[..., 1].astype(np.float32),
                            cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        rise = np.clip(np.diff(profile, axis=1), 0, None)   # black inside to white outside
        total = rise.sum(axis=1)
        # (where a piece in the gutter or a hand covers the white round the side, the rise is
        # less, and what rise there is lies elsewhere: those places are left out)
        whole = total >= EDGE_WHOLE * np.median(total)
        edge = points[whole] + ((rise @ middles)[whole] / total[whole])[:, None] * out
        line = _line_through(edge, len(points))
        if line is None:
            return quad
        lines.append(line)
    corners = np.empty((4, 2))
    for i in range(4):     # corner i: where side i-1 (from corner i-1) meets side i
        (p, d), (q, e) = lines[i - 1], lines[i]
        try:
            t = np.linalg.solve(np.array([d, -e]).T, q - p)
        except np.linalg.LinAlgError:
            return quad
        corners[i] = p + t[0] * d
    return corners if np.abs(corners - quad).max() <= cell else quad


def _line_through(points: np.ndarray, along: int):
    """(a point, the direction) of the line fitted through ``points``, fitted again without
    those more than ``EDGE_OFF`` px off it; None where fewer than half the ``along`` places
    looked at are left (the side is not seen straight)."""
    for _ in range(2):
        if len(points) < max(3, along / 2):
            return None
        vx, vy, px, py = cv2.fitLine(points.astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        off = np.abs((points[:, 0] - px) * vy - (points[:, 1] - py) * vx)
        if off.max() <= EDGE_OFF:
            break
        points = points[off <= EDGE_OFF]
    if len(points) < max(3, along / 2):
        return None
    return np.array([px, py], np.float64), np.array([vx, vy], np.float64)


CORNER_REACH = 8     # pixels round a dragged corner where the picture's own corner is looked for


class CornersError(ValueError):
    """Four points that make no board: ``key`` and ``values`` say why, in words, through
    ``camera_board.teaching.say`` (the staff page and ``tablegame camera-learn`` say it in
    their language)."""

    def __init__(self, key: str, **values):
        self.key, self.values = key, values
        super().__init__(key)


SMALLEST_BOARD = 0.10   # of the picture: a board the corners enclose in less is too far for its pieces


def corner_homography(layout: Layout, lens: Lens, corners, gray: np.ndarray | None = None) -> np.ndarray:
    """The mapping from where the playing surface's four corners lie in the camera's picture
    (pixels, as the lens shows them: front left, front right, back right, back left; Carrom
    seen from seat 0), for a board without markers or with markers the camera cannot find.
    With the picture (``gray``) each is moved onto the picture's own corner within
    ``CORNER_REACH`` pixels (a dragged point is a few pixels off; the surface meets its
    frame in a sharp corner). CornersError for four points that make no board: crossed or
    bent inwards, too small a part of the picture, or mirrored (the far end at the bottom)."""
    points = np.array(corners, np.float64).reshape(-1, 2)
    if points.shape != (4, 2) or not np.isfinite(points).all():
        raise CornersError("corners_points")
    w, h = lens.size
    if gray is not None:
        points = _onto_corners(gray, points)
    ideal = cv2.undistortPoints(points.reshape(-1, 1, 2), lens.matrix, lens.distortion, P=lens.matrix).reshape(-1, 2)
    quad = ideal.astype(np.float32)
    if not cv2.isContourConvex(quad):
        raise CornersError("corners_crossed")
    share = cv2.contourArea(quad) / (w * h)
    if share < SMALLEST_BOARD:
        raise CornersError("corners_small", share=100 * share, least=100 * SMALLEST_BOARD)
    board = np.array([(0, 0), (layout.width, 0), (layout.width, layout.length), (0, layout.length)], np.float32)
    homography = cv2.getPerspectiveTransform(board, quad).astype(np.float64)
    # the board lies the right way up (its far end at the picture's top, as the markers say)
    if np.linalg.det(homography[:2, :2]) > 0:
        raise CornersError("corners_mirrored")
    return homography


def _onto_corners(gray: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Each point moved to the strongest corner of ``gray`` within ``CORNER_REACH`` (sub-pixel);
    kept where the picture shows none there."""
    out = points.copy()
    h, w = gray.shape[:2]
    for i, (x, y) in enumerate(points):
        x0, y0 = int(max(0, x - 2 * CORNER_REACH)), int(max(0, y - 2 * CORNER_REACH))
        x1, y1 = int(min(w, x + 2 * CORNER_REACH + 1)), int(min(h, y + 2 * CORNER_REACH + 1))
        if x1 - x0 < 8 or y1 - y0 < 8:
            continue
        patch = gray[y0:y1, x0:x1].astype(np.float32)
        strength = cv2.cornerMinEigenVal(patch, 5)
        yy, xx = np.mgrid[y0:y1, x0:x1]
        strength[(xx - x) ** 2 + (yy - y) ** 2 > CORNER_REACH ** 2] = 0
        if strength.max() <= 0:
            continue
        v, u = np.unravel_index(int(np.argmax(strength)), strength.shape)
        found = np.array([[[x0 + u, y0 + v]]], np.float32)
        cv2.cornerSubPix(gray, found, (5, 5), (-1, -1),
                         (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01))
        if np.hypot(*(found[0, 0] - (x, y))) <= CORNER_REACH:
            out[i] = found[0, 0]
    return out


class Following(Calibration):
    """The mapping of ``parent`` (found from the markers on the full picture) on a smaller
    picture of the same camera (picamera2's low-resolution stream, or the picture shrunk by
    ``factor``), rectified at ``scale`` px/mm: for following pieces that move, every frame."""

    def __init__(self, parent: Calibration, factor: float, scale: float, margin: float = 0.0):
        lens = parent.lens
        size = (int(round(lens.size[0] * factor)), int(round(lens.size[1] * factor)))
        super().__init__(parent.layout, type(lens)(size, lens.fov, lens.k1, lens.k2), scale, margin)
        self.extent, self.parent, self.factor = parent.extent, parent, factor
        self._followed = None

    def update(self, gray=None) -> str | None:
        """Follows the parent's mapping (no markers looked for here)."""
        mapping = self.parent.mapping
        if mapping is None:
            return doubt("markers_unseen")
        if mapping is not self._followed:
            f = self.factor   # the big picture's pixel x lies at (x + .5) * f - .5 in the small one
            shrink = np.array([[f, 0, 0.5 * f - 0.5], [0, f, 0.5 * f - 0.5], [0, 0, 1.0]])
            homography = shrink @ mapping.homography
            self.mapping = Mapping(homography, mapping.camera, mapping.markers)
            self._maps = self._rectify_maps(homography)
            self._followed = mapping
        return None
