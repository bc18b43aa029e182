"""Issue 22, item 21: after a Shove turn the window says how to clear the board (the next
drag clears it, or key C, which does), and a coin that looks inside a bed but touches a
line is named when it is counted: "Münze in Bett 1 berührt eine Linie"."""
import random

import pygame
import pytest

from table_app.desktop import SwitchingHands
from table_app.service import open_session
from tablegame.config import load
from tablegame.core.events import ButtonPress
from tablegame.core.play import GameSetup
from tablegame.core.sensors import BoardSnapshot, CoinReading
from tablegame.families.shove.referee import touching_lines
from tablegame.texts import say
from tablegame.words.notes import Note
from desk import desktop_table, until  # noqa: E402

HAPENNY = GameSetup("shove-hapenny", (("Anna",), ("Ben",)))


def settled(*coins):
    return BoardSnapshot(tuple(coins), settled=True)


def touching(board, bed):
    """A coin whose centre lies in ``bed``, its far edge over the bed's far line."""
    near, far = board.bed_span(bed)
    return CoinReading(sum(board.lane) / 2, far - board.coin_radius + 1.0)


def test_a_coin_that_looks_in_a_bed_but_touches_its_line_is_named(tmp_path):
    config = load(None)
    session = open_session(config, tmp_path / "t.sqlite", HAPENNY, rng=random.Random(1))
    board = session.play.board
    for event in (ButtonPress("ok"), settled(), settled(touching(board, 1))):
        session.handle(event)
    assert session.status.state.coins_left == 4          # counted, scores nothing
    assert say("de", session.status.note) == (
        "Münze gezählt – noch 4 · Münze in Bett 1 berührt eine Linie: zählt nicht")
    assert say("en", session.status.note).endswith(
        "the coin in bed 1 touches a line: it does not count")
    inside = CoinReading(sum(board.lane) / 2, sum(board.bed_span(3)) / 2)
    session.handle(settled(touching(board, 1), inside))  # a clean coin: nothing more named
    assert say("de", session.status.note).endswith("Münze in Bett 1 berührt eine Linie: zählt nicht")
    assert touching_lines(board, settled(inside)) == ()
    assert touching_lines(board, settled(CoinReading(5.0, sum(board.bed_span(2)) / 2))) == ()
    session.close()


@pytest.mark.parametrize("language, beds, says", [
    ("de", (1, 1), "2 Münzen in Bett 1 berühren eine Linie: zählen nicht"),
    ("de", (1, 2, 5), "3 Münzen in Betten 1, 2, 5 berühren eine Linie: zählen nicht"),
    ("en", (3, 1, 3), "3 coins in beds 1, 3 touch a line: they do not count"),
])
def test_coins_touching_lines_name_each_bed_once_as_a_scored_turn_does(language, beds, says):
    """One message, one way of naming beds: "Betten 3, 4" for the scored turn beside
    "Münzen in Bett 1, 2, 5" read as two grammars (issue 30, item 15)."""
    turn = Note.of("turn_scored", party="Anna", other="Ben", own=(3, 4), given=(), lost=(),
                   sergeants=(), gold_watch=False, tiebreak=False, count=2)
    said = say(language, Note.of("touching_line", news=turn, beds=beds))
    assert said.endswith(" · " + says)
    assert ("Betten 3, 4" if language == "de" else "beds 3, 4") in said


@pytest.fixture
def desk(tmp_path):
    config = load(None, {"table.language": "de"})
    with desktop_table(tmp_path, config, HAPENNY, SwitchingHands) as table:
        yield table


def test_after_a_turn_the_window_says_how_to_clear_and_key_c_clears(desk):
    session, hands, board, display = desk
    handlers = hands.attach(board, display)
    session.handle(ButtonPress("ok"))
    until(session, lambda: session.status.state.cleared)
    geometry = session.play.board
    for i in range(5):                                     # a whole turn of five coins
        before = session.status.actions
        x = geometry.lane[0] + 30 + 50 * i
        board.shoot(_shot(geometry, x))
        until(session, lambda: session.status.actions > before)
    view = hands.dress(session.play.view(session.status, "de"), "de")
    assert view.to_clear > 0 and view.status.startswith("Bitte das Brett abräumen")
    assert view.hint == "Abräumen: der nächste Schub mit der Maus räumt ab, oder Taste C"
    assert any(handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c",
                                         scancode=0)) for handle in handlers)
    until(session, lambda: session.status.state.cleared)      # the board seen empty: Cleared
    assert hands.dress(session.play.view(session.status, "de"), "de").hint != view.hint


def _shot(board, x):
    from tablegame.families.shove.simulation import shot_from_drag
    near, far = board.bed_span(2)
    return shot_from_drag(board, (x, 0.0), (x, (near + far) / 2), 0.25)


def test_a_nudge_the_hand_cannot_make_says_why_on_the_screen(desk, monkeypatch):
    """Key H where the hand cannot nudge (no coin on the board, a coin in the way): the
    screen says why and nothing moves; before, the reason was only in the terminal
    (issue 30, item 2's fault elsewhere: Carrom's striker said nothing either)."""
    from tablegame.display import palette as P
    session, hands, board, display = desk
    handlers = hands.attach(board, display)
    session.handle(ButtonPress("ok"))
    until(session, lambda: session.status.state.cleared)
    display.show(session.play.view(session.status, "de"))
    geometry = session.play.board
    d, y = geometry.coin_diameter, sum(geometry.bed_span(2)) / 2
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: display.to_screen((100.0, y)))
    key_h = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)

    def pressed_h():
        version = session.version
        assert any(handle(key_h) for handle in handlers)
        assert board.wait_idle(2.0) and session.version == version      # nothing moved
        shown = hands.dress(session.play.view(session.status, "de"), "de")
        assert P.PROBLEM in {display.surface.get_at((x, y))[:3] for x, y in
                             zip(range(400, 800, 7), range(100, 480, 5))}   # and drawn
        return shown.problem

    assert pressed_h() == "Keine Münze auf dem Brett, die die Hand schieben könnte (Taste H)"
    table = hands.world._current()
    table.place(100.0, y)
    table.place(100.0 + 1.5 * d, y)            # where the nudge would put the first
    assert pressed_h() == "Dort liegt schon eine Münze: die Hand hat nichts verschoben"
    assert hands.dress(session.play.view(session.status, "en"), "en").problem == \
        "Another coin lies where the hand would nudge this one: nothing moved"
