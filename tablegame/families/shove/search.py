"""The physics pass of the check: is there one shove, simulated with the simulation's own
pymunk model (:class:`~tablegame.families.shove.physics.ShoveTable`), that turns the last settled
board into this one, every coin within what the sensors and the real board allow?

The geometric pass (:mod:`tablegame.physics.plausibility`) says which coins moved and
proposes which went where; here each proposal becomes a shot: the first hit of equal
coins fixes the shot coin's speed along the line of centres (from how far the hit coin
slid) and across it (from where the shot coin came to rest), hence where on the front
edge it set off and how hard; a hard shot is tried as hard as the energy the board
shows asks too. The best of these shots is refined locally (Nelder-Mead over the start
point, aim and reach of its family), and the best fit decides. Shots are given by their
*reach*, the slide of a lone coin: under Coulomb friction the paths of equal coins do
not depend on the friction, so a board with other friction than the model's is fitted
as well by another reach.

A coin is explained when the simulated coin lies within its allowance of where it is
seen (``_Trial._allowance``): the sensor term (both readings are off) for a coin the
shot left still; for one that moved the blur of the hits' geometry, growing with its
simulated slide up to ``KNOCK`` mm, and ``SLIDE_SHARE`` of its slide, simulated or seen
if longer (friction and bounce of this coin, chains); for the shot coin ``SHOT_SHARE`` of
its way to its first hit (its reach is fitted) and, past it, the blur and ``SHOT_PAST`` of
that slide (its own friction is in the fitted reach; what is left is the bounce). A knocked
coin that touched nothing but the coin that hit it slid straight along the line of centres:
its friction and bounce move it along that way (the allowance above), across it only the
hit's geometry (``_Trial._along``). A chain just over the line gets a second look
(``SECOND_LOOK``), a hard chain still unexplained a look traced back from its last hits
(``_traced_look``) and then a wide look (``_wide_look``). Every coin must lie within its
allowance, chains too (issue 31). docs/physics-check.md has the figures. Pure and
deterministic: the work is bounded by ``MAX_SHOTS`` simulations (and ``SECOND_SHOTS``,
``TRACE_SHOTS``, ``WIDE_SHOTS`` more in the looks), not by a clock."""
from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from tablegame.families.shove.board import ShoveBoard
from tablegame.physics.plausibility import (SENSOR_ERROR, STILL, Check, Moved, apart,
                                            assignments, canonical, contact_point, distance,
                                            segment_distance, unit)
from tablegame.families.shove.physics import Shot, ShoveTable, speed_to_reach, start_y

MAX_SHOTS = 60          # simulations per check at most (bounds the time; 40 until issue 31's seventh round)
AIMING = 2              # corrections of a shot's aim and reach after its first simulation
AIMED = 5               # proposals whose aim is corrected, the best first
REFINE = 12             # of them kept for the refinement around the best
FIRST_GUESSES = 14      # proposals of the geometric pass simulated at most
TURN = 4                # of them per first-hit coin in turn, the lowest coin first
ENERGY_LOSS = 1.25      # reach over the summed ways of the coins: collisions lose energy too
RESTITUTION = 0.8       # e assumed when turning a hit into a shot (the model's own)
KNOCK = 14.0            # mm more at most for a coin that moved: the hits' geometry is blurred
BLUR_GROWTH = 0.5       # ... growing with its simulated slide (mm a mm) up to that
SLIDE_SHARE = 0.36      # of a coin's slide the model may be off (friction ±20 %, bounce, spin)
GRID = 4.0              # mm between start points tried along the front edge
SCAN = 6                # the coarse scan tries every this many of them
SCAN_POINTS = 4         # and at most this many, the nearest to the family's best first
GRAZE = 4.0             # mm of a coin by the shot's way that it may graze
CRADLE_GAP = 3.0        # mm between two coins' rims that still pass a hit on (sensor error)
CRADLE_LENGTH = 4       # touching coins that pass a hit on, at most (a row across a bed)
HEAD_BENDS = (20.0,)    # degrees off the row's line a cradle's first coin is hit at too
GRAZED = 5.0            # mm a coin beside a moving coin's way may be moved by a graze
MIN_COS = 0.2           # the thinnest first hit considered (cos of its cut angle)
SHOT_SHARE = 0.04       # of the shot coin's slide: its reach is fitted
SHOT_PAST = 0.2         # of its slide past its first hit: bounce (±10 %), not friction
SECOND_LOOK = 1.6       # a chain's best fit this near the line gets a second look ...
SECOND_SHOTS = 20       # ... of at most this many more simulations:
SIDE_STARTS = (-16.0, 16.0)  # fans set off this many mm beside the first fan's start point
SIDE_FAN = 5            # hits across the coin from each of them
FAR_OFF = 20.0          # a coin's error counts at most this much to the search's score
EDGE_HOLD = 0.01        # mm inside the edge a coin read on it is put (a rim on the gutter drops)
MISSING = 1e3           # error of a coin the simulation lost or the board did not see


@dataclass(frozen=True)
class Fit:
    """The best shot found and how far it is off: ``error`` is the worst coin's distance
    in units of its allowance (at most 1: the shot explains the board); ``off`` the coins
    beyond their allowance (where they lay, where they are seen)."""

    shot: Shot | None
    error: float
    off: tuple[Moved, ...] = ()

    @property
    def explains(self) -> bool:
        return self.error <= 1.0


def best_fit(board: ShoveBoard, before, after, check: Check,
             tolerance: float = SENSOR_ERROR, budget: int = MAX_SHOTS) -> Fit:
    """The search (``_search``); a chain whose best fit is just over the line
    (``SECOND_LOOK``) gets a second look, and a hard chain still unexplained (its coins
    slid ``TRACE_SLIDES`` mm or more together) the traced look (``_traced_look``): their
    shots are taken only if they explain the board, else the first fit stands, its
    verdict, named coin and replay."""
    trial = _Trial(board, before, after, tolerance, budget)
    fit = _search(trial, board, check)
    if len(check.moved) >= 2 and 1.0 < fit.error <= SECOND_LOOK and fit.shot is not None:
        _second_look(trial, board, check, fit.shot.speed)
        if trial.best.explains:
            return trial.best
    if (len(check.moved) >= 2 and not fit.explains
            and sum(distance(m.before, m.after) for m in check.moved) >= TRACE_SLIDES):
        traced = _traced_look(trial, board, check)
        if traced is not None:
            return traced
        if fit.shot is not None:
            wide = _wide_look(trial, board, check, fit.shot.speed)
            if wide is not None:
                return wide
    return fit   # a later look explains the board, or changes nothing (nor its reasons)


def _second_look(trial: _Trial, board: ShoveBoard, check: Check, reach: float) -> None:
    """Fans across the lowest coin (or two level ones) set off from beside the first
    search's start point, as hard as its best shot, then Nelder-Mead around the best."""
    trial.budget += SECOND_SHOTS
    scanned = []
    for fan in _lowest(_fans(board, trial, check), board.coin_diameter):
        scanned += _side_fans(trial, board, fan, reach, SIDE_STARTS, SIDE_FAN, SECOND_SHOTS // 2)
    if scanned and not trial.best.explains:
        _, f = min(scanned, key=lambda t: t[0])
        _refine(trial, f, f.x0, 0.0, 1.0)


def _side_fans(trial: _Trial, board: ShoveBoard, fan: _Fan, reach: float,
               starts: tuple[float, ...], hits: int, kept: int) -> list:
    """(score, fan) of each shot of the fans of ``hits`` across ``fan``'s coin set off
    ``starts`` mm beside its start point, as hard as ``reach``, until one explains the board
    or ``kept`` simulations of the budget are left for the refinement (looked at after each
    shot: a fan runs one). The second look's and the wide look's."""
    r = board.coin_radius
    offsets = [-FAN_SPAN + 2 * FAN_SPAN * k / (hits - 1) for k in range(hits)]
    scanned = []
    for dx in starts:
        x0 = min(max(fan.x0 + dx, r), board.width - r)
        for b in offsets:
            f = replace(fan, x0=x0, b=b, reach=reach)
            scanned.append((trial.run(f.shot(x0)), f))
            if trial.best.explains or trial.runs >= trial.budget - kept:
                return scanned
    return scanned


def _search(trial, board, check) -> Fit:
    """The shot that best turns ``before`` into ``after`` (``check`` is the geometric
    pass of the two), every coin within its allowance (the search stops
    at the first such shot), tried in at most ``budget`` simulations: each proposal's own
    start point first, the best few aimed, then a coarse scan of each proposal's family
    along the front edge, then along the best family and around the best shot in it."""
    proposals = _proposals(board, trial.before, trial.after, check)[:FIRST_GUESSES]
    tried: list[tuple[float, _Family, float, float, float]] = []  # score, family, x0, da, grow
    chain = len(check.moved) >= 2 or not proposals
    first = FAN_FIRST if chain else len(proposals)
    for family, x0, _, grow in proposals[:first]:
        tried.append((trial.run(family.shot(x0, 0.0, grow)), family, x0, 0.0, grow))
        if trial.best.explains:
            return trial.best
    if chain:   # a chain: fans across the lowest coin (or two level ones), the best one refined
        scanned = []
        for fan in _lowest(_fans(board, trial, check), board.coin_diameter):
            scanned.append((*_fan_scan(trial, fan), fan))
            if trial.best.explains:
                return trial.best
        if scanned:
            score, b, fan = min(scanned, key=lambda t: t[0])
            tried.append(_fan(trial, fan, score, b))
            if trial.best.explains:
                return trial.best
        if tried and isinstance(min(tried, key=lambda t: t[0])[1], _Fan):
            score, family, x0, da, grow = min(tried, key=lambda t: t[0])
            _refine(trial, family, x0, da, grow)
            return trial.best
    for family, x0, _, grow in proposals[first:]:
        tried.append((trial.run(family.shot(x0, 0.0, grow)), family, x0, 0.0, grow))
        if trial.best.explains:
            return trial.best
    for _, family, x0, _, grow in sorted((t for t in tried if not isinstance(t[1], _Fan)),
                                         key=lambda t: t[0])[:AIMED]:
        score, da, grow = _shoot(trial, family, x0, 0.0, grow)
        tried.append((score, family, x0, da, grow))
        if trial.best.explains:
            return trial.best
    clears = {family: clear for family, _, clear, _ in proposals}
    for family in sorted((f for f in clears if any(t[1] == f for t in tried)), key=lambda f: min(t[0] for t in tried if t[1] == f)):
        _, _, best_x, da, grow = min((t for t in tried if t[1] == family), key=lambda t: t[0])
        # outward from the family's best start point: near it first, and not too far
        scan = clears[family][len(clears[family]) % SCAN // 2::SCAN]
        straight = min(scan, key=lambda x: abs(x - family.contact[0]), default=best_x)
        for x0 in [straight, *sorted(scan, key=lambda x: abs(x - best_x))][:SCAN_POINTS]:
            if trial.runs >= trial.budget - REFINE or trial.best.explains:
                break
            if all(t[1] != family or abs(t[2] - x0) >= SCAN * GRID / 2 for t in tried):
                score, aimed_da, aimed_grow = _shoot(trial, family, x0, da, grow, 1)
                tried.append((score, family, x0, aimed_da, aimed_grow))
    if trial.best.explains:
        return trial.best
    if tried:
        score, family, x0, da, grow = min(tried, key=lambda t: t[0])
        if not isinstance(family, _Fan):
            x0 = _along(trial, family, clears[family], x0, da, grow, score)
        if not trial.best.explains:
            _refine(trial, family, x0, da, grow)
    return trial.best


# -- a wide look: fans set off farther beside the first ----------------------------------------
# Two thirds of the hard chains' false alarms the traced look leaves (issue 31, seventeenth round)
# met the right first coin from a start 8-49 mm beside the fan's: the fan sets off straight below
# its coin, the true shot came in at 1-21 degrees and left the first hit another way.

WIDE_STARTS = (-16.0, 16.0, -32.0, 32.0)   # mm beside the first fan's start point, nearest first
WIDE_SHOTS = 36         # simulations more for the wide look at most
WIDE_REFINE = 8         # of them kept for Nelder-Mead around its best


def _wide_look(trial: _Trial, board: ShoveBoard, check: Check, reach: float) -> Fit | None:
    """Fans across the lowest coin set off ``WIDE_STARTS`` beside its fan's start point, as
    hard as the search's best shot, then Nelder-Mead around the best of them, in
    ``WIDE_SHOTS`` more simulations: its fit (None: none explains the board)."""
    fans = _lowest(_fans(board, trial, check), board.coin_diameter)
    if not fans:
        return None
    trial.budget += WIDE_SHOTS
    kept, trial.best = trial.best, Fit(None, math.inf)
    scanned = _side_fans(trial, board, fans[0], reach, WIDE_STARTS, FAN, WIDE_REFINE)
    if scanned and not trial.best.explains:
        _, f = min(scanned, key=lambda t: t[0])
        _refine(trial, f, f.x0, 0.0, 1.0)
    found, trial.best = trial.best, kept
    return found if found.explains else None


# -- traced back from the other end ----------------------------------------------------------
# The geometric proposals start from the first coin's seen move, which tells nothing of its
# hit where that coin was hit again (hard chains: the shot coin follows it, or it runs into a
# neighbour). The last hits tell more: a coin that touched nothing after its hit left along
# the line of centres, so the coin that hit it lay one diameter behind it, and the shot coin,
# if it was that coin, went on from there to where it rests. Traced back from there through
# a first hit on a lower coin that moved (the shot coin's way in, from the restitution's
# split of its speed) to the front edge, each such way is a start point and a reach.
TRACE_SLIDES = 200.0    # mm the coins that moved slid together at least: a hard chain
TRACE_SHOTS = 36        # simulations more for the traced look at most
TRACE_FIRST = 8         # traced proposals simulated before the best is refined
TRACE_STEP = 5          # degrees between the first hits tried round a coin
TRACE_REST = 50.0       # mm off the shot coin's rest that rank as much as e times off a slide
TRACE_REFINES = 3       # the best fully simulated traced shots refined, the budget shared
TRACE_PAIRINGS = 24     # the geometric pass's likeliest assignments traced from


@dataclass(frozen=True)
class _Aim:
    """Shots from ``x0`` on the front edge aimed at ``target`` (where the shot coin met
    its first coin), as hard as ``reach``."""

    target: tuple[float, float]
    x0: float
    y0: float
    reach: float
    held: tuple = ()   # (coin in ``before``, in ``after``) pairs of the assignment traced from

    def shot(self, x0: float, da: float = 0.0, grow: float = 1.0) -> Shot:
        angle = math.degrees(math.atan2(self.target[0] - x0, self.target[1] - self.y0))
        return Shot(x0, angle + da, self.reach * grow)


def _traced_look(trial: _Trial, board: ShoveBoard, check: Check) -> Fit | None:
    """The traced proposals (``_traced``), the likeliest first, then Nelder-Mead around
    the best of them, in ``TRACE_SHOTS`` more simulations than the search had left (what
    it left unspent is spent here too: the figures of issue 31's eleventh round); its fit (None: none
    explains the board). Which coin went where is held to the assignment each proposal
    was traced from: the shot's own pairing of the coins is rarely the geometric pass's
    likeliest on these boards (issue 31, tenth round), so the look traces from the pass's
    ``TRACE_PAIRINGS`` likeliest that swap no coin (``_swaps``)."""
    trial.budget += TRACE_SHOTS
    kept, trial.best = trial.best, Fit(None, math.inf)
    tried = []
    for aim in _traced(board, trial, check)[:TRACE_FIRST]:
        trial.fixed = aim.held
        tried.append((trial.run(aim.shot(aim.x0)), aim))
        if trial.best.explains:
            break
    budget = trial.budget
    starts = sorted(tried, key=lambda t: t[0])[:TRACE_REFINES]
    for j, (_, aim) in enumerate(starts):
        if trial.best.explains:
            break
        trial.fixed = aim.held
        trial.budget = trial.runs + (budget - trial.runs) // (len(starts) - j)
        _refine(trial, aim, aim.x0, 0.0, 1.0)
    trial.budget = budget
    found, trial.best, trial.fixed = trial.best, kept, ()
    return found if found.explains else None


def _traced(board: ShoveBoard, trial: _Trial, check: Check) -> list[_Aim]:
    """Shots traced back from a later hit of the shot coin: a coin ``m`` that moved was
    hit along its seen move (it touched nothing after) by a coin one diameter behind it,
    at ``c``; if the shot coin, it came there from its first hit on a lower coin ``f``
    that moved (``_first_hits``), or the hitter was a knocked coin ``k`` (``_chain_hits``).
    Traced from each of the geometric pass's ``TRACE_PAIRINGS`` likeliest assignments,
    every way of every assignment at once (NumPy: in Python the tracing took two thirds
    of the look's time); the ``TRACE_FIRST`` best ranked, no two within ``GRID``."""
    d = board.coin_diameter
    after = [tuple(map(float, p)) for p in trial.after]
    before = trial.before
    moved_idx = [i for i, p in enumerate(before) if _near(p, [m.before for m in check.moved])]
    fresh_idx = [j for j, p in enumerate(after) if any(_near(p, [m.after]) for m in check.moved)
                 or _near(p, [check.shot])]
    still = np.array([before[i] for i in range(len(before)) if i not in moved_idx],
                     dtype=float).reshape(-1, 2)
    firsts, chains, helds = [], [], []   # rows: (first or hitter coin, m, c, u, rest, slides, held)
    swap = board.coin_diameter - trial.sensor
    pairings = [(shot_i, pairing) for shot_i, pairing
                in assignments(before, after, moved_idx, fresh_idx, 1)
                if not _swaps(before, after, moved_idx, pairing, shot_i, swap)]
    for shot_i, pairing in pairings[:TRACE_PAIRINGS]:
        rest = after[shot_i]
        moved = [Moved(before[m], after[a]) for m, a in zip(moved_idx, pairing)]
        slides = sum(distance(k.before, k.after) for k in moved)
        helds.append((*zip(moved_idx, pairing), (len(before), shot_i)))
        for m in moved:
            if distance(m.before, m.after) < 2.0:
                continue
            u = unit(m.before, m.after)
            c = (m.before[0] - d * u[0], m.before[1] - d * u[1])
            if len(still) and np.hypot(*(still - c).T).min() < d - GRAZE:
                continue   # no coin can have lain there
            for k in moved:
                if k is not m:
                    chains.append((k, m, c, u, rest, slides, len(helds) - 1))
            for f in moved:
                if f is not m and distance(f.before, c) >= d:   # else ``f`` itself hit ``m``
                    firsts.append((f, m, c, u, rest, slides, len(helds) - 1))
    parts = [_first_hits(_Ways(firsts), still, board), _chain_hits(_Ways(chains), still, board)]
    return _best_aims(parts, helds, start_y(board))


def _swaps(before, after, moved_idx, pairing, shot_i, near: float) -> bool:
    """Whether the assignment takes a coin seen within ``near`` of where a coin lay (a
    diameter less the sensor term) for another coin (the shot coin, or one knocked on)
    come to rest there after the coin that lay there was sent away. A coin that hit it
    stops about a diameter short of where it lay (head on it keeps a tenth of its speed
    along the hit, a hundredth of its reach; cut, it leaves across): nearer than that is
    the coin that lay there, nudged. So paired, hand's nudges were the far hand moves the
    traced look let through (issue 31, eleventh round)."""
    taken = (*pairing, shot_i)
    for i, j in zip(moved_idx, pairing):
        if any(distance(before[i], after[t]) < near for t in taken if t != j):
            return True
    return False


class _Ways:
    """The traced ways' rows as arrays, one a row: the coin ``k`` (hit first, or the
    knocked coin that hit ``m``), ``m``, the contact ``c`` behind ``m``, ``m``'s way ``u``,
    the shot coin's ``rest``, the coins' summed ``slides``, the assignment's number."""

    def __init__(self, rows):
        self.size = len(rows)
        points = lambda f: np.array([f(row) for row in rows], dtype=float).reshape(-1, 2)  # noqa: E731
        self.k = points(lambda row: row[0].before)
        self.k_after = points(lambda row: row[0].after)
        self.c, self.u, self.rest = (points(lambda row, i=i: row[i]) for i in (2, 3, 4))
        self.slide_k = np.hypot(*(self.k_after - self.k).T)
        self.slide_m = np.array([distance(row[1].before, row[1].after) for row in rows])
        self.slides = np.array([row[5] for row in rows], dtype=float)
        self.held = np.array([row[6] for row in rows], dtype=int)


def _best_aims(parts, helds: list[tuple], y0: float) -> list[_Aim]:
    """The ``TRACE_FIRST`` best ranked traced shots, each at least ``GRID`` from the ones
    before it in start point or first contact (the rank's ties in the order traced)."""
    scores = np.concatenate([p[0] for p in parts])
    ways = np.concatenate([p[1] for p in parts], axis=1)
    held = np.concatenate([p[2] for p in parts])
    out: list[_Aim] = []
    for i in np.argsort(scores, kind="stable"):
        x0, tx, ty, reach = (float(v) for v in ways[:, i])
        if all(abs(x0 - o.x0) >= GRID or distance((tx, ty), o.target) >= GRID for o in out):
            out.append(_Aim((tx, ty), x0, y0, reach, helds[held[i]]))
            if len(out) == TRACE_FIRST:
                break
    return out


TRACE_ANGLES = np.radians(np.arange(0, 360, TRACE_STEP))


def _first_hits(w: _Ways, still: np.ndarray, board: ShoveBoard):
    """The shot coin hit ``k`` first, touching it at ``cf`` on the circle a diameter round
    it (every ``TRACE_STEP`` degrees), then went on to ``c`` and hit ``m``. Its way out of
    that hit (``cf`` to ``c``) fixes its way in: across ``k``'s line of centres it kept
    its speed, along it ``(1-e)/2``. Traced on back to the front edge, that is a start
    point; the way must be clear of the coins that did not move, the hit on ``m`` no
    thinner than ``MIN_COS``. Ranked by how well the hit explains ``k``'s slide (``m``'s
    slide gives the shot coin's speed at ``c``, hence at ``cf``) and where the shot coin
    rests (it left ``m`` with its speed across their line of centres); ``k`` may have been
    hit again: the simulation decides. (scores, rows x0, contact x and y, reach, and the
    assignments' numbers), one a way and angle."""
    d, y0, r = board.coin_diameter, start_y(board), board.coin_radius
    keep, give = (1 - RESTITUTION) / 2, (1 + RESTITUTION) / 2
    col = lambda a: a[:, None]  # noqa: E731  (rows down, angles across)
    nx, ny = np.cos(TRACE_ANGLES)[None, :], np.sin(TRACE_ANGLES)[None, :]
    cx, cy, ux, uy = col(w.c[:, 0]), col(w.c[:, 1]), col(w.u[:, 0]), col(w.u[:, 1])
    slide_m = col(w.slide_m)
    cfx, cfy = col(w.k[:, 0]) - d * nx, col(w.k[:, 1]) - d * ny
    way = np.hypot(cx - cfx, cy - cfy)
    with np.errstate(divide="ignore", invalid="ignore"):
        wx, wy = (cx - cfx) / way, (cy - cfy) / way
        along, across = wx * nx + wy * ny, wy * nx - wx * ny
        cos_m = wx * ux + wy * uy
        speed = np.sqrt(slide_m / (give * cos_m) ** 2 + way)   # out of ``k``'s hit
        vn = along * speed / keep
        vx, vy = vn * nx - across * speed * ny, vn * ny + across * speed * nx
        x0 = cfx - vx / vy * (cfy - y0)
        ok = ((cfy > y0) & (way >= 1.0) & (along >= 0) & (cos_m >= MIN_COS) & (vy > 1e-3)
              & (x0 >= r) & (x0 <= board.width - r))
    rows = np.broadcast_to(np.arange(w.size)[:, None], ok.shape)[ok]
    cfx, cfy, way, wx, wy, cos_m, vn, x0 = (a[ok] for a in (cfx, cfy, way, wx, wy, cos_m, vn, x0))
    clear = (_clear(still, x0, y0, cfx, cfy, d)
             & _clear(still, cfx, cfy, w.c[rows, 0], w.c[rows, 1], d))
    rows, cfx, cfy, way, wx, wy, cos_m, vn, x0 = (
        a[clear] for a in (rows, cfx, cfy, way, wx, wy, cos_m, vn, x0))
    c, u, rest = w.c[rows], w.u[rows], w.rest[rows]
    # the shot coin after ``m``: its speed across their line of centres
    vc = np.sqrt(w.slide_m[rows]) / (give * cos_m)
    lx, ly = vc * (wx - give * cos_m * u[:, 0]), vc * (wy - give * cos_m * u[:, 1])
    slide_after = np.hypot(lx, ly)
    stop_x, stop_y = c[:, 0] + lx * slide_after, c[:, 1] + ly * slide_after
    scores = (np.abs(np.log(np.maximum(give ** 2 * vn * vn, 1.0) / np.maximum(w.slide_k[rows], 1.0)))
              + np.hypot(stop_x - rest[:, 0], stop_y - rest[:, 1]) / TRACE_REST)
    reach = ENERGY_LOSS * (np.hypot(cfx - x0, cfy - y0) + way
                           + np.hypot(*(c - rest).T) + w.slides[rows])
    return scores, np.array([x0, cfx, cfy, reach]), w.held[rows]


CHAIN_ANGLES = np.radians(np.arange(-75, 76, TRACE_STEP))


def _chain_hits(w: _Ways, still: np.ndarray, board: ShoveBoard):
    """Shots whose coin hit ``k`` first, which went straight on to ``c`` and hit ``m``
    (``k``'s seen move may be another: it may have been hit again): the shot coin met
    ``k`` one diameter behind it along ``k``'s way to ``c``, coming in at any angle
    (every ``TRACE_STEP`` degrees) up to 75 degrees off it. Ranked by where the shot
    coin rests (it left the hit with its speed across that line of centres and
    ``(1-e)/2`` of it along it) and ``k``: its speed comes from ``m``'s slide. As
    ``_first_hits``'s."""
    d, y0, r = board.coin_diameter, start_y(board), board.coin_radius
    keep, give = (1 - RESTITUTION) / 2, (1 + RESTITUTION) / 2
    k, c, u = w.k, w.c, w.u
    way = np.hypot(*(c - k).T)
    with np.errstate(divide="ignore", invalid="ignore"):
        n = (c - k) / way[:, None]
        cos_m = (n * u).sum(axis=1)
        hit = k - d * n
        ok = (way >= 2.0) & (cos_m >= MIN_COS) & (hit[:, 1] > y0)
        vn = np.sqrt(w.slide_m / (give * cos_m) ** 2 + way) / give
    col = lambda a: a[:, None]  # noqa: E731  (rows down, angles across)
    tan = np.tan(CHAIN_ANGLES)[None, :]
    tx, ty = -n[:, 1:2], n[:, 0:1]
    vx, vy = col(vn) * (n[:, 0:1] + tan * tx), col(vn) * (n[:, 1:2] + tan * ty)
    with np.errstate(divide="ignore", invalid="ignore"):
        x0 = hit[:, 0:1] - vx / vy * (hit[:, 1:2] - y0)
        ok = col(ok) & (vy > 1e-3) & (x0 >= r) & (x0 <= board.width - r)
    rows = np.broadcast_to(np.arange(w.size)[:, None], ok.shape)[ok]
    tan, x0 = np.broadcast_to(tan, ok.shape)[ok], x0[ok]
    clear = _clear(still, x0, y0, hit[rows, 0], hit[rows, 1], d)
    rows, tan, x0 = rows[clear], tan[clear], x0[clear]
    n, hit, vn, cos_m, u = n[rows], hit[rows], vn[rows], cos_m[rows], u[rows]
    lx = vn * (keep * n[:, 0] - tan * n[:, 1])
    ly = vn * (keep * n[:, 1] + tan * n[:, 0])
    slide = np.hypot(lx, ly)
    rest = w.rest[rows]
    stop = np.hypot(hit[:, 0] + lx * slide - rest[:, 0], hit[:, 1] + ly * slide - rest[:, 1])
    # ``k`` after its hit on ``m``: its speed across their line of centres, and
    # ``(1-e)/2`` of it along it
    vk = np.sqrt(w.slide_m[rows]) / (give * cos_m)
    kx, ky = vk * (n[:, 0] - give * cos_m * u[:, 0]), vk * (n[:, 1] - give * cos_m * u[:, 1])
    k_slide = np.hypot(kx, ky)
    c, k_after = w.c[rows], w.k_after[rows]
    k_stop = np.hypot(c[:, 0] + kx * k_slide - k_after[:, 0], c[:, 1] + ky * k_slide - k_after[:, 1])
    scores = (stop + k_stop) / TRACE_REST
    reach = ENERGY_LOSS * (np.hypot(hit[:, 0] - x0, hit[:, 1] - y0)
                           + np.hypot(*(hit - rest).T) + w.slides[rows])
    return scores, np.array([x0, hit[:, 0], hit[:, 1], reach]), w.held[rows]


def _clear(still: np.ndarray, ax, ay, bx, by, d: float) -> np.ndarray:
    """Which of the ways from (``ax``, ``ay``) to (``bx``, ``by``) pass every coin of
    ``still`` by ``d - GRAZE`` or more (a coin by the way may be grazed)."""
    ax, ay, bx, by = np.broadcast_arrays(ax, ay, bx, by)
    if not len(still) or not ax.size:
        return np.ones(ax.shape, dtype=bool)
    px, py = still[:, 0:1], still[:, 1:2]
    dx, dy = bx - ax, by - ay
    n2 = dx * dx + dy * dy
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(n2 == 0, 0.0, np.clip(((px - ax) * dx + (py - ay) * dy) / n2, 0.0, 1.0))
    return (np.hypot(px - ax - t * dx, py - ay - t * dy) >= d - GRAZE).all(axis=0)


# -- the fan: first hits across the lowest coins ----------------------------------------
# A chain (two or more coins moved) is searched from the lowest coin that moved: the shot
# coin meets it first on most ways up the board, and where it hits it (how far off its
# centre) decides where the chain goes. From straight below the coin, ``FAN`` hits across
# it, the best one halved around and then refined (Nelder-Mead); across the next coin too
# where it lies level with the lowest (``_lowest``). Scanning more coins, the lowest from
# either side too, or the pairs of coins the shot coin may have hit at once, found fewer
# shots on the tuning seed (issue 31): the budget is better spent refining.
FAN = 7                 # hits across the coin, ``FAN_SPAN`` diameters either side of its centre
FAN_SPAN = 0.8
FAN_FIRST = 6           # proposals of the geometric pass simulated before the fan
FAN_LEVEL = 1.0         # diameters up the board within which the next coin is level with it
FAN_HALVINGS = 3
FAN_SMALL = 10.0        # mm: a coin that moved less is rarely the first hit ...
FAN_SMALL_PENALTY = 60.0  # ... so it counts as lying this much higher up the board


@dataclass(frozen=True)
class _Fan:
    """Shots straight up the board at the coin ``at`` from ``x0``, hitting it ``b``
    diameters off its centre, as hard as ``reach``."""

    at: tuple[float, float]
    x0: float
    y0: float
    d: float
    reach: float
    b: float = 0.0

    def shot(self, x0: float, da: float = 0.0, grow: float = 1.0) -> Shot:
        dx, dy = self.at[0] - x0, self.at[1] - self.y0
        length = math.hypot(dx, dy)
        off = max(-0.99, min(0.99, self.b * self.d / length))
        angle = math.degrees(math.atan2(dx, dy) - math.asin(off))
        return Shot(x0, angle + da, self.reach * grow)


def _fans(board: ShoveBoard, trial: _Trial, check: Check) -> list[_Fan]:
    """The lowest coins that moved, each as the shot's first hit from straight below it."""
    d, y0, r = board.coin_diameter, start_y(board), board.coin_radius
    seen = [m.before for m in check.moved]
    slid = {m.before: distance(m.before, m.after) for m in check.moved}
    def key(p):
        near = min(slid, key=lambda q: distance(p, q))
        return p[1] + (FAN_SMALL_PENALTY if slid[near] < FAN_SMALL else 0.0)
    moved = [p for p in trial.before if _near(p, seen)]
    # a coin at rest just below a moved one may have passed the hit on (a cradle)
    heads = [p for p in trial.before if p not in moved and any(
        distance(p, q) < d + CRADLE_GAP and q[1] > p[1] for q in moved)]
    lows = sorted(moved, key=key) + heads
    lows.sort(key=lambda p: key(p) if p in moved else p[1])
    rest = check.shot
    slides = sum(slid.values())
    out = []
    for at in lows:
        others = [p for p in trial.before if p != at]

        def room(x: float) -> float:   # how far the way straight at the coin's centre passes the others
            u = unit((x, y0), at)
            stop = (at[0] - d * u[0], at[1] - d * u[1])
            return min((segment_distance(p, (x, y0), stop) for p in others), default=math.inf)
        xs = sorted({min(max(at[0] + k * GRID, r), board.width - r) for k in range(-15, 16)},
                    key=lambda x: abs(x - at[0]))
        rooms = [(room(x), x) for x in xs]
        x0 = next((x for gap, x in rooms if gap >= d - GRAZE), None)
        if x0 is None:   # blocked straight on: a cut past the coin in the way may still hit it
            x0 = max(rooms)[1]
        reach = ENERGY_LOSS * (distance((x0, y0), at) + distance(at, rest) + slides)
        out.append(_Fan(at, x0, y0, d, reach))
    return out


def _lowest(fans: list[_Fan], d: float) -> list[_Fan]:
    """The fans to scan: across the lowest coin, and across the next one too where it
    lies level with it (within ``FAN_LEVEL`` diameters up the board): which of two level
    coins the shot met first depends on its way, not on which lies a little lower (on
    the tuning seed half the hard chains called a cheat were shots that met the second
    one first, issue 31)."""
    if len(fans) > 1 and fans[1].at[1] - fans[0].at[1] < FAN_LEVEL * d:
        return fans[:2]
    return fans[:1]


def _fan_scan(trial: _Trial, fan: _Fan) -> tuple[float, float]:
    """Hits across the coin (``FAN`` offsets): the best score and its offset."""
    offsets = [-FAN_SPAN + 2 * FAN_SPAN * k / (FAN - 1) for k in range(FAN)]
    scored = []
    for b in offsets:
        f = replace(fan, b=b)
        scored.append((trial.run(f.shot(f.x0)), b))
        if trial.best.explains:
            break
    return min(scored)


def _fan(trial: _Trial, fan: _Fan, score: float, b: float) -> tuple:
    """Halving around the best offset of a scanned fan."""
    step = 2 * FAN_SPAN / (FAN - 1) / 2
    for _ in range(FAN_HALVINGS):
        if trial.best.explains:
            break
        for nb in (b - step, b + step):
            f = replace(fan, b=nb)
            e = trial.run(f.shot(f.x0))
            if e < score:
                score, b = e, nb
                break
        step /= 2
    f = replace(fan, b=b)
    return score, f, f.x0, 0.0, 1.0


# -- from the geometric proposals to shots -------------------------------------------------

@dataclass(frozen=True)
class _Family:
    """The shots whose coin hits the coin at ``at`` first, pushing it along ``n`` with
    the speed to slide ``slide`` mm: set off anywhere on the front edge, aimed at the
    contact point one diameter behind it, as hard as that hit needs. In slide units (a
    speed squared is the distance a lone coin slides with it) the hit coin takes
    ``(1+e)/2`` of the speed along the line of centres, so the shot coin came with
    ``vn = 2/(1+e)*sqrt(slide)`` along it, and ``vn/cos`` in all."""

    at: tuple[float, float]
    n: tuple[float, float]
    slide: float
    y0: float
    d: float
    to: tuple[float, float]     # where the hit coin is seen at rest
    end: Moved | None = None    # a cradle's: the coin the hit was passed on to

    @cached_property
    def contact(self) -> tuple[float, float]:
        return self.at[0] - self.d * self.n[0], self.at[1] - self.d * self.n[1]

    def shot(self, x0: float, da: float = 0.0, grow: float = 1.0) -> Shot:
        """The family's shot from ``x0``, turned by ``da`` degrees and its reach past
        the contact times ``grow`` (the corrections ``_shoot`` finds)."""
        cx, cy = self.contact
        reach = math.hypot(cx - x0, cy - self.y0)
        vn2 = (2 / (1 + RESTITUTION)) ** 2 * self.slide
        return Shot(x0, math.degrees(math.atan2(cx - x0, cy - self.y0)) + da,
                    reach + grow * vn2 / max(0.15, self.cos(x0)) ** 2)

    def cos(self, x0: float) -> float:
        cx, cy = self.contact
        return ((cx - x0) * self.n[0] + (cy - self.y0) * self.n[1]) / math.hypot(cx - x0,
                                                                                  cy - self.y0)

    def clear(self, board: ShoveBoard, others) -> list[float]:
        """Start points (every ``GRID`` mm) from which the shot coin reaches the contact
        past every other coin, hitting no thinner than ``MIN_COS``: every start point at
        once in NumPy (``segment_distance`` written out, squared; point by point it was a
        tenth of a hard check, issue 31's sixteenth round)."""
        r, d = board.coin_radius, board.coin_diameter
        xs = [r + k * GRID for k in range(int((board.width - 2 * r) / GRID) + 1)]
        xs.append(board.width - r)  # a shot from the very edge
        # a coin by the way may be grazed (it then moves less than the sensors can tell)
        (cx, cy), y0, room = self.contact, self.y0, (d - GRAZE) ** 2
        x = np.array(xs)
        ax, ay = cx - x, cy - y0
        n2 = ax * ax + ay * ay
        ok = (ax * self.n[0] + ay * self.n[1]) / np.hypot(ax, ay) >= MIN_COS
        for px, py in others:
            qx, qy = px - x, py - y0
            t = np.minimum(1.0, np.maximum(0.0, (qx * ax + qy * ay) / n2))
            ex, ey = qx - t * ax, qy - t * ay
            ok &= ex * ex + ey * ey >= room
        return [xs[k] for k in np.flatnonzero(ok)]


def _families(m: Moved, moved: list[Moved], d: float, y0: float) -> list[_Family]:
    """The first hits that can have moved ``m``: straight to where it lies, or on into
    another moved coin ``k`` (a chain), which then took ``m``'s speed along their line of
    centres: ``m`` slid to the contact with ``k`` and needed that hit's speed on top."""
    out = [_Family(m.before, unit(m.before, m.after), distance(m.before, m.after), y0, d,
                   m.after)]
    for k in moved:
        if k is m:
            continue
        to = contact_point(k, d)
        n = unit(m.before, to)
        cos = n[0] * (k.after[0] - k.before[0]) + n[1] * (k.after[1] - k.before[1])
        cos /= max(distance(k.before, k.after), 1e-9)
        u = unit(m.before, m.after)
        if cos >= MIN_COS and n[0] * u[0] + n[1] * u[1] >= 0.3:
            vn2 = (2 / (1 + RESTITUTION)) ** 2 * distance(k.before, k.after)
            out.append(_Family(m.before, n, distance(m.before, to) + vn2 / cos ** 2, y0, d,
                               m.after))
    return out


def _cradles(m: Moved, still, d: float, y0: float) -> list[_Family]:
    """First hits on a coin behind ``m`` that passed the hit on to it through a row of
    touching coins, each moving too little itself for the sensors to tell (Newton's
    cradle, of up to ``CRADLE_LENGTH`` coins): the hit runs along each line of centres,
    turning at most 37 degrees at a coin, and each coin takes ``(1+e)/2`` of the speed
    of the one behind it along their line of centres. So, from ``m`` back, each coin
    needs the speed of the one in front divided by ``(1+e)/2`` and by the cos of the
    turn there. The shot coin may meet the row's first coin off the row's line too
    (``_bent``)."""
    out: list[_Family] = []
    pass_on = (2 / (1 + RESTITUTION)) ** 2

    def back(row: list, way: tuple[float, float], need: float) -> None:
        # ``row[-1]`` pushed the coin in front of it along ``way`` and needed ``need``
        # (slide units) moving along it; who touches it behind and could have pushed it?
        front = row[-1]
        for s in still:
            if s in row or distance(s, front) >= d + CRADLE_GAP:
                continue
            n = unit(s, front)
            cos = n[0] * way[0] + n[1] * way[1]
            if cos < 0.8:
                continue
            # ``m``'s own way is read, not a line of centres: it went along ``n``
            slide = pass_on * (need if len(row) == 1 else need / cos ** 2)
            out.append(_Family(s, n, slide, y0, d, s, m))
            out.extend(_Family(s, turned, slide / c ** 2, y0, d, s, m)
                       for turned, c in _bent(n))
            if len(row) < CRADLE_LENGTH:
                back(row + [s], n, slide)

    back([m.before], unit(m.before, m.after), distance(m.before, m.after))
    return out


def _bent(n: tuple[float, float]) -> list[tuple[tuple[float, float], float]]:
    """The hits on a cradle's first coin turned off the row's line by ``HEAD_BENDS``
    degrees either way, each with the cos of its turn: the shot coin need not meet the row
    along its line (the coin passes on only the share of its speed along the row, so it
    needs ``1/cos**2`` of the slide), and where a coin lies beside the row's line below
    it, the straight hit is blocked while a bent one is clear (issue 31, fourteenth round:
    seed 12's 699 and 949)."""
    out = []
    for degrees in HEAD_BENDS:
        for sign in (1, -1):
            a = math.radians(sign * degrees)
            c, s = math.cos(a), math.sin(a)
            out.append(((n[0] * c - n[1] * s, n[0] * s + n[1] * c), c))
    return out


def _proposals(board: ShoveBoard, before, after, check: Check) -> list[tuple]:
    """(family, start point, clear start points) for each proposed first hit: the start
    point from where the shot coin came to rest after it (it kept its speed across the
    line of centres and ``(1-e)/2`` of that along it), moved to the nearest from which
    the way to the hit is clear; the likeliest proposals first (``_likeliest``)."""
    d, y0 = board.coin_diameter, start_y(board)
    after = [tuple(map(float, p)) for p in after]
    moved_idx = [i for i, p in enumerate(before) if _near(p, [m.before for m in check.moved])]
    fresh_idx = [j for j, p in enumerate(after) if any(p == m.after for m in check.moved)
                 or p == check.shot]
    out: list[tuple[_Family, float]] = []
    seen: set = set()
    clears: dict[tuple, list[float]] = {}
    for shot_i, pairing in assignments(before, after, moved_idx, fresh_idx, 1)[:24]:
        rest = after[shot_i]
        moved = [Moved(before[m], after[a]) for m, a in zip(moved_idx, pairing)]
        still = [before[i] for i in range(len(before)) if i not in moved_idx]
        for m in sorted(moved, key=lambda m: m.before[1]):
            for family in _families(m, moved, d, y0) + _cradles(m, still, d, y0):
                if family.contact[1] <= y0:
                    continue
                # the clear start points depend on the hit coin and the contact only
                geometry = (family.at, family.n)
                if geometry not in clears:
                    clears[geometry] = family.clear(board, [p for p in before if p != family.at])
                clear = clears[geometry]
                if not clear:
                    continue
                for guess in _starts(family, rest, moved):
                    x0 = _nearest(clear, guess)
                    for grow in _grows(family, x0, rest, moved):
                        if (family, x0, grow) not in seen:
                            seen.add((family, x0, grow))
                            out.append((family, x0, clear, grow))
    return _likeliest(out)


def _nearest(xs: list[float], x: float) -> float:
    """The value of ``xs`` (ascending) nearest ``x``, the first of a tie: a bisection,
    not a scan (it ran some 5000 times a check, on every proposal's guesses)."""
    i = bisect_left(xs, x)
    if i == 0 or (i < len(xs) and xs[i] - x < x - xs[i - 1]):
        return xs[min(i, len(xs) - 1)]
    return xs[i - 1]


def _likeliest(proposals: list[tuple]) -> list[tuple]:
    """The proposals, those of the coin nearest the front edge first: the shot coin
    meets it first on most ways up the board. Taken in turns, ``TURN`` of that coin's
    (in the order of the assignments), then as many of the next coin's, and so on
    round, so that every coin's likeliest are tried early."""
    ats = sorted({p[0].at for p in proposals}, key=lambda a: (a[1], a[0]))
    count: dict = {}
    keyed = []
    for n, p in enumerate(proposals):
        k = count.get(p[0].at, 0)
        count[p[0].at] = k + 1
        keyed.append(((k // TURN, ats.index(p[0].at), n), p))
    return [p for _, p in sorted(keyed, key=lambda kp: kp[0])]


def _starts(family: _Family, rest, moved: list[Moved]) -> list[float]:
    """Where on the front edge the family's shot may have set off: as its coin's rest
    tells (``_start``), or, if it went on to knock another coin ``k`` first, as the way
    to that hit tells (the coin left the first hit along the way to its contact with
    ``k``: its speed across the line of centres, and ``(1-e)/2`` of that along it)."""
    first = _start(family, rest)
    out = [family.contact[0] if first is None else first]
    contact, n = family.contact, family.n
    t = (-n[1], n[0])
    for k in moved:
        if k.before == family.at or distance(k.before, k.after) < 1.0:
            continue
        w = unit(contact, contact_point(k, family.d))
        along, across = w[0] * n[0] + w[1] * n[1], w[0] * t[0] + w[1] * t[1]
        if along <= 0.05:
            continue   # not ahead of the hit: the shot coin cannot have gone there
        ratio = (1 - RESTITUTION) / 2 * across / along   # across over along, coming in
        vx, vy = n[0] + ratio * t[0], n[1] + ratio * t[1]
        if vy <= 1e-3:
            continue
        x0 = contact[0] - vx / vy * (contact[1] - family.y0)
        if all(abs(x0 - x) >= 2 * GRID for x in out):
            out.append(x0)
    return out


def _grows(family: _Family, x0: float, rest, moved: list[Moved]) -> list[float]:
    """How hard to try the family's shot from ``x0`` (its reach past the contact, times
    the family's own): as the first hit asks (1), and as the energy the board shows
    asks. The first hit tells too little of a hard shot (the shot coin goes on and
    knocks more coins, a hit coin knocks on others and stops short), but friction took
    all the energy of the shot: its reach is at least the ways of all the coins that
    moved, the shot coin's to its first hit and on to its rest, and collisions
    (restitution ``e``) take ``ENERGY_LOSS`` more. Chains (two or more coins moved) try
    the energy's reach first."""
    contact = family.contact
    to_contact = math.hypot(contact[0] - x0, contact[1] - family.y0)
    energy = ENERGY_LOSS * (to_contact + distance(contact, rest)
                            + sum(distance(m.before, m.after) for m in moved))
    past = family.shot(x0).speed - to_contact   # the reach past the contact at grow 1
    if past <= 0 or energy < 1.2 * (to_contact + past):
        return [1.0]
    grow = (energy - to_contact) / past
    return [grow, 1.0] if len(moved) >= 2 else [1.0, grow]


def _near(p, points) -> bool:
    """``p`` (pulled apart from an overlap, up to 1.4 mm) is one of ``points`` as read."""
    return any(distance(p, q) < 3.0 for q in points)


def _start(family: _Family, rest) -> float | None:
    """Where on the front edge the shot coin set off to make the family's hit and then
    rest at ``rest``: it kept its speed across the line of centres (the hit on the
    shot coin is along that line), so its rest tells that speed."""
    contact, n = family.contact, family.n
    t = (-n[1], n[0])
    vn = 2 / (1 + RESTITUTION) * math.sqrt(family.slide)
    rel = (rest[0] - contact[0], rest[1] - contact[1])
    length = math.hypot(*rel)
    vt = (rel[0] * t[0] + rel[1] * t[1]) / math.sqrt(length) if length > 1e-6 else 0.0
    vx, vy = vn * n[0] + vt * t[0], vn * n[1] + vt * t[1]
    if vy <= 1e-3:
        return None
    return contact[0] - vx / vy * (contact[1] - family.y0)


def _shoot(trial: _Trial, family: _Family, x0: float, da: float, grow: float,
           aiming: int = AIMING) -> tuple[float, float, float]:
    """Simulate the family's shot from ``x0`` (turned by ``da`` degrees, its reach past
    the contact times ``grow``), then correct aim and reach (at most ``aiming`` times,
    ``_correction``) until the hit coin goes where it is seen. Returns the best score
    with its ``da`` and ``grow``."""
    best = (trial.run(family.shot(x0, da, grow)), da, grow)
    for _ in range(aiming):
        if trial.best.explains:
            break
        correction = _correction(trial, family, x0, da, grow)
        if correction is None:
            break
        step, factor = correction
        if abs(step) < 0.05 and abs(factor - 1) < 0.02:
            break
        da, grow = da + step, grow * factor
        best = min(best, (trial.run(family.shot(x0, da, grow)), da, grow))
    return best


def _correction(trial: _Trial, family: _Family, x0: float, da: float,
                grow: float) -> tuple[float, float] | None:
    """The Newton step on aim (degrees) and reach (a factor) after the last shot, or
    None if there is nothing to steer by. The model's cut shots pass on less speed than
    ideal equal discs (rim friction, spin): the hit coin leaves along the line of
    centres, which turns by ``D/(d*cos) - 1`` times the aim (``D`` from the front edge
    to the coin, ``cos`` of the cut), and its slide grows with ``cos**2`` and with the
    reach beyond the contact. A cradle's first coin hardly moves and the rows' lines of
    centres fix where its last coin goes: only the reach is steered, by that coin."""
    if family.end is not None:
        k = trial.before.index(family.end.before)
        if len(trial.rested) <= k:
            return None
        sim = distance(family.end.before, trial.rested[k])
        seen = distance(family.end.before, family.end.after)
        return (0.0, max(0.5, min(2.0, seen / sim))) if sim >= 1.0 else (0.0, 2.0)
    k = trial.before.index(family.at)
    if len(trial.rested) <= k:
        return None
    launch = (x0, family.y0)
    seen, sim = _polar(family.at, family.to), _polar(family.at, trial.rested[k])
    angle = family.shot(x0, da, grow).angle
    cos = _cut(launch, angle, family.at, family.d)
    if sim[0] < 1.0 or seen[0] < 1.0 or cos is None:
        return None  # missed it (or it hardly moved): nothing to steer by
    gain = distance(launch, family.at) / (family.d * max(cos, 0.2)) - 1
    turn = math.remainder(seen[1] - sim[1], 2 * math.pi)
    step = max(-4.0, min(4.0, math.degrees(turn / max(gain, 1.0))))
    new_cos = _cut(launch, angle + step, family.at, family.d) or cos
    return step, max(0.5, min(2.0, seen[0] / sim[0] * (cos / max(new_cos, 0.2)) ** 2))


def _polar(p, q) -> tuple[float, float]:
    """Distance and direction (radians, counter-clockwise from +x) from ``p`` to ``q``."""
    return distance(p, q), math.atan2(q[1] - p[1], q[0] - p[0])


def _cut(launch, angle: float, at, d: float) -> float | None:
    """cos of the cut with which a coin shot from ``launch`` at ``angle`` (degrees
    clockwise from straight up) hits a coin at ``at``; None if it passes by."""
    a = math.radians(angle)
    b = (at[0] - launch[0]) * math.cos(a) - (at[1] - launch[1]) * math.sin(a)
    return math.sqrt(1 - (b / d) ** 2) if abs(b) < d else None


def _along(trial: _Trial, family: _Family, clear: list[float], x0: float, da: float,
           grow: float, score: float) -> float:
    """Search the family's clear start points around ``x0`` (with the aim's correction
    found there): steps that double while they improve, then halve. Returns the best."""
    low, high = min(clear, default=x0), max(clear, default=x0)
    step = 8.0
    while not trial.best.explains and step >= 1.0 and trial.runs < trial.budget - REFINE // 2:
        for x in (x0 + step, x0 - step):
            if low <= x <= high:
                e = trial.run(family.shot(x, da, grow))
                if e < score:
                    x0, score = x, e
                    step *= 2
                    break
        else:
            step /= 2
    return x0


# -- simulate and compare ------------------------------------------------------------------

def _pushed_away(p, seen, a, b, sensor: float) -> bool:
    """Whether a coin that lay at ``p`` and is seen at ``seen`` may have been grazed by a
    coin going from ``a`` to ``b``: a graze pushes along the line of centres, away from
    the way and a little forward, never towards it or back along it (so its move points
    within 60 degrees of straight away from the way, give or take the sensors)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n2 = dx * dx + dy * dy
    t = 0.0 if n2 == 0 else min(1.0, max(0.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n2))
    away = unit((a[0] + t * dx, a[1] + t * dy), p)
    mx, my = seen[0] - p[0], seen[1] - p[1]
    return mx * away[0] + my * away[1] >= 0.5 * math.hypot(mx, my) - sensor


def _between(before, after, still: float) -> list:
    """The coins of ``before`` seen again within ``still`` of where they lay put at the
    mean of their two readings: the best guess of where such a coin lay (each reading is
    off by up to the sensors' error, the mean of two independent errors by about 0.7 of
    one). A shot that passed it by a hair touches it in the model where its reading lies
    a hair nearer, and misses it where it lies a hair further: the shot then goes on
    another way (issue 31, thirteenth round: seed 12's 682 and 898)."""
    out = []
    for p in before:
        q = min(after, key=lambda a: distance(p, a), default=None)
        out.append(p if q is None or distance(p, q) > still
                   else ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
    return out


def _on_the_edge(points, board: ShoveBoard, tolerance: float) -> list:
    """The readings with every coin read up to ``tolerance`` off the side or far edge put
    on that edge (``EDGE_HOLD`` inside it). A coin whose centre leaves the surface drops
    into the gutter a radius deep or more (``physics``), so a coin read just off the edge
    lies on it, its rim over the gutter; in the gutter the model took it out of play, and
    a shot that knocked it off (its centre a hair on) was never explained (issue 31,
    thirteenth round)."""
    def held(x: float, y: float) -> tuple[float, float]:
        if not (-tolerance <= x <= board.width + tolerance and y <= board.length + tolerance):
            return x, y   # in the gutter
        return _inside((x, y), board)
    return [held(x, y) for x, y in points]


def _held_apart(points, board: ShoveBoard, tolerance: float, rounds: int = 8) -> list:
    """The readings with coins read just off an edge held on it (``_on_the_edge``) and
    overlapping readings pulled apart (``apart``), both at once: pulling a held coin off a
    neighbour it overlaps pushes it back over the edge, so each round holds it again and
    its neighbour takes the rest of the push (halved each round; what is left after the
    last is under a hundredth of a mm, the coin held on the edge)."""
    held = _on_the_edge(points, board, tolerance)
    on = [_on_the_surface(p, board) for p in held]   # (the rest in the gutter, left there)
    for _ in range(rounds):
        pulled = apart(held, board.coin_diameter)
        held = [_inside(q, board) if keep else q for q, keep in zip(pulled, on)]
    return held


def _on_the_surface(p, board: ShoveBoard) -> bool:
    """Whether ``p`` lies on the playing surface (not over the side or far gutter)."""
    return 0 <= p[0] <= board.width and p[1] <= board.length


def _inside(p, board: ShoveBoard) -> tuple[float, float]:
    """``p`` put ``EDGE_HOLD`` inside the side and far edges where it lies beyond them."""
    return (min(max(p[0], EDGE_HOLD), board.width - EDGE_HOLD), min(p[1], board.length - EDGE_HOLD))


class _Trial:
    """The simulations of one check, and the best fit so far. A ``Shot`` here carries
    its reach (mm of a lone coin's slide) in place of a speed."""

    def __init__(self, board: ShoveBoard, before, after, tolerance: float, budget: int):
        self.board, self.budget, self.runs = board, budget, 0
        self.table = ShoveTable(board)
        self.rehearsal = None
        self.rested: list = []   # where the last shot left each coin (``before``'s order)
        self._seen: dict = {}
        # both readings are off by up to ``tolerance`` on each axis; the hit's direction
        # follows the contact, which the error of two coins blurs
        self.sensor = 2 * math.sqrt(2) * tolerance + 0.2
        self.still = STILL + 2 * (tolerance - SENSOR_ERROR)
        # one order for every listing of the same board (the simulation's too: the
        # solver takes the coins in order); a coin seen still where it lay between its
        # two readings, a coin read just off the edge on it, and readings that overlap
        # pulled apart
        self.after = canonical(after)
        lay = _between(canonical(before), self.after, self.still)
        self.before = _held_apart(lay, board, tolerance)
        # how far a knocked coin's way may turn (radians): the line of centres of its hit
        # read with the sensor term over a diameter (0.12 at ±1 mm)
        self.turn = self.sensor / board.coin_diameter
        self.best = Fit(None, math.inf)
        self.fixed: tuple = ()   # (coin, seen coin) pairs held to; the rest by nearness

    def run(self, shot: Shot) -> float:
        """Simulate ``shot`` (reach in place of speed); its score, or inf past the budget."""
        key = (shot.x, shot.angle, shot.speed, self.fixed)
        if key in self._seen:  # the same shot again (a search that comes back): no cost
            self.rested = self._seen[key][1]
            return self._seen[key][0]
        if self.runs >= self.budget:
            return math.inf
        self.runs += 1
        board, table = self.board, self.table
        x = min(max(shot.x, board.coin_radius), board.width - board.coin_radius)
        try:
            if self.rehearsal is None:
                table.clear()
                for p in self.before:
                    table.place(*p)
                self.rehearsal = table.rehearse()
            rested = self.rehearsal.settle(
                Shot(x, shot.angle, speed_to_reach(table, max(shot.speed, 0.0))))
        except ValueError:
            return MISSING
        self.rested = [(c.x, c.y) for c in rested]
        error, score, off = self._compare(self.rested, (x, start_y(board)),
                                          self.rehearsal.hits)
        self._seen[key] = score, self.rested
        if error < self.best.error:
            self.best = Fit(Shot(x, shot.angle, shot.speed), error, off)
        return score

    def _allowance(self, shot: bool, hit, start, rest, seen) -> float:
        """How far from ``rest`` (simulated) the coin that lay at ``start`` may be seen
        (it is seen at ``seen``): the sensor term; for a coin that moved, the blur of the
        hits' geometry, which grows with the simulated slide up to ``KNOCK`` mm (a coin
        the model barely touched cannot have been sent far by a slightly other hit: a
        shot that sends it far is another shot, which the search tries), and
        ``SLIDE_SHARE`` of its slide, simulated or seen if longer (friction, bounce);
        for the shot coin ``SHOT_SHARE`` of its way to its first hit (its reach is
        fitted) and past it the blur and ``SHOT_PAST`` of its slide there: the shot
        coin's own friction is the reach the search fits (a lone coin's way depends on
        its reach alone), so what the model may be off past the hit is the bounce
        (restitution ±10 %: about 9 % of that slide) and the coin it hit, not a knocked
        coin's unknown friction too. With a knocked coin's 36 % the shot coin past a
        hit was allowed 50-100 mm, and a shot that ended far from where the shot coin
        lies, its coin matched to the one a hand moved, explained the hand's move
        (issue 31: a third of the far hand moves let through on the tuning seeds)."""
        slide = distance(start, rest)
        if hit is None or (shot and not hit.touches):
            if shot:
                return self.sensor + min(KNOCK, BLUR_GROWTH * slide) + SHOT_SHARE * slide
            if slide <= self.still:
                return self.sensor
        elif shot:
            past = distance(hit.touched, rest)
            return (self.sensor + SHOT_SHARE * distance(start, hit.touched)
                    + min(KNOCK, BLUR_GROWTH * past) + SHOT_PAST * past)
        return (self.sensor + min(KNOCK, BLUR_GROWTH * slide)
                + SLIDE_SHARE * max(slide, distance(start, seen)))

    def _along(self, start, rest, seen, slide: float, allowance: float) -> float:
        """The error of a coin the shot hit once (it then slid straight, touching nothing):
        its friction and bounce move its rest along its way (``allowance``), not across
        it, where only the hit's geometry is blurred."""
        ux, uy = (rest[0] - start[0]) / slide, (rest[1] - start[1]) / slide
        ox, oy = seen[0] - rest[0], seen[1] - rest[1]
        across = self.sensor + min(KNOCK, BLUR_GROWTH * slide) + self.turn * slide
        return math.hypot((ox * ux + oy * uy) / allowance, (oy * ux - ox * uy) / across)

    def _compare(self, rested, launch, hits=None) -> tuple[float, float, tuple[Moved, ...]]:
        """The worst coin's error (distance over allowance: the verdict), the root of
        the summed squares of every coin's (smoother, the search steers by it), and the
        coins off (the shot coin is never one: it did not lie on the board)."""
        board, shot_i = self.board, len(self.before)
        sim = [(i, start, p) for i, (start, p) in enumerate(zip([*self.before, launch], rested))
               if not board.short(*p)]
        hypot = math.hypot   # ``distance`` written out: every coin to every seen coin, every shot
        pairs = sorted((hypot(p[0] - a[0], p[1] - a[1]), i, j) for i, (_, _, p) in enumerate(sim)
                       for j, a in enumerate(self.after))
        if self.fixed:   # which coin went where is held to (the traced look's assignment)
            held = dict(self.fixed)
            pairs = [(distance(p, self.after[held[k]]), i, held[k])
                     for i, (k, _, p) in enumerate(sim) if k in held] + pairs
            if sum(k in held for k, _, _ in sim) < len(held):
                return MISSING, MISSING, ()
        d = board.coin_diameter
        # the simulated coins' ways, straight from where each lay to where it rests
        paths = [(start, p) for _, start, p in sim if distance(start, p) > self.still]
        taken_i, taken_j, worst, squares, off = set(), set(), 0.0, 0.0, []
        matches = min(len(sim), len(self.after))
        for dist, i, j in pairs:
            if len(taken_i) == matches:
                break   # every coin matched: the rest of the pairs would all be skipped
            if i in taken_i or j in taken_j:
                continue
            taken_i.add(i)
            taken_j.add(j)
            k, start, p = sim[i]
            slide = distance(start, p)
            hit = hits.get(k) if hits else None
            allowance = self._allowance(k == shot_i, hit, start, p, self.after[j])
            if slide <= self.still and dist > allowance and any(
                    segment_distance(start, a, b) < d + GRAZE
                    and _pushed_away(start, self.after[j], a, b, self.sensor)
                    for a, b in paths if a != start):
                allowance += GRAZED   # beside a coin's way (as simulated): grazed a little
            error = dist / allowance
            if k != shot_i and hit is not None and hit.touches <= 1 and slide > self.still:
                error = self._along(start, p, self.after[j], slide, allowance)
            worst = max(worst, error)
            squares += min(error, FAR_OFF) ** 2
            if error > 1.0 and k != shot_i:
                off.append((error, Moved(start, self.after[j])))
        if len(sim) != len(self.after):
            worst, squares = max(worst, MISSING), squares + MISSING ** 2
        return worst, math.sqrt(squares), tuple(m for _, m in sorted(off, key=lambda o: -o[0]))


def _refine(trial: _Trial, family: _Family, x0: float, da: float, grow: float,
            steps=(6.0, 0.6, 0.12)) -> None:
    """Nelder-Mead from the best shot found, over the family's start point, aim and
    reach past the contact (not over raw start point and angle: a start point moved
    with its angle kept misses the coin, one moved within the family still hits it),
    until the budget is spent or a shot explains the board."""
    shot = lambda p: family.shot(p[0], p[1], max(p[2], 0.05))  # noqa: E731
    simplex = [(x0, da, grow)]
    steps = (steps[0], steps[1], steps[2] * grow)
    simplex += [tuple(v + (steps[k] if k == i else 0.0) for k, v in enumerate(simplex[0]))
                for i in range(3)]
    scores = [trial.run(shot(p)) for p in simplex]  # the first from the cache, as a rule
    while trial.runs < trial.budget and not trial.best.explains:
        order = sorted(range(4), key=lambda i: scores[i])
        simplex, scores = [simplex[i] for i in order], [scores[i] for i in order]
        centre = [sum(p[k] for p in simplex[:3]) / 3 for k in range(3)]
        worst = simplex[3]
        point = lambda f: tuple(c + f * (c - w) for c, w in zip(centre, worst))  # noqa: E731
        reflected = point(1.0)
        r = trial.run(shot(reflected))
        if r < scores[0]:
            expanded = point(2.0)
            e = trial.run(shot(expanded))
            simplex[3], scores[3] = (expanded, e) if e < r else (reflected, r)
        elif r < scores[2]:
            simplex[3], scores[3] = reflected, r
        else:
            contracted = point(-0.5)
            c = trial.run(shot(contracted))
            if c < scores[3]:
                simplex[3], scores[3] = contracted, c
            else:  # shrink towards the best
                for i in (1, 2, 3):
                    simplex[i] = tuple((a + b) / 2 for a, b in zip(simplex[0], simplex[i]))
                    scores[i] = trial.run(shot(simplex[i]))
