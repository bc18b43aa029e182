"""Schocken's step in headless scripts (docs/headless.md): the dice reader reports
how the dice lie, through the virtual board, as the real reader would.

    {"dice": [6, 1, 3]}                                    three dice on the table
    {"dice": [6, 1, 3], "aside": [false, true, false]}     the 1 lies in the tray
    {"dice": [6, 3, 3], "flat": false}                     a Türmchen

Values and marks are given in the reader's die order. Only the form is checked here
(whole numbers, one mark per die), so a script can also send the impossible readings
the referee must refuse (a 7, two dice)."""
from __future__ import annotations

from tablegame.core.step_forms import Steps, await_resync, whole
from tablegame.core.sensors import DiceReading



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
    from tablegame.families.schocken.hands import DiceTray
    from tablegame.families.schocken.play import SchockenPlay
    if not isinstance(session.play, SchockenPlay):
        return None
    return DiceTray()


def step(step: dict, i: int, session, board, world, config, ScriptError) -> None:
    from tablegame.families.schocken.hands import DiceTray
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
