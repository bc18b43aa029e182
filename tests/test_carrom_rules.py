"""Carrom's laws, one scenario each, as docs/rules.md section 5 words them (ICF law numbers
in the names). Side 0 (Anna) plays white and is on turn unless a test says otherwise."""
from dataclasses import replace

import pytest

from tablegame.core.rules import IllegalAction
from tablegame.families.carrom.rules import CarromRules
from tablegame.families.carrom.ruling import ruling_notes
from tablegame.families.carrom.state import (
    BoardState, CarromState, CoinToss, FoulDuringTurn, LeftSeat, Placed, Placement, Stroke,
    TechnicalFoul,
)
from tablegame.texts import say

RULES = CarromRules()


def at(men=(9, 9), queen="board", queen_side=None, owed=(0, 0), pocketed_own=(True, True),
       first_stroke=True, scores=(0, 0), seat=0, doubles=False, boards_played=0, break_made=True):
    players = (("Anna", "Carl"), ("Ben", "Dora")) if doubles else (("Anna",), ("Ben",))
    board = BoardState(men=men, queen=queen, queen_side=queen_side, owed=owed,
                       pocketed_own=pocketed_own, break_made=break_made, first_stroke=first_stroke)
    return CarromState(players, board, seat=seat, scores=scores, boards_played=boards_played)


def play(state, *actions):
    for action in actions:
        if state.to_place and not isinstance(action, Placed):
            state = RULES.apply(state, Placed())
        state = RULES.apply(state, action)
    return state


def said(state, language="de"):
    return [say(language, n) for n in ruling_notes(state)]


# -- the break (44-45; 45c, the break lost at once, is in test_carrom_laws) ---------------


def test_law_45b_the_break_has_three_attempts_then_the_opponent_breaks_with_colours_kept():
    state = RULES.apply(RULES.initial_state([["Anna"], ["Ben"]]), Placed())
    for attempt in (1, 2):
        state = RULES.apply(state, Stroke(touched=False))
        assert (state.seat, state.board.attempts, state.ruling.dues) == (0, attempt, 0)
        assert state.ruling.turn == "attempt"
    state = RULES.apply(state, Stroke(touched=False))
    assert (state.seat, state.board.breaker, state.board.attempts) == (1, 1, 0)
    assert state.board.white_side == 0 and not state.board.break_made
    assert "Three breaks without touching a man: Ben breaks" in said(state, "en")
    state = RULES.apply(state, Stroke(black=1))
    assert state.board.break_made and state.board.men == (9, 8) and state.seat == 1


def test_law_44_a_break_that_touched_no_man_moved_none():
    with pytest.raises(IllegalAction, match="touched no man"):
        RULES.apply(at(break_made=False), Stroke(white=1, touched=False))


def test_law_97b_queen_and_one_man_at_the_break_is_not_yet_covered():
    state = RULES.apply(at(break_made=False, pocketed_own=(False, False)),
                        Stroke(white=1, queen=True))
    assert state.board.queen == "pending" and state.board.queen_side == 0
    assert state.seat == 0 and state.ruling.turn == "kept"
    state = RULES.apply(state, Stroke(white=1))
    assert state.board.queen == "covered" and state.board.men == (7, 9)


def test_law_97b_queen_and_two_men_at_the_break_is_covered():
    state = RULES.apply(at(break_made=False, pocketed_own=(False, False)),
                        Stroke(white=2, queen=True))
    assert (state.board.queen, state.board.queen_side, state.seat) == ("covered", 0, 0)


# -- the turn (48) -------------------------------------------------------------------------


def test_law_48_own_men_keep_the_turn_opponents_alone_end_it_and_stay_down():
    state = RULES.apply(at(), Stroke(white=1, black=1))
    assert state.seat == 0 and state.board.men == (8, 8) and not state.board.first_stroke
    state = RULES.apply(state, Stroke(black=2))
    assert state.seat == 1 and state.board.men == (8, 6) and state.board.first_stroke


def test_law_48_nothing_pocketed_passes_the_turn():
    assert RULES.apply(at(), Stroke()).seat == 1


def test_doubles_the_turn_passes_to_the_right_and_partners_sit_opposite():
    state = at(doubles=True)
    seats = []
    for _ in range(5):
        state = RULES.apply(state, Stroke())
        seats.append((state.seat, state.player(state.seat), state.side))
    assert seats == [(1, "Ben", 1), (2, "Carl", 0), (3, "Dora", 1), (0, "Anna", 0), (1, "Ben", 1)]


# -- striker and dues (72-75, 83) ----------------------------------------------------------


def test_law_72_striker_alone_one_due_and_the_turn_ends():
    state = RULES.apply(at(men=(6, 9)), Stroke(striker=True))
    assert state.board.men == (7, 9) and state.seat == 1
    assert state.to_place == (Placement("white", 1, "outer"),)
    assert "Weiß: 1 Stein in den äußeren Kreis setzen" in said(state)


def test_law_72_striker_alone_with_no_man_pocketed_owes_the_due():
    state = RULES.apply(at(pocketed_own=(False, False)), Stroke(striker=True))
    assert state.board.owed == (1, 0) and state.board.men == (9, 9) and state.to_place == ()
    assert state.ruling.owed == 1


def test_law_83_an_owed_due_is_paid_with_the_next_man_pocketed_and_the_turn_goes_on():
    state = RULES.apply(at(owed=(1, 0), pocketed_own=(False, False)), Stroke(white=2))
    assert state.board.owed == (0, 0) and state.board.men == (8, 9)
    assert state.seat == 0 and state.ruling.paid == 1
    assert state.to_place == (Placement("white", 1, "outer"),)
    assert "Anna: 1 geschuldeter Strafstein eingelöst" in said(state)


def test_law_73_striker_and_own_men_come_back_plus_a_due_and_the_turn_continues():
    state = RULES.apply(at(men=(5, 9)), Stroke(white=2, striker=True))
    assert state.board.men == (6, 9) and state.seat == 0
    assert state.to_place == (Placement("white", 3, "outer"),)
    assert state.ruling.pocketed == (0, 0) and state.ruling.laws == ("73",)


def test_law_73_striker_with_his_first_men_owes_the_due():
    state = RULES.apply(at(pocketed_own=(False, False)), Stroke(white=1, striker=True))
    assert state.board.men == (9, 9) and state.board.owed == (1, 0) and state.seat == 0
    assert state.board.pocketed_own == (False, False)


def test_law_74_striker_and_an_opponents_man_it_stays_down_one_due_turn_ends():
    state = RULES.apply(at(men=(6, 9)), Stroke(black=1, striker=True))
    assert state.board.men == (7, 8) and state.seat == 1


def test_law_75_striker_own_and_opponents_man_own_back_plus_due_opponents_stays_turn_continues():
    state = RULES.apply(at(men=(6, 9)), Stroke(white=1, black=1, striker=True))
    assert state.board.men == (7, 8) and state.seat == 0


# -- the queen (93-101) --------------------------------------------------------------------


def test_law_95c_queen_too_early_comes_back_and_the_turn_ends():
    state = RULES.apply(at(pocketed_own=(False, False)), Stroke(queen=True))
    assert state.board.queen == "board" and state.seat == 1
    assert state.to_place == (Placement("queen", 1, "centre"),)
    assert "Königin in den Mittelkreis" in said(state)
    assert "Queen in the centre circle" in said(state, "en")


def test_law_95c_earlier_men_count_even_if_they_went_back_as_dues():
    state = play(at(men=(8, 9), pocketed_own=(False, False)), Stroke(white=1), Stroke(striker=True))
    assert state.board.men == (8, 9) and state.seat == 1
    state = play(state, Stroke(), Stroke(queen=True))
    assert state.board.queen == "pending" and state.seat == 0


def test_law_95b_queen_with_a_due_owed_comes_back_and_the_turn_ends_the_due_stays_owed():
    state = RULES.apply(at(owed=(1, 0), pocketed_own=(True, False)), Stroke(queen=True))
    assert state.board.queen == "board" and state.board.owed == (1, 0) and state.seat == 1


def test_law_97a_queen_covered_on_the_same_stroke():
    state = RULES.apply(at(men=(7, 9)), Stroke(white=1, queen=True))
    assert (state.board.queen, state.board.queen_side, state.seat) == ("covered", 0, 0)


def test_law_97a_queen_covered_on_the_next_stroke():
    state = play(at(men=(7, 9)), Stroke(queen=True), Stroke(white=1))
    assert (state.board.queen, state.board.queen_side) == ("covered", 0)
    assert "Königin gedeckt von Anna" in said(state)


def test_law_96_queen_not_covered_goes_back_to_the_centre_and_the_turn_ends():
    state = play(at(men=(7, 9)), Stroke(queen=True), Stroke(black=1))
    assert state.board.queen == "board" and state.board.queen_side is None
    assert state.seat == 1 and state.board.men == (7, 8)
    assert state.to_place == (Placement("queen", 1, "centre"),)


def test_law_99a_striker_and_queen_queen_back_one_due_turn_continues():
    state = RULES.apply(at(men=(7, 9)), Stroke(queen=True, striker=True))
    assert state.board.queen == "board" and state.board.men == (8, 9) and state.seat == 0
    assert set(state.to_place) == {Placement("queen", 1, "centre"), Placement("white", 1, "outer")}


def test_law_95d_striker_and_queen_with_no_own_man_ever_the_turn_ends():
    state = RULES.apply(at(pocketed_own=(False, False)), Stroke(queen=True, striker=True))
    assert state.board.queen == "board" and state.board.owed == (1, 0) and state.seat == 1


def test_law_98a_striker_queen_and_own_man_both_back_one_due_in_all_turn_continues():
    state = RULES.apply(at(men=(7, 9)), Stroke(white=1, queen=True, striker=True))
    assert state.board.men == (8, 9) and state.board.queen == "board" and state.seat == 0
    assert state.ruling.dues == 1


def test_law_100a_striker_alone_on_the_covering_stroke_queen_back_one_due_turn_ends():
    state = play(at(men=(7, 9)), Stroke(queen=True), Stroke(striker=True))
    assert state.board.queen == "board" and state.board.men == (8, 9) and state.seat == 1


def test_law_101a_striker_and_own_man_on_the_covering_stroke_queen_stays_pending_one_more():
    state = play(at(men=(7, 9)), Stroke(queen=True), Stroke(white=1, striker=True))
    assert state.board.queen == "pending" and state.board.men == (8, 9) and state.seat == 0
    state = play(state, Stroke(white=1))
    assert state.board.queen == "covered"


# -- fouls entered by hand (63, 64, 76, 91) ------------------------------------------------


def test_law_63a_technical_foul_by_the_player_on_turn_one_due_turn_continues():
    state = RULES.apply(at(men=(6, 9)), TechnicalFoul(True))
    assert state.board.men == (7, 9) and state.seat == 0 and state.board.first_stroke


def test_law_63a_after_the_first_stroke_it_is_a_foul_during_the_turn():
    state = RULES.apply(at(), Stroke(white=1))
    with pytest.raises(IllegalAction, match="foul during the turn"):
        RULES.apply(state, TechnicalFoul(True))


def test_law_63b_technical_foul_by_the_player_not_on_turn_costs_him_a_due_turn_unaffected():
    state = RULES.apply(at(men=(6, 5)), TechnicalFoul(False))
    assert state.board.men == (6, 6) and state.seat == 0
    assert state.to_place == (Placement("black", 1, "outer"),)


def test_law_64a_foul_during_the_turn_one_due_turn_ends():
    state = play(at(men=(6, 9)), Stroke(white=1), FoulDuringTurn())
    assert state.board.men == (6, 9) and state.seat == 1


def test_law_64a_foul_during_the_turn_while_the_queen_awaits_cover_she_goes_back():
    state = play(at(men=(6, 9)), Stroke(queen=True), FoulDuringTurn())
    assert state.board.queen == "board" and state.seat == 1
    assert Placement("queen", 1, "centre") in state.to_place


def test_law_76_improper_stroke_own_men_and_queen_back_opponents_stay_one_due_turn_ends():
    state = RULES.apply(at(men=(6, 9)), Stroke(white=1, black=1, queen=True, improper=True))
    assert state.board.men == (7, 8) and state.board.queen == "board" and state.seat == 1
    assert state.ruling.dues == 1


def test_law_98b_improper_stroke_with_the_striker_down_two_dues():
    state = RULES.apply(at(men=(6, 9)), Stroke(improper=True, striker=True))
    assert state.board.men == (8, 9) and state.ruling.dues == 2 and state.seat == 1


def test_law_91_leaving_the_seat_loses_the_board_by_the_leavers_men_and_the_queen_on_the_board():
    state = RULES.apply(at(men=(4, 6)), LeftSeat(1))
    assert state.scores == (6 + 3, 0) and state.results[-1].case == "left_seat"


def test_owed_dues_that_cannot_be_paid_by_the_end_of_the_board_are_written_off():
    state = RULES.apply(at(men=(9, 1), owed=(2, 0), queen="covered", queen_side=1, seat=1),
                        Stroke(black=1))
    assert state.scores == (0, 9 + 3) and state.board.owed == (0, 0)


# -- pieces off the board (65, 116) --------------------------------------------------------


def test_law_65_pieces_off_the_board_go_to_the_centre_queen_first_no_foul():
    state = RULES.apply(at(men=(6, 9)), Stroke(white=1, off_black=1, off_white=1, off_queen=True))
    assert state.to_place == (Placement("queen", 1, "centre"), Placement("white", 1, "centre"),
                              Placement("black", 1, "centre"))
    assert state.board.men == (5, 9) and state.seat == 0 and state.ruling.dues == 0


def test_law_116_the_striker_off_the_board_is_no_foul():
    state = RULES.apply(at(men=(6, 9)), Stroke())
    assert state.board.men == (6, 9) and state.ruling.dues == 0


# -- board won (54) and the 22-point rule --------------------------------------------------


def test_law_54_the_board_scores_one_per_opponent_man_and_three_for_the_covered_queen():
    state = RULES.apply(at(men=(1, 4), queen="covered", queen_side=0), Stroke(white=1))
    assert state.scores == (7, 0) and state.results[-1].case == "all_men"
    assert state.to_place == (Placement("all", 19, "setup"),) and state.board.men == (9, 9)


def test_law_54_the_queen_covered_by_the_loser_scores_nothing():
    state = RULES.apply(at(men=(1, 4), queen="covered", queen_side=1), Stroke(white=1))
    assert state.scores == (4, 0)


def test_law_54_no_queen_points_from_22():
    state = RULES.apply(at(men=(1, 4), queen="covered", queen_side=0, scores=(22, 3)),
                        Stroke(white=1))
    assert state.scores == (26, 3)


def test_law_54_the_break_alternates_board_by_board():
    state = RULES.apply(at(men=(1, 4), queen="covered", queen_side=0), Stroke(white=1))
    assert state.seat == 1 and state.board.white_side == 1 and state.board.breaker == 1


# -- the last piece (102-112) --------------------------------------------------------------


def last(stroke, men=(1, 1), **position):
    state = RULES.apply(at(men=men, **position), stroke)
    result = state.results[-1]
    return result.winner, result.points, result.case


def test_law_102_112_opponents_last_man_with_the_queen_on_the_board_loses_by_own_men_plus_3():
    assert last(Stroke(black=1), men=(4, 1)) == (1, 7, "opponent_last_queen_on_board")


def test_law_102_112_the_queen_counts_0_if_the_opponent_has_22():
    assert last(Stroke(black=1), men=(4, 1), scores=(0, 22)) == (1, 4, "opponent_last_queen_on_board")


def test_law_102_112_own_last_man_leaving_the_queen_on_the_board_loses_by_3():
    assert last(Stroke(white=1), men=(1, 5)) == (1, 3, "own_last_queen_on_board")


def test_law_102_112_own_last_man_leaving_the_queen_loses_by_1_if_the_opponent_has_22():
    assert last(Stroke(white=1), men=(1, 5), scores=(0, 23)) == (1, 1, "own_last_queen_on_board")


def test_law_102_112_own_last_and_opponents_last_with_the_queen_on_the_board_opponent_gets_3():
    assert last(Stroke(white=1, black=1)) == (1, 3, "both_last_queen_on_board")


def test_law_102_112_queen_own_last_and_opponents_last_in_one_proper_stroke_wins_by_3():
    assert last(Stroke(white=1, black=1, queen=True)) == (0, 3, "queen_and_both_last")


def test_law_102_112_on_the_covering_stroke_own_last_and_opponents_last_wins_by_3():
    state = play(at(men=(1, 1)), Stroke(queen=True), Stroke(white=1, black=1))
    result = state.results[-1]
    assert (result.winner, result.points, result.case) == (0, 3, "covering_both_last")


def test_law_102_112_on_the_covering_stroke_the_opponents_last_alone_loses_by_own_men_plus_3():
    state = play(at(men=(3, 1)), Stroke(queen=True), Stroke(black=1))
    result = state.results[-1]
    assert (result.winner, result.points, result.case) == (1, 6, "covering_opponent_last")


def test_law_102_112_own_last_man_and_striker_man_back_plus_due_play_goes_on():
    state = RULES.apply(at(men=(1, 4), queen="covered", queen_side=1), Stroke(white=1, striker=True))
    assert state.results == () and state.board.men == (2, 4) and state.seat == 0


def test_law_102_112_own_last_man_and_striker_with_the_queen_on_the_board_loses_by_3():
    assert last(Stroke(white=1, striker=True), men=(1, 4)) == (1, 3, "striker_own_last_queen_on_board")


def test_law_102_112_striker_own_last_and_opponents_last_loses_by_1_if_he_had_covered_the_queen():
    assert last(Stroke(white=1, black=1, striker=True), queen="covered", queen_side=0) == \
        (1, 1, "foul_both_last")


def test_law_102_112_striker_own_last_and_opponents_last_loses_by_3_if_the_opponent_had():
    assert last(Stroke(white=1, black=1, striker=True), queen="covered", queen_side=1) == \
        (1, 3, "foul_both_last")


def test_law_102_112_opponents_last_man_and_striker_with_the_queen_on_the_board_loses_by_own_plus_3():
    assert last(Stroke(black=1, striker=True), men=(5, 1)) == \
        (1, 8, "foul_opponent_last_queen_on_board")


def test_law_102_112_opponents_last_man_after_covering_the_queen_loses_by_own_men_no_queen_points():
    assert last(Stroke(black=1), men=(5, 1), queen="covered", queen_side=0) == \
        (1, 5, "opponent_last_after_covering")


def test_law_102_112_own_last_man_covering_the_queen_wins_with_the_queen():
    state = play(at(men=(1, 4)), Stroke(queen=True), Stroke(white=1))
    assert state.scores == (4 + 3, 0)


def test_law_102_112_queen_and_own_last_man_in_one_stroke_wins_with_the_queen():
    assert last(Stroke(white=1, queen=True), men=(1, 4)) == (0, 4 + 3, "all_men")


def test_law_102_112_queen_with_the_own_last_man_as_his_first_man_is_not_covered_97b():
    assert last(Stroke(white=1, queen=True), men=(1, 4), pocketed_own=(False, True)) == \
        (1, 3, "own_last_queen_on_board")


def test_law_102_112_decision_both_last_after_the_queen_was_covered_the_striker_wins():
    assert last(Stroke(white=1, black=1), queen="covered", queen_side=0) == (0, 3, "both_last")
    assert last(Stroke(white=1, black=1), queen="covered", queen_side=1) == (0, 1, "both_last")


def test_law_102_112_decision_striker_with_both_last_and_the_queen_on_the_board_loses_by_3():
    assert last(Stroke(white=1, black=1, striker=True)) == (1, 3, "both_last_queen_on_board")


def test_law_102_112_decision_queen_with_the_opponents_last_man_loses_as_with_her_on_the_board():
    assert last(Stroke(black=1, queen=True), men=(4, 1)) == (1, 7, "opponent_last_queen_on_board")


def test_law_102_112_an_improper_stroke_with_the_opponents_last_man_loses_by_own_men_back_plus_3():
    assert last(Stroke(white=1, black=1, improper=True), men=(4, 1)) == \
        (1, 7, "foul_opponent_last_queen_on_board")


# -- the game: 25 points, 8 boards, the tie board ------------------------------------------


def test_game_ends_at_25_points():
    state = RULES.apply(at(men=(1, 4), queen="covered", queen_side=1, scores=(20, 10)),
                        Stroke(white=1))
    outcome = RULES.outcome(state)
    assert state.scores == (24, 10) and outcome is None
    state = RULES.apply(at(men=(1, 4), scores=(21, 10), queen="covered", queen_side=1),
                        Stroke(white=1))
    assert RULES.outcome(state).winner == 0 and RULES.outcome(state).reason == "25 points"
    assert "Anna gewinnt das Spiel, 25:10" in said(state)


def test_game_after_8_boards_the_leader_wins():
    state = RULES.apply(at(men=(1, 4), queen="covered", queen_side=1, scores=(3, 10),
                           boards_played=7), Stroke(white=1))
    assert state.boards_played == 8 and RULES.outcome(state).winner == 1
    assert RULES.outcome(state).reason == "8 boards"
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, Stroke())


def test_game_a_tie_after_8_boards_goes_to_a_tie_board_whose_break_a_coin_toss_decides():
    state = RULES.apply(at(men=(1, 4), queen="covered", queen_side=1, scores=(6, 10),
                           boards_played=7), Stroke(white=1))
    assert state.scores == (10, 10) and RULES.outcome(state) is None and state.toss_pending
    assert said(state, "en")[-1] == "A tie after 8 boards: a coin toss decides who breaks the tie board"
    with pytest.raises(IllegalAction, match="coin"):
        RULES.apply(state, Stroke())
    state = RULES.apply(state, CoinToss(1))
    assert state.seat == 1 and state.board.white_side == 1 and state.to_place
    assert "Münzwurf: Ben stößt das Entscheidungsboard an" in said(state)
    state = RULES.apply(state, Placed())
    state = RULES.apply(replace(state, board=replace(state.board, men=(1, 4), break_made=True,
                                                     queen="covered", queen_side=0)),
                        Stroke(white=1))  # Ben plays white on the board he broke
    assert state.boards_played == 9 and RULES.outcome(state).winner == 1
    assert RULES.outcome(state).reason == "tie board"


def test_no_coin_toss_when_there_is_no_tie():
    with pytest.raises(IllegalAction, match="no coin toss"):
        RULES.apply(at(), CoinToss(0))


# -- the table waits for what goes back; nonsense is refused ------------------------------


def test_the_table_waits_until_what_goes_back_is_placed():
    state = RULES.apply(at(men=(6, 9)), Stroke(striker=True))
    with pytest.raises(IllegalAction, match="put back"):
        RULES.apply(state, Stroke())
    assert RULES.apply(state, Placed()).to_place == ()
    with pytest.raises(IllegalAction, match="nothing to put back"):
        RULES.apply(RULES.apply(state, Placed()), Placed())


@pytest.mark.parametrize("stroke, words", [
    (Stroke(white=10), "White: 10 men pocketed or off the board, but only 9"),
    (Stroke(black=3, off_black=2), "Black: 5 men pocketed or off the board, but only 4"),
    (Stroke(white=-1), "white cannot be negative"),
    (Stroke(white=True), "white must be int"),
    (Stroke(queen=1), "queen must be bool"),
    (Stroke(queen=True, off_queen=True), "pocketed and off the board at once"),
])
def test_nonsense_strokes_are_refused_with_words_and_change_nothing(stroke, words):
    state = at(men=(9, 4))
    with pytest.raises(IllegalAction, match=words) as refused:
        RULES.apply(state, stroke)
    assert refused.value.note is not None and say("de", refused.value.note)
    assert state == at(men=(9, 4))


def test_a_second_queen_is_refused():
    state = RULES.apply(at(men=(7, 9)), Stroke(white=1, queen=True))
    with pytest.raises(IllegalAction, match="only one"):
        RULES.apply(state, Stroke(queen=True))


def test_carrom_is_singles_or_doubles():
    with pytest.raises(ValueError, match="singles"):
        RULES.initial_state([["A"], ["B", "C"]])
    assert RULES.initial_state([["A", "C"], ["B", "D"]]).seats == 4


def test_the_ruling_reads_in_german_and_english():
    state = RULES.apply(at(men=(5, 9)), Stroke(white=2, striker=True))
    assert said(state) == ["Stoß (ICF-Regel 73)", "Anna: 1 Strafstein",
                           "Weiß: 3 Steine in den äußeren Kreis setzen",
                           "Ben setzt die Steine in den äußeren Kreis", "Anna bleibt am Zug"]
    assert said(state, "en") == ["Stroke (ICF law 73)", "Anna: 1 due",
                                 "White: 3 men inside the outer circle",
                                 "Ben places the men inside the outer circle", "Anna plays on"]


def test_doubles_the_player_on_the_right_places_the_dues_and_the_striker_places_63b():
    state = RULES.apply(at(men=(6, 9), doubles=True, seat=2), Stroke(striker=True))
    assert state.ruling.placed_by == 3 and "Dora setzt die Steine in den äußeren Kreis" in said(state)
    state = RULES.apply(at(men=(6, 5), doubles=True, seat=2), TechnicalFoul(False))
    assert state.ruling.placed_by == 2 and state.to_place == (Placement("black", 1, "outer"),)
    assert "Carl setzt die Steine in den äußeren Kreis" in said(state)
