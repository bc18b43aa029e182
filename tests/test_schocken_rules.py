"""Scenario tests for every Schocken rule of docs/rules.md §4 and the seed, one per rule."""
from dataclasses import replace

import pytest

from tablegame.core.games import IllegalAction, find_game
from tablegame.families.schocken.rules import (SchockenRules, SetAside, SetDeckel, Stop, Take, Throw,
                                      Tuermchen, TurnSixes)
from tablegame.families.schocken.evening import Evening
from tablegame.families.schocken.state import FINAL, FIRST_HALF, SECOND_HALF
from tablegame.texts import say
from tablegame.words.notes import Note
from test_texts import note_keys

R = SchockenRules()
ANNA, BEN, CEM, DORA = range(4)


def T(dice: str) -> Throw:
    return Throw(tuple(int(c) for c in dice))


def start(n=3, rules=R, starter=0):
    return rules.initial_state([[name] for name in ("Anna", "Ben", "Cem", "Dora")[:n]],
                               starter=starter)


def play(state, *actions, rules=R):
    for action in actions:
        state = rules.apply(state, action)
    return state


def once(state, *throws, rules=R):
    """Each given player throws three dice once and stops."""
    for dice in throws:
        state = play(state, T(dice), Stop(), rules=rules)
    return state


def conserved(state, rules=R):
    return state.pot + sum(state.deckel) == rules.options.deckel


# -- a turn ------------------------------------------------------------------------------

def test_up_to_three_throws():
    s = play(start(), T("542"), T("542"), T("542"))
    assert R.dice_to_throw(s) == 0
    with pytest.raises(IllegalAction, match="Anna has had all three throws"):
        R.apply(s, T("111"))


def test_the_starters_count_is_the_maximum():
    s = play(start(), T("542"), T("632"), Stop())            # Anna starts, stops after 2
    assert s.max_throws == 2 and s.current == BEN
    s = play(s, T("221"), T("321"))
    assert R.dice_to_throw(s) == 0
    with pytest.raises(IllegalAction, match="Ben has no throw left: the starter stopped after 2"):
        R.apply(s, T("111"))


def test_anyone_may_stop_earlier_than_the_maximum():
    s = play(start(2), T("542"), T("632"), T("664"), Stop())  # Anna: 3 throws
    s = play(s, T("665"), Stop())                              # Ben stops after 1
    assert s.results == () and s.last_round.best == BEN and s.last_round.worst == ANNA


def test_a_die_set_aside_stays_out():
    s = play(start(), T("146"), SetAside((1,)))
    assert R.dice_to_throw(s) == 2
    with pytest.raises(IllegalAction, match="throws 2 dice"):
        R.apply(s, T("111"))
    s = play(s, T("13"), SetAside((1,)))
    assert s.turn.aside == (1, 1)
    s = play(s, T("5"), Stop())
    assert s.results[-1].dice == (5, 1, 1) and s.results[-1].throws == 3
    with pytest.raises(IllegalAction, match="cannot set aside 6"):
        play(start(), T("145"), SetAside((6,)))


def test_at_least_one_die_goes_back_in_the_cup():
    with pytest.raises(IllegalAction, match="at least one die"):
        play(start(), T("111"), SetAside((1, 1, 1)))


def test_turning_two_sixes_into_a_one_with_a_throw_left():
    s = play(start(), T("663"), TurnSixes(1))
    assert s.turn.aside == (1,) and s.turn.lying == (3,)
    with pytest.raises(IllegalAction, match="must throw again"):
        R.apply(s, Stop())
    s = play(s, T("13"), Stop())        # the 3 went back in the cup with the freed die
    assert s.results[0].dice == (3, 1, 1)
    assert s.results[0].throws == 2


def test_turning_sixes_only_with_a_throw_left():
    last = play(start(), T("542"), T("542"), T("663"))   # the starter's third throw
    with pytest.raises(IllegalAction, match="only with a throw left"):
        R.apply(last, TurnSixes(1))
    s = play(start(), T("542"), Stop())                  # Anna sets the maximum to 1
    s = play(s, T("665"))
    with pytest.raises(IllegalAction, match="only with a throw left.*stopped after 1"):
        R.apply(s, TurnSixes(1))
    assert TurnSixes(1) not in R.legal_actions(s)


def test_turning_three_sixes_into_two_ones_or_keeping_the_general():
    s = play(start(), T("666"), TurnSixes(2))
    assert s.turn.aside == (1, 1) and R.dice_to_throw(s) == 1
    s = play(s, T("1"), Stop())
    assert (s.results[0].dice, s.results[0].throws, s.results[0].at_once) == ((1, 1, 1), 2, False)
    kept = play(start(), T("666"), Stop())
    assert kept.results[0].dice == (6, 6, 6)


def test_turning_needs_two_sixes_of_the_same_throw():
    s = play(start(), T("642"), SetAside((6,)), T("63"))
    with pytest.raises(IllegalAction, match="needs 2 sixes from the last throw"):
        R.apply(s, TurnSixes(1))
    with pytest.raises(IllegalAction, match="needs 3 sixes"):
        play(start(), T("663"), TurnSixes(2))


def test_tuermchen_voids_the_throw_and_it_is_thrown_again():
    s = play(start(), T("146"), SetAside((1,)), T("25"), Tuermchen())
    assert s.turn.throws == 1 and s.turn.aside == (1,) and s.turn.lying == ()
    with pytest.raises(IllegalAction, match="must throw again"):
        R.apply(s, Stop())
    s = play(s, T("11"), Stop())
    assert (s.results[0].dice, s.results[0].throws) == ((1, 1, 1), 2)
    with pytest.raises(IllegalAction, match="Türmchen voids only the throw just made"):
        play(start(), T("146"), SetAside((1,)), Tuermchen())


def test_tuermchen_on_the_first_throw_leaves_the_turn_unstarted():
    s = play(start(), T("146"), Tuermchen())
    assert s.turn.throws == 0 and R.dice_to_throw(s) == 3


def test_after_a_tuermchen_the_throw_must_be_made_again_not_the_deckel_taken():
    """docs/rules.md §4, seed 3.05: A throws 4-2-1 and stops; B's throw is a Türmchen; B may
    not take the Deckel instead of throwing again."""
    s = play(start(), T("421"), Stop(), T("553"), Tuermchen())
    assert s.current == BEN and s.turn.throws == 0
    assert Take() not in R.legal_actions(s)
    with pytest.raises(IllegalAction, match="Türmchen: Ben must throw again and may not take"):
        R.apply(s, Take())
    s = play(s, T("553"), Stop())                # thrown again, it counts
    assert s.current == CEM and Take() in R.legal_actions(s)


def test_a_tuermchen_after_setting_aside_must_also_be_thrown_again():
    s = play(start(), T("421"), T("421"), Stop(), T("611"), SetAside((1, 1)), T("5"), Tuermchen())
    with pytest.raises(IllegalAction):
        R.apply(s, Take())
    assert [a for a in R.legal_actions(s) if isinstance(a, (Take, Stop))] == []


# -- ranking inside a round --------------------------------------------------------------

def test_worst_player_receives_what_the_best_result_is_worth():
    s = once(start(), "542", "611", "432")     # Schock 6 by Ben; Anna's 542 is worst
    report = s.last_round
    assert (report.best, report.worst, report.deckel, report.result) == (BEN, ANNA, 6, "Schock 6")
    assert s.pot == 7 and s.deckel == (6, 0, 0) and conserved(s)


def test_fewer_throws_beat_equal_dice():
    s = play(start(2), T("542"), T("665"), Stop())  # Anna: 665 with two throws
    s = play(s, T("665"), Stop())                   # Ben: 665 with one
    assert s.last_round.worst == ANNA and s.last_round.best == BEN


def test_mit_ist_schitt_the_earlier_player_wins_a_tie():
    # seed 3.1: A and B both reach the Straße 3-4-5 with the third throw; B gets 2 Deckel
    s = play(start(2), T("122"), T("225"), T("345"), Stop(),
             T("122"), T("226"), T("543"), Stop())
    assert (s.last_round.best, s.last_round.worst, s.last_round.deckel) == (ANNA, BEN, 2)


def test_schock_beats_general_and_value_first_option_turns_it_round():
    s = once(start(2), "666", "211")
    assert s.last_round.worst == ANNA and s.last_round.deckel == 2
    vf = SchockenRules(ranking="value-first")
    s = once(start(2, vf), "666", "211", rules=vf)
    assert s.last_round.worst == BEN and s.last_round.deckel == 3


def test_assembled_strasse_counts_unless_auf_hand():
    def round_with(rules):
        s = play(start(2, rules), T("452"), SetAside((5, 4)), T("6"), Stop(), rules=rules)
        return play(s, T("665"), Stop(), rules=rules).last_round   # Ben: Hausnummer 665

    assert round_with(R).best == ANNA and round_with(R).deckel == 2
    auf_hand = SchockenRules(assembled=False)
    report = round_with(auf_hand)
    assert report.best == BEN and report.worst == ANNA and report.deckel == 1


# -- Deckel -------------------------------------------------------------------------------

def test_whoever_received_deckel_starts_the_next_round():
    s = once(start(3), "611", "542", "432")      # Ben (542) is worst
    assert s.last_round.worst == BEN
    assert s.order == (BEN, CEM, ANNA) and s.current == BEN and s.max_throws == 3


def test_pot_cap_the_worst_gets_only_what_is_left():
    s = replace(start(3), pot=2, deckel=(5, 6, 0))
    s = once(s, "611", "542", "432")             # Schock 6 is worth 6, only 2 left
    assert s.last_round.deckel == 2 and s.pot == 0 and s.deckel == (5, 8, 0)
    assert conserved(s)


def test_players_without_deckel_drop_out_when_the_pot_runs_dry():
    s = replace(start(3), pot=2, deckel=(5, 6, 0))
    s = once(s, "611", "542", "432")
    assert s.active == (ANNA, BEN) and s.last_round.dropped_out == (CEM,)
    assert s.order == (BEN, ANNA)                # Cem no longer throws


def test_after_the_pot_the_best_player_gives_capped_at_what_he_holds():
    s = replace(start(3), pot=0, deckel=(1, 6, 6))
    s = once(s, "611", "542", "432")             # Anna's Schock 6 is worth 6; she has 1
    assert (s.last_round.giver, s.last_round.deckel) == (ANNA, 1)
    assert s.deckel == (0, 7, 6) and conserved(s)
    assert s.active == (BEN, CEM) and s.last_round.dropped_out == (ANNA,)


def test_who_gives_away_his_last_deckel_after_the_pot_ran_out_is_out_of_the_half():
    """docs/rules.md §4: "... and so is a player who gives away his last Deckel after that"."""
    s = replace(start(3), pot=0, deckel=(2, 5, 6))
    s = once(s, "654", "532", "642")             # Anna's Straße is worth 2: all she has
    assert (s.last_round.giver, s.last_round.worst, s.last_round.deckel) == (ANNA, BEN, 2)
    assert s.deckel == (0, 7, 6) and s.active == (BEN, CEM)
    assert s.last_round.dropped_out == (ANNA,) and conserved(s)


def test_a_half_ends_when_one_player_holds_all_deckel():
    s = replace(start(2), pot=0, deckel=(2, 11))
    s = once(s, "611", "542")                    # Ben receives Anna's last 2
    assert s.half == SECOND_HALF and s.half_losers == (BEN,)
    assert s.pot == 13 and s.deckel == (0, 0) and s.active == (ANNA, BEN)
    assert s.order[0] == BEN, "the first half's loser starts the second half"


# -- Schock-Out ----------------------------------------------------------------------------

def test_schock_out_in_the_first_phase_ends_the_half_at_once():
    s = once(start(3), "111", "542", "432")      # later players still throw for the worst
    assert s.last_round.schock_out and s.last_round.worst == BEN
    assert s.half == SECOND_HALF and s.half_losers == (BEN,) and conserved(s)


def test_schock_out_the_round_is_finished_and_a_later_taker_takes_all_thirteen():
    """docs/rules.md §4: the Schock-Out ends the half once the round is finished; a later
    player who takes instead of throwing takes all 13."""
    s = once(start(3), "111")
    assert s.half == FIRST_HALF and s.current == BEN     # the round goes on
    s = play(s, Take())
    assert s.last_round.schock_out and s.last_round.worst == BEN
    assert s.last_round.deckel == 13 and s.half_losers == (BEN,) and s.half == SECOND_HALF


def test_schock_out_in_the_second_phase():
    s = replace(start(3), pot=0, deckel=(4, 0, 9), active=(ANNA, CEM), order=(ANNA, CEM))
    s = once(s, "432", "111")
    assert s.last_round.schock_out and s.last_round.worst == ANNA and s.last_round.deckel == 9
    assert s.half_losers == (ANNA,) and s.half == SECOND_HALF


def test_schock_out_in_the_final_ends_the_game():
    s = replace(start(3), half=FINAL, half_losers=(ANNA, CEM), active=(ANNA, CEM),
                order=(ANNA, CEM))
    s = once(s, "111", "665")
    assert R.outcome(s).loser == CEM and not s.blattschuss


def test_schock_out_gives_all_seventeen_with_that_option():
    r17 = SchockenRules(deckel=17)
    s = once(start(2, r17), "111", "542", rules=r17)
    assert s.half_losers == (BEN,) and s.last_round.deckel == 17 and s.pot == 17


# -- halves and the game --------------------------------------------------------------------

def lose_half(state, loser, rules=R):
    """One round: ``loser`` throws 2-2-1, the first other player a Schock-Out, the rest 5-4-2."""
    schock_out = next(seat for seat in state.order if seat != loser)
    throws = ["221" if seat == loser else "111" if seat == schock_out else "542"
              for seat in state.order]
    return once(state, *throws, rules=rules)


def test_blattschuss_the_loser_of_both_halves_loses_the_game():
    s = lose_half(start(3), CEM)
    assert s.half == SECOND_HALF and s.order == (CEM, ANNA, BEN)
    s = lose_half(s, CEM)
    out = R.outcome(s)
    assert out.loser == CEM and out.blattschuss and out.winner is None
    assert "Cem" in out.reason and "Blattschuss" in out.reason


def test_the_final_between_the_two_half_losers_started_by_the_first():
    s = lose_half(start(4), DORA)
    s = lose_half(s, BEN)
    assert s.half == FINAL and s.active == (BEN, DORA) and s.order == (DORA, BEN)
    assert s.pot == 13 and s.deckel == (0, 0, 0, 0)
    s = lose_half(s, DORA)
    out = R.outcome(s)
    assert out.loser == DORA and not out.blattschuss and "Dora lost the final" in out.reason
    with pytest.raises(IllegalAction, match="game is over"):
        R.apply(s, T("111"))


def test_the_game_starter_begins_the_first_half():
    s = start(3, starter=2)
    assert s.half == FIRST_HALF and s.order == (CEM, ANNA, BEN) and s.pot == 13


def test_evening_tally_and_the_next_game_starter():
    evening = Evening.start(["Anna", "Ben", "Cem"])
    assert evening.next_starter == ANNA
    s = lose_half(lose_half(start(3), BEN), BEN)
    evening = evening.record(s)
    assert evening.lost == (0, 1, 0) and evening.next_starter == BEN
    with pytest.raises(ValueError, match="not over"):
        evening.record(start(3))


# -- taking voluntarily --------------------------------------------------------------------

def test_voluntary_taking_ends_the_round_and_the_taker_starts():
    s = once(start(3), "654")                        # Anna: Straße, worth 2
    s = play(s, Take())                              # Ben takes 2 without throwing
    assert (s.last_round.worst, s.last_round.deckel, s.last_round.taken) == (BEN, 2, True)
    assert s.deckel == (0, 2, 0) and s.order == (BEN, CEM, ANNA) and s.results == ()


def test_voluntary_taking_needs_a_result_and_no_throw():
    with pytest.raises(IllegalAction, match="starts the round"):
        R.apply(start(3), Take())
    s = play(once(start(3), "654"), T("221"))
    with pytest.raises(IllegalAction, match="only instead of throwing"):
        R.apply(s, Take())


def test_voluntary_taking_in_the_second_phase_comes_from_the_best_player():
    s = replace(start(3), pot=0, deckel=(5, 4, 4))
    s = play(once(s, "666"), Take())                 # Ben takes 3 from Anna
    assert s.deckel == (2, 7, 4) and s.last_round.giver == ANNA


# -- options and set-up ----------------------------------------------------------------------

def test_options_default_and_registry():
    rules = find_game("schocken")
    assert rules.options.deckel == 13 and rules.options.ranking == "schock-beats-general"
    assert rules.options.assembled is True
    assert find_game("schocken", deckel=15).initial_state([["A"], ["B"]]).pot == 15


@pytest.mark.parametrize("options, name", [
    ({"deckels": 13}, "deckels"), ({"deckel": 12}, "deckel"), ({"deckel": 18}, "deckel"),
    ({"deckel": True}, "deckel"), ({"ranking": "general-first"}, "ranking"),
    ({"assembled": "yes"}, "assembled"),
])
def test_bad_options_name_the_option(options, name):
    with pytest.raises(ValueError, match=f"'{name}'"):
        SchockenRules(**options)


@pytest.mark.parametrize("parties", [[["A"]], [["A"]] * 11, [["A", "B"], ["C"]], [["A"], [""]]])
def test_bad_parties_are_refused(parties):
    with pytest.raises(ValueError):
        R.initial_state(parties)


def test_legal_actions_list_the_decisions():
    s = play(start(), T("663"))
    listed = R.legal_actions(s)
    assert Stop() in listed and TurnSixes(1) in listed and TurnSixes(2) not in listed
    assert SetAside((6, 6)) in listed and SetAside((6, 3)) in listed
    assert SetAside((6, 6, 3)) not in listed
    assert R.legal_actions(start()) == [] and R.dice_to_throw(start()) == 3


def test_describe_gives_one_line_for_the_staff_page():
    from tablegame.families.schocken.rules import describe
    s = once(start(3), "611", "542", "432")
    assert describe(s) == "first half: Ben throws; pot 7; Anna 0, Ben 6, Cem 0"
    done = lose_half(lose_half(start(3), CEM), CEM)
    assert describe(done) == "game over: Cem pays"


# -- every reason in English and German -----------------------------------------------------

REFUSALS = [  # (state, action): at least one for every reason the engine gives
    (lambda: replace(start(), loser=BEN), T("111")),
    (start, "throw"),
    (lambda: start(3), Take()),
    (lambda: play(once(start(3), "654"), T("221")), Take()),
    (lambda: play(start(), T("542"), T("542"), T("542")), T("111")),
    (lambda: play(start(), T("542"), T("632"), Stop(), T("221"), T("321")), T("111")),
    (lambda: play(start(), T("542"), T("542"), T("542")), SetAside((5,))),
    (lambda: play(start(), T("542"), Stop(), T("665")), TurnSixes(1)),
    (start, Throw((1, 2, 7))),
    (lambda: play(start(), T("146"), SetAside((1,))), T("111")),
    (lambda: play(start(), T("146")), SetAside(())),
    (lambda: play(start(), T("145")), SetAside((6,))),
    (lambda: play(start(), T("111")), SetAside((1, 1, 1))),
    (lambda: play(start(), T("663")), TurnSixes(3)),
    (lambda: play(start(), T("642"), SetAside((6,)), T("63")), TurnSixes(1)),
    (lambda: play(start(), T("663")), TurnSixes(2)),
    (lambda: play(start(), T("146"), SetAside((1,))), Tuermchen()),
    (lambda: play(start(), T("663"), TurnSixes(1)), Stop()),
    (lambda: play(start(), T("421"), Stop(), T("553"), Tuermchen()), Take()),
    (start, Stop()),
    # staff corrections
    (start, SetDeckel(7, 1)),
    (lambda: lose_half(lose_half(start(3), CEM), BEN), SetDeckel(0, 1)),
    (start, SetDeckel(0, 13)),
    (start, SetDeckel(0, 0)),
    (lambda: replace(start(), pot=2), SetDeckel(0, 3)),
]


def refusal(make_state, action):
    with pytest.raises(IllegalAction) as caught:
        R.apply(make_state(), action)
    return caught.value


def notes_in(note):
    """``note`` and every note among its values (a limit of throws inside another reason)."""
    return [note] + [n for v in note.kwargs.values() if isinstance(v, Note) for n in notes_in(v)]


@pytest.mark.parametrize("make_state, action", REFUSALS)
def test_every_reason_is_a_note_whose_english_text_is_the_message(make_state, action):
    error = refusal(make_state, action)
    assert str(error) == say("en", error.note)
    german = say("de", error.note)
    assert german and german != str(error) and "{" not in german


def test_the_refusals_above_give_every_reason_the_engine_has():
    raised = {n.key for case in REFUSALS for n in notes_in(refusal(*case).note)}
    engine = note_keys("tablegame/families/schocken/rules.py") | note_keys("tablegame/families/schocken/turn.py")
    assert raised == engine
