"""What each step of a headless script may hold (docs/headless.md), checked before
anything runs: a script with one bad step runs none, and says which step and what is
wrong with it. Each check returns None for a good step, else the problem in words."""
from __future__ import annotations

import math
import time
from typing import Any, Callable

from firmware_bridge.virtual_board import DEFAULT_PARAMS, Fault

BUTTONS = ("ok", "back", "menu")
UNPLUG_LONGEST = 60.0  # s: longer is surely a typo, and the run would seem to hang


def number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(keys) -> str:
    return ", ".join(f'"{k}"' for k in keys)


def fields(value: Any, what: str, allowed: tuple[str, ...],
           needed: tuple[str, ...] = ()) -> str | None:
    """``value`` is an object with no key beyond ``allowed`` and every key in ``needed``."""
    if not isinstance(value, dict):
        return f"{what} is an object with {_names(allowed)}, not {value!r}"
    unknown = [k for k in value if k not in allowed]
    if unknown:
        return f"unknown key {_names(unknown)} in {what}; it may have {_names(allowed)}"
    missing = [k for k in needed if k not in value]
    if missing:
        return f"{what} needs {_names(missing)}"
    return None


def numbers(value: dict, what: str, check: Callable[[Any], bool] = number,
            kind: str = "a number") -> str | None:
    bad = [k for k, v in value.items() if not check(v)]
    return f'{what}: "{bad[0]}" must be {kind}, not {value[bad[0]]!r}' if bad else None


def _press(step: dict) -> str | None:
    if step["press"] not in BUTTONS:
        return f'"press" is one of {_names(BUTTONS)}, not {step["press"]!r}'
    if not isinstance(step.get("long", False), bool):
        return f'"long" must be true or false, not {step["long"]!r}'
    return None


def true(kind: str) -> Callable[[dict], str | None]:
    return lambda step: None if step[kind] is True else f'"{kind}" must be true, not {step[kind]!r}'


def _fault(step: dict) -> str | None:
    names = [f.name.lower() for f in Fault]
    if step["fault"] not in names:
        return f'unknown fault {step["fault"]!r}; known: {", ".join(names)}'
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


Steps = dict[str, tuple[tuple[str, ...], Callable[[dict], str | None]]]

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
        may = f"; a {kind} step may also have {_names(extra)}" if extra else ""
        return f"unknown key {_names(unknown)}{may}"
    return check(step)


RESYNC_TIMEOUT = 10.0  # s


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
