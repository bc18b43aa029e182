"""The second pass of the physics check: for a board the geometric pass cannot
explain, a bounded search over shots with the simulation's own pymunk model
(:class:`~tablegame.physics.shove.ShoveTable`). A shot that turns the last board into
this one, every coin within what friction and sensors allow, explains it.

Candidates aim at where the shot coin would have touched each moved coin (a small
fan of start points and speeds around it): at most ``MAX_SHOTS`` simulations.
Pure and deterministic."""
from __future__ import annotations

import math

from tablegame.boards.shove import ShoveBoard
from tablegame.physics.plausibility import Check, contact_point, distance
from tablegame.physics.shove import Shot, ShoveTable, speed_to_reach, start_y

MAX_SHOTS = 24
OFFSETS = (-12.0, 0.0, 12.0)       # mm: start points around the aimed line
EXTRA = (0.9, 1.4, 2.2)            # the shot coin's energy for the hit, in units of the hit coin's travel


def explains(board: ShoveBoard, before, after, check: Check) -> bool:
    """Does some shot near the geometric candidates reproduce ``after``?"""
    if check.shot is None or not check.moved:
        return False
    table = ShoveTable(board)
    y0 = start_y(board)
    tried = 0
    for m in sorted(check.moved, key=lambda m: m.before[1]):
        cx, cy = contact_point(m, board.coin_diameter)
        if cy <= y0:
            continue
        travel = distance(m.before, m.after)
        for dx in OFFSETS:
            x0 = min(max(cx + dx, board.coin_radius), board.width - board.coin_radius)
            angle = math.degrees(math.atan2(cx - x0, cy - y0))
            reach = math.hypot(cx - x0, cy - y0)
            for extra in EXTRA:
                if tried >= MAX_SHOTS:
                    return False
                tried += 1
                if _matches(table, before, after, Shot(x0, angle, speed_to_reach(
                        table, reach + extra * travel + distance((cx, cy), check.shot)))):
                    return True
    return False


def _matches(table: ShoveTable, before, after, shot: Shot) -> bool:
    table.clear()
    try:
        for x, y in before:
            table.place(x, y)
        result = table.settle(shot)
    except ValueError:
        return False
    board = table.board
    seen = [(c.x, c.y) for c in result
            if 0 <= c.x <= board.width and 0 <= c.y <= board.length]
    if len(seen) != len(after):
        return False
    # every coin seen lies near a simulated one; the longer its slide, the more room
    # friction (±20 %) gives it
    free = list(seen)
    for p in sorted(after, key=lambda p: p[1]):
        best = min(free, key=lambda q: distance(p, q))
        moved = min(distance(best, b) for b in before) if before else 0.0
        if distance(p, best) > 6.0 + 0.3 * min(moved, 200.0):
            return False
        free.remove(best)
    return True
