"""Schocken's step in headless scripts (docs/headless.md): the dice reader reports
how the dice lie, through the virtual board, as the real reader would.

    {"dice": [6, 1, 3]}                                    three dice on the table
    {"dice": [6, 1, 3], "aside": [false, true, false]}     the 1 lies in the tray
    {"dice": [6, 3, 3], "flat": false}                     a Türmchen

Values and marks are given in the reader's die order. Only the form is checked here
(whole numbers, one mark per die), so a script can also send the impossible readings
the referee must refuse (a 7, two dice)."""
from __future__ import annotations

import time

from tablegame.script_steps import Steps, whole
from tablegame.sensors import DiceReading

RESYNC_TIMEOUT = 10.0  # s


def _dice(step: dict) -> str | None:
    values, aside = step["dice"], step.get("aside")
    if not isinstance(values, list) or not all(whole(v) for v in values):
        return f'"dice" is a list of the faces as whole numbers, e.g. [6, 1, 3], not {values!r}'
    if aside is not None and not (isinstance(aside, list) and len(aside) == len(values)
                                  and all(isinstance(a, bool) for a in aside)):
        return f'"aside" is a list of {len(values)} true or false, one per die, not {aside!r}'
    if not isinstance(step.get("flat", True), bool):
        return f'"flat" must be true or false, not {step["flat"]!r}'
    return None


STEPS: Steps = {"dice": (("aside", "flat"), _dice)}


def check(step: dict, config, play) -> str | None:
    """A dice step is what the dice reader reports: the table must read its dice."""
    if "dice" in step and config["schocken.dice"] != "reader":
        return ('a "dice" step is what the dice reader reports, but this table throws its own '
                'dice: give the script "settings": {"schocken.dice": "reader"}, or set '
                '[schocken] dice = "reader" in the configuration')
    return None


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
    await_resync(session, i, ScriptError, DiceReading)
    try:
        values = [int(v) for v in step["dice"]]
        aside = [bool(a) for a in step.get("aside", [False] * len(values))]
        board.report(world.lay(values, aside, bool(step.get("flat", True))))
    except (TypeError, KeyError, ValueError) as error:
        raise ScriptError(f"step {i}: {step!r}: {error}") from None


def await_resync(session, i: int, ScriptError, kind: type) -> None:
    """The link asks the board for its readings once it is up; the board as it lay
    then (the dice, the Carrom pieces) is where the game starts from, so the first step
    waits for that answer (else it could overtake it and be taken for a throw or a
    stroke)."""
    deadline = time.monotonic() + RESYNC_TIMEOUT
    while session.status.latest(kind) is None:
        if time.monotonic() > deadline:
            raise ScriptError(f"step {i}: the board never reported its {kind.__name__}")
        session.process(timeout=0.01)
