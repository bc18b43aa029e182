"""Carrom's use of the physics check: between two strokes no man may move (ICF 63/64,
touching a man). Two settled boards seen with no stroke between them are compared
with the same matching and tolerances as Shove's (:func:`tablegame.physics.
plausibility.still`: pieces carry no identity within their kind, a piece seen within
``STILL`` mm of where one of its kind lay has not moved); a man or the queen that moved
is named, and the foul the rules give for it is proposed in words, for the players to
confirm (OK) or dismiss (BACK): before the first stroke of the turn a technical foul
(63a), after it a foul during the turn (64a). Who touched it the table cannot see; the
foul menu also offers the technical foul of the party not on turn (63b).

The striker is left out: players pick it up and place it between strokes. Pure."""
from __future__ import annotations

from typing import Any

from tablegame.families.carrom.state import CarromState, FoulDuringTurn, TechnicalFoul
from tablegame.words.notes import Note
from tablegame.physics import plausibility
from tablegame.physics.plausibility import Check
from tablegame.core.sensors import PiecesSnapshot

MEN_KINDS = ("white", "black", "queen")


def men_moved(before: PiecesSnapshot, after: PiecesSnapshot, *, radius: float,
              tolerance: float = plausibility.SENSOR_ERROR) -> Check:
    """Which men (and the queen) moved between two settled boards with no stroke
    between them. ``counted`` is False when a kind's count differs (a man taken off or
    put back by hand is for the referee's counts, not for this check)."""
    moved, unexplained = [], []
    for kind in MEN_KINDS:
        was = [(p.x, p.y) for p in before.pieces if p.kind == kind]
        now = [(p.x, p.y) for p in after.pieces if p.kind == kind]
        check = plausibility.still(was, now, radius=radius, tolerance=tolerance)
        if not check.counted:
            return Check(counted=False)
        moved += check.moved
        unexplained += check.unexplained
    return Check(moved=tuple(moved), unexplained=tuple(unexplained))


def proposal(state: CarromState, check: Check) -> tuple[Note, Any] | None:
    """The foul a man moved between strokes calls for, in words, and its action; None
    when no man moved (or the check could not count)."""
    if not check.counted or check.plausible:
        return None
    x, y = (round(v) for v in check.unexplained[0].before)
    who = state.player(state.seat)
    if state.board.first_stroke:
        return (Note.of("cr_man_moved_technical", x=x, y=y, who=who), TechnicalFoul(True))
    return Note.of("cr_man_moved_during", x=x, y=y, who=who), FoulDuringTurn()
