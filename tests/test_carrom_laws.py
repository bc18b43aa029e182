"""Carrom against the ICF laws where docs/rules.md section 5 was checked against their texts
(issue 21): the break lost at once (45c), an owed due taken out whoever pocketed the man
(72b, 78a, 78b.ii), leaving the seat (91), and the last-piece laws 102-112, (a) for a proper
stroke and (b) for an improper one, law by law. Each test quotes the words of docs/rules.md it
checks. Side 0 (Anna) plays white and is on turn unless a test says otherwise."""
from pathlib import Path

import pytest

from tablegame.families.carrom.rules import CarromRules
from tablegame.families.carrom.ruling import ruling_notes
from tablegame.families.carrom.state import (
    BoardState, CarromState, LeftSeat, Placed, Placement, Stroke,
)
from tablegame.texts import say

RULES = CarromRules()
RULE_BOOK = " ".join((Path(__file__).parent.parent / "docs" / "rules.md").read_text().split())


def at(men=(9, 9), queen="board", queen_side=None, owed=(0, 0), pocketed_own=(True, True),
       first_stroke=True, scores=(0, 0), seat=0, break_made=True, attempts=0, doubles=False):
    board = BoardState(men=men, queen=queen, queen_side=queen_side, owed=owed,
                       pocketed_own=pocketed_own, break_made=break_made, attempts=attempts,
                       first_stroke=first_stroke and queen != "pending", breaker=seat % 2)
    players = (("Anna", "Carl"), ("Ben", "Dora")) if doubles else (("Anna",), ("Ben",))
    return CarromState(players, board, seat=seat, scores=scores)


def said(state, language="en"):
    return [say(language, n) for n in ruling_notes(state)]


def ended(stroke, men=(1, 1), **position):
    """(winner, points, case, laws) of the board a stroke ends from a position."""
    state = RULES.apply(at(men=men, **position), stroke)
    result = state.results[-1]
    return result.winner, result.points, result.case, state.ruling.laws


# -- the break (45c) -----------------------------------------------------------------------

BREAK_45C = ("An attempt that is **improper**, or that **pockets the striker without touching a "
             "man**, loses the turn at once (45c): no due, and the opponent breaks as after three "
             "failed attempts, colours unchanged.")


@pytest.mark.parametrize("attempt", [Stroke(touched=False, improper=True),
                                     Stroke(touched=False, striker=True),
                                     Stroke(touched=False, striker=True, improper=True)])
@pytest.mark.parametrize("attempts_before", [0, 1, 2])
def test_law_45c_an_improper_attempt_or_the_striker_down_untouched_loses_the_break_at_once(
        attempt, attempts_before):
    """BREAK_45C, after any number of failed attempts."""
    state = RULES.apply(at(break_made=False, pocketed_own=(False, False), attempts=attempts_before),
                        attempt)
    board = state.board
    assert (state.seat, board.breaker, board.attempts, board.break_made) == (1, 1, 0, False)
    assert board.white_side == 0, "colours unchanged: Anna, who broke first, keeps white"
    assert board.owed == (0, 0) and board.men == (9, 9) and state.to_place == ()
    assert (state.ruling.laws, state.ruling.dues, state.ruling.turn) == (("45c",), 0, "break_lost")
    assert said(state)[-1] == "The break is lost (improper, or the striker down without touching " \
                              "a man): Ben breaks"
    state = RULES.apply(state, Stroke(touched=False))  # the opponent has three attempts of his own
    assert (state.seat, state.board.attempts) == (1, 1)


def test_law_45a_an_attempt_that_touches_no_man_still_costs_only_the_attempt():
    """"An attempt whose striker touches no man (it runs through or jumps out) costs nothing but
    the attempt (no due); the same player tries again (45a)." """
    state = RULES.apply(at(break_made=False, pocketed_own=(False, False)), Stroke(touched=False))
    assert (state.seat, state.board.attempts, state.ruling.turn) == (0, 1, "attempt")


def test_law_45c_an_improper_break_that_touched_a_man_is_made_and_ruled_as_an_improper_stroke():
    """"Once a man is touched, the break is made and every rule below applies to that stroke":
    an improper break that touched a man is an improper stroke (76), not a lost break."""
    state = RULES.apply(at(break_made=False, pocketed_own=(False, False)),
                        Stroke(white=1, black=1, improper=True))
    assert state.board.break_made and state.board.men == (9, 8) and state.seat == 1
    assert state.board.owed == (1, 0) and state.ruling.laws == ("76",)


# -- an owed due (72b, 78a, 78b.ii) --------------------------------------------------------

OWED_DUE = ("With no man pocketed yet, the due is **owed** and taken out as soon as a man of the "
            "player's colour is in a pocket, **whoever pocketed it** (72b, 78a): after the stroke "
            "that man goes back at once and the turn goes on as that stroke decides (83). When the "
            "opponent pocketed it, the opponent places it himself (78b.ii).")


def test_law_78b_ii_an_owed_due_is_taken_out_when_the_opponent_pockets_a_man_of_that_colour():
    """OWED_DUE: Ben owes a due with all his blacks on the board; Anna pockets a black."""
    state = RULES.apply(at(men=(5, 9), owed=(0, 1), pocketed_own=(True, False)), Stroke(black=1))
    assert state.board.owed == (0, 0) and state.board.men == (5, 9)
    assert state.to_place == (Placement("black", 1, "outer"),)
    assert (state.ruling.opponent_paid, state.ruling.opponent_placed_by) == (1, 0)
    assert state.ruling.laws == ("48", "78b.ii")
    assert state.ruling.placed_by is None, "nothing of Anna's goes back"
    assert state.seat == 1, "only the opponent's man went down: the turn ends (48)"
    assert "Ben: 1 owed due taken out, Anna places it inside the outer circle" in said(state)
    assert "Ben: 1 geschuldeter Strafstein eingelöst, Anna setzt ihn selbst in den äußeren " \
           "Kreis" in said(state, "de")


def test_law_78b_ii_the_due_is_taken_out_and_the_turn_goes_on_when_own_men_went_down_too():
    """OWED_DUE: Anna's own man keeps her turn (48); one of Ben's two dues is taken out."""
    state = RULES.apply(at(men=(5, 9), owed=(0, 2), pocketed_own=(True, False)),
                        Stroke(white=1, black=1))
    assert state.board.owed == (0, 1) and state.board.men == (4, 9) and state.seat == 0
    assert state.to_place == (Placement("black", 1, "outer"),)


def test_law_78b_ii_on_a_foul_stroke_the_next_seat_places_own_men_the_striker_the_opponents_due():
    """OWED_DUE, and "Striker + own + opponent's man: own man back plus 1 due, the opponent's
    stays, turn continues (75)": Anna's white and her due go back, placed by Ben; Ben's black
    pays his owed due, placed by Anna."""
    state = RULES.apply(at(men=(5, 9), owed=(0, 1), pocketed_own=(True, False)),
                        Stroke(white=1, black=1, striker=True))
    assert set(state.to_place) == {Placement("white", 2, "outer"), Placement("black", 1, "outer")}
    assert (state.ruling.placed_by, state.ruling.opponent_placed_by) == (1, 0)
    assert state.board.men == (6, 9) and state.board.owed == (0, 0)


def test_law_78b_ii_in_doubles_the_player_who_pocketed_the_opponents_man_places_it():
    """OWED_DUE: Carl (seat 2, white) pockets a white with the striker and a black while Ben and
    Dora owe a due: Dora, on his right, places the white and Carl's due; Carl the black."""
    state = RULES.apply(at(men=(5, 9), owed=(0, 1), pocketed_own=(True, False), seat=2,
                           doubles=True), Stroke(white=1, black=1, striker=True))
    assert (state.ruling.placed_by, state.ruling.opponent_placed_by) == (3, 2)
    assert said(state)[-3:-1] == ["Dora places the men inside the outer circle",
                                  "Ben & Dora: 1 owed due taken out, Carl places it inside the "
                                  "outer circle"]


def test_law_72b_a_man_that_went_back_as_a_due_counts_among_the_men_left():
    """Hypothesis's counterexample: Anna owes a due with all nine whites on the board, pockets
    them all with Ben's last man while the queen is on the board, Ben has 22: it scored 0.
    "A man that goes back as a due is on the board again: it counts as one of the side's men
    left, for every rule below." and "pocketing the opponent's last man while the queen is still
    on the board loses the board by your own men left + 3 (queen 0 if the opponent has 22+)"
    (106a): one white went back, so Ben wins by 1."""
    assert ended(Stroke(white=9, black=1), men=(9, 1), owed=(1, 0), pocketed_own=(False, True),
                 scores=(0, 22)) == (1, 1, "opponent_last_queen_on_board", ("106a",))


def test_law_78a_the_opponents_last_man_is_not_last_when_it_goes_back_as_his_due():
    """Ben owes a due with all nine blacks on the board; Anna pockets her last white and all nine
    blacks, after covering the queen: one black goes back as Ben's due, so only Anna's last man
    ended the board (54): Ben's man left and her queen, 1 + 3."""
    assert ended(Stroke(white=1, black=9), men=(1, 9), owed=(0, 1), queen="covered",
                 queen_side=0, pocketed_own=(True, False)) == (0, 4, "all_men", ("54",))


# -- leaving the seat (91) -----------------------------------------------------------------

LEFT_SEAT = ("Leaving the seat during a board loses the board by the leaver's men **and the "
             "queen** still on the board (3 for an uncovered queen on the board); when the "
             "opponent's score is 22 or more, by the men only (91).")


@pytest.mark.parametrize("queen, queen_side, scores, points", [
    ("board", None, (0, 0), 6 + 3),
    ("pending", 1, (0, 0), 6 + 3),     # Ben pocketed her and left before covering her
    ("board", None, (22, 0), 6),       # Anna, who stays, has 22: the men only
    ("covered", 1, (0, 0), 6),         # covered: not on the board
    ("covered", 0, (0, 0), 6),
])
def test_law_91_leaving_the_seat_loses_by_the_leavers_men_and_the_queen_on_the_board(
        queen, queen_side, scores, points):
    """LEFT_SEAT: Ben (6 blacks on the board) leaves."""
    state = at(men=(4, 6), queen=queen, queen_side=queen_side, scores=scores, seat=1)
    state = RULES.apply(state, LeftSeat(1))
    result = state.results[-1]
    assert (result.winner, result.points, result.case) == (0, points, "left_seat")
    assert state.scores == (scores[0] + points, 0)


@pytest.mark.parametrize("name", ["BREAK_45C", "OWED_DUE", "LEFT_SEAT", "LAST_PIECES", "IMPROPER",
                                  "AT_LEAST_ONE"])
def test_the_quoted_rulings_are_the_words_of_docs_rules_md(name):
    """The tests quote docs/rules.md section 5; a change of its words fails here first."""
    assert " ".join(globals()[name].split()) in RULE_BOOK


# -- the last piece (102-112): (a) a proper stroke, (b) an improper one ----------------------

LAST_PIECES = (
    "pocketing the opponent's last man while the queen is still on the board loses the board by "
    "your own men left + 3 (queen 0 if the opponent has 22+); pocketing your own last man leaving "
    "the queen on the board loses by 3 (1 if the opponent has 22+); own last + opponent's last man "
    "with the queen on the board: the opponent gets 3; queen + own last + opponent's last in one "
    "proper stroke wins by 3; on the covering stroke own last + opponent's last wins by 3, the "
    "opponent's last alone loses by own men + 3; own last man + striker: the man comes back plus a "
    "due and play goes on, except with the queen still on the board (loses by 3); with the striker "
    "down as well, own last + opponent's last loses by 1 if he had covered the queen and by 3 if "
    "the opponent had, and the opponent's last man + striker with the queen on the board loses by "
    "own men + 3.")
IMPROPER = ("The same laws decide when the last man goes down by an **improper stroke** "
            "(102b–112b): each names its own result, and it is never \"play on\" while the queen "
            "is still on the board.")
AT_LEAST_ONE = ("A board is always won by **at least 1 point**: both last men in one stroke after "
                "the queen was covered, from 22 points on, win by 1 (102a, 104a).")
COVERING = {"queen": "pending", "queen_side": 0, "first_stroke": False}
MINE = {"queen": "covered", "queen_side": 0}
THEIRS = {"queen": "covered", "queen_side": 1}
ANNA_22, BEN_22 = {"scores": (22, 0)}, {"scores": (0, 22)}

LAWS = [
    # law, stroke, position, (winner, points, case)
    ("102a", Stroke(white=1, black=1), COVERING, (0, 3, "covering_both_last")),
    ("102a", Stroke(white=1, black=1), {**COVERING, **ANNA_22}, (0, 1, "covering_both_last")),
    ("102b", Stroke(white=1, black=1, improper=True), COVERING, (1, 3, "foul_covering_both_last")),
    ("102b", Stroke(white=1, black=1, improper=True), {**COVERING, **BEN_22},
     (1, 1, "foul_covering_both_last")),
    ("103a", Stroke(black=1), {**COVERING, "men": (3, 1)}, (1, 3 + 3, "covering_opponent_last")),
    ("103a", Stroke(black=1), {**COVERING, "men": (3, 1), **BEN_22}, (1, 3, "covering_opponent_last")),
    ("103b", Stroke(white=1, black=1, improper=True), {**COVERING, "men": (3, 1)},
     (1, 3 + 3, "covering_opponent_last")),
    ("104a", Stroke(white=1, black=1, queen=True), {}, (0, 3, "queen_and_both_last")),
    ("104a", Stroke(white=1, black=1, queen=True), ANNA_22, (0, 1, "queen_and_both_last")),
    ("104b", Stroke(white=1, black=1, queen=True, improper=True), {},
     (1, 3, "foul_queen_and_both_last")),
    ("104b", Stroke(white=1, black=1, queen=True, improper=True), BEN_22,
     (1, 1, "foul_queen_and_both_last")),
    ("105a", Stroke(white=1, black=1), {}, (1, 3, "both_last_queen_on_board")),
    ("105a", Stroke(white=1, black=1), BEN_22, (1, 1, "both_last_queen_on_board")),
    ("105b", Stroke(white=1, black=1, improper=True), {}, (1, 3, "both_last_queen_on_board")),
    ("106a", Stroke(black=1), {"men": (4, 1)}, (1, 4 + 3, "opponent_last_queen_on_board")),
    ("106a", Stroke(black=1), {"men": (4, 1), **BEN_22}, (1, 4, "opponent_last_queen_on_board")),
    ("106b", Stroke(white=1, black=1, improper=True), {"men": (4, 1)},
     (1, 4 + 3, "foul_opponent_last_queen_on_board")),
    ("107a", Stroke(white=1), {"men": (1, 5)}, (1, 3, "own_last_queen_on_board")),
    ("107a", Stroke(white=1), {"men": (1, 5), **BEN_22}, (1, 1, "own_last_queen_on_board")),
    ("107b", Stroke(white=1, improper=True), {"men": (1, 5)}, (1, 3, "own_last_queen_on_board")),
    ("107b", Stroke(white=1, improper=True), {"men": (1, 5), **BEN_22},
     (1, 1, "own_last_queen_on_board")),
    ("108a", Stroke(white=1, striker=True), {"men": (1, 4)},
     (1, 3, "striker_own_last_queen_on_board")),
    ("108a", Stroke(white=1, striker=True), {"men": (1, 4), **BEN_22},
     (1, 1, "striker_own_last_queen_on_board")),
    ("108b", Stroke(white=1, striker=True, improper=True), {"men": (1, 4)},
     (1, 3, "striker_own_last_queen_on_board")),
    ("109a", Stroke(white=1, black=1, queen=True, striker=True), {},
     (1, 3, "foul_queen_and_both_last")),
    ("109a", Stroke(white=1, black=1, queen=True, striker=True), BEN_22,
     (1, 1, "foul_queen_and_both_last")),
    ("109b", Stroke(white=1, black=1, queen=True, striker=True, improper=True), {},
     (1, 3, "foul_queen_and_both_last")),
    ("110a", Stroke(white=1, black=1, striker=True), MINE, (1, 1, "foul_both_last")),
    ("110b", Stroke(white=1, black=1, striker=True, improper=True), MINE, (1, 1, "foul_both_last")),
    ("111a", Stroke(black=1, striker=True), {"men": (5, 1)},
     (1, 5 + 3, "foul_opponent_last_queen_on_board")),
    ("111a", Stroke(black=1, striker=True), {"men": (5, 1), **BEN_22},
     (1, 5, "foul_opponent_last_queen_on_board")),
    ("111b", Stroke(white=2, black=1, striker=True, improper=True), {"men": (5, 1)},
     (1, 5 + 3, "foul_opponent_last_queen_on_board")),
    ("112a", Stroke(white=1, black=1, striker=True), THEIRS, (1, 3, "foul_both_last")),
    ("112b", Stroke(white=1, black=1, striker=True, improper=True), THEIRS, (1, 3, "foul_both_last")),
]


@pytest.mark.parametrize("law, stroke, position, expected", LAWS,
                         ids=[f"{law}-{i}" for i, (law, *_) in enumerate(LAWS)])
def test_law_102_112_each_last_piece_law_scores_as_the_law_says(law, stroke, position, expected):
    """LAST_PIECES, IMPROPER and AT_LEAST_ONE, law by law (the table in
    docs/carrom-positions.md); the ruling names the law with its (a) or (b)."""
    winner, points, case, laws = ended(stroke, **{"men": (1, 1), **position})
    assert (winner, points, case) == expected
    assert laws == (law,)


@pytest.mark.parametrize("stroke, position", [
    (stroke, position)
    for stroke in (Stroke(white=1, improper=True), Stroke(white=1, improper=True, striker=True),
                   Stroke(white=1, queen=True, improper=True), Stroke(white=1, black=1, improper=True),
                   Stroke(black=1, improper=True), Stroke(white=1, black=1, queen=True, improper=True))
    for position in ({}, COVERING) if not (stroke.queen and position)])
def test_law_102b_112b_a_last_man_by_an_improper_stroke_never_plays_on_with_the_queen_on_the_board(
        stroke, position):
    """IMPROPER: the queen on the board, pocketed by this stroke or awaiting its cover (an
    improper stroke brings her back), so she is on the board when the last man goes down."""
    state = RULES.apply(at(men=(1, 1), **position), stroke)
    assert state.ruling.board is not None and state.ruling.board.winner == 1


def test_law_102b_112b_an_own_last_man_by_an_improper_stroke_after_the_queen_was_covered_comes_back():
    """"An improper stroke (pushed, elbow beyond the arrow): own men and the queen pocketed on it
    come back, an opponent's man stays down (76), one due, the turn ends": with the queen covered
    no last-piece law ends the board."""
    state = RULES.apply(at(men=(1, 4), **MINE), Stroke(white=1, improper=True))
    assert state.results == () and state.board.men == (2, 4) and state.seat == 1


def test_law_108a_the_own_last_man_and_striker_on_the_covering_stroke_play_on_101a():
    """"striker + own man: man back plus 1 due, the queen stays pending for one more stroke, turn
    continues (101a)": she is not on the board, so the last man comes back and play goes on."""
    state = RULES.apply(at(men=(1, 4), **COVERING), Stroke(white=1, striker=True))
    assert state.results == () and state.board.queen == "pending" and state.board.men == (2, 4)
    assert state.seat == 0


def test_a_won_board_is_worth_at_least_one_point_from_22():
    """AT_LEAST_ONE: both last men in one stroke, the queen covered before by either side, on
    this stroke, or pocketed with them, both sides at 22."""
    for position, stroke in ((MINE, Stroke(white=1, black=1)), (THEIRS, Stroke(white=1, black=1)),
                             (COVERING, Stroke(white=1, black=1)), ({}, Stroke(white=1, black=1, queen=True))):
        winner, points, _, _ = ended(stroke, men=(1, 1), scores=(22, 22), **position)
        assert (winner, points) == (0, 1)


def test_the_ruling_names_the_law_that_ended_the_board():
    state = RULES.apply(at(men=(1, 5)), Stroke(white=1, improper=True))
    assert said(state)[0] == "Stroke (ICF law 107b)"
    assert "Ben wins the board: 3 points (the own last man with the queen on the board)" in said(state)
    state = RULES.apply(at(men=(1, 1), **COVERING), Stroke(white=1, black=1, improper=True))
    assert "Ben gewinnt das Board: 3 Punkte (Foulstoß (Striker oder unsauber) mit beiden " \
           "letzten Steinen beim Decken der Königin)" in said(state, "de")


def test_placed_after_a_board_the_laws_ended_sets_up_the_next():
    state = RULES.apply(at(men=(1, 5)), Stroke(white=1, improper=True))
    assert state.to_place == (Placement("all", 19, "setup"),)
    assert RULES.apply(state, Placed()).to_place == ()
