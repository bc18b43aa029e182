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
one would not be doubted (never seen on any set: pieces evened away left 2.1 men at most)."""
from __future__ import annotations

import math

LONGEST = 2.0      # strikers' diameters: a shape longer than this (the bounding box's longer side)
MOST = 3.5         # men's areas: and larger than this (more than three men touching in a row) is the light's


def larger_than_pieces(length_mm: float, area_mm2: float, radii: dict[str, float]) -> bool:
    """Whether a place where the light has a piece's shape, ``length_mm`` long (its longer
    side) and ``area_mm2`` large, is too long and too large for a piece (``radii``: the
    pieces' radii, mm; the largest is the striker's, the smallest a man's)."""
    widest, man = max(radii.values()), min(radii.values())
    return length_mm > LONGEST * 2 * widest and area_mm2 > MOST * math.pi * man * man
