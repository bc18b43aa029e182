"""The strokes that end a board: a side's last man goes down (docs/rules.md section 5, ICF
54 and 102-112, without the extra points "if demanded"). ``board_end`` says who wins
the board and by how much, or None when the stroke does not end it."""
from __future__ import annotations

from tablegame.families.carrom.state import (
    MOST_PER_BOARD, NO_QUEEN_FROM, QUEEN_COVERED, QUEEN_ON_BOARD, QUEEN_PENDING, QUEEN_POINTS,
    BoardResult, BoardState, Stroke,
)


def queen_points(scores: tuple[int, int], side: int) -> int:
    """The queen's 3 points, none once the side has 22 or more before the board (54)."""
    return QUEEN_POINTS if scores[side] < NO_QUEEN_FROM else 0


def won_outright(board: BoardState, scores: tuple[int, int], winner: int, case: str) -> BoardResult:
    """``winner`` has all his men down: 1 point per opponent man left, 3 for the queen if he
    covered her (54); also a board lost by leaving the seat (91)."""
    left = board.men[board.colour(1 - winner)]
    mine = board.queen == QUEEN_COVERED and board.queen_side == winner
    return _result(winner, left + (queen_points(scores, winner) if mine else 0), case)


def board_end(board: BoardState, side: int, stroke: Stroke,
              scores: tuple[int, int]) -> BoardResult | None:
    colour = board.colour(side)
    other = 1 - side
    own, opp = stroke.pocketed(colour), stroke.pocketed(1 - colour)
    # a man that pays an owed due goes back at once, so it is not the last one
    own_last = 0 < own == board.men[colour] and not board.owed[side]
    opp_last = 0 < opp == board.men[1 - colour]
    if not (own_last or opp_last):
        return None
    on_board = board.queen == QUEEN_ON_BOARD
    covering = board.queen == QUEEN_PENDING and board.queen_side == side
    mine = board.queen == QUEEN_COVERED and board.queen_side == side
    if stroke.improper:
        own_last = False  # own men pocketed on an improper stroke come back (76)
    if stroke.striker or stroke.improper:
        if own_last and opp_last:  # lose by 1 if he had covered the queen, else by 3
            return _result(other, 1 if mine else QUEEN_POINTS, "striker_both_last")
        if own_last:  # the man comes back with a due, play goes on, unless the queen is on the board
            return _result(other, QUEEN_POINTS, "striker_own_last_queen_on_board") if on_board else None
        if not opp_last:
            return None
        left = board.men[colour]  # own men pocketed on this stroke come back
        if mine:
            return _result(other, left, "opponent_last_after_covering")
        case = "foul_opponent_last_queen_on_board" if on_board or covering else "all_men"
        return _result(other, left + queen_points(scores, other), case)
    left = board.men[colour] - own
    if own_last and opp_last:
        if stroke.queen or covering:  # queen + own last + opponent's last, or on the covering stroke
            case = "queen_and_both_last" if stroke.queen else "covering_both_last"
            return _result(side, QUEEN_POINTS, case)
        if on_board:
            return _result(other, QUEEN_POINTS, "both_last_queen_on_board")
        return _result(side, max(1, queen_points(scores, side)) if mine else 1, "both_last")
    if own_last:
        # the queen with the last man is covered by it, unless it is his first man (97b)
        queen_now = stroke.queen and (board.pocketed_own[side] or own >= 2)
        if on_board and not queen_now:  # the queen left on the board
            return _result(other, QUEEN_POINTS if scores[other] < NO_QUEEN_FROM else 1,
                           "own_last_queen_on_board")
        covered_now = queen_now or covering or mine
        opp_left = board.men[1 - colour] - opp
        return _result(side, opp_left + (queen_points(scores, side) if covered_now else 0), "all_men")
    # the opponent's last man: the opponent wins by the men this side has left
    if mine:
        return _result(other, left, "opponent_last_after_covering")  # no queen points after covering her
    case = ("opponent_last_queen_on_board" if on_board else
            "covering_opponent_last" if covering else "all_men")
    return _result(other, left + queen_points(scores, other), case)


def _result(winner: int, points: int, case: str) -> BoardResult:
    return BoardResult(winner, min(points, MOST_PER_BOARD), case)
