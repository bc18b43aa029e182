"""Board geometry: where a coin lies, as docs/rules.md §1-2 define it."""
import pytest
from hypothesis import given, strategies as st

from tablegame.families.shove.board import Lie, hapenny_board, piecepack_board

HAPENNY = hapenny_board()
PIECEPACK = piecepack_board()


def test_hapenny_has_nine_beds_between_ten_lines():
    assert HAPENNY.beds == 9
    assert HAPENNY.lines[0] == pytest.approx((101.2, 102.0))
    assert HAPENNY.lines[1][0] - HAPENNY.lines[0][0] == pytest.approx(31.75)


def test_coin_centred_in_a_bed_scores_there():
    near, far = HAPENNY.bed_span(4)
    assert HAPENNY.place(178, (near + far) / 2).bed == 4


def test_coin_touching_a_line_does_not_score():
    r = HAPENNY.coin_radius
    near, _ = HAPENNY.lines[3]
    assert HAPENNY.place(178, near - r + 0.01).lie is Lie.ON_LINE
    assert HAPENNY.place(178, near - r - 0.01).lie is Lie.IN_BED


def test_coin_touching_a_side_line_does_not_score():
    near, far = HAPENNY.bed_span(2)
    y = (near + far) / 2
    left = HAPENNY.lane[0]
    assert HAPENNY.place(left + HAPENNY.coin_radius - 0.01, y).lie is Lie.ON_LINE
    assert HAPENNY.place(left + HAPENNY.coin_radius + 0.01, y).lie is Lie.IN_BED
    assert HAPENNY.place(left - 1, y).lie is Lie.OUTSIDE_LANE


def test_short_of_first_line_means_far_edge_before_near_edge_of_line():
    r = HAPENNY.coin_radius
    near = HAPENNY.lines[0][0]
    assert HAPENNY.place(178, near - r - 0.01).lie is Lie.SHORT
    assert HAPENNY.place(178, near - r + 0.01).lie is Lie.ON_LINE


def test_beyond_last_line_off_board_and_outside_frame():
    far = HAPENNY.lines[-1][1]
    assert HAPENNY.place(178, far + HAPENNY.coin_radius + 1).lie is Lie.BEYOND_LAST_LINE
    assert HAPENNY.place(178, HAPENNY.length + 5).lie is Lie.OFF_BOARD
    assert HAPENNY.place(-5, 200).lie is Lie.OFF_BOARD
    assert HAPENNY.place(178, HAPENNY.length + HAPENNY.frame + 1).lie is Lie.OUTSIDE_FRAME


def test_piecepack_has_seven_beds_one_per_side_tile_between_gaps():
    assert PIECEPACK.beds == 7
    assert PIECEPACK.lines[0][0] == pytest.approx(50.8)  # first gap: one tile from the edge
    assert PIECEPACK.lane[1] - PIECEPACK.lane[0] == pytest.approx(203.2)
    near, far = PIECEPACK.bed_span(1)
    assert PIECEPACK.place(152.4, (near + far) / 2).bed == 1


def test_short_piecepack_removes_one_bed_per_tile_and_keeps_two():
    assert piecepack_board(beds=5).beds == 5
    with pytest.raises(ValueError, match="at least 2 beds"):
        piecepack_board(beds=1)


@given(st.floats(-100, 700), st.floats(-100, 700))
def test_a_coin_in_a_bed_is_clear_of_both_lines_and_side_lines(x, y):
    for board in (HAPENNY, PIECEPACK):
        p = board.place(x, y)
        if p.lie is Lie.IN_BED:
            near, far = board.bed_span(p.bed)
            r = board.coin_radius
            assert near < y - r and y + r < far
            assert board.lane[0] < x - r and x + r < board.lane[1]


@given(st.floats(-100, 700), st.floats(-100, 700), st.sampled_from([2, 5, 7, 9]))
def test_a_coin_clear_of_every_line_inside_the_lane_is_in_the_bed_around_it(x, y, beds):
    """The converse: placing finds the bed by a search of the line edges, the same bed
    as a walk through every bed would."""
    for board in (hapenny_board(beds=beds), piecepack_board(beds=min(beds, 7))):
        r = board.coin_radius
        inside = [bed for bed in range(1, board.beds + 1)
                  if board.bed_span(bed)[0] < y - r and y + r < board.bed_span(bed)[1]]
        if inside and board.lane[0] < x - r and x + r < board.lane[1]:
            assert board.place(x, y).lie is Lie.IN_BED and board.place(x, y).bed == inside[0]
        assert board.open_bed(y) == next((bed for bed in range(1, board.beds + 1)
                                          if board.bed_span(bed)[0] < y < board.bed_span(bed)[1]),
                                         None)


@given(st.lists(st.tuples(st.floats(-100, 700), st.floats(-100, 700)), max_size=40),
       st.integers(1, 8))
def test_a_remembered_placement_is_the_one_the_board_gives_anew(positions, kept):
    """``place`` remembers placements by position (a reading's coins lie where they lay):
    asked again, and after the memory was full and began again, the same answers."""
    import tablegame.families.shove.board as board_module
    board, default = piecepack_board(), board_module.PLACED_KEPT
    board_module.PLACED_KEPT = kept
    try:
        for x, y in positions + positions[::-1]:
            assert board.place(x, y) == board._placement(x, y)
    finally:
        board_module.PLACED_KEPT = default


def test_a_coin_lying_still_is_not_placed_again(monkeypatch):
    board = hapenny_board()
    searched = []
    search = type(board)._placement
    monkeypatch.setattr(type(board), "_placement",
                        lambda self, x, y: searched.append((x, y)) or search(self, x, y))
    for _ in range(5):   # the referee, its touching lines, the physics check, the screen
        assert board.place(178.0, 150.0) == board.place(178.0, 150.0)
    assert searched == [(178.0, 150.0)]


@given(st.floats(-100, 700), st.floats(-100, 700))
def test_short_is_the_placements_short_and_places_nothing(x, y):
    """The physics check asks every simulated rest whether it is short (issue 31,
    sixteenth round): the placement's answer, and its thousands of positions are not
    remembered (they would push the readings' own out)."""
    for board in (HAPENNY, PIECEPACK):
        kept = dict(board._placed)
        assert board.short(x, y) == (board._placement(x, y).lie is Lie.SHORT)
        assert board._placed == kept
