"""The Schocken referee: what the dice reader saw, as engine actions.

A ``DiceReading`` gives each die's top face, which dice lie in the set-aside tray
and whether all lie flat. It is compared with the game (the current player's dice)
and with the reading before it (``prev``, the same die order):

- impossible readings change nothing and say why (``problem=True``): a count other
  than three, a face outside 1-6, three dice in the tray, a die set aside (in the
  game) missing from the tray: its face changed, or it was taken out (set aside
  stays out). Once the dice agree with the game again, the problem clears;
- the same reading again (a re-sync after a reconnect) does nothing, and so does
  the first reading after start-up before anyone has thrown (the board's re-sync:
  where the dice lie, the last player's dice, not a throw);
- ``flat=False``: a Türmchen. If nothing else changed since the throw just counted,
  that throw is voided (``Tuermchen``); a new throw that lands as a Türmchen is not
  counted at all. Either way the player throws again;
- dice moved into the tray with their faces kept: ``SetAside``; sixes moved into
  the tray turned to 1: ``TurnSixes``;
- otherwise, new faces on the dice outside the tray: a ``Throw`` of those dice.

The reader cannot see a re-throw that shows exactly the faces that lay before; the
player then simply throws again (nothing was counted)."""
from __future__ import annotations

from collections import Counter

from tablegame.families.schocken.rules import SchockenState, SetAside, Throw, Tuermchen, TurnSixes
from tablegame.words.notes import Note
from tablegame.core.play import Verdict
from tablegame.core.sensors import DiceReading

DICE = 3


def judge(state: SchockenState, prev: DiceReading | None, reading: DiceReading) -> Verdict:
    impossible = _impossible(state, prev, reading)
    if impossible is not None:
        return Verdict(note=impossible, problem=True)
    if prev is not None and reading == prev:
        return Verdict()   # nothing moved: a re-sync after a reconnect
    if state.over:
        return Verdict(note=Note.of("schocken_game_over"))
    turn = state.turn
    aside = _values(reading, True)
    lying = _values(reading, False)
    if not reading.flat:
        same = prev is not None and prev.values == reading.values and prev.aside == reading.aside
        if same and turn.fresh:
            return Verdict(action=Tuermchen())
        return Verdict(note=Note.of("schocken_tower_not_counted",
                                    who=state.names[state.current]))
    if turn.throws == 0:
        if prev is None or prev.values == reading.values:
            return Verdict()   # a re-sync at start-up, or dice taken out of the tray
        if aside:
            return Verdict(note=Note.of("schocken_throw_all", who=state.names[state.current]))
        return Verdict(action=Throw(lying))
    new = Counter(aside) - Counter(turn.aside)
    if not new:
        if Counter(lying) == Counter(turn.lying) and (prev is None or prev.flat):
            return Verdict()   # only the order of the dice changed
        return Verdict(action=Throw(lying))
    turned = _turned(prev, reading)
    if turned and turn.lying.count(6) >= turned + 1:
        return Verdict(action=TurnSixes(turned))
    moved = tuple(sorted(new.elements(), reverse=True))
    if Counter(moved) - Counter(turn.lying):
        return Verdict(note=Note.of("schocken_not_lying", dice=_show(moved),
                                    lying=_show(turn.lying)), problem=True)
    if Counter(lying) != Counter(turn.lying) - Counter(moved):
        return Verdict(action=SetAside(moved), note=Note.of(
            "schocken_aside_and_thrown", who=state.names[state.current], dice=_show(moved)))
    return Verdict(action=SetAside(moved))


def _impossible(state: SchockenState, prev: DiceReading | None,
                reading: DiceReading) -> Note | None:
    if len(reading.values) != DICE or len(reading.aside) != DICE:
        return Note.of("schocken_dice_count", seen=len(reading.values))
    bad = [v for v in reading.values if type(v) is not int or not 1 <= v <= 6]
    if bad:
        return Note.of("schocken_bad_face", value=bad[0])
    if sum(reading.aside) == DICE:
        return Note.of("schocken_all_aside")
    if state.over or state.turn.throws == 0:
        return None
    missing = Counter(state.turn.aside) - Counter(_values(reading, True))
    if not missing:
        return None
    if prev is not None and len(prev.values) == DICE:
        for i, (was, now, was_aside, now_aside) in enumerate(
                zip(prev.values, reading.values, prev.aside, reading.aside), 1):
            if was_aside and now_aside and was != now:
                return Note.of("schocken_aside_changed", die=i, was=was, now=now)
    return Note.of("schocken_aside_left", dice=_show(tuple(missing.elements())))


def _turned(prev: DiceReading | None, reading: DiceReading) -> int:
    """How many dice went from a 6 outside the tray to a 1 in it (sixes turned)."""
    if prev is None or len(prev.values) != DICE:
        return 0
    return sum(1 for i in range(DICE) if not prev.aside[i] and reading.aside[i]
               and prev.values[i] == 6 and reading.values[i] == 1)


def _values(reading: DiceReading, aside: bool) -> tuple[int, ...]:
    return tuple(v for v, a in zip(reading.values, reading.aside) if bool(a) is aside)


def _show(dice: tuple[int, ...]) -> str:
    return "-".join(map(str, sorted(dice, reverse=True)))
