"""The replay of the last shove: every coin's path in the shot the physics check found,
computed beside the writer with the check (issue 31, "And show the reasons").

The check (moved.py, search.py) finds the shot that best turns the last settled board
into this one; here that shot is simulated once more from the very board the search
started from, keeping every coin's centre every ``INTERVAL`` s, so the replay ends
exactly where the fit says the coins lie. Where the check decided without a search (a
lone coin slid, a chain the geometric pass explains), the replay finds the shot itself:
it is beside the writer too, and nobody waits for it. The table's screen, the staff page
and the headless runner draw the one ``ShoveReplay`` this gives (view.py)."""
from __future__ import annotations

import math
from dataclasses import replace

from tablegame.core.play import Verdict
from tablegame.families.shove import moved, search
from tablegame.families.shove.board import ShoveBoard
from tablegame.families.shove.physics import REST_CHECK, Shot, ShoveTable, speed_to_reach, start_y
from tablegame.families.shove.view import NamedCoin, ShoveReplay
from tablegame.physics.plausibility import Check, apart, canonical, distance, segment_distance

# s of the shot between two points of a path: the steps after which the simulation looks
# for rest (REST_CHECK), so the shot taken frame by frame stops at the very step the
# search's settle() stopped, and ends where it ended, bit for bit
INTERVAL = REST_CHECK
GRID = 4.0     # mm between the start points a lone coin's way is tried from


def verdict_after_shove(board: ShoveBoard, before, after) -> Verdict:
    """The check of a counted shove (``moved.verdict_after_shove``) with its replay: the
    reasons always come (a guest may ask for them), shown at once when a coin is named."""
    check, fit = moved.fit_shove(board, before, after)
    verdict = moved.reported(board, check, before, after, shove=True)
    return _with(verdict, of_shove(board, before, after, check, fit))


def verdict_between_shoves(board: ShoveBoard, before, after) -> Verdict | None:
    """No shove between the readings: a coin that moved is reported and shown, where it
    lay and where it lies (None: none moved, and the last shove's replay stays)."""
    check = moved.check_still(board, before, after)
    verdict = moved.reported(board, check, before, after, shove=False)
    return None if verdict is None else _with(verdict, of_still(board, before, after, check))


def reasons_after_shove(board: ShoveBoard, before, after, show: bool) -> Verdict:
    """``restore`` mode, where the check itself ran on the writer (nothing counts until
    the coin is back): only the replay, found again beside it; shown when ``show``."""
    check, fit = moved.fit_shove(board, before, after)
    return Verdict(reasons=of_shove(board, before, after, check, fit), show_reasons=show)


def _with(verdict: Verdict | None, replay: ShoveReplay | None) -> Verdict:
    if verdict is None:
        return Verdict(reasons=replay)
    return replace(verdict, reasons=replay, show_reasons=replay is not None)


def of_shove(board: ShoveBoard, before, after, check: Check,
             fit: search.Fit | None) -> ShoveReplay | None:
    """The shove between ``before`` and ``after`` as ``check`` and its ``fit`` explain it
    (None: the readings do not hold one more coin, so there is no shove to replay)."""
    if not check.counted or check.shot is None:
        return None
    start = apart(canonical(before), board.coin_diameter)   # where the search's shots set off
    after = canonical(after)
    told, fitted = check, after   # the check's verdict, and the board its shot explains
    if not check.plausible:
        # The best fit tried to explain the named coins too, which a hand moved: the shot
        # to show is the one that explains the board as it would lie had nobody touched
        # them, each back where it lay; where they would lie is where it leaves them.
        fitted = _untouched(after, check.unexplained)
        check, fit = moved.fit_shove(board, before, fitted)
        if not check.counted or check.shot is None:
            check, fit, fitted = told, None, after
    if fit is None and check.moved:   # the geometric pass decided: find the shot it saw
        fit = search.best_fit(board, canonical(before), fitted, check)
    shot = fit.shot if fit is not None and fit.shot is not None else _lone(board, start,
                                                                           check.shot)
    paths = _paths(board, start, shot)
    if paths is None:   # nothing to simulate: the board as it was, the coin where it lies
        paths = tuple((p,) for p in _mm_all(start)) + (_mm_all(((shot.x, start_y(board)),
                                                                 check.shot)),)
        shot = None
    return ShoveReplay(paths=paths, interval=INTERVAL, seen=_mm_all(after),
                       shot=None if shot is None else (shot.x, shot.angle, shot.speed),
                       named=_named(told, start, paths, after))


def of_still(board: ShoveBoard, before, after, check: Check) -> ShoveReplay:
    """Coins moved with no shove: nothing would have moved them, so each would lie where
    it lay; the replay shows the board as it was."""
    start = canonical(before)
    paths = tuple((p,) for p in _mm_all(start))
    return ShoveReplay(paths=paths, interval=INTERVAL, seen=_mm_all(canonical(after)),
                       named=_named(check, start, paths, canonical(after)))


def _untouched(after, coins) -> list:
    """``after`` with each of ``coins`` (moved by hand) back where it lay."""
    out = list(after)
    for coin in coins:
        i = min(range(len(out)), key=lambda j: distance(out[j], coin.after))
        out[i] = coin.before
    return canonical(out)


def _paths(board: ShoveBoard, start, shot: Shot) -> tuple | None:
    """Every coin's centre every ``INTERVAL`` s of ``shot`` (its speed given as a reach,
    as the search gives it), from ``start`` and the front edge; None if the simulation
    cannot take the board or the shot (the search found no shot either, then)."""
    table = ShoveTable(board)
    launch = Shot(shot.x, shot.angle, 0.0)
    try:
        for p in start:
            table.place(*p)
        launch = Shot(shot.x, shot.angle, speed_to_reach(table, max(shot.speed, 0.0)))
        frames = list(table.shoot(launch, INTERVAL))
    except (ValueError, RuntimeError):
        return None
    origins = [*start, (launch.x, start_y(board))]
    return tuple(_trimmed([origin, *((frame[i].x, frame[i].y) for frame in frames)])
                 for i, origin in enumerate(origins))


def _trimmed(points: list) -> tuple:
    """A path to a tenth of a millimetre (as the log keeps readings), without the points
    after the coin came to rest (a coin left still: one point)."""
    out = [_mm_point(p) for p in points]
    while len(out) > 1 and out[-1] == out[-2]:
        out.pop()
    return tuple(out)


def _lone(board: ShoveBoard, coins, rest) -> Shot:
    """A shove that moved no coin: the coin slid straight to ``rest`` (no spin), from the
    front edge straight below it if that way is clear of every coin, else from the
    nearest start point whose way is."""
    r, d, y0 = board.coin_radius, board.coin_diameter, start_y(board)
    straight = min(max(rest[0], r), board.width - r)
    starts = sorted((r + k * GRID for k in range(int((board.width - 2 * r) / GRID) + 1)),
                    key=lambda x: abs(x - straight))
    clear = next((x for x in [straight, *starts]
                  if all(segment_distance(p, (x, y0), rest) >= d for p in coins)), straight)
    return Shot(clear, math.degrees(math.atan2(rest[0] - clear, rest[1] - y0)),
                distance((clear, y0), rest))


def _named(check: Check, start, paths, after) -> NamedCoin | None:
    """The coin the check names first: its path (the coin that lay nearest where it
    lay), where it lies, where the replay leaves it, and its number counted from the
    front edge as the coins lie now."""
    if check.plausible:
        return None
    coin = check.unexplained[0]
    path = min(range(len(start)), key=lambda i: distance(start[i], coin.before))
    seen = min(after, key=lambda p: distance(p, coin.after))
    number = 1 + sorted(after, key=lambda p: (p[1], p[0])).index(seen)
    return NamedCoin(path=path, number=number, seen=_mm_point(seen), would=paths[path][-1])


def _mm(value: float) -> float:
    return round(float(value), 1)


def _mm_point(p) -> tuple[float, float]:
    return _mm(p[0]), _mm(p[1])


def _mm_all(points) -> tuple:
    return tuple(_mm_point(p) for p in points)
