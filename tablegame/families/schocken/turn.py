"""One player's turn with the cup: throw, set aside, turn sixes, Türmchen, stop.

Pure functions from a ``Turn`` to the next ``Turn``; each raises IllegalAction with
the reason as a note (its texts: ``tablegame.families.schocken.texts``; the message is the
English text). ``who`` is the player's name, ``allowed`` the number of throws
he may make in all (3 for the round's starter, else the starter's count)."""
from __future__ import annotations

from collections import Counter

from tablegame.core.rules import IllegalAction
from tablegame.families.schocken.state import Turn
from tablegame.words.notes import Note


def refused(reason: Note) -> IllegalAction:
    """Schocken refuses for ``reason``; the message is its English text."""
    return IllegalAction.because(reason, "en")


def limit_reason(who: str, allowed: int, starter: bool) -> Note:
    if starter or allowed == 3:
        return Note.of("schocken_all_throws", who=who)
    return Note.of("schocken_no_throw_left", who=who, allowed=allowed)


def throw(turn: Turn, dice: tuple[int, ...], who: str, allowed: int, starter: bool) -> Turn:
    if turn.throws >= allowed:
        raise refused(limit_reason(who, allowed, starter))
    expected = 3 - len(turn.aside)
    if not isinstance(dice, tuple) or any(type(d) is not int or not 1 <= d <= 6 for d in dice):
        raise refused(Note.of("schocken_bad_throw", dice=repr(dice)))
    if len(dice) != expected:
        raise refused(Note.of("schocken_throw_size", who=who, expected=expected,
                              aside=len(turn.aside), got=len(dice)))
    return Turn(throws=turn.throws + 1, aside=turn.aside, lying=dice,
                at_once=expected == 3, fresh=True)


def set_aside(turn: Turn, dice: tuple[int, ...], who: str, allowed: int, starter: bool) -> Turn:
    _need_throw_made(turn, who)
    if turn.throws >= allowed:
        raise refused(Note.of("schocken_limit_stop", limit=limit_reason(who, allowed, starter)))
    if not isinstance(dice, tuple) or not dice:
        raise refused(Note.of("schocken_name_aside", dice=repr(dice)))
    if Counter(dice) - Counter(turn.lying):
        raise refused(Note.of("schocken_cannot_set_aside", who=who, dice=_show(dice),
                              lying=_show(turn.lying)))
    if len(turn.aside) + len(dice) > 2:
        raise refused(Note.of("schocken_keep_one", who=who))
    return Turn(throws=turn.throws, aside=turn.aside + dice,
                lying=_remove(turn.lying, dice), at_once=turn.at_once, fresh=False)


def turn_sixes(turn: Turn, ones: int, who: str, allowed: int, starter: bool) -> Turn:
    _need_throw_made(turn, who)
    if ones not in (1, 2) or type(ones) is not int:
        raise refused(Note.of("schocken_bad_ones", ones=repr(ones)))
    if turn.throws >= allowed:
        raise refused(Note.of("schocken_sixes_no_throw", who=who,
                              limit=limit_reason(who, allowed, starter)))
    sixes = 2 if ones == 1 else 3
    if turn.lying.count(6) < sixes:
        raise refused(Note.of("schocken_need_sixes", who=who, sixes=sixes, ones=ones,
                              lying=_show(turn.lying)))
    return Turn(throws=turn.throws, aside=turn.aside + (1,) * ones,
                lying=_remove(turn.lying, (6,) * sixes), at_once=turn.at_once, fresh=False)


def tuermchen(turn: Turn, who: str) -> Turn:
    if not turn.fresh:
        raise refused(Note.of("schocken_tuermchen_late", who=who))
    return Turn(throws=turn.throws - 1, aside=turn.aside, again=True)


def check_stop(turn: Turn, who: str) -> None:
    _need_throw_made(turn, who)
    if turn.in_cup:
        raise refused(Note.of("schocken_in_cup", who=who, count=turn.in_cup))


def _need_throw_made(turn: Turn, who: str) -> None:
    if turn.throws == 0:
        raise refused(Note.of("schocken_not_thrown", who=who))


def _remove(values: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(values)
    for v in taken:
        rest.remove(v)
    return tuple(rest)


def _show(dice: tuple[int, ...]) -> str:
    return "-".join(map(str, dice))
