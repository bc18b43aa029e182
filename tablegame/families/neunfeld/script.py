"""Neunfeld's steps in headless scripts (docs/headless.md): the simulated dice and
squares, reported by the virtual board as the real sensors would.

    {"roll": [1, 5, 2]}                  the dice fall showing III 1, IV 5, V 2
    {"tip": {"die": 3, "top": 7}}        die III is tipped to 7
    {"move": {"from": 0, "to": 3}}       the piece on square 0 (beside square 1) goes to 3
    {"table": true}                      the guest carries out the table's announced move"""
from __future__ import annotations

from tablegame.core.step_forms import Steps, fields, numbers, true, whole


def _roll(step: dict) -> str | None:
    tops = step["roll"]
    if not (isinstance(tops, list) and len(tops) == 3 and all(whole(t) for t in tops)):
        return f'"roll" is the three tops [III, IV, V] as whole numbers, not {tops!r}'
    return None


def _tip(step: dict) -> str | None:
    spec = step["tip"]
    return (fields(spec, "the tip", ("die", "top"), ("die", "top"))
            or numbers(spec, "the tip", whole, "a whole number"))


def _move(step: dict) -> str | None:
    spec = step["move"]
    return (fields(spec, "the move", ("from", "to"), ("from", "to"))
            or numbers(spec, "the move", whole, "a whole number"))


STEPS: Steps = {"roll": ((), _roll), "tip": ((), _tip), "move": ((), _move),
                "table": ((), true("table"))}


def world(session, config):
    """The simulated dice and squares when the session plays Neunfeld, else None."""
    from tablegame.families.neunfeld.hands import NeunfeldWorld
    from tablegame.families.neunfeld.play import NeunfeldPlay
    if not isinstance(session.play, NeunfeldPlay):
        return None
    pos = session.status.state.position
    return NeunfeldWorld(pos.tops, pos.squares) if pos else NeunfeldWorld()


def step(step: dict, i: int, session, board, world, config, ScriptError) -> None:
    from tablegame.families.neunfeld.hands import NeunfeldWorld, carry_out
    if not isinstance(world, NeunfeldWorld):
        raise ScriptError(f"step {i}: {step!r} is a Neunfeld step, but the game is {session.status.setup.game}")
    try:
        if "roll" in step:
            tops = tuple(int(t) for t in step["roll"])
            if len(tops) != 3:
                raise ValueError("a roll shows three dice: [III, IV, V]")
            board.report(world.set_tops(tops))
        elif "tip" in step:
            die, top = int(step["tip"]["die"]), int(step["tip"]["top"])
            if die not in (3, 4, 5):
                raise ValueError("the dice are 3, 4 and 5 (III, IV, V)")
            board.report(world.tip(die - 3, top))
        elif "move" in step:
            board.report(world.move_from(int(step["move"]["from"]), int(step["move"]["to"])))
        else:
            state = session.status.state
            action = getattr(session.play, "table_move", lambda s: None)(state)
            if action is None:
                raise ValueError("it is not the table's turn")
            carry_out(world, board, state, action)
    except (TypeError, KeyError, ValueError) as error:
        raise ScriptError(f"step {i}: {step!r}: {error}") from None
