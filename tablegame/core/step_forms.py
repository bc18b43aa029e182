"""The forms of a headless script's steps, checked before anything runs (docs/headless.md):
the checks every family's script module builds its own steps with. Each check returns None
for a good value, else the problem in words. Pure: the table's own steps (presses, faults,
unplugs) are in table_app.headless_steps."""
from __future__ import annotations

import math
from typing import Any, Callable

# kind -> (the other keys the step may have, its check)
Steps = dict[str, tuple[tuple[str, ...], Callable[[dict], "str | None"]]]

RESYNC_TIMEOUT = 10.0  # s a script's first step waits for the board's first readings
SETTLE_TIMEOUT = 10.0  # s: a step that the table has not taken in this time is an error


def number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def names(keys) -> str:
    return ", ".join(f'"{k}"' for k in keys)


def fields(value: Any, what: str, allowed: tuple[str, ...],
           needed: tuple[str, ...] = ()) -> str | None:
    """``value`` is an object with no key beyond ``allowed`` and every key in ``needed``."""
    if not isinstance(value, dict):
        return f"{what} is an object with {names(allowed)}, not {value!r}"
    unknown = [k for k in value if k not in allowed]
    if unknown:
        return f"unknown key {names(unknown)} in {what}; it may have {names(allowed)}"
    missing = [k for k in needed if k not in value]
    if missing:
        return f"{what} needs {names(missing)}"
    return None


def numbers(value: dict, what: str, check: Callable[[Any], bool] = number,
            kind: str = "a number") -> str | None:
    bad = [k for k, v in value.items() if not check(v)]
    return f'{what}: "{bad[0]}" must be {kind}, not {value[bad[0]]!r}' if bad else None


def true(kind: str) -> Callable[[dict], str | None]:
    return lambda step: None if step[kind] is True else f'"{kind}" must be true, not {step[kind]!r}'


def await_resync(session, i: int, ScriptError, kind: type) -> None:
    """The link asks the board for its readings once it is up; the board as it lay
    then (the dice, the Carrom pieces) is where the game starts from, so the first step
    waits for that answer (else it could overtake it and be taken for a throw or a
    stroke)."""
    if not session.process_until(lambda: session.status.latest(kind) is not None, RESYNC_TIMEOUT):
        raise ScriptError(f"step {i}: the board never reported its {kind.__name__}")
