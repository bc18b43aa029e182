"""Schocken at the table: the dice reader refereed, the table's own dice driven by the
rail buttons, the evening's sheet and tally, the words a guest reads."""
import random

import pytest

from tablegame.core.events import ButtonPress
from tablegame.families.schocken.rules import (SchockenRules, SetAside, Stop, Take, Throw, Tuermchen,
                                      TurnSixes)
from tablegame.texts import say
from tablegame.core.play import GameSetup
from tablegame.families.schocken.play import SchockenPlay
from tablegame.families.schocken.sheet import NextGame
from tablegame.core.sensors import DiceReading
from tablegame.core.session import Act, Session
from tablegame.core.store import EventLog

NAMES = ("Anna", "Ben", "Cem")
SETUP = GameSetup("schocken", tuple((n,) for n in NAMES))


def D(values: str, aside: str = "---", flat: bool = True) -> DiceReading:
    """``D("611", "-xx")``: faces in the reader's die order, x = in the tray."""
    return DiceReading(tuple(int(c) for c in values), tuple(c == "x" for c in aside), flat)


def read(s: Session, *readings) -> None:
    for reading in readings:
        s.handle(reading)


def game(s):
    return s.status.state.game


def words(s, language="en"):
    return say(language, s.status.problem or s.status.note)


# -- the dice reader: readings become actions ---------------------------------------------

def session(dice="reader", seed=0, store=":memory:", names=NAMES, baseline=True):
    """With the reader, the board's re-sync at start-up reports where the dice lie."""
    setup = GameSetup("schocken", tuple((n,) for n in names))
    s = Session(EventLog(store), lambda s: SchockenPlay(SchockenRules(), dice=dice), setup,
                rng=random.Random(seed))
    if dice == "reader" and baseline:
        s.handle(D("123"))
    return s


def test_the_first_reading_after_start_up_is_where_the_dice_lie_not_a_throw():
    s = session(baseline=False)
    read(s, D("542"))
    assert game(s).turn.throws == 0 and s.status.problem is None


def test_new_faces_are_the_first_throw():
    s = session()
    read(s, D("542"))
    assert game(s).turn.lying == (5, 4, 2) and game(s).turn.throws == 1
    assert words(s) == "Anna throws 5-4-2 (throw 1 of 3)"


def test_new_faces_outside_the_tray_are_a_throw_and_tray_moves_are_set_aside():
    s = session()
    read(s, D("611"), D("611", "-xx"), D("311", "-xx"))
    turn = game(s).turn
    assert turn.aside == (1, 1) and turn.lying == (3,) and turn.throws == 2
    read(s, D("511", "-xx"))
    assert game(s).turn.lying == (5,) and game(s).turn.throws == 3


def test_sixes_turned_into_a_one_in_the_tray():
    s = session()
    read(s, D("663"), D("613", "-x-"))
    turn = game(s).turn
    assert turn.aside == (1,) and turn.in_cup == 1
    assert words(s) == "Anna turns 6-6 into 1 and must throw again"


def test_three_sixes_turned_into_two_ones():
    s = session()
    read(s, D("666"), D("611", "-xx"))
    assert game(s).turn.aside == (1, 1)


def test_a_tuermchen_after_the_throw_voids_it():
    s = session()
    read(s, D("542"), D("542", flat=False))
    assert game(s).turn.throws == 0
    assert "Türmchen" in words(s, "de")


def test_a_throw_that_lands_as_a_tuermchen_does_not_count():
    s = session()
    read(s, D("542"), D("631", flat=False))
    turn = game(s).turn
    assert turn.throws == 1 and turn.lying == (5, 4, 2)
    assert words(s) == "Türmchen! It does not count – Anna throws again"
    read(s, D("631"))                  # thrown again, the same faces land flat: counted
    assert game(s).turn.lying == (6, 3, 1) and game(s).turn.throws == 2


def test_the_same_reading_again_changes_nothing():
    s = session()
    read(s, D("542"))
    before = s.status.state
    read(s, D("542"))                  # a re-sync after a reconnect
    assert s.status.state is before


@pytest.mark.parametrize("reading, reason", [
    (DiceReading((5, 4), (False, False)), "The dice reader sees 2 dice: there must be exactly 3"),
    (DiceReading((5, 4, 2, 1), (False,) * 4), "The dice reader sees 4 dice"),
    (D("572"), "reports a face of 7: only 1 to 6 exist"),
    (DiceReading((0, 4, 2), (False,) * 3), "reports a face of 0"),
    (D("612", "-xx"), "Die 3 lies in the tray and showed 1, now 2"),
])
def test_impossible_readings_are_refused_with_a_reason_and_change_nothing(reading, reason):
    s = session()
    read(s, D("611"), D("611", "-xx"))
    before = s.status.state
    read(s, reading)
    assert s.status.state is before
    assert s.status.problem is not None and reason in words(s)


def test_a_die_taken_out_of_the_tray_is_refused():
    s = session()
    read(s, D("611"), D("611", "-xx"))
    before = s.status.state
    read(s, D("631", "--x"))
    assert s.status.state is before
    assert "Set aside stays out: put 1 back in the tray" in words(s)


def test_three_dice_in_the_tray_are_refused():
    s = session()
    read(s, D("611"))
    before = s.status.state
    read(s, D("611", "xxx"))
    assert s.status.state is before and "at least one must be thrown" in words(s)


def test_a_die_in_the_tray_that_was_not_lying_is_refused():
    s = session()
    read(s, D("542"))
    s.handle(Act(SetAside((5,))))         # the state says 5 is aside; the reader disagrees
    before = s.status.state
    read(s, D("342", "xx-"))
    assert s.status.state is before and s.status.problem is not None


def test_a_problem_clears_once_the_dice_are_right_again():
    s = session()
    read(s, D("611"), D("611", "-xx"), D("612", "-xx"))
    assert s.status.problem is not None
    read(s, D("611", "-xx"))
    assert s.status.problem is None


def test_with_the_reader_ok_stops_and_back_offers_take():
    s = session()
    read(s, D("542"))
    s.handle(ButtonPress("ok"))           # stop
    assert game(s).current == 1 and game(s).results[0].dice == (5, 4, 2)
    s.handle(ButtonPress("ok"))           # Ben: OK before throwing takes nothing
    assert words(s) == "This table plays with real dice: throw them from the cup"
    s.handle(ButtonPress("back"))         # his other choice is to take the Deckel
    assert words(s) == "OK: take the Deckel"
    s.handle(ButtonPress("ok"))
    assert game(s).deckel[1] == 1 and game(s).pot == 12


def test_the_reader_is_ignored_when_the_table_rolls_its_own_dice():
    s = session(dice="table")
    read(s, D("123"))                    # the board's re-sync at start-up: no warning
    assert words(s, "de") == "Neues Spiel" and s.status.problem is None
    read(s, D("123"))                    # nor after a reconnect
    assert words(s, "de") == "Neues Spiel"
    read(s, D("111"))                    # someone threw the dice: they do not count
    assert game(s).turn.throws == 0
    assert words(s) == "The table's own dice are in use: the dice reader does not count"


# -- the table's own dice: the rail buttons --------------------------------------------

def test_a_scripted_turn_through_button_presses_with_a_seeded_rng():
    rng = random.Random(7)
    expected = [rng.randint(1, 6) for _ in range(5)]
    s = session(dice="table", seed=7)
    s.handle(ButtonPress("ok"))                              # throw three dice
    first = tuple(expected[:3])
    assert game(s).turn.lying == first
    play = s.play
    choices = [c.key for c in play.choices(s.status.state)]
    assert choices[:2] == ["choice_throw", "choice_stop"]
    # BACK steps to "set aside" the highest die, OK does it
    target = play.choices(s.status.state).index(
        next(c for c in play.choices(s.status.state)
             if c.key == "choice_aside" and c.dice == str(max(first))))
    for _ in range(target):
        s.handle(ButtonPress("back"))
    s.handle(ButtonPress("ok"))
    assert game(s).turn.aside == (max(first),)
    s.handle(ButtonPress("ok"))                              # throw the other two
    assert game(s).turn.lying == tuple(expected[3:5]) and game(s).turn.throws == 2
    s.handle(ButtonPress("back"))                            # highlight "stop"
    assert words(s) == "OK: stop"
    s.handle(ButtonPress("ok"))
    result = game(s).results[0]
    assert result.player == 0 and result.throws == 2
    assert sorted(result.dice) == sorted((max(first),) + tuple(expected[3:5]))
    assert game(s).max_throws == 2                           # the starter's count


def test_the_highlight_starts_again_after_every_change():
    s = session(dice="table")
    s.handle(ButtonPress("ok"))
    s.handle(ButtonPress("back"))
    s.handle(ButtonPress("ok"))                               # stop
    assert s.play.choices(s.status.state)[s.play.highlighted(s.status.state)].key == \
        "choice_throw"


def test_undo_takes_back_the_last_throw():
    s = session(dice="table")
    s.handle(ButtonPress("ok"))
    s.handle(ButtonPress("back", long=True))
    assert game(s).turn.throws == 0 and s.status.actions == 0


def test_odds_on_demand():
    s = session(dice="table")
    s.handle(ButtonPress("ok", long=True))
    assert words(s) == "Anna starts the round: nothing to beat yet"
    s.handle(Act(Throw((4, 2, 1))))
    s.handle(Act(Stop()))                                    # Anna: 421 with one throw
    s.handle(ButtonPress("ok", long=True))
    text = words(s)
    assert text.startswith("Odds to beat Anna 4-2-1: throw ")
    assert "%" in text
    view = s.play.view(s.status, "de")
    assert view.odds and view.odds[0].startswith("Chancen gegen Anna 4-2-1")


# -- the sheet: games of an evening -------------------------------------------------------

def lose_a_game(s, loser_throws="221", others="666"):
    """Everyone throws once and stops until the game is over; the round's worst
    throw decides. Seat 0 always throws ``loser_throws``."""
    for _ in range(500):
        g = game(s)
        if g.over:
            return
        dice = loser_throws if g.names[g.current] == "Anna" else others
        s.handle(Act(Throw(tuple(int(c) for c in dice))))
        s.handle(Act(Stop()))
    raise AssertionError("the game did not end")


def test_an_evening_keeps_a_tally_and_the_next_player_starts_the_next_game(tmp_path):
    store = tmp_path / "table.sqlite"
    s = session(dice="table", store=store)
    lose_a_game(s)
    assert game(s).over and game(s).names[game(s).loser] == "Anna"
    view = s.play.view(s.status, "de")
    assert view.loser == "Blattschuss! Anna hat beide Hälften verloren und zahlt!"
    assert [p.lost for p in view.players] == [1, 0, 0]
    s.handle(ButtonPress("ok"))                              # the next game on the sheet
    assert not game(s).over and game(s).current == 1          # Ben starts it
    assert say("en", s.status.note) == "Next game: Ben starts"
    assert s.status.state.evening.lost == (1, 0, 0)
    # the tally is folded from the log: it survives a restart
    again = session(dice="table", store=store)
    assert again.status.state == s.status.state
    assert [p.lost for p in again.play.view(again.status, "en").players] == [1, 0, 0]


def test_next_game_is_refused_while_a_game_is_on():
    s = session(dice="table")
    s.handle(Act(NextGame()))
    assert "the game is still on" in words(s)


def test_the_loser_banner_only_at_the_end():
    s = session(dice="table")
    assert s.play.view(s.status, "en").loser is None
    lose_a_game(s, others="665")
    assert s.play.view(s.status, "en").loser is not None


def test_the_view_shows_throws_deckel_pot_and_half():
    s = session(dice="table")
    s.handle(Act(Throw((6, 1, 1))))
    s.handle(Act(SetAside((1, 1))))
    view = s.play.view(s.status, "de")
    assert view.dice == (6,) and view.aside == (1, 1)
    assert view.throws == "Wurf 1 von 3" and view.half == "1. Hälfte"
    assert view.pot_label == "Topf: 13"
    s.handle(Act(Stop()))
    s.handle(Act(Take()))                                    # Ben takes 6 Deckel
    view = s.play.view(s.status, "de")
    assert view.pot == 7 and [p.deckel for p in view.players] == [0, 6, 0]
    assert view.message == "Ben nimmt freiwillig 6 Deckel (Schock 6 von Anna)"


def test_an_action_the_rules_refuse_reads_in_the_tables_language():
    s = session(dice="table")
    s.handle(Act(Throw((5, 4, 2))))
    s.handle(Act(Stop()))                                    # Anna stops after one throw
    s.handle(Act(Throw((6, 3, 2))))
    before = s.status.state
    s.handle(Act(SetAside((6,))))                            # Ben has no throw left
    assert s.status.state == before
    assert s.play.view(s.status, "en").message == (
        "Not allowed: Ben has no throw left: the starter stopped after 1: stop")
    assert s.play.view(s.status, "de").message == (
        "Nicht erlaubt: Ben hat keinen Wurf mehr: wer die Runde begann, blieb nach dem 1. Wurf "
        "stehen: stehen lassen")
    s.handle(Act(NextGame()))                                # the sheet's own reason
    assert s.play.view(s.status, "en").message == (
        "Not allowed: the game is still on: finish it before the next one")
    assert s.play.view(s.status, "de").message == (
        "Nicht erlaubt: das Spiel läuft noch: erst zu Ende spielen, dann das nächste")


def test_every_german_text_also_exists_in_english():
    from tablegame.families.schocken.texts import TEXTS
    assert set(TEXTS["de"]) == set(TEXTS["en"])


def test_tuermchen_by_hand():
    s = session(dice="table")
    s.handle(Act(Throw((5, 4, 2))))
    s.handle(Act(Tuermchen()))
    assert game(s).turn.throws == 0
    s.handle(Act(Throw((6, 6, 2))))
    s.handle(Act(TurnSixes(1)))
    assert game(s).turn.aside == (1,)


# -- configuration ----------------------------------------------------------------------

def test_a_schocken_sheet_of_three_to_ten_is_configured_and_checked():
    from tablegame.config import ConfigError, parse
    from tablegame.core.games import make_play
    config = parse({"table": {"game": "schocken", "parties": [["Anna"], ["Ben"], ["Cem"]]},
                    "schocken": {"dice": "reader"}})
    assert config["schocken.dice"] == "reader"
    with pytest.raises(ConfigError, match="table.parties: Shove is played by two parties"):
        parse({"table": {"parties": [["Anna"], ["Ben"], ["Cem"]]}})
    with pytest.raises(ConfigError, match="schocken.dice: expected one of 'table', 'reader'"):
        parse({"schocken": {"dice": "cup"}})
    assert make_play(SETUP, {"schocken": {"dice": "reader"}}).dice == "reader"


# -- the desktop hands ------------------------------------------------------------------

def test_desktop_keys_throw_set_aside_turn_sixes_and_knock_over_the_dice():
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from tablegame.families.schocken.hands import DiceTray, SchockenHands

    class Board:
        def __init__(self):
            self.reported = []

        def report(self, reading):
            self.reported.append(reading)

    s = session()
    hands = SchockenHands(s, {"schocken.dice": "reader"}, rng=random.Random(3))
    assert isinstance(hands.world, DiceTray) and hands.world.readings()
    board = Board()
    [handle] = hands.attach(board, display=None)

    def key(k):
        handle(pygame.event.Event(pygame.KEYDOWN, key=k))
        s.handle(board.reported[-1])

    key(pygame.K_t)                                  # a throw of all three dice
    assert game(s).turn.throws == 1
    assert sorted(game(s).turn.lying) == sorted(board.reported[-1].values)
    key(pygame.K_1)                                  # die 1 into the tray
    assert len(game(s).turn.aside) == 1
    key(pygame.K_k)                                  # the rest land as a Türmchen
    assert game(s).turn.throws == 1 and not board.reported[-1].flat
    key(pygame.K_t)
    assert game(s).turn.throws == 2 and len(game(s).turn.lying) == 2
    s = session()                                    # the next evening: sixes
    hands = SchockenHands(s, {"schocken.dice": "reader"})
    [handle] = hands.attach(board, display=None)
    s.handle(hands.world.lay((6, 6, 3)))             # thrown so
    key(pygame.K_s)                                  # a 6 turned into a 1, into the tray
    assert game(s).turn.aside == (1,) and game(s).turn.in_cup == 1
    idle = Board()
    table = SchockenHands(session(dice="table"), {"schocken.dice": "table"})
    [table_handle] = table.attach(idle, display=None)
    table_handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t))
    assert idle.reported == []                       # the rail buttons do everything
