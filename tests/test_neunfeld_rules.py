"""Neunfeld's rules as docs/rules.md section 3 and the seed text (002) state them."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from tablegame.core import jsoncodec
from tablegame.core.games import IllegalAction, find_game
from tablegame.families.neunfeld.rules import (NeunfeldRules, NeunfeldState, Position, Roll, TakeBack,
                                      TipAndMove, describe_action)
from tablegame.families.neunfeld.dice import DICE
from tablegame.texts import say
from tablegame.words.notes import Note
from test_texts import note_keys

A, B = 0, 1
PARTIES = [["Anna"], ["Ben"]]
DIE_OF_LETTER = {"b": 3, "r": 4, "s": 5}

# The seed's example game, verbatim: player, tops of blue/red/black, destination, remark.
SEED_GAME = """\
A 1 5 2 - gewürfelt
A 7 5 2 3 b 1 auf b 7 gekippt
B 7 5 6 8 s 2 auf s 6 gekippt
A 7 1 6 5 r 5 auf r 1 gekippt
B 6 1 6 7 b 7 auf b 6 gekippt
A 6 4 6 8 r 1 auf r 4 gekippt
B 9 4 6 5 b 6 auf b 9 gekippt
A 9 4 2 7 s 6 auf s 2 gekippt
B 9 9 2 3 r 4 auf r 9 gekippt"""


def seed_lines():
    for line in SEED_GAME.splitlines():
        player, b, r, s, to, *remark = line.split()
        yield "AB".index(player), (int(b), int(r), int(s)), to, remark


def seed_actions():
    for _, tops, to, remark in seed_lines():
        if to == "-":
            yield Roll(tops)
        else:
            letter, old, _auf, letter2, new, _gekippt = remark
            assert letter == letter2 and int(new) == tops["brs".index(letter)]
            yield TipAndMove(DIE_OF_LETTER[letter], int(new), int(to))


def play(rules, actions, state=None):
    state = state or rules.initial_state(PARTIES)
    for action in actions:
        state = rules.apply(state, action)
    return state


def seed_state(lines=None, rules=None):
    """The state after the first ``lines`` lines of the seed game (all of them by default)."""
    rules = rules or NeunfeldRules()
    return play(rules, list(seed_actions())[:lines])


def state_at(squares, tops, holders, to_move):
    pos = Position(squares, tops, holders, to_move)
    return NeunfeldState(players=(("Anna",), ("Ben",)), position=pos, history=(pos,))


def illegal(rules, state, action):
    with pytest.raises(IllegalAction) as caught:
        rules.apply(state, action)
    return str(caught.value)


# -- the seed's example game ------------------------------------------------------------


@pytest.mark.parametrize("strict", [False, True])
def test_seed_example_game_every_state_as_the_seed_shows_it(strict):
    rules = NeunfeldRules(strict=strict)
    state = rules.initial_state(PARTIES)
    for (player, tops, to, remark), action in zip(seed_lines(), seed_actions()):
        assert state.to_move == player
        state = rules.apply(state, action)
        pos = state.position
        assert pos.tops == tops
        if to == "-":  # A rolled a 5 and begins, holding all three dice
            assert pos.squares == (0, 10) and pos.holders == (A, A, A) and pos.to_move == A
            continue
        assert pos.squares[player] == int(to)
        kept = [DIE_OF_LETTER[remark[0]] - 3]
        assert [i for i in range(3) if pos.holders[i] == player] == kept  # keeps the tipped die
        assert pos.to_move == 1 - player  # ... and passes the others
        assert rules.outcome(state) is None


def test_actions_in_words_as_the_seed_writes_them():
    state = seed_state(1)
    action = TipAndMove(3, 7, 3)
    assert describe_action(state, action) == "Würfel III (blau) von 1 auf 7 kippen, nach Feld 3"
    assert describe_action(state, Roll((1, 5, 2))) == "Wurf: III 1, IV 5, V 2"


def test_seed_example_jump_over_the_opponent():
    before, after = seed_state(5), seed_state(6)  # line 6: "A 6 4 6 8", from 5 over Ben on 7
    assert before.position.squares == (5, 7) and after.position.squares == (8, 7)


@pytest.mark.parametrize("strict", [False, True])
def test_seed_example_b_wins_because_a_can_no_longer_forbid_square_1(strict):
    rules = NeunfeldRules(strict=strict)
    state = seed_state(rules=rules)
    assert state.position.squares == (7, 3) and state.to_move == A
    replies = rules.legal_actions(state)
    assert replies
    for action in replies:
        after = rules.apply(state, action)
        assert 1 not in after.position.tops  # A cannot forbid square 1 ...
        to_one = [m for m in rules.legal_actions(after) if m.to == 1]
        assert to_one  # ... so B moves onto it and wins
        end = rules.apply(after, to_one[0])
        assert rules.outcome(end).winner == B
        assert "Ben erreicht Feld 1" in rules.outcome(end).reason


# -- the start roll ---------------------------------------------------------------------


def test_start_players_take_turns_rolling_until_a_five_and_that_roller_begins():
    rules = NeunfeldRules()
    state = rules.initial_state(PARTIES)
    assert state.to_move == A and not state.started
    state = rules.apply(state, Roll((1, 3, 2)))
    assert state.to_move == B and not state.started and state.last_roll == (1, 3, 2)
    state = rules.apply(state, Roll((2, 4, 3)))
    assert state.to_move == A and not state.started
    state = rules.apply(state, Roll((9, 9, 8)))
    assert state.to_move == B
    state = rules.apply(state, Roll((6, 5, 7)))  # Ben rolls the 5: he begins with the dice as rolled
    assert state.started and state.to_move == B
    assert state.position == Position((0, 10), (6, 5, 7), (B, B, B), B)
    # He may tip any of the three dice.
    assert {m.die for m in rules.legal_actions(state)} == {3, 4, 5}
    assert {m.to for m in rules.legal_actions(state)} <= {7, 8, 9}


def test_start_a_five_on_either_die_counts():
    rules = NeunfeldRules()
    state = rules.apply(rules.initial_state(PARTIES), Roll((5, 1, 2)))
    assert state.started and state.to_move == A


def test_start_roll_must_show_real_faces():
    rules = NeunfeldRules()
    state = rules.initial_state(PARTIES)
    assert "Würfel V (schwarz) hat keine 5" in illegal(rules, state, Roll((1, 1, 5)))
    assert "Würfel III (blau) hat keine 3" in illegal(rules, state, Roll((3, 5, 2)))


def test_start_lists_every_roll_and_refuses_moves_before_it():
    rules = NeunfeldRules()
    state = rules.initial_state(PARTIES)
    rolls = rules.legal_actions(state)
    assert len(rolls) == 6 * 6 * 6 and Roll((1, 5, 2)) in rolls
    assert "Anna würfelt, bis eine 5 fällt" in illegal(rules, state, TipAndMove(3, 7, 3))
    started = seed_state(1)
    assert "schon ausgewürfelt" in illegal(rules, started, Roll((1, 5, 2)))


# -- tipping ----------------------------------------------------------------------------


def test_tip_to_the_opposite_face_is_refused():
    rules = NeunfeldRules()
    state = seed_state()  # Anna holds III showing 9 and V showing 2
    message = illegal(rules, state, TipAndMove(3, 1, 4))
    assert message == "Würfel III (blau) kann nicht von 9 auf 1 gekippt werden: das ist die Gegenseite"
    start = seed_state(1)  # IV shows 5, whose opposite is 4
    assert illegal(rules, start, TipAndMove(4, 4, 3)) == (
        "Würfel IV (rot) kann nicht von 5 auf 4 gekippt werden: das ist die Gegenseite")


def test_each_die_tips_to_its_four_side_faces():
    assert DICE[0].tips(1) == (2, 5, 6, 7)
    assert DICE[1].tips(9) == (3, 4, 5, 8)
    assert DICE[2].tips(3) == (2, 4, 6, 7)
    for die in DICE:
        for top in die.faces:
            assert len(die.tips(top)) == 4 and die.opposite(die.opposite(top)) == top


def test_tip_must_change_the_top_to_a_real_face_of_a_die_you_hold():
    rules = NeunfeldRules()
    state = seed_state()  # Ben kept IV; Anna holds III (9) and V (2)
    assert "Würfel IV (rot) liegt nicht bei Anna" in illegal(rules, state, TipAndMove(4, 3, 4))
    assert "Würfel V (schwarz) hat keine 1" in illegal(rules, state, TipAndMove(5, 1, 4))
    assert "zeigt schon die 2" in illegal(rules, state, TipAndMove(5, 2, 4))
    assert "Einen Würfel 6 gibt es nicht" in illegal(rules, state, TipAndMove(6, 2, 4))


def test_you_may_tip_to_the_number_of_your_own_square():
    rules = NeunfeldRules()
    state = seed_state(3)  # Anna on 3, holds III (7) and IV (5)
    after = rules.apply(state, TipAndMove(4, 3, 2))
    assert after.position.tops == (7, 3, 6) and after.position.squares == (2, 8)


# -- moving -----------------------------------------------------------------------------


def test_landing_on_a_square_a_die_shows_is_refused_naming_the_die():
    rules = NeunfeldRules()
    state = seed_state(3)  # Anna on 3; tops III 7, IV 5, V 6
    assert illegal(rules, state, TipAndMove(3, 1, 5)) == "Feld 5 ist durch den roten Würfel IV gesperrt"
    assert illegal(rules, state, TipAndMove(4, 1, 6)) == "Feld 6 ist durch den schwarzen Würfel V gesperrt"
    # the die just tipped forbids its new top at once
    assert illegal(rules, state, TipAndMove(3, 1, 1)) == "Feld 1 ist durch den blauen Würfel III gesperrt"


def test_landing_on_a_square_two_dice_show_names_both():
    rules = NeunfeldRules()
    state = seed_state(4)  # Ben on 8, holds III (7) and V (6); IV shows 1
    message = illegal(rules, state, TipAndMove(5, 7, 7))
    assert message == "Feld 7 ist durch den blauen Würfel III und den schwarzen Würfel V gesperrt"


def test_landing_on_the_opponent_is_refused():
    rules = NeunfeldRules()
    state = seed_state(5)  # Anna on 5, Ben on 7; Anna holds IV (1) and V (6)
    assert illegal(rules, state, TipAndMove(4, 3, 7)) == "Auf Feld 7 steht der Stein von Ben"


def test_jumping_over_the_opponent_by_two_or_three_squares():
    rules = NeunfeldRules()
    state = seed_state(5)  # Anna on 5, Ben on 7
    assert rules.apply(state, TipAndMove(4, 3, 8)).position.squares == (8, 7)  # the seed's own jump
    state = state_at((4, 5), (1, 1, 2), (A, A, B), A)
    assert rules.apply(state, TipAndMove(3, 2, 7)).position.squares == (7, 5)  # three squares, over 5
    assert rules.apply(state, TipAndMove(3, 2, 6)).position.squares == (6, 5)


def test_moves_are_one_to_three_squares_and_stay_on_the_board():
    rules = NeunfeldRules()
    state = seed_state(5)  # Anna on 5
    assert "4 Felder" in illegal(rules, state, TipAndMove(4, 3, 9))
    assert "muss ziehen" in illegal(rules, state, TipAndMove(4, 3, 5))
    near_goal = state_at((8, 3), (1, 1, 2), (A, A, B), A)
    assert "nicht auf dem Brett" in illegal(rules, near_goal, TipAndMove(3, 2, 10))
    near_start = state_at((1, 6), (9, 9, 7), (A, A, B), A)
    assert "nicht auf dem Brett" in illegal(rules, near_start, TipAndMove(3, 2, 0))
    moves = rules.legal_actions(near_start)
    assert {m.to for m in moves} == {2, 3, 4}  # backwards only onto the board


def test_both_tip_and_move_are_one_action_and_everything_else_is_refused():
    rules = NeunfeldRules()
    for seed in range(15):
        state = rules.initial_state(PARTIES)
        rng = random.Random(seed)
        while not rules.is_over(state):
            if state.started:
                listed = set(rules.legal_actions(state))
                for die in (3, 4, 5):
                    for top in range(1, 10):
                        for to in range(0, 11):
                            action = TipAndMove(die, top, to)
                            try:
                                rules.apply(state, action)
                                assert action in listed, action
                            except IllegalAction:
                                assert action not in listed, action
            state = rules.apply(state, rules.random_action(state, rng))


# -- the end ----------------------------------------------------------------------------


def test_reaching_the_far_square_wins():
    rules = NeunfeldRules()
    state = state_at((7, 3), (2, 3, 4), (A, B, A), A)
    end = rules.apply(state, TipAndMove(3, 1, 9))
    assert rules.outcome(end).winner == A and "Anna erreicht Feld 9" in rules.outcome(end).reason
    assert "Die Partie ist vorbei" in illegal(rules, end, TipAndMove(4, 4, 2))
    assert rules.legal_actions(end) == []


def test_no_legal_tip_and_move_loses():
    rules = NeunfeldRules()
    # Anna off the board; III and IV show 1 whatever she tips, V (Ben's) shows 3, Ben stands on 2.
    stuck = state_at((0, 2), (1, 1, 3), (A, A, B), A)
    assert rules.legal_actions(stuck) == []
    result = rules.outcome(stuck)
    assert result.winner == B and "Anna kann keinen Würfel kippen und ziehen" in result.reason
    assert "vorbei" in illegal(rules, stuck, TipAndMove(3, 2, 3))


def test_no_legal_move_is_reached_in_play_and_loses():
    """The same trap reached by moves: Ben's last move leaves Anna nothing."""
    rules = NeunfeldRules()
    before = state_at((0, 4), (1, 1, 2), (A, B, B), B)  # Ben on 4 holds IV (1) and V (2)
    end = rules.apply(before, TipAndMove(5, 3, 2))
    assert end.position == Position((0, 2), (1, 1, 3), (A, A, B), A)
    assert rules.outcome(end).winner == B


REPEAT_CYCLE = [TipAndMove(3, 1, 2), TipAndMove(5, 2, 9), TipAndMove(3, 7, 3), TipAndMove(5, 6, 8)]
OTHER_ROUTE = [TipAndMove(3, 9, 2), TipAndMove(5, 2, 7), TipAndMove(3, 7, 3), TipAndMove(5, 6, 8)]


def test_the_same_position_three_times_is_a_draw():
    rules = NeunfeldRules()
    state = seed_state(3)  # Anna 3, Ben 8; tops 7 5 6; Anna to move holding III and IV: once
    repeated = state.position
    state = play(rules, REPEAT_CYCLE, state)
    assert state.position == repeated and rules.outcome(state) is None  # twice
    state = play(rules, REPEAT_CYCLE[:3], state)
    assert rules.outcome(state) is None
    state = rules.apply(state, REPEAT_CYCLE[3])
    assert state.position == repeated  # three times
    result = rules.outcome(state)
    assert result.is_draw and "dritten Mal" in result.reason
    assert "vorbei" in illegal(rules, state, REPEAT_CYCLE[0])


def test_repetition_counts_the_position_however_it_was_reached():
    rules = NeunfeldRules()
    state = seed_state(3)
    repeated = state.position
    state = play(rules, OTHER_ROUTE, state)
    assert state.position == repeated and rules.outcome(state) is None
    state = play(rules, REPEAT_CYCLE, state)
    assert rules.outcome(state).is_draw


# -- the strict variant -----------------------------------------------------------------


def test_strict_variant_keeps_a_square_free_between_facing_pieces():
    normal, strict = NeunfeldRules(), NeunfeldRules(strict=True)
    state = seed_state(4)  # Ben to move: Anna on 5, Ben on 8, Ben holds III (7) and V (6)
    assert state.position.squares == (5, 8) and state.to_move == B
    close = TipAndMove(5, 2, 6)  # onto 6, next to Anna on 5
    assert normal.apply(state, close).position.squares == (5, 6)
    message = illegal(strict, state, close)
    assert message.startswith("Verschärfte Variante") and "Feld 5 und Feld 6" in message
    assert TipAndMove(5, 2, 6) not in strict.legal_actions(state)
    assert strict.apply(state, TipAndMove(3, 1, 7)).position.squares == (5, 7)  # one square free


def test_strict_variant_ends_once_the_pieces_have_passed():
    strict = NeunfeldRules(strict=True)
    passed = state_at((6, 3), (1, 1, 2), (B, B, A), B)  # Ben on 3 is past Anna on 6
    assert strict.apply(passed, TipAndMove(3, 2, 5)).position.squares == (6, 5)  # neighbours, passed
    facing = state_at((3, 7), (9, 9, 8), (A, A, B), A)
    assert "Verschärfte" in illegal(strict, facing, TipAndMove(3, 2, 6))
    assert strict.apply(facing, TipAndMove(3, 2, 5)).position.squares == (5, 7)


def test_options():
    assert find_game("neunfeld").strict is False
    assert find_game("neunfeld", strict=True).strict is True
    with pytest.raises(ValueError, match="'jumping'"):
        find_game("neunfeld", jumping=False)
    with pytest.raises(ValueError, match="strict"):
        NeunfeldRules(strict="yes")


# -- properties -------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), strict=st.booleans())
def test_random_legal_play_ends_and_every_state_and_action_round_trips(seed, strict):
    rules = NeunfeldRules(strict=strict)
    rng = random.Random(seed)
    state = rules.initial_state(PARTIES)
    for _ in range(rules.max_actions):
        if rules.is_over(state):
            break
        action = rules.random_action(state, rng)
        data = json.loads(json.dumps(jsoncodec.action_to_data(action)))
        assert jsoncodec.action_from_data(rules.action_types, data) == action
        state = rules.apply(state, action)
        data = json.loads(json.dumps(jsoncodec.to_data(state)))
        assert jsoncodec.from_data(rules.state_type, data) == state
    assert rules.is_over(state)
    pos = state.position
    assert 0 <= pos.squares[A] <= 9 and 1 <= pos.squares[B] <= 10 and pos.squares[A] != pos.squares[B]
    for die, top in zip(DICE, pos.tops):
        assert top in die.faces


# -- every reason in German and English -----------------------------------------------------

def _drawn():
    rules = NeunfeldRules()
    return play(rules, REPEAT_CYCLE * 2, seed_state(3))


REFUSALS = [  # (strict, state, action): at least one for every reason the engine gives
    (False, lambda: NeunfeldRules().initial_state(PARTIES), Roll((1, 1, 5))),
    (False, lambda: NeunfeldRules().initial_state(PARTIES), Roll((1, 5))),
    (False, lambda: NeunfeldRules().initial_state(PARTIES), TipAndMove(3, 7, 3)),
    (False, lambda: NeunfeldRules().initial_state(PARTIES), "roll"),
    (False, lambda: seed_state(1), Roll((1, 5, 2))),
    (False, seed_state, TipAndMove(3, 1, 4)),
    (False, seed_state, TipAndMove(4, 3, 4)),
    (False, seed_state, TipAndMove(5, 1, 4)),
    (False, seed_state, TipAndMove(5, 2, 4)),
    (False, seed_state, TipAndMove(6, 2, 4)),
    (False, lambda: seed_state(4), TipAndMove(5, 7, 7)),
    (False, lambda: seed_state(5), TipAndMove(4, 3, 7)),
    (False, lambda: seed_state(5), TipAndMove(4, 3, 9)),
    (False, lambda: seed_state(5), TipAndMove(4, 3, 5)),
    (False, lambda: state_at((8, 3), (1, 1, 2), (A, A, B), A), TipAndMove(3, 2, 10)),
    (True, lambda: seed_state(4), TipAndMove(5, 2, 6)),
    (False, lambda: state_at((9, 3), (2, 3, 4), (A, B, A), B), TipAndMove(4, 4, 2)),
    (False, lambda: state_at((0, 2), (1, 1, 3), (A, A, B), A), TipAndMove(3, 2, 3)),
    (False, _drawn, REPEAT_CYCLE[0]),
    # staff's correction: take back to a move
    (False, lambda: NeunfeldRules().initial_state(PARTIES), TakeBack(0)),
    (False, lambda: seed_state(1), TakeBack(0)),
    (False, seed_state, TakeBack(99)),
]


def refusal(strict, make_state, action):
    with pytest.raises(IllegalAction) as caught:
        NeunfeldRules(strict=strict).apply(make_state(), action)
    return caught.value


def notes_in(note):
    """``note`` and every note among its values (a game over names the outcome)."""
    return [note] + [n for v in note.kwargs.values() if isinstance(v, Note) for n in notes_in(v)]


@pytest.mark.parametrize("strict, make_state, action", REFUSALS)
def test_every_reason_is_a_note_whose_german_text_is_the_message(strict, make_state, action):
    error = refusal(strict, make_state, action)
    assert str(error) == say("de", error.note)
    english = say("en", error.note)
    assert english and english != str(error) and "{" not in english


def test_the_refusals_above_give_every_reason_the_engine_has():
    raised = {n.key for case in REFUSALS for n in notes_in(refusal(*case).note)}
    assert raised == note_keys("tablegame/families/neunfeld/rules.py")
