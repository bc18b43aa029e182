"""Shove's steps in headless scripts (docs/headless.md): coins shoved, the board
cleared and a coin nudged by hand on the simulated board.

    {"shot": {"x": 178, "angle": 0, "speed": 1200}}     or "reach": mm instead of speed
    {"clear": true}                                     the player clears the board
    {"nudge": {"x": 276, "y": 308, "dx": -38, "dy": 0}} a hand moves the nearest coin"""
from __future__ import annotations

import threading
from typing import Any

from tablegame.core.step_forms import SETTLE_TIMEOUT, Steps, fields, numbers, true


def _shot_form(step: dict) -> str | None:
    spec = step["shot"]
    problem = fields(spec, "the shot", ("x", "angle", "speed", "reach"))
    if problem:
        return problem
    if ("speed" in spec) == ("reach" in spec):
        return 'a shot has either "speed" (mm/s) or "reach" (mm)'
    problem = numbers(spec, "the shot")
    if problem:
        return problem
    if spec.get("speed", 0) < 0 or spec.get("reach", 1) <= 0:
        return "a shot's speed must not be negative, nor its reach zero or less"
    return None


def _nudge_form(step: dict) -> str | None:
    spec = step["nudge"]
    return (fields(spec, "the nudge", ("x", "y", "dx", "dy"), ("x", "y"))
            or numbers(spec, "the nudge"))


# The form of each step, checked before anything runs (tablegame.core.step_forms)
STEPS: Steps = {"shot": ((), _shot_form), "clear": ((), true("clear")), "nudge": ((), _nudge_form)}


def check(step: dict, config, play) -> str | None:
    """What only the table can tell: a shot starts with the coin wholly on the front edge."""
    board = getattr(play, "board", None)
    x = step.get("shot", {}).get("x") if "shot" in step else None
    if x is None or not hasattr(board, "coin_radius"):   # another game's play: said later
        return None
    edge = (board.coin_radius, board.width - board.coin_radius)
    if not edge[0] <= x <= edge[1]:
        return (f"a shot starts with the coin wholly on the front edge: x from {edge[0]:g} to "
                f"{edge[1]:g} mm, not {x:g}")
    return None


def world(session, config):
    """The simulated board with its coins, as the session's game lays it out."""
    from tablegame.families.shove.simulation import SimulatedTable
    return SimulatedTable(session.play.board, config["simulation.friction"])


def step(step: dict, i: int, session, board, world, config, ScriptError) -> None:
    if "shot" in step:
        shot = _shot(step["shot"], world, config, i, ScriptError)
        if session.status.state.on_board == 0:
            board.clear()  # the player clears the board before a new round
        board.shoot(shot)
    elif "clear" in step:
        board.clear()
    else:
        _nudge(step["nudge"], i, board, world, ScriptError)


def _shot(spec: Any, world, config, i: int, ScriptError):
    """``{"x": 178, "angle": 0, "speed": 1200}`` or with ``"reach": mm`` instead of speed."""
    from tablegame.families.shove.physics import Shot, ShoveTable, speed_to_reach
    try:
        if "reach" in spec:
            table = ShoveTable(world.board, friction=config["simulation.friction"])
            speed = speed_to_reach(table, float(spec["reach"]))
        else:
            speed = float(spec["speed"])
        return Shot(x=float(spec.get("x", world.board.width / 2)),
                    angle=float(spec.get("angle", 0.0)), speed=speed)
    except (TypeError, KeyError, ValueError, AttributeError) as error:
        raise ScriptError(f"step {i}: a shot needs x, angle and speed or reach in mm: "
                          f"{spec!r} ({error})") from None


def _nudge(spec: Any, i: int, board, world, ScriptError) -> None:
    """``{"x": 276, "y": 308, "dx": -38, "dy": 0}``: a hand moves the coin nearest (x, y)
    by (dx, dy) mm, as a cheat would (the referee's physics check should say so)."""
    try:
        x, y, dx, dy = (float(spec.get(k, 0.0)) for k in ("x", "y", "dx", "dy"))
    except (TypeError, ValueError, AttributeError) as error:
        raise ScriptError(f"step {i}: a nudge needs x, y, dx and dy in mm: {spec!r} ({error})") from None
    failed: list[str] = []
    done = threading.Event()

    def hand() -> None:
        try:
            world.nudge(x, y, dx, dy)
        except ValueError as error:
            failed.append(str(error))
            raise
        finally:
            done.set()

    board.by_hand(hand)
    # Only until the hand has moved the coin: the board's report of it is acknowledged
    # once the session (this thread) handles it, after the step; waiting for that here
    # waited the whole SETTLE_TIMEOUT on every nudge.
    done.wait(SETTLE_TIMEOUT)
    if failed:
        raise ScriptError(f"step {i}: cannot nudge: {failed[0]}")
