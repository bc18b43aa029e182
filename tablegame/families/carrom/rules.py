"""Carrom by the ICF laws (docs/rules.md section 5): singles or doubles, the break and its
three attempts, strokes, the queen and its cover, dues, fouls entered by hand, board
and game scoring, the tie board. The stroke itself is ruled in ``carrom_stroke``, the
last-piece cases in ``carrom_last``. Every applied action leaves its ``Ruling`` in the
state; every reason for an illegal action is a Note (texts in ``tablegame.families.carrom.texts``),
the messages are their English texts."""
from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Sequence

from tablegame.core.rules import IllegalAction, Outcome, Rules
from tablegame.families.carrom.last import board_end, left_seat
from tablegame.families.carrom.state import (
    ACTIONS, BOARDS, CENTRE, COLOURS, MEN, OUTER, QUEEN_ON_BOARD, QUEEN_PENDING, SETUP, WIN_POINTS,
    BoardResult, BoardState, CarromState, CoinToss, FoulDuringTurn, LeftSeat, Placed, Placement, Ruling, Stroke,
    TechnicalFoul,
)
from tablegame.families.carrom.stroke import charge, replaced_at, rule_stroke
from tablegame.words.notes import Note
from tablegame.families.carrom.texts import refused

SET_UP = (Placement("all", 2 * MEN + 1, SETUP),)
BREAK_ATTEMPTS = 3


def _refused(reason: Note) -> IllegalAction:
    return IllegalAction.because(reason, "en")


class CarromRules(Rules):
    name = "carrom"
    state_type = CarromState
    action_types = ACTIONS
    min_parties = max_parties = 2
    max_actions = 1000  # random games take about 80 actions, the longest of 200 took 117

    def __init__(self, **options) -> None:
        if options:
            raise ValueError(f"unknown Carrom option {sorted(options)[0]!r}; Carrom has no options")

    def initial_state(self, parties: Sequence[Sequence[str]]) -> CarromState:
        players = tuple(tuple(p) for p in parties)
        if len(players) != 2 or {len(p) for p in players} not in ({1}, {2}):
            raise ValueError(refused("parties"))
        return CarromState(players, to_place=SET_UP)

    # -- the interface ----------------------------------------------------------------

    def apply(self, state: CarromState, action: object) -> CarromState:
        self._check_can_act(state, action)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise _refused(Note.of("cr_not_an_action", action=repr(action)))
        return handler(state, action)

    def outcome(self, state: CarromState) -> Outcome | None:
        if not state.over:
            return None
        winner = 0 if state.scores[0] > state.scores[1] else 1
        if max(state.scores) >= WIN_POINTS:
            return Outcome(winner, f"{WIN_POINTS} points")
        return Outcome(winner, "tie board" if state.boards_played > BOARDS else f"{BOARDS} boards")

    def random_action(self, state: CarromState, rng: random.Random) -> object:
        if state.toss_pending:
            return CoinToss(rng.randrange(2))
        if state.to_place:
            return Placed()
        roll = rng.random()
        if roll < 0.002:
            return LeftSeat(rng.randrange(2))
        if roll < 0.02:
            return TechnicalFoul(rng.random() < 0.5) if state.board.first_stroke else FoulDuringTurn()
        return _random_stroke(state.board, rng)

    def _check_can_act(self, state: CarromState, action: object) -> None:
        if state.over:
            raise _refused(Note.of("cr_game_over"))
        if state.toss_pending and not isinstance(action, CoinToss):
            raise _refused(Note.of("cr_toss_first"))
        if state.to_place and not isinstance(action, Placed):
            raise _refused(Note.of("cr_place_first"))


# -- actions -------------------------------------------------------------------------------


def _stroke(state: CarromState, stroke: Stroke) -> CarromState:
    _check_stroke(state.board, stroke)
    board, side = state.board, state.side
    if not board.break_made:
        if not stroke.touched:
            return _failed_attempt(state, stroke)
        board = replace(board, break_made=True)  # a man touched: every law applies (44)
    end = board_end(board, side, stroke, state.scores)
    colour = board.colour(side)
    if end is not None:
        result, law = end
        ruling = Ruling("Stroke", side, (law,), pocketed=(stroke.white, stroke.black),
                        turn="board_over")
        return _end_board(state, result, ruling)
    ruled = rule_stroke(board, side, stroke)
    comes_back = stroke.striker or stroke.improper  # own men pocketed on a foul
    pocketed = tuple(0 if c == colour and comes_back else stroke.pocketed(c) for c in range(2))
    ruling = Ruling("Stroke", side, ruled.laws, pocketed, ruled.queen, ruled.returned,
                    _placer(ruled.returned, _next_seat(state), COLOURS[colour]), ruled.dues,
                    ruled.paid, ruled.board.owed[side], "kept" if ruled.keep_turn else "passed",
                    opponent_paid=ruled.opponent_paid,
                    opponent_placed_by=state.seat if ruled.opponent_paid else None)
    return _next(state, ruled.board, ruled.keep_turn, ruling)


def _failed_attempt(state: CarromState, stroke: Stroke) -> CarromState:
    """No man touched at the break: the attempt is spent, nothing else (45a); after three
    the other side breaks, with the colours as they were (45b). An improper attempt, or the
    striker pocketed, loses the break at once, without a due (45c)."""
    board = state.board
    attempts = board.attempts + 1
    lost = stroke.improper or stroke.striker
    if attempts < BREAK_ATTEMPTS and not lost:
        ruling = Ruling("Stroke", state.side, ("45a",), turn="attempt")
        return replace(state, board=replace(board, attempts=attempts), ruling=ruling)
    board = replace(board, attempts=0, breaker=1 - board.breaker)
    ruling = Ruling("Stroke", state.side, ("45c",) if lost else ("45a", "45b"),
                    turn="break_lost" if lost else "break_passes")
    return replace(state, board=board, seat=_next_seat(state), ruling=ruling)


def _technical_foul(state: CarromState, foul: TechnicalFoul) -> CarromState:
    if foul.by_player_on_turn and not state.board.first_stroke:
        raise _refused(Note.of("cr_technical_after_first"))
    side = state.side if foul.by_player_on_turn else 1 - state.side
    board, paid = charge(state.board, side, 1)
    returned = _outer(board, side, paid)  # 63b: the striker places the due
    placer = _placer(returned, _next_seat(state) if foul.by_player_on_turn else state.seat,
                     COLOURS[board.colour(side)])
    ruling = Ruling("TechnicalFoul", side, ("63a",) if foul.by_player_on_turn else ("63b",),
                    returned=returned, placed_by=placer, dues=1, paid=paid,
                    owed=board.owed[side], turn="kept")
    return replace(state, board=board, to_place=ruling.returned, ruling=ruling)


def _foul_during_turn(state: CarromState, foul: FoulDuringTurn) -> CarromState:
    if state.board.first_stroke:
        raise _refused(Note.of("cr_during_turn_first"))
    side, board = state.side, state.board
    queen = ""
    returned: tuple[Placement, ...] = ()
    if board.queen == QUEEN_PENDING and board.queen_side == side:  # not covered: she goes back
        board = replace(board, queen=QUEEN_ON_BOARD, queen_side=None)
        queen, returned = "back", (Placement("queen", 1, CENTRE),)
    board, paid = charge(board, side, 1)
    returned += _outer(board, side, paid)
    ruling = Ruling("FoulDuringTurn", side, ("64a",), queen=queen, returned=returned,
                    placed_by=_placer(returned, _next_seat(state), COLOURS[board.colour(side)]),
                    dues=1, paid=paid,
                    owed=board.owed[side], turn="passed")
    return _next(state, board, False, ruling)


def _left_seat(state: CarromState, action: LeftSeat) -> CarromState:
    _check_side(action.side)
    end = left_seat(state.board, state.scores, action.side)
    return _end_board(state, end, Ruling("LeftSeat", action.side, ("91",), turn="board_over"))


def _coin_toss(state: CarromState, toss: CoinToss) -> CarromState:
    if not state.toss_pending:
        raise _refused(Note.of("cr_no_toss"))
    _check_side(toss.side)
    rotation = state.boards_played % state.seats
    seat = rotation if rotation % 2 == toss.side else (rotation + 1) % state.seats
    return replace(state, toss_pending=False, seat=seat, to_place=SET_UP,
                   board=BoardState(white_side=toss.side, breaker=toss.side),
                   ruling=Ruling("CoinToss", toss.side, turn="passed"))


def _placed(state: CarromState, action: Placed) -> CarromState:
    if not state.to_place:
        raise _refused(Note.of("cr_nothing_to_place"))
    return replace(state, to_place=(), ruling=None)


_HANDLERS = {Stroke: _stroke, TechnicalFoul: _technical_foul, FoulDuringTurn: _foul_during_turn,
             LeftSeat: _left_seat, CoinToss: _coin_toss, Placed: _placed}


# -- bookkeeping ---------------------------------------------------------------------------


def _next(state: CarromState, board: BoardState, keep: bool, ruling: Ruling) -> CarromState:
    board = replace(board, first_stroke=not keep)
    seat = state.seat if keep else _next_seat(state)
    return replace(state, board=board, seat=seat, to_place=ruling.returned, ruling=ruling)


def _next_seat(state: CarromState) -> int:
    return (state.seat + 1) % state.seats  # the turn passes to the right


def _end_board(state: CarromState, result: BoardResult, ruling: Ruling) -> CarromState:
    scores = replaced_at(state.scores, result.winner, state.scores[result.winner] + result.points)
    played = state.boards_played + 1
    leader_after_eight = played >= BOARDS and scores[0] != scores[1]
    over = max(scores) >= WIN_POINTS or leader_after_eight
    toss = not over and played >= BOARDS
    seat = (played % state.seats)  # the break goes round the table, board by board
    ruling = replace(ruling, board=result, game_winner=result.winner if over else None)
    new = BoardState(white_side=seat % 2, breaker=seat % 2)
    return replace(state, board=new, seat=seat, scores=scores, boards_played=played,
                   results=state.results + (result,), over=over, toss_pending=toss,
                   to_place=() if over or toss else SET_UP, ruling=ruling)


def _placer(returned: tuple[Placement, ...], seat: int, piece: str) -> int | None:
    """Who puts the side's men (``piece``) inside the outer circle: the opponent, in doubles
    the player on the right of the one who struck (the next seat); None if none go there."""
    return seat if any(p.where == OUTER and p.piece == piece for p in returned) else None


def _outer(board: BoardState, side: int, count: int) -> tuple[Placement, ...]:
    return (Placement(COLOURS[board.colour(side)], count, OUTER),) if count else ()


# -- checks --------------------------------------------------------------------------------


def _check_side(side: object) -> None:
    if type(side) is not int or side not in (0, 1):
        # said to people, who count sides from 1 (the engine from 0)
        raise _refused(Note.of("cr_no_side", side=side + 1 if type(side) is int else repr(side)))


def _check_stroke(board: BoardState, stroke: Stroke) -> None:
    for f in fields(Stroke):
        value = getattr(stroke, f.name)
        kind = int if f.type in ("int", int) else bool
        if type(value) is not kind:
            raise _refused(Note.of("cr_wrong_type", field=f.name, kind=kind.__name__,
                                   value=repr(value)))
        if kind is int and value < 0:
            raise _refused(Note.of("cr_negative", field=f.name, value=value))
    for c in range(2):
        count = stroke.pocketed(c) + stroke.off(c)
        if count > board.men[c]:
            raise _refused(Note.of("cr_more_than_on_board", colour=COLOURS[c], count=count,
                                   left=board.men[c]))
    if (stroke.queen or stroke.off_queen) and board.queen != QUEEN_ON_BOARD:
        raise _refused(Note.of("cr_queen_not_on_board"))
    if stroke.queen and stroke.off_queen:
        raise _refused(Note.of("cr_queen_twice"))
    pieces = stroke.white + stroke.black + stroke.off_white + stroke.off_black
    if board.break_made is False and not stroke.touched and (pieces or stroke.queen or
                                                             stroke.off_queen):
        raise _refused(Note.of("cr_untouched_moved"))


def _random_stroke(board: BoardState, rng: random.Random) -> Stroke:
    if not board.break_made and rng.random() < 0.2:
        return Stroke(striker=rng.random() < 0.2, touched=False)
    men = list(board.men)
    pocketed = [0, 0]
    for c in rng.sample((0, 1), 2):
        pocketed[c] = min(men[c], rng.choice((0, 0, 1, 1, 1, 2, 3)))
    off = [min(men[c] - pocketed[c], 1 if rng.random() < 0.03 else 0) for c in range(2)]
    queen_free = board.queen == QUEEN_ON_BOARD
    queen = queen_free and rng.random() < 0.15
    return Stroke(pocketed[0], pocketed[1], queen, rng.random() < 0.1, off[0], off[1],
                  queen_free and not queen and rng.random() < 0.01, True, rng.random() < 0.03)
