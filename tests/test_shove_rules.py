"""Scenario tests for every rule of docs/rules.md §1-2, and properties of the marks."""
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from tablegame.core.games import IllegalAction, find_game
from tablegame.families.shove.rules import Cleared, CoinToss, Shove

A, B = 0, 1


def new(game="shove-hapenny", starter=A, **options):
    rules = find_game(game, **options)
    state = rules.initial_state([["Anna"], ["Ben"]])
    return rules, rules.apply(state, CoinToss(starter))


def play_turn(rules, state, scored=()):
    """The board cleared, then one round of counted shoves; ``scored`` lie in beds at the end."""
    if not state.cleared:
        state = rules.apply(state, Cleared())
    for i in range(state.coins_left - 1):
        state = rules.apply(state, Shove(()))
    return rules.apply(state, Shove(tuple(scored)))


def with_marks(state, a, b):
    return replace(state, marks=(tuple(a), tuple(b)))


# -- Shove ha'penny (docs/rules.md §1) ----------------------------------------------

def test_coins_inside_beds_chalk_marks_for_the_party_at_turn():
    rules, s = new()
    s = play_turn(rules, s, [2, 5, 5])
    assert s.marks[A] == (0, 1, 0, 0, 2, 0, 0, 0, 0)
    assert s.marks[B] == (0,) * 9
    assert s.turn == B and s.coins_left == 5


def test_a_bed_already_full_gives_the_mark_to_the_opponent():
    rules, s = new()
    s = with_marks(s, [3, 0, 0, 0, 0, 0, 0, 0, 0], [0] * 9)
    s = play_turn(rules, s, [1])
    assert s.marks[A][0] == 3 and s.marks[B][0] == 1
    assert s.last.given == (1,)


def test_a_give_away_is_lost_where_the_opponent_is_full_too():
    rules, s = new()
    s = with_marks(s, [3] + [0] * 8, [3] + [0] * 8)
    s = play_turn(rules, s, [1])
    assert s.marks == ((3,) + (0,) * 8, (3,) + (0,) * 8)
    assert s.last.lost == (1,)


def test_own_marks_first_then_the_give_aways():
    rules, s = new()
    s = with_marks(s, [0, 2, 0, 0, 0, 0, 0, 0, 0], [0] * 9)
    s = play_turn(rules, s, [2, 2, 2])
    assert s.marks[A][1] == 3  # one own mark completes the bed
    assert s.marks[B][1] == 2  # the other two go across
    assert s.last.own == (2,) and s.last.given == (2, 2)


def test_the_winning_mark_cannot_be_given_away():
    rules, s = new()
    # Ben lacks only his third mark in bed 9; Anna overflows there.
    s = with_marks(s, [0] * 8 + [3], [3] * 8 + [2])
    s = play_turn(rules, s, [9])
    assert s.marks[B][8] == 2 and s.last.lost == (9,)
    assert s.winner is None


def test_a_give_away_that_does_not_finish_the_opponent_still_counts():
    rules, s = new()
    s = with_marks(s, [0] * 8 + [3], [3] * 8 + [1])
    s = play_turn(rules, s, [9])
    assert s.marks[B][8] == 2 and s.last.given == (9,)


def test_equal_turns_the_second_party_still_plays_after_the_starter_completes():
    rules, s = new(starter=A)
    s = with_marks(s, [3] * 8 + [2], [0] * 9)
    s = play_turn(rules, s, [9])
    assert rules.complete(s, A) and s.winner is None and s.turn == B
    s = play_turn(rules, s, [1])
    assert s.winner == A
    assert rules.outcome(s).winner == A


def test_the_second_party_completing_first_wins_at_once():
    rules, s = new(starter=A)
    s = with_marks(s, [0] * 9, [3] * 8 + [2])
    s = play_turn(rules, s, [])
    s = play_turn(rules, s, [9])
    assert s.winner == B


def test_both_complete_on_equal_turns_leads_to_a_play_off_won_by_more_scoring_coins():
    rules, s = new(starter=A)
    s = with_marks(s, [3] * 8 + [2], [3] * 8 + [2])
    s = play_turn(rules, s, [9])
    s = play_turn(rules, s, [9])
    assert s.winner is None and s.tiebreak == (None, None) and s.turn == A
    s = play_turn(rules, s, [1, 4])
    s = play_turn(rules, s, [2, 3])
    assert s.winner is None and s.tiebreak == (None, None), "equal: play off again"
    s = play_turn(rules, s, [1])
    s = play_turn(rules, s, [5, 6])
    assert s.winner == B
    assert s.marks[A] == (3,) * 9, "play-off coins chalk nothing"


def test_both_complete_is_a_draw_with_the_draw_option():
    rules, s = new(starter=B, tie_break="draw")
    s = with_marks(s, [3] * 8 + [2], [3] * 8 + [2])
    s = play_turn(rules, s, [9])
    s = play_turn(rules, s, [9])
    assert s.drawn and rules.outcome(s).is_draw


def test_without_equal_turns_the_first_to_complete_wins_at_once():
    rules, s = new(equal_turns=False, starter=A)
    s = with_marks(s, [3] * 8 + [2], [0] * 9)
    s = play_turn(rules, s, [9])
    assert s.winner == A


def test_sergeant_and_gold_watch():
    rules, s = new()
    s = play_turn(rules, s, [4, 4, 4, 6, 7])
    assert s.last.sergeants == (4,)
    assert s.last.gold_watch
    assert not play_turn(rules, s, [1, 2]).last.gold_watch


def test_players_of_a_party_take_turns_in_order():
    rules = find_game("shove-hapenny")
    s = rules.apply(rules.initial_state([["Anna", "Carl"], ["Ben"]]), CoinToss(A))
    assert s.player(A) == "Anna"
    s = play_turn(rules, play_turn(rules, s), [])
    assert s.player(A) == "Carl" and s.player(B) == "Ben"
    s = play_turn(rules, play_turn(rules, s), [])
    assert s.player(A) == "Anna"


def test_a_turn_is_five_counted_coins():
    rules, s = new()
    s = rules.apply(s, Cleared())
    for left in (4, 3, 2, 1):
        s = rules.apply(s, Shove(()))
        assert s.coins_left == left and s.turn == A
    s = rules.apply(s, Shove(()))
    assert s.turn == B


@pytest.mark.parametrize("action, reason", [
    (Shove((10,)), "there is no bed 10"),
    (Shove((0,)), "there is no bed 0"),
    (Shove((1, 2)), "only 1 lie on the board"),
    (CoinToss(B), "the coin toss is done"),
])
def test_illegal_actions_say_why_and_change_nothing(action, reason):
    rules, s = new()
    s = rules.apply(s, Cleared())
    with pytest.raises(IllegalAction, match=reason):
        rules.apply(s, action)


def test_no_shove_before_the_toss():
    rules = find_game("shove-hapenny")
    with pytest.raises(IllegalAction, match="toss the coin first"):
        rules.apply(rules.initial_state([["A"], ["B"]]), Shove(()))


def test_bad_options_name_the_option():
    with pytest.raises(ValueError, match="unknown option.*colour"):
        find_game("shove-hapenny", colour="red")
    with pytest.raises(ValueError, match="tie_break"):
        find_game("shove-hapenny", tie_break="coin")


# -- Shove piecepack and its variants (docs/rules.md §2) -----------------------------

def test_piecepack_needs_one_mark_in_each_of_seven_beds():
    rules, s = new("shove-piecepack")
    assert rules.beds == 7 and rules.target == 1 and not rules.equal_turns
    s = play_turn(rules, s, [1, 1])
    assert s.marks[A][0] == 1 and s.marks[B][0] == 1, "the second coin in bed 1 is given away"


def test_piecepack_first_to_fill_every_bed_wins_at_once():
    rules, s = new("shove-piecepack", starter=B)
    s = with_marks(s, [0] * 7, [1] * 6 + [0])
    s = play_turn(rules, s, [7])
    assert s.winner == B


def test_progressive_scoring_coins_are_shoved_again_in_the_same_turn():
    rules, s = new("shove-piecepack", progressive=True)
    s = play_turn(rules, s, [1, 2])
    assert s.turn == A and s.coins_left == 2, "two scoring coins come back"
    s = play_turn(rules, s, [3])
    assert s.turn == A and s.coins_left == 1
    s = play_turn(rules, s, [])
    assert s.turn == B, "a round of replays that scores nothing ends the turn"
    assert s.marks[A] == (1, 1, 1, 0, 0, 0, 0)


def test_progressive_starter_may_win_before_the_opponent_plays():
    rules, s = new("shove-piecepack", progressive=True)
    s = play_turn(rules, s, [1, 2, 3, 4, 5])
    s = play_turn(rules, s, [6, 7])
    assert s.winner == A and s.turns == (1, 0)


def test_short_piecepack_has_fewer_beds_but_keeps_two():
    rules, s = new("shove-piecepack", beds=4)
    assert len(s.marks[A]) == 4
    s = with_marks(s, [1, 1, 1, 0], [0] * 4)
    assert play_turn(rules, s, [4]).winner == A
    with pytest.raises(ValueError, match="2 to 7 beds"):
        find_game("shove-piecepack", beds=1)


def test_flick_changes_nothing_in_the_scoring():
    plain, s1 = new("shove-piecepack")
    flick, s2 = new("shove-piecepack", flick=True)
    assert play_turn(plain, s1, [1, 3, 3]).marks == play_turn(flick, s2, [1, 3, 3]).marks


# -- properties -------------------------------------------------------------------

turns = st.lists(st.lists(st.integers(1, 9), max_size=5), max_size=60)


@settings(max_examples=60, deadline=None)
@given(turns, st.sampled_from([A, B]))
def test_every_scoring_coin_is_chalked_given_or_lost_and_marks_never_pass_the_target(
        scores, starter):
    rules, s = new(starter=starter)
    for scored in scores:
        if s.over:
            break
        before = sum(map(sum, s.marks))
        s = play_turn(rules, s, scored)
        last = s.last
        assert sorted(last.own + last.given + last.lost) == sorted(scored) or last.tiebreak
        assert all(m <= rules.target for party in s.marks for m in party)
        assert sum(map(sum, s.marks)) >= before


marks = st.lists(st.integers(0, 3), min_size=9, max_size=9)


@settings(max_examples=150, deadline=None)
@given(turns, st.sampled_from([A, B]), marks, marks)
def test_a_finished_game_gave_both_parties_the_same_number_of_turns(scores, starter, a, b):
    rules, s = new(starter=starter)
    s = with_marks(s, a, b)
    finished = s.over
    for scored in scores:
        if s.over:
            break
        s = play_turn(rules, s, scored)
    if s.over and not finished:
        assert s.turns[A] == s.turns[B]
        if s.winner is not None and s.tiebreak is None:
            assert rules.complete(s, s.winner)


def test_a_game_of_easy_scores_ends_with_equal_turns():
    rules, s = new(starter=B)
    s = with_marks(s, [3] * 8 + [2], [3] * 7 + [2, 3])
    s = play_turn(rules, s, [8])  # Ben completes first, as the starter
    assert not s.over and s.turn == A
    s = play_turn(rules, s, [])
    assert s.winner == B and s.turns == (1, 1)


def test_no_coin_counts_until_the_board_is_cleared_after_a_scoring():
    rules, s = new()
    s = play_turn(rules, s, [1])
    assert not s.cleared
    with pytest.raises(IllegalAction, match="clear the board first"):
        rules.apply(s, Shove(()))
    s = rules.apply(s, Cleared())
    assert rules.apply(s, Shove(())).coins_left == 4


def test_progressive_replays_start_from_a_cleared_board_too():
    rules, s = new("shove-piecepack", progressive=True)
    s = play_turn(rules, s, [1, 2])
    assert s.coins_left == 2 and not s.cleared


# -- staff corrections (issue 8): a bed's marks for a party -------------------------------

@given(party=st.integers(-1, 2), bed=st.integers(0, 10), marks=st.integers(-1, 4))
def test_a_correction_sets_one_beds_marks_or_is_refused_and_changes_nothing(party, bed, marks):
    from tablegame.families.shove.rules import SetMarks, hapenny
    rules = hapenny()   # 9 beds, 3 marks each
    state = rules.apply(rules.initial_state([["Anna"], ["Ben"]]), CoinToss(0))
    action = SetMarks(party, bed, marks)
    if party in (0, 1) and 1 <= bed <= 9 and 0 <= marks <= 3:
        after = rules.apply(state, action)
        assert after.marks[party][bed - 1] == marks
        assert replace(after, marks=state.marks) == state          # nothing else changed
    else:
        with pytest.raises(IllegalAction):
            rules.apply(state, action)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.booleans())
def test_a_state_but_changes_is_the_state_replace_makes(on_board, left, cleared):
    """``ShoveState.but`` (the counted coin's new state without ``__init__``, issue 30)
    gives the state ``dataclasses.replace`` gives: equal, hashed alike, nothing shared
    changed; a name that is no field is refused."""
    _, state = new()
    changes = {"on_board": on_board, "coins_left": left, "cleared": cleared, "moved": ()}
    made = state.but(**changes)
    assert made == replace(state, **changes) and hash(made) == hash(replace(state, **changes))
    assert state == new()[1]
    with pytest.raises(TypeError):
        state.but(coins=3)
