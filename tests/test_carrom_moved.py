"""Carrom reuses the physics check (issue 12): between two strokes no man may move; a
man that did is named and the foul of ICF 63/64 proposed in words, the foul menu open
on it. The pure function, then a real session (SQLite log in memory)."""
import math
import random
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from tablegame.core.events import ButtonPress
from tablegame.texts import say
from tablegame.families.carrom.physics import CarromBoard, break_setup
from tablegame.core.games import make_play
from tablegame.core.play import GameSetup
from tablegame.families.carrom.moved import men_moved
from tablegame.core.sensors import PiecePocketed, PiecesSnapshot, StrokeStarted
from tablegame.core.session import Session
from tablegame.core.store import EventLog

BOARD = CarromBoard()
R = BOARD.man_diameter / 2
SET_UP = tuple(break_setup(BOARD))


def seen(pieces):
    return PiecesSnapshot(tuple(pieces), True)


def moved_by(pieces, i, dx, dy):
    pieces = list(pieces)
    pieces[i] = replace(pieces[i], x=pieces[i].x + dx, y=pieces[i].y + dy)
    return pieces


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(SET_UP) - 1), st.floats(0, 2 * math.pi), st.floats(1.0, 3.0),
       st.lists(st.tuples(st.floats(-1, 1), st.floats(-1, 1)), min_size=len(SET_UP),
                max_size=len(SET_UP)))
def test_a_man_moved_a_diameter_is_named_and_sensor_error_is_not(i, angle, diameters, noise):
    noisy = [replace(p, x=p.x + dx, y=p.y + dy) for p, (dx, dy) in zip(SET_UP, noise)]
    assert men_moved(seen(SET_UP), seen(noisy), radius=R).plausible  # ±1 mm on every reading
    far = diameters * BOARD.man_diameter
    nudged = moved_by(noisy, i, far * math.cos(angle), far * math.sin(angle))
    check = men_moved(seen(SET_UP), seen(nudged), radius=R)
    if SET_UP[i].kind == "striker":
        assert check.plausible  # the striker is picked up between strokes
    else:
        assert [m.before for m in check.unexplained] == [(SET_UP[i].x, SET_UP[i].y)]


def test_men_that_swap_places_within_a_kind_did_not_move_and_a_man_taken_off_is_not_judged():
    whites = [i for i, p in enumerate(SET_UP) if p.kind == "white"]
    swapped = list(SET_UP)
    swapped[whites[0]], swapped[whites[1]] = SET_UP[whites[1]], SET_UP[whites[0]]
    assert men_moved(seen(SET_UP), seen(swapped), radius=R).plausible  # no identity in a kind
    fewer = [p for i, p in enumerate(SET_UP) if i != whites[0]]
    assert not men_moved(seen(SET_UP), seen(fewer), radius=R).counted


class Table:
    def __init__(self):
        setup = GameSetup("carrom", (("Anna",), ("Ben",)))
        self.s = Session(EventLog(":memory:"), make_play, setup, rng=random.Random(3))
        self.pieces = list(SET_UP)
        self.settle()

    def settle(self):
        self.s.handle(seen(self.pieces))

    def stroke(self, move=10.0, pocket=None):
        """A stroke that knocks the first man on by ``move`` mm and pockets a man of the
        kind ``pocket``, if one is named."""
        self.s.handle(StrokeStarted())
        self.pieces = moved_by(self.pieces, 0, move, 0)
        if pocket is not None:
            i = next(i for i, p in enumerate(self.pieces) if p.kind == pocket and i > 0)
            del self.pieces[i]
            self.s.handle(PiecePocketed(0, pocket))
        self.settle()

    def nudge(self, kind, dx):
        i = next(i for i, p in enumerate(self.pieces) if p.kind == kind)
        self.pieces = moved_by(self.pieces, i, dx, 0)
        self.settle()

    def view(self, language="en"):
        return self.s.play.view(self.s.status, language)


def test_a_man_touched_before_the_breaker_strikes_proposes_a_technical_foul_ok_enters_it():
    t = Table()
    t.nudge("black", BOARD.man_diameter)
    view = t.view()
    assert view.message.startswith("A man moved with no stroke (x ")
    assert view.message.endswith("technical foul by Anna? OK: yes · BACK: no")
    assert t.view("de").message.endswith("technisches Foul von Anna? OK: ja · ZURÜCK: nein")
    assert view.menu[view.menu_index] == "Technical foul: Anna"
    t.s.handle(ButtonPress("ok"))
    assert t.s.status.state.ruling.laws == ("63a",)


def test_a_man_touched_between_strokes_proposes_a_foul_during_the_turn_back_dismisses_it():
    t = Table()
    t.stroke(pocket="white")       # the break pockets a white: Anna plays on
    state = t.s.status.state
    assert state.seat == 0 and not state.board.first_stroke
    t.nudge("queen", 1.5 * BOARD.man_diameter)
    view = t.view()
    assert view.message.startswith("A man moved between two strokes (x ")
    assert view.menu[view.menu_index] == "Foul during the turn: Anna"
    t.s.handle(ButtonPress("back"))  # the players saw no foul: nothing changes
    assert t.s.status.state is state and t.view().menu == ()
    t.settle()                     # the same board seen again: not proposed twice
    assert t.view().menu == ()


def test_a_man_that_moves_during_a_stroke_is_no_foul():
    t = Table()
    t.stroke(move=2 * BOARD.man_diameter)
    assert t.view().menu == () and "moved" not in say("en", t.s.status.note)
