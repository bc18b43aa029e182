"""The Carrom board's physics: ICF sizes, the break set-up, pieces that slide, rebound
off the cushions and drop into the pockets, and strokes that replay exactly."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from tablegame.families.carrom.physics import (BLACK, MEN, QUEEN, STRIKER, WHITE, CarromBoard, CarromTable,
                                      Piece, Strike, break_setup)

BOARD = CarromBoard()


def test_the_break_set_up_has_nine_of_each_colour_and_the_queen_in_the_centre():
    pieces = break_setup(BOARD)
    kinds = [p.kind for p in pieces]
    assert kinds.count(WHITE) == kinds.count(BLACK) == MEN and kinds.count(QUEEN) == 1
    queen = next(p for p in pieces if p.kind == QUEEN)
    assert (queen.x, queen.y) == BOARD.centre
    for i, a in enumerate(pieces):      # touching, never overlapping
        for b in pieces[i + 1:]:
            assert math.hypot(a.x - b.x, a.y - b.y) >= BOARD.man_diameter - 1e-9
    assert all(math.hypot(p.x - 370, p.y - 370) < BOARD.outer_circle / 2 for p in pieces)


def test_a_lone_striker_slides_as_far_as_friction_allows():
    table = CarromTable()
    result = table.strike(Strike(0, 0, 0, 1000))
    (striker,) = result.pieces
    expected = 1000 ** 2 / (2 * BOARD.friction * 9810)
    assert striker.y - BOARD.striker_line_y() == pytest.approx(expected, rel=0.02)
    assert table.pieces() == ()   # the striker is taken back after the stroke


def test_a_man_in_line_with_a_pocket_is_pocketed_and_a_man_beside_the_line_is_not():
    sx, sy = CarromTable().striker_spot(Strike(0, 200, 0, 1))
    px, py = BOARD.pockets()[2]
    angle = math.degrees(math.atan2(px - sx, py - sy))
    on_line = Piece(BLACK, sx + 0.8 * (px - sx), sy + 0.8 * (py - sy))
    result = CarromTable(pieces=[on_line]).strike(Strike(0, 200, angle, 4000))
    assert (2, BLACK) in [(p.pocket, p.kind) for p in result.pocketed]
    assert all(p.kind != BLACK for p in result.pieces)
    beside = Piece(BLACK, on_line.x - 60, on_line.y)
    result = CarromTable(pieces=[beside]).strike(Strike(0, 200, angle, 4000))
    assert [p for p in result.pieces if p.kind == BLACK] == [beside]  # never touched


def test_pieces_rebound_off_the_cushions_and_never_leave_the_board():
    table = CarromTable()
    table.set_up_break()
    result = table.strike(Strike(0, 30, 3, 9000))
    for p in result.pieces:
        r = BOARD.radius(p.kind)
        assert r - 0.5 <= p.x <= BOARD.size - r + 0.5 and r - 0.5 <= p.y <= BOARD.size - r + 0.5
    assert len(result.pieces) + len(result.pocketed) == 20


def test_every_seat_strikes_from_its_own_base_line_towards_the_centre():
    for seat in range(4):
        table = CarromTable()
        x, y = table.striker_spot(Strike(seat, 0, 0, 0))
        assert math.hypot(x - 370, y - 370) == pytest.approx(370 - BOARD.striker_line_y())
        (striker,) = table.strike(Strike(seat, 0, 0, 800)).pieces
        assert math.hypot(striker.x - 370, striker.y - 370) < math.hypot(x - 370, y - 370)


def test_the_same_stroke_from_the_same_position_gives_the_same_result():
    def once():
        table = CarromTable()
        table.set_up_break()
        return table.strike(Strike(0, -40, 1.5, 7000))
    assert once() == once()


@pytest.mark.parametrize("strike, words", [
    (Strike(0, 400, 0, 1000), "base line"),
    (Strike(5, 0, 0, 1000), "seat"),
    (Strike(0, 0, float("nan"), 1000), "impossible"),
])
def test_an_impossible_stroke_is_refused_in_words(strike, words):
    with pytest.raises(ValueError, match=words):
        CarromTable().strike(strike)


@pytest.mark.parametrize("piece, words", [
    (Piece(WHITE, 5, 370), "not on the board"),
    (Piece(WHITE, 16, 16), "pocket"),
    (Piece("red", 300, 300), "unknown piece"),
])
def test_a_piece_that_cannot_lie_there_is_refused(piece, words):
    with pytest.raises(ValueError, match=words):
        CarromTable().place(piece)


def test_a_tenth_white_and_a_second_queen_are_refused():
    table = CarromTable()
    table.set_up_break()
    with pytest.raises(ValueError, match="only 9"):
        table.place(Piece(WHITE, 100, 370))
    with pytest.raises(ValueError, match="only 1"):
        table.place(Piece(QUEEN, 100, 370))


@settings(max_examples=25, deadline=None)
@given(along=st.floats(-200, 200), angle=st.floats(-60, 60), speed=st.floats(0, 9000))
def test_no_piece_is_lost_or_made_by_a_stroke(along, angle, speed):
    table = CarromTable()
    table.set_up_break()
    result = table.strike(Strike(0, along, angle, speed))
    kinds = [p.kind for p in result.pieces] + [p.kind for p in result.pocketed]
    assert sorted(kinds) == sorted([WHITE] * 9 + [BLACK] * 9 + [QUEEN, STRIKER])
    assert all(BOARD.in_pocket(p.x, p.y) is None for p in result.pieces)
