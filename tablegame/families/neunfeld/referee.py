"""Neunfeld's referee: which tip-and-move explains what the dice reader and the
squares sensors report (pure; no I/O).

The sensors cannot tell the pieces apart and report the dice and the squares in
separate messages, so a new reading is combined with the latest reading of the
other kind and compared with the current position: which die shows a new top,
which square gained a piece. The pair (tipped die and its top, new square) is the
candidate action; it is accepted if it is legal, and otherwise the engine itself
says why not (its ``IllegalAction``'s note, shown in the table's language)."""
from __future__ import annotations

from dataclasses import dataclass

from tablegame.core.rules import IllegalAction
from tablegame.families.neunfeld.rules import (FIRST_SQUARE, LAST_SQUARE, NeunfeldRules, NeunfeldState,
                                      Position, Roll, TipAndMove)
from tablegame.families.neunfeld.dice import DICE
from tablegame.words.notes import Note
from tablegame.core.play import Verdict
from tablegame.core.sensors import DiceReading, SquaresReading

N_SQUARES = LAST_SQUARE - FIRST_SQUARE + 1


def on_board(square: int) -> bool:
    return FIRST_SQUARE <= square <= LAST_SQUARE


def occupied_squares(reading: SquaresReading) -> frozenset[int]:
    """The squares (1..9) that hold a piece."""
    return frozenset(i + 1 for i, on in enumerate(reading.occupied[:N_SQUARES]) if on)


def position_squares(position: Position) -> frozenset[int]:
    """What the squares sensors see of ``position``: the pieces on the board."""
    return frozenset(s for s in position.squares if on_board(s))


def squares_reading(squares) -> SquaresReading:
    """The reading a board with pieces on ``squares`` (0 and 10: off the board) sends."""
    return SquaresReading(tuple(s in set(squares) for s in range(FIRST_SQUARE, LAST_SQUARE + 1)))


@dataclass(frozen=True)
class Seen:
    """A position's change as the sensors show it; each part None when unchanged."""

    tip: tuple[int, int] | None = None   # (die number 3..5, new top)
    to: int | None = None                 # the square the mover's piece now stands on
    lifted: bool = False                  # the mover's piece is off its square (in a hand)
    problem: Note | None = None           # a reading no single tip-and-move explains


def what_changed(state: NeunfeldState, tops: tuple[int, ...], occupied: frozenset[int]) -> Seen:
    pos = state.position
    assert pos is not None
    mover = pos.to_move
    here, there = pos.squares[mover], pos.squares[1 - mover]
    changed = [i for i, (old, new) in enumerate(zip(pos.tops, tops)) if old != new]
    if len(tops) != 3:
        return Seen(problem=Note.of("nf_dice_count", count=len(tops)))
    if len(changed) > 1:
        return Seen(problem=Note.of("nf_two_dice_tipped", dice=" + ".join(DICE[i].name for i in changed)))
    tip = (DICE[changed[0]].number, tops[changed[0]]) if changed else None
    if on_board(there) and there not in occupied:
        return Seen(problem=Note.of("nf_other_piece_moved", party=state.party_name(1 - mover),
                                    square=there))
    extra = sorted(occupied - {there})
    if len(extra) > 1:
        return Seen(problem=Note.of("nf_too_many_pieces", squares=tuple(sorted(occupied))))
    if not extra:
        return Seen(tip=tip, lifted=on_board(here))
    to = extra[0]
    return Seen(tip=tip, to=None if to == here else to)


def judge_turn(rules: NeunfeldRules, state: NeunfeldState, dice: DiceReading | None,
               squares: SquaresReading | None, expected: TipAndMove | None = None) -> Verdict:
    """The verdict on the board as ``dice`` and ``squares`` show it now (None: as the
    position has it). ``expected``: the only action accepted (the table's own move)."""
    pos = state.position
    assert pos is not None
    if dice is not None and not dice.flat:
        return Verdict(note=Note.of("nf_die_not_flat"), problem=True)
    tops = tuple(dice.values) if dice is not None else pos.tops
    occupied = occupied_squares(squares) if squares is not None else position_squares(pos)
    seen = what_changed(state, tops, occupied)
    if seen.problem is not None:
        return Verdict(note=seen.problem, problem=True)
    legal = rules.legal_actions(state)
    mover = state.party_name(pos.to_move)
    if seen.tip is not None and seen.to is not None:
        action = TipAndMove(seen.tip[0], seen.tip[1], seen.to)
        if expected is not None and action != expected:
            return Verdict(note=Note.of("nf_not_the_table_move", **move_args(state, expected)), problem=True)
        if action in legal:
            return Verdict(action=action)
        return Verdict(note=Note.of("illegal", reason=_reason(rules, state, action)), problem=True)
    if seen.tip is not None:
        die, top = seen.tip
        if expected is not None and (die, top) != (expected.die, expected.top):
            return Verdict(note=Note.of("nf_not_the_table_move", **move_args(state, expected)), problem=True)
        if not any((a.die, a.top) == (die, top) for a in legal):
            return Verdict(note=Note.of("illegal", reason=_reason(rules, state, TipAndMove(die, top, -1),
                                                                     tip_only=True)), problem=True)
        return Verdict(note=Note.of("nf_now_move", party=mover, die=_name(die), top=top))
    if seen.to is not None:
        if expected is not None and seen.to != expected.to:
            return Verdict(note=Note.of("nf_not_the_table_move", **move_args(state, expected)), problem=True)
        if not any(a.to == seen.to for a in legal):
            return Verdict(note=Note.of("illegal", reason=_move_reason(rules, state, seen.to)), problem=True)
        return Verdict(note=Note.of("nf_tip_first", party=mover, square=seen.to))
    if seen.lifted:
        return Verdict(note=Note.of("nf_piece_lifted", party=mover))
    return Verdict()  # the board shows the position: nothing new (e.g. a re-sync), no problem


def judge_roll(state: NeunfeldState, dice: DiceReading, previous: DiceReading | None) -> Verdict:
    """A dice reading while the start is rolled: one roll, unless it repeats the last
    reading (a re-sync after a reconnect or a restart sends the same tops again)."""
    if not dice.flat:
        return Verdict(note=Note.of("nf_die_not_flat"), problem=True)
    if state.last_roll == tuple(dice.values) and (previous is None or tuple(previous.values) == tuple(dice.values)):
        return Verdict()  # (no reading yet: the table was restarted and the board re-synced)
    return Verdict(action=Roll(tuple(dice.values)))  # type: ignore[arg-type]


def move_args(state: NeunfeldState, action: TipAndMove) -> dict:
    """A tip-and-move as note values: die name, old and new top, square; the words are per language."""
    pos = state.position
    i = [d.number for d in DICE].index(action.die)
    return {"die": DICE[i].name, "colour": i, "old": pos.tops[i] if pos else 0, "top": action.top,
            "to": action.to, "party": state.party_name(pos.to_move) if pos else ""}


def _name(number: int) -> str:
    return next((d.name for d in DICE if d.number == number), str(number))


def _reason(rules: NeunfeldRules, state: NeunfeldState, action: TipAndMove,
            tip_only: bool = False) -> Note | None:
    """The engine's reason against ``action``; None if it is legal. ``tip_only``: the
    square is not known yet (``action.to`` is -1, off the board)."""
    try:
        rules.apply(state, action)
    except IllegalAction as error:
        if tip_only and error.note.key == "nf_off_board":
            # the tip itself is fine, but no square is free after it
            return Note.of("nf_tip_no_move", die=action.die, top=action.top)
        return error.note
    return None


def _move_reason(rules: NeunfeldRules, state: NeunfeldState, to: int) -> Note:
    """Why no tip lets the piece go to ``to``: the engine's reason for the most telling tip
    (a reason about the square itself before one about a die blocking it)."""
    pos = state.position
    reasons = []
    for i, die in enumerate(DICE):
        if pos.holders[i] != pos.to_move:
            continue
        for top in die.tips(pos.tops[i]):
            reason = _reason(rules, state, TipAndMove(die.number, top, to))
            if reason is not None:
                reasons.append(reason)
    reasons.sort(key=lambda r: r.key == "nf_square_blocked")  # stable: the first of each kind
    return reasons[0] if reasons else Note.of("nf_no_move_there")
