"""How a hand moves a coin between two settled boards, for the physics check's corpus
(issue 31): each kind of move a guest makes, and where its coin may go.

The first corpus moved a coin one to two diameters in any direction (``lift``). Pub
play knows more: a coin *pushed up* the board into the next bed (the likeliest cheat,
and the one the shove's own hits resemble most: they push coins up the board too),
one *pulled back*, one *slid sideways* (off a side line into the lane), and a small
*nudge* of a few millimetres (off a line into its bed). Every move leaves the coin on
the board, clear of the others, and far enough that the sensors can tell (a nudge is
at least 6 mm: twice the still coin's allowance)."""
from __future__ import annotations

import math
import random

from tablegame.families.shove.board import ShoveBoard

Point = tuple[float, float]

KINDS = ("push_up", "pull_back", "sideways", "lift", "nudge")
SPREAD = math.radians(25)   # a directed move's way, either side of its direction


def draw(kind: str, board: ShoveBoard, rng: random.Random) -> tuple[float, float]:
    """A move of ``kind`` as (dx, dy) mm."""
    d = board.coin_diameter
    if kind == "nudge":
        a, dist = rng.uniform(0, 2 * math.pi), rng.uniform(6.0, 12.0)
    elif kind == "lift":
        a, dist = rng.uniform(0, 2 * math.pi), rng.uniform(d, 2 * d)
    else:
        way = {"push_up": 0.0, "pull_back": math.pi,
               "sideways": rng.choice((math.pi / 2, -math.pi / 2))}[kind]
        a, dist = way + rng.uniform(-SPREAD, SPREAD), rng.uniform(d / 2, 2 * d)
    return dist * math.sin(a), dist * math.cos(a)   # angle from straight up the board


def place(kind: str, board: ShoveBoard, coin: Point, others, rng: random.Random,
          tries: int = 50) -> Point | None:
    """Where the hand puts ``coin`` after a move of ``kind``: on the board past the first
    line, clear of ``others``; None if no try finds room."""
    d = board.coin_diameter
    for _ in range(tries):
        dx, dy = draw(kind, board, rng)
        x, y = coin[0] + dx, coin[1] + dy
        if not (d <= x <= board.width - d and board.lines[0][1] + d <= y <= board.length - d):
            continue
        if all(math.dist((x, y), p) >= d for p in others):
            return x, y
    return None
