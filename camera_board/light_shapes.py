"""Carrom: which of the places where the measured light stands out of its surroundings can be
a piece the light measurement evened away (``Detector._light_bumps``; docs/camera.md, "Why
Carrom boards are refused, counted; the light's shapes larger than pieces").

The doubt "the light has a piece's shape" guards against a piece whose rim was too faint for
an edge, so that the light measurement took it for the board (lone ivory men on light
plywood, a pale striker on cream). Such a place is a piece's size: on the tuning sets 25 to
61 mm long and 0.6 to 2.1 men's area (one piece, or two touching). A lamp's pool or a guest's
shadow is wider than the disc the light is opened and closed with, and leaves no shape; but
along a guest's shadow's edge or over a shadow's uneven depth the opening leaves long, large
shapes (72 to 512 mm long, 2.8 to 23 men's area on the tuning sets, none with a piece under
it) that doubted a board the pieces found read right. A shape both longer than
``LONGEST`` strikers across and larger than ``MOST`` men is taken for the light's: not
doubted. That is larger than one piece or three men touching, not than every cluster: a
striker touching two men in a row (103 mm, 3.8 men) or four men in a row evened away as
one would not be doubted (never seen on any set: pieces evened away left 2.1 men at most).

A piece evened away raises the light where it lies by its own colour over the board's, channel
by channel (ivory men on light plywood: blue up, red not), so a shape of a piece's size is
doubted only where its tint is some kind's contrast against the board there, seen over
``SHARE`` of it or more (``a_pieces_tint``). The piece-sized shapes where no piece lay dip in
every channel alike (grey: a guest's shadow's uneven depth), which of the kinds only a black's
contrast points along, at a twentieth of it."""
from __future__ import annotations

import math

import numpy as np

LONGEST = 2.0      # strikers' diameters: a shape longer than this (the bounding box's longer side)
MOST = 3.5         # men's areas: and larger than this (more than three men touching in a row) is the light's
# the share of a kind's contrast against the board (log, per channel) a shape's tint shows along it
# at least, to be that kind evened away: the shapes over pieces on the tuning sets (installation
# 3's ivory men on light plywood, 6's pale striker on cream) 0.22 to 0.39; the grey dips where no
# piece lay 0.03 to 0.07 of a black's (docs/camera.md, "The light's piece-sized shapes told by their tint")
SHARE = 0.12


def larger_than_pieces(length_mm: float, area_mm2: float, radii: dict[str, float]) -> bool:
    """Whether a place where the light has a piece's shape, ``length_mm`` long (its longer
    side) and ``area_mm2`` large, is too long and too large for a piece (``radii``: the
    pieces' radii, mm; the largest is the striker's, the smallest a man's)."""
    widest, man = max(radii.values()), min(radii.values())
    return length_mm > LONGEST * 2 * widest and area_mm2 > MOST * math.pi * man * man


def a_pieces_tint(tint, contrasts) -> bool:
    """Whether a shape whose light stands out of its surroundings by ``tint`` (log, per channel:
    inside over round it) can be a piece the light measurement evened away: ``tint`` along some
    kind's contrast against the board under it (``contrasts``: log of the kind's colour over
    the board's, per channel) is ``SHARE`` of it or more."""
    t = np.asarray(tint, np.float64)
    for contrast in contrasts:
        c = np.asarray(contrast, np.float64)
        size = float(c @ c)
        if size > 0 and float(t @ c) / size >= SHARE:
            return True
    return False
