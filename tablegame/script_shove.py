"""Shove's steps in headless scripts (docs/headless.md): coins shoved, the board
cleared and a coin nudged by hand on the simulated board.

    {"shot": {"x": 178, "angle": 0, "speed": 1200}}     or "reach": mm instead of speed
    {"clear": true}                                     the player clears the board
    {"nudge": {"x": 276, "y": 308, "dx": -38, "dy": 0}} a hand moves the nearest coin"""
from __future__ import annotations

from typing import Any

STEPS = ("shot", "clear", "nudge")


def world(session, config):
    """The simulated board with its coins, as the session's game lays it out."""
    from tablegame.simulation import SimulatedTable
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
    from tablegame.physics.shove import Shot, ShoveTable, speed_to_reach
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

    def hand() -> None:
        try:
            world.nudge(x, y, dx, dy)
        except ValueError as error:
            failed.append(str(error))
            raise

    from tablegame.script import SETTLE_TIMEOUT
    board.by_hand(hand)
    board.wait_idle(SETTLE_TIMEOUT)
    if failed:
        raise ScriptError(f"step {i}: cannot nudge: {failed[0]}")
