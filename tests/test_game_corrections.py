"""Staff corrections of Schocken (a player's Deckel, the half) and Neunfeld (take back to
a chosen move): actions the rules validate like any other, declared in each family's
registration, said in German and English; a refused one says why and changes nothing."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from tablegame.core import jsoncodec
from tablegame.registry import family_of, load
from tablegame.core.rules import IllegalAction
from tablegame.families.neunfeld.rules import NeunfeldRules, Roll, TakeBack
from tablegame.families.schocken.rules import HalfLost, SchockenRules, SetDeckel, Stop, Throw
from tablegame.families.schocken.state import FINAL, SECOND_HALF
from tablegame.texts import say
from tablegame.core.play import GameSetup
from tablegame.families.schocken.play import SchockenPlay
from tablegame.core.session import Act, Session, Undo
from tablegame.core.store import EventLog

NAMES = ("Anna", "Ben", "Cem")


def correction(game: str, name: str, **fields):
    """The action a correction's form makes, through the family's registration."""
    chosen = {c.name: c for c in family_of(game).corrections}[name]
    assert {f.name for f in chosen.fields} == set(fields)
    for field in chosen.fields:
        assert field.check(fields[field.name]) is None, field.check(fields[field.name])
        assert set(field.doc) == {"de", "en"}
    assert set(chosen.title) == {"de", "en"}
    return load(chosen.action)(**fields)


def refusal(rules, state, action, language="en") -> str:
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, action)
    return say(language, refused.value.note)


# -- Schocken ------------------------------------------------------------------------------

def schocken_round(rules, state, *dice):
    """Each player throws once (``dice``, in the round's order) and stops."""
    for values in dice:
        state = rules.apply(rules.apply(state, Throw(values)), Stop())
    return state


@pytest.fixture
def schocken():
    rules = SchockenRules()
    # Anna (starter) General 6s: Cem is worst with a Hausnummer and gets 3 from the pot
    state = schocken_round(rules, rules.initial_state([[n] for n in NAMES]),
                           (6, 6, 6), (5, 4, 2), (4, 3, 1))
    assert state.deckel == (0, 0, 3) and state.pot == 10
    return rules, state


def test_a_players_deckel_come_from_the_pot_and_go_back_to_it(schocken):
    rules, state = schocken
    more = rules.apply(state, correction("schocken", "deckel", player=2, deckel=4))
    assert more.deckel == (0, 4, 3) and more.pot == 6
    fewer = rules.apply(more, correction("schocken", "deckel", player=3, deckel=1))
    assert fewer.deckel == (0, 4, 1) and fewer.pot == 8
    assert fewer.order == state.order and fewer.turn == state.turn   # the round goes on


@pytest.mark.parametrize("player,deckel,en,de", [
    (4, 1, "There is no player 4: the sheet has players 1 to 3",
     "Einen Spieler 4 gibt es nicht"),
    (1, 13, "Anna can hold 0 to 12 Deckel, not 13: whoever holds all 13 has lost the half",
     "Anna kann 0 bis 12 Deckel halten, nicht 13"),
    (1, -1, "Anna can hold 0 to 12 Deckel, not -1", "nicht -1"),
    (3, 3, "Cem holds 3 Deckel already", "Cem hat schon 3 Deckel"),
    (2, 11, "The pot holds only 10 Deckel and Ben would need 11 more",
     "Im Topf sind nur 10 Deckel, Ben bräuchte 11 mehr"),
])
def test_an_impossible_deckel_count_is_refused_in_both_languages(schocken, player, deckel,
                                                                  en, de):
    rules, state = schocken
    action = SetDeckel(player - 1, deckel)
    assert en in refusal(rules, state, action, "en")
    assert de in refusal(rules, state, action, "de")


def test_a_player_out_of_the_half_gets_no_deckel():
    rules = SchockenRules()
    state = rules.initial_state([[n] for n in NAMES])
    state = rules.apply(state, HalfLost(1))                    # Ben lost the first half
    assert state.half == SECOND_HALF and state.half_losers == (1,)
    state = rules.apply(state, HalfLost(2))                    # Cem the second: a final
    assert state.half == FINAL and state.active == (1, 2)
    assert refusal(rules, state, SetDeckel(0, 2)) == "Anna no longer plays in the final"
    assert refusal(rules, state, HalfLost(0), "de") == "Anna spielt im Finale nicht mit"


def test_half_lost_ends_the_half_as_play_would_and_blattschuss_ends_the_game(schocken):
    rules, state = schocken
    second = rules.apply(state, correction("schocken", "half", player=3))
    assert second.half == SECOND_HALF and second.half_losers == (2,)
    assert second.pot == 13 and second.deckel == (0, 0, 0) and second.order[0] == 2
    over = rules.apply(second, correction("schocken", "half", player=3))
    assert over.over and over.loser == 2 and over.blattschuss
    assert "is over" in refusal(rules, over, SetDeckel(0, 1))


def test_a_correction_through_the_session_is_logged_said_and_undone():
    setup = GameSetup("schocken", tuple((n,) for n in NAMES))
    s = Session(EventLog(":memory:"), lambda _: SchockenPlay(SchockenRules()), setup,
                rng=random.Random(1))
    s.handle(Act(SetDeckel(1, 5)), by="staff:carla")
    assert s.status.state.game.deckel == (0, 5, 0)
    assert say("de", s.status.note) == "Korrigiert: Ben hat 5 Deckel, im Topf 8"
    assert say("en", s.status.note) == "Corrected: Ben holds 5 Deckel, the pot 8"
    s.handle(Act(HalfLost(1)), by="staff:carla")
    assert say("de", s.status.note) == "Korrigiert: Ben verliert die 1. Hälfte"
    before = s.status.state
    s.handle(Act(SetDeckel(9, 1)), by="staff:carla")              # refused: nothing changes
    assert s.status.state is before
    assert "Einen Spieler 10 gibt es nicht" in say("de", s.status.note)
    s.handle(Undo(), by="staff:carla")
    assert s.status.state.game.half == 1 and s.status.state.game.deckel == (0, 5, 0)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), player=st.integers(-1, 10),
       deckel=st.integers(-1, 14))
def test_a_deckel_correction_keeps_every_deckel_in_play_or_is_refused(seed, steps, player,
                                                                     deckel):
    """Whatever the game's moment: all 13 Deckel stay with the players and the pot, only
    that player and the pot change, and a refusal changes nothing."""
    rules, rng = SchockenRules(), random.Random(seed)
    state = rules.initial_state([[n] for n in NAMES])
    for _ in range(steps):
        if state.over:
            break
        state = rules.apply(state, rules.random_action(state, rng))
    try:
        after = rules.apply(state, SetDeckel(player, deckel))
    except IllegalAction as refused:
        assert refused.note is not None and say("de", refused.note) and say("en", refused.note)
        return
    assert sum(after.deckel) + after.pot == rules.options.deckel
    assert after.deckel[player] == deckel
    assert [n for seat, n in enumerate(after.deckel) if seat != player] == \
        [n for seat, n in enumerate(state.deckel) if seat != player]
    assert jsoncodec.action_from_data(rules.action_types,
                                      jsoncodec.action_to_data(SetDeckel(player, deckel))) \
        == SetDeckel(player, deckel)


# -- Neunfeld ------------------------------------------------------------------------------

def neunfeld_game(seed: int, moves: int):
    """A random game: the start rolled, then up to ``moves`` tip-and-moves."""
    rules, rng = NeunfeldRules(), random.Random(seed)
    state = rules.initial_state([["Anna"], ["Ben"]])
    played = []
    while not state.started:
        state = rules.apply(state, rules.random_action(state, rng))
    start = state
    while len(played) < moves and rules.outcome(state) is None:
        move = rules.random_action(state, rng)
        played.append(move)
        state = rules.apply(state, move)
    return rules, start, played, state


def test_take_back_to_a_chosen_move_and_play_on():
    rules, start, played, state = neunfeld_game(seed=4, moves=6)
    back = rules.apply(state, correction("neunfeld", "take_back", move=2))
    expected = rules.apply(rules.apply(start, played[0]), played[1])
    assert back == expected and len(back.history) == 3
    assert rules.apply(back, played[2]) == rules.apply(expected, played[2])   # play goes on
    assert rules.apply(state, TakeBack(0)) == start


def test_a_game_ended_by_a_misread_move_is_taken_back():
    rules, start, played, state = next(
        g for g in (neunfeld_game(seed, 200) for seed in range(50)) if g[0].outcome(g[3]))
    back = rules.apply(state, TakeBack(len(played) - 1))
    assert rules.outcome(back) is None and back.history == state.history[:-1]


@pytest.mark.parametrize("move,en,de", [
    (6, "Cannot go back to move 6: 6 moves were played, so back to move 0 (the start) to 5",
     "Zurück bis Zug 6 geht nicht: gespielt sind 6 Züge"),
    (-1, "Cannot go back to move -1", "Zurück bis Zug -1 geht nicht"),
])
def test_taking_back_to_a_move_not_played_is_refused(move, en, de):
    rules, _, _, state = neunfeld_game(seed=4, moves=6)
    assert en in refusal(rules, state, TakeBack(move), "en")
    assert de in refusal(rules, state, TakeBack(move), "de")


def test_nothing_to_take_back_before_the_first_move():
    rules = NeunfeldRules()
    rolling = rules.initial_state([["Anna"], ["Ben"]])
    assert refusal(rules, rolling, TakeBack(0)) == \
        "No move has been played yet: Anna is rolling for the start"
    started = rules.apply(rolling, Roll((5, 1, 2)))
    assert refusal(rules, started, TakeBack(0), "de") == \
        "Noch ist kein Zug gespielt: nichts zurückzunehmen"


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(1, 40), data=st.data())
def test_taking_back_equals_replaying_the_first_moves(seed, moves, data):
    rules, start, played, state = neunfeld_game(seed, moves)
    if not played:
        return
    k = data.draw(st.integers(0, len(played) - 1))
    expected = start
    for move in played[:k]:
        expected = rules.apply(expected, move)
    assert rules.apply(state, TakeBack(k)) == expected
