"""Carrom's steps in headless scripts (docs/headless.md): strokes simulated with pymunk
and reported by the virtual board as a real pocket board would, the hand that puts
pieces back, the fouls entered on the rail buttons, and raw reports (to replay what a
faulty board sent).

    {"strike": {"along": 0, "angle": 0, "speed": 4000}}   the player on turn strikes
    {"place": true}                 put back what the ruling asks, or set up the next board
    {"foul": "technical"}           technical_other, during, improper, left_seat_0, left_seat_1
    {"report": {"pocketed": {"pocket": 2, "kind": "queen"}}}   also {"started": true}, {"off": kind}"""
from __future__ import annotations

import math

from tablegame.families.carrom.physics import Strike
from tablegame.core.step_forms import Steps, await_resync, fields, numbers, true
from tablegame.core.sensors import PieceOffBoard, PiecePocketed, PiecesSnapshot, StrokeStarted

FOULS = {"technical": ("cr_menu_technical", None), "technical_other": ("cr_menu_technical_other", None),
         "during": ("cr_menu_during", None), "improper": ("cr_menu_improper", None),
         "left_seat_0": ("cr_menu_left_seat", 0), "left_seat_1": ("cr_menu_left_seat", 1)}


def _strike(step: dict) -> str | None:
    spec = step["strike"]
    return (fields(spec, "the stroke", ("along", "angle", "speed"), ("speed",))
            or numbers(spec, "the stroke"))


def _foul(step: dict) -> str | None:
    return None if step["foul"] in FOULS else (
        f'"foul" is one of {", ".join(map(repr, FOULS))}, not {step["foul"]!r}')


def _report(step: dict) -> str | None:
    spec = step["report"]
    problem = fields(spec, "the report", ("started", "pocketed", "off"))
    if problem or len(spec) != 1:
        return problem or 'a report holds one of "started", "pocketed", "off"'
    if "pocketed" in spec:
        return fields(spec["pocketed"], "the pocketed report", ("pocket", "kind"), ("pocket", "kind"))
    return None


# The form of each step, checked before anything runs (tablegame.core.step_forms); what the table
# makes of a well-formed report (a second queen, a pocket with no stroke) is the referee's.
STEPS: Steps = {"strike": ((), _strike), "place": ((), true("place")),
                "foul": ((), _foul), "report": ((), _report)}


def world(session, config):
    """The simulated Carrom board when the session plays Carrom, else None."""
    from tablegame.families.carrom.play import CarromPlay
    from tablegame.families.carrom.simulation import CarromWorld
    if not isinstance(session.play, CarromPlay):
        return None
    return CarromWorld(session.play.board)


def step(step: dict, i: int, session, board, world, config, ScriptError) -> None:
    from tablegame.families.carrom.simulation import CarromWorld
    if not isinstance(world, CarromWorld):
        raise ScriptError(f"step {i}: {step!r} is a Carrom step, but the game is {session.status.setup.game}")
    await_resync(session, i, ScriptError, PiecesSnapshot)
    try:
        if "strike" in step:
            state = session.status.state
            board.shoot(strike_of(step["strike"], state.at_board(state.seat), world))
        elif "place" in step:
            place(session, board, world)
        elif "foul" in step:
            foul(step["foul"], session)
        else:
            board.report(report_of(step["report"]))
    except (TypeError, KeyError, ValueError, AttributeError) as error:
        raise ScriptError(f"step {i}: {step!r}: {error}") from None


def strike_of(spec: dict, seat: int, world) -> Strike:
    """The stroke from ``seat``'s base line; ValueError (in words) where the striker
    cannot be set."""
    strike = Strike(seat, float(spec.get("along", 0.0)), float(spec.get("angle", 0.0)), float(spec["speed"]))
    if not (math.isfinite(strike.speed) and strike.speed >= 0 and math.isfinite(strike.angle)):
        raise ValueError(f"a stroke needs a finite angle and a speed of at least 0: {spec!r}")
    if (kind := world.table.in_the_way(strike)) is not None:
        x, y = world.table.striker_spot(strike)
        raise ValueError(f"a {kind} lies where the striker would be set ({x:.0f}, {y:.0f} mm)")
    return strike


def place(session, board, world) -> None:
    """The hand puts back what the ruling asks (the set-up for a new board)."""
    state = session.status.state
    board.by_hand(lambda: world.return_pieces(state))


def foul(name: str, session) -> None:
    """A foul entered as at the table: MENU until it is highlighted, then OK."""
    from tablegame.core.events import ButtonPress
    if name not in FOULS:
        raise ValueError(f"unknown foul {name!r}; fouls are {', '.join(FOULS)}")
    key, side = FOULS[name]
    entries = session.play.entries(session.status.state)
    found = [k for k, e in enumerate(entries) if e.key == key and (side is None or e.action.side == side)]
    if not found:
        raise ValueError(f"the foul menu offers no {name} now")
    for _ in range(found[0] + 1):
        session.handle(ButtonPress("menu"), by="script")
    session.handle(ButtonPress("ok"), by="script")


def report_of(spec: dict):
    """A raw report of the pocket board, sent as it is (the referee judges it)."""
    if "started" in spec:
        return StrokeStarted()
    if "pocketed" in spec:
        return PiecePocketed(int(spec["pocketed"]["pocket"]), str(spec["pocketed"]["kind"]))
    if "off" in spec:
        return PieceOffBoard(str(spec["off"]))
    raise ValueError('a report is one of "started", "pocketed", "off"')
