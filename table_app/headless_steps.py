"""The table's own steps of a headless script (presses, faults, unplugs) and the check of a
whole step (docs/headless.md): a script with one bad step runs none, and says which step
and what is wrong with it. The forms every family's steps are built with are
tablegame.core.step_forms."""
from __future__ import annotations

from typing import Any

from firmware_bridge.virtual_board import DEFAULT_PARAMS, Fault
from tablegame.core.step_forms import Steps, fields, names, number, numbers

BUTTONS = ("ok", "back", "menu")
UNPLUG_LONGEST = 60.0  # s: longer is surely a typo, and the run would seem to hang


def _press(step: dict) -> str | None:
    if step["press"] not in BUTTONS:
        return f'"press" is one of {names(BUTTONS)}, not {step["press"]!r}'
    if not isinstance(step.get("long", False), bool):
        return f'"long" must be true or false, not {step["long"]!r}'
    return None


def _fault(step: dict) -> str | None:
    faults = [f.name.lower() for f in Fault]
    if step["fault"] not in faults:
        return f'unknown fault {step["fault"]!r}; known: {", ".join(faults)}'
    allowed = tuple(DEFAULT_PARAMS[Fault[step["fault"].upper()]])
    params = step.get("params", {})
    return (fields(params, f'the {step["fault"]} fault\'s "params"', allowed)
            or numbers(params, '"params"', lambda v: v is None or (number(v) and v >= 0),
                       "a number of at least 0"))


def _unplug(step: dict) -> str | None:
    seconds = step["unplug"]
    if not number(seconds) or not 0 <= seconds <= UNPLUG_LONGEST:
        return f'"unplug" is the seconds until it is plugged in again, from 0 to ' \
               f'{UNPLUG_LONGEST:g}, not {seconds!r}'
    return None


# kind -> (the other keys the step may have, its check): the steps of every game; each
# family's script module adds its own (its STEPS)
STEPS: Steps = {
    "press": (("long",), _press),
    "fault": (("params",), _fault),
    "unplug": ((), _unplug),
}


def step_problem(step: Any, steps: Steps) -> str | None:
    """None for a step that can run, else what is wrong with it."""
    kinds = [k for k in steps if isinstance(step, dict) and k in step]
    if len(kinds) != 1:
        return f"must have exactly one of {', '.join(steps)}"
    kind = kinds[0]
    extra, check = steps[kind]
    unknown = [k for k in step if k != kind and k not in extra]
    if unknown:
        may = f"; a {kind} step may also have {names(extra)}" if extra else ""
        return f"unknown key {names(unknown)}{may}"
    return check(step)
