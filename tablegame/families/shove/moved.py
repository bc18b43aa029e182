"""The Shove referee's physics check: did a coin move that nothing could have hit?

Compares two settled readings of the board's played coins (coins short of the first
line are taken back by the player, so they do not count) with
:mod:`tablegame.physics.plausibility`: after a counted shove, one shove from the front
edge must explain every coin that moved; between shoves (the end of a turn, before
the board is cleared) no coin may move at all. Pure: the same two readings give the
same note."""
from __future__ import annotations

import logging
from dataclasses import replace

from tablegame.families.shove.board import Lie, ShoveBoard
from tablegame.families.shove.rules import MovedUnhit
from tablegame.words.notes import Note
from tablegame.physics import plausibility
from tablegame.families.shove import search
from tablegame.physics.plausibility import Check, Moved
from tablegame.families.shove.physics import start_y
from tablegame.core.play import Verdict
# the module, not its function: referee.shove imports play.base, whose package imports
# the Shove play, which imports this module (importing referee.shove first failed)
from tablegame.families.shove import referee as shove_referee

log = logging.getLogger(__name__)

MODES = ("warn", "restore")

Coins = tuple[tuple[float, float], ...]

# The pub's setting (issue 21; docs/physics-check.md has the trade-off): a false alarm
# costs more trust than a missed nudge, and on hard shots that knock several coins on
# the model's chains are blurred (each coin's own friction and bounce compound at every
# hit). So a shove that moved two or more coins is refereed by the geometric pass alone
# when that explains it, and otherwise each coin of the best shot found must lie within
# this many times its allowance, by the number of coins that moved (1, 2, 3 or more).
# Chosen on seed 12 of the pub corpus. ``check_shove(strict=True)`` is every coin within
# its allowance, chains too: more nudges caught, about ten times the false alarms.
WITHIN = (1.0, 1.5, 1.5)
TRUST_GEOMETRY_FROM = 2


def played(board: ShoveBoard, coins) -> Coins:
    """The played coins of a reading (every coin not short of the first line)."""
    return tuple((c.x, c.y) for c in coins if board.place(c.x, c.y).lie is not Lie.SHORT)


def check_shove(board: ShoveBoard, before: Coins, after: Coins,
                tolerance: float = plausibility.SENSOR_ERROR,
                budget: int = search.MAX_SHOTS, strict: bool = False) -> Check:
    """One counted shove (one new played coin) between ``before`` and ``after``: the
    geometric pass, then for what it cannot explain a bounded search with the physics.
    The board may list its coins in any order: both readings are put in one order first.
    ``strict``: every coin within its allowance, chains too (the figures' other setting)."""
    return fit_shove(board, before, after, tolerance, budget, strict)[0]


def fit_shove(board: ShoveBoard, before: Coins, after: Coins,
              tolerance: float = plausibility.SENSOR_ERROR, budget: int = search.MAX_SHOTS,
              strict: bool = False) -> tuple[Check, search.Fit | None]:
    """``check_shove``, and the best fit its search found (None: the geometric pass
    decided alone): the replay of the shove is drawn from it (replay.py)."""
    before, after = plausibility.canonical(before), plausibility.canonical(after)
    check = plausibility.check(before, after, radius=board.coin_radius, launch_y=start_y(board),
                               width=board.width, new=1, tolerance=tolerance)
    if not check.counted or not check.moved:
        return check, None
    if check.plausible and len(check.moved) >= TRUST_GEOMETRY_FROM and not strict:
        return check, None   # a chain the geometric pass explains: the model's chains are too blurred
    fit = search.best_fit(board, before, after, check, tolerance, budget, limit(check, strict))
    if fit.explains:
        return replace(check, unexplained=()), fit
    return replace(check, unexplained=check.unexplained or fit.off or check.moved[:1]), fit


def limit(check: Check, strict: bool = False) -> float:
    """How many times its allowance each coin may be off (``WITHIN``)."""
    return 1.0 if strict else WITHIN[min(len(check.moved), len(WITHIN)) - 1]


def check_still(board: ShoveBoard, before: Coins, after: Coins) -> Check:
    """No shove between ``before`` and ``after``: no coin may have moved."""
    return plausibility.still(before, after, radius=board.coin_radius)


def reported(board: ShoveBoard, check: Check, before: Coins, after: Coins,
             shove: bool) -> Verdict | None:
    """The check as the event that reports it, a ``MovedUnhit`` (None: plausible). Pure
    and slow after a shove (a physics search): the session runs it beside the writer
    (replay.py adds the replay)."""
    note = note_for(board, check, "warn")
    if note is None:
        return None
    coins = tuple(_mm(m.before) for m in check.unexplained)
    action = MovedUnhit(coins, tuple(map(_mm, before)), tuple(map(_mm, after)), shove)
    return Verdict(action=action, warning=note)


def recheck(board: ShoveBoard, action: MovedUnhit) -> Check:
    """Judge a logged verdict again from the readings it carries (the same every time)."""
    return (check_shove if action.shove else check_still)(board, action.before, action.after)


def standing(board: ShoveBoard, coins) -> Note:
    """The warning that stands for coins seen moved unhit (the first one named)."""
    return where(board, Moved(tuple(coins[0]), tuple(coins[0])), "coin_moved_unhit")


def _mm(p) -> tuple[float, float]:
    """A reading as logged: to a tenth of a millimetre, well under the sensor error."""
    return round(float(p[0]), 1), round(float(p[1]), 1)


def note_for(board: ShoveBoard, check: Check, mode: str) -> Note | None:
    """What the table says about a check: nothing if it is plausible; else which coin
    moved (its bed, or where it lay), and in ``restore`` mode where to put it back."""
    if check.plausible:
        return None
    coin = check.unexplained[0]
    log.warning("coin moved without being hit: from (%.1f, %.1f) to (%.1f, %.1f) mm "
                "(%d unexplained, %d moved)", *coin.before, *coin.after,
                len(check.unexplained), len(check.moved))
    return where(board, coin, "coin_put_back" if mode == "restore" else "coin_moved_unhit")


def where(board: ShoveBoard, coin: Moved, key: str) -> Note:
    bed = shove_referee.bed_at(board, coin.before[1])
    x, y = (round(v) for v in coin.before)
    return Note.of(f"{key}_bed", bed=bed, x=x, y=y) if bed else Note.of(key, x=x, y=y)
