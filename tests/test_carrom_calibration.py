"""Where the staff page's calibration says a Carrom piece lies (tablegame.families.carrom.calibration):
the same place seen a quarter turn round is the same place at the next seat and pocket,
and what it calls inside the outer circle the referee takes as put back there."""
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tablegame.families.carrom.calibration import calibration, where
from tablegame.families.carrom.physics import CarromBoard
from tablegame.families.carrom.referee import inside_outer_circle
from tablegame.core.sensors import PieceReading, PiecesSnapshot

BOARD = CarromBoard()
SIZE = BOARD.size
KIND = st.sampled_from(("white", "black", "queen", "striker"))
# readings on a 1/64 mm grid: a quarter turn (size - y) is then exact, as a real board's
# resolution is; a float a hair beyond the edge turned would round onto it
ON_OR_NEAR = st.integers(-40 * 64, int(SIZE + 40) * 64).map(lambda v: v / 64)


def turned(note):
    """The note of the same place a quarter turn anticlockwise on: the next seat, the next pocket."""
    args = {k: tuple(sorted((s + 1) % 4 for s in v)) if isinstance(v, tuple) else (v + 1) % 4
            for k, v in note.kwargs.items()}
    return note.__class__.of(note.key, **args)


@settings(max_examples=300, deadline=None)
@given(KIND, ON_OR_NEAR, ON_OR_NEAR)
def test_a_place_a_quarter_turn_round_is_the_same_place_at_the_next_seat(kind, x, y):
    here = where(BOARD, PieceReading(kind, x, y))
    tx, ty = BOARD.to_board(1, x - SIZE / 2, y)        # seat 1 sees what seat 0 sees at (x, y)
    there = where(BOARD, PieceReading(kind, tx, ty))
    assert there == turned(here)


@settings(max_examples=300, deadline=None)
@given(KIND, ON_OR_NEAR, ON_OR_NEAR)
def test_what_is_called_inside_the_circles_the_referee_takes_as_put_back_there(kind, x, y):
    piece = PieceReading(kind, x, y)
    said = where(BOARD, piece).key
    off = not (0 <= x <= SIZE and 0 <= y <= SIZE)
    assert (said == "cr_lie_off") == off
    if said in ("cr_lie_centre", "cr_lie_outer"):
        assert inside_outer_circle(BOARD, piece)
    elif not off and said != "cr_lie_pocket":
        assert not inside_outer_circle(BOARD, piece)


def test_the_latest_board_reading_is_placed_and_the_rest_of_the_readings_left_alone():
    snapshot = PiecesSnapshot((PieceReading("queen", SIZE / 2, SIZE / 2),), settled=True)
    seen = calibration(BOARD, ("a dice reading", snapshot))
    assert [p.where.key for p in seen.pieces] == ["cr_lie_centre"]
    assert math.isclose(seen.pieces[0].shape.attrs[1][1], SIZE / 2)
    assert calibration(BOARD, ()).pieces == ()
