"""How dark a piece's drop shadow gets under the pub's own light, learned at the teaching step
(docs/camera.md, "The shadows' depth learned at the teaching").

The settled read cuts a piece's drop shadow as "the empty board's colour, darker"
(``Detector._no_shadow``), down to 0.35 of the board (``SHADOW_DEPTH``): a guess that must hold
in any pub. A man whose top is the board's colour at some 0.45 (stained walnut on teak,
dark-stained men on dark plywood) is then cut away as his own shadow, and doubted
(``SHADED``): the teaching refuses. But under one pub's lamps every drop shadow is about as
deep (the lamp's share of the light: the renderer's at most 0.45, so 0.55 of the board), and
the teaching lays the pieces on known spots, so it sees their shadows where one piece alone
throws one (round the formation's outer ring and the striker). For a kind whose top looked
like the board in shadow on its spots, the shadows' depth seen there is kept
(``Appearance.depths``): in play only what is no darker than that is cut as its shadow; what
is darker is the man. A kind that is the board's colour only as dark as its shadows (natural
wood on cream, 0.93 of it) is doubted as before.

Likewise the shadows' tint (docs/camera.md, "A shadow's tint learned at the teaching"): "the
board's colour" allows a hue off the board's by its spread widened for the light's error
(``SHADOW_LIKE``), so a cream man on painted white (a few % off its hue) looks like the board in
shadow. The drop shadows seen at the teaching lie far closer to the board's hue; for the same
kinds, only what lies as close as they do is cut as a shadow (``Appearance.tints``).
"""
from __future__ import annotations

import numpy as np

LONE = 4.0       # mm round one piece's foot (and no other's) where its drop shadow is looked at
CLEAR = 0.5      # mm round a piece as the camera sees it (foot, side wall, top) left out of that
DEEPEST = 5.0    # percentile of the shadows' brightness taken as the darkest a shadow gets
LEAST = 500      # shadow pixels seen at the least to say anything (frames together)
TINTED = 95.0    # percentile of the shadows' tints taken as the farthest from the board's hue a shadow gets
NARROWEST = 1.0  # a tint learned never narrower than this (one spread of the board: its noise alone)
CORE = 0.6       # of a piece's radius round its top: the pixels its top's likeness is judged on
# The kinds dark by the game's rules (Carrom's blacks): given the shadows' depth where their top's
# core looked like the board in shadow on their spots over ``DARK_LIKE`` of it, under the bar
# ``SHADED`` too. Dark-stained blacks on painted white or honey plywood are the board's hue at
# 0.35 to 0.55 of it: on their spots their core was 0.10 to 0.29 like the board in shadow (no
# depth learned), but in play a lamp's side puts one over the bar (0.30 to 0.49) and his board
# was refused, for him alone on 29 boards of fifteen tuning sets (28 right as if not doubted, one
# 2.00 mm). Darker than any drop shadow seen here is the man, not his shadow: read so, those
# blacks lie 0.06 to 1.4 mm off, and the three worst doubted (1.9 to 2.9 mm) 0.6 to 1.1
# (docs/camera.md, "Dark-stained blacks like the board in shadow on a lamp's side"). A black
# whose top showed nothing of the kind (1,000,102's, 0.03) gains nothing from it, but his blurred
# rim's pixels then count (his board read 2.02 mm off where it read 1.93); lighter kinds keep the
# bar (a brown-wood white's darker rim then counts, his outline moves: two right boards refused)
DARK_KINDS = ("black",)
DARK_LIKE = 0.05
# (camera_board/detect.py is imported where it is used, as learn.py imports it)


class ShadowDepth:
    """What the teaching's frames show of the pieces' drop shadows and of each kind's top
    (``add`` each frame of a step; ``depths`` at the end)."""

    def __init__(self) -> None:
        self.shadows: list[np.ndarray] = []          # brightness (a share of the board) of shadow pixels
        self.tinted: list[np.ndarray] = []           # and their tint (how far from the board's hue: detect.tint)
        self.tops: dict[str, list[float]] = {}       # kind -> per piece and frame: its core's share like a shadow

    def add(self, detector, looked, pieces, top) -> None:
        """One frame (``looked``: ``Detector.look``'s) with ``pieces`` (Placed) on their spots;
        ``top(calibration, height, (x, y))`` where a piece's top's middle shows."""
        from camera_board.detect import SHADOW_DEPTH, shadow_like, tint
        calibration, grid = detector.calibration, looked.grid
        if not pieces:
            return
        scale, (h, w) = calibration.scale, looked.apart.shape
        feet = [calibration.to_pixel(p.x, p.y) for p in pieces]
        tops = [top(calibration, detector.heights[p.kind], (p.x, p.y)) for p in pieces]
        radii = [detector.layout.piece_radii[p.kind] * scale for p in pieces]
        reach = max(radii) + (LONE + 1) * scale
        everywhere = np.array(feet + tops)
        u0, v0 = np.maximum(0, np.floor(everywhere.min(axis=0) - reach)).astype(int)
        u1, v1 = np.minimum((w, h), np.ceil(everywhere.max(axis=0) + reach)).astype(int)
        k, off = tint(looked.evened[v0:v1, u0:u1], grid.reference[v0:v1, u0:u1], grid.inverse[v0:v1, u0:u1])
        like = shadow_like(k, off)
        gv, gu = np.mgrid[v0:v1, u0:u1].astype(np.float32)
        near = np.zeros(k.shape, np.int32)
        covered = np.zeros(k.shape, bool)
        for piece, foot, (tu, tv), r in zip(pieces, feet, tops, radii):
            # (each piece on its own window of the box: a tenth of the work of the whole box)
            lo = np.maximum((u0, v0), np.floor(np.minimum(foot, (tu, tv)) - reach)).astype(int) - (u0, v0)
            hi = np.minimum((u1, v1), np.ceil(np.maximum(foot, (tu, tv)) + reach)).astype(int) - (u0, v0)
            window = (slice(lo[1], hi[1]), slice(lo[0], hi[0]))
            wu, wv = gu[window], gv[window]
            near[window] += np.hypot(wu - foot[0], wv - foot[1]) < r + LONE * scale
            covered[window] |= _capsule(wu, wv, foot, (tu, tv)) < r + CLEAR * scale
            core = np.hypot(wu - tu, wv - tv) < CORE * r
            if core.any():
                self.tops.setdefault(piece.kind, []).append(float((like & (k > SHADOW_DEPTH))[window][core].mean()))
        lone = (near == 1) & ~covered & like
        self.shadows.append(k[lone])
        self.tinted.append(off[lone])

    def depths(self, shaded: float) -> dict[str, float]:
        """For each kind whose top's core looked like the board in shadow over more than
        ``shaded`` of it (the read's SHADED), and each of ``DARK_KINDS`` over ``DARK_LIKE``: the darkest its
        drop shadows get here, as a share of the board (never below the read's own
        SHADOW_DEPTH). None learned when the shadows were too few to tell."""
        from camera_board.detect import SHADOW_DEPTH
        seen = np.concatenate(self.shadows) if self.shadows else np.zeros(0)
        if seen.size < LEAST:
            return {}
        deepest = max(SHADOW_DEPTH, float(np.percentile(seen, DEEPEST)))
        return {kind: deepest for kind, shares in self.tops.items()
                if np.mean(shares) > (DARK_LIKE if kind in DARK_KINDS else max(shaded, DARK_LIKE))}

    def tints(self, shaded: float) -> dict[str, float]:
        """For the kinds like their shadow on their spots (not ``DARK_KINDS`` under the bar): how
        far from the board's hue (``detect.tint``) its drop shadows here lie at most (the
        ``TINTED`` percentile of the shadows no darker than ``depths`` keeps): a top of a hue a
        little off the board's (cream men on painted white) is then no longer cut as the board
        in shadow. None learned when the shadows were too few."""
        like = self._shaded(shaded)
        depths = {kind: depth for kind, depth in self.depths(shaded).items() if kind in like}
        if not depths:
            return {}
        seen, tinted = np.concatenate(self.shadows), np.concatenate(self.tinted)
        cut = tinted[seen > next(iter(depths.values()))]
        if cut.size < LEAST:
            return {}
        widest = max(NARROWEST, float(np.percentile(cut, TINTED)))
        return {kind: widest for kind in depths}

    def _shaded(self, shaded: float) -> list[str]:
        """The kinds whose top's core looked like the board in shadow over ``shaded`` of it."""
        return [kind for kind, shares in self.tops.items() if np.mean(shares) > shaded]


def _capsule(gu: np.ndarray, gv: np.ndarray, a, b) -> np.ndarray:
    """Each pixel's distance from the segment a-b (a piece's foot to its top's middle)."""
    du, dv = b[0] - a[0], b[1] - a[1]
    t = np.clip(((gu - a[0]) * du + (gv - a[1]) * dv) / max(du * du + dv * dv, 1e-9), 0.0, 1.0)
    return np.hypot(gu - a[0] - t * du, gv - a[1] - t * dv)
