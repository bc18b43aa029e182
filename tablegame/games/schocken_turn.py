"""One player's turn with the cup: throw, set aside, turn sixes, Türmchen, stop.

Pure functions from a ``Turn`` to the next ``Turn``; each raises IllegalAction with
the reason in words. ``who`` is the player's name, ``allowed`` the number of throws
he may make in all (3 for the round's starter, else the starter's count)."""
from __future__ import annotations

from collections import Counter

from tablegame.games.base import IllegalAction
from tablegame.games.schocken_state import Turn


def limit_reason(who: str, allowed: int, starter: bool) -> str:
    if starter or allowed == 3:
        return f"{who} has had all three throws"
    return f"{who} has no throw left: the starter stopped after {allowed}"


def throw(turn: Turn, dice: tuple[int, ...], who: str, allowed: int, starter: bool) -> Turn:
    if turn.throws >= allowed:
        raise IllegalAction(limit_reason(who, allowed, starter))
    expected = 3 - len(turn.aside)
    if not isinstance(dice, tuple) or any(type(d) is not int or not 1 <= d <= 6 for d in dice):
        raise IllegalAction(f"a throw is a tuple of die values from 1 to 6, got {dice!r}")
    if len(dice) != expected:
        raise IllegalAction(f"{who} throws {expected} dice ({len(turn.aside)} set aside), "
                            f"got {len(dice)} values")
    return Turn(throws=turn.throws + 1, aside=turn.aside, lying=dice,
                at_once=expected == 3, fresh=True)


def set_aside(turn: Turn, dice: tuple[int, ...], who: str, allowed: int, starter: bool) -> Turn:
    _need_throw_made(turn, who)
    if turn.throws >= allowed:
        raise IllegalAction(limit_reason(who, allowed, starter) + ": stop")
    if not isinstance(dice, tuple) or not dice:
        raise IllegalAction(f"name the dice to set aside, got {dice!r}")
    if Counter(dice) - Counter(turn.lying):
        raise IllegalAction(f"{who} cannot set aside {_show(dice)}: "
                            f"lying from the last throw: {_show(turn.lying) or 'nothing'}")
    if len(turn.aside) + len(dice) > 2:
        raise IllegalAction(f"{who} must leave at least one die to throw; to keep all, stop")
    return Turn(throws=turn.throws, aside=turn.aside + dice,
                lying=_remove(turn.lying, dice), at_once=turn.at_once, fresh=False)


def turn_sixes(turn: Turn, ones: int, who: str, allowed: int, starter: bool) -> Turn:
    _need_throw_made(turn, who)
    if ones not in (1, 2) or type(ones) is not int:
        raise IllegalAction(f"two 6s turn into one 1, three 6s into two 1s; got ones={ones!r}")
    if turn.throws >= allowed:
        raise IllegalAction(f"{who} may turn sixes only with a throw left: "
                            + limit_reason(who, allowed, starter))
    sixes = 2 if ones == 1 else 3
    if turn.lying.count(6) < sixes:
        raise IllegalAction(f"{who} needs {sixes} sixes from the last throw to turn them "
                            f"into {ones} {'one' if ones == 1 else 'ones'}; lying: "
                            f"{_show(turn.lying) or 'nothing'}")
    return Turn(throws=turn.throws, aside=turn.aside + (1,) * ones,
                lying=_remove(turn.lying, (6,) * sixes), at_once=turn.at_once, fresh=False)


def tuermchen(turn: Turn, who: str) -> Turn:
    if not turn.fresh:
        raise IllegalAction("a Türmchen voids only the throw just made, "
                            f"before {who} sets dice aside or turns sixes")
    return Turn(throws=turn.throws - 1, aside=turn.aside)


def check_stop(turn: Turn, who: str) -> None:
    _need_throw_made(turn, who)
    if turn.in_cup:
        raise IllegalAction(f"{who} has {turn.in_cup} {'die' if turn.in_cup == 1 else 'dice'} "
                            "in the cup and must throw again")


def _need_throw_made(turn: Turn, who: str) -> None:
    if turn.throws == 0:
        raise IllegalAction(f"{who} has not thrown yet")


def _remove(values: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(values)
    for v in taken:
        rest.remove(v)
    return tuple(rest)


def _show(dice: tuple[int, ...]) -> str:
    return "-".join(map(str, dice))
