"""Neunfeld on the table: the referee over dice and squares readings, the hint, and
the table as an opponent, checked the way a player at the table would."""
import random

import pytest

from tablegame.core.events import ButtonPress
from tablegame.families.neunfeld.rules import NeunfeldRules, Roll, TipAndMove, position_after
from tablegame.families.neunfeld.solver import NeunfeldSolver, Verdict as Value
from tablegame.texts import say
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.families.neunfeld.play import NeunfeldPlay, variant_cache_path
from tablegame.words.notes import Note
from tablegame.families.neunfeld.referee import judge_turn, squares_reading
from tablegame.core.sensors import DiceReading
from tablegame.core.session import Act, Session
from tablegame.core.store import EventLog
from test_neunfeld_rules import A, B, seed_actions, seed_state, state_at

PARTIES = (("Anna",), ("Ben",))


def dice(*tops, flat=True):
    return DiceReading(tuple(tops), (False, False, False), flat)


def squares(*occupied):
    return squares_reading(occupied)


@pytest.fixture
def session_of(tmp_path):
    made = []

    def make(**options):
        setup = GameSetup("neunfeld", PARTIES, tuple(sorted(options.items())))
        boards = {"neunfeld": {"solver_cache": str(tmp_path / "solution.bin")}}
        s = Session(EventLog(tmp_path / f"log{len(made)}.sqlite"), lambda su: make_play(su, boards), setup,
                    rng=random.Random(1))
        made.append(s)
        return s
    return make


def feed(session, *readings):
    for r in readings:
        session.handle(r)
    return session.status


def readings_for(state, action):
    """What the board reports when ``action`` is carried out: the tipped dice, then the squares."""
    after = position_after(state.position, action)
    return dice(*after.tops), squares(*after.squares)


def test_the_seed_game_fed_as_readings_gives_exactly_the_engines_actions(session_of):
    s = session_of()
    rules = NeunfeldRules()
    expected = list(seed_actions())
    state = rules.initial_state(PARTIES)
    for action in expected:
        if isinstance(action, Roll):
            feed(s, dice(*action.tops))
        else:
            tipped, moved = readings_for(s.status.state, action)
            feed(s, tipped)
            assert s.status.state.history[-1] == state.position  # a tip alone is no action
            assert "jetzt den Stein ziehen" in say("de", s.status.note)
            feed(s, moved)
        state = rules.apply(state, action)
        assert s.status.state == state and s.status.problem is None
    # "B gewinnt, da A das Feld 1 nicht mehr verbieten kann": whatever A does, B then lands on 1
    feed(s, *readings_for(state, rules.legal_actions(state)[0]))
    finish = next(a for a in rules.legal_actions(s.status.state) if a.to == 1)
    status = feed(s, *readings_for(s.status.state, finish))
    assert rules.outcome(status.state).winner == 1
    assert s.play.view(status, "de").winner == "Ben erreicht Feld 1 und gewinnt!"


def seed_status(session, lines):
    for action in list(seed_actions())[:lines]:
        if isinstance(action, Roll):
            feed(session, dice(*action.tops))
        else:
            feed(session, *readings_for(session.status.state, action))
    return session.status


def test_a_move_to_a_square_a_die_forbids_is_refused_with_the_engines_reason(session_of):
    s = session_of()
    before = seed_status(s, 3).state   # A to move; tops 7 5 6; A on 3, B on 8
    feed(s, dice(7, 1, 6))             # red 5 -> 1: fine so far
    status = feed(s, squares(6, 8))    # A onto 6: black shows 6
    assert status.state == before
    assert status.problem is not None
    assert say("de", status.problem) == "Nicht erlaubt: Feld 6 ist durch den schwarzen Würfel V gesperrt"
    status = feed(s, squares(5, 8))    # the player moves on to 5: accepted
    assert status.problem is None and status.state.position.squares == (5, 8)


def test_a_refused_move_reads_in_the_tables_language(session_of):
    s = session_of()
    seed_status(s, 3)                  # A to move; tops 7 5 6; A on 3, B on 8
    feed(s, dice(7, 1, 6))
    status = feed(s, squares(6, 8))    # black V shows 6
    assert s.play.view(status, "en").problem == "Not allowed: Square 6 is blocked by the black die V"
    assert s.play.view(status, "de").problem == "Nicht erlaubt: Feld 6 ist durch den schwarzen Würfel V gesperrt"


def test_an_action_the_session_refuses_reads_in_the_tables_language(session_of):
    s = session_of()
    before = seed_status(s, 3).state   # A holds III (7) and IV (5); IV 5 -> 4 is the opposite face
    s.handle(Act(TipAndMove(4, 4, 4)))
    assert s.status.state == before
    assert s.play.view(s.status, "en").message == (
        "Not allowed: The red die IV cannot be tipped from 5 to 4: that is the opposite face")
    assert s.play.view(s.status, "de").message == (
        "Nicht erlaubt: Würfel IV (rot) kann nicht von 5 auf 4 gekippt werden: das ist die Gegenseite")


def test_a_move_no_tip_allows_names_the_square_before_a_blocking_die():
    rules = NeunfeldRules(strict=True)
    state = seed_state(4)              # Ben on 8 to move, Anna on 5; Ben holds III (7) and V (6)
    verdict = judge_turn(rules, state, None, squares(5, 6))
    # tipping III leaves 6 blocked by V; tipping V frees 6, but 6 is next to Anna: the gap tells more
    assert verdict.problem and verdict.note.kwargs["reason"].key == "nf_strict_gap"
    assert say("en", verdict.note) == ("Not allowed: Strict variant: at least one square must stay "
                                       "free between the pieces on squares 5 and 6")
    assert say("de", verdict.note).startswith("Nicht erlaubt: Verschärfte Variante")


def test_a_tip_after_which_no_move_is_possible_says_so_in_either_language():
    rules = NeunfeldRules()
    state = state_at((1, 2), (1, 3, 4), (A, A, B), A)   # Anna on 1, Ben on 2; IV shows 3, V 4
    verdict = judge_turn(rules, state, dice(2, 3, 4), None)  # III 1 -> 2: squares 2, 3, 4 all taken
    assert verdict.problem and verdict.note.kwargs["reason"] == Note.of("nf_tip_no_move", die=3, top=2)
    assert say("en", verdict.note) == "Not allowed: After tipping the blue die III to 2 no move is possible"
    assert say("de", verdict.note) == ("Nicht erlaubt: Nach diesem Kippen von Würfel III (blau) auf 2 "
                                       "ist kein Zug möglich")


def test_a_tip_to_the_opposite_face_is_refused_and_nothing_changes(session_of):
    s = session_of()
    before = seed_status(s, 3).state   # A holds III (7) and IV (5)
    status = feed(s, dice(7, 4, 6))    # IV 5 -> 4: opposite faces
    assert status.state == before
    assert say("de", status.problem) == ("Nicht erlaubt: Würfel IV (rot) kann nicht von 5 auf 4 gekippt "
                                         "werden: das ist die Gegenseite")
    status = feed(s, dice(7, 5, 6))    # tipped back: the problem goes away
    assert status.problem is None and status.state == before


def test_a_die_the_mover_does_not_hold_is_refused(session_of):
    s = session_of()
    before = seed_status(s, 3).state   # black (V) was kept by B
    status = feed(s, dice(7, 5, 2))
    assert status.state == before
    assert "Würfel V (schwarz) liegt nicht bei Anna" in say("de", status.problem)


def test_impossible_readings_are_explained(session_of):
    s = session_of()
    before = seed_status(s, 3).state   # A on 3, B on 8
    assert "Mehrere Würfel" in say("de", feed(s, dice(9, 1, 6)).problem)
    feed(s, dice(7, 5, 6))
    assert "Stein von Ben fehlt auf Feld 8" in say("de", feed(s, squares(3)).problem)
    assert "Feldern 2, 3, 8" in say("de", feed(s, squares(2, 3, 8)).problem)
    assert "schief" in say("de", feed(s, dice(7, 5, 6, flat=False)).problem)
    assert say("en", feed(s, dice(7, 5, 6, flat=False)).problem) == "A die is not lying flat: please lay it flat"
    status = feed(s, dice(7, 5, 6), squares(3, 8))
    assert status.problem is None and status.state == before


def test_a_move_before_the_tip_waits_for_the_tip_and_then_counts(session_of):
    s = session_of()
    seed_status(s, 3)
    status = feed(s, squares(5, 8))
    assert status.problem is None and "Erst kippen" in say("de", status.note)
    status = feed(s, dice(7, 1, 6))
    assert status.state.position.squares == (5, 8) and status.state.position.tops == (7, 1, 6)


def test_a_move_no_tip_allows_is_refused_at_once(session_of):
    s = session_of()
    seed_status(s, 3)  # A on 3: 7 squares away is too far whatever the tip
    status = feed(s, squares(7, 8))
    assert "Von Feld 3 auf Feld 7 sind es 4 Felder" in say("de", status.problem)


def test_the_start_roll_repeats_until_a_5_and_a_resync_is_not_a_new_roll(session_of):
    s = session_of()
    status = feed(s, dice(1, 3, 2))
    assert status.state.last_roll == (1, 3, 2) and status.state.roller == 1
    feed(s, dice(1, 3, 2))                      # the same reading again: a re-sync, not a roll
    assert s.status.state.roller == 1 and s.status.actions == 1
    status = feed(s, dice(2, 5, 3))
    assert status.state.started and status.state.to_move == 1
    assert say("de", status.note) == "Wurf III 2 · IV 5 · V 3: eine 5! Ben beginnt"


def test_hint_shows_the_solvers_best_move_and_the_value(session_of, tmp_path):
    s = session_of()
    seed_status(s, 3)
    s.handle(ButtonPress("ok"))
    solver = NeunfeldSolver.load(NeunfeldRules())
    best = solver.best_action(s.status.state)
    value = solver.evaluate(s.status.state)
    view = s.play.view(s.status, "de")
    assert view.hint is not None and (view.hint.top, view.hint.to) == (best.top, best.to)
    word = {Value.WIN: "gewonnen", Value.LOSS: "verloren", Value.DRAW: "remis"}[value.verdict]
    assert word in view.hint_text and f"nach Feld {best.to}" in view.hint_text
    assert "Hint for Anna" in s.play.view(s.status, "en").hint_text


def test_table_plays_is_a_play_option_and_the_cache_has_a_file_per_variant(tmp_path):
    play = make_play(GameSetup("neunfeld", PARTIES, (("strict", True), ("table_plays", 1))))
    assert isinstance(play, NeunfeldPlay) and play.table_plays == 1 and play.rules.strict
    with pytest.raises(ValueError, match="table_plays"):
        make_play(GameSetup("neunfeld", PARTIES, (("table_plays", 2),)))
    assert variant_cache_path(tmp_path / "s.bin", True).name == "s-strict.bin"


# -- against the table -------------------------------------------------------------------------


def test_the_table_announces_the_solvers_move_and_accepts_only_that(session_of):
    s = session_of(table_plays=1)
    solver = NeunfeldSolver.load(NeunfeldRules())
    feed(s, dice(1, 5, 2))                                   # A (Anna) begins
    feed(s, *readings_for(s.status.state, TipAndMove(3, 7, 3)))
    state = s.status.state
    assert state.to_move == 1
    announced = s.play.view(s.status, "de").table_move
    best = solver.best_action(state)
    assert (announced.die, announced.top, announced.to) == ([3, 4, 5].index(best.die), best.top, best.to)
    assert announced.words.startswith("Der Tisch zieht: Würfel")
    other = next(a for a in NeunfeldRules().legal_actions(state) if a != best)
    status = feed(s, *readings_for(state, other))
    assert status.state == state and "Der Tisch zieht anders" in say("de", status.problem)
    status = feed(s, *readings_for(state, best))
    assert status.problem is None and status.state.history[-1] == position_after(state.position, best)


@pytest.mark.parametrize("seed", range(6))
def test_random_guests_never_beat_the_table_from_a_won_position(session_of, seed):
    rng = random.Random(seed)
    table = seed % 2
    s = session_of(table_plays=table, strict=bool(seed % 3 == 0))
    rules, solver = s.play.rules, s.play.solver
    while not s.status.state.started:
        feed(s, dice(*rules.random_action(s.status.state, rng).tops))
    table_won = False
    for _ in range(200):
        state = s.status.state
        if rules.is_over(state):
            break
        if state.to_move == table:
            table_won |= solver.evaluate(state).verdict is Value.WIN
            action = s.play.table_move(state)
        else:
            action = rng.choice(rules.legal_actions(state))
        feed(s, *readings_for(state, action))
        assert s.status.state != state and s.status.problem is None
    outcome = rules.outcome(s.status.state)
    assert outcome is not None
    if table_won:
        assert outcome.winner == table
    assert outcome.winner != 1 - table or not table_won


@pytest.mark.parametrize("parties, language, shown", [
    ((("Anna",), ("Tisch",)), "de", "Tisch"),          # not "Tisch (Tisch)"
    ((("Anna",), ("Table",)), "de", "Table"),
    ((("Anna",), ("Ben",)), "de", "Ben (Tisch)"),      # a player's name says who is the table
    ((("Anna",), ("Ben",)), "en", "Ben (Table)"),
])
def test_the_tables_party_is_named_once(parties, language, shown):
    play = make_play(GameSetup("neunfeld", parties, (("table_plays", 1),)))
    state = play.rules.initial_state(parties)
    assert play._name(state, 1, language) == shown and play._name(state, 0, language) == "Anna"


def test_a_party_of_two_is_named_alike_in_every_language():
    state = NeunfeldRules().initial_state((("Anna", "Carl"), ("Ben",)))
    assert state.party_name(0) == "Anna & Carl"
