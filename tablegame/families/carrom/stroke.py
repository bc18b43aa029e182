"""One stroke after the break, ruled by docs/rules.md section 5 (ICF law numbers in the
comments): what stays down, what goes back, dues, the queen and whether the turn goes on.
The last-piece cases (102-112), which end the board, are in ``carrom_last``."""
from __future__ import annotations

from dataclasses import dataclass, replace

from tablegame.families.carrom.state import (
    CENTRE, COLOURS, MEN, OUTER, QUEEN_COVERED, QUEEN_ON_BOARD, QUEEN_PENDING, BoardState,
    Placement, Stroke,
)


@dataclass(frozen=True)
class Ruled:
    """A stroke's effect on the board, before the turn and board bookkeeping."""

    board: BoardState
    laws: tuple[str, ...]
    queen: str  # pending, covered, back or ""
    returned: tuple[Placement, ...]
    dues: int
    paid: int
    keep_turn: bool
    opponent_paid: int = 0  # the other side's men that went back as the dues it owed (78b.ii)


def charge(board: BoardState, side: int, dues: int) -> tuple[BoardState, int]:
    """Take out ``dues`` plus any owed before, as far as men of the side's colour are in the
    pockets, whoever pocketed them; the rest stays owed (72b, 78a, 83). Returns the board and
    the men taken out."""
    colour = board.colour(side)
    total = board.owed[side] + dues
    paid = min(total, MEN - board.men[colour])
    men = _add(board.men, colour, paid)
    owed = replaced_at(board.owed, side, total - paid)
    return replace(board, men=men, owed=owed), paid


def jumped_off(stroke: Stroke, colour: int) -> list[Placement]:
    """Pieces off the board go to the centre circle: the queen first, then the striker's
    colour, then the other (65, 116); no foul."""
    out = [Placement("queen", 1, CENTRE)] if stroke.off_queen else []
    for c in (colour, 1 - colour):
        if stroke.off(c):
            out.append(Placement(COLOURS[c], stroke.off(c), CENTRE))
    return out


def rule_stroke(board: BoardState, side: int, stroke: Stroke) -> Ruled:
    colour = board.colour(side)
    own, opp = stroke.pocketed(colour), stroke.pocketed(1 - colour)
    covering = board.queen == QUEEN_PENDING and board.queen_side == side
    men = _add(_add(board.men, colour, -own), 1 - colour, -opp)
    if stroke.improper or stroke.striker:
        laws, queen_back, keep, dues = _foul_stroke(board, side, stroke, own, opp, covering)
        men = _add(men, colour, own)  # own men pocketed on a foul come back
        back_men = own
        queen, queen_side, pocketed_own = board.queen, board.queen_side, board.pocketed_own
        if covering and queen_back:
            queen, queen_side = QUEEN_ON_BOARD, None
    else:
        laws, queen_back, keep, queen, queen_side = _proper_stroke(board, side, stroke, own, opp,
                                                                   covering)
        back_men, dues = 0, 0
        pocketed_own = replaced_at(board.pocketed_own, side, True) if own else board.pocketed_own
    queen_word = "back" if queen_back else (queen if queen != board.queen else "")
    if covering and queen == QUEEN_PENDING:
        queen_word = "still_pending"  # 101a: one more stroke to cover her
    if queen_word == QUEEN_ON_BOARD:
        queen_word = "back"
    board = replace(board, men=men, queen=queen, queen_side=queen_side, pocketed_own=pocketed_own,
                    first_stroke=not keep)
    board, paid = charge(board, side, dues)
    # the other side's owed dues come out of the men of its colour this stroke pocketed (78b.ii)
    board, opponent_paid = charge(board, 1 - side, 0)
    returned = [Placement(COLOURS[colour], back_men + paid, OUTER)] if back_men + paid else []
    if queen_back:
        returned.insert(0, Placement("queen", 1, CENTRE))
    if opponent_paid:
        returned.append(Placement(COLOURS[1 - colour], opponent_paid, OUTER))
        laws = [*laws, "78b.ii"]
    returned += jumped_off(stroke, colour)
    return Ruled(board, tuple(laws), queen_word, _merged(returned), dues, paid, keep, opponent_paid)


def _foul_stroke(board, side, stroke, own, opp, covering):
    """Improper strokes and the striker in a pocket: (laws, queen back, turn kept, dues)."""
    if stroke.improper:  # own men and the queen back, opponent's men stay, turn ends (76, 98b-101b)
        return ["76"], stroke.queen or covering, False, 2 if stroke.striker else 1
    if covering:  # the stroke meant to cover the queen
        if own:
            return ["101a"], False, True, 1  # man back plus a due, the queen stays pending
        return ["100a"], True, False, 1
    if stroke.queen:
        if not board.pocketed_own[side]:
            return ["95d"], True, False, 1
        if board.owed[side]:
            return ["95b", "99a"], True, False, 1
        return (["98a"] if own else ["99a"]), True, True, 1  # one due in all
    if own:
        return (["75"] if opp else ["73"]), False, True, 1
    return (["74"] if opp else ["72"]), False, False, 1


def _proper_stroke(board, side, stroke, own, opp, covering):
    """(laws, queen back, turn kept, queen state, queen side) for a proper stroke."""
    queen, queen_side = board.queen, board.queen_side
    keep = own > 0  # own men pocketed: the turn goes on (48)
    laws = ["48"] if own else (["48"] if opp else [])
    if covering:
        if own:
            return laws + ["97a"], False, keep, QUEEN_COVERED, side
        return ["96"], True, False, QUEEN_ON_BOARD, None  # not covered: back, turn ends (93)
    if not stroke.queen:
        return laws, False, keep, queen, queen_side
    if board.owed[side]:
        return ["95b"], True, False, queen, queen_side  # pocketed while a due is owed
    if not (board.pocketed_own[side] or own):
        return ["95c"], True, False, queen, queen_side  # too early: no own man this board
    needed = 1 if board.pocketed_own[side] else 2  # with his first man, a second covers (97b)
    if own >= needed:
        return laws + (["97a"] if needed == 1 else ["97b"]), False, True, QUEEN_COVERED, side
    return laws + (["97b"] if own else ["97a"]), False, True, QUEEN_PENDING, side


def _merged(places: list[Placement]) -> tuple[Placement, ...]:
    out: dict[tuple[str, str], int] = {}
    for p in places:
        out[(p.piece, p.where)] = out.get((p.piece, p.where), 0) + p.count
    return tuple(Placement(piece, count, where) for (piece, where), count in out.items())


def _add(pair: tuple[int, int], index: int, amount: int) -> tuple[int, int]:
    return replaced_at(pair, index, pair[index] + amount)


def replaced_at(pair: tuple, index: int, value) -> tuple:
    """``pair`` with item ``index`` replaced by ``value`` (per side or per colour)."""
    return tuple(value if i == index else v for i, v in enumerate(pair))  # type: ignore[return-value]
