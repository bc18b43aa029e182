"""The strokes that end a board: a side's last man goes down (docs/rules.md section 5, ICF
54 and 102-112, without the extra points "if demanded"), and leaving the seat (91).
``board_end`` says who wins the board, by how much and by which law, or None when the
stroke does not end it. Each last-piece law has an (a) for a proper stroke and a (b) for an
improper one; the striker's own laws are 108-112. A man that goes back as a due is on the
board again (72b, 78a), so it is never a side's last man and counts among its men left."""
from __future__ import annotations

from tablegame.families.carrom.state import (
    MOST_PER_BOARD, NO_QUEEN_FROM, QUEEN_COVERED, QUEEN_ON_BOARD, QUEEN_PENDING, QUEEN_POINTS,
    BoardResult, BoardState, Stroke,
)

DECIDED = "102-112"  # a case the laws do not name, scored by the table's decision (docs/carrom-positions.md)
# where the queen is, seen from the side that strokes
COVERING, NOW, ON_BOARD, MINE, THEIRS = "covering", "now", "on_board", "mine", "theirs"

Ending = tuple[BoardResult, str]  # the board's result and the law that decided it


def queen_points(scores: tuple[int, int], side: int) -> int:
    """The queen's 3 points, none once the side has 22 or more before the board (54)."""
    return QUEEN_POINTS if scores[side] < NO_QUEEN_FROM else 0


def three_or_one(scores: tuple[int, int], winner: int) -> int:
    """3 points, or 1 once the winner has 22 or more: the laws' "if the score is 22 or more
    ... by 1 point", so that a won board is worth at least 1 (102a, 104a)."""
    return max(1, queen_points(scores, winner))


def left_seat(board: BoardState, scores: tuple[int, int], leaver: int) -> BoardResult:
    """91: the leaver loses the board by his men and the queen still on the board (3; an
    uncovered queen, pending too, comes back to it); by the men only when the opponent has 22
    or more. A covered queen is not on the board."""
    winner = 1 - leaver
    men = board.men[board.colour(leaver)]
    queen = queen_points(scores, winner) if board.queen != QUEEN_COVERED else 0
    return _result(winner, men + queen, "left_seat")


def board_end(board: BoardState, side: int, stroke: Stroke,
              scores: tuple[int, int]) -> Ending | None:
    colour = board.colour(side)
    own, opp = stroke.pocketed(colour), stroke.pocketed(1 - colour)
    # a man that pays an owed due goes back at once (72b, 78a), so it is not the last one
    own_last = 0 < own == board.men[colour] and not board.owed[side]
    opp_last = 0 < opp == board.men[1 - colour] and not board.owed[1 - side]
    if own_last and opp_last:
        return _both_last(_queen(board, side, stroke), side, stroke, scores)
    if own_last:
        return _own_last(board, side, stroke, scores)
    if opp_last:
        return _opponent_last(board, side, stroke, scores)
    return None


def _queen(board: BoardState, side: int, stroke: Stroke) -> str:
    if board.queen == QUEEN_PENDING:  # she waits for the cover of the side on turn
        return COVERING
    if board.queen == QUEEN_COVERED:
        return MINE if board.queen_side == side else THEIRS
    return NOW if stroke.queen else ON_BOARD


def _ab(stroke: Stroke) -> str:
    return "b" if stroke.improper else "a"


def _both_last(queen: str, side: int, stroke: Stroke, scores: tuple[int, int]) -> Ending:
    """Own last and opponent's last man in one stroke (102, 104, 105, 109, 110, 112)."""
    other = 1 - side
    if not (stroke.striker or stroke.improper):
        if queen == COVERING:
            return _won(side, three_or_one(scores, side), "covering_both_last", "102a")
        if queen == NOW:
            return _won(side, three_or_one(scores, side), "queen_and_both_last", "104a")
        if queen == ON_BOARD:
            return _won(other, three_or_one(scores, other), "both_last_queen_on_board", "105a")
        # the queen covered before: he has all his men down (54), at least 1 point
        points = three_or_one(scores, side) if queen == MINE else 1
        return _won(side, points, "both_last", DECIDED)
    # a foul stroke: his last man comes back, the opponent's stays down: the opponent wins
    if queen == MINE:  # 110: by 1; the laws name it with the striker, improper alone likewise
        return _won(other, 1, "foul_both_last", "110" + _ab(stroke) if stroke.striker else DECIDED)
    if queen == THEIRS:  # 112: by 3
        return _won(other, QUEEN_POINTS, "foul_both_last",
                    "112" + _ab(stroke) if stroke.striker else DECIDED)
    points = three_or_one(scores, other)
    if queen == NOW:
        law = "109" + _ab(stroke) if stroke.striker else "104b"
        return _won(other, points, "foul_queen_and_both_last", law)
    if queen == COVERING:
        return _won(other, points, "foul_covering_both_last", "102b" if stroke.improper else DECIDED)
    return _won(other, points, "both_last_queen_on_board", "105b" if not stroke.striker else DECIDED)


def _own_last(board: BoardState, side: int, stroke: Stroke, scores: tuple[int, int]) -> Ending | None:
    """The own last man alone (54, 107, 108)."""
    other, colour = 1 - side, board.colour(side)
    queen = _queen(board, side, stroke)
    if not (stroke.striker or stroke.improper):
        # the queen with his last man is covered by it, unless it is his first man (97b)
        if queen == NOW and not board.pocketed_own[side] and stroke.pocketed(colour) < 2:
            queen = ON_BOARD
        if queen == ON_BOARD:
            return _won(other, three_or_one(scores, other), "own_last_queen_on_board", "107a")
        opp = stroke.pocketed(1 - colour)
        opp_left = board.men[1 - colour] - opp + min(opp, board.owed[other])  # his due goes back
        covered = queen in (NOW, COVERING, MINE)
        return _won(side, opp_left + (queen_points(scores, side) if covered else 0), "all_men", "54")
    # a foul stroke: the man comes back with a due (73, 76) and play goes on, unless the queen
    # is on the board: left there, pocketed now, or (improper) failing her cover (100b, 101b)
    if not (queen in (ON_BOARD, NOW) or (queen == COVERING and stroke.improper)):
        return None
    if stroke.striker:
        return _won(other, three_or_one(scores, other), "striker_own_last_queen_on_board",
                    "108" + _ab(stroke))
    return _won(other, three_or_one(scores, other), "own_last_queen_on_board", "107b")


def _opponent_last(board: BoardState, side: int, stroke: Stroke,
                   scores: tuple[int, int]) -> Ending:
    """The opponent's last man alone (103, 106, 111): the opponent wins by the men this side
    has left, plus the queen unless this side had covered her."""
    other, colour = 1 - side, board.colour(side)
    queen = _queen(board, side, stroke)
    own = stroke.pocketed(colour)
    foul = stroke.striker or stroke.improper
    # own men on a foul stroke come back (73, 76); one that pays an owed due too (72b)
    left = board.men[colour] - (0 if foul else own - min(own, board.owed[side]))
    if queen == MINE:
        return _won(other, left, "opponent_last_after_covering", DECIDED)
    points = left + queen_points(scores, other)
    if queen == THEIRS:  # he covered her and has all his men down
        return _won(other, points, "all_men", "54")
    if queen == COVERING and (stroke.improper or not stroke.striker):
        return _won(other, points, "covering_opponent_last", "103" + _ab(stroke))
    if stroke.striker:  # with the striker on the covering stroke she comes back (100a)
        return _won(other, points, "foul_opponent_last_queen_on_board", "111" + _ab(stroke))
    case = "foul_opponent_last_queen_on_board" if stroke.improper else "opponent_last_queen_on_board"
    return _won(other, points, case, "106" + _ab(stroke))


def _won(winner: int, points: int, case: str, law: str) -> Ending:
    return _result(winner, points, case), law


def _result(winner: int, points: int, case: str) -> BoardResult:
    return BoardResult(winner, min(points, MOST_PER_BOARD), case)
