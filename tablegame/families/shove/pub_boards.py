"""Boards and shots as a pub plays them, for the physics check's corpus (issue 21).

The first corpus played every board from empty with gentle shots: about 3 % of its
shots were hard, and coins lay where gentle shots leave them. On a pub board coins lie
in beds, on lines, against the side, touching each other, four or five of them down
before the shot, and a player who wants a bed cleared shoves hard. Here a board is
laid coin by coin (each a kind of lie a pub board shows), then shot at: plain shoves
into the beds, shots aimed at a coin, and hard ones (a lone coin would slide
``HARD`` mm or more), often into a cluster so that the hit is knocked on through two
or more coins."""
from __future__ import annotations

import math
import random

from tablegame.families.shove.board import ShoveBoard
from tablegame.families.shove.physics import Shot, ShoveTable, speed_to_reach, start_y

HARD = 500.0               # mm a lone coin would slide: a hard shot
DOWN_WEIGHTS = (1, 1, 2, 3, 5, 5)    # boards with 0, 1, ... 5 coins down before the shot
LIES = {"bed": 3, "line": 2, "side": 1.5, "touching": 3.5}   # how a laid coin lies
SHOTS = {"plain": 2, "aimed": 4, "hard": 4}                  # kinds of shot (weights)
SPIN = 10.0                # rad/s at most at the launch (as the first corpus)


def down_count(rng: random.Random) -> int:
    return rng.choices(range(len(DOWN_WEIGHTS)), weights=DOWN_WEIGHTS)[0]


def lay(table: ShoveTable, rng: random.Random, count: int) -> None:
    """Lay ``count`` coins, each in a bed, on a line, against the side or touching one
    already down (a coin that finds no room after a few tries is left out)."""
    for _ in range(count):
        for _ in range(30):
            kinds = [k for k in LIES if k != "touching" or table.positions()]
            kind = rng.choices(kinds, weights=[LIES[k] for k in kinds])[0]
            x, y = _spot(table, rng, kind)
            try:
                table.place(x, y)
                break
            except ValueError:
                continue   # on another coin, or off the board: try another spot


def _spot(table: ShoveTable, rng: random.Random, kind: str) -> tuple[float, float]:
    board = table.board
    r, d = board.coin_radius, board.coin_diameter
    (left, right), lines = board.lane, board.lines
    if kind == "touching":   # against a coin down, on any side, rims up to 0.5 mm apart
        c = rng.choice(table.positions())
        a, gap = rng.uniform(0, 2 * math.pi), d + rng.uniform(0.02, 0.5)
        x, y = c.x + gap * math.cos(a), c.y + gap * math.sin(a)
    elif kind == "line":     # its centre within a radius of a line: it touches it
        near, far = rng.choice(lines)
        x, y = rng.uniform(left + r, right - r), (near + far) / 2 + rng.uniform(-r, r)
    elif kind == "side":     # over a side line, or out by the board's edge
        y = rng.uniform(lines[0][1] + r, lines[-1][0] - r)
        edge = rng.choice(((left, -1), (right, 1)))
        out = rng.uniform(-r, r) if rng.random() < 0.6 else rng.uniform(r, left - r)
        x = edge[0] + edge[1] * out
    else:                    # wholly inside a bed
        bed = rng.randrange(len(lines) - 1)
        low, high = lines[bed][1] + r, lines[bed + 1][0] - r
        x, y = rng.uniform(left + r, right - r), rng.uniform(low, high)
    return min(max(x, r), board.width - r), min(y, board.length - r)


def shot(table: ShoveTable, rng: random.Random) -> tuple[str, Shot]:
    """A shot and its kind: ``plain`` (into the beds, not aimed), ``aimed`` at a coin
    down, ``hard`` (aimed, a lone coin would slide ``HARD`` mm or more). A shot aimed
    at a coin goes at a coin with others beside it half of the time."""
    board = table.board
    r = board.coin_radius
    coins = [(c.x, c.y) for c in table.positions() if 0 <= c.x <= board.width
             and board.lines[0][0] - r <= c.y <= board.length]
    kind = rng.choices(list(SHOTS), weights=list(SHOTS.values()))[0]
    y0, spin = start_y(board), rng.uniform(-SPIN, SPIN)
    if kind == "plain" or not coins:
        x = rng.uniform(board.lane[0] + r, board.lane[1] - r)
        reach = rng.uniform(board.lines[0][1] + r, board.lines[-1][0]) - y0
        return "plain", Shot(x, rng.uniform(-6, 6), speed_to_reach(table, reach), spin)
    crowded = [c for c in coins if sum(math.dist(c, o) < 2.2 * board.coin_diameter
                                       for o in coins) > 1]
    tx, ty = rng.choice(crowded if crowded and rng.random() < 0.5 else coins)
    tx += rng.uniform(-1.5, 1.5) * r
    x = min(max(tx + rng.uniform(-40, 40), r), board.width - r)
    to = math.hypot(tx - x, ty - y0)
    reach = rng.uniform(HARD, 900.0) if kind == "hard" else to + rng.uniform(0, 120)
    kind = "hard" if reach >= HARD else "aimed"
    angle = math.degrees(math.atan2(tx - x, ty - y0))
    return kind, Shot(x, angle, speed_to_reach(table, reach), spin)
