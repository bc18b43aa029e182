"""Schocken's step in headless scripts (docs/headless.md): the dice reader reports
how the dice lie, through the virtual board, as the real reader would.

    {"dice": [6, 1, 3]}                                    three dice on the table
    {"dice": [6, 1, 3], "aside": [false, true, false]}     the 1 lies in the tray
    {"dice": [6, 3, 3], "flat": false}                     a Türmchen

Values and marks are given in the reader's die order; nothing is checked here, so
a script can also send the impossible readings the referee must refuse."""
from __future__ import annotations

import time

from tablegame.sensors import DiceReading

STEPS = ("dice",)
RESYNC_TIMEOUT = 10.0  # s


def world(session, config):
    """The simulated dice tray when the session plays Schocken, else None."""
    from tablegame.desktop.schocken import DiceTray
    from tablegame.play.schocken import SchockenPlay
    if not isinstance(session.play, SchockenPlay):
        return None
    return DiceTray()


def step(step: dict, i: int, session, board, world, config, ScriptError) -> None:
    from tablegame.desktop.schocken import DiceTray
    if not isinstance(world, DiceTray):
        raise ScriptError(f"step {i}: {step!r} is a Schocken step, "
                          f"but the game is {session.status.setup.game}")
    _await_resync(session, i, ScriptError)
    try:
        values = [int(v) for v in step["dice"]]
        aside = [bool(a) for a in step.get("aside", [False] * len(values))]
        board.report(world.lay(values, aside, bool(step.get("flat", True))))
    except (TypeError, KeyError, ValueError) as error:
        raise ScriptError(f"step {i}: {step!r}: {error}") from None


def _await_resync(session, i: int, ScriptError) -> None:
    """The link asks the board for its readings once it is up; the dice as they lay
    then are where the game starts from, so the first step waits for that answer
    (else it could overtake it and be taken for the lie of the dice)."""
    deadline = time.monotonic() + RESYNC_TIMEOUT
    while session.status.latest(DiceReading) is None:
        if time.monotonic() > deadline:
            raise ScriptError(f"step {i}: the dice reader never reported the dice")
        session.process(timeout=0.01)
