"""The referee turns settled sensor readings into counted shoves, and refuses what
no real board can show (docs/rules.md §1: short coins are shoved again; only coins
completely inside a bed score)."""
from hypothesis import given, settings, strategies as st

from tablegame.families.shove.board import hapenny_board
from tablegame.core.games import find_game
from tablegame.families.shove.rules import Cleared, CoinToss, Shove
from tablegame.families.shove.referee import coins_to_clear, judge
from tablegame.core.sensors import BoardSnapshot, CoinReading

BOARD = hapenny_board()
RULES = find_game("shove-hapenny")
X = BOARD.width / 2


def in_bed(bed, dx=0.0):
    near, far = BOARD.bed_span(bed)
    return CoinReading(X + dx, (near + far) / 2)


ON_LINE = CoinReading(X, BOARD.lines[2][0])
SHORT = CoinReading(X, 40.0)
OFF = CoinReading(X, BOARD.length + 20)


def started():
    """Tossed, and the board seen empty: coins count."""
    state = RULES.apply(RULES.initial_state([["Anna"], ["Ben"]]), CoinToss(0))
    return RULES.apply(state, Cleared())


def settled(*coins):
    return BoardSnapshot(tuple(coins), settled=True)


def test_a_coin_in_a_bed_is_a_counted_shove_scoring_that_bed():
    verdict = judge(BOARD, started(), settled(in_bed(4)))
    assert verdict.action == Shove((4,)) and not verdict.problem


def test_a_coin_on_a_line_or_off_the_board_is_played_but_scores_nothing():
    assert judge(BOARD, started(), settled(ON_LINE)).action == Shove(())
    assert judge(BOARD, started(), settled(OFF)).action == Shove(())


def test_a_coin_short_of_the_first_line_is_not_counted_and_is_shoved_again():
    verdict = judge(BOARD, started(), settled(SHORT))
    assert verdict.action is None and verdict.note.key == "short_of_first_line"
    assert not verdict.problem


def test_scoring_counts_every_coin_on_the_board_after_the_shove():
    state = RULES.apply(started(), Shove((2,)))
    verdict = judge(BOARD, state, settled(in_bed(2), in_bed(7), ON_LINE))
    assert verdict.action is None, "three coins played but only two expected"
    verdict = judge(BOARD, state, settled(in_bed(3), in_bed(7)))  # the first was knocked on
    assert verdict.action == Shove((3, 7))


def test_the_same_settled_reading_twice_counts_once():
    state = RULES.apply(started(), judge(BOARD, started(), settled(in_bed(4))).action)
    assert judge(BOARD, state, settled(in_bed(4))).action is None


def test_moving_readings_are_not_refereed():
    moving = BoardSnapshot((in_bed(4),), settled=False)
    assert judge(BOARD, started(), moving).action is None


def test_after_the_turn_the_board_must_be_cleared_before_the_next_coin_counts():
    state = started()
    for _ in range(5):
        state = RULES.apply(state, Shove(()))
    assert state.turn == 1
    full = settled(*(in_bed(b) for b in (1, 3, 5, 7, 9)))
    verdict = judge(BOARD, state, full)
    assert verdict.action is None and not verdict.problem
    assert coins_to_clear(BOARD, state, full) == 5
    assert judge(BOARD, state, settled()).action == Cleared()
    state = RULES.apply(state, Cleared())
    assert coins_to_clear(BOARD, state, full) == 0
    assert judge(BOARD, state, settled(in_bed(6))).action == Shove((6,))


def test_a_board_cleared_by_hand_down_to_one_coin_is_not_a_new_shove():
    state = started()
    for _ in range(5):
        state = RULES.apply(state, Shove(()))
    for left in (4, 3, 2, 1):  # guests take the coins off one by one
        verdict = judge(BOARD, state, settled(*(in_bed(b) for b in range(1, left + 1))))
        assert verdict.action is None, f"{left} coins left lying were taken for a shove"
    assert judge(BOARD, state, settled(SHORT)).action == Cleared(), "a waiting coin is no play"


def test_two_overlapping_coins_are_refused_with_the_bed_named():
    verdict = judge(BOARD, started(), settled(in_bed(3), in_bed(3, dx=5)))
    assert verdict.problem and verdict.action is None
    assert verdict.note.key == "coins_overlap_in_bed" and verdict.note.kwargs == {"bed": 3}


def test_a_reading_outside_the_frame_is_refused():
    verdict = judge(BOARD, started(), settled(CoinReading(X, BOARD.length + 500)))
    assert verdict.problem and verdict.note.key == "outside_frame"


def test_more_coins_than_exist_is_refused():
    coins = [CoinReading(20 + 30 * i, 30.0) for i in range(11)]
    verdict = judge(BOARD, started(), settled(*coins))
    assert verdict.problem and verdict.note.kwargs == {"seen": 11, "exist": 10}


def test_coins_that_vanish_mid_turn_are_reported():
    state = RULES.apply(RULES.apply(started(), Shove(())), Shove(()))
    verdict = judge(BOARD, state, settled(in_bed(1)))
    assert verdict.problem and verdict.note.key == "coins_missing"


def test_nothing_is_counted_before_the_coin_toss():
    fresh = RULES.apply(RULES.initial_state([["Anna"], ["Ben"]]), Cleared())
    verdict = judge(BOARD, fresh, settled(in_bed(2)))
    assert verdict.action is None and verdict.note.key == "toss_first"


coin = st.builds(CoinReading, st.floats(-50, 420), st.floats(-50, 560))


@settings(max_examples=200, deadline=None)
@given(st.lists(coin, max_size=12))
def test_any_reading_gives_an_action_the_rules_accept_or_a_reason(coins):
    state = started()
    verdict = judge(BOARD, state, settled(*coins))
    if verdict.action is not None:
        RULES.apply(state, verdict.action)  # never raises: the referee only proposes legal shoves
    assert not (verdict.problem and verdict.action is not None)
    if verdict.problem:
        assert verdict.note is not None
