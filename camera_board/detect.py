"""Pieces in one camera frame: where each lies (board mm) and what it is.

The frame is rectified onto the board plane and held against the empty board the camera
knows (camera_board/appearance.py: learned at installation, or the starting values drawn
from the layout). The light is what turns the empty board into the frame: measured as the
ratio of the two, a median over some 60 mm (a piece is too small to move it, a guest's
shadow is not), then smoothed where the board shows. Evened out, each pixel is either the
board as it looks there, or a kind of piece (its learned colour), or skin, or something
else: a piece that differs from the empty board is never evened into it, whatever its
colour. Each kind's share is searched with a matched filter of its piece's size (a disc,
minus a thin ring: a piece, not a patch of colour); a piece's centre is the middle of all
of it the camera sees (its top and side, which lie symmetric about the point half its
height up). Whatever differs from the empty board and no piece explains (a hand, a beer mat,
a piece of a colour it does not know) makes the frame *unsure*: nothing is reported.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import NamedTuple

import cv2
import numpy as np

from camera_board import coin_look, light_shapes, shadow_patch
from camera_board.appearance import Appearance, drawn
from camera_board.calibrate import Calibration
from camera_board.layout import PIECE_COLOURS, SKIN, Layout
from camera_board.words import doubt

DARK = 8.0             # median grey of the surface below which the camera cannot see the board
DIMMEST = 0.2          # the light this share of the learned board's or less: too dark to read
THRESHOLD = 0.55       # matched-filter response a piece must reach
UNSURE = 0.35          # a peak between this and THRESHOLD: something piece-like, not sure
UNEXPLAINED = 0.6      # share of a piece's area that differs from the board, no piece explaining it: unsure
MOST = {"white": 9, "black": 9, "queen": 1, "striker": 1}   # a Carrom set: more is a misreading
OVERLAP = 4.0          # mm two found pieces may seem to overlap (each read up to some 2 mm off)
HOLE_SLACK = 2.0       # mm a piece's centre may seem to lie over a pocket's mouth (peaks are coarse)
LIGHT_CELL = 2.0      # mm: the light is measured on a picture of the board this coarse
QUICK_LIGHT_CELL = 4.0   # mm: and so when following moving pieces
OWN_LIGHT = 15         # following pieces, the light is measured every this many frames (else borrowed)
LIGHT_SMOOTH = 10.0    # mm: the light smoothed over this where the board shows
EDGE_NOISE = 2.5       # an edge of the light stands this many times the noise out of it
LIGHT_EDGE = 0.06      # a change of the light this large (log) from one cell to the next is an edge: no light
SHIFT_TOLERANCE = 0.5  # rectified pixels the board may seem to have moved (a mapping is this good)
BLACK = 3.0            # grey levels a camera's black may lie off (its black level, a JPEG's rounding)
SATURATED = 250.0      # a channel this bright is clipped (the camera saw more light than it holds)
LIGHT_SPREAD = 0.04    # what the evened light may still be off by (a share of the colour)
OTHER = -3 * math.log(256.0)   # log-likelihood of a colour of nothing known: uniform over the cube
SKIN_SPREAD = 35.0     # grey levels: skin varies far more than a piece
CORE = 0.6             # of a piece's outline round its middle: its core, all of it the piece
CORE_FILL = 0.8        # a core less than this unlike the board: the piece is not seen whole (unsure)
SHADED = 0.3           # a core more than this like the board in shadow (worn bronze on oak): its drop
                       # shadow cannot be told from its rim, and it reads 1 to 3 mm towards the shadow
                       # (tuning looks): unsure
MARKER_SLACK = 3.0     # mm round a marker's quiet zone left out of the patches too
# a Shove peak only half a coin's in a marker's zone whose share lies on the marker's white paper
# alone: its black ink (darker than PAPER_INK of the paper; the frames' woods are a fifth of it or
# more), at least PAPER_BLACK of the peak's disc, shows under PAPER_ON_BLACK of a coin's share.
# A coin there would cover the ink as well ("The coin? doubts by the markers", docs/camera.md)
PAPER_INK = 1 / 8
PAPER_BLACK = 0.05
PAPER_ON_BLACK = 0.1
PAPER_LIKE = 0.6       # and only where the coins are paper-bright: their learned grey this share of the
                       # paper's or more (silver 0.72 to 0.87 on the sets where the paper read as a coin;
                       # dark pennies 0.25, copper 0.50, whose coin? there could be a coin on the ink)
BLACK_CHANNEL = 12.0   # a channel of the empty board this dark says nothing of the light (its noise)
TINT_EDGE = 0.06       # a change of the light's colour this large from one cell to the next: an edge
MARKING = 0.08         # a slope of the empty board this steep (a share of its brightness a pixel): a marking
SHADE_TINT = 0.08      # a shadow leaves the light's colour within this share (each channel)
SHADE_DEPTH = 0.25     # and at least this bright
SHADE_PIECES = 30.0    # and larger than this many of the largest pieces (a cluster of them is smaller)
ENCLOSED = 4.0         # pieces' area: what edges enclose up to this is pieces; more is the board
SHADOW_LIKE = 9.0      # squared distance (in the board's spread) of a darker board colour: a shadow
SHADOW_DEPTH = 0.35    # a shadow leaves the board at least this bright (the pub's other light)
WINDOW = 2.5          # mm round a piece's outline its centroid reads (the camera blurs its rim)
SHADOW_RIM = 2.0       # mm inside a piece's outline where its drop shadow may already show
# mm either side of the board's own lines and circles (the layout's ink) where that band inside a
# man's outline counts as him, not as his drop shadow: his dark rim over the empty board's dark ink
# looks like "the board's colour, darker". Set 1,000,160 board 5: a black with the centre circle 2 mm
# inside his edge had that side cut whole and read 2.28 mm off on the true mapping, 1.91 with it;
# beyond his outline the ink stays cut (his shadow over it is not him: 1,000,160 board 4's black
# 0.92 -> 2.63 mm counted so). Carrom's men only: a Shove coin with a line across him so counted
# read 1.06 mm off (tuning Shove 903 board 5, WRONG; 0.66 without). docs/camera.md, "A man's rim
# over the board's own ink"
INK_PAD = 1.0
INK_GAMES = ("carrom",)
# mm a Shove coin's middle would move were its rim counted where it does not count (told from
# the board on one side, not the other): beyond this, where it ends is not known to the 1 mm
# it is read to (copper or dark coins on a wood or slate near their colour, in a shadow's edge;
# a video file's compression moves it up to 0.2 mm on the classic coins). Only a coin its
# learned look does not place is judged so (the fit weighs the rim all round): 0.3 let a
# coin through whose look fitted nowhere (-0.19) and whose centroid, pulled 0.24 mm, read 1.6
# mm off (fresh set 1,000,104's installation 105, board 0); at 0.2 the same boards read on
# every other tuning and held-out set, and on the fresh 1,000,112
RIM_DOUBT = {"coin": 0.2}
RIM_BAND = 3.0         # mm inside a coin's outline its one-sidedness is measured over: a dark coin's own
                       # body reads as the board in shadow deeper than the drop-shadow cut's 2 mm
                       # (dark pennies on slate, copper on smoked oak: tuning looks 900 to 907)
# mm the teaching found its coins from their spots (the median, ``Colour.apart``) at which the
# camera cannot place a coin to the 1 mm it is read to anywhere: a blurred, compressed picture
# from high up, two lamps (set 1,000,048's installation 054: 0.54, its coins 0.56 mm off at the
# median in play, 6 of them 1.0 to 2.1). Taught tuning installations 0.04 to 0.34; 0.38 and more
# only where the teaching was refused anyway
TAUGHT_APART = {"coin": 0.4}
SILHOUETTE_RIM = 0.5   # mm inside the capsule of a piece's foot, side and top: all of it the piece
                       # (the camera's blur): where its side wall is looked at
SIDE_SEEN = 1.0        # the side wall shows this many pixels per pixel of radius or more: judged
SIDE_UNSEEN = 0.4      # a piece's side wall more than this like the board (or the board in shadow): where
                       # its foot ends is not seen, its middle is read from its top's colour
THICKEST = 8.5         # mm: the thickest Carrom men (real sets 6 to 8.5; the layout's 6 is what is assumed)
# mm a man's middle read from his top's colour may lie beyond where his outline's centroid allows
# (``_top_explained``) and still be taken: farther, the top's colour was pulled by something else.
# Dark-stained blacks on honey plywood under a lamp beyond them (set 1,000,088's installation 095,
# 1,000,058): their side wall is unseen just when the lamp's highlight lies on the far side of the
# top, out of the colour learned; the top read 1.4 to 2.1 mm inward where the centroid read 0.2
# to 0.5. Brown-wood whites on dark plywood (1,000,064): top 1.8 to 2.9 mm off, 0.9 to 1.8 beyond
TOP_AGREES = 0.75
# The men so judged. A black stands out from the board all round (dark, by the game's rules) but
# for his side wall, cut as his own shadow: his centroid is his top's, and read where his top's
# read is not explained (on the six tuning sets 13 of 69 blacks read from their top: the centroid
# 0.26 to 1.39 mm off, the top 0.30 to 2.09; the centroid better on 12). A white's top may be the
# board's own wood (why it is read), and his centroid is no better there (20 of 61: 0.26 to
# 2.76 mm against 0.63 to 2.90): neither read is sure, and he is doubted (1,000,064's two WRONG
# boards and two of 1,000,096's three refused, for a right board of 1,000,008 and five of the
# tuning sets'; a wrong settled board is the worse: docs/camera.md, "A man's top read against
# his outline"). Shove's coins, the striker and the queen are read as before.
CENTROID_KEPT = ("black",)
UNPLACED_DOUBTED = ("white",)
# mm a white read from his outline (his side wall told from the board) may lie from where his
# top's read puts him, beyond what his lean explains (``_top_explained`` with this bar), and still
# be taken: farther, his outline is not where he ends. Brown-wood whites on a dark plywood of
# nearly their colour (fresh set 1,000,104's installation 105): where his colour parts from the
# board's runs by the grain and the light, not by his edge, and his centroid read 2.6 and 2.8 mm
# off where his top's read lay 2.9 and 3.6 mm from it; whites read right lie up to 2.3 mm from
# theirs (tuning installation 6, natural wood on cream, the top's read the worse there): doubted,
# as for a white read from his top (docs/camera.md, "Brown-wood whites read from their outline")
OUTLINE_AGREES = 2.5
# The men placed halfway between their outline's centroid and their top's read (as the striker
# and queen are: ``_lone_tops``), whichever of the two ``centres`` would take alone: each is
# pulled by a cause of its own. A white's outline parts from the board where his blurred edge
# does: on his lamp's side his lit edge blurs out past him and counts, on the far side it blurs
# into his drop shadow, crosses the board's colour inside his edge and the shadow beyond is cut,
# so his centroid goes towards the lamp (set 1,000,160's installation 160, cream whites on dark
# plywood, board 6: a touching pair 2.10 and 1.96 mm off, their tops' reads 0.75 and 0.86); his
# top's colour is pulled by the lamp's highlight and a neighbour (1,000,096 board 0: top 2.08 mm,
# within what his outline explains, centroid 0.89). Halfway leaves half of each (docs/camera.md,
# "Two touching cream whites pulled towards the lamp")
HALFWAY_READ = ("white",)
# A white whose own edge looks like the board in shadow: more than this share of the band
# ``SHADOW_RIM`` inside his outline (``_weighed``'s rim; what differs from the board there, a
# pixel's share a pixel) is cut as his drop shadow. Where he ends is then not known: the cut
# takes his own rim on one side and leaves it on the other (the band follows his middle as it is
# read, so the side read away from is cut the more), a neighbour's touching edge counts, and
# his top's read wanders over his side wall's colour. Cream labelled whites on painted white
# (fresh set 1,000,176's installations 178 and 183): the band 0.32 to 0.97 cut (means 0.58 and
# 0.80), their centroid 1.7 mm off inward on 178 board 4 (his band cut towards the black touching
# him) and 2.0 mm towards the queen on 183 board 1, his top's read 3.0 mm (the side wall and its
# shadow in its window). Every white read over 2 mm off on fourteen tuning sets and not doubted otherwise lies
# at 0.64 to 0.97; counting the band uncut instead reads 183's whites 2 to 4 mm off (their
# drop shadow then counts): doubted (docs/camera.md, "A white whose edge looks like the board in
# shadow")
EDGE_SHADED = {"white": 0.6}
# mm a white's outline's centroid would still move were it read once more (``_unsettled``: a fourth
# pass of ``centres``' three): more, and where he ends is not known either, doubted as above. The
# passes start from his matched filter's peak; where his drop shadow on a pale board looks like
# him (painted white in shadow is a cream man's colour) the peak lies beyond him on his shadow's
# side and each pass takes back only a part of it (held-out set 1,000,008's installation 015,
# board 2: a cream labelled white whose peak lay 7.6 mm off, his centroid after the passes 3.3 mm,
# then 2.5, 12 passes 1.6 with his top's read 2.7: read 3.64 mm off, his band 0.54 cut, under
# ``EDGE_SHADED``; more passes alone leave him 2.2 mm off). That white would move 0.84 mm; on
# eighteen Carrom tuning sets the whites of boards read right move up to 0.21 (0.41 with the blacks'
# shadows' depth, 1,000,131 board 4, 1.29 mm off), and the 20 over 0.3 (0.30 to 0.68, all on boards
# refused for something else) lie 0.34 to 3.19 mm off, 4 over 2 mm (docs/camera.md, "A cream white
# whose outline has not settled")
# At the teaching (``Detector.formation``) the formation's men, each touching his neighbours
# all round, move up to 0.73 mm (1,000,015's), and are not doubted for it.
UNSETTLED = {"white": 0.5}
# A white (a kind whose edge is judged against his shadow, ``EDGE_SHADED``) whose shadow is told
# from him by a hue the teaching learned narrow (``Appearance.tints``: like the board in shadow)
# is doubted where the frame clips a channel over more than this share of the board round him
# (his patch beyond his outline) that the empty board did not clip: the light in that channel is
# measured from clipped pixels, too dim, so his shadow and his rim, evened by it, come out off the
# board's hue in that channel, are not cut as his shadow and count as him.
# Held-out 1,000,203 taught by force (brown wood labelled whites on honey plywood, tint 2.78):
# board 0, at 1.08 of the exposure where the teaching's was 0.94, has the red channel clipped on
# 70 % of the board; its whites' rims, cut 0.5 to 0.9 at the teaching's exposure (doubted,
# ``EDGE_SHADED``), are cut 0.1 to 0.55 there and two whites read 2.0 and 2.4 mm off, undoubted
# (their shares 0.22 to 0.40; 0 to 0.30 on that installation's other boards, and under 0.1 on
# the whites of 1,000,073, 088, 103 and 015, taught with a tint). Without the learned tint his
# core is cut as shadow instead: the light there cannot be evened for such a man. A black is far
# darker than his shadow: dark-stained blacks with a tint (1,000,058, 7.3) read right on boards
# clipped round them up to 0.45 (docs/camera.md, "Whites in a light the camera clips")
CLIPPED_ROUND = 0.2
BUMP = 0.1             # Carrom: the light (log) standing this far out of its surroundings narrower than
BUMP_WIDTH = 1.2       # this many of the largest piece's radius (a lamp, a guest's shadow: wider) over
BUMP_AREA = 0.45       # this share of a man's area, and somewhere
BUMP_PEAK = 0.15       # this far: a piece evened into the board (pieces 0.16 to 0.32 on tuning boards,
                       # a guest's shadow's end by a man 0.13 to 0.14)
BUMP_EDGE = 10.0       # mm off the playing surface's edge, the pockets' rims and the pieces found where it
                       # is looked for (the light is drawn in round them)
KIND_MARGIN = 0.6      # another kind's share on a piece's top above this share of its own: unsure
TOP_SEEN = 0.80        # Carrom's striker and queen are read from their top's colour only where it is
TOP_DISC = 0.8         # their colour over this share of the top (this much of its radius round its
                       # middle) or more; else the top's read follows the rest (a lamp's highlight out
                       # of the colour learned, a shadow's edge) and the outline is read: 0.87 and more
                       # on the tuning boards, 0.76 to 0.81 where the top read 2.4 to 2.6 mm off
                       # (before halfway; 0.80, not 0.82: 1,000,139 board 7's queen shows 0.81, her
                       # top 1.22 mm off, her outline 2.03: "1,000,139 board 7's pinkish queen")
EDGE_APART = 1.0       # mm: a coin across an edge of the playing surface whose look fitted over the surface
                       # and with the frame beyond places it farther apart than a read may be off is doubted
                       # (one fit then lies half of it off at least: 1,000,056 board 6's, 1.55 mm over the
                       # surface; "A coin's look fitted over the playing surface", docs/camera.md)
CUT_APART = 2.0        # mm: a coin in a gutter whose rim a marker cuts, its look fitted over the cut rim and over
                       # the whole rim farther apart than twice what a read may be off: one fit lies over 1 mm off
                       # at least, and which is not known; doubted by the marker (right boards' such coins 0.05
                       # to 1.41 mm apart on the tuning sets, 1,000,194 board 6's 3.0: "A coin in the gutter by a
                       # marker, its rim cut", docs/camera.md)
OWN_LIGHT_GAMES = ("shove",)   # the games whose stray patches are read again under their own light
OWN_LIGHT_PIECES = 3.0 # a patch no larger than this many pieces is read again only when the coin looked for
                       # under the light as measured shows nowhere there either: a quadratic fitted over so
                       # small a patch follows what is in it, and evened tuning installation 5's unfound
                       # brass coins (patches of 1.5 coins) from a filter's 0.48 to 0.51 to 0.06 and less;
                       # the shadows of 0.7 to 1.9 coins that hid nothing peak 0.08 and less both ways
                       # ("A small stray patch read under its own light", docs/camera.md)
                       # (camera_board/shadow_patch.py; Carrom's light shapes are read by _read_mended)
# The games whose doubtful peak ("coin?": between ``UNSURE`` and ``THRESHOLD``, no better at a second
# look) is read as a coin where the learned look places it surely (``coin_look.surely``: ``JUST`` or
# more over its bar) and its core is not like the board in shadow (``SHADED``): a coin whose colour
# near the board's (brass on green paint, copper on walnut) left it half a coin's peak, but whose
# rim's look still tells it. On 57 boards of the 21 Shove tuning sets refused for a "coin?" or a
# patch, 26 of 202 such peaks were a coin missed; the 15 so read lay 0.03 to 0.88 mm off, 0.17 to
# 0.30 over the bar. Of the 176 that were no coin (guests' and coins' shadows' edges) the look
# placed 6, at 0.11 over its bar at most, every one with a core like the board in shadow (0.87 to
# 1.0); 6 coins with such a core stay doubted. Any other "coin?" stays a doubt (docs/camera.md,
# 'A "coin?" its look places surely, read')
MAYBE_PLACED_GAMES = ("shove",)
HAND_PIECES = 3        # a blob differing from the board larger than this many pieces, skin or at
                       # the board's edge: a hand or an arm (no fault); any other: unsure


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


class Looked(NamedTuple):
    evened: np.ndarray | None       # the view as under the learned board's light (float32 BGR)
    apart: np.ndarray | None        # 0 the empty board as it looks there .. 1 something else
    shares: dict | None             # kind (and "skin") -> its share of each pixel
    grid: "_Grid"
    brightness: float


def starting(layout: Layout) -> Appearance:
    """The starting values for ``layout``: its drawn board and the code's colours."""
    return _starting(layout)


@functools.lru_cache(maxsize=8)
def _starting(layout: Layout) -> Appearance:
    return drawn(layout, {k: PIECE_COLOURS[k] for k, _ in layout.radii})


def loose(calibration, appearance) -> dict[str, float]:
    """The kinds whose pieces the teaching found TAUGHT_APART or more from their spots (the
    median, mm, their centroids): this camera's centroid cannot place them to their tolerance,
    so a piece of such a kind is doubted unless its learned look places it (the look was
    taught where the coins lie, so it carries the camera's own pull: "A loose camera's coins
    placed by their look", docs/camera.md). A board placed by the
    installer's dragged corners, no markers, is not judged: there the teaching's pieces lie
    apart by the mapping's own error, the same on every board (0.7 mm with corners 2 px off,
    read within 1 mm in play; tests/test_camera_learn_command.py)."""
    mapping = calibration.mapping
    if mapping is None or mapping.markers == 0:
        return {}
    return {k: c.apart for k, c in appearance.colours.items() if c.apart >= TAUGHT_APART.get(k, math.inf)}


class Detector:
    _measured = 0      # lights measured so far (which one is the latest)
    """``Detector(layout, calibration, heights, appearance)``, then ``see(frame)`` for each
    camera frame (``read(view)`` for a view already rectified)."""

    def __init__(self, layout: Layout, calibration: Calibration, heights: dict[str, float],
                 appearance: Appearance | None = None, quick: bool = False):
        """``quick``: following pieces that move (camera_board/follow.py), on a small picture:
        what it doubts is read as best it can, and only a hand or the dark make a frame
        unsure (the settled board is read in full)."""
        self.layout, self.calibration, self.heights, self.quick = layout, calibration, heights, quick
        self.borrowed: Detector | None = None    # quick: the full read whose light it may take
        self.last_light: tuple = (None, 0.0, 0)   # (light, brightness, when measured)
        self.mended = None      # Carrom: the light with a piece's shapes in it taken out (``_light_bumps``)
        self._frames = 0
        self.loose_doubted: set[str] = set()   # the kinds of the last read's pieces doubted for a loose camera
        # (doubt, kind) of the last read's pieces doubted for looking like the board (in shadow or
        # not) or only half found ("maybe"): the teaching says what to change for each
        self.kind_doubts: set[tuple[str, str]] = set()
        # the teaching's formation read again (learn.py): its men touch all round, so their
        # centroids settle slower than in play and are not doubted for it (``UNSETTLED``)
        self.formation = False
        self.newly_clipped = None   # where the last frame clips a channel the empty board did not (``_shares``)
        self.kinds = tuple(layout.piece_radii)
        self._grid = None
        self.use(appearance or starting(layout))
        side = int(min(layout.piece_radii.values()) * 0.5 * calibration.scale) | 1   # wider than any line
        self._opening = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
        self._kernels = {k: _kernel(r * calibration.scale / 2) for k, r in layout.piece_radii.items()}

    def use(self, appearance: Appearance) -> None:
        """Read with ``appearance`` from the next frame on (the camera's thread calls it)."""
        self.appearance = appearance
        self._table = _colour_table(appearance, self.kinds)
        self._grid = None

    def see(self, frame: np.ndarray) -> Sighting:
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        problem = self.calibration.update(gray)
        if problem is None and not self.quick:     # (following reads as best it can)
            problem = self.calibration.unsure()
        if problem is not None:
            return Sighting(problem=problem, brightness=float(np.median(gray)))
        return self.read(self.calibration.rectify(frame))

    def read(self, view: np.ndarray) -> Sighting:
        self.loose_doubted, self.kind_doubts = set(), set()   # (the doubts of this read alone)
        looked = self.look(view)
        if looked.apart is None:
            return Sighting(problem=doubt("too_dark"), brightness=looked.brightness)
        evened, apart, shares, grid, brightness = looked
        found, unsure = self._peaks(apart, shares, evened, grid)
        hand, left = self._unexplained(apart, shares, found, None if self.quick else view)
        if self.quick:
            unsure, left = [], []
        if hand:
            return Sighting(problem=doubt("hand"), hand=True, brightness=brightness)
        if (unsure or left) and self.mended is not None:   # (Carrom: see _read_mended)
            again = self._read_mended(view, grid, brightness)
            if again is not None:
                return again
        if unsure or left:
            return Sighting(problem=doubt("not_a_piece", what=unsure + left),
                            brightness=brightness, details={"found": found})
        return Sighting(tuple(found), brightness=brightness)

    def look(self, view: np.ndarray) -> "Looked":
        """A rectified view held against the empty board: the view evened out, how much each
        pixel differs from the board (``apart``), each kind's share (None when too dark)."""
        grid = self._prepared(view.shape)
        light, brightness = self._light(view, grid)
        if light is None:
            return Looked(None, None, None, grid, brightness)
        return Looked(*self._shares(view, light, grid), grid, brightness)

    # -- the empty board on this view ---------------------------------------------------------
    def _prepared(self, shape) -> "_Grid":
        if self._grid is None or self._grid.shape != shape[:2]:
            self._grid = _Grid(self.appearance, self.calibration, self.layout, shape,
                               QUICK_LIGHT_CELL if self.quick else LIGHT_CELL)
        return self._grid

    # -- light ---------------------------------------------------------------------------------
    def _light(self, view: np.ndarray, grid: "_Grid") -> tuple[np.ndarray | None, float]:
        """The light on the light's coarse grid (per channel: the frame over the empty board),
        or None when the board is too dark to read; and the surface's brightness. Following
        pieces (``quick``), the light measured last (here or by the full read: ``borrowed``)
        for ``OWN_LIGHT`` frames: it changes over seconds, the pieces every frame."""
        if self.quick:
            latest = max((d for d in (self, self.borrowed) if d is not None and d.last_light[0] is not None),
                         key=lambda d: d.last_light[2], default=None)
            self._frames += 1
            if latest is not None and self._frames % OWN_LIGHT:
                return latest.last_light[:2]
        small = grid.shrink(view).astype(np.float32)
        surface = small.reshape(-1, 3)[grid.sample]
        median = np.median(surface, axis=0)
        brightness = float(median.mean())
        light = None
        learned = np.median(grid.small_reference.reshape(-1, 3)[grid.sample], axis=0)
        if brightness >= DARK and float((median / np.maximum(learned, 1.0)).mean()) >= DIMMEST:
            light = measured_light(small, grid.small_reference, grid.usable, grid.enclosed, grid.smooth,
                                   grid.noise, grid.light_base)
        Detector._measured += 1
        self.last_light = (light, brightness, Detector._measured)
        return light, brightness

    # -- colours -------------------------------------------------------------------------------
    def _shares(self, view: np.ndarray, light: np.ndarray, grid: "_Grid") -> tuple[np.ndarray, dict]:
        """How much each pixel differs from the empty board (``apart``: 0 the board, 1 not),
        and each kind's share of it (``apart`` times the kind's share of what is not board)."""
        h, w = view.shape[:2]
        evened = cv2.divide(view, cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR), dtype=cv2.CV_32F)
        index = _index(cv2.convertScaleAbs(evened))
        difference = cv2.subtract(evened, grid.reference)
        # the noise the frame shows on the plain board (a robust spread: pieces are few)
        sample = np.ascontiguousarray(difference.reshape(-1, 3)[grid.plain_sample].T)    # (a channel a row)
        if sample.shape[1] > 100:
            grid.adapt(1.4826 * np.median(np.abs(sample - np.median(sample, axis=1)[:, None]), axis=1))
        # a channel clipped now is at least as bright as it shows: brighter than the board
        # says something, darker nothing; and where the empty board was clipped there too,
        # the two agree (neither says how bright)
        self.newly_clipped = None      # (a channel the frame clips where the empty board was not: ``CLIPPED_ROUND``)
        if view.max() >= SATURATED:      # (the frame's brightest first: cheap)
            clipped = view >= SATURATED
            difference[clipped] = np.maximum(difference[clipped], 0.0)
            difference[clipped & grid.clipped] = 0.0
            self.newly_clipped = (clipped & ~grid.clipped).any(axis=2)
        board = cv2.transform(cv2.multiply(cv2.multiply(difference, difference), grid.inverse), _HALF_SUM)
        board = cv2.subtract(grid.constant, board)                 # log-likelihood of the board
        rest = np.take(self._table[0], index)                      # of anything else, by colour
        apart = cv2.exp(cv2.subtract(board, rest))
        apart = 1.0 / (1.0 + apart)
        seen = self.calibration.seen
        if seen is not None and seen.shape == apart.shape and not seen.all():
            apart[~seen] = 0.0      # outside the camera's picture: nothing to tell (the board's edge)
        # each kind's share where anything but the board shows (most of a board is bare)
        where = np.flatnonzero(apart.ravel() > 0.02)
        some, indices = apart.ravel()[where], index.ravel()[where]
        shares = {}
        for name, column in zip((*self.kinds, "skin"), self._table[1:]):
            share = np.zeros(apart.shape, np.float32)
            share.ravel()[where] = some * np.take(column, indices)
            shares[name] = share
        return evened, apart, shares

    # -- pieces ----------------------------------------------------------------------------
    def _peaks(self, apart: np.ndarray, shares: dict, evened: np.ndarray, grid: "_Grid") -> tuple[list[Found], list[str]]:
        candidates = []
        for kind in self.kinds:   # searched at half the resolution (a quarter of the work), refined at full
            response = self._response(shares[kind], kind)
            size = max(3, int(self.layout.piece_radii[kind] * self.calibration.scale / 2) | 1)
            local = cv2.dilate(response, np.ones((size, size), np.uint8))
            vs, us = np.nonzero((response >= local) & (response >= UNSURE))
            for u, v in zip(us, vs):
                candidates.append((float(response[v, u]), kind, 2 * int(u), 2 * int(v)))
        self.kind_doubts = set()
        kept, unsure = self._keep(sorted(candidates, reverse=True), shares)
        found = []
        self.one_sided = [0.0] * len(kept)     # (the full read's centres measures it; following's, QuickDetector's, does not)
        self.by_marker = [False] * len(kept)   # a coin by a marker that the look did not place (likewise)
        self.like_frame = [False] * len(kept)  # a coin in a gutter like the frame that the look did not place (likewise)
        self.placed = [False] * len(kept)      # a piece its learned look placed (likewise)
        self.only_just = [False] * len(kept)   # a coin its look placed with a fit only just over its bar (likewise)
        self.placed_surely = [False] * len(kept)      # a coin its look placed with a fit ``JUST`` or more over its bar (likewise)
        self.edge_apart = [0.0] * len(kept)    # mm between a coin's look fitted over the surface and over the frame too
        self.unplaced = [False] * len(kept)    # a man whose top's read his outline does not explain (likewise)
        self.edge_shaded = [0.0] * len(kept)   # how much of a man's rim band is cut as his shadow (likewise)
        self.unsettled = [0.0] * len(kept)     # mm a man's centroid would still move (likewise)
        self.clipped_round = [0.0] * len(kept)  # how much of the board round a man the frame newly clips (likewise)
        middles = self._lone_tops(kept, self.centres(kept, apart, evened, grid, shares), shares)
        loosely = {} if self.quick else loose(self.calibration, self.appearance)
        self.loose_doubted = set()
        for i, ((score, kind, u, v, r), (cu, cv), fill, shaded, one_sided, by_marker, like_frame, placed, unplaced,
                only_just, edge_apart, edge_shaded, unsettled, clipped_round) in enumerate(zip(
                    kept, middles, self.fills, self.shaded, self.one_sided, self.by_marker, self.like_frame,
                    self.placed, self.unplaced, self.only_just, self.edge_apart, self.edge_shaded, self.unsettled,
                    self.clipped_round)):
            if i in self.maybes and not self.placed_surely[i]:   # a "coin?" its look does not place surely: not read
                unsure.append(self.maybes[i])
                self.kind_doubts.add(("maybe", kind))
                continue
            x, y = self.calibration.to_board(cu, cv, self.heights[kind] / 2)
            if fill < CORE_FILL and not self.quick:     # much of it looks like the board: where is it?
                unsure.append(doubt("like_board", kind=kind, x=x, y=y))
                self.kind_doubts.add(("like_board", kind))
            elif shaded > SHADED and not self.quick:    # where it ends and its shadow begins?
                unsure.append(doubt("like_board_in_shadow", kind=kind, x=x, y=y))
                self.kind_doubts.add(("like_board_in_shadow", kind))
            elif one_sided > RIM_DOUBT.get(kind, math.inf):   # where does it end on that side?
                unsure.append(doubt("one_sided_rim", kind=kind, x=x, y=y))
            elif by_marker:     # its look does not place it, and by a marker its centroid is not sure
                unsure.append(doubt("by_marker", kind=kind, x=x, y=y))
            elif like_frame:    # its look does not place it, and its top is the frame's grey: its centroid is its edge's
                unsure.append(doubt("like_frame", kind=kind, x=x, y=y))
            elif only_just:     # its look placed it, but a fit this poor has placed a coin that was not there
                unsure.append(doubt("only_just", kind=kind, x=x, y=y))
            elif edge_apart > EDGE_APART:   # across the edge: its look over the surface and with the frame disagree
                unsure.append(doubt("edge_apart", kind=kind, x=x, y=y))
            elif unplaced and not self.quick:   # neither his top nor his outline places him
                unsure.append(doubt("top_and_outline", kind=kind, x=x, y=y))
            elif (edge_shaded > EDGE_SHADED.get(kind, math.inf)      # where does he end?
                  or unsettled > UNSETTLED.get(kind, math.inf)) and not self.quick:
                unsure.append(doubt("edge_in_shadow", kind=kind, x=x, y=y))
                self.kind_doubts.add(("like_board_in_shadow", kind))   # (the teaching says so: "like_shadow")
            elif clipped_round > CLIPPED_ROUND and not self.quick:   # his shadow's hue not known here
                unsure.append(doubt("clipped_round", kind=kind, x=x, y=y))
            elif kind in loosely and not placed:   # read by its centroid, which on this camera is not sure to 1 mm
                unsure.append(doubt("loose_not_placed", kind=kind, x=x, y=y, apart=loosely[kind]))
                self.loose_doubted.add(kind)
            other = self._kind_doubt(shares, kind, cu, cv)
            if other:
                unsure.append(doubt("kind_doubt", kind=kind, other=other, x=x, y=y))
            found.append(Found(kind, x, y, score))
        return found, unsure + self._impossible(found) + self._light_bumps(found)

    def _impossible(self, found: list[Found]) -> list[str]:
        """What no board can show: more pieces of a kind than the game has, or two
        pieces overlapping by more than the readings' error (pieces do not overlap)."""
        out = [doubt("too_many", n=n, kind=kind, most=MOST[kind]) for kind in MOST
               if (n := sum(1 for p in found if p.kind == kind)) > MOST[kind]]
        radius = self.layout.piece_radii
        for i, a in enumerate(found):
            for b in found[i + 1:]:
                if math.hypot(a.x - b.x, a.y - b.y) < radius[a.kind] + radius[b.kind] - OVERLAP:
                    out.append(doubt("overlap", kind=a.kind, other=b.kind, x=a.x, y=a.y))
        return out

    def _keep(self, candidates: list, shares) -> tuple[list, list[str]]:
        """The peaks that are pieces (strongest first; a weaker one overlapping a kept one
        is a shadow of it), and in words the ones that might be. A doubtful peak gets a
        second look once the sure ones are known (hemmed in by touching pieces, the
        filter's ring read their colour); a Shove "coin?" is kept last for its look to judge
        (``MAYBE_PLACED_GAMES``; its doubt in ``self.maybes``, said in ``_peaks``)."""
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
        maybes = []     # (Shove) "coin?" peaks kept for their look to place: (peak, its doubt)
        for score, kind, u, v, r in doubtful:
            if any(math.hypot(u - ku, v - kv) < 0.8 * (r + kr) for _, _, ku, kv, kr in kept + [m for m, _ in maybes]):
                continue
            if self.quick:      # a smeared piece: read as it is (once: not every peak of its smear)
                kept.append((score, kind, u, v, r))
                continue
            second = self._second_look(shares[kind], u, v, r, kept)
            if second >= THRESHOLD:
                kept.append((second, kind, u, v, r))
            elif self._marker_paper(shares[kind], u, v, r, kind):
                continue
            else:
                x, y = self.calibration.to_board(u, v)
                said = doubt("maybe", kind=kind, x=x, y=y)
                if self.layout.game in MAYBE_PLACED_GAMES and kind in self.appearance.looks:
                    maybes.append(((score, kind, u, v, r), said))    # (judged once placed: ``_peaks``)
                    continue
                unsure.append(said)
                self.kind_doubts.add(("maybe", kind))
        # a "coin?" is read only where its learned look places it surely (``MAYBE_PLACED_GAMES``);
        # kept after the sure ones, by its index there its doubt
        self.maybes = {len(kept) + j: said for j, (_, said) in enumerate(maybes)}
        return kept + [peak for peak, _ in maybes], unsure

    def _marker_paper(self, share: np.ndarray, u: int, v: int, r: float, kind: str) -> bool:
        """Whether a doubtful Shove peak is a marker's white paper, not a coin: its centre in a
        marker's zone, and of its disc only the empty board's bright part (the paper) differs
        from the board. The light over a marker is not measured (its edges are too steep), so
        its paper may read 10 to 20 % off the empty board, in a silver coin's colours; a coin
        over the marker would cover its black too. Only for coins as bright as paper nearly
        (``PAPER_LIKE``): a dark coin half on the ink might show little there, and its doubt
        stays. (Carrom's markers are not looked into.)"""
        grid = self._grid
        h, w = share.shape
        if self.layout.game != "shove" or not (0 <= v < h and 0 <= u < w) or grid.unmarked[v, u] > 0:
            return False
        (u0, v0, u1, v1), gu, gv = _box(u, v, int(math.ceil(r)), share.shape)
        disc = (gu - u) ** 2 + (gv - v) ** 2 <= r * r
        grey = grid.reference[v0:v1, u0:u1].mean(axis=2)
        paper = np.percentile(grey[disc], 95)
        if np.mean(self.appearance.colours[kind].mean) < PAPER_LIKE * paper:
            return False
        black = disc & (grey < PAPER_INK * paper)
        if black.sum() < PAPER_BLACK * disc.sum():
            return False
        return float(share[v0:v1, u0:u1][black].mean()) < PAPER_ON_BLACK

    @staticmethod
    def _second_look(score: np.ndarray, u: int, v: int, r: float, kept: list) -> float:
        """The matched filter's response at (u, v) (the best within a pixel), at full
        resolution, its ring read only where no kept piece lies."""
        (u0, v0, u1, v1), gu, gv = _box(u, v, int(math.ceil(r + 8)), score.shape)
        patch = score[v0:v1, u0:u1]
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

    def _response(self, score: np.ndarray, kind: str) -> np.ndarray:
        """The matched filter of ``kind`` over its ``score``, at half the resolution: exact
        wherever it can reach ``UNSURE``, and 0 elsewhere (below any peak worth a look)."""
        half = cv2.resize(score, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
        return _matched(half, self._kernels[kind], UNSURE)

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
                return doubt("over_pocket", kind=kind, x=hx, y=hy)
        return None

    def outline(self, kind: str, u: float, v: float) -> tuple[float, float, float]:
        """The middle (rectified pixels) and half the length of what the camera sees of a
        piece whose top's middle is near (u, v): its top and foot, and the side between."""
        cx, cy, cz = self.calibration.mapping.camera
        h, r = self.heights[kind], self.layout.piece_radii[kind] * self.calibration.scale
        centre = np.array(self.calibration.to_pixel(cx, cy))
        lean = (np.array((u, v)) - centre) * h / cz       # from the foot to the top, about
        return float(u - lean[0] / 2), float(v - lean[1] / 2), r + float(np.hypot(*lean)) / 2

    def centres(self, kept: list, apart: np.ndarray, evened: np.ndarray, grid: "_Grid", shares: dict) -> list:
        """Each kept peak's piece's middle (rectified pixels, seen half its height up): the
        centroid of all of it the camera sees (its top, its side: symmetric about that point)
        where it differs from the empty board, its own drop shadow left out (the board's
        colour, darker), each pixel given to the piece whose outline it lies nearest (power
        distance: a touching striker does not pull a man), all pieces thrice over together."""
        outlines = [list(self.outline(kind, u, v)) for _, kind, u, v, _ in kept]
        self.by_marker = [False] * len(kept)   # (set by _fitted; the teaching calls centres alone too)
        self.like_frame = [False] * len(kept)  # (likewise)
        self.placed = [False] * len(kept)      # (likewise)
        self.only_just = [False] * len(kept)   # (likewise)
        self.placed_surely = [False] * len(kept)      # (likewise)
        self.edge_apart = [0.0] * len(kept)    # (likewise)
        patches, self.shaded = [], []   # how much of each piece's core looks like the board in shadow
        self.clipped_round = []
        for (cu, cv, reach), (_, kind, *_) in zip(outlines, kept):
            box, gu, gv = self._patch(cu, cv, reach, apart.shape)
            u0, v0, u1, v1 = box
            # (a kind whose top is the board's colour, darker: its own shadows' depth and tint as taught)
            lit, shadow = self._no_shadow(apart, evened, grid, box,
                                          max(SHADOW_DEPTH, self.appearance.depths.get(kind, SHADOW_DEPTH)),
                                          min(SHADOW_LIKE, self.appearance.tints.get(kind, SHADOW_LIKE)))
            core = (gu - cu) ** 2 + (gv - cv) ** 2 < (0.7 * reach) ** 2
            self.shaded.append(float(shadow[core].mean()))
            beyond = (gu - cu) ** 2 + (gv - cv) ** 2 > reach * reach
            self.clipped_round.append(float(self.newly_clipped[v0:v1, u0:u1][beyond].mean())
                                      if self.newly_clipped is not None and kind in EDGE_SHADED
                                      and kind in self.appearance.tints else 0.0)
            if shadow[core].mean() > 0.5:    # a piece of the board's colour, darker: its rim and a
                lit = apart[v0:v1, u0:u1]    # shadow cannot be told apart (a coin's is a mm or so)
            patches.append((gu, gv, apart[v0:v1, u0:u1], lit))
        for _ in range(3):
            for i, (gu, gv, *_) in enumerate(patches):
                mask, weight = self._weighed(patches[i], outlines, i)[:2]
                part = weight * mask
                total = part.sum()
                if total > 0:
                    outlines[i][:2] = float((part * gu).sum() / total), float((part * gv).sum() / total)
        # a coin read to 1 mm whose own rim counts on one side and not on the other (low
        # contrast, a shadow's edge, an ink line under it) is doubted (RIM_DOUBT)
        self.one_sided = [self._one_sided(patches[i], outlines, i) if kept[i][1] in RIM_DOUBT and not self.quick
                          else 0.0 for i in range(len(kept))]
        # a man whose own rim is cut as his drop shadow all round: where he ends is not known (EDGE_SHADED)
        self.edge_shaded = [self._edge_shaded(patches[i], outlines, i) if kept[i][1] in EDGE_SHADED and not self.quick
                            else 0.0 for i in range(len(kept))]
        # a man whose centroid the passes had not yet brought to rest: his shadow counted as him (UNSETTLED)
        self.unsettled = [self._unsettled(patches[i], outlines, i)
                          if kept[i][1] in UNSETTLED and not (self.quick or self.formation) else 0.0 for i in range(len(kept))]
        # a man of the board's colour has a side wall like the board (or in shadow): the
        # centroid then is mostly its top's, read half its height up: outward by half its
        # lean and more. Its middle is read from its top's own colour when the side wall
        # where that puts it looks like the board
        self.sides = []     # how much of each piece's side wall looks like the board (0: not judged)
        self.unplaced = [False] * len(kept)     # (the teaching calls centres alone too)
        for i, (gu, gv, _, lit) in enumerate(patches):
            kind, (cu, cv, reach) = kept[i][1], outlines[i]
            r = self.layout.piece_radii[kind] * self.calibration.scale
            self.sides.append(0.0)
            # (its top's colour not known yet, or too little of its side shows: a coin, a man
            # near the point below the camera)
            if not self.appearance.colours[kind].learned or 2 * r * 2 * (reach - r) < SIDE_SEEN * r:
                continue
            mu, mv = self._read_top(i, kind, self._top_of(kind, cu, cv), gu, gv, shares[kind], outlines)
            top = self._top_of(kind, mu, mv)
            side = self._silhouette(kind, mu, mv, gu, gv) & ((gu - top[0]) ** 2 + (gv - top[1]) ** 2 > (r + 0.5) ** 2)
            from_top = False
            if side.sum() >= SIDE_SEEN * r:
                self.sides[-1] = 1.0 - float(lit[side].mean())
                if self.sides[-1] > SIDE_UNSEEN:
                    judged = kind in CENTROID_KEPT + UNPLACED_DOUBTED
                    from_top = not judged or self._top_explained(kind, (cu, cv), (mu, mv))
                    if from_top:     # (a white halfway to his centroid: ``HALFWAY_READ``)
                        outlines[i][:2] = ((cu + mu) / 2, (cv + mv) / 2) if kind in HALFWAY_READ else (mu, mv)
                    else:       # (a black's centroid is kept; a white is doubted)
                        self.unplaced[i] = kind in UNPLACED_DOUBTED
            if kind in UNPLACED_DOUBTED and not from_top and not self.unplaced[i]:
                # (read from his outline: doubted where his top's read lies far from it)
                self.unplaced[i] = not self._top_explained(kind, (cu, cv), (mu, mv), OUTLINE_AGREES)
                if kind in HALFWAY_READ and not self.unplaced[i]:
                    outlines[i][:2] = (cu + mu) / 2, (cv + mv) / 2
        fills = []
        for (gu, gv, whole, _), (cu, cv, reach) in zip(patches, outlines):
            core = (gu - cu) ** 2 + (gv - cv) ** 2 <= (CORE * reach) ** 2
            fills.append(float(whole[core].mean()) if core.any() else 0.0)
        self.fills = fills      # how much of each piece's core differs from the board (CORE_FILL)
        return self._fitted(kept, outlines, evened, grid)

    def _fitted(self, kept: list, outlines: list, evened: np.ndarray, grid: "_Grid") -> list:
        """Each piece's middle: where the look the teaching learned of its kind fits best
        (camera_board/coin_look.py) where it fits about as well as on the taught pieces (its
        one-sided rim or its likeness to the board in shadow then no doubt, a fit only just that
        good doubted: ``coin_look.surely``); else (no look learned, following, a coin in the
        gutter) where its centroid is, and a coin so read by a marker is doubted (``by_marker``: there
        the centroid reads 1.5 mm off, fresh set 1,000,088's installations 092 and 094), as is a
        coin so read in a gutter whose top is the frame's grey (``like_frame``: its centroid is its
        dark edge's, 8 of 14 such coins over 1 mm off on the tuning sets). A coin in a side gutter
        that the look does not place is fitted first by its look as over the learned empty frame
        there (``_over_frame``, ``coin_look.over``), which places it where it fits about as well."""
        middles = [(cu, cv) for cu, cv, _ in outlines]
        looks = self.appearance.looks
        if self.quick or not any(k[1] in looks for k in kept):
            return middles
        scale = self.calibration.scale
        for i, (_, kind, *_) in enumerate(kept):
            look = looks.get(kind)
            if look is None or abs(look.scale - scale) > 1e-6:
                continue
            others = [(ou, ov, self.layout.piece_radii[kept[j][1]] * scale)
                      for j, (ou, ov) in enumerate(middles) if j != i]
            fu, fv, score = coin_look.fit(look, evened, grid.reference, *middles[i], others, grid.unmarked)
            cut = coin_look.by_marker(look, grid.unmarked, *middles[i])      # part of its rim by a marker
            if coin_look.by_marker(look, grid.on_surface, *middles[i]) and not cut:
                # across an edge of the playing surface: fitted over the surface alone too (the
                # frame beyond is not what the look was taught over); where the two fits place it
                # apart, neither is sure (``EDGE_APART``); a coin too far over for that, as before
                su, sv, surface = coin_look.fit(look, evened, grid.reference, *middles[i], others, grid.on_surface)
                if surface > -1.0:
                    self.edge_apart[i] = math.hypot(su - fu, sv - fv) / scale
                    fu, fv, score = su, sv, surface
            if cut and coin_look.off_surface(look, grid.on_surface, *middles[i]) and coin_look.trusted(look, score, cut):
                # a coin in a gutter whose rim a marker cuts: the look was taught over the board,
                # here it meets the frame, and what the cut leaves of the rim may fit it at a wrong
                # place about as well as the taught coins (1,000,194 board 6: 59 % of the rim left,
                # 0.034 under the taught, 2.03 mm off, its centroid 0.64). Fitted over the whole
                # rim, the marker's paper in, it lies near the cut fit where the paper moves neither
                # much; where the two lie ``CUT_APART`` apart one is over a mm off: by a marker
                wu, wv, _ = coin_look.fit(look, evened, grid.reference, *middles[i], others)
                if math.hypot(wu - fu, wv - fv) / scale > CUT_APART:
                    score = -1.0
            if coin_look.trusted(look, score, cut):
                middles[i] = (fu, fv)
                self.placed[i] = True
                shadow_like = self.shaded[i] > SHADED
                # a rim told from the board on one side only, or a coin like the board in shadow
                # (where does it end and its shadow begin?), says where the centroid is unsure,
                # not the look's fit (its drop shadow and the board round it weigh on every
                # side: such coins in the gutter placed 0.1 to 0.6 mm off): neither doubted
                self.one_sided[i] = 0.0
                self.shaded[i] = 0.0
                # (unless it fits only just where something could have pulled the fit: a piece
                # within its look's reach (such a fit placed touching coins 1.45 and 1.04 mm off),
                # or a "coin" like the board in shadow (a coin's shadow fitted as a coin: every
                # stray peak placed only just on nineteen tuning sets, at 1.0). A coin placed only
                # just with neither lay 0.86 mm off at most: ``coin_look.alone``)
                surely = coin_look.surely(look, score)
                self.only_just[i] = not surely and (shadow_like or not coin_look.alone(look, fu, fv, others))
                self.placed_surely[i] = surely and not shadow_like
            elif (over := self._over_frame(look, evened, grid, middles[i], others, cut)) is not None:
                # a coin in a side gutter: the look was taught over the playing surface, and over the
                # frame the coin's top stands out otherwise (its centroid its dark edge's: 0.2 to 3.6
                # mm off, doubted one-sided, like the frame, in shadow). Its look as over the learned
                # empty board there places it (``coin_look.over``); its own doubts as above
                middles[i] = over
                self.placed[i] = True
                self.one_sided[i] = 0.0
                self.shaded[i] = 0.0
            else:
                self.by_marker[i] = cut
                self.like_frame[i] = not cut and coin_look.like_the_frame(
                    look, score, evened, grid.reference, grid.on_surface, *middles[i])
        return middles

    @staticmethod
    def _over_frame(look, evened: np.ndarray, grid: "_Grid", middle, others, cut: bool) -> tuple[float, float] | None:
        """Where a coin in a side gutter lies by its look as over the learned empty board there
        (``coin_look.over``), or None: not in a side gutter, or that look does not place it
        either (``coin_look.trusted_over``)."""
        if not coin_look.beside(look, grid.on_surface, *middle, *grid.sides):
            return None
        fu, fv, score = coin_look.fit(coin_look.over(look, grid.reference, grid.surface_grey, *middle),
                                      evened, grid.reference, *middle, others, grid.unmarked)
        return (fu, fv) if coin_look.trusted_over(look, score, cut) else None

    def _patch(self, cu: float, cv: float, reach: float, shape) -> tuple[tuple[int, int, int, int], np.ndarray, np.ndarray]:
        """The box (u0, v0, u1, v1) round a piece's outline at (cu, cv) whose pixels its middle
        is read from, within a picture of ``shape``, and its pixels' coordinates (gu, gv)."""
        return _box(int(round(cu)), int(round(cv)), int(reach + WINDOW * self.calibration.scale + 4), shape)

    def _light_bumps(self, found: list[Found]) -> list[str]:
        """Carrom: where the light as measured has a piece's shape that no found piece
        explains (a lamp's pool and a guest's shadow are wider): a piece the light measurement
        took for the board and evened away (ivory men on light plywood, a pale striker on cream,
        lying over a marking that bounds them as the board's own lines do), in words."""
        light, grid = self.last_light[0], self._grid
        self.mended = None
        if self.quick or light is None or grid is None or self.layout.game != "carrom":
            return []
        cell = 2 * grid.cell     # (looked at on cells twice as wide: a man is still 8 across, at an eighth of the work)
        cell_mm = cell / self.calibration.scale
        man = min(self.layout.piece_radii.values()) / cell_mm
        reach = int(math.ceil(BUMP_WIDTH * max(self.layout.piece_radii.values()) / cell_mm))
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1, 2 * reach + 1))
        h, w = light.shape[:2]
        logged = cv2.resize(cv2.log(np.maximum(light, 1e-3)), (w // 2, h // 2), interpolation=cv2.INTER_AREA)
        opened, closed = cv2.morphologyEx(logged, cv2.MORPH_OPEN, disc), cv2.morphologyEx(logged, cv2.MORPH_CLOSE, disc)
        bump = np.maximum(logged - opened, closed - logged).max(axis=2)
        mask = (bump > BUMP).astype(np.uint8)
        # (only on the playing surface, off its edge and the pockets: the light meets the frame there)
        inside = np.zeros_like(mask)
        a = np.array(self.calibration.to_pixel(BUMP_EDGE, BUMP_EDGE)) / cell
        b = np.array(self.calibration.to_pixel(self.layout.width - BUMP_EDGE, self.layout.length - BUMP_EDGE)) / cell
        cv2.rectangle(inside, tuple(int(round(c)) for c in np.minimum(a, b)),
                      tuple(int(round(c)) for c in np.maximum(a, b)), 1, -1)
        for hx, hy, hr in self.layout.holes:
            u, v = self.calibration.to_pixel(hx, hy)
            cv2.circle(inside, (int(round(u / cell)), int(round(v / cell))),
                       int(math.ceil((hr + BUMP_EDGE) * self.calibration.scale / cell)), 0, -1)
        mask &= inside
        for piece in found:
            u, v = self.calibration.to_pixel(piece.x, piece.y)
            cu, cv, r = self.outline(piece.kind, u, v)
            cv2.circle(mask, (int(round(cu / cell)), int(round(cv / cell))),
                       int(math.ceil((r + BUMP_EDGE * self.calibration.scale) / cell)), 0, -1)
        count, labels, stats, centroids = cv2.connectedComponentsWithStats(mask)
        out, shaped = [], np.zeros_like(mask)
        for i in range(1, count):
            area = stats[i, cv2.CC_STAT_AREA]
            length = max(stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]) * cell_mm
            if light_shapes.larger_than_pieces(length, area * cell_mm * cell_mm, self.layout.piece_radii):
                continue        # (a shadow's edge, its uneven depth: no piece is that long and large)
            inside = labels == i
            if area >= BUMP_AREA * math.pi * man * man and bump[inside].max() >= BUMP_PEAK \
                    and self._tinted_as_a_piece(logged, inside):
                x, y = self.calibration.to_board(*((centroids[i] + 0.5) * cell))
                out.append(doubt("light_shape", x=x, y=y))
                shaped[labels == i] = 1
        if out:
            self.mended = _without_shapes(light, logged, opened, closed, shaped)
        return out

    def _tinted_as_a_piece(self, logged: np.ndarray, inside: np.ndarray) -> bool:
        """Whether the light's shape ``inside`` (on ``logged``, the light's log at half its
        grid) stands out of the cells round it in some kind's tint against the board there
        (``light_shapes.a_pieces_tint``): a piece evened away raises the light by its colour
        over the board's; a shadow's uneven depth dips it grey."""
        ring = cv2.dilate(inside.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & ~inside
        if not ring.any():
            return True
        tint = logged[inside].mean(axis=0) - logged[ring].mean(axis=0)
        h, w = logged.shape[:2]
        reference = cv2.resize(self._grid.small_reference.astype(np.float32), (w, h), interpolation=cv2.INTER_AREA)
        board = np.log(np.maximum(np.median(reference[inside], axis=0), 1.0))
        return light_shapes.a_pieces_tint(tint, [np.log(np.maximum(np.array(self.appearance.colours[k].mean), 1.0)) - board
                                                 for k in self.kinds])

    def _read_mended(self, view: np.ndarray, grid: "_Grid", brightness: float) -> Sighting | None:
        """Carrom: the frame read again with the light where it had a piece's shape taken
        from round it (``mended`` by ``_light_bumps``): the pieces the first measurement took
        for the board and evened away (lone ivory men on light plywood over a marking, a pale
        striker on cream) are then seen. Kept only when nothing is doubted: each place the light
        had a piece's shape must now hold a piece found there (the shapes are still looked for
        in the light as first measured), else the first read's doubts stand (None)."""
        light, self.mended = self.mended, None
        first = self.kind_doubts
        evened, apart, shares = self._shares(view, light, grid)
        found, unsure = self._peaks(apart, shares, evened, grid)
        hand, left = self._unexplained(apart, shares, found)
        if hand or unsure or left:
            self.kind_doubts = first     # (whose doubts stand)
            return None
        return Sighting(tuple(found), brightness=brightness)

    def _lone_tops(self, kept: list, middles: list, shares: dict) -> list:
        """``middles`` with each piece of a kind a set has one of (Carrom's striker and queen)
        read from its top's own colour once that is learned (``_read_top``). Their outline
        is told from the board by colour where their edge is the board's brightness (a
        yellow striker's bevel on honey plywood), and a camera's colour has half its pixels
        (JPEG, video: 4:2:0) and is coarsely compressed: from 1.9 m a colour pixel is some
        3.6 mm and the outline's centroid 1 to 2 mm off, while its top's colour, away from
        the edge, places it within about 1 mm (tuning installation 2 with a lime striker).
        Only where that colour covers its top (``TOP_SEEN``): a glossy queen's colour with
        the lamp's highlight on it, or half in a shadow's edge, is not what was learned over
        part of her top, and the centroid of the rest is 2.4 to 2.6 mm off where her outline
        reads 0.4 to 1.5 (``_top_seen``; tuning installation 4 with a coral queen, fresh set
        1,000,026 board 5). A man is read as before: his touching neighbours share his colour.
        Placed halfway between the top's read and the outline's centroid: neither edge they
        follow is quite the piece's (the top's colour ends where its bevel darkens, unevenly
        through a camera's coarse colour and round a lamp's highlight; the outline where its
        edge parts from the board), each off by causes of its own, and halfway leaves half of
        each: ringed strikers whose top read 2.1 mm off (outline 0.8 to 0.9) read 1.4 (docs/
        camera.md, "The striker and queen placed halfway between top and outline")."""
        if self.quick:
            return middles
        out = list(middles)
        outlines = [(cu, cv, r) for (_, _, _, _, r), (cu, cv) in zip(kept, middles)]
        for i, ((_, kind, _, _, r), (cu, cv)) in enumerate(zip(kept, middles)):
            if MOST.get(kind) != 1 or not self.appearance.colours[kind].learned:
                continue
            _, gu, gv = self._patch(cu, cv, r, shares[kind].shape)
            top = self._read_top(i, kind, self._top_of(kind, cu, cv), gu, gv, shares[kind], outlines)
            if self._top_seen(kind, top, gu, gv, shares[kind]) >= TOP_SEEN:
                out[i] = ((top[0] + cu) / 2, (top[1] + cv) / 2)
        return out

    def _top_seen(self, kind: str, middle, gu, gv, share: np.ndarray) -> float:
        """How much of the top of a piece whose middle shows at ``middle`` is its kind's
        colour (its share's mean over ``TOP_DISC`` of its radius round the top's middle)."""
        top = self._top_of(kind, *middle)
        r = TOP_DISC * self.layout.piece_radii[kind] * self.calibration.scale
        u0, v0 = int(gu[0, 0]), int(gv[0, 0])
        disc = (gu - top[0]) ** 2 + (gv - top[1]) ** 2 < r * r
        return float(share[v0:v0 + gu.shape[0], u0:u0 + gu.shape[1]][disc].mean()) if disc.any() else 0.0

    def _weighed(self, patch, outlines: list, i: int) -> tuple[np.ndarray, ...]:
        """What piece ``i``'s middle is the centroid of, in its patch: (where it counts, the
        weight there, the squared distance from its middle, its rim's inner radius). Round
        its outline, the piece's pixels differing from the board, its drop shadow left out;
        each pixel given to the piece whose outline it lies nearest (power distance)."""
        gu, gv, whole, lit = patch
        cu, cv, reach = outlines[i]
        near = (gu - cu) ** 2 + (gv - cv) ** 2
        mask = near <= (reach + WINDOW * self.calibration.scale) ** 2
        # a drop shadow lies round the piece's rim, never on it; nor is his rim over the board's
        # own ink his shadow (``INK_PAD``)
        rim = reach - SHADOW_RIM * self.calibration.scale
        weight = np.where(near < rim * rim, whole, lit)
        if self.layout.game in INK_GAMES:
            u0, v0 = int(gu[0, 0]), int(gv[0, 0])
            ink = self._grid.ink[v0:v0 + gu.shape[0], u0:u0 + gu.shape[1]]
            weight = np.where(ink & (near <= reach * reach), whole, weight)
        for j, (ou, ov, other) in enumerate(outlines):
            if j != i and abs(ou - cu) + abs(ov - cv) < 3 * (reach + other):
                mask &= near - reach * reach <= (gu - ou) ** 2 + (gv - ov) ** 2 - other * other
        return mask, weight, near, rim

    def _edge_shaded(self, patch, outlines: list, i: int) -> float:
        """How much of piece ``i``'s rim band (``SHADOW_RIM`` inside its outline, where its
        centroid counts only what is not like the board in shadow) is cut as its drop shadow:
        the share of each pixel that differs from the board, left out, over the band's pixels."""
        gu, gv, whole, lit = patch
        mask, _, near, rim = self._weighed(patch, outlines, i)
        reach = outlines[i][2]
        band = mask & (near >= rim * rim) & (near <= reach * reach)
        count = int(band.sum())
        return float((whole - lit)[band].sum()) / count if count else 0.0

    def _unsettled(self, patch, outlines: list, i: int) -> float:
        """How far (mm) piece ``i``'s middle would move were its centroid read once more (one
        more of ``centres``' passes, from where they left it): nothing once it is at rest."""
        gu, gv, *_ = patch
        mask, weight = self._weighed(patch, outlines, i)[:2]
        part = weight * mask
        total = float(part.sum())
        if total <= 0:
            return 0.0
        cu, cv = outlines[i][:2]
        return math.hypot(float((part * gu).sum()) / total - cu, float((part * gv).sum()) / total - cv) \
            / self.calibration.scale

    def _one_sided(self, patch, outlines: list, i: int) -> float:
        """How far (mm) piece ``i``'s middle would move if its own rim (the band ``RIM_BAND``
        inside its outline, where it may look like the board or its shadow) counted wholly
        where it does not: nothing when what is left out of it is the same all round."""
        gu, gv, whole, lit = patch
        mask, _, near, _ = self._weighed(patch, outlines, i)
        cu, cv, reach = outlines[i]
        inner = max(0.0, reach - RIM_BAND * self.calibration.scale)
        band = near >= inner * inner
        missing = np.where(mask & band & (near <= reach * reach), 1.0 - lit, 0.0)
        total = float(np.where(mask, np.where(band, lit, whole), 0.0).sum() + missing.sum())
        if total <= 0:
            return 0.0
        du, dv = float((missing * (gu - cu)).sum()), float((missing * (gv - cv)).sum())
        return math.hypot(du, dv) / total / self.calibration.scale

    def _top_explained(self, kind: str, centroid, top, bar: float = TOP_AGREES) -> bool:
        """Whether a man's middle read from his top's colour (``top``) lies where his outline's
        centroid (``centroid``; rectified pixels, both read half his height up) puts it once his
        side wall is unseen: the centroid then is his top's and lies outward of his middle by up
        to half his lean, so the top's read lies inward of it by as much or less (outward by a
        little for a man thicker than assumed: up to ``THICKEST``), within ``bar`` mm.
        Beyond that the top's colour is pulled by something else (a lamp's highlight out of the
        colour learned on the lamp's side): a black's centroid is kept, a white doubted. A white
        read from his outline is judged so too, at ``OUTLINE_AGREES``."""
        h = self.heights[kind]
        cx, cy, cz = self.calibration.mapping.camera
        bx, by = self.calibration.to_board(*centroid, h / 2)
        tx, ty = self.calibration.to_board(*top, h / 2)
        far = math.hypot(bx - cx, by - cy)
        if far < 1e-6:       # (right below the camera: no lean)
            return math.hypot(tx - bx, ty - by) <= bar
        ox, oy = (bx - cx) / far, (by - cy) / far
        out, across = (tx - bx) * ox + (ty - by) * oy, (ty - by) * ox - (tx - bx) * oy
        lean = far / cz         # mm a point 1 mm up shows outward of where it lies
        beyond = max(-h / 2 * lean - out, out - (THICKEST - h) / 2 * lean, 0.0)
        return math.hypot(beyond, across) <= bar

    def _top_of(self, kind: str, cu: float, cv: float) -> np.ndarray:
        """Where the top's middle shows (rectified pixels) of a piece whose middle (half its
        height up) shows at (cu, cv)."""
        cx, cy, cz = self.calibration.mapping.camera
        h = self.heights[kind]
        c = np.array(self.calibration.to_pixel(cx, cy))
        return c + (np.array((cu, cv)) - c) * (cz - h / 2) / (cz - h)

    def _read_top(self, i: int, kind: str, top: np.ndarray, gu, gv, share: np.ndarray, outlines) -> tuple[float, float]:
        """The middle of piece ``i`` read from its top alone: the centroid of its kind's colour
        round the top (its edge and side wall, darker, are told from its drop shadow by
        nothing but where they lie, so they are left out), the top's middle taken back to
        half the piece's height."""
        scale, h = self.calibration.scale, self.heights[kind]
        r = self.layout.piece_radii[kind] * scale
        u0, v0 = int(gu[0, 0]), int(gv[0, 0])
        part_of = share[v0:v0 + gu.shape[0], u0:u0 + gu.shape[1]]
        reach = r + WINDOW * scale
        for _ in range(2):
            near = (gu - top[0]) ** 2 + (gv - top[1]) ** 2
            mask = near <= reach * reach
            for j, (ou, ov, other) in enumerate(outlines):
                if j != i and abs(ou - top[0]) + abs(ov - top[1]) < 3 * (r + other):
                    mask &= near - r * r <= (gu - ou) ** 2 + (gv - ov) ** 2 - other * other
            part = part_of * mask
            total = part.sum()
            if total <= 0:
                break
            top = np.array(((part * gu).sum() / total, (part * gv).sum() / total))
        cx, cy, cz = self.calibration.mapping.camera
        c = np.array(self.calibration.to_pixel(cx, cy))
        middle = c + (top - c) * (cz - h) / (cz - h / 2)
        return float(middle[0]), float(middle[1])

    def _silhouette(self, kind: str, cu: float, cv: float, gu: np.ndarray, gv: np.ndarray) -> np.ndarray:
        """Where a piece whose middle (half its height up) shows at (cu, cv) hides the board:
        its foot's and its top's discs and the side wall between (the capsule round the
        segment from foot to top), ``SILHOUETTE_RIM`` in from its edge (the camera's blur)."""
        cx, cy, cz = self.calibration.mapping.camera
        h, r = self.heights[kind], self.layout.piece_radii[kind] * self.calibration.scale
        c = np.array(self.calibration.to_pixel(cx, cy))
        m = np.array((cu, cv)) - c
        foot, top = c + m * (cz - h / 2) / cz, c + m * (cz - h / 2) / (cz - h)
        axis = top - foot
        along = np.clip(((gu - foot[0]) * axis[0] + (gv - foot[1]) * axis[1]) / max(float(axis @ axis), 1e-9), 0, 1)
        du, dv = gu - (foot[0] + along * axis[0]), gv - (foot[1] + along * axis[1])
        inner = max(0.0, r - SILHOUETTE_RIM * self.calibration.scale)
        return du * du + dv * dv < inner * inner

    @staticmethod
    def _no_shadow(apart: np.ndarray, evened: np.ndarray, grid: "_Grid", box,
                   deepest: float = SHADOW_DEPTH, within: float = SHADOW_LIKE) -> np.ndarray:
        """``apart`` in ``box`` with the pixels that are the empty board's colour, darker (a
        drop shadow: down to ``deepest`` of the board, its tint within ``within``), left out;
        and where they are."""
        u0, v0, u1, v1 = box
        k, like = darker(evened[v0:v1, u0:u1], grid.reference[v0:v1, u0:u1], grid.inverse[v0:v1, u0:u1], within)
        shadow = like & (k > deepest)
        return np.where(shadow, 0.0, apart[v0:v1, u0:u1]), shadow

    def _kind_doubt(self, shares: dict, kind: str, u: float, v: float) -> str | None:
        """Another kind whose share on this piece's top comes near its own (a white or the
        striker in a light that makes them alike): its name, else None."""
        if len(self.kinds) == 1:
            return None
        r = max(2, int(self.layout.piece_radii[kind] * self.calibration.scale * 0.6))
        iu, iv = int(round(u)), int(round(v))
        h, w = shares[kind].shape
        u0, u1, v0, v1 = max(0, iu - r), min(w, iu + r + 1), max(0, iv - r), min(h, iv + r + 1)
        own = float(shares[kind][v0:v1, u0:u1].mean())
        for other in self.kinds:
            if other != kind and float(shares[other][v0:v1, u0:u1].mean()) > KIND_MARGIN * own:
                return other
        return None

    def _area(self, radius_mm: float) -> float:
        return math.pi * (radius_mm * self.calibration.scale) ** 2

    def _unexplained(self, apart: np.ndarray, shares: dict, found: list[Found],
                     view: np.ndarray | None = None) -> tuple[bool, list[str]]:
        """Whether a hand shows, and the patches no found piece explains: whatever differs
        from the empty board (a piece the light gave another colour, a beer mat), the size
        of part of a piece. A patch many pieces large is a hand when it is of skin's colour
        or reaches the board's edge (an arm); else something the camera cannot explain. With
        the ``view``, a Shove patch that is the bare board under its own light (a guest's
        shadow the light's measurement left in: ``_in_own_light``) is no doubt."""
        clear = self._prepared(apart.shape).unmarked.copy()     # 0 where a found piece explains it
        for piece in found:
            u, v = self.calibration.to_pixel(piece.x, piece.y)
            cu, cv, reach = self.outline(piece.kind, u, v)
            cv2.circle(clear, (int(round(cu)), int(round(cv))), int(reach + 3 * self.calibration.scale + 2), 0.0, -1)
        blobs = self._unexplained_blobs(apart, clear)
        limit = UNEXPLAINED * self._area(min(self.layout.piece_radii.values()))
        if cv2.countNonZero(blobs) <= limit:    # no patch larger than all of them: spare the labelling
            return False, []
        # Parts of what differs that lie within the opening's width of each other are one patch:
        # the opening drops lines, and it also cuts a patch apart where a thin line of it reads as
        # the board. A dark old penny's face on walnut does so (its worn design near the wood's
        # colour): the middle coin of a touching row, found by no peak (the filter's peaks lie where
        # the coins touch, each a shadow of a kept neighbour), showed 1,914 pixels round the found
        # neighbours in three parts of 1,080, 691 and 143, each under the 1,216 of ``limit``, and the
        # board read a coin short (fresh set 1,000,240's installation 242, board 0: docs/camera.md,
        # "The middle coin of a touching row of dark pennies")
        count, labels = cv2.connectedComponents(cv2.dilate(blobs, self._opening))
        labels[blobs == 0] = 0       # (each patch counted by its own pixels)
        areas = np.bincount(labels.ravel(), minlength=count)
        out, large = [], HAND_PIECES * self._area(max(self.layout.piece_radii.values()))
        h, w = blobs.shape
        for i in np.flatnonzero(areas[1:] > limit) + 1:
            part = labels == i
            x0, y0, x1, y1 = _extent(part)
            if areas[i] > large:
                skin = float(shares["skin"][part].mean())
                if skin > 0.3 or x0 == 0 or y0 == 0 or x1 == w or y1 == h:
                    return True, []
            small = areas[i] <= OWN_LIGHT_PIECES * self._area(max(self.layout.piece_radii.values()))
            if view is not None and self.layout.game in OWN_LIGHT_GAMES and \
                    self._in_own_light(view, part, clear, limit, shares if small else None):
                continue
            vs, us = np.nonzero(part)
            x, y = self.calibration.to_board(float(us.mean()), float(vs.mean()))
            out.append(doubt("patch", x=x, y=y))
        return False, out

    def _unexplained_blobs(self, apart: np.ndarray, clear: np.ndarray) -> np.ndarray:
        """Where ``apart`` says something differs from the board, ``clear`` of the found pieces
        and the markers, opened (a line's width and less is not a patch)."""
        return cv2.morphologyEx((apart * clear > 0.5).astype(np.uint8), cv2.MORPH_OPEN, self._opening)

    def _in_own_light(self, view: np.ndarray, part: np.ndarray, clear: np.ndarray, limit: float,
                      measured: dict | None = None) -> bool:
        """Whether the patch ``part`` (a bool mask of the view) is the bare board once the view
        is evened by the light fitted over the patch itself (camera_board/shadow_patch.py): a
        guest's shadow the light's measurement left in. It is not when anything there still
        differs from the board as much as ``limit`` pixels, nor when a piece is looked for
        again there, under that light, and anything piece-like shows (``UNSURE`` or more of the
        matched filter): coins a shadow hid, which the light as measured evened into it
        ("A stray patch's coins looked for again", docs/camera.md). With ``measured`` (the
        shares under the light as measured: a patch of ``OWN_LIGHT_PIECES`` or less, whose own
        light would follow a coin in it) a piece looked for there must show nowhere either."""
        light, grid = self.last_light[0], self._grid
        if light is None or grid is None:
            return False
        small = grid.shrink(view).astype(np.float32)
        ratio = small / np.maximum(grid.small_reference, 1.0)
        size = (light.shape[1], light.shape[0])
        cells = cv2.resize(part.astype(np.float32), size, interpolation=cv2.INTER_AREA) > 0.5
        if not cells.any() or not shadow_patch.shadow_like(ratio[cells] / light[cells], SHADE_TINT, SHADE_DEPTH):
            return False
        kept = cv2.resize(clear, size, interpolation=cv2.INTER_AREA) > 0.99
        mended = shadow_patch.fitted_light(light, ratio, cells, kept)
        if mended is None:
            return False
        _, apart, shares = self._shares(view, mended, grid)
        # the patch with what it encloses (a coin in a shadow may read as the board there: a
        # hole in it), grown as far as its light was fitted
        whole = np.zeros(part.shape, np.uint8)
        outline = cv2.findContours(part.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
        cv2.drawContours(whole, outline, -1, 1, -1)
        grown = cv2.dilate(whole, np.ones((2 * grid.cell * shadow_patch.GROWN + 1,) * 2, np.uint8))
        if cv2.countNonZero(self._unexplained_blobs(apart, clear * grown)) > limit:
            return False
        return not any(self._piece_like(s, whole, clear) for s in (shares, measured) if s is not None)

    def _piece_like(self, shares: dict, where: np.ndarray, clear: np.ndarray) -> bool:
        """Whether a peak of any kind's matched filter reaches ``UNSURE`` with its middle
        within a piece's radius and the light's fitted reach of ``where`` (a mask of the view),
        off the found pieces (0 in ``clear``)."""
        reach = 2 * self._grid.cell * shadow_patch.GROWN + 2 * int(max(self.layout.piece_radii.values()) * self.calibration.scale)
        near = cv2.dilate(where.astype(np.uint8), np.ones((reach + 1, reach + 1), np.uint8)) * (clear > 0.5)
        ys, xs = np.nonzero(near)
        if len(xs) == 0:
            return False
        for kind in self.kinds:
            r = max(self._kernels[kind].shape) // 2 * 2 + 2      # (the filter's reach, full-size pixels)
            v0, v1 = max(0, (ys.min() - r) // 2 * 2), min(near.shape[0], ys.max() + r + 1)
            u0, u1 = max(0, (xs.min() - r) // 2 * 2), min(near.shape[1], xs.max() + r + 1)
            response = self._response(shares[kind][v0:v1, u0:u1], kind)
            inside = near[v0:v1:2, u0:u1:2][:response.shape[0], :response.shape[1]] > 0
            if (response[:inside.shape[0], :inside.shape[1]][inside] >= UNSURE).any():
                return True
        return False


class _Grid:
    """The empty board on one view's grid, made once per mapping: the reference, how far
    each pixel may stray from it (the sensor's noise, the light's error, and where the
    board has edges, a mapping a fraction of a pixel off), the part of it the light is
    measured on and a sample of the surface."""

    def __init__(self, appearance: Appearance, calibration: Calibration, layout: Layout, shape,
                 cell_mm: float = 2.0):
        self.shape = shape[:2]
        reference = appearance.view(calibration.extent, calibration.scale, shape)
        if not appearance.learned:     # drawn sharp: blurred as the camera's pixels blur it
            reference = cv2.GaussianBlur(reference, (0, 0), max(0.5, calibration.scale / _camera_pixels_per_mm(calibration)))
        self.reference = reference
        grey = cv2.cvtColor(reference, cv2.COLOR_BGR2GRAY)
        slope = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3) / 8,
                              cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3) / 8)
        slope = cv2.dilate(slope, np.ones((3, 3), np.uint8))       # an edge a pixel away
        self._fixed = (BLACK ** 2 + (LIGHT_SPREAD * reference) ** 2
                       + ((SHIFT_TOLERANCE * slope) ** 2)[..., None]).astype(np.float32)
        self.clipped = reference >= SATURATED      # (a channel: the frame clipped there agrees)
        self.learned_noise = appearance.noise
        self.noise_now = np.zeros(3)
        self.adapt(np.full(3, appearance.noise))
        # the plain board: away from its markings, pockets and markers (where a piece's colour
        # could be taken for the board's)
        # (each channel's minimum and maximum taken channel against channel: reference.min(axis=2)
        # to the bit, but numpy's reduction over a last axis of three loops per pixel, 0.16 s a
        # Carrom board's grid against 0.01 s, a grid made at every teaching and reader)
        b, g, r = reference[..., 0], reference[..., 1], reference[..., 2]
        self.plain = (slope < 2.0) & (np.minimum(np.minimum(b, g), r) > 20) & (np.maximum(np.maximum(b, g), r) < SATURATED)
        plain = np.flatnonzero(self.plain)
        self.plain_sample = plain[:: max(1, len(plain) // 5000)]
        self.cell = max(1, int(round(cell_mm * calibration.scale)))
        cell_mm = self.cell / calibration.scale
        small = self.shrink(reference)
        self.small_reference = small
        inside = np.zeros(small.shape[:2], np.uint8)
        a = calibration.to_pixel(0, 0)
        b = calibration.to_pixel(layout.width, layout.length)
        f = self.cell
        cv2.rectangle(inside, (int(a[0] / f) + 1, int(b[1] / f) + 1), (int(b[0] / f) - 1, int(a[1] / f) - 1), 1, -1)
        # where the light can be measured: not dark (ink, a pocket: the ratio is noise), not
        # near white (it clips), not on a marking's edge (a mapping a fraction of a pixel
        # off turns it into an edge of the ratio); a wood's grain is fine
        steep = cv2.resize(slope / np.maximum(grey, 1.0), (small.shape[1], small.shape[0]), interpolation=cv2.INTER_AREA)
        self.usable = (small.max(axis=2) > 20) & (steep < MARKING)
        self.light_base = _light_base(small, self.usable)
        where = np.flatnonzero(inside.astype(bool) & self.usable)
        if len(where) == 0:
            where = np.arange(small.shape[0] * small.shape[1])
        self.sample = where[:: max(1, len(where) // 20000)]
        self.enclosed = ENCLOSED * math.pi * (max(layout.piece_radii.values()) / cell_mm) ** 2
        self.smooth = LIGHT_SMOOTH / cell_mm
        self.noise = math.hypot(appearance.noise, BLACK) / self.cell
        # the markers: paper, often glossy or lifted at a corner, are not held against the
        # empty board for patches (a piece on one is still found)
        self.unmarked = np.ones(shape[:2], np.float32)
        quiet = layout.marker_size / 6 + MARKER_SLACK
        for corners in layout.marker_corners().values():
            (left, top), (right, bottom) = corners[0], corners[2]
            a, b = calibration.to_pixel(left - quiet, top + quiet), calibration.to_pixel(right + quiet, bottom - quiet)
            cv2.rectangle(self.unmarked, (int(a[0]), int(a[1])), (int(b[0]) + 1, int(b[1]) + 1), 0.0, -1)   # a cell is the mean of cell x cell
        self.layout, self.calibration = layout, calibration

    @functools.cached_property
    def on_surface(self) -> np.ndarray:
        """``unmarked`` less the frame beyond the playing surface's edges: what a coin's learned
        look is fitted over too (a coin across the front edge, its look fitted over the darker
        frame beyond, was placed 1.17 mm outward; across a side edge, 1.44 and 1.55 mm inward:
        "A coin's look fitted over the playing surface", "A coin across a side edge",
        docs/camera.md). Made once per grid when first asked."""
        zone = self.unmarked.copy()
        left, front = self.calibration.to_pixel(0, 0)
        right, back = self.calibration.to_pixel(self.layout.width, self.layout.length)
        zone[max(int(math.ceil(front)), 0):] = 0.0
        zone[:max(int(math.floor(back)), 0)] = 0.0
        zone[:, :max(int(math.floor(left)), 0)] = 0.0
        zone[:, max(int(math.ceil(right)), 0):] = 0.0
        return zone

    @functools.cached_property
    def ink(self) -> np.ndarray:
        """Where the layout's lines and circles lie, ``INK_PAD`` mm either side of their ink
        (each pixel's middle, in board mm): made once per grid when first asked."""
        ink = np.zeros(self.shape, bool)
        s, (x0, _, _, y1) = self.calibration.scale, self.calibration.extent
        h, w = self.shape

        def near(left, bottom, right, top):     # the pixels of a box in board mm, and their board mm
            (ua, va), (ub, vb) = self.calibration.to_pixel(left, top), self.calibration.to_pixel(right, bottom)
            ua, va, ub, vb = max(0, int(ua)), max(0, int(va)), min(w, int(ub) + 2), min(h, int(vb) + 2)
            u, v = np.meshgrid(np.arange(ua, ub), np.arange(va, vb))
            return (slice(va, vb), slice(ua, ub)), x0 + (u + 0.5) / s, y1 - (v + 0.5) / s

        for line in self.layout.lines:
            reach = line.width / 2 + INK_PAD
            box, x, y = near(min(line.x0, line.x1) - reach, min(line.y0, line.y1) - reach,
                             max(line.x0, line.x1) + reach, max(line.y0, line.y1) + reach)
            dx, dy = line.x1 - line.x0, line.y1 - line.y0
            length = max(math.hypot(dx, dy), 1e-9)
            along = np.clip(((x - line.x0) * dx + (y - line.y0) * dy) / length, 0.0, length)
            ink[box] |= np.hypot(x - line.x0 - along * dx / length, y - line.y0 - along * dy / length) <= reach
        for c in self.layout.circles:
            reach = c.radius + (c.width / 2 if c.width else 0.0) + INK_PAD
            box, x, y = near(c.x - reach, c.y - reach, c.x + reach, c.y + reach)
            off = np.hypot(x - c.x, y - c.y)
            ink[box] |= (off <= reach) if c.width == 0 else (np.abs(off - c.radius) <= c.width / 2 + INK_PAD)
        return ink

    @functools.cached_property
    def surface_grey(self) -> float:
        """The playing surface's median grey (its channels summed, as ``coin_look.around``):
        what the coins' look was taught over (``coin_look.over``)."""
        grey = cv2.transform(self.reference, np.ones((1, 3), np.float32))
        return float(np.median(grey[self.on_surface > 0.5]))

    @functools.cached_property
    def sides(self) -> tuple[float, float]:
        """The playing surface's left and right edges (pixels): beyond them lie the gutters."""
        return self.calibration.to_pixel(0, 0)[0], self.calibration.to_pixel(self.layout.width, 0)[0]

    @functools.cached_property
    def power(self) -> np.ndarray:
        """The empty board's colour's squared length at each pixel (at least 1): a drop
        shadow's test while following (follow.py), made once per grid when first asked."""
        return np.maximum(np.einsum("...c,...c->...", self.reference, self.reference), 1.0)

    def adapt(self, noise: np.ndarray) -> None:
        """How far each pixel may stray from the board, for the noise the frames show now (a
        video's compression, a noisier sensor in the dark): made again when it changes by
        more than a fifth, never below the noise the board was learned with."""
        noise = np.maximum(noise, self.learned_noise)
        if np.all(np.abs(noise / np.maximum(self.noise_now, 1e-6) - 1) < 0.2):
            return
        self.noise_now = noise
        # (OpenCV's whole-array operations: a Carrom board's 1,100 x 1,100 x 3 in some 8 ms, not 35)
        spread = cv2.add(self._fixed, tuple(float(n * n) for n in noise) + (0.0,))
        self.inverse = np.float32(1.0) / spread
        self.constant = cv2.transform(cv2.log(spread), _HALF_SUM * -1.0) - np.float32(1.5 * math.log(2 * math.pi))

    def shrink(self, picture: np.ndarray) -> np.ndarray:
        """``picture`` (the view's size) on the light's coarser grid, each pixel a mean."""
        h, w = picture.shape[:2]
        return cv2.resize(picture, (w // self.cell, h // self.cell), interpolation=cv2.INTER_AREA)


def _extent(part: np.ndarray) -> tuple[int, int, int, int]:
    """The box (x0, y0, x1, y1; x1 and y1 past it) of a bool mask's pixels."""
    x, y, w, h = cv2.boundingRect(part.view(np.uint8))
    return x, y, x + w, y + h


def _box(u: int, v: int, reach: int, shape) -> tuple[tuple[int, int, int, int], np.ndarray, np.ndarray]:
    """The box (u0, v0, u1, v1) ``reach`` pixels round (u, v) within a picture of ``shape``, and
    its pixels' coordinates (gu, gv), float32."""
    h, w = shape[:2]
    u0, v0, u1, v1 = max(0, u - reach), max(0, v - reach), min(w, u + reach + 1), min(h, v + reach + 1)
    gu, gv = np.meshgrid(np.arange(u0, u1, dtype=np.float32), np.arange(v0, v1, dtype=np.float32))
    return (u0, v0, u1, v1), gu, gv


def darker(seen: np.ndarray, board: np.ndarray, inverse: np.ndarray,
           within: float = SHADOW_LIKE) -> tuple[np.ndarray, np.ndarray]:
    """How bright each pixel of ``seen`` is as a share of the empty ``board`` there (``k``) and
    whether it is the board's colour at that share, darker (its ``tint`` within ``within``):
    what a drop shadow looks like, down to any depth."""
    k, off = tint(seen, board, inverse)
    return k, shadow_like(k, off, within)


def shadow_like(k: np.ndarray, off: np.ndarray, within: float = SHADOW_LIKE) -> np.ndarray:
    """Where a pixel of brightness ``k`` (a share of the board) and tint ``off`` (``tint``'s)
    looks like the board in shadow: darker, its hue within ``within`` of the board's."""
    return (off < within) & (k < 0.97)


def tint(seen: np.ndarray, board: np.ndarray, inverse: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel of ``seen``'s brightness as a share of the empty ``board`` there (``k``) and
    how far its colour lies from the board's at that share (squared, in the board's spread,
    ``inverse``: 0 the board's own hue, darker or not)."""
    k = (seen * board).sum(axis=2) / np.maximum((board * board).sum(axis=2), 1.0)
    return k, (((seen - k[..., None] * board) ** 2) * inverse).sum(axis=2)


def _camera_pixels_per_mm(calibration: Calibration) -> float:
    """The camera's pixels per board mm in the middle of the board (about)."""
    x, y = calibration.layout.width / 2, calibration.layout.length / 2
    h = calibration.mapping.homography
    a, b = (h @ np.array([x, y, 1.0])), (h @ np.array([x + 10.0, y, 1.0]))
    return float(np.hypot(*(a[:2] / a[2] - b[:2] / b[2]))) / 10.0


_HALF_SUM = np.full((1, 3), 0.5, np.float32)


class _LightBase(NamedTuple):
    """What ``measured_light`` needs of the empty board alone (made once per grid, not per frame)."""
    reference: np.ndarray       # the empty board, at least 1 (a divisor)
    valid: np.ndarray           # (h, w, 3) float32: 1 where a channel of the empty board says something of the light
    usable: np.ndarray          # where the light is measured (and some channel is valid)
    away: np.ndarray            # usable, away from a marking by two cells
    count: np.ndarray           # valid channels a pixel (at least 1)
    channels: tuple             # each channel's flat indices, usable and valid (its overall light's median)
    whole: tuple                # each channel: valid wherever usable
    every: bool                 # every channel valid wherever the light is measured (the common case: a
                                # channel dark or clipped only on markings; fewer sums and blurs, the same light)


def _light_base(reference: np.ndarray, usable: np.ndarray) -> _LightBase:
    # (a channel clipped now is still measured: its ratio makes the board clipped there as
    # it is, and what is brighter than the board there is clipped alike)
    valid = ((reference > BLACK_CHANNEL) & (reference < SATURATED)).astype(np.float32)
    for c in range(3):     # a channel clipped (or dark) nearly everywhere: its ratio as it is, the best there is
        if valid[..., c][usable].mean() < 0.05 if usable.any() else True:
            valid[..., c] = 1.0
    usable = usable & (valid.sum(axis=2) > 0)
    channels = tuple(np.flatnonzero(usable & (valid[..., c] > 0)) for c in range(3))
    away = cv2.erode(usable.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    return _LightBase(np.maximum(reference, 1.0), valid, usable, away, np.maximum(valid.sum(axis=2), 1.0),
                      channels, *_wholly_valid(valid, usable))


def _wholly_valid(valid: np.ndarray, usable: np.ndarray) -> tuple[tuple, bool]:
    whole = tuple(bool(valid[..., c][usable].all()) for c in range(3))
    return whole, all(whole)


def measured_light(small: np.ndarray, reference: np.ndarray, usable: np.ndarray, enclosed: float,
                   smooth: float, noise: float, base: _LightBase | None = None) -> np.ndarray:
    """The light (per channel, 1 = as when the empty board was learned) on a small picture
    of the board and the empty board at the same size (pixels ``LIGHT_CELL`` mm across;
    ``noise``: the sensor's noise on one of them, grey levels; ``base``: what it needs of the
    empty board, made once: ``_light_base(reference, usable)``).

    The light is the ratio of the two where the board shows, and the light has no edges: a
    guest's shadow or a lamp's pool fades over centimetres, a piece of any colour ends at its
    rim. So an edge of the ratio is no measure of the light, nor is what edges enclose
    (pieces: ``enclosed`` pixels or fewer; a hand, a mat: larger, but not of the light's
    colour), nor are the board's markings (``usable`` False); the light is the ratio
    smoothed over ``smooth`` pixels where it is measured, and where a cluster of pieces
    leaves none, over a wider stretch round it. A channel dark or clipped in the empty board
    says nothing there: the others do."""
    base = base or _light_base(reference, usable)
    valid, usable, every = base.valid, base.usable, base.every
    ratio = small / base.reference
    flat = ratio.reshape(-1, 3)
    overall = np.array([np.median(flat[base.channels[c], c]) if len(base.channels[c]) else 1.0 for c in range(3)],
                       np.float32)
    # one brightness: the valid channels' mean of the ratio over the overall light
    relative = ratio / overall
    # (``every``: the sums without the multiplications by 1, and each channel's mask below is
    # ``calm``; they differ only off ``usable``, where nothing is measured: an edge counts only
    # ``away`` from it, a part's colour only off part 0, the light's sums only on ``calm``)
    if every:
        parts = cv2.split(relative)
        level = cv2.add(cv2.add(parts[0], parts[1]), parts[2]) / base.count
        parts = cv2.split(small)
        brightness = cv2.add(cv2.add(parts[0], parts[1]), parts[2]) / base.count
    else:
        level = (relative * valid).sum(axis=2) / base.count
        brightness = (small * valid).sum(axis=2) / base.count
    logged = cv2.log(np.maximum(level, 0.02))
    slope = cv2.magnitude(cv2.Sobel(logged, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(logged, cv2.CV_32F, 0, 1, ksize=3)) / 8
    # an edge stands out of the sensor's noise (in a dim corner a cell's noise is a good
    # share of its brightness), and of the chroma: a piece of the board's brightness in
    # another colour has an edge in some channel
    edges = slope > np.maximum(noise * EDGE_NOISE / np.maximum(brightness, 1.0), LIGHT_EDGE)
    tinted = relative / np.maximum(level, 1e-3)[..., None]
    for c in range(3):
        channel = tinted[..., c] if every else np.where(valid[..., c] > 0, tinted[..., c], 1.0).astype(np.float32)
        least = np.maximum(noise * EDGE_NOISE / np.maximum(small[..., c], 1.0), TINT_EDGE)
        edges |= cv2.magnitude(cv2.Sobel(channel, cv2.CV_32F, 1, 0, ksize=3),
                               cv2.Sobel(channel, cv2.CV_32F, 0, 1, ksize=3)) / 8 > least
    # (within a cell or two of a marking the ratio has edges of its own: a mapping a fraction
    # of a pixel off; they say nothing about pieces)
    away = base.away
    edges = cv2.dilate((edges & away).astype(np.uint8), np.ones((5, 5), np.uint8))
    # The parts of the picture between the edges and the markings: a piece (or pieces
    # touching), a hand or a beer mat is a part the edges bound, the board one the markings
    # (and the picture's edge) bound and larger than a few pieces
    count, labels, stats, _ = cv2.connectedComponentsWithStats((1 - edges) & away.view(np.uint8), connectivity=4)
    by_edges, by_markings = _bounds(labels, count, edges.view(bool))
    # a large part its edges bound is the board in a shadow with edges (an arm's, under a
    # low lamp) when it has the light's colour, darker or lighter; else a hand, a mat
    area = np.maximum(stats[:, cv2.CC_STAT_AREA], 1)
    labelled = labels.ravel()
    if every:
        counted = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
        means = np.stack([np.bincount(labelled, weights=tinted[..., c].ravel(), minlength=count)
                          / np.maximum(counted, 1) for c in range(3)], axis=1)
        seen = np.repeat((counted > 0)[:, None], 3, axis=1)
    else:
        means = np.stack([np.bincount(labelled, weights=(tinted[..., c] * valid[..., c]).ravel(), minlength=count)
                          / np.maximum(np.bincount(labelled, weights=valid[..., c].ravel(), minlength=count), 1)
                          for c in range(3)], axis=1)
        seen = np.stack([np.bincount(labelled, weights=valid[..., c].ravel(), minlength=count) > 0
                         for c in range(3)], axis=1)
    shade = np.bincount(labelled, weights=level.ravel(), minlength=count) / area
    shaded = (np.where(seen, np.abs(means - 1), 0.0).max(axis=1) < SHADE_TINT) & (shade > SHADE_DEPTH)
    shaded &= stats[:, cv2.CC_STAT_AREA] > SHADE_PIECES / ENCLOSED * enclosed    # (not a cluster of pieces)
    open_board = (stats[:, cv2.CC_STAT_AREA] > enclosed) & ((by_edges < by_markings) | shaded)
    open_board[0] = False
    calm = (usable & open_board[labels]).astype(np.float32)
    light = np.empty_like(ratio)
    # each channel where it is valid; where none is, the light's brightness measured in the
    # others, in the overall light's colour (a shadow darkens every colour alike)
    bright = np.ones(level.shape, np.float32)
    weights, sums = {}, {}
    if every:      # each channel's mask is ``calm``: its sums blurred at once, and the brightness's are
        scaled = ratio * calm[..., None]          # their mean over the overall light (a blur is linear)
        sums = {sigma: cv2.GaussianBlur(scaled, (0, 0), sigma) for sigma in (2 * smooth, smooth)}
        mean = (1.0 / (3.0 * overall)).reshape(1, 3)
    for sigma in (4 * smooth, 2 * smooth, smooth):        # the wide first, then the near where it is measured
        # (the wide one is kept only where the near ones have too little board: round a pocket, under a
        # cluster of pieces; blurred at half the size there, a tenth of the work, some 3e-4 of the light off)
        blur = _wide_blur if sigma == 4 * smooth else cv2.GaussianBlur
        weight = weights[sigma] = blur(calm, (0, 0), sigma)
        summed = cv2.transform(sums[sigma], mean) if sigma in sums else blur(level * calm, (0, 0), sigma)
        bright = np.where(weight > 0.1, summed / np.maximum(weight, 1e-6), bright)
    light[:] = bright[..., None] * overall
    if every:      # (and its weights are the ones above)
        for sigma in (2 * smooth, smooth):
            weight = weights[sigma][..., None]
            light = np.where(weight > 0.1, sums[sigma] / np.maximum(weight, 1e-6), light)
        return np.maximum(light, 0.03).astype(np.float32)
    for c in range(3):
        whole = base.whole[c]        # valid wherever usable: its mask is ``calm``, its weights the ones above
        mask = calm if whole else calm * valid[..., c]
        for sigma in (2 * smooth, smooth):
            weight = weights[sigma] if whole else cv2.GaussianBlur(mask, (0, 0), sigma)
            summed = cv2.GaussianBlur(ratio[..., c] * mask, (0, 0), sigma)
            light[..., c] = np.where(weight > 0.1, summed / np.maximum(weight, 1e-6), light[..., c])
    return np.maximum(light, 0.03).astype(np.float32)


def _wide_blur(picture: np.ndarray, ksize, sigma: float) -> np.ndarray:
    """``cv2.GaussianBlur(picture, ksize, sigma)`` for a wide ``sigma`` (tens of pixels): blurred
    at half the size (a mean of 2 x 2, then half the sigma) and scaled back (bilinear)."""
    h, w = picture.shape[:2]
    half = cv2.resize(picture, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
    return cv2.resize(cv2.GaussianBlur(half, ksize, sigma / 2), (w, h), interpolation=cv2.INTER_LINEAR)


def _bounds(labels: np.ndarray, count: int, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each labelled part (0 none): how many of the pixels round its rim are edges, and
    how many are anything else inside the picture (a marking, another part)."""
    by_edges, by_other = np.zeros(count), np.zeros(count)
    for axis in (0, 1):
        for step in (1, -1):
            there = np.roll(labels, step, axis=axis)
            edge = np.roll(edges, step, axis=axis)
            rim = (labels > 0) & (there != labels)
            cut = [slice(None)] * 2            # (np.roll wraps round: the picture's own edge is neither)
            cut[axis] = 0 if step == 1 else -1
            rim[tuple(cut)] = False
            by_edges += np.bincount(labels[rim & edge], minlength=count)
            by_other += np.bincount(labels[rim & ~edge], minlength=count)
    return by_edges, by_other


def _without_shapes(light: np.ndarray, logged: np.ndarray, opened: np.ndarray, closed: np.ndarray,
                    shaped: np.ndarray) -> np.ndarray:
    """``light`` (its cells) with the places ``shaped`` and a cell round them (on the picture
    of its log at half its size, ``opened`` and ``closed`` by a piece-wide disc) taken from
    round them: a bump the opening takes away, a dip the closing fills; a lamp's pool or a
    guest's shadow, wider than the disc, is kept, and the light elsewhere is as measured."""
    h, w = light.shape[:2]
    near = cv2.resize(cv2.dilate(shaped, np.ones((3, 3), np.uint8)), (w, h), interpolation=cv2.INTER_NEAREST)
    near = cv2.dilate(near, np.ones((3, 3), np.uint8)).astype(bool)
    smooth = np.where(logged - opened > closed - logged, opened, closed).astype(np.float32)
    round_it = cv2.exp(cv2.resize(smooth, (w, h), interpolation=cv2.INTER_LINEAR))
    return np.where(near[..., None], round_it, light).astype(light.dtype)


@functools.lru_cache(maxsize=8)
def _table_for(key, means: bytes, covariances: bytes) -> tuple[np.ndarray, ...]:
    table = _make_table(np.frombuffer(means, np.float64).reshape(-1, 3),
                        np.frombuffer(covariances, np.float64).reshape(-1, 3, 3))
    return tuple(np.ascontiguousarray(table[:, i]) for i in range(table.shape[1]))   # a gather each


def _colour_table(appearance: Appearance, kinds: tuple[str, ...]) -> tuple[np.ndarray, ...]:
    """For each of 64 levels a channel: the log-likelihood of anything but the board (the
    kinds, skin, or a colour of nothing known), then each kind's and skin's share of that."""
    colours = [appearance.colours[k] for k in kinds]
    means = np.array([c.mean for c in colours] + [SKIN], np.float64)
    covariances = np.array([c.covariance for c in colours] + [np.eye(3) * SKIN_SPREAD ** 2], np.float64)
    return _table_for(kinds, means.tobytes(), covariances.tobytes())


def _make_table(means: np.ndarray, covariances: np.ndarray) -> np.ndarray:
    levels = (np.arange(64, dtype=np.float64) * 4 + 1.5)
    b, g, r = np.meshgrid(levels, levels, levels, indexing="ij")
    colours = np.stack([b, g, r], -1).reshape(-1, 3)
    logs = []
    for mean, covariance in zip(means, covariances):
        inverse = np.linalg.inv(covariance)
        d = colours - mean
        logs.append(-0.5 * np.einsum("ni,ij,nj->n", d, inverse, d)
                    - 0.5 * math.log(np.linalg.det(covariance)) - 1.5 * math.log(2 * math.pi))
    logs.append(np.full(len(colours), OTHER))
    logs = np.stack(logs, axis=1)
    top = logs.max(axis=1, keepdims=True)
    rest = top[:, 0] + np.log(np.exp(logs - top).sum(axis=1))
    shares = np.exp(logs[:, :-1] - rest[:, None])
    return np.c_[rest, shares].astype(np.float32)


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
